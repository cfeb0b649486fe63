"""The review's flow: open the review of a finished hand, ask the bots' worker for its parts one
after another (the first trick first, so its costs show at once; the worker answers between
them, so the table never freezes), draw each as it comes, step, close. What was found is kept
for the hand (the model's ``reviews``): stepping or opening it again asks nothing. A review
that is complete counts once into the statistics (the player's accuracy).

Plain Python (asyncio): the worker and the drawing are handed in.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from bela.hand import Hand
from bela.seats import Seat
from web.model import Model
from web.review.view import ReviewData, ReviewState, accuracy


class Worker(Protocol):
    async def review(self, record: str, number: int, part: str) -> dict[str, Any]: ...


class Drawing(Protocol):
    def open(self) -> None: ...

    def render(self) -> None: ...

    def refresh(self, part: str) -> None: ...

    def close(self, opener: Any) -> None: ...


@dataclass(eq=False)
class Reviews:
    model: Model
    worker: Worker
    draw: Drawing
    save: Callable[[], None]
    spawn: Callable[[Any], None]

    def can_review(self, number: int) -> bool:
        hands = self.model.session.match.hands
        return 1 <= number <= len(hands) and hands[number - 1].finished

    def open(self, number: int, opener: Any = None) -> None:
        m = self.model
        if not self.can_review(number):
            return
        key = (m.gen, number)
        data = m.reviews.setdefault(key, ReviewData())
        if m.review is not None:
            opener = m.review.opener
        m.review = ReviewState(number, m.session.record_text(), 0, data, opener)
        self.draw.open()
        if not data.fetching:
            self.spawn(self.fetch(m.review))

    async def fetch(self, state: ReviewState) -> None:
        m = self.model
        hand = m.session.match.hands[state.number - 1]
        data = state.data
        data.fetching = True
        try:
            await self._fetch(state, hand, data)
        finally:
            data.fetching = False

    async def _fetch(self, state: ReviewState, hand: Hand, data: ReviewData) -> None:
        m = self.model
        while (part := data.next_part(hand)) is not None:
            try:
                reply = await self.worker.review(state.record, state.number, part)
            except Exception as e:  # never leave the review waiting for ever
                reply = {"error": str(e)}
            if part in data.done:  # the same hand's review, opened again meanwhile
                continue
            data.take(part, reply)
            if m.review is not None and m.review.data is data:
                self.draw.refresh(part)
            await asyncio.sleep(0)  # drawn; the statistics and their saving in a task of their own
            if data.complete(hand) and not data.counted:
                data.counted = True
                best, cards, lost = accuracy(list(data.plays.values()), Seat.S)
                m.stats = m.stats.add_review(best, cards, lost)
                self.save()
                await asyncio.sleep(0)
            if m.review is None or m.review.data is not data:
                return  # closed, or another hand: the rest when it is opened again

    def move(self, how: str) -> None:
        m = self.model
        state = m.review
        if state is None:
            return
        last = len(m.session.match.hands[state.number - 1].plays)
        step = state.move(how, last)
        if step != state.step:
            state.step = step
            self.draw.render()

    def close(self) -> bool:
        """Close the review (False if none was open)."""
        m = self.model
        state = m.review
        if state is None:
            return False
        m.review = None
        self.draw.close(state.opener)
        return True
