// Reads the build's Python snapshot from the service worker's cache off the page's main thread,
// and hands the page its bytes and their SHA-256 (both transferred, not copied). On the main
// thread the read of its 17.5 MB waits between the long tasks of Pyodide's start, chunk by chunk;
// here it goes on meanwhile. The page's head starts it on a later visit (scripts/build/index_page.py's
// preload_links); assets/pyodide-boot.mjs compares the digest with the build's and restores.
self.onmessage = async (event) => {
  try {
    const response = await caches.match(event.data, { ignoreSearch: true });
    if (!response) {
      self.postMessage(null); // not kept unzipped: the page reads what there is
      return;
    }
    const buffer = await response.arrayBuffer();
    const digest = await crypto.subtle.digest("SHA-256", buffer);
    self.postMessage({ buffer, digest }, [buffer, digest]);
  } catch (error) {
    self.postMessage(null); // the page reads it itself
  }
};
