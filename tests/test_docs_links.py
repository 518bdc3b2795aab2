"""The docs point at what exists: every relative link and anchor, and architecture.md
names every module of the engine and the web app."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)|src=\"([^\"]+)\"")


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub writes them."""
    headings = re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), re.M)
    return {
        re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-") for heading in headings
    }


def test_every_link_in_the_docs_leads_somewhere() -> None:
    broken = []
    for page in DOCS:
        for match in LINK.finditer(page.read_text(encoding="utf-8")):
            link = match.group(1) or match.group(2)
            if re.match(r"[a-z]+:", link):
                continue  # https:, mailto:
            path, _, anchor = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            if not target.exists():
                broken.append(f"{page.relative_to(ROOT)}: {link}")
            elif anchor and target.suffix == ".md" and anchor not in anchors(target):
                broken.append(f"{page.relative_to(ROOT)}: {link} (no such heading)")

    assert broken == []


def test_the_docs_for_players_and_for_developers_are_apart() -> None:
    for_players = {path.name for path in (ROOT / "docs").glob("*.md")}
    for_developers = {path.name for path in (ROOT / "docs" / "dev").glob("*.md")}

    assert {"using.md", "rules.md", "house-rules.md", "printing.md", "statistics.md"} <= for_players
    assert {"offline.md", "home-server.md", "deployment.md"} <= for_players
    assert {"architecture.md", "performance.md", "translating.md", "record-format.md"} <= (
        for_developers
    )
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in for_players:
        assert f"](docs/{name})" in readme, name
    for name in for_developers:
        assert f"](docs/dev/{name})" in readme, name


def test_architecture_names_every_module() -> None:
    text = (ROOT / "docs" / "dev" / "architecture.md").read_text(encoding="utf-8")
    modules = [
        *(ROOT / "rules_engine").glob("*.py"),
        *(ROOT / "scorepad").glob("*.py"),
    ]
    views = [path.stem for path in (ROOT / "scorepad" / "views").glob("[a-z]*.py")]
    forms = [path.stem for path in (ROOT / "scorepad" / "forms").glob("[a-z]*.py")]
    layers = [
        f"{folder}/{path.stem}"
        for folder in ("live", "screens")
        for path in (ROOT / "scorepad" / folder).glob("[a-z]*.py")
    ]
    commands = [path.stem for path in (ROOT / "scorepad/management/commands").glob("[a-z]*.py")]

    missing = [path.name for path in modules if f"`{path.name}`" not in text]
    missing += [f"views/{name}" for name in views if f"`{name}`" not in text]
    missing += [f"forms/{name}" for name in forms if f"`{name}`" not in text]
    missing += [name for name in layers if f"`{name.partition('/')[2]}`" not in text]
    missing += [f"command {name}" for name in commands if f"`{name}`" not in text]
    assert missing == []


def test_every_page_of_the_docs_named_in_the_code_exists() -> None:
    sources = [ROOT / "Dockerfile", ROOT / "compose.yaml", *(ROOT / "deploy").iterdir()]
    for folder in ("scorepad", "rules_engine", "bench", "tests", "templates", "scripts"):
        sources += [
            path
            for path in (ROOT / folder).rglob("*")
            if path.is_file()
            and "node_modules" not in path.parts
            and path.suffix in {".py", ".html", ".js", ".txt", ""}
        ]
    missing = []
    for source in sources:
        text = source.read_text(encoding="utf-8", errors="replace")
        for page in re.findall(r"\bdocs/[\w/.-]+\.md", text):
            if not (ROOT / page).is_file():
                missing.append(f"{source.relative_to(ROOT)}: {page}")

    assert missing == []


PLAYERS_PAGES = ["using.md", "rules.md", "house-rules.md", "printing.md", "statistics.md"]
# What a player has no use for: it belongs in docs/dev/ (web.md, offline.md...).
FOR_DEVELOPERS = re.compile(
    r"\((?:[1-5]\d\d)\)|\banswers? `?[1-5]\d\d\b|`[1-5]\d\d`|\ba [1-5]\d\d\b"
    r"|\b(?:scorepad|rules_engine|static|templates|tests|bench)/[\w./-]+\.(?:py|js|html)\b"
    r"|\b(?:Cache-Control|ETag|Retry-After|Vary|HX-Request|Scorepad-Replay|Scorepad-Tap)\b"
)


def test_the_players_pages_speak_to_players() -> None:
    found = []
    for name in [*PLAYERS_PAGES, "offline.md"]:
        text = (ROOT / "docs" / name).read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            if FOR_DEVELOPERS.search(line):
                found.append(f"docs/{name}:{number}: {line.strip()}")

    assert found == [], "status codes, headers, files and tests go in docs/dev/"
