// The page's side of the service worker (sw.js, beside index.html): registered once the page is
// ready or failed (the runtime's big files are then in the browser's cache, so the worker's install
// does not download them a second time, and its precaching does not slow Python's start);
// then asked for updates every half hour, when the page comes back into view and when the
// network comes back.
//
// A first install that fails (offline play lost) is told too: noOffline below.
// A new build, once installed, waits; the page is told through globalThis.belaUpdate (`ready`)
// and the event "bela:update" on window, and web/update.py offers the reload in [data-notice].
// belaUpdate.apply() lets the new build take over and reloads: the match, saved after every
// move, goes on. A page that could not start takes a new build at once.
const CHECK_EVERY_MS = 30 * 60 * 1000;
const state = { ready: false, offline: null, apply, check };
globalThis.belaUpdate = state;

let registration = null;
let reloading = false;

function appState() {
  return document.body ? document.body.dataset.appState : "loading";
}

function reload() {
  if (reloading) return;
  reloading = true;
  location.reload();
}

function announce() {
  if (state.ready) return;
  state.ready = true;
  dispatchEvent(new Event("bela:update"));
  if (appState() === "error") apply();
}

function apply() {
  const waiting = registration && registration.waiting;
  if (!waiting) {
    reload(); // the new build is already active (this page was never controlled)
    return;
  }
  waiting.addEventListener("statechange", () => {
    if (waiting.state === "activated" || waiting.state === "redundant") reload();
  });
  waiting.postMessage("skip-waiting");
}

function check() {
  if (registration && navigator.onLine) registration.update().catch(() => {});
}

function follow(worker) {
  // an update: a worker installing while another is active (the first install is none)
  if (!worker || !registration.active) return;
  if (worker.state === "installed") announce();
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed") announce();
  });
}

// Offline play lost: the service worker could not be registered, or its first install failed
// (a full disk: the cache refused the build). The page is told (state.offline false and the
// event "bela:no-offline"; web/update.py shows a notice) and plays on from the network.
function noOffline(why) {
  console.warn("Bela: no offline play here:", why);
  state.offline = false;
  dispatchEvent(new Event("bela:no-offline"));
}

function watchFirstInstall(worker) {
  if (!worker || registration.active) return;
  worker.addEventListener("statechange", () => {
    if (worker.state === "activated") state.offline = true;
    if (worker.state === "redundant" && !registration.active && !registration.installing && !registration.waiting) {
      noOffline("the service worker could not keep the game's files (is the disk full?)");
    }
  });
}

async function register() {
  try {
    registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
  } catch (error) {
    noOffline((error && error.message) || error);
    return;
  }
  if (registration.active) state.offline = true;
  watchFirstInstall(registration.installing || registration.waiting);
  follow(registration.waiting || registration.installing);
  registration.addEventListener("updatefound", () => follow(registration.installing));
  setInterval(check, CHECK_EVERY_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  addEventListener("online", check);
}

function whenStarted(run) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (appState() !== "loading") return once();
  const watcher = new MutationObserver(() => {
    if (appState() === "loading") return;
    watcher.disconnect();
    once();
  });
  watcher.observe(document.body, { attributes: true, attributeFilter: ["data-app-state"] });
}

if ("serviceWorker" in navigator) {
  whenStarted(register);
  // a page that failed to start takes a new build as soon as there is one
  new MutationObserver(() => {
    if (state.ready && appState() === "error") apply();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-app-state"] });
}
