"""Engine options both protocols share: CECP's ``memory`` and ``option NAME=VALUE``, and UCI's ``setoption``.
Each option has one meaning, one range and one check here, so both protocols answer the same value the same
way."""
from __future__ import annotations

from typing import TYPE_CHECKING

from hyperchess.engine.levels import ELO_MAX, ELO_MIN, SKILL_MAX
from hyperchess.engine.partner import plays_two_boards
from hyperchess.variants import load_variants
from hyperchess.variants.board.errors import FenError, MoveError
from hyperchess.variants.core.load import load_position
from hyperchess.variants.formats.variantsfile import VariantsFileError

from .clock import parse_int
from .thinking import MAX_RANDOMNESS

if TYPE_CHECKING:
    from .thinking import Thinker

MAX_THREADS = 256             # engine.threads.MAX_THREADS, not imported: that module loads the search
MAX_HASH_MB = 1 << 16         # the transposition table grows lazily; this is only an upper bound


class OptionError(ValueError):
    """A value an option refuses; the message is one line."""


def whole_number(text: str, low: int, high: int, what: str) -> int:
    try:
        n = parse_int(text)
    except (ValueError, OverflowError):
        raise OptionError(f"{what}: not a number: {text[:40]}") from None
    if not low <= n <= high:
        raise OptionError(f"{what}: {text[:40]} is not in {low}..{high}")
    return n


def set_hash(thinker: "Thinker", text: str) -> None:
    """Hash (UCI) / memory (CECP): the transposition table's size in MB, from a new searcher on."""
    thinker.set_hash(whole_number(text, 1, MAX_HASH_MB, "Hash"))


def set_threads(thinker: "Thinker", text: str) -> None:
    """Threads (UCI) / cores (CECP): the processes a search uses, 1..MAX_THREADS (engine.threads: Lazy SMP
    over a shared transposition table), from a new searcher on."""
    thinker.set_threads(whole_number(text, 1, MAX_THREADS, "Threads"))


def set_randomize(thinker: "Thinker", text: str) -> None:
    """Randomize: each root move's random bonus, 0..N centipawns, in the first moves of a game (0 = off)."""
    thinker.randomness = whole_number(text, 0, MAX_RANDOMNESS, "Randomize")


def set_skill(thinker: "Thinker", text: str) -> None:
    """Skill Level: 0..20, Fairy-Stockfish's name and range; below 20 a weaker player (engine.levels)."""
    thinker.skill = whole_number(text, 0, SKILL_MAX, "Skill Level")


def set_limit_strength(thinker: "Thinker", text: str) -> None:
    """UCI_LimitStrength: a check, ``true``/``false`` (UCI) or ``1``/``0`` (CECP's -check); on, the engine
    plays at UCI_Elo and Skill Level waits (as in Fairy-Stockfish)."""
    word = text.strip().lower()
    if word not in ("true", "false", "1", "0"):
        raise OptionError(f"UCI_LimitStrength: true or false, not {text[:40]}")
    thinker.limit_strength = word in ("true", "1")


def set_elo(thinker: "Thinker", text: str) -> None:
    """UCI_Elo: ELO_MIN..ELO_MAX, the measured levels' range (engine.levels.LEVEL_ELO); played while
    UCI_LimitStrength is on."""
    thinker.elo = whole_number(text, ELO_MIN, ELO_MAX, "UCI_Elo")


def variant_path(text: str) -> list[str]:
    """VariantPath: read a variants file (docs/variants-file.md); the names of the games it adds."""
    try:
        return load_variants(text.strip())
    except VariantsFileError as exc:
        raise OptionError(str(exc)) from None


def set_partner(thinker: "Thinker", text: str, game) -> None:
    """PartnerPosition: the other board of a two-board game (its position string, hands included), for the next
    search only (engine/partner.py: the engine then plays for its team); empty or ``<empty>``: none."""
    text = text.strip()
    if text in ("", "<empty>"):
        thinker.partner_text = ""
        return
    if game is None or not plays_two_boards(game):
        what = "no game is chosen" if game is None else f"{game.name} is not played on two boards"
        raise OptionError(f"PartnerPosition: {what}")
    try:
        load_position(game, text)
    except (FenError, MoveError) as exc:
        raise OptionError(f"PartnerPosition: {exc}") from None
    thinker.partner_text = text


def set_team_play(thinker: "Thinker", text: str) -> None:
    """TeamPlay: true (the default) plays for the team when told the other board (PartnerPosition); false
    plays the board alone."""
    value = text.strip().lower()
    if value not in ("true", "false", "1", "0"):
        raise OptionError(f"TeamPlay: not true or false: {text[:40]}")
    thinker.team_play = value in ("true", "1")


# the options both protocols set on the thinker by name (CECP's ``option NAME=VALUE``)
THINKER_OPTIONS = {"Randomize": set_randomize, "Skill Level": set_skill, "UCI_LimitStrength": set_limit_strength,
                   "UCI_Elo": set_elo}
