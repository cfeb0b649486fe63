// How Pyodide starts, in the page (assets/pyodide-early.mjs) and in the bots' worker
// (assets/bot-worker.js): restored from the build's memory snapshot when the service worker
// already holds it (a later visit), else booted (a first visit; the service worker, registered
// once the page is ready, then fetches the snapshot for the next one). A snapshot missing,
// damaged, of another build, or one whose restore throws gives a normal boot and a console note.
//
// Pyodide's wasm, module (pyodide.asm.mjs, then imported from a blob: URL) and lock file are
// fetched gzipped (make site writes the .gz copies) and undone by the browser's
// DecompressionStream, so a first visit costs about the same bytes whatever the host compresses
// (the game's Python, app.zip, too). Under the service worker a later visit reads them unzipped
// from its cache instead (sw.js). The game's Python is written into Pyodide's home
// folder either way: a snapshot holds memory, not files.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { storedFiles, writeFiles } from "./stored-zip.mjs";

// the build's snapshot (scripts/build/build_site.py writes its id here, sys._bela_snapshot in it,
// and the SHA-256 of its unzipped bytes)
export const SNAPSHOT_ID = "__BELA_SNAPSHOT_ID__";
const SNAPSHOT_SHA256 = "__BELA_SNAPSHOT_SHA256__";
const SNAPSHOT_SIZE = "__BELA_SNAPSHOT_SIZE__";
// the bytes a first visit fetches itself (scripts/build/site_files.py's FIRST_FETCHED): its progress bar's total
const FIRST_BYTES = "__BELA_FIRST_BYTES__";
// the standard library as the game uses it (scripts/build/stdlib.py): only the modules it can import,
// compiled; Pyodide's full one stays beside it for web/fallback.py
const STDLIB = "python_stdlib_game.zip";
const FULL_STDLIB = "python_stdlib.zip";
const base = new URL("../", import.meta.url);
const vendor = new URL("vendor/pyodide/", base);
// the snapshot as the service worker keeps it: unzipped, without .gz (see sw.js)
export const SNAPSHOT_URL = new URL(`snapshot-${SNAPSHOT_ID}`, base).href;
const HOME = "/home/pyodide";
const GZIP = typeof DecompressionStream === "function" && typeof ReadableStream === "function";
const mark = (name) => performance.mark("bela:" + name); // where the start-up time goes (make bench)

// bytes fetched so far (a first visit's progress bar: index.html's belaProgress)
let fetched = 0;
function progress(bytes) {
  fetched += bytes;
  if (globalThis.belaProgress) globalThis.belaProgress(fetched, FIRST_BYTES);
}

/** The body of ``response``, gunzipped unless the host already undid the gzip. */
async function gunzipped(response) {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.value || new Uint8Array(0);
  progress(head.length);
  const body = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
      if (first.done) controller.close();
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else {
        progress(value.length);
        controller.enqueue(value);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const zipped = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  return zipped ? body.pipeThrough(new DecompressionStream("gzip")) : body;
}

// the browser's own fetch: loadPyodide's is wrapped while it starts (pyodideOptions)
const nativeFetch = globalThis.fetch.bind(globalThis);
const fetchSame = (url) => nativeFetch(url, { credentials: "same-origin" });

/** The response to ``url`` that the page's head asked for already (a later visit:
 * scripts/build/index_page.py's preload_links, ``belaEarlyFetch``), taken once; null if none. One that
 * failed is asked for again. */
function earlyFetch(url) {
  const kept = globalThis.belaEarlyFetch;
  const response = kept && kept[url];
  if (!response) return null;
  delete kept[url];
  return response.then((r) => (r.ok ? r : fetchSame(url)), () => fetchSame(url));
}

/** Pyodide's module factory, pyodide.asm.mjs: imported from its own URL (as Pyodide does) in
 * a page under the service worker (which keeps it unzipped) or a browser that cannot undo gzip;
 * else from the copy ``files`` gives (pyodideFiles(): a first visit's .gz, a fifth of its
 * 1.25 MB, undone; the bots' worker's cached copy) through a blob: URL, which the page's policy
 * allows for this (scripts/build/csp.py). Pyodide finds its other files by indexURL, not by
 * this module's URL. */
async function asmFactory(files = null) {
  if (!files) return (await import(new URL("pyodide.asm.mjs", vendor).href)).default;
  const code = await new Response(await files.body("pyodide.asm.mjs")).arrayBuffer();
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  try {
    return (await import(url)).default;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Whether the service worker's cache may hold the build: in a page it controls (a later
 * visit), and in the bots' worker (which cannot tell: its fetches go through the service
 * worker of the page that made it). A page it does not control (a first visit) looks in no
 * cache: each look took about 30 ms before Pyodide could start. */
function mayBeCached() {
  if (!("caches" in globalThis)) return false;
  const sw = globalThis.navigator && navigator.serviceWorker;
  return !sw || Boolean(sw.controller);
}

const cached = (url) => (mayBeCached() ? caches.match(url, { ignoreSearch: true }) : Promise.resolve(null));

/** Where Pyodide's wasm and lock file come from: null when Pyodide fetches them itself from
 * their own URLs (a page under the service worker, which answers them from its cache, unzipped:
 * sw.js; the browser then also keeps the compiled code of pyodide.asm.mjs and of the wasm; or a
 * browser that cannot undo gzip); else ``body(name)``: the worker's cached copy (the bots'
 * worker has no navigator.serviceWorker to tell whether its fetches go through the service
 * worker), or the .gz copy over the network, gunzipped (a first visit). */
async function pyodideFiles() {
  const names = ["pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide-lock.json", STDLIB];
  const url = (name) => new URL(name, vendor).href;
  const sw = globalThis.navigator && navigator.serviceWorker;
  if (sw && sw.controller) return null;
  const kept = await Promise.all(names.map((n) => cached(url(n)).catch(() => null)));
  if (kept.every(Boolean)) {
    return { body: (name) => cached(url(name)).then((r) => r.body) };
  }
  if (!GZIP) return null;
  return { body: (name) => fetchSame(url(name + ".gz")).then(gunzipped) };
}

/** Pyodide's wasm that cannot be instantiated (damaged in a cache, say) as a failure of the start,
 * at once: Pyodide's own instantiation logs "wasm instantiation failed!" and then waits for ever
 * (pyodide.mjs, getInstantiateWasmFunc), so the start would wait for index.html's watchdog.
 * ``failed`` rejects with the first failure of WebAssembly's instantiate while Pyodide starts
 * (it compiles no other module then); ``stop()`` puts WebAssembly's own functions back. */
function instantiation() {
  const api = globalThis.WebAssembly;
  const originals = ["instantiate", "instantiateStreaming"].filter((name) => typeof api[name] === "function").map((name) => [name, api[name]]);
  let fail = null;
  const failed = new Promise((_, reject) => (fail = reject));
  failed.catch(() => {}); // raced, and thrown, by run()
  for (const [name, original] of originals) {
    api[name] = function (...args) {
      const result = original.apply(this, args);
      result.catch((error) => {
        const failure = new Error(`Pyodide's wasm cannot start: ${(error && error.message) || error}`);
        failure.wasm = true; // no second start from it (a snapshot's restore would fail alike)
        fail(failure);
      });
      return result;
    };
  }
  return { failed, stop: () => originals.forEach(([name, original]) => (api[name] = original)) };
}

/** The options for loadPyodide with Pyodide's files from ``files`` (pyodideFiles()), and a
 * wrapper for its own fetch of the wasm (it has no option for it). Its files' bodies are asked
 * for again if it has to start twice (a snapshot that could not be restored). */
function pyodideOptions(files) {
  const wasm = new URL("pyodide.asm.wasm", vendor).href;
  const stdLibURL = new URL(STDLIB, vendor).href;
  const wasmResponse = files
    ? () => files.body("pyodide.asm.wasm").then((body) => new Response(body, { headers: { "Content-Type": "application/wasm" } }))
    : () => earlyFetch(wasm) || fetchSame(wasm);
  // the wasm is asked for at once: Pyodide itself asks only once it holds pyodide.asm.mjs
  let early = wasmResponse();
  early.catch(() => {});
  let extra = {};
  if (files) {
    const lock = files.body("pyodide-lock.json").then((body) => new Response(body).json());
    const factory = asmFactory(files).then((create) => (mark("asm-loaded"), create));
    factory.catch(() => {}); // loadPyodide awaits it (and throws) itself
    lock.catch(() => {});
    // loadPyodide is called at once with the factory still on its way (it awaits it): it then
    // starts fetching python_stdlib.zip now, not once pyodide.asm.mjs is in
    extra = { lockFileContents: lock, createPyodideModule: factory };
  }
  const run = async (start) => {
    const original = globalThis.fetch;
    const wrapped = function (input, init) {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input && input.url;
      if (url === wasm) {
        const response = early || wasmResponse(); // a second start (a failed restore) asks again
        early = null;
        return response;
      }
      if (url === stdLibURL && files) return files.body(STDLIB).then((body) => new Response(body));
      return earlyFetch(url) || original.apply(this, arguments); // the standard library
    };
    globalThis.fetch = wrapped;
    const instantiating = instantiation();
    try {
      return await Promise.race([start(extra), instantiating.failed]);
    } finally {
      instantiating.stop();
      if (globalThis.fetch === wrapped) globalThis.fetch = original;
    }
  };
  return { options: { indexURL: vendor.href, stdLibURL }, run };
}

/** The build's snapshot if the service worker's cache holds it (no network), else null:
 * ``{read()}``, its bytes as they are kept and their SHA-256 if known (``{buffer, digest}``,
 * both ArrayBuffers).
 * Found at once, read meanwhile: the page's head may have started reading it already, in a
 * worker (scripts/build/index_page.py's preload_links: ``belaSnapshotRead``). */
export async function cachedSnapshot() {
  const early = globalThis.belaSnapshotRead;
  delete globalThis.belaSnapshotRead; // read once: its 17.5 MB not kept alive by the page
  if (!mayBeCached()) return null;
  try {
    const match = (url) => caches.match(url, { ignoreSearch: true });
    const response = (await match(SNAPSHOT_URL)) || (await match(SNAPSHOT_URL + ".gz"));
    if (!response) return null;
    const read = () => response.arrayBuffer().then((buffer) => ({ buffer, digest: null }));
    return { read: early ? () => early.then((got) => (got && got.buffer ? got : read()), read) : read };
  } catch (error) {
    return null;
  }
}

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** The snapshot's bytes: gunzipped (gzip's own check) or, as the service worker keeps them,
 * checked against the build's SHA-256 (off the main thread) before anything runs them. Read
 * whole at once: a stream pumped chunk by chunk through JavaScript waits on the busy main
 * thread for each of its hundreds of chunks. */
async function snapshotBytes(snapshot) {
  let { buffer, digest } = await snapshot.read();
  const head = new Uint8Array(buffer, 0, Math.min(2, buffer.byteLength));
  const zipped = head[0] === 0x1f && head[1] === 0x8b;
  if (zipped) {
    const body = new Blob([buffer]).stream().pipeThrough(new DecompressionStream("gzip"));
    buffer = await new Response(body).arrayBuffer();
  }
  mark("snapshot-read");
  if (!zipped) {
    digest = hex(digest || (await crypto.subtle.digest("SHA-256", buffer)));
    if (digest !== SNAPSHOT_SHA256) throw new Error("it is damaged (its SHA-256 differs)");
    mark("snapshot-checked");
  }
  return buffer;
}

/** Copy the snapshot's pages from ``buffer`` (as scripts/build/snapshot.py's sparse() wrote them:
 * without its pages of zeros) into ``memory`` (zeros, the length of Pyodide's memory). */
function unsparse(buffer, memory) {
  const view = new DataView(buffer);
  const magic = new TextDecoder().decode(new Uint8Array(buffer, 0, Math.min(8, buffer.byteLength)));
  if (magic !== "BELASPRS" || view.getUint32(8, true) !== memory.length) throw new Error("it is not of this build's form");
  const runs = view.getUint32(12, true);
  let at = 16 + 8 * runs;
  for (let i = 0; i < runs; i++) {
    const offset = view.getUint32(16 + 8 * i, true);
    const length = view.getUint32(20 + 8 * i, true);
    if (offset + length > memory.length || at + length > buffer.byteLength) throw new Error("it is damaged");
    memory.set(new Uint8Array(buffer, at, length), offset);
    at += length;
  }
  if (at !== buffer.byteLength) throw new Error("it is damaged");
}

/** loadPyodide's options to restore from ``bytes`` (snapshotBytes()'s promise) while they are
 * still being read and checked. Pyodide waits for a snapshot's bytes before it does anything
 * else, for their length: the size of the memory it makes. That length is the build's, so
 * Pyodide gets a memory of that size at once and instantiates the wasm meanwhile, and the bytes
 * are copied in before Pyodide restores them (its module factory waits for them). */
function restoring(extra, bytes) {
  const memory = new Uint8Array(SNAPSHOT_SIZE);
  const filled = bytes.then((buffer) => unsparse(buffer, memory));
  filled.catch(() => {}); // awaited (and thrown) by the factory
  const factory = extra.createPyodideModule || asmFactory();
  const createPyodideModule = Promise.resolve(factory).then((make) => async (settings) => {
    const module = await make(settings);
    mark("instantiated");
    await filled;
    return module;
  });
  createPyodideModule.catch(() => {});
  return { createPyodideModule, _loadSnapshot: memory };
}

/** The bytes of a zip of the site. ``gzipped``: the site also has it gzipped (path.gz), which
 * is fetched and undone unless the service worker keeps the zip itself (unzipped, see sw.js)
 * or the browser cannot undo it. */
async function fetchZip(path, { gzipped = false } = {}) {
  const url = new URL(path, base);
  const kept = await cached(url.href).catch(() => null);
  if (kept) return kept.arrayBuffer();
  const r = await fetchSame(gzipped && GZIP ? new URL(path + ".gz", base) : url);
  if (!r.ok) throw new Error(path + ": HTTP " + r.status);
  return new Response(await gunzipped(r)).arrayBuffer();
}

/** Pyodide with the game's Python in its home folder, and how it started ("snapshot" or
 * "boot"). ``snapshot``: cachedSnapshot()'s answer; ``pyscript``: PyScript's bytecode too
 * (the page's, not the worker's). */
export async function startPython(snapshot, { pyscript = false } = {}) {
  const zips = [fetchZip("app.zip", { gzipped: true }), ...(pyscript ? [fetchZip("vendor/pyscript/bytecode.zip")] : [])];
  zips.forEach((z) => z.catch(() => {}));
  const bytes = snapshot ? snapshotBytes(snapshot) : null;
  if (bytes) bytes.catch(() => {}); // loadPyodide awaits it (and throws) later: no unhandled rejection
  const { options, run } = pyodideOptions(await pyodideFiles());
  let pyodide = null;
  let how = "boot";
  if (bytes) {
    try {
      pyodide = await run((extra) => loadPyodide({ ...options, ...extra, ...restoring(extra, bytes) }));
      const id = pyodide.runPython("import sys\ngetattr(sys, '_bela_snapshot', '')");
      if (id !== SNAPSHOT_ID) throw new Error(`it is of another build (${id || "unknown"})`);
      how = "snapshot";
    } catch (error) {
      if (error && error.wasm) throw error;
      console.warn("Bela: the Python snapshot could not be used, a normal start instead:", (error && error.message) || error);
      pyodide = null;
    }
  }
  if (!pyodide) pyodide = await run((extra) => loadPyodide({ ...options, ...extra }));
  mark("pyodide-started");
  globalThis.belaFullStdlib = () => fullStdlib(pyodide);
  // the game's zip (files stored as they are) written from JavaScript: Python's zipfile is slower
  const unpack = async (zip) => {
    const buffer = await zip;
    const files = storedFiles(buffer);
    if (files) writeFiles(pyodide.FS, files, HOME);
    else pyodide.unpackArchive(buffer, "zip", { extractDir: HOME });
  };
  // a restored page has every module of the game's and its catalogs in memory already
  // (scripts/build/make_snapshot.mjs): it unpacks the game's files once it is ready, for what reads
  // them later (the modules imported late); PyScript's bytecode is read at once
  const [app, ...others] = zips;
  const idle = globalThis.requestIdleCallback;
  if (how === "snapshot" && pyscript && idle) {
    // files that cannot be read (a damaged cache) fail the start, even after ready (index.html)
    const failed = (e) => globalThis.belaStartFailed && globalThis.belaStartFailed(`the game's files: ${(e && e.message) || e}`);
    idle(() => unpack(app).then(() => mark("files-unpacked"), failed), { timeout: 3000 });
  } else {
    await unpack(app);
    mark("files-unpacked");
    // the page's start-up modules come compiled (web/compiled.py; a snapshot holds its finder)
    pyodide.pyimport("web.compiled").install();
    pyodide.pyimport("web.fallback").install(); // a module missing from STDLIB (a snapshot holds it too)
  }
  for (const zip of others) await unpack(zip);
  return { pyodide, how };
}

/** Pyodide's full standard library written into its files, read at once (web/fallback.py asks,
 * from inside an import: it cannot wait); its path there, or null if it cannot be fetched. */
function fullStdlib(pyodide) {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", new URL(FULL_STDLIB, vendor).href, false);
  const inWorker = typeof document === "undefined"; // a page's synchronous read cannot be binary
  if (inWorker) xhr.responseType = "arraybuffer";
  else xhr.overrideMimeType("text/plain; charset=x-user-defined");
  xhr.send(null);
  if (xhr.status !== 200) return null;
  let bytes;
  if (inWorker) bytes = new Uint8Array(xhr.response);
  else {
    const text = xhr.responseText;
    bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  }
  const path = "/lib/python_stdlib_full.zip";
  pyodide.FS.writeFile(path, bytes);
  console.warn("Bela: a module was missing from the game's standard library: the full one was fetched");
  return path;
}

/** The size of Pyodide's wasm memory, in bytes. */
export function memoryBytes(pyodide) {
  try {
    return pyodide._module.HEAPU8.buffer.byteLength;
  } catch (error) {
    return null;
  }
}
