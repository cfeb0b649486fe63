"""The page's content security policy, written into ``_site/index.html`` by ``make site``.

GitHub Pages sets no headers, so the policy is a ``<meta http-equiv="Content-Security-Policy">``
put first in the head (a meta policy covers only what follows it). The inline scripts are
allowed by their SHA-256, computed here from whatever inline scripts the page holds at build
time: a changed boot script changes its hash, never by hand.

Why each directive is there (each was measured: see docs/deploy.md, "Content security policy"):

    default-src 'self'          nothing from another origin (fetches, styles, images, fonts,
                                the manifest): the page and its runtime are on the site
    script-src 'self'           PyScript, Pyodide and the game's modules are files of the site
      'unsafe-eval'             PyScript 0.7 itself: at every start its core builds its worker
                                hooks with Function(...) (core-*.js, the hooks' getters), even
                                with no worker in the page; without it PyScript stops there and
                                the game never starts
      'wasm-unsafe-eval'        Pyodide compiles its WebAssembly; 'unsafe-eval' allows that too,
                                so this one matters only once PyScript needs no eval
      blob:                     Pyodide's module on a first visit: fetched gzipped (a fifth of
                                its bytes) and imported from a blob: URL the page makes itself
                                (assets/pyodide-boot.mjs); only the page's own scripts can make
                                one, and they may run code anyway ('unsafe-eval')
      'sha256-…'                the inline boot scripts, one hash each
    worker-src 'self'           the bots' Web Worker (assets/bot-worker.js) and the service
                                worker (sw.js); said outright rather than left to fall back on
                                script-src
    object-src 'none'           no plugins
    base-uri 'none'             no <base> may move the page's relative URLs elsewhere
    form-action 'none'          the page submits no form anywhere

    style-src 'self' 'sha256-…' the page's stylesheet, inlined in its head by the build (a first
                                paint that waits for no second request: Lighthouse's simulated
                                phone painted at 1.7 s instead of 1.9), allowed by its hash,
                                and PyScript's vendor/pyscript/core.css; no ``'unsafe-inline'``:
                                a style attribute is refused, and the Python sets style
                                properties through the CSSOM only (``node.style.setProperty``),
                                which a policy does not restrict

>>> sorted(inline_scripts('<script>a()</script><script src="x.js"></script><script type="py">b</script>'))
['a()']
>>> script_hash("a()")
"'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"
"""

from __future__ import annotations

import base64
import hashlib
import re

META_AFTER = re.compile(r'<meta charset="utf-8">\n?', re.IGNORECASE)
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
STYLE = re.compile(r"<style\b[^>]*>(.*?)</style\s*>", re.IGNORECASE | re.DOTALL)
SRC = re.compile(r"\bsrc\s*=", re.IGNORECASE)
TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
# the types a browser runs as JavaScript (anything else, e.g. PyScript's "py", is data to it)
JS_TYPES = {"", "module", "text/javascript", "application/javascript", "text/ecmascript"}

DIRECTIVES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("default-src", ("'self'",)),
    # + the inline scripts' hashes
    ("script-src", ("'self'", "'unsafe-eval'", "'wasm-unsafe-eval'", "blob:")),
    ("worker-src", ("'self'",)),
    ("object-src", ("'none'",)),
    ("base-uri", ("'none'",)),
    ("form-action", ("'none'",)),
)


def inline_scripts(html: str) -> list[str]:
    """The text of every inline script of ``html`` that a browser runs, as the browser hashes it
    (line ends normalized as the HTML parser does)."""
    found: list[str] = []
    for attrs, body in SCRIPT.findall(html):
        if SRC.search(attrs):
            continue
        kind = TYPE.search(attrs)
        if kind and kind.group(1).lower() not in JS_TYPES:
            continue
        found.append(_as_parsed(body))
    return found


def _as_parsed(text: str) -> str:
    """``text`` with its line ends normalized as the HTML parser does (what the browser hashes)."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def inline_styles(html: str) -> list[str]:
    """The text of every ``<style>`` element of ``html``, as the browser hashes it."""
    return [_as_parsed(body) for body in STYLE.findall(html)]


def script_hash(text: str) -> str:
    """The CSP source expression allowing an inline script of this text."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def policy(html: str, directives: tuple[tuple[str, tuple[str, ...]], ...] = DIRECTIVES) -> str:
    """The policy for a page of this ``html``: its inline scripts and styles allowed by hash
    (``style-src``, after ``script-src``, only if it has a ``<style>``)."""
    hashes = tuple(dict.fromkeys(script_hash(s) for s in inline_scripts(html)))
    styles = tuple(dict.fromkeys(script_hash(s) for s in inline_styles(html)))
    parts = []
    for name, sources in directives:
        if name == "script-src":
            sources = sources + hashes
        parts.append(" ".join((name, *sources)))
        if name == "script-src" and styles:
            parts.append(" ".join(("style-src", "'self'", *styles)))
    return "; ".join(parts)


def apply(html: str, directives: tuple[tuple[str, tuple[str, ...]], ...] = DIRECTIVES) -> str:
    """``html`` with its policy as a meta element right after ``<meta charset="utf-8">`` (before
    any script, style or link: a meta policy covers only what comes after it)."""
    found = META_AFTER.search(html)
    if found is None:
        raise ValueError('index.html needs <meta charset="utf-8"> to put the policy after it')
    if "Content-Security-Policy" in html:
        raise ValueError("index.html already holds a Content-Security-Policy")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(html, directives)}">\n'
    return html[: found.end()] + meta + html[found.end() :]


def meta_policy(html: str) -> str:
    """The policy written in a built page (empty if none)."""
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    return found.group(1) if found else ""
