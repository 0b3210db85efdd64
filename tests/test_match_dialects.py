"""The referee speaks each engine's dialect (tournament/dialect.py, docs/match.md "Dialects"): XBoard's square
names with ranks from 0 on boards of exactly 10 ranks, XBoard's names of games (size prefixes, other
names), ``memory`` before ``new``, older forms of a move, engines that flood or stall, and xshogi's protocol
(tournament/xshogi.py, GNU Shogi 1.4.2).

Engines: ``hyperchess xboard`` at depth 1, ``tests/engines/xboard_toy.py`` (an engine with XBoard's own
squares and Debian's engines' quirks), ``tests/engines/xshogi_toy.py`` (GNU Shogi 1.4.2's protocol), and
Debian's engines where installed (each skipped where missing)."""
from __future__ import annotations

import os
import re
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from hyperchess.cli import main
from hyperchess.tournament.dialect import variant_name
from hyperchess.tournament.pgn import check_pgn, record_to_pgn
from hyperchess.tournament.referee import play_game
from hyperchess.tournament.runner import MatchConfig, MatchError, plan, preflight
from hyperchess.tournament.spec import EngineSpec, TimeControl
from hyperchess.tournament.xshogi import shogi_names
from hyperchess.variants import MoveError, get_game
from hyperchess.variants.core.flat_wire import read_move, write_move

ROOT = Path(__file__).resolve().parents[1]
TOY = str(ROOT / "tests" / "engines" / "xboard_toy.py")
HC = (sys.executable, "-m", "hyperchess", "xboard")


def hc() -> EngineSpec:
    return EngineSpec("hyperchess", HC, cwd=str(ROOT), tc=TimeControl(depth=1))


def toy(*words: str, name: str = "toy") -> EngineSpec:
    return EngineSpec(name, (sys.executable, TOY, *words), tc=TimeControl(st=1, margin=1))


def games(variant: str, other: EngineSpec, n: int = 2, maxmoves: int = 6) -> list[dict]:
    cfg = MatchConfig(engines=[hc(), other], variant=variant, games=n, maxmoves=maxmoves)
    return [play_game(job) for job in plan(cfg)]


def played_out(records: list[dict], plies: int) -> None:
    """Every game went its full length (or ended by the rules), with no runner error and no engine refusing
    a move, and its PGN replays."""
    for r in records:
        assert r["errors"] == [] and not [w for w in r["warnings"] if "llegal" in w], r
        assert r["termination"] in ("adjudication", "normal"), r["reason"]
        assert r["termination"] == "normal" or len(r["moves"]) == plies, r
        assert check_pgn(record_to_pgn(r)).error is None


# ---------------------------------------------------------------------- ranks from 0 on 10-rank boards
@pytest.mark.parametrize("variant", ["xiangqi", "janggi", "grand"])
def test_ten_rank_moves_are_written_and_read_with_ranks_from_zero(variant):
    """CECP (engine-intf.html section 8): "on boards with exactly 10 ranks, counting of the ranks starts at 0".
    Every legal move of the start is written with each rank one lower than its native name, and read back."""
    game = get_game(variant)
    pos, flat = game.position(), game.flat_names
    assert flat.height == 10
    for move in pos.legal_moves():
        native = pos.move_name(move)
        xboard = write_move(pos, move, flat)
        assert [int(r) for r in re.findall(r"\d+", xboard)] == [int(r) - 1 for r in re.findall(r"\d+", native)]
        assert read_move(pos, xboard, flat) == move
        assert write_move(pos, move, game.names) == native and read_move(pos, native, game.names) == move


def test_xiangqi_cannon_move_both_ways():
    game = get_game("xiangqi")
    pos, flat = game.position(), game.flat_names
    move = pos.parse_move("h3e3")                   # the cannon to the centre (native ranks 1..10)
    assert write_move(pos, move, flat) == "h2e2"
    assert read_move(pos, "h2e2", flat) == move
    with pytest.raises(MoveError):                  # in XBoard's names h3 is the native h4: no piece there
        read_move(pos, "h3e3", flat)


def test_boards_without_ten_ranks_keep_their_names():
    for variant in ("shogi", "normal", "capablanca"):
        game = get_game(variant)
        pos = game.position()
        for move in pos.legal_moves():
            assert write_move(pos, move, game.flat_names) == pos.move_name(move)


def test_referee_speaks_ranks_from_zero_to_a_cecp_engine():
    """Before: the referee sent ``h3e3`` (ranks from 1) and read the engine's ``h2e2`` the same way, so every
    game ended at once with an illegal move."""
    played_out(games("xiangqi", toy("xiangqi"), maxmoves=6), 12)


# ---------------------------------------------------------------------- names of games
def test_variant_names_from_the_list_an_engine_gives():
    """``feature variants`` (section 9): the game's own name, a name variants/games/xboard_names.txt gives it,
    or its own name with a size prefix WxH+S_ that is its board and holdings."""
    xiangqi, shogi, sho = get_game("xiangqi"), get_game("shogi"), get_game("shoshogi")
    assert variant_name(xiangqi, None) == "xiangqi"                      # no list: every game
    assert variant_name(xiangqi, ["normal", "xiangqi"]) == "xiangqi"
    assert variant_name(xiangqi, ["9x10+0_xiangqi"]) == "9x10+0_xiangqi"
    assert variant_name(xiangqi, ["10x10+0_xiangqi", "9x10+2_xiangqi"]) is None     # another board; holdings
    assert variant_name(shogi, ["9x9+7_shogi"]) == "9x9+7_shogi"
    # HaChu's 9x9+0_shogi is sho shogi (no drops), not shogi
    hachu = ["chu", "nocastle", "9x9+0_shogi", "sho", "dai", "shatranj", "makruk"]
    assert variant_name(shogi, hachu) is None
    assert variant_name(sho, hachu) == "9x9+0_shogi"
    assert variant_name(sho, ["chu", "sho"]) == "sho"
    assert variant_name(get_game("makruk"), hachu) == "makruk"


def test_an_engine_that_lists_the_game_under_another_name_plays_it():
    """Before: "toy does not play shoshogi" (the runner looked for the game's own name only)."""
    cfg = MatchConfig(engines=[hc(), toy("chu,sho", "sho=shoshogi")], variant="shoshogi", games=2, maxmoves=4)
    preflight(cfg)
    records = [play_game(job) for job in plan(cfg)]
    played_out(records, 8)


def test_an_engine_without_the_game_is_refused_in_one_line():
    cfg = MatchConfig(engines=[hc(), toy("chu,9x9+0_shogi", "9x9+0_shogi=shoshogi")], variant="shogi")
    with pytest.raises(MatchError, match=r"^engine toy does not play shogi \(it plays chu, 9x9\+0_shogi\)$"):
        preflight(cfg)


def test_variant_key_names_the_game_outright(tmp_path):
    pgn = tmp_path / "g.pgn"
    r = CliRunner().invoke(main, [
        "match", "--variant", "shoshogi", "--engine", f"cmd={sys.executable} -m hyperchess xboard", f"dir={ROOT}",
        "depth=1", "name=hc", "--engine", f"cmd={sys.executable} {TOY} chu,shosho shosho=shoshogi", "name=toy",
        "variant=shosho", "st=1", "--games", "2", "--maxmoves", "3", "--pgnout", str(pgn), "-q"])
    assert r.exit_code == 0 and "Runner errors: 0" in r.output, r.output
    bad = CliRunner().invoke(main, [
        "match", "--variant", "shoshogi", "--engine", f"cmd={sys.executable} -m hyperchess xboard", "depth=1",
        "name=hc", "--engine", f"cmd={sys.executable} {TOY} chu", "name=toy", "variant=sho", "st=0.5", "-q"])
    assert bad.exit_code == 2 and "engine toy does not list the variant sho (it plays chu)" in bad.output


# ---------------------------------------------------------------------- what engines ask for, and older forms
def test_memory_goes_before_new_to_an_engine_that_asks():
    """HaChu 0.21 allocates its hash table on ``memory`` only and dies on ``go`` without it. Before: every game
    ended with "disconnects"."""
    played_out(games("makruk", toy("makruk", "memory")), 12)


@pytest.mark.parametrize("quirk", ["v1", "twice"])
def test_older_forms_of_a_move(quirk):
    """``NUMBER ... MOVE`` is a move of a protocol version 1 engine (section 13); GNU Chess 6, of version 2 but
    without ``ping``, prints it and then ``My move is : MOVE``: only the second is its move. Before: ``v1``
    stalled (its move was not read)."""
    played_out(games("normal", toy("normal", quirk)), 12)


def test_an_engine_that_never_stops_printing_stalls_in_time():
    """Thinking output without end and no move: a stall after the allowance and the grace second. Before:
    every line was taken before the deadline was looked at, so the referee waited for ever."""
    cfg = MatchConfig(engines=[hc(), toy("normal", "flood")], games=1, maxmoves=4)
    job = plan(cfg)[0]
    out: list[dict] = []
    worker = threading.Thread(target=lambda: out.append(play_game(job)), daemon=True)
    worker.start()
    worker.join(30)
    assert out, "the referee did not finish the game"
    r = out[0]
    assert r["termination"] == "stall" and "stalls (no move in 3.0 s)" in r["reason"] and r["score"] == 1.0
    assert r["errors"] == []


# ---------------------------------------------------------------------- Debian's engines, where installed
DEBIAN = [("maxqi", "xiangqi"), ("hoixiangqi", "xiangqi"), ("shamax", "shatranj"), ("hachu", "makruk")]
PACKAGE = {"maxqi": "fairymax", "shamax": "fairymax", "hoixiangqi": "hoichess", "hachu": "hachu"}


@pytest.mark.parametrize("engine, variant", DEBIAN)
def test_a_short_match_against_a_debian_engine(engine, variant, tmp_path):
    """Two games of 4 moves a side at 3+0.1: every move is legal for both sides (``pgn check``),
    nobody stalls or refuses a move. maxqi and hoixiangqi play xiangqi, where ranks count from 0."""
    path = f"/usr/games/{engine}"
    if not os.path.exists(path):
        pytest.skip(f"{engine} is not installed (Debian: apt-get install {PACKAGE[engine]})")
    spec = EngineSpec(engine, (path,), tc=TimeControl(base=3, inc=0.1, margin=0.5))
    cfg = MatchConfig(engines=[hc(), spec], variant=variant, games=2, maxmoves=4)
    preflight(cfg)
    played_out([play_game(job) for job in plan(cfg)], 8)


# ---------------------------------------------------------------------- xshogi's protocol (GNU Shogi 1.4.2)
XSHOGI_TOY = str(ROOT / "tests" / "engines" / "xshogi_toy.py")


def test_shogi_squares_as_shogi_writes_them():
    """Files 9..1 from the left, ranks a..i from the top (XBoard's alphaRank, backend.c AlphaRank)."""
    game = get_game("shogi")
    names = shogi_names(game)
    pos = game.position()
    assert [names.name(game.names.parse(s)) for s in ("a1", "i1", "a9", "c3", "c4", "e5")] == \
        ["9i", "1i", "9a", "7g", "7f", "5e"]
    move = pos.parse_move("c3c4")
    assert write_move(pos, move, names) == "7g7f" and read_move(pos, "7g7f", names) == move


@pytest.mark.parametrize("engine", ["toy", "gnushogi"])
def test_an_xshogi_engine_plays_shogi(engine):
    """``proto=xshogi``: force, the moves, its side, ``first``; its ``N. ... MOVE MS`` read in shogi's squares
    (drops ``P*5e``). Before: no such protocol (the engine was taken for CECP and never moved)."""
    if engine == "gnushogi":
        if not os.path.exists("/usr/games/gnushogi"):
            pytest.skip("gnushogi is not installed (Debian: apt-get install gnushogi)")
        argv: tuple[str, ...] = ("/usr/games/gnushogi",)
    else:
        argv = (sys.executable, XSHOGI_TOY)
    spec = EngineSpec(engine, argv, tc=TimeControl(st=1, margin=1), proto="xshogi")
    played_out(games("shogi", spec, maxmoves=8), 16)


def test_an_xshogi_engine_takes_whole_seconds_a_move():
    r = CliRunner().invoke(main, ["match", "--variant", "shogi", "--engine", "cmd=hyperchess xboard", "depth=1",
                                  "--engine", "cmd=gnushogi", "proto=xshogi", "tc=10+0.1"])
    assert r.exit_code == 2 and "(gnushogi): an xshogi engine takes st= in whole seconds only" in r.output
