"""Challenge a friend on the page: the link of the match in play (from the friends panel or the
game-over screen), copied or handed to the share sheet, and a challenge link opened (checked
first: a bad or altered one leaves a notice and changes nothing saved). Plain Python: the
panel, the share sheet and the page's address come in as small interfaces (web/app.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from web.daily.view import Duplicate
from web.friends.challenge import ChallengeError, of_match, read
from web.i18n import Msg
from web.model import Model


class Flow(Protocol):
    """What this asks of the game's flow (web.game.Game)."""

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None: ...

    def notice(self, msg: Msg) -> None: ...


class Panel(Protocol):
    """The friends panel (web.screens.friends.FriendsDialog)."""

    def open(self, link: str | None) -> None: ...


def wanted_challenge(text: str | None) -> tuple[Duplicate | None, Msg | None]:
    """The challenge of this visit's ``?challenge=``, or the notice saying why it was refused.

    >>> wanted_challenge(None), wanted_challenge("1.2.3")[1].key
    ((None, None), 'challenge.bad')
    """
    if text is None:
        return None, None
    try:
        return Duplicate.of_challenge(read(text)), None
    except ChallengeError:
        return None, Msg("challenge.bad")


@dataclass(eq=False)
class FriendsFlow:
    model: Model
    flow: Flow
    panel: Callable[[], Panel]
    share_out: Callable[[str], Awaitable[str]]
    page_url: Callable[[], str]
    link: str | None = field(default=None, init=False)  # the last challenge made ("": none could be made)

    def open(self) -> None:
        """The friends panel, as it was last (a challenge's link stays until the match changes)."""
        self.panel().open(self.link)

    def challenge(self) -> None:
        """The link of the match's finished hands, shown in the panel ("" if there is none)."""
        session = self.model.session
        found = of_match(session.match, session.levels)
        self.link = found.link(self.page_url()) if found is not None else ""
        self.panel().open(self.link)

    def copy(self) -> None:
        if self.link:
            self.flow.spawn(self._copy(self.link))

    async def _copy(self, link: str) -> None:
        how = await self.share_out(link)
        if how == "copied":
            self.flow.notice(Msg("daily.copied"))
        elif how == "failed":
            self.flow.notice(Msg("daily.copy_failed"))
