# Cython declarations for attacks.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time. ``attack_lines``
# holds generator expressions (closures), so it stays an untyped function.
cimport cython
from hyperchess.variants.core.placement cimport Placement
from hyperchess.variants.core.rule_tables cimport RuleTables


@cython.locals(b='int[:]', x=int, q=int)
cpdef bint indirect_attack(Placement pos, int cell, tuple by) except -1

@cython.locals(b='int[:]', i=int)
cpdef int hopper_cell(Placement pos, tuple ray, str style, frozenset unlike=*) except? -2

@cython.locals(b='int[:]', h=int)
cpdef bint hinged_attack(Placement pos, int cell, tuple by) except -1

@cython.locals(b='int[:]', blocker=int, i=int, x=int, q=int, t=RuleTables, owner=list, n=int, nc=int, e=int,
               key=int, j=int, jj=int, s0=int, o=int, allowed=set, line_first='int[:]', line_cell='int[:]',
               line_codes='int[:]', rest_start='int[:]', rest='int[:]', member='unsigned char[:]')
cpdef dict pins(Placement pos, int k, int us, object enemies=*)

@cython.locals(t=RuleTables, b='int[:]', n=int, nc=int, c=int, k=int, i=int, j=int, q=int, x=int, found=int,
               line=int, stop=int, out=set)
cpdef set block_cells(Placement pos, int cell, tuple by)
