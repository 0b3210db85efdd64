"""The optional compiled path (setup.py, hyperchess/_compiled.py): the compiled modules play exactly as the
Python ones. The same perft counts and the same searches (nodes, move, score, line) in a process that runs
the sources as Python (``HYPERCHESS_PURE=1``) as in this one.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from array import array

import pytest

from hyperchess import _compiled
from hyperchess.engine.search import Limits, Searcher
from hyperchess.variants import get_game
from hyperchess.variants.games.first_contact import POSITION_88
from hyperchess.variants.core.perft import perft

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# (game, position or None for the start, perft depth, search depth)
CASES = [
    ("normal", KIWIPETE, 2, 5),
    ("normal", None, 3, 6),
    ("capablanca", None, 2, 5),
    ("cylinder", None, 3, 5),
    ("millennium", None, 2, 4),
    ("third-millennium", None, 2, 4),
    ("mixed3d", None, 1, 2),
    ("first-contact", None, 2, 2),
    ("first-contact", POSITION_88, 2, 3),      # the play phase: its own evaluation, drops, platform moves
    ("next-generation", None, 2, 3),
    ("future-generation", None, 1, 2),
    ("shako", None, 2, 4),
]

MEASURE = """
import json, sys
from hyperchess import _compiled
from hyperchess.engine.search import Limits, Searcher
from hyperchess.variants import get_game
from hyperchess.variants.core.perft import perft
out = {"status": _compiled.status(), "cases": []}
for name, fen, perft_depth, depth in json.loads(sys.argv[1]):
    pos = get_game(name).position(fen)
    r = Searcher().search(pos, Limits(depth=depth))
    out["cases"].append([perft(pos, perft_depth), r.nodes, pos.move_name(r.best), r.score,
                         [m for m in r.pv]])
print(json.dumps(out))
"""


def measure_here() -> list:
    out = []
    for name, fen, perft_depth, depth in CASES:
        pos = get_game(name).position(fen)
        r = Searcher().search(pos, Limits(depth=depth))
        out.append([perft(pos, perft_depth), r.nodes, pos.move_name(r.best), r.score, [list(m) for m in r.pv]])
    return out


compiled = pytest.mark.skipif(
    not _compiled.status() or any(s != "compiled" for s in _compiled.status().values()),
    reason="the search runs as Python here (not built, or HYPERCHESS_PURE is set)")


@compiled
def test_compiled_and_python_paths_count_and_search_alike():
    env = dict(os.environ, HYPERCHESS_PURE="1")
    run = subprocess.run([sys.executable, "-c", MEASURE, json.dumps(CASES)], env=env, capture_output=True,
                         text=True, check=True)
    python = json.loads(run.stdout)
    assert set(python["status"].values()) == {"python (HYPERCHESS_PURE is set)"}
    here = measure_here()
    assert all(state == "compiled" for state in _compiled.status().values())
    for case, ours, theirs in zip(CASES, here, python["cases"]):
        assert ours == theirs, case


# every cell's attack test by each colour, and the game's own evaluation, along random First Contact games
# (its knights' hinged leaps: Position.attacked reads them from table_arrays.flat_hinges when compiled)
ATTACKS = """
import json, random
from hyperchess.variants import get_game
g = get_game("first-contact")
out = []
for seed in range(4):
    rng = random.Random(seed)
    pos = g.position()
    for _ in range(90):
        moves = pos.legal_moves()
        if not moves:
            break
        out.append([[c for c in range(g.geometry.size) if pos.attacked(c, (color,))] for color in (0, 1)]
                   + [g.evaluate(pos)])
        pos.push(moves[rng.randrange(len(moves))])
print(json.dumps(out))
"""


@compiled
def test_compiled_and_python_paths_attack_alike_with_hinged_leaps():
    def run(pure: bool) -> list:
        env = dict(os.environ)
        if pure:
            env["HYPERCHESS_PURE"] = "1"
        else:
            env.pop("HYPERCHESS_PURE", None)
        return json.loads(subprocess.run([sys.executable, "-c", ATTACKS], env=env, capture_output=True, text=True,
                                         check=True).stdout)
    here, python = run(False), run(True)
    assert len(here) > 200 and sum(len(row[0]) + len(row[1]) for row in here) > 10000
    assert here == python


@compiled
def test_the_compiled_modules_are_the_ones_imported():
    import importlib
    names = set(_compiled.status())
    assert {"hyperchess.variants.core.position", "hyperchess.engine.search", "hyperchess.engine.evaluate"} <= names
    for name in names:                       # every module setup.py compiles, the rules' hooks included
        module = importlib.import_module(name)
        assert not module.__file__.endswith(".py"), module.__file__


def test_a_changed_source_runs_as_python(tmp_path, monkeypatch):
    """A module whose source no longer matches the build's record is reported (and run) as Python."""
    record = tmp_path / "record.json"
    name = "hyperchess.engine.evaluate"
    record.write_text(json.dumps({name: "0" * 64}))
    monkeypatch.delenv("HYPERCHESS_PURE", raising=False)
    monkeypatch.setattr(_compiled, "RECORD", record)
    monkeypatch.setattr(_compiled, "_built", lambda module: True)
    assert _compiled.status() == {name: "python (source changed since the build)"}
    monkeypatch.setenv("HYPERCHESS_PURE", "1")
    assert _compiled.status() == {name: "python (HYPERCHESS_PURE is set)"}
    monkeypatch.setattr(_compiled, "_built", lambda module: False)
    assert _compiled.status() == {name: "python (not built)"}
    record.write_text("not json")
    assert _compiled.status() == {}


def test_version_names_the_path_the_search_runs_on():
    from click.testing import CliRunner

    import hyperchess
    from hyperchess.cli import main
    result = CliRunner().invoke(main, ["--version"], prog_name="hyperchess")
    assert result.exit_code == 0
    compiled_here = all(state == "compiled" for state in _compiled.status().values())
    path = "search compiled (Cython)" if compiled_here else "search in pure Python ("
    assert result.output.startswith(f"hyperchess {hyperchess.__version__}, {path}"), result.output


@pytest.mark.parametrize("name", ["normal", "mixed3d", "future-generation", "third-millennium", "raumschach",
                                  "first-contact"])
def test_the_typed_move_order_is_the_tuples_order(name, monkeypatch):
    """``MoveOrder.order``'s integer keys and merge sort (the compiled path) give the list ``order_tuples``
    gives (the Python path), on the moves of random games with random hash moves, killers and history; run
    here on whichever path this process is on (``TYPED`` forced on, so the Python path runs it too); also
    when the last group is left aside and sorted by ``sort_rest`` (the search's deferred sort)."""
    import random

    from hyperchess.engine import ordering
    from hyperchess.engine.gamedata import game_data
    monkeypatch.setattr(ordering, "TYPED", True)
    rng = random.Random(57)
    order = ordering.MoveOrder()
    game = get_game(name)
    gd = game_data(game)
    pos = game.position()
    captures = deferred = 0
    for _ in range(60):
        legal = pos.legal_moves()
        if not legal:
            break
        moves = pos.pseudo_legal_moves()
        hist = array("q", bytes(8 * game.ncodes * len(pos.board)))   # by code * size + destination
        for m in rng.sample(moves, len(moves) // 3):
            hist[pos.board[m[0]] * len(pos.board) + m[1]] = rng.choice([0, 1, 4, 9, 9])
        for _ in range(4):
            tt, k1, k2 = (rng.choice(moves + [None]) for _ in range(3))
            args = (pos.board, moves, tt, k1, k2, hist, gd.enemy[pos.turn], gd.value)
            expected = ordering.order_tuples(*args)
            assert order.order(*args) == expected
            rest: list = []                 # the last group left unsorted, then sorted when reached
            head = order.order(*args, rest)
            assert head + (order.sort_rest(rest) if rest else []) == expected
            deferred += bool(rest)
        captures += sum(1 for m in moves if gd.enemy[pos.turn][pos.board[m[1]]])
        pos.push(rng.choice(legal))
    assert captures > 0 or name == "first-contact"     # its armies meet late: drops and platforms here
    assert deferred > 0 or name == "normal"


def test_move_key_orders_as_the_tuples():
    from hyperchess.engine.ordering import move_key
    moves = [(0, 5, 0, 0), (0, 5, 0, 1), (0, 6, 0, 0), (1, 0, 0, 0), (511, 3, 17 | 9 << 16, 3), (2, 9, 3, 8)]
    assert sorted(moves, key=move_key) == sorted(moves)
    assert move_key((0, 1, None, 8)) == move_key((0, 1, 1 << 24, 0)) == move_key((1 << 16, 0, 0, 0)) == -1


@pytest.mark.parametrize("name", ["normal", "cylinder", "capablanca", "raumschach", "mixed3d", "third-millennium",
                                  "millennium", "grand"])
def test_block_cells_is_attack_lines_one_entry(name):
    """``attacks.block_cells`` (the check evasions' target cells; compiled: from the flat lines) is the one
    entry of ``attack_lines``, or empty for none or several attackers, on every cell of random games."""
    import random

    from hyperchess.variants.core.attacks import attack_lines, block_cells
    game = get_game(name)
    rng = random.Random(name)
    single = several = 0
    for _ in range(3):
        pos = game.position()
        for _ in range(60):
            moves = pos.legal_moves()
            if not moves:
                break
            pos.push(rng.choice(moves))
            for by in [tuple(e for e in range(game.players) if e != c) for c in range(game.players)]:
                for cell in range(game.geometry.size):
                    lines = attack_lines(pos, cell, by)
                    want = set(next(iter(lines.values()))) if len(lines) == 1 else set()
                    assert block_cells(pos, cell, by) == want, (pos.fen(), cell, by)
                    single += len(lines) == 1
                    several += len(lines) > 1
    assert single and several


@pytest.mark.parametrize("name", ["cylinder", "cylinderhouse", "cylinder-capablanca", "third-millennium"])
def test_unique_moves_keeps_first_occurrences_as_dict_fromkeys(name):
    """On a wrapped board two rays of one piece can reach one cell: ``movegen.unique_moves`` (compiled: a stamp
    per (from, to) pair) drops exactly the repeats ``list(dict.fromkeys(...))`` drops, keeping the order, in
    the generated lists of random games (drops, promotions and splits included where the game has them)."""
    import random

    from hyperchess.variants.core.movegen import unique_moves
    game = get_game(name)
    rng = random.Random(name)
    repeats = 0
    for _ in range(6):
        pos = game.position()
        for _ in range(80):
            rules = pos.rules
            rules.dedupe = False            # the lists as generated, repeats and all
            try:
                raw = [pos.pseudo_legal_moves(), pos.capture_moves()]
            finally:
                rules.dedupe = True
            for moves in raw:
                want = list(dict.fromkeys(moves))
                assert unique_moves(pos, list(moves)) == want, pos.fen()
                repeats += len(moves) - len(want)
            assert pos.pseudo_legal_moves() == list(dict.fromkeys(raw[0]))
            legal = pos.legal_moves()
            if not legal:
                break
            pos.push(rng.choice(legal))
    assert repeats > 0 or name == "third-millennium"
