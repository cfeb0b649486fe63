"""Small helpers over the browser's DOM (via Pyodide's ``js`` module).

Text from anywhere (the catalogs, storage, an imported file) goes in with ``textContent``
or ``setAttribute``, never as markup.

Why these and not PyScript's own ``pyscript.web`` and ``pyscript.when`` (measured by
``make bench``, drawing): :func:`el` builds a full table's worth of elements (32 cards, 12
buttons, a table of 8 rows) in about 8 ms in the page, where ``pyscript.web``'s wrapped
elements take about 17 ms, twice as long, on a path the table takes at every deal and change
of language. :func:`listen` adds one delegated listener per event on the document; ``when``
would do the same but resolves its targets through ``pyscript.web``, which it imports (PyScript
does not load it at start: the page would pay for it). Where PyScript's API costs nothing,
it is used: ``pyscript.ffi`` (``create_proxy``, ``to_js``, ``is_none``) is loaded by PyScript
before the page's Python runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import js
from pyscript.ffi import create_proxy, is_none, to_js

SVG_NS = "http://www.w3.org/2000/svg"
SPRITE_FILE = "assets/cards.svg"
# What a card's <use> refers to: the sprite file until its symbols are in the page (inline_sprite)
SPRITE = SPRITE_FILE

_proxies: list[Any] = []  # event handlers live as long as the page


def obj(value: Any) -> Any:
    """A Python dict / list as a plain JS object / array (PyScript's ``to_js`` makes dicts
    plain objects)."""
    return to_js(value)


def nn(value: Any) -> Any:
    """JavaScript's null (``jsnull`` in Pyodide) as None."""
    return None if is_none(value) else value


def by_id(name: str) -> Any:
    return nn(js.document.getElementById(name))


def q(selector: str, root: Any = None) -> Any:
    return nn((js.document if root is None else root).querySelector(selector))


def closest(node: Any, selector: str) -> Any:
    """The nearest ancestor-or-self of ``node`` matching ``selector``, or None."""
    if nn(node) is None or not hasattr(node, "closest"):
        return None
    return nn(node.closest(selector))


def attr(node: Any, name: str) -> str | None:
    value = nn(node.getAttribute(name))
    return None if value is None else str(value)


def qa(selector: str, root: Any = None) -> list[Any]:
    return list((js.document if root is None else root).querySelectorAll(selector))


def el(
    tag: str,
    attrs: Mapping[str, str | int | bool | None] | None = None,
    text: str | None = None,
    children: Iterable[Any] = (),
    cls: str | None = None,
) -> Any:
    node = js.document.createElement(tag)
    if cls:
        node.className = cls
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        node.setAttribute(name, "" if value is True else str(value))
    if text is not None:
        node.textContent = text
    for child in children:
        if child is not None:
            node.appendChild(child)
    return node


Attrs = Mapping[str, str | int | bool | None]


def placed(place: Callable[[Any], object], tag: str, attrs: Attrs, **kw: Any) -> Any:
    """The element whose id is ``attrs["id"]``; the first time, made (``el(tag, attrs, **kw)``)
    and put in the page by ``place`` (a node's ``before``, ``after`` or ``appendChild``)."""
    node = by_id(str(attrs["id"]))
    if node is None:
        node = el(tag, attrs, **kw)
        place(node)
    return node


def svg_use(ref: str, cls: str, view_box: str = "0 0 100 140", href: str | None = None) -> Any:
    svg = js.document.createElementNS(SVG_NS, "svg")
    svg.setAttribute("class", cls)
    svg.setAttribute("viewBox", view_box)
    svg.setAttribute("aria-hidden", "true")
    svg.setAttribute("focusable", "false")
    use = js.document.createElementNS(SVG_NS, "use")
    use.setAttribute("href", f"{SPRITE if href is None else href}#{ref}")
    svg.appendChild(use)
    return svg


def listen(target: Any, event: str, handler: Any) -> None:
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


def replace_children(node: Any, children: Iterable[Any]) -> None:
    node.replaceChildren(*[c for c in children if c is not None])


def console_warn(*parts: object) -> None:
    js.console.warn(" ".join(str(p) for p in parts))


def console_error(*parts: object) -> None:
    js.console.error(" ".join(str(p) for p in parts))


def once(callback: Callable[[float], object]) -> None:
    """Call ``callback`` at the browser's next frame, before it is drawn (focusing an element
    drawn in this task then lays the page out once, with the frame, not twice)."""

    def run(stamp: float) -> None:
        proxy.destroy()
        callback(stamp)

    proxy = create_proxy(run)
    js.requestAnimationFrame(proxy)


async def inline_sprite() -> None:
    """Put the cards' sprite (its symbols) into the page, once, and refer to it there.

    A ``<use>`` of another file makes the browser load that file as a document of its own, and
    Chrome did so anew (fetch, parse, styles and layout of the whole sprite, 30 to 60 ms of the
    main thread) for many of the cards and suit signs drawn as the game went on: a long task
    each time. Referred to in the page, a symbol costs nothing more. Until then, and if the file
    cannot be read, the cards refer to the file as before."""
    global SPRITE
    if SPRITE != SPRITE_FILE:
        return
    try:
        response = await js.fetch(SPRITE_FILE)
        text = str(await response.text()) if response.ok else ""
    except Exception:  # offline without the service worker's copy: the file, as before
        return
    doc = js.DOMParser.new().parseFromString(text, "image/svg+xml")
    root = nn(doc.documentElement)
    if root is None or str(root.localName) != "svg" or nn(doc.querySelector("parsererror")) is not None:
        return
    node = js.document.importNode(root, True)
    for title in node.querySelectorAll(":scope > title"):  # the file's name: not the page's
        title.remove()
    node.setAttribute("id", "card-sprite")
    node.setAttribute("aria-hidden", "true")
    node.setAttribute("focusable", "false")
    node.setAttribute("width", "0")
    node.setAttribute("height", "0")
    node.style.position = "absolute"
    node.style.overflow = "hidden"
    js.document.body.prepend(node)
    SPRITE = ""
    prefix = SPRITE_FILE + "#"
    for use in js.document.querySelectorAll(f'use[href^="{prefix}"]'):
        use.setAttribute("href", str(use.getAttribute("href"))[len(SPRITE_FILE) :])
