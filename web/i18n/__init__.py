"""Translations: one JSON catalog per language (plain data, the same keys in each).

>>> t = Translator("hr")
>>> t("bid.pass"), Translator("en")("seat.N")
('Dalje', 'Partner')
>>> Translator("en")("refuse.beat", card="king of spades")
'You must beat the king of spades.'
>>> Translator("xx").lang
'en'

The words for suits and ranks depend on the deck as well as the language: with the Croatian
(German-suited) deck a key such as ``suit.D`` is looked up as ``german.suit.D`` first.

>>> Translator("en")("suit.D"), Translator("en", "german")("suit.D")
('Diamonds', 'Bells')
>>> Translator("hr", "german")("suit.D")
'Karo'
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: Languages with a catalog, in the order the settings list them.
LANGS: tuple[str, ...] = ("hr", "en", "fr", "pl", "pt")
#: Languages the page accepts in ``?lang=``.
KNOWN_LANGS: tuple[str, ...] = LANGS
DEFAULT_LANG = "hr"
FALLBACK_LANG = "en"
#: Browser languages read as Croatian: Bela's other homes, whose players read it without effort.
CROATIAN_READERS: tuple[str, ...] = ("hr", "bs", "sr", "sh", "cnr")
#: The card patterns (settings ``deck``); the first is the default.
DECKS: tuple[str, ...] = ("french", "german")
#: Keys whose words depend on the deck: each has a ``german.`` variant in every catalog.
DECK_KEY_PREFIXES: tuple[str, ...] = ("suit.", "suit_lower.", "suit_card.", "rank.", "fourof.")
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


def from_browser(tag: str) -> str | None:
    """The catalog for one browser language tag (``fr-CA`` -> ``fr``), or None.

    >>> from_browser("pt-BR"), from_browser("sr-Latn-RS"), from_browser("de")
    ('pt', 'hr', None)
    """
    base = tag.strip().lower().replace("_", "-").split("-")[0]
    if base in CROATIAN_READERS:
        return "hr"
    return base if base in LANGS and available(base) else None


def pick_language(wanted: str | None, browser: str | Iterable[str] = "") -> str:
    """The language to show: ``wanted`` (the address, then the saved setting) if it has a
    catalog, else the first of the browser's languages (``navigator.languages``, in the
    user's order) that has one, else English.

    >>> pick_language(None, ["de-AT", "pl", "en"])
    'pl'
    >>> pick_language("fr", ["hr"]), pick_language(None, []), pick_language(None, "bs-BA")
    ('fr', 'en', 'hr')
    """
    if wanted and wanted in LANGS and available(wanted):
        return wanted
    tags = [browser] if isinstance(browser, str) else list(browser)
    for tag in tags:
        found = from_browser(str(tag))
        if found is not None:
            return found
    return FALLBACK_LANG


@dataclass(frozen=True, slots=True)
class Msg:
    """A text kept by its key and parameters, put into words when it is shown, so that it
    follows a change of language (a parameter may be a Msg itself, or a text shown as it is).

    >>> refused = Msg("notice.import_refused", (("reason", Msg("import.invalid")),))
    >>> Translator("en").say(refused)
    'The file was not loaded: it is not a Bela match record.'
    >>> Translator("hr").say(refused)
    'Datoteka nije učitana: to nije zapis partije bele.'
    """

    key: str
    params: tuple[tuple[str, object], ...] = ()


class Translator:
    """``t(key, **params)``: the text for ``key`` with ``{name}`` placeholders filled in.

    A key missing from the language falls back to English, then to the key itself, so a
    missing translation shows up as a readable key rather than an error (the catalog tests
    make sure none is missing).
    """

    def __init__(self, lang: str, deck: str = "french") -> None:
        self.lang = lang if available(lang) else FALLBACK_LANG
        self.deck = deck if deck in DECKS else DECKS[0]
        self._texts = catalog(self.lang)
        self._fallback = catalog(FALLBACK_LANG)

    def has(self, key: str) -> bool:
        return key in self._texts or key in self._fallback

    def text(self, key: str) -> str:
        """The raw catalog text of ``key`` (the deck's variant where there is one)."""
        if self.deck != DECKS[0] and key.startswith(DECK_KEY_PREFIXES):
            variant = f"{self.deck}.{key}"
            found = self._texts.get(variant) or self._fallback.get(variant)
            if found:
                return found
        return self._texts.get(key) or self._fallback.get(key) or key

    def say(self, msg: Msg) -> str:
        """``msg`` in this language."""
        return self(msg.key, **{k: self.say(v) if isinstance(v, Msg) else v for k, v in msg.params})

    def __call__(self, key: str, **params: object) -> str:
        text = self.text(key)
        if params:
            try:
                return text.format(**params)
            except (KeyError, IndexError, ValueError):
                return text
        return text
