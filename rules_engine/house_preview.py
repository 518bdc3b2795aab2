"""The house rules as the setup and the table show them: each game's presets, the
preview of a bidder's scores, and the short line of the rules in play."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from .core import RoundContext
from .errors import RulesError
from .games import GAMES
from .house_rules import LEADER, hands
from .messages import Message, Term, written
from .options import AS_RULED, Preset
from .record import new_record


def presets(game: str, players: int | None = None) -> tuple[Preset, ...]:
    """The named sets of house rules offered for ``game`` (none for the others).

    Their hands are dealt for ``players`` where they depend on it (Boerenbridge's
    patterns, Skull King's schedules); not given, as the game offers them alone.
    """
    rules = GAMES.get(game)
    return () if rules is None else rules.presets(players)


def preset(game: str, key: str, players: int | None = None) -> Preset:
    for found in presets(game, players):
        if found.key == key:
            return found
    raise RulesError(Message("no_preset", key=written(key), game=game))


PREVIEW_BIDS = (0, 1, 2, 3)
PREVIEW_TRICKS = (0, 1, 2, 3, 4)


class _ScoresBidders(Protocol):
    def bidder_score(self, ctx: RoundContext, bid: int, tricks: int) -> int: ...


@dataclass(frozen=True)
class ScoreTable:
    """A bidder's score for bids 0..3 against tricks 0..4, and the hands dealt.

    ``scores[bid][tricks]``; worked out for a hand of ``hand_size`` cards (the
    game's largest) and ``players`` players, since an expression may use h and n.
    """

    hands: tuple[int, ...]
    repeats: bool  # Boerenbridge plays its list over and over
    hand_size: int
    players: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    scores: tuple[tuple[int, ...], ...]


def score_table(game: str, options: Mapping[str, object], players: int) -> ScoreTable:
    """The preview of a set of house rules, or the engine's RulesError refusing them."""
    record = new_record(game, [f"Player {seat + 1}" for seat in range(players)], 0, options)
    rules, setup = record.rules, record.setup
    count = rules.round_count(setup)
    listed = hands(setup)
    if count is None:
        sizes = listed if listed is not None else (rules.hand_size(setup, 0),)
    else:
        sizes = tuple(rules.hand_size(setup, index) for index in range(count))
    largest = max(sizes)
    ctx = RoundContext(setup, 0, largest, tuple(0 for _ in range(players)))
    scorer: _ScoresBidders = rules  # type: ignore[assignment]
    scores = tuple(
        tuple(scorer.bidder_score(ctx, bid, taken) for taken in PREVIEW_TRICKS)
        for bid in PREVIEW_BIDS
    )
    return ScoreTable(sizes, count is None, largest, players, PREVIEW_BIDS, PREVIEW_TRICKS, scores)


def _hands_text(sizes: Sequence[int]) -> str:
    shown = [str(size) for size in sizes]
    if len(shown) > 9:
        shown = [*shown[:4], "…", *shown[-3:]]
    return " ".join(shown)


def rules_in_play(game: str, options: Mapping[str, object], players: int | None = None) -> str:
    """The short line the table and the score sheet show: which rules are in play.

    Empty for games without house rules; "As ruled", a preset's name, or the house
    rules in a few words. ``players``: how many play (presets' hands depend on it);
    not given, a preset for any count is recognised.
    """
    rules = GAMES.get(game)
    if rules is None or not rules.has_house_rules:
        return ""
    counts = range(rules.min_players, rules.max_players + 1) if players is None else (players,)
    for found in (found for count in counts for found in presets(game, count)):
        if dict(found.options) == dict(options):
            if found.key == AS_RULED:
                return Message("rules_as_ruled")
            # A name with a number in it ("1 to 10 and back") is a message of its own,
            # said in the page's language as it is; a plain name is a catalogue word.
            name = found.name if isinstance(found.name, Message) else Term(found.name)
            return Message("rules_preset", name=name)
    house = {o.name: options[o.name] for o in rules.options if o.house_rule and o.name in options}
    if not house:
        return Message("rules_as_ruled")
    parts: list[str] = []
    listed = house.get("hands")
    if isinstance(listed, list | tuple):
        again = "rules_hands_again" if rules.repeats(options) else "rules_hands"
        parts.append(Message(again, hands=_hands_text(listed)))
    if "hook" in house:
        hook = {"on": "rules_hook", LEADER: "rules_hook_leader"}.get(str(house["hook"]))
        parts.append(Message(hook or "rules_no_hook"))
    if "hook_from" in house and house.get("hook") != "off":
        parts.append(Message("rules_hook_from", cards=str(house["hook_from"])))
    if "made" in house:
        parts.append(
            Message("rules_made_missed", made=str(house["made"]), missed=str(house.get("missed")))
        )
    if "target" in house:
        parts.append(Message("goal_to", target=str(house["target"])))
    if "sit_out" in house:
        sit_out = house["sit_out"]
        parts.append(
            Message("rules_nobody_sits_out")
            if sit_out is None
            else Message("rules_sit_out_from", points=str(sit_out))
        )
    if house.get("bounce") is False:
        parts.append(Message("rules_no_bounce"))
    if house.get("end") == "hands":  # Boerenbridge of fixed length
        parts.append(Message("rules_end_hands"))
    if house.get("bonus_on_miss") is True:  # Skull King
        parts.append(Message("rules_bonus_on_miss"))
    bidding = next((o.default for o in rules.options if o.name == "bidding"), "open")
    if house.get("bidding", bidding) != bidding:  # sealed, or Skull King's bids open
        parts.append(Message("rules_sealed" if house["bidding"] == "sealed" else "rules_open"))
    if not parts:
        return Message("rules_as_ruled")  # only options at their defaults ("bidding: open")
    return Message("rules_house", parts=tuple(parts))
