"""Fog of war: what one side sees of a position (``Game.fog``; docs/rules/fogofwar.md).

A side sees (chess.com's Fog of War, support.chess.com/en/articles/8708650; the cell in front of a pawn from
dragonheelslair.com/en/rulesdrk.php):
- the cells of its own pieces;
- every cell one of its pieces could move to now: an empty cell it may enter, an enemy piece it may take,
  the pawn an en-passant capture would take (and the cell it passed);
- the first cell of each move-only step or line of its pieces even when a piece stands there (the cell
  directly in front of a pawn: a blocked pawn sees what blocks it);
- walls (the core's dynamic ``HOLE``), which are part of the board, like the board's shape.

Its moves are counted as if it were to move (a side not to move has no en-passant chance). Moves that do not
start on one of its pieces (a drop, a pass, a wall placed) show nothing. Nothing here names a game: any
game of any shape (levels, holes, several boards) is seen the same way.

``visible_cells(pos, color)`` is the set of cells; ``view(pos, color)`` a ``View``, the position as that side
sees it, every unseen cell ``UNSEEN``; ``view_text`` writes a view's board as a position string's board
field with ``?`` for an unseen cell; ``view_string`` writes the whole view string of the side to move (what an
engine is sent over UCI or CECP, docs/protocol.md, "Fog of war") and ``read_view`` reads one back into a ``View``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import EMPTY, EN_PASSANT, HOLE, Move, ep_victim
from hyperchess.variants.board.errors import FenError
from hyperchess.variants.core.fen import UNSEEN_LETTER, format_board
from hyperchess.variants.core.legality import king_safe_moves
from hyperchess.variants.core.position import Position

if TYPE_CHECKING:
    from hyperchess.variants.core.game import Game
    from hyperchess.variants.core.outcome import Outcome

UNSEEN = -1          # a cell of a view that its side cannot see


def moves_of(pos: Position, color: int) -> list[Move]:
    """``color``'s legal moves as if it were to move (``pos`` is left as it was). A side not to move gets the
    turn by null moves, so it has no en-passant chance."""
    if pos.turn == color:
        return pos.legal_moves()
    other = pos.copy()
    for _ in range(pos.game.players):
        other.push_null()
        if other.turn == color:
            return other.legal_moves()
    return []


def front_cells(pos: Position, cell: int) -> list[int]:
    """The first cell of each move-only step, double step and line of the piece on ``cell`` (a pawn's cell
    ahead): seen even when a piece stands there."""
    pawnish = pos.game.tables[pos.board[cell]][cell][2]
    if pawnish is None:
        return []
    quiet, _, paths, quiet_rides = pawnish[0], pawnish[1], pawnish[2], pawnish[3]
    out = [to for to, _ in quiet]
    out += [between[0] if between else to for between, to, _ in paths]
    out += [entry[0][0] for entry in quiet_rides if entry]
    return out


def visible_cells(pos: Position, color: int) -> set[int]:
    """The cells ``color`` sees in ``pos`` (module docstring)."""
    own = pos.occupied[color]
    seen = set(own)
    board = pos.board
    for move in moves_of(pos, color):
        frm = move[0]
        if frm == move[1] or not 0 <= frm < len(board) or frm not in own:
            continue
        seen.add(move[1])
        if move[3] == EN_PASSANT:
            seen.add(ep_victim(move))
    for cell in list(pos.occupied[color]):
        seen.update(front_cells(pos, cell))
    seen.update(c for c in range(len(board)) if board[c] == HOLE)
    return seen


def view_board(pos: Position, color: int) -> tuple[int, ...]:
    """``pos``'s board as ``color`` sees it: each cell's piece code, ``UNSEEN`` where it cannot see."""
    seen = visible_cells(pos, color)
    board = pos.board
    return tuple(board[c] if c in seen else UNSEEN for c in range(len(board)))


@dataclass(frozen=True)
class View:
    """What one side knows of a position: the board it sees (``UNSEEN`` elsewhere), whose turn it is, the
    moves made so far, its own legal moves (when it is to move), and the game's end, which everyone sees."""
    color: int
    board: tuple[int, ...]
    turn: int
    moves_made: int
    moves: tuple[Move, ...] = ()
    outcome: "Outcome | None" = None

    def seen(self) -> set[int]:
        """The cells this view shows."""
        return {c for c, code in enumerate(self.board) if code != UNSEEN}


def view(pos: Position, color: int) -> View:
    """``pos`` as ``color`` sees it (never more: every other cell is ``UNSEEN``). A finished game is seen whole."""
    outcome = pos.outcome()
    board = tuple(pos.board) if outcome is not None else view_board(pos, color)
    moves = tuple(pos.legal_moves()) if pos.turn == color and outcome is None else ()
    return View(color, board, pos.turn, pos.moves_made, moves, outcome)


def view_text(game, board: tuple[int, ...]) -> str:
    """A view's board as a position string's board field (``fen.format_board``'s form), ``?`` for an unseen
    cell."""
    return format_board(game, board, unseen=UNSEEN)


def view_string(pos: Position) -> str:
    """The view string of the side to move (docs/protocol.md, "Fog of war"): the board it sees with ``?`` for
    each unseen cell, the side to move, its own castling rights only, the en-passant field only when it may
    capture en passant, the halfmove clock 0 (it cannot know the other side's captures and pawn moves) and the
    move number."""
    game, color = pos.game, pos.turn
    known = pos.copy()      # the position less what the side cannot know, written by the ordinary writer
    if game.castling_style == "files":
        theirs = [j for j, c in enumerate(game.castle_cells) if game.owner[game.start_board[c]] != color]
    else:
        theirs = [i for i, rule in enumerate(game.castling) if rule.color != color]
    for bit in theirs:
        known.rights &= ~(1 << bit)
    seen = view(pos, color)
    if not any(m[3] == EN_PASSANT for m in seen.moves):
        known.ep, known.ep_victim, known.windows = -1, -1, ()
    known.halfmove = 0
    return " ".join([view_text(game, seen.board)] + known.fen().split(" ")[1:])


def _view_board(game: "Game", field: str) -> list[int]:
    """A view string's board field: ``fen.parse_board``'s form, ``?`` an unseen cell."""
    g = game.geometry
    tokens = re.compile(r"\?|" + game.token_re.pattern)
    board = [EMPTY] * g.size
    levels = field.split(game.level_separator) if g.levels > 1 else [field]
    if len(levels) != g.levels:
        raise FenError(f"expected {g.levels} levels separated by {game.level_separator!r}, got {len(levels)}")
    for li, level_text in enumerate(levels):
        rows = level_text.split("/")
        if len(rows) != g.ranks:
            raise FenError(f"expected {g.ranks} ranks, got {len(rows)}")
        for ri, row in enumerate(rows):
            rank, f, at = g.ranks - 1 - ri, 0, 0
            for m in tokens.finditer(row):
                if m.start() != at:
                    raise FenError(f"bad character {row[at]!r} in rank {rank + 1}")
                at, tok = m.end(), m.group()
                if tok.isdigit():
                    f += int(tok[:3])
                    continue
                cell = g.index.get((f, rank, g.levels - 1 - li))
                if cell is not None:
                    if tok == UNSEEN_LETTER:
                        board[cell] = UNSEEN
                    elif tok == "*":
                        board[cell] = HOLE
                    elif tok in game.letters:
                        board[cell] = game.letters[tok]
                    else:
                        raise FenError(f"unknown piece letter {tok!r}")
                f += 1
            if at != len(row) or f != g.files:
                raise FenError(f"rank {rank + 1} is not {g.files} files")
    return board


def view_position(game: "Game", text: str) -> Position:
    """The position of a view string with every unseen cell empty (what its side's moves are made on)."""
    fields = text.split()
    if not fields:
        raise FenError("an empty view")
    board = [EMPTY if code == UNSEEN else code for code in _view_board(game, fields[0])]
    return Position(game, " ".join([format_board(game, board)] + fields[1:]))


def read_view(game: "Game", text: str) -> View:
    """A view string (a position string whose board has ``?`` for each unseen cell; the rest as usual) as the
    ``View`` of the side to move. Its moves are those of its pieces on the board with every unseen cell
    empty, less those that end on an unseen cell (a side sees every cell it may move to). Raises
    ``FenError``."""
    pos = view_position(game, text)
    board = _view_board(game, text.split()[0])
    seen = {c for c, code in enumerate(board) if code != UNSEEN}
    # the moves before the game's end is asked: the enemy's royal pieces are mostly unseen, hence missing here
    moves = tuple(m for m in king_safe_moves(pos) if m[1] in seen and (m[3] != EN_PASSANT or ep_victim(m) in seen))
    made = (pos.fullmove - 1) * game.players + pos.turn
    return View(pos.turn, tuple(board), pos.turn, made, moves)
