"""Learned placement tables (`placement` in a variants file, ``Game.placement``; issue 34)."""
from __future__ import annotations

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.core.perft import perft
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import VariantsFileError, read_variants

ROWS = ["0 0 0 0 0 0 0 0"] * 8
KNIGHT = ["-50 -40 -30 -30 -30 -30 -40 -50"] + ["-40 0 5 10 10 5 0 -40"] * 3 + ["-30 5 20 25 25 20 5 -30"] * 3 + \
         ["-60 -40 -30 -30 -30 -30 -40 -70"]
FILE = '''
[small]
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
[small.pieces]
P = {{ name = "pawn", betza = "fmWfcFifmnD", value = 100, pawn = true }}
N = {{ name = "knight", betza = "N", value = 320 }}
B = {{ name = "bishop", betza = "B", value = 330 }}
R = {{ name = "rook", betza = "R", value = 500 }}
Q = {{ name = "queen", betza = "Q", value = 900 }}
K = {{ name = "king", betza = "K", value = 0, royal = true }}
[small.placement]
N = """
{knight}
"""
[child]
extends = "small"
'''


def games(text: str = FILE.format(knight="\n".join(KNIGHT))) -> dict[str, FileGame]:
    return {spec.name: FileGame(spec) for spec in read_variants(text, "t.toml")}


def test_a_placement_table_reads_like_a_diagram_and_black_mirrors_it():
    game = games()["small"]
    g = game.geometry
    white = next(c for c in range(game.ncodes) if game.owner[c] == 0 and game.pieces[game.kind_of[c]].letter == "N")
    black = next(c for c in range(game.ncodes) if game.owner[c] == 1 and game.pieces[game.kind_of[c]].letter == "N")
    # the diagram's last row is rank 1: a1 -60, h1 -70; its first row is rank 8: a8 -50
    assert game.pst[white][g.cell(0, 0)] == 320 - 60
    assert game.pst[white][g.cell(7, 0)] == 320 - 70
    assert game.pst[white][g.cell(0, 7)] == 320 - 50
    assert game.pst[white][g.cell(3, 3)] == 320 + 25
    # Black's h8 is White's h1, its d5 White's d4
    assert game.pst[black][g.cell(7, 7)] == 320 - 70
    assert game.pst[black][g.cell(3, 4)] == 320 + 25
    # the start position stays level, and a knight's own table moves the score as the rows say
    pos = game.position()
    assert pos.score == 0
    pos.push(pos.parse_move("g1f3"))
    assert pos.score == (320 + 20) - (320 - 40)
    # the rules do not change
    assert perft(game.position(), 3) == 8902


def test_a_game_without_a_table_keeps_the_geometry_bonus_and_extends_does_not_inherit_it():
    made = games()
    assert made["child"].placement == {}
    assert made["child"].pst == get_game("nocastle").pst
    assert "N" in made["small"].placement


@pytest.mark.parametrize("table, reason", [
    ('X = "0"', "no piece 'X'"),
    ('N = "1 2 3"', "64 whole numbers"),
    ('N = 5', "64 whole numbers"),
    ('N = "' + " ".join(["1.5"] * 64) + '"', "64 whole numbers"),
    ('N = "' + " ".join(["999999"] * 64) + '"', "64 whole numbers"),
])
def test_a_bad_table_gets_one_line(table, reason):
    text = FILE.format(knight="").split("[small.placement]")[0] + "[small.placement]\n" + table + "\n"
    with pytest.raises(VariantsFileError) as e:
        games(text)
    assert reason in str(e.value) and "\n" not in str(e.value)


def test_players_whose_armies_do_not_mirror_cannot_share_a_table():
    text = FILE.format(knight="\n".join(KNIGHT)).replace("RNBQKBNR w", "RNBQKBRN w")
    with pytest.raises(VariantsFileError) as e:
        games(text)
    assert "mirror" in str(e.value)


def _unit(game, **weights):
    """The evaluator with only these weights."""
    import dataclasses

    from hyperchess.engine.evaluate import Evaluator
    from hyperchess.variants.core.game import EvalWeights
    saved = game.eval_weights
    game.eval_weights = EvalWeights(**{f.name: 0 for f in dataclasses.fields(EvalWeights)} | weights)
    try:
        return Evaluator(game)
    finally:
        game.eval_weights = saved


def _chess_terms(board) -> tuple[int, int, int]:
    """White minus Black: bishop pair, doubled pawns (pawns beyond one a file), isolated pawns; python-chess."""
    import chess

    def side(color):
        bishops = {(chess.square_file(s) + chess.square_rank(s)) % 2 for s in board.pieces(chess.BISHOP, color)}
        files = [chess.square_file(s) for s in board.pieces(chess.PAWN, color)]
        return (int(len(bishops) == 2), len(files) - len(set(files)),
                sum(1 for f in files if f - 1 not in files and f + 1 not in files))
    return tuple(a - b for a, b in zip(side(chess.WHITE), side(chess.BLACK)))


def test_pawn_structure_and_the_pair_count_as_python_chess_reads_them():
    import random

    import chess
    game = get_game("normal")
    terms = {name: _unit(game, **{name: 1}) for name in ("pair", "doubled", "isolated")}
    walking = _unit(game, pair=1, mobility=4), _unit(game, mobility=4)    # the pair inside the mobility walk
    rng = random.Random(34)
    checked = 0
    for _ in range(40):
        board = chess.Board()
        for _ in range(rng.randrange(10, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            pos = game.position(board.fen())
            got = (terms["pair"].positional(pos), -terms["doubled"].positional(pos),
                   -terms["isolated"].positional(pos))
            assert got == _chess_terms(board), board.fen()
            assert walking[0].positional(pos) - walking[1].positional(pos) == got[0]
            checked += 1
    assert checked > 1000


def test_on_the_cylinder_the_a_and_h_files_are_neighbours():
    game = get_game("cylinder")
    isolated = _unit(game, isolated=1)
    # White: pawns a2 and h2 support each other across the seam; Black: a7 and c7 are both isolated
    pos = game.position("4k3/p1p5/8/8/8/8/P6P/4K3 w - - 0 1")
    assert isolated.positional(pos) == 2          # Black's two isolated pawns, counted against Black
    flat = _unit(get_game("normal"), isolated=1)
    assert flat.positional(get_game("normal").position("4k3/p1p5/8/8/8/8/P6P/4K3 w - - 0 1")) == 0
