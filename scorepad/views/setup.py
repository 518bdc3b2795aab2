"""Starting a game: options, players in seat order, who deals first."""

from __future__ import annotations

import dataclasses
import random

from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from rules_engine import GAMES, GameRules, draw_for_dealer
from scorepad.access import remember
from scorepad.forms import MAX_NAME, SetupForm
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game
from scorepad.views.players import roster


def _rules(game: str) -> GameRules:
    if game not in GAMES:
        raise Http404("Scorepad does not keep score for that game.")
    return GAMES[game]


def _picked(names: list[str], name: str, rules: GameRules) -> list[str]:
    """The list with a roster name in its first empty row (or a new row), once only."""
    name = name.strip()[:MAX_NAME]
    if not name or name.casefold() in {n.strip().casefold() for n in names}:
        return names
    if "" in names:
        names[names.index("")] = name
        return names
    return [*names, name] if len(names) < rules.max_players else names


def _edited(names: list[str], action: str, rules: GameRules) -> list[str]:
    """The player list after an add, remove, move or pick button (no JavaScript needed)."""
    verb, _, where = action.partition("-")
    if verb == "pick":
        return _picked(names, where, rules)
    index = int(where) if where.isdigit() else -1
    if verb == "add" and len(names) < rules.max_players:
        return [*names, ""]
    if not 0 <= index < len(names):
        return names
    if verb == "remove" and len(names) > 1:
        return names[:index] + names[index + 1 :]
    if verb == "up" and index > 0:
        names[index - 1], names[index] = names[index], names[index - 1]
    if verb == "down" and index < len(names) - 1:
        names[index + 1], names[index] = names[index], names[index + 1]
    return names


def _page(
    request: HtmxHttpRequest,
    form: SetupForm,
    names: list[str],
    status: int = 200,
    dealer: str = "draw",
    part: str = "setup-form",
) -> HttpResponse:
    """The setup page, or with htmx only its ``part``; ``dealer`` is the choice to keep."""
    rules = form.rules
    template = f"setup.html#{part}" if request.htmx else "setup.html"
    known = roster(request)
    typed = {name.strip().casefold() for name in names}
    context = {
        "roster": [name for key, name in known],
        "to_pick": [name for key, name in known if key not in typed],
        "rules": rules,
        "form": form,
        "names": names,
        "dealer": dealer if dealer.isdigit() and int(dealer) < len(names) else "draw",
        "can_add": len(names) < rules.max_players,
        "out_of_band": part == "dealer-names",
    }
    return render(request, template, context, status=status)


@require_http_methods(["GET", "POST"])
def new_game(request: HtmxHttpRequest, game: str) -> HttpResponse:
    rules = _rules(game)
    if request.method == "GET":
        count = max(rules.min_players, min(4, rules.max_players))
        return _page(request, SetupForm(rules), [""] * count)
    form = SetupForm(rules, request.POST)
    names = form.names() or [""] * rules.min_players
    action = str(request.POST.get("action", "start"))
    dealer = str(request.POST.get("first_dealer", "draw"))
    if action != "start":
        # Editing the list redraws the form with what was typed; nothing is saved,
        # and nothing is checked yet: an unbound form shows no errors. The dealer
        # picked is kept unless seats moved, when the same place is someone else.
        typed = {name: request.POST.get(name) for name in form.fields if name.startswith("option_")}
        unbound = SetupForm(rules, initial=typed)
        if action == "dealers":
            # A name was typed: the dealer choices' names again (htmx; else the page).
            return _page(request, unbound, names, dealer=dealer, part="dealer-names")
        kept = dealer if action == "add" or action.startswith("pick-") else "draw"
        return _page(request, unbound, _edited(names, action, rules), dealer=kept)
    if not form.is_valid():
        return _page(request, form, names, status=400, dealer=dealer)
    record = form.cleaned_data["record"]
    dealer_draw = None
    if form.cleaned_data["draw"]:
        draw = draw_for_dealer(rules, len(record.players), random.SystemRandom())
        record = dataclasses.replace(record, first_dealer=draw.dealer)
        dealer_draw = [
            [{"seat": seat, "card": card.label} for seat, card in round_] for round_ in draw.draws
        ]
    owner = request.user if request.user.is_authenticated else None
    created = Game.start(record, owner=owner, dealer_draw=dealer_draw)
    remember(request, created)
    url = reverse("table", args=[created.key])
    if request.htmx:
        # The whole page changes, and its address must become the game's link:
        # htmx would follow a redirect and swap the table into the setup form.
        return HttpResponseClientRedirect(url)
    return HttpResponseRedirect(url, status=303)
