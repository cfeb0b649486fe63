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

Each job is a module of scripts/build/: the site's file names (site_files.py), the game's Python
(app_zip.py), PyScript's (pyscript_files.py), the page (index_page.py), the service worker's list
(precache.py), the snapshot (snapshot.py), the trimmed standard library (stdlib.py) and the
rooms' module (rooms.py); this one puts them together.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from scripts.build import rooms, snapshot, stdlib
from scripts.build.app_zip import (
    app_archive,
    later_shipped,
    snapshot_compiled,
    snapshot_modules,
    snapshot_name,
    snapshot_shipped,
    write_app,
)
from scripts.build.index_page import boot_module, preload_links, render_index, static_text
from scripts.build.precache import precache, service_worker
from scripts.build.pyscript_files import PYSCRIPT_EAGER, PYSCRIPT_SKIP, compile_pyscript, pyscript_stdlib
from scripts.build.site_files import (
    APP_ARCHIVE,
    BOOT_MODULE,
    GZIPPED,
    ICON_SUFFIXES,
    PYODIDE_FILES,
    PYSCRIPT_BYTECODE,
    ROOT,
    STATIC_FILES,
    BuildError,
    gzip_bytes,
)
from web import cardart


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
