"""Mirror boards, as data for any game with levels (docs/variants-file.md, "Mirror boards"; Alice chess,
docs/rules/alice.md): the levels form ``mirror_boards`` boards of equal height; a move is made on the board its
piece stands on, then the piece passes "through the looking-glass" to the same cell of the next board (after
the last board, the first), which must be empty.

The rules (V. R. Parton's Alice chess, as chessvariants.com and Wikipedia state them; the choices where the
sources differ are docs/rules/alice.md's):

- a move must be legal on the board where it is played: the core generates it there (``Geometry(boards=)``
  keeps every step on its board), captures included, and a royal piece may not stop on a cell attacked on that
  board (a castling king: not start, cross or stop on one; the core's castling test);
- the cell it passes to must be empty (a castling: the king's and the rook's), and after the pass the mover's
  royal piece may not be attacked where it stands (so a piece put between king and checker does not block: it
  has gone to the other board);
- no en passant: a double step opens none (most sources; docs/rules/alice.md).

Every move of the game becomes one move of the core, ``(from, to, inner extra << 5 | inner flag, CROSS)``: the
ordinary move on its own board (``inner_of``), whose castling and promotion apply (``Game.inner_move``), and
whose ``to`` is where it is played (a capture's victim stands there), so the search sees captures as captures.
A piece that passes opens lines on the board it leaves and closes lines on the one it reaches (a pinned piece
may not move at all; a piece may block by arriving), so a CROSS move is ``tried`` (``Game.special_legality``):
the core makes each one and tests the mover's royal piece, and the search's shortcuts for plain moves (pins,
evasion cells, aligned cells) never apply to it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.codes import (CASTLE, DOUBLE, EMPTY, EN_PASSANT, NORMAL, PROMOTION, SPECIAL,
                                             TRANSFORM, Move)
from hyperchess.variants.board.errors import FenError, VariantsFileError
from hyperchess.variants.core.legality import castle_safe
from hyperchess.variants.core.load import pawn_cells

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

CROSS = SPECIAL + 14      # a move made on its board, the piece then passing on: (from, to, packed inner move, CROSS)
_FLAG = 5                 # bits of the inner move's flag in a CROSS move's extra
KEYS = {"mirror_boards"}


def cross_move(move: Move) -> Move:
    """The CROSS move that makes the ordinary ``move`` and then passes the piece on."""
    return move[0], move[1], move[2] << _FLAG | move[3], CROSS


def inner_of(move: Move) -> Move:
    """The ordinary move a CROSS move makes on its own board."""
    return move[0], move[1], move[2] >> _FLAG, move[2] & ((1 << _FLAG) - 1)


def read_boards(t: dict, where: str, levels: int) -> int:
    """The ``mirror_boards`` key: 2 or more boards that share the levels evenly (1: none). One line per mistake."""
    n = t.get("mirror_boards", 1)
    if not isinstance(n, int) or isinstance(n, bool) or n < 1 or n > 64:
        raise VariantsFileError(f"{where}.mirror_boards: a whole number of boards from 1 to 64, got {n!r}")
    if n > 1 and levels % n:
        raise VariantsFileError(f"{where}.mirror_boards: {levels} levels do not split into {n} boards of equal "
                                f"height")
    return n


class MirrorBoards:
    """Mixin: pieces pass to the same cell of the next board after each move (``Geometry.boards`` > 1)."""

    def compile(self) -> None:
        self.special_legality = {**self.special_legality, CROSS: "tried"}            # type: ignore[has-type]
        super().compile()                                                             # type: ignore[misc]
        g = self.geometry                                                             # type: ignore[attr-defined]
        shift = g.board_levels
        self.mirror = [g.index.get((f, r, (lv + shift) % g.levels)) for f, r, lv in g.coords]
        # a pawn stands where its moves reach on one board, on any board (it passes on after each move)
        self._pawn_cells = {code: frozenset(x for c in cells for x in self._same_cells(c))
                            for code, cells in pawn_cells(self).items()}

    def _same_cells(self, cell: int) -> list[int]:
        """``cell`` and the cells of the same name on the other boards."""
        out = [cell]
        nxt = self.mirror[cell]
        while nxt is not None and nxt != cell:
            out.append(nxt)
            nxt = self.mirror[nxt]
        return out

    def inner_move(self, move: Move) -> Move:
        """A CROSS move's ordinary move: its castling and promotion rules apply in ``Position.push``."""
        if move[3] == CROSS:
            return inner_of(move)
        return super().inner_move(move)                                               # type: ignore[misc]

    # ------------------------------------------------------------------ moves
    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        """Each ordinary move whose piece (pieces, castling) can pass on, as a CROSS move."""
        moves = super().restrict_moves(pos, moves)                                    # type: ignore[misc]
        b = pos.board
        mirror = self.mirror
        us = pos.turn
        k = pos.king_cell(us)
        enemies = pos.rules.enemies[us]
        out: list[Move] = []
        for m in moves:
            frm, to, extra, flag = m
            if flag >= SPECIAL:
                out.append(m)           # another mechanism's own move (a drop, a pass) stays where it is made
                continue
            if flag == EN_PASSANT:
                continue                # no en passant (docs/rules/alice.md)
            if flag == CASTLE:
                rule = self.castling[extra]                                           # type: ignore[attr-defined]
                kt, rt = mirror[rule.king_to], mirror[rule.rook_to]
                if kt is None or rt is None or b[kt] or b[rt]:
                    continue
                if frm == k and not castle_safe(pos, m, enemies):
                    continue            # the king would stand attacked on the board where it castles
                out.append(cross_move(m))
                continue
            land = mirror[to]
            if land is None or b[land]:
                continue
            if frm == k:
                # a king's move must be legal on its own board: it may not stop on a cell attacked there
                king = b[frm]
                b[frm] = EMPTY
                attacked = pos.attacked(to, enemies)
                b[frm] = king
                if attacked:
                    continue
            if flag == DOUBLE:
                m = (frm, to, 0, NORMAL)
            out.append(cross_move(m))
        return out

    def make_special(self, pos: "Position", move: Move) -> int:
        """A CROSS move: the ordinary move on its board, then the moved piece (king and rook) on to the next."""
        if move[3] != CROSS:
            return super().make_special(pos, move)                                    # type: ignore[misc]
        frm, to, extra, flag = inner_of(move)
        b = pos.board
        mirror = self.mirror
        if flag == CASTLE:
            rule = self.castling[extra]                                               # type: ignore[attr-defined]
            king, rook = b[rule.king_from], b[rule.rook_from]
            pos.put(rule.king_from, EMPTY)
            pos.put(rule.rook_from, EMPTY)
            pos.put(mirror[rule.rook_to], rook)
            pos.put(mirror[rule.king_to], king)
            return EMPTY
        piece = extra if flag == PROMOTION or flag == TRANSFORM else b[frm]
        captured = b[to]
        pos.put(frm, EMPTY)
        if captured:
            pos.put(to, EMPTY)
        pos.put(mirror[to], piece)
        return captured

    def validate(self, pos: "Position") -> None:
        """Two boards: no cell holds a piece on both (no move can bring that about)."""
        g = self.geometry                                                             # type: ignore[attr-defined]
        if g.boards == 2:
            b = pos.board
            for c in range(g.size):
                other = self.mirror[c]
                if c < other and b[c] and b[other]:
                    raise FenError(f"{self.names.name(c)} and {self.names.name(other)} are both occupied: "   # type: ignore[attr-defined]
                                   f"a cell holds a piece on one board at most")
        super().validate(pos)                                                         # type: ignore[misc]

    # ------------------------------------------------------------------ move text and clicks
    def move_name(self, pos: "Position", move: Move, square=None, letter=None) -> str:
        """A CROSS move is written as the move on its own board (``Ae2Ae4``: played on A, the pawn lands on B)."""
        if move[3] == CROSS:
            move = inner_of(move)
        return super().move_name(pos, move, square, letter)                           # type: ignore[misc]

    def flat_move(self, pos: "Position", move: Move, square) -> str | None:
        """XBoard's text, where the piece ends (XBoard sees the boards side by side): ``e2m4``; a capture in two
        legs, taking on its own board and going on (``a1a8,a8i8``); a castling as the king's move on its board."""
        if move[3] != CROSS:
            return super().flat_move(pos, move, square)                               # type: ignore[misc]
        frm, to, extra, flag = inner_of(move)
        if flag == CASTLE:
            return None
        land = square(self.mirror[to])
        text = f"{square(frm)}{square(to)},{square(to)}{land}" if pos.board[to] else square(frm) + land
        if flag == PROMOTION:
            text += self.flat_letter(extra).lower()                                  # type: ignore[attr-defined]
        return text

    def click_target(self, pos: "Position", move: Move) -> Any:
        """The clicks of the move on its own board: the piece, then the cell it moves to there."""
        if move[3] == CROSS:
            move = inner_of(move)
        return super().click_target(pos, move)                                        # type: ignore[misc]
