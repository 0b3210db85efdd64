# Cython declarations for future_generation.py (the optional compiled path, docs/performance.md): its
# evaluation term runs at every node, so it reads the position's fields and calls ``attacked`` as C.
cimport cython
from hyperchess.variants.position cimport Position


@cython.locals(royals=list, live=int, c=int, score=int, sign=int, k=int, entry=tuple, before=tuple, after=tuple)
cpdef int kings_en_prise(Position pos, list plan) except? -1000000
