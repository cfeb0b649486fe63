"""web/'s plain Python under CPython: the input table, loading and saving through a store, the
prompt's and the settings dialog's view models, the page's model."""

from __future__ import annotations

import json

import pytest

from bela.actions import Bid, Declare, Phase
from bela.cards import Card, Suit
from bela.match import Match
from bela.rules import HouseRules
from bela.seats import Seat
from web.i18n import LANGS, Translator
from web.intents import CLICKS, FakePage, Intent, change_intent, click_intent, key_intent
from web.model import Model
from web.params import Params
from web.prompt import prompt
from web.saves import UNREADABLE, MemoryStore, Saves
from web.session import DEFAULT_LEVELS, Session
from web.settings import CHOICES, Settings
from web.settings_form import Field, form
from web.stats import Stats
from web.storage import MATCH_KEY, SETTINGS_KEY, STATS_KEY, wrap

EN = Translator("en")

# -- the input table ------------------------------------------------------------------------------


def test_a_card_in_the_hand_wins_over_the_table_around_it() -> None:
    page = FakePage({"#hand [data-card]": {"data-card": "QS"}, "#table": {}})
    assert click_intent(page.closest) == Intent("play-card", "QS")


def test_data_action_and_button_ids_name_their_intents() -> None:
    assert click_intent(FakePage({"[data-action]": {"data-action": "next-hand"}}).closest) == Intent(
        "next-hand"
    )
    assert click_intent(FakePage({"button[id]": {"id": "confirm-restart"}}).closest) == Intent(
        "confirm-restart"
    )
    assert click_intent(FakePage({"#scrim": {}}).closest) == Intent("close-side")


def test_every_click_rule_names_an_intent_or_an_attribute() -> None:
    for rule in CLICKS:
        assert bool(rule.name) != bool(rule.name_from), rule


def test_hint_key_only_when_the_player_may_act_and_nothing_else_has_the_keyboard() -> None:
    assert key_intent("?", can_act=True) == Intent("hint")
    assert key_intent("h", can_act=True, modified=True) is None
    assert key_intent("h", can_act=True, in_field=True) is None
    assert key_intent("h", can_act=True, dialog_open=True) is None
    assert key_intent("ArrowRight") is None  # not on a card
    assert key_intent("End", on_card=True) == Intent("move-focus", "End")


def test_changes_name_a_setting_or_an_import() -> None:
    page = FakePage({"x": {"data-setting": "lang", "value": "fr"}})
    assert change_intent(page.closest("x")) == Intent("setting", "lang=fr")
    assert change_intent(FakePage({"x": {"data-action": "import"}}).closest("x")) == Intent("import")
    assert change_intent(FakePage({"x": {}}).closest("x")) is None


# -- loading and saving ---------------------------------------------------------------------------


def test_a_saved_match_comes_back_as_it_was() -> None:
    store = MemoryStore()
    session = Session.new(HouseRules(), 11, dict(DEFAULT_LEVELS))
    session.apply(session.hand.legal_actions()[0])
    assert Saves(store).save(session, Stats(hands=3))
    saves = Saves(store)
    back = saves.load_session(Settings(), Params())
    assert back.record_text() == session.record_text()
    assert saves.load_stats() == Stats(hands=3)
    assert saves.notes == []


@pytest.mark.parametrize(
    ("raw", "note"),
    [
        ("{not json", "notice.save_corrupt"),
        ('{"app": "bela", "kind": "match", "v": 99}', "notice.save_future"),
        ('{"app": "chess", "kind": "match", "v": 1}', "notice.save_foreign"),
        (wrap("match", {"record": 5}), "notice.save_corrupt"),
    ],
)
def test_an_unreadable_match_is_set_aside_and_said(raw: str, note: str) -> None:
    store = MemoryStore({MATCH_KEY: raw})
    saves = Saves(store)
    session = saves.load_session(Settings(), Params(seed=5))
    assert session.match.seed == 5  # a fresh match
    assert [n.key for n in saves.notes] == [note]
    assert store.get(MATCH_KEY + UNREADABLE) == raw
    assert store.get(MATCH_KEY) is None


def test_fresh_and_another_seed_leave_the_saved_match() -> None:
    store = MemoryStore()
    Saves(store).save(Session.new(HouseRules(), 11, dict(DEFAULT_LEVELS)), Stats())
    assert Saves(store).load_session(Settings(), Params(seed=12)).match.seed == 12
    assert Saves(store).load_session(Settings(), Params(fresh=True, seed=11)).match.hands[0].actions == []
    assert store.get(MATCH_KEY) is None  # fresh=1 clears it


def test_unreadable_settings_and_stats_fall_back_and_are_kept() -> None:
    store = MemoryStore({SETTINGS_KEY: "[]", STATS_KEY: wrap("stats", {"hands": -1})})
    saves = Saves(store)
    assert saves.load_settings() == Settings()
    assert saves.load_stats() == Stats()
    assert [n.key for n in saves.notes] == ["notice.settings_reset", "notice.stats_reset"]
    assert store.get(STATS_KEY + UNREADABLE) is not None


def test_a_store_that_refuses_is_reported() -> None:
    class Full(MemoryStore):
        def set(self, key: str, value: str) -> bool:
            return False

    assert not Saves(Full()).save(Session.new(HouseRules(), 1, dict(DEFAULT_LEVELS)), Stats())


def test_the_settings_are_saved_as_the_page_reads_them() -> None:
    store = MemoryStore()
    Saves(store).save_settings(Settings().with_value("target", 501))
    assert json.loads(store.values[SETTINGS_KEY])["target"] == 501
    assert Saves(store).load_settings().target == 501


# -- the prompt -----------------------------------------------------------------------------------


def hand_at(phase: Phase, seed: int = 4) -> Match:
    """A match whose first hand has reached ``phase`` with South to act (first legal actions)."""
    for s in range(seed, seed + 200):
        match = Match(HouseRules(declarations="choose"), seed=s)
        hand = match.start_hand()
        while not hand.finished and not (hand.phase is phase and hand.turn is Seat.S):
            hand.apply(hand.legal_actions()[0])
        if not hand.finished:
            return match
    raise AssertionError(f"no hand reaches {phase} with South to act")


def test_the_dealer_cannot_pass_when_everyone_else_did() -> None:
    match = Match(HouseRules(), seed=1)  # South deals
    hand = match.start_hand()
    for _ in range(3):
        hand.apply(Bid(None))
    assert hand.turn is Seat.S and hand.dealer is Seat.S
    p = prompt(hand, EN, can_act=True)
    dalje = p.choices[-1]
    assert (dalje.value, dalje.disabled) == ("pass", True)
    assert p.text == EN("status.your_bid_mus")


def test_declaring_shows_the_players_declaration_cards() -> None:
    match = hand_at(Phase.DECLARING)
    hand = match.hands[-1]
    p = prompt(hand, EN, can_act=True)
    assert [c.value for c in p.choices] == ["yes", "no"]
    held = [c for d in hand.held_declarations[Seat.S] for c in d.cards]
    assert set(p.cards) == set(held)


def test_a_pending_bela_asks_yes_or_no() -> None:
    match = hand_at(Phase.PLAYING)
    hand = match.hands[-1]
    p = prompt(hand, EN, can_act=True, pending_bela=Card.parse("KH"))
    assert [c.kind for c in p.choices] == ["bela", "bela"]
    assert "king of hearts" in p.text


def test_nothing_to_choose_when_the_hand_is_over_or_not_ours() -> None:
    match = hand_at(Phase.PLAYING)
    hand = match.hands[-1]
    assert prompt(hand, EN, can_act=True, over=True).choices == ()
    assert prompt(hand, EN, can_act=False).choices == ()


# -- the settings form ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_settings_form_has_every_setting_with_its_value_checked(lang: str) -> None:
    settings = Settings().with_value("theme", "dark").with_value("target", 501)
    fields = {
        i.name: i
        for i in form(settings, HouseRules(), Params(), Translator(lang), lang, can_vibrate=True)
        if isinstance(i, Field)
    }
    # the page's names (data-setting) of auto_play and suit_colours have a hyphen (ui-contract.md)
    assert {n.replace("-", "_") for n in fields} == {*CHOICES, "lang"}
    plain = form(settings, HouseRules(), Params(), Translator(lang), lang)  # no navigator.vibrate
    assert "vibrate" not in {i.name for i in plain if isinstance(i, Field)}
    for name, f in fields.items():
        values = [v for v, _ in f.options]
        assert f.current in values, name
        assert len(set(values)) == len(values), name
    assert fields["theme"].current == "dark" and fields["target"].current == "501"
    assert fields["lang"].current == lang


# -- the model ------------------------------------------------------------------------------------


def test_the_position_key_moves_with_every_action_and_match() -> None:
    m = Model(Session.new(HouseRules(), 4, dict(DEFAULT_LEVELS)), Settings(), Stats(), Params(), "en")
    before = m.position_key()
    m.session.apply(Declare(True) if m.session.hand.phase is Phase.DECLARING else Bid(Suit.HEARTS))
    assert m.position_key() != before
    m.gen += 1
    assert m.position_key()[0] == 1


def test_the_address_speed_wins_until_the_player_chooses() -> None:
    m = Model(
        Session.new(HouseRules(), 4, dict(DEFAULT_LEVELS)),
        Settings(speed="slow"),
        Stats(),
        Params(speed="instant"),
        "hr",
    )
    assert m.speed == "instant" and m.timing.instant
    m.set_language("fr")
    assert m.t("seat.S") == Translator("fr")("seat.S")


def test_a_turn_server_is_kept_only_when_it_reads_as_one() -> None:
    s = Settings()
    assert s.turn == ""  # none by default: rooms use STUN alone
    kept = s.with_value("turn", "  turn:turn.example.org:3478   ana   s3cret ")
    assert kept.turn == "turn:turn.example.org:3478 ana s3cret"
    assert Settings.from_json(kept.to_json()).turn == kept.turn
    for bad in ("http://turn.example.org", "turn:", "turn:x.org ana", "turn:x.org:3478 a b c", "x" * 300):
        assert kept.with_value("turn", bad) == kept, bad
        assert Settings.from_json({"turn": bad}).turn == ""
    assert kept.with_value("turn", "") == s  # emptied: none again
