# Cython declarations for position.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython
from hyperchess.variants.board.cellset cimport CellSet

# the move flags and piece codes position.py compares with (variants/codes.py), and its undo layout, as C ints
cdef int EMPTY, HOLE, DOUBLE, EN_PASSANT, CASTLE, PROMOTION, TRANSFORM, SPECIAL, EP_PROMOTED
cdef int U_CAP, U_EP, U_EPV, U_HALF, U_SCORE, U_US, U_CAPAT, U_ROYAT, UNDO_INTS
cdef int O_MOVE, O_RIGHTS, O_EXTRA, O_CHANGES, O_WINDOWS, UNDO_OBJS, START_PLIES


cdef class RuleTables:
    cdef public int players
    cdef public list owner, enemy, enemies, tables, z_piece, pst, team_sign, royal, pawn
    cdef public list castle_mask, pawn_attacks, attack_lines, far_leaps, path_bit
    cdef public bint has_extra, has_special, has_restrict, has_inner, dedupe, ep_windows, special_attacks
    cdef public bint double_step_once, single_royal, turns_in_order, reversible_captures
    cdef public bint skips_eliminated, ends_by_elimination, extra_by_table, extra_on_special_only
    cdef public dict rights_keys                   # Game._rights_keys, or None when rights_key is a game's own
    cdef public unsigned long long[:] extra_keys   # Game.extra_keys (one 0 when the game has none)
    cdef public int size
    cdef public int[:] ray_first, ray_start, ray_cells, pawn_first, pawn_cells   # Game.flat_rays (movegen.py)
    cdef public list ray_moves, pawnish, pawn_moves
    cdef public unsigned long long[:] zobrist, z_ep, z_turn    # zobrist: z_piece flat, code * size + cell
    cdef public int ncodes
    cdef public long long[:] pst_flat           # pst flat: code * size + cell
    cdef public int[:] owner_of, sign_of
    cdef public unsigned char[:] royal_flag, pawn_flag, clock_flag
    cdef public unsigned char[:] enemy_flag     # enemy_flag[us * ncodes + code]
    cdef public bint has_game_over, has_filter, has_legal_after, indirect, plain_special, castling_hooked, castle_safety_always
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


cdef class Position:
    cdef public object game
    cdef public RuleTables rules
    cdef public object board             # an array('i'): the piece code on each cell
    cdef public int[:] cells             # the same array, typed, for the hot loops
    cdef public int turn, ep, ep_victim
    cdef public object rights            # castling and unspent double-step bits: may pass 64 bits
    cdef public long halfmove, fullmove
    cdef public unsigned long long hash        # Zobrist key (64 bits; a Python int at the edge)
    cdef public unsigned long long pawn_hash   # Zobrist key of the pawns alone
    cdef public long score
    cdef public object extra, _changes
    cdef public tuple windows
    cdef public list occupied, royals, _nulls
    cdef public object _hist_arr         # the history's hashes (the property ``history``), ``nhist`` in use
    cdef public unsigned long long[:] _hist
    cdef public int nhist
    cdef public int ply                  # moves made: the undo records in use (position.py)
    cdef public object _undo_arr, _hashes_arr
    cdef public long long[:] _undo       # UNDO_INTS a ply
    cdef public unsigned long long[:] _hashes
    cdef public list _undo_obj           # UNDO_OBJS a ply

    @cython.locals(b='int[:]', old=int, c=int, t=RuleTables, z='unsigned long long', occ=CellSet, roy=CellSet)
    cpdef _set(self, int cell, int code)

    @cython.locals(old=int, c=int, occ=CellSet, roy=CellSet)
    cpdef put(self, int cell, int code)

    cpdef _grow(self)

    cpdef _grow_history(self)

    @cython.locals(h='unsigned long long', n=int, lo=int, i=int, count=int)
    cpdef int repetitions(self) except -1

    @cython.locals(frm=int, to=int, flag=int, us=int, p=int, cap=int, score=long, c=int, nxt=int, e=int, occ=CellSet,
                   roy=CellSet, g=object, t=RuleTables, n=int, zm='unsigned long long', zc='unsigned long long',
                   h='unsigned long long', inner=tuple, i=int, j=int, k=int, objs=list, victim=int, ex=int, kd=dict,
                   x=object, zr='unsigned long long', new=object, was=object, now=object)
    cpdef push(self, tuple move)

    @cython.locals(frm=int, to=int, p=int, cap=int, us=int, c=int, occ=CellSet, roy=CellSet, t=RuleTables, i=int, j=int,
                   k=int, objs=list, move=tuple, cell=int, old=int, at=int, royal_at=int)
    cpdef tuple pop(self)

    @cython.locals(k=object)
    cpdef bint king_exposed(self, tuple move, int color, object king_before) except -1

    @cython.locals(t=RuleTables, b='int[:]', c=int, q=int, x=int, frm=int, first=int, more=tuple, n=int, nc=int,
                   k=int, i=int, j=int)
    cpdef bint attacked(self, int cell, object by=*) except -1

    @cython.locals(roy=CellSet, c=int, k=object)
    cpdef object king(self, object color=*)

    @cython.locals(roy=CellSet, k=int)
    cpdef int king_cell(self, int color) except? -2

    @cython.locals(t=RuleTables, moves=list, us=int, k=int, enemies=tuple, out=list, pins=dict, b='int[:]',
                   bad=list, king=int, m=tuple, frm=int, to=int, flag=int, safe=bint)
    cpdef list _legal(self)

    @cython.locals(t=RuleTables, alive=int, c=int)
    cpdef object game_over(self)

    @cython.locals(t=RuleTables)
    cpdef list legal_moves(self)

    @cython.locals(b='int[:]', kf=int, rf=int, rt=int, kt=int, king=int, rook=int, was_rt=int, was_kt=int,
                   safe=bint)
    cpdef bint _castle_safe(self, tuple move, tuple enemies) except -1

    @cython.locals(us=int, ok=bint)
    cpdef bint _safe_after(self, tuple move) except -1

    cpdef list pseudo_legal_moves(self)

    cpdef list capture_moves(self)

    cpdef object made_last(self)
