"""The game's Python for the page: app.zip (bela/ and web/ as shipped.py trims them, the
start-up modules and the later ones compiled by the snapshot's Pyodide instead) and the
modules the snapshot imports or compiles, with the snapshot's name."""

from __future__ import annotations

from pathlib import Path

from scripts.build import rooms, shipped, snapshot, stdlib
from scripts.build.site_files import (
    APP_ARCHIVE,
    COMPILED_FILE,
    LATER_FILE,
    ROOT,
    gzip_bytes,
)

PYTHON_PACKAGES = ("bela", "web")


PACKAGE_SUFFIXES = (".py", ".json")


# the command line and its arena: never used by the page
NOT_SHIPPED = ("bela/__main__.py", "bela/cli.py", "bela/arena.py")


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
