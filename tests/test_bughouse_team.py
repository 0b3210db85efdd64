"""Our engine on one board of a two-board game plays for its team (engine/partner.py, docs/engine.md "Two
boards"): it is told the other board (in process, over UCI and CECP's option PartnerPosition, by the match
runner and the web board) and weighs what its captures and losses give there."""
from __future__ import annotations

import io
import re
import sys

from protocol_support import EngineProcess, InProcess
from hyperchess.engine.partner import (MATE_GAIN, PASSED_VALUE, TEAM_SECONDS, THREAT_SHARE, passing_gains,
                                       team_term)
from hyperchess.engine.search import Searcher
from hyperchess.engine.timecontrol import Limits
from hyperchess.tournament.spec import EngineSpec, TimeControl
from hyperchess.tournament.teamgame import play_team_game
from hyperchess.variants import get_game
from hyperchess.variants.board.codes import code_of

GAME = get_game("bughouse")
KNIGHT = 2
ROOK = 4


def _passed(kind: int) -> int:
    """What a piece counts for its receiver on the other board besides a mate."""
    return GAME.pieces[kind].value * PASSED_VALUE // 100

# Board B: its White, to move, mates by N@f7 (smothered) if given a knight; nothing else mates there.
FEED_WHITE = "6rk/6pp/8/8/8/7P/5PP1/6K1[] w - - 0 20"
# Board A, White to move: Nxf7 wins the exchange (board-only it is the best move), but Kxf7 then passes the white
# knight to B's White, our partner's opponent.
EXCHANGE = "6k1/5rpp/8/4N3/8/7P/5PP1/6K1[] w - - 0 20"
# Board B: its Black (our partner when we are A's White), to move, mates by N@f2 if given a knight.
FEED_BLACK = "6k1/5pp1/7p/8/8/8/6PP/6RK[] b - - 0 20"
# Board A, White to move: Qxh8 takes a rook, Qxd7 a knight (board-only the rook is worth more).
ROOK_OR_KNIGHT = "k6r/pp1n4/8/8/3Q4/7P/5PP1/6K1[] w - - 0 20"


def _best(fen: str, partner: str | None, depth: int = 3, limits: Limits | None = None) -> str:
    s = Searcher(8)
    s.partner = GAME.position(partner) if partner else None
    pos = GAME.position(fen)
    return pos.move_name(s.search(pos, limits or Limits(depth=depth)).best)


def test_a_piece_that_mates_on_the_other_board_is_worth_a_mate_to_its_receiver():
    value = _passed(KNIGHT)
    gains = passing_gains(GAME.position(FEED_WHITE))
    assert gains[0][KNIGHT] == value + MATE_GAIN               # White to move there: N@f7 mates at once
    assert gains[1][KNIGHT] == value
    assert [gains[0][k] for k in (1, 3, 4, 5)] == [_passed(k) for k in (1, 3, 4, 5)]
    waiting = passing_gains(GAME.position(FEED_WHITE.replace(" w ", " b ")))
    assert waiting[0][KNIGHT] == value + MATE_GAIN // THREAT_SHARE   # Black moves first there: a threat
    # a side that sits (in check, no move, nothing in hand) is freed by any piece that blocks: a rook, not a pawn
    # (no pawn is dropped on the first rank)
    sitting = passing_gains(GAME.position("k7/8/8/8/8/8/PP6/K6r[] w - - 0 30"))
    assert sitting[0][ROOK] == _passed(ROOK) + MATE_GAIN and sitting[0][KNIGHT] == _passed(KNIGHT) + MATE_GAIN
    assert sitting[0][1] == _passed(1)


def test_the_team_term_counts_what_the_captures_since_the_root_pass():
    pos = GAME.position(EXCHANGE)
    term = team_term(pos, GAME.position(FEED_WHITE))
    assert term.score(pos) == 0
    pos.push(pos.parse_move("e5f7"))                           # a black rook goes to our partner (B's Black)
    assert term.score(pos) == _passed(ROOK)
    pos.push(pos.parse_move("g8f7"))                           # our knight goes to B's White, who mates with it
    assert term.score(pos) == _passed(ROOK) - _passed(KNIGHT) - MATE_GAIN
    assert team_term(pos, None) is None and team_term(get_game("crazyhouse").position(), pos) is None
    quiet = GAME.position()                                    # nothing passed decides anything there
    assert (team_term(pos, quiet) is None) == (PASSED_VALUE == 0)


def test_the_team_engine_declines_a_trade_that_hands_the_opponents_a_mating_knight():
    assert _best(EXCHANGE, None) == "e5f7"                     # the board alone: the exchange
    assert _best(EXCHANGE, FEED_WHITE) != "e5f7"               # for the team: the knight stays
    # with less than TEAM_SECONDS to think, the board alone (the team term takes time to build)
    assert _best(EXCHANGE, FEED_WHITE, limits=Limits(movetime=TEAM_SECONDS / 3)) == "e5f7"


def test_the_team_engine_takes_the_piece_that_lets_its_partner_mate():
    assert _best(ROOK_OR_KNIGHT, None) == "d4h8"               # the board alone: the rook
    assert _best(ROOK_OR_KNIGHT, FEED_BLACK) == "d4d7"         # for the team: the knight, N@f2 mates on B
    assert _best(ROOK_OR_KNIGHT, FEED_WHITE.replace(" w ", " b ")) == "d4h8"   # a partner with no use for it


def test_uci_partner_position_reaches_the_engine_and_changes_its_move():
    with EngineProcess([sys.executable, "-m", "hyperchess", "uci"]) as uci:
        uci.send("uci")
        _, lines = uci.expect("uciok")
        assert "option name PartnerPosition type string default <empty>" in lines
        assert "option name TeamPlay type check default true" in lines
        uci.send("setoption name UCI_Variant value bughouse", "isready")
        uci.expect("readyok")
        moves = []
        for setup in ([], [f"setoption name PartnerPosition value {FEED_WHITE}"], [],
                      ["setoption name TeamPlay value false", f"setoption name PartnerPosition value {FEED_WHITE}"]):
            uci.send(*setup, f"position fen {EXCHANGE}", "go depth 3")
            moves.append(uci.expect(r"bestmove \S+.*", 60)[0].split()[1])
        # told the other board: another move; the option holds for one search; TeamPlay false: the board alone
        assert moves[0] == "e5f7" and moves[1] != "e5f7" and moves[2:] == ["e5f7", "e5f7"]
        uci.send("setoption name TeamPlay value true", "setoption name PartnerPosition value 8/8 w",
                 "setoption name UCI_Variant value crazyhouse", f"setoption name PartnerPosition value {FEED_WHITE}",
                 "isready")
        _, lines = uci.expect("readyok")
        assert [x for x in lines if x.startswith("info string Partner")] == [
            "info string PartnerPosition: expected 8 ranks, got 2",
            "info string PartnerPosition: crazyhouse is not played on two boards"]


def test_cecp_option_partner_position_changes_the_move():
    with InProcess() as cecp:
        features = cecp.handshake()
        assert 'feature option="PartnerPosition -string "' in features
        moves = []
        for option in (None, f"option PartnerPosition={FEED_WHITE}"):
            cecp.send("new", "variant bughouse", "force", f"setboard {EXCHANGE}", "sd 3")
            if option:
                cecp.send(option)
            cecp.send("go")
            moves.append(cecp.expect(r"move \S+", 60)[0].split()[1])
            cecp.send("force")
        assert moves[0] == "e5f7" and moves[1] != "e5f7"
        cecp.send("option PartnerPosition=nonsense")
        assert re.fullmatch(r"Error \(bad option value\): PartnerPosition: .+", cecp.expect("Error.*")[0])


def test_the_match_runner_tells_our_engines_the_other_board_before_each_move():
    log = io.StringIO()
    specs = [EngineSpec(name=n, argv=(sys.executable, "-m", "hyperchess", "uci"), proto="uci",
                        tc=TimeControl(depth=1)) for n in "abcd"]
    record = play_team_game("bughouse", specs, stall=30, max_moves=12, log=log)
    lines = log.getvalue().splitlines()
    told = [x for x in lines if "setoption name PartnerPosition value" in x]
    asked = [x for x in lines if re.search(r" go( |$)", x)]
    assert len(told) == len(asked) >= len(record.moves) >= 12
    first = told[0].split(" value ", 1)[1]
    assert first == GAME.position().fen()                      # the other board, at the start


def test_the_web_boards_engine_seat_is_told_the_other_board():
    from hyperchess.web.team_session import TeamSession
    moves = []
    for told in (False, True):
        s = TeamSession("bughouse", ["engine", "human", "human", "human"], movetime=0.6)
        s.boards.boards[0] = GAME.position(EXCHANGE)
        s.boards.boards[1] = GAME.position(FEED_WHITE if told else None)
        s.kick()
        for w in list(s.workers):
            if w is not None:
                w.join(timeout=60)
        s.close()
        moves.append(s.names[0])
    # the other board at its start (no piece passed decides anything there): the exchange; a board where a
    # knight mates for the opponents: the knight stays
    assert moves[0] == "A:e5f7" and moves[1] != "A:e5f7"
