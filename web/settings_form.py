"""The settings dialog as plain data (its view model): the house rules of the match in play,
what this visit's address overrides, and one field per setting with its options in the page's
language. Plain Python; web/screens/settings.py draws it.

>>> from bela.rules import HouseRules
>>> from web.i18n import Translator
>>> items = form(Settings(), HouseRules(), Params(speed="instant"), Translator("en"), "en")
>>> [i.name for i in items if isinstance(i, Field)][:3]
['target', 'stiglja', 'exact_half']
>>> next(i for i in items if isinstance(i, Field) and i.name == "lang").current
'en'
>>> [i.text for i in items if isinstance(i, Note) and "address" in i.text]
['From the page address: Speed: instant.']
"""

from __future__ import annotations

from dataclasses import dataclass

from bela.rules import HouseRules
from web.i18n import LANGS, Translator
from web.params import Params
from web.settings import CHOICES, Settings
from web.words import T


@dataclass(frozen=True, slots=True)
class Heading:
    text: str


@dataclass(frozen=True, slots=True)
class Note:
    text: str
    strong: bool = False


@dataclass(frozen=True, slots=True)
class Field:
    """A row of radio buttons: ``options`` are (value, words); ``current`` the value checked."""

    name: str
    label: str
    options: tuple[tuple[str, str], ...]
    current: str


@dataclass(frozen=True, slots=True)
class TextField:
    """A line of text (``current``), with words that say what it takes."""

    name: str
    label: str
    current: str
    hint: str


Item = Heading | Note | Field | TextField


def match_notes(rules: HouseRules, params: Params, t: T) -> list[Item]:
    """What the match in play was started with, and what this visit's address sets over the
    settings (``?target``, ``?bots``, ``?speed``), if anything."""
    current = [
        str(rules.target),
        t("settings.pair", name=t("settings.stiglja"), value=rules.stiglja),
        t(f"settings.exact_half.{rules.exact_half}"),
        t("settings.pair", name=t("settings.declarations"), value=t(f"settings.mode.{rules.declarations}")),
        t("settings.pair", name=t("settings.bela"), value=t(f"settings.mode.{rules.bela}")),
    ]
    overrides = []
    if params.target is not None:
        overrides.append(t("settings.pair", name=t("settings.target"), value=params.target))
    if params.bots is not None:
        overrides.append(
            t("settings.pair", name=t("settings.players"), value=t(f"settings.level.{params.bots}"))
        )
    if params.speed is not None:
        overrides.append(
            t("settings.pair", name=t("settings.speed"), value=t(f"settings.speed.{params.speed}"))
        )
    notes: list[Item] = [Note(t("settings.this_match", what=", ".join(current)))]
    if overrides:
        notes.append(Note(t("settings.from_address", what=", ".join(overrides))))
    return notes


def form(
    settings: Settings, rules: HouseRules, params: Params, t: T, lang: str, can_vibrate: bool = False
) -> list[Item]:
    """The dialog's content, top to bottom. ``rules``: the match in play's; ``lang``: the
    language in use (also when it came from the browser, not from a setting); ``can_vibrate``:
    the browser has ``navigator.vibrate`` (else there is no Vibrate row)."""

    def field(name: str, label: str, options: list[tuple[str, str]]) -> Field:
        current = lang if name == "lang" else str(getattr(settings, name.replace("-", "_")))
        return Field(name, label, tuple(options), current)

    def opts(name: str) -> list[tuple[str, str]]:
        return [(str(v), str(v)) for v in CHOICES[name]]

    # the catalog keys are spelt out (the catalog tests look for them in the code)
    modes = [(str(v), t(f"settings.mode.{v}")) for v in CHOICES["bela"]]
    on_off = [("on", t("settings.on")), ("off", t("settings.off"))]
    levels = [
        ("easy", t("settings.level.easy")),
        ("medium", t("settings.level.medium")),
        ("hard", t("settings.level.hard")),
    ]
    items: list[Item | None] = [
        Heading(t("settings.rules")),
        Note(t("settings.rules_note"), strong=True),
        *match_notes(rules, params, t),
        field(
            "target",
            t("settings.target"),
            [(str(v), str(v)) for v in sorted(CHOICES["target"], key=lambda v: -int(str(v)))],
        ),
        field("stiglja", t("settings.stiglja"), opts("stiglja")),
        field(
            "exact_half",
            t("settings.exact_half"),
            [(str(v), t(f"settings.exact_half.{v}")) for v in CHOICES["exact_half"]],
        ),
        field("declarations", t("settings.declarations"), modes),
        field("bela", t("settings.bela"), modes),
        Heading(t("settings.players")),
        field("partner", t("settings.partner"), levels),
        field("opponents", t("settings.opponents"), levels),
        field("coach", t("settings.coach"), [(v, t(f"settings.coach.{v}")) for v in ("off", "mistakes")]),
        Note(t("settings.coach_note")),
        Heading(t("settings.display")),
        field(
            "speed",
            t("settings.speed"),
            [(v, t(f"settings.speed.{v}")) for v in ("slow", "normal", "fast", "instant")],
        ),
        # a language's own name is written in that language
        field("lang", t("settings.language"), [(code, Translator(code)("lang.name")) for code in LANGS]),
        field("deck", t("settings.deck"), [(str(v), t(f"settings.deck.{v}")) for v in CHOICES["deck"]]),
        Note(t("settings.deck_note")),
        field("theme", t("settings.theme"), [(str(v), t(f"settings.theme.{v}")) for v in CHOICES["theme"]]),
        field(
            "suit-colours",
            t("settings.suit_colours"),
            [("two", t("settings.suit_colours.two")), ("four", t("settings.suit_colours.four"))],
        ),
        Heading(t("settings.feel")),
        field("sound", t("settings.sound"), on_off),
        Note(t("settings.sound_off_address")) if params.sound == "off" else None,
        field("vibrate", t("settings.vibrate"), on_off) if can_vibrate else None,
        field(
            "auto-play",
            t("settings.auto_play"),
            [("off", t("settings.auto_play.off")), ("forced", t("settings.auto_play.forced"))],
        ),
        Heading(t("room.title")),
        TextField("turn", t("settings.turn"), settings.turn, t("settings.turn_note")),
    ]
    return [i for i in items if i is not None]
