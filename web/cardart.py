"""The cards, drawn by the project: one SVG sprite with a symbol per card (``AH``, ``TS``...),
a ``back`` and the four suit shapes (``suit-H``...), written by ``make site``.

Cards are 100 x 140 units: a large index (rank over suit) in the top-left corner, so that a
card stays readable at phone size even where only its left part shows; pips
for 7 to 10, a framed figure letter for the jack, queen and king, one large pip for the ace.

>>> svg = sprite()
>>> svg.count("<symbol"), 'id="AH"' in svg, 'id="back"' in svg
(37, True, True)
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from bela.cards import DECK, Card, Rank, Suit

WIDTH, HEIGHT = 100, 140
RED = "#c8102e"
BLACK = "#16161d"
INK = {Suit.HEARTS: RED, Suit.DIAMONDS: RED, Suit.SPADES: BLACK, Suit.CLUBS: BLACK}
SANS = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif"
SERIF = "Georgia, 'Times New Roman', 'DejaVu Serif', serif"

# The suit shapes in a 100 x 100 box.
SUIT_PATHS: dict[Suit, str] = {
    Suit.HEARTS: "M50 92C34 74 4 56 4 30C4 14 16 4 29 4C39 4 46 10 50 19C54 10 61 4 71 4C84 4 96 14 96 30"
    "C96 56 66 74 50 92Z",
    Suit.DIAMONDS: "M50 2C60 20 74 36 90 50C74 64 60 80 50 98C40 80 26 64 10 50C26 36 40 20 50 2Z",
    Suit.SPADES: "M50 3C62 22 94 38 94 62C94 77 83 86 71 86C63 86 57 82 54 76C55 86 59 92 66 97H34"
    "C41 92 45 86 46 76C43 82 37 86 29 86C17 86 6 77 6 62C6 38 38 22 50 3Z",
    Suit.CLUBS: "M50 4A20 20 0 0 1 66 36A20 20 0 1 1 56 72C57 84 61 91 67 97H33C39 91 43 84 44 72"
    "A20 20 0 1 1 34 36A20 20 0 0 1 50 4Z",
}

# Pip centres (x, y) for 7 to 10, right of the index; pips below the middle are turned over.
_L, _C, _R = 45.0, 65.0, 85.0
_TOP, _BOTTOM = 24.0, 116.0
_THIRD1, _THIRD2 = 54.7, 85.3
_PIPS: dict[Rank, list[tuple[float, float]]] = {
    Rank.SEVEN: [(_L, _TOP), (_R, _TOP), (_C, 47), (_L, 70), (_R, 70), (_L, _BOTTOM), (_R, _BOTTOM)],
    Rank.EIGHT: [
        (_L, _TOP),
        (_R, _TOP),
        (_C, 47),
        (_L, 70),
        (_R, 70),
        (_C, 93),
        (_L, _BOTTOM),
        (_R, _BOTTOM),
    ],
    Rank.NINE: [
        *((x, y) for y in (_TOP, _THIRD1) for x in (_L, _R)),
        (_C, 70),
        *((x, y) for y in (_THIRD2, _BOTTOM) for x in (_L, _R)),
    ],
    Rank.TEN: [
        *((x, y) for y in (_TOP, _THIRD1) for x in (_L, _R)),
        (_C, 39.3),
        (_C, 100.7),
        *((x, y) for y in (_THIRD2, _BOTTOM) for x in (_L, _R)),
    ],
}
_FIGURE = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}
_FIGURE_TINT = {
    Suit.HEARTS: "#fde8ea",
    Suit.DIAMONDS: "#fdeee0",
    Suit.SPADES: "#e6ecf6",
    Suit.CLUBS: "#e5f1e8",
}
# Simple headgear over the figure letter: a crown for the king, a tiara for the queen, a cap
# with a feather for the jack.
_HEADGEAR = {
    Rank.KING: "M44 40L47 30L53 36L59 26L65 36L71 30L74 40Z",
    Rank.QUEEN: "M46 40C48 32 52 30 59 29C66 30 70 32 72 40Z M59 24A3 3 0 1 1 59.01 24Z",
    Rank.JACK: "M45 40C46 32 52 29 59 29C65 29 70 32 72 40Z M66 30C70 24 76 22 80 23C76 25 72 28 70 32Z",
}


def _num(x: float) -> str:
    return f"{x:g}"


def _suit_use(suit: Suit, x: float, y: float, size: float, flip: bool = False) -> str:
    """A suit shape of ``size`` centred on (x, y)."""
    half = size / 2
    transform = f' transform="rotate(180 {_num(x)} {_num(y)})"' if flip else ""
    return (
        f'<use href="#suit-{suit.letter}" x="{_num(x - half)}" y="{_num(y - half)}" '
        f'width="{_num(size)}" height="{_num(size)}"{transform}/>'
    )


def _index(card: Card) -> str:
    label = card.rank.label
    fit = ' textLength="27" lengthAdjust="spacingAndGlyphs"' if len(label) == 2 else ""
    return (
        f'<text x="15" y="31" font-family="{SANS}" font-size="31" font-weight="700" '
        f'text-anchor="middle"{fit}>{label}</text>' + _suit_use(card.suit, 15, 47, 21)
    )


def card_symbol(card: Card) -> str:
    """The ``<symbol>`` of one card face."""
    ink = INK[card.suit]
    parts = [
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="8" fill="#fffefa" stroke="#8f8f8f" '
        'stroke-width="1.5"/>',
        f'<g fill="{ink}">',
        _index(card),
    ]
    if card.rank in _PIPS:
        for x, y in _PIPS[card.rank]:
            parts.append(_suit_use(card.suit, x, y, 19, flip=y > 70))
    elif card.rank in _FIGURE:
        tint = _FIGURE_TINT[card.suit]
        parts.append(
            f'<rect x="34" y="12" width="58" height="116" rx="6" fill="{tint}" '
            f'stroke="{ink}" stroke-width="1.6"/>'
        )
        parts.append(f'<path d="{_HEADGEAR[card.rank]}" transform="translate(4 4)"/>')
        parts.append(
            f'<text x="63" y="90" font-family="{SERIF}" font-size="50" font-weight="700" '
            f'text-anchor="middle">{_FIGURE[card.rank]}</text>'
        )
        parts.append(_suit_use(card.suit, 63, 110, 20))
    else:  # ace
        parts.append(_suit_use(card.suit, 63, 76, 52))
    parts.append("</g>")
    return f'<symbol id="{card.notation}" viewBox="0 0 {WIDTH} {HEIGHT}">{"".join(parts)}</symbol>'


def back_symbol() -> str:
    lattice = []
    for row in range(9):
        for col in range(6):
            x = 18 + col * 13 + (6.5 if row % 2 else 0)
            y = 18 + row * 13
            if x > 86:
                continue
            points = ((x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y))
            lattice.append("M" + "L".join(f"{_num(a)} {_num(b)}" for a, b in points) + "Z")
    return (
        f'<symbol id="back" viewBox="0 0 {WIDTH} {HEIGHT}">'
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="8" fill="#1f4e8c" stroke="#0d2b52" '
        'stroke-width="1.5"/>'
        '<rect x="8" y="8" width="84" height="124" rx="5" fill="none" stroke="#e9eef7" stroke-width="2"/>'
        f'<path d="{"".join(lattice)}" fill="#3f73b8"/>'
        '<circle cx="50" cy="70" r="15" fill="#1f4e8c" stroke="#e9eef7" stroke-width="2"/>'
        f'<use href="#suit-H" x="41" y="61" width="18" height="18" fill="#e9eef7"/>'
        "</symbol>"
    )


def suit_symbol(suit: Suit) -> str:
    return f'<symbol id="suit-{suit.letter}" viewBox="0 0 100 100"><path d="{SUIT_PATHS[suit]}"/></symbol>'


def sprite() -> str:
    """The whole sprite file."""
    symbols = [suit_symbol(s) for s in Suit]
    symbols += [card_symbol(c) for c in DECK]
    symbols.append(back_symbol())
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        "<title>Bela cards</title>\n" + "\n".join(symbols) + "\n</svg>\n"
    )


def preview(cards: list[str], href: str = "") -> str:
    """A page showing some cards (for looking at the art while drawing it)."""
    items = "".join(
        f'<svg width="100" height="140" viewBox="0 0 100 140"><use href={quoteattr(href + "#" + c)}/></svg>'
        for c in cards
    )
    return f"<!doctype html><body style='background:#2e7d4f'>{items}</body>"
