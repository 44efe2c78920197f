#!/usr/bin/env python3
"""bench/variants/run.py - variant puzzles: sudokit against the Interactive
Sudoku Solver (ISS) and against CaDiCaL on `sudokit cnf`, in the same run.

    python3 bench/variants/run.py SUDOKIT [--iss DIR] [--timeout S]
                                  [--sat-limit S] [--puzzles FILE] [--out MD]

SUDOKIT     the tool (build/sudokit)
--iss DIR   a checkout of ISS (github.com/sigh/Interactive-Sudoku-Solver),
            built nowhere and never part of this repository; it runs under
            node through bench/variants/iss_run.mjs, the whole set in one
            process, each puzzle counted to two solutions as ISS's own
            "count solutions" does.  Without it the ISS column is left out.
--timeout   seconds sudokit may spend on one puzzle (default 60)
--sat-limit seconds each CaDiCaL run may take (default 60)
--puzzles   the set (default tests/variants/iss_examples.txt: the ISS
            examples in f-puzzles JSON, each after a "# NAME | SOURCE" line)
--out       where the table goes (default bench/VARIANTS.md)
--together  run the three sides at the same time (each is one thread and
            is timed by its own CPU time; the run takes the longest side's
            time instead of the sum: hours when every puzzle must be proven)

Every side proves uniqueness:
  sudokit   `sudokit solve --json -j 1 --timeout S` over the whole file, one
            process; the CPU time of that process is its total;
  ISS       the CPU time of its node process (building each solver, then
            countSolutions(2));
  CaDiCaL   per puzzle: `sudokit cnf`, cadical for a model, the clause that
            blocks that model, cadical again (UNSAT proves it unique); the
            CPU time of the three processes.
Answers are checked: sudokit's solution against the puzzle's known solution
(when the file gives one) and against CaDiCaL's model; the verdicts of the
three sides must agree.  CPU times come from bench/timed.c (built here).
"""
import argparse
import concurrent.futures
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def build_timed(tmp):
    exe = os.path.join(tmp, "timed")
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-O2", "-o", exe, os.path.join(ROOT, "bench", "timed.c")], check=True)
    return exe


def timed(exe, cmd, out=None, limit=None):
    """Runs cmd under bench/timed.c: (wall, cpu, status)."""
    args = [exe]
    if out:
        args += ["-o", out]
    if limit:
        args += ["-t", str(limit)]
    line = subprocess.run(args + cmd, capture_output=True, text=True, check=True).stdout.split()
    status = " ".join(line[2:]) if len(line) > 2 else "missing"
    return float(line[0]), float(line[1]), status


def read_puzzles(path):
    """[(name, json_line, size, solution or None, rule keys)]"""
    out, name = [], None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("# ") and " | " in line:
                name = line[2:].split(" | ")[0]
            elif line.startswith("{"):
                d = json.loads(line)
                sol = d.get("solution")
                keys = sorted(k for k in d if k not in ("size", "grid", "solution"))
                if any("givenPencilMarks" in c for row in d["grid"] for c in row):
                    keys.append("pencil marks")
                out.append((name or "#%d" % len(out), line, d["size"], sol, keys))
                name = None
    return out


def symbols(n, grid):
    sym = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return "".join(sym[v - 1] for v in grid)


def decode(model_lines, n):
    """The grid (list of digits, 0 where unknown) from cadical's v lines."""
    grid = [0] * (n * n)
    lits = []
    for line in model_lines:
        if line.startswith("v "):
            for tok in line[2:].split():
                v = int(tok)
                if 0 < v <= n * n * n:
                    grid[(v - 1) // n] = (v - 1) % n + 1
                    lits.append(v)
    return grid, lits


def run_sudokit(args, timed_exe, tmp, puzzles):
    out = os.path.join(tmp, "sk.json")
    wall, cpu, status = timed(timed_exe, [args.sudokit, "solve", "--json", "-j", "1",
                                          "--timeout", str(args.timeout), args.puzzles], out=out)
    recs = [json.loads(l) for l in open(out) if l.strip()]
    if len(recs) != len(puzzles):
        sys.exit("sudokit gave %d records for %d puzzles" % (len(recs), len(puzzles)))
    return cpu, recs


def run_iss(args, timed_exe, tmp, puzzles):
    out = os.path.join(tmp, "iss.txt")
    wall, cpu, status = timed(timed_exe, ["node", os.path.join(HERE, "iss_run.mjs"), args.iss,
                                          args.puzzles], out=out)
    per = {}
    for line in open(out):
        parts = line.rstrip("\n").split("\t")
        if len(parts) == 3 and parts[0] != "total":
            per[parts[0]] = (parts[1], float(parts[2]))
    return cpu, per


def run_cadical(args, timed_exe, tmp, puzzles):
    res = []
    total = 0.0
    for i, (name, line, n, sol, keys) in enumerate(puzzles):
        p = os.path.join(tmp, "p.json")
        with open(p, "w") as f:
            f.write(line + "\n")
        cnf = os.path.join(tmp, "p.cnf")
        _, c0, st = timed(timed_exe, [args.sudokit, "cnf", p], out=cnf)
        model = os.path.join(tmp, "m.txt")
        _, c1, st1 = timed(timed_exe, ["cadical", "-q", cnf], out=model, limit=args.sat_limit)
        cpu = c0 + c1
        verdict, grid = None, None
        if st1 == "20":
            verdict = "none"
        elif st1 == "10":
            g, lits = decode(open(model).read().splitlines(), n)
            grid = g
            header = next(l for l in open(cnf) if l.startswith("p cnf"))
            nv, nc = int(header.split()[2]), int(header.split()[3])
            b = os.path.join(tmp, "b.cnf")
            with open(b, "w") as f:
                f.write("p cnf %d %d\n" % (nv, nc + 1))
                f.write(" ".join("-%d" % v for v in lits) + " 0\n")
                for l in open(cnf):
                    if not l.startswith(("c", "p")):
                        f.write(l)
            _, c2, st2 = timed(timed_exe, ["cadical", "-q", "-n", b], limit=args.sat_limit)
            cpu += c2
            verdict = {"20": "unique", "10": "multiple"}.get(st2, "timeout")
        else:
            verdict = "timeout"
        total += cpu
        res.append((verdict, cpu, grid))
        print("  cadical %3d/%d %-40s %-8s %8.3f s" % (i + 1, len(puzzles), name[:40], verdict, cpu),
              file=sys.stderr)
    return total, res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sudokit")
    ap.add_argument("--iss")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--sat-limit", type=float, default=60)
    ap.add_argument("--puzzles", default=os.path.join(ROOT, "tests", "variants", "iss_examples.txt"))
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "VARIANTS.md"))
    ap.add_argument("--no-cadical", action="store_true")
    ap.add_argument("--together", action="store_true")
    args = ap.parse_args()
    args.sudokit = os.path.abspath(args.sudokit)
    puzzles = read_puzzles(args.puzzles)
    tmp = tempfile.mkdtemp(prefix="sudokit-variants.")
    try:
        timed_exe = build_timed(tmp)
        sides = [("sudokit: %d puzzles" % len(puzzles), run_sudokit)]
        if args.iss:
            sides.append(("ISS under node (one process)", run_iss))
        if not args.no_cadical and shutil.which("cadical"):
            sides.append(("CaDiCaL on sudokit cnf, puzzle by puzzle", run_cadical))
        results = []
        if args.together:
            print("the sides run at the same time: " + "; ".join(t for t, _ in sides),
                  file=sys.stderr)
            with concurrent.futures.ThreadPoolExecutor(len(sides)) as ex:
                futures = [ex.submit(fn, args, timed_exe, tmp, puzzles) for _, fn in sides]
                results = [f.result() for f in futures]
        else:
            for title, fn in sides:
                print(title, file=sys.stderr)
                results.append(fn(args, timed_exe, tmp, puzzles))
        sk_cpu, sk = results[0]
        iss_cpu, iss = (None, None)
        cad_cpu, cad = (None, None)
        for (_, fn), r in zip(sides[1:], results[1:]):
            if fn is run_iss:
                iss_cpu, iss = r
            else:
                cad_cpu, cad = r
    finally:
        shutil.rmtree(tmp)

    problems = []
    iss_word = {"0": "none", "1": "unique", "2": "multiple"}
    rows = []
    for i, (name, line, n, sol, keys) in enumerate(puzzles):
        r = sk[i]
        st = r["status"]
        if sol and st == "unique" and r["solution"] != symbols(n, sol):
            problems.append("%s: sudokit's solution is not the known one" % name)
        iss_st, iss_ms = (None, None)
        if iss is not None:
            if name in iss:
                iss_st, iss_ms = iss_word.get(iss[name][0], iss[name][0]), iss[name][1]
            else:
                iss_st = "missing"
            if st != "timeout" and iss_st not in (st, "missing"):
                problems.append("%s: sudokit says %s, ISS %s" % (name, st, iss_st))
        cad_st, cad_s = (None, None)
        if cad is not None:
            cad_st, cad_s, grid = cad[i]
            if st != "timeout" and cad_st != "timeout" and cad_st != st:
                problems.append("%s: sudokit says %s, CaDiCaL %s" % (name, st, cad_st))
            if st == "unique" and cad_st == "unique" and r["solution"] != symbols(n, grid):
                problems.append("%s: CaDiCaL's model differs from sudokit's solution" % name)
        rows.append((name, ", ".join(keys) or "classic", st, r.get("time_us", 0) / 1e6,
                     r.get("guesses", 0), iss_st, iss_ms, cad_st, cad_s))

    answered = sum(1 for r in rows if r[2] != "timeout")
    lines = []
    lines.append("# Variant puzzles: sudokit, ISS and CaDiCaL")
    lines.append("")
    lines.append("Written by `python3 bench/variants/run.py%s` on %s; %s, %s, %d cores."
                 % (" --together" if args.together else "", time.strftime("%Y-%m-%d"),
                    platform.machine(), cpu_name(), os.cpu_count()))
    lines.append("Set: `%s`, %d puzzles.  Every side proves uniqueness; CPU seconds."
                 % (os.path.relpath(args.puzzles, ROOT), len(puzzles)))
    lines.append("")
    lines.append("| solver | answered | total CPU | ratio (its time / sudokit's) |")
    lines.append("|---|---:|---:|---:|")
    lines.append("| sudokit (`--timeout %g`, one process) | %d of %d | %.2f s | 1 |"
                 % (args.timeout, answered, len(rows), sk_cpu))
    if iss_cpu is not None:
        lines.append("| ISS under node (one process) | %d of %d | %.2f s | %.2f |"
                     % (sum(1 for r in rows if r[5] in ("none", "unique", "multiple")), len(rows),
                        iss_cpu, iss_cpu / sk_cpu))
    if cad_cpu is not None:
        lines.append("| CaDiCaL (cnf, solve, block, solve; `--sat-limit %g`) | %d of %d | %.2f s | %.2f |"
                     % (args.sat_limit, sum(1 for r in rows if r[7] != "timeout"), len(rows),
                        cad_cpu, cad_cpu / sk_cpu))
    lines.append("")
    lines.append("A puzzle a side did not answer counts with the time it was given.")
    if problems:
        lines.append("")
        lines.append("**Disagreements:**")
        lines += ["- " + p for p in problems]
    else:
        lines.append("Every answer agrees across the sides that gave one, and with the known "
                     "solutions.")
    lines.append("")
    def table(title, chosen):
        if title:
            lines.extend([title, ""])
        lines.append("| puzzle | rules | sudokit | guesses | ISS | CaDiCaL |")
        lines.append("|---|---|---:|---:|---:|---:|")
        for r in chosen:
            lines.append("| %s | %s | %s %.3f s | %d | %s | %s |"
                         % (r[0], r[1], r[2], r[3], r[4],
                            "-" if r[6] is None else "%s %.3f s" % (r[5], r[6] / 1000),
                            "-" if r[8] is None else "%s %.3f s" % (r[7], r[8])))
        lines.append("")

    table("Slowest for sudokit:", sorted(rows, key=lambda r: -r[3])[:10])
    lines.append("<details><summary>Every puzzle</summary>")
    lines.append("")
    table("", rows)
    lines.append("</details>")
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines[:16]))
    print("table written to %s" % args.out, file=sys.stderr)
    return 1 if problems else 0


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


if __name__ == "__main__":
    sys.exit(main())
