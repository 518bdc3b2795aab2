"""Every input goes through a form; rules questions go to the engine.

One module a part, as ``scorepad/views/`` has them: ``setup``, ``table`` (a tap, or a
grid of taps sent whole; the version every change at the table carries; a round to
correct), ``seats`` (a player's own phone), ``changes`` (players who come and go, the
plan, the stop), ``sheet`` (a past round corrected in place), ``printing``,
``records`` (the import), ``history``, ``players``; ``fields``, what they share.
A RulesError from the engine becomes a ValidationError in the form that asked, with
the engine's message as it is. No form knows a game: what a game asks, and how its
answer reads, the engine says.

The names the views use are re-exported here.
"""

from scorepad.forms.changes import ChangeForm as ChangeForm
from scorepad.forms.changes import JoinForm as JoinForm
from scorepad.forms.changes import PlanForm as PlanForm
from scorepad.forms.changes import SeatChangeForm as SeatChangeForm
from scorepad.forms.changes import StopForm as StopForm
from scorepad.forms.fields import ID_DIGITS as ID_DIGITS
from scorepad.forms.fields import small_number as small_number
from scorepad.forms.history import HistoryForm as HistoryForm
from scorepad.forms.players import RenameForm as RenameForm
from scorepad.forms.printing import BlankSheetForm as BlankSheetForm
from scorepad.forms.printing import SheetPdfForm as SheetPdfForm
from scorepad.forms.records import ImportForm as ImportForm
from scorepad.forms.seats import SeatEntryForm as SeatEntryForm
from scorepad.forms.seats import SeatForm as SeatForm
from scorepad.forms.seats import correcting_words as correcting_words
from scorepad.forms.seats import seat_mark as seat_mark
from scorepad.forms.setup import OWN as OWN
from scorepad.forms.setup import SAVED as SAVED
from scorepad.forms.setup import RulesNameForm as RulesNameForm
from scorepad.forms.setup import SavedRules as SavedRules
from scorepad.forms.setup import SetupAction as SetupAction
from scorepad.forms.setup import SetupActionForm as SetupActionForm
from scorepad.forms.setup import SetupForm as SetupForm
from scorepad.forms.sheet import RoundCellsForm as RoundCellsForm
from scorepad.forms.table import STALE as STALE
from scorepad.forms.table import CorrectForm as CorrectForm
from scorepad.forms.table import EntryForm as EntryForm
from scorepad.forms.table import VersionForm as VersionForm
