"""``hyperchess show --svg``: the picture of a loaded position written to a file."""
from __future__ import annotations

import sys
from typing import Callable

from hyperchess.pictures.svg import render_svg


def write_svg(pos, path: str, *, lastmove: bool, flip: bool, fail: Callable[[str], None],
              letters: bool = False) -> None:
    """Write ``pos`` as SVG to ``path`` ('-' = stdout); ``lastmove`` highlights the last move played;
    ``letters``: the pieces' Latin letters instead of their characters."""
    move = None
    if lastmove:
        if pos.last_move is None:
            fail("--lastmove: no move has been played (give the moves with --moves)")
        move = pos.last_move
    text = render_svg(pos, lastmove=move, flipped=flip, latin=letters)
    if path == "-":
        sys.stdout.write(text + "\n")
        return
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")
