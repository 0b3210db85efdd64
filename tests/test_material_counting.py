"""Material counting (variants/rules/endings.py, docs/variants-file.md "Other ways a game ends"; Fairy-Stockfish's
``materialCounting``, src/position.h ``material_counting_result``, applied where src/position.cpp applies it):
a drawn stalemate, the n-move rule and a drawn repetition go to the side the material says. Each position's
result is the rule's; where pyffish is installed each is also compared with it (the same section loaded into
both)."""
from __future__ import annotations

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import read_ini_variants, read_variants

try:
    import pyffish
except ImportError:
    pyffish = None

# FSF's four counts on chess; FSF's weighted one ("janggi") counts a rook 13 here (no other piece it weighs)
SECTIONS = """
[mc-unweighted:chess]
materialCounting = unweighted
[mc-weighted:chess]
materialCounting = janggi
[mc-white:chess]
materialCounting = whitedrawodds
"""
_GAMES: dict[str, object] = {}


def game(variant: str):
    if variant == "armageddon":
        return get_game(variant)
    if not _GAMES:
        specs, notes = read_ini_variants(SECTIONS, "counting.ini")
        assert len(specs) == 3, notes
        _GAMES.update({s.name: FileGame(s) for s in specs})
        if pyffish is not None:
            pyffish.load_variant_config(SECTIONS)
    return _GAMES[variant]


def result(variant: str, fen: str, moves: str = "") -> str | None:
    """Our result after ``moves`` from ``fen``; the same as pyffish's (immediate, optional or no move)."""
    pos = game(variant).position(fen)
    line = moves.split()
    for text in line:
        pos.push(pos.parse_move(text))
    outcome = pos.outcome()
    ours = outcome.result if outcome else None
    if outcome is not None:
        assert outcome.reason and "\n" not in outcome.reason
    if pyffish is not None:
        legal = pyffish.legal_moves(variant, fen, line)
        if not legal:
            ended, value = True, pyffish.game_result(variant, fen, line)
        else:
            ended, value = pyffish.is_immediate_game_end(variant, fen, line)
            if not ended:
                ended, value = pyffish.is_optional_game_end(variant, fen, line)
        white = pyffish.get_fen(variant, fen, line).split()[1] == "w"
        theirs = None if not ended else "1/2-1/2" if value == 0 else "1-0" if (value > 0) == white else "0-1"
        assert ours == theirs, (variant, fen, moves, outcome)
    return ours


STALEMATE = "k7/8/1Q6/8/8/8/8/K7 b - - 0 1"          # Black to move, not in check, no move
STALEMATE_EVEN = "k7/p1Q5/K7/8/8/8/8/8 b - - 0 1"   # the same, two pieces each
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
SHUFFLE = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"


def test_armageddon_gives_every_draw_to_black():
    assert result("armageddon", STALEMATE) == "0-1"                      # stalemated, Black still wins
    assert result("armageddon", "k7/8/8/8/8/8/8/KQ6 w - - 99 80", "b1b2") == "0-1"   # the n-move rule
    assert result("armageddon", START, SHUFFLE) == "0-1"                  # threefold repetition
    assert result("armageddon", START, SHUFFLE[:-5]) is None
    assert result("armageddon", "k7/8/KQ6/8/8/8/8/8 w - - 0 1", "b6b7") == "1-0"   # a mate is a mate
    reason = game("armageddon").position(STALEMATE).outcome().reason
    assert "Black wins on draw odds" in reason


def test_white_draw_odds_gives_them_to_white():
    assert result("mc-white", "K7/8/1q6/8/8/8/8/k7 w - - 0 1") == "1-0"
    assert result("mc-white", START, SHUFFLE) == "1-0"


def test_unweighted_counts_pieces_and_draws_on_equal_numbers():
    assert result("mc-unweighted", STALEMATE) == "1-0"                    # two pieces against one
    assert result("mc-unweighted", STALEMATE_EVEN) == "1/2-1/2"
    assert result("mc-unweighted", "k7/8/8/8/8/8/8/KQ6 w - - 99 80", "b1b2") == "1-0"
    assert result("mc-unweighted", START, SHUFFLE) == "1/2-1/2"           # 16 each


def test_weighted_count_gives_the_second_player_its_points():
    assert result("mc-weighted", STALEMATE) == "0-1"                      # no rook each: 0 - 1.5
    assert result("mc-weighted", "k7/8/1Q6/8/8/8/8/KR6 b - - 0 1") == "1-0"   # a rook: 13 - 1.5
    assert result("mc-weighted", "k7/8/8/8/8/8/7r/KR6 w - - 99 80", "b1b2") == "0-1"   # a rook each
    assert result("mc-weighted", START, SHUFFLE) == "0-1"


TOML = """
[counted]
extends = "base"
material_counting = {material}

[base]
start = "k7/8/1Q6/8/8/8/8/KR6 b - - 0 1"
pieces = {{ K = {{ betza = "K", royal = true }}, Q = {{ betza = "Q" }}, R = {{ betza = "R" }} }}
"""


@pytest.mark.parametrize("material, outcome", [
    ('"unweighted"', "1-0"), ('"black_draw_odds"', "0-1"), ('{ weights = { R = 5 } }', "1-0"),
    ('{ weights = { R = 5, Q = 1 }, second_player_points = 6 }', "1/2-1/2"),
    ('{ weights = { R = 5, q = 1 }, second_player_points = 7 }', "0-1")])
def test_a_toml_game_counts_material_as_written(material, outcome):
    specs = read_variants(TOML.format(material=material), "counted.toml")
    pos = FileGame(next(s for s in specs if s.name == "counted")).position()
    assert pos.outcome().result == outcome


@pytest.mark.parametrize("material, words", [
    ('"janggi"', "one of 'unweighted'"), ('{ weights = { X = 5 } }', "'X' is not a piece"),
    ('{ weights = { R = 5 }, komi = 1 }', "a table"), ('{ weights = { R = true } }', "a whole number"),
    ('{ weights = {} }', "a table"), ('{ weights = { R = 5 }, second_player_points = "a" }', "a number")])
def test_bad_material_counting_is_refused_in_one_line(material, words):
    with pytest.raises(VariantsFileError) as exc:
        FileGame(next(s for s in read_variants(TOML.format(material=material), "counted.toml")
                      if s.name == "counted"))
    assert words in str(exc.value) and "\n" not in str(exc.value)
