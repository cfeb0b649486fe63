"""The page's input: clicks, keys and changes on the document become named intents
(web/intents.py's table) handed to one dispatcher (the app's handlers). Nothing here decides
what an intent does."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

import js

from web.dom import closest, console_error, listen, nn, q
from web.intents import Intent, change_intent, click_intent, key_intent

#: Keys whose browser default gives way to their intent.
OWN_KEYS = frozenset({"hint", "move-focus", "review-nav"})


class Input:
    def __init__(
        self, dispatch: Callable[[Intent], None], can_act: Callable[[], bool], failed: Callable[[], None]
    ):
        self.dispatch = dispatch
        self.can_act = can_act
        self.failed = failed  # called after a handler raised (the page says something went wrong)

    def attach(self) -> None:
        document = js.document
        listen(document, "click", self.guard(self.on_click))
        listen(document, "keydown", self.guard(self.on_key))
        listen(document, "change", self.guard(self.on_change))

    def guard(self, handler: Callable[[Any], None]) -> Callable[[Any], None]:
        def wrapped(event: Any) -> None:
            try:
                handler(event)
            except Exception:
                console_error("Bela:", traceback.format_exc())
                self.failed()

        return wrapped

    def on_click(self, event: Any) -> None:
        target = event.target
        intent = click_intent(lambda selector: closest(target, selector))
        if intent is not None:
            self.dispatch(intent)

    def on_key(self, event: Any) -> None:
        target = event.target
        intent = key_intent(
            str(event.key),
            modified=bool(event.ctrlKey or event.metaKey or event.altKey or event.repeat),
            in_field=closest(target, "input, select, textarea, [contenteditable], dialog") is not None,
            dialog_open=q("dialog[open]") is not None,
            on_card=closest(target, "#hand [data-card]") is not None,
            can_act=self.can_act(),
            review_open=q("[data-review]") is not None,
        )
        if intent is None:
            return
        if intent.name == "move-focus":
            intent = Intent(intent.name, intent.value, closest(target, "#hand [data-card]"))
        if intent.name in OWN_KEYS:
            event.preventDefault()
        self.dispatch(intent)

    def on_change(self, event: Any) -> None:
        target = nn(event.target)
        if target is None or not hasattr(target, "getAttribute"):
            return
        intent = change_intent(target)
        if intent is not None:
            self.dispatch(intent)
