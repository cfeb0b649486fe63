"""The Chromium that the browser tests and the benchmarks drive, how it is launched, and the
quiet local server of the built site they open (shared by ``e2e/conftest.py`` and
``scripts/bench/bench_pyodide.py``)."""

from __future__ import annotations

import http.server
import os
import shutil
import sys
from pathlib import Path
from typing import Any

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
