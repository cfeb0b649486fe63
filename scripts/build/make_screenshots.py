"""The manifest's screenshots, taken from the real page: the built site (``make site``) served
on 127.0.0.1 and opened in Chromium, a match played to the middle of a hand, photographed at a
phone's size and at a desktop's. Written to web/static/screenshots/ (committed; the build copies
them, never precached: only an install dialog shows them). ``make screenshots`` runs it.

Usage: python -m scripts.build.make_screenshots [--site _site] [--out web/static/screenshots]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

from e2e.browser import find_chromium, launch_args
from e2e.game import human_step, wait_ready

ROOT = Path(__file__).resolve().parents[2]

#: the manifest's form_factor → (CSS width, height, device pixel ratio)
SHOTS = {"narrow": (360, 640, 2), "wide": (1280, 800, 1)}


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        return


def take(site: Path, out: Path) -> list[Path]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/?seed=3&lang=en&speed=instant&fresh=1"
    written = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=find_chromium(), args=launch_args())
            for name, (width, height, scale) in SHOTS.items():
                page = browser.new_page(
                    viewport={"width": width, "height": height}, device_scale_factor=scale
                )
                page.goto(url)
                wait_ready(page)
                for _ in range(6):  # trump named, a few cards played: a table in play
                    human_step(page, bid="H")
                page.wait_for_timeout(300)
                path = out / f"{name}.jpg"
                page.screenshot(path=str(path), type="jpeg", quality=60)
                written.append(path)
                page.close()
            browser.close()
    finally:
        server.shutdown()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--out", type=Path, default=ROOT / "web" / "static" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for path in take(args.site, args.out):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 1000:.1f} kB")


if __name__ == "__main__":
    main()
