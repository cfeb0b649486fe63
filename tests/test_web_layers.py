"""The shape of web/: its import graph has no circle, nothing imports upward (the screens never
import the app, the game's flow or the input; the plain view models never import a screen), the
plain modules stay free of the browser, and ``bela`` never imports ``web``."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
BROWSER = {"js", "pyodide", "pyscript"}
#: Modules that draw or listen (they touch the DOM); everything else in web/ is plain Python,
#: run and tested under CPython.
BROWSER_MODULES = {"web.app", "web.botclient", "web.dom", "web.files", "web.game", "web.input"}
BROWSER_MODULES |= {"web.localstore", "web.update", "web.fallback"}
#: The table's feel (web/feel/): its synthesiser, the device's vibration and wake lock, the
#: install offer, and what ties them to the flow; its rules (cues, autoplay) are plain.
BROWSER_MODULES |= {"web.feel.sound", "web.feel.device", "web.feel.feel", "web.feel.install"}
#: The rooms of friends: their network (Trystero, in assets/room.mjs) and their page wiring.
BROWSER_MODULES |= {"web.friends.net", "web.friends.page"}
#: The top of the page: only main() and its wiring may import these.
TOP = {"web.app", "web.game", "web.input"}


def module_name(path: Path, top: Path = ROOT) -> str:
    rel = path.relative_to(top).with_suffix("")
    return ".".join(p for p in rel.parts if p != "__init__")


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth of its code (a function's late import counts)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


@functools.cache
def graph(root: Path = WEB) -> dict[str, set[str]]:
    """web/'s modules and, for each, the modules of web/ it imports."""
    paths = sorted(root.rglob("*.py"))
    names = {module_name(p, root.parent) for p in paths}
    out: dict[str, set[str]] = {}
    for p in paths:
        name = module_name(p, root.parent)
        out[name] = {m for m in imports_of(p) if m in names and m not in (name, "web")}
    return out


def find_cycle(g: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports in ``g``, as the list of its modules (first = last), or None."""
    state: dict[str, int] = {}  # 1: on the path being followed, 2: done
    path: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        path.append(n)
        for m in sorted(g.get(n, ())):
            if state.get(m) == 1:
                return [*path[path.index(m) :], m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        path.pop()
        state[n] = 2
        return None

    for n in sorted(g):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_web_has_no_import_circle() -> None:
    cycle = find_cycle(graph())
    assert cycle is None, "import circle in web/: " + " -> ".join(cycle or [])


def test_the_circle_finder_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_graph_reads_late_and_package_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "web"
    (pkg / "screens").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "screens" / "__init__.py").write_text("from web.screens import table\n")
    (pkg / "screens" / "table.py").write_text("def f():\n    from web import app\n")  # late
    (pkg / "app.py").write_text("from web.screens import Screens\n")
    g = graph(pkg)
    assert g["web.screens.table"] == {"web.app"}
    assert find_cycle(g) is not None


@pytest.mark.parametrize("name", sorted(graph()))
def test_nothing_imports_upward(name: str) -> None:
    """Screens and view models never reach up to the app, the flow or the input."""
    if name in TOP:
        return
    upward = graph()[name] & TOP
    assert not upward, f"{name} imports {sorted(upward)}"


@pytest.mark.parametrize("name", sorted(n for n in graph() if n.startswith("web.screens")))
def test_screens_import_no_other_screen_but_elements_and_dialog(name: str) -> None:
    """A screen draws its own part: it may share elements and the dialog frame, not another
    screen (only web.screens, the composition, imports them all)."""
    if name == "web.screens":
        return
    shared = {"web.screens.elements", "web.screens.dialog"}
    others = {m for m in graph()[name] if m.startswith("web.screens.") and m not in shared}
    assert not others, f"{name} imports {sorted(others)}"


def test_plain_modules_need_no_browser() -> None:
    """Outside the modules that touch the DOM (and the screens), web/ is plain Python: the view
    models, the input table, saving and loading run under CPython."""
    for path in sorted(WEB.rglob("*.py")):
        name = module_name(path)
        if name in BROWSER_MODULES or name.startswith("web.screens"):
            continue
        browser = {m for m in imports_of(path) if m.split(".")[0] in BROWSER}
        assert not browser, f"{name} imports {sorted(browser)}: move the browser's part to a screen"


def test_bela_never_imports_web() -> None:
    for path in sorted((ROOT / "bela").rglob("*.py")):
        bad = {m for m in imports_of(path) if m.split(".")[0] in {"web", *BROWSER}}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_no_web_module_is_long_without_a_reason() -> None:
    """A module past about 400 lines says at its top why it is one room."""
    for path in sorted(WEB.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > 420:
            doc = ast.get_docstring(ast.parse(text)) or ""
            assert "one room" in doc, f"{path.relative_to(ROOT)}: {text.count(chr(10))} lines"


# -- the rooms: the bots' worker, the features' folders -----------------------------------------------

#: What the worker's modules may import of the page's: plain values only.
WORKER_MAY_USE = {"web.review.view"}
#: The page's one door into the worker's code: the main thread's fallback (web/botclient.py).
WORKER_DOOR = {"web.botclient": {"web.worker.main"}}


def is_worker(name: str) -> bool:
    return name == "web.worker" or name.startswith("web.worker.")


@pytest.mark.parametrize("name", sorted(n for n in graph() if is_worker(n)))
def test_the_worker_imports_nothing_of_the_page_but_plain_values(name: str) -> None:
    """web/worker/ runs in the bots' worker: no screen, flow, model or browser module there."""
    page = {m for m in graph()[name] if not is_worker(m)} - WORKER_MAY_USE
    assert not page, f"{name} (in the bots' worker) imports {sorted(page)}"
    path = WEB.parent / name.replace(".", "/")
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    browser = {m for m in imports_of(path) if m.split(".")[0] in BROWSER}
    assert not browser, f"{name} imports {sorted(browser)}"


@pytest.mark.parametrize("name", sorted(n for n in graph() if not is_worker(n)))
def test_the_page_talks_to_the_worker_through_its_messages(name: str) -> None:
    """The page's modules use web.worker.messages (the one format both sides speak), never the
    worker's own modules (but the fallback's door: the main thread answering as the worker)."""
    reached = {m for m in graph()[name] if is_worker(m)} - {"web.worker", "web.worker.messages"}
    assert reached <= WORKER_DOOR.get(name, set()), f"{name} imports {sorted(reached)}"


FEATURES = ("coach", "daily", "hint", "learn", "review")


@pytest.mark.parametrize("feature", FEATURES)
def test_a_features_values_never_import_its_flow(feature: str) -> None:
    """In each feature's folder the plain values (view models, notes) sit below its flow."""
    folder = WEB / feature
    assert (folder / "__init__.py").exists() and (folder / "flow.py").exists(), folder
    flows = {n for n in graph() if n.endswith(".flow")}
    for path in sorted(folder.glob("*.py")):
        name = module_name(path)
        if name.endswith(".flow") or name.endswith(".practice"):
            continue
        up = graph()[name] & flows
        assert not up, f"{name} imports {sorted(up)}"


def test_the_worker_rule_finds_a_page_import(tmp_path: Path) -> None:
    pkg = tmp_path / "web"
    (pkg / "worker").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "worker" / "__init__.py").write_text("")
    (pkg / "worker" / "main.py").write_text("from web import model\n")
    (pkg / "model.py").write_text("")
    g = graph(pkg)
    assert {m for m in g["web.worker.main"] if not is_worker(m)} == {"web.model"}
