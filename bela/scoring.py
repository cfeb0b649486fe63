"""What each hand writes on the score sheet, and the match's totals, hanging points and winner.

The figures follow record.md: ``card_points``, ``declarations`` and ``bela`` are counted
before any pad or štiglja transfer; ``score`` is what is written after pad, štiglja and visi.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bela.cards import Suit
from bela.hand import Hand
from bela.rules import HouseRules
from bela.seats import Seat, Team

Pair = tuple[int, int]  # (NS, EW)
ZERO: Pair = (0, 0)


def _pair(d: dict[Team, int]) -> Pair:
    return (d[Team.NS], d[Team.EW])


def _json(p: Pair) -> dict[str, int]:
    return {"NS": p[0], "EW": p[1]}


@dataclass(frozen=True, slots=True)
class HandScore:
    dealer: Seat
    trump: Suit | None
    caller: Seat | None
    complete: bool
    tricks: Pair
    card_points: Pair
    declarations: Pair
    bela: Pair
    stiglja: Team | None
    outcome: str | None  # "made" | "pad" | "visi" | "belot" | None while unfinished
    written: Pair  # what the hand writes before hanging points are paid to it
    hanging: int = 0  # points this hand leaves hanging (visi)
    belot: Seat | None = None

    @property
    def total(self) -> int:
        """Everything the hand is worth: 162 + recorded declarations + bela (+ štiglja bonus)."""
        return sum(self.written) + self.hanging


def score_hand(hand: Hand) -> HandScore:
    """Score one hand as it stands (an unfinished hand writes 0 for both)."""
    rules = hand.rules
    decl = hand.declaration_result()
    declarations = [0, 0]
    if decl.winner is not None:
        declarations[decl.winner] = decl.points
    tricks = _pair(hand.tricks_won())
    cards = _pair(hand.card_points())
    bela = _pair(hand.bela_points())
    base: dict[str, Any] = dict(
        dealer=hand.dealer,
        trump=hand.trump,
        caller=hand.caller,
        tricks=tricks,
        card_points=cards,
        declarations=(declarations[0], declarations[1]),
        bela=bela,
    )
    if hand.belot is not None:
        return HandScore(
            **{**base, "tricks": ZERO, "card_points": ZERO, "declarations": ZERO, "bela": ZERO},
            complete=True,
            stiglja=None,
            outcome="belot",
            written=ZERO,
            belot=hand.belot,
        )
    if not hand.finished:
        return HandScore(**base, complete=False, stiglja=None, outcome=None, written=ZERO)
    assert hand.caller is not None
    callers = hand.caller.team
    total = 162 + sum(declarations) + sum(bela)
    stiglja = next((t for t in Team if tricks[t] == 8), None)
    if stiglja is not None:
        written = [0, 0]
        written[stiglja] = total + rules.stiglja
        outcome = "made" if stiglja is callers else "pad"
        return HandScore(
            **base, complete=True, stiglja=stiglja, outcome=outcome, written=(written[0], written[1])
        )
    own = [cards[t] + declarations[t] + bela[t] for t in (0, 1)]
    if 2 * own[callers] > total:
        return HandScore(**base, complete=True, stiglja=None, outcome="made", written=(own[0], own[1]))
    written = [0, 0]
    if 2 * own[callers] == total and rules.exact_half == "visi":
        written[callers.other] = own[callers.other]
        return HandScore(
            **base,
            complete=True,
            stiglja=None,
            outcome="visi",
            written=(written[0], written[1]),
            hanging=own[callers],
        )
    written[callers.other] = total
    return HandScore(**base, complete=True, stiglja=None, outcome="pad", written=(written[0], written[1]))


@dataclass(frozen=True, slots=True)
class MatchScore:
    """The score sheet: each hand's ``score`` (hanging points paid in), totals and winner."""

    hands: tuple[HandScore, ...]
    scores: tuple[Pair, ...]  # what each hand writes on the sheet
    totals: Pair
    hanging: int
    winner: Team | None
    belot: Seat | None
    after: tuple[Team | None, ...]  # the winner as it stood after each hand

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [_hand_json(h, s) for h, s in zip(self.hands, self.scores, strict=True)],
            "totals": _json(self.totals),
            "hanging": self.hanging,
            "winner": None if self.winner is None else self.winner.name,
            "belot": None if self.belot is None else self.belot.name,
        }


def _hand_json(h: HandScore, score: Pair) -> dict[str, Any]:
    return {
        "dealer": h.dealer.name,
        "trump": None if h.trump is None else h.trump.letter,
        "caller": None if h.caller is None else h.caller.name,
        "complete": h.complete,
        "tricks": _json(h.tricks),
        "card_points": _json(h.card_points),
        "declarations": _json(h.declarations),
        "bela": _json(h.bela),
        "stiglja": None if h.stiglja is None else h.stiglja.name,
        "outcome": h.outcome,
        "score": _json(score),
    }


def winner_of(totals: Pair, target: int) -> Team | None:
    """A team that has reached the target wins; both: the higher; equal: nobody yet."""
    ns, ew = totals
    if ns < target and ew < target:
        return None
    if ns == ew:
        return None
    return Team.NS if ns > ew else Team.EW


def score_match(hand_scores: Iterable[HandScore], rules: HouseRules) -> MatchScore:
    """Add up the hands, paying hanging points (visi) to the team that writes more next."""
    hands = tuple(hand_scores)
    scores: list[Pair] = []
    after: list[Team | None] = []
    totals = [0, 0]
    hanging = 0
    winner: Team | None = None
    belot: Seat | None = None
    for h in hands:
        written = list(h.written)
        if h.outcome in ("made", "pad") and hanging:
            more = 0 if written[0] > written[1] else 1
            written[more] += hanging
            hanging = 0
        hanging += h.hanging
        scores.append((written[0], written[1]))
        totals[0] += written[0]
        totals[1] += written[1]
        if h.outcome == "belot":
            assert h.belot is not None
            belot = h.belot
            winner = h.belot.team
        elif h.complete and winner is None:
            winner = winner_of((totals[0], totals[1]), rules.target)
        after.append(winner)
    return MatchScore(hands, tuple(scores), (totals[0], totals[1]), hanging, winner, belot, tuple(after))
