"""Counting rules as data, for any two-player game (docs/variants-file.md, "Counting rules").

In the endgames of makruk and its relatives the weaker side counts its moves, and when the count passes its
limit the game is drawn. Fairy-Stockfish's three rules (``countingRule``: src/position.cpp ``count_limit``,
``do_move``, ``set``, ``fen``, ``is_optional_game_end``; src/position.h ``counting_limit``, ``counting_ply``;
read at commit c19b5f6c) are one mechanism with these parameters (:class:`CountingRules`):

- the **limit** of a side (in moves; 0: it does not count): none while the other side has only one piece;
  while the side has more than one piece, the *board's honour* (``board_honour`` moves, if it has at most
  ``board_honour_pieces`` pieces and, unless ``board_honour_with_pawns``, no pawn stands); a side with one
  piece and no pawn on the board counts by the *pieces' honour*: the first entry ``(letter, n, moves)`` of
  ``pieces_honour`` of which the other side has at least ``n`` pieces, else ``pieces_honour_else``;
- **when a count starts**: after each move, when no count runs, or when the side to move was just left with
  one piece by a capture or a promotion, the side to move starts counting if it has a limit: from 0 (the
  board's honour, or without ``pieces_honour_from_count``), else from the number of pieces on the board;
  with ``last_pawn``, a lone piece that takes the last pawn starts its count at once (from that number
  less one);
- a running count goes up by one each ply (its limit and count are in plies); when it passes its limit the
  game is drawn, unless the side to move is checkmated.

The count is FSF's: not part of the position's key (repetitions ignore it), and written in the position
string in place of the en-passant square (the limit, in plies) and of the halfmove clock (the count), while
one runs. It lives in bits of ``pos.rights`` above every other bit, so the core keeps it with each move.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.codes import PROMOTION, Move
from hyperchess.variants.board.errors import FenError, VariantsFileError
from hyperchess.variants.rules.piece_rules import can_move
from hyperchess.variants.core.outcome import Outcome

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

KEYS = {"counting"}
COUNTING_KEYS = {"board_honour", "board_honour_pieces", "board_honour_with_pawns", "pieces_honour",
                 "pieces_honour_else", "pieces_honour_from_count", "last_pawn"}
LIMIT_BITS = 10                # a limit of up to 1023 plies
PLY_BITS = 12                  # a count of up to 4095 plies
MAX_MOVES = (1 << LIMIT_BITS - 1) - 1


@dataclass(frozen=True)
class CountingRules:
    """A counting rule (see the module's text); limits in moves."""
    board_honour: int = 0
    board_honour_pieces: int = 0            # 0: however many pieces
    board_honour_with_pawns: bool = False
    pieces_honour: tuple[tuple[str, int, int], ...] = ()
    pieces_honour_else: int = 0
    pieces_honour_from_count: bool = False
    last_pawn: bool = False


def _moves(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_MOVES:
        raise VariantsFileError(f"{where}: a number of moves from 0 to {MAX_MOVES}, got {value!r}")
    return value


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise VariantsFileError(f"{where}: true or false, got {value!r}")
    return value


def read_counting(t: dict, where: str, letters: set[str], players: int) -> CountingRules:
    """The ``counting`` table of a game, checked; one line per mistake."""
    c = t.get("counting")
    at = f"{where}.counting"
    if not isinstance(c, dict):
        raise VariantsFileError(f"{at}: a table {{ board_honour = 64, pieces_honour = [[\"R\", 1, 16]], ... }}")
    if players != 2:
        raise VariantsFileError(f"{at}: two players only")
    unknown = sorted(set(c) - COUNTING_KEYS)
    if unknown:
        raise VariantsFileError(f"{at}.{unknown[0]}: not a key of a counting rule ({', '.join(sorted(COUNTING_KEYS))})")
    honour = c.get("pieces_honour", [])
    entries = []
    if not isinstance(honour, list):
        raise VariantsFileError(f"{at}.pieces_honour: a list of [letter, at least this many, moves]")
    for i, e in enumerate(honour):
        if not (isinstance(e, list) and len(e) == 3 and isinstance(e[0], str) and e[0].upper() in letters
                and isinstance(e[1], int) and not isinstance(e[1], bool) and 1 <= e[1] <= 64):
            raise VariantsFileError(f"{at}.pieces_honour[{i}]: [a piece letter of this game, a count from 1 to 64, "
                                    f"moves], got {e!r}")
        entries.append((e[0].upper(), e[1], _moves(e[2], f"{at}.pieces_honour[{i}]")))
    pieces = c.get("board_honour_pieces", 0)
    if not isinstance(pieces, int) or isinstance(pieces, bool) or not 0 <= pieces <= 4096:
        raise VariantsFileError(f"{at}.board_honour_pieces: a number of pieces (0: any), got {pieces!r}")
    return CountingRules(
        board_honour=_moves(c.get("board_honour", 0), f"{at}.board_honour"), board_honour_pieces=pieces,
        board_honour_with_pawns=_flag(c.get("board_honour_with_pawns", False), f"{at}.board_honour_with_pawns"),
        pieces_honour=tuple(entries), pieces_honour_else=_moves(c.get("pieces_honour_else", 0),
                                                               f"{at}.pieces_honour_else"),
        pieces_honour_from_count=_flag(c.get("pieces_honour_from_count", False), f"{at}.pieces_honour_from_count"),
        last_pawn=_flag(c.get("last_pawn", False), f"{at}.last_pawn"))


class Counting:
    """Mixin (before the ``Game`` class among the bases): the counting rule ``counting_rules``."""

    counting_rules = CountingRules()

    def compile(self) -> None:
        super().compile()                                                     # type: ignore[misc]
        low = max([b.bit_length() for b in self.castle_mask] + [0])           # type: ignore[attr-defined]
        self._count_shift = low
        self._limit_mask = ((1 << LIMIT_BITS) - 1) << low
        self._ply_shift = low + LIMIT_BITS
        self._below_count = (1 << low) - 1
        kind = self.kind_by_letter                                            # type: ignore[attr-defined]
        self._honour = [tuple((frozenset({self.code_for_letter(letter, 1 - c)}), n, moves)  # type: ignore[attr-defined]
                              for letter, n, moves in self.counting_rules.pieces_honour if letter in kind)
                        for c in (0, 1)]
        self.has_extra = True
        self.has_game_over = True
        self.quiet_endings = True             # a count runs out on any move
        self.__dict__.pop("_rule_tables", None)

    # ------------------------------------------------------------------ the count in pos.rights
    def counting(self, pos: "Position") -> tuple[int, int]:
        """(limit, count) of the running count, in plies; (0, 0) when none runs."""
        state = pos.rights >> self._count_shift
        return state & ((1 << LIMIT_BITS) - 1), state >> LIMIT_BITS

    def _set_count(self, pos: "Position", limit: int, ply: int) -> None:
        ply = min(ply, (1 << PLY_BITS) - 1)
        pos.rights = pos.rights & self._below_count | (limit | ply << LIMIT_BITS) << self._count_shift

    def rights_key(self, rights: int) -> int:
        """The count is not part of the position's key (as in FSF)."""
        return super().rights_key(rights & self._below_count)                 # type: ignore[misc]

    def count_limit(self, pos: "Position", side: int) -> int:
        """The limit of ``side``'s count now, in moves (0: it does not count); FSF's ``count_limit``."""
        r = self.counting_rules
        occ = pos.occupied
        if len(occ[1 - side]) == 1:
            return 0
        n = len(occ[side])
        if n > 1:
            if not r.board_honour or (r.board_honour_pieces and n > r.board_honour_pieces):
                return 0
            return r.board_honour if r.board_honour_with_pawns or not self._pawns(pos) else 0
        if self._pawns(pos):
            return 0
        b = pos.board
        for codes, least, moves in self._honour[side]:
            if sum(1 for c in occ[1 - side] if b[c] in codes) >= least:
                return moves
        return r.pieces_honour_else

    def _pawns(self, pos: "Position") -> bool:
        b = pos.board
        pawns = self.pawn_codes                                               # type: ignore[attr-defined]
        return any(b[c] in pawns for occ in pos.occupied for c in occ)

    def extra_after_move(self, pos: "Position", move: Move, moved: int, captured: int):
        """The count after ``move`` (FSF's ``do_move``): it goes on, or starts for a side that now may count."""
        st = super().extra_after_move(pos, move, moved, captured)            # type: ignore[misc]
        limit, ply = self.counting(pos)
        if limit:
            ply += 1
        us = pos.turn                         # still the mover (Position.push turns after this)
        them = 1 - us
        occ = pos.occupied
        total = len(occ[0]) + len(occ[1])
        if (self.counting_rules.last_pawn and captured in self.pawn_codes and len(occ[us]) == 1  # type: ignore[attr-defined]
                and not self._pawns(pos)):
            moves = self.count_limit(pos, us)
            if moves:
                limit, ply = 2 * moves, 2 * total - 1
        if not limit or ((captured or move[3] == PROMOTION) and len(occ[them]) == 1):
            moves = self.count_limit(pos, them)
            if moves:
                limit = 2 * moves
                ply = 2 * total if self.counting_rules.pieces_honour_from_count and len(occ[them]) == 1 else 0
        self._set_count(pos, limit, ply)
        return st

    def game_over(self, pos: "Position") -> "Outcome | None":
        done = super().game_over(pos)                                         # type: ignore[misc]
        if done is not None:
            return done
        limit, ply = self.counting(pos)
        if limit and ply > limit and not (pos.in_check() and not can_move(pos, pos.king(pos.turn))):
            return Outcome("1/2-1/2", f"the count reached {limit // 2} moves", "counting")
        return None

    # ------------------------------------------------------------------ position strings
    def read_en_passant(self, pos: "Position", field: str) -> None:
        """A number in the en-passant field is the limit of a running count, in plies (FSF's ``set``)."""
        if not field.isdigit():
            return super().read_en_passant(pos, field)                        # type: ignore[misc]
        if len(field) > 4 or int(field) >= 1 << LIMIT_BITS:
            raise FenError(f"bad counting limit {field[:10]!r}: at most {(1 << LIMIT_BITS) - 1} plies")
        self._set_count(pos, int(field), 0)

    def read_extra(self, pos: "Position", board_field: str, fields: list[str]):
        """With a count running, the halfmove field is its count (FSF's ``set``)."""
        extra = super().read_extra(pos, board_field, fields)                 # type: ignore[misc]
        limit, _ = self.counting(pos)
        if limit and pos.halfmove:
            if pos.halfmove >= 1 << PLY_BITS:
                raise FenError(f"bad count {pos.halfmove}: at most {(1 << PLY_BITS) - 1} plies")
            self._set_count(pos, limit, pos.halfmove)
            pos.halfmove = 0
        return extra

    def write_en_passant(self, pos: "Position") -> str:
        limit, _ = self.counting(pos)
        return str(limit) if limit else super().write_en_passant(pos)        # type: ignore[misc]

    def write_halfmove(self, pos: "Position") -> str:
        limit, ply = self.counting(pos)
        return str(ply) if limit else super().write_halfmove(pos)            # type: ignore[misc]


def set_counting(game: Any, spec: Any) -> None:
    """The ``counting`` table of ``spec``, read before the game is built."""
    t = spec.table
    pieces = t.get("pieces", {})
    letters = {str(k).upper() for k in pieces} if isinstance(pieces, dict) else set()
    players = t.get("players")
    game.counting_rules = read_counting(t, f"[{spec.name}]", letters, len(players) if isinstance(players, list) else 2)
