from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from rules_engine import GAMES
from scorepad.http import HtmxHttpRequest


@require_GET
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The games Scorepad keeps score for, with their player counts and options."""
    return render(request, "home.html", {"games": GAMES.values()})
