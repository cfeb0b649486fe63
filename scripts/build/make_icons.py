"""Draw the game's icons into ``web/static/icons/`` (``python3 -m scripts.build.make_icons``).

One drawing, two cards and a heart on the green of the table, described below in a 64-unit
square, is written as SVG and rasterised here, in pure Python (a scanline filler with exact
horizontal and 8-fold vertical coverage) into indexed-colour PNGs (``scripts/build/indexed_png.py``:
the flat colours exact, each anti-aliased edge colour within ``MAX_ERROR``/255 per channel):

    icon.svg, icon-192.png, icon-512.png            "any": a rounded square, clear corners
    maskable.svg, maskable-192.png, maskable-512.png  "maskable": the green to every edge,
                                                    the cards inside the safe circle (80 %)
    apple-touch-icon.png                            180 x 180, opaque (iOS rounds it itself)

The files are committed; ``--check`` redraws them and says whether the committed ones are
what this script draws (the tests run it): every pixel within ``MAX_ERROR`` of the drawing.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from scripts.build.indexed_png import Pixel, png, read_png

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "web" / "static" / "icons"

Point = tuple[float, float]
Color = tuple[int, int, int]

FELT: Color = (0x2F, 0x7A, 0x4D)
PAPER: Color = (0xFF, 0xFE, 0xFA)
INK: Color = (0x1B, 0x3D, 0x29)
RED: Color = (0xC8, 0x10, 0x2E)
UNIT = 64.0  # the drawing's square
SAFE_RADIUS = 0.4 * UNIT  # a maskable icon's safe zone: a circle of 40 % of the size
SUBROWS = 8  # vertical samples per pixel row
MAX_ERROR = 4  # per channel, of 255: how far a palette entry may be from a colour it stands for


@dataclass(frozen=True)
class Card:
    x: float
    y: float
    w: float
    h: float
    r: float
    angle: float  # degrees, about (cx, cy), as SVG's rotate(angle cx cy)
    cx: float
    cy: float


CARDS = (Card(9, 12, 28, 40, 4, -12, 23, 32), Card(25, 10, 28, 40, 4, 10, 39, 30))
CARD_STROKE = 1.5
HEART_PATH = (
    "M40 41c-4-4.5-10-8-10-13 0-3 2.3-5 4.7-5 2.2 0 4 1.5 5.3 3.4 1.3-1.9 3.1-3.4 5.3-3.4"
    " 2.4 0 4.7 2 4.7 5 0 5-6 8.5-10 13z"
)
HEART_TURN = (10.0, 40.0, 32.0)  # rotate(10 40 32)
BACKGROUND_RADIUS = 14.0


# -- geometry -------------------------------------------------------------------------------


def rotate(points: list[Point], angle: float, cx: float, cy: float) -> list[Point]:
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in points]


def rounded_rect(x: float, y: float, w: float, h: float, r: float, steps: int = 12) -> list[Point]:
    """The outline of a rounded rectangle, clockwise on screen (y down)."""
    r = max(0.0, min(r, w / 2, h / 2))
    corners = (
        (x + w - r, y + r, -90.0),
        (x + w - r, y + h - r, 0.0),
        (x + r, y + h - r, 90.0),
        (x + r, y + r, 180.0),
    )
    points: list[Point] = []
    for cx, cy, start in corners:
        for i in range(steps + 1):
            a = math.radians(start + 90.0 * i / steps)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def cubic(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    out: list[Point] = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        out.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


def path_points(d: str) -> list[Point]:
    """The outline of a one-contour SVG path of M, C/c and Z commands (curves flattened)."""
    tokens = re.findall(r"[MCcZz]|-?\d*\.?\d+", d)
    points: list[Point] = []
    pos: Point = (0.0, 0.0)
    i = 0
    command = ""
    while i < len(tokens):
        if tokens[i] in "MCcZz":
            command = tokens[i]
            i += 1
            if command in "Zz":
                continue
        nums = [float(t) for t in tokens[i : i + (2 if command == "M" else 6)]]
        if command == "M":
            pos = (nums[0], nums[1])
            points.append(pos)
            i += 2
            continue
        base = pos if command == "c" else (0.0, 0.0)
        p1, p2, p3 = ((base[0] + nums[k], base[1] + nums[k + 1]) for k in (0, 2, 4))
        points.extend(cubic(pos, p1, p2, p3))
        pos = p3
        i += 6
    return points


@dataclass(frozen=True)
class Shape:
    points: list[Point]
    color: Color


def drawing(maskable: bool) -> tuple[list[Shape], float]:
    """The shapes in drawing units, painted in order, and the scale of the cards about the centre."""
    cards: list[Shape] = []
    for card in CARDS:
        half = CARD_STROKE / 2
        outer = rounded_rect(
            card.x - half, card.y - half, card.w + 2 * half, card.h + 2 * half, card.r + half
        )
        inner = rounded_rect(
            card.x + half, card.y + half, card.w - 2 * half, card.h - 2 * half, card.r - half
        )
        cards.append(Shape(rotate(outer, card.angle, card.cx, card.cy), INK))
        cards.append(Shape(rotate(inner, card.angle, card.cx, card.cy), PAPER))
    cards.append(Shape(rotate(path_points(HEART_PATH), *HEART_TURN), RED))
    scale = 1.0
    if maskable:
        centre = UNIT / 2
        reach = max(math.hypot(x - centre, y - centre) for s in cards for x, y in s.points)
        scale = min(1.0, 0.96 * SAFE_RADIUS / reach)
        cards = [
            Shape(
                [(centre + (x - centre) * scale, centre + (y - centre) * scale) for x, y in s.points], s.color
            )
            for s in cards
        ]
    background = rounded_rect(0, 0, UNIT, UNIT, 0.0 if maskable else BACKGROUND_RADIUS)
    return [Shape(background, FELT), *cards], scale


# -- rasterising ------------------------------------------------------------------------------


def coverage(points: list[Point], size: int, factor: float) -> list[list[float]]:
    """For each pixel of a ``size`` square, the share of it inside the polygon (non-zero rule)."""
    pts = [(x * factor, y * factor) for x, y in points]
    edges = [(a, b) for a, b in zip(pts, pts[1:] + pts[:1], strict=True) if a[1] != b[1]]
    rows = [[0.0] * size for _ in range(size)]
    weight = 1.0 / SUBROWS
    for py in range(size):
        delta = [0.0] * (size + 2)
        for sub in range(SUBROWS):
            y = py + (sub + 0.5) / SUBROWS
            crossings: list[tuple[float, int]] = []
            for (x0, y0), (x1, y1) in edges:
                if (y0 <= y < y1) or (y1 <= y < y0):
                    crossings.append((x0 + (y - y0) * (x1 - x0) / (y1 - y0), 1 if y1 > y0 else -1))
            crossings.sort()
            winding = 0
            for k, (x, direction) in enumerate(crossings[:-1]):
                winding += direction
                if winding != 0:
                    add_span(delta, x, crossings[k + 1][0], weight, size)
        row = rows[py]
        run = 0.0
        for px in range(size):
            run += delta[px]
            row[px] = min(1.0, max(0.0, run))  # rounding can stray a hair past 0 or 1
    return rows


def add_span(delta: list[float], xa: float, xb: float, weight: float, size: int) -> None:
    """Add ``weight`` times the horizontal cover of [xa, xb) to a row kept as differences."""
    xa, xb = max(0.0, xa), min(float(size), xb)
    if xb <= xa:
        return
    ia, ib = int(xa), int(xb)
    if ia == ib:
        delta[ia] += (xb - xa) * weight
        delta[ia + 1] -= (xb - xa) * weight
        return
    delta[ia] += (ia + 1 - xa) * weight
    delta[ia + 1] -= (ia + 1 - xa) * weight
    delta[ia + 1] += weight
    delta[ib] -= weight
    if xb > ib:
        delta[ib] += (xb - ib) * weight
        delta[ib + 1] -= (xb - ib) * weight


def render(size: int, maskable: bool) -> bytes:
    """RGBA pixels, row by row, of the icon at ``size`` x ``size``."""
    shapes, _ = drawing(maskable)
    factor = size / UNIT
    canvas = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]  # premultiplied
    for shape in shapes:
        cover = coverage(shape.points, size, factor)
        r, g, b = (c / 255 for c in shape.color)
        for py, row in enumerate(cover):
            base = py * size
            for px, a in enumerate(row):
                if a <= 0.0:
                    continue
                dst = canvas[base + px]
                keep = 1.0 - a
                dst[0] = r * a + dst[0] * keep
                dst[1] = g * a + dst[1] * keep
                dst[2] = b * a + dst[2] * keep
                dst[3] = a + dst[3] * keep
    out = bytearray()
    for r, g, b, a in canvas:
        if a <= 0.0:
            out += b"\0\0\0\0"
            continue
        out += bytes((round(r / a * 255), round(g / a * 255), round(b / a * 255), round(a * 255)))
    return bytes(out)


# -- PNG ------------------------------------------------------------------------------------------


def colours(rgba: bytes, opaque: bool) -> list[Pixel]:
    """The pixels, each as RGB if ``opaque``, else RGBA."""
    step = 3 if opaque else 4
    return [tuple(rgba[i : i + step]) for i in range(0, len(rgba), 4)]


# -- SVG ------------------------------------------------------------------------------------------


def svg(maskable: bool) -> str:
    _, scale = drawing(maskable)
    hexa = "#{:02x}{:02x}{:02x}".format
    c = UNIT / 2
    cards = "".join(
        f'<rect x="{k.x:g}" y="{k.y:g}" width="{k.w:g}" height="{k.h:g}" rx="{k.r:g}"'
        f' fill="{hexa(*PAPER)}" stroke="{hexa(*INK)}" stroke-width="{CARD_STROKE:g}"'
        f' transform="rotate({k.angle:g} {k.cx:g} {k.cy:g})"/>'
        for k in CARDS
    )
    turn = " ".join(f"{v:g}" for v in HEART_TURN)
    heart = f'<path fill="{hexa(*RED)}" d="{HEART_PATH}" transform="rotate({turn})"/>'
    inner = cards + heart
    if scale != 1.0:
        inner = (
            f'<g transform="translate({c:g} {c:g}) scale({scale:.4f}) translate({-c:g} {-c:g})">{inner}</g>'
        )
    radius = "" if maskable else f' rx="{BACKGROUND_RADIUS:g}"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {UNIT:g} {UNIT:g}">'
        f'<rect width="{UNIT:g}" height="{UNIT:g}"{radius} fill="{hexa(*FELT)}"/>{inner}</svg>\n'
    )


# -- the files ------------------------------------------------------------------------------------

#: name: (size, maskable); every PNG the manifest and the page name
PNGS: dict[str, tuple[int, bool]] = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-192.png": (192, True),
    "maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}
SVGS: dict[str, bool] = {"icon.svg": False, "maskable.svg": True}


def draw_all() -> dict[str, bytes]:
    files = {name: svg(maskable).encode() for name, maskable in SVGS.items()}
    for name, (size, maskable) in PNGS.items():
        files[name] = png(size, size, colours(render(size, maskable), maskable), MAX_ERROR)
    return files


def differences(out: Path = OUT) -> list[str]:
    """The icons in ``out`` that are not what this script draws: SVGs the same text, PNGs of
    the same shape whose every pixel is within ``MAX_ERROR`` (the palette's) + 1 of the drawing
    (+ 1: another machine's floating point may move an edge pixel's coverage by a hair)."""
    wrong: list[str] = []
    for name, maskable in SVGS.items():
        path = out / name
        if not path.exists() or path.read_text(encoding="utf-8") != svg(maskable):
            wrong.append(name)
    for name, (size, maskable) in PNGS.items():
        path = out / name
        try:
            width, height, channels, pixels = read_png(path.read_bytes())
        except (OSError, ValueError):
            wrong.append(name)
            continue
        drawn = b"".join(bytes(c) for c in colours(render(size, maskable), maskable))
        same_shape = (width, height, channels) == (size, size, 3 if maskable else 4)
        if not same_shape or any(abs(a - b) > MAX_ERROR + 1 for a, b in zip(pixels, drawn, strict=True)):
            wrong.append(name)
    return wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--check", action="store_true", help="compare with the committed icons, write nothing"
    )
    parser.add_argument("--out", type=Path, default=OUT, help="folder (default: web/static/icons)")
    args = parser.parse_args(argv)
    if args.check:
        wrong = differences(args.out)
        if wrong:
            print(f"make_icons: not what the script draws: {', '.join(wrong)}", file=sys.stderr)
            return 1
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in draw_all().items():
        (args.out / name).write_bytes(data)
        print(f"{name}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
