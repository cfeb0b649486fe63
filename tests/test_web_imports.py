"""The page's start-up time is mostly Python imports in Pyodide: the page's modules must not
pull in stdlib packages that load slowly there and that it does not need (xml.sax.saxutils
alone, through urllib.request, http and email, cost about 270 ms of the start)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_web_layers import imports_of

WEB = Path(__file__).resolve().parent.parent / "web"
SLOW = ("xml", "urllib", "http", "email", "ssl", "html", "inspect", "logging", "unittest")


def imported(path: Path) -> set[str]:
    """The modules ``path`` imports (as in web/'s import graph, tests/test_web_layers.py)."""
    return imports_of(path)


@pytest.mark.parametrize("path", sorted(WEB.rglob("*.py")), ids=lambda p: str(p.relative_to(WEB)))
def test_page_modules_avoid_slow_stdlib_packages(path: Path) -> None:
    slow = {n for n in imported(path) if n.split(".")[0] in SLOW}
    assert not slow, f"{path.name} imports {sorted(slow)}"


def test_the_check_sees_a_slow_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from xml.sax.saxutils import quoteattr\nimport json\n", encoding="utf-8")
    assert {"xml.sax.saxutils", "json"} <= imported(sample)
