"""The players of a variants file: their names and position-string letters in turn order, the way each one's
pieces face (side, forward and up: a pawn's forward, and the turn of a piece whose moves differ between the
players), and their teams."""
from __future__ import annotations

from typing import Any

from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.formats.gamespec import check_keys

PLAYER_KEYS = {"name", "letter", "forward", "up", "team", "side"}
DEFAULT_PLAYERS = [{"name": "white", "letter": "w", "forward": [0, 1, 0], "team": 1},
                   {"name": "black", "letter": "b", "forward": [0, -1, 0], "team": 2}]
Vector = tuple[int, int, int]
Basis = tuple[Vector, Vector, Vector]          # (side, forward, up)


def read_players(players: Any, where: str) -> tuple[tuple[str, ...], tuple[str, ...], list[Basis], tuple[int, ...]]:
    """The colours in turn order: their names, position-string letters, (side, forward, up) and teams (0, 1)."""
    if not isinstance(players, list) or len(players) not in (2, 4):
        raise VariantsFileError(f"{where}: a list of 2 or 4 players, e.g. [{{ name = \"white\", letter = \"w\", "
                                f"forward = [0, 1, 0] }}, ...]")
    names, letters, teams = [], [], []
    basis: list[Basis] = []
    for i, player in enumerate(players):
        at = f"{where}[{i}]"
        if not isinstance(player, dict):
            raise VariantsFileError(f"{at}: a player is a table {{ name, letter, forward, up, team }}")
        check_keys(player, PLAYER_KEYS, at)
        default = DEFAULT_PLAYERS[i % 2]
        name = player.get("name", default["name"] if len(players) == 2 else f"player{i + 1}")
        letter = player.get("letter", str(name)[:1])
        if not isinstance(name, str) or not name.isalpha() or not isinstance(letter, str) \
                or len(letter) != 1 or not letter.islower():
            raise VariantsFileError(f"{at}: a name of letters and a one-letter lower-case 'letter'")
        forward = _unit(player.get("forward", default["forward"]), f"{at}.forward")
        up = _unit(player.get("up", [0, 0, 1]), f"{at}.up")
        if _dot(forward, up):
            raise VariantsFileError(f"{at}: 'forward' and 'up' must lie along different axes")
        side = next(v for v in ((1, 0, 0), (0, 1, 0), (0, 0, 1)) if _dot(v, forward) == 0 and _dot(v, up) == 0)
        if "side" in player:                 # its right hand: [-1, 0, 0] turns Black's moves half round
            side = _unit(player["side"], f"{at}.side")   # (Fairy-Stockfish) instead of mirroring them
            if _dot(side, forward) or _dot(side, up):
                raise VariantsFileError(f"{at}.side: along the axis that is neither 'forward' nor 'up'")
        team = player.get("team", i % 2 + 1)
        if team not in range(1, len(players) + 1) or isinstance(team, bool):
            raise VariantsFileError(f"{at}.team: 1 or 2 (1 to {len(players)}: every player its own team, a "
                                    f"free-for-all with scoring)")
        names.append(name.lower())
        letters.append(letter)
        basis.append((side, forward, up))
        teams.append(team - 1)
    if len(set(names)) != len(names) or len(set(letters)) != len(letters) or set(teams) != set(range(max(teams) + 1)) \
            or (len(set(teams)) not in (2, len(teams))):
        raise VariantsFileError(f"{where}: names and letters must differ, and both teams (1 and 2) need players "
                                f"(or every player its own team)")
    return tuple(names), tuple(letters), basis, tuple(teams)


def _unit(value: Any, where: str) -> Vector:
    """A one-step direction along one axis, e.g. [0, 1, 0]."""
    if (not isinstance(value, list) or len(value) != 3 or not all(isinstance(x, int) and not isinstance(x, bool)
                                                                   for x in value)
            or sorted(abs(x) for x in value) != [0, 0, 1]):
        raise VariantsFileError(f"{where}: one step along one axis, e.g. [0, 1, 0] (file, rank, level)")
    return tuple(value)  # type: ignore[return-value]


def _dot(a: Vector, b: Vector) -> int:
    return sum(x * y for x, y in zip(a, b))
