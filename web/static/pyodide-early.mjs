// PyScript's "interpreter" module (see pyscript.toml). index.html starts Pyodide and the
// download of app.zip as the page opens (startPyodide below), while PyScript's own code
// loads; PyScript then picks that instance up here, with the game's Python already in place.
// Same API as pyodide.mjs: `version` and `loadPyodide(options)`.
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const base = new URL("../", import.meta.url);

/** Start Pyodide and unpack app.zip (bela/ and web/) into its working directory. */
export function startPyodide() {
  const zip = fetch(new URL("app.zip", base), { credentials: "same-origin" }).then((r) => {
    if (!r.ok) throw new Error("app.zip: HTTP " + r.status);
    return r.arrayBuffer();
  });
  const pyodide = load({ indexURL: new URL("vendor/pyodide/", base).href });
  return Promise.all([pyodide, zip]).then(([py, data]) => {
    py.unpackArchive(data, "zip", { extractDir: "/home/pyodide" });
    return py;
  });
}

export async function loadPyodide(options = {}) {
  if (!globalThis.belaPyodide) globalThis.belaPyodide = startPyodide();
  const pyodide = await globalThis.belaPyodide;
  // PyScript's output hooks (its error reporting reads them)
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
