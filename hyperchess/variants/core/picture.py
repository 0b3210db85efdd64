"""What a game declares about its picture (drawn by ``hyperchess.pictures``): marked lines, legend texts,
level order, notes under the board, and, for boards whose cells move, a whole custom layout.

The layout data model lives here, below the drawing code, so that a game can build its own layout:
a :class:`Layout` is panels of square cells (:class:`Panel`), outlined cell groups (:class:`Block`),
notes and boxes beside the board. ``hyperchess.pictures.layout.level_grid`` builds the default one.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

SQUARE = 45          # one cell, in SVG user units
LABEL = 18           # room for coordinates beside a panel
TITLE = 24           # room for a panel's title above it
GAP = 26             # between panels


@dataclass
class Block:
    """An outlined group of cells drawn over a panel (a platform point): its top-left cell, size in cells,
    a label and extra classes (``platform``, ``point``, ``moved-last``)."""
    column: int
    row: int
    columns: int
    rows: int
    label: str
    css: str = ""


@dataclass
class Panel:
    """A rectangle of cells. ``cells`` maps cell -> (column, row) inside the panel, row 0 at the top."""
    title: str
    x: float
    y: float
    columns: int
    rows: int
    cells: dict[int, tuple[int, int]] = field(default_factory=dict)
    column_labels: list[str] = field(default_factory=list)     # under each column
    row_labels: list[str] = field(default_factory=list)        # left of each row, top row first
    # the coordinates' own labels where the labels above are the notation's (Hodges' 9..1, a..i); the web
    # board's "Coordinates" switch shows these instead
    native_column_labels: list[str] = field(default_factory=list)
    native_row_labels: list[str] = field(default_factory=list)
    seams: list[str] = field(default_factory=list)             # edges joined to the opposite one: left/right/top/bottom
    marked_rows: dict[int, str] = field(default_factory=dict)  # row -> label (e.g. a king line)
    marked_columns: dict[int, str] = field(default_factory=dict)
    dimmed: bool = False                                        # e.g. an eliminated side's level
    blocks: list[Block] = field(default_factory=list)           # outlined cell groups (platform points)
    frame: bool = True                                          # a border around the whole panel
    css: str = ""                                               # extra class on the panel's group

    @property
    def width(self) -> float:
        return self.columns * SQUARE

    @property
    def height(self) -> float:
        return self.rows * SQUARE

    def origin(self, cell: int) -> tuple[float, float]:
        """Top-left corner of ``cell``'s square."""
        c, r = self.cells[cell]
        return self.x + c * SQUARE, self.y + r * SQUARE


@dataclass
class Layout:
    panels: list[Panel]
    width: float
    height: float
    notes: list[str] = field(default_factory=list)       # lines of text under the board (phase, seam meaning...)
    side: list[tuple[str, list[tuple[str, int, str]]]] = field(default_factory=list)
    """Boxes beside the board (e.g. reserves): (title, [(click id, piece code, count text)])."""

    def where(self, cell: int) -> tuple[Panel, float, float] | None:
        """The panel drawing ``cell`` and the top-left corner of its square, or None."""
        for p in self.panels:
            if cell in p.cells:
                x, y = p.origin(cell)
                return p, x, y
        return None


@dataclass(frozen=True)
class Picture:
    """A game's picture declaration; every field is optional (the default picture needs none)."""
    marked_ranks: dict[int, str] = field(default_factory=dict)     # rank index -> label (e.g. a king line)
    marked_files: dict[int, str] = field(default_factory=dict)     # file index -> label
    legend: dict[str, str] = field(default_factory=dict)           # piece letter -> text (overrides the name)
    extra_legend: tuple[tuple[str, str], ...] = ()                 # (legend kind, text): e.g. platforms
    layout: Callable[["Position", bool], Layout] | None = None     # a whole custom layout (position, flipped)
    notes: Callable[["Position"], list[str]] | None = None         # extra lines under the board
    top_first: bool = False                                        # levels in reading order from the top one
    # boxes beside the default layout (e.g. pieces in hand): position -> [(title, [(click id, code, count)])]
    side: Callable[["Position"], list[tuple[str, list[tuple[str, int, str]]]]] | None = None


CARVED_SHAPES = ("khun", "met", "khon", "ruea", "ma", "bia")
"""The figures of a makruk set (``Drawing.pieces = "carved"``): king, met, khon, boat (rook), horse, and the
flat cowrie-shell pawn (``hyperchess.pictures.carved``)."""


@dataclass(frozen=True)
class Drawing:
    """How a game's board and pieces are drawn, as its players know them (read by the pictures, the web board's
    flat view and its 3D view). Every field is optional: the default is a chessboard of squares with figurines.

    ``board``: "squares" (pieces inside chequered cells) or "intersections" (pieces on the crossings of lines,
    as xiangqi and janggi are played). ``river``: a river between the two middle ranks (a gap in the files'
    lines). ``palace_diagonals``: the royal pieces' regions that are square boxes (the palaces) are drawn with
    their diagonals; ``river_text``: the words written in the river. ``pieces``: "figurines", "discs" (a character on a round piece) or "pentagons" (a
    character on a five-sided piece pointing at its opponent). ``glyphs``: piece letter -> the characters
    players read, one per side (or one for both). ``side_names``: the colours as players name them (red,
    black), in turn order. ``side_colors``: the colour each side's pieces are drawn in (a name of
    ``pictures.svg.SIDE_COLORS``). ``promoted_red``: a promoted piece's character drawn in red.
    ``promotion_zones``: the promotion zones shaded. ``shapes``: piece letter -> one of ``CARVED_SHAPES``, the
    figures of a makruk set (``pieces = "carved"``)."""
    board: str = "squares"
    river: bool = False
    river_text: str = ""
    palace_diagonals: bool = False
    pieces: str = "figurines"
    glyphs: dict[str, tuple[str, ...]] = field(default_factory=dict)
    side_names: tuple[str, ...] = ()
    side_colors: tuple[str, ...] = ()
    promoted_red: bool = False
    promotion_zones: bool = False
    shapes: dict[str, str] = field(default_factory=dict)

    def glyph(self, letter: str, side: int) -> str:
        """The character drawn for piece ``letter`` (upper case) of ``side``, or "" (none declared)."""
        chars = self.glyphs.get(letter.upper(), ())
        return chars[min(side, len(chars) - 1)] if chars else ""


def eliminated_notes(pos: "Position") -> list[str]:
    """A line per eliminated side: its pieces stay on the board as inert blockers, drawn grey."""
    game = pos.game
    return [f"{game.color_names[c].capitalize()} is eliminated: its pieces stay as inert blockers (grey)"
            for c in range(game.players) if pos.eliminated(c)]
