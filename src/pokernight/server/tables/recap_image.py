"""The night's recap as a PNG, to paste into the group chat (decision 69).

Drawn here in pure Python (``pixel_font`` and ``zlib``): no image library to install, the
same bytes for the same night on every machine. The room's colours (``web/css/app.css``):
the page's dark blue, the felt for the header, the accent yellow for the figures that
went well and the danger red for those that did not.
"""

from __future__ import annotations

import struct
import zlib

from pokernight.history.recap import Recap, recap_lines
from pokernight.server.tables.pixel_font import ADVANCE, GLYPHS, HEIGHT, printable, text_width
from pokernight.words import Words, words_in

Colour = tuple[int, int, int]

PAGE: Colour = (0x10, 0x15, 0x1C)
PANEL: Colour = (0x1A, 0x22, 0x2D)
PANEL_EDGE: Colour = (0x2C, 0x3A, 0x4B)
TEXT: Colour = (0xEE, 0xF2, 0xF6)
MUTED: Colour = (0xA9, 0xB6, 0xC4)
ACCENT: Colour = (0xFF, 0xD5, 0x4A)
DANGER: Colour = (0xFF, 0x8A, 0x80)
FELT: Colour = (0x1D, 0x5A, 0x8C)
FELT_DARK: Colour = (0x0B, 0x2A, 0x47)

IMAGE_WIDTH = 900
MARGIN = 32
SCALE = 2
TITLE_SCALE = 4
LINE = (HEIGHT + 4) * SCALE
MAX_STANDINGS = 12
NAME_CHARS = 16


class Canvas:
    """An RGB image in memory: rectangles and text, then its PNG bytes."""

    def __init__(self, width: int, height: int, background: Colour) -> None:
        self.width, self.height = width, height
        self.pixels = bytearray(bytes(background) * (width * height))

    def fill(self, x0: int, y0: int, x1: int, y1: int, colour: Colour) -> None:
        """The rectangle from (x0, y0) to (x1, y1), the far edges left out, clipped."""
        x0, x1 = max(0, x0), min(self.width, x1)
        y0, y1 = max(0, y0), min(self.height, y1)
        if x0 >= x1 or y0 >= y1:
            return
        run = bytes(colour) * (x1 - x0)
        for y in range(y0, y1):
            start = (y * self.width + x0) * 3
            self.pixels[start : start + len(run)] = run

    def text(self, x: int, y: int, text: str, colour: Colour, scale: int = SCALE) -> int:
        """``text`` with its cell's top left at (x, y); the x just after it."""
        for char in printable(text):
            for px, py in GLYPHS[char]:
                self.fill(
                    x + px * scale,
                    y + py * scale,
                    x + (px + 1) * scale,
                    y + (py + 1) * scale,
                    colour,
                )
            x += ADVANCE * scale
        return x

    def png(self) -> bytes:
        rows = b"".join(
            b"\x00" + bytes(self.pixels[y * self.width * 3 : (y + 1) * self.width * 3])
            for y in range(self.height)
        )
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return b"".join(
            [
                b"\x89PNG\r\n\x1a\n",
                _chunk(b"IHDR", header),
                _chunk(b"IDAT", zlib.compress(rows, 9)),
                _chunk(b"IEND", b""),
            ]
        )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def wrapped(text: str, width: int, scale: int = SCALE) -> list[str]:
    """``text`` cut at spaces into lines no wider than ``width`` pixels (a word longer
    than a line is cut where it must be)."""
    per_line = max(1, (width + scale) // (ADVANCE * scale))
    lines: list[str] = []
    current = ""
    for word in printable(text).split(" "):
        candidate = f"{current} {word}" if current else word
        if len(candidate) <= per_line:
            current = candidate
            continue
        if current:
            lines.append(current)
        rest = word
        while len(rest) > per_line:
            lines.append(rest[:per_line])
            rest = rest[per_line:]
        current = rest
    if current:
        lines.append(current)
    return lines


def signed(amount: int, say: Words) -> str:
    grouped = say.grouped(amount)
    return f"+{grouped}" if amount > 0 else grouped


def recap_png(recap: Recap, language: str = "en") -> bytes:
    """The recap as a PNG image in ``language`` (as the page asking for it speaks): its
    lines, then each one's result as a bar."""
    say = words_in(language)
    worded = recap_lines(recap, say)
    title = say("table.table_code", code=recap.code)
    inner = IMAGE_WIDTH - 2 * MARGIN
    lead = wrapped(worded[0].removeprefix(f"{title}: "), inner)
    body = [wrapped(line, inner) for line in worded[1:]]
    standings = recap.standings[:MAX_STANDINGS]
    header = MARGIN + HEIGHT * TITLE_SCALE + 12 + len(lead) * LINE + 20
    height = (
        header
        + 24
        + sum(len(lines) for lines in body) * LINE
        + len(body) * 6
        + (28 + LINE + len(standings) * (LINE + 8) if standings else 0)
        + MARGIN
    )
    canvas = Canvas(IMAGE_WIDTH, height, PAGE)
    canvas.fill(0, 0, IMAGE_WIDTH, header, FELT)
    canvas.fill(0, header - 6, IMAGE_WIDTH, header, FELT_DARK)
    canvas.text(MARGIN, MARGIN, title, ACCENT, TITLE_SCALE)
    label = f"pokernight \u00b7 {say('rooms.recap.image_label')}"
    canvas.text(IMAGE_WIDTH - MARGIN - text_width(label, SCALE), MARGIN + 8, label, TEXT, SCALE)
    y = MARGIN + HEIGHT * TITLE_SCALE + 12
    for line in lead:
        canvas.text(MARGIN, y, line, TEXT)
        y += LINE
    y = header + 24
    for lines in body:
        for index, line in enumerate(lines):
            head, colon, rest = line.partition(": ")
            if index == 0 and colon and len(head) < 20:
                x = canvas.text(MARGIN, y, head + colon, ACCENT)
                canvas.text(x, y, rest, TEXT)
            else:
                canvas.text(MARGIN, y, line, TEXT)
            y += LINE
        y += 6
    if standings:
        y += 20
        canvas.fill(MARGIN, y - 12, IMAGE_WIDTH - MARGIN, y - 10, PANEL_EDGE)
        canvas.text(MARGIN, y, say("rooms.recap.image_net"), MUTED)
        y += LINE
        _standings(canvas, recap, y, say)
    return canvas.png()


def _standings(canvas: Canvas, recap: Recap, y: int, say: Words) -> None:
    """Each one's net as a bar from the middle: right and yellow won, left and red lost."""
    rows = recap.standings[:MAX_STANDINGS]
    name_width = NAME_CHARS * ADVANCE * SCALE
    figures_width = 22 * ADVANCE * SCALE
    left = MARGIN + name_width + 8
    right = IMAGE_WIDTH - MARGIN - figures_width - 8
    middle = (left + right) // 2
    half = (right - left) // 2
    largest = max((abs(row.net) for row in rows), default=0) or 1
    for row in rows:
        name = printable(row.name)
        if len(name) > NAME_CHARS:
            name = name[: NAME_CHARS - 1] + "."
        canvas.text(MARGIN, y, name, MUTED if row.bot else TEXT)
        canvas.fill(left, y - 2, right, y + LINE - 6, PANEL)
        canvas.fill(middle, y - 2, middle + 1, y + LINE - 6, PANEL_EDGE)
        length = max(1, abs(row.net) * half // largest) if row.net else 0
        colour = ACCENT if row.net > 0 else DANGER
        if row.net > 0:
            canvas.fill(middle + 1, y + 2, middle + 1 + length, y + LINE - 10, colour)
        elif row.net < 0:
            canvas.fill(middle - length, y + 2, middle, y + LINE - 10, colour)
        net = signed(row.net, say)
        x = canvas.text(right + 16, y, net, ACCENT if row.net > 0 else DANGER if row.net else TEXT)
        if row.expected != row.net:
            canvas.text(x + 8, y, f"({signed(row.expected, say)})", MUTED)
        y += LINE + 8
