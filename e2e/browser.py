"""The Chromium that the browser tests and the benchmarks drive, how it is launched, and the
quiet local server of the built site they open (shared by ``e2e/conftest.py`` and
``scripts/bench/bench_pyodide.py``)."""

from __future__ import annotations

import contextlib
import http.server
import os
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
MISSING = (
    "The browser tests and benchmarks need Chromium or Google Chrome and none was found on the "
    "PATH. Install one (Debian/Ubuntu: sudo apt-get install chromium; macOS: Google Chrome) or "
    "set CHROMIUM=/path/to/chrome."
)


def find_chromium() -> str:
    """$CHROMIUM, else the first of the usual names on the PATH; LookupError says what to do."""
    env = os.environ.get("CHROMIUM")
    if env:
        found = shutil.which(env) or (env if Path(env).exists() else None)
        if found:
            return found
        raise LookupError(f"CHROMIUM={env} does not exist")
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    raise LookupError(MISSING)


def launch_args() -> list[str]:
    """Quiet, offline, GPU-less; without the sandbox when run as root (as in CI containers)."""
    args = [
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")
    return args


#: How Playwright fails a test whose page's renderer crashed: such a test runs once more (the
#: Makefile's ``E2E_RERUN`` names the same words), in a Chromium launched again (:class:`Relauncher`)
CRASHED = "(Page|Target) crashed"


def crashed(failure: str) -> bool:
    """Whether a test's failure is a crashed renderer's.

    >>> crashed("Error: Page.wait_for_selector: Target crashed"), crashed("the hand did not end")
    (True, False)
    """
    return re.search(CRASHED, failure) is not None


class Launched(Protocol):
    def is_connected(self) -> bool: ...
    def close(self) -> None: ...


B = TypeVar("B", bound=Launched)


class Relauncher(Generic[B]):
    """A worker's browser, launched again before the next test once a test's renderer crashed
    or the browser itself has gone: in one run, one worker's Chromium crashed page after page,
    the crashed tests' second runs too, and then died, failing the rest of that worker's tests
    (docs/testing.md, "A crashed renderer").

    >>> class Fake:
    ...     def __init__(self): self.up = True
    ...     def is_connected(self): return self.up
    ...     def close(self): self.up = False
    >>> chromium = Relauncher(Fake)
    >>> first = chromium.get(); first is chromium.get()
    True
    >>> chromium.crashed(); second = chromium.get(); (second is first, first.up)
    (False, False)
    >>> second.up = False; chromium.get() is second  # gone by itself
    False
    """

    def __init__(self, launch: Callable[[], B]) -> None:
        self.launch = launch
        self.current: B | None = None
        self.suspect = False

    def crashed(self) -> None:
        """A test's renderer crashed: the next test gets a browser launched anew."""
        self.suspect = True

    def get(self) -> B:
        if self.current is not None and (self.suspect or not self.current.is_connected()):
            self.close()
        self.suspect = False
        if self.current is None:
            self.current = self.launch()
        return self.current

    def close(self) -> None:
        if self.current is not None:
            with contextlib.suppress(Exception):  # a browser that died cannot be closed
                self.current.close()
            self.current = None


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """A folder served with the types the page's files need, and no log line per request."""

    extensions_map = {  # noqa: RUF012 - the base class's attribute
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".svg": "image/svg+xml",
        ".json": "application/json",
        ".toml": "text/plain",
        ".zip": "application/zip",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        return


class SiteServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a closed page drops its requests
            super().handle_error(request, client_address)
