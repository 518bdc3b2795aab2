"""Play again: a finished game's players and rules at a new table, the deal moved on;
the players' own phones follow, each to its seat at the new game."""

from __future__ import annotations

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from rules_engine import RulesError, new_record, review
from scorepad import play
from scorepad.engine_words import translated
from scorepad.guards import throttle
from scorepad.guards.access import keeper_game, remember
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game
from scorepad.result import again_seats
from scorepad.screens.table import current_table, table_context

# This browser's finished games it has played again, and the game each led to
# (the latest few: enough to catch a second tap, or the back button).
SESSION_AGAIN = "played_again"
SESSION_AGAIN_KEPT = 20
NOT_OVER = gettext_noop("This game is not over yet: play it to the end, then play again.")


def _refused(request: HtmxHttpRequest, game: Game, message: str) -> HttpResponse:
    """The table as it stands, with why there is no new game (the table's own refusal)."""
    current, _ = current_table(game)
    template = "table.html#table" if request.htmx else "table.html"
    return render(request, template, table_context(game, current, message), status=400)


def _going(request: HtmxHttpRequest, url: str) -> HttpResponse:
    # With htmx the whole page changes, and its address must become the new game's link.
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return HttpResponseRedirect(url, status=303)


@require_POST
def play_again(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The same players in the same seats, the same options; the next seat deals first.
    Where players came and went, those at the table in the last round play again.

    The new game is owned as setup owns one: by whoever is signed in, else by the
    old game's owner, and it is remembered in this browser either way. A second
    tap (or the button pressed again later) leads to the game the first one made.
    """
    game = keeper_game(request, key)
    record, _ = game.load()
    if not review(record).finished:
        return _refused(request, game, gettext(NOT_OVER))
    made: dict[str, str] = request.session.get(SESSION_AGAIN) or {}
    earlier = made.get(game.key)
    if earlier and Game.objects.filter(key=earlier).exists():
        return _going(request, reverse("table", args=[earlier]))
    # Those at the table in the last round, in their seats (RULINGS, "Players come and
    # go"): everyone, where nobody left.
    players, dealer = again_seats(record, review(record))
    try:
        again = new_record(record.game, players, dealer, record.options)
    except RulesError as error:  # a record stored before a rule changed
        return _refused(request, game, translated(error.message))
    too_many = throttle.refused(throttle.new_games(), request)
    if too_many:
        return too_many
    owner = request.user if request.user.is_authenticated else game.owner
    # The same rules by the same name: "Grandma's rules" again, not the rules in words.
    created = Game.start(again, owner=owner, rules_name=game.rules_name)
    # The players' own phones come along, each to its seat at the new game.
    play.seats_follow(game, created)
    remember(request, created)
    kept = [*((old, new) for old, new in made.items() if old != game.key), (game.key, created.key)]
    request.session[SESSION_AGAIN] = dict(kept[-SESSION_AGAIN_KEPT:])
    return _going(request, reverse("table", args=[created.key]))
