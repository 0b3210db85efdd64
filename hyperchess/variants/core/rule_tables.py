"""What the move generator, make/unmake and the attack test read of a game on every move: ``RuleTables``,
gathered once per game (``Game.rule_tables``) from the game's lists, flags and compiled tables.
"""
from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import CASTLE
from hyperchess.variants.board.pieces import Mode
from hyperchess.variants.board.table_arrays import flat_hinges, flat_pawn_steps

try:
    import cython
    TYPED = cython.compiled         # true in the compiled module (setup.py), false when run as Python
except ImportError:                 # no Cython installed: always Python
    TYPED = False

if TYPE_CHECKING:
    from hyperchess.variants.core.game import Game


class RuleTables:
    """What the move generator reads of its game on every move, gathered once per game (``Game.rule_tables``).

    The same lists and flags as on the game; the compiled path (rule_tables.pxd) keeps each in a typed field
    instead of looking it up among the game's attributes."""

    def __init__(self, game: "Game") -> None:
        self.players = game.players
        self.owner = game.owner
        self.enemy = game.enemy
        self.enemies = game.enemies
        self.tables = game.tables
        self.z_piece = game.z_piece
        self.z_ep = array("Q", game.z_ep)          # 64-bit words, as ``zobrist`` below
        self.z_turn = array("Q", game.z_turn)
        self.pst = game.pst
        self.team_sign = game.team_sign
        self.royal = [code in game.royal_codes for code in range(game.ncodes)]
        self.pawn = [code in game.pawn_codes for code in range(game.ncodes)]
        self.castle_mask = game.castle_mask
        # the bits a castling clears besides its king's: its rook's, and (opposite_castling) the other side's
        # castlings on the same wing
        self.castle_move_mask = [game.castle_mask[r.rook_from] | game.castle_clears[i]
                                 for i, r in enumerate(game.castling)]
        self.pawn_attacks = game.pawn_attacks
        self.attack_lines = game.attack_lines
        self.far_leaps = game.far_leaps
        self.path_bit = game.path_bit
        self.has_extra = game.has_extra
        self.rights_keys = game.__dict__.get("_rights_keys") if game.plain_rights_key else None   # its cache
        self.extra_on_special_only = game.extra_on_special_only
        self.extra_by_table = game.extra_keys is not None             # Game.extra_keys: push reads it
        self.extra_keys = array("Q", game.extra_keys if game.extra_keys is not None else [0])
        self.has_special = game.has_special
        self.has_restrict = game.has_restrict
        self.has_inner = game.has_inner
        self.dedupe = game.dedupe
        pairs = game.geometry.size ** 2 if game.dedupe else 1    # movegen.unique_moves: per (from, to)
        self.seen = array("I", bytes(4 * pairs))
        self.seen_at = array("i", bytes(4 * pairs))
        self.seen_keys = array("i", bytes(4 * 256))
        self.stamp = 0
        self.ep_windows = game.ep_windows
        self.special_attacks = game.special_attacks
        self.double_step_once = game.double_step_once
        self.single_royal = game.royal_rule == "single"
        self.dead_armies = game.dead_armies            # only live colours attack (Game.live_enemies)
        self.turns_in_order = game.turns_in_order      # next_turn is colour + 1 (no hook, no elimination)
        self.skips_eliminated = game.skips_eliminated  # next_turn is the next colour with a royal piece
        self.ends_by_elimination = game.ends_by_elimination   # game_over is: a team without royal pieces lost
        self.reversible_captures = game.reversible_captures
        self.size = game.geometry.size
        self.ncodes = game.ncodes
        # what make/unmake reads on every move, as flat typed arrays: the placement values by
        # code * size + cell, each code's owner, each colour's team sign, the royal and pawn codes
        self.pst_flat = array("q", [v for row in game.pst for v in row])
        self.owner_of = array("i", game.owner)
        self.sign_of = array("i", game.team_sign)
        self.royal_flag = array("B", self.royal)
        self.pawn_flag = array("B", self.pawn)
        # the codes whose moves reset the n-move count (Fairy-Stockfish's nMoveRuleTypes; the pawns by default):
        # 1, or 2 for a piece with moves it could make back (clock_back), which keep the count
        self.clock_back = moves_back(game)
        self.clock_flag = array("B", [(2 if self.clock_back[code] else 1) if code in game.clock_codes else 0
                                      for code in range(game.ncodes)])
        self.clock_special = game.clock_special
        # enemy_flag[us * ncodes + code]: is ``code`` an enemy of ``us`` (``enemy`` as bytes, for typed loops)
        self.enemy_flag = array("B", [bool(x) for row in game.enemy for x in row])
        # what legal_moves and castling_moves ask of the game on every call
        self.has_game_over = game.has_game_over
        self.has_filter = game.has_filter
        self.has_legal_after = game.has_legal_after
        self.multi_move = game.multi_move            # turns of several moves (turns.py): push asks who is next
        self.through_check = game.through_check      # legal_moves adds the moves through check (legality.py)
        self.z_phase = array("Q", game.z_phase)
        self.indirect = game.indirect
        self.hinged = game.hinged
        self.plain_special = not game.has_special or bool(game.special_legality)
        self.tried_flags = game.tried_flags
        self.castling_hooked = game.castling_hooked
        self.castle_safety_always = game.castle_safety_always
        # each colour's castlings as (bits needed, cells to be empty, cells to be safe, the move)
        self.castlings = [[(game.castle_need[i], tuple(r.empty), tuple(r.safe), (r.king_from, r.king_to, i, CASTLE))
                           for i, r in rules] for rules in game.castle_by_color]
        # the same Zobrist keys as 64-bit words (code * size + cell): the compiled push XORs machine words
        self.zobrist = array("Q", [key for keys in game.z_piece for key in keys])
        (self.ray_first, self.ray_start, self.ray_cells, self.ray_moves, self.pawnish, self.pawn_first,
         self.pawn_cells, self.pawn_moves) = game.flat_rays()
        if TYPED:       # the attack tables as flat int arrays, for attacked's typed loop (compiled only)
            (self.line_first, self.line_cell, self.line_near, self.line_codes, self.rest_start, self.rest,
             self.far_first, self.far_cell, self.far_codes, self.member) = game.flat_attacks()
            # the plain pawns' quiet steps as flat arrays, for movegen.pseudo_legal_moves (table_arrays.py)
            (self.pawn_plain, self.step_first, self.step_cells, self.step_moves, self.path_first, self.path_to,
             self.path_moves, self.between_first, self.between) = flat_pawn_steps(self.pawnish)
            # the hinged leaps' attacks likewise (table_arrays.flat_hinges)
            (self.hinge_first, self.hinge_from, self.hinge_codes, self.hinge_member, self.hinge_start,
             self.hinge_cells) = flat_hinges(game.hinged_attacks if self.hinged else [], self.ncodes)


def moves_back(game: "Game") -> list:
    """Per code, ``frm * size + to`` for each move of an n-move piece (``clock_codes``) that its quiet move from
    ``to`` could undo on the empty board: such a move keeps the n-move count (Fairy-Stockfish's ``do_move``:
    ``PseudoMoves[0][us][pt][to] & from``, initial moves aside); empty for the other codes."""
    n = game.geometry.size
    out: list = [frozenset()] * game.ncodes
    for code in game.clock_codes:
        table = game.tables[code]
        if table is not None:
            out[code] = frozenset(frm * n + to for to in range(n) for frm in _quiet_reach(table[to]))
    return out


def _quiet_reach(entry: tuple) -> set:
    """The cells a piece's quiet moves reach on the empty board from one cell's table entry."""
    rides, leaps, pawnish = entry
    cells = {c for ray in rides for c, _ in ray} | {c for c, _ in leaps}
    if pawnish is not None:
        qleaps, _, _, qrides, _, hinged, lame, _, _ = pawnish
        cells |= {c for c, _ in qleaps} | {c for ray in qrides for c, _ in ray} | {c for _, c, _ in hinged}
        cells |= {c for _, c, _, mode in lame if mode is not Mode.CAPTURE}
    return cells
