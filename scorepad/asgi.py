"""ASGI entry point: ``scorepad.asgi.application``, what scripts/prod serves (gunicorn
with uvicorn workers): the pages as before, and live updates' streams, which wait
for a game's changes without holding a worker (scorepad/views/live.py)."""

import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorepad.settings")

pages = get_asgi_application()

from django.core.handlers.asgi import ASGIHandler  # noqa: E402


class StreamsHandler(ASGIHandler):
    """Django's handler for the live updates' streams (``.../live/``), without a thread
    of their own: Django gives each request a thread for its sync code (middleware,
    database reads) that lives as long as the request, which for a stream is as long
    as a phone watches (a thread, some 300 KB, a stream: bench/live.py --idle). A
    stream's few sync steps run in the process's one shared thread instead."""

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        await self.handle(scope, receive, send)


streams = StreamsHandler()


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "http" and scope["path"].endswith("/live/"):
        await streams(scope, receive, send)
    else:
        await pages(scope, receive, send)


# Each worker imports this before its first request: the first PDF's one-off
# loading (fonts, stylesheets) happens here, not inside a request's 1 s.
from scorepad.printing.pdf import warm_up  # noqa: E402

warm_up()
