"""Today's deals: four hands whose dealers and cards follow from a date alone, and their par.

A date ``YYYY-MM-DD`` gives a seed (:func:`daily_seed`: its characters mixed by SplitMix64,
the same in every Python, never ``hash()``); the day's hand ``n`` (1 to 4) is hand ``n`` of a
match dealt from that seed, which is also the shared deal ``SEED-n`` (:func:`deal_of`).

Par is what four hard players make of a deal: the hand played from the first bid to the last
card (alone, the match's scores at 0), each decision seeded from the deal's seed, its number
and the number of actions before it; :data:`PAR_VERSION` names the players' version.
:class:`ParRun` plays it one decision at a time (the page
spreads it over many requests to the bots' worker); :func:`par` plays it at once. Both give the
same hand, in CPython and in Pyodide. The house rules are the defaults.

>>> daily_seed("2026-12-01") == daily_seed("2026-12-01") != daily_seed("2026-12-02")
True
>>> dealer, deal = deal_of(daily_seed("2026-12-01"), 1)
>>> sorted(len(cards) for cards in deal.values())
[8, 8, 8, 8]
>>> parse_date("2026-02-30") is None, parse_date("2026-12-01")
(True, '2026-12-01')
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from bela.cards import Card
from bela.deal import deal_cards, derive_seed, first_dealer
from bela.hand import Hand
from bela.match import Match
from bela.observation import observe
from bela.record import to_json
from bela.rules import HouseRules
from bela.scoring import score_hand
from bela.seats import SEATS, Seat, Team

HANDS = 4  # the day's hands
PAR_LEVEL = "hard"
# The version of par's players, carried in the day's card, its share text, saved pars and
# ``bela daily``: a new hard player may change the par of a day already played, so two
# friends on two versions of the site see that they were scored against different pars, and a
# par saved by an older page is computed again. Bump it with every change to the hard player's
# decisions (tests/test_daily.py pins the par of one day to this version).
#   1: the hard player up to commit e528023
#   2: exact deal sampling, trump named with its jack or nine, points kept, deals drawn by
#      the card-location model (issue 24)
#   3: the partners' call given and read (bela.bots.signals, issue 24)
#   4: the learned card-location model (bela.bots.locations: 629 features, fitted on the hard
#      player's own play; issue 24)
#   5: rollouts to a 2-trick exact endgame over 84 deals, and 84 more for a close call
#      (bela.bots.search.evaluate's extra_samples; issue 24)
#   6: the card-location model read from the order of play too (how each seat followed, at
#      which place, what it smeared, called, discarded and led first: 1079 features; issue 35)
#   7: the search's rollouts played as at the table, each seat by its own hand and the cards
#      still out, never by who holds them (issue 35)
#   8: trump named by a model per speaking position, fitted on the hands that reach it (what
#      the passes before say) with the hard player's rollouts (issue 35)
#   9: the exact solver skips a trick whose window the rest cannot reach: the same values
#      sooner, so a search bound by its node budget takes more deals (issue 35)
#  10: the rollouts lead as the hard player leads, by a model fitted to its own leads (issue 35)
#  11: the rollouts' leads fitted again, to the v10 player's own leads, but for the searching
#      seat's partner, who leads as before (issue 35)
#  12: the rollouts' opponents draw their leads by that model's odds, not its best card (issue 35)
#  13: twice the deals, a close call's deals and the node budget while the search rolls out
#      (before the exact solve of the last four tricks; issue 35)
#  14: the search's random numbers from the Mersenne Twister (bela.bots.rng), not SplitMix64,
#      and a node budget of 100,000, not 120,000: the page's time (issue 35)
PAR_VERSION = 14
_DAILY_SALT = 0xDA17_DEA1  # mixed in first: a day's seed is not some match's ``?seed=``
_PAR_SALT = 0x9A12
MAX_SEED = (1 << 63) - 1  # the page's seeds (web/params.py) stay below this


def parse_date(text: str) -> str | None:
    """``text`` if it is a real date written ``YYYY-MM-DD``, else None."""
    if len(text) != 10 or text[4] != "-" or text[7] != "-":
        return None
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        return None


def today() -> str:
    """Today's date in UTC, ``YYYY-MM-DD`` (the day changes at the same moment everywhere)."""
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def daily_seed(date: str) -> int:
    """The seed of the day's deals: the date's characters mixed one by one (63 bits)."""
    return derive_seed(_DAILY_SALT, *date.encode("ascii")) & MAX_SEED


def dealer_of(seed: int, number: int) -> Seat:
    """The dealer of hand ``number`` (from 1) of a match dealt from ``seed``."""
    return SEATS[(int(first_dealer(seed)) + number - 1) % 4]


def deal_of(seed: int, number: int) -> tuple[Seat, dict[Seat, tuple[Card, ...]]]:
    """The dealer and the cards of hand ``number`` of a match dealt from ``seed``, as
    ``bela.match.Match(seed=seed)`` deals them."""
    dealer = dealer_of(seed, number)
    return dealer, deal_cards(derive_seed(seed, number), dealer)


def par_seed(seed: int, number: int) -> int:
    return derive_seed(seed, number, _PAR_SALT)


@dataclass(frozen=True, slots=True)
class Par:
    """Par of a deal: what the four hard players wrote (NS, EW) and their hand."""

    ns: int
    ew: int
    hand: Hand

    def to_json(self) -> dict[str, Any]:
        match = Match(self.hand.rules, dealer=self.hand.dealer)
        match.hands.append(self.hand)
        hand: dict[str, Any] = to_json(match)["hands"][0]
        return {"NS": self.ns, "EW": self.ew, "record": hand}


class ParRun:
    """Par of hand ``number`` of ``seed``'s deals, played one decision at a time."""

    def __init__(self, seed: int, number: int) -> None:
        self.seed = seed
        self.number = number
        dealer, deal = deal_of(seed, number)
        self.hand = Hand(dealer, deal, HouseRules())
        self.bot_seed = par_seed(seed, number)

    @property
    def done(self) -> bool:
        return self.hand.finished

    def step(self) -> None:
        """One decision of the seat to act (the engine checks it: a bot's illegal choice, never
        expected, would be replaced by the first legal action, as in the arena)."""
        from bela.bots import decide  # late: the page's main thread imports this module without the bots

        hand = self.hand
        seat = hand.turn
        assert seat is not None
        action = decide(observe(hand, seat), PAR_LEVEL, derive_seed(self.bot_seed, len(hand.actions))).action
        if hand.check(action) is not None:
            action = hand.legal_actions()[0]
        hand.apply(action)

    def result(self) -> Par:
        if not self.done:
            raise RuntimeError("par is not played out yet")
        written = score_hand(self.hand).written
        return Par(written[Team.NS], written[Team.EW], self.hand)


def par(seed: int, number: int) -> Par:
    """Par of hand ``number`` of ``seed``'s deals, played at once."""
    run = ParRun(seed, number)
    while not run.done:
        run.step()
    return run.result()


def hand_json(seed: int, number: int, with_par: bool = True) -> dict[str, Any]:
    """One hand of ``bela daily``: ``number``, ``dealer``, ``deal`` (seat → its 8 cards in deal
    order) and ``par``."""
    dealer, deal = deal_of(seed, number)
    out: dict[str, Any] = {
        "number": number,
        "dealer": dealer.name,
        "deal": {s.name: [str(c) for c in deal[s]] for s in SEATS},
    }
    if with_par:
        out["par"] = par(seed, number).to_json()
    return out


def daily_json(date: str, hand: int | None = None) -> dict[str, Any]:
    """What ``bela daily DATE [--hand N]`` prints."""
    checked = parse_date(date)
    if checked is None:
        raise ValueError(f"{date!r} is not a date (YYYY-MM-DD)")
    if hand is not None and not 1 <= hand <= HANDS:
        raise ValueError(f"--hand must be 1 to {HANDS}")
    seed = daily_seed(checked)
    numbers = range(1, HANDS + 1) if hand is None else [hand]
    return {
        "date": checked,
        "seed": seed,
        "par_version": PAR_VERSION,
        "rules": HouseRules().to_json(),
        "hands": [hand_json(seed, n) for n in numbers],
    }
