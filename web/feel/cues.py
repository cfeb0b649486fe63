"""The sound cues: which ones an action calls for, and each one's notes. Plain Python; the
page's synthesiser (web/feel/sound.py) plays the notes with WebAudio, so no sound file is
fetched.

>>> from bela.actions import Play
>>> from bela.cards import Card
>>> from bela.seats import Seat
>>> from web.session import Outcome
>>> out = Outcome(Seat.E, Play(Card.parse("AH")))
>>> cues_of(out, None, None)
['card']
>>> cues_of(Outcome(Seat.S, Play(Card.parse("KH")), bela=True, hand_finished=True), (90, 72), None)
['card', 'bela', 'hand-won']
"""

from __future__ import annotations

from dataclasses import dataclass

from bela.actions import Play
from bela.seats import Team
from web.session import Outcome


@dataclass(frozen=True, slots=True)
class Note:
    """One tone: its pitch (Hz), when it starts and how long it lasts (seconds, from the cue's
    start), its loudness (0 to 1) and its wave (``sine``, ``triangle``, ``square``)."""

    freq: float
    at: float
    length: float
    gain: float = 0.5
    wave: str = "sine"


def _arpeggio(
    freqs: tuple[float, ...], step: float, length: float, gain: float, wave: str
) -> tuple[Note, ...]:
    return tuple(Note(f, i * step, length, gain, wave) for i, f in enumerate(freqs))


#: Each cue's notes: short, soft, in one key (C major), the happy ones rising, the sad one falling.
CUES: dict[str, tuple[Note, ...]] = {
    "card": (Note(880, 0, 0.05, 0.25, "triangle"), Note(440, 0.01, 0.06, 0.2, "sine")),
    "trick": (Note(523.25, 0, 0.09, 0.3, "triangle"), Note(659.25, 0.07, 0.12, 0.3, "triangle")),
    "your-turn": (Note(783.99, 0, 0.12, 0.35, "sine"), Note(1046.5, 0.12, 0.18, 0.35, "sine")),
    "bela": _arpeggio((659.25, 783.99, 1046.5), 0.08, 0.14, 0.35, "triangle"),
    "declare": _arpeggio((523.25, 659.25, 783.99), 0.08, 0.14, 0.3, "triangle"),
    "hand-won": _arpeggio((523.25, 659.25, 783.99, 1046.5), 0.1, 0.2, 0.35, "sine"),
    "hand-lost": _arpeggio((392, 349.23, 311.13), 0.14, 0.24, 0.3, "sine"),
    "match-won": _arpeggio((523.25, 659.25, 783.99, 1046.5, 1318.5, 1568), 0.11, 0.3, 0.35, "triangle"),
}


def cues_of(out: Outcome, written: tuple[int, int] | None, winner: Team | None) -> list[str]:
    """The cues one action calls for: ``written`` is what the sheet shows for the hand it
    finished (NS first), ``winner`` the team that won the match it finished.

    A hand won is one where we wrote more than they did; a match won sounds instead of its last
    hand. A match lost sounds as a hand lost.

    >>> from bela.actions import Bid
    >>> from bela.seats import Seat
    >>> cues_of(Outcome(Seat.S, Bid(None), declarations_shown=True), None, None)
    ['declare']
    >>> cues_of(Outcome(Seat.S, Bid(None), hand_finished=True), (0, 162), Team.NS)
    ['match-won']
    """
    found: list[str] = []
    if isinstance(out.action, Play):
        found.append("card")
    if out.trick is not None and not out.hand_finished:
        found.append("trick")
    if out.bela or out.belot is not None:
        found.append("bela")
    elif out.declarations_shown:
        found.append("declare")
    if winner is Team.NS:
        found.append("match-won")
    elif out.hand_finished and written is not None:
        found.append("hand-won" if written[0] > written[1] else "hand-lost")
    return found
