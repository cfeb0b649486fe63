"""Installable: the web app manifest, its icons (drawn by scripts/build/make_icons.py, real PNGs of the
sizes it states), and Chrome's own verdict under a sub-path."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from playwright.sync_api import BrowserType

from e2e.conftest import SITE, PagesServer, Watch
from e2e.game import open_game
from e2e.test_offline import wait_until_cached
from scripts.build import make_icons
from scripts.build.indexed_png import read_png

COLOUR = re.compile(r"^#[0-9a-f]{6}$")


def manifest() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SITE / "manifest.webmanifest").read_text(encoding="utf-8"))
    return data


def test_the_manifest_names_icons_that_exist() -> None:
    m = manifest()
    assert m["name"] and m["short_name"] and len(m["short_name"]) <= 12
    assert m["start_url"] == "./" and m["scope"] == "./"  # relative: the site works at /REPO/
    assert "id" not in m  # the id is then the start URL: one app per project on USER.github.io
    assert m["display"] == "standalone"
    assert COLOUR.match(m["theme_color"]) and COLOUR.match(m["background_color"])
    sizes: dict[str, set[int]] = {"any": set(), "maskable": set()}
    for icon in m["icons"]:
        path = SITE / icon["src"]
        assert not icon["src"].startswith(("/", "http")) and path.is_file(), icon
        if icon["type"] == "image/png":
            width, height, _, _ = read_png(path.read_bytes())
            assert icon["sizes"] == f"{width}x{height}", icon
            sizes[icon["purpose"]].add(width)
        else:
            assert icon["type"] == "image/svg+xml" and icon["sizes"] == "any"
            assert ElementTree.parse(path).getroot().tag == "{http://www.w3.org/2000/svg}svg"
    assert sizes == {"any": {192, 512}, "maskable": {192, 512}}

    html = (SITE / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in html
    assert f'<meta name="theme-color" content="{m["theme_color"]}">' in html
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', html)
    assert touch and read_png((SITE / touch.group(1)).read_bytes())[:2] == (180, 180)


def test_the_icons_are_what_the_script_draws() -> None:
    assert make_icons.differences() == []


def test_chrome_offers_to_install_it(
    pages: PagesServer,
    pages_watch: Watch,
    browser_type: BrowserType,
    tmp_path: Path,
    browser_type_launch_args: Any,
) -> None:
    # a profile on disk: Chrome never offers to install from an incognito-like context
    context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    try:
        pages_watch.attach(context)
        page = context.new_page()
        open_game(page, pages.url, seed=4, speed="instant", lang="en")
        wait_until_cached(page)
        cdp = context.new_cdp_session(page)
        found = cdp.send("Page.getAppManifest")
        assert found["url"] == pages.url + "manifest.webmanifest" and found["errors"] == []
        assert found["manifest"]["startUrl"] == pages.url and found["manifest"]["scope"] == pages.url
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()
