"""How the table feels: sound cues made by the page, a vibration on the player's turn, the
screen kept on during a match, the page offered for installing, the only legal card played by
itself. Plain rules in ``cues`` and ``autoplay``; the browser's side in ``sound``, ``device``,
``install`` and ``feel`` (which ties them to the game's flow)."""

from __future__ import annotations

from typing import Any


class Senses:
    """What the game's flow (web/game.py) tells the table's feel; this one does nothing (the
    page's is web.feel.feel.Feel)."""

    def acted(self, out: Any) -> None:
        """An action was applied (``out``: its web.session.Outcome)."""

    def your_turn(self) -> None:
        """The player is to act."""
