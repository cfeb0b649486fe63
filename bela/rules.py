"""The house rules: one frozen value with the spec's defaults.

>>> HouseRules()
HouseRules(target=1001, stiglja=90, exact_half='pad', declarations='auto', bela='auto')
>>> HouseRules.from_json({"target": 501}).to_json()["target"]
501
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

ExactHalf = Literal["pad", "visi"]
Mode = Literal["auto", "choose"]

TARGETS: tuple[int, ...] = (1001, 701, 501)
STIGLJA_BONUSES: tuple[int, ...] = (90, 100)
EXACT_HALF_VALUES: tuple[str, ...] = ("pad", "visi")
MODES: tuple[str, ...] = ("auto", "choose")

#: What each rule may be, the default first (the page's settings offer the same: web/settings.py).
ALLOWED: dict[str, tuple[object, ...]] = {
    "target": TARGETS,
    "stiglja": STIGLJA_BONUSES,
    "exact_half": EXACT_HALF_VALUES,
    "declarations": MODES,
    "bela": MODES,
}


class RulesError(ValueError):
    """A rules value that cannot be applied; the message names the rule."""


@dataclass(frozen=True, slots=True)
class HouseRules:
    target: int = 1001
    stiglja: int = 90
    exact_half: ExactHalf = "pad"
    declarations: Mode = "auto"
    bela: Mode = "auto"

    def __post_init__(self) -> None:
        for f in fields(self):
            _check(f.name, getattr(self, f.name))

    @classmethod
    def from_json(cls, data: object) -> HouseRules:
        """Read the record's ``rules`` object; every key optional, unknown keys refused."""
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        for key in data:
            if key not in ALLOWED:
                raise RulesError(f"unknown rule {key!r} (known: {', '.join(ALLOWED)})")
        for key, value in data.items():
            _check(key, value)
        return cls(**data)

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _check(key: str, value: object) -> None:
    allowed = ALLOWED[key]
    # bool is an int in Python, but true is not a JSON integer
    if isinstance(value, bool) or value not in allowed or type(value) is not type(allowed[0]):
        shown = " or ".join(repr(a) if isinstance(a, str) else str(a) for a in allowed)
        got = value if not isinstance(value, str) else repr(value)
        raise RulesError(f"{key} must be {shown} (got {_json_text(got)})")


def _json_text(value: object) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return str(value)
