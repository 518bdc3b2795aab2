from django.urls import include, path

from scorepad import views
from scorepad.views import changes, seats
from scorepad.views.live import seat_live, sheet_live, table_live, viewer_live

# A game's keys are secrets.token_urlsafe: letters, digits, "-" and "_", which is
# what <slug:> takes. Anything else (a NUL, which PostgreSQL cannot even look up)
# is no key: 404 before any view runs.
urlpatterns = [
    # The streams first: an open stream keeps its request, with every pattern tried
    # before its own (Django's ResolverMatch.tried), for as long as it is open.
    path("g/<slug:key>/live/", table_live, name="table_live"),
    path("g/<slug:key>/sheet/live/", sheet_live, name="sheet_live"),
    path("v/<slug:viewer_key>/live/", viewer_live, name="viewer_live"),
    path("s/<slug:key>/live/", seat_live, name="seat_live"),
    path("", views.home, name="home"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("offline/", views.offline, name="offline"),
    path("new/<slug:game>/", views.new_game, name="new_game"),
    path("g/<slug:key>/", views.game_table, name="table"),
    path("g/<slug:key>/enter/", views.enter, name="enter"),
    path("g/<slug:key>/undo/", views.undo_step, name="undo"),
    path("g/<slug:key>/redo/", views.redo_step, name="redo"),
    path("g/<slug:key>/correct/", views.correct, name="correct"),
    # The table between two rounds: players come and go, the plan changes, it stops.
    path("g/<slug:key>/change/", changes.someone_joins, name="someone_joins"),
    path("g/<slug:key>/back/", changes.comes_back, name="comes_back"),
    path("g/<slug:key>/leaves/", changes.someone_leaves, name="someone_leaves"),
    path("g/<slug:key>/plan/", changes.change_plan, name="change_plan"),
    path("g/<slug:key>/stop/", changes.stop_here, name="stop_here"),
    path("g/<slug:key>/sheet/", views.sheet, name="sheet"),
    path("g/<slug:key>/sheet/<int:number>/", views.correct_round, name="correct_round"),
    path("g/<slug:key>/record.json", views.record_json, name="record"),
    path("g/<slug:key>/sheet.pdf", views.sheet_pdf, name="sheet_pdf"),
    path("g/<slug:key>/again/", views.play_again, name="play_again"),
    path("g/<slug:key>/delete/", views.delete_game, name="delete_game"),
    path("g/<slug:key>/restore/", views.restore_game, name="restore_game"),
    path("print/<slug:game>/", views.blank_sheet, name="blank_sheet"),
    path("print/<slug:game>/pdf", views.blank_sheet_pdf, name="blank_sheet_pdf"),
    path("games/", views.history, name="history"),
    path("players/<path:name_key>/", views.player, name="player"),
    path("rename-player/", views.rename_player, name="rename_player"),
    path("games/export.json", views.export_all, name="export_all"),
    path("games/import/", views.import_games, name="import_games"),
    path("g/<slug:key>/qr.svg", views.viewer_qr, name="viewer_qr"),
    path("v/<slug:viewer_key>/", views.viewer, name="viewer"),
    # Everyone on their own phone: the Join link, and each player's seat.
    path("g/<slug:key>/join.svg", seats.join_qr, name="join_qr"),
    path("g/<slug:key>/seats/<int:number>/release/", seats.release_seat, name="release_seat"),
    path("g/<slug:key>/seats/<int:number>/let/", seats.let_seat, name="let_seat"),
    path("g/<slug:key>/join/new/", seats.new_join_link, name="new_join_link"),
    path("j/<slug:join_key>/", seats.join, name="join"),
    path("s/<slug:key>/", seats.seat_phone, name="seat"),
    path("s/<slug:key>/enter/", seats.seat_enter, name="seat_enter"),
    path("s/<slug:key>/next/", seats.seat_next, name="seat_next"),
    path("accounts/signup/", views.sign_up, name="signup"),
    path("accounts/login/", views.log_in, name="login"),
    path("accounts/logout/", views.log_out, name="logout"),
    # The header's language switch posts to Django's set_language view.
    path("i18n/", include("django.conf.urls.i18n")),
]
