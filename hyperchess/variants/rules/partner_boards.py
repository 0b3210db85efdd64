"""Two boards played at once by two teams (bughouse; docs/rules/bughouse.md), over any game whose hands are filled
from outside (``two_boards = true``, variants/rules/hands.py).

Four seats: seat ``2 * board + color`` plays ``color`` on board ``board`` (0 = A, 1 = B). Partners sit across
the boards with opposite colours: team 0 is A's White and B's Black, team 1 A's Black and B's White (FICS's
bughouse help: "your partner, who is playing with the opposite color"). A capture on one board goes to the
hand of the capturer's partner on the other board, in the captured piece's colour, which is the partner's
(``Game.captured_as``: a promoted piece as the pawn it was). The boards move independently; the whole game
ends when either board ends (FICS, chess.com). A side with no legal move now that a piece from its partner
would give one (a check that a drop could block, a stalemate) is not mated: it waits for the piece, its clock
running ("sitting", chess.com's bughouse rules), unless ``sitting = False`` (Fairy-Stockfish's one board: mate
is mate with the hand it has).

The clocks are the runner's (``tournament/teamgame.py``, the web board): this class judges the boards and
passes the pieces; ``flag(seat)`` ends the game on time.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hyperchess.variants.board.codes import Move, code_of
from hyperchess.variants.board.errors import MoveError

SEATS = 4
TEAM_RESULT = ("1-0", "0-1")         # the whole game's result when team 0, team 1 wins


def seat_of(board: int, color: int) -> int:
    return 2 * board + color


def team_of(seat: int) -> int:
    """Team 0: A's White (seat 0) and B's Black (seat 3); team 1: A's Black (1) and B's White (2)."""
    board, color = divmod(seat, 2)
    return color ^ board


def partner_of(seat: int) -> int:
    board, color = divmod(seat, 2)
    return seat_of(1 - board, 1 - color)


def with_hand(pos: Any, codes) -> Any:
    """A new position: ``pos`` with the pieces ``codes`` added to their colours' hands (it is read again from
    its position string, so its moves so far become its start)."""
    game = pos.game
    head, rest = pos.fen().split(" ", 1)
    on_board, hand = head[:-1].split("[", 1)
    return game.position(f"{on_board}[{hand}{''.join(game.letter_of(code) for code in codes)}] {rest}")


@dataclass
class TeamOutcome:
    """How the two-board game ended: ``result`` by team ("1-0": team 0 won), the board that ended it (None:
    both, a flag or an agreement) and why."""
    result: str
    board: int | None
    reason: str


@dataclass
class PartnerBoards:
    """Two positions of ``game`` (a game with ``two_boards``), the pieces passed between them and the end."""
    game: Any
    starts: tuple[str | None, str | None] = (None, None)
    sitting: bool = True
    boards: list = field(init=False)
    moves: list[tuple[int, str]] = field(init=False, default_factory=list)    # (board, move name) in time order
    outcome: TeamOutcome | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        rules = getattr(self.game, "hand_rules", None)
        if rules is None or not rules.two_boards or self.game.players != 2:
            raise ValueError(f"{self.game.name} is not played on two boards (it needs two_boards = true)")
        self.boards = [self.game.position(fen) for fen in self.starts]

    # ------------------------------------------------------------------ who moves
    def to_move(self, board: int) -> int:
        """The seat to move on ``board``."""
        return seat_of(board, self.boards[board].turn)

    def legal_moves(self, board: int) -> list[Move]:
        return [] if self.outcome is not None else self.boards[board].legal_moves()

    # ------------------------------------------------------------------ moves and passed pieces
    def push(self, board: int, move: Move) -> int:
        """Plays ``move`` on ``board``; a capture goes to the partner's hand on the other board. Returns the
        piece code passed (0: none). The game's end is judged after it."""
        if self.outcome is not None:
            raise MoveError("the game is over")
        pos = self.boards[board]
        name = pos.move_name(move)
        passed = self.game.captured_as(pos, move)
        pos.push(move)
        self.moves.append((board, name))
        if passed:
            self.give(1 - board, passed)
        self._judge()
        return passed

    def push_name(self, board: int, text: str) -> int:
        """``push`` of a move written as the game writes it (``e2e4``, ``P@e4``); MoveError if illegal."""
        if self.outcome is not None:
            raise MoveError("the game is over")
        return self.push(board, self.boards[board].parse_move(text))

    def give(self, board: int, code: int) -> None:
        """Puts ``code`` into its colour's hand on ``board`` (the position is read again with the new hand:
        its moves so far become its start)."""
        self.boards[board] = with_hand(self.boards[board], (code,))

    def in_hand(self, seat: int) -> dict[str, int]:
        board, color = divmod(seat, 2)
        return self.game.in_hand(self.boards[board], color)

    # ------------------------------------------------------------------ the end
    def waiting(self, board: int) -> bool:
        """Is the side to move on ``board`` sitting: no legal move now, but a piece in hand would give one?"""
        pos = self.boards[board]
        if not self.sitting or pos.legal_moves():
            return False
        color = pos.turn
        trial = with_hand(pos, [code_of(k, color) for k in self.game.hand_order if not self.game.pieces[k].royal])
        return bool(trial.legal_moves())

    def _judge(self) -> None:
        for board in (0, 1):
            if self.waiting(board):
                continue
            ended = self.boards[board].outcome(claim_draw=False)
            if ended is None:
                continue
            if ended.result == "1/2-1/2":
                self.outcome = TeamOutcome("1/2-1/2", board, f"board {'AB'[board]}: {ended.reason}")
            else:
                winner = seat_of(board, 0 if ended.result == "1-0" else 1)
                self.outcome = TeamOutcome(TEAM_RESULT[team_of(winner)], board,
                                           f"board {'AB'[board]}: {ended.reason}")
            return

    def flag(self, seat: int) -> None:
        """``seat``'s clock ran out: its team loses."""
        if self.outcome is None:
            self.outcome = TeamOutcome(TEAM_RESULT[1 - team_of(seat)], seat // 2,
                                       f"board {'AB'[seat // 2]}: {self.game.color_names[seat % 2]} lost on time")

    def resign(self, seat: int) -> None:
        if self.outcome is None:
            self.outcome = TeamOutcome(TEAM_RESULT[1 - team_of(seat)], seat // 2,
                                       f"board {'AB'[seat // 2]}: {self.game.color_names[seat % 2]} resigned")
