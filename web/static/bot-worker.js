// The computer players' worker: its own Pyodide, the game's Python, no DOM.
// Messages in: JSON text {id, record, seat, level, seed}; out: JSON text (see web/worker/main.py),
// after {ready: true, boot, ms, memory} once, or {failed: "..."} if it cannot start.
// It starts like the page (pyodide-boot.mjs): from the build's snapshot once the service
// worker holds it, else a normal boot.
import { cachedSnapshot, memoryBytes, startPython } from "./pyodide-boot.mjs";

let handle = null;

const boot = (async () => {
  const started = performance.now();
  const { pyodide, how } = await startPython(await cachedSnapshot());
  handle = pyodide.pyimport("web.worker.main").handle;
  postMessage({ ready: true, boot: how, ms: performance.now() - started, memory: memoryBytes(pyodide) });
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
