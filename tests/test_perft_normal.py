"""perft of `normal` against the chessprogramming-wiki tables (depth 4 in CI, depth 5 with -m slow)."""
import chess
import pytest

from hyperchess.variants import get_game
from hyperchess.variants.core.perft import divide, perft

# https://www.chessprogramming.org/Perft_Results — the six standard positions, counts for depths 1..5.
WIKI = {
    "initial": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                [20, 400, 8902, 197281, 4865609]),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                 [48, 2039, 97862, 4085603, 193690690]),
    "position3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                  [14, 191, 2812, 43238, 674624]),
    "position4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                  [6, 264, 9467, 422333, 15833292]),
    "position5": ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                  [44, 1486, 62379, 2103487, 89941194]),
    "position6": ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                  [46, 2079, 89890, 3894594, 164075551]),
}


@pytest.mark.parametrize("name", list(WIKI))
def test_perft_to_depth_4(name):
    fen, counts = WIKI[name]
    pos = get_game("normal").position(fen)
    assert [perft(pos, d) for d in range(1, 5)] == counts[:4]
    assert pos.fen() == fen          # perft leaves the position as it found it


@pytest.mark.slow
@pytest.mark.parametrize("name", list(WIKI))
def test_perft_depth_5(name):
    fen, counts = WIKI[name]
    assert perft(get_game("normal").position(fen), 5) == counts[4]


def _python_chess_divide(board: chess.Board, depth: int) -> dict[str, int]:
    def count(b, d):
        if d == 1:
            return b.legal_moves.count()
        n = 0
        for m in b.legal_moves:
            b.push(m)
            n += count(b, d - 1)
            b.pop()
        return n
    out = {}
    for m in board.legal_moves:
        board.push(m)
        out[m.uci()] = count(board, depth - 1) if depth > 1 else 1
        board.pop()
    return out


@pytest.mark.parametrize("name", list(WIKI))
def test_divide_equals_python_chess(name):
    """Per-root-move counts agree with python-chess, so a wrong total would point at its move."""
    fen, _ = WIKI[name]
    ours = dict(divide(get_game("normal").position(fen), 2))
    assert ours == _python_chess_divide(chess.Board(fen), 2)
