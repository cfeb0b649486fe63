"""The arena: its JSON, its counting, and illegal actions counted rather than fatal."""

from __future__ import annotations

import json

import pytest

import bela.arena as arena
from bela.actions import Bid
from bela.bots import Budget, Decision
from bela.cli import main
from bela.observation import Observation


def test_arena_json_adds_up() -> None:
    out = arena.run_arena("easy", "medium", deals=3, seed=5)
    assert out["a"] == "easy" and out["b"] == "medium" and out["deals"] == 3
    assert out["a_wins"] + out["b_wins"] + out["ties"] == 3
    assert out["a_share"] == pytest.approx((out["a_wins"] + out["ties"] / 2) / 3, abs=1e-4)
    low, high = out["ci95"]
    assert 0 <= low <= out["a_share"] <= high <= 1
    assert out["illegal"] == 0
    for side in ("a", "b"):
        ms = out["decision_ms"][side]
        assert 0 <= ms["p50"] <= ms["p95"] <= ms["max"]
    assert set(out["points_per_hand"]) == {"a", "b"}


def test_same_level_on_both_sides_scores_each_deal_evenly() -> None:
    # easy against easy with the same seeds: each deal's two games are mirror images only
    # if the bots' choices do not depend on the side; the sums still count every deal once
    out = arena.run_arena("easy", "easy", deals=4, seed=9)
    assert out["a_wins"] + out["b_wins"] + out["ties"] == 4


def test_the_arena_is_reproducible() -> None:
    first = arena.run_arena("medium", "easy", deals=2, seed=3)
    second = arena.run_arena("medium", "easy", deals=2, seed=3)
    for key in ("a_wins", "b_wins", "ties", "points_per_hand", "illegal"):
        assert first[key] == second[key]


def test_illegal_actions_are_counted_and_play_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    real = arena.decide

    def sloppy(obs: Observation, level: str, seed: int, budget: Budget | None = None) -> Decision:
        if level == "easy" and obs.phase.value == "playing":
            return Decision(Bid(None))  # never legal while playing
        return real(obs, level, seed, budget)

    monkeypatch.setattr(arena, "decide", sloppy)
    out = arena.run_arena("easy", "medium", deals=2, seed=4)
    # easy plays 16 cards in each of the 4 hands: every one was illegal and replaced
    assert out["illegal"] == 2 * 2 * 16


def test_a_crashing_bot_is_counted_as_illegal(monkeypatch: pytest.MonkeyPatch) -> None:
    real = arena.decide

    def crashing(obs: Observation, level: str, seed: int, budget: Budget | None = None) -> Decision:
        if level == "medium" and obs.phase.value == "bidding":
            raise RuntimeError("boom")
        return real(obs, level, seed, budget)

    monkeypatch.setattr(arena, "decide", crashing)
    out = arena.run_arena("easy", "medium", deals=1, seed=2)
    assert out["illegal"] >= 1
    assert out["a_wins"] + out["b_wins"] + out["ties"] == 1


def test_cli_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "easy", "easy", "--deals", "2", "--seed", "1", "--declarations", "choose"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert out["deals"] == 2 and out["rules"]["declarations"] == "choose"


def test_cli_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "easy", "easy", "--deals", "0"]) == 2
    with pytest.raises(SystemExit):
        main(["arena", "easy", "expert"])


def test_jobs_give_the_same_result_as_one_process() -> None:
    one = arena.run_arena("easy", "medium", deals=4, seed=8, jobs=1)
    two = arena.run_arena("easy", "medium", deals=4, seed=8, jobs=2)
    for key in ("a_wins", "b_wins", "ties", "points_per_hand", "illegal"):
        assert one[key] == two[key]
