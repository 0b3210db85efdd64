"""Engine specifications and time controls, parsed from fastchess/cutechess-style ``key=value`` tokens.

``cmd=… name=… arg=… dir=… option.X=V variant=NAME tc=40/60 | tc=10+0.1 st=1 depth=N nodes=N timemargin=MS
timing=auto|clock|st``, or ``player=random|lastseen [nodes=N]``: a player of a game with fog that runs inside the
referee (tournament/fogplayers.py), no process.
"""
from __future__ import annotations

import math
import re
import shlex
from dataclasses import dataclass, field, replace


class SpecError(ValueError):
    """A bad engine or option specification; the message is one line."""


@dataclass(frozen=True)
class TimeControl:
    """How long an engine may think. ``base``/``inc`` seconds; ``moves`` per period (0 = whole game);
    ``st`` seconds per move; ``depth``/``nodes`` limits; ``margin`` seconds of grace on each move."""
    moves: int = 0
    base: float | None = None
    inc: float = 0.0
    st: float | None = None
    depth: int | None = None
    nodes: int | None = None
    margin: float = 0.0

    @property
    def clocked(self) -> bool:
        return self.base is not None

    def describe(self) -> str:
        """PGN ``TimeControl`` text: ``40/60``, ``10+0.1``, ``st=1`` style for the rest."""
        parts = []
        if self.base is not None:
            text = _num(self.base)
            if self.moves:
                text = f"{self.moves}/{text}"
            if self.inc:
                text += f"+{_num(self.inc)}"
            parts.append(text)
        if self.st is not None:
            parts.append(f"{_num(self.st)}/move")
        if self.depth is not None:
            parts.append(f"depth={self.depth}")
        if self.nodes is not None:
            parts.append(f"nodes={self.nodes}")
        return " ".join(parts) or "-"


def pgn_time_control(described: str) -> str:
    """The PGN standard's TimeControl field (section 9.6.1) for limits as ``TimeControl.describe`` writes
    them: ``40/60``, ``300+2`` (python-chess also reads a fractional increment), ``1/N`` for N whole seconds a
    move (one move a period, repeated), ``-`` for no clock at all (depth or nodes only), and ``?`` for what
    the standard cannot write (a fraction of a second in a period)."""
    words = described.split()
    clock = next((w for w in words if not w.startswith(("depth=", "nodes=")) and w != "-"), None)
    if clock is None:
        return "-"
    m = re.fullmatch(r"(?:(\d+)/)?(\d+)(\+[\d.]+)?", clock)
    if m:
        return clock
    m = re.fullmatch(r"(\d+)/move", clock)
    return f"1/{m.group(1)}" if m else "?"


def _num(x: float) -> str:
    return f"{x:g}"


def _seconds(text: str) -> float:
    """``60``, ``1:30``, ``0.5`` -> seconds."""
    if ":" in text:
        m, s = text.split(":", 1)
        value = float(m) * 60 + float(s)
    else:
        value = float(text)
    if not math.isfinite(value) or value < 0:
        raise ValueError(text)
    return value


def parse_tc(text: str) -> tuple[int, float, float]:
    """``[moves/]base[+inc]`` (base in seconds or m:ss) -> (moves, base, inc)."""
    m = re.fullmatch(r"(?:(\d+)/)?([\d.:]+)(?:\+([\d.]+))?", text.strip())
    if not m:
        raise SpecError(f"bad time control {text!r} (expected e.g. 40/60, 10+0.1, 1:00+1)")
    try:
        moves = int(m.group(1) or 0)
        base = _seconds(m.group(2))
        inc = _seconds(m.group(3) or "0")
    except ValueError:
        raise SpecError(f"bad time control {text!r}") from None
    if base <= 0 and inc <= 0:
        raise SpecError(f"bad time control {text!r}: no time at all")
    return moves, base, inc


@dataclass(frozen=True)
class EngineSpec:
    name: str
    argv: tuple[str, ...]
    cwd: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    tc: TimeControl = field(default_factory=TimeControl)
    proto: str = "xboard"               # "xboard" (CECP), "uci" or "xshogi" (GNU Shogi 1.4.2, xshogi.py)
    variant: str | None = None          # the engine's own name of the game (None: found in its list, dialect.py)
    timing: str = "auto"                # CECP seconds a move: fractions as a one-move clock or ``st`` (dialect.py)
    player: str | None = None           # an in-process player of a game with fog (PLAYERS), else None

    def describe(self) -> dict:
        out = {"name": self.name, "argv": list(self.argv), "cwd": self.cwd, "options": [list(o) for o in self.options],
               "tc": self.tc.describe(), "margin": self.tc.margin}
        if self.proto != "xboard":
            out["proto"] = self.proto
        if self.variant is not None:
            out["variant"] = self.variant
        if self.timing != "auto":
            out["timing"] = self.timing
        if self.player is not None:
            out["player"] = self.player
        return out


ENGINE_KEYS = ("cmd", "name", "arg", "dir", "tc", "st", "depth", "nodes", "timemargin", "proto", "variant",
               "timing", "player")
# the in-process players of a game with fog (``player=``; tournament/fogplayers.py): a legal move at random, and
# the ordinary engine on the last seen state of each square
PLAYERS = ("random", "lastseen")


def split_tokens(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise SpecError(f"cannot read {text!r}: {exc}") from None


def parse_pairs(tokens: list[str], what: str) -> list[tuple[str, str]]:
    """``key=value`` tokens; a bare word after ``cmd=X`` continues the command (``cmd=hyperchess xboard``)."""
    out: list[tuple[str, str]] = []
    for tok in tokens:
        if "=" not in tok or tok.startswith("-"):
            if out and out[-1][0] == "cmd":
                out[-1] = ("cmd", out[-1][1] + " " + shlex.quote(tok))
                continue
            raise SpecError(f"{what}: expected key=value, got {tok!r}")
        k, v = tok.split("=", 1)
        out.append((k.strip(), v))
    return out


def apply_engine_pairs(base: dict, pairs: list[tuple[str, str]], what: str) -> dict:
    """Merge ``pairs`` into the raw engine dict ``base`` (later keys win; ``arg``/``option.X`` add up)."""
    d = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in base.items()}
    d.setdefault("arg", [])
    d.setdefault("options", {})
    for k, v in pairs:
        if k.startswith("option."):
            if not k[7:]:
                raise SpecError(f"{what}: option name missing in {k}={v}")
            d["options"][k[7:]] = v
        elif k == "arg":
            d["arg"].append(v)
        elif k in ENGINE_KEYS:
            d[k] = v
        else:
            raise SpecError(f"{what}: unknown key {k!r} (known: {', '.join(ENGINE_KEYS)}, option.NAME)")
    return d


def engine_command(d: dict, what: str) -> tuple[tuple[str, ...], str]:
    """(argv, protocol: ``xboard`` or ``uci``) of the merged raw dict's ``cmd``, ``arg`` and ``proto``."""
    if not d.get("cmd"):
        raise SpecError(f"{what}: cmd= is required")
    proto = d.get("proto", "xboard")
    if proto not in ("xboard", "cecp", "uci", "xshogi"):
        raise SpecError(f"{what}: proto= is xboard (or cecp), uci or xshogi, got {proto[:20]!r}")
    argv = tuple(split_tokens(d["cmd"])) + tuple(d.get("arg", ()))
    if not argv:
        raise SpecError(f"{what}: empty cmd")
    return argv, "xboard" if proto == "cecp" else proto


def build_engine(d: dict, what: str) -> EngineSpec:
    """An EngineSpec from the merged raw dict."""
    player = d.get("player") or None
    if player is not None:
        if player not in PLAYERS:
            raise SpecError(f"{what}: player= is {' or '.join(PLAYERS)}, got {player[:20]!r}")
        if d.get("cmd") or d.get("arg"):
            raise SpecError(f"{what}: player={player} runs inside the referee: give no cmd= or arg=")
        argv, proto = (), "player"
    else:
        argv, proto = engine_command(d, what)
    name = d.get("name") or player or argv[0].rsplit("/", 1)[-1]
    tc = TimeControl()
    try:
        if d.get("tc"):
            moves, base, inc = parse_tc(d["tc"])
            tc = replace(tc, moves=moves, base=base, inc=inc)
        if d.get("st"):
            st = float(d["st"])
            if not (st > 0 and math.isfinite(st)):
                raise ValueError
            tc = replace(tc, st=st)
        if d.get("depth"):
            depth = int(d["depth"])
            if depth < 1:
                raise ValueError
            tc = replace(tc, depth=depth)
        if d.get("nodes"):
            nodes = int(d["nodes"])
            if nodes < 1:
                raise ValueError
            tc = replace(tc, nodes=nodes)
        if d.get("timemargin"):
            ms = float(d["timemargin"])
            if not (ms >= 0 and math.isfinite(ms)):
                raise ValueError
            tc = replace(tc, margin=ms / 1000)
    except SpecError:
        raise
    except ValueError:
        raise SpecError(f"{what}: bad number in st/depth/nodes/timemargin") from None
    if player is None and tc.base is None and tc.st is None and tc.depth is None and tc.nodes is None:
        raise SpecError(f"{what} ({name}): no time control (give tc=, st=, depth= or nodes=)")
    if proto == "xshogi" and (tc.st is None or tc.st != int(tc.st) or tc.base is not None or tc.depth or tc.nodes):
        raise SpecError(f"{what} ({name}): an xshogi engine takes st= in whole seconds only")
    variant = d.get("variant") or None
    if variant is not None and not re.fullmatch(r"[\w+.-]{1,64}", variant):
        raise SpecError(f"{what} ({name}): variant= is one word (letters, digits, _ + . -), got {variant[:20]!r}")
    return EngineSpec(name=name, argv=argv, cwd=d.get("dir"), options=tuple(sorted(d["options"].items())), tc=tc,
                      proto=proto, variant=variant, timing=engine_timing(d, f"{what} ({name})"), player=player)


def engine_timing(d: dict, what: str) -> str:
    """``timing=auto`` (the default), ``clock`` or ``st``: how a CECP engine is told its seconds a move."""
    timing = d.get("timing") or "auto"
    if timing not in ("auto", "clock", "st"):
        raise SpecError(f"{what}: timing= is auto, clock or st, got {timing[:20]!r}")
    return timing
