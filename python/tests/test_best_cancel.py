"""best(), candidate_counts() and Cancel: answers against the tool's, and
long searches stopped from another thread."""
import os
import threading
import time

import pytest

import sudokit
from conftest import EXAMPLES, data_lines

MULTIPLE = data_lines(os.path.join(EXAMPLES, "multiple.txt"))[0]   # 7 solutions
EMPTY = "." * 81


def test_best_against_the_tool(tool):
    import json
    lines = data_lines(os.path.join(EXAMPLES, "classic.txt"))
    for line, rec in zip(lines, tool("best", "--json", stdin="\n".join(lines) + "\n").splitlines()):
        want = json.loads(rec)
        p = sudokit.parse(line)
        value, sol = p.best()
        assert value == want["score"]
        assert p.verify(sol)


def test_best_weights_and_minimize():
    p = sudokit.parse(MULTIPLE)
    w = [1] * 81
    w[0] = 100
    value, sol = p.best(weights=w)
    assert p.verify(sol)
    # the largest digit r1c1 takes among the solutions, times 100, plus the rest
    top = max(int(s[0]) for s in p.solutions())
    assert int(sol[0]) == top
    low, sol2 = p.best(weights=[w[i * 9:(i + 1) * 9] for i in range(9)], minimize=True)
    assert int(sol2[0]) == min(int(s[0]) for s in p.solutions())
    assert low <= value
    with pytest.raises(ValueError):
        p.best(weights=[1, 2, 3])


def test_candidate_counts_against_the_tool(tool):
    import json
    want = json.loads(tool("candidates", "--limit", "10", "--json", stdin=MULTIPLE + "\n"))
    got = sudokit.parse(MULTIPLE).candidate_counts(10)
    assert [{str(d): n for d, n in c.items()} for c in got] == want["counts"]
    capped = sudokit.parse(MULTIPLE).candidate_counts(3)
    assert all(n <= 3 for c in capped for n in c.values())


def test_cancel_a_count_from_another_thread():
    p = sudokit.parse(EMPTY)
    c = sudokit.Cancel()
    threading.Timer(0.2, c.cancel).start()
    t0 = time.monotonic()
    with pytest.raises(sudokit.Cancelled) as e:
        p.count(cancel=c)
    assert time.monotonic() - t0 < 10
    assert e.value.count > 0
    assert c.cancelled
    c.reset()
    assert p.count(limit=5, cancel=c) == 5


def test_cancel_before_the_call():
    c = sudokit.Cancel()
    c.cancel()
    with pytest.raises(sudokit.Cancelled):
        sudokit.parse(EMPTY).count(cancel=c)
    with pytest.raises(sudokit.Cancelled):
        sudokit.parse(EMPTY).best(cancel=c)
    with pytest.raises(sudokit.Cancelled):
        sudokit.generate(pattern="x" * 8 + "." * 73, cancel=c)


def test_solve_all_against_the_tool(tool, clue17):
    text = "\n".join(clue17) + "\n"
    answers = sudokit.solve_all(text)
    assert answers == tool("solve", "-j", "1", stdin=text).split()
    mixed = MULTIPLE + "\n" + "1234\n" + clue17[0] + "\n" + "11" + "." * 79 + "\n"
    got = sudokit.solve_all(mixed)
    assert got[0] is None and got[1] is None and got[3] is None
    assert got[2] == sudokit.parse(clue17[0]).solve()
    assert sudokit.solve_all(MULTIPLE, first=True)[0] is not None
