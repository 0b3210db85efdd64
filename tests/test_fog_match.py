"""`hyperchess match` in a game with fog of war (tournament/fog.py; docs/match.md, "Fog of war"): every line the
runner sends an engine is checked against what that engine's side could see at that moment
(``visibility.view``), the games replay legal, and engines that do not declare views are refused before any game."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from hyperchess.cli import main
from hyperchess.tournament import fogplayers
from hyperchess.tournament.fog import play_fog_game
from hyperchess.tournament.referee import GameJob, play_game
from hyperchess.tournament.spec import PLAYERS, EngineSpec, TimeControl
from hyperchess.variants import get_game
from hyperchess.variants.board.codes import EN_PASSANT
from hyperchess.variants.core.visibility import UNSEEN, read_view, view

ROOT = Path(__file__).resolve().parents[1]
UCI = f"{sys.executable} -m hyperchess uci"
XBOARD = f"{sys.executable} -m hyperchess xboard"


def invoke(args: list[str]):
    return CliRunner().invoke(main, args, catch_exceptions=False)


def sent_lines(log: Path) -> dict[tuple[int, str], list[str]]:
    """The lines the runner sent each engine, by (game number, engine name), from ``--log``."""
    out: dict[tuple[int, str], list[str]] = {}
    for line in log.read_text().splitlines():
        _, label, name, way, text = (line.split(" ", 4) + [""])[:5]
        if way == ">":
            out.setdefault((int(label[1:]), name), []).append(text)
    return out


def check_views(game, record: dict, name: str, lines: list[str], head: str, allowed) -> int:
    """Each line sent to engine ``name`` in the game ``record`` is a set-up or ``go`` word (``allowed``) or a
    view (``head`` VIEW) of exactly what its side sees when it is to move (the board of ``visibility.view``,
    its own castling rights, en passant only when it may take so, no clock it cannot know). Returns the views."""
    seats = [s for s, player in enumerate(record["players"]) if player == name]
    pos = game.position()
    turns = []                             # the real position each time the engine's seat is to move
    for text in record["moves"]:
        if pos.turn in seats:
            turns.append(pos.copy())
        pos.push(pos.parse_move(text))
    if pos.outcome() is None and pos.turn in seats:
        turns.append(pos.copy())
    views = [line[len(head):] for line in lines if line.startswith(head)]
    others = [line for line in lines if not line.startswith(head)]
    bad = [line for line in others if not allowed(line)]
    assert not bad, f"{name} was sent {bad[:3]}"
    assert len(views) == len(turns), (len(views), len(turns))
    for text, real in zip(views, turns):
        seen = view(real, real.turn)
        got = read_view(game, text)
        assert got.board == seen.board, text                   # never an unseen square, nor a seen one hidden
        assert got.color == real.turn and sorted(got.moves) == sorted(seen.moves)
        castling, ep, halfmove = text.split()[2:5]
        own = {r.fen_char for r in game.castling if r.color == real.turn}
        assert set(castling) <= own | {"-"}, text
        assert (ep != "-") == any(m[3] == EN_PASSANT for m in seen.moves), text
        assert halfmove == "0"
    return len(views)


def uci_word(line: str, variant: str = "fogofwar") -> bool:
    return line in ("uci", "isready", "ucinewgame", "quit", f"setoption name UCI_Variant value {variant}") \
        or line.startswith("go nodes ")


def cecp_word(line: str) -> bool:
    words = ("xboard", "protover 2", "new", "variant fogofwar", "force", "post", "easy", "go", "quit", "st 1",
             "option Notation=native", "cores 1", "memory 68")
    return line in words or line.startswith(("accepted ", "rejected ", "ping ", "nps ", "result "))


def run_fog_match(tmp_path: Path, engines: list[list[str]], games: int, each: list[str] = (),
                  variant: list[str] = ("--variant", "fogofwar")):
    log, state, pgn = tmp_path / "traffic.log", tmp_path / "state.json", tmp_path / "games.pgn"
    args = ["match", *variant, "--games", str(games), "--log", str(log), "--state", str(state),
            "--pgnout", str(pgn), "-q"]
    for words in engines:
        args += ["--engine", *words]
    if each:
        args += ["--each", *each]
    r = invoke(args)
    records = json.loads(state.read_text())["records"] if state.exists() else []
    return r, records, sent_lines(log) if log.exists() else {}, pgn


def assert_pgn_replays(pgn: Path, games: int) -> None:
    check = invoke(["pgn", "check", str(pgn)])
    assert check.exit_code == 0 and f"{games} games" in check.output and "all legal" in check.output, check.output


def test_match_of_two_uci_engines_sends_views_only(tmp_path):
    """`hyperchess match --variant fogofwar` between two `hyperchess uci` engines. Before fog games went through
    the runner's fog referee this match ran as if there were no fog: each engine was sent
    `position startpos moves ...`, every move of the game, and so the whole position."""
    game = get_game("fogofwar")
    r, records, sent, pgn = run_fog_match(tmp_path, [[f"cmd={UCI}", "proto=uci", "name=a"],
                                                    [f"cmd={UCI}", "proto=uci", "name=b"]], 1, ["nodes=400"])
    assert r.exit_code == 0, r.output
    assert len(records) == 1 and records[0]["result"] in ("1-0", "0-1", "1/2-1/2") and not records[0]["errors"]
    for name in ("a", "b"):
        assert check_views(game, records[0], name, sent[(1, name)], "position fen ", uci_word) >= 1
    assert_pgn_replays(pgn, 1)


def test_uci_engine_against_random_player(tmp_path):
    """Our UCI engine against the in-process random player: views only, every game ends by the rules (a king
    taken, or a draw), and the PGN holds the whole games."""
    game = get_game("fogofwar")
    r, records, sent, pgn = run_fog_match(tmp_path, [[f"cmd={UCI}", "proto=uci", "name=hc", "nodes=400"],
                                                    ["player=random"]], 3)
    assert r.exit_code == 0, r.output
    assert "Games: 3" in r.output and "Runner errors: 0" in r.output
    for i, record in enumerate(records):
        assert record["players"] == (["hc", "random"] if i % 2 == 0 else ["random", "hc"])
        assert record["termination"] == "normal", record["reason"]
        assert check_views(game, record, "hc", sent[(i + 1, "hc")], "position fen ", uci_word) >= 1
    assert not any(name == "random" for _, name in sent)            # the player runs inside the referee
    assert_pgn_replays(pgn, 3)


def test_cecp_engine_against_last_seen_player(tmp_path):
    """The same over CECP: `setboard VIEW` before each `go`, never a `usermove`."""
    game = get_game("fogofwar")
    r, records, sent, pgn = run_fog_match(tmp_path, [[f"cmd={XBOARD}", "name=hc", "nodes=400"],
                                                    ["player=lastseen", "nodes=100"]], 2)
    assert r.exit_code == 0, r.output
    assert "Runner errors: 0" in r.output
    for i, record in enumerate(records):
        assert record["termination"] == "normal", record["reason"]
        assert check_views(game, record, "hc", sent[(i + 1, "hc")], "setboard ", cecp_word) >= 1
    assert_pgn_replays(pgn, 2)


MINI = """
[fogmini]
files = 5
ranks = 5
start = "rnkbr/5/5/5/RBKNR w - - 0 1"
fog = true
check = "capture"

[fogmini.pieces]
K = { name = "king", betza = "K", royal = true }
R = { name = "rook", betza = "R" }
N = { name = "knight", betza = "N" }
B = { name = "bishop", betza = "B" }
"""


def test_a_game_with_fog_from_a_variants_file(tmp_path):
    """`fog = true` in a user's file (`--variants`): the game travels to the worker and the engine, which is
    sent views of it only."""
    from hyperchess.variants import add_variants
    path = tmp_path / "mini.toml"
    path.write_text(MINI)
    r, records, sent, pgn = run_fog_match(tmp_path, [[f"cmd={UCI}", "proto=uci", "name=hc", "nodes=200"],
                                                    ["player=lastseen", "nodes=50"]], 2,
                                          variant=("--variants", str(path), "--variant", "fogmini"))
    assert r.exit_code == 0, r.output
    add_variants(MINI, "mini.toml")
    game = get_game("fogmini")
    for i, record in enumerate(records):
        assert record["termination"] == "normal", record["reason"]
        assert check_views(game, record, "hc", sent[(i + 1, "hc")], "position fen ",
                           lambda line: uci_word(line, "fogmini")) >= 1
    check = invoke(["pgn", "check", "--variants", str(path), str(pgn)])
    assert check.exit_code == 0 and "2 games" in check.output and "all legal" in check.output, check.output


FAKE_UCI = """
import sys
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "uci":
        print("id name fake-fog")
        print("option name UCI_Variant type combo default chess var chess var fogofwar")
        print("uciok", flush=True)
    elif word == "isready":
        print("readyok", flush=True)
    elif word == "quit":
        break
"""


def test_an_engine_that_does_not_declare_views_is_refused(tmp_path):
    """An engine that lists the game but not the option FogViews gets no seat: one line before any game."""
    fake = tmp_path / "fake_uci.py"
    fake.write_text(FAKE_UCI)
    r, records, sent, _ = run_fog_match(tmp_path, [[f"cmd={sys.executable} {fake}", "proto=uci", "name=fake"],
                                                    [f"cmd={UCI}", "proto=uci", "name=hc"]], 2,
                                        ["nodes=100", "--stall", "2"])
    assert r.exit_code == 2 and not records
    line = r.output.strip()
    assert line.startswith("hyperchess: engine fake does not declare that it plays fogofwar from views (the "
                           "option FogViews)") and "\n" not in line
    assert "Fairy-Stockfish's fogofwar" in line and "extinction chess" in line
    assert not any(text.startswith(("position", "go")) for lines in sent.values() for text in lines)


@pytest.mark.parametrize("args, reason", [
    (["--variant", "normal", "--engine", "player=random", "--engine", "player=lastseen", "name=ls"],
     "engine random: player=random plays only games with fog of war (fog = true), not normal"),
    (["--variant", "fogofwar", "--engine", "player=dice", "--engine", "player=random"],
     "--engine 1: player= is random or lastseen, got 'dice'"),
    (["--variant", "fogofwar", "--engine", "player=random", "cmd=x", "--engine", "player=lastseen"],
     "--engine 1: player=random runs inside the referee: give no cmd= or arg="),
])
def test_player_seats_refused_with_a_reason(args, reason):
    r = invoke(["match", *args, "--games", "1", "-q"])
    assert r.exit_code == 2 and r.output.strip() == f"hyperchess: {reason}"


def test_position_string_openings_are_refused_in_a_game_with_fog(tmp_path):
    book = tmp_path / "book.txt"
    book.write_text("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n")
    r = invoke(["match", "--variant", "fogofwar", "--engine", "player=random", "--engine", "player=lastseen",
                "--openings", str(book), "--games", "1", "-q"])
    assert r.exit_code == 2
    assert r.output.strip() == ("hyperchess: fogofwar has fog of war: its games start from its start position, "
                                "which its players know, so give openings as move lists")


def test_the_players_inside_the_referee_are_given_only_their_views(monkeypatch):
    """A spy in place of the random player records what it is given: after every move the view of its side,
    the real position's as `visibility.view` makes it, and nothing else."""
    game = get_game("fogofwar")
    spies = []

    class Spy(fogplayers.RandomPlayer):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            self.color, self.views = a[1], []
            spies.append(self)

        def observe(self, v):
            super().observe(v)
            self.views.append(v)

    monkeypatch.setitem(fogplayers.PLAYER_CLASSES, "random", Spy)
    seat = EngineSpec("r1", (), player="random", proto="player")
    job = GameJob(index=0, variant="fogofwar", engines=(seat, EngineSpec("r2", (), player="random", proto="player")),
                  seats=(0, 1), seed=9, fog=True)
    record = play_fog_game(job)
    assert record["termination"] == "normal" and not record["errors"]
    pos = game.position()
    for ply in range(len(record["moves"]) + 1):
        for spy in spies:
            v = spy.views[ply]
            if v.outcome is None:
                assert v.board == tuple(pos.board[c] if c in view(pos, spy.color).seen() else UNSEEN
                                        for c in range(len(pos.board)))
        if ply < len(record["moves"]):
            pos.push(pos.parse_move(record["moves"][ply]))
    assert len(spies[0].views) == len(record["moves"]) + 1


def test_the_ordinary_referee_refuses_a_game_with_fog():
    """`referee.play_game` would send the position: a game with fog is an error there, not a game."""
    hc = EngineSpec("hc", tuple(UCI.split()), proto="uci", tc=TimeControl(nodes=100))
    record = play_game(GameJob(index=0, variant="fogofwar", engines=(hc, hc), seats=(0, 1)))
    assert record["result"] == "*" and "its seats must be sent views" in record["errors"][0]


def test_the_player_kinds_are_the_ones_the_spec_names():
    assert tuple(fogplayers.PLAYER_CLASSES) == PLAYERS
