"""The page: index.html with its start-up texts, preload links, inlined stylesheet and
PyScript configuration, under its content security policy; and the boot module with the
snapshot's id, hash and size and the first visit's bytes written in."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import tomllib
from pathlib import Path
from xml.sax.saxutils import quoteattr

from scripts.build import csp, rooms, shipped, snapshot, stdlib
from scripts.build.site_files import (
    APP_ARCHIVE,
    BOOT_MODULE,
    EARLY_FETCHED,
    FIRST_FETCHED,
    FIRST_READS,
    GZIPPED,
    PYSCRIPT_BYTECODE,
    ROOT,
    STORED_ZIP,
    BuildError,
)
from web.i18n import LANGS, catalog

#: the page's stylesheet, inlined in its head by render_index
STYLESHEET_LINK = '<link rel="stylesheet" href="assets/style.css">'


BOOT_MARK = "/*BOOT_I18N*/{}"


PRELOAD_MARK = "<!--PRELOAD-->"


CONFIG_ATTR = 'config="./pyscript.toml"'


SNAPSHOT_MARK = '"__BELA_SNAPSHOT_ID__"'


SNAPSHOT_SHA256_MARK = '"__BELA_SNAPSHOT_SHA256__"'  # of the unzipped snapshot, as sw.js keeps it


SNAPSHOT_SIZE_MARK = '"__BELA_SNAPSHOT_SIZE__"'  # its length: the memory Pyodide makes for it


FIRST_BYTES_MARK = '"__BELA_FIRST_BYTES__"'


def boot_texts(html: str) -> dict[str, dict[str, str]]:
    """The catalog entries the static page uses (data-i18n and data-i18n-label), per language."""
    keys = sorted(set(re.findall(r'data-i18n(?:-label)?="([^"]+)"', html)))
    texts: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        entries = catalog(lang)
        missing = [k for k in keys if k not in entries]
        if missing:
            raise BuildError(f"web/i18n/{lang}.json lacks {', '.join(missing)}")
        texts[lang] = {k: entries[k] for k in keys}
    return texts


def render_index(root: Path = ROOT, preload: list[str] | None = None, relays: tuple[str, ...] = ()) -> str:
    html = (root / "index.html").read_text(encoding="utf-8")
    for mark in (BOOT_MARK, PRELOAD_MARK):
        if mark not in html:
            raise BuildError(f"index.html has no {mark} placeholder")
    data = json.dumps(boot_texts(html), ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    links = "\n".join(preload or [])
    html = html.replace(BOOT_MARK, data).replace(PRELOAD_MARK, links)
    # pyscript.toml, inlined as JSON: PyScript then needs neither a fetch nor its TOML parser
    if CONFIG_ATTR not in html:
        raise BuildError(f"index.html's PyScript tag lacks {CONFIG_ATTR}")
    config = tomllib.loads((root / "pyscript.toml").read_text(encoding="utf-8"))
    html = html.replace(CONFIG_ATTR, f"config={quoteattr(json.dumps(config, separators=(',', ':')))}")
    # the stylesheet inlined: the first paint waits for no second request (allowed by its hash)
    if STYLESHEET_LINK not in html:
        raise BuildError(f"index.html lacks {STYLESHEET_LINK}")
    css = static_text(root / "web" / "static" / "style.css")
    if "</style" in css.lower():
        raise BuildError("web/static/style.css may not hold </style")
    html = html.replace(STYLESHEET_LINK, f"<style>{css}</style>")
    directives = csp.DIRECTIVES + ((rooms.connect_src(relays),) if relays else ())
    return csp.apply(html, directives)  # last: the policy allows the inline scripts and style as written


def preload_links(pyscript_files: list[str], snapshot_file: str, root: Path = ROOT) -> list[str]:
    """Start fetching, at once, what PyScript would otherwise ask for one step after another."""
    links = [f'<link rel="modulepreload" href="vendor/pyscript/{name}">' for name in pyscript_files]
    links.append(f'<link rel="modulepreload" href="assets/{BOOT_MODULE}">')
    links.append(f'<link rel="modulepreload" href="assets/{STORED_ZIP}">')  # which BOOT_MODULE imports
    links.append(f'<link rel="preload" href="{PYSCRIPT_BYTECODE}" as="fetch" crossorigin>')
    # the snapshot, Pyodide's biggest files and the game's Python read at once (a later visit
    # from the service worker's cache, a first the gzipped copies): web/static/first-reads.js
    script = (root / "web" / "static" / FIRST_READS).read_text(encoding="utf-8")
    marks = {
        '"__SNAPSHOT__"': json.dumps(snapshot_file),
        "__EARLY__": json.dumps([f"vendor/pyodide/{name}" for name in EARLY_FETCHED]),
        "__GZIPPED__": json.dumps(
            [f"{APP_ARCHIVE}.gz", *(f"vendor/pyodide/{name}.gz" for name in (*GZIPPED, stdlib.NAME))]
        ),
    }
    for mark, value in marks.items():
        if script.count(mark) != 1:
            raise BuildError(f"web/static/{FIRST_READS} needs {mark} once")
        script = script.replace(mark, value)
    links.append(f"<script>{shipped.strip_comments(script).strip()}</script>")
    return links


def first_bytes(out: Path) -> int:
    """The bytes of FIRST_FETCHED, as written in ``out``."""
    return sum((out / rel).stat().st_size for rel in FIRST_FETCHED)


def static_text(path: Path) -> str:
    """A file of web/static as the page gets it: its comments that fill whole lines taken out
    (shipped.strip_comments: about 5 KB of the game's files, gzipped)."""
    return shipped.strip_comments(path.read_text(encoding="utf-8"), css=path.suffix == ".css")


def boot_module(out: Path, root: Path, ident: str) -> str:
    """web/static's boot module with the snapshot written into ``out`` named in it: its id,
    SHA-256 and memory size, and the bytes of the first visit (``first_bytes``)."""
    boot = (root / "web" / "static" / BOOT_MODULE).read_text(encoding="utf-8")
    for mark in (SNAPSHOT_MARK, SNAPSHOT_SHA256_MARK, SNAPSHOT_SIZE_MARK, FIRST_BYTES_MARK):
        if boot.count(mark) != 1:
            raise BuildError(f"web/static/{BOOT_MODULE} needs {mark} once")
    unzipped = gzip.decompress((out / f"snapshot-{ident}.gz").read_bytes())  # sparse: snapshot.make
    boot = boot.replace(SNAPSHOT_SHA256_MARK, json.dumps(hashlib.sha256(unzipped).hexdigest()))
    boot = boot.replace(FIRST_BYTES_MARK, str(first_bytes(out)))
    try:
        boot = boot.replace(SNAPSHOT_SIZE_MARK, str(snapshot.memory_size(unzipped)))
    except snapshot.SnapshotError as e:
        raise BuildError(str(e)) from None
    return shipped.strip_comments(boot.replace(SNAPSHOT_MARK, json.dumps(ident)))
