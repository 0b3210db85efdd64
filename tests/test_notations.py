"""The notation each family reads (hyperchess/variants/core/san.py, issue 71): every move of random games
written as Fairy-Stockfish writes it (pyffish's ``get_san`` with the notation: SAN, ``NOTATION_SHOGI_HODGES``,
``NOTATION_XIANGQI_WXF``, ``NOTATION_JANGGI``), a pass as the word ``pass`` (FSF writes the king's move to its
own square); the notation chosen by a game's ``notation`` key or how it is drawn; the web board's state and
``hyperchess selfplay`` write it."""
from __future__ import annotations

import random

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.core.san import COORDINATES, PASS_WORD, notation_of, write, write_moves
from hyperchess.web.testing import running_server
from web_support import call

try:
    import pyffish
except ImportError:
    pyffish = None

from test_fsf_reference import game_for, our_fen

needs_fsf = pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish's binding) is not installed")

# notation -> (pyffish's notation, the games compared: chess-like games with every mechanism SAN writes, the
# shogi family, the xiangqi family, the janggi family)
FAMILIES = {
    "san": ("NOTATION_SAN", ["seirawan", "duck", "crazyhouse", "capablanca", "atomic", "berolina", "spartan",
                             "makruk", "shouse", "grand"]),
    "hodges": ("NOTATION_SHOGI_HODGES", ["shogi", "minishogi", "kyotoshogi", "euroshogi", "judkins", "dobutsu"]),
    "wxf": ("NOTATION_XIANGQI_WXF", ["xiangqi", "manchu", "minixiangqi"]),
    "janggi-numeric": ("NOTATION_JANGGI", ["janggi", "janggimodern", "janggicasual"]),
}


def compare(variant: str, notation: str, games: int, plies: int, seed: int) -> tuple[int, int]:
    """Random games of ``variant``: each move in ``notation`` equal to pyffish's (a pass: the word); the moves
    compared and the passes among them."""
    fsf = getattr(pyffish, FAMILIES[notation][0])
    game = game_for(variant)
    assert notation_of(game) == notation
    rng = random.Random(seed)
    start = pyffish.start_fen(variant)
    seen = passes = 0
    for _ in range(games):
        pos = game.position(our_fen(game, start))
        moves: list[str] = []
        for _ in range(plies):
            if pos.outcome() is not None:
                break
            move = rng.choice(pos.legal_moves())
            name = pos.move_name(move)
            theirs = pyffish.get_san(variant, pyffish.get_fen(variant, start, moves), name, False, fsf)
            ours = write(pos, move)
            if game.move_parts(pos, move).passes:
                passes += 1
                assert theirs[0] == "K" and theirs.count(theirs[1:3]) == 2, theirs    # FSF's K15-15
            else:
                assert ours == theirs, (variant, pos.fen(), name)
            seen += 1
            moves.append(name)
            pos.push(move)
    return seen, passes


@needs_fsf
@pytest.mark.parametrize("notation", list(FAMILIES))
def test_every_move_is_written_as_fairy_stockfish_writes_it(notation):
    """Hundreds of moves of each notation; janggi's passes among them, each written as the word."""
    variants = FAMILIES[notation][1]
    games = 2 if len(variants) > 5 else 3
    counts = [compare(variant, notation, games, 60, 71) for variant in variants]
    assert sum(seen for seen, _ in counts) >= 400
    assert sum(passes for _, passes in counts) >= (3 if notation == "janggi-numeric" else 0)


@pytest.mark.slow
@needs_fsf
@pytest.mark.parametrize("notation", list(FAMILIES))
def test_every_move_is_written_as_fairy_stockfish_writes_it_long(notation):
    for variant in FAMILIES[notation][1]:
        compare(variant, notation, 20, 120, 3)


def test_textbook_moves():
    """The examples the notations' sources give: Hodges' ``P-7f`` and ``B*5e`` (Wikipedia, "Shogi notation"),
    WXF's ``C2=5`` and ``H8+7`` (Wikipedia, "Xiangqi", Notation), janggi.pl's ``H08-87``; seirawan's gating."""
    shogi = get_game("shogi").position()
    assert write_moves(shogi, ["c3c4", "g7g6", "b2h8+"]) == ["P-7f", "P-3d", "Bx2b+"]
    xiangqi = get_game("xiangqi").position()
    assert write_moves(xiangqi, ["h3e3", "h10g8", "h1g3"]) == ["C2=5", "H8+7", "H2+3"]
    janggi = get_game("janggi").position()
    assert write_moves(janggi, ["h1g3"]) == ["H08-87"]
    seirawan = get_game("seirawan").position()
    assert write_moves(seirawan, ["g1f3h", "g8f6e"]) == ["Nf3/H", "Nf6/E"]
    assert write_moves(shogi, ["c3c4"], COORDINATES) == ["c3c4"]


def test_shogi_marks_promotion_and_declining_and_no_check():
    game = get_game("shogi")
    pos = game.position("4k4/9/9/9/9/9/9/9/4K4[B] w - - 0 1")
    assert "B*5e" in {write(pos, m) for m in pos.legal_moves()}
    pos = game.position("4k4/9/2P6/9/9/9/9/9/4K4[] w - - 0 1")
    assert sorted(write(pos, m) for m in pos.legal_moves() if m[0] == game.names.parse("c7")) == ["P-7b+", "P-7b="]
    pos = game.position("4k4/9/4P4/9/9/9/9/9/4K4[] w - - 0 1")      # either move checks: no mark for it
    assert sorted(write(pos, m) for m in pos.legal_moves() if m[0] == game.names.parse("e7")) == ["P-5b+", "P-5b="]


def test_the_notation_key_and_its_default_by_drawing():
    assert [notation_of(get_game(g)) for g in ("normal", "shogi", "xiangqi", "janggi", "mixed3d")] == \
        ["san", "hodges", "wxf", "janggi-numeric", COORDINATES]
    from hyperchess.variants.formats.filegame import FileGame
    from hyperchess.variants.formats.variantsfile import read_variants

    def game(keys: str) -> FileGame:
        text = ('[rooks]\nstart = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"\n' + keys +
                '[rooks.pieces]\nK = { betza = "K", royal = true }\nR = { betza = "R" }\n')
        return FileGame(read_variants(text, "rooks.toml")[0])

    assert notation_of(game("")) == "san"
    assert notation_of(game('drawing = { board = "intersections", river = true }\n')) == "wxf"
    assert notation_of(game('drawing = { board = "intersections" }\n')) == "janggi-numeric"
    assert notation_of(game('drawing = { pieces = "pentagons" }\n')) == "hodges"
    assert notation_of(game('notation = "san"\ndrawing = { pieces = "pentagons" }\n')) == "san"
    with pytest.raises(VariantsFileError) as err:
        game('notation = "algebraic"\n')
    assert "notation: one of san, hodges, wxf, janggi-numeric" in str(err.value) and "\n" not in str(err.value)


@pytest.fixture(scope="module")
def url():
    with running_server() as u:
        yield u


@pytest.mark.parametrize("variant, moves, written", [
    ("shogi", ["c3c4", "g7g6", "b2h8+"], ["P-7f", "P-3d", "Bx2b+"]),
    ("xiangqi", ["h3e3", "h10g8"], ["C2=5", "H8+7"]),
    ("seirawan", ["g1f3h", "g8f6e"], ["Nf3/H", "Nf6/E"]),
    ("janggi", ["h1g3", "e9e9"], ["H08-87", PASS_WORD]),
])
def test_the_web_board_state_carries_the_notation(url, variant, moves, written):
    status, st = call(url, "/api/new", {"variant": variant, "seats": ["human", "human"]})
    assert status == 200, st
    key = st["key"]
    for name in moves:
        status, st = call(url, "/api/move", {"key": key, "move": name})
        assert status == 200, st
    assert st["moves"] == moves and st["notated"] == written
    assert st["notation"] == notation_of(get_game(variant))
