"""First Contact (shared/rules/first-contact.md): every worked example of §C(d), perft, notation and the
position string."""
from __future__ import annotations

import random

import pytest

from hyperchess.variants import FenError, MoveError, get_game
from hyperchess.variants.games.first_contact import DROP, PLACE, PLATFORM, POSITION_88, FirstContact
from hyperchess.variants.core.perft import perft

GAME = get_game("first-contact")
RESERVES = "[QRRBBNNPPPPPPPPqrrbbnnpppppppp]"
# §C(d) first example: platforms Wa1u, Wd1u, Ba4u, Bd4u; White King Wb2; Black King Bc3; turn 7 (White).
POS88 = POSITION_88
SETUP88 = "@Wa1u @Ba4u @Wd1u @Bd4u K@Wb2 K@Bc3".split()


def cell(name: str) -> int:
    return GAME.names.parse(name)


def smith_targets(pos, frm: str) -> set[str]:
    """Smith names of the cells the piece on ``frm`` may move to."""
    c = cell(frm)
    return {GAME.names.smith(m[1]) for m in pos.legal_moves() if m[0] == c and m[3] < PLACE}


def play_position(fixed_w: str = "4/4/4/4", fixed_n: str = "4/4/4/4", fixed_b: str = "4/4/4/4",
                  platforms: str = "-", reserves: str = "-", side: str = "w", last: str = "-", game=GAME):
    return game.position(f"{fixed_b}|{fixed_n}|{fixed_w} {side} - - 0 10 {platforms} {reserves} play {last}")


# ---------------------------------------------------------------------------------------------- geometry
def test_names_and_aliases():
    assert GAME.names.name(cell("Nb3")) == "b54"          # §C(b): Nb3 = b54
    assert GAME.names.name(cell("Wa1u:b2")) == "a13"      # Wa1u:b2 = a13
    assert GAME.names.name(cell("Wc3")) == "c32"
    # Wa1u = z0, a0, z1, a1 at elevation 3; Wa1u:a1 is the lower-file, lower-rank cell
    wa1u = GAME.point_by_name["Wa1u"]
    assert [GAME.names.name(c) for c in wa1u.cells] == ["z03", "a03", "z13", "a13"]
    assert [GAME.names.name(c) for c in GAME.point_by_name["Nd4u"].cells] == ["d65", "e65", "d75", "e75"]
    assert len(GAME.points) == 24 and GAME.geometry.size == 48 + 96
    # elevation 3, file z, along the ranks: W.1u, N.1d, W.4u, N.4d
    elev3 = [GAME.names.smith(GAME.geometry.cell(0, y, 2)).split(":")[0] for y in range(0, 8, 2)]
    assert elev3 == ["Wa1u", "Na1d", "Wa4u", "Na4d"]


# ---------------------------------------------------------------------------------------------- perft
def test_perft_from_the_empty_start():
    pos = GAME.position()
    assert [perft(pos, d) for d in (1, 2, 3)] == [24, 24 * 23, 24 * 23 * 22]
    assert {GAME.move_name(pos, m) for m in pos.legal_moves()} == {"@" + p.name for p in GAME.points}


def test_the_88_action_position():
    pos = GAME.position(POS88)
    moves = pos.legal_moves()
    king = {GAME.names.smith(m[1]) for m in moves if m[3] < PLACE}
    assert king == {"Wa1", "Wa2", "Wa3", "Wb1", "Wb3", "Wc1", "Wc2", "Wc3", "Wa1u:b2"}
    drops = [m for m in moves if m[3] == DROP]
    assert len(drops) == 75 and {GAME.pieces[GAME.kind_of[m[2]]].letter for m in drops} == set("QRBNP")
    assert {m[1] for m in drops} == set(GAME.fixed_cells["W"]) - {cell("Wb2")}
    platform = {pos.move_name(m) for m in moves if m[3] == PLATFORM}
    assert platform == {"Wa1u-Wa1d", "Wd1u-Wd1d", "Ba4u-Ba4d", "Bd4u-Bd4d"}
    assert len(moves) == 88
    assert perft(pos, 2) == 7739


def test_the_88_action_position_is_reached_from_the_start():
    pos = GAME.position()
    for text in SETUP88:
        pos.push(pos.parse_move(text))
    assert pos.fen() == POS88
    assert GAME.phase(pos) == "play"


def test_king_phase_drops_on_own_level_only():
    pos = GAME.position()
    for text in SETUP88[:4]:
        pos.push(pos.parse_move(text))
    assert GAME.phase(pos) == "kings"
    moves = pos.legal_moves()
    assert len(moves) == 16 and all(m[3] == DROP and m[1] in GAME.fixed_cells["W"] for m in moves)
    pos.push(moves[0])
    assert all(m[1] in GAME.fixed_cells["B"] for m in pos.legal_moves()) and len(pos.legal_moves()) == 16
    with pytest.raises(MoveError):
        pos.parse_move("K@Wb2")


# ---------------------------------------------------------------------------------------------- piece lists
def test_rook_with_the_88_platforms():
    pos = play_position("4/4/4/R3", platforms="Wa1u,Wd1u,Ba4u,Bd4u")
    assert smith_targets(pos, "Wa1") == {"Wa2", "Wa3", "Wa4", "Wb1", "Wc1", "Wd1", "Wa1u:b2"}


TWO = "Na1d,Wa4u"     # §C(d): platforms Na1d and Wa4u, all other pieces off the board


def test_knight_wa3():
    pos = play_position("4/N3/4/4", platforms=TWO)
    assert smith_targets(pos, "Wa3") == {"Wb1", "Wc2", "Wc4", "Wa4u:b2", "Na2", "Nb1"}


def test_knight_needs_the_platform_to_change_level():
    pos = play_position("4/N3/4/4", platforms="Wa4u")
    assert smith_targets(pos, "Wa3") == {"Wb1", "Wc2", "Wc4", "Wa4u:b2"}


def test_knight_wa4():
    pos = play_position("N3/4/4/4", platforms=TWO)
    assert smith_targets(pos, "Wa4") == {"Wb2", "Wc3", "Na1d:b1", "Na1", "Na3", "Nb2"}


def test_rook_wa3():
    pos = play_position("4/R3/4/4", platforms=TWO)
    assert smith_targets(pos, "Wa3") == {"Wa1", "Wa2", "Wa4", "Wb3", "Wc3", "Wd3", "Na1d:b2", "Na1"}


def test_queen_wa4():
    pos = play_position("Q3/4/4/4", platforms=TWO)
    assert smith_targets(pos, "Wa4") == {"Wa1", "Wa2", "Wa3", "Wb3", "Wc2", "Wd1", "Wb4", "Wc4", "Wd4",
                                         "Wa4u:b1", "Na2", "Wa4u:a2", "Na1d:a2"}


def test_bishop_wb3():
    pos = play_position("4/1B2/4/4", platforms=TWO)
    assert smith_targets(pos, "Wb3") == {"Wa2", "Wa4", "Wc2", "Wd1", "Wc4", "Wa4u:b1", "Na1d:b1"}


def test_pawn_wa3():
    pos = play_position("4/P3/4/4", platforms=TWO)
    assert smith_targets(pos, "Wa3") == {"Wa2", "Wa4", "Wb3", "Na1d:b2"}
    # a Black pawn on Nb2 (two elevations away: not attacked) and a Black knight on Na1d:a1 (captured)
    pos = play_position("4/P3/4/4", "4/4/1p2/4", platforms="Na1d:2/n1,Wa4u")
    assert smith_targets(pos, "Wa3") == {"Wa2", "Wa4", "Wb3", "Na1d:b2", "Na1d:a1"}
    assert pos.attacked(cell("Na1d:a1"), (0,)) and not pos.attacked(cell("Nb2"), (0,))


def test_slides_stop_at_missing_cells():
    pos = play_position("4/4/4/R3", platforms="-")
    assert smith_targets(pos, "Wa1") == {"Wa2", "Wa3", "Wa4", "Wb1", "Wc1", "Wd1"}


# ---------------------------------------------------------------------------------------------- goal
def test_win_by_drop():
    pos = play_position(fixed_n="4/4/k3/4", platforms="Na1d", reserves="[N]")
    drop = pos.parse_move("N@Wa3")
    assert drop == (cell("Wa3"), cell("Wa3"), GAME.letters["N"], DROP)
    assert pos.outcome() is None
    pos.push(drop)
    assert pos.attacked(cell("Na2"), (0,))
    outcome = pos.outcome()
    assert outcome.result == "1-0" and outcome.termination == "check"
    assert pos.legal_moves() == []


def test_a_move_into_check_is_illegal():
    # White king Wa1, Black rook Wd2: Wa2/Wb2 are attacked along rank 2
    pos = play_position("4/4/3r/K3", fixed_b="4/4/4/k3")
    assert smith_targets(pos, "Wa1") == {"Wb1"}


def test_no_legal_action_is_a_draw():
    # White: king alone on Wa1, boxed in by a queen that cannot be taken without moving into check
    pos = play_position("4/1q2/4/K3", fixed_b="4/4/4/k3", side="w")
    assert pos.legal_moves() == []
    assert pos.outcome().result == "1/2-1/2"


# ---------------------------------------------------------------------------------------------- platforms
PLAT = "Wa1u:1P/2,Na1d,Ba4u,Bd4u"     # P1 = Wa1u with a White pawn on b2, P2 = Na1d empty, P3, P4


def test_the_six_platform_moves():
    pos = play_position(fixed_b="4/4/4/k3", fixed_w="4/4/4/3K", platforms=PLAT)
    platform = {pos.move_name(m) for m in pos.legal_moves() if m[3] == PLATFORM}
    assert platform == {"Wa1u-Wd1u", "Wa1u-Wa4u", "Wa1u-Na1u", "Na1d-Na1u", "Ba4u-Ba4d", "Bd4u-Bd4d"}
    with pytest.raises(MoveError):
        pos.parse_move("Wa1u-Wa1d")            # not empty: it may not invert
    move = pos.parse_move("Wa1u-Na1u")
    assert move[:2] == (cell("Wa1u:b2"), cell("Na1u:b2"))
    pos.push(move)
    assert GAME.names.name(cell("Na1u:b2")) == "a35"      # directly above Na1 = a34
    assert pos.board[cell("a35")] == GAME.letters["P"] and GAME.last_platform(pos).name == "Na1u"
    assert not GAME.cell_exists(pos, cell("Wa1u:b2"))
    black = {pos.move_name(m) for m in pos.legal_moves() if m[3] == PLATFORM}
    assert not any(name.startswith("Na1u") for name in black)
    pos.push(pos.parse_move("Ba1-Ba2"))                   # Black king moves: no platform moved
    assert not any(pos.move_name(m).startswith("Na1u") for m in pos.legal_moves())
    pos.push(pos.parse_move("d12d22"))
    pos.push(pos.parse_move("Ba4u-Ba4d"))                 # another platform moves ...
    assert any(pos.move_name(m).startswith("Na1u-") for m in pos.legal_moves())    # ... P1 may move again
    assert pos.fen().split()[6:] == ["Na1u:1P/2,Na1d,Ba4d,Bd4u", "-", "play", "Ba4d"]


def test_platform_with_an_enemy_pawn_or_two_pieces_stays():
    pos = play_position(fixed_b="4/4/4/k3", fixed_w="4/4/4/3K", platforms="Wa1u:1p/2,Wd1u:PP/2")
    assert [m for m in pos.legal_moves() if m[3] == PLATFORM] == []


def test_rule_option_c1_empty_platforms_slide():
    lenient = FirstContact(empty_platforms_slide=True)
    fen = "4/4/4/k3|4/4/4/4|4/4/4/3K w - - 0 10 Na1d - play -"
    strict = {GAME.move_name(GAME.position(fen), m) for m in GAME.position(fen).legal_moves() if m[3] == PLATFORM}
    pos = lenient.position(fen)
    loose = {lenient.move_name(pos, m) for m in pos.legal_moves() if m[3] == PLATFORM}
    assert strict == {"Na1d-Na1u"}
    assert loose == {"Na1d-Na1u", "Na1d-Nd1d", "Na1d-Na4d"}


def test_rule_option_c4_lenient_knights():
    # Knight Wb3 -> Na1 (-1, 0, +2): the cell above Wb3 does not exist, the one below Na1 is Na1d:b2
    fen = "4/4/4/4|4/4/4/4|4/1N2/4/4 w - - 0 10 Na1d - play -"
    strict = GAME.position(fen)
    assert "Na1" not in smith_targets(strict, "Wb3")
    lenient = FirstContact(lenient_knights=True)
    pos = lenient.position(fen)
    assert "Na1" in {lenient.names.smith(m[1]) for m in pos.legal_moves() if m[0] == cell("Wb3")}
    assert pos.attacked(cell("Na1"), (0,)) and not strict.attacked(cell("Na1"), (0,))


# ---------------------------------------------------------------------------------------------- notation
def test_notation_aliases():
    pos = GAME.position(POS88)
    assert pos.parse_move("Wb2-Wa1u:b2") == pos.parse_move("b22a13") == pos.parse_move("Wb2a13")
    assert pos.parse_move("n@Wa3") == pos.parse_move("N@a32")
    assert pos.parse_move("Wa1uWa1d") == pos.parse_move("Wa1u-Wa1d")
    start = GAME.position()
    assert start.parse_move("Wa1u") == start.parse_move("@Wa1u")
    for bad in ("", "K@", "x", "@Wa1", "Wa1u-Wa1x", "a99a98", "K@b22", "Wa1u-Wa1u", "b22b22"):
        with pytest.raises((MoveError, ValueError)):
            pos.parse_move(bad)


def random_games(n_games: int, seed: int, max_plies: int = 80):
    rng = random.Random(seed)
    for _ in range(n_games):
        pos = GAME.position()
        for _ in range(max_plies):
            moves = pos.legal_moves()
            if not moves:
                break
            yield pos, moves
            pos.push(rng.choice(moves))
        yield pos, pos.legal_moves()


def test_notation_and_position_string_round_trip_along_random_games():
    kinds = set()
    for pos, moves in random_games(12, 11):
        for m in moves:
            assert pos.parse_move(pos.move_name(m)) == m
            kinds.add(m[3])
        fen = pos.fen()
        again = GAME.position(fen)
        assert again.fen() == fen and again.hash == pos.hash and again.score == pos.score
        assert sorted(again.legal_moves()) == sorted(moves)
    assert {PLACE, DROP, PLATFORM, 0} <= kinds


def test_push_pop_restores_everything():
    for pos, moves in random_games(4, 5, 60):
        before = (pos.fen(), pos.hash, pos.score, pos.board[:])
        for m in moves:
            pos.push(m)
            pos.pop()
        assert (pos.fen(), pos.hash, pos.score, pos.board) == before


class AskedEveryMove(FirstContact):
    """The same game with the core's default: ``extra_after_move`` asked after every move, and counted."""
    extra_on_special_only = False

    def __init__(self) -> None:
        self.asked: list[int] = []
        super().__init__()

    def extra_after_move(self, pos, move, moved, captured):
        self.asked.append(move[3])
        return super().extra_after_move(pos, move, moved, captured)


def test_extra_state_asked_on_special_moves_only_changes_nothing():
    """``extra_on_special_only``: push skips the hook for piece moves, and every position, key and move list
    along random games is the one the game asked after every move gives."""
    asked = AskedEveryMove()
    for seed in range(3):
        rng = random.Random(seed)
        fast, slow = GAME.position(), asked.position()
        for _ in range(70):
            moves = fast.legal_moves()
            assert moves == slow.legal_moves()
            if not moves or fast.outcome(claim_draw=False):
                break
            m = moves[rng.randrange(len(moves))]
            fast.push(m)
            slow.push(m)
            assert ((fast.fen(), fast.hash, fast.extra, fast.halfmove)
                    == (slow.fen(), slow.hash, slow.extra, slow.halfmove))
    assert {PLACE, DROP, PLATFORM, 0} <= set(asked.asked)     # plain moves were met, and asked about there


@pytest.mark.parametrize("fen, why", [
    ("4/4/4/4|4/4/4/4 w - - 0 1 - - place -", "3 fixed levels"),
    ("4/4/4/4|4/4/4/4|4/4/4/4 w - - 0 1 - - place", "4 fields"),
    ("4/4/4/4|4/4/4/4|4/4/4/4 w - - 0 1 Xa1u - place -", "unknown platform point"),
    ("4/4/4/4|4/4/4/4|4/4/4/4 w - - 0 1 Wa1u,Wa1u - place -", "listed twice"),
    ("4/4/4/4|4/4/4/4|4/4/4/4 w - - 0 1 - [KK] place -", "more than 1 king"),
    ("4/4/4/4|4/4/4/4|4/4/4/4 w - - 0 1 - - later -", "bad phase"),
    ("4/4/4/4|4/4/4/4|4/4/4/K3 w - - 0 1 - - place -", "no piece stands"),
    ("4/4/4/4|4/4/4/4|4/4/4/4 w - - 0 1 - [K] play -", "play phase"),
    ("4/4/4/4|4/4/4/4|4/4/4/4 w - - 0 1 - - play Wa1u", "last-moved platform"),
    ("4/4/4/4|4/4/4/4|4/4/4/5 w - - 0 1 - - play -", "5 files"),
    ("4/4/4/4|4/4/4/4|4/4/4/4 w - - 0 1 Wa1u:3/2 - play -", "platform Wa1u"),
])
def test_bad_position_strings(fen, why):
    with pytest.raises(FenError, match=why):
        GAME.position(fen)


# ---------------------------------------------------------------------------------------------- command line
def test_cli_perft_reproduces_the_counts():
    from click.testing import CliRunner

    from hyperchess.cli import main
    out = CliRunner().invoke(main, ["perft", "first-contact", "3"]).stdout.splitlines()
    assert out[-1] == "Nodes searched: 12144"
    out = CliRunner().invoke(main, ["perft", "first-contact", "2", "--position", POSITION_88]).stdout.splitlines()
    assert out[-1] == "Nodes searched: 7739"
    # the 88-action position reached from the start with --moves
    out = CliRunner().invoke(main, ["perft", "first-contact", "2", "--moves", *SETUP88]).stdout.splitlines()
    assert out[-1] == "Nodes searched: 7739"
    shown = CliRunner().invoke(main, ["show", "first-contact", "--moves", *SETUP88]).stdout.splitlines()
    assert shown[-1] == POSITION_88


def test_cli_moves_errors_are_one_line():
    from click.testing import CliRunner

    from hyperchess.cli import main
    for args, why in ((["--moves", "@Wa1u", "@Wa1u"], "move '@Wa1u' at ply 2 refused: illegal move"),
                      (["@Wa1u"], "unexpected extra argument (@Wa1u)"),
                      (["--moves", "Q@zz9"], "move 'Q@zz9' at ply 1 refused: malformed move")):
        result = CliRunner().invoke(main, ["perft", "first-contact", "1", *args])
        assert result.exit_code == 2 and why in result.stderr and "Traceback" not in result.output


# ---------------------------------------------------------------------------------------------- oracle
def test_generator_agrees_with_an_independent_oracle_along_random_games():
    """tests/first_contact_oracle.py lists legal actions straight from the contract, from the position string
    alone; the shared generator must list exactly the same names at every ply of random games (both rule
    options too)."""
    from first_contact_oracle import Oracle
    checked = 0
    for options, seed, games in (({}, 21, 10), ({"lenient_knights": True, "empty_platforms_slide": True}, 22, 4)):
        game = FirstContact(**options) if options else GAME
        rng = random.Random(seed)
        for _ in range(games):
            pos = game.position()
            for _ in range(70):
                ours = {game.move_name(pos, m) for m in pos.legal_moves()}
                assert ours == Oracle(pos.fen(), **options).legal(), pos.fen()
                checked += 1
                if not ours:
                    break
                pos.push(pos.parse_move(rng.choice(sorted(ours))))
    assert checked > 500
