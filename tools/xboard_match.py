#!/usr/bin/env python3
"""Play engine-vs-engine games in the real XBoard GUI under a private Xvfb display, then summarise them.

The script starts its own Xvfb on a free display number, runs XBoard in match mode with two engines, keeps a
screenshot of the board (taken every few seconds and once more as soon as the PGN holds all games), and kills
everything it started on exit, error, Ctrl-C or timeout. It knows no game: the variant name, the engines and
legality testing all come from options.

It prints one summary line:

    variant=capablanca games=1/1 results=1-0 termination="White mates" plies=71 illegal=no false_claim=no
    time_forfeit=no forfeit=no setup_error=no screenshot=artifacts/gui/capablanca.png -> OK

and exits 0 only if every game finished with a result and nothing was forfeited (illegal move, false claim, time,
missing setup, crashed engine). Exit 1 = a game went wrong, 2 = the harness could not run (no xboard/Xvfb).

Examples:
  tools/xboard_match.py --variant normal                       # Fairy-Max vs Fairy-Max
  tools/xboard_match.py --variant capablanca --fcp "hyperchess xboard"
  tools/xboard_match.py --variant millennium --fcp "hyperchess xboard" --scp "hyperchess xboard" --legality off
  tools/xboard_match.py --summarize artifacts/gui/normal.pgn artifacts/gui/normal.debug   # no GUI, just parse
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "artifacts" / "gui"
SEARCH_PATH = os.environ.get("PATH", "") + os.pathsep + "/usr/games"
RESULTS = ("1-0", "0-1", "1/2-1/2")


def which(name: str) -> str | None:
    """Find a program on PATH or in /usr/games (where Debian puts xboard and fairymax)."""
    return shutil.which(name, path=SEARCH_PATH)


# --------------------------------------------------------------------------------------------------- summary

@dataclass
class Game:
    """One game read from a PGN: its tags, SAN/coordinate move tokens, result and termination comment."""
    tags: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    result: str = "*"
    termination: str = ""


_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
_TOKEN = re.compile(r"\{[^}]*\}|\([^()]*\)|\$\d+|;[^\n]*|[^\s{}()]+")
_MOVE_NUMBER = re.compile(r"^\d+\.(\.\.)?$|^\d+\.\.\.$")


def parse_pgn(text: str) -> list[Game]:
    """Split PGN text into games. The termination is the last comment before the result (XBoard writes
    `{White mates} 1-0`); nested variations are dropped; move numbers, NAGs and comments are not moves."""
    games: list[Game] = []
    game: Game | None = None
    body: list[str] = []

    def finish() -> None:
        if game is None:
            return
        movetext = "\n".join(body)
        while re.search(r"\([^()]*\)", movetext):  # drop variations, innermost first
            movetext = re.sub(r"\([^()]*\)", " ", movetext)
        last_comment = ""
        for token in _TOKEN.findall(movetext):
            if token.startswith("{"):
                last_comment = token[1:-1].strip()
            elif token.startswith(("$", ";")):
                continue
            elif token in RESULTS or token == "*":
                game.result = token
                game.termination = last_comment
            elif _MOVE_NUMBER.match(token):
                continue
            else:
                # "12.e4" style (number glued to the move)
                game.moves.append(re.sub(r"^\d+\.+", "", token))
        if game.result == "*" and game.tags.get("Result") in RESULTS:
            game.result = game.tags["Result"]
        games.append(game)

    for line in text.splitlines():
        m = _TAG.match(line)
        if m:
            if game is None or body:
                finish()
                game, body = Game(), []
            game.tags[m.group(1)] = m.group(2)
        elif game is not None:
            body.append(line)
    finish()
    return games


# Things in the XBoard debug log (or the PGN termination) that mean a game was not played out cleanly.
# XBoard's own wording (backend.c): "Illegal move \"X\" from first machine", "... makes illegal move",
# "False win claim: ...", "Xboard adjudication: False win claim", "White wins on time", "... forfeits on time",
# "Xboard: Forfeit due to invalid move: h7a6 (h7a6 via `0, `0) res=24", "Engine did not send setup for non-standard variant", "... exited unexpectedly", "... does not respond".
CHECKS = {
    "illegal": re.compile(r"illegal move|invalid move|makes illegal|illegal position|Illegal move \(", re.I),
    "false_claim": re.compile(r"false (win|draw|mate|stalemate)? ?claim|false claim|bad claim", re.I),
    "time_forfeit": re.compile(r"wins on time|loses on time|forfeits on time|flag fell|time forfeit|out of time", re.I),
    "forfeit": re.compile(r"forfeit|exited unexpectedly|does not respond|engine crashed|xboard exit|"
                          r"unexpected termination|disconnect", re.I),
    "setup_error": re.compile(r"did not send setup|non-standard variant.*fall|variant .* not supported|"
                              r"could not switch|not supported by", re.I),
}


def scan_log(text: str) -> dict[str, list[str]]:
    """Lines of the debug log that hit each check. Only XBoard's own lines and engine->GUI lines are scanned
    (`<first :`/`<second :` and unprefixed), never GUI->engine lines (`>first :`), which echo PGN tags."""
    hits: dict[str, list[str]] = {k: [] for k in CHECKS}
    for line in text.splitlines():
        stripped = re.sub(r"^\d+\s+", "", line)
        if stripped.startswith(">"):
            continue
        if stripped.startswith("<") and re.match(r"<(first|second)\s*:\s*(#|\d+\s+-?\d+\s+\d+\s+\d+|tellics)", stripped):
            continue  # engine debug/thinking output mentions moves, not events
        for name, rx in CHECKS.items():
            if rx.search(stripped) and "GameEnds(29, xboard exit" not in stripped:
                hits[name].append(line.strip())
    return hits


@dataclass
class Summary:
    variant: str
    expected_games: int
    games: list[Game]
    hits: dict[str, list[str]]
    timed_out: bool = False
    screenshot: str = ""

    @property
    def completed(self) -> int:
        return sum(1 for g in self.games if g.result in RESULTS)

    def flag(self, name: str) -> bool:
        """Whether check NAME fired, in the log or in a game's termination text."""
        if self.hits.get(name):
            return True
        return any(CHECKS[name].search(g.termination) for g in self.games)

    @property
    def ok(self) -> bool:
        bad = any(self.flag(k) for k in CHECKS)
        return not self.timed_out and not bad and self.completed >= self.expected_games and self.expected_games > 0

    def line(self) -> str:
        variant = self.variant or (self.games[0].tags.get("Variant", "normal") if self.games else "?")
        results = ",".join(g.result for g in self.games) or "none"
        terms = "; ".join(g.termination for g in self.games) or "none"
        plies = ",".join(str(len(g.moves)) for g in self.games) or "0"
        flags = " ".join(f"{k}={'yes' if self.flag(k) else 'no'}" for k in CHECKS)
        parts = [f"variant={variant}", f"games={self.completed}/{self.expected_games}", f"results={results}",
                 f'termination="{terms}"', f"plies={plies}", flags]
        if self.timed_out:
            parts.append("timeout=yes")
        if self.screenshot:
            parts.append(f"screenshot={self.screenshot}")
        parts.append("-> OK" if self.ok else "-> FAIL")
        return " ".join(parts)

    def evidence(self, limit: int = 6) -> list[str]:
        """The log lines behind each fired check (for the report)."""
        out = []
        for name, lines in self.hits.items():
            for line in lines[:limit]:
                out.append(f"  [{name}] {line}")
        return out


def summarize(pgn_text: str, log_text: str, variant: str = "", expected_games: int = 1,
              timed_out: bool = False, screenshot: str = "") -> Summary:
    """Parse the PGN and XBoard debug log of a match into a Summary."""
    games = parse_pgn(pgn_text)
    return Summary(variant, expected_games, games, scan_log(log_text), timed_out, screenshot)


# --------------------------------------------------------------------------------------------------- running

class Display:
    """A private Xvfb server on the first free display number from START; stopped by close()."""

    def __init__(self, size: str = "1600x1200x24", start: int = 90) -> None:
        xvfb = which("Xvfb")
        if not xvfb:
            raise RuntimeError("Xvfb not found (run tools/install-gui-deps.sh)")
        self.proc: subprocess.Popen | None = None
        for n in range(start, start + 200):
            if os.path.exists(f"/tmp/.X{n}-lock") or os.path.exists(f"/tmp/.X11-unix/X{n}"):
                continue
            proc = subprocess.Popen([xvfb, f":{n}", "-screen", "0", size, "-nolisten", "tcp"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    start_new_session=True)
            for _ in range(50):
                if proc.poll() is not None or os.path.exists(f"/tmp/.X11-unix/X{n}"):
                    break
                time.sleep(0.1)
            if proc.poll() is None and os.path.exists(f"/tmp/.X11-unix/X{n}"):
                self.proc, self.name = proc, f":{n}"
                return
            stop(proc)
        raise RuntimeError("no free X display number")

    def close(self) -> None:
        if self.proc:
            stop(self.proc)
            self.proc = None


def stop(proc: subprocess.Popen, grace: float = 2.0) -> None:
    """Terminate PROC's process group (it was started in its own session), SIGKILL after GRACE seconds."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # also engines left behind in the group
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(2)
    except subprocess.TimeoutExpired:
        pass


def screenshot(display: str, path: Path) -> bool:
    """Save the XBoard main window (else the whole screen) of DISPLAY as a PNG; True on success."""
    importer = which("import")
    if not importer:
        return False
    env = dict(os.environ, DISPLAY=display)
    target = "root"
    xdotool = which("xdotool")
    if xdotool:
        found = subprocess.run([xdotool, "search", "--onlyvisible", "--class", "xboard"], env=env,
                               capture_output=True, text=True, timeout=10).stdout.split()
        best = 0
        for wid in found:  # the main window is the biggest xboard window
            geo = subprocess.run([xdotool, "getwindowgeometry", wid], env=env, capture_output=True,
                                 text=True, timeout=10).stdout
            m = re.search(r"Geometry:\s*(\d+)x(\d+)", geo)
            if m and int(m.group(1)) * int(m.group(2)) > best:
                best, target = int(m.group(1)) * int(m.group(2)), wid
    tmp = path.with_suffix(".tmp.png")
    try:
        r = subprocess.run([importer, "-window", target, str(tmp)], env=env, capture_output=True, timeout=20)
    except subprocess.TimeoutExpired:
        return False
    if r.returncode != 0 or not tmp.exists() or tmp.stat().st_size == 0:
        tmp.unlink(missing_ok=True)
        return False
    os.replace(tmp, path)
    return True


def completed_games(pgn: Path) -> int:
    if not pgn.exists():
        return 0
    try:
        return sum(1 for g in parse_pgn(pgn.read_text(errors="replace")) if g.result in RESULTS)
    except OSError:
        return 0


def engine_command(command: str, fix: bool) -> str:
    """COMMAND, wrapped in tools/xboard_filter.py for Fairy-Max (which crashes on XBoard's `computer` command)."""
    words = command.split()
    if fix and words and os.path.basename(words[0]) in ("fairymax", "shamax", "maxqi"):
        return f"{sys.executable} {ROOT / 'tools' / 'xboard_filter.py'} --drop computer -- {command}"
    return command


def quiet_options(args: argparse.Namespace) -> list[str]:
    """XBoard options for an unattended run: no popups, no sound, no saved settings, no animation."""
    return ["-popupExitMessage", "false", "-popupMoveErrors", "false", "-startupMessage", "",
            "-autoDisplayTags", "false", "-autoDisplayComment", "false",
            "-saveSettingsOnExit", "false",
            "-soundProgram", "true",  # no sound device under Xvfb; `true` keeps aplay errors out of the log
            "-animateMoving", "false", "-size", args.board_size]


_SETUP = re.compile(r"<first\s*:\s*setup\s+(?:\(([^)]*)\)\s+)?(\d+)x(\d+)\+(\d+)_(\w+)")


def viewer_command(args: argparse.Namespace, xboard: str, pgn: Path, debug_text: str, game: int,
                   out: Path) -> list[str]:
    """A second XBoard with no engine that loads game GAME of the PGN and jumps to its end (-timeDelay 0).
    For an engine-defined variant the board comes from the first engine's `setup` line in the debug log
    (XBoard cannot load such a PGN before an engine has defined the board): the setup's parent variant
    (`fairy`, or e.g. `seirawan`, whose gating moves only that parent replays) with that size and piece
    table, and the PGN's Variant tag rewritten to the parent."""
    variant_opts = ["-variant", args.variant]
    source = pgn
    setups = _SETUP.findall(debug_text)
    if setups:
        ptc, width, height, holdings, parent = setups[-1]
        variant_opts = ["-variant", parent, "-boardWidth", width, "-boardHeight", height,
                        "-holdingsSize", holdings]
        if ptc:
            variant_opts += ["-pieceToCharTable", ptc]
        source = out / (pgn.stem + ".view.pgn")
        source.write_text(re.sub(r'^\[Variant "[^"]*"\]', f'[Variant "{parent}"]', pgn.read_text(errors="replace"),
                                 flags=re.M))
    return [xboard, "-ncp", *variant_opts, "-lgf", str(source), "-lgi", str(game), "-timeDelay", "0",
            "-testLegality", "false"] + quiet_options(args)


def show_final_position(args: argparse.Namespace, xboard: str, pgn: Path, debug: Path, game: int,
                        out: Path, env: dict, shot: Path) -> bool:
    """Run the viewer on a fresh display, screenshot it, stop it. True when a board was shot."""
    cmd = viewer_command(args, xboard, pgn, debug.read_text(errors="replace") if debug.exists() else "",
                         game, out)
    display = Display(args.screen)
    proc = None
    try:
        with open(out / (pgn.stem + ".viewer.log"), "w") as log_file:
            proc = subprocess.Popen(cmd, cwd=out, env=dict(env, DISPLAY=display.name), stdin=subprocess.DEVNULL,
                                    stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True)
            time.sleep(args.viewer_wait)
            if proc.poll() is not None:
                return False
            return screenshot(display.name, shot)
    finally:
        if proc is not None:
            stop(proc)
        display.close()


def xboard_command(args: argparse.Namespace, xboard: str, pgn: Path, debug: Path) -> list[str]:
    """The XBoard command line for a match. Settings are not read from or saved to the user's files."""
    cmd = [xboard,
           "-fcp", engine_command(args.fcp, not args.raw_engines),
           "-scp", engine_command(args.scp, not args.raw_engines),
           "-variant", args.variant,
           # One game more than wanted: after game N XBoard then pauses -matchPause ms on the final position
           # (instead of quitting at once), the screenshot is taken, and XBoard is stopped.
           "-matchMode", "true", "-matchGames", str(args.games + 1), "-matchPause", str(args.hold_ms),
           "-testLegality", "true" if args.legality == "on" else "false",
           "-saveGameFile", str(pgn),
           "-savePositionFile", str(pgn.with_suffix(".fen")),  # XBoard's own final position of each game
           "-autoCallFlag", "true",
           "-debugMode", "true", "-nameOfDebugFile", str(debug), "-engineDebugOutput", "1",
           "-ponderNextMove", "false",
           ] + quiet_options(args)
    if args.fd:
        cmd += ["-fd", args.fd]
    if args.sd:
        cmd += ["-sd", args.sd]
    if args.st:
        cmd += ["-searchTime", args.st]
    else:
        cmd += ["-timeControl", args.tc, "-movesPerSession", str(args.mps), "-timeIncrement", str(args.inc)]
    if args.extra:
        cmd += args.extra
    return cmd


def run_match(args: argparse.Namespace) -> int:
    xboard = which(args.xboard)
    if not xboard:
        print(f"xboard_match: {args.xboard} not found (run tools/install-gui-deps.sh)", file=sys.stderr)
        return 2
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    name = args.name or args.variant
    pgn, debug, shot = out / f"{name}.pgn", out / f"{name}.debug", out / f"{name}.png"
    live = out / f"{name}-live.png"
    log = out / f"{name}.xboard.log"
    for p in (pgn, debug, shot, live, log, pgn.with_suffix(".fen"), *out.glob(f"{name}-game*.png")):
        p.unlink(missing_ok=True)
    home = out / "home"  # private HOME: no ~/.xboardrc is read or written
    home.mkdir(exist_ok=True)

    display: Display | None = None
    proc: subprocess.Popen | None = None
    timed_out = False
    live_ok = final_ok = False
    env = dict(os.environ, HOME=str(home), PATH=SEARCH_PATH)
    old_term = signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        display = Display(args.screen)
        cmd = xboard_command(args, xboard, pgn, debug)
        if args.verbose:
            print("xboard_match: DISPLAY=" + display.name + " " + " ".join(repr(c) if " " in c or not c else c
                                                                          for c in cmd), file=sys.stderr)
        with open(log, "w") as log_file:
            proc = subprocess.Popen(cmd, cwd=out, env=dict(env, DISPLAY=display.name), stdin=subprocess.DEVNULL,
                                    stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True)
            start = time.monotonic()
            last_shot = 0.0
            seen = 0
            while True:
                now = time.monotonic()
                done = completed_games(pgn)
                if done > seen:
                    # A game just ended. For built-in variants XBoard shows its final position during the
                    # -matchPause before the next game; for engine-defined ones it draws the next start
                    # position at once (the viewer below shows those). XBoard saves the PGN before it has
                    # drawn the last move: give it a moment.
                    seen = done
                    time.sleep(min(1.0, args.hold_ms / 4000))
                    screenshot(display.name, out / f"{name}-game{done}.png")
                    last_shot = now
                    if done >= args.games:
                        break  # the extra game XBoard was told to play is never started
                if proc.poll() is not None:
                    break
                if now - start > args.timeout:
                    timed_out = True
                    live_ok = screenshot(display.name, live) or live_ok
                    break
                if seen == 0 and now - last_shot >= args.shot_every:
                    live_ok = screenshot(display.name, live) or live_ok  # the game in progress, in the GUI
                    last_shot = now
                time.sleep(0.2)
        stop(proc)
        display.close()
        display = None
        if completed_games(pgn) and not args.no_viewer:
            final_ok = show_final_position(args, xboard, pgn, debug, min(seen, args.games) or 1, out, env, shot)
            if not final_ok:
                print("xboard_match: the viewer could not show the final position", file=sys.stderr)
    except KeyboardInterrupt:
        timed_out = True
        print("xboard_match: interrupted", file=sys.stderr)
    except RuntimeError as exc:
        print(f"xboard_match: {exc}", file=sys.stderr)
        return 2
    finally:
        if proc is not None:
            stop(proc)
        if display is not None:
            display.close()
        signal.signal(signal.SIGTERM, old_term)

    if not final_ok and live_ok:
        shutil.copyfile(live, shot)  # at least the last board seen during the game
    shot_ok = final_ok or live_ok
    summary = summarize(pgn.read_text(errors="replace") if pgn.exists() else "",
                        debug.read_text(errors="replace") if debug.exists() else "",
                        args.variant, args.games, timed_out,
                        (str(shot) + ("" if final_ok else " (live)")) if shot_ok else "")
    print(summary.line())
    if not summary.ok:
        for line in summary.evidence():
            print(line)
    return 0 if summary.ok and shot_ok else 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__[__doc__.index("Examples:"):],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", default="normal", help="XBoard variant name (-variant), e.g. normal, capablanca, "
                   "cylinder, millennium (default: normal)")
    p.add_argument("--fcp", default="fairymax", help='first engine command, plays White in game 1 '
                   '(default: fairymax; ours: "hyperchess xboard")')
    p.add_argument("--scp", default="fairymax", help="second engine command (default: fairymax)")
    p.add_argument("--fd", default="", help="working directory of the first engine (-fd)")
    p.add_argument("--sd", default="", help="working directory of the second engine (-sd)")
    p.add_argument("--games", type=int, default=1, help="games in the match (-matchGames, colours alternate)")
    p.add_argument("--legality", choices=("on", "off"), default="on",
                   help="XBoard's own move legality testing (-testLegality); off for boards XBoard cannot judge")
    p.add_argument("--tc", default="1", help="time control per session, minutes or M:SS (-timeControl, default 1)")
    p.add_argument("--mps", type=int, default=40, help="moves per session (-movesPerSession, default 40)")
    p.add_argument("--inc", default="0", help="increment in seconds (-timeIncrement, default 0)")
    p.add_argument("--st", default="", help="fixed time per move instead, seconds (-searchTime, e.g. 0:01)")
    p.add_argument("--timeout", type=float, default=600, help="kill everything after this many seconds (600)")
    p.add_argument("--out-dir", default=str(DEFAULT_OUT), help="where PGN, debug log and PNG go (artifacts/gui)")
    p.add_argument("--name", default="", help="file name stem of the outputs (default: the variant)")
    p.add_argument("--shot-every", type=float, default=3.0, help="seconds between screenshots (3)")
    p.add_argument("--hold-ms", type=int, default=4000,
                   help="ms XBoard shows each final position before the next game (-matchPause, 4000)")
    p.add_argument("--no-viewer", action="store_true",
                   help="skip the second XBoard that shows the final position from the PGN")
    p.add_argument("--viewer-wait", type=float, default=4.0, help="seconds the viewer gets to load the PGN (4)")
    p.add_argument("--board-size", default="medium", help="XBoard -size (e.g. small, medium, 40)")
    p.add_argument("--screen", default="1600x1200x24", help="Xvfb screen WxHxDEPTH")
    p.add_argument("--xboard", default="xboard", help="XBoard executable (default: xboard, also in /usr/games)")
    p.add_argument("--extra", nargs=argparse.REMAINDER, default=[],
                   help="everything after this is passed to XBoard unchanged")
    p.add_argument("--raw-engines", action="store_true",
                   help="do not wrap Fairy-Max in tools/xboard_filter.py (it crashes on XBoard's `computer`)")
    p.add_argument("--summarize", nargs=2, metavar=("PGN", "DEBUGLOG"),
                   help="only parse an existing PGN and XBoard debug log and print the summary line")
    p.add_argument("-v", "--verbose", action="store_true", help="print the XBoard command line")
    args = p.parse_args(argv)
    if args.summarize:
        try:
            pgn_text, log_text = (Path(f).read_text(errors="replace") for f in args.summarize)
        except OSError as exc:
            print(f"xboard_match: {exc}", file=sys.stderr)
            return 2
        s = summarize(pgn_text, log_text, "", args.games)
        print(s.line())
        for line in s.evidence():
            print(line)
        return 0 if s.ok else 1
    if args.games < 1:
        p.error("--games must be at least 1")
    return run_match(args)


if __name__ == "__main__":
    sys.exit(main())
