"""The tables a game compiles to: what the shared move generator, the attack test and the evaluation read.

``GameTables.compile`` (a base class of ``Game``) turns a game's data (geometry, army, castling rules,
promotion zones, initial cells) into per-code, per-cell tables, once (sunfish style: precompute, keep the hot
loops flat). This module runs the build: the piece codes, then the move tables (``move_tables.py``), the
attack tables (``attack_tables.py``) and the placement values (``placement_values.py``), or those read back
from the disk cache (``tablecache.py``) with their flat arrays (``table_arrays.py``); then the castling and
initial-path bits and the Zobrist keys. The rays and moves of one build are shared (``shared_build.py``).
"""
# hyperchess: compiled
from __future__ import annotations

import gc
import random
import re
import zlib
from array import array
from contextlib import contextmanager
from typing import Iterator

from hyperchess.variants.board import tablecache
from hyperchess.variants.board.attack_tables import AttackTables
from hyperchess.variants.board.codes import EMPTY, code_of
from hyperchess.variants.board.move_tables import MoveTables
from hyperchess.variants.board.pieces import Leap, PieceType, Slide
from hyperchess.variants.board.placement_values import PlacementValues
from hyperchess.variants.board.shared_build import SharedBuild
from hyperchess.variants.board.table_arrays import TableArrays

# what a build keeps in the disk cache (variants/tablecache.py): the tables that take its time, all made from
# the game's geometry and army alone (the cheap rest is built again each time). An attribute that
# `_compile_moves`, `_compile_attacks` or `_compile_pst` comes to set belongs here too: tests/test_first_use.py
# compares every attribute of a game read back from the cache with a built one's
CACHED = ("tables", "ray_attacks", "leap_attacks", "hinged_attacks", "lame_attacks", "hop_attacks", "hinged",
          "indirect", "royal_lines", "special_attacks", "attack_lines", "far_leaps", "pst")


@contextmanager
def gc_paused(keep: bool = False) -> Iterator[None]:
    """No cyclic garbage collection inside the block: building a game's tables makes some hundred thousand
    tuples and no reference cycles, and each collection the allocations set off would walk all the tables
    built so far (a third of mixed3d's build time). ``keep``: what the block made lives as long as the
    process (``get_game``'s games), so the collector is told never to look at it again (``gc.freeze``):
    else the first collection after the block, and later ones of the older generations, walk it all."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if keep:
            gc.freeze()
        if enabled:
            gc.enable()


class GameTables(MoveTables, AttackTables, PlacementValues, TableArrays, SharedBuild):
    """The table building of ``Game`` (it reads the game's class attributes and calls its hooks)."""

    # per colour, the cells onto which it may capture en passant (Fairy-Stockfish's enPassantRegion): a double
    # step leaves its passed cell open only where an enemy may capture; None: everywhere
    en_passant_cells: list[frozenset[int]] | None = None
    # (kind, colour) of the pieces whose moves reset the n-move count (Fairy-Stockfish's nMoveRuleTypes), as
    # ``clock_codes``; None: the pawns. A capture or a promotion resets it whatever moved
    clock_pieces: frozenset[tuple[int, int]] | None = None
    # the flag of a game's special move that also resets it, as a promotion does (a piece promotion in
    # variants/rules/piece_rules.py); -1: none
    clock_special: int = -1

    def compile(self) -> None:
        with gc_paused():
            self._compile()

    def _compile(self) -> None:
        self._rule_tables = None        # built again from the new tables by the next position
        self._flat = [None, None]       # flat_rays(), flat_attacks(): likewise
        g = self.geometry
        n = g.size
        self._compile_codes()
        ncodes = self.ncodes
        self.tables: list[list | None] = [None] * ncodes
        # a wrapped board's two rays, or a piece's leap onto a cell its own slide reaches (QNAD), make one move
        # twice: the generator drops the repeats
        self.dedupe = g.wraps or any(_leap_within_slide(p) for p in self.pieces if isinstance(p, PieceType))
        # memos of one compile: many pieces share lines, moves and (turned) vector sets
        self._steps_memo: dict = {}
        self._entry_memo: dict = {}
        self._rays_memo: dict = {}
        self._orient_memo: dict = {}
        self._move_memo: dict = {}
        self._codes_memo: dict = {}
        self._capture_rides: set = set()       # (kind, cell, entry): capture-only rides' lame entries
        key = tablecache.take(self) if self.shared_build else None
        kept = tablecache.load(key) if key else None
        if isinstance(kept, dict) and kept.keys() == {*CACHED, "flat"}:
            self._flat = [tuple(_decoded(x) for x in part) for part in kept.pop("flat")]
            for name, value in kept.items():
                setattr(self, name, value)
        else:
            kept = None
            self._compile_moves()
            self._compile_attacks()
        self._compile_castling()
        rng = random.Random(zlib.crc32(self.name.encode()))     # the same keys in every process
        self.z_piece = [[rng.getrandbits(64) for _ in range(n)] for _ in range(ncodes)]
        for cell in range(n):                       # empty squares hash to 0
            self.z_piece[EMPTY][cell] = 0
        self.z_turn = [rng.getrandbits(64) for _ in range(self.players)]
        self.z_ep = [rng.getrandbits(64) for _ in range(n)]
        self.z_rule = [rng.getrandbits(64) for _ in range(max(1, len(self.castling)))]
        self._compile_path_bits(rng)
        if kept is None:
            self.pst = self._compile_pst()
            if key:
                flat = [tuple(_encoded(x) for x in part) for part in (self._flat_rays(), self._flat_attacks())]
                tablecache.store(key, {**{name: getattr(self, name) for name in CACHED}, "flat": flat})
        del (self._steps_memo, self._entry_memo, self._rays_memo, self._orient_memo, self._move_memo, self._codes_memo,
             self._capture_rides)
        self.team_sign = [1 if self.teams[c] == 0 else -1 for c in range(self.players)]
        self._finish_compile()
        if self.placement:
            self._apply_placement()

    def _compile_codes(self) -> None:
        """The piece codes: owner and kind of each, the letters of the position strings, the royal, pawn and
        promotion codes (all a position string needs to be read: ``compile`` starts with this)."""
        ncodes = (len(self.pieces)) << 2
        self.ncodes = ncodes
        self.owner = [-1] * ncodes
        self.kind_of = [0] * ncodes
        for kind in range(1, len(self.pieces)):
            for color in range(self.players):
                code = code_of(kind, color)
                self.owner[code] = color
                self.kind_of[code] = kind
        self.enemy = [[self.owner[c] >= 0 and self.teams[self.owner[c]] != self.teams[us]
                       for c in range(ncodes)] for us in range(self.players)]
        self.enemies = [tuple(c for c in range(self.players) if self.teams[c] != self.teams[us])
                        for us in range(self.players)]
        self.royal_codes = frozenset(c for c in range(ncodes) if self.kind_of[c] and self.pieces[self.kind_of[c]].royal)
        self.pawn_codes = frozenset(c for c in range(ncodes) if self.kind_of[c] and self.pieces[self.kind_of[c]].pawn)
        self.clock_codes = self.pawn_codes if self.clock_pieces is None else frozenset(
            code_of(kind, color) for kind, color in self.clock_pieces if kind < len(self.pieces) and color < self.players)
        self.letters: dict[str, int] = {}
        self.kind_by_letter: dict[str, int] = {}
        for kind in range(1, len(self.pieces)):
            self.kind_by_letter.setdefault(self.pieces[kind].letter.upper(), kind)
            if self.players > 2:
                # more than two colours: a token is the colour letter + the piece letter (``gK``)
                for color in range(self.players):
                    self.letters[self.color_letters[color] + self.pieces[kind].letter.upper()] = code_of(kind, color)
                continue
            self.letters[self.pieces[kind].letter.upper()] = code_of(kind, 0)
            if self.players >= 2:
                self.letters[self.pieces[kind].letter.lower()] = code_of(kind, 1)
        self._promo_codes = []
        self.promo_suffix: dict[int, str] = {}     # promoted code -> the letter written after the move
        for color in range(self.players):
            codes = []
            for ch in self.promotion_letters:
                if ch.upper() not in self.kind_by_letter:
                    continue
                kind = self.kind_by_letter[ch.upper()]
                code = code_of(self.transforms.get(kind, kind), color)
                codes.append(code)
                self.promo_suffix[code] = ch.lower()
            self._promo_codes.append(tuple(codes))
        # a promoted piece's token is "+" and its letter (Fairy-Stockfish's +P; variants/piece_rules.py)
        plus = r"\+?" if any(p is not None and p.letter.startswith("+") for p in self.pieces) else ""
        self.token_re = re.compile(r"\d+|\*|" + plus + "[A-Za-z]" if self.players <= 2 else
                                   r"\d+|\*|[" + "".join(self.color_letters) + "]" + plus + "[A-Z]")

    def _compile_castling(self) -> None:
        """Castling rights as bits of ``Position.rights``.

        Style "kq": bit i = castling rule i still possible. Style "files": bit j = the j-th castling
        king or rook (``castle_cells[j]``) is unmoved, and a rule needs its king's and its rook's bits,
        so one rook may serve two kings. ``castle_need[i]`` = the bits rule i needs.
        """
        n = self.geometry.size
        self.castle_mask = [0] * n        # rights bits cleared when a move leaves or enters the cell
        if self.castling_style == "files":
            self.castle_cells = sorted({c for r in self.castling for c in (r.king_from, r.rook_from)})
            bit = {c: 1 << j for j, c in enumerate(self.castle_cells)}
            for c, b in bit.items():
                self.castle_mask[c] = b
            self.castle_need = [bit[r.king_from] | bit[r.rook_from] for r in self.castling]
        else:
            self.castle_cells = []
            for i, rule in enumerate(self.castling):
                self.castle_mask[rule.king_from] |= 1 << i
                self.castle_mask[rule.rook_from] |= 1 << i
            self.castle_need = [1 << i for i in range(len(self.castling))]
        self.castle_by_color = [[(i, r) for i, r in enumerate(self.castling) if r.color == c]
                                for c in range(self.players)]
        # opposite_castling: a castling takes from the other side its castlings on the same wing (FSF's
        # oppositeCastling, src/position.cpp ``do_move``): their bits, each castling's ``castle_clears``
        files = lambda r: self.geometry.coords[r.rook_from][0] > self.geometry.coords[r.king_from][0]
        self.castle_clears = [sum(self.castle_mask[o.rook_from] & ~self.castle_mask[o.king_from]
                                  if self.castling_style == "files" else self.castle_need[j]
                                  for j, o in enumerate(self.castling) if o.color != r.color and files(o) == files(r))
                              if self.opposite_castling else 0 for r in self.castling]
        self._rights_keys: dict[int, int] = {}

    def _compile_path_bits(self, rng: random.Random) -> None:
        """``double_step_once``: one bit of ``Position.rights`` per initial cell (``path_bit[cell]``), set
        while that cell's original piece is untouched and cleared, like a castling bit, by any move that
        leaves or enters the cell."""
        self.path_bit = [0] * self.geometry.size
        self.path_cells: list[int] = []
        if not self.double_step_once:
            return
        low = len(self.castle_cells) if self.castling_style == "files" else len(self.castling)
        self.path_cells = sorted({c for cells in self.initial_cells.values() for c in cells})
        for j, cell in enumerate(self.path_cells):
            self.path_bit[cell] = 1 << (low + j)
            self.castle_mask[cell] |= self.path_bit[cell]
        self.z_path = [rng.getrandbits(64) for _ in self.path_cells]

    def _between(self, a: int, b: int) -> list[int]:
        g = self.geometry
        (fa, ra, la), (fb, rb, lb) = g.coords[a], g.coords[b]
        steps = max(abs(fb - fa), abs(rb - ra), abs(lb - la))
        if steps <= 1:
            return []
        d = ((fb - fa) // steps, (rb - ra) // steps, (lb - la) // steps)
        return list(g.ray(a, d, steps - 1))


def _encoded(x: object) -> object:
    """An array as (type code, bytes), for marshal (anything else as it is)."""
    return (x.typecode, x.tobytes()) if isinstance(x, array) else x


def _decoded(x: object) -> object:
    return array(x[0], x[1]) if isinstance(x, tuple) and len(x) == 2 and isinstance(x[1], bytes) else x


def _leap_within_slide(piece: PieceType) -> bool:
    """Does a leap of ``piece`` land two or more steps along one of its own slides (within its range), so that
    both make the same move where the line is open?"""
    slides = [(d, a.limit) for a in piece.moves if isinstance(a, Slide) for d in a.directions]
    for leap in (a for a in piece.moves if isinstance(a, Leap)):
        for v in leap.vectors:
            for d, limit in slides:
                k = max(abs(x) for x in v) // max(1, max(abs(x) for x in d))
                if k >= 2 and tuple(k * x for x in d) == tuple(v) and (not limit or k <= limit):
                    return True
    return False
