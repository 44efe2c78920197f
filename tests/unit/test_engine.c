/*
 * test_engine.c - the search API, run through every engine of the
 * registry and the automatic choice: solving, uniqueness, exact and
 * capped counts, enumeration (the set of solutions compared with the
 * oracle's), callbacks, limits (solutions, nodes, time, cancellation),
 * bad input, verdicts, statistics, one solver over many models, and
 * several threads at once.
 *
 * Expected answers come from tests/unit/oracle.h (plain backtracking that
 * shares no code with the library) or from well-known counts the oracle
 * confirms.  SK_TEST_VERBOSE=1 prints the timings of the big-grid limits.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "sudokit.h"
#include "oracle.h"

/* ---- helpers ---------------------------------------------------------- */

/* LeetCode 37's board (public example), row by row. */
static const char *const CLASSIC =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void digits_of(const char *s, uint8_t *out, int count)
{
    for (int i = 0; i < count; i++)
        out[i] = (uint8_t)(s[i] >= '1' && s[i] <= '9' ? s[i] - '0' : 0);
}

static sk_geometry geom(int n, int br, int bc, unsigned extras)
{
    sk_geometry g = SK_GEOMETRY_INIT(n);
    g.box_rows = br;
    g.box_cols = bc;
    g.extras = extras;
    return g;
}

static sk_model *build(const sk_geometry *g)
{
    sk_model *m = NULL;
    sk_diag d;
    int st = sk_model_new(g, &m, &d);
    if (st != SK_OK) {
        fprintf(stderr, "  model refused: %s\n", d.message);
        CHECK_EQ_INT(st, SK_OK);
        return NULL;
    }
    return m;
}

/* Engines to exercise: -1 (automatic) and every registry index. */
static int engines[32];
static int nengines;

static void list_engines(void)
{
    nengines = 0;
    engines[nengines++] = -1;
    for (int i = 0; i < sk_engine_count() && nengines < 32; i++)
        engines[nengines++] = i;
}

static const char *engine_name(int e)
{
    const sk_engine_info *info = sk_engine_info_at(e);
    return e < 0 ? "auto" : info ? info->name : "?";
}

/* 1 when engine e can search m (the automatic choice can when any can). */
static int can_search(int e, const sk_model *m)
{
    return e < 0 ? sk_engine_auto(m) >= 0 : sk_engine_accepts(e, m);
}

/* Collects solutions handed to on_solution; stops after stop_at (0: never). */
typedef struct collect {
    int ncells;
    long count;
    long stop_at;
    long cap;
    uint8_t *buf;
} collect;

static int on_solution(void *user, const uint8_t *sol)
{
    collect *c = user;
    if (c->buf && c->count < c->cap)
        memcpy(c->buf + (size_t)c->count * (size_t)c->ncells, sol, (size_t)c->ncells);
    c->count++;
    return c->stop_at && c->count >= c->stop_at;
}

/* One search with a fresh solver for engine e. */
static int run(int e, const sk_model *m, const uint8_t *givens, const sk_search_opts *o,
               uint8_t *first, sk_result *r)
{
    sk_solver *s = NULL;
    int st;
    /* An engine made for some models only (the 9x9 one) must refuse the
     * others; the question is then answered by the automatic choice, as
     * the tool does, so the checks that follow still apply. */
    if (e >= 0 && !sk_engine_accepts(e, m)) {
        uint8_t *empty = calloc((size_t)sk_model_n(m) * (size_t)sk_model_n(m), 1);
        st = sk_solver_new(e, &s);
        CHECK_EQ_INT(st, SK_OK);
        if (st == SK_OK && empty)
            CHECK_EQ_INT(sk_solver_run(s, m, empty, o, NULL, NULL), SK_EUNSUPPORTED);
        free(empty);
        sk_solver_free(s);
        s = NULL;
        e = -1;
    }
    st = sk_solver_new(e, &s);
    CHECK_EQ_INT(st, SK_OK);
    if (st != SK_OK)
        return st;
    st = sk_solver_run(s, m, givens, o, first, r);
    sk_solver_free(s);
    return st;
}

static sk_search_opts opts_max(uint64_t max)
{
    sk_search_opts o = SK_SEARCH_OPTS_INIT;
    o.max_solutions = max;
    return o;
}

/* The statistics every result must satisfy. */
static void check_stats(const sk_result *r)
{
    CHECK(r->nodes >= 1);
    CHECK(r->guesses <= r->nodes);
}

/* Verdict the oracle's count calls for (exhaustive searches). */
static sk_verdict verdict_of_count(long long k)
{
    return k == 0 ? SK_VERDICT_NONE : k == 1 ? SK_VERDICT_UNIQUE : SK_VERDICT_MULTIPLE;
}

/*
 * Asks every engine every question about one small puzzle and compares
 * with the oracle: first solution, uniqueness, exact count, capped count,
 * and the set of all solutions (when there are at most `cap`).
 */
static void full_comparison(const sk_geometry *g, const uint8_t *givens, long long cap,
                            const char *what)
{
    int nc = g->n * g->n;
    oracle o;
    or_geom og = or_from_sk(g);
    sk_model *m = build(g);
    if (!m || or_init(&o, &og) != 0) {
        CHECK(!"setup");
        sk_model_free(m);
        return;
    }
    uint8_t *want = malloc((size_t)nc * (size_t)cap), *got = malloc((size_t)nc * (size_t)cap);
    uint8_t *first = malloc((size_t)nc);
    long long k = or_count(&o, givens, cap + 1, want, cap);
    CHECK(k >= 0);
    for (int ei = 0; ei < nengines; ei++) {
        int e = engines[ei];
        sk_result r;
        sk_search_opts opt;
        if (!can_search(e, m))
            continue; /* refused: run() and test_registry check that */
        int bad = 0, failed_before = check_current_failed_;
        /* first solution */
        opt = opts_max(1);
        memset(first, 0, (size_t)nc);
        CHECK_EQ_INT(run(e, m, givens, &opt, first, &r), SK_OK);
        check_stats(&r);
        CHECK_EQ_INT(r.solutions, k > 0 ? 1 : 0);
        CHECK_EQ_INT(r.end, k > 0 ? SK_END_SOLUTIONS : SK_END_EXHAUSTED);
        if (k > 0) {
            CHECK(or_valid(&o, givens, first));
            CHECK(sk_result_verdict(&r) == SK_VERDICT_UNKNOWN);
        } else {
            CHECK_EQ_INT(sk_result_verdict(&r), SK_VERDICT_NONE);
        }
        /* uniqueness */
        opt = opts_max(2);
        CHECK_EQ_INT(run(e, m, givens, &opt, first, &r), SK_OK);
        check_stats(&r);
        CHECK_EQ_INT(r.solutions, k < 2 ? k : 2);
        CHECK_EQ_INT(r.end, k < 2 ? SK_END_EXHAUSTED : SK_END_SOLUTIONS);
        CHECK_EQ_INT(sk_result_verdict(&r), verdict_of_count(k));
        /* exact count (or capped at cap + 1), every solution collected */
        collect c = {nc, 0, 0, cap, got};
        opt = opts_max(k > cap ? (uint64_t)cap + 1 : 0);
        opt.on_solution = on_solution;
        opt.user = &c;
        memset(first, 0, (size_t)nc);
        CHECK_EQ_INT(run(e, m, givens, &opt, first, &r), SK_OK);
        check_stats(&r);
        CHECK_EQ_INT(r.solutions, k);
        CHECK_EQ_INT(c.count, k);
        CHECK_EQ_INT(r.end, k > cap ? SK_END_SOLUTIONS : SK_END_EXHAUSTED);
        if (k > 0)
            CHECK(memcmp(first, got, (size_t)nc) == 0); /* first = first reported */
        if (k <= cap) {
            CHECK_EQ_INT(sk_result_verdict(&r), verdict_of_count(k));
            for (long long i = 0; i < k; i++)
                bad += !or_valid(&o, givens, got + i * nc);
            or_sort_grids(want, k, (size_t)nc);
            or_sort_grids(got, k, (size_t)nc);
            if (memcmp(want, got, (size_t)(k * nc)) != 0) {
                fprintf(stderr, "  %s, engine %s: the set of %lld solutions differs\n", what,
                        engine_name(e), k);
                bad++;
            }
            for (long long i = 1; i < k; i++)
                bad += memcmp(got + (i - 1) * nc, got + i * nc, (size_t)nc) == 0; /* repeats */
        }
        CHECK_EQ_INT(bad, 0);
        /* capped count: half of them */
        if (k >= 2) {
            uint64_t half = (uint64_t)(k < cap ? k : cap) / 2 + 1;
            opt = opts_max(half);
            CHECK_EQ_INT(run(e, m, givens, &opt, NULL, &r), SK_OK);
            CHECK_EQ_INT(r.solutions, half);
            CHECK_EQ_INT(r.end, SK_END_SOLUTIONS);
            CHECK_EQ_INT(sk_result_verdict(&r), SK_VERDICT_MULTIPLE);
        }
        if (check_current_failed_ > failed_before) {
            fprintf(stderr, "  ^ %s, engine %s, oracle count %lld, puzzle:", what, engine_name(e), k);
            for (int i = 0; i < nc; i++)
                fprintf(stderr, "%d", givens[i]);
            fprintf(stderr, "\n");
        }
    }
    free(want);
    free(got);
    free(first);
    or_free(&o);
    sk_model_free(m);
}

/* A solved grid for g found by the library (first solution of a few random
 * non-conflicting givens), digits relabelled; checked by the oracle. */
static int random_solution(const sk_geometry *g, uint64_t *seed, uint8_t *sol)
{
    int n = g->n, nc = n * n;
    oracle o;
    or_geom og = or_from_sk(g);
    sk_model *m = build(g);
    uint8_t *givens = calloc((size_t)nc, 1);
    int ok = 0;
    if (!m || or_init(&o, &og) != 0) {
        sk_model_free(m);
        free(givens);
        return 0;
    }
    for (int attempt = 0; attempt < 20 && !ok; attempt++) {
        memset(givens, 0, (size_t)nc);
        int want = attempt < 10 ? n / 2 : 0;
        for (int t = 0; t < want * 4 && want > 0; t++) {
            int cell = or_below(seed, nc), d = 1 + or_below(seed, n);
            if (givens[cell])
                continue;
            givens[cell] = (uint8_t)d;
            if (or_repeats(&o, givens))
                givens[cell] = 0;
        }
        sk_search_opts opt = opts_max(1);
        sk_result r;
        opt.max_nodes = 20000;
        if (run(-1, m, givens, &opt, sol, &r) == SK_OK && r.solutions == 1)
            ok = or_valid(&o, givens, sol);
    }
    if (ok)
        or_permute_digits(seed, sol, n);
    ok = ok && or_valid(&o, NULL, sol);
    or_free(&o);
    sk_model_free(m);
    free(givens);
    return ok;
}

/*
 * Empties cells of sol in a random order and keeps the puzzle with the
 * fewest givens whose count (oracle) is still in lo..hi; returns that
 * count, or -1 when no such puzzle turned up.
 */
static long long dig(const sk_geometry *g, const uint8_t *sol, uint64_t *seed, long long lo,
                     long long hi, uint8_t *puzzle)
{
    int nc = g->n * g->n, order[4096];
    oracle o;
    or_geom og = or_from_sk(g);
    long long best = -1;
    if (or_init(&o, &og) != 0)
        return -1;
    uint8_t *p = malloc((size_t)nc);
    memcpy(p, sol, (size_t)nc);
    or_shuffle(seed, order, nc);
    for (int i = 0; i < nc; i++) {
        p[order[i]] = 0;
        long long k = or_count(&o, p, hi + 1, NULL, 0);
        if (k > hi)
            break;
        if (k >= lo) {
            best = k;
            memcpy(puzzle, p, (size_t)nc);
        }
    }
    free(p);
    or_free(&o);
    return best;
}

/* JIG6 from test_model: a 6x6 jigsaw. */
static const uint8_t JIG6[36] = {
    0, 0, 0, 1, 1, 1,
    0, 0, 2, 2, 1, 1,
    0, 3, 2, 2, 4, 1,
    3, 3, 2, 2, 4, 4,
    3, 3, 5, 5, 4, 4,
    3, 5, 5, 5, 5, 4,
};
/* JIG4 from test_model: no Latin square fits it (the oracle agrees). */
static const uint8_t JIG4[16] = {
    0, 0, 0, 1,
    0, 2, 1, 1,
    2, 2, 3, 1,
    2, 3, 3, 3,
};
/* A pinwheel 4x4 jigsaw with 96 fillings. */
static const uint8_t PIN4[16] = {
    0, 0, 0, 1,
    2, 0, 1, 1,
    2, 2, 3, 1,
    2, 3, 3, 3,
};

/* ---- the registry ------------------------------------------------------- */

static void test_registry(void)
{
    int count = sk_engine_count();
    CHECK(count >= 1);
    for (int i = 0; i < count; i++) {
        const sk_engine_info *info = sk_engine_info_at(i);
        CHECK(info != NULL);
        if (!info)
            continue;
        CHECK(info->name && info->name[0]);
        CHECK(info->summary && info->summary[0]);
        CHECK(info->supports && info->supports[0]);
        CHECK_EQ_INT(sk_engine_find(info->name), i);
        for (int j = 0; j < i; j++)
            CHECK(strcmp(sk_engine_info_at(j)->name, info->name) != 0);
    }
    CHECK(sk_engine_info_at(-1) == NULL);
    CHECK(sk_engine_info_at(count) == NULL);
    CHECK_EQ_INT(sk_engine_find("no such engine"), -1);
    CHECK_EQ_INT(sk_engine_find(""), -1);
    CHECK_EQ_INT(sk_engine_find(NULL), -1);
    CHECK(sk_engine_find("general") >= 0); /* the engine every model can use */

    sk_solver *s = (sk_solver *)1;
    CHECK_EQ_INT(sk_solver_new(-2, &s), SK_EINVAL);
    CHECK(s == NULL);
    s = (sk_solver *)1;
    CHECK_EQ_INT(sk_solver_new(count, &s), SK_EINVAL);
    CHECK(s == NULL);
    CHECK_EQ_INT(sk_solver_new(0, NULL), SK_EINVAL);
    sk_solver_free(NULL);

    /* the automatic choice accepts what it picks, for many geometries */
    static const int geos[][4] = {{9, 0, 0, 0}, {9, 0, 0, 1}, {9, 0, 0, 2}, {4, -1, 0, 0},
                                  {6, 2, 3, 0}, {16, 0, 0, 0}, {25, 0, 0, 0}, {64, 0, 0, 0},
                                  {1, 0, 0, 0}, {12, 3, 4, 1}};
    for (size_t k = 0; k < sizeof geos / sizeof geos[0]; k++) {
        sk_geometry g = geom(geos[k][0], geos[k][1], geos[k][2], (unsigned)geos[k][3]);
        sk_model *m = build(&g);
        if (!m)
            continue;
        int a = sk_engine_auto(m);
        CHECK(a >= 0 && a < count);
        CHECK_EQ_INT(sk_engine_accepts(a, m), 1);
        /* the documented choice: 9x9 for classic Sudoku, general up to
         * 16x16, cdcl above; dlx only by name */
        const char *want = g.n > 16 ? "cdcl" : "general";
        if (g.n == 9 && geos[k][3] == 0 && geos[k][1] == 0)
            want = "9x9";
        CHECK_EQ_INT(a, sk_engine_find(want));
        CHECK_EQ_INT(sk_engine_accepts(-1, m), 0);
        CHECK_EQ_INT(sk_engine_accepts(count, m), 0);
        /* an engine that does not accept the model says so */
        for (int i = 0; i < count; i++)
            if (!sk_engine_accepts(i, m)) {
                uint8_t *z = calloc((size_t)g.n * (size_t)g.n, 1);
                sk_solver *sv = NULL;
                CHECK_EQ_INT(sk_solver_new(i, &sv), SK_OK);
                CHECK_EQ_INT(sk_solver_run(sv, m, z, NULL, NULL, NULL), SK_EUNSUPPORTED);
                sk_solver_free(sv);
                free(z);
            }
        sk_model_free(m);
    }
    CHECK_EQ_INT(sk_engine_accepts(0, NULL), 0);

    /* names of statuses and verdicts */
    CHECK_EQ_STR(sk_strerror(SK_OK), "success");
    CHECK_EQ_STR(sk_strerror(SK_EINVAL), "invalid argument");
    CHECK_EQ_STR(sk_strerror(12345), "unknown status");
    CHECK_EQ_STR(sk_verdict_name(SK_VERDICT_NONE), "none");
    CHECK_EQ_STR(sk_verdict_name(SK_VERDICT_UNIQUE), "unique");
    CHECK_EQ_STR(sk_verdict_name(SK_VERDICT_MULTIPLE), "multiple");
    CHECK_EQ_STR(sk_verdict_name(SK_VERDICT_UNKNOWN), "unknown");
}

/* The classic 9x9 model and its oracle; NULL (nothing to free) when
 * either cannot be made. */
static sk_model *classic_model(oracle *o)
{
    sk_geometry g = geom(9, 0, 0, 0);
    sk_model *m = build(&g);
    or_geom og = or_from_sk(&g);
    if (m && or_init(o, &og) != 0) {
        sk_model_free(m);
        m = NULL;
    }
    return m;
}

/* With pencil marks the automatic choice is cdcl (the engine for the long
 * proofs puzzles set as pencil marks need): the same search, node for
 * node, as asking for cdcl by name; and the same answer as general. */
static void test_masks_choice(void)
{
    uint8_t givens[81], want[81], got[81];
    uint64_t masks[81];
    oracle o;
    sk_model *m = classic_model(&o);
    if (!m)
        return;
    /* the first puzzle of forum_hardest_11plus (shared/data): it needs
     * guesses, where the engines' searches differ */
    digits_of("98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
              givens, 81);
    CHECK_EQ_INT(or_count(&o, givens, 0, want, 1), 1);
    /* a few empty cells lose one digit their solution does not hold */
    for (int i = 0; i < 81; i++)
        masks[i] = givens[i] ? 1ull << (givens[i] - 1)
                             : 0x1ffull & ~(i % 7 ? 0 : 1ull << (want[i] % 9));
    sk_search_opts opt = SK_SEARCH_OPTS_INIT;
    opt.candidates = masks;
    sk_result ra, rc, rg;
    CHECK_EQ_INT(run(-1, m, givens, &opt, got, &ra), SK_OK);
    CHECK(memcmp(got, want, 81) == 0);
    CHECK_EQ_INT(run(sk_engine_find("cdcl"), m, givens, &opt, got, &rc), SK_OK);
    CHECK_EQ_INT(run(sk_engine_find("general"), m, givens, &opt, got, &rg), SK_OK);
    CHECK_EQ_INT(ra.solutions, 1);
    CHECK_EQ_INT(rc.solutions, 1);
    CHECK_EQ_INT(rg.solutions, 1);
    CHECK_EQ_INT((long)ra.nodes, (long)rc.nodes);
    CHECK_EQ_INT((long)ra.guesses, (long)rc.guesses);
    CHECK(rg.nodes != rc.nodes || rg.guesses != rc.guesses); /* the test can tell them apart */
    /* without marks the choice is still the 9x9 engine */
    CHECK_EQ_INT(sk_engine_auto(m), sk_engine_find("9x9"));
    or_free(&o);
    sk_model_free(m);
}

/* ---- answers ------------------------------------------------------------ */

static void test_classic(void)
{
    uint8_t givens[81], want[81], got[81];
    oracle o;
    sk_model *m = classic_model(&o);
    if (!m)
        return;
    digits_of(CLASSIC, givens, 81);
    CHECK_EQ_INT(or_count(&o, givens, 0, want, 1), 1);
    for (int ei = 0; ei < nengines; ei++) {
        int e = engines[ei];
        sk_result r;
        for (uint64_t max = 0; max <= 3; max++) {
            sk_search_opts opt = opts_max(max);
            memset(got, 0, sizeof got);
            CHECK_EQ_INT(run(e, m, givens, &opt, got, &r), SK_OK);
            CHECK(memcmp(got, want, 81) == 0);
            CHECK_EQ_INT(r.solutions, 1);
            CHECK_EQ_INT(r.end, max == 1 ? SK_END_SOLUTIONS : SK_END_EXHAUSTED);
            CHECK_EQ_INT(sk_result_verdict(&r), max == 1 ? SK_VERDICT_UNKNOWN : SK_VERDICT_UNIQUE);
            check_stats(&r);
        }
        /* opts NULL means SK_SEARCH_OPTS_INIT (uniqueness); res may be NULL */
        memset(got, 0, sizeof got);
        CHECK_EQ_INT(run(e, m, givens, NULL, got, &r), SK_OK);
        CHECK_EQ_INT(r.solutions, 1);
        CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
        memset(got, 0, sizeof got);
        CHECK_EQ_INT(run(e, m, givens, NULL, got, NULL), SK_OK);
        CHECK(memcmp(got, want, 81) == 0);
        /* the solution itself as givens: no guess needed */
        CHECK_EQ_INT(run(e, m, want, NULL, got, &r), SK_OK);
        CHECK_EQ_INT(r.solutions, 1);
        CHECK_EQ_INT(r.guesses, 0);
        CHECK_EQ_INT(sk_result_verdict(&r), SK_VERDICT_UNIQUE);
        check_stats(&r);
    }
    /* sk_solve: the same as the automatic engine with uniqueness */
    sk_result r1, r2;
    uint8_t a[81], b[81];
    CHECK_EQ_INT(sk_solve(m, givens, a, &r1), SK_OK);
    CHECK_EQ_INT(run(-1, m, givens, NULL, b, &r2), SK_OK);
    CHECK(memcmp(a, b, 81) == 0);
    CHECK(memcmp(a, want, 81) == 0);
    CHECK_EQ_INT(r1.solutions, r2.solutions);
    CHECK_EQ_INT(r1.nodes, r2.nodes);
    CHECK_EQ_INT(r1.end, r2.end);
    /* bad arguments */
    sk_solver *s = NULL;
    CHECK_EQ_INT(sk_solver_new(-1, &s), SK_OK);
    CHECK_EQ_INT(sk_solver_run(s, NULL, givens, NULL, NULL, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_solver_run(s, m, NULL, NULL, NULL, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_solver_run(NULL, m, givens, NULL, NULL, NULL), SK_EINVAL);
    sk_solver_free(s);
    or_free(&o);
    sk_model_free(m);
}

/* Empty grids whose counts are known; the oracle confirms each. */
static void test_known_counts(void)
{
    static const uint8_t stripes5[25] = {0, 1, 2, 3, 4, 4, 0, 1, 2, 3, 3, 4, 0, 1, 2,
                                         2, 3, 4, 0, 1, 1, 2, 3, 4, 0};
    static const struct {
        int n, br, bc;
        unsigned extras;
        const uint8_t *regions;
        long long known; /* 0: only the oracle knows */
    } cases[] = {
        {1, 0, 0, 0, NULL, 1},
        {1, -1, 0, 0, NULL, 1},
        {2, -1, 0, 0, NULL, 2},
        {3, -1, 0, 0, NULL, 12},
        {4, 0, 0, 0, NULL, 288},
        {4, 2, 2, 0, NULL, 288},
        {4, -1, 0, 0, NULL, 576},
        {4, 1, 4, 0, NULL, 576},  /* boxes that are rows */
        {4, 4, 1, 0, NULL, 576},  /* boxes that are columns */
        {4, 0, 0, SK_EXTRA_DIAGONALS, NULL, 0},
        {4, 0, 0, SK_EXTRA_HYPER, NULL, 0},
        {4, -1, 0, SK_EXTRA_DIAGONALS, NULL, 0},
        {4, 0, 0, 0, JIG4, 0},    /* none */
        {4, 0, 0, 0, PIN4, 96},
        {5, -1, 0, 0, NULL, 161280},
        {5, -1, 0, 0, stripes5, 0},
        {5, -1, 0, SK_EXTRA_DIAGONALS, NULL, 0},
        {2, -1, 0, SK_EXTRA_DIAGONALS, NULL, 0}, /* no 2x2 X square exists */
        {3, -1, 0, SK_EXTRA_DIAGONALS, NULL, 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        sk_geometry g = geom(cases[k].n, cases[k].br, cases[k].bc, cases[k].extras);
        g.regions = cases[k].regions;
        int nc = g.n * g.n;
        uint8_t empty[64] = {0};
        oracle o;
        or_geom og = or_from_sk(&g);
        sk_model *m = build(&g);
        if (!m || or_init(&o, &og) != 0) {
            CHECK(!"setup");
            sk_model_free(m);
            continue;
        }
        long long k_or = or_count(&o, empty, 0, NULL, 0);
        if (cases[k].known)
            CHECK_EQ_INT(k_or, cases[k].known);
        for (int ei = 0; ei < nengines; ei++) {
            sk_result r;
            sk_search_opts opt = opts_max(0);
            CHECK_EQ_INT(run(engines[ei], m, empty, &opt, NULL, &r), SK_OK);
            if ((long long)r.solutions != k_or)
                fprintf(stderr, "  case %zu (%dx%d), engine %s: %llu solutions, oracle %lld\n",
                        k, g.n, g.n, engine_name(engines[ei]), (unsigned long long)r.solutions,
                        k_or);
            CHECK_EQ_INT(r.solutions, k_or);
            CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
            CHECK_EQ_INT(sk_result_verdict(&r), verdict_of_count(k_or));
            check_stats(&r);
        }
        (void)nc;
        or_free(&o);
        sk_model_free(m);
    }
}

/* Generated puzzles with 2..500 solutions: every engine finds exactly the
 * oracle's set.  Also puzzles with one and with no solution. */
static void test_solution_sets(void)
{
    static const uint8_t *const regs[] = {NULL, NULL, NULL, NULL, NULL, NULL, JIG6, PIN4, NULL};
    static const int geos[][4] = {
        {4, 0, 0, 0}, {4, -1, 0, 0}, {5, -1, 0, 0}, {6, 2, 3, 0}, {6, 3, 2, 0},
        {4, 0, 0, SK_EXTRA_DIAGONALS}, {6, 0, 0, 0}, {4, 0, 0, 0}, {6, 2, 3, SK_EXTRA_DIAGONALS},
    };
    uint64_t seed = 2024;
    int made = 0;
    for (size_t gi = 0; gi < sizeof geos / sizeof geos[0]; gi++) {
        sk_geometry g = geom(geos[gi][0], geos[gi][1], geos[gi][2], (unsigned)geos[gi][3]);
        g.regions = regs[gi];
        uint8_t sol[64], puzzle[64];
        char what[64];
        for (int round = 0; round < 6; round++) {
            if (!random_solution(&g, &seed, sol)) {
                fprintf(stderr, "  no solution for geometry %zu\n", gi); CHECK(!"no random solution");
                break;
            }
            /* many solutions, few, exactly one */
            long long lo = round % 3 == 0 ? 100 : round % 3 == 1 ? 2 : 1;
            long long hi = round % 3 == 0 ? 500 : round % 3 == 1 ? 20 : 1;
            long long k = dig(&g, sol, &seed, lo, hi, puzzle);
            if (k < 0)
                continue; /* that grid cannot reach the range: fine */
            snprintf(what, sizeof what, "%dx%d geometry %zu round %d", g.n, g.n, gi, round);
            full_comparison(&g, puzzle, 500, what);
            made++;
            /* the same puzzle with one given changed: often no solution */
            int nc = g.n * g.n;
            for (int i = 0; i < nc; i++)
                if (puzzle[i]) {
                    puzzle[i] = (uint8_t)(puzzle[i] % g.n + 1);
                    break;
                }
            full_comparison(&g, puzzle, 500, what);
        }
    }
    CHECK(made >= 30);
}

/* Small groups and full-size groups on Latin squares and Sudoku. */
static void test_groups_counts(void)
{
    uint64_t seed = 77;
    for (int round = 0; round < 30; round++) {
        int n = round % 3 == 0 ? 4 : 5;
        int sizes[4], cells[4 * 5], ng = 1 + or_below(&seed, 4), used = 0;
        for (int k = 0; k < ng; k++) {
            int perm[25];
            sizes[k] = 2 + or_below(&seed, n - 1);
            or_shuffle(&seed, perm, n * n);
            for (int j = 0; j < sizes[k]; j++)
                cells[used++] = perm[j];
        }
        sk_geometry g = geom(n, n == 4 && round % 2 ? 0 : -1, 0, 0);
        g.ngroups = ng;
        g.group_sizes = sizes;
        g.group_cells = cells;
        /* a few givens keep the 5x5 counts in the thousands */
        uint8_t givens[25] = {0};
        for (int t = 0; t < (n == 5 ? 3 : round % 2); t++)
            givens[or_below(&seed, n * n)] = (uint8_t)(1 + or_below(&seed, n));
        char what[64];
        snprintf(what, sizeof what, "groups round %d", round);
        full_comparison(&g, givens, 20000, what);
    }
}

/* ---- callbacks, first solution ----------------------------------------- */

static void test_callback_stop(void)
{
    sk_geometry g = geom(4, 0, 0, 0);
    sk_model *m = build(&g);
    uint8_t empty[16] = {0}, buf[16 * 10], first[16];
    if (!m)
        return;
    for (int ei = 0; ei < nengines; ei++) {
        for (long stop = 1; stop <= 5; stop++) {
            collect c = {16, 0, stop, 10, buf};
            sk_search_opts opt = opts_max(0);
            sk_result r;
            opt.on_solution = on_solution;
            opt.user = &c;
            memset(first, 0, sizeof first);
            CHECK_EQ_INT(run(engines[ei], m, empty, &opt, first, &r), SK_OK);
            CHECK_EQ_INT(c.count, stop);
            CHECK_EQ_INT(r.solutions, stop);
            CHECK_EQ_INT(r.end, SK_END_CALLBACK);
            CHECK(memcmp(first, buf, 16) == 0);
            CHECK_EQ_INT(sk_result_verdict(&r), stop >= 2 ? SK_VERDICT_MULTIPLE : SK_VERDICT_UNKNOWN);
            check_stats(&r);
        }
        /* a callback that never stops sees all 288 */
        collect c = {16, 0, 0, 0, NULL};
        sk_search_opts opt = opts_max(0);
        sk_result r;
        opt.on_solution = on_solution;
        opt.user = &c;
        CHECK_EQ_INT(run(engines[ei], m, empty, &opt, NULL, &r), SK_OK);
        CHECK_EQ_INT(c.count, 288);
        CHECK_EQ_INT(r.solutions, 288);
        /* with a solution limit below: the limit ends it */
        c.count = 0;
        opt.max_solutions = 7;
        CHECK_EQ_INT(run(engines[ei], m, empty, &opt, NULL, &r), SK_OK);
        CHECK_EQ_INT(c.count, 7);
        CHECK_EQ_INT(r.solutions, 7);
        CHECK_EQ_INT(r.end, SK_END_SOLUTIONS);
    }
    sk_model_free(m);
}

/* Conflicting or impossible givens: no solution, `first` untouched. */
static void test_no_solution(void)
{
    static const int jig_sizes[] = {3};
    static const int jig_cells[] = {0, 5, 10};
    struct {
        sk_geometry g;
        int cells[4], digits[4], count;
    } cases[8];
    int nc = 0;
    cases[nc].g = geom(9, 0, 0, 0); /* two 5s in row 1 */
    cases[nc].cells[0] = 0, cases[nc].digits[0] = 5, cases[nc].cells[1] = 8, cases[nc].digits[1] = 5;
    cases[nc++].count = 2;
    cases[nc].g = geom(9, 0, 0, 0); /* two 3s in box 5 */
    cases[nc].cells[0] = 30, cases[nc].digits[0] = 3, cases[nc].cells[1] = 50, cases[nc].digits[1] = 3;
    cases[nc++].count = 2;
    cases[nc].g = geom(9, 0, 0, SK_EXTRA_DIAGONALS); /* two 9s on the main diagonal */
    cases[nc].cells[0] = 0, cases[nc].digits[0] = 9, cases[nc].cells[1] = 80, cases[nc].digits[1] = 9;
    cases[nc++].count = 2;
    cases[nc].g = geom(9, 0, 0, SK_EXTRA_HYPER); /* two 6s in window 1 */
    cases[nc].cells[0] = 10, cases[nc].digits[0] = 6, cases[nc].cells[1] = 30, cases[nc].digits[1] = 6;
    cases[nc++].count = 2;
    cases[nc].g = geom(4, -1, 0, 0); /* a group of 3 cells */
    cases[nc].g.ngroups = 1;
    cases[nc].g.group_sizes = jig_sizes;
    cases[nc].g.group_cells = jig_cells;
    cases[nc].cells[0] = 0, cases[nc].digits[0] = 2, cases[nc].cells[1] = 10, cases[nc].digits[1] = 2;
    cases[nc++].count = 2;
    cases[nc].g = geom(4, 0, 0, 0); /* cell 0 sees 1, 2, 3 and 4 without a clash */
    cases[nc].cells[0] = 1, cases[nc].digits[0] = 1, cases[nc].cells[1] = 4, cases[nc].digits[1] = 2;
    cases[nc].cells[2] = 5, cases[nc].digits[2] = 3, cases[nc].cells[3] = 12, cases[nc].digits[3] = 4;
    cases[nc++].count = 4;
    cases[nc].g = geom(6, 0, 0, 0); /* jigsaw: two 1s in region 1 only */
    cases[nc].g.regions = JIG6;
    cases[nc].cells[0] = 2, cases[nc].digits[0] = 1, cases[nc].cells[1] = 6, cases[nc].digits[1] = 1;
    cases[nc++].count = 2;
    cases[nc].g = geom(2, -1, 0, SK_EXTRA_DIAGONALS); /* no solution at all */
    cases[nc++].count = 0;

    for (int k = 0; k < nc; k++) {
        sk_geometry *g = &cases[k].g;
        int n = g->n;
        uint8_t givens[81] = {0}, first[81];
        for (int j = 0; j < cases[k].count; j++)
            givens[cases[k].cells[j]] = (uint8_t)cases[k].digits[j];
        oracle o;
        or_geom og = or_from_sk(g);
        sk_model *m = build(g);
        if (!m || or_init(&o, &og) != 0) {
            CHECK(!"setup");
            sk_model_free(m);
            continue;
        }
        CHECK_EQ_INT(or_count(&o, givens, 0, NULL, 0), 0);
        for (int ei = 0; ei < nengines; ei++)
            for (uint64_t max = 0; max <= 2; max++) {
                sk_search_opts opt = opts_max(max);
                collect c = {n * n, 0, 0, 0, NULL};
                sk_result r;
                opt.on_solution = on_solution;
                opt.user = &c;
                memset(first, 0xab, sizeof first);
                CHECK_EQ_INT(run(engines[ei], m, givens, &opt, first, &r), SK_OK);
                CHECK_EQ_INT(r.solutions, 0);
                CHECK_EQ_INT(c.count, 0);
                CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
                CHECK_EQ_INT(sk_result_verdict(&r), SK_VERDICT_NONE);
                for (int i = 0; i < 81; i++)
                    if (first[i] != 0xab) {
                        CHECK(!"first was written");
                        break;
                    }
                check_stats(&r);
            }
        or_free(&o);
        sk_model_free(m);
    }
}

/* Digits above N in the givens are refused. */
static void test_bad_givens(void)
{
    static const int geos[][3] = {{9, 0, 0}, {4, 0, 0}, {1, 0, 0}, {6, 2, 3}, {64, 0, 0}, {5, -1, 0}};
    for (size_t k = 0; k < sizeof geos / sizeof geos[0]; k++) {
        sk_geometry g = geom(geos[k][0], geos[k][1], geos[k][2], 0);
        int nc = g.n * g.n;
        sk_model *m = build(&g);
        if (!m)
            continue;
        uint8_t *givens = calloc((size_t)nc, 1), *first = malloc((size_t)nc);
        static const int bad[] = {1, 2, 10, 65, 255};
        for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
            int d = g.n + bad[b];
            if (d > 255)
                continue;
            memset(givens, 0, (size_t)nc);
            givens[nc - 1] = (uint8_t)d;
            for (int ei = 0; ei < nengines; ei++) {
                sk_result r;
                memset(first, 0xcd, (size_t)nc);
                CHECK_EQ_INT(run(engines[ei], m, givens, NULL, first, &r), SK_EINVAL);
                CHECK_EQ_INT(first[0], 0xcd);
            }
        }
        sk_model_free(m);
        free(givens);
        free(first);
    }
}

static void test_verdicts(void)
{
    static const struct {
        uint64_t solutions;
        sk_end end;
        sk_verdict v;
    } cases[] = {
        {0, SK_END_EXHAUSTED, SK_VERDICT_NONE},     {1, SK_END_EXHAUSTED, SK_VERDICT_UNIQUE},
        {2, SK_END_EXHAUSTED, SK_VERDICT_MULTIPLE}, {2, SK_END_SOLUTIONS, SK_VERDICT_MULTIPLE},
        {9, SK_END_TIMEOUT, SK_VERDICT_MULTIPLE},   {3, SK_END_CALLBACK, SK_VERDICT_MULTIPLE},
        {2, SK_END_NODES, SK_VERDICT_MULTIPLE},     {2, SK_END_CANCELLED, SK_VERDICT_MULTIPLE},
        {0, SK_END_TIMEOUT, SK_VERDICT_UNKNOWN},    {1, SK_END_TIMEOUT, SK_VERDICT_UNKNOWN},
        {0, SK_END_NODES, SK_VERDICT_UNKNOWN},      {1, SK_END_NODES, SK_VERDICT_UNKNOWN},
        {0, SK_END_CANCELLED, SK_VERDICT_UNKNOWN},  {1, SK_END_CALLBACK, SK_VERDICT_UNKNOWN},
        {1, SK_END_SOLUTIONS, SK_VERDICT_UNKNOWN},  /* a first solution proves nothing more */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        sk_result r = {cases[k].solutions, 5, 2, cases[k].end};
        CHECK_EQ_INT(sk_result_verdict(&r), cases[k].v);
    }
    CHECK_EQ_INT(sk_result_verdict(NULL), SK_VERDICT_UNKNOWN);
}

/* ---- limits ------------------------------------------------------------- */

/* The empty 6x6 grid with 2x3 boxes has 28,200,960 solutions: counting them
 * all takes long enough for every limit to bite. */
static sk_model *six_by_six(void)
{
    sk_geometry g = geom(6, 2, 3, 0);
    return build(&g);
}

static void test_max_nodes(void)
{
    sk_model *m = six_by_six();
    uint8_t empty[36] = {0};
    if (!m)
        return;
    static const uint64_t limits[] = {1, 2, 3, 10, 255, 256, 257, 1000, 5000};
    for (int ei = 0; ei < nengines; ei++)
        for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
            sk_search_opts opt = opts_max(0);
            sk_result r;
            opt.max_nodes = limits[k];
            CHECK_EQ_INT(run(engines[ei], m, empty, &opt, NULL, &r), SK_OK);
            CHECK_EQ_INT(r.end, SK_END_NODES);
            CHECK(r.nodes >= 1);
            /* "stop after this many search nodes" */
            if (r.nodes > limits[k])
                fprintf(stderr, "  engine %s: max_nodes %llu, %llu nodes searched\n",
                        engine_name(engines[ei]), (unsigned long long)limits[k],
                        (unsigned long long)r.nodes);
            CHECK(r.nodes <= limits[k]);
            CHECK(r.nodes >= limits[k] / 2);
            CHECK(r.solutions < 28200960u);
            CHECK(r.guesses <= r.nodes);
            CHECK(sk_result_verdict(&r) != SK_VERDICT_NONE && sk_result_verdict(&r) != SK_VERDICT_UNIQUE);
        }
    /* a node limit that is not reached changes nothing */
    uint8_t givens[81];
    digits_of(CLASSIC, givens, 81);
    sk_geometry g9 = geom(9, 0, 0, 0);
    sk_model *m9 = build(&g9);
    for (int ei = 0; m9 && ei < nengines; ei++) {
        sk_search_opts opt = opts_max(2);
        sk_result r;
        opt.max_nodes = 1000000;
        CHECK_EQ_INT(run(engines[ei], m9, givens, &opt, NULL, &r), SK_OK);
        CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
        CHECK_EQ_INT(r.solutions, 1);
    }
    sk_model_free(m9);
    sk_model_free(m);
}

static void test_timeout(void)
{
    sk_model *m = six_by_six();
    uint8_t empty[36] = {0};
    if (!m)
        return;
    for (int ei = 0; ei < nengines; ei++) {
        sk_search_opts opt = opts_max(0);
        sk_result r;
        opt.timeout = 0.01;
        double t0 = now();
        CHECK_EQ_INT(run(engines[ei], m, empty, &opt, NULL, &r), SK_OK);
        double t = now() - t0;
        CHECK_EQ_INT(r.end, SK_END_TIMEOUT);
        CHECK(t < 5.0);
        CHECK(r.solutions < 28200960u);
        check_stats(&r);
        /* a timeout that is not reached changes nothing */
        opt = opts_max(0);
        opt.timeout = 60;
        sk_geometry g4 = geom(4, 0, 0, 0);
        sk_model *m4 = build(&g4);
        uint8_t e4[16] = {0};
        if (m4) {
            CHECK_EQ_INT(run(engines[ei], m4, e4, &opt, NULL, &r), SK_OK);
            CHECK_EQ_INT(r.solutions, 288);
            CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
            sk_model_free(m4);
        }
    }
    sk_model_free(m);
}

/*
 * On a big grid every node is expensive (propagation over 4096 cells); a
 * timeout or a cancel flag must still be noticed within a fraction of a
 * second, not only after hundreds of nodes.  The puzzle: 64x64, 60% of a
 * solution's digits kept, which takes every engine far longer than the
 * limits below.  A node limit G, calibrated so that G nodes take about
 * 0.4 s, only guards the run time of this test: ending on it 0.2 s after
 * a 0.02 s deadline (or a cancel flag set from the start) means the limit
 * was not honoured.
 */
static void test_limits_big_grid(void)
{
    int n = 64, nc = n * n;
    uint64_t seed = 51;
    sk_geometry g = geom(n, 0, 0, 0);
    sk_model *m = build(&g);
    uint8_t *sol = malloc((size_t)nc), *givens = malloc((size_t)nc);
    or_pattern(sol, n, 8, 8);
    or_shuffle_boxes(&seed, sol, n, 8, 8);
    or_permute_digits(&seed, sol, n);
    for (int i = 0; i < nc; i++)
        givens[i] = or_below(&seed, 100) < 60 ? sol[i] : 0;
    for (int ei = 0; m && ei < nengines; ei++) {
        /* calibration: how long do the first few nodes take? */
        sk_search_opts opt = opts_max(2);
        sk_result r;
        opt.max_nodes = 4;
        double t0 = now();
        CHECK_EQ_INT(run(engines[ei], m, givens, &opt, NULL, &r), SK_OK);
        double per_node = (now() - t0) / (double)(r.nodes ? r.nodes : 1);
        if (r.end != SK_END_NODES)
            continue; /* solved at once: nothing to measure */
        double guard = 0.4 / per_node;
        if (guard >= 256)
            continue; /* fast nodes: looking at the clock every 256 is enough */
        for (int mode = 0; mode < 2; mode++) {
            /* mode 0: timeout; mode 1: cancel flag already set */
            volatile int cancel = 1;
            opt = opts_max(2);
            opt.max_nodes = guard < 4 ? 4 : (uint64_t)guard;
            if (mode == 0)
                opt.timeout = 0.02;
            else
                opt.cancel = &cancel;
            t0 = now();
            CHECK_EQ_INT(run(engines[ei], m, givens, &opt, NULL, &r), SK_OK);
            double t = now() - t0;
            if (getenv("SK_TEST_VERBOSE"))
                fprintf(stderr, "  engine %s, mode %d: end %d, %llu nodes, %.3f s\n",
                        engine_name(engines[ei]), mode, r.end, (unsigned long long)r.nodes, t);
            if (r.end == SK_END_NODES && t > 0.2)
                fprintf(stderr,
                        "  engine %s: %s not noticed: ended on the node limit after %llu nodes, "
                        "%.2f s\n",
                        engine_name(engines[ei]), mode ? "cancel flag" : "timeout 0.02 s",
                        (unsigned long long)r.nodes, t);
            /* either it finished (fine), or it stopped for the right reason,
             * or the node limit came before the deadline was really past */
            CHECK(r.end == SK_END_EXHAUSTED || r.end == SK_END_SOLUTIONS ||
                  r.end == (mode ? SK_END_CANCELLED : SK_END_TIMEOUT) ||
                  (r.end == SK_END_NODES && t <= 0.2));
        }
    }
    free(sol);
    free(givens);
    sk_model_free(m);
}

typedef struct canceller {
    volatile int *flag;
    double delay;
} canceller;

static void *cancel_later(void *arg)
{
    canceller *c = arg;
    struct timespec ts = {0, (long)(c->delay * 1e9)};
    nanosleep(&ts, NULL);
    __atomic_store_n(c->flag, 1, __ATOMIC_RELAXED);
    return NULL;
}

static void test_cancel(void)
{
    sk_model *m = six_by_six();
    uint8_t empty[36] = {0};
    if (!m)
        return;
    for (int ei = 0; ei < nengines; ei++) {
        /* set before the search starts */
        volatile int flag = 1;
        sk_search_opts opt = opts_max(0);
        sk_result r;
        opt.cancel = &flag;
        CHECK_EQ_INT(run(engines[ei], m, empty, &opt, NULL, &r), SK_OK);
        CHECK_EQ_INT(r.end, SK_END_CANCELLED);
        CHECK(r.solutions < 28200960u);
        /* set by another thread during the search */
        flag = 0;
        canceller c = {&flag, 0.03};
        pthread_t th;
        double t0 = now();
        CHECK_EQ_INT(pthread_create(&th, NULL, cancel_later, &c), 0);
        CHECK_EQ_INT(run(engines[ei], m, empty, &opt, NULL, &r), SK_OK);
        pthread_join(th, NULL);
        CHECK_EQ_INT(r.end, SK_END_CANCELLED);
        CHECK(now() - t0 < 10.0);
        CHECK(r.solutions < 28200960u);
        check_stats(&r);
        /* a flag that stays 0 changes nothing */
        flag = 0;
        uint8_t givens[81];
        digits_of(CLASSIC, givens, 81);
        sk_geometry g9 = geom(9, 0, 0, 0);
        sk_model *m9 = build(&g9);
        if (m9) {
            opt = opts_max(2);
            opt.cancel = &flag;
            CHECK_EQ_INT(run(engines[ei], m9, givens, &opt, NULL, &r), SK_OK);
            CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
            CHECK_EQ_INT(r.solutions, 1);
            sk_model_free(m9);
        }
    }
    sk_model_free(m);
}

/* ---- one solver, many models; many threads ------------------------------ */

typedef struct job {
    sk_geometry g;
    uint8_t *givens;
    uint64_t max;
} job;

typedef struct outcome {
    int status;
    sk_result r;
    uint8_t *first;
} outcome;

static job jobs[16];
static int njobs;

static void add_box_job(int n, int b, int keep, uint64_t max, uint64_t *seed)
{
    job *j = &jobs[njobs++];
    int nc = n * n;
    uint8_t *sol = malloc((size_t)nc);
    j->g = geom(n, 0, 0, 0);
    j->givens = malloc((size_t)nc);
    j->max = max;
    or_pattern(sol, n, b, b);
    or_shuffle_boxes(seed, sol, n, b, b);
    or_permute_digits(seed, sol, n);
    for (int i = 0; i < nc; i++)
        j->givens[i] = or_below(seed, 100) < keep ? sol[i] : 0;
    free(sol);
}

static void make_jobs(void)
{
    uint64_t seed = 31337;
    if (njobs)
        return;
    add_box_job(4, 2, 30, 0, &seed);
    jobs[njobs].g = geom(9, 0, 0, 0);
    jobs[njobs].givens = malloc(81);
    digits_of(CLASSIC, jobs[njobs].givens, 81);
    jobs[njobs++].max = 2;
    add_box_job(16, 4, 50, 2, &seed);
    add_box_job(25, 5, 60, 2, &seed);
    add_box_job(64, 8, 75, 2, &seed);
    add_box_job(9, 3, 35, 100, &seed);
    add_box_job(36, 6, 70, 1, &seed);
    jobs[njobs].g = geom(5, -1, 0, 0); /* an empty Latin square: first 1000 */
    jobs[njobs].givens = calloc(25, 1);
    jobs[njobs++].max = 1000;
    jobs[njobs].g = geom(9, 0, 0, SK_EXTRA_DIAGONALS);
    jobs[njobs].givens = calloc(81, 1);
    jobs[njobs++].max = 2;
    jobs[njobs].g = geom(1, 0, 0, 0);
    jobs[njobs].givens = calloc(1, 1);
    jobs[njobs++].max = 0;
    add_box_job(4, 2, 30, 0, &seed);
}

static void free_jobs(void)
{
    for (int k = 0; k < njobs; k++)
        free(jobs[k].givens);
    njobs = 0;
}

/* Runs every job with solver s (NULL: a fresh solver each time). */
static void run_jobs(int engine, sk_solver *s, sk_model **models, outcome *out)
{
    for (int k = 0; k < njobs; k++) {
        sk_search_opts opt = opts_max(jobs[k].max);
        int nc = jobs[k].g.n * jobs[k].g.n;
        out[k].first = calloc((size_t)nc, 1);
        if (s) {
            out[k].status = sk_solver_run(s, models[k], jobs[k].givens, &opt, out[k].first,
                                          &out[k].r);
        } else {
            sk_solver *t = NULL;
            out[k].status = sk_solver_new(engine, &t);
            if (out[k].status == SK_OK)
                out[k].status = sk_solver_run(t, models[k], jobs[k].givens, &opt,
                                              out[k].first, &out[k].r);
            sk_solver_free(t);
        }
    }
}

static void free_outcomes(outcome *out)
{
    for (int k = 0; k < njobs; k++)
        free(out[k].first);
}

static int same_outcomes(const outcome *a, const outcome *b)
{
    int diff = 0;
    for (int k = 0; k < njobs; k++) {
        int nc = jobs[k].g.n * jobs[k].g.n;
        if (a[k].status != b[k].status || a[k].r.solutions != b[k].r.solutions ||
            a[k].r.nodes != b[k].r.nodes || a[k].r.guesses != b[k].r.guesses ||
            a[k].r.end != b[k].r.end || memcmp(a[k].first, b[k].first, (size_t)nc) != 0) {
            fprintf(stderr, "  job %d (%dx%d) differs: %llu/%llu solutions, %llu/%llu nodes\n",
                    k, jobs[k].g.n, jobs[k].g.n, (unsigned long long)a[k].r.solutions,
                    (unsigned long long)b[k].r.solutions, (unsigned long long)a[k].r.nodes,
                    (unsigned long long)b[k].r.nodes);
            diff++;
        }
    }
    return diff == 0;
}

static void test_solver_reuse(void)
{
    make_jobs();
    sk_model *models[16];
    oracle o;
    for (int k = 0; k < njobs; k++)
        models[k] = build(&jobs[k].g);
    for (int ei = 0; ei < nengines; ei++) {
        int e = engines[ei];
        int takes_all = 1;
        for (int k = 0; k < njobs; k++)
            takes_all &= can_search(e, models[k]);
        if (!takes_all)
            continue; /* an engine for some models only (9x9) */
        outcome fresh[16], reused[16], again[16];
        sk_solver *s = NULL;
        CHECK_EQ_INT(sk_solver_new(e, &s), SK_OK);
        run_jobs(e, NULL, models, fresh);
        run_jobs(e, s, models, reused);
        run_jobs(e, s, models, again);
        CHECK(same_outcomes(fresh, reused));
        CHECK(same_outcomes(fresh, again));
        for (int k = 0; k < njobs; k++) {
            or_geom og = or_from_sk(&jobs[k].g);
            CHECK_EQ_INT(fresh[k].status, SK_OK);
            CHECK(fresh[k].r.solutions >= 1);
            if (or_init(&o, &og) == 0) {
                CHECK(or_valid(&o, jobs[k].givens, fresh[k].first));
                or_free(&o);
            }
        }
        /* the 4x4 jobs: 30% givens, every solution counted; the oracle agrees */
        or_geom og = or_from_sk(&jobs[0].g);
        if (or_init(&o, &og) == 0) {
            CHECK_EQ_INT(fresh[0].r.solutions, or_count(&o, jobs[0].givens, 0, NULL, 0));
            CHECK_EQ_INT(fresh[njobs - 1].r.solutions,
                         or_count(&o, jobs[njobs - 1].givens, 0, NULL, 0));
            or_free(&o);
        }
        CHECK_EQ_INT(fresh[7].r.solutions, 1000);
        CHECK_EQ_INT(fresh[9].r.solutions, 1);
        free_outcomes(fresh);
        free_outcomes(reused);
        free_outcomes(again);
        sk_solver_free(s);
    }
    for (int k = 0; k < njobs; k++)
        sk_model_free(models[k]);
}

typedef struct thread_arg {
    int engine;
    sk_model **models;
    outcome out[16];
    int rounds;
} thread_arg;

static void *thread_main(void *p)
{
    thread_arg *a = p;
    sk_solver *s = NULL;
    if (sk_solver_new(a->engine, &s) != SK_OK)
        return NULL;
    for (int round = 0; round < a->rounds; round++) {
        if (round)
            free_outcomes(a->out);
        run_jobs(a->engine, s, a->models, a->out);
    }
    sk_solver_free(s);
    return NULL;
}

static void test_threads(void)
{
    enum { NT = 4 };
    make_jobs();
    sk_model *models[16];
    for (int k = 0; k < njobs; k++)
        models[k] = build(&jobs[k].g);
    for (int ei = 0; ei < nengines; ei++) {
        outcome serial[16];
        thread_arg args[NT];
        pthread_t th[NT];
        run_jobs(engines[ei], NULL, models, serial);
        for (int t = 0; t < NT; t++) {
            args[t].engine = engines[ei];
            args[t].models = models;
            args[t].rounds = 2;
            memset(args[t].out, 0, sizeof args[t].out);
            CHECK_EQ_INT(pthread_create(&th[t], NULL, thread_main, &args[t]), 0);
        }
        for (int t = 0; t < NT; t++)
            pthread_join(th[t], NULL);
        for (int t = 0; t < NT; t++) {
            CHECK(args[t].out[0].first != NULL);
            if (args[t].out[0].first) {
                CHECK(same_outcomes(serial, args[t].out));
                free_outcomes(args[t].out);
            }
        }
        free_outcomes(serial);
    }
    for (int k = 0; k < njobs; k++)
        sk_model_free(models[k]);
}

int main(void)
{
    list_engines();
    RUN(test_registry);
    RUN(test_masks_choice);
    RUN(test_classic);
    RUN(test_known_counts);
    RUN(test_solution_sets);
    RUN(test_groups_counts);
    RUN(test_callback_stop);
    RUN(test_no_solution);
    RUN(test_bad_givens);
    RUN(test_verdicts);
    RUN(test_max_nodes);
    RUN(test_timeout);
    RUN(test_limits_big_grid);
    RUN(test_cancel);
    RUN(test_solver_reuse);
    RUN(test_threads);
    free_jobs();
    return check_summary();
}
