"""scripts/arena/regret.py: the positions it looks at, and its loss measure."""

from __future__ import annotations

import itertools

from bela.seats import SEATS
from scripts.arena import regret


def test_positions_are_the_ones_asked_for() -> None:
    seen = list(itertools.islice(regret.positions(3, 16, 28, 1), 40))
    assert seen
    for hand, left, lead in seen:
        assert left == sum(len(hand.held[s]) for s in SEATS)
        assert 16 < left <= 28
        assert lead == (len(hand.trick.cards) == 0)
        assert len(hand.legal_cards()) > 1


def test_an_exact_endgame_loses_nothing_and_early_leads_can() -> None:
    late = [h for h, left, _ in itertools.islice(regret.positions(2, 4, 16, 1), 6)]
    assert late and all(regret.loss(h) == 0 for h in late)
    leads = [h for h, _, lead in itertools.islice(regret.positions(30, 24, 28, 1), 60) if lead][:12]
    losses = [regret.loss(h) for h in leads]
    assert all(x >= 0 for x in losses)
    assert any(x > 0 for x in losses)  # the rollouts are not the exact solve
