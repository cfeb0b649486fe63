"""The standard library as the game uses it (scripts/build/stdlib.py, issue 22): every module the
game's code can reach imports against the trimmed library, under Node with the pinned Pyodide,
without the fallback; a module dropped from it is caught, and the page's fallback
(web/fallback.py) then takes it from the full library."""

from __future__ import annotations

import io
import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from scripts.build import app_zip, pyscript_files, snapshot, stdlib

ROOT = Path(__file__).resolve().parent.parent

PYODIDE = ROOT / "node_modules" / "pyodide"

# Pyodide with LIBRARY as its standard library, the game's Python in its home folder and
# PyScript's modules in /pyscript; then, in Python: every module of the library that the
# game's or PyScript's code names anywhere (the full library's names: _bela_stdlib), every
# module of the game (those needing a browser fail on `pyscript`, not on the library), and the
# recorded run (scripts/build/stdlib_record.py: a hand, its review, a par). Prints the modules of the
# full library that could not be imported, as JSON. With FALLBACK, web/fallback.py's finder is
# installed, the full library given to it from Node, and what it took is printed too.
SCRIPT = r"""
import { loadPyodide } from "%(pyodide)s";
import { readFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: "%(index)s", stdLibURL: "%(library)s" });
py.unpackArchive(new Uint8Array(readFileSync("%(app)s")), "zip", { extractDir: "/home/pyodide" });
py.unpackArchive(new Uint8Array(readFileSync("%(pyscript)s")), "zip", { extractDir: "/pyscript" });
globalThis.belaFullStdlib = () => {
  py.FS.writeFile("/lib/full.zip", new Uint8Array(readFileSync("%(full)s")));
  return "/lib/full.zip";
};
py.globals.set("fallback", %(fallback)s);
py.globals.set("record_run", readFileSync("%(record)s", "utf8"));
py.runPython(`
import ast, importlib, json, os, sys
sys.path.insert(0, "/home/pyodide")
finder = None
if fallback:
    import web.fallback
    finder = web.fallback.install()
import _bela_stdlib
missing = set()
def attempt(name):
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name in _bela_stdlib.NAMES:
            missing.add(e.name)
    except Exception:
        pass  # a module that needs a browser: its own imports are tried one by one
named = set()
for folder in ("/home/pyodide", "/pyscript"):
    for root, dirs, files in os.walk(folder):
        for f in files:
            if f.endswith(".py"):
                with open(os.path.join(root, f), encoding="utf-8") as fh:
                    tree = ast.parse(fh.read())
                for node in ast.walk(tree):
                    if isinstance(node, ast.Import):
                        named.update(a.name for a in node.names)
                    elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                        named.add(node.module)
                        named.update(node.module + "." + a.name for a in node.names)
for name in sorted(named):
    if name in _bela_stdlib.NAMES:
        attempt(name)
try:
    exec(record_run, {"__name__": "bela_record"})
except ModuleNotFoundError as e:
    missing.add(e.name)
print(json.dumps({"missing": sorted(missing), "taken": finder.found if finder else []}))
`);
"""


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The trimmed library as make site writes it, the game's sources and PyScript's modules."""
    if not (PYODIDE / "pyodide.mjs").exists():
        pytest.fail("node_modules/pyodide is missing: run `npm ci` (make unit does it)")
    folder = tmp_path_factory.mktemp("stdlib")
    app = app_zip.app_archive(ROOT)
    pyscript = pyscript_files.pyscript_stdlib(ROOT)
    stdlib.make(folder / stdlib.NAME, app, pyscript, PYODIDE)
    (folder / "app.zip").write_bytes(app)
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w") as zf:
        for name, text in sorted(pyscript.items()):
            zf.writestr(name, text)
    (folder / "pyscript.zip").write_bytes(raw.getvalue())
    return {"library": folder / stdlib.NAME, "app": folder / "app.zip", "pyscript": folder / "pyscript.zip"}


def check(files: dict[str, Path], library: Path, fallback: bool = False) -> dict[str, list[str]]:
    node = snapshot.find_node()
    if node is None:
        pytest.fail("Node.js is needed (make unit installs node_modules with it)")
    script = SCRIPT % {
        "pyodide": (PYODIDE / "pyodide.mjs").as_uri(),
        "index": f"{PYODIDE}/",
        "library": library,
        "app": files["app"],
        "pyscript": files["pyscript"],
        "full": PYODIDE / "python_stdlib.zip",
        "record": ROOT / "scripts" / "build" / "stdlib_record.py",
        "fallback": "true" if fallback else "false",
    }
    done = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def without(source: Path, target: Path, module: str) -> Path:
    """A copy of the library ``source`` without ``module``'s .pyc."""
    entry = module.replace(".", "/") + ".pyc"
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        assert entry in zin.namelist()
        for info in zin.infolist():
            if info.filename != entry:
                zout.writestr(info, zin.read(info))
    return target


def test_every_module_the_game_reaches_is_in_the_trimmed_library(library: dict[str, Path]) -> None:
    assert check(library, library["library"]) == {"missing": [], "taken": []}


def test_the_trimmed_library_is_compiled_and_smaller(library: dict[str, Path]) -> None:
    with zipfile.ZipFile(library["library"]) as zf:
        names = zf.namelist()
    assert names and all(n.endswith(".pyc") for n in names)
    with zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as full:
        assert 100 < len(names) < len([n for n in full.namelist() if n.endswith(".py")]) / 2


def test_a_dropped_module_is_caught_and_the_fallback_takes_it(
    library: dict[str, Path], tmp_path: Path
) -> None:
    # datetime: imported by today's deals (bela/daily.py), not by Pyodide's own start
    dropped = without(library["library"], tmp_path / "dropped.zip", "datetime")
    assert check(library, dropped)["missing"] == ["datetime"]
    # the page's fallback: the full library fetched, the module imported from it
    assert check(library, dropped, fallback=True) == {"missing": [], "taken": ["datetime"]}
