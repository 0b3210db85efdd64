"""Endgame terms the search adds to the evaluation, decided once at the root of each search.

- ``MopUp``: one of two sides has next to nothing left and is well behind; drive its lone king to the edge.
- ``KingCentre``: both sides are down to little material; each king is worth more near the centre.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from hyperchess.variants.core.position import Position

if TYPE_CHECKING:
    from .gamedata import GameData

KING_CENTRE = 40                    # endgame: centipawns between a king in the centre and one in a corner
ENDGAME_MATERIAL = 1400             # ... when each side has at most this much besides pawns and royals


class MopUp:
    """Won endgames (one side has next to nothing): drive the lone king to the edge and bring ours close.

    Material alone gives no gradient there, so without this term K+Q v K is not mated within 50 moves.
    """

    kings_only = True       # the bonus depends on the two royal cells alone (the search keeps it by them)

    def __init__(self, game, strong: int, weak: int, edge: list[int]) -> None:
        self.strong, self.weak, self.edge = strong, weak, edge
        g = game.geometry
        self.coords = g.coords
        self.wrap = g.files if g.wrap_files else 0
        self.span = max(g.files, g.ranks, g.levels)

    def bonus(self, pos: Position) -> int:
        """From the strong side's view."""
        sk, wk = pos.royals[self.strong], pos.royals[self.weak]
        if len(sk) != 1 or len(wk) != 1:
            return 0
        for a in sk:
            for b in wk:
                (fa, ra, la), (fb, rb, lb) = self.coords[a], self.coords[b]
                df = abs(fa - fb)
                if self.wrap:
                    df = min(df, self.wrap - df)
                dist = max(df, abs(ra - rb), abs(la - lb))
                return self.edge[b] + 10 * (self.span - dist)
        return 0


class KingCentre:
    """Endgames (little material left on both sides): each king is worth more near the centre, where it
    supports its pawns and stops the enemy's. Same interface as ``MopUp`` with side 0 as "strong"."""

    strong = 0
    kings_only = True       # the bonus depends on the two royal cells alone (the search keeps it by them)

    def __init__(self, edge: list[int]) -> None:
        self.edge = edge

    def bonus(self, pos: Position) -> int:
        """From side 0's view: (edge of side 1's king - edge of side 0's king) * KING_CENTRE / 100."""
        a, b = pos.royals[0], pos.royals[1]
        if len(a) != 1 or len(b) != 1:
            return 0
        for x in a:
            for y in b:
                return (self.edge[y] - self.edge[x]) * KING_CENTRE // 100
        return 0


def king_centre_for(pos: Position, gd: GameData) -> KingCentre | None:
    """A king-centralisation term when both sides of a two-player game are down to at most
    ``ENDGAME_MATERIAL`` of pieces other than pawns and royals (decided once at the root)."""
    game = pos.game
    if game.players != 2 or not gd.single_royal:
        return None
    for color in (0, 1):
        if len(pos.royals[color]) != 1:
            return None
        material = sum(gd.value[pos.board[c]] for c in pos.occupied[color]
                       if pos.board[c] not in game.royal_codes and pos.board[c] not in game.pawn_codes)
        if material > ENDGAME_MATERIAL:
            return None
    return KingCentre(gd.edge(game))


def mop_up_for(pos: Position, gd: GameData) -> MopUp | None:
    """A mop-up term when one of two sides has at most a minor piece's worth left and is well behind."""
    game = pos.game
    if game.players != 2:
        return None
    material = [0, 0]
    for color in (0, 1):
        for cell in pos.occupied[color]:
            code = pos.board[cell]
            if code not in game.royal_codes:
                material[color] += gd.value[code]
        if len(pos.royals[color]) != 1:
            return None
    for strong in (0, 1):
        weak = 1 - strong
        if material[weak] <= 350 and material[strong] >= material[weak] + 400:
            return MopUp(game, strong, weak, gd.edge(game))
    return None
