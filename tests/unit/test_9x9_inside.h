/*
 * test_9x9_inside.h - white-box tests of the 9x9 engine, for test_9x9.c,
 * which compiles src/engine_9x9.c into itself (so that its static
 * functions are in reach) and gives SAMPLE and digits_of: one vector's
 * changed lanes, and that
 * propagate() stops only at a fixpoint.
 *
 * A word that changes without being marked dirty leaves propagate() short
 * of its fixpoint without making any answer wrong (the search only
 * branches more), so answer comparisons cannot see it.  Here every
 * propagation, at the root and after random configuration choices, is run
 * again with every word dirty, and must change nothing.
 */
#include "check.h"

static uint64_t inside_rng = 0x9E3779B97F4A7C15ull;

static uint32_t inside_next(void)
{
    inside_rng ^= inside_rng << 13;
    inside_rng ^= inside_rng >> 7;
    inside_rng ^= inside_rng << 17;
    return (uint32_t)(inside_rng >> 11);
}

static void test_vdiffer(void)
{
    for (int k = 0; k < 1000; k++) {
        uint32_t o[4], n[4];
        for (int b = 0; b < 4; b++) {
            o[b] = inside_next() & BAND;
            n[b] = inside_next() % 3 ? o[b] : o[b] & (inside_next() | 1u << 31);
        }
        n[3] = o[3]; /* the padding lane never differs */
        uint32_t want = 0;
        for (int b = 0; b < 3; b++)
            want |= (uint32_t)(o[b] != n[b]) << b;
        CHECK_EQ_INT(vdiffer(vload(o), vload(n)), want);
    }
    uint32_t a[4] = {1, 2, 4, 0}, z[4] = {0, 0, 0, 0};
    CHECK_EQ_INT(vdiffer(vload(a), vload(z)), 7);
    CHECK_EQ_INT(vdiffer(vload(a), vload(a)), 0);
}

/* pd as propagate() must leave it */
static const uint32_t no_placements[9][4];

/* The whole grid, every digit and band (bit 4d+b). */
#define ALL_WORDS 0x777777777ull

/* propagate() once more on a copy, every word dirty: nothing may change,
 * and pd must be all zero after both. */
static void check_fixpoint(workspace *w, const board *B)
{
    board C = *B;
    uint32_t cols[9];
    CHECK(propagate(&C, ALL_WORDS, cols, w->pd));
    CHECK(memcmp(C.c, B->c, sizeof C.c) == 0);
    CHECK(memcmp(C.placed, B->placed, sizeof C.placed) == 0);
    CHECK_EQ_INT(C.nplaced, B->nplaced);
    CHECK(memcmp(w->pd, no_placements, sizeof no_placements) == 0);
}

static void fixpoints_of(workspace *w, const char *puzzle)
{
    uint8_t g[81];
    digits_of(puzzle, g);
    for (int walk = 0; walk < 8; walk++) {
        board B;
        memset(w->pd, 0, sizeof w->pd);
        uint64_t dirty = start_board(&B, g);
        int ok = propagate(&B, dirty, w->cols, w->pd);
        /* random configuration choices until a contradiction or a
           solution, each followed by a check of the fixpoint */
        for (int depth = 0; ok && depth < 40; depth++) {
            check_fixpoint(w, &B);
            if (B.nplaced == 81)
                break;
            int b = 0, d = 0;
            unsigned cs = choose_config(&B, w->cols, &b, &d);
            if (!cs)
                break;
            int pick = (int)(inside_next() % (unsigned)__builtin_popcount(cs));
            while (pick--)
                cs &= cs - 1;
            dirty = take_config(&B, b, d, __builtin_ctz(cs)); /* as the search does */
            ok = propagate(&B, dirty, w->cols, w->pd);
        }
        CHECK(memcmp(w->pd, no_placements, sizeof no_placements) == 0); /* after a contradiction too */
    }
}

static void test_fixpoints(void)
{
    pthread_once(&tables_once, init_once);
    workspace *w = malloc(sizeof *w);
    CHECK(w != NULL);
    if (!w)
        return;
    for (int i = 0; i < NSAMPLE; i++)
        fixpoints_of(w, SAMPLE[i]);
    fixpoints_of(w, "................................................................................."); /* empty */
    free(w);
}
