"""The review of a finished hand (web/review/view.py's view model): every card face up, each
seat's hand shrinking as the cards are played, the trick on the table, the bids beside the
hard player's, each play with what it cost (by what the seat knew, and with every card known)
and its mark, and the verdict. Over the whole page; closing it leaves the page as it was.

The hooks are those of ui-contract.md, "Review of a finished hand".
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import js

from bela.actions import Decision
from bela.cards import Card
from bela.review_results import MISTAKE
from bela.seats import SEATS, Seat
from web.dom import Attrs, el, obj, once, placed, replace_children
from web.hint.advice import why
from web.model import Model
from web.review.view import ORDER, PlayLine, ReviewView, Verdict, cost_text, review_view
from web.screens.elements import card_el, deck_of, suit_mark
from web.words import card_name, declaration_text


class ReviewScreen:
    """Draws the review whole when it opens; a step then changes only what it shows (the buttons'
    state, the seats' cards, the trick, the plays), reusing the elements it made before (the
    cards of the four hands, the plays already costed): a step moves nodes rather than building
    them, and leaves the focus where it is (each step stays one short task of the page)."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._made: dict[object, Any] = {}
        self._made_for: tuple[str, str] = ("", "")
        self._drawn: tuple[int, str, str] | None = None  # the hand and language drawn whole
        self._held: dict[Seat, list[object]] = {}  # the cards shown in each seat's hand

    def _speaks(self) -> tuple[str, str]:
        return (self.model.lang, deck_of(self.model.t))

    def made(self, key: object, build: Callable[[], Any]) -> Any:
        speaks = self._speaks()
        if speaks != self._made_for:
            self._made.clear()
            self._made_for = speaks
        node = self._made.get(key)
        if node is None:
            node = self._made[key] = build()
        return node

    def root(self) -> Any:
        attrs: Attrs = {
            "id": "review",
            "role": "dialog",
            "aria-modal": "true",
            "aria-labelledby": "review-title",
            "hidden": True,
        }
        return placed(js.document.body.appendChild, "section", attrs, cls="review")

    def open(self) -> None:
        self.render()
        root = self.root()
        root.hidden = False
        js.document.body.classList.add("reviewing")
        button = root.querySelector('[data-review-nav="next"]')
        if button is not None:  # once drawn: focusing now would lay the page out in this task
            once(lambda _t: button.focus(obj({"preventScroll": True})) if button.isConnected else None)

    def close(self, opener: Any) -> None:
        root = self.root()
        root.hidden = True
        self._made.clear()
        self._drawn = None
        self._held.clear()
        root.removeAttribute("data-review")
        replace_children(root, [])
        js.document.body.classList.remove("reviewing")
        if opener is not None and opener.isConnected:
            opener.focus(obj({"preventScroll": True}))

    def render(self) -> None:
        m = self.model
        state = m.review
        if state is None:
            return
        hand = m.session.match.hands[state.number - 1]
        v = review_view(hand, state)
        root = self.root()
        root.setAttribute("data-review", "")
        root.setAttribute("data-hand-number", str(v.number))
        root.setAttribute("data-review-step", str(v.step))
        root.setAttribute("data-review-done", str(v.tricks_done))
        root.classList.toggle("analysing", not v.verdict.complete)
        drawn = (v.number, *self._speaks())
        if self._drawn == drawn and root.querySelector(".review-board") is not None:
            self.step(root, v)
            return
        self._drawn = drawn
        self._held.clear()
        focused = js.document.activeElement
        inside = focused is not None and root.contains(focused)
        keep = focused.getAttribute("data-review-nav") if inside else None
        replace_children(
            root,
            [
                self.head(v),
                self.nav(v),
                self.board(v),
                el(
                    "div",
                    cls="review-cols",
                    children=[self.plays(v), el("div", children=[self.bids(v), self.verdict(v.verdict, v)])],
                ),
            ],
        )
        if keep:
            again = root.querySelector(f'[data-review-nav="{keep}"]')
            if again is not None:
                again.focus(obj({"preventScroll": True}))

    def step(self, root: Any, v: ReviewView) -> None:
        """Another step of the review drawn whole: the buttons' state, the seats' cards, the
        trick and the plays, the rest (the bids, the verdict) as they are."""
        steps = root.querySelector(".review-nav .steps")
        for how in ("start", "prev", "next", "end"):
            button = steps.querySelector(f'[data-review-nav="{how}"]')
            button.disabled = v.step == 0 if how in ("start", "prev") else v.step >= v.last
        here = root.querySelector('[data-action="play-from-here"]')
        if here is not None:
            here.disabled = v.step >= v.last
        t = self.model.t
        steps.querySelector(".where").textContent = (
            t("review.step", k=v.step, n=v.last) if v.step else t("review.deal")
        )
        for jump in root.querySelectorAll(".review-nav .jumps [data-review-nav]"):
            if jump.getAttribute("data-review-nav") == f"trick:{v.trick}":
                jump.setAttribute("aria-current", "step")
            else:
                jump.removeAttribute("aria-current")
        for s in SEATS:
            self.seat_cards(root.querySelector(f'[data-review-hand="{s.name}"]'), s, v)
        root.querySelector(".review-trick").replaceWith(self.middle(v))
        root.querySelector(".review-list").replaceWith(self.plays(v))

    def seat_cards(self, box: Any, s: Seat, v: ReviewView) -> None:
        """The cards ``s`` still holds at the step, into ``box`` (untouched if the same)."""
        keys: list[object] = [("card", v.number, c) for c, _ in v.hands[s]]
        if self._held.get(s) == keys:
            return
        self._held[s] = keys
        cards = [self.made(k, partial(self.card, c, x)) for k, (c, x) in zip(keys, v.hands[s], strict=True)]
        replace_children(box, cards)

    def refresh(self, part: str) -> None:
        """What one of the worker's answers changes, and only that: the progress, the verdict,
        the bids (``bids``), the plays shown (a trick's part, once the step shows its cards)."""
        m = self.model
        state = m.review
        root = self.root()
        if state is None or root.hidden:
            return
        hand = m.session.match.hands[state.number - 1]
        v = review_view(hand, state)
        root.setAttribute("data-review-done", str(v.tricks_done))
        root.classList.toggle("analysing", not v.verdict.complete)
        verdict = partial(self.verdict, v.verdict, v)
        parts: list[tuple[str, Callable[[], Any]]] = [(".review-verdict", verdict)]
        if part == "bids":
            parts.append((".review-bids", partial(self.bids, v)))
        kind, _, trick = part.partition(":")
        if kind in ("trick", "dd") and trick.isdigit() and 4 * int(trick) < v.step:
            parts.append((".review-list", partial(self.plays, v)))
        for selector, build in parts:
            old = root.querySelector(selector)
            if old is not None:
                old.replaceWith(build())

    # -- parts ----------------------------------------------------------------------------------

    def seat(self, s: Seat) -> str:
        return self.model.t(f"seat.{s.name}")

    def head(self, v: ReviewView) -> Any:
        t = self.model.t
        sub: list[Any] = []
        if v.trump is not None and v.caller is not None:
            suit = t(f"suit_lower.{v.trump.letter}")
            caller = t("summary.caller", suit=suit, seat=self.seat(v.caller))
            sub = [suit_mark(t, v.trump.letter), el("span", text=caller)]
        close = el("button", {"type": "button", "data-close": ""}, cls="btn", text=t("action.close"))
        return el(
            "div",  # not a <header>: inside the dialog it would be a second banner landmark (axe)
            cls="review-head",
            children=[
                el("h2", {"id": "review-title"}, text=t("review.title", n=v.number)),
                el("p", cls="sub", children=sub),
                close,
            ],
        )

    def nav(self, v: ReviewView) -> Any:
        t = self.model.t

        def button(how: str, text: str, label: str, disabled: bool) -> Any:
            return el(
                "button",
                {"type": "button", "data-review-nav": how, "aria-label": label, "disabled": disabled},
                cls="btn",
                text=text,
            )

        where = t("review.step", k=v.step, n=v.last) if v.step else t("review.deal")
        jumps = [
            el(
                "button",
                {
                    "type": "button",
                    "data-review-nav": f"trick:{k}",
                    "aria-label": t("review.trick", n=k),
                    "aria-current": "step" if v.trick == k else None,
                },
                cls="jump",
                text=str(k),
            )
            for k in range(1, v.tricks_total + 1)
        ]
        return el(
            "div",
            cls="review-nav",
            children=[
                el(
                    "div",
                    cls="steps",
                    children=[
                        button("start", "«", t("review.start"), v.step == 0),
                        button("prev", "◀", t("review.prev"), v.step == 0),
                        el("span", {"aria-live": "polite"}, cls="where", text=where),
                        button("next", "▶", t("review.next"), v.step >= v.last),
                        button("end", "»", t("review.end"), v.step >= v.last),
                    ],
                ),
                el("div", {"aria-label": t("review.tricks")}, cls="jumps", children=jumps),
                el(
                    "button",
                    {"type": "button", "data-action": "play-from-here", "disabled": v.step >= v.last},
                    cls="btn play-here",
                    text=t("action.play_from_here"),
                ),
            ],
        )

    def board(self, v: ReviewView) -> Any:
        t = self.model.t
        seats = []
        for s in SEATS:
            label = self.seat(s) + (" · " + t("review.dealer") if s is v.dealer else "")
            box = el("div", {"data-review-hand": s.name}, cls="review-cards")
            self.seat_cards(box, s, v)
            seats.append(
                el(
                    "div",
                    {"data-seat": s.name},
                    cls=f"review-seat seat-{s.name}",
                    children=[el("div", cls="name", text=label), box],
                )
            )
        return el("div", cls="review-board", children=[*seats, self.middle(v)])

    def middle(self, v: ReviewView) -> Any:
        """The trick the step shows, in the middle of the board."""
        t = self.model.t
        table = [card_el(t, card, attr="data-face", **{"data-seat": s.name}) for s, card in v.table]
        for node, (s, _) in zip(table, v.table, strict=True):
            if s is v.winner:
                node.classList.add("win")
        took = None
        if v.winner is not None:
            took = el("p", cls="took", text=t("review.took", seat=self.seat(v.winner)))
        return el(
            "div",
            cls="review-trick",
            children=[
                el("div", cls="trick-no", text=t("review.trick", n=v.trick) if v.trick else t("review.deal")),
                el("div", cls="trick review-table", children=table),
                took,
            ],
        )

    def card(self, card: Card, talon: bool) -> Any:
        t = self.model.t
        node = card_el(t, card)
        if talon:
            node.classList.add("talon")
            node.setAttribute("title", t("review.talon"))
        return node

    def play_item(self, line: PlayLine) -> Any:
        t = self.model.t
        r = line.review
        attrs: dict[str, str | None] = {
            "data-review-play": str(line.index),
            "data-seat": line.seat.name,
            "data-card": line.card.notation,
        }
        words: list[Any] = [
            el("span", cls="who", text=self.seat(line.seat)),
            el("strong", cls="card-name", text=card_name(t, line.card)),
        ]
        if r is None:
            words.append(el("span", cls="pending", text=t("review.pending")))
        else:
            attrs["data-best"] = r.best.notation
            attrs["data-cost"] = cost_text(r.cost)
            attrs["data-mark"] = r.mark
            if r.cost_dd is not None and r.best_dd is not None:
                attrs["data-best-dd"] = r.best_dd.notation
                attrs["data-cost-dd"] = cost_text(r.cost_dd)
            if r.best == line.card:
                info = t("review.as_hard")
            elif r.cost < 0.05:
                info = t("review.as_good", card=card_name(t, r.best))
            else:
                info = t("review.best", card=card_name(t, r.best), cost=cost_text(r.cost))
            words.append(el("span", cls="info", text=info))
            if r.cost_dd is None or r.best_dd is None:
                dd = t("review.dd_none")
            elif r.cost_dd == 0:
                dd = t("review.dd_ok")
            else:
                dd = t("review.dd", card=card_name(t, r.best_dd), cost=cost_text(r.cost_dd))
            words.append(el("span", cls="dd", text=dd))
            if r.mark:
                words.append(el("span", cls=f"mark {r.mark}", text=t(f"review.{r.mark}")))
        return el("li", attrs, cls=f"review-play {r.mark if r else 'pending'}", children=words)

    def plays(self, v: ReviewView) -> Any:
        t = self.model.t
        items = []
        for line in reversed(v.plays):  # the card just played first
            items.append(self.made(("play", line), partial(self.play_item, line)))
        return el(
            "section",
            cls="review-list",
            children=[el("h3", text=t("review.plays")), el("ol", cls="review-plays", children=items)],
        )

    def bids(self, v: ReviewView) -> Any:
        t = self.model.t
        items = []
        for b in v.bids:
            said = t("bid.pass") if b.bid.suit is None else t(f"suit.{b.bid.suit.letter}")
            row = [el("strong", text=self.seat(b.seat)), el("span", text=said)]
            if b.hard is not None:
                hard = t("bid.pass") if b.hard.suit is None else t(f"suit.{b.hard.suit.letter}")
                cls = "hard same" if b.hard == b.bid else "hard other"
                row.append(el("span", cls=cls, text=t("review.hard_bid", bid=hard)))
                row.append(el("span", cls="why", text=why(t, Decision(b.hard, rule=b.rule, params=b.params))))
                if b.cost >= 0.05:
                    row.append(
                        el("span", cls="info", text=t("review.best", card=hard, cost=cost_text(b.cost)))
                    )
                if b.cost >= MISTAKE:
                    row.append(el("span", cls="mark mistake", text=t("review.mistake")))
            attrs = {"data-review-bid": b.seat.name}
            if b.hard is not None:
                attrs["data-cost"] = cost_text(b.cost)
            items.append(el("li", attrs, children=row))
        title = el("h3", text=t("review.bids"))
        written: list[Any] = []
        for s, decls in v.declarations:
            words = ", ".join(declaration_text(t, d) for d in decls)
            written.append(el("li", children=[el("strong", text=self.seat(s)), el("span", text=words)]))
        for s, card in v.bela:
            bela = t("summary.bela_card", card=card_name(t, card))
            written.append(el("li", children=[el("strong", text=self.seat(s)), el("span", text=bela)]))
        more = [el("h3", text=t("summary.declarations")), el("ul", children=written)] if written else []
        return el("section", cls="review-bids", children=[title, el("ul", children=items), *more])

    def verdict(self, verdict: Verdict, v: ReviewView) -> Any:
        t = self.model.t
        lines: list[Any] = []
        if self.model.review is not None and self.model.review.data.failed:
            lines.append(el("p", cls="thinking", text=t("review.failed")))
        elif not verdict.complete:
            lines.append(
                el("p", cls="thinking", text=t("review.thinking", done=v.tricks_done, total=v.tricks_total))
            )
        for s in ORDER:
            if verdict.lost[s]:
                points = cost_text(verdict.lost[s])
                lines.append(el("p", text=t("review.lost", seat=self.seat(s), points=points)))
        ns, ew = (cost_text(verdict.lost_team[team]) for team in sorted(verdict.lost_team))
        lines.append(el("p", cls="teams", text=t("review.lost_team", ns=ns, ew=ew)))
        d = verdict.decided
        if d is not None:
            for which, at in (("pad", d.pad), ("stiglja", d.stiglja)):
                if at is None:
                    text = t(f"review.{which}_by", k=d.searched_from)
                elif at == 0:
                    text = t(f"review.{which}_deal")
                else:
                    text = t(f"review.{which}_at", k=at, trick=(at + 3) // 4)
                lines.append(el("p", {"data-decided": which}, text=text))
        if verdict.solver_from is not None:
            lines.append(el("p", text=t("review.solver", k=verdict.solver_from + 1)))
        return el(
            "section",
            {"data-review-verdict": ""},
            cls="review-verdict",
            children=[el("h3", text=t("review.verdict")), *lines],
        )
