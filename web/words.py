"""Words for what the engine says: card names, refusals, declarations, in the player's language
and with the names of the deck in use (the Croatian deck has bells, leaves and acorns).

Built from the engine's structured data (never by parsing its English sentences).

>>> from bela.cards import Card
>>> from web.i18n import Translator
>>> card_name(Translator("hr"), Card.parse("QH")), card_name(Translator("en"), Card.parse("TS"))
('baba herc', 'ten of spades')
>>> german = Translator("en", "german"), Translator("pl", "german")
>>> card_name(german[0], Card.parse("QS")), card_name(german[1], Card.parse("AD"))
('ober of leaves', 'as dzwonka')
"""

from __future__ import annotations

from collections.abc import Callable

from bela.actions import Refusal
from bela.cards import Card
from bela.declarations import Declaration

T = Callable[..., str]


# -- words --------------------------------------------------------------------------------------


def card_name(t: T, card: Card) -> str:
    return t("card.name", rank=t(f"rank.{card.rank.letter}"), suit=t(f"suit_card.{card.suit.letter}"))


def refusal_text(t: T, refusal: Refusal) -> str:
    """The engine's refusal in the player's language, from its structured data."""
    why = refusal.play
    if refusal.code == "mus":
        return t("refuse.mus")
    if why is None:
        return t("refuse.other")
    suit = t(f"suit_lower.{why.suit.letter}")
    led = t(f"suit_lower.{why.led.letter}") if why.led is not None else ""
    beat = card_name(t, why.beat) if why.beat is not None else ""
    if why.kind in ("follow", "beat", "trump", "overtrump"):
        return t(f"refuse.{why.kind}", suit=suit, led=led, card=beat)
    return t("refuse.other")


def declaration_text(t: T, d: Declaration) -> str:
    if d.kind == "four":
        name = t("decl.four", rank=t("fourof." + d.cards[0].rank.letter))
    elif len(d.cards) == 3:
        name = t("decl.sequence3")
    elif len(d.cards) == 4:
        name = t("decl.sequence4")
    else:
        name = t("decl.sequence5", n=len(d.cards))
    return t("decl.item", name=name, points=d.points)
