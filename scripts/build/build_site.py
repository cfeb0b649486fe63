"""Build the deployable static site in ``_site/`` (``make site``).

    _site/index.html            the page: start-up texts from the catalogs injected, preload
                                links, pyscript.toml inlined as PyScript's JSON config, and
                                its content security policy (scripts/build/csp.py)
    _site/pyscript.toml         PyScript's configuration (the source of the inlined one)
    _site/app.zip(.gz)          the Python: bela/ and web/ (sources without docstrings or
                                comments, catalogs, data; not the command line: shipped.py),
                                the page's start-up modules compiled instead (web/compiled.py,
                                made with the snapshot); the page fetches the gzipped copy
    _site/snapshot-<id>.gz      Pyodide's memory with the game's modules imported (scripts/
                                snapshot.py), restored by later visits and the bots' worker
    _site/assets/               bot-worker.js, pyodide-early.mjs, pyodide-boot.mjs
                                (how Pyodide starts: snapshot or boot), updates.mjs (the
                                service worker's page side) and cards.svg (drawn by web.cardart)
    _site/icons/                the icons of web/static/icons (drawn by scripts/build/make_icons.py)
    _site/manifest.webmanifest  the web app manifest (installing the game)
    _site/vendor/pyodide/       the Pyodide runtime, copied from node_modules, with gzipped
                                copies (.gz) of its biggest files: the page fetches those
    _site/vendor/pyscript/      PyScript's files, copied from node_modules (not its editor or
                                terminal), and bytecode.zip: its Python modules compiled by
                                Pyodide itself (node)
    _site/.nojekyll             GitHub Pages: publish the folder as it is
    _site/sw.js                 the service worker (web/static/sw.js), written last: the build's
                                version and every file above (but .nojekyll and the originals
                                of the .gz copies) with its SHA-256, which it precaches

Every URL is relative, so the folder works at a site's root or under a sub-path (GitHub
Pages serves it at /REPO/). The version is a hash of the files' paths and contents and of the
service worker itself: the same sources give the same bytes, so an unchanged build keeps its
version (and the players their cache). ``--list`` prints every file written, one per line,
relative to the output folder.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from xml.sax.saxutils import quoteattr

from scripts.build import csp, rooms, shipped, snapshot, stdlib
from web import cardart
from web.i18n import LANGS, catalog

ROOT = Path(__file__).resolve().parents[2]


PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# PyScript's editor and terminal (CodeMirror, xterm) are never used by the page.
PYSCRIPT_SKIP = re.compile(r"^(codemirror|xterm)")
STORED_ZIP = "stored-zip.mjs"
#: the page's stylesheet, inlined in its head by render_index
STYLESHEET_LINK = '<link rel="stylesheet" href="assets/style.css">'
STATIC_FILES = (  # and BOOT_MODULE
    STORED_ZIP,
    "bot-worker.js",
    "pyodide-early.mjs",
    "snapshot-reader.js",
    "updates.mjs",
)
ICON_SUFFIXES = (".png", ".svg")
SW_VERSION_MARK = '"__BELA_VERSION__"'
SW_FILES_MARK = "/*PRECACHE*/ []"
SW_UNZIPPED_MARK = "/*UNZIPPED*/ {}"
# precached paths are used in URLs as they are
URL_SAFE = re.compile(r"^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$")
APP_ARCHIVE = "app.zip"  # the game's Python (scripts/build/shipped.py), fetched gzipped
COMPILED_FILE = "web/compiled.marshal"  # in app.zip: the start-up modules' code (web/compiled.py)
LATER_FILE = "web/compiled-later.marshal"  # and every other module's, read when first needed
PYTHON_PACKAGES = ("bela", "web")
PACKAGE_SUFFIXES = (".py", ".json")
# the command line and its arena: never used by the page
NOT_SHIPPED = ("bela/__main__.py", "bela/cli.py", "bela/arena.py")
# Pyodide's files that the page fetches gzipped (written beside the originals by make site and
# undone by the browser's DecompressionStream: assets/pyodide-boot.mjs); the originals stay in
# the site, for browsers without DecompressionStream and for bare Pyodide pages, but are not
# precached (the page never asks for them). pyodide.asm.mjs too (1.25 MB, 0.26 gzipped; a first
# visit imports it from a blob: URL, a later one from the service worker's unzipped copy): on a
# host that compresses nothing it was a fifth of a first visit's bytes (issue 22)
GZIPPED = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide-lock.json")
SNAPSHOT_MARK = '"__BELA_SNAPSHOT_ID__"'
SNAPSHOT_SHA256_MARK = '"__BELA_SNAPSHOT_SHA256__"'  # of the unzipped snapshot, as sw.js keeps it
SNAPSHOT_SIZE_MARK = '"__BELA_SNAPSHOT_SIZE__"'  # its length: the memory Pyodide makes for it
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
FIRST_BYTES_MARK = '"__BELA_FIRST_BYTES__"'
# Pyodide's full standard library: kept for web/fallback.py, never precached nor fetched unless
# a module is missing from the game's (scripts/build/stdlib.py)
FULL_STDLIB = "vendor/pyodide/python_stdlib.zip"
PYSCRIPT_BYTECODE = "vendor/pyscript/bytecode.zip"
BOOT_MARK = "/*BOOT_I18N*/{}"
PRELOAD_MARK = "<!--PRELOAD-->"
# PyScript's modules that it imports on every start (its plugins are loaded eagerly)
PYSCRIPT_EAGER = re.compile(r"^(core-|deprecations-manager-|donkey-|error-|py-editor-|py-game-|py-terminal-)")
CONFIG_ATTR = 'config="./pyscript.toml"'

# Compiles PyScript's own modules with Pyodide's own Python (the exact bytecode version the page
# runs) into a zip of their .pyc files (in __pycache__, unchecked: PyScript writes the same
# sources itself when it starts and then imports them without compiling).
PYC_JS = r"""
import { loadPyodide } from "%(pyodide)s";
import { readFileSync, writeFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: "%(index)s" });
py.unpackArchive(new Uint8Array(readFileSync("%(zip)s")), "zip", { extractDir: "/app" });
py.runPython(`
import compileall, os, py_compile, zipfile
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
assert compileall.compile_dir("/app", quiet=1, invalidation_mode=mode), "compile failed"
with zipfile.ZipFile("/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for root, dirs, files in sorted(os.walk("/app")):
        dirs.sort()
        for f in sorted(files):
            if not f.endswith(".pyc"):
                continue
            full = os.path.join(root, f)
            info = zipfile.ZipInfo(os.path.relpath(full, "/app"), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(full, "rb") as fh:
                z.writestr(info, fh.read())
`);
writeFileSync("%(out)s", py.FS.readFile("/out.zip"));
"""


class BuildError(RuntimeError):
    """Something the build needs is missing."""


def python_files(root: Path = ROOT) -> list[Path]:
    """The files of the Python packages that go into app.zip, sorted."""
    found: list[Path] = []
    for package in PYTHON_PACKAGES:
        for path in sorted((root / package).rglob("*")):
            rel = path.relative_to(root)
            if not path.is_file() or "__pycache__" in rel.parts or "static" in rel.parts:
                continue
            if path.suffix in PACKAGE_SUFFIXES and rel.as_posix() not in NOT_SHIPPED:
                found.append(path)
    return found


def app_archive(root: Path = ROOT, compiled: bytes | None = None, later: bytes | None = None) -> bytes:
    """The game's Python as the page gets it (scripts/build/shipped.py); with ``compiled``
    (web/compiled.py's file of the start-up modules' code), without the sources of those
    modules (shipped.compiled_modules); with ``later`` (the file of every other module's code,
    read when first needed), without theirs either."""
    files = [(p.relative_to(root).as_posix(), p) for p in python_files(root)]
    extra: dict[str, bytes] = {}
    if compiled is not None:
        start = set(snapshot_shipped(root))
        if later is not None:
            start |= set(later_shipped(root))
            extra[LATER_FILE] = later
        files = [(rel, p) for rel, p in files if p.suffix != ".py" or snapshot.module_name(rel) not in start]
        extra[COMPILED_FILE] = compiled
    return shipped.archive(files, extra)


def write_app(
    target: Path, root: Path = ROOT, compiled: bytes | None = None, later: bytes | None = None
) -> None:
    """app_archive() into ``target``, and its gzipped copy."""
    data = app_archive(root, compiled, later)
    target.write_bytes(data)
    target.with_name(target.name + ".gz").write_bytes(gzip_bytes(data))


def pyscript_stdlib(root: Path = ROOT) -> dict[str, str]:
    """PyScript's own Python modules, exactly as its bundle writes them at start (path: source).

    The bundle in dist/ embeds src/stdlib/pyscript.js; each source is checked to be in it, so
    bytecode is never made from anything else."""
    core = root / "node_modules" / "@pyscript" / "core"
    literal = (core / "src" / "stdlib" / "pyscript.js").read_text(encoding="utf-8")
    tree = json.loads(literal[literal.index("export default") + len("export default") :].strip().rstrip(";"))
    bundle = "".join(p.read_text(encoding="utf-8") for p in (core / "dist").glob("core-*.js"))
    files: dict[str, str] = {}

    def walk(prefix: str, node: dict[str, object]) -> None:
        for name, value in node.items():
            if isinstance(value, dict):
                walk(f"{prefix}{name}/", value)
            elif isinstance(value, str) and name.endswith(".py"):
                if json.dumps(value)[1:200] not in bundle:
                    raise BuildError(f"PyScript's {prefix}{name} differs from its bundle")
                files[prefix + name] = value

    walk("", tree)
    return files


def compile_pyscript(target: Path, root: Path = ROOT) -> None:
    """Write to ``target`` the bytecode of PyScript's own modules, compiled by Pyodide under
    node (PyScript writes their sources itself when it starts, and imports them at once)."""
    node = snapshot.find_node()
    pyodide = root / "node_modules" / "pyodide"
    if node is None:
        raise BuildError("Node.js is needed to compile PyScript's Python, and none was found")
    staging = target.with_suffix(".sources.zip")
    with zipfile.ZipFile(staging, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, text in pyscript_stdlib(root).items():
            zf.writestr(name, text)
    script = PYC_JS % {
        "pyodide": (pyodide / "pyodide.mjs").as_uri(),
        "index": str(pyodide) + "/",
        "zip": str(staging.resolve()),
        "out": str(target.resolve()),
    }
    try:
        done = subprocess.run(
            [node, "--input-type=module", "-e", script],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        raise BuildError(f"Node ({node}) could not compile PyScript's Python: {e}") from None
    finally:
        staging.unlink(missing_ok=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise BuildError(f"Node ({node}) could not compile PyScript's Python: {last}")


def package_files(root: Path = ROOT) -> list[tuple[str, bytes]]:
    """Every file of bela/ and web/ (but bytecode caches), path and bytes: what the snapshot's
    name depends on, beside app.zip and Pyodide."""
    found: list[tuple[str, bytes]] = []
    for package in PYTHON_PACKAGES:
        for path in sorted((root / package).rglob("*")):
            rel = path.relative_to(root)
            if path.is_file() and "__pycache__" not in rel.parts and path.suffix != ".pyc":
                found.append((rel.as_posix(), path.read_bytes()))
    return found


# standard modules that PyScript imports as it starts (pyscript.display: html, with its big
# table of entities), and that the snapshot can hold imported already
PYSCRIPT_STDLIB = ("html",)


def snapshot_modules(root: Path = ROOT) -> list[str]:
    """The modules imported in the snapshot: the game's that app.zip ships and that never touch
    the browser (scripts/build/snapshot.py), and the standard ones PyScript imports."""
    imported = [m for m in snapshot.modules_for(_sources(root)) if m not in rooms.PAGE_MODULES]
    return [*imported, *PYSCRIPT_STDLIB]


def snapshot_compiled(root: Path = ROOT) -> list[str]:
    """The game's modules that touch the browser: compiled into the snapshot, not imported."""
    return [m for m in snapshot.browser_modules(_sources(root)) if m not in rooms.PAGE_MODULES]


def _sources(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in python_files(root)
        if p.suffix == ".py"
    }


def snapshot_shipped(root: Path = ROOT) -> list[str]:
    """The game's start-up modules: app.zip ships their code (web/compiled.py), not their sources."""
    return shipped.compiled_modules(_sources(root))


def later_shipped(root: Path = ROOT) -> list[str]:
    """The game's other modules (the review, the hint, Learn, the screens opened later...):
    app.zip ships their code too, in a file of its own that the page reads when the first of
    them is imported (web/compiled.py), not their sources."""
    start = {*snapshot_shipped(root), *shipped.KEPT_AS_SOURCE}
    return sorted({snapshot.module_name(rel) for rel in _sources(root)} - start)


def snapshot_name(app_archive: bytes, root: Path = ROOT, library: bytes = b"") -> str:
    """The snapshot's id: it changes with any file of bela/ or web/, app.zip, the standard
    library it is made with, Pyodide, the scripts that make it, and the modules imported,
    compiled and shipped compiled."""
    files = [*package_files(root), (APP_ARCHIVE, app_archive), (stdlib.NAME, library)]
    modules = [*snapshot_modules(root), "compiled:", *snapshot_compiled(root)]
    modules += ["shipped:", *snapshot_shipped(root), "later:", *later_shipped(root)]
    return snapshot.snapshot_id(files, root / "node_modules" / "pyodide", modules)


def gzip_bytes(data: bytes) -> bytes:
    """Gzip, the same bytes for the same input (no time, no name in the header)."""
    return gzip.compress(data, compresslevel=9, mtime=0)


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


def _relays(text: str) -> tuple[str, ...]:
    """The rooms' relays of ``make site``'s ``RELAYS`` (space-separated), checked."""
    try:
        return rooms.parse_relays(text)
    except rooms.RelayError as e:
        raise BuildError(str(e)) from None


def _rooms_module(out: Path, root: Path, relays: tuple[str, ...]) -> Path:
    """The rooms' module (trystero bundled, the relays pinned), written into ``out``."""
    try:
        rooms.bundle(out / rooms.MODULE, root, relays)
    except (rooms.RelayError, subprocess.CalledProcessError) as e:
        raise BuildError(f"the rooms' module: {e}") from None
    return Path(rooms.MODULE)


def _snapshot_and_app(out: Path, root: Path, pyodide_dir: Path, library: Path, ident: str) -> list[Path]:
    """The memory snapshot made from the sources in ``out``'s app.zip, then app.zip written anew
    with the start-up modules compiled (and the later ones beside them)."""
    code = out / f"compiled-{ident}.marshal"
    try:
        modules = snapshot_modules(root)
        start = tuple(snapshot_shipped(root))
        compiled = tuple(sorted({*snapshot_compiled(root), *start}))
        target = out / f"snapshot-{ident}.gz"
        later = tuple(later_shipped(root))
        snapshot.make(
            target, out / APP_ARCHIVE, pyodide_dir, ident, modules, compiled, start, code, library, later
        )
    except snapshot.SnapshotError as e:
        raise BuildError(str(e)) from None
    later_code = snapshot.later_target(code)
    write_app(out / APP_ARCHIVE, root, code.read_bytes(), later_code.read_bytes())
    code.unlink()
    later_code.unlink()
    return [Path(APP_ARCHIVE), Path(APP_ARCHIVE + ".gz"), Path(f"snapshot-{ident}.gz")]


def _inputs(root: Path) -> tuple[Path, Path]:
    """Pyodide's and PyScript's folders in node_modules, once Node and both are there."""
    node = root / "node_modules"
    pyodide_dir = node / "pyodide"
    pyscript_dir = node / "@pyscript" / "core" / "dist"
    for needed in (pyodide_dir / "pyodide.mjs", pyscript_dir / "core.js"):
        if not needed.exists():
            raise BuildError(f"{needed} is missing: run `npm ci` (make site does it)")
    if snapshot.find_node() is None:
        raise BuildError(
            "Node.js is needed to compile the Python and make its snapshot, and none was found: "
            "install Node 18 or newer, or set NODE=/path/to/node"
        )
    return pyodide_dir, pyscript_dir


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


def build(out: Path, root: Path = ROOT, relays_text: str | None = None) -> list[Path]:
    """Write the site into ``out`` (emptied first); return the files written, relative to it.
    ``relays_text``: the rooms' relays, space-separated (default: $RELAYS)."""
    relays = _relays(os.environ.get("RELAYS", "") if relays_text is None else relays_text)
    pyodide_dir, pyscript_dir = _inputs(root)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    written: list[Path] = []

    def put_text(rel: str, text: str) -> None:
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(Path(rel))

    def put_copy(rel: str, source: Path) -> None:
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        written.append(Path(rel))

    eager = sorted(
        f.name for f in pyscript_dir.iterdir() if PYSCRIPT_EAGER.match(f.name) and f.suffix == ".js"
    )
    put_copy("pyscript.toml", root / "pyscript.toml")
    # the snapshot is made from the sources; then app.zip ships the start-up modules compiled
    sources = app_archive(root)
    (out / APP_ARCHIVE).write_bytes(sources)
    (out / "vendor" / "pyscript").mkdir(parents=True)
    compile_pyscript(out / PYSCRIPT_BYTECODE, root)
    written.append(Path(PYSCRIPT_BYTECODE))
    library = out / "vendor" / "pyodide" / stdlib.NAME
    library.parent.mkdir(parents=True)
    try:
        stdlib.make(library, sources, pyscript_stdlib(root), pyodide_dir)
    except stdlib.StdlibError as e:
        raise BuildError(str(e)) from None
    (out / "vendor" / "pyodide" / f"{stdlib.NAME}.gz").write_bytes(gzip_bytes(library.read_bytes()))
    written += [Path(f"vendor/pyodide/{stdlib.NAME}"), Path(f"vendor/pyodide/{stdlib.NAME}.gz")]
    ident = snapshot_name(sources, root, library.read_bytes())
    written += _snapshot_and_app(out, root, pyodide_dir, library, ident)
    # the snapshot's name as the service worker keeps it (unzipped, no .gz: sw.js)
    put_text("index.html", render_index(root, preload_links(eager, f"snapshot-{ident}", root), relays))
    written.append(_rooms_module(out, root, relays))
    for name in STATIC_FILES:
        put_text(f"assets/{name}", static_text(root / "web" / "static" / name))
    for name in PYODIDE_FILES:
        put_copy(f"vendor/pyodide/{name}", pyodide_dir / name)
        if name in GZIPPED:
            (out / f"vendor/pyodide/{name}.gz").write_bytes(gzip_bytes((pyodide_dir / name).read_bytes()))
            written.append(Path(f"vendor/pyodide/{name}.gz"))
    put_text(f"assets/{BOOT_MODULE}", boot_module(out, root, ident))
    put_text("assets/cards.svg", cardart.sprite())
    for source in sorted((root / "web" / "static" / "icons").iterdir()):
        if source.suffix in ICON_SUFFIXES:
            put_copy(f"icons/{source.name}", source)
    put_copy("manifest.webmanifest", root / "web" / "static" / "manifest.webmanifest")
    for source in sorted((root / "web" / "static" / "screenshots").glob("*.jpg")):
        put_copy(f"screenshots/{source.name}", source)  # the manifest's (scripts/build/make_screenshots.py)
    for source in sorted(pyscript_dir.iterdir()):
        if source.suffix in (".js", ".css") and not PYSCRIPT_SKIP.match(source.name):
            put_copy(f"vendor/pyscript/{source.name}", source)
    put_text(".nojekyll", "")
    put_text("sw.js", service_worker(precache(out, written), out, root)[0])  # last: it lists the others
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="output folder (default: _site)")
    parser.add_argument("--list", action="store_true", help="print every file written")
    args = parser.parse_args(argv)
    try:
        files = build(args.out)
    except BuildError as e:
        print(f"build_site: {e}", file=sys.stderr)
        return 1
    if args.list:
        for f in files:
            print(f.as_posix())
    else:
        size = sum((args.out / f).stat().st_size for f in files)
        entries = precache(args.out, files)
        cached = sum((args.out / rel).stat().st_size for rel, _ in entries)
        print(
            f"built {args.out} ({len(files)} files, {size / 1e6:.1f} MB); the service worker, "
            f"version {service_worker(entries)[1]}, precaches {len(entries)} ({cached / 1e6:.1f} MB)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
