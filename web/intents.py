"""The input table: what a click, a key or a change on the page means, as a named intent.
Plain Python: the page's input layer (web/input.py) asks it with the clicked element's
``closest`` and hands the intent to the app, which has one handler per name (web/app.py).

A click means the first row of :data:`CLICKS` whose selector the clicked element is in:

>>> page = FakePage({'[data-bid]:not([disabled]):not([data-coach])': {"data-bid": "H"}, "#table": {}})
>>> click_intent(page.closest)
Intent(name='bid', value='H')
>>> click_intent(FakePage({"button[id]": {"id": "open-stats"}}).closest)
Intent(name='open-stats', value='')
>>> click_intent(FakePage({}).closest) is None
True
>>> key_intent("h", can_act=True), key_intent("h", can_act=False)
(Intent(name='hint', value=''), None)
>>> key_intent("ArrowLeft", on_card=True), key_intent("Escape")
(Intent(name='move-focus', value='ArrowLeft'), Intent(name='cancel', value=''))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: The keys that ask for a hint, and those that move the focus along the player's hand.
HINT_KEYS = ("h", "H", "?")
FOCUS_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")
#: The keys that step through a hand's review while it is open.
REVIEW_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "start", "End": "end"}


@dataclass(frozen=True, slots=True)
class Intent:
    name: str
    value: str = ""
    node: Any = field(default=None, compare=False, repr=False)  # the element, for a handler that needs it


@dataclass(frozen=True, slots=True)
class Rule:
    """Clicks inside ``selector`` mean ``name`` (or the value of the attribute ``name_from``),
    with the value of the attribute ``value`` (if any)."""

    selector: str
    name: str = ""
    value: str = ""
    name_from: str = ""

    def intent(self, node: Any) -> Intent | None:
        name = self.name or _attr(node, self.name_from)
        if not name:
            return None
        return Intent(name, _attr(node, self.value) if self.value else "", node)


#: Clicks, first match wins. Names from ``data-action`` (next-hand, new-game, export, update,
#: hint, ...) and from buttons' ids (open-side, open-settings, restart, ...) are intents as they are.
CLICKS: tuple[Rule, ...] = (
    Rule("#hand [data-card]", "play-card", value="data-card"),
    Rule("[data-bid]:not([disabled]):not([data-coach])", "bid", value="data-bid"),  # not the coach's note
    Rule("[data-declare]", "declare", value="data-declare"),
    Rule("[data-bela]", "bela", value="data-bela"),
    Rule("[data-review-nav]", "review-nav", value="data-review-nav"),
    Rule('[data-action="review"]', "review", value="data-hand-number"),
    Rule("[data-learn] [data-lesson]", "open-lesson", value="data-lesson"),
    Rule("[data-action]", name_from="data-action"),
    Rule("[data-close]", "close"),
    Rule("button[id]", name_from="id"),
    Rule("#scrim", "close-side"),
    Rule("#table", "table"),  # anywhere else on the table (it puts a pending bela choice away)
)


def _attr(node: Any, name: str) -> str:
    if name == "id":
        return str(getattr(node, "id", "") or "")
    value = node.getAttribute(name)
    return "" if value is None else str(value)


def click_intent(closest: Callable[[str], Any]) -> Intent | None:
    """What a click means; ``closest(selector)`` is the clicked element's nearest
    ancestor-or-self matching ``selector``, or None."""
    for rule in CLICKS:
        node = closest(rule.selector)
        if node is not None:
            return rule.intent(node)
    return None


def key_intent(
    key: str,
    *,
    modified: bool = False,
    in_field: bool = False,
    dialog_open: bool = False,
    on_card: bool = False,
    can_act: bool = False,
    review_open: bool = False,
) -> Intent | None:
    """What a key means: Escape puts away what is open, H or ? asks for a hint (unless another
    key is held with it, a text field has the keyboard or a dialog is open), and the arrows,
    Home and End move along the player's cards; while a hand's review is open they step
    through it instead.

    >>> key_intent("ArrowRight", review_open=True), key_intent("h", review_open=True, can_act=True)
    (Intent(name='review-nav', value='next'), None)
    """
    if key == "Escape":
        return Intent("cancel")
    if review_open:
        nav = REVIEW_KEYS.get(key)
        return Intent("review-nav", nav) if nav and not modified else None
    if key in HINT_KEYS and not modified and not in_field and not dialog_open and can_act:
        return Intent("hint")
    if on_card and key in FOCUS_KEYS:
        return Intent("move-focus", key)
    return None


def change_intent(node: Any) -> Intent | None:
    """A file chosen for import, or a setting changed."""
    if _attr(node, "data-action") == "import":
        return Intent("import", "", node)
    name = _attr(node, "data-setting")
    if name:
        return Intent("setting", f"{name}={node.value}", node)
    return None


class FakePage:
    """Elements by the selectors they match, for the examples and tests: each a dict of its
    attributes."""

    def __init__(self, matches: dict[str, dict[str, str]]) -> None:
        self.matches = {sel: FakeNode(attrs) for sel, attrs in matches.items()}

    def closest(self, selector: str) -> Any:
        return self.matches.get(selector)


class FakeNode:
    def __init__(self, attrs: dict[str, str]) -> None:
        self.attrs = attrs
        self.id = attrs.get("id", "")
        self.value = attrs.get("value", "")

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)
