# Cython declarations for actions.py (the optional compiled path, docs/architecture.md): First Contact's hooks'
# loops over cells run at every node or special move, so they read the position's cells and the point tables as C.
cimport cython
from hyperchess.variants.position cimport Position

# the codes and flags the loops compare with (variants/codes.py, notation.py), as C ints
cdef int EMPTY, HOLE, PLACE, DROP


@cython.locals(b='int[:]', p=int)
cpdef vacant_points(Position pos, const int[:] a1s, list place, list out)

@cython.locals(b='int[:]', p=int, n=int)
cpdef int standing_platforms(Position pos, const int[:] a1s) except -1

@cython.locals(b='int[:]', n=int, i=int, k=int, row=tuple)
cpdef add_drops(Position pos, const int[:] home, list rows, list kinds, list out)

@cython.locals(b='int[:]', p=int, i=int, held=int, t=int, targets=list, target=tuple)
cpdef platform_moves(Position pos, const int[:] a1s, const int[:] corners, int last, int pawn, list empty_moves,
                     list carry_moves, list out)

@cython.locals(frm=int, to=int, code=int, flag=int, c=int, rider=int)
cpdef make_action(Position pos, tuple move, list cells_at, list drop_gain)
