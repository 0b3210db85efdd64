# Cython declarations for position.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython
from hyperchess.variants.board.cellset cimport CellSet
from hyperchess.variants.core.rule_tables cimport RuleTables
from hyperchess.variants.core.placement cimport Placement

# the move flags and piece codes position.py compares with (variants/board/codes.py), and its undo layout, as C ints
cdef int EMPTY, DOUBLE, EN_PASSANT, CASTLE, PROMOTION, TRANSFORM, SPECIAL, EP_PROMOTED
cdef int U_CAP, U_EP, U_EPV, U_HALF, U_SCORE, U_US, U_CAPAT, U_ROYAT, U_TM, UNDO_INTS
cdef int O_MOVE, O_RIGHTS, O_EXTRA, O_CHANGES, O_WINDOWS, UNDO_OBJS, START_PLIES


cdef class Position(Placement):
    cdef public int ep, ep_victim
    cdef public int turn_move            # moves made of the current turn (turns.py)
    cdef public object rights            # castling and unspent double-step bits: may pass 64 bits
    cdef public long halfmove, fullmove
    cdef public object extra
    cdef public tuple windows
    cdef public list _nulls
    cdef public object _hist_arr         # the history's hashes (the property ``history``), ``nhist`` in use
    cdef public unsigned long long[:] _hist
    cdef public int nhist
    cdef public int ply                  # moves made: the undo records in use (position.py)
    cdef public object _undo_arr, _hashes_arr
    cdef public long long[:] _undo       # UNDO_INTS a ply
    cdef public unsigned long long[:] _hashes
    cdef public list _undo_obj           # UNDO_OBJS a ply

    cpdef _grow(self)

    cpdef _grow_history(self)

    @cython.locals(h='unsigned long long', n=int, lo=int, i=int, count=int)
    cpdef int repetitions(self) except -1

    @cython.locals(frm=int, to=int, flag=int, us=int, p=int, cap=int, score=long, c=int, nxt=int, e=int, occ=CellSet,
                   roy=CellSet, g=object, t=RuleTables, n=int, zm='unsigned long long', zc='unsigned long long',
                   h='unsigned long long', inner=tuple, i=int, j=int, k=int, objs=list, victim=int, ex=int, kd=dict,
                   x=object, zr='unsigned long long', new=object, was=object, now=object, phase=int)
    cpdef push(self, tuple move)

    @cython.locals(frm=int, to=int, p=int, cap=int, us=int, c=int, occ=CellSet, roy=CellSet, t=RuleTables, i=int, j=int,
                   k=int, objs=list, move=tuple, cell=int, old=int, at=int, royal_at=int)
    cpdef tuple pop(self)

    @cython.locals(k=object)
    cpdef bint king_exposed(self, tuple move, int color, object king_before) except -1

    @cython.locals(t=RuleTables, alive=int, c=int)
    cpdef object game_over(self)

    cpdef list legal_moves(self)

    cpdef list pseudo_legal_moves(self)

    cpdef list capture_moves(self)

    cpdef object made_last(self)
