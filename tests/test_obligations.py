"""rules.md "Play", obligations 1 to 3, on hand-built positions (trump is hearts unless said).

Each case lists the hand, the trick so far (led card first) and the cards the rules allow,
worked out from the spec; every other card must be refused with the reason's facts.
"""

from __future__ import annotations

import pytest
from strategies import cards

from bela.cards import Card, Suit
from bela.obligations import legal_cards, refusal

H = Suit.HEARTS

# (name, hand, trick, allowed, refusal kind, suit of the reason, card to beat, suit led in the reason)
CASES: list[tuple[str, str, str, str, str, Suit, str | None, Suit | None]] = [
    # 1. follow the suit led (not trump, no trump in the trick): beat the highest of the suit if you can
    ("iber over the led card", "7S KS AH 8D", "QS", "KS", "beat", Suit.SPADES, "QS", None),
    (
        "iber: any higher card of the suit",
        "7S KS AS TS 8D",
        "QS",
        "KS AS TS",
        "beat",
        Suit.SPADES,
        "QS",
        None,
    ),
    (
        "iber over the highest in the trick, not the led card",
        "QS AS 7H",
        "9S KS",
        "AS",
        "beat",
        Suit.SPADES,
        "KS",
        None,
    ),
    ("iber: the 10 beats the king in a plain suit", "TS QS", "KS 7S", "TS", "beat", Suit.SPADES, "KS", None),
    ("iber: a jack is low outside trump", "JS 9S", "QS", "JS 9S", "follow", Suit.SPADES, None, None),
    ("cannot beat: any card of the suit", "KD 7D AH 8S", "AD", "KD 7D", "follow", Suit.DIAMONDS, None, None),
    ("must follow rather than trump", "7S JH", "AS", "7S", "follow", Suit.SPADES, None, None),
    # 1. the trick is already trumped: any card of the suit led, no need to beat
    ("trumped trick: any card of the suit", "AS 8S JH", "9S 7H", "AS 8S", "follow", Suit.SPADES, None, None),
    (
        "trumped trick: a lower card is fine",
        "8S 7S KC",
        "QS 8H 9S",
        "8S 7S",
        "follow",
        Suit.SPADES,
        None,
        None,
    ),
    # 1. trump led: beat every trump in the trick if you can, else any trump
    ("trump led: overtrump", "9H KH 7S", "AH", "9H", "beat", H, "AH", None),
    ("trump led: beat the highest trump", "TH 9H", "8H AH", "9H", "beat", H, "AH", None),
    ("trump led: cannot beat, any trump", "9H 7H AS", "JH", "9H 7H", "follow", H, None, None),
    ("trump led: no trump at all, any card", "AS KD", "7H", "AS KD", "", H, None, None),
    # 2. cannot follow: must trump
    ("no suit led: must trump", "7H KD", "AS", "7H", "trump", H, None, Suit.SPADES),
    (
        "no suit led: any trump when the trick has none",
        "7H JH KD",
        "AS KS",
        "7H JH",
        "trump",
        H,
        None,
        Suit.SPADES,
    ),
    ("must overtrump", "JH 7H KD", "AS 9H", "JH", "overtrump", H, "9H", Suit.SPADES),
    ("overtrump the highest trump", "TH JH 7C", "AS AH 9H", "JH", "overtrump", H, "9H", Suit.SPADES),
    ("cannot overtrump: any trump (undertrump)", "9H 7H KD", "AS JH", "9H 7H", "trump", H, None, Suit.SPADES),
    ("cannot overtrump, single trump", "AH 7C", "AS KS 9H", "AH", "trump", H, None, Suit.SPADES),
    # 3. neither the suit led nor a trump: any card
    ("neither suit nor trump: any card", "KD 7C", "AS", "KD 7C", "", H, None, None),
    ("neither, trick trumped: any card", "KD 7C", "AS JH", "KD 7C", "", H, None, None),
]


@pytest.mark.parametrize(("name", "hand", "trick", "allowed", "kind", "suit", "beat", "led"), CASES)
def test_obligation(
    name: str, hand: str, trick: str, allowed: str, kind: str, suit: Suit, beat: str | None, led: Suit | None
) -> None:
    held, played = cards(hand), cards(trick)
    assert set(legal_cards(held, played, H)) == set(cards(allowed)), name
    for card in held:
        why = refusal(card, held, played, H)
        if card in cards(allowed):
            assert why is None, (name, str(card))
            continue
        assert why is not None, (name, str(card))
        assert why.kind == kind, (name, str(card))
        assert why.suit == suit
        assert set(why.options) == set(cards(allowed))
        assert why.beat == (None if beat is None else Card.parse(beat))
        if led is not None:
            assert why.led == led
        text = str(why)
        for option in cards(allowed):
            assert str(option) in text, (name, text)
        if beat is not None:
            assert beat in text
        assert suit.english in text


def test_lead_any_card() -> None:
    held = cards("7S KS AH 8D JC 9C TD QH")
    assert set(legal_cards(held, [], H)) == set(held)
    assert all(refusal(c, held, [], H) is None for c in held)


def test_reason_wording_for_the_example_messages() -> None:
    # examples/README.md: "must beat QS with a higher spade (holds KS)"
    assert str(refusal(Card.parse("JS"), cards("JS KS 7D"), cards("QS"), H)) == (
        "must beat QS with a higher spade (holds KS)"
    )
    # "has no diamond and must trump with a spade (holds TS, AS)"
    why = refusal(Card.parse("QH"), cards("TS QH AS"), cards("8D"), Suit.SPADES)
    assert why is not None
    text = str(why)
    assert "diamond" in text and "spade" in text and "TS" in text and "AS" in text


@pytest.mark.parametrize("trump", list(Suit))
def test_the_same_rules_for_every_trump(trump: Suit) -> None:
    # rename the suits so that hearts becomes `trump`: the allowed cards follow
    order = [trump, *[s for s in Suit if s != trump]]

    def rename(text: str) -> list[Card]:
        return [Card(c.rank, order[int(c.suit)]) for c in cards(text)]

    for name, hand, trick, allowed, *_ in CASES:
        assert set(legal_cards(rename(hand), rename(trick), trump)) == set(rename(allowed)), name
