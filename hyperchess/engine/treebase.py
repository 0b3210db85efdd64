"""What every node of the search tree asks of the searcher besides the tree itself (engine/search.py builds the
tree on :class:`TreeBase`): the poll of the clock and the node budget, the static evaluation with its endgame
term, the move order, the check test and the cells that answer a check, and the transposition table's store,
with mate scores kept relative to the node (``score_to_tt``/``score_from_tt``).
"""
from __future__ import annotations

import time

from hyperchess.variants.core.attacks import block_cells
from hyperchess.variants.core.game import DOUBLE, PROMOTION, Move
from hyperchess.variants.core.position import Position

from .margins import LAZY_MARGIN, POLL_NODES
from .outcomes import outcome_score
from .points import seat_score
from .scores import INF, MATE_BOUND, TEMPO, Stop


def score_to_tt(s: int, ply: int) -> int:
    """A node's score as the transposition table keeps it: a mate counted from the node, not the root."""
    if s >= MATE_BOUND:
        return s + ply
    if s <= -MATE_BOUND:
        return s - ply
    return s


def score_from_tt(s: int, ply: int) -> int:
    """A kept score as the node at ``ply`` reads it: a mate counted from the root again."""
    if s >= MATE_BOUND:
        return s - ply
    if s <= -MATE_BOUND:
        return s + ply
    return s


class TreeBase:
    """The searcher's services to its nodes. The tables and counters they read (``tt``, ``eval_cache``,
    ``killers``, ``history``, ``gd``, the endgame term, the team term, the budget) are set up by ``Searcher`` (engine/search.py)."""

    def _poll(self) -> None:
        """Stop on the node budget, the stop event or the clock."""
        if self.nodes >= self.node_limit:
            raise Stop
        if self.stop_event is not None and self.stop_event.is_set():
            raise Stop
        if time.perf_counter() >= self.deadline:
            raise Stop
        self.next_check = min(self.nodes + POLL_NODES, self.node_limit)

    def _eval(self, pos: Position, alpha: int = -INF, beta: int = INF) -> int:
        """Material and placement (incremental in the position), the game's own term, on one board of two the
        team term (what the pieces captured since the root give the other board), the endgame term and the
        positional terms (engine/evaluate.py) from the side to move's view. The positional terms are
        skipped (lazy evaluation) when the rest is ``LAZY_MARGIN`` or more outside ``alpha..beta``."""
        gd = self.gd
        if gd.seat >= 0:                    # a game for points, searched from one seat (engine/points.py)
            v = seat_score(pos, gd.seat, gd.material)
            return (v if pos.turn == gd.seat else -v) + TEMPO
        lazy = LAZY_MARGIN                  # the constants as locals: C integers when compiled
        sign = gd.team_sign[pos.turn]
        v = (pos.score + gd.turn_bonus) * sign + TEMPO
        team = self.team
        if team is not None:                # one board of two: what the captures pass (engine/partner.py)
            v += team.score(pos) * sign
        if gd.has_evaluate:                 # a game's own term (e.g. First Contact's king escapes)
            v += pos.game.evaluate(pos) * sign
        mop = self.mop
        if mop is not None:
            bonus = self._endgame_bonus(pos, mop)
            v += bonus if pos.turn == self.mop_strong else -bonus
        if v - lazy >= beta or v + lazy <= alpha:
            return v
        cache = self.eval_cache
        i = cache.find(pos.hash)
        if i >= 0:
            extra = cache.value(i)
        else:
            ev = gd.evaluator
            extra = ev.positional(pos, self.king_safety)
            cache.put(pos.hash, extra)
        return v + extra * sign

    def _endgame_bonus(self, pos: Position, mop) -> int:
        """``mop.bonus(pos)`` (engine/endgame.py, run as Python), kept by the cells of the two kings when the
        term says its bonus depends on nothing else (``kings_only``: its game's tables are fixed for the object),
        so each pair of cells is computed once a search. Another term is asked each time."""
        if mop is not self.mop_of:
            self.mop_of = mop
            self.mop_memo = {}
            self.mop_strong = mop.strong
            self.mop_kings_only = bool(getattr(mop, "kings_only", False))
        if not self.mop_kings_only:
            return mop.bonus(pos)
        r0 = pos.royals[0]
        r1 = pos.royals[1]
        k0 = r0.first() if r0.n == 1 else -1     # the one royal cell of each side, -1 for none or several
        k1 = r1.first() if r1.n == 1 else -1
        key = (k0 + 1) * 65537 + k1 + 1
        memo = self.mop_memo
        got = memo.get(key)
        if got is None:
            got = mop.bonus(pos)
            memo[key] = got
        return got

    def _ended(self, pos: Position, outcome, ply: int) -> int:
        """A finished game from the side to move's view: by its result, or in a game for points by the
        searching seat's points (engine/points.py)."""
        seat = self.gd.seat
        if seat < 0:
            return outcome_score(pos, outcome, ply)
        v = seat_score(pos, seat, self.gd.material, True)
        return v if pos.turn == seat else -v

    def _order(self, pos: Position, moves: list[Move], tt_move, ply: int, rest: list | None = None) -> list[Move]:
        """Hash move, then captures and promotions by MVV/LVA, killers, then quiet moves by history, the
        rest by the move itself (engine/ordering.py); with ``rest``, those last ones are left in it unsorted
        (``MoveOrder.sort_rest`` orders them when they are reached)."""
        killers = self.killers[ply]
        return self.orderer.order(pos.cells, moves, tt_move, killers[0], killers[1], self.history,
                                  self.gd.enemy[pos.turn], self.gd.value, rest)

    def _in_check(self, pos: Position, k: int) -> bool:
        """Is the side to move's king on ``k`` attacked? Two-player games skip the full test when the
        opponent's last move was a plain one that neither lands where it could attack ``k`` nor leaves
        a line through ``k`` (our previous move was legal, so nothing else can give check)."""
        reach = self.gd.reach_flags[pos.turn]
        m = pos.made_last()
        if reach is not None and m is not None:
            if m[3] <= DOUBLE or m[3] == PROMOTION:
                r = reach[k]
                to = m[1]
                frm = m[0]
                if not r[to] and not r[frm]:
                    return False
        return pos.attacked(k)

    @staticmethod
    def _evasion_cells(pos: Position, k: int, enemies: tuple[int, ...]) -> set[int] | None:
        """Cells where a plain move (normal, double step, promotion) of a piece other than the king can
        end and perhaps answer the check on ``k``: the checker's cell and the cells between it and a
        sliding checker. Empty in a double check (only the king, or a game's special move, can answer)."""
        if pos.game.indirect:
            return None                     # a hurdle or a lame leaper's leg may answer too: try every move
        return block_cells(pos, k, enemies)

    def _store(self, key: int, depth: int, flag: int, score: int, move, ply: int) -> None:
        """Keep the node's result (a bound does not replace a deeper entry; mate scores from this node)."""
        self.tt.store(key, depth, flag, score_to_tt(score, ply), move)
