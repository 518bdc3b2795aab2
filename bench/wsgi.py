"""Requests through Django's real WSGI handler, built as a WSGI server would build them.

``django.test.Client`` calls the handler's internals; this calls
``WSGIHandler()`` itself with environ dicts, so the request is parsed, the
middleware run, the body iterated and closed (which ends the database
connection, as after every real request) exactly as under gunicorn.
"""

from __future__ import annotations

import gzip
import io
import sys
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode, urlsplit

from django.core.handlers.wsgi import WSGIHandler


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def content(self) -> bytes:
        """The body as the page reads it: unzipped when it came gzipped (``body`` is as sent)."""
        if self.headers.get("content-encoding") == "gzip":
            return gzip.decompress(self.body)
        return self.body

    @property
    def text(self) -> str:
        return self.content.decode()


@dataclass
class Browser:
    """One browser and its cookies."""

    app: WSGIHandler
    cookies: dict[str, str] = field(default_factory=dict)

    def environ(
        self,
        method: str,
        url: str,
        body: bytes = b"",
        headers: dict[str, str] | None = None,
        htmx: bool = False,
    ) -> dict[str, Any]:
        parts = urlsplit(url)
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method,
            "SCRIPT_NAME": "",
            "PATH_INFO": parts.path,
            "QUERY_STRING": parts.query,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "127.0.0.1",
            "HTTP_ACCEPT_ENCODING": "gzip, deflate, br",
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        if body:
            environ["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
            environ["CONTENT_LENGTH"] = str(len(body))
        if self.cookies:
            environ["HTTP_COOKIE"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if htmx:
            environ["HTTP_HX_REQUEST"] = "true"
        if method == "POST" and "csrftoken" in self.cookies:
            environ["HTTP_X_CSRFTOKEN"] = self.cookies["csrftoken"]
        for name, value in (headers or {}).items():
            environ["HTTP_" + name.upper().replace("-", "_")] = value
        return environ

    def call(self, environ: dict[str, Any]) -> Reply:
        started: dict[str, Any] = {}

        def start_response(
            status: str, headers: list[tuple[str, str]], exc_info: Any = None
        ) -> Any:
            started["status"] = int(status.split()[0])
            started["headers"] = headers
            return lambda data: None

        result = self.app(environ, start_response)
        try:
            body = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        headers: dict[str, str] = {}
        for name, value in started["headers"]:
            if name.lower() == "set-cookie":
                cookie = SimpleCookie(value)
                for key, morsel in cookie.items():
                    self.cookies[key] = morsel.value
            headers[name.lower()] = value
        return Reply(started["status"], headers, body)

    def get(self, url: str, htmx: bool = False, headers: dict[str, str] | None = None) -> Reply:
        return self.call(self.environ("GET", url, headers=headers, htmx=htmx))

    def post(self, url: str, data: dict[str, Any], htmx: bool = False) -> Reply:
        return self.call(self.environ("POST", url, form_body(data), htmx=htmx))


def form_body(data: dict[str, Any]) -> bytes:
    return urlencode(data, doseq=True).encode()
