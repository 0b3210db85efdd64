"""What each engine is told and how its words are read, as XBoard does it (CECP, engine-intf.html, shipped
with Debian's xboard): the names it knows a game by, the square names of its moves, and the older forms of a
move.

- **Square names.** A CECP engine speaks XBoard's names: the game's flat projection (``Game.flat_names``),
  whose ranks on a board of exactly 10 ranks count from 0 (section 8: ``b0b9`` for the native ``b1b10``).
  An engine that offers ``Notation`` with the choice ``native`` (hyperchess) is asked for native names, and
  games without a projection are played in native names. A UCI engine gets native names (UCI counts ranks
  from 1, as Fairy-Stockfish does on every board).
- **Variant names.** ``feature variants`` lists the names an engine plays (section 9); without it an engine
  is taken to play every game. A game is played under its own name, one of the names
  ``variants.xboard_names`` gives it, or its own name with a size prefix ``WxH+S_name`` whose board is the
  game's (W files, H ranks) and whose holdings are there (S > 0) exactly when the game's are. The count S is
  not compared: engines count holdings differently (Fairy-Stockfish: its pocket size; XBoard: piece types).
  An engine's ``variant=NAME`` key names it outright.
- **Older forms of a move.** For an engine of protocol version 1 (no ``feature``), ``NUMBER ... MOVE`` is a move
  too (section 13, "Idioms and backward compatibility"). GNU Chess 6 prints it before ``My move is : MOVE``, the
  same move once more; from an engine of version 2 only the second is read.
- **Seconds a move.** ``st`` takes whole seconds (section 11: "st 30"), and engines read it so: Fairy-Max
  takes ``st 0.5`` as 0 and searches one ply, HoiXiangqi exits. So a whole number of seconds a move is ``st N``,
  and any other a clock of one move a session (``level 1 0:SS 0``) with ``time``/``otim`` of exactly that time
  before each move, which an engine spends as the last move before its time control. hyperchess reads
  fractions (docs/protocol.md) and spends the whole time given, so an engine offering its ``Notation`` choice
  ``native`` gets ``st`` as given; an engine's ``timing=st`` or ``timing=clock`` key decides outright.
- **Fog of war.** An engine is given a seat in a game with fog only if it declares the option ``FogViews``
  (docs/protocol.md, "Fog of war"): it is then sent views, never the position (fog.py).
"""
from __future__ import annotations

import math
import re

from hyperchess.variants import xboard_names

from .xshogi import shogi_names

SIZED = re.compile(r"(\d{1,2})x(\d{1,2})\+(\d{1,3})_(.+)")
# "move M" and "my move is M" (GNU Chess: "My move is : M"); and for a protocol version 1 engine, "NUMBER ... M"
MOVE_LINE = re.compile(r"^\s*(?:move|my move is\s*:?)\s+(\S+)", re.IGNORECASE)
OLD_MOVE_LINE = re.compile(r"^\s*(?:move|my move is\s*:?|\d+\.?\s*\.\.\.)\s+(\S+)", re.IGNORECASE)


def seconds_a_move(seconds: float, timing: str = "auto", e=None) -> tuple[list[str], list[str]]:
    """The CECP commands for ``seconds`` a move: those sent once at the start, and those before each ``go``.
    ``timing`` ``auto`` is ``st`` for the engine ``e`` if it is hyperchess (it reads fractions), else ``clock``."""
    if timing == "auto":
        timing = "st" if e is not None and e.offers_choice("Notation", "native") else "clock"
    if timing == "st" or seconds == int(seconds):
        return [f"st {seconds:g}"], []
    centis = max(1, int(round(seconds * 100)))
    return [f"level 1 0:{max(1, math.ceil(seconds - 1e-9)):02d} 0"], [f"time {centis}", f"otim {centis}"]


def speaks_native(e, options: tuple[tuple[str, str], ...]) -> bool:
    """Does the engine get native square names: a UCI engine, or a CECP engine asked for ``Notation=native``
    (the referee asks every engine that offers the choice, unless an ``option.Notation=`` says otherwise)?"""
    if getattr(e, "proto", "xboard") == "uci":
        return True
    given = dict(options).get("Notation")
    return given == "native" if given is not None else e.offers_choice("Notation", "native")


def engine_names(game, e, options: tuple[tuple[str, str], ...]):
    """The square names the engine speaks: native, or XBoard's flat projection where the game has one (an
    xshogi engine: shogi's own, ``xshogi.shogi_names``)."""
    if speaks_native(e, options) or game.flat_names is None:
        return game.names
    if getattr(e, "proto", "xboard") == "xshogi":
        return shogi_names(game)
    return game.flat_names


def board_size(game) -> tuple[int, int]:
    """(files, ranks) of the board XBoard shows: the flat projection's, else the geometry's."""
    flat = game.flat_names
    if flat is not None:
        return flat.width, flat.height
    return game.geometry.files, game.geometry.ranks


def variant_name(game, listed: list[str] | None) -> str | None:
    """The engine's name for ``game`` among ``listed`` (its ``feature variants``; None: it plays every game,
    under the game's own name), or None when it does not play the game."""
    if listed is None:
        return game.name
    ours = xboard_names(game.name)
    for name in ours:
        if name in listed:
            return name
    size = board_size(game)
    for name in listed:
        m = SIZED.fullmatch(name)
        if m and m.group(4) in ours and (int(m.group(1)), int(m.group(2))) == size \
                and (int(m.group(3)) > 0) == (game.flat_holdings > 0):
            return name
    return None


def engine_variant(game, spec, e, default: str) -> str:
    """The name the engine is told the game by (``variant NAME``; UCI's ``UCI_Variant``): its spec's
    ``variant=``, else the game's name for the ``default`` game (engines need not list it), else the name
    :func:`variant_name` finds in its list. Raises ValueError (one line) when it does not play the game."""
    listed = e.variants()
    if spec.variant is not None:
        if listed and spec.variant not in listed:
            raise ValueError(f"{spec.name} does not list the variant {spec.variant} (it plays {', '.join(listed)})")
        return spec.variant
    if game.name == default:
        return game.name
    name = variant_name(game, listed)
    if name is None:
        plays = ", ".join(listed or ()) or "normal only"
        raise ValueError(f"{spec.name} does not play {game.name} (it plays {plays})")
    return name


FOG_OPTION = "FogViews"     # the option an engine declares to say it reads views (protocol/fog.py's name)


def declares_fog(e) -> bool:
    """Does the engine declare the option ``FogViews`` (UCI ``option name FogViews``, CECP ``feature
    option="FogViews -check 1"``)?"""
    if getattr(e, "proto", "xboard") == "uci":
        return FOG_OPTION in getattr(e, "option_names", ())
    return any(text.partition(" -")[0].strip() == FOG_OPTION for text in e.options)


def fog_refusal(spec, variant: str) -> str:
    """The one line that refuses an engine without ``FogViews`` a seat in the game with fog ``variant``."""
    return (f"{spec.name} does not declare that it plays {variant} from views (the option {FOG_OPTION}), so it "
            f"cannot be given a seat: it would have to be sent the whole position (a game of that name in an engine "
            f"may be another: Fairy-Stockfish's fogofwar, from its variants.ini, is extinction chess in which both "
            f"sides see everything)")
