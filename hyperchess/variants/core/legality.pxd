# Cython declarations for legality.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython
from hyperchess.variants.core.position cimport Position
from hyperchess.variants.core.rule_tables cimport RuleTables

# the move flags and piece codes legality.py compares with (variants/board/codes.py), as C ints
cdef int CASTLE, EMPTY, EN_PASSANT, SPECIAL


@cython.locals(t=RuleTables, moves=list)
cpdef list legal_moves(Position pos)

@cython.locals(us=int, known=set, out=list, m=tuple, ok=bint)
cpdef list through_check_moves(Position pos, list safe)

@cython.locals(t=RuleTables, moves=list, us=int, k=int, enemies=tuple, out=list, pins=dict, b='int[:]',
               bad=list, king=int, m=tuple, frm=int, to=int, flag=int, safe=bint)
cpdef list king_safe_moves(Position pos)

@cython.locals(b='int[:]', kf=int, rf=int, rt=int, kt=int, king=int, rook=int, was_rt=int, was_kt=int,
               safe=bint)
cpdef bint castle_safe(Position pos, tuple move, tuple enemies) except -1

@cython.locals(us=int, ok=bint)
cpdef bint safe_after(Position pos, tuple move) except -1
