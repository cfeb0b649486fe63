"""Computer players: one protocol for every decision.

    decide(observation, level, seed) -> Decision

naming trump or passing (the dealer must name), "zovem / ne zovem", calling bela, playing a
card. Given the same observation, level and seed, the same decision: all randomness comes
from ``seed`` (through :class:`bela.bots.rng.Rng`) and all work budgets are counts (samples,
search nodes), never the clock. A bot receives nothing but the seat's Observation.

Levels:

- ``easy``: names trump by counting its six cards; plays legal, sensible cards from what is
  on the table, and at about half of its free choices slips to another harmless card (never
  an absurd one: no ace or ten thrown to the opponents' trick, no high trump wasted);
- ``medium``: names trump from a fitted point table; remembers every card and infers voids
  and ceilings; follows and discards by rules (smear on the partner's sure trick, keep tens
  guarded, win cheaply), leads by rules (pull trumps, cash masters, find the partner's ruff,
  else a cheap card) and solves the last four tricks exactly over up to 24 sampled deals (as
  many as a node budget allows);
- ``hard``: names trump with a richer fitted model; every card is chosen by determinized
  search: deals sampled consistent with every fact, in proportion to the card-location model
  (:mod:`bela.bots.locations`, learned from its own play: bids, voids, plays and how each card
  stands to the cards a seat played; medium weights them by the bids), each one solved
  exactly near the end and by rollouts into an exact endgame earlier (twice the deals there:
  the first tricks are where more deals pay), maximizing the mean hand score written on the
  sheet (pad and štiglja included); it gives and reads the partners' call
  (:mod:`bela.bots.signals`: a small discard on the partner's trick from the suit whose ace
  it holds).
"""

from __future__ import annotations

from dataclasses import dataclass

from bela.actions import Action, Bid, Declare, Param, Phase, Play
from bela.actions import Decision as Decision  # what decide() answers (bela.actions: the page reads it too)
from bela.bots import bidding
from bela.bots.knowledge import Knowledge, beats, infer
from bela.bots.policy import pick_card
from bela.bots.rng import Rng, Source
from bela.bots.sampler import CardWeights, Hands, Weight
from bela.bots.search import SearchResult, evaluate
from bela.bots.signals import call_card, read_calls
from bela.cards import Card, card_from_index, trick_winner_index
from bela.deal import derive_seed
from bela.observation import Observation
from bela.seats import SEATS

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Budget:
    """Deterministic work limits for the card-play search of one level (:data:`BUDGETS`), and
    whether it draws deals by the card-location model and gives and reads the partners' call."""

    samples: int  # at most this many sampled deals
    exact_cards: int  # solve exactly from this many cards left (all seats)
    search_from: int  # search at all only with this many cards left or fewer
    node_budget: int  # no new deal once the solver nodes (and rollout steps) would pass this
    leaf_cards: int = 12  # earlier, roll out to this many cards left, then solve exactly
    min_samples: int = 4
    extra_samples: int = 0  # a close call (bela.bots.search.evaluate) gets up to this many more deals
    close_z: float = 1.0  # close: the best card's lead under this many standard errors
    enum_limit: int = 0  # search every consistent deal when there are at most this many
    locations: bool = False  # deals drawn by the card-location model (bela.bots.locations), not the bids
    # the partners' call (bela.bots.signals): given between cards rated within signal_slack of
    # the best, read as the called ace call_factor times likelier in the partner's hand
    signals: bool = False
    signal_slack: float = 2.0
    call_factor: float = 6.0
    # before the exact solve (while the search rolls out), this many times the deals, a close
    # call's deals and the node budget: the first tricks are where more deals pay
    early_scale: int = 1


EASY_SLIPS = 0.5  # how often easy plays another harmless card than its rules say (a casual player)

BUDGETS: dict[str, Budget] = {
    "medium": Budget(samples=24, exact_cards=16, search_from=16, node_budget=10000, enum_limit=60),
    "hard": Budget(
        samples=84,
        exact_cards=16,
        search_from=32,
        node_budget=100000,
        leaf_cards=8,
        min_samples=8,
        extra_samples=84,
        close_z=2.0,
        enum_limit=200,
        locations=True,
        signals=True,
        early_scale=2,
    ),
}


def decision_rng(obs: Observation, level: str, seed: int) -> Rng:
    """The generator ``decide`` draws from for ``obs``: anything that searches as the player
    does (the review, the coach, the arenas' oracle) takes it from here, so it decides alike."""
    return Rng(derive_seed(seed, LEVELS.index(level), len(obs.plays), int(obs.seat)))


def decide(obs: Observation, level: str, seed: int, budget: Budget | None = None) -> Decision:
    """The ``level`` player's action for ``obs``; ``budget`` replaces the level's card-play
    search limits (:data:`BUDGETS`; easy has none: it never searches) for this decision only,
    for the arenas and fitting scripts."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (easy, medium or hard)")
    if not obs.legal:
        raise ValueError(f"it is not {obs.seat}'s turn")
    rng = decision_rng(obs, level, seed)
    if obs.phase is Phase.BIDDING:
        return _bid(obs, level)
    if obs.phase is Phase.DECLARING:
        return Decision(Declare(True), "declare everything: it can only add to our score", "declare.always")
    return _play(obs, level, rng, budget if budget is not None else BUDGETS.get(level))


def _bid(obs: Observation, level: str) -> Decision:
    position = (obs.seat - obs.dealer - 1) % 4
    cards = obs.cards
    if level == "easy":
        suit, rule, params = bidding.easy_choice(cards, position)
    elif level == "medium":
        suit, rule, params = bidding.medium_choice(cards, position)
    else:
        suit, rule, params = bidding.rich_choice(cards, position)
    action = Bid(suit)
    if action not in obs.legal:  # cannot happen: the dealer never passes here
        action = next(a for a in obs.legal if isinstance(a, Bid) and a.suit is not None)
    if suit is None:
        text = "pass (dalje): no suit is strong enough"
    elif position == 3:
        text = f"must name a suit as the dealer: {suit.english}s is the best"
    else:
        text = f"name {suit.english}s"
    return Decision(action, text, rule, tuple(params.items()))


def _action_for(obs: Observation, card: Card) -> Action:
    plays = [a for a in obs.legal if isinstance(a, Play) and a.card == card]
    for a in plays:
        if a.bela is True:
            return a
    return plays[0]


def _play(obs: Observation, level: str, rng: Source, budget: Budget | None) -> Decision:
    k = infer(obs)
    legal = sorted({a.card for a in obs.legal if isinstance(a, Play)})
    remaining = sum(obs.held_count(s) for s in SEATS)
    if len(legal) > 1 and budget is not None and remaining <= budget.search_from:
        result = search(obs, k, rng, budget)
        slack = budget.signal_slack if budget.signals else None
        return _from_search(obs, result, remaining <= budget.exact_cards, slack)
    pick = pick_card(
        obs, k, legal, memory=level != "easy", rng=rng, mistakes=EASY_SLIPS if level == "easy" else 0.0
    )
    return Decision(_action_for(obs, pick.card), pick.text, pick.rule, tuple(pick.params.items()))


def search(obs: Observation, k: Knowledge, rng: Source, budget: Budget) -> SearchResult:
    """Every legal card's expected margin over the deals ``obs`` cannot rule out (weighted by
    the bids), within ``budget``: the search the hard and medium players play by."""
    if budget.locations:
        from bela.bots.locations import card_weights

        weight, cards = None, card_weights(obs, k)
    else:
        weight, cards = bid_weight(obs, k), None
    if budget.signals:
        cards = _with_calls(obs, cards, budget.call_factor)
    early = sum(obs.held_count(s) for s in SEATS) > budget.exact_cards
    scale = budget.early_scale if early else 1
    return evaluate(
        obs,
        k,
        rng,
        budget.samples * scale,
        weight,
        budget.exact_cards,
        budget.node_budget * scale,
        min_samples=budget.min_samples,
        leaf_cards=budget.leaf_cards,
        enum_limit=budget.enum_limit,
        card_weights=cards,
        extra_samples=budget.extra_samples * scale,
        close_z=budget.close_z,
    )


def _with_calls(obs: Observation, cards: CardWeights | None, factor: float) -> CardWeights | None:
    """``cards`` with each ace the partner called ``factor`` times likelier in its hand."""
    calls = read_calls(obs)
    if not calls:
        return cards
    out = dict(cards) if cards is not None else {}
    for seat, ace in calls:
        row = list(out.get(ace.index, [1.0, 1.0, 1.0, 1.0]))
        row[seat] *= factor
        out[ace.index] = row
    return out


# Two margins closer than this are equal to the search (sums of the same figures in the same order)
TIE = 1e-6


def rank_search(obs: Observation, result: SearchResult) -> list[tuple[Card, float]]:
    """The candidate cards best first: by expected margin; between equal margins, the card that
    keeps more card points for the team, then the one worth fewer points, then the weaker one
    (a human partner reads a high card thrown for nothing as a mistake or a signal)."""
    trump = obs.trump
    values = result.values
    top = max(values.values())

    def key(kv: tuple[Card, float]) -> tuple[float, float, int, int, int]:
        card, v = kv
        level = top if abs(v - top) <= TIE * max(1.0, abs(top)) else v
        return (
            -level,
            -round(result.points.get(card, 0.0), 6),
            card.points(trump),
            card.strength(trump),
            card.index,
        )

    return sorted(values.items(), key=key)


def lost_trick_throw(obs: Observation, card: Card, legal: list[Card]) -> Card | None:
    """A cheaper card to play instead of ``card`` onto a trick our team has already lost.

    The trick is lost once an opponent's card leads it and no partner plays after us (we play
    third or fourth) and ``card`` does not beat it. An ace or ten (or any card worth 10 or
    more) is then kept when a legal card worth fewer points does not beat it either: the
    cheapest of those, the weakest first."""
    trump = obs.trump
    if trump is None or len(obs.trick) < 2 or card.points(trump) < 10:
        return None
    cards = [c for _, c in obs.trick]
    win = trick_winner_index(cards, trump)
    if obs.trick[win][0].team is obs.seat.team:
        return None
    best = cards[win]
    if beats(card, best, trump):
        return None
    cheaper = [c for c in legal if c.points(trump) < card.points(trump) and not beats(c, best, trump)]
    if not cheaper:
        return None
    return min(cheaper, key=lambda c: (c.points(trump), c.strength(trump), c.index))


def _from_search(
    obs: Observation, result: SearchResult, exact: bool, signal_slack: float | None = None
) -> Decision:
    ranked = rank_search(obs, result)
    best, value = ranked[0]
    legal = [c for c, _ in ranked]
    keep = lost_trick_throw(obs, best, legal)
    call = None
    if keep is not None:
        ranked.sort(key=lambda kv: kv[0] != keep)
        best, value = ranked[0]
    elif signal_slack is not None:
        call = call_card(obs, ranked, signal_slack)
        if call is not None:
            ranked.sort(key=lambda kv: kv[0] != call)
            best, value = ranked[0]
    second = ranked[1] if len(ranked) > 1 else None
    how = "solved exactly" if exact else "played out"
    rule = "search.exact" if exact else "search.rollout"
    text = f"{best}: expected margin {value:+.1f} over {result.samples} deals {how}"
    if second is not None:
        text += f" (next best {second[0]}: {second[1]:+.1f})"
    params: tuple[Param, ...] = (
        ("card", str(best)),
        ("expected", round(value, 1)),
        ("samples", result.samples),
    )
    if call is not None:
        rule = "search.call"
        text = f"{best}: calls {best.suit.english}s (holds the ace) on the partner's trick; " + text
        params += (("suit", best.suit.letter),)
    return Decision(
        _action_for(obs, best),
        text,
        rule,
        params,
        expected=value,
        runner_up=second[1] if second else None,
        alternative=_action_for(obs, second[0]) if second else None,
        samples=result.samples,
    )


def bid_weight(obs: Observation, k: Knowledge) -> Weight | None:
    """How well a sampled deal agrees with what the other seats said when naming trump."""
    said = [(s, b, (s - obs.dealer - 1) % 4) for s, b in obs.bids if s != obs.seat]
    if not said:
        return None

    def weight(hands: Hands, rng: Source) -> float:
        w = 1.0
        for s, b, position in said:
            full = hands[s] | k.played_by[s]
            idx = []
            m = full
            while m:
                low = m & -m
                idx.append(low.bit_length() - 1)
                m ^= low
            rng.shuffle(idx)
            cards = [card_from_index(i) for i in idx[:6]]
            w *= bidding.bid_likelihood(cards, position, b.suit)
        return w

    return weight
