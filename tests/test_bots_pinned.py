"""The shipped hard player makes exactly the decisions it was pinned with: a change meant to
keep them (a faster search, a moved function) must keep them.

``tests/data/hard_decisions.json`` was written by the hard player of main dda44c6 (before
``Budget`` lost its experiment switches and ``bela.bots.inference`` left the package), and is
written again by ``scripts/fit/pin_decisions.py`` after a change meant to alter the decisions
(its ``made_by`` says whose they are): six hands of hard self-play (every bid and card, forced
or chosen, with the rule that chose it) and the auctions of forty more deals. Each position is
rebuilt by replaying the recorded actions and the player is asked again with the same seed
(``derive_seed(seed, actions so far)``, as ``bela arena`` seeds it).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bela.actions import action_text, parse_action
from bela.bots import decide
from bela.deal import deal_cards, derive_seed
from bela.hand import Hand
from bela.observation import observe
from bela.seats import SEATS
from scripts.fit import pin_decisions

PINNED = json.loads((Path(__file__).parent / "data" / "hard_decisions.json").read_text())


def _replay(seed: int, decisions: list[list[str]]) -> list[list[str]]:
    """The hard player's decisions along the recorded hand (each compared where it was made)."""
    dealer = SEATS[seed % 4]
    hand = Hand(dealer, deal_cards(derive_seed(seed, 0), dealer))
    made = []
    for text, _rule in decisions:
        seat = hand.turn
        assert seat is not None
        d = decide(observe(hand, seat), "hard", derive_seed(seed, len(hand.actions)))
        made.append([action_text(d.action), d.rule])
        hand.apply(parse_action(text))
    return made


def test_the_pinned_set_is_large_enough() -> None:
    chosen = [d for h in PINNED["hands"] for d in h["decisions"] if d[1] != "play.forced"]
    assert len(chosen) >= 100
    assert sum(len(a["decisions"]) for a in PINNED["auctions"]) >= 40


@pytest.mark.parametrize("hand", PINNED["hands"], ids=lambda h: f"seed{h['seed']}")
def test_the_hard_player_plays_the_pinned_hands_alike(hand: dict[str, object]) -> None:
    seed, decisions = hand["seed"], hand["decisions"]
    assert isinstance(seed, int) and isinstance(decisions, list)
    assert _replay(seed, decisions) == decisions


def test_the_hard_player_bids_the_pinned_auctions_alike() -> None:
    for auction in PINNED["auctions"]:
        assert _replay(auction["seed"], auction["decisions"]) == auction["decisions"], auction["seed"]


def test_the_pinning_script_writes_the_files_layout() -> None:
    # scripts/fit/pin_decisions.py rewrites the file after a change meant to alter decisions:
    # the same layout (a decision a line), and an auction stops where trump is named
    text = (Path(__file__).parent / "data" / "hard_decisions.json").read_text()
    assert pin_decisions.dumps(json.loads(text)) == text
    auction = PINNED["auctions"][0]
    assert pin_decisions.decisions(auction["seed"], True) == auction["decisions"]
    assert auction["decisions"][-1][0] != "bid:pass"
