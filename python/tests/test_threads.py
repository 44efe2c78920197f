"""Threads: every call into the library releases the GIL, and each thread
searches with a solver of its own, so puzzles solved in several threads
give the same answers as in one, and Python keeps running meanwhile."""
import threading
from concurrent.futures import ThreadPoolExecutor

import sudokit


def test_solve_in_threads(clue17):
    puzzles = sudokit.read("\n".join(clue17))
    expected = [p.solve() for p in puzzles]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda p: p.solve(), puzzles))
    assert got == expected


def test_one_puzzle_shared_by_threads(clue17):
    # a Puzzle (its model) is read-only: threads may share it
    p = sudokit.parse(clue17[0])
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda _: (p.solve(), str(p.rate())), range(16)))
    assert len(set(got)) == 1


def test_iterators_in_threads():
    multiple = "9" + "." * 80
    def take(_):
        it = sudokit.parse(multiple).solutions()
        return [next(it) for _ in range(20)]
    with ThreadPoolExecutor(max_workers=3) as pool:
        results = list(pool.map(take, range(6)))
    assert all(r == results[0] for r in results)


def test_the_gil_is_released():
    # One thread counts the empty grid's solutions for 0.5 s inside the
    # library; if it held the GIL, this thread could not count at all.
    done = threading.Event()
    def search():
        try:
            sudokit.parse("." * 81).count(timeout=0.5)
        except sudokit.Timeout:
            pass
        done.set()
    t = threading.Thread(target=search)
    ticks = 0
    t.start()
    while not done.is_set():
        ticks += 1
    t.join()
    assert ticks > 1000
