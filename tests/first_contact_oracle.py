"""A slow, independent First Contact move lister written straight from the contract (§C(b)), used to check the
shared generator along random games. It reads only the position string, never the engine's tables or hooks."""
from __future__ import annotations

import re
from itertools import permutations, product

FILES = "zabcde"
LEVEL = {"W": (2, 0), "N": (4, 2), "B": (6, 4)}          # elevation, rank offset
ORTH = [v for v in product((-1, 0, 1), repeat=3) if sum(map(abs, v)) == 1]
DIAG = [(x, y, 0) for x in (-1, 1) for y in (-1, 1)]
TRI = list(product((-1, 1), repeat=3))
KNIGHT = sorted({tuple(s * a for s, a in zip(signs, p)) for p in permutations((0, 1, 2))
                 for signs in product((-1, 1), repeat=3)})
VALUE_LETTERS = "KQRBNP"


def point_cells(name: str) -> list[tuple[int, int, int]]:
    """Cells of a point in local order a1, b1, a2, b2 as (x, y, elevation)."""
    lv, corner, rank, ud = name[0], name[1], name[2], name[3]
    h, off = LEVEL[lv]
    x0 = 0 if corner == "a" else 4
    y0 = off if rank == "1" else off + 4
    z = h + (1 if ud == "u" else -1)
    return [(x0 + i, y0 + j, z) for j in range(2) for i in range(2)]


POINTS = [f"{lv}{c}{r}{u}" for lv in "WNB" for c in "ad" for r in "14" for u in "ud"]


def fixed_cells(lv: str) -> list[tuple[int, int, int]]:
    h, off = LEVEL[lv]
    return [(x, r + off, h) for r in range(1, 5) for x in range(1, 5)]


def name(c) -> str:
    return f"{FILES[c[0]]}{c[1]}{c[2]}"


def rows(text: str, files: int) -> list[list[str]]:
    out = []
    for row in reversed(text.split("/")):
        cells = []
        for ch in row:
            cells += ["."] * int(ch) if ch.isdigit() else [ch]
        assert len(cells) == files
        out.append(cells)
    return out


class Oracle:
    def __init__(self, fen: str, lenient_knights: bool = False, empty_platforms_slide: bool = False) -> None:
        f = fen.split()
        self.turn = 0 if f[1] == "w" else 1
        self.lenient, self.slide = lenient_knights, empty_platforms_slide
        self.board: dict[tuple, str] = {}      # existing cell -> "." or a letter
        for lv, text in zip("BNW", f[0].split("|")):
            for c, ch in zip(fixed_cells(lv), sum(rows(text, 4), [])):
                self.board[c] = ch
        self.platforms: list[str] = []
        if f[6] != "-":
            for item in f[6].split(","):
                pt, _, contents = item.partition(":")
                self.platforms.append(pt)
                codes = sum(rows(contents, 2), []) if contents else ["."] * 4
                for c, ch in zip(point_cells(pt), codes):
                    self.board[c] = ch
        self.reserve = re.sub(r"[\[\]\-]", "", f[7])
        self.phase, self.last = f[8], f[9]

    @staticmethod
    def side(ch: str) -> int:
        return 0 if ch.isupper() else 1

    def own(self, ch: str, color: int) -> bool:
        return ch != "." and self.side(ch) == color

    def targets(self, board, c, color) -> list[tuple]:
        """Cells the piece on ``c`` may move to (pseudo-legal)."""
        ch = board[c].upper()
        out = []

        def add(t):
            if t in board and not self.own(board[t], color):
                out.append(t)

        def slide(dirs):
            for d in dirs:
                t = c
                while True:
                    t = (t[0] + d[0], t[1] + d[1], t[2] + d[2])
                    if t not in board:
                        break
                    if board[t] != ".":
                        if not self.own(board[t], color):
                            out.append(t)
                        break
                    out.append(t)

        step = lambda v: (c[0] + v[0], c[1] + v[1], c[2] + v[2])
        if ch == "K":
            for v in ORTH + DIAG + TRI:
                add(step(v))
        elif ch == "Q":
            slide(ORTH + DIAG)
            for v in TRI:
                add(step(v))
        elif ch == "R":
            slide(ORTH)
        elif ch == "B":
            slide(DIAG)
            for v in TRI:
                add(step(v))
        elif ch == "N":
            fixed = c[2] in (2, 4, 6)
            for v in KNIGHT:
                t = step(v)
                if t not in board or self.own(board[t], color):
                    continue
                if fixed and abs(v[2]) == 2:
                    s = 1 if v[2] > 0 else -1
                    hinges = [(c[0], c[1], c[2] + s)] + ([(t[0], t[1], t[2] - s)] if self.lenient else [])
                    if not any(h in board for h in hinges):
                        continue
                out.append(t)
        elif ch == "P":
            for v in ORTH:
                t = step(v)
                if board.get(t) == ".":
                    out.append(t)
            for v in DIAG + TRI:
                t = step(v)
                if t in board and board[t] != "." and not self.own(board[t], color):
                    out.append(t)
        return out

    def attacked(self, board, target, by: int) -> bool:
        return any(target in self.targets(board, c, by) for c, ch in board.items() if ch != "." and self.side(ch) == by)

    def king(self, board, color):
        ks = [c for c, ch in board.items() if ch == ("K" if color == 0 else "k")]
        return ks[0] if len(ks) == 1 else None

    def legal(self) -> set[str]:
        board, us = self.board, self.turn
        k = self.king(board, us)
        if k is not None and self.attacked(board, k, 1 - us):
            return set()                           # the opponent's last action won
        cand: list[tuple[str, dict]] = []
        if self.phase == "place":
            for pt in POINTS:
                if pt not in self.platforms:
                    cand.append(("@" + pt, board))
            return {n for n, _ in cand}
        home = [c for c in fixed_cells("W" if us == 0 else "B") if board[c] == "."]
        letters = {ch.upper() for ch in self.reserve if self.side(ch) == us}
        letters = {"K"} & letters if self.phase == "kings" else letters - {"K"}
        for letter in sorted(letters):
            for c in home:
                nb = dict(board)
                nb[c] = letter if us == 0 else letter.lower()
                cand.append((f"{letter}@{name(c)}", nb))
        if self.phase == "play":
            for c, ch in board.items():
                if ch != "." and self.side(ch) == us:
                    for t in self.targets(board, c, us):
                        nb = dict(board)
                        nb[t], nb[c] = ch, "."
                        cand.append((name(c) + name(t), nb))
            cand += self.platform_moves()
        out = set()
        for n, nb in cand:
            k = self.king(nb, us)
            if k is None or not self.attacked(nb, k, 1 - us):
                out.add(n)
        return out

    def platform_moves(self):
        out = []
        board, us = self.board, self.turn
        for pt in self.platforms:
            if pt == self.last:
                continue
            cells = point_cells(pt)
            held = [(i, board[c]) for i, c in enumerate(cells) if board[c] != "."]
            lv, corner, ud = pt[0], pt[1:3], pt[3]
            adjacent = [c for c in ("a1", "d1", "a4", "d4") if (c[0] == corner[0]) != (c[1] == corner[1])]
            lateral = [lv + c + ud for c in adjacent]
            i = "WNB".index(lv)
            nxt = ["WNB"[j] + corner + ud for j in (i - 1, i + 1) if 0 <= j < 3]
            if not held:
                targets = [lv + corner + ("d" if ud == "u" else "u")] + (lateral if self.slide else [])
            elif len(held) == 1 and held[0][1] == ("P" if us == 0 else "p"):
                targets = lateral + nxt
            else:
                continue
            for tp in targets:
                if tp in self.platforms:
                    continue
                nb = {c: ch for c, ch in board.items() if c not in cells}
                for j, c in enumerate(point_cells(tp)):
                    nb[c] = "."
                if held:
                    nb[point_cells(tp)[held[0][0]]] = held[0][1]
                out.append((f"{pt}-{tp}", nb))
        return out
