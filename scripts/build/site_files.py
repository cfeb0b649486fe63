"""The site's files by name, shared by the build's jobs (scripts/build/build_site.py puts them
together): what is copied from Pyodide and web/static, what is gzipped, what a first visit
fetches, and the error a build stops with."""

from __future__ import annotations

import gzip
from pathlib import Path

from scripts.build import stdlib

ROOT = Path(__file__).resolve().parents[2]  # the repository


PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


STORED_ZIP = "stored-zip.mjs"


STATIC_FILES = (  # and BOOT_MODULE
    STORED_ZIP,
    "bot-worker.js",
    "pyodide-early.mjs",
    "snapshot-reader.js",
    "updates.mjs",
)


ICON_SUFFIXES = (".png", ".svg")


APP_ARCHIVE = "app.zip"  # the game's Python (scripts/build/shipped.py), fetched gzipped


COMPILED_FILE = "web/compiled.marshal"  # in app.zip: the start-up modules' code (web/compiled.py)


LATER_FILE = "web/compiled-later.marshal"  # and every other module's, read when first needed


# Pyodide's files that the page fetches gzipped (written beside the originals by make site and
# undone by the browser's DecompressionStream: assets/pyodide-boot.mjs); the originals stay in
# the site, for browsers without DecompressionStream and for bare Pyodide pages, but are not
# precached (the page never asks for them). pyodide.asm.mjs too (1.25 MB, 0.26 gzipped; a first
# visit imports it from a blob: URL, a later one from the service worker's unzipped copy): on a
# host that compresses nothing it was a fifth of a first visit's bytes (issue 22)
GZIPPED = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide-lock.json")


BOOT_MODULE = "pyodide-boot.mjs"


# the page's first reads (inlined in its head) and what they fetch at once on a later visit
FIRST_READS = "first-reads.js"


EARLY_FETCHED = ("pyodide.asm.wasm", stdlib.NAME)


# the files a first visit fetches itself, gzipped (their bytes are its progress bar's total)
FIRST_FETCHED = (
    *(f"vendor/pyodide/{name}.gz" for name in (*GZIPPED, stdlib.NAME)),
    "app.zip.gz",
    "vendor/pyscript/bytecode.zip",
)


# Pyodide's full standard library: kept for web/fallback.py, never precached nor fetched unless
# a module is missing from the game's (scripts/build/stdlib.py)
FULL_STDLIB = "vendor/pyodide/python_stdlib.zip"


PYSCRIPT_BYTECODE = "vendor/pyscript/bytecode.zip"


class BuildError(RuntimeError):
    """Something the build needs is missing."""


def gzip_bytes(data: bytes) -> bytes:
    """Gzip, the same bytes for the same input (no time, no name in the header)."""
    return gzip.compress(data, compresslevel=9, mtime=0)
