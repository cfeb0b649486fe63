"""scripts/build/indexed_png.py: the icons' palette PNGs, written and read back."""

from __future__ import annotations

import struct
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scripts.build import indexed_png

channel = st.integers(0, 255)
rgba = st.tuples(channel, channel, channel, channel)


@settings(max_examples=60, deadline=None)
@given(st.lists(rgba, min_size=1, max_size=300), st.integers(0, 8))
def test_every_colour_is_within_the_error_and_the_common_ones_exact(
    pixels: list[tuple[int, ...]], error: int
) -> None:
    palette, indices = indexed_png.quantise(pixels, error)
    assert len(indices) == len(pixels)
    common = {c for c in pixels if pixels.count(c) * 256 >= len(pixels)}
    for pixel, i in zip(pixels, indices, strict=True):
        if pixel in common:
            assert palette[i] == pixel
        elif len(palette) < 256:  # a full palette may have stopped cutting early
            assert max(abs(a - b) for a, b in zip(pixel, palette[i], strict=True)) <= error
    # the non-opaque entries first: tRNS ends at the last of them
    opaque = [c[3] == 255 for c in palette]
    assert opaque == sorted(opaque)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.data())
def test_what_is_written_reads_back(width: int, height: int, data: st.DataObject) -> None:
    colours = data.draw(st.lists(rgba, min_size=1, max_size=20))
    pixels: list[tuple[int, ...]] = [data.draw(st.sampled_from(colours)) for _ in range(width * height)]
    w, h, channels, read = indexed_png.read_png(indexed_png.png(width, height, pixels))
    assert (w, h) == (width, height)
    want = [p if channels == 4 else p[:3] for p in pixels]
    assert read == b"".join(bytes(p) for p in want)
    assert channels == (3 if all(p[3] == 255 for p in pixels) else 4)


def test_a_broken_or_foreign_file_is_refused() -> None:
    good = indexed_png.png(2, 1, [(1, 2, 3), (4, 5, 6)])
    assert indexed_png.read_png(good)[2:] == (3, bytes([1, 2, 3, 4, 5, 6]))
    flipped = bytearray(good)
    flipped[-20] ^= 1
    header = struct.pack(">IIBBBBB", 2, 1, 16, 2, 0, 0, 0)
    crc = struct.pack(">I", zlib.crc32(b"IHDR" + header))
    sixteen_bit = good[:8] + struct.pack(">I", 13) + b"IHDR" + header + crc
    for bad, says in (
        (b"GIF89a", "not a PNG"),
        (good[:-5], "truncated"),
        (bytes(flipped), "bad CRC"),
        (sixteen_bit, "not 8-bit"),
    ):
        with pytest.raises(ValueError, match=says):
            indexed_png.read_png(bad)
