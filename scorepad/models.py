"""What Scorepad stores: each game's record as entered, and figures derived from it.

The record (players, options, first dealer, rounds) is the source of truth; the
engine works out every score, total and the next step from it on demand. What
lists and statistics read is kept in ``Figures``, worked out by the engine each
time a game's record changes (``refresh_figures``), never entered by hand, and
rebuilt whole by ``manage.py rebuild_figures``.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Sequence
from contextlib import nullcontext
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import F
from django.utils import timezone

from rules_engine import MAX_NAME, Entry, Record, RulesError, Table, parse_record, standing
from scorepad.history.figures import FIGURES, rebuild, rows_for
from scorepad.history.ratings import RATED, rerate, rerate_all


@lru_cache(maxsize=128)
def _read_record(text: str) -> Record:
    """The Record of a stored record's JSON text, kept for the next request.

    Every tap reads its game's record again, and reading it and working out its
    sheet (kept on the Record) grow with its rounds; the same text gives the same
    Record, which never changes, so requests share it. It is read from the text, not
    from the caller's dict, so that nothing a caller holds is inside the kept Record.
    """
    return parse_record(json.loads(text))


def new_key() -> str:
    # 16 random bytes: 128 bits, so a game's link cannot be guessed.
    return secrets.token_urlsafe(16)


def record_fingerprint(data: dict[str, Any]) -> str:
    """The hash of a scorepad/1 record's games as played: the same players, options,
    dealer and rounds give the same hash, however the file was written. ``played_at``
    is left out, so an older export (without it) matches the game it came from."""
    played = {name: value for name, value in data.items() if name != "played_at"}
    canonical = json.dumps(played, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


# The longest name a set of saved house rules may have (the forms, the pages and the
# games that remember it).
RULES_NAME_LENGTH = 60


class Browser(models.Model):
    """A browser that keeps games without an account, known by the id in its signed cookie.

    Which games a browser started is kept here, not in its session: requests made
    at once each write their session whole, and the last one wins.
    """

    key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"browser {self.pk}"


class Game(models.Model):
    # The keeper's link: whoever has it may enter and change the game.
    key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    # The viewer's link: read only.
    viewer_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    # The Join link: whoever has it may take a free seat, and its phone becomes that
    # player's (``Seat``); it enters nothing itself.
    join_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    # A phone has taken a seat at this game, ever: only then do its screens read the seats
    # (most games are kept on one phone, and a tap costs no query for them).
    seated = models.BooleanField(default=False)
    # When a server process last drew a live screen of the game for a stream of its own
    # (scorepad/live/drawings.py): while that is recent, whichever process saves a change draws
    # it for every process, also one with no stream of the game itself.
    watched = models.DateTimeField(null=True, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
    )
    # Which game is played ("oh-hell"): its kind, as Figures and the record's "game" say.
    kind = models.CharField(max_length=32, db_index=True)
    # The scorepad/1 record: format, game, options, players, first_dealer, rounds.
    record = models.JSONField()
    # The entries of the round being entered, in the order made (see rules_engine.Entry).
    pending = models.JSONField(default=list, blank=True)
    # The entries Undo took back, the latest last, for Redo to put back; cleared
    # by anything new entered (see rules_engine.Entry).
    redo = models.JSONField(default=list, blank=True)
    # The past round being entered again to correct it (1-based), if any.
    correcting = models.PositiveSmallIntegerField(null=True, blank=True)
    # The correction made last, for Undo to take back: the round as it was (an entry,
    # rules_engine.CORRECT); cleared by anything else saved (``Table.corrected``).
    corrected = models.JSONField(null=True, blank=True)
    # The virtual draw for first dealer, kept to show the cards drawn.
    dealer_draw = models.JSONField(null=True, blank=True)
    # Bumped by every change: a form carries the version it was shown, so a
    # double tap or a second phone cannot enter the same step twice.
    version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # The browser that started the game (its games are listed there until claimed).
    browser = models.ForeignKey(
        Browser, null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    # When the game was deleted: it leaves lists and statistics, and can be undone
    # until ``manage.py purge_deleted`` removes it for good.
    deleted = models.DateTimeField(null=True, blank=True)
    # The hash of the record as imported or started (``records.fingerprint``): an
    # import skips a game already held.
    fingerprint = models.CharField(max_length=64, blank=True, default="", db_index=True)
    # The name of the saved house rules the game was started with ("Grandma's rules"):
    # the table and the sheet say it rather than the rules in words. The record keeps
    # the rules themselves; a renamed or deleted set leaves this as it was.
    rules_name = models.CharField(max_length=RULES_NAME_LENGTH, blank=True, default="")

    class Meta:
        ordering = ["-created"]
        # Lists page through an owner's games newest first: a page costs one index range,
        # and counting them reads the index alone (the deleted ones are left out there).
        indexes = [
            models.Index(fields=["owner", "created", "id", "deleted"], name="owner_games_by_date"),
            # The games an owner deleted lately (the history offers them back).
            models.Index(fields=["owner", "deleted"], name="owner_games_deleted"),
            # The deleted games, to purge: of those only, so that no list of the others
            # (``deleted IS NULL``) is read through it.
            models.Index(
                fields=["deleted"], condition=models.Q(deleted__isnull=False), name="games_deleted"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.record.get('game')} with {', '.join(self.record.get('players', []))}"

    def load(self) -> tuple[Record, tuple[Entry, ...]]:
        """The record and the round in progress, read once for what the fields now hold.

        Kept, so that the engine's sheet of the record (kept on the Record) serves
        every question a request asks; read again whenever the fields are replaced.
        """
        loaded = self.__dict__.get("_loaded")
        # The very objects read from (held, so never mistaken for new ones).
        if loaded is None or loaded[0] is not self.record or loaded[1] is not self.pending:
            text = json.dumps(self.record, ensure_ascii=False, separators=(",", ":"))
            state = _read_record(text), tuple(Entry.from_json(e) for e in self.pending)
            loaded = self._loaded = (self.record, self.pending, state)
        return loaded[2]

    def table(self) -> Table:
        """The game at the table as stored: the engine's ``Table`` of the record and the
        round in progress (its ``attention`` says what a correction broke in it, if any)."""
        record, pending = self.load()
        return standing(record, pending, self.correcting, self.last_correction())

    def set_deleted(self, when: datetime | None) -> None:
        """Delete the game (at ``when``), or bring it back (None). Its figures say so
        too, in the same transaction: lists and statistics read them without the game."""
        with transaction.atomic():
            # A change like any other: a tap read before it is refused by its version
            # rather than saved with figures that say the game is not deleted.
            Game.objects.filter(pk=self.pk).update(deleted=when, version=F("version") + 1)
            Figures.objects.filter(game_id=self.pk).update(deleted=when is not None)
        self.deleted = when
        self.version += 1

    def take_seat(
        self, number: int, phone: str = "", client: str = "", asking: bool = False
    ) -> Seat | None:
        """A phone takes the seat ``number``; None if another phone holds it. ``phone``
        and ``client`` say which phone it is (``Seat.phone``, ``Seat.client``);
        ``asking``: it waits for the keeper to let it (``Seat.asking``).

        A change like any other (``set_deleted``): a new version, which every screen
        watching hears of (scorepad/play.py), so that the keeper's table marks the
        player as having a phone.
        """
        with transaction.atomic():
            try:
                with transaction.atomic():
                    seat = Seat.objects.create(
                        game=self, number=number, phone=phone, client=client, asking=asking
                    )
            except IntegrityError:
                return None  # held: one phone a seat (``one_phone_a_seat``)
            self._changed(seated=True)
        self.seated = True
        return seat

    def new_join_link(self) -> None:
        """A new Join link, for a game whose link reached someone it should not: the old
        one stops at once (404), the seats taken through it stay."""
        self.join_key = new_key()
        with transaction.atomic():
            self._changed(join_key=self.join_key)

    def seats_follow(self, again: Game) -> bool:
        """After Play again, each phone at a seat here holds the same seat at ``again``
        (the same players in the same seats): its link here leads there (``Seat.next``),
        in a new version of this game; false where no phone held a seat."""
        if not self.seated:
            return False  # no phone ever took a seat: nothing to read
        with transaction.atomic():
            held = list(Seat.objects.filter(game=self, released__isnull=True, next__isnull=True))
            if not held:
                return False
            for seat in held:
                seat.next = Seat.objects.create(game=again, number=seat.number)
                seat.save(update_fields=["next"])
            Game.objects.filter(pk=again.pk).update(seated=True)
            again.seated = True
            self._changed()
        return True

    def released_before(self, phone: str, client: str) -> bool:
        """Whether the keeper released a seat of this game from this phone before: the
        same kind of phone from the same client (a fresh browser on it included)."""
        if not self.seated or not client:
            return False
        released = Seat.objects.filter(game=self, released__isnull=False)
        return released.filter(phone=phone, client=client).exists()

    def let_seat(self, number: int) -> bool:
        """The keeper lets the phone asking for seat ``number`` hold it; false if no phone
        asks for it."""
        with transaction.atomic():
            let = Seat.objects.filter(
                game=self, number=number, released__isnull=True, asking=True
            ).update(asking=False)
            if let:
                self._changed()
        return bool(let)

    def release_seat(self, number: int) -> bool:
        """Free the seat ``number``: its phone's link stops working, another may take it.
        False if no phone held it."""
        with transaction.atomic():
            freed = Seat.objects.filter(game=self, number=number, released__isnull=True).update(
                released=timezone.now()
            )
            if freed:
                self._changed()
        return bool(freed)

    def _changed(self, **fields: Any) -> None:
        """A new version for a change outside the record (and ``fields``). Read back
        rather than counted here: this game may have been read before a tap."""
        Game.objects.filter(pk=self.pk).update(version=F("version") + 1, **fields)
        self.version = Game.objects.values_list("version", flat=True).get(pk=self.pk)

    def move_seats(self, seat: int, step: int) -> None:
        """The phones follow their players when the seats move (RULINGS, "Players come
        and go"): ``step`` 1, a player took ``seat`` and the phones from it on move one
        along; -1, the player at ``seat`` is gone (Undo of a join: their phone is
        released) and the phones after it move one back.

        Moved in two steps, out of the way and back, so that no two phones hold one
        seat for an instant (``one_phone_a_seat`` is checked row by row, on SQLite and
        PostgreSQL alike).
        """
        phones = Seat.objects.filter(game=self)
        if step < 0:
            phones.filter(number=seat, released__isnull=True).update(released=timezone.now())
        first = seat if step > 0 else seat + 1
        phones.filter(number__gte=first).update(number=F("number") + MOVING)
        phones.filter(number__gte=MOVING).update(number=F("number") - MOVING + step)

    def phones(self) -> dict[int, Seat]:
        """The seats held by a phone, by number, for the marks by the players' names
        (``Seat.here``) and the keeper's list of who took which seat."""
        if not self.seated:
            return {}
        held = Seat.objects.filter(game=self, released__isnull=True).only(
            "number", "seen", "created", "phone", "asking"
        )
        return {seat.number: seat for seat in held}

    def last_correction(self) -> Entry | None:
        """The correction made last, which Undo takes back (``Table.corrected``)."""
        return Entry.from_json(self.corrected) if self.corrected is not None else None

    def undone(self) -> tuple[Entry, ...]:
        """The entries Redo may put back, the next one last."""
        return tuple(Entry.from_json(entry) for entry in self.redo)

    def save_table(self, table: Table, redo: Sequence[Entry] = ()) -> bool:
        """Write ``table`` as this game's state, if nobody changed the game since it
        was read: the version it was read at is the one every change is checked by.

        A screen's form is first checked against that same version (``VersionForm``).
        On success this game holds what was written, so the answer needs no second read.
        Saved, not published: scorepad/play.py does both.
        ``redo``: the entries Redo may put back; a new entry saves none.
        """
        before = self.load()[0]
        record_changed = table.record is not before  # a round ended, undone or corrected
        # A player joined (or Undo took a join back): the seats after move along, and
        # the phones holding them with them (``move_seats``).
        moved = moved_seats(before.players, table.record.players) if record_changed else None
        # Most taps add to the round in progress only: then the record (every round
        # played, the longest field) is left as it is rather than written again.
        changes = self.changes(
            table.record, table.pending, table.correcting, redo, with_record=record_changed
        )
        changes["corrected"] = table.corrected.to_json() if table.corrected is not None else None
        changes["updated"] = timezone.now()
        # A round's end writes the game and its figures in one transaction: a delete
        # (which changes the version too) waits for both, or comes first and this
        # save is refused. A tap within a round writes the game's row alone.
        with transaction.atomic() if record_changed else nullcontext():
            if Game.objects.filter(pk=self.pk, version=self.version).update(**changes) != 1:
                return False
            for field, value in changes.items():
                setattr(self, field, value)
            self._loaded = (self.record, self.pending, (table.record, table.pending))
            if moved is not None and self.seated:
                self.move_seats(*moved)
            if record_changed:
                refresh_figures(self, fewer=moved is not None and moved[1] < 0)
        return True

    def changes(
        self,
        record: Record,
        pending: tuple[Entry, ...],
        correcting: int | None,
        redo: Sequence[Entry] = (),
        with_record: bool = True,
    ) -> dict[str, Any]:
        """The fields to write for a new state (used with a version check);
        ``with_record=False`` leaves out the record, for a state with the same one."""
        changes: dict[str, Any] = {
            "pending": [entry.to_json() for entry in pending],
            "redo": [entry.to_json() for entry in redo],
            "correcting": correcting,
            "version": self.version + 1,
        }
        if with_record:
            data = record.to_json()
            changes |= {"record": data, "fingerprint": record_fingerprint(data)}
        return changes

    @classmethod
    def start(
        cls,
        record: Record,
        owner: Any = None,
        dealer_draw: list[Any] | None = None,
        browser: Browser | None = None,
        created: Any = None,
        rules_name: str = "",
    ) -> Game:
        """A new game with its seats, from a record the engine has accepted.

        ``created`` dates it otherwise than now (an imported game, by its ``played_at``).
        """
        data = record.to_json()
        game = cls.objects.create(
            kind=record.game,
            record=data,
            fingerprint=record_fingerprint(data),
            owner=owner,
            dealer_draw=dealer_draw,
            browser=browser,
            rules_name=rules_name,
        )
        if created is not None:
            Game.objects.filter(pk=game.pk).update(created=created)
            game.created = created
        refresh_figures(game)
        return game


# Seats move out of the way by this much while the phones follow a join: more than any
# game's seats (20, with players who come and go).
MOVING = 1000
# How often an open stream notes that its seat's phone is there (``Seat.seen``), at
# most; a phone not seen for longer than CONNECTED is marked as away.
SEEN_EVERY = timedelta(seconds=60)
CONNECTED = timedelta(seconds=150)


class Seat(models.Model):
    """A player's own phone at a game: the seat it took through the Join link.

    Its link (``/s/<key>/``) is the permission: it shows the round and enters that
    player's bids and tricks only. Released by the keeper, the row stays, so that the
    old link can say it was released (410) while another phone takes the seat.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()  # the player's seat, from 0 as in the record
    key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    # When its phone's stream was last seen open: the keeper's table marks it connected.
    seen = models.DateTimeField(null=True, blank=True)
    released = models.DateTimeField(null=True, blank=True)
    # Which phone took it, for the keeper to see and to know again: its browser and
    # system ("Chrome, Android", scorepad/guards/clients.py ``phone_kind``) and its client
    # (``client``: an address, an IPv6 /64).
    phone = models.CharField(max_length=60, blank=True, default="")
    client = models.CharField(max_length=45, blank=True, default="")
    # Taken by a phone the keeper released from a seat of this game before: it enters
    # nothing until the keeper lets it (or releases it again).
    asking = models.BooleanField(default=False)
    # The same seat at the game played next (Play again): this phone's link leads there.
    next = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="previous"
    )

    class Meta:
        constraints = [
            # One phone a seat at once; released seats are kept beside the one held.
            models.UniqueConstraint(
                fields=["game", "number"],
                condition=models.Q(released__isnull=True),
                name="one_phone_a_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of game {self.game_id}"

    def here(self) -> bool:
        """Whether its phone was seen lately (its stream open: ``seen``)."""
        return (self.seen or self.created) >= timezone.now() - CONNECTED

    def mark_seen(self) -> None:
        """Note the phone is there, at most once every ``SEEN_EVERY``: one small write."""
        now = timezone.now()
        if self.seen is None or now - self.seen >= SEEN_EVERY:
            Seat.objects.filter(pk=self.pk).update(seen=now)
            self.seen = now


class Drawing(models.Model):
    """A game's latest version as one live view shows it in one language on one site,
    drawn by the server process that saved it, for the other processes' streams to
    send rather than draw again (scorepad/live/drawings.py, ``share``): the worker processes of
    one machine on SQLite, or of several servers on PostgreSQL. One row a view, written
    over at each change; rows no process drew for a day are deleted (``drawings.prune``).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    view = models.CharField(max_length=16)
    language = models.CharField(max_length=16)
    site = models.CharField(max_length=255)
    version = models.PositiveIntegerField()
    # The screen's events by name, as scorepad/screens/streams.py draws them.
    events = models.JSONField()
    drawn = models.DateTimeField(db_index=True)
    # When a process last drew this view because a stream of its own watched it: the
    # process that saves the next change draws it too while that is recent.
    wanted = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "view", "language", "site"], name="one_drawing_a_view"
            )
        ]

    def __str__(self) -> str:
        return f"{self.view} of game {self.game_id} at version {self.version}"


class Figures(models.Model):
    """One player's figures in one game, as the engine works them out from the record.

    Derived, never entered: ``refresh_figures`` writes a game's rows whenever its
    record changes, ``manage.py rebuild_figures`` all of them. The game's kind,
    date, month, owner and whether it is deleted are copied here so that a player's
    figures, and the roster, are read with one index and no join.
    """

    # Both looked up through the indexes below (game: the unique seats), not their own.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="figures", db_index=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.CASCADE,
        related_name="+",
        db_index=False,
    )
    played = models.DateTimeField()  # the game's ``created``
    # The first day of that month in the server's time zone (``TIME_ZONE``): bid
    # accuracy is added up by month from an index, with no date function a row.
    month = models.DateField()
    # The game is deleted (``Game.deleted`` is set): lists and statistics leave it out.
    deleted = models.BooleanField(default=False)
    kind = models.CharField(max_length=32)  # the game's key: "oh-hell"
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=MAX_NAME)
    # The name casefolded: "ann" and "Ann" are the same player across games
    # (casefolding may lengthen a name: "ß" is "ss").
    name_key = models.CharField(max_length=160)
    finished = models.BooleanField()
    won = models.BooleanField()
    placing = models.PositiveSmallIntegerField()  # 1 for the winners (or the leaders so far)
    # At the table in the game's last round: placed, rated and set against the others.
    # A player who left earlier keeps their total and has played the game, but is not
    # ranked (RULINGS, "Players come and go"): placed after everyone who is.
    ranked = models.BooleanField(default=True)
    players = models.PositiveSmallIntegerField(default=0)  # the players ranked in the game
    # The total less the best of the others': the winner's lead, or how far behind.
    margin = models.IntegerField(default=0)
    total = models.IntegerField()
    rounds_played = models.PositiveSmallIntegerField()  # the game's rounds on the sheet
    # Rounds that count for the average (not those needing attention), and their points.
    rounds = models.PositiveSmallIntegerField()
    points = models.IntegerField()
    # Of those rounds, the ones with a bid (or contract) to make: made, over, under.
    bids = models.PositiveSmallIntegerField()
    made = models.PositiveSmallIntegerField()
    over = models.PositiveSmallIntegerField()
    under = models.PositiveSmallIntegerField()
    running = models.JSONField(default=list)  # the player's total after each round
    # The player's rating at this kind of game after this one, if finished and owned
    # (scorepad/history/ratings.py): openskill's ordinal, and the estimate it comes from.
    rating = models.FloatField(null=True, blank=True)
    rating_mu = models.FloatField(null=True, blank=True)
    rating_sigma = models.FloatField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "figures"
        ordering = ["game_id", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_figures_a_seat"),
        ]
        # A player's page reads each figure from one index range, most from the index
        # alone, so that its cost grows slowly with their games (docs/dev/performance.md).
        indexes = [
            # An owner's players (the roster), and each one's games newest first.
            models.Index(
                fields=["owner", "name_key", "played", "id", "deleted"], name="figures_by_owner"
            ),
            # A player's figures added up by game and by month, and the games to set
            # against the others' (head to head).
            models.Index(
                fields=[
                    *("owner", "name_key", "deleted", "kind", "month", "finished", "won"),
                    *("bids", "made", "over", "under", "rounds", "points", "placing", "game"),
                ],
                name="figures_added_up",
            ),
            # A player's best game of one kind by placing, margin and date (the worst:
            # read backwards, the newest of the equally bad sorted apart).
            models.Index(
                fields=[
                    *("owner", "name_key", "deleted", "kind", "finished", "ranked"),
                    *("placing", "-margin", "-played", "-id"),
                ],
                name="figures_by_placing",
            ),
            # A player's ratings at one game, the latest first (the chart's): of the
            # rated rows only, so that a history without ratings is not read through.
            models.Index(
                fields=["owner", "name_key", "deleted", "kind", "played", "game", "rating"],
                condition=models.Q(rating__isnull=False),
                name="figures_rated",
            ),
            # The players of a game as head to head reads them.
            models.Index(
                fields=["game", "name_key", "ranked", "placing", "name"], name="figures_by_game"
            ),
            # An owner's games in progress (the home page's), by their first seat.
            models.Index(
                fields=["owner", "deleted", "finished", "seat", "game"], name="figures_unfinished"
            ),
            # An owner's games of one kind in order of play: ratings are worked out so.
            models.Index(fields=["owner", "kind", "played", "game"], name="figures_in_play"),
        ]

    def __str__(self) -> str:
        return f"{self.name} in game {self.game_id}"


class Rivalry(models.Model):
    """How one player fared against another in an owner's finished games of one kind,
    the games both played (scorepad/history/rivals.py): a player's page adds these up, a few
    rows a kind. Derived, never entered, like the ratings, and worked out with them."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    kind = models.CharField(max_length=32)
    name_key = models.CharField(max_length=160)  # the player
    other_key = models.CharField(max_length=160)  # the opponent
    other_name = models.CharField(max_length=MAX_NAME)  # the greatest spelling typed
    games = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()  # placed ahead of the opponent
    losses = models.PositiveIntegerField()
    ties = models.PositiveIntegerField()

    class Meta:
        # Its index is how a player's tallies are read: one range.
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "name_key", "kind", "other_key"], name="one_rivalry"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name_key} against {self.other_key} at {self.kind}"


def moved_seats(before: Sequence[str], after: Sequence[str]) -> tuple[int, int] | None:
    """How a change of the players moves the seats: (the seat, +1) where a player took
    that seat (a join: the seats from it on move one along), (the seat, -1) where the
    player at that seat went (Undo of a join: the seats after it move one back); None
    where the seats stay as they are."""
    if len(after) == len(before) + 1:
        return next(
            (
                (seat, 1)
                for seat in range(len(after))
                if [*after[:seat], *after[seat + 1 :]] == list(before)
            ),
            None,
        )
    if len(after) == len(before) - 1:
        return next(
            (
                (seat, -1)
                for seat in range(len(before))
                if [*before[:seat], *before[seat + 1 :]] == list(after)
            ),
            None,
        )
    return None


def refresh_figures(game: Game, fewer: bool = False) -> None:
    """Work a game's figures out again from its record, and store them (``fewer``: the
    game has fewer players than before, whose rows go).

    Call it wherever a game's record (or owner) changes; one query, and for an owned
    game one more, and the ratings worked out again from this game on when it is
    finished or was (scorepad/history/ratings.py). A record the engine cannot read leaves
    the game without figures (its sheet says why).
    """
    # Who sat at the game as it was last rated, if it was: their ratings and head to
    # head move with it (the names may go, with a record the engine cannot read).
    rated = []
    if game.owner_id is not None:
        rated = list(
            Figures.objects.filter(game=game, rating__isnull=False).values_list(
                "name_key", flat=True
            )
        )
    try:
        record = game.load()[0]
    except RulesError:
        Figures.objects.filter(game=game).delete()
        rows = []
    else:
        if fewer:  # Undo of a join: the game has one player fewer, and their row goes
            Figures.objects.filter(game=game, seat__gte=len(record.players)).delete()
        rows = Figures.objects.bulk_create(
            rows_for(game, record, Figures),
            update_conflicts=True,
            unique_fields=["game", "seat"],
            # Written empty: ``rerate`` gives a finished game its ratings.
            update_fields=["owner", "played", "month", "deleted", *FIGURES, *RATED],
        )
    if rated or (rows and rows[0].finished and game.owner_id is not None):
        since = rows[0] if rows else Figures(played=game.created, game_id=game.pk)
        rerate(Figures, game.owner_id, game.kind, since, rated)


def rebuild_figures() -> int:
    """Every game's figures worked out again from the records, then every rating in
    order of play; returns the figures rows written."""
    written = rebuild(Game, Figures)
    rerate_all(Figures)
    return written


class HouseRules(models.Model):
    """A set of house rules saved under a name, to pick again for the next game.

    Kept with the person's games: a signed-in owner's, or (``owner`` empty) the
    browser's, whose session lists the sets it saved (see ``scorepad.house_rules``).
    The options are a record's house-rule options, checked by the engine when saved
    and again whenever a game is started with them.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="house_rules",
    )
    game = models.CharField(max_length=32)
    name = models.CharField(max_length=RULES_NAME_LENGTH)
    options = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.game})"
