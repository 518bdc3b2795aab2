"""Installable, and usable with bad reception: the web app manifest, the service worker
and the page it shows when there is no connection.

The service worker is served from the root (``/sw.js``) so that its scope is the whole
site; it keeps the static files and the offline page at hand, never a game's page or
a tap (those need the server: a tap made offline waits on the phone, see
static/js/keep.js). Both are rendered here so that they name the hashed static files.
"""

from __future__ import annotations

import hashlib
import json

from django.http import HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from scorepad.http import HtmxHttpRequest

# What the service worker keeps: the files every screen uses, and the icons.
KEPT = (
    "css/scorepad.css",
    "css/print.css",
    "js/keep.js",
    "js/stale-page.js",
    "js/local-time.js",
    "js/share.js",
    "django_htmx/htmx-2.min.js",
    "img/favicon.svg",
    "img/icon-192.png",
    "img/icon-512.png",
)


@require_GET
@cache_control(max_age=86400)
def manifest(request: HtmxHttpRequest) -> HttpResponse:
    data = {
        "name": "Scorepad",
        "short_name": "Scorepad",
        "description": "Keep score at the card table.",
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1f5fbf",
        "icons": [
            {"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        ],
    }
    text = json.dumps(data, separators=(",", ":"))
    return HttpResponse(text, content_type="application/manifest+json")


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HtmxHttpRequest) -> HttpResponse:
    """The service worker, checked for a new version at every visit (no-cache)."""
    files = [static(name) for name in KEPT]
    offline_url = reverse("offline")
    # A new cache whenever a kept file changes (its hashed name does) or the worker does.
    version = hashlib.sha256(" ".join([*files, offline_url]).encode()).hexdigest()[:12]
    context = {"files": json.dumps(files), "offline": json.dumps(offline_url), "version": version}
    response = render(request, "sw.js", context, content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def offline(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "offline.html")
