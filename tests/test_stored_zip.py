"""web/static/stored-zip.mjs, which writes the game's app.zip into Pyodide's file system from
JavaScript: run under Node against zips written by Python's zipfile."""

from __future__ import annotations

import base64
import io
import json
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from scripts.build import app_zip, shipped, site_files, snapshot

ROOT = Path(__file__).resolve().parent.parent

MODULE = ROOT / "web" / "static" / site_files.STORED_ZIP

# reads base64 zips from stdin (JSON), prints what storedFiles() made of each, and what
# writeFiles() wrote into a file system of its own (a map of paths)
SCRIPT = """
import { storedFiles, writeFiles } from "%s";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const out = JSON.parse(text).map((b64) => {
  const raw = Buffer.from(b64, "base64");
  const buffer = raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength);
  const files = storedFiles(buffer);
  if (!files) return null;
  const written = {}, folders = [];
  const FS = {
    mkdirTree: (p) => folders.push(p),
    writeFile: (p, d) => { written[p] = Buffer.from(d).toString("base64"); },
  };
  writeFiles(FS, files, "/home/pyodide");
  return { names: files.map((f) => f.name), written, folders };
});
console.log(JSON.stringify(out));
"""


def read(*zips: bytes) -> list[dict[str, Any] | None]:
    node = snapshot.find_node()
    if node is None:
        pytest.fail("Node.js is needed (make unit installs node_modules with it)")
    done = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT % MODULE.as_uri()],
        input=json.dumps([base64.b64encode(z).decode() for z in zips]),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result: list[dict[str, Any] | None] = json.loads(done.stdout)
    return result


def make_zip(files: dict[str, bytes], method: int = zipfile.ZIP_STORED) -> bytes:
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w", compression=method) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return raw.getvalue()


def test_the_game_zip_is_written_file_for_file_as_zipfile_reads_it() -> None:
    sources = app_zip.python_files(ROOT)
    data = shipped.archive((p.relative_to(ROOT).as_posix(), p) for p in sources)
    [got] = read(data)
    assert got is not None
    expected = zipfile.ZipFile(io.BytesIO(data))
    names = expected.namelist()
    assert got["names"] == names and len(names) > 50
    written = got["written"]
    assert isinstance(written, dict)
    assert sorted(written) == sorted(f"/home/pyodide/{n}" for n in names if not n.endswith("/"))
    for name in names:
        assert base64.b64decode(written[f"/home/pyodide/{name}"]) == expected.read(name), name
    assert "/home/pyodide/bela" in got["folders"] and "/home/pyodide/web/screens" in got["folders"]


def test_folders_empty_files_and_utf8_names() -> None:
    files = {"a/": b"", "a/b/c.txt": b"x" * 70_000, "empty.py": b"", "ä/ö.json": b"{}"}
    [got] = read(make_zip(files))
    assert got is not None
    assert got["names"] == list(files)
    written = got["written"]
    assert isinstance(written, dict)
    assert base64.b64decode(written["/home/pyodide/a/b/c.txt"]) == b"x" * 70_000
    assert written["/home/pyodide/empty.py"] == ""
    assert "/home/pyodide/ä/ö.json" in written and "/home/pyodide/a" in got["folders"]


def test_anything_else_is_left_to_pyodide() -> None:
    good = make_zip({"bela/cards.py": b"x = 1\n", "web/app.py": b"y = 2\n"})
    deflated = make_zip({"bela/cards.py": b"x = 1\n" * 100}, zipfile.ZIP_DEFLATED)
    leaving = make_zip({"../outside.py": b"x"})
    rooted = make_zip({"/etc/passwd": b"x"})
    cut = good[: len(good) // 2]
    flipped = bytearray(good)
    flipped[good.index(b"PK\x01\x02")] ^= 0xFF  # the central directory's first signature
    past = bytearray(good)
    at = good.index(b"PK\x01\x02") + 42  # the first file's offset, past the end
    past[at : at + 4] = (len(good) + 10).to_bytes(4, "little")
    assert read(good)[0] is not None
    results = read(deflated, leaving, rooted, cut, bytes(flipped), bytes(past), b"", b"not a zip at all" * 3)
    assert results == [None] * 8


def test_a_damaged_file_is_refused_by_its_checksum() -> None:
    """A byte of a file's data changed (a damaged cache): the zip is refused, not written."""
    good = make_zip({"bela/cards.py": b"x = 1\n", "web/app.py": b"y = 2\n"})
    damaged = bytearray(good)
    damaged[good.index(b"y = 2")] ^= 0x01
    assert read(good)[0] is not None
    assert read(bytes(damaged)) == [None]
