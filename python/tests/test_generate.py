"""sudokit.generate(): puzzles judged by independent means, never against
stored ones: uniqueness by the package's own search and by the tool with
another engine, the shape and rating options checked on the result."""
import pytest

import sudokit


def _filled(p):
    return sum(1 for v in p.grid if v)


def test_classic_unique_and_minimal(tool):
    for seed in range(1, 6):
        p = sudokit.generate(seed=seed)
        assert p.is_unique()
        assert p.solve() == p.known_solution
        assert tool("count", "--engine", "dlx", stdin=p.givens + "\n").strip() == "1"
        assert tool("redundant", stdin=p.givens + "\n").startswith("minimal")


def test_same_seed_same_puzzle():
    assert sudokit.generate(seed=11).givens == sudokit.generate(seed=11).givens
    assert sudokit.generate(seed=11).givens != sudokit.generate(seed=12).givens


def test_same_as_the_tool(tool):
    out = tool("generate", "--seed", "5", "--symmetry", "rot180").strip()
    assert sudokit.generate(seed=5, symmetry="rot180").givens == out


def test_symmetry_and_givens():
    p = sudokit.generate(symmetry="rot180", minimal=True, seed=3)
    g = p.grid
    assert all((g[i] != 0) == (g[80 - i] != 0) for i in range(81))
    assert _filled(sudokit.generate(givens=30, seed=2)) == 30
    n = _filled(sudokit.generate(givens=(24, 26), seed=2))
    assert 24 <= n <= 26


def test_pattern():
    pattern = "x." * 40 + "x"
    p = sudokit.generate(pattern=pattern, seed=1, timeout=20)
    assert [v != 0 for v in p.grid] == [c == "x" for c in pattern]
    assert p.is_unique()


def test_rating_and_needs():
    p = sudokit.generate(rating=(3.0, 4.5), seed=4)
    assert 3.0 <= p.rate().er <= 4.5
    p = sudokit.generate(needs="x-wing", seed=4, timeout=60)
    assert "x-wing" in [s.technique for s in p.explain()]


def test_geometries():
    p = sudokit.generate(size=16, seed=1)
    assert p.size == 16 and p.is_unique()
    p = sudokit.generate(box="2x3", seed=1)
    assert p.size == 6 and p.box == (2, 3) and p.is_unique()
    p = sudokit.generate(jigsaw=True, seed=2)
    assert "jigsaw" in p.description and p.is_unique()
    p = sudokit.generate(layout="." * 81 + "\nanti-knight\n", seed=2)
    assert p.rules == 1 and p.is_unique()


def test_refusals():
    with pytest.raises(ValueError):
        sudokit.generate(symmetry="rot90", givens=30)
    with pytest.raises(ValueError):
        sudokit.generate(symmetry="sideways")
    with pytest.raises(ValueError):
        sudokit.generate(needs="no-such-technique")
    with pytest.raises(ValueError):
        sudokit.generate(layout="4" + "." * 80 + "\n")
    with pytest.raises(sudokit.Unsupported):
        sudokit.generate(layout="." * 81 + "\nanti-knight\n", rating=(2.0, 4.0))
    with pytest.raises(sudokit.Timeout):
        sudokit.generate(pattern="x" * 8 + "." * 73, timeout=0.2)
