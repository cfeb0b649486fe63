"""The game's flow on the page: whose turn it is, asking the computer players (in their worker),
applying what the player or a bot chose, saving after every move, and pacing what the table
shows (a card flying in, a full trick for a moment, banners). Apart from drawing (it tells a
:class:`Drawing` what changed) and from input (the app calls its methods by intent).

The engine (``bela``) decides every rule: this module asks it what is legal and applies what it
accepts.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

import js

from bela.actions import Action, IllegalAction, Play, Refusal
from bela.cards import Card
from bela.hand import Trick
from bela.seats import Seat
from web.announce import announcement
from web.botclient import BotClient
from web.dom import console_error, console_warn
from web.hint import HINT_LEVEL, Advice, hint_seed, hint_texts
from web.i18n import Msg
from web.model import Banner, Model
from web.protocol import parse_action
from web.saves import Saves, new_session
from web.session import Outcome, Position, Session
from web.view import winning_declarations
from web.words import refusal_text

if TYPE_CHECKING:
    from web.coaching import Coach


class Drawing(Protocol):
    """What the flow asks of the screens (web.screens.Screens)."""

    def render(self, first: bool = False, played: Outcome | None = None) -> None: ...

    def render_banner(self) -> None: ...

    def render_hint(self) -> None: ...

    def render_coach(self) -> None: ...

    def render_notices(self) -> None: ...

    def collect(self, trick: Trick | None, winner: Seat | None) -> None: ...

    def focus_choices(self) -> None: ...

    def shake(self, notation: str) -> None: ...

    def live(self, text: str) -> None: ...


class Lessons(Protocol):
    """A lesson of Learn Bela open on the table (web.learn.LearnFlow): it may take the
    player's action, and hears when the guided hand ends."""

    def acted(self, action: Action, refusal: Refusal | None) -> bool: ...

    def hand_ended(self) -> None: ...


class Game:
    def __init__(self, model: Model, saves: Saves, bots: BotClient, draw: Drawing) -> None:
        self.model = model
        self.saves = saves
        self.bots = bots
        self.draw = draw
        self.lessons: Lessons | None = None  # set once Learn Bela is first opened
        self.task: asyncio.Task[None] | None = None
        self.side_tasks: set[asyncio.Future[None]] = set()
        self.coach: Coach | None = None  # the coach (web/coaching.py), told of the player's turns

    # -- saving and notices -------------------------------------------------------------------------

    def save(self) -> None:
        m = self.model
        if m.lesson is not None:  # a lesson's position is never saved (the match stays as it was)
            return
        if m.session.practice:
            return  # a practice hand changes neither the match's save nor the statistics
        if not self.saves.save(m.session, m.stats) and not m.save_failed:
            m.save_failed = True
            self.notice(Msg("notice.storage_full"))

    def notice(self, msg: Msg) -> None:
        if msg in self.model.notices:
            return
        self.model.notices.append(msg)
        self.draw.render_notices()

    def render_coach(self) -> None:
        self.draw.render_coach()

    def live(self, text: str) -> None:
        self.draw.live(text)

    def clear_notices(self) -> None:
        self.model.notices.clear()
        self.draw.render_notices()

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run a side task (kept referenced until it is done)."""
        task = asyncio.ensure_future(coro)
        self.side_tasks.add(task)
        task.add_done_callback(self.side_tasks.discard)

    # -- turns ------------------------------------------------------------------------------------------

    def kick(self, first: Outcome | None = None) -> None:
        """Make sure the game moves on: bots play until the human must act or the hand ends."""
        if self.task is not None and not self.task.done():
            return
        self.task = asyncio.ensure_future(self.run(self.model.gen, first))

    async def run(self, gen: int, first: Outcome | None) -> None:
        m = self.model
        try:
            if first is not None:
                m.busy = True
                if self.coach is not None:
                    await self.coach.judged()  # the note on the player's card before any answer
                    if gen != m.gen:
                        return
                await self.after(first, gen, rendered=True)
            while gen == m.gen:
                session = m.session
                hand = session.hand
                if session.match.over or hand.finished or hand.turn is Seat.S:
                    m.busy = False
                    self.draw.render()
                    if hand.turn is Seat.S and not hand.finished:
                        self.draw.live(m.t("live.your_turn"))
                        if self.coach is not None:
                            self.coach.turn()
                    return
                seat = hand.turn
                assert seat is not None
                m.busy = True
                self.draw.render()
                action = await self.bot_action(seat, gen)
                if gen != m.gen or action is None:
                    return
                outcome = self.perform(action)
                await asyncio.sleep(0)  # saved; drawn in a task of its own (each stays short)
                if gen != m.gen:
                    return
                await self.after(outcome, gen)
        except Exception:
            console_error("Bela:", traceback.format_exc())
            m.busy = False
            self.notice(Msg("boot.error"))
            self.draw.render()

    async def bot_action(self, seat: Seat, gen: int) -> Action | None:
        m = self.model
        session = m.session
        started = float(js.performance.now())
        text = await self.bots.decide(
            session.record_text(), seat.name, session.levels.get(seat, "medium"), session.bot_seed()
        )
        if gen != m.gen:
            return None
        action = parse_action(text)
        refusal = session.hand.check(action)
        if refusal is not None:  # never expected; the game goes on with a legal action
            console_warn("Bela: the engine refused the bot's action:", refusal)
            action = session.hand.legal_actions()[0]
        wait = m.timing.bot / 1000 - (float(js.performance.now()) - started) / 1000
        if wait > 0:
            await asyncio.sleep(wait)
        return action if gen == m.gen else None

    def perform(self, action: Action) -> Outcome:
        """Apply an action the engine accepts, count, save and announce it."""
        m = self.model
        outcome = m.session.apply(action)
        if outcome.trick is not None and not m.timing.instant:
            m.showing = outcome.trick  # left on the table for a moment
        m.stats = m.session.count_stats(m.stats)
        self.save()
        self.draw.live(announcement(m.t, outcome, m.session.hand))
        return outcome

    async def after(self, out: Outcome, gen: int, rendered: bool = False) -> None:
        """Let the player see what happened: the card flying in, a full trick for a moment, the
        trick collected, the declarations, belot and štiglja."""
        m = self.model
        timing = m.timing
        t = m.t
        hand = m.session.hand
        if not rendered:
            self.draw.render(played=out)
        if out.trick is not None and not timing.instant:
            await asyncio.sleep((timing.anim + timing.trick_pause) / 1000)
            if gen != m.gen:
                return
            self.draw.collect(out.trick, out.trick_winner)
            await asyncio.sleep(timing.anim / 1000)
            m.showing = None
            if gen != m.gen:
                return
        elif not timing.instant and isinstance(out.action, Play):
            await asyncio.sleep(timing.anim / 1000)
        m.showing = None
        if out.declarations_shown:
            winner, points, cards = winning_declarations(hand)
            if winner is not None:
                self.show_banner(
                    t("decl.shown", team=t(f"team.{winner.name}"), points=points), cards, big=False
                )
        if out.trump is not None and out.belot is None and not timing.instant:
            await asyncio.sleep(timing.anim * 2 / 1000)
        if out.belot is not None:
            suit = t(f"suit_lower.{hand.deal[out.belot][0].suit.letter}")
            self.show_banner(t("banner.belot", seat=t(f"seat.{out.belot.name}"), suit=suit), [], True)
            if not timing.instant:
                await asyncio.sleep(timing.banner / 1000)
        elif out.stiglja is not None:
            bonus = m.session.match.rules.stiglja
            self.show_banner(t("banner.stiglja", team=t(f"team.{out.stiglja.name}"), bonus=bonus), [], True)
            if not timing.instant:
                await asyncio.sleep(timing.banner / 1000)
        if out.hand_finished:
            m.banner = None
            if self.lessons is not None:
                self.lessons.hand_ended()

    def show(self, outcome: Outcome | None) -> None:
        """Draw the table after a lesson's answer (its card, if any, flies in)."""
        self.draw.render(played=outcome)

    def show_banner(self, text: str, cards: list[Card], big: bool) -> None:
        m = self.model
        m.banner = (text, cards, big)
        self.draw.render_banner()
        if not m.timing.instant:
            self.spawn(self._expire_banner(m.banner))

    async def _expire_banner(self, banner: Banner) -> None:
        await asyncio.sleep(self.model.timing.banner / 1000)
        if self.model.banner is banner:
            self.model.banner = None
            self.draw.render_banner()

    # -- the human's moves ------------------------------------------------------------------------------

    def human(self, action: Action) -> None:
        m = self.model
        if not m.human_can_act():
            return
        refusal = m.session.hand.check(action)
        if self.lessons is not None and self.lessons.acted(action, refusal):
            return
        if refusal is not None:
            self.refuse(refusal)
            return
        m.pending_bela = None
        m.refusal = ""
        key = m.position_key()
        try:
            outcome = self.perform(action)
        except IllegalAction as e:  # the engine has the last word
            self.refuse(e.refusal)
            return
        m.busy = True
        self.draw.render(played=outcome)  # at once: the choices go, the card leaves the hand
        if self.coach is not None:
            self.coach.acted(key, action)  # its note at once, if the card's prices are known
        self.kick(outcome)

    def rewind(self, actions: int) -> None:
        """The coach's take-back: the hand back to its first ``actions`` actions, saved so."""
        self.restart(lambda: self.model.session.rewind(actions))

    def play_card(self, notation: str) -> None:
        m = self.model
        hand = m.session.hand
        if m.session.match.over or hand.finished:
            return
        if hand.turn is not Seat.S or m.busy:
            self.say(m.t("status.not_your_turn"))
            return
        card = Card.parse(notation)
        if hand.phase.value != "playing":
            self.say(m.t("status.bid_first"))
            return
        refusal = hand.check(Play(card))
        if refusal is not None and refusal.code == "bela":
            # the first of the trump king and queen under bela "choose": ask
            m.pending_bela = card
            m.refusal = ""
            self.draw.render()
            self.draw.focus_choices()
            return
        if refusal is not None:
            if self.lessons is not None and m.human_can_act() and self.lessons.acted(Play(card), refusal):
                self.draw.shake(card.notation)
                return
            self.refuse(refusal, card)
            return
        m.pending_bela = None
        self.human(Play(card))

    def answer_bela(self, yes: bool) -> None:
        """The player's answer to "bela?" for the trump king or queen about to be played."""
        card = self.model.pending_bela
        if card is not None:
            self.human(Play(card, yes))

    def drop_bela(self) -> bool:
        """Put a pending bela question away (the card stays in the hand); False if none."""
        if self.model.pending_bela is None:
            return False
        self.model.pending_bela = None
        self.draw.render()
        return True

    def refuse(self, refusal: Refusal, card: Card | None = None) -> None:
        m = self.model
        m.refusal = refusal_text(m.t, refusal)
        m.pending_bela = None
        self.draw.render()
        if card is not None:
            self.draw.shake(card.notation)
        self.draw.live(m.refusal)

    def say(self, text: str) -> None:
        self.model.refusal = text
        self.draw.render()

    # -- hints ----------------------------------------------------------------------------------------

    def ask_hint(self) -> None:
        """What the computer would do in the player's place: computed by the bot worker, then
        highlighted with its reason (web.hint). It never acts for the player."""
        m = self.model
        if not m.human_can_act():
            return
        key = m.position_key()
        if not m.hints.ask(key):
            if m.hints.shown(key) is not None:
                self.announce_hint()  # asked again: said again, not counted again
            return
        self.draw.render_hint()
        self.spawn(self._fetch_hint(key, m.session.record_text()))

    async def _fetch_hint(self, key: Position, record: str) -> None:
        m = self.model
        advice: Advice | None = None
        try:
            reply = await self.bots.ask(record, Seat.S.name, HINT_LEVEL, hint_seed(record))
            if key == m.position_key():
                advice = Advice.from_reply(reply)
                if m.session.hand.check(advice.action) is not None:
                    raise ValueError(f"the hint {advice.action} is not legal here")
        except Exception:
            console_warn("Bela: no hint:", traceback.format_exc())
            advice = None
        if m.hints.answer(key, m.position_key(), advice):
            if m.lesson is None and not m.session.practice:  # matches' only (no lesson, no practice)
                m.stats = m.stats.add_hint()
            self.save()
            self.announce_hint()
        self.draw.render_hint()

    def announce_hint(self) -> None:
        advice = self.model.hints.shown(self.model.position_key())
        if advice is not None:
            self.draw.live(" ".join(hint_texts(self.model.t, advice)))

    # -- between hands, new matches --------------------------------------------------------------------

    def next_hand(self) -> None:
        m = self.model
        session = m.session
        if not session.between_hands() or m.busy or m.lesson is not None:
            return
        if session.duplicate is not None and not session.duplicate.more_hands(session.match):
            return  # the day's (or the shared deal's) hands are all played
        if session.practice:
            return  # a practice is one hand
        session.next_hand()
        m.refusal = ""
        m.banner = None
        self.save()
        self.draw.live(m.t("live.deal", seat=m.t(f"seat.{session.hand.dealer.name}")))
        self.draw.render()
        self.kick()

    def new_match(self) -> None:
        self.replace_session(new_session(self.model.settings, self.model.params))

    def replace_session(self, session: Session) -> None:
        m = self.model
        m.gen += 1
        m.session = session
        m.practice = None  # a practice hand is left (web/practice.py sets it again when it starts one)
        self.restart(lambda: setattr(m, "stats", session.count_stats(m.stats)))

    def restart(self, change: Callable[[], object]) -> None:
        """Stop the bots, make ``change``, put away what the table showed, save, draw, go on."""
        m = self.model
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None
        change()
        m.busy = False
        m.showing = m.pending_bela = m.banner = None
        m.refusal = ""
        self.save()
        self.draw.render(first=True)
        self.kick()
