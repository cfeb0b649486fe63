// The files of a zip whose files are stored as they are (not deflated), as make site writes the
// game's app.zip (scripts/build/shipped.py: it is gzipped as a whole): written into Pyodide's file
// system straight from JavaScript. Pyodide's unpackArchive runs Python's zipfile: 35-50 ms for
// the game's 86 files under Node, where this takes 10-15.

const decoder = new TextDecoder();

let table = null;

/** The CRC-32 of ``data`` (zip's checksum: a damaged file is refused, 1-2 ms for the game's). */
function crc32(data) {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The files of ``buffer`` (an ArrayBuffer holding a zip), ``[{name, data}]`` in the zip's
 * order (``data`` a Uint8Array view of ``buffer``; a folder's name ends with "/"), or null if
 * it is not such a zip: not a zip, damaged (a checksum that differs), a file compressed or encrypted, a name leaving its
 * folder. Nothing is returned from a zip that fails any check. */
export function storedFiles(buffer) {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  const u16 = (at) => view.getUint16(at, true);
  const u32 = (at) => view.getUint32(at, true);
  // the end of the central directory: its signature within the last 22 + 65535 bytes
  let end = -1;
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--) {
    if (u32(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = u16(end + 10);
  let at = u32(end + 16);
  const files = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || u32(at) !== 0x02014b50) return null;
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const size = u32(at + 20);
    const crc = u32(at + 16);
    const unpacked = u32(at + 24);
    const nameLength = u16(at + 28);
    const local = u32(at + 42);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
    if (method !== 0 || flags & 1 || size !== unpacked) return null;
    const parts = name.split("/");
    if (!name || name.startsWith("/") || parts.includes("..") || name.includes("\\")) return null;
    if (local + 30 > bytes.length || u32(local) !== 0x04034b50) return null;
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + size > bytes.length || crc32(bytes.subarray(start, start + size)) !== crc) return null;
    files.push({ name, data: bytes.subarray(start, start + size) });
  }
  return files;
}

/** Write ``files`` (storedFiles()) under ``folder`` in ``FS``, Pyodide's file system. */
export function writeFiles(FS, files, folder) {
  for (const { name, data } of files) {
    const path = `${folder}/${name}`;
    if (name.endsWith("/")) {
      FS.mkdirTree(path.slice(0, -1));
      continue;
    }
    const slash = path.lastIndexOf("/");
    FS.mkdirTree(path.slice(0, slash));
    FS.writeFile(path, data);
  }
}
