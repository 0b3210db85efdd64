"""Xiangqi's rule against chasing (the Asian Xiangqi Federation's, "AXF"), as Fairy-Stockfish judges it
(``chasingRule = axf``; src/position.cpp ``chased`` and ``is_optional_game_end``, ``slider_blockers`` for the
pins, commit c19b5f6c): when a position repeats, a side that chased the same piece with each of its moves since
the earliest repeated position loses; both chasing: a draw. Perpetual check is judged first (``Game``'s
``repetition_outcome``).

What a move chases (``chased``) is read by the pieces' roles, which FSF names by its piece types and which a
game from a variants file carries as the pieces' names: ``king`` (the royal piece), ``rook``, ``horse``,
``cannon``, ``elephant``, ``fers`` and ``soldier`` (or ``chariot``, ``advisor``, ``minister``, ``pawn``; its sideways step, a move with ``from``, is what makes it
"promoted"). It is computed only when a position repeats, by taking the game back move by move.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from hyperchess.variants.board.pieces import Hop, Leap, Mode, Slide, lame_steps

if TYPE_CHECKING:
    from hyperchess.variants.core.game import Game
    from hyperchess.variants.core.position import Position

# the roles' other usual names in English
ROLE_NAMES = {"chariot": "rook", "advisor": "fers", "guard": "fers", "minister": "elephant", "pawn": "soldier"}
ORTHOGONAL = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0))
DIAGONAL = ((1, 1, 0), (1, -1, 0), (-1, 1, 0), (-1, -1, 0))


class View:
    """One position of the game, as ``chased`` reads it: the board, who is to move, the last move and what
    it took."""

    def __init__(self, game: "Game", pos: "Position", previous: "Position | None") -> None:
        self.game = game
        self.board = list(pos.board)
        self.turn = pos.turn
        self.move = pos.last_move
        self.captured = bool(previous is not None and self.move is not None and previous.board[self.move[1]])
        self.occ = frozenset(c for c, code in enumerate(self.board) if code and game.owner[code] >= 0)

    def role(self, cell: int) -> str:
        code = self.board[cell]
        if not code or self.game.owner[code] < 0:
            return ""
        piece = self.game.pieces[self.game.kind_of[code]]
        return "king" if piece.royal else ROLE_NAMES.get(piece.name, piece.name)

    def of(self, color: int, *roles: str) -> set[int]:
        return {c for c in self.occ if self.game.owner[self.board[c]] == color and self.role(c) in roles}

    def mine(self, color: int) -> set[int]:
        return {c for c in self.occ if self.game.owner[self.board[c]] == color}


def attacks(game: "Game", code: int, cell: int, occ: frozenset[int] | set[int], raw: bool = False) -> set[int]:
    """The cells the piece ``code`` on ``cell`` attacks with ``occ`` occupied: as it may capture there (its
    region and its moves' ``from``), or ``raw`` as its moves reach on any board (FSF's ``attacks_bb``)."""
    g = game.geometry
    kind, color = game.kind_of[code], game.owner[code]
    piece = game.pieces[kind]
    turn = _turner(game, code, cell)
    out: set[int] = set()
    for i, atom in enumerate(piece.moves):
        if getattr(atom, "mode", Mode.BOTH) is Mode.MOVE:
            continue
        origin = game.origins.get((kind, color, i))
        if not raw and origin is not None and cell not in origin:
            continue
        if isinstance(atom, Leap):
            for v in map(turn, atom.vectors):
                to = g.step(cell, v)
                if to is None:
                    continue
                if atom.lame:
                    between = g.path(cell, lame_steps(v) or ())
                    if between is None or any(x in occ for x in between):
                        continue
                out.add(to)
        elif isinstance(atom, Slide):
            for d in map(turn, atom.directions):
                for x in g.ray(cell, d, atom.limit):
                    out.add(x)
                    if x in occ:
                        break
        elif isinstance(atom, Hop):
            for d in map(turn, atom.directions):
                ray = g.ray(cell, d, 0)
                hurdle = next((i for i, x in enumerate(ray) if x in occ), None)
                if hurdle is None:
                    continue
                if atom.style == "g":
                    out.update(ray[hurdle + 1:hurdle + 2])
                    continue
                out.update([x for x in ray[hurdle + 1:] if x in occ][:1])     # the first piece beyond the screen
    region = game.regions.get((kind, color))
    return out if raw or region is None else out & region


def _turner(game: "Game", code: int, cell: int):
    """The piece's vectors as it moves from ``cell`` (an oriented piece's turned for its colour)."""
    piece = game.pieces[game.kind_of[code]]
    basis = game.orientation(game.owner[code], cell) if piece.oriented else ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    return lambda v: tuple(v[0] * basis[0][i] + v[1] * basis[1][i] + v[2] * basis[2][i] for i in range(3))


def _rider_reach(game: "Game", code: int, cell: int) -> set[int]:
    """FSF's ``PseudoAttacks ^ LeaperAttacks``: what the piece's lame leaps, slides and hops reach on an empty
    board (a hopper its whole lines)."""
    g = game.geometry
    piece = game.pieces[game.kind_of[code]]
    turn = _turner(game, code, cell)
    out: set[int] = set()
    for atom in piece.moves:
        if getattr(atom, "mode", Mode.BOTH) is Mode.MOVE:
            continue
        if isinstance(atom, Leap) and atom.lame:
            out.update(x for x in (g.step(cell, turn(v)) for v in atom.vectors) if x is not None)
        elif isinstance(atom, (Slide, Hop)):
            for d in map(turn, getattr(atom, "directions")):
                out.update(g.ray(cell, d, getattr(atom, "limit", 0)))
    return out


def _neighbours(game: "Game", cell: int, steps) -> set[int]:
    return {x for x in (game.geometry.step(cell, d) for d in steps) if x is not None}


def _line(game: "Game", a: int, b: int) -> tuple[tuple[int, ...], tuple[int, int, int]] | None:
    """The cells strictly between ``a`` and ``b`` when they share a rook or bishop line, with its direction."""
    (fa, ra, _), (fb, rb, _) = game.geometry.coords[a], game.geometry.coords[b]
    df, dr = fb - fa, rb - ra
    if (df and dr and abs(df) != abs(dr)) or (not df and not dr):
        return None
    n = max(abs(df), abs(dr))
    d = ((df > 0) - (df < 0), (dr > 0) - (dr < 0), 0)
    return (game.geometry.ray(a, d, n - 1) if n > 1 else ()), d         # (a ray's limit 0 is no limit)


def _hopper(game: "Game", code: int) -> bool:
    return any(isinstance(a, Hop) for a in game.pieces[game.kind_of[code]].moves)


def _asymmetric(game: "Game", code: int) -> bool:
    """A lame leaper whose leg is not on its line (FSF's horse): its attack is not the reverse of another's."""
    return any(isinstance(a, Leap) and a.lame and any(len({abs(x) for x in v if x}) > 1 for v in a.vectors)
               for a in game.pieces[game.kind_of[code]].moves)


def attackers_to(view: View, cell: int, occ, color: int) -> set[int]:
    game = view.game
    return {x for x in view.mine(color) if cell in attacks(game, view.board[x], x, occ)}


def blockers_for_king(view: View, color: int) -> set[int]:
    """FSF's ``slider_blockers`` of ``color``'s king: pieces of either side that alone stand between it and an
    enemy rider, hopper (one of the two pieces before a cannon) or lame leaper (its leg)."""
    game, board = view.game, view.board
    kings = view.of(color, "king")
    if len(kings) != 1:
        return set()
    k = next(iter(kings))
    enemy = 1 - color
    snipers: set[int] = set()
    sliding: set[int] = set()
    for kind in range(1, len(game.pieces)):
        theirs = (kind << 2) | enemy
        ours = (kind << 2) | color
        found = {x for x in _rider_reach(game, ours, k) if board[x] == theirs}
        if not found:
            continue
        if _asymmetric(game, theirs):
            snipers |= {x for x in found if k not in attacks(game, theirs, x, view.occ)}
        else:
            snipers |= found - attacks(game, ours, k, view.occ, raw=True)
        if not _hopper(game, theirs):
            sliding |= {x for x in snipers if game.kind_of[board[x]] == kind}
    occupancy = view.occ - sliding
    out: set[int] = set()
    for s in snipers:
        hopper = _hopper(game, board[s])
        if _asymmetric(game, board[s]):
            between = _neighbours(game, s, ORTHOGONAL) & _neighbours(game, k, DIAGONAL)
        else:
            line = _line(game, k, s)
            between = set(line[0]) | {s} if line else {s}
        bb = between & (view.occ - {s} if hopper else occupancy)
        if bb and (len(bb) == 1 or (hopper and len(bb) == 2)):
            out |= bb
    return out


def _unpromoted(view: View, color: int) -> set[int]:
    """``color``'s soldiers that may not step sideways yet (FSF: not ``promoted_soldiers``)."""
    game = view.game
    out = set()
    for x in view.of(color, "soldier"):
        kind = game.kind_of[view.board[x]]
        origins = [cells for (k, c, _), cells in game.origins.items() if k == kind and c == color]
        if origins and all(x not in cells for cells in origins):
            out.add(x)
    return out


def chased(view: View, previous: View | None) -> set[int]:
    """The pieces of the side to move that the last move chases (FSF's ``Position::chased``)."""
    if view.move is None:
        return set()
    game, board, occ = view.game, view.board, view.occ
    us, them = view.turn, 1 - view.turn
    flying = game.flying_royals
    b: set[int] = set()
    pins = blockers_for_king(view, us)
    their_king = next(iter(view.of(them, "king")), None)
    if flying and their_king is not None:
        on_file = {x for x in view.mine(us) if game.geometry.coords[x][0] == game.geometry.coords[their_king][0]}
        kings = view.of(us, "king")
        if on_file & kings and len(on_file - kings) <= 1:
            pins |= on_file - kings
    excluded = view.of(us, "king") | _unpromoted(view, us)

    def add_chased(at: int, role: str, hits: set[int]) -> None:
        nonlocal b
        if not hits - b:
            return
        hits = hits - excluded
        if role in ("horse", "cannon"):
            b |= hits & view.of(us, "rook")
        if role in ("elephant", "fers"):
            b |= hits & view.of(us, "rook", "cannon", "horse")
        if role == "horse" and _neighbours(game, at, DIAGONAL) & occ:
            hits = {s for s in hits if not (view.role(s) == "horse" and at in attacks(game, board[s], s, occ, raw=True))}
        else:
            hits = {s for s in hits if view.role(s) != role or s in pins}
        for s in hits:
            roots = attackers_to(view, s, occ - {at}, us) - pins
            if not roots or (flying and their_king is not None and roots == view.of(us, "king")
                             and s in _rook_reach(game, their_king, occ - {at})):
                b.add(s)

    frm, to = view.move[0], view.move[1]
    moved = view.role(to)
    ours = view.mine(us)
    if moved not in ("king", "soldier", ""):
        direct = attacks(game, board[to], to, occ) & ours
        if moved in ("rook", "cannon"):
            line = _line(game, frm, to)
            if line:
                direct -= _whole_line(game, frm, line[1])
        add_chased(to, moved, direct)
    candidates = ({x for x in _neighbours(game, frm, ORTHOGONAL) if x in view.of(them, "horse")}
                  | {x for x in _neighbours(game, frm, DIAGONAL) if x in view.of(them, "elephant")}
                  | (_rook_reach(game, frm, set()) & view.of(them, "cannon", "rook"))
                  | (_rook_reach(game, to, set()) & view.of(them, "cannon")))
    before = (occ if view.captured else occ - {to}) ^ {frm}
    for s in candidates:
        code = board[s]
        found = (attacks(game, code, s, occ, raw=True) - attacks(game, code, s, before, raw=True)) & ours
        add_chased(s, view.role(s), found)
    if previous is not None:
        now = blockers_for_king(view, us)
        new = now - blockers_for_king(previous, us)
        for s in new & ours:
            fake = attacks(game, board[s], s, occ, raw=True) & (ours - excluded)
            their_blockers = blockers_for_king(view, them)
            for s2 in fake:
                if attackers_to(view, s2, occ, them) - their_blockers:
                    b.add(s2)
        king = next(iter(view.of(us, "king")), None)
        for s in new & view.mine(them):
            hits = attacks(game, board[s], s, occ) & ours
            guard = attacks(game, board[king], king, occ) if king is not None else set()
            b |= hits - guard
            for s2 in hits & guard:
                if attackers_to(view, s2, occ - {s, king}, them) - {s}:
                    b.add(s2)
    return b


def _rook_reach(game: "Game", cell: int, occ) -> set[int]:
    out: set[int] = set()
    for d in ORTHOGONAL:
        for x in game.geometry.ray(cell, d, 0):
            out.add(x)
            if x in occ:
                break
    return out


def _whole_line(game: "Game", cell: int, d) -> set[int]:
    """FSF's ``line_bb``: the whole line through ``cell`` along ``d``, both ways, ``cell`` included."""
    return {cell} | set(game.geometry.ray(cell, d, 0)) | set(game.geometry.ray(cell, tuple(-x for x in d), 0))


def _undo(cells: set[int], move) -> set[int]:
    """FSF's ``undo_move_board``: the cells as they stood before ``move``."""
    if move is None or move[1] not in cells:
        return cells
    return (cells - {move[1]}) | {move[0]}


def chase_result(pos: "Position", span: int) -> int:
    """Over the ``span`` plies back to the earliest repeated position: 1 if the side to move was chased at every
    move of the other side (it wins), -1 if it chased at each of its own (it loses), 0 otherwise (both, or
    neither). FSF's ``chaseThem``/``chaseUs``."""
    game = pos.game
    views: list[View] = []
    p = pos.copy()
    chain = [p.copy()]
    for _ in range(min(span + 1, p.moves_made)):
        p.pop()
        chain.append(p.copy())
    views = [View(game, q, chain[i + 1] if i + 1 < len(chain) else None) for i, q in enumerate(chain)]
    root = len(pos.history) - 1                 # the plies since the game's first position (FSF: pliesFromNull)

    def chased_at(j: int) -> set[int]:
        if j >= len(views) or views[j].move is None:
            return set()
        return chased(views[j], views[j + 1] if j + 1 < len(views) else None)

    def move_at(j: int):
        return views[j].move if j < len(views) else None

    them = _undo(chased_at(0), move_at(1)) & chased_at(2)
    us = _undo(chased_at(1), move_at(2)) & chased_at(3)
    for i in range(4, span + 1, 2):
        if i != root:
            them = _undo(them, move_at(i - 1)) & chased_at(i)
        if i + 1 <= span:
            us = _undo(us, move_at(i)) & chased_at(i + 1)
    if them and not us:
        return 1
    if us and not them:
        return -1
    return 0
