"""The engine in a game with fog plays from what its side sees (engine/fog.py, protocol/fog.py,
tournament/fog.py; docs/rules/fogofwar.md): a legal move from views alone, over UCI too, the same move for the
same views whatever is hidden. Matches: tests/test_fog_match.py."""
from __future__ import annotations

import random

import pytest
from protocol_support import UCI_CMD, EngineProcess

from hyperchess.engine.fog import Belief, FogEngine, fog_move
from hyperchess.tournament.fog import play_fog_game
from hyperchess.tournament.referee import GameJob
from hyperchess.tournament.spec import EngineSpec, TimeControl
from hyperchess.variants import get_game
from hyperchess.variants.core.visibility import UNSEEN, view, view_string


@pytest.fixture(scope="module")
def game():
    return get_game("fogofwar")


def random_game(game, plies: int, seed: int):
    pos = game.position()
    rng = random.Random(seed)
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves or pos.outcome() is not None:
            break
        pos.push(rng.choice(moves))
    return pos


def test_samples_agree_with_the_view(game):
    """Every drawn position shows each seen cell as seen, and the enemy keeps one king."""
    pos = random_game(game, 14, seed=3)
    belief = Belief(game, pos.turn)
    belief.update(view(pos, pos.turn))
    rng = random.Random(1)
    drawn = [s for s in (belief.sample(rng) for _ in range(20)) if s is not None]
    assert len(drawn) >= 15
    v = belief.last
    for s in drawn:
        assert all(s.pos.board[c] == code for c, code in enumerate(v.board) if code != UNSEEN)
        assert len(s.pos.royals[1 - pos.turn]) == 1


def test_the_same_views_give_the_same_move_whatever_is_hidden(game):
    """Two positions that differ only in squares White cannot see: White's view is the same, and so is the move."""
    a = game.position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    b = game.position("r1bqkbnr/pppppppp/2n5/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert view(a, 0) == view(b, 0)
    assert fog_move(game, 0, [view(a, 0)], seed=4) == fog_move(game, 0, [view(b, 0)], seed=4)


def test_a_king_in_sight_is_taken(game):
    pos = game.position("3k4/8/8/8/8/8/8/3RK3 w - - 0 1")
    engine = FogEngine(game, 0, seed=1)
    engine.observe(view(pos, 0))
    assert "d8" in {game.names.name(c) for c in view(pos, 0).seen()}
    assert pos.move_name(engine.choose()) == "d1d8"


def test_last_seen_player_plays_legal_moves(game):
    """The last-seen player against the random one, refereed by the match runner's fog referee: no game lost by
    a move that is not legal."""
    seats = (EngineSpec("ls", (), proto="player", player="lastseen", tc=TimeControl(nodes=200)),
             EngineSpec("r", (), proto="player", player="random"))
    record = play_fog_game(GameJob(index=0, variant="fogofwar", engines=seats, seats=(0, 1), maxmoves=30, fog=True))
    assert not record["errors"] and record["termination"] in ("normal", "adjudication"), record["reason"]
    assert len(record["moves"]) <= 60


def uci_legal_moves(game, count: int, go: str) -> int:
    """Over UCI: `position fen VIEW` then `go`: a legal move of the true position in ``count`` positions of
    random games, none of them finished (the side to move's view of each). Returns the positions asked."""
    positions, seed = [], 0
    while len(positions) < count:
        pos = random_game(game, 7 * seed % 120, seed)
        seed += 1
        if pos.outcome() is None:
            positions.append(pos)
    with EngineProcess(UCI_CMD) as eng:
        eng.send("uci", "setoption name UCI_Variant value fogofwar")
        eng.expect("uciok")
        for pos in positions:
            eng.send("ucinewgame", f"position fen {view_string(pos)}", go)
            line, _ = eng.expect(r"bestmove \S+", 120)
            move = line.split()[1]
            assert move in {pos.move_name(m) for m in pos.legal_moves()}, (pos.fen(), move)
    return len(positions)


def test_uci_engine_answers_a_legal_move_from_views(game):
    assert uci_legal_moves(game, 30, "go movetime 50") == 30


@pytest.mark.slow
def test_uci_engine_legal_moves_in_1000_positions(game):
    assert uci_legal_moves(game, 1000, "go nodes 400") == 1000


def cecp_legal_moves(game, count: int, nodes: int) -> int:
    """Over CECP: `setboard VIEW` then `go` (docs/protocol.md, "Fog of war"): a legal move of the true position
    in ``count`` positions of random games, as for UCI; ``nps N`` + ``st 1`` bounds each search to N nodes."""
    positions, seed = [], 0
    while len(positions) < count:
        pos = random_game(game, 7 * seed % 120, seed + 5000)
        seed += 1
        if pos.outcome() is None:
            positions.append(pos)
    with EngineProcess() as eng:
        eng.handshake()
        for pos in positions:
            eng.send("new", "variant fogofwar", "st 1", f"nps {nodes}", "force",
                     f"setboard {view_string(pos)}", "go")
            line, before = eng.expect(r"move \S+", 120)
            assert not [x for x in before if x.startswith(("tellusererror", "Error", "Illegal"))], before
            assert line.split()[1] in {pos.move_name(m) for m in pos.legal_moves()}, (pos.fen(), line)
    return len(positions)


def test_cecp_engine_answers_a_legal_move_from_views(game):
    assert cecp_legal_moves(game, 30, 400) == 30


@pytest.mark.slow
def test_cecp_engine_legal_moves_in_1000_positions(game):
    assert cecp_legal_moves(game, 1000, 400) == 1000


def test_cecp_bad_view_is_one_line_and_no_move():
    """A view that is not one (six ranks): one reason, then no move until the next good setboard."""
    with EngineProcess() as eng:
        eng.handshake()
        eng.send("new", "variant fogofwar", "force", "setboard ?nbqkbnr/8/8/8/8/8 w - - 0 1", "go")
        lines = eng.sync()
        assert [x for x in lines if x.startswith("# setboard: bad view")] and "tellusererror Illegal position" in lines
        assert "Error (no legal position set): go" in lines and not [x for x in lines if x.startswith("move ")]


def test_fog_match_command(tmp_path):
    """`hyperchess fog-match`: one line a game and the score; a game without fog is one line of refusal."""
    import subprocess
    import sys
    run = [sys.executable, "-m", "hyperchess", "fog-match"]
    out = subprocess.run(run + ["fogofwar", "random", "random", "-g", "2", "--seed", "3"], capture_output=True,
                         text=True, timeout=120)
    lines = out.stdout.strip().splitlines()
    assert out.returncode == 0 and len(lines) == 3
    assert lines[0].startswith("game 1: random1 - random2 ") and lines[2].startswith("random1 against random2: ")
    bad = subprocess.run(run + ["normal", "random", "random"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.strip() == "hyperchess: normal has no fog of war (a game with fog = true)"


def test_both_protocols_declare_that_they_read_views():
    """The option FogViews (docs/protocol.md, "Fog of war"), which `hyperchess match` asks for before it gives
    an engine a seat in a game with fog; it stays true."""
    with EngineProcess(UCI_CMD) as eng:
        eng.send("uci")
        _, before = eng.expect("uciok")
        assert "option name FogViews type check default true" in before
        eng.send("setoption name FogViews value false", "isready")
        _, before = eng.expect("readyok")
        assert before == ["info string FogViews is 'false': it declares that this engine reads views, and stays true"]
    with EngineProcess() as eng:
        features = eng.handshake()
        assert 'feature option="FogViews -check 1"' in features
        eng.send("option FogViews=0")
        lines = eng.sync()
        assert len(lines) == 1 and lines[0].startswith("Error (bad option value): FogViews is '0'")


def test_a_piece_that_moved_away_between_two_views_is_not_taken(game):
    """Over UCI or CECP the engine is sent a view only when it is to move, so between two views come its own
    move and the reply. A black knight seen in front of White's pawn that then steps away was not taken by
    White's move (a king's step): the engine must still count it."""
    pos = game.position("4k3/8/8/n7/P7/8/8/7K w - - 0 1")
    engine = FogEngine(game, 0, seed=2)
    engine.observe(view(pos, 0))
    knight = pos.board[game.names.parse("a5")]
    assert view(pos, 0).board[game.names.parse("a5")] == knight          # the pawn sees what blocks it
    knights = engine.belief.alive[knight]        # those of the start position: it believes none taken yet
    move = engine.choose()
    assert pos.move_name(move)[:2] == "h1"                              # the pawn cannot move: a king's step
    pos.push(move)
    pos.push(pos.parse_move("a5c6"))
    engine.observe(view(pos, 0))
    assert engine.belief.alive[knight] == knights
