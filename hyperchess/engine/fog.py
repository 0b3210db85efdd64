"""Playing a game with fog of war from what one side sees (``Game.fog``; docs/rules/fogofwar.md, docs/engine.md).

The engine is never given the position: only the views (``variants/core/visibility.View``) its side had after
each move. From them ``Belief`` keeps what it knows of the hidden side: what each unseen cell held when last
seen and how long ago (the start position is known to all), the enemy pieces it took, the castling rights
still possible, the cells where its own pieces were taken unseen. ``FogEngine.choose`` then draws positions
that agree with the last view (determinized search): every seen cell as seen, the enemy pieces it cannot see
where they were last seen (the unaccounted ones on their start cells, or anywhere unseen), then moved by moves
of their own as the enemy may have moved them unseen, sometimes by one that attacks our king. Each drawn
position is searched briefly with the ordinary search; the moves most of them chose are then tried in every
one, and the best mean score is played. A royal piece in reach is taken at once. Nothing here names a game.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from hyperchess.variants import Game, Position
from hyperchess.variants.board.codes import EMPTY, EN_PASSANT, HOLE, PROMOTION, SPECIAL, Move, ep_victim
from hyperchess.variants.board.errors import FenError
from hyperchess.variants.core.fen import format_board
from hyperchess.variants.core.load import pawn_cells
from hyperchess.variants.core.visibility import UNSEEN, View, moves_of

from .search import Searcher
from .timecontrol import Limits

MOVED = 0.2           # the chance that an unseen enemy piece moved at each enemy move since it was seen
THREAT = 0.3          # the chance that a sample's enemy made a move unseen that attacks a royal piece of ours
CANDIDATES = 4        # the moves most samples chose, each then tried in every sample
WIN = 5000            # the score of a royal piece taken (search scores clipped to it)


@dataclass
class Sample:
    """One position drawn from a belief, and the moves of the view it may play."""
    pos: Position
    exclude: list[Move]


class Belief:
    """What ``color`` knows of a game with fog after the views it has had (``update`` with each in turn)."""

    def __init__(self, game: Game, color: int) -> None:
        self.game = game
        self.color = color
        start = game.position()
        self.start = tuple(start.board)
        self.memory = list(start.board)          # what each cell held when last seen (the start: known to all)
        self.age = [0] * len(self.memory)        # views since each cell was last seen
        self.rights = start.rights               # castling rights not yet seen to be lost
        self.alive: Counter = Counter(c for c in start.board if self._enemy(c))   # enemy pieces not taken
        self.last: View | None = None
        self.taken_at: set[int] = set()          # unseen cells where an own piece was taken (an enemy stands there)
        self.played: Move | None = None          # our move since the last view, when we chose it (``moved``)

    def _enemy(self, code: int) -> bool:
        g = self.game
        return code > HOLE and g.owner[code] >= 0 and g.teams[g.owner[code]] != g.teams[self.color]

    def _own(self, code: int) -> bool:
        return code > HOLE and self.game.owner[code] == self.color

    def moved(self, move: Move) -> None:
        """Our own move, played after the last view."""
        self.played = move

    def update(self, view: View) -> None:
        """Take in the next view. Over UCI or CECP views come only when we are to move, so between two of them
        lie our move and the reply: what our move took is then read from the move itself (``moved``)."""
        prev, played = self.last, self.played
        board = view.board
        self.played = None
        if prev is not None and prev.turn == self.color:
            if played is not None and played[3] < SPECIAL:
                # our move took what stood on its target (a side sees every cell it may move to)
                target = ep_victim(played) if played[3] == EN_PASSANT else played[1]
                if 0 <= target < len(prev.board) and self._enemy(prev.board[target]):
                    self.alive[prev.board[target]] -= 1
            else:
                # an enemy piece seen before our move and gone now (our piece there, or the cell seen empty) was
                # taken by it: exact when this view follows our move at once
                for c, code in enumerate(prev.board):
                    if code != UNSEEN and self._enemy(code) and (board[c] == EMPTY or self._own(board[c])):
                        self.alive[code] -= 1
        if prev is not None:
            for c, code in enumerate(prev.board):
                if self._own(code) and not self._own(board[c]) and board[c] == UNSEEN \
                        and (played is None or c != played[0]):      # not the cell our own piece left
                    self.taken_at.add(c)
        mask = self.game.castle_mask
        for c, code in enumerate(board):
            if code == UNSEEN:
                self.age[c] += 1
                continue
            self.memory[c], self.age[c] = code, 0
            self.taken_at.discard(c)
            if code != self.start[c]:
                self.rights &= ~mask[c]
        seen = Counter(code for code in board if code != UNSEEN and self._enemy(code))
        for code, n in seen.items():
            if n > self.alive[code]:               # more than it had: promoted pawns
                self._promoted(code, n - self.alive[code])
        for code in list(self.alive):
            ghosts = [c for c, x in enumerate(self.memory) if x == code and board[c] == UNSEEN]
            extra = seen[code] + len(ghosts) - self.alive[code]
            if extra > 0:                           # seen elsewhere since: forget the stale sightings nearest it
                here = [c for c, x in enumerate(board) if x == code]
                ghosts.sort(key=lambda c: min((self._distance(c, h) for h in here), default=0))
                for c in ghosts[:extra]:
                    self.memory[c] = EMPTY
        self.last = view

    def _promoted(self, code: int, n: int) -> None:
        """``n`` more pieces of ``code`` seen than it had: that many of its side's pawns promoted unseen."""
        g = self.game
        for p in [p for p in self.alive if p in g.pawn_codes and g.owner[p] == g.owner[code]]:
            take = min(n, self.alive[p])
            self.alive[p] -= take
            self.alive[code] += take
            n -= take
        self.alive[code] += n                # more than pawns explain: believe the eyes

    def _distance(self, a: int, b: int) -> int:
        ca, cb = self.game.geometry.coords[a], self.game.geometry.coords[b]
        return max(abs(x - y) for x, y in zip(ca, cb))

    def sample(self, rng: random.Random) -> Sample | None:
        """A position that agrees with the last view, the enemy's unseen pieces placed at random by what was
        seen of them; None if none could be built."""
        view = self.last
        if view is None:
            return None
        g = self.game
        board = [EMPTY if x == UNSEEN else x for x in view.board]
        free = [c for c, x in enumerate(view.board) if x == UNSEEN]
        pawn_ok = pawn_cells(g)
        placed = Counter(x for x in board if self._enemy(x))

        def fits(code: int, cell: int) -> bool:
            return board[cell] == EMPTY and view.board[cell] == UNSEEN and (
                code not in pawn_ok or cell in pawn_ok[code])

        ghosts = [(c, self.memory[c]) for c in free if self._enemy(self.memory[c])]
        rng.shuffle(ghosts)
        for cell, code in ghosts:
            if placed[code] < self.alive[code] and fits(code, cell):
                board[cell] = code
                placed[code] += 1
        pool = [code for code in self.alive for _ in range(self.alive[code] - placed[code])]
        rng.shuffle(pool)
        pool.sort(key=lambda code: code not in g.royal_codes)      # royal pieces first: they must stand
        for cell in self.taken_at:                                  # the piece that took ours stands there
            if board[cell] == EMPTY and pool:
                code = next((x for x in pool if fits(x, cell)), None)
                if code is not None:
                    pool.remove(code)
                    board[cell] = code
        for code in pool:
            home = [c for c in free if self.start[c] == code and fits(code, c)]
            anywhere = home or [c for c in free if fits(code, c)]
            if anywhere:
                board[rng.choice(anywhere)] = code
            elif code in g.royal_codes:
                return None
        try:
            self._wander(board, view, rng)
            pos = self._position(board, view.turn)
        except (FenError, ValueError, KeyError):
            return None
        allowed = set(view.moves)
        legal = pos.legal_moves()
        if not allowed & set(legal):
            return None
        return Sample(pos, [m for m in legal if m not in allowed])

    def _wander(self, board: list[int], view: View, rng: random.Random) -> None:
        """Moves the enemy may have made unseen: each unseen enemy piece moves, with a chance that grows with
        the enemy moves since its cell was seen (``MOVED`` each), by one of its moves onto an unseen cell."""
        g = self.game
        pos = self._position(board, view.turn)
        unseen = {c for c, x in enumerate(view.board) if x == UNSEEN}
        by_cell: dict[int, list[Move]] = {}
        for color in range(g.players):
            if g.teams[color] == g.teams[self.color]:
                continue
            for m in moves_of(pos, color):
                if m[0] in unseen and m[1] in unseen and m[0] != m[1] and board[m[1]] == EMPTY \
                        and m[3] != EN_PASSANT:
                    by_cell.setdefault(m[0], []).append(m)
        royals = [c for c, x in enumerate(board) if x in g.royal_codes and self._own(x)]
        if royals and by_cell and rng.random() < THREAT:
            # the move the enemy would like best: one that attacks a royal piece of ours, if it has one
            threats = []
            for m in (m for moves in by_cell.values() for m in moves):
                pos.push(m)
                if any(pos.attacked(r, g.enemies[self.color]) for r in royals):
                    threats.append(m)
                pos.pop()
            if threats:
                m = rng.choice(threats)
                board[m[1]], board[m[0]] = (m[2] if m[3] == PROMOTION else board[m[0]]), EMPTY
                del by_cell[m[0]]
        for frm, moves in by_cell.items():
            if board[frm] == EMPTY or not self._enemy(board[frm]):
                continue
            moved = 1.0 - (1.0 - MOVED) ** ((self.age[frm] + 1) // 2)
            if rng.random() < moved:
                m = rng.choice(moves)
                code = m[2] if m[3] == PROMOTION else board[frm]
                if board[m[1]] == EMPTY:
                    board[m[1]], board[frm] = code, EMPTY

    def _position(self, board: list[int], turn: int) -> Position:
        """The position of ``board`` with ``turn`` to move and the castling rights still possible there."""
        g = self.game
        castling = "-"
        if g.castling_style != "files":
            castling = "".join(rule.fen_char for i, rule in enumerate(g.castling)
                               if self.rights >> i & 1 and board[rule.king_from] == self.start[rule.king_from]
                               and board[rule.rook_from] == self.start[rule.rook_from]) or "-"
        return Position(g, f"{format_board(g, board)} {g.color_letters[turn]} {castling} - 0 1")


class FogEngine:
    """The engine for a side of a game with fog: ``observe`` each view it gets (after every move), then
    ``choose`` a move when the last view is its turn. ``samples`` positions are searched, ``nodes`` each; the
    ``CANDIDATES`` moves most of them chose are then tried in each sample (the reply searched ``reply_nodes``
    nodes) and the best mean is played: a move that loses the king in some samples pays for it."""

    def __init__(self, game: Game, color: int, samples: int = 8, nodes: int = 600, reply_nodes: int = 150,
                 seed: int | None = None, hash_mb: int = 8) -> None:
        self.belief = Belief(game, color)
        self.color = color
        self.samples = samples
        self.nodes = nodes
        self.reply_nodes = reply_nodes
        self.rng = random.Random(seed)
        self.searcher = Searcher(hash_mb=hash_mb)

    def observe(self, view: View) -> None:
        self.belief.update(view)

    def choose(self) -> Move | None:
        """The move to play now, from the views seen so far; None if the last view offers none. It is taken
        as played (``Belief.moved``)."""
        move = self._choose()
        if move is not None:
            self.belief.moved(move)
        return move

    def _choose(self) -> Move | None:
        view = self.belief.last
        if view is None or not view.moves:
            return None
        royal = self.belief.game.royal_codes
        for m in view.moves:                 # a royal piece in reach: take it
            target = ep_victim(m) if m[3] == EN_PASSANT else m[1]
            if 0 <= target < len(view.board) and view.board[target] in royal and self.belief._enemy(view.board[target]):
                return m
        samples: list[Sample] = []
        for _ in range(self.samples * 3):
            if len(samples) >= self.samples:
                break
            sample = self.belief.sample(self.rng)
            if sample is not None:
                samples.append(sample)
        if not samples:
            return self.rng.choice(list(view.moves))
        votes: Counter = Counter()
        for sample in samples:
            self.searcher.new_game()
            result = self.searcher.search(sample.pos, Limits(nodes=self.nodes), exclude=sample.exclude)
            if result.best is not None and result.best in view.moves:
                votes[result.best] += 1
        candidates = [m for m, _ in votes.most_common(CANDIDATES)]
        if len(candidates) <= 1:
            return candidates[0] if candidates else self.rng.choice(list(view.moves))
        return max(candidates, key=lambda m: (self._mean(m, samples), votes[m]))

    def _mean(self, move: Move, samples: list[Sample]) -> float:
        """``move``'s mean score over the samples where it is legal: each the reply's search, ``reply_nodes``
        nodes, from our side; a royal piece lost or taken is worth ``WIN``."""
        total, n = 0, 0
        for sample in samples:
            pos = sample.pos
            if move in sample.exclude:
                continue
            pos.push(move)
            out = pos.outcome()
            if out is not None:
                score = 0 if out.result == "1/2-1/2" else WIN if (out.result == "1-0") == (self.color == 0) else -WIN
            else:
                self.searcher.new_game()
                result = self.searcher.search(pos, Limits(nodes=self.reply_nodes))
                score = -max(-WIN, min(WIN, result.score))
            pos.pop()
            total += score
            n += 1
        return total / n if n else -WIN


def fog_move(game: Game, color: int, observations: Sequence[View], seed: int | None = None, **options) -> Move | None:
    """The move ``color`` plays after ``observations`` (every view it had, in order; the last one its
    turn): a fresh ``FogEngine`` fed them all."""
    engine = FogEngine(game, color, seed=seed, **options)
    for view in observations:
        engine.observe(view)
    return engine.choose()
