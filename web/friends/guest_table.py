"""A guest's table, from the view its host sent (web/friends/view.py): what the page draws from
the guest's own seat. The player's seat is at the bottom and the others go round from it as at
a real table; the hooks keep the real seats' names (``[data-hand="N"]`` holds a guest's own
cards at North). Plain Python, tested under CPython (tests/test_friends_guest_table.py).

>>> view = {"seat": "N", "hand": 1, "at": 0, "dealer": "E", "phase": "bidding", "turn": "N",
...         "cards": ["QC", "KS", "8H"], "trump": None, "trick": [], "legal": ["bid:H", "bid:pass"],
...         "held": {"S": 6, "E": 6, "N": 6, "W": 6}, "totals": [0, 0], "sheet": [], "winner": None}
>>> g = guest_table(view)
>>> [s.name for s in g.places], g.bids, g.cards
(['N', 'W', 'S', 'E'], ['H', 'pass'], ['8H', 'KS', 'QC'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bela.cards import Card, Suit
from bela.seats import SEATS, Seat
from web.view import display_order

#: Where each place is drawn: the bottom, the right, the top, the left (index.html's areas).
AREAS = ("S", "E", "N", "W")


@dataclass(frozen=True)
class GuestTable:
    me: Seat
    places: tuple[Seat, ...]  # the seats drawn at the bottom, right, top and left
    hand: int
    dealer: Seat
    phase: str
    turn: Seat | None
    trump: str | None
    cards: list[str]  # the player's own cards, in the order they are held
    playable: frozenset[str]  # the cards it may play now
    backs: dict[Seat, int]  # the cards each other seat holds
    trick: list[tuple[Seat, str]]
    bids: list[str]  # the bids it may make now: suit letters and pass
    declare: bool  # it is asked whether to declare
    totals: tuple[int, int]
    sheet: list[tuple[int, int]]  # each finished hand's written points (NS, EW)
    winner: str | None  # NS or EW once the match is over
    finished: bool
    legal: tuple[str, ...]  # its legal actions as the host sent them (web/worker/messages.py's text)

    def place_of(self, seat: Seat) -> str:
        """The area (index.html's S, E, N or W) that ``seat`` is drawn in."""
        return AREAS[self.places.index(seat)]

    @property
    def my_turn(self) -> bool:
        return self.turn is self.me and not self.finished

    def bela_choice(self, card: str) -> bool:
        """Whether playing ``card`` asks "bela?" (the trump king or queen under "choose")."""
        return f"play:{card}:bela" in self.legal


def guest_table(view: dict[str, Any]) -> GuestTable:
    """The table of a view (KeyError, ValueError for a view that is not one: the guest's room
    drops such a message before it gets here)."""
    me = Seat[view["seat"]]
    places = tuple(SEATS[(me.value + k) % 4] for k in range(4))
    trump = view.get("trump")
    legal = tuple(str(a) for a in view.get("legal", []))
    cards = display_order((Card.parse(c) for c in view["cards"]), Suit.parse(trump) if trump else None)
    held = view.get("held", {})
    return GuestTable(
        me=me,
        places=places,
        hand=int(view["hand"]),
        dealer=Seat[view["dealer"]],
        phase=str(view["phase"]),
        turn=Seat[view["turn"]] if view.get("turn") else None,
        trump=trump,
        cards=[c.notation for c in cards],
        playable=frozenset(a.split(":")[1] for a in legal if a.startswith("play:")),
        backs={s: int(held.get(s.name, 0)) for s in SEATS if s is not me},
        trick=[(Seat[s], str(c)) for s, c in view.get("trick", [])],
        bids=[a.split(":")[1] for a in legal if a.startswith("bid:")],
        declare=any(a.startswith("declare:") for a in legal),
        totals=(int(view["totals"][0]), int(view["totals"][1])),
        sheet=[(int(a), int(b)) for a, b in view.get("sheet", [])],
        winner=view.get("winner"),
        finished=view["phase"] == "finished",
        legal=legal,
    )
