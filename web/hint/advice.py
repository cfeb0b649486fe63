"""Hints in the page: what the computer would do in the player's place, and why, in the page's
language. Plain Python (no browser, and no bots: they are heavy on the page's thread).

The page asks the bot worker (web/worker/main.py) for the decision of a ``HINT_LEVEL`` player in
seat S, with a seed drawn from the position itself (:func:`hint_seed`: the same position, the
same hint). The worker sends the decision back as plain data (web.worker.messages.decision_reply),
read back into the bots' own Decision (web.worker.messages.read_decision); here the control to
highlight is chosen (:func:`target`) and the reason is worded (:func:`hint_texts`) from the
catalogs: ``hint.say.*`` for what to do, ``hint.rule.<rule id>`` for why, with the search's
figures where the bot searched.

>>> from web.i18n import Translator
>>> from web.worker.messages import read_decision
>>> advice = read_decision({"action": "play:AS", "rule": "search.exact", "expected": 23.44,
...     "runner_up": 12.1, "alternative": "play:TH", "samples": 56, "params": []})
>>> target(advice)
'[data-hand="S"] [data-card="AS"]'
>>> say, why, next_best = hint_texts(Translator("en"), advice)
>>> say, next_best
('Hint: play the ace of spades.', 'Next best: the ten of hearts, +12.1.')
>>> why.split(";")[0]
'Solved to the last trick in each deal tried, it averages +23.4 on the score sheet (our points minus theirs)'
>>> hint_texts(Translator("hr"), advice)[2]
'Sljedeća najbolja: desetka herc, +12,1.'
"""

from __future__ import annotations

import string
from collections.abc import Mapping

from bela.actions import Action, Bid, Decision, Declare, Play
from bela.cards import Card, Suit
from web.i18n import Translator
from web.words import card_name

#: The level whose advice the hint gives: the strongest player (its card play is a search over
#: sampled deals, whose figures the hint shows; its trump naming is a fitted model).
HINT_LEVEL = "hard"
#: The catalog key of a rule id is this prefix and the id (``hint.rule.lead.master``).
RULE_PREFIX = "hint.rule."
#: Where a catalog has no text for a rule id (a new one): a search's figures, else this.
SEARCH_FALLBACK = "hint.search"
RULE_FALLBACK = "hint.other"
#: Parameters written as signed margins (our points minus theirs).
SIGNED = frozenset({"expected", "runner_up", "margin", "value"})
#: Languages writing a decimal point; the others write a comma.
DECIMAL_POINT = frozenset({"en"})
MINUS = "\u2212"


def hint_seed(record: str) -> int:
    """The bot's seed for a hint: drawn from the position's record, so the same position (the
    same match up to the same action) always gets the same hint.

    >>> hint_seed("{}") == hint_seed("{}") != hint_seed("[]")
    True
    """
    import hashlib  # here: the page's start does without it (about 20 ms of a first visit)

    return int.from_bytes(hashlib.sha256(record.encode("utf-8")).digest()[:8], "big") >> 1


def target(advice: Decision, pending_bela: Card | None = None) -> str:
    """The CSS selector of the control to highlight: a bid button, a declaration button, a
    card of the player's hand, or the Zovi belu / Bez button once that card has been chosen.

    >>> target(Decision(Bid(None))), target(Decision(Declare(True)))
    ('[data-bid="pass"]', '[data-declare="yes"]')
    >>> queen = Card.parse("QH")
    >>> target(Decision(Play(queen, True))), target(Decision(Play(queen, True)), pending_bela=queen)
    ('[data-hand="S"] [data-card="QH"]', '[data-bela="yes"]')
    """
    action = advice.action
    if isinstance(action, Bid):
        return f'[data-bid="{"pass" if action.suit is None else action.suit.letter}"]'
    if isinstance(action, Declare):
        return f'[data-declare="{"yes" if action.yes else "no"}"]'
    if pending_bela is not None and action.card == pending_bela and action.bela is not None:
        return f'[data-bela="{"yes" if action.bela else "no"}"]'
    return f'[data-hand="S"] [data-card="{action.card.notation}"]'


def number(lang: str, value: float | int, signed: bool = False) -> str:
    """A figure as the language writes it: one decimal at most, a decimal comma except in
    English, a true minus sign, a plus sign on a signed margin.

    >>> number("hr", 23.44, True), number("en", -5, True), number("fr", 34.0), number("pl", -6.25)
    ('+23,4', '−5', '34', '−6,2')
    """
    x = round(float(value), 1)
    if x == 0:
        x = 0.0  # no "-0"
    text = f"{abs(x):.1f}".removesuffix(".0")
    if lang not in DECIMAL_POINT:
        text = text.replace(".", ",")
    if x < 0:
        return MINUS + text
    return ("+" if signed else "") + text


def _say(t: Translator, action: Action) -> str:
    if isinstance(action, Bid):
        if action.suit is None:
            return t("hint.say.pass")
        return t("hint.say.bid", suit=t(f"suit_lower.{action.suit.letter}"))
    if isinstance(action, Declare):
        return t("hint.say.declare_yes" if action.yes else "hint.say.declare_no")
    card = card_name(t, action.card)
    if action.bela is True:
        return t("hint.say.play_bela", card=card)
    if action.bela is False:
        return t("hint.say.play_bez", card=card)
    return t("hint.say.play", card=card)


def _param_words(t: Translator, name: str, value: str | int | float) -> str:
    """A rule's parameter in words: a card or suit by its name, a figure as the language
    writes it."""
    if isinstance(value, str):
        if name == "card":
            return card_name(t, Card.parse(value))
        if name == "suit":
            return t(f"suit_lower.{Suit.parse(value).letter}")
        raise ValueError(f"no words for the parameter {name}={value!r}")
    return number(t.lang, value, signed=name in SIGNED)


def _fill(t: Translator, key: str, words: Mapping[str, str]) -> str | None:
    """The text of ``key`` with its placeholders filled, or None if the catalog has no such
    text or it asks for a parameter that is not there."""
    if not t.has(key):
        return None
    text = t.text(key)
    wanted = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    if not wanted <= words.keys():
        return None
    return t(key, **words)


def why(t: Translator, advice: Decision) -> str:
    """The reason in one sentence: the rule in words, with a search's figures."""
    words: dict[str, str] = {}
    for name, value in advice.params:
        try:
            words[name] = _param_words(t, name, value)
        except ValueError:
            continue  # a parameter the catalogs do not use (a new one): left out
    if advice.expected is not None:
        words["expected"] = number(t.lang, advice.expected, signed=True)
        words["samples"] = str(advice.samples)
    found = _fill(t, RULE_PREFIX + advice.rule, words) if advice.rule else None
    if found is None and advice.expected is not None:
        found = _fill(t, SEARCH_FALLBACK, words)
    return found if found is not None else t(RULE_FALLBACK)


def hint_texts(t: Translator, advice: Decision) -> list[str]:
    """What to do, why, and (for a search) the next best choice with its figure: one text each,
    all from the language's catalog."""
    lines = [_say(t, advice.action), why(t, advice)]
    alt = advice.alternative
    if advice.expected is not None and isinstance(alt, Play) and advice.runner_up is not None:
        value = number(t.lang, advice.runner_up, signed=True)
        lines.append(t("hint.next_best", card=card_name(t, alt.card), value=value))
    return lines


Key = tuple[int | str, ...]  # web.session.Position, or any tuple that changes with the position


class HintState:
    """The page's hint for the position it was asked in (``key``: anything that changes when
    the position changes). An answer for a position that has since changed is discarded.

    >>> h = HintState()
    >>> h.ask((1, 5)), h.ask((1, 5)), h.thinking((1, 5))
    (True, False, True)
    >>> h.answer((1, 5), (1, 6), Decision(Bid(None)))  # the player has moved on meanwhile
    False
    >>> h.shown((1, 6)) is None and not h.thinking((1, 6))
    True
    """

    def __init__(self) -> None:
        self.key: Key | None = None
        self.advice: Decision | None = None
        self.asking = False
        self.failed = False

    def _follow(self, now: Key) -> None:
        if self.key != now:
            self.key = None
            self.advice = None
            self.asking = False
            self.failed = False

    def ask(self, now: Key) -> bool:
        """A hint asked in position ``now``: True if it must be computed (not already shown or
        being computed for this position)."""
        self._follow(now)
        if self.key == now and (self.asking or self.advice is not None):
            return False
        self.key = now
        self.advice = None
        self.asking = True
        self.failed = False
        return True

    def answer(self, asked: Key, now: Key, advice: Decision | None) -> bool:
        """The answer to a hint asked in position ``asked`` arrives in position ``now``: kept
        (True) only if nothing has changed meanwhile. ``None``: no hint could be computed."""
        self._follow(now)
        if asked != now or self.key != asked or not self.asking:
            return False
        self.asking = False
        self.advice = advice
        self.failed = advice is None
        return advice is not None

    def thinking(self, now: Key) -> bool:
        self._follow(now)
        return self.asking

    def shown(self, now: Key) -> Decision | None:
        self._follow(now)
        return self.advice
