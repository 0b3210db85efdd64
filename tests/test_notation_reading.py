"""Reading back the notation each family reads (hyperchess/variants/core/san.py ``read``, issue 71): every move
of random positions written by ``write`` and by Fairy-Stockfish (pyffish's ``get_san`` with the notation) is
read back, by ``Position.parse_move`` (what the web board's move box, the PGN reader and ``--moves`` call), as
the same move; coordinates always read; ambiguous and wrong text gets a one-line reason."""
from __future__ import annotations

import random

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.board.errors import MoveError
from hyperchess.variants.core.san import PASS_WORD, notation_of, write

try:
    import pyffish
except ImportError:
    pyffish = None

from test_fsf_reference import game_for, our_fen
from test_notations import FAMILIES

needs_fsf = pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish's binding) is not installed")


def read_back_as(pos, text: str, move) -> bool:
    """``text`` reads as ``move``, or the notation itself writes two moves alike (WXF's ``M8+6`` of manchu's
    banner: six points up its file, or a horse's leap to file 6) and the reason names each of them."""
    try:
        return pos.parse_move(text) == move
    except MoveError as exc:
        prefix = f"ambiguous move {text}: "
        assert str(exc).startswith(prefix), exc
        named = [pos.parse_move(name) for name in str(exc)[len(prefix):].split(" or ")]
        return move in named and len(named) > 1 and all(write(pos, m) == write(pos, move) for m in named)


def round_trip(variant: str, notation: str, games: int, plies: int, seed: int, moves: int = 0,
               fsf_moves: int = 0) -> int:
    """Random games of ``variant``; in every position each legal move (``moves``: at most that many, drawn at
    random; 0: all) as we write it, and as Fairy-Stockfish writes it (``fsf_moves``: that many of them; 0: all),
    read back as that move. The moves read."""
    fsf = getattr(pyffish, FAMILIES[notation][0])
    game = game_for(variant)
    assert notation_of(game) == notation
    rng = random.Random(seed)
    start = pyffish.start_fen(variant)
    read_back = 0
    for _ in range(games):
        pos = game.position(our_fen(game, start))
        played: list[str] = []
        for ply in range(plies):
            legal = pos.legal_moves()
            if pos.outcome() is not None:
                break
            fen = pyffish.get_fen(variant, start, played)
            tried = rng.sample(legal, min(moves, len(legal))) if moves else legal
            asked = set(rng.sample(tried, min(fsf_moves, len(tried)))) if fsf_moves else set(tried)
            for move in tried:
                ours = write(pos, move)
                assert read_back_as(pos, ours, move), (variant, pos.fen(), ours)
                if move in asked and not game.move_parts(pos, move).passes:
                    theirs = pyffish.get_san(variant, fen, pos.move_name(move), False, fsf)
                    assert read_back_as(pos, theirs, move), (variant, pos.fen(), theirs)
                read_back += 1
            move = rng.choice(legal)
            played.append(pos.move_name(move))
            pos.push(move)
    return read_back


@needs_fsf
@pytest.mark.parametrize("notation", list(FAMILIES))
def test_every_move_written_reads_back(notation):
    """A thousand moves and more of each family (a dozen of each of 30 positions of each game), a few of each
    position's also as Fairy-Stockfish writes them."""
    # (duck chess's positions have a thousand moves and more, each read against all: fewer of them)
    counts = [round_trip(variant, notation, 1, 8 if variant == "duck" else 30, 71, moves=12, fsf_moves=2)
              for variant in FAMILIES[notation][1]]
    assert sum(counts) >= 1000


@pytest.mark.slow
@needs_fsf
@pytest.mark.parametrize("notation", list(FAMILIES))
def test_every_move_written_reads_back_long(notation):
    """Thousands of positions (240 of each game), 40 moves of each read back, ten of them also as
    Fairy-Stockfish writes them."""
    total = 0
    for variant in FAMILIES[notation][1]:
        games, plies = (1, 40) if variant == "duck" else (3, 80)     # duck chess: a thousand moves a position
        total += round_trip(variant, notation, games, plies, 5, moves=40, fsf_moves=10)
    assert total >= 15000


def reason(pos, text: str) -> str:
    with pytest.raises(MoveError) as err:
        pos.parse_move(text)
    assert "\n" not in str(err.value)
    return str(err.value)


def test_textbook_moves_are_read():
    """The sources' examples (docs/variants-file.md, "The notation players read"), and coordinates alike."""
    shogi = get_game("shogi").position()
    for text, name in [("P-7f", "c3c4"), ("G6i-5h", "d1e2"), ("G4i-5h", "f1e2"), ("c3c4", "c3c4")]:
        assert shogi.move_name(shogi.parse_move(text)) == name
    xiangqi = get_game("xiangqi").position()
    for text, name in [("C2=5", "h3e3"), ("H2+3", "h1g3"), ("H8+7", "b1c3"), ("R1+1", "i1i2"), ("h3e3", "h3e3")]:
        assert xiangqi.move_name(xiangqi.parse_move(text)) == name
    janggi = get_game("janggi").position()
    assert janggi.move_name(janggi.parse_move("H08-87")) == "h1g3"
    assert janggi.game.move_parts(janggi, janggi.parse_move(PASS_WORD)).passes
    seirawan = get_game("seirawan").position()
    assert seirawan.move_name(seirawan.parse_move("Nf3/H")) == "g1f3h"
    assert seirawan.move_name(seirawan.parse_move("Nf3")) == "g1f3"


def test_shogi_promotion_marks():
    """``+`` promotes, ``=`` declines; without the mark the move is ambiguous where the piece may promote, and
    read where it must (a pawn reaching the last rank)."""
    game = get_game("shogi")
    pos = game.position("4k4/9/2P6/9/9/9/9/9/4K4[] w - - 0 1")
    promoted, declined = pos.parse_move("P-7b+"), pos.parse_move("P-7b=")
    assert promoted != declined and game.move_parts(pos, promoted).change == 1
    assert not game.move_parts(pos, declined).change
    assert reason(pos, "P-7b") == "ambiguous move P-7b: P-7b+ or P-7b="
    pos = game.position("4k4/2P6/9/9/9/9/9/9/4K4[] w - - 0 1")
    assert pos.parse_move("P-7a") == pos.parse_move("P-7a+")
    pos = game.position("4k4/9/9/9/9/9/9/9/4K4[B] w - - 0 1")
    assert pos.move_name(pos.parse_move("B*5e")) == "B@e5"


def test_fuller_names_and_one_line_reasons():
    game = get_game("shogi")
    pos = game.position()
    assert reason(pos, "G-5h") == "illegal move G-5h"         # two golds reach 5h: named by the square
    assert reason(pos, "P-7e") == "illegal move P-7e"
    assert "malformed" in reason(pos, "hello")
    assert pos.parse_move("P7g-7f") == pos.parse_move("P-7f")      # the square named where not needed
    xiangqi = get_game("xiangqi").position("3k5/9/9/9/9/9/9/4R4/9/4RK3 w - - 0 1")
    # two rooks on file 5: front and rear where the other could move alike (as pyffish writes them)
    assert [xiangqi.move_name(xiangqi.parse_move(t)) for t in ("R++1", "R-+1", "R5-1", "R+=4")] == \
        ["e3e4", "e1e2", "e3e2", "e3f3"]
    assert reason(xiangqi, "R5+1") == "ambiguous move R5+1: R++1 or R-+1"    # both go forward one
    assert "illegal" in reason(xiangqi, "C2=5")


@pytest.mark.parametrize("variant", ["shogi", "minishogi", "xiangqi", "janggi", "seirawan", "duck"])
def test_pgn_check_reads_the_move_list_notation(variant):
    """A game copied from the web board's move list (the game's own notation) into a PGN's movetext is read by
    ``pgn check`` move for move (what the PGN itself writes, SAN and native names, is read too:
    tests/test_san.py, ``test_every_game_record_to_pgn_and_back``)."""
    from hyperchess.tournament.pgnreader import check_pgn
    game = get_game(variant)
    rng = random.Random(71)
    pos = game.position()
    tokens = []
    for ply in range(40 if variant == "duck" else 100):
        if pos.outcome() is not None:
            break
        move = rng.choice(pos.legal_moves())
        tokens.append((f"{ply // 2 + 1}. " if ply % 2 == 0 else "") + write(pos, move))
        pos.push(move)
    result = pos.outcome().result if pos.outcome() else "*"
    report = check_pgn(f'[Variant "{variant}"]\n[Result "{result}"]\n\n' + " ".join(tokens) + f" {result}\n")
    assert report.error is None and report.plies == len(tokens), report
