"""What the search reads of a game, computed once per game object and shared by every searcher.

Piece values by code (royal victims count most), the rule switches every node asks, and the cell sets
behind the search's shortcuts: ``aligned`` (where a move may expose our king) and ``reach`` (where the
opponent's move may give check). Read-only once built.
"""
from __future__ import annotations

from hyperchess.variants.board.pieces import Mode
from .evaluate import Evaluator


class _EveryCell:
    """A set that holds every cell."""

    def __contains__(self, cell: object) -> bool:
        return True


_EVERY_CELL = _EveryCell()


def _flags(cells, n: int) -> bytes:
    """The set of cells as ``n`` bytes: 1 where a cell is in it."""
    if cells is _EVERY_CELL:
        return b"\x01" * n
    flags = bytearray(n)
    for x in cells:
        flags[x] = 1
    return bytes(flags)


def _as_flags(rows: list, n: int) -> list:
    """Per colour (None stays None), per cell ``k``, the set of cells as ``n`` bytes: 1 where a cell is in it."""
    return [[_flags(cells, n) for cells in row] if row is not None else None for row in rows]


def _aligned(lines: list, enemies: tuple, k: int) -> frozenset:
    """The cells on the enemies' slider lines from cell ``k``."""
    cells: set[int] = set()
    for e in enemies:
        for first, _, rest, _ in lines[e][k]:
            cells.add(first)
            cells.update(rest)
    return frozenset(cells)


def _captures_only(game) -> bool:
    """Is every move of the game a capture (no quiet move, no drop, pass or castling: clobber)?"""
    if game.has_special or game.castling:
        return False
    return all(getattr(atom, "mode", None) is Mode.CAPTURE for piece in game.pieces if piece for atom in piece.moves)


class GameData:
    """Per-game tables the search reads: piece values by code (royal victims count most)."""

    def __init__(self, game, seat: int = -1) -> None:
        self.game = game
        # a game for points searched from ``seat`` (engine/points.py): that seat against the others as one
        self.seat = seat
        self.value = [0] * game.ncodes
        for code in range(game.ncodes):
            kind = game.kind_of[code]
            if kind and game.owner[code] >= 0:
                piece = game.pieces[kind]
                self.value[code] = 20000 if piece.royal else piece.value
        self.single_royal = game.royal_rule == "single"
        # what every node asks of the game, read once
        self.players = game.players
        self.teams = list(game.teams) if seat < 0 else [0 if c == seat else 1 for c in range(game.players)]
        self.team_sign = game.team_sign if seat < 0 else [1 if c == seat else -1 for c in range(game.players)]
        # material for the points score: a royal piece is not counted (its capture is points)
        self.material = [0 if self.value[code] == 20000 else self.value[code] for code in range(game.ncodes)]
        self.enemy = game.enemy
        self.enemies = game.enemies
        self.owner = game.owner
        self.has_game_over = game.has_game_over
        self.quiet_endings = game.quiet_endings
        # the legal moves come from ``legal_moves`` (not the search's own test of the king): a game's filter, or
        # moves through check between the moves of a turn (variants/core/turns.py)
        self.has_filter = game.has_filter or game.through_check
        self.multi_move = game.multi_move           # a side may move again: the next mover is not always the enemy
        # a side with more moves a turn: ``EvalWeights.extra_move`` for each (team 0's view; docs/engine.md)
        per_turn = game.moves_per_turn or (1,) * game.players
        self.turn_bonus = sum(game.eval_weights.extra_move * per_turn[c] * game.team_sign[c]
                              for c in range(game.players))
        self.has_evaluate = game.has_evaluate
        self.fifty_plies = game.fifty_plies
        self.captures_only = _captures_only(game)
        self.evaluator = Evaluator(game)
        self._edge: list[int] | None = None
        # aligned[c][k]: the cells on an enemy slider line from cell k (own king of colour c there).
        # A non-royal piece of c that leaves a cell outside this set cannot expose that king: only
        # en passant and the game's special moves (two cells change) need the full test then.
        self.aligned = [[_aligned(game.attack_lines, game.enemies[c], k)
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
        # aligned_flags, reach_flags: the same cells as one byte a cell (1: in the set), which the search
        # reads for every move it makes or would skip
        self.aligned_flags = _as_flags(self.aligned, game.geometry.size)
        self.reach_flags = _as_flags(self.reach, game.geometry.size)

    def edge(self, game) -> list[int]:
        """Per cell, 0 (centre) .. 100 (corner): how little a queen would reach from it on an empty board."""
        if self._edge is None:
            g = game.geometry
            dirs = [(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1) if (a, b, c) != (0, 0, 0)]
            reach = [sum(len(g.ray(cell, d, 0)) for d in dirs) for cell in range(g.size)]
            lo, hi = min(reach), max(reach)
            self._edge = [100 * (hi - r) // max(hi - lo, 1) for r in reach]
        return self._edge


_GAME_DATA: dict[tuple[int, int], GameData] = {}     # per game object and seat, shared by every searcher


def plays_for_points(game) -> bool:
    """Whether ``game`` is won on points (it has ``scoring`` data): then the search plays from a seat."""
    return getattr(game, "scoring", None) is not None


def game_data(game, seat: int = -1) -> GameData:
    """The search's tables for ``game`` (from ``seat``'s view in a game for points), built on first use."""
    gd = _GAME_DATA.get((id(game), seat))
    if gd is None or gd.game is not game or len(gd.value) != game.ncodes:
        gd = _GAME_DATA[(id(game), seat)] = GameData(game, seat)
    return gd
