"""After signing in or out in another tab, a tap on the open table says to reload."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.screens import Screens

pytestmark = pytest.mark.e2e

PASSWORD = "a-long-card-table-password"


def test_a_tap_after_signing_in_in_another_tab_says_to_reload(
    screens: Screens, django_user_model: Any
) -> None:
    django_user_model.objects.create_user("ann", password=PASSWORD)
    screens.game = "stale"
    screens.set_up("oh-hell", "Oh Hell", ["Ann", "Bob", "Cas"], first_dealer=0)
    table = screens.page
    version = screens.read().version

    other_tab = table.context.new_page()
    other_tab.goto(f"{screens.base_url}/accounts/login/")
    other_tab.get_by_label("Username").fill("ann")
    other_tab.get_by_label("Password").fill(PASSWORD)
    other_tab.get_by_role("button", name="Sign in").click()
    other_tab.wait_for_url(re.compile(r"/$"))

    allowed = screens.read().allowed()[0]
    table.locator("#step .choices button[name=value]").filter(
        has_text=re.compile(rf"^\s*{re.escape(allowed)}\s*$")
    ).first.tap()

    alert = table.locator("#stale-page")
    alert.wait_for()
    assert alert.inner_text() == "You signed in or out in another tab: reload"
    table.screenshot(path=str(screens.shots / "stale-page.png"), full_page=False)
    alert.get_by_role("link", name="reload").click()
    table.wait_for_load_state()
    assert table.locator("#stale-page").count() == 0
    assert screens.read().version == version
