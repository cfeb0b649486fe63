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
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from scripts.build.import_statements import imported
from scripts.build.snapshot import module_name


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


def archive(files: Iterable[tuple[str, Path]], extra: Mapping[str, bytes] | None = None) -> bytes:
    """A zip of ``files`` (name in the archive, path), then of ``extra`` (name: bytes as they
    are), stored as they are (it is gzipped as a whole), the same bytes for the same files (no
    dates or modes of this machine)."""
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w", compression=zipfile.ZIP_STORED) as zf:

        def put(name: str, data: bytes) -> None:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)

        for name, path in files:
            put(name, shipped(path))
        for name, data in (extra or {}).items():
            put(name, data)
    return raw.getvalue()


# -- JavaScript and CSS ---------------------------------------------------------------------------


def strip_comments(text: str, css: bool = False) -> str:
    """JavaScript (or CSS, with ``css``) without the comments that fill whole lines, every line
    kept where it was (a stack trace from the page names the repository's line): a line that
    starts with ``//`` (not in CSS), and a ``/* ... */`` that starts a line and ends one. A
    comment after code on its line stays, and so does anything inside a template literal (an
    odd number of backticks above it); trailing spaces go.

    >>> strip_comments("/**\\n * Doc.\\n */\\nconst a = 1; // kept\\n  // gone\\nlet t = `\\n// kept\\n`;\\n")
    '\\n\\n\\nconst a = 1; // kept\\n\\nlet t = `\\n// kept\\n`;\\n'
    """
    lines = text.split("\n")
    out: list[str] = []
    ticks = 0  # backticks seen outside the comments taken out
    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        head = line.lstrip()
        if ticks % 2 == 0 and head.startswith("//") and not css:
            out.append("")
            i += 1
            continue
        if ticks % 2 == 0 and head.startswith("/*"):
            # the line where it ends: this one, or the first below with a */
            ends = [i] if "*/" in head[2:] else [j for j in range(i + 1, len(lines)) if "*/" in lines[j]][:1]
            last = lines[ends[0]].rstrip() if ends else ""
            if ends and last.endswith("*/") and last.count("*/") == 1:
                out += [""] * (ends[0] - i + 1)
                i = ends[0] + 1
                continue
        ticks += line.count("`")
        out.append(line)
        i += 1
    return "\n".join(out)


# -- what ships compiled ------------------------------------------------------------------------

#: the module index.html's script imports: the page's start
ENTRY = "web.app"
#: the bots' side: what the worker imports as it starts (assets/bot-worker.js), and what the
#: page imports to make the bots' quick decisions itself while the worker starts (web/botclient.py):
#: shipped compiled too, so neither compiles the bots (issue 22)
WORKER = "web.worker.main"
#: imported by assets/pyodide-boot.mjs itself at every start, once the compiled modules' finder
#: is in place: the finder of a module missing from the trimmed standard library
BOOT = "web.fallback"
#: imported before the compiled modules' finder is in place (it is one of them), so shipped as
#: sources: web/compiled.py and its package's __init__
KEPT_AS_SOURCE = ("web", "web.compiled")


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _run_at_import(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a module's ``body`` that run when it is imported: not a function's
    (nor a lambda's) body, nor what ``if TYPE_CHECKING:`` guards; a class's body does run."""
    for node in body:
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, ast.If) and _type_checking(node.test):
            yield from _run_at_import(node.orelse)
            continue
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                yield from _run_at_import([n for n in inner if isinstance(n, ast.stmt)])
        for handler in getattr(node, "handlers", []) or []:
            yield from _run_at_import(handler.body)


def imported_at_import(source: str, name: str, is_package: bool = False) -> set[str]:
    """The modules that importing ``name`` (whose source is ``source``) imports in turn, as
    written (import_statements.imported), but for the imports that do not run then (_run_at_import)."""
    package = name if is_package else name.rpartition(".")[0]
    return imported(_run_at_import(ast.parse(source).body), package)


def start_modules(sources: Mapping[str, str], entry: str = ENTRY) -> list[str]:
    """The modules of ``sources`` (path: text) that importing ``entry`` runs, each package
    above them too, sorted: what the page imports as it starts, but for the late imports inside
    functions (a first visit still compiles those).

    >>> start_modules({"w/__init__.py": "", "w/app.py": "from w import a\\ndef f():\\n    import w.late",
    ...                "w/a.py": "import json", "w/late.py": ""}, "w.app")
    ['w', 'w.a', 'w.app']
    """
    by_name = {module_name(rel): (rel, text) for rel, text in sources.items() if rel.endswith(".py")}
    seen: set[str] = set()
    todo = [entry]
    while todo:
        name = todo.pop()
        if name in seen or name not in by_name:
            continue
        seen.add(name)
        rel, text = by_name[name]
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        todo += sorted(imported_at_import(text, name, rel.endswith("__init__.py")) - seen)
    return sorted(seen)


def compiled_modules(
    sources: Mapping[str, str], entries: tuple[str, ...] = (ENTRY, WORKER, BOOT)
) -> list[str]:
    """The start-up modules of the page and of the bots' worker, shipped compiled
    (web/compiled.py), not as sources."""
    found = {m for entry in entries for m in start_modules(sources, entry)}
    return sorted(found - set(KEPT_AS_SOURCE))
