// How Pyodide starts, in the page (assets/pyodide-early.mjs) and in the bots' worker
// (assets/bot-worker.js): restored from the build's memory snapshot when the service worker
// already holds it (a later visit), else booted (a first visit; the service worker, registered
// once the page is ready, then fetches the snapshot for the next one). A snapshot missing,
// damaged, of another build, or one whose restore throws gives a normal boot and a console note.
//
// Pyodide's biggest files are fetched gzipped (make site writes the .gz copies) and undone by
// the browser's DecompressionStream, so a first visit costs the same bytes whatever the host
// compresses. The game's Python (app.zip) is unpacked in Pyodide's home folder either way: a
// snapshot holds memory, not files.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

// the build's snapshot (scripts/build_site.py writes its id here; sys._bela_snapshot in it)
export const SNAPSHOT_ID = "__BELA_SNAPSHOT_ID__";
const base = new URL("../", import.meta.url);
const vendor = new URL("vendor/pyodide/", base);
export const SNAPSHOT_URL = new URL(`snapshot-${SNAPSHOT_ID}.gz`, base).href;
const HOME = "/home/pyodide";
const GZIP = typeof DecompressionStream === "function" && typeof ReadableStream === "function";
const mark = (name) => performance.mark("bela:" + name); // where the start-up time goes (make bench)

/** The body of ``response``, gunzipped unless the host already undid the gzip. */
async function gunzipped(response) {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.value || new Uint8Array(0);
  const body = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
      if (first.done) controller.close();
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const zipped = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  return zipped ? body.pipeThrough(new DecompressionStream("gzip")) : body;
}

const fetchSame = (url) => fetch(url, { credentials: "same-origin" });

/** The options that make loadPyodide fetch the .gz copies (nothing if the browser cannot undo
 * them), and a wrapper for loadPyodide's own fetch of the wasm (it has no option for it). */
function gzipOptions() {
  if (!GZIP) return { options: { indexURL: vendor.href }, run: (start) => start() };
  const lock = fetchSame(new URL("pyodide-lock.json.gz", vendor))
    .then(gunzipped)
    .then((body) => new Response(body).json());
  // pyodide.asm.mjs, gunzipped and imported from a blob: URL (its locateFile is Pyodide's)
  const factory = fetchSame(new URL("pyodide.asm.mjs.gz", vendor))
    .then(gunzipped)
    .then((body) => new Response(body).blob())
    .then(async (blob) => {
      const url = URL.createObjectURL(new Blob([blob], { type: "text/javascript" }));
      try {
        return (await import(url)).default;
      } finally {
        URL.revokeObjectURL(url);
      }
    })
    .catch((error) => {
      console.info("Bela: pyodide.asm.mjs loaded as it is:", (error && error.message) || error);
      return undefined;
    });
  lock.catch(() => {});
  const wasm = new URL("pyodide.asm.wasm", vendor).href;
  const run = async (start) => {
    const createPyodideModule = await factory;
    mark("asm-loaded");
    const original = globalThis.fetch;
    const wrapped = function (input, init) {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input && input.url;
      if (url === wasm) {
        return fetchSame(wasm + ".gz")
          .then(gunzipped)
          .then((body) => new Response(body, { headers: { "Content-Type": "application/wasm" } }));
      }
      return original.apply(this, arguments);
    };
    globalThis.fetch = wrapped;
    try {
      return await start({ lockFileContents: lock, ...(createPyodideModule ? { createPyodideModule } : {}) });
    } finally {
      if (globalThis.fetch === wrapped) globalThis.fetch = original;
    }
  };
  return { options: { indexURL: vendor.href }, run };
}

/** The build's snapshot if the service worker's cache holds it (no network), else null. */
export async function cachedSnapshot() {
  if (!("caches" in globalThis)) return null;
  try {
    return (await caches.match(SNAPSHOT_URL, { ignoreSearch: true })) || null;
  } catch (error) {
    return null;
  }
}

function fetchZip(path) {
  return fetchSame(new URL(path, base)).then((r) => {
    if (!r.ok) throw new Error(path + ": HTTP " + r.status);
    return r.arrayBuffer();
  });
}

/** Pyodide with the game's Python in its home folder, and how it started ("snapshot" or
 * "boot"). ``snapshot``: cachedSnapshot()'s answer; ``pyscript``: PyScript's bytecode too
 * (the page's, not the worker's). */
export async function startPython(snapshot, { pyscript = false } = {}) {
  const zips = ["app.zip", ...(pyscript ? ["vendor/pyscript/bytecode.zip"] : [])].map(fetchZip);
  zips.forEach((z) => z.catch(() => {}));
  const { options, run } = gzipOptions();
  let pyodide = null;
  let how = "boot";
  if (snapshot) {
    try {
      const bytes = gunzipped(snapshot)
        .then((body) => new Response(body).arrayBuffer())
        .then((buffer) => (mark("snapshot-read"), buffer));
      bytes.catch(() => {}); // loadPyodide awaits it (and throws) later: no unhandled rejection
      pyodide = await run((extra) => loadPyodide({ ...options, ...extra, _loadSnapshot: bytes }));
      const id = pyodide.runPython("import sys\ngetattr(sys, '_bela_snapshot', '')");
      if (id !== SNAPSHOT_ID) throw new Error(`it is of another build (${id || "unknown"})`);
      how = "snapshot";
    } catch (error) {
      console.warn("Bela: the Python snapshot could not be used, a normal start instead:", (error && error.message) || error);
      pyodide = null;
    }
  }
  if (!pyodide) pyodide = await run((extra) => loadPyodide({ ...options, ...extra }));
  mark("pyodide-started");
  for (const zip of zips) pyodide.unpackArchive(await zip, "zip", { extractDir: HOME });
  return { pyodide, how };
}

/** The size of Pyodide's wasm memory, in bytes. */
export function memoryBytes(pyodide) {
  try {
    return pyodide._module.HEAPU8.buffer.byteLength;
  } catch (error) {
    return null;
  }
}
