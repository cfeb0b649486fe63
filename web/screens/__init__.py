"""The page's screens and regions, one module each, each drawing one part of the page from the
model (web/model.py) it is given; none imports the app or the game's flow.

==================  ==========================================================================
module              draws
==================  ==========================================================================
``table``           top bar (scores, trump), the four seats, backs, the trick, animations
``hand``            the player's cards, the talon, keyboard focus among the cards
``prompt``          the status line and the decision's buttons (web/prompt.py's view model)
``hintline``        the Hint button, the highlighted suggestion and the hint's words
``coachline``       the coach's note on a costly card, with Take back
``sheet``           the score sheet (mi / vi) in the side panel
``summary``         the panel between hands and at game over
``banner``          declarations, belot and štiglja over the trick
``notice``          notices (``[data-notice]``) and the live region
``dialog``          the dialogs' shared frame, and the confirmation of a new match
``settings``        the settings dialog (web/settings_form.py's view model)
``stats``           the statistics dialog
``last_trick``      the last trick dialog
``rules``           the rules page
``review``          the review of a finished hand (web/review/view.py's view model)
``learn``           Learn Bela: the lessons' list and a lesson's panel (web/learn/view.py)
``daily``           today's deals: the page's mode, the strip over the table, the day's card
``room``            a room of friends: the root's hooks, the room's panel
``room_table``      a guest's table in a room, from its own seat
``elements``        cards, suit signs and buttons the others share
==================  ==========================================================================

:class:`Screens` puts them together: ``render()`` brings the whole page up to date with the
model, ``redraw()`` draws it anew (after a change of language or card pattern).
"""

from __future__ import annotations

import asyncio
from functools import cached_property
from typing import TYPE_CHECKING

from bela.hand import Trick
from bela.seats import Seat
from web.dom import by_id, inline_sprite, once, qa
from web.model import Model
from web.screens.banner import BannerView
from web.screens.challenge import ChallengeScreen
from web.screens.coachline import CoachLine
from web.screens.daily import DailyScreen
from web.screens.dialog import open_confirm
from web.screens.hand import PlayerHand
from web.screens.hintline import HintLine
from web.screens.last_trick import LastTrickDialog
from web.screens.notice import Notices, live
from web.screens.prompt import PromptLine
from web.screens.sheet import Sheet
from web.screens.summary import Overlay
from web.screens.table import Table
from web.session import Outcome

if TYPE_CHECKING:
    from web.screens.friends import FriendsDialog
    from web.screens.learn import LearnScreen
    from web.screens.review import ReviewScreen
    from web.screens.room import RoomScreen
    from web.screens.room_table import GuestTableView
    from web.screens.rules import RulesPage
    from web.screens.settings import SettingsDialog
    from web.screens.stats import StatsDialog


class Screens:
    def __init__(self, model: Model) -> None:
        self.model = model
        self.table = Table(model)
        self.hand = PlayerHand(model)
        self.prompt = PromptLine(model)
        self.hint = HintLine(model)
        self.coach = CoachLine(model)
        self.sheet = Sheet(model)
        self.overlay = Overlay(model)
        self.banner = BannerView(model)
        self.notices = Notices(model)
        self.last_trick = LastTrickDialog(model)
        self.daily = DailyScreen(model)
        self.challenge = ChallengeScreen(model)
        self.hand_key: tuple[int, int] | None = None
        self._sprite = asyncio.ensure_future(inline_sprite())  # the cards' symbols into the page

    # the dialogs, the rules page and the review are made (and their modules imported) when
    # first opened: a first visit, which compiles every module it imports, starts without them

    @cached_property
    def settings(self) -> SettingsDialog:
        from web.screens.settings import SettingsDialog

        return SettingsDialog(self.model)

    @cached_property
    def friends(self) -> FriendsDialog:
        from web.screens.friends import FriendsDialog

        return FriendsDialog(self.model)

    @cached_property
    def room(self) -> RoomScreen:
        from web.screens.room import RoomScreen

        return RoomScreen(self.model)

    @cached_property
    def room_table(self) -> GuestTableView:
        from web.screens.room_table import GuestTableView

        return GuestTableView(self.model)

    @cached_property
    def stats(self) -> StatsDialog:
        from web.screens.stats import StatsDialog

        return StatsDialog(self.model)

    @cached_property
    def rules(self) -> RulesPage:
        from web.screens.rules import RulesPage

        return RulesPage(self.model)

    @cached_property
    def review(self) -> ReviewScreen:
        from web.screens.review import ReviewScreen

        return ReviewScreen(self.model)

    @cached_property
    def learn(self) -> LearnScreen:
        from web.learn.lessons import load
        from web.screens.learn import LearnScreen

        return LearnScreen(self.model, load())

    def made(self, name: str) -> bool:
        """Whether the screen ``name`` (one of those made when first opened) is made yet."""
        return name in self.__dict__

    def render(self, first: bool = False, played: Outcome | None = None) -> None:
        """The page up to date with the model (``first``: no dealing animation; ``played``:
        the move just made, whose card flies in)."""
        m = self.model
        if m.room is not None and m.room.role == "guest":
            self.room_table.render_guest(m.room)  # the host's table, from the view it sent
            self.room.render()
            return
        session = m.session
        hand = session.hand
        key = (m.gen, session.hand_number)
        new_hand = key != self.hand_key
        self.hand_key = key
        animate = new_hand and not first and not m.timing.instant
        self.table.render_root(hand)
        self.table.render_trump(hand)
        self.table.render_seats(hand, new_hand, animate)
        self.hand.render(hand, new_hand, animate)
        self.table.render_trick(hand, played)
        self.prompt.render(hand)
        self.sheet.render()
        self.overlay.render()
        self.daily.render()
        self.challenge.render()
        if m.room is not None:
            self.room_table.name_plates(m.room)
            self.room.render()
        self.banner.render()
        self.hint.render()
        if self.made("learn"):
            self.learn.render_lesson()
        self.coach.render()
        if played is None and m.human_can_act():
            # at the next frame: focusing now would lay the page out in this task, then again
            once(lambda _stamp: self.hand.restore_focus() if m.human_can_act() else None)

    def redraw(self) -> None:
        """Draw everything anew (after a change of language or card pattern): the cards, the
        speech bubbles, the prompt, the panels and any open dialog."""
        self.table.forget()
        for node in qa("[data-sig]"):
            node.removeAttribute("data-sig")
        self.sheet.forget()
        self.render(first=True)
        self.notices.render()
        if self.made("settings"):
            self.settings.render()
        rules = by_id("dlg-rules")
        if rules is not None and rules.open:
            self.rules.render()
        if self.made("review"):
            self.review.render()
        if self.made("learn"):
            self.learn.render_list()

    # -- what the game's flow asks for (web.game.Drawing) -----------------------------------------

    def render_banner(self) -> None:
        self.banner.render()

    def render_hint(self) -> None:
        self.hint.render()

    def render_coach(self) -> None:
        self.coach.render()

    def render_notices(self) -> None:
        self.notices.render()

    def collect(self, trick: Trick | None, winner: Seat | None) -> None:
        self.table.collect(trick, winner)

    def focus_choices(self) -> None:
        self.prompt.focus()

    def shake(self, notation: str) -> None:
        self.hand.shake(notation)

    def live(self, text: str) -> None:
        live(text)

    def open_confirm(self) -> None:
        open_confirm(self.model.t)
