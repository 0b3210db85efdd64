"""Games from a file (docs/variants-file.md): the shipped flat games against Fairy-Stockfish, a user's file
through every way in (``--variants``, ``HYPERCHESS_VARIANTS``, ``hyperchess check``), and hostile files, each
one line with exit status 2 (generated input too)."""
from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hyperchess.cli import main
from hyperchess.variants import get_game
from hyperchess.variants.core.perft import perft
from hyperchess.variants.formats.variantsfile import VariantsFileError, read_variants

try:
    import pyffish
except ImportError:
    pyffish = None

# perft from the start, depths 1-3, as Fairy-Stockfish counts them (pyffish 0.0.90); gothic's is the figure the
# issue names (28 / 784 / 25,283). Stored so that the suite checks them when pyffish is absent.
FSF_START = {
    "normal": [20, 400, 8902],
    "capablanca": [28, 784, 25228],
    "nocastle": [20, 400, 8902],
    "amazon": [22, 484, 12483],
    "gothic": [28, 784, 25283],
    "embassy": [28, 784, 25281],
    "chancellor": [24, 576, 15896],
    "knightmate": [18, 324, 6765],
    "grasshopper": [28, 782, 22314],
    "shako": [58, 3364, 185938],
    "shatranj": [16, 256, 4176],
    "courier": [26, 678, 18406],
}
needs_fsf = pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish's binding) is not installed")


def fsf_perft(variant: str, fen: str, moves: list[str], depth: int) -> int:
    legal = pyffish.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(variant, fen, moves + [m], depth - 1) for m in legal)


@pytest.mark.parametrize("variant", list(FSF_START))
def test_shipped_flat_games_count_as_fairy_stockfish_from_the_start(variant):
    pos = get_game(variant).position()
    assert [perft(pos, d) for d in (1, 2, 3)] == FSF_START[variant]


@needs_fsf
@pytest.mark.parametrize("variant", list(FSF_START))
def test_shipped_flat_games_against_fairy_stockfish(variant):
    """The same start position string, the stored counts, and perft 2 from 20 positions of random play."""
    game = get_game(variant)
    start = pyffish.start_fen(variant)
    assert game.position(start).fen() == game.position().fen()
    assert [fsf_perft(variant, start, [], d) for d in (1, 2)] == FSF_START[variant][:2]
    rng = random.Random(17)
    for _ in range(20):
        moves: list[str] = []
        for _ in range(rng.randrange(4, 50)):
            legal = pyffish.legal_moves(variant, start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        fen = pyffish.get_fen(variant, start, moves)
        assert perft(game.position(fen), 2) == fsf_perft(variant, start, moves, 2), fen


FSF_BINARY = next((p for p in ("/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish") if Path(p).exists()), None)


def fsf_binary_perft(variant: str, depth: int) -> tuple[str, int]:
    """Debian's ``fairy-stockfish`` over UCI: its start position (``d``) and ``go perft DEPTH`` from it."""
    out = subprocess.run([FSF_BINARY], input=f"uci\nsetoption name UCI_Variant value {variant}\nposition startpos\n"
                         f"d\ngo perft {depth}\nquit\n", capture_output=True, text=True, timeout=1800).stdout
    fen = next((line[5:].strip() for line in out.splitlines() if line.startswith("Fen: ")), "")
    return fen, int(next(line for line in out.splitlines() if line.startswith("Nodes searched:")).split(":")[1])


@pytest.mark.slow
@pytest.mark.skipif(FSF_BINARY is None, reason="Debian's fairy-stockfish is not installed")
@pytest.mark.parametrize("variant", list(FSF_START))
def test_shipped_flat_games_depth_4(variant):
    fen, nodes = fsf_binary_perft(variant, 4)
    start = get_game(variant).position()
    if fen.split()[0] != start.fen().split()[0]:
        pytest.skip(f"this fairy-stockfish does not play {variant} (its start: {fen})")
    assert perft(start, 4) == nodes


# Lame leapers (Betza n) have no game of their own here: a test game in both engines' formats
LAME_FILE = '''
[lame]
start = "rhedkdeh/pppppppp/8/8/8/8/PPPPPPPP/RHEDKDEH w - - 0 1"
promotion = "hed"
[lame.pieces]
P = { name = "pawn", betza = "fmWfcFifmnD", value = 100, pawn = true }
R = { name = "rook", betza = "R", value = 500 }
H = { name = "horse", betza = "nN", value = 300 }
E = { name = "elephant", betza = "nA", value = 200 }
D = { name = "lame dabbaba", betza = "nDW", value = 200 }
K = { name = "king", betza = "K", value = 0, royal = true }
'''
LAME_FSF = """[lame:chess]
customPiece1 = h:nN
customPiece2 = e:nA
customPiece3 = d:nDW
startFen = rhedkdeh/pppppppp/8/8/8/8/PPPPPPPP/RHEDKDEH w - - 0 1
castling = false
promotionPieceTypes = hed
"""


def lame_game():
    from hyperchess.variants.formats.filegame import FileGame
    return FileGame(read_variants(LAME_FILE, "lame")[0])


def test_lame_leapers_count_as_fairy_stockfish_from_the_start():
    assert [perft(lame_game().position(), d) for d in (1, 2, 3)] == [16, 256, 4278]


def test_a_lame_leaper_is_blocked_on_its_leg_and_checks_through_it():
    game = lame_game()
    pos = game.position("4k3/8/8/8/8/8/4P3/4H2K w - - 0 1")
    horse = sorted(pos.move_name(m) for m in pos.legal_moves() if m[0] == game.names.parse("e1"))
    assert horse == ["e1c2", "e1g2"]          # the e2 pawn blocks the leaps to d3 and f3
    pos = game.position("4k3/8/8/8/8/3h4/3P4/4K3 w - - 0 1")
    assert not pos.in_check()                 # the horse on d3 is lame: its leg d2 is taken
    pos = game.position("4k3/8/8/8/8/3h4/8/4K3 w - - 0 1")
    assert pos.in_check() and "d2d1" not in [pos.move_name(m) for m in pos.legal_moves()]


@needs_fsf
def test_lame_leapers_against_fairy_stockfish():
    pyffish.load_variant_config(LAME_FSF)
    game = lame_game()
    start = pyffish.start_fen("lame")
    rng = random.Random(5)
    for _ in range(30):
        moves: list[str] = []
        for _ in range(rng.randrange(4, 70)):
            legal = pyffish.legal_moves("lame", start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        fen = pyffish.get_fen("lame", start, moves)
        assert perft(game.position(fen), 2) == fsf_perft("lame", start, moves, 2), fen


def test_hoppers_need_a_hurdle():
    game = get_game("shako")
    pos = game.position("k9/10/10/10/10/4p5/10/10/10/4C4K w - - 0 1")
    cannon = sorted(pos.move_name(m) for m in pos.legal_moves() if m[0] == game.names.parse("e1"))
    assert [m for m in cannon if m[2] == "e"] == ["e1e2", "e1e3", "e1e4"]      # no hurdle: no capture on e5
    pos = game.position("k9/10/10/10/10/4p5/10/4P5/10/4C4K w - - 0 1")
    cannon = sorted(pos.move_name(m) for m in pos.legal_moves() if m[0] == game.names.parse("e1"))
    assert [m for m in cannon if m[2] == "e"] == ["e1e2", "e1e5"]              # over e3, onto e5
    assert game.position("4k5/10/10/10/10/4c5/10/4P5/10/4K5 w - - 0 1").in_check()
    assert not game.position("4k5/10/10/10/10/4c5/10/10/10/4K5 w - - 0 1").in_check()
    grass = get_game("grasshopper").position("4k3/8/8/8/8/8/4P3/4G2K w - - 0 1")
    assert sorted(m for m in map(grass.move_name, grass.legal_moves()) if m.startswith("e1")) == ["e1e3"]


RULES_FILE = '''
[bare]
start = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
bare_king = "loss"
stalemate = "loss"
[bare.pieces]
K = { betza = "K", royal = true, value = 0 }
R = { betza = "R", value = 500 }
Q = { betza = "Q", value = 900 }
P = { betza = "fmWfcF", value = 100, pawn = true }

[gone]
extends = "bare"
check = "extinction"
bare_king = "none"
stalemate = "draw"
repetition = 0
fifty_plies = 0
'''


def test_rule_switches_end_games():
    from hyperchess.variants.formats.filegame import FileGame
    bare, gone = (FileGame(s) for s in read_variants(RULES_FILE, "rules"))
    assert str(bare.position().outcome()) == "1-0 {Black has only a bare king}"
    stalemate = "k7/P7/1K6/7p/7P/8/8/8 b - - 0 1"          # Black has a pawn, and no legal move
    assert str(bare.position(stalemate).outcome()) == "1-0 {Black is stalemated}"
    assert gone.position(stalemate).outcome() is None      # no check there: the king may walk into attack
    pos = gone.position("k7/1Q6/8/8/8/8/8/K7 b - - 0 1")
    pos.push(pos.parse_move("a8a7"))
    pos.push(pos.parse_move("b7a7"))
    assert str(pos.outcome()) == "1-0 {Black lost all royal pieces}"
    assert gone.fifty_plies > 10 ** 6 and gone.repetition == 0
    pos = gone.position("k7/8/8/8/8/8/8/K6Q w - - 0 1")
    for _ in range(3):
        for text in ("h1h2", "a8b8", "h2h1", "b8a8"):
            pos.push(pos.parse_move(text))
    assert pos.repetitions() == 4 and pos.outcome() is None


USER_FILE = '''
[mynormal]
title = "FIDE chess, from a file"
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
promotion = "qrbn"
castling = [{ king = "e1", to = "g1", rook = "h1", rook_to = "f1", letter = "K" },
            { king = "e1", to = "c1", rook = "a1", rook_to = "d1", letter = "Q" }]

[mynormal.pieces]
P = { name = "pawn", betza = "fmWfcFifmnD", value = 100, pawn = true }
N = { name = "knight", betza = "N", value = 320 }
B = { name = "bishop", betza = "B", value = 330 }
R = { name = "rook", betza = "R", value = 500 }
Q = { name = "queen", betza = "Q", value = 900 }
K = { name = "king", betza = "K", value = 0, royal = true }

[cube3]
title = "a 3x3x3 toy with 3D vectors"
files = 3
ranks = 3
levels = 3
level_names = ["a", "b", "c"]
check = "capture"
start = "k2/3/3|3/1Q1/3|3/3/K1q w - - 0 1"

[cube3.pieces]
K = { name = "king", leap = [[1, 0, 0], [1, 1, 0], [1, 1, 1]], symmetric = true, royal = true, value = 0 }
Q = { name = "queen", slide = [[1, 0, 0], [1, 1, 0], [1, 1, 1]], symmetric = true, value = 900 }
'''

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def run(*args, env=None):
    return CliRunner().invoke(main, list(args), env=env)


def test_a_users_file_through_every_way_in(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(USER_FILE)
    result = run("check", str(path))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "mynormal: 8x8, 6 piece types, perft 1 = 20, perft 2 = 400"
    assert result.output.splitlines()[1].startswith("cube3: 3x3x3, 2 piece types, perft 1 = ")
    result = run("perft", "--variants", str(path), "mynormal", "3", "--position", KIWIPETE)
    assert result.exit_code == 0 and result.stdout.splitlines()[-1] == "Nodes searched: 97862"
    result = run("show", "mynormal", "-m", "e4", "e5", "Nf3", env={"HYPERCHESS_VARIANTS": str(path)})
    assert result.exit_code == 0 and "4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" in result.output
    result = run("variants", "--variants", str(path))
    assert "mynormal" in result.output and "cube3" in result.output and "3x3x3" in result.output


def test_3d_vectors_count_as_an_independent_brute_force():
    """The toy cube's queen and king moves, counted here from the vectors alone."""
    spec = {s.name: s for s in read_variants(USER_FILE, "user")}["cube3"]
    from hyperchess.variants.formats.filegame import FileGame
    game = FileGame(spec)
    pos = game.position()
    dirs = [(x, y, z) for x in (-1, 0, 1) for y in (-1, 0, 1) for z in (-1, 0, 1) if (x, y, z) != (0, 0, 0)]
    board = {(0, 0, 0): "K", (1, 1, 1): "Q", (2, 0, 0): "q", (0, 2, 2): "k"}    # (file, rank, level)
    count = 0
    for (f, r, l), p in board.items():
        if not p.isupper():
            continue
        for d in dirs:
            x, y, z = f + d[0], r + d[1], l + d[2]
            while 0 <= x < 3 and 0 <= y < 3 and 0 <= z < 3:
                if (x, y, z) in board:
                    count += board[(x, y, z)].islower()
                    break
                count += 1
                if p == "K":
                    break
                x, y, z = x + d[0], y + d[1], z + d[2]
    assert perft(pos, 1) == count


HOSTILE = {
    "broken TOML": ("[g\nstart = 1", "not TOML"),
    "unknown key": ('[g]\nstrat = "8/8/8/8/8/8/8/8 w - - 0 1"\n[g.pieces]\nK = { betza = "K", royal = true }',
                    "did you mean 'start'?"),
    "vector of the wrong dimension": ('[g]\nlevels = 2\nstart = "k7/8/8/8/8/8/8/8|8/8/8/8/8/8/8/K7 w - - 0 1"\n'
                                      '[g.pieces]\nK = { leap = [[1, 0]], royal = true }', "not a vector of 3"),
    "start that does not fit": ('[g]\nstart = "k8/8/8/8/8/8/8/K7 w - - 0 1"\n[g.pieces]\nK = { betza = "K", royal = true }',
                                "start"),
    "a game extending itself": ('[g]\nextends = "h"\n[h]\nextends = "g"', "extends itself"),
    "a 10,000-level board": ('[g]\nlevels = 10000\nstart = "k"\n[g.pieces]\nK = { betza = "K", royal = true }',
                             "levels"),
    "a piece with no moves": ('[g]\nstart = "k7/8/8/8/8/8/8/K7 w - - 0 1"\n[g.pieces]\nK = { name = "king", royal = true }',
                              "no moves"),
    "an unknown Betza atom": ('[g]\nstart = "k7/8/8/8/8/8/8/K7 w - - 0 1"\n[g.pieces]\nK = { betza = "Y", royal = true }',
                              "Betza"),
    "a source that is not text": ('[g]\nsource = 5\nstart = "k7/8/8/8/8/8/8/K7 w - - 0 1"\n[g.pieces]\n'
                                  'K = { betza = "K", royal = true }', "source"),
    "an unknown bare_king value": ('[g]\nbare_king = "replay"\nstart = "k7/8/8/8/8/8/8/K7 w - - 0 1"\n[g.pieces]\n'
                                   'K = { betza = "K", royal = true }', "reply"),
    "a built-in game's name": ('[normal]\nstart = "k7/8/8/8/8/8/8/K7 w - - 0 1"\n[normal.pieces]\nK = { betza = "K", royal = true }',
                               "built-in"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_hostile_files_get_one_line_and_status_2(tmp_path, case):
    text, reason = HOSTILE[case]
    path = tmp_path / "bad.toml"
    path.write_text(text)
    for args in (["check", str(path)], ["perft", "--variants", str(path), "normal", "1"]):
        result = run(*args)
        lines = result.output.strip().splitlines()
        if case == "a built-in game's name" and args[0] == "check":
            continue                                   # check reads the file alone; loading it is refused
        assert result.exit_code == 2 and len(lines) == 1, (case, result.output)
        assert str(path) in lines[0] and reason in lines[0], lines[0]
        assert "Traceback" not in result.output


def test_a_bad_file_leaves_the_built_in_games(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(HOSTILE["a piece with no moves"][0])
    with pytest.raises(VariantsFileError):
        read_variants(bad.read_text(), str(bad))
    assert run("perft", "normal", "2").stdout.splitlines()[-1] == "Nodes searched: 400"
    result = run("perft", "gothic", "1", env={"HYPERCHESS_VARIANTS": str(bad)})
    assert result.exit_code == 2 and "no moves" in result.output


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=300) | st.sampled_from([t for t, _ in HOSTILE.values()]).flatmap(
    lambda t: st.integers(0, len(t)).map(lambda i: t[:i])))
def test_any_text_is_a_game_or_one_line(tmp_path, text):
    path = tmp_path / "gen.toml"
    path.write_text(text, encoding="utf-8")
    result = run("check", str(path))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    if result.exit_code != 0:
        lines = result.output.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1 and "Traceback" not in result.output


def test_a_file_game_in_matches_on_a_pool_and_on_dask(tmp_path, monkeypatch):
    """The game exists only in the user's file: the runner ships its text, so the workers (a process pool,
    then Dask's fresh worker processes) and the engines they start play it; the PGN checks clean."""
    import sys
    from pathlib import Path
    monkeypatch.setenv("HYPERCHESS_VARIANTS", "")         # what install_variants adds is undone afterwards
    path = tmp_path / "lame.toml"
    path.write_text(LAME_FILE)
    root = str(Path(__file__).resolve().parents[1])
    engine = f"cmd={sys.executable} -m hyperchess xboard"
    base = ["match", "--variants", str(path), "--variant", "lame", "--engine", engine, "name=one", "depth=1",
            f"dir={root}", "--engine", engine, "name=two", "depth=2", f"dir={root}", "--games", "2",
            "--maxmoves", "20", "-q"]
    pool = tmp_path / "pool.pgn"
    result = CliRunner().invoke(main, base + ["--concurrency", "2", "--pgnout", str(pool)], catch_exceptions=False)
    assert result.exit_code == 0 and "Runner errors: 0" in result.output, result.output
    distributed = pytest.importorskip("dask.distributed")
    dask = tmp_path / "dask.pgn"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster:
        result = CliRunner().invoke(main, base + ["--dask-scheduler", cluster.scheduler_address,
                                                  "--pgnout", str(dask)], catch_exceptions=False)
    assert result.exit_code == 0 and "Runner errors: 0" in result.output, result.output
    for pgn in (pool, dask):
        text = pgn.read_text()
        assert text.count('[Variant "lame"]') == 2
        check = CliRunner().invoke(main, ["pgn", "check", "--variants", str(path), str(pgn)])
        assert check.exit_code == 0 and "2 games" in check.output and "all legal" in check.output, check.output


FOUR_FILE = '''
[fourkings]
check = "capture"
players = [{ name = "white", letter = "w", forward = [0, 1, 0], team = 1 },
           { name = "red", letter = "r", forward = [1, 0, 0], team = 2 },
           { name = "black", letter = "b", forward = [0, -1, 0], team = 1 },
           { name = "green", letter = "g", forward = [-1, 0, 0], team = 2 }]
start = "3bK4/3bP4/rKrP4gPgK/8/8/8/3wP4/3wK4 w - - 0 1"

[fourkings.pieces]
K = { name = "king", betza = "K", value = 2000, royal = true }
P = { name = "pawn", betza = "fmWfcF", value = 100, pawn = true }
'''


def test_four_players_in_teams_from_a_file():
    from hyperchess.variants.formats.filegame import FileGame
    game = FileGame(read_variants(FOUR_FILE, "four")[0])
    assert game.players == 4 and game.teams == (0, 1, 0, 1) and game.color_names == ("white", "red", "black", "green")
    pos = game.position()
    order = []
    for _ in range(4):                        # turn order as listed; each pawn goes its own way
        order.append(game.color_names[pos.turn])
        pawn = [m for m in pos.legal_moves() if game.pieces[game.kind_of[pos.board[m[0]]]].pawn
                and not pos.board[m[1]]]
        assert len(pawn) == 1
        pos.push(pawn[0])
    assert order == ["white", "red", "black", "green"]
    assert pos.fen().split()[0] == "3bK4/8/rK1rPbP1gP1gK/8/8/3wP4/8/3wK4"
    # red loses its king: it drops out (its pawn stays, inert) and the turn skips it; green's loss ends it
    pos = game.position("8/8/rK7/wK7/8/8/8/7gK w - - 0 1")
    pos.push(pos.parse_move("a5a6"))
    assert pos.outcome() is None and game.color_names[pos.turn] == "green"
    pos = game.position("8/8/8/8/8/8/gK7/wK7 w - - 0 1")
    pos.push(pos.parse_move("a1a2"))
    assert pos.outcome().result == "1-0"


# ---------------------------------------------------------------------- generated edits of the shipped games
def _toml_value(v) -> str:
    import json
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return "{ " + ", ".join(f"{json.dumps(k)} = {_toml_value(x)}" for k, x in v.items()) + " }"


def _shipped_tables() -> dict:
    import tomllib
    from importlib import resources
    out = {}
    for entry in resources.files("hyperchess.variants").joinpath("games").iterdir():
        if entry.name.endswith(".toml"):
            out.update({k: v for k, v in tomllib.loads(entry.read_text()).items() if "extends" not in v})
    return out


SHIPPED = _shipped_tables()
_values = st.recursive(
    st.integers(-5, 20) | st.integers(-10 ** 30, 10 ** 30) | st.booleans() | st.text(max_size=10)
    | st.sampled_from(["R", "mRcpR", "gQ", "nN", "capture", "extinction", "loss", "fide", "g", "move",
                       "k7/8/8/8/8/8/8/K7 w - - 0 1"])
    | st.lists(st.lists(st.integers(-3, 3), max_size=4), max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(
        ["name", "letter", "forward", "up", "team", "leap", "slide", "hop", "mode", "king", "to", "rook", "empty"]),
        inner, max_size=4), max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(SHIPPED)), st.lists(st.tuples(
    st.sampled_from(["files", "ranks", "levels", "players", "castling", "promotion", "promotion_levels", "start",
                     "check", "stalemate", "eval", "legend", "holes", "level_names", "wrap_files", "xboard_pieces"])
    | st.tuples(st.sampled_from(list("PNBRQKUMCE")), st.sampled_from(
        ["betza", "leap", "slide", "hop", "path", "moves", "mode", "lame", "symmetric", "royal", "pawn", "range"])),
    _values), min_size=1, max_size=3))
def test_edited_shipped_games_are_games_or_one_line(name, edits):
    """Any key of a working game set to any value: the file still loads, or is refused in one line."""
    import copy
    table = copy.deepcopy(SHIPPED[name])
    for path, value in edits:
        if isinstance(path, tuple):
            table.setdefault("pieces", {}).setdefault(path[0], {"betza": "W"})[path[1]] = value
        else:
            table[path] = value
    text = f"[{name}x]\n" + "".join(f"{k} = {_toml_value(v)}\n" for k, v in table.items() if k != "pieces")
    text += f"[{name}x.pieces]\n" + "".join(f"{k} = {_toml_value(v)}\n" for k, v in table["pieces"].items())
    try:
        read_variants(text, "edited.toml")
    except VariantsFileError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("edited.toml")


def test_xboard_gets_a_flat_view_of_file_games(tmp_path):
    """A flat file game: `setup` and Betza `piece` lines written from its moves. A small game with levels: its
    levels side by side on one XBoard board, moves in flat square names. A game XBoard knows by name (normal)
    gets nothing, cylinder its `xboard_pieces`."""
    from protocol_support import EngineProcess
    path = tmp_path / "mine.toml"
    path.write_text(USER_FILE)
    from protocol_support import ENGINE_CMD
    eng = EngineProcess(list(ENGINE_CMD) + ["--variants", str(path)])
    eng.handshake()
    try:
        eng.send("new", "variant shako")
        lines = eng.sync()
        assert lines[0] == ("setup (PNBRQ.E.C............Kpnbrq.e.c............k) 10x10+0_fairy "
                            "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1")
        assert "piece C& mWWpcWW" in lines and "piece P& mfWcefFifmnD" in lines and "piece E& FA" in lines
        eng.send("new", "variant cube3", "force")
        lines = eng.sync()
        assert lines == ["setup (....Q................K....q................k) 9x3+0_fairy 6k2/4Q4/K1q6 w - - 0 1"]
        eng.send("usermove e2f3")                  # the queen b2 on level b: to c3 on level b (flat f3)
        assert [line for line in eng.sync() if not line.startswith("#")] == []
        eng.send("new", "variant normal")
        assert eng.sync() == []
        eng.send("new", "variant cylinder")
        assert eng.sync() == ["piece P& fmWfceoFifmnD", "piece N& oN", "piece B& oB", "piece R& oR", "piece Q& oQ",
                              "piece K& oK"]
    finally:
        eng.close()


def test_the_web_board_serves_a_users_file_game(tmp_path):
    import json
    import socket
    import subprocess
    import sys
    import time
    import urllib.request
    path = tmp_path / "mine.toml"
    path.write_text(USER_FILE)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "hyperchess", "serve", "--port", str(port), "--variants", str(path),
                             "--db", str(tmp_path / "games.sqlite3")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}/"

    def call(route, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(url + route, data=data, headers={"Content-Type": "application/json"} if data else {})
        with urllib.request.urlopen(req, timeout=20) as r:
            return json.loads(r.read().decode())

    try:
        for _ in range(100):
            try:
                games = call("api/games")
                break
            except OSError:
                time.sleep(0.1)
        assert {"mynormal", "cube3"} <= {g["name"] for g in games}
        st = call("api/new", {"variant": "cube3", "seats": ["human", "engine"], "movetime": 0.05})
        assert "bb2bc3" in [m["move"] for m in st["legal"]]         # level b, b2 -> level b, c3
        key = st["key"]
        st = call("api/move", {"key": key, "move": "bb2bc3"})
        for _ in range(100):
            if len(st["moves"]) >= 2:
                break
            time.sleep(0.1)
            st = call(f"api/state?key={key}")
        assert st["moves"][0] == "bb2bc3" and len(st["moves"]) >= 2
    finally:
        proc.terminate()
        proc.wait(10)
