"""What Learn Bela shows, from the lessons and the model: the list (each lesson with whether
it is done) and the panel over the table while a lesson is open (what is asked, then the
result and why). Plain Python, no browser: web/screens/learn.py draws it.

>>> from web.i18n import Translator
>>> from web.learn.lessons import LessonState, Result, load
>>> lessons = load()
>>> v = list_view(lessons, {"iber"}, Translator("en"), "en")
>>> v.count, [(i.ident, i.done) for i in v.items[2:4]]
('1 of 16 done', [('iber', True), ('ruff', False)])
>>> state = LessonState(lessons[2], Result(False, "You must beat the king of spades."))
>>> p = panel_view(lessons, state, Translator("en"), "en")
>>> p.step, p.result, p.head, p.why
('Lesson 3 of 16', 'wrong', 'Not quite.', 'You must beat the king of spades.')
"""

from __future__ import annotations

from dataclasses import dataclass

from web.learn.lessons import Lesson, LessonState
from web.words import T


@dataclass(frozen=True, slots=True)
class Item:
    ident: str
    number: int
    title: str
    done: bool
    state: str  # "done" or "not done yet", in words (the list says it, not only a mark)


@dataclass(frozen=True, slots=True)
class ListView:
    title: str
    intro: str
    count: str
    items: tuple[Item, ...]
    all_done: str  # said once every lesson is done, else ""


def list_view(lessons: list[Lesson], learned: set[str], t: T, lang: str) -> ListView:
    items = tuple(
        Item(
            x.ident,
            i + 1,
            x.text(lang, "title"),
            x.ident in learned,
            t("learn.done" if x.ident in learned else "learn.todo"),
        )
        for i, x in enumerate(lessons)
    )
    done = sum(1 for i in items if i.done)
    return ListView(
        title=t("learn.title"),
        intro=t("learn.intro"),
        count=t("learn.count", done=done, total=len(items)),
        items=items,
        all_done=t("learn.all_done") if done == len(items) else "",
    )


@dataclass(frozen=True, slots=True)
class PanelView:
    ident: str
    title: str
    step: str
    ask: str
    result: str  # "right", "wrong", or "" before the player acts
    head: str
    why: str
    last: bool  # the last lesson: "Next lesson" goes back to the list


def panel_view(lessons: list[Lesson], state: LessonState, t: T, lang: str) -> PanelView:
    lesson = state.lesson
    ids = [x.ident for x in lessons]
    n = ids.index(lesson.ident) + 1 if lesson.ident in ids else 0
    result = state.result
    verdict = "" if result is None else "right" if result.right else "wrong"
    return PanelView(
        ident=lesson.ident,
        title=lesson.text(lang, "title"),
        step=t("learn.step", n=n, total=len(lessons)),
        ask=lesson.text(lang, "ask"),
        result=verdict,
        head={"right": t("learn.right"), "wrong": t("learn.wrong")}.get(verdict, ""),
        why=result.why if result is not None else "",
        last=n == len(lessons),
    )
