"""PGN game records for every game: write from a match record, read back, and replay through the rules.

Tags: the seven-tag roster (``White``/``Black``, plus ``Gold``/``Silver`` for four players), ``Variant``,
``FEN``/``SetUp`` (our position string of the start), ``TimeControl``, ``Termination``, ``PlyCount``.
The movetext is in the game's native notation; each engine move carries ``{score/depth time [%clk]}``
(``score_text``: pawns, or ``+M3``/``-M3`` for a mate in moves), opening moves ``{book}``; the reason the game ended is the last comment.
"""
from __future__ import annotations

from hyperchess.variants import get_game

from .spec import pgn_time_control

# the reader and checker live in pgnreader.py; these names stay importable from here
from .pgnreader import CheckReport, PgnGame, check_pgn, read_pgn  # noqa: F401

NORMAL_TERMINATION = "normal"     # PGN's Termination value for a game ended by the rules (not a game's name)

MATE_SCORE = 100000   # CECP thinking output: 100000 + N = mate in N moves, -100000 - N = mated in N


def score_text(score: int) -> str:
    """A thinking-output score as a PGN comment shows it: pawns (``+0.35``), or a mate in moves as
    cutechess writes it (``+M3``: the mover mates in 3; ``-M2``: it is mated in 2)."""
    if abs(score) >= MATE_SCORE:
        return ("+" if score > 0 else "-") + f"M{abs(score) - MATE_SCORE}"
    return f"{score / 100:+.2f}"


def _tag(name: str, value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def seat_tags(game, players: list[str]) -> list[tuple[str, str]]:
    """One tag per seat, named by the seat's colour in turn order (``White``, ``Black``, then ``Gold`` and
    ``Silver`` in a four-player game), with the name of the player in that seat."""
    return [(game.color_names[i].capitalize(), name) for i, name in enumerate(players)]


def record_to_pgn(rec: dict, site: str = "?") -> str:
    game = get_game(rec["variant"])
    tags = [("Event", rec.get("event", "?")), ("Site", site), ("Date", rec.get("date", "????.??.??")),
            ("Round", f"{rec.get('round', 1)}.{rec['index'] + 1}")]
    tags += seat_tags(game, rec["players"])
    tags.append(("Result", rec["result"]))
    tags += [("Variant", rec["variant"]), ("FEN", rec["fen"]), ("SetUp", "1"),
             *time_control_tags(game, rec.get("tc", [])),
             ("Termination", rec["termination"]), ("PlyCount", len(rec["moves"]))]
    pos = game.position(rec["fen"])
    return tag_block(tags) + "\n\n" + movetext(pos, rec["moves"], rec["result"], rec["comments"],
                                                rec.get("reason")) + "\n\n"


def time_control_tags(game, limits: list[str]) -> list[tuple[str, str]]:
    """``TimeControl`` in the PGN standard's form (``spec.pgn_time_control``; ``?`` when the seats differ
    or it cannot be written), and, when that does not say everything, each seat's own limits as the match
    runner describes them (``WhiteTimeControl "depth=3"``, as cutechess names per-side controls)."""
    standard = {pgn_time_control(text) for text in limits}
    tags = [("TimeControl", standard.pop() if len(standard) == 1 else "?")]
    if any(pgn_time_control(text) != text for text in limits) or len(set(limits)) > 1:
        tags += [(game.color_names[i].capitalize() + "TimeControl", text) for i, text in enumerate(limits)]
    return tags


def tag_block(tags: list[tuple[str, object]]) -> str:
    """PGN tag pairs, one a line, quotes and backslashes escaped."""
    return "\n".join(_tag(k, v) for k, v in tags)


def clk(seconds: float, decimals: int = 3) -> str:
    """A clock for a ``[%clk H:MM:SS.sss]`` comment (``decimals`` places of seconds), rounded once as a
    whole (59.96 s at one place is ``0:01:00.0``, never ``0:00:60.0``)."""
    unit = 10 ** decimals
    h, rest = divmod(round(max(0.0, seconds) * unit), 3600 * unit)
    m, sec = divmod(rest, 60 * unit)
    whole, part = divmod(sec, unit)
    return f"{h}:{m:02d}:{whole:02d}" + (f".{part:0{decimals}d}" if decimals else "")


def movetext(pos, moves: list[str], result: str, comments: list[str] | None = None,
             closing: str | None = None) -> str:
    """PGN movetext from ``pos`` (played on): a move number per round of all players (``N...`` when the
    first move is not White's), each move (given in native notation) written in SAN in a flat game and in
    native notation in a game with levels (docs/match.md), with its comment, a closing comment, the
    result; wrapped at 80 columns."""
    tokens = []
    for i, move in enumerate(moves):
        if pos.turn == 0 or i == 0:
            tokens.append(f"{pos.fullmove}." if pos.turn == 0 else f"{pos.fullmove}...")
        played = pos.parse_move(move)
        tokens.append(pos.san(played))
        if comments and i < len(comments) and comments[i]:
            tokens.append("{" + comments[i].replace("}", ")") + "}")
        pos.push(played)
    if closing:
        tokens.append("{" + closing.replace("}", ")") + "}")
    tokens.append(result)
    lines, line = [], ""
    for tok in tokens:
        if line and len(line) + 1 + len(tok) > 79:
            lines.append(line)
            line = tok
        else:
            line = f"{line} {tok}" if line else tok
    lines.append(line)
    return "\n".join(lines)
