"""The standard library as the game uses it (issue 22), made by ``make site``.

Pyodide's ``python_stdlib.zip`` holds 559 modules as source (2.5 MB), and a first start
compiled the ~140 it imports. ``make site`` writes ``vendor/pyodide/python_stdlib_game.zip``
instead: only the modules that Pyodide, PyScript, the page, the bots' worker and every screen
can import, compiled by the pinned Pyodide's own Python under Node (the same magic number,
unchecked-hash ``.pyc``, no column tables), stored (the site gzips it as a whole). The page,
the worker and the snapshot load it as Pyodide's ``stdLibURL``.

How the set is found: ``scripts/build/make_stdlib.mjs`` runs ``scripts/build/stdlib_set.py`` under the
pinned Pyodide with its full library, and keeps (each module with its reason):

- what Pyodide has imported once started;
- what a recorded run imported: every module of the game, a whole hand played by the bots at
  every level through the worker's handler, its review, a hint, today's par, the benchmark;
- every module the game's and PyScript's code names in an import (anywhere but under
  ``if __name__ == "__main__":``), then what those import when imported, through the
  library (platform branches that Pyodide never takes left out).

A module still missing in a page is fetched from the full library (web/fallback.py), which
stays in the site but is neither precached nor fetched unless needed. ``tests/
test_stdlib.py`` imports everything the game can reach against the trimmed library under Node.

The library is cached in ``.cache/stdlib/`` under a hash of what it is made from (the game's
sources, PyScript's, Pyodide's files and these scripts).
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import zipfile
from collections.abc import Mapping
from pathlib import Path

from scripts.build.snapshot import PYODIDE_INPUTS, find_node

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "build" / "make_stdlib.mjs"
FINDERS = tuple(
    ROOT / "scripts" / "build" / name
    for name in ("stdlib_record.py", "stdlib_set.py", "import_statements.py")
)
CACHE = ROOT / ".cache" / "stdlib"
NAME = "python_stdlib_game.zip"
TIMEOUT = 300


class StdlibError(RuntimeError):
    """The library could not be made (the message says why, in one line)."""


def library_id(app_archive: bytes, pyscript: Mapping[str, str], pyodide_dir: Path) -> str:
    """The hash of what the library is made from."""
    digest = hashlib.sha256()
    digest.update(app_archive)
    for name, text in sorted(pyscript.items()):
        digest.update(f"pyscript\0{name}\0{text}\0".encode())
    for name in PYODIDE_INPUTS:
        digest.update(f"pyodide\0{name}\0".encode())
        digest.update((pyodide_dir / name).read_bytes())
    digest.update(SCRIPT.read_bytes())
    for finder in FINDERS:
        digest.update(finder.read_bytes())
    return digest.hexdigest()[:16]


def make(
    target: Path, app_archive: bytes, pyscript: Mapping[str, str], pyodide_dir: Path
) -> dict[str, object]:
    """Write the trimmed, compiled library to ``target``; return its report (``modules``: name ->
    why it is kept; ``failed``: the game's modules that need a browser, read statically)."""
    ident = library_id(app_archive, pyscript, pyodide_dir)
    cached, report_file = CACHE / f"stdlib-{ident}.zip", CACHE / f"stdlib-{ident}.json"
    if cached.is_file() and report_file.is_file():
        shutil.copyfile(cached, target)
        return dict(json.loads(report_file.read_text(encoding="utf-8")))
    node = find_node()
    if node is None:
        raise StdlibError("Node.js is needed to compile the standard library, and none was found")
    staging = target.parent / f".stdlib-{ident}"
    staging.mkdir(parents=True, exist_ok=True)
    app, ps, report = staging / "app.zip", staging / "pyscript.zip", staging / "report.json"
    app.write_bytes(app_archive)
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w") as zf:
        for name, text in sorted(pyscript.items()):
            zf.writestr(name, text)
    ps.write_bytes(raw.getvalue())
    try:
        done = subprocess.run(
            [node, str(SCRIPT), f"{pyodide_dir}/", str(app), str(ps), str(target), str(report)],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
        if done.returncode != 0 or not report.is_file():
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            raise StdlibError(f"Node ({node}) could not make the standard library: {last}")
        data = dict(json.loads(report.read_text(encoding="utf-8")))
    except (OSError, subprocess.TimeoutExpired) as e:
        raise StdlibError(f"Node ({node}) could not make the standard library: {e}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    try:
        CACHE.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(target, cached)
        report_file.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    except OSError:
        pass  # a read-only tree: the next build makes it again
    return data
