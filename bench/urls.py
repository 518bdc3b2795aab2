"""Scorepad's URLs plus one bare view: the floor the steps' times are compared with."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from scorepad.urls import urlpatterns as scorepad_urls


def floor(request: HttpRequest) -> HttpResponse:
    """The least a request can cost: the whole middleware stack, no query, no template."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [path("bench/floor/", floor, name="bench_floor"), *scorepad_urls]
