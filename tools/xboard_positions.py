#!/usr/bin/env python3
"""Show a hyperchess self-play game in the real XBoard, position by position, on the game's flat board.

For games whose flat view XBoard 4.9.1 cannot *play* (future-generation: its 16x16 view needs XBoard's 16th rank,
and XBoard turns every move from that rank into a drop, docs/gui.md), this is how the real XBoard shows the
game: hyperchess plays itself (`hyperchess match`, two `hyperchess xboard` engines, refereed by our own rules),
every position after each ply is written as XBoard's flat FEN (the `setup` board of the protocol) into a
position file, and an engine-less XBoard (`-ncp`, legality testing off) on a private Xvfb loads position K
(`-loadPositionFile F -loadPositionIndex K`) and is photographed. XBoard reads FENs of all 16 ranks correctly;
only its move parser cannot start a move on rank 16.

Outputs in --out-dir (default artifacts/gui): NAME.match.pgn (the game, native notation), NAME.fens (one
flat FEN a ply, index 1 = the start), NAME-plyNNN.png, NAME.png (the final position), NAME.viewer-plyNNN.log.
Prints one line, e.g.

    variant=future-generation plies=332 result=1-0 kings_captured=2 shots=10 xboard_errors=no
    screenshot=artifacts/gui/future-generation.png -> OK

Exit 0 only when the game ended with a result and every position was shown (XBoard running, no error in
its output, a drawn board in the screenshot); 1 otherwise; 2 when xboard/Xvfb are missing.

  tools/xboard_positions.py --variant future-generation --depth 2 --every 30
  tools/xboard_positions.py --variant future-generation --pgn games.pgn --game 1
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import xboard_match as xm  # noqa: E402  (Display, screenshot, stop, quiet_options, which)

ERRORS = re.compile(r"error|illegal|bad fen|cannot|failed|recompile", re.I)


def play_game(variant: str, depth: int, pgn: Path) -> None:
    """hyperchess against itself via `hyperchess match` (two `hyperchess xboard` processes)."""
    exe = xm.which("hyperchess")
    cmd = ([exe] if exe else [sys.executable, "-m", "hyperchess"]) + [
        "match", "--variant", variant, "--engine", "cmd=hyperchess xboard", "name=hyperchess-1",
        "--engine", "cmd=hyperchess xboard", "name=hyperchess-2", "--each", f"depth={depth}",
        "--games", "1", "--pgnout", str(pgn)]
    print(f"playing {variant} (depth {depth}) ...", file=sys.stderr, flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT, stdout=subprocess.DEVNULL, timeout=1800)


def flat_positions(variant: str, pgn_text: str, number: int):
    """(flat FENs after each ply, the setup line's PTC/size/parent, result, kings captured)."""
    from hyperchess.protocol.flat import flat_fen, flat_names, flat_parent, piece_to_char
    from hyperchess.tournament.pgn import read_pgn
    from hyperchess.variants import get_game
    game = get_game(variant)
    flat = flat_names(game)
    if flat is None:
        raise SystemExit(f"{variant} has no flat view")
    record = [g for g in read_pgn(pgn_text)][number - 1]
    pos = game.position(record.tags["FEN"]) if "FEN" in record.tags else game.position()
    fens = [flat_fen(pos, flat)]
    before = sum(1 for c in range(game.players) if pos.eliminated(c)) if game.players > 2 else 0
    for text in record.moves:
        pos.push(pos.parse_move(text))
        fens.append(flat_fen(pos, flat))
    after = sum(1 for c in range(game.players) if pos.eliminated(c)) if game.players > 2 else 0
    board = (piece_to_char(game), flat.width, flat.height, flat_parent(game))
    return fens, board, record.result, after - before


def read_png(path: Path) -> tuple[int, int, bytes]:
    """(width, height, RGB bytes) of a PNG, via ImageMagick's ``convert`` to binary PPM (P6, maxval 255)."""
    data = subprocess.run([xm.which("convert") or "convert", str(path), "-depth", "8", "ppm:-"],
                          capture_output=True, check=True, timeout=30).stdout
    fields, at = [], 0
    while len(fields) < 4:                       # P6 WIDTH HEIGHT MAXVAL, then one whitespace byte
        while data[at:at + 1].isspace():
            at += 1
        end = at
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    return int(fields[1]), int(fields[2]), data[at + 1:]


def occupied(fen: str) -> list[list[bool]]:
    """Rows (top first) of the flat FEN: True where a piece or a hole ('*') is drawn."""
    rows = []
    for row in fen.split()[0].split("/"):
        line: list[bool] = []
        for tok in re.findall(r"\d+|.", row):
            line += [False] * int(tok) if tok.isdigit() else [True]
        rows.append(line)
    return rows


def dark_counts(img, grid) -> list[list[int]]:
    """Piece pixels in the inner part of every square of the grid (x0, y0, size, w, h): near black (outlines,
    Black's pieces) or near white (White's pieces, #FFFFCC); XBoard's wooden squares have neither."""
    w_img, _, px = img
    x0, y0, size, width, height = grid
    m = max(3, size // 5)
    counts = []
    for r in range(height):
        line = []
        for c in range(width):
            n = 0
            for y in range(y0 + r * size + m, y0 + (r + 1) * size - m, 2):
                base = 3 * y * w_img
                for x in range(x0 + c * size + m, x0 + (c + 1) * size - m, 2):
                    i = base + 3 * x
                    lum = px[i] * 3 + px[i + 1] * 6 + px[i + 2]        # 10 x luminance
                    if lum < 600 or lum > 2400:
                        n += 1
            line.append(n)
        counts.append(line)
    return counts


def calibrate(img, expected: list[list[bool]]):
    """The board grid in the screenshot and a dark-pixel threshold that tell XBoard's drawn pieces apart
    from empty squares, found on a position whose occupancy is known (the start): the grid with the widest
    gap between the least-marked occupied square and the most-marked empty one. None if no grid separates."""
    w_img, h_img, _ = img
    height, width = len(expected), len(expected[0])
    best = None
    for size in (w_img // width - 1, w_img // width):
        for x0 in range(0, min(12, w_img - width * size + 1)):
            for y0 in range(max(0, h_img - height * size - 10), h_img - height * size + 1):
                counts = dark_counts(img, (x0, y0, size, width, height))
                full = [counts[r][c] for r in range(height) for c in range(width) if expected[r][c]]
                empty = [counts[r][c] for r in range(height) for c in range(width) if not expected[r][c]]
                gap = min(full) - max(empty)
                if best is None or gap > best[0]:
                    best = (gap, (x0, y0, size, width, height), (min(full) + max(empty)) / 2)
    return (best[1], best[2]) if best and best[0] > 0 else None


def drawn_mismatches(img, grid, threshold: float, fen: str) -> int:
    """Squares where XBoard's drawing (piece or not) differs from the flat FEN."""
    expected = occupied(fen)
    counts = dark_counts(img, grid)
    return sum((counts[r][c] > threshold) != expected[r][c]
               for r in range(len(expected)) for c in range(len(expected[0])))


def show(args, xboard: str, board, fens_file: Path, index: int, display: str, env: dict, shot: Path,
         log: Path) -> tuple[bool, str]:
    """XBoard with no engine shows position INDEX (1-based) of the file; True when a board was shot."""
    ptc, width, height, parent = board
    cmd = [xboard, "-ncp", "-variant", parent, "-boardWidth", str(width), "-boardHeight", str(height),
           "-holdingsSize", "0", "-pieceToCharTable", ptc, "-testLegality", "false",
           "-loadPositionFile", str(fens_file), "-loadPositionIndex", str(index)] + xm.quiet_options(args)
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, cwd=fens_file.parent, env=dict(env, DISPLAY=display),
                                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        time.sleep(args.viewer_wait)
        alive = proc.poll() is None
        ok = alive and xm.screenshot(display, shot)
    finally:
        xm.stop(proc)
    text = log.read_text(errors="replace")
    return ok and shot.exists() and shot.stat().st_size > 5000, text


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", default="future-generation", help="a hyperchess game with a flat view")
    p.add_argument("--pgn", default="", help="show game --game of this PGN (native notation) instead of playing")
    p.add_argument("--game", type=int, default=1, help="1-based game number in --pgn (1)")
    p.add_argument("--depth", type=int, default=2, help="search depth of both engines when playing (2)")
    p.add_argument("--every", type=int, default=40, help="photograph every N-th ply, plus start and end (40)")
    p.add_argument("--out-dir", default=str(xm.DEFAULT_OUT), help="output directory (artifacts/gui)")
    p.add_argument("--name", default="", help="file name stem (default: the variant)")
    p.add_argument("--viewer-wait", type=float, default=3.0, help="seconds XBoard gets to draw (3)")
    p.add_argument("--board-size", default="small", help="XBoard -size (small fits 16x16 on the screen)")
    p.add_argument("--screen", default="1600x1200x24", help="Xvfb screen WxHxDEPTH")
    p.add_argument("--xboard", default="xboard", help="XBoard executable")
    args = p.parse_args(argv)

    xboard = xm.which(args.xboard)
    if not xboard or not xm.which("Xvfb"):
        print("xboard or Xvfb not found (tools/install-gui-deps.sh)", file=sys.stderr)
        return 2
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    name = args.name or args.variant
    pgn = Path(args.pgn) if args.pgn else out / f"{name}.match.pgn"
    if not args.pgn:
        play_game(args.variant, args.depth, pgn)
    fens, board, result, kings = flat_positions(args.variant, pgn.read_text(), args.game)
    fens_file = out / f"{name}.fens"
    fens_file.write_text("\n".join(fens) + "\n")
    last = len(fens) - 1
    plies = sorted({0, last, *range(args.every, last, max(1, args.every))})

    home = out / "home"                       # private HOME: no ~/.xboardrc read or written
    home.mkdir(exist_ok=True)
    env = dict(xm.os.environ, HOME=str(home), PATH=xm.SEARCH_PATH)
    display = xm.Display(args.screen)
    shots, errors, mismatched, calibration = 0, [], 0, None
    try:
        for ply in plies:
            shot = out / f"{name}-ply{ply:03d}.png"
            ok, text = show(args, xboard, board, fens_file, ply + 1, display.name, env, shot,
                            out / f"{name}.viewer-ply{ply:03d}.log")
            bad = [line for line in text.splitlines() if ERRORS.search(line)]
            errors += [f"ply {ply}: {line}" for line in bad]
            wrong = -1
            if ok:
                img = read_png(shot)
                if calibration is None:          # ply 0: the start position, whose occupancy we know
                    calibration = calibrate(img, occupied(fens[0]))
                if calibration is not None:
                    wrong = drawn_mismatches(img, *calibration, fens[ply])
            mismatched += wrong != 0
            shots += ok
            print(f"ply {ply}/{last}: {'shown' if ok else 'NOT shown'}, squares drawn differently from our "
                  f"position: {wrong if wrong >= 0 else '?'}", file=sys.stderr, flush=True)
            if ply == last and ok:
                (out / f"{name}.png").write_bytes(shot.read_bytes())
    finally:
        display.close()
    ok = result in xm.RESULTS and shots == len(plies) and not errors and not mismatched
    print(f"variant={args.variant} plies={last} result={result} kings_captured={kings} shots={shots}/{len(plies)} "
          f"board_mismatches={mismatched} xboard_errors={'yes' if errors else 'no'} "
          f"screenshot={out / (name + '.png')} -> {'OK' if ok else 'FAIL'}")
    for e in errors[:5]:
        print("  " + e)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
