"""The two card patterns the settings offer, as the cards' sprite names them.

The sprite (``assets/cards.svg``) is drawn by :mod:`web.cardart` when the site is built; the
page only needs its ids, so it imports this, not the drawing.

>>> prefix("german"), prefix("french")
('g-', '')
"""

from __future__ import annotations

#: the German (Croatian) pattern's ids: ``g-AH``, ``g-suit-H``...; the French ones have none
GERMAN_PREFIX = "g-"


def prefix(deck: str) -> str:
    """The sprite's id prefix for a deck (``french`` or ``german``)."""
    return GERMAN_PREFIX if deck == "german" else ""
