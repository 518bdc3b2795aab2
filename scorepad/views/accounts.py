"""Accounts: sign up, sign in (with a limit on failed tries), sign out.

No account is needed to keep score. Signing up or in keeps the games this
browser started (see access.claim_session_games, run on Django's user_logged_in).
"""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.views import LogoutView
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from scorepad import ratelimit
from scorepad.http import HtmxHttpRequest

log_out = LogoutView.as_view(next_page="home")


def _next_url(request: HtmxHttpRequest) -> str:
    """Where to go after signing in or up: ``next`` if it is on this site, else home."""
    wanted = str(request.POST.get("next") or request.GET.get("next") or "")
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if safe else reverse("home")


def _login_ident(request: HtmxHttpRequest) -> str:
    # REMOTE_ADDR only: a forwarded-for header is whatever the client says it is.
    name = str(request.POST.get("username", "")).strip().casefold()
    return f"{name}|{request.META.get('REMOTE_ADDR', '')}"


@sensitive_post_parameters("password")
@csrf_protect
@never_cache
@require_http_methods(["GET", "POST"])
def log_in(request: HtmxHttpRequest) -> HttpResponse:
    context = {"next": _next_url(request)}
    if request.method == "GET":
        return render(request, "registration/login.html", {**context, "form": AuthenticationForm()})
    form = AuthenticationForm(request, data=request.POST)
    ident = _login_ident(request)
    wait = ratelimit.retry_after(ratelimit.LOGIN, ident)
    if wait:
        context["limited"] = (
            f"Too many failed sign-ins for this name. Try again in {ratelimit.in_words(wait)}."
        )
        response = render(request, "registration/login.html", {**context, "form": form}, status=429)
        response["Retry-After"] = str(wait)
        return response
    if not form.is_valid():
        ratelimit.failed(ratelimit.LOGIN, ident)
        return render(request, "registration/login.html", {**context, "form": form}, status=400)
    ratelimit.reset(ratelimit.LOGIN, ident)
    login(request, form.get_user())
    return HttpResponseRedirect(context["next"], status=303)


@sensitive_post_parameters("password1", "password2")
@csrf_protect
@never_cache
@require_http_methods(["GET", "POST"])
def sign_up(request: HtmxHttpRequest) -> HttpResponse:
    context = {"next": _next_url(request)}
    if request.method == "GET":
        return render(request, "registration/signup.html", {**context, "form": UserCreationForm()})
    form = UserCreationForm(request.POST)
    if not form.is_valid():
        return render(request, "registration/signup.html", {**context, "form": form}, status=400)
    user = form.save()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    return HttpResponseRedirect(context["next"], status=303)
