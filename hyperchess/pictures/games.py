"""Per-game picture hooks: what the geometry alone does not say (marked lines, legend texts, glyphs, and a
whole layout for boards whose cells move). A game without an entry gets the default picture."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from . import first_contact
from .layout import Layout, level_grid

if TYPE_CHECKING:
    from hyperchess.variants.position import Position

ORTHODOX = "PNBRQK"

# Glyphs: the filled chess figurines (drawn in the side's colour), or a combination of them with a badge.
FIGURINE = {"K": "\u265a", "Q": "\u265b", "R": "\u265c", "B": "\u265d", "N": "\u265e", "P": "\u265f"}


@dataclass(frozen=True)
class Glyph:
    """How a piece is drawn: figurines (char, dx, dy, scale) inside its square, and a small badge text."""
    parts: tuple[tuple[str, float, float, float], ...]
    badge: str = ""


def glyph_for(letter: str, tags: frozenset[str] = frozenset(), name: str = "") -> Glyph:
    """The default glyph of a piece type: its figurine, or a combination for the known fairy pieces."""
    L = letter.upper()
    if "joined" in tags:                                    # double knight, joined: two knights
        return Glyph(((FIGURINE["N"], -0.17, 0.02, 0.66), (FIGURINE["N"], 0.17, 0.02, 0.66)))
    if "single" in tags:                                    # double knight, split half
        return Glyph(((FIGURINE["N"], 0, 0, 0.8),), "\u00bd")
    if "crowned" in tags or "crowned" in name:              # crowned knight (knight + king)
        return Glyph(((FIGURINE["N"], 0, 0.05, 0.8),), "+")
    if name.startswith("commoner") or L == "M":            # a non-royal king
        return Glyph(((FIGURINE["K"], 0, 0.03, 0.78),), "c")
    if L == "A" or name.startswith("archbishop"):
        return Glyph(((FIGURINE["B"], -0.16, 0, 0.66), (FIGURINE["N"], 0.18, 0.04, 0.6)))
    if L == "C" or name.startswith("chancellor"):
        return Glyph(((FIGURINE["R"], -0.16, 0, 0.62), (FIGURINE["N"], 0.18, 0.04, 0.6)))
    if L in FIGURINE:
        return Glyph(((FIGURINE[L], 0, 0, 0.86),))
    return Glyph((), L)                                     # unknown: the letter on a disc


@dataclass
class Hooks:
    marked_ranks: dict[int, str] = field(default_factory=dict)     # rank index -> label
    marked_files: dict[int, str] = field(default_factory=dict)
    legend: dict[str, str] = field(default_factory=dict)           # piece letter -> text (overrides the name)
    extra_legend: list[tuple[str, str]] = field(default_factory=list)   # (legend kind, text): e.g. platforms
    layout: Callable[["Position", bool], Layout] | None = None     # a whole custom layout
    notes: Callable[["Position"], list[str]] | None = None         # extra lines under the board
    top_first: bool = False                                        # levels in reading order from the top one


HOOKS: dict[str, Hooks] = {
    "capablanca": Hooks(legend={"A": "archbishop: bishop + knight", "C": "chancellor: rook + knight"}),
    "mixed3d": Hooks(legend={"M": "commoner: moves as a king, not royal"}),
    "third-millennium": Hooks(
        marked_ranks={0: "king line", 7: "king line"},
        legend={"D": "double knight, joined: two knight halves moving together (may split)",
                "N": "double knight, split half: a single knight (may rejoin its partner)"}),
    "millennium": Hooks(marked_files={7: "centre rook file (shared by both kings)"}),
    "next-generation": Hooks(top_first=True),
    "future-generation": Hooks(top_first=True, notes=lambda pos: eliminated_notes(pos)),
    "first-contact": Hooks(
        layout=first_contact.layout, notes=first_contact.notes,
        extra_legend=[("platform", "attack platform: 2x2 cells; carries at most one pawn of the mover's, "
                                   "which rides along; an empty one may only invert"),
                      ("point", "vacant platform point (dashed): where a platform may be placed or moved"),
                      ("moved-last", "the platform moved last: it may not move until another one has")]),
}


def eliminated_notes(pos: "Position") -> list[str]:
    """A line per eliminated side: its pieces stay on the board as inert blockers, drawn grey."""
    game = pos.game
    return [f"{game.color_names[c].capitalize()} is eliminated: its pieces stay as inert blockers (grey)"
            for c in range(game.players) if pos.eliminated(c)]


def hooks_for(game) -> Hooks:
    return HOOKS.get(game.name) or Hooks()


def default_layout(pos: "Position", flip: bool) -> Layout:
    h = hooks_for(pos.game)
    if h.layout is not None:
        return h.layout(pos, flip)
    return level_grid(pos, flip, marked_ranks=h.marked_ranks, marked_files=h.marked_files, top_first=h.top_first)


def legend_entries(game) -> list[tuple[str, str, Glyph | None]]:
    """(key, text, glyph) for every piece type that is not orthodox, then the game's extra items."""
    h = hooks_for(game)
    out: list[tuple[str, str, Glyph | None]] = []
    seen = set()
    for piece in game.pieces[1:]:
        if piece is None:
            continue
        letter = piece.letter.upper()
        if letter in ORTHODOX and not piece.tags and letter not in h.legend:
            continue
        key = letter + ":" + ",".join(sorted(piece.tags))
        if key in seen:
            continue
        seen.add(key)
        text = h.legend.get(letter) or piece.name.rstrip("0123456789 ")
        out.append((letter, text, glyph_for(letter, piece.tags, piece.name)))
    for kind, text in h.extra_legend:
        out.append((kind, text, None))
    return out
