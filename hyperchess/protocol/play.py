"""The game flow: our searches and moves, the GUI's moves, result claims and four-player null moves."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hyperchess.variants import MoveError
from hyperchess.variants.core.game import CASTLE

from .state import XBoardState
from .wire import error, illegal

if TYPE_CHECKING:
    from .thinking import Search


def start_search(e: XBoardState, purpose: str) -> None:
    limits, deadline = e.clock.limits(purpose, e.pos.fullmove)

    def report(s: "Search", info) -> str | None:
        if (e.post and s.purpose == "move") or s.purpose == "analyze":
            return thinking_line(e, s.root, info)
        return None

    excluded = tuple(e.excluded)
    if excluded and all(m in e.excluded for m in e.pos.legal_moves()):
        # every root move excluded: a search of nothing would leave us silent on our move, so the
        # exclusion is set aside for this search (docs/protocol.md, exclude)
        e.out("# every move is excluded: searching all of them")
        excluded = ()
    e.thinker.start(purpose, e.pos, limits, deadline, e.version, excluded, report)


def thinking_line(e: XBoardState, root, info) -> str:
    pv = []
    p = root.copy()
    try:
        for mv in info.pv:
            pv.append(e.wire_move(p, mv))
            p.push(mv)
    except Exception:
        pass
    return f"{info.depth} {info.score} {int(info.elapsed * 100)} {info.nodes} {' '.join(pv)}".rstrip()


def maybe_ponder(e: XBoardState) -> None:
    """``hard``: think on the opponent's time (the tree warms the transposition table; there is no
    ponder-hit: the real search starts when the opponent's move arrives)."""
    if (e.ponder and e.pos is not None and not e.force and not e.analyzing and not e.ended
            and not e.paused and not e.bad_position and e.search is None
            and e.game.teams[e.pos.turn] != e.side and e.pos.outcome() is None):
        start_search(e, "ponder")


def start_analysis(e: XBoardState) -> None:
    e.abandon()
    if e.bad_position or not e.pos.legal_moves():
        return
    start_search(e, "analyze")


def on_searched(e: XBoardState, s: "Search", result) -> None:
    if not e.thinker.finished(s):
        return
    if s.purpose in ("analyze", "ponder"):
        return                      # ended by itself (e.g. a mate searched to full depth): keep quiet
    if isinstance(result, Exception):
        e.out(f"# search failed: {type(result).__name__}: {result}")
        moves = s.view.legal_moves()
        best = moves[0] if moves else None
    else:
        best = result.best
        e.last = (s.root.hash, result.score, result.ponder)
    if s.purpose == "move":
        if e.paused:
            return
        play(e, best)
        e.flush_deferred()
        maybe_ponder(e)


# Draws by rule that FIDE leaves to a claim (9.2, 9.3) or that a GUI may not see (a dead position): after the
# claim the engine still moves when asked, since the GUI, not the engine, ends the game (docs/protocol.md).
PLAY_ON = frozenset(("repetition", "fifty", "insufficient"))


def claim(e: XBoardState) -> bool:
    """Print the result if the game is over by rule; True if no move may follow it (mate, stalemate, the
    game's own end), False if the game goes on or only a draw by rule (``PLAY_ON``) was claimed."""
    outcome = e.pos.outcome()
    if outcome is None:
        return False
    e.out(f"{outcome.result} {{{outcome.reason}}}")
    return outcome.termination not in PLAY_ON or not e.pos.legal_moves()


def think(e: XBoardState) -> None:
    """It is our move: claim the result if the game is over by rule, and search and move unless the game
    can have no move after it."""
    if e.fog_turn and e.fog is not None:
        play_from_views(e)
        return
    if claim(e) or e.paused:
        return
    start_search(e, "move")


def play_from_views(e: XBoardState) -> None:
    """Our move in a game with fog, chosen from the views alone (protocol/fog.py, as over UCI): the hidden
    position is never known here. A node-based clock (``nps``) bounds the search as for ``go nodes``."""
    if e.paused:
        return
    limits, _ = e.clock.limits("move", e.pos.fullmove)
    move = e.fog.choose(limits.nodes)
    if move is None:
        e.out("# no move from the views")
        return
    e.out(f"move {e.wire_move(e.pos, move)}")
    e.fog_turn = False
    if move in e.pos.legal_moves():     # the view's board, unseen squares empty: kept only for the turn
        e.pos.push(move)
        e.changed()


def play(e: XBoardState, move) -> None:
    if move is None or move not in e.pos.legal_moves():
        claim(e)
        return
    name = e.wire_move(e.pos, move)
    mover = e.game.teams[e.pos.turn]
    e.pos.push(move)
    e.changed()
    e.out(f"move {name}")
    if claim(e):
        return
    after_move(e, mover)
    rook = castling_rook_leg(e, move)
    if rook is not None:
        e.castle_rook, e.null_owed = rook, 1 - mover     # the opponent owes @@@@, then we send the rook
        return
    if e.null_owed is None and e.our_turn():
        think(e)           # native notation: our team moves again (the opponent's colour was skipped)


def after_move(e: XBoardState, mover: int) -> None:
    """Four-player games shown to XBoard as two colours (Part 1 §1.4): when the same team moves twice
    in a row (a colour was skipped), the other team owes XBoard a null move ``@@@@``."""
    e.null_owed = None
    if (e.game.players > 2 and e.notation == "flat" and e.flat is not None
            and e.game.teams[e.pos.turn] == mover):
        e.null_owed = 1 - mover


def castling_rook_leg(e: XBoardState, move) -> str | None:
    """XBoard's text of the rook's part of a castling (flat notation, two-player games that show XBoard no
    king, ``flat_royal = False``), else None. XBoard moves only the king of such a castling (its own
    castling rule needs a royal king, docs/gui.md), so a castling is played in XBoard as three plies: the
    king's move (the castling's flat name), a null move ``@@@@`` by the other side, the rook's move."""
    if (move[3] != CASTLE or e.notation != "flat" or e.flat is None or e.game.players != 2
            or e.game.flat_royal):
        return None
    rule = e.game.castling[move[2]]
    return e.flat.name(rule.rook_from) + e.flat.name(rule.rook_to)


def _grid(fen_board: str) -> list[list[str]]:
    return [[ch for tok in re.findall(r"\d+|.", row) for ch in ("." * int(tok) if tok.isdigit() else tok)]
            for row in fen_board.split("/")]


def null_move_by_setboard(e: XBoardState, text: str) -> bool:
    """XBoard 4.9.1 passes an engine's null move ``@@@@`` on to the other engine as ``setboard`` of its own
    board (seen in the real XBoard, docs/gui.md). When we wait for the opponent's ``@@@@`` and the board is
    XBoard's view of our position (for a castling: with the rook still at home), take it as that null move
    and go on (``True``); else it is a real ``setboard`` (``False``)."""
    if e.null_owed is None or e.null_owed == e.side or e.flat is None or e.notation != "flat" or e.force:
        return False
    from .flat import flat_fen
    fields, ours = text.split(), flat_fen(e.pos, e.flat).split()
    if len(fields) < 2 or fields[1] != ("w" if e.side == 0 else "b"):     # after the null: our team moves
        return False
    try:
        theirs, grid = _grid(fields[0]), _grid(ours[0])
    except ValueError:
        return False
    if e.castle_rook is not None:                 # XBoard has not moved the rook yet
        rook = re.fullmatch(r"([a-z])(\d+)([a-z])(\d+)", e.castle_rook)
        if rook is None:
            return False
        h = e.flat.height
        (fx, fy), (tx, ty) = [(ord(rook.group(i)) - 97, h - int(rook.group(i + 1))) for i in (1, 3)]
        grid[fy][fx], grid[ty][tx] = grid[ty][tx], grid[fy][fx]
    if theirs != grid:
        return False
    user_move(e, "@@@@", bare=False)
    return True


def move_refusal(e: XBoardState, text: str, bare: bool) -> str | None:
    """The error line if the GUI's move ``text`` is refused, else None."""
    if e.bad_position:
        return error("unknown command", text) if bare else illegal(text, "no legal position set")
    if e.castle_rook is not None and text.lower() == e.castle_rook and e.null_owed is None:
        return None                      # the rook's part of the opponent's castling, already played
    if text == "@@@@":
        if e.null_owed is None or (e.null_owed == e.side and not e.force):
            return error("unknown command", text) if bare else illegal(text, "no null move due")
        return None
    try:
        e.parse_wire_move(text)
    except MoveError:
        # cutechess forfeits on "Illegal": a bare token that is no legal move is an unknown command (§9)
        if bare:
            return error("unknown command", text)
        return illegal(text, rank16_drop_reason(e, text))
    return None


# XBoard 4.9.1 stores a move's ranks as one character each ('1' + y): its 16th rank is '@', the drop marker,
# so every move *from* that rank becomes a drop of the piece named by the file letter (b16c14 -> B@c14) on
# its own board and on the wire (docs/gui.md, "Future-generation and XBoard's 16th rank").
_RANK16_DROP = re.compile(r"[A-Za-z]@[a-z]\d+")


def rank16_drop_reason(e: XBoardState, text: str) -> str | None:
    """Why a drop-looking move on a 16-rank flat board cannot be ours (a one-line reason), else None."""
    if (e.notation == "flat" and e.flat is not None and e.flat.height == 16
            and _RANK16_DROP.fullmatch(text)):
        return f"XBoard cannot move from its 16th rank, it sent a move from {text[0].lower()}16 as a drop"
    return None


def user_move(e: XBoardState, text: str, bare: bool) -> None:
    """A move from the GUI (``usermove M``, or a bare token that may be a move)."""
    refusal = move_refusal(e, text, bare)
    if refusal is not None:
        e.out(refusal)
        return
    if text == "@@@@":
        e.null_owed = None
        if e.castle_rook is not None and e.game.teams[e.pos.turn] != e.side and not e.force:
            rook, e.castle_rook = e.castle_rook, None
            e.out(f"move {rook}")        # the rook's part of our castling (castling_rook_leg)
            return
        if e.our_turn():
            think(e)
        return
    if e.castle_rook is not None and text.lower() == e.castle_rook and e.null_owed is None:
        e.castle_rook = None             # the opponent's castling is complete in XBoard too
        if e.our_turn():
            think(e)
        return
    e.castle_rook = None                 # any other move: no rook part is coming (or owed) any more
    move = e.parse_wire_move(text)
    mover = e.game.teams[e.pos.turn]
    e.pos.push(move)
    e.changed()
    after_move(e, mover)
    rook = castling_rook_leg(e, move)
    if rook is not None:
        e.castle_rook = rook             # the opponent castled: we owe XBoard @@@@, then its rook part comes
        if e.force:
            e.null_owed = e.side
        else:
            e.out("move @@@@")
        return
    if e.null_owed is not None and e.null_owed == e.side and not e.force:
        e.null_owed = None
        e.out("move @@@@")   # our colour was skipped: XBoard still needs our turn
        return
    if e.null_owed is None and e.our_turn():
        think(e)


def bare(e: XBoardState, text: str) -> None:
    """A line that is no command: a move if it looks like one, else an unknown command."""
    if " " not in text and re.fullmatch(r"[A-Za-z0-9@*+=:,\-]+", text):
        user_move(e, text, bare=True)
    else:
        e.out(error("unknown command", text.split()[0]))
