"""scorepad/guards/clients.py: which client a request is, and which kind of phone."""

from __future__ import annotations

import pytest

from scorepad.guards.clients import phone_kind

ANDROID_CHROME = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Mobile Safari/537.36"
)
IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
)
IPHONE_FIREFOX = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15"
)
SAMSUNG = (
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) "
    "SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36"
)
WINDOWS_EDGE = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0"
)


@pytest.mark.parametrize(
    ("user_agent", "kind"),
    [
        (ANDROID_CHROME, "Chrome, Android"),
        (IPHONE_SAFARI, "Safari, iPhone"),
        (IPHONE_FIREFOX, "Firefox, iPhone"),
        (SAMSUNG, "Samsung Internet, Android"),
        (WINDOWS_EDGE, "Edge, Windows"),
        ("curl/8.5.0", ""),
        ("", ""),
    ],
)
def test_a_phone_is_named_by_its_browser_and_system(user_agent: str, kind: str) -> None:
    assert phone_kind(user_agent) == kind
