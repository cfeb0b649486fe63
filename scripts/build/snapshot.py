"""The Python memory snapshot of the site (issue 11), made by ``make site``.

The page and the bots' worker restore Pyodide from it instead of booting it: a prepared
interpreter with the game's modules already imported. It is made under Node from the pinned
``node_modules/pyodide`` by ``scripts/build/make_snapshot.mjs`` and written without its pages of
zeros (:func:`sparse`), gzipped, as ``snapshot-<id>.gz``, where ``<id>`` is a hash of
everything it is made from (the game's Python files, Pyodide's files, the script and the
modules imported), so that a change of any of them gives a new name and a page never
restores a stale interpreter. The same id is also
stored in the snapshot (``sys._bela_snapshot``) and checked after a restore.

Snapshots are not byte-for-byte reproducible (Pyodide's memory holds addresses and times),
so a made snapshot is kept in ``.cache/snapshots/`` under its id and reused: the same sources
build the same bytes, and a rebuild does not pay the few seconds of Node again.

>>> modules_for({"bela/__init__.py": "", "web/dom.py": "import js", "web/view.py": "from web import dom"})
['bela']
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import os
import shutil
import struct
import subprocess
from collections.abc import Iterable, Mapping
from pathlib import Path

from scripts.build.import_statements import imported

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "build" / "make_snapshot.mjs"
CACHE = ROOT / ".cache" / "snapshots"
# what the interpreter in the snapshot is made of, beside the game's files
PYODIDE_INPUTS = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# modules that must never be imported before the snapshot is taken (browser-only)
BROWSER_ONLY = ("js", "pyodide", "pyscript", "_pyodide", "pyodide_js")
TIMEOUT = 300


class SnapshotError(RuntimeError):
    """The snapshot could not be made (the message is one line saying why)."""


def module_name(rel: str) -> str:
    """``bela/bots/__init__.py`` -> ``bela.bots``."""
    parts = rel.removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(source: str, name: str) -> set[str]:
    package = name if name.count(".") == 0 else name.rsplit(".", 1)[0]
    return imported(ast.walk(ast.parse(source)), package)


def modules_for(sources: Mapping[str, str]) -> list[str]:
    """The modules (of ``sources``: path -> text) safe to import before the snapshot: none of
    them, nor anything of theirs they import, anywhere in the module (lazy imports too),
    touches the browser, and neither is a command-line entry point (``__main__``)."""
    names = {module_name(rel): text for rel, text in sources.items() if rel.endswith(".py")}
    deps = {name: _imports(text, name) for name, text in names.items()}
    for name in deps:  # importing a.b.c imports a and a.b first
        parts = name.split(".")
        deps[name] |= {".".join(parts[:i]) for i in range(1, len(parts))}
    safe: dict[str, bool] = {}

    def ok(name: str, seen: frozenset[str] = frozenset()) -> bool:
        if name in safe:
            return safe[name]
        if name in seen:
            return True
        verdict = not name.endswith("__main__")
        for dep in deps[name]:
            browser = dep.split(".")[0] in BROWSER_ONLY
            if browser or (dep in names and not ok(dep, seen | {name})):
                verdict = False
        safe[name] = verdict
        return verdict

    return sorted(name for name in names if ok(name))


def browser_modules(sources: Mapping[str, str]) -> list[str]:
    """The modules of ``sources`` that cannot be imported before the snapshot (but for entry
    points): their code is compiled into it instead."""
    safe = set(modules_for(sources))
    names = {module_name(rel) for rel in sources if rel.endswith(".py")}
    return sorted(n for n in names - safe if not n.endswith("__main__"))


def snapshot_id(files: Iterable[tuple[str, bytes]], pyodide_dir: Path, modules: list[str]) -> str:
    """The hash naming the snapshot: the game's files (path, bytes), Pyodide's, the script
    that makes it and the modules it imports."""
    digest = hashlib.sha256()
    for rel, data in sorted(files):
        digest.update(f"app\0{rel}\0{len(data)}\0".encode())
        digest.update(data)
    for name in PYODIDE_INPUTS:
        digest.update(f"pyodide\0{name}\0".encode())
        digest.update((pyodide_dir / name).read_bytes())
    digest.update(SCRIPT.read_bytes())
    digest.update("\n".join(modules).encode())
    return digest.hexdigest()[:16]


SPARSE_MAGIC = b"BELASPRS"
SPARSE_PAGE = 4096


def sparse(memory: bytes, page: int = SPARSE_PAGE) -> bytes:
    """``memory`` without its pages of zeros, as the page reads it (half of Pyodide's 31 MB is
    zeros: reading, checking and copying the rest takes half the time). Little-endian: the magic
    ``BELASPRS``, the memory's length and the number of runs (u32 each), each run's offset and
    length (u32 each), then the runs' bytes; assets/pyodide-boot.mjs's ``unsparse`` undoes it
    into a memory of zeros.

    >>> data = sparse(bytes(8) + b"ab" + bytes(6), page=4)
    >>> data[8:]
    b'\\x10\\x00\\x00\\x00\\x01\\x00\\x00\\x00\\x08\\x00\\x00\\x00\\x04\\x00\\x00\\x00ab\\x00\\x00'
    """
    runs: list[tuple[int, int]] = []
    for start in range(0, len(memory), page):
        end = min(start + page, len(memory))
        if memory[start:end].count(0) != end - start:
            if runs and runs[-1][1] == start:
                runs[-1] = (runs[-1][0], end)
            else:
                runs.append((start, end))
    head = [SPARSE_MAGIC, struct.pack("<II", len(memory), len(runs))]
    head += [struct.pack("<II", a, b - a) for a, b in runs]
    return b"".join(head + [memory[a:b] for a, b in runs])


def memory_size(data: bytes) -> int:
    """The length of the memory that :func:`sparse` wrote ``data`` from (its header says it).

    >>> memory_size(sparse(bytes(10)))
    10
    """
    if data[: len(SPARSE_MAGIC)] != SPARSE_MAGIC:
        raise SnapshotError("the snapshot is not in the sparse form (scripts/build/snapshot.py)")
    return int(struct.unpack_from("<I", data, len(SPARSE_MAGIC))[0])


def find_node() -> str | None:
    """$NODE if set (it may name a missing program: the build then fails), else node on PATH."""
    env = os.environ.get("NODE")
    if env:
        return shutil.which(env) or (env if Path(env).is_file() else None)
    return shutil.which("node")


def later_target(shipped_target: Path) -> Path:
    """Where make() writes the later modules' code, beside the start-up modules'."""
    return shipped_target.with_name(shipped_target.stem + "-later" + shipped_target.suffix)


def make(
    target: Path,
    app_archive: Path,
    pyodide_dir: Path,
    ident: str,
    modules: list[str],
    compiled: tuple[str, ...] = (),
    shipped: tuple[str, ...] = (),
    shipped_target: Path | None = None,
    stdlib: Path | None = None,
    later: tuple[str, ...] = (),
) -> None:
    """Write the snapshot ``ident`` to ``target``, sparse and gzipped (from the cache if it holds
    it): ``modules`` imported, ``compiled`` compiled only; and the code of ``shipped`` (some of
    ``compiled``) to ``shipped_target``, as web/compiled.py reads it, and the code of ``later``
    (not in the snapshot) to ``later_target(shipped_target)``. ``stdlib``: the standard
    library the page loads (scripts/build/stdlib.py), else Pyodide's own."""
    cached = CACHE / f"snapshot-{ident}.gz"
    cached_code = CACHE / f"compiled-{ident}.marshal"
    cached_later = later_target(cached_code)
    codes = (
        []
        if shipped_target is None
        else [(cached_code, shipped_target), (cached_later, later_target(shipped_target))]
    )
    if cached.is_file() and all(c.is_file() for c, _ in codes):
        for c, t in [(cached, target), *codes]:
            shutil.copyfile(c, t)
        return
    node = find_node()
    if node is None:
        raise SnapshotError(
            "Node.js is needed to make the Python snapshot (scripts/build/make_snapshot.mjs) and none was "
            "found: install Node 18 or newer, or set NODE=/path/to/node"
        )
    partial = target.with_suffix(".partial")
    # what to compile and where to write it: the start-up modules, then the later ones
    extra = (
        [json.dumps(list(shipped)), str(shipped_target), json.dumps(list(later)), str(codes[1][1])]
        if codes
        else []
    )
    for _, t in codes:
        t.unlink(missing_ok=True)
    try:
        done = subprocess.run(
            [
                node,
                str(SCRIPT),
                f"{pyodide_dir}/",
                str(app_archive),
                str(stdlib) if stdlib else "-",
                str(partial),
                ident,
                json.dumps(modules),
                json.dumps(list(compiled)),
                *extra,
            ],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        partial.unlink(missing_ok=True)
        raise SnapshotError(f"Node ({node}) could not make the Python snapshot: {e}") from None
    if done.returncode != 0 or not partial.is_file() or not all(t.is_file() for _, t in codes):
        partial.unlink(missing_ok=True)
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise SnapshotError(f"Node ({node}) could not make the Python snapshot: {last}")
    try:
        target.write_bytes(gzip.compress(sparse(partial.read_bytes()), compresslevel=9, mtime=0))
    finally:
        partial.unlink(missing_ok=True)
    try:
        CACHE.mkdir(parents=True, exist_ok=True)
        for c, t in [*codes, (cached, target)]:
            shutil.copyfile(t, c)
    except OSError:
        pass  # a read-only tree: the next build makes it again
