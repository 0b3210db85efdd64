"""Other ways a game ends, as data for any game (docs/variants-file.md, "Other ways a game ends").

A game mixes :class:`Endings` in before its ``Game`` class and sets ``end_rules`` (an :class:`EndRules`, read
from a variants file by variants/rules/end_rules.py) before ``compile``. The rules are Fairy-Stockfish's
(src/position.cpp ``is_immediate_game_end``, ``legal``, ``do_move``; src/position.h ``flag_reached``,
``stalemate_value``, ``checkmate_value``; read at commit c19b5f6c), each a switch that costs nothing when off:

- **flag squares** (``flagPiece``, ``flagRegion``, ``flagMove``, ``flagPieceCount``): a side whose flag piece
  stands on its flag squares after its move wins; with ``flag_move`` the other side first gets one reply; with
  ``flag_blocked_win`` (``flagPieceBlockedWin``) fewer will do once every flag square is taken;
- **castling wins** (``castlingWins``): making a listed castling wins, losing the right to all of them loses;
- **no checks** (``checking = false``): a move may not give check;
- **n-check** (``checkCounting``): each side has a number of checks left, written ``3+3`` between the
  en-passant field and the clocks; the side that gives its last one wins (a drop's check counts too);
- **must capture** (``mustCapture``): a side that has a legal capture must capture;
- **extinction** (``extinctionValue``, ``extinctionPieceTypes``, ``extinctionPieceCount``, ...): a side left with
  at most ``count`` pieces of one of the listed kinds gets ``value``;
- **pseudo-royal pieces** (``extinctionPseudoRoyal``): pieces a move may not leave attacked, and a side with
  no legal move while one of them is attacked is checkmated; with ``duple_check`` (``dupleCheck``) neither may
  a move leave every piece of those kinds attacked, however many;
- **what a checkmate or a stalemate gives** (``checkmateValue``, ``stalematePieceCount``);
- **who may mate** (``shatarMateRule``): a checkmate given only by ``checkmate_not_by``'s pieces wins for the
  mated side; one whose unbroken series of checks had none by ``checkmate_check_by``'s pieces is a draw;
- **material counting** (``materialCounting``): a game that would end in a draw (stalemate, the n-move rule,
  a repetition, or a game's own drawn end through :meth:`Endings.counted`) goes instead to the side the
  material says (src/position.h ``material_counting_result``).

Everything goes through the core's hooks (``game_over``, ``restrict_moves``, ``extra_after_move``,
``mate_outcome``, ``stalemate_outcome``), and each hook's flag is set from the rules in use, so a game that
uses only one of them pays only for that one.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import CASTLE, EN_PASSANT, HOLE, PROMOTION, Move, code_of
from hyperchess.variants.board.errors import FenError
from hyperchess.variants.core.game import Game
from hyperchess.variants.core.outcome import Outcome
from hyperchess.variants.rules.blasts import BLAST, plain_move
from hyperchess.variants.rules.end_rules import CHECKS_LEFT, EXTINCTION, MAX_CHECKS, WEIGHTED, EndRules

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

class Endings:
    """Mixin (before the ``Game`` class among the bases): the endings of ``end_rules``."""

    end_rules = EndRules()
    touching_royals_immune = False     # set where captures blast (variants/rules/blasts.py)
    _hands = False                     # with hands (variants/rules/hands.py), which carry n-check's checks left

    def compile(self) -> None:
        super().compile()                                     # type: ignore[misc]
        r = self.end_rules
        names = self.names                                    # type: ignore[attr-defined]
        kind = self.kind_by_letter                            # type: ignore[attr-defined]
        colors = range(self.players)                          # type: ignore[attr-defined]
        # a piece promoted into a listed kind is of that kind (FSF promotes to the type itself)
        into = getattr(self, "promoted_into", {})

        def codes(letters: str, color: int) -> frozenset[int]:
            if letters == "-":              # a kind the game has not: each side always has none
                return frozenset()
            if letters == "*":
                return frozenset(c for c in range(self.ncodes) if self.kind_of[c] and self.owner[c] == color)  # type: ignore[attr-defined]
            return frozenset([code_of(kind[ch], color) for ch in letters]
                             + [code_of(kind[p], color) for p, x in into.items() if x in letters])

        self._flag_cells = [tuple(names.parse(q) for q in sq) for sq in r.flag_squares]
        self._flag_codes = [codes(p, c) if p else frozenset() for c, p in zip(colors, r.flag_pieces)]
        self._flag_royal = [bool(p) and p != "*" and self.pieces[kind[p]].royal   # type: ignore[attr-defined]
                            for p in r.flag_pieces]
        self._extinct = [[codes(ch, c) for ch in r.extinction_pieces] for c in colors]
        self._pseudo = [[codes(ch, c) for ch in r.pseudo_royal] for c in colors]
        self._z_checks = [[random.Random(0xC4EC << 8 | c << 7 | n).getrandbits(64) for n in range(MAX_CHECKS + 1)]
                          for c in colors]
        # each hook is on only where a rule needs it (the class overrides them all)
        own = lambda name: _overridden(type(self), name)
        self.has_extra = own("extra_after_move") or r.check_counting
        self.has_restrict = own("restrict_moves") or r.must_capture or not r.giving_check or bool(r.pseudo_royal)
        ends = bool(r.flag_squares or r.check_counting or r.extinction or r.castling_wins)
        self.has_game_over = (own("game_over") or self.elimination or bool(self.royal_loss)  # type: ignore[attr-defined]
                              or bool(self.bare_king) or ends)                          # type: ignore[attr-defined]
        self.quiet_endings = own("game_over") or bool(r.flag_squares or r.check_counting)
        self.counters_field = r.check_counting
        self._hands = getattr(self, "hand_rules", None) is not None
        self.terminal_hooks = (r.checkmate != "loss" or bool(r.pseudo_royal) or r.stalemate_piece_count
                               or bool(r.material_counting or r.checkmate_check_by or r.checkmate_not_by))
        self._letter = [self.pieces[self.kind_of[c]].letter if self.kind_of[c] else "" for c in range(self.ncodes)]  # type: ignore[attr-defined]
        self._weights = {code_of(kind[ch], c): (points if c == 0 else -points)
                         for ch, points in r.material_weights for c in colors}
        # castling_wins: each colour's rights bits of its winning castlings, and whether it has any such letter
        wins = r.castling_wins
        self._castle_wins = [sum(1 << i for i, rule in enumerate(self.castling)       # type: ignore[attr-defined]
                                 if rule.color == c and rule.fen_char in wins) for c in colors]
        self._castle_wanted = [any(ch.isupper() == (c == 0) for ch in wins) for c in colors]

    # ------------------------------------------------------------------ moves
    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        moves = super().restrict_moves(pos, moves)            # type: ignore[misc]
        r = self.end_rules
        if r.pseudo_royal:
            moves = [m for m in moves if self._royals_safe(pos, m)]
        if not r.giving_check:
            moves = [m for m in moves if not self._gives_check(pos, m)]
        if r.must_capture:
            # FSF's legal(): a quiet move is illegal while a legal capture exists (has_capture)
            captures = [m for m in moves if _capture(pos, m)]
            if captures and (len(captures) == len(moves) or any(self._king_safe(pos, m) for m in captures)):
                return captures
        return moves

    @staticmethod
    def _king_safe(pos: "Position", move: Move) -> bool:
        us = pos.turn
        k = pos.king(us)
        if k is None:
            return True
        pos.push(move)
        exposed = pos.king_exposed(move, us, k)
        pos.pop()
        return not exposed

    @staticmethod
    def _gives_check(pos: "Position", move: Move) -> bool:
        """Does ``move`` leave the other side's king attacked? A capture that blasts is tested without its blast
        (FSF's ``gives_check`` looks at the capturing piece on its cell and the lines it opens or closes,
        blasts aside): one whose blast removes the king may still give check, one whose blast opens a line
        does not."""
        us = pos.turn
        them = pos.game.enemies[us][0]
        if move[3] == BLAST:
            move = plain_move(move)
        pos.push(move)
        k = pos.king(them)
        check = k is not None and pos.attacked(k, (us,))
        pos.pop()
        return check

    def _pseudo_cells(self, pos: "Position", color: int) -> list[int]:
        """The cells of ``color``'s pseudo-royal pieces: of each listed kind while the side has at most
        ``pseudo_royal_count`` of it (FSF's ``pseudoRoyals``)."""
        b = pos.board
        limit = self.end_rules.pseudo_royal_count
        out: list[int] = []
        for codes in self._pseudo[color]:
            cells = [c for c in pos.occupied[color] if b[c] in codes]
            if not limit or len(cells) <= limit:
                out += cells
        return out

    def _pseudo_attacked(self, pos: "Position", color: int, cells: list[int] | None = None) -> bool:
        """Is a pseudo-royal piece of ``color`` (on ``cells``, by default those of now) attacked (FSF's
        ``checked_pseudo_royals``)? Where captures blast (variants/rules/blasts.py), one next to a pseudo-royal
        piece of the other side is not."""
        enemies = self.enemies[color]                         # type: ignore[attr-defined]
        theirs = self._pseudo_cells(pos, 1 - color) if self.touching_royals_immune else ()
        near = getattr(self, "blast_cells", None)
        for c in self._pseudo_cells(pos, color) if cells is None else cells:
            if theirs and any(t in near[c] for t in theirs):  # type: ignore[index]
                continue
            if pos.attacked(c, enemies):
                return True
        return self.end_rules.duple_check and self._duple_check(pos, color)

    def _duple_check(self, pos: "Position", color: int) -> bool:
        """FSF's ``dupleCheck``: every piece of ``color`` of a pseudo-royal kind attacked, however many there
        are (a side with two kings may not leave both attacked; src/position.cpp, ``legal``)."""
        enemies = self.enemies[color]                         # type: ignore[attr-defined]
        theirs = self._pseudo_cells(pos, 1 - color) if self.touching_royals_immune else ()
        near = getattr(self, "blast_cells", None)
        b = pos.board
        cells = [c for c in pos.occupied[color] if any(b[c] in codes for codes in self._pseudo[color])]
        return bool(cells) and all(not (theirs and any(t in near[c] for t in theirs))  # type: ignore[index]
                                   and pos.attacked(c, enemies) for c in cells)

    def _royals_safe(self, pos: "Position", move: Move) -> bool:
        """FSF's ``legal`` for pseudo-royal pieces: a move may not remove one of the mover's own (a blast),
        is legal if it removes one of the other side's, and else may not leave one of the mover's attacked;
        a castling pseudo-royal piece may not start from or cross an attacked cell. The pieces tested are those
        that were pseudo-royal before the move, the moving one on its new cell: a piece promoted into a
        pseudo-royal kind neither becomes one nor takes it from the others until the next move; a pawn's
        promotion and a drop count them anew (FSF's ``legal``)."""
        us = pos.turn
        them = self.enemies[us][0]                            # type: ignore[attr-defined]
        # (a castling that also places a wall is a castling: variants/rules/walls.py)
        if self.inner_move(move)[3] == CASTLE and not self._castling_safe(pos, move):  # type: ignore[attr-defined]
            return False
        before = self._pseudo_cells(pos, us)
        ours, theirs = len(before), len(self._pseudo_cells(pos, them))
        frm, to = move[0], move[1]
        pos.push(move)
        if self._pseudo_count(pos, us) < ours:
            safe = False
        elif self._pseudo_count(pos, them) < theirs:
            # capturing one of theirs is legal, though not past a duple check (FSF tests that apart)
            safe = not (self.end_rules.duple_check and self._duple_check(pos, us))
        elif move[3] == PROMOTION or frm == to:
            safe = not self._pseudo_attacked(pos, us)
        else:
            safe = not self._pseudo_attacked(pos, us, [to if c == frm else c for c in before])
        pos.pop()
        return safe

    def _pseudo_count(self, pos: "Position", color: int) -> int:
        b = pos.board
        return sum(1 for c in pos.occupied[color] for codes in self._pseudo[color] if b[c] in codes)

    def _castling_safe(self, pos: "Position", move: Move) -> bool:
        """A pseudo-royal castling piece: its cells up to (not on) its destination not attacked, itself lifted
        off the board (FSF's ``legal``); the destination is tested after the move."""
        rule = self.castling[self.inner_move(move)[2]]        # type: ignore[attr-defined]
        b = pos.board
        king = b[rule.king_from]
        us = pos.turn
        if not any(king in codes for codes in self._pseudo[us]):
            return True
        theirs = self._pseudo_cells(pos, 1 - us) if self.touching_royals_immune else ()
        near = getattr(self, "blast_cells", None)
        enemies = self.enemies[us]                            # type: ignore[attr-defined]
        b[rule.king_from] = 0
        try:
            return not any(pos.attacked(c, enemies) and not (theirs and any(t in near[c] for t in theirs))  # type: ignore[index]
                           for c in rule.safe if c != rule.king_to)
        finally:
            b[rule.king_from] = king

    # ------------------------------------------------------------------ the end
    def game_over(self, pos: "Position") -> "Outcome | None":
        done = super().game_over(pos)                         # type: ignore[misc]
        if done is not None:
            return done
        r = self.end_rules
        if r.extinction:
            done = self._extinction(pos)
        if done is None and r.flag_squares:
            done = self._flag(pos)
        if done is None and r.castling_wins:
            done = self._castling_won(pos)
        if done is None and r.check_counting:
            them = 1 - pos.turn
            if self._checks_left(pos.extra)[them] == 0:
                done = self._result(them, f"gave check {r.start_checks[them]} times", "check count")
        return done

    def _castling_won(self, pos: "Position") -> "Outcome | None":
        """FSF's ``castlingWins`` (position.cpp, is_immediate_game_end): the side that just made one of the
        winning castlings wins; else a side that has lost the right to all of its winning castlings loses (the
        side not to move first: one capture may take both sides' rights)."""
        s = pos.turn
        last = pos.recent_move(0)
        if last is not None and last[3] == CASTLE and self._castle_wins[1 - s] >> last[2] & 1:
            return self._result(1 - s, "castled and wins", "castling")
        for c in (1 - s, s):
            if self._castle_wanted[c] and not pos.rights & self._castle_wins[c]:
                return self._result(1 - c, "wins: the other side may no longer castle", "castling")
        return None

    def _result(self, winner: int, what: str, termination: str) -> Outcome:
        name = self.color_names[winner].capitalize()          # type: ignore[attr-defined]
        return Outcome("1-0" if winner == 0 else "0-1", f"{name} {what}", termination)

    def _reached(self, pos: "Position", color: int) -> bool:
        """FSF's ``flag_reached``: enough flag pieces on the flag squares; with ``flag_safe`` (unless it is the
        side to move's, with ``flag_move``), exactly ``flag_count`` of them must all be unattacked."""
        codes = self._flag_codes[color]
        b = pos.board
        cells = [c for c in self._flag_cells[color] if b[c] in codes]
        r = self.end_rules
        if not cells or len(cells) < r.flag_count and not (
                r.flag_blocked_win and all(b[c] > HOLE for c in self._flag_cells[color])):
            # (flag_blocked_win: fewer will do when every flag square is taken, by either side)
            return False
        if r.flag_safe and (not r.flag_move or color != pos.turn) and len(cells) == r.flag_count:
            enemies = self.enemies[color]                     # type: ignore[attr-defined]
            return not any(pos.attacked(c, enemies) for c in cells)
        return True

    def _flag(self, pos: "Position") -> "Outcome | None":
        """FSF's capture the flag (position.cpp, is_immediate_game_end), for the side to move ``s``."""
        s = pos.turn
        o = 1 - s
        move, safe = self.end_rules.flag_move, self.end_rules.flag_safe
        if (move or safe) and self._reached(pos, s):
            # reached on its own move, and kept through the other side's reply (or, with flag_safe, safe there
            # now); the second player's royal piece reaching too on that reply (the first player moved first),
            # or both with flag_safe, is a draw
            if ((move and s == 0 and self._flag_royal[o]) or (safe and not move)) and self._reached(pos, o):
                return Outcome("1/2-1/2", "both sides reached their flag squares", "flag")
            return self._flag_win(s)
        if (not move or safe or self._flag_royal[s]) and self._reached(pos, o):
            if move and self._flag_royal[s] and s == 1 and self._can_follow(pos, s):
                return None
            return self._flag_win(o)
        return None

    def _flag_win(self, winner: int) -> Outcome:
        letter = self.end_rules.flag_pieces[winner]
        piece = "a piece" if letter == "*" else f"its {self.piece_name(self.kind_by_letter[letter])}"  # type: ignore[attr-defined]
        return self._result(winner, f"brought {piece} to its flag squares", "flag")

    def _can_follow(self, pos: "Position", s: int) -> bool:
        """Can ``s``'s royal flag piece, not in check, reach its flag squares with a legal move?"""
        k = pos.king(s)
        if k is None or pos.in_check():
            return False
        cells = self._flag_cells[s]
        return any(m[0] == k and m[1] in cells and m[3] != CASTLE and self._king_safe(pos, m)
                   for m in pos.pseudo_legal_moves())

    def _extinction(self, pos: "Position") -> "Outcome | None":
        """FSF's extinction: the side not to move first, then the side to move; a kind counts with the pieces
        in hand."""
        r = self.end_rules
        s = pos.turn
        for c in (1 - s, s):
            for i, codes in enumerate(self._extinct[c]):
                other = self._extinct[1 - c][i]
                if self._count(pos, c, codes) <= r.extinction_count and self._count(pos, 1 - c, other) >= \
                        r.extinction_opponent_count + (r.extinction_claim and c == s):
                    return self._extinct_result(c, i)
        return None

    def _count(self, pos: "Position", color: int, codes: frozenset[int]) -> int:
        b = pos.board
        n = sum(1 for c in pos.occupied[color] if b[c] in codes)
        hand = getattr(pos.extra, "counts", None)
        if hand is not None:
            n += sum(hand[color][self.kind_of[code]] for code in codes)     # type: ignore[attr-defined]
        return n

    def _extinct_result(self, color: int, i: int) -> Outcome:
        r = self.end_rules
        letter = r.extinction_pieces[i]
        what = "piece" if letter == "*" else "extinction piece" if letter == "-" \
            else self.piece_name(self.kind_by_letter[letter])                       # type: ignore[attr-defined]
        count = r.extinction_count
        text = f"has {count or 'no'} {what}{'s' if count > 1 else ''} left"
        name = self.color_names[color].capitalize()           # type: ignore[attr-defined]
        if r.extinction == "draw":
            return Outcome("1/2-1/2", f"{name} {text}", EXTINCTION)
        winner = color if r.extinction == "win" else 1 - color
        result = "1-0" if winner == 0 else "0-1"
        return Outcome(result, f"{name} {text}{' and wins' if winner == color else ''}", EXTINCTION)

    def mate_outcome(self, pos: "Position") -> Outcome:
        """The checkmated side gets ``checkmate`` (FSF's ``checkmateValue``), unless the mate breaks the rule of
        who may mate (``checkmate_not_by``, ``checkmate_check_by``)."""
        r = self.end_rules
        if r.checkmate_not_by or r.checkmate_check_by:
            done = self._mate_rule(pos)
            if done is not None:
                return done
        value = self.end_rules.checkmate
        if value == "loss":
            return super().mate_outcome(pos)                  # type: ignore[misc]
        name = self.color_names[pos.turn].capitalize()        # type: ignore[attr-defined]
        if value == "draw":
            return Outcome("1/2-1/2", f"{name} is checkmated: a draw", "checkmate")
        return Outcome("1-0" if pos.turn == 0 else "0-1", f"{name} is checkmated and wins", "checkmate")

    def _mate_rule(self, pos: "Position") -> "Outcome | None":
        """FSF's ``checkmate_value`` with ``shatarMateRule`` (src/position.h): a mate by ``checkmate_not_by``'s
        pieces alone wins for the mated side; else the mate stands only if one of the checks of its unbroken
        series (the mated side in check at each of its turns, back to the game's first move) was given by
        ``checkmate_check_by``'s pieces; otherwise a draw."""
        r = self.end_rules
        us = pos.turn
        enemies = self.enemies[us]                            # type: ignore[attr-defined]
        letter = self._letter
        b = pos.board
        king = pos.king(us)
        if king is None:
            return None
        checkers = pos.attackers(king, enemies)
        name = self.color_names[us].capitalize()              # type: ignore[attr-defined]
        if r.checkmate_not_by and checkers and all(letter[b[c]] in r.checkmate_not_by for c in checkers):
            return self._result(us, "is checkmated by a piece that may not mate, and wins", "checkmate")
        if not r.checkmate_check_by:
            return None
        # back through the checks: never past the search's last pass (FSF: pliesFromNull)
        floor = pos._nulls[-1][6] if pos._nulls else 0
        taken: list[Move] = []
        found = False
        try:
            while True:
                king = pos.king(us)
                if king is None or not pos.attacked(king, enemies):
                    break
                if any(letter[b[c]] in r.checkmate_check_by for c in pos.attackers(king, enemies)):
                    found = True
                    break
                if pos.moves_made - floor < 2:
                    break
                taken += [pos.pop(), pos.pop()]
        finally:
            for move in reversed(taken):
                pos.push(move)
        if found:
            return None
        return Outcome("1/2-1/2", f"{name} is checkmated without a check that may mate: a draw", "checkmate")

    def stalemate_outcome(self, pos: "Position") -> Outcome:
        """No legal move, the royal piece not attacked: a pseudo-royal piece attacked is a checkmate; with
        ``stalemate_piece_count`` the side with fewer pieces gets ``stalemate``, the other its opposite
        (FSF's ``stalemate_value``)."""
        r = self.end_rules
        if r.pseudo_royal and self._pseudo_attacked(pos, pos.turn):
            return self.mate_outcome(pos)
        if r.stalemate_piece_count and self.stalemate != "draw":   # type: ignore[attr-defined]
            s = pos.turn
            diff = len(pos.occupied[s]) - len(pos.occupied[1 - s])
            if diff == 0:
                return Outcome("1/2-1/2", "Stalemate with as many pieces each", "stalemate")
            fewer = s if diff < 0 else 1 - s
            winner = 1 - fewer if self.stalemate == "loss" else fewer     # type: ignore[attr-defined]
            return self._result(winner, f"wins the stalemate by {'fewer' if winner == fewer else 'more'} pieces",
                                "stalemate")
        return self.counted(pos, super().stalemate_outcome(pos))     # type: ignore[misc]

    # ------------------------------------------------------------------ material counting
    def fifty_outcome(self, pos: "Position", plies: int) -> Outcome:
        return self.counted(pos, super().fifty_outcome(pos, plies))  # type: ignore[misc]

    def repetition_outcome(self, pos: "Position", count: int) -> Outcome:
        return self.counted(pos, super().repetition_outcome(pos, count))   # type: ignore[misc]

    def counted(self, pos: "Position", outcome: Outcome) -> Outcome:
        """A drawn ``outcome`` as ``material_counting`` decides it (FSF's ``material_counting_result``,
        src/position.h, applied where FSF applies it: a drawn stalemate, the n-move rule, a drawn repetition,
        and the drawn ends of other rules, which call this); any other outcome as it is."""
        how = self.end_rules.material_counting
        if not how or outcome.result != "1/2-1/2":
            return outcome
        if how == "white_draw_odds":
            winner, why = 0, "on draw odds"
        elif how == "black_draw_odds":
            winner, why = 1, "on draw odds"
        else:
            if how == WEIGHTED:
                b = pos.board
                weight = self._weights
                score = sum(weight.get(b[c], 0) for color in (0, 1) for c in pos.occupied[color]) \
                    - self.end_rules.second_player_points
                why = "on points"
            else:
                score = len(pos.occupied[0]) - len(pos.occupied[1])
                why = "with more pieces"
            if score == 0:
                return Outcome(outcome.result, f"{outcome.reason}, as much material each", outcome.termination)
            winner = 0 if score > 0 else 1
        name = self.color_names[winner].capitalize()          # type: ignore[attr-defined]
        return Outcome("1-0" if winner == 0 else "0-1", f"{outcome.reason}: {name} wins {why}",
                       outcome.termination)

    # ------------------------------------------------------------------ n-check: the checks left
    # ``pos.extra`` is the checks left, (White's, Black's); in a game with hands (variants/rules/hands.py) the
    # hands' ``HandState`` carries them as its ``checks``, with their own key
    def _checks_left(self, extra) -> tuple[int, ...]:
        return extra.checks if self._hands else extra

    def extra_after_move(self, pos: "Position", move: Move, moved: int, captured: int):
        if not self.end_rules.check_counting:
            return super().extra_after_move(pos, move, moved, captured)   # type: ignore[misc]
        us = pos.turn                                 # still the mover (Position.push turns after this)
        them = self.enemies[us][0]                            # type: ignore[attr-defined]
        k = pos.king(them)
        left = self._checks_left(pos.extra)
        if k is not None and left[us] and pos.attacked(k, (us,)):
            left = left[:us] + (left[us] - 1,) + left[us + 1:]
        if not self._hands:
            return left
        st = super().extra_after_move(pos, move, moved, captured)        # type: ignore[misc]
        return st if st.checks == left else st._replace(checks=left)

    def extra_hash(self, extra) -> int:
        if not self.end_rules.check_counting:
            return super().extra_hash(extra)                  # type: ignore[misc]
        left = self._checks_left(extra)
        key = self._z_checks[0][left[0]] ^ self._z_checks[1][left[1]]
        return key ^ super().extra_hash(extra) if self._hands else key  # type: ignore[misc]

    def read_extra(self, pos: "Position", board_field: str, fields: list[str]):
        """n-check: the checks left, ``W+B`` (FSF: ``1+1`` when the field is missing)."""
        if not self.end_rules.check_counting:
            return super().read_extra(pos, board_field, fields)     # type: ignore[misc]
        if fields and "+" in fields[0]:
            m = CHECKS_LEFT.match(fields[0])
            if not m:
                raise FenError(f"bad checks left {fields[0][:20]!r}: two numbers up to {MAX_CHECKS}, 'W+B'")
            counts = (int(m.group(1)), int(m.group(2)))
            fields = fields[1:]
        else:
            counts = (1, 1)
        if self._hands:
            return super().read_extra(pos, board_field, fields)._replace(checks=counts)   # type: ignore[misc]
        if fields:
            raise FenError(f"unexpected fields after the move number: {' '.join(fields)}")
        return counts

    def format_counters(self, pos: "Position") -> list[str]:
        if not self.end_rules.check_counting:
            return []
        left = self._checks_left(pos.extra)
        return [f"{left[0]}+{left[1]}"]


def _overridden(cls: type, name: str) -> bool:
    """Does a class of ``cls``'s bases other than :class:`Endings` and the core's ``Game`` define ``name``?"""
    for k in cls.__mro__:
        if k is Endings or name not in k.__dict__:
            continue
        return k is not Game
    return False


def _capture(pos: "Position", move: Move) -> bool:
    """FSF's ``capture``: onto an occupied cell (not castling, not a drop), or en passant; a capture that
    blasts (variants/rules/blasts.py) is the capture it wraps, en passant included."""
    if move[3] == BLAST:
        move = plain_move(move)
    return (bool(pos.board[move[1]]) and move[3] != CASTLE and move[0] != move[1]) or move[3] == EN_PASSANT
