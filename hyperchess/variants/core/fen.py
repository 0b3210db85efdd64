"""Position strings: FEN generalised to any board (multi-digit empties, ``*`` holes, levels).

Board field: ranks from the top down separated by ``/``; on boards with several levels the levels
are listed from the top level down, separated by the game's ``level_separator``. Then the usual
fields: side (with the move of its turn in games of several moves a turn: ``w2``, variants/core/turns.py),
castling, en passant, halfmove clock, fullmove number, then any game fields.

And chess.com's FEN4 (below: ``fen4_to_native``, ``write_fen4``), four players on a 14x14 board.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hyperchess.variants.board.cellset import CellSet
from hyperchess.variants.board.codes import EMPTY, HOLE
from hyperchess.variants.board.errors import FenError
from hyperchess.variants.board.notation import FILES, UnknownSquare
from hyperchess.variants.core.turns import check_turn_move, side_text, split_side

if TYPE_CHECKING:
    from hyperchess.variants.core.game import Game
    from hyperchess.variants.core.position import Position




def parse_board(game, field: str, marks: set[int] | None = None) -> list[int]:
    """The board field -> board codes. With ``marks`` (a set), a ``~`` right after a piece marks its cell
    (Fairy-Stockfish's promoted pieces in games with pieces in hand) and the cell is added to ``marks``."""
    g = game.geometry
    board = [EMPTY] * g.size
    levels = field.split(game.level_separator) if g.levels > 1 else [field]
    if len(levels) != g.levels:
        raise FenError(f"expected {g.levels} levels separated by {game.level_separator!r}, got {len(levels)}")
    for li, level_text in enumerate(levels):
        level = g.levels - 1 - li
        rows = level_text.split("/")
        if len(rows) != g.ranks:
            raise FenError(f"expected {g.ranks} ranks, got {len(rows)}")
        for ri, row in enumerate(rows):
            rank = g.ranks - 1 - ri
            f = 0
            pos = 0
            last = -1                   # the cell of the piece just read (a ``~`` may follow it)
            for m in game.token_re.finditer(row):
                if m.start() != pos:
                    if marks is None or last < 0 or m.start() != pos + 1 or row[pos] != "~":
                        raise FenError(f"bad character {row[pos]!r} in rank {rank + 1}")
                    marks.add(last)
                last = -1
                pos = m.end()
                tok = m.group()
                if tok.isdigit():
                    if len(tok) > 3:        # no board is 1,000 cells wide (and int() refuses 4,301 digits)
                        raise FenError(f"empty count {tok[:12]}{'...' if len(tok) > 12 else ''} in rank {rank + 1} "
                                       f"is larger than the board ({g.files} files)")
                    f += int(tok)
                    continue
                if f >= g.files:
                    raise FenError(f"rank {rank + 1} has more than {g.files} files")
                coord = (f, rank, level)
                if tok == "*":
                    if coord in g.index:
                        board[g.index[coord]] = HOLE
                else:
                    if tok not in game.letters:
                        tok = game.letter_synonyms.get(tok, tok)
                    if tok not in game.letters:
                        raise FenError(f"unknown piece letter {tok!r}")
                    if coord not in g.index:
                        raise FenError(f"a piece stands on a hole at file {FILES[f]}, rank {rank + 1}")
                    board[g.index[coord]] = game.letters[tok]
                    last = g.index[coord]
                f += 1
            if marks is not None and last >= 0 and row[pos:] == "~":
                marks.add(last)
                pos += 1
            if pos != len(row):
                raise FenError(f"bad character {row[pos]!r} in rank {rank + 1}")
            if f != g.files:
                raise FenError(f"rank {rank + 1} has {f} files, expected {g.files}")
    return board


UNSEEN_LETTER = "?"     # a cell a view of a game with fog cannot see


def format_board(game, board: list[int] | tuple[int, ...], marks: frozenset[int] | set[int] = frozenset(),
                 unseen: int | None = None) -> str:
    """The board field; a ``~`` follows each piece on a cell of ``marks`` (promoted pieces, see parse_board),
    and a cell holding the code ``unseen`` is ``?`` (a view of a game with fog)."""
    g = game.geometry
    levels = []
    for level in range(g.levels - 1, -1, -1):
        rows = []
        for rank in range(g.ranks - 1, -1, -1):
            out, empty = [], 0
            for f in range(g.files):
                cell = g.index.get((f, rank, level))
                code = EMPTY if cell is None else board[cell]
                if cell is not None and code == EMPTY:
                    empty += 1
                    continue
                if empty:
                    out.append(str(empty))
                    empty = 0
                if cell is None or code == HOLE:
                    out.append("*")
                elif code == unseen:
                    out.append(UNSEEN_LETTER)
                else:
                    out.append(game.letter_of(code) + ("~" if cell in marks else ""))
            if empty:
                out.append(str(empty))
            rows.append("".join(out))
        levels.append("/".join(rows))
    return game.level_separator.join(levels)


def parse_fen(pos: "Position", text: str) -> None:
    """Fill ``pos`` from ``text``. Raises FenError with a one-line reason."""
    game = pos.game
    fields = text.split()
    if not fields:
        raise FenError("empty position string")
    counters = [fields.pop(4)] if game.counters_field and len(fields) > 4 and "+" in fields[4] else []
    board = game.board_from_text(fields[0])
    side, turn_move = split_side(game, fields[1] if len(fields) > 1 else game.color_letters[0])
    if side not in game.color_letters:
        raise FenError(f"side to move must be one of {'/'.join(game.color_letters)}, got {side!r}")
    pos.clear_board(game.geometry.size)
    pos.occupied = [CellSet(game.geometry.size) for _ in range(game.players)]
    pos.royals = [CellSet(game.geometry.size) for _ in range(game.players)]
    pos.hash = pos.score = pos.pawn_hash = 0
    for cell, code in enumerate(board):
        if code:
            pos._set(cell, code)
    pos.turn = game.color_letters.index(side)
    pos.turn_move = turn_move
    pos.hash ^= game.z_turn[pos.turn] ^ game.z_phase[turn_move]
    pos.rights = game.read_castling(pos, fields[2] if len(fields) > 2 else "-") | unspent_paths(pos)
    pos.hash ^= game.rights_key(pos.rights)
    pos.ep = pos.ep_victim = -1
    pos.windows = ()
    game.read_en_passant(pos, fields[3] if len(fields) > 3 else "-")
    try:
        if any(len(x) > 9 for x in fields[4:6]):
            raise ValueError
        pos.halfmove = int(fields[4]) if len(fields) > 4 else 0
        pos.fullmove = int(fields[5]) if len(fields) > 5 else 1
    except ValueError:
        raise FenError("halfmove clock and move number must be whole numbers below 10**9") from None
    if pos.halfmove < 0 or pos.fullmove < 1:
        raise FenError("halfmove clock must be >= 0 and move number >= 1")
    check_turn_move(pos)
    pos.extra = game.read_extra(pos, fields[0], counters + fields[6:])
    if game.has_extra:
        pos.hash ^= game.extra_hash(pos.extra)
    game.validate(pos)
    pos.ply = 0
    pos._nulls = []
    pos.history = [pos.hash]
    if pos.ep >= 0 and not pos._ep_legal():
        pos.hash ^= game.z_ep[pos.ep]
        pos.ep = pos.ep_victim = -1
        pos.history = [pos.hash]


def _parse_windows(pos: "Position", field: str) -> tuple:
    """ep_rule "each_enemy": ``-`` or comma-separated ``SQUARE:COLOURS`` (``Ba3:bs``): the passed
    square of a double step and the colours that may still take en passant there on their next turn."""
    game = pos.game
    if field == "-":
        return ()
    out = []
    for part in field.split(","):
        square, _, who = part.partition(":")
        try:
            ep = game.names.parse(square)
        except UnknownSquare as exc:
            raise FenError(f"bad en-passant field {field!r}: {exc}") from None
        mask = 0
        for ch in who:
            if ch not in game.color_letters:
                raise FenError(f"bad en-passant field {field!r}: {ch!r} is not a colour letter")
            mask |= 1 << game.color_letters.index(ch)
        if not mask:
            raise FenError(f"bad en-passant field {field!r}: name the colours after the square ({square}:bs)")
        victim = None
        for owner in range(game.players):
            for _, to in game.double_steps[owner].get(ep, ()):
                if game.owner[pos.board[to]] == owner and pos.board[to] in game.pawn_codes and not pos.board[ep]:
                    victim = to
                    if any(game.teams[c] == game.teams[owner] for c in range(game.players) if mask >> c & 1):
                        raise FenError(f"bad en-passant field {field!r}: only enemies of the pawn may take it")
        if victim is None:
            raise FenError(f"en-passant square {square} does not follow a double step")
        out.append((ep, victim, pos.board[victim], mask))
    return tuple(out)


def format_windows(pos: "Position") -> str:
    game = pos.game
    parts = [game.names.name(ep) + ":" + "".join(game.color_letters[c] for c in range(game.players) if mask >> c & 1)
             for ep, _, _, mask in pos.windows]
    return ",".join(parts) or "-"


def parse_castling(pos: "Position", field: str) -> int:
    """The castling field -> ``pos.rights`` bits (``Game.read_castling``'s default). Letters: a rule's own
    letter, or its rook's file (Shredder-FEN, X-FEN)."""
    game = pos.game
    if field == "-":
        return 0
    rights = 0
    if any(len(rule.fen_char) > 1 for rule in game.castling):
        # multi-letter castling names (``wKgQ``): read them as tokens
        at = 0
        while at < len(field):
            for i, rule in enumerate(game.castling):
                if field.startswith(rule.fen_char, at):
                    rights |= 1 << i
                    at += len(rule.fen_char)
                    break
            else:
                raise FenError(f"bad castling field {field!r}")
    elif game.castling_style == "files":
        # the files of unmoved castling kings and rooks (upper case White's); one bit per piece
        for ch in field:
            color = 0 if ch.isupper() else 1
            found = False
            for j, cell in enumerate(game.castle_cells):
                file = FILES[game.geometry.coords[cell][0]]
                if game.owner[game.start_board[cell]] == color and file == ch.lower():
                    rights |= 1 << j
                    found = True
            if not found:
                raise FenError(f"bad castling field {field!r}: no king or rook can castle on file {ch}")
        # keep only the flags of pieces still on their start squares
        for j, cell in enumerate(game.castle_cells):
            if rights >> j & 1 and (not pos.board[cell] or pos.board[cell] != game.start_board[cell]):
                rights &= ~(1 << j)
        return rights
    else:
        coords = game.geometry.coords
        for ch in field:
            matched = False
            color = 0 if ch.isupper() else 1
            for i, rule in enumerate(game.castling):
                rook_file = FILES[coords[rule.rook_from][0]]
                if rule.color == color and (rule.fen_char == ch or rook_file == ch.lower()):
                    rights |= 1 << i
                    matched = True
            if not matched and ch in "KQkq":
                # X-FEN's K and Q where the rules are lettered by their rooks' files (Chess960): the castling with
                # the outermost rook on that side of the king
                side = [(coords[r.rook_from][0], i) for i, r in enumerate(game.castling) if r.color == color
                        and (coords[r.rook_from][0] > coords[r.king_from][0]) == (ch in "Kk")]
                if side:
                    rights |= 1 << (max(side) if ch in "Kk" else min(side))[1]
                    matched = True
            if not matched:
                raise FenError(f"bad castling field {field!r}")
    # keep only rights whose king and rook still stand on their start squares
    for i, rule in enumerate(game.castling):
        if rights >> i & 1:
            if (pos.board[rule.king_from] != game.start_board[rule.king_from]
                    or pos.board[rule.rook_from] != game.start_board[rule.rook_from]
                    or not pos.board[rule.king_from]):
                rights &= ~(1 << i)
    return rights


def unspent_paths(pos: "Position") -> int:
    """``double_step_once``: the path bits of the initial cells on which a piece that may use them stands
    (a position string names the spent ones in a game field: :func:`parse_spent`)."""
    game = pos.game
    if not game.double_step_once:
        return 0
    bits = 0
    for (kind, color), cells in game.initial_cells.items():
        for cell in cells:
            code = pos.board[cell]
            if code and game.kind_of[code] == kind and game.owner[code] == color:
                bits |= game.path_bit[cell]
    return bits


def parse_spent(pos: "Position", field: str) -> None:
    """Read a spent-paths field (``-`` or comma-separated squares: the pawns standing on their initial
    square that have lost their double step, because they left it and came back) into ``pos.rights``."""
    game = pos.game
    if field == "-":
        return
    rights = pos.rights
    for name in field.split(","):
        try:
            cell = game.names.parse(name)
        except UnknownSquare:
            raise FenError(f"bad spent double-step field {field!r}: unknown square {name!r}") from None
        if not rights & game.path_bit[cell]:
            raise FenError(f"bad spent double-step field {field!r}: no pawn on its initial square at {name}")
        rights &= ~game.path_bit[cell]
    pos.hash ^= game.rights_key(pos.rights) ^ game.rights_key(rights)
    pos.rights = rights


def format_spent(pos: "Position") -> str | None:
    """The spent-paths field, or None when no pawn on an initial square has lost its double step."""
    game = pos.game
    spent = unspent_paths(pos) & ~pos.rights
    if not spent:
        return None
    return ",".join(game.names.name(c) for c in game.path_cells if spent & game.path_bit[c])


def format_castling(pos: "Position") -> str:
    """The castling field of ``pos`` (``Game.write_castling``'s default)."""
    game = pos.game
    if game.castling_style == "files":
        cells = [c for j, c in enumerate(game.castle_cells) if pos.rights >> j & 1]
        white = sorted(FILES[game.geometry.coords[c][0]].upper() for c in cells if game.owner[pos.board[c]] == 0)
        black = sorted(FILES[game.geometry.coords[c][0]] for c in cells if game.owner[pos.board[c]] == 1)
        text = "".join(white + black)
    else:
        text = "".join(rule.fen_char for i, rule in enumerate(game.castling) if pos.rights >> i & 1)
    return text or "-"


def parse_en_passant(pos: "Position", field: str) -> None:
    """The en-passant field -> ``pos.ep``/``pos.ep_victim`` or ``pos.windows``, and their keys
    (``Game.read_en_passant``'s default)."""
    game = pos.game
    if game.ep_windows:
        pos.windows = _parse_windows(pos, field)
        for ep, _, _, mask in pos.windows:
            pos.hash ^= game.z_ep[ep] ^ game.z_window[mask]
    elif field != "-":
        try:
            ep = game.names.parse(field)
        except UnknownSquare as exc:
            raise FenError(f"bad en-passant square: {exc}") from None
        victim = game.ep_victim_for(pos, ep)
        if victim is None:
            raise FenError(f"en-passant square {field} does not follow a double step")
        if game.ep_capturable(pos, ep):
            pos.ep, pos.ep_victim = ep, victim
            pos.hash ^= game.z_ep[ep]


def format_en_passant(pos: "Position") -> str:
    """The en-passant field of ``pos`` (``Game.write_en_passant``'s default)."""
    game = pos.game
    return format_windows(pos) if game.ep_windows else game.names.name(pos.ep) if pos.ep >= 0 else "-"


def format_fen(pos: "Position") -> str:
    game = pos.game
    fields = [game.write_board(pos), side_text(pos), game.write_castling(pos),
              game.write_en_passant(pos), *game.format_counters(pos), game.write_halfmove(pos), str(pos.fullmove)]
    fields += game.format_extra(pos)
    return " ".join(fields)


# ---------------------------------------------------------------------- FEN4
# chess.com's FEN4, the position string of four-player chess (en.wikibooks.org/wiki/Four-Player_Chess/Notation;
# 4pchess's utils.cc ``ParseBoardFromFEN``), read into the native string (``fen4_to_native``) and written from a
# position (``write_fen4``), for any game of four players on a 14x14 board:
#
#     R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/...
#
# Fields, separated by ``-``: the player to move (``R B Y G``, the game's players in turn order); for each
# player whether it is eliminated, may castle kingside, may castle queenside (``0``/``1``), its points; the
# halfmove clock; optionally chess.com's extra options in braces (read past, never written); then the board from
# the 14th rank down, each rank's cells separated by commas: a piece is a colour letter (``r b y g``, ``d`` for a
# dead piece) and its letter, a number is that many empty cells, ``x`` a cut corner. A castling right is the
# game's castling ``<colour letter>K`` or ``<colour letter>Q``. A dead piece is given to the first eliminated
# player (FEN4 does not say whose it was).
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
