from .home import home as home
from .setup import new_game as new_game
from .sheet import record_json as record_json
from .sheet import sheet as sheet
from .table import correct as correct
from .table import enter as enter
from .table import game_table as game_table
from .table import undo_step as undo_step
