"""The panel over the table between hands and at the end: the end-of-hand summary (who called,
the verdict, the points by kind, the declarations and bela shown) and game over (the winner,
the final score, a new match)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bela.cards import Card
from bela.seats import Seat
from web.daily.view import shared_deal_of, summary_line
from web.dom import by_id, el, obj, q, replace_children
from web.model import Model
from web.screens.elements import action_button, mini_cards, primary_action, review_button
from web.view import Summary, summary, summary_rows, verdict
from web.words import T, card_name, declaration_text


@dataclass(eq=False)
class Overlay:
    model: Model

    def render(self) -> None:
        m = self.model
        session = m.session
        box = by_id("overlay")
        over = session.match.over
        between = session.between_hands()
        if not (over or between) or m.busy or m.lesson is not None:  # a lesson has its own panel
            if not box.hidden:
                replace_children(box, [])
                box.hidden = True
                box.removeAttribute("data-sig")
            return
        dup = session.duplicate
        sig = f"{m.gen}:{session.hand_number}:{over}:{m.lang}:{dup.sig() if dup else ''}"
        if box.getAttribute("data-sig") == sig and not box.hidden:
            return
        box.setAttribute("data-sig", sig)
        panel = self.game_over_panel() if over and not session.practice else self.summary_panel()
        replace_children(box, [panel])
        box.hidden = False
        button = q("[data-action]", panel)
        if button is not None:
            button.focus(obj({"preventScroll": True}))

    def summary_table(self) -> tuple[Any, Any]:
        t = self.model.t
        s = summary(self.model.session.match)

        def row(key: str, pair: tuple[int, int]) -> Any:
            return el(
                "tr",
                {"class": "written" if key == "summary.written" else None},
                children=[
                    el("th", {"scope": "row"}, text=t(key)),
                    el("td", cls="ns-col", text=str(pair[0])),
                    el("td", cls="ew-col", text=str(pair[1])),
                ],
            )

        head = el(
            "thead",
            children=[
                el(
                    "tr",
                    children=[
                        el("td"),  # the empty corner: a data cell (axe: empty-table-header)
                        el("th", cls="ns-col", text=t("team.NS")),
                        el("th", cls="ew-col", text=t("team.EW")),
                    ],
                )
            ],
        )
        rows = [row(key, pair) for key, pair in summary_rows(s, self.model.session.match.rules.stiglja)]
        table = el("table", cls="summary", children=[head, el("tbody", children=rows)])
        return el("div", children=[self.verdict(s), table]), el("div", cls="decls", children=self.details(s))

    def details(self, s: Summary) -> list[Any]:
        """Who declared what (with the cards), who called bela, hanging points paid."""
        t = self.model.t
        details = []
        for seat, decls in s.declarations.items():
            cards: list[Card] = []
            for d in decls:
                cards.extend(c for c in d.cards if c not in cards)
            words = ", ".join(declaration_text(t, d) for d in decls)
            details.append(seat_row(t, seat, el("span", text=words), mini_cards(t, cards)))
        for seat, card in s.bela:
            details.append(
                seat_row(t, seat, el("span", text=t("summary.bela_card", card=card_name(t, card))))
            )
        if s.hanging_paid:
            details.append(el("div", cls="row", text=t("summary.hanging_paid", points=s.hanging_paid)))
        return details

    def verdict(self, s: Summary) -> Any:
        tone, key, params = verdict(s)
        return el("p", cls=f"verdict {tone}" if tone else "verdict", text=self.model.t(key, **params))

    def caller_line(self) -> Any:
        t = self.model.t
        hand = self.model.session.hand
        if hand.trump is None or hand.caller is None:
            return None
        return el(
            "p",
            cls="sub",
            text=t(
                "summary.caller",
                suit=t(f"suit_lower.{hand.trump.letter}"),
                seat=t(f"seat.{hand.caller.name}"),
            ),
        )

    def par_line(self) -> Any:
        """Par of a daily (or shared) deal beside the usual scoring (ui-contract.md's hooks)."""
        m = self.model
        dup = m.session.duplicate
        if dup is None or dup.kind == "challenge":  # a challenge is played against the challenger
            return None
        text, hooks = summary_line(m.t, dup, m.session.match, m.session.hand_number - 1)
        attrs: dict[str, str | None] = {"data-par": "" if hooks else None, **hooks}
        return el("p", attrs, cls="par-line", text=text)

    def actions(self, more: bool) -> Any:
        """Next hand (while there is one) and "Share this deal" (a deal its seed deals)."""
        m = self.model
        buttons = []
        if m.session.practice:  # a hand played again from its review: back to it
            buttons.append(action_button(m.t("action.back_to_review"), "back-to-review", cls="btn primary"))
        elif more:
            buttons.append(action_button(m.t("action.next_hand"), "next-hand", cls="btn primary"))
        if shared_deal_of(m.session.match, m.session.duplicate) is not None:
            buttons.append(action_button(m.t("action.share_deal"), "share-deal"))
        return el("div", cls="actions", children=buttons)

    def summary_panel(self) -> Any:
        t = self.model.t
        session = self.model.session
        number = session.hand_number
        dup = session.duplicate
        more = (dup is None or dup.more_hands(session.match)) and not session.practice
        top, details = self.summary_table()
        return el(
            "section",
            {"role": "dialog", "aria-modal": "false", "aria-labelledby": "summary-title"},
            cls="panel",
            children=[
                el("h2", {"id": "summary-title"}, text=t("summary.title", n=number)),
                self.caller_line(),
                top,
                self.par_line(),
                details,
                with_review(self.actions(more), review_button(t, number)),
            ],
        )

    def game_over_panel(self) -> Any:
        t = self.model.t
        match = self.model.session.match
        score = match.score()
        winner = score.winner
        assert winner is not None
        won = winner.name == "NS"
        top, details = self.summary_table()
        extra = None
        if score.belot is not None:
            extra = el("p", cls="sub", text=t("over.belot", seat=t(f"seat.{score.belot.name}")))
        return el(
            "section",
            {
                "data-game-over": "",
                "data-winner": winner.name,
                "role": "dialog",
                "aria-labelledby": "over-title",
            },
            cls="panel game-over",
            children=[
                el("h2", {"id": "over-title"}, text=t("over.win" if won else "over.lose")),
                el("p", cls="final", text=t("over.score", ns=score.totals[0], ew=score.totals[1])),
                extra,
                el("p", cls="sub", text=t("summary.title", n=len(match.hands))),
                top,
                details,
                with_review(
                    with_review(
                        primary_action(t("action.new_game"), "new-game"), review_button(t, len(match.hands))
                    ),
                    action_button(t("action.challenge"), "challenge"),
                ),
            ],
        )


def with_review(actions: Any, button: Any) -> Any:
    """The panel's main button, then the one that opens the hand's review."""
    actions.appendChild(button)
    return actions


def seat_row(t: T, seat: Seat, *children: Any) -> Any:
    """A row of the summary's details: the seat, then what it showed."""
    head = el("strong", text=t("summary.seat", seat=t(f"seat.{seat.name}")))
    return el("div", cls="row", children=[head, *children])
