"""Accounts: sign up, sign in (with a limit on failed tries, see guards/signin.py), sign out.

No account is needed to keep score. Signing up or in keeps the games this
browser started (see access.claim_session_games, run on Django's user_logged_in).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.views import LogoutView
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from scorepad.guards import throttle
from scorepad.guards.signin import find_user
from scorepad.guards.throttle import in_words, limited
from scorepad.http import HtmxHttpRequest

log_out = LogoutView.as_view(next_page="home")


def _next_url(request: HtmxHttpRequest) -> str:
    """Where to go after signing in or up: ``next`` if it is on this site, else home."""
    wanted = str(request.POST.get("next") or request.GET.get("next") or "")
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if safe else reverse("home")


def locked_out(
    request: HtmxHttpRequest, response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: the sign-in page again, saying how long to wait.

    Every try while locked starts the wait again (axes' default), so it is the whole
    cool-off from now.
    """
    wait = int(settings.AXES_COOLOFF_TIME.total_seconds())
    name = str(request.POST.get("username", ""))[:150]
    context = {
        "next": _next_url(request),
        "form": AuthenticationForm(initial={"username": name}),
        "limited": gettext("Too many failed sign-ins for this name. Try again in %(wait)s.")
        % {"wait": in_words(wait)},
    }
    locked = render(request, "registration/login.html", context, status=429)
    locked["Retry-After"] = str(wait)
    return locked


@sensitive_post_parameters("password")
@limited(throttle.SIGN_IN)
@csrf_protect
@never_cache
@require_http_methods(["GET", "POST"])
def log_in(request: HtmxHttpRequest) -> HttpResponse:
    """The sign-in form; django-axes (settings.AXES_*) limits the failed tries of a name,
    throttle.SIGN_IN all tries from an address."""
    context = {"next": _next_url(request)}
    if request.method == "GET":
        return render(request, "registration/login.html", {**context, "form": AuthenticationForm()})
    form = AuthenticationForm(request, data=request.POST)
    if not form.is_valid():
        # A try refused for the limit is answered by axes' middleware (locked_out).
        return render(request, "registration/login.html", {**context, "form": form}, status=400)
    login(request, form.get_user())
    return HttpResponseRedirect(context["next"], status=303)


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    def clean_username(self) -> str | None:  # type: ignore[override]
        """Django's check (no name twice, ignoring ASCII case) and ours: no name that
        signs in as another (any case, any width)."""
        # Django's adds its error itself and returns None.
        username: str | None = super().clean_username()
        if username is not None and find_user(username) is not None:
            raise ValidationError("A user with that username already exists.")
        return username


@sensitive_post_parameters("password1", "password2")
@limited(throttle.SIGN_UP)
@csrf_protect
@never_cache
@require_http_methods(["GET", "POST"])
def sign_up(request: HtmxHttpRequest) -> HttpResponse:
    context = {"next": _next_url(request)}
    if request.method == "GET":
        return render(request, "registration/signup.html", {**context, "form": SignUpForm()})
    form = SignUpForm(request.POST)
    if not form.is_valid():
        return render(request, "registration/signup.html", {**context, "form": form}, status=400)
    user = form.save()
    login(request, user, backend="scorepad.guards.signin.AnyCaseBackend")
    return HttpResponseRedirect(context["next"], status=303)
