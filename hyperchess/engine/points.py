"""The search's score in a game played for points (a free-for-all: the game has ``scoring`` data and a
``points(pos)`` hook; docs/engine.md, "Games for points").

The search is *paranoid*: the seat to move at the root plays against all the others, who are searched as one
side (engine/gamedata.py ``GameData(game, seat)``: the root seat is team 0, the rest team 1). A position's
value for the root seat is

    POINT * (its points - the best other live player's points) + its material - the mean material of the
    other live players

(the best opponent's points, because the winner is the one with the most; the mean of their material, because
material is only the means of scoring and is taken from any of them). Dead armies count no material.
A finished game scores the points difference plus ``WON`` when the seat has the most points alone, minus
``WON`` when another has more (a rank outweighs any material)."""
from __future__ import annotations

from hyperchess.variants.core.position import Position

POINT = 100          # centipawns a point is worth: a pawn's capture (1 point) as much as a pawn
WON = 50_000         # a finished game that the seat leads (or trails), beyond any material


def seat_score(pos: Position, seat: int, value: list, ended: bool = False) -> int:
    """The value of ``pos`` for ``seat`` (centipawns; ``value`` each piece code's material, a royal not
    counted)."""
    game = pos.game
    points = game.points(pos)
    dead = game.dead(pos)
    others = [c for c in range(game.players) if c != seat and not dead >> c & 1]
    best = max((points[c] for c in others), default=0)
    lead = points[seat] - best
    if ended:
        return POINT * lead + (WON if lead > 0 else -WON if lead < 0 else 0)
    material = [0] * game.players
    owner = game.owner
    for code in pos.cells:
        if code and owner[code] >= 0:
            material[owner[code]] += value[code]
    theirs = sum(material[c] for c in others) // len(others) if others else 0
    return POINT * lead + material[seat] - theirs
