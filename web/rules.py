"""The rules page: the rules as this game plays them (shared/spec/rules.md), in the player's
language and with the words of the deck in use, the house rules of the match in progress
marked, and worked examples whose answers the engine checks (tests/test_catalogs.py).

Plain data, no browser: :func:`page` returns the blocks, ``web.render`` draws them. Every text
comes from the catalogs (``rules.*`` and ``gloss.*`` keys, card and suit names).

>>> from web.i18n import Translator
>>> blocks = page(Translator("en"), HouseRules(target=701))
>>> blocks[0].text
'How Bela is played here'
>>> [b.ident for b in blocks if b.kind == "section"][:3]
['table', 'bidding', 'cards']
>>> "701" in " ".join(b.text for b in blocks)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bela.cards import Card, Rank, Suit, parse_cards
from bela.rules import EXACT_HALF_VALUES, MODES, STIGLJA_BONUSES, TARGETS, HouseRules
from bela.seats import Seat, Team
from web.i18n import FALLBACK_LANG, Translator
from web.words import T, card_name

# -- the worked examples ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayExample:
    """What may I play here? ``answer`` is what the engine allows (checked by the tests)."""

    name: str
    trump: Suit
    trick: tuple[tuple[Seat, Card], ...]  # in play order, the human (S) to play next
    hand: tuple[Card, ...]
    answer: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DeclExample:
    """Who wins the declarations? ``winner`` and ``points`` are checked against the engine."""

    name: str
    dealer: Seat
    held: tuple[tuple[Seat, tuple[Card, ...]], ...]  # the declaring cards of each seat
    winner: Team
    points: int


def _cards(*notations: str) -> tuple[Card, ...]:
    return tuple(parse_cards(list(notations)))


def _trick(*pairs: str) -> tuple[tuple[Seat, Card], ...]:
    return tuple((Seat.parse(p[0]), Card.parse(p[1:])) for p in pairs)


# Trump is hearts in every example: "herc" in Croatian with either deck. The texts name only
# ranks whose names do not change with the deck (7 to 10, king, ace).
PLAY_EXAMPLES: tuple[PlayExample, ...] = (
    PlayExample(
        "iber", Suit.HEARTS, _trick("NKS", "W8S"), _cards("AS", "TS", "9S", "7H", "KD"), _cards("AS", "TS")
    ),
    PlayExample(
        "trump", Suit.HEARTS, _trick("NAC", "W7C"), _cards("9H", "8H", "KD", "TS", "AD"), _cards("9H", "8H")
    ),
    PlayExample(
        "trumped",
        Suit.HEARTS,
        _trick("EAD", "N7D", "W8H"),
        _cards("KD", "8D", "TH", "9C"),
        _cards("KD", "8D"),
    ),
    PlayExample(
        "overtrump",
        Suit.HEARTS,
        _trick("EAD", "N7D", "WKH"),
        _cards("9H", "8H", "KS", "TC"),
        _cards("9H"),
    ),
)

DECL_EXAMPLE = DeclExample(
    "decl",
    Seat.W,  # so the human (S) speaks first
    (
        (Seat.S, _cards("7S", "8S", "9S", "TS", "JS")),
        (Seat.E, _cards("9D", "TD", "JD")),
        (Seat.W, _cards("KC", "KD", "KH", "KS")),
    ),
    Team.EW,
    120,
)

# -- the page -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Block:
    """One piece of the page.

    ``kind``: ``title``, ``section`` (a heading; ``ident`` names it), ``p``, ``ol``, ``ul``,
    ``gloss`` (term – meaning items), ``points`` (the ranks table: ``rows``), ``suits`` (the
    suit names of both decks: ``rows`` of letter, French name, Croatian-deck name), ``play`` /
    ``decl`` (an example), ``house`` (``options``: each house rule with its values, the one in
    force marked), ``current`` (a paragraph about a house rule, as it is in this match).
    """

    kind: str
    text: str = ""
    ident: str = ""
    items: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    options: tuple[tuple[str, str, tuple[tuple[str, str, bool], ...]], ...] = ()
    play: PlayExample | None = None
    decl: DeclExample | None = None
    answer: str = ""


GLOSSARY: tuple[str, ...] = (
    "dalje",
    "mus",
    "talon",
    "iber",
    "zvanja",
    "terca",
    "bela",
    "belot",
    "stiglja",
    "pad",
    "visi",
)
HOUSE_RULES: tuple[str, ...] = ("target", "stiglja", "exact_half", "declarations", "bela")


def words(t: T) -> dict[str, str]:
    """Placeholders the rules' texts may use, in the deck in use: the suits' lower-case names
    ``{h} {d} {s} {c}``, the figures ``{jack} {queen} {king} {ace}`` (an unter and an ober
    in the Croatian deck) and their plurals after "four" ``{jacks} {queens}``."""
    found = {letter.lower(): t(f"suit_lower.{letter}") for letter in "HDSC"}
    for name, letter in (("jack", "J"), ("queen", "Q"), ("king", "K"), ("ace", "A")):
        found[name] = t(f"rank.{letter}")
    found["jacks"], found["queens"] = t("fourof.J"), t("fourof.Q")
    return found


def house_options(t: T, rules: HouseRules) -> tuple[tuple[str, str, tuple[tuple[str, str, bool], ...]], ...]:
    """Each house rule: its name, its setting key and its values (label, value, in force)."""
    values: dict[str, tuple[object, ...]] = {
        "target": TARGETS,
        "stiglja": STIGLJA_BONUSES,
        "exact_half": EXACT_HALF_VALUES,
        "declarations": MODES,
        "bela": MODES,
    }
    labels = {
        "target": t("settings.target"),
        "stiglja": t("settings.stiglja"),
        "exact_half": t("settings.exact_half"),
        "declarations": t("settings.declarations"),
        "bela": t("settings.bela"),
    }
    rows = []
    for name in HOUSE_RULES:
        current = getattr(rules, name)
        opts = []
        for value in values[name]:
            if name == "exact_half":
                label = t(f"settings.exact_half.{value}")
            elif name in ("declarations", "bela"):
                label = t(f"settings.mode.{value}")
            else:
                label = str(value)
            opts.append((label, str(value), value == current))
        rows.append((labels[name], name, tuple(opts)))
    return tuple(rows)


def _points_rows(t: T) -> tuple[tuple[str, ...], ...]:
    trump = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT, Rank.SEVEN)
    plain = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
    rows = []
    for a, b in zip(trump, plain, strict=True):
        pa = Card(a, Suit.HEARTS).points(Suit.HEARTS)
        pb = Card(b, Suit.HEARTS).points(Suit.SPADES)
        rows.append((t(f"rank.{a.letter}"), str(pa), t(f"rank.{b.letter}"), str(pb)))
    return tuple(rows)


R = Callable[..., str]  # a catalog key and its parameters -> the words, with the deck's names


def page(t: T, rules: HouseRules) -> list[Block]:
    """The whole rules page for ``rules`` (the match in progress), in ``t``'s language and deck:
    a title, then each section of :data:`SECTIONS` under its heading."""
    w = words(t)

    def r(key: str, **params: object) -> str:
        return t(key, **w, **params)

    b: list[Block] = [Block("title", r("rules.title")), Block("p", r("rules.intro"))]
    for ident, build in SECTIONS:
        b.append(Block("section", r(f"rules.{ident}.h"), ident=ident))
        b.extend(build(t, r, rules))
    return b


def _paragraphs(r: R, *keys: str) -> list[Block]:
    return [Block("p", r(key)) for key in keys]


def _table(t: T, r: R, rules: HouseRules) -> list[Block]:
    french = Translator(str(getattr(t, "lang", FALLBACK_LANG)))  # the French pattern's names
    suits = Block(
        "suits",
        rows=tuple((x, french(f"suit.{x}"), t(f"german.suit.{x}")) for x in "HDSC"),
        items=(t("settings.deck.french"), t("settings.deck.german")),
    )
    return [*_paragraphs(r, "rules.table.p1", "rules.table.p2"), suits, Block("p", r("rules.table.deck"))]


def _bidding(t: T, r: R, rules: HouseRules) -> list[Block]:
    return _paragraphs(r, "rules.bidding.p1", "rules.bidding.p2")


def _card_points(t: T, r: R, rules: HouseRules) -> list[Block]:
    points = Block("points", rows=_points_rows(t), items=(r("rules.cards.trump"), r("rules.cards.plain")))
    return [points, Block("p", r("rules.cards.p"))]


def _play(t: T, r: R, rules: HouseRules) -> list[Block]:
    steps = tuple(r(f"rules.play.{i}") for i in ("follow", "trumped", "trump_led", "cut", "free"))
    return [Block("p", r("rules.play.p")), Block("ol", items=steps), Block("p", r("rules.play.win"))]


def _examples(t: T, r: R, rules: HouseRules) -> list[Block]:
    b = [Block("p", r("rules.examples.p"))]
    for ex in PLAY_EXAMPLES:
        trump = t(f"suit_lower.{ex.trump.letter}")
        question, answer = r(f"rules.ex.{ex.name}.q", trump=trump), r(f"rules.ex.{ex.name}.a", trump=trump)
        b.append(Block("play", question, ident=ex.name, play=ex, answer=answer))
    return b


def _declarations(t: T, r: R, rules: HouseRules) -> list[Block]:
    d = DECL_EXAMPLE
    return [
        Block("p", r("rules.decl.p")),
        Block("ul", items=(r("rules.decl.seq"), r("rules.decl.four"), r("rules.decl.all"))),
        Block("p", r("rules.decl.cmp")),
        Block("ol", items=tuple(r(f"rules.decl.cmp{i}") for i in range(1, 6))),
        Block("p", r("rules.decl.shown")),
        Block("current", r(f"rules.decl.mode_{rules.declarations}"), ident="declarations"),
        Block("decl", r("rules.ex.decl.q"), ident=d.name, decl=d, answer=r("rules.ex.decl.a")),
    ]


def _belot(t: T, r: R, rules: HouseRules) -> list[Block]:
    return _paragraphs(r, "rules.belot.p")


def _bela(t: T, r: R, rules: HouseRules) -> list[Block]:
    return [Block("p", r("rules.bela.p")), Block("current", r(f"rules.bela.mode_{rules.bela}"), ident="bela")]


def _score(t: T, r: R, rules: HouseRules) -> list[Block]:
    counted = (
        r("rules.score.count"),
        r("rules.score.no_trick"),
        r("rules.score.stiglja", bonus=rules.stiglja),
        r("rules.score.total"),
        r("rules.score.pass"),
    )
    half = Block("current", r(f"rules.score.half_{rules.exact_half}"), ident="exact_half")
    return [Block("ul", items=counted), half]


def _end(t: T, r: R, rules: HouseRules) -> list[Block]:
    return [Block("current", r("rules.end.p", target=rules.target), ident="target")]


def _partner(t: T, r: R, rules: HouseRules) -> list[Block]:
    return _paragraphs(r, "rules.partner.bid", "rules.partner.call", "rules.partner.other")


def _friends(t: T, r: R, rules: HouseRules) -> list[Block]:
    return _paragraphs(r, "rules.friends.room", "rules.friends.challenge")


def _house(t: T, r: R, rules: HouseRules) -> list[Block]:
    return [Block("p", r("rules.house.p")), Block("house", options=house_options(t, rules))]


def _words(t: T, r: R, rules: HouseRules) -> list[Block]:
    return [Block("gloss", items=tuple(r(f"gloss.{w}") for w in GLOSSARY))]


#: The rules page's sections in order: each one's id (``rules.<id>.h`` is its heading) and blocks.
SECTIONS: tuple[tuple[str, Callable[[T, R, HouseRules], list[Block]]], ...] = (
    ("table", _table),
    ("bidding", _bidding),
    ("cards", _card_points),
    ("play", _play),
    ("examples", _examples),
    ("decl", _declarations),
    ("belot", _belot),
    ("bela", _bela),
    ("score", _score),
    ("end", _end),
    ("partner", _partner),
    ("friends", _friends),
    ("house", _house),
    ("words", _words),
)


def example_card_names(t: T, cards: tuple[Card, ...]) -> str:
    """The names of some cards, for an example's accessible description."""
    return ", ".join(card_name(t, c) for c in cards)
