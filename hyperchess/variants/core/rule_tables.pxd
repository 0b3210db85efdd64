# Cython declarations for rule_tables.py (the optional compiled path, docs/performance.md): the typed fields the
# hot loops of make/unmake, the move generator and the attack test read.
cimport cython


cdef class RuleTables:
    cdef public int players
    cdef public list owner, enemy, enemies, tables, z_piece, pst, team_sign, royal, pawn
    cdef public list clock_back                    # per code: frm * size + to of the moves that keep the n-move count
    cdef public list castle_mask, castle_move_mask, pawn_attacks, attack_lines, far_leaps, path_bit
    cdef public bint has_extra, has_special, has_restrict, has_inner, dedupe, ep_windows, special_attacks
    cdef public bint double_step_once, single_royal, turns_in_order, reversible_captures
    cdef public bint skips_eliminated, ends_by_elimination, extra_by_table, extra_on_special_only, dead_armies
    cdef public dict rights_keys                   # Game._rights_keys, or None when rights_key is a game's own
    cdef public unsigned long long[:] extra_keys   # Game.extra_keys (one 0 when the game has none)
    cdef public int size
    cdef public int[:] ray_first, ray_start, ray_cells, pawn_first, pawn_cells   # Game.flat_rays (movegen.py)
    cdef public list ray_moves, pawnish, pawn_moves
    cdef public unsigned long long[:] zobrist, z_ep, z_turn    # zobrist: z_piece flat, code * size + cell
    cdef public int ncodes, clock_special
    cdef public long long[:] pst_flat           # pst flat: code * size + cell
    cdef public int[:] owner_of, sign_of
    cdef public unsigned char[:] royal_flag, pawn_flag, clock_flag
    cdef public unsigned char[:] enemy_flag     # enemy_flag[us * ncodes + code]
    cdef public bint has_game_over, has_filter, has_legal_after, indirect, plain_special, castling_hooked, castle_safety_always
    cdef public bint multi_move, through_check   # turns of several moves (turns.py)
    cdef public unsigned long long[:] z_phase    # Game.z_phase: the key of each move of a turn (0 for the first)
    cdef public object tried_flags
    cdef public list castlings
    # Game.flat_attacks: attack_lines and far_leaps as flat int arrays (compiled only)
    cdef public int[:] line_first, line_cell, line_near, line_codes, rest_start, rest, far_first, far_cell, far_codes
    cdef public unsigned char[:] member
    # table_arrays.flat_pawn_steps: the plain pawns' single and double steps (compiled only)
    cdef public unsigned char[:] pawn_plain
    cdef public int[:] step_first, step_cells, path_first, path_to, between_first, between
    # table_arrays.flat_hinges: the hinged leaps' attacks (compiled only)
    cdef public bint hinged
    cdef public int[:] hinge_first, hinge_from, hinge_codes, hinge_start, hinge_cells
    cdef public unsigned char[:] hinge_member
    cdef public list step_moves, path_moves
    # movegen.unique_moves' marks: the stamp of the call that last met each (from, to), and where it put it
    cdef public unsigned int[:] seen
    cdef public int[:] seen_at
    cdef public object seen_keys        # an array('i'): the (from, to) of each move unique_moves kept
    cdef public unsigned int stamp
