#!/usr/bin/env python3
"""4pchess as a UCI engine for ``hyperchess match`` in ``fourplayer-teams`` (tools/fourpchess/README.md).

4pchess (github.com/obryanlouis/4pchess, GPL-3.0, built by tools/build_4pchess.sh) speaks a UCI-like
protocol of its own (its command_line.cc): positions as chess.com's FEN4 or ``startpos`` and moves as
``d2-d4``, ``e10-e11=Q``; ``go`` reads only ``movetime`` and ``depth`` (any other word, ``wtime`` too, makes
it loop for ever), and ``info`` scores are Red-Yellow's. This wrapper runs it as a separate process and speaks
UCI as the match runner does (docs/match.md, "UCI engines"): hyperchess's native moves and position strings
in, the position now as chess.com's FEN4 out; a clock becomes a ``movetime``; scores become the mover's
``score cp``. The wrapper keeps a hyperchess position of the game, so the engine's move is given back as one of
hyperchess's legal moves (matched by its squares and promotion), in hyperchess's native name.
"""
from __future__ import annotations

import argparse
import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

from hyperchess.variants import Position, get_game
from hyperchess.variants.board.codes import CASTLE, PROMOTION, promoted_code
from hyperchess.variants.core.fen import write_fen4
from hyperchess.variants.core.load import load_position

GAME = "fourplayer-teams"
MATE = 100_000_000            # 4pchess's kMateValue (player.h): a mate score, without a distance
MATE_CP = 30_000              # what a mate score is told as (UCI cp)
OVERHEAD = 0.03               # seconds kept back from every movetime for the pipes
MIN_MOVETIME = 0.01
GRACE = 0.2                   # seconds past its movetime (and a quarter of it) before 4pchess is asked to stop
_ENGINE_MOVE = re.compile(r"^([a-n])(\d{1,2})-?([a-n])(\d{1,2})(?:=?([NBRQnbrq]))?$")
_INFO = re.compile(r"\bdepth (\d+).*?\btime (\d+).*?\bnodes (\d+).*?\bscore (-?\d+)")


def default_cli() -> Path:
    """Where tools/build_4pchess.sh puts the engine: $FOURPCHESS_CLI, else $HYPERCHESS_4PCHESS_DIR/src/cli,
    else ~/.cache/hyperchess/4pchess/src/cli (``XDG_CACHE_HOME`` honoured)."""
    if os.environ.get("FOURPCHESS_CLI"):
        return Path(os.environ["FOURPCHESS_CLI"])
    return build_dir() / "src" / "cli"


def build_dir() -> Path:
    if os.environ.get("HYPERCHESS_4PCHESS_DIR"):
        return Path(os.environ["HYPERCHESS_4PCHESS_DIR"])
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "hyperchess" / "4pchess"


def engine_name(pos: Position, move) -> str:
    """A hyperchess move in 4pchess's words: ``from-to`` by square names (the same a1..n14 in both, Red's
    first rank 1), a castling by the king's two squares, ``=Q`` for a promotion."""
    names = pos.game.names
    text = f"{names.name(move[0])}-{names.name(move[1])}"
    if move[3] == PROMOTION:
        text += "=" + pos.game.pieces[pos.game.kind_of[promoted_code(move)]].letter.upper()
    return text


def from_engine(pos: Position, text: str):
    """The legal move of ``pos`` that 4pchess's ``text`` names (same squares, same promotion), or None."""
    m = _ENGINE_MOVE.match(text.strip())
    if m is None:
        return None
    names = pos.game.names
    try:
        start, end = names.parse(m.group(1) + m.group(2)), names.parse(m.group(3) + m.group(4))
    except ValueError:
        return None
    letter = (m.group(5) or "").upper()
    for move in pos.legal_moves():
        if move[0] != start or move[1] != end:
            continue
        promo = pos.game.pieces[pos.game.kind_of[promoted_code(move)]].letter.upper() \
            if move[3] == PROMOTION else ""
        if promo == letter:
            return move
    return None


class GameTrack:
    """The game as the runner last described it: the position string it started from, the native moves and a
    hyperchess position after them. A new ``position`` that extends the last one plays only the new moves."""

    def __init__(self, game) -> None:
        self.game = game
        self.fen: str | None = None
        self.moves: list[str] = []
        self.pos = load_position(game)

    def set(self, fen: str | None, moves: list[str]) -> None:
        if fen != self.fen or moves[:len(self.moves)] != self.moves:
            self.fen, self.moves = fen, []
            self.pos = load_position(self.game, fen)
        for text in moves[len(self.moves):]:
            move = self.pos.parse_move(text)
            if move not in self.pos.legal_moves():
                raise ValueError(f"move {text!r} at ply {len(self.moves) + 1} is not legal")
            self.pos.push(move)
            self.moves.append(text)

    def command(self) -> str:
        """4pchess's ``position`` command: the position now, as FEN4, without the moves that led to it. 4pchess
        keeps no history but for en passant (its board.cc reads the last round's moves), which chess.com's
        Teams, and so our game, do not have: given no moves, 4pchess offers no en passant capture at the root."""
        return f"position fen {write_fen4(self.pos)}"


def movetime(words: list[str], mover_team_first: bool) -> tuple[str, float | None]:
    """4pchess's ``go`` for the runner's: ``movetime`` and ``depth`` as they are, a clock (``wtime``/``btime``
    by team, ``winc``/``binc``, ``movestogo``) as a time for this move. Returns (command, seconds or None)."""
    args = {words[i]: words[i + 1] for i in range(1, len(words) - 1) if words[i] in
            ("movetime", "depth", "wtime", "btime", "winc", "binc", "movestogo", "nodes")}
    seconds = None
    if "movetime" in args:
        seconds = int(args["movetime"]) / 1000
    elif "wtime" in args or "btime" in args:
        mine = int(args.get("wtime" if mover_team_first else "btime", 0)) / 1000
        inc = int(args.get("winc" if mover_team_first else "binc", 0)) / 1000
        togo = int(args.get("movestogo", 30))
        # a share of what is left plus most of the increment, never more than half the clock
        seconds = min(mine / max(2, min(togo, 30)) + 0.8 * inc, mine / 2)
    if seconds is not None:
        seconds = max(MIN_MOVETIME, seconds - OVERHEAD)
        return f"go movetime {max(1, int(seconds * 1000))}", seconds
    if "depth" in args:
        return f"go depth {int(args['depth'])}", None
    return "go", None


class Wrapper:
    """The UCI side towards the runner (stdin/stdout) and the 4pchess process behind it. The runner's commands
    are answered one at a time: a ``go`` is played out (its ``info`` lines passed on, translated) before the
    next command is read, so a ``stop`` sent during a search is read after it (the runner sends none)."""

    def __init__(self, cli: Path, log: Path | None = None) -> None:
        self.game = get_game(GAME)
        self.track = GameTrack(self.game)
        self.log = open(log, "a", encoding="utf-8") if log else None
        self.proc = subprocess.Popen([str(cli)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1, cwd=str(cli.parent))
        self.name = "4pChess"
        self.quitting = False
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read_engine, daemon=True).start()
        self._handshake()

    def _log(self, direction: str, line: str) -> None:
        if self.log:
            self.log.write(f"{time.time():.3f} {direction} {line}\n")
            self.log.flush()

    def to_engine(self, line: str) -> None:
        self._log("4pc<", line)
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def say(self, line: str) -> None:
        self._log("uci>", line)
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def _read_engine(self) -> None:
        for line in self.proc.stdout:
            self._log("4pc>", line.strip())
            self.lines.put(line.strip())
        self.lines.put(None)

    def _next(self, deadline: float | None = None) -> str | None:
        """4pchess's next line, or None when ``deadline`` (monotonic) passes first; exits if 4pchess did."""
        try:
            line = self.lines.get(timeout=None if deadline is None else max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None
        if line is None:
            if not self.quitting:
                self.say("info string 4pchess exited")
            os._exit(0 if self.quitting else 1)
        return line

    def _until(self, word: str) -> None:
        while self._next() != word:
            pass

    def _handshake(self) -> None:
        self.to_engine("uci")
        while (line := self._next()) != "uciok":
            if line.startswith("id name "):
                self.name = line[8:]

    def _go(self, words: list[str]) -> None:
        """One search: the position as FEN4, ``go`` with 4pchess's limits; its ``info`` lines passed on as the
        mover's ``score cp``; its ``bestmove`` given as our move. 4pchess answers no ``bestmove`` when its
        time runs out before it finished depth 1 (a loaded machine) or when it holds the game over; after its
        time and a grace the wrapper sends ``stop`` and ``isready`` (4pchess reads commands in order, so its
        ``readyok`` comes after everything that search printed), then, if no move came, ``go depth 1``."""
        pos = self.track.pos.copy()
        command, seconds = movetime(words, self.game.teams[pos.turn] == self.game.teams[0])
        self.to_engine(self.track.command())
        self.to_engine(command)
        deadline = None if seconds is None else time.monotonic() + seconds + GRACE + 0.25 * seconds
        while True:
            line = self._next(deadline)
            if line is None:                             # past the deadline: settle what that search gave
                self.to_engine("stop")
                self.to_engine("isready")
                while (line := self._next()) != "readyok":
                    if self._answer(pos, line):
                        return
                self.say("info string 4pchess found no move in its time; asking for depth 1")
                self.to_engine("go depth 1")
                deadline = None
                continue
            if self._answer(pos, line):
                return

    def _answer(self, pos: Position, line: str) -> bool:
        """Pass on one line of a search; True when it ended the search (a move was given)."""
        if line.startswith("info string Game completed"):
            self._game_completed(pos, line)
            return True
        if line.startswith("info string"):
            self.say(line)
        elif line.startswith("info "):
            m = _INFO.search(line)
            if m:
                depth, ms, nodes, score = (int(x) for x in m.groups())
                if self.game.teams[pos.turn] != self.game.teams[0]:
                    score = -score                         # 4pchess speaks for Red-Yellow
                if abs(score) >= MATE:
                    score = MATE_CP if score > 0 else -MATE_CP
                self.say(f"info depth {depth} score cp {score} time {ms} nodes {nodes}")
        elif line.startswith("bestmove "):
            text = line.split()[1]
            move = from_engine(pos, text)
            if move is None:
                self.say(f"info string 4pchess played {text}, not a legal move here")
                self.say(f"bestmove {text.replace('-', '').replace('=', '').lower()}")
            else:
                self.say(f"bestmove {pos.move_name(move)}")
            return True
        return False

    def _game_completed(self, pos: Position, line: str) -> None:
        """4pchess answers no ``bestmove`` where it holds the game over (its GetGameResult): the side to move can
        capture an enemy king (its team wins), or has no legal move. Where hyperchess's rules play on, the
        wrapper gives the king capture 4pchess counted as its win, else the null move ``0000``, which the
        referee judges (an illegal move), so that the game ends at once instead of by a stall."""
        self.say(line)
        for move in pos.legal_moves():
            victim = pos.board[move[1]]
            if victim and pos.game.pieces[pos.game.kind_of[victim]].royal and move[3] != CASTLE:
                self.say(f"bestmove {pos.move_name(move)}")
                return
        self.say("bestmove 0000")

    def handle(self, line: str) -> bool:
        """One line from the runner; False after ``quit``."""
        self._log("uci<", line)
        words = line.split()
        if not words:
            return True
        cmd = words[0]
        if cmd == "uci":
            self.say(f"id name {self.name} (hyperchess wrapper)")
            self.say("id author Louis O. (4pchess); wrapper: hyperchess")
            self.say(f"option name UCI_Variant type combo default {GAME} var {GAME}")
            self.say("option name Hash type spin default 100 min 1 max 4096")
            self.say("option name Threads type spin default 1 min 1 max 64")
            self.say("uciok")
        elif cmd == "isready":
            self.to_engine("isready")
            self._until("readyok")
            self.say("readyok")
        elif cmd == "setoption":
            m = re.match(r"setoption name (\S+) value (\S+)", line)
            if not m:
                self.say(f"info string unreadable: {line}")
            elif m.group(1) == "UCI_Variant":
                if m.group(2) != GAME:
                    self.say(f"info string 4pchess plays {GAME} only, not {m.group(2)}")
            elif m.group(1).lower() in ("hash", "threads"):
                self.to_engine(f"setoption name {m.group(1).lower()} value {m.group(2)}")
            else:
                self.say(f"info string no option {m.group(1)}")
        elif cmd == "ucinewgame":
            self.to_engine("ucinewgame")
        elif cmd == "position":
            self._position(words)
        elif cmd == "go":
            self._go(words)
        elif cmd == "stop":
            pass                                         # read after the search it was meant for: nothing to stop
        elif cmd == "quit":
            self.quitting = True
            self.to_engine("quit")
            return False
        return True

    def _position(self, words: list[str]) -> None:
        try:
            if "moves" in words:
                at = words.index("moves")
                head, moves = words[1:at], words[at + 1:]
            else:
                head, moves = words[1:], []
            if head[:1] == ["startpos"]:
                fen = None
            elif head[:1] == ["fen"] and len(head) > 1:
                fen = " ".join(head[1:])
            else:
                raise ValueError("position startpos|fen POS [moves ...]")
            self.track.set(fen, moves)
        except Exception as exc:                     # a bad position: one line, the game goes on unplayable
            self.say(f"info string position refused: {exc}")



def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="Build 4pchess first: tools/build_4pchess.sh")
    parser.add_argument("--cli", type=Path, default=None,
                        help="4pchess's cli (default: $FOURPCHESS_CLI, else where tools/build_4pchess.sh builds it)")
    parser.add_argument("--log", type=Path, default=None, help="append every line in and out to FILE")
    args = parser.parse_args(argv)
    cli = args.cli or default_cli()
    if not cli.is_file() or not os.access(cli, os.X_OK):
        print(f"4pchess is not built: no {cli} (run tools/build_4pchess.sh)", file=sys.stderr)
        return 2
    wrapper = Wrapper(cli, args.log)
    for line in sys.stdin:
        if not wrapper.handle(line.strip()):
            break
    else:
        wrapper.quitting = True
        wrapper.to_engine("quit")
    try:
        wrapper.proc.wait(timeout=2)
    except subprocess.TimeoutExpired:
        wrapper.proc.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
