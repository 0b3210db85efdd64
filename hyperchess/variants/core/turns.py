"""Turns of several moves, as data (double-move chess; docs/rules/marseillais.md, docs/rules/monster.md).

A game declares (``Game`` attributes; a variants file's keys of the same names, docs/variants-file.md):

- ``moves_per_turn``: how many moves each colour makes in a turn (one number a colour; empty: one each);
- ``first_turn_moves``: the same for each colour's first turn, the turn of move number 1 (empty: as above);
- ``check_ends_turn``: a move that gives check ends the mover's turn at once;
- ``through_check``: a side may leave its royal piece attacked after a move that does not end its turn, if a
  later move of the same turn makes it safe (``legality.through_check_moves``).

Each move is one ply: the side to move stays the same while its turn goes on. The position counts the moves
made of the current turn in ``Position.turn_move`` (0 at a turn's start; part of the hash), written in the
position string's side field after the side's letter, counted from 1 (``w2``: White plays the second move of
its turn; a turn's first move is the letter alone). ``Game.turn_moves`` is the hook a game with turns of
changing length (Progressive chess) overrides.

A game whose turns may go on after a check (no ``check_ends_turn``) lets the royal piece be captured: taking
it wins (the core's ``royal_loss = "any"``), as the mover could have done on its next move of the turn.
"""
from __future__ import annotations

import random
import zlib
from typing import TYPE_CHECKING

from hyperchess.variants.board.errors import FenError

if TYPE_CHECKING:
    from hyperchess.variants.core.game import Game
    from hyperchess.variants.core.position import Position

MAX_TURN_MOVES = 16          # the longest turn a game may declare


class TurnRules:
    """A base class of ``Game``: the turn structure's data (the module's text) and its hook."""
    moves_per_turn: tuple[int, ...] = ()
    first_turn_moves: tuple[int, ...] = ()
    check_ends_turn = False
    through_check = False

    def turn_moves(self, pos: "Position", color: int) -> int:
        """How many moves ``color``'s turn has in ``pos`` (default: the data, ``turn_moves`` below)."""
        return turn_moves(self, pos, color)     # type: ignore[arg-type]


def setup(game: "Game") -> None:
    """Check the game's turn data and derive what make/unmake reads (``multi_move``, ``z_phase``)."""
    hooked = type(game).turn_moves is not TurnRules.turn_moves
    n = game.players
    for key in ("moves_per_turn", "first_turn_moves"):
        value = getattr(game, key)
        if value and (len(value) != n or not all(isinstance(x, int) and 1 <= x <= MAX_TURN_MOVES for x in value)):
            raise ValueError(f"{key}: one number from 1 to {MAX_TURN_MOVES} for each of the {n} colours")
    longest = max((*game.moves_per_turn, *game.first_turn_moves, 1))
    game.multi_move = longest > 1 or hooked
    if game.multi_move:
        # en passant stays open through the rest of the double-stepping side's turn, for the enemy's next turn
        # (Position.windows; docs/rules/marseillais.md)
        game.ep_rule = "each_enemy"
    if game.multi_move and game.royal_rule == "single" and not game.check_ends_turn and not game.royal_loss:
        game.royal_loss = "any"          # a turn that goes on after a check may take the royal piece
    rng = random.Random(zlib.crc32(game.name.encode()) ^ 0x7A5E)
    game.z_phase = [0] + [rng.getrandbits(64) for _ in range(MAX_TURN_MOVES)]


def turn_moves(game: "Game", pos: "Position", color: int) -> int:
    """The moves of ``color``'s turn now in ``pos`` (``Game.turn_moves``' default): its first turn's at move
    number 1, else its ordinary turn's."""
    if pos.fullmove == 1 and game.first_turn_moves:
        return game.first_turn_moves[color]
    return game.moves_per_turn[color] if game.moves_per_turn else 1


def gives_check(pos: "Position", us: int) -> bool:
    """Is a royal piece of an enemy of ``us`` attacked (by anyone but its own side) now?"""
    t = pos.rules
    for e in t.enemies[us]:
        k = pos.king(e)
        if k is not None and pos.attacked(k, t.enemies[e]):
            return True
    return False


def next_mover(pos: "Position", us: int) -> int:
    """After a move of ``us`` (made, the turn not yet passed): ``us`` again while its turn goes on
    (``turn_move`` counts up), else the next colour (``turn_move`` back to 0)."""
    g = pos.game
    made = pos.turn_move + 1
    if made < g.turn_moves(pos, us) and not (g.check_ends_turn and gives_check(pos, us)):
        pos.turn_move = made
        return us
    pos.turn_move = 0
    return g.next_turn(pos, us)


def split_side(game: "Game", field: str) -> tuple[str, int]:
    """The side field of a position string -> (the colour's letter, moves of its turn made: ``w2`` -> 1)."""
    letter = field.rstrip("0123456789")
    digits = field[len(letter):]
    if not digits:
        return field, 0
    if not game.multi_move:
        raise FenError(f"side to move must be one of {'/'.join(game.color_letters)}, got {field!r}")
    if len(digits) > 2 or digits[0] == "0":
        raise FenError(f"bad move of the turn in the side field {field!r}: 2 for the second move, ...")
    return letter, int(digits) - 1


def check_turn_move(pos: "Position") -> None:
    """The side field's move of the turn must exist in the turn of the side to move (FenError)."""
    if pos.turn_move:
        most = pos.game.turn_moves(pos, pos.turn)
        if pos.turn_move >= most:
            raise FenError(f"the side to move has {most} move(s) this turn, not {pos.turn_move + 1}")


def side_text(pos: "Position") -> str:
    """The side field: the colour's letter, and the move of its turn when past the first."""
    letter = pos.game.color_letters[pos.turn]
    return letter + str(pos.turn_move + 1) if pos.turn_move else letter
