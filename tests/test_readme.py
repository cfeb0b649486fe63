"""The README and the docs/ pages say what is true: their examples run as written.

- every ```pycon block runs as a doctest, a page's blocks in order with shared names, in a
  fresh directory (a page may write a file that its later examples read);
- every ```console block runs: a line ``$ bela ...`` is the command, the lines under it its
  output (standard output then standard error, ``...`` matching anything); a comment
  ``# exit status N`` says the command must fail so;
- every ``bela`` line of a ```sh block is accepted by the command's own parser, and every
  script a page names (``scripts/x.py``, ``python -m scripts.x``) exists;
- every path of the repository a page names in backquotes exists, and every relative link
  leads to a file (and a heading of it, for ``#anchor``);
- the README is at most 200 lines, starts with ``make play`` and ``make test``, and links
  every page of docs/.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
# the pages the README promises (issue 32): each must exist and be linked from it
DOC_PAGES = ("playing", "cli", "architecture", "testing", "startup", "benchmarks", "experiments", "deploy")
MAX_README_LINES = 200

FENCE = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
# a path of this repository in backquotes: a top folder of the project, then a path with no
# placeholder in it (<id>, *, ...)
REPO_PATH = re.compile(r"`((?:bela|web|scripts|tests|e2e|docs)/[\w./-]*)`")
SCRIPT_MODULE = re.compile(r"-m (scripts(?:\.\w+)+)")
# a module of the project, or a name in one, in backquotes: `bela.review.coach_values` (not a
# saved value's key, which carries its version: `bela.v1.learn`, `bela.room.v1`)
DOTTED = re.compile(r"`((?:bela|web|scripts)(?!(?:\.\w+)*\.v\d+\b)(?:\.\w+)+)`")
EXIT_STATUS = re.compile(r"exit status (\d+)")


@dataclass(frozen=True)
class Block:
    lang: str
    body: str
    line: int  # the fence's line in its page, 1-based


def blocks(text: str) -> list[Block]:
    """The fenced blocks of a Markdown text, in order.

    >>> [(b.lang, b.body, b.line) for b in blocks("a\\n```sh\\nmake play\\n```\\n")]
    [('sh', 'make play\\n', 2)]
    """
    return [Block(m[1], m[2], text.count("\n", 0, m.start()) + 1) for m in FENCE.finditer(text)]


def prose(text: str) -> str:
    """The text outside fenced blocks (a link or a path inside an example is the example's)."""
    return FENCE.sub("", text)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.

    >>> slug("The `bela` command"), slug("Today's deals"), slug("Offline, updates, home screen")
    ('the-bela-command', 'todays-deals', 'offline-updates-home-screen')
    """
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    return {slug(h) for h in HEADING.findall(prose(text))}


def broken_links(page: Path, text: str) -> list[str]:
    """Each relative link of ``text`` (a page at ``page``) that leads nowhere, with why."""
    found: list[str] = []
    for m in LINK.finditer(prose(text)):
        target = m[1] or m[2]
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...: not ours to check
            continue
        name, _, anchor = target.partition("#")
        path = (page.parent / name).resolve() if name else page
        if not path.exists():
            found.append(f"{target}: no file {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path.read_text(encoding="utf-8")):
            found.append(f"{target}: no heading #{anchor} in {path.name}")
    return found


def missing_paths(text: str) -> list[str]:
    """The repository paths and script modules named in ``text`` that do not exist."""
    missing = []
    for path in REPO_PATH.findall(text):
        if re.search(r"[<*…]|\.\.\.", path):
            continue
        if not (ROOT / path.rstrip("/")).exists():
            missing.append(path)
    for module in SCRIPT_MODULE.findall(text):
        base = ROOT / module.replace(".", "/")
        if not (base.with_suffix(".py").exists() or (base / "__main__.py").exists()):
            missing.append(module)
    missing += [name for name in DOTTED.findall(text) if not defined(name)]
    return missing


def defined(dotted: str) -> bool:
    """Whether ``dotted`` is a module of the project, or a name that one of them defines or
    imports at the start of a line (``def``, ``class``, an assignment, an import)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:cut])
        source = base.with_suffix(".py") if base.with_suffix(".py").exists() else base / "__init__.py"
        if source.exists():
            break
    else:
        return False
    rest = parts[cut:]
    if not rest:
        return True
    name = re.escape(rest[0])
    shape = rf"^\s*(?:async def|def|class) {name}\b|^{name}\s*[:=]|^(?:from|import) .*\b{name}\b"
    return len(rest) == 1 and re.search(shape, source.read_text(encoding="utf-8"), re.M) is not None


def run_pycon(block: Block, name: str, globs: dict[str, object]) -> doctest.TestResults:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block.body, globs, name, name, block.line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test, clear_globs=False)
    return runner.summarize(verbose=False)


def console_steps(body: str) -> list[tuple[str, str]]:
    """``(command, expected output)`` for each ``$`` line of a console block.

    >>> console_steps("$ bela score m.json\\n{\\n}\\n$ bela x  # exit status 1\\noops\\n")
    [('bela score m.json', '{\\n}\\n'), ('bela x  # exit status 1', 'oops\\n')]
    """
    steps: list[tuple[str, str]] = []
    for line in body.splitlines(keepends=True):
        if line.startswith("$ "):
            steps.append((line[2:].rstrip("\n"), ""))
        elif steps:
            steps[-1] = (steps[-1][0], steps[-1][1] + line)
        elif line.strip():
            raise AssertionError(f"a console block must start with a $ line, not {line!r}")
    return steps


def run_command(command: str, cwd: Path) -> tuple[str, int]:
    """Run one ``bela`` command line (``< FILE`` allowed) in ``cwd``: its output and status."""
    words = shlex.split(command, comments=True)
    stdin = None
    if "<" in words:
        i = words.index("<")
        stdin = (cwd / words[i + 1]).read_bytes()
        words = words[:i] + words[i + 2 :]
    assert words and words[0] == "bela", f"only bela commands run here: {command!r}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, "-m", "bela", *words[1:]]
    done = subprocess.run(argv, cwd=cwd, input=stdin, capture_output=True, env=env, timeout=120)
    return (done.stdout + done.stderr).decode("utf-8"), done.returncode


def output_differs(expected: str, got: str) -> bool:
    checker = doctest.OutputChecker()
    return not checker.check_output(expected, got, doctest.ELLIPSIS)


def check_console(block: Block, name: str, cwd: Path) -> list[str]:
    """What went wrong in a console block's commands (nothing: an empty list)."""
    problems = []
    for command, expected in console_steps(block.body):
        got, status = run_command(command, cwd)
        comment = command.partition("#")[2]
        wanted = int(m[1]) if (m := EXIT_STATUS.search(comment)) else 0
        if status != wanted:
            problems.append(f"{name}: `{command}` exited {status}, not {wanted}:\n{got}")
        elif output_differs(expected, got):
            problems.append(f"{name}: `{command}` printed\n{got}\ninstead of\n{expected}")
    return problems


def bad_sh_lines(body: str) -> list[str]:
    """The ``bela`` lines of a sh block that the command's parser refuses."""
    from bela.cli import build_parser

    bad = []
    for line in body.splitlines():
        words = shlex.split(line, comments=True)
        if "<" in words:  # standard input from a file: the shell's, not the command's
            words = words[: words.index("<")]
        if not words or words[0] != "bela":
            continue
        try:
            build_parser().parse_args(words[1:])
        except SystemExit:
            bad.append(line)
    return bad


def page_id(page: Path) -> str:
    return str(page.relative_to(ROOT))


# -- the pages --------------------------------------------------------------------------------


def runnable_blocks(page: Path) -> list[Block]:
    return [b for b in blocks(page.read_text(encoding="utf-8")) if b.lang in ("pycon", "python", "console")]


WITH_EXAMPLES = [p for p in PAGES if runnable_blocks(p)]


def test_the_pages_with_examples_are_found() -> None:
    names = {p.name for p in WITH_EXAMPLES}
    assert {"README.md", "cli.md", "architecture.md"} <= names, names


@pytest.mark.parametrize("page", WITH_EXAMPLES, ids=page_id)
def test_every_example_runs(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runnable = runnable_blocks(page)
    monkeypatch.chdir(tmp_path)
    globs: dict[str, object] = {"__name__": "__docs__"}
    problems: list[str] = []
    for block in runnable:
        name = f"{page_id(page)}:{block.line}"
        if block.lang == "pycon":
            result = run_pycon(block, name, globs)
            assert result.attempted > 0, f"{name}: a pycon block without an example"
            if result.failed:
                problems.append(f"{name}: {result.failed} of {result.attempted} failed (printed above)")
        elif block.lang == "python":
            exec(compile(block.body, name, "exec"), globs)  # the page's own example
        else:
            problems += check_console(block, name, tmp_path)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_bela_line_is_a_valid_command(page: Path) -> None:
    sh = [b for b in blocks(page.read_text(encoding="utf-8")) if b.lang in ("sh", "bash", "shell")]
    bad = [line for b in sh for line in bad_sh_lines(b.body)]
    assert not bad, f"{page.name}: the bela command refuses {bad}"


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_path_named_exists(page: Path) -> None:
    missing = missing_paths(page.read_text(encoding="utf-8"))
    assert not missing, f"{page.name} names what is not in the repository: {missing}"


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_relative_link_resolves(page: Path) -> None:
    broken = broken_links(page, page.read_text(encoding="utf-8"))
    assert not broken, f"{page.name}: {broken}"


def test_readme_is_short_and_starts_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_README_LINES, f"README.md has {len(text.splitlines())} lines"
    first = blocks(text)[0]
    assert first.line <= 12, f"the README's first block is at line {first.line}: the commands come first"
    commands = [line.split("#")[0].strip() for line in first.body.splitlines() if line.strip()]
    assert commands[:2] == ["make play", "make test"], commands


def test_readme_links_every_docs_page() -> None:
    text = prose(README.read_text(encoding="utf-8"))
    linked = {(m[1] or m[2]).partition("#")[0] for m in LINK.finditer(text)}
    for name in DOC_PAGES:
        assert (DOCS / f"{name}.md").exists(), f"docs/{name}.md is missing"
        assert f"docs/{name}.md" in linked, f"README.md does not link docs/{name}.md"
    for target in linked:
        if target.startswith("docs/"):
            assert (ROOT / target).exists(), f"README.md links {target}, which does not exist"


def test_every_docs_page_is_linked_from_the_readme() -> None:
    text = README.read_text(encoding="utf-8")
    unlinked = [p.name for p in DOCS.glob("*.md") if f"(docs/{p.name}" not in text]
    assert not unlinked, f"pages no one finds from the README: {unlinked}"


# -- the checks themselves can fail ------------------------------------------------------------


def test_a_wrong_pycon_output_fails() -> None:
    block = Block("pycon", ">>> 1 + 1\n3\n", 1)
    result = run_pycon(block, "wrong", {})
    assert (result.failed, result.attempted) == (1, 1)


def test_a_wrong_console_output_or_status_fails(tmp_path: Path) -> None:
    assert check_console(Block("console", "$ bela daily 2026-02-30\n", 1), "bad date", tmp_path)
    wrong = "$ bela daily 2026-12-01 --hand 9  # exit status 2\nnot what it says\n"
    assert check_console(Block("console", wrong, 1), "wrong words", tmp_path)
    right = "$ bela daily 2026-12-01 --hand 9  # exit status 2\nbela: ...\n"
    assert check_console(Block("console", right, 1), "right", tmp_path) == []


def test_a_bad_bela_line_is_found() -> None:
    lines = ["bela arena hard medium --deals 10", "bela score - < m.json", "bela arena hard grandmaster"]
    body = "\n".join([*lines, "bela scroe x.json", "make play"])
    assert bad_sh_lines(body) == ["bela arena hard grandmaster", "bela scroe x.json"]


def test_a_missing_path_or_script_is_found() -> None:
    text = "`bela/cards.py`, `bela/nothing.py`, `web/<id>.py`, `python -m scripts.nowhere.job`"
    assert missing_paths(text) == ["bela/nothing.py", "scripts.nowhere.job"]
    names = "`bela.record`, `bela.daily.PAR_VERSION`, `bela.bots.decide`, `bela.cards.Card.parse`"
    assert missing_paths(names) == ["bela.cards.Card.parse"]
    assert missing_paths("`web.nowhere`, `bela.review.no_such_name`") == [
        "web.nowhere",
        "bela.review.no_such_name",
    ]


def test_a_broken_link_or_anchor_is_found() -> None:
    page = DOCS / "any.md"
    text = "[a](playing.md) [b](nowhere.md) [c](playing.md#no-such-heading) [d](https://example.org)"
    assert broken_links(page, text) == [
        "nowhere.md: no file docs/nowhere.md",
        "playing.md#no-such-heading: no heading #no-such-heading in playing.md",
    ]
