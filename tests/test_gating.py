"""Seirawan gating as data (variants/rules/gating.py, docs/variants-file.md "Gating"): the moves, the position string and
the move names as Fairy-Stockfish has them (checked against pyffish where it is installed), the legality rule FSF
applies, the TOML key, CECP and UCI, and (slow) a match against Debian's Fairy-Stockfish and a game by clicks."""
from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)
from protocol_support import FSF_BINARY, EngineProcess, engine_move, match_against_fsf
from hyperchess.variants import FenError, get_game
from hyperchess.variants.board.codes import CASTLE
from hyperchess.variants.rules.gating import GATE, GATE_CASTLE
from hyperchess.variants.formats.variantsfile import VariantsFileError, read_variants

try:
    import pyffish
except ImportError:
    pyffish = None

needs_fsf = pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish's binding) is not installed")
OPENING = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6".split()


def play(moves: list[str], variant: str = "seirawan"):
    pos = get_game(variant).position()
    for m in moves:
        pos.push(pos.parse_move(m))
    return pos


def names(pos) -> list[str]:
    return sorted(pos.move_name(m) for m in pos.legal_moves())


def test_a_back_rank_piece_gates_each_piece_in_hand_on_its_first_move():
    pos = get_game("seirawan").position()
    assert pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"
    knight = [n for n in names(pos) if n.startswith("b1")]
    assert knight == ["b1a3", "b1a3e", "b1a3h", "b1c3", "b1c3e", "b1c3h"]
    pos.push(pos.parse_move("b1c3h"))
    # the hawk stands on b1, left White's hand, and b1 no longer gates; the move does not reset the n-move count
    assert pos.fen() == "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQCDFGkqbcdfg - 1 1"
    back = play(["g1f3", "g8f6e", "f3g1", "a7a6"])          # the knight came home: g1 gates no more
    assert [n for n in names(back) if n.startswith("g1")] == ["g1f3", "g1h3"]


def test_castling_gates_on_the_kings_square_or_the_rooks():
    pos = play(OPENING)
    castles = [n for n in names(pos) if n in ("e1g1", "e1g1e", "e1g1h", "h1e1e", "h1e1h")]
    assert castles == ["e1g1", "e1g1e", "e1g1h", "h1e1e", "h1e1h"]
    at_king, at_rook = pos.copy(), pos.copy()
    at_king.push(at_king.parse_move("e1g1h"))
    at_rook.push(at_rook.parse_move("h1e1e"))
    # castling ends White's castling; the rook's gate goes with it, the other back-rank pieces keep theirs
    assert at_king.fen().split()[0].endswith("RNBQHRK1[Eeh]") and at_king.fen().split()[2] == "ABCDkqcdf"
    assert at_rook.fen().split()[0].endswith("RNBQ1RKE[Heh]") and at_rook.fen().split()[2] == "ABCDkqcdf"
    assert at_king.move_name(at_king.last_move) == "e1g1h" and at_king.last_move[3] == GATE_CASTLE


@needs_fsf
@pytest.mark.parametrize("moves", [[], ["b1c3h"], ["b1c3h", "g8f6e"], OPENING, OPENING + ["e1g1h"],
                                   OPENING + ["h1e1e", "f8c5h"]])
def test_position_strings_and_moves_as_pyffish(moves):
    start = pyffish.start_fen("seirawan")
    pos = play(moves)
    fsf = pyffish.get_fen("seirawan", start, moves).split()
    ours = pos.fen().split()
    # FSF orders a hand by its piece types (E before H), hyperchess by value: the same pieces
    assert sorted(ours[0]) == sorted(fsf[0]) and ours[1:] == fsf[1:]
    assert names(pos) == sorted(pyffish.legal_moves("seirawan", start, moves))
    again = get_game("seirawan").position(" ".join(fsf))
    assert again.fen() == pos.fen() and names(again) == names(pos)


def test_a_gating_move_is_legal_exactly_when_the_move_without_the_gate_is():
    # White's king in check along the first row: e1f1 would be shielded by a piece gated on e1, which FSF's
    # legality leaves out (src/position.cpp ``legal``), so the king may not step along the line with a gate
    fen = "rnb1k2r/p1pq3p/Ep3ppn/2b1p3/EP2P3/BRN2N2/P1PP1PPP/H1q1K2R[HPb] w Kkqbc - 0 17"
    pos = get_game("shouse").position(fen)
    assert pos.in_check()
    assert "e1f1" not in names(pos) and "e1f1h" not in names(pos)
    assert [n for n in names(pos) if n.startswith("e1")] == ["e1e2", "e1e2h"]
    # a piece pinned on the first row stays pinned although its gate would shield the king
    pinned = get_game("seirawan").position("4k3/8/8/8/8/8/8/r2QK3[H] w D - 0 1")
    assert not [n for n in names(pinned) if n.startswith("d1") and n[3] != "1"]


def test_gates_are_written_while_the_hand_holds_pieces():
    empty = get_game("seirawan").position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQBCDFGkqbcdfg - 0 1")
    assert empty.fen().split()[2] == "KQkq"
    assert not [m for m in empty.legal_moves() if m[3] in (GATE, GATE_CASTLE)]


@pytest.mark.parametrize("bad", ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQZkq - 0 1",
                                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQ1kq - 0 1"])
def test_a_bad_castling_field_gets_one_line(bad):
    with pytest.raises(FenError) as exc:
        get_game("seirawan").position(bad)
    assert "\n" not in str(exc.value) and "castling" in str(exc.value)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="KQkqABCDEFGHabcdefgh-1@ ", min_size=1, max_size=12))
def test_hostile_castling_fields_are_read_or_refused_in_one_line(field):
    text = f"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w {field.replace(' ', '') or '-'} - 0 1"
    try:
        pos = get_game("seirawan").position(text)
    except FenError as exc:
        assert "\n" not in str(exc)
        return
    again = get_game("seirawan").position(pos.fen())
    assert again.fen() == pos.fen() and names(again) == names(pos)


SCHESS = '''
[schess]
gating = true
captures_to_hand = false
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1"
promotion = "qrbnhe"
castling = [{ king = "e1", to = "g1", rook = "h1", rook_to = "f1" }, { king = "e1", to = "c1", rook = "a1", rook_to = "d1" }]
[schess.pieces]
K = { name = "king", betza = "K", royal = true, value = 0 }
Q = { name = "queen", betza = "Q", value = 900 }
R = { name = "rook", betza = "R", value = 500 }
B = { name = "bishop", betza = "B", value = 330 }
N = { name = "knight", betza = "N", value = 320 }
H = { name = "hawk", betza = "BN", value = 850 }
E = { name = "elephant", betza = "RN", value = 900 }
P = { name = "pawn", betza = "fmWfcFifmnD", pawn = true, value = 100 }
'''


def test_the_toml_key_gives_the_same_game_as_the_ini():
    from hyperchess.variants.formats.filegame import FileGame
    game = FileGame(read_variants(SCHESS, "schess.toml")[0])
    pos, theirs = game.position(), play([])
    for m in OPENING + ["e1g1h", "f8c5e"]:
        assert names(pos) == names(theirs)
        pos.push(pos.parse_move(m))
        theirs.push(theirs.parse_move(m))
    assert pos.fen() == theirs.fen()
    with pytest.raises(VariantsFileError) as exc:
        read_variants(SCHESS.replace("gating = true", 'gating = "yes"'), "bad.toml")
    assert str(exc.value).endswith("gating: true or false")


def test_uci_plays_and_reads_gating_moves():
    with EngineProcess([sys.executable, "-m", "hyperchess", "uci"]) as eng:
        eng.send("uci", "setoption name UCI_Variant value seirawan", "isready")
        eng.expect("readyok")
        eng.send("position startpos moves " + " ".join(OPENING + ["h1e1h", "f8c5e"]), "go depth 1")
        reply = eng.expect(r"bestmove \S+.*", 60)[0].split()[1]
        assert reply in names(play(OPENING + ["h1e1h", "f8c5e"]))


def test_cecp_takes_and_sends_gating_moves():
    with EngineProcess() as eng:
        eng.handshake()
        eng.send("new", "variant seirawan", "force", *[f"usermove {m}" for m in OPENING + ["e1g1h", "f8c5e"]])
        assert not any(line.startswith(("Illegal", "Error")) for line in eng.sync())
        eng.send("sd 2", "go")
        pos = play(OPENING + ["e1g1h", "f8c5e"])
        engine_move(eng, pos)                   # a legal move of ours, read back
        eng.send("usermove a7a6" if "a7a6" in names(pos) else f"usermove {names(pos)[0]}")
        assert not any(line.startswith(("Illegal", "Error")) for line in eng.sync())


@pytest.mark.slow
@pytest.mark.skipif(FSF_BINARY is None, reason="Debian's fairy-stockfish is not installed")
def test_a_seirawan_match_against_fairy_stockfish(tmp_path):
    """hyperchess over UCI against Fairy-Stockfish over UCI (``UCI_Variant seirawan``), refereed by our rules: no
    runner error, every move legal by ``pgn check``, and gating moves played."""
    moves = match_against_fsf("seirawan", tmp_path / "seirawan.pgn").split("\n\n", 1)[1]
    assert any(len(word) == 5 and word[-1] in "he" for word in moves.split()), moves


# ---------------------------------------------------------------------------- the web board
def test_the_web_board_offers_each_gate_on_the_same_two_clicks():
    from hyperchess.web.targets import legal_targets
    pos = play(OPENING)
    castles = sorted((t["label"], t["move"]) for t in legal_targets(pos) if (t["from"], t["to"]) == ("e1", "g1"))
    # the pieces as Seirawan chess names them: the hawk (B+N) and the elephant (R+N) (issue 71)
    assert castles == [("castle", "e1g1"), ("castle, gate a hawk on e1", "e1g1h"),
                       ("castle, gate a hawk on h1", "h1e1h"), ("castle, gate an elephant on e1", "e1g1e"),
                       ("castle, gate an elephant on h1", "h1e1e")]


FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4e"]      # Black's queen leaves d8 with a gate and mates


@BROWSER_MARKS[1]
@BROWSER_MARKS[2]
@pytest.mark.browser
@pytest.mark.slow
def test_seirawan_played_to_a_result_by_clicks_with_a_gating_mate(board):
    """Both seats clicked on one page: the gating mate is picked in the choice box that the queen's two clicks
    open (``d8h4``, ``d8h4h``, ``d8h4e``), and the game ends 0-1 with the chancellor standing on d8."""
    from hyperchess.web.testing import BoardPage
    url, b = board
    view = BoardPage(b, url, "seirawan", ["human", "human"])
    try:
        for ply, name in enumerate(FOOLS_MATE):
            st = view.state()
            move = next(m for m in st["legal"] if m["move"] == name)
            view.play_by_clicks(move)
            st = view.wait_for_turn(ply)
            assert st["moves"][ply] == name, st["moves"]
        assert st["result"] == "0-1"
        assert view.page.locator('#board svg g.piece[data-square="d8"][data-piece="e"]').count() == 1
        assert not view.errors, view.errors
    finally:
        view.page.close()


# ---------------------------------------------------------------------------- Chess960's castling
CASTLES_960 = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize("variant, fen, moves, field", [
    ("fischerandom", CASTLES_960, [], "HAha"), ("fischerandom", CASTLES_960, ["e1h1"], "ha"),
    ("fischerandom", CASTLES_960, ["e1a1", "e8h8"], "-"),
    ("caparandom", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", ["f1j1"], "ja")])
def test_chess960_castling_is_king_takes_rook_and_the_field_names_rook_files(variant, fen, moves, field):
    pos = get_game(variant).position(fen)
    for m in moves:
        pos.push(pos.parse_move(m))
    assert pos.fen().split()[2] == field
    assert get_game(variant).position(pos.fen()).fen() == pos.fen()
    castles = sorted(pos.move_name(m) for m in pos.legal_moves() if m[3] == CASTLE)
    if pyffish is not None:
        assert names(pos) == sorted(pyffish.legal_moves(variant, fen, moves))
        assert pyffish.get_fen(variant, fen, moves).split()[2] == field
    assert all(c[2:] in ("h1", "a1", "j1", "h8", "a8", "j8") for c in castles)


def test_gating_with_other_endings():
    """A gating game with an ending key (variants/rules/endings.py) gates as before and ends by its flag rule."""
    from hyperchess.variants.formats.filegame import FileGame
    flag = ('gating = true\nflag_piece = "K"\nflag_squares = [["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"], '
            '["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]]')
    game = FileGame(read_variants(SCHESS.replace("gating = true", flag), "flag.toml")[0])
    assert names(game.position()) == names(play([]))
    won = game.position("4K3/8/8/8/4k3/8/8/8[H] b - - 0 1")      # White's king reached its flag squares
    assert won.outcome() is not None and won.outcome().result == "1-0"
