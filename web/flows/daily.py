"""Today's deals and shared deals in play: going into one (the regular match stays saved under
its own key), back to the regular match, replaying a day as practice, sharing, and par computed
in the bots' worker while the player plays. Plain Python: it is handed the game's flow, the
bots, the drawing and the browser's share and address as small interfaces (web/app.py wires
them), so it imports neither the app nor the flow.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from bela.daily import today
from web.daily.view import Duplicate, parse_deal, share_text, shared_deal_of, signed, written
from web.i18n import Msg
from web.model import Model
from web.params import Params
from web.saves import Saves, new_duplicate
from web.session import Session


class Flow(Protocol):
    """What this asks of the game's flow (web.game.Game)."""

    def save(self) -> None: ...

    def replace_session(self, session: Session) -> None: ...

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None: ...

    def notice(self, msg: Msg) -> None: ...


class ParSource(Protocol):
    """The bots' worker (web.botclient.BotClient): par of a deal."""

    async def par(self, seed: int, number: int) -> tuple[int, int]: ...


def wanted(params: Params) -> Duplicate | None:
    """The duplicate match this visit's address asks for (``?daily``, ``?deal``), if any.

    >>> wanted(Params(daily="2026-12-01")).date, wanted(Params(deal="42-2")).numbers
    ('2026-12-01', (2,))
    >>> wanted(Params()) is None
    True
    """
    if params.daily is not None:
        return Duplicate.daily(today() if params.daily == "today" else params.daily)
    if params.deal is not None:
        found = parse_deal(params.deal)
        if found is not None:
            return Duplicate.shared(*found)
    return None


@dataclass(eq=False)
class DailyFlow:
    model: Model
    saves: Saves
    flow: Flow
    bots: ParSource
    redraw: Callable[[], None]
    share_out: Callable[[str], Awaitable[str]]
    set_address: Callable[[str], None]
    page_url: Callable[[], str]
    computing: Session | None = field(default=None, init=False)  # the session whose pars are being computed

    # -- going in and out ---------------------------------------------------------------------------

    def enter(self, want: Duplicate) -> None:
        """Open ``want`` (resumed if it is the one saved), the regular match saved as it is."""
        m = self.model
        current = m.session.duplicate
        if current is not None and (current.kind, current.seed, current.numbers) == (
            want.kind,
            want.seed,
            want.numbers,
        ):
            return
        self.flow.save()
        self.flow.replace_session(self.saves.load_duplicate(want, m.stats))
        self.set_address(want.link(""))
        self.start()

    def enter_today(self) -> None:
        self.enter(Duplicate.daily(today()))

    def leave(self) -> None:
        """Back to the regular match, as it was saved."""
        m = self.model
        if m.session.duplicate is None:
            return
        self.flow.save()
        regular = Params(speed=m.params.speed, lang=m.params.lang, bots=m.params.bots)
        self.flow.replace_session(self.saves.load_session(m.settings, regular))
        self.set_address("")

    def replay(self) -> None:
        """The same day again, as practice (the record keeps the first result)."""
        m = self.model
        dup = m.session.duplicate
        if dup is None:
            return
        again = Duplicate(dup.kind, dup.seed, dup.numbers, dup.date, dict(dup.pars), practice=True)
        session = new_duplicate(again, m.stats)
        assert session.duplicate is not None
        session.duplicate.pars = dict(dup.pars)  # the same deals: the same par
        self.flow.replace_session(session)
        self.start()

    # -- par ------------------------------------------------------------------------------------------

    def start(self) -> None:
        """Compute the pars still missing (the current hand's first), in the bots' worker."""
        session = self.model.session
        if session.duplicate is None or self.computing is session:
            return
        if not session.duplicate.missing_pars():
            return
        self.computing = session
        self.flow.spawn(self._compute(session))

    async def _compute(self, session: Session) -> None:
        m = self.model
        dup = session.duplicate
        assert dup is not None
        try:
            for number in dup.missing_pars(min(session.hand_number - 1, len(dup.numbers) - 1)):
                result = await self.bots.par(dup.seed, number)
                if m.session is not session:
                    return  # left: the rest is computed when it is opened again
                dup.pars[number] = result
                m.stats = session.count_stats(m.stats)
                self.flow.save()
                await asyncio.sleep(0)  # saved, then drawn: two short tasks, not one long
                if m.session is session:
                    self.redraw()
        except Exception:
            self.flow.notice(Msg("daily.par_failed"))
            print("Bela: no par:", traceback.format_exc())
        finally:
            if self.computing is session:
                self.computing = None

    # -- sharing --------------------------------------------------------------------------------------

    def share_day(self) -> None:
        m = self.model
        dup = m.session.duplicate
        if dup is None:
            return
        self.flow.spawn(self._share(share_text(m.t, dup, m.session.match, self.page_url())))

    def share_deal(self) -> None:
        """The hand just played as a link to try, with how we did against par if known."""
        m = self.model
        session = m.session
        deal = shared_deal_of(session.match, session.duplicate)
        if deal is None:
            return
        link = deal.link(self.page_url())
        dup = session.duplicate
        index = session.hand_number - 1
        vs = dup.vs_par(session.match, index) if dup is not None else None
        if vs is not None:
            head = m.t("daily.share_deal_vs", vs=signed(vs))
        else:
            ours = written(session.hand) if session.hand.finished else (0, 0)
            head = m.t("daily.share_deal_points", ns=ours[0], ew=ours[1])
        self.flow.spawn(self._share(f"{head}\n{link}"))

    async def _share(self, text: str) -> None:
        self.model.share_text = text
        self.redraw()
        how = await self.share_out(text)
        if how == "copied":
            self.flow.notice(Msg("daily.copied"))
        elif how == "failed":
            self.flow.notice(Msg("daily.copy_failed"))
        await asyncio.sleep(0)
