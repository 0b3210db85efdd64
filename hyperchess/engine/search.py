"""The search's tree: alpha-beta for every game, negamax from the side to move's view.

``Searcher.search`` runs iterative deepening (engine/deepening.py) over ``_root``; below it ``_ab`` (the tree,
with its pruning and reductions) and ``_qs`` (quiescence). What a node asks besides (the evaluation, the move
order, the check test, the budget): engine/treebase.py; the scores of ended games: engine/outcomes.py; scores
and results: engine/scores.py; what the search reads of a game: engine/gamedata.py.

Team games: when the next mover is on the same team as the current one (four-player games after
an elimination) the child's value is not negated and the window is passed unchanged.
"""
from __future__ import annotations

import random
import threading
from array import array
from typing import Callable, Collection

from hyperchess.variants.core.movegen import capture_moves, pseudo_legal_moves
from hyperchess.variants.core.game import DOUBLE, EN_PASSANT, PROMOTION, SPECIAL, Move
from hyperchess.variants.core.position import Position

from .deepening import deepen
from .endgame import KingCentre, MopUp, king_centre_for, mop_up_for
from .gamedata import game_data, plays_for_points
from .hashtables import EXACT, LOWER, UPPER, EvalCache, TransTable, table_slots
from .margins import (EVAL_CACHE, FUTILITY, IIR_DEPTH, LMP, LMP_DEPTH, LMP_PV, LMP_WIDE, LMR, MAX_PLY,
                      NULL_DEPTH_WIDE, NULL_R, QS_CHECK_MARGIN, QS_RECAPTURES, RFP_DEPTH, RFP_MARGIN,
                      ROOT_LMR, ROOT_LMR_FROM, ROOT_LMR_MAX, ROOT_LMR_WIDE, ROOT_LMR_WIDE_FROM, SEE_MARGIN)
from .ordering import MoveOrder, move_key
from .outcomes import no_moves_score
from .partner import TEAM_SECONDS, team_term
from .scores import INF, MATE_BOUND, SearchInfo, SearchResult, Stop
from .timecontrol import Budget, Limits, budget
from .treebase import TreeBase, score_from_tt

try:
    import cython
    TYPED = cython.compiled         # true in the compiled module (setup.py), false when run as Python
except ImportError:                 # no Cython installed: always Python
    TYPED = False

QS_CHECKS = False                   # search quiet checking moves in the first quiescence ply (margins.QS_CHECK_MARGIN)


class Searcher(TreeBase):
    """The engine's brain. One instance per game session; not thread-safe (one search at a time)."""

    def __init__(self, hash_mb: int = 64, randomness: int = 0, seed: int | None = None) -> None:
        """``randomness``: opening variety, the largest centipawn bonus drawn at random for each root
        move in the first ``RANDOM_MOVES`` moves of a game (0 = deterministic); ``seed`` seeds it."""
        self.randomness = randomness
        self.rng = random.Random(seed)
        self.tt_cap = table_slots(hash_mb)
        self.tt = TransTable(self.tt_cap)                 # position hash -> depth, flag, score, move
        self.killers: list[list] = [[None, None] for _ in range(MAX_PLY + 2)]
        # quiet moves' history, by piece code * board size + destination (0: none); sized for its game by begin
        self.history = array("q")
        self.history_size = 0                             # the board size the history is laid out for
        self.pv: list[list] = [[] for _ in range(MAX_PLY + 2)]
        # the empty PV of every node until a move raises alpha: one list shared, never changed (a PV is only
        # ever made anew, ``[m] + self.pv[ply + 1]``)
        self.no_pv: list = []
        self.nodes = 0
        self.mop: MopUp | KingCentre | None = None     # an endgame term (root decides)
        self.king_safety = True                           # middlegame: king safety counts (root decides)
        self.qs_checks = False                            # quiet checks in the first quiescence ply
        self.eval_cache = EvalCache(EVAL_CACHE)           # position hash -> positional terms (team 0's view)
        self.eval_game = None
        self.null_allowed = False
        self.wide = False                                 # the root has WIDE_ROOT moves or more
        self.root_scores: dict = {}                       # the root moves' scores in the last iteration
        self.orderer = MoveOrder()                        # the move order's sort buffers
        self.mop_of = None                                # the endgame term mop_memo holds values of
        self.mop_memo: dict = {}
        self.mop_strong = 0
        self.mop_kings_only = False
        self.gd_seat = -1                                 # the seat a game for points was last searched from
        # one board of a two-board game: the other board as it stands (set by the caller before a search; None:
        # the board alone), the team term it gives (engine/partner.py) and what the stored scores counted
        self.partner: Position | None = None
        self.team = None
        self.team_key = None

    def new_game(self) -> None:
        """Forget everything learnt: transposition table, killers, history."""
        self.tt.clear()
        self.history = array("q")
        for k in self.killers:
            k[0] = k[1] = None

    # ------------------------------------------------------------------ entry point
    def search(self, pos: Position, limits: Limits, stop: threading.Event | None = None,
               on_info: Callable[[SearchInfo], None] | None = None,
               exclude: Collection[Move] = ()) -> SearchResult:
        """Search ``pos`` (left unchanged) within ``limits``; the best move, or None if there is none."""
        return deepen(self, pos, limits, stop, on_info, exclude)

    def begin(self, pos: Position, limits: Limits, stop: threading.Event | None, start: float) -> Budget:
        """Make ready for a search of ``pos`` that started at ``start`` (``time.perf_counter``): the game's
        tables, the team term (``partner``: the other board of a two-board game), the endgame term, the clock
        and the node budget; the transposition table and history are kept (history decayed), killers
        forgotten."""
        game = pos.game
        gd = game_data(game, pos.turn if plays_for_points(game) else -1)
        if gd.seat != self.gd_seat:
            self.tt.clear()                 # a game for points: the scores stored are the last seat's
            self.gd_seat = gd.seat
        self.gd = gd
        plan = budget(limits)
        # the team term costs 2-180 ms to build (engine/partner.py): a search with less time plays the board alone
        timely = plan.hard is None or plan.hard >= TEAM_SECONDS
        self.team = team_term(pos, self.partner) if self.partner is not None and timely else None
        team_key = None if self.team is None else (tuple(self.team.weight), self.team.demoted, self.team.base)
        if team_key != self.team_key:
            self.tt.clear()                 # the stored scores counted another team term
            self.team_key = team_key
        self.mop = mop_up_for(pos, gd) or king_centre_for(pos, gd)
        king_safety = self.mop is None
        if king_safety != self.king_safety or self.eval_game is not game:
            self.eval_cache.clear()
        self.king_safety = king_safety
        self.eval_game = game
        self.null_allowed = game.players == 2 and not game.has_extra and not game.has_game_over
        # quiet checks in the first quiescence ply: two-player games with check (one king a side)
        self.qs_checks = QS_CHECKS and gd.reach[0] is not None and not game.has_game_over
        self.deadline = start + plan.hard if plan.hard is not None else float("inf")
        self.stop_event = stop
        self.node_limit = max(1, limits.nodes) if limits.nodes is not None else float("inf")
        self.nodes = 0
        self.next_check = 1                 # the first node looks at the stop event
        self.tt.new_search()
        size = game.geometry.size
        if len(self.history) != game.ncodes * size or self.history_size != size:
            self.history = array("q", bytes(8 * game.ncodes * size))     # another game's shape: a fresh one
            self.history_size = size
        for key in range(len(self.history)):
            if self.history[key]:
                self.history[key] >>= 2
        for k in self.killers:
            k[0] = k[1] = None
        return plan

    # ------------------------------------------------------------------ the tree
    def _root(self, pos: Position, moves: list[Move], depth: int, alpha: int = -INF, beta: int = INF) -> int:
        """The root's moves in order (the previous iteration's best first). Quiet moves from the
        ``ROOT_LMR_FROM`` on (counted from 0) that give no check are searched ``ROOT_LMR_MAX`` ply shallower
        first (late move reduction, as in the tree), and again at full depth only if they beat the best so far."""
        teams = self.gd.teams
        team = teams[pos.turn]
        alpha0, beta0 = alpha, beta
        best_score = -INF
        noise = self.noise
        b = pos.cells
        enemy = self.gd.enemy[pos.turn]
        reduce = ROOT_LMR and depth >= 3 and not pos.in_check()
        d1 = depth - 1
        wide = self.wide
        for i, m in enumerate(moves):
            r = 0
            if reduce and i >= ROOT_LMR_FROM:
                q = b[m[1]]
                if not (q and enemy[q]) and m[3] != EN_PASSANT and m[3] != PROMOTION:
                    r = min(LMR[min(depth, 63)][min(i, 255)], d1 - 1,
                            ROOT_LMR_WIDE if wide and i >= ROOT_LMR_WIDE_FROM and d1 >= 4 else ROOT_LMR_MAX)
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
            if wide:
                self.root_scores[m] = s
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

    def _ab(self, pos: Position, depth: int, alpha: int, beta: int, ply: int, null_ok: bool = True) -> int:
        """Alpha-beta value of ``pos`` for its side to move."""
        self.pv[ply] = self.no_pv
        g = pos.game
        gd = self.gd
        if gd.has_game_over:
            o = pos.game_over()
            if o is not None:
                self.nodes += 1
                return self._ended(pos, o, ply)
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
        tt = self.tt
        slot = tt.find(key)
        tt_move = None
        if slot >= 0:
            tt_move = tt.moves[slot]
            if tt.depth(slot) >= depth:
                s = score_from_tt(tt.score(slot), ply)
                flag = tt.flag(slot)
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
        if (null_ok and depth >= (NULL_DEPTH_WIDE if self.wide else 3) and not check and self.null_allowed
                and -MATE_BOUND < beta < MATE_BOUND and self._eval(pos, beta - 1, beta) >= beta
                and self._has_pieces(pos)):
            r = NULL_R + depth // 4
            s = -self._null_search(pos, depth - 1 - r, -beta, -beta + 1, ply + 1)
            if s >= beta:
                return beta

        # pseudo-legal moves, each checked only when it is about to be searched (a cut often comes early)
        lazy = not gd.has_filter and gd.single_royal
        staged = lazy and tt_move is not None and gd.owner[pos.cells[tt_move[0]]] == pos.turn
        rest = []                           # the quiet moves ordered by themselves: sorted once reached
        if staged:
            # the hash move first, before any move is generated: when it cuts, nothing else is
            moves = [tt_move]
        else:
            moves = pseudo_legal_moves(pos) if lazy else pos.legal_moves()
            moves = self._order(pos, moves, tt_move, ply, rest)

        us = pos.turn
        teams = gd.teams
        team = teams[us]
        enemies = gd.enemies[us]
        b = pos.cells
        enemy = gd.enemy[us]
        alpha0 = alpha
        best = -INF
        best_move = None
        killers = self.killers[ply]
        d1 = depth - 1
        i = 0                               # legal moves searched so far
        evade = None                        # in check: where a plain non-king move must land
        if lazy and k is not None:
            aligned = self.gd.aligned_flags[us][k]
            royal = self.gd.royal
            if check:
                evade = self._evasion_cells(pos, k, enemies)
        else:
            lazy = False                    # no single king of ours: nothing to test
        # frontier pruning in non-PV nodes, and in a wide search's PV nodes too (not in check, no game-specific
        # end that a quiet move could reach)
        pv_node = beta - alpha > 1
        prune = (depth <= LMP_DEPTH and not check and not gd.quiet_endings
                 and ((pv_node and self.wide) or (not pv_node and -MATE_BOUND < alpha and beta < MATE_BOUND)))
        floor = -MATE_BOUND if pv_node else -INF     # a PV node prunes once a move is known not to lose
        checks = None                       # cells from which a quiet move might give check: never pruned
        escapes = None                      # cells of our attacked pieces (PV nodes): their moves never pruned
        if prune and self.gd.single_royal:
            opp = enemies[0]
            kc = pos.king(opp)
            if self.gd.reach[opp] is None:
                prune = kc is None          # a game of more players with check: no pruning
            elif kc is not None:
                checks = self.gd.reach_flags[opp][kc]
        if prune:
            if pv_node:
                futile = False
                lmp = LMP_PV[depth]
                # a PV node does not prune the moves of an attacked piece: its escape may be the only defence
                escapes = {c for c in pos.occupied[us] if not gd.royal[b[c]] and pos.attacked(c, enemies)}
            else:
                margin = FUTILITY[depth] if depth < len(FUTILITY) else 0
                futile = margin > 0 and self._eval(pos, alpha - margin, alpha - margin + 1) + margin <= alpha
                lmp = LMP_WIDE[depth] if self.wide else LMP[depth]
        quiets = 0
        ep, promotion, double, special = EN_PASSANT, PROMOTION, DOUBLE, SPECIAL   # C integers when compiled
        kto0 = killers[0][1] if killers[0] is not None else -1     # the killers' target cells (-1: none),
        kto1 = killers[1][1] if killers[1] is not None else -1     # tested before their tuples are compared
        n = len(moves)
        j = 0
        while True:
            if j == n:
                if staged:
                    # the hash move did not cut: every other pseudo-legal move in order (the order puts the
                    # hash move first, where it is skipped)
                    staged = False
                    moves = self._order(pos, pseudo_legal_moves(pos), tt_move, ply, rest)
                    n = len(moves)
                    j = 0
                    while j < n and moves[j] == tt_move:
                        j += 1
                elif rest:
                    moves = self.orderer.sort_rest(rest)
                    rest = []
                    n = len(moves)
                    j = 0
                else:
                    break
                continue
            m = moves[j]
            j += 1
            to = m[1]
            q = b[to]
            flag = m[3]
            if (evade is not None and to not in evade and (flag <= double or flag == promotion)
                    and not royal[b[m[0]]]):
                continue                    # leaves the check standing: illegal without trying it
            quiet = not (q and enemy[q]) and flag != ep and flag != promotion
            unless_check = False            # pruned unless it gives check (tested once it is made)
            if quiet:
                quiets += 1
                if prune and i and (futile or quiets > lmp) and best > floor and (to != kto0 or m != killers[0]) \
                        and (to != kto1 or m != killers[1]) and (escapes is None or m[0] not in escapes):
                    frm = m[0]
                    if checks is None or (not checks[to] and not checks[frm]):
                        continue
                    unless_check = True
            frm = m[0]
            mover = b[frm]
            pos.push(m)
            if lazy and (check or aligned[frm] or royal[mover] or flag == ep or flag >= special) \
                    and pos.king_exposed(m, us, k):
                pos.pop()
                continue
            if unless_check and not self._in_check(pos, kc):
                pos.pop()
                continue
            same = teams[pos.turn] == team
            # late move reduction: quiet moves far down the list get one ply less first
            r = 0
            if i >= 3 and depth >= 3 and quiet and not check and (to != kto0 or m != killers[0]) \
                    and (to != kto1 or m != killers[1]):
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
                            self.history[mover * self.history_size + m[1]] += depth * depth
                        break
        if best_move is None:               # no legal move: mated or stalemated
            return no_moves_score(pos, ply, check)
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
        a crowded 3D board otherwise chains exchanges over a dozen plies; in a game where every move
        captures, from its first ply."""
        self.pv[ply] = self.no_pv
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._poll()
        g = pos.game
        gd = self.gd
        if gd.has_game_over:
            o = pos.game_over()
            if o is not None:
                return self._ended(pos, o, ply)
        us = pos.turn
        ep, promotion, double, special = EN_PASSANT, PROMOTION, DOUBLE, SPECIAL   # C integers when compiled
        checking = None                     # the quiet checking candidates (first ply only)
        if check or ply >= MAX_PLY:
            if ply >= MAX_PLY:
                return self._eval(pos)
            legal_known = gd.has_filter or not gd.single_royal
            moves = pos.legal_moves() if legal_known else pseudo_legal_moves(pos)
            best = -INF
            moves = self._order(pos, moves, None, ply)
        else:
            best = self._eval(pos, alpha, beta)
            if best >= beta:
                return best
            if best > alpha:
                alpha = best
            b = pos.cells
            enemy = gd.enemy[us]
            value = self.gd.value
            legal_known = gd.has_filter
            source = pos.legal_moves() if legal_known else capture_moves(pos)
            see = SEE_MARGIN
            margin = alpha - best - 200          # delta pruning: skip captures that cannot reach alpha
            enemies = gd.enemies[us]
            only = -1
            if qdepth >= QS_RECAPTURES or gd.captures_only:
                # (where every move captures, all-capture quiescence would be the whole tree)
                last = pos.made_last()
                if last is not None:
                    only = last[1]
            # the captures by (key, move), descending. Compiled: the keys and the packed moves (move_key) in
            # the move order's buffers, by the move's place in ``source``, sorted as integers; as Python (or
            # for a move that does not pack) the (key, move) tuples, sorted
            packed = TYPED
            scored = None if packed else []
            npicked = 0
            nsource = len(source)
            if packed:
                orderer = self.orderer
                if nsource > orderer.capacity:
                    orderer._grow(2 * nsource)
            for j in range(nsource):
                m = source[j]
                to = m[1]
                if only >= 0 and to != only:
                    continue
                q = b[to]
                if q and enemy[q]:
                    v = value[q]
                    if v < margin:
                        continue
                    a = value[b[m[0]]]
                    if v + see < a and pos.attacked(to, enemies):
                        continue                # a dearer piece takes a defended cheaper one: losing
                    key = (v << 6) - a // 8
                elif m[3] == promotion:
                    key = value[m[2]] << 5
                elif m[3] == ep:
                    key = 100 << 6
                else:
                    continue
                if packed:
                    pk = move_key(m)
                    if pk >= 0:
                        orderer.primary[j] = key
                        orderer.secondary[j] = pk
                        orderer.index[npicked] = j
                        npicked += 1
                        continue
                    packed = False      # a move that does not pack: the tuples, those picked so far too
                    scored = [(orderer.primary[orderer.index[i]], source[orderer.index[i]]) for i in range(npicked)]
                scored.append((key, m))
            quiet_checks = None
            if checks and best + QS_CHECK_MARGIN > alpha:
                # quiet moves that land on or leave a cell from which the enemy king could be attacked;
                # only those that do give check are searched (the loop below tests it after the push)
                ek = pos.king(enemies[0])
                if ek is not None:
                    reach = self.gd.reach_flags[enemies[0]][ek]
                    quiet_checks = []
                    for m in source if legal_known else pseudo_legal_moves(pos):
                        to = m[1]
                        frm = m[0]
                        if (reach[to] or reach[frm]) and not b[to] and m[3] != ep and m[3] != promotion:
                            quiet_checks.append(m)
            if (not npicked if packed else not scored) and not quiet_checks:
                return best
            if packed:
                moves = orderer.sort_picked(source, npicked)
            else:
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
                aligned = self.gd.aligned_flags[us][k]
                royal = self.gd.royal
                if check:
                    evade = self._evasion_cells(pos, k, enemies)
        b = pos.cells
        # two players, one king each (cannot be captured: moves are legal): the opponent's king stays put
        ek = (pos.king(enemies[0]) if gd.players == 2 and gd.single_royal and not gd.has_game_over
              and not gd.multi_move else False)
        for m in moves:
            frm = m[0]
            mover = b[frm]
            if (evade is not None and m[1] not in evade and (m[3] <= double or m[3] == promotion)
                    and not royal[mover]):
                continue                    # leaves the check standing
            pos.push(m)
            if test and (check or aligned[frm] or royal[mover] or m[3] == ep or m[3] >= special) \
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
            return no_moves_score(pos, ply, True)
        return best
