"""perft: count the leaf nodes of the legal move tree (bulk-counted at the last ply)."""
from __future__ import annotations

from time import sleep

from hyperchess.variants.core.position import Position


def perft(pos: Position, depth: int) -> int:
    """Leaves at ``depth`` plies. A finished node (no legal moves) contributes 0 beyond itself."""
    if depth <= 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    if depth >= 3:
        sleep(0)        # lets other threads run (the compiled loop never gives up the GIL on its own): progress
    for m in moves:
        pos.push(m)
        total += perft(pos, depth - 1)
        pos.pop()
    return total


def divide(pos: Position, depth: int, progress=None) -> list[tuple[str, int]]:
    """Leaves under each root move, as (move name, count), in the order the moves were generated."""
    out = []
    moves = pos.legal_moves()
    for i, m in enumerate(moves):
        name = pos.move_name(m)
        pos.push(m)
        out.append((name, perft(pos, depth - 1)))
        pos.pop()
        if progress:
            progress(i + 1, len(moves), name)
    return out
