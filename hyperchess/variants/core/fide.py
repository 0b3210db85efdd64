"""Shared helpers for games on flat boards that follow FIDE chess closely."""
from __future__ import annotations

from hyperchess.variants.core.game import Game
from hyperchess.variants.board.geometry import Geometry
from hyperchess.variants.board.notation import FILES, SquareNames
from hyperchess.variants.board.pieces import PieceType
from hyperchess.variants.core.position import Position


class FlatChess(Game):
    """A FIDE-like game on a ``files`` x ``ranks`` board: pawns on ranks 2 and ranks-1, promotion on
    the last rank, castling rules given as (king_to, rook_from, rook_to, letter) per side."""

    files = 8
    ranks = 8
    wrap_files = False           # True: files a and the last file are joined (a cylinder)
    army: tuple[PieceType, ...] = ()
    castlings: tuple[tuple[str, str, str, str, str], ...] = ()   # king_from, king_to, rook_from, rook_to, letter

    def __init__(self) -> None:
        geo = Geometry(self.files, self.ranks, wrap_files=self.wrap_files)
        names = SquareNames(geo)
        super().__init__(geo, names, self.army)
        top = self.ranks - 1
        self.promotion_zone = [frozenset(geo.cell(f, top) for f in range(self.files)),
                               frozenset(geo.cell(f, 0) for f in range(self.files))]
        pawn = self.kind("P")
        self.initial_cells = {(pawn, 0): frozenset(geo.cell(f, 1) for f in range(self.files)),
                              (pawn, 1): frozenset(geo.cell(f, top - 1) for f in range(self.files))}
        for kf, kt, rf, rt, letter in self.castlings:
            self.castling.append(self.castling_rule(0, f"{kf}1", f"{kt}1", f"{rf}1", f"{rt}1", letter.upper()))
        for kf, kt, rf, rt, letter in self.castlings:
            r = self.ranks
            self.castling.append(self.castling_rule(1, f"{kf}{r}", f"{kt}{r}", f"{rf}{r}", f"{rt}{r}",
                                                    letter.lower()))
        self.compile()

    def kind(self, letter: str) -> int:
        """The kind number of the piece with FEN letter ``letter``."""
        for k, p in enumerate(self.pieces):
            if p is not None and p.letter == letter.upper():
                return k
        raise KeyError(letter)

    def insufficient_material(self, pos: Position) -> bool:
        """Neither side can mate (python-chess's rule: lone king, a single knight, or bishops all
        on one colour with no pawns or knights on the board)."""
        return all(self.side_cannot_mate(pos, c) for c in (0, 1))

    def side_cannot_mate(self, pos: Position, color: int) -> bool:
        """One side's part of the rule (read by ``variants.core.material`` when a flag falls)."""
        return cannot_mate(self, pos, color)


def cannot_mate(game: Game, pos: Position, color: int) -> bool:
    """python-chess's rule, read by letters: ``color`` has only its king, or king and one knight against a
    king (and queens), or bishops all on one shade with no pawn or knight on the board."""
    b = pos.board
    letter = [None if p is None else p.letter for p in game.pieces]
    kinds = [letter[game.kind_of[b[c]]] for c in pos.occupied[color]]
    if any(k not in "KNB" for k in kinds):
        return False
    if "N" in kinds:
        other = [letter[game.kind_of[b[c]]] for c in pos.occupied[1 - color]]
        return len(kinds) <= 2 and all(k in "KQ" for k in other)
    if "B" in kinds:
        everything = [b[c] for s in pos.occupied for c in s]
        if any(letter[game.kind_of[p]] in "PN" for p in everything):
            return False
        shades = {sum(game.geometry.coords[c][:2]) % 2
                  for s in pos.occupied for c in s if letter[game.kind_of[b[c]]] == "B"}
        return len(shades) == 1
    return True


def file_letter(f: int) -> str:
    return FILES[f]
