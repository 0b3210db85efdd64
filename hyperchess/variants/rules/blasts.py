"""Captures that explode, as data for any game (docs/variants-file.md, "Blasts").

Fairy-Stockfish's rules (src/position.cpp ``do_move``, "Remove the blast pieces", and ``legal``; src/variant.h
``blastOnCapture``, ``blastImmuneTypes``, ``mutuallyImmuneTypes``; read at commit c19b5f6c):

- **a capture blasts** (``blast_on_capture``): once a plain move, a promotion or an en passant capture has
  taken, the capturing piece and every piece a king's step from the cell it captured on are removed, of
  either side, except the pawns next to it (pieces with ``pawn = true``, or those ``blast_spared_types``
  names: FSF spares its pawn type alone, not the other pieces of ``pawnTypes``) and the pieces of
  ``blast_immune_types``. A blasted king or rook loses its castling rights; a capturer that petrifies
  (``petrify_on_capture``, variants/rules/walls.py) leaves a wall where it took;
- **mutually immune pieces** (``mutually_immune_types``): a piece of one of these kinds may not capture a
  piece of its own kind (atomar's kings), with or without blasts;
- with pseudo-royal pieces (variants/rules/endings.py), a move may not blast one of the mover's own, one that
  blasts one of the other side's is legal whatever else it leaves attacked, and two pseudo-royal pieces a
  king's step apart do not attack each other (capturing one would blast the capturer's own);
- with captures to hand (variants/rules/hands.py), each blasted piece goes to the hand of the side it did not
  belong to (the capturer too), a promoted one as a pawn.

A capture that blasts is the special move ``(from, to, packed, BLAST)``, ``packed`` holding the plain move's
``extra`` and flag (``blast_move``, ``plain_move``): its name, its clicks and its legality are the plain
move's, made by ``make_special``. The mixin :class:`Blasts` turns the captures into such moves in
``restrict_moves`` (so the search's capture lists get them too), before the endings filter them.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product
from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.codes import EMPTY, EN_PASSANT, HOLE, NORMAL, PROMOTION, SPECIAL, Move, ep_victim, promoted_code
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.core.presentation import MoveParts, Target

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

BLAST = SPECIAL + 6       # a capture that blasts: (from, to, plain extra << 4 | plain flag, BLAST)
_FLAG_BITS = 4
KEYS = {"blast_on_capture", "blast_immune_types", "blast_spared_types", "mutually_immune_types"}


@dataclass(frozen=True)
class BlastRules:
    """What a game's captures do (Fairy-Stockfish's option names in brackets)."""
    blast: bool = False          # a capture blasts [blastOnCapture]
    immune: str = ""             # letters of the pieces no blast removes [blastImmuneTypes]
    mutually_immune: str = ""    # letters of the pieces that may not capture their own kind [mutuallyImmuneTypes]
    spared: str | None = None    # letters of the pieces a blast next to them spares; None: the pawns [PAWN]


def read_rules(t: dict, where: str, letters: set[str]) -> BlastRules:
    """The blast keys of a game's table, checked; one line per mistake."""
    blast = t.get("blast_on_capture", False)
    if not isinstance(blast, bool):
        raise VariantsFileError(f"{where}.blast_on_capture: true or false, got {blast!r}")
    values: dict[str, Any] = {"blast": blast}
    for key, name in (("blast_immune_types", "immune"), ("mutually_immune_types", "mutually_immune"),
                      ("blast_spared_types", "spared")):
        if key not in t:
            continue
        value = t[key]
        if not isinstance(value, str) or not all(ch.upper() in letters for ch in value):
            raise VariantsFileError(f"{where}.{key}: piece letters of this game, got {value!r}")
        values[name] = value.upper()
    for key, name in (("blast_immune_types", "immune"), ("blast_spared_types", "spared")):
        if values.get(name) is not None and not blast:
            raise VariantsFileError(f"{where}.{key}: needs blast_on_capture = true")
    return BlastRules(**values)


def wanted(t: dict) -> bool:
    """Does a game's table ask for this mixin?"""
    return t.get("blast_on_capture", False) is not False or "mutually_immune_types" in t or "blast_immune_types" in t


def blast_move(move: Move) -> Move:
    """The blasting twin of the capture ``move``."""
    frm, to, extra, flag = move
    return (frm, to, extra << _FLAG_BITS | flag, BLAST)


def plain_move(move: Move) -> Move:
    """The capture a ``BLAST`` move makes, as the core writes it (any other move as it is)."""
    if move[3] != BLAST:
        return move
    frm, to, packed, _ = move
    return (frm, to, packed >> _FLAG_BITS, packed & ((1 << _FLAG_BITS) - 1))


class Blasts:
    """Mixin (before ``Endings`` and the game's class among the bases): the captures of ``blast_rules``."""

    blast_rules = BlastRules()
    _unwalled = -1         # the cell of a wall the legality test of a blast does not see

    def compile(self) -> None:
        self.special_legality = {**self.special_legality, BLAST: "tried"}            # type: ignore[has-type]
        super().compile()                                                             # type: ignore[misc]
        r = self.blast_rules
        g = self.geometry                                                             # type: ignore[attr-defined]
        steps = [v for v in product((-1, 0, 1), repeat=3) if any(v)]
        # the cells a king's step away (FSF's attacks_bb<KING>), on levels and wrapped boards too
        self.blast_cells = [tuple(dict.fromkeys(c for c in (g.step(cell, v) for v in steps)
                                                if c is not None and c != cell)) for cell in range(g.size)]
        n = self.ncodes                                                               # type: ignore[attr-defined]
        letter = [self.pieces[self.kind_of[c]].letter if self.kind_of[c] else "" for c in range(n)]   # type: ignore[attr-defined]
        self.blast_immune = [bool(letter[c]) and letter[c] in r.immune for c in range(n)]
        spared = [bool(letter[c]) and (self.pieces[self.kind_of[c]].pawn if r.spared is None   # type: ignore[attr-defined]
                                       else letter[c] in r.spared) for c in range(n)]
        self.blast_pawn = spared
        self.blast_spared = [not letter[c] or self.blast_immune[c] or spared[c]
                             for c in range(n)]        # (a hole is no piece: never blasted)
        self.mutual = [bool(letter[c]) and letter[c] in r.mutually_immune for c in range(n)]
        # a blasted capturer that petrifies (variants/rules/walls.py) leaves a wall where it took (FSF's do_move)
        petrify = getattr(self, "petrify_codes", frozenset())
        self.blast_petrify = [c in petrify for c in range(n)]
        # pseudo-royal pieces next to each other are immune to each other (read by variants/rules/endings.py)
        self.touching_royals_immune = r.blast

    # ------------------------------------------------------------------ moves
    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        b = pos.board
        kind = self.kind_of                                                           # type: ignore[attr-defined]
        blast = self.blast_rules.blast
        mutual = self.mutual
        out: list[Move] = []
        add = out.append
        for m in moves:
            flag = m[3]
            if flag == EN_PASSANT:
                victim = b[ep_victim(m)]
            elif flag == NORMAL or flag == PROMOTION:
                victim = b[m[1]]
            else:
                add(m)
                continue
            if not victim:
                add(m)
                continue
            p = b[m[0]]
            if mutual[p] and kind[p] == kind[victim]:
                continue
            add(blast_move(m) if blast else m)
        return super().restrict_moves(pos, out)                                       # type: ignore[misc]

    def make_special(self, pos: "Position", move: Move) -> int:
        if move[3] != BLAST:
            return super().make_special(pos, move)                                    # type: ignore[misc]
        plain = plain_move(move)
        frm, to, _, flag = plain
        b = pos.board
        p = b[frm]
        if flag == EN_PASSANT:
            cell = ep_victim(plain)
            captured = b[cell]
            pos.put(cell, EMPTY)
        else:
            captured = b[to]
        pos.put(frm, EMPTY)
        pos.put(to, promoted_code(plain) or p)
        blasted = [to] if not self.blast_immune[b[to]] else []
        spared = self.blast_spared
        blasted += [c for c in self.blast_cells[to] if b[c] and not spared[b[c]]]
        mask = 0
        wall = blasted and blasted[0] == to and self.blast_petrify[b[to]]
        to_hand = getattr(self, "blasted_to_hand", None)          # with hands (variants/rules/hands.py)
        if to_hand is not None:
            marked = getattr(pos.extra, "promoted", frozenset())
            to_hand(pos, [(b[c], c in marked if c != to else frm in marked or bool(promoted_code(plain)))
                          for c in blasted])
        for cell in blasted:
            mask |= self.castle_mask[cell]                                            # type: ignore[attr-defined]
            pos.put(cell, EMPTY)
        if wall:
            pos.put(to, HOLE)
        rights = pos.rights
        if rights & mask:
            pos.hash ^= self.rights_key(rights) ^ self.rights_key(rights & ~mask)     # type: ignore[attr-defined]
            pos.rights = rights & ~mask
        return captured

    # ------------------------------------------------------------------ legality (variants/rules/endings.py)
    def _royals_safe(self, pos: "Position", move: Move) -> bool:
        """FSF's ``legal`` tests a capture that blasts on the board without the blasted cells: a wall it leaves
        there (a petrifying capturer's, or one placed with the move on the cell the capturer left) blocks no
        line in the test."""
        cell = self._unseen_wall(pos, move)
        if cell < 0:
            return super()._royals_safe(pos, move)                                    # type: ignore[misc]
        self._unwalled = cell
        try:
            return super()._royals_safe(pos, move)                                    # type: ignore[misc]
        finally:
            self._unwalled = -1

    def _unseen_wall(self, pos: "Position", move: Move) -> int:
        """The cell of the wall ``move`` leaves that FSF's ``legal`` blasts away, or -1. It blasts a king's step
        around the capture every cell that holds a piece but a pawn before the move (pawns of FSF's type, the
        blast's immunities aside), then the capture's cell: the petrifying capturer's wall there, and a wall
        placed on the cell its capturer left (variants/rules/walls.py, ``placed_wall``)."""
        if move[3] == BLAST:
            return move[1] if self.blast_petrify[promoted_code(plain_move(move)) or pos.board[move[0]]] else -1
        inner = self.inner_move(move)                                                 # type: ignore[attr-defined]
        if inner[3] != BLAST:
            return -1
        frm, to = inner[0], inner[1]
        placed = getattr(self, "placed_wall", None)        # (a game with walls)
        if placed is not None and placed(move) == frm and frm in self.blast_cells[to] and not self.blast_pawn[pos.board[frm]]:
            return frm
        return self._unseen_wall(pos, inner)

    def _pseudo_attacked(self, pos: "Position", color: int, cells: list[int] | None = None) -> bool:
        cell = self._unwalled
        b = pos.board
        if cell < 0 or b[cell] != HOLE:
            return super()._pseudo_attacked(pos, color, cells)                        # type: ignore[misc]
        b[cell] = EMPTY
        try:
            return super()._pseudo_attacked(pos, color, cells)                        # type: ignore[misc]
        finally:
            b[cell] = HOLE

    # ------------------------------------------------------------------ move text and clicks
    def move_name(self, pos: "Position", move: Move, square=None, letter=None) -> str:
        return super().move_name(pos, plain_move(move), square, letter)               # type: ignore[misc]

    def move_parts(self, pos: "Position", move: Move) -> MoveParts | None:
        return super().move_parts(pos, plain_move(move))                              # type: ignore[misc]

    def click_target(self, pos: "Position", move: Move) -> Target:
        return super().click_target(pos, plain_move(move))                            # type: ignore[misc]

    def flat_move(self, pos: "Position", move: Move, square) -> "str | None":
        return super().flat_move(pos, plain_move(move), square)                       # type: ignore[misc]
