// How Pyodide starts, in the page (assets/pyodide-early.mjs) and in the bots' worker
// (assets/bot-worker.js): restored from the build's memory snapshot when the service worker
// already holds it (a later visit), else booted (a first visit; the service worker, registered
// once the page is ready, then fetches the snapshot for the next one). A snapshot missing,
// damaged, of another build, or one whose restore throws gives a normal boot and a console note.
//
// Pyodide's biggest files are fetched gzipped (make site writes the .gz copies) and undone by
// the browser's DecompressionStream, so a first visit costs the same bytes whatever the host
// compresses. The game's Python (app.tar.gz) is unpacked in Pyodide's home folder either way: a
// snapshot holds memory, not files.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

// the build's snapshot (scripts/build_site.py writes its id here, sys._bela_snapshot in it,
// and the SHA-256 of its unzipped bytes)
export const SNAPSHOT_ID = "__BELA_SNAPSHOT_ID__";
const SNAPSHOT_SHA256 = "__BELA_SNAPSHOT_SHA256__";
const base = new URL("../", import.meta.url);
const vendor = new URL("vendor/pyodide/", base);
// the snapshot as the service worker keeps it: unzipped, without .gz (see sw.js)
export const SNAPSHOT_URL = new URL(`snapshot-${SNAPSHOT_ID}`, base).href;
const HOME = "/home/pyodide";
const GZIP = typeof DecompressionStream === "function" && typeof ReadableStream === "function";
const mark = (name) => performance.mark("bela:" + name); // where the start-up time goes (make bench)

/** The body of ``response``, gunzipped unless the host already undid the gzip. */
async function gunzipped(response) {
  return (await unzip(response)).body;
}

/** ``{body, zipped}``: the body of ``response``, gunzipped if it was gzipped (``zipped``). */
async function unzip(response) {
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
  return { body: zipped ? body.pipeThrough(new DecompressionStream("gzip")) : body, zipped };
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
    const match = (url) => caches.match(url, { ignoreSearch: true });
    return (await match(SNAPSHOT_URL)) || (await match(SNAPSHOT_URL + ".gz")) || null;
  } catch (error) {
    return null;
  }
}

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** The snapshot's bytes: gunzipped (gzip's own check) or, as the service worker keeps them,
 * checked against the build's SHA-256 (off the main thread, while pyodide.asm.mjs loads). */
async function snapshotBytes(response) {
  const { body, zipped } = await unzip(response);
  const buffer = await new Response(body).arrayBuffer();
  mark("snapshot-read");
  if (!zipped) {
    const digest = hex(await crypto.subtle.digest("SHA-256", buffer));
    if (digest !== SNAPSHOT_SHA256) throw new Error("it is damaged (its SHA-256 differs)");
    mark("snapshot-checked");
  }
  return buffer;
}

/** Plain options for Pyodide's files as the service worker keeps them (unzipped, under their
 * own names: see sw.js), or null if its cache does not hold them (a first visit, a browser
 * without DecompressionStream) and the .gz copies are the ones to fetch. */
async function unzippedOptions() {
  if (!("caches" in globalThis)) return null;
  try {
    const names = ["pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide-lock.json"];
    const held = await Promise.all(names.map((n) => caches.match(new URL(n, vendor).href, { ignoreSearch: true })));
    if (!held.every(Boolean)) return null;
    return { options: { indexURL: vendor.href }, run: (start) => start({}) };
  } catch (error) {
    return null;
  }
}

/** The bytes of an archive of the site and their format for unpackArchive: a .zip, or the
 * game's .tar.gz (a plain tar if the host undid its gzip on the way). */
function fetchArchive(path) {
  return fetchSame(new URL(path, base))
    .then((r) => {
      if (!r.ok) throw new Error(path + ": HTTP " + r.status);
      return r.arrayBuffer();
    })
    .then((bytes) => {
      const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
      const gzipped = head[0] === 0x1f && head[1] === 0x8b;
      return { bytes, format: path.endsWith(".zip") ? "zip" : gzipped ? "gztar" : "tar" };
    });
}

/** Pyodide with the game's Python in its home folder, and how it started ("snapshot" or
 * "boot"). ``snapshot``: cachedSnapshot()'s answer; ``pyscript``: PyScript's bytecode too
 * (the page's, not the worker's). */
export async function startPython(snapshot, { pyscript = false } = {}) {
  const archives = ["app.tar.gz", ...(pyscript ? ["vendor/pyscript/bytecode.zip"] : [])].map(fetchArchive);
  archives.forEach((a) => a.catch(() => {}));
  const bytes = snapshot ? snapshotBytes(snapshot) : null;
  if (bytes) bytes.catch(() => {}); // loadPyodide awaits it (and throws) later: no unhandled rejection
  const { options, run } = (snapshot && (await unzippedOptions())) || gzipOptions();
  let pyodide = null;
  let how = "boot";
  if (bytes) {
    try {
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
  for (const archive of archives) {
    const { bytes, format } = await archive;
    pyodide.unpackArchive(bytes, format, { extractDir: HOME });
  }
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
