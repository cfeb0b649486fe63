"""The coach's flow (web/coach/note.py holds what it finds and says): prices asked of the bots' worker
when the player is to play, the note on a costly card, the take-back. Plain Python (asyncio):
the worker and the game's flow are handed in.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Coroutine
from typing import Any, Protocol

from bela.actions import Action, Bid, Play
from bela.seats import Seat
from web.coach.note import CoachState, Key, Note, Prices, choice_name, coach_texts, note_for
from web.model import Model
from web.session import Outcome, Position

JUDGE_WAIT = 30.0  # seconds the table waits at most for the prices of a card already played
JUDGE_STEP = 0.02


def coaching(model: Model) -> bool:
    """The coach is on (Settings, or ``?coach`` for the visit) and this is not today's deals
    nor a shared deal; in Learn Bela, on in the guided hand whatever the setting, off in the
    other lessons (they answer for themselves)."""
    if model.lesson is not None:
        return model.lesson.guided
    return model.coach_setting() == "mistakes" and model.session.duplicate is None


def counted(model: Model) -> bool:
    """Whether the coach's flags and take-backs go into the statistics: the matches' only (not a
    practice hand, not a lesson)."""
    return not model.session.practice and model.lesson is None


def shown(model: Model) -> Note | None:
    """The note to show now: the last costly card or bid, while it is the last thing the player
    did in this hand (it goes with their next action, a take-back, another hand; a note on a bid
    goes when the player is to act again; a hand ended at once by belot keeps no note: it is
    scored and counted already)."""
    note = model.coach.note
    if note is None or not coaching(model):
        return None
    hand = model.session.hand
    if note.key[:2] != (model.gen, model.session.hand_number) or len(hand.actions) <= note.at:
        return None
    if hand.finished:
        return None
    if note.kind == "bid" and hand.turn is Seat.S:
        return None  # the player's next decision: its buttons alone carry data-bid then
    return note


class Worker(Protocol):
    async def coach(self, record: str) -> dict[str, Any] | None: ...


class Flow(Protocol):
    """What the coach asks of the game's flow (web.game.Game) and the screens."""

    def save(self) -> None: ...

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None: ...

    def rewind(self, actions: int) -> None: ...

    def render_coach(self) -> None: ...

    def live(self, text: str) -> None: ...


class Coach:
    def __init__(self, model: Model, worker: Worker, flow: Flow) -> None:
        self.model = model
        self.worker = worker
        self.flow = flow

    @property
    def state(self) -> CoachState:
        return self.model.coach

    def turn(self) -> None:
        """The player is to act: price their cards in the worker while they think."""
        m = self.model
        hand = m.session.hand
        phase = hand.phase.value
        if not coaching(m) or phase not in ("playing", "bidding"):
            return
        if phase == "playing" and len(hand.legal_cards()) <= 1:
            return
        key = m.position_key()
        if key in self.state.prices or key in self.state.asking:
            return
        if len(self.state.prices) > 16:
            self.state.prices.clear()
        self.state.asking.add(key)
        self.flow.spawn(self._price(key, m.session.record_text()))

    async def _price(self, key: Key, record: str) -> None:
        state = self.state
        try:
            reply = await self.worker.coach(record)
            prices = Prices.from_reply(reply) if reply is not None else None
        except Exception:
            print("Bela: the coach could not price the cards:", traceback.format_exc())
            prices = None
        finally:
            state.asking.discard(key)
        waiting = state.waiting
        mine = waiting is not None and waiting[0] == key
        if mine:
            state.waiting = None  # priced or not: the table need not wait any longer
        if prices is None:
            return
        state.prices[key] = prices
        if mine and waiting is not None:
            self._judge(key, waiting[1])
        await asyncio.sleep(0)

    async def judged(self, limit: float = JUDGE_WAIT) -> None:
        """Return once the card (bid) just played has its note or is known to need none: the
        game's flow waits here before the computer players answer it, so that a note always
        belongs to the table it is shown over (at most ``limit`` seconds: a worker that does not
        answer leaves the card without a note, and the game goes on)."""
        waited = 0.0
        while self.state.waiting is not None and waited < limit:
            await asyncio.sleep(JUDGE_STEP)
            waited += JUDGE_STEP

    def applied(self, before: Position, outcome: Outcome, human: bool) -> None:
        """The game's listener (web.game.Listener): the player's actions get their notes."""
        if human:
            self.acted(before, outcome.action)

    def acted(self, key: Key, action: Action) -> None:
        """The player's action in position ``key`` has just been applied: the note on it, at once
        when its prices are known, else as soon as they come."""
        state = self.state
        had = shown(self.model) is not None
        state.note = None
        state.waiting = None
        choice = (
            str(action.card) if isinstance(action, Play) else str(action) if isinstance(action, Bid) else None
        )
        if coaching(self.model) and choice is not None:
            if key in state.prices:
                self._judge(key, choice)
                return
            if key in state.asking:
                state.waiting = (key, choice)
        if had:
            self.flow.render_coach()

    def _judge(self, key: Key, choice: str) -> None:
        m = self.model
        prices = self.state.prices.get(key)
        if prices is None or key[:2] != (m.gen, m.session.hand_number):
            return
        note = note_for(prices, key, choice)
        self.state.note = note
        if note is None:
            return
        if counted(m):
            m.stats = m.stats.add_coach_flag()
            self.flow.save()
        self.flow.render_coach()
        self.flow.live(" ".join(coach_texts(m.t, note)))

    def take_back(self) -> None:
        """Undo the card (bid) of the note shown and whatever the bots did after it."""
        m = self.model
        note = shown(m)
        if note is None:
            return
        self.state.note = None
        if counted(m):
            m.stats = m.stats.add_take_back()
        self.flow.rewind(note.at)
        self.flow.live(m.t("coach.taken_back", card=choice_name(m.t, note.kind, note.choice)))
