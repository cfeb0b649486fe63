"""The game's start-up modules, shipped compiled (issue 11: a first visit's start).

A first visit used to compile every module the page imports as it starts: about 240 ms of
Pyodide's time, a third of what the page adds to a bare Pyodide boot. ``make site`` compiles
them once, under Node with the pinned Pyodide (``scripts/build/make_snapshot.mjs``), and ships their
code in one marshalled file (``compiled.marshal``, beside this module in ``app.zip``) in place
of their sources. This module, shipped as source, hands that code to their imports: a finder
placed first in ``sys.meta_path`` (:func:`install`, called by ``assets/pyodide-boot.mjs`` once
the game's files are in place). The memory snapshot holds the same finder already installed.

One file rather than a ``.pyc`` per module: marshal writes each shared string once, and the
file gzips 14 KB smaller. The code keeps its line numbers (a traceback from the page names the
same file and line as the repository's source) but not its columns: Pyodide compiles it with
``PYTHONNODEBUGRANGES``: the column tables would add 55 KB to the gzipped app.zip.

The file starts with the magic number of the Python that wrote it: the page's Pyodide refuses
code from another version with a clear message instead of crashing in ``marshal``.

The game's other modules (the review, the hint, Learn, the settings and rules screens...) ship
compiled too, in a second file (``compiled-later.marshal``, issue 22): read only when the first
of them is imported, so neither a first visit's start nor the snapshot carries them, and their
first use compiles nothing (a first review's first trick came 60 ms sooner).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import marshal
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import CodeType, ModuleType

#: the file ``make site`` writes beside this module
FILE_NAME = "compiled.marshal"
DEFAULT_PATH = Path(__file__).with_name(FILE_NAME)
#: the file of the modules imported later, read at the first import of one of them
LATER_NAME = "compiled-later.marshal"
LATER_PATH = Path(__file__).with_name(LATER_NAME)
#: the packages whose modules the later file may hold
PACKAGES = ("bela", "web")

#: module name -> (code, file name the code was compiled as, is a package)
Codes = Mapping[str, tuple[CodeType, str, bool]]


class CompiledError(ImportError):
    """The compiled modules cannot be used (the message says why, in one line)."""


def pack(codes: Codes) -> bytes:
    """The file's bytes: this Python's magic number, then ``codes`` marshalled.

    >>> code = compile("x = 1", "/home/pyodide/m.py", "exec")
    >>> unpack(pack({"m": (code, "/home/pyodide/m.py", False)}))["m"][1:]
    ('/home/pyodide/m.py', False)
    """
    table = {name: (code, path, bool(package)) for name, (code, path, package) in sorted(codes.items())}
    return importlib.util.MAGIC_NUMBER + marshal.dumps(table)


def unpack(data: bytes) -> dict[str, tuple[CodeType, str, bool]]:
    """The codes that :func:`pack` wrote; CompiledError if they are of another Python or damaged."""
    magic = importlib.util.MAGIC_NUMBER
    if data[: len(magic)] != magic:
        raise CompiledError(
            f"the game's compiled modules are for another Python (magic {data[:4].hex()}, "
            f"this one {magic.hex()}): rebuild the site"
        )
    try:
        table = marshal.loads(data[len(magic) :])
    except (EOFError, ValueError, TypeError) as e:
        raise CompiledError(f"the game's compiled modules are damaged: {e}") from None
    if not isinstance(table, dict) or not all(_entry_ok(k, v) for k, v in table.items()):
        raise CompiledError("the game's compiled modules are damaged: not a table of modules")
    return table


def _entry_ok(name: object, entry: object) -> bool:
    return (
        isinstance(name, str)
        and isinstance(entry, tuple)
        and len(entry) == 3
        and isinstance(entry[0], CodeType)
        and isinstance(entry[1], str)
        and isinstance(entry[2], bool)
    )


class CompiledModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds the modules of ``codes`` and runs their code; every other import goes on as usual
    (a compiled package's other modules are found in its folder)."""

    def __init__(
        self, codes: Codes, later: str | os.PathLike[str] | None = None, packages: Sequence[str] = PACKAGES
    ) -> None:
        self.codes = dict(codes)
        self.later = later  # the later modules' file, until it is read
        self.packages = tuple(packages)  # whose modules it may hold

    def _read_later(self) -> None:
        """The later modules' code added, once; none while the file is missing (a site built
        without it ships their sources; the snapshot is made before the page writes it)."""
        if self.later is None:
            return
        try:
            data = Path(self.later).read_bytes()
        except FileNotFoundError:
            return
        self.later = None
        for name, entry in unpack(data).items():
            self.codes.setdefault(name, entry)

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        entry = self.codes.get(fullname)
        if entry is None and self.later is not None and fullname.split(".")[0] in self.packages:
            self._read_later()
            entry = self.codes.get(fullname)
        if entry is None:
            return None
        _, origin, package = entry
        spec = importlib.util.spec_from_loader(fullname, self, origin=origin, is_package=package)
        if spec is None:  # pragma: no cover - spec_from_loader makes one for a loader it is given
            return None
        spec.has_location = True  # __file__ is set, as for a module read from its file
        if package:
            spec.submodule_search_locations = [os.path.dirname(origin)]
        return spec

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None  # the usual module object

    def exec_module(self, module: ModuleType) -> None:
        code = self.codes[module.__spec__.name if module.__spec__ else module.__name__][0]
        exec(code, module.__dict__)


def installed() -> CompiledModules | None:
    """The finder already in ``sys.meta_path`` (a restored snapshot holds one), if any."""
    return next((f for f in sys.meta_path if isinstance(f, CompiledModules)), None)


def install(
    path: str | os.PathLike[str] = DEFAULT_PATH, later: str | os.PathLike[str] | None = LATER_PATH
) -> bool:
    """Put the modules compiled in ``path`` first in ``sys.meta_path``, once, with ``later``'s
    to read when first needed. False if there is no such file (a site built without it: the
    sources are there instead) or a finder is in place already; CompiledError if it is of
    another Python or damaged (the later file: when it is read)."""
    if installed() is not None:
        return False
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return False
    # no importlib.invalidate_caches(): nothing cached is stale, and it imports importlib.metadata
    # (about 50 ms of a first visit's start)
    sys.meta_path.insert(0, CompiledModules(unpack(data), later))
    return True
