"""Play it again from here: from the review of a finished hand, the rest of that hand from the
step shown, with the same cards against the same levels, as practice. The practice is a copy of
the match cut at that step (the hands before it, for the same scores, and that hand up to the
card shown): it is never saved and never counted (web/session.py's ``practice``); "Back to
review" puts the match back as it was and opens the review where it was. Plain Python: the
game's flow and the review's are handed in.

>>> from bela.deal import SplitMix64
>>> from bela.rules import HouseRules
>>> from bela.seats import Seat
>>> s = Session.new(HouseRules(), seed=3, levels={Seat.E: "hard", Seat.N: "easy", Seat.W: "hard"})
>>> hand = s.hand
>>> rng = SplitMix64(1)
>>> while not hand.finished:
...     hand.apply(hand.legal_actions()[rng.below(len(hand.legal_actions()))])
>>> p = practice_session(s, 1, 5)
>>> p.practice, len(p.hand.plays), p.hand.turn is hand.trick_seat(5), p.levels == s.levels
(True, 5, True, True)
>>> practice_session(s, 1, 32) is None  # nothing left to play
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from bela.actions import Play
from bela.hand import Hand
from bela.record import from_json, to_json
from web.model import Model
from web.session import Session

if TYPE_CHECKING:
    from web.review.view import ReviewData


def practice_session(session: Session, number: int, step: int) -> Session | None:
    """Hand ``number`` of the session's match again from its ``step``-th card (0: its first),
    the seat to act the one that played that card; None if the hand has no such card."""
    match = session.match
    if not 1 <= number <= len(match.hands):
        return None
    played = match.hands[number - 1]
    plays = [i for i, a in enumerate(played.actions) if isinstance(a, Play)]
    if not played.finished or not 0 <= step < len(plays):
        return None
    again = from_json(to_json(match))  # a copy: the match itself is never touched
    del again.hands[number:]
    old = again.hands[-1]
    hand = Hand(old.dealer, old.deal, old.rules)
    for action in old.actions[: plays[step]]:
        hand.apply(action)
    again.hands[-1] = hand
    counted = sum(1 for h in again.hands if h.finished)
    return Session(again, dict(session.levels), counted, True, practice=True)


@dataclass
class Back:
    """Where "Back to review" returns: the match as it was, and the review as it was."""

    session: Session
    number: int
    step: int
    data: ReviewData | None


class Flow(Protocol):
    def replace_session(self, session: Session) -> None: ...


class Reviews(Protocol):
    def open(self, number: int, opener: Any = None) -> None: ...

    def close(self) -> bool: ...


class Practice:
    def __init__(
        self,
        model: Model,
        flow: Flow,
        reviews: Callable[[], Reviews],
        redraw_review: Callable[[], None],
        resumed: Callable[[], None],
    ) -> None:
        self.model = model
        self.flow = flow
        self.reviews = reviews  # made when first needed (the review's modules are heavy)
        self.redraw_review = redraw_review
        self.resumed = resumed  # the match is back (today's deals go on computing par)

    def start(self) -> None:
        """Play on from the step the open review shows."""
        m = self.model
        state = m.review
        if state is None:
            return
        session = practice_session(m.session, state.number, state.step)
        if session is None:
            return
        back = m.practice if m.practice is not None else Back(m.session, state.number, state.step, state.data)
        self.reviews().close()
        self.flow.replace_session(session)
        m.practice = back

    def back(self) -> None:
        """The match as it was, and its review at the step the practice started from."""
        m = self.model
        back: Back | None = m.practice
        if back is None:
            return
        if m.review is not None:
            self.reviews().close()
        self.flow.replace_session(back.session)  # forgets the practice (m.practice)
        if back.data is not None:
            m.reviews[(m.gen, back.number)] = back.data  # what was found: not asked again
        self.resumed()
        self.reviews().open(back.number)
        if m.review is not None:
            m.review.step = back.step
            self.redraw_review()
