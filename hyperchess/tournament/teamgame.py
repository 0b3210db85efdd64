"""Two-board team games between four engines (``hyperchess match`` of a game with ``two_boards``; docs/match.md,
docs/rules/bughouse.md). The rules are ``variants/rules/partner_boards.PartnerBoards``; this module runs the
engines and the clocks.

Each engine plays one seat (seat = 2 * board + colour: A's White, A's Black, B's White, B's Black). Both boards
run at once: whenever a board's side to move is not sitting and has not been asked, its engine gets the board's
position string (its hands included: UCI ``position fen``; CECP ``force``, ``setboard``, ``time``/``otim``,
``go``) and the board's two clocks. A side's clock runs from the moment it is to move, also while it sits.
A move that is no longer legal when it arrives (the hands changed under it) is asked for again; a move that
never was legal, a crash or a silence past the clock loses for the engine's team. An engine is told
nothing of the other board but its hands, unless it declares the option ``PartnerPosition`` (ours does): it is
then sent the other board's position string before each move (UCI ``setoption name PartnerPosition value
...``, CECP ``option PartnerPosition=...``) and plays for its team (engine/partner.py).
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from hyperchess.variants import DEFAULT_GAME, get_game
from hyperchess.variants.board.errors import MoveError
from hyperchess.variants.rules.partner_boards import PartnerBoards, TeamOutcome, team_of

from .engine import EngineDied
from .spec import EngineSpec
from .uci import parse_bestmove, start_engine


POLL = 0.01                 # seconds between looks at the engines' output
PARTNER_OPTION = "PartnerPosition"      # an engine that declares it is told the other board before each move


@dataclass
class TeamRecord:
    """One finished two-board game: ``result`` by team (team 0: seats 0 and 3), why, the moves in the order
    they were made as (board, seat, move, seconds left), and the boards' last positions."""
    seats: tuple[str, str, str, str]
    result: str
    reason: str
    moves: list[tuple[int, int, str, float]]
    fens: tuple[str, str]


def _limit(spec: EngineSpec, stall: float) -> tuple[float, float]:
    """(base, increment) seconds of ``spec``'s clock; without a clock, ``stall`` a move."""
    tc = spec.tc
    if tc.base is not None:
        return tc.base, tc.inc
    return (tc.st if tc.st is not None else stall), 0.0


def play_team_game(variant: str, specs: list[EngineSpec], stall: float = 60.0, log=None,
                   max_moves: int = 400) -> TeamRecord:
    """Plays one two-board game of ``variant`` with ``specs`` in seat order; the engines are closed after."""
    game = get_game(variant)
    boards = PartnerBoards(game)
    engines = []
    try:
        for seat, spec in enumerate(specs):
            e = start_engine(spec, log, f"{spec.name}@{'AB'[seat // 2]}{'wb'[seat % 2]}")
            engines.append(e)
            e.handshake()
            e.set_up(spec.variant or variant, DEFAULT_GAME, spec.options)
            if e.sync(10.0) is None:
                raise EngineDied(f"{spec.name} does not answer")
        return _play(boards, specs, engines, stall, max_moves)
    finally:
        for e in engines:
            e.close()


def _play(boards: PartnerBoards, specs, engines, stall: float, max_moves: int) -> TeamRecord:
    limits = [_limit(s, stall) for s in specs]
    clocks = [base for base, _ in limits]
    clocked = [s.tc.base is not None for s in specs]
    since = [time.monotonic(), time.monotonic()]       # when each board's side to move began its turn
    asked: list[int | None] = [None, None]              # the seat asked on each board
    sent: list[str] = ["", ""]                          # the position each was asked in
    moves: list[tuple[int, int, str, float]] = []
    names = tuple(s.name for s in specs)

    def left(seat: int, now: float) -> float:
        board = seat // 2
        return clocks[seat] - (now - since[board]) if boards.to_move(board) == seat else clocks[seat]

    while boards.outcome is None:
        now = time.monotonic()
        for board in (0, 1):
            seat = boards.to_move(board)
            if left(seat, now) + specs[seat].tc.margin < 0:
                boards.flag(seat)
                break
            if asked[board] is None and not boards.waiting(board):
                _ask(engines[seat], specs[seat], boards, board, [left(s, now) for s in range(4)], clocked[seat])
                asked[board], sent[board] = seat, boards.boards[board].fen()
        if boards.outcome is not None:
            break
        for board in (0, 1):
            seat = asked[board]
            if seat is None or boards.outcome is not None:
                continue
            try:
                item = engines[seat].get(time.monotonic() + POLL / 2)
            except EngineDied as exc:
                boards.resign(seat)
                boards.outcome.reason = f"{names[seat]} lost: {exc}"
                break
            text = None if item is None else _answer(engines[seat], item[1])
            if text is None:
                continue
            asked[board] = None
            now = time.monotonic()
            pos = boards.boards[board]
            try:
                move = pos.parse_move(text)
            except MoveError:
                if pos.fen() != sent[board]:
                    continue        # the hands changed under the search (koedem's must-drop): asked again
                boards.resign(seat)
                boards.outcome.reason = f"{names[seat]} lost: illegal move {text} at {pos.fen()}"
                break
            if clocked[seat]:
                clocks[seat] += limits[seat][1] - (now - since[board])
            else:
                clocks[seat] = limits[seat][0]          # no clock: ``stall`` seconds for each move
            since[board] = now
            boards.push(board, move)
            moves.append((board, seat, text, round(clocks[seat], 3)))
            if len(moves) >= max_moves and boards.outcome is None:
                boards.outcome = TeamOutcome("1/2-1/2", None, f"adjudicated: {max_moves} moves")
    out = boards.outcome
    return TeamRecord(names, out.result, out.reason, moves, (boards.boards[0].fen(), boards.boards[1].fen()))


def _ask(engine, spec: EngineSpec, boards: PartnerBoards, board: int, left: list[float], clocked: bool) -> None:
    """Sends ``board``'s position (hands included) and its two clocks to the engine whose move it is."""
    pos = boards.boards[board]
    fen = pos.fen()
    white = pos.turn == 0
    mine, theirs = left[2 * board + pos.turn], left[2 * board + 1 - pos.turn]
    if engine.declares(PARTNER_OPTION):      # our engine: the other board too, so that it plays for its team
        other = boards.boards[1 - board].fen()
        engine.send(f"setoption name {PARTNER_OPTION} value {other}" if engine.proto == "uci"
                    else f"option {PARTNER_OPTION}={other}")
    if engine.proto == "uci":
        engine.go(fen, [], spec.tc, (mine, theirs) if clocked else (None, None), white, 0)
        return
    engine.send("force")
    engine.send(f"setboard {fen}")
    if clocked:
        engine.send(f"time {max(0, int(mine * 100))}")
        engine.send(f"otim {max(0, int(theirs * 100))}")
    elif spec.tc.st is not None:
        engine.send(f"st {max(1, int(spec.tc.st))}")
    if spec.tc.depth is not None:
        engine.send(f"sd {spec.tc.depth}")
    engine.send("go")


def _answer(engine, line: str) -> str | None:
    """The move in an engine's line (UCI ``bestmove``, CECP ``move``), else None."""
    if engine.proto == "uci":
        return parse_bestmove(line.strip())
    words = line.split()
    return words[1] if len(words) >= 2 and words[0] == "move" else None


def seats_of_game(engines: list[EngineSpec], n: int) -> list[EngineSpec]:
    """The seats of game ``n`` (from 0) of a team match: engines 1 and 2 are one team, 3 and 4 the other; the
    first team plays A's White and B's Black in even games, A's Black and B's White in odd ones."""
    a, b, c, d = engines
    return [a, c, d, b] if n % 2 == 0 else [c, a, b, d]


def team_score(records: list[TeamRecord], first_team: tuple[str, str]) -> tuple[int, int, int]:
    """(wins, draws, losses) of the team of ``first_team``'s two engines."""
    w = d = l = 0
    for r in records:
        if r.result == "1/2-1/2":
            d += 1
            continue
        winner = 0 if r.result == "1-0" else 1
        ours = team_of(r.seats.index(first_team[0]))
        if ours == winner:
            w += 1
        else:
            l += 1
    return w, d, l
