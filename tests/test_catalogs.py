"""The catalogs (web/i18n/*.json), the words built from them and the rules page (web/rules.py),
under CPython: every key in every language, every key used, nothing English left in another
language, and the rules page in agreement with the engine and with shared/spec/rules.md."""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest
from strategies import SHARED

from bela.actions import Play, Refusal
from bela.cards import Card, Rank, Suit
from bela.declarations import compare, find_declarations
from bela.obligations import legal_cards, refusal
from bela.rules import HouseRules
from bela.seats import Seat
from web import i18n
from web.i18n import DECK_KEY_PREFIXES, DECKS, LANGS, Translator, catalog, pick_language
from web.rules import DECL_EXAMPLE, PLAY_EXAMPLES, Block, page
from web.words import card_name, declaration_text, refusal_text

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = SHARED / "spec" / "rules.md"
#: Texts that are the same in English and another language on purpose: Bela's own words, names,
#: symbols and formats with nothing to translate.
SAME_AS_ENGLISH = {
    "app.title",
    "progress.pm",
    "dealer.mark",
    "sheet.hand",
    "sheet.pad",
    "sheet.visi",
    "sheet.stiglja",
    "sheet.belot",
    "stats.none",
    "over.score",
    "over.belot",
    "decl.item",
    "bid.pass",
    "bid.mus",
    "say.pass",
    "say.bela",
    "say.decl",
    "summary.bela",
    "summary.bela_card",
    "summary.seat",
    "settings.pair",
    "summary.belot",
    "summary.stiglja",
    "settings.bela",
    "rules.belot.h",
    "rules.bela.h",
    "live.play",
    "live.play_bela",
    "banner.bela",
    "stats.stiglje",
    "talon.label",  # Talon in Croatian, Polish, French
    "seat.N",  # Partner in Croatian and Polish
    "settings.partner",
    "action.menu",
    "sheet.total",
    # the German deck's unter and ober: loanwords in French and Portuguese, as in English
    "german.rank.J",
    "german.rank.Q",
    "german.fourof.J",
    "german.fourof.Q",
    "settings.speed.normal",  # "normal" in Portuguese too
}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# -- every key, everywhere ---------------------------------------------------------------------


def test_every_language_has_a_catalog_with_the_same_keys() -> None:
    assert LANGS == ("hr", "en", "fr", "pl", "pt")
    en = catalog("en")
    for lang in LANGS:
        texts = catalog(lang)
        assert texts, lang
        missing = sorted(en.keys() - texts.keys())
        extra = sorted(texts.keys() - en.keys())
        assert not missing and not extra, (lang, missing, extra)
        for key, text in texts.items():
            assert text.strip() == text and text, (lang, key)
            assert placeholders(text) <= placeholders(en[key]) | set(_RULES_WORDS), (lang, key, text)
            if not key.startswith(("rules.", "gloss.")):
                assert placeholders(text) == placeholders(en[key]), (lang, key, text)


_RULES_WORDS = ("h", "d", "s", "c", "jack", "queen", "king", "ace", "jacks", "queens")


def test_the_files_are_plain_json_objects_of_strings() -> None:
    for lang in LANGS:
        data = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        assert isinstance(data, dict) and all(isinstance(v, str) for v in data.values()), lang


def used_keys() -> tuple[set[str], list[re.Pattern[str]]]:
    """The catalog keys the code names: string literals in web/**.py and the data-i18n
    attributes of index.html; an f-string that starts with a key's beginning (``f"suit.{x}"``)
    or a literal ending in a dot (``"live." + name``) names a family."""
    literals: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for path in sorted((ROOT / "web").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in inside:
                literals.add(node.value)
                if re.fullmatch(r"[a-z][a-z0-9_.]*[._]", node.value):
                    patterns.append(re.compile(re.escape(node.value) + r"[A-Za-z0-9_.]+"))
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                first = str(node.values[0].value)
                if not re.match(r"[a-z][a-z0-9_]*\.", first):
                    continue
                parts = [
                    re.escape(str(v.value)) if isinstance(v, ast.Constant) else "[A-Za-z0-9_]+"
                    for v in node.values
                ]
                patterns.append(re.compile("".join(parts)))
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    literals |= set(re.findall(r'data-i18n(?:-label)?="([^"]+)"', html))
    return literals, patterns


def test_every_key_is_used_and_every_key_used_exists() -> None:
    literals, patterns = used_keys()
    en = catalog("en")

    def used(key: str) -> bool:
        if key.startswith("german."):
            return used(key.removeprefix("german."))
        return key in literals or any(p.fullmatch(key) for p in patterns)

    unused = sorted(k for k in en if not used(k))
    assert not unused, f"keys no code uses: {unused}"
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    named = set(re.findall(r'data-i18n(?:-label)?="([^"]+)"', html))
    for path in sorted((ROOT / "web").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        named |= set(re.findall(r'''\bt\(\s*"([a-z_]+\.[a-z_.0-9]+)"''', text))
    missing = sorted(k for k in named if k not in en)
    assert not missing, f"keys the code uses that the catalogs lack: {missing}"


def test_the_unused_key_check_can_fail() -> None:
    literals, patterns = used_keys()
    assert "no.such.key" not in literals and not any(p.fullmatch("no.such.key") for p in patterns)
    assert any(p.fullmatch("suit.H") for p in patterns)  # t(f"suit.{letter}")


def test_every_deck_word_has_its_croatian_deck_variant() -> None:
    for lang in LANGS:
        texts = catalog(lang)
        plain = {k for k in texts if k.startswith(DECK_KEY_PREFIXES)}
        german = {k.removeprefix("german.") for k in texts if k.startswith("german.")}
        assert plain == german, (lang, sorted(plain ^ german))
        assert {k.split(".", 1)[0] for k in plain} == {p.rstrip(".") for p in DECK_KEY_PREFIXES}


def test_nothing_is_left_in_english() -> None:
    en = catalog("en")
    for lang in LANGS:
        if lang == "en":
            continue
        texts = catalog(lang)
        same = sorted(
            k
            for k, v in texts.items()
            if v == en[k] and k not in SAME_AS_ENGLISH and re.search(r"[A-Za-z]{3}", v)
        )
        assert not same, f"{lang}: the same as English: {same}"


def test_bela_words_stay_bela_words() -> None:
    for lang in LANGS:
        t = Translator(lang)
        assert t("bid.pass") == "Dalje" and t("bid.mus") == "Mus", lang
        for tag in ("pad", "visi", "stiglja", "belot"):
            assert t(f"sheet.{tag}") in ("pad", "visi", "štiglja", "belot"), lang
            gloss = t(f"gloss.{tag}")
            assert gloss.split(" – ")[0] == t(f"sheet.{tag}"), (lang, gloss)
        assert "zvanja" in t("rules.decl.h").lower(), lang
        if lang != "hr":  # explained where a newcomer needs it
            assert t("bid.pass_gloss") != t("bid.pass"), lang


# -- language choice and words ----------------------------------------------------------------


def test_language_from_the_address_the_setting_then_the_browsers_languages() -> None:
    assert pick_language("pl", ["fr-FR"]) == "pl"
    assert pick_language(None, ["de-AT", "fr-CA", "en"]) == "fr"
    assert pick_language(None, ["it", "pt-BR"]) == "pt"
    assert pick_language(None, ["bs-BA"]) == "hr"
    assert pick_language(None, ["de", "it"]) == "en"
    assert pick_language("xx", ["pl"]) == "pl"
    assert i18n.from_browser("PL-pl") == "pl"


def test_the_deck_changes_the_words_and_the_card_names() -> None:
    king_leaves = Card.parse("KS")
    ober_bells = Card.parse("QD")
    names = {
        ("en", "french"): ("king of spades", "queen of diamonds"),
        ("en", "german"): ("king of leaves", "ober of bells"),
        ("hr", "french"): ("kralj pik", "baba karo"),
        ("hr", "german"): ("kralj pik", "baba karo"),  # Croatian players keep herc, karo, pik, tref
        ("fr", "french"): ("roi de pique", "dame de carreau"),
        ("fr", "german"): ("roi de feuille", "ober de grelot"),
        ("pl", "french"): ("król pik", "dama karo"),
        ("pl", "german"): ("król wina", "wyżnik dzwonka"),
        ("pt", "french"): ("rei de espadas", "dama de ouros"),
        ("pt", "german"): ("rei de folhas", "ober de guizos"),
    }
    for (lang, deck), (a, b) in names.items():
        t = Translator(lang, deck)
        assert (card_name(t, king_leaves), card_name(t, ober_bells)) == (a, b)
    assert Translator("fr", "german")("suit.C") == "Gland"
    assert Translator("fr", "nonsense").deck == "french"
    assert DECKS == ("french", "german")


def test_refusals_in_every_language_name_the_card_to_beat() -> None:
    hand = [Card.parse(c) for c in ("7S", "AS", "9D", "KH")]
    trick = [Card.parse("QS")]
    why = refusal(Card.parse("7S"), hand, trick, Suit.HEARTS)
    assert why is not None and why.kind == "beat"
    refused = Refusal("rule", Seat.S, Play(Card.parse("7S")), str(why), why)
    for lang in LANGS:
        for deck in DECKS:
            t = Translator(lang, deck)
            text = refusal_text(t, refused)
            assert card_name(t, Card.parse("QS")) in text, (lang, deck, text)
    # overtrump: no spade, a trump in the trick
    why = refusal(
        Card.parse("9D"),
        [Card.parse(c) for c in ("9D", "AH")],
        [Card.parse("QS"), Card.parse("7H")],
        Suit.HEARTS,
    )
    assert why is not None and why.kind == "overtrump"
    refused = Refusal("rule", Seat.S, Play(Card.parse("9D")), str(why), why)
    assert refusal_text(Translator("pl", "german"), refused) == (
        "Brak koloru wino: przebij atut (siódemka czerwieni)."
    )


def test_declarations_are_named_in_every_language() -> None:
    decls = find_declarations([Card.parse(c) for c in ("JS", "JH", "JD", "JC", "7C", "8C", "9C", "TC")])
    for lang in LANGS:
        words = [declaration_text(Translator(lang, "german"), d) for d in decls]
        assert all(w.endswith(("(200)", "(100)")) for w in words), words
        assert Translator(lang, "german")("german.fourof.J") in " ".join(words), (lang, words)


# -- the rules page -------------------------------------------------------------------------------


def test_the_play_examples_are_what_the_engine_allows() -> None:
    assert len(PLAY_EXAMPLES) >= 3
    for ex in PLAY_EXAMPLES:
        trick = [card for _, card in ex.trick]
        assert [seat for seat, _ in ex.trick][-1] is Seat.W  # the human plays next
        assert legal_cards(list(ex.hand), trick, ex.trump) == list(ex.answer), ex.name
        assert set(ex.answer) < set(ex.hand), ex.name  # something is not allowed
        assert len(set(trick) | set(ex.hand)) == len(trick) + len(ex.hand)


def test_the_declaration_example_is_what_the_engine_decides() -> None:
    d = DECL_EXAMPLE
    declared = {seat: find_declarations(cards) for seat, cards in d.held}
    result = compare(declared, d.dealer.next)
    assert result.winner is d.winner
    assert result.points == d.points
    assert all(len(v) == 1 for v in declared.values())
    assert sum(x.points for v in declared.values() for x in v) == 220


def spec_tables() -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """The two ranks-and-points tables of rules.md: (rank letter, points), strongest first."""
    if not RULES_MD.is_file():
        pytest.fail(f"expected the spec at {RULES_MD} (the repository's ../shared)", pytrace=False)
    text = RULES_MD.read_text(encoding="utf-8")
    rows = re.findall(r"^\|\s*\|((?:[^|\n]*\|)+)\s*\n\|[-| ]+\|\s*\n\|([^\n]*)$", text, flags=re.M)
    assert len(rows) == 2, rows
    tables = []
    for head, body in rows:
        ranks = [c.strip() for c in head.split("|") if c.strip()]
        points = [int(c) for c in body.split("|")[1:] if c.strip()]
        letters = ["T" if r == "10" else r for r in ranks]
        tables.append(list(zip(letters, points, strict=True)))
    return tables[0], tables[1]


def test_the_points_table_agrees_with_rules_md() -> None:
    trump, plain = spec_tables()
    for lang in LANGS:
        t = Translator(lang)
        blocks = page(t, HouseRules())
        table = next(b for b in blocks if b.kind == "points")
        assert [(r[0], int(r[1])) for r in table.rows] == [(t(f"rank.{x}"), p) for x, p in trump]
        assert [(r[2], int(r[3])) for r in table.rows] == [(t(f"rank.{x}"), p) for x, p in plain]
    assert sum(p for _, p in trump) + 3 * sum(p for _, p in plain) == 152


def page_text(blocks: list[Block]) -> str:
    parts: list[str] = []
    for b in blocks:
        parts += [b.text, b.answer, *b.items, *(" ".join(r) for r in b.rows)]
        for label, _, opts in b.options:
            parts += [label, *(o[0] for o in opts)]
    return "\n".join(p for p in parts if p)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_states_the_rules_md_facts(lang: str) -> None:
    t = Translator(lang)
    text = page_text(page(t, HouseRules()))
    for fact in ("152", "162", "10", "20", "50", "100", "150", "200", "1001", "90", "3 + 3", "7, 8, 9, 10"):
        assert re.search(rf"(?<![\d]){re.escape(fact)}(?![\d])", text), (lang, fact)
    for word in ("dalje", "mus", "iber", "terca", "kvarta", "zvanja", "bela", "belot", "štiglja", "pad"):
        assert word in text.lower(), (lang, word)
    idents = [b.ident for b in page(t, HouseRules()) if b.kind == "section"]
    assert idents == [
        "table",
        "bidding",
        "cards",
        "play",
        "examples",
        "decl",
        "belot",
        "bela",
        "score",
        "end",
        "partner",
        "friends",
        "house",
        "words",
    ]
    # the five obligations, the five comparison steps
    lists = [b for b in page(t, HouseRules()) if b.kind == "ol"]
    assert [len(b.items) for b in lists] == [5, 5]


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_marks_the_house_rules_in_force(lang: str) -> None:
    t = Translator(lang, "german")
    for rules in (
        HouseRules(),
        HouseRules(target=501, stiglja=100, exact_half="visi", declarations="choose", bela="choose"),
    ):
        blocks = page(t, rules)
        house = next(b for b in blocks if b.kind == "house")
        marked = {name: [value for _, value, current in opts if current] for _, name, opts in house.options}
        assert marked == {
            "target": [str(rules.target)],
            "stiglja": [str(rules.stiglja)],
            "exact_half": [rules.exact_half],
            "declarations": [rules.declarations],
            "bela": [rules.bela],
        }
        current = {b.ident: b.text for b in blocks if b.kind == "current"}
        assert current["exact_half"] == t(f"rules.score.half_{rules.exact_half}")
        assert current["declarations"] == t(f"rules.decl.mode_{rules.declarations}")
        assert current["bela"] == t(f"rules.bela.mode_{rules.bela}")
        assert str(rules.target) in current["target"]
        text = page_text(blocks)
        assert str(rules.stiglja) in text
        assert "{" not in text and "}" not in text, text  # every placeholder filled


def test_the_rules_page_speaks_the_decks_words() -> None:
    en_french = page_text(page(Translator("en", "french"), HouseRules()))
    en_german = page_text(page(Translator("en", "german"), HouseRules()))
    assert "king of spades" not in en_german and "leaves" in en_german
    assert "unter" in en_german and "the nine is not allowed".lower() in en_german.lower()
    assert "jack" in en_french
    pl = page_text(page(Translator("pl", "german"), HouseRules()))
    assert "niżnik" in pl and "wino" in pl


def test_a_rank_word_the_rules_texts_name_outright_is_the_same_in_both_decks() -> None:
    """The examples' texts write 7 to 10, king and ace themselves (their grammar needs it); the
    figures that change with the deck only ever come in through placeholders."""
    for lang in LANGS:
        for r in (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.KING, Rank.ACE):
            assert Translator(lang)(f"rank.{r.letter}") == Translator(lang, "german")(f"rank.{r.letter}")
        for ex in PLAY_EXAMPLES:
            assert not {c.rank for c in (*ex.answer, *(c for _, c in ex.trick))} & {Rank.JACK, Rank.QUEEN}


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_tells_how_the_computer_partner_bids_and_calls(lang: str) -> None:
    """What a human partner of the hard player may read from it (bela.bots.bidding's jack-or-nine
    rule, bela.bots.signals' call): the section names the jack (in the deck in use) and nine,
    and the small cards of a call; then that nothing else is a signal by agreement (the other
    signals were measured and not given: docs/experiments.md, the thirty-third pass), and how
    it reads a small card led (a suit's ace)."""
    blocks = page(Translator(lang), HouseRules())
    at = next(i for i, b in enumerate(blocks) if b.kind == "section" and b.ident == "partner")
    bid, call, other = blocks[at + 1].text, blocks[at + 2].text, blocks[at + 3]
    assert Translator(lang)("rank.J") in bid
    assert "7, 8" in call and "9" in call
    assert other.kind == "p" and other.text not in (bid, call)
    assert Translator(lang)("rank.A") in other.text
