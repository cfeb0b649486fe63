// PyScript's "interpreter" module (see pyscript.toml). index.html starts Pyodide and the
// download of app.zip as the page opens (startPyodide below), while PyScript's own code
// loads; PyScript then picks that instance up here, with the game's Python already in place.
// Same API as pyodide.mjs: `version` and `loadPyodide(options)`.
//
// How Pyodide starts (a memory snapshot on a later visit, else a boot) is in pyodide-boot.mjs;
// <body data-boot="snapshot|boot"> says which (ui-contract.md). The bots' worker is started
// once the page is ready (web/botclient.py), on a later visit too: started as soon as the
// page's Python was restored, its own restore took the core that PyScript and the game's start
// could use (about 60 ms later ready on this 2-core machine). Until it is ready the page,
// which holds the bots too, makes their quick decisions itself.
import { version } from "../vendor/pyodide/pyodide.mjs";
import { cachedSnapshot, memoryBytes, startPython } from "./pyodide-boot.mjs";

export { version };

/** Start Pyodide (snapshot or boot) with app.zip (bela/ and web/) in its working directory. */
export function startPyodide() {
  performance.mark("bela:boot-module");
  return cachedSnapshot()
    .then((snapshot) => startPython(snapshot, { pyscript: true }))
    .then(({ pyodide, how }) => {
      document.body.dataset.boot = how;
      globalThis.belaPythonStart = { boot: how, memory: memoryBytes(pyodide) }; // for the benchmarks
      return pyodide;
    });
}

/** The page's Pyodide, started once (by index.html's module script, else by PyScript), with
 * its ``pyodide-ready`` mark and the page's report of a failed start. */
export function started() {
  if (!globalThis.belaPyodide) {
    const python = startPyodide();
    python.then(() => performance.mark("bela:pyodide-ready"), () => {});
    python.catch((e) => globalThis.belaBootFail && globalThis.belaBootFail(String((e && e.message) || e)));
    globalThis.belaPyodide = python;
  }
  return globalThis.belaPyodide;
}

export async function loadPyodide(options = {}) {
  const pyodide = await started();
  // PyScript's output hooks (its error reporting reads them)
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
