"""How a game ended: ``Outcome``, the result with its reason and PGN's termination word."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``result`` is ``1-0``, ``0-1`` or ``1/2-1/2``; ``reason`` is human text."""
    result: str
    reason: str
    termination: str     # checkmate, stalemate, insufficient, fifty, repetition, or a game's own word

    def __str__(self) -> str:
        return f"{self.result} {{{self.reason}}}"


_PLURAL = {"has": "have", "is": "are"}


def said_of(subject: str, what: str) -> str:
    """``subject`` and ``what`` it did, its first verb agreeing: "Black has lost", "Blue and Green have lost"."""
    if " and " in subject:
        head, _, rest = what.partition(" ")
        what = f"{_PLURAL.get(head, head)} {rest}".rstrip()
    return f"{subject} {what}"
