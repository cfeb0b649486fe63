"""scripts/arena/arena_vs.py and its child (scripts/arena/child.py): the protocol round-trips,
and bots asked over the pipe play exactly as the same bots in one process (a tiny run against
this checkout)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bela.arena as arena
from bela.actions import PASS, Bid, Declare, Play
from bela.cards import Card, Suit
from bela.deal import deal_cards
from bela.hand import Hand
from bela.seats import Seat
from scripts.arena import arena_vs, child

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "action",
    [
        PASS,
        Bid(Suit.HEARTS),
        Declare(True),
        Declare(False),
        Play(Card.parse("KH"), True),
        Play(Card.parse("7S")),
    ],
)
def test_actions_round_trip(action: object) -> None:
    assert child.decode(child.encode(action)) == action


def test_the_child_answers_what_the_bot_decides_and_reports_errors() -> None:
    hand = Hand(Seat.W, deal_cards(3, Seat.W))
    req = child.request(hand, "medium", 11)
    from bela.bots import decide
    from bela.observation import observe

    assert child.decode(child.answer(req)) == decide(observe(hand, Seat.S), "medium", 11).action
    remote = arena_vs.Remote(ROOT)
    try:
        bad = dict(req, actions=[{"bid": None}] * 5)  # the dealer may not pass: refused
        remote.proc.stdin.write(json.dumps(bad) + "\n")  # type: ignore[union-attr]
        remote.proc.stdin.flush()  # type: ignore[union-attr]
        assert "error" in json.loads(remote.proc.stdout.readline())  # type: ignore[union-attr]
    finally:
        remote.close()


def test_a_tiny_run_over_the_pipe_equals_the_one_process_arena() -> None:
    remote = arena_vs.Remote(ROOT)  # this checkout stands in for an earlier commit
    try:
        out = arena_vs.run(arena_vs.local("easy"), arena_vs.remote(remote, "medium"), 2, seed=4)
    finally:
        remote.close()
    same = arena.run_arena("easy", "medium", deals=2, seed=4)
    for key in ("a_wins", "b_wins", "ties", "points_per_hand", "illegal"):
        assert out[key] == same[key], key


def test_same_seeds_make_equal_players_tie_and_the_run_reports_as_it_goes(tmp_path: Path) -> None:
    progress = tmp_path / "progress.json"
    log = (tmp_path / "hands.jsonl").open("w")
    out = arena_vs.run(
        arena_vs.local("medium", "samples=24"),  # the shipped value: the same player
        arena_vs.local("medium"),
        3,
        seed=6,
        same_seeds=True,
        progress=progress,
        log=log,
    )
    log.close()
    assert (out["ties"], out["margin_per_deal"]) == (3, [0.0, 0.0, 0.0])
    # the same player on both sides bids alike in both hands of every deal
    assert out["same_auction"] == {"deals": 3, "margin": [0.0, 0.0, 0.0]}
    so_far = json.loads(progress.read_text())
    assert (so_far["next_deal"], so_far["ties"]) == (3, 3)
    hands = [json.loads(line) for line in (tmp_path / "hands.jsonl").read_text().splitlines()]
    assert [(h["deal"], h["game"]) for h in hands] == [(i, g) for i in range(3) for g in (0, 1)]
    for h in hands:
        assert h["caller"] is not None and h["caller_side"] in ("a", "b")


def test_b_set_with_a_commit_is_refused_not_ignored(capsys: pytest.CaptureFixture[str]) -> None:
    # B is then the commit's player, whose budget --b-set cannot change: a run that silently
    # played the commit's player instead of today's changed one would be misread
    with pytest.raises(SystemExit) as stop:
        arena_vs.main(["dda44c6", "--b-set", "leaf_cards=8", "--deals", "1"])
    assert stop.value.code == 2
    assert "not both" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "told"),
    [
        (["dda44c6", "--a-from-commit", "--a-set", "samples=40"], "--a-set"),  # A is the commit's
        (["--b-set", "samples=40", "--partner", "medium"], "--partner"),  # no commit's B to face
        (["--b-set", "samples=40", "--a-from-commit"], "--a-from-commit"),  # no commit to take A from
    ],
)
def test_every_option_a_run_would_not_use_is_refused(
    argv: list[str], told: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        arena_vs.main([*argv, "--deals", "1"])
    assert stop.value.code == 2
    assert f"error: {told} " in capsys.readouterr().err


def test_the_card_plays_part_is_a_mean_with_its_interval() -> None:
    # margins 1 and 3: mean 2, sample deviation sqrt(2), half-width 1.96 * sqrt(2 / 2)
    assert arena_vs._mean_ci([1, 3]) == {"deals": 2, "margin": [2.0, 0.04, 3.96]}
    assert arena_vs._mean_ci([]) == {"deals": 0}
