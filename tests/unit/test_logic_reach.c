/*
 * test_logic_reach.c - the chains' reachability table: whether a
 * candidate's "on" reaches its own negation, found two ways.
 *
 * reach_build decides for every candidate whether its "on" reaches a
 * candidate that sees it (then the candidate's "on" fails, and forcing
 * chains and cycles from it are searched; otherwise they are skipped).
 * Most candidates reach few components of the link graph, and for those
 * the table's components are walked member by member; the others test
 * the candidate's own neighbours, one table lookup each.  A candidate
 * wrongly found not to fail would lose steps, silently, only on the
 * puzzles where its chain is the one SE rates.  This file compiles the
 * chains' source into itself with SKL_REACH_CHECK, which hands every
 * candidate's answer to skl_reach_check below together with what testing
 * its neighbours gives; the two must agree wherever the walk answered
 * (on nearly every candidate: those that reach many components nearly
 * always fail, and their answer is the neighbours' own).
 *
 * Puzzles: ../shared/data/forum_hardest_11plus.txt line 1 (rated 11.1,
 * nested dynamic chains: thousands of tables on changed grids),
 * top1465.txt line 3 (9.0, dynamic chains) and 16x16_tarek20.txt line 5
 * (8.9, dynamic region forcing chains on a 16x16 grid).
 */
#define SKL_REACH_CHECK 1
#include "../../src/logic_chain.c"

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "sudokit.h"

static long checks[2], fails[2], wrong;

/* walked 0 means the answer came from the neighbours: nothing to compare */
static void skl_reach_check(int walked, int f, int neighbours)
{
    checks[walked != 0]++;
    fails[walked != 0] += f;
    if (walked && f != neighbours && wrong++ < 3)
        fprintf(stderr, "  a walk says the candidate %s, its neighbours say it %s\n",
                f ? "fails" : "does not fail", neighbours ? "fails" : "does not");
}

static const struct {
    const char *puzzle;
    int er; /* the rating, as SE gives it */
} cases[] = {
    {"98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2", 111},
    {"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", 90},
    {"..B..56.......7.4.C.A..8G.....B9.28........7..1.....7...316D5.....3..9.4...A1.57F..95....4.B6..86"
     ".........8...2A...5...7E..1....3..4..1...9..B8.....8..37.C4..9.81..27.6..5.3.........A5...3..42"
     "..6BD.52.........8.7....9.A...6.....6.3..2.8A..4..5....1..4.....",
     89},
};

static void test_both_ways_agree(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sk_reader *r = NULL;
        sk_puzzle p;
        sk_diag d;
        sk_model *m = NULL;
        sk_logic *l = NULL;
        sk_rating rt;
        const char *text = cases[i].puzzle;
        int rc = sk_reader_open_mem(text, strlen(text), NULL, &r);
        CHECK_EQ_INT(rc, SK_OK);
        if (rc == SK_OK)
            rc = sk_reader_next(r, &p, &d);
        CHECK_EQ_INT(rc, SK_OK);
        if (rc == SK_OK)
            rc = sk_model_new(&p.geom, &m, &d);
        CHECK_EQ_INT(rc, SK_OK);
        if (rc == SK_OK)
            rc = sk_logic_new(m, &l);
        CHECK_EQ_INT(rc, SK_OK);
        if (rc == SK_OK)
            rc = sk_rate(l, p.cells, &rt);
        CHECK_EQ_INT(rc, SK_OK);
        if (rc == SK_OK)
            CHECK_EQ_INT(rt.er, cases[i].er);
        sk_logic_free(l);
        sk_model_free(m);
        sk_reader_free(r);
    }
    printf("#  candidates walked %ld (%ld fail), tested by their neighbours %ld (%ld fail)\n",
           checks[1], fails[1], checks[0], fails[0]);
    CHECK_EQ_INT(wrong, 0);
    /* the check ran, on candidates that fail and on others */
    CHECK(fails[1] > 1000);
    CHECK(checks[1] - fails[1] > 10000);
}

int main(void)
{
    RUN(test_both_ways_agree);
    return check_summary();
}
