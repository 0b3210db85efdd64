"""Registers the four-kings toy game (tests/four_kings.py) as ``four-kings-toy`` when imported: the match
runner's workers and tests/engines/hyperchess_toy.py import it to know the game. ``register``/``unregister``
for tests that must leave the registry as they found it."""
from __future__ import annotations

from four_kings import NAME, FourKingsToy  # noqa: F401 (the registry entry names this module)
from hyperchess.variants import REGISTRY


def register() -> None:
    REGISTRY.setdefault(NAME, "four_player_toy:FourKingsToy")


def unregister() -> None:
    from hyperchess import variants

    REGISTRY.pop(NAME, None)
    variants._cache.pop(NAME, None)


register()
