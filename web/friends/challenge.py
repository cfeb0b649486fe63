"""Challenge a friend: a link that carries a match's deals (their seed), its house rules, its
computer players' levels and the challenger's points hand by hand, so that a friend plays the
same deals against the same players and sees both results side by side. Plain Python.

The link's value is plain text, safe in an address: version, seed, rules, levels, hands and a
check of everything before it (64 bits mixed by the engine's SplitMix64, bela.deal.derive_seed):
a link cut short or edited by hand is refused as an imported record is, with a notice.

>>> c = Challenge(42, HouseRules(target=501), ("hard", "medium", "easy"), ((120, 42), (0, 182)))
>>> text = c.text()
>>> text[:-17]
'1.42.501_90_pad_auto_auto.hard_medium_easy.120-42_0-182'
>>> read(text) == c
True
>>> c.link("https://x.org/bela/index.html?seed=3#top") == "https://x.org/bela/index.html?challenge=" + text
True
>>> for bad in (text.replace("120-42", "130-42"), text[:-1], "1.42", "x" * 2000):
...     try:
...         read(bad)
...     except ChallengeError as e:
...         print(e)
altered
altered
malformed
too long
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bela.deal import deal_cards, derive_seed, first_dealer
from bela.match import Match
from bela.rules import HouseRules, RulesError
from bela.scoring import score_hand
from bela.seats import Seat
from web.settings import LEVELS

VERSION = "1"
MAX_TEXT = 1200  # characters of a link's value
MAX_HANDS = 40
MAX_POINTS = 2000  # a hand's written points, either side
MAX_SEED = (1 << 63) - 1
LEVEL_SEATS = (Seat.E, Seat.N, Seat.W)  # the order of the levels in a link
_CHECK_SALT = 0xC4A1_1E96
RULE_FIELDS = ("target", "stiglja", "exact_half", "declarations", "bela")


class ChallengeError(ValueError):
    """Why a challenge link was refused: ``malformed``, ``altered`` or ``too long``."""


Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Challenge:
    seed: int
    rules: HouseRules
    levels: tuple[str, str, str]  # East, North, West
    theirs: tuple[Pair, ...]  # the challenger's written points, (NS, EW), hand by hand

    @property
    def hands(self) -> int:
        return len(self.theirs)

    def level_of(self) -> dict[Seat, str]:
        return dict(zip(LEVEL_SEATS, self.levels, strict=True))

    def text(self) -> str:
        rules = "_".join(str(getattr(self.rules, f)) for f in RULE_FIELDS)
        hands = "_".join(f"{ns}-{ew}" for ns, ew in self.theirs)
        body = f"{VERSION}.{self.seed}.{rules}.{'_'.join(self.levels)}.{hands}"
        return f"{body}.{check(body)}"

    def link(self, base: str) -> str:
        """The address that opens this challenge, on ``base`` (the page's own address)."""
        return base.split("?")[0].split("#")[0] + "?challenge=" + self.text()


def check(body: str) -> str:
    return f"{derive_seed(_CHECK_SALT, *body.encode('utf-8')):016x}"


def _number(text: str, top: int) -> int:
    if not text.isdigit() or len(text) > 19 or int(text) > top:
        raise ChallengeError("malformed")
    return int(text)


def read(text: str) -> Challenge:
    """The challenge of a link's value; ChallengeError if it is not one this page wrote."""
    if len(text) > MAX_TEXT:
        raise ChallengeError("too long")
    body, _, sum_text = text.rpartition(".")
    parts = body.split(".")
    if len(parts) != 5 or parts[0] != VERSION:
        raise ChallengeError("malformed")
    if check(body) != sum_text:
        raise ChallengeError("altered")
    _, seed_text, rules_text, levels_text, hands_text = parts
    seed = _number(seed_text, MAX_SEED)
    values = rules_text.split("_")
    if len(values) != len(RULE_FIELDS):
        raise ChallengeError("malformed")
    raw: dict[str, object] = dict(zip(RULE_FIELDS, values, strict=True))
    try:
        raw["target"], raw["stiglja"] = _number(values[0], 10**4), _number(values[1], 10**3)
        rules = HouseRules.from_json(raw)
    except RulesError:
        raise ChallengeError("malformed") from None
    levels = tuple(levels_text.split("_"))
    if len(levels) != 3 or not all(level in LEVELS for level in levels):
        raise ChallengeError("malformed")
    theirs: list[Pair] = []
    for pair in hands_text.split("_"):
        ns, dash, ew = pair.partition("-")
        if not dash:
            raise ChallengeError("malformed")
        theirs.append((_number(ns, MAX_POINTS), _number(ew, MAX_POINTS)))
    if not 1 <= len(theirs) <= MAX_HANDS:
        raise ChallengeError("malformed")
    return Challenge(seed, rules, (levels[0], levels[1], levels[2]), tuple(theirs))


def written(match: Match, index: int) -> Pair:
    w = score_hand(match.hands[index]).written
    return (w[0], w[1])


def dealt_from_seed(match: Match) -> bool:
    """Whether every hand of ``match`` was dealt from its seed, as a new match deals (an
    imported match's hands may not be: those deals could not be played again)."""
    if match.seed is None or match.first_dealer is not first_dealer(match.seed):
        return False
    for number, hand in enumerate(match.hands, 1):
        dealer = first_dealer(match.seed)
        for _ in range(number - 1):
            dealer = dealer.next
        if hand.dealer is not dealer or hand.deal != deal_cards(derive_seed(match.seed, number), dealer):
            return False
    return True


def of_match(match: Match, levels: dict[Seat, str]) -> Challenge | None:
    """The challenge of a match's finished hands, or None (no hand finished yet, or deals that
    do not follow from the seed)."""
    finished = [i for i, hand in enumerate(match.hands[:MAX_HANDS]) if hand.finished]
    if not finished or match.seed is None or not dealt_from_seed(match):
        return None
    level_list = [levels.get(s, "medium") for s in LEVEL_SEATS]
    return Challenge(
        match.seed,
        match.rules,
        (level_list[0], level_list[1], level_list[2]),
        tuple(written(match, i) for i in range(len(finished))),
    )


def side_by_side(challenge: Challenge, match: Match) -> list[tuple[int, Pair, Pair]]:
    """One row per hand the friend finished: its number, the friend's points and the
    challenger's (both NS, EW)."""
    rows = []
    hands: Sequence[object] = match.hands[: challenge.hands]
    for i in range(len(hands)):
        if match.hands[i].finished:
            rows.append((i + 1, written(match, i), challenge.theirs[i]))
    return rows
