"""Reading PGN as its standard tokenizes it, and replaying every game through the rules (``pgn check``).

The tokens (PGN standard, 1994, sections 6-8): a ``%`` in a line's first column hides that line; a brace
comment ``{...}`` runs to the first ``}`` whatever it holds (a ``[`` or ``;`` in it, even at a line's start,
is text); a ``;`` comment runs to the end of its line; ``[Name "value"]`` is a tag pair (``\\"`` and ``\\\\``
escaped); ``(`` and ``)`` open and close a variation (recursive); ``$N`` is a NAG and ``!``, ``?``, ``!!``,
``??``, ``!?``, ``?!`` (alone or after a move) are the suffix annotations; ``1.`` and ``1...`` are move
numbers; ``1-0``, ``0-1``, ``1/2-1/2`` and ``*`` end a game. Every other token is a move: SAN, long algebraic
(``Ng1-f3``, ``e2-e4``), coordinates or a game's native notation, ``e.p.`` after an en-passant capture, and the
null move ``--`` (also ``Z0``, ``0000``, ``@@@@``), as python-chess reads them. A game is its tag pairs and
its movetext up to the result; a tag pair after movetext starts the next game even when the result is missing.

``check_pgn`` holds a game to what ends a game by itself (``Position.outcome(claim_draw=False)``): mate,
stalemate, a dead position, and for a game whose draws are claimed (FIDE 9.2, 9.3; orthodox chess) only
the fivefold repetition and the 75-move rule (FIDE 9.6); a game whose rules make the n-move or repetition
draw automatic ends there. Variations are checked too: each is played from the position before the move
it replaces.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Iterator

from hyperchess.variants import DEFAULT_GAME, FenError, MoveError, UnknownVariant, get_game
from hyperchess.variants.board.notation import UnknownSquare

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
NULL_MOVES = ("--", "Z0", "0000", "@@@@")
# lichess names for orthodox chess ("From Position": orthodox chess from the FEN tag)
ORTHODOX_NAMES = ("standard", "chess", "from position")

_SPACE = re.compile(r"\s+")
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_SYMBOL = re.compile(r'[^\s{}()\[\];"]+')
_NUMBER = re.compile(r"\d+\.*")                   # a move number: 1. 1... (a bare 12 too)
_NUMBERED = re.compile(r"(\d+)\.+(?=\S)")         # 1.e4 written without a space
_SUFFIX = re.compile(r"(?:e\.p\.|[!?+#]+)$")       # e.p., check, mate and !? glued to a move
_ANNOTATION = re.compile(r"[!?]{1,2}|e\.p\.")


@dataclass
class Line:
    """Moves in order, and the variations: ``(i, line)`` replaces ``moves[i]`` (played from the position
    before it)."""
    moves: list[str] = field(default_factory=list)
    variations: list[tuple[int, "Line"]] = field(default_factory=list)
    # moves[i] was written with a "+" the reader took for a check mark: the text with it (a move whose own name
    # ends in "+", such as Fairy-Stockfish's piece promotion g3g4+, is tried that way first)
    marked: dict[int, str] = field(default_factory=dict)


@dataclass
class PgnGame:
    number: int                # 1-based position in the file
    line: int                  # line of its first token
    tags: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)          # the main line (``main.moves``)
    result: str | None = None
    variations: list[tuple[int, Line]] = field(default_factory=list)
    marked: dict[int, str] = field(default_factory=dict)      # the main line's ``Line.marked``
    problem: str | None = None   # the first thing the reader could not read (one line)


def _tokens(text: str) -> Iterator[tuple[str, str, int, str]]:
    """(kind, text, offset, tag value) for each token; kinds: tag, comment, open, close, symbol, bad."""
    i, n = 0, len(text)
    while i < n:
        m = _SPACE.match(text, i)
        if m:
            i = m.end()
            continue
        c = text[i]
        if c == "%" and (i == 0 or text[i - 1] == "\n"):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c == ";":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c == "{":
            end = text.find("}", i + 1)
            if end < 0:
                yield "bad", "a comment { that never closes", i, ""
                return
            yield "comment", text[i + 1:end], i, ""
            i = end + 1
        elif c == "[":
            m = _TAG.match(text, i)
            if m:
                yield "tag", m.group(1), i, re.sub(r"\\(.)", r"\1", m.group(2))
                i = m.end()
            else:
                end = text.find("\n", i)
                end = n if end < 0 else end
                yield "bad", f"not a tag pair: {text[i:min(end, i + 60)]!r}", i, ""     # quoted: a NEL or NUL stays in one line
                i = end
        elif c in "()":
            yield ("open" if c == "(" else "close"), c, i, ""
            i += 1
        elif c in ']}"':
            yield "bad", f"a stray {c}", i, ""
            i += 1
        else:
            m = _SYMBOL.match(text, i)
            yield "symbol", m.group(), i, ""   # type: ignore[union-attr]
            i = m.end()                         # type: ignore[union-attr]


def _move_text(token: str) -> str | None:
    """The move a symbol token names (None: a move number, NAG or annotation)."""
    if token in NULL_MOVES:
        return token
    if token.startswith("$") or _ANNOTATION.fullmatch(token) or _NUMBER.fullmatch(token):
        return None
    token = _NUMBERED.sub("", token, count=1)
    while True:
        stripped = _SUFFIX.sub("", token)
        if stripped == token:
            return token or None
        token = stripped


def read_pgn(text: str) -> Iterator[PgnGame]:
    """The games of a PGN text: tags, the main line and its variations, the result (see the module's
    docstring for the tokens)."""
    newlines = [i for i, c in enumerate(text) if c == "\n"]
    game: PgnGame | None = None
    lines: list[Line] = []
    in_movetext = ended = False
    number = 0

    def begin(offset: int) -> PgnGame:
        nonlocal number, in_movetext, ended, lines
        number += 1
        in_movetext = ended = False
        g = PgnGame(number, bisect.bisect_left(newlines, offset) + 1)
        lines = [Line(g.moves, g.variations, g.marked)]
        return g

    def note(g: PgnGame, problem: str, offset: int) -> None:
        if g.problem is None:
            g.problem = f"line {bisect.bisect_left(newlines, offset) + 1}: {problem}"

    for kind, token, offset, value in _tokens(text):
        if kind == "comment":
            continue
        if game is None or ended or (kind == "tag" and in_movetext):
            if game is not None:
                if len(lines) > 1:
                    note(game, "a variation ( that never closes", offset)
                yield game
            game = begin(offset)
        if kind == "tag":
            game.tags[token] = value
            continue
        in_movetext = True
        if kind == "bad":
            note(game, token, offset)
        elif kind == "open":
            if not lines[-1].moves:
                note(game, "a variation ( before any move", offset)
            variation = Line()
            lines[-1].variations.append((max(0, len(lines[-1].moves) - 1), variation))
            lines.append(variation)
        elif kind == "close":
            if len(lines) == 1:
                note(game, "a ) that closes no variation", offset)
            else:
                lines.pop()
        elif token in RESULTS:
            if len(lines) == 1:
                game.result = token
                ended = True
        else:
            move = _move_text(token)
            if move is not None:
                plus = _NUMBERED.sub("", token, count=1).rstrip("#!?")
                if plus.endswith("+") and plus != move:
                    lines[-1].marked[len(lines[-1].moves)] = plus
                lines[-1].moves.append(move)
    if game is not None:
        if len(lines) > 1:
            note(game, "a variation ( that never closes", len(text))
        yield game


@dataclass
class CheckReport:
    games: int
    plies: int
    error: str | None = None     # the first problem, one line


def game_of(tags: dict[str, str]):
    """The game a PGN plays (its Variant tag; orthodox chess without one). Raises UnknownVariant."""
    variant = tags.get("Variant", DEFAULT_GAME).lower()
    return get_game(DEFAULT_GAME if variant in ORTHODOX_NAMES else variant)


def _replay(pos, line: Line, first_ply: int) -> tuple[int, str | None]:
    """Play ``line`` (and, from copies, its variations) on ``pos``: (plies of the line played, the first
    error). A move after an automatic end of the game is an error."""
    pending = [(pos, line, first_ply, True)]
    played = 0
    while pending:
        pos, line, ply, main = pending.pop()
        at = {}
        for index, variation in line.variations:
            at.setdefault(index, []).append(variation)
        for i, text_move in enumerate(line.moves):
            where = f"ply {ply + i}" + ("" if main else " of a variation")
            for variation in at.get(i, ()):
                pending.append((pos.copy(), variation, ply + i, False))
            outcome = pos.outcome(claim_draw=False)
            if outcome is not None:
                return played, f"{where}: move {text_move} after the game ended ({outcome})"
            if text_move in NULL_MOVES:
                if pos.in_check():
                    return played, f"{where}: a null move {text_move} in check"
                pos.push_null()
            else:
                try:
                    pos.push(_parse(pos, text_move, line.marked.get(i)))
                except (MoveError, UnknownSquare) as exc:
                    return played, f"{where}: {exc}"
            played += main
    return played, None


def _parse(pos, text_move: str, marked: str | None):
    """The move of ``text_move``; a move written with a "+" is read with it first (see ``Line.marked``)."""
    if marked is not None:
        try:
            return pos.parse_move(marked)
        except (MoveError, UnknownSquare):
            pass
    return pos.parse_move(text_move)


def check_pgn(text: str) -> CheckReport:
    """Replay every game through the rules; stop at the first unreadable token, bad move, tag or result."""
    games = plies = 0
    for g in read_pgn(text):
        games += 1
        where = f"game {g.number} (line {g.line}"
        if "White" in g.tags:
            where += f", {g.tags.get('White')} vs {g.tags.get('Black')}"
        where += ")"
        if g.problem:
            return CheckReport(games, plies, f"{where}: {g.problem}")
        try:
            game = game_of(g.tags)
        except UnknownVariant as exc:
            return CheckReport(games, plies, f"{where}: {exc}")
        try:
            pos = game.position(g.tags.get("FEN"))
        except (FenError, UnknownSquare) as exc:
            return CheckReport(games, plies, f"{where}: bad FEN: {exc}")
        played, error = _replay(pos, Line(g.moves, g.variations, g.marked), 1)
        plies += played
        if error:
            return CheckReport(games, plies, f"{where}, {error}")
        result = g.tags.get("Result", g.result)
        if g.result is not None and result != g.result:
            return CheckReport(games, plies, f"{where}: Result tag {result} but movetext ends {g.result}")
        outcome = pos.outcome(claim_draw=False)
        if outcome is not None and result != outcome.result:
            return CheckReport(games, plies, f"{where}: result {result}, but the final position is {outcome}")
        if "PlyCount" in g.tags and g.tags["PlyCount"] != str(len(g.moves)):
            return CheckReport(games, plies, f"{where}: PlyCount {g.tags['PlyCount']} but {len(g.moves)} moves")
    return CheckReport(games, plies)
