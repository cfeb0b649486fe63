"""End-to-end tests: the built site (``make site``) in Chromium, driven through the hooks of
ui-contract.md.

Every test that opens a page is watched: any request outside the page's own origin, any
uncaught page error, any console error and any content security policy violation (e2e/csp.py)
fails it. Screenshots go to ``e2e-artifacts/``.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request

from e2e.browser import Relauncher, StaticHandler, crashed, find_chromium, launch_args
from e2e.browser import (
    SiteServer as SiteServer,  # tests of their own serve a build with it (test_room_network)
)
from e2e.csp import watch_policy
from e2e.relay import Relay, build_site

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
ARTIFACTS = ROOT / "e2e-artifacts"
SUB_PATH = "/bela/"
DESKTOP = {"width": 1280, "height": 800}


def chromium() -> str:
    try:
        return find_chromium()
    except LookupError as e:
        raise pytest.UsageError(str(e)) from None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": chromium(), "args": launch_args()}


@pytest.fixture(scope="session")
def chromium_of_worker(launch_browser: Callable[[], Browser]) -> Iterator[Relauncher[Browser]]:
    """The worker's Chromium, launched again after a test's renderer crashed (e2e/browser.py)."""
    chromium = Relauncher(launch_browser)
    yield chromium
    chromium.close()


@pytest.fixture
def browser(chromium_of_worker: Relauncher[Browser]) -> Browser:
    """The browser of this test (overrides pytest-playwright's one browser a session)."""
    return chromium_of_worker.get()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    # the test's own fixtures: a test that crashed a page of the worker's Chromium used it
    chromium = getattr(item, "funcargs", {}).get("chromium_of_worker")
    if report.failed and chromium is not None and crashed(str(report.longrepr)):
        chromium.crashed()
    return report


class SiteHandler(StaticHandler):
    """Serves _site/ at / and at /bela/ (as GitHub Pages serves a project at /REPO/)."""

    def translate_path(self, path: str) -> str:
        if path.startswith(SUB_PATH):
            path = "/" + path[len(SUB_PATH) :]
        return super().translate_path(path)


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """The base URL of the built site, served on a free port of 127.0.0.1."""
    if not (SITE / "index.html").exists():
        raise pytest.UsageError("_site/ is not built: run `make site` (make e2e does it)")
    server = SiteServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def fresh_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """The site built once more from the sources, into a folder of its own, and the files the
    build says it wrote (built once for the tests that look at a build: a build takes a minute
    on a busy machine; under pytest-xdist they share a worker: ``xdist_group("build")``)."""
    from scripts.build import build_site

    out = tmp_path_factory.mktemp("fresh") / "site"
    return out, build_site.build(out)


#: what web/fallback.py says when it fetches Pyodide's full standard library for a missing module
FULL_STDLIB_NOTE = "the standard library lacked"


class Watch:
    """Everything the page asked for and everything that went wrong in it."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.requests: list[str] = []
        self.offsite: list[str] = []
        self.errors: list[str] = []
        self.allowed_errors: list[str] = []
        self.csp: list[str] = []  # policy violations: never allowed

    def attach(self, context: BrowserContext) -> BrowserContext:
        context.on("request", self.on_request)
        context.on("console", self.on_console)
        context.on("weberror", lambda e: self.on_error(f"page error: {e.error}"))
        watch_policy(context, self.csp.append)
        return context

    def on_request(self, request: Request) -> None:
        url = request.url
        self.requests.append(url)
        own = (self.origin + "/", "blob:" + self.origin + "/", "data:")
        if not url.startswith(own):
            self.offsite.append(url)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.on_error(f"console error: {message.text}")

    def on_error(self, text: str) -> None:
        if not any(allowed in text for allowed in self.allowed_errors):
            self.errors.append(text)

    def allow_error(self, fragment: str) -> None:
        """Let a test that provokes a failure accept the console error it expects."""
        self.allowed_errors.append(fragment)

    def check(self) -> None:
        assert not self.offsite, f"requests outside the page's origin: {self.offsite}"
        # every test runs on the game's trimmed standard library: Pyodide's full one is fetched
        # only for a module it lacks (web/fallback.py, which also says so as an error)
        full = [u for u in self.requests if u.split("?")[0].endswith("/vendor/pyodide/python_stdlib.zip")]
        expected = any(FULL_STDLIB_NOTE in a for a in self.allowed_errors)
        assert not full or expected, f"a module missing from the game's library: {full}"
        assert not self.csp, "content security policy violations:\n" + "\n".join(self.csp)
        assert not self.errors, "errors in the page:\n" + "\n".join(self.errors)


@pytest.fixture
def watch(site: str) -> Iterator[Watch]:
    parts = urlsplit(site)
    w = Watch(f"{parts.scheme}://{parts.netloc}")
    yield w
    w.check()


class PagesHandler(SiteHandler):
    """Serves the folder of a PagesServer at SUB_PATH only (nothing at /), noting every path
    asked; while the server is offline it answers nothing at all (the connection closes)."""

    def __init__(self, *args: Any, pages: PagesServer, **kwargs: Any) -> None:
        self.pages = pages
        super().__init__(*args, directory=str(pages.folder), **kwargs)

    def send_head(self) -> Any:
        self.pages.asked.append(self.path)
        if self.pages.offline:
            self.close_connection = True
            return None
        if not self.path.startswith(SUB_PATH):
            self.send_error(404)
            return None
        return super().send_head()


class PagesServer:
    """A built site served under SUB_PATH on its own port, as GitHub Pages serves /REPO/: the
    folder can be swapped (a new deploy) and the server taken offline."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.offline = False
        self.asked: list[str] = []  # every path asked, in order
        self.server = SiteServer(("127.0.0.1", 0), functools.partial(PagesHandler, pages=self))
        self.origin = f"http://127.0.0.1:{self.server.server_port}"
        self.url = self.origin + SUB_PATH
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def pages() -> Iterator[PagesServer]:
    """_site/ served under a sub-path on a port of its own (one server per test)."""
    if not (SITE / "index.html").exists():
        raise pytest.UsageError("_site/ is not built: run `make site` (make e2e does it)")
    server = PagesServer(SITE)
    yield server
    server.close()


@pytest.fixture
def pages_watch(pages: PagesServer) -> Iterator[Watch]:
    """The Watch of the pages server's origin: attach it to each context a test opens."""
    w = Watch(pages.origin)
    yield w
    w.check()


#: The page as a browser without service workers sees it (plain http on a network address, or
#: a private window): no ``navigator.serviceWorker``, so no install and no offline play. A
#: service worker's first install copies the build into its cache (43 files, 11.7 MB) while the
#: test plays: about 2 s of CPU a start on this 2-core machine, a quarter of a start. The tests of
#: ``context`` and ``open_context`` open the game so unless marked ``service_worker`` (one is: it
#: watches the service worker's requests too). A reload soon after a first visit raced the
#: worker's install anyway; the tests of offline play, updates, the snapshot, repair and a full
#: disk wait for it, and make their contexts with ``new_context``, which keeps it.
NO_SERVICE_WORKER = "delete Navigator.prototype.serviceWorker;"


def watched(request: pytest.FixtureRequest, context: BrowserContext, watch: Watch) -> BrowserContext:
    """``context`` watched, and without a service worker unless the test is marked so."""
    if request.node.get_closest_marker("service_worker") is None:
        context.add_init_script(NO_SERVICE_WORKER)
    return watch.attach(context)


@pytest.fixture
def context(
    request: pytest.FixtureRequest, new_context: Callable[..., BrowserContext], watch: Watch
) -> BrowserContext:
    """The test's browser context, watched (overrides pytest-playwright's)."""
    return watched(request, new_context(viewport=DESKTOP), watch)


@pytest.fixture
def open_context(
    request: pytest.FixtureRequest, new_context: Callable[..., BrowserContext], watch: Watch
) -> Callable[..., BrowserContext]:
    """Another watched context (a second visitor, another viewport)."""

    def make(**kwargs: Any) -> BrowserContext:
        return watched(request, new_context(**{"viewport": DESKTOP, **kwargs}), watch)

    return make


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "accept_downloads": True}


@pytest.fixture
def shoot() -> Callable[[Page, str], Path]:
    """Save a screenshot as a test artifact in e2e-artifacts/."""

    def take(page: Page, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path))
        return path

    return take


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "service_worker: the pages of context and open_context keep their service worker"
    )
    # pytest-base-url (a pytest-playwright dependency) defines its fixture in a deprecated way
    config.addinivalue_line("filterwarnings", "ignore:Session-scoped fixtures defined as instance methods")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser-free tests first: a broken build shows up before Chromium starts."""
    items.sort(key=lambda item: 0 if "test_web_units" in item.nodeid else 1)


# -- the rooms of friends (issue 33): a relay and the site built with it ------------------------------
@pytest.fixture(scope="session")
def relay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Relay]:
    """A relay of the test session's own (the rooms' tests share it on their worker)."""
    r = Relay(tmp_path_factory.mktemp("relay"))
    yield r
    r.stop()


@pytest.fixture(scope="session")
def relay_site(relay: Relay, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The site built with RELAYS = that relay, served on a port of its own: (address, folder)."""
    out = tmp_path_factory.mktemp("site-relays") / "_site"
    build_site(out, relay.url)
    server = SiteServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/", out
    server.shutdown()
    server.server_close()
