"""The engine's message templates, marked for translation so that makemessages finds them.

Written by ``manage.py engine_templates`` from rules_engine/messages.py's ``ENGLISH`` and
each registered game's own messages and words: do not edit; change the template there and run the
command (docs/dev/translating.md).
"""

from django.utils.translation import gettext_noop, ngettext_lazy

# ruff: noqa: E501 (one literal a line, as makemessages reads them)
# fmt: off
TEMPLATES = (
    gettext_noop('round {number}: {message}'),  # in_round
    gettext_noop('{game} with players who come and go names {least} to {most} players, not {count}'),  # record_player_count_apart
    gettext_noop('{field} is true or false, not {value}'),  # record_stopped
    gettext_noop('a game cannot stop before its first round ({field} with no rounds)'),  # record_stopped_empty
    gettext_noop('{field} lists the seats at the table, whole numbers from 0 to {last}'),  # seated_list
    gettext_noop('{field} names seat {seat}: the seats go from 0 to {last}'),  # seated_seat
    gettext_noop('{field} lists each seat once, from low to high'),  # seated_order
    gettext_noop('{game} is for {counts} players at the table, not {count}'),  # seated_count
    gettext_noop('{game} keeps its players for the whole game: no {fields} in its rounds'),  # seated_not_in_game
    gettext_noop('{player} deals first, so {player} must be at the table'),  # seated_first_dealer
    gettext_noop('nobody is at the table'),  # seated_none
    gettext_noop('the players at the table changed, so the round needs a plan of its hand sizes'),  # seated_needs_plan
    gettext_noop('{player} is not at the table this round: their {field} must be {null}'),  # seated_value
    gettext_noop('a plan lists 1 to {most} hand sizes, each a whole number'),  # plan_list
    gettext_noop('a plan lists 1 to {most} hand sizes, not {count}'),  # plan_count
    gettext_noop('hand size {position} of the plan must be a whole number, not {value}'),  # plan_whole
    gettext_noop('hand size {position} of the plan is {size}: every round deals at least 1 card'),  # plan_size_none
    ngettext_lazy('a plan of {size} cards is too many: the pack deals {players} players at most {most} card', 'a plan of {size} cards is too many: the pack deals {players} players at most {most} cards', 'most'),  # plan_size
    gettext_noop('{field} lists a starting total or {null} for each of the {count} players'),  # start_list
    gettext_noop('a starting total is a whole number from {low} to {high}, not {value}'),  # start_range
    gettext_noop('{player} is not at the table this round, so has no starting total'),  # start_not_seated
    gettext_noop('{player} played before, so has no starting total'),  # start_played_before
    gettext_noop('{player} is not at the table this round'),  # not_at_table
    gettext_noop('players come and go, and the plan changes, between rounds: before the first entry'),  # change_between_rounds
    gettext_noop('players come and go, and the plan changes, before anything of the round is entered: undo it first'),  # change_when
    gettext_noop('the table stops after a complete round: undo what was entered since, or finish the round'),  # change_stop_when
    gettext_noop('{game} keeps its players for the whole game'),  # change_not_in_game
    gettext_noop('round {number} is being corrected: finish the correction first'),  # change_correcting
    gettext_noop('the players at the table are chosen when the game starts'),  # change_first_round
    gettext_noop('{player} is not at the table'),  # change_not_seated
    gettext_noop('{player} is at the table already'),  # change_seated_already
    gettext_noop('{player} has not played yet'),  # change_never_played
    ngettext_lazy('only {count} player would be at the table: {game} needs at least {least}', 'only {count} players would be at the table: {game} needs at least {least}', 'count'),  # change_too_few
    gettext_noop('{count} players would be at the table: {game} takes at most {most}'),  # change_too_many
    gettext_noop('a new player takes a seat from 0 to {last}'),  # join_place
    gettext_noop('a game holds at most {most} players, counting those who left'),  # join_most_players
    gettext_noop('Stopped after round {number}'),  # heading_stopped
    gettext_noop('{player} joins'),  # entry_join
    gettext_noop('{player} leaves'),  # entry_leave
    gettext_noop('{player} comes back'),  # entry_back
    gettext_noop('the new plan'),  # entry_plan
    gettext_noop('the stop'),  # entry_stop
    gettext_noop('the correction of round {number}'),  # entry_correction
    ngettext_lazy('{dealer} deals and may not bid {bid}: the bids would add up to the {hand_size} trick', '{dealer} deals and may not bid {bid}: the bids would add up to the {hand_size} tricks', 'hand_size'),  # hook
    gettext_noop('{player} may bid 0 to {hand_size}, not {bid}'),  # bid_range
    ngettext_lazy('The bids add up to {total} of {hand_size} trick: exactly the tricks', 'The bids add up to {total} of {hand_size} tricks: exactly the tricks', 'hand_size'),  # bids_exact
    ngettext_lazy('The bids add up to {total} of {hand_size} trick: over by {by}', 'The bids add up to {total} of {hand_size} tricks: over by {by}', 'hand_size'),  # bids_over
    ngettext_lazy('The bids add up to {total} of {hand_size} trick: under by {by}', 'The bids add up to {total} of {hand_size} tricks: under by {by}', 'hand_size'),  # bids_under
    gettext_noop('this round is complete'),  # round_complete
    gettext_noop('the bidding is over: the tricks are next'),  # bidding_over
    gettext_noop("it is {player}'s turn to bid"),  # turn_to_bid
    gettext_noop('{player} has bid and may change it until the last bid is in'),  # prompt_change_bid
    gettext_noop("the bids are shown: {player}'s bid can no longer change"),  # bids_shown
    gettext_noop('tricks are entered once everyone has bid'),  # tricks_after_bids
    gettext_noop('{kind} is not something entered in {game}'),  # not_entered_in
    gettext_noop('{player} bids'),  # prompt_bids
    gettext_noop('The round is complete'),  # prompt_complete
    gettext_noop('Trump turned up'),  # prompt_trump_turned_up
    ngettext_lazy('{player} has {points} point and does not bid this round', '{player} has {points} points and does not bid this round', 'points'),  # sits_out
    ngettext_lazy('{player} sits out: {points} point', '{player} sits out: {points} points', 'points'),  # note_sits_out
    gettext_noop('Still to bid: {others} and {last}'),  # prompt_still_to_bid
    ngettext_lazy('{dealer} deals and must change the bid: the bids add up to the {hand_size} trick', '{dealer} deals and must change the bid: the bids add up to the {hand_size} tricks', 'hand_size'),  # prompt_hooked
    gettext_noop('{dealer} deals and may still change the bid'),  # prompt_may_change_bid
    gettext_noop('tricks are entered once every bid stands'),  # tricks_after_every_bid
    gettext_noop('{game} is played without trump'),  # without_trump
    gettext_noop('a bid must say which player made it'),  # bid_needs_player
    gettext_noop('the tricks are being entered: undo them to change a bid'),  # tricks_being_entered
    gettext_noop('{player} has bid already; undo to change it'),  # has_bid
    gettext_noop('the bids shown add up to the tricks: {player} deals and bids again, openly'),  # hook_rebid
    gettext_noop('{player} has no bid: every player bids in these rules'),  # no_bid_everyone_bids
    gettext_noop('{player} has no bid: only players on {threshold} points or more do not bid'),  # no_bid_below_threshold
    gettext_noop('to {target}'),  # goal_to
    gettext_noop('to {target} or more'),  # goal_to_or_more
    ngettext_lazy('{count} deal', '{count} deals', 'count'),  # goal_deals
    gettext_noop('Tricks {player} took'),  # prompt_tricks
    ngettext_lazy('only {left} trick of {hand_size} is left', 'only {left} tricks of {hand_size} are left', 'left'),  # tricks_left
    gettext_noop("it is {player}'s tricks that are asked for"),  # tricks_asked
    gettext_noop('{player} cannot take {tricks} tricks'),  # tricks_negative
    ngettext_lazy('the tricks add up to {total}, but {hand_size} trick was played', 'the tricks add up to {total}, but {hand_size} tricks were played', 'hand_size'),  # tricks_sum
    gettext_noop('the game is over: nothing more can be entered'),  # game_over
    gettext_noop('there is no round {number} to correct'),  # no_round_to_correct
    gettext_noop('the game was already over before this round'),  # over_before_round
    gettext_noop('a game holds at most {most} rounds'),  # too_many_rounds
    gettext_noop('there is nothing to undo yet'),  # nothing_to_undo
    gettext_noop('There is nothing to redo: something new was entered since the undo.'),  # nothing_to_redo
    gettext_noop('Finish or undo the round in progress before correcting an earlier one.'),  # finish_round_first
    gettext_noop('The round in progress needs attention: {reason}. Undo to fix it.'),  # round_needs_attention
    gettext_noop('Correcting round {number}'),  # heading_correcting
    gettext_noop('Round {number} of {count}'),  # heading_round_of
    gettext_noop('Round {number}, {goal}'),  # heading_round_goal
    gettext_noop('{winners} won'),  # won
    gettext_noop('{rank} of {suit}'),  # drawn_card
    gettext_noop('{others} and {last}'),  # names_and
    gettext_noop('{player} rolls the dice'),  # prompt_rolls
    gettext_noop('it is {player} who rolls the dice'),  # who_rolls
    gettext_noop('{player} calls'),  # prompt_calls
    gettext_noop('{player} calls again'),  # prompt_calls_again
    gettext_noop('As ruled'),  # rules_as_ruled
    gettext_noop('Rules: {name}'),  # rules_preset
    gettext_noop('House rules: {parts}'),  # rules_house
    gettext_noop('hands {hands}'),  # rules_hands
    gettext_noop('hands {hands}, over and over'),  # rules_hands_again
    gettext_noop('hook'),  # rules_hook
    gettext_noop('no hook'),  # rules_no_hook
    gettext_noop('hook from {cards} cards'),  # rules_hook_from
    gettext_noop('made {made}, missed {missed}'),  # rules_made_missed
    gettext_noop('nobody sits out'),  # rules_nobody_sits_out
    gettext_noop('sit out from {points}'),  # rules_sit_out_from
    gettext_noop('no bounce'),  # rules_no_bounce
    gettext_noop('the highest total after the last hand wins'),  # rules_end_hands
    gettext_noop('a bonus counts on a miss too'),  # rules_bonus_on_miss
    gettext_noop('open bids'),  # rules_open
    gettext_noop('sealed bids'),  # rules_sealed
    gettext_noop('1 to {most} and back, to 100'),  # preset_up_down
    gettext_noop('1 card, one more a round up to {most} and back down, over and over; exactly 100 wins.'),  # preset_up_down_about
    gettext_noop('{most} down to 1, to 100'),  # preset_down
    gettext_noop('{most} cards, one fewer a round down to 1, over and over; exactly 100 wins.'),  # preset_down_about
    gettext_noop('1 to {most} and back; the hook only holds with more than 3 cards.'),  # preset_dutch_hook_about
    gettext_noop("{player}'s bid of {bid}"),  # entry_bid
    gettext_noop("{player}'s bid"),  # entry_bid_sealed
    ngettext_lazy("{player}'s {tricks} trick", "{player}'s {tricks} tricks", 'tricks'),  # entry_tricks
    gettext_noop("{player}'s tricks ({value})"),  # entry_tricks_as_given
    gettext_noop("{player}'s pass"),  # entry_pass
    gettext_noop("{player}'s call of {call}"),  # entry_call
    gettext_noop('the trump ({trump})'),  # entry_trump
    gettext_noop('the roll of the dice'),  # entry_dice
    gettext_noop('the last entry'),  # entry_last
    gettext_noop('{prompt}: this step asks no one player'),  # step_asks_no_one
    gettext_noop('{value} is not something that can be said here ({prompt})'),  # not_said_here
    gettext_noop('{kind} is not asked for now: {prompt}'),  # not_asked_now
    gettext_noop('{seat} is not a seat at this table'),  # not_a_seat
    gettext_noop('{value} is not one of the boxes here ({prompt})'),  # not_a_box
    gettext_noop('{label} is ticked twice ({prompt})'),  # ticked_twice
    gettext_noop('{first}, {rest}'),  # comma_list
    gettext_noop('players must be a list of names'),  # record_players_list
    gettext_noop('{game} is for {counts} players, not {count}'),  # record_player_count
    gettext_noop('every player needs a name'),  # record_needs_name
    gettext_noop('two players are called {name}: give one another name'),  # record_same_name
    gettext_noop('a game record must be a JSON object'),  # record_not_object
    gettext_noop('{field} must be a JSON object'),  # record_options_object
    gettext_noop('{field} must be a seat from 0 to {last}'),  # record_first_dealer
    gettext_noop('{field} must be a list'),  # record_rounds_list
    gettext_noop('a round must be a JSON object'),  # record_round_object
    gettext_noop('option {name} is given only with {setting}'),  # option_only_with
    gettext_noop('option {name} is not given with {setting}'),  # option_refused_with
    gettext_noop('not given with {setting}'),  # refused_with
    gettext_noop('a hand has at least 1 card, not {value}'),  # hand_at_least_one
    gettext_noop('{what} is true or false, not {value}'),  # true_or_false
    gettext_noop('not yet: next is "{prompt}"'),  # not_yet_next
    gettext_noop("it is {player}'s turn to call"),  # turn_to_call
    gettext_noop('the round has no {field}'),  # round_no_field
    gettext_noop('{what} must be a whole number, not {value}'),  # whole_number
    gettext_noop("{player}'s {what} must be a whole number, not {value}"),  # whole_number_of
    gettext_noop('{what} must list one value for each of the {count} players'),  # one_each
    gettext_noop('the round has an unknown field {field}'),  # round_unknown_field
    gettext_noop('trump must be one of {trumps}, not {value}'),  # trump_value
    gettext_noop('option {name} is true or false, not {value}'),  # option_bool
    gettext_noop('option {name} is a whole number, not {value}'),  # option_int
    gettext_noop('option {name} is at least {minimum}, not {value}'),  # option_minimum
    gettext_noop('option {name} is at most {maximum}, not {value}'),  # option_maximum
    gettext_noop('option {name} is one of {choices}, not {value}'),  # option_choice
    gettext_noop('option {name} is a list of hand sizes, not {value}'),  # option_hands_list
    gettext_noop('option {name} lists 1 to {most} hands, not {count}'),  # option_hands_count
    gettext_noop('Give 1 to {most} hand sizes, not {count}.'),  # hands_count
    gettext_noop('option {option}: {reason}'),  # option_reason
    gettext_noop('a hand size is a whole number, not {value}'),  # hand_size_whole
    gettext_noop("unknown option {name} (this game's options: {names})"),  # option_unknown
    gettext_noop('options {other} and {name} cannot both be given: {name} replaces {other}'),  # options_exclusive
    gettext_noop('unknown game {value} (Scorepad keeps {games})'),  # record_unknown_game
    gettext_noop('{field} must be an ISO 8601 date and time with a UTC offset, like {example}, not {value}'),  # record_played_at
    gettext_noop('{field} must be within the years 1 to 9999 in every time zone, not {value}'),  # record_played_at_range
    gettext_noop('the name {name}... is too long ({most} characters at most)'),  # record_name_too_long
    gettext_noop('the name {name} is too long: in small letters it has {count} characters ({most} at most)'),  # record_name_folds_too_long
    gettext_noop('the name {name} holds a control character or a broken one'),  # record_name_control
    gettext_noop('the name {name} holds an invisible character ({character}) that can change how the text after it is shown: write the name without it'),  # record_name_hidden
    gettext_noop('this is not a {format} game record ({field} is {value})'),  # record_format
    gettext_noop('the record has an unknown field {field}'),  # record_unknown_field
    gettext_noop('the record has no field {field}'),  # record_missing_field
    gettext_noop('the key {key} is given twice in one object'),  # record_key_twice
    gettext_noop('the first dealer is seat 1 to {players}, not seat {seat}'),  # plan_first_dealer
    gettext_noop('the round has scores for {scores} of {players} players'),  # round_scores_for
    gettext_noop('unreadable'),  # round_unreadable
    gettext_noop('an entry must say what kind of entry it is'),  # entry_kind
    gettext_noop("an entry's seat must be a seat number"),  # entry_seat
    gettext_noop('the round has more in it than the rules allow'),  # round_too_full
    gettext_noop('the round is not finished: {step}'),  # round_not_finished
    gettext_noop('{least} to {most}'),  # players_from_to
    gettext_noop('a hand of {cards} cards is too big for {players} players: the pack allows at most {most}'),  # hand_too_big
    gettext_noop('option {name} is needed with {setting} ({what})'),  # option_needed_custom
    gettext_noop('there is no preset {key} for {game}'),  # no_preset
    gettext_noop('nobody to draw for'),  # draw_nobody
    gettext_noop('cannot read {path}: {error}'),  # cli_cannot_read
    gettext_noop('the record is nested too deeply to read'),  # record_too_deep
    gettext_noop('round {number} has no {field} to correct'),  # cell_no_field
    gettext_noop('{field} in round {number}'),  # cell_label
    gettext_noop('{value} is not one of the values {label} may have here'),  # cell_value
    gettext_noop('nobody'),  # nobody
    gettext_noop("{player}'s total {was} → {now}"),  # change_total
    gettext_noop('round {number} will need attention: {problem}'),  # change_attention
    gettext_noop('Nothing changes.'),  # change_nothing
    gettext_noop("round {number}: {player}'s {what} {was} → {now}"),  # change_player
    gettext_noop('round {number}: {field} {part} {was} → {now}'),  # change_part
    gettext_noop('round {number}: the {field} {was} → {now}'),  # change_field
    gettext_noop('the winner becomes {now} instead of {was}'),  # change_winner
    gettext_noop('the winners become {now} instead of {was}'),  # change_winners
    gettext_noop('the game is no longer over'),  # change_not_over
    gettext_noop('the game is now over'),  # change_over
    gettext_noop('the lead goes to {now} instead of {was}'),  # change_lead
    gettext_noop("{expr} uses {what}, which house rules don't allow"),  # expr_uses
    gettext_noop('{expr} calls {called}: house rules know only abs, min and max'),  # expr_calls
    gettext_noop('{expr}: {function}() takes one value, not {count}'),  # expr_takes_one
    gettext_noop('{expr}: {function}() takes two or more values, not {count}'),  # expr_takes_more
    gettext_noop('{expr} uses {function} without brackets: write {function}(...)'),  # expr_no_brackets
    gettext_noop('{expr} uses the name {name}: house rules know only b (bid), t (tricks), h (cards dealt) and n (players)'),  # expr_unknown_name
    gettext_noop('{expr} writes {written}: write numbers in plain decimal digits'),  # expr_digits
    gettext_noop('{name} is {value}'),  # expr_name_is
    gettext_noop('{expr} is {length} characters long: at most {most}'),  # expr_too_long
    gettext_noop('the expression is empty'),  # expr_empty
    gettext_noop('{expr} cannot be read'),  # expr_unreadable
    gettext_noop('division by zero'),  # expr_division
    gettext_noop('division by zero when {when}'),  # expr_division_when
    gettext_noop('{expr} gives {value}: a score lies in {low}..{high}'),  # expr_range
    gettext_noop('{expr} gives {value} when {when}: a score lies in {low}..{high}'),  # expr_range_when
    gettext_noop('option {option} is an expression written as text, not {value}'),  # expr_not_text
    gettext_noop('{total} + {score} = {new}, {over} over {goal}: {bounced}'),  # bounce
    ngettext_lazy('{dealer} deals with the lead and may not bid {bid}: the bids would add up to the {hand_size} trick', '{dealer} deals with the lead and may not bid {bid}: the bids would add up to the {hand_size} tricks', 'hand_size'),  # hook_leader
    gettext_noop('the Canadian rule'),  # rules_hook_leader
    gettext_noop('the file is empty'),  # record_empty
    gettext_noop('the file is not text: a game record is a JSON text file'),  # record_not_text
    gettext_noop('the file is not a readable JSON text: something is wrong at line {line}, column {column}'),  # record_not_json_at
    gettext_noop('the file holds a number of {digits} digits: no number in a game record is that long'),  # record_number_too_long
    gettext_noop('{expr} cannot be read: a bracket is opened and never closed'),  # expr_unclosed
    gettext_noop('{expr} cannot be read: a bracket is closed that was not opened'),  # expr_unmatched
    gettext_noop('{expr} cannot be read: an if needs its else (X if C else Y)'),  # expr_no_else
    gettext_noop('there is no die {die} at {prompt}'),  # die_unknown
    gettext_noop('tap a face of the {die}'),  # die_face_missing
    gettext_noop('the {die} has no face {face}: its faces are {faces}'),  # die_face
    gettext_noop('No trump this round: the whole pack is dealt'),  # oh_hell_no_trump
    gettext_noop('there is no trump in a round of {hand_size} cards to {players} players: the whole pack is dealt and no card is turned up'),  # oh_hell_no_trump_turned_up
    gettext_noop('Boerenbridge as ruled is played by {ruled} players, not {count}; with hand sizes of your own (option {option}), by {least} to {most}'),  # boerenbridge_players
    gettext_noop('option {name} is needed with {setting}: the game ends after its last hand'),  # boerenbridge_end_hands
    ngettext_lazy('{count} round, the highest total wins', '{count} rounds, the highest total wins', 'count'),  # goal_after_hands
    gettext_noop('No pass'),  # brink_no_pass
    ngettext_lazy('Pass {number} card to the other player', 'Pass {number} cards to the other player', 'number'),  # brink_pass_other
    ngettext_lazy('Pass {number} card across', 'Pass {number} cards across', 'number'),  # brink_pass_across
    ngettext_lazy('Pass {number} card to the left', 'Pass {number} cards to the left', 'number'),  # brink_pass_left
    ngettext_lazy('Pass {number} card to the right', 'Pass {number} cards to the right', 'number'),  # brink_pass_right
    gettext_noop('No trump'),  # brink_no_trump
    gettext_noop('Trump: {trump}'),  # brink_trump
    gettext_noop('Brink Bid is for 2 to 6 players, not {count}'),  # brink_players
    gettext_noop('the trump die shows {faces}, not {value}'),  # brink_trump_die
    gettext_noop('the number die shows {faces} or {none}, not {value}'),  # brink_number_die
    gettext_noop('the direction die shows {faces}, not {value}'),  # brink_direction_die
    gettext_noop('the dice must give the trump, the number and the direction'),  # brink_dice_shape
    gettext_noop('the trump die shows {die}: the trump cannot be {trump}'),  # brink_trump_not_die
    gettext_noop('the dice for this round are rolled already'),  # brink_dice_rolled
    gettext_noop('the dice are rolled before the bidding, not once it has begun'),  # brink_dice_before_bids
    gettext_noop('{player} rolls the dice before the first bid'),  # brink_roll_first
    gettext_noop('the trump is {trump}: the trump die cannot show {die}'),  # brink_die_not_trump
    gettext_noop('{giver} passes {count} to {receiver}'),  # brink_note_passes
    gettext_noop('Across-left with {players} players: nobody sits across, so the cards go to the left'),  # brink_across_odd_left
    gettext_noop('Across-right with {players} players: nobody sits across, so the cards go to the right'),  # brink_across_odd_right
    gettext_noop('{player} {contract}, made'),  # sinker_row_made
    gettext_noop('{player} {contract}, failed'),  # sinker_row_failed
    gettext_noop('Made: {player} took all {tricks} tricks'),  # sinker_made
    gettext_noop('Lost at trick {trick}: {opponent} took it'),  # sinker_lost_at
    ngettext_lazy('Lost at trick {trick}: {opponent} took it after {bidder} took {taken} trick', 'Lost at trick {trick}: {opponent} took it after {bidder} took {taken} tricks', 'taken'),  # sinker_lost_after
    gettext_noop("How {player}'s {call} went"),  # sinker_how_went
    gettext_noop('{call} is not stronger than the standing {standing}'),  # sinker_not_stronger
    gettext_noop('{call} can be called only over a standing {single}'),  # sinker_double_over
    gettext_noop('the auction is over ({outcome})'),  # sinker_auction_over
    gettext_noop('tricks are entered once the auction is over'),  # sinker_tricks_after_auction
    gettext_noop('both players passed: Diving'),  # sinker_outcome_diving
    gettext_noop("{player}'s {contract} is the contract"),  # sinker_outcome_contract
    gettext_noop('Exchange at most {cards} cards'),  # sinker_exchange
    gettext_noop('Diving: both players passed'),  # sinker_note_diving
    gettext_noop("Contract: {player}'s {contract}"),  # sinker_note_contract
    gettext_noop("Standing bid: {player}'s {contract}"),  # sinker_note_standing
    gettext_noop('{field} must be a list of the calls made, in order'),  # sinker_calls_list
    gettext_noop('a call is one of {calls}, not {value}'),  # sinker_call_value
    gettext_noop('the calls stop before the auction is over: {player} calls next'),  # sinker_calls_stop
    gettext_noop('{bidder} called {contract}: either {bidder} took all {tricks} tricks, or play stopped at the first trick {opponent} took, so {opponent} has exactly 1 (not {opponent_took}) and {bidder} fewer than {tricks} (not {bidder_took})'),  # sinker_all_result
    gettext_noop('the round has no contract'),  # sinker_no_contract
    gettext_noop('Diving'),  # sinker_diving
    gettext_noop('{player} made {contract}'),  # sinker_view_made
    gettext_noop('{player} failed {contract}'),  # sinker_view_failed
    gettext_noop('a bid must be higher than {bid}'),  # abra_bid_higher
    gettext_noop('Everyone passed: the deal is thrown in'),  # abra_thrown_in
    gettext_noop('Who won trick {trick}?'),  # abra_who_won
    gettext_noop('The deal is complete'),  # abra_deal_complete
    gettext_noop('{player} has {suit} already'),  # abra_suit_taken
    gettext_noop('Which suit does {player} take as bid cards?'),  # abra_bid_suit
    gettext_noop("{suit} in {player}'s tricks: how many?"),  # abra_suit_cards
    gettext_noop('Trump: the card turned up after the deal (the Joker: no trump)'),  # abra_trump_turned_up
    gettext_noop('Which tricks does each player name?'),  # abra_grid_names
    gettext_noop('Who won each trick?'),  # abra_grid_tricks
    gettext_noop('Same bid suits as last deal'),  # abra_same_suits
    gettext_noop('there are no bid suits of a last deal to take again'),  # abra_no_last_suits
    gettext_noop('the same bid suits as last deal are taken before any is picked'),  # abra_same_suits_first
    gettext_noop('Tap who won each trick from trick {number} on, with none left out.'),  # abra_trick_rows
    gettext_noop('There are more winners than tricks left to play.'),  # abra_more_winners
    gettext_noop('{points} success'),  # abra_part_success
    gettext_noop('{points} named'),  # abra_part_named
    gettext_noop('{points} right hand'),  # abra_part_right_hand
    ngettext_lazy('{points} trick', '{points} tricks', 'points'),  # abra_part_tricks
    gettext_noop('{points} suit cards'),  # abra_part_suit_cards
    gettext_noop('{sum} + {part}'),  # abra_part_plus
    gettext_noop('{sum} - {part}'),  # abra_part_minus
    gettext_noop('{sum} = {total}'),  # abra_part_total
    gettext_noop("{player}'s bid suit ({suit})"),  # entry_suit
    gettext_noop('the bid suits'),  # entry_suits
    gettext_noop('the tricks {player} named'),  # entry_named
    gettext_noop("the declarer's right-hand tricks and piles"),  # entry_declare
    gettext_noop('the last trick, won by {player}'),  # entry_trick
    ngettext_lazy("{player}'s {cards} card of their bid suit", "{player}'s {cards} cards of their bid suit", 'cards'),  # entry_suit_cards
    gettext_noop('{player} declared {bid}'),  # abra_declared
    gettext_noop('a call is a bid (a number) or "pass", not {value}'),  # abra_call_value
    gettext_noop("{player}'s {what} must be a list of trick numbers, not {value}"),  # abra_tricks_list
    gettext_noop('{player} may name tricks 1 to {hand_size}, not {trick}'),  # abra_name_range
    gettext_noop('{player} names trick {trick} twice'),  # abra_named_twice
    ngettext_lazy('{tricks} trick of {per_trick} cards hold {taken} cards', '{tricks} tricks of {per_trick} cards hold {taken} cards', 'tricks'),  # abra_tricks_hold
    gettext_noop('the pack has {cards} cards of each suit'),  # abra_pack_suit
    gettext_noop('{player} cannot have taken {cards} {suit}: {why}'),  # abra_suit_cards_most
    gettext_noop('{player} names trump'),  # abra_prompt_names_trump
    gettext_noop('Tricks {player} names (exactly {bid})'),  # abra_prompt_name_exactly
    gettext_noop('Tricks {player} names (fewer than {bid})'),  # abra_prompt_name_fewer
    gettext_noop('Which named tricks does {player} move to the right? (none is fine)'),  # abra_prompt_declare
    gettext_noop('highest bid: {bid} by {player}'),  # abra_note_highest
    gettext_noop('everyone passed: the deal is thrown in'),  # abra_note_thrown_in
    gettext_noop('{player} declares {bid}'),  # abra_note_declares
    gettext_noop('no trump'),  # abra_note_no_trump
    gettext_noop('trump {trump}'),  # abra_note_trump
    gettext_noop('trick {trick} of {hand_size}'),  # abra_note_trick
    gettext_noop('named by {names}'),  # abra_note_named_by
    gettext_noop('named by nobody'),  # abra_note_named_by_nobody
    gettext_noop('this deal is complete'),  # abra_deal_done
    gettext_noop('{player} may bid 1 to {hand_size}, not {bid}'),  # abra_bid_range
    gettext_noop("it is {player}'s turn to pick a bid suit"),  # abra_turn_suit
    gettext_noop("it is {player}'s bid-suit cards that are asked for"),  # abra_suit_cards_asked
    gettext_noop('the declarer names trump once the auction is over'),  # abra_trump_after_auction
    gettext_noop('trump is named already'),  # abra_trump_named
    gettext_noop('{player} declares and names trump'),  # abra_declarer_names_trump
    gettext_noop("it is {player}'s turn to name tricks"),  # abra_turn_name
    ngettext_lazy('{player} bid {bid} and must name exactly {bid} trick, not {named}', '{player} bid {bid} and must name exactly {bid} tricks, not {named}', 'bid'),  # abra_name_exactly
    gettext_noop("{player} must name fewer tricks than {declarer}'s {bid}, not {named}"),  # abra_name_fewer
    gettext_noop('{player} declares: the exposing is theirs to enter'),  # abra_declarer_exposes
    gettext_noop('the declaring says which tricks are exposed and which piles'),  # abra_declare_shape
    gettext_noop('{player} did not name trick {trick}, so cannot expose it'),  # abra_expose_unnamed
    gettext_noop('{field} must be a list of the calls made'),  # abra_calls_list
    gettext_noop('there are more calls than the auction allows'),  # abra_too_many_calls
    gettext_noop('every player passed, so the deal was thrown in and has no {field}'),  # abra_thrown_in_field
    gettext_noop('every player passed, so no declarer named trump'),  # abra_thrown_in_trump
    gettext_noop('the round has no {field}: {player} names it'),  # abra_round_no_trump
    gettext_noop('a bid suit is one of {suits}, not {value}'),  # abra_suit_value
    gettext_noop('only the declarer, {declarer}, exposes named tricks, not {player}'),  # abra_only_declarer
    gettext_noop('{field} must list the winner of each of the {hand_size} tricks'),  # abra_trick_winners
    gettext_noop("a trick's winner is a seat from 0 to {last}, not {seat}"),  # abra_trick_winner_seat
    gettext_noop('thrown in'),  # abra_thrown_in_note
    gettext_noop('{player} cannot have taken more than {most} {suit}: {why}'),  # abra_suit_cards_at_most
    gettext_noop('trick {trick}'),  # abra_cell_trick
    gettext_noop('{player} again'),  # abra_cell_call_again
    gettext_noop('Trump turned up (a Wizard turned: {dealer} deals and names a suit)'),  # wizard_prompt_trump
    ngettext_lazy('only {left} trick of {hand_size} is left once the lost ones are counted', 'only {left} tricks of {hand_size} are left once the lost ones are counted', 'left'),  # skull_tricks_left
    ngettext_lazy('the tricks add up to {total} and {lost} lost, but {hand_size} trick was played', 'the tricks add up to {total} and {lost} lost, but {hand_size} tricks were played', 'hand_size'),  # skull_tricks_sum
    gettext_noop('Whose bonus?'),  # skull_whose_bonus
    gettext_noop('Tricks nobody took (the Kraken)'),  # skull_prompt_lost
    ngettext_lazy('the players have taken all but {left} trick already', 'the players have taken all but {left} tricks already', 'left'),  # skull_lost_left
    gettext_noop('0 to {hand_size} tricks may be lost, not {lost}'),  # skull_lost_range
    gettext_noop('lost tricks are entered with the tricks taken'),  # skull_lost_when
    ngettext_lazy('{lost} trick lost', '{lost} tricks lost', 'lost'),  # skull_note_lost
    gettext_noop('the tricks are all in: the bonuses are next'),  # skull_tricks_in
    gettext_noop('No bonus'),  # skull_no_bonus
    gettext_noop('a bonus is entered once the tricks are in, for a bid made'),  # skull_bonus_when
    gettext_noop('{player} missed their bid: a bonus counts only for a bid made'),  # skull_bonus_missed
    gettext_noop('{player}: any bonus?'),  # skull_prompt_bonus_any
    gettext_noop('{players}: any bonuses?'),  # skull_prompt_bonuses_any
    gettext_noop("it is {player}'s bonus that is asked for"),  # skull_bonus_asked
    gettext_noop("{player}'s bonus is {least} to {most}, not {bonus}"),  # skull_bonus_range
    gettext_noop('{points} + {bonus} bonus = {total}'),  # skull_breakdown
    gettext_noop('{points} - {bonus} bonus = {total}'),  # skull_breakdown_minus
    ngettext_lazy('{lost} lost trick', '{lost} lost tricks', 'lost'),  # entry_lost
    gettext_noop("{player}'s bonus of {bonus}"),  # entry_bonus
    gettext_noop('{player} made the bid: any bonus?'),  # skull_prompt_bonus_one
    gettext_noop('{players} made their bids: any bonuses?'),  # skull_prompt_bonuses
    gettext_noop('No bonuses'),  # skull_no_bonuses
    gettext_noop('No more bonuses'),  # skull_no_more_bonuses
    gettext_noop('no more bonuses'),  # entry_no_more_bonuses
    gettext_noop('Nil'),  # spades_nil
    gettext_noop('Blind nil'),  # spades_blind_nil
    gettext_noop('nil'),  # spades_bid_nil
    gettext_noop('blind nil'),  # spades_bid_blind_nil
    gettext_noop('spades are always trumps in Spades: no trump is recorded'),  # spades_no_trump
    gettext_noop('blind nil is not played at this table (option blind_nil), so {player} may not bid it'),  # spades_blind_off
    gettext_noop('{field} lists the seats that bid blind nil, each once, low to high'),  # spades_blind_list
    gettext_noop('{player} bid {bid}: only a nil may be blind'),  # spades_blind_not_nil
    gettext_noop('{team}: {contract}'),  # spades_contract
    gettext_noop('{team}: {contract} ({players} nil)'),  # spades_contract_nil
    ngettext_lazy('{points}: {contract} bid, {taken} taken, {bags} bag', '{points}: {contract} bid, {taken} taken, {bags} bags', 'bags'),  # spades_made
    gettext_noop('{points}: {contract} bid, {taken} taken, set'),  # spades_set
    gettext_noop("{player}'s nil: +{points}"),  # spades_nil_made
    gettext_noop("{player}'s nil: -{points}"),  # spades_nil_lost
    gettext_noop("{player}'s blind nil: +{points}"),  # spades_blind_made
    gettext_noop("{player}'s blind nil: -{points}"),  # spades_blind_lost
    ngettext_lazy('{bags} bag: -{penalty}', '{bags} bags: -{penalty}', 'bags'),  # spades_penalty
    gettext_noop('{first}; {then}'),  # spades_then
    gettext_noop('{parts} = {points}'),  # spades_in_all
    gettext_noop('to {target}, or down to {lose_at}'),  # goal_spades_lose
    gettext_noop('{first} & {second}'),  # team_name
    gettext_noop('{first} against {second}'),  # teams_against
)
# Each registered game's own words from its data (rules_engine.game_words): its
# summary, options and their help and choices, presets, sheet boxes, calls, dice, bonuses.
GAME_WORDS = (
    gettext_noop('Bid the exact number of tricks you will take; the dealer may not make the bids add up to the tricks.'),
    gettext_noop('Bids made exactly'),
    gettext_noop('Trump'),
    gettext_noop('Bid'),
    gettext_noop('Took'),
    gettext_noop('Game style'),
    gettext_noop('The hand sizes, round by round.'),
    gettext_noop('Long: 10 down to 1 and back up'),
    gettext_noop('Long inverted: 1 up to 10 and back down'),
    gettext_noop('Short up and down: 6 down to 1 and back up'),
    gettext_noop('Short up: 1 up to 10'),
    gettext_noop('Short down: 10 down to 1'),
    gettext_noop('Scoring style'),
    gettext_noop('What a made or missed bid is worth.'),
    gettext_noop('Positive: 1 a trick, plus 10 for a made bid'),
    gettext_noop('Neutral: 10 plus tricks for a made bid, else 0'),
    gettext_noop('Negative: 10 for a made bid, else -10 a trick off'),
    gettext_noop('Our own: the made and missed expressions below'),
    gettext_noop('Hand sizes'),
    gettext_noop('One hand size a round, from 1 card up to what the pack allows. Replaces the style.'),
    gettext_noop('Hook'),
    gettext_noop('The dealer may not bid what makes the bids add up to the cards dealt.'),
    gettext_noop('On'),
    gettext_noop('Off'),
    gettext_noop('The Canadian rule: a dealer in the lead, 0 allowed'),
    gettext_noop('Hook from'),
    gettext_noop('The hook holds only in rounds of at least this many cards.'),
    gettext_noop('Made'),
    gettext_noop('The score of a bidder who took exactly their bid (with scoring: custom).'),
    gettext_noop('Missed'),
    gettext_noop('The score of a bidder who missed their bid (with scoring: custom).'),
    gettext_noop('Bidding'),
    gettext_noop('Open: bids are seen as they are made. Sealed: given unseen, shown together.'),
    gettext_noop('Open'),
    gettext_noop('Sealed'),
    gettext_noop('As ruled'),
    gettext_noop("Board Game Arena's rules: the styles and scorings above."),
    gettext_noop('1 up to 7 and down'),
    gettext_noop('1 card, one more a round up to 7, then back down to 1 (13 rounds).'),
    gettext_noop('No hook'),
    gettext_noop('The dealer may bid anything: the bids may add up to the tricks.'),
    gettext_noop('Minus 10 a trick off'),
    gettext_noop('10 for the bid made; 10 off for every trick over or under it.'),
    gettext_noop('Tricks plus 5'),
    gettext_noop('1 point a trick, and 5 more for the bid made; 10 down to 1.'),
    gettext_noop('Exact, with a penalty'),
    gettext_noop('10 plus the bid for the bid made; the bid taken off for a bid missed.'),
    gettext_noop('Bid your tricks all at once; score exactly 100 to win, and sit out the bidding from 80 points.'),
    gettext_noop('Scoring'),
    gettext_noop('Standard: 10 plus the tricks for a made bid, 20 for 0'),
    gettext_noop('One hand size a round, from 1 card up to what the pack allows.'),
    gettext_noop('End'),
    gettext_noop('When the game ends: on the target, or after the last of the hand sizes, the highest total winning.'),
    gettext_noop('On the target'),
    gettext_noop('After the last hand'),
    gettext_noop('Target'),
    gettext_noop('The total that wins.'),
    gettext_noop('Sit out from'),
    gettext_noop('A player on this total or more at the start of a round does not bid (empty: nobody).'),
    gettext_noop('Bounce'),
    gettext_noop('Over the target, the excess is taken off it and only exactly the target wins; without it, the first round to reach the target ends the game.'),
    gettext_noop('13 cards, exactly 100 to win, sitting out from 80.'),
    gettext_noop('Hook from 4 cards'),
    gettext_noop('To 150'),
    gettext_noop('A longer game: exactly 150 wins, sitting out from 130.'),
    gettext_noop('5 and a point a trick, minus a point a trick off'),
    gettext_noop('Made: 5 plus 1 a trick; missed: 1 off for every trick over or under; first to 100.'),
    gettext_noop('Dutch pyramid'),
    gettext_noop('1 card up to the most and back to 1; 10 and 3 a trick for the bid made, 3 off a trick for a miss; the highest total wins.'),
    gettext_noop('Basis'),
    gettext_noop('The same hands; 10 and 2 a trick for the bid made, nothing for a miss.'),
    gettext_noop('Flemish'),
    gettext_noop('The same hands; 10 and 3 a trick for the bid made, nothing for a miss.'),
    gettext_noop('Dice set trump and a pass; bid your tricks: 5 points for the bid made, 2 for being one off it, on the Brink.'),
    gettext_noop('Dice'),
    gettext_noop('Pass'),
    gettext_noop('Direction'),
    gettext_noop('Standard: 5 for the bid made, 2 on the Brink'),
    gettext_noop('4 cards up to the final hand; 5 made, 2 on the Brink.'),
    gettext_noop('With the hook'),
    gettext_noop('The dealer may not make the bids add up to the cards dealt, as in Oh Hell.'),
    gettext_noop('4 up to 8 and back down'),
    gettext_noop('4 cards up to 8 and back down to 4 (9 rounds), for any number of players.'),
    gettext_noop("Oh Hell's scoring"),
    gettext_noop('1 point a trick, and 10 more for the bid made.'),
    gettext_noop('Brink, with a penalty'),
    gettext_noop('5 made, 2 on the Brink, and 1 off a trick beyond it.'),
    gettext_noop('left'),
    gettext_noop('right'),
    gettext_noop('across-left'),
    gettext_noop('across-right'),
    gettext_noop('trump die'),
    gettext_noop('number die'),
    gettext_noop('direction die'),
    gettext_noop('no pass'),
    gettext_noop('number'),
    gettext_noop('direction'),
    gettext_noop('Two players bid to take at most 3, 2, 1 or no tricks, or all of them; a failed contract scores for the opponent.'),
    gettext_noop('Calls in the order made, the non-dealer first: pass, 3, 2, 1, zero, double-zero, all, double-all. Both pass: Diving.'),
    gettext_noop('Contracts made'),
    gettext_noop('Calls'),
    gettext_noop('Contract'),
    gettext_noop('Tricks'),
    gettext_noop('Deals'),
    gettext_noop('How many deals the game lasts (even numbers recommended).'),
    gettext_noop('Exchange limit'),
    gettext_noop('A reminder at the table of how many cards each player may exchange.'),
    gettext_noop('No limit'),
    gettext_noop('At most 4 cards'),
    gettext_noop('pass'),
    gettext_noop('zero'),
    gettext_noop('double-zero'),
    gettext_noop('Zero'),
    gettext_noop('Double-zero'),
    gettext_noop('All'),
    gettext_noop('Double-all'),
    gettext_noop('all'),
    gettext_noop('double-all'),
    gettext_noop('Bid for tricks by their number and for cards of your own suit; the highest bidder declares and may expose tricks for double.'),
    gettext_noop("Named: the tricks a player's bid cards name; [12] exposed by the declarer (double, won or lost). Suit cards: the bid suit and its cards taken; open: an exposed pile (4 a card)."),
    gettext_noop('Named tricks made'),
    gettext_noop('Declarer'),
    gettext_noop('Named'),
    gettext_noop('Suit cards'),
    gettext_noop('Target score'),
    gettext_noop('The game ends after the deal in which a total reaches it.'),
    gettext_noop('Number of deals'),
    gettext_noop('Play this many deals instead of to the target score.'),
    gettext_noop('Declarer names trump'),
    gettext_noop('The declarer names trump instead of the turned card.'),
    gettext_noop('Success'),
    gettext_noop('What wins the success bonus.'),
    gettext_noop('Exact: win every trick named'),
    gettext_noop('Success when taking at least as many tricks as named'),
    gettext_noop('Exact count: take exactly as many tricks as named, any of them'),
    gettext_noop('named tricks'),
    gettext_noop('exposed tricks'),
    gettext_noop('a trick number'),
    gettext_noop("a trick's winner"),
    gettext_noop('Bid suits'),
    gettext_noop('Named tricks'),
    gettext_noop('Exposed to the right'),
    gettext_noop('Piles laid open'),
    gettext_noop('Trick winners'),
    gettext_noop('bid suit'),
    gettext_noop('winner'),
    gettext_noop('suit cards'),
    gettext_noop('piles laid open'),
    gettext_noop('not noted'),
    gettext_noop('One card more each round; bid your tricks exactly: 20 and 10 a trick for the bid made, 10 off for every trick over or under.'),
    gettext_noop('Standard: 20 and 10 a trick for the bid made, -10 a trick off'),
    gettext_noop('1 card, one more a round until the 60 cards are dealt.'),
    gettext_noop("The dealer's hook"),
    gettext_noop('The dealer may not make the bids add up to the cards dealt.'),
    gettext_noop('The Canadian rule'),
    gettext_noop('Only a dealer who leads may not make the bids add up to the cards dealt; 0 is always allowed.'),
    gettext_noop('Bid your tricks all at once; 20 a trick for the bid made, with bonuses for captures; a bid of 0 risks 10 a card.'),
    gettext_noop('Bonus'),
    gettext_noop('Standard: 20 a trick for a bid made, 10 a card for 0, and the bonus'),
    gettext_noop('Bonus on a miss'),
    gettext_noop("A player's bonus counts whether or not they made their bid."),
    gettext_noop('10 rounds of 1 to 10 cards; the bids shown together.'),
    gettext_noop('Rascal'),
    gettext_noop("Rascal's scoring: a direct hit 10 a card dealt, a glancing blow (one trick off) half, else nothing."),
    gettext_noop('Even keeled'),
    gettext_noop('2, 2, 4, 4 ... 10, 10 cards.'),
    gettext_noop('Skip to the brawl'),
    gettext_noop('6 up to 10 cards.'),
    gettext_noop('Swift-n-salty'),
    gettext_noop('Five rounds of 5 cards.'),
    gettext_noop('Broadside'),
    gettext_noop('Ten rounds of 10 cards.'),
    gettext_noop('Whirlpool'),
    gettext_noop('9, 9, 7, 7 ... 1, 1 cards.'),
    gettext_noop('Bedtime'),
    gettext_noop('One round of 1 card.'),
    gettext_noop('A 14'),
    gettext_noop('The black 14'),
    gettext_noop('A Mermaid taken by a Pirate'),
    gettext_noop('A Pirate taken by the Skull King'),
    gettext_noop('The Skull King taken by a Mermaid'),
    gettext_noop('Loot'),
    gettext_noop('bonus'),
    gettext_noop('Lost'),
    gettext_noop('lost tricks'),
    gettext_noop('Two partnerships bid a contract together; 10 a trick bid, 1 a bag, nil for 100 (blind 200); ten bags cost 100.'),
    gettext_noop('The team total that ends the game.'),
    gettext_noop('Lose at'),
    gettext_noop('A team total this low or lower ends the game (empty: never).'),
    gettext_noop('Bag limit'),
    gettext_noop("Each time a team's bags reach this many, 100 comes off its total (empty: no penalty)."),
    gettext_noop('Blind nil'),
    gettext_noop('A player may bid nil before looking at their cards, for 200.'),
    gettext_noop('Standard, to 500'),
    gettext_noop('To 500, down to -200 loses; 10 bags cost 100.'),
    gettext_noop('Short, to 300'),
    gettext_noop('The same rules, to 300.'),
    gettext_noop('No bag penalty'),
    gettext_noop('Overtricks score 1 each and never cost 100.'),
    gettext_noop('Nil'),
)
# fmt: on
