"""Regions of the board as data (docs/variants-file.md, "Regions"): the cells a piece may move to
(Fairy-Stockfish's ``mobilityRegion``: a palace, one side of a river) and the cells a move starts from (the
soldier's sideways step once across the river), and the cells a move ends on (a palace's diagonal lines),
one set of cells a player.

A region is written as a list of squares and boxes: ``"e4"`` one square, ``"d1:f3"`` every cell between two
corners (on a board with levels, every level between too). Squares are the game's own names, so a region
means the same on levels, on wrapped boards and with holes (a box leaves out the holes inside it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.errors import VariantsFileError

if TYPE_CHECKING:
    from hyperchess.variants.core.game import Game

MAX_ITEMS = 4096          # squares and boxes in one player's list


def cells_of(game: "Game", items: Any, where: str) -> frozenset[int]:
    """The cells of one player's list of squares and boxes."""
    if not isinstance(items, list) or len(items) > MAX_ITEMS or not all(isinstance(x, str) for x in items):
        raise VariantsFileError(f"{where}: a list of squares and boxes (\"e4\", \"d1:f3\"), at most {MAX_ITEMS}")
    g = game.geometry
    out: set[int] = set()
    for item in items:
        ends = item.split(":")
        if len(ends) > 2:
            raise VariantsFileError(f"{where}: {item!r} is not a square or a box \"a1:c3\"")
        try:
            corners = [g.coords[game.names.parse(e.strip())] for e in ends]
        except ValueError:
            raise VariantsFileError(f"{where}: {item!r} names no square of this board") from None
        low = [min(c[i] for c in corners) for i in range(3)]
        high = [max(c[i] for c in corners) for i in range(3)]
        out.update(cell for cell, (f, r, l) in enumerate(g.coords)
                   if low[0] <= f <= high[0] and low[1] <= r <= high[1] and low[2] <= l <= high[2])
    return frozenset(out)


def per_player(game: "Game", value: Any, where: str) -> list[frozenset[int]]:
    """One region a player: ``[[White's squares and boxes], [Black's ...]]``."""
    if not isinstance(value, list) or len(value) != game.players:
        raise VariantsFileError(f"{where}: one list of squares and boxes a player, e.g. [[\"d1:f3\"], [\"d8:f10\"]]")
    return [cells_of(game, items, f"{where}[{i}]") for i, items in enumerate(value)]


def set_regions(game: "Game", pieces: dict[str, Any], origins: dict[str, list[tuple[int, str, Any]]],
                where: str) -> None:
    """The pieces' ``region`` keys into ``game.regions`` and their moves' ``from`` and ``to`` keys (``origins``:
    letter -> (index of the move among the piece's moves, "from" or "to", the value)) into ``game.origins`` and
    ``game.destinations``."""
    kind = {p.letter: k for k, p in enumerate(game.pieces) if p is not None}
    for letter, table in pieces.items():
        if isinstance(table, dict) and "region" in table:
            for color, cells in enumerate(per_player(game, table["region"], f"{where}.{letter}.region")):
                game.regions[(kind[letter.upper()], color)] = cells
    for letter, items in origins.items():
        for index, key, value in items:
            target = game.origins if key == "from" else game.destinations
            for color, cells in enumerate(per_player(game, value, f"{where}.{letter}.moves[{index}].{key}")):
                target[(kind[letter.upper()], color, index)] = cells
