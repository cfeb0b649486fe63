"""Imported records and saved values cannot inject: a record whose every text field holds markup
or script (the fields the format reads, and the unknown keys it ignores) is imported or refused
without any element or script appearing; so are localStorage saves holding markup.

What is watched, besides the page's content security policy (conftest): a MutationObserver set
before anything is read notes every element added with a dangerous tag or an ``on…``
attribute, and the payloads would set ``window.pwned`` or open a dialog if they ever ran.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Dialog, Page

from e2e.game import open_game, wait_for_human, wait_ready
from e2e.test_deals import export_record
from web.storage import MATCH_KEY, SETTINGS_KEY, STATS_KEY, wrap

PAYLOADS = (
    '<img src=x data-pwn onerror="window.pwned=(window.pwned||0)+1;alert(1)">',
    "<script data-pwn>window.pwned=1;alert(2)</script>",
    '"><svg data-pwn onload="window.pwned=1">',
    '</p><iframe data-pwn srcdoc="<script>parent.pwned=1</script>"></iframe>',
    "javascript:window.pwned=1",
)
MARKUP = " ".join(PAYLOADS)

# elements added to the page from then on: any with an on... attribute or a payload's mark, and
# (strict, once the page is drawn) any of these tags
OBSERVE_JS = """(strict) => {
  window.added = [];
  const risky = new Set(["SCRIPT", "IMG", "IFRAME", "OBJECT", "EMBED", "BASE", "LINK", "STYLE",
                         "META", "FORM", "FRAME", "AUDIO", "VIDEO", "SOURCE"]);
  const note = (el) => {
    const on = [...el.attributes].filter((a) => a.name.startsWith("on") || a.name === "data-pwn");
    if ((strict && risky.has(el.tagName)) || on.length) window.added.push(el.outerHTML.slice(0, 200));
  };
  new MutationObserver((changes) => {
    for (const c of changes) {
      if (c.type === "attributes") { note(c.target); continue; }
      for (const n of c.addedNodes) {
        if (n.nodeType !== 1) continue;
        note(n);
        n.querySelectorAll("*").forEach(note);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
}"""

STATE_JS = """() => ({
  pwned: window.pwned === undefined ? null : window.pwned,
  added: window.added,
  marked: document.querySelectorAll("[data-pwn]").length,
  handlers: [...document.querySelectorAll("*")].flatMap((e) =>
    [...e.attributes].filter((a) => a.name.startsWith("on")).map((a) => e.tagName + " " + a.name)),
})"""


def assert_nothing_injected(page: Page, dialogs: list[str]) -> None:
    state = page.evaluate(STATE_JS)
    assert state == {"pwned": None, "added": [], "marked": 0, "handlers": []}, state
    assert dialogs == []


def dialog_catcher(dialogs: list[str]) -> Callable[[Dialog], None]:
    """A handler noting every alert, confirm or prompt (and dismissing it)."""

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    return on_dialog


def strings_replaced(value: Any, by: str) -> Any:
    """``value`` with every string in it (keys of objects too) made ``by`` + the string."""
    if isinstance(value, str):
        return by + value
    if isinstance(value, list):
        return [strings_replaced(v, by) for v in value]
    if isinstance(value, dict):
        return {strings_replaced(k, by): strings_replaced(v, by) for k, v in value.items()}
    return value


def with_unknown_keys(value: Any) -> Any:
    """``value`` with a markup key and value beside the known ones in every object."""
    if isinstance(value, list):
        return [with_unknown_keys(v) for v in value]
    if isinstance(value, dict):
        out = {k: (v if k == "rules" else with_unknown_keys(v)) for k, v in value.items()}
        out[MARKUP] = MARKUP
        out["names"] = {"S": MARKUP, "N": PAYLOADS[0], "E": PAYLOADS[1], "W": PAYLOADS[2]}
        out["comment"] = MARKUP
        return out
    return value


def refused_variants(record: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The record with markup in each field it reads, one at a time, then in all at once."""
    hand = record["hands"][0]

    def edit(name: str, change: Callable[[dict[str, Any]], None]) -> tuple[str, dict[str, Any]]:
        r = copy.deepcopy(record)
        change(r)
        return name, r

    yield edit("format", lambda r: r.update(format=MARKUP))
    yield edit("version", lambda r: r.update(version=MARKUP))
    yield edit("rule value", lambda r: r.update(rules={**r.get("rules", {}), "exact_half": MARKUP}))
    yield edit("rule name", lambda r: r.update(rules={**r.get("rules", {}), MARKUP: 1}))
    yield edit("dealer", lambda r: r["hands"][0].update(dealer=MARKUP))
    yield edit("seat of the deal", lambda r: r["hands"][0].update(deal={MARKUP: hand["deal"]["S"]}))
    yield edit("card", lambda r: r["hands"][0]["deal"]["S"].__setitem__(0, MARKUP))
    yield edit("bid", lambda r: r["hands"][0].update(bids=[MARKUP]))
    yield edit("play", lambda r: r["hands"][0].update(plays=[MARKUP]))
    yield edit("declare", lambda r: r["hands"][0].update(declare={MARKUP: MARKUP}))
    yield edit("bela", lambda r: r["hands"][0].update(bela={MARKUP: MARKUP}))
    yield "every string", strings_replaced(record, MARKUP)
    yield "not a record", {MARKUP: [MARKUP]}


def ignored(name: str) -> bool:
    """Whether the reader may pass over the field (record.md: declare and bela count only when the
    rules let a player choose, and then only for a seat with something to declare)."""
    return name in ("declare", "bela")


def import_text(page: Page, tmp_path: Path, name: str, text: str) -> str:
    """Import ``text`` as a file through the menu's file input; the notice it gave."""
    if page.locator("[data-notice] [data-close]").count():
        page.click("[data-notice] [data-close]")
    page.wait_for_function("document.querySelector('[data-notice]').textContent === ''")
    path = tmp_path / (name.replace(" ", "-") + ".json")
    path.write_text(text, encoding="utf-8")
    page.set_input_files('[data-action="import"]', str(path))
    page.wait_for_function("document.querySelector('[data-notice]').textContent.length > 0")
    page.wait_for_timeout(200)  # anything the notice might have started
    return page.text_content("[data-notice]") or ""


def test_records_full_of_markup_are_refused_or_imported_as_text(
    page: Page, site: str, tmp_path: Path
) -> None:
    dialogs: list[str] = []
    page.on("dialog", dialog_catcher(dialogs))
    open_game(page, site, seed=6, speed="instant", lang="en", fresh=1)
    wait_for_human(page)
    page.evaluate(OBSERVE_JS, True)
    record = json.loads(export_record(page))
    for name, bad in refused_variants(record):
        notice = import_text(page, tmp_path, name, json.dumps(bad))
        refused = notice.startswith("The file was not loaded")
        assert refused or (ignored(name) and notice.startswith("The match is loaded.")), (name, notice)
        assert_nothing_injected(page, dialogs)
    assert json.loads(export_record(page)) == record  # nothing changed
    # not JSON at all, markup as the whole file
    assert import_text(page, tmp_path, "markup", MARKUP).startswith("The file was not loaded")
    assert_nothing_injected(page, dialogs)
    # unknown keys everywhere (the format ignores them): the record is imported, the markup unused
    notice = import_text(page, tmp_path, "unknown keys", json.dumps(with_unknown_keys(record)))
    assert notice.startswith("The match is loaded."), notice
    wait_for_human(page)
    assert json.loads(export_record(page)) == record
    assert_nothing_injected(page, dialogs)


def test_saved_values_full_of_markup_inject_nothing(
    open_context: Callable[..., BrowserContext], site: str
) -> None:
    # a real save to start from
    first = open_context().new_page()
    open_game(first, site, seed=9, speed="instant", lang="en", fresh=1)
    wait_for_human(first)
    saved = {k: first.evaluate(f"localStorage.getItem('{k}')") for k in (MATCH_KEY, SETTINGS_KEY, STATS_KEY)}
    assert saved[MATCH_KEY]
    first.close()
    match = json.loads(saved[MATCH_KEY])
    cases = {
        # every string of every saved value markup: unreadable, set aside, a notice
        "every string": {
            MATCH_KEY: json.dumps(strings_replaced(match, MARKUP)),
            SETTINGS_KEY: wrap("settings", {"theme": MARKUP, "lang": MARKUP, "deck": MARKUP, MARKUP: MARKUP}),
            STATS_KEY: wrap("stats", {"matches": MARKUP, MARKUP: MARKUP}),
        },
        # readable values with markup in keys they ignore, and the whole value markup
        "unknown keys": {
            MATCH_KEY: json.dumps({**match, MARKUP: MARKUP, "names": {"S": MARKUP}}),
            SETTINGS_KEY: MARKUP,
            STATS_KEY: json.dumps(MARKUP),
        },
    }
    for name, values in cases.items():
        context = open_context()
        script = "".join(
            f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in values.items()
        )
        context.add_init_script(f"try {{ {script} }} catch (e) {{}}")  # about:blank has no storage
        context.add_init_script(f"({OBSERVE_JS})(false)")  # the page's own markup is parsed too
        dialogs: list[str] = []
        page = context.new_page()
        page.on("dialog", dialog_catcher(dialogs))
        page.goto(site + "?speed=instant&lang=en")
        wait_ready(page)
        wait_for_human(page)
        page.wait_for_timeout(300)
        assert_nothing_injected(page, dialogs)
        notice = page.text_content("[data-notice]") or ""
        assert "<" not in notice, (name, notice)  # a notice of its own words, never the saved text
        context.close()
