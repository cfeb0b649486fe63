"""Messages to the player outside play: the notices in ``[data-notice]`` (a save that could not
be read, an import refused, an update ready with its Reload button), put into words when drawn
so they follow a change of language, and the live region read by screen readers."""

from __future__ import annotations

from dataclasses import dataclass

from web.dom import el, q, replace_children
from web.model import UPDATE_READY, Model


@dataclass(eq=False)
class Notices:
    model: Model

    def render(self) -> None:
        m = self.model
        box = q("[data-notice]")
        if not m.notices:
            replace_children(box, [])
            return
        t = m.t
        update = None
        if UPDATE_READY in m.notices:  # a new build: the button that reloads into it
            update = el(
                "button",
                {"type": "button", "data-action": "update"},  # styled in style.css (CSP)
                text=t("action.update"),
            )
        replace_children(
            box,
            [
                el("span", text=" ".join(t.say(msg) for msg in m.notices)),
                update,
                el("button", {"type": "button", "data-close": "", "aria-label": t("notice.close")}, text="×"),
            ],
        )


def live(text: str) -> None:
    """Say ``text`` in the live region (screen readers read it out)."""
    q("[data-live]").textContent = text
