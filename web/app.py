"""The page's start and wiring. Runs on the main thread under PyScript (index.html calls
:func:`main`).

It loads the saved state (web/saves.py) into the model (web/model.py), makes the screens
(web/screens/), the game's flow (web/game.py) and the input (web/input.py), and holds the one
table of handlers that says what each intent (web/intents.py) does.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING

import js

from bela.actions import Bid, Declare
from bela.cards import Suit
from web.botclient import BotClient
from web.daily.flow import DailyFlow, wanted
from web.dom import by_id, closest, console_error, console_warn, q, qa
from web.feel.feel import Feel
from web.feel.install import Install
from web.files import download, download_stats, read_record
from web.friends.flow import FriendsFlow, wanted_challenge
from web.friends.page import Rooms
from web.game import Game
from web.i18n import Msg, pick_language
from web.input import Input
from web.intents import Intent
from web.localstore import LocalStore
from web.model import Model
from web.params import Params
from web.review.practice import Practice
from web.saves import Saves, Store, new_seed
from web.screens import Screens
from web.screens.daily import share
from web.session import Session
from web.update import Updates

if TYPE_CHECKING:
    from web.learn.flow import LearnFlow
    from web.review.flow import Reviews

Handler = Callable[[Intent], object]  # what a handler returns is not used
#: Intents that leave an open lesson first (they act on the match in progress).
LEAVE_LESSON = frozenset({"new-game", "confirm-restart", "export", "import", "daily", "leave-daily"})


class App:
    def __init__(self, store: Store, params: Params, browser_lang: str | list[str]) -> None:
        self.saves = Saves(store)
        settings = self.saves.load_settings()
        stats = self.saves.load_stats()
        session = self.saves.load_session(settings, params)
        duplicate = wanted(params)  # ?daily, ?deal: the regular match stays saved as it is
        challenge, refused = wanted_challenge(params.challenge)  # ?challenge: the same, if it reads
        duplicate = challenge or duplicate
        if refused is not None:
            self.saves.notes.append(refused)
        if duplicate is not None:
            session = self.saves.load_duplicate(duplicate, stats)
        lang = pick_language(params.lang or settings.lang or None, browser_lang)
        self.model = Model(session, settings, stats, params, lang, notices=list(self.saves.notes))
        for warning in self.saves.warnings:
            console_warn("Bela:", warning)
        self.screens = Screens(self.model)
        self.install = Install(self.saves_kept)
        self.feel = Feel(  # told of every action by the game; plays a forced card as a click would
            self.model,
            lambda card: self.game.play_card(card),
            lambda c: self.game.spawn(c),
            self.install.keep_saves,
        )
        self.game = Game(self.model, self.saves, BotClient(), self.screens, self.lessons, [self.feel])
        self.updates = Updates(self.game.notice, self.game.save)
        self.daily = DailyFlow(
            self.model,
            self.saves,
            self.game,
            self.game.bots,
            self.screens.render,
            share,
            set_address,
            page_url,
        )
        self.friends = FriendsFlow(self.model, self.game, lambda: self.screens.friends, share, page_url)
        self.rooms = Rooms(self.model, self.saves, self.game, self.screens.render, share)
        self.coach = self.game.coach
        self.practice = Practice(
            self.model, self.game, lambda: self.reviews, self.redraw_review, self.daily.start
        )
        self.input = Input(
            self.dispatch, self.model.human_can_act, lambda: self.game.notice(Msg("boot.error"))
        )
        self.handlers: dict[str, Handler] = self.intent_handlers()

    @cached_property
    def reviews(self) -> Reviews:
        """The reviews of finished hands, made when one is first opened (with the review's
        screen: see web.screens.Screens.review)."""
        from web.review.flow import Reviews

        game = self.game
        return Reviews(self.model, game.bots, self.screens.review, game.save, game.spawn)

    @cached_property
    def learn(self) -> LearnFlow:
        """Learn Bela, made (with its screen and the lessons) when first opened."""
        from web.learn.flow import LearnFlow

        return LearnFlow(self.model, self.saves.store, self.game, self.screens.learn, self.daily.start)

    def lessons(self) -> LearnFlow | None:
        """Learn Bela's flow once it has been made (the game asks it of the player's actions)."""
        made: LearnFlow | None = self.__dict__.get("learn")
        return made

    def saves_kept(self, kept: bool) -> None:
        self.model.saves_kept = kept

    def redraw_review(self) -> None:
        self.screens.review.render()

    def intent_handlers(self) -> dict[str, Handler]:
        """What each intent does: one place for all of the page's input."""
        game = self.game
        screens = self.screens
        return {
            "play-card": lambda i: game.play_card(i.value),
            "bid": lambda i: game.human(Bid(None if i.value == "pass" else Suit.parse(i.value))),
            "declare": lambda i: game.human(Declare(i.value == "yes")),
            "bela": lambda i: game.answer_bela(i.value == "yes"),
            "table": lambda _i: game.drop_bela(),
            "hint": lambda _i: game.hints.ask(),
            "next-hand": lambda _i: game.next_hand(),
            "new-game": lambda _i: self.new_match(),
            "restart": lambda _i: screens.open_confirm(),
            "confirm-restart": lambda _i: self.confirm_restart(),
            "export": lambda _i: game.spawn(download(self.model.session.match)),
            "import": self.import_file,
            "update": lambda _i: self.updates.apply(),
            "setting": self.change_setting,
            "close": self.close,
            "cancel": lambda _i: self.cancel(),
            "move-focus": lambda i: screens.hand.move_focus(i.node, i.value),
            "open-side": lambda _i: self.toggle_side(),
            "close-side": lambda _i: self.toggle_side(False),
            "open-last": lambda _i: screens.last_trick.open(),
            "open-settings": lambda _i: screens.settings.open(),
            "open-stats": lambda _i: screens.stats.open(),
            "stats": lambda _i: screens.stats.open(),
            "install": lambda _i: self.install.install(),
            "export-stats": lambda _i: game.spawn(download_stats(self.model.stats)),
            "open-rules": lambda _i: self.open_rules(),
            "review": lambda i: self.reviews.open(int(i.value or 0), js.document.activeElement),
            "review-nav": lambda i: self.reviews.move(i.value),
            "daily": lambda _i: self.open_daily(),
            "leave-daily": lambda _i: self.daily.leave(),
            "replay-daily": lambda _i: self.daily.replay(),
            "share-daily": lambda _i: self.daily.share_day(),
            "share-deal": lambda _i: self.daily.share_deal(),
            "learn": lambda _i: self.open_learn(),
            "friends": lambda _i: self.friends.open(),
            "challenge": lambda _i: self.friends.challenge(),
            "copy-challenge": lambda _i: self.friends.copy(),
            "open-lesson": lambda i: self.learn.start(i.value),
            "retry": lambda _i: self.learn.retry(),
            "next-lesson": lambda _i: self.learn.next(),
            "take-back": lambda _i: self.coach.take_back(),
            "play-from-here": lambda _i: self.practice.start(),
            "back-to-review": lambda _i: self.practice.back(),
            **self.rooms.handlers(),
        }

    def dispatch(self, intent: Intent) -> None:
        if intent.name in LEAVE_LESSON and self.model.lesson is not None:
            self.learn.close()
        if self.rooms.takes(intent):
            return
        handler = self.handlers.get(intent.name)
        if handler is not None:
            handler(intent)

    # -- start ------------------------------------------------------------------------------------

    def start(self) -> None:
        m = self.model
        js.document.documentElement.dataset.speed = m.speed
        self.apply_theme()
        self.apply_language()
        self.screens.render_notices()
        self.game.save()
        self.input.attach()
        self.feel.attach(js.document)
        self.install.attach()
        self.updates.start()
        # the page's controls, disabled while Python starts, before the first drawing: after it
        # they would undo what it disabled (the dealer's pass, when the dealer must name trump)
        for node in qa("button[disabled], input[disabled]", by_id("app")):
            if node.id != "open-last":
                node.disabled = False
        in_room = self.rooms.start()  # a room's link: the host's room resumes, or an invite
        self.screens.render(first=True)
        body = js.document.body
        if str(body.dataset.appState) == "error":
            return  # the start failed meanwhile (a damaged file): its error screen stays (index.html)
        body.dataset.appState = "ready"
        self.game.bots.start()
        if in_room:
            return  # the solo game waits as it was (a guest's table is its host's)
        self.game.kick()
        self.daily.start()
        if self.model.params.learn:
            self.open_learn()

    # -- the page around the table ---------------------------------------------------------------

    def close(self, intent: Intent) -> None:
        """A Close button: of its dialog, of a hand's review, or of the notices."""
        if closest(intent.node, "[data-review]") is not None:
            self.reviews.close()
            return
        if closest(intent.node, "#lesson-panel") is not None:
            self.learn.close()
            return
        dialog = closest(intent.node, "dialog")
        if dialog is not None:
            dialog.close()
        if closest(intent.node, "[data-notice]") is not None:
            self.game.clear_notices()

    def cancel(self) -> None:
        """Escape: a hand's review closes, else a pending bela question goes, else the side
        panel closes."""
        if self.model.review is not None and self.reviews.close():
            return
        if self.model.lesson is not None:
            if q("dialog[open]") is None and not self.game.drop_bela():  # a dialog: it closes itself
                self.learn.close()
            return
        if not self.game.drop_bela() and by_id("side").classList.contains("open"):
            self.toggle_side(False)

    def toggle_side(self, open_: bool | None = None) -> None:
        side = by_id("side")
        now = bool(side.classList.contains("open"))
        want = (not now) if open_ is None else open_
        side.classList.toggle("open", want)
        by_id("scrim").hidden = not want
        by_id("open-side").setAttribute("aria-expanded", "true" if want else "false")

    def new_match(self) -> None:
        self.daily.leave()  # a new match is a regular one
        self.game.new_match()

    def open_daily(self) -> None:
        self.toggle_side(False)
        self.daily.enter_today()

    def open_learn(self) -> None:
        self.toggle_side(False)
        self.game.spawn(self._open_learn())

    async def _open_learn(self) -> None:
        from web.learn.lessons import ready

        for _ in range(100):  # the game's files, unpacked when a restored page is idle
            if ready():
                break
            await asyncio.sleep(0.05)
        self.learn.open_list()

    def open_rules(self) -> None:
        self.toggle_side(False)
        self.screens.rules.open()

    def confirm_restart(self) -> None:
        by_id("dlg-confirm").close()
        self.toggle_side(False)
        self.daily.leave()
        self.game.new_match()

    def import_file(self, intent: Intent) -> None:
        node = intent.node
        files = node.files
        file = files.item(0) if files is not None and files.length else None
        node.value = ""
        if file is not None:
            self.game.spawn(self._import(file))

    async def _import(self, file: object) -> None:
        try:
            found = await read_record(file, self.model.lang)
        except Exception:
            console_error("Bela:", traceback.format_exc())
            found = Msg("notice.import_refused", (("reason", Msg("import.invalid")),))
        if isinstance(found, Msg):
            self.game.notice(found)
            return
        self.daily.leave()
        levels = dict(self.model.session.levels)
        self.game.replace_session(Session.from_match(found, levels, new_seed()))
        self.toggle_side(False)
        self.game.notice(Msg("notice.import_done"))

    # -- settings ---------------------------------------------------------------------------------

    def change_setting(self, intent: Intent) -> None:
        name, _, value = intent.value.partition("=")
        m = self.model
        before = m.settings
        m.settings = m.settings.with_value(name, value)
        if m.settings == before:
            if name == "turn" and " ".join(value.split()) != before.turn:
                self.game.notice(Msg("settings.turn_bad"))  # kept as it was
            return
        self.saves.save_settings(m.settings)
        if name == "speed":
            m.params = replace(m.params, speed=None)  # the player's choice wins over the address
            js.document.documentElement.dataset.speed = m.speed
        elif name in ("theme", "suit-colours"):
            self.apply_theme()
        elif name in ("lang", "deck"):
            m.set_language(pick_language(value, "") if name == "lang" else m.lang)
            m.refusal = ""
            if "learn" in self.__dict__:  # an answered lesson's result, in the new words
                self.learn.rephrase()
            self.apply_language()
            self.screens.redraw()
        elif name in ("partner", "opponents"):
            if not m.session.practice:  # a practice keeps the levels of the hand it replays
                m.session.levels.update(m.settings.levels())
                self.game.save()
        elif name == "sound":
            m.params = replace(m.params, sound=None)  # the player's choice wins over the address
        elif name == "coach":
            m.params = replace(m.params, coach=None)  # the player's choice wins over the address
            if m.human_can_act():
                self.coach.turn()
            self.game.render_coach()
        self.screens.settings.render()

    def apply_theme(self) -> None:
        root = js.document.documentElement
        root.dataset.theme = self.model.settings.theme
        root.dataset.suits = self.model.settings.suit_colours

    def apply_language(self) -> None:
        t = self.model.t
        root = js.document.documentElement
        root.lang = self.model.lang
        root.dataset.deck = self.model.settings.deck
        for node in qa("[data-i18n]"):
            node.textContent = t(node.getAttribute("data-i18n"))
        for node in qa("[data-i18n-label]"):
            node.setAttribute("aria-label", t(node.getAttribute("data-i18n-label")))
        js.document.title = t("app.title")


def page_url() -> str:
    """The page's own address (the site may be served under a sub-path)."""
    return str(js.location.href)


def set_address(query: str) -> None:
    """Show ``query`` (``?daily=...``, ``?deal=...`` or nothing) in the address bar, keeping the
    visit's other parameters, so that a reload reopens what is being played."""
    keep = [p for p in str(js.location.search).lstrip("?").split("&") if p]
    keep = [p for p in keep if p.partition("=")[0] not in ("daily", "deal", "seed", "fresh", "challenge")]
    extra = query.lstrip("?")
    parts = ([extra] if extra else []) + keep
    js.history.replaceState(None, "", str(js.location.pathname) + ("?" + "&".join(parts) if parts else ""))


def browser_languages() -> list[str]:
    """The browser's languages in the user's order (``navigator.languages``, else its one)."""
    found = getattr(js.navigator, "languages", None)
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
        app = App(LocalStore(), params, browser_languages())
        js.performance.mark("bela:app-built")
        app.start()
        js.performance.mark("bela:ready")
    except Exception:
        detail = traceback.format_exc()
        console_error("Bela could not start:", detail)
        last = detail.strip().splitlines()[-1]
        show = getattr(js.window, "belaShowError", None)
        if show is not None:
            show(last)  # the error screen, then the state (index.html)
            return
        box = by_id("boot-error")
        if box is not None:
            box.hidden = False
            q(".detail", box).textContent = last
        body.dataset.appState = "error"
