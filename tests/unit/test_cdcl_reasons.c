/*
 * test_cdcl_reasons.c - the cdcl engine's explanations of what variant
 * rules removed, each checked against the rule.
 *
 * A clause learned through a rule is only as sound as the explanation the
 * engine gave for the rule's inference: a few false digits of the rule's
 * cells that still imply it.  A wrong one makes a wrong clause, which may
 * cut a solution away; comparing answers with the other engines sees that
 * only when it happens to cut the one solution.  This file compiles the
 * engine's source into itself with SKX_CDCL_CHECK_REASONS, which hands
 * every explanation to skx_cdcl_reason_check below as it is made: the
 * digits it does not name are given back and the rule's filter
 * (skx_con_implies) must still remove the digit explained, or still fail
 * for a conflict.  Cages' digit sets are explained from the sets
 * themselves, not by the filter (combo_reason), so this is their
 * independent check.
 *
 * Puzzles: every example of tests/variants/iss_examples.txt (every rule
 * kind), each searched to two solutions or 3,000 nodes.
 */
#define SKX_CDCL_CHECK_REASONS 1
#include "../../src/engine_cdcl.c"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit.h"

#define ISS "tests/variants/iss_examples.txt"

enum { NTYPES = SKX_QUAD + 1 };

static long checked[NTYPES], wrong[NTYPES];

static void skx_cdcl_reason_check(cdcl *s, const skx_con *c, int sj, uint32_t sd)
{
    memcpy(s->tdom, s->edom, c->ncells * sizeof *s->tdom);
    checked[c->type]++;
    if (!still_implied(s, c, sj, sd) && wrong[c->type]++ < 3)
        fprintf(stderr, "  type %d: an explanation (cell %d, digit %u) the rule does not imply\n",
                c->type, sj, sd + 1);
}

static void test_every_explanation_holds(void)
{
    FILE *fp = fopen(ISS, "rb");
    if (!fp) {
        printf("   (%s not found: skipped)\n", ISS);
        return;
    }
    sk_reader *r = NULL;
    sk_solver *solver = NULL;
    sk_puzzle p;
    sk_diag d;
    int rc, count = 0;
    CHECK_EQ_INT(sk_reader_open_file(fp, NULL, &r), SK_OK);
    CHECK_EQ_INT(sk_solver_new(sk_engine_find("cdcl"), &solver), SK_OK);
    while (r && solver && (rc = sk_reader_next(r, &p, &d)) != SK_DONE) {
        sk_model *m = NULL;
        CHECK_EQ_INT(rc, SK_OK);
        if (rc != SK_OK || sk_model_new(&p.geom, &m, &d) != SK_OK) {
            CHECK(!"the collection reads");
            break;
        }
        sk_search_opts so = SK_SEARCH_OPTS_INIT;
        sk_result res;
        so.max_solutions = 2;
        so.max_nodes = 3000;
        so.candidates = p.candidates;
        CHECK_EQ_INT(sk_solver_run(solver, m, p.cells, &so, NULL, &res), SK_OK);
        sk_model_free(m);
        count++;
    }
    sk_solver_free(solver);
    sk_reader_free(r);
    fclose(fp);
    long all = 0;
    for (int t = 0; t < NTYPES; t++) {
        all += checked[t];
        CHECK_EQ_INT(wrong[t], 0);
    }
    printf("#  %d puzzles, %ld explanations (pair %ld, sum %ld, cage sets %ld, arrow %ld, "
           "equal sums %ld, sandwich %ld, between %ld, quadruple %ld)\n",
           count, all, checked[SKX_PAIR], checked[SKX_SUM], checked[SKX_COMBO], checked[SKX_ARROW],
           checked[SKX_EQSUM], checked[SKX_SANDWICH], checked[SKX_BETWEEN], checked[SKX_QUAD]);
    /* the check ran: every kind the collection exercises was explained */
    CHECK(checked[SKX_COMBO] > 1000);
    CHECK(checked[SKX_SUM] > 1000);
    CHECK(checked[SKX_ARROW] > 0);
    CHECK(checked[SKX_SANDWICH] > 0);
}

int main(void)
{
    RUN(test_every_explanation_holds);
    return check_summary();
}
