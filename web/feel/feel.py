"""The table's feel, a listener of the game (web/game.py tells it of every action applied):
the sound cues, the nudge on the player's turn after the computer players, the screen kept on
while a match is on screen, and the only legal card played by itself (Settings → Play the only
legal card).

No sound before the player's first tap or key, none while the page is hidden, none at the
instant speed, none with Sound off (the setting, or ``?sound=off`` for a visit). The player's
turn is the moment the flow hands the table over (``model.busy`` false, South to act): the cue,
the nudge and the forced card wait for it, so they come after the last card has flown in."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from bela.seats import Seat
from web.dom import listen
from web.feel.autoplay import PAUSE_MS, forced_card
from web.feel.cues import cues_of
from web.feel.device import ScreenLock, vibrate, visible
from web.feel.sound import Synth
from web.model import Model
from web.session import Outcome, Position

TURN_WAIT_S = 20.0  # the longest a turn is waited for (the computer's move, its animation)


class Feel:
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

    def attach(self, document: Any) -> None:
        for event in ("pointerdown", "keydown"):
            listen(document, event, self._gesture)
        listen(document, "visibilitychange", lambda _e: self.lock.update())
        self.refresh()
        self.spawn(self._turn(self.model.position_key(), False))  # a saved match may wait for a forced card

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

    def applied(self, before: Position, outcome: Outcome, human: bool) -> None:
        """An action was applied: its cues; the saves kept after a finished hand; the screen
        lock let go once the match is over; the player's turn, if it comes next."""
        m = self.model
        written = winner = None
        if outcome.hand_finished:
            self.keep_saves()
            score = m.session.match.score()
            written = score.scores[-1] if score.scores else None
            winner = score.winner
        for name in cues_of(outcome, written, winner):
            self.cue(name)
        self.refresh()
        hand = m.session.hand
        if hand.turn is Seat.S and not hand.finished:
            self.spawn(self._turn(m.position_key(), outcome.seat is not Seat.S))

    async def _turn(self, key: Position, after_bots: bool) -> None:
        """Wait for the table to be the player's at ``key``; then the cue and the nudge (after
        the computer players), and the forced card if the settings say so (not in a lesson)."""
        m = self.model
        waited = 0.0
        while not m.human_can_act():
            if key != m.position_key() or waited > TURN_WAIT_S:
                return
            await asyncio.sleep(0.05)
            waited += 0.05
        if key != m.position_key():
            return
        if after_bots:
            self.cue("your-turn")
            if m.settings.vibrate == "on" and visible() and self.gestured:
                vibrate()
        card = forced_card(m.session.hand)
        if card is None or m.settings.auto_play != "forced" or m.lesson is not None:
            return
        await asyncio.sleep(0 if m.timing.instant else PAUSE_MS / 1000)
        if key == m.position_key() and m.human_can_act() and m.pending_bela is None:
            self.play_card(card.notation)

    def refresh(self) -> None:
        """Keep the screen on while a match that is not over is on screen."""
        self.lock.want(not self.model.session.match.over)
