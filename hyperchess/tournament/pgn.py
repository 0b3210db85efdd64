"""PGN game records for every game: write from a match record, read back, and replay through the rules.

Tags: the seven-tag roster (``White``/``Black``, plus ``Gold``/``Silver`` for four players), ``Variant``,
``FEN``/``SetUp`` (our position string of the start), ``TimeControl``, ``Termination``, ``PlyCount``.
The movetext is in the game's native notation; each engine move carries ``{score/depth time [%clk]}``
(``score_text``: pawns, or ``+M3``/``-M3`` for a mate in moves), opening moves ``{book}``; the reason the game ended is the last comment.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator

from hyperchess.variants import DEFAULT_GAME, FenError, MoveError, UnknownVariant, get_game
from hyperchess.variants.notation import UnknownSquare

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
             ("TimeControl", " / ".join(dict.fromkeys(rec.get("tc", [])))),
             ("Termination", rec["termination"]), ("PlyCount", len(rec["moves"]))]
    pos = game.position(rec["fen"])
    return tag_block(tags) + "\n\n" + movetext(pos, rec["moves"], rec["result"], rec["comments"],
                                                rec.get("reason")) + "\n\n"


def tag_block(tags: list[tuple[str, object]]) -> str:
    """PGN tag pairs, one a line, quotes and backslashes escaped."""
    return "\n".join(_tag(k, v) for k, v in tags)


def clk(seconds: float, decimals: int = 3) -> str:
    """A clock for a ``[%clk H:MM:SS.sss]`` comment (``decimals`` places of seconds)."""
    h, rest = divmod(max(0.0, seconds), 3600)
    m, sec = divmod(rest, 60)
    return f"{int(h)}:{int(m):02d}:{sec:0{3 + decimals}.{decimals}f}"


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


@dataclass
class PgnGame:
    number: int                # 1-based position in the file
    line: int                  # line of its first tag
    tags: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    result: str | None = None


_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_TOKEN = re.compile(r"\{[^}]*\}?|;[^\n]*|\(|\)|\$\d+|[^\s{}();]+")
_NUMBER = re.compile(r"^\d+\.+$")
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


def read_pgn(text: str) -> Iterator[PgnGame]:
    """The games of a PGN text (tags, movetext tokens, result). Variations and NAGs are skipped."""
    lines = text.splitlines()
    i, number = 0, 0
    while i < len(lines):
        if not lines[i].strip() or lines[i].startswith("%"):
            i += 1
            continue
        number += 1
        g = PgnGame(number, i + 1)
        while i < len(lines) and lines[i].startswith("["):
            m = _TAG.match(lines[i].strip())
            if m:
                g.tags[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
            i += 1
        body = []
        while i < len(lines) and not lines[i].startswith("["):
            body.append(lines[i])
            i += 1
        depth = 0
        for tok in _TOKEN.findall("\n".join(body)):
            if tok == "(":
                depth += 1
            elif tok == ")":
                depth = max(0, depth - 1)
            elif depth or tok.startswith(("{", ";", "$")) or _NUMBER.match(tok):
                continue
            elif tok in _RESULTS:
                g.result = tok
            else:
                m = re.match(r"^\d+\.+(.+)$", tok)      # "1.e2e4" written without a space
                g.moves.append(m.group(1) if m else tok.rstrip("+#!?"))
        yield g


@dataclass
class CheckReport:
    games: int
    plies: int
    error: str | None = None     # the first problem, one line


def check_pgn(text: str) -> CheckReport:
    """Replay every game through the rules; stop at the first bad move, tag or result."""
    games = plies = 0
    for g in read_pgn(text):
        games += 1
        where = f"game {g.number} (line {g.line}"
        if "White" in g.tags:
            where += f", {g.tags.get('White')} vs {g.tags.get('Black')}"
        where += ")"
        variant = g.tags.get("Variant", DEFAULT_GAME).lower()
        variant = DEFAULT_GAME if variant in ("standard", "chess") else variant
        try:
            game = get_game(variant)
        except UnknownVariant as exc:
            return CheckReport(games, plies, f"{where}: {exc}")
        try:
            pos = game.position(g.tags.get("FEN"))
        except (FenError, UnknownSquare) as exc:
            return CheckReport(games, plies, f"{where}: bad FEN: {exc}")
        for ply, text_move in enumerate(g.moves, 1):
            outcome = pos.outcome()
            if outcome is not None:
                return CheckReport(games, plies, f"{where}, ply {ply}: move {text_move} after the game ended "
                                                 f"({outcome})")
            try:
                move = pos.parse_move(text_move)
            except (MoveError, UnknownSquare) as exc:
                return CheckReport(games, plies, f"{where}, ply {ply}: {exc}")
            pos.push(move)
            plies += 1
        result = g.tags.get("Result", g.result)
        if g.result is not None and result != g.result:
            return CheckReport(games, plies, f"{where}: Result tag {result} but movetext ends {g.result}")
        outcome = pos.outcome()
        if outcome is not None and result != outcome.result:
            return CheckReport(games, plies, f"{where}: result {result}, but the final position is {outcome}")
        if "PlyCount" in g.tags and g.tags["PlyCount"] != str(len(g.moves)):
            return CheckReport(games, plies, f"{where}: PlyCount {g.tags['PlyCount']} but {len(g.moves)} moves")
    return CheckReport(games, plies)
