/*
 * fuzz_logic.c - the logical solver (hint, explain, rate) on any position:
 * the first puzzle the reader takes from the text (any form, pencil marks,
 * jigsaw, variant rules) is walked step by step with sk_logic_next and
 * sk_logic_apply.
 *
 * The first byte picks the highest rating tried (techniques above it are
 * not: the nested chains on an open grid would run for minutes); the rest
 * is the text read.  Before the walk, the cdcl engine (the one that takes
 * pencil marks) looks for two solutions with a node limit.  Along the
 * walk:
 *   - every step makes progress, within the grid and the position: it
 *     places a candidate of an empty cell, removes candidates that are
 *     there, and rates no more than the limit;
 *   - no step removes a digit of a known solution or places another one
 *     (a step that assumes one solution - unique rectangles and loops,
 *     BUG - only when the search proved it unique); while the position
 *     holds that solution it shows no contradiction;
 *   - applying a step leaves a smaller position holding what it placed;
 *   - sk_step_describe, sk_step_describe_vague and sk_step_name keep the
 *     snprintf contract (cut texts are prefixes ending in "...").
 * At the end, sk_rate_position from the same start (which places singles
 * in bulk) gives the figures the walk added up with sk_rating_add.
 */
#include "fuzz.h"

/* Ratings tried, in tenths (the first byte picks one): up to the basic
 * techniques, the fish and wings, the uniqueness techniques, the static
 * chains, and (9x9 and smaller with one solution) dynamic chains. */
static const int limits[] = {28, 45, 56, 62, 75, 84, 89, 95};

#define MAX_STEPS 2000

/* A text written into buf of each size must be a cut of full. */
static void check_cut(const char *full, const char *cut, size_t size)
{
    size_t lf = strlen(full), lc = strlen(cut);
    FZ_CHECK(lc < size);
    if (lf < size) {
        FZ_CHECK(strcmp(full, cut) == 0);
        return;
    }
    if (size >= 4) {
        FZ_CHECK(lc >= 3 && strcmp(cut + lc - 3, "...") == 0);
        FZ_CHECK(memcmp(full, cut, lc - 3) == 0);
    } else {
        FZ_CHECK(memcmp(full, cut, lc) == 0);
    }
}

static void check_texts(const sk_model *m, const sk_step *st, const uint64_t *cand, sk_alphabet a)
{
    static const size_t sizes[] = {1, 3, 4, 9, 40};
    static char full[65536], small[64];
    size_t k;
    FZ_CHECK(sk_step_describe(m, st, a, full, sizeof full) == full);
    FZ_CHECK(full[0]);
    for (k = 0; k < sizeof sizes / sizeof sizes[0] && strlen(full) < sizeof full - 1; k++) {
        memset(small, 'x', sizeof small);
        FZ_CHECK(sk_step_describe(m, st, a, small, sizes[k]) == small);
        check_cut(full, small, sizes[k]);
    }
    for (int level = 1; level <= 2; level++) {
        FZ_CHECK(sk_step_describe_vague(m, st, cand, level, a, full, sizeof full) == full);
        FZ_CHECK(full[0]);
        for (k = 0; k < sizeof sizes / sizeof sizes[0] && strlen(full) < sizeof full - 1; k++) {
            memset(small, 'x', sizeof small);
            FZ_CHECK(sk_step_describe_vague(m, st, cand, level, a, small, sizes[k]) == small);
            check_cut(full, small, sizes[k]);
        }
    }
    /* the vague hint's digits are the step's, never the one it places */
    {
        uint64_t vd = sk_step_vague_digits(st, cand);
        FZ_CHECK((vd & ~st->digits) == 0);
        if (st->cell >= 0)
            FZ_CHECK(!(vd & 1ull << (st->digit - 1)));
    }
    FZ_CHECK(sk_step_name(st, full, sizeof full) == full && full[0]);
}

static int assumes_unique(int tech)
{
    return tech == SK_TECH_UNIQUE_RECTANGLE || tech == SK_TECH_UNIQUE_LOOP || tech == SK_TECH_BUG;
}

/* Starts l from p: its pencil marks, or its givens. */
static int start(sk_logic *l, const sk_puzzle *p)
{
    return p->candidates ? sk_logic_start_candidates(l, p->cells, p->candidates)
                         : sk_logic_start(l, p->cells);
}

static void walk(int limit_byte, const sk_puzzle *p)
{
    const int n = p->geom.n, nn = n * n;
    sk_model *m = NULL;
    sk_logic *l = NULL;
    sk_diag d;
    uint8_t sol[SK_MAX_N * SK_MAX_N];
    uint64_t before[SK_MAX_N * SK_MAX_N];
    uint8_t vals[SK_MAX_N * SK_MAX_N];
    int have_sol = 0, unique = 0, limit, steps = 0, st, i, fits;
    sk_rating walked, rated;

    if (sk_model_new(&p->geom, &m, &d) != SK_OK)
        return; /* fuzz_fpuzzles and fuzz_solver judge the model builder */
    /* the solutions, from the engine that takes pencil marks */
    {
        sk_solver *s = NULL;
        sk_search_opts o = SK_SEARCH_OPTS_INIT;
        sk_result res;
        int e = sk_engine_find("cdcl");
        FZ_CHECK(e >= 0 && sk_solver_new(e, &s) == SK_OK);
        o.max_solutions = 2;
        o.max_nodes = fz_node_limit(n) * 4;
        o.candidates = p->candidates;
        FZ_CHECK(sk_solver_run(s, m, p->cells, &o, sol, &res) == SK_OK);
        have_sol = res.solutions > 0;
        unique = res.solutions == 1 && res.end == SK_END_EXHAUSTED;
        if (have_sol)
            FZ_CHECK(sk_verify(m, p->cells, sol));
        sk_solver_free(s);
    }
    /* dynamic chains only where they end soon: one solution, 9x9 at most;
       on a larger grid with several solutions the unique loops too can
       follow millions of paths (50 cells of the same pair on 25x25) */
    limit = limits[limit_byte % (int)(sizeof limits / sizeof limits[0])];
    if (!unique || n > 9)
        limit = limit > 62 ? 62 : limit;
    if (!unique && n > 9)
        limit = limit > 44 ? 44 : limit;

    FZ_CHECK(sk_logic_new(m, &l) == SK_OK);
    st = start(l, p);
    if (st != SK_OK) {
        FZ_CHECK(st == SK_EINVAL);
        /* only givens that clash, or (pencil marks) one outside its marks */
        FZ_CHECK(!have_sol);
        goto done;
    }
    sk_logic_set_limit(l, limit);
    sk_rating_init(&walked);
    /* does the position still hold the solution found? */
    fits = have_sol;
    for (;;) {
        sk_step step;
        const uint64_t *cand = sk_logic_candidates(l);
        const uint8_t *val = sk_logic_values(l);
        sk_why why;
        int c = sk_logic_contradiction(l, p->alphabet, &why);
        FZ_CHECK(c >= 0 && c <= 2);
        if (c)
            fz_check_message(why.message);
        if (fits) /* a position that holds a solution shows no contradiction */
            FZ_CHECK(c == 0);
        for (i = 0; i < nn && fits; i++)
            FZ_CHECK(val[i] ? val[i] == sol[i] : (cand[i] >> (sol[i] - 1) & 1));
        memcpy(before, cand, (size_t)nn * sizeof *before);
        memcpy(vals, val, (size_t)nn);
        st = sk_logic_next(l, &step);
        FZ_CHECK(st == 0 || st == 1);
        if (st == 0) {
            if (!sk_logic_solved(l))
                sk_rating_stuck(&walked);
            break;
        }
        /* a step within the limit that makes progress */
        FZ_CHECK(step.technique >= 0 && step.technique < SK_TECH_COUNT_);
        FZ_CHECK(step.rating > 0 && (!limit || step.rating <= limit));
        FZ_CHECK(step.cell >= 0 || step.nelim > 0);
        if (step.cell >= 0) {
            FZ_CHECK(step.cell < nn && !vals[step.cell]);
            FZ_CHECK(step.digit >= 1 && step.digit <= n);
            FZ_CHECK(before[step.cell] >> (step.digit - 1) & 1);
        }
        for (i = 0; i < step.nelim; i++) {
            const sk_cand *e = &step.elim[i];
            FZ_CHECK(e->cell >= 0 && e->cell < nn && !vals[e->cell]);
            FZ_CHECK(e->digit >= 1 && e->digit <= n);
            FZ_CHECK(before[e->cell] >> (e->digit - 1) & 1);
        }
        /* sound: nothing true removed, nothing false placed */
        if (fits && (unique || !assumes_unique(step.technique))) {
            if (step.cell >= 0)
                FZ_CHECK(step.digit == sol[step.cell]);
            for (i = 0; i < step.nelim; i++)
                FZ_CHECK(step.elim[i].digit != sol[step.elim[i].cell]);
        }
        check_texts(m, &step, before, p->alphabet);
        sk_rating_add(&walked, &step);
        sk_logic_apply(l, &step);
        /* a smaller position, holding what the step placed or removed */
        cand = sk_logic_candidates(l);
        val = sk_logic_values(l);
        for (i = 0; i < nn; i++) {
            FZ_CHECK((cand[i] & ~before[i]) == 0 || vals[i]);
            FZ_CHECK(!vals[i] || val[i] == vals[i]);
        }
        if (step.cell >= 0)
            FZ_CHECK(val[step.cell] == step.digit);
        if (!step.direct || step.cell < 0)
            for (i = 0; i < step.nelim; i++)
                FZ_CHECK(val[step.elim[i].cell] || !(cand[step.elim[i].cell] >> (step.elim[i].digit - 1) & 1));
        if (fits && !unique && assumes_unique(step.technique))
            for (i = 0; i < nn && fits; i++)
                fits = val[i] ? val[i] == sol[i] : (int)(cand[i] >> (sol[i] - 1) & 1);
        if (++steps == MAX_STEPS)
            goto done;
    }
    /* the rater, placing singles in bulk, adds up the same figures */
    FZ_CHECK(start(l, p) == SK_OK);
    FZ_CHECK(sk_rate_position(l, &rated) == SK_OK);
    FZ_CHECK(rated.er == walked.er && rated.ep == walked.ep && rated.ed == walked.ed);
    FZ_CHECK(rated.stuck == walked.stuck && rated.steps == walked.steps);
done:
    sk_logic_free(l);
    sk_model_free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_read_opts o = SK_READ_OPTS_INIT;
    if (size < 1)
        return 0;
    /* the first record only (each can take a second under the
       sanitizers); the reader's own checks are fuzz_auto's */
    {
        sk_reader *r = NULL;
        sk_puzzle p;
        sk_diag d;
        FZ_CHECK(sk_reader_open_mem((const char *)data + 1, size - 1, &o, &r) == SK_OK);
        if (sk_reader_next(r, &p, &d) == SK_OK)
            walk(data[0], &p);
        sk_reader_free(r);
    }
    return 0;
}
