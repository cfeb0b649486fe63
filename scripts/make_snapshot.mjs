// Make the memory snapshot the page and the bots' worker restore from (scripts/snapshot.py runs
// this at `make site`): Pyodide from node_modules, the game's Python unpacked in its home
// folder, the modules that need no browser imported, then Pyodide's memory written as it is
// (scripts/snapshot.py leaves out its pages of zeros and gzips it).
//
//   node scripts/make_snapshot.mjs PYODIDE_DIR APP_ZIP OUT SNAPSHOT_ID MODULES_JSON [COMPILED_JSON]
//
// COMPILED_JSON names the game's modules that touch the browser (they cannot be imported
// here): their sources are compiled now and a finder in sys.meta_path hands the code to their
// import in the page, so that a restored page compiles nothing of the game's.
//
// The snapshot carries SNAPSHOT_ID as sys._bela_snapshot: the page compares it with the id of
// its own build before it trusts a restored interpreter. Never imported here: `js`, PyScript
// or anything touching the DOM (the snapshot must hold no JavaScript references).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, appArchive, out, id, modulesJson, compiledJson = "[]"] = process.argv.slice(2);
if (!id || !modulesJson) {
  console.error("usage: make_snapshot.mjs PYODIDE_DIR APP_ZIP OUT_GZ SNAPSHOT_ID MODULES_JSON");
  process.exit(2);
}
const dir = pyodideDir.endsWith("/") ? pyodideDir : pyodideDir + "/";
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
py.unpackArchive(new Uint8Array(readFileSync(appArchive)), "zip", { extractDir: "/home/pyodide" });
py.globals.set("bela_modules", py.toPy(JSON.parse(modulesJson)));
py.globals.set("bela_snapshot_id", id);
py.globals.set("bela_compiled", py.toPy(JSON.parse(compiledJson)));
py.runPython(`
import importlib, importlib.abc, importlib.util, os, sys
for name in bela_modules:
    importlib.import_module(name)
assert not any(m == "js" or m.startswith(("pyscript", "web.dom")) for m in sys.modules)
# the catalogs read now and kept (web.i18n.catalog is cached): a restored page reads no file of
# the game's before it is ready, and unpacks the game's zip after (assets/pyodide-boot.mjs)
i18n = sys.modules.get("web.i18n")
for lang in getattr(i18n, "KNOWN_LANGS", ()):
    i18n.catalog(lang)


class BelaCompiled(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """The game's browser modules, compiled when the snapshot was made (same sources: the
    snapshot's name is a hash of them)."""

    def __init__(self, codes):
        self.codes = codes  # module name -> (code, path, is a package)

    def find_spec(self, name, path=None, target=None):
        entry = self.codes.get(name)
        if entry is None:
            return None
        spec = importlib.util.spec_from_loader(name, self, origin=entry[1], is_package=entry[2])
        spec.has_location = True
        if entry[2]:
            spec.submodule_search_locations = [os.path.dirname(entry[1])]
        return spec

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        code, path, _ = self.codes[module.__spec__.name]
        module.__file__ = path
        exec(code, module.__dict__)


codes = {}
for name in bela_compiled:
    base = os.path.join("/home/pyodide", *name.split("."))
    package = os.path.isdir(base)
    path = os.path.join(base, "__init__.py") if package else base + ".py"
    with open(path, encoding="utf-8") as f:
        codes[name] = (compile(f.read(), path, "exec", dont_inherit=True), path, package)
sys.meta_path.insert(0, BelaCompiled(codes))
sys._bela_snapshot = bela_snapshot_id
del bela_modules, bela_snapshot_id, bela_compiled, codes, name, base, package, path, f, i18n
`);
const snapshot = py.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(`snapshot ${id}: ${snapshot.length} bytes, ${JSON.parse(modulesJson).length} modules imported`);
