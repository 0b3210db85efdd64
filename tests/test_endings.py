"""The other ways a game ends (variants/rules/endings.py and end_rules.py, docs/variants-file.md "Other ways a game ends"): flag
squares, no checks, n-check, must capture, extinction, pseudo-royal pieces, what checkmate and stalemate give.
Each position's outcome and legal moves are the rules' (read in Fairy-Stockfish's src/position.cpp at commit
c19b5f6c); where pyffish is installed each is also compared with it."""
from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol_support import EngineProcess, engine_move
from hyperchess.engine.search import Searcher
from hyperchess.engine.timecontrol import Limits
from hyperchess.variants import FenError, get_game
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import read_variants

try:
    import pyffish
except ImportError:
    pyffish = None


def at(variant: str, fen: str, moves: str = ""):
    pos = get_game(variant).position(fen)
    for text in moves.split():
        pos.push(pos.parse_move(text))
    return pos


def check(variant: str, fen: str, moves: str, legal: list[str] | None, result: str | None) -> None:
    """Our legal moves (None: not compared) and result after ``moves`` from ``fen``, and pyffish's when it is
    installed."""
    fen = fen or (pyffish.start_fen(variant) if pyffish else None)
    pos = at(variant, fen, moves)
    outcome = pos.outcome()
    assert (outcome.result if outcome else None) == result, outcome
    if outcome is not None:
        assert outcome.reason and "\n" not in outcome.reason
    ours = sorted(pos.move_name(m) for m in pos.legal_moves())
    if legal is not None:
        assert ours == sorted(legal)
    if pyffish is None:
        return
    line = moves.split()
    theirs = sorted(pyffish.legal_moves(variant, fen, line))
    ended, value = pyffish.is_immediate_game_end(variant, fen, line)
    if not ended and not theirs:
        ended, value = True, pyffish.game_result(variant, fen, line)
    white = pyffish.get_fen(variant, fen, line).split()[1] == "w"
    fsf = None if not ended else "1/2-1/2" if value == 0 else "1-0" if (value > 0) == white else "0-1"
    assert fsf == result
    if result is None:
        assert ours == theirs


# ---------------------------------------------------------------------------- flag squares
def test_a_king_reaching_the_hill_wins_at_once():
    check("kingofthehill", "4k3/8/8/8/8/3K4/8/8 w - - 0 1", "d3d4", [], "1-0")
    assert "White brought its king to its flag squares" in at("kingofthehill", "4k3/8/8/8/8/3K4/8/8 w - - 0 1",
                                                             "d3d4").outcome().reason
    check("kingofthehill", "4k3/8/8/8/8/3K4/8/8 w - - 0 1", "d3c4", None, None)


def test_racing_kings_black_gets_its_reply_only_if_it_can_reach_the_last_rank():
    check("racingkings", "8/5K2/k7/8/8/8/8/8 w - - 0 1", "f7f8", [], "1-0")          # a6 is two steps away
    check("racingkings", "8/k4K2/8/8/8/8/8/8 w - - 0 1", "f7f8", ["a7a6", "a7a8", "a7b6", "a7b7", "a7b8"], None)
    check("racingkings", "8/k4K2/8/8/8/8/8/8 w - - 0 1", "f7f8 a7a8", [], "1/2-1/2")
    check("racingkings", "8/k4K2/8/8/8/8/8/8 w - - 0 1", "f7f8 a7b6", [], "1-0")
    check("racingkings", "8/k4K2/8/8/8/8/8/8 b - - 0 1", "a7a8", [], "0-1")           # Black first: no reply


def test_racing_kings_forbids_every_move_that_gives_check():
    start = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    check("racingkings", start, "", ["e1c2", "e1d3", "e1f3", "e2d4", "e2f4", "e2g3", "f2a7", "f2b6", "f2c5", "f2d4",
                                     "f2e3", "f2g3", "f2h4", "g2g3", "g2g4", "g2g5", "g2g6", "g2g7", "g2g8", "h2g3",
                                     "h2h3"], None)
    pos = at("racingkings", start)
    assert "e2c3" not in [pos.move_name(m) for m in pos.legal_moves()]          # Nc3+ would check the a2 king


def test_a_flag_piece_that_is_not_royal_must_survive_the_reply():
    start = "9/9/3n5/9/9/9/5N3/9/9 w - - 0 1"
    check("jesonmor", start, "f3e5", ["d7b6", "d7b8", "d7c5", "d7c9", "d7e5", "d7e9", "d7f6", "d7f8"], None)
    check("jesonmor", start, "f3e5 d7c5", [], "1-0")
    check("jesonmor", start, "f3e5 d7e5", [], "0-1")            # White has no piece left: stalemate loses


def test_the_search_plays_the_winning_flag_move():
    pos = get_game("kingofthehill").position("4k3/8/8/8/8/3K4/8/8 w - - 0 1")
    best = Searcher().search(pos, Limits(depth=2)).best
    assert pos.move_name(best) in ("d3d4", "d3e4")


def test_the_search_scores_a_checkmate_by_the_games_rule():
    """A checkmate the mated side wins is a won position for it; a mated pseudo-royal queen is lost."""
    misere = get_game("misere").position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert Searcher().search(misere, Limits(depth=1)).score > 10000
    chess = get_game("normal").position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert Searcher().search(chess, Limits(depth=1)).score < -10000
    coregal = get_game("coregal").position("4k3/8/8/8/8/8/8/3QK2r w - - 0 1")
    assert Searcher().search(coregal, Limits(depth=1)).score < -10000
    # misere: Black to move does not give the mate that would win for White
    pos = get_game("misere").position("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
    assert "d8h4" in [pos.move_name(m) for m in pos.legal_moves()]
    best = Searcher().search(pos, Limits(depth=2)).best
    pos.push(best)
    assert pos.outcome() is None


# ---------------------------------------------------------------------------- n-check
def test_the_third_check_wins_and_the_counters_are_written_as_fairy_stockfish():
    pos = at("3check", None, "e2e4 e7e5 f1c4 a7a6 c4f7 e8f7 d1h5 g7g6")
    assert pos.fen() == "rnbq1bnr/1ppp1k1p/p5p1/4p2Q/4P3/8/PPPP1PPP/RNB1K1NR w KQ - 1+3 0 5"
    if pyffish:
        line = "e2e4 e7e5 f1c4 a7a6 c4f7 e8f7 d1h5 g7g6".split()
        assert pyffish.get_fen("3check", pyffish.start_fen("3check"), line) == pos.fen()
    pos.push(pos.parse_move("h5f3"))
    assert pos.outcome().result == "1-0" and pos.outcome().reason == "White gave check 3 times"
    assert pos.legal_moves() == []
    check("3check", "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 1", "f1b5", None, "1-0")
    check("3check", "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 1", "f1b5", None, None)
    check("5check", None, "e2e4 f7f6 d1h5", None, None)


def test_the_checks_left_are_part_of_the_position():
    game = get_game("3check")
    a = game.position("4k3/8/8/8/8/8/8/4K2R w K - 3+3 0 1")
    b = game.position("4k3/8/8/8/8/8/8/4K2R w K - 2+3 0 1")
    assert a.hash != b.hash and a.fen() != b.fen()
    assert game.position("4k3/8/8/8/8/8/8/4K2R w K - 0 1").fen().split()[4] == "1+1"     # FSF: 1+1 when missing


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="0123456789+-ab ", max_size=12))
def test_hostile_check_counters_are_read_or_refused_in_one_line(field):
    try:
        pos = get_game("3check").position(f"4k3/8/8/8/8/8/8/4K3 w - - {field} 0 1")
    except FenError as exc:
        assert "\n" not in str(exc)
    else:
        assert pos.fen() == get_game("3check").position(pos.fen()).fen()


# ---------------------------------------------------------------------------- must capture and other results
def test_a_capture_is_forced():
    check("antichess", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2", "", ["e4d5"], None)
    check("antichess", "8/8/8/8/8/8/1p6/8 b - - 0 1", "", [], "1-0")             # no piece left: White wins
    check("antichess", "8/8/8/8/8/8/8/1p6 w - - 0 1", "", [], "1-0")
    pos = get_game("antichess").position("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2")
    assert pos.capture_moves() == pos.legal_moves()


def test_with_a_king_only_a_legal_capture_forces():
    check("losers", "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "", ["e1d1", "e1e2", "e1f1", "e1f2"], None)   # pinned
    check("losers", "4k3/8/8/4r3/8/8/2p1N3/4K3 w - - 0 1", "", ["e1d2", "e1f1", "e1f2"], None)


def test_the_checkmated_side_wins_where_the_rules_say_so():
    check("misere", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "", [], "1-0")
    assert at("misere", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").outcome().reason == \
        "White is checkmated and wins"


def test_a_stalemate_counts_the_pieces():
    check("suicide", "8/8/8/8/8/p7/P7/8 w - - 0 1", "", [], "1/2-1/2")
    check("suicide", "8/8/8/8/p7/P7/8/7B b - - 0 1", "", [], "0-1")              # Black has fewer: it wins
    check("antichess", "8/8/8/8/p7/P7/8/7B b - - 0 1", "", [], "0-1")


def test_extinction_of_any_kind_loses():
    check("extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1", "", None, "0-1")   # no knight
    check("extinction", "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 1", "", None, None)
    check("codrus", "4k3/8/8/8/8/8/3q4/4K3 b - - 0 1", "d2e1", [], "1-0")        # losing the king wins


def test_a_pseudo_royal_queen_may_not_be_left_attacked_and_can_be_mated():
    check("coregal", "3rk3/8/8/8/8/8/2r5/3QK3 w - - 0 1", "",
          ["d1a1", "d1b1", "d1c2", "d1f3", "d1g4", "d1h5"], None)
    check("coregal", "4k3/8/8/8/8/8/8/3QK2r w - - 0 1", "", [], "0-1")
    check("coregal", "4k3/8/8/8/8/8/6r1/3Q3K w - - 0 1", "", None, None)


# ---------------------------------------------------------------------------- the TOML keys, levels, wrap
CHESS = """
[base]
files = 8
start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
[base.pieces]
K = { name = "king", betza = "K", value = 0, royal = true }
R = { name = "rook", betza = "R", value = 500 }
Q = { name = "queen", betza = "Q", value = 900 }
N = { name = "knight", betza = "N", value = 300 }
"""


def file_game(text: str, name: str):
    return FileGame(next(s for s in read_variants(CHESS + text, "t.toml") if s.name == name))


def test_flag_squares_on_a_cylinder_and_on_levels():
    cyl = file_game('[hill]\nextends = "base"\nwrap_files = true\nflag_piece = "K"\n'
                    'flag_squares = [["a8"], ["a1"]]\n', "hill")
    pos = cyl.position("3k4/7K/8/8/8/8/8/8 w - - 0 1")
    pos.push(pos.parse_move("h7a8"))                  # across the seam
    assert pos.outcome().result == "1-0"
    cube = FileGame(read_variants("""
[cube]
files = 5
ranks = 5
levels = 3
level_names = ["A", "B", "C"]
start = "k4/5/5/5/5|5/5/5/5/5|5/5/5/5/4K w - - 0 1"
flag_piece = "K"
flag_squares = [["Bd2"], ["Bb4"]]
[cube.pieces]
K = { name = "king", leap = [[1, 0, 0], [1, 1, 0], [1, 1, 1]], symmetric = true, value = 0, royal = true }
""", "cube.toml")[0])
    pos = cube.position()
    pos.push(pos.parse_move("Ae1Bd2"))
    assert pos.outcome().result == "1-0" and pos.outcome().termination == "flag"


def test_n_check_and_must_capture_from_a_toml_file():
    game = file_game('[check2]\nextends = "base"\ncheck_counting = true\n'
                     'start = "4k3/8/8/8/8/8/8/R3K3 w - - 2+2 0 1"\n', "check2")
    pos = game.position()
    for move in ("a1a8", "e8e7", "a8a7"):
        pos.push(pos.parse_move(move))
    assert pos.fen().split()[4] == "0+2" and pos.outcome().reason == "White gave check 2 times"
    cap = file_game('[cap]\nextends = "base"\nmust_capture = true\nstart = "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1"\n',
                    "cap")
    assert [cap.names.name(m[1]) for m in cap.position().legal_moves()] == ["a2"]


def test_four_players_may_must_capture_but_not_race_for_flags():
    four = """
[four]
files = 8
check = "capture"
players = [{ name = "white", letter = "w", forward = [0, 1, 0] }, { name = "red", letter = "r", forward = [1, 0, 0] },
           { name = "black", letter = "b", forward = [0, -1, 0] }, { name = "green", letter = "g", forward = [-1, 0, 0] }]
start = "3rK4/8/bK7/8/8/6gK1/8/wK2wR4 w - - 0 1"
must_capture = true
[four.pieces]
K = { name = "king", betza = "K", value = 0, royal = true }
R = { name = "rook", betza = "R", value = 500 }
"""
    game = FileGame(read_variants(four, "four.toml")[0])
    assert [game.names.name(m[1]) for m in game.position().legal_moves()] == ["d8"]      # the rook takes Red's king
    with pytest.raises(VariantsFileError) as info:
        read_variants(four.replace("must_capture = true", 'flag_squares = [["a1"], ["a1"], ["a1"], ["a1"]]'), "f.toml")
    assert "two players only" in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("line, reason", [
    ('flag_squares = [["d4"]]', "a list of squares for each player"),
    ('flag_piece = "K"', "need flag_squares"),
    ('flag_squares = [["d4"], ["d5"]]\nflag_piece = "X"', "piece letters"),
    ('checkmate = "maybe"', "one of 'loss', 'win', 'draw'"),
    ('extinction = { pieces = "Z" }', "piece letters"),
    ('extinction = { value = "loss" }', "a table"),
    ('pseudo_royal = { pieces = "*" }', "piece letters"),
    ('must_capture = 1', "true or false"),
])
def test_bad_ending_keys_get_one_line(line, reason):
    with pytest.raises(VariantsFileError) as info:
        read_variants(CHESS + f'[bad]\nextends = "base"\n{line}\n', "t.toml")
    assert reason in str(info.value) and "\n" not in str(info.value)


# ---------------------------------------------------------------------------- over UCI
def test_uci_plays_king_of_the_hill_and_three_check():
    with EngineProcess([sys.executable, "-m", "hyperchess", "uci"]) as eng:
        eng.send("uci", "setoption name UCI_Variant value kingofthehill", "isready")
        eng.expect("readyok")
        eng.send("position fen 4k3/8/8/8/8/3K4/8/8 w - - 0 1", "go depth 2")
        assert eng.expect(r"bestmove \S+.*", 60)[0].split()[1] in ("d3d4", "d3e4")
        eng.send("setoption name UCI_Variant value 3check", "isready")
        eng.expect("readyok")
        eng.send("position fen rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 1", "go depth 1")
        best = eng.expect(r"bestmove \S+.*", 60)[0].split()[1]
        pos = at("3check", "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 1", best)
        assert pos.outcome() is not None and pos.outcome().result == "1-0"


def test_cecp_plays_racing_kings_without_giving_check():
    start = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    with EngineProcess() as eng:
        eng.handshake()
        eng.send("new", "variant racingkings", "force", f"setboard {start}", "sd 2", "go")
        pos = get_game("racingkings").position(start)
        engine_move(eng, pos)                   # legal by our rules: no check given
        assert not pos.in_check()


# ---------------------------------------------------------------------------- at the web board
def test_the_web_board_shows_each_end_with_its_reason():
    import json
    import urllib.request

    from hyperchess.web.testing import running_server

    def call(url: str, path: str, body: dict) -> dict:
        req = urllib.request.Request(url + path.lstrip("/"), data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read().decode())

    with running_server() as url:
        for variant, fen, move, result, reason in [
                ("kingofthehill", "4k3/8/8/8/8/3K4/8/8 w - - 0 1", "d3d4", "1-0",
                 "White brought its king to its flag squares"),
                ("3check", "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 1", "f1b5", "1-0",
                 "White gave check 3 times"),
                ("antichess", "8/8/8/8/8/8/1p6/1R6 w - - 0 1", "b1b2", "0-1", "Black has no piece left and wins")]:
            key = call(url, "/api/new", {"variant": variant, "seats": ["human", "human"]})["key"]
            st = call(url, "/api/position", {"key": key, "position": fen})
            assert st["result"] is None and st["legal"]
            st = call(url, "/api/move", {"key": key, "move": move})
            assert (st["result"], st["reason"]) == (result, reason) and st["legal"] == []


# ---------------------------------------------------------------------------- who may mate (shatar)
def test_a_mate_by_a_knight_alone_wins_for_the_mated_side():
    check("shatar", "6rk/5Npp/8/8/8/8/8/K7 b - - 0 1", "", [], "0-1")
    assert "wins" in at("shatar", "6rk/5Npp/8/8/8/8/8/K7 b - - 0 1").outcome().reason


def test_a_mate_without_a_check_by_knight_rook_or_bers_in_its_series_is_a_draw():
    check("shatar", "k7/2K5/1P6/7p/8/8/8/7B b - - 0 1", "", [], "1/2-1/2")     # the bishop's mate: niol
    check("shatar", "k7/2K5/1P6/7p/8/8/8/R7 b - - 0 1", "", [], "1-0")          # the rook's mate stands


def test_a_flag_piece_must_be_safe_on_its_flag_squares():
    start = "l2/1L1/3/3[-] w - - 0 1"
    check("dobutsu", start, "b3c4", [], "1-0")              # not attacked there: White wins at once
    check("dobutsu", start, "b3b4", None, None)             # next to the other lion: play goes on
    check("dobutsu", start, "b3b4 a4a3", None, None)        # still attacked, so still no win
