"""The search: mates, material, limits, exclusions and leaving the position untouched."""
from __future__ import annotations

import threading
import time

import chess
import pytest

from hyperchess.engine.gamedata import game_data
from hyperchess.engine.search import Limits, Searcher, SearchInfo
from hyperchess.engine.timecontrol import budget
from hyperchess.variants import get_game


def normal(fen: str | None = None):
    return get_game("normal").position(fen)


def forced_mate(board: chess.Board, moves: int) -> bool:
    """python-chess brute force: can the side to move mate within ``moves`` of its own moves?"""
    for m in list(board.legal_moves):
        board.push(m)
        try:
            if board.is_checkmate():
                return True
            if moves > 1 and not board.is_game_over() and all(
                    _after_reply(board, r, moves - 1) for r in list(board.legal_moves)):
                return True
        finally:
            board.pop()
    return False


def _after_reply(board: chess.Board, reply: chess.Move, moves: int) -> bool:
    board.push(reply)
    try:
        return forced_mate(board, moves)
    finally:
        board.pop()


def mating_keys(fen: str, moves: int) -> set[str]:
    board = chess.Board(fen)
    keys = set()
    for m in list(board.legal_moves):
        board.push(m)
        if board.is_checkmate() or (moves > 1 and not board.is_game_over() and all(
                _after_reply(board, r, moves - 1) for r in list(board.legal_moves))):
            keys.add(m.uci())
        board.pop()
    return keys


MATE_IN_1 = [
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",                                   # back rank
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1",  # scholar's mate
    "3r2k1/8/8/8/8/8/5PPP/6K1 b - - 0 1",                                  # black mates
    "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1",                                   # smothered
]
MATE_IN_2 = [
    "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1",          # rook ladder
    "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",        # Ra6! bxa6 b7#
    "1r4k1/r7/8/8/8/8/8/7K b - - 0 1",          # ladder for black
]


@pytest.mark.parametrize("fen", MATE_IN_1)
def test_mate_in_one(fen):
    pos = normal(fen)
    result = Searcher().search(pos, Limits(depth=3))
    assert pos.move_name(result.best) in mating_keys(fen, 1)
    assert result.score == 100001


@pytest.mark.parametrize("fen", MATE_IN_2)
def test_mate_in_two(fen):
    keys = mating_keys(fen, 2)
    assert keys and not mating_keys(fen, 1)
    pos = normal(fen)
    result = Searcher().search(pos, Limits(depth=4))
    assert pos.move_name(result.best) in keys
    assert result.score == 100002                  # CECP: mate in 2 moves
    assert len(result.pv) >= 3


def test_mated_score_is_negative_with_distance():
    pos = normal("7k/8/5QK1/8/8/8/8/8 b - - 0 1")     # Kg8 forced, Qd8#
    result = Searcher().search(pos, Limits(depth=4))
    assert pos.move_name(result.best) == "h8g8"
    assert result.score == -100001                 # mated after one move of ours


def test_no_legal_moves_gives_no_move():
    mated = normal("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    r = Searcher().search(mated, Limits(depth=3))
    assert r.best is None and r.score == -100000
    stalemate = normal("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    r = Searcher().search(stalemate, Limits(depth=3))
    assert r.best is None and r.score == 0


@pytest.mark.parametrize("fen, expected", [
    ("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5"),           # free queen
    ("4k3/8/2r5/8/3N4/8/8/4K3 w - - 0 1", "d4c6"),           # free rook for a knight
    ("4k3/8/8/8/8/2n5/8/2R1K3 w - - 0 1", "c1c3"),           # free knight
])
def test_takes_a_free_piece(fen, expected):
    pos = normal(fen)
    assert pos.move_name(Searcher().search(pos, Limits(depth=3)).best) == expected


@pytest.mark.parametrize("fen", [
    "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 3",   # Nf3 hits the queen
    "rnbqkb1r/pppppppp/5n2/8/3Q4/8/PPP1PPPP/RNB1KBNR w KQkq - 0 1",      # Qd5?/Qe4?/Qg4?/Qxf6? would be hit
    "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 3",    # Qf5?/Qg4?/Qxf7+? walk into the c8 bishop/king
])
def test_does_not_hang_its_queen(fen):
    pos = normal(fen)
    result = Searcher().search(pos, Limits(depth=4))
    board = chess.Board(fen)
    board.push(chess.Move.from_uci(pos.move_name(result.best)))
    us = not board.turn
    queens = board.pieces(chess.QUEEN, us)
    assert queens, "the queen was given away"
    for sq in queens:     # nothing is worth less than a queen, so any attacker wins material
        assert not board.attackers(board.turn, sq), f"queen on {chess.square_name(sq)} hangs"


def test_position_unchanged_after_search_and_after_stop():
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    pos = normal(fen)
    h = pos.hash
    s = Searcher()
    s.search(pos, Limits(depth=3))
    assert pos.fen() == fen and pos.hash == h and not pos.moves_made
    s.search(pos, Limits(nodes=777))         # stopped deep inside the tree
    assert pos.fen() == fen and pos.hash == h and not pos.moves_made
    assert sorted(pos.legal_moves()) == sorted(normal(fen).legal_moves())


def test_position_unchanged_when_stopped_anywhere():
    """Stops at many node counts (inside passes of the null move, checks, quiescence) all unwind exactly."""
    fen = "2r3k1/pp3ppp/2n1p3/3pP3/3P4/P1R2N2/1P3PPP/6K1 w - - 0 25"
    pos = normal(fen)
    before = (pos.hash, pos.turn, pos.fullmove, pos.halfmove, list(pos.history), pos.board[:])
    s = Searcher()
    for budget_nodes in range(100, 4000, 277):
        r = s.search(pos, Limits(nodes=budget_nodes))
        assert r.best in pos.legal_moves()
        assert (pos.hash, pos.turn, pos.fullmove, pos.halfmove, pos.history, pos.board) == before
        assert pos.fen() == fen and not pos.moves_made


def test_stop_inside_a_null_move_search_unwinds():
    """A stop that lands while the side to move has passed (null move) restores the position too."""
    import hyperchess.engine.search as search_module
    spans = []
    stopped_inside = []

    class Spy(Searcher):             # a subclass overrides the method for the compiled search too
        def _null_search(self, *args):
            start = self.nodes
            try:
                s = super()._null_search(*args)
            except search_module.Stop:
                stopped_inside.append(self.nodes)
                raise
            spans.append((start, self.nodes))
            return s

    pos = normal()
    fen, h = pos.fen(), pos.hash
    Spy().search(pos, Limits(depth=9))          # where the null-move searches lie in the node count
    inside = [start + (end - start) // 2 for start, end in spans if end - start >= 4]
    assert inside
    for budget_nodes in inside[:5]:             # the same deterministic search, stopped in the middle of one
        r = Spy().search(pos, Limits(nodes=budget_nodes))
        assert r.best in pos.legal_moves()
        assert pos.fen() == fen and pos.hash == h and not pos.moves_made and pos.history == [h]
    assert stopped_inside


def test_depth_limit_and_infos():
    infos: list[SearchInfo] = []
    pos = normal()
    r = Searcher().search(pos, Limits(depth=3), on_info=infos.append)
    assert [i.depth for i in infos] == [1, 2, 3]
    assert r.depth == 3 and r.best in pos.legal_moves()
    assert infos[-1].pv[0] == r.best and r.pv == infos[-1].pv
    assert all(info.nodes > 0 and info.elapsed >= 0 for info in infos)


def test_node_limit():
    pos = normal()
    r = Searcher().search(pos, Limits(nodes=500))
    assert 0 < r.nodes <= 500
    assert r.best in pos.legal_moves()


def test_exclude():
    fen = MATE_IN_1[0]
    pos = normal(fen)
    mate = pos.parse_move("a1a8")
    r = Searcher().search(pos, Limits(depth=3), exclude=[mate])
    assert r.best is not None and r.best != mate and r.best in pos.legal_moves()
    assert r.score < 100000
    r = Searcher().search(pos, Limits(depth=3), exclude=pos.legal_moves())
    assert r.best is None


def test_stopped_before_start_still_moves():
    stop = threading.Event()
    stop.set()
    pos = normal()
    r = Searcher().search(pos, Limits(), stop=stop)
    assert r.best in pos.legal_moves()
    assert r.nodes <= 1
    assert pos.fen() == get_game("normal").start_fen


def test_ponder_move_is_a_legal_reply():
    pos = normal()
    r = Searcher().search(pos, Limits(depth=4))
    assert r.ponder is not None
    pos.push(r.best)
    assert r.ponder in pos.legal_moves()
    pos.pop()


def test_capablanca():
    game = get_game("capablanca")
    pos = game.position()
    fen = pos.fen()
    r = Searcher().search(pos, Limits(depth=3))
    assert r.best in pos.legal_moves() and pos.fen() == fen
    # a hanging archbishop is taken
    pos = game.position("4k5/10/10/4a5/10/10/4R5/5K4 w - - 0 1")
    assert pos.move_name(Searcher().search(pos, Limits(depth=3)).best) == "e2e5"


def test_new_game_clears_tables():
    s = Searcher()
    s.search(normal(), Limits(depth=3))
    assert s.tt
    s.new_game()
    assert not s.tt and not s.history


# ---------------------------------------------------------------- time budget (pure)
def test_budget_movetime():
    b = budget(Limits(movetime=1.0))
    # a fixed move time cannot be saved for later: iterations start until the hard limit (issue 50)
    assert 0.9 <= b.hard <= 0.95 and b.soft == b.hard and b.use_all
    tiny = budget(Limits(movetime=0.05))
    assert 0 < tiny.hard <= 0.05 and tiny.use_all
    # on a clock the time saved stays on the clock: no new iteration after the soft limit
    clock = budget(Limits(time_left=60.0))
    assert clock.soft < clock.hard and not clock.use_all
    assert not budget(Limits(movetime=5.0, time_left=1.0)).use_all


def test_a_fixed_move_time_is_used_to_its_end():
    """At 0.3 s a move the search does not stop because the next iteration looks too long: it reports a
    completed or unfinished iteration close to the deadline (issue 50: mixed3d stopped after 0.16 s of 0.5)."""
    pos = get_game("mixed3d").position()
    Searcher().search(pos, Limits(depth=1))          # the game's search tables, built once
    t = time.perf_counter()
    result = Searcher().search(pos, Limits(movetime=0.3))
    spent = time.perf_counter() - t
    assert result.best in pos.legal_moves()
    assert spent >= 0.2             # a lower bound: a loaded machine only makes the search slower


def test_budget_clock_sudden_death_and_increment():
    b = budget(Limits(time_left=60.0))
    assert 0.5 < b.hard < 60.0 * 0.4 and b.soft <= b.hard / 2 + 1e-9
    with_inc = budget(Limits(time_left=60.0, increment=2.0))
    assert with_inc.hard > b.hard
    assert budget(Limits(time_left=60.0, moves_to_go=5)).hard > b.hard


def test_budget_never_uses_the_last_moments():
    for left in (0.1, 0.2, 0.5, 1.0):
        for mtg in (None, 1, 2, 40):
            b = budget(Limits(time_left=left, moves_to_go=mtg, increment=0.0))
            assert b.hard <= max(left - 0.05, 0.005) + 1e-9, (left, mtg, b)
    last = budget(Limits(time_left=10.0, moves_to_go=1))
    assert 5.0 < last.hard <= 10.0 - 0.05


def _play_control(start: float, moves: int, overhead: float, increment: float = 0.0) -> float:
    """Play one time control: each move thinks twice its soft limit (about its share, as iterative
    deepening does) but never past the hard limit, plus ``overhead`` outside the search."""
    left = start
    for mtg in range(moves, 0, -1):
        b = budget(Limits(time_left=left, moves_to_go=mtg, increment=increment))
        left -= min(b.hard, 2 * b.soft) + overhead
        assert left > 0, (mtg, left)
        left += increment
    return left


def test_budget_reserve_grows_with_the_moves_still_to_play():
    from hyperchess.engine.timecontrol import reserve
    assert reserve(3.58, 10) > reserve(3.58, 5) > reserve(3.58, 2) > reserve(3.58, 1)
    assert reserve(3.58, 10) >= 0.3                       # 40 ms for each move still to play
    assert reserve(1.0, 40) <= 0.05 + 0.02 + 0.25 + 1e-9  # never more than a quarter of the clock
    # the increment pays for part of each move's overhead, never all of it (a loaded machine's latency)
    assert reserve(10.0, 1) < reserve(10.0, None, increment=0.1) < reserve(10.0, None)
    assert _play_control(10.0, 150, 0.03, increment=0.1) > 0         # 10 s + 0.1 s, 30 ms a move: no flag
    # issue 15: 3.58 s left, ten moves before the top-up -> each move gets less, a margin is kept
    assert budget(Limits(time_left=3.58, moves_to_go=10)).hard < budget(Limits(time_left=3.58, moves_to_go=1)).hard
    last = budget(Limits(time_left=3.58, moves_to_go=1))
    assert last.hard <= 0.7 * 3.58


def test_budget_forty_moves_a_minute_keeps_a_margin_to_the_top_up():
    # 30 ms a move outside the search (pipes, a loaded machine): the control ends with time to spare
    assert _play_control(60.0, 40, 0.03) >= 0.5
    assert _play_control(10.0, 40, 0.03) >= 0.1
    assert _play_control(60.0, 40, 0.06) >= 0.4
    assert _play_control(10.0, 30, 0.0, increment=0.1) > 0


def test_budget_inside_the_reserve_answers_at_once():
    assert budget(Limits(time_left=0.04)).hard == 0.0
    assert budget(Limits(time_left=0.0, increment=1.0)).hard == 0.0
    assert 0 < budget(Limits(time_left=0.07)).hard <= 0.02


def test_search_with_no_time_left_still_moves():
    pos = normal(MATE_IN_1[1])
    r = Searcher().search(pos, Limits(time_left=0.01))
    assert r.best in pos.legal_moves()
    assert r.depth == 0


def test_budget_combines_and_infinite():
    assert budget(Limits(infinite=True, movetime=1.0)).hard is None
    assert budget(Limits(depth=5)).hard is None
    both = budget(Limits(movetime=5.0, time_left=1.0))
    assert both.hard <= 1.0 * 0.4


@pytest.mark.parametrize("fen", ["8/8/8/4k3/8/8/8/4K2Q w - - 0 1", "8/8/8/4k3/8/8/8/R3K3 b - - 0 1"])
def test_mates_the_lone_king(fen):
    """K+Q v K and K+R v K (weak side to move first): mated well within the fifty-move rule."""
    pos = normal(fen)
    board = chess.Board(fen)
    s = Searcher()
    for _ in range(100):
        if board.is_game_over(claim_draw=True):
            break
        move = s.search(pos, Limits(depth=3)).best
        board.push(chess.Move.from_uci(pos.move_name(move)))
        pos.push(move)
    assert board.is_checkmate()


# ---------------------------------------------------------------- team games (four players, two teams)
class _FourPlayerRooks:
    """A tiny capture-the-king game for four players in teams white+gold v black+silver: kings and rooks
    on 8x8, no check; a side whose king is taken is skipped; a team without kings has lost."""

    _game = None

    @classmethod
    def game(cls):
        if cls._game is None:
            from hyperchess.variants.core.game import Game
            from hyperchess.variants.board.geometry import Geometry
            from hyperchess.variants.board.notation import SquareNames
            from hyperchess.variants.board.pieces import KING, ROOK
            from hyperchess.variants.core.outcome import Outcome

            class FourPlayerRooks(Game):
                name = "four-player-rooks-test"
                players = 4
                color_names = ("white", "black", "gold", "silver")
                color_letters = ("w", "b", "g", "s")
                royal_rule = "none"
                start_fen = "8/8/8/8/8/8/8/8 w - - 0 1"

                def __init__(self):
                    geo = Geometry(8, 8)
                    super().__init__(geo, SquareNames(geo), (ROOK, KING))
                    self.compile()

                def next_turn(self, pos, color):
                    for i in range(1, 5):
                        if pos.royals[(color + i) % 4]:
                            return (color + i) % 4
                    return color

                def game_over(self, pos):
                    alive = {self.teams[c] for c in range(4) if pos.royals[c]}
                    if alive == {0}:
                        return Outcome("1-0", "black and silver lost their kings", "king captured")
                    if alive == {1}:
                        return Outcome("0-1", "white and gold lost their kings", "king captured")
                    return None

            cls._game = FourPlayerRooks()
        return cls._game


def four_player(pieces: dict[str, tuple[str, int]], turn: int = 0):
    """A position of the test game: square -> (piece letter, colour)."""
    from hyperchess.variants.core.game import code_of
    game = _FourPlayerRooks.game()
    pos = game.position()
    for square, (letter, color) in pieces.items():
        pos.put(game.names.parse(square), code_of(game.kind_by_letter[letter], color))
    pos.history = [pos.hash]
    assert pos.turn == turn
    return pos


def test_team_game_ally_moving_next_is_not_an_opponent():
    """Black is out, so gold (white's partner) moves right after white: white must not block gold's
    rook, which takes the silver king next (a win for white's team in 2 plies)."""
    pos = four_player({"a1": ("K", 0), "d1": ("R", 0), "h1": ("K", 2), "a8": ("R", 2), "e8": ("K", 3)})
    r = Searcher().search(pos, Limits(depth=3))
    assert pos.move_name(r.best) != "d1d8"
    assert r.score == 100001                          # won at ply 2: (2 + 1) // 2 = 1 "move" (docs/engine.md)
    pos.push(r.best)
    assert pos.turn == 2                              # gold, same team: the score was not negated
    pos.pop()


def test_team_game_opponent_threat_is_met():
    """Gold is out; silver's rook attacks white's king and silver moves after black: white must step
    away or block, and the search must not score the position as lost."""
    pos = four_player({"e1": ("K", 0), "a2": ("R", 0), "h8": ("K", 1), "e8": ("R", 3), "g6": ("K", 3)})
    r = Searcher().search(pos, Limits(depth=4))
    assert r.score > -100000
    pos.push(r.best)
    assert pos.turn == 1                              # black next, then silver
    assert not pos.attacked(next(iter(pos.royals[0])), (3,))
    pos.pop()
    pos.push(pos.parse_move("a2b2"))                  # ignoring the threat loses: black, then silver takes
    assert Searcher().search(pos, Limits(depth=3)).score == 100001 and pos.turn == 1


@pytest.mark.parametrize("checks", [True, False])
def test_quiescence_checks_see_a_quiet_mate_past_the_horizon(monkeypatch, checks):
    """At depth 1, Qxa7 lets Black mate with the quiet Re1. Quiet checks in the first quiescence ply see
    it and keep the queen home; without them the pawn is taken (the horizon the checks are for)."""
    import hyperchess.engine.search as search
    monkeypatch.setattr(search, "QS_CHECKS", checks)
    pos = normal("4r1k1/p4ppp/8/8/3Q4/8/5PPP/6K1 w - - 0 1")
    result = Searcher().search(pos, Limits(depth=1))
    assert (pos.move_name(result.best) == "d4a7") is not checks
    if checks:
        board = chess.Board(pos.fen())
        board.push_uci(pos.move_name(result.best))
        board.push_uci("e8e1")
        assert not board.is_checkmate()        # the move chosen stops the mate


# ---------------------------------------------------------------- node-level pruning (docs/engine.md "Search")
UP_A_QUEEN = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1"        # White to move, a queen ahead, no check


def ready(fen: str) -> tuple[Searcher, object]:
    """A searcher set up for ``pos`` as a search would leave it (tables, evaluator), its TT empty."""
    pos = normal(fen)
    s = Searcher()
    s.search(pos, Limits(depth=1))
    s.tt.clear()
    s.nodes = 0
    return s, pos


def test_reverse_futility_cuts_a_shallow_node_far_above_beta():
    """A non-PV node at depth <= RFP_DEPTH whose static score minus depth * RFP_MARGIN still reaches beta
    returns at once; the same node in a PV window, or with beta out of reach, searches its moves."""
    import hyperchess.engine.margins as sm
    s, pos = ready(UP_A_QUEEN)
    static = s._eval(pos)
    beta = static - sm.RFP_MARGIN * 2 - 50
    assert s._ab(pos, 2, beta - 1, beta, 1) >= beta
    assert s.nodes == 1                                     # no child visited
    s.nodes = 0
    s._ab(pos, 2, beta - 1, static + 1000, 1)               # PV window: searched
    assert s.nodes > 1
    s, pos = ready(UP_A_QUEEN)
    beta = static - sm.RFP_MARGIN * 2 + 50                  # the margin does not clear beta: searched
    s._ab(pos, 2, beta - 1, beta, 1)
    assert s.nodes > 1


def test_reverse_futility_never_cuts_in_check():
    s, pos = ready("4k3/pppp4/8/8/8/8/PPPP4/3QK2r w - - 0 1")   # a queen ahead, but in check
    static = s._eval(pos)
    s._ab(pos, 2, static - 501, static - 500, 1)
    assert s.nodes > 1


def test_a_node_without_a_hash_move_is_searched_one_ply_shallower():
    """Internal iterative reduction: from IIR_DEPTH on, a node the TT knows no move for stores its result
    one ply shallower; with a hash move it keeps its depth."""
    import hyperchess.engine.margins as sm
    from hyperchess.engine.hashtables import UPPER
    from hyperchess.engine.scores import INF
    d = sm.IIR_DEPTH
    s, pos = ready(None)
    s._ab(pos, d, -INF, INF, 1)
    assert s.tt[pos.hash][0] == d - 1
    move = s.tt[pos.hash][3]
    s.tt.clear()
    s.tt[pos.hash] = (0, UPPER, -INF // 2, move)            # a hash move, no usable bound
    s._ab(pos, d, -INF, INF, 1)
    assert s.tt[pos.hash][0] == d



def test_quiet_endings_are_the_games_own_hooks():
    """Frontier pruning skips quiet moves only where no quiet move can end the game: the core's endings
    (a king captured, a colour eliminated, a bare king) need a capture; a game's own ``game_over`` hook
    (First Contact: a check wins) may end it on any move."""
    assert get_game("first-contact").quiet_endings
    for name in ("future-generation", "millennium", "shatranj", "normal", "mixed3d"):
        assert not get_game(name).quiet_endings, name


def test_deep_quiescence_tries_only_recaptures():
    """From the ``QS_RECAPTURES``-th quiescence ply on, only captures on the cell the last move landed on
    are searched (mixed3d's crowded cube otherwise chains exchanges a dozen plies deep)."""
    import hyperchess.engine.margins as sm
    from pathlib import Path
    sets = Path(__file__).resolve().parent.parent / "bench" / "positions" / "mixed3d.txt"
    middlegame = [line for line in sets.read_text().splitlines() if line.strip() and not line.startswith("#")][7]
    pos = get_game("mixed3d").position(middlegame)
    seen = []

    class Spy(Searcher):
        def _qs(self, pos, alpha, beta, ply, check, checks=False, qdepth=0):
            if qdepth > sm.QS_RECAPTURES and not check:
                seen.append((pos.move_stack[-1][1], pos.move_stack[-2][1]))
            return super()._qs(pos, alpha, beta, ply, check, checks, qdepth)

    Spy().search(pos, Limits(depth=2))
    assert seen and all(a == b for a, b in seen)


def _bench_position(game_name: str, index: int):
    from pathlib import Path
    sets = Path(__file__).resolve().parent.parent / "bench" / "positions" / f"{game_name}.txt"
    fens = [line for line in sets.read_text().splitlines() if line.strip() and not line.startswith("#")]
    return get_game(game_name).position(fens[index])


def test_only_a_root_of_many_moves_makes_a_wide_search():
    """A wide search (harder pruning, engine/search.py) is one whose root has ``WIDE_ROOT`` legal moves or
    more: mixed3d's 188 at the start; no other game's position in its SPRT games had that many."""
    from hyperchess.engine.deepening import WIDE_ROOT
    for name, index, wide in (("mixed3d", 0, True), ("mixed3d", 9, True), ("normal", 5, False),
                              ("raumschach", 4, False), ("future-generation", 9, False)):
        pos = _bench_position(name, index)
        assert (len(pos.legal_moves()) >= WIDE_ROOT) == wide, name
        s = Searcher()
        s.search(pos, Limits(depth=1))
        assert s.wide == wide, name


def test_a_wide_pv_node_keeps_the_escape_of_an_attacked_piece():
    """A wide search prunes late quiet moves in PV nodes too, but never the moves of an attacked piece. In
    this mixed3d middlegame a depth-6 search (before the wide pruning) scores +85; pruning the escapes as
    well, depth 2 believed it won a piece (+247)."""
    pos = _bench_position("mixed3d", 5)
    result = Searcher().search(pos, Limits(depth=2))
    assert result.score < 150


def test_a_game_where_every_move_captures_keeps_quiescence_to_recaptures():
    """Clobber (FSF's ``cW`` stones): all-capture quiescence would be the whole tree below every leaf (65,690
    nodes for depth 1 from clobber10's start); recaptures only keep depth 1 near the root's 180 moves."""
    s = Searcher()
    pos = get_game("clobber10").position()
    result = s.search(pos, Limits(depth=1))
    assert len(pos.legal_moves()) == 180 and result.best in pos.legal_moves()
    assert s.nodes < 2 * 180
    assert not game_data(get_game("normal")).captures_only and not game_data(get_game("crazyhouse")).captures_only


@pytest.mark.parametrize("name, fen", [
    ("normal", "8/8/5k2/8/8/8/8/3QK3 w - - 0 1"),            # mop-up: K+Q v K
    ("normal", "8/5k2/8/3p4/3P4/8/2K5/8 w - - 0 1"),          # king centralisation: pawns only
    ("cylinder", "8/8/5k2/8/8/8/8/3QK3 w - - 0 1"),          # a wrapped board's distances
])
def test_the_kept_endgame_bonus_is_the_terms_own_for_every_pair_of_king_cells(name, fen):
    """The search keeps an endgame term's bonus by the kings' cells: it equals the term's own value wherever
    the kings stand (every cell pair reached by a short search from the position)."""
    from hyperchess.engine.endgame import king_centre_for, mop_up_for
    pos = get_game(name).position(fen)
    gd = game_data(pos.game)
    term = mop_up_for(pos, gd) or king_centre_for(pos, gd)
    assert term is not None
    searcher = Searcher(1)
    seen = 0

    def walk(depth: int) -> None:
        nonlocal seen
        assert searcher._endgame_bonus(pos, term) == term.bonus(pos), pos.fen()
        seen += 1
        if depth:
            for m in pos.legal_moves():
                pos.push(m)
                walk(depth - 1)
                pos.pop()

    walk(3)
    assert seen > 100
