"""The cards, drawn by the project: one SVG sprite (``assets/cards.svg``, written by
``make site``) with both card patterns the settings offer and one back.

- The French pattern: a symbol per card (``AH``, ``TS``...) and the four suit shapes
  (``suit-H``...).
- The Croatian deck, the German / Hungarian-suited pattern Bela is played with in much of
  Croatia ("mađarice"): the same names with a ``g-`` prefix (``g-AH``, ``g-suit-H``...).
  The record's letters stay H D S C; this module draws them as hearts (herc), bells (karo),
  leaves (pik) and acorns (tref), the mapping Croatian players use (:data:`GERMAN_SUITS`).
  Jack and queen are the unter (dečko) and the ober (baba); the ace is the Daus.

Cards are 100 x 140 units: a large index (rank over suit) in the top-left corner, so that a
card stays readable at phone size even where only its left part shows; pips
for 7 to 10, a framed figure letter for the jack, queen and king, one large pip for the ace.
The German figures are small portraits (the unter holds his sign low, the ober high, the king
is crowned), each in its own colour, with U, O or K in the corner; the Daus has a large sign
in an oval with a ribbon.

>>> svg = sprite()
>>> svg.count("<symbol"), 'id="AH"' in svg, 'id="g-AH"' in svg, 'id="back"' in svg
(73, True, True, True)
"""

from __future__ import annotations

from bela.cards import DECK, Card, Rank, Suit
from web.decks import GERMAN_PREFIX

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


def _suit_use(suit: Suit, x: float, y: float, size: float, flip: bool = False, prefix: str = "") -> str:
    """A suit shape of ``size`` centred on (x, y): the symbol ``prefix``suit-H (and so on)."""
    half = size / 2
    transform = f' transform="rotate(180 {_num(x)} {_num(y)})"' if flip else ""
    return (
        f'<use href="#{prefix}suit-{suit.letter}" x="{_num(x - half)}" y="{_num(y - half)}" '
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
        # four-colour suits: the page's style colours ink-D and ink-C (web/static/style.css)
        f'<g fill="{ink}" class="ink-{card.suit.letter}">',
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
    """The whole sprite file: both patterns and the back."""
    symbols = [suit_symbol(s) for s in Suit]
    symbols += [card_symbol(c) for c in DECK]
    symbols += [german_suit_symbol(s) for s in Suit]
    symbols += [german_card_symbol(c) for c in DECK]
    symbols.append(back_symbol())
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        "<title>Bela cards</title>\n" + "\n".join(symbols) + "\n</svg>\n"
    )


# -- the Croatian (German-suited) deck ---------------------------------------------------------

#: What each record letter is in the German pattern (the usual Croatian mapping).
GERMAN_SUITS: dict[str, str] = {"H": "hearts", "D": "bells", "S": "leaves", "C": "acorns"}
_G_OUTLINE = "#3b2a14"
# The German suit signs in a 100 x 100 box, drawn in their own colours.
GERMAN_SUIT_ART: dict[Suit, str] = {
    # hearts: a full red heart with a light on it
    Suit.HEARTS: (
        '<path d="M50 94C33 76 3 58 3 30C3 13 16 3 29 3C39 3 46 9 50 18C54 9 61 3 71 3C84 3 97 13 97 30'
        f'C97 58 67 76 50 94Z" fill="#d7192d" stroke="{_G_OUTLINE}" stroke-width="3"/>'
        '<path d="M22 16C30 12 37 16 38 24C31 21 24 23 18 29C17 23 18 19 22 16Z" fill="#ffd0d5"/>'
    ),
    # bells: a golden sleigh bell with a red band, a slit and a ring
    Suit.DIAMONDS: (
        f'<circle cx="50" cy="11" r="7" fill="none" stroke="{_G_OUTLINE}" stroke-width="4"/>'
        f'<circle cx="50" cy="56" r="39" fill="#f7c21a" stroke="{_G_OUTLINE}" stroke-width="3"/>'
        '<path d="M12 46Q50 62 88 46L89 58Q50 74 11 58Z" fill="#c8311e"/>'
        f'<path d="M32 80H68" stroke="{_G_OUTLINE}" stroke-width="7" stroke-linecap="round"/>'
        '<circle cx="37" cy="31" r="6" fill="#fff2c4"/>'
    ),
    # leaves: a green leaf, point up, with its veins and stalk
    Suit.SPADES: (
        '<path d="M50 2C70 18 95 38 93 62C91 80 72 88 56 83L58 98H42L44 83C28 88 9 80 7 62'
        f'C5 38 30 18 50 2Z" fill="#3e9a3a" stroke="{_G_OUTLINE}" stroke-width="3"/>'
        '<path d="M50 12V86M50 38L31 26M50 38L69 26M50 56L24 45M50 56L76 45M50 72L30 65M50 72L70 65" '
        'fill="none" stroke="#1d5520" stroke-width="3" stroke-linecap="round"/>'
    ),
    # acorns: a golden nut in a brown cup, hanging from its stalk
    Suit.CLUBS: (
        f'<path d="M50 2V16" stroke="{_G_OUTLINE}" stroke-width="6" stroke-linecap="round"/>'
        '<path d="M23 44C23 74 38 93 50 98C62 93 77 74 77 44Z" fill="#c98a36" '
        f'stroke="{_G_OUTLINE}" stroke-width="3"/>'
        '<path d="M33 54C33 70 39 82 45 88C37 80 31 68 33 54Z" fill="#fbe3a6"/>'
        '<path d="M14 46C14 24 32 12 50 12C68 12 86 24 86 46Z" fill="#5e3d1a" '
        f'stroke="{_G_OUTLINE}" stroke-width="3"/>'
        '<path d="M26 36L34 26M38 40L46 22M52 40L58 22M64 38L72 26M30 44L40 30M56 44L66 30" '
        'stroke="#a77a45" stroke-width="3" stroke-linecap="round"/>'
    ),
}
# Each figure's colours: tunic, its trim, hat.
_G_FIGURE = {
    Rank.JACK: ("#2b5c9e", "#f2b21b", "#2f3f6b"),
    Rank.QUEEN: ("#2f7d3b", "#f2b21b", "#7a2030"),
    Rank.KING: ("#a3202c", "#f6f0e2", "#e0a81e"),
}
_G_INDEX = {Rank.JACK: "U", Rank.QUEEN: "O", Rank.KING: "K", Rank.ACE: "A"}
_SKIN = "#f3cfa6"


def german_suit_symbol(suit: Suit) -> str:
    ident = f"{GERMAN_PREFIX}suit-{suit.letter}"
    return f'<symbol id="{ident}" viewBox="0 0 100 100">{GERMAN_SUIT_ART[suit]}</symbol>'


def _g_suit(suit: Suit, x: float, y: float, size: float, flip: bool = False) -> str:
    return _suit_use(suit, x, y, size, flip, prefix=GERMAN_PREFIX)


def _g_index(card: Card) -> str:
    label = _G_INDEX.get(card.rank, card.rank.label)
    fit = ' textLength="27" lengthAdjust="spacingAndGlyphs"' if len(label) == 2 else ""
    return (
        f'<text x="15" y="31" font-family="{SANS}" font-size="31" font-weight="700" fill="{_G_OUTLINE}" '
        f'class="g-ink-{card.suit.letter}" '  # four-colour suits: the index in the suit's colour
        f'text-anchor="middle"{fit}>{label}</text>' + _g_suit(card.suit, 15, 48, 23)
    )


def _g_figure(card: Card) -> str:
    """A small portrait: the unter holds his sign low, the ober holds it high, the king is
    crowned and holds it at his chest."""
    tunic, trim, hat = _G_FIGURE[card.rank]
    rank = card.rank
    head_y = {Rank.JACK: 36.0, Rank.QUEEN: 54.0, Rank.KING: 44.0}[rank]
    parts = [
        # the frame
        '<rect x="34" y="12" width="58" height="116" rx="6" fill="#f7eedb" '
        f'stroke="{_G_OUTLINE}" stroke-width="1.6"/>',
        # body: a tunic from the shoulders to the frame's foot, with a belt
        f'<path d="M44 {head_y + 14}Q63 {head_y + 6} 82 {head_y + 14}L88 126H38Z" fill="{tunic}" '
        f'stroke="{_G_OUTLINE}" stroke-width="1.4"/>',
        f'<path d="M40 {head_y + 46}H86" stroke="{trim}" stroke-width="4"/>',
        f'<path d="M63 {head_y + 12}V126" stroke="{trim}" stroke-width="2"/>',
        # head
        f'<circle cx="63" cy="{head_y}" r="9" fill="{_SKIN}" stroke="{_G_OUTLINE}" stroke-width="1.4"/>',
    ]
    if rank is Rank.KING:
        parts.append(  # crown and beard
            f'<path d="M52 {head_y - 7}L54 {head_y - 19}L59 {head_y - 12}L63 {head_y - 21}L67 {head_y - 12}'
            f'L72 {head_y - 19}L74 {head_y - 7}Z" fill="{hat}" stroke="{_G_OUTLINE}" stroke-width="1.2"/>'
        )
        parts.append(
            f'<path d="M55 {head_y + 3}Q63 {head_y + 18} 71 {head_y + 3}Q63 {head_y + 9} 55 {head_y + 3}Z" '
            'fill="#8a5a2b"/>'
        )
        parts.append(_g_suit(card.suit, 63, head_y + 32, 24))
    else:
        # a cap with a feather
        parts.append(
            f'<path d="M52 {head_y - 4}Q54 {head_y - 15} 63 {head_y - 15}Q73 {head_y - 15} 75 {head_y - 4}Z" '
            f'fill="{hat}" stroke="{_G_OUTLINE}" stroke-width="1.2"/>'
        )
        parts.append(
            f'<path d="M70 {head_y - 12}Q80 {head_y - 24} 86 {head_y - 22}'
            f'Q80 {head_y - 16} 73 {head_y - 8}Z" fill="#e9e2cf" stroke="#6b6250" stroke-width="1"/>'
        )
        if rank is Rank.QUEEN:  # the ober holds his sign up, above his head
            parts.append(f'<path d="M78 {head_y + 16}L80 30" stroke="{_SKIN}" stroke-width="5"/>')
            parts.append(_g_suit(card.suit, 75, 27, 24))
        else:  # the unter holds it low
            parts.append(f'<path d="M48 {head_y + 18}L50 100" stroke="{_SKIN}" stroke-width="5"/>')
            parts.append(_g_suit(card.suit, 53, 106, 24))
    return "".join(parts)


def _g_daus(card: Card) -> str:
    """The Daus: a large sign in an oval, a ribbon below, flourishes in the corners."""
    return (
        '<ellipse cx="63" cy="66" rx="29" ry="50" fill="#fbf3e0" stroke="#b08a3a" stroke-width="2"/>'
        '<ellipse cx="63" cy="66" rx="25" ry="46" fill="none" stroke="#b08a3a" stroke-width="0.8"/>'
        + _g_suit(card.suit, 63, 60, 46)
        + '<path d="M38 96L46 92H80L88 96L84 101L88 106H76L74 102H52L50 106H38L42 101Z" fill="#c8311e" '
        f'stroke="{_G_OUTLINE}" stroke-width="1.2"/>'
        '<path d="M54 97H72" stroke="#f7eedb" stroke-width="1.6"/>'
        '<path d="M40 124Q48 114 56 122Q63 128 70 122Q78 114 86 124" fill="none" stroke="#b08a3a" '
        'stroke-width="2"/>'
    )


def german_card_symbol(card: Card) -> str:
    """The ``<symbol>`` of one card of the Croatian deck."""
    parts = [
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="8" fill="#fffaf0" stroke="#8f7f62" '
        'stroke-width="1.5"/>',
        f'<rect x="4" y="4" width="{WIDTH - 8}" height="{HEIGHT - 8}" rx="6" fill="none" stroke="#d9c9a6" '
        'stroke-width="1"/>',
        _g_index(card),
    ]
    if card.rank in _PIPS:
        for x, y in _PIPS[card.rank]:
            parts.append(_g_suit(card.suit, x, y, 21, flip=y > 70))
    elif card.rank in _G_FIGURE:
        parts.append(_g_figure(card))
    else:
        parts.append(_g_daus(card))
    ident = GERMAN_PREFIX + card.notation
    return f'<symbol id="{ident}" viewBox="0 0 {WIDTH} {HEIGHT}">{"".join(parts)}</symbol>'


def _attr(value: str) -> str:
    """``value`` as a quoted XML attribute (xml.sax.saxutils would pull urllib, http and email
    into the page's start-up: about a quarter of a second in Pyodide)."""
    return '"' + value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;") + '"'


def preview(cards: list[str], href: str = "") -> str:
    """A page showing some cards (for looking at the art while drawing it).

    >>> preview(["AH"], 'a"b.svg').count('href="a&quot;b.svg#AH"')
    1
    """
    items = "".join(
        f'<svg width="100" height="140" viewBox="0 0 100 140"><use href={_attr(href + "#" + c)}/></svg>'
        for c in cards
    )
    return f"<!doctype html><body style='background:#2e7d4f'>{items}</body>"
