"""The shared build: what one compile computes once and every piece, cell and colour then shares.

Many pieces share lines, moves and (turned) vector sets: ``SharedBuild`` (a base class of ``GameTables``)
makes each direction's steps, rays and ride entries for all cells at once, each plain move tuple and each set
of codes once per compile, kept in the memos ``GameTables._compile`` opens and drops. With ``shared_build``
false each is computed on its own, straight from the geometry: the same tables, slower (the tests' reference).
"""
# hyperchess: compiled
from __future__ import annotations

from typing import Iterable

from hyperchess.variants.board.codes import NORMAL, Move
from hyperchess.variants.board.geometry import Vector


class SharedBuild:
    """The rays, steps, moves and code sets of one compile, shared (read by the move and attack tables)."""

    # True: one build shares its rays, moves and code sets among pieces, cells and colours (fast). False: each
    # is computed on its own, straight from the geometry: the same tables, slower (tests compare the two).
    shared_build = True

    def _oriented(self, vecs: Iterable[Vector], basis) -> list[Vector]:
        key = (tuple(vecs), tuple(basis))
        out = self._orient_memo.get(key)
        if out is None:
            out = self._orient_memo[key] = [
                tuple(v[0] * basis[0][i] + v[1] * basis[1][i] + v[2] * basis[2][i] for i in range(3))
                for v in key[0]]
        return out

    def _ray(self, cell: int, d: Vector, limit: int) -> tuple[int, ...]:
        """``geometry.ray``, computed once per compile (many pieces share lines): a limited ray is the start
        of the unlimited one, and without a wrapped axis the ray from a cell is its first step followed by
        the ray from there."""
        if not self.shared_build:
            return self.geometry.ray(cell, d, limit)
        return self._rays(d, limit)[cell]

    def _rays(self, d: Vector, limit: int) -> list[tuple[int, ...]]:
        """``_ray(cell, d, limit)`` for every cell at once, once per compile."""
        n = self.geometry.size
        if not self.shared_build:
            return [self.geometry.ray(cell, d, limit) for cell in range(n)]
        key = (d, limit)
        rays = self._rays_memo.get(key)
        if rays is None:
            if limit:
                rays = [ray[:limit] for ray in self._rays(d, 0)]
            elif self.dedupe:
                rays = [self.geometry.ray(cell, d, 0) for cell in range(n)]
            else:
                steps = self._steps(d)
                rays = [None] * n
                for cell in range(n):
                    # walk on to the line's end or to a cell whose ray is known, then fill in backwards
                    path = [cell]
                    c = cell
                    while rays[c] is None:
                        nxt = steps[c]
                        if nxt is None or nxt == c:
                            rays[c] = ()
                        elif rays[nxt] is not None:
                            rays[c] = (nxt,) + rays[nxt]
                        else:
                            path.append(nxt)
                            c = nxt
                    for c in reversed(path[:-1]):
                        nxt = steps[c]
                        rays[c] = (nxt,) + rays[nxt]
            self._rays_memo[key] = rays
        return rays

    def _steps(self, d: Vector) -> list[int | None]:
        """``geometry.step(cell, d)`` for every cell at once, once per compile."""
        steps = self._steps_memo.get(d)
        if steps is None:
            g = self.geometry
            dx, dy, dz = d
            index = g.index
            if g.wraps or g.boards > 1 or not self.shared_build:
                steps = [g.step(cell, d) for cell in range(g.size)]
            else:
                steps = [index.get((f + dx, r + dy, l + dz)) for f, r, l in g.coords]
            self._steps_memo[d] = steps
        return steps

    def _move(self, cell: int, to: int) -> Move:
        """The plain move from ``cell`` to ``to``, one tuple shared by every table of a compile."""
        if not self.shared_build:
            return (cell, to, 0, NORMAL)
        key = cell << 16 | to
        mv = self._move_memo.get(key)
        if mv is None:
            mv = self._move_memo[key] = (cell, to, 0, NORMAL)
        return mv

    def _entry(self, cell: int, d: Vector, limit: int) -> tuple:
        """A ride's table entry ``((to, move), ...)`` from ``cell`` along ``d`` (shared like ``_ray``)."""
        if not self.shared_build:
            return tuple((to, (cell, to, 0, NORMAL)) for to in self._ray(cell, d, limit))
        return self._entries(d, limit)[cell]

    def _entries(self, d: Vector, limit: int) -> list[tuple]:
        """``_entry(cell, d, limit)`` for every cell at once, once per compile."""
        key = (d, limit)
        entries = self._entry_memo.get(key)
        if entries is None:
            memo = self._move_memo
            entries = []
            for cell, ray in enumerate(self._rays(d, limit)):
                entry = []
                for to in ray:
                    mv = memo.get(cell << 16 | to)
                    if mv is None:
                        mv = memo[cell << 16 | to] = (cell, to, 0, NORMAL)
                    entry.append((to, mv))
                entries.append(tuple(entry))
            self._entry_memo[key] = entries
        return entries

    def _codes(self, codes: Iterable[int]) -> frozenset[int]:
        """``frozenset(codes)``, one object per distinct set in a compile."""
        key = frozenset(codes)
        return self._codes_memo.setdefault(key, key) if self.shared_build else key
