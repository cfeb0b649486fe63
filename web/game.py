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
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

import js

from bela.actions import Action, Play, Refusal
from bela.cards import Card
from bela.seats import Seat
from web.announce import announcement
from web.botclient import BotClient
from web.coach.flow import Coach
from web.collaborators import Drawing, Lessons, Listener, Remote
from web.dom import console_error, console_warn
from web.hint.flow import Hints
from web.i18n import Msg
from web.model import Banner, Model
from web.saves import Saves, new_session
from web.session import Outcome, Position, Session
from web.view import winning_declarations
from web.words import refusal_text
from web.worker.messages import parse_action


class Statistics:
    """Counts each hand (and the match) as it ends into the statistics, saved with them."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def applied(self, before: Position, outcome: Outcome, human: bool) -> None:
        m = self.game.model
        counted = m.session.count_stats(m.stats)
        if counted is not m.stats:
            m.stats = counted
            self.game.save()


class Game:
    """``lessons``: the lesson open on the table, if any (Learn Bela is made when first opened,
    so the app hands a getter); ``listeners``: told of every action, after the coach (which the
    game makes: it prices the player's turns and takes cards back through the game)."""

    def __init__(
        self,
        model: Model,
        saves: Saves,
        bots: BotClient,
        draw: Drawing,
        lessons: Callable[[], Lessons | None] = lambda: None,
        listeners: Sequence[Listener] = (),
    ) -> None:
        self.model = model
        self.saves = saves
        self.bots = bots
        self.draw = draw
        self.lessons = lessons
        self.task: asyncio.Task[None] | None = None
        self.side_tasks: set[asyncio.Future[None]] = set()
        self.coach = Coach(model, bots, self)
        self.listeners: tuple[Listener, ...] = (Statistics(self), self.coach, *listeners)
        self.hints = Hints(model, bots, draw, self)
        self.remote: Remote | None = None  # a room's friends, while the page hosts one

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
                await self.coach.judged()  # the note on the player's card before any answer
                if gen != m.gen:
                    return
                await self.after(first, gen, rendered=True)
            while gen == m.gen:
                session = m.session
                hand = session.hand
                remote = self.remote
                if session.match.over or hand.finished or hand.turn is Seat.S or (remote and remote.holds()):
                    m.busy = False
                    self.draw.render()
                    if hand.turn is Seat.S and not hand.finished:
                        self.draw.live(m.t("live.your_turn"))
                        self.coach.turn()
                    return
                seat = hand.turn
                assert seat is not None
                m.busy = True
                self.draw.render()
                action = await remote.action(seat) if remote and remote.plays(seat) else None
                if gen != m.gen:
                    return
                if action is None or session.hand.check(action) is not None:
                    action = await self.bot_action(seat, gen)
                if gen != m.gen or action is None:
                    return
                outcome = self.perform(action, human=False)
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

    def perform(self, action: Action, human: bool) -> Outcome:
        """The one path of an action the engine accepts (the player's checked by :meth:`human`,
        a computer player's by :meth:`bot_action`): applied, saved, drawn (the player's at once,
        a computer player's card flies in, :meth:`after`) and announced, then the listeners
        told (the statistics, the coach, a room of friends)."""
        m = self.model
        before = m.position_key()
        outcome = m.session.apply(action)
        if outcome.trick is not None and not m.timing.instant:
            m.showing = outcome.trick  # left on the table for a moment
        self.save()
        if human:
            m.pending_bela = None
            m.refusal = ""
            m.busy = True
            self.draw.render(played=outcome)  # at once: the choices go, the card leaves the hand
        self.draw.live(announcement(m.t, outcome, m.session.hand))
        for listener in self.listeners:
            listener.applied(before, outcome, human)
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
            lessons = self.lessons()
            if lessons is not None:
                lessons.hand_ended()

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
        """The player's action: checked once by the engine (a refusal says why; a lesson open
        on the table may take it, right or wrong), then on the one path (:meth:`perform`)."""
        m = self.model
        if not m.human_can_act():
            return
        refusal = m.session.hand.check(action)
        card = action.card if isinstance(action, Play) else None
        if refusal is not None and refusal.code == "bela" and card is not None:
            # the first of the trump king and queen under bela "choose": ask
            m.pending_bela = card
            m.refusal = ""
            self.draw.render()
            self.draw.focus_choices()
            return
        lessons = self.lessons()
        if lessons is not None and lessons.acted(action, refusal):
            if refusal is not None and card is not None:
                self.draw.shake(card.notation)
            return
        if refusal is not None:
            self.refuse(refusal, card)
            return
        self.kick(self.perform(action, human=True))

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
        if hand.phase.value != "playing":
            self.say(m.t("status.bid_first"))
            return
        self.human(Play(Card.parse(notation)))

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
        m.practice = None  # a practice hand is left (web/review/practice.py sets it again when it starts one)
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
