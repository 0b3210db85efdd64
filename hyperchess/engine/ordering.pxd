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

    @cython.locals(n=int, i=int, j=int, ncap=int, nknown=int, nrest=int, size=int, q=int, mover=int, m=tuple,
                   first=list, extra=object, frm=cython.longlong, to=cython.longlong, x=cython.longlong,
                   flag=cython.longlong, key=cython.longlong, tt_key=cython.longlong, k1_key=cython.longlong,
                   k2_key=cython.longlong, vq=cython.longlong, vm=cython.longlong, h=cython.longlong, capture=bint,
                   ep=int, promotion=int)
    cpdef list order(self, int[:] b, list moves, object tt_move, object k1, object k2, long long[:] hist, list enemy,
                     list value, list rest=*)

    @cython.locals(n=int, i=int, key=cython.longlong, out=list)
    cpdef list sort_rest(self, list rest)

    @cython.locals(i=int, out=list)
    cpdef list sort_picked(self, list moves, int n)

    @cython.locals(i=int, j=int, k=int, x=int, y=int, mid=int, end=int, run=int, left=int, width=int,
                   px=cython.longlong, sx=cython.longlong)
    cdef void _sort(self, int lo, int hi) noexcept
