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
    path("g/<str:key>/sheet.pdf", views.sheet_pdf, name="sheet_pdf"),
    path("print/<slug:game>/", views.blank_sheet, name="blank_sheet"),
    path("print/<slug:game>/pdf", views.blank_sheet_pdf, name="blank_sheet_pdf"),
    path("games/", views.history, name="history"),
    path("players/<path:name_key>/", views.player, name="player"),
    path("games/export.json", views.export_all, name="export_all"),
    path("games/import/", views.import_games, name="import_games"),
    path("g/<str:key>/qr.svg", views.viewer_qr, name="viewer_qr"),
    path("v/<str:viewer_key>/", views.viewer, name="viewer"),
    path("accounts/signup/", views.sign_up, name="signup"),
    path("accounts/login/", views.log_in, name="login"),
    path("accounts/logout/", views.log_out, name="logout"),
]
