/*
 * engine.h - what every search engine provides, and the bookkeeping they
 * share (limits, clock, solution reporting), so that all engines answer
 * the same questions in the same way.
 */
#ifndef SK_ENGINE_H
#define SK_ENGINE_H

#include "model.h"

/* Per-search control block: the question, the answer so far, the limits. */
typedef struct sk_ctl {
    const sk_search_opts *opts;
    sk_result *res;
    uint8_t *first;        /* where the first solution goes, or NULL */
    int ncells;
    double deadline;       /* monotonic seconds, 0 = none */
    uint64_t next_check;   /* node count at which limits are looked at next */
    uint32_t tick_every;   /* nodes between two looks (256; an engine whose
                              nodes are slow may lower it) */
} sk_ctl;

typedef struct sk_engine {
    sk_engine_info info;
    /* 1 when the engine can search m. */
    int (*accepts)(const sk_model *m);
    /* 1 when sk_engine_auto should pick the engine for m (it must accept
     * m too); NULL: never picked automatically, only by name. */
    int (*preferred)(const sk_model *m);
    /* Bytes of work memory a search of m needs (allocated by the solver,
     * reused across searches, never touched by anyone else meanwhile). */
    size_t (*workspace)(const sk_model *m);
    /* Searches; fills ctl->res.  givens are valid (every digit <= N).
     * Returns SK_OK, or an error that is not about the puzzle. */
    int (*search)(void *ws, const sk_model *m, const uint8_t *givens, sk_ctl *ctl);
    /* 1 when search honours ctl->opts->candidates (pencil-mark masks). */
    int masks;
} sk_engine;

extern const sk_engine skx_engine_general;
extern const sk_engine skx_engine_9x9;
extern const sk_engine skx_engine_cdcl;
extern const sk_engine skx_engine_dlx;

/* 1 when m carries pencil marks as a rule (given candidates, as
 * f-puzzles writes them): such puzzles are built to need long proofs and
 * go to the cdcl engine, as pencil marks given to the search do
 * (sk_solver_run). */
static inline int skx_has_marks(const sk_model *m)
{
    for (int k = 0; k < m->nrules; k++)
        if (m->rules[k].kind == SK_RULE_DIGITS)
            return 1;
    return 0;
}

/* 1 when m's propagators are all little killers and unions of sums
 * (SKX_SUM_WHOLE_GROUPS) and nothing narrows a cell: the general engine
 * searches those faster than the cdcl engine (see general_preferred). */
static inline int skx_little_killers_only(const sk_model *m)
{
    if (!m->ncons || m->cell_mask)
        return 0;
    for (int x = 0; x < m->ncons; x++)
        if (m->cons[x].type != SKX_SUM || !(m->cons[x].flags & SKX_SUM_WHOLE_GROUPS))
            return 0;
    return 1;
}

/* 1 when m's propagators all come from killer cages and little killers
 * (a rule of either kind, or a sum derived from them: innies, outies,
 * unions) and no odd, even or given-candidates rule narrows a cell (the
 * cages' own narrowing of their cells is fine): up to 9x9 the general
 * engine's scored branching with pair probes searches those faster than
 * the cdcl engine (see general_preferred). */
static inline int skx_sums_only(const sk_model *m)
{
    if (!m->ncons)
        return 0;
    for (int k = 0; k < m->nrules; k++)
        if (m->rules[k].kind == SK_RULE_ODD || m->rules[k].kind == SK_RULE_EVEN ||
            m->rules[k].kind == SK_RULE_DIGITS)
            return 0;
    for (int x = 0; x < m->ncons; x++) {
        int r = m->cons[x].rule;
        if (r >= 0 && m->rules[r].kind != SK_RULE_CAGE && m->rules[r].kind != SK_RULE_LITTLE_KILLER)
            return 0;
    }
    return 1;
}

/* 1 when the general engine searches m's rules faster than the cdcl
 * engine (no propagator at all, little killers alone, or up to 9x9
 * killer cages with little killers); general_preferred and
 * cdcl_preferred both read the automatic choice from this one test. */
static inline int skx_rules_suit_general(const sk_model *m)
{
    return !m->ncons || skx_little_killers_only(m) || (m->n <= 9 && skx_sums_only(m));
}

/* Monotonic clock in seconds. */
double skx_now(void);

/* Reports a solution: counts it, copies the first, calls the callback.
 * Returns 1 when the search must stop now (res->end is then set). */
int skx_solution(sk_ctl *ctl, const uint8_t *grid);

/* Called for every node but the root, after res->nodes was incremented
 * and before the node is searched: returns 1 (with res->end set) when a
 * node limit, the deadline or cancellation stops the search.  A node over
 * max_nodes is uncounted again, so a search stopped that way reports
 * exactly max_nodes.  Cheap: looks at the clock only every
 * ctl->tick_every nodes. */
int skx_tick_slow(sk_ctl *ctl);

/* Looks at the deadline and the cancel flag now, whatever the node count
 * (for engines with long steps inside one node).  Returns 1 with res->end
 * set when the search must stop. */
int skx_expired(sk_ctl *ctl);
static inline int skx_tick(sk_ctl *ctl)
{
    if (ctl->res->nodes < ctl->next_check)
        return 0;
    return skx_tick_slow(ctl);
}

#endif
