from django.urls import path

from scorepad import views

urlpatterns = [
    path("", views.home, name="home"),
]
