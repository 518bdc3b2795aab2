"""Scorepad's rules engine: every rule of the five games, and nothing else.

Pure Python, standard library only. The web app asks it everything: who deals,
how many cards, whose call it is, what may be said and why not, the scores.
"""

from .base import SUITS as SUITS
from .base import TRUMPS as TRUMPS
from .base import Choice as Choice
from .base import Draft as Draft
from .base import Entry as Entry
from .base import GameRules as GameRules
from .base import RoundContext as RoundContext
from .base import RoundView as RoundView
from .base import Setup as Setup
from .base import Step as Step
from .base import StepKind as StepKind
from .brink_bid import Dice as Dice
from .brink_bid import Pass as Pass
from .brink_bid import passes as passes
from .brink_bid import roll_brink_dice as roll_brink_dice
from .chance import Card as Card
from .chance import DealerDraw as DealerDraw
from .chance import draw_for_dealer as draw_for_dealer
from .chance import roll_dice as roll_dice
from .errors import RulesError as RulesError
from .games import GAMES as GAMES
from .options import Option as Option
from .options import OptionChoice as OptionChoice
from .record import FORMAT as FORMAT
from .record import Record as Record
from .record import load_record as load_record
from .record import new_record as new_record
from .record import parse_record as parse_record
from .record import rules_for as rules_for
from .schedule import OPEN_ROWS as OPEN_ROWS
from .schedule import ScheduledRound as ScheduledRound
from .schedule import schedule as schedule
from .sheet import ScoredRound as ScoredRound
from .sheet import Sheet as Sheet
from .sheet import review as review
from .sheet import score as score
from .table import Table as Table
from .table import play as play
from .table import replace_round as replace_round
from .table import table as table
from .table import undo as undo
