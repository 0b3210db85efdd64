"""chess.com's FEN4, the position string of four-player chess (en.wikibooks.org/wiki/Four-Player_Chess/Notation;
4pchess's utils.cc ``ParseBoardFromFEN``), read into the native string (``fen4_to_native``) and written from a
position (``write_fen4``), for any game of four players on a 14x14 board:

    R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/...

Fields, separated by ``-``: the player to move (``R B Y G``, the game's players in turn order); for each
player whether it is eliminated, may castle kingside, may castle queenside (``0``/``1``), its points; the
halfmove clock; optionally chess.com's extra options in braces (read past, never written); then the board from
the 14th rank down, each rank's cells separated by commas: a piece is a colour letter (``r b y g``, ``d`` for a
dead piece) and its letter, a number is that many empty cells, ``x`` a cut corner. A castling right is the
game's castling ``<colour letter>K`` or ``<colour letter>Q``. A dead piece is given to the first eliminated
player (FEN4 does not say whose it was)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import HOLE
from hyperchess.variants.board.errors import FenError

if TYPE_CHECKING:
    from hyperchess.variants.core.game import Game
    from hyperchess.variants.core.position import Position

SIDE = 14
TURNS = "RBYG"
COLOURS = "rbyg"
DEAD = "d"
_LOOKS = re.compile(r"^\s*[RBYG]-[01],")


def looks_like_fen4(text: str) -> bool:
    """Is ``text`` a FEN4 string rather than a native position string?"""
    return bool(_LOOKS.match(text))


def fits(game: "Game") -> bool:
    """FEN4 describes four players on a flat 14x14 board."""
    g = game.geometry
    return game.players == 4 and g.files == SIDE and g.ranks == SIDE and g.levels == 1


def _flags(field: str, what: str) -> list[int]:
    parts = field.split(",")
    if len(parts) != 4 or not all(p.strip().isdigit() and len(p.strip()) < 7 for p in parts):
        raise FenError(f"FEN4 {what}: four numbers separated by commas, got {field!r}")
    return [int(p) for p in parts]


def fen4_to_native(game: "Game", text: str) -> str:
    """The native position string of the FEN4 ``text``. Raises FenError (one line)."""
    if not fits(game):
        raise FenError("FEN4 is the string of four players on a 14x14 board")
    text = text.strip()
    board_at = text.rfind("-")
    meta, board = text[:board_at], text[board_at + 1:]
    options = re.search(r"-\{.*\}$", meta)
    if options:                                       # chess.com's extra options: read past
        meta = meta[:options.start()]
    fields = meta.split("-")
    if board_at < 0 or len(fields) != 6:
        raise FenError("FEN4: turn-dead-kingside-queenside-points-halfmove-board, separated by '-'")
    turn, dead, kingside, queenside, points = fields[0], *(_flags(f, what) for f, what in zip(
        fields[1:5], ("eliminated", "kingside castling", "queenside castling", "points")))
    if turn not in TURNS:
        raise FenError(f"FEN4: the player to move is one of R B Y G, got {turn!r}")
    if not fields[5].isdigit() or len(fields[5]) > 9:
        raise FenError(f"FEN4: the halfmove clock is a whole number, got {fields[5]!r}")
    dead_colours = [c for c in range(4) if dead[c]]
    if dead_colours and not game.dead_armies:
        raise FenError("FEN4: eliminated players in a game without them")
    letters = game.color_letters
    rows = []
    names = game.names
    geo = game.geometry
    ranks = board.split("/")
    if len(ranks) != SIDE:
        raise FenError(f"FEN4: {SIDE} ranks separated by '/', got {len(ranks)}")
    for r, rank in enumerate(ranks):
        tokens: list[str] = []
        file = 0
        for cell in rank.split(","):
            cell = cell.strip()
            if cell.isdigit() and len(cell) <= 2:
                tokens.append(cell)
                file += int(cell)
                continue
            if file >= SIDE:
                raise FenError(f"FEN4: more than {SIDE} cells on rank {SIDE - r}")
            hole = (file, SIDE - 1 - r, 0) not in geo.index
            if cell in ("x", "X"):
                if not hole:
                    raise FenError(f"FEN4: 'x' on {names.name(geo.cell(file, SIDE - 1 - r))}, a cell of the board")
                tokens.append("*")
            elif len(cell) == 2 and cell[0] in COLOURS + DEAD and cell[1].upper() in game.kind_by_letter:
                if hole:
                    raise FenError(f"FEN4: a piece on a cut corner, rank {SIDE - r}")
                if cell[0] == DEAD and not dead_colours:
                    raise FenError(f"FEN4: a dead piece {cell!r} but no eliminated player")
                owner = dead_colours[0] if cell[0] == DEAD else COLOURS.index(cell[0])
                tokens.append(letters[owner] + cell[1].upper())
            else:
                raise FenError(f"FEN4: bad cell {cell!r} on rank {SIDE - r}")
            file += 1
        if file != SIDE:
            raise FenError(f"FEN4: rank {SIDE - r} has {file} cells, not {SIDE}")
        rows.append("".join(tokens))
    castles = {rule.fen_char for rule in game.castling}
    rights = "".join(letters[c] + wing for c in range(4) for wing, flags in (("K", kingside), ("Q", queenside))
                     if flags[c] and letters[c] + wing in castles)
    native = f"{'/'.join(rows)} {letters[TURNS.index(turn)]} {rights or '-'} - {int(fields[5])} 1"
    if game.dead_armies:
        native += f" {''.join(letters[c] for c in dead_colours) or '-'} {','.join(map(str, points))}"
    return native


def write_fen4(pos: "Position") -> str:
    """``pos`` as chess.com's FEN4."""
    game = pos.game
    if not fits(game):
        raise FenError("FEN4 is the string of four players on a 14x14 board")
    geo = game.geometry
    # a game with dead armies (variants/rules/free_for_all.py) names its dead colours and points
    mask, points = (game.dead(pos), game.points(pos)) if game.dead_armies else (0, (0, 0, 0, 0))
    dead = [mask >> c & 1 for c in range(4)]
    rights = {rule.fen_char for i, rule in enumerate(game.castling) if pos.rights >> i & 1}
    letters = game.color_letters
    rows = []
    for r in range(SIDE - 1, -1, -1):
        cells: list[str] = []
        empty = 0
        for f in range(SIDE):
            cell = geo.index.get((f, r, 0))
            code = pos.board[cell] if cell is not None else HOLE
            if code == 0:
                empty += 1
                continue
            if empty:
                cells.append(str(empty))
                empty = 0
            if code == HOLE:
                cells.append("x")
            else:
                owner = game.owner[code]
                colour = DEAD if dead[owner] else COLOURS[owner]
                cells.append(colour + game.pieces[game.kind_of[code]].letter.upper())
        if empty:
            cells.append(str(empty))
        rows.append(",".join(cells))
    flags = [",".join(str(int(letters[c] + wing in rights)) for c in range(4)) for wing in "KQ"]
    return "-".join([TURNS[pos.turn], ",".join(map(str, dead)), *flags, ",".join(map(str, points)),
                     str(pos.halfmove), "/".join(rows)])
