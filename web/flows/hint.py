"""The hint's flow on the page: what the computer would do in the player's place, asked of the
bots' worker (web/worker/main.py) and highlighted with its reason (web/hint/advice.py holds the
values, web/screens/hintline.py draws them). It never acts for the player."""

from __future__ import annotations

import traceback
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

from bela.actions import Decision
from bela.seats import Seat
from web.hint.advice import HINT_LEVEL, hint_seed, hint_texts
from web.model import Model
from web.session import Position
from web.worker.messages import read_decision


class Worker(Protocol):
    async def ask(self, record: str, seat: str, level: str, seed: int) -> dict[str, Any]: ...


class Drawing(Protocol):
    def render_hint(self) -> None: ...

    def live(self, text: str) -> None: ...


class Flow(Protocol):
    """What the hint asks of the game's flow (web.game.Game)."""

    def save(self) -> None: ...

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None: ...


@dataclass(eq=False)
class Hints:
    """``flow`` saves (a hint shown is counted) and runs the worker's request beside the game."""

    model: Model
    worker: Worker
    draw: Drawing
    flow: Flow

    def ask(self) -> None:
        """What the computer would do in the player's place: computed by the bot worker, then
        highlighted with its reason (web.hint.advice). It never acts for the player."""
        m = self.model
        if not m.human_can_act():
            return
        key = m.position_key()
        if not m.hints.ask(key):
            if m.hints.shown(key) is not None:
                self.announce()  # asked again: said again, not counted again
            return
        self.draw.render_hint()
        self.flow.spawn(self._fetch(key, m.session.record_text()))

    async def _fetch(self, key: Position, record: str) -> None:
        m = self.model
        advice: Decision | None = None
        try:
            reply = await self.worker.ask(record, Seat.S.name, HINT_LEVEL, hint_seed(record))
            if key == m.position_key():
                advice = read_decision(reply)
                if m.session.hand.check(advice.action) is not None:
                    raise ValueError(f"the hint {advice.action} is not legal here")
        except Exception:
            print("Bela: no hint:", traceback.format_exc())
            advice = None
        if m.hints.answer(key, m.position_key(), advice):
            if m.lesson is None and not m.session.practice:  # matches' only (no lesson, no practice)
                m.stats = m.stats.add_hint()
            self.flow.save()
            self.announce()
        self.draw.render_hint()

    def announce(self) -> None:
        advice = self.model.hints.shown(self.model.position_key())
        if advice is not None:
            self.draw.live(" ".join(hint_texts(self.model.t, advice)))
