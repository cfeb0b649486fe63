"""The game's Python as the page gets it (scripts/build/shipped.py): the same code, line for line."""

from __future__ import annotations

import ast
import gzip
import io
import json
import re
import subprocess
import tokenize
import zipfile
from pathlib import Path

import pytest

from scripts.build import app_zip, index_page, shipped, site_files, snapshot

ROOT = Path(__file__).resolve().parent.parent


SOURCES = [p for p in app_zip.python_files(ROOT) if p.suffix == ".py"]


def _docstring_ids(tree: ast.Module) -> set[int]:
    """The docstrings' nodes (as ast.get_docstring finds them)."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        if isinstance(node, kinds) and ast.get_docstring(node, clean=False) is not None:
            first = node.body[0]
            assert isinstance(first, ast.Expr)
            ids.update({id(first), id(first.value)})
    return ids


def _shape(source: str) -> list[tuple[object, ...]]:
    """Every node of the source: its type, where it starts, and its value for constants, with
    each docstring as an empty one."""
    tree = ast.parse(source)
    docs = _docstring_ids(tree)
    out: list[tuple[object, ...]] = []
    for node in ast.walk(tree):
        value = node.value if isinstance(node, ast.Constant) and id(node) not in docs else None
        out.append(
            (
                type(node).__name__,
                getattr(node, "lineno", None),
                getattr(node, "col_offset", None),
                repr(value),
            )
        )
    return out


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_module_keeps_its_code_on_the_same_lines(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    out = shipped.strip(source)
    assert out.count("\n") == source.count("\n")
    assert _shape(out) == _shape(source)
    assert not [t for t in tokenize.generate_tokens(io.StringIO(out).readline) if t.type == tokenize.COMMENT]
    tree = ast.parse(out)
    docs = [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) in _docstring_ids(tree)]
    assert all(d.value == "" for d in docs)


def test_docstrings_and_comments_go_and_the_code_stays() -> None:
    source = (
        '"""The module.\n\nLong."""\n'
        "from __future__ import annotations\n"
        "# a comment line\n"
        "class A:  # a class\n"
        '    """About A."""\n'
        "\n"
        "    def f(self) -> str:\n"
        '        """Only a docstring, then code."""\n'
        '        return \'# not a comment\' + """not a docstring"""\n'
        "\n"
        "\n"
        "def g():\n"
        "    '''Only a docstring: g still has a body.'''\n"
    )
    out = shipped.strip(source)
    assert "The module" not in out and "About A" not in out and "comment line" not in out
    assert "# not a comment" in out and "not a docstring" in out
    scope: dict[str, object] = {}
    exec(compile(out, "<shipped>", "exec"), scope)
    assert scope["A"]().f() == "# not a commentnot a docstring"  # type: ignore[operator]
    assert scope["g"]() is None  # type: ignore[operator]
    # the line of f's return is where it was
    tree = ast.parse(out)
    returns = [n for n in ast.walk(tree) if isinstance(n, ast.Return)]
    assert [r.lineno for r in returns] == [
        source.splitlines().index('        return \'# not a comment\' + """not a docstring"""') + 1
    ]


def test_the_archive_holds_every_file_as_the_page_needs_it(tmp_path: Path) -> None:
    target = tmp_path / "app.zip"
    app_zip.write_app(target, ROOT)
    again = tmp_path / "again" / "app.zip"
    again.parent.mkdir()
    app_zip.write_app(again, ROOT)
    assert target.read_bytes() == again.read_bytes()  # the same files give the same bytes
    gzipped = tmp_path / "app.zip.gz"
    assert gzip.decompress(gzipped.read_bytes()) == target.read_bytes()
    assert len(gzipped.read_bytes()) < 0.3 * len(target.read_bytes())  # one dictionary for all
    files = {p.relative_to(ROOT).as_posix(): p for p in app_zip.python_files(ROOT)}
    with zipfile.ZipFile(target) as archive:
        assert sorted(archive.namelist()) == sorted(files)
        for name, path in files.items():
            data = archive.read(name).decode()
            if name.endswith(".json"):
                assert json.loads(data) == json.loads(path.read_text(encoding="utf-8"))
            else:
                compile(data, name, "exec")
    assert "bela/cli.py" not in files  # the command line stays out


def test_the_start_modules_are_what_importing_the_entry_runs() -> None:
    sources = {
        "p/__init__.py": "",
        "p/app.py": (
            "from __future__ import annotations\n"
            "from typing import TYPE_CHECKING\n"
            "import p.sub.leaf\n"
            "from p import views\n"
            "from . import rel\n"
            "try:\n    from p import guarded\nexcept ImportError:\n    from p import fallback\n"
            "if TYPE_CHECKING:\n    from p import typed\nelse:\n    from p import untyped\n"
            "class C:\n    from p import in_class\n"
            "def f():\n    from p import late\n"
            "g = lambda: __import__('p.lambdas')\n"
        ),
        "p/sub/__init__.py": "",
        "p/sub/leaf.py": "from ..deep import x\n",
        "p/deep.py": "x = 1\n",
        "p/views.py": "import json\n",
        **{f"p/{n}.py": "" for n in ("rel", "guarded", "fallback", "typed", "untyped", "in_class", "late")},
        "p/lambdas.py": "",
        "p/unused.py": "",
    }
    assert shipped.start_modules(sources, "p.app") == [
        "p",
        "p.app",
        "p.deep",
        "p.fallback",
        "p.guarded",
        "p.in_class",
        "p.rel",
        "p.sub",
        "p.sub.leaf",
        "p.untyped",
        "p.views",
    ]


def test_the_page_starts_from_the_entry_and_the_finder_ships_as_source() -> None:
    script = (ROOT / "index.html").read_text(encoding="utf-8").split('<script type="py"')[1]
    assert f"from {shipped.ENTRY} import main" in script
    sources = app_zip._sources(ROOT)
    modules = shipped.compiled_modules(sources)
    assert {"web.app", "web.screens", "bela", "bela.cards", "web.i18n", "web.localstore"} <= set(modules)
    # the finder and its package are imported before it is in place; the review comes late
    assert not {"web", "web.compiled", "bela.review", "web.screens.review"} & set(modules)
    # the bots' worker starts from web.worker.main: the bots ship compiled too
    assert {"web.worker.main", "bela.bots", "bela.bots.search", "bela.bots.solver"} <= set(modules)
    # and what the boot imports itself (a first visit reads no later module's file at start)
    assert shipped.BOOT in modules
    boot = (ROOT / "web" / "static" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    assert f'pyodide.pyimport("{shipped.BOOT}")' in boot
    assert "bela.bots" not in shipped.compiled_modules(sources, (shipped.ENTRY,))


def test_the_archive_ships_the_start_modules_compiled(tmp_path: Path) -> None:
    target = tmp_path / "app.zip"
    app_zip.write_app(target, ROOT, compiled=b"the code")
    modules = set(app_zip.snapshot_shipped(ROOT))
    with zipfile.ZipFile(target) as archive:
        names = set(archive.namelist())
        assert archive.read(site_files.COMPILED_FILE) == b"the code"
    files = {p.relative_to(ROOT).as_posix() for p in app_zip.python_files(ROOT)}
    left = {rel for rel in files if rel.endswith(".py") and snapshot.module_name(rel) in modules}
    assert {"bela/cards.py", "web/app.py", "bela/__init__.py"} <= left
    assert names == (files - left) | {site_files.COMPILED_FILE}
    assert {"web/__init__.py", "web/compiled.py", "bela/review.py", "web/i18n/hr.json"} <= names


def test_comments_that_fill_lines_go_and_the_code_stays_where_it_was() -> None:
    source = (
        "/* one line */\n"
        "/** a block\n * over lines\n */\n"
        "const a = 1; // after code: kept\n"
        "  // indented: gone\n"
        "/* a block */ const b = 2;\n"
        "/* starts\n  ends */ const c = 3;\n"
        "const t = `\n// inside a template literal\n/* too */\n`;\n"
        "// after the template: gone\n"
        "const url = 'http://x'; \n"
    )
    out = shipped.strip_comments(source).split("\n")
    assert len(out) == len(source.split("\n"))
    assert out[:4] == ["", "", "", ""]
    assert out[4] == "const a = 1; // after code: kept"
    assert out[5] == ""
    assert out[6] == "/* a block */ const b = 2;"
    assert out[7:9] == ["/* starts", "  ends */ const c = 3;"]
    assert out[9:13] == ["const t = `", "// inside a template literal", "/* too */", "`;"]
    assert out[13] == "" and out[14] == "const url = 'http://x';"
    css = "a { color: red; } /* kept */\n// not a comment in CSS\n"
    assert shipped.strip_comments("/* a rule */\n" + css, css=True) == "\n" + css


@pytest.mark.parametrize(
    "name", [*site_files.STATIC_FILES, site_files.BOOT_MODULE, site_files.FIRST_READS, "sw.js"]
)
def test_every_script_and_style_shipped_without_comments_still_parses(tmp_path: Path, name: str) -> None:
    path = ROOT / "web" / "static" / name
    text = path.read_text(encoding="utf-8")
    out = index_page.static_text(path)
    assert out.count("\n") == text.count("\n") and len(out) < len(text)
    assert not [line for line in out.splitlines() if line.lstrip().startswith(("/*", "//"))]
    if path.suffix == ".css":
        rules = re.compile(r"(?s)/\*.*?\*/")  # every rule is still there
        assert rules.sub("", out).split() == rules.sub("", text).split()
        return
    node = snapshot.find_node()
    assert node is not None, "Node.js is needed (make site needs it too)"
    module = name.endswith(".mjs") or text.lstrip("/ \n*").startswith("import") or "\nimport " in text
    copy = tmp_path / (name.removesuffix(".js").removesuffix(".mjs") + (".mjs" if module else ".js"))
    copy.write_text(out, encoding="utf-8")
    checked = subprocess.run([node, "--check", str(copy)], capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr


def test_every_other_module_ships_compiled_in_the_later_file(tmp_path: Path) -> None:
    """With both files, app.zip holds the sources of the finder and its package only; every
    other module is in one file or the other, never both."""
    start = set(app_zip.snapshot_shipped(ROOT))
    later = set(app_zip.later_shipped(ROOT))
    assert not start & later
    assert {
        "bela.review",
        "bela.hint",
        "web.screens.review",
        "web.screens.learn",
        "web.worker.coach",
    } <= later
    files = {p.relative_to(ROOT).as_posix() for p in app_zip.python_files(ROOT)}
    modules = {snapshot.module_name(rel) for rel in files if rel.endswith(".py")}
    assert modules == start | later | set(shipped.KEPT_AS_SOURCE)
    target = tmp_path / "app.zip"
    app_zip.write_app(target, ROOT, compiled=b"start code", later=b"later code")
    with zipfile.ZipFile(target) as archive:
        names = set(archive.namelist())
        assert archive.read(site_files.LATER_FILE) == b"later code"
    assert {n for n in names if n.endswith(".py")} == {"web/__init__.py", "web/compiled.py"}
