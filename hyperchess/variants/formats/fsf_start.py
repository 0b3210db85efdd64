"""Fairy-Stockfish's start position (``startFen``) and castlings in hyperchess's form: the position string's
fields as hyperchess reads them, and each castling as the variants file writes it (king, rook and their
squares), found as FSF finds them."""
from __future__ import annotations

import re

from hyperchess.variants.formats.fsf_model import NotPlayable, type_of

CHECKS_LEFT = re.compile(r"^\d+\+\d+$")        # n-check's checks left in a position string: "3+3"


def start_position(model: dict, files: int, ranks: int, missing: dict) -> tuple[str, list]:
    """The start position in hyperchess's form (six fields, no holdings) and White's castlings."""
    board, turn, rights, ep, half, full = position_fields(model["startFen"])
    rows = board.split("/")
    grid = []
    for row in reversed(rows):                  # rank 1 first
        cells: list[str] = []
        num = ""
        for ch in row + "/":                    # "/": the row's end, closing a last run of empties
            if ch == "+":                       # a promoted piece: "+" and its letter fill one cell
                continue
            if "0" <= ch <= "9":                # ASCII digits only, as FSF counts (not "²")
                num += ch
                continue
            if num:
                if len(num) > 3 or len(cells) + int(num) > files:
                    raise NotPlayable(f"startFen: a row of more than {files} files")
                cells += [""] * int(num)
                num = ""
            if ch not in "/+~":                 # FSF's promoted-piece marks take no cell
                cells.append(ch)
        grid.append(cells)
    castling: list[dict] = []
    kept = ""
    if model["castling"] and rights != "-":
        rank = model["castlingRank"] - 1
        for letter in "KQ":
            if letter not in rights and letter.lower() not in rights:
                continue
            # White's castling as the variants file writes it, found on Black's side when only Black may castle
            black = letter not in rights
            cas = _castling(model, grid, rank, files, letter == "K", black)
            if cas is None:
                missing.setdefault("chess960", []).append(f"startFen castling {letter}")
                continue
            castling.append(cas)
            kept += (letter if not black else "") + (letter.lower() if letter.lower() in rights else "")
        if any(ch not in "KQkq" for ch in rights) and not model["gating"]:
            missing.setdefault("chess960", []).append("startFen (castling by file)")
    order = "".join(ch for ch in "KQkq" if ch in kept) or "-"
    if model["gating"] and rights != "-":       # the file letters are gates (variants/rules/gating.py): kept as FSF has them
        order = "".join(ch for ch in rights if ch not in "KQkq" or ch in kept) or "-"
    return f"{board} {turn} {order} {ep} {half} {full}", castling


def position_fields(fen: str) -> tuple[str, str, str, str, str, str]:
    """An FSF position string's fields as hyperchess reads them: board (holdings dropped), side, castling,
    en passant, the two clocks (FSF leaves out castling and en passant in games without them)."""
    fields = fen.split()
    board = fields[0].split("[")[0]
    turn = fields[1] if len(fields) > 1 else "w"
    rest = fields[2:]
    clocks = [f for f in rest if f.isascii() and f.isdigit()]
    words = [f for f in rest if f not in clocks and "+" not in f]
    rights = words[0] if words else "-"
    ep = words[1] if len(words) > 1 else "-"
    clocks = clocks[-2:] if len(clocks) >= 2 else ["0", "1"]
    return board, turn, rights, ep, clocks[0], clocks[1]


def hyperchess_fen(fen: str) -> str:
    """An FSF position string in hyperchess's six fields (and n-check's checks left, ``3+3``, before the
    clocks, as FSF writes them)."""
    fields = position_fields(fen)
    counters = [f for f in fen.split()[2:] if CHECKS_LEFT.match(f)]
    return " ".join(fields[:4] + tuple(counters[:1]) + fields[4:])


def _castling(model: dict, grid: list[list[str]], rank: int, files: int, kingside: bool,
              black: bool = False) -> dict | None:
    """White's castling on one side as FSF finds it (src/position.cpp, ``set``): the castling king on the
    castling rank, the first castling rook from the given file inwards (``black``: found on Black's castling
    rank, for a side White cannot castle on)."""
    row = (grid[len(grid) - 1 - rank] if black else grid[rank]) if rank < len(grid) else []
    row = [ch.swapcase() for ch in row] if black else row
    color = "Black" if black else "White"
    king_pt = model[f"castlingKingPiece{color}"]
    rooks = model[f"castlingRookPieces{color}"]
    kings = [f for f, ch in enumerate(row) if ch.isupper() and type_of(model, ch) == king_pt]
    if len(kings) != 1:
        return None
    kf = kings[0]
    f = min(model["castlingRookKingsideFile"], files) - 1 if kingside else model["castlingRookQueensideFile"] - 1
    step = -1 if kingside else 1
    while 0 <= f < files and not (row[f].isupper() and type_of(model, row[f]) in rooks):
        f += step
    if not 0 <= f < files or (f > kf) != kingside:
        return None
    kto = (model["castlingKingsideFile"] if kingside else model["castlingQueensideFile"]) - 1
    rto = kto - 1 if kingside else kto + 1
    r = rank + 1
    letter = chr(65 + f) if model["chess960"] else "K" if kingside else "Q"    # Shredder-FEN's rook files in 960
    return {"king": f"{chr(97 + kf)}{r}", "to": f"{chr(97 + kto)}{r}", "rook": f"{chr(97 + f)}{r}",
            "rook_to": f"{chr(97 + rto)}{r}", "letter": letter}


def dropped_castlings(model: dict, files: int) -> list[dict]:
    """White's castlings of a game whose kings and rooks are dropped (``castlingDroppedPiece``): the king on
    ``castlingKingFile`` of the castling rank, the rooks on its first and last files (src/position.cpp,
    ``do_move``)."""
    r = model["castlingRank"]
    king = f"{chr(96 + model['castlingKingFile'])}{r}"
    out = []
    for kingside in (True, False):
        kto = (model["castlingKingsideFile"] if kingside else model["castlingQueensideFile"]) - 1
        rook = files - 1 if kingside else 0
        rto = kto - 1 if kingside else kto + 1
        out.append({"king": king, "to": f"{chr(97 + kto)}{r}", "rook": f"{chr(97 + rook)}{r}",
                    "rook_to": f"{chr(97 + rto)}{r}", "letter": "K" if kingside else "Q"})
    return out

