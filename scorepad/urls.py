from django.urls import path

from scorepad import views

urlpatterns = [
    path("", views.home, name="home"),
    path("new/<slug:game>/", views.new_game, name="new_game"),
    path("g/<str:key>/", views.game_table, name="table"),
    path("g/<str:key>/enter/", views.enter, name="enter"),
    path("g/<str:key>/undo/", views.undo_step, name="undo"),
    path("g/<str:key>/correct/", views.correct, name="correct"),
    path("g/<str:key>/sheet/", views.sheet, name="sheet"),
    path("g/<str:key>/record.json", views.record_json, name="record"),
]
