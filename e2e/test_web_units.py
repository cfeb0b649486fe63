"""The browser layer's plain-Python parts, under CPython (no browser needed)."""

from __future__ import annotations

import json
import re
import string
import tomllib
import zipfile
from pathlib import Path

import pytest

from bela.actions import Bid, Play
from bela.cards import DECK, Suit
from bela.match import Match
from bela.record import dumps, loads
from bela.rules import HouseRules
from bela.seats import Seat, Team
from web import cardart, i18n, storage
from web.params import Params
from web.session import DEFAULT_LEVELS, Session
from web.settings import Settings
from web.stats import Stats
from web.view import bubbles, display_order, sheet_rows
from web.worker import main as worker
from web.worker.messages import ProtocolError, action_text, parse_action

ROOT = Path(__file__).resolve().parent.parent


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_catalogs_share_keys_and_placeholders() -> None:
    en = i18n.catalog("en")
    for lang in i18n.LANGS:
        texts = i18n.catalog(lang)
        assert texts.keys() == en.keys(), lang
        for key in texts:
            assert texts[key].strip(), (lang, key)
            if key.startswith(("rules.", "gloss.")):  # prose: a language may name fewer suits itself
                assert placeholders(texts[key]) <= placeholders(en[key]) | set("hdsc"), (lang, key)
            else:
                assert placeholders(texts[key]) == placeholders(en[key]), (lang, key)


def test_every_key_the_code_uses_is_in_the_catalogs() -> None:
    used: set[str] = set()
    for path in (ROOT / "web").glob("*.py"):
        used |= set(re.findall(r'''t\(\s*"([a-z_]+\.[a-z_.0-9]+)"''', path.read_text(encoding="utf-8")))
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    used |= set(re.findall(r'data-i18n(?:-label)?="([^"]+)"', html))
    missing = sorted(k for k in used if k not in i18n.catalog("en"))
    assert not missing


def test_language_choice() -> None:
    assert i18n.pick_language(None, "hr-HR") == "hr"
    assert i18n.pick_language(None, "sr-Latn") == "hr"
    assert i18n.pick_language(None, "de-DE") == "en"
    assert i18n.pick_language("en", "hr") == "en"
    assert i18n.pick_language("fr", "hr") == "fr"
    assert i18n.pick_language(None, ["de", "pt-BR", "hr"]) == "pt"


def test_settings_keep_what_is_valid() -> None:
    s = Settings.from_json({"target": 701, "bela": "choose", "speed": 3, "partner": "hard", "theme": "x"})
    assert (s.target, s.bela, s.speed, s.partner, s.theme) == (701, "choose", "normal", "hard", "auto")
    assert s.rules() == HouseRules(target=701, bela="choose")
    assert s.with_value("target", "501").target == 501
    assert s.with_value("target", "502") == s
    assert Settings.from_json("nonsense") == Settings()


def test_storage_tells_corrupt_foreign_and_future_apart() -> None:
    with pytest.raises(storage.SaveError) as e:
        storage.unwrap("{not json", "match")
    assert e.value.kind == "corrupt"
    with pytest.raises(storage.SaveError) as e:
        storage.unwrap('{"format": "bela-record"}', "match")
    assert e.value.kind == "foreign"
    with pytest.raises(storage.SaveError) as e:
        storage.unwrap(json.dumps({"app": "bela", "kind": "match", "v": 2}), "match")
    assert e.value.kind == "future"
    assert storage.unwrap(storage.wrap("stats", {"hands": 3}), "stats")["hands"] == 3
    assert all(key.startswith("bela.v1.") for key in storage.KEYS)


def test_session_round_trip_and_stats() -> None:
    session = Session.new(HouseRules(target=501), 12, DEFAULT_LEVELS)
    stats = Stats()
    steps = 0
    while not session.match.over:
        hand = session.hand
        if hand.finished:
            session.next_hand()
            continue
        action = hand.legal_actions()[0]
        session.apply(action)
        stats = session.count_stats(stats)
        steps += 1
        if steps % 37 == 0:
            again = Session.from_save(json.loads(json.dumps(session.to_save())))
            assert dumps(again.match) == dumps(session.match)
            assert again.counted == session.counted
    score = session.match.score()
    assert stats.hands == len(score.hands)
    assert stats.matches == 1
    assert stats.won == int(score.winner is Team.NS)
    assert stats.points == sum(s[0] for s in score.scores)
    assert session.count_stats(stats) == stats  # counted once


def test_a_corrupt_save_is_refused() -> None:
    with pytest.raises(storage.SaveError):
        Session.from_save({"record": {"format": "bela-record", "version": 1, "hands": "x"}})
    with pytest.raises(storage.SaveError):
        Session.from_save({"levels": {}})


def test_params() -> None:
    p = Params.parse("?seed=7&speed=instant&lang=hr&fresh=1&target=701&bots=easy")
    assert (p.seed, p.speed, p.lang, p.fresh, p.target, p.bots) == (7, "instant", "hr", True, 701, "easy")
    assert Params.parse("?seed=-1&speed=warp&lang=de&target=1000&bots=x") == Params()


def test_protocol_round_trip() -> None:
    hand = Match(seed=4).start_hand()
    for action in hand.legal_actions():
        assert parse_action(action_text(action)) == action
    for bad in ("bid:X", "play:1H", "declare:maybe", "hello", "play:AH:yes"):
        with pytest.raises(ProtocolError):
            parse_action(bad)


def test_worker_answers_legal_actions_and_reports_errors() -> None:
    match = Match(HouseRules(target=501), seed=9)
    match.start_hand()
    for _ in range(12):
        hand = match.current
        assert hand is not None and hand.turn is not None
        request = {"id": 3, "record": dumps(match), "seat": hand.turn.name, "level": "easy", "seed": 1}
        reply = json.loads(worker.handle(json.dumps(request)))
        assert reply["id"] == 3
        hand.apply(parse_action(reply["action"]))
    hand = match.current
    assert hand is not None
    wrong = {
        "id": 4,
        "record": dumps(match),
        "seat": "S" if hand.turn is not Seat.S else "E",
        "level": "easy",
        "seed": 1,
    }
    assert "error" in json.loads(worker.handle(json.dumps(wrong)))
    assert "error" in json.loads(worker.handle("{"))


def test_display_order_alternates_colours_trump_first() -> None:
    cards = list(DECK[:8]) + list(DECK[16:20])
    shown = display_order(cards, Suit.SPADES)
    suits = [c.suit for c in shown]
    assert suits[0] is Suit.SPADES
    assert suits == sorted(suits, key=[Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS].index)


def test_bubbles_follow_the_hand() -> None:
    hand = Match(seed=21).start_hand()
    hand.apply(Bid(None))
    said = bubbles(hand)
    assert said[hand.first].kind == "pass"
    hand.apply(Bid(Suit.CLUBS))
    said = bubbles(hand)
    assert said[hand.first.next].kind == "bid" and said[hand.first.next].suit is Suit.CLUBS


def test_sheet_rows_mark_pad() -> None:
    match = Match(HouseRules(target=501), seed=2)
    while not match.over:
        hand = match.start_hand()
        while not hand.finished:
            hand.apply(hand.legal_actions()[-1])
    rows = sheet_rows(match)
    score = match.score()
    assert [(r.ns, r.ew) for r in rows] == list(score.scores)
    for row, h in zip(rows, score.hands, strict=True):
        if h.outcome == "pad":
            assert any(tag == "pad" for _, tag in row.tags)


def test_card_sprite_has_every_card() -> None:
    svg = cardart.sprite()
    for card in DECK:
        assert f'id="{card.notation}"' in svg
    assert 'id="back"' in svg
    for suit in "HDSC":
        assert f'id="suit-{suit}"' in svg


@pytest.mark.xdist_group("build")
def test_build_lists_what_it_writes(fresh_build: tuple[Path, list[Path]]) -> None:
    from scripts.build import site_files

    site, files = fresh_build
    written = {p.as_posix() for p in files}
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert written == on_disk
    for needed in (
        "index.html",
        "pyscript.toml",
        "app.zip",
        "app.zip.gz",
        "assets/cards.svg",
        "vendor/pyodide/pyodide.mjs",
    ):
        assert needed in written
    html = (site / "index.html").read_text(encoding="utf-8")
    assert "/*BOOT_I18N*/" not in html
    assert "https://" not in html and "http://" not in html.replace('"http://www.w3.org', "")
    names = zipfile.ZipFile(site / "app.zip").namelist()
    assert "web/i18n/hr.json" in names
    # the start-up modules come compiled (web/compiled.py), not as sources, and so do the others,
    # in a file of their own read when first needed
    assert site_files.COMPILED_FILE in names and "web/app.py" not in names and "bela/hand.py" not in names
    assert site_files.LATER_FILE in names and "bela/review.py" not in names
    config = tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))
    assert "packages" not in config  # nothing fetched from a package index
    interpreter = site / config["interpreter"]
    assert interpreter.exists()
    assert '"../vendor/pyodide/pyodide.mjs"' in interpreter.read_text(encoding="utf-8")


def test_record_survives_the_page_round_trip() -> None:
    session = Session.new(HouseRules(), 5, DEFAULT_LEVELS)
    hand = session.hand
    while hand.phase.value != "playing":
        session.apply(hand.legal_actions()[0])
    session.apply(next(a for a in hand.legal_actions() if isinstance(a, Play)))
    assert dumps(loads(session.record_text())) == session.record_text()
