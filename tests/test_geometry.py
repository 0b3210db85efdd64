"""Geometry and the generic move generator on empty boards (tables in the style of ../shared/rules)."""
import pytest

from hyperchess.variants.core.game import Game
from hyperchess.variants.board.geometry import Geometry, all_directions, symmetric
from hyperchess.variants.board.notation import SquareNames
from hyperchess.variants.board.pieces import Leap, PieceType, Slide
from hyperchess.variants.board.geometry import ORTHOGONAL_2D


def make_game(geo: Geometry, pieces, level_names=("",)) -> Game:
    class Test(Game):
        name = "geometry-test"
        start_fen = ""
    game = Test.__new__(Test)
    Game.__init__(game, geo, SquareNames(geo, level_names), pieces)
    game.start_fen = game.level_separator.join(["/".join([str(geo.files)] * geo.ranks)] * geo.levels) + " w - - 0 1"
    game.compile()
    return game


def destinations(game: Game, letter: str, square: str) -> list[str]:
    """Moves of a lone white piece on an otherwise empty board, as destination names."""
    pos = game.position()
    cell = game.names.parse(square)
    pos.put(cell, game.letters[letter])
    names = [game.names.name(m[1]) for m in pos.legal_moves() if m[0] == cell]
    assert len(names) == len(set(names)), "each destination once"
    return sorted(names)


CUBE_NAMES = tuple(str(i) for i in range(1, 9))


@pytest.fixture(scope="module")
def cube():
    geo = Geometry(8, 8, 8)
    queen = PieceType("Q", "queen", (Slide(all_directions(3)),), 900)
    knight = PieceType("N", "knight", (Leap(symmetric((0, 1, 2))),), 300)
    king = PieceType("K", "king", (Leap(all_directions(3)),), 0)
    rook = PieceType("R", "rook", (Slide(symmetric((1, 0, 0)) + symmetric((1, 0, 1), dims=3)),), 500)
    return make_game(geo, [queen, knight, king, rook], CUBE_NAMES)


def test_cube_queen_knight_king_from_4e4(cube):
    assert len(destinations(cube, "Q", "4e4")) == 85
    assert len(destinations(cube, "K", "4e4")) == 26
    assert destinations(cube, "N", "4e4") == sorted(
        "2d4 2e3 2e5 2f4 3c4 3e2 3e6 3g4 4c3 4c5 4d2 4d6 4f2 4f6 4g3 4g5 "
        "5c4 5e2 5e6 5g4 6d4 6e3 6e5 6f4".split())


def test_cube_corner_counts(cube):
    # a corner king touches 7 cells; a corner queen sees 7 cells along each of its 7 lines
    assert len(destinations(cube, "K", "1a1")) == 7
    assert len(destinations(cube, "Q", "1a1")) == 49


def test_wrapped_files_rook_reaches_14_from_every_square():
    geo = Geometry(8, 8, wrap_files=True)
    rook = PieceType("R", "rook", (Slide(ORTHOGONAL_2D),), 500)
    game = make_game(geo, [rook])
    for cell in range(geo.size):
        name = game.names.name(cell)
        assert len(destinations(game, "R", name)) == 14, name


def test_cylinder_ranks_rook_file_moves_reach_13():
    geo = Geometry(8, 14, wrap_ranks=True)
    rook = PieceType("R", "rook", (Slide(ORTHOGONAL_2D),), 500)
    game = make_game(geo, [rook])
    dests = destinations(game, "R", "a3")
    assert [d for d in dests if d[0] == "a"] == sorted(f"a{r}" for r in range(1, 15) if r != 3)
    assert len(dests) == 13 + 7


def test_ray_stops_at_edges_holes_and_start():
    geo = Geometry(5, 5, holes=[(2, 2, 0)])
    c = geo.cell(0, 2)
    assert geo.ray(c, (1, 0, 0)) == (geo.cell(1, 2),)          # the hole at c3 blocks
    assert geo.step(c, (-1, 0, 0)) is None
    ring = Geometry(4, 1, wrap_files=True)
    assert ring.ray(0, (1, 0, 0)) == (1, 2, 3)                   # stops before coming back to its start
    assert ring.ray(0, (1, 0, 0), limit=2) == (1, 2)


def test_symmetric_builds_standard_leaps():
    assert len(symmetric((1, 2, 0), dims=2)) == 8
    assert len(symmetric((0, 1, 2))) == 24
    assert len(all_directions(2)) == 8 and len(all_directions(3)) == 26
