"""Betza as Fairy-Stockfish reads it (src/piece.cpp, ``from_betza``), turned into the core's atoms.

FSF's reading differs from ours (``betza.py``, XBoard's) in its direction words:
- a single direction letter counts double: ``f`` is ``ff``, so on an oblique leap ``fN`` is the two narrow
  forward moves (XBoard: all four forward ones), ``lN`` the two wide left ones, ``bN`` the two narrow back ones;
- a pair names one move of an oblique leap by its order: ``fl`` the wide forward-left one, ``lf`` the narrow
  one; ``h`` pairs (``fh``, ``hr``, ...) name FSF's half-turn sets;
- on an orthogonal atom a mixed pair splits into its two letters (``fsW`` = ``fW`` + ``sW``);
- letters it does not know (``e``, ``j``, ``a``, ``o``, ...) are skipped; ``L`` is ``C`` and ``J`` is ``Z``;
  a range is one digit; ``p``/``g`` make any atom a hopper along its lines (``g``: lands right behind).
Moves marked ``i`` are returned apart: FSF allows them only from the double-step region.
"""
from __future__ import annotations

from functools import lru_cache

from hyperchess.variants.board.pieces import Atom, Hop, Leap, Mode, Path, Slide, lame_steps

LEAPERS = {"W": [(1, 0)], "F": [(1, 1)], "D": [(2, 0)], "N": [(2, 1)], "A": [(2, 2)], "H": [(3, 0)],
           "L": [(3, 1)], "C": [(3, 1)], "J": [(3, 2)], "Z": [(3, 2)], "G": [(3, 3)], "K": [(1, 0), (1, 1)]}
RIDERS = {"R": [(1, 0)], "B": [(1, 1)], "Q": [(1, 0), (1, 1)]}
VERTICALS, HORIZONTALS = "fbvh", "rlsh"
# FSF's eight directions of an atom (a, b) = (a ranks, b files), each with the direction words naming it
_SETS = (
    (lambda a, b: (b, a), ("ff", "vv", "rf", "rv", "fh", "rh", "hr")),
    (lambda a, b: (-b, -a), ("bb", "vv", "lb", "lv", "bh", "lh", "hr")),
    (lambda a, b: (a, -b), ("rr", "ss", "br", "bs", "bh", "rh", "hr")),
    (lambda a, b: (-a, b), ("ll", "ss", "fl", "fs", "fh", "lh", "hr")),
    (lambda a, b: (a, b), ("rr", "ss", "fr", "fs", "fh", "rh", "hl")),
    (lambda a, b: (-a, -b), ("ll", "ss", "bl", "bs", "bh", "lh", "hl")),
    (lambda a, b: (b, -a), ("bb", "vv", "rb", "rv", "bh", "rh", "hl")),
    (lambda a, b: (-b, a), ("ff", "vv", "lf", "lv", "fh", "lh", "hl")),
)


class FsfBetzaError(ValueError):
    """A Betza string whose moves the core cannot make; one line."""


def read(betza: str) -> dict[tuple[str, bool, str, int], set[tuple[int, int]]]:
    """FSF's moves of ``betza``: (kind "step"/"slide"/"hop", initial, "m"/"c", distance) -> (file, rank)
    vectors. Distance: 0 unlimited (riders, hoppers), n a range, -1 a lame leap, 1 on a hopper its landing."""
    out: dict[tuple[str, bool, str, int], set[tuple[int, int]]] = {}
    modes: list[str] = []
    hopper = rider = lame = initial = False
    distance = 0
    dirs: list[str] = []
    i = 0
    while i < len(betza):
        c = betza[i]
        if c in "mc":
            modes.append(c)
        elif c in "pg":
            hopper = True
            if c == "g":
                distance = 1
        elif c == "n":
            lame = True
        elif c == "i":
            initial = True
        elif c in VERTICALS or c in HORIZONTALS:
            nxt = betza[i + 1] if i + 1 < len(betza) else ""
            if nxt and (nxt == c or (c in VERTICALS and nxt in HORIZONTALS) or (c in HORIZONTALS and nxt in VERTICALS)):
                dirs.append(c + nxt)
                i += 2
                continue
            dirs.append(c + c)
        elif c in LEAPERS or c in RIDERS:
            atoms = RIDERS.get(c) or LEAPERS[c]
            rider = c in RIDERS
            digit = i + 1 < len(betza) and "0" <= betza[i + 1] <= "9"        # ASCII, as FSF's isdigit
            if digit or (i + 1 < len(betza) and betza[i + 1] == c):
                rider = True
                if digit:
                    distance = int(betza[i + 1])
                i += 1
            if not rider and lame:
                distance = -1
            for a, b in atoms:
                words = []
                for s in dirs:
                    if len(atoms) == 1 and b == 0 and s[0] != s[1]:
                        words += [s[0] * 2, s[1] * 2]
                    else:
                        words.append(s)
                kind = "hop" if hopper else "slide" if rider else "step"
                for mode in modes or ["m", "c"]:
                    target = out.setdefault((kind, initial, mode, distance), set())
                    for vec, names in _SETS:
                        if not words or any(w in names for w in words):
                            target.add(vec(a, b))
            modes, dirs = [], []
            hopper = rider = lame = initial = False
            distance = 0
        i += 1
    return out


@lru_cache(maxsize=512)
def atoms(betza: str) -> tuple[tuple[Atom, ...], tuple[Atom, ...]]:
    """(the moves, the initial moves) of ``betza`` as FSF reads it, as the core's atoms. Raises
    FsfBetzaError for moves the core does not make (hoppers with a range, initial moves other than a
    move-only leap or a lame two-step straight or diagonal one)."""
    moves = read(betza)
    plain: list[Atom] = []
    first: list[Atom] = []
    for (kind, initial, _mode, dist) in sorted({(k, i, "", d) for k, i, _, d in moves}):
        quiet = moves.get((kind, initial, "m", dist), set())
        capture = moves.get((kind, initial, "c", dist), set())
        if initial:
            if kind == "step" and dist == 0 and quiet and not capture:
                # a move-only leap that jumps (spartan's hoplite, ``imA``): a leap from the double-step region
                first.append(Leap(tuple((x, y, 0) for x, y in sorted(quiet)), Mode.MOVE))
                continue
            for x, y in sorted(quiet):
                if dist != -1 or capture or max(abs(x), abs(y)) != 2 or (x and y and abs(x) != abs(y)):
                    raise FsfBetzaError(f"{betza!r}: initial moves other than a move-only leap or a lame "
                                        f"two-step straight or diagonal one are not supported")
                first.append(Path(((x // 2, y // 2, 0), (x, y, 0))))
            continue
        for vecs, mode in ((quiet & capture, Mode.BOTH), (quiet - capture, Mode.MOVE), (capture - quiet, Mode.CAPTURE)):
            if not vecs:
                continue
            v3 = tuple((x, y, 0) for x, y in sorted(vecs))
            if kind == "step":
                if dist == -1 and any(lame_steps(v) is None for v in v3):
                    raise FsfBetzaError(f"{betza!r}: a lame leap the core cannot block (only straight, diagonal "
                                        f"and knight-like)")
                plain.append(Leap(v3, mode, lame=dist == -1))
            elif kind == "slide":
                plain.append(Slide(v3, dist, mode))
            else:
                if any(max(abs(x), abs(y)) != 1 for x, y, _ in v3):
                    raise FsfBetzaError(f"{betza!r}: hoppers along leaps are not supported")
                # a range (pB2): FSF's cannon lines cut at that many cells (bitboard.cpp, HOPPER_RANGE)
                plain.append(Hop(v3, mode, "g" if dist == 1 else "p", limit=dist if dist > 1 else 0))
    return tuple(plain), tuple(first)
