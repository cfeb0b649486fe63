"""Today's deals and shared deals on the page: what a duplicate match is (the day's 4 hands, or one
shared hand), its par, the results against par, the day's card and the share text. Plain Python.

A :class:`Duplicate` rides with the session (web/session.py) and is saved with it, under its own
key (web/saves.py), so the regular match is never touched.

>>> d = Duplicate.daily("2026-12-01")
>>> d.kind, d.numbers, d.key, d.link("https://x.org/bela/")
('daily', (1, 2, 3, 4), 'daily', 'https://x.org/bela/?daily=2026-12-01')
>>> s = Duplicate.shared(d.seed, 3)
>>> s.numbers, s.link("https://x.org/bela/index.html").endswith(f"?deal={d.seed}-3")
((3,), True)
>>> Duplicate.from_json(d.to_json()) == d
True
>>> sign(12), sign(-3), sign(0)
('🟩', '🟥', '⬜')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bela.daily import HANDS, MAX_SEED, PAR_VERSION, daily_seed, deal_of, parse_date
from bela.hand import Hand
from bela.match import Match
from bela.rules import HouseRules
from bela.scoring import score_hand
from web.friends.challenge import Challenge, ChallengeError, read

KINDS = ("daily", "deal", "challenge")
HARD_LEVELS = ("hard", "hard", "hard")  # E, N, W: par is the hard players', so is the table


@dataclass
class Duplicate:
    """A duplicate match: ``kind`` daily (the day ``date``'s hands) or deal (one shared hand
    ``numbers[0]`` of ``seed``'s deals); ``pars`` by hand number, (NS, EW) once computed;
    ``practice``: a replay, not counted for the record; ``recorded``: counted already."""

    kind: str
    seed: int
    numbers: tuple[int, ...]
    date: str = ""
    pars: dict[int, tuple[int, int]] = field(default_factory=dict)
    practice: bool = False
    recorded: bool = False
    challenge: Challenge | None = None  # kind challenge: a friend's (web/friends/challenge.py)

    @classmethod
    def daily(cls, date: str, practice: bool = False) -> Duplicate:
        return cls("daily", daily_seed(date), tuple(range(1, HANDS + 1)), date, practice=practice)

    @classmethod
    def shared(cls, seed: int, number: int) -> Duplicate:
        return cls("deal", seed, (number,))

    @classmethod
    def of_challenge(cls, challenge: Challenge) -> Duplicate:
        return cls("challenge", challenge.seed, tuple(range(1, challenge.hands + 1)), challenge=challenge)

    @property
    def key(self) -> str:
        """The name of the saved value (web/storage.py): one daily and one shared deal at a time."""
        return self.kind

    def link(self, base: str) -> str:
        """The address that opens this duplicate again, on ``base`` (the page's own address)."""
        page = base.split("?")[0].split("#")[0]
        if self.kind == "daily":
            return f"{page}?daily={self.date}"
        if self.challenge is not None:
            return self.challenge.link(page)
        return f"{page}?deal={self.seed}-{self.numbers[0]}"

    def new_match(self) -> Match:
        """The match to play: the default house rules, the first hand dealt."""
        if self.challenge is not None:  # the challenger's rules, its match's deals from the seed
            match = Match(self.challenge.rules, seed=self.seed)
            match.start_hand()
            return match
        first = self.numbers[0]
        dealer, deal = deal_of(self.seed, first)
        match = Match(HouseRules(), seed=self.seed, dealer=dealer)
        if first == 1:
            match.start_hand()  # the same deal, dealt as any match from its seed
        else:
            match.start_hand(deal)
        return match

    def number_of(self, index: int) -> int:
        """The deal number of the match's hand ``index`` (from 0)."""
        return self.numbers[index]

    def finished(self, match: Match) -> int:
        return sum(1 for h in match.hands[: len(self.numbers)] if h.finished)

    def complete(self, match: Match) -> bool:
        """Every hand played (or, never seen, the match won before)."""
        return self.finished(match) >= len(self.numbers) or match.over

    def more_hands(self, match: Match) -> bool:
        """A next hand to deal."""
        return not self.complete(match) and len(match.hands) < len(self.numbers)

    def par_of(self, index: int) -> tuple[int, int] | None:
        return self.pars.get(self.number_of(index)) if index < len(self.numbers) else None

    def vs_par(self, match: Match, index: int) -> int | None:
        """Our written points on hand ``index`` minus par's NS points, once both are known."""
        par = self.par_of(index)
        if par is None or index >= len(match.hands) or not match.hands[index].finished:
            return None
        return written(match.hands[index])[0] - par[0]

    def total_vs_par(self, match: Match) -> int | None:
        if not self.complete(match):
            return None
        values = [self.vs_par(match, i) for i in range(self.finished(match))]
        if any(v is None for v in values):
            return None
        return sum(v for v in values if v is not None)

    def missing_pars(self, start: int = 0) -> list[int]:
        """The deal numbers whose par is still to compute, from hand ``start`` on, then the rest
        (none in a challenge: it is played against the challenger's points)."""
        if self.kind == "challenge":
            return []
        order = list(self.numbers[start:]) + list(self.numbers[:start])
        return [n for n in order if n not in self.pars]

    def sig(self) -> str:
        return f"{self.kind}:{self.seed}:{sorted(self.pars)}:{self.practice}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seed": self.seed,
            "numbers": list(self.numbers),
            "date": self.date,
            "pars": {str(n): list(p) for n, p in self.pars.items()},
            "par_version": PAR_VERSION,
            "practice": self.practice,
            "recorded": self.recorded,
            **({"challenge": self.challenge.text()} if self.challenge is not None else {}),
        }

    @classmethod
    def from_json(cls, data: object) -> Duplicate:
        """ValueError for anything this page did not write."""
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise ValueError("not a duplicate match")
        seed = data.get("seed")
        numbers = data.get("numbers")
        if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError("bad seed")
        if not isinstance(numbers, list) or not numbers or not all(isinstance(n, int) for n in numbers):
            raise ValueError("bad hand numbers")
        date = str(data.get("date", ""))
        if data["kind"] == "daily" and parse_date(date) is None:
            raise ValueError("bad date")
        pars: dict[int, tuple[int, int]] = {}
        raw = data.get("pars", {})
        if not isinstance(raw, dict):
            raise ValueError("bad pars")
        for n, p in raw.items():
            if not isinstance(p, list) or len(p) != 2 or not all(isinstance(x, int) for x in p):
                raise ValueError("bad par")
            pars[int(n)] = (p[0], p[1])
        if data.get("par_version", 1) != PAR_VERSION:
            pars = {}  # computed by other players than this page's: computed again
        challenge = None
        if data["kind"] == "challenge":
            try:
                challenge = read(str(data.get("challenge", "")))
            except ChallengeError as e:
                raise ValueError(f"bad challenge: {e}") from None
        return cls(
            str(data["kind"]),
            seed,
            tuple(numbers),
            date,
            pars,
            bool(data.get("practice", False)),
            bool(data.get("recorded", False)),
            challenge,
        )


def written(hand: Hand) -> tuple[int, int]:
    w = score_hand(hand).written
    return (w[0], w[1])


def parse_deal(text: str) -> tuple[int, int] | None:
    """``SEED-N`` of ``?deal=`` as (seed, hand number), or None.

    >>> parse_deal("42-3"), parse_deal("42"), parse_deal("x-1"), parse_deal("42-0")
    ((42, 3), None, None, None)
    """
    seed_text, dash, number_text = text.partition("-")
    if not dash or not seed_text.isdigit() or not number_text.isdigit():
        return None
    seed, number = int(seed_text), int(number_text)
    if seed > MAX_SEED or not 1 <= number <= 999:
        return None
    return seed, number


def sign(vs: int) -> str:
    """One sign per hand in the share text: above par, below, equal."""
    return "🟩" if vs > 0 else "🟥" if vs < 0 else "⬜"


def signed(vs: int) -> str:
    """Points against par, always with a sign: +12, −3 (a real minus), 0."""
    return f"+{vs}" if vs > 0 else f"−{-vs}" if vs < 0 else "0"


@dataclass(frozen=True, slots=True)
class CardRow:
    """One hand on the day's card."""

    number: int  # 1 to 4: the hand's place in the day
    ours: tuple[int, int]  # what we wrote, NS / EW
    par: tuple[int, int] | None
    vs_par: int | None


def card_rows(dup: Duplicate, match: Match) -> list[CardRow]:
    rows = []
    for i, hand in enumerate(match.hands[: len(dup.numbers)]):
        if hand.finished:
            rows.append(CardRow(i + 1, written(hand), dup.par_of(i), dup.vs_par(match, i)))
    return rows


def share_text(t: Callable[..., str], dup: Duplicate, match: Match, base: str) -> str:
    """What "Share" copies or hands to the share sheet: the day, the total against par, one sign
    per hand and the link.

    >>> from web.i18n import Translator
    >>> d = Duplicate.daily("2026-12-01")
    >>> m = d.new_match()
    >>> for i in range(4):
    ...     while not m.hands[i].finished:
    ...         m.hands[i].apply(m.hands[i].legal_actions()[0])
    ...     d.pars[i + 1] = (written(m.hands[i])[0] - (i - 1), 0)
    ...     _ = m.start_hand() if i < 3 else None
    >>> print(share_text(Translator("en"), d, m, "https://x.org/bela/?daily"))
    Bela, today's deals 2026-12-01: +2 against par (par v14)
    🟥⬜🟩🟩
    https://x.org/bela/?daily=2026-12-01
    """
    rows = card_rows(dup, match)
    signs = "".join(sign(r.vs_par) if r.vs_par is not None else "?" for r in rows)
    total = dup.total_vs_par(match)
    total_text = signed(total) if total is not None else "?"
    if dup.kind == "daily":
        head = t("daily.share_head", date=dup.date, vs=total_text, version=PAR_VERSION)
    else:
        head = t("daily.share_deal_head", vs=total_text, version=PAR_VERSION)
    return f"{head}\n{signs}\n{dup.link(base)}"


def summary_line(
    t: Callable[..., str], dup: Duplicate, match: Match, index: int
) -> tuple[str, dict[str, str]]:
    """The summary's par line of hand ``index`` and the hooks' values (ui-contract.md): empty
    hooks while par is being computed."""
    par = dup.par_of(index)
    vs = dup.vs_par(match, index)
    if par is None or vs is None:
        return t("daily.par_computing"), {}
    text = t("daily.par_line", ns=par[0], ew=par[1], vs=signed(vs), version=PAR_VERSION)
    return text, {"data-par-ns": str(par[0]), "data-par-ew": str(par[1]), "data-vs-par": str(vs)}


def streak(dates: list[str], today: str) -> int:
    """Days played in a row, ending today or yesterday.

    >>> streak(["2026-11-29", "2026-11-30", "2026-12-01"], "2026-12-01")
    3
    >>> streak(["2026-11-29", "2026-11-30"], "2026-12-01"), streak(["2026-11-28"], "2026-12-01")
    (2, 0)
    """
    import datetime

    have = set(dates)
    day = datetime.date.fromisoformat(today)
    if day.isoformat() not in have:
        day -= datetime.timedelta(days=1)
    count = 0
    while day.isoformat() in have:
        count += 1
        day -= datetime.timedelta(days=1)
    return count


def shared_deal_of(match: Match, dup: Duplicate | None) -> Duplicate | None:
    """The current hand as a shared deal (``?deal=SEED-N``), if its cards and dealer are those
    its match's seed deals (an imported match's hands may not be).

    >>> m = Match(seed=7)
    >>> _ = m.start_hand()
    >>> shared_deal_of(m, None).link("p/")
    'p/?deal=7-1'
    """
    index = len(match.hands) - 1
    if dup is not None:
        return Duplicate.shared(dup.seed, dup.number_of(index)) if 0 <= index < len(dup.numbers) else None
    seed = match.seed
    hand = match.current
    if seed is None or hand is None:
        return None
    dealer, deal = deal_of(seed, len(match.hands))
    if hand.dealer is not dealer or {s: tuple(c) for s, c in hand.deal.items()} != deal:
        return None
    return Duplicate.shared(seed, len(match.hands))
