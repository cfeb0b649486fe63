"""Ask a computer player what it would do for the seat to act, and why.

The bot gets that seat's observation and nothing else, exactly as in play.

>>> from bela.match import Match
>>> from bela.actions import Bid
>>> m = Match(seed=7)
>>> hand = m.start_hand()
>>> h = hint(m, "medium", seed=0)
>>> h.seat, h.notation in ("H", "D", "S", "C", "pass")
(<Seat.E: 1>, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from bela.actions import Action, Bid, Declare, Play
from bela.bots import LEVELS, Decision, decide
from bela.match import Match
from bela.seats import Seat


class HintError(ValueError):
    """No hint can be given (the match or hand is over, or nothing has been dealt)."""


@dataclass(frozen=True, slots=True)
class Hint:
    seat: Seat
    level: str
    decision: Decision

    @property
    def action(self) -> Action:
        return self.decision.action

    @property
    def notation(self) -> str:
        return action_notation(self.decision.action)

    def explanation(self) -> list[str]:
        """A few lines drawn from what the bot computed: search figures, or its rule."""
        d = self.decision
        lines = [f"{self.seat} to act; the {self.level} player would {describe(d.action)}."]
        if d.expected is not None:
            lines.append(
                f"Over {d.samples} sampled deals consistent with what {self.seat} knows, "
                f"{action_notation(d.action)} expects {d.expected:+.1f} on the score sheet "
                "(our hand score minus theirs)"
                + (
                    f", the next best {action_notation(d.alternative)} {d.runner_up:+.1f}."
                    if d.alternative is not None and d.runner_up is not None
                    else "; it is the only card worth searching."
                )
            )
        elif d.reason:
            lines.append(f"Rule ({d.rule}): {d.reason}." if d.rule else f"{d.reason}.")
        return lines


def action_notation(action: Action) -> str:
    """A card in record notation (``AS``), a suit letter or ``pass``, or ``yes`` / ``no``."""
    if isinstance(action, Play):
        return str(action.card)
    if isinstance(action, Bid):
        return str(action)
    return "yes" if action.yes else "no"


def describe(action: Action) -> str:
    if isinstance(action, Bid):
        return "pass (dalje)" if action.suit is None else f"name {action.suit.english}s as trump"
    if isinstance(action, Declare):
        return "declare (zovem)" if action.yes else "not declare (ne zovem)"
    text = f"play {action.card}"
    if action.bela is True:
        text += " and call bela (Zovi belu)"
    elif action.bela is False:
        text += " without calling bela (Bez)"
    return text


def hint(match: Match, level: str = "hard", seed: int = 0) -> Hint:
    """The decision of a bot of ``level`` for the seat to act in the match's last hand."""
    if level not in LEVELS:
        raise HintError(f"unknown level {level!r} (easy, medium or hard)")
    hand = match.current
    if hand is None:
        raise HintError("the record has no hand: nothing to hint")
    if match.over:
        raise HintError(f"the match is over (won by {match.winner}): nothing to hint")
    seat = hand.turn
    if seat is None:
        raise HintError(f"hand {len(match.hands)} is finished: nothing to hint")
    return Hint(seat, level, decide(match.observation(seat), level, seed))
