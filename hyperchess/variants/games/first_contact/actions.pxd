# Cython declarations for actions.py (the optional compiled path, docs/architecture.md): First Contact's hooks'
# loops over cells run at every node or special move, so they read the position's cells and PointTables as C.
cimport cython
from hyperchess.variants.board.cellset cimport CellSet
from hyperchess.variants.core.position cimport Position

# the codes and flags the loops compare with (variants/board/codes.py, notation.py), as C ints
cdef int EMPTY, HOLE, PLACE, DROP


@cython.final
cdef class PointTables:
    cdef public int size, pawn0, pawn1
    cdef public int[:] a1, corners, home, bridge, king_first, king_cells, distance, tropism
    cdef public list cells_at, place, empty, carry, drops, drop_gain, enemies


@cython.locals(b='int[:]', p=int)
cpdef vacant_points(Position pos, PointTables tab, list out)

@cython.locals(b='int[:]', p=int, n=int)
cpdef int standing_platforms(Position pos, PointTables tab) except -1

@cython.locals(b='int[:]', rows=list, i=int, k=int, row=tuple)
cpdef add_drops(Position pos, PointTables tab, int us, list kinds, list out)

@cython.locals(b='int[:]', p=int, i=int, held=int, t=int, targets=list, target=tuple)
cpdef platform_moves(Position pos, PointTables tab, int last, int pawn, list out)

@cython.locals(frm=int, to=int, code=int, flag=int, c=int, rider=int)
cpdef make_action(Position pos, PointTables tab, tuple move)

@cython.locals(b='int[:]', p=int, v=int)
cpdef int bridges(Position pos, PointTables tab) except? -1000000

@cython.locals(b='int[:]', owner='int[:]', king_first='int[:]', king_cells='int[:]', distance='int[:]',
               tropism='int[:]', corners='int[:]', size=int, base=int, v=int, color=int, sign=int, roy=CellSet,
               them=CellSet, by=tuple, i=int, j=int, k=int, esc=int, t=int, q=int, c=int, w=int, p=int, held=int,
               last=int)
cpdef int play_terms(Position pos, PointTables tab) except? -1000000

@cython.locals(k=int)
cpdef bint king_attacked(Position pos, PointTables tab) except -1
