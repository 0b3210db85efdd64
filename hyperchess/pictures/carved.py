"""A makruk set (``Game.drawing.pieces = "carved"``, its figures by letter in ``drawing.shapes``), drawn here in
SVG after what players of makruk and its family use (the sources are in ``variants/formats/fsf_display.toml``):
the khun (king), met and khon share one tower shape in three sizes, the ruea (boat, the rook) is a squat
figure, the ma a horse's head, and the bia (pawn) a flat cowrie shell. The tops differ as well (a tiered spire,
a pointed cap, a round bud), so that the three towers are told apart at a glance on a small board.

Every figure is centred on (0, 0) in a square ``size`` units wide, filled in the side's colour with the side's
outline, as the chess figurines are."""
from __future__ import annotations

from .layout import SQUARE


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _path(d: str, s: float) -> str:
    """A path written in units of the square (numbers between -0.5 and 0.5), scaled to ``s``."""
    out = []
    for token in d.split():
        try:
            out.append(_fmt(float(token) * s))
        except ValueError:
            out.append(token)
    return " ".join(out)


# (the neck's height, the top) of each tower, y downwards in units of the square: the khun tallest, then the
# met and the khon, in the order of their rank (the sources give their sizes differing, not their order)
TOWERS = {"khun": (-0.04, "spire"), "met": (0.02, "bud"), "khon": (0.13, "cap")}
BASE = "M -0.32 0.42 L 0.32 0.42 L 0.28 0.32 L -0.28 0.32 Z"


def _tower(neck: float, top: str) -> list[str]:
    """The plinth, a bell-shaped body narrowing to the neck, a collar, and the top."""
    n = neck
    body = (f"M -0.26 0.32 C -0.26 {n + 0.18:.2f} -0.12 {n + 0.13:.2f} -0.12 {n + 0.02:.2f} "
            f"L 0.12 {n + 0.02:.2f} C 0.12 {n + 0.13:.2f} 0.26 {n + 0.18:.2f} 0.26 0.32 Z")
    collar = f"M -0.18 {n + 0.04:.2f} L 0.18 {n + 0.04:.2f} L 0.15 {n - 0.03:.2f} L -0.15 {n - 0.03:.2f} Z"
    parts = [BASE, body, collar]
    if top == "spire":             # three tiers and a spire
        for i, w in enumerate((0.13, 0.095, 0.06)):
            y = n - 0.03 - i * 0.08
            parts.append(f"M -{w:.3f} {y:.2f} Q -{w:.3f} {y - 0.07:.2f} 0 {y - 0.08:.2f} "
                         f"Q {w:.3f} {y - 0.07:.2f} {w:.3f} {y:.2f} Z")
        parts.append(f"M -0.03 {n - 0.26:.2f} L 0 {n - 0.40:.2f} L 0.03 {n - 0.26:.2f} Z")
    elif top == "cap":             # a cap with straight sides and a point
        parts.append(f"M -0.13 {n - 0.03:.2f} L 0 {n - 0.27:.2f} L 0.13 {n - 0.03:.2f} Z")
    else:                          # a round bud with a small tip
        parts.append(f"M -0.09 {n - 0.03:.2f} C -0.19 {n - 0.10:.2f} -0.13 {n - 0.22:.2f} 0 {n - 0.23:.2f} "
                     f"C 0.13 {n - 0.22:.2f} 0.19 {n - 0.10:.2f} 0.09 {n - 0.03:.2f} Z")
        parts.append(f"M -0.025 {n - 0.22:.2f} L 0 {n - 0.29:.2f} L 0.025 {n - 0.22:.2f} Z")
    return parts


RUEA = [BASE,
        "M -0.27 0.32 L -0.23 0.10 L 0.23 0.10 L 0.27 0.32 Z",
        # the top: a boat's hull, its bow and stern raised
        "M -0.32 -0.04 Q -0.20 0.08 0 0.07 Q 0.20 0.08 0.32 -0.04 L 0.23 0.10 L -0.23 0.10 Z"]
MA = [BASE,
      "M 0.21 0.32 L 0.19 0.06 C 0.21 -0.12 0.12 -0.29 -0.01 -0.34 L 0.01 -0.43 L -0.08 -0.35 "
      "C -0.17 -0.29 -0.27 -0.15 -0.31 -0.05 C -0.33 0.02 -0.27 0.07 -0.20 0.03 "
      "C -0.12 -0.02 -0.07 0.01 -0.05 0.08 L -0.20 0.32 Z"]
MA_MANE = "M 0.02 -0.33 C 0.13 -0.25 0.17 -0.08 0.15 0.12"
BIA_SLIT = "M 0 -0.25 C 0.03 -0.09 0.03 0.09 0 0.25"


def carved_svg(shape: str, fill: str, outline: str, size: float = SQUARE) -> str:
    """The figure ``shape`` (one of ``CARVED_SHAPES``) centred on (0, 0), ``size`` units wide."""
    s = size
    width = _fmt(s * 0.03)
    style = f'fill="{fill}" stroke="{outline}" stroke-width="{width}" stroke-linejoin="round"'
    if shape == "bia":
        teeth = "".join(f'<path d="{_path(f"M -0.05 {y:.2f} L 0.08 {y:.2f}", s)}"/>' for y in (-0.15, -0.05, 0.05, 0.15))
        return (f'<g class="carved bia"><ellipse rx="{_fmt(s * 0.25)}" ry="{_fmt(s * 0.32)}" {style}/>'
                f'<g fill="none" stroke="{outline}" stroke-width="{width}" stroke-linecap="round">'
                f'<path d="{_path(BIA_SLIT, s)}"/>{teeth}</g></g>')
    if shape == "ma":
        return (f'<g class="carved ma"><path d="{_path(MA[0], s)}" {style}/><path d="{_path(MA[1], s)}" {style}/>'
                f'<path d="{_path(MA_MANE, s)}" fill="none" stroke="{outline}" stroke-width="{width}"/>'
                f'<circle cx="{_fmt(-0.10 * s)}" cy="{_fmt(-0.19 * s)}" r="{_fmt(0.03 * s)}" fill="{outline}"/></g>')
    parts = RUEA if shape == "ruea" else _tower(*TOWERS[shape])
    return f'<g class="carved {shape}">' + "".join(f'<path d="{_path(d, s)}" {style}/>' for d in parts) + "</g>"
