"""Issue 48: asked to move, the engine gives a legal move whenever one exists, whatever the history says
(threefold repetition, a halfmove clock of 100 or more, bare kings): the GUI, not the engine, ends the game
(docs/protocol.md). Over UCI (raw lines and python-chess's documented play loop) and CECP, against python-chess's
rules and, where the Debian binary is installed, Fairy-Stockfish."""
from __future__ import annotations

import os

import chess
import chess.engine
import pytest

from protocol_support import ENGINE_CMD, ROOT, UCI_CMD

FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"
needs_fairy_stockfish = pytest.mark.skipif(not os.access(FAIRY_STOCKFISH, os.X_OK),
                                           reason="the Debian fairy-stockfish binary is not installed")

REPEATED = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8".split()       # the start position for the third time
FIFTY = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80"                           # halfmove clock 100
BARE_KINGS = "8/8/4k3/8/8/3K4/8/8 w - - 0 1"


def board_after(fen: str | None, moves: list[str]) -> chess.Board:
    board = chess.Board(fen) if fen else chess.Board()
    for m in moves:
        board.push_uci(m)
    return board


CASES = [
    ("position startpos moves " + " ".join(REPEATED), board_after(None, REPEATED), "Threefold repetition"),
    (f"position fen {FIFTY}", board_after(FIFTY, []), "50-move rule"),
    (f"position fen {BARE_KINGS}", board_after(BARE_KINGS, []), "Insufficient material"),
]


@pytest.mark.parametrize("command, board, reason", CASES, ids=["repetition", "fifty", "bare-kings"])
def test_uci_gives_a_legal_bestmove_in_a_position_drawn_by_rule(uci, command, board, reason):
    assert board.can_claim_draw() or board.is_insufficient_material()      # python-chess agrees it is drawn
    uci.send(command, "go movetime 200")
    line, before = uci.expect(r"bestmove .*", 10)
    assert f"info string the game is over by rule (1/2-1/2 {{{reason}}}); searching anyway" in before
    assert chess.Move.from_uci(line.split()[1]) in board.legal_moves


def test_uci_bestmove_none_only_without_a_legal_move(uci):
    uci.send("position fen k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "go movetime 100")      # stalemate
    line, before = uci.expect(r"bestmove .*", 10)
    assert line == "bestmove (none)" and before == ["info depth 0 score cp 0"]


@pytest.mark.parametrize("setup, board, reason", [
    (["new", "force", *REPEATED], board_after(None, REPEATED), "Threefold repetition"),
    (["new", "force", f"setboard {FIFTY}"], board_after(FIFTY, []), "50-move rule"),
    (["new", "force", f"setboard {BARE_KINGS}"], board_after(BARE_KINGS, []), "Insufficient material"),
], ids=["repetition", "fifty", "bare-kings"])
def test_cecp_claims_the_draw_and_still_moves(eng, setup, board, reason):
    eng.send(*setup, "st 0.2", "go")
    line, before = eng.expect(r"move \S+", 10)
    assert f"1/2-1/2 {{{reason}}}" in before                              # the claim, as before issue 48
    assert chess.Move.from_uci(line.split()[1]) in board.legal_moves


def play_against_fairy_stockfish(ours: chess.engine.SimpleEngine, board: chess.Board, we_are: chess.Color,
                                 theirs: chess.engine.SimpleEngine) -> chess.Board:
    """python-chess's documented play loop (chess.engine docs, "Playing"), to its end by FIDE's automatic rules."""
    limit = chess.engine.Limit(time=0.05)
    while not board.is_game_over():
        result = (ours if board.turn == we_are else theirs).play(board, limit)
        assert result.move in board.legal_moves, (board.fen(), result)
        board.push(result.move)
    return board


def our_engine(protocol: str) -> chess.engine.SimpleEngine:
    if protocol == "uci":
        return chess.engine.SimpleEngine.popen_uci(UCI_CMD, cwd=ROOT)
    return chess.engine.SimpleEngine.popen_xboard(ENGINE_CMD, cwd=ROOT)


@needs_fairy_stockfish
@pytest.mark.parametrize("protocol, start", [("uci", FIFTY), ("xboard", None)])
def test_play_loop_from_a_drawn_position_against_fairy_stockfish(protocol, start):
    """The two positions of the issue as game starts: the rook ending with the clock at 100 (played on until
    the 75-move rule) and the repeated start position (played on until a real end)."""
    board = board_after(start, [] if start else REPEATED)
    first = len(board.move_stack)
    with our_engine(protocol) as ours, chess.engine.SimpleEngine.popen_uci(FAIRY_STOCKFISH) as fsf:
        board = play_against_fairy_stockfish(ours, board, chess.WHITE, fsf)
    assert board.outcome() is not None and len(board.move_stack) > first


@pytest.mark.slow
@needs_fairy_stockfish
@pytest.mark.parametrize("game", range(20))
def test_twenty_games_against_fairy_stockfish(game):
    """20 whole games from the start at 0.05 s a move, UCI and CECP in turn, both colours."""
    protocol = "uci" if game % 2 == 0 else "xboard"
    we_are = chess.WHITE if game % 4 < 2 else chess.BLACK
    with our_engine(protocol) as ours, chess.engine.SimpleEngine.popen_uci(FAIRY_STOCKFISH) as fsf:
        board = play_against_fairy_stockfish(ours, chess.Board(), we_are, fsf)
    assert board.outcome() is not None
