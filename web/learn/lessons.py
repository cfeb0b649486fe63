"""Learn Bela: the lessons, read from their data (web/learn/lessons.json), and the player's progress.
Plain Python (no browser).

A lesson is data, not code: a position (the dealer, the four hands of 8 cards, the house
rules, the actions so far in the protocol's notation), what the player is asked to do, the
actions that are right, and its words in every language. The engine builds the position and
says whether an action is legal; this module only compares the player's legal action with the
lesson's right ones. Which actions are right is checked against the rules and the exact
solver by tests/test_lessons.py, never computed here.

>>> lessons = load()
>>> lessons[0].ident, lessons[-1].kind
('order', 'guided')
>>> hand = lessons[0].hand()
>>> hand.turn.name, hand.phase.value
('S', 'playing')
>>> p = Progress.from_text('{"done": ["order", "nope"]}', [x.ident for x in lessons])
>>> sorted(p.done), Progress.from_text("not json", ["order"]).done
(['order'], set())
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from bela.actions import Action, Refusal
from bela.cards import Card
from bela.hand import Hand
from bela.match import Match
from bela.record import from_json
from bela.rules import HouseRules
from bela.seats import SEATS, Seat
from web.i18n import FALLBACK_LANG, LANGS
from web.session import DEFAULT_LEVELS, Session
from web.words import T, refusal_text
from web.worker.messages import action_text, parse_action

#: The store's key of the lessons done (beside bela.v1.match and the others).
PROGRESS_KEY = "bela.v1.learn"
#: The kinds of lesson: one card to play, one bid, one declaration choice, or a whole hand.
KINDS = ("play", "bid", "declare", "guided")
#: The words every lesson has in every language.
WORDS = ("title", "ask", "right", "wrong")
_PATH = Path(__file__).resolve().parent / "lessons.json"


@dataclass(frozen=True)
class Lesson:
    ident: str
    kind: str
    dealer: Seat
    deal: dict[Seat, tuple[Card, ...]]
    rules: HouseRules
    actions: tuple[Action, ...]
    right: frozenset[str]  # the right actions, in the protocol's notation (web/worker/messages.py)
    words: dict[str, dict[str, str]]
    check: str = ""  # how tests/test_lessons.py checks the right answer (rules, solver...)
    before: tuple[dict[str, Any], ...] = ()  # the match's earlier hands (bela-record's "hands")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Lesson:
        kind = str(data["kind"])
        if kind not in KINDS:
            raise ValueError(f"lesson {data.get('id')!r}: unknown kind {kind!r}")
        deal = {s: tuple(Card.parse(c) for c in str(data["deal"][s.name]).split()) for s in SEATS}
        return cls(
            ident=str(data["id"]),
            kind=kind,
            dealer=Seat[str(data["dealer"])],
            deal=deal,
            rules=HouseRules.from_json(data.get("rules", {})),
            actions=tuple(parse_action(a) for a in data.get("actions", [])),
            right=frozenset(str(a) for a in data.get("right", [])),
            words={lang: {k: str(v) for k, v in w.items()} for lang, w in data["words"].items()},
            check=str(data.get("check", "")),
            before=tuple(data.get("before", ())),
        )

    def match(self) -> Match:
        """The lesson's position, built by the engine (which refuses an illegal one): its
        earlier hands (read as a record), then its hand up to the player's turn."""
        if self.before:
            record = {"format": "bela-record", "version": 1, "rules": self.rules.to_json()}
            match = from_json({**record, "hands": list(self.before)})
            if match.next_dealer() is not self.dealer:
                raise ValueError(f"lesson {self.ident!r}: the dealer does not follow the earlier hands")
        else:
            match = Match(self.rules, seed=1, dealer=self.dealer)
        hand = match.start_hand(self.deal)
        for action in self.actions:
            hand.apply(action)
        return match

    def hand(self) -> Hand:
        hand = self.match().current
        assert hand is not None
        return hand

    def session(self) -> Session:
        """The position as a match the table can show and play (never saved, never counted)."""
        match = self.match()
        session = Session(match, dict(DEFAULT_LEVELS))
        session.counted = len(match.hands)  # a lesson's hands never reach the statistics
        session.done = True
        return session

    def text(self, lang: str, key: str) -> str:
        words = self.words.get(lang) or self.words[FALLBACK_LANG]
        return words.get(key) or self.words[FALLBACK_LANG][key]

    def is_right(self, action: Action) -> bool:
        return action_text(action) in self.right


@dataclass(frozen=True, slots=True)
class Result:
    """How the player's action went: right or wrong, and why in words."""

    right: bool
    why: str


def judge(lesson: Lesson, action: Action, refusal: Refusal | None, t: T, lang: str) -> Result:
    """An illegal action is wrong in the engine's own words; a legal one is right if it is one
    of the lesson's right actions, else wrong with the lesson's words on what it cost."""
    if refusal is not None:
        return Result(False, refusal_text(t, refusal))
    if lesson.is_right(action):
        return Result(True, lesson.text(lang, "right"))
    return Result(False, lesson.text(lang, "wrong"))


def ready() -> bool:
    """Whether the lessons can be read: a page restored from its snapshot unpacks the game's
    files once it is idle (assets/pyodide-boot.mjs), and ``?learn`` opens them at once."""
    return _raw.cache_info().currsize > 0 or _PATH.exists()


@cache
def _raw() -> list[dict[str, Any]]:
    data = json.loads(_PATH.read_text(encoding="utf-8"))
    lessons = data["lessons"]
    assert isinstance(lessons, list)
    return lessons


def load() -> list[Lesson]:
    """Every lesson, in the path's order."""
    return [Lesson.from_json(d) for d in _raw()]


def find(lessons: list[Lesson], ident: str) -> Lesson | None:
    return next((x for x in lessons if x.ident == ident), None)


def next_of(lessons: list[Lesson], ident: str) -> Lesson | None:
    """The lesson after ``ident`` (None after the last)."""
    ids = [x.ident for x in lessons]
    i = ids.index(ident) if ident in ids else -1
    return lessons[i + 1] if 0 <= i < len(lessons) - 1 else None


@dataclass
class Progress:
    """The lessons answered right (kept in the store across visits)."""

    done: set[str] = field(default_factory=set)

    @classmethod
    def from_text(cls, text: str | None, known: list[str]) -> Progress:
        """Read what the store holds; anything unreadable is no progress (nothing to lose)."""
        try:
            data = json.loads(text or "{}")
            items = data.get("done", []) if isinstance(data, dict) else []
            return cls({str(x) for x in items if str(x) in known})
        except (ValueError, TypeError, AttributeError):
            return cls()

    def to_text(self) -> str:
        return json.dumps({"app": "bela", "kind": "learn", "v": 1, "done": sorted(self.done)})


@dataclass
class LessonState:
    """The lesson open on the table, and its result once the player has acted."""

    lesson: Lesson
    result: Result | None = None
    action: Action | None = None  # what the player did (to word the result again in another language)
    refusal: Refusal | None = None

    @property
    def guided(self) -> bool:
        return self.lesson.kind == "guided"


def languages_complete(lesson: Lesson) -> list[str]:
    """The languages whose words the lesson lacks (every one of :data:`WORDS` in each)."""
    return [lang for lang in LANGS if any(not lesson.words.get(lang, {}).get(k) for k in WORDS)]
