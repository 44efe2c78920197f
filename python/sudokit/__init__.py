"""sudokit: solve, prove, count, list and rate Sudoku-family puzzles.

A Python face on the C library libsudokit (through cffi, in ABI mode):

    >>> import sudokit
    >>> p = sudokit.parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    >>> p.solve()[:9]
    '483921657'
    >>> str(p.rate())
    '1.2/1.2/1.2 Hidden Single'

Every call into the library releases the GIL, so puzzles can be solved in
several threads at once; each thread searches with a solver of its own.
"""
from ._native import lib as _lib, string as _string
from .errors import (Cancelled, MultipleSolutions, NoSolution, ParseError, SudokitError,
                     Timeout, Unsupported)
from .generate import generate
from .logic import Explanation, Link, Rating, Step
from .puzzle import Cancel, Puzzle, parse, read, solve_all

__all__ = ["read", "parse", "solve_all", "generate", "Puzzle", "Step", "Link", "Rating", "Explanation", "SudokitError",
           "ParseError", "NoSolution", "MultipleSolutions", "Timeout", "Unsupported",
           "Cancel", "Cancelled",
           "library_version"]

__version__ = "0.1.0"


def library_version():
    """The version of the C library that is loaded ("0.1.0")."""
    return _string(_lib.sk_version())
