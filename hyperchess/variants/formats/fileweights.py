"""What a variants file tells the search about a game: learned placement tables (``placement``) and the
evaluation's weights (``eval``)."""
from __future__ import annotations

import re
from dataclasses import fields, replace
from typing import Any

from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.board.geometry import Geometry
from hyperchess.variants.core.game import EvalWeights
from hyperchess.variants.formats.gamespec import check_keys


def read_placement(table: Any, where: str, geo: Geometry, army: list) -> dict[str, tuple[int, ...]]:
    """Learned placement tables: letter = "numbers", one a cell laid out like the start position (levels
    top first, each from its top rank down, files left to right; holes left out), from the first
    player's side, in centipawns added to the piece's value."""
    if not isinstance(table, dict):
        raise VariantsFileError(f"{where}: a table of letter = \"numbers, one a cell\"")
    letters = {p.letter for p in army}
    order = [geo.index[(f, r, l)] for l in reversed(range(geo.levels)) for r in reversed(range(geo.ranks))
             for f in range(geo.files) if (f, r, l) in geo.index]
    out = {}
    for letter, text in table.items():
        if letter not in letters:
            raise VariantsFileError(f"{where}.{letter}: no piece {letter!r} in this game")
        words = str(text).split() if isinstance(text, str) else None
        if words is None or len(words) != len(order) or not all(re.fullmatch(r"-?\d{1,5}", w) for w in words):
            raise VariantsFileError(f"{where}.{letter}: {len(order)} whole numbers (centipawns, one a cell) "
                                    f"in a string")
        cells = [0] * len(order)
        for cell, w in zip(order, words):
            cells[cell] = int(w)
        out[letter] = tuple(cells)
    return out


# weights that may pass 1000: an extra move a turn is worth an army (Monster chess, docs/rules/monster.md)
MOST = {"extra_move": 10_000}


def read_eval(table: Any, where: str) -> EvalWeights:
    """The search's weights (``EvalWeights``): name = a whole number from 0 to 1000."""
    if not isinstance(table, dict):
        raise VariantsFileError(f"{where}: a table of the search's weights, e.g. {{ mobility = 0 }}")
    check_weights(table, where)
    return EvalWeights(**table)


def check_weights(table: dict, where: str) -> None:
    """Each key names one of the search's weights, each value a whole number in its range."""
    check_keys(table, {f.name for f in fields(EvalWeights)}, where)
    for key, value in table.items():
        most = MOST.get(key, 1000)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
            raise VariantsFileError(f"{where}.{key}: a whole number from 0 to {most}")


VALUES = "values"        # the key of the values ``hyperchess tune`` writes (docs/variants-file.md)
MOST_VALUE = 100_000     # a piece's value at most, as its own ``value`` key


def read_values(table: Any, where: str, letters: set[str]) -> dict[str, int]:
    """Piece values by letter (``N = 325``, a promoted piece ``"+P" = 500``), each a whole number of
    centipawns from 0 to 100000; they replace the pieces' own ``value``."""
    if not isinstance(table, dict):
        raise VariantsFileError(f"{where}: a table of letter = centipawns, e.g. {{ N = 325, B = 340 }}")
    out = {}
    for letter, value in table.items():
        if letter not in letters and str(letter).upper() not in letters:
            raise VariantsFileError(f"{where}.{letter}: no piece {letter!r} in this game")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MOST_VALUE:
            raise VariantsFileError(f"{where}.{letter}: a whole number from 0 to {MOST_VALUE}")
        out[letter if letter in letters else str(letter).upper()] = value
    return out


def with_values(army: list, values: dict[str, int]) -> list:
    """The pieces of ``army`` with the values ``values`` gives by letter (the others as they are)."""
    return [replace(p, value=values[p.letter]) if p is not None and p.letter in values else p for p in army]
