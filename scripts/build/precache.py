"""What the service worker precaches, each file with its SRI hash, and sw.js written with them
and the build's version."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
from pathlib import Path

from scripts.build import rooms, shipped, stdlib
from scripts.build.site_files import (
    APP_ARCHIVE,
    FULL_STDLIB,
    GZIPPED,
    ROOT,
    BuildError,
)

SW_VERSION_MARK = '"__BELA_VERSION__"'


SW_FILES_MARK = "/*PRECACHE*/ []"


SW_UNZIPPED_MARK = "/*UNZIPPED*/ {}"


# precached paths are used in URLs as they are
URL_SAFE = re.compile(r"^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$")


def sri(data: bytes) -> str:
    """The Subresource Integrity value of ``data`` (what fetch's ``integrity`` checks)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def not_precached(rel: str) -> bool:
    """Dot-files, sw.js itself, the originals of the gzipped files the page fetches and the
    manifest's screenshots (only an install dialog shows them)."""
    originals = {f"vendor/pyodide/{name}" for name in (*GZIPPED, stdlib.NAME)} | {APP_ARCHIVE, FULL_STDLIB}
    shots = rel.startswith("screenshots/")
    rooms_only = rel == rooms.MODULE  # fetched when a room is opened: never by a first visit
    return rel.startswith(".") or "/." in rel or rel == "sw.js" or rel in originals or shots or rooms_only


def precache(out: Path, files: list[Path]) -> list[tuple[str, str]]:
    """What the service worker precaches: every file written but those ``not_precached``,
    sorted, each with its SRI hash."""
    entries: list[tuple[str, str]] = []
    for rel in sorted(f.as_posix() for f in files):
        if not_precached(rel):
            continue
        if not URL_SAFE.match(rel):
            raise BuildError(f"{rel}: a precached file needs a name that is its own URL")
        entries.append((rel, sri((out / rel).read_bytes())))
    return entries


def unzipped_hashes(out: Path, entries: list[tuple[str, str]]) -> dict[str, str]:
    """The SRI hashes of the unzipped bytes of the precached .gz files, by their names without
    .gz: the service worker keeps them so, and checks a kept copy against them (sw.js)."""
    zipped = [rel for rel, _ in entries if rel.endswith(".gz")]
    return {rel[:-3]: sri(gzip.decompress((out / rel).read_bytes())) for rel in zipped}


def service_worker(
    entries: list[tuple[str, str]], out: Path | None = None, root: Path = ROOT
) -> tuple[str, str]:
    """The text of sw.js precaching ``entries`` (written in ``out``: the hashes of the unzipped
    .gz files are listed too), and the build's version: a hash of the entries (paths and
    contents) and of the worker's template."""
    template = shipped.strip_comments((root / "web" / "static" / "sw.js").read_text(encoding="utf-8"))
    for mark in (SW_VERSION_MARK, SW_FILES_MARK, SW_UNZIPPED_MARK):
        if template.count(mark) != 1:
            raise BuildError(f"web/static/sw.js needs {mark} once")
    digest = hashlib.sha256(template.encode("utf-8"))
    for rel, hashed in entries:
        digest.update(f"{rel}\0{hashed}\n".encode())
    version = digest.hexdigest()[:16]
    listing = "[\n" + "".join(f"  {json.dumps([rel, hashed])},\n" for rel, hashed in entries) + "]"
    unzipped = json.dumps(unzipped_hashes(out, entries) if out is not None else {}, indent=1)
    text = template.replace(SW_VERSION_MARK, json.dumps(version)).replace(SW_FILES_MARK, listing)
    return text.replace(SW_UNZIPPED_MARK, unzipped), version
