/*
 * propagate.c - the propagation rules, their fixpoint and the workspace
 * layout of propagate.h (where the rules are explained).
 */
#include "propagate.h"
#include "rules/rules.h"

static size_t align8(size_t x) { return (x + 7) & ~(size_t)7; }

/* The sums' memo (rule 4 in propagate.h; rules.h's skx_memo). */
#ifndef MEMO_BITS /* (tests/unit/test_rules_memo.c sets both smaller) */
#define MEMO_BITS 13
#endif
#define MEMO_SIZE (1u << MEMO_BITS)
#ifndef MEMO_WAIT
#define MEMO_WAIT 4096
#endif

static int memo_fits(const sk_model *m, const skx_con *c)
{
    return c->type == SKX_SUM && skx_memo_fits(m, c);
}

static size_t memo_bytes(const sk_model *m)
{
    for (int x = 0; x < m->ncons; x++)
        if (memo_fits(m, &m->cons[x]))
            return MEMO_SIZE * sizeof(skx_memo) + 64; /* + 64: alignment */
    return 0;
}

static size_t trail_cap(const sk_model *m) { return (size_t)m->ncells * (size_t)m->n + 1; }

static size_t house_words(const sk_model *m) { return ((size_t)m->nhouses + 63) / 64; }

size_t skx_prop_workspace(const sk_model *m)
{
    size_t nc = (size_t)m->ncells;
    return align8(nc * 8)                      /* cand */
         + align8(nc)                          /* assigned */
         + align8(nc * 2) * 2                  /* astack, queue */
         + align8(trail_cap(m) * 2)            /* trail_cell */
         + align8(trail_cap(m) * 8)            /* trail_old */
         + house_words(m) * 8 * 3              /* hdirty, ldirty, lscan */
         + align8((size_t)m->ncons)            /* cq.dirty */
         + align8((size_t)m->ncons * 8)        /* cq.at */
         + align8(((size_t)m->con_max_cells + 1) * 8) /* cdom */
         + align8((m->con_scratch + 1) * 8)    /* cscratch */
         + (m->nhouses <= 64 ? nc * 8 : 0)    /* house_bits */
         + memo_bytes(m);                      /* memo */
}

char *skx_prop_carve(skx_prop *p, void *ws, const sk_model *m)
{
    char *b = ws;
    size_t nc = (size_t)m->ncells;
    p->m = m;
    p->cand = (uint64_t *)(void *)b;       b += align8(nc * 8);
    p->assigned = (uint8_t *)b;            b += align8(nc);
    p->astack = (uint16_t *)(void *)b;     b += align8(nc * 2);
    p->queue = (uint16_t *)(void *)b;      b += align8(nc * 2);
    p->trail_cell = (uint16_t *)(void *)b; b += align8(trail_cap(m) * 2);
    p->trail_old = (uint64_t *)(void *)b;  b += align8(trail_cap(m) * 8);
    p->hwords = (int)house_words(m);
    p->hdirty = (uint64_t *)(void *)b;     b += house_words(m) * 8;
    p->ldirty = (uint64_t *)(void *)b;     b += house_words(m) * 8;
    p->lscan = (uint64_t *)(void *)b;      b += house_words(m) * 8;
    p->cq.cons = m->cons;
    p->cq.ncons = (uint32_t)m->ncons;
    p->cq.dirty = (uint8_t *)b;            b += align8((size_t)m->ncons);
    p->cq.at = (uint32_t *)(void *)b;      b += align8((size_t)m->ncons * 8);
    p->cdom = (uint64_t *)(void *)b;       b += align8(((size_t)m->con_max_cells + 1) * 8);
    p->cscratch = (uint64_t *)(void *)b;   b += align8((m->con_scratch + 1) * 8);
    p->house_bits = NULL;
    if (m->nhouses <= 64) {
        p->house_bits = (uint64_t *)(void *)b;
        b += nc * 8;
        for (size_t i = 0; i < nc; i++) {
            uint64_t f = 0;
            for (uint32_t k = m->cell_house_off[i]; k < m->cell_house_off[i + 1]; k++)
                f |= 1ull << m->cell_houses[k];
            p->house_bits[i] = f;
        }
    }
    p->memo = NULL;
    size_t mb = memo_bytes(m);
    if (mb) {
        p->memo = (skx_memo *)(void *)(b + (-(uintptr_t)b & 63));
        b += mb;
    }
    return b;
}

int skx_prop_start(skx_prop *p, const uint8_t *givens, const uint64_t *masks)
{
    const sk_model *m = p->m;
    int ok = 1;
    p->nassigned = 0;
    p->ntrail = 0;
    p->qhead = p->qtail = 0;
    memset(p->assigned, 0, (size_t)m->ncells);
    memset(p->hdirty, 0xff, (size_t)p->hwords * 8);
    memset(p->ldirty, 0xff, (size_t)p->hwords * 8);
    for (int i = 0; i < m->ncells; i++) {
        uint64_t c = givens[i] ? 1ull << (givens[i] - 1) : m->all;
        if (m->cell_mask)
            c &= m->cell_mask[i];
        if (masks)
            c &= masks[i];
        p->cand[i] = c;
        if (!c)
            ok = 0;
        else if (skx_single(c))
            p->queue[p->qtail++] = (uint16_t)i;
    }
    p->memo_wait = MEMO_WAIT;
    p->cq.ncheap = p->cq.nslow = 0;
    memset(p->cq.dirty, 0, (size_t)m->ncons);
    for (int x = 0; x < m->ncons; x++)
        skx_conq_wake(&p->cq, (uint32_t)(m->ncons - 1 - x));
    return ok;
}

/* Rule 1: assigns every queued single, removing its digit from the peers. */
static inline __attribute__((always_inline)) int naked_singles(skx_prop *p, const int rules)
{
    const sk_model *m = p->m;
    while (p->qhead < p->qtail) {
        int i = p->queue[p->qhead++];
        if (p->assigned[i])
            continue;
        uint64_t d = p->cand[i];
        p->assigned[i] = 1;
        p->astack[p->nassigned++] = (uint16_t)i;
        const uint16_t *q = m->peers + m->peer_off[i], *end = m->peers + m->peer_off[i + 1];
        for (; q < end; q++)
            if (p->cand[*q] & d)
                if (!skx_narrow_(p, *q, p->cand[*q] & ~d, rules))
                    return 0;
    }
    return 1;
}

/* Rule 2 on one full house: -1 on contradiction, else cells fixed.  The
 * digits of the house's single cells are left out of the ones to place
 * (they are placed): without that nearly every house with a filled cell
 * took the second loop for nothing (a 9x9 little killer: a quarter more
 * nodes a second with it). */
static inline __attribute__((always_inline)) int hidden_in_house(skx_prop *p, int h,
                                                                 const int rules)
{
    const sk_model *m = p->m;
    const uint16_t *c = m->house_cells + m->house_off[h];
    const int n = m->n;
    uint64_t once = 0, twice = 0, placed = 0;
    for (int j = 0; j < n; j++) {
        uint64_t x = p->cand[c[j]];
        twice |= once & x;
        once |= x;
        placed |= x & (x - 1) ? 0 : x;
    }
    if (once != m->all)
        return -1;
    uint64_t uniq = once & ~twice & ~placed;
    if (!uniq)
        return 0;
    int fixed = 0;
    for (int j = 0; j < n; j++) {
        uint64_t x = p->cand[c[j]];
        uint64_t hit = x & uniq;
        if (!hit || skx_single(x))
            continue;
        if (!skx_single(hit) || !skx_narrow_(p, c[j], hit, rules))
            return -1; /* two digits that each must go here */
        fixed++;
    }
    return fixed;
}

/* Rule 2 on every changed full house: -1 on contradiction, else cells fixed. */
static inline __attribute__((always_inline)) int hidden_singles(skx_prop *p, const int rules)
{
    const int nfull = p->m->nfull;
    int fixed = 0;
    for (int w = 0; w < p->hwords; w++)
        while (p->hdirty[w]) {
            int h = w * 64 + __builtin_ctzll(p->hdirty[w]);
            p->hdirty[w] &= p->hdirty[w] - 1;
            if (h >= nfull)
                continue;
            int r = hidden_in_house(p, h, rules);
            if (r < 0)
                return -1;
            fixed += r;
        }
    return fixed;
}

/* Rule 3 on pairs touching a changed house: -1 on contradiction, else
 * candidates removed. */
static inline __attribute__((always_inline)) int locked_candidates(skx_prop *p,
                                                                   const int rules)
{
    const sk_model *m = p->m;
    const uint16_t *cells = m->isect_cells;
    int removed = 0, any = 0;
    for (int w = 0; w < p->hwords; w++) {
        p->lscan[w] = p->ldirty[w];
        p->ldirty[w] = 0;
        any |= p->lscan[w] != 0;
    }
    if (!any)
        return 0;
    for (int k = 0; k < m->nisects; k++) {
        const sk_isect *x = &m->isects[k];
        if (!skx_has_bit(p->lscan, x->a) && !skx_has_bit(p->lscan, x->b))
            continue;
        uint64_t in = 0, aout = 0, bout = 0;
        for (uint32_t j = x->in_off; j < x->a_only_off; j++)
            in |= p->cand[cells[j]];
        for (uint32_t j = x->a_only_off; j < x->b_only_off; j++)
            aout |= p->cand[cells[j]];
        uint64_t confined = in & ~aout;
        if (!confined)
            continue;
        for (uint32_t j = x->b_only_off; j < x->end; j++)
            bout |= p->cand[cells[j]];
        uint64_t hit = confined & bout;
        if (!hit)
            continue;
        for (uint32_t j = x->b_only_off; j < x->end; j++) {
            int c = cells[j];
            if (p->cand[c] & hit) {
                if (!skx_narrow_(p, c, p->cand[c] & ~hit, rules))
                    return -1;
                removed++;
            }
        }
    }
    return removed;
}

void skx_wake_rules(skx_prop *p, int i)
{
    const sk_model *m = p->m;
    for (uint32_t k = m->cell_con_off[i]; k < m->cell_con_off[i + 1]; k++) {
        skx_conq_wake(&p->cq, m->cell_cons[k]);
    }
}

/* 1 when cell y is one of propagator x's cells. */
static int in_con(const sk_model *m, int y, uint32_t x)
{
    for (uint32_t k = m->cell_con_off[y]; k < m->cell_con_off[y + 1]; k++)
        if (m->cell_cons[k] == x)
            return 1;
    return 0;
}

/* 1 when cell y belongs to house h. */
static int in_house(const sk_model *m, int y, int h)
{
    for (uint32_t k = m->cell_house_off[y]; k < m->cell_house_off[y + 1]; k++)
        if (m->cell_houses[k] == h)
            return 1;
    return 0;
}

/* Removes digit d from the cells of full house h outside propagator x,
 * whose `inside` places for d all lie in h: -1 on contradiction, else 1
 * when something changed. */
static int point_out(skx_prop *p, uint32_t x, int h, uint64_t d, int inside)
{
    const sk_model *m = p->m;
    const uint16_t *hc = m->house_cells + m->house_off[h];
    int changed = 0, places = 0;
    for (int q = 0; q < m->n; q++)
        places += (p->cand[hc[q]] & d) != 0;
    if (places == inside)
        return 0; /* done already: the usual case */
    for (int q = 0; q < m->n; q++) {
        int y = hc[q];
        if ((p->cand[y] & d) && !in_con(m, y, x)) {
            if (!skx_narrow_(p, y, p->cand[y] & ~d, 1))
                return -1;
            changed = 1;
        }
    }
    return changed;
}

/*
 * Pointing from a COMBO (a cage, a renban window): a digit that every
 * digit set still possible holds must go in one of the cells that can take
 * it; when those cells all lie in one full house, the digit leaves the
 * rest of that house.  required: those digits (filter_combo leaves them in
 * its scratch).  -1 on contradiction, else 1 when something changed.
 * With house_bits the houses holding every place of a digit are one AND of
 * those places' bitsets (MATHEMAGIC_KILLERS#0, general engine: a seventh
 * of the time went into testing each place against each house).
 */
static int combo_pointing(skx_prop *p, uint32_t x, const skx_con *c, uint64_t required)
{
    const sk_model *m = p->m;
    const uint16_t *cells = m->con_cells + c->cell_off;
    int changed = 0;
    if (p->house_bits) {
        /* the full houses that hold every place of d: the AND of those
         * places' bitsets of houses, less the smaller groups */
        const uint64_t full = m->nfull == 64 ? ~0ull : (1ull << m->nfull) - 1;
        for (; required; required &= required - 1) {
            uint64_t d = required & -required, common = full;
            int count = 0;
            for (uint32_t j = 0; j < c->ncells; j++)
                if (p->cand[cells[j]] & d) {
                    common &= p->house_bits[cells[j]];
                    count++;
                }
            if (count < 2)
                continue; /* placed, or a hidden single the filter placed */
            for (; common; common &= common - 1) {
                int r = point_out(p, x, __builtin_ctzll(common), d, count);
                if (r < 0)
                    return -1;
                changed |= r;
            }
        }
        return changed;
    }
    for (; required; required &= required - 1) {
        uint64_t d = required & -required;
        int first = -1, count = 0;
        for (uint32_t j = 0; j < c->ncells; j++)
            if (p->cand[cells[j]] & d) {
                if (first < 0)
                    first = cells[j];
                count++;
            }
        if (count < 2)
            continue; /* placed, or a hidden single the filter placed */
        for (uint32_t k = m->cell_house_off[first]; k < m->cell_house_off[first + 1]; k++) {
            int h = m->cell_houses[k];
            if (h >= m->nfull)
                continue;
            int all = 1;
            for (uint32_t j = 0; j < c->ncells && all; j++)
                if ((p->cand[cells[j]] & d) && cells[j] != first)
                    all = in_house(m, cells[j], h);
            if (!all)
                continue;
            int r = point_out(p, x, h, d, count);
            if (r < 0)
                return -1;
            changed |= r;
        }
    }
    return changed;
}

/* skx_con_filter on p->cdom for constraint c, through the memo when c
 * fits it and the memo is in use: 0 when c cannot hold. */
static int filter(skx_prop *p, const skx_con *c)
{
    const sk_model *m = p->m;
    if (!p->memo || !memo_fits(m, c))
        return skx_con_filter(m, c, p->cdom, p->cscratch);
    if (p->memo_wait) {
        if (--p->memo_wait == 0)
            memset(p->memo, 0, MEMO_SIZE * sizeof *p->memo);
        return skx_con_filter(m, c, p->cdom, p->cscratch);
    }
    return skx_memo_filter(p->memo, MEMO_BITS, m, c, p->cdom, p->cscratch, NULL);
}

/* Rule 4: runs waiting propagators until one narrows a cell (so that the
 * singles go first again) or none is left: -1 on contradiction, else 1
 * when something changed. */
static int run_rules(skx_prop *p)
{
    const sk_model *m = p->m;
    while (skx_conq_waiting(&p->cq)) {
        uint32_t x = skx_conq_next(&p->cq);
        const skx_con *c = &m->cons[x];
        const uint16_t *cells = m->con_cells + c->cell_off;
        for (uint32_t j = 0; j < c->ncells; j++)
            p->cdom[j] = p->cand[cells[j]];
        if (!filter(p, c))
            return -1;
        int changed = 0;
        /* A filter whose removals it would not take further itself does
         * not wake again for them: marked as waiting while they are made */
        const int settles = skx_con_settles(m, c);
        if (settles)
            p->cq.dirty[x] = 1;
        for (uint32_t j = 0; j < c->ncells; j++)
            if (p->cdom[j] != p->cand[cells[j]]) {
                if (!skx_narrow_(p, cells[j], p->cdom[j], 1)) {
                    if (settles)
                        p->cq.dirty[x] = 0;
                    return -1;
                }
                changed = 1;
            }
        if (settles)
            p->cq.dirty[x] = 0; /* (else x may be waiting again: left so) */
        if (c->type == SKX_COMBO && p->cscratch[0]) {
            int r = combo_pointing(p, x, c, p->cscratch[0]);
            if (r < 0)
                return -1;
            changed |= r;
        }
        if (changed)
            return 1;
    }
    return 0;
}

static inline __attribute__((always_inline)) int propagate(skx_prop *p, int locked,
                                                           const int rules)
{
    for (;;) {
        if (!naked_singles(p, rules))
            return 0;
        int r = hidden_singles(p, rules);
        if (r < 0)
            return 0;
        if (r > 0)
            continue;
        if (rules && skx_conq_waiting(&p->cq)) {
            r = run_rules(p);
            if (r < 0)
                return 0;
            if (r > 0)
                continue;
        }
        if (!locked)
            return 1;
        r = locked_candidates(p, rules);
        if (r < 0)
            return 0;
        if (r == 0)
            return 1;
    }
}

int skx_propagate(skx_prop *p, int locked)
{
    return p->m->ncons ? propagate(p, locked, 1) : propagate(p, locked, 0);
}
