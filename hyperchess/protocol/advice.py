"""What the engine says when asked: draw offers (``draw``), hints (``hint``) and move highlights (``lift``)."""
from __future__ import annotations

from hyperchess.variants.board.codes import EMPTY, EN_PASSANT, HOLE, promoted_code
from hyperchess.variants.board.notation import UnknownSquare

from .flat import grid_rows
from .state import XBoardState
from .wire import error

DRAWISH_CP = 15             # |score| at most this ...
DRAWISH_QUIET_PLIES = 20    # ... after this many plies without capture or pawn move: a draw offer is accepted


def drawish(e: XBoardState) -> bool:
    """Accept a draw offer? (docs/protocol.md, Draw offers)"""
    pos = e.pos
    outcome = pos.outcome()
    if outcome is not None:
        return outcome.result == "1/2-1/2"
    if e.game.insufficient_material(pos):
        return True
    if e.setscore is not None and e.setscore[0] == pos.hash:
        return abs(e.setscore[1]) <= DRAWISH_CP
    if e.last is None:
        return False
    _, score, _ = e.last
    return abs(score) <= DRAWISH_CP and pos.halfmove >= DRAWISH_QUIET_PLIES


def hint(e: XBoardState) -> str | None:
    """The move to suggest: the running analysis' best, or a short search's."""
    if e.bad_position or e.ended:
        return None
    moves = e.pos.legal_moves()
    if not moves:
        return None
    s = e.search
    if s is not None:                   # analysing (the searcher is busy): its current best, if any yet
        if s.info is not None and s.info.pv:
            return e.wire_move(s.view, s.info.pv[0])
        return None
    from hyperchess.engine.timecontrol import Limits
    try:
        result = e.thinker.get_searcher().search(e.pos.copy(), Limits(movetime=0.1, depth=6))
        best = result.best if result.best in moves else moves[0]
    except Exception:
        best = moves[0]
    return e.wire_move(e.pos, best)


def highlight(e: XBoardState, square: str) -> None:
    """``lift SQUARE``: ``highlight FEN`` marking where the piece there may go (Y move, R capture, M promotion)."""
    fl = e.flat
    if fl is None:
        return
    try:
        frm = e.parse_wire_square(square)
    except UnknownSquare:
        e.out(error("unknown square", f"lift {square}"))
        return
    marks: dict[int, str] = {}
    if not e.bad_position:
        for mv in e.pos.legal_moves():
            if mv[0] != frm:
                continue
            to, flag = mv[1], mv[3]
            if promoted_code(mv):
                mark = "M"
            elif flag == EN_PASSANT or (e.pos.board[to] not in (EMPTY, HOLE)):
                mark = "R"
            else:
                mark = "Y"
            if marks.get(to) != "M":
                marks[to] = mark
    grid = [[""] * fl.width for _ in range(fl.height)]
    for cell, mark in marks.items():
        p = fl.xy[cell]
        if p is not None:
            grid[p[1]][p[0]] = mark
    e.out("highlight " + "/".join(grid_rows(grid)))
