"""Gating, as data for any game with pieces in hand (Seirawan's S-chess; docs/variants-file.md, "Gating").

A piece of the mover's hand may enter the board on the square a back-rank piece leaves on its first move
(castling: on the king's square or the rook's). Fairy-Stockfish's rules (src/movegen.cpp
``make_move_and_gating``, src/position.cpp ``set``, ``fen``, ``legal``, ``do_move``; src/uci.cpp ``move``;
read at commit c19b5f6c):

- the squares that may still gate (FSF's "gates") are the cells of a player's first row whose piece has not
  moved; they are bits of ``pos.rights`` above the castling bits (``gate_bit[cell]``), so the core clears a
  gate as it clears a castling right, when a move leaves or enters its cell; they are not hashed (FSF's key
  leaves them out too);
- in the position string they are the castling field's file letters (``KQBCDFGkqbcdfg``: castling, then the
  gates castling does not already name), written while the player has pieces in hand or captures go to hand;
- a gating move is the move's name plus the piece's letter (``b1c3h``); a castling that gates on the rook's
  square is written from the rook's square to the king's (``h1e1h``), one that gates on the king's square as
  the castling plus the letter (``e1g1h``);
- whether a gating move is legal does not depend on the gated piece: it is legal when the move without it is
  (FSF's ``legal`` leaves the gate out of the occupancy), and a castling may not gate on a square its king or
  rook lands on.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.codes import CASTLE, DOUBLE, NORMAL, SPECIAL, Move, code_of
from hyperchess.variants.board.errors import FenError
from hyperchess.variants.core.fen import parse_castling
from hyperchess.variants.rules.hands import DROP, Hands, row_from_edge
from hyperchess.variants.board.notation import FILES
from hyperchess.variants.core.presentation import MoveParts, Target

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

GATE = SPECIAL + 2          # a move that gates on its from-square: (from, to, gated piece code, GATE)
GATE_CASTLE = SPECIAL + 3   # a castling that gates: (king from, king to, castle_extra(...), GATE_CASTLE)
_AT_ROOK = 1 << 15


def castle_extra(rule: int, code: int, at_rook: bool) -> int:
    """The ``extra`` of a gating castling: the castling rule's index, the gated code, and where it gates."""
    return code << 16 | (_AT_ROOK if at_rook else 0) | rule


def castle_parts(extra: int) -> tuple[int, int, bool]:
    """(rule index, gated code, gates on the rook's square) of a gating castling's ``extra``."""
    return extra & 0x7FFF, extra >> 16, bool(extra & _AT_ROOK)


def compile_gates(game: Any) -> None:
    """One bit of ``pos.rights`` per cell of each player's first row (FSF's gates: ``gate_bit[cell]``,
    ``gate_cells[color]`` by file, ``gate_mask[color]``), above the bits in use, added to ``castle_mask`` so
    that the core clears a gate as it clears a castling right."""
    g = game.geometry
    low = max([b.bit_length() for b in game.castle_mask] + [0])
    game.gate_bit = [0] * g.size
    game.gate_cells = []
    for color in range(game.players):
        row = sorted((c for c in range(g.size) if row_from_edge(game, color, c) == 0), key=lambda c: g.coords[c])
        game.gate_cells.append(row)
        for cell in row:
            game.gate_bit[cell] = 1 << low
            game.castle_mask[cell] |= 1 << low
            low += 1
    game.gate_mask = [sum(game.gate_bit[c] for c in row) for row in game.gate_cells]


def gate_cell(game: Any, field: str, ch: str) -> int:
    """The cell of the castling field's file letter ``ch`` (upper case: the first player's row)."""
    f = FILES.find(ch.lower())
    row = game.gate_cells[0 if ch.isupper() else 1]
    if f < 0 or f >= len(row):
        raise FenError(f"bad castling field {field!r}: {ch!r} is no castling and no file")
    return row[f]


def gate_letters(game: Any, pos: "Position", color: int, named: set[int] | frozenset[int] = frozenset()) -> list[str]:
    """The file letters of ``color``'s gates still open, those in ``named`` left out."""
    return [FILES[f].upper() if color == 0 else FILES[f] for f, cell in enumerate(game.gate_cells[color])
            if pos.rights & game.gate_bit[cell] and cell not in named]


class Gating(Hands):
    """Mixin (before ``Hands``' game class): Seirawan gating from the hands of ``Hands``."""

    special_legality = {DROP: "stays", GATE: "plain", GATE_CASTLE: "tried"}

    def compile(self) -> None:
        super().compile()
        compile_gates(self)
        self.hand_codes = [[code_of(k, color) for k in self.hand_order] for color in range(self.players)]  # type: ignore[attr-defined]
        # a piece gates only where it could be dropped (FSF: ``drop_region(us, pt) & from``: no pawn on its first row)
        self.gate_cells_of = [frozenset(cells) for cells in self.drop_cells]  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ moves
    def special_moves(self, pos: "Position", moves: list[Move]) -> None:
        """Drops (if the hands drop), then each move from a gate again with each piece of the hand gated."""
        base = len(moves)
        super().special_moves(pos, moves)
        us = pos.turn
        rights = pos.rights
        if not rights & self.gate_mask[us]:
            return
        counts = pos.extra.counts[us]
        codes = [code for code in self.hand_codes[us] if counts[self.kind_of[code]]]  # type: ignore[attr-defined]
        if not codes:
            return
        bit = self.gate_bit
        allowed = self.gate_cells_of
        king = pos.king(us)
        add = moves.append
        for i in range(base):
            frm, to, extra, flag = moves[i]
            if flag == CASTLE:
                rule = self.castling[extra]                                   # type: ignore[attr-defined]
                lands = (rule.king_to, rule.rook_to)
                for cell, at_rook in ((rule.king_from, False), (rule.rook_from, True)):
                    if rights & bit[cell] and cell not in lands:
                        for code in codes:
                            if cell in allowed[code]:
                                add((frm, to, castle_extra(extra, code, at_rook), GATE_CASTLE))
            elif flag <= DOUBLE and rights & bit[frm]:
                if frm == king and self._lands_attacked(pos, frm, to):
                    continue        # FSF judges a king's move without its gate, which would shield the king
                for code in codes:
                    if frm in allowed[code]:
                        add((frm, to, code, GATE))

    @staticmethod
    def _lands_attacked(pos: "Position", frm: int, to: int) -> bool:
        """Is ``to`` attacked once the king has left ``frm`` (the test of a king's move, gate left out)?"""
        b = pos.board
        king = b[frm]
        b[frm] = 0
        attacked = pos.attacked(to)
        b[frm] = king
        return attacked

    def make_special(self, pos: "Position", move: Move) -> int:
        frm, to, extra, flag = move
        if flag == GATE:
            b = pos.board
            captured = b[to]
            pos.put(to, b[frm])
            pos.put(frm, extra)
            return captured
        if flag == GATE_CASTLE:
            index, code, at_rook = castle_parts(extra)
            rule = self.castling[index]                                       # type: ignore[attr-defined]
            b = pos.board
            king, rook = b[rule.king_from], b[rule.rook_from]
            pos.put(rule.king_from, 0)
            pos.put(rule.rook_from, 0)
            pos.put(rule.rook_to, rook)
            pos.put(rule.king_to, king)
            pos.put(rule.rook_from if at_rook else rule.king_from, code)
            return 0
        return super().make_special(pos, move)

    def extra_after_move(self, pos: "Position", move: Move, moved: int, captured: int):
        st = super().extra_after_move(pos, move, moved, captured)
        flag = move[3]
        if flag == CASTLE or flag == GATE_CASTLE:
            # the core clears the bits of the cells a move leaves or enters; a castling leaves its rook's too
            rule = self.castling[move[2] if flag == CASTLE else castle_parts(move[2])[0]]   # type: ignore[attr-defined]
            pos.rights &= ~self.gate_bit[rule.rook_from]
        if flag == GATE or flag == GATE_CASTLE:
            code = move[2] if flag == GATE else castle_parts(move[2])[1]
            us = pos.turn
            pos.score -= self.team_sign[us] * self.hand_value[code]            # type: ignore[attr-defined]
            st = self._changed(st, us, self.kind_of[code], -1, st.promoted)   # type: ignore[attr-defined]
        return st

    # ------------------------------------------------------------------ position strings
    def read_castling(self, pos: "Position", field: str) -> int:
        """FSF's castling field: ``K``/``Q`` (a castling, and the gates of its king and rook), then file letters
        naming gates (a cell of the player's first row with its own piece), as ``Position::set`` reads them."""
        if field == "-":
            return 0
        castles = "".join(ch for ch in field if ch in "KQkq")
        rights = parse_castling(pos, castles) if castles else 0
        b = pos.board
        for ch in field:
            color = 0 if ch.isupper() else 1
            if ch in "KQkq":
                cells = [cell for i, r in enumerate(self.castling) if r.fen_char == ch        # type: ignore[attr-defined]
                         and rights & self.castle_need[i] == self.castle_need[i]              # type: ignore[attr-defined]
                         for cell in (r.king_from, r.rook_from)]
            else:
                cells = [gate_cell(self, field, ch)]
            for cell in cells:
                if b[cell] and self.owner[b[cell]] == color:                  # type: ignore[attr-defined]
                    rights |= self.gate_bit[cell]
        return rights

    def write_castling(self, pos: "Position") -> str:
        """FSF's castling field: each colour's castlings, then its gates castling does not name (while it has
        pieces in hand or captures go to hand)."""
        out = []
        rights = pos.rights
        for color in range(self.players):                                     # type: ignore[attr-defined]
            named = set()
            for i, rule in self.castle_by_color[color]:                       # type: ignore[attr-defined]
                if rights & self.castle_need[i] == self.castle_need[i]:       # type: ignore[attr-defined]
                    out.append(rule.fen_char)
                    named |= {rule.king_from, rule.rook_from}
            if any(pos.extra.counts[color]) or self.hand_rules.captures_to_hand:
                out += gate_letters(self, pos, color, named)
        return "".join(out) or "-"

    # ------------------------------------------------------------------ move text and clicks
    def move_name(self, pos: "Position", move: Move, square=None, letter=None) -> str:
        """A gating move is its move's name and the gated piece's letter (``b1c3h``, ``e1g1h``); a castling
        that gates on the rook's square goes from the rook's square to the king's (``h1e1h``)."""
        frm, to, extra, flag = move
        if flag != GATE and flag != GATE_CASTLE:
            return super().move_name(pos, move, square, letter)
        square = square or self.names.name                                    # type: ignore[attr-defined]
        if flag == GATE:
            code, text = extra, square(frm) + square(to)
        else:
            index, code, at_rook = castle_parts(extra)
            rule = self.castling[index]                                       # type: ignore[attr-defined]
            text = (square(rule.rook_from) + square(rule.king_from) if at_rook
                    else super().move_name(pos, (frm, to, index, CASTLE), square, letter))
        return text + (letter(code) if letter else self.pieces[self.kind_of[code]].letter).lower()  # type: ignore[attr-defined]

    def move_parts(self, pos: "Position", move: Move) -> MoveParts | None:
        """A gating move: its move, and the piece gated on its from-square (a castling's: king's or rook's)."""
        frm, to, extra, flag = move
        if flag == GATE:
            return replace(super().move_parts(pos, (frm, to, 0, NORMAL)), gate=extra, gate_cell=frm)
        if flag == GATE_CASTLE:
            index, code, at_rook = castle_parts(extra)
            cell = self.castling[index].rook_from if at_rook else frm                # type: ignore[attr-defined]
            return replace(super().move_parts(pos, (frm, to, index, CASTLE)), gate=code, gate_cell=cell)
        return super().move_parts(pos, move)

    def click_target(self, pos: "Position", move: Move) -> Target:
        """A gating move: the same two clicks as the move without it, labelled with the piece it gates."""
        frm, to, extra, flag = move
        if flag != GATE and flag != GATE_CASTLE:
            return super().click_target(pos, move)
        code = extra if flag == GATE else castle_parts(extra)[1]
        cell = frm if flag == GATE or not castle_parts(extra)[2] else self.castling[castle_parts(extra)[0]].rook_from  # type: ignore[attr-defined]
        name = self.names.name                                                # type: ignore[attr-defined]
        piece = self.piece_name(self.kind_of[code])                            # type: ignore[attr-defined]
        what = "castle" if flag == GATE_CASTLE else "move"
        article = "an" if piece[:1] in "aeiou" else "a"
        return name(frm), name(to), f"{what}, gate {article} {piece} on {name(cell)}"
