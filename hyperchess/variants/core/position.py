"""The position: board, side to move, rights, clocks and hash, with make/unmake and legal moves.

One position class serves every game; the game supplies tables and hooks (``variants.game``).
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hyperchess.variants.core import san as san_notation
from hyperchess.variants.board.codes import CASTLE, DOUBLE, EMPTY, EN_PASSANT, EP_PROMOTED, HOLE, PROMOTION, SPECIAL, TRANSFORM, Move
from hyperchess.variants.board.errors import MoveError
from hyperchess.variants.core.fen import format_fen, parse_fen
from hyperchess.variants.core.attacks import attack_lines as _attack_lines
from hyperchess.variants.core.attacks import hinged_attack as _hinged_attack
from hyperchess.variants.core.attacks import indirect_attack as _indirect_attack
from hyperchess.variants.core.attacks import pins as _pins
from hyperchess.variants.core.movegen import capture_moves as _capture_moves
from hyperchess.variants.core.movegen import pseudo_legal_moves as _pseudo_legal_moves
from hyperchess.variants.board.cellset import CellSet
from hyperchess.variants.board.table_arrays import flat_hinges, flat_pawn_steps

try:
    import cython
    TYPED = cython.compiled         # true in the compiled module (setup.py), false when run as Python
except ImportError:                 # no Cython installed: always Python
    TYPED = False

if TYPE_CHECKING:
    from hyperchess.variants.core.game import Game

# The undo record of each move made, kept per ply in preallocated arrays rather than as one tuple a move
# (docs/performance.md, session 32): UNDO_INTS ints a ply in ``_undo`` (the captured code, the en-passant
# cell and victim, the halfmove clock, the score, the side that moved), the hash in ``_hashes``, and
# UNDO_OBJS objects a ply in ``_undo_obj`` (the move, the castling rights, the game's extra state, the
# board changes of a special move or None, the en-passant windows). U_CAPAT and U_ROYAT: where a captured
# piece stood in its colour's ``occupied`` and ``royals`` orders, so that ``pop`` puts it back there.
U_CAP, U_EP, U_EPV, U_HALF, U_SCORE, U_US, U_CAPAT, U_ROYAT = 0, 1, 2, 3, 4, 5, 6, 7
UNDO_INTS = 8
O_MOVE, O_RIGHTS, O_EXTRA, O_CHANGES, O_WINDOWS = 0, 1, 2, 3, 4
UNDO_OBJS = 5
START_PLIES = 128       # the records' first capacity, doubled when a line of play needs more


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``result`` is ``1-0``, ``0-1`` or ``1/2-1/2``; ``reason`` is human text."""
    result: str
    reason: str
    termination: str     # checkmate, stalemate, insufficient, fifty, repetition, or a game's own word

    def __str__(self) -> str:
        return f"{self.result} {{{self.reason}}}"


class RuleTables:
    """What the move generator reads of its game on every move, gathered once per game (``Game.rule_tables``).

    The same lists and flags as on the game; the compiled path (position.pxd) keeps each in a typed field
    instead of looking it up among the game's attributes."""

    def __init__(self, game: "Game") -> None:
        self.players = game.players
        self.owner = game.owner
        self.enemy = game.enemy
        self.enemies = game.enemies
        self.tables = game.tables
        self.z_piece = game.z_piece
        self.z_ep = array("Q", game.z_ep)          # 64-bit words, as ``zobrist`` below
        self.z_turn = array("Q", game.z_turn)
        self.pst = game.pst
        self.team_sign = game.team_sign
        self.royal = [code in game.royal_codes for code in range(game.ncodes)]
        self.pawn = [code in game.pawn_codes for code in range(game.ncodes)]
        self.castle_mask = game.castle_mask
        self.pawn_attacks = game.pawn_attacks
        self.attack_lines = game.attack_lines
        self.far_leaps = game.far_leaps
        self.path_bit = game.path_bit
        self.has_extra = game.has_extra
        self.rights_keys = game.__dict__.get("_rights_keys") if game.plain_rights_key else None   # its cache
        self.extra_on_special_only = game.extra_on_special_only
        self.extra_by_table = game.extra_keys is not None             # Game.extra_keys: push reads it
        self.extra_keys = array("Q", game.extra_keys if game.extra_keys is not None else [0])
        self.has_special = game.has_special
        self.has_restrict = game.has_restrict
        self.has_inner = game.has_inner
        self.dedupe = game.dedupe
        pairs = game.geometry.size ** 2 if game.dedupe else 1    # movegen.unique_moves: per (from, to)
        self.seen = array("I", bytes(4 * pairs))
        self.seen_at = array("i", bytes(4 * pairs))
        self.seen_keys = array("i", bytes(4 * 256))
        self.stamp = 0
        self.ep_windows = game.ep_windows
        self.special_attacks = game.special_attacks
        self.double_step_once = game.double_step_once
        self.single_royal = game.royal_rule == "single"
        self.turns_in_order = game.turns_in_order      # next_turn is colour + 1 (no hook, no elimination)
        self.skips_eliminated = game.skips_eliminated  # next_turn is the next colour with a royal piece
        self.ends_by_elimination = game.ends_by_elimination   # game_over is: a team without royal pieces lost
        self.reversible_captures = game.reversible_captures
        self.size = game.geometry.size
        self.ncodes = game.ncodes
        # what make/unmake reads on every move, as flat typed arrays: the placement values by
        # code * size + cell, each code's owner, each colour's team sign, the royal and pawn codes
        self.pst_flat = array("q", [v for row in game.pst for v in row])
        self.owner_of = array("i", game.owner)
        self.sign_of = array("i", game.team_sign)
        self.royal_flag = array("B", self.royal)
        self.pawn_flag = array("B", self.pawn)
        # the codes whose moves reset the n-move count (Fairy-Stockfish's nMoveRuleTypes; the pawns by default)
        self.clock_flag = array("B", [code in game.clock_codes for code in range(game.ncodes)])
        # enemy_flag[us * ncodes + code]: is ``code`` an enemy of ``us`` (``enemy`` as bytes, for typed loops)
        self.enemy_flag = array("B", [bool(x) for row in game.enemy for x in row])
        # what legal_moves and castling_moves ask of the game on every call
        self.has_game_over = game.has_game_over
        self.has_filter = game.has_filter
        self.has_legal_after = game.has_legal_after
        self.indirect = game.indirect
        self.hinged = game.hinged
        self.plain_special = not game.has_special or bool(game.special_legality)
        self.tried_flags = game.tried_flags
        self.castling_hooked = game.castling_hooked
        self.castle_safety_always = game.castle_safety_always
        # each colour's castlings as (bits needed, cells to be empty, cells to be safe, the move)
        self.castlings = [[(game.castle_need[i], tuple(r.empty), tuple(r.safe), (r.king_from, r.king_to, i, CASTLE))
                           for i, r in rules] for rules in game.castle_by_color]
        # the same Zobrist keys as 64-bit words (code * size + cell): the compiled push XORs machine words
        self.zobrist = array("Q", [key for keys in game.z_piece for key in keys])
        (self.ray_first, self.ray_start, self.ray_cells, self.ray_moves, self.pawnish, self.pawn_first,
         self.pawn_cells, self.pawn_moves) = game.flat_rays()
        if TYPED:       # the attack tables as flat int arrays, for attacked's typed loop (compiled only)
            (self.line_first, self.line_cell, self.line_near, self.line_codes, self.rest_start, self.rest,
             self.far_first, self.far_cell, self.far_codes, self.member) = game.flat_attacks()
            # the plain pawns' quiet steps as flat arrays, for movegen.pseudo_legal_moves (table_arrays.py)
            (self.pawn_plain, self.step_first, self.step_cells, self.step_moves, self.path_first, self.path_to,
             self.path_moves, self.between_first, self.between) = flat_pawn_steps(self.pawnish)
            # the hinged leaps' attacks likewise (table_arrays.flat_hinges)
            (self.hinge_first, self.hinge_from, self.hinge_codes, self.hinge_member, self.hinge_start,
             self.hinge_cells) = flat_hinges(game.hinged_attacks if self.hinged else [], self.ncodes)


class Position:
    """A position of ``game``. Build it with ``game.position(fen)`` or ``Position(game, fen)``."""

    def __init__(self, game: "Game", fen: str | None = None) -> None:
        self.game = game
        self.rules = game.rule_tables()
        self.board: array = array("i")      # the piece code on each cell (an int array: see clear_board)
        self.cells = self.board
        self.clear_board(game.geometry.size)
        self.turn = 0
        self.ep = -1              # cell a pawn may capture onto en passant, or -1
        self.ep_victim = -1       # cell of the pawn that would be captured
        self.rights = 0           # castling bits (Game._compile_castling): rule i possible, or piece unmoved
        self.halfmove = 0
        self.fullmove = 1
        self.hash = 0
        self.score = 0            # material + placement, team 0 minus team 1
        self.pawn_hash = 0        # Zobrist key of the pawns alone (the evaluation's pawn terms are cached by it)
        self.extra = None         # game-specific state (reserves, pair data, ...)
        # ep_rule "each_enemy": open en-passant chances as (passed cell, pawn cell, pawn code, mask of
        # the colours that may still take it on their next turn); ``ep`` stays -1 in such games
        self.windows: tuple[tuple[int, int, int, int], ...] = ()
        # each colour's occupied cells, and those of its royal pieces (read like sets: variants/cellset.py)
        self.occupied: list[CellSet] = [CellSet(game.geometry.size) for _ in range(game.players)]
        self.royals: list[CellSet] = [CellSet(game.geometry.size) for _ in range(game.players)]
        self.ply = 0              # moves made: the undo records in use
        self._undo_arr = array("q", bytes(8 * UNDO_INTS * START_PLIES))
        self._undo = self._undo_arr           # the same array (typed, compiled)
        self._hashes_arr = array("Q", bytes(8 * START_PLIES))
        self._hashes = self._hashes_arr
        self._undo_obj: list = [None] * (UNDO_OBJS * START_PLIES)
        self._nulls: list[tuple] = []     # what push_null saved, for pop_null
        self.history = []         # the hash of each position of the game: a typed array (the property below)
        self._changes: list[tuple[int, int, int, int]] | None = None
        parse_fen(self, fen if fen is not None else game.start_fen)

    # ------------------------------------------------------------------ board primitives
    def clear_board(self, size: int) -> None:
        """An empty board of ``size`` cells. ``board`` is an ``array("i")``, read like a list; ``cells`` is
        the same array, which the compiled path holds as a typed view (position.pxd) for its hot loops."""
        self.board = array("i", [EMPTY]) * size
        self.cells = self.board

    def put(self, cell: int, code: int) -> None:
        """Set ``cell`` to ``code`` (EMPTY to clear), keeping sets, hash and score in step."""
        if self._changes is not None:
            # what pop needs to undo it: the old code, and the old piece's places in its colour's sets
            old = self.cells[cell]
            c = self.rules.owner_of[old]
            if c >= 0:
                occ = self.occupied[c]
                roy = self.royals[c]
                self._changes.append((cell, old, occ.place(cell), roy.place(cell)))
            else:
                self._changes.append((cell, old, -1, -1))
        self._set(cell, code)

    def _set(self, cell: int, code: int) -> None:
        b = self.cells
        old = b[cell]
        if old == code:
            return
        t = self.rules
        if old:
            z = t.zobrist[old * t.size + cell]
            self.hash ^= z
            if t.pawn_flag[old]:
                self.pawn_hash ^= z
            c = t.owner_of[old]
            if c >= 0:
                occ = self.occupied[c]
                occ.discard(cell)
                roy = self.royals[c]
                roy.discard(cell)
                self.score -= t.sign_of[c] * t.pst_flat[old * t.size + cell]
        if code:
            z = t.zobrist[code * t.size + cell]
            self.hash ^= z
            if t.pawn_flag[code]:
                self.pawn_hash ^= z
            c = t.owner_of[code]
            if c >= 0:
                occ = self.occupied[c]
                occ.add(cell)
                if t.royal_flag[code]:
                    roy = self.royals[c]
                    roy.add(cell)
                self.score += t.sign_of[c] * t.pst_flat[code * t.size + cell]
        b[cell] = code

    def copy(self) -> "Position":
        """An independent copy (history included)."""
        new = Position.__new__(Position)
        new.game, new.rules = self.game, self.rules
        new.turn, new.ep, new.ep_victim, new.rights = self.turn, self.ep, self.ep_victim, self.rights
        new.halfmove, new.fullmove, new.hash, new.score = self.halfmove, self.fullmove, self.hash, self.score
        new.pawn_hash = self.pawn_hash
        new.extra, new.windows = self.extra, self.windows
        new.board = self.board[:]
        new.cells = new.board
        new.occupied = [s.copy() for s in self.occupied]
        new.royals = [s.copy() for s in self.royals]
        new.ply = self.ply
        new._undo_arr = self._undo_arr[:]
        new._undo = new._undo_arr
        new._hashes_arr = self._hashes_arr[:]
        new._hashes = new._hashes_arr
        new._undo_obj = self._undo_obj[:]
        new._nulls = self._nulls[:]
        new._hist_arr = self._hist_arr[:]
        new._hist = new._hist_arr
        new.nhist = self.nhist
        new._changes = None
        return new

    # ------------------------------------------------------------------ make / unmake
    @property
    def history(self) -> list[int]:
        """The hash of each position since the last FEN (a null move's too), the current one last (a new
        list; kept as a typed array with ``nhist`` in use)."""
        return list(self._hist_arr[:self.nhist])

    @history.setter
    def history(self, hashes: list[int]) -> None:
        values = array("Q", hashes)
        self.nhist = len(values)
        self._hist_arr = values + array("Q", bytes(8 * max(START_PLIES, self.nhist)))
        self._hist = self._hist_arr

    def _grow_history(self) -> None:
        self._hist_arr = self._hist_arr + array("Q", bytes(8 * len(self._hist_arr)))
        self._hist = self._hist_arr

    def _grow(self) -> None:
        """Twice the undo records' capacity (a new array each: a typed view may hold the old one)."""
        n = len(self._hashes_arr)
        self._undo_arr = self._undo_arr + array("q", bytes(8 * UNDO_INTS * n))
        self._undo = self._undo_arr
        self._hashes_arr = self._hashes_arr + array("Q", bytes(8 * n))
        self._hashes = self._hashes_arr
        self._undo_obj.extend([None] * (UNDO_OBJS * n))     # in place: push holds it across a game's hook

    def push(self, move: Move) -> None:
        """Make ``move`` (assumed pseudo-legal)."""
        frm, to, extra, flag = move
        g = self.game
        t = self.rules
        us = self.turn
        p = self.cells[frm]
        cap = self.cells[to]
        # the undo record, before anything changes (the typed arrays are indexed through ``self``: a typed
        # local costs two atomic reference counts a call)
        i = self.ply
        if i == len(self._hashes):
            self._grow()
        self._hashes[i] = self.hash
        j = i * UNDO_INTS
        self._undo[j + U_CAP] = cap
        self._undo[j + U_EP] = self.ep
        self._undo[j + U_EPV] = self.ep_victim
        self._undo[j + U_HALF] = self.halfmove
        self._undo[j + U_SCORE] = self.score
        self._undo[j + U_US] = us
        k = i * UNDO_OBJS
        objs = self._undo_obj
        objs[k + O_MOVE] = move
        objs[k + O_RIGHTS] = self.rights
        objs[k + O_EXTRA] = self.extra
        objs[k + O_CHANGES] = None
        objs[k + O_WINDOWS] = self.windows
        self.ply = i + 1
        if flag <= DOUBLE:
            n = t.size
            zm = t.zobrist[p * n + frm] ^ t.zobrist[p * n + to]
            h = self.hash ^ zm
            score = self.score + t.sign_of[us] * (t.pst_flat[p * n + to] - t.pst_flat[p * n + frm])
            self.cells[frm] = EMPTY
            self.cells[to] = p
            if cap:
                c = t.owner_of[cap]
                occ = self.occupied[c]
                self._undo[j + U_CAPAT] = occ.index[to]
                occ.discard(to)
                zc = t.zobrist[cap * n + to]
                h ^= zc
                score -= t.sign_of[c] * t.pst_flat[cap * n + to]
                if t.royal_flag[cap]:
                    roy = self.royals[c]
                    self._undo[j + U_ROYAT] = roy.index[to]
                    roy.discard(to)
                if t.pawn_flag[cap]:
                    self.pawn_hash ^= zc
            occ = self.occupied[us]
            occ.move(frm, to)
            if t.royal_flag[p]:
                roy = self.royals[us]
                roy.move(frm, to)
            if t.pawn_flag[p]:
                self.pawn_hash ^= zm
            self.hash = h
            self.score = score
        else:
            record_changes = self._changes = []
            if flag == PROMOTION or flag == TRANSFORM:
                self.put(frm, EMPTY)
                self.put(to, extra)
            elif flag == EN_PASSANT:
                victim = extra & ((1 << EP_PROMOTED) - 1)
                cap = self.cells[victim]
                self.put(victim, EMPTY)
                self.put(frm, EMPTY)
                self.put(to, (extra >> EP_PROMOTED) or p)       # onto its promotion zone: it promotes
            elif flag == CASTLE:
                rule = g.castling[extra]
                rook = self.cells[rule.rook_from]
                self.put(rule.king_from, EMPTY)
                self.put(rule.rook_from, EMPTY)
                self.put(rule.rook_to, rook)
                self.put(rule.king_to, p)
                cap = EMPTY
            else:
                cap = g.make_special(self, move)
            self._changes = None
            objs[k + O_CHANGES] = record_changes
            objs[k + O_WINDOWS] = self.windows
        h = self.hash
        if flag >= SPECIAL and t.has_inner:
            # a special move that wraps an ordinary one (a move that also places a wall): that move's en
            # passant and castling rules apply
            inner = g.inner_move(move)
            flag = inner[3]
            extra = inner[2]
        # en passant: open only if some enemy pawn could take (as FEN and repetition count it)
        if self.ep >= 0:
            h ^= t.z_ep[self.ep]
            self.ep = self.ep_victim = -1
        if flag == DOUBLE and not t.ep_windows:
            for e in t.enemies[us]:
                for c, codes in t.pawn_attacks[e][extra]:
                    if self.cells[c] in codes:
                        self.ep, self.ep_victim = extra, to
                        h ^= t.z_ep[extra]
                        break
                if self.ep >= 0:
                    break
        rights = self.rights
        if rights and frm != to:       # a move that ends where it starts (a drop, a pass) keeps them (FSF)
            mask = t.castle_mask[frm] | t.castle_mask[to]
            if flag == CASTLE:     # the rook moved too (it may be shared by two castlings)
                mask |= t.castle_mask[g.castling[extra].rook_from]
            if rights & mask:
                new = rights & ~mask
                self.rights = new
                kd = t.rights_keys
                if kd is not None:          # Game.rights_key's own cache, asked first
                    x = kd.get(rights)
                    if x is None:
                        x = g.rights_key(rights)
                    zr = x
                    x = kd.get(new)
                    if x is None:
                        x = g.rights_key(new)
                    zr ^= x
                    h ^= zr
                else:
                    h ^= g.rights_key(rights) ^ g.rights_key(new)
        if cap or t.clock_flag[p] or flag == PROMOTION:
            self.halfmove = 0
        else:
            self.halfmove += 1
        if t.has_extra and (not t.extra_on_special_only or move[3] >= SPECIAL):
            if t.extra_by_table:
                ex = self.extra
                h ^= t.extra_keys[ex]
                self.extra = g.extra_after_move(self, move, p, cap)
                ex = self.extra
                h ^= t.extra_keys[ex]
            else:
                was = self.extra
                now = g.extra_after_move(self, move, p, cap)
                if now is not was:          # the same state object: its key would cancel
                    h ^= g.extra_hash(was) ^ g.extra_hash(now)
                self.extra = now
        if t.turns_in_order:
            nxt = us + 1
            if nxt == t.players:
                nxt = 0
        elif t.skips_eliminated:           # Game._next_alive
            n = t.players
            nxt = us
            for _ in range(n):
                nxt += 1
                if nxt == n:
                    nxt = 0
                if self.royals[nxt]:
                    break
            else:
                nxt = us + 1 if us + 1 < n else 0
        else:
            nxt = g.next_turn(self, us)
        if nxt <= us:
            self.fullmove += 1
        h ^= t.z_turn[us] ^ t.z_turn[nxt]
        self.turn = nxt
        self.hash = h
        if t.ep_windows and (self.windows or flag == DOUBLE):
            self._update_windows(move, us)
        if self.ep >= 0 and not self._ep_legal():
            self.hash ^= t.z_ep[self.ep]
            self.ep = self.ep_victim = -1
        i = self.nhist
        if i == len(self._hist):
            self._grow_history()
        self._hist[i] = self.hash
        self.nhist = i + 1

    def pop(self) -> Move:
        """Take back the last move and return it."""
        i = self.ply - 1
        if i < 0:
            raise IndexError("no move to take back")
        self.ply = i
        j = i * UNDO_INTS
        k = i * UNDO_OBJS
        objs = self._undo_obj
        move = objs[k + O_MOVE]
        changes = objs[k + O_CHANGES]
        us = self._undo[j + U_US]
        if changes is None:
            frm, to = move[0], move[1]
            t = self.rules
            cap = self._undo[j + U_CAP]
            p = self.cells[to]
            self.cells[frm] = p
            self.cells[to] = cap
            occ = self.occupied[us]
            occ.move(to, frm)
            if t.royal_flag[p]:
                roy = self.royals[us]
                roy.move(to, frm)
            if cap:
                c = t.owner_of[cap]
                occ = self.occupied[c]
                occ.restore(to, self._undo[j + U_CAPAT])
                if t.royal_flag[cap]:
                    roy = self.royals[c]
                    roy.restore(to, self._undo[j + U_ROYAT])
                if t.pawn_flag[cap]:
                    self.pawn_hash ^= t.zobrist[cap * t.size + to]
            if t.pawn_flag[p]:
                self.pawn_hash ^= t.zobrist[p * t.size + frm] ^ t.zobrist[p * t.size + to]
        else:
            for cell, old, at, royal_at in reversed(changes):
                self._set(cell, old)
                if at >= 0:             # the old piece back in its place (_set added it last)
                    c = self.rules.owner_of[old]
                    occ = self.occupied[c]
                    occ.discard(cell)
                    occ.restore(cell, at)
                    if royal_at >= 0:
                        roy = self.royals[c]
                        roy.discard(cell)
                        roy.restore(cell, royal_at)
        if self.turn <= us:
            self.fullmove -= 1
        self.turn = us
        self.ep = self._undo[j + U_EP]
        self.ep_victim = self._undo[j + U_EPV]
        self.halfmove = self._undo[j + U_HALF]
        self.score = self._undo[j + U_SCORE]
        self.hash = self._hashes[i]
        self.rights = objs[k + O_RIGHTS]
        self.extra = objs[k + O_EXTRA]
        self.windows = objs[k + O_WINDOWS]
        self.nhist -= 1
        return move

    # ------------------------------------------------------------------ what the search and the web board ask
    @property
    def last_move(self) -> Move | None:
        """The move ``push`` made last and ``pop`` would take back (a null move is no move), or None."""
        return self.made_last()

    def made_last(self) -> Move | None:
        """``last_move`` as a method: the compiled search calls it in C, not through a property."""
        return self._undo_obj[(self.ply - 1) * UNDO_OBJS + O_MOVE] if self.ply else None

    def recent_move(self, back: int = 0) -> Move | None:
        """The move made ``back`` moves before the last one (0: the last), or None: before the first, or
        before a null move of the search."""
        i = self.ply - 1 - back
        if i < 0 or (self._nulls and self._nulls[len(self._nulls) - 1][6] > i):
            return None
        return self._undo_obj[i * UNDO_OBJS + O_MOVE]

    @property
    def moves_made(self) -> int:
        """How many moves ``pop`` can take back."""
        return self.ply

    @property
    def move_stack(self) -> list[Move]:
        """The moves made, first to last (a new list)."""
        return self._undo_obj[O_MOVE:self.ply * UNDO_OBJS:UNDO_OBJS]

    def take_back_to(self, moves_made: int) -> None:
        """Take back moves until ``moves_made`` remain (a search stopped midway unwinds with this)."""
        while self.ply > moves_made:
            self.pop()

    def push_null(self) -> None:
        """Pass the turn (the search's null move): no piece moves, an en-passant chance lapses, and no
        repetition reaches back across the pass. ``pop_null`` takes it back."""
        g = self.game
        us = self.turn
        self._nulls.append((us, self.ep, self.ep_victim, self.hash, self.halfmove, self.fullmove, self.ply))
        h = self.hash
        if self.ep >= 0:
            h ^= g.z_ep[self.ep]
            self.ep = self.ep_victim = -1
        nxt = g.next_turn(self, us)
        if nxt <= us:
            self.fullmove += 1
        self.hash = h ^ g.z_turn[us] ^ g.z_turn[nxt]
        self.turn = nxt
        self.halfmove = 0
        if self.nhist == len(self._hist):
            self._grow_history()
        self._hist[self.nhist] = self.hash
        self.nhist += 1

    def pop_null(self) -> None:
        """Take back the last null move, and first every move made after it."""
        us, ep, ep_victim, h, halfmove, fullmove, moves_made = self._nulls.pop()
        self.take_back_to(moves_made)
        self.nhist -= 1
        self.turn, self.ep, self.ep_victim, self.hash, self.halfmove, self.fullmove = \
            us, ep, ep_victim, h, halfmove, fullmove

    def king_exposed(self, move: Move, color: int, king_before: int | None) -> bool:
        """The legality rule of a side with one royal piece, asked after ``move`` of ``color`` was pushed:
        is that side's royal piece attacked now? ``king_before`` is its cell before the move (None: not
        exactly one). A plain move decides the cell from the move itself; castling, promotions (a pawn may
        become a second royal piece) and special moves look it up."""
        if move[3] <= EN_PASSANT and not move[2] >> EP_PROMOTED:
            k = move[1] if move[0] == king_before else king_before
        else:
            k = self.king(color)
        return k is not None and self.attacked(k, self.rules.enemies[color])

    def _update_windows(self, move: Move, us: int) -> None:
        """ep_rule "each_enemy" (after ``us`` moved): ``us`` has used its chance at every open window;
        a window closes when nobody may still take or its pawn or passed cell changed; a double step
        opens one for each live enemy colour with a pawn that attacks the passed cell."""
        g = self.game
        b = self.board
        zw, zep = g.z_window, g.z_ep
        h = self.hash
        out = []
        clear = ~(1 << us)
        for ep, victim, code, mask in self.windows:
            h ^= zep[ep] ^ zw[mask]
            mask &= clear
            if mask and not b[ep] and b[victim] == code:
                out.append((ep, victim, code, mask))
                h ^= zep[ep] ^ zw[mask]
        if move[3] == DOUBLE:
            ep, to = move[2], move[1]
            mask = 0
            for e in g.enemies[us]:
                if g.elimination and not self.royals[e]:
                    continue
                for c, codes in g.pawn_attacks[e][ep]:
                    if b[c] in codes:
                        mask |= 1 << e
                        break
            if mask:
                out.append((ep, to, b[to], mask))
                h ^= zep[ep] ^ zw[mask]
        self.windows = tuple(out)
        self.hash = h

    def eliminated(self, color: int) -> bool:
        """Has ``color`` lost its royal pieces in a game with elimination (it is skipped, its pieces inert)?"""
        return self.game.elimination and not self.royals[color]

    # ------------------------------------------------------------------ attacks
    def attacked(self, cell: int, by: tuple[int, ...] | None = None) -> bool:
        """Is ``cell`` attacked by any colour in ``by`` (default: the enemies of the side to move)?"""
        t = self.rules
        b = self.cells
        if by is None:
            by = t.enemies[self.turn]
        if TYPED:
            # Compiled: the same lines from the flat int arrays of Game.flat_attacks, a set's membership one
            # byte of ``member``; as Python the tuples' loop below is the faster one.
            # (the tables are indexed through ``t``, not taken into typed locals: a typed local costs two
            # atomic reference counts per array and call, more than this loop's usual work)
            n = t.size
            nc = t.ncodes
            for c in by:
                k = c * n + cell
                for i in range(t.line_first[k], t.line_first[k + 1]):
                    q = b[t.line_cell[i]]
                    if q:
                        if t.member[t.line_near[i] * nc + q]:
                            return True
                        continue
                    for j in range(t.rest_start[i], t.rest_start[i + 1]):
                        q = b[t.rest[j]]
                        if q:
                            if t.member[t.line_codes[i] * nc + q]:
                                return True
                            break
                for i in range(t.far_first[k], t.far_first[k + 1]):
                    if t.member[t.far_codes[i] * nc + b[t.far_cell[i]]]:
                        return True
        else:
            for c in by:
                for first, near, more, codes in t.attack_lines[c][cell]:
                    q = b[first]
                    if q:
                        if q in near:
                            return True
                        continue
                    for x in more:
                        q = b[x]
                        if q:
                            if q in codes:
                                return True
                            break
                for frm, codes in t.far_leaps[c][cell]:
                    if b[frm] in codes:
                        return True
        if t.special_attacks:
            if TYPED and t.hinged:
                # compiled: the hinged leaps from table_arrays.flat_hinges (a leap whose hinge cells all are missing
                # does not attack)
                n = t.size
                nc = t.ncodes
                for c in by:
                    k = c * n + cell
                    for i in range(t.hinge_first[k], t.hinge_first[k + 1]):
                        if t.hinge_member[t.hinge_codes[i] * nc + b[t.hinge_from[i]]]:
                            for j in range(t.hinge_start[i], t.hinge_start[i + 1]):
                                if b[t.hinge_cells[j]] != HOLE:
                                    return True
                return t.indirect and _indirect_attack(self, cell, by)
            return (t.hinged and _hinged_attack(self, cell, by)) or (t.indirect and _indirect_attack(self, cell, by))
        return False

    def attackers(self, cell: int, by: tuple[int, ...]) -> list[int]:
        """Cells of pieces of colours ``by`` that attack ``cell``."""
        return sorted(self.attack_lines(cell, by))

    def attack_lines(self, cell: int, by: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
        """Each piece of colours ``by`` that attacks ``cell``: its cell -> the cells where a move can stop that
        attack (variants/attacks.py)."""
        return _attack_lines(self, cell, by)

    def king_cell(self, color: int) -> int:
        """The cell of ``color``'s royal piece when check applies to it (exactly one), else -1."""
        roy = self.royals[color]
        if roy.n == 1 and self.rules.single_royal:
            return roy.cells[0]
        return -1

    def king(self, color: int | None = None) -> int | None:
        """The cell of ``color``'s royal piece when check applies to it (exactly one), else None."""
        c = self.turn if color is None else color
        roy = self.royals[c]
        if roy.n == 1 and self.rules.single_royal:
            return roy.cells[0]
        return None

    def in_check(self) -> bool:
        k = self.king()
        return k is not None and self.attacked(k)

    # ------------------------------------------------------------------ move generation
    def pseudo_legal_moves(self) -> list[Move]:
        """Every move of the side to move that the pieces' own rules allow, before the test of its king's
        safety (variants/movegen.py)."""
        return _pseudo_legal_moves(self)

    def capture_moves(self) -> list[Move]:
        """The pseudo-legal moves quiescence looks at: captures of an enemy piece, promotions and en
        passant (variants/movegen.py)."""
        return _capture_moves(self)

    def game_over(self) -> "Outcome | None":
        """The game's own end (``Game.game_over``: a royal piece captured, a team eliminated, a bare king),
        or None. With elimination by default rules (``ends_by_elimination``) the game is asked only once a
        team has no royal piece left."""
        t = self.rules
        if t.ends_by_elimination:
            alive = 0                              # bit 0: team 0 has a royal piece, bit 1: team 1
            for c in range(t.players):
                if self.royals[c]:
                    alive |= 1 if t.sign_of[c] > 0 else 2
            if alive == 3:
                return None
        return self.game.game_over(self)

    def legal_moves(self) -> list[Move]:
        """All legal moves. Empty when the game is over by a game rule (e.g. a king captured). A game with
        the hook ``legal_after`` (``has_legal_after``) has the last word on the list (e.g. a pass allowed
        only when nothing else is)."""
        t = self.rules
        if t.has_game_over and self.game_over() is not None:
            return []
        if t.has_legal_after:
            return self.game.legal_after(self, self._legal())
        return self._legal()

    def _legal(self) -> list[Move]:
        t = self.rules
        g = self.game
        moves = self.pseudo_legal_moves()
        us = self.turn
        k = self.king_cell(us)
        if k < 0:
            return g.filter_moves(self, moves) if t.has_filter else moves
        enemies = t.enemies[us]
        out: list[Move] = []
        # lame leaps and hoppers (indirect attacks): any move may open or close an attack
        if t.indirect or self.attacked(k, enemies):
            for m in moves:
                if self._safe_after(m):
                    out.append(m)
            return out
        pins = _pins(self, k, us)
        b = self.cells
        if not pins and self.ep < 0 and not self.windows and t.plain_special:
            # Nothing pinned, no en passant: only king moves can be illegal. Test those alone
            # and keep the generated order (a big board's 300+ moves pass untouched).
            bad: list[Move] = []
            king = b[k]
            b[k] = EMPTY
            for m in moves:
                if m[0] == k and m[3] != CASTLE and self.attacked(m[1], enemies):
                    bad.append(m)
            b[k] = king
            if self.rights:
                # castling: its passed squares were tested when generated, the king's landing square is
                # tested here after the move, with the rook moved (it may have shielded that square)
                for m in moves:
                    if m[3] == CASTLE and not self._castle_safe(m, enemies):
                        bad.append(m)
            if t.tried_flags:
                for m in moves:
                    if m[3] in t.tried_flags and not self._safe_after(m):
                        bad.append(m)
            if not bad:
                return moves
            bad_set = set(bad)
            for m in moves:
                if m not in bad_set:
                    out.append(m)
            return out
        for m in moves:
            frm = m[0]
            to = m[1]
            flag = m[3]
            if frm == k:
                if flag == CASTLE:
                    if self._castle_safe(m, enemies):   # passed squares: at generation; landing: here
                        out.append(m)
                    continue
                king = b[k]
                b[k] = EMPTY
                safe = not self.attacked(to, enemies)
                b[k] = king
                if safe and flag >= SPECIAL:
                    safe = self._safe_after(m)
                if safe:
                    out.append(m)
            elif flag == EN_PASSANT or (flag >= SPECIAL and (flag not in g.special_legality
                                                             or flag in t.tried_flags)):
                if self._safe_after(m):
                    out.append(m)
            elif flag >= SPECIAL and g.special_legality[flag] == "stays":
                out.append(m)
            elif frm in pins:
                if to in pins[frm]:
                    out.append(m)
            else:
                out.append(m)
        return out

    def _castle_safe(self, move: Move, enemies: tuple[int, ...]) -> bool:
        """Is the king's landing square unattacked once king and rook stand on their new squares? (The rook
        may have shielded that square before it moved: Millennium's shared centre rook.)"""
        rule = self.game.castling[move[2]]
        b = self.cells
        kf = rule.king_from
        rf = rule.rook_from
        rt = rule.rook_to
        kt = rule.king_to
        king = b[kf]
        rook = b[rf]
        was_rt = b[rt]
        was_kt = b[kt]
        b[kf] = EMPTY
        b[rf] = EMPTY
        b[rt] = rook
        b[kt] = king
        safe = not self.attacked(kt, enemies)
        b[kt] = was_kt          # in reverse order: the cells may coincide
        b[rt] = was_rt
        b[rf] = rook
        b[kf] = king
        return safe

    def _ep_legal(self) -> bool:
        """Can the side to move really capture en passant, not just by the pawn's pattern?

        FIDE counts positions as the same only when the same moves are possible, so an en-passant
        square that no legal capture uses is not part of the position (as in python-chess).
        """
        g = self.game
        us = self.turn
        if g.players != 2 or self.king(us) is None:
            return True
        b = self.board
        for c, codes in g.pawn_attacks[us][self.ep]:
            if b[c] in codes and self._safe_after((c, self.ep, self.ep_victim, EN_PASSANT)):
                return True
        return False

    def _safe_after(self, move: Move) -> bool:
        us = self.turn
        before = self.king(us)
        self.push(move)
        ok = not self.king_exposed(move, us, before)
        self.pop()
        return ok

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    # ------------------------------------------------------------------ game end
    def repetitions(self) -> int:
        """How many times the current position has stood on the board (this time included)."""
        h = self.hash
        n = self.nhist
        lo = 0
        if not self.rules.reversible_captures:     # captures go to hand: any earlier position may come back
            lo = max(0, n - (self.halfmove + 1))
        count = 0
        for i in range(lo, n):
            if self._hist[i] == h:
                count += 1
        return count

    def outcome(self, claim_draw: bool = True) -> Outcome | None:
        """The game's result if it is over by rule, else None. With ``claim_draw`` (the engine's and the
        referee's view) the n-move and repetition draws count as soon as they stand; without it only what
        ends the game by itself does: a game whose draws are claimed (``Game.automatic_fifty_plies``,
        ``Game.automatic_repetition``; FIDE 9.6: 75 moves, fivefold) ends at those counts instead."""
        g = self.game
        special = self.game_over() if g.has_game_over else None
        if special is not None:
            return special
        if not self.legal_moves():
            if self.in_check():
                return g.mate_outcome(self)
            return g.stalemate_outcome(self)
        if g.insufficient_material(self):
            return Outcome("1/2-1/2", "Insufficient material", "insufficient")
        fifty, repetition = g.fifty_plies, g.repetition
        if not claim_draw:
            fifty, repetition = g.automatic_fifty_plies or fifty, g.automatic_repetition or repetition
        if self.halfmove >= fifty:
            return g.fifty_outcome(self, fifty)
        if repetition and self.repetitions() >= repetition:
            return g.repetition_outcome(self, repetition)
        return None

    # ------------------------------------------------------------------ text
    def fen(self) -> str:
        return format_fen(self)

    def move_name(self, move: Move) -> str:
        return self.game.move_name(self, move)

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text``: in the game's native notation, or, in a flat game, in SAN
        (``variants/san.py``). Raises MoveError."""
        try:
            return self.game.parse_move(self, text)
        except MoveError as exc:
            if not san_notation.flat(self.game) or not isinstance(text, str):
                raise
            try:
                return san_notation.parse_san(self, text)
            except MoveError as san_exc:
                if str(san_exc).startswith("malformed"):
                    raise exc from None
                raise san_exc from None

    def san(self, move: Move) -> str:
        """``move`` in SAN (flat games; others get their native name)."""
        return san_notation.san(self, move) if san_notation.flat(self.game) else self.move_name(move)

    def __repr__(self) -> str:
        return f"Position({self.game.name!r}, {self.fen()!r})"
