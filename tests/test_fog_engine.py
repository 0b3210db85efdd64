"""The engine in a game with fog plays from what its side sees (engine/fog.py, protocol/fog.py,
tournament/fog.py; docs/rules/fogofwar.md): a legal move from views alone, over UCI too, the same move for the
same views whatever is hidden, and it beats a random player."""
from __future__ import annotations

import random

import pytest
from protocol_support import UCI_CMD, EngineProcess

from hyperchess.engine.fog import Belief, FogEngine, fog_move
from hyperchess.tournament.fog import LastSeenPlayer, RandomPlayer, fog_match, play_fog_game
from hyperchess.variants import get_game
from hyperchess.variants.core.visibility import UNSEEN, view, view_text


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


def view_string(pos, color):
    return view_text(pos.game, view(pos, color).board) + " " + pos.fen().split(" ", 1)[1]


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


def test_the_referee_gives_each_player_only_its_view(game):
    """A spy player records every view: none shows a square its side could not see then."""
    class Spy(RandomPlayer):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            self.views = []

        def observe(self, v):
            super().observe(v)
            self.views.append(v)

    spies = [Spy(game, 0, seed=1), Spy(game, 1, seed=2)]
    record = play_fog_game(game, spies)
    assert record.outcome is not None and not record.fault
    pos = game.position()
    for ply in range(len(record.moves) + 1):
        for color, spy in enumerate(spies):
            v = spy.views[ply]
            if v.outcome is None:
                assert v.board == tuple(pos.board[c] if c in view(pos, color).seen() else UNSEEN
                                        for c in range(len(pos.board)))
        if ply < len(record.moves):
            pos.push(pos.parse_move(record.moves[ply]))


def test_engine_beats_random_in_a_short_match(game):
    points, played = fog_match(game, "engine", "random", 4, seed=5, options={"engine": {"samples": 4, "nodes": 200,
                                                                                     "reply_nodes": 60}})
    assert points >= 3.5


def test_last_seen_player_plays_legal_moves(game):
    players = [LastSeenPlayer(game, 0, nodes=200), RandomPlayer(game, 1, seed=3)]
    record = play_fog_game(game, players, max_plies=60)
    assert not record.fault


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
            eng.send("ucinewgame", f"position fen {view_string(pos, pos.turn)}", go)
            line, _ = eng.expect(r"bestmove \S+", 120)
            move = line.split()[1]
            assert move in {pos.move_name(m) for m in pos.legal_moves()}, (pos.fen(), move)
    return len(positions)


def test_uci_engine_answers_a_legal_move_from_views(game):
    assert uci_legal_moves(game, 30, "go movetime 50") == 30


@pytest.mark.slow
def test_uci_engine_legal_moves_in_1000_positions(game):
    assert uci_legal_moves(game, 1000, "go nodes 400") == 1000


def test_fog_match_command(tmp_path):
    """`hyperchess fog-match`: one line a game and the score; a game without fog is one line of refusal."""
    import subprocess
    import sys
    run = [sys.executable, "-m", "hyperchess", "fog-match"]
    out = subprocess.run(run + ["fogofwar", "random", "random", "-g", "2", "--seed", "3"], capture_output=True,
                         text=True, timeout=120)
    lines = out.stdout.strip().splitlines()
    assert out.returncode == 0 and len(lines) == 3
    assert lines[0].startswith("game 1: random - random ") and lines[2].startswith("random against random: ")
    bad = subprocess.run(run + ["normal", "random", "random"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.strip() == "hyperchess: normal has no fog of war (a game with fog = true)"
