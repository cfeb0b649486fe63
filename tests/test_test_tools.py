"""The test tools keep their promises: the browser tests put the tests that share a build of
their own on one worker (``--dist loadgroup``, ``xdist_group``), so the site is built once for
them. pytest 9.2.0 broke that without a word (pytest-xdist#1386: each worker then built the site
again); this runs pytest-xdist as ``make test`` does, on two tests of one group."""

from __future__ import annotations

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
