"""Signing in: one account however its name is written, and a limit on failed tries.

Django's sign-in form normalises the name it is given (NFKC: full-width "ａｎｎ" is
"ann"); ``username_key`` case-folds that too, and both the account look-up and the
limit (django-axes, configured in settings.py) use it, so no spelling of a locked
name gets in and no spelling of a name signs in to another account.
"""

from __future__ import annotations

import unicodedata
import zlib
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_failure_limit
from axes.models import AccessAttempt
from axes.signals import user_locked_out
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.db import connection, router, transaction
from django.db.models import F, Q
from django.http import HttpRequest

# Django's usernames are 150 characters at most; a longer name is no one's.
LONGEST_NAME = 150


def name_key(name: str) -> str:
    """A name as Django's sign-in form reads it (stripped, NFKC), case-folded."""
    normalised = unicodedata.normalize("NFKC", name.strip()).casefold()
    return normalised.replace("\x00", "")[:LONGEST_NAME]


def username_key(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str:
    """AXES_USERNAME_CALLABLE: the name a sign-in is counted under."""
    if credentials and credentials.get("username") is not None:
        return name_key(str(credentials["username"]))
    return name_key(str(request.POST.get("username", "")))


def find_user(name: str) -> Any:
    """The account of this name however it is written, or None.

    Sign-up refuses a name that differs only in case from another, so there is
    one at most; an account made before that rule is preferred when written exactly.
    (On SQLite, iexact folds ASCII letters only: "ÉVE" finds "Éve" on PostgreSQL.)
    """
    users = get_user_model()._default_manager
    key = name_key(name)
    candidates = list(users.filter(Q(username__iexact=name) | Q(username__iexact=key))[:10])
    same = [user for user in candidates if name_key(user.get_username()) == key]
    exact = [user for user in same if user.get_username() == name]
    found = exact or same
    return found[0] if found else None


class AnyCaseBackend(ModelBackend):
    """Django's ModelBackend, finding the account case-insensitively."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        if username is None or password is None:
            return None
        user = find_user(username)
        if user is None:
            # As ModelBackend does: hash anyway, so a missing name takes as long.
            get_user_model()().set_password(password)
            return None
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None


def _lock(ident: str) -> None:
    """On PostgreSQL, one sign-in at a time for this name and address, until commit.

    SQLite needs nothing: its transactions are IMMEDIATE (settings.py), so a
    transaction holds the database's one write lock from its start.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [zlib.crc32(ident.encode())])


class CountingFirstHandler(AxesDatabaseHandler):  # type: ignore[misc]
    """axes' database handler, counting each try before its password is checked.

    axes counts a failure after the check, so tries sent at the same moment all
    see the count before any of theirs and all get checked. Here a try takes its
    place in the count first, in one short transaction per name and address: at
    most AXES_FAILURE_LIMIT tries are ever checked. A success clears the count
    (AXES_RESET_ON_SUCCESS); a failure was already counted.
    """

    def is_allowed(self, request: Any, credentials: dict[str, Any] | None = None) -> bool:
        if not super().is_allowed(request, credentials):
            return False
        if self.is_whitelisted(request, credentials):
            return True
        username = get_client_username(request, credentials)
        with transaction.atomic(using=router.db_for_write(AccessAttempt)):
            _lock(f"{username}|{request.axes_ip_address}")
            if self.get_failures(request, credentials) >= get_failure_limit(request, credentials):
                return False
            attempt, created = AccessAttempt.objects.get_or_create(
                username=username,
                ip_address=request.axes_ip_address,
                user_agent=request.axes_user_agent,
                defaults={
                    "get_data": "",
                    "post_data": "",
                    "http_accept": request.axes_http_accept,
                    "path_info": request.axes_path_info,
                    "failures_since_start": 1,
                    "attempt_time": request.axes_attempt_time,
                },
            )
            if not created:
                AccessAttempt.objects.filter(pk=attempt.pk).update(
                    failures_since_start=F("failures_since_start") + 1,
                    attempt_time=request.axes_attempt_time,
                )
        request.scorepad_counted = True
        return True

    def user_login_failed(
        self, sender: Any, credentials: dict[str, Any], request: Any = None, **kwargs: Any
    ) -> None:
        if request is None or not getattr(request, "scorepad_counted", False):
            # Refused before any check (locked out): axes counts it, which starts
            # the 15 minutes again.
            super().user_login_failed(sender, credentials, request, **kwargs)
            return
        failures = self.get_failures(request, credentials)
        request.axes_failures_since_start = failures
        if failures >= get_failure_limit(request, credentials):
            request.axes_locked_out = True
            request.axes_credentials = credentials
            user_locked_out.send(
                "axes",
                request=request,
                username=get_client_username(request, credentials),
                ip_address=request.axes_ip_address,
            )
