"""Betza notation for planar moves (the field's convention: XBoard's ``piece``, Fairy-Stockfish's
``customPiece``, Sjaak II), turned into the core's atoms (``Slide``, ``Leap``, ``Path``).

Atoms (leaps, written for White, forward = towards higher ranks): ``W`` (1,0) ``F`` (1,1) ``D`` (2,0)
``N`` (2,1) ``A`` (2,2) ``H`` (3,0) ``C`` (3,1) ``Z`` (3,2) ``G`` (3,3); ``K`` = ``WF``. Riders: ``R`` =
``WW``, ``B`` = ``FF``, ``Q`` = ``RB``, a doubled leap letter (``NN``), or a range after the letter (``R4``,
``W3``: at most that many steps). Modifiers before an atom: ``m`` move only, ``c`` capture only; directions
``f b l r v s`` and the pairs ``fl fr bl br ff bb ll rr fs bs lv rv`` (for oblique leaps ``ff`` is the narrow
forward pair, ``fs`` the wide one); ``i`` initial only, which with ``n`` on a two-step straight leap is a pawn's
double step (``ifmnD``). ``n`` on any other leap makes it lame (the cells it passes must be empty: ``nN`` is
the xiangqi horse, ``nA`` its elephant); ``p`` on a rider makes a cannon-like hopper (over exactly one piece,
then sliding on: ``mRcpR`` is the xiangqi cannon), ``g`` a grasshopper (lands right behind the first piece:
``gQ``). Not understood, and refused with a one-line reason: ``j``, ``a``, ``o``, hoppers with a range, and
``p``/``g`` on a single leap.
"""
from __future__ import annotations

import re
from itertools import combinations

from hyperchess.variants.board.pieces import Atom, Hop, Leap, Mode, Path, Slide, lame_steps

LEAPS = {"W": (1, 0), "F": (1, 1), "D": (2, 0), "N": (2, 1), "A": (2, 2), "H": (3, 0), "C": (3, 1),
         "Z": (3, 2), "G": (3, 3)}
COMPOUND = {"K": "WF", "Q": "WWFF", "R": "WW", "B": "FF"}
PAIRS = ("fl", "fr", "bl", "br", "ff", "bb", "ll", "rr", "fs", "bs", "lv", "rv")
_TOKEN = re.compile(r"([a-z]*)([A-Z])(\2|\d+)?")


class BetzaError(ValueError):
    """A Betza string this reader cannot turn into moves; the message is one line saying why."""


def _vectors(atom: str) -> list[tuple[int, int]]:
    x, y = LEAPS[atom]
    out = set()
    for a, b in ((x, y), (y, x)):
        for sx in (1, -1):
            for sy in (1, -1):
                out.add((a * sx, b * sy))
    return sorted(out)


def _matches(spec: str, v: tuple[int, int]) -> bool:
    x, y = v
    oblique = abs(x) != abs(y) and x and y
    tests = {
        "f": y > 0, "b": y < 0, "l": x < 0, "r": x > 0,
        "v": (abs(y) > abs(x)) if oblique else (x == 0),
        "s": (abs(x) > abs(y)) if oblique else (y == 0),
    }
    if len(spec) == 1:
        if spec in "vs" and not oblique and x and y:      # a diagonal: v and s name all four
            return True
        return tests[spec]
    a, b = spec
    if a == b:                                            # ff bb ll rr: the narrow pair of an oblique leap
        if not oblique:
            return tests[a]
        return tests[a] and (abs(y) > abs(x) if a in "fb" else abs(x) > abs(y))
    return tests[a] and tests[b]


def _directions(mods: str) -> list[str]:
    """The direction specs among ``mods`` (pairs first), in order."""
    specs, i = [], 0
    letters = "".join(ch for ch in mods if ch in "fblrvs")
    while i < len(letters):
        if letters[i:i + 2] in PAIRS:
            specs.append(letters[i:i + 2])
            i += 2
        else:
            specs.append(letters[i])
            i += 1
    return specs


def parse_betza(text: str) -> tuple[Atom, ...]:
    """The atoms of a planar Betza description (3D vectors with level 0). Raises BetzaError."""
    atoms: list[Atom] = []
    at = 0
    body = text.strip()
    if not body:
        raise BetzaError("empty Betza description")
    for m in _TOKEN.finditer(body):
        if m.start() != at:
            raise BetzaError(f"cannot read Betza {body!r} at {body[at:m.start()]!r}")
        at = m.end()
        mods, letter, extra = m.group(1), m.group(2), m.group(3)
        bad = set(mods) - set("mcfblrvsinpg")
        if bad:
            raise BetzaError(f"Betza modifier {''.join(sorted(bad))!r} in {body!r} is not supported "
                             f"(understood: m c f b l r v s, i, n, p and g)")
        units = list(dict.fromkeys(COMPOUND.get(letter, letter)))     # in the order written (Q: rook lines first)
        if any(ch not in LEAPS for ch in units):
            raise BetzaError(f"unknown Betza atom {letter!r} in {body!r}")
        rider = extra is not None or letter in ("Q", "R", "B")
        limit = int(extra) if extra and extra.isdigit() else 0
        if limit and limit > 64:
            raise BetzaError(f"range {limit} in {body!r} is more than 64 steps")
        mode = Mode.BOTH
        if "m" in mods and "c" not in mods:
            mode = Mode.MOVE
        elif "c" in mods and "m" not in mods:
            mode = Mode.CAPTURE
        specs = _directions(mods)
        for unit in units:
            vecs = [v for v in _vectors(unit) if not specs or any(_matches(s, v) for s in specs)]
            if not vecs:
                raise BetzaError(f"the directions {mods!r} leave no move of {unit} in {body!r}")
            vec3 = tuple((x, y, 0) for x, y in vecs)
            if "p" in mods or "g" in mods:
                if not rider or limit or ("p" in mods and "g" in mods) or "i" in mods or "n" in mods:
                    raise BetzaError(f"{m.group(0)!r} in {body!r}: 'p' and 'g' are understood on a rider "
                                     f"without a range (pR, gQ)")
                atoms.append(Hop(vec3, mode, "g" if "g" in mods else "p"))
            elif "i" in mods:
                if not ("n" in mods and "m" in mods and not rider and unit in ("D", "A")):
                    raise BetzaError(f"{m.group(0)!r} in {body!r}: 'i' is understood only as a pawn's double "
                                     f"step (ifmnD)")
                for x, y, _ in vec3:
                    atoms.append(Path(((x // 2, y // 2, 0), (x, y, 0))))
            elif "n" in mods:
                if rider or any(lame_steps(v) is None for v in vec3):
                    raise BetzaError(f"{m.group(0)!r} in {body!r}: 'n' (lame) is understood on a single straight, "
                                     f"diagonal or knight leap (nD, nA, nN)")
                atoms.append(Leap(vec3, mode, lame=True))
            elif rider:
                atoms.append(Slide(vec3, limit, mode))
            else:
                atoms.append(Leap(vec3, mode))
    if at != len(body):
        raise BetzaError(f"cannot read Betza {body!r} at {body[at:]!r}")
    return tuple(atoms)


_SPECS = ("", "f", "b", "l", "r", "v", "s", "fl", "fr", "bl", "br", "ff", "bb", "ll", "rr", "fs", "bs", "lv", "rv")


def _atom_letter(vectors: set[tuple[int, int]]) -> tuple[str, str] | None:
    """(direction modifiers, atom letter) naming exactly ``vectors`` (one leap shape), or None."""
    x0, y0 = next(iter(vectors))
    shape = (max(abs(x0), abs(y0)), min(abs(x0), abs(y0)))
    letter = next((k for k, (x, y) in LEAPS.items() if (x, y) == shape), None)
    if letter is None:
        return None
    full = set(_vectors(letter))
    if not vectors <= full:
        return None
    if vectors == full:
        return "", letter
    singles = [s for s in _SPECS[1:] if {v for v in full if _matches(s, v)} <= vectors]
    for n in (1, 2, 3):
        for combo in combinations(singles, n):
            if {v for v in full if any(_matches(s, v) for s in combo)} == vectors:
                return "".join(combo), letter
    return None


def write_betza(atoms: tuple[Atom, ...], wrap: bool = False, pawn: bool = False) -> str | None:
    """The planar Betza description of ``atoms`` (the inverse of :func:`parse_betza`, for XBoard's ``piece``
    command), or None when some move has no Betza name here. ``wrap``: every move may cross the joined
    files (XBoard's ``o``); ``pawn``: its captures may be made en passant (XBoard's ``e``)."""
    out = []
    for atom in atoms:
        mode = {Mode.BOTH: "", Mode.MOVE: "m", Mode.CAPTURE: "ce" if pawn else "c"}[getattr(atom, "mode", Mode.MOVE)]
        vecs = getattr(atom, "vectors", None) or getattr(atom, "directions", None)
        if isinstance(atom, Path):
            if len(atom.offsets) != 2 or atom.offsets[1][2] or atom.offsets[1][0]:
                return None
            out.append(("i" if atom.initial else "") + "fmn" + "D")
            continue
        if any(v[2] for v in vecs):
            return None
        groups: dict[tuple[int, int], set[tuple[int, int]]] = {}
        for x, y, _ in vecs:
            groups.setdefault(tuple(sorted((abs(x), abs(y)))), set()).add((x, y))
        for vset in groups.values():
            named = _atom_letter(vset)
            if named is None:
                return None
            dirs, letter = named
            prefix = mode + ("o" if wrap else "") + dirs
            if isinstance(atom, Slide):
                rng = str(atom.limit) if atom.limit else letter
                out.append(prefix + letter + rng if atom.limit != 1 else prefix + letter)
            elif isinstance(atom, Hop):
                out.append(("g" if atom.style == "g" else "p") + prefix + letter + letter)
            elif isinstance(atom, Leap):
                out.append(("n" if atom.lame else "") + prefix + letter)
    return "".join(out)
