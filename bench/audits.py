"""Lighthouse (mobile) on the game screen and the sheet, and axe-core on every page.

Both run Debian's chromium: Lighthouse through CHROME_PATH, axe through Playwright
with the tests' launch arguments. The npm packages come from ``npm ci --prefix bench``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.screens import PHONE_WIDTH

NODE_MODULES = Path(__file__).resolve().parent / "node_modules"
LIGHTHOUSE = NODE_MODULES / "lighthouse" / "cli" / "index.js"
AXE = NODE_MODULES / "axe-core" / "axe.min.js"
CATEGORIES = ("performance", "accessibility", "best-practices")


def missing() -> str | None:
    """Why the audits cannot run, or None."""
    if not LIGHTHOUSE.is_file() or not AXE.is_file():
        return "no bench/node_modules: run npm ci --prefix bench (bash scripts/bench does)"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no {CHROMIUM} (bash scripts/browser installs it)"
    return None


def _run_lighthouse(url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            "node",
            str(LIGHTHOUSE),
            url,
            "--output=json",
            "--output-path=stdout",
            "--quiet",
            f"--only-categories={','.join(CATEGORIES)}",
            f"--chrome-flags={' '.join(CHROMIUM_ARGS)}",
        ],
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def lighthouse(url: str) -> dict[str, Any]:
    """Lighthouse's default mobile run (Moto G-sized screen, simulated slow 4G and CPU)."""
    for _ in range(2):  # Lighthouse now and then fails to record a trace (NO_NAVSTART)
        result = _run_lighthouse(url)
        if result.returncode == 0:
            break
    else:
        raise RuntimeError(f"lighthouse failed on {url}: {result.stderr[-2000:]}")
    report = json.loads(result.stdout)
    scores = {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES}
    failed = sorted(
        audit_id
        for name in CATEGORIES
        for ref in report["categories"][name]["auditRefs"]
        if ref["weight"] > 0
        and (audit_id := ref["id"])
        and report["audits"][audit_id]["score"] is not None
        and report["audits"][audit_id]["score"] < 1
    )
    return {**scores, "audits_not_passed": failed}


def axe(urls: dict[str, str], cookies: list[dict[str, Any]]) -> dict[str, Any]:
    """axe-core's violations on each page, as a phone shows it (the page's CSP is bypassed
    only so that the axe script can be injected)."""
    from playwright.sync_api import sync_playwright

    pages: dict[str, Any] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(
            viewport={"width": PHONE_WIDTH, "height": 844},
            is_mobile=True,
            has_touch=True,
            bypass_csp=True,
        )
        # Playwright takes typed cookies: each built as its SetCookieParam.
        context.add_cookies(
            [{"name": c["name"], "value": c["value"], "url": c["url"]} for c in cookies]
        )
        page = context.new_page()
        for name, url in urls.items():
            answer = page.goto(url)
            assert answer is not None and answer.ok, (url, answer and answer.status)
            page.add_script_tag(path=str(AXE))
            found = page.evaluate("() => axe.run().then((r) => r.violations)")
            pages[name] = [
                {
                    "id": violation["id"],
                    "impact": violation["impact"],
                    "nodes": [node["target"] for node in violation["nodes"]][:5],
                }
                for violation in found
            ]
        browser.close()
    return {
        "pages": len(pages),
        "violations": sum(len(found) for found in pages.values()),
        "by_page": {name: found for name, found in pages.items() if found},
        "checked": list(pages),
    }
