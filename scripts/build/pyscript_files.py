"""PyScript's own Python for the page: its modules as its bundle writes them, and their bytecode
compiled by Pyodide under Node (vendor/pyscript/bytecode.zip)."""

from __future__ import annotations

import json
import re
import subprocess
import zipfile
from pathlib import Path

from scripts.build import snapshot
from scripts.build.site_files import (
    ROOT,
    BuildError,
)

# PyScript's editor and terminal (CodeMirror, xterm) are never used by the page.
PYSCRIPT_SKIP = re.compile(r"^(codemirror|xterm)")


# PyScript's modules that it imports on every start (its plugins are loaded eagerly)
PYSCRIPT_EAGER = re.compile(r"^(core-|deprecations-manager-|donkey-|error-|py-editor-|py-game-|py-terminal-)")


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
