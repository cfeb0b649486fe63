"""The build's Python snapshot (scripts/build/snapshot.py, issue 11): its name follows every file of
bela/, web/ and Pyodide, and ``make site`` stops with one clear line when Node cannot make it."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest

from scripts.build import app_zip, build_site, index_page, site_files, snapshot

ROOT = Path(__file__).resolve().parent.parent

PYODIDE = ROOT / "node_modules" / "pyodide"
needs_pyodide = pytest.mark.usefixtures("pyodide_installed")


@pytest.fixture
def pyodide_installed() -> None:
    """These tests read the pinned Pyodide: installed by ``npm ci`` (``make unit`` runs it)."""
    if not (PYODIDE / "pyodide.mjs").exists():
        pytest.fail("node_modules/pyodide is missing: run `npm ci` (make unit does it)")


def tree(tmp_path: Path) -> Path:
    """A copy of the game's Python (bela/, web/) beside the real node_modules."""
    root = tmp_path / "root"
    root.mkdir()
    for package in app_zip.PYTHON_PACKAGES:
        shutil.copytree(ROOT / package, root / package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    return root


def name(root: Path) -> str:
    zipped = root / "app.zip"
    app_zip.write_app(zipped, root)
    return app_zip.snapshot_name(zipped.read_bytes(), root)


@needs_pyodide
def test_the_name_changes_with_any_file_of_bela_or_web(tmp_path: Path) -> None:
    root = tree(tmp_path)
    first = name(root)
    assert name(root) == first  # the same files, the same name
    seen = {first}
    for rel in ("bela/cards.py", "bela/bots/search.py", "web/i18n/en.json", "web/static/style.css"):
        path = root / rel
        kept = path.read_bytes()
        path.write_bytes(kept + b"\n")
        changed = name(root)
        assert changed not in seen, rel
        seen.add(changed)
        path.write_bytes(kept)
        assert name(root) == first, rel
    (root / "web" / "static" / "new.txt").write_text("a new file", encoding="utf-8")
    assert name(root) not in seen


def test_the_name_changes_with_pyodide(tmp_path: Path) -> None:
    fake = tmp_path / "pyodide"
    fake.mkdir()
    for part in snapshot.PYODIDE_INPUTS:
        (fake / part).write_bytes(part.encode())
    files = [("bela/cards.py", b"x = 1\n")]
    first = snapshot.snapshot_id(files, fake, ["bela.cards"])
    assert snapshot.snapshot_id(files, fake, ["bela.cards"]) == first
    ids = {first}
    for part in snapshot.PYODIDE_INPUTS:
        (fake / part).write_bytes(b"another build of " + part.encode())
        ids.add(snapshot.snapshot_id(files, fake, ["bela.cards"]))
    assert len(ids) == 1 + len(snapshot.PYODIDE_INPUTS)
    assert snapshot.snapshot_id(files, fake, ["bela.cards", "bela.hand"]) not in ids


def test_no_browser_module_is_imported_before_the_snapshot() -> None:
    modules = app_zip.snapshot_modules()
    assert {"bela.bots", "bela.match", "bela.record", "web.worker.main", "web.i18n"} <= set(modules)
    for browser in ("web.app", "web.dom", "web.render", "web.botclient", "web.update"):
        assert browser not in modules
    assert not [m for m in modules if m.startswith(("bela.cli", "bela.arena", "bela.__main__"))]


def test_make_site_says_in_one_line_that_node_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("NODE", str(tmp_path / "no-node-here"))
    assert build_site.main(["--out", str(tmp_path / "site")]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert err.startswith("build_site: Node.js is needed"), err


def test_a_node_that_fails_is_said_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    failing = tmp_path / "node"
    failing.write_text("#!/bin/sh\necho 'something broke' >&2\nexit 3\n", encoding="utf-8")
    failing.chmod(0o755)
    monkeypatch.setenv("NODE", str(failing))
    monkeypatch.setattr(snapshot, "CACHE", tmp_path / "cache")
    app = tmp_path / "app.zip"
    app.write_bytes(b"")
    with pytest.raises(snapshot.SnapshotError) as failed:
        snapshot.make(tmp_path / "snapshot.gz", app, PYODIDE, "0123456789abcdef", ["bela"])
    message = str(failed.value)
    assert "\n" not in message
    assert "could not make the Python snapshot: something broke" in message
    assert not (tmp_path / "snapshot.gz").exists()


def test_a_module_under_a_browser_package_is_compiled_not_imported() -> None:
    sources = {
        "web/__init__.py": "",
        "web/screens/__init__.py": "import js\n",
        "web/screens/helper.py": "H = 1\n",
        "web/plain.py": "from web.screens import helper\n",
        "web/safe.py": "import json\n",
    }
    assert snapshot.modules_for(sources) == ["web", "web.safe"]
    assert snapshot.browser_modules(sources) == ["web.plain", "web.screens", "web.screens.helper"]


def _unsparse(data: bytes) -> bytes:
    """An independent reading of scripts/build/snapshot.py's sparse form (the page's is in
    web/static/pyodide-boot.mjs)."""
    import struct

    assert data[:8] == b"BELASPRS"
    size, runs = struct.unpack_from("<II", data, 8)
    memory = bytearray(size)
    at = 16 + 8 * runs
    for i in range(runs):
        offset, length = struct.unpack_from("<II", data, 16 + 8 * i)
        memory[offset : offset + length] = data[at : at + length]
        at += length
    assert at == len(data), "bytes left over after the runs"
    return bytes(memory)


@pytest.mark.parametrize(
    "memory",
    [
        b"",
        bytes(10_000),
        b"\x01" * 9_000,
        bytes(4096) + b"x" + bytes(5000) + b"tail",
        b"head" + bytes(3 * 4096) + b"\xff" * 4096 + bytes(100),
    ],
)
def test_the_sparse_snapshot_gives_back_the_same_memory(memory: bytes) -> None:
    data = snapshot.sparse(memory)
    assert _unsparse(data) == memory
    nonzero_pages = sum(1 for i in range(0, len(memory), 4096) if any(memory[i : i + 4096]))
    assert len(data) <= 16 + 8 * nonzero_pages + 4096 * nonzero_pages


def test_the_sparse_snapshot_leaves_out_pages_of_zeros_only() -> None:
    memory = b"a" + bytes(4 * 4096) + b"b"  # pages: a..., zeros, zeros, zeros, then 0b
    data = snapshot.sparse(memory)
    # two runs: the first page, and the last one (partial: 2 bytes, "b" the second)
    assert len(data) == 16 + 2 * 8 + 4096 + (len(memory) - 4 * 4096)
    assert _unsparse(data) == memory


def test_the_heads_first_reads_name_the_builds_files() -> None:
    links = index_page.preload_links([], "snapshot-0123456789abcdef")
    (script,) = [link for link in links if "<script>" in link]
    assert 'var SNAPSHOT = "snapshot-0123456789abcdef";' in script
    assert '"vendor/pyodide/python_stdlib_game.zip"' in script and '"app.zip.gz"' in script
    assert '"vendor/pyodide/python_stdlib.zip"' not in script  # the full library: only if needed
    for mark in ("__SNAPSHOT__", "__EARLY__", "__GZIPPED__"):
        assert script.count(mark) <= 1 and f"= {mark}" not in script, mark


def test_first_reads_without_a_mark_stop_the_build(tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "web" / "static").mkdir(parents=True)
    source = (ROOT / "web" / "static" / site_files.FIRST_READS).read_text(encoding="utf-8")
    (root / "web" / "static" / site_files.FIRST_READS).write_text(source.replace("= __GZIPPED__", "= []"))
    with pytest.raises(site_files.BuildError, match="__GZIPPED__"):
        index_page.preload_links([], "snapshot-0123456789abcdef", root)


def test_the_made_snapshot_is_sparse_gzipped_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = b"py" + bytes(3 * 4096) + b"heap"
    raw = tmp_path / "memory.bin"
    raw.write_bytes(memory)
    node = tmp_path / "node"  # as make_snapshot.mjs: the memory as it is, to its OUT argument
    node.write_text(f'#!/bin/sh\ncp "{raw}" "$5"\n', encoding="utf-8")
    node.chmod(0o755)
    monkeypatch.setenv("NODE", str(node))
    monkeypatch.setattr(snapshot, "CACHE", tmp_path / "cache")
    app = tmp_path / "app.zip"
    app.write_bytes(b"")
    target = tmp_path / "snapshot.gz"
    snapshot.make(target, app, PYODIDE, "0123456789abcdef", ["bela"])
    data = gzip.decompress(target.read_bytes())
    assert _unsparse(data) == memory and snapshot.memory_size(data) == len(memory)
    assert len(data) < len(memory)
    assert (tmp_path / "cache" / "snapshot-0123456789abcdef.gz").read_bytes() == target.read_bytes()
    assert not list(tmp_path.glob("*.partial"))
