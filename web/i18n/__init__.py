"""Translations: one JSON catalog per language (plain data, the same keys in each).

>>> t = Translator("hr")
>>> t("bid.pass"), Translator("en")("seat.N")
('Dalje', 'Partner')
>>> Translator("en")("refuse.beat", card="K♠")
'You must beat K♠.'
>>> Translator("xx").lang
'en'
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

#: Languages with a catalog today, in the order the settings list them.
LANGS: tuple[str, ...] = ("hr", "en")
#: Languages the page accepts in ``?lang=`` (catalogs for fr, pl and pt come later).
KNOWN_LANGS: tuple[str, ...] = ("hr", "en", "fr", "pl", "pt")
DEFAULT_LANG = "hr"
FALLBACK_LANG = "en"
_DIR = Path(__file__).resolve().parent


@cache
def catalog(lang: str) -> dict[str, str]:
    """The catalog of ``lang`` (an empty one for a language without a file)."""
    path = _DIR / f"{lang}.json"
    if lang not in KNOWN_LANGS or not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path.name} is not an object")
    return {str(k): str(v) for k, v in data.items()}


def available(lang: str) -> bool:
    return bool(catalog(lang))


def pick_language(wanted: str | None, browser: str = "") -> str:
    """The language to show: ``wanted`` if it has a catalog, else one from the browser's
    language (Croatian for hr/bs/sr/sh), else English."""
    if wanted and available(wanted):
        return wanted
    if wanted in KNOWN_LANGS:
        return FALLBACK_LANG
    prefix = browser.lower()[:2]
    if prefix in ("hr", "bs", "sr", "sh"):
        return "hr"
    if available(prefix):
        return prefix
    return FALLBACK_LANG


class Translator:
    """``t(key, **params)``: the text for ``key`` with ``{name}`` placeholders filled in.

    A key missing from the language falls back to English, then to the key itself, so a
    missing translation shows up as a readable key rather than an error.
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang if available(lang) else FALLBACK_LANG
        self._texts = catalog(self.lang)
        self._fallback = catalog(FALLBACK_LANG)

    def has(self, key: str) -> bool:
        return key in self._texts or key in self._fallback

    def __call__(self, key: str, **params: object) -> str:
        text = self._texts.get(key) or self._fallback.get(key) or key
        if params:
            try:
                return text.format(**params)
            except (KeyError, IndexError, ValueError):
                return text
        return text
