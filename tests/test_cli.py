"""The command line: tables, perft output contract, pictures, and one-line errors with exit status 2."""
import subprocess
import sys

from click.testing import CliRunner

from hyperchess.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_variants_table_lists_games_with_board_and_players():
    result = run("variants")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].split()[:3] == ["name", "board", "players"]
    rows = {line.split()[0]: line.split() for line in lines[1:]}
    assert rows["normal"][1:3] == ["8x8", "2"]
    assert rows["capablanca"][1:3] == ["10x8", "2"]


def test_perft_last_line_and_divide():
    result = run("perft", "normal", "2", "--divide")
    assert result.exit_code == 0
    out = result.stdout.splitlines()
    assert out[-1] == "Nodes searched: 400"
    per_move = dict(line.split(": ") for line in out if line and not line.startswith("Nodes"))
    assert len(per_move) == 20 and per_move["e2e4"] == "20"


def test_perft_from_position():
    result = run("perft", "normal", "3", "--position",
                 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    assert result.stdout.splitlines()[-1] == "Nodes searched: 97862"


def test_show_draws_the_board():
    result = run("show", "normal")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "8 r n b q k b n r"
    assert lines[8] == "  a b c d e f g h"


def test_bad_input_is_one_line_exit_2_no_traceback():
    for args in (["perft", "nosuchgame", "2"], ["perft", "normal", "0"], ["perft", "normal", "-3"],
                 ["show", "normal", "--position", "rnbqkbnr/ppp w"],
                 ["perft", "normal", "2", "--position", "8/8/8/8/8/8/8/8 q - - 0 1"]):
        proc = subprocess.run([sys.executable, "-m", "hyperchess", *args], capture_output=True, text=True)
        assert proc.returncode == 2, args
        assert proc.stdout == ""
        assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr, proc.stderr


def test_help_explains():
    result = run("--help")
    assert result.exit_code == 0
    for word in ("perft", "show", "variants"):
        assert word in result.output


def test_repeated_moves_options_add_up():
    one = run("show", "normal", "--moves", "e2e4", "e7e5", "g1f3")
    for args in (["-m", "e2e4", "-m", "e7e5", "-m", "g1f3"], ["--moves", "e2e4", "--moves", "e7e5", "g1f3"],
                 ["-m", "e2e4", "e7e5", "--moves=g1f3"]):
        result = run("show", "normal", *args)
        assert result.exit_code == 0, result.output
        assert result.output.splitlines()[-1] == one.output.splitlines()[-1]
    assert one.output.splitlines()[-1].startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b")
    bad = run("perft", "normal", "1", "-m", "e2e4", "-m", "e2e4")
    assert bad.exit_code == 2 and "at ply 2" in bad.output


def test_a_four_player_pgn_names_every_seat():
    from hyperchess.tournament.pgn import check_pgn
    from hyperchess.web.session import Session
    s = Session("future-generation", ["human", "engine", "human", "engine"], 0.1)
    try:
        text = s.pgn()
    finally:
        s.close()
    tags = [line for line in text.splitlines() if line.startswith(("[White ", "[Black ", "[Gold ", "[Silver "))]
    assert tags == ['[White "Human"]', '[Black "hyperchess"]', '[Gold "Human"]', '[Silver "hyperchess"]']
    assert check_pgn(text).error is None


def test_variants_long_names_every_games_source():
    """Issue 47: every shipped game names where its rules come from; a file game's source is its own (not
    inherited through ``extends``: amazon is not nocastle's)."""
    import tomllib
    from pathlib import Path

    from hyperchess.variants import REGISTRY, get_game
    shipped = set(REGISTRY)
    for path in (Path(__file__).parents[1] / "hyperchess" / "variants" / "games").glob("*.toml"):
        shipped |= set(tomllib.loads(path.read_text(encoding="utf-8")))
    # 21 before issue 59, then crazyhouse and cylinderhouse; alice, marseillais, monster, fogofwar,
    # fourplayer-teams and fourplayer-ffa (69)
    assert len(shipped) == 29
    result = run("variants", "--long")
    assert result.exit_code == 0
    blocks = {b.split(":", 1)[0]: b for b in result.output.strip().split("\n\n")}
    assert shipped <= set(blocks)
    for name in shipped:
        source = get_game(name).source
        assert len(source) > 20 and f"  source: {source}" in blocks[name], name
    assert "variant.cpp, amazon_variant" in get_game("amazon").source
    assert "jocly" in get_game("raumschach").source.lower()
    assert "--long" in run("variants", "--help").output


def test_match_help_names_both_protocols_and_their_keys():
    out = " ".join(run("match", "--help").output.split())
    assert "CECP (XBoard) and UCI engines" in out and "proto=uci" in out and "proto=xboard|uci" in out
    for key in ("option.NAME=VALUE", "setoption name NAME value VALUE", "wtime/btime", "movetime", "UCI_Variant"):
        assert key in out, key
