/*
 * fuzz_fpuzzles.c - f-puzzles input (JSON, compressed strings, links)
 * and rule lines after grids, read with the form forced and guessed; every
 * puzzle read fine is built into a model and, when one is made, searched
 * with a node limit by every engine that takes it, each solution checked
 * by sk_verify and by the puzzle's own rules.
 */
#include "fuzz.h"

static void search(void *user, const sk_puzzle *p)
{
    (void)user;
    sk_model *m = NULL;
    sk_diag d;
    int rc = sk_model_new(&p->geom, &m, &d);
    FZ_CHECK(rc == SK_OK || rc == SK_EMODEL);
    if (rc != SK_OK) {
        fz_check_message(d.message);
        return;
    }
    if (p->geom.n <= 9) {
        for (int e = 0; e < sk_engine_count(); e++) {
            if (!sk_engine_accepts(e, m))
                continue;
            sk_solver *s;
            FZ_CHECK(sk_solver_new(e, &s) == SK_OK);
            sk_search_opts o = SK_SEARCH_OPTS_INIT;
            uint8_t sol[SK_MAX_N * SK_MAX_N];
            sk_result res;
            o.max_nodes = 2000;
            FZ_CHECK(sk_solver_run(s, m, p->cells, &o, sol, &res) == SK_OK);
            if (res.solutions) {
                FZ_CHECK(sk_verify(m, p->cells, sol));
                FZ_CHECK(sk_check_rules(m, sol, NULL, 0) == 0);
            }
            sk_solver_free(s);
        }
    }
    sk_model_free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_read_opts o = SK_READ_OPTS_INIT;
    fz_read_both(data, size, &o, search, NULL);
    o.format = SK_FORMAT_FPUZZLES;
    fz_read_both(data, size, &o, NULL, NULL);
    return 0;
}
