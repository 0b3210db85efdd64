"""The pieces on the cells of a position, kept in step: ``board`` (the piece code on each cell), each colour's
occupied and royal cells (``CellSet``), and the Zobrist keys and the material-and-placement score that every
change through ``put`` updates; with the questions asked of them: is a cell attacked, where is a side's royal
piece, is the side to move in check. ``Position`` (position.py) is a ``Placement`` with the moves made.
"""
from __future__ import annotations

from array import array

from hyperchess.variants.board.codes import EMPTY, HOLE
from hyperchess.variants.core import attacks as _attacks

try:
    import cython
    TYPED = cython.compiled         # true in the compiled module (setup.py), false when run as Python
except ImportError:                 # no Cython installed: always Python
    TYPED = False



class Placement:
    """The pieces on the cells of one game's board. Its fields (``game``, ``rules``, ``board``, ``cells``,
    ``turn``, ``hash``, ``pawn_hash``, ``score``, ``occupied``, ``royals``) are set by ``Position``."""

    # ------------------------------------------------------------------ board primitives
    def clear_board(self, size: int) -> None:
        """An empty board of ``size`` cells. ``board`` is an ``array("i")``, read like a list; ``cells`` is
        the same array, which the compiled path holds as a typed view (position.pxd) for its hot loops."""
        self.board = array("i", [EMPTY]) * size
        self.cells = self.board

    def put(self, cell: int, code: int) -> None:
        """Set ``cell`` to ``code`` (EMPTY to clear), keeping sets, hash and score in step."""
        if self._changes is not None:
            # what pop needs to undo it: the old code, and the old piece's places in its colour's sets
            old = self.cells[cell]
            c = self.rules.owner_of[old]
            if c >= 0:
                occ = self.occupied[c]
                roy = self.royals[c]
                self._changes.append((cell, old, occ.place(cell), roy.place(cell)))
            else:
                self._changes.append((cell, old, -1, -1))
        self._set(cell, code)

    def _set(self, cell: int, code: int) -> None:
        b = self.cells
        old = b[cell]
        if old == code:
            return
        t = self.rules
        if old:
            z = t.zobrist[old * t.size + cell]
            self.hash ^= z
            if t.pawn_flag[old]:
                self.pawn_hash ^= z
            c = t.owner_of[old]
            if c >= 0:
                occ = self.occupied[c]
                occ.discard(cell)
                roy = self.royals[c]
                roy.discard(cell)
                self.score -= t.sign_of[c] * t.pst_flat[old * t.size + cell]
        if code:
            z = t.zobrist[code * t.size + cell]
            self.hash ^= z
            if t.pawn_flag[code]:
                self.pawn_hash ^= z
            c = t.owner_of[code]
            if c >= 0:
                occ = self.occupied[c]
                occ.add(cell)
                if t.royal_flag[code]:
                    roy = self.royals[c]
                    roy.add(cell)
                self.score += t.sign_of[c] * t.pst_flat[code * t.size + cell]
        b[cell] = code

    def eliminated(self, color: int) -> bool:
        """Has ``color`` lost its royal pieces in a game with elimination, or is its army dead (``dead_armies``)?
        It is skipped, its pieces inert (drawn grey)."""
        g = self.game
        return g.elimination and not self.royals[color] or g.dead_armies and bool(g.dead(self) >> color & 1)

    # ------------------------------------------------------------------ attacks
    def attacked(self, cell: int, by: tuple[int, ...] | None = None) -> bool:
        """Is ``cell`` attacked by any colour in ``by`` (default: the enemies of the side to move)?"""
        t = self.rules
        b = self.cells
        if by is None:
            by = self.game.live_enemies(self, self.turn) if t.dead_armies else t.enemies[self.turn]
        if TYPED:
            # Compiled: the same lines from the flat int arrays of Game.flat_attacks, a set's membership one
            # byte of ``member``; as Python the tuples' loop below is the faster one.
            # (the tables are indexed through ``t``, not taken into typed locals: a typed local costs two
            # atomic reference counts per array and call, more than this loop's usual work)
            n = t.size
            nc = t.ncodes
            for c in by:
                k = c * n + cell
                for i in range(t.line_first[k], t.line_first[k + 1]):
                    q = b[t.line_cell[i]]
                    if q:
                        if t.member[t.line_near[i] * nc + q]:
                            return True
                        continue
                    for j in range(t.rest_start[i], t.rest_start[i + 1]):
                        q = b[t.rest[j]]
                        if q:
                            if t.member[t.line_codes[i] * nc + q]:
                                return True
                            break
                for i in range(t.far_first[k], t.far_first[k + 1]):
                    if t.member[t.far_codes[i] * nc + b[t.far_cell[i]]]:
                        return True
        else:
            for c in by:
                for first, near, more, codes in t.attack_lines[c][cell]:
                    q = b[first]
                    if q:
                        if q in near:
                            return True
                        continue
                    for x in more:
                        q = b[x]
                        if q:
                            if q in codes:
                                return True
                            break
                for frm, codes in t.far_leaps[c][cell]:
                    if b[frm] in codes:
                        return True
        if t.special_attacks:
            if TYPED and t.hinged:
                # compiled: the hinged leaps from table_arrays.flat_hinges (a leap whose hinge cells all are missing
                # does not attack)
                n = t.size
                nc = t.ncodes
                for c in by:
                    k = c * n + cell
                    for i in range(t.hinge_first[k], t.hinge_first[k + 1]):
                        if t.hinge_member[t.hinge_codes[i] * nc + b[t.hinge_from[i]]]:
                            for j in range(t.hinge_start[i], t.hinge_start[i + 1]):
                                if b[t.hinge_cells[j]] != HOLE:
                                    return True
                return t.indirect and _attacks.indirect_attack(self, cell, by)
            return (t.hinged and _attacks.hinged_attack(self, cell, by)) or (t.indirect and _attacks.indirect_attack(self, cell, by))
        return False

    def attackers(self, cell: int, by: tuple[int, ...]) -> list[int]:
        """Cells of pieces of colours ``by`` that attack ``cell``."""
        return sorted(self.attack_lines(cell, by))

    def attack_lines(self, cell: int, by: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
        """Each piece of colours ``by`` that attacks ``cell``: its cell -> the cells where a move can stop that
        attack (variants/core/attacks.py)."""
        return _attacks.attack_lines(self, cell, by)

    def king_cell(self, color: int) -> int:
        """The cell of ``color``'s royal piece when check applies to it (exactly one), else -1."""
        roy = self.royals[color]
        if roy.n == 1 and self.rules.single_royal:
            return roy.cells[0]
        return -1

    def king(self, color: int | None = None) -> int | None:
        """The cell of ``color``'s royal piece when check applies to it (exactly one), else None."""
        c = self.turn if color is None else color
        roy = self.royals[c]
        if roy.n == 1 and self.rules.single_royal:
            return roy.cells[0]
        return None

    def in_check(self) -> bool:
        k = self.king()
        return k is not None and self.attacked(k)
