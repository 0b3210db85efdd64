"""A game of a variants file as plain data (:class:`GameSpec`, which pickles: a match ships it to its workers),
and what every part of reading a game's table shares: the bounds of a side, and the checks of its keys and of
one whole number or named value, each mistake one :class:`VariantsFileError` line."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from hyperchess.variants.board.errors import VariantsFileError

PLACEMENT = "placement"    # the key of learned placement tables (also Fairy-Stockfish's name of a game)
MAX_SIDE = 64             # files, ranks or levels


@dataclass(frozen=True)
class GameSpec:
    """One game of a variants file, checked: its name, its table (after ``extends``), and the file's text."""
    name: str
    table: dict[str, Any] = field(hash=False)
    source: str = ""                    # the whole file's text (a match ships it to its workers)
    origin: str = ""                    # the file's name
    shipped: bool = False               # one of the files in the package


def suggest(key: str, known: set[str]) -> str:
    """A hint, " (did you mean 'x'?)", naming the known name closest to ``key``; else nothing."""
    close = difflib.get_close_matches(key, sorted(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def check_keys(table: dict, known: set[str], where: str) -> None:
    """Every key of ``table`` is one of ``known``."""
    for key in table:
        if key not in known:
            raise VariantsFileError(f"{where}.{key}: unknown key{suggest(key, known)}")


def read_int(table: dict, key: str, where: str, default: int, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``."""
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise VariantsFileError(f"{where}.{key}: a whole number from {low} to {high}, got {value!r}")
    return value


def read_choice(table: dict, key: str, where: str, choices: dict[str, str]) -> str:
    """A key with a few named values; the first is the default."""
    value = table.get(key, next(iter(choices)))
    if value not in choices:
        raise VariantsFileError(f"{where}.{key}: one of {', '.join(repr(c) for c in choices)}, got {value!r}"
                                f"{suggest(str(value), set(choices))}")
    return value
