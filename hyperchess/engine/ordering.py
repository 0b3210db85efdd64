"""The search's move order: the hash move, captures and promotions by MVV/LVA, the killers, then quiet moves
by history, the rest by the move itself.

One order, two ways to sort it. As Python, ``order_tuples`` sorts ``(key, move)`` tuples and the moves
themselves (the tuples compare field by field). Compiled (``ordering.pxd``), ``MoveOrder.order`` gives each
move the same keys as C integers (``move_key``: the four fields of a move packed so that the integers compare
as the tuples do) and sorts move numbers in buffers kept from node to node: no tuple is built or compared.
Both give the same list, so both paths search the same tree (tests/test_compiled.py).
"""
from __future__ import annotations

from array import array
from typing import Sequence

from hyperchess.variants.board.codes import EN_PASSANT, PROMOTION, Move

try:
    import cython
    TYPED = cython.compiled         # true in the compiled module (setup.py), false when run as Python
except ImportError:                 # no Cython installed: always Python
    TYPED = False

INSERTION = 16                      # runs of this many are sorted by insertion, then merged
LAZY_REST = 24                      # more moves than this in the last group: sorted only once reached


def move_key(m: Move) -> int:
    """``m`` as one non-negative integer that orders as the tuple does, or -1 if a field does not fit: from
    the most significant bits, the from cell and the to cell (16 bits each), extra (24) and the flag (7)."""
    extra = m[2]
    if type(extra) is not int:
        return -1
    frm = m[0]
    to = m[1]
    x = extra
    flag = m[3]
    if not (0 <= frm < 65536 and 0 <= to < 65536 and 0 <= x < 16777216 and 0 <= flag < 128):
        return -1
    return frm << 47 | to << 31 | x << 7 | flag


def order_tuples(b: Sequence[int], moves: list, tt_move, k1, k2, hist: Sequence[int], enemy: list,
                 value: list, rest: list | None = None) -> list:
    """The order, by sorting tuples (the Python path, and the compiled path's fallback for a move whose
    fields ``move_key`` cannot pack). ``b`` the board, ``k1``/``k2`` the killers, ``hist`` the history
    (by ``code * len(b) + destination``), ``enemy`` the mover's enemy codes, ``value`` piece values. With
    ``rest`` (a list), the moves ordered by the move alone (the last group), when there are more than
    ``LAZY_REST``, are appended to it unsorted instead: ``MoveOrder.sort_rest`` orders them once a search
    reaches them (a cut before them saves their sort: mixed3d's nodes have hundreds)."""
    first = []
    caps = []
    known = []
    others = []
    kill1 = kill2 = None
    # the target cells of the hash move and the killers (-1: none): a cheap test before comparing tuples
    tt_to = tt_move[1] if tt_move is not None else -1
    k1_to = k1[1] if k1 is not None else -1
    k2_to = k2[1] if k2 is not None else -1
    size = len(b)
    for m in moves:
        to = m[1]
        q = b[to]
        if to == tt_to and m == tt_move:
            first.append(m)
        elif q and enemy[q]:
            caps.append(((value[q] << 6) - value[b[m[0]]] // 8, m))
        elif m[3] == EN_PASSANT:
            caps.append(((value[b[m[0]]] << 6), m))
        elif m[3] == PROMOTION:
            caps.append(((value[m[2]] << 5), m))
        elif to == k1_to and m == k1:
            kill1 = m
        elif to == k2_to and m == k2:
            kill2 = m
        else:
            h = hist[b[m[0]] * size + to]
            if h:
                known.append((h, m))
            else:
                others.append(m)
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
    if rest is not None and len(others) > LAZY_REST:
        rest += others
    else:
        others.sort(reverse=True)       # the same order whatever order the piece sets iterate in
        first += others
    return first


class MoveOrder:
    """Buffers for the compiled sort, grown as needed and kept from node to node (one per searcher: the
    order of a node is built and returned before any child is searched)."""

    def __init__(self) -> None:
        self._grow(256)

    def _grow(self, n: int) -> None:
        self.capacity = n
        self.primary = array("q", bytes(8 * n))      # per move number: its first key ...
        self.secondary = array("q", bytes(8 * n))    # ... and its second (the move itself)
        self.index = array("i", bytes(12 * n))       # move numbers: captures, history moves, the rest
        self.spare = array("i", bytes(12 * n))       # the merge's scratch

    def order(self, b: Sequence[int], moves: list, tt_move, k1, k2, hist: Sequence[int], enemy: list,
              value: list, rest: list | None = None) -> list:
        """``moves`` in the search's order (``order_tuples``'s arguments)."""
        if not TYPED:
            return order_tuples(b, moves, tt_move, k1, k2, hist, enemy, value, rest)
        n = len(moves)
        size = len(b)
        if n > self.capacity:
            self._grow(2 * n)
        ep = EN_PASSANT
        promotion = PROMOTION
        # the hash move and the killers are found by their keys (-1: none, or a move that does not pack, which
        # no packed move equals)
        tt_key = move_key(tt_move) if tt_move is not None else -1
        k1_key = move_key(k1) if k1 is not None else -1
        k2_key = move_key(k2) if k2 is not None else -1
        first = []
        ncap = 0                        # captures are index[0:ncap], history moves index[n:n + nknown],
        nknown = 0                      # the rest index[2n:2n + nrest]
        nrest = 0
        kill1 = kill2 = None
        for i in range(n):
            m = moves[i]
            # move_key inlined: each field read once
            extra = m[2]
            if type(extra) is not int:
                return order_tuples(b, moves, tt_move, k1, k2, hist, enemy, value, rest)
            frm = m[0]
            to = m[1]
            x = extra
            flag = m[3]
            if not (0 <= frm < 65536 and 0 <= to < 65536 and 0 <= x < 16777216 and 0 <= flag < 128):
                return order_tuples(b, moves, tt_move, k1, k2, hist, enemy, value, rest)
            key = frm << 47 | to << 31 | x << 7 | flag
            if key == tt_key:
                first.append(m)
                continue
            q = b[to]
            capture = q != 0 and enemy[q]
            if not capture and flag != ep and flag != promotion:
                if key == k1_key:
                    kill1 = m
                    continue
                if key == k2_key:
                    kill2 = m
                    continue
            self.secondary[i] = key
            mover = b[frm]
            if capture:
                vq = value[q]
                vm = value[mover]
                self.primary[i] = (vq << 6) - vm // 8
                self.index[ncap] = i
                ncap += 1
            elif flag == ep:
                vm = value[mover]
                self.primary[i] = vm << 6
                self.index[ncap] = i
                ncap += 1
            elif flag == promotion:
                vq = value[x]
                self.primary[i] = vq << 5
                self.index[ncap] = i
                ncap += 1
            else:
                h = hist[mover * size + to]
                if h:
                    self.primary[i] = h
                    self.index[n + nknown] = i
                    nknown += 1
                else:
                    self.primary[i] = key
                    self.index[2 * n + nrest] = i
                    nrest += 1
        if ncap:
            self._sort(0, ncap)
            for j in range(ncap):
                first.append(moves[self.index[j]])
        if kill1 is not None:
            first.append(kill1)
        if kill2 is not None:
            first.append(kill2)
        if nknown:
            self._sort(n, n + nknown)
            for j in range(n, n + nknown):
                first.append(moves[self.index[j]])
        if nrest:
            if rest is not None and nrest > 24:     # LAZY_REST
                for j in range(2 * n, 2 * n + nrest):
                    rest.append(moves[self.index[j]])
            else:
                self._sort(2 * n, 2 * n + nrest)
                for j in range(2 * n, 2 * n + nrest):
                    first.append(moves[self.index[j]])
        return first

    def sort_rest(self, rest: list) -> list:
        """The moves ``order`` left in ``rest``, in its order (by the move itself, descending)."""
        if not TYPED:
            return sorted(rest, reverse=True)
        n = len(rest)
        if n > self.capacity:
            self._grow(2 * n)
        for i in range(n):
            key = move_key(rest[i])
            if key < 0:                 # order_tuples left them (a move that does not pack): the tuples' sort
                return sorted(rest, reverse=True)
            self.primary[i] = key
            self.secondary[i] = key
            self.index[i] = i
        self._sort(0, n)
        out = []
        for i in range(n):
            out.append(rest[self.index[i]])
        return out

    def sort_picked(self, moves: list, n: int) -> list:
        """The moves ``moves[index[j]]`` for ``j < n``, by ``primary`` then ``secondary`` (both indexed by the
        move's place in ``moves``), descending: quiescence's captures (``Searcher._qs``), their keys in
        ``primary`` and the packed moves (``move_key``) in ``secondary``, come out as the sort of their
        ``(key, move)`` tuples with ``reverse=True`` would put them."""
        self._sort(0, n)
        out = []
        for i in range(n):
            out.append(moves[self.index[i]])
        return out

    def _sort(self, lo: int, hi: int) -> None:
        """Sort ``index[lo:hi]`` by the keys, descending: runs of ``INSERTION`` sorted by insertion, then
        merged bottom-up (through ``spare`` and back). Compiled only; the buffers are read through ``self``
        (a typed view taken into a local costs two atomic counts a call)."""
        for run in range(lo, hi, 16):                   # INSERTION
            end = min(run + 16, hi)
            for i in range(run + 1, end):
                x = self.index[i]
                px = self.primary[x]
                sx = self.secondary[x]
                j = i
                while j > run:
                    y = self.index[j - 1]
                    if px > self.primary[y] or (px == self.primary[y] and sx > self.secondary[y]):
                        self.index[j] = y
                        j -= 1
                    else:
                        break
                self.index[j] = x
        width = 16
        while width < hi - lo:
            for left in range(lo, hi, 2 * width):
                mid = min(left + width, hi)
                end = min(left + 2 * width, hi)
                i = left
                j = mid
                k = left
                while i < mid and j < end:
                    x = self.index[j]
                    y = self.index[i]
                    if self.primary[x] > self.primary[y] or (self.primary[x] == self.primary[y]
                                                             and self.secondary[x] > self.secondary[y]):
                        self.spare[k] = x
                        j += 1
                    else:
                        self.spare[k] = y
                        i += 1
                    k += 1
                while i < mid:
                    self.spare[k] = self.index[i]
                    i += 1
                    k += 1
                while j < end:
                    self.spare[k] = self.index[j]
                    j += 1
                    k += 1
            for k in range(lo, hi):
                self.index[k] = self.spare[k]
            width *= 2
