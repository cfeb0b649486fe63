"""The page's state, in one place: the match in progress, the settings and statistics, and what
the table shows besides the engine's state (a trick left on the table, a pending bela choice,
a refusal, a banner, the notices, the hint). Plain Python: no browser.

The game's flow (web/game.py) changes it; the screens (web/screens/) only read it.

>>> from web.params import Params
>>> from web.settings import Settings
>>> from web.session import DEFAULT_LEVELS, Session
>>> from bela.rules import HouseRules
>>> session = Session.new(HouseRules(), 7, dict(DEFAULT_LEVELS))
>>> m = Model(session, Settings(), Stats(), Params(speed="fast"), "en")
>>> m.speed, m.timing.instant, m.t("seat.S")
('fast', False, 'You')
>>> m.position_key()[:3]
(0, 1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bela.cards import Card
from bela.seats import Seat
from web.coach.note import CoachState
from web.hint.advice import HintState
from web.i18n import Msg, Translator
from web.params import Params
from web.session import Position, Session
from web.settings import Settings
from web.stats import Stats
from web.view import Timing

if TYPE_CHECKING:  # the review's and the lessons' modules are imported when first opened
    from web.friends.state import RoomState
    from web.learn.lessons import LessonState
    from web.review.view import ReviewData, ReviewState

#: The notice of a new build (drawn with its reload button by web/screens/notice.py).
UPDATE_READY = Msg("notice.update_ready")

#: A banner over the table: its text, the cards it shows, and whether it is a big one.
Banner = tuple[str, list[Card], bool]


@dataclass(eq=False)
class Model:
    session: Session
    settings: Settings
    stats: Stats
    params: Params
    lang: str
    notices: list[Msg] = field(default_factory=list)  # put into words when drawn
    gen: int = 0  # a new match (or an imported one) is a new generation: older tasks stop
    busy: bool = False  # the computer players are moving, or a move is being shown
    showing: Any = None  # a complete trick left on the table for a moment
    pending_bela: Card | None = None  # the trump king or queen awaiting "bela?" under "choose"
    refusal: str = ""  # why the player's last try was refused, in words
    banner: Banner | None = None
    save_failed: bool = False
    hints: HintState = field(default_factory=HintState)
    review: ReviewState | None = None  # the review of a finished hand, open over the page
    reviews: dict[tuple[int, int], ReviewData] = field(default_factory=dict)  # by (gen, hand)
    coach: CoachState = field(default_factory=CoachState)  # the coach's prices and note (web/coach/note.py)
    practice: Any = (
        None  # while a practice hand is played: where "Back to review" returns (review/practice.py)
    )
    share_text: str = ""  # the last text shared (today's deals, a deal), shown to copy by hand
    lesson: LessonState | None = None  # a lesson of Learn Bela open on the table (web/learn/flow.py)
    learned: set[str] = field(default_factory=set)  # the lessons answered right
    room: RoomState | None = None  # a room of friends, hosted or joined (web/friends/rooms.py)
    saves_kept: bool | None = None  # navigator.storage: the browser keeps the saves (None: unknown)
    t: Translator = field(init=False)

    def __post_init__(self) -> None:
        self.t = Translator(self.lang, self.settings.deck)

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` with the deck of the settings (also after a change of deck)."""
        self.lang = lang
        self.t = Translator(lang, self.settings.deck)

    @property
    def speed(self) -> str:
        return self.params.speed or self.settings.speed

    @property
    def timing(self) -> Timing:
        return Timing.of(self.speed)

    def coach_setting(self) -> str:
        """``off`` or ``mistakes``: this visit's ``?coach=`` over the setting."""
        return self.params.coach or self.settings.coach

    def human_can_act(self) -> bool:
        hand = self.session.hand
        if self.review is not None:  # the review of a hand is open over the table
            return False
        if self.lesson is not None and self.lesson.result is not None:  # answered: try again or go on
            return False
        if self.room is not None and (self.room.role == "guest" or not self.room.started):
            return False  # a guest acts through its room; a host once the match has started
        return not self.busy and hand.turn is Seat.S and not hand.finished and not self.session.match.over

    def position_key(self) -> Position:
        """Changes whenever the position does (an action, a new hand, another match, another
        line of play after a take-back): web.session.Position."""
        return self.session.position(self.gen)
