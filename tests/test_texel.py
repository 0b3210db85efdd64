"""tools/texel.py (on engine/texel.py's fit): which positions it learns from, and that its fit finds a weight the
labels were made with."""
from __future__ import annotations

import importlib.util
import random
import re
import subprocess
import sys
from pathlib import Path

import chess

from hyperchess.variants import get_game

_PATH = Path(__file__).resolve().parent.parent / "tools" / "texel.py"
_SPEC = importlib.util.spec_from_file_location("texel_tool", _PATH)
texel = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(texel)


def _random_games(count: int, plies: int, seed: int) -> tuple[str, list[int]]:
    """PGN text of ``count`` random games in coordinate notation, and per game the number of quiet
    positions by python-chess: from ply OPENING_PLIES on, not in check, no capture into or out of it."""
    rng = random.Random(seed)
    texts, quiet = [], []
    for number in range(count):
        board = chess.Board()
        moves: list[chess.Move] = []
        captures: list[bool] = []
        for _ in range(plies):
            legal = list(board.legal_moves)
            if not legal:
                break
            m = rng.choice(legal)
            captures.append(board.is_capture(m))
            moves.append(m)
            board.push(m)
        board = chess.Board()
        n = 0
        for i, m in enumerate(moves):
            if i >= texel.OPENING_PLIES and not captures[i] and not captures[i - 1] and not board.is_check():
                n += 1
            board.push(m)
        quiet.append(n)
        result = ("1-0", "0-1", "1/2-1/2")[number % 3]
        texts.append(f'[Event "t"]\n[Variant "normal"]\n[Result "{result}"]\n\n'
                     + " ".join(m.uci() for m in moves) + f" {result}\n")
    return "\n".join(texts), quiet


def test_samples_are_the_quiet_positions_python_chess_finds(tmp_path):
    text, quiet = _random_games(6, 60, seed=3)
    pgn = tmp_path / "games.pgn"
    pgn.write_text(text)
    kinds, rows = texel.samples(get_game("normal"), [str(pgn)])
    assert kinds == ["N", "B", "R", "Q"]
    per_game = [sum(1 for r in rows if r.game == g + 1) for g in range(6)]
    assert per_game == quiet
    assert {r.label for r in rows if r.game == 1} <= {1.0} and {r.label for r in rows if r.game == 2} <= {0.0}
    # every row: the fixed part plus one feature per piece kind and per evaluation term
    assert all(len(r.features) == len(kinds) + len(texel.TERMS) for r in rows)


def _synthetic(weight: float, k: float, count: int, seed: int):
    """Rows whose label is the logistic of ``fixed + weight * x`` exactly (a soft label)."""
    rng = random.Random(seed)
    rows = []
    for i in range(count):
        fixed, x = rng.uniform(-200, 200), rng.uniform(-5, 5)
        label = 1.0 / (1.0 + 10.0 ** (-k * (fixed + weight * x) / 400.0))
        rows.append(texel.Sample(i, label, fixed, [x]))
    return rows


def test_descent_with_k_held_finds_the_weight_behind_the_labels():
    rows = _synthetic(40.0, 0.8, 400, seed=5)
    k = texel.fit_k(rows, [40.0])
    assert abs(k - 0.8) < 0.01
    theta = texel.descend(rows, [10.0], [0], k)
    assert theta == [40.0]


def test_scan_shows_both_halves_agree_on_a_weight_that_is_too_low():
    rows = _synthetic(40.0, 0.8, 400, seed=7)
    fit, check = rows[::2], rows[1::2]
    line = texel.scan(fit, check, [20.0], ["w"], 0.8)[0]
    # 20 -> 30 and 20 -> 40 lower the error on both halves; 20 -> 0 raises it on both
    cells = {v: (float(a), float(b)) for v, a, b in re.findall(r"(\d+): ([-+][\d.]+)/([-+][\d.]+)", line)}
    assert sorted(cells, key=int) == ["0", "10", "30", "40", "60"]
    for value in ("30", "40"):
        assert cells[value][0] < 0 and cells[value][1] < 0
    assert cells["0"][0] > 0 and cells["0"][1] > 0


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(_PATH), *args], capture_output=True, text=True, timeout=120)


def test_bad_input_gets_one_line_and_a_bad_game_is_left_out(tmp_path):
    text, quiet = _random_games(2, 40, seed=11)
    good = tmp_path / "good.pgn"
    good.write_text(text)
    bad = tmp_path / "bad.pgn"
    bad.write_text('[Event "t"]\n[Variant "normal"]\n[Result "1-0"]\n\ne2e4 e7e5 e1e3 1-0\n\n' + text)
    for args, says in [(["missing.pgn"], "No such file"), (["--variant", "nosuch", str(good)], "unknown variant"),
                       (["--rounds", "0", str(good)], "--rounds: must be 1 or more"),
                       ([str(tmp_path)], "Is a directory"), (["/dev/null"], "no quiet positions")]:
        done = _run(*args)
        assert done.returncode != 0 and "Traceback" not in done.stderr
        assert says in done.stderr.strip().splitlines()[-1]
    # the game with the illegal move is named and left out; the others still count
    kinds, rows = texel.samples(get_game("normal"), [str(bad)])
    assert [sum(1 for r in rows if r.game == g) for g in (2, 3)] == quiet and not any(r.game == 1 for r in rows)
    done = _run("--scan", str(bad))
    assert done.returncode == 0 and "game 1 left out: illegal move e1e3" in done.stderr


def test_descend_without_a_round_keeps_the_weights():
    assert texel.descend(_synthetic(40.0, 0.8, 50, seed=1), [10.0], [0], 0.8, rounds=0) == [10.0]
