/* The page's first reads, before any module loads (scripts/build/index_page.py puts this script in
   the head of index.html, with the build's names in place of the __MARKS__).
   - A later visit (the service worker holds the build): the snapshot is read and checked in a
     worker of its own (assets/snapshot-reader.js; on the main thread the read waits between
     Pyodide's long tasks), and the wasm and the standard library are asked for now, not once
     Pyodide runs (assets/pyodide-boot.mjs takes them: belaSnapshotRead, belaEarlyFetch).
   - A first visit: the gzipped copies are preloaded (pyodide-boot.mjs fetches and undoes them;
     undone in a worker instead, they took the core on which the browser compiles the wasm
     meanwhile, and the start was slower). */
(function () {
  "use strict";
  var SNAPSHOT = "__SNAPSHOT__";
  var EARLY = __EARLY__;
  var GZIPPED = __GZIPPED__;
  var at = function (path) { return new URL(path, document.baseURI).href; };

  var controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);

  if (controlled && window.caches) {
    window.belaSnapshotRead = new Promise(function (done) {
      var reader = new Worker("assets/snapshot-reader.js");
      reader.onmessage = function (e) { done(e.data); reader.terminate(); };
      // a reader that cannot run (damaged): the page reads the snapshot itself, no page error
      reader.onerror = function (e) { e.preventDefault(); done(null); reader.terminate(); };
      reader.postMessage(at(SNAPSHOT));
    }).catch(function () { return null; });
    window.belaEarlyFetch = {};
    EARLY.forEach(function (path) {
      var url = at(path);
      window.belaEarlyFetch[url] = fetch(url, { credentials: "same-origin" });
      window.belaEarlyFetch[url].catch(function () {});
    });
  } else {
    GZIPPED.forEach(function (path) {
      var link = document.createElement("link");
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous";
      link.href = path;
      document.head.appendChild(link);
    });
  }
  // pyodide.asm.mjs from its own URL where the page imports it so: under the service worker
  // (kept unzipped) or in a browser that cannot undo gzip (a first visit elsewhere fetches
  // its .gz, preloaded above)
  if (controlled || typeof DecompressionStream !== "function") {
    var asm = document.createElement("link");
    asm.rel = "modulepreload";
    asm.href = "vendor/pyodide/pyodide.asm.mjs";
    document.head.appendChild(asm);
  }
})();
