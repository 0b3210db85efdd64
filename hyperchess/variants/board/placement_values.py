"""The placement values: each piece's value plus a bonus per cell (``pst[code][cell]``), read by the evaluation.

Made from the geometry alone (a piece's reach on the empty board, a pawn's closeness to its promotion zone);
a game's learned ``placement`` tables replace the bonus of the pieces they name.
"""
# hyperchess: compiled
from __future__ import annotations

from collections import deque

PAWN_ADVANCE = 60      # placement bonus of a pawn one step from promotion (quadratic in its progress)
PAWN_CENTRE = 12       # ... plus up to this much for a pushed pawn on a central cell


class PlacementValues:
    """The placement values of ``GameTables`` (a base class of it)."""

    def _compile_pst(self) -> list[list[int]]:
        """Piece value plus a geometry-only placement bonus, per code and cell.

        Pieces: reach on an empty board (centralisation works on any geometry).
        Pawns: closeness to their promotion zone, growing with the square of the progress (a pawn near
        promotion is worth much more, an early flank push little), plus a little centrality (the
        pawn's cell's reach for a queen-like mover, so central pawns are pushed first on any board).
        Royal pieces: a small bonus for staying home.
        """
        n = self.geometry.size
        pst = [[0] * n for _ in range(self.ncodes)]
        centre: list[int] | None = None
        reaches: dict[int, list[int]] = {}      # id(table) -> reach per cell (colours share tables)
        for code in range(self.ncodes):
            kind = self.kind_of[code]
            if not kind or self.owner[code] < 0:
                continue
            piece = self.pieces[kind]
            table = self.tables[code]
            if piece.pawn:
                dist = self._distance_to_zone(code)
                far = max([d for d in dist if d is not None] or [1])
                if centre is None:
                    centre = self._centrality()
                for cell in range(n):
                    d = dist[cell]
                    progress = 0.0 if d is None else (far - d) / max(far, 1)
                    bonus = int(PAWN_ADVANCE * progress * progress) + (centre[cell] * PAWN_CENTRE // 100
                                                                     if d is not None and d < far else 0)
                    pst[code][cell] = piece.value + bonus
                continue
            reach = reaches.get(id(table)) if self.shared_build else None
            if reach is None:
                reach = reaches[id(table)] = [
                    sum(map(len, rides)) + len(leaps) + (
                        len(pawnish[5]) + len(pawnish[6]) + sum(len(h[0]) for h in pawnish[7]) if pawnish else 0)
                    for rides, leaps, pawnish in table]
            lo, hi = min(reach), max(reach)
            span = max(hi - lo, 1)
            weight = -15 if piece.royal else min(40, piece.value // 8)
            for cell in range(n):
                pst[code][cell] = piece.value + int(weight * (reach[cell] - lo) / span)
        return pst

    def _apply_placement(self) -> None:
        """Learned tables (``placement``) replace the geometry-only bonus of the pieces they name."""
        n = self.geometry.size
        mirror = self.mirror_cells()
        if mirror is None:
            raise ValueError(f"{self.name}: a placement table needs two players whose armies mirror each other")
        for code in range(self.ncodes):
            kind = self.kind_of[code]
            table = self.placement.get(self.pieces[kind].letter) if kind and self.owner[code] >= 0 else None
            if table is not None:
                value = self.pieces[kind].value
                own = range(n) if self.owner[code] == 0 else mirror
                self.pst[code] = [value + table[c] for c in own]

    def mirror_cells(self) -> list[int] | None:
        """Per cell, the same cell from the first player's side: the map (a flip of one or more axes, ranks
        first) that takes the second player's start army onto the first player's; None when no flip does."""
        if self.players != 2:
            return None
        g = self.geometry
        size = (g.files, g.ranks, g.levels)
        for axes in ((1,), (1, 2), (0, 1), (0, 1, 2), (2,), (0,), (0, 2)):
            mirror = []
            for f, r, l in g.coords:
                c = [f, r, l]
                for a in axes:
                    c[a] = size[a] - 1 - c[a]
                mirror.append(g.index.get(tuple(c)))
            if None in mirror:
                continue
            board = self.board_from_text(self.start_fen.split()[0])
            if all(not code or self.owner[code] < 0 or (self.kind_of[board[mirror[cell]]] == self.kind_of[code]
                                                         and self.owner[board[mirror[cell]]] == 1 - self.owner[code])
                   for cell, code in enumerate(board)):
                return mirror
        return None

    def _centrality(self) -> list[int]:
        """Per cell, 0 (edge/corner) .. 100 (centre): a queen-like mover's reach on the empty board."""
        dirs = [(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1) if (a, b, c) != (0, 0, 0)]
        lines = [self._rays(d, 0) for d in dirs]
        reach = [sum([len(rays[cell]) for rays in lines]) for cell in range(self.geometry.size)]
        lo, hi = min(reach), max(reach)
        return [100 * (r - lo) // max(hi - lo, 1) for r in reach]

    def _distance_to_zone(self, code: int) -> list[int | None]:
        """Pawn pushes needed from each cell to reach the promotion zone (BFS backwards)."""
        n = self.geometry.size
        zone = self.promotion_zone[self.owner[code]]
        preds: list[list[int]] = [[] for _ in range(n)]
        for frm in range(n):
            _, _, pawnish = self.tables[code][frm]
            if pawnish:
                for to, _ in pawnish[0]:
                    preds[to].append(frm)
        dist: list[int | None] = [None] * n
        queue = deque()
        for c in zone:
            dist[c] = 0
            queue.append(c)
        while queue:
            c = queue.popleft()
            for p in preds[c]:
                if dist[p] is None:
                    dist[p] = dist[c] + 1
                    queue.append(p)
        return dist

