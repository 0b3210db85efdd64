"""The bounds of a variants file (docs/variants-file.md, "Limits"): what a hostile or runaway file may cost
before it is refused with one line. Every bound is a count read from the text or the game's data, never a
clock, so a file is accepted or refused the same way on every machine.

- the file: at most ``MAX_FILE_BYTES`` (the size ``--variants``, ``VariantPath`` and ``check`` read, refused
  before a byte more is read), TOML arrays and tables nested at most ``MAX_NESTING`` deep and at most
  ``MAX_BRACKETS`` ``[`` in all (both counted before the TOML reader, which takes ~8 us an array item), at most
  ``MAX_GAMES`` games, ``extends`` chains at most ``MAX_EXTENDS`` long; a Fairy-Stockfish file at most
  ``MAX_SECTIONS`` sections, each inheriting through at most ``MAX_EXTENDS`` of them (``check_sections``);
- a piece: a Betza string of at most ``MAX_BETZA`` characters, at most ``MAX_MOVES`` moves and
  ``MAX_VECTORS`` vectors in one move;
- the work of building the move tables: ``work()`` (cells times the cells each move can reach from one,
  per player) at most ``MAX_WORK`` for a game and for the whole file.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.board.pieces import Hop, Leap, PieceType, Slide

MAX_FILE_BYTES = 1 << 18          # 256 KiB: the largest shipped file is 8 KB
MAX_NESTING = 32
MAX_BRACKETS = 1 << 14            # "[" anywhere in the file; the shipped files have at most 113
MAX_GAMES = 64
MAX_EXTENDS = 16
MAX_SECTIONS = 256               # a Fairy-Stockfish file's sections; its own variants.ini has 143
MAX_BETZA = 100
MAX_MOVES = 64
MAX_VECTORS = 64
MAX_WORK = 6_000_000              # cell-steps; the shipped games need at most ~520,000 (mixed3d)

# TOML: strings and comments (whose brackets do not nest), and the brackets that do
_TOML = re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
                   r'|(?P<open>[\[{])|(?P<close>[\]}])', re.S)


def check_nesting(text: str, name: str) -> None:
    """Refuse TOML nested deeper than ``MAX_NESTING``, or with more than ``MAX_BRACKETS`` arrays and tables,
    before the reader meets it (the TOML reader is recursive, and slow: 8 us an array item)."""
    depth = 0
    for m in _TOML.finditer(text):
        if m.group("open"):
            depth += 1
            if depth > MAX_NESTING:
                line = text.count("\n", 0, m.start()) + 1
                raise VariantsFileError(f"{name}: line {line}: arrays or tables nested more than {MAX_NESTING} deep")
        elif m.group("close"):
            depth = max(0, depth - 1)
    brackets = text.count("[")
    if brackets > MAX_BRACKETS:
        raise VariantsFileError(f"{name}: {brackets:,} arrays and tables ('['), more than {MAX_BRACKETS:,}")


def check_games(data: dict, name: str) -> None:
    if len(data) > MAX_GAMES:
        raise VariantsFileError(f"{name}: {len(data)} games, more than {MAX_GAMES} in one file")


def check_sections(heads: list[tuple[str, str]], name: str, taken: frozenset[str] = frozenset()) -> None:
    """A Fairy-Stockfish file's sections, ``(name, parent)`` each: at most ``MAX_SECTIONS``, and each inheriting
    through at most ``MAX_EXTENDS`` sections of the file, itself counted, as a TOML game's ``extends`` chain
    (``[b:a]`` inherits from ``a`` above it; a parent that is not in the file, one of FSF's games, ends the
    chain). Checked before any section is read, so such a file is refused at once. A section the reader skips
    (no name, a name taken) is not counted in a chain."""
    if len(heads) > MAX_SECTIONS:
        raise VariantsFileError(f"{name}: {len(heads)} sections, more than {MAX_SECTIONS} in one file")
    depth: dict[str, int] = {}
    for section, parent in heads:
        if not section or section in depth or section in taken:
            continue
        depth[section] = depth.get(parent, 0) + 1
        if depth[section] > MAX_EXTENDS:
            raise VariantsFileError(f"{name}: [{section}]: inherits through a chain of more than {MAX_EXTENDS} "
                                    f"sections")


def check_betza(text: str, where: str) -> None:
    if len(text) > MAX_BETZA:
        raise VariantsFileError(f"{where}.betza: {len(text)} characters, more than {MAX_BETZA}")


def check_count(items: list, limit: int, what: str, where: str) -> None:
    """At most ``limit`` ``items`` (a piece's moves, a move's vectors)."""
    if len(items) > limit:
        raise VariantsFileError(f"{where}: {len(items)} {what}, more than {limit}")


def work(cells: int, longest: int, players: int, army: Iterable[PieceType]) -> int:
    """What building the move tables costs, counted: for every cell and player, the cells each move of
    each piece may visit from it (a slide or hop up to its range or the longest side, a leap one, a pawn's
    path its steps)."""
    steps = 0
    for piece in army:
        for atom in piece.moves:
            if isinstance(atom, Slide):
                steps += len(atom.directions) * (atom.limit or longest)
            elif isinstance(atom, Hop):
                steps += len(atom.directions) * longest
            elif isinstance(atom, Leap):
                steps += len(atom.vectors)
            else:
                steps += len(atom.offsets)
    return steps * cells * players


def check_work(amount: int, budget: int, where: str) -> None:
    if amount > budget:
        raise VariantsFileError(f"{where}: building its move tables would take {amount:,} cell-steps, more than "
                                f"{budget:,} (a smaller board, fewer pieces or shorter moves)")


def check_holes(holes: Any, size: tuple[int, int, int], where: str) -> list[tuple[int, int, int]]:
    """``holes``: cells of the board, each [file, rank] or [file, rank, level] counted from 0."""
    if not isinstance(holes, list):
        raise VariantsFileError(f"{where}.holes: a list of cells, e.g. [[0, 0], [7, 7]]")
    out = []
    for h in holes:
        if (not isinstance(h, list) or len(h) not in (2, 3)
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in h)):
            raise VariantsFileError(f"{where}.holes: {h!r} is not a cell [file, rank] or [file, rank, level]")
        cell = tuple(h) + (0,) * (3 - len(h))
        if not all(0 <= x < n for x, n in zip(cell, size)):
            raise VariantsFileError(f"{where}.holes: {h!r} is off the {size[0]}x{size[1]}x{size[2]} board "
                                    f"(counted from 0)")
        out.append(cell)
    return out  # type: ignore[return-value]
