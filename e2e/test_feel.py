"""The table's feel (web/feel/): sound cues, the screen kept on, the only legal card played by
itself.

The page's sound is heard through its audio nodes: an init script replaces ``AudioContext`` with
a stub that counts the contexts made and the oscillators started, each tagged with the cue's
first note (the stub stands in for real audio, which a headless browser cannot be asked to
hear). The Screen Wake Lock API is used as the browser has it; where headless Chromium lacks
``navigator.wakeLock`` the test installs a stub of it, and says so in its output."""

from __future__ import annotations

from playwright.sync_api import Page

from e2e.game import human_step, open_game, wait_for_human

AUDIO_STUB = """
window.__audio = {contexts: 0, starts: 0, freqs: []};
class StubParam { constructor() { this.value = 0; } setValueAtTime() {} exponentialRampToValueAtTime() {} }
class StubNode { connect() {} }
class StubOsc extends StubNode {
  constructor() { super(); this.frequency = new StubParam(); this.type = "sine"; }
  start() { window.__audio.starts++; window.__audio.freqs.push(this.frequency.value); }
  stop() {}
}
class StubGain extends StubNode { constructor() { super(); this.gain = new StubParam(); } }
window.AudioContext = class {
  constructor() {
    window.__audio.contexts++; this.state = "running"; this.currentTime = 0; this.destination = {};
  }
  resume() { return Promise.resolve(); }
  createOscillator() { return new StubOsc(); }
  createGain() { return new StubGain(); }
};
"""
#: The your-turn cue's notes (web/feel/cues.py): G5 then C6.
YOUR_TURN = [783.99, 1046.5]


def audio(page: Page) -> dict[str, object]:
    result: dict[str, object] = page.evaluate("window.__audio")
    return result


def tap(page: Page) -> None:
    """A first gesture that is not a move: a tap on the top bar's title."""
    page.mouse.click(2, 2)


def test_no_sound_before_a_gesture_then_cues_and_your_turn(page: Page, site: str) -> None:
    page.add_init_script(AUDIO_STUB)
    open_game(page, site, seed=11, lang="en", speed="fast")
    wait_for_human(page)
    page.wait_for_timeout(500)
    assert audio(page) == {"contexts": 0, "starts": 0, "freqs": []}  # no gesture yet: silent
    tap(page)
    for _ in range(40):
        human_step(page)
        freqs = audio(page)["freqs"]
        assert isinstance(freqs, list)
        if any(freqs[i : i + 2] == YOUR_TURN for i in range(len(freqs))):
            break
    else:
        raise AssertionError("no your-turn cue in 40 steps")
    assert audio(page)["contexts"] == 1


def play_some(page: Page, steps: int = 4) -> None:
    """A tap, then ``steps`` moves of the player (with sound on, 3 of them at seed 11 start 42 notes)."""
    tap(page)
    for _ in range(steps):
        human_step(page)


def test_sound_off_by_the_address(page: Page, site: str) -> None:
    page.add_init_script(AUDIO_STUB)
    open_game(page, site, seed=11, lang="en", speed="fast", sound="off")
    play_some(page)
    assert audio(page)["starts"] == 0


def test_sound_off_by_the_setting(page: Page, site: str) -> None:
    page.add_init_script(AUDIO_STUB)
    open_game(page, site, seed=11, lang="en", speed="fast")
    page.click("#open-settings")
    page.click('#dlg-settings label:has(input[data-setting="sound"][value="off"])')
    page.click("#dlg-settings [data-close]")
    page.evaluate("window.__audio.starts = 0")  # the computer may have played while it was open
    play_some(page)
    assert audio(page)["starts"] == 0
    page.reload()
    page.wait_for_selector('body[data-app-state="ready"]', state="attached")
    play_some(page, 3)
    assert audio(page)["starts"] == 0  # kept


def test_no_sound_at_the_instant_speed(page: Page, site: str) -> None:
    page.add_init_script(AUDIO_STUB)
    open_game(page, site, seed=11, lang="en", speed="instant")
    play_some(page)
    assert audio(page)["starts"] == 0


WAKE_STUB = """
if (!('wakeLock' in navigator)) {
  window.__wakeStub = true;
  navigator.wakeLock = {request: () => Promise.resolve({release: () => Promise.resolve()})};
}
"""


def test_the_screen_stays_on_during_a_match_and_not_when_hidden(page: Page, site: str) -> None:
    page.add_init_script(WAKE_STUB)
    open_game(page, site, seed=11, lang="en", speed="fast")
    if page.evaluate("Boolean(window.__wakeStub)"):
        print("navigator.wakeLock is missing in this headless browser: stubbed")
    page.wait_for_function("document.documentElement.dataset.wakeLock === 'held'")
    # hidden: the page lets it go; visible again: it takes it again
    page.evaluate(
        """() => {
        Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }"""
    )
    page.wait_for_function("document.documentElement.dataset.wakeLock === 'released'")
    page.evaluate(
        """() => {
        Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }"""
    )
    page.wait_for_function("document.documentElement.dataset.wakeLock === 'held'")


def test_the_forced_card_plays_by_itself(page: Page, site: str) -> None:
    open_game(page, site, seed=11, lang="en", speed="fast")
    page.click("#open-settings")
    page.click('#dlg-settings label:has(input[data-setting="auto-play"][value="forced"])')
    page.click("#dlg-settings [data-close]")
    # play until the player has exactly one playable card, then wait for it to leave the hand
    for _ in range(200):
        kind = wait_for_human(page)
        playable = page.locator('[data-hand="S"] [data-playable="true"]')
        if kind == "play" and playable.count() == 1:
            card = playable.first.get_attribute("data-card")
            page.wait_for_function(
                f'!document.querySelector(\'[data-hand="S"] [data-card="{card}"]\')', timeout=5000
            )
            return
        human_step(page)
    raise AssertionError("no forced card in 200 steps")


def test_install_is_offered_when_the_browser_offers_it(page: Page, site: str) -> None:
    """A synthetic ``beforeinstallprompt`` (Chromium sends the real one only to an installable
    page in a profile on disk, and never lets a test answer its dialog)."""
    open_game(page, site, seed=11, lang="en", speed="instant")
    assert page.locator('[data-action="install"]').is_hidden()
    assert page.locator("#install-note").is_hidden()  # Chromium offers installing: no note
    page.evaluate(
        """() => {
        const e = new Event('beforeinstallprompt', {cancelable: true});
        e.prompt = () => { window.__prompted = true; return Promise.resolve(); };
        window.dispatchEvent(e);
    }"""
    )
    if page.locator("#open-side").is_visible():
        page.click("#open-side")
    page.wait_for_selector('[data-action="install"]', state="visible")
    page.click('[data-action="install"]')
    page.wait_for_function("window.__prompted === true")
    page.wait_for_selector('[data-action="install"]', state="hidden")


def test_the_manifest_has_screenshots_and_shortcuts() -> None:
    import json
    import struct

    from e2e.conftest import SITE

    m = json.loads((SITE / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert len(m["description"]) > 40
    assert {s["form_factor"] for s in m["screenshots"]} == {"narrow", "wide"}
    for shot in m["screenshots"]:
        data = (SITE / shot["src"]).read_bytes()
        # a JPEG's size is in its start-of-frame marker (0xFFC0): height, then width
        at = data.index(b"\xff\xc0")
        height, width = struct.unpack(">HH", data[at + 5 : at + 9])
        assert shot["sizes"] == f"{width}x{height}", shot
    assert [s["url"] for s in m["shortcuts"]] == ["./?daily", "./?learn"]
    sw = (SITE / "sw.js").read_text(encoding="utf-8")
    assert "screenshots/" not in sw  # never precached


def test_the_saves_are_kept_after_a_finished_hand(page: Page, site: str) -> None:
    """Statistics say whether the browser keeps the saves (asked after the first hand)."""
    open_game(page, site, seed=11, lang="en", speed="instant")
    for _ in range(60):
        if page.locator("[data-hand-row]").count():
            break
        human_step(page)
    if page.locator("#open-side").is_visible():
        page.click("#open-side")
    page.click('[data-action="stats"]')
    page.wait_for_selector("#dlg-stats [data-persisted]")
    assert page.get_attribute("#dlg-stats [data-persisted]", "data-persisted") in ("true", "false")
