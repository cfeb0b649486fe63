"""A room's protocol (web/friends/): each message's shape and limit, the per-seat view, the
seed's hash and reveal, and every refusal, under CPython."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import ALL_RULES, random_match, scaled, visible

from bela.actions import Bid, Play
from bela.cards import Card, Suit
from bela.deal import deal_cards
from bela.match import Match
from bela.seats import SEATS, Seat
from web.friends.protocol import BURST, MAX_GUEST_BYTES, NAME_MAX, Act, Join, Refused, clean_name
from web.friends.table import Table
from web.friends.view import cards_in, commitment, deal_follows, hidden_from, seat_view

TOKEN_A, TOKEN_B = "a" * 32, "b" * 32


def join(name: str, token: str) -> str:
    return json.dumps({"t": "join", "name": name, "token": token})


def act(seat: str, hand: int, at: int, action: str) -> str:
    return json.dumps({"t": "act", "seat": seat, "hand": hand, "at": at, "a": action})


# -- the per-seat view --------------------------------------------------------------------------------


@settings(max_examples=scaled(150, 1500), deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(ALL_RULES))
def test_no_view_holds_another_seats_hidden_card(seed: int, rules: object) -> None:
    m = random_match(random.Random(seed), rules, cut=1.0, max_hands=6)  # type: ignore[arg-type]
    hand = m.current
    assert hand is not None
    for seat in SEATS:
        view = seat_view(m, seat)
        text = json.dumps(view)
        named = cards_in(json.loads(text))
        if not hand.finished:
            # the spec's own account of what the seat may know (tests/reference.py)
            assert named <= visible(hand, seat), (seat, named - visible(hand, seat))
            assert not named & hidden_from(hand, seat)
        assert len(text.encode()) < 4096


def test_a_view_shows_the_seats_own_cards_and_counts_the_others() -> None:
    m = Match(seed=11)
    hand = m.start_hand()
    view = seat_view(m, Seat.E)
    assert view["cards"] == [c.notation for c in hand.deal[Seat.E][:6]]
    assert view["held"] == {"N": 6, "E": 6, "S": 6, "W": 6}
    assert view["turn"] == hand.turn.name if hand.turn else None
    others = {c for s in SEATS if s is not Seat.E for c in hand.deal[s]}
    assert not cards_in(view) & others


# -- the seed's hash and reveal --------------------------------------------------------------------------


def test_a_revealed_seed_is_checked_against_its_hash_and_the_cards_seen() -> None:
    salt = "5a" * 16
    deal = deal_cards(99, Seat.W)
    commit = commitment(99, salt, Seat.W)
    assert commit == commitment(99, salt, Seat.W)
    seen = [(Seat.N, deal[Seat.N][3]), (Seat.E, deal[Seat.E][7])]
    assert deal_follows(commit, 99, salt, Seat.W, Seat.S, list(deal[Seat.S]), seen)
    # another seed, another salt, another dealer, a card not dealt to the seat that played it
    assert not deal_follows(commit, 98, salt, Seat.W, Seat.S, list(deal[Seat.S]), seen)
    assert not deal_follows(commit, 99, "5b" * 16, Seat.W, Seat.S, list(deal[Seat.S]), seen)
    assert not deal_follows(commit, 99, salt, Seat.N, Seat.S, list(deal[Seat.S]), seen)
    assert not deal_follows(commit, 99, salt, Seat.W, Seat.S, list(deal[Seat.N]), seen)
    assert not deal_follows(commit, 99, salt, Seat.W, Seat.S, [], [(Seat.N, deal[Seat.E][0])])


# -- refusals ------------------------------------------------------------------------------------------------


def seated() -> tuple[Table, Match]:
    table = Table("Host")
    assert isinstance(table.receive("ivo", join("Ivo", TOKEN_A), 0.0, None), Join)
    assert isinstance(table.receive("eva", join("Eva", TOKEN_B), 0.0, None), Join)
    table.start()
    m = Match(seed=5, dealer=Seat.E)  # North bids first
    m.start_hand()
    return table, m


def test_guests_take_free_seats_in_order_and_the_rest_are_computer_players() -> None:
    table, _ = seated()
    assert {s: (p.who, p.name) for s, p in table.seats.items()} == {
        Seat.S: ("host", "Host"),
        Seat.N: ("friend", "Ivo"),
        Seat.E: ("friend", "Eva"),
        Seat.W: ("bot", ""),
    }
    assert table.receive("ana", join("Ana", "c" * 32), 1.0, None) is None  # the match started
    assert table.refusals == {"no_seat": 1}
    assert "a" * 32 not in json.dumps(table.public())  # tokens stay with their owners


def test_a_legal_action_of_the_seat_whose_turn_it_is_passes() -> None:
    table, m = seated()
    message = table.receive("ivo", act("N", 1, 0, "bid:pass"), 0.0, m)
    assert message == Act(Seat.N, 1, 0, Bid(None))
    assert not table.refusals


def test_each_bad_message_is_refused_and_counted() -> None:
    table, m = seated()
    hand = m.current
    assert hand is not None
    not_held = next(c for c in hand.deal[Seat.S])
    cases: dict[str, list[object]] = {
        "malformed": ["{", "[1]", '{"t":"act"}', act("X", 1, 0, "bid:pass"), act("N", 1, 0, "play:ZZ"), 5],
        "too_large": [
            "x" * (MAX_GUEST_BYTES + 1),
            json.dumps({"t": "join", "name": "é" * 600, "token": TOKEN_A}),
        ],
        "out_of_turn": [act("N", 1, 3, "bid:pass"), act("N", 2, 0, "bid:pass")],
        "other_seat": [act("E", 1, 0, "bid:pass")],
        "illegal": [act("N", 1, 0, f"play:{not_held.notation}")],
    }
    for code, messages in cases.items():
        before = table.refusals[code]
        for raw in messages:
            assert table.receive("ivo", raw, 0.0, m) is None, raw
        assert table.refusals[code] == before + len(messages), code
    assert table.receive("eva", act("E", 1, 0, "bid:pass"), 0.0, m) is None  # not East's turn
    assert table.refusals["out_of_turn"] == 3
    assert table.receive("nobody", act("N", 1, 0, "bid:pass"), 0.0, m) is None
    assert table.refusals["no_seat"] == 1
    assert len(hand.actions) == 0  # nothing reached the game


def test_a_flood_is_refused_then_the_allowance_comes_back() -> None:
    table, m = seated()
    results = [table.receive("eva", act("E", 1, 0, "bid:pass"), 1.0, m) for _ in range(BURST + 5)]
    assert all(r is None for r in results)
    assert table.refusals["flood"] == 5 and table.refusals["out_of_turn"] == BURST
    assert table.receive("ivo", act("N", 1, 0, "bid:pass"), 1.0, m) is not None  # Ivo has his own
    assert table.receive("eva", "{", 2.0, m) is None
    assert table.refusals["malformed"] == 1  # read again, a second later


def test_an_illegal_card_in_play_is_refused() -> None:
    m = Match(seed=3, dealer=Seat.E)
    hand = m.start_hand()
    hand.apply(Bid(Suit.HEARTS))
    while hand.phase.value == "declaring":
        hand.apply(hand.legal_actions()[0])
    seat = hand.turn
    assert seat is not None and seat is not Seat.S
    table = Table("Host")
    table.receive("p", join("P", TOKEN_A), 0.0, None)
    table.seats[seat], table.seats[Seat.N] = table.seats[Seat.N], table.seats[seat]
    legal = {a.card for a in hand.legal_actions() if isinstance(a, Play)}
    wrong = next(c for c in hand.held[seat] if c not in legal) if len(legal) < len(hand.held[seat]) else None
    others = next(c for c in hand.held[Seat.S])
    for card in [others] + ([wrong] if wrong else []):
        assert (
            table.receive("p", act(seat.name, 1, len(hand.actions), f"play:{card.notation}"), 0.0, m) is None
        )
    assert table.refusals["illegal"] == 1 + (1 if wrong else 0)


# -- names and seats coming back ------------------------------------------------------------------------


def test_names_are_plain_text_within_the_limit() -> None:
    assert clean_name("  a\u0007b\u200b c  ") == "ab c"
    assert clean_name("<script>alert(1)</script>") == "<script>alert(1)</scri"[:NAME_MAX]
    assert len(clean_name("x" * 500)) == NAME_MAX
    for bad in ("", "   ", "\u0000\u0001", 7, None):
        try:
            clean_name(bad)
        except Refused as e:
            assert e.code == "malformed"
        else:
            raise AssertionError(bad)


def test_a_guest_back_with_its_token_has_its_seat_and_a_bot_plays_it_after_the_grace() -> None:
    table, m = seated()
    assert table.left("eva", 100.0) is Seat.E
    assert table.human(Seat.E, 110.0) and not table.human(Seat.E, 121.0)  # 20 s of grace
    assert table.receive("eva-again", join("Eva", TOKEN_B), 130.0, m) is not None
    assert table.seat_of("eva-again") is Seat.E and table.human(Seat.E, 130.0)
    assert not table.human(Seat.W, 0.0)


def test_the_table_is_saved_and_read_back_with_every_friend_away() -> None:
    table, _ = seated()
    table.receive("eva", "{", 0.0, None)
    again = Table.from_json(json.loads(json.dumps(table.to_json())), 50.0)
    assert {s: (p.who, p.name, p.token) for s, p in again.seats.items()} == {
        s: (p.who, p.name, p.token) for s, p in table.seats.items()
    }
    assert again.refusals == {"malformed": 1}
    assert not any(p.online for s, p in again.seats.items() if s is not Seat.S)
    bad: object
    for bad in (None, {"seats": {}}, {"seats": {"S": ["friend", "x", "y"]}}):
        try:
            Table.from_json(bad, 0.0)
        except ValueError:
            pass
        else:
            raise AssertionError(bad)


def test_card_names_are_found_at_any_depth() -> None:
    assert cards_in({"x": [["N", "AS"]], "y": "play:7H:bela"}) == {Card.parse("AS"), Card.parse("7H")}
