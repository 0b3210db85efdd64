"""Flipping enclosed pieces, enclosing drops and the full board, as data for any game with hands (the Reversi and
Ataxx family; docs/variants-file.md, "Flipping").

The rules follow Fairy-Stockfish (src/position.cpp ``do_move`` for ``flipEnclosedPieces``, src/position.h
``drop_region`` for ``enclosingDrop`` and ``enclosingDropStart``, src/position.cpp ``is_immediate_game_end`` for
``adjudicateFullBoard``; read at commit c19b5f6c):

- **flipping** (``flip_enclosed_pieces``): after every move but a pass, "reversi" turns to the mover's colour each
  line of enemy pieces closed at one end by the piece that moved and at the other by another of the mover's
  (along the eight lines of a queen); "ataxx" turns every enemy piece next to the piece that moved;
- **enclosing drops** (``enclosing_drop``): while one of ``enclosing_drop_start``'s squares is empty a drop goes
  there; after that a drop must, "reversi": touch an enemy piece and see a piece of the mover's at the end of
  one of its eight lines, past enemy pieces and holes (FSF's test lets the line run over walls, where the
  flipping stops: such a drop may flip nothing), "ataxx": touch a piece of the mover's, "snort": not touch an
  enemy piece orthogonally, "top": stand on the first rank or on a piece or wall (Connect Four's gravity),
  "anyside": be where a piece pushed in from one side of the board stops (below);
- "quadwrangle" flips as "ataxx" after a piece's move, and after a drop only when a piece of the mover's stands
  next to the dropped one;
- **a full board** (``adjudicate_full_board``): a board without an empty cell ends the game, a draw, or the
  material count where the game counts material (variants/rules/endings.py).

A piece that flips keeps its kind and changes colour. A move of a piece (Ataxx's jumps) becomes the special
move ``(from, to, 0, FLIP)`` so that its flips are undone with it; a drop (variants/rules/hands.py) flips in
``make_special``. The mixin :class:`Flips` comes before ``Hands`` among the bases.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.codes import DOUBLE, EMPTY, HOLE, NORMAL, SPECIAL, Move, code_of
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.rules.hands import DROP
from hyperchess.variants.core.outcome import Outcome
from hyperchess.variants.core.presentation import MoveParts, Target

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

FLIP = SPECIAL + 12       # a piece's own move in a game that flips: (from, to, 0, FLIP)
KEYS = {"flip_enclosed_pieces", "enclosing_drop", "enclosing_drop_start", "adjudicate_full_board"}
ATAXX = "ataxx"           # a rule's name (also the name of one of FSF's games)
RULES = ("reversi", ATAXX)
FLIP_RULES = RULES + ("quadwrangle",)
DROP_RULES = RULES + ("snort", "top", "anyside")
FULL_BOARD = "full board"  # the termination of a full board


@dataclass(frozen=True)
class FlipRules:
    """What a game flips and where it drops (Fairy-Stockfish's names in brackets)."""
    flip: str = ""                          # one of FLIP_RULES or "" [flipEnclosedPieces]
    enclosing: str = ""                     # one of DROP_RULES or "" [enclosingDrop]
    enclosing_start: tuple[str, ...] = ()   # the squares the first drops fill [enclosingDropStart]
    full_board: bool = False                # a full board ends the game [adjudicateFullBoard]


def read_flip_rules(t: dict, where: str) -> FlipRules:
    values: dict[str, Any] = {}
    for key, name, rules in (("flip_enclosed_pieces", "flip", FLIP_RULES), ("enclosing_drop", "enclosing", DROP_RULES)):
        if key in t:
            if t[key] not in rules:
                raise VariantsFileError(f"{where}.{key}: one of {', '.join(map(repr, rules))}, got {t[key]!r}")
            values[name] = t[key]
    if "enclosing_drop_start" in t:
        start = t["enclosing_drop_start"]
        if not isinstance(start, list) or not all(isinstance(q, str) for q in start) or len(start) > 4096:
            raise VariantsFileError(f"{where}.enclosing_drop_start: a list of squares")
        values["enclosing_start"] = tuple(start)
    if "adjudicate_full_board" in t:
        if not isinstance(t["adjudicate_full_board"], bool):
            raise VariantsFileError(f"{where}.adjudicate_full_board: true or false")
        values["full_board"] = t["adjudicate_full_board"]
    return FlipRules(**values)


def wanted(t: dict) -> bool:
    return bool(KEYS & set(t))


class Flips:
    """Mixin (before ``Hands`` among the bases): flipping, enclosing drops and the full board of ``flip_rules``."""

    flip_rules = FlipRules()

    def compile(self) -> None:
        self.special_legality = {**self.special_legality, FLIP: "tried"}   # type: ignore[has-type]
        super().compile()                                     # type: ignore[misc]
        r = self.flip_rules
        g = self.geometry                                     # type: ignore[attr-defined]
        self._enclose_start = tuple(self.names.parse(q) for q in r.enclosing_start)   # type: ignore[attr-defined]
        steps = [(x, y, 0) for x in (-1, 0, 1) for y in (-1, 0, 1) if x or y]
        self._around = [tuple(t for t in (g.step(c, v) for v in steps) if t is not None) for c in range(g.size)]
        self._lines = [tuple(line for line in (g.ray(c, v) for v in steps) if len(line) > 1)
                       for c in range(g.size)]
        four = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0))
        self._beside = [tuple(t for t in (g.step(c, v) for v in four) if t is not None) for c in range(g.size)]
        self._below = [g.step(c, (0, -1, 0)) for c in range(g.size)]
        # the board's rows and columns, each from its first cell (file a, rank 1) on
        self._rows = [tuple(c for c in range(g.size) if g.coords[c][1] == r) for r in range(g.ranks)]
        self._columns = [tuple(c for c in range(g.size) if g.coords[c][0] == f) for f in range(g.files)]
        self.has_restrict = True
        self.has_game_over = self.has_game_over or r.full_board          # type: ignore[has-type]
        self.quiet_endings = self.quiet_endings or r.full_board          # type: ignore[has-type]
        self.__dict__.pop("_rule_tables", None)

    # ------------------------------------------------------------------ moves
    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        """Enclosing drops only; with flipping, a piece's own move is a FLIP (its flips are undone with it)."""
        moves = super().restrict_moves(pos, moves)            # type: ignore[misc]
        r = self.flip_rules
        if r.enclosing:
            moves = self._enclosing(pos, moves)
        if r.flip:
            moves = [(m[0], m[1], 0, FLIP) if m[3] <= DOUBLE else m for m in moves]
        return moves

    def _enclosing(self, pos: "Position", moves: list[Move]) -> list[Move]:
        """FSF's ``drop_region`` with ``enclosingDrop``: the start squares first, then drops that flip."""
        b = pos.board
        start = [c for c in self._enclose_start if not b[c]]
        if start:
            return [m for m in moves if m[3] != DROP or m[1] in start]
        us = pos.turn
        rule = self.flip_rules.enclosing
        own = self.owner                                      # type: ignore[attr-defined]
        if rule == ATAXX:
            return [m for m in moves if m[3] != DROP or any(b[c] and own[b[c]] == us for c in self._around[m[1]])]
        if rule == "snort":
            return [m for m in moves if m[3] != DROP or not any(b[c] and own[b[c]] not in (us, -1)
                                                                 for c in self._beside[m[1]])]
        if rule == "top":
            below = self._below
            return [m for m in moves if m[3] != DROP or below[m[1]] is None or b[below[m[1]]]]
        if rule == "anyside":
            cells = self._pushed_in(pos)
            return [m for m in moves if m[3] != DROP or m[1] in cells]
        return [m for m in moves if m[3] != DROP or self._encloses(pos, m[1], us)]

    def _pushed_in(self, pos: "Position") -> set[int]:
        """FSF's ``drop_region`` for "anyside" (src/position.h): for each row whose first cell is empty, the first
        empty cell of the row with a piece (or wall) east of it or on the last file; for each column whose first
        cell is empty, the lowest empty cell with a piece north of it or on the last rank; for each column whose
        last cell is empty, the lowest empty cell with a piece south of it or on the first rank; for each row
        whose last cell is empty, the first empty cell with a piece west of it or on the first file. (FSF takes
        the lowest such cell each time, also where a piece pushed in from above or from the east would stop
        further on; that is kept.)"""
        b = pos.board
        out: set[int] = set()
        for lines in (self._rows, self._columns):
            for line in lines:
                for opened, ahead in ((0, 1), (-1, -1)):
                    if b[line[opened]]:
                        continue
                    last = len(line) - 1
                    for i, c in enumerate(line):
                        nxt = i + ahead
                        if not b[c] and (nxt in (-1, last + 1) or b[line[nxt]]):
                            out.add(c)
                            break
        return out

    def _encloses(self, pos: "Position", cell: int, us: int) -> bool:
        """FSF's ``drop_region`` for "reversi": ``cell`` touches an enemy piece, and along one of its eight lines,
        past enemy pieces and holes (the line's blockers are the empty cells and our pieces), the first other
        cell holds a piece of ours that is not next to ``cell``."""
        b = pos.board
        own = self.owner                                      # type: ignore[attr-defined]
        if not any(b[c] and own[b[c]] not in (us, -1) for c in self._around[cell]):
            return False
        for line in self._lines[cell]:
            for i, c in enumerate(line):
                q = b[c]
                if q and (q == HOLE or own[q] != us):
                    continue
                if q and i:
                    return True
                break
        return False

    def enclosed(self, pos: "Position", cell: int, us: int) -> list[int]:
        """The enemy pieces a piece of ``us`` on ``cell`` encloses: along each of the eight lines, a run of
        enemy pieces closed by a piece of ours (FSF's "reversi")."""
        b = pos.board
        own = self.owner                                      # type: ignore[attr-defined]
        out: list[int] = []
        for line in self._lines[cell]:
            run = []
            for c in line:
                q = b[c]
                if not q or own[q] < 0:
                    break
                if own[q] == us:
                    out += run
                    break
                run.append(c)
        return out

    def make_special(self, pos: "Position", move: Move) -> int:
        frm, to, _, flag = move
        if flag == FLIP:
            piece = pos.board[frm]
            pos.put(frm, EMPTY)
            pos.put(to, piece)
            done = EMPTY
        else:
            done = super().make_special(pos, move)            # type: ignore[misc]
        if self.flip_rules.flip and (flag == FLIP or flag == DROP):
            self._flip(pos, to, flag == DROP)
        return done

    def _flip(self, pos: "Position", cell: int, dropped: bool = False) -> None:
        b = pos.board
        us = self.owner[b[cell]]                              # type: ignore[attr-defined]
        own, kind = self.owner, self.kind_of                  # type: ignore[attr-defined]
        rule = self.flip_rules.flip
        if rule == "reversi":
            cells = self.enclosed(pos, cell, us)
        elif rule == "quadwrangle" and dropped and not any(b[c] and own[b[c]] == us for c in self._around[cell]):
            cells = []
        else:
            cells = [c for c in self._around[cell] if b[c] and own[b[c]] not in (us, -1)]
        for c in cells:
            pos.put(c, code_of(kind[b[c]], us))

    def move_parts(self, pos: "Position", move: Move) -> MoveParts | None:
        """A piece's own move is written as any move."""
        if move[3] == FLIP:
            return super().move_parts(pos, (move[0], move[1], 0, NORMAL))     # type: ignore[misc]
        return super().move_parts(pos, move)                                  # type: ignore[misc]

    def click_target(self, pos: "Position", move: Move) -> Target:
        """A piece's own move is clicked as any move (from, to)."""
        if move[3] == FLIP:
            name = self.names.name                            # type: ignore[attr-defined]
            return name(move[0]), name(move[1]), "move"
        return super().click_target(pos, move)                # type: ignore[misc]

    # ------------------------------------------------------------------ the end
    def game_over(self, pos: "Position") -> "Outcome | None":
        out = super().game_over(pos)                          # type: ignore[misc]
        if out is not None or not self.flip_rules.full_board or EMPTY in pos.board:
            return out
        full = Outcome("1/2-1/2", "The board is full", FULL_BOARD)
        counted = getattr(self, "counted", None)              # variants/rules/endings.py: material counting
        return counted(pos, full) if counted is not None else full
