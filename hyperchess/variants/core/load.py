"""One way in for positions from outside: the CLI ``--position``/``--moves``, XBoard ``setboard`` and
``edit``, and later the PGN reader and the web board all call these.

- ``check_position(pos)``: is this a position of the game that play can start from? Generic checks
  derived from the game's own tables (royal pieces per side as the army allows; pawns only on cells a
  pawn of that side can stand on), then the game's own hook ``Game.validate``. Raises FenError.
- ``load_position(game, text=None, moves=())``: read ``text`` (default: the start), check it, then play
  ``moves`` (native notation) from it. Raises FenError (position) or MoveError (a move, naming it and
  its ply).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from hyperchess.variants.board.errors import FenError, MoveError
from hyperchess.variants.core import fen
from hyperchess.variants.core.game import Game

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position


def check_position(pos: "Position") -> None:
    """Raise FenError (one line) unless ``pos`` is a position of its game that play can start from."""
    game = pos.game
    _check_royals(game, pos)
    _check_pawns(game, pos)
    game.validate(pos)


def load_position(game: Game, text: str | None = None, moves: Iterable[str] = ()) -> "Position":
    """The checked position ``text`` (None = the start position; chess.com's FEN4 too, for four players on
    14x14: variants/core/fen.py) after ``moves`` in native notation."""
    if text and fen.looks_like_fen4(text) and fen.fits(game):
        text = fen.fen4_to_native(game, text)
    pos = game.position(text)
    check_position(pos)
    apply_moves(pos, moves)
    return pos


def apply_moves(pos: "Position", moves: Iterable[str]) -> None:
    """Play ``moves`` (native notation) on ``pos``; a refused move raises MoveError naming it and its ply."""
    for ply, text in enumerate(moves, start=1):
        try:
            move = pos.parse_move(text)
        except MoveError as exc:
            raise MoveError(f"move {text!r} at ply {ply} refused: {exc}") from None
        except (ValueError, KeyError, IndexError) as exc:     # an unknown square name and the like
            raise MoveError(f"move {text!r} at ply {ply} refused: {exc}") from None
        pos.push(move)


# ---------------------------------------------------------------------- generic checks
def royal_bounds(game: Game, color: int) -> tuple[int, int | None]:
    """How many royal pieces ``color`` may have on the board (``Game.royal_bounds``)."""
    return game.royal_bounds(color)


def _check_royals(game: Game, pos: "Position") -> None:
    for color in range(game.players):
        low, high = royal_bounds(game, color)
        n = len(pos.royals[color])
        if n < low:
            raise FenError(f"{game.color_names[color]} has no king")
        if high is not None and n > high:
            raise FenError(f"{game.color_names[color]} has {n} kings, at most {high} allowed")
    if game.players > 2:
        for team in set(game.teams):
            colors = [c for c in range(game.players) if game.teams[c] == team]
            if all(pos.eliminated(c) for c in colors):
                continue        # a dead army may have lost its king too (FFA: a dead king can be taken)
            if not any(pos.royals[c] for c in colors) and any(royal_bounds(game, c)[1] for c in colors):
                raise FenError(f"team {team + 1} has no king left")


def pawn_cells(game: Game) -> dict[int, frozenset[int]]:
    """For each pawn code that stands in the start position: the cells such a pawn can stand on, i.e.
    its start cells and every cell its moves reach from them, less its promotion zone (a pawn entering
    the zone always promotes, unless ``Game.pawns_stay_in_zone``); in a game with drops, also from the cells
    it may be dropped on (the game's ``pawn_entry_cells``, variants/rules/hands.py). Derived from the move
    tables, cached on the game."""
    cached = getattr(game, "_pawn_cells", None)
    if cached is not None:
        return cached
    out: dict[int, frozenset[int]] = {}
    entries = getattr(game, "pawn_entry_cells", None)
    for code in game.pawn_codes:
        start = [c for c, x in enumerate(game.start_board) if x == code]
        if start and entries is not None:
            start += [c for c in entries(code) if c not in start]
        if not start:
            continue
        zone = frozenset() if game.pawns_stay_in_zone else game.promotion_zone[game.owner[code]]
        seen = set(start)
        todo = list(start)
        while todo:
            cell = todo.pop()
            rides, leaps, pawnish = game.tables[code][cell]
            nxt = [to for ray in rides for to, _ in ray] + [to for to, _ in leaps]
            if pawnish is not None:
                qleaps, cleaps, paths, qrides, _, hinged, lame, hops, _ = pawnish
                nxt += [to for to, _ in qleaps] + [to for to, _ in cleaps] + [to for _, to, _ in paths]
                nxt += [to for _, to, _ in hinged] + [to for _, to, _, _ in lame]
                nxt += [to for ray in qrides for to, _ in ray] + [to for ray, _, _, _ in hops for to, _ in ray]
            for to in nxt:
                if to not in seen and to not in zone:
                    seen.add(to)
                    todo.append(to)
        out[code] = frozenset(seen)
    game._pawn_cells = out
    return out


def _check_pawns(game: Game, pos: "Position") -> None:
    allowed = pawn_cells(game)
    board = pos.board
    for code, cells in allowed.items():
        for c in pos.occupied[game.owner[code]]:
            if board[c] == code and c not in cells:
                raise FenError(f"a {game.color_names[game.owner[code]]} pawn cannot stand on {game.names.name(c)}")
