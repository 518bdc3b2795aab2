"""ASGI entry point: ``scorepad.asgi.application``, what scripts/prod serves (gunicorn
with uvicorn workers): the pages as before, and live updates' streams, which wait
for a game's changes without holding a worker (scorepad/views/live.py)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorepad.settings")

application = get_asgi_application()

# Each worker imports this before its first request: the first PDF's one-off
# loading (fonts, stylesheets) happens here, not inside a request's 1 s.
from scorepad.pdf import warm_up  # noqa: E402

warm_up()
