"""The move list and analysis line as the page shows them: SAN in flat games (as the PGN writes them,
``variants/core/san.py``), None in games with levels (the page shows the native names it already has)."""
from __future__ import annotations

from hyperchess.variants.core.san import flat


def san_list(pos, names: list[str]) -> list[str] | None:
    """``names`` (native notation) played from ``pos`` (not changed), each in SAN; None when the game has no SAN."""
    if not flat(pos.game):
        return None
    p = pos.copy()
    out = []
    for name in names:
        move = p.parse_move(name)
        out.append(p.san(move))
        p.push(move)
    return out
