# Cython declarations for cellset.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython


@cython.final
cdef class CellSet:
    cdef public int size, n
    cdef public object _cells, _index     # the arrays behind ``cells`` and ``index``
    cdef public int[:] cells, index

    cpdef add(self, int cell)
    @cython.locals(i=int, last=int)
    cpdef discard(self, int cell)
    cpdef int place(self, int cell)
    @cython.locals(other=int)
    cpdef restore(self, int cell, int i)
    @cython.locals(i=int)
    cpdef move(self, int frm, int to)
    @cython.locals(new=CellSet)
    cpdef CellSet copy(self)
    cpdef int first(self)
