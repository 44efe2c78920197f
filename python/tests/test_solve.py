"""Searching: answers checked against the command-line tool's, counts,
the solutions iterator, puzzles without solution, true candidates."""
import json
import os

import pytest

import sudokit
from conftest import EXAMPLES, data_lines

MULTIPLE = data_lines(os.path.join(EXAMPLES, "multiple.txt"))[0]   # 7 solutions
NONE = data_lines(os.path.join(EXAMPLES, "none.txt"))[0]
EMPTY = "." * 81


def test_17clue_against_the_tool(tool, clue17):
    puzzles = sudokit.read("\n".join(clue17))
    assert len(puzzles) == len(clue17)
    answers = tool("solve", "-j", "1", stdin="\n".join(clue17) + "\n").split()
    assert len(answers) == len(clue17)
    for p, answer in zip(puzzles, answers):
        sol = p.solve()
        assert sol == answer
        assert p.verify(sol)
        assert p.is_unique()


def test_first():
    p = sudokit.parse(MULTIPLE)
    assert p.verify(p.solve(first=True))


def test_count():
    p = sudokit.parse(MULTIPLE)
    assert p.count() == 7
    assert p.count(limit=3) == 3
    assert p.count(limit=100) == 7
    assert not p.is_unique()
    assert sudokit.parse(NONE).count() == 0


def test_multiple_solutions_raise_with_two():
    with pytest.raises(sudokit.MultipleSolutions) as e:
        sudokit.parse(MULTIPLE).solve()
    a, b = e.value.solutions
    assert a != b


def test_no_solution_says_why(tool):
    with pytest.raises(sudokit.NoSolution) as e:
        sudokit.parse(NONE).solve()
    # the same reason as the tool's "none: REASON"
    assert tool("solve", stdin=NONE + "\n").strip() == "none: " + e.value.reason
    assert e.value.kind == "cell"
    conflict = "11" + "." * 79
    with pytest.raises(sudokit.NoSolution) as e:
        sudokit.parse(conflict).solve()
    assert e.value.kind == "conflict"


def test_solutions_iterator(tool):
    p = sudokit.parse(MULTIPLE)
    sols = list(p.solutions())
    assert len(sols) == 7 == len(set(sols))
    assert all(p.verify(s) for s in sols)
    assert sols == tool("enumerate", stdin=MULTIPLE + "\n").split("\n")[:7]
    assert list(p.solutions(limit=3)) == sols[:3]


def test_solutions_stop_early():
    # an empty grid has some 6.7e21 solutions: only those taken are searched
    it = sudokit.parse(EMPTY).solutions()
    first = [next(it) for _ in range(50)]
    assert len(set(first)) == 50
    it.close()
    # the same when the loop is left with break
    for k, s in enumerate(sudokit.parse(EMPTY).solutions()):
        if k == 10:
            break


def test_timeout():
    with pytest.raises(sudokit.Timeout) as e:
        sudokit.parse(EMPTY).count(timeout=0.2)
    assert e.value.count > 0
    with pytest.raises(sudokit.Timeout):
        list(sudokit.parse(EMPTY).solutions(timeout=0.2))


def test_candidates(tool):
    p = sudokit.parse(MULTIPLE)
    record = json.loads(tool("candidates", "--json", stdin=MULTIPLE + "\n"))
    assert ["".join(map(str, m)) for m in p.candidates()] == record["candidates"]
    # the true candidates are the union of the solutions
    sols = list(p.solutions())
    assert p.candidates() == [sorted({int(s[i]) for s in sols}) for i in range(81)]
    assert sudokit.parse(NONE).candidates() == [[]] * 81


def test_basic_candidates(tool):
    p = sudokit.parse(MULTIPLE)
    record = json.loads(tool("candidates", "--basic", "--json", stdin=MULTIPLE + "\n"))
    assert ["".join(map(str, m)) for m in p.candidates(basic=True)] == record["candidates"]


def test_large_grid_as_lists():
    with open(os.path.join(EXAMPLES, "big25.txt")) as f:
        ps = sudokit.read(f.read())
    p = ps[0]
    assert p.size == 25
    sol = p.solve(first=True)
    assert isinstance(sol, str) and len(sol) == 625 and p.verify(sol)
