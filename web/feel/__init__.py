"""How the table feels: sound cues made by the page, a vibration on the player's turn, the
screen kept on during a match, the page offered for installing, the only legal card played by
itself. Plain rules in ``cues`` and ``autoplay``; the browser's side in ``sound``, ``device``,
``install`` and ``feel`` (a listener of the game's flow that ties them together)."""
