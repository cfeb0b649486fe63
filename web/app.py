"""The page: start-up, the game's flow, input, saving. Runs on the main thread under PyScript.

The engine (``bela``) decides every rule; this module asks it what is legal, applies what the
player or a bot chose, saves, and redraws (``web.render``). Computer players think in a Web
Worker (``web.botclient``).
"""

from __future__ import annotations

import asyncio
import random
import traceback
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any

import js

from bela.actions import Action, Bid, Declare, IllegalAction, Play, Refusal
from bela.cards import Card, Suit
from bela.record import RecordError, dumps, loads
from bela.rules import HouseRules
from bela.seats import Seat
from web import render
from web.botclient import BotClient
from web.dom import attr, by_id, closest, console_error, console_warn, el, listen, nn, obj, q, qa
from web.hint import HINT_LEVEL, Advice, HintState, hint_seed, hint_texts
from web.i18n import Msg, Translator, pick_language
from web.params import MAX_SEED, Params
from web.protocol import parse_action
from web.session import Outcome, Session
from web.settings import RULE_KEYS, Settings, parse_levels
from web.stats import Stats
from web.storage import MATCH_KEY, SETTINGS_KEY, STATS_KEY, SaveError, unwrap, wrap
from web.update import Updates
from web.view import Timing, winning_declarations
from web.words import card_name, refusal_text

MAX_IMPORT_BYTES = 1_000_000
UNREADABLE = ".unreadable"  # suffix of the key that keeps a stored value this page could not read
HINT_KEYS = ("h", "H", "?")  # keys that ask for a hint


class Store:
    """localStorage, tolerant of a browser that refuses it."""

    def get(self, key: str) -> str | None:
        try:
            value = nn(js.localStorage.getItem(key))
        except Exception:
            return None
        return None if value is None else str(value)

    def set(self, key: str, value: str) -> bool:
        try:
            js.localStorage.setItem(key, value)
        except Exception:
            return False
        return True

    def remove(self, key: str) -> None:
        try:
            js.localStorage.removeItem(key)
        except Exception:
            return


def new_seed() -> int:
    return random.SystemRandom().randrange(1, MAX_SEED)


class App:
    def __init__(self, store: Store, params: Params, browser_lang: str | list[str]) -> None:
        self.store = store
        self.params = params
        self.notices: list[Msg] = []  # put into words when drawn: they follow a change of language
        self.settings = self._load_settings()
        self.lang = pick_language(params.lang or self.settings.lang or None, browser_lang)
        self.t = Translator(self.lang, self.settings.deck)
        self.stats = self._load_stats()
        self.session = self._load_session()
        self.gen = 0
        self.busy = False
        self.task: asyncio.Task[None] | None = None
        self.side_tasks: set[asyncio.Future[None]] = set()
        self.showing: Any = None  # a complete trick left on the table for a moment
        self.pending_bela: Card | None = None
        self.refusal: str = ""
        self.banner: tuple[str, list[Card], bool] | None = None
        self.save_failed = False
        self.bots = BotClient()
        self.hints = HintState()
        self.view = render.Renderer(self)
        self.updates = Updates(self)

    # -- loading ----------------------------------------------------------------------------

    def _note(self, key: str) -> None:
        """A notice found while loading, drawn once the page starts."""
        self.notices.append(Msg(key))

    def _set_aside(self, key: str, raw: str) -> None:
        """Keep a stored value this page cannot read under ``<key>.unreadable`` before it is
        replaced: a save from a newer version, or one a fix could still recover, is not lost."""
        self.store.set(key + UNREADABLE, raw)

    def _load_settings(self) -> Settings:
        raw = self.store.get(SETTINGS_KEY)
        if raw is None:
            return Settings()
        try:
            return Settings.from_json(unwrap(raw, "settings"))
        except SaveError:
            self._set_aside(SETTINGS_KEY, raw)
            self._note("notice.settings_reset")
            return Settings()

    def _load_stats(self) -> Stats:
        raw = self.store.get(STATS_KEY)
        if raw is None:
            return Stats()
        try:
            return Stats.from_json(unwrap(raw, "stats"))
        except (SaveError, ValueError):
            self._set_aside(STATS_KEY, raw)
            self._note("notice.stats_reset")
            return Stats()

    def _load_session(self) -> Session:
        if self.params.fresh:
            self.store.remove(MATCH_KEY)
        raw = self.store.get(MATCH_KEY)
        session: Session | None = None
        if raw is not None:
            try:
                session = Session.from_save(unwrap(raw, "match"))
            except SaveError as e:
                self._note(f"notice.save_{e.kind}")
                self._set_aside(MATCH_KEY, raw)
                self.store.remove(MATCH_KEY)
            except Exception as e:  # anything else unreadable is corrupt too
                console_warn("Bela: saved match unreadable:", e)
                self._note("notice.save_corrupt")
                self._set_aside(MATCH_KEY, raw)
                self.store.remove(MATCH_KEY)
        if session is not None and self.params.seed is not None and session.match.seed != self.params.seed:
            session = None  # this visit asks for another match
        return session or self._new_session()

    def _new_session(self) -> Session:
        rules_json = {k: getattr(self.settings, k) for k in RULE_KEYS}
        if self.params.target is not None:
            rules_json["target"] = self.params.target
        levels = parse_levels(self.params.bots) or self.settings.levels()
        seed = self.params.seed if self.params.seed is not None else new_seed()
        return Session.new(HouseRules.from_json(rules_json), seed, levels)

    # -- properties ---------------------------------------------------------------------------

    @property
    def speed(self) -> str:
        return self.params.speed or self.settings.speed

    @property
    def timing(self) -> Timing:
        return Timing.of(self.speed)

    def human_can_act(self) -> bool:
        hand = self.session.hand
        return not self.busy and hand.turn is Seat.S and not hand.finished and not self.session.match.over

    def position_key(self) -> tuple[int, int, int]:
        """Changes whenever the position does (an action, a new hand, another match)."""
        return (self.gen, self.session.hand_number, len(self.session.hand.actions))

    # -- start ----------------------------------------------------------------------------------

    def start(self) -> None:
        root = js.document.documentElement
        root.dataset.speed = self.speed
        self.apply_theme()
        self.apply_language()
        self.view.render_notice()
        self.save()
        self.attach()
        self.updates.start()
        self.view.render(first=True)
        for node in qa("button[disabled], input[disabled]", by_id("app")):
            if node.id != "open-last":
                node.disabled = False
        js.document.body.dataset.appState = "ready"
        self.bots.start()
        self.kick()

    def attach(self) -> None:
        listen(js.document, "click", self.guard(self.on_click))
        listen(js.document, "keydown", self.guard(self.on_key))
        listen(js.document, "change", self.guard(self.on_change))
        listen(by_id("scrim"), "click", self.guard(lambda _e: self.toggle_side(False)))

    def guard(self, handler: Any) -> Any:
        def wrapped(event: Any) -> None:
            try:
                handler(event)
            except Exception:
                console_error("Bela:", traceback.format_exc())
                self.notice(Msg("boot.error"))

        return wrapped

    # -- saving -----------------------------------------------------------------------------------

    def save(self) -> None:
        ok = self.store.set(MATCH_KEY, wrap("match", self.session.to_save()))
        ok = self.store.set(STATS_KEY, wrap("stats", self.stats.to_json())) and ok
        if not ok and not self.save_failed:
            self.save_failed = True
            self.notice(Msg("notice.storage_full"))

    def save_settings(self) -> None:
        self.store.set(SETTINGS_KEY, wrap("settings", self.settings.to_json()))

    # -- notices and the live region -------------------------------------------------------------

    def notice(self, msg: Msg) -> None:
        if msg in self.notices:
            return
        self.notices.append(msg)
        self.view.render_notice()

    def clear_notices(self) -> None:
        self.notices.clear()
        self.view.render_notice()

    def live(self, text: str) -> None:
        q("[data-live]").textContent = text

    # -- the flow ---------------------------------------------------------------------------------

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run a side task (kept referenced until it is done)."""
        task = asyncio.ensure_future(coro)
        self.side_tasks.add(task)
        task.add_done_callback(self.side_tasks.discard)

    def kick(self, first: Outcome | None = None) -> None:
        """Make sure the game moves on: bots play until the human must act or the hand ends."""
        if self.task is not None and not self.task.done():
            return
        self.task = asyncio.ensure_future(self.run(self.gen, first))

    async def run(self, gen: int, first: Outcome | None) -> None:
        try:
            if first is not None:
                self.busy = True
                await self.after(first, gen, rendered=True)
            while gen == self.gen:
                session = self.session
                hand = session.hand
                if session.match.over or hand.finished or hand.turn is Seat.S:
                    self.busy = False
                    self.view.render()
                    if hand.turn is Seat.S and not hand.finished:
                        self.live(self.t("live.your_turn"))
                    return
                seat = hand.turn
                assert seat is not None
                self.busy = True
                self.view.render()
                action = await self.bot_action(seat, gen)
                if gen != self.gen or action is None:
                    return
                outcome = self.perform(action)
                await self.after(outcome, gen)
        except Exception:
            console_error("Bela:", traceback.format_exc())
            self.busy = False
            self.notice(Msg("boot.error"))
            self.view.render()

    async def bot_action(self, seat: Seat, gen: int) -> Action | None:
        session = self.session
        started = float(js.performance.now())
        text = await self.bots.decide(
            session.record_text(), seat.name, session.levels.get(seat, "medium"), session.bot_seed()
        )
        if gen != self.gen:
            return None
        action = parse_action(text)
        refusal = session.hand.check(action)
        if refusal is not None:  # never expected; the game goes on with a legal action
            console_warn("Bela: the engine refused the bot's action:", refusal)
            action = session.hand.legal_actions()[0]
        wait = self.timing.bot / 1000 - (float(js.performance.now()) - started) / 1000
        if wait > 0:
            await asyncio.sleep(wait)
        return action if gen == self.gen else None

    def perform(self, action: Action) -> Outcome:
        """Apply an action the engine accepts, count, save and announce it."""
        outcome = self.session.apply(action)
        if outcome.trick is not None and not self.timing.instant:
            self.showing = outcome.trick  # left on the table for a moment
        self.stats = self.session.count_stats(self.stats)
        self.save()
        self.announce(outcome)
        return outcome

    async def after(self, out: Outcome, gen: int, rendered: bool = False) -> None:
        """Let the player see what happened: the card flying in, a full trick for a moment, the
        trick collected, the declarations, belot and štiglja."""
        timing = self.timing
        hand = self.session.hand
        if not rendered:
            self.view.render(played=out)
        if out.trick is not None and not timing.instant:
            await asyncio.sleep((timing.anim + timing.trick_pause) / 1000)
            if gen != self.gen:
                return
            self.view.collect(out.trick, out.trick_winner)
            await asyncio.sleep(timing.anim / 1000)
            self.showing = None
            if gen != self.gen:
                return
        elif not timing.instant and isinstance(out.action, Play):
            await asyncio.sleep(timing.anim / 1000)
        self.showing = None
        if out.declarations_shown:
            winner, points, cards = winning_declarations(hand)
            if winner is not None:
                self.show_banner(
                    self.t("decl.shown", team=self.t(f"team.{winner.name}"), points=points), cards, big=False
                )
        if out.trump is not None and out.belot is None and not timing.instant:
            await asyncio.sleep(timing.anim * 2 / 1000)
        if out.belot is not None:
            suit = self.t(f"suit_lower.{hand.deal[out.belot][0].suit.letter}")
            self.show_banner(
                self.t("banner.belot", seat=self.t(f"seat.{out.belot.name}"), suit=suit), [], True
            )
            if not timing.instant:
                await asyncio.sleep(timing.banner / 1000)
        elif out.stiglja is not None:
            bonus = self.session.match.rules.stiglja
            team = self.t(f"team.{out.stiglja.name}")
            self.show_banner(self.t("banner.stiglja", team=team, bonus=bonus), [], True)
            if not timing.instant:
                await asyncio.sleep(timing.banner / 1000)
        if out.hand_finished:
            self.banner = None

    def show_banner(self, text: str, cards: list[Card], big: bool) -> None:
        self.banner = (text, cards, big)
        self.view.render_banner()
        if not self.timing.instant:
            self.spawn(self._expire_banner(self.banner))

    async def _expire_banner(self, banner: Any) -> None:
        await asyncio.sleep(self.timing.banner / 1000)
        if self.banner is banner:
            self.banner = None
            self.view.render_banner()

    def announce(self, out: Outcome) -> None:
        t = self.t
        you = out.seat is Seat.S
        seat = t(f"seat.{out.seat.name}")

        def say(name: str, mine: bool, **params: object) -> str:
            return t(("live.you." if mine else "live.") + name, seat=seat, **params)

        action = out.action
        parts: list[str] = []
        if isinstance(action, Bid):
            if action.suit is None:
                parts.append(say("bid_pass", you))
            else:
                parts.append(say("bid", you, suit=t(f"suit_lower.{action.suit.letter}")))
        elif isinstance(action, Declare):
            parts.append(say("declare_yes" if action.yes else "declare_no", you))
        else:
            name = card_name(t, action.card)
            parts.append(say("play_bela" if out.bela else "play", you, card=name))
            if out.trick_winner is not None:
                winner = out.trick_winner
                parts.append(
                    t("live.you.trick")
                    if winner is Seat.S
                    else t("live.trick", seat=t(f"seat.{winner.name}"))
                )
        if out.belot is not None:
            suit = t(f"suit_lower.{self.session.hand.deal[out.belot][0].suit.letter}")
            parts.append(t("banner.belot", seat=t(f"seat.{out.belot.name}"), suit=suit))
        self.live(" ".join(parts))

    # -- the human's actions ------------------------------------------------------------------

    def human(self, action: Action) -> None:
        if not self.human_can_act():
            return
        refusal = self.session.hand.check(action)
        if refusal is not None:
            self.refuse(refusal)
            return
        self.pending_bela = None
        self.refusal = ""
        try:
            outcome = self.perform(action)
        except IllegalAction as e:  # the engine has the last word
            self.refuse(e.refusal)
            return
        self.busy = True
        self.view.render(played=outcome)  # at once: the choices go, the card leaves the hand
        self.kick(outcome)

    def play_card(self, notation: str) -> None:
        hand = self.session.hand
        if self.session.match.over or hand.finished:
            return
        if hand.turn is not Seat.S or self.busy:
            self.say(self.t("status.not_your_turn"))
            return
        card = Card.parse(notation)
        if hand.phase.value != "playing":
            self.say(self.t("status.bid_first"))
            return
        refusal = hand.check(Play(card))
        if refusal is not None and refusal.code == "bela":
            # the first of the trump king and queen under bela "choose": ask
            self.pending_bela = card
            self.refusal = ""
            self.view.render()
            self.view.focus_choices()
            return
        if refusal is not None:
            self.refuse(refusal, card)
            return
        self.pending_bela = None
        self.human(Play(card))

    def refuse(self, refusal: Refusal, card: Card | None = None) -> None:
        self.refusal = refusal_text(self.t, refusal)
        self.pending_bela = None
        self.view.render()
        if card is not None:
            self.view.shake(card.notation)
        self.live(self.refusal)

    def say(self, text: str) -> None:
        self.refusal = text
        self.view.render()

    # -- hints ---------------------------------------------------------------------------------

    def ask_hint(self) -> None:
        """What the computer would do in the player's place: computed by the bot worker, then
        highlighted with its reason (web.hint). It never acts for the player."""
        if not self.human_can_act():
            return
        key = self.position_key()
        if not self.hints.ask(key):
            if self.hints.shown(key) is not None:
                self.announce_hint()  # asked again: said again, not counted again
            return
        self.view.render_hint()
        self.spawn(self._fetch_hint(key, self.session.record_text()))

    async def _fetch_hint(self, key: tuple[int, int, int], record: str) -> None:
        advice: Advice | None = None
        try:
            reply = await self.bots.ask(record, Seat.S.name, HINT_LEVEL, hint_seed(record))
            if key == self.position_key():
                advice = Advice.from_reply(reply)
                if self.session.hand.check(advice.action) is not None:
                    raise ValueError(f"the hint {advice.action} is not legal here")
        except Exception:
            console_warn("Bela: no hint:", traceback.format_exc())
            advice = None
        if self.hints.answer(key, self.position_key(), advice):
            self.stats = self.stats.add_hint()
            self.save()
            self.announce_hint()
        self.view.render_hint()

    def announce_hint(self) -> None:
        advice = self.hints.shown(self.position_key())
        if advice is not None:
            self.live(" ".join(hint_texts(self.t, advice)))

    # -- between hands, new matches, import -------------------------------------------------

    def next_hand(self) -> None:
        session = self.session
        if not session.between_hands() or self.busy:
            return
        session.next_hand()
        self.refusal = ""
        self.banner = None
        self.save()
        hand = session.hand
        self.live(self.t("live.deal", seat=self.t(f"seat.{hand.dealer.name}")))
        self.view.render()
        self.kick()

    def new_match(self) -> None:
        self.replace_session(self._new_session())

    def replace_session(self, session: Session) -> None:
        self.gen += 1
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None
        self.session = session
        self.busy = False
        self.showing = None
        self.pending_bela = None
        self.refusal = ""
        self.banner = None
        self.stats = session.count_stats(self.stats)
        self.save()
        self.view.render(first=True)
        self.kick()

    def export(self) -> None:
        text = dumps(self.session.match)
        blob = js.Blob.new(obj([text]), obj({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        from datetime import datetime

        stamp = datetime.now().strftime("%Y%m%d-%H%M")
        link = el("a", {"href": url, "download": f"bela-{stamp}.json"})
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        self.spawn(self._revoke(url))

    async def _revoke(self, url: str) -> None:
        await asyncio.sleep(5)
        js.URL.revokeObjectURL(url)

    async def import_file(self, file: Any) -> None:
        if file is None:
            return
        if int(file.size) > MAX_IMPORT_BYTES:
            self.notice(Msg("notice.import_refused", (("reason", Msg("import.too_large")),)))
            return
        text = str(await file.text())
        try:
            match = loads(text)
        except RecordError as e:
            # the engine says why in English, one line for a player: shown as it is on an English
            # page; elsewhere the catalog's reason, and the console has the engine's
            console_warn("Bela: record refused:", e)
            reason = str(e) if self.lang == "en" else Msg("import.invalid")
            self.notice(Msg("notice.import_refused", (("reason", reason),)))
            return
        levels = dict(self.session.levels)
        self.replace_session(Session.from_match(match, levels, new_seed()))
        self.toggle_side(False)
        self.notice(Msg("notice.import_done"))

    # -- settings ----------------------------------------------------------------------------------

    def change_setting(self, name: str, value: str) -> None:
        before = self.settings
        self.settings = self.settings.with_value(name, value)
        if self.settings == before:
            return
        self.save_settings()
        if name == "speed":
            self.params = replace(self.params, speed=None)  # the player's choice wins over the address
            js.document.documentElement.dataset.speed = self.speed
        elif name == "theme":
            self.apply_theme()
        elif name in ("lang", "deck"):
            if name == "lang":
                self.lang = pick_language(value, "")
            self.t = Translator(self.lang, self.settings.deck)
            self.refusal = ""
            self.apply_language()
            self.view.redraw()
        elif name in ("partner", "opponents"):
            self.session.levels.update(self.settings.levels())
            self.save()
        self.view.render_settings()

    def apply_theme(self) -> None:
        js.document.documentElement.dataset.theme = self.settings.theme

    def apply_language(self) -> None:
        root = js.document.documentElement
        root.lang = self.lang
        root.dataset.deck = self.settings.deck
        for node in qa("[data-i18n]"):
            node.textContent = self.t(node.getAttribute("data-i18n"))
        for node in qa("[data-i18n-label]"):
            node.setAttribute("aria-label", self.t(node.getAttribute("data-i18n-label")))
        js.document.title = self.t("app.title")

    def toggle_side(self, open_: bool | None = None) -> None:
        side = by_id("side")
        now = bool(side.classList.contains("open"))
        want = (not now) if open_ is None else open_
        side.classList.toggle("open", want)
        by_id("scrim").hidden = not want
        by_id("open-side").setAttribute("aria-expanded", "true" if want else "false")

    # -- events ------------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target
        node = closest(target, '[data-hand="S"] [data-card]')
        if node is not None:
            self.play_card(str(node.getAttribute("data-card")))
            return
        node = closest(target, "[data-bid]")
        if node is not None and not node.disabled:
            bid = str(node.getAttribute("data-bid"))
            self.human(Bid(None if bid == "pass" else Suit.parse(bid)))
            return
        node = closest(target, "[data-declare]")
        if node is not None:
            self.human(Declare(attr(node, "data-declare") == "yes"))
            return
        node = closest(target, "[data-bela]")
        if node is not None and self.pending_bela is not None:
            card = self.pending_bela
            self.human(Play(card, attr(node, "data-bela") == "yes"))
            return
        node = closest(target, "[data-action]")
        if node is not None:
            what = str(node.getAttribute("data-action"))
            if what == "next-hand":
                self.next_hand()
            elif what == "new-game":
                self.new_match()
            elif what == "export":
                self.export()
            elif what == "update":
                self.updates.apply()
            elif what == "hint":
                self.ask_hint()
            return
        node = closest(target, "button[id], [data-close]")
        if node is None:
            if self.pending_bela is not None and closest(target, "#table") is not None:
                self.pending_bela = None
                self.view.render()
            return
        if node.hasAttribute("data-close"):
            dialog = closest(node, "dialog")
            if dialog is not None:
                dialog.close()
            if closest(node, "[data-notice]") is not None:
                self.clear_notices()
            return
        ident = str(node.id)
        if ident == "open-side":
            self.toggle_side()
        elif ident == "close-side":
            self.toggle_side(False)
        elif ident == "open-last":
            self.view.open_last_trick()
        elif ident == "open-settings":
            self.view.open_settings()
        elif ident == "open-stats":
            self.view.open_stats()
        elif ident == "open-rules":
            self.toggle_side(False)
            self.view.open_rules()
        elif ident == "restart":
            self.view.open_confirm()
        elif ident == "confirm-restart":
            by_id("dlg-confirm").close()
            self.toggle_side(False)
            self.new_match()

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        target = event.target
        if key == "Escape":
            if self.pending_bela is not None:
                self.pending_bela = None
                self.view.render()
            elif by_id("side").classList.contains("open"):
                self.toggle_side(False)
            return
        if key in HINT_KEYS and self.hint_key_allowed(event):
            event.preventDefault()
            self.ask_hint()
            return
        card = closest(target, '[data-hand="S"] [data-card]')
        if card is not None and key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            event.preventDefault()
            self.view.move_focus(card, key)

    def hint_key_allowed(self, event: Any) -> bool:
        """H or ? asks for a hint, unless another key is held with it, a text field has the
        keyboard or a dialog is open."""
        if event.ctrlKey or event.metaKey or event.altKey or event.repeat:
            return False
        if closest(event.target, "input, select, textarea, [contenteditable], dialog") is not None:
            return False
        return q("dialog[open]") is None and self.human_can_act()

    def on_change(self, event: Any) -> None:
        target = nn(event.target)
        if target is None or not hasattr(target, "getAttribute"):
            return
        if attr(target, "data-action") == "import":
            files = nn(target.files)
            file = nn(files.item(0)) if files is not None and files.length else None
            target.value = ""
            self.spawn(self._import_guarded(file))
            return
        name = attr(target, "data-setting")
        if name:
            self.change_setting(str(name), str(target.value))

    async def _import_guarded(self, file: Any) -> None:
        try:
            await self.import_file(file)
        except Exception:
            console_error("Bela:", traceback.format_exc())
            self.notice(Msg("notice.import_refused", (("reason", Msg("import.invalid")),)))


def browser_languages() -> list[str]:
    """The browser's languages in the user's order (``navigator.languages``, else its one)."""
    found = nn(getattr(js.navigator, "languages", None))
    tags = [str(tag) for tag in found] if found is not None else []
    return tags or [str(js.navigator.language or "")]


def main() -> None:
    """Start the page (called by index.html's PyScript tag)."""
    body = js.document.body
    js.performance.mark("bela:python-main")
    try:
        bar = by_id("boot-bar")
        if bar is not None:
            bar.style.width = "96%"
        params = Params.parse(str(js.location.search))
        app = App(Store(), params, browser_languages())
        js.performance.mark("bela:app-built")
        app.start()
        js.performance.mark("bela:ready")
    except Exception:
        detail = traceback.format_exc()
        console_error("Bela could not start:", detail)
        body.dataset.appState = "error"
        box = by_id("boot-error")
        if box is not None:
            box.hidden = False
            q(".detail", box).textContent = detail.strip().splitlines()[-1]
