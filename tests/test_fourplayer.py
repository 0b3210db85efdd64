"""Four-player chess as chess.com plays it (docs/rules/fourplayer.md): the start, castling, promotion, no en
passant, Teams' ends, Free-for-all's points and dead armies, chess.com's FEN4 and PGN4."""
from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest

from hyperchess.variants import FenError, MoveError, get_game
from hyperchess.variants.board.codes import CASTLE, PROMOTION
from hyperchess.variants.core.fen import write_fen4
from hyperchess.variants.core.load import load_position
from hyperchess.variants.formats.pgn4 import read_pgn4, write_pgn4

ROOT = Path(__file__).resolve().parents[1]
FILES = "abcdefghijklmn"
START_FEN4 = ("R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/"
              "x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/"
              "bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/"
              "x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x")
FOURPCHESS = Path("/work/.mirror/obryanlouis+4pchess/repo")


def board(pieces: dict[str, str]) -> str:
    """The native board field with ``pieces`` (square -> token such as ``rK``) on the cut-corner 14x14 board."""
    rows = []
    for rank in range(14, 0, -1):
        row, empty = "", 0
        for f, letter in enumerate(FILES):
            cut = (f < 3 or f > 10) and (rank < 4 or rank > 11)
            token = "*" if cut else pieces.get(f"{letter}{rank}")
            if token is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + token
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def ffa(pieces, turn="r", dead="-", points="0,0,0,0", halfmove=0):
    game = get_game("fourplayer-ffa")
    return game, load_position(game, f"{board(pieces)} {turn} - - {halfmove} 1 {dead} {points}")


def names(game, pos):
    return {game.move_name(pos, m) for m in pos.legal_moves()}


# ---------------------------------------------------------------------- the start
def test_start_as_chess_com_and_4pchess():
    """Each army from its player's left: R N B Q K B N R, so Red's king is on h1, Blue's on a7, Yellow's on
    g14, Green's on n8 (4pchess, board.cc CreateStandardSetup), and the FEN4 is 4pchess's own start."""
    for name in ("fourplayer-teams", "fourplayer-ffa"):
        game = get_game(name)
        pos = game.position()
        kings = {game.color_names[game.owner[pos.board[c]]]: game.names.name(c)
                 for c in range(game.geometry.size) if pos.board[c] in game.royal_codes}
        assert kings == {"red": "h1", "blue": "a7", "yellow": "g14", "green": "n8"}
        assert write_fen4(pos) == START_FEN4
        assert load_position(game, START_FEN4).fen() == pos.fen()
    assert get_game("fourplayer-teams").teams == (0, 1, 0, 1)
    assert get_game("fourplayer-ffa").teams == (0, 1, 2, 3)


def test_castlings_turned_for_each_player():
    """The king two squares towards the rook, the rook over it (4pchess, board.cc GetKingMoves2)."""
    game = get_game("fourplayer-teams")
    n = game.names.name
    got = {r.fen_char: (n(r.king_from), n(r.king_to), n(r.rook_from), n(r.rook_to)) for r in game.castling}
    assert got == {"rK": ("h1", "j1", "k1", "i1"), "rQ": ("h1", "f1", "d1", "g1"),
                   "bK": ("a7", "a5", "a4", "a6"), "bQ": ("a7", "a9", "a11", "a8"),
                   "yK": ("g14", "e14", "d14", "f14"), "yQ": ("g14", "i14", "k14", "h14"),
                   "gK": ("n8", "n10", "n11", "n9"), "gQ": ("n8", "n6", "n4", "n7")}
    pos = load_position(game, f"{board({'h1': 'rK', 'k1': 'rR', 'd1': 'rR', 'a7': 'bK', 'g14': 'yK', 'n8': 'gK'})}"
                              f" r rKrQ - 0 1")
    castles = {game.names.name(m[1]) for m in pos.legal_moves() if m[3] == CASTLE}
    assert castles == {"j1", "f1"}
    pos.push(next(m for m in pos.legal_moves() if m[3] == CASTLE and game.names.name(m[1]) == "f1"))
    assert pos.board[game.names.parse("g1")] == pos.board[game.names.parse("k1")]      # the rook on g1

def test_castling_through_an_attacked_square_is_refused():
    game = get_game("fourplayer-teams")
    pieces = {"h1": "rK", "k1": "rR", "d1": "rR", "a7": "bK", "i6": "bR", "g14": "yK", "n8": "gK"}
    pos = load_position(game, f"{board(pieces)} r rKrQ - 0 1")
    assert {game.names.name(m[1]) for m in pos.legal_moves() if m[3] == CASTLE} == {"f1"}


# ---------------------------------------------------------------------- pawns
def test_promotion_on_the_eleventh_rank_in_teams_and_the_eighth_in_ffa():
    """Teams: "Pawns promote on your 11th rank"; FFA: "Your pawns promote to Queens on your 8th rank (at the
    center of the board)" (worldseniors2014.org's summaries of chess.com's rules)."""
    kings = {"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK"}
    game = get_game("fourplayer-teams")
    pos = load_position(game, f"{board({**kings, 'e10': 'rP', 'j9': 'bP'})} r - - 0 1")
    assert {game.move_name(pos, m) for m in pos.legal_moves() if m[0] == game.names.parse("e10")} == \
        {"e10e11q", "e10e11r", "e10e11b", "e10e11n"}
    pos.push(pos.parse_move("e10e11n"))
    assert {game.move_name(pos, m) for m in pos.legal_moves() if m[0] == game.names.parse("j9")} == \
        {"j9k9q", "j9k9r", "j9k9b", "j9k9n"}             # Blue's 11th rank is the k-file
    game, pos = ffa({**kings, "e7": "rP"})
    assert {game.move_name(pos, m) for m in pos.legal_moves() if m[0] == game.names.parse("e7")} == {"e7e8d"}


def test_no_en_passant():
    """chess.com: "there is no en passant at this time"."""
    game = get_game("fourplayer-teams")
    pos = load_position(game, f"{board({'h1': 'rK', 'a7': 'bK', 'g14': 'yK', 'n8': 'gK', 'e2': 'rP', 'd4': 'bP'})}"
                              f" r - - 0 1")
    pos.push(pos.parse_move("e2e4"))
    assert pos.ep < 0 and not pos.windows
    assert "d4e3" not in names(game, pos) and "d4e5" not in names(game, pos)


def test_partners_neither_capture_nor_pass_each_other():
    game = get_game("fourplayer-teams")
    pos = load_position(game, f"{board({'h1': 'rK', 'a7': 'bK', 'g14': 'yK', 'n8': 'gK', 'e5': 'rQ', 'e6': 'yP', 'f6': 'bP'})}"
                              f" r - - 0 1")
    moves = names(game, pos)
    assert "e5e6" not in moves and "e5e7" not in moves and "e5f6" in moves


# ---------------------------------------------------------------------- Teams' ends
def test_teams_mate_counts_at_the_mated_players_turn():
    """Red shuts Green's king in on n11; Blue, Green's partner, moves first and may take the mating rook
    (worldseniors2014.org: "Checkmate only happens when a player's turn is reached allowing a player's
    teammate to intervene")."""
    game = get_game("fourplayer-teams")
    pieces = {"h1": "rK", "a7": "bK", "g14": "yK", "n11": "gK", "e10": "rR", "d3": "rR", "c10": "bB"}
    pos = load_position(game, f"{board(pieces)} r - - 0 1")
    pos.push(pos.parse_move("d3d11"))
    assert pos.outcome() is None                   # Blue to move: no mate yet
    saved = pos.copy()
    pos.push(pos.parse_move("c10d11"))             # Blue takes the rook
    pos.push(pos.parse_move("g14f14"))
    assert pos.turn == 3 and pos.outcome() is None and pos.legal_moves()
    pos = saved
    pos.push(pos.parse_move("a7a6"))               # Blue does not help: mate counts at Green's turn
    pos.push(pos.parse_move("g14f14"))
    outcome = pos.outcome()
    assert pos.turn == 3 and (outcome.result, outcome.termination) == ("1-0", "checkmate")

def test_teams_checkmate_and_king_capture():
    game = get_game("fourplayer-teams")
    # Blue's king on a4, Red rooks on b10 and d11: Rd11-a11 mates when Blue's turn comes (now)
    pieces = {"h1": "rK", "a4": "bK", "g14": "yK", "n8": "gK", "b10": "rR", "d11": "rR"}
    pos = load_position(game, f"{board(pieces)} r - - 0 1")
    pos.push(pos.parse_move("d11a11"))
    outcome = pos.outcome()
    assert (outcome.result, outcome.termination) == ("1-0", "checkmate")

def test_a_king_left_attacked_by_its_partner_may_be_taken():
    game = get_game("fourplayer-teams")
    pieces = {"h1": "rK", "a7": "bK", "g12": "yK", "n8": "gK", "g11": "rR", "g4": "bR"}
    pos = load_position(game, f"{board(pieces)} r - - 0 1")
    pos.push(pos.parse_move("g11f11"))       # Red opens the g-file onto its partner's king
    pos.push(pos.parse_move("g4g12"))        # Blue takes Yellow's king
    outcome = pos.outcome()
    assert (outcome.result, outcome.termination) == ("0-1", "king captured")
    assert outcome.reason == "Red and Yellow have lost a royal piece"


def test_a_team_that_lost_a_king_is_named_with_have():
    """The reason's verb agrees with a team of two: "Blue and Green have lost a royal piece"."""
    game = get_game("fourplayer-teams")
    pieces = {"h1": "rK", "a7": "bK", "g14": "yK", "k9": "gK", "k8": "bR", "k4": "yR"}
    pos = load_position(game, f"{board(pieces)} b - - 0 1")
    pos.push(pos.parse_move("k8j8"))         # Blue opens the k-file onto its partner's king
    pos.push(pos.parse_move("k4k9"))         # Yellow takes Green's king
    outcome = pos.outcome()
    assert (outcome.result, outcome.reason) == ("1-0", "Blue and Green have lost a royal piece")


# ---------------------------------------------------------------------- Free-for-all
def test_ffa_checkmate_puts_a_player_out_at_once_for_20():
    game, pos = ffa({"h1": "rK", "a4": "bK", "g14": "yK", "n8": "gK", "b10": "rR", "d11": "rR"})
    pos.push(pos.parse_move("d11a11"))
    assert (game.dead(pos), *game.points(pos)) == (0b0010, 20, 0, 0, 0)
    assert pos.turn == 2 and pos.outcome() is None            # Blue is skipped
    assert pos.fen().endswith(" b 20,0,0,0")


def test_ffa_dead_pieces_neither_move_nor_check_and_score_nothing():
    pieces = {"h1": "rK", "a4": "bK", "g12": "yK", "n8": "gK", "g11": "bQ", "f13": "bR"}
    game, pos = ffa(pieces, turn="y", dead="b", points="3,0,4,1")
    assert not pos.in_check()                                  # the grey queen gives no check
    moves = names(game, pos)
    assert "g12g11" in moves and "g12f12" in moves             # next to the grey queen, onto the grey rook's line
    pos.push(pos.parse_move("g12g11"))
    assert (game.dead(pos), *game.points(pos)) == (0b0010, 3, 0, 4, 1)                   # a dead queen scores nothing


def test_ffa_capture_points_and_a_promoted_queen_worth_one():
    kings = {"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK"}
    game, pos = ffa({**kings, "e5": "rQ", "e9": "bR", "j6": "yD", "i5": "gB"})
    pos.push(pos.parse_move("e5e9"))
    assert game.points(pos)[0] == 5
    game, pos = ffa({**kings, "e5": "rQ", "e9": "bD", "j6": "yD"})
    pos.push(pos.parse_move("e5e9"))
    assert game.points(pos)[0] == 1


def test_ffa_double_check_scores_5():
    """worldseniors2014.org: "Delivering a double-check is worth +5, and triple-checks are worth +15"."""
    game, pos = ffa({"h1": "rK", "e9": "bK", "d14": "yK", "k9": "gK", "h4": "rQ"})
    pos.push(pos.parse_move("h4h12"))         # the diagonals h12-e9 and h12-k9
    assert (game.dead(pos), *game.points(pos)) == (0, 5, 0, 0, 0)


def test_ffa_stalemate_puts_the_player_out_and_the_others_score_10():
    game, pos = ffa({"h1": "rK", "a4": "bK", "g14": "yK", "n8": "gK", "b10": "rR", "n6": "rR"})
    pos.push(pos.parse_move("n6n5"))          # Blue's king on a4 has no move and is not in check
    assert (game.dead(pos), *game.points(pos)) == (0b0010, 10, 0, 10, 10)
    assert pos.turn == 2


def test_ffa_a_live_king_taken_scores_20():
    game, pos = ffa({"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK", "k8": "yR"}, turn="y")
    pos.push(pos.parse_move("k8n8"))
    assert (game.dead(pos), *game.points(pos)) == (0b1000, 0, 0, 20, 0)


def test_ffa_a_player_out_on_time_keeps_a_live_king_worth_20():
    """chess.com's FFA (worldseniors2014.org quoting its rules panel): a player whose time runs out is out, and
    its king stays live, worth 20 to whoever takes it; the others play on."""
    game, pos = ffa({"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK", "a10": "rR"}, turn="b")
    pos.push(pos.parse_move("timeout"))                   # Blue's flag fell at its turn
    assert (game.dead(pos), *game.points(pos)) == (0b0010, 0, 0, 0, 0)
    assert pos.turn == 2 and pos.outcome() is None
    assert pos.fen().split()[-2] == "B"                   # out, its king still live
    assert load_position(game, pos.fen()).fen() == pos.fen()
    pos.push(pos.parse_move("g14f14"))
    pos.push(pos.parse_move("n8n7"))
    assert pos.turn == 0                                  # Blue's turns are skipped
    pos.push(pos.parse_move("a10a7"))                     # Red takes Blue's king: +20
    assert (game.dead(pos), *game.points(pos)) == (0b0010, 20, 0, 0, 0)
    assert pos.fen().split()[-2] == "b"
    pos.pop()
    pos.pop()
    pos.pop()
    pos.pop()
    assert pos.turn == 1 and game.dead(pos) == 0 and pos.fen().split()[-2] == "-"


def test_ffa_the_last_but_one_out_on_time_gives_the_last_20_and_ends_the_game():
    game, pos = ffa({"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK"}, dead="by", points="10,0,0,5")
    pos.push(pos.parse_move("timeout"))                   # Red's flag falls, Green alone is left: +20
    outcome = pos.outcome()
    assert (outcome.result, outcome.termination) == ("10-0-0-25", "elimination")


def test_ffa_ends():
    kings = {"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK"}
    game, pos = ffa(kings, dead="by", points="30,0,0,5")
    outcome = pos.outcome()
    assert (outcome.result, outcome.termination) == ("30-0-0-5", "lead")
    game, pos = ffa(kings, dead="by", points="25,0,0,5")          # 20 ahead is not enough
    assert pos.outcome() is None
    game, pos = ffa({**kings, "e5": "rQ"}, points="1,2,3,4", halfmove=99)
    pos.push(pos.parse_move("e5e6"))
    outcome = pos.outcome()
    assert (outcome.result, outcome.termination) == ("11-12-13-14", "fifty")
    game, pos = ffa(kings, dead="byg", points="0,0,0,0")
    assert pos.outcome().termination == "elimination"


# ---------------------------------------------------------------------- FEN4 and PGN4
@pytest.mark.skipif(not FOURPCHESS.exists(), reason="4pchess's sources are not on this machine")
def test_fen4_of_4pchess_balanced_openings():
    """Every 10th of 4pchess's 10,000 balanced FEN4 openings reads and is written back as it was."""
    lines = subprocess.run(["git", "--git-dir", str(FOURPCHESS), "show", "HEAD:FENs_4PC_balanced.txt"],
                           capture_output=True, text=True).stdout.split()
    assert len(lines) == 10_000
    game = get_game("fourplayer-teams")
    for line in lines[::10]:
        assert write_fen4(load_position(game, line)) == line

def test_fen4_with_dead_players_and_points():
    game, pos = ffa({"h1": "rK", "a4": "bK", "g14": "yK", "n8": "gK", "b10": "rR", "d11": "rR", "k6": "bN"})
    pos.push(pos.parse_move("d11a11"))
    text = write_fen4(pos)
    assert text.startswith("Y-0,1,0,0-0,0,0,0-0,0,0,0-20,0,0,0-1-") and ",dN," in text
    assert load_position(game, text).fen() == pos.fen()


@pytest.mark.parametrize("text, reason", [
    ("R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x", "14 ranks"),
    ("Q-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-" + START_FEN4.split("-", 6)[6], "not FEN4"),
    (START_FEN4.replace("x,x,x,yR", "yR,x,x,yR"), "cut corner"),
    (START_FEN4.replace("0-0-x", "0-z-x"), "halfmove"),
    (START_FEN4.replace("yR,yN", "yR,yZ"), "bad cell"),
])
def test_bad_fen4_is_one_line(text, reason):
    game = get_game("fourplayer-teams")
    with pytest.raises(FenError) as exc:
        load_position(game, text)
    assert "\n" not in str(exc.value)


@pytest.mark.parametrize("name", ["fourplayer-teams", "fourplayer-ffa"])
def test_pgn4_round_trip(name):
    game = get_game(name)
    rng = random.Random(11)
    pos = game.position()
    moves = []
    while pos.outcome() is None and len(moves) < 240:
        legal = pos.legal_moves()
        caps = [m for m in legal if pos.board[m[1]]]
        move = rng.choice(caps if caps and rng.random() < 0.6 else legal)
        moves.append(move)
        pos.push(move)
    text = write_pgn4(game.position(), moves, {"Red": "a", "Blue": "b"}, pos.outcome())
    assert text.splitlines()[0] == f'[Variant "{"FFA" if name.endswith("ffa") else "Teams"}"]'
    assert "\n1. " in text and " .. " in text
    start, again, tags = read_pgn4(game, text)
    assert again == moves and tags["Red"] == "a"


def test_pgn4_reads_chess_com_move_forms():
    """Captures without the taken piece's letter, check marks and annotations are read; castling is O-O."""
    game = get_game("fourplayer-teams")
    text = "[Variant \"Teams\"]\n\n1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8\n2. Qg1-j4+ .. Qa8xQ? .. \n"
    with pytest.raises(MoveError, match="ply 6"):
        read_pgn4(game, text)
    start, moves, _ = read_pgn4(game, "1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8 2. Qg1-j4+ .. b9-d9!? { a comment }")
    assert len(moves) == 6 and start.fen() == game.position().fen()
    pieces = {"h1": "rK", "k1": "rR", "d1": "rR", "a7": "bK", "g14": "yK", "n8": "gK", "e5": "bR"}
    pos = load_position(game, f"{board(pieces)} r rKrQ - 0 1")
    castle = next(m for m in pos.legal_moves() if m[3] == CASTLE and game.names.name(m[1]) == "j1")
    after = pos.copy()
    after.push(castle)
    take = after.parse_move("e5e1")
    text = write_pgn4(pos, [castle, take])
    assert "1. O-O .. Re5-e1" in text
    _, again, _ = read_pgn4(game, text)
    assert again == [castle, take]
    _, again, _ = read_pgn4(game, text.replace("Re5-e1", "Re5xe1+") if False else text)
    assert again == [castle, take]

def test_show_prints_fen4():
    out = subprocess.run([str(ROOT / ".venv/bin/hyperchess"), "show", "fourplayer-ffa", "--fen4", "-m", "h2h4"],
                         capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.splitlines()[-1].startswith("B-0,0,0,0-1,1,1,1-")
    out = subprocess.run([str(ROOT / ".venv/bin/hyperchess"), "show", "normal", "--fen4"], capture_output=True,
                         text=True)
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1


def test_ffa_a_move_is_legal_against_the_armies_live_when_it_is_made():
    """Blue, in check from Yellow's bishop, may not answer with a rook move that mates Yellow (and so would turn
    the checking bishop grey): the mover's king must be safe from the armies live when it moves."""
    pieces = {"h1": "rK", "a7": "bK", "k14": "bR", "g12": "bN", "g14": "yK", "f13": "yP", "g13": "yP", "h13": "yP",
              "b6": "yB", "n8": "gK"}
    game, pos = ffa(pieces, turn="b")
    assert pos.in_check()
    moves = names(game, pos)
    assert "k14h14" not in moves and "a7b6" in moves
    # the same rook move mates Yellow when Blue is not in check
    game, pos = ffa({k: v for k, v in pieces.items() if k != "b6"}, turn="b")
    pos.push(pos.parse_move("k14h14"))
    assert game.dead(pos) == 0b0100 and game.points(pos)[1] == 20


def test_pgn_check4_command(tmp_path):
    game = get_game("fourplayer-teams")
    pos = load_position(game, None, "h2h3 b7c7 g13g12 m8l8".split())
    record = tmp_path / "game.pgn4"
    record.write_text(write_pgn4(game.position(), [m for m in pos.move_stack]))
    run = [str(ROOT / ".venv/bin/hyperchess"), "pgn", "check4", str(record), "-v", "fourplayer-teams"]
    out = subprocess.run(run, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.splitlines()[0].endswith("4 moves, all legal; not over")
    assert out.stdout.splitlines()[1] == write_fen4(pos)
    record.write_text(record.read_text().replace("g13-g12", "g13-g9"))
    out = subprocess.run(run, capture_output=True, text=True)
    assert out.returncode == 2 and "ply 3" in out.stderr and len(out.stderr.splitlines()) == 1


def test_a_dead_army_is_drawn_grey():
    game, pos = ffa({"h1": "rK", "a4": "bK", "g14": "yK", "n8": "gK", "b10": "rR", "d11": "rR", "k6": "bN"})
    pos.push(pos.parse_move("d11a11"))
    assert [c for c in range(4) if pos.eliminated(c)] == [1]
    from hyperchess.pictures.svg import render_svg
    svg = render_svg(pos)
    assert svg.count('class="piece eliminated"') == 2          # Blue's king and knight


def test_the_games_list_names_the_sides_as_the_built_game_does():
    """The web board's seat labels come from ``game_summary``: read from the file (``describe``) before the game
    is built, from the game after; both say the same ("Red" before and "red" after, until 2026-12-07)."""
    from hyperchess.variants import FILE_GAMES
    from hyperchess.variants.formats.filegame import describe
    for name in ("fourplayer-teams", "fourplayer-ffa"):
        assert describe(FILE_GAMES[name])[4] == get_game(name).drawing.side_names == ("red", "blue", "yellow", "green")
