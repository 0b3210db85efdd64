"""Iterative-deepening alpha-beta for every game: negamax from the side to move's view.

Team games: when the next mover is on the same team as the current one (four-player games after
an elimination) the child's value is not negated and the window is passed unchanged.

Scores are centipawns from the side to move's view. Mates are reported the CECP way, in moves:
``100000 + N`` (we mate with our N-th move) or ``-100000 - N`` (we are mated after N moves of ours);
inside the search a mate at ply p is ``MATE - p`` so that shorter mates score higher.
"""
from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Collection

from hyperchess.variants.game import DOUBLE, EN_PASSANT, PROMOTION, SPECIAL, Move
from hyperchess.variants.position import Position

from .endgame import KingCentre, MopUp, king_centre_for, mop_up_for
from .evaluate import Evaluator
from .timecontrol import Limits, budget

MATE = 1_000_000
MATE_BOUND = MATE - 10_000          # |score| above this is a mate
MATE_REPORT = 100_000               # reported mate scores: 100000 + moves
INF = 10 ** 9
MAX_PLY = 120
MAX_DEPTH = 100
# Look at the clock and the stop event every POLL_NODES nodes. A poll costs ~0.2 us and a node 10-300 us
# (3D boards are the slow end), so polling this often is free and keeps the reaction within a few ms.
POLL_NODES = 16
TEMPO = 10                          # the side to move's small edge
EXACT, LOWER, UPPER = 0, 1, 2
RANDOM_MOVES = 8                    # opening randomisation: root noise up to this full move number
ASPIRATION = 40                     # root window around the previous iteration's score, from depth 4
FUTILITY = (0, 150, 400)            # frontier nodes: quiet moves cannot lift eval + margin above alpha
LMP = (0, 8, 14, 24, 36, 50)        # quiet moves tried at depth 1..LMP_DEPTH in non-PV nodes before the rest is skipped
LMP_DEPTH = len(LMP) - 1
RFP_MARGIN = 90                     # non-PV nodes of depth <= RFP_DEPTH: eval - depth * this >= beta cuts at once
RFP_DEPTH = 5
NULL_R = 3                          # null move: the reply searched NULL_R + depth // 4 plies shallower
ROOT_LMR = True                     # late move reductions at the root too (issue 50) ...
ROOT_LMR_FROM = 4                   # ... from the root's fifth move on, quiet moves that give no check,
ROOT_LMR_MAX = 1                    # ... by at most this many plies (2 missed a mate in two at depth 4)
IIR_DEPTH = 4                       # a node this deep without a hash move is searched one ply shallower
QS_RECAPTURES = 4                   # quiescence plies with every capture; deeper, only recaptures
SEE_MARGIN = 50                     # quiescence skips captures of a cheaper, defended piece by a dearer one
QS_CHECKS = False                   # search quiet checking moves in the first quiescence ply ...
QS_CHECK_MARGIN = 100               # ... when the stand-pat score is less than this below alpha
LAZY_MARGIN = 100                   # positional terms are skipped when material is this far outside the window
EVAL_CACHE = 1 << 17                # positional terms kept per position hash (cleared when full)
# late move reduction: about log(depth) * log(moves tried) / 2, at least one ply
LMR = [[0] * 256] + [[0, 0, 0] + [max(1, int(0.5 + math.log(d) * math.log(i) / 2.0)) for i in range(3, 256)]
                     for d in range(1, 64)]
TT_ENTRY_BYTES = 160                # rough size of one dict entry with its tuple


@dataclass
class SearchInfo:
    """One completed iteration (and possibly a last one for a partly searched iteration)."""
    depth: int
    score: int
    elapsed: float
    nodes: int
    pv: list = field(default_factory=list)


@dataclass
class SearchResult:
    """The move to play (None only when there is no legal move), the expected reply and the final line."""
    best: Move | None
    ponder: Move | None
    score: int
    depth: int
    nodes: int
    pv: list = field(default_factory=list)


class _Stop(Exception):
    """Raised inside the tree when time, nodes or the stop event say so."""


def report_score(s: int) -> int:
    """Internal score -> the reported one: CECP mates in moves, ``100000 + N`` = mate in N moves.

    We mate at ply p (odd): N = (p + 1) // 2. We are mated at ply p (even): N = p // 2, so a
    mated root (p = 0) is ``-100000``.
    """
    if s >= MATE_BOUND:
        return MATE_REPORT + (MATE - s + 1) // 2
    if s <= -MATE_BOUND:
        return -MATE_REPORT - (MATE + s) // 2
    return max(-MATE_REPORT + 1, min(MATE_REPORT - 1, s))


def _to_tt(s: int, ply: int) -> int:
    if s >= MATE_BOUND:
        return s + ply
    if s <= -MATE_BOUND:
        return s - ply
    return s


def _from_tt(s: int, ply: int) -> int:
    if s >= MATE_BOUND:
        return s - ply
    if s <= -MATE_BOUND:
        return s + ply
    return s


class _EveryCell:
    """A set that holds every cell."""

    def __contains__(self, cell: object) -> bool:
        return True


_EVERY_CELL = _EveryCell()


class _GameData:
    """Per-game tables the search reads: piece values by code (royal victims count most)."""

    def __init__(self, game) -> None:
        self.game = game
        self.value = [0] * game.ncodes
        for code in range(game.ncodes):
            kind = game.kind_of[code]
            if kind and game.owner[code] >= 0:
                piece = game.pieces[kind]
                self.value[code] = 20000 if piece.royal else piece.value
        self.single_royal = game.royal_rule == "single"
        # what every node asks of the game, read once
        self.players = game.players
        self.teams = list(game.teams)
        self.team_sign = game.team_sign
        self.enemy = game.enemy
        self.enemies = game.enemies
        self.owner = game.owner
        self.has_game_over = game.has_game_over
        self.quiet_endings = game.quiet_endings
        self.has_filter = game.has_filter
        self.has_evaluate = game.has_evaluate
        self.fifty_plies = game.fifty_plies
        self.evaluator = Evaluator(game)
        self._edge: list[int] | None = None
        # aligned[c][k]: the cells on an enemy slider line from cell k (own king of colour c there).
        # A non-royal piece of c that leaves a cell outside this set cannot expose that king: only
        # en passant and the game's special moves (two cells change) need the full test then.
        self.aligned = [[frozenset(x for e in game.enemies[c] for first, _, rest, _ in game.attack_lines[e][k]
                                   for x in (first, *rest))
                         for k in range(game.geometry.size)] if self.single_royal and not game.indirect else None
                        for c in range(game.players)]
        if game.indirect and self.single_royal:
            # lame leaps and hoppers: any move may open or close an attack; every move is tested
            self.aligned = [[_EVERY_CELL] * game.geometry.size for _ in range(game.players)]
        self.royal = [code in game.royal_codes for code in range(game.ncodes)]
        # reach[c][k]: aligned[c][k] plus the far leap sources: every cell from which an enemy piece could
        # attack cell k at all. In a two-player game a plain move (normal, double step, promotion) of the
        # opponent gives check only if it lands in reach or leaves an aligned cell (discovered check).
        self.reach = [[self.aligned[c][k] | {frm for e in game.enemies[c] for frm, _ in game.far_leaps[e][k]}
                       for k in range(game.geometry.size)] if self.single_royal and game.players == 2
                      and not game.indirect else None
                      for c in range(game.players)]

    def edge(self, game) -> list[int]:
        """Per cell, 0 (centre) .. 100 (corner): how little a queen would reach from it on an empty board."""
        if self._edge is None:
            g = game.geometry
            dirs = [(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1) if (a, b, c) != (0, 0, 0)]
            reach = [sum(len(g.ray(cell, d, 0)) for d in dirs) for cell in range(g.size)]
            lo, hi = min(reach), max(reach)
            self._edge = [100 * (hi - r) // max(hi - lo, 1) for r in reach]
        return self._edge


_GAME_DATA: dict[int, _GameData] = {}     # per game object, shared by every searcher (tables are read-only)


class Searcher:
    """The engine's brain. One instance per game session; not thread-safe (one search at a time)."""

    def __init__(self, hash_mb: int = 64, randomness: int = 0, seed: int | None = None) -> None:
        """``randomness``: opening variety, the largest centipawn bonus drawn at random for each root
        move in the first ``RANDOM_MOVES`` moves of a game (0 = deterministic); ``seed`` seeds it."""
        self.randomness = randomness
        self.rng = random.Random(seed)
        self.tt_cap = max(4096, hash_mb * 1024 * 1024 // TT_ENTRY_BYTES)
        self.tt: dict[int, tuple] = {}
        self.killers: list[list] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.history: dict[int, int] = {}            # (piece code << 16 | destination) -> score
        self.pv: list[list] = [[] for _ in range(MAX_PLY + 2)]
        self.nodes = 0
        self.mop: MopUp | KingCentre | None = None     # an endgame term (root decides)
        self.king_safety = True                           # middlegame: king safety counts (root decides)
        self.qs_checks = False                            # quiet checks in the first quiescence ply
        self.eval_cache: dict[int, int] = {}              # position hash -> positional terms (team 0's view)
        self.eval_game = None
        self.null_allowed = False

    def new_game(self) -> None:
        """Forget everything learnt: transposition table, killers, history."""
        self.tt.clear()
        self.history.clear()
        for k in self.killers:
            k[0] = k[1] = None

    # ------------------------------------------------------------------ entry point
    def search(self, pos: Position, limits: Limits, stop: threading.Event | None = None,
               on_info: Callable[[SearchInfo], None] | None = None,
               exclude: Collection[Move] = ()) -> SearchResult:
        """Search ``pos`` (left unchanged) within ``limits``; the best move, or None if there is none."""
        start = time.perf_counter()
        game = pos.game
        gd = _GAME_DATA.get(id(game))
        if gd is None or gd.game is not game or len(gd.value) != game.ncodes:
            gd = _GAME_DATA[id(game)] = _GameData(game)
        self.gd = gd
        self.mop = mop_up_for(pos, gd) or king_centre_for(pos, gd)
        king_safety = self.mop is None
        if king_safety != self.king_safety or self.eval_game is not game or len(self.eval_cache) >= EVAL_CACHE:
            self.eval_cache.clear()
        self.king_safety = king_safety
        self.eval_game = game
        self.positional = gd.evaluator.positional
        self.null_allowed = game.players == 2 and not game.has_extra and not game.has_game_over
        # quiet checks in the first quiescence ply: two-player games with check (one king a side)
        self.qs_checks = QS_CHECKS and gd.reach[0] is not None and not game.has_game_over
        plan = budget(limits)
        self.deadline = start + plan.hard if plan.hard is not None else float("inf")
        soft = start + plan.soft if plan.soft is not None else float("inf")
        self.stop_event = stop
        self.node_limit = max(1, limits.nodes) if limits.nodes is not None else float("inf")
        self.nodes = 0
        self.next_check = 1                 # the first node looks at the stop event
        if len(self.tt) > self.tt_cap:
            self.tt.clear()
        for key in self.history:
            self.history[key] >>= 2
        for k in self.killers:
            k[0] = k[1] = None

        moves = pos.legal_moves()
        if not moves:
            return SearchResult(None, None, report_score(self._terminal(pos, 0)), 0, 0, [])
        if exclude:
            excluded = set(exclude)
            moves = [m for m in moves if m not in excluded]
            if not moves:
                return SearchResult(None, None, 0, 0, 0, [])
        entry = self.tt.get(pos.hash)
        moves = self._order(pos, moves, entry[3] if entry else None, 0)
        self.noise = None
        if self.randomness > 0 and pos.fullmove <= RANDOM_MOVES and len(moves) > 1:
            self.noise = {m: self.rng.randint(0, self.randomness) for m in moves}
        best, best_score, best_pv, done_depth = moves[0], None, [moves[0]], 0
        max_depth = min(MAX_DEPTH, limits.depth) if limits.depth is not None else MAX_DEPTH
        timed = plan.hard is not None
        moves_made = pos.moves_made
        last_info = None
        for depth in range(1, max(1, max_depth) + 1):
            self.root_best = None
            iteration_start = time.perf_counter()
            try:
                if depth >= 4 and best_score is not None and abs(best_score) < MATE_BOUND:
                    lo, hi = best_score - ASPIRATION, best_score + ASPIRATION
                    score = self._root(pos, moves, depth, lo, hi)
                    if score <= lo or score >= hi:          # outside the window: search it again in full
                        if score <= lo:
                            self.root_best = None           # a fail-low move is no better than the last best
                        score = self._root(pos, moves, depth)
                else:
                    score = self._root(pos, moves, depth)
            except _Stop:
                pos.take_back_to(moves_made)
                # a move that already beat the previous best in the unfinished iteration is better
                if self.root_best is not None and self.root_best[0] != best:
                    best, best_score, best_pv = self.root_best[0], self.root_best[1], self.root_best[2]
                break
            best, best_score, done_depth = self.root_best[0], score, depth
            best_pv = self.root_best[2]
            moves.remove(best)
            moves.insert(0, best)
            last_info = SearchInfo(depth, report_score(score), time.perf_counter() - start, self.nodes, list(best_pv))
            if on_info is not None:
                on_info(last_info)
            now = time.perf_counter()
            if now >= soft or self.nodes >= self.node_limit or (stop is not None and stop.is_set()):
                break
            if now + 2 * (now - iteration_start) > self.deadline and not plan.use_all:
                break          # on a clock: the next iteration (usually 3x longer) could not finish anyway
            if timed and len(moves) == 1 and not limits.infinite:
                break          # the only move: no need to think
            if abs(score) >= MATE_BOUND and not limits.infinite and depth >= MATE - abs(score) + 2:
                break          # a mate found with room to spare does not get shorter
        if best_score is None:
            best_score = self._eval(pos)
        final = SearchInfo(done_depth, report_score(best_score), time.perf_counter() - start, self.nodes,
                           list(best_pv))
        if on_info is not None and (last_info is None or last_info.pv != final.pv
                                    or last_info.score != final.score):
            on_info(final)
        ponder = best_pv[1] if len(best_pv) > 1 else None
        return SearchResult(best, ponder, report_score(best_score), done_depth, self.nodes, list(best_pv))

    # ------------------------------------------------------------------ helpers
    def _poll(self) -> None:
        """Stop on the node budget, the stop event or the clock."""
        if self.nodes >= self.node_limit:
            raise _Stop
        if self.stop_event is not None and self.stop_event.is_set():
            raise _Stop
        if time.perf_counter() >= self.deadline:
            raise _Stop
        self.next_check = min(self.nodes + POLL_NODES, self.node_limit)

    def _eval(self, pos: Position, alpha: int = -INF, beta: int = INF) -> int:
        """Material and placement (incremental in the position), the game's own term, the endgame term and
        the positional terms (engine/evaluate.py) from the side to move's view. The positional terms are
        skipped (lazy evaluation) when the rest is ``LAZY_MARGIN`` or more outside ``alpha..beta``."""
        gd = self.gd
        sign = gd.team_sign[pos.turn]
        v = pos.score * sign + TEMPO
        if gd.has_evaluate:                 # a game's own term (e.g. First Contact's king escapes)
            v += pos.game.evaluate(pos) * sign
        if self.mop is not None:
            v += self.mop.bonus(pos) if pos.turn == self.mop.strong else -self.mop.bonus(pos)
        if v - LAZY_MARGIN >= beta or v + LAZY_MARGIN <= alpha:
            return v
        extra = self.eval_cache.get(pos.hash)
        if extra is None:
            extra = self.eval_cache[pos.hash] = self.positional(pos, self.king_safety)
            if len(self.eval_cache) >= EVAL_CACHE:
                self.eval_cache.clear()
        return v + extra * sign

    def _terminal(self, pos: Position, ply: int) -> int:
        """Score of a position without legal moves: mated if in check, else a draw."""
        g = pos.game
        if g.has_game_over:
            o = g.game_over(pos)
            if o is not None:
                return self._outcome_score(pos, o, ply)
        return -(MATE - ply) if pos.in_check() else self._stalemate(pos, ply)

    @staticmethod
    def _stalemate(pos: Position, ply: int) -> int:
        """A stalemate from the side to move's view, as the game scores it (``Game.stalemate``)."""
        rule = pos.game.stalemate
        return 0 if rule == "draw" else -(MATE - ply) if rule == "loss" else MATE - ply

    def _outcome_score(self, pos: Position, outcome, ply: int) -> int:
        """A finished game (``game_over`` hook) from the side to move's view."""
        result = getattr(outcome, "result", None) or outcome[0]
        if result == "1-0":
            winner = 0
        elif result == "0-1":
            winner = 1
        else:
            return 0
        return MATE - ply if pos.game.teams[pos.turn] == winner else -(MATE - ply)

    def _order(self, pos: Position, moves: list[Move], tt_move, ply: int) -> list[Move]:
        """Hash move, then captures and promotions by MVV/LVA, killers, then quiet moves by history.

        Captures and quiet moves with a history score are sorted by their keys; the other quiet moves (most
        of them on a big board) by the move tuple alone, without a key being built."""
        b = pos.board
        enemy = self.gd.enemy[pos.turn]
        value = self.gd.value
        k1, k2 = self.killers[ply]
        hist = self.history
        first = []
        caps = []
        known = []
        rest = []
        kill1 = kill2 = None
        for m in moves:
            to = m[1]
            q = b[to]
            if m == tt_move:
                first.append(m)
            elif q and enemy[q]:
                caps.append(((value[q] << 6) - value[b[m[0]]] // 8, m))
            elif m[3] == EN_PASSANT:
                caps.append(((value[b[m[0]]] << 6), m))
            elif m[3] == PROMOTION:
                caps.append(((value[m[2]] << 5), m))
            elif m == k1:
                kill1 = m
            elif m == k2:
                kill2 = m
            else:
                h = hist.get(b[m[0]] << 16 | to)
                if h:
                    known.append((h, m))
                else:
                    rest.append(m)
        if caps:
            caps.sort(reverse=True)
            first += [m for _, m in caps]
        if kill1 is not None:
            first.append(kill1)
        if kill2 is not None:
            first.append(kill2)
        if known:
            known.sort(reverse=True)
            first += [m for _, m in known]
        rest.sort(reverse=True)             # the same order whatever order the piece sets iterate in
        first += rest
        return first

    def _in_check(self, pos: Position, k: int) -> bool:
        """Is the side to move's king on ``k`` attacked? Two-player games skip the full test when the
        opponent's last move was a plain one that neither lands where it could attack ``k`` nor leaves
        a line through ``k`` (our previous move was legal, so nothing else can give check)."""
        reach = self.gd.reach[pos.turn]
        m = pos.last_move
        if reach is not None and m is not None:
            if m[3] <= DOUBLE or m[3] == PROMOTION:
                r = reach[k]
                if m[1] not in r and m[0] not in r:
                    return False
        return pos.attacked(k)

    @staticmethod
    def _evasion_cells(pos: Position, k: int, enemies: tuple[int, ...]) -> set[int] | None:
        """Cells where a plain move (normal, double step, promotion) of a piece other than the king can
        end and perhaps answer the check on ``k``: the checker's cell and the cells between it and a
        sliding checker. Empty in a double check (only the king, or a game's special move, can answer)."""
        if pos.game.indirect:
            return None                     # a hurdle or a lame leaper's leg may answer too: try every move
        lines = pos.attack_lines(k, enemies)
        if len(lines) != 1:
            return set()
        for cells in lines.values():
            return set(cells)
        return set()

    def _staged(self, pos: Position, tt_move: Move, ply: int):
        """The hash move, then (only if it did not cut) every other pseudo-legal move in order."""
        yield tt_move
        for m in self._order(pos, pos.pseudo_legal_moves(), None, ply):
            if m != tt_move:
                yield m

    # ------------------------------------------------------------------ the tree
    def _root(self, pos: Position, moves: list[Move], depth: int, alpha: int = -INF, beta: int = INF) -> int:
        """The root's moves in order (the previous iteration's best first). Quiet moves from the
        ``ROOT_LMR_FROM`` on (counted from 0) that give no check are searched ``ROOT_LMR_MAX`` ply shallower
        first (late move reduction, as in the tree), and again at full depth only if they beat the best so far."""
        teams = pos.game.teams
        team = teams[pos.turn]
        alpha0, beta0 = alpha, beta
        best_score = -INF
        noise = self.noise
        b = pos.board
        enemy = self.gd.enemy[pos.turn]
        reduce = ROOT_LMR and depth >= 3 and not pos.in_check()
        d1 = depth - 1
        for i, m in enumerate(moves):
            r = 0
            if reduce and i >= ROOT_LMR_FROM:
                q = b[m[1]]
                if not (q and enemy[q]) and m[3] != EN_PASSANT and m[3] != PROMOTION:
                    r = min(LMR[min(depth, 63)][min(i, 255)], d1 - 1, ROOT_LMR_MAX)
            pos.push(m)
            if r and pos.in_check():
                r = 0                       # a check is searched in full
            same = teams[pos.turn] == team
            n = noise[m] if noise is not None else 0
            alpha -= n                      # the move's random bonus: search its window shifted down
            beta -= n
            if i == 0:
                s = self._ab(pos, d1, alpha, beta, 1) if same else -self._ab(pos, d1, -beta, -alpha, 1)
            elif same:
                s = self._ab(pos, d1 - r, alpha, alpha + 1, 1)
                if s > alpha and r:
                    s = self._ab(pos, d1, alpha, alpha + 1, 1)
                if s > alpha:
                    s = self._ab(pos, d1, alpha, beta, 1)
            else:
                s = -self._ab(pos, d1 - r, -alpha - 1, -alpha, 1)
                if s > alpha and r:
                    s = -self._ab(pos, d1, -alpha - 1, -alpha, 1)
                if s > alpha:
                    s = -self._ab(pos, d1, -beta, -alpha, 1)
            pos.pop()
            if n:
                alpha += n
                beta += n
                if -MATE_BOUND < s < MATE_BOUND:
                    s += n
            if s > best_score:
                best_score = s
                self.root_best = (m, s, [m] + self.pv[1])
                if s > alpha:
                    alpha = s
        flag = LOWER if best_score >= beta0 else (EXACT if best_score > alpha0 else UPPER)
        self._store(pos.hash, depth, flag, best_score, self.root_best[0], 0)
        return best_score

    def _store(self, key: int, depth: int, flag: int, score: int, move, ply: int) -> None:
        tt = self.tt
        old = tt.get(key)
        if old is not None and old[0] > depth and flag != EXACT:
            return
        if old is None and len(tt) >= self.tt_cap:
            tt.clear()
        tt[key] = (depth, flag, _to_tt(score, ply), move)

    def _ab(self, pos: Position, depth: int, alpha: int, beta: int, ply: int, null_ok: bool = True) -> int:
        """Alpha-beta value of ``pos`` for its side to move."""
        self.pv[ply] = []
        g = pos.game
        gd = self.gd
        if gd.has_game_over:
            o = g.game_over(pos)
            if o is not None:
                self.nodes += 1
                return self._outcome_score(pos, o, ply)
        if pos.halfmove >= 4 and (pos.halfmove >= gd.fifty_plies or pos.repetitions() >= 2):
            self.nodes += 1
            return 0
        k = pos.king()
        check = k is not None and self._in_check(pos, k)
        if check:
            depth += 1                      # check extension
        if depth <= 0 or ply >= MAX_PLY:
            return self._qs(pos, alpha, beta, ply, check, self.qs_checks)
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._poll()

        key = pos.hash
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            tt_move = entry[3]
            if entry[0] >= depth:
                s = _from_tt(entry[2], ply)
                flag = entry[1]
                if flag == EXACT or (flag == LOWER and s >= beta) or (flag == UPPER and s <= alpha):
                    return s

        # a non-PV node whose static score stands well above beta is not searched (reverse futility)
        if (depth <= RFP_DEPTH and beta - alpha == 1 and not check and not gd.quiet_endings
                and -MATE_BOUND < beta < MATE_BOUND):
            margin = RFP_MARGIN * depth
            v = self._eval(pos, beta + margin - 1, beta + margin)
            if v - margin >= beta:
                return v - margin
        if tt_move is None and depth >= IIR_DEPTH:
            depth -= 1                      # no hash move: a guess at a shallower depth costs less
        # null move: if passing still holds beta, a real move will too (not in check, not in pawn endings)
        if (null_ok and depth >= 3 and not check and self.null_allowed and -MATE_BOUND < beta < MATE_BOUND
                and self._eval(pos, beta - 1, beta) >= beta and self._has_pieces(pos)):
            r = NULL_R + depth // 4
            s = -self._null_search(pos, depth - 1 - r, -beta, -beta + 1, ply + 1)
            if s >= beta:
                return beta

        # pseudo-legal moves, each checked only when it is about to be searched (a cut often comes early)
        lazy = not gd.has_filter and gd.single_royal
        if lazy and tt_move is not None and gd.owner[pos.board[tt_move[0]]] == pos.turn:
            # the hash move first, before any move is generated: when it cuts, nothing else is
            moves = self._staged(pos, tt_move, ply)
        else:
            moves = pos.pseudo_legal_moves() if lazy else pos.legal_moves()
            moves = self._order(pos, moves, tt_move, ply)

        us = pos.turn
        teams = gd.teams
        team = teams[us]
        enemies = gd.enemies[us]
        b = pos.board
        enemy = gd.enemy[us]
        alpha0 = alpha
        best = -INF
        best_move = None
        killers = self.killers[ply]
        d1 = depth - 1
        i = 0                               # legal moves searched so far
        evade = None                        # in check: where a plain non-king move must land
        if lazy and k is not None:
            aligned = self.gd.aligned[us][k]
            royal = self.gd.royal
            if check:
                evade = self._evasion_cells(pos, k, enemies)
        else:
            lazy = False                    # no single king of ours: nothing to test
        # frontier pruning in non-PV nodes (not in check, no game-specific end that a quiet move could reach)
        prune = (depth <= LMP_DEPTH and beta - alpha == 1 and not check and not gd.quiet_endings
                 and -MATE_BOUND < alpha and beta < MATE_BOUND)
        checks = None                       # cells from which a quiet move might give check: never pruned
        if prune and self.gd.single_royal:
            opp = enemies[0]
            kc = pos.king(opp)
            if self.gd.reach[opp] is None:
                prune = kc is None          # a game of more players with check: no pruning
            elif kc is not None:
                checks = self.gd.reach[opp][kc]
        if prune:
            futile = depth < len(FUTILITY) and self._eval(pos, alpha - FUTILITY[depth], alpha - FUTILITY[depth] + 1) + FUTILITY[depth] <= alpha
            lmp = LMP[depth]
        quiets = 0
        for m in moves:
            q = b[m[1]]
            flag = m[3]
            if (evade is not None and m[1] not in evade and (flag <= DOUBLE or flag == PROMOTION)
                    and not royal[b[m[0]]]):
                continue                    # leaves the check standing: illegal without trying it
            quiet = not (q and enemy[q]) and flag != EN_PASSANT and flag != PROMOTION
            unless_check = False            # pruned unless it gives check (tested once it is made)
            if quiet:
                quiets += 1
                if prune and i and (futile or quiets > lmp) and m != killers[0] and m != killers[1]:
                    if checks is None or (m[1] not in checks and m[0] not in checks):
                        continue
                    unless_check = True
            mover = b[m[0]]
            pos.push(m)
            if lazy and (check or m[0] in aligned or royal[mover] or flag == EN_PASSANT or flag >= SPECIAL) \
                    and pos.king_exposed(m, us, k):
                pos.pop()
                continue
            if unless_check and not self._in_check(pos, kc):
                pos.pop()
                continue
            same = teams[pos.turn] == team
            # late move reduction: quiet moves far down the list get one ply less first
            r = 0
            if i >= 3 and depth >= 3 and quiet and not check and m != killers[0] and m != killers[1]:
                r = min(LMR[min(depth, 63)][min(i, 255)], d1 - 1)
            if i == 0:
                s = self._ab(pos, d1, alpha, beta, ply + 1) if same else -self._ab(pos, d1, -beta, -alpha, ply + 1)
            elif same:
                s = self._ab(pos, d1 - r, alpha, alpha + 1, ply + 1)
                if s > alpha and r:
                    s = self._ab(pos, d1, alpha, alpha + 1, ply + 1)
                if alpha < s < beta:
                    s = self._ab(pos, d1, alpha, beta, ply + 1)
            else:
                s = -self._ab(pos, d1 - r, -alpha - 1, -alpha, ply + 1)
                if s > alpha and r:
                    s = -self._ab(pos, d1, -alpha - 1, -alpha, ply + 1)
                if alpha < s < beta:
                    s = -self._ab(pos, d1, -beta, -alpha, ply + 1)
            pos.pop()
            i += 1
            if s > best:
                best = s
                best_move = m
                if s > alpha:
                    alpha = s
                    self.pv[ply] = [m] + self.pv[ply + 1]
                    if s >= beta:
                        if quiet:
                            if killers[0] != m:
                                killers[1] = killers[0]
                                killers[0] = m
                            hk = mover << 16 | m[1]
                            self.history[hk] = self.history.get(hk, 0) + depth * depth
                        break
        if best_move is None:               # no legal move: mated or stalemated
            return -(MATE - ply) if check else self._stalemate(pos, ply)
        flag = LOWER if best >= beta else (EXACT if best > alpha0 else UPPER)
        self._store(key, depth, flag, best, best_move, ply)
        return best

    def _has_pieces(self, pos: Position) -> bool:
        """Does the side to move have a piece other than pawns and royals (zugzwang is rare then)?"""
        b = pos.board
        g = pos.game
        for cell in pos.occupied[pos.turn]:
            code = b[cell]
            if code not in g.pawn_codes and code not in g.royal_codes:
                return True
        return False

    def _null_search(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Pass the move (two-player games only) and search the opponent's reply at reduced depth."""
        pos.push_null()
        try:
            return self._ab(pos, depth, alpha, beta, ply, False)
        finally:
            pos.pop_null()              # on a stop, also the moves made above the pass

    def _qs(self, pos: Position, alpha: int, beta: int, ply: int, check: bool, checks: bool = False,
            qdepth: int = 0) -> int:
        """Quiescence: stand pat, then captures and promotions only (all evasions when in check); with
        ``checks`` (its first ply, in games with check) also the quiet moves that give check. From
        ``QS_RECAPTURES`` plies into quiescence (``qdepth``) only captures on the last move's cell are tried:
        a crowded 3D board otherwise chains exchanges over a dozen plies."""
        self.pv[ply] = []
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._poll()
        g = pos.game
        gd = self.gd
        if gd.has_game_over:
            o = g.game_over(pos)
            if o is not None:
                return self._outcome_score(pos, o, ply)
        us = pos.turn
        checking = None                     # the quiet checking candidates (first ply only)
        if check or ply >= MAX_PLY:
            if ply >= MAX_PLY:
                return self._eval(pos)
            legal_known = gd.has_filter or not gd.single_royal
            moves = pos.legal_moves() if legal_known else pos.pseudo_legal_moves()
            best = -INF
            moves = self._order(pos, moves, None, ply)
        else:
            best = self._eval(pos, alpha, beta)
            if best >= beta:
                return best
            if best > alpha:
                alpha = best
            b = pos.board
            enemy = gd.enemy[us]
            value = self.gd.value
            legal_known = gd.has_filter
            source = pos.legal_moves() if legal_known else pos.capture_moves()
            scored = []
            margin = alpha - best - 200          # delta pruning: skip captures that cannot reach alpha
            enemies = gd.enemies[us]
            only = -1
            if qdepth >= QS_RECAPTURES:
                last = pos.last_move
                if last is not None:
                    only = last[1]
            for m in source:
                if only >= 0 and m[1] != only:
                    continue
                q = b[m[1]]
                if q and enemy[q]:
                    v = value[q]
                    if v >= margin:
                        a = value[b[m[0]]]
                        if v + SEE_MARGIN < a and pos.attacked(m[1], enemies):
                            continue                # a dearer piece takes a defended cheaper one: losing
                        scored.append(((v << 6) - a // 8, m))
                elif m[3] == PROMOTION:
                    scored.append(((value[m[2]] << 5), m))
                elif m[3] == EN_PASSANT:
                    scored.append((100 << 6, m))
            quiet_checks = None
            if checks and best + QS_CHECK_MARGIN > alpha:
                # quiet moves that land on or leave a cell from which the enemy king could be attacked;
                # only those that do give check are searched (the loop below tests it after the push)
                ek = pos.king(enemies[0])
                if ek is not None:
                    reach = self.gd.reach[enemies[0]][ek]
                    quiet_checks = [m for m in (source if legal_known else pos.pseudo_legal_moves())
                                    if (m[1] in reach or m[0] in reach) and not b[m[1]]
                                    and m[3] != EN_PASSANT and m[3] != PROMOTION]
            if not scored and not quiet_checks:
                return best
            scored.sort(reverse=True)
            moves = [m for _, m in scored]
            if quiet_checks:
                checking = set(quiet_checks)
                moves += quiet_checks
        teams = gd.teams
        team = teams[us]
        enemies = gd.enemies[us]
        test = not legal_known and self.gd.single_royal
        evade = None
        if test:
            k = pos.king(us)
            if k is None:
                test = False
            else:
                aligned = self.gd.aligned[us][k]
                royal = self.gd.royal
                if check:
                    evade = self._evasion_cells(pos, k, enemies)
        b = pos.board
        # two players, one king each (cannot be captured: moves are legal): the opponent's king stays put
        ek = pos.king(enemies[0]) if gd.players == 2 and gd.single_royal and not gd.has_game_over else False
        for m in moves:
            mover = b[m[0]]
            if (evade is not None and m[1] not in evade and (m[3] <= DOUBLE or m[3] == PROMOTION)
                    and not royal[mover]):
                continue                    # leaves the check standing
            pos.push(m)
            if test and (check or m[0] in aligned or royal[mover] or m[3] == EN_PASSANT or m[3] >= SPECIAL) \
                    and pos.king_exposed(m, us, k):
                pos.pop()
                continue
            # the next mover's king: in a two-player game the same cell for every move here
            ck = pos.king() if ek is False else ek
            child_check = ck is not None and self._in_check(pos, ck)
            if checking is not None and not child_check and m in checking:
                pos.pop()
                continue                    # a quiet move that does not give check
            if teams[pos.turn] == team:
                s = self._qs(pos, alpha, beta, ply + 1, child_check, False, qdepth + 1)
            else:
                s = -self._qs(pos, -beta, -alpha, ply + 1, child_check, False, qdepth + 1)
            pos.pop()
            if s > best:
                best = s
                if s > alpha:
                    alpha = s
                    if s >= beta:
                        break
        if best == -INF:                    # in check without a legal move
            return -(MATE - ply)
        return best
