# Cython declarations for position.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython


cdef class RuleTables:
    cdef public int players
    cdef public list owner, enemy, enemies, tables, z_piece, z_ep, z_turn, pst, team_sign, royal, pawn
    cdef public list castle_mask, pawn_attacks, attack_lines, far_leaps, path_bit
    cdef public bint has_extra, has_special, has_restrict, dedupe, ep_windows, special_attacks
    cdef public bint double_step_once, single_royal, turns_in_order
    cdef public int size
    cdef public int[:] ray_first, ray_start, ray_cells, pawn_first, pawn_cells   # Game.flat_rays (movegen.py)
    cdef public list ray_moves, pawnish, pawn_moves


cdef class Position:
    cdef public object game
    cdef public RuleTables rules
    cdef public object board             # an array('i'): the piece code on each cell
    cdef public int[:] cells             # the same array, typed, for the hot loops
    cdef public int turn, ep, ep_victim
    cdef public object rights            # castling and unspent double-step bits: may pass 64 bits
    cdef public long halfmove, fullmove
    cdef public object hash              # Zobrist key (64-bit)
    cdef public object pawn_hash         # Zobrist key of the pawns alone
    cdef public long score
    cdef public object extra, _changes
    cdef public tuple windows
    cdef public list occupied, royals, stack, _nulls, history

    @cython.locals(b='int[:]', old=int, c=int, t=RuleTables)
    cpdef _set(self, int cell, int code)

    cpdef put(self, int cell, int code)

    @cython.locals(frm=int, to=int, flag=int, us=int, p=int, cap=int, b='int[:]', sign=int, score=long, c=int,
                   nxt=int, e=int, occ=set, roy=set, g=object, t=RuleTables, zp=list, pst=list)
    cpdef push(self, tuple move)

    @cython.locals(frm=int, to=int, p=int, cap=int, us=int, c=int, b='int[:]', occ=set, roy=set, t=RuleTables)
    cpdef tuple pop(self)

    @cython.locals(k=object)
    cpdef bint king_exposed(self, tuple move, int color, object king_before) except -1

    @cython.locals(t=RuleTables, b='int[:]', c=int, q=int, x=int, frm=int, first=int, rest=tuple)
    cpdef bint attacked(self, int cell, object by=*) except -1

    @cython.locals(roy=set)
    cpdef object king(self, object color=*)

    cpdef list pseudo_legal_moves(self)

    cpdef list capture_moves(self)
