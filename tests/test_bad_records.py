"""Adversarial bad records through ``bela score`` (``bela.cli.main``, and a sample through a real
``python -m bela`` process): each gives exit status 1, nothing on standard output, exactly one line
on standard error that names the facts (hand, play, seat, card, key), and never a traceback. The
independent reference refuses each record as well."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import reference
from strategies import HALF, HALF_PLAYS, OWN, OWN_PLAYS, REPO, hand_json, record

from bela.cli import main
from bela.seats import Seat

Record = dict[str, Any]


def base() -> Record:
    """Two complete hands and a third cut after five plays; target 501, nobody near it."""
    return record(
        [
            hand_json(Seat.W, OWN, ["H"], OWN_PLAYS),  # S makes 92 / 70
            hand_json(Seat.S, OWN, ["H"], OWN_PLAYS, k=1),  # E makes 92 / 70
            hand_json(Seat.E, OWN, ["pass", "H"], " ".join(OWN_PLAYS.split()[:5]), k=2),
        ],
        target=501,
    )


def won() -> Record:
    """Four exactly-half hands that fall against EW: NS 4 x 162 = 648 >= 501 after hand 4."""
    hands = [
        hand_json(Seat.W.after(k), HALF, ["pass", "H"] if k % 2 == 0 else ["H"], HALF_PLAYS, k=k)
        for k in range(4)
    ]
    return record(hands, target=501)


def edit(make: Callable[[], Record], change: Callable[[Record], None]) -> bytes:
    rec = make()
    change(rec)
    return json.dumps(rec).encode()


def set_path(path: list[Any], value: Any) -> Callable[[Record], None]:
    def change(rec: Record) -> None:
        target: Any = rec
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def deal_edit(hand: int, seat: str, fn: Callable[[list[Any]], list[Any]]) -> Callable[[Record], None]:
    def change(rec: Record) -> None:
        d = rec["hands"][hand]["deal"]
        d[seat] = fn(d[seat])

    return change


def drop(*keys: str) -> Callable[[Record], None]:
    def change(rec: Record) -> None:
        for k in keys:
            del rec[k]

    return change


def plays_edit(hand: int, fn: Callable[[list[str]], list[str]]) -> Callable[[Record], None]:
    def change(rec: Record) -> None:
        rec["hands"][hand]["plays"] = fn(rec["hands"][hand]["plays"])

    return change


def replace_play(hand: int, index: int, card: str) -> Callable[[Record], None]:
    return plays_edit(hand, lambda p: [*p[:index], card, *p[index + 1 :]])


def no_north(rec: Record) -> None:
    del rec["hands"][0]["deal"]["N"]


def choose(rule: str, key: str, value: Any) -> Callable[[Record], None]:
    """Set ``rule`` to "choose" and hand 1's ``key`` to ``value``."""

    def change(rec: Record) -> None:
        rec["rules"][rule] = "choose"
        rec["hands"][0][key] = value

    return change


def belot_with_plays(rec: Record) -> None:
    rec["hands"] = [
        {
            "dealer": "W",
            "deal": {
                "S": ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"],
                "E": ["7H", "8H", "9H", "TH", "7D", "8D", "9D", "TD"],
                "N": ["JH", "QH", "KH", "AH", "JD", "QD", "KD", "AD"],
                "W": ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
            },
            "bids": ["H"],
            "plays": ["7S"],
        }
    ]


def after_the_win(rec: Record) -> None:
    rec["hands"].append(hand_json(Seat.W, OWN, ["H"], OWN_PLAYS))  # W deals after N: in turn


def unfinished_then_more(rec: Record) -> None:
    rec["hands"][0]["plays"] = rec["hands"][0]["plays"][:31]


GOOD_TEXT = json.dumps(base()).encode()

# id -> (the bytes of the record, the facts its one line must name)
CASES: dict[str, tuple[bytes, list[str]]] = {
    "not JSON": (b'{"format": "bela-record", ', []),
    "not JSON either": (b"hello", []),
    "empty": (b"", []),
    "blank": (b"  \n\t\n", []),
    "a list": (b"[]", []),
    "a number": (b"1001", []),
    "null": (b"null", []),
    "a string": (b'"bela-record"', []),
    "no format": (edit(base, drop("format")), ["format"]),
    "wrong format": (edit(base, set_path(["format"], "pgn")), ["format"]),
    "no version": (edit(base, drop("version")), ["version"]),
    "version 2": (edit(base, set_path(["version"], 2)), ["version", "2"]),
    "version 1.0": (GOOD_TEXT.replace(b'"version": 1', b'"version": 1.0'), ["version"]),
    "version true": (edit(base, set_path(["version"], True)), ["version"]),
    "version string": (edit(base, set_path(["version"], "1")), ["version"]),
    "rules unknown key": (edit(base, set_path(["rules", "speed"], 3)), ["speed"]),
    "rules not an object": (edit(base, set_path(["rules"], [501])), ["rules"]),
    "rules null": (edit(base, set_path(["rules"], None)), ["rules"]),
    "target 1000": (edit(base, set_path(["rules", "target"], 1000)), ["target"]),
    "target float": (GOOD_TEXT.replace(b'"target": 501', b'"target": 501.0'), ["target"]),
    "target string": (edit(base, set_path(["rules", "target"], "501")), ["target"]),
    "target NaN": (GOOD_TEXT.replace(b'"target": 501', b'"target": NaN'), []),
    "target Infinity": (GOOD_TEXT.replace(b'"target": 501', b'"target": Infinity'), []),
    "target 1e3": (GOOD_TEXT.replace(b'"target": 501', b'"target": 1.001e3'), ["target"]),
    "stiglja 95": (edit(base, set_path(["rules", "stiglja"], 95)), ["stiglja"]),
    "stiglja true": (edit(base, set_path(["rules", "stiglja"], True)), ["stiglja"]),
    "exact_half bad": (edit(base, set_path(["rules", "exact_half"], "half")), ["exact_half"]),
    "exact_half boolean": (edit(base, set_path(["rules", "exact_half"], False)), ["exact_half"]),
    "declarations bad": (edit(base, set_path(["rules", "declarations"], "all")), ["declarations"]),
    "bela bad": (edit(base, set_path(["rules", "bela"], "Auto")), ["bela"]),
    "hands missing": (edit(base, drop("hands")), ["hands"]),
    "hands an object": (edit(base, set_path(["hands"], {"1": {}})), ["hands"]),
    "a hand not an object": (edit(base, set_path(["hands", 1], [])), ["hand 2"]),
    "dealer not a seat": (edit(base, set_path(["hands", 0, "dealer"], "X")), ["hand 1"]),
    "dealer lower case": (edit(base, set_path(["hands", 0, "dealer"], "w")), ["hand 1"]),
    "wrong dealer order": (edit(base, set_path(["hands", 1, "dealer"], "N")), ["hand 2"]),
    "deal missing": (edit(base, set_path(["hands", 0, "deal"], None)), ["hand 1"]),
    "deal missing a seat": (edit(base, no_north), ["hand 1", "N"]),
    "lower-case card": (edit(base, deal_edit(0, "S", lambda c: ["jh", *c[1:]])), ["hand 1", "jh"]),
    "10H": (edit(base, deal_edit(0, "E", lambda c: [*c[:3], "10H", *c[4:]])), ["hand 1", "10H"]),
    "card not a string": (edit(base, deal_edit(0, "E", lambda c: [*c[:7], 7])), ["hand 1"]),
    "duplicate card": (edit(base, deal_edit(0, "E", lambda c: ["JH", *c[1:]])), ["hand 1", "JH"]),
    "7 cards": (edit(base, deal_edit(1, "W", lambda c: c[:7])), ["hand 2", "W", "7"]),
    "9 cards": (edit(base, deal_edit(1, "W", lambda c: [*c, "AH"])), ["hand 2", "W", "9"]),
    "dealer pass": (edit(base, set_path(["hands", 0, "bids"], ["pass"] * 4)), ["hand 1", "W"]),
    "bids after a suit": (edit(base, set_path(["hands", 0, "bids"], ["H", "pass"])), ["hand 1"]),
    "two suits": (edit(base, set_path(["hands", 1, "bids"], ["H", "S"])), ["hand 2"]),
    "bid not a bid": (edit(base, set_path(["hands", 0, "bids"], ["hearts"])), ["hand 1", "hearts"]),
    "bid lower case": (edit(base, set_path(["hands", 0, "bids"], ["h"])), ["hand 1"]),
    "bid null": (edit(base, set_path(["hands", 0, "bids"], ["pass", None])), ["hand 1"]),
    "bids not a list": (edit(base, set_path(["hands", 0, "bids"], "H")), ["hand 1"]),
    "plays not a list": (edit(base, set_path(["hands", 2, "plays"], "JH")), ["hand 3"]),
    "play not a card": (
        edit(base, plays_edit(0, lambda p: [p[0], "XX", *p[2:]])),
        ["hand 1", "play 2", "XX"],
    ),
    "play lower case": (edit(base, plays_edit(0, lambda p: ["jh", *p[1:]])), ["hand 1", "play 1", "jh"]),
    # E holds AH KH 9S JS AD TD QC KC; QS is W's
    "play not held": (
        edit(base, replace_play(0, 1, "QS")),
        ["hand 1", "play 2", "E", "QS"],
    ),
    # trump led: E holds trumps and must follow with one
    "illegal play": (
        edit(base, replace_play(0, 1, "9S")),
        ["hand 1", "play 2", "E", "9S"],
    ),
    # hand 3 is "ownership" turned by two seats: W is to play 6, and TS is S's
    "another seat's card": (edit(base, plays_edit(2, lambda p: [*p, "TS"])), ["hand 3", "play 6", "W", "TS"]),
    # in hand 1, S plays JH again as the first card of trick 2
    "played twice": (
        edit(base, plays_edit(0, lambda p: [*p[:4], "JH", *p[5:]])),
        ["hand 1", "play 5", "S", "JH"],
    ),
    "33 plays": (edit(base, plays_edit(0, lambda p: [*p, "AH"])), ["hand 1", "33"]),
    "unfinished hand not last": (edit(base, unfinished_then_more), ["hand 1"]),
    "plays before trump": (edit(base, set_path(["hands", 2, "bids"], ["pass"])), ["hand 3"]),
    "hand after the match is won": (edit(won, after_the_win), ["hand 5"]),
    "belot with plays": (edit(base, belot_with_plays), ["hand 1", "S"]),
    "declare not boolean": (edit(base, choose("declarations", "declare", {"S": 1})), ["hand 1", "S"]),
    "bela not an object": (edit(base, choose("bela", "bela", ["W"])), ["hand 1"]),
    "not UTF-8": (GOOD_TEXT.replace(b'"version"', b'"v\xe9rsion"'), []),
    "UTF-16": (GOOD_TEXT.decode().encode("utf-16"), []),
    "deeply nested": (b"[" * 100000 + b"]" * 100000, []),
}


def run(args: list[str], stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "bela", *args], cwd=REPO, input=stdin, capture_output=True, timeout=60
    )


def assert_refused(code: int | None, out: bytes | str, err: str, facts: list[str]) -> str:
    assert "Traceback" not in err, err
    assert code == 1, (code, err)
    assert not out
    assert err.endswith("\n") and err.count("\n") == 1 and err.strip(), repr(err)
    assert "internal error" not in err, err
    for fact in facts:  # as a whole word: the seat "W" is not the W of "Warning"
        assert re.search(rf"(?<!\w){re.escape(fact)}(?!\w)", err), f"{fact!r} not named in {err!r}"
    return err


def refused_by_command(args: list[str], facts: list[str], stdin: bytes | None = None) -> str:
    done = run(args, stdin)
    return assert_refused(done.returncode, done.stdout, done.stderr.decode("utf-8", "replace"), facts)


def test_the_base_records_are_good(tmp_path: Path) -> None:
    # the mutations start from valid records: the first is accepted, the second won at hand 4
    for rec in (base(), won()):
        path = tmp_path / "good.json"
        path.write_text(json.dumps(rec), "utf-8")
        done = run(["score", str(path)])
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == reference.score_record(rec)
    assert reference.score_record(won())["winner"] == "NS"
    assert reference.score_record(won())["totals"] == {"NS": 648, "EW": 0}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_record_file(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, facts = CASES[case]
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    code = main(["score", str(path)])
    out, err = capsys.readouterr()
    assert_refused(code, out, err, facts)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return  # the reference reads text only
    with pytest.raises(reference.RecordInvalid):
        reference.score_text(text)


# The same through a real process, for a sample of every kind of fault.
COMMAND_CASES = [
    "not JSON",
    "empty",
    "version 1.0",
    "target NaN",
    "rules unknown key",
    "10H",
    "duplicate card",
    "dealer pass",
    "illegal play",
    "33 plays",
    "hand after the match is won",
    "belot with plays",
    "not UTF-8",
    "deeply nested",
]


@pytest.mark.parametrize("case", COMMAND_CASES)
def test_bad_record_through_the_command(case: str, tmp_path: Path) -> None:
    data, facts = CASES[case]
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    refused_by_command(["score", str(path)], facts)


@pytest.mark.parametrize("case", ["illegal play", "empty", "not UTF-8"])
def test_bad_record_on_standard_input(case: str) -> None:
    data, facts = CASES[case]
    refused_by_command(["score", "-"], facts, stdin=data)


def test_good_record_on_standard_input() -> None:
    done = run(["score", "-"], stdin=GOOD_TEXT)
    assert done.returncode == 0 and done.stderr == b""
    assert json.loads(done.stdout) == reference.score_record(base())


def test_a_directory_as_file(tmp_path: Path) -> None:
    refused_by_command(["score", str(tmp_path)], [])


def test_a_missing_file(tmp_path: Path) -> None:
    err = refused_by_command(["score", str(tmp_path / "nothing.json")], [])
    assert "nothing.json" in err
