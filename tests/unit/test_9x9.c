/*
 * test_9x9.c - the dedicated 9x9 engine (src/engine_9x9.c): which models
 * it takes and that it is chosen automatically for them, and that its
 * answers agree with the general engine's (status, end, solution, count
 * under a cap) on a committed sample, on generated puzzles with several
 * solutions or none, and on the first 2000 puzzles of 17clue.txt and
 * forum_hardest_11plus.txt when ../shared/data is present.  Everything is
 * run twice: with the vector build the processor allows and with the
 * portable build forced (skx_9x9_force_portable).  The engine's source is
 * compiled into this program (its definitions stand in for the library's,
 * whose engine object is then not linked), so that test_9x9_inside.h can
 * look at its static functions; test_9x9_generic.c compiles all of this
 * again as for a processor without SSE2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/engine_9x9.c"

#include "check.h"
#include "engine.h"
#include "sudokit.h"

#define DATA "../shared/data"

/* A committed sample of ../shared/data, with its line numbers (counting
 * puzzle lines only): every 4871st puzzle from line 7 of 17clue.txt and
 * forum_hardest_11plus.txt, every 146th of top1465.txt. */
static const char *const SAMPLE[] = {
    /* 17clue.txt 7, 4878, ..., 43846 */
    ".................1.....2.3.....4...5..2.1...6..3..78.....9.32...1.....4..5.......",
    "................12..3..4........134..2..5....6............2.7.8..4..8....5......6",
    "................12..3.45...........3...267.....8...9.4....8.4...2.......17.......",
    "................12..3.45........63...1.7......4...8.......17......2...8.9.....4..",
    "..............1..2..3....4......5..1..4.6.....72....3....4........7...6.51......8",
    "..............1..2.34.....5.......3.2.....4..6....78......5...9...43....1.2......",
    "..............1.23..4.5...1........5..67..8...2.3...........7.....8...4.53.......",
    "........1.......2...3..4...........5....6.1.7..2..8......7.3.9..1...9...65.......",
    "........1.......23..4..5.........1...2..3...6.758..........45...3.......6...1....",
    "........1.......23..4.56........7.4..1....8..3...........4.2.....78.....1.......5",
    /* forum_hardest_11plus.txt 7, 4878, ..., 43846 */
    "98.7..6..5...9..7...7..4...3.......2..85...6.....23....1..8...6..59...4......61..",
    "98.7..6..5...8..7...7..4...3...4.....9....8.6..89...4..2....1....5..2.6.....31..2",
    "98.7..6..7...8..5...4......63..7.5....2.........3.6.1.39...78.....83...5....9..73",
    "98.7..6..7.65..4......86...4...5.....93...5....73...4.3..4..9.2....2..14.......6.",
    "98.7.......6.5.7.........946..3..2...5..2...7..2..7.1..1.4....6..3.7.1.......8.7.",
    "98.76.5..5....9.....7.5....4....83...3.64.....25..76....8..67.....1...2.........3",
    "98.76....5..........4..98...7..3.25...1..24..........3.4...6..2..629..8.....1.6..",
    ".2.4.......7..9...6...3.5...4.7.....3...6...8......1..5.....39.....1.8.6...9...2.",
    "98.7.....7.....6....5.4.....9.6..3....2....1.....3...5...8..7......1...2.....5.41",
    "98.7..6..5.46..7......8..4.6..9..5...5......3.....2...1......76.95..61.....1.....",
    /* top1465.txt 7, 153, ..., 1321 */
    ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
    ".9.....2...5..4.......61.....6...1.8...3...7.......6..23.9.........8.4..7........",
    "1.....6........4.8...3.....9..7...2.....8.5..........7.68.4.....45..9..........3.",
    "....6..8...3...2.69....5.....2518.9..14......7....3...2........4...9.1....9..7..5",
    "......1.2...4.....8...3..5.3...895.........7..1.6.......3..8.....25.6..9.6.97...4",
    "....1.....16..7.9..5..2..6......94.....7......42.....528......3..5.6....3..4..8..",
    "1.....3.....2.6......8.7..2..748....94.5..2..5.1.......1......9.69..8.3...5...4.7",
    "..6...8..8.......29.7.6......3..4......2..5.14..97........1.6....5.9..84...3....9",
    ".....8.9.87....4.1..4...3...4..2..5.61...4..8................62...91......85.6..3",
    "....7......5.6..4..68..42..9...1.3.77............4..21..12....95......8...7....3.",
};
#define NSAMPLE ((int)(sizeof SAMPLE / sizeof SAMPLE[0]))

static sk_model *classic;
static int e9, egen;

static void digits_of(const char *s, uint8_t *out)
{
    for (int i = 0; i < 81; i++)
        out[i] = (uint8_t)(s[i] >= '1' && s[i] <= '9' ? s[i] - '0' : 0);
}

static sk_model *build(int br, int bc, unsigned extras)
{
    sk_geometry g = SK_GEOMETRY_INIT(9);
    g.box_rows = br;
    g.box_cols = bc;
    g.extras = extras;
    sk_model *m = NULL;
    sk_diag d;
    if (sk_model_new(&g, &m, &d) != SK_OK)
        return NULL;
    return m;
}

static int run(int engine, const uint8_t *givens, uint64_t max_sol, uint64_t max_nodes,
               uint8_t *sol, sk_result *r)
{
    sk_solver *s;
    if (sk_solver_new(engine, &s))
        return -1;
    sk_search_opts o = SK_SEARCH_OPTS_INIT;
    o.max_solutions = max_sol;
    o.max_nodes = max_nodes;
    memset(sol, 0, 81);
    int rc = sk_solver_run(s, classic, givens, &o, sol, r);
    sk_solver_free(s);
    return rc;
}

/* Both engines on one puzzle with the cap max_sol: same end and count,
 * same solution when unique, every reported solution valid.  Returns 1
 * when they agree. */
static int agree(const uint8_t *g, uint64_t max_sol)
{
    uint8_t s9[81], sg[81];
    sk_result r9, rg;
    int ok = 1;
    ok &= run(e9, g, max_sol, 0, s9, &r9) == SK_OK;
    ok &= run(egen, g, max_sol, 0, sg, &rg) == SK_OK;
    ok &= r9.solutions == rg.solutions && r9.end == rg.end;
    ok &= sk_result_verdict(&r9) == sk_result_verdict(&rg);
    if (r9.solutions)
        ok &= sk_verify(classic, g, s9);
    if (sk_result_verdict(&r9) == SK_VERDICT_UNIQUE)
        ok &= memcmp(s9, sg, 81) == 0;
    ok &= r9.nodes >= 1 && r9.guesses < r9.nodes;
    return ok;
}

static void test_choice(void)
{
    CHECK(e9 >= 0);
    CHECK(egen >= 0);
    CHECK_EQ_INT(sk_engine_auto(classic), e9);
    CHECK_EQ_STR(sk_engine_info_at(e9)->name, "9x9");
    sk_model *x = build(SK_BOX_DEFAULT, SK_BOX_DEFAULT, SK_EXTRA_DIAGONALS);
    sk_model *latin = build(SK_BOX_NONE, 0, 0);
    sk_model *m4 = NULL;
    sk_geometry g4 = SK_GEOMETRY_INIT(4);
    sk_diag d;
    CHECK(sk_model_new(&g4, &m4, &d) == SK_OK);
    if (x) {
        CHECK(!sk_engine_accepts(e9, x));
        CHECK(sk_engine_auto(x) != e9);
    }
    if (latin)
        CHECK(!sk_engine_accepts(e9, latin));
    CHECK(!sk_engine_accepts(e9, m4));
    CHECK(sk_engine_accepts(egen, classic)); /* the general engine stays */
    sk_model_free(x);
    sk_model_free(latin);
    sk_model_free(m4);
}

static void test_sample(void)
{
    uint8_t g[81];
    for (int i = 0; i < NSAMPLE; i++) {
        digits_of(SAMPLE[i], g);
        int ok = agree(g, 1) && agree(g, 2) && agree(g, 0);
        if (!ok)
            fprintf(stderr, "  sample %d disagrees\n", i);
        CHECK(ok);
    }
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Puzzles with several solutions (givens thinned out), none (a wrong
 * digit added, or two equal givens in a house), the empty grid and a
 * full grid. */
static void test_generated(void)
{
    uint8_t g[81], sol[81], p[81], tmp[81];
    sk_result r;
    int bad = 0, multi = 0, none = 0;
    for (int i = 0; i < NSAMPLE; i++) {
        digits_of(SAMPLE[i], g);
        CHECK(run(egen, g, 2, 0, sol, &r) == SK_OK && r.solutions == 1);
        for (int k = 0; k < 6; k++) {
            /* keep between 14 and 28 cells of the solution */
            int keep = 14 + (int)(next() % 15);
            memset(p, 0, 81);
            for (int j = 0; j < keep; j++) {
                int c = (int)(next() % 81);
                p[c] = sol[c];
            }
            if (!agree(p, 300) || !agree(p, 1) || !agree(p, 2))
                bad++;
            run(e9, p, 2, 0, tmp, &r);
            multi += r.solutions >= 2;
        }
        /* a wrong digit in an empty cell: no solution */
        memcpy(p, g, 81);
        for (int c = 0; c < 81; c++)
            if (!p[c]) {
                p[c] = (uint8_t)(sol[c] % 9 + 1);
                break;
            }
        run(e9, p, 2, 0, tmp, &r);
        none += r.solutions == 0 && r.end == SK_END_EXHAUSTED;
        if (!agree(p, 2))
            bad++;
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(multi > 10);
    CHECK(none > 0);

    /* two equal givens in a row, a column, a box */
    memset(p, 0, 81);
    p[0] = p[8] = 5;
    CHECK(agree(p, 2) && (run(e9, p, 2, 0, sol, &r), r.solutions == 0));
    memset(p, 0, 81);
    p[4] = p[76] = 7;
    CHECK(agree(p, 2) && (run(e9, p, 2, 0, sol, &r), r.solutions == 0));
    memset(p, 0, 81);
    p[30] = p[50] = 1;
    CHECK(agree(p, 2) && (run(e9, p, 2, 0, sol, &r), r.solutions == 0));

    /* the empty grid: capped counts */
    memset(p, 0, 81);
    CHECK(agree(p, 1) && agree(p, 1000));
    CHECK(run(e9, p, 1000, 0, sol, &r) == SK_OK && r.solutions == 1000 &&
          r.end == SK_END_SOLUTIONS && sk_verify(classic, NULL, sol));

    /* a full grid */
    digits_of(SAMPLE[0], g);
    run(egen, g, 2, 0, sol, &r);
    memcpy(p, sol, 81);
    CHECK(agree(p, 2) && (run(e9, p, 2, 0, sol, &r), r.solutions == 1 && r.nodes == 1));
}

/* Node limits stop exactly at max_nodes, as in every engine. */
static void test_limits(void)
{
    uint8_t g[81], sol[81];
    sk_result r;
    digits_of(SAMPLE[10], g);
    CHECK(run(e9, g, 2, 0, sol, &r) == SK_OK);
    uint64_t full = r.nodes;
    CHECK(full > 3);
    CHECK(run(e9, g, 2, 3, sol, &r) == SK_OK);
    CHECK_EQ_INT(r.nodes, 3);
    CHECK_EQ_INT(r.end, SK_END_NODES);
    CHECK(run(e9, g, 2, full, sol, &r) == SK_OK);
    CHECK_EQ_INT(r.end, SK_END_EXHAUSTED);
}

/* The first `limit` puzzles of a data file, when it is there. */
static void data_file(const char *name, int limit)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", DATA, name);
    FILE *fp = fopen(path, "r");
    if (!fp) {
        printf("   (%s not found: skipped)\n", path);
        return;
    }
    char line[256];
    uint8_t g[81];
    int count = 0, bad = 0;
    while (count < limit && fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || strlen(line) < 81)
            continue;
        digits_of(line, g);
        count++;
        if (!agree(g, 1) || !agree(g, 2)) {
            if (bad++ < 5)
                fprintf(stderr, "  %s line %d disagrees\n", name, count);
        }
    }
    fclose(fp);
    CHECK_EQ_INT(bad, 0);
}

static void test_data(void)
{
    data_file("17clue.txt", 2000);
    data_file("forum_hardest_11plus.txt", 2000);
}

#include "test_9x9_inside.h"

int main(void)
{
    classic = build(SK_BOX_DEFAULT, SK_BOX_DEFAULT, 0);
    e9 = sk_engine_find("9x9");
    egen = sk_engine_find("general");
    if (!classic || e9 < 0 || egen < 0) {
        printf("0 passed, 1 failed\n");
        return 1;
    }
    RUN(test_choice);
    RUN(test_vdiffer);
    RUN(test_fixpoints);
    for (int portable = 0; portable <= 1; portable++) {
        skx_9x9_force_portable(portable);
        RUN(test_sample);
        RUN(test_generated);
        RUN(test_limits);
        RUN(test_data);
    }
    skx_9x9_force_portable(0);
    sk_model_free(classic);
    return check_summary();
}
