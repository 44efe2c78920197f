/*
 * propagate.h - candidate propagation with a trail, used by the general
 * engine (engine_general.c) and the best-score search (best.c) over any
 * model the library builds.
 *
 * Candidates
 *   One 64-bit mask per cell; bit d-1 set means digit d is still
 *   possible.  A cell is "assigned" once its single digit has been removed
 *   from all its peers; the assigned cells are also kept on a stack in the
 *   order they were assigned.
 *
 *       cand[i]   bit:  63 ........ N-1 ... 2 1 0
 *                       (unused)    digit N .. 3 2 1
 *
 * Undo
 *   Instead of copying the grid at each branch (32 KB at 64x64) every
 *   change to cand[] goes through skx_narrow, which logs (cell, old mask)
 *   on a trail; skx_undo pops back to a mark.  Each entry removes at least
 *   one candidate, so the trail never holds more than N*N*N entries and is
 *   allocated once, with everything else, in the caller's workspace.
 *
 * Rules, run to a fixpoint by skx_propagate, cheapest first
 *   1. naked singles: a cell with one candidate removes it from its peers.
 *      A cell that becomes single is queued by skx_narrow itself, so the
 *      rule costs one pass over the peers of each newly fixed cell and
 *      nothing for the rest of the grid;
 *   2. hidden singles: in a full house a digit with one possible cell goes
 *      there; a digit with none is a contradiction.  Rule 1 sees only
 *      cells, this sees digits, and catches dead ends rule 1 cannot (a
 *      digit squeezed out of a house).  One pass per changed house with
 *      "seen once / seen twice" masks: 2N word operations, no counting per
 *      digit.  Without it the general engine needs 2.7 times the nodes and
 *      1.6 times the time on the hardest 9x9 puzzles (the first 5000 of
 *      forum_hardest_11plus), 7.5 and 3 times on top1465;
 *   3. locked candidates: when every place for digit d in full house A lies
 *      in A∩B, d leaves B\A (pointing and claiming, and the same between
 *      jigsaw regions, diagonals and windows).  It removes candidates without
 *      fixing any cell, which neither single rule can, but each call scans
 *      every intersection (sk_model.isects) that touches a changed house,
 *      so it runs only when 1-2 are stuck.  On top1465 it cuts the nodes
 *      from 93 to 39 a puzzle and the time by a third; on the hardest set
 *      it saves a fifth of the nodes for about a sixth more time.  Callers
 *      that undo at once (probes) can skip it.
 *   4. variant rules: each propagator of the model (src/rules/filter.c)
 *      whose cells changed runs on its cells' masks, when the singles are
 *      stuck and before locked candidates (propagators narrow cells that
 *      the singles then settle; locked candidates cost more).  After a
 *      COMBO (a cage, a renban window), a digit that every digit set it
 *      still allows holds, with all its places in one full house, leaves
 *      the rest of that house (pointing from a cage).  A sum's filter is
 *      a pure function of its cells' masks, and the same masks come back
 *      again and again (the two digits of a probe settle the same cells,
 *      and so do sibling nodes): up to 16x16, what a sum of at most
 *      MEMO_CELLS cells made of its masks is remembered in a table of
 *      MEMO_SIZE entries, keyed by the sum and its masks (compared whole,
 *      never by hash alone), and reused.  A third of the sums' runs on a
 *      9x9 little killer are found there.  The table is cleared and used
 *      only once a search has run MEMO_WAIT sums, so easy puzzles do not
 *      pay for clearing it.  Two filters whose removals they would take no
 *      further themselves (sums, pairs: skx_con_settles) are not woken
 *      again by their own removals.
 *   Every change marks the houses of its cell dirty, with one bitset per
 *   house rule, so rules 2 and 3 look only at what changed; after an undo
 *   to a fixpoint the state is a fixpoint again and nothing is dirty.
 *   With at most 64 houses (9x9 and 16x16 with their extra regions) each
 *   cell's houses are one word, house_bits, ORed in at once: the loop over
 *   a cell's houses was the costliest line of a narrowing, and killer
 *   cages narrow often (MATHEMAGIC_KILLERS#0, general engine: 0.85 times
 *   the time).  Pointing from cages ANDs the same words.
 *
 * Use
 *   The caller reserves skx_prop_workspace(m) bytes at the start of its
 *   workspace, lets skx_prop_carve lay the arrays out there (the rest of
 *   the block is the caller's), loads the givens with skx_prop_start and
 *   calls skx_propagate; it may read every field, and changes cand[] only
 *   through skx_narrow.  narrow and undo run once per probe or node and
 *   are inline here; the rules are in propagate.c.
 */
#ifndef SK_PROPAGATE_H
#define SK_PROPAGATE_H

#include <string.h>

#include "model.h"

typedef struct skx_prop {
    const sk_model *m;
    uint64_t *cand;        /* cand[i]: digits still possible in cell i */
    uint8_t *assigned;     /* assigned[i]: 1 once cell i's digit left its peers */
    uint16_t *astack;      /* cells in the order they were assigned */
    int nassigned;         /* length of astack */
    uint16_t *queue;       /* cells that became single, not yet assigned */
    int qhead, qtail;
    uint16_t *trail_cell;  /* trail: cell whose mask changed ... */
    uint64_t *trail_old;   /* ... and its mask before the change */
    uint32_t ntrail;
    int hwords;            /* words in each house bitset below */
    uint64_t *hdirty;      /* houses changed since their hidden-singles scan */
    uint64_t *ldirty;      /* houses changed since their locked-candidates scan */
    uint64_t *lscan;       /* snapshot of ldirty during one locked pass */
    /* variant rules: propagators (m->cons) waiting to run */
    skx_conq cq;
    uint64_t *cdom;        /* the masks of one propagator's cells */
    uint64_t *cscratch;    /* its scratch (m->con_scratch words) */
    uint64_t *house_bits;  /* with at most 64 houses, bit h of house_bits[i]:
                              cell i is in house h (else NULL) */
    struct skx_memo *memo; /* the sums' table (rule 4, rules.h), or NULL */
    uint32_t memo_wait;    /* sums to run before the table is used */
} skx_prop;

/* Bytes of workspace the arrays need for m (a multiple of 8). */
size_t skx_prop_workspace(const sk_model *m);

/* Lays the arrays out from ws (8-byte aligned) and returns the first byte
 * after them (8-byte aligned too). */
char *skx_prop_carve(skx_prop *p, void *ws, const sk_model *m);

/* The starting state: givens[i] (0 = empty) in cell i, narrowed by the
 * rules' cell masks and by masks (optional N*N candidate masks), nothing
 * assigned, the trail empty, every house and propagator dirty.  Returns 0
 * when some cell is left with no digit (no solution), else 1;
 * skx_propagate comes next. */
int skx_prop_start(skx_prop *p, const uint8_t *givens, const uint64_t *masks);

/* Runs the rules to a fixpoint; 0 on contradiction.  With `locked` 0 rule
 * 3 is skipped. */
int skx_propagate(skx_prop *p, int locked);

static inline int skx_single(uint64_t x) { return x && !(x & (x - 1)); }

static inline int skx_has_bit(const uint64_t *set, int h) { return (int)(set[h >> 6] >> (h & 63) & 1); }

/* Queues the propagators of cell i that are not waiting yet. */
void skx_wake_rules(skx_prop *p, int i);

/* Narrows cell i to mask nw (a subset of its candidates), on the trail,
 * queues it when it became single and marks its houses for rules 2 and 3
 * and, when `rules` is set, wakes its propagators for rule 4.  0 on
 * contradiction (nw empty).  `rules` is a constant at every call inside
 * propagate.c, which is compiled twice over (with and without rules) so
 * that classic grids pay nothing for the variant rules. */
static inline __attribute__((always_inline)) int skx_narrow_(skx_prop *p, int i, uint64_t nw,
                                                             const int rules)
{
    const sk_model *m = p->m;
    p->trail_cell[p->ntrail] = (uint16_t)i;
    p->trail_old[p->ntrail++] = p->cand[i];
    p->cand[i] = nw;
    if (!nw)
        return 0;
    if (skx_single(nw))
        p->queue[p->qtail++] = (uint16_t)i;
    if (p->house_bits) { /* one word of houses: no loop over them */
        p->hdirty[0] |= p->house_bits[i];
        p->ldirty[0] |= p->house_bits[i];
    } else {
        for (uint32_t k = m->cell_house_off[i]; k < m->cell_house_off[i + 1]; k++) {
            int h = m->cell_houses[k];
            p->hdirty[h >> 6] |= 1ull << (h & 63);
            p->ldirty[h >> 6] |= 1ull << (h & 63);
        }
    }
    if (rules)
        skx_wake_rules(p, i);
    return 1;
}

/* skx_narrow_ for callers outside propagate.c (branching, probes). */
static inline int skx_narrow(skx_prop *p, int i, uint64_t nw)
{
    return skx_narrow_(p, i, nw, p->m->ncons != 0);
}

/* Returns to a fixpoint state recorded earlier as (ntrail, nassigned): all
 * rules had run there, so nothing is dirty or queued. */
static inline void skx_undo(skx_prop *p, uint32_t trail_mark, int assign_mark)
{
    while (p->ntrail > trail_mark) {
        p->ntrail--;
        p->cand[p->trail_cell[p->ntrail]] = p->trail_old[p->ntrail];
    }
    while (p->nassigned > assign_mark)
        p->assigned[p->astack[--p->nassigned]] = 0;
    p->qhead = p->qtail = 0;
    memset(p->hdirty, 0, (size_t)p->hwords * 8);
    memset(p->ldirty, 0, (size_t)p->hwords * 8);
    if (__builtin_expect(skx_conq_waiting(&p->cq), 0))
        skx_conq_clear(&p->cq);
}

#endif
