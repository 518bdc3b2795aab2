"""House rules: the options shared by Oh Hell, Boerenbridge and Brink Bid, and presets.

RULINGS.md, "House rules": ``hands`` (one hand size a round), ``hook`` and
``hook_from``, ``scoring: custom`` with the ``made`` and ``missed`` expressions,
``bidding`` (open or sealed); Boerenbridge's ``target``, ``sit_out`` and
``bounce``. Left out, every option keeps the game as ruled. The presets are named
sets of these options that the setup screen offers, each from a public source.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .core import RoundContext, Setup
from .errors import RulesError
from .expressions import Expression, scorer
from .messages import Term, say
from .options import Option, OptionChoice, OptionValue

GAMES_WITH_HOUSE_RULES = ("oh-hell", "boerenbridge", "brink-bid")
CARDS_IN_PACK = 52
MOST_HAND_FROM = 60

CUSTOM = "custom"
CUSTOM_CHOICE = OptionChoice(CUSTOM, "Our own: the made and missed expressions below")


def most_cards(game: str, players: int) -> int:
    """The largest hand the pack allows: Oh Hell turns one card up for trump."""
    pack = CARDS_IN_PACK - 1 if game == "oh-hell" else CARDS_IN_PACK
    return pack // players


def hands_option(replaces: str | None) -> Option:
    help_text = "One hand size a round, from 1 card up to what the pack allows."
    if replaces is not None:
        help_text += f" Replaces the {replaces.replace('_', ' ')}."
    return Option(
        "hands",
        "Hand sizes",
        help_text,
        "hands",
        None,
        excludes=(replaces,) if replaces is not None else (),
        house_rule=True,
    )


def scoring_option(standard: str) -> Option:
    """Boerenbridge's and Brink Bid's ``scoring``: the game as ruled (``standard``, said
    in a line) or our own made and missed expressions."""
    return Option(
        "scoring",
        "Scoring",
        "What a made or missed bid is worth.",
        "choice",
        "standard",
        (OptionChoice("standard", standard), CUSTOM_CHOICE),
        house_rule=True,
    )


def hook_option(default: str) -> Option:
    return Option(
        "hook",
        "Hook",
        "The dealer may not bid what makes the bids add up to the cards dealt.",
        "choice",
        default,
        (OptionChoice("on", "On"), OptionChoice("off", "Off")),
        house_rule=True,
    )


HOOK_FROM = Option(
    "hook_from",
    "Hook from",
    "The hook holds only in rounds of at least this many cards.",
    "int",
    1,
    minimum=1,
    maximum=MOST_HAND_FROM,
    house_rule=True,
)
MADE = Option(
    "made",
    "Made",
    "The score of a bidder who took exactly their bid (with scoring: custom).",
    "expression",
    None,
    house_rule=True,
)
MISSED = Option(
    "missed",
    "Missed",
    "The score of a bidder who did not (with scoring: custom).",
    "expression",
    None,
    house_rule=True,
)
TARGET = Option(
    "target",
    "Target",
    "The total that wins.",
    "int",
    100,
    minimum=10,
    maximum=1000,
    house_rule=True,
)
SIT_OUT = Option(
    "sit_out",
    "Sit out from",
    "A player on this total or more at the start of a round does not bid (empty: nobody).",
    "int",
    80,
    minimum=1,
    maximum=1000,
    nullable=True,
    house_rule=True,
)
BOUNCE = Option(
    "bounce",
    "Bounce",
    "Over the target, the excess is taken off it and only exactly the target wins; "
    "without it, the first round to reach the target ends the game.",
    "bool",
    True,
    house_rule=True,
)

# RULINGS, "House rules", ``bidding``: stored, and scored as open bids. Sealed bids
# are the same bids, shown together; the table asks for them in its own way.
BIDDING = Option(
    "bidding",
    "Bidding",
    "Open: bids are seen as they are made. Sealed: given unseen, shown together.",
    "choice",
    "open",
    (OptionChoice("open", "Open"), OptionChoice("sealed", "Sealed")),
    house_rule=True,
)


def setting(setup: Setup, option: Option) -> OptionValue:
    """An option's value, its default where a setup was built without it."""
    return setup.options.get(option.name, option.default)


def hands(setup: Setup) -> tuple[int, ...] | None:
    value = setup.options.get("hands")
    return value if isinstance(value, tuple) else None


def hook_holds(ctx: RoundContext, default: str) -> bool:
    """Whether the dealer is hooked this round: hook on, and H at least ``hook_from``."""
    if ctx.setup.options.get("hook", default) != "on":
        return False
    start = setting(ctx.setup, HOOK_FROM)
    return not isinstance(start, int) or ctx.hand_size >= start


def custom_scoring(setup: Setup) -> tuple[Expression, Expression] | None:
    """The made and missed expressions, where the scoring is ``custom``."""
    if setup.options.get("scoring") != CUSTOM:
        return None
    made, missed = setup.options.get("made"), setup.options.get("missed")
    # Checked over the game's rounds when the options were (``Option.check``).
    return scorer(made, "made"), scorer(missed, "missed")


def custom_score(ctx: RoundContext, bid: int, tricks: int) -> int | None:
    """A bidder's score by the house rules' expressions, or None without them."""
    scoring = custom_scoring(ctx.setup)
    if scoring is None:
        return None
    made, missed = scoring
    expression = made if bid == tricks else missed
    return expression(bid, tricks, ctx.hand_size, ctx.n)


def check_house_rules(setup: Setup) -> None:
    """What the options refuse only together, or only for a number of players."""
    listed = hands(setup)
    most = most_cards(setup.game, setup.n)
    if listed is not None:
        for size in listed:
            if size > most:
                code = "hands_too_big_turned_up" if setup.game == "oh-hell" else "hands_too_big"
                raise RulesError(say(code, option="hands", cards=size, players=setup.n, most=most))
    custom = setup.options.get("scoring") == CUSTOM
    for option in (MADE, MISSED):
        given = setup.options.get(option.name) is not None
        if given and not custom:
            raise RulesError(say("option_only_with", name=option.name, setting="scoring: custom"))
        if custom and not given:
            what = Term(option.help.split(" (")[0])
            raise RulesError(
                say("option_needed_custom", name=option.name, setting="scoring: custom", what=what)
            )


def hand_pattern(start: int, peak: int, end: int) -> tuple[int, ...]:
    """Hand sizes from ``start`` up (or down) to ``peak``, then on to ``end``."""
    for value in (start, peak, end):
        if value < 1:
            raise RulesError(say("hand_at_least_one", value=value))
    first = range(start, peak + 1) if start <= peak else range(start, peak - 1, -1)
    second = range(peak - 1, end - 1, -1) if end <= peak else range(peak + 1, end + 1)
    return (*first, *second)


@dataclass(frozen=True)
class Preset:
    """A named set of house rules, as a family or a published rule book plays it."""

    key: str
    name: str
    description: str
    options: Mapping[str, object] = field(default_factory=dict)
    # Where this way of playing is published (for the code's readers, not shown).
    source: str = ""


AS_RULED = "as-ruled"

_OH_HELL_WIKIPEDIA = "https://en.wikipedia.org/wiki/Oh_Hell (Rules and Scoring sections)"
_BOERENBRIDGE_WIKIPEDIA = "https://nl.wikipedia.org/wiki/Boerenbridge"

PRESETS: Mapping[str, tuple[Preset, ...]] = {
    "oh-hell": (
        Preset(AS_RULED, "As ruled", "Board Game Arena's rules: the styles and scorings above."),
        Preset(
            "one-to-seven",
            "1 up to 7 and down",
            "1 card, one more a round up to 7, then back down to 1 (13 rounds).",
            {"hands": [*hand_pattern(1, 7, 1)]},
            "http://www.encyclopedia4u.com/o/oh-hell.html: 'Usually from one to the maximum "
            "and then down to one'",
        ),
        Preset(
            "no-hook",
            "No hook",
            "The dealer may bid anything: the bids may add up to the tricks.",
            {"hook": "off"},
            "https://traditionalgamerules.neocities.org/ohhell: 'In the last round of the "
            "game, all players (including the dealer) can bid whatever value they choose'; "
            "many tables drop the hook altogether",
        ),
        Preset(
            "minus-ten",
            "Minus 10 a trick off",
            "10 for the bid made; 10 off for every trick over or under it.",
            {"scoring": "custom", "made": "10", "missed": "-10 * abs(t - b)"},
            "Board Game Arena's negative scoring, written as house rules",
        ),
        Preset(
            "plus-five",
            "Tricks plus 5",
            "1 point a trick, and 5 more for the bid made; 10 down to 1.",
            {"style": "short-down", "scoring": "custom", "made": "5 + t", "missed": "t"},
            _OH_HELL_WIKIPEDIA + ": 'Variant basic scoring'; "
            "https://traditionalgamerules.neocities.org/ohhell",
        ),
        Preset(
            "exact-with-penalty",
            "Exact, with a penalty",
            "10 plus the bid for the bid made; the bid taken off for a bid missed.",
            {"scoring": "custom", "made": "10 + b", "missed": "-b"},
            _OH_HELL_WIKIPEDIA + ": 'Exact scoring with penalty' (the Hassenpfeffer variant)",
        ),
    ),
    "boerenbridge": (
        Preset(AS_RULED, "As ruled", "13 cards, exactly 100 to win, sitting out from 80."),
        # Here come the patterns of hands for the players at the table: _boerenbridge_hands.
        Preset(
            "to-150",
            "To 150",
            "A longer game: exactly 150 wins, sitting out from 130.",
            {"target": 150, "sit_out": 130},
            "https://gamerules.com/rules/boerenbridge/ (the game to 100), played longer",
        ),
        Preset(
            "five-and-minus",
            "5 and a point a trick, minus a point a trick off",
            "Made: 5 plus 1 a trick; missed: 1 off for every trick over or under; first to 100.",
            {
                "scoring": "custom",
                "made": "5 + t",
                "missed": "-abs(t - b)",
                "bounce": False,
                "sit_out": None,
            },
            "https://kaartspeluitleg.nl/games/boerenbridge/ (Puntentelling)",
        ),
    ),
    "brink-bid": (
        Preset(AS_RULED, "As ruled", "4 cards up to the final hand; 5 made, 2 on the Brink."),
        Preset(
            "with-hook",
            "With the hook",
            "The dealer may not make the bids add up to the cards dealt, as in Oh Hell.",
            {"hook": "on"},
            _OH_HELL_WIKIPEDIA + ": the 'screw the dealer' rule",
        ),
        Preset(
            "up-and-down",
            "4 up to 8 and back down",
            "4 cards up to 8 and back down to 4 (9 rounds), for any number of players.",
            {"hands": [*hand_pattern(4, 8, 4)]},
            "http://www.encyclopedia4u.com/o/oh-hell.html: up to the maximum and back down",
        ),
        Preset(
            "oh-hell-scoring",
            "Oh Hell's scoring",
            "1 point a trick, and 10 more for the bid made.",
            {"scoring": "custom", "made": "10 + t", "missed": "t"},
            _OH_HELL_WIKIPEDIA + ": 'Basic scoring'",
        ),
        Preset(
            "brink-with-penalty",
            "Brink, with a penalty",
            "5 made, 2 on the Brink, and 1 off a trick beyond it.",
            {
                "scoring": "custom",
                "made": "5",
                "missed": "2 if abs(t - b) == 1 else 1 - abs(t - b)",
            },
            _OH_HELL_WIKIPEDIA + ": penalty scorings, applied to the Brink",
        ),
    ),
}


# How many play Boerenbridge as ruled (boerenbridge.RULED_PLAYERS, which imports us).
BOERENBRIDGE_AS_RULED = 4


def _boerenbridge_hands(players: int) -> tuple[Preset, ...]:
    """The common patterns of hands for ``players``, up to the most a pack of 52
    deals them (13 for 4, 10 for 5): the name and the hands follow the count."""
    most = most_cards("boerenbridge", players)
    return (
        Preset(
            "up-and-down-to-100",
            say("preset_up_down", most=most),
            say("preset_up_down_about", most=most),
            {"hands": [*hand_pattern(1, most, 1)]},
            _BOERENBRIDGE_WIKIPEDIA + ": one card in the first round, one more each round "
            "up to the most the pack allows, then back down",
        ),
        Preset(
            "down-to-one",
            say("preset_down", most=most),
            say("preset_down_about", most=most),
            {"hands": [*hand_pattern(most, 1, 1)]},
            "https://www.pagat.com/exact/oh_hell.html: the hands may also go down from "
            "the most to one",
        ),
        Preset(
            "dutch-hook",
            "Hook from 4 cards",
            say("preset_dutch_hook_about", most=most),
            {"hands": [*hand_pattern(1, most, 1)], "hook_from": 4},
            _BOERENBRIDGE_WIKIPEDIA + ": 'Wanneer het aantal uitgedeelde kaarten per persoon "
            "hoger is dan drie' the dealer is hooked",
        ),
    )


def presets(game: str, players: int | None = None) -> tuple[Preset, ...]:
    """The named sets of house rules offered for ``game`` (none for the others).

    Boerenbridge's patterns of hands depend on how many play: ``players`` (4, as
    ruled, when not given).
    """
    found = PRESETS.get(game, ())
    if game != "boerenbridge":
        return found
    return (found[0], *_boerenbridge_hands(players or BOERENBRIDGE_AS_RULED), *found[1:])


def preset(game: str, key: str, players: int | None = None) -> Preset:
    for found in presets(game, players):
        if found.key == key:
            return found
    raise RulesError(say("no_preset", key=repr(key), game=game))


# --- What the setup's preview and the table's line show ------------------------------

HOUSE_OPTIONS = (
    "hands",
    "hook",
    "hook_from",
    "made",
    "missed",
    "target",
    "sit_out",
    "bounce",
    "bidding",
)
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
    from .record import new_record  # the record module reads every game's rules

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
    if game not in GAMES_WITH_HOUSE_RULES:
        return ""
    from .record import rules_for  # the record module reads every game's rules

    rules = rules_for(game)
    counts = range(rules.min_players, rules.max_players + 1) if players is None else (players,)
    for found in (found for count in counts for found in presets(game, count)):
        if dict(found.options) == dict(options):
            if found.key == AS_RULED:
                return say("rules_as_ruled")
            return say("rules_preset", name=Term(found.name))
    house = {name: options[name] for name in HOUSE_OPTIONS if name in options}
    if not house:
        return say("rules_as_ruled")
    parts: list[str] = []
    listed = house.get("hands")
    if isinstance(listed, list | tuple):
        again = "rules_hands_again" if game == "boerenbridge" else "rules_hands"
        parts.append(say(again, hands=_hands_text(listed)))
    if "hook" in house:
        parts.append(say("rules_hook" if house["hook"] == "on" else "rules_no_hook"))
    if "hook_from" in house and house.get("hook") != "off":
        parts.append(say("rules_hook_from", cards=str(house["hook_from"])))
    if "made" in house:
        parts.append(
            say("rules_made_missed", made=str(house["made"]), missed=str(house.get("missed")))
        )
    if "target" in house:
        parts.append(say("goal_to", target=str(house["target"])))
    if "sit_out" in house:
        sit_out = house["sit_out"]
        parts.append(
            say("rules_nobody_sits_out")
            if sit_out is None
            else say("rules_sit_out_from", points=str(sit_out))
        )
    if house.get("bounce") is False:
        parts.append(say("rules_no_bounce"))
    if house.get("bidding") == "sealed":
        parts.append(say("rules_sealed"))
    if not parts:
        return say("rules_as_ruled")  # only options at their defaults ("bidding: open")
    return say("rules_house", parts=tuple(parts))
