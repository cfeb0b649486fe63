"""record.md "What `bela score` prints": the command, its three spellings, and its output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import reference
from strategies import OWN, OWN_PLAYS, REPO, TERCA, TERCA_PLAYS, hand_json, record

from bela.cli import main
from bela.seats import Seat

RECORD = record(
    [hand_json(Seat.W, OWN, ["H"], OWN_PLAYS), hand_json(Seat.S, TERCA, ["pass", "H"], TERCA_PLAYS, k=1)],
    target=701,
)
# Hand 1: S makes 92 / 70. Hand 2 is TERCA turned by one seat (S's cards go to E...): EW take
# 92 and E's terca (20); E passes, N names trump with NS's 70, not more than half of 182: pad.
EXPECTED_TOTALS = {"NS": 92 + 0, "EW": 70 + 182}


def write(tmp_path: Path, data: str | bytes) -> Path:
    path = tmp_path / "match.json"
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def test_the_record_scores_as_counted_by_hand() -> None:
    out = reference.score_record(RECORD)
    assert out["totals"] == EXPECTED_TOTALS
    assert [h["outcome"] for h in out["hands"]] == ["made", "pad"]


def test_main_prints_one_json_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(write(tmp_path, json.dumps(RECORD)))]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    value = json.loads(out)
    assert value["totals"] == EXPECTED_TOTALS
    assert value == reference.score_record(RECORD)


@pytest.mark.parametrize("how", ["module", "script"])
def test_the_command(how: str, tmp_path: Path) -> None:
    path = write(tmp_path, json.dumps(RECORD))
    if how == "module":
        argv = [sys.executable, "-m", "bela", "score", str(path)]
    else:
        script = Path(sys.executable).parent / "bela"
        assert script.exists(), f"the `bela` command is not installed beside {sys.executable}"
        argv = [str(script), "score", str(path)]
    done = subprocess.run(argv, cwd=tmp_path, capture_output=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, b"")
    assert json.loads(done.stdout)["totals"] == EXPECTED_TOTALS


def test_standard_input_with_a_dash() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bela", "score", "-"],
        cwd=REPO,
        input=json.dumps(RECORD).encode(),
        capture_output=True,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert json.loads(done.stdout)["totals"] == EXPECTED_TOTALS


def test_a_file_named_with_non_ascii_and_spaces(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "partija č 1.json"
    path.write_text(json.dumps(RECORD), "utf-8")
    assert main(["score", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == EXPECTED_TOTALS


@pytest.mark.parametrize("argv", [[], ["score"], ["play", "x.json"], ["score", "a.json", "b.json"]])
def test_usage_errors_say_so_without_a_traceback(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code not in (0, None)
    out, err = capsys.readouterr()
    assert out == "" and err.strip() and "Traceback" not in err
