"""What the player is asked, as plain data (the prompt's view model): the status line, and the
choices at a decision (naming trump, zovem / ne zovem, bela), or a refusal in words.
Plain Python; web/screens/prompt.py draws it.

>>> from bela.rules import HouseRules
>>> from bela.match import Match
>>> from web.i18n import Translator
>>> hand = Match(HouseRules(), seed=4).start_hand()
>>> hand.dealer, hand.turn
(<Seat.W: 3>, <Seat.S: 0>)
>>> p = prompt(hand, Translator("en"), can_act=True)
>>> p.text, [c.value for c in p.choices], p.choices[-1].disabled
('Name trump or say dalje (pass)', ['H', 'D', 'S', 'C', 'pass'], False)
>>> prompt(hand, Translator("en"), can_act=False).text
''
>>> other = Match(HouseRules(), seed=1).start_hand()  # South deals: East speaks first
>>> prompt(other, Translator("en"), can_act=False).text
'Right is thinking…'

>>> prompt(hand, Translator("en"), can_act=True, refusal="Not now.").text
'Not now.'
"""

from __future__ import annotations

from dataclasses import dataclass

from bela.actions import Phase
from bela.cards import Card
from bela.hand import Hand
from bela.seats import Seat
from web.words import T, card_name, declaration_text


@dataclass(frozen=True, slots=True)
class Choice:
    """A button of a decision: ``data-<kind>="<value>"``."""

    kind: str  # "bid", "declare" or "bela"
    value: str  # a suit letter or "pass"; "yes" or "no"
    label: str
    small: str = ""  # a second line under the label
    suit: str = ""  # a bid's suit: drawn with its sign
    disabled: bool = False
    title: str = ""
    primary: bool = False


@dataclass(frozen=True, slots=True)
class Prompt:
    text: str
    choices: tuple[Choice, ...] = ()
    cards: tuple[Card, ...] = ()  # the player's declarations, shown beside zovem / ne zovem
    refusal: bool = False

    def signature(self) -> str:
        """Changes when the choices do (the buttons are drawn anew only then)."""
        return "|".join(c.value + ("d" if c.disabled else "") for c in self.choices)


def yes_no(kind: str, yes: str, no: str) -> tuple[Choice, Choice]:
    """The two buttons of a yes / no choice, yes first and primary."""
    return Choice(kind, "yes", yes, primary=True), Choice(kind, "no", no)


def prompt(
    hand: Hand,
    t: T,
    *,
    can_act: bool,
    over: bool = False,
    pending_bela: Card | None = None,
    refusal: str = "",
) -> Prompt:
    choices: list[Choice] = []
    cards: list[Card] = []
    text = ""
    if over or hand.finished:
        text = ""
    elif can_act:
        if hand.phase is Phase.BIDDING:
            mus = hand.dealer is Seat.S
            text = t("status.your_bid_mus" if mus else "status.your_bid")
            for letter in "HDSC":
                choices.append(Choice("bid", letter, t(f"suit.{letter}"), suit=letter))
            # "Dalje" is Bela's word; a gloss under it where the language says it otherwise
            gloss = t("bid.pass_gloss")
            small = t("bid.mus") if mus else (gloss if gloss != t("bid.pass") else "")
            title = t("gloss.mus") if mus else t("gloss.dalje")
            choices.append(Choice("bid", "pass", t("bid.pass"), small=small, disabled=mus, title=title))
        elif hand.phase is Phase.DECLARING:
            mine = hand.held_declarations[Seat.S]
            listed = ", ".join(declaration_text(t, d) for d in mine)
            text = t("status.your_declare", list=listed) if mine else t("status.your_declare_none")
            choices.extend(yes_no("declare", t("declare.yes"), t("declare.no")))
            for d in mine:
                cards.extend(c for c in d.cards if c not in cards)
        elif pending_bela is not None:
            text = t("status.bela_choice", card=card_name(t, pending_bela))
            choices.extend(yes_no("bela", t("bela.yes"), t("bela.no")))
        else:
            text = t("status.your_lead" if not hand.trick.cards else "status.your_play")
    elif hand.turn is not None and hand.turn is not Seat.S:
        text = t("status.thinking", seat=t(f"seat.{hand.turn.name}"))
    if refusal:
        text = refusal
    return Prompt(text, tuple(choices), tuple(cards), bool(refusal))
