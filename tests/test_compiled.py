"""web/compiled.py: the start-up modules' code, shipped in one file and imported from it."""

from __future__ import annotations

import importlib
import importlib.util
import marshal
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path

import pytest

from web import compiled

PACKAGE = "shippedpkg"
SOURCES = {
    f"{PACKAGE}/__init__.py": "NAME = 'package'\n",
    f"{PACKAGE}/deep.py": (
        "from shippedpkg import late\n"
        "\n"
        "\n"
        "def fail(x):\n"
        "    y = x + 1\n"
        "    raise ValueError(f'failed at {y}')\n"
        "\n"
        "VALUE = late.LATE * 2\n"
    ),
}
#: a module of the package left as a source file, found in the package's folder
LATE = f"{PACKAGE}/late.py"


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    """A folder on sys.path holding the package's late module as a source and the compiled file
    of the rest (their sources are not there); sys.meta_path and sys.modules restored after."""
    (tmp_path / PACKAGE).mkdir()
    (tmp_path / LATE).write_text("LATE = 21\n", encoding="utf-8")
    codes = {}
    for rel, text in SOURCES.items():
        file = str(tmp_path / rel)
        name = rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        codes[name] = (compile(text, file, "exec", dont_inherit=True), file, rel.endswith("__init__.py"))
    (tmp_path / compiled.FILE_NAME).write_bytes(compiled.pack(codes))
    meta_path, path = list(sys.meta_path), list(sys.path)
    sys.path.insert(0, str(tmp_path))
    try:
        yield tmp_path
    finally:
        sys.meta_path[:] = meta_path
        sys.path[:] = path
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]
        importlib.invalidate_caches()


def test_the_modules_come_from_the_file_and_the_rest_from_sources(home: Path) -> None:
    assert not (home / f"{PACKAGE}/deep.py").exists()
    assert compiled.install(home / compiled.FILE_NAME)
    deep = importlib.import_module(f"{PACKAGE}.deep")
    assert deep.VALUE == 42  # ran, and imported the package's late module from its source
    assert deep.__file__ == str(home / f"{PACKAGE}/deep.py")
    assert deep.__spec__ is not None and isinstance(deep.__spec__.loader, compiled.CompiledModules)
    package = sys.modules[PACKAGE]
    assert package.NAME == "package" and package.__path__ == [str(home / PACKAGE)]
    late = sys.modules[f"{PACKAGE}.late"]
    assert late.__spec__ is not None and not isinstance(late.__spec__.loader, compiled.CompiledModules)
    assert compiled.installed() is not None


def test_a_traceback_names_the_sources_file_and_line(home: Path) -> None:
    compiled.install(home / compiled.FILE_NAME)
    deep = importlib.import_module(f"{PACKAGE}.deep")
    with pytest.raises(ValueError) as failed:
        deep.fail(1)
    last = traceback.extract_tb(failed.value.__traceback__)[-1]
    lines = SOURCES[f"{PACKAGE}/deep.py"].splitlines()
    assert last.filename == str(home / f"{PACKAGE}/deep.py") and last.lineno is not None
    assert lines[last.lineno - 1].strip() == "raise ValueError(f'failed at {y}')"


def test_installed_once_and_not_without_its_file(home: Path) -> None:
    assert not compiled.install(home / "missing.marshal")
    assert compiled.installed() is None
    assert compiled.install(home / compiled.FILE_NAME)
    assert not compiled.install(home / compiled.FILE_NAME)
    assert sum(isinstance(f, compiled.CompiledModules) for f in sys.meta_path) == 1


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"\x00\x01\r\n" + b"anything", "for another Python (magic 0001"),
        (b"", "for another Python"),
        (importlib.util.MAGIC_NUMBER + b"\xff\xfe", "damaged"),
        (importlib.util.MAGIC_NUMBER, "damaged"),
        (importlib.util.MAGIC_NUMBER + marshal.dumps([1, 2]), "not a table of modules"),
        (importlib.util.MAGIC_NUMBER + marshal.dumps({"m": ("code", "p", False)}), "not a table"),
    ],
)
def test_a_file_of_another_python_or_damaged_is_refused_in_one_line(
    home: Path, data: bytes, says: str
) -> None:
    bad = home / "bad.marshal"
    bad.write_bytes(data)
    with pytest.raises(compiled.CompiledError) as refused:
        compiled.install(bad)
    assert says in str(refused.value) and "\n" not in str(refused.value)
    assert compiled.installed() is None  # nothing half-installed


def test_the_packed_table_reads_back() -> None:
    code = compile("A = 1\n", "/home/pyodide/m.py", "exec")
    table = compiled.unpack(compiled.pack({"m": (code, "/home/pyodide/m.py", False)}))
    scope: dict[str, object] = {}
    exec(table["m"][0], scope)
    assert scope["A"] == 1
    assert table["m"][1:] == ("/home/pyodide/m.py", False)


def test_the_later_modules_are_read_at_the_first_import_of_one_of_them(home: Path) -> None:
    """The late module compiled into the later file (its source gone): nothing read until it is
    imported; then the file once, and its code runs."""
    late = home / LATE
    code = compile("LATE = 21\n", str(late), "exec", dont_inherit=True)
    later = home / compiled.LATER_NAME
    later.write_bytes(compiled.pack({f"{PACKAGE}.late": (code, str(late), False)}))
    late.unlink()
    codes = compiled.unpack((home / compiled.FILE_NAME).read_bytes())
    finder = compiled.CompiledModules(codes, later, packages=(PACKAGE,))
    sys.meta_path.insert(0, finder)
    importlib.import_module(PACKAGE)
    assert finder.later == later  # the package came from the first file: the later one unread
    deep = importlib.import_module(f"{PACKAGE}.deep")  # which imports the late module
    assert deep.VALUE == 42 and finder.later is None
    spec = sys.modules[f"{PACKAGE}.late"].__spec__
    assert spec is not None and spec.loader is finder


def test_a_later_file_not_yet_written_is_looked_for_again(home: Path) -> None:
    """The snapshot's finder is made before the page writes the game's files: a miss then
    leaves the later file to be read once it is there; other packages never look."""
    later = home / "not-yet.marshal"
    finder = compiled.CompiledModules({}, later, packages=(PACKAGE,))
    assert finder.find_spec(f"{PACKAGE}.late") is None and finder.later == later
    later.write_bytes(compiled.pack({}))
    assert finder.find_spec("json") is None and finder.later == later  # not one of its packages
    assert finder.find_spec(f"{PACKAGE}.late") is None and finder.later is None
