"""A hand driven by actions: naming trump, the lead, obligations between partners, bela, and the
refusal of every illegal action (its reason's facts, and the state left as it was)."""

from __future__ import annotations

import pytest
from strategies import DECL, OWN, OWN_BELA, C, cards, deal_of, snapshot

from bela.actions import PASS, Action, Bid, Declare, IllegalAction, Phase, Play, Refusal
from bela.cards import Card, Suit
from bela.hand import Hand
from bela.rules import HouseRules
from bela.seats import Seat, Team

# Partner positions at the first trick (dealer W, S names hearts and leads).
# E is void in clubs; N is void in diamonds and clubs.
PARTNER = deal_of(
    "QS AS AH AD AC KC QC JC",
    "9S JS QH 7D 8D 9D TD JD",
    "KS TS 8S 7S 9H TH 8H 7H",
    "KH JH QD KD 7C 8C 9C TC",
)


def refused(hand: Hand, action: Play | Bid | Declare) -> Refusal:
    """The refusal of ``action``, checking that neither check() nor apply() changes the hand."""
    before = snapshot(hand)
    why = hand.check(action)
    assert why is not None, f"{action} should be refused"
    assert str(why).strip()
    assert snapshot(hand) == before
    with pytest.raises(IllegalAction) as info:
        hand.apply(action)
    assert info.value.refusal == why
    assert snapshot(hand) == before
    return why


def start(deal: dict[Seat, list[Card]], bids: list[Bid], rules: HouseRules | None = None) -> Hand:
    hand = Hand(Seat.W, deal, rules or HouseRules())
    for b in bids:
        hand.apply(b)
    return hand


def play(hand: Hand, text: str) -> None:
    for card in cards(text):
        hand.apply(Play(card))


# -- naming trump ------------------------------------------------------------------------------


def test_the_player_after_the_dealer_speaks_first_and_each_speaks_once() -> None:
    for dealer in Seat:
        hand = Hand(dealer, OWN)
        spoken = []
        while hand.phase is Phase.BIDDING:
            spoken.append(hand.turn)
            hand.apply(PASS if hand.turn != dealer else Bid(Suit.SPADES))
        assert spoken == [dealer.next, dealer.next.next, dealer.next.next.next, dealer]
        assert hand.caller == dealer and hand.trump is Suit.SPADES


def test_the_first_suit_named_is_trump_and_ends_the_bidding() -> None:
    hand = start(OWN, [PASS, Bid(Suit.DIAMONDS)])
    assert (hand.trump, hand.caller, hand.calling_team) == (Suit.DIAMONDS, Seat.E, Team.EW)
    assert hand.phase is Phase.PLAYING
    why = refused(hand, Bid(Suit.HEARTS))
    assert why.code == "phase"
    why = refused(hand, PASS)
    assert why.code == "phase"


def test_the_dealer_may_not_pass_mus() -> None:
    hand = start(OWN, [PASS, PASS, PASS])
    assert hand.turn is Seat.W
    assert PASS not in hand.legal_actions()
    assert set(hand.legal_actions()) == {Bid(s) for s in Suit}
    why = refused(hand, PASS)
    assert why.code == "mus" and why.seat is Seat.W
    assert "W" in str(why) and "pass" in str(why)
    hand.apply(Bid(Suit.CLUBS))
    assert (hand.trump, hand.caller) == (Suit.CLUBS, Seat.W)


@pytest.mark.parametrize("seat_passes", [0, 1, 2, 3])
def test_a_player_may_name_a_suit_not_held(seat_passes: int) -> None:
    # S and E hold no club at all, N only in its talon (unseen while naming trump)
    deal = deal_of(
        "JH 9H 7S 8S 7D 8D 7H 8H",
        "AH KH 9S JS AD TD QD KD",
        "AS TS QH TH 9D JD QS KC",
        "AC 7C 8C 9C TC JC QC KS",
    )
    hand = start(deal, [PASS] * seat_passes)
    namer = hand.turn
    assert namer is not None
    assert Bid(Suit.CLUBS) in hand.legal_actions()
    hand.apply(Bid(Suit.CLUBS))
    assert hand.caller == namer and hand.trump is Suit.CLUBS


def test_six_cards_seen_before_trump_then_eight() -> None:
    hand = Hand(Seat.W, OWN)
    assert hand.seen_cards(Seat.E) == tuple(OWN[Seat.E][:6])
    hand.apply(Bid(Suit.HEARTS))
    assert set(hand.seen_cards(Seat.E)) == set(OWN[Seat.E])


def test_no_card_before_trump() -> None:
    hand = Hand(Seat.W, OWN)
    why = refused(hand, Play(C("JH")))
    assert why.code == "phase"


# -- the play ------------------------------------------------------------------------------------


def test_the_player_after_the_dealer_leads_whoever_called() -> None:
    hand = start(OWN, [PASS, PASS, Bid(Suit.HEARTS)])
    assert hand.caller is Seat.N and hand.turn is Seat.S


def test_the_winner_of_a_trick_leads_the_next() -> None:
    hand = start(OWN, [Bid(Suit.HEARTS)])
    leaders = []
    for trick in ("JH AH 7H TH", "9H KH 8H QH", "7S 9S AS QS", "TS KS 8S JS", "9D QD 7D AD"):
        play(hand, trick)
        leaders.append(hand.turn)
    # S wins with the J and 9 of trump, N with the ace and ten of spades, E with the ace of diamonds
    assert leaders == [Seat.S, Seat.S, Seat.N, Seat.N, Seat.E]
    assert hand.tricks_won() == {Team.NS: 4, Team.EW: 1}


def test_iber_over_the_partner() -> None:
    hand = start(PARTNER, [Bid(Suit.HEARTS)])
    play(hand, "QS 9S")  # S leads the queen, E cannot beat it
    assert set(hand.legal_cards()) == {C("KS"), C("TS")}  # N must beat its partner's queen
    for card in ("8S", "7S"):
        why = refused(hand, Play(C(card)))
        assert why.code == "rule" and why.seat is Seat.N
        assert str(why) == f"N played {card} but must beat QS with a higher spade (holds KS, TS)"
    why = refused(hand, Play(C("9H")))
    assert why.code == "rule" and "spade" in str(why)


def test_must_trump_even_when_the_partner_wins() -> None:
    hand = start(PARTNER, [Bid(Suit.HEARTS)])
    play(hand, "AD 7D")  # S's ace of diamonds wins; N has no diamond
    assert set(hand.legal_cards()) == set(cards("9H TH 8H 7H"))
    why = refused(hand, Play(C("KS")))
    assert why.play is not None and why.play.kind == "trump"
    assert str(why) == "N played KS but has no diamond and must trump with a heart (holds 9H, TH, 8H, 7H)"


def test_trump_led_overtrump_even_over_the_partner() -> None:
    hand = start(PARTNER, [Bid(Suit.HEARTS)])
    play(hand, "AH QH")  # E cannot beat the ace; N's partner S wins with it
    assert hand.legal_cards() == [C("9H")]
    for card in ("TH", "8H", "7H"):
        why = refused(hand, Play(C(card)))
        assert str(why) == f"N played {card} but must beat AH with a higher heart (holds 9H)"


def test_cannot_follow_must_trump_then_overtrump() -> None:
    hand = start(PARTNER, [Bid(Suit.HEARTS)])
    play(hand, "AC")
    assert hand.legal_cards() == [C("QH")]  # E: no club, one trump
    why = refused(hand, Play(C("9S")))
    assert str(why) == "E played 9S but has no club and must trump with a heart (holds QH)"
    play(hand, "QH")
    assert set(hand.legal_cards()) == {C("9H"), C("TH")}  # N must overtrump the queen
    why = refused(hand, Play(C("8H")))
    assert why.play is not None and why.play.kind == "overtrump" and why.play.beat == C("QH")
    assert str(why) == "N played 8H but has no club and must overtrump QH with a higher heart (holds 9H, TH)"
    play(hand, "TH")
    assert set(hand.legal_cards()) == set(cards("7C 8C 9C TC"))  # W follows: the trick is trumped
    why = refused(hand, Play(C("KH")))
    assert "club" in str(why) and "W played KH" in str(why)


def test_a_card_not_held() -> None:
    hand = start(OWN, [Bid(Suit.HEARTS)])
    play(hand, "JH")
    why = refused(hand, Play(C("QS")))  # W's card, E to play
    assert why.code == "not_held" and why.seat is Seat.E
    assert str(why) == "E played QS but does not hold it (not in their hand)"
    play(hand, "AH 7H TH")
    why = refused(hand, Play(C("JH")))  # S's own card, already played
    assert str(why) == "S played JH but does not hold it (already played)"


def test_the_hand_ends_after_32_plays() -> None:
    hand = start(OWN, [Bid(Suit.HEARTS)])
    play(
        hand,
        "JH AH 7H TH 9H KH 8H QH 7S 9S AS QS TS KS 8S JS 9D QD 7D AD TD JD KD 8D QC 9C AC 7C TC 8C KC JC",
    )
    assert hand.phase is Phase.FINISHED and hand.turn is None and hand.legal_actions() == []
    for action in (Play(C("JH")), PASS, Bid(Suit.HEARTS), Declare(True)):
        assert refused(hand, action).code == "phase"


# -- declaring ("choose") --------------------------------------------------------------------------


def test_choose_zovem_in_speaking_order_before_the_first_card() -> None:
    hand = start(DECL, [PASS, Bid(Suit.CLUBS)], HouseRules(declarations="choose"))
    assert hand.phase is Phase.DECLARING
    assert set(hand.legal_actions()) == {Declare(True), Declare(False)}
    assert refused(hand, Play(C("9H"))).code == "phase"
    assert refused(hand, Bid(Suit.HEARTS)).code == "phase"
    said = []
    while hand.phase is Phase.DECLARING:
        said.append(hand.turn)
        hand.apply(Declare(True))
    assert said[:3] == [Seat.S, Seat.E, Seat.N]
    assert hand.phase is Phase.PLAYING and hand.turn is Seat.S
    assert refused(hand, Declare(False)).code == "phase"


def test_choose_every_player_says_zovem_or_ne_zovem() -> None:
    # rules.md, house rules: 'choose: each player says "zovem" (declare all) or "ne zovem"
    # (declare none)'. W holds no declaration but is a player: it speaks too. (Asking only
    # the holders tells everyone who holds a declaration before any is shown.)
    hand = start(DECL, [PASS, Bid(Suit.CLUBS)], HouseRules(declarations="choose"))
    said = []
    while hand.phase is Phase.DECLARING:
        said.append(hand.turn)
        hand.apply(Declare(False))
    assert said == [Seat.S, Seat.E, Seat.N, Seat.W]


def test_no_declaring_under_auto() -> None:
    hand = start(DECL, [Bid(Suit.CLUBS)])
    assert hand.phase is Phase.PLAYING
    assert refused(hand, Declare(True)).code == "phase"


# -- bela ------------------------------------------------------------------------------------------


def test_bela_auto_is_called_with_the_first_of_king_and_queen() -> None:
    hand = start(OWN_BELA, [Bid(Suit.HEARTS)])  # S calls: bela is W's (EW), whoever called
    play(hand, "JH AH 7H")
    assert refused(hand, Play(C("QH"), True)).code == "bela"  # no choice under "auto"
    assert refused(hand, Play(C("QH"), False)).code == "bela"
    play(hand, "QH")
    assert hand.bela_calls == [(Seat.W, C("QH"))]
    assert hand.bela_points() == {Team.NS: 0, Team.EW: 20}
    play(hand, "9H TH 8H KH")  # the second of the two adds nothing
    assert hand.bela_points() == {Team.NS: 0, Team.EW: 20}


def test_bela_choose_zovi_belu_or_bez() -> None:
    rules = HouseRules(bela="choose")
    hand = start(OWN_BELA, [Bid(Suit.HEARTS)], rules)
    assert refused(hand, Play(C("JH"), True)).code == "bela"  # JH starts no bela
    play(hand, "JH AH 7H")
    legal = set(hand.legal_actions())
    assert legal == {Play(C(c), b) for c in ("KH", "QH") for b in (True, False)}
    why = refused(hand, Play(C("QH")))
    assert why.code == "bela" and "W" in str(why)
    hand.apply(Play(C("QH"), False))  # "Bez"
    assert hand.bela_points() == {Team.NS: 0, Team.EW: 0}
    play(hand, "9H TH 8H")
    assert refused(hand, Play(C("KH"), True)).code == "bela"  # the second card starts nothing
    play(hand, "KH")
    assert hand.bela_points() == {Team.NS: 0, Team.EW: 0}


def test_bela_choose_called() -> None:
    hand = start(OWN_BELA, [PASS, Bid(Suit.HEARTS)], HouseRules(bela="choose"))  # E calls
    play(hand, "JH AH 7H")
    hand.apply(Play(C("KH"), True))  # "Zovi belu", the king first
    assert hand.bela_calls == [(Seat.W, C("KH"))]
    assert hand.bela_points() == {Team.NS: 0, Team.EW: 20}


# -- undo ------------------------------------------------------------------------------------------


def test_undo_goes_back_through_every_phase() -> None:
    hand = Hand(Seat.W, DECL, HouseRules(declarations="choose", bela="choose"))
    states = [snapshot(hand)]
    actions: list[Action] = [
        PASS,
        Bid(Suit.CLUBS),
        Declare(False),
        Declare(True),
        Declare(True),
        Declare(True),
        Play(C("9H")),
    ]
    for action in actions:
        hand.apply(action)
        states.append(snapshot(hand))
    for expected in reversed(states[:-1]):
        hand.undo()
        assert snapshot(hand) == expected
    with pytest.raises(IndexError):
        hand.undo()
