"""Alignment wins, as data for any two-player game (docs/variants-file.md, "Alignments"): N in a row, an NxN
block, N on one line, or a chain joining two regions.

The rules are Fairy-Stockfish's (src/position.cpp ``is_immediate_game_end``, src/variant.cpp ``conclude`` for
the directions; read at commit c19b5f6c). Only the pieces of the side that has just moved count, and only those
of ``connect_pieces`` (all by default); the directions are east, north and, with diagonals, north-east and
south-east (``connect_horizontal``, ``connect_vertical``, ``connect_diagonal``):

- ``connect_n``: N of them next to each other along one direction (FSF's connectN);
- ``connect_nxn``: an NxN square of them (connectNxN);
- ``collinear_n``: N of them anywhere on one line along a direction, gaps allowed (collinearN);
- ``connect_regions``: per player two lists of squares; a chain of them, each a step east, north (or, with
  diagonals, north-east or south-east) of the one before, from one in the first region to one in the second
  (connectRegion1/2White/Black). FSF grows the chain only along those directions, never back west or south, so
  a winding chain may not count; this is kept.

The mover then gets ``connect_value`` ("win", "loss" or "draw"; connectValue). FSF tests these after extinction,
the flag squares and n-check (variants/rules/endings.py) and before the full board (variants/rules/flips.py) and
two passes in a row; the mixin :class:`Alignment` comes just before ``Endings`` among the bases.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.core.outcome import Outcome
from hyperchess.variants.rules.flips import FULL_BOARD

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

KEYS = {"connect_n", "connect_nxn", "collinear_n", "connect_regions", "connect_pieces", "connect_horizontal",
        "connect_vertical", "connect_diagonal", "connect_value"}
VALUES = ("win", "loss", "draw")
MAX_N = 64
_EAST, _NORTH, _NORTH_EAST, _SOUTH_EAST = (1, 0, 0), (0, 1, 0), (1, 1, 0), (1, -1, 0)


@dataclass(frozen=True)
class AlignRules:
    """What lines win (Fairy-Stockfish's names in brackets)."""
    n: int = 0                                  # N in a row [connectN]
    nxn: int = 0                                # an NxN square [connectNxN]
    collinear: int = 0                          # N on one line [collinearN]
    regions: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()   # per player (first, second) [connectRegion]
    pieces: str = "*"                           # the letters that count, "*" all, "-" none [connectPieceTypes]
    horizontal: bool = True                     # [connectHorizontal]
    vertical: bool = True                       # [connectVertical]
    diagonal: bool = True                       # [connectDiagonal]
    value: str = "win"                          # what the mover gets [connectValue]


def wanted(t: dict) -> bool:
    return bool(KEYS & set(t))


def read_align_rules(t: dict, where: str, letters: set[str], players: int) -> AlignRules:
    """The alignment keys of a game table, checked; one line per mistake."""
    values: dict[str, Any] = {}
    if players != 2:
        raise VariantsFileError(f"{where}: alignments ({', '.join(sorted(KEYS & set(t)))}) need two players")
    for key, name in (("connect_n", "n"), ("connect_nxn", "nxn"), ("collinear_n", "collinear")):
        if key in t:
            value = t[key]
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_N:
                raise VariantsFileError(f"{where}.{key}: a whole number from 0 to {MAX_N}, got {value!r}")
            values[name] = value
    for key in ("horizontal", "vertical", "diagonal"):
        if f"connect_{key}" in t:
            if not isinstance(t[f"connect_{key}"], bool):
                raise VariantsFileError(f"{where}.connect_{key}: true or false")
            values[key] = t[f"connect_{key}"]
    if "connect_pieces" in t:
        value = t["connect_pieces"]
        if not isinstance(value, str) or not value or not all(ch in "*-" or ch.upper() in letters for ch in value):
            raise VariantsFileError(f"{where}.connect_pieces: piece letters of this game, '*' all or '-' none, "
                                    f"got {value!r}")
        values["pieces"] = value.upper()
    if "connect_value" in t:
        if t["connect_value"] not in VALUES:
            raise VariantsFileError(f"{where}.connect_value: one of {', '.join(map(repr, VALUES))}")
        values["value"] = t["connect_value"]
    if "connect_regions" in t:
        value = t["connect_regions"]
        if not isinstance(value, list) or len(value) != players or not all(
                isinstance(p, list) and len(p) == 2 and all(isinstance(r, list) and len(r) <= 4096 and
                                                            all(isinstance(q, str) for q in r) for r in p)
                for p in value):
            raise VariantsFileError(f"{where}.connect_regions: for each player two lists of squares")
        values["regions"] = tuple((tuple(a), tuple(b)) for a, b in value)
    return AlignRules(**values)


class Alignment:
    """Mixin (just before ``Endings`` among the bases): the alignment wins of ``align_rules``."""

    align_rules = AlignRules()

    def compile(self) -> None:
        super().compile()                                     # type: ignore[misc]
        r = self.align_rules
        g = self.geometry                                     # type: ignore[attr-defined]
        self._align_dirs = [v for v, on in ((_EAST, r.horizontal), (_NORTH, r.vertical), (_NORTH_EAST, r.diagonal),
                                            (_SOUTH_EAST, r.diagonal)) if on]
        every = range(g.size)
        # FSF's shift by a direction, cell by cell (None off the board)
        self._align_step = [[g.step(c, v) for c in every] for v in self._align_dirs]
        self._align_back = [[g.step(c, (-v[0], -v[1], 0)) for c in every] for v in self._align_dirs]
        kinds = {p.letter.upper() for p in self.pieces if p is not None}   # type: ignore[attr-defined]
        wanted_letters = kinds if "*" in r.pieces else set(r.pieces)
        self._align_codes = [frozenset(c for c in range(self.ncodes)      # type: ignore[attr-defined]
                                       if self.owner[c] == color and self.kind_of[c]   # type: ignore[attr-defined]
                                       and self._align_letter(c) in wanted_letters) for color in (0, 1)]
        parse = self.names.parse                              # type: ignore[attr-defined]
        self._align_regions = [(frozenset(map(parse, a)), frozenset(map(parse, b))) for a, b in r.regions]
        self.has_game_over = True
        self.quiet_endings = True
        self.__dict__.pop("_rule_tables", None)

    def _align_letter(self, code: int) -> str:
        """The letter of ``code``'s kind (a promoted kind, ``+X``, is a kind of its own: its letter)."""
        return self.pieces[self.kind_of[code]].letter.upper()   # type: ignore[attr-defined]

    def game_over(self, pos: "Position") -> "Outcome | None":
        """FSF's order: what ends the game before (extinction, flags, n-check), then the alignments, then a full
        board (which the flips test before us)."""
        out = super().game_over(pos)                          # type: ignore[misc]
        if out is not None and out.termination != FULL_BOARD:
            return out
        mover = 1 - pos.turn
        codes = self._align_codes[mover]
        b = pos.board
        cells = frozenset(c for c in pos.occupied[mover] if b[c] in codes)
        what = self._aligned(cells, mover) if cells else ""
        if not what:
            return out
        value = self.align_rules.value
        if value == "draw":
            return Outcome("1/2-1/2", f"{what}: a draw", "alignment")
        winner = mover if value == "win" else 1 - mover
        name = self.color_names[mover].capitalize()           # type: ignore[attr-defined]
        verb = "wins" if value == "win" else "loses"
        return Outcome("1-0" if winner == 0 else "0-1", f"{name} {verb} by {what}", "alignment")

    def _aligned(self, cells: frozenset, mover: int) -> str:
        """What ``cells`` (the mover's pieces that count) line up as, or ""."""
        r = self.align_rules
        if r.n > 0 and self._in_a_row(cells, r.n):
            return f"{r.n} in a row"
        if self._align_regions and self._joined(cells, *self._align_regions[mover]):
            return "joining its regions"
        if r.nxn and self._square(cells, r.nxn):
            return f"a {r.nxn}x{r.nxn} square"
        if r.collinear > 0 and self._collinear(cells, r.collinear):
            return f"{r.collinear} on a line"
        return ""

    def _in_a_row(self, cells: frozenset, n: int) -> bool:
        for step in self._align_step:
            for c in cells:
                k = 1
                x = step[c]
                while k < n and x is not None and x in cells:
                    k += 1
                    x = step[x]
                if k >= n:
                    return True
        return False

    def _joined(self, cells: frozenset, first: frozenset, second: frozenset) -> bool:
        """FSF's flood from the first region along the directions only, until it reaches the second."""
        current = cells & first
        if not current or not cells & second:
            return False
        while True:
            new: set[int] = set()
            for step in self._align_step:
                for c in list(current | new):
                    x = step[c]
                    if x is not None and x in cells:
                        new.add(x)
            if new & second:
                return True
            if not new - current:
                return False
            current = current | new

    def _square(self, cells: frozenset, n: int) -> bool:
        """An n x n block: FSF keeps a cell while it, the cell north of it, west of it and north-west of it are
        kept, n - 1 times."""
        g = self.geometry                                     # type: ignore[attr-defined]
        kept = set(cells)
        for _ in range(n - 1):
            kept = {c for c in kept
                    if _has(g.step(c, (0, 1, 0)), kept) and _has(g.step(c, (-1, 0, 0)), kept)
                    and _has(g.step(c, (-1, 1, 0)), kept)}
            if not kept:
                return False
        return bool(kept)

    def _collinear(self, cells: frozenset, n: int) -> bool:
        """n of ``cells`` on one line along a direction (the whole line, gaps and other pieces between)."""
        for step, back in zip(self._align_step, self._align_back):
            seen: set[int] = set()
            for c in cells:
                if c in seen:
                    continue
                line = [c]
                for way in (step, back):
                    x = way[c]
                    while x is not None:
                        if x in cells:
                            line.append(x)
                        x = way[x]
                seen.update(line)
                if len(line) >= n:
                    return True
        return False


def _has(cell: "int | None", cells: set) -> bool:
    return cell is not None and cell in cells
