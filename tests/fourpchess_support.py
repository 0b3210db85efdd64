"""4pchess (tools/build_4pchess.sh) seen from the tests: the wrapper module, its legal-move driver, and random
Teams games played in lockstep with it (tests/test_fourpchess.py; docs/rules/fourplayer.md, "4pchess")."""
from __future__ import annotations

import importlib.util
import random
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from hyperchess.variants import get_game
from hyperchess.variants.board.codes import CASTLE, HOLE, PROMOTION
from hyperchess.variants.core.fen import write_fen4
from hyperchess.variants.core.load import load_position

ROOT = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location("fourpchess_uci", ROOT / "tools" / "fourpchess" / "uci.py")
wrapper = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(wrapper)

MOVEGEN = wrapper.build_dir() / "movegen"
CLI = wrapper.default_cli()
GAME = wrapper.GAME

# 4pchess's GetGameResult words and the results hyperchess gives the same end (Red-Yellow is team 0)
RESULTS = {"win_ry": "1-0", "win_bg": "0-1", "stalemate": "1/2-1/2"}
# rules 4pchess does not have (docs/rules/fourplayer.md, "4pchess"): hyperchess's game ends, 4pchess plays on
NO_DRAW_RULES = ("fifty", "repetition")


class Driver:
    """tools/fourpchess/movegen.cc: 4pchess's own board, one command a line."""

    def __init__(self, path: Path = MOVEGEN) -> None:
        self.proc = subprocess.Popen([str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     bufsize=1)

    def ask(self, line: str) -> str:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline().strip()

    def close(self) -> None:
        self.proc.stdin.write("quit\n")
        self.proc.stdin.flush()
        self.proc.wait(timeout=5)


def board_tokens(pos) -> list[str]:
    """hyperchess's board in the driver's ``board`` words: rank 14 down, files a..n; ``x`` for a cut corner."""
    g = pos.game
    out = []
    for rank in range(13, -1, -1):
        for file in range(14):
            cell = g.geometry.index.get((file, rank, 0))
            code = HOLE if cell is None else pos.board[cell]
            out.append("x" if code == HOLE else "." if code == 0 else g.letter_of(code))
    return out


def is_en_passant(pos, name: str) -> bool:
    """A pawn's diagonal step onto an empty cell: only 4pchess's en passant makes one (hyperchess's game has
    none, as the cited chess.com rules)."""
    g = pos.game
    a, b = name.split("=")[0].split("-")
    start, end = g.names.parse(a), g.names.parse(b)
    (f0, r0, _), (f1, r1, _) = g.geometry.coords[start], g.geometry.coords[end]
    return g.pieces[g.kind_of[pos.board[start]]].pawn and f0 != f1 and r0 != r1 and pos.board[end] == 0


@dataclass
class Lockstep:
    """What a lockstep run saw: positions compared, games, the documented differences by kind, and every
    mismatch (a move, position or result that differs beyond them), each with the game's moves."""
    positions: int = 0
    games: int = 0
    differences: Counter = field(default_factory=Counter)
    kinds: Counter = field(default_factory=Counter)     # what the compared moves were (castling, promotion...)
    endings: Counter = field(default_factory=Counter)
    fen4: int = 0                                       # positions also compared from our FEN4
    mismatches: list[str] = field(default_factory=list)


def king_capture(pos, legal) -> list:
    """The legal moves that capture a royal piece (a king its owner left attacked)."""
    g = pos.game
    return [m for m in legal if pos.board[m[1]] and g.pieces[g.kind_of[pos.board[m[1]]]].royal and m[3] != CASTLE]


def pick(rng: random.Random, pos, moves):
    """A random move, half the time among the captures, castlings and promotions when there are any, so that
    the games reach the rules' corners sooner."""
    special = [m for m in moves if m[3] in (CASTLE, PROMOTION) or pos.board[m[1]]]
    return rng.choice(special if special and rng.random() < 0.5 else moves)


def lockstep(seed: int, positions: int, max_plies: int = 600, fen4_every: int = 5) -> Lockstep:
    """Random fourplayer-teams games played by hyperchess's rules and replayed on 4pchess's board; at every
    position the legal moves (4pchess's ``from-to[=P]``), the board and the game's end are compared. Every
    ``fen4_every``-th position is also written as FEN4 (``write_fen4``) and read by 4pchess
    (``ParseBoardFromFEN``), and its moves and board from there compared too: the FEN4 carries no history, so
    there 4pchess has no en passant either."""
    g = get_game(GAME)
    driver, fresh = Driver(), Driver()
    rng = random.Random(seed)
    seen = Lockstep()
    try:
        while seen.positions < positions:
            pos = load_position(g)
            driver.ask("startpos")
            seen.games += 1
            played: list[str] = []
            for _ in range(max_plies):
                if seen.positions >= positions:
                    break
                seen.positions += 1
                where = f"game {seen.games} after {' '.join(played) or 'the start'}"
                legal = pos.legal_moves()
                ours = {wrapper.engine_name(pos, m): m for m in legal}
                theirs = driver.ask("moves").split()[1:]
                if len(set(theirs)) != len(theirs):
                    seen.mismatches.append(f"{where}: 4pchess lists a move twice: {sorted(theirs)}")
                for name in set(theirs) - set(ours):
                    if is_en_passant(pos, name):
                        seen.differences["4pchess's en passant"] += 1
                    else:
                        seen.mismatches.append(f"{where}: 4pchess only: {name}")
                for name in set(ours) - set(theirs):
                    seen.mismatches.append(f"{where}: hyperchess only: {name}")
                for m in legal:
                    seen.kinds["castling" if m[3] == CASTLE else "promotion" if m[3] == PROMOTION
                               else "capture" if pos.board[m[1]] else "move"] += 1
                board = driver.ask("board").split()[1:]
                if board != board_tokens(pos):
                    seen.mismatches.append(f"{where}: the boards differ")
                    break
                if seen.positions % fen4_every == 0:
                    seen.fen4 += 1
                    fen4 = write_fen4(pos)
                    if fresh.ask(f"fen {fen4}") != "ok":
                        seen.mismatches.append(f"{where}: 4pchess cannot read {fen4}")
                    elif sorted(fresh.ask("moves").split()[1:]) != sorted(ours) \
                            or fresh.ask("board").split()[1:] != board or fresh.ask("turn")[-1] != "RBYG"[pos.turn]:
                        seen.mismatches.append(f"{where}: 4pchess reads {fen4} otherwise")
                outcome = pos.outcome(claim_draw=False)
                result = driver.ask("result").split()[1]
                if outcome is not None and outcome.termination in NO_DRAW_RULES:
                    seen.differences[f"hyperchess's {outcome.termination} rule"] += 1
                    break
                if outcome is None and result in RESULTS and king_capture(pos, legal) \
                        and RESULTS[result] == ("1-0" if g.teams[pos.turn] == 0 else "0-1"):
                    # 4pchess's GetGameResult counts a king capture the mover can make as its team's win (when
                    # it meets the capture before a legal move in its list); the capture is a legal move here
                    seen.differences["4pchess's game over before a king capture"] += 1
                elif (outcome.result if outcome else "*") != RESULTS.get(result, "*"):
                    seen.mismatches.append(f"{where}: hyperchess {outcome and outcome.reason}, 4pchess {result}")
                    break
                if outcome is not None:
                    seen.endings[outcome.reason] += 1
                    break
                move = pick(rng, pos, legal)
                name = wrapper.engine_name(pos, move)
                answer = driver.ask(f"move {name}")
                if answer != "ok":
                    seen.mismatches.append(f"{where}: 4pchess refused {name}: {answer}")
                    break
                played.append(pos.move_name(move))
                pos.push(move)
    finally:
        driver.close()
        fresh.close()
    return seen
