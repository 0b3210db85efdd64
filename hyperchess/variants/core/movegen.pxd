# Cython declarations for movegen.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython
from hyperchess.variants.board.cellset cimport CellSet
from hyperchess.variants.core.position cimport Position
from hyperchess.variants.core.rule_tables cimport RuleTables


@cython.locals(t=RuleTables, b='int[:]', us=int, enemy=list, tables=list, moves=list, frm=int, p=int, to=int,
               q=int, rides=tuple, leaps=tuple, ray=tuple, first='int[:]', start='int[:]', cells='int[:]',
               ray_moves=list, flag='unsigned char[:]', base=int, n=int, k=int, r=int, j=int, occ=CellSet, ix=int,
               x=int, free=bint)
cpdef list pseudo_legal_moves(Position pos)

@cython.locals(b='int[:]', t=RuleTables, checkable=bint, enemies=tuple, empty=tuple, safe=tuple, ok=bint, c=int)
cpdef castling_moves(Position pos, int us, list moves)

@cython.locals(t=RuleTables, b='int[:]', enemy=list, moves=list, frm=int, to=int, q=int, p=int,
               first='int[:]', start='int[:]', cells='int[:]', ray_moves=list, n=int, k=int, r=int, j=int,
               pawn_first='int[:]', pawn_cells='int[:]', pawn_captures=list, tables=list, rides=tuple,
               leaps=tuple, ray=tuple, occ=CellSet, ix=int)
cpdef list capture_moves(Position pos)

@cython.locals(t=RuleTables, b='int[:]', us=int, enemy=list, to=int, q=int, x=int, h=int, i=int, n=int,
               code=int, qleaps=tuple, cleaps=tuple, paths=tuple, qrides=tuple, hinged=tuple, lame=tuple,
               hops=tuple)
cpdef pawn_moves(Position pos, int frm, tuple pawnish, list moves, bint quiet=*)

@cython.locals(t=RuleTables, n=int, seen='unsigned int[:]', where='int[:]', keys='int[:]', stamp='unsigned int', out=list, odd=set,
               m=tuple, x=tuple, frm=int, to=int, key=int, i=int, fresh=bint)
cpdef list unique_moves(Position pos, list moves)
