"""Build the deployable static site in ``_site/`` (``make site``).

    _site/index.html            the page (start-up texts from the catalogs injected)
    _site/pyscript.toml         PyScript's configuration: the local Pyodide, app.zip
    _site/app.zip               the Python: bela/ and web/ (sources, catalogs, data)
    _site/assets/               style.css, bot-worker.js, icon.svg, cards.svg (drawn by web.cardart)
    _site/vendor/pyodide/       the Pyodide runtime, copied from node_modules
    _site/vendor/pyscript/      PyScript's files, copied from node_modules

Every URL is relative, so the folder works at a site's root or under a sub-path (GitHub
Pages serves it at /REPO/). ``--list`` prints every file written, one per line, relative to
the output folder (the service worker's precache list is made from it).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from web import cardart  # noqa: E402
from web.i18n import LANGS, catalog  # noqa: E402

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# PyScript's editor and terminal (CodeMirror, xterm) are never used by the page.
PYSCRIPT_SKIP = re.compile(r"^(codemirror|xterm)")
STATIC_FILES = ("style.css", "bot-worker.js", "icon.svg")
PYTHON_PACKAGES = ("bela", "web")
PACKAGE_SUFFIXES = (".py", ".json", ".typed")
BOOT_MARK = "/*BOOT_I18N*/{}"


class BuildError(RuntimeError):
    """Something the build needs is missing."""


def python_files(root: Path = ROOT) -> list[Path]:
    """The files of the Python packages that go into app.zip, sorted."""
    found: list[Path] = []
    for package in PYTHON_PACKAGES:
        for path in sorted((root / package).rglob("*")):
            rel = path.relative_to(root)
            if not path.is_file() or "__pycache__" in rel.parts or "static" in rel.parts:
                continue
            if path.suffix in PACKAGE_SUFFIXES:
                found.append(path)
    return found


def write_zip(target: Path, root: Path = ROOT) -> None:
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in python_files(root):
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())


def boot_texts(html: str) -> dict[str, dict[str, str]]:
    """The catalog entries the static page uses (data-i18n and data-i18n-label), per language."""
    keys = sorted(set(re.findall(r'data-i18n(?:-label)?="([^"]+)"', html)))
    texts: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        entries = catalog(lang)
        missing = [k for k in keys if k not in entries]
        if missing:
            raise BuildError(f"web/i18n/{lang}.json lacks {', '.join(missing)}")
        texts[lang] = {k: entries[k] for k in keys}
    return texts


def render_index(root: Path = ROOT) -> str:
    html = (root / "index.html").read_text(encoding="utf-8")
    if BOOT_MARK not in html:
        raise BuildError(f"index.html has no {BOOT_MARK} placeholder")
    data = json.dumps(boot_texts(html), ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return html.replace(BOOT_MARK, data)


def build(out: Path, root: Path = ROOT) -> list[Path]:
    """Write the site into ``out`` (emptied first); return the files written, relative to it."""
    node = root / "node_modules"
    pyodide_dir = node / "pyodide"
    pyscript_dir = node / "@pyscript" / "core" / "dist"
    for needed in (pyodide_dir / "pyodide.mjs", pyscript_dir / "core.js"):
        if not needed.exists():
            raise BuildError(f"{needed} is missing: run `npm ci` (make site does it)")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    written: list[Path] = []

    def put_text(rel: str, text: str) -> None:
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(Path(rel))

    def put_copy(rel: str, source: Path) -> None:
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        written.append(Path(rel))

    put_text("index.html", render_index(root))
    put_copy("pyscript.toml", root / "pyscript.toml")
    write_zip(out / "app.zip", root)
    written.append(Path("app.zip"))
    for name in STATIC_FILES:
        put_copy(f"assets/{name}", root / "web" / "static" / name)
    put_text("assets/cards.svg", cardart.sprite())
    for name in PYODIDE_FILES:
        put_copy(f"vendor/pyodide/{name}", pyodide_dir / name)
    for source in sorted(pyscript_dir.iterdir()):
        if source.suffix in (".js", ".css") and not PYSCRIPT_SKIP.match(source.name):
            put_copy(f"vendor/pyscript/{source.name}", source)
    put_text(".nojekyll", "")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="output folder (default: _site)")
    parser.add_argument("--list", action="store_true", help="print every file written")
    args = parser.parse_args(argv)
    try:
        files = build(args.out)
    except BuildError as e:
        print(f"build_site: {e}", file=sys.stderr)
        return 1
    if args.list:
        for f in files:
            print(f.as_posix())
    else:
        size = sum((args.out / f).stat().st_size for f in files)
        print(f"built {args.out} ({len(files)} files, {size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
