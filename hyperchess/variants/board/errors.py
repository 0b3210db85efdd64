"""The one-line errors of the rules layer: a position string or a move that cannot be read or played, a
variants file that cannot be played."""
from __future__ import annotations


class FenError(ValueError):
    """A position string that cannot be read; the message is one line saying why."""


class MoveError(ValueError):
    """A move that cannot be played; the message is one line saying why."""


class VariantsFileError(ValueError):
    """A variants file that cannot be played; the message is one line: the file, the key path, why."""
