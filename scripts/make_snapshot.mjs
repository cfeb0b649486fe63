// Make the memory snapshot the page and the bots' worker restore from (scripts/snapshot.py runs
// this at `make site`): Pyodide from node_modules, the game's Python unpacked in its home
// folder, the modules that need no browser imported, then Pyodide's memory written gzipped.
//
//   node scripts/make_snapshot.mjs PYODIDE_DIR APP_ZIP OUT_GZ SNAPSHOT_ID MODULES_JSON
//
// The snapshot carries SNAPSHOT_ID as sys._bela_snapshot: the page compares it with the id of
// its own build before it trusts a restored interpreter. Never imported here: `js`, PyScript
// or anything touching the DOM (the snapshot must hold no JavaScript references).
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const [pyodideDir, appZip, out, id, modulesJson] = process.argv.slice(2);
if (!id || !modulesJson) {
  console.error("usage: make_snapshot.mjs PYODIDE_DIR APP_ZIP OUT_GZ SNAPSHOT_ID MODULES_JSON");
  process.exit(2);
}
const dir = pyodideDir.endsWith("/") ? pyodideDir : pyodideDir + "/";
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
py.unpackArchive(new Uint8Array(readFileSync(appZip)), "zip", { extractDir: "/home/pyodide" });
py.globals.set("bela_modules", py.toPy(JSON.parse(modulesJson)));
py.globals.set("bela_snapshot_id", id);
py.runPython(`
import importlib, sys
for name in bela_modules:
    importlib.import_module(name)
assert "js" not in sys.modules or not any(m.startswith(("pyscript", "web.dom")) for m in sys.modules)
sys._bela_snapshot = bela_snapshot_id
del bela_modules, bela_snapshot_id
`);
const snapshot = py.makeMemorySnapshot();
writeFileSync(out, gzipSync(snapshot, { level: 9 }));
console.log(`snapshot ${id}: ${snapshot.length} bytes, ${JSON.parse(modulesJson).length} modules`);
