"""Lighthouse (npm, pinned: 12.2.3) on the built site at phone size, for ``make bench``.

Prints the performance (its simulated phone: first and largest contentful paint, total
blocking time, bytes), accessibility and best-practices scores and every audit that keeps the
last two under 100, and whether Chromium would install the game as an app. Lighthouse 12 has
no PWA category any more (nor its ``installable-manifest`` audit), so installability is asked
of Chromium itself: ``Page.getInstallabilityErrors`` over the DevTools protocol, once the page
is ready and its service worker active, in a profile on disk (Chromium never offers an install
in an incognito-like context). Figures only: nothing here is asserted.

    .venv/bin/python -m scripts.bench.bench_lighthouse # alone; the full report in .bench/
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scripts.bench import bench_pyodide as bp

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
REPORT = ROOT / ".bench" / "lighthouse.json"
CATEGORIES = ("accessibility", "best-practices")
PERFORMANCE = "performance"
METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "total-byte-weight")


@contextmanager
def serve(site: Path = SITE) -> Iterator[str]:
    """``site`` served under /bela/ on a free local port (bench_pyodide's server); yields the
    page's URL."""
    with bp.serve(site) as base:
        yield base.rstrip("/") + bp.SUB_PATH


def chrome_flags() -> list[str]:
    """The test suite's launch flags (quiet, offline, GPU-less), headless, no sandbox."""
    from e2e.browser import launch_args

    flags = [*launch_args(), "--headless=new"]
    if "--no-sandbox" not in flags:
        flags.append("--no-sandbox")
    return flags


def lighthouse(url: str) -> dict[str, Any]:
    """Run Lighthouse on ``url`` (mobile, its default form factor); the JSON report."""
    from e2e.browser import find_chromium

    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} is missing: run `npm ci`")
    REPORT.parent.mkdir(exist_ok=True)
    command = [
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--form-factor=mobile",
        f"--only-categories={','.join((PERFORMANCE, *CATEGORIES))}",
        "--output=json",
        f"--output-path={REPORT}",
        "--max-wait-for-load=120000",
        f"--chrome-flags={' '.join(chrome_flags())}",
    ]
    env = {**os.environ, "CHROME_PATH": find_chromium()}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, check=False)
    if done.returncode != 0 or not REPORT.exists():
        raise RuntimeError(f"lighthouse failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    report: dict[str, Any] = json.loads(REPORT.read_text(encoding="utf-8"))
    return report


def scores(report: dict[str, Any]) -> dict[str, Any]:
    """The categories' scores (0-100) and, for each, the audits that cost points."""
    out: dict[str, Any] = {}
    audits = report["audits"]
    for key in CATEGORIES:
        category = report["categories"][key]
        failing = []
        for ref in category["auditRefs"]:
            audit = audits[ref["id"]]
            if ref["weight"] > 0 and audit.get("score") is not None and audit["score"] < 1:
                failing.append({"id": ref["id"], "title": audit["title"], "why": why(audit)})
        score = category["score"]
        out[key] = {"score": None if score is None else round(score * 100), "failing": failing}
    perf = report["categories"][PERFORMANCE]["score"]
    out[PERFORMANCE] = {
        "score": None if perf is None else round(perf, 2),
        **{m: audits[m].get("numericValue") for m in METRICS if m in audits},
    }
    emulation = report["configSettings"]["screenEmulation"]
    out["screen"] = f"{emulation['width']}x{emulation['height']} mobile"
    out["lighthouse"] = report["lighthouseVersion"]
    return out


def why(audit: dict[str, Any]) -> list[str]:
    """A few words on each item an audit found: what and where."""
    found = []
    for item in (audit.get("details") or {}).get("items", [])[:8]:
        source = item.get("source") or {}
        where = item.get("scriptUrl") or source.get("url") or (item.get("node") or {}).get("selector", "")
        what = item.get("value") or ""
        if not what and item.get("subItems"):
            what = "; ".join(str(s.get("error", "")) for s in item["subItems"].get("items", []))
        found.append(f"{str(what)[:90]} ({str(where).rsplit('/', 1)[-1]})".strip())
    return found


def installability(url: str) -> dict[str, Any]:
    """Chromium's own verdict on installing the page as an app (DevTools protocol)."""
    from playwright.sync_api import sync_playwright

    from e2e.browser import find_chromium, launch_args

    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(
            profile,
            executable_path=find_chromium(),
            args=launch_args(),
            viewport={"width": 412, "height": 823},  # Lighthouse's own phone (Moto G Power)
            is_mobile=True,
            has_touch=True,
            device_scale_factor=1.75,
        )
        try:
            page = context.new_page()
            page.goto(url + "?speed=instant")
            page.wait_for_selector('body[data-app-state="ready"]', state="attached", timeout=120_000)
            page.evaluate(
                "() => navigator.serviceWorker.ready.then((r) => r.active.state === 'activated' || "
                "new Promise((done) => r.active.addEventListener('statechange', () => done(true))))"
            )
            cdp = context.new_cdp_session(page)
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            manifest = cdp.send("Page.getAppManifest")
        finally:
            context.close()
    return {
        "installable": not errors,
        "errors": [e.get("errorId", str(e)) for e in errors],
        "manifest_errors": [e.get("message", str(e)) for e in manifest.get("errors", [])],
        "how": "Chromium Page.getInstallabilityErrors (Lighthouse 12 has no PWA category)",
    }


def measure(site: Path = SITE) -> dict[str, Any]:
    """Lighthouse's scores and Chromium's installability verdict for the built site."""
    with serve(site) as url:
        result = scores(lighthouse(url))
        result["installability"] = installability(url)
    return result


def summary(result: dict[str, Any] | None) -> list[str]:
    """Readable lines for make bench."""
    if not result:
        return []
    lines = [f"Lighthouse {result['lighthouse']} on the built site ({result['screen']}):"]
    perf = result.get(PERFORMANCE) or {}
    if perf:

        def ms(key: str) -> str:
            return f"{(perf.get(key) or 0) / 1000:.1f} s"

        lines.append(
            f"  performance      {perf.get('score')} (simulated phone: first contentful paint "
            f"{ms('first-contentful-paint')}, largest {ms('largest-contentful-paint')}, total "
            f"blocking time {ms('total-blocking-time')}, {(perf.get('total-byte-weight') or 0) / 1e6:.1f} MB)"
        )
    for key in CATEGORIES:
        lines.append(f"  {key:16} {result[key]['score']}")
        for audit in result[key]["failing"]:
            lines.append(f"    - {audit['id']}: {audit['title']}")
            lines += [f"        {w}" for w in audit["why"][:4]]
    inst = result["installability"]
    verdict = "yes" if inst["installable"] else "no: " + ", ".join(inst["errors"])
    lines.append(f"  installable app   {verdict} ({inst['how']})")
    return lines


def main() -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Lighthouse on the built site")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: _site)")
    args = parser.parse_args()
    print("\n".join(summary(measure(args.site))))
    print(f"full report: {REPORT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
