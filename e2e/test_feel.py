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


def play_some(page: Page, steps: int = 12) -> None:
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
    play_some(page)
    assert audio(page)["starts"] == 0
    page.reload()
    page.wait_for_selector('body[data-app-state="ready"]', state="attached")
    play_some(page, 6)
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
