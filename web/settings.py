"""The player's settings: house rules for the next match, computer levels, speed, language,
card pattern and theme. Kept in localStorage; an unknown or invalid value falls back to the
default.

>>> s = Settings.from_json({"target": 501, "speed": "warp", "lang": "en"})
>>> s.target, s.speed, s.lang
(501, 'normal', 'en')
>>> s.rules().target
501
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from bela.rules import EXACT_HALF_VALUES, MODES, STIGLJA_BONUSES, TARGETS, HouseRules
from bela.seats import Seat
from web.i18n import DECKS

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
SPEEDS: tuple[str, ...] = ("slow", "normal", "fast", "instant")
THEMES: tuple[str, ...] = ("auto", "light", "dark")
COACH: tuple[str, ...] = ("off", "mistakes")  # the coach (web/coach/note.py): off, or a note on a costly card
ON_OFF: tuple[str, ...] = ("on", "off")

#: What each setting may be; the first value is the default (lang: "" = from the browser).
CHOICES: dict[str, tuple[object, ...]] = {
    "target": TARGETS,
    "stiglja": STIGLJA_BONUSES,
    "exact_half": EXACT_HALF_VALUES,
    "declarations": MODES,
    "bela": MODES,
    "partner": ("medium", "easy", "hard"),
    "opponents": ("medium", "easy", "hard"),
    "speed": ("normal", "slow", "fast", "instant"),
    "theme": THEMES,
    "deck": DECKS,
    "coach": COACH,
    "sound": ON_OFF,  # web/feel/: cues made by the page (WebAudio)
    "vibrate": ON_OFF,  # a short vibration when the player's turn comes after the computer's
    "auto_play": ("off", "forced"),  # forced: the only legal card plays by itself
    "suit_colours": ("two", "four"),  # four: hearts red, diamonds blue, clubs green, spades black
}
RULE_KEYS: tuple[str, ...] = ("target", "stiglja", "exact_half", "declarations", "bela")
#: A TURN server for the rooms of friends: its address (``turn:`` or ``turns:``, host, port,
#: an optional transport), then, optionally, a user name and a password, separated by spaces.
TURN = re.compile(r"^turns?:[A-Za-z0-9.\-]+(:\d{1,5})?(\?transport=(udp|tcp))?( \S{1,64} \S{1,128})?$")


def valid_turn(text: object) -> bool:
    """Whether ``text`` is a TURN setting (empty: none).

    >>> valid_turn(""), valid_turn("turn:turn.example.org:3478 ana s3cret"), valid_turn("http://x")
    (True, True, False)
    """
    return isinstance(text, str) and (text == "" or (len(text) <= 240 and TURN.match(text) is not None))


@dataclass(frozen=True, slots=True)
class Settings:
    target: int = 1001
    stiglja: int = 90
    exact_half: str = "pad"
    declarations: str = "auto"
    bela: str = "auto"
    partner: str = "medium"
    opponents: str = "medium"
    speed: str = "normal"
    lang: str = ""
    theme: str = "auto"
    deck: str = "french"
    coach: str = "off"
    sound: str = "on"
    vibrate: str = "on"
    auto_play: str = "off"
    suit_colours: str = "two"
    turn: str = ""  # a TURN server for the rooms of friends (valid_turn), none by default

    def rules(self) -> HouseRules:
        return HouseRules.from_json({k: getattr(self, k) for k in RULE_KEYS})

    def levels(self) -> dict[Seat, str]:
        return {Seat.E: self.opponents, Seat.N: self.partner, Seat.W: self.opponents}

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Read stored settings, keeping every valid value and dropping the rest."""
        if not isinstance(data, dict):
            return cls()
        values: dict[str, Any] = {}
        for f in fields(cls):
            value = data.get(f.name)
            if f.name == "lang":
                if isinstance(value, str) and len(value) <= 8:
                    values["lang"] = value
                continue
            if f.name == "turn":
                if valid_turn(value):
                    values["turn"] = value
                continue
            allowed = CHOICES[f.name]
            if value in allowed and type(value) is type(allowed[0]) and not isinstance(value, bool):
                values[f.name] = value
        return cls(**values)

    def with_value(self, name: str, value: object) -> Settings:
        """A copy with one setting changed, if the value is allowed (else unchanged); ``name``
        as the page writes it (``auto-play``) or as the field is named (``auto_play``).

        >>> Settings().with_value("suit-colours", "four").suit_colours
        'four'
        """
        name = name.replace("-", "_")
        if name == "lang":
            return replace(self, lang=str(value)) if isinstance(value, str) else self
        if name == "turn":
            text = " ".join(str(value).split())
            return replace(self, turn=text) if valid_turn(text) else self
        allowed = CHOICES.get(name)
        if allowed is None:
            return self
        for a in allowed:
            if str(a) == str(value):
                changed: dict[str, Any] = {name: a}
                return replace(self, **changed)
        return self


def parse_levels(value: str | None) -> dict[Seat, str] | None:
    """``bots=easy|medium|hard`` from the URL: the level of all three computer players."""
    if value in LEVELS:
        assert value is not None
        return {Seat.E: value, Seat.N: value, Seat.W: value}
    return None
