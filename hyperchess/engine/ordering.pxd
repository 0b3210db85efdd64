# Cython declarations for ordering.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython


@cython.locals(frm=cython.longlong, to=cython.longlong, x=cython.longlong, flag=cython.longlong)
cpdef long long move_key(tuple m) except? -2


cdef class MoveOrder:
    cdef public int capacity
    cdef public long long[:] primary, secondary
    cdef public int[:] index, spare

    cpdef _grow(self, int n)

    @cython.locals(n=int, i=int, j=int, to=int, q=int, flag=int, ncap=int, nknown=int, nrest=int,
                   key=cython.longlong, m=tuple, tt_to=int, k1_to=int, k2_to=int, first=list, mover=int,
                   vq=cython.longlong, vm=cython.longlong, h=cython.longlong, size=int)
    cpdef list order(self, int[:] b, list moves, object tt_move, object k1, object k2, long long[:] hist, list enemy,
                     list value)

    @cython.locals(i=int, j=int, k=int, x=int, y=int, mid=int, end=int, run=int, left=int, width=int,
                   p='long long[:]', s='long long[:]', idx='int[:]', tmp='int[:]')
    cdef void _sort(self, int lo, int hi) noexcept
