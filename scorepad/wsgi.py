"""WSGI entry point: ``scorepad.wsgi.application``."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorepad.settings")

application = get_wsgi_application()

# Each gunicorn worker imports this before its first request: the first PDF's
# one-off loading (fonts, stylesheets) happens here, not inside a request's 1 s.
from scorepad.printing.pdf import warm_up  # noqa: E402

warm_up()
