// The standard library as the game uses it (issue 22; scripts/build/stdlib.py runs this at `make
// site`): Pyodide from node_modules with its full library, the game's Python (app.zip, sources)
// in its home folder and PyScript's modules in /pyscript; scripts/build/stdlib_record.py plays the
// recorded run, then scripts/build/stdlib_set.py finds the modules the game can import and compiles
// them (PYTHONNODEBUGRANGES: no column tables). scripts/build/stdlib.py says how the set is found.
//
//   node scripts/build/make_stdlib.mjs PYODIDE_DIR APP_ZIP PYSCRIPT_ZIP OUT_ZIP OUT_JSON
//
// OUT_ZIP: the compiled library (stored); OUT_JSON: {modules: {name: reason}, failed: {...}}.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, appZip, pyscriptZip, outZip, outJson] = process.argv.slice(2);
if (!outJson) {
  console.error("usage: make_stdlib.mjs PYODIDE_DIR APP_ZIP PYSCRIPT_ZIP OUT_ZIP OUT_JSON");
  process.exit(2);
}
const dir = pyodideDir.endsWith("/") ? pyodideDir : pyodideDir + "/";
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
const env = { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" };
const py = await loadPyodide({ indexURL: dir, env });
py.unpackArchive(new Uint8Array(readFileSync(appZip)), "zip", { extractDir: "/home/pyodide" });
py.unpackArchive(new Uint8Array(readFileSync(pyscriptZip)), "zip", { extractDir: "/pyscript" });
const here = dirname(fileURLToPath(import.meta.url));
// the game's files are imported from the home folder
py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
py.runPython(readFileSync(join(here, "stdlib_record.py"), "utf8"));
// the build's one resolver of import statements, for stdlib_set.py to import as the build's
// CPython modules do (scripts.build.import_statements)
py.FS.mkdirTree("/home/pyodide/scripts/build");
py.FS.writeFile("/home/pyodide/scripts/__init__.py", "");
py.FS.writeFile("/home/pyodide/scripts/build/__init__.py", "");
py.FS.writeFile("/home/pyodide/scripts/build/import_statements.py", readFileSync(join(here, "import_statements.py")));
py.runPython(readFileSync(join(here, "stdlib_set.py"), "utf8"));
const found = py.globals.get("bela_found").toJs({ dict_converter: Object.fromEntries });
const failed = py.globals.get("bela_failed").toJs({ dict_converter: Object.fromEntries });
writeFileSync(outZip, py.FS.readFile("/stdlib.zip"));
writeFileSync(outJson, JSON.stringify({ modules: found, failed }, null, 1));
console.log(`stdlib: ${Object.keys(found).length} modules`);
