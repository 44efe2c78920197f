"""Paths the tests share.  Run from anywhere:

    PYTHONPATH=python SUDOKIT_LIB=build/libsudokit.so python3 -m pytest python/tests

SUDOKIT_TOOL names the command-line tool whose answers the package is
checked against (default: build/sudokit of this repository).
"""
import os
import subprocess

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLES = os.path.join(REPO, "examples", "puzzles")
SHARED = os.path.join(REPO, "..", "shared", "data")


def path(*parts):
    return os.path.join(REPO, *parts)


def data_lines(p, limit=None):
    """The puzzle lines of a file (no comments, no blank lines)."""
    out = []
    with open(p) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line)
                if limit and len(out) == limit:
                    break
    return out


@pytest.fixture(scope="session")
def tool():
    t = os.environ.get("SUDOKIT_TOOL") or path("build", "sudokit")
    if not os.access(t, os.X_OK):
        pytest.skip(f"no tool at {t}")

    def run(*args, stdin=None):
        r = subprocess.run([t, *args], input=stdin, capture_output=True, text=True)
        return r.stdout
    return run


@pytest.fixture(scope="session")
def clue17():
    """A sample of the 17-clue collection: its first 200 puzzles."""
    p = os.path.join(SHARED, "17clue.txt")
    if not os.path.exists(p):
        pytest.skip(f"no {p}")
    return data_lines(p, 200)
