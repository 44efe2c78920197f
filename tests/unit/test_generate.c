/*
 * test_generate.c - making puzzles (sk_generate) and thinning them
 * (sk_redundant, sk_minimize), every answer judged by independent means,
 * never against stored puzzles:
 *
 *   - uniqueness: each puzzle is counted by a second engine, one the
 *     generator does not use (it searches with the automatic engine up to
 *     9x9 and with dlx above), and must have exactly one solution, the one
 *     sk_generate returned; that solution must pass sk_verify;
 *   - minimality (under opts.minimal, and up to 9x9 without symmetry or
 *     bounds, where every puzzle is minimal; above 9x9 a search cut short
 *     by its node budget may leave a given more): each given taken away
 *     alone leaves two solutions or more, counted by the second engine;
 *   - symmetry: sk_symmetry_holds for every symmetry, and this file's own
 *     check (centred coordinates turned and reflected, not the library's
 *     cell map);
 *   - the givens bounds, the pattern, the rating bounds (sk_rate with a
 *     fresh logical solver), a technique the path must use and no guessing
 *     (the path walked step by step with sk_logic_next / sk_logic_apply);
 *   - determinism: the same seed and options make the same puzzle, even
 *     from a generator that made others before; other seeds other puzzles;
 *   - geometries: 4x4, 6x6 (boxes 2x3), 9x9, 16x16, a jigsaw, X-Sudoku,
 *     anti-knight and killer cages (counted by an engine that accepts
 *     them); rating options on a model with rules are refused;
 *   - refused options (SK_EINVAL, givens bounds that whole orbits of the
 *     symmetry cannot meet among them), max_tries, timeout and cancel (SK_ETIME),
 *     a model no grid obeys (SK_ERANGE);
 *   - the symmetry keywords;
 *   - sk_redundant: every given and rule it calls free really can go alone
 *     (second engine; a rule by rebuilding the model without it), every
 *     other one really is needed; puzzles with no or several solutions
 *     give SK_ERANGE and leave the outputs alone;
 *   - sk_minimize: the result is unique, keeps the solution, is a subset
 *     of the givens (and of the rules) and is minimal; seeds are
 *     deterministic; keep_rules keeps every rule.
 *
 * SK_TEST_TIMES=1 prints the seconds each test takes (stderr).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "sudokit.h"

#define MAXC 256 /* cells: N <= 16 */

/* ---- helpers ------------------------------------------------------------ */

static double now_sec(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static sk_model *model_of(const sk_geometry *g)
{
    sk_model *m = NULL;
    sk_diag d;
    memset(&d, 0, sizeof d);
    if (sk_model_new(g, &m, &d) != SK_OK) {
        fprintf(stderr, "model: %s\n", d.message);
        return NULL;
    }
    return m;
}

static sk_model *classic(int n)
{
    sk_geometry g = SK_GEOMETRY_INIT(n);
    return model_of(&g);
}

/* One solver per engine, kept for the whole program. */
static sk_solver *solvers[16];

static sk_solver *solver_for(int engine)
{
    if (engine < 0 || engine >= 16)
        return NULL;
    if (!solvers[engine] && sk_solver_new(engine, &solvers[engine]) != SK_OK)
        return NULL;
    return solvers[engine];
}

/* The engine the generator searches with (see src/generate.c: dlx above
 * 9x9 when it accepts the model, else the automatic choice). */
static int generator_engine(const sk_model *m)
{
    int dlx = sk_engine_find("dlx");
    if (sk_model_n(m) > 9 && dlx >= 0 && sk_engine_accepts(dlx, m))
        return dlx;
    return sk_engine_auto(m);
}

/* An engine other than the generator's (and other than the automatic one
 * that sk_redundant and sk_minimize use) that accepts m. */
static int second_engine(const sk_model *m)
{
    static const char *const names[] = {"dlx", "cdcl", "general"};
    int gen = generator_engine(m), aut = sk_engine_auto(m);
    for (int i = 0; i < 3; i++) {
        int e = sk_engine_find(names[i]);
        if (e >= 0 && e != gen && e != aut && sk_engine_accepts(e, m))
            return e;
    }
    for (int i = 0; i < 3; i++) {
        int e = sk_engine_find(names[i]);
        if (e >= 0 && e != gen && sk_engine_accepts(e, m))
            return e;
    }
    return -1;
}

/* Solutions of givens found by engine e, up to 2: 0, 1, 2, or -1 when the
 * search did not settle it. */
static int count_with(int e, const sk_model *m, const uint8_t *givens, uint8_t *first)
{
    sk_solver *s = solver_for(e);
    if (!s)
        return -1;
    sk_search_opts so = SK_SEARCH_OPTS_INIT;
    sk_result res;
    so.max_solutions = 2;
    if (sk_solver_run(s, m, givens, &so, first, &res) != SK_OK)
        return -1;
    if (res.solutions >= 2)
        return 2;
    return res.end == SK_END_EXHAUSTED ? (int)res.solutions : -1;
}

/* Guesses engine e makes proving givens unique (-1 when it is not). */
static long guesses_with(int e, const sk_model *m, const uint8_t *givens)
{
    sk_solver *s = solver_for(e);
    sk_search_opts so = SK_SEARCH_OPTS_INIT;
    sk_result res;
    if (!s || sk_solver_run(s, m, givens, &so, NULL, &res) != SK_OK ||
        res.end != SK_END_EXHAUSTED || res.solutions != 1)
        return -1;
    return (long)res.guesses;
}

static int count2(const sk_model *m, const uint8_t *givens, uint8_t *first)
{
    return count_with(second_engine(m), m, givens, first);
}

static int givens_in(const uint8_t *p, int nc)
{
    int k = 0;
    for (int i = 0; i < nc; i++)
        k += p[i] != 0;
    return k;
}

/* A generated puzzle is sound: its solution verifies, a second engine
 * finds exactly one solution and it is that one, and the givens counted
 * are those of res. */
static int sound(const sk_model *m, const uint8_t *puzzle, const uint8_t *solution,
                 const sk_generate_result *res)
{
    int n = sk_model_n(m), nc = n * n, ok = 1;
    uint8_t first[MAXC];
    CHECK(second_engine(m) >= 0);
    CHECK(second_engine(m) != generator_engine(m));
    if (!sk_verify(m, puzzle, solution)) {
        CHECK(!"solution verifies");
        ok = 0;
    }
    int k = count2(m, puzzle, first);
    CHECK_EQ_INT(k, 1);
    if (k != 1)
        ok = 0;
    else if (memcmp(first, solution, (size_t)nc) != 0) {
        CHECK(!"the second engine's solution is the generator's");
        ok = 0;
    }
    for (int i = 0; i < nc; i++)
        if (puzzle[i] && puzzle[i] != solution[i]) {
            CHECK(!"givens agree with the solution");
            ok = 0;
            break;
        }
    if (res) {
        CHECK_EQ_INT(res->givens, givens_in(puzzle, nc));
        CHECK(res->tries >= 1);
        if (res->givens != givens_in(puzzle, nc))
            ok = 0;
    }
    return ok;
}

/* Each given taken away alone leaves two solutions or more (second
 * engine).  Returns 1 when so. */
static int minimal(const sk_model *m, const uint8_t *puzzle)
{
    int nc = sk_model_n(m) * sk_model_n(m);
    uint8_t p[MAXC];
    memcpy(p, puzzle, (size_t)nc);
    for (int i = 0; i < nc; i++) {
        if (!p[i])
            continue;
        uint8_t v = p[i];
        p[i] = 0;
        int k = count2(m, p, NULL);
        p[i] = v;
        if (k != 2)
            return 0;
    }
    return 1;
}

/* ---- symmetry, checked independently ---------------------------------- */

/* A map of the square on centred coordinates x = 2c - (N-1), y = 2r - (N-1):
 * (x, y) goes to (a*x + b*y, c*x + d*y). */
typedef struct lin {
    int a, b, c, d;
} lin;

static const lin ROT90 = {0, -1, 1, 0};
static const lin ROT180 = {-1, 0, 0, -1};
static const lin MIRROR = {-1, 0, 0, 1};
static const lin FLIP = {1, 0, 0, -1};
static const lin DIAG = {0, 1, 1, 0};
static const lin ANTI = {0, -1, -1, 0};

/* 1 when the set of non-zero cells is invariant under map t. */
static int invariant(int n, const uint8_t *grid, lin t)
{
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int x = 2 * c - (n - 1), y = 2 * r - (n - 1);
            int x2 = t.a * x + t.b * y, y2 = t.c * x + t.d * y;
            int c2 = (x2 + n - 1) / 2, r2 = (y2 + n - 1) / 2;
            if ((grid[r * n + c] != 0) != (grid[r2 * n + c2] != 0))
                return 0;
        }
    return 1;
}

/* My own verdict on symmetry s: invariance under its generators. */
static int my_symmetric(int n, int s, const uint8_t *grid)
{
    switch (s) {
    case SK_SYMMETRY_NONE: return 1;
    case SK_SYMMETRY_ROT180: return invariant(n, grid, ROT180);
    case SK_SYMMETRY_ROT90: return invariant(n, grid, ROT90);
    case SK_SYMMETRY_MIRROR: return invariant(n, grid, MIRROR);
    case SK_SYMMETRY_FLIP: return invariant(n, grid, FLIP);
    case SK_SYMMETRY_DIAGONAL: return invariant(n, grid, DIAG);
    case SK_SYMMETRY_ANTIDIAGONAL: return invariant(n, grid, ANTI);
    case SK_SYMMETRY_BOTH: return invariant(n, grid, MIRROR) && invariant(n, grid, FLIP);
    case SK_SYMMETRY_FULL: return invariant(n, grid, ROT90) && invariant(n, grid, MIRROR);
    default: return 0;
    }
}

/* A plain rot180 / rot90 check in row and column terms. */
static int plain_rot180(int n, const uint8_t *g)
{
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if ((g[r * n + c] != 0) != (g[(n - 1 - r) * n + (n - 1 - c)] != 0))
                return 0;
    return 1;
}

static int plain_rot90(int n, const uint8_t *g)
{
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) /* (r,c) -> (c, N-1-r) clockwise */
            if ((g[r * n + c] != 0) != (g[c * n + (n - 1 - r)] != 0))
                return 0;
    return 1;
}

/* ---- the logical path, walked here -------------------------------------- */

typedef struct walk_result {
    int solved;
    int er;
    uint64_t techniques;
    int guess; /* a Nishio or a dynamic chain on the path */
} walk_result;

static void walk(const sk_model *m, const uint8_t *puzzle, walk_result *w)
{
    sk_logic *l = NULL;
    memset(w, 0, sizeof *w);
    CHECK_EQ_INT(sk_logic_new(m, &l), SK_OK);
    if (!l)
        return;
    CHECK_EQ_INT(sk_logic_start(l, puzzle), SK_OK);
    sk_step s;
    int steps = 0;
    while (!sk_logic_solved(l) && steps < 10000) {
        int k = sk_logic_next(l, &s);
        if (k != 1)
            break;
        w->techniques |= 1ull << s.technique;
        if (s.rating > w->er)
            w->er = s.rating;
        if (s.technique == SK_TECH_NISHIO || s.technique >= SK_TECH_CONTRADICTION_CHAIN)
            w->guess = 1;
        sk_logic_apply(l, &s);
        steps++;
    }
    w->solved = sk_logic_solved(l);
    sk_logic_free(l);
}

/* ER by sk_rate with a fresh solver. */
static int fresh_rate(const sk_model *m, const uint8_t *puzzle, sk_rating *r)
{
    sk_logic *l = NULL;
    if (sk_logic_new(m, &l) != SK_OK)
        return -1;
    int rc = sk_rate(l, puzzle, r);
    sk_logic_free(l);
    return rc;
}

/* ---- generating --------------------------------------------------------- */

/* Makes one puzzle with opts o (seed set by the caller). */
static int gen(const sk_model *m, const sk_generate_opts *o, uint8_t *p, uint8_t *sol,
               sk_generate_result *r)
{
    sk_generator *g = NULL;
    int rc = sk_generator_new(m, &g);
    CHECK_EQ_INT(rc, SK_OK);
    if (rc != SK_OK)
        return rc;
    rc = sk_generate(g, o, p, sol, r);
    sk_generator_free(g);
    return rc;
}

/* Makes count puzzles with seeds seed, seed+1, ... and checks each is
 * sound (and minimal when want_minimal); returns how many were made. */
static int gen_many(const sk_model *m, sk_generate_opts o, uint64_t seed, int count,
                    int want_minimal, const char *what)
{
    sk_generator *g = NULL;
    int made = 0;
    CHECK_EQ_INT(sk_generator_new(m, &g), SK_OK);
    if (!g)
        return 0;
    for (int k = 0; k < count; k++) {
        uint8_t p[MAXC], sol[MAXC];
        sk_generate_result r;
        o.seed = seed + (uint64_t)k;
        int rc = sk_generate(g, &o, p, sol, &r);
        CHECK_EQ_INT(rc, SK_OK);
        if (rc != SK_OK) {
            fprintf(stderr, "  %s: seed %llu: %s\n", what, (unsigned long long)o.seed,
                    sk_strerror(rc));
            continue;
        }
        made++;
        if (!sound(m, p, sol, &r))
            fprintf(stderr, "  %s: seed %llu not sound\n", what, (unsigned long long)o.seed);
        if (want_minimal && !minimal(m, p)) {
            CHECK(!"minimal");
            fprintf(stderr, "  %s: seed %llu not minimal\n", what, (unsigned long long)o.seed);
        }
    }
    sk_generator_free(g);
    return made;
}

/* ---- tests -------------------------------------------------------------- */

static void test_symmetry_names(void)
{
    for (int s = SK_SYMMETRY_NONE; s <= SK_SYMMETRY_FULL; s++) {
        const char *k = sk_symmetry_keyword(s);
        CHECK(k != NULL);
        CHECK(sk_symmetry_meaning(s) != NULL);
        if (k)
            CHECK_EQ_INT(sk_symmetry_parse(k), s);
    }
    CHECK_EQ_STR(sk_symmetry_keyword(SK_SYMMETRY_ROT180), "rot180");
    CHECK_EQ_STR(sk_symmetry_keyword(SK_SYMMETRY_FULL), "full");
    CHECK_EQ_INT(sk_symmetry_parse("rotate180"), SK_SYMMETRY_ROT180);
    CHECK_EQ_INT(sk_symmetry_parse("rotate90"), SK_SYMMETRY_ROT90);
    CHECK_EQ_INT(sk_symmetry_parse("none"), SK_SYMMETRY_NONE);
    CHECK_EQ_INT(sk_symmetry_parse("rot270"), -1);
    CHECK_EQ_INT(sk_symmetry_parse(""), -1);
    CHECK_EQ_INT(sk_symmetry_parse("ROT180x"), -1);
    CHECK_EQ_INT(sk_symmetry_parse(NULL), -1);
    CHECK(sk_symmetry_keyword(-1) == NULL);
    CHECK(sk_symmetry_keyword(9) == NULL);
    CHECK(sk_symmetry_meaning(9) == NULL);
}

/* sk_symmetry_holds against this file's check, on hand-made and random
 * grids of odd and even sides. */
static void test_symmetry_holds(void)
{
    uint8_t g[MAXC];
    /* an empty grid and the centre cell alone are symmetric every way */
    memset(g, 0, sizeof g);
    for (int s = 0; s <= SK_SYMMETRY_FULL; s++)
        CHECK_EQ_INT(sk_symmetry_holds(9, s, g), 1);
    g[40] = 5;
    for (int s = 0; s <= SK_SYMMETRY_FULL; s++)
        CHECK_EQ_INT(sk_symmetry_holds(9, s, g), 1);
    /* r1c2 with r9c8: a half turn, nothing else */
    memset(g, 0, sizeof g);
    g[1] = 3, g[79] = 4;
    CHECK_EQ_INT(sk_symmetry_holds(9, SK_SYMMETRY_ROT180, g), 1);
    CHECK_EQ_INT(sk_symmetry_holds(9, SK_SYMMETRY_ROT90, g), 0);
    CHECK_EQ_INT(sk_symmetry_holds(9, SK_SYMMETRY_MIRROR, g), 0);
    CHECK_EQ_INT(sk_symmetry_holds(9, SK_SYMMETRY_BOTH, g), 0);
    CHECK_EQ_INT(sk_symmetry_holds(9, SK_SYMMETRY_NONE, g), 1);
    /* add r2c9 and r8c1: the quarter turn */
    g[17] = 1, g[63] = 2;
    CHECK_EQ_INT(sk_symmetry_holds(9, SK_SYMMETRY_ROT90, g), 1);
    CHECK_EQ_INT(plain_rot90(9, g), 1);
    CHECK_EQ_INT(sk_symmetry_holds(9, SK_SYMMETRY_FULL, g), 0);
    /* bad arguments */
    CHECK_EQ_INT(sk_symmetry_holds(9, -1, g), 0);
    CHECK_EQ_INT(sk_symmetry_holds(9, 9, g), 0);
    CHECK_EQ_INT(sk_symmetry_holds(9, 0, NULL), 0);
    CHECK_EQ_INT(sk_symmetry_holds(0, 0, g), 0);

    /* random grids made symmetric by closing them under my maps, then
     * disturbed: both checks must always agree */
    uint64_t rs = 12345;
    const int sides[] = {4, 5, 6, 9, 16};
    for (int round = 0; round < 400; round++) {
        int n = sides[round % 5], nc = n * n;
        int s = (round / 5) % 9;
        memset(g, 0, sizeof g);
        for (int i = 0; i < nc; i++) {
            rs = rs * 6364136223846793005ull + 1442695040888963407ull;
            g[i] = (rs >> 60) < 4 ? (uint8_t)(1 + (rs >> 33) % (unsigned)n) : 0;
        }
        if (round % 3 != 2) {
            /* close under the group: repeat the generators until stable */
            const lin *gen_maps[2] = {NULL, NULL};
            switch (s) {
            case 1: gen_maps[0] = &ROT180; break;
            case 2: gen_maps[0] = &ROT90; break;
            case 3: gen_maps[0] = &MIRROR; break;
            case 4: gen_maps[0] = &FLIP; break;
            case 5: gen_maps[0] = &DIAG; break;
            case 6: gen_maps[0] = &ANTI; break;
            case 7: gen_maps[0] = &MIRROR, gen_maps[1] = &FLIP; break;
            case 8: gen_maps[0] = &ROT90, gen_maps[1] = &MIRROR; break;
            default: break;
            }
            for (int pass = 0; pass < 8; pass++)
                for (int k = 0; k < 2; k++) {
                    if (!gen_maps[k])
                        continue;
                    lin t = *gen_maps[k];
                    for (int r = 0; r < n; r++)
                        for (int c = 0; c < n; c++) {
                            int x = 2 * c - (n - 1), y = 2 * r - (n - 1);
                            int x2 = t.a * x + t.b * y, y2 = t.c * x + t.d * y;
                            int j = ((y2 + n - 1) / 2) * n + (x2 + n - 1) / 2;
                            if (g[r * n + c] && !g[j])
                                g[j] = 1;
                        }
                }
            CHECK_EQ_INT(my_symmetric(n, s, g), 1);
            CHECK_EQ_INT(sk_symmetry_holds(n, s, g), 1);
        }
        for (int t = 0; t <= SK_SYMMETRY_FULL; t++)
            CHECK_EQ_INT(sk_symmetry_holds(n, t, g), my_symmetric(n, t, g));
        CHECK_EQ_INT(sk_symmetry_holds(n, SK_SYMMETRY_ROT180, g), plain_rot180(n, g));
        CHECK_EQ_INT(sk_symmetry_holds(n, SK_SYMMETRY_ROT90, g), plain_rot90(n, g));
    }
}

/* Classic 9x9 with the default options: unique (dlx counts, the generator
 * searches with the 9x9 engine), and minimal (no symmetry, no bounds). */
static void test_classic(void)
{
    sk_model *m = classic(9);
    CHECK(m != NULL);
    if (!m)
        return;
    CHECK(second_engine(m) != sk_engine_auto(m));
    sk_generate_opts o = SK_GENERATE_OPTS_INIT;
    CHECK_EQ_INT(gen_many(m, o, 1, 30, 1, "classic"), 30);

    /* NULL options and NULL result and solution are allowed */
    sk_generator *g = NULL;
    CHECK_EQ_INT(sk_generator_new(m, &g), SK_OK);
    uint8_t p[81], sol[81];
    sk_generate_result r;
    CHECK_EQ_INT(sk_generate(g, NULL, p, NULL, NULL), SK_OK);
    CHECK_EQ_INT(count2(m, p, sol), 1);
    CHECK(sk_verify(m, p, sol));
    CHECK(minimal(m, p));
    /* the default options are seed 0: the same puzzle */
    uint8_t q[81];
    sk_generate_opts d = SK_GENERATE_OPTS_INIT;
    CHECK_EQ_INT(sk_generate(g, &d, q, NULL, &r), SK_OK);
    CHECK(memcmp(p, q, 81) == 0);
    CHECK_EQ_INT(r.rated, 0);
    CHECK(r.searches >= 1);
    sk_generator_free(g);
    sk_model_free(m);
}

/* Every symmetry: held by the puzzle (library and own checks), unique;
 * under --minimal also minimal. */
static void test_symmetries(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    sk_generator *g = NULL;
    CHECK_EQ_INT(sk_generator_new(m, &g), SK_OK);
    for (int s = SK_SYMMETRY_NONE; s <= SK_SYMMETRY_FULL; s++) {
        for (int k = 0; k < 4; k++) {
            sk_generate_opts o = SK_GENERATE_OPTS_INIT;
            uint8_t p[81], sol[81];
            sk_generate_result r;
            o.symmetry = s;
            o.minimal = k >= 2;
            o.seed = 100 + (uint64_t)(s * 10 + k);
            int rc = sk_generate(g, &o, p, sol, &r);
            CHECK_EQ_INT(rc, SK_OK);
            if (rc != SK_OK) {
                fprintf(stderr, "  symmetry %s seed %llu: %s\n", sk_symmetry_keyword(s),
                        (unsigned long long)o.seed, sk_strerror(rc));
                continue;
            }
            sound(m, p, sol, &r);
            CHECK_EQ_INT(sk_symmetry_holds(9, s, p), 1);
            CHECK_EQ_INT(my_symmetric(9, s, p), 1);
            if (s == SK_SYMMETRY_ROT180 || s == SK_SYMMETRY_ROT90 || s == SK_SYMMETRY_BOTH ||
                s == SK_SYMMETRY_FULL)
                CHECK(plain_rot180(9, p));
            if (s == SK_SYMMETRY_ROT90 || s == SK_SYMMETRY_FULL)
                CHECK(plain_rot90(9, p));
            if (o.minimal || s == SK_SYMMETRY_NONE) {
                int mi = minimal(m, p);
                CHECK(mi);
                if (!mi)
                    fprintf(stderr, "  symmetry %s seed %llu: not minimal\n",
                            sk_symmetry_keyword(s), (unsigned long long)o.seed);
            }
        }
    }
    sk_generator_free(g);
    sk_model_free(m);
}

/* A symmetric puzzle without --minimal is whole orbits, each needed as an
 * orbit: taking any orbit away (my own rot180 pairs) leaves two solutions
 * or more. */
static void test_orbits_needed(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    for (int k = 0; k < 5; k++) {
        sk_generate_opts o = SK_GENERATE_OPTS_INIT;
        uint8_t p[81], sol[81];
        sk_generate_result r;
        o.symmetry = SK_SYMMETRY_ROT180;
        o.seed = 700 + (uint64_t)k;
        if (gen(m, &o, p, sol, &r) != SK_OK) {
            CHECK(!"generated");
            continue;
        }
        sound(m, p, sol, &r);
        for (int c = 0; c <= 40; c++) {
            if (!p[c])
                continue;
            uint8_t q[81];
            memcpy(q, p, 81);
            q[c] = q[80 - c] = 0;
            CHECK_EQ_INT(count2(m, q, NULL), 2);
        }
    }
    sk_model_free(m);
}

static void test_givens_bounds(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    sk_generator *g = NULL;
    CHECK_EQ_INT(sk_generator_new(m, &g), SK_OK);
    struct {
        int lo, hi, minimal, sym;
    } cases[] = {
        {30, 30, 0, 0}, {24, 26, 0, 0}, {32, 0, 0, 0}, {0, 25, 0, 0},
        {0, 24, 1, 0},  {28, 30, 0, 1}, {26, 28, 1, 1}, {40, 40, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int k = 0; k < 3; k++) {
            sk_generate_opts o = SK_GENERATE_OPTS_INIT;
            uint8_t p[81], sol[81];
            sk_generate_result r;
            o.min_givens = cases[i].lo;
            o.max_givens = cases[i].hi;
            o.minimal = cases[i].minimal;
            o.symmetry = cases[i].sym;
            o.seed = 200 + (uint64_t)(i * 10 + (size_t)k);
            o.timeout = 20;
            int rc = sk_generate(g, &o, p, sol, &r);
            CHECK_EQ_INT(rc, SK_OK);
            if (rc != SK_OK) {
                fprintf(stderr, "  givens %d-%d: %s\n", cases[i].lo, cases[i].hi,
                        sk_strerror(rc));
                continue;
            }
            sound(m, p, sol, &r);
            int ng = givens_in(p, 81);
            if (cases[i].lo)
                CHECK(ng >= cases[i].lo);
            if (cases[i].hi)
                CHECK(ng <= cases[i].hi);
            if (cases[i].sym)
                CHECK(sk_symmetry_holds(9, cases[i].sym, p) && my_symmetric(9, cases[i].sym, p));
            if (cases[i].minimal)
                CHECK(minimal(m, p));
        }
    sk_generator_free(g);
    sk_model_free(m);
}

/* The givens are exactly the pattern's cells.  The pattern is taken from
 * a generated rot180 puzzle (so some grid fits it). */
static void test_pattern(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    sk_generator *g = NULL;
    CHECK_EQ_INT(sk_generator_new(m, &g), SK_OK);
    uint8_t base[81], sol[81], pat[81];
    sk_generate_opts o = SK_GENERATE_OPTS_INIT;
    sk_generate_result r;
    o.symmetry = SK_SYMMETRY_ROT180;
    o.min_givens = 30;
    o.max_givens = 32;
    o.seed = 31;
    CHECK_EQ_INT(sk_generate(g, &o, base, sol, &r), SK_OK);
    for (int i = 0; i < 81; i++)
        pat[i] = base[i] != 0;
    int npat = givens_in(pat, 81);
    int distinct = 0;
    uint8_t prev[81];
    memset(prev, 0, sizeof prev);
    for (int k = 0; k < 5; k++) {
        sk_generate_opts po = SK_GENERATE_OPTS_INIT;
        uint8_t p[81];
        po.pattern = pat;
        po.seed = 50 + (uint64_t)k;
        po.timeout = 20;
        int rc = sk_generate(g, &po, p, sol, &r);
        CHECK_EQ_INT(rc, SK_OK);
        if (rc != SK_OK)
            continue;
        sound(m, p, sol, &r);
        for (int i = 0; i < 81; i++)
            CHECK_EQ_INT(p[i] != 0, pat[i]);
        CHECK_EQ_INT(r.givens, npat);
        distinct += memcmp(p, prev, 81) != 0;
        memcpy(prev, p, 81);
    }
    CHECK(distinct >= 4);
    /* a pattern ignores symmetry and givens bounds */
    sk_generate_opts po = SK_GENERATE_OPTS_INIT;
    uint8_t p[81];
    po.pattern = pat;
    po.seed = 9;
    po.symmetry = SK_SYMMETRY_MIRROR;
    po.min_givens = 10, po.max_givens = 12;
    po.timeout = 20;
    int rc = sk_generate(g, &po, p, sol, &r);
    CHECK(rc == SK_OK || rc == SK_EINVAL);
    if (rc == SK_OK)
        for (int i = 0; i < 81; i++)
            CHECK_EQ_INT(p[i] != 0, pat[i]);
    sk_generator_free(g);
    sk_model_free(m);
}

/* Rating bounds: sk_rate on the puzzle, with a fresh logical solver, gives
 * the ER sk_generate reported, within the bounds. */
static void test_rating(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    sk_generator *g = NULL;
    CHECK_EQ_INT(sk_generator_new(m, &g), SK_OK);
    struct {
        int lo, hi, count;
    } cases[] = {{30, 45, 4}, {0, 20, 3}, {12, 12, 2}, {26, 0, 3}, {60, 90, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int k = 0; k < cases[i].count; k++) {
            sk_generate_opts o = SK_GENERATE_OPTS_INIT;
            uint8_t p[81], sol[81];
            sk_generate_result r;
            o.min_rating = cases[i].lo;
            o.max_rating = cases[i].hi;
            o.seed = 300 + (uint64_t)(i * 10 + (size_t)k);
            o.timeout = 30;
            int rc = sk_generate(g, &o, p, sol, &r);
            CHECK_EQ_INT(rc, SK_OK);
            if (rc != SK_OK) {
                fprintf(stderr, "  rating %d-%d: %s\n", cases[i].lo, cases[i].hi,
                        sk_strerror(rc));
                continue;
            }
            sound(m, p, sol, &r);
            CHECK_EQ_INT(r.rated, 1);
            sk_rating fr;
            CHECK_EQ_INT(fresh_rate(m, p, &fr), SK_OK);
            CHECK_EQ_INT(fr.er, r.rating.er);
            CHECK_EQ_INT(fr.ep, r.rating.ep);
            CHECK_EQ_INT(fr.ed, r.rating.ed);
            CHECK_EQ_INT(fr.stuck, 0);
            if (cases[i].lo)
                CHECK(fr.er >= cases[i].lo);
            if (cases[i].hi)
                CHECK(fr.er <= cases[i].hi);
            walk_result w;
            walk(m, p, &w);
            CHECK(w.solved);
            CHECK_EQ_INT(w.er, fr.er);
            CHECK(w.techniques == r.techniques);
        }
    sk_generator_free(g);
    sk_model_free(m);
}

/* needs: the path walked here uses the technique. */
static void test_needs(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    sk_generator *g = NULL;
    CHECK_EQ_INT(sk_generator_new(m, &g), SK_OK);
    const int techs[] = {SK_TECH_X_WING, SK_TECH_NAKED_PAIR, SK_TECH_POINTING,
                         SK_TECH_HIDDEN_PAIR};
    for (size_t i = 0; i < sizeof techs / sizeof techs[0]; i++)
        for (int k = 0; k < 2; k++) {
            sk_generate_opts o = SK_GENERATE_OPTS_INIT;
            uint8_t p[81], sol[81];
            sk_generate_result r;
            o.needs = techs[i];
            o.seed = 400 + (uint64_t)(i * 10 + (size_t)k);
            o.timeout = 30;
            int rc = sk_generate(g, &o, p, sol, &r);
            CHECK_EQ_INT(rc, SK_OK);
            if (rc != SK_OK) {
                fprintf(stderr, "  needs %s: %s\n", sk_tech_keyword(techs[i]), sk_strerror(rc));
                continue;
            }
            sound(m, p, sol, &r);
            CHECK(r.rated);
            CHECK(r.techniques >> techs[i] & 1u);
            walk_result w;
            walk(m, p, &w);
            CHECK(w.solved);
            CHECK(w.techniques >> techs[i] & 1u);
        }
    sk_generator_free(g);
    sk_model_free(m);
}

/* no_guess: no Nishio and no dynamic chain on the path. */
static void test_no_guess(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    sk_generator *g = NULL;
    CHECK_EQ_INT(sk_generator_new(m, &g), SK_OK);
    for (int k = 0; k < 6; k++) {
        sk_generate_opts o = SK_GENERATE_OPTS_INIT;
        uint8_t p[81], sol[81];
        sk_generate_result r;
        o.no_guess = 1;
        o.symmetry = k & 1 ? SK_SYMMETRY_ROT180 : SK_SYMMETRY_NONE;
        o.min_rating = k >= 4 ? 60 : 0; /* hard, but no guess */
        o.seed = 500 + (uint64_t)k;
        o.timeout = 30;
        int rc = sk_generate(g, &o, p, sol, &r);
        CHECK_EQ_INT(rc, SK_OK);
        if (rc != SK_OK)
            continue;
        sound(m, p, sol, &r);
        CHECK(r.rated);
        CHECK(!(r.techniques >> SK_TECH_NISHIO & 1u));
        CHECK(r.techniques >> SK_TECH_CONTRADICTION_CHAIN == 0);
        walk_result w;
        walk(m, p, &w);
        CHECK(w.solved);
        CHECK_EQ_INT(w.guess, 0);
        if (o.min_rating)
            CHECK(w.er >= o.min_rating);
    }
    sk_generator_free(g);
    sk_model_free(m);
}

static void test_determinism(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    sk_generator *a = NULL, *b = NULL;
    CHECK_EQ_INT(sk_generator_new(m, &a), SK_OK);
    CHECK_EQ_INT(sk_generator_new(m, &b), SK_OK);
    uint8_t all[12][81];
    sk_generate_opts variants[3];
    for (int v = 0; v < 3; v++) {
        sk_generate_opts o = SK_GENERATE_OPTS_INIT;
        if (v == 1)
            o.symmetry = SK_SYMMETRY_ROT180, o.minimal = 1;
        if (v == 2)
            o.min_rating = 26, o.max_rating = 40;
        variants[v] = o;
    }
    for (int v = 0; v < 3; v++) {
        /* generator a makes seeds 0..11 in order, after the other variants;
         * b makes them backwards: each pair must agree */
        for (int s = 0; s < 12; s++) {
            sk_generate_opts o = variants[v];
            o.seed = (uint64_t)s * 1000003u;
            uint8_t sol[81];
            CHECK_EQ_INT(sk_generate(a, &o, all[s], sol, NULL), SK_OK);
        }
        for (int s = 11; s >= 0; s--) {
            sk_generate_opts o = variants[v];
            o.seed = (uint64_t)s * 1000003u;
            uint8_t p[81], sol[81], sol2[81];
            CHECK_EQ_INT(sk_generate(b, &o, p, sol, NULL), SK_OK);
            CHECK(memcmp(p, all[s], 81) == 0);
            CHECK_EQ_INT(count2(m, p, sol2), 1);
            CHECK(memcmp(sol, sol2, 81) == 0);
        }
        int same = 0;
        for (int s = 0; s < 12; s++)
            for (int t = s + 1; t < 12; t++)
                same += memcmp(all[s], all[t], 81) == 0;
        CHECK_EQ_INT(same, 0);
    }
    /* a third generator, fresh: the same again for one seed */
    sk_generator *c = NULL;
    CHECK_EQ_INT(sk_generator_new(m, &c), SK_OK);
    sk_generate_opts o = variants[0];
    o.seed = 5 * 1000003u;
    uint8_t p[81];
    CHECK_EQ_INT(sk_generate(c, &o, p, NULL, NULL), SK_OK);
    /* all[] holds variant 2 now: redo variant 0 seed 5 with a */
    uint8_t q[81];
    CHECK_EQ_INT(sk_generate(a, &o, q, NULL, NULL), SK_OK);
    CHECK(memcmp(p, q, 81) == 0);
    sk_generator_free(a);
    sk_generator_free(b);
    sk_generator_free(c);
    sk_model_free(m);
}

static void test_small_grids(void)
{
    /* 4x4 */
    sk_model *m4 = classic(4);
    if (m4) {
        sk_generate_opts o = SK_GENERATE_OPTS_INIT;
        CHECK_EQ_INT(gen_many(m4, o, 1, 20, 1, "4x4"), 20);
        o.symmetry = SK_SYMMETRY_ROT90;
        for (int k = 0; k < 5; k++) {
            uint8_t p[16], sol[16];
            sk_generate_result r;
            o.seed = (uint64_t)k;
            o.timeout = 10;
            if (gen(m4, &o, p, sol, &r) != SK_OK) {
                CHECK(!"4x4 rot90");
                continue;
            }
            sound(m4, p, sol, &r);
            CHECK(plain_rot90(4, p));
            CHECK(sk_symmetry_holds(4, SK_SYMMETRY_ROT90, p));
        }
        sk_model_free(m4);
    }
    /* 6x6, boxes 2x3 */
    sk_geometry g6 = SK_GEOMETRY_INIT(6);
    g6.box_rows = 2, g6.box_cols = 3;
    sk_model *m6 = model_of(&g6);
    if (m6) {
        sk_generate_opts o = SK_GENERATE_OPTS_INIT;
        CHECK_EQ_INT(gen_many(m6, o, 1, 20, 1, "6x6"), 20);
        o.symmetry = SK_SYMMETRY_ROT180;
        o.minimal = 1;
        CHECK_EQ_INT(gen_many(m6, o, 1, 5, 1, "6x6 rot180"), 5);
        for (int k = 0; k < 3; k++) {
            uint8_t p[36], sol[36];
            o.seed = (uint64_t)k;
            if (gen(m6, &o, p, sol, NULL) == SK_OK)
                CHECK(plain_rot180(6, p) && my_symmetric(6, SK_SYMMETRY_ROT180, p));
        }
        sk_model_free(m6);
    }
}

static void test_16x16(void)
{
    sk_model *m = classic(16);
    if (!m)
        return;
    CHECK(generator_engine(m) == sk_engine_find("dlx"));
    sk_generate_opts o = SK_GENERATE_OPTS_INIT;
    CHECK_EQ_INT(gen_many(m, o, 7, 2, 0, "16x16"), 2);
    o.symmetry = SK_SYMMETRY_ROT180;
    uint8_t p[256], sol[256];
    sk_generate_result r;
    o.seed = 3;
    if (gen(m, &o, p, sol, &r) == SK_OK) {
        sound(m, p, sol, &r);
        CHECK(plain_rot180(16, p));
    } else {
        CHECK(!"16x16 rot180");
    }
    sk_model_free(m);
}

/* The jigsaw layout of examples/puzzles/jigsaw9_grid.txt. */
static const char JIGSAW9[] = "111122233"
                              "112223333"
                              "411222333"
                              "414555566"
                              "444456666"
                              "745555666"
                              "747779999"
                              "777888999"
                              "788888899";

static void test_jigsaw_and_x(void)
{
    uint8_t reg[81];
    for (int i = 0; i < 81; i++)
        reg[i] = (uint8_t)(JIGSAW9[i] - '1');
    sk_geometry gj = SK_GEOMETRY_INIT(9);
    gj.regions = reg;
    sk_model *mj = model_of(&gj);
    if (mj) {
        sk_generate_opts o = SK_GENERATE_OPTS_INIT;
        CHECK_EQ_INT(gen_many(mj, o, 1, 8, 1, "jigsaw"), 8);
        /* the logical solver takes jigsaws: rating works there */
        o.min_rating = 20;
        o.seed = 4;
        o.timeout = 20;
        uint8_t p[81], sol[81];
        sk_generate_result r;
        if (gen(mj, &o, p, sol, &r) == SK_OK) {
            sound(mj, p, sol, &r);
            sk_rating fr;
            CHECK_EQ_INT(fresh_rate(mj, p, &fr), SK_OK);
            CHECK_EQ_INT(fr.er, r.rating.er);
            CHECK(fr.er >= 20);
        } else {
            CHECK(!"jigsaw rated");
        }
        sk_model_free(mj);
    }
    sk_geometry gx = SK_GEOMETRY_INIT(9);
    gx.extras = SK_EXTRA_DIAGONALS;
    sk_model *mx = model_of(&gx);
    if (mx) {
        sk_generate_opts o = SK_GENERATE_OPTS_INIT;
        CHECK_EQ_INT(gen_many(mx, o, 1, 8, 1, "X-Sudoku"), 8);
        o.symmetry = SK_SYMMETRY_DIAGONAL;
        o.minimal = 1;
        CHECK_EQ_INT(gen_many(mx, o, 20, 3, 1, "X-Sudoku diagonal"), 3);
        /* the X constraint matters: some puzzle made is not unique as a
         * classic puzzle */
        sk_model *mc = classic(9);
        int weaker = 0;
        for (int k = 0; k < 5 && mc; k++) {
            sk_generate_opts q = SK_GENERATE_OPTS_INIT;
            uint8_t p[81];
            q.seed = (uint64_t)k;
            if (gen(mx, &q, p, NULL, NULL) == SK_OK)
                weaker += count_with(sk_engine_find("dlx"), mc, p, NULL) == 2;
        }
        CHECK(weaker >= 1);
        sk_model_free(mc);
        sk_model_free(mx);
    }
}

/* Cells of killer6.txt's cages (r, c from 1), 0-terminated per cage. */
static const int KILLER6[][7] = {
    {3, 11, 12, 0},       {7, 13, 14, 0},       {11, 15, 16, 0},      {9, 21, 22, 0},
    {7, 23, 24, 0},       {8, 25, 35, 0},       {7, 26, 36, 0},       {5, 31, 32, 0},
    {6, 33, 34, 0},       {11, 41, 42, 0},      {6, 43, 44, 0},       {4, 45, 46, 0},
    {9, 51, 61, 0},       {7, 52, 53, 62, 0},   {8, 63, 64, 0},       {10, 54, 55, 0},
    {8, 56, 65, 66, 0},
};
#define NKILLER6 ((int)(sizeof KILLER6 / sizeof KILLER6[0]))

typedef struct ruleset {
    sk_rule rules[32];
    int cells[32][8];
    int n;
} ruleset;

/* The killer6 cages as rules (keep: flags of the cages kept; NULL all). */
static void killer6_rules(ruleset *rs, const uint8_t *keep)
{
    rs->n = 0;
    for (int i = 0; i < NKILLER6; i++) {
        if (keep && !keep[i])
            continue;
        sk_rule r = SK_RULE_INIT(SK_RULE_CAGE);
        int k = 0;
        for (int j = 1; KILLER6[i][j]; j++) {
            int rc = KILLER6[i][j];
            rs->cells[rs->n][k++] = (rc / 10 - 1) * 6 + (rc % 10 - 1);
        }
        r.value = KILLER6[i][0];
        r.ncells = k;
        r.cells = rs->cells[rs->n];
        rs->rules[rs->n++] = r;
    }
}

static sk_geometry killer6_geom(ruleset *rs, const uint8_t *keep)
{
    sk_geometry g = SK_GEOMETRY_INIT(6);
    g.box_rows = 2, g.box_cols = 3;
    killer6_rules(rs, keep);
    g.nrules = rs->n;
    g.rules = rs->n ? rs->rules : NULL;
    return g;
}

/* Models with variant rules: anti-knight 9x9, two killer cages on 9x9,
 * the killer6 layout; each puzzle counted by another engine that takes
 * the rules; rating options refused. */
static void test_rules(void)
{
    /* anti-knight */
    sk_rule ak = SK_RULE_INIT(SK_RULE_ANTI_KNIGHT);
    sk_geometry g = SK_GEOMETRY_INIT(9);
    g.nrules = 1;
    g.rules = &ak;
    sk_model *m = model_of(&g);
    if (m) {
        int e = second_engine(m);
        CHECK(e >= 0 && e != sk_engine_auto(m) && sk_engine_accepts(e, m));
        sk_generate_opts o = SK_GENERATE_OPTS_INIT;
        CHECK_EQ_INT(gen_many(m, o, 1, 4, 1, "anti-knight"), 4);
        o.symmetry = SK_SYMMETRY_ROT180;
        o.seed = 2;
        uint8_t p[81], sol[81];
        sk_generate_result r;
        if (gen(m, &o, p, sol, &r) == SK_OK) {
            sound(m, p, sol, &r);
            CHECK(plain_rot180(9, p));
            CHECK_EQ_INT(r.rated, 0);
        } else {
            CHECK(!"anti-knight rot180");
        }
        /* no_guess with rules: the search's propagation alone (a minimal
         * anti-knight puzzle hardly ever is, so with a givens bound); the
         * general engine's search then makes no guess */
        sk_generate_opts ng = SK_GENERATE_OPTS_INIT;
        ng.no_guess = 1;
        ng.min_givens = 40;
        ng.seed = 3;
        ng.timeout = 20;
        if (gen(m, &ng, p, sol, &r) == SK_OK) {
            sound(m, p, sol, &r);
            CHECK(givens_in(p, 81) >= 40);
            CHECK_EQ_INT(guesses_with(sk_engine_find("general"), m, p), 0);
        } else {
            CHECK(!"anti-knight no_guess");
        }
        /* no_guess with rules and no bound: givens go only while the
         * propagation still solves the puzzle, so it ends quickly */
        sk_generate_opts ng2 = SK_GENERATE_OPTS_INIT;
        ng2.no_guess = 1;
        ng2.seed = 3;
        ng2.timeout = 20;
        if (gen(m, &ng2, p, sol, &r) == SK_OK) {
            sound(m, p, sol, &r);
            CHECK(r.tries < 20);
            CHECK_EQ_INT(guesses_with(sk_engine_find("general"), m, p), 0);
        } else {
            CHECK(!"anti-knight no_guess without a bound");
        }
        /* the rule matters: the solution is anti-knight */
        CHECK(sk_verify(m, NULL, sol));
        /* rating options on a model with rules */
        sk_generator *gg = NULL;
        CHECK_EQ_INT(sk_generator_new(m, &gg), SK_OK);
        sk_generate_opts bad = SK_GENERATE_OPTS_INIT;
        bad.min_rating = 30;
        CHECK_EQ_INT(sk_generate(gg, &bad, p, sol, &r), SK_EUNSUPPORTED);
        bad = (sk_generate_opts)SK_GENERATE_OPTS_INIT;
        bad.max_rating = 45;
        CHECK_EQ_INT(sk_generate(gg, &bad, p, sol, &r), SK_EUNSUPPORTED);
        bad = (sk_generate_opts)SK_GENERATE_OPTS_INIT;
        bad.needs = SK_TECH_X_WING;
        CHECK_EQ_INT(sk_generate(gg, &bad, p, sol, &r), SK_EUNSUPPORTED);
        sk_generator_free(gg);
        sk_model_free(m);
    }

    /* two killer cages on 9x9: r1c1+r1c2 = 3, r9c8+r9c9 = 17 */
    int c1[2] = {0, 1}, c2[2] = {79, 80};
    sk_rule cages[2] = {SK_RULE_INIT(SK_RULE_CAGE), SK_RULE_INIT(SK_RULE_CAGE)};
    cages[0].value = 3, cages[0].ncells = 2, cages[0].cells = c1;
    cages[1].value = 17, cages[1].ncells = 2, cages[1].cells = c2;
    sk_geometry gk = SK_GEOMETRY_INIT(9);
    gk.nrules = 2;
    gk.rules = cages;
    m = model_of(&gk);
    if (m) {
        int e = second_engine(m);
        CHECK(e >= 0 && sk_engine_accepts(e, m));
        sk_generate_opts o = SK_GENERATE_OPTS_INIT;
        CHECK_EQ_INT(gen_many(m, o, 1, 4, 1, "9x9 two cages"), 4);
        uint8_t p[81], sol[81];
        o.seed = 1;
        if (gen(m, &o, p, sol, NULL) == SK_OK) {
            CHECK(sol[0] + sol[1] == 3 && sol[79] + sol[80] == 17);
        }
        o.no_guess = 1;
        for (int k = 0; k < 2; k++) {
            sk_generate_result r;
            o.seed = 30 + (uint64_t)k;
            o.timeout = 20;
            if (gen(m, &o, p, sol, &r) != SK_OK) {
                CHECK(!"two cages no_guess");
                continue;
            }
            sound(m, p, sol, &r);
            CHECK(minimal(m, p));
            CHECK_EQ_INT(guesses_with(sk_engine_find("general"), m, p), 0);
        }
        sk_model_free(m);
    }

    /* killer6: unique with no givens at all, so the puzzles may be empty */
    ruleset rs;
    sk_geometry g6 = killer6_geom(&rs, NULL);
    m = model_of(&g6);
    if (m) {
        sk_generate_opts o = SK_GENERATE_OPTS_INIT;
        CHECK_EQ_INT(gen_many(m, o, 1, 3, 1, "killer6"), 3);
        sk_model_free(m);
    }
}

static void test_bad_options(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    sk_generator *g = NULL;
    CHECK_EQ_INT(sk_generator_new(NULL, &g), SK_EINVAL);
    CHECK(g == NULL);
    CHECK_EQ_INT(sk_generator_new(m, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_generator_new(m, &g), SK_OK);
    sk_generator_free(NULL);
    uint8_t p[81], sol[81];
    sk_generate_result r;
    CHECK_EQ_INT(sk_generate(NULL, NULL, p, sol, &r), SK_EINVAL);
    CHECK_EQ_INT(sk_generate(g, NULL, NULL, sol, &r), SK_EINVAL);
    uint8_t pat[81];
    memset(pat, 1, sizeof pat);
    pat[17] = 2;
    struct {
        const char *what;
        sk_generate_opts o;
    } cases[12];
    int nc = 0;
    for (int i = 0; i < 12; i++)
        cases[i].o = (sk_generate_opts)SK_GENERATE_OPTS_INIT;
    cases[nc].what = "symmetry -1", cases[nc++].o.symmetry = -1;
    cases[nc].what = "symmetry 9", cases[nc++].o.symmetry = 9;
    cases[nc].what = "givens 30-20", cases[nc].o.min_givens = 30, cases[nc++].o.max_givens = 20;
    cases[nc].what = "givens 82", cases[nc++].o.min_givens = 82;
    cases[nc].what = "givens -1", cases[nc++].o.min_givens = -1;
    cases[nc].what = "max givens 82", cases[nc++].o.max_givens = 82;
    cases[nc].what = "pattern 2", cases[nc++].o.pattern = pat;
    cases[nc].what = "needs 37", cases[nc++].o.needs = SK_TECH_COUNT_;
    cases[nc].what = "needs -2", cases[nc++].o.needs = -2;
    cases[nc].what = "rating 45-30", cases[nc].o.min_rating = 45, cases[nc++].o.max_rating = 30;
    cases[nc].what = "rating -1", cases[nc++].o.min_rating = -1;
    for (int i = 0; i < nc; i++) {
        memset(p, 0xee, sizeof p);
        int rc = sk_generate(g, &cases[i].o, p, sol, &r);
        if (rc != SK_EINVAL)
            fprintf(stderr, "  %s: %s\n", cases[i].what, sk_strerror(rc));
        CHECK_EQ_INT(rc, SK_EINVAL);
        CHECK_EQ_INT(p[0], 0xee); /* nothing written */
    }
    /* a generator still works after refusals */
    sk_generate_opts o = SK_GENERATE_OPTS_INIT;
    CHECK_EQ_INT(sk_generate(g, &o, p, sol, &r), SK_OK);
    sound(m, p, sol, &r);
    sk_generator_free(g);
    sk_model_free(m);
}

static void *set_later(void *arg)
{
    struct timespec t = {0, 150 * 1000 * 1000};
    nanosleep(&t, NULL);
    __atomic_store_n((int *)arg, 1, __ATOMIC_RELAXED);
    return NULL;
}

/* max_tries, timeout and cancel end the call with SK_ETIME. */
/* 1 when the cells of cells[0..k) are orthogonally connected (n x n). */
static int connected_cells(int n, const int *cells, int k)
{
    uint8_t in[64 * 64] = {0}, seen[64 * 64] = {0};
    int stack[64 * 64], top = 0, reached = 0;
    for (int i = 0; i < k; i++)
        in[cells[i]] = 1;
    stack[top++] = cells[0];
    seen[cells[0]] = 1;
    while (top) {
        int c = stack[--top];
        reached++;
        int r = c / n, col = c % n;
        int nb[4] = {r ? c - n : -1, r < n - 1 ? c + n : -1, col ? c - 1 : -1,
                     col < n - 1 ? c + 1 : -1};
        for (int j = 0; j < 4; j++)
            if (nb[j] >= 0 && in[nb[j]] && !seen[nb[j]]) {
                seen[nb[j]] = 1;
                stack[top++] = nb[j];
            }
    }
    return reached == k;
}

/* sk_random_regions: N regions of N connected cells, the same for a seed,
 * other layouts for other seeds, and on 9x9 most layouts have a grid. */
static void test_random_regions(void)
{
    static const int sizes[] = {1, 2, 4, 5, 6, 7, 9, 12, 16};
    uint8_t reg[256], again[256];
    int cells[256];
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        int n = sizes[si], nc = n * n;
        for (uint64_t seed = 1; seed <= 6; seed++) {
            CHECK_EQ_INT(sk_random_regions(n, seed, reg), SK_OK);
            CHECK_EQ_INT(sk_random_regions(n, seed, again), SK_OK);
            CHECK(memcmp(reg, again, (size_t)nc) == 0);
            for (int r = 0; r < n; r++) {
                int k = 0;
                for (int c = 0; c < nc; c++)
                    if (reg[c] == r)
                        cells[k++] = c;
                CHECK_EQ_INT(k, n);
                if (k == n)
                    CHECK(connected_cells(n, cells, k));
            }
        }
    }
    CHECK_EQ_INT(sk_random_regions(9, 1, reg), SK_OK);
    CHECK_EQ_INT(sk_random_regions(9, 2, again), SK_OK);
    CHECK(memcmp(reg, again, 81) != 0);
    CHECK_EQ_INT(sk_random_regions(0, 1, reg), SK_EINVAL);
    CHECK_EQ_INT(sk_random_regions(65, 1, reg), SK_EINVAL);
    CHECK_EQ_INT(sk_random_regions(9, 1, NULL), SK_EINVAL);
}

/* sk_random_solution and sk_random_cages: a valid grid; cages that cover it
 * once, connected, 2 to N cells, no digit twice, the right sums; and a
 * killer puzzle made on them is unique (second engine). */
static void test_random_cages(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    sk_generator *g = NULL;
    CHECK_EQ_INT(sk_generator_new(m, &g), SK_OK);
    uint8_t sol[81], sol2[81];
    sk_rule rules[41];
    int cells[81], nk = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        CHECK_EQ_INT(sk_random_solution(g, NULL, seed, sol), SK_OK);
        CHECK(sk_verify(m, NULL, sol));
        CHECK_EQ_INT(sk_random_solution(g, NULL, seed, sol2), SK_OK);
        CHECK(memcmp(sol, sol2, 81) == 0);
        CHECK_EQ_INT(sk_random_cages(9, sol, seed, 2, 5, rules, cells, &nk), SK_OK);
        int cover[81] = {0};
        for (int k = 0; k < nk; k++) {
            const sk_rule *r = &rules[k];
            int sum = 0;
            uint64_t seen = 0;
            CHECK_EQ_INT(r->kind, SK_RULE_CAGE);
            CHECK(r->ncells >= 2 && r->ncells <= 9);
            for (int i = 0; i < r->ncells; i++) {
                int c = r->cells[i];
                cover[c]++;
                sum += sol[c];
                CHECK(!(seen >> sol[c] & 1u));
                seen |= 1ull << sol[c];
            }
            CHECK_EQ_INT(sum, r->value);
            CHECK(connected_cells(9, r->cells, r->ncells));
        }
        for (int c = 0; c < 81; c++)
            CHECK_EQ_INT(cover[c], 1);
        /* a killer on them: unique, judged by another engine */
        sk_geometry gk = SK_GEOMETRY_INIT(9);
        gk.nrules = nk;
        gk.rules = rules;
        sk_model *mk = NULL;
        CHECK_EQ_INT(sk_model_new(&gk, &mk, NULL), SK_OK);
        if (!mk)
            continue;
        CHECK(sk_verify(mk, NULL, sol));
        if (seed <= 3) {
            sk_generate_opts o = SK_GENERATE_OPTS_INIT;
            uint8_t p[81], s2[81];
            sk_generate_result r;
            o.seed = seed;
            if (gen(mk, &o, p, s2, &r) == SK_OK)
                sound(mk, p, s2, &r);
            else
                CHECK(!"killer on random cages");
        }
        sk_model_free(mk);
    }
    CHECK_EQ_INT(sk_random_cages(9, sol, 1, 1, 5, rules, cells, &nk), SK_EINVAL);
    CHECK_EQ_INT(sk_random_cages(9, sol, 1, 4, 3, rules, cells, &nk), SK_EINVAL);
    CHECK_EQ_INT(sk_random_cages(9, NULL, 1, 2, 5, rules, cells, &nk), SK_EINVAL);
    CHECK_EQ_INT(sk_random_solution(NULL, NULL, 1, sol), SK_EINVAL);
    sk_generator_free(g);
    sk_model_free(m);
}

/* sk_add_rules: on a puzzle with many solutions, the rules added make it
 * unique (second engine), the solution kept obeys every rule (sk_verify),
 * each added rule is of a kind asked and needed (without it two
 * solutions), the givens are untouched; bad kinds and a puzzle with no
 * solution are refused. */
static void test_add_rules(void)
{
    static const char sparse[] =
        "4...3.......6..8...............5..9..8....6...7.2..............5.3....4.9........";
    uint8_t givens[81], keep[81], sol[81], first[81];
    for (int c = 0; c < 81; c++)
        givens[c] = sparse[c] == '.' ? 0 : (uint8_t)(sparse[c] - '0');
    memcpy(keep, givens, 81);
    static const int lines[] = {SK_RULE_THERMO, SK_RULE_WHITE_DOT, SK_RULE_BLACK_DOT,
                                SK_RULE_ARROW, SK_RULE_CAGE};
    /* every kind can be added; the ones drawn through cells here, and a
       rule of the whole grid with a few of them below */
    for (int k = 1; k < SK_RULE_LAST_; k++)
        CHECK(sk_add_rules_kind(k));
    CHECK(!sk_add_rules_kind(0));
    CHECK(!sk_add_rules_kind(SK_RULE_LAST_));
    static const int all[] = {
        SK_RULE_CAGE, SK_RULE_LITTLE_KILLER, SK_RULE_SANDWICH, SK_RULE_ARROW, SK_RULE_THERMO,
        SK_RULE_PALINDROME, SK_RULE_WHISPER, SK_RULE_RENBAN, SK_RULE_BETWEEN,
        SK_RULE_REGION_SUM, SK_RULE_WHITE_DOT, SK_RULE_BLACK_DOT, SK_RULE_XV, SK_RULE_ODD,
        SK_RULE_EVEN, SK_RULE_MINIMUM, SK_RULE_MAXIMUM, SK_RULE_QUADRUPLE, SK_RULE_REGION,
        SK_RULE_DIGITS};
    int nall = (int)(sizeof all / sizeof all[0]);
    static const int knight[] = {SK_RULE_ANTI_KNIGHT, SK_RULE_THERMO, SK_RULE_WHITE_DOT,
                                 SK_RULE_CAGE};
    sk_rule rules[300], both[300];
    int ints[4000], nadded = 0;
    /* 14 givens of an anti-knight solution grid made by sudokit generate */
    static const char aks[] =
        ".4......3.......4.......1....48..2.............2............3........4.1..32...9.";
    uint8_t akg[81];
    for (int c = 0; c < 81; c++)
        akg[c] = aks[c] == '.' ? 0 : (uint8_t)(aks[c] - '0');
    for (int set = 0; set < 3; set++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            const int *kinds = set == 2 ? knight : set ? all : lines;
            int nk = set == 2 ? 4 : set ? nall : 5;
            if (set == 2) {
                memcpy(givens, akg, 81);
                memcpy(keep, akg, 81);
            }
            sk_geometry g = SK_GEOMETRY_INIT(9);
            int rc = sk_add_rules(&g, givens, kinds, nk, seed, 30, rules, 300, ints, 4000,
                                  &nadded, sol, NULL);
            CHECK_EQ_INT(rc, SK_OK);
            CHECK(memcmp(givens, keep, 81) == 0);
            if (rc != SK_OK)
                continue;
            CHECK(nadded > 0);
            for (int i = 0; i < nadded; i++) {
                int ok = 0;
                for (int j = 0; j < nk; j++)
                    ok |= rules[i].kind == kinds[j];
                CHECK(ok);
            }
            g.nrules = nadded;
            g.rules = rules;
            sk_model *m = NULL;
            CHECK_EQ_INT(sk_model_new(&g, &m, NULL), SK_OK);
            if (!m)
                continue;
            CHECK(sk_verify(m, givens, sol));
            CHECK_EQ_INT(count_with(sk_engine_find("cdcl"), m, givens, first), 1);
            CHECK(memcmp(first, sol, 81) == 0);
            sk_model_free(m);
            /* every added rule is needed */
            for (int i = 0; i < nadded; i++) {
                int k = 0;
                for (int j = 0; j < nadded; j++)
                    if (j != i)
                        both[k++] = rules[j];
                sk_geometry g2 = SK_GEOMETRY_INIT(9);
                g2.nrules = k;
                g2.rules = k ? both : NULL;
                sk_model *m2 = NULL;
                CHECK_EQ_INT(sk_model_new(&g2, &m2, NULL), SK_OK);
                if (m2)
                    CHECK_EQ_INT(count_with(sk_engine_find("cdcl"), m2, givens, NULL), 2);
                sk_model_free(m2);
            }
            /* the same seed, the same rules */
            sk_rule again[300];
            int ints2[4000], n2 = 0;
            uint8_t sol2[81];
            sk_geometry g0 = SK_GEOMETRY_INIT(9);
            CHECK_EQ_INT(sk_add_rules(&g0, givens, kinds, nk, seed, 30, again, 300, ints2, 4000,
                                      &n2, sol2, NULL),
                         SK_OK);
            CHECK_EQ_INT(n2, nadded);
            CHECK(memcmp(sol, sol2, 81) == 0);
            for (int i = 0; i < n2 && i < nadded; i++) {
                CHECK_EQ_INT(again[i].kind, rules[i].kind);
                CHECK_EQ_INT(again[i].ncells, rules[i].ncells);
                CHECK_EQ_INT(again[i].value, rules[i].value);
            }
        }
    /* refusals */
    for (int c = 0; c < 81; c++)
        givens[c] = sparse[c] == '.' ? 0 : (uint8_t)(sparse[c] - '0');
    sk_geometry g = SK_GEOMETRY_INIT(9);
    int bad = SK_RULE_LAST_;
    CHECK_EQ_INT(sk_add_rules(&g, givens, &bad, 1, 1, 0, rules, 300, ints, 4000, &nadded, sol,
                              NULL),
                 SK_EINVAL);
    /* extra regions alone never tell a relabelled solution apart: an
       empty grid cannot be made unique with them */
    uint8_t empty[81] = {0};
    int region = SK_RULE_REGION;
    CHECK_EQ_INT(sk_add_rules(&g, empty, &region, 1, 1, 30, rules, 300, ints, 4000, &nadded,
                              sol, NULL),
                 SK_ERANGE);
    CHECK_EQ_INT(sk_add_rules(&g, givens, lines, 0, 1, 0, rules, 300, ints, 4000, &nadded, sol,
                              NULL),
                 SK_EINVAL);
    uint8_t none[81];
    memcpy(none, givens, 81);
    none[1] = 4; /* a second 4 in row 1: no solution */
    CHECK_EQ_INT(sk_add_rules(&g, none, lines, 5, 1, 0, rules, 300, ints, 4000, &nadded, sol,
                              NULL),
                 SK_ERANGE);
    /* too little room: SK_ERANGE, not an overflow */
    CHECK_EQ_INT(sk_add_rules(&g, givens, lines, 5, 1, 0, rules, 1, ints, 4000, &nadded, sol,
                              NULL),
                 SK_ERANGE);
}

/* givens bounds that no count of whole orbits meets: SK_EINVAL at once */
static void test_orbit_counts(void)
{
    sk_model *m9 = classic(9), *m4 = classic(4);
    if (!m9 || !m4)
        return;
    sk_generator *g9 = NULL, *g4 = NULL;
    CHECK_EQ_INT(sk_generator_new(m9, &g9), SK_OK);
    CHECK_EQ_INT(sk_generator_new(m4, &g4), SK_OK);
    uint8_t p[81];
    sk_generate_result r;
    sk_generate_opts o = SK_GENERATE_OPTS_INIT;
    /* 9x9 rot90: orbits of 4 and the centre, so 4k or 4k+1 givens */
    o.symmetry = SK_SYMMETRY_ROT90;
    o.min_givens = o.max_givens = 30;
    CHECK_EQ_INT(sk_generate(g9, &o, p, NULL, &r), SK_EINVAL);
    o.min_givens = 30, o.max_givens = 31;
    CHECK_EQ_INT(sk_generate(g9, &o, p, NULL, &r), SK_EINVAL);
    o.symmetry = SK_SYMMETRY_FULL;
    o.min_givens = o.max_givens = 30;
    CHECK_EQ_INT(sk_generate(g9, &o, p, NULL, &r), SK_EINVAL);
    /* 29 = 7 orbits of 4 and the centre: allowed, and met */
    o.symmetry = SK_SYMMETRY_ROT90;
    o.min_givens = o.max_givens = 29;
    o.seed = 2;
    o.timeout = 20;
    if (sk_generate(g9, &o, p, NULL, &r) == SK_OK) {
        CHECK_EQ_INT(givens_in(p, 81), 29);
        CHECK(sk_symmetry_holds(9, SK_SYMMETRY_ROT90, p));
    } else {
        CHECK(!"29 givens under rot90");
    }
    /* 4x4 rot180: pairs only, so no odd count */
    sk_generate_opts o4 = SK_GENERATE_OPTS_INIT;
    o4.symmetry = SK_SYMMETRY_ROT180;
    o4.min_givens = o4.max_givens = 5;
    CHECK_EQ_INT(sk_generate(g4, &o4, p, NULL, &r), SK_EINVAL);
    CHECK_EQ_INT(r.tries, 0);
    sk_generator_free(g9);
    sk_generator_free(g4);
    sk_model_free(m9);
    sk_model_free(m4);
}

static void test_limits(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    sk_generator *g = NULL;
    CHECK_EQ_INT(sk_generator_new(m, &g), SK_OK);
    uint8_t p[81], sol[81];
    sk_generate_result r;
    /* five givens cannot make a unique 9x9 puzzle */
    uint8_t five[81];
    memset(five, 0, sizeof five);
    five[0] = five[10] = five[20] = five[40] = five[80] = 1;
    sk_generate_opts o = SK_GENERATE_OPTS_INIT;
    o.pattern = five;
    o.max_tries = 1;
    CHECK_EQ_INT(sk_generate(g, &o, p, sol, &r), SK_ETIME);
    CHECK_EQ_INT(r.tries, 1);
    CHECK_EQ_INT(r.rated, 0);
    o.max_tries = 7;
    CHECK_EQ_INT(sk_generate(g, &o, p, sol, &r), SK_ETIME);
    CHECK_EQ_INT(r.tries, 7);

    /* eight givens, a timeout */
    uint8_t eight[81];
    memset(eight, 0, sizeof eight);
    for (int i = 0; i < 8; i++)
        eight[i * 10] = 1;
    o = (sk_generate_opts)SK_GENERATE_OPTS_INIT;
    o.pattern = eight;
    o.timeout = 0.2;
    double t0 = now_sec();
    CHECK_EQ_INT(sk_generate(g, &o, p, sol, &r), SK_ETIME);
    double dt = now_sec() - t0;
    CHECK(dt >= 0.15);
    CHECK(dt < 3.0);
    CHECK(r.tries >= 1);

    /* an impossible bound with a timeout */
    o = (sk_generate_opts)SK_GENERATE_OPTS_INIT;
    o.max_givens = 12;
    o.timeout = 0.2;
    t0 = now_sec();
    CHECK_EQ_INT(sk_generate(g, &o, p, sol, &r), SK_ETIME);
    CHECK(now_sec() - t0 < 3.0);

    /* cancel set before the call */
    volatile int cancel = 1;
    o = (sk_generate_opts)SK_GENERATE_OPTS_INIT;
    o.cancel = &cancel;
    CHECK_EQ_INT(sk_generate(g, &o, p, sol, &r), SK_ETIME);
    CHECK(r.tries <= 1);
    /* cancel set by another thread during the call */
    int flag = 0;
    o = (sk_generate_opts)SK_GENERATE_OPTS_INIT;
    o.pattern = eight;
    o.cancel = &flag;
    pthread_t th;
    if (pthread_create(&th, NULL, set_later, &flag) == 0) {
        t0 = now_sec();
        CHECK_EQ_INT(sk_generate(g, &o, p, sol, &r), SK_ETIME);
        CHECK(now_sec() - t0 < 5.0);
        pthread_join(th, NULL);
    }
    /* a model that no grid obeys (two cages of 1+2 in one row of 4x4):
     * SK_ERANGE, not an endless search, even without limits */
    int c1[2] = {0, 1}, c2[2] = {2, 3};
    sk_rule two[2] = {SK_RULE_INIT(SK_RULE_CAGE), SK_RULE_INIT(SK_RULE_CAGE)};
    two[0].value = 3, two[0].ncells = 2, two[0].cells = c1;
    two[1].value = 3, two[1].ncells = 2, two[1].cells = c2;
    sk_geometry g4 = SK_GEOMETRY_INIT(4);
    g4.nrules = 2;
    g4.rules = two;
    sk_model *m4 = model_of(&g4);
    if (m4) {
        sk_generator *g4g = NULL;
        uint8_t p4[16];
        memset(p4, 0, sizeof p4);
        CHECK_EQ_INT(count2(m4, p4, NULL), 0); /* the judge agrees: no grid */
        CHECK_EQ_INT(sk_generator_new(m4, &g4g), SK_OK);
        o = (sk_generate_opts)SK_GENERATE_OPTS_INIT;
        t0 = now_sec();
        CHECK_EQ_INT(sk_generate(g4g, &o, p4, NULL, &r), SK_ERANGE);
        CHECK(now_sec() - t0 < 5.0);
        sk_generator_free(g4g);
        sk_model_free(m4);
    }
    /* and the generator still works */
    o = (sk_generate_opts)SK_GENERATE_OPTS_INIT;
    o.seed = 77;
    CHECK_EQ_INT(sk_generate(g, &o, p, sol, &r), SK_OK);
    sound(m, p, sol, &r);
    sk_generator_free(g);
    sk_model_free(m);
}

/* ---- sk_redundant ------------------------------------------------------- */

/* Checks sk_redundant's answer for givens on geometry g (rules included):
 * every given it frees can go alone, every other cannot; every rule it
 * frees can go alone (the model rebuilt without it), every other cannot. */
static void judge_redundant(const sk_geometry *g, const uint8_t *givens, const uint8_t *gf,
                            const uint8_t *rf)
{
    sk_model *m = model_of(g);
    if (!m)
        return;
    int nc = g->n * g->n;
    uint8_t p[MAXC];
    memcpy(p, givens, (size_t)nc);
    for (int c = 0; c < nc; c++) {
        if (!givens[c]) {
            CHECK_EQ_INT(gf[c], 0);
            continue;
        }
        p[c] = 0;
        int k = count2(m, p, NULL);
        p[c] = givens[c];
        if (gf[c] ? k != 1 : k != 2)
            fprintf(stderr, "  r%dc%d: reported %s, %d solutions without it\n", c / g->n + 1,
                    c % g->n + 1, gf[c] ? "free" : "needed", k);
        CHECK_EQ_INT(k, gf[c] ? 1 : 2);
    }
    for (int i = 0; i < g->nrules; i++) {
        sk_rule rules[64];
        sk_geometry h = *g;
        int k = 0;
        for (int j = 0; j < g->nrules; j++)
            if (j != i)
                rules[k++] = g->rules[j];
        h.nrules = k;
        h.rules = k ? rules : NULL;
        sk_model *mh = model_of(&h);
        if (!mh) {
            CHECK(!"model without rule");
            continue;
        }
        int cnt = count2(mh, givens, NULL);
        CHECK_EQ_INT(cnt, rf[i] ? 1 : 2);
        sk_model_free(mh);
    }
    sk_model_free(m);
}

static void test_redundant(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    sk_geometry g9 = SK_GEOMETRY_INIT(9);
    for (int k = 0; k < 4; k++) {
        uint8_t p[81], sol[81], gf[81];
        sk_generate_opts o = SK_GENERATE_OPTS_INIT;
        o.seed = 600 + (uint64_t)k;
        o.minimal = 1;
        if (gen(m, &o, p, sol, NULL) != SK_OK) {
            CHECK(!"generated");
            continue;
        }
        /* minimal: nothing free */
        memset(gf, 0xee, sizeof gf);
        CHECK_EQ_INT(sk_redundant(&g9, p, 0, gf, NULL, NULL), SK_OK);
        for (int c = 0; c < 81; c++)
            CHECK_EQ_INT(gf[c], 0);
        judge_redundant(&g9, p, gf, NULL);
        /* one more given (and then two) from the solution: free, and
         * possibly others with it */
        int added[2] = {-1, -1};
        for (int extra = 0; extra < 2; extra++) {
            for (int c = (k * 17 + extra * 31) % 81;; c = (c + 1) % 81)
                if (!p[c]) {
                    p[c] = sol[c];
                    added[extra] = c;
                    break;
                }
            memset(gf, 0xee, sizeof gf);
            CHECK_EQ_INT(sk_redundant(&g9, p, 0, gf, NULL, NULL), SK_OK);
            if (extra == 0)
                CHECK_EQ_INT(gf[added[0]], 1);
            judge_redundant(&g9, p, gf, NULL);
            int nfree = 0;
            for (int c = 0; c < 81; c++)
                nfree += gf[c];
            CHECK(nfree >= 1);
        }
    }
    /* a puzzle with several solutions, or none: SK_ERANGE, nothing written */
    uint8_t empty[81], gf[81];
    memset(empty, 0, sizeof empty);
    memset(gf, 0xee, sizeof gf);
    CHECK_EQ_INT(sk_redundant(&g9, empty, 0, gf, NULL, NULL), SK_ERANGE);
    CHECK_EQ_INT(gf[0], 0xee);
    CHECK_EQ_INT(gf[80], 0xee);
    uint8_t clash[81];
    memset(clash, 0, sizeof clash);
    clash[0] = clash[1] = 5;
    CHECK_EQ_INT(sk_redundant(&g9, clash, 0, gf, NULL, NULL), SK_ERANGE);
    CHECK_EQ_INT(gf[0], 0xee);
    /* examples/puzzles/none.txt: no clash, no solution */
    const char *none =
        "...1.9.5.2........6.9....3...2..4.........57...7....123.6.2....5..4.3..1....87..4";
    uint8_t pn[81];
    for (int i = 0; i < 81; i++)
        pn[i] = none[i] == '.' ? 0 : (uint8_t)(none[i] - '0');
    CHECK_EQ_INT(count2(m, pn, NULL), 0);
    CHECK_EQ_INT(sk_redundant(&g9, pn, 0, gf, NULL, NULL), SK_ERANGE);
    /* bad arguments */
    CHECK_EQ_INT(sk_redundant(NULL, empty, 0, gf, NULL, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_redundant(&g9, NULL, 0, gf, NULL, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_redundant(&g9, empty, 0, NULL, NULL, NULL), SK_EINVAL);
    uint8_t big[81];
    memset(big, 0, sizeof big);
    big[3] = 10;
    CHECK_EQ_INT(sk_redundant(&g9, big, 0, gf, NULL, NULL), SK_EINVAL);
    sk_model_free(m);
}

/* The killer6 puzzle: no givens, 17 cages; which cages could go. */
static void test_redundant_rules(void)
{
    ruleset rs;
    sk_geometry g = killer6_geom(&rs, NULL);
    uint8_t givens[36], gf[36], rf[32];
    memset(givens, 0, sizeof givens);
    memset(rf, 0xee, sizeof rf);
    CHECK_EQ_INT(sk_redundant(&g, givens, 0, gf, rf, NULL), SK_OK);
    judge_redundant(&g, givens, gf, rf);
    int nfree = 0;
    for (int i = 0; i < NKILLER6; i++) {
        CHECK(rf[i] <= 1);
        nfree += rf[i];
    }
    CHECK(nfree >= 1);
    CHECK_EQ_INT(rf[NKILLER6], 0xee); /* nothing past the rules */
    /* rule_free NULL with rules: refused */
    CHECK_EQ_INT(sk_redundant(&g, givens, 0, gf, NULL, NULL), SK_EINVAL);

    /* with givens from its solution: two givens and the rules together */
    sk_model *m = model_of(&g);
    uint8_t sol[36];
    if (m && count2(m, givens, sol) == 1) {
        givens[0] = sol[0];
        givens[20] = sol[20];
        memset(rf, 0xee, sizeof rf);
        CHECK_EQ_INT(sk_redundant(&g, givens, 0, gf, rf, NULL), SK_OK);
        CHECK_EQ_INT(gf[0], 1); /* no givens were needed at all */
        CHECK_EQ_INT(gf[20], 1);
        judge_redundant(&g, givens, gf, rf);
    } else {
        CHECK(!"killer6 unique");
    }
    sk_model_free(m);

    /* a killer with a cage that makes it non-unique once dropped: keep
     * only three cages, not unique -> SK_ERANGE */
    uint8_t keep[NKILLER6];
    memset(keep, 0, sizeof keep);
    keep[0] = keep[1] = keep[2] = 1;
    ruleset rs3;
    sk_geometry g3 = killer6_geom(&rs3, keep);
    memset(givens, 0, sizeof givens);
    CHECK_EQ_INT(sk_redundant(&g3, givens, 0, gf, rf, NULL), SK_ERANGE);
}

/* ---- sk_minimize -------------------------------------------------------- */

/* out is a minimal subset of givens with the same unique solution sol
 * under the geometry g with rules (keep: rules kept; NULL all). */
static void judge_minimized(const sk_geometry *g, const uint8_t *givens, const uint8_t *out,
                            const uint8_t *sol, const uint8_t *kept, int rules_minimal)
{
    int nc = g->n * g->n;
    sk_rule rules[64];
    sk_geometry h = *g;
    int k = 0;
    for (int i = 0; i < g->nrules; i++)
        if (!kept || kept[i])
            rules[k++] = g->rules[i];
    h.nrules = k;
    h.rules = k ? rules : NULL;
    for (int c = 0; c < nc; c++)
        if (out[c])
            CHECK_EQ_INT(out[c], givens[c]);
    sk_model *m = model_of(&h);
    if (!m) {
        CHECK(!"model of the rules kept");
        return;
    }
    uint8_t first[MAXC];
    CHECK_EQ_INT(count2(m, out, first), 1);
    CHECK(memcmp(first, sol, (size_t)nc) == 0);
    CHECK(sk_verify(m, out, sol));
    sk_model_free(m);
    uint8_t gf[MAXC], rf[64];
    CHECK_EQ_INT(sk_redundant(&h, out, 0, gf, rf, NULL), SK_OK);
    judge_redundant(&h, out, gf, rf); /* and so every given, rule needed */
    for (int c = 0; c < nc; c++)
        CHECK_EQ_INT(gf[c], 0);
    for (int i = 0; rules_minimal && i < h.nrules; i++)
        CHECK_EQ_INT(rf[i], 0);
}

static void test_minimize(void)
{
    sk_model *m = classic(9);
    if (!m)
        return;
    sk_geometry g9 = SK_GEOMETRY_INIT(9);
    uint8_t p[81], sol[81], out[81], out2[81], out3[81];
    sk_generate_opts o = SK_GENERATE_OPTS_INIT;
    o.seed = 808;
    CHECK_EQ_INT(gen(m, &o, p, sol, NULL), SK_OK);
    /* from the whole solution grid */
    CHECK_EQ_INT(sk_minimize(&g9, sol, 0, 0, 0, out, NULL, NULL), SK_OK);
    judge_minimized(&g9, sol, out, sol, NULL, 1);
    CHECK_EQ_INT(sk_minimize(&g9, sol, 0, 0, 0, out2, NULL, NULL), SK_OK);
    CHECK(memcmp(out, out2, 81) == 0); /* seed 0: reading order, the same */
    CHECK_EQ_INT(sk_minimize(&g9, sol, 3, 0, 0, out2, NULL, NULL), SK_OK);
    judge_minimized(&g9, sol, out2, sol, NULL, 1);
    CHECK_EQ_INT(sk_minimize(&g9, sol, 3, 0, 0, out3, NULL, NULL), SK_OK);
    CHECK(memcmp(out2, out3, 81) == 0); /* seed 3: the same again */
    int differ = 0;
    for (uint64_t s = 4; s < 8; s++) {
        CHECK_EQ_INT(sk_minimize(&g9, sol, s, 0, 0, out3, NULL, NULL), SK_OK);
        judge_minimized(&g9, sol, out3, sol, NULL, 1);
        differ += memcmp(out2, out3, 81) != 0;
    }
    CHECK(differ >= 1);
    /* a minimal puzzle stays as it is */
    CHECK_EQ_INT(sk_minimize(&g9, p, 0, 0, 0, out, NULL, NULL), SK_OK);
    CHECK(memcmp(out, p, 81) == 0);
    /* a puzzle with a few givens more */
    uint8_t q[81];
    memcpy(q, p, 81);
    for (int c = 0, added = 0; c < 81 && added < 6; c += 7)
        if (!q[c])
            q[c] = sol[c], added++;
    CHECK_EQ_INT(sk_minimize(&g9, q, 0, 0, 0, out, NULL, NULL), SK_OK);
    judge_minimized(&g9, q, out, sol, NULL, 1);
    CHECK_EQ_INT(sk_minimize(&g9, q, 11, 0, 0, out, NULL, NULL), SK_OK);
    judge_minimized(&g9, q, out, sol, NULL, 1);
    /* several solutions, none: SK_ERANGE, nothing written */
    uint8_t empty[81];
    memset(empty, 0, sizeof empty);
    memset(out, 0xee, sizeof out);
    CHECK_EQ_INT(sk_minimize(&g9, empty, 0, 0, 0, out, NULL, NULL), SK_ERANGE);
    CHECK_EQ_INT(out[0], 0xee);
    memcpy(q, p, 81);
    for (int c = 0; c < 81; c++)
        if (q[c]) {
            q[c] = 0; /* a given away from a minimal puzzle: several */
            break;
        }
    CHECK_EQ_INT(sk_minimize(&g9, q, 0, 0, 0, out, NULL, NULL), SK_ERANGE);
    CHECK_EQ_INT(sk_minimize(&g9, p, 0, 0, 0, NULL, NULL, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_minimize(NULL, p, 0, 0, 0, out, NULL, NULL), SK_EINVAL);

    /* 6x6 and 16x16 geometries too (geometry with boxes 2x3) */
    sk_geometry g6 = SK_GEOMETRY_INIT(6);
    g6.box_rows = 2, g6.box_cols = 3;
    sk_model *m6 = model_of(&g6);
    if (m6) {
        uint8_t p6[36], s6[36], o6[36];
        sk_generate_opts o6o = SK_GENERATE_OPTS_INIT;
        o6o.seed = 5;
        CHECK_EQ_INT(gen(m6, &o6o, p6, s6, NULL), SK_OK);
        CHECK_EQ_INT(sk_minimize(&g6, s6, 9, 0, 0, o6, NULL, NULL), SK_OK);
        judge_minimized(&g6, s6, o6, s6, NULL, 1);
        sk_model_free(m6);
    }
    sk_model_free(m);
}

static void test_minimize_rules(void)
{
    ruleset rs;
    sk_geometry g = killer6_geom(&rs, NULL);
    sk_model *m = model_of(&g);
    uint8_t sol[36], givens[36], out[36], kept[32], out2[36], kept2[32];
    memset(givens, 0, sizeof givens);
    if (!m || count2(m, givens, sol) != 1) {
        CHECK(!"killer6 unique");
        sk_model_free(m);
        return;
    }
    /* rules go (the givens are none already) */
    CHECK_EQ_INT(sk_minimize(&g, givens, 0, 0, 0, out, kept, NULL), SK_OK);
    int nkept = 0;
    for (int i = 0; i < NKILLER6; i++)
        nkept += kept[i];
    CHECK(nkept < NKILLER6);
    judge_minimized(&g, givens, out, sol, kept, 1);
    CHECK_EQ_INT(sk_minimize(&g, givens, 0, 0, 0, out2, kept2, NULL), SK_OK);
    CHECK(memcmp(kept, kept2, NKILLER6) == 0);
    /* a seed */
    CHECK_EQ_INT(sk_minimize(&g, givens, 5, 0, 0, out, kept, NULL), SK_OK);
    judge_minimized(&g, givens, out, sol, kept, 1);
    CHECK_EQ_INT(sk_minimize(&g, givens, 5, 0, 0, out2, kept2, NULL), SK_OK);
    CHECK(memcmp(kept, kept2, NKILLER6) == 0);
    /* keep_rules: all kept, and no given to drop */
    CHECK_EQ_INT(sk_minimize(&g, givens, 0, 1, 0, out, kept, NULL), SK_OK);
    for (int i = 0; i < NKILLER6; i++)
        CHECK_EQ_INT(kept[i], 1);
    CHECK_EQ_INT(givens_in(out, 36), 0);
    /* with givens from the solution (all of them): givens go first, then
     * rules; keep_rules keeps all cages and leaves no given */
    memcpy(givens, sol, 36);
    CHECK_EQ_INT(sk_minimize(&g, givens, 0, 1, 0, out, kept, NULL), SK_OK);
    for (int i = 0; i < NKILLER6; i++)
        CHECK_EQ_INT(kept[i], 1);
    CHECK_EQ_INT(givens_in(out, 36), 0);
    judge_minimized(&g, givens, out, sol, kept, 0);
    CHECK_EQ_INT(sk_minimize(&g, givens, 2, 0, 0, out, kept, NULL), SK_OK);
    judge_minimized(&g, givens, out, sol, kept, 1);
    /* rule_kept NULL with rules: refused */
    CHECK_EQ_INT(sk_minimize(&g, givens, 0, 0, 0, out, NULL, NULL), SK_EINVAL);
    sk_model_free(m);

    /* anti-knight 9x9: a generated puzzle plus the solution's givens */
    sk_rule ak = SK_RULE_INIT(SK_RULE_ANTI_KNIGHT);
    sk_geometry ga = SK_GEOMETRY_INIT(9);
    ga.nrules = 1;
    ga.rules = &ak;
    sk_model *ma = model_of(&ga);
    if (ma) {
        uint8_t p[81], s[81], o9[81], k9[1];
        sk_generate_opts o = SK_GENERATE_OPTS_INIT;
        o.seed = 12;
        CHECK_EQ_INT(gen(ma, &o, p, s, NULL), SK_OK);
        for (int c = 0; c < 81; c += 5)
            p[c] = s[c];
        CHECK_EQ_INT(sk_minimize(&ga, p, 0, 0, 0, o9, k9, NULL), SK_OK);
        judge_minimized(&ga, p, o9, s, k9, 1);
        CHECK_EQ_INT(sk_minimize(&ga, p, 0, 1, 0, o9, k9, NULL), SK_OK);
        CHECK_EQ_INT(k9[0], 1);
        judge_minimized(&ga, p, o9, s, k9, 0);
        sk_model_free(ma);
    }
}

/* RUN, and with SK_TEST_TIMES set the seconds each test took. */
#define TIMED(fn)                                                          \
    do {                                                                   \
        double timed_t0_ = now_sec();                                      \
        RUN(fn);                                                           \
        if (getenv("SK_TEST_TIMES"))                                       \
            fprintf(stderr, "  %s: %.2f s\n", #fn, now_sec() - timed_t0_); \
    } while (0)

int main(void)
{
    double t0 = now_sec();
    TIMED(test_symmetry_names);
    TIMED(test_symmetry_holds);
    TIMED(test_classic);
    TIMED(test_symmetries);
    TIMED(test_orbits_needed);
    TIMED(test_givens_bounds);
    TIMED(test_pattern);
    TIMED(test_rating);
    TIMED(test_needs);
    TIMED(test_no_guess);
    TIMED(test_determinism);
    TIMED(test_small_grids);
    TIMED(test_16x16);
    TIMED(test_jigsaw_and_x);
    TIMED(test_rules);
    TIMED(test_bad_options);
    TIMED(test_random_regions);
    TIMED(test_random_cages);
    TIMED(test_add_rules);
    TIMED(test_orbit_counts);
    TIMED(test_limits);
    TIMED(test_redundant);
    TIMED(test_redundant_rules);
    TIMED(test_minimize);
    TIMED(test_minimize_rules);
    for (int i = 0; i < 16; i++)
        sk_solver_free(solvers[i]);
    if (getenv("SK_TEST_TIMES"))
        fprintf(stderr, "test_generate: %.2f s\n", now_sec() - t0);
    return check_summary();
}
