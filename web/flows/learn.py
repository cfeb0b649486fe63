"""Learn Bela on the page: the lessons' list, a lesson's position on the table, the player's
action judged (by the engine's refusal, else against the lesson's right actions), trying again,
the next lesson, and back to where the player was. Plain Python: it is handed the game's flow
and the drawing as small interfaces (web/app.py wires them), so it imports neither the app nor
the flow; the lessons and their judging are in web/learn/lessons.py.

The match in progress is put aside while a lesson is open and put back as it was: a lesson's
hand is never saved, never counted in the statistics, and the regular match's save is not
touched. Which lessons were answered right is kept in the store under its own key.

>>> from web.params import Params
>>> from web.settings import Settings
>>> from web.stats import Stats
>>> from web.saves import MemoryStore
>>> from web.session import Session
>>> from bela.rules import HouseRules
>>> regular = Session.new(HouseRules(), 7, {})
>>> m = Model(regular, Settings(), Stats(), Params(), "en")
>>> flow, draw, store = FakeFlow(m), FakeDrawing(), MemoryStore()
>>> learn = LearnFlow(m, store, flow, draw)
>>> learn.open_list(); draw.calls[-1]
'list'
>>> learn.start("iber"); m.lesson.lesson.ident, m.session is regular
('iber', False)
>>> from bela.actions import Play
>>> from bela.cards import Card
>>> learn.acted(Play(Card.parse("9S")), m.session.hand.check(Play(Card.parse("9S"))))
True
>>> m.lesson.result.right, m.lesson.result.why
(False, 'You must beat the king of spades.')
>>> learn.retry(); m.lesson.result is None
True
>>> learn.acted(Play(Card.parse("AS")), None), m.lesson.result.right, sorted(m.learned)
(True, True, ['iber'])
>>> from web.i18n import Translator
>>> m.lang, m.t = "fr", Translator("fr")
>>> learn.rephrase(); m.lesson.result.why.startswith("Exact")
True
>>> store.get(PROGRESS_KEY)
'{"app": "bela", "kind": "learn", "v": 1, "done": ["iber"]}'
>>> learn.close(), m.lesson is None, m.session is regular
(True, True, True)

Opened during a practice hand (Play it again from here), a lesson gives the practice back
with its way back to the review:

>>> m.practice = "back to the review"
>>> learn.start("iber"); m.practice is None
True
>>> learn.close(), m.session is regular, m.practice
(True, True, 'back to the review')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from bela.actions import Action, Refusal
from bela.seats import Team
from web.learn.lessons import PROGRESS_KEY, Lesson, LessonState, Progress, Result, find, judge, load, next_of
from web.model import Model
from web.saves import Store
from web.session import Outcome, Session


class Flow(Protocol):
    """What this asks of the game's flow (web.game.Game)."""

    def replace_session(self, session: Session) -> None: ...

    def show(self, outcome: Outcome | None) -> None: ...


class Drawing(Protocol):
    """What this asks of the screens (web.screens.learn.LearnScreen, through web.screens)."""

    def open_list(self) -> None: ...

    def close_list(self) -> None: ...

    def render_lesson(self, focus: bool = False) -> None: ...

    def live(self, text: str) -> None: ...


class LearnFlow:
    def __init__(
        self,
        model: Model,
        store: Store,
        flow: Flow,
        draw: Drawing,
        returned: Callable[[], None] = lambda: None,
    ) -> None:
        self.model = model
        self.store = store
        self.flow = flow
        self.draw = draw
        self.returned = returned  # back in the match (today's deals compute their par again)
        self.lessons: list[Lesson] = load()
        self.regular: Session | None = None  # the match put aside while a lesson is open
        self.regular_practice: object = None  # and where its "Back to review" led (web/flows/practice.py)
        known = [x.ident for x in self.lessons]
        self.model.learned = Progress.from_text(store.get(PROGRESS_KEY), known).done

    # -- the list ------------------------------------------------------------------------------

    def open_list(self) -> None:
        self.draw.open_list()

    # -- a lesson --------------------------------------------------------------------------------

    def start(self, ident: str) -> None:
        """Open lesson ``ident`` on the table (from its data, afresh)."""
        lesson = find(self.lessons, ident)
        if lesson is None:
            return
        m = self.model
        if m.lesson is None:
            self.regular, self.regular_practice = m.session, m.practice
        self.draw.close_list()
        m.lesson = LessonState(lesson)
        self.flow.replace_session(lesson.session())
        self.draw.render_lesson(focus=True)
        self.draw.live(f"{lesson.text(m.lang, 'title')}. {lesson.text(m.lang, 'ask')}")

    def retry(self) -> None:
        if self.model.lesson is not None:
            self.start(self.model.lesson.lesson.ident)

    def next(self) -> None:
        """The next lesson; after the last, the list."""
        state = self.model.lesson
        following = next_of(self.lessons, state.lesson.ident) if state is not None else self.lessons[0]
        if following is None:
            self.close()
            self.open_list()
            return
        self.start(following.ident)

    def close(self) -> bool:
        """Back to where the player was, the match as it was; False if no lesson is open."""
        m = self.model
        if m.lesson is None:
            return False
        m.lesson = None
        regular, self.regular = self.regular, None
        practice, self.regular_practice = self.regular_practice, None
        if regular is not None:
            self.flow.replace_session(regular)
            m.practice = practice  # a practice hand goes on with its way back to the review
        self.draw.render_lesson()
        self.returned()
        return True

    # -- the player's action (web.game.Game asks) ---------------------------------------------------

    def acted(self, action: Action, refusal: Refusal | None) -> bool:
        """Judge the player's action in a one-move lesson: True if the lesson took it (the
        game's flow does nothing more), False in the guided hand (it is played as usual)."""
        m = self.model
        state = m.lesson
        if state is None or state.guided:
            return False
        if state.result is not None:
            return True  # answered: "Try again" or "Next lesson"
        result = judge(state.lesson, action, refusal, m.t, m.lang)
        state.result = result  # the table drawn as answered: no choices, no one thinking
        state.action, state.refusal = action, refusal
        m.pending_bela = None
        m.refusal = ""
        self.flow.show(m.session.apply(action) if refusal is None else None)  # the card played...
        self.finish(state, result)
        return True

    def hand_ended(self) -> None:
        """The guided hand is over: done, with how it went."""
        m = self.model
        state = m.lesson
        if state is None or not state.guided or state.result is not None or not m.session.hand.finished:
            return
        self.finish(state, self.guided_result())

    def guided_result(self) -> Result:
        m = self.model
        assert m.lesson is not None
        written = m.session.match.score().hands[-1].written
        score = m.t("learn.guided_score", ns=written[Team.NS.value], ew=written[Team.EW.value])
        return Result(True, f"{m.lesson.lesson.text(m.lang, 'right')} {score}")

    def rephrase(self) -> None:
        """The result said again in the language just chosen (the screens redraw it)."""
        m = self.model
        state = m.lesson
        if state is None or state.result is None:
            return
        if state.action is not None:
            state.result = judge(state.lesson, state.action, state.refusal, m.t, m.lang)
        elif state.guided:
            state.result = self.guided_result()

    def finish(self, state: LessonState, result: Result) -> None:
        m = self.model
        state.result = result
        if result.right and state.lesson.ident not in m.learned:
            m.learned.add(state.lesson.ident)
            self.store.set(PROGRESS_KEY, Progress(set(m.learned)).to_text())
        self.draw.render_lesson(focus=True)
        head = m.t("learn.right" if result.right else "learn.wrong")
        self.draw.live(f"{head} {result.why}")


class FakeFlow:
    """The game's flow for the examples and tests: sessions replaced, outcomes shown."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.shown: list[Outcome] = []

    def replace_session(self, session: Session) -> None:
        self.model.session = session
        self.model.practice = None  # as web.game.Game does

    def show(self, outcome: Outcome | None) -> None:
        if outcome is not None:
            self.shown.append(outcome)


class FakeDrawing:
    def __init__(self) -> None:
        self.calls: list[str] = []
        self.said: list[str] = []

    def open_list(self) -> None:
        self.calls.append("list")

    def close_list(self) -> None:
        self.calls.append("close-list")

    def render_lesson(self, focus: bool = False) -> None:
        self.calls.append("lesson")

    def live(self, text: str) -> None:
        self.said.append(text)
