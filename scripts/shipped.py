"""The game's Python as the page gets it: ``app.tar.gz`` (``make site``).

The browser needs the code, not its explanations: every docstring becomes ``""`` and every
comment goes, with each line kept where it was (a traceback from the page names the same line
as the source in the repository), and the JSON catalogs lose their indentation. One tar,
gzipped as a whole, so the 5 catalogs and the ~80 modules share one dictionary: about 125 KB
where a zip of the sources as they are was 195 KB.

>>> print(strip('def f(x):\\n    \"\"\"Twice x.\\n\\n    More.\"\"\"\\n    return 2 * x  # doubled\\n'))
def f(x):
    ""
<BLANKLINE>
<BLANKLINE>
    return 2 * x
<BLANKLINE>
"""

from __future__ import annotations

import ast
import gzip
import io
import json
import tarfile
import tokenize
from collections.abc import Iterable
from pathlib import Path


def _docstrings(tree: ast.Module) -> list[ast.Expr]:
    found: list[ast.Expr] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                found.append(first)
    return found


def strip(source: str) -> str:
    """``source`` without docstrings (each now ``""``) and comments, every line where it was;
    trailing spaces go too. A SyntaxError for a source that does not parse."""
    lines = source.splitlines(keepends=True)
    tree = ast.parse(source)
    # (line, column) spans to cut, columns in characters (ast gives UTF-8 byte offsets)
    cuts: list[tuple[int, int, int, int, str]] = []
    for doc in _docstrings(tree):
        assert doc.end_lineno is not None and doc.end_col_offset is not None
        start = len(lines[doc.lineno - 1].encode()[: doc.col_offset].decode())
        end = len(lines[doc.end_lineno - 1].encode()[: doc.end_col_offset].decode())
        cuts.append((doc.lineno, start, doc.end_lineno, end, '""'))
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            cuts.append((tok.start[0], tok.start[1], tok.end[0], tok.end[1], ""))
    for l1, c1, l2, c2, put in sorted(cuts, reverse=True):
        head = lines[l1 - 1][:c1]
        tail = lines[l2 - 1][c2:]
        lines[l1 - 1 : l2] = [head + put + "\n" * (l2 - l1) + tail]
    text = "".join(lines)
    return "\n".join(line.rstrip() for line in text.split("\n"))


def shipped(path: Path) -> bytes:
    """The bytes of one file of bela/ or web/ as the page gets it."""
    if path.suffix == ".py":
        return strip(path.read_text(encoding="utf-8")).encode()
    if path.suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    return path.read_bytes()


def write_archive(target: Path, files: Iterable[tuple[str, Path]]) -> None:
    """A gzipped tar of ``files`` (name in the archive, path), the same bytes for the same
    files (no dates, owners or modes of this machine)."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, path in files:
            data = shipped(path)
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mode = 0o644
            info.mtime = 0
            tar.addfile(info, io.BytesIO(data))
    target.write_bytes(gzip.compress(raw.getvalue(), 9, mtime=0))
