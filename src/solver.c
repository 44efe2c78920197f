/*
 * solver.c - status strings, the engine registry and the solver handle
 * (engine choice plus reusable work memory).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"

const char *sk_strerror(int status)
{
    switch (status) {
#define SK_STATUS_CASE_(name, value, msg) \
    case value:                           \
        return msg;
        SK_STATUS_LIST(SK_STATUS_CASE_)
#undef SK_STATUS_CASE_
    default:
        return "unknown status";
    }
}

const char *sk_version(void) { return SK_VERSION; }

/* The registry: every list of engines (CLI, tests, benchmarks) is this one.
 * Order matters for sk_engine_auto: the first engine that accepts a model
 * and prefers it wins; failing that, the first that accepts it. */
static const sk_engine *const registry[] = {
    &skx_engine_9x9,
    &skx_engine_general,
    &skx_engine_cdcl,
    &skx_engine_dlx,
};
#define NENGINES ((int)(sizeof registry / sizeof registry[0]))

int sk_engine_count(void) { return NENGINES; }

const sk_engine_info *sk_engine_info_at(int i)
{
    return i >= 0 && i < NENGINES ? &registry[i]->info : NULL;
}

int sk_engine_find(const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < NENGINES; i++)
        if (strcmp(registry[i]->info.name, name) == 0)
            return i;
    return -1;
}

int sk_engine_accepts(int i, const sk_model *m)
{
    return i >= 0 && i < NENGINES && m && registry[i]->accepts(m);
}

int sk_engine_auto(const sk_model *m)
{
    if (!m)
        return -1;
    for (int i = 0; i < NENGINES; i++)
        if (registry[i]->preferred && registry[i]->accepts(m) && registry[i]->preferred(m))
            return i;
    for (int i = 0; i < NENGINES; i++)
        if (registry[i]->accepts(m))
            return i;
    return -1;
}

sk_verdict sk_result_verdict(const sk_result *r)
{
    if (!r)
        return SK_VERDICT_UNKNOWN;
    if (r->solutions >= 2)
        return SK_VERDICT_MULTIPLE;
    if (r->end == SK_END_EXHAUSTED)
        return r->solutions ? SK_VERDICT_UNIQUE : SK_VERDICT_NONE;
    return SK_VERDICT_UNKNOWN;
}

const char *sk_verdict_name(sk_verdict v)
{
    switch (v) {
    case SK_VERDICT_NONE: return "none";
    case SK_VERDICT_UNIQUE: return "unique";
    case SK_VERDICT_MULTIPLE: return "multiple";
    default: return "unknown";
    }
}

struct sk_solver {
    int engine;       /* registry index, or -1 for automatic */
    void *ws;         /* work memory */
    size_t ws_size;   /* bytes allocated */
};

int sk_solver_new(int engine, sk_solver **out)
{
    if (!out)
        return SK_EINVAL;
    *out = NULL;
    if (engine < -1 || engine >= NENGINES)
        return SK_EINVAL;
    sk_solver *s = calloc(1, sizeof *s);
    if (!s)
        return SK_ENOMEM;
    s->engine = engine;
    *out = s;
    return SK_OK;
}

void sk_solver_free(sk_solver *s)
{
    if (!s)
        return;
    free(s->ws);
    free(s);
}

double skx_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int skx_tick_slow(sk_ctl *ctl)
{
    const sk_search_opts *o = ctl->opts;
    sk_result *r = ctl->res;
    /* The node just counted would be one too many: it is not searched. */
    if (o->max_nodes && r->nodes > o->max_nodes) {
        r->nodes = o->max_nodes;
        r->end = SK_END_NODES;
        return 1;
    }
    ctl->next_check = r->nodes + ctl->tick_every;
    if (o->max_nodes && ctl->next_check > o->max_nodes + 1)
        ctl->next_check = o->max_nodes + 1;
    return skx_expired(ctl);
}

int skx_expired(sk_ctl *ctl)
{
    const sk_search_opts *o = ctl->opts;
    sk_result *r = ctl->res;
    if (o->cancel && __atomic_load_n(o->cancel, __ATOMIC_RELAXED)) {
        r->end = SK_END_CANCELLED;
        return 1;
    }
    if (ctl->deadline > 0 && skx_now() >= ctl->deadline) {
        r->end = SK_END_TIMEOUT;
        return 1;
    }
    return 0;
}

int skx_solution(sk_ctl *ctl, const uint8_t *grid)
{
    sk_result *r = ctl->res;
    const sk_search_opts *o = ctl->opts;
    if (r->solutions++ == 0 && ctl->first)
        memcpy(ctl->first, grid, (size_t)ctl->ncells);
    if (o->on_solution && o->on_solution(o->user, grid)) {
        r->end = SK_END_CALLBACK;
        return 1;
    }
    if (o->max_solutions && r->solutions >= o->max_solutions) {
        r->end = SK_END_SOLUTIONS;
        return 1;
    }
    return 0;
}

int sk_solver_run(sk_solver *s, const sk_model *m, const uint8_t *givens,
                  const sk_search_opts *opts, uint8_t *first, sk_result *res)
{
    static const sk_search_opts defaults = SK_SEARCH_OPTS_INIT;
    sk_result local;
    if (!s || !m || !givens)
        return SK_EINVAL;
    if (!opts)
        opts = &defaults;
    if (!res)
        res = &local;
    memset(res, 0, sizeof *res);
    for (int i = 0; i < m->ncells; i++)
        if (givens[i] > m->n)
            return SK_EINVAL;

    int e = s->engine >= 0 ? s->engine : sk_engine_auto(m);
    if (e >= 0 && opts->candidates && s->engine < 0) {
        /* automatic choice with pencil marks: the cdcl engine.  Puzzles
         * set as pencil marks are built to need long proofs, and learning
         * pays: of the nine in tests/variants it proves all unique in
         * 50 s, where the general engine needs over 60 s for each of
         * three.  On easy ones it costs a little more (top1465 as pencil
         * marks: 0.22 ms a puzzle against 0.12 ms). */
        for (int i = 0; i < NENGINES; i++)
            if (registry[i] == &skx_engine_cdcl) /* it accepts every model */
                e = i;
    }
    if (e < 0 || !registry[e]->accepts(m) || (opts->candidates && !registry[e]->masks))
        return SK_EUNSUPPORTED;
    const sk_engine *eng = registry[e];

    size_t need = eng->workspace(m);
    if (need > s->ws_size) {
        void *ws = malloc(need);
        if (!ws)
            return SK_ENOMEM;
        free(s->ws);
        s->ws = ws;
        s->ws_size = need;
    }
    sk_ctl ctl = {opts, res, first, m->ncells, 0.0, 256, 256};
    if (opts->timeout > 0)
        ctl.deadline = skx_now() + opts->timeout;
    if (opts->max_nodes && opts->max_nodes + 1 < ctl.next_check)
        ctl.next_check = opts->max_nodes + 1;
    res->end = SK_END_EXHAUSTED;
    return eng->search(s->ws, m, givens, &ctl);
}

int sk_solve(const sk_model *m, const uint8_t *givens, uint8_t *first, sk_result *res)
{
    sk_solver *s;
    int rc = sk_solver_new(-1, &s);
    if (rc)
        return rc;
    rc = sk_solver_run(s, m, givens, NULL, first, res);
    sk_solver_free(s);
    return rc;
}
