"""Draw the app's icons: ``python3 scripts/make_icons.py`` (needs Pillow) writes the PNGs and the
SVG of ``src/rami/web/icons``.

One drawing, a white card with a red heart and an "R" on the green felt, kept inside the middle
80 % so that a launcher's mask (circle, squircle) never cuts it ("maskable").
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

ICONS = Path(__file__).resolve().parents[1] / "src" / "rami" / "web" / "icons"
SIZES = (192, 512)
FELT, FELT_DARK, RED, INK, BACK = "#1d6b45", "#134d31", "#c0262d", "#1d1d1f", "#1f4e8c"
SCALE = 4
"""Drawn at four times the size, then reduced: smooth edges."""

HEART = [
    (50, 94),
    (36, 82),
    (22, 70),
    (12, 58),
    (8, 46),
    (8, 30),
    (16, 16),
    (30, 10),
    (42, 14),
    (50, 28),
    (58, 14),
    (70, 10),
    (84, 16),
    (92, 30),
    (92, 46),
    (88, 58),
    (78, 70),
    (64, 82),
]
"""The heart in a 100 x 100 box (a polygon close to the suit drawing of cards.js)."""

R_STROKES = [
    [(0, 100), (0, 0), (40, 0), (58, 8), (64, 26), (58, 44), (40, 52), (0, 52)],
    [(30, 52), (64, 100)],
]
"""The letter R as strokes in a 64 x 100 box."""


def _points(
    shape: list[tuple[int, int]], x: float, y: float, w: float, h: float, box: tuple[int, int]
) -> list[tuple[float, float]]:
    return [(x + px * w / box[0], y + py * h / box[1]) for px, py in shape]


def draw(size: int) -> Image.Image:
    """The icon at ``size`` pixels square."""
    big = size * SCALE
    unit = big / 100
    image = Image.new("RGB", (big, big), FELT)
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 70 * unit, big, big), fill=FELT_DARK)
    pen.rounded_rectangle((22 * unit, 18 * unit, 62 * unit, 74 * unit), 5 * unit, fill=BACK)
    card = (34 * unit, 24 * unit, 78 * unit, 82 * unit)
    pen.rounded_rectangle(card, 5 * unit, fill="white", outline="#c9c9c9", width=int(unit))
    pen.polygon(_points(HEART, 46 * unit, 46 * unit, 22 * unit, 22 * unit, (100, 100)), fill=RED)
    for stroke in R_STROKES:
        line = _points(stroke, 38 * unit, 28 * unit, 8 * unit, 13 * unit, (64, 100))
        pen.line(line, fill=INK, width=int(2.2 * unit), joint="curve")
    return image.resize((size, size), Image.Resampling.LANCZOS)


SVG = f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" fill="{FELT}"/>
<rect y="70" width="100" height="30" fill="{FELT_DARK}"/>
<rect x="22" y="18" width="40" height="56" rx="5" fill="{BACK}"/>
<rect x="34" y="24" width="44" height="58" rx="5" fill="#fff" stroke="#c9c9c9"/>
<polygon fill="{RED}" points="{" ".join(f"{46 + x * 0.22:g},{46 + y * 0.22:g}" for x, y in HEART)}"
/>
<g fill="none" stroke="{INK}" stroke-width="2.2" stroke-linejoin="round">
{
    "".join(
        f'<polyline points="{" ".join(f"{38 + x / 8:g},{28 + y * 0.13:g}" for x, y in s)}"/>'
        for s in R_STROKES
    )
}
</g>
</svg>
"""
TURN_SVG = SVG.replace(
    "</svg>",
    '<circle cx="78" cy="22" r="19" fill="#ffcc00" stroke="#1d1d1f" stroke-width="3"/>\n</svg>',
)
"""The favicon while it is the player's turn (``turnmark.js``): the icon with a yellow mark."""


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        draw(size).save(ICONS / f"icon-{size}.png", optimize=True)
    draw(180).save(ICONS / "apple-touch-icon.png", optimize=True)
    (ICONS / "icon.svg").write_text(SVG, encoding="utf-8")
    (ICONS / "icon-turn.svg").write_text(TURN_SVG, encoding="utf-8")


if __name__ == "__main__":
    main()
