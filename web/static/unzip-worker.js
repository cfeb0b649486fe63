// A first visit: fetches the site's gzipped files (Pyodide's wasm, pyodide.asm.mjs and lock, the
// game's app.zip) and undoes the gzip off the page's main thread, which is busy starting Pyodide
// meanwhile (the wasm alone took about 110 ms of it there). Each body goes back to the page as
// a stream (transferred), so the wasm is still compiled as it arrives. The page's head starts
// this worker (scripts/build_site.py's preload_links); assets/pyodide-boot.mjs takes the bodies,
// and fetches a file itself if this failed.
import { gunzipped } from "./gunzip.mjs";

self.onmessage = async (event) => {
  const { id, url } = event.data;
  try {
    const body = await gunzipped(await fetch(url, { credentials: "same-origin" }));
    self.postMessage({ id, body }, [body]);
  } catch (error) {
    self.postMessage({ id, error: String((error && error.message) || error) });
  }
};
