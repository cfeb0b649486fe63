// Undoing the gzip of the site's .gz files (make site writes them), for assets/pyodide-boot.mjs
// and for assets/unzip-worker.js, which does it off the page's main thread on a first visit.
export const GZIP = typeof DecompressionStream === "function" && typeof ReadableStream === "function";

/** The body of ``response``, gunzipped unless the host already undid the gzip. */
export async function gunzipped(response) {  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
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
