"""The scorepad/1 game record: reading it, checking it, writing it."""

from __future__ import annotations

import json
import unicodedata
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import cached_property
from typing import Any

from .core import MAX_NAME, GameRules, Round, Setup
from .errors import RulesError
from .games import GAMES
from .messages import Message, Term, written
from .options import MOST_DEALS, resolve_options
from .seating import MOST_PLAYERS, Lineup, Seating, lineup, uses_seating

FORMAT = "scorepad/1"
# RULINGS, "Length": a game holds at most 200 rounds, whatever its rules.
MOST_ROUNDS = MOST_DEALS
TOO_MANY_ROUNDS = Message("too_many_rounds", most=MOST_ROUNDS)
FIELDS = (
    "format", "game", "options", "players", "first_dealer", "rounds", "played_at", "stopped",
)  # fmt: skip
# Every field but ``played_at`` must be there (a game not begun has "rounds": [],
# default rules "options": {}).
REQUIRED = ("format", "game", "options", "players", "first_dealer", "rounds")


def rules_for(game: object) -> GameRules:
    if not isinstance(game, str) or game not in GAMES:
        raise RulesError(
            Message("record_unknown_game", value=written(game), games=", ".join(GAMES))
        )
    return GAMES[game]


@dataclass(frozen=True)
class Record:
    """One game: who played, under which rules, and what was said and taken."""

    game: str
    players: tuple[str, ...]
    first_dealer: int
    options: Mapping[str, Any] = field(default_factory=dict)
    rounds: tuple[Round, ...] = ()
    # When the game started (ISO 8601 with a UTC offset), or None; scoring ignores it.
    played_at: str | None = None
    # The table stopped the game after its last round (RULINGS, "Stopping").
    stopped: bool = field(default=False, kw_only=True)
    # The record this one was made from by ``with_rounds``, weakly (holding it would
    # keep every earlier record of a long game alive, one link after the other). The
    # sheet goes on from that record's sheet where this one only appends rounds to
    # it: a round that ends at the table then works out one round, not the game.
    made_from: weakref.ref[Record] | None = field(
        default=None, kw_only=True, compare=False, repr=False
    )

    @property
    def rules(self) -> GameRules:
        return rules_for(self.game)

    @cached_property
    def setup(self) -> Setup:
        """Every player of the record, in seat order, and the options.

        A record that seats players apart reads the options that depend on the number
        of players for those seated in its first round (``lineup``).
        """
        rules = self.rules
        setup = Setup(
            game=self.game,
            options=resolve_options(rules.options, self.options),
            players=self.players,
            first_dealer=self.first_dealer,
        )
        if not self.apart:
            rules.check_setup(setup)
        return setup

    @cached_property
    def apart(self) -> bool:
        """Whether a round seats only some of the players, or gives a plan of its own."""
        return uses_seating(self.rounds)

    @cached_property
    def lineup(self) -> Lineup:
        """Every round's seating, and the next round's with no change, checked: a
        RulesError names the round and the rule."""
        found = lineup(self.rules, self.setup, self.rounds)
        if found.apart:
            self.rules.check_setup(found.base)
        return found

    @property
    def base(self) -> Setup:
        """The setup the game's own schedule is read for: the players of the first round."""
        return self.lineup.base if self.apart else self.setup

    def seating(self, index: int) -> Seating:
        """Who takes part in round ``index`` (0-based; the record's rounds, then the next
        one with the same players), who deals it, how many cards."""
        if not self.apart:
            # Everyone, every round: worked out without going through the rounds.
            setup, rules = self.setup, self.rules
            try:
                size: int | None = rules.hand_size(setup, index)
            except IndexError:
                size = None
            seats = tuple(range(len(self.players)))
            return Seating(index, seats, setup.dealer(index), size, None, False, ())
        found = self.lineup
        return found.rounds[index] if index < len(found.rounds) else found.following

    def with_rounds(self, rounds: Sequence[Round]) -> Record:
        return Record(
            self.game,
            self.players,
            self.first_dealer,
            self.options,
            tuple(rounds),
            self.played_at,
            stopped=self.stopped,
            made_from=weakref.ref(self),
        )

    def with_stop(self, stopped: bool) -> Record:
        """The record stopped after its last round (or going on again: Undo)."""
        return Record(
            self.game,
            self.players,
            self.first_dealer,
            self.options,
            self.rounds,
            self.played_at,
            stopped=stopped,
            made_from=weakref.ref(self),
        )

    def extends(self, earlier: Record) -> bool:
        """Whether this record is ``earlier`` with rounds appended: the same game, the
        very same round objects first (not equal ones: cheap, and an undo or a
        correction, a shorter or changed list, never passes for an extension)."""
        kept = earlier.rounds
        return (
            (earlier.game, earlier.players, earlier.first_dealer, earlier.played_at)
            == (self.game, self.players, self.first_dealer, self.played_at)
            and not earlier.stopped
            and earlier.options == self.options
            and len(self.rounds) >= len(kept)
            and all(a is b for a, b in zip(kept, self.rounds, strict=False))
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "players": list(self.players),
            "first_dealer": self.first_dealer,
        }
        if self.played_at is not None:
            data["played_at"] = self.played_at
        data["rounds"] = [dict(rnd) for rnd in self.rounds]
        if self.stopped:
            data["stopped"] = True
        return data


def check_played_at(value: object) -> str:
    """An ISO 8601 date-time with a UTC offset ("2026-11-21T19:30:00+01:00"), or a RulesError."""
    if not isinstance(value, str):
        raise _not_played_at(value)
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise _not_played_at(value) from None
    # A date alone reads as midnight: the spec asks for a date-time.
    if moment.utcoffset() is None or len(value) <= len("2026-11-21"):
        raise _not_played_at(value)
    # Dates run from year 1 to 9999: a day from either end, a time zone (UTC itself,
    # the server's) would move the moment off the calendar, where it cannot be kept.
    earliest = datetime.min.replace(tzinfo=UTC) + timedelta(days=1)
    latest = datetime.max.replace(tzinfo=UTC) - timedelta(days=1)
    if not earliest <= moment <= latest:
        raise RulesError(Message("record_played_at_range", field="played_at", value=written(value)))
    return value


def played_apart(first: str | None, second: str | None) -> bool:
    """Whether two records of one game as played (the same players, options, dealer
    and rounds) are two games all the same: both say when they were played
    (``played_at``), and at different moments. One that does not say (an older
    export) is the game it came from. The moments are compared, not the texts: one
    evening written with two UTC offsets is one game."""
    if first is None or second is None:
        return False
    return datetime.fromisoformat(first) != datetime.fromisoformat(second)


def _not_played_at(value: object) -> RulesError:
    example = '"2026-11-21T19:30:00+01:00"'
    return RulesError(
        Message("record_played_at", field="played_at", example=example, value=written(value))
    )


def new_record(
    game: str,
    players: Sequence[str],
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
    played_at: str | None = None,
) -> Record:
    """A game with no rounds yet, checked as a record is."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": game,
        "options": dict(options or {}),
        "players": list(players),
        "first_dealer": first_dealer,
        "rounds": [],
    }
    if played_at is not None:
        data["played_at"] = played_at
    return parse_record(data)


def check_players(rules: GameRules, players: object, apart: bool = False) -> tuple[str, ...]:
    """Player names in seat order, as many as the game takes, none blank or twice.

    ``apart``: the record seats players apart (RULINGS, "Players come and go"): it
    names everyone who played at any time, 20 at most; each round's seated are
    counted against the game's numbers (rules_engine/seating.py).
    """
    if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        raise RulesError(Message("record_players_list"))
    names = tuple(p.strip() for p in players)
    count = len(names)
    if apart and rules.seats_apart:
        if not rules.min_players <= count <= MOST_PLAYERS:
            raise RulesError(
                Message(
                    "record_player_count_apart",
                    game=Term(rules.title),
                    least=rules.min_players,
                    most=MOST_PLAYERS,
                    count=count,
                )
            )
    elif not rules.min_players <= count <= rules.max_players:
        raise RulesError(
            Message(
                "record_player_count",
                game=Term(rules.title),
                counts=rules.player_counts,
                count=count,
            )
        )
    for name in names:
        check_name(name)
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise RulesError(Message("record_same_name", name=name))
        seen.add(name.casefold())
    return names


def check_name(value: object) -> str:
    """A player's name, trimmed: not blank, not too long, nothing that cannot be shown."""
    if not isinstance(value, str):
        raise RulesError(Message("record_needs_name"))
    name = value.strip()
    if not name:
        raise RulesError(Message("record_needs_name"))
    if len(name) > MAX_NAME:
        raise RulesError(
            Message("record_name_too_long", name=written(name[:MAX_NAME]), most=MAX_NAME)
        )
    # The case-folded name counts too: it is how a player is found ("ß" is "ss").
    if len(name.casefold()) > MAX_NAME:
        raise RulesError(
            Message(
                "record_name_folds_too_long",
                name=written(name),
                count=len(name.casefold()),
                most=MAX_NAME,
            )
        )
    # Control characters (NUL...) and lone surrogates cannot be stored or shown.
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in name):
        shown = name.encode("utf-8", "replace").decode()
        raise RulesError(Message("record_name_control", name=written(shown)))
    hidden = hidden_character(name)
    if hidden is not None:
        shown = "".join(char for char in name if hidden_character(char) is None)
        raise RulesError(
            Message("record_name_hidden", name=written(shown), character=f"U+{ord(hidden):04X}")
        )
    return name


# Between two of these a joiner is part of the writing: an emoji family, a Persian or
# Indic word. Between two Latin letters it only hides a difference ("An\u200dn").
JOINERS = ("\u200c", "\u200d")  # zero-width non-joiner, zero-width joiner


def hidden_character(name: str) -> str | None:
    """The first character of ``name`` that is not shown but changes how text is: a
    format character (Unicode's Cf: the right-to-left override and the other bidi
    controls, which turn the text after them round on every screen; zero-width spaces
    and the byte-order mark, which make "Ann" and another "Ann" two names) or a line
    or paragraph separator. A joiner is kept between two characters beyond ASCII."""
    for index, char in enumerate(name):
        category = unicodedata.category(char)
        if category not in ("Cf", "Zl", "Zp"):
            continue
        if char in JOINERS and 0 < index < len(name) - 1:
            before, after = name[index - 1], name[index + 1]
            if not before.isascii() and not after.isascii() and not before.isspace():
                continue
        return char
    return None


def parse_record(data: object) -> Record:
    """A Record from JSON data, with everything but the rounds' contents checked.

    The rounds are checked when they are scored (see ``score``), since a round's
    rules depend on the totals before it.
    """
    if not isinstance(data, Mapping):
        raise RulesError(Message("record_not_object"))
    if "format" not in data:
        raise RulesError(Message("record_missing_field", field="format"))
    if data.get("format") != FORMAT:
        raise RulesError(
            Message(
                "record_format", format=FORMAT, field="format", value=written(data.get("format"))
            )
        )
    for key in data:
        if key not in FIELDS:
            raise RulesError(Message("record_unknown_field", field=written(key)))
    for key in REQUIRED:
        if key not in data:
            raise RulesError(Message("record_missing_field", field=key))
    rules = rules_for(data.get("game"))
    options = data["options"]
    if not isinstance(options, Mapping):
        raise RulesError(Message("record_options_object", field="options"))
    rounds = data["rounds"]
    if not isinstance(rounds, list):
        raise RulesError(Message("record_rounds_list", field="rounds"))
    players = check_players(rules, data.get("players"), uses_seating(rounds))
    first_dealer = data.get("first_dealer")
    if (
        not isinstance(first_dealer, int)
        or isinstance(first_dealer, bool)
        or not 0 <= first_dealer < len(players)
    ):
        raise RulesError(
            Message("record_first_dealer", field="first_dealer", last=len(players) - 1)
        )
    played_at = check_played_at(data["played_at"]) if "played_at" in data else None
    stopped = data.get("stopped", False)
    if not isinstance(stopped, bool):
        raise RulesError(Message("record_stopped", field="stopped", value=written(stopped)))
    if stopped and not rounds:
        raise RulesError(Message("record_stopped_empty", field="stopped"))
    if len(rounds) > MOST_ROUNDS:
        raise RulesError(TOO_MANY_ROUNDS, MOST_ROUNDS + 1)
    for number, rnd in enumerate(rounds, start=1):
        if not isinstance(rnd, Mapping):
            raise RulesError(Message("record_round_object"), number)
    record = Record(
        rules.key, players, first_dealer, dict(options), tuple(rounds), played_at, stopped=stopped
    )
    record.setup  # noqa: B018 -- checks the options now rather than at first use
    if record.apart:
        record.lineup  # noqa: B018 -- who sits where, each round, checked now too
    return record


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's keys and values (``json.loads``'s ``object_pairs_hook``), or a
    RulesError naming a key given twice: JSON would keep the last one silently
    (``"game": "oh-hell", "game": "sinker"`` would read as Sinker)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise RulesError(Message("record_key_twice", key=json.dumps(key, ensure_ascii=False)))
        data[key] = value
    return data


def read_json(text: str | bytes) -> Any:
    """The JSON data of a file's text, or a RulesError saying in a player's words why
    it cannot be read: not text, not JSON (where), nested too deeply, a number too long
    to be anything in a game, or a key given twice in an object.

    A file Notepad saved starts with a byte order mark: it is read past, as are the
    UTF-16 and UTF-32 that JSON allows when given as bytes.
    """
    if isinstance(text, str):
        text = text.removeprefix("\ufeff")
    if not text.strip():
        raise RulesError(Message("record_empty"))
    try:
        return json.loads(text, object_pairs_hook=unique_keys, parse_int=_whole_number)
    except RulesError:
        raise  # a key given twice, a number too long: already in words
    except UnicodeDecodeError:
        raise RulesError(Message("record_not_text")) from None
    except json.JSONDecodeError as error:
        raise RulesError(
            Message("record_not_json_at", line=error.lineno, column=error.colno)
        ) from None
    except RecursionError:
        raise RulesError(Message("record_too_deep")) from None


# No number of a game record is near this long (the largest, a starting total, has 5
# digits); Python reads no longer one than 4300 anyway, and says so in its own words.
LONGEST_NUMBER = 100


def _whole_number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > LONGEST_NUMBER:
        raise RulesError(Message("record_number_too_long", digits=digits))
    return int(text)


def load_record(text: str | bytes) -> Record:
    """A Record from the text of a scorepad/1 file."""
    return parse_record(read_json(text))
