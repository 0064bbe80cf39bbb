"""A small animated-GIF writer (and reader) in numpy and plain Python.

No imaging library needed. Colours are reduced to one global palette of at
most 255 entries by median cut over a few sample frames; a 32768-entry table
(5 bits a channel) then maps any pixel to its nearest palette colour in one
numpy lookup. Each frame after the first stores only the rectangle that
changed, with unchanged pixels inside it transparent (disposal "leave in
place"), then LZW, per the GIF89a specification::

    >>> import numpy as np, io
    >>> frames = [np.zeros((4, 6, 3), np.uint8), np.full((4, 6, 3), 200, np.uint8)]
    >>> buf = io.BytesIO()
    >>> w = GifWriter(buf, (6, 4), palette_from(frames), delay_cs=10)
    >>> for f in frames: w.add(f)
    >>> w.close()
    >>> out, delays = read_gif(buf.getvalue())
    >>> len(out), int(out[1][0, 0, 0]), delays
    (2, 200, [10, 10])
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from typing import BinaryIO

import numpy as np

MAX_COLOURS = 255
"""Palette entries for colours; index 255 is kept for transparency."""
TRANSPARENT = 255


# -- palette ----------------------------------------------------------------
def palette_from(frames: Iterable[np.ndarray], colours: int = MAX_COLOURS) -> np.ndarray:
    """A palette (n × 3 uint8, n ≤ ``colours``) by median cut over the frames' pixels."""
    counts = np.zeros(32768, dtype=np.int64)
    sums = np.zeros((32768, 3), dtype=np.float64)
    for f in frames:
        k = _key5(f).ravel()
        counts += np.bincount(k, minlength=32768)
        flat = f.reshape(-1, 3)
        for ch in range(3):
            sums[:, ch] += np.bincount(k, weights=flat[:, ch], minlength=32768)
    keys = np.nonzero(counts)[0]
    if len(keys) == 0:
        return np.zeros((1, 3), dtype=np.uint8)
    weights = counts[keys].astype(np.float64)
    rgb = sums[keys] / weights[:, None]  # the mean true colour of each 5-bit bin
    if len(keys) <= colours:
        return np.clip(rgb, 0, 255).astype(np.uint8)
    boxes = [np.arange(len(keys))]
    while len(boxes) < colours:
        # split the box with the widest channel range (weighted by its pixels)
        best, best_score, best_axis = -1, -1.0, 0
        for i, idx in enumerate(boxes):
            if len(idx) < 2:
                continue
            sub = rgb[idx]
            rng = sub.max(axis=0) - sub.min(axis=0)
            axis = int(rng.argmax())
            score = rng[axis] * np.sqrt(weights[idx].sum())
            if score > best_score:
                best, best_score, best_axis = i, score, axis
        if best < 0 or best_score <= 0:
            break
        idx = boxes.pop(best)
        order = idx[np.argsort(rgb[idx, best_axis], kind="stable")]
        cum = np.cumsum(weights[order])
        cut = int(np.searchsorted(cum, cum[-1] / 2))
        cut = min(max(cut, 1), len(order) - 1)
        boxes += [order[:cut], order[cut:]]
    pal = np.array([np.average(rgb[idx], axis=0, weights=weights[idx]) for idx in boxes])
    return np.clip(np.round(pal), 0, 255).astype(np.uint8)


def _key5(rgb: np.ndarray) -> np.ndarray:
    a = rgb.astype(np.uint16) >> 3
    return (a[..., 0] << 10) | (a[..., 1] << 5) | a[..., 2]


def lookup_table(palette: np.ndarray) -> np.ndarray:
    """Nearest palette index for every 5-bit-per-channel colour (32768 entries)."""
    keys = np.arange(32768)
    rgb = np.stack([(keys >> 10) & 31, (keys >> 5) & 31, keys & 31], axis=1).astype(np.int32) * 8 + 4
    pal = palette.astype(np.int32)
    lut = np.empty(32768, dtype=np.uint8)
    for s in range(0, 32768, 4096):
        d = ((rgb[s : s + 4096, None, :] - pal[None, :, :]) ** 2).sum(axis=2)
        lut[s : s + 4096] = d.argmin(axis=1)
    return lut


# -- LZW ----------------------------------------------------------------------
def lzw_encode(indices: bytes, min_code_size: int = 8) -> bytes:
    """GIF LZW of palette indices, returned as the packed byte stream (no sub-blocks)."""
    clear = 1 << min_code_size
    eoi = clear + 1
    codes: list[int] = [clear]
    append = codes.append
    if indices:
        table: dict[int, int] = {}
        get = table.get
        nxt = eoi + 1
        prefix = indices[0]
        for c in indices[1:]:
            k = (prefix << 8) | c
            code = get(k)
            if code is not None:
                prefix = code
                continue
            append(prefix)
            if nxt < 4096:
                table[k] = nxt
                nxt += 1
            else:
                append(clear)
                table.clear()
                nxt = eoi + 1
            prefix = c
        append(prefix)
    append(eoi)
    return _pack(np.asarray(codes, dtype=np.int64), clear, min_code_size)


def _pack(codes: np.ndarray, clear: int, m: int) -> bytes:
    n = len(codes)
    idx = np.arange(n)
    # j = position of each code after the last clear before it
    is_clear = codes == clear
    seg_start = np.where(is_clear, idx + 1, 0)
    seg_start = np.maximum.accumulate(seg_start)
    # a clear code itself belongs to the segment before it
    prev_start = np.concatenate(([0], seg_start[:-1]))
    start = np.where(is_clear, prev_start, seg_start)
    j = idx - start
    eoi = clear + 1
    widths = np.minimum(12, np.maximum(m + 1, _bit_length(eoi + j)))
    widths[0] = m + 1  # the leading clear
    offsets = np.concatenate(([0], np.cumsum(widths)[:-1]))
    total = int(widths.sum())
    bits = np.zeros(total + 8, dtype=np.uint8)
    for b in range(12):
        sel = widths > b
        if not sel.any():
            break
        bits[offsets[sel] + b] = (codes[sel] >> b) & 1
    return np.packbits(bits[: (total + 7) // 8 * 8], bitorder="little").tobytes()


def _bit_length(x: np.ndarray) -> np.ndarray:
    out = np.zeros_like(x)
    v = x.copy()
    while (v > 0).any():
        out += v > 0
        v >>= 1
    return out


def lzw_decode(data: bytes, min_code_size: int) -> bytes:
    """Inverse of :func:`lzw_encode` (for reading GIFs back)."""
    clear = 1 << min_code_size
    eoi = clear + 1
    bits = np.unpackbits(np.frombuffer(data, dtype=np.uint8), bitorder="little")
    nbits = len(bits)
    pos = 0
    size = min_code_size + 1
    table: list[bytes] = [bytes([i]) for i in range(clear)] + [b"", b""]
    out = bytearray()
    prev: bytes | None = None
    weights = [1 << i for i in range(12)]
    while pos + size <= nbits:
        chunk = bits[pos : pos + size]
        code = 0
        for i in range(size):
            if chunk[i]:
                code += weights[i]
        pos += size
        if code == clear:
            table = table[: eoi + 1]
            size = min_code_size + 1
            prev = None
            continue
        if code == eoi:
            break
        if prev is None:
            entry = table[code]
        elif code < len(table):
            entry = table[code]
            table.append(prev + entry[:1])
        else:
            entry = prev + prev[:1]
            table.append(entry)
        out += entry
        prev = entry
        if len(table) == (1 << size) and size < 12:
            size += 1
    return bytes(out)


def _blocks(data: bytes) -> bytes:
    out = bytearray()
    for i in range(0, len(data), 255):
        chunk = data[i : i + 255]
        out.append(len(chunk))
        out += chunk
    out.append(0)
    return bytes(out)


# -- writer -------------------------------------------------------------------
class GifWriter:
    """Streams RGB frames (h × w × 3 uint8) into an animated GIF that loops forever."""

    def __init__(self, fh: BinaryIO, size: tuple[int, int], palette: np.ndarray, delay_cs: int = 10, loop: int = 0) -> None:
        self.fh = fh
        self.size = (int(size[0]), int(size[1]))
        pal = np.asarray(palette, dtype=np.uint8)[:MAX_COLOURS]
        self.lut = lookup_table(pal)
        table = np.zeros((256, 3), dtype=np.uint8)
        table[: len(pal)] = pal
        self.delay_cs = max(1, int(delay_cs))
        self.frames = 0
        self._prev: np.ndarray | None = None
        w, h = self.size
        fh.write(b"GIF89a" + struct.pack("<HHBBB", w, h, 0xF7, 0, 0) + table.tobytes())
        fh.write(b"\x21\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00")

    def quantize(self, rgb: np.ndarray) -> np.ndarray:
        return self.lut[_key5(rgb)]

    def add(self, rgb: np.ndarray, delay_cs: int | None = None) -> None:
        h, w = rgb.shape[:2]
        if (w, h) != self.size:
            raise ValueError(f"frame is {w}×{h}, the GIF is {self.size[0]}×{self.size[1]}")
        idx = self.quantize(rgb)
        delay = self.delay_cs if delay_cs is None else max(1, int(delay_cs))
        if self._prev is None:
            x0, y0, sub, transparent = 0, 0, idx, False
        else:
            changed = idx != self._prev
            rows = np.nonzero(changed.any(axis=1))[0]
            if len(rows) == 0:
                x0, y0, sub, transparent = 0, 0, np.full((1, 1), TRANSPARENT, np.uint8), True
            else:
                cols = np.nonzero(changed.any(axis=0))[0]
                y0, y1, x0, x1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
                sub = idx[y0:y1, x0:x1].copy()
                sub[~changed[y0:y1, x0:x1]] = TRANSPARENT
                transparent = True
        self._prev = idx
        flags = (1 << 2) | (1 if transparent else 0)  # disposal 1: leave in place
        sh, sw = sub.shape
        out = bytearray(b"\x21\xf9\x04" + struct.pack("<BHBB", flags, delay, TRANSPARENT, 0))
        out += b"\x2c" + struct.pack("<HHHHB", x0, y0, sw, sh, 0)
        out += b"\x08" + _blocks(lzw_encode(np.ascontiguousarray(sub).tobytes(), 8))
        self.fh.write(bytes(out))
        self.frames += 1

    def close(self) -> None:
        self.fh.write(b"\x3b")


# -- reader -------------------------------------------------------------------
def read_gif(data: bytes) -> tuple[list[np.ndarray], list[int]]:
    """Decode an animated GIF into full RGB frames and their delays (centiseconds).

    Handles what :class:`GifWriter` writes and ordinary GIFs: global and local
    colour tables, transparency, disposal 0–2, no interlacing.
    """
    if data[:6] not in (b"GIF87a", b"GIF89a"):
        raise ValueError("not a GIF")
    w, h, packed, bg, _ = struct.unpack("<HHBBB", data[6:13])
    pos = 13
    gct = None
    if packed & 0x80:
        n = 2 << (packed & 7)
        gct = np.frombuffer(data[pos : pos + 3 * n], dtype=np.uint8).reshape(n, 3)
        pos += 3 * n
    canvas = np.zeros((h, w, 3), dtype=np.uint8)
    frames: list[np.ndarray] = []
    delays: list[int] = []
    gce = (0, 0, None)  # disposal, delay, transparent index
    while pos < len(data):
        b = data[pos]
        pos += 1
        if b == 0x3B:
            break
        if b == 0x21:
            label = data[pos]
            pos += 1
            body = bytearray()
            while data[pos]:
                body += data[pos + 1 : pos + 1 + data[pos]]
                pos += 1 + data[pos]
            pos += 1
            if label == 0xF9:
                flags, delay, tidx = body[0], body[1] | (body[2] << 8), body[3]
                gce = ((flags >> 2) & 7, delay, tidx if flags & 1 else None)
            continue
        if b != 0x2C:
            raise ValueError(f"unexpected GIF block 0x{b:02x} at byte {pos - 1}")
        x0, y0, iw, ih, ipacked = struct.unpack("<HHHHB", data[pos : pos + 9])
        pos += 9
        table = gct
        if ipacked & 0x80:
            n = 2 << (ipacked & 7)
            table = np.frombuffer(data[pos : pos + 3 * n], dtype=np.uint8).reshape(n, 3)
            pos += 3 * n
        m = data[pos]
        pos += 1
        body = bytearray()
        while data[pos]:
            body += data[pos + 1 : pos + 1 + data[pos]]
            pos += 1 + data[pos]
        pos += 1
        pix = np.frombuffer(lzw_decode(bytes(body), m), dtype=np.uint8)[: iw * ih]
        pix = np.pad(pix, (0, iw * ih - len(pix))).reshape(ih, iw)
        disposal, delay, tidx = gce
        before = canvas.copy()
        region = canvas[y0 : y0 + ih, x0 : x0 + iw]
        rgb = table[pix]
        if tidx is not None:
            keep = pix == tidx
            rgb[keep] = region[keep]
        region[...] = rgb
        frames.append(canvas.copy())
        delays.append(delay)
        if disposal == 2:
            canvas[y0 : y0 + ih, x0 : x0 + iw] = 0
        elif disposal == 3:
            canvas = before
        gce = (0, 0, None)
    return frames, delays
