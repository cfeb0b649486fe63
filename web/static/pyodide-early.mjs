// PyScript's "interpreter" module (see pyscript.toml). index.html starts Pyodide and the
// download of app.zip as the page opens (startPyodide below), while PyScript's own code
// loads; PyScript then picks that instance up here, with the game's Python already in place.
// Same API as pyodide.mjs: `version` and `loadPyodide(options)`.
//
// How Pyodide starts (a memory snapshot on a later visit, else a boot) is in pyodide-boot.mjs;
// <body data-boot="snapshot|boot"> says which (ui-contract.md). On a later visit the bots'
// worker is started as soon as the page's own Python is restored (not beside it: on a phone
// with few cores the two restores would slow each other), while PyScript and the game start;
// until it is ready the page, which holds the bots too, makes their quick decisions itself
// (web/botclient.py).
import { version } from "../vendor/pyodide/pyodide.mjs";
import { cachedSnapshot, memoryBytes, startPython } from "./pyodide-boot.mjs";

export { version };

/** The bots' worker, started before Python: web/botclient.py takes it (with the messages it
 * sent before it was taken) from globalThis.belaBotWorker. */
function startBotWorker() {
  try {
    const worker = new Worker(new URL("bot-worker.js", import.meta.url), { type: "module", name: "bela-bots" });
    const early = [];
    const keep = (event) => early.push(event.data);
    const failed = (event) => {
      event.preventDefault();
      early.push({ failed: "worker error: " + (event.message || "unknown") });
    };
    worker.addEventListener("message", keep);
    worker.addEventListener("error", failed);
    const stop = () => {
      worker.removeEventListener("message", keep);
      worker.removeEventListener("error", failed);
    };
    globalThis.belaBotWorker = { worker, early, stop };
  } catch (error) {
    // web/botclient.py starts it later, or plays on the main thread
  }
}

/** Start Pyodide (snapshot or boot) with app.zip (bela/ and web/) in its working directory. */
export function startPyodide() {
  performance.mark("bela:boot-module");
  return cachedSnapshot()
    .then((snapshot) => startPython(snapshot, { pyscript: true }))
    .then(({ pyodide, how }) => {
      if (how === "snapshot") startBotWorker();
      document.body.dataset.boot = how;
      globalThis.belaPythonStart = { boot: how, memory: memoryBytes(pyodide) }; // for the benchmarks
      return pyodide;
    });
}

export async function loadPyodide(options = {}) {
  if (!globalThis.belaPyodide) globalThis.belaPyodide = startPyodide();
  const pyodide = await globalThis.belaPyodide;
  // PyScript's output hooks (its error reporting reads them)
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
