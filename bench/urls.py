"""Scorepad's URLs plus the floors the steps' times are compared with.

The bare view is the least a request can cost. The Django floor is the least a
tap's work can cost in Django: one ORM read of the game row, one UPDATE of it,
and a 3 KB fragment rendered with the request's context (the CSRF token too).
"""

from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import path
from django.utils import timezone
from django.views.decorators.http import require_POST

from scorepad.models import Game
from scorepad.urls import urlpatterns as scorepad_urls

# About the size of a tap's htmx swap (3 KB), with a loop over the players and
# the form a tap answers with, as the table fragment has.
FRAGMENT = engines["django"].from_string(
    '<section id="table" class="table" aria-live="polite" hx-target="#table"'
    ' hx-swap="outerHTML">\n'
    '<header class="round"><h2>{{ game.kind }}</h2><p>Version {{ game.version }}</p></header>\n'
    '<div class="step" id="step"><form method="post" action="/g/{{ game.key }}/enter/"'
    ' hx-post="/g/{{ game.key }}/enter/">{% csrf_token %}'
    '<input type="hidden" name="version" value="{{ game.version }}">'
    '<input type="hidden" name="kind" value="bid"><h2 class="prompt">Next</h2>'
    '<div class="choices">{% for n in choices %}<button name="value" value="{{ n }}">'
    "{{ n }}</button>{% endfor %}</div></form></div>\n"
    '<table class="totals"><caption>Totals</caption><thead><tr><th scope="col">Player</th>'
    '<th scope="col">Bid</th><th scope="col">Tricks</th><th scope="col">Total</th></tr>'
    "</thead><tbody>\n"
    '{% for name in players %}<tr><th scope="row">{{ name }}</th><td></td><td></td>'
    '<td class="num">0</td></tr>\n{% endfor %}</tbody></table>\n'
    "{{ filler }}\n"
    '<nav class="actions"><a class="button secondary" href="/g/{{ game.key }}/sheet/">'
    "Score sheet</a></nav></section>\n"
)
FILLER = "<p class='muted'>" + "A few words of the table as the fragment shows them. " * 30 + "</p>"


@require_POST
def django_floor(request: HttpRequest, key: str) -> HttpResponse:
    game = Game.objects.get(key=key)
    Game.objects.filter(pk=game.pk).update(updated=timezone.now())
    context = {
        "game": game,
        "players": game.record["players"],
        "choices": range(14),
        "filler": FILLER,
    }
    return HttpResponse(FRAGMENT.render(context, request))


def floor(request: HttpRequest) -> HttpResponse:
    """The least a request can cost: the whole middleware stack, no query, no template."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/floor/", floor, name="bench_floor"),
    path("bench/django-floor/<str:key>/", django_floor, name="bench_django_floor"),
    *scorepad_urls,
]
