# Cython declarations for placement.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython
from hyperchess.variants.board.cellset cimport CellSet
from hyperchess.variants.core.rule_tables cimport RuleTables

cdef int EMPTY, HOLE


cdef class Placement:
    cdef public object game
    cdef public RuleTables rules
    cdef public object board             # an array('i'): the piece code on each cell
    cdef public int[:] cells             # the same array, typed, for the hot loops
    cdef public int turn
    cdef public unsigned long long hash        # Zobrist key (64 bits; a Python int at the edge)
    cdef public unsigned long long pawn_hash   # Zobrist key of the pawns alone
    cdef public long score
    cdef public object _changes          # a special move's board changes (put), for pop
    cdef public list occupied, royals

    @cython.locals(b='int[:]', old=int, c=int, t=RuleTables, z='unsigned long long', occ=CellSet, roy=CellSet)
    cpdef _set(self, int cell, int code)

    @cython.locals(old=int, c=int, occ=CellSet, roy=CellSet)
    cpdef put(self, int cell, int code)

    @cython.locals(t=RuleTables, b='int[:]', c=int, q=int, x=int, frm=int, first=int, more=tuple, n=int, nc=int,
                   k=int, i=int, j=int)
    cpdef bint attacked(self, int cell, object by=*) except -1

    @cython.locals(roy=CellSet, c=int, k=object)
    cpdef object king(self, object color=*)

    @cython.locals(roy=CellSet, k=int)
    cpdef int king_cell(self, int color) except? -2
