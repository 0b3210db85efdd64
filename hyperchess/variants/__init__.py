"""The games hyperchess plays, by name. ``get_game(name)`` builds (once) and returns a Game."""
from __future__ import annotations

from importlib import import_module

from .errors import FenError, MoveError
from .game import Game
from .position import Outcome, Position

# name -> "module:Class" (imported on first use so that start-up stays fast)
REGISTRY: dict[str, str] = {
    "normal": "hyperchess.variants.normal:NormalChess",
    "capablanca": "hyperchess.variants.capablanca:Capablanca",
    "third-millennium": "hyperchess.variants.third_millennium:ThirdMillennium",
    "cylinder": "hyperchess.variants.cylinder:CylinderChess",
    "millennium": "hyperchess.variants.millennium:Millennium",
    "mixed3d": "hyperchess.variants.mixed3d:Mixed3D",
    "first-contact": "hyperchess.variants.first_contact:FirstContact",
    "next-generation": "hyperchess.variants.future_generation:NextGeneration",
    "future-generation": "hyperchess.variants.future_generation:FutureGeneration",
}

# Orthodox chess: the game an engine plays after CECP's `new` with no `variant` command, and the game of a PGN
# without a Variant tag.
DEFAULT_GAME = "normal"

_cache: dict[str, Game] = {}


class UnknownVariant(KeyError):
    def __str__(self) -> str:
        return f"unknown variant {self.args[0]!r} (known: {', '.join(REGISTRY)})"


def get_game(name: str) -> Game:
    """The game called ``name`` (compiled once per process)."""
    if name not in _cache:
        if name not in REGISTRY:
            raise UnknownVariant(name)
        module, cls = REGISTRY[name].split(":")
        _cache[name] = getattr(import_module(module), cls)()
    return _cache[name]


def game_names() -> list[str]:
    return list(REGISTRY)


__all__ = ["Game", "Position", "Outcome", "FenError", "MoveError", "REGISTRY", "DEFAULT_GAME", "get_game",
           "game_names", "UnknownVariant"]
