"""``CellSet`` (variants/board/cellset.py), the cells each colour's pieces stand on: it answers as a Python set of
the same cells after any sequence of changes, keeps a moved piece's place, and ``restore`` undoes ``discard``
exactly; a position's sets always hold the cells its board says."""
from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from hyperchess.variants import get_game
from hyperchess.variants.board.cellset import CellSet

SIZE = 40
CELLS = st.integers(0, SIZE - 1)
STEPS = st.lists(st.tuples(st.sampled_from(["add", "discard", "move", "undo"]), CELLS, CELLS), max_size=120)


@settings(max_examples=300)
@given(STEPS)
# the last cell discarded, another added and taken back, then the first restored: the list's stale end
@example([("add", 1, 0), ("add", 2, 0), ("discard", 2, 0), ("add", 3, 0), ("undo", 0, 0), ("undo", 0, 0)])
def test_a_cellset_answers_as_the_set_of_its_cells_and_undoes_in_reverse(steps):
    """Changes are undone last first, as ``Position.pop`` does: each undo gives back the order before it."""
    cells = CellSet(SIZE)
    model: set[int] = set()
    done: list[tuple[str, int, int, list[int]]] = []     # each change, and the order before it
    for op, a, b in steps:
        before = list(cells)
        if op == "add" and a not in model:
            cells.add(a)
            model.add(a)
            done.append(("add", a, -1, before))
        elif op == "discard" and a in model:
            place = cells.place(a)
            cells.discard(a)
            model.discard(a)
            done.append(("discard", a, place, before))
        elif op == "move" and a in model and b not in model:
            i = before.index(a)
            cells.move(a, b)
            model ^= {a, b}
            assert list(cells)[i] == b                  # the piece kept its place
            done.append(("move", a, b, before))
        elif op == "undo" and done:
            kind, x, y, was = done.pop()
            if kind == "add":
                cells.discard(x)
                model.discard(x)
            elif kind == "discard":
                cells.restore(x, y)
                model.add(x)
            else:
                cells.move(y, x)
                model ^= {x, y}
            assert list(cells) == was
        assert cells == model and set(cells) == model and len(cells) == len(model)
        assert sorted(cells) == sorted(model) and bool(cells) == bool(model)
        assert all((c in cells) == (c in model) for c in range(-2, SIZE + 2))
        # the index agrees with the list, every cell of the board
        assert all(cells.index[c] == (list(cells).index(c) if c in model else -1) for c in range(SIZE))
    copy = cells.copy()
    copy.add(0) if 0 not in model else copy.discard(0)
    assert cells == model and copy != cells            # a copy is its own set
    other = {1, 2, 3}
    assert cells & other == model & other and other & cells == other & model
    assert cells | other == model | other and other | cells == other | model
    assert cells - other == model - other and other - cells == other - model
    assert cells.isdisjoint(other) == model.isdisjoint(other)


def test_a_move_that_does_not_fit_is_a_discard_then_an_add():
    cells = CellSet(8, [1, 2, 3])
    cells.move(5, 6)                                    # from a cell not in it: 6 is added
    assert list(cells) == [1, 2, 3, 6]
    cells.move(1, 3)                                    # onto a cell in it: 1 goes, 3 stays
    assert list(cells) == [6, 2, 3] and cells == {2, 3, 6}
    assert [cells.place(c) for c in (6, 2, 3, 1)] == [0, 1, 2, -1]


def test_odd_members_are_not_in_it_and_a_cell_off_the_board_is_refused():
    cells = CellSet(8, [1, 2])
    assert "1" not in cells and 1.0 not in cells and None not in cells and 2 ** 70 not in cells
    cells.discard(99)                                   # as a set's discard: nothing to remove
    with pytest.raises(ValueError):
        cells.add(8)
    assert cells == {1, 2} and repr(cells) == "CellSet([1, 2])"


@pytest.mark.parametrize("name", ["normal", "third-millennium", "future-generation", "first-contact", "crazyhouse"])
def test_a_positions_sets_hold_the_cells_its_board_says(name):
    game = get_game(name)
    rng = random.Random(11)
    pos = game.position()
    for _ in range(60):
        for c in range(game.players):
            on = {cell for cell in range(game.geometry.size)
                  if pos.board[cell] > 0 and game.owner[pos.board[cell]] == c}
            assert pos.occupied[c] == on
            assert pos.royals[c] == {cell for cell in on if pos.board[cell] in game.royal_codes}
        moves = pos.legal_moves()
        if not moves or pos.game_over():
            break
        pos.push(rng.choice(moves))
