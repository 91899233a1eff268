"""Colours as people with a colour-vision deficiency see them, and how far apart two are.

``simulate`` applies Machado, Oliveira and Fernandes' model ("A Physiologically-based Model
for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009) at severity 1.0, the
complete loss of one kind of cone: the matrices of the paper's table, on linear RGB (the
model is linear in the cones' responses). ``MATRICES`` is also what the browser test puts in
an SVG ``feColorMatrix`` to show the page so (SVG filters work in linear RGB by default).
``delta_e`` is CIEDE2000 (Sharma, Wu and Dalal, 2005) between two sRGB colours, by way of
CIELAB under D65.
"""

from __future__ import annotations

import math

Matrix = tuple[tuple[float, float, float], ...]
Rgb = tuple[float, float, float]

MATRICES: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def parse(colour: str) -> Rgb:
    """``#rrggbb`` or a computed ``rgb(r, g, b)`` as three channels from 0 to 1."""
    if colour.startswith("#"):
        return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
    red, green, blue = (float(part) for part in colour[colour.index("(") + 1 : -1].split(",")[:3])
    return red / 255, green / 255, blue / 255


def to_hex(rgb: Rgb) -> str:
    return "#" + "".join(f"{round(min(max(channel, 0.0), 1.0) * 255):02x}" for channel in rgb)


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _encoded(channel: float) -> float:
    channel = min(max(channel, 0.0), 1.0)
    return 12.92 * channel if channel <= 0.0031308 else 1.055 * channel ** (1 / 2.4) - 0.055


def simulate(rgb: Rgb, deficiency: str) -> Rgb:
    """``rgb`` (sRGB) as seen with ``deficiency`` (a key of ``MATRICES``)."""
    linear = [_linear(channel) for channel in rgb]
    seen = (sum(weight * value for weight, value in zip(row, linear, strict=True))
            for row in MATRICES[deficiency])  # fmt: skip
    red, green, blue = (_encoded(channel) for channel in seen)
    return red, green, blue


def lab(rgb: Rgb) -> Rgb:
    """CIELAB (D65) of an sRGB colour."""
    red, green, blue = (_linear(channel) for channel in rgb)
    x = (0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047
    y = 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue
    z = (0.0193339 * red + 0.1191920 * green + 0.9503041 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(first: Rgb, second: Rgb) -> float:
    """CIEDE2000 between two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c**7 / (mean_c**7 + 25**7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    delta_l, delta_c = l2 - l1, c2 - c1
    delta_h = 0.0
    if c1 * c2:
        delta_h = h2 - h1
        if delta_h > 180:
            delta_h -= 360
        elif delta_h < -180:
            delta_h += 360
    delta_big_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(delta_h) / 2)
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    mean_h = h1 + h2
    if c1 * c2:
        if abs(h1 - h2) <= 180:
            mean_h = (h1 + h2) / 2
        elif h1 + h2 < 360:
            mean_h = (h1 + h2 + 360) / 2
        else:
            mean_h = (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(mean_h - 30))
        + 0.24 * math.cos(math.radians(2 * mean_h))
        + 0.32 * math.cos(math.radians(3 * mean_h + 6))
        - 0.20 * math.cos(math.radians(4 * mean_h - 63))
    )
    s_l = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    s_c = 1 + 0.045 * mean_c
    s_h = 1 + 0.015 * mean_c * t
    rotation = (
        -2
        * math.sqrt(mean_c**7 / (mean_c**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((mean_h - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (delta_l / s_l) ** 2
        + (delta_c / s_c) ** 2
        + (delta_big_h / s_h) ** 2
        + rotation * (delta_c / s_c) * (delta_big_h / s_h)
    )


def delta_e(first: Rgb, second: Rgb) -> float:
    """CIEDE2000 between two sRGB colours."""
    return ciede2000(lab(first), lab(second))
