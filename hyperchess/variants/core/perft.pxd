# Cython declarations for perft.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython
from hyperchess.variants.core.position cimport Position


@cython.locals(moves=list, total='long long', m=tuple)
cpdef long long perft(Position pos, int depth) except -1
