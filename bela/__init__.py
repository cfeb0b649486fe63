"""Croatian Bela (Belot): the rules engine, the game record and the computer players.

Pure Python standard library; runs the same under CPython and Pyodide.
"""

from bela.actions import PASS, Action, Bid, Declare, IllegalAction, Phase, Play, Refusal
from bela.cards import DECK, Card, Rank, Suit
from bela.hand import Hand, Trick
from bela.match import Match
from bela.observation import Observation
from bela.rules import HouseRules
from bela.scoring import HandScore, MatchScore, score_hand
from bela.seats import SEATS, Seat, Team

__all__ = [
    "DECK",
    "PASS",
    "SEATS",
    "Action",
    "Bid",
    "Card",
    "Declare",
    "Hand",
    "HandScore",
    "HouseRules",
    "IllegalAction",
    "Match",
    "MatchScore",
    "Observation",
    "Phase",
    "Play",
    "Rank",
    "Refusal",
    "Seat",
    "Suit",
    "Team",
    "Trick",
    "score_hand",
]
