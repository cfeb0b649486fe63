"""The other engines of the smoke (e2e/test_engines.py): Firefox ESR through puppeteer-core over
WebDriver BiDi (e2e/firefox_bridge.mjs, a Node process), WebKitGTK through Selenium 4's
WebKitGTK driver (its MiniBrowser, on a display of Xvfb's), and Chromium through Playwright,
behind one small interface: goto, reload, evaluate (a JavaScript function's source and its
argument; a promise is awaited), events (errors and requests seen since the last call), close."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parent.parent
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DIR = Path(os.environ.get("WEBKIT_DIR", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1"))
MINIBROWSER = WEBKIT_DIR / "MiniBrowser"
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")

# in WebKit nothing reports the console to the driver: the page's errors from its load on are
# caught by the page itself (installed after each load: an error that stops the start shows as
# data-app-state="error" anyway), and its requests read from Resource Timing
WATCH_JS = """() => {
  if (window.belaSmoke) return;
  const seen = window.belaSmoke = { errors: [] };
  addEventListener("error", (e) => seen.errors.push("page error: " + e.message));
  addEventListener("unhandledrejection", (e) =>
    seen.errors.push("page error: " + (e.reason && e.reason.message || e.reason)));
  const error = console.error.bind(console);
  console.error = (...args) => { seen.errors.push("console error: " + args.join(" ")); error(...args); };
}"""
TAKE_JS = """() => {
  const seen = window.belaSmoke || { errors: [] };
  const errors = seen.errors.splice(0);
  return { errors, requests: performance.getEntriesByType("resource").map((e) => e.name) };
}"""


class Engine(Protocol):
    name: str

    def goto(self, url: str) -> None: ...

    def reload(self) -> None: ...

    def evaluate(self, fn: str, arg: Any = None) -> Any: ...

    def events(self) -> dict[str, list[str]]: ...

    def close(self) -> None: ...


def missing(name: str) -> str | None:
    """What to install for engine ``name``, or None if it is here."""
    if name == "firefox":
        if not Path(FIREFOX).exists():
            return f"Firefox is not at {FIREFOX}: install firefox-esr (or set FIREFOX=/path/to/firefox)"
        if not (ROOT / "node_modules" / "puppeteer-core").exists():
            return "puppeteer-core is missing: run npm ci (make site does it)"
    if name == "webkit":
        if not MINIBROWSER.exists() or not Path(WEBKIT_DRIVER).exists():
            return (
                f"WebKitGTK's MiniBrowser ({MINIBROWSER}) or WebKitWebDriver is missing: install "
                "webkit2gtk-driver (Debian/Ubuntu), or set WEBKIT_DIR and WEBKIT_DRIVER"
            )
        if not os.environ.get("DISPLAY") and shutil.which("Xvfb") is None:
            return "WebKitGTK needs a display: install xvfb"
    return None


class Firefox:
    name = "firefox"

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            ["node", str(ROOT / "e2e" / "firefox_bridge.mjs")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )

    def call(self, **command: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the Firefox bridge stopped")
        answer = json.loads(line)
        if not answer["ok"]:
            raise RuntimeError(f"{command['op']}: {answer['error']}")
        return answer.get("value")  # undefined is left out

    def goto(self, url: str) -> None:
        self.call(op="goto", url=url)

    def reload(self) -> None:
        self.call(op="reload")

    def evaluate(self, fn: str, arg: Any = None) -> Any:
        return self.call(op="evaluate", fn=fn, arg=arg)

    def events(self) -> dict[str, list[str]]:
        taken: dict[str, list[str]] = self.call(op="events")
        return taken

    def close(self) -> None:
        try:
            self.call(op="close")
        finally:
            self.process.wait(timeout=30)


class Xvfb:
    """A display of its own for WebKitGTK (none needed when DISPLAY is set)."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.display = os.environ.get("DISPLAY", "")
        if self.display:
            return
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as f:
            self.display = ":" + f.readline().strip()

    def close(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)


class WebKit:
    name = "webkit"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb = Xvfb()
        options = Options()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": self.xvfb.display})
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(120)
        self.driver.set_page_load_timeout(120)

    def watch(self) -> None:
        self.evaluate(WATCH_JS)

    def goto(self, url: str) -> None:
        self.driver.get(url)
        self.watch()

    def reload(self) -> None:
        self.driver.refresh()
        self.watch()

    def evaluate(self, fn: str, arg: Any = None) -> Any:
        script = (
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({fn})(arguments[0]))"
            ".then((v) => done({ok: true, value: v === undefined ? null : v}),"
            " (e) => done({ok: false, error: String(e && e.message || e)}));"
        )
        answer = self.driver.execute_async_script(script, arg)
        if not answer["ok"]:
            raise RuntimeError(answer["error"])
        return answer.get("value")  # undefined is left out

    def events(self) -> dict[str, list[str]]:
        taken: dict[str, list[str]] = self.evaluate(TAKE_JS)
        return taken

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.close()


class Chromium:
    """Playwright's page, as the rest of the suite drives it (its Watch checks it too)."""

    name = "chromium"

    def __init__(self, page: Any) -> None:
        self.page = page

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def evaluate(self, fn: str, arg: Any = None) -> Any:
        return self.page.evaluate(fn, arg)

    def events(self) -> dict[str, list[str]]:
        return {"errors": [], "requests": []}  # the suite's Watch has them

    def close(self) -> None:
        self.page.close()
