# Cython declarations for future_generation.py (the optional compiled path, docs/performance.md): its
# evaluation term and its level-access hooks run at every node or move, so they read the position's fields,
# the moves and the cell flags as C.
cimport cython
from hyperchess.variants.core.position cimport Position


@cython.locals(royals=list, live=int, c=int, score=int, sign=int, k=int, entry=tuple, before=tuple, after=tuple)
cpdef int kings_en_prise(Position pos, list plan) except? -1000000

@cython.locals(m=tuple)
cpdef list moves_off_barred(list moves, const unsigned char[:] barred)

@cython.locals(n=int, c=int)
cpdef int units_on(Position pos, int color, const unsigned char[:] cells) except -1
