"""Fairy-Stockfish's games against pyffish (issues 59 and 70): every built-in game in ``pyffish.variants()`` that
is not listed in ``OUT_OF_REACH`` (the reason each needs, as the reader says it) counts perft 3 from FSF's start as
pyffish does, and random games show the same legal moves and the same game end at every ply. The same for every
section of an upstream ``variants.ini`` the reader accepts (its path in ``FSF_VARIANTS_INI``; the file is not
shipped), loaded into pyffish with ``load_variant_config``. Skipped without pyffish; the long part is marked slow:

    FSF_VARIANTS_INI=/path/to/variants.ini pytest -m slow -n 0 tests/test_fsf_reference.py

The random games' seed is ``FSF_LOCKSTEP_SEED`` (default ``SEED``); docs/fsf-games.md records a run."""
from __future__ import annotations

import os
import random
import re
from functools import cache

import pytest

from hyperchess.variants import FSF_UNLISTED, game_names, get_game
from hyperchess.variants.core.perft import perft
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.fsf_ini import catalogue
from hyperchess.variants.formats.fsf_start import hyperchess_fen
from hyperchess.variants.formats.variantsfile import read_ini_variants

try:
    import pyffish
except ImportError:
    pyffish = None

needs_fsf = pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish's binding) is not installed")

# FSF's built-in games hyperchess cannot play yet; the reader refuses each, naming what it needs
# (docs/variants-file.md, "Fairy-Stockfish's games", has the table by mechanism)
OUT_OF_REACH = set("""
""".split())
# perft 2 where perft 3 through pyffish (a call per node, some 13 us per move it lists) would take hours: every
# move also places a wall, so a ply has 640 moves (duck), 2,176 (amazons) or 225 (isolation); a sample of
# first moves is counted to depth 3 (``divide``) instead: game -> (depth, first moves sampled)
PERFT_DEPTH = {"duck": (2, 3), "amazons": (2, 1), "isolation": (2, 3), "isolation7x7": (2, 3)}
ALIASES = {"chess": "normal"}        # UCI's (and FSF's) name of orthodox chess
SEED = int(os.environ.get("FSF_LOCKSTEP_SEED", "71"))
GAMES, PLIES = 5, 60        # random games per upstream section, and their length
BUILT_IN_GAMES = 10         # per built-in game, as before issue 70
WIDE = 100                  # an upstream section with more first moves is counted to perft 2
FAST = ["chess", "chaturanga", "gardner", "clobber", "berolina", "janus", "legan", "threekings", "crazyhouse", "dragon",
        "minixiangqi", "xiangqi", "seirawan", "fischerandom", "kyotoshogi"]


def game_for(variant: str):
    """Our game of FSF's ``variant``: by name, by alias, or (FSF's unlisted ones) built from the catalogue."""
    if variant in FSF_UNLISTED and variant not in ALIASES:
        specs, notes = read_ini_variants(f"[fsf-{variant}:{variant}]\n", "probe.ini", build=False)
        assert specs, notes
        return FileGame(specs[0])
    return get_game(ALIASES.get(variant, variant))


def our_fen(game, fen: str) -> str:
    """FSF's position string for our ``game``: its hands kept where the game has hands."""
    text = hyperchess_fen(fen)
    if not game.castling and not getattr(game, "first_leaps", None):
        # FSF ignores the castling field of a game without castling (or gates)
        fields = text.split(" ")
        text = " ".join(fields[:2] + ["-"] + fields[3:])
    if getattr(game, "hand_rules", None) is not None and "[" in fen:
        board, rest = text.split(" ", 1)
        text = f"{board}[{fen.split('[', 1)[1].split(']', 1)[0]}] {rest}"
    return text


def fsf_perft(variant: str, fen: str, moves: list[str], depth: int) -> int:
    legal = pyffish.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(variant, fen, moves + [m], depth - 1) for m in legal)


def fsf_end(variant: str, fen: str, moves: list[str], legal: list[str]) -> str | None:
    """FSF's end of the game here: "1-0", "0-1", "1/2-1/2" (an immediate end, no legal move, or a claimable
    draw), else None."""
    white = (pyffish.get_fen(variant, fen, moves).split()[1] == "w")
    if not legal:
        value = pyffish.game_result(variant, fen, moves)
    else:
        ended, value = pyffish.is_immediate_game_end(variant, fen, moves)
        if not ended:
            ended, value = pyffish.is_optional_game_end(variant, fen, moves)
            if not ended:
                return None
    if value == 0:
        return "1/2-1/2"
    return "1-0" if (value > 0) == white else "0-1"


def replay(variant: str, pos, fen: str, moves: list[str]) -> None:
    """Plays ``moves`` from ``pos`` (our position of FSF's ``fen``), the legal moves and the end compared with
    pyffish's at every ply."""
    for ply in range(len(moves) + 1):
        theirs = sorted(pyffish.legal_moves(variant, fen, moves[:ply]))
        outcome = pos.outcome()
        assert (outcome.result if outcome else None) == fsf_end(variant, fen, moves[:ply], theirs), (moves[:ply], outcome)
        if outcome is None:
            assert sorted(pos.move_name(m) for m in pos.legal_moves()) == theirs, moves[:ply]
        if ply < len(moves):
            pos.push(pos.parse_move(moves[ply]))


def lockstep(variant: str, game, games: int, plies: int, seed: int, start: str | None = None) -> int:
    """Random games from FSF's start (or ``start``), the legal moves and the end compared at every ply; the
    plies seen."""
    rng = random.Random(seed)
    start = start or pyffish.start_fen(variant)
    seen = 0
    for _ in range(games):
        pos = game.position(our_fen(game, start))
        moves: list[str] = []
        for _ in range(plies):
            seen += 1
            ours = sorted(pos.move_name(m) for m in pos.legal_moves())
            theirs = sorted(pyffish.legal_moves(variant, start, moves))
            outcome = pos.outcome()
            end = fsf_end(variant, start, moves, theirs)
            assert (outcome.result if outcome else None) == end, (variant, moves, outcome, end)
            if outcome is not None:
                break
            assert ours == theirs, (variant, pos.fen(), moves)
            move = rng.choice(pos.legal_moves())
            moves.append(pos.move_name(move))
            pos.push(move)
    return seen


def reachable() -> list[str]:
    return sorted(v for v in catalogue() if v not in OUT_OF_REACH) if pyffish else []


@needs_fsf
def test_out_of_reach_list_is_what_the_reader_refuses():
    """Every built-in is either played under its FSF name or listed, and the list names only games the reader
    refuses with a reason (at most what the issue allows is checked by the report, not here)."""
    names = set(game_names())
    built_in = set(catalogue())             # pyffish.variants() also lists what other tests loaded
    assert built_in <= set(pyffish.variants()) and len(built_in) == 121
    assert built_in - OUT_OF_REACH - FSF_UNLISTED <= names
    assert not OUT_OF_REACH & names
    _, notes = read_ini_variants("".join(f"[x{n}:{n}]\n" for n in sorted(OUT_OF_REACH)), "probe.ini", build=False)
    refused = {n.split("[x", 1)[1].split("]")[0] for n in notes if "cannot be played yet: needs" in n}
    assert refused == OUT_OF_REACH


@needs_fsf
@pytest.mark.parametrize("variant", FAST)
def test_built_in_games_match_pyffish_fast(variant):
    game = game_for(variant)
    start = pyffish.start_fen(variant)
    assert perft(game.position(our_fen(game, start)), 2) == fsf_perft(variant, start, [], 2)
    assert lockstep(variant, game, 2, 40, 59) > 2


@pytest.mark.slow
@needs_fsf
@pytest.mark.parametrize("variant", reachable())
def test_built_in_games_match_pyffish(variant, record_property):
    game = game_for(variant)
    start = pyffish.start_fen(variant)
    depth, sampled = PERFT_DEPTH.get(variant, (3, 0))
    pos = game.position(our_fen(game, start))
    assert perft(pos, depth) == fsf_perft(variant, start, [], depth)
    if sampled:
        for move in random.Random(59).sample(pos.legal_moves(), sampled):
            name = pos.move_name(move)
            pos.push(move)
            assert perft(pos, 2) == fsf_perft(variant, start, [name], 2), name
            pos.pop()
    seen = lockstep(variant, game, BUILT_IN_GAMES, PLIES, SEED)
    record_property("positions", seen)         # (--junitxml: docs/fsf-games.md counts them)
    assert seen >= BUILT_IN_GAMES


UPSTREAM = os.environ.get("FSF_VARIANTS_INI", "")


@cache
def upstream_specs() -> dict:
    """The sections of the upstream file the reader accepts, by name (none without the file or pyffish)."""
    if not (pyffish and UPSTREAM and os.path.exists(UPSTREAM)):
        return {}
    specs, _ = read_ini_variants(open(UPSTREAM, encoding="utf-8").read(), "variants.ini", build=False,
                                 taken=frozenset(catalogue()))
    return {s.name: s for s in specs}


def upstream_sections() -> list[str]:
    return list(upstream_specs())


# sections where pyffish departs from FSF's own format: section -> (the piece letter, why). elgam's ``o:nC`` is a
# lame camel, but the header of variants.ini supports lame leaps for N, A, Z and D only and pyffish gives nC no
# move at all; hyperchess walks FSF's lame path (docs/rules/fsf.md). Its perft is compared without that piece.
UPSTREAM_DIFFERENT = {"elgam": ("o", "pyffish gives a lame camel (nC) no move")}


@pytest.mark.slow
@needs_fsf
@pytest.mark.skipif(not (UPSTREAM and os.path.exists(UPSTREAM)),
                    reason="FSF_VARIANTS_INI names no upstream variants.ini (Fairy-Stockfish's src/variants.ini)")
@pytest.mark.parametrize("section", upstream_sections())
def test_upstream_sections_match_pyffish(section, record_property):
    pyffish.load_variant_config(open(UPSTREAM, encoding="utf-8").read())
    game = FileGame(upstream_specs()[section])
    start = pyffish.start_fen(section)
    if section in UPSTREAM_DIFFERENT:
        letter, _ = UPSTREAM_DIFFERENT[section]
        # the reason still holds: that piece has no move in pyffish, even alone on the board beside the kings
        alone = _board_of(start, lambda ch: ch if ch in ("k", "K", letter, letter.upper()) else "")
        cells = {sq for sq, ch in _squares(alone) if ch == letter.upper()}
        assert cells and not [m for m in pyffish.legal_moves(section, alone, []) if re.match(r"[a-z]\d+", m)[0] in cells]
        start = _board_of(start, lambda ch: "" if ch in (letter, letter.upper()) else ch)
    # perft 3 through pyffish costs a call per node of depth 2: where the first ply is wide (drops on an empty
    # board: cetus's ~500 moves), perft 2 instead; the random games go deeper
    pos = game.position(our_fen(game, start))
    depth = 3 if len(pos.legal_moves()) <= WIDE else 2
    assert perft(pos, depth) == fsf_perft(section, start, [], depth)
    seen = lockstep(section, game, GAMES, PLIES, SEED, start)
    record_property("positions", seen)
    assert seen >= GAMES


def _squares(fen: str) -> list[tuple[str, str]]:
    """Each square of ``fen``'s board (FSF's names, ranks from the top) with its piece letter or ""."""
    rows = fen.split(" ")[0].split("[")[0].split("/")
    out = []
    for r, row in enumerate(rows):
        cells: list[str] = []
        for token in re.findall(r"\d+|\+?[A-Za-z*]", row):
            cells += [""] * int(token) if token.isdigit() else [token]
        out += [(f"{chr(97 + f)}{len(rows) - r}", ch) for f, ch in enumerate(cells)]
    return out


def _board_of(fen: str, keep) -> str:
    """``fen`` with each piece ``ch`` of its board replaced by ``keep(ch)`` ("" empties the square)."""
    board = fen.split(" ")[0].split("[")[0]
    rows: list[list[str]] = [[] for _ in board.split("/")]
    ranks = len(rows)
    for sq, ch in _squares(fen):
        rows[ranks - int(sq[1:])].append(keep(ch) if ch else "")
    text = "/".join(re.sub(r"\.+", lambda m: str(len(m[0])), "".join(c or "." for c in row)) for row in rows)
    return fen.replace(board, text, 1)
