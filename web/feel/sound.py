"""The page's synthesiser: plays a cue's notes (web/feel/cues.py) with WebAudio. Its
AudioContext is made on the player's first tap or key (browsers' autoplay rules), never before,
so nothing can sound earlier."""

from __future__ import annotations

from typing import Any

import js

from web.dom import console_warn, nn
from web.feel.cues import CUES

MASTER = 0.25  # the loudest a cue gets: small and pleasant, under whatever else is playing


class Synth:
    def __init__(self) -> None:
        self.context: Any = None

    def wake(self) -> None:
        """Make (or resume) the AudioContext: called inside the player's gesture."""
        try:
            if self.context is None:
                make = nn(getattr(js, "AudioContext", None)) or nn(getattr(js, "webkitAudioContext", None))
                if make is None:
                    return
                self.context = make.new()
            if str(self.context.state) == "suspended":
                self.context.resume()
        except Exception as e:  # no audio device, or refused: the game stays silent
            console_warn("Bela: no sound:", str(e))
            self.context = None

    def play(self, name: str) -> bool:
        """Play cue ``name``; False if it could not (no context yet)."""
        ctx = self.context
        notes = CUES.get(name)
        if ctx is None or not notes:
            return False
        try:
            now = float(ctx.currentTime)
            for n in notes:
                osc = ctx.createOscillator()
                osc.type = n.wave
                osc.frequency.value = n.freq
                gain = ctx.createGain()
                start, end = now + n.at, now + n.at + n.length
                gain.gain.setValueAtTime(0.0001, start)
                gain.gain.exponentialRampToValueAtTime(max(0.0002, n.gain * MASTER), start + 0.01)
                gain.gain.exponentialRampToValueAtTime(0.0001, end)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(start)
                osc.stop(end + 0.02)
        except Exception as e:
            console_warn("Bela: a sound failed:", str(e))
            return False
        return True
