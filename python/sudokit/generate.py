"""Making puzzles: sudokit.generate(), over the library's sk_generate.

A puzzle is made on a geometry (size, box, diagonals, hyper, a random
jigsaw layout, or the regions and rules of a layout puzzle), then written
in the text form and read back, so that it is a Puzzle like any other,
with its solution as known_solution.
"""
from ._native import ffi, lib, string
from . import _native as C
from .errors import Cancelled, ParseError
from .puzzle import _box, _check, _flag, _name_of, parse


def _bounds(value, tenths):
    """None, K, (A, B) with either None -> (lo, hi) in the library's units."""
    if value is None:
        return 0, 0
    if isinstance(value, (int, float)):
        value = (value, value)
    lo, hi = value
    scale = 10 if tenths else 1
    lo = 0 if lo is None else int(round(lo * scale))
    hi = 0 if hi is None else int(round(hi * scale))
    if lo < 0 or hi < 0 or (hi and lo > hi):
        raise ValueError(f"bounds out of order: {value!r}")
    return lo, hi


def _pattern(pattern, n):
    """A pattern as a string of N*N marks ('x'/'.'), rows of marks, or a
    list of N*N truth values -> bytes of 0/1."""
    if isinstance(pattern, str):
        marks = [c for c in pattern if not c.isspace() and c not in "|+"]
        flags = [0 if c in ".0-_" else 1 for c in marks]
    else:
        flags = [1 if v else 0 for v in pattern]
    if len(flags) != n * n:
        raise ValueError(f"the pattern has {len(flags)} cells, the grid {n * n}")
    return bytes(flags)


def generate(size=None, box=None, diagonals=False, hyper=False, jigsaw=False, layout=None,
             symmetry="none", givens=None, minimal=False, pattern=None, rating=None,
             needs=None, no_guess=False, seed=0, timeout=None, max_tries=None, cancel=None):
    """A new puzzle with exactly one solution (proven), as a Puzzle whose
    known_solution is that solution.

    Geometry: size (default 9), box ("2x3", (2, 3), "none"), diagonals,
    hyper; jigsaw=True draws a random layout of N connected regions (from
    the seed); layout, the text of an empty puzzle, brings its regions and
    variant rules.  Shape: symmetry ("rot180", "rot90", "mirror", "flip",
    "diagonal", "antidiagonal", "both", "full"), givens (K or (A, B), None
    for no bound), minimal, pattern (N*N marks, 'x' for a given and '.'
    for an empty cell, or N*N truth values).  Difficulty: rating (ER, a
    number or (A, B) with None for no bound, on Sudoku Explainer's scale),
    needs (a technique keyword, "x-wing"), no_guess.  The same seed and
    options make the same puzzle.  timeout (seconds) and max_tries bound
    the work: Timeout when they end it first; Cancelled when cancel (a
    Cancel token) is set first.

    Raises ValueError for options that no puzzle can meet, Unsupported
    for a rating asked of variant rules, ParseError for a bad layout.
    """
    keep = []   # cdata that must outlive the calls
    reader = None
    try:
        if layout is not None:
            data = layout.encode("utf-8") if isinstance(layout, str) else bytes(layout)
            ropts = ffi.new("sk_read_opts *")
            ropts.box_rows, ropts.box_cols = _box(box)
            ropts.extras = (C.EXTRA_DIAGONALS if diagonals else 0) | (
                C.EXTRA_HYPER if hyper else 0)
            buf = ffi.from_buffer(data)
            keep.append(buf)
            out = ffi.new("sk_reader **")
            _check(lib.sk_reader_open_mem(buf, len(data), ropts, out))
            reader = out[0]
            p = ffi.new("sk_puzzle *")
            diag = ffi.new("sk_diag *")
            rc = lib.sk_reader_next(reader, p, diag)
            if rc == C.DONE:
                raise ValueError("the layout holds no puzzle")
            if rc == C.EPARSE:
                raise ParseError(string(diag.message), rc, diag.line, diag.column, 0)
            _check(rc)
            n = p.geom.n
            if size is not None and size != n:
                raise ValueError(f"size {size}, but the layout is {n}x{n}")
            if any(p.cells[i] for i in range(n * n)):
                raise ValueError("the layout has givens: generate takes an empty grid")
            geom = ffi.new("sk_geometry *", p.geom)
        else:
            rows, cols = _box(box)
            n = size or (rows * cols if rows > 0 else 9)
            geom = ffi.new("sk_geometry *")
            geom.n = n
            geom.box_rows, geom.box_cols = rows, cols
            geom.extras = (C.EXTRA_DIAGONALS if diagonals else 0) | (
                C.EXTRA_HYPER if hyper else 0)
        if jigsaw:
            if layout is not None:
                raise ValueError("jigsaw draws the regions: not with a layout")
            regions = ffi.new("uint8_t[]", n * n)
            keep.append(regions)
            _check(lib.sk_random_regions(n, seed, regions))
            geom.regions = regions
            geom.box_rows = C.BOX_NONE
        model_out = ffi.new("sk_model **")
        diag = ffi.new("sk_diag *")
        rc = lib.sk_model_new(geom, model_out, diag)
        if rc != C.OK:
            raise ValueError(string(diag.message) or string(lib.sk_strerror(rc)))
        model = ffi.gc(model_out[0], lib.sk_model_free)
        gen_out = ffi.new("sk_generator **")
        _check(lib.sk_generator_new(model, gen_out))
        gen = ffi.gc(gen_out[0], lib.sk_generator_free)

        o = ffi.new("sk_generate_opts *")
        o.seed = seed
        o.symmetry = _name_of(lib.sk_symmetry_parse, "symmetry", symmetry)
        o.min_givens, o.max_givens = _bounds(givens, False)
        o.minimal = 1 if minimal else 0
        if pattern is not None:
            pat = ffi.new("uint8_t[]", _pattern(pattern, n))
            keep.append(pat)
            o.pattern = pat
        o.min_rating, o.max_rating = _bounds(rating, True)
        o.needs = -1 if needs is None else _name_of(lib.sk_tech_parse, "technique", needs)
        o.no_guess = 1 if no_guess else 0
        o.max_tries = max_tries or 0
        o.timeout = timeout or 0.0
        o.rate_timeout = timeout or 0.0
        o.cancel = _flag(cancel)
        puzzle = ffi.new("uint8_t[]", n * n)
        solution = ffi.new("uint8_t[]", n * n)
        res = ffi.new("sk_generate_result *")
        rc = lib.sk_generate(gen, o, puzzle, solution, res)
        if rc == C.ETIME and cancel is not None and cancel.cancelled:
            raise Cancelled("cancelled: no puzzle made yet")
        if rc == C.EINVAL:
            raise ValueError("no puzzle can meet these options (givens bounds that whole "
                             "orbits of the symmetry cannot make, a bad pattern...)")
        _check(rc)

        # the puzzle as text (its grid, then its geometry and rules), read back
        fmt = C.FORMAT_LINE if n <= 35 else C.FORMAT_GRID
        alpha = C.ALPHABET_AUTO
        text = _write(geom, puzzle, fmt, alpha)
        rules_len = lib.sk_write_rules(ffi.NULL, 0, geom)
        if rules_len > 0:
            rbuf = ffi.new("char[]", rules_len + 1)
            lib.sk_write_rules(rbuf, rules_len + 1, geom)
            rules = ffi.string(rbuf).decode()
            text += rules
        result = parse(text)
        result._known = bytes(ffi.buffer(solution, n * n))
        return result
    finally:
        if reader is not None:
            lib.sk_reader_free(reader)


def _write(geom, grid, fmt, alpha):
    size = lib.sk_write(ffi.NULL, 0, geom, grid, fmt, alpha)
    _check(size)
    buf = ffi.new("char[]", size + 1)
    _check(lib.sk_write(buf, size + 1, geom, grid, fmt, alpha))
    return ffi.string(buf).decode()
