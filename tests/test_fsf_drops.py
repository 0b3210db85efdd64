"""Fairy-Stockfish's drop rules, promotion rules and n-check with drops (issue 70): each mechanism at a
hand-picked position, from a small section written for the test (or FSF's built-in sittuyin and checkshogi).
Each asserts what pyffish 0.0.90 gives there and compares with pyffish itself when it is installed. Then perft
of each game that needed them, and (slow) random games in lockstep with pyffish; the upstream sections
(atomiczh, shinobiplus, stardust, synochess, xiangqihouse, 3check-crazyhouse, shogun) when ``FSF_VARIANTS_INI`` names an
upstream variants.ini."""
from __future__ import annotations

import os
import re

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.core.load import load_position
from hyperchess.variants.core.perft import perft
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.fsf_ini import catalogue
from hyperchess.variants.formats.variantsfile import read_ini_variants
from test_fsf_reference import fsf_perft, lockstep, our_fen

try:
    import pyffish
except ImportError:
    pyffish = None

# the sections of the tests, loaded into pyffish at once (each name once: pyffish keeps a name's first game)
SECTIONS = """[dropsquares:crazyhouse]
dropRegionWhite = a1 c3 e5
dropRegionBlack = *8

[nocheckdrops:crazyhouse]
dropChecks = false

[screendrops:xiangqi]
pieceDrops = true
capturesToHand = true
dropChecks = false

[rookrow:crazyhouse]
sittuyinRookDrop = true

[limitpromo:crazyhouse]
fers = f
promotionRegionWhite = *6 *7 *8
promotionRegionBlack = *3 *2 *1
promotedPieceType = f:q
promotionLimit = q:1

[checkhouse:crazyhouse]
checkCounting = true
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 3+3 0 1

[blasthouse:atomic]
pieceDrops = true
capturesToHand = true
castling = false

[soldierhouse:crazyhouse]
soldier = s
pawnTypes = ps
"""
_SPECS = {s.name: s for s in read_ini_variants(SECTIONS, "drops.ini", build=False)[0]}
_LOADED = False


def game(name: str):
    """Our game of a test section, or of FSF's built-in ``name``."""
    return FileGame(_SPECS[name]) if name in _SPECS else get_game(name)


def fsf(name: str, fen: str, moves: list[str] | None = None) -> list[str] | None:
    """pyffish's legal moves of ``name`` at ``fen`` (None without pyffish)."""
    global _LOADED
    if pyffish is None:
        return None
    if not _LOADED:
        pyffish.load_variant_config(SECTIONS)
        _LOADED = True
    return sorted(pyffish.legal_moves(name, fen, moves or []))


def moves_at(name: str, fen: str, moves: tuple[str, ...] = ()) -> list[str]:
    pos = load_position(game(name), fen, moves)
    return sorted(pos.move_name(m) for m in pos.legal_moves())


def check(name: str, fen: str, expected: list[str]) -> None:
    """Our moves at ``fen`` are ``expected``, and pyffish's too where it is installed."""
    assert moves_at(name, fen) == sorted(expected)
    theirs = fsf(name, fen)
    assert theirs is None or theirs == sorted(expected)


KING_W = ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
KING_B = ["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]


# dropRegionWhite/Black that are no band of first ranks: the drop squares themselves (drop_squares)
def test_a_drop_outside_the_region_is_refused():
    check("dropsquares", "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1", ["N@a1", "N@c3", "N@e5"] + KING_W)
    check("dropsquares", "4k3/8/8/8/8/8/8/4K3[Nn] b - - 0 1", [f"N@{f}8" for f in "abcdfgh"] + KING_B)


# dropChecks = false: a drop may not give check (drop_checks = false)
def test_a_drop_giving_check_is_refused():
    allowed = [f"R@{f}{r}" for f in "abcdfgh" for r in range(1, 8)]
    check("nocheckdrops", "4k3/8/8/8/8/8/8/4K3[R] w - - 0 1", allowed + KING_W)


def test_a_drop_that_screens_a_cannon_gives_check_and_is_refused():
    # the cannon on e2 checks through a soldier dropped on e3-e8; on e9, d10, f10 the soldier checks itself
    fen = "4k4/9/9/9/9/9/9/9/4C4/3K5[P] w - - 0 1"
    refused = {f"P@e{r}" for r in range(3, 10)} | {"P@d10", "P@f10"}
    drops = [f"P@{f}{r}" for f in "abcdefghi" for r in range(1, 11)
             if f"P@{f}{r}" not in refused and (f, r) not in (("d", 1), ("e", 2), ("e", 10))]
    cannon = ["e2a2", "e2b2", "e2c2", "e2d2", "e2e1", "e2f2", "e2g2", "e2h2", "e2i2"] + \
        [f"e2e{r}" for r in range(3, 10)]
    check("screendrops", fen, drops + cannon + ["d1d2", "d1e1"])


# sittuyinRookDrop: the rook is dropped on its player's first rank only (piece_drop_rows)
def test_a_rook_drops_on_the_back_rank_only():
    check("rookrow", "4k3/8/8/8/8/8/8/4K3[Rr] w - - 0 1", [f"R@{f}1" for f in "abcdfgh"] + KING_W)
    check("rookrow", "4k3/8/8/8/8/8/8/4K3[Rr] b - - 0 1", [f"R@{f}8" for f in "abcdfgh"] + KING_B)


def test_sittuyin_set_up_drops_a_rook_on_the_first_rank_only():
    start = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1"
    ours = moves_at("sittuyin", start)
    assert {m for m in ours if m.startswith("R@")} == {f"R@{f}1" for f in "abcdefgh"}
    assert len(ours) == 88 and {m[:2] for m in ours} == {"K@", "F@", "R@", "S@", "N@"}
    theirs = None if pyffish is None else sorted(pyffish.legal_moves("sittuyin", start, []))
    assert theirs is None or theirs == ours


# FSF keeps its pawn type alone off the first rank and out of the zone when dropped (src/position.h,
# drop_region), not the other pieces of pawnTypes (drop_limited_types)
def test_only_fsf_pawn_type_is_kept_off_the_back_ranks():
    empty = [f"{f}{r}" for f in "abcdefgh" for r in range(1, 9) if f"{f}{r}" not in ("e1", "e8")]
    check("soldierhouse", "4k3/8/8/8/8/8/8/4K3[Ss] w - - 0 1", [f"S@{q}" for q in empty] + KING_W)
    check("soldierhouse", "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1", [f"P@{q}" for q in empty if q[1] not in "18"] + KING_W)


# sittuyinPromotion: a pawn promotes as a move of its own, in place or by a fers step, attacking nothing
@pytest.mark.parametrize("fen, expected", [
    # the only pawn promotes anywhere: in place or onto a square the fers reaches; d4d5 stays a pawn's move
    ("8/8/4k3/8/3P4/8/8/4K3[] w - - 0 1", ["d4c3f", "d4c5f", "d4d4f", "d4d5", "d4e3f", "d4e5f"] + KING_W),
    # two pawns: only the one in the zone (e5) may promote
    ("8/8/2k5/4P3/8/2P5/8/4K3[] w - - 0 1", ["c3c4", "e5d4f", "e5d6f", "e5e5f", "e5e6", "e5f4f", "e5f6f"] + KING_W),
    ("8/8/2k5/8/4P3/2P5/8/4K3[] w - - 0 1", ["c3c4", "e4e5"] + KING_W),
    # the new fers may attack no enemy piece (d6 would attack the knight on c7) nor give check (f6: g7)
    ("8/2n3k1/8/4P3/8/8/8/4K3[] w - - 0 1", ["e5d4f", "e5e5f", "e5e6", "e5f4f"] + KING_W),
])
def test_a_sittuyin_promotion(fen, expected):
    check("sittuyin", fen, expected)


def test_a_sittuyin_side_left_only_promotions_may_claim_a_draw():
    # king a1 boxed in, pawn a2 blocked: its one move is a promotion (a2a2f), which cannot be forced
    fen = "8/8/8/8/8/p7/P1k5/K7[] w - - 0 1"
    outcome = game("sittuyin").position(fen).outcome()
    assert outcome is not None and outcome.result == "1/2-1/2"
    if pyffish is not None:
        assert pyffish.legal_moves("sittuyin", fen, []) == ["a2a2f"]
        assert pyffish.is_optional_game_end("sittuyin", fen, []) == (True, 0)
    # with a second piece the rule is off
    assert game("sittuyin").position("8/8/8/8/8/p7/P1k5/K6N[] w - - 0 1").outcome() is None


# promotionLimit on a piece promotion's target: a promoted piece counts as the piece it moves as (shogun)
@pytest.mark.parametrize("fen, promotes", [
    ("4k3/8/8/4F3/8/8/8/4K3[] w - - 0 1", True),
    ("4k3/8/8/4F3/8/8/8/4K2Q[] w - - 0 1", False),         # a queen on the board: at the limit
    ("4k3/8/8/4F3/8/8/8/4K2+F[] w - - 0 1", False),        # a promoted fers is a queen too
])
def test_a_piece_promotion_waits_for_its_limit(fen, promotes):
    ours = moves_at("limitpromo", fen)
    assert ("e5d6+" in ours) == promotes and ("e5f6+" in ours) == promotes and "e5d6" in ours
    theirs = fsf("limitpromo", fen)
    assert theirs is None or theirs == ours


def test_a_captured_promoted_piece_goes_to_hand_demoted():
    fen, moves = "4k3/8/8/8/8/8/3+f4/4K3[] w - - 0 1", ["e1d2"]
    pos = load_position(game("limitpromo"), fen, moves)
    assert pos.fen() == "4k3/8/8/8/8/8/3K4/8[F] b - - 0 1"
    if pyffish is not None:
        fsf("limitpromo", fen)
        assert pyffish.get_fen("limitpromo", fen, moves) == pos.fen()


def test_an_en_passant_capture_into_the_zone_is_one_move():
    # shogun's pawn has a promoted form (+P) and an optional promotion: d4c3 is the plain capture, once
    fen = "1nb+fk2r/rppp1p1p/p7/P3bnp1/B1PpP3/1P6/R2K1PPP/1NB+F2NR[p] b k c3 0 13"
    text = SECTIONS.replace("promotionLimit = q:1", "promotedPieceType = f:q p:c\ncommoner = c\n"
                            "mandatoryPawnPromotion = false")
    spec = {s.name: s for s in read_ini_variants(text, "drops.ini", build=False)[0]}["limitpromo"]
    pos = FileGame(spec).position(fen)
    names = [pos.move_name(m) for m in pos.legal_moves()]
    assert names.count("d4c3") == 1 and "d4c3+" not in names


# checkCounting with pieceDrops: a drop's check counts, and the last one wins
def test_the_last_check_given_by_a_drop_wins():
    fen = "4k3/8/8/8/8/8/8/4K3[Q] w - - 1+3 0 1"
    pos = load_position(game("checkhouse"), fen, ["Q@e2"])
    assert pos.fen() == "4k3/8/8/8/8/8/4Q3/4K3[] b - - 0+3 0 1"
    assert pos.outcome().result == "1-0" and pos.legal_moves() == []
    if pyffish is not None:
        fsf("checkhouse", fen)
        assert pyffish.is_immediate_game_end("checkhouse", fen, ["Q@e2"]) == (True, -32000)   # lost for Black


def test_checkshogi_is_won_by_one_check_from_hand():
    fen = "4k4/9/9/9/9/9/9/9/4K4[G] w - - 1+1 0 1"
    pos = load_position(get_game("checkshogi"), fen, ["G@e8"])
    assert pos.outcome().result == "1-0"
    if pyffish is not None:
        assert pyffish.is_immediate_game_end("checkshogi", fen, ["G@e8"]) == (True, -32000)


# capturesToHand with blastOnCapture: every blasted piece goes to the other side's hand (atomiczh)
@pytest.mark.parametrize("fen, after", [
    ("4k3/8/8/3np3/4P3/8/8/4K3[] w - - 0 1", "4k3/8/8/4p3/8/8/8/4K3[Np] b - - 0 1"),
    ("4k3/8/8/3nb3/4Q3/8/8/4K3[] w - - 0 1", "4k3/8/8/8/8/8/8/4K3[BNq] b - - 0 1"),
])
def test_blasted_pieces_go_to_the_other_hand(fen, after):
    pos = load_position(game("blasthouse"), fen, ["e4d5"])
    assert pos.fen() == after
    if pyffish is not None:
        fsf("blasthouse", fen)
        assert pyffish.get_fen("blasthouse", fen, ["e4d5"]) == after


# a slider crosses squares outside its mobility region and stops only inside it (upstream stardust): its steps
# are lame leaps, which a region may leave gaps between
GAP_REGION = "[gapregion:chess]\nmobilityRegionWhiteRook = *1 *3 *4 *5 *6 *7 *8\n"


@pytest.mark.parametrize("fen, rook", [
    ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", ["a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1"]),
    ("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", ["a1b1", "a1c1", "a1d1"]),           # a2 blocks the line it crosses
])
def test_a_slider_crosses_the_gap_of_its_region(fen, rook):
    game = FileGame(read_ini_variants(GAP_REGION, "gap.ini", build=False)[0][0])
    pos = game.position(fen)
    ours = sorted(pos.move_name(m) for m in pos.legal_moves())
    assert [m for m in ours if m.startswith("a1")] == rook
    if pyffish is not None:
        pyffish.load_variant_config(GAP_REGION)
        assert sorted(pyffish.legal_moves("gapregion", fen, [])) == ours
    # the rook on a1 checks a king on a5 across a2, where it may not stop
    assert game.position("8/8/8/k7/8/8/8/R3K3 b - - 0 1").in_check()


def test_a_hopper_crossing_its_region_gap_is_refused_naming_the_key():
    specs, notes = read_ini_variants("[gaphop:xiangqi]\nmobilityRegionWhiteCannon = *1 *3 *4 *5 *6 *7 *8 *9 *10\n",
                                     "gap.ini")
    assert not specs and len(notes) == 1
    assert "needs regions (mobilityRegionWhiteCannon (a hopper crossing squares outside it))" in notes[0]


# perft from the start, and random games in lockstep with pyffish
BUILT_IN_PERFT = {"sittuyin": (2, 7744), "checkshogi": (2, 900)}


@pytest.mark.parametrize("variant", sorted(BUILT_IN_PERFT))
def test_built_in_perft(variant):
    depth, count = BUILT_IN_PERFT[variant]
    g = get_game(variant)
    pos = g.position()
    assert perft(pos, depth) == count
    if pyffish is not None:
        start = pyffish.start_fen(variant)
        assert perft(g.position(our_fen(g, start)), depth) == fsf_perft(variant, start, [], depth)


UPSTREAM = os.environ.get("FSF_VARIANTS_INI", "")
UPSTREAM_PERFT = {"atomiczh": (2, 400), "shinobiplus": (2, 3576), "synochess": (2, 986), "xiangqihouse": (2, 1920),
                  "3check-crazyhouse": (2, 400), "shogun": (2, 400), "stardust": (2, 9636)}
needs_upstream = pytest.mark.skipif(pyffish is None or not UPSTREAM or not os.path.exists(UPSTREAM),
                                    reason="needs pyffish and FSF_VARIANTS_INI")


def upstream_game(section: str) -> FileGame:
    text = open(UPSTREAM, encoding="utf-8").read()
    pyffish.load_variant_config(text)
    specs, _ = read_ini_variants(text, "variants.ini", build=False, taken=frozenset(catalogue()))
    return FileGame(next(s for s in specs if s.name == section))


@needs_upstream
@pytest.mark.parametrize("section", sorted(UPSTREAM_PERFT))
def test_upstream_perft(section):
    g = upstream_game(section)
    depth, count = UPSTREAM_PERFT[section]
    start = pyffish.start_fen(section)
    ours = perft(g.position(our_fen(g, start)), depth)
    assert ours == count == fsf_perft(section, start, [], depth)


@needs_upstream
@pytest.mark.parametrize("color", "wb")
def test_elgam_soldiers_drop_on_the_back_ranks(color):
    # elgam's soldier (pawnTypes = s) is no FSF pawn: it may be dropped on the first and last ranks
    fen = f"11/5k5/11/11/11/11/11/11/5K5/11[Ss] {color} - - 0 1"
    pos = load_position(upstream_game("elgam"), fen, ())
    ours = sorted(pos.move_name(m) for m in pos.legal_moves())
    assert {"S@b10", "S@c1", "S@k10"} <= set(ours) and len(ours) == 116
    assert ours == sorted(pyffish.legal_moves("elgam", fen, []))


@pytest.mark.slow
@pytest.mark.skipif(pyffish is None, reason="needs pyffish")
@pytest.mark.parametrize("variant", sorted(BUILT_IN_PERFT))
def test_built_in_lockstep(variant):
    assert lockstep(variant, get_game(variant), 6, 160, 70) >= 6


@pytest.mark.slow
@needs_upstream
@pytest.mark.parametrize("section", sorted(UPSTREAM_PERFT))
def test_upstream_lockstep(section):
    assert lockstep(section, upstream_game(section), 6, 100, 70) >= 6


# the same keys in a TOML file
TOML = """[drophouse]
files = 8
ranks = 8
start = "4k3/8/8/8/8/8/8/4K3[RNrn] w - - 0 1"
piece_drops = true
drop_squares = [["a1", "b1", "c3", "a5", "d6"], ["h8", "g8"]]
piece_drop_rows = { R = 1 }
drop_checks = false
drop_limited_types = "P"
[drophouse.pieces]
K = { name = "king", betza = "K", value = 0, royal = true }
R = { name = "rook", betza = "R", value = 500 }
N = { name = "knight", betza = "N", value = 300 }
P = { name = "pawn", betza = "fmWfcF", value = 100, pawn = true }
S = { name = "soldier", betza = "fW", value = 100, pawn = true }
"""


def test_the_drop_keys_in_a_toml_file():
    from hyperchess.variants.formats.variantsfile import read_variants
    game = FileGame(read_variants(TOML, "drops.toml")[0])
    pos = game.position()
    drops = sorted(pos.move_name(m) for m in pos.legal_moves() if "@" in pos.move_name(m))
    # only the region's squares; the rook only on its first row; no knight on d6, where it would check
    assert drops == ["N@a1", "N@a5", "N@b1", "N@c3", "R@a1", "R@b1"]
    # drop_limited_types: the pawn P kept off its first row, the pawn S not
    pos = game.position("4k3/8/8/8/8/8/8/4K3[PS] w - - 0 1")
    drops = sorted(pos.move_name(m) for m in pos.legal_moves() if "@" in pos.move_name(m))
    assert drops == ["P@a5", "P@c3", "P@d6", "S@a1", "S@a5", "S@b1", "S@c3", "S@d6"]


def test_a_pawn_may_stand_where_it_drops():
    # the soldier starts on a2 and moves forward: it reaches a1 and b1 only by a drop, and c1 never
    from hyperchess.variants.board.errors import FenError
    from hyperchess.variants.formats.variantsfile import read_variants
    text = TOML.replace('start = "4k3/8/8/8/8/8/8/4K3[RNrn] w - - 0 1"', 'start = "4k3/8/8/8/8/8/S7/4K3[] w - - 0 1"')
    game = FileGame(read_variants(text, "drops.toml")[0])
    for fen in ("4k3/8/8/8/8/8/8/S3K3[] w - - 0 1", "4k3/8/8/8/8/8/8/1S2K3[] w - - 0 1",
                "4k3/8/8/8/S7/8/8/4K3[] w - - 0 1"):
        assert load_position(game, fen).fen() == fen
    with pytest.raises(FenError, match="a white pawn cannot stand on c1"):
        load_position(game, "4k3/8/8/8/8/8/8/2S1K3[] w - - 0 1")


@pytest.mark.parametrize("line, reason", [
    ('piece_drop_rows = { X = 1 }', "[drophouse].piece_drop_rows: no piece 'X'"),
    ('piece_drop_rows = { R = 0 }', "[drophouse].piece_drop_rows: a table of letter = the rows"),
    ('drop_squares = [["a1"]]', "[drophouse].drop_squares: a list of squares for each player"),
    ('drop_checks = 1', "[drophouse].drop_checks: true or false"),
    ('drop_limited_types = "PX"', "[drophouse].drop_limited_types: piece letters of this game, got 'PX'"),
])
def test_a_bad_drop_key_is_one_line(line, reason):
    from hyperchess.variants import check_variants
    from hyperchess.variants.board.errors import VariantsFileError
    key = line.split(" =")[0]
    text = "\n".join(line if l.startswith(key + " =") else l for l in TOML.splitlines())
    with pytest.raises(VariantsFileError, match=re.escape(reason)):
        check_variants(text, "drops.toml")
