// Reads the build's Python snapshot from the service worker's cache off the page's main thread,
// and hands the page its bytes (transferred, not copied) with their SHA-256. On the main thread
// the read of its ~15 MB waits between the long tasks of Pyodide's start, chunk after chunk;
// here it goes on meanwhile. The page's head starts it on a later visit (scripts/build_site.py's
// preload_links); assets/pyodide-boot.mjs compares the digest with the build's and restores.
const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

self.onmessage = async (event) => {
  try {
    const response = await caches.match(event.data, { ignoreSearch: true });
    if (!response) {
      self.postMessage(null); // not kept unzipped: the page reads what there is
      return;
    }
    const buffer = await response.arrayBuffer();
    const digest = hex(await crypto.subtle.digest("SHA-256", buffer));
    self.postMessage({ buffer, digest }, [buffer]);
  } catch (error) {
    self.postMessage(null); // the page reads it itself
  }
};
