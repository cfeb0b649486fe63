// Make the memory snapshot the page and the bots' worker restore from (scripts/build/snapshot.py runs
// this at `make site`): Pyodide from node_modules, the game's Python unpacked in its home
// folder, the modules that need no browser imported, then Pyodide's memory written as it is
// (scripts/build/snapshot.py leaves out its pages of zeros and gzips it).
//
//   node scripts/build/make_snapshot.mjs PYODIDE_DIR APP_ZIP STDLIB_ZIP OUT SNAPSHOT_ID MODULES_JSON
//        [COMPILED_JSON [SHIPPED_JSON SHIPPED_OUT]]
//
// STDLIB_ZIP: the standard library the page loads (scripts/build/stdlib.py: the trimmed, compiled
// one), or "-" for Pyodide's own; a restored page must load the very same bytes. The snapshot
// holds web/fallback.py's finder installed (a module missing from it: the full library).
// COMPILED_JSON names modules compiled now (those that touch the browser cannot be imported
// here): web/compiled.py's finder, first in sys.meta_path, hands their code to their import,
// here and in the restored page, which then compiles nothing of the game's. SHIPPED_JSON names
// those of them that app.zip ships compiled instead of as sources, for a first visit (the
// page's start-up modules): their code is written to SHIPPED_OUT (web/compiled.py's pack).
// Everything is compiled without column tables (PYTHONNODEBUGRANGES): 55 KB less to ship.
//
// The snapshot carries SNAPSHOT_ID as sys._bela_snapshot: the page compares it with the id of
// its own build before it trusts a restored interpreter. Never imported here: `js`, PyScript
// or anything touching the DOM (the snapshot must hold no JavaScript references).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, appArchive, stdlib, out, id, modulesJson, compiledJson = "[]", shippedJson = "[]", shippedOut, laterJson = "[]", laterOut] =
  process.argv.slice(2);
if (!id || !modulesJson) {
  console.error("usage: make_snapshot.mjs PYODIDE_DIR APP_ZIP STDLIB_ZIP OUT SNAPSHOT_ID MODULES_JSON [COMPILED_JSON [SHIPPED_JSON SHIPPED_OUT [LATER_JSON LATER_OUT]]]");
  process.exit(2);
}
const dir = pyodideDir.endsWith("/") ? pyodideDir : pyodideDir + "/";
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
const env = { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" };
const stdLibURL = stdlib && stdlib !== "-" ? stdlib : undefined;
const py = await loadPyodide({ indexURL: dir, _makeSnapshot: true, env, stdLibURL });
py.unpackArchive(new Uint8Array(readFileSync(appArchive)), "zip", { extractDir: "/home/pyodide" });
py.globals.set("bela_modules", py.toPy(JSON.parse(modulesJson)));
py.globals.set("bela_snapshot_id", id);
py.globals.set("bela_compiled", py.toPy(JSON.parse(compiledJson)));
py.globals.set("bela_shipped", py.toPy(JSON.parse(shippedJson)));
py.globals.set("bela_later", py.toPy(JSON.parse(laterJson)));
py.runPython(`
import importlib, os, sys
import web.compiled

def compiled(names):
    codes = {}
    for name in names:
        base = os.path.join("/home/pyodide", *name.split("."))
        package = os.path.isdir(base)
        path = os.path.join(base, "__init__.py") if package else base + ".py"
        with open(path, encoding="utf-8") as f:
            codes[name] = (compile(f.read(), path, "exec", dont_inherit=True), path, package)
    return codes

codes = compiled(bela_compiled)
first = next(iter(codes.values()), None)  # PYTHONNODEBUGRANGES: lines kept, not columns
assert first is None or all(col is None for _, _, col, _ in first[0].co_positions()), "columns kept"
# the page's finder: the later modules' file is read at the first import of one of them, from
# the game's files the page writes (here the sources are there instead)
sys.meta_path.insert(0, web.compiled.CompiledModules(codes, web.compiled.LATER_PATH))
import web.fallback
web.fallback.install()
with open("/shipped.marshal", "wb") as f:
    f.write(web.compiled.pack({name: codes[name] for name in bela_shipped}))
with open("/later.marshal", "wb") as f:
    f.write(web.compiled.pack(compiled(bela_later)))
for name in bela_modules:
    importlib.import_module(name)
assert not any(m == "js" or m.startswith(("pyscript", "web.dom")) for m in sys.modules)
# the catalogs read now and kept (web.i18n.catalog is cached): a restored page reads no file of
# the game's before it is ready, and unpacks the game's zip after (assets/pyodide-boot.mjs)
i18n = sys.modules.get("web.i18n")
for lang in getattr(i18n, "KNOWN_LANGS", ()):
    i18n.catalog(lang)
sys._bela_snapshot = bela_snapshot_id
del bela_modules, bela_snapshot_id, bela_compiled, bela_shipped, bela_later, codes, compiled, first, f, i18n
for name in ("name", "base", "package", "path", "lang"):
    globals().pop(name, None)
`);
if (shippedOut) {
  writeFileSync(shippedOut, py.FS.readFile("/shipped.marshal"));
  if (laterOut) writeFileSync(laterOut, py.FS.readFile("/later.marshal"));
}
const snapshot = py.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(`snapshot ${id}: ${snapshot.length} bytes, ${JSON.parse(modulesJson).length} modules imported`);
