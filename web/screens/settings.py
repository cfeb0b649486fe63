"""The settings dialog, drawn from web/settings_form.py's view model: the house rules, the
computer players, speed, language, card pattern (with a preview of each deck) and theme."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from web.decks import prefix
from web.dom import by_id, el, svg_use
from web.feel.device import can_vibrate
from web.i18n import DECKS
from web.model import Model
from web.screens.dialog import dialog_frame
from web.settings_form import Field, Heading, Item, TextField, form


@dataclass(eq=False)
class SettingsDialog:
    model: Model

    def open(self) -> None:
        dialog = by_id("dlg-settings")
        self.render(force=True)
        if not dialog.open:
            dialog.showModal()

    def render(self, force: bool = False) -> None:
        """Draw the dialog anew if it is open (or ``force``)."""
        dialog = by_id("dlg-settings")
        if not force and not dialog.open:
            return
        m = self.model
        items = form(m.settings, m.session.match.rules, m.params, m.t, m.lang, can_vibrate())
        dialog_frame(m.t, dialog, "settings-title", m.t("settings.title"), [self.item(i) for i in items])

    def item(self, item: Item) -> Any:
        if isinstance(item, Heading):
            return el("h3", text=item.text)
        if isinstance(item, Field):
            return self.field(item)
        if isinstance(item, TextField):
            box = {"id": f"set-{item.name}", "type": "text", "data-setting": item.name, "value": item.current}
            box |= {"spellcheck": "false", "autocomplete": "off", "aria-describedby": f"set-{item.name}-hint"}
            return el(
                "div",
                cls="field text-field",
                children=[
                    el("label", {"for": f"set-{item.name}"}, text=item.label),
                    el("input", box),
                    el("p", {"id": f"set-{item.name}-hint"}, cls="note", text=item.hint),
                ],
            )
        return el("p", cls="note strong" if item.strong else "note", text=item.text)

    def field(self, f: Field) -> Any:
        radios = []
        for value, text in f.options:
            radios.append(
                el(
                    "label",
                    children=[
                        el(
                            "input",
                            {
                                "type": "radio",
                                "name": f"set-{f.name}",
                                "value": value,
                                "data-setting": f.name,
                                "checked": value == f.current,
                            },
                        ),
                        self.deck_preview(value) if f.name == "deck" else None,
                        # a language's own name is written in that language (and marked so)
                        el("span", {"lang": value if f.name == "lang" else None}, text=text),
                    ],
                )
            )
        return el(
            "div",
            cls="field",
            attrs={"role": "radiogroup", "aria-label": f.label},
            children=[el("span", text=f.label), el("div", cls="seg", children=radios)],
        )

    @staticmethod
    def deck_preview(deck: str) -> Any:
        """The queen of hearts and the ace of clubs of ``deck``."""
        if deck not in DECKS:
            return None
        cards = [svg_use(prefix(deck) + notation, "card-svg", "0 0 100 140") for notation in ("QH", "AC")]
        return el("span", {"aria-hidden": "true"}, cls="deck-preview", children=cards)
