/*
 * test_cnf.c - sk_write_cnf: the header counts against the formulae, the
 * text read back as a formula, a solution's literals satisfying every
 * clause, and every one-cell change of a solution violating one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit.h"

#define CLASSIC_PUZZLE                                                                   \
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#define CLASSIC_SOLUTION                                                                 \
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

/* A formula read back from DIMACS text. */
typedef struct cnf {
    long vars, clauses; /* from the header */
    long nclauses;      /* clauses actually read */
    int *lits;          /* every clause's literals, each clause ended by 0 */
    long nlits;
    int comments;       /* "c" lines before the header */
    int numbering;      /* a comment names the numbering "(r*N + c)*N + d" */
    int well_formed;    /* header first after comments, every clause ends in 0, every
                           literal in range, nothing after the last clause */
} cnf;

static void cnf_free(cnf *f) { free(f->lits); memset(f, 0, sizeof *f); }

/* Writes m/givens with sk_write_cnf into a temporary file and reads it back.
 * Returns sk_write_cnf's value. */
static long cnf_roundtrip(const sk_model *m, const uint8_t *givens, cnf *f)
{
    FILE *fp = tmpfile();
    long rc, cap = 1024;
    char line[1 << 12];
    char expect[64];
    int n = sk_model_n(m);
    memset(f, 0, sizeof *f);
    CHECK(fp != NULL);
    if (!fp)
        return SK_EIO;
    rc = sk_write_cnf(fp, m, givens);
    rewind(fp);
    f->lits = malloc((size_t)cap * sizeof *f->lits);
    f->well_formed = 1;
    snprintf(expect, sizeof expect, "(r*%d + c)*%d + d", n, n);
    while (f->lits && fgets(line, sizeof line, fp)) {
        char *p = line, *end;
        int ended = 0;
        if (line[0] == 'c') {
            if (f->vars)
                f->well_formed = 0;
            f->comments++;
            if (strstr(line, expect))
                f->numbering = 1;
            continue;
        }
        if (line[0] == 'p') {
            if (f->vars || sscanf(line, "p cnf %ld %ld", &f->vars, &f->clauses) != 2)
                f->well_formed = 0;
            continue;
        }
        if (!f->vars)
            f->well_formed = 0;
        for (;;) {
            long v = strtol(p, &end, 10);
            if (end == p)
                break;
            p = end;
            if (ended || v > f->vars || v < -f->vars)
                f->well_formed = 0;
            if (f->nlits == cap) {
                int *q = realloc(f->lits, (size_t)(cap *= 2) * sizeof *q);
                if (!q) {
                    free(f->lits);
                    f->lits = NULL;
                    break;
                }
                f->lits = q;
            }
            f->lits[f->nlits++] = (int)v;
            if (v == 0)
                ended = 1;
        }
        if (!ended || *p != '\n')
            f->well_formed = 0;
        f->nclauses++;
    }
    CHECK(f->lits != NULL);
    fclose(fp);
    return rc;
}

/* Number of clauses the solution grid (every cell 1..N) leaves false. */
static long violated(const cnf *f, int n, const uint8_t *grid)
{
    long i = 0, bad = 0;
    while (i < f->nlits) {
        int sat = 0;
        for (; f->lits[i] != 0; i++) {
            int v = f->lits[i] < 0 ? -f->lits[i] : f->lits[i];
            int cell = (v - 1) / n, d = (v - 1) % n + 1;
            int truth = grid[cell] == d;
            if (f->lits[i] > 0 ? truth : !truth)
                sat = 1;
        }
        i++; /* the 0 */
        bad += !sat;
    }
    return bad;
}

/* The clause count of the formula in sudokit.h. */
static long expected_clauses(const sk_model *m, const uint8_t *givens)
{
    long n = sk_model_n(m), c = n * n * (1 + n * (n - 1) / 2);
    for (int h = 0; h < sk_model_house_count(m); h++) {
        long s = sk_model_house(m, h, NULL);
        c += n * (s * (s - 1) / 2) + (s == n ? n : 0);
    }
    for (long i = 0; givens && i < n * n; i++)
        c += givens[i] != 0;
    return c;
}

static void values_of(const char *s, uint8_t *out)
{
    for (; *s; s++, out++)
        *out = (uint8_t)(*s >= '1' && *s <= '9' ? *s - '0' : 0);
}

static sk_model *model_of(const sk_geometry *g)
{
    sk_model *m = NULL;
    sk_diag d;
    int st = sk_model_new(g, &m, &d);
    CHECK_EQ_INT(st, SK_OK);
    return m;
}

/* The whole check for one geometry: solution satisfies the formula with its
 * givens, every change of one cell to another digit breaks some clause,
 * and the counts agree with the formulae. */
static void check_geometry(const sk_model *m, const uint8_t *givens, const uint8_t *solution)
{
    int n = sk_model_n(m);
    long nn = (long)n * n;
    cnf f;
    uint8_t *g = malloc((size_t)nn);
    long rc = cnf_roundtrip(m, givens, &f);
    CHECK(g != NULL);
    if (!g || !f.lits) {
        free(g);
        cnf_free(&f);
        return;
    }
    CHECK(sk_verify(m, givens, solution));
    CHECK(f.well_formed);
    CHECK(f.numbering);
    CHECK_EQ_INT(f.comments, 2);
    CHECK_EQ_INT(f.vars, (long)n * n * n);
    CHECK_EQ_INT(f.clauses, expected_clauses(m, givens));
    CHECK_EQ_INT(f.nclauses, f.clauses);
    CHECK_EQ_INT(rc, f.clauses);
    CHECK_EQ_INT(sk_write_cnf(NULL, m, givens), f.clauses);
    CHECK_EQ_INT(violated(&f, n, solution), 0);
    for (long i = 0; i < nn; i++) {
        memcpy(g, solution, (size_t)nn);
        for (int d = 1; d <= n; d++) {
            if (d == solution[i])
                continue;
            g[i] = (uint8_t)d;
            if (violated(&f, n, g) == 0) {
                fprintf(stderr, "  cell %ld set to %d satisfies every clause\n", i, d);
                CHECK(0);
                i = nn; /* one message is enough */
                break;
            }
        }
    }
    free(g);
    cnf_free(&f);
}

/* A solution of m found by the engine (first solution of the empty grid). */
static int some_solution(const sk_model *m, uint8_t *out)
{
    sk_search_opts o = SK_SEARCH_OPTS_INIT;
    sk_solver *s = NULL;
    sk_result r;
    int n = sk_model_n(m), st;
    uint8_t *empty = calloc((size_t)n * n, 1);
    o.max_solutions = 1;
    st = sk_solver_new(-1, &s);
    CHECK_EQ_INT(st, SK_OK);
    if (st == SK_OK && empty)
        st = sk_solver_run(s, m, empty, &o, out, &r);
    CHECK_EQ_INT(st, SK_OK);
    CHECK_EQ_INT(r.solutions, 1);
    sk_solver_free(s);
    free(empty);
    return st == SK_OK && r.solutions == 1;
}

/* Givens: every third cell of the solution. */
static void some_givens(const uint8_t *solution, long nn, uint8_t *out)
{
    for (long i = 0; i < nn; i++)
        out[i] = i % 3 == 0 ? solution[i] : 0;
}

/* ---- tests --------------------------------------------------------- */

static void test_header_4x4(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(4);
    sk_model *m = model_of(&g);
    uint8_t givens[16], sol[16];
    cnf f;
    if (!m)
        return;
    values_of("12343412.1.3.3.1", givens);
    values_of("1234341221434321", sol);
    /* 16 cells * (1 + 6) + 12 houses * (4 + 4 * 6) + 12 givens */
    CHECK_EQ_INT(cnf_roundtrip(m, givens, &f), 16 * 7 + 12 * 28 + 12);
    CHECK_EQ_INT(f.vars, 64);
    CHECK_EQ_INT(f.clauses, 460);
    cnf_free(&f);
    CHECK_EQ_INT(cnf_roundtrip(m, NULL, &f), 448);
    CHECK_EQ_INT(f.clauses, 448);
    cnf_free(&f);
    check_geometry(m, givens, sol);
    sk_model_free(m);
}

static void test_header_9x9(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(9);
    sk_model *m = model_of(&g);
    uint8_t givens[81], sol[81];
    cnf f;
    if (!m)
        return;
    values_of(CLASSIC_PUZZLE, givens);
    values_of(CLASSIC_SOLUTION, sol);
    /* 81 * (1 + 36) + 27 * (9 + 9 * 36) + 30 givens */
    CHECK_EQ_INT(cnf_roundtrip(m, givens, &f), 81 * 37 + 27 * 333 + 30);
    CHECK_EQ_INT(f.vars, 729);
    CHECK_EQ_INT(f.clauses, 11988 + 30);
    cnf_free(&f);
    check_geometry(m, givens, sol);
    check_geometry(m, NULL, sol);
    sk_model_free(m);
}

/* The solution with its givens is the only model: the unit clauses of the
 * givens are there, one per given, with the right variable. */
static void test_unit_clauses(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(9);
    sk_model *m = model_of(&g);
    uint8_t givens[81];
    cnf f;
    long i = 0, units = 0, bad = 0;
    if (!m)
        return;
    values_of(CLASSIC_PUZZLE, givens);
    cnf_roundtrip(m, givens, &f);
    while (f.lits && i < f.nlits) {
        if (f.lits[i + 1] == 0) {
            int v = f.lits[i];
            units++;
            if (v <= 0 || givens[(v - 1) / 9] != (v - 1) % 9 + 1)
                bad++;
            i += 2;
        } else {
            while (f.lits[i] != 0)
                i++;
            i++;
        }
    }
    CHECK_EQ_INT(units, 30);
    CHECK_EQ_INT(bad, 0);
    cnf_free(&f);
    sk_model_free(m);
}

/* Other geometries: boxes 2x3, X-Sudoku, Hyper, jigsaw, Latin square,
 * a smaller extra group (at-most-once only), 16x16. */
static void test_geometries(void)
{
    static const uint8_t jig5[25] = {0, 0, 0, 1, 1, 0, 0, 2, 1, 1, 2, 2, 2, 3, 3,
                                     4, 2, 3, 3, 3, 4, 4, 4, 4, 1};
    static const int gsizes[1] = {3};
    static const int gcells[3] = {0, 5, 10};
    sk_geometry gs[7];
    int k;
    for (k = 0; k < 7; k++) {
        sk_geometry init = SK_GEOMETRY_INIT(9);
        gs[k] = init;
    }
    gs[0].n = 6, gs[0].box_rows = 2, gs[0].box_cols = 3;
    gs[1].extras = SK_EXTRA_DIAGONALS;
    gs[2].extras = SK_EXTRA_HYPER;
    gs[3].n = 5, gs[3].regions = jig5;
    gs[4].n = 5, gs[4].box_rows = gs[4].box_cols = SK_BOX_NONE;
    gs[5].n = 6, gs[5].box_rows = 3, gs[5].box_cols = 2;
    gs[5].ngroups = 1, gs[5].group_sizes = gsizes, gs[5].group_cells = gcells;
    gs[6].n = 16;
    for (k = 0; k < 7; k++) {
        sk_model *m = model_of(&gs[k]);
        uint8_t sol[256], givens[256];
        long nn = (long)gs[k].n * gs[k].n;
        if (!m)
            continue;
        if (some_solution(m, sol)) {
            some_givens(sol, nn, givens);
            if (k < 6) /* the 16x16 flip loop is slow: header and model only */
                check_geometry(m, givens, sol);
            else {
                cnf f;
                CHECK_EQ_INT(cnf_roundtrip(m, givens, &f), expected_clauses(m, givens));
                CHECK_EQ_INT(f.vars, 4096);
                CHECK_EQ_INT(f.nclauses, f.clauses);
                CHECK(f.well_formed);
                CHECK_EQ_INT(violated(&f, 16, sol), 0);
                cnf_free(&f);
            }
        }
        sk_model_free(m);
    }
}

/* A smaller group holds no at-least-once clause: its count is the pairs only. */
static void test_group_counts(void)
{
    static const int gsizes[2] = {3, 2};
    static const int gcells[5] = {0, 7, 14, 20, 35};
    sk_geometry g = SK_GEOMETRY_INIT(6);
    sk_geometry plain = SK_GEOMETRY_INIT(6);
    sk_model *m, *p;
    g.box_rows = plain.box_rows = 2;
    g.box_cols = plain.box_cols = 3;
    g.ngroups = 2;
    g.group_sizes = gsizes;
    g.group_cells = gcells;
    m = model_of(&g);
    p = model_of(&plain);
    if (m && p)
        CHECK_EQ_INT(sk_write_cnf(NULL, m, NULL) - sk_write_cnf(NULL, p, NULL), 6 * (3 + 1));
    sk_model_free(m);
    sk_model_free(p);
}

static void test_errors(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(4);
    sk_model *m = model_of(&g);
    uint8_t givens[16] = {0};
    FILE *full;
    if (!m)
        return;
    CHECK_EQ_INT(sk_write_cnf(NULL, NULL, NULL), SK_EINVAL);
    givens[5] = 5;
    CHECK_EQ_INT(sk_write_cnf(NULL, m, givens), SK_EINVAL);
    givens[5] = 4;
    CHECK_EQ_INT(sk_write_cnf(NULL, m, givens), 449);
    full = fopen("/dev/full", "w");
    if (full) {
        setvbuf(full, NULL, _IONBF, 0);
        CHECK_EQ_INT(sk_write_cnf(full, m, givens), SK_EIO);
        fclose(full);
    }
    sk_model_free(m);
}

int main(void)
{
    RUN(test_header_4x4);
    RUN(test_header_9x9);
    RUN(test_unit_clauses);
    RUN(test_geometries);
    RUN(test_group_counts);
    RUN(test_errors);
    return check_summary();
}
