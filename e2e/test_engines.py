"""Every engine (issue 25): a short smoke in Firefox ESR (puppeteer-core, WebDriver BiDi) and
WebKitGTK (Selenium's WebKitGTK driver, MiniBrowser under Xvfb), and in Chromium beside them;
the long suite stays on Chromium. In each: a first visit (a boot), a whole hand with a bid and a
declaration, the review opened, a reload that resumes, a later visit from the snapshot
(data-boot="snapshot"), a reload with the server gone; no console or page error, no request
off the page's origin."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext

from e2e.conftest import DESKTOP, PagesServer, Watch
from e2e.engines import Chromium, Engine, Firefox, WebKit, missing
from e2e.game import HUMAN_JS, SNAPSHOT_JS
from e2e.test_offline import WORKER_READY_JS

SEED = 1  # hand 1: South names trump and holds a declaration (declarations chosen)
SETTINGS = {
    "app": "bela",
    "kind": "settings",
    "v": 1,
    "declarations": "choose",
    "speed": "instant",
    "lang": "en",
}
READY_JS = "() => document.body.dataset.appState"
# the first enabled element of a selector clicked, as a player's click (the page listens to clicks)
CLICK_JS = (
    """(sel) => { const e = document.querySelector(sel); if (!e) return false; e.click(); return true; }"""
)
GONE_JS = """(sel) => !document.querySelector(sel)"""
SUIT_BID = '[data-bid]:not([data-bid="pass"]):not([disabled])'
STEP = {
    "bid": SUIT_BID,
    "declare": '[data-declare="yes"]',
    "bela": '[data-bela="yes"]',
    "play": '[data-hand="S"] [data-playable="true"]',
}


class Smoke:
    def __init__(self, engine: Engine, pages: PagesServer) -> None:
        self.engine = engine
        self.pages = pages
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.figures: dict[str, float] = {}

    def collect(self) -> None:
        taken = self.engine.events()
        self.errors += taken["errors"]
        self.requests += taken["requests"]

    def until(self, fn: str, arg: Any = None, timeout: float = 120.0) -> Any:
        end = time.monotonic() + timeout
        while True:
            value = self.engine.evaluate(fn, arg)
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"{self.engine.name}: never true: {fn[:80]}")
            time.sleep(0.1)

    def ready(self, what: str) -> str:
        started = time.monotonic()
        self.until("() => document.body && document.body.dataset.appState !== 'loading'")
        assert self.engine.evaluate(READY_JS) == "ready", self.engine.evaluate(
            "() => document.querySelector('#boot-error').textContent"
        )
        self.figures[what] = round(time.monotonic() - started, 1)
        boot: str = self.engine.evaluate("() => document.body.dataset.boot")
        return boot

    def click(self, selector: str) -> None:
        assert self.engine.evaluate(CLICK_JS, selector), selector

    def human(self) -> str:
        kind: str = self.until(HUMAN_JS, timeout=60)
        return kind

    def step(self) -> str:
        """The human's next decision: a suit named when it may be, a declaration and bela
        called, the first playable card."""
        kind = self.human()
        if kind in STEP:
            selector = STEP[kind]
            if kind == "bid" and not self.engine.evaluate(CLICK_JS.replace("e.click(); ", ""), selector):
                selector = "[data-bid]:not([disabled])"
            handle = self.engine.evaluate(
                "(sel) => { window.belaClicked = document.querySelector(sel); return true; }", selector
            )
            assert handle
            self.click(selector)
            self.until(
                "() => !window.belaClicked.isConnected || Boolean(document.querySelector('[data-bela]'))"
            )
        return kind

    def settled(self) -> None:
        """The bots' worker started too: a reload while it still boots aborts its fetches, and
        Firefox reports each aborted module load of the old page as a page error ("A
        ServiceWorker intercepted the request and encountered an unexpected error"), harmless to
        a player but not what this smoke is about."""
        self.until("() => globalThis.belaBotsStart !== undefined")

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.engine.evaluate(SNAPSHOT_JS)
        state.pop("notice")
        return state

    def run(self) -> None:
        url = self.pages.url
        e = self.engine
        e.goto(url + "icons/icon.svg")  # the site's origin, to set the settings before the first visit
        e.evaluate("(s) => localStorage.setItem('bela.v1.settings', s)", json.dumps(SETTINGS))
        self.collect()
        e.goto(f"{url}?seed={SEED}&speed=instant&lang=en")
        assert self.ready("first visit, s") == "boot"
        kinds: list[str] = []
        while not kinds or kinds[-1] not in ("next", "over"):
            kinds.append(self.step())
        assert "bid" in kinds and "declare" in kinds and "play" in kinds, kinds
        assert self.engine.evaluate(
            "() => document.querySelector('[data-score-sheet] [data-hand-row]') !== null"
        )
        # the review of the hand, and back
        self.click('#overlay [data-action="review"]')
        self.until("() => document.querySelector('[data-review][data-review-step]') !== null")
        self.click('[data-review] [data-review-nav="end"]')
        self.click("[data-review] [data-close]")
        self.until(GONE_JS, "[data-review]")
        before = self.state()
        # a reload resumes
        self.settled()
        self.collect()
        e.reload()
        self.ready("reload, s")
        assert self.state() == before
        # a later visit: from the snapshot the service worker keeps
        self.until(f"() => ({WORKER_READY_JS})(120000)")
        self.settled()
        self.collect()
        e.reload()
        assert self.ready("later visit, s") == "snapshot"
        assert self.state() == before
        self.click('[data-action="next-hand"]')
        self.step()
        self.human()
        played = self.state()
        # offline: the server answers nothing
        self.settled()
        self.collect()
        self.pages.offline = True
        try:
            e.reload()
            assert self.ready("offline reload, s") == "snapshot"
            assert self.state() == played
            while self.step() != "play":
                pass
        finally:
            self.pages.offline = False
        self.collect()

    def check(self) -> None:
        origin = self.pages.origin + "/"
        offsite = [u for u in self.requests if not u.startswith((origin, "data:", "blob:" + origin))]
        assert not offsite, f"{self.engine.name}: requests off the origin: {offsite}"
        assert not self.errors, f"{self.engine.name}: errors:\n" + "\n".join(self.errors)


@pytest.fixture
def engine(request: pytest.FixtureRequest, new_context: Callable[..., BrowserContext]) -> Iterator[Engine]:
    name = request.param
    if name == "chromium":
        context = new_context(viewport=DESKTOP)
        # the icon's own document (where the settings are set first) has no icon: Chromium asks
        # for /favicon.ico, outside the site's folder
        context.route("**/favicon.ico", lambda route: route.fulfill(status=204))
        yield Chromium(context.new_page())
        return
    why = missing(name)
    if why:
        pytest.fail(why)  # make test installs them: a missing engine is a failure, not a skip
    made: Engine = Firefox() if name == "firefox" else WebKit()
    try:
        yield made
    finally:
        made.close()


@pytest.mark.parametrize("engine", ["chromium", "firefox", "webkit"], indirect=True)
def test_smoke_in_every_engine(engine: Engine, pages: PagesServer, pages_watch: Watch) -> None:
    if isinstance(engine, Chromium):
        pages_watch.attach(engine.page.context)
    smoke = Smoke(engine, pages)
    started = time.monotonic()
    smoke.run()
    smoke.check()
    print(engine.name, smoke.figures, f"in all {time.monotonic() - started:.0f} s")
