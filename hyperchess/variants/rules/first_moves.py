"""First moves and a king held in check, as data (docs/variants-file.md, "First moves").

Two rules of Fairy-Stockfish's makruk family (src/movegen.cpp ``generate_all``; src/position.cpp ``set``,
``fen``, ``legal``, ``do_move``; read at commit c19b5f6c), for any two-player game:

- **first moves** (FSF's ``cambodianMoves``): ``first_moves = { K = [[-2, 1], [2, 1]], M = [[0, 2]] }``: a
  piece standing on its player's first row that has not moved yet (a gate of FSF's: the castling field's file
  letters, ``DEde``, as Seirawan's gates, variants/rules/gating.py) may also leap by these vectors (written for the
  first player) to an empty square. A royal piece does not make that leap while in check, and loses it when
  an enemy piece of ``first_moves_lost`` moves onto its file or rank (FSF: a rook's move that lines up with
  the king, whatever stands between). The gates are bits of ``pos.rights``; a move that leaves or enters a
  gate's cell closes it;
- **a king held in check** (FSF's ``makpongRule``, ``makpong_rule = true``): a royal piece in check may move
  only to take the one piece giving check.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.codes import NORMAL, Move
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.core.fen import parse_castling
from hyperchess.variants.core.game import Game
from hyperchess.variants.rules.gating import compile_gates, gate_cell, gate_letters

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

KEYS = {"first_moves", "first_moves_lost", "makpong_rule"}


def read_first_moves(t: dict, where: str, letters: set[str]) -> tuple[dict[str, tuple[tuple[int, int], ...]], str]:
    """``first_moves`` (letter -> leap vectors) and ``first_moves_lost`` (letters) of a game table, checked."""
    table = t.get("first_moves", {})
    if not isinstance(table, dict):
        raise VariantsFileError(f"{where}.first_moves: a table of letter = [[file step, rank step], ...]")
    out = {}
    for letter, vectors in table.items():
        at = f"{where}.first_moves.{letter}"
        if letter.upper() not in letters:
            raise VariantsFileError(f"{at}: no piece {letter!r} in this game")
        if not isinstance(vectors, list) or not vectors or not all(
                isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool)
                                                            and -16 <= x <= 16 for x in v) and v != [0, 0]
                for v in vectors):
            raise VariantsFileError(f"{at}: a list of leaps [file step, rank step], e.g. [[0, 2]]")
        out[letter.upper()] = tuple((v[0], v[1]) for v in vectors)
    lost = t.get("first_moves_lost", "")
    if not isinstance(lost, str) or not all(ch.upper() in letters for ch in lost):
        raise VariantsFileError(f"{where}.first_moves_lost: piece letters of this game, got {lost!r}")
    return out, lost.upper()


class FirstMoves:
    """Mixin (before the ``Game`` class among the bases): ``first_leaps`` (letter -> vectors),
    ``first_lost`` (letters) and ``makpong`` set before ``compile``."""

    first_leaps: dict[str, tuple[tuple[int, int], ...]] = {}
    first_lost = ""
    makpong = False

    def compile(self) -> None:
        super().compile()                                                     # type: ignore[misc]
        if self.first_leaps:
            compile_gates(self)
        g = self.geometry                                                     # type: ignore[attr-defined]
        # leaps[code][cell]: the cells a piece of ``code`` on gate ``cell`` may leap to
        self._leaps: dict[int, dict[int, tuple[int, ...]]] = {}
        for letter, vectors in self.first_leaps.items():
            for color in range(self.players):                                 # type: ignore[attr-defined]
                code = self.code_for_letter(letter, color)                    # type: ignore[attr-defined]
                by_cell = {}
                for cell in getattr(self, "gate_cells", [[], []])[color]:
                    side, forward, _ = self.orientation(color, cell)          # type: ignore[attr-defined]
                    cells = []
                    for df, dr in vectors:
                        to = g.step(cell, tuple(df * side[i] + dr * forward[i] for i in range(3)))
                        if to is not None:
                            cells.append(to)
                    by_cell[cell] = tuple(cells)
                self._leaps[code] = by_cell
        self._lost_codes = [frozenset(self.code_for_letter(ch, c) for ch in self.first_lost)  # type: ignore[attr-defined]
                            for c in range(self.players)]                     # type: ignore[attr-defined]
        # each hook is on only where a rule needs it (or another class of the game defines it too)
        self.has_special = bool(self.first_leaps) or _others(self, "special_moves")
        self.has_restrict = self.makpong or _others(self, "restrict_moves")
        self.has_extra = bool(self.first_lost) or _others(self, "extra_after_move")
        self.__dict__.pop("_rule_tables", None)

    # ------------------------------------------------------------------ moves
    def special_moves(self, pos: "Position", moves: list[Move]) -> None:
        super().special_moves(pos, moves)                                     # type: ignore[misc]
        us = pos.turn
        rights = pos.rights
        if not self.first_leaps or not rights & self.gate_mask[us]:
            return
        b = pos.board
        bit = self.gate_bit
        check = None
        for cell in self.gate_cells[us]:
            if not rights & bit[cell]:
                continue
            targets = self._leaps.get(b[cell])
            if not targets:
                continue
            if b[cell] in self.royal_codes:                                   # type: ignore[attr-defined]
                if check is None:
                    check = pos.in_check()
                if check:
                    continue
            for to in targets[cell]:
                if not b[to]:
                    moves.append((cell, to, 0, NORMAL))

    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        """``makpong``: in check, a royal piece moves only to take the one piece giving check."""
        moves = super().restrict_moves(pos, moves)                            # type: ignore[misc]
        if not self.makpong:
            return moves
        k = pos.king()
        if k is None:
            return moves
        checkers = pos.attackers(k, self.enemies[pos.turn])                   # type: ignore[attr-defined]
        if not checkers:
            return moves
        return [m for m in moves if m[0] != k or (len(checkers) == 1 and m[1] == checkers[0])]

    def extra_after_move(self, pos: "Position", move: Move, moved: int, captured: int):
        """``first_moves_lost``: a move of such a piece onto the file or rank of the enemy royal piece that still
        has its first leap takes it."""
        st = super().extra_after_move(pos, move, moved, captured)            # type: ignore[misc]
        us = pos.turn
        if moved in self._lost_codes[us]:
            them = 1 - us
            k = pos.king(them)
            if k is not None and pos.rights & self.gate_bit[k]:
                (f, r, _), (kf, kr, _) = self.geometry.coords[move[1]], self.geometry.coords[k]   # type: ignore[attr-defined]
                if (f == kf) != (r == kr):
                    pos.rights &= ~self.gate_bit[k]
        return st

    # ------------------------------------------------------------------ position strings
    def read_castling(self, pos: "Position", field: str) -> int:
        """The castling field: the file letters of the gates (a cell of the player's first row with its own
        piece), after any castling letters."""
        if not self.first_leaps or field == "-":
            return super().read_castling(pos, field)                          # type: ignore[misc]
        rights = parse_castling(pos, "".join(ch for ch in field if ch in "KQkq")) if self.castling else 0   # type: ignore[attr-defined]
        b = pos.board
        for ch in field:
            if ch in "KQkq" and self.castling:                                # type: ignore[attr-defined]
                continue
            cell = gate_cell(self, field, ch)
            color = 0 if ch.isupper() else 1
            if b[cell] and self.owner[b[cell]] == color:                      # type: ignore[attr-defined]
                rights |= self.gate_bit[cell]
        return rights

    def write_castling(self, pos: "Position") -> str:
        if not self.first_leaps:
            return super().write_castling(pos)                                # type: ignore[misc]
        text = super().write_castling(pos).strip("-")                         # type: ignore[misc]
        gates = "".join(gate_letters(self, pos, 0)) + "".join(gate_letters(self, pos, 1))
        return text + gates or "-"


def _others(game: Any, name: str) -> bool:
    """Does a class of ``game`` other than :class:`FirstMoves` and the core's ``Game`` define ``name``?"""
    for k in type(game).__mro__:
        if k is not FirstMoves and name in k.__dict__:
            return k is not Game
    return False


def set_first_moves(game: Any, spec: Any) -> None:
    """The first-move keys of ``spec``'s table, read before the game is built."""
    t = spec.table
    pieces = t.get("pieces", {})
    letters = {str(k).upper() for k in pieces} if isinstance(pieces, dict) else set()
    game.first_leaps, game.first_lost = read_first_moves(t, f"[{spec.name}]", letters)
    makpong = t.get("makpong_rule", False)
    if not isinstance(makpong, bool):
        raise VariantsFileError(f"[{spec.name}].makpong_rule: true or false")
    game.makpong = makpong
