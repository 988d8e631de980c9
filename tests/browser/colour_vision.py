"""How far apart colours look to people with the three kinds of dichromacy (Machado, Oliveira
and Fernandes 2009, severity 1) and to everyone else: CIE76 distances in CIELAB."""

from __future__ import annotations

import math

SIMULATIONS = {
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
    "typical": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def parse_rgb(css: str) -> tuple[int, int, int]:
    """``rgb(1, 2, 3)`` as numbers."""
    red, green, blue = (int(part) for part in css.strip("rgba() ").split(",")[:3])
    return red, green, blue


def _lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(rgb: tuple[int, int, int], vision: str) -> tuple[float, float, float]:
    """The colour in CIELAB as ``vision`` sees it."""
    linear = [_linear(c) for c in rgb]
    matrix = SIMULATIONS[vision]
    out = [
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True)))) for row in matrix
    ]
    return _lab((out[0], out[1], out[2]))


def distance(first: tuple[int, int, int], second: tuple[int, int, int], vision: str) -> float:
    """How far apart two colours look to ``vision`` (CIE76)."""
    return math.dist(seen(first, vision), seen(second, vision))


def contrast(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours."""

    def luminance(rgb: tuple[int, int, int]) -> float:
        r, g, b = (_linear(c) for c in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)
