"""The rules page: the rules as this game plays them (web/rules.py's blocks), with the house
rules of the match in play marked, worked examples drawn with cards, and the glossary."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from web.dom import by_id, el, replace_children
from web.model import Model
from web.rules import Block, page
from web.screens.dialog import made_dialog
from web.screens.elements import card_el, mini_cards, suit_icon


@dataclass(eq=False)
class RulesPage:
    model: Model

    def open(self) -> None:
        dialog = made_dialog("dlg-rules", "rules-title", "rules", "rules-page")
        self.render()
        if not dialog.open:
            dialog.showModal()
        dialog.scrollTop = 0

    def render(self) -> None:
        """The rules as this game plays them, for the match in progress (web.rules)."""
        dialog = by_id("dlg-rules")
        t = self.model.t
        blocks = page(t, self.model.session.match.rules)
        title = blocks[0].text
        content: list[Any] = []
        section: Any = None
        for block in blocks[1:]:
            if block.kind == "section":
                section = el(
                    "section",
                    {"data-rules-section": block.ident, "aria-labelledby": f"rules-{block.ident}"},
                    children=[el("h3", {"id": f"rules-{block.ident}"}, text=block.text)],
                )
                content.append(section)
                continue
            node = self.block(block)
            (section.appendChild(node) if section is not None else content.append(node))
        close = el("button", {"type": "button", "data-close": ""}, cls="btn", text=t("action.close"))
        head = el("header", cls="rules-head", children=[el("h2", {"id": "rules-title"}, text=title), close])
        replace_children(dialog, [el("div", cls="dialog-body", children=[head, *content])])

    def block(self, block: Block) -> Any:
        kind = block.kind
        if kind in ("ol", "ul"):
            return el(kind, children=[el("li", text=item) for item in block.items])
        draw = DRAW.get(kind)
        return el("p", text=block.text) if draw is None else draw(self.model.t, block)


def _gloss(t: Any, block: Block) -> Any:
    items = []
    for item in block.items:
        term, sep, meaning = item.partition(" – ")
        items.append(
            el(
                "li",
                {"data-text-unit": ""},  # one catalog text (the i18n tests read it whole)
                children=[el("strong", text=term), el("span", text=sep + meaning)],
            )
            if sep
            else el("li", text=item)
        )
    return el("ul", cls="gloss", children=items)


def _current(t: Any, block: Block) -> Any:
    return el(
        "p",
        {"data-current-rule": block.ident},
        cls="current-rule",
        children=[el("span", cls="badge", text=t("rules.current")), el("span", text=block.text)],
    )


def _points(t: Any, block: Block) -> Any:
    head = el(
        "tr",
        children=[
            el("th", {"scope": "col", "colspan": "2"}, text=block.items[0]),
            el("th", {"scope": "col", "colspan": "2"}, text=block.items[1]),
        ],
    )
    rows = [
        el(
            "tr",
            children=[
                el("td", text=a),
                el("td", cls="num", text=b),
                el("td", text=c),
                el("td", cls="num", text=d),
            ],
        )
        for a, b, c, d in block.rows
    ]
    return el(
        "table",
        {"data-points": ""},
        cls="points",
        children=[el("thead", children=[head]), el("tbody", children=rows)],
    )


def _suits(t: Any, block: Block) -> Any:
    head = el(
        "tr",
        children=[
            el("th", {"scope": "col"}, text=block.items[0]),
            el("th", {"scope": "col"}, text=block.items[1]),
        ],
    )
    rows = [
        el(
            "tr",
            {"data-suit": letter},
            children=[
                el("td", children=[suit_icon(letter, "french"), el("span", text=french)]),
                el("td", children=[suit_icon(letter, "german"), el("span", text=german)]),
            ],
        )
        for letter, french, german in block.rows
    ]
    return el("table", cls="suits", children=[el("thead", children=[head]), el("tbody", children=rows)])


def _house(t: Any, block: Block) -> Any:
    rows = []
    for label, name, options in block.options:
        chips = []
        for text, value, current in options:
            chips.append(
                el(
                    "span",
                    {"data-value": value, "data-current": "true" if current else "false"},
                    cls="chip current" if current else "chip",
                    children=[el("span", text=text)]
                    + ([el("small", text=t("rules.current"))] if current else []),
                )
            )
        rows.append(
            el(
                "tr",
                {"data-house-rule": name},
                children=[el("th", {"scope": "row"}, text=label), el("td", children=chips)],
            )
        )
    return el("table", cls="house", children=[el("tbody", children=rows)])


def _play(t: Any, block: Block) -> Any:
    assert block.play is not None
    ex = block.play
    trick = [
        el(
            "figure",
            cls="ex-card",
            children=[
                card_el(t, card, attr="data-face"),
                el("figcaption", text=t(f"seat.{seat.name}")),
            ],
        )
        for seat, card in ex.trick
    ]
    hand = []
    for card in ex.hand:
        node = card_el(t, card, attr="data-face")
        node.setAttribute("data-allowed", "true" if card in ex.answer else "false")
        hand.append(node)
    on_table = ex_row(t("rules.ex.on_table"), *trick)
    held = ex_row(t("rules.ex.you_hold"), el("div", cls="mini-cards ex-hand", children=hand))
    return example(ex.name, block, on_table, held)


def _decl(t: Any, block: Block) -> Any:
    assert block.decl is not None
    d = block.decl
    rows = [ex_row(t(f"seat.{seat.name}"), mini_cards(t, cards)) for seat, cards in d.held]
    return example(d.name, block, *rows)


def ex_row(label: str, *children: Any) -> Any:
    """A row of an example: its label, then cards."""
    return el("div", cls="ex-row", children=[el("span", cls="ex-label", text=label), *children])


def example(name: str, block: Block, *rows: Any) -> Any:
    """An example: its question, its rows of cards, its answer."""
    question, answer = el("p", text=block.text), el("p", cls="answer", text=block.answer)
    return el("div", {"data-example": name}, cls="example", children=[question, *rows, answer])


#: How each kind of block (web/rules.py) is drawn, besides a paragraph (``p``) and lists.
DRAW: dict[str, Callable[[Any, Block], Any]] = {
    "gloss": _gloss,
    "current": _current,
    "points": _points,
    "suits": _suits,
    "house": _house,
    "play": _play,
    "decl": _decl,
}
