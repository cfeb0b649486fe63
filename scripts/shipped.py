"""The game's Python as the page gets it: ``app.zip``, fetched as ``app.zip.gz`` (``make site``).

The browser needs the code, not its explanations: every docstring becomes ``""`` and every
comment goes, with each line kept where it was (a traceback from the page names the same line
as the source in the repository), and the JSON catalogs lose their indentation. The zip
stores its files as they are and is gzipped as a whole, so the 5 catalogs and the ~80 modules
share one dictionary: 124 KB, where a zip deflating each file of the sources as they are was
195 KB. (A tar would gzip the same, but Pyodide unpacks a tar 3 to 5 times slower than a zip:
70-700 ms against 30-170 in the page.)

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
import io
import json
import tokenize
import zipfile
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


def archive(files: Iterable[tuple[str, Path]]) -> bytes:
    """A zip of ``files`` (name in the archive, path), stored as they are (it is gzipped as a
    whole), the same bytes for the same files (no dates or modes of this machine)."""
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w", compression=zipfile.ZIP_STORED) as zf:
        for name, path in files:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zf.writestr(info, shipped(path))
    return raw.getvalue()
