"""Attack tests beyond the plain lines and leaps, and the lines a check or a pin runs along.

``Position.attacked`` (the hot test: slider lines and leap sources from the target, variants/board/attack_tables.py) asks
these only in games that need them: hinged leaps (``Leap(hinged=True)``) and indirect attackers (lame leaps and
hoppers, ``Game.indirect``). ``attack_lines`` (which pieces attack a cell, and where a move can stop each) and
``pins`` (our pieces that shield the king from a slider) serve check evasions and ``Position.legal_moves``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import HOLE

try:
    import cython
    TYPED = cython.compiled         # true in the compiled module (setup.py), false when run as Python
except ImportError:                 # no Cython installed: always Python
    TYPED = False
if TYPE_CHECKING:
    from hyperchess.variants.core.placement import Placement


def indirect_attack(pos: "Placement", cell: int, by: tuple[int, ...]) -> bool:
    """A lame leap (its passed cells empty) or a hopper (over its hurdle) onto ``cell``; with
    ``Game.flying_royals``, a royal piece on ``cell`` facing a royal piece of ``by`` along an open line."""
    b = pos.cells
    g = pos.game
    if g.flying_royals and b[cell] in g.royal_codes:
        for ray in g.royal_lines[cell]:
            for x in ray:
                q = b[x]
                if q:
                    if q in g.royal_codes and g.owner[q] in by:
                        return True
                    break
    for c in by:
        for frm, between, codes in g.lame_attacks[c][cell]:
            if b[frm] in codes:
                for x in between:
                    if b[x]:
                        break
                else:
                    return True
        for ray, style, codes, unlike in g.hop_attacks[c][cell]:
            x = hopper_cell(pos, ray, style, unlike)
            if x >= 0 and b[x] in codes and not (unlike and b[cell] in unlike):
                return True
    return False



def hopper_cell(pos: "Placement", ray: tuple[int, ...], style: str, unlike: frozenset = frozenset()) -> int:
    """The cell from which a piece could hop along ``ray`` (outward from a target) onto its start, or -1:
    for "p" the second piece out (over the first), for "g" the first piece beyond a hurdle right next
    to the target; -1 too when the hurdle's code is in ``unlike``."""
    b = pos.cells
    if style == "g":
        if not b[ray[0]]:
            return -1
        i = 0
    else:
        i = 0
        while i < len(ray) and not b[ray[i]]:
            i += 1
    if unlike and i < len(ray) and b[ray[i]] in unlike:
        return -1
    for x in ray[i + 1:]:
        if b[x]:
            return x
    return -1



def hinged_attack(pos: "Placement", cell: int, by: tuple[int, ...]) -> bool:
    """A hinged leap (``Leap(hinged=True)``) onto ``cell`` whose hinge cells are not all missing."""
    b = pos.cells
    for c in by:
        for frm, hinges, codes in pos.game.hinged_attacks[c][cell]:
            if b[frm] in codes:
                for h in hinges:
                    if b[h] != HOLE:
                        return True
    return False



def attack_lines(pos: "Placement", cell: int, by: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Each piece of colours ``by`` that attacks ``cell``: its cell -> the cells where a move can stop that
    attack (the cells between, then the attacker's own; a leap cannot be blocked: the attacker's cell only)."""
    g = pos.game
    b = pos.board
    out: dict[int, tuple[int, ...]] = {}
    for c in by:
        for ray, codes in g.ray_attacks[c][cell]:
            for i, x in enumerate(ray):
                q = b[x]
                if q:
                    if q in codes:
                        out[x] = ray[:i + 1]
                    break
        for frm, codes in g.leap_attacks[c][cell]:
            if b[frm] in codes:
                out[frm] = (frm,)
        if g.hinged:
            for frm, hinges, codes in g.hinged_attacks[c][cell]:
                if b[frm] in codes and any(b[h] != HOLE for h in hinges):
                    out[frm] = (frm,)
        if g.indirect:
            for frm, between, codes in g.lame_attacks[c][cell]:
                if b[frm] in codes and not any(b[x] for x in between):
                    out[frm] = (frm,)
            for ray, style, codes, unlike in g.hop_attacks[c][cell]:
                x = hopper_cell(pos, ray, style, unlike)
                if x >= 0 and b[x] in codes and not (unlike and b[cell] in unlike):
                    out[x] = (x,)
    return out



def block_cells(pos: "Placement", cell: int, by: tuple[int, ...]) -> set[int]:
    """Where a move can stop the attack on ``cell`` when exactly one piece of colours ``by`` attacks it: that
    piece's cell and, for a slider, the cells between (``attack_lines``' one entry); empty for none or several.
    Compiled, and without hinged or indirect attackers, from the flat lines ``Position.attacked`` reads."""
    t = pos.rules
    if not TYPED or t.special_attacks:
        lines = attack_lines(pos, cell, by)
        if len(lines) != 1:
            return set()
        for cells in lines.values():
            return set(cells)
    b = pos.cells
    n = t.size
    nc = t.ncodes
    found = -1            # the attacker's cell; as in attack_lines' dict, a later line or leap to it wins
    line = -1             # the line it stands on (-1: a leap)
    stop = -1             # its place in the line's rest (-1: the line's first cell)
    for c in by:
        k = c * n + cell
        for i in range(t.line_first[k], t.line_first[k + 1]):
            x = t.line_cell[i]
            q = b[x]
            if q:
                if t.member[t.line_near[i] * nc + q]:
                    if found >= 0 and found != x:
                        return set()
                    found = x
                    line = i
                    stop = -1
                continue
            for j in range(t.rest_start[i], t.rest_start[i + 1]):
                x = t.rest[j]
                q = b[x]
                if q:
                    if t.member[t.line_codes[i] * nc + q]:
                        if found >= 0 and found != x:
                            return set()
                        found = x
                        line = i
                        stop = j
                    break
        for i in range(t.far_first[k], t.far_first[k + 1]):
            x = t.far_cell[i]
            if t.member[t.far_codes[i] * nc + b[x]]:
                if found >= 0 and found != x:
                    return set()
                found = x
                line = -1
                stop = -1
    out = set()
    if found < 0:
        return out
    out.add(found)
    if stop >= 0:
        out.add(t.line_cell[line])
        for j in range(t.rest_start[line], stop):
            out.add(t.rest[j])
    return out


def pins(pos: "Placement", k: int, us: int, enemies: "tuple[int, ...] | None" = None) -> dict[int, set[int]]:
    """Our pieces that shield the king from a slider, with the cells each may still move to (the sliders of
    ``enemies``, default every enemy colour: a game with dead armies gives the live ones)."""
    g = pos.game
    b = pos.cells
    t = pos.rules
    owner = t.owner
    pins: dict[int, set[int]] = {}
    if TYPED:
        # Compiled: the same lines (a slider line of ``ray_attacks`` is one of ``attack_lines``, in the same
        # order) from the flat int arrays of Game.flat_attacks; the cells of line i are its first cell, then
        # ``rest[rest_start[i]:rest_start[i + 1]]``.
        n = t.size
        nc = t.ncodes
        line_first = t.line_first
        line_cell = t.line_cell
        line_codes = t.line_codes
        rest_start = t.rest_start
        rest = t.rest
        member = t.member
        for e in (t.enemies[us] if enemies is None else enemies):
            key = e * n + k
            for i in range(line_first[key], line_first[key + 1]):
                blocker = -1
                s0 = rest_start[i]
                for j in range(s0 - 1, rest_start[i + 1]):
                    x = line_cell[i] if j < s0 else rest[j]
                    q = b[x]
                    if q:
                        if blocker < 0:
                            o = owner[q]
                            if o == us:
                                blocker = x
                                continue
                            break
                        if member[line_codes[i] * nc + q]:
                            allowed = {line_cell[i]}
                            for jj in range(s0, j + 1):
                                allowed.add(rest[jj])
                            if blocker in pins:
                                pins[blocker] &= allowed
                            else:
                                pins[blocker] = allowed
                        break
        return pins
    for e in (g.enemies[us] if enemies is None else enemies):
        for ray, codes in g.ray_attacks[e][k]:
            blocker = -1
            for i, x in enumerate(ray):
                q = b[x]
                if q:
                    if blocker < 0:
                        if owner[q] == us:
                            blocker = x
                            continue
                        break
                    if q in codes:
                        allowed = set(ray[:i + 1])
                        if blocker in pins:
                            pins[blocker] &= allowed
                        else:
                            pins[blocker] = allowed
                    break
    return pins
