"""The content security policy of the built page (scripts/build/csp.py, written by ``make site``).

Every other browser test already fails on a violation (e2e/csp.py, through conftest's Watch):
a whole match, the hints, offline play and an update run under the policy. Here: the policy
allows every inline script the built page holds (found by the HTML parser, not by the build's
own code), says what the issue asks, and a violation does fail a test.
"""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from e2e.conftest import DESKTOP, SITE, PagesServer, Watch
from e2e.game import BOOT_TIMEOUT

JS_TYPES = {"", "module", "text/javascript", "application/javascript"}


class Head(HTMLParser):
    """The page's meta policy, its inline scripts, and the order of the head's elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.policy: str | None = None
        self.order: list[str] = []  # tags as met: meta-csp, script, link, style...
        self.scripts: list[str] = []  # the text of every inline script a browser runs
        self.styles: list[str] = []  # the text of every <style>
        self._in_script: list[str] | None = None
        self._in_style: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "meta" and a.get("http-equiv", "").lower() == "content-security-policy":
            self.policy = a.get("content")
            self.order.append("meta-csp")
        elif tag in ("script", "link", "style"):
            self.order.append(tag)
        if tag == "script" and "src" not in a and a.get("type", "").lower() in JS_TYPES:
            self._in_script = []
        if tag == "style":
            self._in_style = []

    def handle_data(self, data: str) -> None:
        if self._in_script is not None:
            self._in_script.append(data)
        if self._in_style is not None:
            self._in_style.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._in_script is not None:
            self.scripts.append("".join(self._in_script))
            self._in_script = None
        if tag == "style" and self._in_style is not None:
            self.styles.append("".join(self._in_style))
            self._in_style = None


def parse(html: str) -> Head:
    head = Head()
    head.feed(html)
    return head


def directives(policy: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def test_every_inline_script_of_the_built_page_is_allowed_by_its_hash() -> None:
    head = parse((SITE / "index.html").read_text(encoding="utf-8"))
    assert head.policy, "_site/index.html has no Content-Security-Policy meta"
    assert head.order[0] == "meta-csp", f"the policy must come before {head.order[0]}"
    script_src = directives(head.policy)["script-src"]
    assert head.scripts, "the page has inline boot scripts"
    for text in head.scripts:
        digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()
        assert f"'sha256-{digest}'" in script_src, f"not allowed by the policy: {text[:80]!r}"
    # nothing more than the page's own inline scripts
    hashes = [s for s in script_src if s.startswith("'sha256-")]
    assert len(hashes) == len(set(hashes)) == len({*head.scripts})


def test_the_inlined_stylesheet_is_allowed_by_its_hash_and_nothing_else_inline() -> None:
    head = parse((SITE / "index.html").read_text(encoding="utf-8"))
    assert len(head.styles) == 1 and ".table" in head.styles[0]  # the page's stylesheet, inlined
    digest = base64.b64encode(hashlib.sha256(head.styles[0].encode("utf-8")).digest()).decode()
    assert directives(head.policy or "")["style-src"] == ["'self'", f"'sha256-{digest}'"]
    assert 'href="assets/style.css"' not in (SITE / "index.html").read_text(encoding="utf-8")


def test_the_policy_allows_nothing_from_elsewhere() -> None:
    policy = parse((SITE / "index.html").read_text(encoding="utf-8")).policy or ""
    d = directives(policy)
    assert d["default-src"] == ["'self'"]
    assert d["object-src"] == ["'none'"] and d["base-uri"] == ["'none'"]
    assert d["worker-src"] == ["'self'"]
    assert "'wasm-unsafe-eval'" in d["script-src"]
    # blob: URLs are made by the page's own scripts only: Pyodide's module on a first visit
    assert [s for s in d["script-src"] if not s.startswith("'")] == ["blob:"]
    for name, sources in d.items():
        for source in sources:
            if (name, source) == ("script-src", "blob:") or name == "connect-src":
                continue
            assert source.startswith("'"), f"{name} allows a place: {source}"
            assert source not in ("'unsafe-inline'", "'unsafe-hashes'", "'strict-dynamic'"), name
    assert "img-src" not in d  # 'self' only
    # 'self', and the rooms' relays of the build (wss:// only): contacted once a room is opened
    relays = d.get("connect-src", ["'self'"])
    assert relays[0] == "'self'" and all(r.startswith("wss://") for r in relays[1:]), relays
    assert d["style-src"][0] == "'self'" and all(x.startswith("'sha256-") for x in d["style-src"][1:])


def variant(tmp: Path, edit: Callable[[str], str]) -> Path:
    """A copy of the built site with its index.html edited."""
    folder = tmp / "site"
    shutil.copytree(SITE, folder)
    index = folder / "index.html"
    html = index.read_text(encoding="utf-8")
    changed = edit(html)
    assert changed != html
    index.write_text(changed, encoding="utf-8")
    return folder


def drop(source: str) -> Callable[[str], str]:
    return lambda html: html.replace(f" {source}", "", 1)


def add_to_body(markup: str) -> Callable[[str], str]:
    return lambda html: html.replace("</body>", markup + "\n</body>", 1)


@pytest.mark.parametrize(
    ("edit", "directive"),
    [
        # the check itself: markup the policy refuses
        (add_to_body("<script>window.injected = 1</script>"), "script-src-elem"),
        (add_to_body('<p style="color: red">styled</p>'), "style-src-attr"),
        # what the page needs (docs/deploy.md, "Content security policy"): PyScript's eval at start
        (drop("'unsafe-eval'"), "script-src"),
        # the boot script allowed by its hash
        (lambda html: re.sub(r" 'sha256-[^']+'", "", html, count=1), "script-src-elem"),
        # a first visit imports Pyodide's module, fetched gzipped, from a blob: URL
        (drop("blob:"), "script-src-elem"),
        # the stylesheet inlined in the head, allowed by its hash
        (lambda html: re.sub(r"(style-src 'self') 'sha256-[^']+'", r"\1", html, count=1), "style-src-elem"),
    ],
    ids=["inline-script", "style-attribute", "no-unsafe-eval", "no-boot-hash", "no-blob", "no-style-hash"],
)
def test_a_violation_fails_the_watch(
    new_context: Callable[..., BrowserContext],
    tmp_path: Path,
    edit: Callable[[str], str],
    directive: str,
) -> None:
    server = PagesServer(variant(tmp_path, edit))
    try:
        watch = Watch(server.origin)  # not the test's own: this one is meant to see a violation
        page = watch.attach(new_context(viewport=DESKTOP)).new_page()
        page.goto(server.url + "?speed=instant&lang=en")
        # polled, not page.wait_for_function: Playwright evaluates its string with eval, which
        # the no-unsafe-eval page refuses
        seen: list[str] = []
        for _ in range(BOOT_TIMEOUT // 250):
            seen = page.evaluate("window.belaCspViolations.map((v) => v.directive)")
            if seen:
                break
            page.wait_for_timeout(250)
        assert directive in seen
        page.wait_for_timeout(300)  # the binding's report reaches the test
        assert any(directive in v for v in watch.csp), watch.csp
        with pytest.raises(AssertionError, match="content security policy violations"):
            watch.check()
        page.close()
    finally:
        server.close()
