"""The Chromium that the browser tests and the benchmarks drive, and how it is launched
(shared by ``e2e/conftest.py`` and ``scripts/bench/bench_pyodide.py``)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

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
