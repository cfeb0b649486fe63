"""The shared examples: every record scores as its NAME.expected.json (compared as JSON values),
through ``python -m bela score`` and through ``bela.cli.main``; every bad-*.json is refused with
one line that holds the facts of the message in examples/README.md."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import reference
from strategies import EXAMPLES, REPO

from bela.cli import main

GOOD = sorted(p.name for p in EXAMPLES.glob("*.json") if p.name.endswith(".expected.json"))
GOOD = [name.removesuffix(".expected.json") + ".json" for name in GOOD]
BAD = sorted(p.name for p in EXAMPLES.glob("bad-*.json"))


def test_the_examples_are_there(examples_dir: Path) -> None:
    # the lists below are taken at import; an empty folder must not pass quietly
    assert len(GOOD) >= 6, f"no scored examples found in {examples_dir}"
    assert len(BAD) >= 6, f"no bad examples found in {examples_dir}"
    for name in GOOD:
        assert (examples_dir / name).is_file(), f"{name}.expected.json has no record beside it"


def run_cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "bela", *args], cwd=REPO, input=stdin, capture_output=True, timeout=60
    )


@pytest.mark.parametrize("name", GOOD)
def test_example_scores_through_the_command(name: str, examples_dir: Path) -> None:
    path = examples_dir / name
    expected = json.loads((examples_dir / name.replace(".json", ".expected.json")).read_text("utf-8"))
    done = run_cli("score", str(path))
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""
    assert json.loads(done.stdout) == expected


@pytest.mark.parametrize("name", GOOD)
def test_example_scores_through_main(
    name: str, examples_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = examples_dir / name
    expected = json.loads((examples_dir / name.replace(".json", ".expected.json")).read_text("utf-8"))
    assert main(["score", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out) == expected


@pytest.mark.parametrize("name", GOOD)
def test_example_scores_through_the_reference(name: str, examples_dir: Path) -> None:
    # the independent implementation agrees with the examples too (a check of the reference)
    path = examples_dir / name
    expected = json.loads((examples_dir / name.replace(".json", ".expected.json")).read_text("utf-8"))
    assert reference.score_text(path.read_text("utf-8")) == expected


def readme_messages(examples_dir: Path) -> dict[str, str]:
    """bad-N.json -> the message the README gives for it."""
    text = (examples_dir / "README.md").read_text("utf-8")
    rows = re.findall(r"^\|\s*(bad-\d+\.json)\s*\|[^|]*\|\s*`([^`]+)`\s*\|", text, re.MULTILINE)
    return dict(rows)


def facts(message: str) -> list[str]:
    """The facts of a README message: hand and play numbers, the seat, every card."""
    found = re.findall(r"\bhand \d+\b", message) + re.findall(r"\bplay \d+\b", message)
    found += re.findall(r"\b[789TJQKA][HDSC]\b", message)
    seat = re.search(r"\b([SENW])\b (?:played|holds|may)", message)
    assert seat is not None, message
    return [*found, seat.group(1)]


def test_every_bad_example_has_a_readme_message(examples_dir: Path) -> None:
    assert set(readme_messages(examples_dir)) == set(BAD)


@pytest.mark.parametrize("name", BAD)
def test_bad_example_is_refused_with_its_facts(name: str, examples_dir: Path) -> None:
    message = readme_messages(examples_dir)[name]
    done = run_cli("score", str(examples_dir / name))
    err = done.stderr.decode("utf-8")
    assert done.returncode == 1
    assert done.stdout == b""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    for fact in facts(message):
        assert re.search(rf"(?<![\w]){re.escape(fact)}(?![\w])", err), f"{fact!r} missing from {err!r}"


@pytest.mark.parametrize("name", BAD)
def test_bad_example_through_main(name: str, examples_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(examples_dir / name)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.strip()
    with pytest.raises(reference.RecordInvalid):
        reference.score_text((examples_dir / name).read_text("utf-8"))


def test_the_facts_of_the_readme_messages() -> None:
    # the parsing above, on the README's own examples
    assert facts("hand 1, play 27: S played JS but must beat QS with a higher spade (holds KS)") == [
        "hand 1",
        "play 27",
        "JS",
        "QS",
        "KS",
        "S",
    ]
    assert facts("hand 1: the dealer N may not pass (mus): a suit must be named") == ["hand 1", "N"]
