/*
 * fuzz.h - what every fuzz target shares: the reader driver with its
 * invariants, the memory/FILE differential check, and a checker of
 * solutions that knows the rules from the geometry alone (not from the
 * library's model).
 *
 * A target is one file defining LLVMFuzzerTestOneInput.  It builds two
 * ways: with clang -fsanitize=fuzzer (make fuzz), and with any compiler
 * plus fuzz/replay.c, whose main() feeds it each file of the committed
 * corpus (make test).  A broken invariant calls abort(), which both
 * drivers report as a crash.
 */
#ifndef SK_FUZZ_H
#define SK_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit.h"

#if defined(__GNUC__)
#define FZ_UNUSED __attribute__((unused))
#else
#define FZ_UNUSED
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_CHECK(cond)                                                              \
    do {                                                                            \
        if (!(cond)) {                                                              \
            fprintf(stderr, "%s:%d: fuzz invariant broken: %s\n", __FILE__, __LINE__, \
                    #cond);                                                         \
            abort();                                                                \
        }                                                                           \
    } while (0)

/* ---- the reader driver ------------------------------------------------ */

/* Called for every puzzle read fine; returns nothing, checks what it likes. */
typedef void (*fz_puzzle_fn)(void *user, const sk_puzzle *p);

static FZ_UNUSED uint64_t fz_mix(uint64_t h, const void *p, size_t n)
{
    const unsigned char *s = p;
    while (n--)
        h = (h ^ *s++) * 1099511628211ull;
    return h;
}

/* Lines in the input, counted as the reader counts them. */
static FZ_UNUSED long fz_lines(const uint8_t *data, size_t size)
{
    long lines = 1;
    size_t i;
    for (i = 0; i < size; i++)
        lines += data[i] == '\n';
    return lines;
}

/* A diagnostic is one printable line of text. */
static FZ_UNUSED void fz_check_message(const char *msg)
{
    size_t len = strnlen(msg, sizeof ((sk_diag *)0)->message);
    size_t i;
    FZ_CHECK(len > 0);
    FZ_CHECK(len < sizeof ((sk_diag *)0)->message);
    for (i = 0; i < len; i++)
        FZ_CHECK((unsigned char)msg[i] >= 0x20 && (unsigned char)msg[i] < 0x7f);
}

/*
 * Reads every puzzle of data with opts through a memory reader (file = 0)
 * or a FILE reader over the same bytes (file = 1) and checks every record:
 * statuses, consecutive indexes (no record lost or reordered), positions
 * inside the input, values inside the grid, and that the reader ends.
 * Returns a digest of everything read, so that callers can compare the
 * two readers.  fn (may be NULL) sees each puzzle read fine.
 */
static FZ_UNUSED uint64_t fz_read_all(const uint8_t *data, size_t size, const sk_read_opts *o,
                                      int file, fz_puzzle_fn fn, void *user)
{
    sk_reader *r = NULL;
    FILE *fp = NULL;
    uint64_t h = 14695981039346656037ull;
    long lines = fz_lines(data, size), records = 0, calls = 0;
    int st;

    if (file) {
        /* fmemopen needs a non-empty, writable-typed buffer */
        static char empty[1];
        fp = fmemopen(size ? (void *)(uintptr_t)data : empty, size ? size : 1, "r");
        FZ_CHECK(fp != NULL);
        if (!size)
            fgetc(fp); /* now at the end: an empty stream */
        st = sk_reader_open_file(fp, o, &r);
    } else {
        st = sk_reader_open_mem((const char *)data, size, o, &r);
    }
    FZ_CHECK(st == SK_OK && r != NULL);

    for (;;) {
        sk_puzzle p;
        sk_diag d;
        int i;
        memset(&d, 0x55, sizeof d); /* the reader must set every field it reports */
        st = sk_reader_next(r, &p, &d);
        /* every call consumes input: no more calls than bytes (plus the end) */
        FZ_CHECK(++calls <= (long)size + 2);
        h = fz_mix(h, &st, sizeof st);
        if (st == SK_DONE)
            break;
        FZ_CHECK(st == SK_OK || st == SK_EPARSE);
        FZ_CHECK(p.index == records);
        FZ_CHECK(p.line >= 0 && p.line <= lines);
        records++;
        h = fz_mix(h, &p.index, sizeof p.index);
        h = fz_mix(h, &p.line, sizeof p.line);
        if (st == SK_EPARSE) {
            FZ_CHECK(d.line >= 0 && d.line <= lines);
            FZ_CHECK(d.column >= 0 && d.column <= (long)size + 2);
            fz_check_message(d.message);
            h = fz_mix(h, &d.line, sizeof d.line);
            h = fz_mix(h, &d.column, sizeof d.column);
            h = fz_mix(h, d.message, strlen(d.message));
            continue;
        }
        /* a puzzle read fine */
        {
            int n = p.geom.n, nn;
            FZ_CHECK(n >= 1 && n <= SK_MAX_N);
            FZ_CHECK(o->n == 0 || n == o->n);
            FZ_CHECK(p.line >= 1);
            FZ_CHECK(p.format != SK_FORMAT_AUTO && p.format != SK_FORMAT_PRETTY);
            FZ_CHECK(o->format == SK_FORMAT_AUTO || p.format == o->format);
            FZ_CHECK(p.alphabet != SK_ALPHABET_AUTO);
            FZ_CHECK(o->alphabet == SK_ALPHABET_AUTO || p.format == SK_FORMAT_BOARD ||
                     p.format == SK_FORMAT_FPUZZLES || p.alphabet == o->alphabet);
            /* the options' box and extras, unless the input says otherwise
             * (a "box RxC" or "diagonals" line, an f-puzzles layout) */
            if (p.format != SK_FORMAT_FPUZZLES && p.geom.box_rows != o->box_rows)
                FZ_CHECK(p.geom.box_rows == SK_BOX_NONE ||
                         (p.geom.box_rows > 0 && p.geom.box_rows * p.geom.box_cols == n));
            FZ_CHECK((p.geom.extras & o->extras) == o->extras && p.geom.ngroups == 0);
            FZ_CHECK(p.geom.nrules >= 0 && (p.geom.nrules == 0 || p.geom.rules));
            for (i = 0; i < p.geom.nrules; i++) {
                const sk_rule *ru = &p.geom.rules[i];
                int j;
                FZ_CHECK(sk_rule_name(ru->kind) != NULL);
                FZ_CHECK(ru->ncells >= 0 && ru->ncells <= n * n && (!ru->ncells || ru->cells));
                FZ_CHECK(ru->ndigits >= 0 && (!ru->ndigits || ru->digits));
                for (j = 0; j < ru->ncells; j++)
                    FZ_CHECK(ru->cells[j] >= 0 && ru->cells[j] < n * n);
                for (j = 0; j < ru->ndigits; j++)
                    FZ_CHECK(ru->digits[j] >= 1 && ru->digits[j] <= n);
                h = fz_mix(h, &ru->kind, sizeof ru->kind);
                h = fz_mix(h, &ru->value, sizeof ru->value);
                h = fz_mix(h, &ru->aux, sizeof ru->aux);
                if (ru->ncells)
                    h = fz_mix(h, ru->cells, (size_t)ru->ncells * sizeof *ru->cells);
                if (ru->ndigits)
                    h = fz_mix(h, ru->digits, (size_t)ru->ndigits * sizeof *ru->digits);
            }
            if (p.warning)
                fz_check_message(p.warning);
            if (p.solution)
                for (i = 0; i < n * n; i++)
                    FZ_CHECK(p.solution[i] >= 1 && p.solution[i] <= n);
            FZ_CHECK(p.cells && p.cell_line && p.cell_column);
            nn = n * n;
            for (i = 0; i < nn; i++) {
                FZ_CHECK(p.cells[i] <= n);
                FZ_CHECK(p.cell_line[i] >= (uint32_t)p.line && p.cell_line[i] <= (uint32_t)lines);
                FZ_CHECK(p.cell_column[i] >= 1 && p.cell_column[i] <= size);
                if (p.geom.regions)
                    FZ_CHECK(p.geom.regions[i] < n);
            }
            h = fz_mix(h, &n, sizeof n);
            h = fz_mix(h, &p.format, sizeof p.format);
            h = fz_mix(h, &p.alphabet, sizeof p.alphabet);
            h = fz_mix(h, p.cells, (size_t)nn);
            h = fz_mix(h, p.cell_line, (size_t)nn * sizeof *p.cell_line);
            h = fz_mix(h, p.cell_column, (size_t)nn * sizeof *p.cell_column);
            if (p.geom.regions)
                h = fz_mix(h, p.geom.regions, (size_t)nn);
            /* pencil marks: exactly for the forms that carry them, every
               mask a set of digits 1..n, a given's mask its digit alone */
            FZ_CHECK(!p.candidates ==
                     !(p.format == SK_FORMAT_SUKAKU || p.format == SK_FORMAT_PENCIL));
            for (i = 0; i < nn && p.candidates; i++) {
                FZ_CHECK(p.candidates[i] != 0 && (n == 64 || !(p.candidates[i] >> n)));
                FZ_CHECK(!p.cells[i] || p.candidates[i] == 1ull << (p.cells[i] - 1));
                FZ_CHECK(p.format == SK_FORMAT_PENCIL || !p.cells[i]);
            }
            if (p.candidates)
                h = fz_mix(h, p.candidates, (size_t)nn * sizeof *p.candidates);
            if (fn)
                fn(user, &p);
        }
    }
    /* the end is sticky */
    {
        sk_puzzle p;
        FZ_CHECK(sk_reader_next(r, &p, NULL) == SK_DONE);
    }
    sk_reader_free(r);
    if (fp)
        fclose(fp);
    return h;
}

/* Reads data both ways and checks that both readers agree. */
static FZ_UNUSED void fz_read_both(const uint8_t *data, size_t size, const sk_read_opts *o,
                                   fz_puzzle_fn fn, void *user)
{
    uint64_t a = fz_read_all(data, size, o, 0, fn, user);
    uint64_t b = fz_read_all(data, size, o, 1, NULL, NULL);
    FZ_CHECK(a == b);
}

/* ---- an independent judge of solutions -------------------------------- */

/* 1 when the digits of the listed cells differ; 0 (empty) is allowed only
 * when partial is set. */
static FZ_UNUSED int fz_house_ok(const uint8_t *grid, const int *cells, int count, int n,
                                 int partial)
{
    uint64_t seen = 0;
    int k;
    for (k = 0; k < count; k++) {
        int v = grid[cells[k]];
        if (v == 0 && partial)
            continue;
        if (v < 1 || v > n || (seen >> (v - 1) & 1))
            return 0;
        seen |= 1ull << (v - 1);
    }
    return 1;
}

static FZ_UNUSED int fz_isqrt(int v)
{
    int s = 0;
    while ((s + 1) * (s + 1) <= v)
        s++;
    return s * s == v ? s : 0;
}

/*
 * 1 when grid obeys every rule of geometry g (which must have built a
 * model): complete and every house holding distinct digits, or with
 * partial set, the filled cells of every house distinct.  Written from the
 * rules in sudokit.h, not from the library's model tables.
 */
static FZ_UNUSED int fz_rules_ok(const sk_geometry *g, const uint8_t *grid, int partial)
{
    int n = g->n, cells[SK_MAX_N], r, c, k, i;
    for (r = 0; r < n; r++) {
        for (c = 0; c < n; c++)
            cells[c] = r * n + c;
        if (!fz_house_ok(grid, cells, n, n, partial))
            return 0;
        for (c = 0; c < n; c++)
            cells[c] = c * n + r;
        if (!fz_house_ok(grid, cells, n, n, partial))
            return 0;
    }
    if (g->regions) {
        for (k = 0; k < n; k++) {
            int s = 0;
            for (i = 0; i < n * n; i++)
                if (g->regions[i] == k && s < n)
                    cells[s++] = i;
            if (!fz_house_ok(grid, cells, s, n, partial))
                return 0;
        }
    } else if (g->box_rows != SK_BOX_NONE &&
               !(g->box_rows == SK_BOX_DEFAULT && fz_isqrt(n) <= 0)) {
        /* default boxes: square ones, none for a side that is not a square
           (a prime; the model refuses the others) */
        int br = g->box_rows, bc = g->box_cols, r0, c0;
        if (br == SK_BOX_DEFAULT)
            br = bc = fz_isqrt(n);
        for (r0 = 0; r0 < n; r0 += br)
            for (c0 = 0; c0 < n; c0 += bc) {
                int s = 0;
                for (r = r0; r < r0 + br; r++)
                    for (c = c0; c < c0 + bc; c++)
                        cells[s++] = r * n + c;
                if (!fz_house_ok(grid, cells, s, n, partial))
                    return 0;
            }
    }
    if (g->extras & SK_EXTRA_DIAGONALS) {
        for (i = 0; i < n; i++)
            cells[i] = i * n + i;
        if (!fz_house_ok(grid, cells, n, n, partial))
            return 0;
        for (i = 0; i < n; i++)
            cells[i] = i * n + (n - 1 - i);
        if (!fz_house_ok(grid, cells, n, n, partial))
            return 0;
    }
    if (g->extras & SK_EXTRA_HYPER) {
        int b = fz_isqrt(n), r0, c0;
        for (r0 = 1; r0 + b <= n; r0 += b + 1)
            for (c0 = 1; c0 + b <= n; c0 += b + 1) {
                int s = 0;
                for (r = r0; r < r0 + b; r++)
                    for (c = c0; c < c0 + b; c++)
                        cells[s++] = r * n + c;
                if (!fz_house_ok(grid, cells, s, n, partial))
                    return 0;
            }
    }
    if (g->ngroups > 0) {
        const int *gc = g->group_cells;
        for (k = 0; k < g->ngroups; k++) {
            if (!fz_house_ok(grid, gc, g->group_sizes[k], n, partial))
                return 0;
            gc += g->group_sizes[k];
        }
    }
    return 1;
}

/* 1 when sol is a complete grid obeying g and keeping every given. */
static FZ_UNUSED int fz_solution_ok(const sk_geometry *g, const uint8_t *givens,
                                    const uint8_t *sol)
{
    int i;
    for (i = 0; i < g->n * g->n; i++)
        if (givens && givens[i] && givens[i] != sol[i])
            return 0;
    return fz_rules_ok(g, sol, 0);
}

/* ---- searching with every engine -------------------------------------- */

typedef struct fz_search {
    const sk_geometry *g;
    const uint8_t *givens;
    uint64_t calls;
    uint64_t stop_after; /* the callback asks to stop after this many; 0 = never */
} fz_search;

static FZ_UNUSED int fz_on_solution(void *user, const uint8_t *sol)
{
    fz_search *s = user;
    FZ_CHECK(fz_solution_ok(s->g, s->givens, sol));
    s->calls++;
    return s->stop_after && s->calls >= s->stop_after;
}

/*
 * Builds the model of g and searches givens with every engine that accepts
 * it, at most max_nodes nodes each: every solution must obey the rules,
 * the counts must agree with the callbacks, and engines whose answers are
 * final must agree with each other.  Returns the status of sk_model_new.
 */
static FZ_UNUSED int fz_search_all(const sk_geometry *g, const uint8_t *givens,
                                   uint64_t max_solutions, uint64_t max_nodes,
                                   uint64_t stop_after)
{
    sk_model *m = NULL;
    sk_diag d;
    int st, e, conflict, have_count = 0;
    uint64_t count = 0;
    sk_verdict verdict = SK_VERDICT_UNKNOWN;

    memset(&d, 0, sizeof d);
    st = sk_model_new(g, &m, &d);
    if (st == SK_EMODEL) {
        FZ_CHECK(m == NULL);
        fz_check_message(d.message);
        return st;
    }
    FZ_CHECK(st == SK_OK && m != NULL);
    FZ_CHECK(sk_model_n(m) == g->n);
    conflict = !fz_rules_ok(g, givens, 1);
    FZ_CHECK((sk_check(m, givens, NULL, 0) > 0) == conflict);

    for (e = 0; e < sk_engine_count(); e++) {
        sk_solver *s = NULL;
        sk_search_opts o = SK_SEARCH_OPTS_INIT;
        sk_result res;
        fz_search fs = {g, givens, 0, stop_after};
        uint8_t first[SK_MAX_N * SK_MAX_N];
        sk_verdict v;
        if (!sk_engine_accepts(e, m))
            continue;
        FZ_CHECK(sk_solver_new(e, &s) == SK_OK);
        o.max_solutions = max_solutions;
        o.max_nodes = max_nodes;
        o.on_solution = fz_on_solution;
        o.user = &fs;
        memset(first, 0, sizeof first);
        st = sk_solver_run(s, m, givens, &o, first, &res);
        FZ_CHECK(st == SK_OK);
        FZ_CHECK(res.solutions == fs.calls);
        FZ_CHECK(max_solutions == 0 || res.solutions <= max_solutions);
        FZ_CHECK(max_nodes == 0 || res.end != SK_END_NODES || res.nodes >= max_nodes);
        if (res.solutions)
            FZ_CHECK(fz_solution_ok(g, givens, first));
        if (conflict)
            FZ_CHECK(res.solutions == 0);
        if (res.end == SK_END_SOLUTIONS)
            FZ_CHECK(res.solutions == max_solutions);
        if (res.end == SK_END_CALLBACK)
            FZ_CHECK(stop_after && res.solutions == stop_after);
        if (res.end == SK_END_EXHAUSTED) {
            if (have_count)
                FZ_CHECK(count == res.solutions);
            count = res.solutions;
            have_count = 1;
        }
        v = sk_result_verdict(&res);
        if (v != SK_VERDICT_UNKNOWN) {
            if (verdict != SK_VERDICT_UNKNOWN)
                FZ_CHECK(v == verdict);
            verdict = v;
        }
        /* the solver is reusable: a second run gives the same answer */
        if (res.end == SK_END_EXHAUSTED) {
            sk_result again;
            fs.calls = 0;
            FZ_CHECK(sk_solver_run(s, m, givens, &o, NULL, &again) == SK_OK);
            FZ_CHECK(again.solutions == res.solutions && again.end == res.end);
        }
        sk_solver_free(s);
    }
    sk_model_free(m);
    return SK_OK;
}

/* Node limit for a fuzzed search: from 10x10 up a node of the general
 * engine probes every candidate and costs much more (a 16x16 input ran
 * for a second under the sanitizers with 100). */
static FZ_UNUSED uint64_t fz_node_limit(int n)
{
    return n >= 10 ? 25 : 1000;
}

/* Searches a puzzle the reader returned (model failures are fine). */
static FZ_UNUSED void fz_search_puzzle(void *user, const sk_puzzle *p)
{
    const uint64_t *max_solutions = user;
    fz_search_all(&p->geom, p->cells, max_solutions ? *max_solutions : 2,
                  fz_node_limit(p->geom.n), 0);
}

#endif
