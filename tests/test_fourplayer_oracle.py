"""Four-player chess (docs/rules/fourplayer.md) against an independent brute-force reading of its rules
(tests/fourplayer_oracle.py): the same legal moves at every ply of random games, and the same castling rights,
dead players, points and end. A short run here; the long one (10,000+ positions each) is marked slow."""
from __future__ import annotations

import random

import pytest

from fourplayer_oracle import Board, on_board, progress, square
from hyperchess.variants import get_game
from hyperchess.variants.board.codes import CASTLE, PROMOTION
from hyperchess.variants.core.perft import perft


def core_moves(game, pos) -> dict[tuple, tuple]:
    """The core's legal moves as (from, to, promotion letter) -> move."""
    out = {}
    for m in pos.legal_moves():
        promo = game.pieces[game.kind_of[m[2]]].letter if m[3] == PROMOTION else ""
        out[(game.names.name(m[0]), game.names.name(m[1]) if m[3] != CASTLE else
             game.names.name(game.castling[m[2]].king_to), promo)] = m
    return out


def oracle_moves(board: Board) -> dict[tuple, tuple]:
    return {(square(m[0]), square(m[1]), m[2]): m for m in board.legal()}


def gives_check(pos, move) -> bool:
    """Does ``move`` attack another player's king?"""
    us = pos.turn
    pos.push(move)
    try:
        return any(k is not None and pos.attacked(k, (us,)) for k in (pos.king(c) for c in range(4) if c != us))
    finally:
        pos.pop()


def sparse_start(rng: random.Random, ffa: bool) -> tuple[str, Board]:
    """A random position of few pieces, where mates come soon: each player a king, a queen, a rook, a knight
    and a pawn (between its second row and its promotion zone) on random empty squares; Red to move."""
    cells = [(f, r) for f in range(14) for r in range(14) if on_board(f, r)]
    board = Board(ffa)
    for c in range(4):
        for letter in "KQRNP":
            while True:
                s = rng.choice(cells)
                if s not in board.cells and (letter != "P" or 1 <= progress(c, s) < (7 if ffa else 10)):
                    break
            board.cells[s] = (c, letter)
    board.keys = [board.key()]
    rows = []
    for r in range(13, -1, -1):
        row, empty = "", 0
        for f in range(14):
            p = board.cells.get((f, r))
            if not on_board(f, r) or p:
                row += (str(empty) if empty else "") + ("*" if not p else "rbyg"[p[0]] + p[1])
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " r - - 0 1" + (" - 0,0,0,0" if ffa else ""), board


def lockstep(name: str, games: int, seed: int, max_plies: int = 400, ends: dict | None = None,
             sparse: bool = False) -> int:
    """Random games (checks and captures preferred, so that players get mated); returns the positions compared
    (and counts the games' ends in ``ends``)."""
    game = get_game(name)
    ffa = name.endswith("ffa")
    compared = 0
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        pos, board = game.position(), Board.start(ffa)
        if sparse:
            text, board = sparse_start(rng, ffa)
            pos = game.position(text)
        for ply in range(max_plies):
            where = f"{name} game {g} ply {ply} {pos.fen()}"
            outcome, expected = pos.outcome(), board.outcome()
            assert (outcome and (outcome.termination, outcome.result)) == expected, where
            compared += 1
            if outcome:
                if ends is not None:
                    ends[outcome.termination] = ends.get(outcome.termination, 0) + 1
                break
            ours, theirs = core_moves(game, pos), oracle_moves(board)
            assert set(ours) == set(theirs), f"{where}: core only {sorted(set(ours) - set(theirs))}, " \
                                             f"reference only {sorted(set(theirs) - set(ours))}"
            assert game.color_letters[pos.turn] == "rbyg"[board.turn], where
            if ffa:
                assert game.points(pos) == tuple(board.points), where
                assert {c for c in range(4) if game.dead(pos) >> c & 1} == board.dead, where
            rights = {r.fen_char for i, r in enumerate(game.castling) if pos.rights >> i & 1}
            assert rights == {"rbyg"[c] + w for c, w in board.rights}, where
            keys = sorted(ours)
            caps = [k for k in keys if pos.board[ours[k][1]]]
            roll = rng.random()
            checks = [k for k in keys if gives_check(pos, ours[k])] if roll < 0.5 else []
            key = rng.choice(checks if checks else caps if caps and roll < 0.8 else keys)
            pos.push(ours[key])
            board.make(theirs[key])
    return compared


@pytest.mark.parametrize("name", ["fourplayer-teams", "fourplayer-ffa"])
def test_lockstep_short(name):
    assert lockstep(name, 2, seed=1, max_plies=120) >= 100


@pytest.mark.parametrize("name", ["fourplayer-teams", "fourplayer-ffa"])
def test_lockstep_sparse_short(name):
    """Few pieces: players are mated, stalemated and put out within a few moves."""
    assert lockstep(name, 6, seed=2, max_plies=60, sparse=True) >= 60


@pytest.mark.slow
@pytest.mark.parametrize("name", ["fourplayer-teams", "fourplayer-ffa"])
def test_lockstep_long(name):
    ends: dict[str, int] = {}
    assert lockstep(name, 30, seed=7, ends=ends) + lockstep(name, 60, seed=8, max_plies=150, ends=ends,
                                                               sparse=True) >= 10_000
    assert sum(ends.get(end, 0) for end in ("checkmate", "king captured", "elimination", "lead")) >= 5, ends


def test_start_perft():
    """Red's 16 pawn moves and 4 knight moves; Blue's reply is fewer after f2-f3/f2-f4 (Red's queen pins
    Blue's b6 pawn against the king on a7) and d2-d4 (Blue's b4 pawn cannot double-step)."""
    game = get_game("fourplayer-teams")
    pos = game.position()
    assert [perft(pos, d) for d in (1, 2, 3)] == [20, 395, 7800]
    board = Board.start(False)
    count = 0
    for m in board.legal():
        b = board.copy()
        b.make(m)
        count += len(b.legal())
    assert count == 395
