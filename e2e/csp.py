"""Every page the tests open is watched for content security policy violations.

An init script records each ``securitypolicyviolation`` event into ``window.belaCspViolations``
and reports it at once to the test through a binding (so a violation is known even after the
page is closed); Chromium's console messages about the policy are taken too. ``Watch.check``
(conftest.py) fails the test on any of them: no test may allow one.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import BrowserContext, ConsoleMessage

BINDING = "belaCspReport"  # the name INIT_JS calls

INIT_JS = """(() => {
  const seen = [];
  Object.defineProperty(window, "belaCspViolations", { value: seen });
  const note = (e) => {
    const v = {
      directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile,
      line: e.lineNumber, sample: e.sample, disposition: e.disposition, page: location.href,
    };
    seen.push(v);
    try { window.belaCspReport(JSON.stringify(v)); } catch (err) { /* the array still holds it */ }
  };
  document.addEventListener("securitypolicyviolation", note, true);
})();"""

#: what Chromium's console says about a policy (a refusal, or a directive it ignores)
CONSOLE_MARKS = ("Content Security Policy", "Content-Security-Policy")


def about_policy(message: ConsoleMessage) -> bool:
    """Whether a console message speaks of the content security policy."""
    return any(mark in message.text for mark in CONSOLE_MARKS)


def watch_policy(context: BrowserContext, report: Callable[[str], None]) -> None:
    """Report every policy violation of the pages of ``context`` (their events and console)."""

    def on_binding(source: object, text: str) -> None:
        v = json.loads(text)
        report(
            f"CSP violation: {v['directive']} blocked {v['blocked']!r} at {v['source']}:{v['line']} "
            f"({v['sample']!r}) in {v['page']}"
        )

    context.expose_binding(BINDING, on_binding)
    context.add_init_script(INIT_JS)
    context.on("console", lambda m: report(f"CSP console {m.type}: {m.text}") if about_policy(m) else None)
