"""The position: board, side to move, rights, clocks and hash, with make/unmake and legal moves.

One position class serves every game; the game supplies tables and hooks (``variants.core.game``).
"""
from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from hyperchess.variants.core import san as san_notation
from hyperchess.variants.board.codes import CASTLE, DOUBLE, EMPTY, EN_PASSANT, EP_PROMOTED, PROMOTION, SPECIAL, TRANSFORM, Move
from hyperchess.variants.board.errors import MoveError
from hyperchess.variants.core.fen import format_fen, parse_fen
from hyperchess.variants.core.outcome import Outcome
from hyperchess.variants.core import legality as _legality
from hyperchess.variants.core import turns as _turns
from hyperchess.variants.core.movegen import capture_moves as _capture_moves
from hyperchess.variants.core.movegen import pseudo_legal_moves as _pseudo_legal_moves
from hyperchess.variants.core.placement import Placement
from hyperchess.variants.board.cellset import CellSet


if TYPE_CHECKING:
    from hyperchess.variants.core.game import Game

# The undo record of each move made, kept per ply in preallocated arrays rather than as one tuple a move
# (docs/history/performance-log.md, session 32): UNDO_INTS ints a ply in ``_undo`` (the captured code, the en-passant
# cell and victim, the halfmove clock, the score, the side that moved, its move of the turn), the hash in ``_hashes``, and
# UNDO_OBJS objects a ply in ``_undo_obj`` (the move, the castling rights, the game's extra state, the
# board changes of a special move or None, the en-passant windows). U_CAPAT and U_ROYAT: where a captured
# piece stood in its colour's ``occupied`` and ``royals`` orders, so that ``pop`` puts it back there.
U_CAP, U_EP, U_EPV, U_HALF, U_SCORE, U_US, U_CAPAT, U_ROYAT, U_TM = 0, 1, 2, 3, 4, 5, 6, 7, 8
UNDO_INTS = 9
O_MOVE, O_RIGHTS, O_EXTRA, O_CHANGES, O_WINDOWS = 0, 1, 2, 3, 4
UNDO_OBJS = 5
START_PLIES = 128       # the records' first capacity, doubled when a line of play needs more


class Position(Placement):
    """A position of ``game``. Build it with ``game.position(fen)`` or ``Position(game, fen)``."""

    def __init__(self, game: "Game", fen: str | None = None) -> None:
        self.game = game
        self.rules = game.rule_tables()
        self.board: array = array("i")      # the piece code on each cell (an int array: see clear_board)
        self.cells = self.board
        self.clear_board(game.geometry.size)
        self.turn = 0
        self.turn_move = 0        # moves made of the current turn (turns of several moves: variants/core/turns.py)
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
        # each colour's occupied cells, and those of its royal pieces (read like sets: variants/board/cellset.py)
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

    def copy(self) -> "Position":
        """An independent copy (history included)."""
        new = Position.__new__(Position)
        new.game, new.rules = self.game, self.rules
        new.turn, new.ep, new.ep_victim, new.rights = self.turn, self.ep, self.ep_victim, self.rights
        new.turn_move = self.turn_move
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
        self._undo[j + U_TM] = self.turn_move
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
                mask |= t.castle_move_mask[extra]
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
        if cap or flag == PROMOTION or flag == t.clock_special:
            self.halfmove = 0
        elif t.clock_flag[p] == 1 or (t.clock_flag[p] == 2 and frm * t.size + to not in t.clock_back[p]):
            self.halfmove = 0       # (a move the piece could make back keeps the count: FSF's do_move)
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
        if t.multi_move:                   # turns of several moves: ``us`` again while its turn goes on
            phase = self.turn_move
            nxt = _turns.next_mover(self, us)
            h ^= t.z_phase[phase] ^ t.z_phase[self.turn_move]
        elif t.turns_in_order:
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
        if nxt <= us and not self.turn_move:       # a new round of turns (not a turn that goes on)
            self.fullmove += 1
        h ^= t.z_turn[us] ^ t.z_turn[nxt]
        self.turn = nxt
        self.hash = h
        if t.ep_windows and (self.windows or flag == DOUBLE):
            self._update_windows(move, us)
        if self.ep >= 0 and not _legality.ep_legal(self):
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
        if self.turn <= us and not self.turn_move:
            self.fullmove -= 1
        self.turn = us
        self.turn_move = self._undo[j + U_TM]
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
        self._nulls.append((us, self.ep, self.ep_victim, self.hash, self.halfmove, self.fullmove, self.ply,
                            self.turn_move))
        h = self.hash ^ g.z_phase[self.turn_move]     # the pass ends the turn
        self.turn_move = 0
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
        us, ep, ep_victim, h, halfmove, fullmove, moves_made, turn_move = self._nulls.pop()
        self.take_back_to(moves_made)
        self.nhist -= 1
        self.turn, self.ep, self.ep_victim, self.hash, self.halfmove, self.fullmove = \
            us, ep, ep_victim, h, halfmove, fullmove
        self.turn_move = turn_move

    def king_exposed(self, move: Move, color: int, king_before: int | None) -> bool:
        """The legality rule of a side with one royal piece, asked after ``move`` of ``color`` was pushed:
        is that side's royal piece attacked now? ``king_before`` is its cell before the move (None: not
        exactly one). A plain move decides the cell from the move itself; castling, promotions (a pawn may
        become a second royal piece) and special moves look it up."""
        if move[3] <= EN_PASSANT and not move[2] >> EP_PROMOTED:
            k = move[1] if move[0] == king_before else king_before
        else:
            k = self.king(color)
        t = self.rules
        return k is not None and self.attacked(k, self.game.live_enemies(self, color) if t.dead_armies
                                               else t.enemies[color])

    def _update_windows(self, move: Move, us: int) -> None:
        """ep_rule "each_enemy" (after ``us`` moved): ``us`` has used its chance at every open window;
        a window closes when nobody may still take or its pawn or passed cell changed; a double step
        opens one for each live enemy colour with a pawn that attacks the passed cell."""
        g = self.game
        b = self.board
        zw, zep = g.z_window, g.z_ep
        h = self.hash
        out = []
        # a turn that goes on after an en-passant capture keeps the mover's other chances for its next move
        # (docs/rules/marseillais.md); any other move uses them up
        clear = -1 if self.turn_move and move[3] == EN_PASSANT else ~(1 << us)
        for ep, victim, code, mask in self.windows:
            h ^= zep[ep] ^ zw[mask]
            mask &= clear
            if mask and not b[ep] and b[victim] == code:
                out.append((ep, victim, code, mask))
                h ^= zep[ep] ^ zw[mask]
        if move[3] == DOUBLE:
            to = move[1]
            # (ep_every_cell: a window on each cell the step passed, FSF's triple step)
            for ep in g.passed_cells.get((move[0], to), (move[2],)) if g.ep_every_cell else (move[2],):
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

    # ------------------------------------------------------------------ move generation
    def pseudo_legal_moves(self) -> list[Move]:
        """Every move of the side to move that the pieces' own rules allow, before the test of its king's
        safety (variants/core/movegen.py)."""
        return _pseudo_legal_moves(self)

    def capture_moves(self) -> list[Move]:
        """The pseudo-legal moves quiescence looks at: captures of an enemy piece, promotions and en
        passant (variants/core/movegen.py)."""
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
        """All legal moves (variants/core/legality.py): empty when the game is over by a game rule."""
        return _legality.legal_moves(self)

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def _ep_legal(self) -> bool:
        """Can the side to move really capture en passant (variants/core/legality.py)?"""
        return _legality.ep_legal(self)

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
        """The game's result if it is over by rule, else None (variants/core/legality.py; ``claim_draw``:
        the n-move and repetition draws count as soon as they stand)."""
        return _legality.outcome(self, claim_draw)

    # ------------------------------------------------------------------ text
    def fen(self) -> str:
        return format_fen(self)

    def move_name(self, move: Move) -> str:
        return self.game.move_name(self, move)

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text``: in the game's native notation, in SAN (a flat game) or in the
        notation its players read (``variants/core/san.py``). Raises MoveError."""
        try:
            return self.game.parse_move(self, text)
        except MoveError as exc:
            if not isinstance(text, str):
                raise
            return san_notation.parse_typed(self, text, exc)

    def san(self, move: Move) -> str:
        """``move`` in SAN (flat games; others get their native name)."""
        return san_notation.san(self, move) if san_notation.flat(self.game) else self.move_name(move)

    def __repr__(self) -> str:
        return f"Position({self.game.name!r}, {self.fen()!r})"
