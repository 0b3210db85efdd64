# Cython declarations for hashtables.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython


@cython.final
cdef class TransTable:
    cdef public long long cap, slots, used
    cdef public unsigned long long mask
    cdef public int gen
    cdef public long long[:] data
    cdef public list moves
    cdef public bint shared
    cdef public long long[:] sdata        # shared mode: three words a slot (TransTable.over)
    cdef public object wipe
    cdef public dict decoded

    cpdef _alloc(self, long long n)
    cpdef new_search(self)

    @cython.locals(base=cython.longlong, j=cython.longlong, half=cython.longlong)
    cpdef long long find(self, unsigned long long key)

    cpdef int depth(self, long long i)
    cpdef int flag(self, long long i)
    cpdef long long score(self, long long i)

    @cython.locals(base=cython.longlong, j=cython.longlong, empty=cython.longlong, victim=cython.longlong,
                   worst=cython.longlong, worth=cython.longlong, age=int, half=cython.longlong)
    cpdef store(self, unsigned long long key, int depth, int flag, long long score, object move,
                bint keep_deeper=*)

    @cython.locals(base=cython.longlong, j=cython.longlong, half=cython.longlong, entry=cython.longlong,
                   code=cython.longlong)
    cpdef long long _find_shared(self, unsigned long long key)

    @cython.locals(c=cython.longlong, move=object)
    cdef object _decode(self, long long code)

    @cython.locals(base=cython.longlong, j=cython.longlong, target=cython.longlong, empty=cython.longlong,
                   victim=cython.longlong, worst=cython.longlong, worth=cython.longlong, age=int,
                   half=cython.longlong, entry=cython.longlong, code=cython.longlong)
    cpdef _store_shared(self, unsigned long long key, int depth, int flag, long long score, object move,
                        bint keep_deeper)

    cdef void _put(self, long long j, long long half, int depth, int flag, long long score, object move)

    @cython.locals(n=cython.longlong, nb=cython.longlong, bit=cython.longlong, b=cython.longlong,
                   j=cython.longlong, k=cython.longlong, stay=cython.longlong, move=cython.longlong,
                   half=cython.longlong)
    cpdef _grow(self)


@cython.locals(frm=cython.longlong, to=cython.longlong, extra=cython.longlong, flag=cython.longlong)
cpdef long long move_code(object move) except? -1


@cython.final
cdef class EvalCache:
    cdef public long long cap, slots, used, stamp
    cdef public unsigned long long mask
    cdef public long long[:] data

    cpdef _alloc(self, long long n)
    cpdef clear(self)

    @cython.locals(i=cython.longlong)
    cpdef long long find(self, unsigned long long key)
    cpdef long long value(self, long long i)

    @cython.locals(i=cython.longlong)
    cpdef put(self, unsigned long long key, long long value)

    @cython.locals(n=cython.longlong, bit=cython.longlong, j=cython.longlong, i=cython.longlong)
    cpdef _grow(self)
