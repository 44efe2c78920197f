"""Exceptions.  Every error the package raises is a SudokitError."""


class SudokitError(Exception):
    """An error from the library: `status` is its status code (0 when the
    package raised it itself), `message` the text, `line` and `column` the
    position in the input it points at (1-based; 0 when unknown)."""

    def __init__(self, message, status=0, line=0, column=0):
        self.message = message
        self.status = status
        self.line = line
        self.column = column
        if line and column:
            text = f"line {line}, column {column}: {message}"
        elif line:
            text = f"line {line}: {message}"
        else:
            text = message
        super().__init__(text)


class ParseError(SudokitError, ValueError):
    """The input holds a malformed puzzle, or one whose geometry or rules do
    not fit (a cage that cannot reach its sum...).  `index` is the puzzle's
    place in the input, from 0."""

    def __init__(self, message, status=0, line=0, column=0, index=0):
        super().__init__(message, status, line, column)
        self.index = index


class NoSolution(SudokitError):
    """The puzzle has no solution.  `reason` says why, as `sudokit solve`
    does ("the givens leave r3c4 no candidate"); `kind` is its keyword
    ("conflict", "cell", "house", "rule", "branch", "search")."""

    def __init__(self, reason, kind):
        super().__init__("no solution: " + reason)
        self.reason = reason
        self.kind = kind


class MultipleSolutions(SudokitError):
    """The puzzle has more than one solution; `solutions` holds two."""

    def __init__(self, solutions):
        super().__init__("the puzzle has several solutions")
        self.solutions = solutions


class Timeout(SudokitError):
    """The time limit ended the work before it was done.  Raised by
    Puzzle.explain() while it looked for a step, `partial` is the
    Explanation of the steps found before it (its `marks` the position
    they reach); None elsewhere (and when the uniqueness check ran out)."""

    partial = None


class Unsupported(SudokitError):
    """The puzzle is beyond what was asked of: the logical solver does not
    use variant rules, an engine does not take this puzzle."""


class Cancelled(SudokitError):
    """A Cancel token given to the call was set before the work was done."""
