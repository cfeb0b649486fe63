"""Challenge a friend (web/friends/challenge.py, web/flows/friends.py): the link's text, its
checks, the challenger's match made into a link, and the friend's match on the same deals,
saved under its own key."""

from __future__ import annotations

import json

import pytest

from bela.deal import deal_cards, derive_seed, first_dealer
from bela.match import Match
from bela.rules import HouseRules
from bela.seats import Seat
from web.daily.view import Duplicate
from web.flows.friends import wanted_challenge
from web.friends.challenge import Challenge, ChallengeError, of_match, read, side_by_side
from web.i18n import Msg
from web.params import Params
from web.saves import MemoryStore, Saves, new_duplicate
from web.session import Session
from web.settings import Settings
from web.stats import Stats
from web.storage import CHALLENGE_KEY, MATCH_KEY

LEVELS = {Seat.E: "easy", Seat.N: "hard", Seat.W: "medium"}


def played(seed: int, rules: HouseRules, hands: int) -> Match:
    """A match of ``hands`` finished hands, each played with the first legal action."""
    m = Match(rules, seed=seed)
    for _ in range(hands):
        hand = m.start_hand()
        while not hand.finished:
            hand.apply(hand.legal_actions()[0])
        if m.over:
            break
    return m


def test_a_match_becomes_a_link_that_reads_back() -> None:
    rules = HouseRules(target=501, stiglja=100, exact_half="visi", declarations="choose", bela="choose")
    m = played(77, rules, 3)
    c = of_match(m, LEVELS)
    assert c is not None
    assert (c.seed, c.rules, c.levels, c.hands) == (77, rules, ("easy", "hard", "medium"), 3)
    text = c.link("https://x.org/b/?seed=77").split("?challenge=")[1]
    assert text.startswith("1.77.501_100_visi_choose_choose.easy_hard_medium.")
    assert read(text) == c


def test_no_link_without_a_finished_hand_nor_for_deals_the_seed_did_not_deal() -> None:
    m = Match(seed=5)
    m.start_hand()
    assert of_match(m, LEVELS) is None
    other = Match(seed=5)
    deal = deal_cards(derive_seed(6, 1), first_dealer(5))  # another seed's cards (an imported match)
    hand = other.start_hand(deal)
    while not hand.finished:
        hand.apply(hand.legal_actions()[0])
    assert of_match(other, LEVELS) is None


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.replace(".77.", ".78.", 1),  # another seed
        lambda t: t.replace("easy_hard", "hard_hard", 1),  # other computer players
        lambda t: t[:-1] + ("0" if t[-1] != "0" else "1"),  # the check itself
        lambda t: t.rsplit("_", 1)[0] + "_999-0." + t.rsplit(".", 1)[1],  # the challenger's points
    ],
)
def test_an_altered_link_is_refused(change: object) -> None:
    text = Challenge(77, HouseRules(), ("easy", "hard", "medium"), ((81, 81), (0, 182))).text()
    bad = change(text)  # type: ignore[operator]
    assert bad != text
    with pytest.raises(ChallengeError, match="altered"):
        read(bad)


@pytest.mark.parametrize("text", ["", "1", "2.77.x.y.z.0000000000000000", "1.77.1001.hard.1-1.0", "é" * 2000])
def test_a_malformed_link_is_refused(text: str) -> None:
    with pytest.raises(ChallengeError):
        read(text)


def test_a_link_with_bad_values_but_a_right_check_is_still_refused() -> None:
    from web.friends.challenge import check

    for body in (
        "1.77.1001_90_pad_auto_auto.god_hard_hard.1-1",  # no such level
        "1.77.1002_90_pad_auto_auto.hard_hard_hard.1-1",  # no such target
        "1.77.1001_90_pad_auto_auto.hard_hard_hard.1-1-1",  # a bad pair
        "1.77.1001_90_pad_auto_auto.hard_hard_hard." + "_".join(["1-1"] * 41),  # too many hands
        "1.99999999999999999999.1001_90_pad_auto_auto.hard_hard_hard.1-1",  # seed too large
    ):
        with pytest.raises(ChallengeError, match="malformed"):
            read(f"{body}.{check(body)}")


def test_the_friend_plays_the_same_deals_by_the_same_rules_and_players() -> None:
    rules = HouseRules(target=701, stiglja=100)
    theirs = played(1234, rules, 2)
    c = of_match(theirs, LEVELS)
    assert c is not None
    dup = Duplicate.of_challenge(c)
    session = new_duplicate(dup, Stats())
    assert session.levels == LEVELS
    assert session.match.rules == rules
    mine = session.match
    for i in range(2):
        hand = mine.hands[i]
        assert (hand.dealer, hand.deal) == (theirs.hands[i].dealer, theirs.hands[i].deal)
        while not hand.finished:
            hand.apply(hand.legal_actions()[-1])  # played otherwise than the challenger
        if dup.more_hands(mine):
            mine.start_hand()
    assert dup.complete(mine) and not dup.more_hands(mine)
    rows = side_by_side(c, mine)
    assert [r[0] for r in rows] == [1, 2]
    assert [r[2] for r in rows] == list(c.theirs)


def test_a_challenge_is_saved_under_its_own_key_and_resumed() -> None:
    store = MemoryStore()
    saves = Saves(store)
    regular = saves.load_session(Settings(), Params())
    saves.save(regular, Stats())
    before = store.get(MATCH_KEY)
    c = Challenge(55, HouseRules(), ("hard", "hard", "easy"), ((100, 62),))
    session = saves.load_duplicate(Duplicate.of_challenge(c), Stats())
    session.match.current.apply(session.match.current.legal_actions()[0])  # type: ignore[union-attr]
    saves.save(session, Stats())
    assert store.get(MATCH_KEY) == before
    again = saves.load_duplicate(Duplicate.of_challenge(c), Stats())
    assert again.duplicate is not None and again.duplicate.challenge == c
    assert len(again.match.current.actions) == 1  # type: ignore[union-attr]
    assert json.loads(store.get(CHALLENGE_KEY) or "{}")
    other = Challenge(55, HouseRules(), ("hard", "hard", "easy"), ((90, 72),))  # another challenger
    assert len(saves.load_duplicate(Duplicate.of_challenge(other), Stats()).match.current.actions) == 0  # type: ignore[union-attr]


def test_a_saved_challenge_altered_in_storage_is_not_read() -> None:
    c = Challenge(55, HouseRules(), ("hard", "hard", "easy"), ((100, 62),))
    data = Session(
        Duplicate.of_challenge(c).new_match(), dict(LEVELS), duplicate=Duplicate.of_challenge(c)
    ).to_save()
    data["duplicate"]["challenge"] = data["duplicate"]["challenge"].replace("100-62", "162-0")
    with pytest.raises(Exception, match="challenge"):
        Session.from_save(data)


def test_the_visits_challenge_or_the_notice_why_not() -> None:
    c = Challenge(9, HouseRules(), ("easy", "easy", "easy"), ((1, 2),))
    dup, msg = wanted_challenge(c.text())
    assert dup is not None and dup.kind == "challenge" and dup.numbers == (1,) and msg is None
    assert wanted_challenge(c.text()[:-2] + "zz") == (None, Msg("challenge.bad"))
    assert wanted_challenge(None) == (None, None)
