"""Drawing the table from the engine's state (elements built with createElement, text with
textContent; nothing from storage or a file is ever parsed as markup)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import js

from bela.actions import Phase
from bela.cards import Card
from bela.hand import Hand, Trick
from bela.seats import SEATS, Seat, Team
from web.cardart import prefix
from web.dom import SVG_NS, attr, by_id, closest, el, nn, obj, q, qa, replace_children, svg_use
from web.hint import hint_texts, target
from web.i18n import DECKS, LANGS, Translator
from web.rules import Block, page
from web.settings import CHOICES
from web.update import UPDATE_READY
from web.view import bubbles, display_order, held_count, sheet_rows, summary
from web.words import T, card_name, declaration_text

if TYPE_CHECKING:
    from web.app import App
    from web.session import Outcome

OTHERS: tuple[Seat, ...] = (Seat.E, Seat.N, Seat.W)


# -- elements -----------------------------------------------------------------------------------


def deck_of(t: T) -> str:
    """The card pattern ``t`` speaks for (``french`` or ``german``)."""
    return str(getattr(t, "deck", DECKS[0]))


def card_el(t: T, card: Card | None, tag: str = "div", attr: str = "data-card", **attrs: str) -> Any:
    """A card face of the deck in use (or a back when ``card`` is None)."""
    ref = card.notation if card is not None else "back"
    label = card_name(t, card) if card is not None else t("card.back")
    node = el(tag, {attr: ref, "aria-label": label, **attrs}, cls="card")
    if tag == "div":
        node.setAttribute("role", "img")
    node.appendChild(svg_use(ref if card is None else prefix(deck_of(t)) + ref, "card-svg"))
    return node


def mini_cards(t: T, cards: list[Card] | tuple[Card, ...]) -> Any:
    return el("div", cls="mini-cards", children=[card_el(t, c, attr="data-face") for c in cards])


def suit_icon(letter: str, deck: str = "french") -> Any:
    """A suit sign of the deck in use (the French ones take the text's red or black)."""
    if deck == "german":
        return svg_use(f"{prefix(deck)}suit-{letter}", "suit-icon german", "0 0 100 100")
    color = "red" if letter in ("H", "D") else "black"
    return svg_use(f"suit-{letter}", f"suit-icon {color}", "0 0 100 100")


def suit_mark(t: T, letter: str) -> Any:
    return suit_icon(letter, deck_of(t))


def suit_words(t: T, letter: str) -> list[Any]:
    return [suit_mark(t, letter), el("span", text=t(f"suit.{letter}"))]


def yes_no(attr: str, yes: str, no: str) -> list[Any]:
    """The two buttons of a yes / no choice (``attr`` = "yes" or "no"), yes first and primary."""
    return [
        el("button", {"type": "button", attr: "yes"}, cls="choice primary", text=yes),
        el("button", {"type": "button", attr: "no"}, cls="choice", text=no),
    ]


def primary_action(text: str, action: str) -> Any:
    """A panel's row with its one main button (``data-action`` names what it does)."""
    button = el("button", {"type": "button", "data-action": action}, cls="btn primary", text=text)
    return el("div", cls="actions", children=[button])


def bulb_icon() -> Any:
    """A light bulb, drawn inline (the Hint button's sign)."""
    svg = js.document.createElementNS(SVG_NS, "svg")
    for name, value in (("class", "hint-icon"), ("viewBox", "0 0 24 24"), ("aria-hidden", "true")):
        svg.setAttribute(name, value)
    path = js.document.createElementNS(SVG_NS, "path")
    path.setAttribute(
        "d",
        "M9 21c0 .55.45 1 1 1h4c.55 0 1-.45 1-1v-1H9v1zm3-19C8.14 2 5 5.14 5 9c0 2.38 1.19 4.47 3 "
        "5.74V17c0 .55.45 1 1 1h6c.55 0 1-.45 1-1v-2.26c1.81-1.27 3-3.36 3-5.74 0-3.86-3.14-7-7-7zm2.85 "
        "11.1-.85.6V16h-4v-2.3l-.85-.6A5 5 0 0 1 7 9c0-2.76 2.24-5 5-5s5 2.24 5 5a5 5 0 0 1-2.15 4.1z",
    )
    svg.appendChild(path)
    return svg


class Renderer:
    def __init__(self, app: App) -> None:
        self.app = app
        self.hand_key: tuple[int, int] | None = None
        self.trick_shown: list[tuple[Seat, str]] = []
        self.last_focus_card = ""

    def redraw(self) -> None:
        """Draw everything anew (after a change of language or card pattern): the cards, the
        speech bubbles, the prompt, the panels and any open dialog."""
        for node in qa("#table .card"):
            node.remove()
        for node in qa("[data-sig]"):
            node.removeAttribute("data-sig")
        for node in qa(".bubble[data-say]"):
            node.removeAttribute("data-say")
        by_id("sheet-body").removeAttribute("data-lang")
        self.trick_shown = []
        self.render(first=True)
        self.render_notice()
        self.render_settings()
        if by_id("dlg-rules") is not None and by_id("dlg-rules").open:
            self.render_rules()

    @property
    def t(self) -> T:
        return self.app.t

    # -- the whole table ------------------------------------------------------------------------

    def render(self, first: bool = False, played: Outcome | None = None) -> None:
        app = self.app
        session = app.session
        match = session.match
        hand = session.hand
        key = (app.gen, session.hand_number)
        new_hand = key != self.hand_key
        self.hand_key = key
        root = js.document.documentElement
        over = match.over
        turn = hand.turn
        root.setAttribute("data-turn", turn.name if turn is not None and not over else "")
        root.setAttribute("data-dealer", hand.dealer.name)
        root.setAttribute("data-phase", "over" if over else hand.phase.value)
        score = match.score()
        q('[data-score="NS"]').textContent = str(score.totals[0])
        q('[data-score="EW"]').textContent = str(score.totals[1])
        target_text = self.t("sheet.target", target=match.rules.target)
        by_id("target").textContent = target_text
        by_id("sheet-target").textContent = target_text
        self.render_trump(hand)
        animate = new_hand and not first and not app.timing.instant
        self.render_seats(hand, new_hand, animate)
        self.render_hand(hand, new_hand, animate)
        self.render_trick(hand, played)
        self.render_prompt(hand)
        self.render_sheet()
        self.render_overlay()
        self.render_banner()
        by_id("open-last").disabled = not hand.tricks
        self.render_hint()
        if played is None and app.human_can_act():
            self.restore_focus()

    def render_trump(self, hand: Hand) -> None:
        box = by_id("trump")
        suit_box = by_id("trump-suit")
        if hand.trump is None:
            box.setAttribute("data-trump", "")
            box.setAttribute("title", self.t("trump.none"))
            replace_children(suit_box, [el("span", text="—")])
            return
        letter = hand.trump.letter
        box.setAttribute("data-trump", letter)
        named = self.t("trump.named", suit=self.t(f"suit.{letter}"))
        box.setAttribute("title", named)
        box.setAttribute("aria-label", named)
        replace_children(suit_box, suit_words(self.t, letter))

    def render_seats(self, hand: Hand, new_hand: bool, animate: bool) -> None:
        app = self.app
        said = bubbles(hand, app.showing)
        thinking = app.busy and hand.turn is not None and hand.turn is not Seat.S and not hand.finished
        for seat in SEATS:
            area = q(f'[data-seat-area="{seat.name}"]')
            area.setAttribute("data-team", seat.team.name)
            area.classList.toggle("is-turn", hand.turn is seat and not app.session.match.over)
            plate = q(".plate", area)
            name = q(".name", plate)
            name.textContent = self.t(f"seat.{seat.name}")
            dots = q(".thinking-dots", plate)
            if thinking and hand.turn is seat:
                if dots is None:
                    plate.insertBefore(
                        el("span", cls="thinking-dots", children=[el("i"), el("i"), el("i")]),
                        name.nextSibling,
                    )
            elif dots is not None:
                dots.remove()
            chip = q(".dealer-chip", plate)
            chip.hidden = hand.dealer is not seat
            chip.setAttribute("title", self.t("dealer.label"))
            bubble = q(".bubble", plate)
            b = said.get(seat)
            if b is None:
                bubble.hidden = True
                bubble.removeAttribute("data-say")
            else:
                sig = f"{b.kind}:{b.suit}:{b.points}:{self.app.lang}"
                if bubble.getAttribute("data-say") != sig or bubble.hidden:
                    bubble.setAttribute("data-say", sig)
                    replace_children(
                        bubble,
                        self.bubble_content(b.kind, b.suit.letter if b.suit is not None else "", b.points),
                    )
                    bubble.hidden = False
                    gloss = {"pass": "gloss.dalje", "decl": "gloss.zvanja", "bela": "gloss.bela"}.get(b.kind)
                    if gloss is not None:
                        bubble.setAttribute("title", self.t(gloss))
                    else:
                        bubble.removeAttribute("title")
            if seat is not Seat.S:
                self.render_backs(hand, seat, new_hand, animate)

    def bubble_content(self, kind: str, letter: str, points: int) -> list[Any]:
        t = self.t
        if kind == "pass":
            return [el("span", text=t("say.pass"))]
        if kind == "bid":
            return suit_words(t, letter)
        if kind == "zovem":
            return [el("span", text=t("say.zovem"))]
        if kind == "ne_zovem":
            return [el("span", text=t("say.ne_zovem"))]
        if kind == "bela":
            return [el("span", text=t("say.bela"))]
        return [el("span", text=t("say.decl", points=points))]

    def render_backs(self, hand: Hand, seat: Seat, new_hand: bool, animate: bool) -> None:
        box = q(f'[data-hand="{seat.name}"]')
        count = held_count(hand, seat)
        cards = qa('[data-card="back"]', box)
        if new_hand:
            for c in cards:
                c.remove()
            cards = []
        box.classList.toggle("deal", animate)
        for c in cards[count:]:
            c.remove()
        for i in range(len(cards), count):
            node = card_el(self.t, None)
            node.style.setProperty("--i", str(i))
            if not new_hand and not self.app.timing.instant:
                node.classList.add("arrive")
            box.appendChild(node)
        badge = q(".count", box)
        if badge is None:
            badge = el("span", {"aria-hidden": "true"}, cls="count")
            box.appendChild(badge)
        badge.textContent = str(count)
        badge.hidden = count == 0
        box.appendChild(badge)
        box.setAttribute("aria-label", self.t("hand.others", seat=self.t(f"seat.{seat.name}"), count=count))
        box.setAttribute("role", "img")

    def render_hand(self, hand: Hand, new_hand: bool, animate: bool) -> None:
        """The human's cards, updated in place (focus and animations survive a redraw)."""
        app = self.app
        box = by_id("hand")
        cards = display_order(hand.seen_cards(Seat.S), hand.trump)
        wanted = [c.notation for c in cards]
        active = app.human_can_act() and hand.phase is Phase.PLAYING
        legal = {c.notation for c in hand.legal_cards()} if active else set()
        existing = {str(n.getAttribute("data-card")): n for n in qa("[data-card]", box)}
        box.classList.toggle("deal", animate)
        if new_hand:
            for n in existing.values():
                n.remove()
            existing = {}
        for k, n in list(existing.items()):
            if k not in wanted:
                n.remove()
                del existing[k]
        focus_key = self.tab_stop(wanted, legal)
        nodes = []
        for i, card in enumerate(cards):
            k = card.notation
            node = existing.get(k)
            if node is None:
                node = card_el(self.t, card, tag="button", type="button")
                node.style.setProperty("--i", str(i))
                if not new_hand and not app.timing.instant:
                    node.classList.add("arrive")
            node.setAttribute("data-playable", "true" if k in legal else "false")
            node.setAttribute("tabindex", "0" if k == focus_key else "-1")
            node.classList.toggle("pending", app.pending_bela is not None and app.pending_bela.notation == k)
            nodes.append(node)
        current = [str(n.getAttribute("data-card")) for n in qa("[data-card]", box)]
        if current != wanted:
            focused = nn(js.document.activeElement)
            focused_key = (
                str(attr(focused, "data-card")) if closest(focused, "#hand [data-card]") is not None else ""
            )
            replace_children(box, nodes)
            if focused_key and focused_key in wanted:
                nodes[wanted.index(focused_key)].focus(obj({"preventScroll": True}))
        box.setAttribute("data-active", "true" if active else "false")
        talon = by_id("talon")
        if hand.trump is None:
            if len(qa(".card", talon)) != 2:
                replace_children(
                    talon, [card_el(self.t, None, attr="data-face"), card_el(self.t, None, attr="data-face")]
                )
            talon.setAttribute("title", self.t("talon.label"))
            talon.hidden = False
        else:
            talon.hidden = True

    def tab_stop(self, wanted: list[str], legal: set[str]) -> str:
        if self.last_focus_card in wanted and (not legal or self.last_focus_card in legal):
            return self.last_focus_card
        for k in wanted:
            if k in legal:
                return k
        return wanted[0] if wanted else ""

    def render_trick(self, hand: Hand, played: Outcome | None) -> None:
        box = q("[data-trick]")
        showing: Trick | None = self.app.showing
        trick = showing if showing is not None else hand.trick
        pairs = [(seat, card.notation) for seat, card in trick.pairs()]
        if pairs == self.trick_shown and len(qa("[data-card]", box)) == len(pairs):
            return
        existing = {str(n.getAttribute("data-seat")): n for n in qa("[data-card]", box)}
        keep = {s.name: c for s, c in pairs}
        for seat_name, node in existing.items():
            if keep.get(seat_name) != attr(node, "data-card"):
                node.remove()
        winner = None
        if showing is not None and hand.trump is not None:
            winner = showing.winner(hand.trump)
        for seat, notation in pairs:
            node = q(f'[data-seat="{seat.name}"]', box)
            if node is None:
                node = card_el(self.t, Card.parse(notation), **{"data-seat": seat.name})
                box.appendChild(node)
                if played is not None and played.seat is seat and not self.app.timing.instant:
                    self.fly_in(node, seat)
            node.classList.toggle("win", winner is seat)
        self.trick_shown = pairs

    def fly_in(self, node: Any, seat: Seat) -> None:
        source = by_id("hand") if seat is Seat.S else q(f'[data-hand="{seat.name}"]')
        if source is None:
            return
        a = source.getBoundingClientRect()
        b = node.getBoundingClientRect()
        dx = (a.left + a.width / 2) - (b.left + b.width / 2)
        dy = (a.top + a.height / 2) - (b.top + b.height / 2)
        frames = [
            {"transform": f"translate({dx:.0f}px, {dy:.0f}px) scale(0.8)", "opacity": 0.4},
            {"transform": "none", "opacity": 1},
        ]
        node.animate(obj(frames), obj({"duration": self.app.timing.anim, "easing": "ease-out"}))

    def collect(self, trick: Trick | None, winner: Seat | None) -> None:
        """Sweep the complete trick towards its winner."""
        if trick is None or winner is None or self.app.timing.instant:
            return
        target = by_id("hand") if winner is Seat.S else q(f'[data-hand="{winner.name}"]')
        a = target.getBoundingClientRect()
        for node in qa("[data-trick] [data-card]"):
            b = node.getBoundingClientRect()
            dx = (a.left + a.width / 2) - (b.left + b.width / 2)
            dy = (a.top + a.height / 2) - (b.top + b.height / 2)
            frames = [
                {"transform": "none", "opacity": 1},
                {"transform": f"translate({dx:.0f}px, {dy:.0f}px) scale(0.5)", "opacity": 0},
            ]
            node.animate(
                obj(frames), obj({"duration": self.app.timing.anim, "easing": "ease-in", "fill": "forwards"})
            )

    # -- the human's prompt ----------------------------------------------------------------------

    def render_prompt(self, hand: Hand) -> None:
        app = self.app
        t = self.t
        status = by_id("status")
        choices = by_id("choices")
        buttons: list[Any] = []
        text = ""
        refusal = bool(app.refusal)
        over = app.session.match.over
        if over or hand.finished:
            text = ""
        elif app.human_can_act():
            if hand.phase is Phase.BIDDING:
                mus = hand.dealer is Seat.S
                text = t("status.your_bid_mus" if mus else "status.your_bid")
                for letter in "HDSC":
                    label = t(f"suit.{letter}")
                    buttons.append(
                        el(
                            "button",
                            {"type": "button", "data-bid": letter, "aria-label": label},
                            cls="choice",
                            children=[suit_mark(t, letter), el("small", text=label)],
                        )
                    )
                # "Dalje" is Bela's word; a gloss under it where the language says it otherwise
                gloss = t("bid.pass_gloss")
                small = t("bid.mus") if mus else (gloss if gloss != t("bid.pass") else "")
                buttons.append(
                    el(
                        "button",
                        {
                            "type": "button",
                            "data-bid": "pass",
                            "disabled": mus,
                            "title": t("gloss.mus") if mus else t("gloss.dalje"),
                        },
                        cls="choice",
                        children=[
                            el("span", text=t("bid.pass")),
                            el("small", text=small) if small else None,
                        ],
                    )
                )
            elif hand.phase is Phase.DECLARING:
                mine = hand.held_declarations[Seat.S]
                listed = ", ".join(declaration_text(t, d) for d in mine)
                text = t("status.your_declare", list=listed) if mine else t("status.your_declare_none")
                buttons.extend(yes_no("data-declare", t("declare.yes"), t("declare.no")))
                cards: list[Card] = []
                for d in mine:
                    cards.extend(c for c in d.cards if c not in cards)
                buttons.append(el("div", cls="decl-list", children=[mini_cards(t, cards)]))
            elif app.pending_bela is not None:
                text = t("status.bela_choice", card=card_name(t, app.pending_bela))
                buttons.extend(yes_no("data-bela", t("bela.yes"), t("bela.no")))
            else:
                text = t("status.your_lead" if not hand.trick.cards else "status.your_play")
        elif hand.turn is not None and hand.turn is not Seat.S:
            text = t("status.thinking", seat=t(f"seat.{hand.turn.name}"))
        if refusal:
            text = app.refusal
        status.textContent = text
        status.classList.toggle("refusal", refusal)
        sig = "|".join(
            str(attr(b, "data-bid") or attr(b, "data-declare") or attr(b, "data-bela") or "")
            + ("d" if getattr(b, "disabled", False) else "")
            for b in buttons
        )
        sig += app.lang + deck_of(t)
        if choices.getAttribute("data-sig") != sig:
            choices.setAttribute("data-sig", sig)
            replace_children(choices, buttons)

    # -- the hint ------------------------------------------------------------------------------

    def hint_parts(self) -> tuple[Any, Any]:
        """The Hint button (after the status line) and the line under it for the hint's words,
        made on first use."""
        button = by_id("hint")
        if button is None:
            button = el(
                "button",
                {"type": "button", "id": "hint", "data-action": "hint", "aria-keyshortcuts": "H Shift+?"},
                cls="hint-btn",
                children=[bulb_icon(), el("span", cls="hint-label")],
            )
            by_id("prompt").appendChild(button)
        line = by_id("hint-line")
        if line is None:
            line = el("p", {"id": "hint-line", "data-hint-text": "", "hidden": True}, cls="hint-line")
            by_id("prompt").after(line)
        return button, line

    def render_hint(self) -> None:
        """The Hint button (usable when the player is to act; busy while the worker thinks), the
        suggested control highlighted and the hint's words, for the current position only."""
        app = self.app
        t = self.t
        button, line = self.hint_parts()
        key = app.position_key()
        hand = app.session.hand
        thinking = app.hints.thinking(key)
        advice = app.hints.shown(key)
        button.hidden = app.session.match.over or hand.finished
        button.disabled = not app.human_can_act()
        q(".hint-label", button).textContent = t("hint.button")
        button.setAttribute("title", t("hint.title"))
        button.classList.toggle("thinking", thinking)
        dots = q(".thinking-dots", button)
        if thinking:
            button.setAttribute("aria-busy", "true")
            button.setAttribute("aria-label", t("hint.thinking"))
            if dots is None:
                button.appendChild(el("span", cls="thinking-dots", children=[el("i"), el("i"), el("i")]))
        else:
            button.removeAttribute("aria-busy")
            button.removeAttribute("aria-label")
            if dots is not None:
                dots.remove()
        found = q(target(advice, app.pending_bela)) if advice is not None else None
        for node in qa("[data-hinted]"):
            if found is None or not node.isSameNode(found):
                node.removeAttribute("data-hinted")
        if found is not None and found.getAttribute("data-hinted") != "true":
            found.setAttribute("data-hinted", "true")
        texts = hint_texts(app.t, advice) if advice is not None else []
        if not texts and app.hints.failed:
            texts = [t("hint.failed")]
        sig = "\n".join(texts)
        if line.getAttribute("data-sig") != sig:
            line.setAttribute("data-sig", sig)
            parts = [el("strong" if i == 0 else "span", cls="hint-part", text=x) for i, x in enumerate(texts)]
            replace_children(line, parts)
        line.hidden = not texts

    def focus_choices(self) -> None:
        first = q("#choices button:not([disabled])")
        if first is not None:
            first.focus(obj({"preventScroll": True}))

    def restore_focus(self) -> None:
        """Keyboard play: when focus was lost (the button pressed is gone), put it where the
        player acts next; never steal it from another control."""
        active = nn(js.document.activeElement)
        if active is not None and active != js.document.body and active.isConnected:
            return
        target = q("#choices button:not([disabled])")
        if target is None:
            target = q('#hand [data-card][tabindex="0"]')
        if target is not None:
            target.focus(obj({"preventScroll": True}))

    def move_focus(self, node: Any, key: str) -> None:
        cards = qa("#hand [data-card]")
        keys = [str(n.getAttribute("data-card")) for n in cards]
        i = keys.index(str(node.getAttribute("data-card")))
        if key in ("ArrowLeft", "ArrowUp"):
            i = (i - 1) % len(cards)
        elif key in ("ArrowRight", "ArrowDown"):
            i = (i + 1) % len(cards)
        elif key == "Home":
            i = 0
        else:
            i = len(cards) - 1
        for n in cards:
            n.setAttribute("tabindex", "-1")
        cards[i].setAttribute("tabindex", "0")
        cards[i].focus(obj({"preventScroll": True}))
        self.last_focus_card = keys[i]

    def shake(self, notation: str) -> None:
        node = q(f'#hand [data-card="{notation}"]')
        if node is None or self.app.timing.instant:
            return
        node.classList.remove("refused")
        _ = node.offsetWidth
        node.classList.add("refused")

    # -- score sheet, summary, game over ----------------------------------------------------------

    def render_sheet(self) -> None:
        t = self.t
        match = self.app.session.match
        rows = []
        for row in sheet_rows(match):
            cells = [el("th", {"scope": "row"}, text=str(row.number))]
            for team, value in ((Team.NS, row.ns), (Team.EW, row.ew)):
                td = el("td")
                for tag_team, tag in row.tags:
                    if tag_team is team:
                        td.appendChild(
                            el("span", {"title": t(f"gloss.{tag}")}, cls=f"tag {tag}", text=t(f"sheet.{tag}"))
                        )
                        if tag == "pad":
                            td.classList.add("fell")
                td.appendChild(js.document.createTextNode(str(value)))
                cells.append(td)
            rows.append(el("tr", {"data-hand-row": str(row.number)}, children=cells))
        body = by_id("sheet-body")
        if body.childElementCount != len(rows) or body.getAttribute("data-lang") != self.app.lang:
            body.setAttribute("data-lang", self.app.lang)
            replace_children(body, rows)
        score = match.score()
        by_id("sheet-ns").textContent = str(score.totals[0])
        by_id("sheet-ew").textContent = str(score.totals[1])
        note = by_id("sheet-note")
        if not rows:
            note.textContent = t("sheet.empty")
        elif score.hanging:
            note.textContent = t("sheet.hanging", points=score.hanging)
        else:
            note.textContent = ""

    def render_overlay(self) -> None:
        app = self.app
        session = app.session
        box = by_id("overlay")
        over = session.match.over
        between = session.between_hands()
        busy = app.busy
        if not (over or between) or busy:
            if not box.hidden:
                replace_children(box, [])
                box.hidden = True
                box.removeAttribute("data-sig")
            return
        sig = f"{app.gen}:{session.hand_number}:{over}:{app.lang}"
        if box.getAttribute("data-sig") == sig and not box.hidden:
            return
        box.setAttribute("data-sig", sig)
        panel = self.game_over_panel() if over else self.summary_panel()
        replace_children(box, [panel])
        box.hidden = False
        button = q("[data-action]", panel)
        if button is not None:
            button.focus(obj({"preventScroll": True}))

    def summary_table(self) -> tuple[Any, Any]:
        t = self.t
        s = summary(self.app.session.match)
        h = s.score
        rows = []

        def row(label: str, pair: tuple[int, int], cls: str = "") -> Any:
            return el(
                "tr",
                {"class": cls or None},
                children=[
                    el("th", {"scope": "row"}, text=label),
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
        if h.outcome != "belot":
            rows.append(row(t("summary.tricks"), h.tricks))
            rows.append(row(t("summary.cards"), h.card_points))
            rows.append(row(t("summary.declarations"), h.declarations))
            rows.append(row(t("summary.bela"), h.bela))
            if h.stiglja is not None:
                bonus = self.app.session.match.rules.stiglja
                rows.append(row(t("summary.stiglja"), (bonus, 0) if h.stiglja is Team.NS else (0, bonus)))
        rows.append(row(t("summary.written"), s.written, "written"))
        table = el("table", cls="summary", children=[head, el("tbody", children=rows)])
        verdict = self.verdict(s)
        details = []
        for seat, decls in s.declarations.items():
            cards: list[Card] = []
            for d in decls:
                cards.extend(c for c in d.cards if c not in cards)
            words = ", ".join(declaration_text(t, d) for d in decls)
            details.append(
                el(
                    "div",
                    cls="row",
                    children=[
                        el("strong", text=t("summary.seat", seat=t(f"seat.{seat.name}"))),
                        el("span", text=words),
                        mini_cards(t, cards),
                    ],
                )
            )
        for seat, card in s.bela:
            details.append(
                el(
                    "div",
                    cls="row",
                    children=[
                        el("strong", text=t("summary.seat", seat=t(f"seat.{seat.name}"))),
                        el("span", text=t("summary.bela_card", card=card_name(t, card))),
                    ],
                )
            )
        if s.hanging_paid:
            details.append(el("div", cls="row", text=t("summary.hanging_paid", points=s.hanging_paid)))
        return el("div", children=[verdict, table]), el("div", cls="decls", children=details)

    def verdict(self, s: Any) -> Any:
        t = self.t
        h = s.score
        if h.outcome == "belot":
            return el(
                "p", cls="verdict good" if h.belot.team is Team.NS else "verdict bad", text=t("summary.belot")
            )
        us = h.caller is not None and h.caller.team is Team.NS
        if h.stiglja is not None:
            ours = h.stiglja is Team.NS
            return el(
                "p",
                cls="verdict good" if ours else "verdict bad",
                text=t("summary.stiglja_us" if ours else "summary.stiglja_them"),
            )
        if h.outcome == "pad":
            return el(
                "p",
                cls="verdict bad" if us else "verdict good",
                text=t("summary.pad_us" if us else "summary.pad_them"),
            )
        if h.outcome == "visi":
            return el("p", cls="verdict", text=t("summary.visi", points=h.hanging))
        return el(
            "p",
            cls="verdict good" if us else "verdict",
            text=t("summary.made_us" if us else "summary.made_them"),
        )

    def caller_line(self) -> Any:
        t = self.t
        hand = self.app.session.hand
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

    def summary_panel(self) -> Any:
        t = self.t
        number = self.app.session.hand_number
        top, details = self.summary_table()
        return el(
            "section",
            {"role": "dialog", "aria-modal": "false", "aria-labelledby": "summary-title"},
            cls="panel",
            children=[
                el("h2", {"id": "summary-title"}, text=t("summary.title", n=number)),
                self.caller_line(),
                top,
                details,
                primary_action(t("action.next_hand"), "next-hand"),
            ],
        )

    def game_over_panel(self) -> Any:
        t = self.t
        match = self.app.session.match
        score = match.score()
        winner = score.winner
        assert winner is not None
        won = winner is Team.NS
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
                primary_action(t("action.new_game"), "new-game"),
            ],
        )

    # -- banner and notice ---------------------------------------------------------------------------

    def render_banner(self) -> None:
        box = by_id("banner")
        banner = self.app.banner
        if banner is None:
            box.hidden = True
            box.removeAttribute("data-sig")
            return
        text, cards, big = banner
        sig = text + ",".join(c.notation for c in cards)
        if box.getAttribute("data-sig") == sig and not box.hidden:
            return
        box.setAttribute("data-sig", sig)
        box.className = "banner big" if big else "banner"
        replace_children(box, [el("div", text=text), mini_cards(self.t, cards) if cards else None])
        box.hidden = False

    def render_notice(self) -> None:
        box = q("[data-notice]")
        if not self.app.notices:
            replace_children(box, [])
            return
        t = self.app.t
        update = None
        if UPDATE_READY in self.app.notices:  # a new build: the button that reloads into it
            update = el(
                "button",
                {"type": "button", "data-action": "update"},
                text=t("action.update"),
            )
        replace_children(
            box,
            [
                el("span", text=" ".join(t.say(m) for m in self.app.notices)),
                update,
                el("button", {"type": "button", "data-close": "", "aria-label": t("notice.close")}, text="×"),
            ],
        )

    # -- dialogs ------------------------------------------------------------------------------------------

    def dialog_frame(self, dialog: Any, title_id: str, title: str, body: list[Any]) -> None:
        close = el("button", {"type": "button", "data-close": ""}, cls="btn", text=self.t("action.close"))
        replace_children(
            dialog,
            [
                el(
                    "div",
                    cls="dialog-body",
                    children=[
                        el("h2", {"id": title_id}, text=title),
                        *body,
                        el("div", cls="actions", children=[close]),
                    ],
                )
            ],
        )

    def open_settings(self) -> None:
        dialog = by_id("dlg-settings")
        self.render_settings(force=True)
        if not dialog.open:
            dialog.showModal()

    def render_settings(self, force: bool = False) -> None:
        dialog = by_id("dlg-settings")
        if not force and not dialog.open:
            return
        t = self.t
        s = self.app.settings

        def field(
            name: str, label: str, options: list[tuple[str, str]], extra: dict[str, list[Any]] | None = None
        ) -> Any:
            current = str(getattr(s, name))
            radios = []
            for value, text in options:
                # a language's own name is written in that language (and marked so)
                lang = value if name == "lang" else None
                radios.append(
                    el(
                        "label",
                        children=[
                            el(
                                "input",
                                {
                                    "type": "radio",
                                    "name": f"set-{name}",
                                    "value": value,
                                    "data-setting": name,
                                    "checked": value == current,
                                },
                            ),
                            *(extra or {}).get(value, []),
                            el("span", {"lang": lang}, text=text),
                        ],
                    )
                )
            return el(
                "div",
                cls="field",
                attrs={"role": "radiogroup", "aria-label": label},
                children=[el("span", text=label), el("div", cls="seg", children=radios)],
            )

        def opts(name: str) -> list[tuple[str, str]]:
            return [(str(v), str(v)) for v in CHOICES[name]]

        # the catalog keys are spelt out (the catalog tests look for them in the code)
        modes = [(str(v), t(f"settings.mode.{v}")) for v in CHOICES["bela"]]

        rules = self.app.session.match.rules
        current = [
            str(rules.target),
            t("settings.pair", name=t("settings.stiglja"), value=rules.stiglja),
            t(f"settings.exact_half.{rules.exact_half}"),
            t(
                "settings.pair",
                name=t("settings.declarations"),
                value=t(f"settings.mode.{rules.declarations}"),
            ),
            t("settings.pair", name=t("settings.bela"), value=t(f"settings.mode.{rules.bela}")),
        ]
        params = self.app.params
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
        levels = [
            ("easy", t("settings.level.easy")),
            ("medium", t("settings.level.medium")),
            ("hard", t("settings.level.hard")),
        ]
        previews = {
            deck: [
                el(
                    "span",
                    {"aria-hidden": "true"},
                    cls="deck-preview",
                    children=[
                        svg_use(prefix(deck) + notation, "card-svg", "0 0 100 140")
                        for notation in ("QH", "AC")
                    ],
                )
            ]
            for deck in DECKS
        }
        body = [
            el("h3", text=t("settings.rules")),
            el("p", cls="note strong", text=t("settings.rules_note")),
            el("p", cls="note", text=t("settings.this_match", what=", ".join(current))),
            el("p", cls="note", text=t("settings.from_address", what=", ".join(overrides)))
            if overrides
            else None,
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
            el("h3", text=t("settings.players")),
            field("partner", t("settings.partner"), levels),
            field("opponents", t("settings.opponents"), levels),
            el("h3", text=t("settings.display")),
            field(
                "speed",
                t("settings.speed"),
                [(v, t(f"settings.speed.{v}")) for v in ("slow", "normal", "fast", "instant")],
            ),
            field("lang", t("settings.language"), [(code, Translator(code)("lang.name")) for code in LANGS]),
            field(
                "deck",
                t("settings.deck"),
                [(str(v), t(f"settings.deck.{v}")) for v in CHOICES["deck"]],
                previews,
            ),
            el("p", cls="note", text=t("settings.deck_note")),
            field(
                "theme", t("settings.theme"), [(str(v), t(f"settings.theme.{v}")) for v in CHOICES["theme"]]
            ),
        ]
        # the language shown is the one in use, even when it came from the browser
        self.dialog_frame(dialog, "settings-title", t("settings.title"), body)
        for node in qa('input[data-setting="lang"]', dialog):
            node.checked = node.value == self.app.lang

    def open_stats(self) -> None:
        t = self.t
        s = self.app.stats
        rate = s.pad_rate()
        avg = s.average_points()
        rows = [
            ("matches", t("stats.matches"), str(s.matches)),
            ("won", t("stats.won"), str(s.won)),
            ("hands", t("stats.hands"), str(s.hands)),
            (
                "pad_rate",
                t("stats.pad_rate"),
                f"{rate * 100:.0f} % ({s.pads}/{s.called})" if rate is not None else t("stats.none"),
            ),
            ("stiglje", t("stats.stiglje"), f"{s.stiglje} : {s.stiglje_against}"),
            ("avg_points", t("stats.avg_points"), f"{avg:.0f}" if avg is not None else t("stats.none")),
            ("hints", t("stats.hints"), str(s.hints)),
        ]
        table = el(
            "table",
            cls="stats",
            attrs={"data-stats": ""},
            children=[
                el(
                    "tbody",
                    children=[
                        el(
                            "tr",
                            {"data-stat": name},
                            children=[el("th", {"scope": "row"}, text=a), el("td", text=b)],
                        )
                        for name, a, b in rows
                    ],
                )
            ],
        )
        dialog = by_id("dlg-stats")
        self.dialog_frame(dialog, "stats-title", t("stats.title"), [table])
        dialog.showModal()

    def open_last_trick(self) -> None:
        t = self.t
        hand = self.app.session.hand
        dialog = by_id("dlg-last")
        if not hand.tricks or hand.trump is None:
            body = [el("p", text=t("last.none"))]
        else:
            trick = hand.tricks[-1]
            winner = trick.winner(hand.trump)
            cards = []
            for seat, card in trick.pairs():
                node = card_el(t, card, attr="data-face", **{"data-seat": seat.name})
                if seat is winner:
                    node.classList.add("win")
                cards.append(node)
            body = [
                el("div", cls="trick last-trick", children=cards),
                el("p", text=t("last.won", seat=t(f"seat.{winner.name}"))),
            ]
        self.dialog_frame(dialog, "last-title", t("last.title"), body)
        dialog.showModal()

    def open_confirm(self) -> None:
        t = self.t
        dialog = by_id("dlg-confirm")
        replace_children(
            dialog,
            [
                el(
                    "div",
                    cls="dialog-body",
                    children=[
                        el("p", text=t("confirm.restart")),
                        el(
                            "div",
                            cls="actions",
                            children=[
                                el(
                                    "button",
                                    {"type": "button", "data-close": ""},
                                    cls="btn",
                                    text=t("action.cancel"),
                                ),
                                el(
                                    "button",
                                    {"type": "button", "id": "confirm-restart"},
                                    cls="btn primary",
                                    text=t("action.confirm_restart"),
                                ),
                            ],
                        ),
                    ],
                )
            ],
        )
        dialog.showModal()

    # -- the rules page ----------------------------------------------------------------------------

    def open_rules(self) -> None:
        dialog = by_id("dlg-rules")
        if dialog is None:
            dialog = el(
                "dialog",
                {"id": "dlg-rules", "aria-labelledby": "rules-title", "data-rules": ""},
                cls="dialog rules-page",
            )
            js.document.body.appendChild(dialog)
        self.render_rules()
        if not dialog.open:
            dialog.showModal()
        dialog.scrollTop = 0

    def render_rules(self) -> None:
        """The rules as this game plays them, for the match in progress (web.rules)."""
        dialog = by_id("dlg-rules")
        t = self.t
        blocks = page(t, self.app.session.match.rules)
        title = blocks[0].text
        content: list[Any] = []
        section: Any = None
        for block in blocks[1:]:
            if block.kind == "section":
                section = el(
                    "section",
                    {"data-rules-section": block.ident, "aria-labelledby": f"rules-{block.ident}"},
                    children=[el("h3", {"id": f"rules-{block.ident}"}, text=block.text)],
                )
                content.append(section)
                continue
            node = self.rules_block(block)
            (section.appendChild(node) if section is not None else content.append(node))
        close = el("button", {"type": "button", "data-close": ""}, cls="btn", text=t("action.close"))
        head = el("header", cls="rules-head", children=[el("h2", {"id": "rules-title"}, text=title), close])
        replace_children(dialog, [el("div", cls="dialog-body", children=[head, *content])])

    def rules_block(self, block: Block) -> Any:
        t = self.t
        kind = block.kind
        if kind == "p":
            return el("p", text=block.text)
        if kind in ("ol", "ul"):
            return el(kind, children=[el("li", text=item) for item in block.items])
        if kind == "gloss":
            items = []
            for item in block.items:
                term, sep, meaning = item.partition(" – ")
                items.append(
                    el(
                        "li",
                        {"data-text-unit": ""},  # one catalog text (the i18n tests read it whole)
                        children=[el("strong", text=term), el("span", text=sep + meaning)],
                    )
                    if sep
                    else el("li", text=item)
                )
            return el("ul", cls="gloss", children=items)
        if kind == "current":
            return el(
                "p",
                {"data-current-rule": block.ident},
                cls="current-rule",
                children=[el("span", cls="badge", text=t("rules.current")), el("span", text=block.text)],
            )
        if kind == "points":
            head = el(
                "tr",
                children=[
                    el("th", {"scope": "col", "colspan": "2"}, text=block.items[0]),
                    el("th", {"scope": "col", "colspan": "2"}, text=block.items[1]),
                ],
            )
            rows = [
                el(
                    "tr",
                    children=[
                        el("td", text=a),
                        el("td", cls="num", text=b),
                        el("td", text=c),
                        el("td", cls="num", text=d),
                    ],
                )
                for a, b, c, d in block.rows
            ]
            return el(
                "table",
                {"data-points": ""},
                cls="points",
                children=[el("thead", children=[head]), el("tbody", children=rows)],
            )
        if kind == "suits":
            head = el(
                "tr",
                children=[
                    el("th", {"scope": "col"}, text=block.items[0]),
                    el("th", {"scope": "col"}, text=block.items[1]),
                ],
            )
            rows = [
                el(
                    "tr",
                    {"data-suit": letter},
                    children=[
                        el("td", children=[suit_icon(letter, "french"), el("span", text=french)]),
                        el("td", children=[suit_icon(letter, "german"), el("span", text=german)]),
                    ],
                )
                for letter, french, german in block.rows
            ]
            return el(
                "table", cls="suits", children=[el("thead", children=[head]), el("tbody", children=rows)]
            )
        if kind == "house":
            rows = []
            for label, name, options in block.options:
                chips = []
                for text, value, current in options:
                    chips.append(
                        el(
                            "span",
                            {"data-value": value, "data-current": "true" if current else "false"},
                            cls="chip current" if current else "chip",
                            children=[el("span", text=text)]
                            + ([el("small", text=t("rules.current"))] if current else []),
                        )
                    )
                rows.append(
                    el(
                        "tr",
                        {"data-house-rule": name},
                        children=[el("th", {"scope": "row"}, text=label), el("td", children=chips)],
                    )
                )
            return el("table", cls="house", children=[el("tbody", children=rows)])
        if kind == "play" and block.play is not None:
            ex = block.play
            trick = [
                el(
                    "figure",
                    cls="ex-card",
                    children=[
                        card_el(t, card, attr="data-face"),
                        el("figcaption", text=t(f"seat.{seat.name}")),
                    ],
                )
                for seat, card in ex.trick
            ]
            hand = []
            for card in ex.hand:
                node = card_el(t, card, attr="data-face")
                node.setAttribute("data-allowed", "true" if card in ex.answer else "false")
                hand.append(node)
            return el(
                "div",
                {"data-example": ex.name},
                cls="example",
                children=[
                    el("p", text=block.text),
                    el(
                        "div",
                        cls="ex-row",
                        children=[el("span", cls="ex-label", text=t("rules.ex.on_table")), *trick],
                    ),
                    el(
                        "div",
                        cls="ex-row",
                        children=[
                            el("span", cls="ex-label", text=t("rules.ex.you_hold")),
                            el("div", cls="mini-cards ex-hand", children=hand),
                        ],
                    ),
                    el("p", cls="answer", text=block.answer),
                ],
            )
        if kind == "decl" and block.decl is not None:
            d = block.decl
            rows = [
                el(
                    "div",
                    cls="ex-row",
                    children=[el("span", cls="ex-label", text=t(f"seat.{seat.name}")), mini_cards(t, cards)],
                )
                for seat, cards in d.held
            ]
            return el(
                "div",
                {"data-example": d.name},
                cls="example",
                children=[el("p", text=block.text), *rows, el("p", cls="answer", text=block.answer)],
            )
        return el("p", text=block.text)
