/*
 * test_best.c - sk_best against brute force: random sparse puzzles of
 * many geometries (a random full grid, then random givens kept), every
 * solution listed by the oracle (tests/unit/oracle.h, no library code),
 * the best and worst values computed from that list and compared with
 * sk_best under target weights, random weights of both signs, zeros, and
 * --minimize.  Sparse 9x9 and 16x16 puzzles, beyond brute force, are checked
 * by the digit-relabelling symmetry (max of P + min of P relabelled).
 * Also: the NOIP 2009 samples, no solution, limits, the
 * callback, bad arguments, target weights.
 *
 * SK_TEST_SEED=K changes the puzzles; SK_TEST_VERBOSE=1 prints each case.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit.h"
#include "oracle.h"

#define CAP 5000 /* puzzles with more solutions get more givens */

static uint64_t seed = 20090;
static int verbose;
static long compared;

static sk_model *build(const sk_geometry *g)
{
    sk_model *m = NULL;
    sk_diag d;
    int st = sk_model_new(g, &m, &d);
    CHECK_EQ_INT(st, SK_OK);
    return st == SK_OK ? m : NULL;
}

/* A random full grid of the geometry: a few random consistent digits,
 * then the first completion the library finds (only a generator: every
 * answer is judged by the oracle). */
static int full_grid(const sk_model *m, const oracle *o, uint8_t *grid)
{
    int nc = o->ncells, n = o->n, found = 0;
    char *marks = malloc((size_t)nc);
    uint8_t *sol = malloc((size_t)nc);
    sk_solver *sv = NULL;
    sk_search_opts so = SK_SEARCH_OPTS_INIT;
    so.max_solutions = 1;
    so.max_nodes = 100000;
    if (sk_solver_new(-1, &sv) != SK_OK)
        goto out;
    for (int tries = 0; tries < 1000 && !found; tries++) {
        memset(grid, 0, (size_t)nc);
        for (int k = 0; k < n + 2; k++) {
            int cell = or_below(&seed, nc), d = or_below(&seed, n) + 1, ok = 1;
            if (grid[cell])
                continue;
            or_peer_marks(o, cell, marks);
            for (int j = 0; j < nc; j++)
                if (marks[j] && grid[j] == d)
                    ok = 0;
            if (ok)
                grid[cell] = (uint8_t)d;
        }
        sk_result r;
        if (sk_solver_run(sv, m, grid, &so, sol, &r) == SK_OK && r.solutions == 1 &&
            or_valid(o, grid, sol)) {
            memcpy(grid, sol, (size_t)nc);
            found = 1;
        }
    }
out:
    sk_solver_free(sv);
    free(sol);
    free(marks);
    return found;
}

static int64_t value_of(const int32_t *w, const uint8_t *g, int nc)
{
    int64_t v = 0;
    for (int i = 0; i < nc; i++)
        v += (int64_t)w[i] * g[i];
    return v;
}

/* Weight tables: 0 target, 1 random -20..50, 2 random -5..5 (many ties and
 * zeros), 3 all zero, 4 random -1000..-1. */
static void make_weights(int kind, int n, int32_t *w)
{
    int nc = n * n;
    if (kind == 0) {
        sk_target_weights(n, w);
        return;
    }
    for (int i = 0; i < nc; i++)
        w[i] = kind == 1 ? or_below(&seed, 71) - 20
             : kind == 2 ? or_below(&seed, 11) - 5
             : kind == 3 ? 0
                         : -1 - or_below(&seed, 1000);
}

/* One case: sk_best (max and min) against the oracle's full list. */
static void compare(const sk_model *m, const oracle *o, const uint8_t *givens, int wkind,
                    const char *what)
{
    int n = o->n, nc = o->ncells;
    int32_t *w = malloc((size_t)nc * sizeof *w);
    uint8_t *store = malloc((size_t)CAP * (size_t)nc), *sol = malloc((size_t)nc);
    make_weights(wkind, n, w);
    long long cnt = or_count(o, givens, CAP + 1, store, CAP);
    CHECK(cnt >= 0 && cnt <= CAP);
    if (cnt < 0 || cnt > CAP)
        goto out;
    for (int minimize = 0; minimize <= 1; minimize++) {
        int64_t best = 0;
        for (long long k = 0; k < cnt; k++) {
            int64_t v = value_of(w, store + (size_t)k * nc, nc);
            if (k == 0 || (minimize ? v < best : v > best))
                best = v;
        }
        sk_best_opts opts = SK_BEST_OPTS_INIT;
        sk_best_result r;
        opts.minimize = minimize;
        memset(sol, 0, (size_t)nc);
        int st = sk_best(m, givens, wkind == 0 && minimize == 0 ? NULL : w, &opts, sol, &r);
        CHECK_EQ_INT(st, SK_OK);
        CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
        CHECK_EQ_INT(r.found, cnt > 0);
        if (cnt > 0) {
            CHECK_EQ_INT(r.value, best);
            CHECK(or_valid(o, givens, sol));
            CHECK_EQ_INT(value_of(w, sol, nc), r.value);
            CHECK(r.improvements >= 1);
        }
        if (verbose)
            printf("  %s w%d %s: %lld solutions, best %lld, sk_best %lld, %llu nodes\n", what,
                   wkind, minimize ? "min" : "max", cnt, (long long)best, (long long)r.value,
                   (unsigned long long)r.nodes);
        compared++;
    }
out:
    free(w);
    free(store);
    free(sol);
}

/* count random puzzles of geometry g, starting from `keep` givens. */
static void random_cases(const sk_geometry *g, int count, int keep, const char *what)
{
    sk_model *m = build(g);
    or_geom og = or_from_sk(g);
    oracle o;
    if (!m)
        return;
    CHECK_EQ_INT(or_init(&o, &og), 0);
    int nc = o.ncells;
    uint8_t *full = malloc((size_t)nc), *givens = malloc((size_t)nc);
    int *perm = malloc((size_t)nc * sizeof *perm);
    for (int t = 0; t < count; t++) {
        CHECK(full_grid(m, &o, full));
        or_shuffle(&seed, perm, nc);
        /* Keep givens in a random order until at most CAP solutions. */
        int k = keep < nc ? keep : nc;
        for (;;) {
            memset(givens, 0, (size_t)nc);
            for (int j = 0; j < k; j++)
                givens[perm[j]] = full[perm[j]];
            long long cnt = or_count(&o, givens, CAP + 1, NULL, 0);
            if (cnt <= CAP || k >= nc)
                break;
            k += 1 + k / 8;
            if (k > nc)
                k = nc;
        }
        compare(m, &o, givens, t % 5, what);
    }
    free(full);
    free(givens);
    free(perm);
    or_free(&o);
    sk_model_free(m);
}

static sk_geometry geom(int n, int br, int bc, unsigned extras)
{
    sk_geometry g = SK_GEOMETRY_INIT(n);
    g.box_rows = br;
    g.box_cols = bc;
    g.extras = extras;
    return g;
}

/*
 * Sparse puzzles, out of the oracle's reach, checked by a symmetry:
 * relabelling every digit d as N+1-d maps the solutions of a puzzle P
 * one to one onto those of the relabelled puzzle P', so
 * max over P of sum(w*d) + min over P' of sum(w*d) = (N+1) * sum(w).
 * Each answer must also be a valid solution worth what is reported.
 * Includes the empty 9x9 grid under target weights (optimum 2906).
 */
static void relabel_case(const sk_model *m, int n, const uint8_t *givens, const int32_t *w)
{
    int nc = n * n;
    uint8_t *rel = malloc((size_t)nc), *smax = malloc((size_t)nc), *smin = malloc((size_t)nc);
    int64_t sum = 0;
    for (int i = 0; i < nc; i++) {
        rel[i] = givens[i] ? (uint8_t)(n + 1 - givens[i]) : 0;
        sum += w[i];
    }
    sk_best_opts opts = SK_BEST_OPTS_INIT;
    sk_best_result rmax, rmin;
    CHECK_EQ_INT(sk_best(m, givens, w, &opts, smax, &rmax), SK_OK);
    opts.minimize = 1;
    CHECK_EQ_INT(sk_best(m, rel, w, &opts, smin, &rmin), SK_OK);
    CHECK_EQ_INT(rmax.end, SK_END_EXHAUSTED);
    CHECK_EQ_INT(rmin.end, SK_END_EXHAUSTED);
    CHECK_EQ_INT(rmax.found, 1);
    CHECK_EQ_INT(rmin.found, 1);
    if (rmax.found && rmin.found) {
        CHECK(sk_verify(m, givens, smax));
        CHECK(sk_verify(m, rel, smin));
        CHECK_EQ_INT(value_of(w, smax, nc), rmax.value);
        CHECK_EQ_INT(value_of(w, smin, nc), rmin.value);
        CHECK_EQ_INT(rmax.value + rmin.value, (int64_t)(n + 1) * sum);
        CHECK(rmax.root_bound >= (double)rmax.value - 1e-6);
    }
    if (verbose)
        printf("  relabel %dx%d: max %lld (%llu nodes), min %lld (%llu nodes)\n", n, n,
               (long long)rmax.value, (unsigned long long)rmax.nodes, (long long)rmin.value,
               (unsigned long long)rmin.nodes);
    free(rel);
    free(smax);
    free(smin);
}

static void relabel_cases(int n, int count, int keep_lo, int keep_hi)
{
    sk_geometry g = geom(n, 0, 0, 0);
    sk_model *m = build(&g);
    or_geom og = or_from_sk(&g);
    oracle o;
    if (!m)
        return;
    CHECK_EQ_INT(or_init(&o, &og), 0);
    int nc = n * n;
    uint8_t *full = malloc((size_t)nc), *givens = malloc((size_t)nc);
    int32_t *w = malloc((size_t)nc * sizeof *w);
    int *perm = malloc((size_t)nc * sizeof *perm);
    for (int t = 0; t < count; t++) {
        CHECK(full_grid(m, &o, full));
        or_shuffle(&seed, perm, nc);
        int k = keep_lo + or_below(&seed, keep_hi - keep_lo + 1);
        memset(givens, 0, (size_t)nc);
        for (int j = 0; j < k; j++)
            givens[perm[j]] = full[perm[j]];
        make_weights(t % 3 == 2 ? 2 : t % 3, n, w);
        relabel_case(m, n, givens, w);
    }
    free(full);
    free(givens);
    free(w);
    free(perm);
    or_free(&o);
    sk_model_free(m);
}

static void test_relabel_sparse(void)
{
    sk_geometry g = geom(9, 0, 0, 0);
    sk_model *m = build(&g);
    if (m) {
        uint8_t empty[81] = {0}, sol[81];
        int32_t w[81];
        sk_target_weights(9, w);
        sk_best_result r;
        CHECK_EQ_INT(sk_best(m, empty, NULL, NULL, sol, &r), SK_OK);
        CHECK_EQ_INT(r.value, 2906);
        CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
        CHECK(sk_verify(m, empty, sol));
        CHECK_EQ_INT(value_of(w, sol, 81), 2906);
        relabel_case(m, 9, empty, w);
        sk_model_free(m);
    }
    relabel_cases(9, 24, 17, 23);
    relabel_cases(16, 2, 110, 120);
}

static void test_boxes_4x4(void)
{
    sk_geometry g = geom(4, 2, 2, 0);
    random_cases(&g, 30, 2, "4x4");
}

static void test_boxes_6x6(void)
{
    sk_geometry g = geom(6, 2, 3, 0);
    random_cases(&g, 30, 6, "6x6 2x3");
}

static void test_boxes_9x9(void)
{
    sk_geometry g = geom(9, 3, 3, 0);
    random_cases(&g, 40, 24, "9x9");
}

static void test_x_9x9(void)
{
    sk_geometry g = geom(9, 3, 3, SK_EXTRA_DIAGONALS);
    random_cases(&g, 25, 20, "9x9 X");
}

static void test_hyper_9x9(void)
{
    sk_geometry g = geom(9, 3, 3, SK_EXTRA_HYPER);
    random_cases(&g, 20, 16, "9x9 hyper");
}

static void test_latin_5x5(void)
{
    sk_geometry g = geom(5, SK_BOX_NONE, SK_BOX_NONE, 0);
    random_cases(&g, 30, 6, "5x5 latin");
}

static void test_jigsaw_6x6(void)
{
    /* 2x3 boxes with cells (1,2) and (2,2) traded between regions 0 and 2,
     * and (1,3) and (2,3) between regions 1 and 3: no longer boxes. */
    uint8_t r[36];
    for (int i = 0; i < 36; i++)
        r[i] = (uint8_t)((i / 6) / 2 * 2 + (i % 6) / 3);
    r[1 * 6 + 2] = 2;
    r[2 * 6 + 2] = 0;
    r[1 * 6 + 3] = 3;
    r[2 * 6 + 3] = 1;
    sk_geometry g = geom(6, SK_BOX_DEFAULT, SK_BOX_DEFAULT, 0);
    g.regions = r;
    random_cases(&g, 30, 6, "6x6 jigsaw");
}

static void test_group_4x4(void)
{
    static const int sizes[1] = {3};
    static const int cells[3] = {0, 5, 10};
    sk_geometry g = geom(4, 2, 2, 0);
    g.ngroups = 1;
    g.group_sizes = sizes;
    g.group_cells = cells;
    random_cases(&g, 20, 1, "4x4 group");
}

static void test_8x8(void)
{
    sk_geometry g = geom(8, 2, 4, 0);
    random_cases(&g, 15, 22, "8x8 2x4");
}

/* NOIP 2009 samples (../shared/problems/noip2009_target). */
static void test_noip_samples(void)
{
    static const char *const in[2] = {
        "700900001100005900000200080005020003000000648413000000007002090201060804080504012",
        "000702453900008000740005010195080000070000025030579108000601000060900001000000006",
    };
    static const int64_t out[2] = {2829, 2852};
    sk_geometry g = geom(9, 3, 3, 0);
    sk_model *m = build(&g);
    for (int k = 0; k < 2 && m; k++) {
        uint8_t givens[81], sol[81];
        for (int i = 0; i < 81; i++)
            givens[i] = (uint8_t)(in[k][i] - '0');
        sk_best_result r;
        CHECK_EQ_INT(sk_best(m, givens, NULL, NULL, sol, &r), SK_OK);
        CHECK_EQ_INT(r.found, 1);
        CHECK_EQ_INT(r.value, out[k]);
        CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
        CHECK(sk_verify(m, givens, sol));
        CHECK(r.root_bound >= (double)r.value - 1e-6);
    }
    sk_model_free(m);
}

static void test_no_solution(void)
{
    sk_geometry g = geom(9, 3, 3, 0);
    sk_model *m = build(&g);
    uint8_t givens[81] = {0}, sol[81];
    givens[0] = givens[1] = 5; /* clash */
    sk_best_result r;
    memset(sol, 7, sizeof sol);
    CHECK_EQ_INT(sk_best(m, givens, NULL, NULL, sol, &r), SK_OK);
    CHECK_EQ_INT(r.found, 0);
    CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
    CHECK_EQ_INT(sol[0], 7);
    /* no clash among the givens, but no completion: row 0 needs a 9 that
     * can go nowhere */
    memset(givens, 0, sizeof givens);
    for (int c = 0; c < 8; c++)
        givens[c] = (uint8_t)(c + 1);
    givens[9 * 4 + 8] = 9;
    CHECK_EQ_INT(sk_best(m, givens, NULL, NULL, sol, &r), SK_OK);
    CHECK_EQ_INT(r.found, 0);
    CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
    sk_model_free(m);
}

static int stop_at_first(void *user, const uint8_t *solution, int64_t value)
{
    (void)solution;
    *(int64_t *)user = value;
    return 1;
}

static void test_limits_callback(void)
{
    sk_geometry g = geom(9, 3, 3, 0);
    sk_model *m = build(&g);
    uint8_t givens[81] = {0}, sol[81];
    sk_best_opts o = SK_BEST_OPTS_INIT;
    sk_best_result r;
    int64_t seen = 0;
    o.on_improve = stop_at_first;
    o.user = &seen;
    CHECK_EQ_INT(sk_best(m, givens, NULL, &o, sol, &r), SK_OK);
    CHECK_EQ_INT(r.end, SK_END_CALLBACK);
    CHECK_EQ_INT(r.found, 1);
    CHECK_EQ_INT(r.value, seen);
    CHECK(sk_verify(m, givens, sol));
    /* The empty 9x9 grid is solved at the root; the empty 16x16 needs
     * thousands of nodes. */
    o = (sk_best_opts)SK_BEST_OPTS_INIT;
    o.max_nodes = 10;
    sk_geometry g16 = geom(16, 4, 4, 0);
    sk_model *m16 = build(&g16);
    uint8_t g0[256] = {0}, s16[256];
    if (m16) {
        CHECK_EQ_INT(sk_best(m16, g0, NULL, &o, s16, &r), SK_OK);
        CHECK_EQ_INT(r.end, SK_END_NODES);
        CHECK(r.nodes <= 10);
        CHECK_EQ_INT(r.found, 1);
        CHECK(sk_verify(m16, g0, s16));
        sk_model_free(m16);
    }
    volatile int cancel = 1;
    o = (sk_best_opts)SK_BEST_OPTS_INIT;
    o.cancel = &cancel;
    CHECK_EQ_INT(sk_best(m, givens, NULL, &o, sol, &r), SK_OK);
    CHECK(r.end == SK_END_CANCELLED || r.end == SK_END_EXHAUSTED);
    sk_model_free(m);
}

static void test_bad_args(void)
{
    sk_geometry g = geom(4, 2, 2, 0);
    sk_model *m = build(&g);
    uint8_t givens[16] = {0};
    sk_best_result r;
    CHECK_EQ_INT(sk_best(NULL, givens, NULL, NULL, NULL, &r), SK_EINVAL);
    CHECK_EQ_INT(sk_best(m, NULL, NULL, NULL, NULL, &r), SK_EINVAL);
    givens[3] = 5;
    CHECK_EQ_INT(sk_best(m, givens, NULL, NULL, NULL, &r), SK_EINVAL);
    givens[3] = 0;
    CHECK_EQ_INT(sk_best(m, givens, NULL, NULL, NULL, NULL), SK_OK);
    sk_model_free(m);
}

static void test_target_weights(void)
{
    int32_t w[81];
    sk_target_weights(9, w);
    CHECK_EQ_INT(w[0], 6);
    CHECK_EQ_INT(w[40], 10);
    CHECK_EQ_INT(w[9 + 1], 7);
    CHECK_EQ_INT(w[3 * 9 + 7], 7);
    int32_t w1[1];
    sk_target_weights(1, w1);
    CHECK_EQ_INT(w1[0], 6);
    /* 1x1: the only solution is 1 */
    sk_geometry g = geom(1, SK_BOX_DEFAULT, SK_BOX_DEFAULT, 0);
    sk_model *m = build(&g);
    uint8_t giv[1] = {0}, sol[1];
    sk_best_result r;
    CHECK_EQ_INT(sk_best(m, giv, NULL, NULL, sol, &r), SK_OK);
    CHECK_EQ_INT(r.value, 6);
    sk_model_free(m);
}

int main(void)
{
    const char *s = getenv("SK_TEST_SEED");
    if (s)
        seed = strtoull(s, NULL, 10);
    verbose = getenv("SK_TEST_VERBOSE") != NULL;
    RUN(test_target_weights);
    RUN(test_bad_args);
    RUN(test_noip_samples);
    RUN(test_no_solution);
    RUN(test_limits_callback);
    RUN(test_boxes_4x4);
    RUN(test_boxes_6x6);
    RUN(test_boxes_9x9);
    RUN(test_x_9x9);
    RUN(test_hyper_9x9);
    RUN(test_latin_5x5);
    RUN(test_jigsaw_6x6);
    RUN(test_group_4x4);
    RUN(test_8x8);
    RUN(test_relabel_sparse);
    printf("# %ld comparisons with brute force\n", compared);
    return check_summary();
}
