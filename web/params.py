"""The page's URL parameters (ui-contract.md), read once per visit.

>>> p = Params.parse("?seed=42&speed=instant&lang=en&fresh=1&target=501&bots=hard")
>>> p.seed, p.speed, p.lang, p.fresh, p.target, p.bots
(42, 'instant', 'en', True, 501, 'hard')
>>> Params.parse("?seed=x&target=9&bots=god").seed is None
True
>>> Params.parse("?daily=2026-12-01").daily, Params.parse("?daily").daily, Params.parse("?daily=1.1.").daily
('2026-12-01', 'today', None)
>>> Params.parse("?deal=42-3").deal, Params.parse("?deal=42").deal
('42-3', None)
>>> Params.parse("?learn").learn, Params.parse("?lang=en").learn
(True, False)
>>> Params.parse("?coach=mistakes").coach, Params.parse("?coach=all").coach
('mistakes', None)
>>> Params.parse("?sound=off").sound, Params.parse("?sound=loud").sound
('off', None)
"""

from __future__ import annotations

from dataclasses import dataclass

from bela.daily import parse_date
from bela.rules import TARGETS
from web.daily.view import parse_deal
from web.i18n import KNOWN_LANGS
from web.settings import COACH, LEVELS, ON_OFF, SPEEDS

MAX_SEED = (1 << 63) - 1


@dataclass(frozen=True, slots=True)
class Params:
    seed: int | None = None
    speed: str | None = None
    lang: str | None = None
    fresh: bool = False
    target: int | None = None
    bots: str | None = None
    daily: str | None = None  # today's deals: a date YYYY-MM-DD, or "today" (UTC)
    deal: str | None = None  # a shared deal: SEED-N
    learn: bool = False  # open Learn Bela's lessons
    coach: str | None = None  # off or mistakes, for this visit
    sound: str | None = None  # on or off, for this visit
    challenge: str | None = None  # a friend's challenge, as the link has it (checked by web/friends/)

    @classmethod
    def parse(cls, query: str) -> Params:
        q = query_values(query)

        def last(name: str) -> str | None:
            return q.get(name)

        seed_text = last("seed")
        seed = int(seed_text) if seed_text and seed_text.isdigit() and int(seed_text) <= MAX_SEED else None
        target_text = last("target")
        target = int(target_text) if target_text and target_text.isdigit() else None
        daily = last("daily")
        if daily is not None:
            daily = "today" if daily in ("", "today") else parse_date(daily)
        deal = last("deal")
        return cls(
            daily=daily,
            deal=deal if deal is not None and parse_deal(deal) is not None else None,
            seed=seed,
            speed=last("speed") if last("speed") in SPEEDS else None,
            lang=last("lang") if last("lang") in KNOWN_LANGS else None,
            fresh=last("fresh") in ("1", "true", "yes"),
            target=target if target in TARGETS else None,
            bots=last("bots") if last("bots") in LEVELS else None,
            learn="learn" in q,
            coach=last("coach") if last("coach") in COACH else None,
            sound=last("sound") if last("sound") in ON_OFF else None,
            challenge=last("challenge"),
        )


def query_values(query: str) -> dict[str, str]:
    """``?a=1&b=x`` as a dict (the last value of a repeated name wins). Written out rather than
    with urllib.parse, whose import costs the page's start-up a tenth of a second in Pyodide.

    >>> query_values("?seed=4&lang=hr&x=%41+b&seed=5")
    {'seed': '5', 'lang': 'hr', 'x': 'A b'}
    """
    values: dict[str, str] = {}
    for part in query.lstrip("?").split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        values[_unquote(name)] = _unquote(value)
    return values


def _unquote(text: str) -> str:
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    out = bytearray()
    i = 0
    while i < len(text):
        if (
            text[i] == "%"
            and i + 2 < len(text)
            and all(c in "0123456789abcdefABCDEF" for c in text[i + 1 : i + 3])
        ):
            out += bytes.fromhex(text[i + 1 : i + 3])
            i += 3
        else:
            out += text[i].encode("utf-8")
            i += 1
    return out.decode("utf-8", errors="replace")
