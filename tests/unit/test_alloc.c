/*
 * test_alloc.c - allocation failure.  Each scenario (building models,
 * reading from memory and from a FILE in every form, searching with every
 * engine, writing, CNF export, explaining "no solution", the logical
 * solver, also on a killer puzzle) is run with allocation call N failing, for
 * N = 1, 2, ... until a run completes without reaching N: every failure
 * must come back through the API as SK_ENOMEM, nothing may leak (the
 * wrappers count live blocks; ASan/LSan watch too in `make SAN=1 test`)
 * and nothing may crash.  Each scenario runs twice: with only call N
 * failing, and with every call from N on failing.
 *
 * Linked with -Wl,--wrap=malloc,... (see tests/alloc_wrap.h and the
 * Makefile): the library itself is unchanged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc_wrap.h"
#include "check.h"
#include "sudokit.h"

#define CLASSIC "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

typedef int (*scenario_fn)(void *arg);

/* Runs fn with call N failing for N = 1, 2, ... (see the top). */
static void exhaust(const char *name, scenario_fn fn, void *arg)
{
    int persist;
    for (persist = 0; persist < 2; persist++) {
        long n, live0, total;
        int st;
        aw_reset(0, 0);
        live0 = atomic_load(&aw_live);
        st = fn(arg);
        total = atomic_load(&aw_calls);
        CHECK_EQ_INT(st, SK_OK);
        CHECK_EQ_INT(atomic_load(&aw_live), live0);
        for (n = 1; n <= total + 1; n++) {
            long failed;
            aw_reset(n, persist);
            st = fn(arg);
            failed = atomic_load(&aw_failed);
            aw_reset(0, 0);
            if (atomic_load(&aw_live) != live0) {
                fprintf(stderr, "%s: allocation %ld failed%s: %ld blocks leaked\n", name, n,
                        persist ? " (and every later one)" : "",
                        atomic_load(&aw_live) - live0);
                CHECK(0);
                atomic_store(&aw_live, live0);
            }
            if (!failed) {
                CHECK_EQ_INT(st, SK_OK);
                break;
            }
            if (st != SK_ENOMEM) {
                fprintf(stderr, "%s: allocation %ld failed%s: status %d (%s), expected %d\n",
                        name, n, persist ? " (and every later one)" : "", st, sk_strerror(st),
                        SK_ENOMEM);
                CHECK(0);
            }
        }
        CHECK(n <= total + 1);
        if (!persist)
            printf("# %s: %ld allocations, each failed in turn\n", name, total);
    }
}

/* ---- models ----------------------------------------------------------- */

static int build_models(void *arg)
{
    static const char jig5[] = "1112211322433324435544555";
    static const int sizes[] = {9, 3};
    static const int cells[] = {0, 10, 20, 30, 40, 50, 60, 70, 80, 1, 2, 11};
    uint8_t regions[25];
    sk_geometry g[7];
    int i, st = SK_OK;
    (void)arg;
    for (i = 0; i < 25; i++)
        regions[i] = (uint8_t)(jig5[i] - '1');
    for (i = 0; i < 7; i++) {
        sk_geometry d = SK_GEOMETRY_INIT(9);
        g[i] = d;
    }
    g[1].n = 6, g[1].box_rows = 2, g[1].box_cols = 3;
    g[2].n = 5, g[2].regions = regions;
    g[3].n = 7, g[3].box_rows = SK_BOX_NONE, g[3].extras = SK_EXTRA_DIAGONALS;
    g[4].extras = SK_EXTRA_DIAGONALS | SK_EXTRA_HYPER;
    g[4].ngroups = 2, g[4].group_sizes = sizes, g[4].group_cells = cells;
    g[5].n = 16;
    g[6].n = 64;
    for (i = 0; i < 7 && st == SK_OK; i++) {
        sk_model *m = NULL;
        sk_diag d;
        st = sk_model_new(&g[i], &m, &d);
        if (st != SK_OK && m != NULL)
            return SK_EINVAL; /* a failed build must not hand out a model */
        sk_model_free(m);
    }
    return st;
}

/* ---- readers ---------------------------------------------------------- */

/* Every form, good and bad puzzles, a line longer than the reader keeps
 * buffers for and one longer than it stores at all. */
static char mixed[200000];
static size_t mixed_len;
static const char hdu[] = "2\n"
                          "144 18 112 208 80 25 54 144 48\n"
                          "135 38 147 80 121 128 97 130 32\n"
                          "137 36 209 96 99 128 6 144 48\n"
                          "1 2 3\n"
                          "7 8 9\n";

static void make_mixed(void)
{
    char *p = mixed;
    int i;
    p += sprintf(p, "# a comment\n%s\n\xef\xbb\xbf\n", CLASSIC);
    p += sprintf(p, "....5..1.......5.23...... 1112211322433324435544555\n\n");
    p += sprintf(p, "1...\n.2..\r\n..3.\n...4\n\n");
    p += sprintf(p, "[[\"1\",\".\",\".\",\".\"],[\".\",\".\",\".\",\".\"],"
                    "[\".\",\".\",\".\",\".\"],[\".\",\".\",\".\",\"4\"]] [[1,0],[0,1]]\n\n");
    p += sprintf(p, "12345\n%s\n", CLASSIC);
    for (i = 0; i < 10000; i++) /* a puzzle line with a long comment: > SKF_KEEP */
        *p++ = i < 81 ? CLASSIC[i] : i == 81 ? ' ' : i == 82 ? '#' : 'x';
    *p++ = '\n';
    for (i = 0; i < 70000; i++) /* longer than SK_MAX_LINE */
        *p++ = '.';
    p += sprintf(p, "\n10 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 11\n");
    mixed_len = (size_t)(p - mixed);
}

typedef struct read_case {
    const char *text;
    size_t len;
    FILE *fp;         /* read through this FILE instead when set */
    sk_read_opts opts;
    int expect_ok, expect_bad; /* puzzles read fine and refused in a full run */
} read_case;

static int read_all(void *arg)
{
    read_case *c = arg;
    sk_reader *r = NULL;
    sk_puzzle p;
    sk_diag d;
    int st, ok = 0, bad = 0;
    if (c->fp) {
        rewind(c->fp);
        st = sk_reader_open_file(c->fp, &c->opts, &r);
    } else {
        st = sk_reader_open_mem(c->text, c->len, &c->opts, &r);
    }
    if (st != SK_OK)
        return r == NULL ? st : SK_EINVAL;
    while ((st = sk_reader_next(r, &p, &d)) == SK_OK || st == SK_EPARSE) {
        if (st == SK_OK)
            ok++;
        else
            bad++;
        if (ok + bad > 100)
            break;
    }
    if (st == SK_ENOMEM && sk_reader_next(r, &p, &d) != SK_ENOMEM)
        st = SK_EINVAL; /* out of memory is fatal and stays so */
    if (st == SK_DONE && c->expect_ok < 0) {
        /* the first, complete run sets what the others must find */
        c->expect_ok = ok;
        c->expect_bad = bad;
        st = SK_OK;
    } else if (st == SK_DONE) {
        /* a full run: nothing lost, nothing invented */
        st = ok == c->expect_ok && bad == c->expect_bad ? SK_OK : SK_EINVAL;
        if (st != SK_OK)
            fprintf(stderr, "read %d good, %d bad; expected %d, %d\n", ok, bad, c->expect_ok,
                    c->expect_bad);
    } else if (ok > c->expect_ok || bad > c->expect_bad) {
        st = SK_EINVAL;
    }
    sk_reader_free(r);
    return st;
}

static void test_reader_mem(void)
{
    read_case c = {mixed, 0, NULL, SK_READ_OPTS_INIT, -1, -1};
    c.len = mixed_len;
    exhaust("reader over memory", read_all, &c);
    printf("# reader over memory: %d puzzles read, %d refused\n", c.expect_ok, c.expect_bad);
    CHECK(c.expect_ok >= 7 && c.expect_bad >= 3);
}

static void test_reader_file(void)
{
    read_case c = {NULL, 0, NULL, SK_READ_OPTS_INIT, -1, -1};
    FILE *fp = tmpfile();
    CHECK(fp != NULL);
    if (!fp)
        return;
    CHECK_EQ_INT(fwrite(mixed, 1, mixed_len, fp), mixed_len);
    c.fp = fp;
    exhaust("reader over a FILE", read_all, &c);
    fclose(fp);
}

static void test_reader_forms(void)
{
    read_case grid = {"3 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 4\n\n1 2\n", 0, NULL,
                      SK_READ_OPTS_INIT, 1, 1};
    read_case h = {hdu, sizeof hdu - 1, NULL, SK_READ_OPTS_INIT, 0, 1};
    read_case board = {"[[\"2\",\".\"],[\".\",\"1\"]]\n[[1,2,3,4]]\n", 0, NULL,
                       SK_READ_OPTS_INIT, 1, 1};
    grid.len = strlen(grid.text);
    grid.opts.format = SK_FORMAT_GRID;
    grid.opts.alphabet = SK_ALPHABET_NUMBERS;
    grid.opts.box_rows = SK_BOX_NONE;
    exhaust("reader, numbers grid", read_all, &grid);
    h.opts.format = SK_FORMAT_HDU4069;
    exhaust("reader, HDU 4069", read_all, &h);
    board.len = strlen(board.text);
    board.opts.format = SK_FORMAT_BOARD;
    exhaust("reader, board", read_all, &board);
}

/* ---- solvers ---------------------------------------------------------- */

typedef struct solve_case {
    int engine; /* -1: sk_solve */
    sk_geometry g;
    const char *puzzle;
    uint64_t expect; /* solutions (max_solutions 2) */
} solve_case;

static int solve_one(void *arg)
{
    solve_case *c = arg;
    sk_model *m = NULL;
    sk_solver *s = NULL;
    uint8_t givens[81], first[81];
    sk_result res;
    int i, n = c->g.n, st;
    for (i = 0; i < n * n; i++)
        givens[i] = c->puzzle[i] == '.' ? 0 : (uint8_t)(c->puzzle[i] - '0');
    st = sk_model_new(&c->g, &m, NULL);
    if (st != SK_OK)
        return st;
    if (c->engine < 0) {
        st = sk_solve(m, givens, first, &res);
    } else {
        st = sk_solver_new(c->engine, &s);
        if (st == SK_OK) {
            st = sk_solver_run(s, m, givens, NULL, first, &res);
            /* a second run reuses the work memory */
            if (st == SK_OK)
                st = sk_solver_run(s, m, givens, NULL, first, &res);
        }
    }
    if (st == SK_OK && (res.solutions != c->expect || !sk_verify(m, givens, first)))
        st = SK_EINVAL;
    sk_solver_free(s);
    sk_model_free(m);
    return st;
}

static void test_solvers(void)
{
    static const char jig5[] = "1112211322433324435544555";
    uint8_t regions[25];
    int e, i;
    for (i = 0; i < 25; i++)
        regions[i] = (uint8_t)(jig5[i] - '1');
    for (e = -1; e < sk_engine_count(); e++) {
        char name[64];
        solve_case classic = {e, SK_GEOMETRY_INIT(9), CLASSIC, 1};
        solve_case jigsaw = {e, SK_GEOMETRY_INIT(5), "....5..1.......5.23......", 1};
        jigsaw.g.regions = regions;
        snprintf(name, sizeof name, "search 9x9 with %s",
                 e < 0 ? "sk_solve" : sk_engine_info_at(e)->name);
        exhaust(name, solve_one, &classic);
        snprintf(name, sizeof name, "search 5x5 jigsaw with %s",
                 e < 0 ? "sk_solve" : sk_engine_info_at(e)->name);
        /* an engine for one geometry only (9x9) does not take the jigsaw */
        sk_model *jm = NULL;
        sk_diag jd;
        int takes = sk_model_new(&jigsaw.g, &jm, &jd) == SK_OK && (e < 0 || sk_engine_accepts(e, jm));
        sk_model_free(jm);
        if (takes)
            exhaust(name, solve_one, &jigsaw);
    }
}

/* ---- writers ---------------------------------------------------------- */

static int write_all(void *arg)
{
    static const sk_format forms[] = {SK_FORMAT_LINE, SK_FORMAT_GRID, SK_FORMAT_BOARD,
                                      SK_FORMAT_PRETTY};
    sk_geometry g = SK_GEOMETRY_INIT(9);
    uint8_t grid[81];
    char buf[1024];
    size_t i;
    (void)arg;
    for (i = 0; i < 81; i++)
        grid[i] = CLASSIC[i] == '.' ? 0 : (uint8_t)(CLASSIC[i] - '0');
    for (i = 0; i < 4; i++)
        if (sk_write(buf, sizeof buf, &g, grid, forms[i], SK_ALPHABET_AUTO) <= 0)
            return SK_EINVAL;
    return SK_OK;
}

static int write_cnf(void *arg)
{
    FILE *fp = arg;
    sk_geometry g = SK_GEOMETRY_INIT(4);
    sk_model *m = NULL;
    uint8_t givens[16] = {1, 0, 0, 0, 0, 2};
    long rc;
    int st = sk_model_new(&g, &m, NULL);
    if (st != SK_OK)
        return st;
    rewind(fp);
    rc = sk_write_cnf(fp, m, givens);
    sk_model_free(m);
    return rc < 0 ? (int)rc : SK_OK;
}

static void test_writers(void)
{
    FILE *fp = tmpfile();
    exhaust("sk_write", write_all, NULL);
    aw_reset(0, 0);
    write_all(NULL);
    CHECK_EQ_INT(atomic_load(&aw_calls), 0); /* the writer never allocates */
    CHECK(fp != NULL);
    if (fp) {
        exhaust("CNF export", write_cnf, fp);
        fclose(fp);
    }
}

static void test_models(void) { exhaust("models", build_models, NULL); }

/* sk_explain_none on a classic puzzle made unsolvable by one wrong given,
 * and on a killer puzzle (rule propagators). */
static int explain(void *arg)
{
    int cells[2] = {0, 1};
    sk_rule cage = SK_RULE_INIT(SK_RULE_CAGE);
    sk_geometry g = SK_GEOMETRY_INIT(9), k = SK_GEOMETRY_INIT(4);
    sk_model *m = NULL;
    uint8_t grid[81], small[16] = {0};
    sk_why w;
    int i, st;
    (void)arg;
    for (i = 0; i < 81; i++)
        grid[i] = CLASSIC[i] == '.' ? 0 : (uint8_t)(CLASSIC[i] - '0');
    grid[2] = 1; /* r1c3 holds 4 in the solution */
    if ((st = sk_model_new(&g, &m, NULL)) != SK_OK)
        return st;
    st = sk_explain_none(m, grid, SK_ALPHABET_AUTO, &w);
    sk_model_free(m);
    m = NULL;
    if (st != SK_OK)
        return st;
    cage.value = 3;
    cage.ncells = 2;
    cage.cells = cells;
    k.nrules = 1;
    k.rules = &cage;
    small[4] = small[9] = 1;
    if ((st = sk_model_new(&k, &m, NULL)) != SK_OK)
        return st;
    st = sk_explain_none(m, small, SK_ALPHABET_AUTO, &w);
    sk_model_free(m);
    return st;
}

static void test_explain(void) { exhaust("sk_explain_none", explain, NULL); }

/* The logical solver: sk_logic_new takes all its work memory, then rates
 * the classic puzzle (singles only: ER 1.5 from the start). */
static int logic(void *arg)
{
    sk_geometry g = SK_GEOMETRY_INIT(9);
    sk_model *m = NULL;
    sk_logic *l = NULL;
    sk_rating r;
    uint8_t grid[81];
    int i, st;
    (void)arg;
    for (i = 0; i < 81; i++)
        grid[i] = CLASSIC[i] == '.' ? 0 : (uint8_t)(CLASSIC[i] - '0');
    if ((st = sk_model_new(&g, &m, NULL)) != SK_OK)
        return st;
    st = sk_logic_new(m, &l);
    if (st != SK_OK)
        CHECK(l == NULL);
    else if ((st = sk_rate(l, grid, &r)) == SK_OK && (r.stuck || r.er < 10))
        st = SK_EINVAL;
    sk_logic_free(l);
    sk_model_free(m);
    return st;
}

static void test_logic(void) { exhaust("sk_logic_new and sk_rate", logic, NULL); }

/* The logical solver on a killer puzzle (HS_KILLERS#2 of the published
 * variant puzzles) up to 3.5: the rules' steps, the filters' memo and two
 * rules together, whose tables it sets up on first use (a failure there
 * leaves the technique out; the rating may then differ). */
static char killer_text[8192];

static int logic_rules(void *arg)
{
    sk_reader *rd = NULL;
    sk_puzzle p;
    sk_model *m = NULL;
    sk_logic *l = NULL;
    sk_rating r;
    int st;
    (void)arg;
    if ((st = sk_reader_open_mem(killer_text, strlen(killer_text), NULL, &rd)) != SK_OK)
        return st;
    if ((st = sk_reader_next(rd, &p, NULL)) == SK_OK && (st = sk_model_new(&p.geom, &m, NULL)) == SK_OK &&
        (st = sk_logic_new(m, &l)) == SK_OK) {
        sk_logic_set_limit(l, 35);
        if ((st = sk_rate(l, p.cells, &r)) == SK_OK && !r.stuck && r.er <= 35)
            st = SK_EINVAL; /* (it needs more than 3.5: stuck) */
    }
    sk_logic_free(l);
    sk_model_free(m);
    sk_reader_free(rd);
    return st;
}

static void test_logic_rules(void)
{
    FILE *fp = fopen("tests/variants/iss_examples.txt", "r");
    char line[8192];
    int next = 0;
    CHECK(fp != NULL);
    while (fp && fgets(line, sizeof line, fp)) {
        if (next) {
            snprintf(killer_text, sizeof killer_text, "%s", line);
            break;
        }
        next = strncmp(line, "# HS_KILLERS#2 ", 15) == 0;
    }
    if (fp)
        fclose(fp);
    CHECK(killer_text[0] == '{');
    if (killer_text[0] == '{')
        exhaust("sk_rate on a killer puzzle, up to 3.5", logic_rules, NULL);
}

int main(void)
{
    make_mixed();
    RUN(test_models);
    RUN(test_reader_mem);
    RUN(test_reader_file);
    RUN(test_reader_forms);
    RUN(test_solvers);
    RUN(test_writers);
    RUN(test_explain);
    RUN(test_logic);
    RUN(test_logic_rules);
    return check_summary();
}
