"""An independent implementation of rules.md and record.md, for differential testing.

Written from the two specs only: it imports nothing from ``bela``. ``score_record`` takes a
``bela-record`` JSON value (already parsed) and returns what ``bela score`` must print, as a
JSON value; ``score_text`` parses the text first. An invalid record raises ``RecordInvalid``.

Readings of the spec where it leaves room (each is also named in the test report):
- belot is known once trump is named (the talon is picked up), so a hand cut during the bidding
  is just unfinished, even if its deal holds a belot;
- declarations are counted from the moment trump is named (they are made with all 8 cards);
  a hand cut during the bidding has trump and caller null and no declarations yet;
- hanging points stay hanging across an unfinished or belot hand (nobody writes more);
- a record without ``hands`` is invalid, ``"hands": []`` is a match not started;
- ``declare`` and ``bela`` must be objects when their mode is "choose" (``null`` is refused);
  keys that are not seats are ignored like other unknown keys; they are not read in a belot hand.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

SEATS = "SENW"
SUITS = "HDSC"
SEQUENCE = "789TJQKA"  # sequence order, used for runs and for comparing fours
TRUMP_ORDER = "J9ATKQ87"  # strongest first
PLAIN_ORDER = "ATKQJ987"
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
FOUR_POINTS = {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100, "8": 0, "7": 0}
ALL_CARDS = frozenset(r + s for r in SEQUENCE for s in SUITS)
RULE_VALUES: dict[str, tuple[object, ...]] = {
    "target": (1001, 701, 501),
    "stiglja": (90, 100),
    "exact_half": ("pad", "visi"),
    "declarations": ("auto", "choose"),
    "bela": ("auto", "choose"),
}
RULE_DEFAULTS: dict[str, object] = {
    "target": 1001,
    "stiglja": 90,
    "exact_half": "pad",
    "declarations": "auto",
    "bela": "auto",
}


class RecordInvalid(Exception):
    """The record is not a valid bela-record under the rules."""


def next_seat(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def team(seat: str) -> str:
    return "NS" if seat in "SN" else "EW"


def other(team_name: str) -> str:
    return "EW" if team_name == "NS" else "NS"


def card_points(card: str, trump: str) -> int:
    return (TRUMP_POINTS if card[1] == trump else PLAIN_POINTS)[card[0]]


def trick_winner_index(trick: list[str], trump: str) -> int:
    """Index in ``trick`` of the card that takes it."""
    trumps = [i for i, c in enumerate(trick) if c[1] == trump]
    if trumps:
        return min(trumps, key=lambda i: TRUMP_ORDER.index(trick[i][0]))
    led = trick[0][1]
    same = [i for i, c in enumerate(trick) if c[1] == led]
    return min(same, key=lambda i: PLAIN_ORDER.index(trick[i][0]))


def beats(a: str, b: str, trump: str) -> bool:
    """Whether card ``a`` is stronger than card ``b`` of the same suit."""
    order = TRUMP_ORDER if a[1] == trump else PLAIN_ORDER
    return order.index(a[0]) < order.index(b[0])


def allowed(hand: list[str], trick: list[str], trump: str) -> set[str]:
    """The cards the rules allow from ``hand`` on ``trick`` (rules.md, Play, obligations)."""
    if not trick:
        return set(hand)
    led = trick[0][1]
    of_led = [c for c in hand if c[1] == led]
    trumps_in_trick = [c for c in trick if c[1] == trump]
    if of_led:
        if led == trump:
            higher = [c for c in of_led if all(beats(c, t, trump) for t in trumps_in_trick)]
            return set(higher or of_led)
        if trumps_in_trick:
            return set(of_led)
        higher = [c for c in of_led if all(beats(c, t, trump) for t in trick if t[1] == led)]
        return set(higher or of_led)
    my_trumps = [c for c in hand if c[1] == trump]
    if my_trumps:
        over = [c for c in my_trumps if all(beats(c, t, trump) for t in trumps_in_trick)]
        return set(over or my_trumps)
    return set(hand)


@dataclass(frozen=True)
class Declaration:
    points: int
    four: bool
    rank: int  # four: index of the rank in sequence order; run: index of its top card
    length: int
    cards: tuple[str, ...]

    def key(self) -> tuple[int, int, int, int]:
        return (self.points, 1 if self.four else 0, self.length if not self.four else 0, self.rank)


def declarations_of(cards: list[str]) -> list[Declaration]:
    found: list[Declaration] = []
    for suit in SUITS:
        idx = sorted(SEQUENCE.index(c[0]) for c in cards if c[1] == suit)
        run_start = 0
        for k in range(1, len(idx) + 1):
            if k == len(idx) or idx[k] != idx[k - 1] + 1:
                length = k - run_start
                if 3 <= length <= 7:
                    pts = 20 if length == 3 else 50 if length == 4 else 100
                    run = tuple(SEQUENCE[i] + suit for i in idx[run_start:k])
                    found.append(Declaration(pts, False, idx[k - 1], length, run))
                run_start = k
    for rank in SEQUENCE:
        if sum(1 for c in cards if c[0] == rank) == 4 and FOUR_POINTS[rank] > 0:
            four = tuple(rank + suit for suit in SUITS)
            found.append(Declaration(FOUR_POINTS[rank], True, SEQUENCE.index(rank), 4, four))
    return found


def belot_seat(deal: dict[str, list[str]], dealer: str) -> str | None:
    seat = next_seat(dealer)
    for _ in range(4):
        if len({c[1] for c in deal[seat]}) == 1:
            return seat
        seat = next_seat(seat)
    return None


def declarations_won(deal: dict[str, list[str]], dealer: str, declaring: set[str]) -> dict[str, int]:
    best: tuple[tuple[int, int, int, int], str] | None = None
    seat = next_seat(dealer)
    for _ in range(4):
        if seat in declaring:
            for d in declarations_of(deal[seat]):
                # strictly better only: at a full tie the earlier seat keeps it
                if best is None or d.key() > best[0]:
                    best = (d.key(), seat)
        seat = next_seat(seat)
    out = {"NS": 0, "EW": 0}
    if best is None:
        return out
    winner = team(best[1])
    for s in SEATS:
        if team(s) == winner and s in declaring:
            out[winner] += sum(d.points for d in declarations_of(deal[s]))
    return out


@dataclass
class HandResult:
    dealer: str
    trump: str | None = None
    caller: str | None = None
    complete: bool = False
    tricks: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    card_points: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    declarations: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    bela: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    stiglja: str | None = None
    outcome: str | None = None
    score: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    hangs: int = 0  # the calling team's points under visi
    belot: str | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "dealer": self.dealer,
            "trump": self.trump,
            "caller": self.caller,
            "complete": self.complete,
            "tricks": dict(self.tricks),
            "card_points": dict(self.card_points),
            "declarations": dict(self.declarations),
            "bela": dict(self.bela),
            "stiglja": self.stiglja,
            "outcome": self.outcome,
            "score": dict(self.score),
        }


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_rules(value: object) -> dict[str, object]:
    rules = dict(RULE_DEFAULTS)
    if not isinstance(value, dict):
        raise RecordInvalid("rules: not an object")
    for key, v in value.items():
        if key not in RULE_VALUES:
            raise RecordInvalid(f"rules: unknown rule {key!r}")
        allowed_values = RULE_VALUES[key]
        if isinstance(allowed_values[0], int):
            ok = _is_int(v) and v in allowed_values
        else:
            ok = isinstance(v, str) and v in allowed_values
        if not ok:
            raise RecordInvalid(f"rules: bad value for {key}")
        rules[key] = v
    return rules


def read_seat_flags(value: object, where: str) -> dict[str, bool]:
    if not isinstance(value, dict):
        raise RecordInvalid(f"{where}: not an object")
    flags: dict[str, bool] = {}
    for key, v in value.items():
        if not isinstance(key, str) or len(key) != 1 or key not in SEATS:
            continue  # record.md: unknown keys outside "rules" are ignored
        if not isinstance(v, bool):
            raise RecordInvalid(f"{where}: {key} is not true or false")
        flags[key] = v
    return flags


def read_deal(value: object, where: str) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        raise RecordInvalid(f"{where}: deal is not an object")
    deal: dict[str, list[str]] = {}
    for seat in SEATS:
        cards = value.get(seat)
        if not isinstance(cards, list) or len(cards) != 8:
            raise RecordInvalid(f"{where}: {seat} is not dealt 8 cards")
        for c in cards:
            if not isinstance(c, str) or c not in ALL_CARDS:
                raise RecordInvalid(f"{where}: {c!r} is not a card")
        deal[seat] = list(cards)
    if len({c for cs in deal.values() for c in cs}) != 32:
        raise RecordInvalid(f"{where}: the deal is not 32 different cards")
    return deal


def _read_list(raw: dict[str, object], key: str, where: str) -> list[object]:
    value = raw.get(key, [])
    if not isinstance(value, list):
        raise RecordInvalid(f"{where}: {key} is not a list")
    return value


def read_bids(bids: list[object], dealer: str, where: str, result: HandResult) -> None:
    """The auction: trump and its caller into ``result``, if a suit was named."""
    seat = next_seat(dealer)
    for i, bid in enumerate(bids):
        if result.trump is not None:
            raise RecordInvalid(f"{where}: a bid after the suit was named")
        if bid == "pass":
            if seat == dealer:
                raise RecordInvalid(f"{where}: the dealer {dealer} may not pass")
        elif isinstance(bid, str) and len(bid) == 1 and bid in SUITS:
            result.trump = bid
            result.caller = seat
        else:
            raise RecordInvalid(f"{where}: bid {i + 1} {bid!r} is not a bid")
        seat = next_seat(seat)


def play_tricks(
    plays: list[object],
    deal: dict[str, list[str]],
    trump: str,
    bela_called: dict[str, bool],
    where: str,
    result: HandResult,
) -> None:
    """The plays, each checked, into ``result``'s tricks, card points (the last trick's 10 too)
    and bela (20 for the team of a holder of trump's king and queen who calls it when playing
    the first of them; ``bela_called`` says who did not, under "choose")."""
    if len(plays) > 32:
        raise RecordInvalid(f"{where}: more than 32 plays")
    hands = {s: list(deal[s]) for s in SEATS}
    bela_holders = {s for s in SEATS if "K" + trump in deal[s] and "Q" + trump in deal[s]}
    trick: list[str] = []
    trick_seats: list[str] = []
    turn = next_seat(result.dealer)
    for n, card in enumerate(plays, start=1):
        if not isinstance(card, str) or card not in ALL_CARDS:
            raise RecordInvalid(f"{where}, play {n}: {card!r} is not a card")
        if card not in hands[turn]:
            raise RecordInvalid(f"{where}, play {n}: {turn} played {card} but does not hold it")
        if card not in allowed(hands[turn], trick, trump):
            raise RecordInvalid(f"{where}, play {n}: {turn} played {card}, which the rules forbid")
        if turn in bela_holders and card in ("K" + trump, "Q" + trump):
            bela_holders.discard(turn)
            if bela_called.get(turn, True):
                result.bela[team(turn)] += 20
        hands[turn].remove(card)
        trick.append(card)
        trick_seats.append(turn)
        if len(trick) == 4:
            w = trick_seats[trick_winner_index(trick, trump)]
            result.tricks[team(w)] += 1
            result.card_points[team(w)] += sum(card_points(c, trump) for c in trick)
            if n == 32:
                result.card_points[team(w)] += 10
            trick, trick_seats = [], []
            turn = w
        else:
            turn = next_seat(turn)


def settle(result: HandResult, rules: dict[str, object]) -> None:
    """A finished hand's outcome and score: štiglja, made, visi (exact half) or pad."""
    assert result.caller is not None
    callers = team(result.caller)
    result.complete = True
    total = 162 + sum(result.declarations.values()) + sum(result.bela.values())
    for t in ("NS", "EW"):
        if result.tricks[t] == 8:
            result.stiglja = t
            result.outcome = "made" if t == callers else "pad"
            result.score[t] = total + int(str(rules["stiglja"]))
            return
    points = {t: result.card_points[t] + result.declarations[t] + result.bela[t] for t in ("NS", "EW")}
    if 2 * points[callers] > total:
        result.outcome = "made"
        result.score = points
    elif 2 * points[callers] == total and rules["exact_half"] == "visi":
        result.outcome = "visi"
        result.score[other(callers)] = points[other(callers)]
        result.hangs = points[callers]
    else:
        result.outcome = "pad"
        result.score[other(callers)] = total


def score_hand(
    number: int, raw: dict[str, object], dealer: str, rules: dict[str, object], last: bool
) -> HandResult:
    where = f"hand {number}"
    deal = read_deal(raw.get("deal"), where)
    result = HandResult(dealer=dealer)
    bids = _read_list(raw, "bids", where)
    plays = _read_list(raw, "plays", where)
    read_bids(bids, dealer, where, result)
    holder = belot_seat(deal, dealer) if result.trump is not None else None
    if holder is not None:
        if plays:
            raise RecordInvalid(f"{where}: {holder} holds a belot, so the hand has no plays")
        result.complete = True
        result.outcome = "belot"
        result.belot = holder
        return result
    choose_declare = rules["declarations"] == "choose"
    choose_bela = rules["bela"] == "choose"
    declare_flags = read_seat_flags(raw.get("declare", {}), f"{where}: declare") if choose_declare else {}
    bela_flags = read_seat_flags(raw.get("bela", {}), f"{where}: bela") if choose_bela else {}
    if result.trump is None:
        if plays:
            raise RecordInvalid(f"{where}: plays before trump is named")
        if not last:
            raise RecordInvalid(f"{where}: unfinished hand before the last")
        return result
    declaring = {s for s in SEATS if declare_flags.get(s, True)}
    result.declarations = declarations_won(deal, dealer, declaring)
    play_tricks(plays, deal, result.trump, bela_flags, where, result)
    if len(plays) < 32:
        if not last:
            raise RecordInvalid(f"{where}: unfinished hand before the last")
        return result
    settle(result, rules)
    return result


def score_record(value: object) -> dict[str, Any]:
    """The ``bela score`` JSON for a parsed record; ``RecordInvalid`` if the record is bad."""
    if not isinstance(value, dict):
        raise RecordInvalid("not a bela-record object")
    if value.get("format") != "bela-record":
        raise RecordInvalid("not a bela-record")
    version = value.get("version")
    if not _is_int(version) or version != 1:
        raise RecordInvalid("unsupported version")
    rules = read_rules(value.get("rules", {}))
    raw_hands = value.get("hands")
    if not isinstance(raw_hands, list):
        raise RecordInvalid("hands is not a list")
    target = rules["target"]
    assert isinstance(target, int)
    totals = {"NS": 0, "EW": 0}
    hanging = 0
    winner: str | None = None
    belot: str | None = None
    out_hands: list[dict[str, object]] = []
    dealer: str | None = None
    for number, raw in enumerate(raw_hands, start=1):
        if winner is not None:
            raise RecordInvalid(f"hand {number}: the match was already won")
        if not isinstance(raw, dict):
            raise RecordInvalid(f"hand {number}: not an object")
        d = raw.get("dealer")
        if not isinstance(d, str) or len(d) != 1 or d not in SEATS:
            raise RecordInvalid(f"hand {number}: bad dealer")
        if dealer is not None and d != next_seat(dealer):
            raise RecordInvalid(f"hand {number}: dealer out of turn")
        dealer = d
        h = score_hand(number, raw, d, rules, number == len(raw_hands))
        if h.outcome == "belot":
            assert h.belot is not None
            belot = h.belot
            winner = team(h.belot)
        elif h.outcome == "visi":
            hanging += h.hangs
        elif h.complete and hanging:
            if h.score["NS"] > h.score["EW"]:
                h.score["NS"] += hanging
                hanging = 0
            elif h.score["EW"] > h.score["NS"]:
                h.score["EW"] += hanging
                hanging = 0
        for t in ("NS", "EW"):
            totals[t] += h.score[t]
        if h.complete and winner is None and max(totals.values()) >= target and totals["NS"] != totals["EW"]:
            winner = "NS" if totals["NS"] > totals["EW"] else "EW"
        out_hands.append(h.to_json())
    return {"hands": out_hands, "totals": totals, "hanging": hanging, "winner": winner, "belot": belot}


def _no_constant(name: str) -> object:
    raise RecordInvalid(f"{name} is not a JSON number")


def score_text(text: str) -> dict[str, Any]:
    """Parse a record's text (strict JSON: no NaN or Infinity) and score it."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise RecordInvalid(f"not JSON: {e}") from None
    except RecursionError:
        raise RecordInvalid("not JSON: nested too deep") from None
    return score_record(value)


assert sum(TRUMP_POINTS.values()) + 3 * sum(PLAIN_POINTS.values()) == 152
