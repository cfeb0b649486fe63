"""A whole hand in a room under CPython (web/friends/host.py), over a fake network that records
every message: the host, two friends (North and East) and a computer player (West); every
message a guest receives is checked for other seats' hidden cards at the moment it was sent;
forged messages change nothing; a friend gone and back has its seat and cards; the revealed
seed checks out."""

from __future__ import annotations

import json
import random

from bela.cards import Card
from bela.deal import deal_cards
from bela.match import Match
from bela.seats import Seat
from web.friends.host import HostRoom
from web.friends.protocol import GRACE_SECONDS
from web.friends.table import Table
from web.friends.view import cards_in, deal_follows, hidden_from

TOKENS = {"ivo": "1" * 32, "eva": "2" * 32}
SEATS_OF = {"ivo": Seat.N, "eva": Seat.E}


class Network:
    def __init__(self) -> None:
        self.room: HostRoom | None = None
        self.inbox: dict[str, list[dict[str, object]]] = {"ivo": [], "eva": [], "eva2": []}
        self.leaks: list[tuple[str, object]] = []

    def send(self, text: str, peer: str) -> None:
        message = json.loads(text)
        assert self.room is not None
        hand = self.room.match.current
        seat = SEATS_OF.get(peer.rstrip("2"))
        if hand is not None and seat is not None:
            leaked = cards_in(message) & hidden_from(hand, seat)
            if leaked:
                self.leaks.append((peer, sorted(c.notation for c in leaked)))
        self.inbox[peer].append(message)

    def last_view(self, peer: str) -> dict[str, object]:
        return next(m for m in reversed(self.inbox[peer]) if m["t"] == "view")


def act_text(view: dict[str, object], pick: int = 0) -> str:
    legal = view["legal"]
    assert isinstance(legal, list) and legal
    return json.dumps(
        {"t": "act", "seat": view["seat"], "hand": view["hand"], "at": view["at"], "a": legal[pick]}
    )


def room_with_friends() -> tuple[HostRoom, Network]:
    net = Network()
    rng = random.Random(7)
    room = HostRoom(Table("Host"), Match(seed=None), net.send, rng.getrandbits)
    net.room = room
    for peer in ("ivo", "eva"):
        room.receive(peer, json.dumps({"t": "join", "name": peer.title(), "token": TOKENS[peer]}), 0.0)
    room.start()
    return room, net


def test_a_hand_with_two_friends_and_a_computer_player_leaks_no_card() -> None:
    room, net = room_with_friends()
    assert {s: p.who for s, p in room.table.seats.items()} == {
        Seat.S: "host",
        Seat.N: "friend",
        Seat.E: "friend",
        Seat.W: "bot",
    }
    hand = room.match.current
    assert hand is not None
    now = 1.0
    while not hand.finished:
        seat = hand.turn
        assert seat is not None
        if seat in room.bot_seats(now) or seat is Seat.S:
            room.apply(hand.legal_actions()[0])
        else:
            peer = "ivo" if seat is Seat.N else "eva"
            before = len(hand.actions)
            assert room.receive(peer, act_text(net.last_view(peer)), now) is not None
            assert len(hand.actions) == before + 1
        now += 0.5
    assert not net.leaks
    assert sum(room.table.refusals.values()) == 0
    for peer, seat in SEATS_OF.items():
        commit = next(m for m in net.inbox[peer] if m["t"] == "commit")
        reveal = next(m for m in net.inbox[peer] if m["t"] == "reveal")
        views = [m for m in net.inbox[peer] if m["t"] == "view"]
        held = {c for v in views for c in v["cards"]}  # type: ignore[attr-defined]
        plays = [(Seat[s], c) for s, c in views[-1]["plays"]]  # type: ignore[attr-defined]
        assert deal_follows(
            str(commit["hash"]),
            int(reveal["seed"]),  # type: ignore[call-overload]
            str(reveal["salt"]),
            hand.dealer,
            seat,
            [Card.parse(c) for c in held],
            [(s, Card.parse(c)) for s, c in plays],
        )
        assert deal_cards(int(reveal["seed"]), hand.dealer) == hand.deal  # type: ignore[call-overload]


def test_forged_messages_change_nothing() -> None:
    room, net = room_with_friends()
    hand = room.match.current
    assert hand is not None
    while hand.turn not in (Seat.N, Seat.E):
        room.apply(hand.legal_actions()[0])
    seat = hand.turn
    assert seat is not None
    mover, other = ("ivo", "eva") if seat is Seat.N else ("eva", "ivo")
    view = net.last_view(mover)
    forged = [
        act_text(view).replace(f'"seat": "{seat.name}"', f'"seat": "{SEATS_OF[other].name}"'),  # another seat
        act_text(view).replace('"a": "', '"a": "play:').replace("play:bid:", "play:"),  # malformed
        "{not json",
        "x" * 1_000_000,
        json.dumps({"t": "act", "seat": seat.name, "hand": 1, "at": 99, "a": "bid:pass"}),  # stale
    ]
    before = (len(hand.actions), net.inbox[mover][-1])
    for raw in forged:
        assert room.receive(mover, raw, 1.0) is None
    assert room.receive(other, act_text(view), 1.0) is None  # the other friend, not its turn
    flood = [room.receive(other, "{", 1.0) for _ in range(40)]
    assert all(f is None for f in flood)
    assert (len(hand.actions), net.inbox[mover][-1]) == before
    assert room.table.refusals["flood"] > 0 and room.table.refusals["too_large"] == 1
    assert room.receive(mover, act_text(view), 1.0) is not None  # the real one still goes


def test_a_friend_gone_is_played_by_the_computer_then_comes_back_to_its_seat() -> None:
    room, net = room_with_friends()
    cards_before = net.last_view("eva")["cards"]
    room.left("eva", 10.0)
    assert Seat.E not in room.bot_seats(10.0 + GRACE_SECONDS - 1)
    assert Seat.E in room.bot_seats(10.0 + GRACE_SECONDS + 1)
    room.receive("eva2", json.dumps({"t": "join", "name": "Eva", "token": TOKENS["eva"]}), 40.0)
    assert net.inbox["eva2"][0] == {"t": "seated", "seat": "E"}
    assert net.last_view("eva2")["cards"] == cards_before
    assert Seat.E not in room.bot_seats(40.0)
    assert not net.leaks


def test_guests_check_the_deal_and_drop_what_they_cannot_read() -> None:
    from web.friends.guest import GuestRoom

    net = Network()
    guests = {"ivo": GuestRoom("Ivo", TOKENS["ivo"]), "eva": GuestRoom("Eva", TOKENS["eva"])}

    def send(text: str, peer: str) -> None:
        net.send(text, peer)
        assert guests[peer].receive(text) is not None

    room = HostRoom(Table("Host"), Match(seed=None), send, random.Random(3).getrandbits)
    net.room = room
    for peer, guest in guests.items():
        room.receive(peer, guest.join_text(), 0.0)
    room.start()
    hand = room.match.current
    assert hand is not None
    while not hand.finished:
        seat = hand.turn
        seated = next((g for g in guests.values() if g.seat is seat), None)
        if seated is None:
            room.apply(hand.legal_actions()[0])
        else:
            peer = "ivo" if seat is Seat.N else "eva"
            assert room.receive(peer, seated.act_text(seated.view["legal"][-1]), 1.0) is not None  # type: ignore[index]
    assert {p: g.checks for p, g in guests.items()} == {"ivo": {1: "ok"}, "eva": {1: "ok"}}
    assert guests["ivo"].seats["N"] == {"who": "friend", "name": "Ivo", "online": True}
    seed, salt = room.seeds[1]
    guests["eva"].check(1, seed + 1, salt)  # a host that dealt from another seed than it said
    assert guests["eva"].checks[1] == "mismatch"
    for bad in (
        "{",
        "x" * 20_000,
        '{"t": "view", "seat": "N"}',
        '{"t": "nope"}',
        '{"t": "seated", "seat": "Q"}',
    ):
        assert guests["eva"].receive(bad) is None
    assert guests["eva"].dropped == 5 and guests["eva"].seat is Seat.E
    assert not net.leaks
