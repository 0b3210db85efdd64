"""One UCI engine process seen from the referee (``proto=uci``): the handshake, ``isready`` as its ping, the
options it declares, and what the referee sends it for a move. The referee stays ours: a ``bestmove`` is a
move like CECP's ``move``, checked against our rules, and clocks, margins, stalls and crashes are handled
the same way (``referee.py``).

Variants follow Fairy-Stockfish's convention: the ``UCI_Variant`` combo option lists the games an engine
plays; an engine without it plays orthodox chess only. Positions are sent as ``position startpos`` or
``position fen`` (the opening's position string) followed by every move of the game.
"""
from __future__ import annotations

import re
import time

from .engine import EngineDied, EngineProcess
from .spec import TimeControl
from .xshogi import XShogiProcess

_OPTION = re.compile(r"option name (.+?) type (\w+)(.*)$")
# "info ... depth D ... score cp X | score mate N ..."
_DEPTH = re.compile(r"\bdepth (\d+)")
_SCORE = re.compile(r"\bscore (cp|mate) (-?\d+)")
UCI_CHESS = "chess"            # UCI's name for orthodox chess (python-chess, Fairy-Stockfish)


class UCIProcess(EngineProcess):
    """A running UCI engine with the interface the referee uses for CECP engines."""

    proto = "uci"

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.combos: dict[str, list[str]] = {}
        self.option_names: set[str] = set()

    def handshake(self, timeout: float = 10.0) -> None:
        """``uci``: the id and options up to ``uciok``; ``isready`` is then the engine's ping."""
        self.send("uci")
        deadline = time.monotonic() + timeout
        while True:
            item = self.get(deadline)
            if item is None:
                raise EngineDied(f"no uciok within {timeout:g} s")
            line = item[1].strip()
            if line == "uciok":
                break
            if line.startswith("id name "):
                self.features["myname"] = line[8:]
            m = _OPTION.match(line)
            if m:
                name, kind, rest = m.group(1).strip(), m.group(2), m.group(3)
                self.option_names.add(name)
                if kind == "combo":
                    self.combos[name] = [v.strip() for v in rest.split(" var ")[1:]]
        self.features.update(ping="1", setboard="1")

    def sync(self, timeout: float) -> list[str] | None:
        """``isready`` and the lines before ``readyok``; None if none comes within ``timeout`` s."""
        self.send("isready")
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            item = self.get(deadline)
            if item is None:
                return None
            if item[1].strip() == "readyok":
                return seen
            seen.append(item[1])

    def variants(self) -> list[str] | None:
        if "UCI_Variant" not in self.combos:
            return []                                  # orthodox chess only
        return self.combos["UCI_Variant"]

    def offers_choice(self, option: str, choice: str) -> bool:
        return choice in self.combos.get(option, [])

    def declares(self, option: str) -> bool:
        return option in self.option_names

    def set_up(self, variant: str, default_variant: str, options: tuple[tuple[str, str], ...],
               fen: str | None = None) -> None:
        """The options and the game, before ``ucinewgame`` (the position, ``fen`` or not, goes with each ``go``)."""
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        if "UCI_Variant" in self.combos and not any(n == "UCI_Variant" for n, _ in options):
            choices = self.combos["UCI_Variant"]
            name = variant if variant in choices or variant != default_variant else (
                default_variant if default_variant in choices else UCI_CHESS)
            self.send(f"setoption name UCI_Variant value {name}")
        self.send("ucinewgame")

    def go(self, opening_fen: str | None, moves: list[str], tc: TimeControl, clocks: tuple[float | None, ...],
           white: bool, moves_made: int) -> None:
        """The position so far and ``go`` with the engine's limits: the clocks (``wtime``/``btime`` by team),
        ``movetime`` for st=, ``depth``, ``nodes``."""
        head = "position startpos" if opening_fen is None else f"position fen {opening_fen}"
        self.send(head + (" moves " + " ".join(moves) if moves else ""))
        self.send(go_command(tc, clocks, white, moves_made))


def go_command(tc: TimeControl, clocks: tuple[float | None, ...], white: bool, moves_made: int) -> str:
    """``go`` with an engine's limits: the clocks (``wtime``/``btime`` by team), ``movetime`` for st=, ``depth``,
    ``nodes``."""
    words = ["go"]
    if tc.base is not None:
        mine, theirs = clocks
        w, b = (mine, theirs) if white else (theirs, mine)
        words += [f"wtime {_ms(w)}", f"btime {_ms(b)}"]
        if tc.inc:
            words += [f"winc {_ms(tc.inc)}", f"binc {_ms(tc.inc)}"]
        if tc.moves:
            words.append(f"movestogo {tc.moves - moves_made % tc.moves}")
    if tc.st is not None:
        words.append(f"movetime {_ms(tc.st)}")
    if tc.depth is not None:
        words.append(f"depth {tc.depth}")
    if tc.nodes is not None:
        words.append(f"nodes {tc.nodes}")
    return " ".join(words)


def _ms(seconds: float | None) -> int:
    return max(0, int(round((seconds or 0.0) * 1000)))


def parse_bestmove(line: str) -> str | None:
    """The move of a ``bestmove`` line, or None for another line."""
    words = line.split()
    if len(words) >= 2 and words[0] == "bestmove":
        return words[1]
    return None


def parse_info(line: str) -> tuple[int, int] | None:
    """(depth, score in CECP's scale: centipawns, 100000 + N = mate in N moves) of an ``info`` line with both."""
    if not line.startswith("info "):
        return None
    d, s = _DEPTH.search(line), _SCORE.search(line)
    if d is None or s is None:
        return None
    value = int(s.group(2))
    if s.group(1) == "mate":
        value = 100000 + value if value > 0 else -100000 + value
    return int(d.group(1)), value


def start_engine(spec, log=None, label: str = "") -> EngineProcess:
    """The engine process for ``spec``: CECP (``proto=xboard``), UCI, or xshogi's protocol (``xshogi.py``)."""
    if spec.proto == "xshogi":
        return XShogiProcess(spec, log, label)
    return UCIProcess(spec, log, label) if spec.proto == "uci" else EngineProcess(spec, log, label)
