"""Reading: every form the library reads comes back as Puzzles, and a
malformed puzzle raises with the line, column and message of the library."""
import pytest

import sudokit
from conftest import EXAMPLES, path

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def test_line():
    p = sudokit.parse(EASY)
    assert p.size == 9 and p.box == (3, 3)
    assert p.givens == EASY
    assert p.grid[:3] == [0, 0, 3]
    assert p.format == "line" and p.marks is None
    assert p.description.startswith("9x9")
    assert str(p) == EASY


def test_several_forms_in_one_text():
    grid = "\n".join(EASY[i:i + 9] for i in range(0, 81, 9))
    board = [[c if c != "." else "." for c in EASY[i:i + 9]] for i in range(0, 81, 9)]
    board_text = "[" + ",".join("[" + ",".join(f'"{c}"' for c in row) + "]"
                               for row in board) + "]"
    ps = sudokit.read(EASY + "\n\n" + grid + "\n\n" + board_text + "\n")
    assert [p.format for p in ps] == ["line", "grid", "board"]
    assert all(p.givens == EASY for p in ps)
    assert [p.index for p in ps] == [0, 1, 2]
    assert ps[1].line == 3


def test_bytes_and_empty_input():
    assert sudokit.read(EASY.encode()) [0].givens == EASY
    assert sudokit.read("") == []
    with pytest.raises(ValueError):
        sudokit.parse("")
    with pytest.raises(ValueError):
        sudokit.parse(EASY + "\n" + EASY)


def test_options():
    six = "1.....\n" + "......\n" * 5
    with pytest.raises(sudokit.ParseError):
        sudokit.parse(six)        # 6x6 needs a box shape
    p = sudokit.parse(six, box="2x3")
    assert p.box == (2, 3)
    assert sudokit.parse(six, box=(3, 2)).box == (3, 2)
    assert sudokit.parse(six, box="none").box is None
    assert "diagonals" in sudokit.parse(EASY, diagonals=True).description
    with pytest.raises(ValueError):
        sudokit.read(EASY, format="nonsense")
    with pytest.raises(ValueError):
        sudokit.read(EASY, box="3by3")


def test_hex_alphabet_and_files():
    with open(f"{EXAMPLES}/hex16.txt") as f:
        p = sudokit.parse(f.read(), alphabet="hex")
    assert p.size == 16 and p.alphabet == "hex"
    assert p.givens.startswith("....8FED42.0B9.1")
    assert sorted(set(p.solve())) == sorted("0123456789ABCDEF")


def test_fpuzzles_json_with_rules():
    with open(path("tests", "cli", "data", "fp6.json")) as f:
        p = sudokit.parse(f.read())
    assert p.format == "fpuzzles" and p.size == 6 and p.rules > 0
    assert p.known_solution is not None
    assert p.solve() == p.known_solution


def test_text_rules():
    with open(f"{EXAMPLES}/killer6.txt") as f:
        p = sudokit.parse(f.read())
    assert p.rules > 0 and p.box == (2, 3)
    assert p.verify(p.solve())


INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def test_pencil_marks():
    p = sudokit.parse(INKALA)
    marks = p.candidates(basic=True)    # singles and locked candidates leave it open
    assert any(len(m) > 1 for m in marks)
    sukaku = "".join("".join(str(d) if d in m else "." for d in range(1, 10)) for m in marks)
    q = sudokit.parse(sukaku)
    assert q.format == "sukaku" and q.marks == marks
    assert q.solve() == p.solve()
    grid = "\n".join(" ".join("".join(map(str, m)) for m in marks[r * 9:r * 9 + 9])
                     for r in range(9))
    g = sudokit.parse(grid)
    assert g.format == "pencil" and g.marks == marks
    assert g.solve() == p.solve()
    # a solved cell of the grid is a given; the sukaku line has none
    assert g.grid[0] == 8 and q.grid[0] == 0


def test_parse_error_position():
    text = EASY + "\n" + "12345678\n"
    with pytest.raises(sudokit.ParseError) as e:
        sudokit.read(text)
    err = e.value
    assert err.line == 2 and err.index == 1
    assert err.message and err.message in str(err)
    assert str(err).startswith("line 2")
    assert isinstance(err, ValueError) and isinstance(err, sudokit.SudokitError)


def test_rule_error_points_at_the_rule():
    text = "....\n" * 4 + "cage 40: r1c1 r1c2\n"
    with pytest.raises(sudokit.ParseError) as e:
        sudokit.parse(text)
    assert e.value.line == 5
    assert "cage" in e.value.message
