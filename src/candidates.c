/*
 * candidates.c - true candidates: for every cell, the digits it holds in
 * at least one solution, and in how many (up to a cap).
 *
 * A setter asks this again and again while building a puzzle, so it must
 * cost far less than listing the solutions.  The method:
 *
 *   - possible[i] starts as every digit the givens and masks allow;
 *   - each digit d of each cell i not yet known to be in a solution is
 *     tried: a search with cell i held to d and every other cell held to
 *     its possible digits.  A solution found shows d in i, and every
 *     other digit of that solution in its cell, true at once, so most
 *     true candidates never need a search of their own; no solution shows
 *     d in i false, and it leaves possible[i] for the searches after it
 *     (each search starts from what the earlier ones proved).
 *
 * With a cap above 1 each candidate's count is wanted up to the cap: the
 * solutions met are kept (a hash set of grids), every new one adds to the
 * count of each of its digits, and a candidate is searched (with the cap
 * as its solution limit) only while its count is below the cap and not
 * already exact.  The set is bounded; past its bound, counts come from
 * each candidate's own search alone.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define STORE_BYTES (64u << 20) /* solutions kept for counting, at most */

typedef struct store {
    int nc;
    size_t count, cap;   /* grids kept, hash slots (a power of two) */
    uint8_t *grids;      /* count grids of nc bytes */
    uint32_t *slot;      /* index + 1 of the grid in each slot, 0 = empty */
    size_t grid_cap;     /* grids the block can hold */
    int full;            /* the bound was reached: no more grids kept */
} store;

static uint64_t hash_grid(const uint8_t *g, int nc)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < nc; i++)
        h = (h ^ g[i]) * 1099511628211ull;
    return h;
}

/* Adds grid g; 1 when it is new, 0 when known (or not kept), -1 on ENOMEM. */
static int store_add(store *s, const uint8_t *g)
{
    if (s->full)
        return 0;
    if (2 * (s->count + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        if (cap * sizeof(uint32_t) + (cap / 2) * (size_t)s->nc > STORE_BYTES) {
            s->full = 1;
            return 0;
        }
        uint32_t *slot = calloc(cap, sizeof *slot);
        uint8_t *grids = realloc(s->grids, (cap / 2) * (size_t)s->nc);
        if (!slot || !grids) {
            free(slot);
            if (grids)
                s->grids = grids;
            return -1;
        }
        s->grids = grids;
        s->grid_cap = cap / 2;
        for (size_t k = 0; k < s->count; k++) {
            size_t h = hash_grid(grids + k * (size_t)s->nc, s->nc) & (cap - 1);
            while (slot[h])
                h = (h + 1) & (cap - 1);
            slot[h] = (uint32_t)(k + 1);
        }
        free(s->slot);
        s->slot = slot;
        s->cap = cap;
    }
    size_t h = hash_grid(g, s->nc) & (s->cap - 1);
    while (s->slot[h]) {
        if (memcmp(s->grids + (s->slot[h] - 1) * (size_t)s->nc, g, (size_t)s->nc) == 0)
            return 0;
        h = (h + 1) & (s->cap - 1);
    }
    memcpy(s->grids + s->count * (size_t)s->nc, g, (size_t)s->nc);
    s->slot[h] = (uint32_t)(++s->count);
    return 1;
}

typedef struct cand_run {
    const sk_model *m;
    uint64_t *seen;       /* seen[i]: digits of cell i in some solution met */
    uint64_t *counts;     /* the caller's counts, or NULL */
    uint64_t cap;
    store st;
    int failed;           /* out of memory in the callback */
    uint64_t distinct;    /* solutions met, each once (when kept) */
} cand_run;

static int on_solution(void *user, const uint8_t *g)
{
    cand_run *c = user;
    const int n = c->m->n;
    for (int i = 0; i < c->m->ncells; i++)
        c->seen[i] |= 1ull << (g[i] - 1);
    if (!c->counts)
        return 0;
    int fresh = store_add(&c->st, g);
    if (fresh < 0) {
        c->failed = 1;
        return 1;
    }
    if (fresh) {
        c->distinct++;
        for (int i = 0; i < c->m->ncells; i++) {
            uint64_t *k = &c->counts[(size_t)i * (size_t)n + (size_t)(g[i] - 1)];
            if (*k < c->cap)
                ++*k;
        }
    }
    return 0;
}

int sk_candidates(sk_solver *s, const sk_model *m, const uint8_t *givens,
                  const sk_candidates_opts *opts, uint64_t *out, uint64_t *counts,
                  sk_candidates_result *res)
{
    static const sk_candidates_opts defaults = SK_CANDIDATES_OPTS_INIT;
    sk_candidates_result local;
    if (!res)
        res = &local;
    memset(res, 0, sizeof *res);
    res->end = SK_END_EXHAUSTED;
    if (!s || !m || !givens || !out)
        return SK_EINVAL;
    if (!opts)
        opts = &defaults;
    const int n = m->n, nc = m->ncells;
    const uint64_t cap = opts->cap ? opts->cap : 1;
    for (int i = 0; i < nc; i++)
        if (givens[i] > n)
            return SK_EINVAL;

    uint64_t *possible = out; /* narrowed in place as candidates fail */
    uint64_t *masks = malloc((size_t)nc * sizeof *masks);
    uint8_t *exact = counts ? calloc((size_t)nc * (size_t)n, 1) : NULL;
    cand_run c;
    memset(&c, 0, sizeof c);
    c.m = m;
    c.counts = counts;
    c.cap = cap;
    c.st.nc = nc;
    c.seen = calloc((size_t)nc, sizeof *c.seen);
    int rc = SK_OK;
    if (!masks || !c.seen || (counts && !exact)) {
        rc = SK_ENOMEM;
        goto out;
    }
    for (int i = 0; i < nc; i++) {
        uint64_t p = givens[i] ? 1ull << (givens[i] - 1) : m->all;
        if (m->cell_mask)
            p &= m->cell_mask[i];
        if (opts->candidates)
            p &= opts->candidates[i];
        possible[i] = p;
    }
    if (counts)
        memset(counts, 0, (size_t)nc * (size_t)n * sizeof *counts);

    const double deadline = opts->timeout > 0 ? skx_now() + opts->timeout : 0;
    for (int i = 0; i < nc; i++)
        for (int d = 0; d < n; d++) {
            uint64_t bit = 1ull << d;
            if (!(possible[i] & bit))
                continue;
            size_t at = (size_t)i * (size_t)n + (size_t)d;
            /* known true, and (when counting) its count settled */
            if ((c.seen[i] & bit) && (!counts || exact[at] || counts[at] >= cap))
                continue;
            if (opts->cancel && __atomic_load_n(opts->cancel, __ATOMIC_RELAXED)) {
                res->end = SK_END_CANCELLED;
                goto done;
            }
            sk_search_opts so = SK_SEARCH_OPTS_INIT;
            so.max_solutions = counts ? cap : 1;
            so.on_solution = on_solution;
            so.user = &c;
            so.cancel = opts->cancel;
            if (deadline > 0) {
                so.timeout = deadline - skx_now();
                if (so.timeout <= 0) {
                    res->end = SK_END_TIMEOUT;
                    goto done;
                }
            }
            memcpy(masks, possible, (size_t)nc * sizeof *masks);
            masks[i] = bit;
            so.candidates = masks;
            sk_result r;
            rc = sk_solver_run(s, m, givens, &so, NULL, &r);
            if (rc != SK_OK)
                goto out;
            if (c.failed) {
                rc = SK_ENOMEM;
                goto out;
            }
            res->searches++;
            res->nodes += r.nodes;
            res->guesses += r.guesses;
            if (r.end == SK_END_TIMEOUT || r.end == SK_END_CANCELLED) {
                res->end = r.end;
                goto done;
            }
            if (r.solutions == 0) {
                possible[i] &= ~bit; /* in no solution: later searches know it */
            } else if (counts) {
                /* this search saw every solution with d in i, up to cap */
                counts[at] = r.solutions < cap ? r.solutions : cap;
                exact[at] = 1;
            }
        }
done:
    /* the answer: digits met in a solution (all of them when complete;
     * when stopped early, the digits not yet ruled out) */
    if (res->end == SK_END_EXHAUSTED)
        for (int i = 0; i < nc; i++)
            out[i] = possible[i] & c.seen[i];
    res->solutions = c.distinct;
out:
    free(masks);
    free(exact);
    free(c.seen);
    free(c.st.grids);
    free(c.st.slot);
    return rc;
}
