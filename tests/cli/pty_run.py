#!/usr/bin/env python3
"""pty_run.py - runs a command with a terminal on standard error.

  pty_run.py both TERMFILE CMD...      stdout and stderr on one terminal
  pty_run.py stderr TERMFILE CMD...    stderr on a terminal, stdout kept

Everything the terminal shows goes to TERMFILE; in `stderr` mode the
command's standard output passes through to ours.  The command reads our
standard input.  Exits with the command's status.  Used by
tests/cli/terminal.sh for what only a terminal brings out (the progress
line).
"""
import os
import pty
import subprocess
import sys


def main():
    mode, termfile, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
    master, slave = pty.openpty()
    out = slave if mode == "both" else None
    proc = subprocess.Popen(cmd, stdout=out, stderr=slave)
    os.close(slave)
    seen = bytearray()
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: every end of the terminal is closed
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    rc = proc.wait()
    with open(termfile, "wb") as f:
        f.write(seen)
    sys.exit(rc)


if __name__ == "__main__":
    main()
