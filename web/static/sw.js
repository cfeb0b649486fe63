// The service worker (the template: scripts/build/precache.py writes _site/sw.js from it, with the
// build's version and the list of every file it wrote, each with its SHA-256).
//
// - install: every file of the build into one cache of this version; a file an older version
//   already holds with the same hash is copied from its cache if its bytes there still have that
//   hash (a copy damaged in the cache is not carried into the new build: it is fetched again),
//   any other is fetched (checked against its hash, so a half-deployed site never gets cached). The worker then waits: the
//   page offers the reload (assets/updates.mjs) and says "skip-waiting" when the player agrees.
// - activate: the caches of older versions of this site (this scope) are deleted, and the open
//   pages are taken over (after a first visit too: that page then uses the cache as well, and a
//   build deployed while it is open waits for the player's reload like any other).
// - unzipped: Pyodide's gzipped files, the snapshot and the game's Python (app.zip) are read at
//   every start, so the worker fetches them gzipped (a first visit's bytes) and keeps them
//   undone, under their names without .gz: a later start reads the snapshot (17.5 MB) instead
//   of gunzipping it (the gunzip took a core from Pyodide's start: slower). The page asks for
//   those names only when it is controlled (assets/pyodide-boot.mjs, first-reads.js).
// - fetch: a GET for one of the build's files is answered from the cache (navigations to the
//   site's folder or to index.html, whatever their query, with index.html, checked against its
//   hash first: a damaged copy is fetched again); anything else goes to the network untouched.
const VERSION = "__BELA_VERSION__";
const FILES = /*PRECACHE*/ [];
// the hashes of the unzipped bytes of the build's .gz files, by the name they are kept under
const UNZIPPED_HASHES = /*UNZIPPED*/ {};

const SCOPE = new URL(self.registration.scope);
const PREFIX = "bela " + SCOPE.pathname + " ";
const CACHE = PREFIX + VERSION;
const UNZIPPED = /^(vendor\/pyodide\/[^/]+|snapshot-\w+|app\.zip)\.gz$/;
const CAN_UNZIP = typeof DecompressionStream === "function";
const TYPES = { wasm: "application/wasm", mjs: "text/javascript", json: "application/json", zip: "application/zip" };

// The name a file is kept under (its own, or without .gz: see "unzipped" above).
const storedAs = (path) => (CAN_UNZIP && UNZIPPED.test(path) ? path.slice(0, -3) : path);
const HASHES = new Map(FILES.map(([path, hash]) => [storedAs(path), hash]));

// The cache key of a file: its URL with its hash, so that versions can share unchanged files.
const keyOf = (path) => new URL(path + "?integrity=" + encodeURIComponent(HASHES.get(path)), SCOPE).href;

/** The response to keep for ``path`` (fetched and checked against its hash), unzipped if it
 * is kept under another name. */
async function download(path, hash) {
  const response = await fetch(new URL(path, SCOPE), { cache: "no-cache", integrity: hash });
  if (!response.ok) throw new Error(path + ": HTTP " + response.status);
  const stored = storedAs(path);
  if (stored === path) return response;
  const type = TYPES[stored.split(".").pop()] || "application/octet-stream";
  const body = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { headers: { "Content-Type": type } });
}

/** Whether ``response`` has the bytes whose SRI hash is ``hash`` (none known: trusted). */
async function intact(response, hash) {
  if (!hash) return true;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  return "sha256-" + btoa(String.fromCharCode(...digest)) === hash;
}

async function fill() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    FILES.map(async ([path, hash]) => {
      const stored = storedAs(path);
      const key = keyOf(stored);
      if (await cache.match(key)) return;
      const kept = await caches.match(key); // an older version of this site holds the same file
      const keptHash = stored === path ? hash : UNZIPPED_HASHES[stored]; // the bytes as kept
      if (kept && (await intact(kept, keptHash))) return cache.put(key, kept);
      return cache.put(key, await download(path, hash));
    }),
  );
}

async function prune() {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
}

self.addEventListener("install", (event) => event.waitUntil(fill()));
self.addEventListener("activate", (event) => event.waitUntil(prune().then(() => self.clients.claim())));
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  let path = url.pathname.slice(SCOPE.pathname.length);
  if (request.mode === "navigate") {
    if (path === "") path = "index.html";
  } else if (url.search) {
    return;
  }
  if (!HASHES.has(path)) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(keyOf(path)))
      .then((hit) => (hit && request.mode === "navigate" ? sound(hit, path) : hit || fetch(request))),
  );
});

/** The page (``hit``, kept as ``path``) if its bytes are the build's; damaged, the network's
 * copy, kept again (the page holds Repair itself: a damaged one could not offer it), or the
 * damaged one offline. The page is small: its check costs well under a millisecond. */
async function sound(hit, path) {
  if (await intact(hit, HASHES.get(path))) return hit;
  try {
    const fresh = await download(path, HASHES.get(path));
    await (await caches.open(CACHE)).put(keyOf(path), fresh.clone());
    return fresh;
  } catch (error) {
    return hit;
  }
}
