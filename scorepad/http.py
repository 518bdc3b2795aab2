"""Request types for the views (see django-htmx's docs on type checking)."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that has been through django-htmx's middleware."""

    htmx: HtmxDetails
