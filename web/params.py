"""The page's URL parameters (ui-contract.md), read once per visit.

>>> p = Params.parse("?seed=42&speed=instant&lang=en&fresh=1&target=501&bots=hard")
>>> p.seed, p.speed, p.lang, p.fresh, p.target, p.bots
(42, 'instant', 'en', True, 501, 'hard')
>>> Params.parse("?seed=x&target=9&bots=god").seed is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs

from bela.rules import TARGETS
from web.i18n import KNOWN_LANGS
from web.settings import LEVELS, SPEEDS

MAX_SEED = (1 << 63) - 1


@dataclass(frozen=True, slots=True)
class Params:
    seed: int | None = None
    speed: str | None = None
    lang: str | None = None
    fresh: bool = False
    target: int | None = None
    bots: str | None = None

    @classmethod
    def parse(cls, query: str) -> Params:
        q = parse_qs(query.lstrip("?"), keep_blank_values=True)

        def last(name: str) -> str | None:
            values = q.get(name)
            return values[-1] if values else None

        seed_text = last("seed")
        seed = int(seed_text) if seed_text and seed_text.isdigit() and int(seed_text) <= MAX_SEED else None
        target_text = last("target")
        target = int(target_text) if target_text and target_text.isdigit() else None
        return cls(
            seed=seed,
            speed=last("speed") if last("speed") in SPEEDS else None,
            lang=last("lang") if last("lang") in KNOWN_LANGS else None,
            fresh=last("fresh") in ("1", "true", "yes"),
            target=target if target in TARGETS else None,
            bots=last("bots") if last("bots") in LEVELS else None,
        )
