"""``hyperchess tune`` (issue 72): the Texel fit (engine/texel.py), where tuned values are kept and written
(variants/formats/tuned.py), the SPRT's decision with made-up results, and a small real run."""
from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from concurrent.futures import Future
from pathlib import Path

import pytest
from click.testing import CliRunner

from hyperchess.cli import main
from hyperchess.engine.search import Searcher
from hyperchess.engine.texel import Features, Sample, _sigmoid, fit, fit_k, game_weights, samples
from hyperchess.engine.timecontrol import Limits
from hyperchess.tournament import tune as tune_module
from hyperchess.tournament.referee import new_record, score_for_first
from hyperchess.tournament.stats import Sprt
from hyperchess.tournament.tune import decide
from hyperchess.variants import check_ini, check_variants, get_game
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.tuned import TUNED_VARIABLE, apply_tuned, write_ini, write_toml

ROOT = Path(__file__).resolve().parents[1]

TINY = """# a tiny game for tune's tests: 4x5, no queen
[tinychess]
files = 4
ranks = 5
start = "rnbk/pppp/4/PPPP/RNBK w - - 0 1"
promotion = "rnb"
eval = { mobility = 3 }   # inline, replaced by tune

[tinychess.pieces]
P = { name = "pawn", betza = "fmWfcF", value = 100, pawn = true }
N = { name = "knight", betza = "N", value = 300 }
B = { name = "bishop", betza = "B", value = 300 }
R = { name = "rook", betza = "R", value = 300 }
K = { name = "king", betza = "K", value = 0, royal = true }

[other]
extends = "tinychess"
"""

INI = """# a Fairy-Stockfish file
[sixchess:chess]
maxRank = 6
startFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
doubleStep = false
values = n:1

[later:sixchess]
castling = false
"""


# ---------------------------------------------------------------------- the fit
def synthetic(true: list[float], n: int, seed: int) -> list[Sample]:
    """Positions whose results are drawn from the logistic of a known evaluation (K = 1): a win with
    probability p - d/2, a draw with d (some draws, the expected result still p)."""
    rng = random.Random(seed)
    data = []
    for i in range(n):
        f = [float(rng.randint(-1, 1)), float(rng.randint(-1, 1)), rng.uniform(-3, 3)]
        fixed = rng.uniform(-150, 150)
        p = _sigmoid(1.0, fixed + sum(t * x for t, x in zip(true, f)))
        d, u = 0.4 * min(p, 1 - p), rng.random()
        data.append(Sample(i, 1.0 if u < p - d / 2 else 0.5 if u < p + d / 2 else 0.0, fixed, f))
    return data


def test_fit_recovers_known_values():
    """From values far off, the fit finds the ones the results were drawn from (a knight 320, a rook 500
    and a term of 30 a unit) within the noise of 6,000 positions, and K near 1."""
    true = [320.0, 500.0, 30.0]
    data = synthetic(true, 6000, 1)
    assert abs(fit_k(data, true) - 1.0) < 0.2
    got = fit(data, [150.0, 900.0, 0.0], 1.0)
    assert abs(got[0] - 320) < 30 and abs(got[1] - 500) < 40 and abs(got[2] - 30) < 6, got


def test_fit_keeps_bounds_and_fixed_weights():
    """A weight not free stays; none goes below 0 or above its most."""
    data = synthetic([320.0, 500.0, 30.0], 2000, 2)
    got = fit(data, [150.0, 900.0, 0.0], 1.0, free=[0, 2], most=[200.0, 1000.0, 1000.0])
    assert got[1] == 900.0 and got[0] == 200.0 and got[2] > 0


def test_features_add_up_to_the_search_evaluation(monkeypatch):
    """fixed + weights x features is the searcher's own static evaluation (first player's view), within the
    rounding of measuring each term at 10, for the game's own weights and for other ones (a copy of the
    game retuned to them): the fit models what the engine would play. Pieces in hand count."""
    from dataclasses import replace
    from hyperchess.variants import FILE_GAMES
    from hyperchess.variants.formats.tuned import retune
    monkeypatch.setenv("HYPERCHESS_CACHE", "off")
    s = Searcher()
    cases = [("crazyhouse", "r1bqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[N] w KQkq - 0 3")] + [
        ("normal", fen) for fen in ("r1bqk2r/pppp1ppp/2n5/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",  # a knight up
                                    "r3k2r/pp3ppp/2n5/3p4/3P4/2N1B3/PP3PPP/R3K2R b KQkq - 0 12",          # a bishop up
                                    "8/5k2/3p4/2pP4/2P5/5K2/8/4R3 w - - 0 40",                            # mop-up
                                    "8/5k2/3p4/2pP4/2P5/5K2/8/8 w - - 0 40")]
    for name, fen in cases:
        game = get_game(name)
        features = Features(game)
        fixed, f = features(game.position(fen))
        own = game_weights(game)
        other = FileGame(FILE_GAMES[name])
        values = {"N": game.pieces[game.kind_by_letter["N"]].value + 100,
                  "R": game.pieces[game.kind_by_letter["R"]].value + 60}
        retune(other, values, replace(game.eval_weights, mobility=8, king_shelter=0, passed_advance=40))
        for played in (game, other):
            theta = game_weights(played).values
            assert theta != own.values or played is game
            pos = played.position(fen)
            s.begin(pos, Limits(depth=1), None, time.perf_counter())
            model = fixed + sum(t * x for t, x in zip(theta, f))
            assert abs(model - s._eval(pos) * played.team_sign[pos.turn]) <= 8, (name, fen, played is game)


def test_kinds_that_share_a_letter_share_one_value(monkeypatch):
    """third-millennium has a kind for each double knight (D, and N for its halves): the fit has one value a
    letter, as a ``values`` table writes it, and the model still adds up to the search's evaluation."""
    monkeypatch.setenv("HYPERCHESS_CACHE", "off")
    game = get_game("third-millennium")
    start = game_weights(game)
    letters = start.names[:start.pieces]
    assert sorted(letters) == ["B", "D", "N", "Q", "R"]
    assert sum(1 for p in game.pieces if p is not None and p.letter == "N") > 1
    pos = game.position()
    pos.push(pos.parse_move("b1c3n"))              # a knight split: two single halves on the board
    fixed, f = Features(game)(pos)
    s = Searcher()
    s.begin(pos, Limits(depth=1), None, time.perf_counter())
    model = fixed + sum(t * x for t, x in zip(start.values, f))
    assert abs(model - s._eval(pos) * game.team_sign[pos.turn]) <= 8


def test_samples_are_quiet_positions_labelled_by_result():
    """Positions after the opening plies, not in check, no capture into or out of them; the label is
    the result for the first player."""
    game = get_game("normal")
    moves = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8c5 c2c3 d7d6 e1g1 e8g8 f3g5 h7h6 g5f7 f8f7 c4f7 g8f7".split()
    data = samples(game, [(None, moves, "0-1"), (None, moves, "*"), (None, moves[:9] + ["zz9"], "1-0")])
    assert [s.label for s in data] == [0.0] * len(data)       # the unfinished game and the bad one left out
    # plies 8-11 are quiet; 12 (Ng5 is quiet but h6 follows), 14 and 16 capture
    assert len(data) == 6 and {s.game for s in data} == {0}


# ---------------------------------------------------------------------- where the values are kept
def test_write_toml_changes_two_keys_and_reads_back(tmp_path):
    values, weights = {"N": 310, "B": 320}, {"mobility": 5, "king_attack": 4}
    text = write_toml(TINY, "tiny.toml", "tinychess", values, weights)
    assert text.count("eval =") == 1 and "# a tiny game" in text and "[other]" in text
    game = FileGame(next(s for s in check_variants(text, "tiny.toml") if s.name == "tinychess"))
    assert [p.value for p in game.pieces if p is not None] == [100, 310, 320, 300, 0]
    assert game.eval_weights.mobility == 5 and game.eval_weights.king_attack == 4
    # values are not inherited (tuned for one game); a second write replaces the first
    other = FileGame(next(s for s in check_variants(text, "tiny.toml") if s.name == "other"))
    assert other.pieces[2].value == 300
    again = write_toml(text, "tiny.toml", "tinychess", {"N": 1}, {"mobility": 0})
    assert again.count("values =") == 1 and "N = 1 }" in again and "N = 310" not in again
    # eval as its own table is replaced as well
    table = TINY.replace("eval = { mobility = 3 }   # inline, replaced by tune\n", "") + "[tinychess.eval]\npair = 9\n"
    assert "pair = 9" not in write_toml(table, "t.toml", "tinychess", values, weights)


def test_values_key_is_checked():
    with pytest.raises(VariantsFileError, match=r"values\.Q: no piece 'Q'"):
        check_variants(TINY.replace("[tinychess.pieces]", 'values = { Q = 5 }\n[tinychess.pieces]'), "t.toml")
    with pytest.raises(VariantsFileError, match=r"values\.N: a whole number"):
        check_variants(TINY.replace("[tinychess.pieces]", 'values = { N = -5 }\n[tinychess.pieces]'), "t.toml")


def test_write_ini_section_reads_back():
    text = write_ini(INI, "six.ini", "sixchess", {"N": 333, "Q": 999}, {"mobility": 6})
    assert "values = n:1" not in text and "values = n:333 q:999\neval = mobility:6\n" in text
    specs, notes = check_ini(text, "six.ini")
    assert notes == []
    six = FileGame(next(s for s in specs if s.name == "sixchess"))
    later = FileGame(next(s for s in specs if s.name == "later"))
    assert six.pieces[six.kind_by_letter["N"]].value == 333 and six.eval_weights.mobility == 6
    assert later.pieces[later.kind_by_letter["N"]].value == 320      # FSF's section values are not inherited
    with pytest.raises(VariantsFileError, match="no section"):
        write_ini(INI, "six.ini", "nine", {}, {})


def test_side_file_retunes_a_built_in_game(tmp_path, monkeypatch):
    """A built-in game (here a module's, millennium) takes the side file's values and weights: its pieces,
    its placement values and the engine's values follow; a bad entry is one line."""
    from hyperchess.engine.gamedata import GameData
    from hyperchess.variants import REGISTRY
    from importlib import import_module
    monkeypatch.setenv("HYPERCHESS_CACHE", "off")
    side = tmp_path / "values.toml"
    side.write_text(write_toml("", "side", "millennium", {"N": 411}, {"mobility": 7}))
    monkeypatch.setenv(TUNED_VARIABLE, str(side))
    module, cls = REGISTRY["millennium"].split(":")
    game = getattr(import_module(module), cls)()
    knight = game.kind_by_letter["N"]
    before = list(game.pst[knight << 2])
    apply_tuned(game, "test")
    assert game.pieces[knight].value == 411 and game.eval_weights.mobility == 7
    assert [a - b for a, b in zip(game.pst[knight << 2], before)] == [91] * len(before)
    assert GameData(game).value[knight << 2] == 411
    side.write_text("[millennium]\nvalues = { Z = 4 }\n")
    with pytest.raises(VariantsFileError, match=r"values\.Z: no piece"):
        apply_tuned(getattr(import_module(module), cls)(), "test")


# ---------------------------------------------------------------------- the SPRT's decision
def fake_records(jobs, tuned_wins: bool) -> list[dict]:
    out = []
    for job in jobs:
        record = new_record(job)
        white_is_tuned = job.seats[0] == 0
        record.update(result="1-0" if white_is_tuned == tuned_wins else "0-1", termination="normal",
                      fen=get_game(job.variant).position().fen())
        record["score"] = score_for_first(record, job)
        out.append(record)
    return out


class FakeExecutor:
    """Finished games without engines: the tuned engine (engine 0) wins every game, or loses every game."""

    def __init__(self, tuned_wins: bool) -> None:
        self.tuned_wins = tuned_wins
        self.played = 0

    def submit(self, fn, job):
        self.played += 1
        future: Future = Future()
        future.set_result(fake_records([job], self.tuned_wins)[0])
        return future

    def shutdown(self, *args, **kwargs) -> None:
        pass


@pytest.mark.parametrize("tuned_wins, verdict", [(True, "H1"), (False, "H0")])
def test_sprt_decides_on_made_up_results(tuned_wins, verdict):
    """The runner's SPRT stops the tune's match once it decides; ``decide`` reads the same verdict."""
    cfg = tune_module.TuneConfig("normal", sprt=Sprt(0, 10), sprt_games=200)
    fake = FakeExecutor(tuned_wins)
    result = tune_module.sprt_match(cfg, "candidate.toml", fake, quiet=True)
    assert result.stopped_by_sprt == verdict and len(result.records) == fake.played < 200
    assert decide(cfg.sprt, result.records)[0] == verdict
    assert [r["players"][0] for r in result.records[:2]] == ["tuned", "old"]


def random_games(variant: str, n: int, seed: int) -> list[dict]:
    """Self-play records of random moves, each won by the side with more material at its end (a stand-in
    for engine games: the fit has decisive results to read)."""
    return random_games_of(get_game(variant), n, seed)


WORTH = {"P": 1, "N": 3, "B": 3, "R": 8}     # what decides a made-up game: a rook is worth far more than 300


def random_games_of(game, n: int, seed: int) -> list[dict]:
    """Random moves; the side ahead in ``WORTH`` at the end wins (so a fit of the values generalises)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        pos = game.position()
        moves = []
        while len(moves) < 40 and pos.outcome() is None:
            move = rng.choice(pos.legal_moves())
            moves.append(pos.move_name(move))
            pos.push(move)
        ahead = sum(WORTH.get(game.pieces[game.kind_of[pos.board[cell]]].letter, 0) * game.team_sign[color]
                    for color in range(game.players) for cell in pos.occupied[color])
        result = "1-0" if ahead > 0 else "0-1" if ahead < 0 else "1/2-1/2"
        out.append({"index": i, "fen": None, "moves": moves, "result": result, "errors": []})
    return out


@pytest.mark.parametrize("tuned_wins", [True, False])
def test_accepted_values_are_written_and_rejected_ones_are_not(tmp_path, monkeypatch, tuned_wins):
    """The whole command with made-up games: accepted, the file gets the fitted values and a backup;
    rejected, it is left as it was and no backup is made."""
    path = tmp_path / "tiny.toml"
    path.write_text(TINY)
    real_run_match = tune_module.run_match

    def run_match(match, executor=None, progress=None):
        if match.sprt is None:                     # self-play: random games, never adjudicated by score
            assert match.resign is None
            return type("R", (), {"records": random_games(match.variant, 40, 3)})()
        return real_run_match(match, FakeExecutor(tuned_wins), None)

    monkeypatch.setattr(tune_module, "run_match", run_match)
    result = CliRunner().invoke(main, ["tune", "tinychess", "--variants", str(path), "--games", "40", "-q",
                                       "--sprt", "elo0=0", "elo1=10"])
    assert "->" in result.output
    if tuned_wins:
        assert "accepted; written to" in result.output and result.exit_code == 0, result.output
        assert (tmp_path / "tiny.toml.bak").read_text() == TINY
        game = FileGame(next(s for s in check_variants(path.read_text(), str(path)) if s.name == "tinychess"))
        fitted = {line.split()[0]: int(line.split()[-1]) for line in result.output.splitlines()
                  if line.startswith("  ")}
        assert [game.pieces[game.kind_by_letter[k]].value for k in "NBR"] == [fitted[k] for k in "NBR"]
        assert [fitted[k] for k in "NBR"] != [300, 300, 300]
    else:
        assert "rejected (H0 accepted); nothing written" in result.output
        assert path.read_text() == TINY and not (tmp_path / "tiny.toml.bak").exists()


def test_values_only_fit_leaves_the_weights():
    """``--fit values`` (the default) moves the piece values alone; ``all`` may move the weights as well."""
    from hyperchess.engine.texel import texel_fit
    game = FileGame(next(s for s in check_variants(TINY, "tiny.toml") if s.name == "tinychess"))
    records = random_games_of(game, 60, 5)
    data = samples(game, [(r["fen"], r["moves"], r["result"]) for r in records])
    values = texel_fit(game, data, values_only=True)
    assert values.after.terms() == values.before.terms()
    assert values.after.piece_values() != values.before.piece_values()
    both = texel_fit(game, data)
    assert both.after.terms() != both.before.terms()


def test_games_from_a_pgn_file_are_fitted_without_self_play(tmp_path, monkeypatch):
    """--games-from: the games of the variant in a PGN file are fitted (a game of another variant in the
    file is left out) and no self-play game is played; the SPRT follows."""
    path = tmp_path / "tiny.toml"
    path.write_text(TINY)
    game = FileGame(next(s for s in check_variants(TINY, str(path)) if s.name == "tinychess"))
    pgn = tmp_path / "games.pgn"
    pgn.write_text("".join(f'[Variant "tinychess"]\n[Result "{r["result"]}"]\n\n'
                           f'{" ".join(r["moves"])} {r["result"]}\n\n' for r in random_games_of(game, 40, 3))
                   + '[Variant "normal"]\n[Result "1-0"]\n\ne4 e5 1-0\n\n')
    real_run_match = tune_module.run_match
    played = []

    def run_match(match, executor=None, progress=None):
        assert match.sprt is not None, "self-play was played"
        played.append(match)
        return real_run_match(match, FakeExecutor(False), None)

    monkeypatch.setattr(tune_module, "run_match", run_match)
    result = CliRunner().invoke(main, ["tune", "tinychess", "--variants", str(path), "--games-from", str(pgn),
                                       "--sprt", "elo0=0", "elo1=10"])
    assert f"games: 40 of tinychess in {pgn}" in result.output, result.output
    assert "Fit: " in result.output and " of 40 games" in result.output and len(played) == 1
    assert "rejected (H0 accepted); nothing written" in result.output and path.read_text() == TINY
    missing = CliRunner().invoke(main, ["tune", "tinychess", "--variants", str(path), "--games-from",
                                        str(tmp_path / "none.pgn")])
    assert missing.exit_code == 2 and "does not exist" in missing.output


def test_no_sprt_when_the_fit_does_not_predict_the_held_out_games(tmp_path, monkeypatch):
    """A fit that moved the values but predicts the held-out half no better (its error 0.20 -> 0.21): no SPRT
    game is played and nothing is written."""
    from hyperchess.engine.texel import FitReport, Weights
    path = tmp_path / "tiny.toml"
    path.write_text(TINY)
    played = []

    def run_match(match, executor=None, progress=None):
        played.append(match.sprt)
        return type("R", (), {"records": random_games(match.variant, 4, 4)})()

    before = Weights(["N", "B", "R"], [300.0, 300.0, 300.0], 3)
    report = FitReport(before, Weights(["N", "B", "R"], [280.0, 300.0, 420.0], 3), 0.5, 100, (0.25, 0.24),
                       (0.20, 0.21))
    monkeypatch.setattr(tune_module, "run_match", run_match)
    monkeypatch.setattr(tune_module, "fit_records", lambda cfg, records: report)
    result = CliRunner().invoke(main, ["tune", "tinychess", "--variants", str(path), "--games", "4", "-q"])
    assert "predict the held-out games no better" in result.output and result.exit_code == 0, result.output
    assert played == [None] and path.read_text() == TINY


def test_bad_input_is_one_line(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(TINY)
    out = tmp_path / "taken.toml"
    out.write_text("")
    for args, reason in ((["nosuchgame"], "unknown variant"),
                         (["fourplayer-ffa"], "games of two sides only"),
                         (["tinychess", "--variants", str(path), "--out", str(out)], "never writes over"),
                         (["tinychess", "--variants", str(path), "--each", "cmd=x"], "tune's own"),
                         (["tinychess", "--variants", str(path), "--sprt", "elo0=5"], "elo0= and elo1="),
                         (["tinychess", "--variants", str(path), "--sprt", "elo0=5 elo1=1"], "elo0 must be less"),
                         (["tinychess", "--variants", str(path), "--each", "depth=x"], "bad number")):
        proc = subprocess.run([sys.executable, "-m", "hyperchess", "tune", *args], capture_output=True, text=True,
                              timeout=60)
        assert proc.returncode == 2 and reason in proc.stderr and proc.stderr.count("\n") == 1, (args, proc.stderr)
    help_text = subprocess.run([sys.executable, "-m", "hyperchess", "tune", "--help"], capture_output=True,
                               text=True, timeout=60).stdout
    assert "Texel fit" in help_text and "SPRT" in help_text and "values.toml" in help_text


# ---------------------------------------------------------------------- a real run
@pytest.mark.slow
def test_tune_end_to_end_on_a_tiny_game(tmp_path):
    """Real self-play and SPRT games (depth 2, a 4x5 board): with an SPRT that accepts anything near
    equal strength, the tuned values are written, read back from the file, and are what the engine plays
    with (its values differ from the old ones)."""
    from hyperchess.engine.gamedata import GameData
    path = tmp_path / "tiny.toml"
    path.write_text(TINY)
    proc = subprocess.run([sys.executable, "-m", "hyperchess", "tune", "tinychess", "--variants", str(path),
                           "--games", "10", "--each", "depth=2", "--maxmoves", "40", "--sprt-games", "10",
                           "--sprt", "elo0=-1000 elo1=-900 alpha=0.45 beta=0.45 model=logistic"],
                          capture_output=True, text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "[" in proc.stderr and "self-play: 10 games" in proc.stderr       # progress
    assert "H1 accepted" in proc.stdout and "written to" in proc.stdout, proc.stdout
    game = FileGame(next(s for s in check_variants(path.read_text(), str(path)) if s.name == "tinychess"))
    fitted = {line.split()[0]: int(line.split()[-1]) for line in proc.stdout.splitlines() if line.startswith("  ")}
    data = GameData(game)
    assert [data.value[game.kind_by_letter[k] << 2] for k in "NBR"] == [fitted[k] for k in "NBR"]
    assert game.eval_weights.mobility == fitted["mobility"]
    assert (tmp_path / "tiny.toml.bak").read_text() == TINY
    old = FileGame(next(s for s in check_variants(TINY, "t.toml") if s.name == "tinychess"))
    assert ([p.value for p in game.pieces if p] != [p.value for p in old.pieces if p]
            or game.eval_weights != old.eval_weights)


def test_an_ini_file_is_shipped_to_the_engines_as_ini(monkeypatch):
    """The runner ships the text of a user's Fairy-Stockfish file to the engines it starts (HYPERCHESS_VARIANTS):
    under a name ending in .ini, or the engines read it as TOML and exit (every game of a tune or match of
    an INI game was "engine does not start")."""
    from hyperchess.tournament.referee import install_variants
    monkeypatch.setenv("HYPERCHESS_VARIANTS", "")
    install_variants((("mine/six.ini", INI),))
    shipped = os.environ["HYPERCHESS_VARIANTS"]
    assert shipped.endswith(".ini")
    proc = subprocess.run([sys.executable, "-m", "hyperchess", "variants"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0 and "sixchess" in proc.stdout, proc.stderr


def test_engine_reads_a_side_file_given_by_tuned(tmp_path):
    """``hyperchess xboard --tuned FILE`` (how tune starts the tuned engine) plays with the file's values: two
    knights up, a knight worth 400 more scores about 800 more at depth 1; a bad file is one line."""
    side = tmp_path / "side.toml"
    side.write_text(write_toml("", "side", "normal", {"N": get_game("normal").pieces[2].value + 400}, {}))
    script = ("xboard\nprotover 2\npost\nsd 1\nsetboard r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
              "go\nping 1\n")
    scores = []
    for extra in ([], ["--tuned", str(side)]):
        out = subprocess.run([sys.executable, "-m", "hyperchess", "xboard", *extra], input=script,
                             capture_output=True, text=True, timeout=60).stdout
        scores.append(int(next(line.split()[1] for line in out.splitlines() if line.split()[:1] == ["1"])))
    assert abs(scores[1] - scores[0] - 800) <= 40, scores
    proc = subprocess.run([sys.executable, "-m", "hyperchess", "xboard", "--tuned", str(tmp_path / "none.toml")],
                          input="", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "no such file" in proc.stderr
