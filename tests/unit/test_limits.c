/*
 * test_limits.c - every search stops on time.  For each engine of the
 * registry and several hard searches (empty grids up to 64x64 counted to
 * the end, a random 12x12 jigsaw whose nodes are slow), a timeout must end
 * the search with SK_END_TIMEOUT within the timeout plus a small slack,
 * and a node limit with SK_END_NODES after no more nodes than the limit.
 * (Only up to 16x16 for node limits: one node of an engine that probes
 * every candidate of an empty 64x64 grid takes seconds, so only a timeout
 * bounds the time of a search there.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "sudokit.h"

#define TIMEOUT 0.15
/* Seconds a search may run past its timeout: the clock is looked at every
 * so often, and an engine sets up its work memory (for a 64x64 grid, about
 * 0.1 s) before it searches.  Sanitizers make all of it slower. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SLACK 1.0
#else
#define SLACK 0.3
#endif

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct hard_case {
    const char *name;
    sk_geometry g;
    uint8_t regions[144];
    uint8_t givens[64 * 64];
    uint64_t max_solutions;
} hard_case;

/* A 12x12 jigsaw map of shuffled regions (each N cells) and a few givens:
 * the general engine probes every candidate at each node, so its nodes
 * are slow.  Found by fuzz_solver (fuzz/corpus/solver/regress-ba471f3c). */
static void jigsaw12(hard_case *c)
{
    uint64_t x = 88172645463325252ull;
    int i;
    for (i = 0; i < 144; i++)
        c->regions[i] = (uint8_t)(i / 12);
    for (i = 143; i > 0; i--) {
        int j;
        uint8_t t;
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        j = (int)(x % (uint64_t)(i + 1));
        t = c->regions[i], c->regions[i] = c->regions[j], c->regions[j] = t;
    }
    c->g.regions = c->regions;
    c->givens[0] = 1;
    c->givens[13] = 2;
}

static void check_case(hard_case *c)
{
    int e;
    sk_model *m = NULL;
    CHECK_EQ_INT(sk_model_new(&c->g, &m, NULL), SK_OK);
    if (!m)
        return;
    for (e = 0; e < sk_engine_count(); e++) {
        sk_solver *s = NULL;
        sk_search_opts o = SK_SEARCH_OPTS_INIT;
        sk_result r;
        double t0, t;
        if (!sk_engine_accepts(e, m))
            continue;
        CHECK_EQ_INT(sk_solver_new(e, &s), SK_OK);
        /* a timeout */
        o.max_solutions = c->max_solutions;
        o.timeout = TIMEOUT;
        t0 = now();
        CHECK_EQ_INT(sk_solver_run(s, m, c->givens, &o, NULL, &r), SK_OK);
        t = now() - t0;
        printf("# %s, %s: timeout %.2f s: stopped after %.3f s, %llu nodes\n", c->name,
               sk_engine_info_at(e)->name, TIMEOUT, t, (unsigned long long)r.nodes);
        CHECK_EQ_INT(r.end, SK_END_TIMEOUT);
        if (t > TIMEOUT + SLACK)
            fprintf(stderr, "%s, engine %s: a timeout of %.2f s stopped after %.3f s\n", c->name,
                    sk_engine_info_at(e)->name, TIMEOUT, t);
        CHECK(t <= TIMEOUT + SLACK);
        /* a node limit */
        if (c->g.n > 16) {
            sk_solver_free(s);
            continue;
        }
        o.timeout = 0;
        o.max_nodes = 100;
        t0 = now();
        CHECK_EQ_INT(sk_solver_run(s, m, c->givens, &o, NULL, &r), SK_OK);
        CHECK_EQ_INT(r.end, SK_END_NODES);
        CHECK(r.nodes <= o.max_nodes);
        printf("# %s, %s: %llu nodes: %.3f s\n", c->name, sk_engine_info_at(e)->name,
               (unsigned long long)o.max_nodes, now() - t0);
        fflush(stdout);
        sk_solver_free(s);
    }
    sk_model_free(m);
}

static hard_case cases[4];

static void test_empty_grids(void)
{
    static const int sides[] = {16, 36, 64};
    size_t k;
    for (k = 0; k < 3; k++) {
        hard_case *c = &cases[k];
        sk_geometry g = SK_GEOMETRY_INIT(sides[k]);
        char *name = malloc(32);
        memset(c, 0, sizeof *c);
        snprintf(name, 32, "empty %dx%d, count", sides[k], sides[k]);
        c->name = name;
        c->g = g;
        c->max_solutions = 0;
        check_case(c);
        free(name);
    }
}

static void test_slow_nodes(void)
{
    hard_case *c = &cases[3];
    sk_geometry g = SK_GEOMETRY_INIT(12);
    memset(c, 0, sizeof *c);
    c->name = "12x12 random jigsaw";
    c->g = g;
    c->max_solutions = 2;
    jigsaw12(c);
    check_case(c);
}

int main(void)
{
    RUN(test_empty_grids);
    RUN(test_slow_nodes);
    return check_summary();
}
