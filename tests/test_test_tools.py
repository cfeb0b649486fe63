"""The test tools keep their promises: the browser tests put the tests that share a build of
their own on one worker (``--dist loadgroup``, ``xdist_group``), so the site is built once for
them. pytest 9.2.0 broke that without a word (pytest-xdist#1386: each worker then built the site
again); this runs pytest-xdist as ``make test`` does, on two tests of one group. And a browser
test runs once more only when its renderer crashed (the Makefile's ``E2E_RERUN``), the words
the browser tests' fixtures read to launch Chromium again for that run."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

GROUPED = """
import os
import pytest

@pytest.mark.xdist_group("build")
@pytest.mark.parametrize("i", range(4))
def test_one(i):
    print("worker", os.environ["PYTEST_XDIST_WORKER"])
"""


def test_a_group_runs_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(GROUPED, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-n", "2", "--dist", "loadgroup"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    passed = [line for line in done.stdout.splitlines() if "PASSED" in line]
    assert len(passed) == 4, done.stdout
    assert all("@build" in line for line in passed), done.stdout
    assert len({line.split()[0] for line in passed}) == 1, done.stdout  # one worker: [gw0] or [gw1]


ROOT = Path(__file__).resolve().parent.parent
# a test that fails once, as a crashed renderer fails Playwright, and one that fails once otherwise
ONCE = """
from pathlib import Path

class TargetClosedError(Exception):
    pass

def once(name, error):
    mark = Path(name)
    if not mark.exists():
        mark.write_text("failed once")
        raise error

def test_a_crash():
    once("crash", TargetClosedError("Page.wait_for_selector: Page crashed"))

def test_a_timeout():
    once("timeout", AssertionError("the hand did not end"))
"""


def test_only_a_crashed_renderer_runs_again(tmp_path: Path) -> None:
    found = re.search(r"^E2E_RERUN := (.+)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert found is not None, "the Makefile names no E2E_RERUN"
    (tmp_path / "test_once.py").write_text(ONCE, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", *shlex.split(found.group(1))],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert re.search(r"test_a_crash RERUN", done.stdout), done.stdout
    assert re.search(r"test_a_crash PASSED", done.stdout), done.stdout
    assert re.search(r"test_a_timeout FAILED", done.stdout), done.stdout
    assert "test_a_timeout RERUN" not in done.stdout, done.stdout


def test_the_rerun_and_the_relaunch_read_the_same_words() -> None:
    from e2e.browser import CRASHED, crashed

    found = re.search(r"--only-rerun '([^']+)'", (ROOT / "Makefile").read_text(encoding="utf-8"))
    assert found is not None, "E2E_RERUN reruns every failure"
    assert found.group(1) == CRASHED
    assert crashed("TargetClosedError: Page.wait_for_selector: Page crashed")
    assert not crashed("AssertionError: the hand did not end")
