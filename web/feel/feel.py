"""The table's feel, told by the game's flow what happens (web/game.py): the sound cues, the
nudge on the player's turn, the screen kept on while a match is on screen, and the only legal
card played by itself (Settings → Play the only legal card).

No sound before the player's first tap or key, none while the page is hidden, none at the
instant speed, none with Sound off (the setting, or ``?sound=off`` for a visit)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from bela.cards import Card
from bela.seats import Seat
from web.dom import listen
from web.feel import Senses
from web.feel.autoplay import PAUSE_MS, forced_card
from web.feel.cues import cues_of
from web.feel.device import ScreenLock, vibrate, visible
from web.feel.sound import Synth
from web.model import Model
from web.session import Outcome, Position


class Feel(Senses):
    def __init__(
        self,
        model: Model,
        play_card: Callable[[str], None],
        spawn: Callable[[Coroutine[Any, Any, None]], None],
        keep_saves: Callable[[], None] = lambda: None,
    ) -> None:
        self.model = model
        self.play_card = play_card  # as a click on a card of the player's hand
        self.spawn = spawn
        self.keep_saves = keep_saves  # asks the browser to keep the saves (after a finished hand)
        self.synth = Synth()
        self.lock = ScreenLock()
        self.gestured = False  # the player has tapped or pressed a key on this page
        self.last_seat: Seat | None = None  # who acted last (the turn comes "after the computer")

    def attach(self, document: Any) -> None:
        for event in ("pointerdown", "keydown"):
            listen(document, event, self._gesture)
        listen(document, "visibilitychange", lambda _e: self.lock.update())
        self.refresh()

    def _gesture(self, _event: Any) -> None:
        self.gestured = True
        if self.sound_on():
            self.synth.wake()  # inside the gesture, as browsers require

    def sound_on(self) -> bool:
        m = self.model
        return (m.params.sound or m.settings.sound) == "on"

    def cue(self, name: str) -> None:
        if not (self.gestured and self.sound_on() and visible()) or self.model.timing.instant:
            return
        if self.synth.context is None:
            self.synth.wake()  # sound turned on after the first gesture
        self.synth.play(name)

    def acted(self, out: Outcome) -> None:
        """An action was applied: its cues, and the screen lock let go once the match is over."""
        match = self.model.session.match
        written: tuple[int, int] | None = None
        winner = None
        if out.hand_finished:
            self.keep_saves()
            score = match.score()
            written = score.scores[-1] if score.scores else None
            winner = score.winner
        for name in cues_of(out, written, winner):
            self.cue(name)
        self.last_seat = out.seat
        self.refresh()

    def your_turn(self) -> None:
        """The player's turn: after the computer players moved, a cue and a nudge; the forced
        card played by itself if the settings say so (not in a lesson)."""
        m = self.model
        self.refresh()
        if self.last_seat not in (None, Seat.S):
            self.last_seat = None  # once per turn
            self.cue("your-turn")
            if m.settings.vibrate == "on" and visible() and self.gestured:
                vibrate()
        card = forced_card(m.session.hand)
        if card is not None and m.settings.auto_play == "forced" and m.lesson is None:
            self.spawn(self._play_forced(card, m.position_key()))

    async def _play_forced(self, card: Card, key: Position) -> None:
        m = self.model
        await asyncio.sleep(0 if m.timing.instant else PAUSE_MS / 1000)
        if key == m.position_key() and m.human_can_act() and m.pending_bela is None:
            self.play_card(card.notation)

    def refresh(self) -> None:
        """Keep the screen on while a match that is not over is on screen."""
        self.lock.want(not self.model.session.match.over)
