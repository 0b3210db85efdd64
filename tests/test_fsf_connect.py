"""Fairy-Stockfish's alignment wins, drops by gravity and by side, and walls instead of moves (issue 70): each
mechanism at a hand-picked position of a small section written for the test, with the result or the moves
pyffish 0.0.90 gives there, compared with pyffish itself when it is installed; the sections' perft; and, when
``FSF_VARIANTS_INI`` names an upstream variants.ini, its connect, gravity and wall sections in lockstep with
pyffish (slow)."""
from __future__ import annotations

import os

import pytest

from hyperchess.variants.core.perft import perft
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.fsf_ini import catalogue
from hyperchess.variants.formats.variantsfile import read_ini_variants
from test_fsf_reference import fsf_end, fsf_perft, lockstep, our_fen

try:
    import pyffish
except ImportError:
    pyffish = None

BOARD_GAMES = """[ttt]
maxRank = 3
maxFile = 3
immobile = p
startFen = 3/3/3[PPPPPpppp] w - - 0 1
pieceDrops = true
doubleStep = false
castling = false
stalemateValue = draw
immobilityIllegal = false
connectN = 3

[c4]
maxRank = 6
maxFile = 7
immobile = p
startFen = 7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1
pieceDrops = true
enclosingDrop = top
doubleStep = false
castling = false
stalemateValue = draw
immobilityIllegal = false
connectN = 4
nMoveRule = 0

[c4misere:c4]
connectValue = loss

[c4any:c4]
maxRank = 7
startFen = 7/7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp] w - - 0 1
enclosingDrop = anyside

[regions:ataxx]
immobile = p
maxRank = 4
maxFile = 4
startFen = 4/4/4/4
enclosingDrop = none
flipEnclosedPieces = none
passOnStalemate = false
stalematePieceCount = false
connectRegion1White = a*
connectRegion2White = d*
connectRegion1Black = *1
connectRegion2Black = *4
connectDiagonal = false

[snortt:ataxx]
maxRank = 8
maxFile = 8
immobile = p
startFen = 8/8/8/8/8/8/8/8
enclosingDrop = snort
flipEnclosedPieces = none
passOnStalemate = false
stalematePieceCount = false

[quadt:ataxx]
maxRank = 8
maxFile = 8
startFen = 1PPPPPP1/p6P/p6P/p6P/p6P/p6P/p6P/1pppppp1
customPiece1 = p:mQ
flipEnclosedPieces = quadwrangle
enclosingDrop = none

[square]
maxRank = 5
maxFile = 5
customPiece1 = p:mK
startFen = 5/5/5/5/5[PPPPpppp] w - - 0 1
pieceDrops = true
mustDrop = true
doubleStep = false
castling = false
stalemateValue = draw
immobilityIllegal = false
nMoveRule = 0
nFoldRule = 0
connectN = 4
connectNxN = 2

[musketeers]
startFen = ppppM/ppppp/ppMpp/ppppp/Mpppp
maxRank = 5
maxFile = 5
collinearN = 3
connectDiagonal = false
customPiece1 = m:cW
customPiece2 = p:mW
connectValue = loss
stalemateValue = win
connectPieceTypes = m

[fullconnect:ataxx]
immobile = p
maxRank = 3
maxFile = 3
startFen = 3/3/3[PPPPPppppp] w - - 0 1
enclosingDrop = none
flipEnclosedPieces = none
passOnStalemate = false
stalematePieceCount = false
materialCounting = whitedrawodds
connectN = 3

[wallormove:chess]
wallingRule = edge
wallOrMove = true

[duckblast:atomic]
wallingRule = duck
stalemateValue = win
"""
CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def _games() -> dict[str, FileGame]:
    specs, notes = read_ini_variants(BOARD_GAMES, "connect.ini", build=False, taken=frozenset(catalogue()))
    assert not notes, notes
    return {s.name: FileGame(s) for s in specs}


GAMES = _games()
if pyffish is not None:
    pyffish.load_variant_config(BOARD_GAMES)


def played(name: str, fen: str, moves: tuple[str, ...] = ()):
    """Our position of section ``name`` at ``fen`` (None: its start) after ``moves``."""
    game = GAMES[name]
    pos = game.position(our_fen(game, fen)) if fen else game.position()
    for m in moves:
        pos.push(pos.parse_move(m))
    return pos


def check(name: str, fen: str, moves: tuple[str, ...], result: str | None, legal: list[str] | None = None,
          after: str | None = None) -> None:
    """At ``fen`` after ``moves``: our result is ``result`` (and our moves ``legal``, our position ``after``
    where given), and pyffish's the same where it is installed."""
    pos = played(name, fen, moves)
    outcome = pos.outcome()
    assert (outcome.result if outcome else None) == result, outcome
    ours = sorted(pos.move_name(m) for m in pos.legal_moves())
    if legal is not None:
        assert ours == sorted(legal)
    if after is not None:
        assert pos.fen() == after
    if pyffish is None:
        return
    start = fen or pyffish.start_fen(name)
    theirs = sorted(pyffish.legal_moves(name, start, list(moves)))
    assert fsf_end(name, start, list(moves), theirs) == result
    if result is None:              # (pyffish lists no move once the game is over)
        assert ours == theirs
    if after is not None:
        assert pyffish.get_fen(name, start, list(moves)) == after.replace("[]", "")


# ---------------------------------------------------------------------- N in a row (connectN)
@pytest.mark.parametrize("fen", ["3/pp1/PPP[PPpp] b - - 0 3", "P2/Pp1/Pp1[PPpp] b - - 0 3",
                                 "p1P/pP1/P2[PPpp] b - - 0 3"])
def test_three_in_a_row_wins_along_a_rank_a_file_and_a_diagonal(fen):
    check("ttt", fen, (), "1-0")


def test_only_the_side_that_has_just_moved_is_tested():
    # White's row stands, but White is to move: FSF tests the other side's pieces only
    check("ttt", "3/pp1/PPP[PPpp] w - - 0 3", (), None, ["P@a3", "P@b3", "P@c2", "P@c3"])


def test_four_in_a_row_loses_where_connect_value_is_loss():
    check("c4misere", "7/7/7/7/7/PPPP3[PPpp] b - - 0 1", (), "0-1")
    check("c4", "7/7/7/7/7/PPPP3[PPpp] b - - 0 1", (), "1-0")


def test_a_win_by_four_on_the_drop_that_makes_it():
    moves = ("P@a1", "P@a2", "P@b1", "P@b2", "P@c1", "P@c2")
    check("c4", "", moves, None)
    check("c4", "", moves + ("P@d1",), "1-0")


# ---------------------------------------------------------------------- a square, a line, two regions
def test_a_two_by_two_square_wins_and_an_l_does_not():
    check("square", "5/5/1PP2/1PP2/5[pppp] b - - 0 1", (), "1-0")
    check("square", "5/5/1P3/1PP2/5[Ppppp] b - - 0 1", (), None)


def test_three_musketeers_on_one_file_lose_gaps_and_all():
    check("musketeers", "M4/p4/M4/5/M4 b - - 0 1", (), "0-1")


def test_pieces_outside_connect_pieces_do_not_count():
    # Black's three pawns in a row: only the musketeers count, and Black has none
    check("musketeers", "ppp2/M4/2M2/5/4M w - - 0 1", (), None, ["a4a5"])


def test_a_chain_joining_the_regions_wins():
    check("regions", "", ("P@a2", "P@a4", "P@b2", "P@b4", "P@c2", "P@c4"), None)
    check("regions", "", ("P@a2", "P@a4", "P@b2", "P@b4", "P@c2", "P@c4", "P@d2"), "1-0")


def test_fsf_grows_the_chain_east_and_north_only():
    # a2 b2 b3 c3 d3 joins (north from b2); a3 b3 b2 c2 d2 would need a step south from b3: FSF misses it
    check("regions", "", ("P@a2", "P@a4", "P@b2", "P@b4", "P@b3", "P@c4", "P@c3", "P@d4", "P@d3"), "1-0")
    check("regions", "", ("P@a3", "P@a4", "P@b3", "P@b4", "P@b2", "P@c4", "P@c2", "P@d4", "P@d2"), None)


def test_an_alignment_comes_before_the_full_board():
    # the last drop fills the board (White wins it on draw odds) and makes Black's row: the row counts
    check("fullconnect", "pp1/PPp/pPP[p] b - - 0 1", ("P@c3",), "0-1")


# ---------------------------------------------------------------------- drops by gravity, by side, apart
def test_connect_four_drops_on_the_first_rank_or_on_a_piece():
    check("c4", "7/7/7/7/7/P6[PPPPpppp] b - - 0 1", (), None,
          ["P@a2", "P@b1", "P@c1", "P@d1", "P@e1", "P@f1", "P@g1"])


def test_anyside_drops_where_a_piece_pushed_in_from_a_side_stops():
    # the rows from the west stop at c1 (d1 is taken) or run to file g; FSF's lowest cell of each line
    legal = [f"P@{s}" for s in "a1 a2 a3 a4 a5 a6 a7 b1 b7 c1 c7 d2 e1 e7 f1 f7 g1 g2 g3 g4 g5 g6 g7".split()]
    check("c4any", "7/7/7/7/7/7/3P3[PPPPpppp] b - - 0 1", (), None, legal)


def test_snort_drops_touch_no_enemy_piece_orthogonally():
    pos = played("snortt", "8/8/8/8/8/8/8/P7[PPPPpppp] b - - 0 1")
    names = {pos.move_name(m) for m in pos.legal_moves()}
    assert len(names) == 61 and not names & {"P@a2", "P@b1"} and "P@b2" in names
    check("snortt", "8/8/8/8/8/8/8/P7[PPPPpppp] b - - 0 1", (), None)


@pytest.mark.parametrize("move, after", [
    ("P@b1", "8/8/8/8/8/8/1P6/PP6 b - - 0 1"),       # a drop beside a piece of ours flips
    ("P@c1", "8/8/8/8/8/8/1p6/P1P5 b - - 0 1"),      # a drop beside none flips nothing
    ("a1a2", "8/8/8/8/8/8/PP6/8 b - - 1 1")])        # a piece's move always flips (free drops: no hands)
def test_quadwrangle_flips(move, after):
    check("quadt", "8/8/8/8/8/8/1p6/P7[PPpp] w - - 0 1", (move,), None, after=after)


# ---------------------------------------------------------------------- walls: instead of a move, with blasts
def test_a_wall_instead_of_a_move():
    pos = played("wallormove", CHESS)
    names = sorted(pos.move_name(m) for m in pos.legal_moves())
    # 20 moves without a wall (FSF writes their wall as its first square), 8 walls on the edge by the lowest piece
    assert len(names) == 28 and "e2e4,e4a1" in names
    assert [n for n in names if n.startswith("a1a1")] == [f"a1a1,a1{s}" for s in "a3 a4 a5 a6 h3 h4 h5 h6".split()]
    check("wallormove", CHESS, ("a1a1,a1a3",), None,
          after="rnbqkbnr/pppppppp/8/8/8/*7/PPPPPPPP/RNBQKBNR b KQkq - 1 1")
    # two walls in a row end nothing; the next wall may go beside a wall
    check("wallormove", CHESS, ("a1a1,a1a3", "a7a7,a7a4"), None)
    assert "a1a1,a1b3" in {pos.move_name(m) for m in played("wallormove", CHESS, ("a1a1,a1a3", "a7a7,a7a4")).legal_moves()}


def test_no_wall_instead_of_a_move_in_check():
    check("wallormove", "R3k3/8/8/8/8/8/8/4K3 b - - 0 1", (), None, ["e8d7,d7a1", "e8e7,e7a1", "e8f7,f7a1"])


def test_a_capture_that_blasts_places_the_duck():
    fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
    pos = played("duckblast", fen)
    assert len([m for m in pos.legal_moves() if pos.move_name(m).startswith("e4d5,")]) == 33
    check("duckblast", fen, ("e4d5,d5e2",), None,
          after="rnbqkbnr/ppp1pppp/8/8/8/8/PPPP*PPP/RNBQKBNR b KQkq - 0 1")


def test_a_castling_commoner_may_castle_only_behind_the_new_duck():
    # atomic's commoner is pseudo-royal: b4's bishop attacks e1, so only a duck on c3 or d2 lets it castle
    fen = "rnb*3r/4n1k1/p1p3p1/1B2pp2/1b1P3P/P3PP2/6N1/4K2R w K - 3 23"
    pos = played("duckblast", fen)
    assert sorted(n for n in map(pos.move_name, pos.legal_moves()) if n.startswith("e1g1")) == ["e1g1,g1c3",
                                                                                             "e1g1,g1d2"]
    check("duckblast", fen, (), None)


# ---------------------------------------------------------------------- perft
PERFT = {"ttt": (3, 504), "c4": (3, 343), "c4any": (2, 552), "regions": (2, 240), "snortt": (2, 3808),
         "quadt": (1, 176), "square": (2, 600), "musketeers": (3, 132), "wallormove": (2, 778),
         "duckblast": (1, 640)}


@pytest.mark.parametrize("name", sorted(PERFT))
def test_perft(name):
    depth, count = PERFT[name]
    assert perft(played(name, ""), depth) == count
    if pyffish is not None:
        assert fsf_perft(name, pyffish.start_fen(name), [], depth) == count


# ---------------------------------------------------------------------- the upstream sections (slow)
UPSTREAM = os.environ.get("FSF_VARIANTS_INI", "")
SECTIONS = """allqueenschess asimplegame cetus cfour cfour-anyside cfour-misere gale nineholes picaria roll-ing-to-four
symphony teeko three-musketeers tictacchess tictactoe atlantis atomicduck quadwrangle quadwrangle7x7 snort""".split()


@pytest.mark.slow
@pytest.mark.skipif(pyffish is None or not UPSTREAM, reason="needs pyffish and FSF_VARIANTS_INI")
@pytest.mark.parametrize("section", SECTIONS)
def test_upstream_sections_in_lockstep(section):
    text = open(UPSTREAM, encoding="utf-8").read()
    pyffish.load_variant_config(text)
    specs, notes = read_ini_variants(text, "variants.ini", build=False, taken=frozenset(catalogue()))
    game = FileGame(next(s for s in specs if s.name == section))
    start = pyffish.start_fen(section)
    depth = 1 if section == "atomicduck" else 2
    assert perft(game.position(our_fen(game, start)), depth) == fsf_perft(section, start, [], depth)
    assert lockstep(section, game, 6, 120, 7070) > 6
