"""Puzzles read by the C library's reader, and what can be asked of them.

A Puzzle copies what the reader gives (givens, pencil marks, position in
the input) and holds the compiled model (sk_model), which is immutable and
so shared freely between threads.  Searches run in a solver (sk_solver)
kept per Python thread, so that a thread never shares one.  Grids go in
and out as strings of the puzzle's own symbols, '.' for an empty cell, as
long as every digit has a one-character symbol (up to 35x35); larger grids
go as lists of ints, 0 for an empty cell.
"""
import numbers
import queue
import threading

from ._native import ffi, lib, string
from . import _native as C
from .errors import (Cancelled, MultipleSolutions, NoSolution, ParseError, SudokitError,
                     Timeout, Unsupported)

_local = threading.local()


def _solver():
    """This thread's solver (automatic engine), made on first use."""
    s = getattr(_local, "solver", None)
    if s is None:
        out = ffi.new("sk_solver **")
        _check(lib.sk_solver_new(-1, out))
        s = _local.solver = ffi.gc(out[0], lib.sk_solver_free)
    return s


def _check(rc):
    """Raises the exception of a failing status; returns rc otherwise."""
    if rc >= 0:
        return rc
    msg = string(lib.sk_strerror(rc))
    if rc == C.ENOMEM:
        raise MemoryError(msg)
    if rc == C.ETIME:
        raise Timeout(msg, rc)
    if rc == C.EUNSUPPORTED:
        raise Unsupported(msg, rc)
    raise SudokitError(msg, rc)


# One callback for every search: `user` is a handle on a Python callable
# that takes the solution (a cdata pointer) and returns 0 to go on or 1 to
# stop.  An exception in it stops the search.
@ffi.callback("int(void *, const uint8_t *)", onerror=lambda *exc: 1)
def _on_solution(user, solution):
    return ffi.from_handle(user)(solution)


class Cancel:
    """A token that stops work in progress: pass it as cancel= to a call
    (solve, count, is_unique, candidates, best, rate, explain, steps, hint,
    generate), then call
    cancel() from any thread; the call soon raises Cancelled.  reset() makes
    it usable again."""

    __slots__ = ("_flag",)

    def __init__(self):
        self._flag = ffi.new("int *")

    def cancel(self):
        self._flag[0] = 1

    def reset(self):
        self._flag[0] = 0

    @property
    def cancelled(self):
        return bool(self._flag[0])


def _flag(cancel):
    return ffi.NULL if cancel is None else cancel._flag


def _logic_check(rc, cancel):
    """_check for the logical solver, whose cancel flag ends a call as its
    timeout does: Cancelled when the token was set."""
    if rc == C.ETIME and cancel is not None and cancel.cancelled:
        raise Cancelled("cancelled: the logical solver")
    return _check(rc)


def _rating_limit(max_rating):
    """max_rating (None: no limit) in tenths, as the tool's --max-rating
    takes it: a number from 1.0 to 20.0."""
    if max_rating is None:
        return 0
    if isinstance(max_rating, bool) or not isinstance(max_rating, numbers.Real):
        raise TypeError(f"max_rating must be a number, not {type(max_rating).__name__}")
    if not 1.0 <= max_rating <= 20.0:
        raise ValueError(f"max_rating must be a rating from 1.0 to 20.0 (such as 4.4), "
                         f"not {max_rating!r}")
    return int(max_rating * 10 + 0.5)   # (as the tool rounds: 2.25 is 2.3)


def _stopped(end, what):
    """Raises Cancelled or Timeout for a search that ended so."""
    if end == C.END_CANCELLED:
        raise Cancelled(f"cancelled: {what}")
    raise Timeout(f"the time limit ended {what}")


def _name_of(parse, kind, name):
    value = parse(name.encode())
    if value < 0:
        raise ValueError(f"unknown {kind} {name!r}")
    return value


def _box(box):
    """box=None, "none", "2x3" or (2, 3) as (box_rows, box_cols)."""
    if box is None:
        return C.BOX_DEFAULT, C.BOX_DEFAULT
    if isinstance(box, str):
        if box.lower() == "none":
            return C.BOX_NONE, C.BOX_NONE
        try:
            rows, cols = (int(x) for x in box.lower().split("x"))
        except ValueError:
            raise ValueError(f"box {box!r} is not RxC or 'none'") from None
    else:
        rows, cols = box
    if rows < 1 or cols < 1:
        raise ValueError(f"box {box!r}: rows and columns must be positive")
    return rows, cols


def read(text, format=None, alphabet=None, box=None, diagonals=False, hyper=False,
         size=None):
    """Every puzzle of text (str or bytes), in input order, as Puzzles.

    The text may hold any number of puzzles in any of the forms the library
    reads, mixed: lines, grids (with rule lines after them), f-puzzles JSON,
    links or compressed strings, LeetCode boards, pencil marks (grids of
    candidates, 729-character lines).  format ("line", "grid", "fpuzzles",
    "pencil", "sukaku", ...) and alphabet ("digits", "hex", "letters",
    "numbers") fix what is otherwise guessed per block of lines; box ("2x3",
    (2, 3) or "none"), diagonals and hyper apply to every puzzle, as the
    tool's --box, --diagonals and --hyper do; size is the expected side N.

    Raises ParseError at the first malformed puzzle, with its line, column
    and the library's message ("row 3 has 10 cells, expected 9").
    """
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    opts = ffi.new("sk_read_opts *")
    if format is not None:
        opts.format = _name_of(lib.sk_format_parse, "format", format)
    if alphabet is not None:
        opts.alphabet = _name_of(lib.sk_alphabet_parse, "alphabet", alphabet)
    opts.box_rows, opts.box_cols = _box(box)
    opts.extras = (C.EXTRA_DIAGONALS if diagonals else 0) | (C.EXTRA_HYPER if hyper else 0)
    opts.n = size or 0
    buf = ffi.from_buffer(data)
    out = ffi.new("sk_reader **")
    _check(lib.sk_reader_open_mem(buf, len(data), opts, out))
    reader = out[0]
    p = ffi.new("sk_puzzle *")
    diag = ffi.new("sk_diag *")
    puzzles = []
    try:
        while True:
            rc = lib.sk_reader_next(reader, p, diag)
            if rc == C.DONE:
                break
            if rc == C.EPARSE:
                raise ParseError(string(diag.message), rc, diag.line, diag.column, p.index)
            _check(rc)
            puzzles.append(Puzzle._from_reader(p))
    finally:
        lib.sk_reader_free(reader)
    return puzzles


def parse(text, **options):
    """The one puzzle of text (the options of read()).  ValueError when the
    text holds none or several."""
    puzzles = read(text, **options)
    if len(puzzles) != 1:
        raise ValueError(f"expected one puzzle, found {len(puzzles)}")
    return puzzles[0]


# Models of the plain geometries (no jigsaw, group or rule: only N, the box
# shape and the extras), shared by every puzzle of that geometry, as the
# tool shares them: building a model costs more than solving a 17-clue
# puzzle.  A model is immutable, so threads share it freely.
_models = {}
_MODELS_KEPT = 32


def _model_of(p):
    g = p.geom
    key = None
    if g.regions == ffi.NULL and g.ngroups == 0 and g.nrules == 0:
        key = (g.n, g.box_rows, g.box_cols, g.extras)
        model = _models.get(key)
        if model is not None:
            return model
    out = ffi.new("sk_model **")
    diag = ffi.new("sk_diag *")
    rc = lib.sk_model_new(ffi.addressof(p, "geom"), out, diag)
    if rc != C.OK:
        msg = string(diag.message) or string(lib.sk_strerror(rc))
        if diag.line > 0:   # a rule's own line
            raise ParseError(msg, rc, diag.line, diag.column, p.index)
        raise ParseError(msg, rc, p.line, 0, p.index)
    model = ffi.gc(out[0], lib.sk_model_free)
    if key is not None and len(_models) < _MODELS_KEPT:
        _models[key] = model
    return model


def _digits(mask):
    """The digits of a candidate mask (bit d-1 for digit d), ascending."""
    out = []
    d = 1
    while mask:
        if mask & 1:
            out.append(d)
        mask >>= 1
        d += 1
    return out


def _cell_name(n, cell):
    return f"r{cell // n + 1}c{cell % n + 1}"


class Puzzle:
    """One puzzle as read: its givens, geometry and rules (compiled into a
    model), and its pencil marks when it was given as pencil marks.

    Attributes: size (N), box ((rows, cols) or None), givens (str, or list
    of ints above 35x35), grid (list of N*N ints, 0 = empty), marks (the
    pencil marks read, a list of N*N lists of digits, or None), format and
    alphabet (names of the form it was read in), index (its place in the
    input, from 0), line (its first line), rules (the number of variant
    rules), description ("9x9, boxes 3x3, diagonals"), known_solution (the
    solution the input carries, as f-puzzles can, or None), warning (what
    the reader left out, or None).
    """

    __slots__ = ("_model", "_givens", "_marks", "_alphabet", "_symbols", "size", "format",
                 "alphabet", "index", "line", "warning", "_known")

    @classmethod
    def _from_reader(cls, p):
        self = cls.__new__(cls)
        n = p.geom.n
        self._model = _model_of(p)
        nn = n * n
        self._givens = ffi.new("uint8_t[]", nn)
        ffi.memmove(self._givens, p.cells, nn)
        self._marks = None
        if p.candidates != ffi.NULL:
            self._marks = ffi.new("uint64_t[]", nn)
            ffi.memmove(self._marks, p.candidates, nn * 8)
        self._known = None
        if p.solution != ffi.NULL:
            self._known = bytes(ffi.buffer(p.solution, nn))
        self.size = n
        self.format = string(lib.sk_format_name(p.format))
        self.alphabet = string(lib.sk_alphabet_name(p.alphabet))
        self._alphabet = p.alphabet
        self._symbols = self._pick_symbols(p.alphabet, n)
        self.index = p.index
        self.line = p.line
        self.warning = string(p.warning)
        return self

    @staticmethod
    def _pick_symbols(alphabet, n):
        """'.' then the symbols of 1..N: the puzzle's alphabet when it has
        one character for each, else digits; None when neither has."""
        for a in (alphabet, C.ALPHABET_DIGITS):
            if a in (C.ALPHABET_AUTO, C.ALPHABET_NUMBERS):
                continue
            syms = [lib.sk_alphabet_symbol(a, v) for v in range(1, n + 1)]
            if all(s != b"\0" for s in syms):
                return "." + b"".join(syms).decode()
        return None

    # -- what was read ------------------------------------------------

    def _out(self, grid):
        """An N*N grid (bytes or cdata) as str, or list above 35x35."""
        values = bytes(ffi.buffer(grid, self.size * self.size)) if isinstance(
            grid, ffi.CData) else bytes(grid)
        if self._symbols is None:
            return list(values)
        return "".join(self._symbols[v] for v in values)

    @property
    def givens(self):
        return self._out(self._givens)

    @property
    def grid(self):
        return list(bytes(ffi.buffer(self._givens)))

    @property
    def marks(self):
        if self._marks is None:
            return None
        return [_digits(m) for m in self._marks]

    @property
    def box(self):
        rows = ffi.new("int *")
        cols = ffi.new("int *")
        return (rows[0], cols[0]) if lib.sk_model_box(self._model, rows, cols) else None

    @property
    def rules(self):
        return lib.sk_model_rule_count(self._model)

    @property
    def description(self):
        buf = ffi.new("char[]", 200)
        return string(lib.sk_model_describe(self._model, buf, 200))

    @property
    def known_solution(self):
        return None if self._known is None else self._out(self._known)

    def __str__(self):
        g = self.givens
        return g if isinstance(g, str) else " ".join(map(str, g))

    def __repr__(self):
        filled = sum(1 for v in bytes(ffi.buffer(self._givens)) if v)
        kind = ", pencil marks" if self._marks is not None else ""
        return f"<sudokit.Puzzle {self.description}{kind}, {filled} givens, line {self.line}>"

    # -- searching ----------------------------------------------------

    def _search(self, max_solutions, timeout=None, sink=None, cancel=None):
        """One run of this thread's solver: (sk_result, first solution)."""
        nn = self.size * self.size
        opts = ffi.new("sk_search_opts *")
        opts.max_solutions = max_solutions
        opts.timeout = timeout or 0.0
        if self._marks is not None:
            opts.candidates = self._marks
        handle = None
        if sink is not None:
            handle = ffi.new_handle(sink)   # alive for the whole call
            opts.on_solution = _on_solution
            opts.user = handle
        if cancel is not None:
            opts.cancel = cancel
        first = ffi.new("uint8_t[]", nn)
        res = ffi.new("sk_result *")
        _check(lib.sk_solver_run(_solver(), self._model, self._givens, opts, first, res))
        return res, first

    def _no_solution(self):
        why = ffi.new("sk_why *")
        if self._marks is not None:
            rc = lib.sk_explain_none_candidates(self._model, self._givens, self._marks,
                                                self._alphabet, why)
        else:
            rc = lib.sk_explain_none(self._model, self._givens, self._alphabet, why)
        _check(rc)
        return NoSolution(string(why.message), string(lib.sk_why_keyword(why.kind)))

    def solve(self, first=False, timeout=None, cancel=None):
        """The solution, proven to be the only one.

        Raises NoSolution (with the reason), MultipleSolutions (with two of
        them), Timeout (after timeout seconds) or Cancelled (cancel, a
        Cancel token, was set).  first=True returns the first solution
        found without proving it unique.
        """
        res, sol = self._search(1 if first else 2, timeout, cancel=_flag(cancel))
        if res.end == C.END_CANCELLED and res.solutions < 2:
            _stopped(res.end, "the search")
        if res.solutions == 0:
            if res.end == C.END_EXHAUSTED:
                raise self._no_solution()
            raise Timeout("the time limit ended the search before a solution was found")
        if first:
            return self._out(sol)
        if res.solutions >= 2:
            raise MultipleSolutions(list(self.solutions(limit=2)))
        if res.end != C.END_EXHAUSTED:
            raise Timeout("a solution was found, but the time limit ended the search "
                          "before it was proven unique")
        return self._out(sol)

    def count(self, limit=None, timeout=None, cancel=None):
        """The number of solutions, exact up to limit (None: no limit; the
        count stops at limit).  Timeout when the time limit ends the search
        first, Cancelled when cancel is set: their `count` attribute holds
        the solutions found so far."""
        res, _ = self._search(limit or 0, timeout, cancel=_flag(cancel))
        if res.end not in (C.END_EXHAUSTED, C.END_SOLUTIONS):
            try:
                _stopped(res.end, f"the count after {res.solutions} solutions")
            except SudokitError as err:
                err.count = res.solutions
                raise
        return res.solutions

    def is_unique(self, timeout=None, cancel=None):
        """True when the puzzle has exactly one solution."""
        return self.count(limit=2, timeout=timeout, cancel=cancel) == 1

    def solutions(self, limit=None, timeout=None):
        """An iterator over the solutions, each yielded as the search finds it.

        The search runs in a thread of its own and waits while the
        solutions it has handed over are not taken, so an endless supply
        (an empty grid) costs nothing until asked for.  Leaving the loop
        early, or closing the iterator, stops the search.  Raises Timeout
        at the end when the time limit ended the search.
        """
        return _Solutions(self, limit, timeout)._run()

    def verify(self, solution):
        """True when solution (str or list) is a complete grid that keeps
        every given and obeys every house and rule."""
        grid = self._parse_grid(solution)
        return bool(lib.sk_verify(self._model, self._givens, grid))

    def _parse_grid(self, grid):
        nn = self.size * self.size
        if isinstance(grid, str):
            if self._symbols is None or len(grid) != nn:
                raise ValueError(f"expected {nn} symbols")
            try:
                values = [self._symbols.index(ch) if ch != "0" or "0" in self._symbols[1:]
                          else 0 for ch in grid.upper()]
            except ValueError:
                raise ValueError("a symbol outside the puzzle's alphabet") from None
        else:
            values = list(grid)
            if len(values) != nn or any(not 0 <= v <= self.size for v in values):
                raise ValueError(f"expected {nn} values from 0 to {self.size}")
        return ffi.new("uint8_t[]", values)

    def candidates(self, basic=False, timeout=None, cancel=None):
        """The candidates of each cell, a list of N*N lists of digits.

        By default the true candidates: the digits each cell holds in at
        least one solution (all empty when there is none).  basic=True gives
        the pencil marks a person reaches with singles and locked
        candidates (`sudokit candidates --basic`); no search (all empty
        when those steps show there is no solution).  cancel stops either
        (Cancelled).
        """
        nn = self.size * self.size
        if basic:
            l = self._logic(2.8, timeout, cancel)
            self._start(l)
            step = ffi.new("sk_step *")
            while not lib.sk_logic_solved(l):
                rc = lib.sk_logic_next(l, step)
                if rc == 0:
                    break
                _logic_check(rc, cancel)
                lib.sk_logic_apply(l, step)
            why = ffi.new("sk_why *")
            if lib.sk_logic_contradiction(l, self._alphabet, why) == 1:
                return [[] for _ in range(nn)]   # none, as those steps show
            cand = lib.sk_logic_candidates(l)
            return [_digits(cand[i]) for i in range(nn)]
        out, _ = self._candidates(1, timeout, cancel)
        return [_digits(m) for m in out]

    def _candidates(self, cap, timeout, cancel):
        nn = self.size * self.size
        opts = ffi.new("sk_candidates_opts *")
        opts.cap = cap
        opts.timeout = timeout or 0.0
        opts.cancel = _flag(cancel)
        if self._marks is not None:
            opts.candidates = self._marks
        out = ffi.new("uint64_t[]", nn)
        counts = ffi.new("uint64_t[]", nn * self.size) if cap > 1 else ffi.NULL
        res = ffi.new("sk_candidates_result *")
        _check(lib.sk_candidates(_solver(), self._model, self._givens, opts, out, counts,
                                 res))
        if res.end != C.END_EXHAUSTED:
            _stopped(res.end, "the search for candidates")
        return out, counts

    def candidate_counts(self, limit, timeout=None, cancel=None):
        """For each cell, a dict {digit: solutions with that digit there},
        each count exact up to limit (a count of limit means limit or more),
        as `sudokit candidates --limit` writes them; digits of no solution
        are left out."""
        if limit < 1:
            raise ValueError("limit must be 1 or more")
        n = self.size
        out, counts = self._candidates(max(limit, 2), timeout, cancel)
        result = []
        for i in range(n * n):
            cell = {}
            for d in _digits(out[i]):
                cell[d] = min(counts[i * n + d - 1], limit) if counts != ffi.NULL else 1
            result.append(cell)
        return result

    def best(self, weights=None, minimize=False, timeout=None, cancel=None):
        """The largest (minimize=True: smallest) sum of weight x digit over
        the solutions, proven optimal, and a solution that reaches it:
        (value, solution).  weights: N*N ints (a flat list or N rows), or
        None for the target weights of NOIP 2009 (6 + the distance to the
        border).  NoSolution when there is none; Timeout or Cancelled when
        the search stops first (their `value` and `solution` hold the best
        found so far, or None)."""
        n = self.size
        w = ffi.NULL
        if weights is not None:
            flat = [x for row in weights for x in row] if weights and isinstance(
                weights[0], (list, tuple)) else list(weights)
            if len(flat) != n * n:
                raise ValueError(f"weights: {len(flat)} values for {n * n} cells")
            w = ffi.new("int32_t[]", flat)
        opts = ffi.new("sk_best_opts *")
        opts.minimize = 1 if minimize else 0
        opts.timeout = timeout or 0.0
        opts.cancel = _flag(cancel)
        if self._marks is not None:
            opts.candidates = self._marks
        sol = ffi.new("uint8_t[]", n * n)
        res = ffi.new("sk_best_result *")
        _check(lib.sk_best(self._model, self._givens, w, opts, sol, res))
        if res.end != C.END_EXHAUSTED:
            try:
                _stopped(res.end, "the search for the best solution")
            except SudokitError as err:
                err.value = res.value if res.found else None
                err.solution = self._out(sol) if res.found else None
                raise
        if not res.found:
            raise self._no_solution()
        return res.value, self._out(sol)

    # -- solving like a person ------------------------------------------

    def _logic(self, max_rating, timeout, cancel=None):
        limit = _rating_limit(max_rating)
        out = ffi.new("sk_logic **")
        _check(lib.sk_logic_new(self._model, out))
        l = ffi.gc(out[0], lib.sk_logic_free)
        if limit:
            lib.sk_logic_set_limit(l, limit)
        if timeout:
            lib.sk_logic_set_timeout(l, timeout)
        if cancel is not None:
            lib.sk_logic_set_cancel(l, cancel._flag)
        return l

    def _start(self, l):
        if self._marks is not None:
            _check(lib.sk_logic_start_candidates(l, self._givens, self._marks))
        else:
            _check(lib.sk_logic_start(l, self._givens))

    def _contradiction(self, l):
        """Raises NoSolution when the logical solver stopped at a position
        that shows it has none (a puzzle not checked first); when steps
        that assume one solution led there, the search raises NoSolution
        or MultipleSolutions."""
        why = ffi.new("sk_why *")
        rc = lib.sk_logic_contradiction(l, self._alphabet, why)
        if rc == 2:
            self.solve()   # raises: none or several
        elif rc == 1:
            raise NoSolution(string(why.message), string(lib.sk_why_keyword(why.kind)))

    def _prepare(self, check, max_rating, timeout, cancel=None):
        """A logical solver at the puzzle's start; first proves the
        solution unique (check), as the tool does unless --no-check."""
        if check:
            self.solve(timeout=timeout, cancel=cancel)
        l = self._logic(max_rating, timeout, cancel)
        self._start(l)
        return l

    def rate(self, check=True, max_rating=None, timeout=None, cancel=None):
        """How hard the puzzle is by Sudoku Explainer's scale: a Rating,
        which unpacks as (er, ep, ed) floats and names the techniques.

        check=False rates a puzzle that is not proven to have exactly one
        solution (SE's figures mean little then); max_rating tries only the
        techniques rated that much or less (2.8: singles and locked
        candidates; a number from 1.0 to 20.0, else ValueError or
        TypeError); timeout in seconds, and a Cancel token stops it too
        (Cancelled).  Raises NoSolution or
        MultipleSolutions (when check); NoSolution also when check=False
        and the path reaches a position that shows it has none (a cell
        without candidate, a digit without place in a house: its reason
        names it), or NoSolution or MultipleSolutions, as a search finds,
        when steps that assume one solution (unique rectangles, BUG) led
        there.  On a puzzle with variant rules
        the figures are sudokit's own (see the README).
        """
        from .logic import rating_from_c
        l = self._prepare(check, max_rating, timeout, cancel)
        r = ffi.new("sk_rating *")
        _logic_check(lib.sk_rate_position(l, r), cancel)
        if r.stuck and not check:
            self._contradiction(l)
        return rating_from_c(r)

    def steps(self, check=True, max_rating=None, timeout=None, cancel=None):
        """The whole logical path from the givens, as a list of Steps (see
        explain(), which says how it ended too)."""
        return list(self.explain(check, max_rating, timeout, cancel))

    def explain(self, check=True, max_rating=None, timeout=None, cancel=None):
        """The logical path: an Explanation, a list of Steps with `rating`
        (the Rating of the path), `stuck` (no technique applied before the
        end), `marks` (the pencil marks where it ended) and `values` (the
        cells filled there, 0 for an open one).  The options are those of
        rate()."""
        from .logic import Explanation, Step, rating_from_c
        l = self._prepare(check, max_rating, timeout, cancel)
        step = ffi.new("sk_step *")
        r = ffi.new("sk_rating *")
        lib.sk_rating_init(r)
        steps = []
        rc = 0
        while not lib.sk_logic_solved(l):
            rc = lib.sk_logic_next(l, step)
            if rc == 0:
                lib.sk_rating_stuck(r)
                if not check:
                    self._contradiction(l)
                break
            if rc == C.ETIME:
                break
            _check(rc)
            steps.append(Step._from_c(self, step, lib.sk_logic_candidates(l)))
            lib.sk_rating_add(r, step)
            lib.sk_logic_apply(l, step)
        cand = lib.sk_logic_candidates(l)
        vals = lib.sk_logic_values(l)
        nn = self.size * self.size
        path = Explanation(steps, rating_from_c(r), bool(r.stuck),
                           [_digits(cand[i]) for i in range(nn)],
                           [vals[i] for i in range(nn)])
        if rc == C.ETIME:
            try:
                _logic_check(rc, cancel)
            except SudokitError as e:
                e.partial = path  # the steps before the one not found in time
                raise
        return path

    def hint(self, check=True, max_rating=None, timeout=None, cancel=None):
        """The next logical step from the position given (the givens and
        any digits filled in, or the pencil marks), as a Step; None when
        every cell is filled or no technique applies.  With check=False,
        NoSolution when the position shows it has none (a cell without
        candidate, a digit without place in a house)."""
        from .logic import Step
        l = self._prepare(check, max_rating, timeout, cancel)
        if lib.sk_logic_solved(l):
            return None
        step = ffi.new("sk_step *")
        rc = _logic_check(lib.sk_logic_next(l, step), cancel)
        if rc == 0 and not check:
            self._contradiction(l)
        return Step._from_c(self, step, lib.sk_logic_candidates(l)) if rc == 1 else None


class _Solutions:
    """The producer side of Puzzle.solutions(): a thread runs the search and
    hands each solution over through a small queue."""

    _SIZE = 16   # solutions handed over and not yet taken

    def __init__(self, puzzle, limit, timeout):
        self.puzzle = puzzle
        self.limit = limit
        self.timeout = timeout
        self.queue = queue.Queue(self._SIZE)
        self.stop = threading.Event()
        self.cancel = ffi.new("int *")   # the search's cancel flag

    def _put(self, item):
        """Hands item over; False when the consumer has gone."""
        while not self.stop.is_set():
            try:
                self.queue.put(item, timeout=0.05)
                return True
            except queue.Full:
                pass
        return False

    def _sink(self, solution):
        grid = bytes(ffi.buffer(solution, self.puzzle.size * self.puzzle.size))
        return 0 if self._put(("solution", grid)) else 1

    def _work(self):
        try:
            res, _ = self.puzzle._search(self.limit or 0, self.timeout, self._sink, self.cancel)
            self._put(("end", res.end))
        except BaseException as e:   # handed to the consumer, raised there
            self._put(("error", e))

    def _run(self):
        thread = threading.Thread(target=self._work, name="sudokit-solutions", daemon=True)
        thread.start()
        try:
            while True:
                kind, value = self.queue.get()
                if kind == "solution":
                    yield self.puzzle._out(value)
                elif kind == "error":
                    raise value
                else:
                    if value in (C.END_TIMEOUT, C.END_NODES):
                        raise Timeout("the time limit ended the search")
                    return
        finally:
            self.stop.set()
            self.cancel[0] = 1
            thread.join()


def solve_all(text, first=False, timeout=None, **options):
    """The answer for every puzzle of text, in input order, in one call
    into the library (sk_solve_all), at the tool's own speed: a list
    holding, for each puzzle, its solution as a string of symbols when it
    has exactly one (first=True: the first found, unproven), else None (no
    solution, several, a timeout, or a puzzle that cannot be read).  Above
    35x35 a solution is a list of ints.  The options are read()'s.
    """
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    opts = ffi.new("sk_read_opts *")
    if options.get("format") is not None:
        opts.format = _name_of(lib.sk_format_parse, "format", options["format"])
    if options.get("alphabet") is not None:
        opts.alphabet = _name_of(lib.sk_alphabet_parse, "alphabet", options["alphabet"])
    opts.box_rows, opts.box_cols = _box(options.get("box"))
    opts.extras = ((C.EXTRA_DIAGONALS if options.get("diagonals") else 0) |
                   (C.EXTRA_HYPER if options.get("hyper") else 0))
    out = ffi.new("char **")
    size = ffi.new("size_t *")
    _check(lib.sk_solve_all(ffi.from_buffer(data), len(data), opts, 1 if first else 2,
                            timeout or 0.0, out, size))
    try:
        lines = ffi.unpack(out[0], size[0]).decode().split("\n")
    finally:
        lib.sk_free(out[0])
    lines.pop()  # after the last newline
    answers = []
    for line in lines:
        if line in ("none", "multiple", "timeout", "invalid"):
            answers.append(None)
        elif " " in line:
            answers.append([int(v) for v in line.split()])
        else:
            answers.append(line)
    return answers
