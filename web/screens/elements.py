"""Elements every screen uses: a card face or back, a row of small cards, suit signs, a
panel's main button, the hint's bulb, the button that opens a hand's review.

Elements are built with createElement and text set with textContent: nothing from storage or a
file is ever parsed as markup.
"""

from __future__ import annotations

from typing import Any

import js

from bela.cards import Card
from web.decks import prefix
from web.dom import SVG_NS, el, svg_use
from web.i18n import DECKS
from web.words import T, card_name


def deck_of(t: T) -> str:
    """The card pattern ``t`` speaks for (``french`` or ``german``)."""
    return str(getattr(t, "deck", DECKS[0]))


def card_el(t: T, card: Card | None, tag: str = "div", attr: str = "data-card", **attrs: str) -> Any:
    """A card face of the deck in use (or a back when ``card`` is None)."""
    ref = card.notation if card is not None else "back"
    label = card_name(t, card) if card is not None else t("card.back")
    node = el(tag, {attr: ref, "aria-label": label, **attrs}, cls="card")
    if tag == "div":
        node.setAttribute("role", "img")
    node.appendChild(svg_use(ref if card is None else prefix(deck_of(t)) + ref, "card-svg"))
    return node


def mini_cards(t: T, cards: list[Card] | tuple[Card, ...]) -> Any:
    return el("div", cls="mini-cards", children=[card_el(t, c, attr="data-face") for c in cards])


def suit_icon(letter: str, deck: str = "french") -> Any:
    """A suit sign of the deck in use (the French ones take the text's red or black)."""
    if deck == "german":
        return svg_use(f"{prefix(deck)}suit-{letter}", "suit-icon german", "0 0 100 100")
    color = "red" if letter in ("H", "D") else "black"
    return svg_use(f"suit-{letter}", f"suit-icon {color} suit-{letter}", "0 0 100 100")


def suit_mark(t: T, letter: str) -> Any:
    return suit_icon(letter, deck_of(t))


def suit_words(t: T, letter: str) -> list[Any]:
    return [suit_mark(t, letter), el("span", text=t(f"suit.{letter}"))]


def action_button(text: str, action: str, cls: str = "btn", **attrs: Any) -> Any:
    """A button whose ``data-action`` names what it does (web/intents.py)."""
    return el("button", {"type": "button", "data-action": action, **attrs}, cls=cls, text=text)


def primary_action(text: str, action: str) -> Any:
    """A panel's row with its one main button (``data-action`` names what it does)."""
    return el("div", cls="actions", children=[action_button(text, action, "btn primary")])


def column_heads(*texts: str) -> Any:
    """A table's head: one column header a text."""
    return el("thead", children=[el("tr", children=[el("th", {"scope": "col"}, text=x) for x in texts])])


def path_icon(cls: str, d: str) -> Any:
    """A 24 x 24 icon of one SVG path, drawn inline and hidden from screen readers."""
    svg = js.document.createElementNS(SVG_NS, "svg")
    for name, value in (("class", cls), ("viewBox", "0 0 24 24"), ("aria-hidden", "true")):
        svg.setAttribute(name, value)
    path = js.document.createElementNS(SVG_NS, "path")
    path.setAttribute("d", d)
    svg.appendChild(path)
    return svg


def bulb_icon() -> Any:
    """A light bulb (the Hint button's sign)."""
    return path_icon(
        "hint-icon",
        "M9 21c0 .55.45 1 1 1h4c.55 0 1-.45 1-1v-1H9v1zm3-19C8.14 2 5 5.14 5 9c0 2.38 1.19 4.47 3 "
        "5.74V17c0 .55.45 1 1 1h6c.55 0 1-.45 1-1v-2.26c1.81-1.27 3-3.36 3-5.74 0-3.86-3.14-7-7-7zm2.85 "
        "11.1-.85.6V16h-4v-2.3l-.85-.6A5 5 0 0 1 7 9c0-2.76 2.24-5 5-5s5 2.24 5 5a5 5 0 0 1-2.15 4.1z",
    )


def review_button(t: T, number: int, label: bool = True) -> Any:
    """The button that opens the review of hand ``number`` (summary, game over, score sheet)."""
    attrs = {"type": "button", "data-action": "review", "data-hand-number": str(number)}
    if label:
        return el("button", attrs, cls="btn review-open", text=t("review.open"))
    name = t("review.hand", n=number)
    button = el("button", {**attrs, "aria-label": name, "title": name}, cls="review-btn")
    button.appendChild(_magnifier())
    return button


def _magnifier() -> Any:
    """A magnifying glass (a score-sheet row's Review button)."""
    return path_icon(
        "review-icon",
        "M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 9.5 16a6.5 6.5 0 0 0 4.2-1.6l.3.3v.8l5 5 1.5-1.5-5-5zm-6 0"
        "A4.5 4.5 0 1 1 14 9.5 4.5 4.5 0 0 1 9.5 14z",
    )
