// The computer players' worker: its own Pyodide, the game's Python, no DOM.
// Messages in: JSON text {id, record, seat, level, seed}; out: JSON text (see web/worker.py),
// after {ready: true} once, or {failed: "..."} if it cannot start.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const base = new URL("../", import.meta.url);
let handle = null;

const boot = (async () => {
  const started = performance.now();
  const [pyodide, zip] = await Promise.all([
    loadPyodide({ indexURL: new URL("vendor/pyodide/", base).href }),
    fetch(new URL("app.zip", base)).then((r) => {
      if (!r.ok) throw new Error("app.zip: HTTP " + r.status);
      return r.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/app" });
  pyodide.runPython("import sys\nsys.path.insert(0, '/home/pyodide/app')");
  handle = pyodide.pyimport("web.worker").handle;
  postMessage({ ready: true, ms: performance.now() - started });
})().catch((error) => {
  postMessage({ failed: String((error && error.message) || error) });
});

onmessage = async (event) => {
  await boot;
  // requests come as JSON text (a seed may not fit in a JavaScript number)
  const text = typeof event.data === "string" ? event.data : "{}";
  if (!handle) {
    postMessage(JSON.stringify({ id: JSON.parse(text).id, error: "the worker did not start" }));
    return;
  }
  try {
    postMessage(handle(text));
  } catch (error) {
    postMessage(JSON.stringify({ id: JSON.parse(text).id, error: String((error && error.message) || error) }));
  }
};
