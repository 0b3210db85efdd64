"""A game's first use (issue 57): nothing is built at import, the fast build makes the same tables as a
build that shares nothing, and what the web board lists is read without building. Speed itself is measured
in bench/first_use.py, not here."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hyperchess.engine.gamedata import GameData
from hyperchess.variants import game_names, game_summary, get_game
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import read_variants

ROOT = Path(__file__).resolve().parents[1]

# the game's attributes that are not tables: objects compared by identity, or regular expressions built
# from sets (their alternatives come in the order of the process's string hashes)
NOT_TABLES = {"geometry", "names", "_rule_tables", "_move_re", "_castle_re", "next_turn", "placement", "picture"}


def tables_of(game) -> dict:
    """Every attribute the build set on ``game``, plus the flat arrays the compiled move generator reads."""
    out = {k: v for k, v in vars(game).items() if k not in NOT_TABLES}
    out["flat_rays"] = [list(x) for x in game.flat_rays()]
    return out


# what no shipped game has: a limited slide, a hopper, a grasshopper and a lame leaper, by a hole, flat and
# on a cylinder
ODDITIES = """
[oddities]
files = 7
ranks = 7
holes = [[3, 3]]
start = "k1cshg1/7/7/7/7/7/1GHSC1K w - - 0 1"
[oddities.pieces]
K = { name = "king", betza = "K", royal = true, value = 0 }
C = { name = "cannon", betza = "mRcpR", value = 400 }
H = { name = "horse", betza = "nN", value = 300 }
S = { name = "short rook", betza = "R2", value = 300 }
G = { name = "grasshopper", betza = "gQ", value = 200 }

[oddities-cylinder]
extends = "oddities"
wrap_files = true
"""
SPECS = {spec.name: spec for spec in read_variants(ODDITIES, "oddities.toml")}


def rebuilt(name: str, shared: bool):
    """A new game object of ``name``, its tables built with or without sharing."""
    cls = FileGame if name in SPECS else type(get_game(name))
    old = cls.shared_build
    cls.shared_build = shared
    try:
        if name in SPECS:
            return FileGame(SPECS[name])
        if issubclass(cls, FileGame):
            from hyperchess.variants import FILE_GAMES
            return FileGame(FILE_GAMES[name])
        return cls()
    finally:
        cls.shared_build = old


@pytest.mark.parametrize("name", game_names() + list(SPECS))
def test_the_shared_build_makes_the_same_tables_as_a_build_that_shares_nothing(name):
    fast, plain = rebuilt(name, True), rebuilt(name, False)
    a, b = tables_of(fast), tables_of(plain)
    assert a.keys() == b.keys()
    assert [k for k in a if a[k] != b[k]] == []
    assert fast.tables and any(t is not None for t in fast.tables)       # a real game with move tables
    # the start position has the same moves either way
    moves = sorted(fast.position().legal_moves())
    assert moves == sorted(plain.position().legal_moves()) and moves


@pytest.mark.parametrize("name", game_names())
def test_the_search_flags_hold_exactly_the_cells_of_their_sets(name):
    game = get_game(name)
    gd = GameData(game)
    n = game.geometry.size
    for sets, flags in ((gd.aligned, gd.aligned_flags), (gd.reach, gd.reach_flags)):
        for row, row_flags in zip(sets, flags):
            if row is None:
                assert row_flags is None
                continue
            for cells, cell_flags in zip(row, row_flags):
                assert len(cell_flags) == n
                assert [x for x in range(n) if cell_flags[x]] == [x for x in range(n) if x in cells]


@pytest.mark.parametrize("name", game_names())
def test_a_game_is_described_without_building_it_as_the_built_game_says(name):
    s = game_summary(name)
    g = get_game(name)
    assert (s.name, s.title, s.description, s.players) == (name, g.title, g.description, g.players)
    assert s.color_names[:s.players] == tuple(g.color_names[:g.players])
    assert s.side_names == tuple(g.drawing.side_names)          # the colours as players name them (red, black)


IMPORT_EVERYTHING = """
import gc, json
import hyperchess, hyperchess.cli, hyperchess.protocol.uci, hyperchess.protocol.xboard, hyperchess.web.server
import hyperchess.variants as v
from hyperchess.variants.core.game import Game
from hyperchess.variants.board.tables import GameTables
calls = []
GameTables.compile = lambda self: calls.append(type(self).__name__)      # from here on, any build is seen
names = v.game_names()
listed = hyperchess.web.server.games_list()
summaries = [v.game_summary(n).title for n in names]
games = [o for o in gc.get_objects() if isinstance(o, Game)]
print(json.dumps({"games": len(games), "builds": calls, "cache": sorted(v._cache), "listed": len(listed),
                  "names": len(names), "titles": len(set(summaries))}))
"""


def test_importing_hyperchess_and_listing_its_games_builds_no_game():
    out = subprocess.run([sys.executable, "-c", IMPORT_EVERYTHING], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    got = json.loads(out.stdout)
    assert got["games"] == 0 and got["builds"] == [] and got["cache"] == []
    assert got["listed"] == got["names"] == len(game_names()) >= 9
    assert got["titles"] == got["names"]            # every game has its own title, read without a build


# the disk cache (variants/board/tablecache.py): a game's tables read back from it are the tables its build makes
CACHED_GAMES = ["normal", "mixed3d", "future-generation", "first-contact", "millennium", "third-millennium",
                "raumschach", "crazyhouse", "shogi"]


def counting_builds(monkeypatch) -> list[str]:
    """The games whose move tables are built (not read from the cache) from now on, by name."""
    from hyperchess.variants.board.tables import GameTables
    built: list[str] = []
    real = GameTables._compile_moves

    def counted(self):
        built.append(self.name)
        real(self)
    monkeypatch.setattr(GameTables, "_compile_moves", counted)
    return built


@pytest.mark.parametrize("name", [n for n in CACHED_GAMES if n in game_names()])
def test_a_game_read_from_the_disk_cache_has_the_tables_its_build_makes(name, tmp_path, monkeypatch):
    from hyperchess import variants
    monkeypatch.setenv("HYPERCHESS_CACHE", str(tmp_path))
    monkeypatch.setattr(variants, "_cache", {})
    built = counting_builds(monkeypatch)
    first = get_game(name)                      # built, and kept
    assert built and set(built) == {first.name}
    builds = len(built)
    variants._cache.clear()
    second = get_game(name)                     # read back
    assert second is not first and len(built) == builds
    a, b = tables_of(first), tables_of(second)
    b["flat_attacks"] = [list(x) for x in second.flat_attacks()]
    a["flat_attacks"] = [list(x) for x in first.flat_attacks()]
    a.pop("_flat"), b.pop("_flat")
    assert a.keys() == b.keys() and [k for k in a if a[k] != b[k]] == []
    moves = sorted(first.position().legal_moves())
    assert moves == sorted(second.position().legal_moves()) and moves


def test_the_cache_is_used_by_the_next_process_and_a_damaged_file_is_built_again(tmp_path, monkeypatch):
    from hyperchess import variants
    monkeypatch.setenv("HYPERCHESS_CACHE", str(tmp_path))
    monkeypatch.setattr(variants, "_cache", {})
    built = counting_builds(monkeypatch)
    reference = tables_of(get_game("mixed3d"))
    assert built == ["mixed3d"]
    files = sorted(tmp_path.glob("*.tables"))
    assert files
    variants._cache.clear()
    get_game("mixed3d")
    assert built == ["mixed3d"]                 # read, not built
    for f in files:                             # damaged: cut short, or one byte changed
        data = f.read_bytes()
        f.write_bytes(data[:len(data) // 2] if len(data) % 2 else data[:100] + bytes([data[100] ^ 1]) + data[101:])
    variants._cache.clear()
    again = tables_of(get_game("mixed3d"))
    assert built == ["mixed3d", "mixed3d"]
    reference.pop("_flat"), again.pop("_flat")
    assert [k for k in reference if reference[k] != again[k]] == []


def test_the_cache_off_keeps_nothing_and_a_game_built_outside_get_game_is_not_kept(tmp_path, monkeypatch):
    from hyperchess import variants
    monkeypatch.setattr(variants, "_cache", {})
    monkeypatch.setenv("HYPERCHESS_CACHE", "off")
    get_game("raumschach")
    get_game("normal")
    monkeypatch.setenv("HYPERCHESS_CACHE", str(tmp_path))
    rebuilt("normal", True)                     # a test's or a user's check build: not the registry's game
    assert list(tmp_path.iterdir()) == []
