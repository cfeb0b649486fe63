"""A challenge's card (ui-contract.md "Challenge a friend"): after the last hand, the friend's
points and the challenger's side by side, hand by hand, each hand with its review."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from web.daily.view import Duplicate
from web.dom import by_id, el, q
from web.friends.challenge import Challenge, side_by_side
from web.model import Model
from web.screens.elements import action_button, review_button


@dataclass(eq=False)
class ChallengeScreen:
    model: Model

    def render(self) -> None:
        """The card, under the last hand's summary (or game over), once every hand is played."""
        m = self.model
        dup = m.session.duplicate
        box = by_id("overlay")
        panel = q(".panel", box) if box is not None and not box.hidden else None
        if dup is None or dup.kind != "challenge" or panel is None or not dup.complete(m.session.match):
            return
        sig = f"{dup.sig()}|{len(m.session.match.hands)}|{m.lang}"
        old = q("[data-challenge-card]", panel)
        if old is not None:
            if old.getAttribute("data-sig") == sig:
                return
            old.remove()
        panel.appendChild(challenge_card(m, dup, sig))


def challenge_card(model: Model, dup: Duplicate, sig: str) -> Any:
    """The card (``dup`` is a complete challenge)."""
    t = model.t
    challenge = dup.challenge
    assert challenge is not None
    rows = side_by_side(challenge, model.session.match)
    us = sum(ours[0] for _, ours, _ in rows)
    them = sum(theirs[0] for _, _, theirs in rows)
    verdict = "challenge.ahead" if us > them else "challenge.behind" if us < them else "challenge.level"
    return el(
        "section",
        {
            "data-challenge-card": "",
            "data-total-us": us,
            "data-total-them": them,
            "data-sig": sig,
            "aria-labelledby": "challenge-card-title",
        },
        cls="daily-card challenge-card",
        children=[
            el("h2", {"id": "challenge-card-title"}, text=t("challenge.card_title")),
            el("p", cls="verdict", text=t(verdict, us=us, them=them)),
            el("table", cls="summary daily-rows", children=[head(model), body(model, rows)]),
            el("p", cls="sub", text=rules_line(model, challenge)),
            el(
                "div",
                cls="actions",
                children=[
                    action_button(t("action.challenge_back"), "challenge", "btn primary"),
                    action_button(t("action.back_to_match"), "leave-daily"),
                ],
            ),
        ],
    )


def head(model: Model) -> Any:
    t = model.t
    names = ("daily.col_hand", "challenge.col_us", "challenge.col_them", "review.open")
    return el("thead", children=[el("tr", children=[el("th", {"scope": "col"}, text=t(k)) for k in names])])


def body(model: Model, rows: list[tuple[int, tuple[int, int], tuple[int, int]]]) -> Any:
    t = model.t
    return el(
        "tbody",
        children=[
            el(
                "tr",
                {"data-challenge-hand": number, "data-us": ours[0], "data-them": theirs[0]},
                children=[
                    el("th", {"scope": "row"}, text=str(number)),
                    el("td", cls="ns-col", text=f"{ours[0]} : {ours[1]}"),
                    el("td", text=f"{theirs[0]} : {theirs[1]}"),
                    el("td", children=[review_button(t, number)]),
                ],
            )
            for number, ours, theirs in rows
        ],
    )


def rules_line(model: Model, challenge: Challenge) -> str:
    t = model.t
    levels = ", ".join(
        f"{t(f'seat.{seat.name}')}: {t(f'settings.level.{level}')}"
        for seat, level in challenge.level_of().items()
    )
    return t("challenge.rules", target=challenge.rules.target, stiglja=challenge.rules.stiglja, levels=levels)
