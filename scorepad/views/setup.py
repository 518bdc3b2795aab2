"""Starting a game: options, players in seat order, who deals first."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from rules_engine import (
    GAMES,
    MAX_NAME,
    GameRules,
    Message,
    Record,
    ScoreTable,
    Setup,
    draw_for_dealer,
    score_table,
)
from rules_engine.options import AS_RULED
from scorepad.engine_words import translated
from scorepad.forms import (
    ID_DIGITS,
    OWN,
    SAVED,
    RulesNameForm,
    SavedRules,
    SetupAction,
    SetupActionForm,
    SetupForm,
    small_number,
)
from scorepad.guards import throttle
from scorepad.guards.access import browser_key, remember
from scorepad.http import HtmxHttpRequest
from scorepad.models import Game, HouseRules
from scorepad.saved_rules import find_set, save_set, saved_for_form
from scorepad.views.players import roster

# The buttons of the Rules fieldset; rename-<id> and delete-<id> name a saved set.
Preview = tuple[ScoreTable | None, str]


def _rules(game: str) -> GameRules:
    if game not in GAMES:
        raise Http404(gettext("Scorepad does not keep score for that game."))
    return GAMES[game]


def _picked(names: list[str], name: str, most: int) -> list[str]:
    """The list with a roster name in its first empty row (or a new row), once only."""
    name = name.strip()[:MAX_NAME]
    if not name or name.casefold() in {n.strip().casefold() for n in names}:
        return names
    if "" in names:
        names[names.index("")] = name
        return names
    return [*names, name] if len(names) < most else names


def _edited(names: list[str], action: SetupAction, most: int) -> list[str]:
    """The player list after an add, remove, move or pick button (no JavaScript needed).

    ``most``: the most players the rules chosen allow (Boerenbridge's open up with
    hands of the family's own)."""
    verb, where = action.verb, action.target
    if verb == "pick":
        return _picked(names, where, most)
    index = small_number(where)
    index = -1 if index is None else index
    if verb == "add" and len(names) < most:
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
    preview: Preview | None = None,
    rules_error: str = "",
    own_errors: dict[str, list[str]] | None = None,
) -> HttpResponse:
    """The setup page, or with htmx only its ``part``; ``dealer`` is the choice to keep.

    ``preview`` is the chosen rules' score table (or why they fail); ``rules_error``
    a refusal of a Rules button (saving a set, filling in the hands); ``own_errors``
    our own rules' refusals, each shown beside its field (with the preview, out of
    band, when htmx asks for the preview alone).
    """
    rules = form.rules
    template = f"setup.html#{part}" if request.htmx else "setup.html"
    known = roster(request)
    typed = {name.strip().casefold() for name in names}
    row = small_number(dealer)
    allowed = form.player_range()  # Boerenbridge's opens up with hands of one's own
    context = {
        "roster": [name for key, name in known],
        "to_pick": [name for key, name in known if key not in typed],
        "rules": rules,
        "form": form,
        "names": names,
        "dealer": dealer if row is not None and row < len(names) else "draw",
        "can_add": len(names) < allowed[1],
        "player_counts": _counts(allowed),
        "out_of_band": part == "dealer-names",
        "out_of_band_rules": part == "rules-preview",
        "preview": None,
        "preview_error": "",
        "rules_error": rules_error,
        "own_errors": own_errors if own_errors is not None else form.own_errors(),
        "partners": _partners(rules, names),
    }
    if form.has_house_rules:
        table, error = preview or (score_table(rules.key, {}, rules.usual_players), "")
        if form.is_bound and error in form.non_field_errors():
            error = ""  # said once, at the top of the form
        context.update(preview=table, preview_error=error, preview_rows=_rows(table))
        if table is not None:
            context["preview_tricks"] = [n for n in table.tricks if n <= table.hand_size]
    return render(request, template, context, status=status)


def _partners(rules: GameRules, names: list[str]) -> str:
    """The teams as the players sit ("Ann & Cat against Bob & Dev"), in a game played
    by partners with its players all in place; "" otherwise."""
    shown = tuple(
        name.strip() or gettext("Player %(seat)s") % {"seat": seat + 1}
        for seat, name in enumerate(names)
    )
    teams = rules.partnerships(Setup(rules.key, {}, shown, 0))
    if teams is None or sorted(s for team in teams.teams for s in team) != list(range(len(shown))):
        return ""
    return teams.against(shown)


def _counts(allowed: tuple[int, int]) -> str:
    """How many may play by the rules chosen, as the players' legend says it: "4", "3 to 7"."""
    least, most = allowed
    return (
        str(least)
        if least == most
        else translated(Message("players_from_to", least=least, most=most))
    )


def _rows(table: ScoreTable | None) -> list[dict[str, Any]]:
    """The preview's rows: a bid, then its score for each number of tricks taken, as
    far as the hand it is worked out for goes (no 4 tricks taken of 3 cards)."""
    if table is None:
        return []
    return [
        {
            "bid": bid,
            "cells": [
                {"score": score, "made": bid == taken}
                for taken, score in zip(table.tricks, scores, strict=True)
                if taken <= table.hand_size
            ],
        }
        for bid, scores in zip(table.bids, table.scores, strict=True)
        if bid <= table.hand_size
    ]


def _typed(request: HtmxHttpRequest, form: SetupForm) -> dict[str, Any]:
    """What was posted for every field but the players', to draw the form again."""
    skip = ("player", "first_dealer", "action")
    return {name: request.POST.get(name) for name in form.fields if name not in skip}


@dataclass(frozen=True)
class _Posted:
    """A setup POST as every button's handler reads it: the game's rules, the form
    (bound to the post, built once here), the players' rows, the dealer picked and the
    button pressed (``action.target``: a row, a saved set, a roster name)."""

    request: HtmxHttpRequest
    rules: GameRules
    saved: list[SavedRules]
    form: SetupForm
    names: list[str]
    dealer: str
    action: SetupAction

    def typed(self) -> dict[str, Any]:
        return _typed(self.request, self.form)


# --- The Rules fieldset's buttons: each says what changes in the form drawn again,
# and why it refused, if it did (``_rules_page`` draws the answer). ---------------------
RulesChange = tuple[dict[str, Any], str]


def _preview(posted: _Posted) -> RulesChange:
    return {}, ""


def _preview_own(posted: _Posted) -> RulesChange:
    """A field of our own rules was changed: play by them from now on."""
    return {"rules": OWN}, ""


def _pattern(posted: _Posted) -> RulesChange:
    """Fill in the hands from a start, a peak and an end."""
    try:
        return {"option_hands": posted.form.pattern(), "rules": OWN}, ""
    except ValidationError as refused:
        return {}, " ".join(refused.messages)


def _save_rules(posted: _Posted) -> RulesChange:
    named = RulesNameForm({"name": posted.request.POST.get("rules_name", "")})
    try:
        options = posted.form.rules_to_save()
        if not named.is_valid():
            raise ValidationError(list(named.errors["name"]))
        kept = save_set(posted.request, posted.rules.key, named.cleaned_data["name"], options)
    except ValidationError as refused:
        return {}, " ".join(refused.messages)
    return {"rules": f"{SAVED}{kept.pk}", "rules_name": ""}, ""


def _edit_rules(posted: _Posted) -> RulesChange:
    """The rules chosen, written out in our own rules' fields to change."""
    form = posted.form
    try:
        if "option_hands" in form.errors:  # unreadable: the field cleaned it away
            raise ValidationError(list(form.errors["option_hands"]))
        chosen = form.house_options(getattr(form, "cleaned_data", {}))
    except ValidationError as refused:  # our own rules, with hand sizes unreadable
        return {}, " ".join(refused.messages)
    return form.own_initial(chosen), ""


def _saved_set(posted: _Posted) -> HouseRules | None:
    number = small_number(posted.action.target, digits=ID_DIGITS)
    return None if number is None else find_set(posted.request, posted.rules.key, number)


def _rename(posted: _Posted) -> RulesChange:
    found = _saved_set(posted)
    ident = posted.action.target
    named = RulesNameForm({"name": posted.request.POST.get(f"name-{ident}", "")})
    if found is None:
        return {}, gettext("Those saved rules are gone.")
    if not named.is_valid():
        return {}, " ".join(str(message) for message in named.errors["name"])
    found.name = named.cleaned_data["name"]
    found.save(update_fields=["name"])
    return {}, ""


def _delete(posted: _Posted) -> RulesChange:
    found = _saved_set(posted)
    if found is None:
        return {}, gettext("Those saved rules are gone.")
    found.delete()
    if posted.request.POST.get("rules") == f"{SAVED}{posted.action.target}":
        return {"rules": AS_RULED}, ""
    return {}, ""


RULES_BUTTONS: dict[str, Callable[[_Posted], RulesChange]] = {
    "preview": _preview,
    "preview-own": _preview_own,
    "pattern": _pattern,
    "save-rules": _save_rules,
    "edit-rules": _edit_rules,
    "rename": _rename,
    "delete": _delete,
}


def _rules_page(posted: _Posted) -> HttpResponse:
    """A button of the Rules fieldset: preview, fill in the hands, save, rename, delete.

    The form is drawn again with what was typed and what the button changed (its
    errors not shown: nothing else is checked); a refusal is shown in the Rules
    fieldset and changes nothing.
    """
    request, rules, form = posted.request, posted.rules, posted.form
    if not form.has_house_rules:
        # No page of ours offers these buttons for this game: a crafted post.
        form.is_valid()
        form.add_error(None, gettext("%(game)s has no house rules.") % {"game": rules.title})
        return _page(request, form, posted.names, status=400, dealer=posted.dealer)
    form.is_valid()  # the fields that clean, for the buttons
    changed, error = RULES_BUTTONS[posted.action.verb](posted)
    # The saved sets as the button left them.
    form.retype(posted.typed() | changed, saved=saved_for_form(request, rules.key))
    preview, own_errors = form.preview(), form.own_errors()
    form.draw_again(rows=len(posted.names))
    # htmx asks a preview for the fragment alone (with the rules' choices, out of
    # band, when our own rules were just chosen by typing in them). The answer is
    # what the request swaps: the preview only where htmx targets the preview, else
    # the whole form, so that no button can put a preview where the form was.
    targets_preview = request.htmx and request.htmx.target == "rules-preview"
    previews = posted.action.verb.startswith("preview")
    part = "rules-preview" if targets_preview and previews else "setup-form"
    return _page(
        request,
        form,
        posted.names,
        400 if error else 200,
        posted.dealer,
        part,
        preview=preview,
        rules_error=error,
        own_errors=own_errors,
    )


# --- The players' rows and the start ---------------------------------------------------


def _dealers(posted: _Posted) -> HttpResponse:
    """A name was typed: the dealer choices' names again (htmx; else the page)."""
    posted.form.draw_again(rows=len(posted.names))
    return _page(
        posted.request, posted.form, posted.names, dealer=posted.dealer, part="dealer-names"
    )


def _players(posted: _Posted) -> HttpResponse:
    """Editing the list (add, pick, remove, up, down; or a value no button sends)
    redraws the form with what was typed; nothing is saved, and nothing is checked yet:
    the form drawn again shows no errors. The dealer picked is kept unless seats moved, when
    the same place is someone else."""
    form, action = posted.form, posted.action
    kept = posted.dealer if action.verb in ("add", "pick") else "draw"
    edited = _edited(posted.names, action, form.player_range()[1])
    # Rules that cannot be played by the rows now shown give way to a preset that
    # can (Boerenbridge for five: its hands for five), and back.
    typed = posted.typed() | form.for_count(len(edited))
    # Our own rules' refusals stay beside their fields while the players change.
    own_errors = form.own_errors()
    # The presets deal their hands for the rows now shown, and so does the preview:
    # a player removed deals other hands.
    form.retype(typed)
    preview = form.preview(seats=len(edited))
    form.draw_again(rows=len(edited))
    return _page(posted.request, form, edited, dealer=kept, preview=preview, own_errors=own_errors)


def _start(posted: _Posted) -> HttpResponse:
    """Start: the form checked whole (the engine checks the record), the game stored
    once for the form's token, then its table."""
    request, rules, form = posted.request, posted.rules, posted.form
    if not form.is_valid():
        return _page(
            request, form, posted.names, status=400, dealer=posted.dealer, preview=form.preview()
        )
    too_many = throttle.refused(throttle.new_games(), request)
    if too_many:
        return too_many
    record = form.cleaned_data["record"]
    dealer_draw = None
    if form.cleaned_data["draw"]:
        draw = draw_for_dealer(rules, len(record.players), random.SystemRandom())
        record = dataclasses.replace(record, first_dealer=draw.dealer)
        dealer_draw = [
            # The card as English words (older games keep only these) and as its rank
            # and suit, so the table can say it in the page's language.
            [
                {"seat": seat, "card": str(card.label), "rank": card.rank, "suit": card.suit}
                for seat, card in round_
            ]
            for round_ in draw.draws
        ]
    owner = request.user if request.user.is_authenticated else None
    saved_set = form.chosen_saved()
    rules_name = saved_set.name if saved_set is not None else ""
    token = form.cleaned_data["start_token"]
    # The token is this browser's: another browser posting it (copied from this page)
    # starts a game of its own, and is never sent into this one's.
    once = f"{browser_key(request)}:{token}" if token else ""
    created = _start_once(once, record, owner, dealer_draw, rules_name)
    remember(request, created)
    url = reverse("table", args=[created.key])
    if request.htmx:
        # The whole page changes, and its address must become the game's link:
        # htmx would follow a redirect and swap the table into the setup form.
        return HttpResponseClientRedirect(url)
    return HttpResponseRedirect(url, status=303)


class _StartedAlready(Exception):
    pass


def _start_once(
    token: str, record: Record, owner: Any, dealer_draw: Any, rules_name: str = ""
) -> Game:
    """The game, stored whole or not at all, and once for the form's token.

    A second "Start" from the same form (a double tap) waits for the first to commit,
    finds its token taken, and answers with the first one's game.
    """
    try:
        with transaction.atomic():
            game = Game.start(record, owner=owner, dealer_draw=dealer_draw, rules_name=rules_name)
            if token and not cache.add(f"started:{token}", game.key, timeout=60 * 60):
                raise _StartedAlready
            return game
    except _StartedAlready:
        first = Game.objects.filter(key=cache.get(f"started:{token}") or "").first()
        # Gone already (deleted, or the cache emptied): start it after all.
        return first or _start_once("", record, owner, dealer_draw, rules_name)


@require_http_methods(["GET", "POST"])
def new_game(request: HtmxHttpRequest, game: str) -> HttpResponse:
    """The setup page; a POST is one of its buttons, each a small handler of its own."""
    rules = _rules(game)
    saved = saved_for_form(request, rules.key)
    if request.method == "GET":
        count = rules.usual_players
        return _page(request, SetupForm(rules, saved=saved), [""] * count)
    form = SetupForm(rules, request.POST, saved=saved)
    action = SetupActionForm(request.POST).button()
    dealer = str(request.POST.get("first_dealer", "draw"))
    names = form.names() or [""] * rules.min_players
    posted = _Posted(request, rules, saved, form, names, dealer, action)
    if action.for_rules:
        return _rules_page(posted)
    if action.verb == "start":
        return _start(posted)
    if action.verb == "dealers":
        return _dealers(posted)
    return _players(posted)
