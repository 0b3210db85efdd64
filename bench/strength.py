"""Playing strength sanity check: hyperchess (in-process Searcher) vs a random mover and a greedy capturer.

    python bench/strength.py                          # 20 games each at 0.5 s/move
    python bench/strength.py --games 4 --movetime 0.2 --opponent greedy
    python bench/strength.py --variant future-generation     # the engine's team v a team of random movers

Normal chess; colours alternate; python-chess referees (its game end with draw claims counts: checkmate,
stalemate, insufficient material, threefold repetition, fifty moves); a game still running at move 150
is adjudicated as unfinished (not a win). Targets: 20/20 wins vs random, >= 18/20 vs greedy.

    python bench/strength.py --variant first-contact --opponent random

Other games (``--variant``): our own Position referees (its ``outcome()``: the game's own ends, no legal move,
fifty moves, threefold repetition); the engine plays every colour of one team (teams alternate) and the
opponent every other colour: the random mover picks among our legal moves and the greedy one takes the most
valuable piece it can (piece values of the game).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hyperchess.engine.search import Limits, Searcher  # noqa: E402
from hyperchess.variants import get_game  # noqa: E402

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 100}


def random_mover(board: chess.Board, rng: random.Random) -> chess.Move:
    return rng.choice(list(board.legal_moves))


def greedy_capturer(board: chess.Board, rng: random.Random) -> chess.Move:
    """The capture of the most valuable piece (ties at random), else a random move."""
    moves = list(board.legal_moves)
    best, best_value = [], 0
    for m in moves:
        if board.is_capture(m):
            victim = chess.PAWN if board.is_en_passant(m) else board.piece_type_at(m.to_square)
            v = VALUES[victim]
            if v > best_value:
                best, best_value = [m], v
            elif v == best_value:
                best.append(m)
    return rng.choice(best or moves)


OPPONENTS = {"random": random_mover, "greedy": greedy_capturer}


def play(opponent, engine_white: bool, movetime: float, seed: int, max_fullmoves: int = 150,
         searcher: Searcher | None = None) -> tuple[str, int, str]:
    """One game. Returns (engine's result 'win'/'draw'/'loss'/'unfinished', plies, termination)."""
    rng = random.Random(seed)
    board = chess.Board()
    pos = get_game("normal").position()
    searcher = searcher or Searcher()
    searcher.new_game()
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            if outcome.winner is None:
                return "draw", board.ply(), outcome.termination.name.lower()
            won = outcome.winner == (chess.WHITE if engine_white else chess.BLACK)
            return ("win" if won else "loss"), board.ply(), outcome.termination.name.lower()
        if board.fullmove_number > max_fullmoves:
            return "unfinished", board.ply(), f"move {max_fullmoves}"
        if (board.turn == chess.WHITE) == engine_white:
            result = searcher.search(pos, Limits(movetime=movetime))
            uci = pos.move_name(result.best)
            move = chess.Move.from_uci(uci)
            if move not in board.legal_moves:
                raise AssertionError(f"engine played illegal {uci} in {board.fen()}")
            pos.push(result.best)
        else:
            move = opponent(board, rng)
            pos.push(pos.parse_move(move.uci()))
        board.push(move)


def play_native(variant: str, name: str, engine_team: int, movetime: float, seed: int,
                max_fullmoves: int = 150, searcher: Searcher | None = None) -> tuple[str, int, str]:
    """One game of ``variant`` refereed by our own Position: the engine moves for every colour of
    ``engine_team`` (team 0 = White's), the opponent for the rest; same return as :func:`play`."""
    rng = random.Random(seed)
    pos = get_game(variant).position()
    game = pos.game
    searcher = searcher or Searcher()
    searcher.new_game()
    plies = 0
    while True:
        outcome = pos.outcome()
        if outcome is not None:
            if outcome.result == "1/2-1/2":
                return "draw", plies, outcome.termination
            won = outcome.result == ("1-0" if engine_team == 0 else "0-1")
            return ("win" if won else "loss"), plies, outcome.termination
        if pos.fullmove > max_fullmoves:
            return "unfinished", plies, f"move {max_fullmoves}"
        moves = pos.legal_moves()
        if game.teams[pos.turn] == engine_team:
            move = searcher.search(pos, Limits(movetime=movetime)).best
            if move not in moves:
                raise AssertionError(f"engine played illegal {move} in {pos.fen()}")
        elif name == "greedy":
            value = [game.pieces[game.kind_of[c]].value if game.kind_of[c] else 0 for c in range(game.ncodes)]
            best = max(value[pos.board[m[1]]] if game.enemy[pos.turn][pos.board[m[1]]] else 0 for m in moves)
            move = rng.choice([m for m in moves if best == (value[pos.board[m[1]]]
                                                            if game.enemy[pos.turn][pos.board[m[1]]] else 0)])
        else:
            move = rng.choice(moves)
        pos.push(move)
        plies += 1


def match(name: str, games: int, movetime: float, max_fullmoves: int = 150, variant: str = "normal") -> dict:
    opponent = OPPONENTS[name]
    tally = {"win": 0, "draw": 0, "loss": 0, "unfinished": 0}
    searcher = Searcher()
    start = time.perf_counter()
    for i in range(games):
        white = i % 2 == 0
        if variant == "normal":
            result, plies, how = play(opponent, white, movetime, seed=1000 + i, max_fullmoves=max_fullmoves,
                                      searcher=searcher)
        else:
            result, plies, how = play_native(variant, name, 0 if white else 1, movetime, seed=1000 + i,
                                             max_fullmoves=max_fullmoves, searcher=searcher)
        tally[result] += 1
        side = "white" if variant == "normal" else get_game(variant).team_name(0 if white else 1)
        print(f"  {name} game {i + 1:>2}: engine {side:<17} {result:<10} "
              f"{how:<22} {plies:>3} plies", flush=True)
    tally["seconds"] = time.perf_counter() - start
    return tally


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--movetime", type=float, default=0.5)
    ap.add_argument("--opponent", choices=[*OPPONENTS, "both"], default="both")
    ap.add_argument("--max-moves", type=int, default=150, help="adjudicate at this full move number")
    ap.add_argument("--variant", default="normal", help="the game (other than normal: our own referee)")
    args = ap.parse_args(argv)
    names = list(OPPONENTS) if args.opponent == "both" else [args.opponent]
    targets = {"random": args.games, "greedy": -(-args.games * 9 // 10)}
    summary = []
    for name in names:
        print(f"hyperchess vs {name}: {args.variant}, {args.games} games at {args.movetime} s/move", flush=True)
        t = match(name, args.games, args.movetime, args.max_moves, args.variant)
        line = (f"vs {name:<6}: {t['win']}/{args.games} wins, {t['draw']} draws, {t['loss']} losses, "
                f"{t['unfinished']} unfinished at move {args.max_moves}  (target >= {targets[name]}/{args.games})"
                f"  {t['seconds']:.0f} s")
        summary.append(line)
        print(line, flush=True)
    print("\n".join(["", "Summary:"] + summary))


if __name__ == "__main__":
    main(sys.argv[1:])
