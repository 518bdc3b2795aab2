"""Every word the engine says to the players, in one place: a code, its parameters, English.

A refusal, a step's prompt or a table note is a ``Message``: a ``str`` holding its
English words (so it prints, compares and formats as before) that also keeps its
``code`` and ``params``. Another renderer says it in another language with
``render(message, gettext, ngettext)``: the English template is the key to look up,
as gettext catalogues do, so a translation is a ``.po`` file and no code here.

Templates are ``str.format`` templates; a ``Plural`` picks its form by one of the
parameters. A parameter may itself be a message (a reason inside a prompt), which
is rendered first, in the same language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Plural:
    """A template with a singular and a plural form, picked by the parameter ``count``."""

    one: str
    other: str
    count: str


Template = str | Plural

ENGLISH: Mapping[str, Template] = {
    # A refusal placed in a round of a record (RulesError.__str__).
    "in_round": "round {number}: {message}",
    # --- Players come and go, the plan changes, the table stops (rules_engine/seating.py) ---
    "record_player_count_apart": (
        "{game} with players who come and go names {least} to {most} players, not {count}"
    ),
    "record_stopped": "{field} is true or false, not {value}",
    "record_stopped_empty": "a game cannot stop before its first round ({field} with no rounds)",
    "seated_list": "{field} lists the seats at the table, whole numbers from 0 to {last}",
    "seated_seat": "{field} names seat {seat}: the seats go from 0 to {last}",
    "seated_order": "{field} lists each seat once, from low to high",
    "seated_count": "{game} is for {counts} players at the table, not {count}",
    "seated_not_in_game": (
        "{game} keeps its players for the whole game: no {fields} in its rounds"
    ),
    "seated_first_dealer": "{player} deals first, so {player} must be at the table",
    "seated_none": "nobody is at the table",
    "seated_needs_plan": (
        "the players at the table changed, so the round needs a plan of its hand sizes"
    ),
    "seated_value": "{player} is not at the table this round: their {field} must be {null}",
    "plan_list": "a plan lists 1 to {most} hand sizes, each a whole number",
    "plan_count": "a plan lists 1 to {most} hand sizes, not {count}",
    "plan_whole": "hand size {position} of the plan must be a whole number, not {value}",
    "plan_size_none": (
        "hand size {position} of the plan is {size}: every round deals at least 1 card"
    ),
    "plan_size": Plural(
        "a plan of {size} cards is too many: the pack deals {players} players at most {most} card",
        "a plan of {size} cards is too many: the pack deals {players} players at most {most} cards",
        "most",
    ),
    "start_list": "{field} lists a starting total or {null} for each of the {count} players",
    "start_range": "a starting total is a whole number from {low} to {high}, not {value}",
    "start_not_seated": "{player} is not at the table this round, so has no starting total",
    "start_played_before": "{player} played before, so has no starting total",
    "not_at_table": "{player} is not at the table this round",
    "change_between_rounds": (
        "players come and go, and the plan changes, between rounds: before the first entry"
    ),
    "change_when": (
        "players come and go, and the plan changes, before anything of the round is "
        "entered: undo it first"
    ),
    "change_stop_when": (
        "the table stops after a complete round: undo what was entered since, or finish the round"
    ),
    "change_not_in_game": "{game} keeps its players for the whole game",
    "change_correcting": "round {number} is being corrected: finish the correction first",
    "change_first_round": "the players at the table are chosen when the game starts",
    "change_not_seated": "{player} is not at the table",
    "change_seated_already": "{player} is at the table already",
    "change_never_played": "{player} has not played yet",
    "change_too_few": Plural(
        "only {count} player would be at the table: {game} needs at least {least}",
        "only {count} players would be at the table: {game} needs at least {least}",
        "count",
    ),
    "change_too_many": "{count} players would be at the table: {game} takes at most {most}",
    "join_place": "a new player takes a seat from 0 to {last}",
    "join_most_players": "a game holds at most {most} players, counting those who left",
    "heading_stopped": "Stopped after round {number}",
    "entry_join": "{player} joins",
    "entry_leave": "{player} leaves",
    "entry_back": "{player} comes back",
    "entry_plan": "the new plan",
    "entry_stop": "the stop",
    "entry_correction": "the correction of round {number}",
    # --- Bidding (Oh Hell, Brink Bid, Boerenbridge) ---
    "hook": Plural(
        "{dealer} deals and may not bid {bid}: the bids would add up to the {hand_size} trick",
        "{dealer} deals and may not bid {bid}: the bids would add up to the {hand_size} tricks",
        "hand_size",
    ),
    "bid_range": "{player} may bid 0 to {hand_size}, not {bid}",
    "bids_exact": Plural(
        "The bids add up to {total} of {hand_size} trick: exactly the tricks",
        "The bids add up to {total} of {hand_size} tricks: exactly the tricks",
        "hand_size",
    ),
    "bids_over": Plural(
        "The bids add up to {total} of {hand_size} trick: over by {by}",
        "The bids add up to {total} of {hand_size} tricks: over by {by}",
        "hand_size",
    ),
    "bids_under": Plural(
        "The bids add up to {total} of {hand_size} trick: under by {by}",
        "The bids add up to {total} of {hand_size} tricks: under by {by}",
        "hand_size",
    ),
    "round_complete": "this round is complete",
    "bidding_over": "the bidding is over: the tricks are next",
    "turn_to_bid": "it is {player}'s turn to bid",
    # Sealed bids (the house rule ``bidding``): changed until the last is in, then shown.
    "prompt_change_bid": "{player} has bid and may change it until the last bid is in",
    "bids_shown": "the bids are shown: {player}'s bid can no longer change",
    "tricks_after_bids": "tricks are entered once everyone has bid",
    "not_entered_in": "{kind} is not something entered in {game}",
    "prompt_bids": "{player} bids",
    "prompt_complete": "The round is complete",
    "prompt_trump_turned_up": "Trump turned up",
    # --- Boerenbridge ---
    "sits_out": Plural(
        "{player} has {points} point and does not bid this round",
        "{player} has {points} points and does not bid this round",
        "points",
    ),
    "note_sits_out": Plural(
        "{player} sits out: {points} point", "{player} sits out: {points} points", "points"
    ),
    "prompt_still_to_bid": "Still to bid: {others} and {last}",
    "prompt_hooked": Plural(
        "{dealer} deals and must change the bid: the bids add up to the {hand_size} trick",
        "{dealer} deals and must change the bid: the bids add up to the {hand_size} tricks",
        "hand_size",
    ),
    "prompt_may_change_bid": "{dealer} deals and may still change the bid",
    "tricks_after_every_bid": "tricks are entered once every bid stands",
    "without_trump": "{game} is played without trump",
    "bid_needs_player": "a bid must say which player made it",
    "tricks_being_entered": "the tricks are being entered: undo them to change a bid",
    "has_bid": "{player} has bid already; undo to change it",
    "hook_rebid": "the bids shown add up to the tricks: {player} deals and bids again, openly",
    "no_bid_everyone_bids": "{player} has no bid: every player bids in these rules",
    "no_bid_below_threshold": (
        "{player} has no bid: only players on {threshold} points or more do not bid"
    ),
    # --- Skull King ---
    "goal_to": "to {target}",
    "goal_to_or_more": "to {target} or more",
    "goal_deals": Plural("{count} deal", "{count} deals", "count"),
    # --- Tricks taken (the games that bid tricks) ---
    "prompt_tricks": "Tricks {player} took",
    "tricks_left": Plural(
        "only {left} trick of {hand_size} is left",
        "only {left} tricks of {hand_size} are left",
        "left",
    ),
    "tricks_asked": "it is {player}'s tricks that are asked for",
    "tricks_negative": "{player} cannot take {tricks} tricks",
    "tricks_sum": Plural(
        "the tricks add up to {total}, but {hand_size} trick was played",
        "the tricks add up to {total}, but {hand_size} tricks were played",
        "hand_size",
    ),
    # --- The table ---
    "game_over": "the game is over: nothing more can be entered",
    "no_round_to_correct": "there is no round {number} to correct",
    "over_before_round": "the game was already over before this round",
    "too_many_rounds": "a game holds at most {most} rounds",
    "nothing_to_undo": "there is nothing to undo yet",
    "nothing_to_redo": "There is nothing to redo: something new was entered since the undo.",
    "finish_round_first": "Finish or undo the round in progress before correcting an earlier one.",
    "round_needs_attention": "The round in progress needs attention: {reason}. Undo to fix it.",
    "heading_correcting": "Correcting round {number}",
    "heading_round_of": "Round {number} of {count}",
    "heading_round_goal": "Round {number}, {goal}",
    "won": "{winners} won",
    # A card drawn for first dealer ("A of spades").
    "drawn_card": "{rank} of {suit}",
    "names_and": "{others} and {last}",
    # --- Brink Bid, Sinker, Abracadabra: their prompts ---
    "prompt_rolls": "{player} rolls the dice",
    "who_rolls": "it is {player} who rolls the dice",
    "prompt_calls": "{player} calls",
    "prompt_calls_again": "{player} calls again",
    # The table's grid of trick winners, sent whole (said to the table, as a sentence).
    # --- The rules in play (house_rules.rules_in_play) ---
    "rules_as_ruled": "As ruled",
    "rules_preset": "Rules: {name}",
    "rules_house": "House rules: {parts}",
    "rules_hands": "hands {hands}",
    "rules_hands_again": "hands {hands}, over and over",
    "rules_hook": "hook",
    "rules_no_hook": "no hook",
    "rules_hook_from": "hook from {cards} cards",
    "rules_made_missed": "made {made}, missed {missed}",
    "rules_nobody_sits_out": "nobody sits out",
    "rules_sit_out_from": "sit out from {points}",
    "rules_no_bounce": "no bounce",
    "rules_end_hands": "the highest total after the last hand wins",
    "rules_bonus_on_miss": "a bonus counts on a miss too",
    "rules_open": "open bids",
    "rules_sealed": "sealed bids",
    "preset_up_down": "1 to {most} and back, to 100",
    "preset_up_down_about": (
        "1 card, one more a round up to {most} and back down, over and over; exactly 100 wins."
    ),
    "preset_down": "{most} down to 1, to 100",
    "preset_down_about": (
        "{most} cards, one fewer a round down to 1, over and over; exactly 100 wins."
    ),
    "preset_dutch_hook_about": "1 to {most} and back; the hook only holds with more than 3 cards.",
    # --- Undo and Redo name the entry they take back or put back (at_table.describe) ---
    "entry_bid": "{player}'s bid of {bid}",
    "entry_bid_sealed": "{player}'s bid",
    "entry_tricks": Plural("{player}'s {tricks} trick", "{player}'s {tricks} tricks", "tricks"),
    "entry_tricks_as_given": "{player}'s tricks ({value})",
    "entry_pass": "{player}'s pass",
    "entry_call": "{player}'s call of {call}",
    "entry_trump": "the trump ({trump})",
    "entry_dice": "the roll of the dice",
    "entry_last": "the last entry",
    # --- Steps ---
    "step_asks_no_one": "{prompt}: this step asks no one player",
    "not_said_here": "{value} is not something that can be said here ({prompt})",
    "not_asked_now": "{kind} is not asked for now: {prompt}",
    "not_a_seat": "{seat} is not a seat at this table",
    "not_a_box": "{value} is not one of the boxes here ({prompt})",
    "ticked_twice": "{label} is ticked twice ({prompt})",
    # --- Brink Bid's dice, as noted on the round ---
    "comma_list": "{first}, {rest}",
    # --- The record ---
    "record_players_list": "players must be a list of names",
    "record_player_count": "{game} is for {counts} players, not {count}",
    "record_needs_name": "every player needs a name",
    "record_same_name": "two players are called {name}: give one another name",
    "record_not_object": "a game record must be a JSON object",
    "record_options_object": "{field} must be a JSON object",
    "record_first_dealer": "{field} must be a seat from 0 to {last}",
    "record_rounds_list": "{field} must be a list",
    "record_round_object": "a round must be a JSON object",
    "option_only_with": "option {name} is given only with {setting}",
    "option_refused_with": "option {name} is not given with {setting}",
    "refused_with": "not given with {setting}",
    "hand_at_least_one": "a hand has at least 1 card, not {value}",
    # --- Abracadabra: its refusals, prompts and notes ---
    "true_or_false": "{what} is true or false, not {value}",
    "not_yet_next": 'not yet: next is "{prompt}"',
    "turn_to_call": "it is {player}'s turn to call",
    "round_no_field": "the round has no {field}",
    # --- Checking a record: its rounds, options, names and fields ---
    "whole_number": "{what} must be a whole number, not {value}",
    "whole_number_of": "{player}'s {what} must be a whole number, not {value}",
    "one_each": "{what} must list one value for each of the {count} players",
    "round_unknown_field": "the round has an unknown field {field}",
    "trump_value": "trump must be one of {trumps}, not {value}",
    "option_bool": "option {name} is true or false, not {value}",
    "option_int": "option {name} is a whole number, not {value}",
    "option_minimum": "option {name} is at least {minimum}, not {value}",
    "option_maximum": "option {name} is at most {maximum}, not {value}",
    "option_choice": "option {name} is one of {choices}, not {value}",
    "option_hands_list": "option {name} is a list of hand sizes, not {value}",
    "option_hands_count": "option {name} lists 1 to {most} hands, not {count}",
    # The same, said beside the field of hand sizes (a sentence of its own).
    "hands_count": "Give 1 to {most} hand sizes, not {count}.",
    "option_reason": "option {option}: {reason}",
    "hand_size_whole": "a hand size is a whole number, not {value}",
    "option_unknown": "unknown option {name} (this game's options: {names})",
    "options_exclusive": "options {other} and {name} cannot both be given: {name} replaces {other}",
    "record_unknown_game": "unknown game {value} (Scorepad keeps {games})",
    "record_played_at": (
        "{field} must be an ISO 8601 date and time with a UTC offset, like {example}, not {value}"
    ),
    "record_played_at_range": (
        "{field} must be within the years 1 to 9999 in every time zone, not {value}"
    ),
    "record_name_too_long": "the name {name}... is too long ({most} characters at most)",
    "record_name_folds_too_long": (
        "the name {name} is too long: in small letters it has {count} characters ({most} at most)"
    ),
    "record_name_control": "the name {name} holds a control character or a broken one",
    "record_name_hidden": (
        "the name {name} holds an invisible character ({character}) that can change how "
        "the text after it is shown: write the name without it"
    ),
    "record_format": "this is not a {format} game record ({field} is {value})",
    "record_unknown_field": "the record has an unknown field {field}",
    "record_missing_field": "the record has no field {field}",
    "record_key_twice": "the key {key} is given twice in one object",
    "plan_first_dealer": "the first dealer is seat 1 to {players}, not seat {seat}",
    "round_scores_for": "the round has scores for {scores} of {players} players",
    "round_unreadable": "unreadable",
    "entry_kind": "an entry must say what kind of entry it is",
    "entry_seat": "an entry's seat must be a seat number",
    "round_too_full": "the round has more in it than the rules allow",
    "round_not_finished": "the round is not finished: {step}",
    "players_from_to": "{least} to {most}",
    "hand_too_big": (
        "a hand of {cards} cards is too big for {players} players: the pack allows at most {most}"
    ),
    "option_needed_custom": "option {name} is needed with {setting} ({what})",
    "no_preset": "there is no preset {key} for {game}",
    "draw_nobody": "nobody to draw for",
    "cli_cannot_read": "cannot read {path}: {error}",
    "record_too_deep": "the record is nested too deeply to read",
    # --- Correcting a cell of the sheet, and what the correction changes ---
    "cell_no_field": "round {number} has no {field} to correct",
    "cell_label": "{field} in round {number}",
    "cell_value": "{value} is not one of the values {label} may have here",
    "nobody": "nobody",
    "change_total": "{player}'s total {was} \u2192 {now}",
    "change_attention": "round {number} will need attention: {problem}",
    "change_nothing": "Nothing changes.",
    "change_player": "round {number}: {player}'s {what} {was} \u2192 {now}",
    "change_part": "round {number}: {field} {part} {was} \u2192 {now}",
    "change_field": "round {number}: the {field} {was} \u2192 {now}",
    "change_winner": "the winner becomes {now} instead of {was}",
    "change_winners": "the winners become {now} instead of {was}",
    "change_not_over": "the game is no longer over",
    "change_over": "the game is now over",
    "change_lead": "the lead goes to {now} instead of {was}",
    # --- A house rule's expression (made, missed): why it is refused ---
    "expr_uses": "{expr} uses {what}, which house rules don't allow",
    "expr_calls": "{expr} calls {called}: house rules know only abs, min and max",
    "expr_takes_one": "{expr}: {function}() takes one value, not {count}",
    "expr_takes_more": "{expr}: {function}() takes two or more values, not {count}",
    "expr_no_brackets": "{expr} uses {function} without brackets: write {function}(...)",
    "expr_unknown_name": (
        "{expr} uses the name {name}: house rules know only "
        "b (bid), t (tricks), h (cards dealt) and n (players)"
    ),
    "expr_digits": "{expr} writes {written}: write numbers in plain decimal digits",
    "expr_name_is": "{name} is {value}",
    "expr_too_long": "{expr} is {length} characters long: at most {most}",
    "expr_empty": "the expression is empty",
    "expr_unreadable": "{expr} cannot be read",
    "expr_division": "division by zero",
    "expr_division_when": "division by zero when {when}",
    "expr_range": "{expr} gives {value}: a score lies in {low}..{high}",
    "expr_range_when": "{expr} gives {value} when {when}: a score lies in {low}..{high}",
    "expr_not_text": "option {option} is an expression written as text, not {value}",
    # --- Boerenbridge's bounce off the target, on the table's totals ---
    "bounce": "{total} + {score} = {new}, {over} over {goal}: {bounced}",
    # --- The Canadian rule (``hook: leader``): the hook holds on a dealer who leads ---
    "hook_leader": Plural(
        "{dealer} deals with the lead and may not bid {bid}: the bids would add up to "
        "the {hand_size} trick",
        "{dealer} deals with the lead and may not bid {bid}: the bids would add up to "
        "the {hand_size} tricks",
        "hand_size",
    ),
    "rules_hook_leader": "the Canadian rule",
    # --- A file that is no record, said without Python's words ---
    "record_empty": "the file is empty",
    "record_not_text": "the file is not text: a game record is a JSON text file",
    "record_not_json_at": (
        "the file is not a readable JSON text: something is wrong at line {line}, column {column}"
    ),
    "record_number_too_long": (
        "the file holds a number of {digits} digits: no number in a game record is that long"
    ),
    "expr_unclosed": "{expr} cannot be read: a bracket is opened and never closed",
    "expr_unmatched": "{expr} cannot be read: a bracket is closed that was not opened",
    "expr_no_else": "{expr} cannot be read: an if needs its else (X if C else Y)",
    # --- Issue 37: dice rolled by hand (Brink Bid), and why an across face goes to a side ---
    "die_unknown": "there is no die {die} at {prompt}",
    "die_face_missing": "tap a face of the {die}",
    "die_face": "the {die} has no face {face}: its faces are {faces}",
}


CATALOGUE: dict[str, Template] = dict(ENGLISH)
"""Every message known: the shared ones (``ENGLISH``) and each game's own (``add``)."""


def add(messages: Mapping[str, Template]) -> Mapping[str, Template]:
    """A game's own messages, added to the catalogue (its module does, as it is read):
    ``GameRules.messages``. A code already known with other words is refused."""
    for code, template in messages.items():
        if CATALOGUE.setdefault(code, template) != template:
            raise KeyError(f"the message {code!r} is in the engine's catalogue already")
    return messages


class Term(str):
    """A word of the catalogue (a preset's name, a suit, a call as the sheet writes it):
    translated, as a parameter or on its own, where a player's name, also a ``str``,
    never is."""


class Lowered(str):
    """A message given as a parameter in the middle of a sentence, with its first letter
    made small in every language ("the round is not finished: tricks Ann took"), but
    where it opens with a player's name ("the round is not finished: Ben calls")."""

    message: str

    def __new__(cls, message: str) -> Lowered:
        lowered = super().__new__(cls, _lowered(message, _english, _english_plural))
        lowered.message = message
        return lowered

    def __reduce__(self) -> tuple[object, ...]:
        return (Lowered, (self.message,))


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _lowered(text: str, gettext: Gettext, ngettext: Ngettext) -> str:
    """``text`` rendered, its first letter made small unless its template (in this
    language) opens with a parameter: a name keeps its capital ("Ben calls")."""
    words = render(text, gettext, ngettext)
    if isinstance(text, Message):
        template = CATALOGUE[text.code]
        said = (
            ngettext(template.one, template.other, 1)
            if isinstance(template, Plural)
            else gettext(template)
        )
        if said.startswith("{"):
            return words
    return _lower_first(words)


Param = int | str | tuple[str, ...]
"""A parameter: a number, a name, a message or a term (each a ``str``) rendered in turn,
or several of them, rendered and joined by "; "."""

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def _english(text: str) -> str:
    return text


def _english_plural(one: str, other: str, count: int) -> str:
    return one if count == 1 else other


class Message(str):
    """Words for the players that remember how they were made: ``code`` and ``params``."""

    code: str
    params: Mapping[str, Param]

    def __new__(cls, code: str, **params: Param) -> Message:
        if code not in CATALOGUE:
            raise KeyError(f"no message {code!r} in the engine's catalogue")
        words = _render(code, params, _english, _english_plural)
        message = super().__new__(cls, words)
        message.code = code
        message.params = params
        return message

    def __reduce__(self) -> tuple[object, ...]:  # a str subclass with keyword state
        return (_rebuild, (self.code, dict(self.params)))


def _rebuild(code: str, params: dict[str, Param]) -> Message:
    return Message(code, **params)


def names_and(names: list[str]) -> Param:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cat": a list of names as players say it."""
    if len(names) == 1:
        return names[0]
    return Message("names_and", others=", ".join(names[:-1]), last=names[-1])


def each_and(names: list[str]) -> Param:
    """ "Ann", "Ann and Bob", "Ann and Bob and Cat": every name joined by "and"."""
    if len(names) == 1:
        return names[0]
    return Message("names_and", others=each_and(names[:-1]), last=names[-1])


def comma_list(words: list[str]) -> str:
    """ "pass, zero, all": words (terms, as a rule) in order, each translated in turn."""
    if len(words) == 1:
        return words[0]
    return Message("comma_list", first=words[0], rest=comma_list(words[1:]))


def _render(code: str, params: Mapping[str, Param], gettext: Gettext, ngettext: Ngettext) -> str:
    template = CATALOGUE[code]
    words = {key: _param(value, gettext, ngettext) for key, value in params.items()}
    if isinstance(template, Plural):
        count = params[template.count]
        text = ngettext(template.one, template.other, count if isinstance(count, int) else 0)
    else:
        text = gettext(template)
    return text.format(**words)


def _param(value: Param, gettext: Gettext, ngettext: Ngettext) -> Param:
    if isinstance(value, tuple):
        return "; ".join(_param(part, gettext, ngettext) for part in value)  # type: ignore[misc]
    if isinstance(value, str):
        return render(value, gettext, ngettext)
    return value


def render(text: str, gettext: Gettext = _english, ngettext: Ngettext = _english_plural) -> str:
    """``text`` in the language of ``gettext``/``ngettext``; plain text stays as it is."""
    if isinstance(text, Message):
        return _render(text.code, text.params, gettext, ngettext)
    if isinstance(text, Lowered):
        return _lowered(text.message, gettext, ngettext)
    # gettext("") is the catalogue's header, not a word.
    if isinstance(text, Term) and text:
        return gettext(text)
    return text


LONGEST_QUOTED = 60


def written(value: object) -> str:
    """A value quoted in a refusal as a record's file says it: JSON's ``true``,
    ``false``, ``null``, ``NaN`` (never Python's ``True``, ``None``, ``nan``), a text
    between quotes (``'two'``), cut short with "…" where it runs long."""
    text = _written(value)
    return text if len(text) <= LONGEST_QUOTED else text[: LONGEST_QUOTED - 1] + "…"


def _written(value: object) -> str:
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, float):
        return {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}.get(str(value), str(value))
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_written(item) for item in value[:LONGEST_QUOTED]) + "]"
    if isinstance(value, Mapping):
        pairs = list(value.items())[:LONGEST_QUOTED]
        return "{" + ", ".join(f"{_written(k)}: {_written(v)}" for k, v in pairs) + "}"
    # A text as Python quotes it: every control or broken character written as an escape,
    # so the refusal stays one line (and a number as its digits).
    return repr(value)
