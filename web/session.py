"""The match in progress as the page plays it: the engine's Match, the computer players'
levels, and what has been counted into the statistics. Plain Python (no browser).

>>> from bela.rules import HouseRules
>>> s = Session.new(HouseRules(target=501), seed=7, levels=DEFAULT_LEVELS)
>>> s.hand.phase.value, len(s.hand.seen_cards(Seat.S))
('bidding', 6)
>>> again = Session.from_save(s.to_save())
>>> dumps(again.match) == dumps(s.match)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bela.actions import Action, Bid, Declare, Play
from bela.cards import Suit
from bela.deal import derive_seed
from bela.hand import Hand, Trick
from bela.match import Match
from bela.record import RecordError, dumps, from_json, to_json
from bela.rules import HouseRules
from bela.seats import SEATS, Seat, Team
from web.daily.view import Duplicate
from web.settings import LEVELS
from web.stats import Stats
from web.storage import SaveError
from web.worker.messages import action_text

DEFAULT_LEVELS: dict[Seat, str] = {Seat.E: "medium", Seat.N: "medium", Seat.W: "medium"}
BOT_SEATS: tuple[Seat, ...] = (Seat.E, Seat.N, Seat.W)


class Position(NamedTuple):
    """The key of what is worked out for one position (a hint, the coach's prices): the
    match's generation, the hand's number, its actions so far, and the position itself (the
    dealer, the deal and every action), so that a hand taken back and played on by another line
    never meets what was found for the line taken back, even at the same count of actions."""

    gen: int
    hand: int
    actions: int
    line: str


@dataclass
class Outcome:
    """What one action did, for announcements and animations."""

    seat: Seat
    action: Action
    trump: Suit | None = None  # named by this action
    bela: bool = False  # this play called bela
    trick: Trick | None = None  # completed by this play
    trick_winner: Seat | None = None
    declarations_shown: bool = False  # the first trick is complete: declarations are shown
    hand_finished: bool = False
    belot: Seat | None = None
    stiglja: Team | None = None


@dataclass
class Session:
    match: Match
    levels: dict[Seat, str] = field(default_factory=lambda: dict(DEFAULT_LEVELS))
    counted: int = 0  # finished hands already added to the statistics
    done: bool = False  # the finished match has been added to the statistics
    duplicate: Duplicate | None = None  # today's deals or a shared deal (web/daily/view.py)
    practice: bool = (
        False  # a hand played again from its review (web/review/practice.py): not saved, not counted
    )

    @classmethod
    def new(cls, rules: HouseRules, seed: int, levels: dict[Seat, str]) -> Session:
        match = Match(rules, seed=seed)
        match.start_hand()
        return cls(match, dict(levels))

    @classmethod
    def from_match(cls, match: Match, levels: dict[Seat, str], seed: int) -> Session:
        """Adopt a match read from a record (an import): one without a seed gets ``seed``
        for the hands still to be dealt; the hands it has are counted as already seen."""
        if match.seed is None:
            match.seed = seed
        session = cls(match, dict(levels))
        if not match.hands:
            match.start_hand()
        session.counted = sum(1 for h in match.hands if h.finished)
        session.done = match.over
        return session

    # -- the position ----------------------------------------------------------------------

    @property
    def hand(self) -> Hand:
        hand = self.match.current
        assert hand is not None
        return hand

    @property
    def hand_number(self) -> int:
        return len(self.match.hands)

    def between_hands(self) -> bool:
        return self.hand.finished and not self.match.over

    def bot_seed(self) -> int:
        """The seed of the next computer decision: the same position, the same decision."""
        return derive_seed(self.match.seed or 0, self.hand_number, len(self.hand.actions), 0xB07)

    def record_text(self) -> str:
        return dumps(self.match)

    def position(self, gen: int) -> Position:
        """This position's key (:class:`Position`) in the match of generation ``gen``.

        >>> from bela.rules import HouseRules
        >>> s = Session.new(HouseRules(), seed=7, levels=DEFAULT_LEVELS)
        >>> before = s.position(0)
        >>> s.apply(s.hand.legal_actions()[0]).action == s.hand.undo()
        True
        >>> s.position(0) == before, before.actions
        (True, 0)
        """
        hand = self.hand
        deal = " ".join("".join(c.notation for c in hand.deal[s]) for s in SEATS)
        line = " ".join(action_text(a) for a in hand.actions)
        return Position(gen, self.hand_number, len(hand.actions), f"{hand.dealer.name} {deal} | {line}")

    # -- moving ----------------------------------------------------------------------------

    def apply(self, action: Action) -> Outcome:
        """Apply a legal action (the engine refuses any other) and say what it did."""
        hand = self.hand
        seat = hand.turn
        assert seat is not None
        tricks_before = len(hand.tricks)
        bela_before = len(hand.bela_calls)
        hand.apply(action)
        out = Outcome(seat, action)
        if isinstance(action, Bid) and action.suit is not None:
            out.trump = action.suit
        if isinstance(action, Play):
            out.bela = len(hand.bela_calls) > bela_before
            if len(hand.tricks) > tricks_before:
                out.trick = hand.tricks[-1]
                assert hand.trump is not None
                out.trick_winner = out.trick.winner(hand.trump)
                out.declarations_shown = len(hand.tricks) == 1
        if hand.finished:
            out.hand_finished = True
            out.belot = hand.belot
            won = hand.tricks_won()
            out.stiglja = next((t for t in (Team.NS, Team.EW) if won[t] == 8), None)
        return out

    def rewind(self, actions: int) -> list[Action]:
        """Take the current hand back to its first ``actions`` actions (the coach's take-back):
        the engine undoes each, the last first, and the record keeps no trace of them."""
        hand = self.hand
        undone = []
        while len(hand.actions) > max(0, actions):
            undone.append(hand.undo())
        return undone

    def next_hand(self) -> Hand:
        return self.match.start_hand()

    def count_stats(self, stats: Stats) -> Stats:
        """Add the hands (and the match) finished since the last count (none in practice)."""
        if self.practice:
            return stats
        score = self.match.score()
        for i in range(self.counted, len(score.hands)):
            if score.hands[i].complete:
                stats = stats.add_hand(score.hands[i], score.scores[i])
                lv = self.levels
                opponents = (lv.get(Seat.E, "medium"), lv.get(Seat.W, "medium"))
                stats = stats.rate_hand(lv.get(Seat.N, "medium"), opponents, score.scores[i])
                self.counted = i + 1
        if score.winner is not None and not self.done:
            stats = stats.add_match(score.winner)
            self.done = True
        dup = self.duplicate
        if dup is not None and dup.kind == "daily" and not dup.practice and not dup.recorded:
            total = dup.total_vs_par(self.match)
            if total is not None:  # a day counts once for the record
                stats = stats.add_daily(dup.date, total)
                dup.recorded = True
        return stats

    # -- saving ----------------------------------------------------------------------------

    def save_key(self) -> str | None:
        """Where this match is saved, if not where web.saves puts a match (a room's own key)."""
        return None

    def to_save(self) -> dict[str, Any]:
        out = {
            "record": to_json(self.match),
            "levels": {s.name: self.levels[s] for s in BOT_SEATS},
            "counted": self.counted,
            "done": self.done,
        }
        if self.duplicate is not None:
            out["duplicate"] = self.duplicate.to_json()
        return out

    @classmethod
    def from_save(cls, data: dict[str, Any]) -> Session:
        """Rebuild a saved session; SaveError("corrupt", ...) if any part is unusable."""
        try:
            match = from_json(data["record"])
        except RecordError as e:
            raise SaveError("corrupt", f"the saved record: {e}") from None
        except (KeyError, TypeError):
            raise SaveError("corrupt", "no record") from None
        if not match.hands:
            raise SaveError("corrupt", "the saved match has no hand")
        raw_levels = data.get("levels")
        levels = dict(DEFAULT_LEVELS)
        if isinstance(raw_levels, dict):
            for s in BOT_SEATS:
                if raw_levels.get(s.name) in LEVELS:
                    levels[s] = str(raw_levels[s.name])
        counted = data.get("counted", 0)
        if not isinstance(counted, int) or isinstance(counted, bool) or not 0 <= counted <= len(match.hands):
            raise SaveError("corrupt", "bad statistics counter")
        duplicate = None
        if "duplicate" in data:
            try:
                duplicate = Duplicate.from_json(data["duplicate"])
            except ValueError as e:
                raise SaveError("corrupt", f"the saved deals of the day: {e}") from None
        return cls(match, levels, counted, bool(data.get("done", False)), duplicate)


def human_turn(hand: Hand) -> bool:
    return hand.turn is Seat.S


def is_declare(action: Action) -> bool:
    return isinstance(action, Declare)


__all__ = ["BOT_SEATS", "DEFAULT_LEVELS", "SEATS", "Outcome", "Session"]
