"""Rule invariants checked on every registered game (issue 14: the class of the castling and repetition defects).

- King safety: along random games, every legal move leaves the mover's royal piece unattacked wherever the
  game has check, and every pseudo-legal move that does so is legal (the generator neither lets through nor
  drops a move).
- Castling shields: for every castling rule, with the enemy's strongest piece on every square in turn, no
  legal castling leaves the king attacked (the rook may have shielded the landing square before it moved).
- Repetition: two pieces that look the same trade squares through quiet tours; the position then repeats
  as players see it and must count as a repetition (third-millennium: joined pairs swap their ids).
"""
from __future__ import annotations

import random
from collections import deque

import pytest

from hyperchess.variants import BUILT_IN_GAMES, get_game
from hyperchess.variants.core.fen import FenError, format_board
from hyperchess.variants.core.game import CASTLE, EMPTY, HOLE, NORMAL
from hyperchess.variants.core.legality import safe_after

GAMES = list(BUILT_IN_GAMES)
# (games, plies) per game for the CI tier; the slow tier plays many more
CI_GAMES, CI_PLIES = 3, 60
BIG = 200          # boards with more cells than this get fewer plies in CI (mixed3d: 512 cells)


def _checkable(pos) -> bool:
    return pos.king(pos.turn) is not None and not pos.game.has_filter


def _assert_king_safety(pos) -> None:
    game = pos.game
    us = pos.turn
    legal = pos.legal_moves()
    for m in legal:
        pos.push(m)
        k = pos.king(us)
        assert k is None or not pos.attacked(k, game.enemies[us]), (pos.fen(), pos.move_name(m))
        pos.pop()
    if _checkable(pos) and not (game.has_game_over and game.game_over(pos) is not None):
        safe = [m for m in pos.pseudo_legal_moves() if safe_after(pos, m)]
        assert sorted(safe) == sorted(legal), pos.fen()


def _random_games(name: str, games: int, plies: int, seed: int) -> None:
    game = get_game(name)
    rng = random.Random(seed)
    for _ in range(games):
        pos = game.position()
        for _ in range(plies):
            _assert_king_safety(pos)
            moves = pos.legal_moves()
            if not moves or pos.outcome() is not None:
                break
            captures = [m for m in moves if pos.board[m[1]] not in (EMPTY, HOLE)]
            # captures half the time: the game opens up and checks come sooner than in purely random play
            pos.push(rng.choice(captures if captures and rng.random() < 0.5 else moves))


@pytest.mark.parametrize("name", GAMES)
def test_legal_moves_never_leave_the_royal_attacked(name):
    big = get_game(name).geometry.size > BIG
    _random_games(name, 2 if big else CI_GAMES, 30 if big else CI_PLIES, seed=14)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_legal_moves_never_leave_the_royal_attacked_deep(name):
    big = get_game(name).geometry.size > BIG
    _random_games(name, 6 if big else 40, 60 if big else 150, seed=1414)


def _strongest(game, color: int) -> int:
    kinds = [k for k in range(1, len(game.pieces)) if not game.pieces[k].royal and not game.pieces[k].pawn]
    kind = max(kinds, key=lambda k: game.pieces[k].value)
    return kind << 2 | color


@pytest.mark.parametrize("name", [n for n in GAMES if get_game(n).castling and get_game(n).players == 2])
def test_castling_never_lands_in_check(name):
    """King and rook of each castling at home, the enemy king at home, the enemy's strongest piece on every
    free square in turn: every legal castling leaves the king unattacked, and one that does is not refused."""
    game = get_game(name)
    start = game.start_board
    fields = game.start_fen.split()
    tried = castled = 0
    for rule in game.castling:
        enemy = 1 - rule.color
        royal_home = [c for c, code in enumerate(start) if code in game.royal_codes and game.owner[code] == enemy]
        attacker = _strongest(game, enemy)
        cells = list(range(game.geometry.size))
        if len(cells) > BIG:
            cells = random.Random(name).sample(cells, 120)
        for cell in cells:
            board = [HOLE if code == HOLE else EMPTY for code in start]
            board[rule.king_from] = start[rule.king_from]
            board[rule.rook_from] = start[rule.rook_from]
            board[royal_home[0]] = start[royal_home[0]]
            if board[cell] != EMPTY:
                continue
            board[cell] = attacker
            text = " ".join([format_board(game, board), game.color_letters[rule.color], fields[2], "-", "0", "1"])
            try:
                pos = game.position(text)
            except FenError:
                continue            # e.g. the side not to move in check
            tried += 1
            for m in pos.legal_moves():
                if m[3] == CASTLE:
                    castled += 1
                    pos.push(m)
                    k = pos.king(rule.color)
                    assert k is None or not pos.attacked(k, game.enemies[rule.color]), (text, pos.move_name(m))
                    pos.pop()
            _assert_king_safety(pos)
    assert tried > 50 and castled > 0


def _piece_path(pos, frm: int, to: int) -> list[int] | None:
    """Cells of a shortest path of plain moves for the piece on ``frm`` to ``to`` (the rest of the board
    fixed), from its move tables; None if there is none."""
    game, b = pos.game, pos.board
    code = b[frm]
    prev = {frm: None}
    todo = deque([frm])
    while todo:
        x = todo.popleft()
        rides, leaps, _ = game.tables[code][x]
        nxt = [t for t, _ in leaps if b[t] == EMPTY or t == frm]
        for ray in rides:
            for t, _ in ray:
                if b[t] != EMPTY and t != frm:
                    break
                nxt.append(t)
        for t in nxt:
            if t not in prev:
                prev[t] = x
                if t == to:
                    path = [t]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    return path[::-1]
                todo.append(t)
    return None


def _play_path(pos, path: list[int], tempo: tuple) -> bool:
    """Our piece along ``path``, the opponent toggling ``tempo`` (a move and its reverse) in between."""
    for i in range(len(path) - 1):
        ours = [m for m in pos.legal_moves() if m[0] == path[i] and m[1] == path[i + 1] and m[3] == NORMAL]
        if not ours:
            return False
        pos.push(ours[0])
        t = tempo[0] if pos.board[tempo[0][1]] == EMPTY else tempo[1]     # out, or back home
        theirs = [m for m in pos.legal_moves() if m[:2] == t[:2] and m[3] == NORMAL]
        if not theirs:
            return False
        pos.push(theirs[0])
    return True


def _swap_tour(pos, a: int, c: int, rng: random.Random, tempo):
    """The pieces on ``a`` and ``c`` (the same letter) trade squares via a free cell t: a->t, c->a, t->c.
    The position after the tour, or None."""
    free = [t for t in range(pos.game.geometry.size) if pos.board[t] == EMPTY]
    rng.shuffle(free)
    for t in free[:60]:
        trial = pos.copy()
        p1 = _piece_path(trial, a, t)
        if p1 is None or not _play_path(trial, p1, tempo):
            continue
        p2 = _piece_path(trial, c, a)
        if p2 is None or not _play_path(trial, p2, tempo):
            continue
        p3 = _piece_path(trial, t, c)
        if p3 is None or not _play_path(trial, p3, tempo):
            continue
        if (len(p1) + len(p2) + len(p3) - 3) % 2:
            continue                # the opponent's tempo piece would end away from home
        return trial
    return None


# Games whose pieces enter by drops start these tests after the drops (first-contact: platforms, kings
# and two knights each placed, from `--moves @Wa1u @Ba4u @Wd1u @Bd4u K@Wb2 K@Bc3 N@c12 N@b76 N@d42 N@c86`).
MIDGAME_START = {
    "first-contact": "2n1/1nk1/4/4|4/4/4/4|3N/4/1K2/2N1 w - - 0 6 Wa1u,Wd1u,Ba4u,Bd4u "
                     "[QRRBBPPPPPPPPqrrbbpppppppp] play -",
}


@pytest.mark.parametrize("name", [n for n in GAMES if get_game(n).players == 2])
def test_repetition_after_pieces_trade_squares(name):
    """White's two same-letter pieces trade squares twice while Black shuffles a piece back and forth: the
    start position stands again after each swap (the first time with the pieces exchanged), and the third
    time is a threefold repetition."""
    game = get_game(name)
    rng = random.Random(name)
    pos = game.position(MIDGAME_START.get(name))
    key = lambda p: " ".join(p.fen().split()[:4] + p.fen().split()[6:])   # noqa: E731 (no move counters)
    start_key = key(pos)
    # Black's tempo: a quiet non-pawn move whose reverse is also legal
    tempo = None
    probe = pos.copy()
    w1 = next(m for m in probe.legal_moves() if probe.board[m[0]] not in game.pawn_codes and m[3] == NORMAL)
    probe.push(w1)
    for m in probe.legal_moves():
        if probe.board[m[0]] in game.pawn_codes or probe.board[m[1]] != EMPTY or m[3] != NORMAL:
            continue
        rights = probe.rights
        probe.push(m)
        if probe.rights != rights:              # a castling rook or king: no repetition after it
            probe.pop()
            continue
        probe.push(next(r for r in probe.legal_moves() if r[:2] == (w1[1], w1[0])))
        back = [r for r in probe.legal_moves() if r[:2] == (m[1], m[0])]
        probe.pop()
        probe.pop()
        if back:
            tempo = (m, back[0])
            break
    assert tempo is not None
    letters: dict[str, list[int]] = {}
    for cell, code in enumerate(pos.board):
        if code not in (EMPTY, HOLE) and game.owner[code] == 0 and code not in game.pawn_codes \
                and code not in game.royal_codes:
            letters.setdefault(game.letter_of(code), []).append(cell)
    pairs = [cells[:2] for cells in letters.values() if len(cells) >= 2]
    assert pairs, "no two White pieces look alike"
    swapped = toured = 0
    for a, c in pairs:
        trial = _swap_tour(pos.copy(), a, c, rng, tempo)
        if trial is None:
            continue
        if trial.rights != pos.rights:
            continue                # castling rooks: the tour cost a right, so no repetition
        assert key(trial) == start_key
        assert trial.repetitions() == 2, (name, trial.fen())
        if trial.board != pos.board:
            swapped += 1            # the codes differ: relabelled but equal
        trial = _swap_tour(trial, a, c, rng, tempo)
        if trial is None:
            continue
        assert key(trial) == start_key and trial.repetitions() == 3
        assert trial.outcome() is not None and trial.outcome().termination == "repetition"
        toured += 1
    assert toured > 0, "no two alike pieces could trade squares"
    if name == "third-millennium":
        assert swapped > 0, "the tour must have exchanged two pair ids"


def test_third_millennium_issue_sequence_is_threefold():
    """Issue 14 item 14: the exact sequence from the report."""
    game = get_game("third-millennium")
    pos = game.position()
    white = "g1h3 b1c3 c3e4 e4g5 g5f3 f3g1 h3g5 g5e4 e4c3 c3b1".split()
    black = ["b8c6", "c6b8"]
    for i, move in enumerate(white * 2):
        pos.push(pos.parse_move(move))
        pos.push(pos.parse_move(black[i % 2]))
    assert pos.fen().split()[:4] == game.start_fen.split()[:4]
    assert pos.repetitions() == 3
    assert pos.outcome().termination == "repetition"


@pytest.mark.parametrize("fen, move", [("10k4/15/15/15/15/15/15/4K2R1q5 w EH - 0 1", "e1g1"),
                                        ("10k4/15/15/15/15/15/15/4q2R2K4 w HK - 0 1", "k1i1")])
def test_millennium_issue_castlings_refused(fen, move):
    """Issue 14 item 13: the two positions from the report."""
    pos = get_game("millennium").position(fen)
    assert move not in [pos.move_name(m) for m in pos.legal_moves()]
