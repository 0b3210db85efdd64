"""A brute-force referee of double-move chess, written from the rules text alone (not from hyperchess's core):
https://www.chessvariants.com/multimove.dir/marseill.html (Marseillais), https://en.wikipedia.org/wiki/Monster_chess
and the choices of docs/rules/marseillais.md and docs/rules/monster.md.

FIDE chess on a dict of squares ("e4" -> "P"/"p"...), slow and plain: every move is tried on a copy. A turn has
``per_turn[side]`` moves (``first[side]`` at move number 1); with ``check_ends_turn`` a move that gives check ends
the turn. Every move must leave the mover's king unattacked, except with ``through_check``: there a move may
leave it attacked if the turn goes on and a legal move follows, or if the move took the enemy king (which wins).
En passant: a double step may be taken by the enemy on the first move of its next turn, and on the second move
too if the first was an en-passant capture as well.
"""
from __future__ import annotations

from dataclasses import dataclass

FILES = "abcdefgh"
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def sq(f: int, r: int) -> str:
    return FILES[f] + str(r + 1)


def fr(s: str) -> tuple[int, int]:
    return FILES.index(s[0]), int(s[1]) - 1


def white(p: str) -> bool:
    return p.isupper()


@dataclass(frozen=True)
class Rules:
    per_turn: tuple[int, int]
    first: tuple[int, int]
    check_ends_turn: bool
    through_check: bool


MARSEILLAIS = Rules((2, 2), (1, 2), True, False)
MONSTER = Rules((2, 1), (2, 1), False, True)


@dataclass
class State:
    board: dict[str, str]
    side: int                        # 0 white, 1 black
    castling: str                    # "KQkq" letters still allowed
    fullmove: int = 1
    turn_move: int = 0               # moves made of this turn
    # en-passant chances: (passed square, pawn square, pawn letter, side that may take it)
    windows: tuple[tuple[str, str, str, int], ...] = ()


def from_fen(fen: str) -> State:
    """A position string as hyperchess writes double-move positions (only what these tests need)."""
    parts = fen.split()
    board = {}
    for i, row in enumerate(parts[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[sq(f, 7 - i)] = ch
                f += 1
    side_field = parts[1]
    side = 0 if side_field[0] == "w" else 1
    turn_move = int(side_field[1:]) - 1 if len(side_field) > 1 else 0
    castling = "" if parts[2] == "-" else parts[2]
    fullmove = int(parts[5])
    return State(board, side, castling, fullmove, turn_move)


def attacked(board: dict[str, str], target: str, by_white: bool) -> bool:
    """Could a piece of that colour move to ``target`` (FIDE moves, ignoring whose turn it is)?"""
    tf, tr = fr(target)
    for s, p in board.items():
        if white(p) != by_white:
            continue
        f, r = fr(s)
        kind = p.upper()
        df, dr = tf - f, tr - r
        if kind == "P":
            if dr == (1 if by_white else -1) and abs(df) == 1:
                return True
        elif kind == "N":
            if (df, dr) in KNIGHT:
                return True
        elif kind == "K":
            if max(abs(df), abs(dr)) == 1:
                return True
        else:
            dirs = {"R": ROOK, "B": BISHOP, "Q": ROOK + BISHOP}[kind]
            for vf, vr in dirs:
                x, y = f + vf, r + vr
                while 0 <= x < 8 and 0 <= y < 8:
                    if (x, y) == (tf, tr):
                        return True
                    if sq(x, y) in board:
                        break
                    x, y = x + vf, y + vr
    return False


def king_square(board: dict[str, str], is_white: bool) -> str | None:
    for s, p in board.items():
        if p == ("K" if is_white else "k"):
            return s
    return None


def pseudo(st: State) -> list[str]:
    """Moves by the pieces' own rules, as UCI text (e7e8q), the king's capture included."""
    b = st.board
    me = st.side == 0
    out = []
    for s, p in list(b.items()):
        if white(p) != me:
            continue
        f, r = fr(s)
        kind = p.upper()
        if kind == "P":
            d = 1 if me else -1
            last = 7 if me else 0

            def add(to: str) -> None:
                if fr(to)[1] == last:
                    out.extend(s + to + x for x in "qrbn")
                else:
                    out.append(s + to)
            if 0 <= r + d < 8 and sq(f, r + d) not in b:
                add(sq(f, r + d))
                if r == (1 if me else 6) and sq(f, r + 2 * d) not in b:
                    out.append(s + sq(f, r + 2 * d))
            for df in (-1, 1):
                if 0 <= f + df < 8 and 0 <= r + d < 8:
                    to = sq(f + df, r + d)
                    if to in b and white(b[to]) != me:
                        add(to)
                    elif to not in b and any(w[0] == to and w[3] == st.side for w in st.windows):
                        out.append(s + to)
        elif kind in "NK":
            for vf, vr in (KNIGHT if kind == "N" else KING):
                x, y = f + vf, r + vr
                if 0 <= x < 8 and 0 <= y < 8 and (sq(x, y) not in b or white(b[sq(x, y)]) != me):
                    out.append(s + sq(x, y))
        else:
            for vf, vr in {"R": ROOK, "B": BISHOP, "Q": ROOK + BISHOP}[kind]:
                x, y = f + vf, r + vr
                while 0 <= x < 8 and 0 <= y < 8:
                    t = sq(x, y)
                    if t in b:
                        if white(b[t]) != me:
                            out.append(s + t)
                        break
                    out.append(s + t)
                    x, y = x + vf, y + vr
    # castling: king and rook unmoved (the letters), squares between empty, the king not in check and not
    # passing or landing on an attacked square
    home = "1" if me else "8"
    for letter, rook_file, between, passing in (("K", "h", "fg", "fg"), ("Q", "a", "bcd", "dc")):
        ch = letter if me else letter.lower()
        if ch not in st.castling or b.get("e" + home) != ("K" if me else "k"):
            continue
        if b.get(rook_file + home) != ("R" if me else "r"):
            continue
        if any(x + home in b for x in between):
            continue
        if any(attacked(b, x + home, not me) for x in "e" + passing):
            continue
        out.append("e" + home + passing[-1] + home)
    return out


def make(st: State, move: str, rules: Rules) -> State:
    """The position after ``move`` (a pseudo-legal move of the side to move), turn structure included."""
    b = dict(st.board)
    me = st.side == 0
    frm, to, promo = move[:2], move[2:4], move[4:]
    p = b.pop(frm)
    ep_capture = p.upper() == "P" and frm[0] != to[0] and to not in b
    if ep_capture:
        victim = next(w[1] for w in st.windows if w[0] == to and w[3] == st.side)
        del b[victim]
    b[to] = (promo.upper() if me else promo) if promo else p
    if p.upper() == "K" and abs(fr(frm)[0] - fr(to)[0]) == 2:
        home = frm[1]
        rf, rt = ("h", "f") if to[0] == "g" else ("a", "d")
        b[rt + home] = b.pop(rf + home)
    castling = st.castling
    for square, letters in (("e1", "KQ"), ("h1", "K"), ("a1", "Q"), ("e8", "kq"), ("h8", "k"), ("a8", "q")):
        if square in (frm, to):
            castling = "".join(c for c in castling if c not in letters)
    # the turn: does it go on?
    first = st.fullmove == 1
    moves = (rules.first if first else rules.per_turn)[st.side]
    made = st.turn_move + 1
    enemy_king = king_square(b, not me)
    gives_check = enemy_king is not None and attacked(b, enemy_king, me)
    goes_on = made < moves and not (rules.check_ends_turn and gives_check)
    # en passant chances: the mover used its own unless it took en passant and moves again
    windows = []
    for w in st.windows:
        if w[3] == st.side and not (goes_on and ep_capture):
            continue
        if w[0] in b or b.get(w[1]) != w[2]:
            continue
        windows.append(w)
    if p.upper() == "P" and abs(fr(frm)[1] - fr(to)[1]) == 2:
        passed = frm[0] + str((int(frm[1]) + int(to[1])) // 2)
        windows.append((passed, to, p, 1 - st.side))
    if goes_on:
        return State(b, st.side, castling, st.fullmove, made, tuple(windows))
    return State(b, 1 - st.side, castling, st.fullmove + (1 if st.side == 1 else 0), 0, tuple(windows))


def legal(st: State, rules: Rules) -> list[str]:
    """The legal moves: none once a king is gone (the game is over)."""
    if king_square(st.board, True) is None or king_square(st.board, False) is None:
        return []
    me = st.side == 0
    out = []
    for m in pseudo(st):
        after = make(st, m, rules)
        k = king_square(after.board, me)
        if not attacked(after.board, k, not me):
            out.append(m)
        elif rules.through_check and (king_square(after.board, not me) is None
                                      or (after.side == st.side and legal(after, rules))):
            out.append(m)
    return out


def start(rules: Rules) -> State:
    if rules is MONSTER:
        return from_fen("rnbqkbnr/pppppppp/8/8/8/8/2PPPP2/4K3 w kq - 0 1")
    return from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
