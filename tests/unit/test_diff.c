/*
 * test_diff.c - differential tests: every engine of the registry answers
 * the same random puzzles, and all must agree.
 *
 * For every geometry the library supports (rectangular boxes 4x4 to
 * 16x16, X and Hyper 9x9, random jigsaws 5x5 to 9x9, Latin squares, extra
 * groups smaller than N), random full grids are made by the dancing-links
 * engine itself (a few random givens that do not clash, first solution,
 * digits relabelled), and each grid gives puzzles of every kind:
 *
 *   many      most givens removed: many solutions (counted up to a cap)
 *   unique    givens removed one by one while the puzzle stays unique
 *   few       a few givens removed: unique or nearly
 *   wrong     the unique puzzle plus one given that disagrees with its
 *             solution but clashes with no given: no solution, found
 *             only by searching
 *   changed   one given of the unique puzzle changed (no clash): usually
 *             no solution, sometimes some
 *   clash     a given equal to one of its peers': no solution
 *
 * A puzzle that plain Algorithm X cannot count within a node budget gets
 * some of its solution's digits back first (see tame()).  Every engine
 * that accepts the model is asked every question (first solution,
 * uniqueness, count up to a cap with every solution collected) and must
 * give the same verdict, the same count and the same set of solutions as
 * the first engine of the registry; every solution must pass sk_verify,
 * and the statistics must be sane (nodes >= 1, guesses <= nodes).  Up to
 * 9x9 the independent backtracking counter of tests/unit/oracle.h checks
 * the count as well.  25x25 and 64x64 grids (shuffled textbook grids) and
 * 1x1 get one puzzle each.  Then the limits: a node limit, a timeout, a
 * callback that stops, a cancel flag and a solution limit must stop each
 * engine with the right sk_end.
 *
 * Seeded, so a failure can be replayed: SK_DIFF_SEED=S sets the seed and
 * SK_DIFF_ROUNDS=K multiplies the number of grids per geometry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "sudokit.h"
#include "oracle.h"

/* Guard against an engine that never ends; no puzzle here needs it. */
#define GUARD_SECONDS 30.0

static uint64_t base_seed = 20240611;
static int rounds_factor = 1;
static int dlx = -1;       /* the dancing-links engine */
static int grid_engine = -1; /* the engine that makes the full grids */
static long puzzles_compared, searches_run;
static long verdicts[3], oracle_checked, tamed; /* puzzles with no, one, several solutions */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const char *engine_name(int e)
{
    const sk_engine_info *info = sk_engine_info_at(e);
    return info ? info->name : "?";
}

/* ---- geometries ---------------------------------------------------------- */

typedef struct gcase {
    char name[48];
    sk_geometry g;
    uint8_t regions[81];
    int sizes[4];
    int cells[4 * 9];
    long long cap;  /* solutions counted and compared up to this many */
    int grids;      /* full grids per round */
} gcase;

/* Grows n regions of n cells from random seeds.  Each step takes the
 * region that is not full and has the fewest free neighbours (ties at
 * random) and gives it one of them at random; a region left with none
 * means a restart.  Returns 1 on success. */
static int grow_regions(uint64_t *seed, int n, uint8_t *reg)
{
    int nc = n * n;
    for (int attempt = 0; attempt < 5000; attempt++) {
        int size[9] = {0}, perm[81], placed = 0, stuck = 0;
        memset(reg, 0xff, (size_t)nc);
        or_shuffle(seed, perm, nc);
        for (int k = 0; k < n; k++) {
            reg[perm[k]] = (uint8_t)k;
            size[k] = 1;
            placed++;
        }
        while (placed < nc && !stuck) {
            int best = -1, best_count = 1000, ties = 0;
            int cand[9][81], ncand[9] = {0};
            for (int i = 0; i < nc; i++) {
                if (reg[i] != 0xff)
                    continue;
                int r = i / n, c = i % n, nb[4], nnb = 0;
                if (r > 0) nb[nnb++] = i - n;
                if (r < n - 1) nb[nnb++] = i + n;
                if (c > 0) nb[nnb++] = i - 1;
                if (c < n - 1) nb[nnb++] = i + 1;
                uint32_t added = 0;
                for (int j = 0; j < nnb; j++) {
                    int k = reg[nb[j]];
                    if (k != 0xff && size[k] < n && !(added >> k & 1)) {
                        added |= 1u << k;
                        cand[k][ncand[k]++] = i;
                    }
                }
            }
            for (int k = 0; k < n; k++) {
                if (size[k] >= n)
                    continue;
                if (ncand[k] < best_count) {
                    best = k;
                    best_count = ncand[k];
                    ties = 1;
                } else if (ncand[k] == best_count && or_below(seed, ++ties) == 0) {
                    best = k;
                }
            }
            if (best_count == 0) {
                stuck = 1;
                break;
            }
            reg[cand[best][or_below(seed, ncand[best])]] = (uint8_t)best;
            size[best]++;
            placed++;
        }
        if (!stuck)
            return 1;
    }
    return 0;
}

enum { G_BOX, G_X, G_HYPER, G_JIGSAW, G_LATIN, G_GROUPS, G_LATIN_GROUPS };

/* Fills c with geometry `kind` of side n (box br x bc where it applies);
 * random parts (jigsaw regions, groups) come from seed. */
static int make_case(gcase *c, int kind, int n, int br, int bc, uint64_t *seed)
{
    memset(c, 0, sizeof *c);
    sk_geometry g = SK_GEOMETRY_INIT(n);
    g.box_rows = br;
    g.box_cols = bc;
    switch (kind) {
    case G_BOX:
        snprintf(c->name, sizeof c->name, "%dx%d boxes %dx%d", n, n, br, bc);
        break;
    case G_X:
        g.extras = SK_EXTRA_DIAGONALS;
        snprintf(c->name, sizeof c->name, "X %dx%d", n, n);
        break;
    case G_HYPER:
        g.extras = SK_EXTRA_HYPER;
        snprintf(c->name, sizeof c->name, "Hyper %dx%d", n, n);
        break;
    case G_JIGSAW:
        if (!grow_regions(seed, n, c->regions))
            return 0;
        g.regions = c->regions;
        snprintf(c->name, sizeof c->name, "jigsaw %dx%d", n, n);
        break;
    case G_LATIN:
    case G_LATIN_GROUPS:
        g.box_rows = SK_BOX_NONE;
        snprintf(c->name, sizeof c->name, "Latin %dx%d%s", n, n,
                 kind == G_LATIN_GROUPS ? " + groups" : "");
        break;
    case G_GROUPS:
        snprintf(c->name, sizeof c->name, "%dx%d + groups", n, n);
        break;
    }
    if (kind == G_GROUPS || kind == G_LATIN_GROUPS) {
        /* 1-3 groups of 2 .. n-1 random cells: "at most once" houses */
        int ng = 1 + or_below(seed, 3), used = 0, perm[81];
        for (int k = 0; k < ng; k++) {
            c->sizes[k] = 2 + or_below(seed, n - 2);
            or_shuffle(seed, perm, n * n);
            for (int j = 0; j < c->sizes[k]; j++)
                c->cells[used++] = perm[j];
        }
        g.ngroups = ng;
        g.group_sizes = c->sizes;
        g.group_cells = c->cells;
    }
    c->g = g;
    c->cap = n <= 6 ? 2000 : n <= 9 ? 600 : n <= 12 ? 60 : 30;
    c->grids = n <= 9 ? 10 : 4;
    return 1;
}

/* ---- searching ------------------------------------------------------------ */

typedef struct collect {
    int ncells;
    long long count, cap;
    uint8_t *buf;
} collect;

static int on_solution(void *user, const uint8_t *sol)
{
    collect *c = user;
    if (c->count < c->cap)
        memcpy(c->buf + (size_t)c->count * (size_t)c->ncells, sol, (size_t)c->ncells);
    c->count++;
    return 0;
}

/* One search of engine e with the guard timeout. */
static int search(sk_solver *s, const sk_model *m, const uint8_t *givens, sk_search_opts *o,
                  uint8_t *first, sk_result *r)
{
    if (o->timeout == 0)
        o->timeout = GUARD_SECONDS;
    searches_run++;
    return sk_solver_run(s, m, givens, o, first, r);
}

/* Everything an engine said about one puzzle. */
typedef struct answer {
    int ok;              /* the searches ran and ended as they should */
    sk_verdict verdict;  /* of the uniqueness question */
    long long count;     /* of the capped count (cap + 1 = more than cap) */
    uint8_t *sols;       /* the solutions of the count, sorted (count <= cap) */
    uint64_t nodes;      /* of the count */
} answer;

/* Asks engine e every question about givens; checks what can be checked
 * without the other engines. */
static void ask(int e, const sk_model *m, const uint8_t *givens, long long cap, answer *a,
                const char *what)
{
    const int nc = sk_model_n(m) * sk_model_n(m);
    uint8_t *first = malloc((size_t)nc);
    sk_solver *s = NULL;
    sk_result r;
    a->ok = 0;
    a->count = -1;
    if (sk_solver_new(e, &s) != SK_OK || !first) {
        CHECK(!"solver");
        free(first);
        return;
    }
    int bad = 0;
    /* EXPECT(cond): one inconsistency, named on stderr */
#define EXPECT(cond)                                                                  \
    do {                                                                              \
        if (!(cond)) {                                                                \
            bad++;                                                                    \
            fprintf(stderr, "  %s, engine %s: not so: %s\n", what, engine_name(e), #cond); \
        }                                                                             \
    } while (0)

    /* uniqueness */
    sk_search_opts o = SK_SEARCH_OPTS_INIT;
    memset(first, 0, (size_t)nc);
    CHECK_EQ_INT(search(s, m, givens, &o, first, &r), SK_OK);
    a->verdict = sk_result_verdict(&r);
    EXPECT(r.end == SK_END_EXHAUSTED || r.end == SK_END_SOLUTIONS);
    EXPECT(r.nodes >= 1 && r.guesses <= r.nodes);
    if (r.solutions >= 1)
        EXPECT(sk_verify(m, givens, first));

    /* first solution */
    sk_search_opts o1 = SK_SEARCH_OPTS_INIT;
    o1.max_solutions = 1;
    memset(first, 0, (size_t)nc);
    CHECK_EQ_INT(search(s, m, givens, &o1, first, &r), SK_OK);
    EXPECT(r.solutions == (a->verdict == SK_VERDICT_NONE ? 0u : 1u));
    EXPECT(r.end == (r.solutions ? SK_END_SOLUTIONS : SK_END_EXHAUSTED));
    if (r.solutions)
        EXPECT(sk_verify(m, givens, first));

    /* count up to cap + 1, every solution collected (enumeration) */
    collect c = {nc, 0, cap + 1, malloc((size_t)(cap + 1) * (size_t)nc)};
    sk_search_opts oc = SK_SEARCH_OPTS_INIT;
    oc.max_solutions = (uint64_t)cap + 1;
    oc.on_solution = on_solution;
    oc.user = &c;
    memset(first, 0, (size_t)nc);
    CHECK_EQ_INT(search(s, m, givens, &oc, first, &r), SK_OK);
    EXPECT((long long)r.solutions == c.count);
    EXPECT(r.end == (c.count > cap ? SK_END_SOLUTIONS : SK_END_EXHAUSTED));
    EXPECT(r.nodes >= 1 && r.guesses <= r.nodes);
    if (c.count > 0)
        EXPECT(memcmp(first, c.buf, (size_t)nc) == 0); /* first = first reported */
    long long kept = c.count < cap + 1 ? c.count : cap + 1, invalid = 0;
    for (long long i = 0; i < kept; i++)
        invalid += !sk_verify(m, givens, c.buf + i * nc);
    EXPECT(invalid == 0);
    /* the uniqueness verdict agrees with the count */
    sk_verdict v = c.count == 0 ? SK_VERDICT_NONE
                 : c.count == 1 ? SK_VERDICT_UNIQUE : SK_VERDICT_MULTIPLE;
    EXPECT(v == a->verdict);
    if (c.count <= cap) {
        long long repeats = 0;
        or_sort_grids(c.buf, c.count, (size_t)nc);
        for (long long i = 1; i < c.count; i++)
            repeats += memcmp(c.buf + (i - 1) * nc, c.buf + i * nc, (size_t)nc) == 0;
        EXPECT(repeats == 0);
    }
#undef EXPECT
    a->count = c.count;
    a->sols = c.buf;
    a->nodes = r.nodes;
    CHECK_EQ_INT(bad, 0);
    a->ok = bad == 0;
    sk_solver_free(s);
    free(first);
}

/* Every engine on one puzzle, compared with the first one that accepts
 * the model and (up to 9x9) with the oracle's count.  The oracle has no
 * limits; it branches like the dancing-links engine (the tightest cell or
 * house digit), so it is only asked when that engine needed few nodes. */
static void compare_engines(const gcase *gc, const sk_model *m, const uint8_t *givens,
                            const char *kind)
{
    const int n = gc->g.n, nc = n * n;
    char what[160];
    snprintf(what, sizeof what, "%s, %s puzzle (seed %llu)", gc->name, kind,
             (unsigned long long)base_seed);
    answer ref = {0, SK_VERDICT_UNKNOWN, -1, NULL, 0};
    int have_ref = 0, ref_engine = -1, oracle_ok = n <= 9 && dlx >= 0 && sk_engine_accepts(dlx, m);
    for (int e = 0; e < sk_engine_count(); e++) {
        if (!sk_engine_accepts(e, m))
            continue;
        answer a = {0, SK_VERDICT_UNKNOWN, -1, NULL, 0};
        ask(e, m, givens, gc->cap, &a, what);
        if (e == dlx && a.nodes > 20000)
            oracle_ok = 0;
        if (e == dlx && oracle_ok) {
            oracle o;
            or_geom og = or_from_sk(&gc->g);
            long long k = -2;
            if (or_init(&o, &og) == 0)
                k = or_count(&o, givens, gc->cap + 1, NULL, 0);
            or_free(&o);
            if (a.count != k)
                fprintf(stderr, "  %s, engine %s: %lld solutions, the oracle counts %lld\n",
                        what, engine_name(e), a.count, k);
            CHECK(a.count == k);
            oracle_checked++;
        }
        if (!have_ref) {
            ref = a;
            have_ref = 1;
            ref_engine = e;
            continue;
        }
        int same = a.verdict == ref.verdict && a.count == ref.count;
        if (same && a.count <= gc->cap)
            same = memcmp(a.sols, ref.sols, (size_t)(a.count * nc)) == 0;
        if (!same)
            fprintf(stderr,
                    "  %s: engine %s says %s, %lld solutions; engine %s says %s, %lld%s\n",
                    what, engine_name(e), sk_verdict_name(a.verdict), a.count,
                    engine_name(ref_engine), sk_verdict_name(ref.verdict), ref.count,
                    a.count == ref.count ? " (different sets)" : "");
        CHECK(same);
        free(a.sols);
    }
    CHECK(have_ref);
    if (have_ref)
        verdicts[ref.count == 0 ? 0 : ref.count == 1 ? 1 : 2]++;
    free(ref.sols);
    puzzles_compared++;
}

/* ---- puzzles -------------------------------------------------------------- */

/* A full grid of m from the dancing-links engine: a few random givens
 * that do not clash, the first solution, digits relabelled.  0 when none
 * turned up (a jigsaw or a set of groups may allow no grid at all). */
static int random_grid(const gcase *gc, const sk_model *m, uint64_t *seed, uint8_t *sol)
{
    const int n = gc->g.n, nc = n * n;
    uint8_t *givens = calloc((size_t)nc, 1);
    oracle o;
    or_geom og = or_from_sk(&gc->g);
    int ok = 0;
    if (!givens || or_init(&o, &og) != 0) {
        free(givens);
        return 0;
    }
    sk_solver *s = NULL;
    if (sk_solver_new(grid_engine, &s) != SK_OK) {
        free(givens);
        or_free(&o);
        return 0;
    }
    for (int attempt = 0; attempt < 12 && !ok; attempt++) {
        memset(givens, 0, (size_t)nc);
        int want = attempt < 8 ? n : 0;
        for (int t = 0; t < want * 3; t++) {
            int cell = or_below(seed, nc);
            if (givens[cell])
                continue;
            givens[cell] = (uint8_t)(1 + or_below(seed, n));
            if (or_repeats(&o, givens))
                givens[cell] = 0;
        }
        sk_search_opts opt = SK_SEARCH_OPTS_INIT;
        sk_result r;
        opt.max_solutions = 1;
        opt.max_nodes = 200000;
        if (search(s, m, givens, &opt, sol, &r) == SK_OK && r.solutions == 1)
            ok = sk_verify(m, givens, sol);
        if (r.end == SK_END_EXHAUSTED && attempt >= 8)
            break; /* the empty grid has no solution */
    }
    if (ok) {
        or_permute_digits(seed, sol, n);
        ok = sk_verify(m, NULL, sol) && or_valid(&o, NULL, sol);
    }
    sk_solver_free(s);
    or_free(&o);
    free(givens);
    return ok;
}

/* Solutions of p, up to 2 (the general engine by default); -1 when unknown. */
static long long count2(sk_solver *s, const sk_model *m, const uint8_t *p)
{
    sk_search_opts o = SK_SEARCH_OPTS_INIT;
    sk_result r;
    o.max_nodes = 200000;
    if (search(s, m, p, &o, NULL, &r) != SK_OK)
        return -1;
    if (r.solutions >= 2 || r.end == SK_END_EXHAUSTED)
        return (long long)r.solutions;
    return -1;
}

/* The cell indices that share a house with cell. */
static int peers_of(const sk_model *m, int cell, int *out)
{
    int nh = sk_model_house_count(m), k = 0;
    for (int h = 0; h < nh; h++) {
        const uint16_t *cells;
        int size = sk_model_house(m, h, &cells), in = 0;
        for (int j = 0; j < size; j++)
            in |= cells[j] == cell;
        if (!in)
            continue;
        for (int j = 0; j < size; j++)
            if (cells[j] != cell)
                out[k++] = cells[j];
    }
    return k;
}

/* Digits (as bits 1..n) among the givens of cell's peers. */
static uint64_t peer_digits(const sk_model *m, const uint8_t *p, int cell, int *peers)
{
    uint64_t seen = 0;
    int k = peers_of(m, cell, peers);
    for (int j = 0; j < k; j++)
        if (p[peers[j]])
            seen |= 1ull << p[peers[j]];
    return seen;
}

/*
 * Plain Algorithm X has no inference beyond singles, and a random puzzle
 * with few givens (more so with extra groups) can send it into millions
 * of nodes.  Such puzzles test patience, not answers: while the
 * dancing-links engine cannot count p up to the cap within a node budget,
 * a random tenth of the empty cells (never `keep`) get their digit from
 * sol.  Returns how many rounds that took.
 */
static int tame(const gcase *gc, const sk_model *m, uint8_t *p, const uint8_t *sol, int keep,
                uint64_t *seed)
{
    const int nc = gc->g.n * gc->g.n;
    sk_solver *s = NULL;
    int rounds = 0;
    if (dlx < 0 || !sk_engine_accepts(dlx, m) || sk_solver_new(dlx, &s) != SK_OK)
        return 0;
    for (; rounds < 30; rounds++) {
        sk_search_opts o = SK_SEARCH_OPTS_INIT;
        sk_result r;
        o.max_solutions = (uint64_t)gc->cap + 1;
        o.max_nodes = 100000;
        if (search(s, m, p, &o, NULL, &r) != SK_OK || r.end != SK_END_NODES)
            break;
        for (int i = 0; i < nc; i++)
            if (!p[i] && i != keep && or_below(seed, 10) == 0)
                p[i] = sol[i];
    }
    if (rounds)
        tamed++;
    sk_solver_free(s);
    return rounds;
}

/* One full grid: every kind of puzzle, every engine. */
static void one_grid(const gcase *gc, const sk_model *m, uint64_t *seed, const uint8_t *sol)
{
    const int n = gc->g.n, nc = n * n;
    uint8_t *p = malloc((size_t)nc), *u = malloc((size_t)nc);
    int *order = malloc(sizeof(int) * (size_t)nc), *peers = malloc(sizeof(int) * (size_t)nc * 8);
    sk_solver *gen = NULL;
    if (!p || !u || !order || !peers || sk_solver_new(-1, &gen) != SK_OK)
        goto out;

    /* many: a small share of the givens kept */
    int keep = n <= 9 ? 22 + or_below(seed, 14) : 45 + or_below(seed, 10);
    for (int i = 0; i < nc; i++)
        p[i] = or_below(seed, 100) < keep ? sol[i] : 0;
    tame(gc, m, p, sol, -1, seed);
    compare_engines(gc, m, p, "many");

    /* few: most givens kept */
    for (int i = 0; i < nc; i++)
        p[i] = or_below(seed, 100) < 75 ? sol[i] : 0;
    tame(gc, m, p, sol, -1, seed);
    compare_engines(gc, m, p, "few");

    /* unique: remove givens one by one while the puzzle stays unique (from
     * 12x12 up only about half of them, so that every engine stays fast) */
    memcpy(u, sol, (size_t)nc);
    or_shuffle(seed, order, nc);
    int limit = n <= 9 ? nc : nc / 2, removed = 0;
    for (int k = 0; k < nc && removed < limit; k++) {
        int cell = order[k], d = u[cell];
        u[cell] = 0;
        if (count2(gen, m, u) == 1)
            removed++;
        else
            u[cell] = (uint8_t)d;
    }
    tame(gc, m, u, sol, -1, seed);
    compare_engines(gc, m, u, "unique");

    /* wrong: the unique puzzle plus one given against its solution */
    or_shuffle(seed, order, nc);
    for (int k = 0; k < nc; k++) {
        int cell = order[k];
        if (u[cell])
            continue;
        uint64_t bad = peer_digits(m, u, cell, peers) | 1ull << sol[cell] | 1;
        int d = 1 + or_below(seed, n), t;
        for (t = 0; t < n && (bad >> d & 1); t++)
            d = d % n + 1;
        if (t == n)
            continue;
        memcpy(p, u, (size_t)nc);
        p[cell] = (uint8_t)d;
        tame(gc, m, p, sol, cell, seed);
        compare_engines(gc, m, p, "wrong");
        break;
    }

    /* changed: one given of the unique puzzle changed, without a clash */
    for (int k = 0; k < nc; k++) {
        int cell = order[k];
        if (!u[cell])
            continue;
        uint64_t bad = peer_digits(m, u, cell, peers) | 1ull << u[cell] | 1;
        int d = 1 + or_below(seed, n), t;
        for (t = 0; t < n && (bad >> d & 1); t++)
            d = d % n + 1;
        if (t == n)
            continue;
        memcpy(p, u, (size_t)nc);
        p[cell] = (uint8_t)d;
        tame(gc, m, p, sol, cell, seed);
        compare_engines(gc, m, p, "changed");
        break;
    }

    /* clash: an empty cell given the digit of one of its peers */
    for (int k = 0; k < nc; k++) {
        int cell = order[k];
        if (u[cell])
            continue;
        int np = peers_of(m, cell, peers), d = 0;
        for (int j = 0; j < np && !d; j++)
            d = u[peers[j]];
        if (!d)
            continue;
        memcpy(p, u, (size_t)nc);
        p[cell] = (uint8_t)d;
        compare_engines(gc, m, p, "clash");
        break;
    }
out:
    sk_solver_free(gen);
    free(p);
    free(u);
    free(order);
    free(peers);
}

/* Every kind of puzzle from `grids` random full grids of one geometry. */
static void run_geometry(int kind, int n, int br, int bc)
{
    uint64_t seed = base_seed ^ (uint64_t)(kind * 1000 + n * 10 + br) * 0x9e3779b97f4a7c15ull;
    int made = 0, tries = 0;
    gcase gc;
    if (!make_case(&gc, kind, n, br, bc, &seed)) {
        CHECK(!"geometry");
        return;
    }
    int want = gc.grids * rounds_factor;
    while (made < want && tries < want * 20) {
        tries++;
        /* jigsaws and groups: a fresh random layout for every grid */
        if (tries > 1 && (kind == G_JIGSAW || kind == G_GROUPS || kind == G_LATIN_GROUPS))
            if (!make_case(&gc, kind, n, br, bc, &seed))
                continue;
        sk_model *m = NULL;
        sk_diag d;
        int st = sk_model_new(&gc.g, &m, &d);
        if (st != SK_OK) {
            fprintf(stderr, "  %s: model refused: %s\n", gc.name, d.message);
            CHECK_EQ_INT(st, SK_OK);
            return;
        }
        uint8_t *sol = malloc((size_t)n * (size_t)n);
        if (sol && random_grid(&gc, m, &seed, sol)) {
            one_grid(&gc, m, &seed, sol);
            made++;
        }
        free(sol);
        sk_model_free(m);
    }
    if (made < want)
        fprintf(stderr, "  %s: only %d of %d full grids made\n", gc.name, made, want);
    CHECK(made == want);
}

static void test_boxes(void)
{
    run_geometry(G_BOX, 4, 2, 2);
    run_geometry(G_BOX, 6, 2, 3);
    run_geometry(G_BOX, 6, 3, 2);
    run_geometry(G_BOX, 8, 2, 4);
    run_geometry(G_BOX, 9, 3, 3);
}

static void test_extras(void)
{
    run_geometry(G_X, 9, 3, 3);
    run_geometry(G_HYPER, 9, 3, 3);
    run_geometry(G_X, 4, 2, 2);
}

static void test_jigsaw(void)
{
    for (int n = 5; n <= 9; n++)
        run_geometry(G_JIGSAW, n, SK_BOX_DEFAULT, SK_BOX_DEFAULT);
}

static void test_latin(void)
{
    run_geometry(G_LATIN, 5, SK_BOX_NONE, 0);
    run_geometry(G_LATIN, 6, SK_BOX_NONE, 0);
}

static void test_groups(void)
{
    run_geometry(G_GROUPS, 9, 3, 3);
    run_geometry(G_GROUPS, 6, 2, 3);
    run_geometry(G_LATIN_GROUPS, 5, SK_BOX_NONE, 0);
}

static void test_large(void)
{
    run_geometry(G_BOX, 12, 3, 4);
    run_geometry(G_BOX, 16, 4, 4);
}

/* The largest sides (and the smallest): a shuffled textbook grid with a
 * share of its digits kept, every engine, counted up to 20. */
static void big_side(int n, int b, int keep_percent)
{
    const int nc = n * n;
    uint64_t seed = base_seed + (uint64_t)n * 7919u + (uint64_t)keep_percent;
    gcase gc;
    memset(&gc, 0, sizeof gc);
    gc.g = (sk_geometry)SK_GEOMETRY_INIT(n);
    gc.cap = 20;
    snprintf(gc.name, sizeof gc.name, "%dx%d, %d%% kept", n, n, keep_percent);
    sk_model *m = NULL;
    CHECK_EQ_INT(sk_model_new(&gc.g, &m, NULL), SK_OK);
    uint8_t *sol = malloc((size_t)nc), *p = malloc((size_t)nc);
    if (m && sol && p) {
        or_pattern(sol, n, b, b);
        or_shuffle_boxes(&seed, sol, n, b, b);
        or_permute_digits(&seed, sol, n);
        CHECK(sk_verify(m, NULL, sol));
        for (int i = 0; i < nc; i++)
            p[i] = or_below(&seed, 100) < keep_percent ? sol[i] : 0;
        tame(&gc, m, p, sol, -1, &seed);
        compare_engines(&gc, m, p, "random");
    }
    free(sol);
    free(p);
    sk_model_free(m);
}

static void test_big_sides(void)
{
    big_side(1, 1, 0);
    big_side(25, 5, 70);
    big_side(64, 8, 85);
    big_side(64, 8, 70);
}

/* ---- limits ---------------------------------------------------------------- */

typedef struct stopper {
    long calls, stop_at;
} stopper;

static int stop_after(void *user, const uint8_t *sol)
{
    stopper *s = user;
    (void)sol;
    return ++s->calls >= s->stop_at;
}

/* The empty 9x9 grid has about 6.7e21 solutions: a count never ends by
 * itself, so each limit must end it. */
static void test_limits(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(9);
    sk_model *m = NULL;
    uint8_t empty[81] = {0};
    CHECK_EQ_INT(sk_model_new(&g, &m, NULL), SK_OK);
    if (!m)
        return;
    for (int e = 0; e < sk_engine_count(); e++) {
        const char *name = engine_name(e);
        sk_solver *s = NULL;
        sk_result r;
        if (!sk_engine_accepts(e, m) || sk_solver_new(e, &s) != SK_OK)
            continue;
        /* node limits */
        static const uint64_t limits[] = {2, 100, 3000};
        for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
            sk_search_opts o = SK_SEARCH_OPTS_INIT;
            o.max_solutions = 0;
            o.max_nodes = limits[k];
            CHECK_EQ_INT(search(s, m, empty, &o, NULL, &r), SK_OK);
            if (r.end != SK_END_NODES || r.nodes > limits[k] + 1)
                fprintf(stderr, "  engine %s: max_nodes %llu: end %d after %llu nodes\n", name,
                        (unsigned long long)limits[k], r.end, (unsigned long long)r.nodes);
            CHECK_EQ_INT(r.end, SK_END_NODES);
            CHECK(r.nodes <= limits[k] + 1);
        }
        /* timeout */
        sk_search_opts o = SK_SEARCH_OPTS_INIT;
        o.max_solutions = 0;
        o.timeout = 0.05;
        double t0 = now();
        CHECK_EQ_INT(search(s, m, empty, &o, NULL, &r), SK_OK);
        double t = now() - t0;
        if (r.end != SK_END_TIMEOUT || t > 2.0)
            fprintf(stderr, "  engine %s: timeout 0.05 s: end %d after %.3f s\n", name, r.end, t);
        CHECK_EQ_INT(r.end, SK_END_TIMEOUT);
        CHECK(t < 2.0);
        CHECK(r.solutions > 0);
        /* a callback that stops */
        for (long stop = 1; stop <= 300; stop *= 7) {
            stopper st = {0, stop};
            sk_search_opts oc = SK_SEARCH_OPTS_INIT;
            oc.max_solutions = 0;
            oc.on_solution = stop_after;
            oc.user = &st;
            CHECK_EQ_INT(search(s, m, empty, &oc, NULL, &r), SK_OK);
            CHECK_EQ_INT(r.end, SK_END_CALLBACK);
            CHECK_EQ_INT(st.calls, stop);
            CHECK_EQ_INT(r.solutions, stop);
        }
        /* a solution limit */
        sk_search_opts om = SK_SEARCH_OPTS_INIT;
        om.max_solutions = 1000;
        uint8_t first[81];
        CHECK_EQ_INT(search(s, m, empty, &om, first, &r), SK_OK);
        CHECK_EQ_INT(r.end, SK_END_SOLUTIONS);
        CHECK_EQ_INT(r.solutions, 1000);
        CHECK(sk_verify(m, NULL, first));
        /* a cancel flag */
        volatile int flag = 1;
        sk_search_opts ok = SK_SEARCH_OPTS_INIT;
        ok.max_solutions = 0;
        ok.cancel = &flag;
        CHECK_EQ_INT(search(s, m, empty, &ok, NULL, &r), SK_OK);
        CHECK_EQ_INT(r.end, SK_END_CANCELLED);
        sk_solver_free(s);
    }
    sk_model_free(m);
}

/* The dancing-links engine is in the registry and on every geometry gives
 * the solution itself, unguessed, when every cell is given. */
static void test_dlx_registered(void)
{
    CHECK(dlx >= 0);
    const sk_engine_info *info = sk_engine_info_at(dlx);
    CHECK(info && info->summary[0] && info->supports[0]);
    sk_geometry g = SK_GEOMETRY_INIT(9);
    sk_model *m = NULL;
    CHECK_EQ_INT(sk_model_new(&g, &m, NULL), SK_OK);
    if (!m || dlx < 0) {
        sk_model_free(m);
        return;
    }
    CHECK(sk_engine_accepts(dlx, m));
    /* it sits after the others: the automatic choice does not change */
    CHECK(sk_engine_auto(m) != dlx);
    uint8_t sol[81], got[81];
    or_pattern(sol, 9, 3, 3);
    sk_solver *s = NULL;
    sk_result r;
    CHECK_EQ_INT(sk_solver_new(dlx, &s), SK_OK);
    CHECK_EQ_INT(sk_solver_run(s, m, sol, NULL, got, &r), SK_OK);
    CHECK_EQ_INT(r.solutions, 1);
    CHECK_EQ_INT(r.guesses, 0);
    CHECK_EQ_INT(r.nodes, 1);
    CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
    CHECK(memcmp(sol, got, 81) == 0);
    sk_solver_free(s);
    sk_model_free(m);
}

int main(void)
{
    const char *env = getenv("SK_DIFF_SEED");
    if (env && *env)
        base_seed = strtoull(env, NULL, 10);
    env = getenv("SK_DIFF_ROUNDS");
    if (env && atoi(env) > 0)
        rounds_factor = atoi(env);
    dlx = sk_engine_find("dlx");
    grid_engine = dlx; /* -1 (automatic) if it were missing */
    double t0 = now();
    RUN(test_dlx_registered);
    RUN(test_boxes);
    RUN(test_extras);
    RUN(test_jigsaw);
    RUN(test_latin);
    RUN(test_groups);
    RUN(test_large);
    RUN(test_big_sides);
    RUN(test_limits);
    printf("# seed %llu: %ld puzzles (%ld none, %ld unique, %ld several) compared across %d "
           "engines (%ld counted by the oracle too, %ld given more givens), %ld searches, %.1f s\n",
           (unsigned long long)base_seed, puzzles_compared, verdicts[0], verdicts[1], verdicts[2],
           sk_engine_count(), oracle_checked, tamed, searches_run, now() - t0);
    return check_summary();
}
