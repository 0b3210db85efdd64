# Cython declarations for attacks.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time. ``attack_lines``
# holds generator expressions (closures), so it stays an untyped function.
cimport cython
from hyperchess.variants.position cimport Position


@cython.locals(b='int[:]', x=int, q=int)
cpdef bint indirect_attack(Position pos, int cell, tuple by) except -1

@cython.locals(b='int[:]', i=int)
cpdef int hopper_cell(Position pos, tuple ray, str style) except? -2

@cython.locals(b='int[:]', h=int)
cpdef bint hinged_attack(Position pos, int cell, tuple by) except -1

@cython.locals(b='int[:]', blocker=int, i=int, x=int, q=int)
cpdef dict pins(Position pos, int k, int us)
