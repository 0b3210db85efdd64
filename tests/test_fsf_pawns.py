"""Fairy-Stockfish's games the reader refused for pawn rules, castling and endings it now plays (issue 70):
each mechanism at a hand-picked position, from a small section written for the test (or FSF's built-in
spartan), asserting the moves or the end pyffish 0.0.90 gives there and comparing with pyffish itself where it
is installed; perft of each game against pyffish; random games in lockstep (slow). The upstream sections
themselves (caught-in-a-snag, dragon-chess, khans, cannonshogi, maharajah2, wildebeest, opposite-castling, kono,
castle) are checked when ``FSF_VARIANTS_INI`` names an upstream variants.ini."""
from __future__ import annotations

import os

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.core.perft import perft
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.fsf_ini import catalogue
from hyperchess.variants.formats.variantsfile import read_ini_variants
from test_fsf_reference import fsf_end, fsf_perft, lockstep, our_fen

try:
    import pyffish
except ImportError:
    pyffish = None

needs_fsf = pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish's binding) is not installed")

SECTIONS = """[pawns-triple:chess]
tripleStepRegionWhite = *2
tripleStepRegionBlack = *7

[pawns-opposite:chess]
oppositeCastling = true

[pawns-castle:chess]
castlingWins = q

[pawns-kono]
maxRank = 5
maxFile = e
customPiece1 = p:mF
startFen = ppppp/p3p/5/P3P/PPPPP w - - 0 1
flagPiece = p
flagRegionWhite = a5 b5 c5 d5 e5 a4 e4
flagRegionBlack = a1 b1 c1 d1 e1 a2 e2
flagPieceCount = 7
flagPieceBlockedWin = true
nFoldRule = 0
nMoveRule = 0

[pawns-qnad:chess]
customPiece1 = m:QNAD
queen = -
startFen = rnbmkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBMKBNR w KQkq - 0 1

[pawns-hop2:chess]
customPiece1 = w:pB2
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBWKBNR w KQkq - 0 1

[pawns-nopromo:chess]
pawnTypes = p
customPiece1 = p:fmWfcF
promotionPawnTypes = -

[pawns-lamedouble:chess]
customPiece1 = p:KifmnD
pawnTypes = p
promotionPieceTypes = q

[pawns-ownpawn:chess]
customPiece1 = t:mNcK
customPiece2 = s:mfhNcfW
promotionPawnTypesBlack = s
promotionPieceTypesBlack = t
nMoveRuleTypesBlack = s
startFen = rnbtkbnr/ssssssss/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1
"""
_games: dict[str, FileGame] = {}
_loaded: list[bool] = []


def load_sections() -> None:
    """``SECTIONS`` into pyffish, once."""
    if not _loaded:
        pyffish.load_variant_config(SECTIONS)
        _loaded.append(True)


def game(name: str):
    """Our game of section ``name`` of ``SECTIONS`` (or FSF's built-in of that name)."""
    if name in catalogue():
        return get_game(name)
    if name not in _games:
        specs, notes = read_ini_variants(SECTIONS, "pawns.ini", build=False)
        assert len(specs) == SECTIONS.count("["), notes
        _games.update({s.name: FileGame(s) for s in specs})
    return _games[name]


def moves_at(name: str, fen: str, played: list[str] = ()) -> list[str]:
    """Our legal moves after ``played`` from ``fen``, checked against pyffish's where it is installed."""
    pos = game(name).position(fen)
    for m in played:
        pos.push(pos.parse_move(m))
    out = sorted(pos.move_name(m) for m in pos.legal_moves())
    assert len(out) == len(set(out))
    if pyffish is not None:
        load_sections()
        assert out == sorted(pyffish.legal_moves(name, fen, list(played)))
    return out


def result_at(name: str, fen: str, played: list[str]) -> str | None:
    """Our result after ``played`` (None: the game goes on), checked against pyffish's."""
    pos = game(name).position(fen)
    for m in played:
        pos.push(pos.parse_move(m))
    outcome = pos.outcome()
    ours = outcome.result if outcome else None
    if pyffish is not None:
        load_sections()
        assert ours == fsf_end(name, fen, list(played), pyffish.legal_moves(name, fen, list(played)))
    return ours


def test_a_triple_step_opens_en_passant_on_both_cells_it_passed():
    # FSF's tripleStepRegion (src/movegen.cpp generate_pawn_moves; position.cpp do_move sets both squares)
    fen = "k7/8/8/5p2/3p4/8/4P3/K7 w - - 0 1"
    assert "e2e5" in moves_at("pawns-triple", fen)
    assert moves_at("pawns-triple", fen, ["e2e5"]) == ["a8a7", "a8b7", "a8b8", "d4d3", "d4e3", "f5e4", "f5f4"]


def test_the_hoplite_jumps_diagonally_from_its_first_row_and_takes_straight_ahead():
    # spartan's hoplite, fmFfcWimA: the initial alfil leap jumps (over e6 here) and only from the double-step rows
    assert moves_at("spartan", "4k3/3h4/3RP3/8/8/8/8/4K3 b - - 0 1") == [
        "d7b5", "d7c6", "d7d6", "d7f5", "e8d8", "e8e7", "e8f8"]
    assert moves_at("spartan", "4k3/8/2h5/3R4/8/8/8/4K3 b - - 0 1") == ["c6b5", "e8e7", "e8f7", "e8f8"]


def test_duple_check_a_side_may_not_leave_both_kings_attacked():
    # spartan's dupleCheck: with two kings neither is pseudo-royal, but both may not stand attacked
    assert moves_at("spartan", "k6k/8/8/8/8/8/8/1R2K2R b - - 0 1") == ["a8a7", "h8g7", "h8g8", "h8h7"]


def test_opposite_castling_takes_the_same_wing_from_the_other_side():
    fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
    assert "e1g1" in moves_at("pawns-opposite", fen)
    assert [m for m in moves_at("pawns-opposite", fen, ["e1g1"]) if m.startswith("e8")] == ["e8c8", "e8d8", "e8f8"]
    pos = game("pawns-opposite").position(fen)
    pos.push(pos.parse_move("e1g1"))
    assert pos.fen().split()[2] == "q"


@pytest.mark.parametrize("fen, expected", [
    ("PpPpP/P3p/5/5/5 b - - 0 1", "1-0"),     # every flag square taken, four white pieces there: White wins
    ("ppppp/P3p/5/5/5 b - - 0 1", "1-0"),     # one is enough when the squares are full
    ("PpP1P/P3p/5/5/5 b - - 0 1", None),      # one square empty: seven are needed
])
def test_kono_wins_on_full_flag_squares(fen, expected):
    assert result_at("pawns-kono", fen, []) == expected


@pytest.mark.parametrize("fen, played, expected", [
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ["e8c8"], "0-1"),   # Black castles queenside and wins
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ["e8g8"], "1-0"),   # the other castling loses that right
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ["e8e7"], "1-0"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["e1g1"], None),    # White's castlings win nothing (q only)
])
def test_castle_castling_wins(fen, played, expected):
    assert result_at("pawns-castle", fen, played) == expected


def test_a_leap_inside_a_slide_is_made_once_and_still_jumps():
    # QNAD on d2: its slides blocked by c3, d3 and e3, its alfil and dabbaba leaps jump them
    out = moves_at("pawns-qnad", "4k3/8/8/8/3p4/2PPp3/3M4/4K3 w - - 0 1")
    assert {"d2b4", "d2d4", "d2f4"} <= set(out) and len(out) == 24


def test_a_hopper_with_a_range_lands_within_it():
    # pB2: over e5 to f6 (a capture), not on to g7
    assert [m for m in moves_at("pawns-hop2", "4k3/6p1/5p2/4P3/3W4/8/8/4K3 w - - 0 1") if m[:2] == "d4"] == ["d4f6"]
    assert [m for m in moves_at("pawns-hop2", "4k3/6p1/8/4P3/3W4/8/8/4K3 w - - 0 1") if m[:2] == "d4"] == ["d4f6"]


@needs_fsf
@pytest.mark.parametrize("name", ["pawns-triple", "pawns-opposite", "pawns-castle", "pawns-kono", "pawns-qnad",
                                  "pawns-hop2", "pawns-nopromo", "pawns-lamedouble", "pawns-ownpawn", "spartan"])
def test_perft_2_equals_pyffish(name):
    load_sections()
    start = pyffish.start_fen(name)
    g = game(name)
    assert perft(g.position(our_fen(g, start)), 2) == fsf_perft(name, start, [], 2)


UPSTREAM = os.environ.get("FSF_VARIANTS_INI", "")
ISSUE = ["caught-in-a-snag", "dragon-chess", "khans", "cannonshogi", "maharajah2", "wildebeest", "opposite-castling",
         "kono", "castle"]


_upstream: list = []


def upstream_game(name: str) -> FileGame:
    """Our game of the upstream section ``name``, the file loaded into pyffish once."""
    if not _upstream:
        text = open(UPSTREAM, encoding="utf-8").read()
        specs, notes = read_ini_variants(text, "variants.ini", build=False, taken=frozenset(catalogue()))
        pyffish.load_variant_config(text)
        _upstream[:] = [specs, notes]
    specs, notes = _upstream
    spec = [s for s in specs if s.name == name]
    assert spec, [n for n in notes if f"[{name}]" in n]
    return FileGame(spec[0])


@needs_fsf
@pytest.mark.skipif(not UPSTREAM, reason="FSF_VARIANTS_INI names no upstream variants.ini")
@pytest.mark.parametrize("name", ISSUE)
def test_upstream_sections_play_and_count_as_pyffish(name):
    g = upstream_game(name)
    start = pyffish.start_fen(name)
    assert perft(g.position(our_fen(g, start)), 2) == fsf_perft(name, start, [], 2)
    assert lockstep(name, g, 2, 40, 70) > 2


@pytest.mark.slow
@needs_fsf
@pytest.mark.parametrize("name", ["spartan", *ISSUE])
def test_random_games_in_lockstep_with_pyffish(name):
    if name == "spartan":
        g = get_game(name)
    elif not UPSTREAM:
        pytest.skip("FSF_VARIANTS_INI names no upstream variants.ini")
    else:
        g = upstream_game(name)
    start = pyffish.start_fen(name)
    assert perft(g.position(our_fen(g, start)), 3) == fsf_perft(name, start, [], 3)
    assert lockstep(name, g, 10, 120, 7070) > 10
