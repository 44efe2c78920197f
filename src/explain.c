/*
 * explain.c - sk_explain_none: why a puzzle has no solution, told as the
 * deductions that show it, so that a person can check them by hand.
 *
 * The engines prove "no solution" by a search that may guess thousands of
 * times; what they find is true but says nothing a setter can act on.  A
 * contradiction that propagation reaches from the givens, on the other
 * hand, is a short chain anyone can follow, and its last link names a
 * place: the cell left with no digit, the digit left with no place in a
 * house, the rule left with no way to hold.  So this file runs its own
 * propagation, slower than the engines' (propagate.h) but one that
 * remembers where it failed:
 *
 *   0. the givens themselves: two equal givens in one house (sk_check) or
 *      a rule they already break (sk_check_rules);
 *   1. the givens' own eliminations: every given leaves its peers first,
 *      so a contradiction met there is "the givens leave ...": no
 *      deduction is involved;
 *   2. then, each to a fixpoint, cheapest first: naked singles, hidden
 *      singles (a count per full house and digit of the places left, so
 *      the digit that loses its last place is caught at that moment),
 *      the propagators of the variant rules (src/rules/filter.c; only
 *      those made from one of the caller's rules, so that a failure
 *      names a rule the caller wrote, never a derived sum), and locked
 *      candidates;
 *   3. when the fixpoint holds no contradiction, each cell of two, then
 *      three candidates is probed: every candidate is placed in turn and
 *      propagated as in 2, then undone.  When all of a cell's candidates
 *      fail, that cell is the reason (BRANCH), with each failure given.
 *      Probing stops after PROBE_BUDGET narrowings;
 *   4. otherwise the honest answer is SEARCH: propagation leaves the
 *      puzzle open and only a search shows that no solution exists.
 *
 * A puzzle given as pencil marks (sk_explain_none_candidates) starts from
 * its marks rather than from every digit, so level 1 is "the pencil marks
 * leave ...", and the messages name them where they name the givens.
 *
 * Candidate masks only shrink along one line of reasoning, so every change
 * is logged on a trail (cell, old mask) and a probe is undone by popping
 * it; the counts of places per house and digit are restored from the same
 * entries.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"

#define PROBE_BUDGET 4000000u /* narrowings spent probing, at most */
#define BRANCH_MAX 3          /* candidates of a probed cell, at most */

/* One contradiction met by propagation. */
typedef struct reason {
    int kind;    /* SK_WHY_CELL, HOUSE or RULE; 0 = none yet */
    int cell, cell2, house, digit, rule;
    int deduced; /* some deduction beyond the givens' eliminations came first */
    int forced;  /* cells fixed beyond the givens by then */
} reason;

typedef struct ex {
    const sk_model *m;
    const uint8_t *givens;
    int n, nc;
    int src;            /* the cell whose digit is leaving its peers, or -1 */
    uint64_t *cand;     /* cand[i]: digits still possible in cell i */
    uint8_t *fixed;     /* fixed[i]: cell i's digit has left its peers */
    uint16_t *fstack;   /* fixed cells, in order */
    int nfixed;
    uint16_t *cnt;      /* cnt[h*n + d-1]: places of d left in full house h */
    uint16_t *queue;    /* cells that became single, not yet fixed */
    int qh, qt;
    int ninit;          /* the first ninit cells queued are the givens */
    uint32_t *hq;       /* (house, digit) pairs left with one place */
    int hqh, hqt;
    uint8_t *cdirty;    /* cdirty[x]: propagator x is in cq */
    uint32_t *cq;       /* propagators waiting to run (a stack) */
    int cqn;
    uint64_t *dom;      /* one propagator's masks */
    uint64_t *scratch;  /* its scratch */
    uint16_t *tcell;    /* trail: cell ... */
    uint64_t *told;     /* ... and its mask before the change */
    size_t ntrail;
    uint64_t work;      /* narrowings so far */
    int deduced, forced;
    reason why;
} ex;

const char *sk_why_keyword(int kind)
{
    switch (kind) {
#define SK_WHY_CASE_(name, value, keyword) \
    case value:                            \
        return keyword;
        SK_WHY_LIST(SK_WHY_CASE_)
#undef SK_WHY_CASE_
    default:
        return NULL;
    }
}

static int single(uint64_t x) { return x && !(x & (x - 1)); }

static int digit_of(uint64_t bit) { return __builtin_ctzll(bit) + 1; }

static void fail(ex *x, int kind, int cell, int cell2, int house, int digit, int rule)
{
    x->why = (reason){kind, cell, cell2, house, digit, rule, x->deduced, x->forced};
}

/* Narrows cell i to nw (a subset of its mask), on the trail; 0 when that
 * leaves a cell with no candidate or a digit with no place (x->why says
 * which). */
static int narrow(ex *x, int i, uint64_t nw)
{
    const sk_model *m = x->m;
    uint64_t old = x->cand[i], gone = old & ~nw;
    int ok = 1;
    if (!gone)
        return 1;
    x->tcell[x->ntrail] = (uint16_t)i;
    x->told[x->ntrail++] = old;
    x->cand[i] = nw;
    x->work++;
    if (!nw) {
        if (x->givens[i]) /* a given that a forced digit rules out */
            fail(x, SK_WHY_CELL, i, x->src, -1, x->givens[i], -1);
        else
            fail(x, SK_WHY_CELL, i, -1, -1, 0, -1);
        ok = 0;
    } else if (single(nw)) {
        x->queue[x->qt++] = (uint16_t)i;
    }
    /* every count is brought down before failing, so that undo, which
     * adds back what the trail restores, keeps them exact */
    for (uint32_t k = m->cell_house_off[i]; k < m->cell_house_off[i + 1]; k++) {
        int h = m->cell_houses[k];
        if (h >= m->nfull)
            continue;
        for (uint64_t g = gone; g; g &= g - 1) {
            int d = __builtin_ctzll(g);
            int left = --x->cnt[h * x->n + d];
            if (left == 0 && ok) {
                fail(x, SK_WHY_HOUSE, -1, -1, h, d + 1, -1);
                ok = 0;
            } else if (left == 1) {
                x->hq[x->hqt++] = (uint32_t)(h * x->n + d);
            }
        }
    }
    for (uint32_t k = m->ncons ? m->cell_con_off[i] : 0; k < (m->ncons ? m->cell_con_off[i + 1] : 0);
         k++) {
        uint32_t c = m->cell_cons[k];
        if (!x->cdirty[c] && m->cons[c].rule >= 0) {
            x->cdirty[c] = 1;
            x->cq[x->cqn++] = c;
        }
    }
    return ok;
}

/* Back to the state of (trail mark, fixed mark), a fixpoint. */
static void undo(ex *x, size_t tmark, int fmark)
{
    const sk_model *m = x->m;
    while (x->ntrail > tmark) {
        x->ntrail--;
        int i = x->tcell[x->ntrail];
        uint64_t back = x->told[x->ntrail] & ~x->cand[i];
        for (uint32_t k = m->cell_house_off[i]; k < m->cell_house_off[i + 1]; k++) {
            int h = m->cell_houses[k];
            if (h >= m->nfull)
                continue;
            for (uint64_t g = back; g; g &= g - 1)
                x->cnt[h * x->n + __builtin_ctzll(g)]++;
        }
        x->cand[i] = x->told[x->ntrail];
    }
    while (x->nfixed > fmark)
        x->fixed[x->fstack[--x->nfixed]] = 0;
    x->qh = x->qt = 0;
    x->hqh = x->hqt = 0;
    while (x->cqn)
        x->cdirty[x->cq[--x->cqn]] = 0;
}

/* Runs waiting propagators until one narrows a cell: -1 on contradiction,
 * 1 when something changed, 0 when none is left. */
static int run_rules(ex *x)
{
    const sk_model *m = x->m;
    while (x->cqn) {
        uint32_t k = x->cq[--x->cqn];
        const skx_con *c = &m->cons[k];
        const uint16_t *cells = m->con_cells + c->cell_off;
        int changed = 0;
        x->cdirty[k] = 0;
        for (uint32_t j = 0; j < c->ncells; j++)
            x->dom[j] = x->cand[cells[j]];
        if (!skx_con_filter(m, c, x->dom, x->scratch)) {
            fail(x, SK_WHY_RULE, cells[0], c->type == SKX_PAIR ? cells[1] : -1, -1, 0, c->rule);
            return -1;
        }
        for (uint32_t j = 0; j < c->ncells; j++)
            if (x->dom[j] != x->cand[cells[j]]) {
                x->deduced = 1;
                if (!narrow(x, cells[j], x->dom[j]))
                    return -1;
                changed = 1;
            }
        if (changed)
            return 1;
    }
    return 0;
}

/* Locked candidates over every intersection: -1 on contradiction, else
 * candidates removed. */
static int locked(ex *x)
{
    const sk_model *m = x->m;
    const uint16_t *cells = m->isect_cells;
    int removed = 0;
    for (int k = 0; k < m->nisects; k++) {
        const sk_isect *s = &m->isects[k];
        uint64_t in = 0, aout = 0;
        for (uint32_t j = s->in_off; j < s->a_only_off; j++)
            in |= x->cand[cells[j]];
        for (uint32_t j = s->a_only_off; j < s->b_only_off; j++)
            aout |= x->cand[cells[j]];
        uint64_t confined = in & ~aout;
        if (!confined)
            continue;
        for (uint32_t j = s->b_only_off; j < s->end; j++) {
            int c = cells[j];
            if (x->cand[c] & confined) {
                x->deduced = 1;
                if (!narrow(x, c, x->cand[c] & ~confined))
                    return -1;
                removed++;
            }
        }
    }
    return removed;
}

/* Propagates to a fixpoint: 1, or 0 on contradiction (x->why set). */
static int propagate(ex *x)
{
    const sk_model *m = x->m;
    for (;;) {
        while (x->qh < x->qt) {
            int i = x->queue[x->qh++];
            if (x->fixed[i])
                continue;
            if (x->qh > x->ninit) {
                x->deduced = 1;
                x->forced++;
            }
            x->fixed[i] = 1;
            x->fstack[x->nfixed++] = (uint16_t)i;
            uint64_t d = x->cand[i];
            x->src = i;
            for (uint32_t q = m->peer_off[i]; q < m->peer_off[i + 1]; q++) {
                int p = m->peers[q];
                if ((x->cand[p] & d) && !narrow(x, p, x->cand[p] & ~d))
                    return 0;
            }
            x->src = -1;
        }
        if (x->hqh < x->hqt) {
            uint32_t e = x->hq[x->hqh++];
            int h = (int)(e / (uint32_t)x->n);
            uint64_t bit = 1ull << (e % (uint32_t)x->n);
            for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++) {
                int c = m->house_cells[j];
                if ((x->cand[c] & bit) && x->cand[c] != bit) {
                    x->deduced = 1;
                    if (!narrow(x, c, bit))
                        return 0;
                    break;
                }
            }
            continue;
        }
        if (x->cqn) {
            int r = run_rules(x);
            if (r < 0)
                return 0;
            if (r > 0)
                continue;
        }
        int r = locked(x);
        if (r < 0)
            return 0;
        if (r == 0)
            return 1;
    }
}

/* ---- messages ---------------------------------------------------------- */

typedef struct text {
    char *buf;
    size_t size, len;
    const char *from; /* what propagation starts from: "givens", or "pencil
                         marks" for a puzzle given as candidates */
} text;

static void put(text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    if (t->len >= t->size)
        return;
    va_start(ap, fmt);
    int k = vsnprintf(t->buf + t->len, t->size - t->len, fmt, ap);
    va_end(ap);
    if (k > 0)
        t->len = t->len + (size_t)k < t->size ? t->len + (size_t)k : t->size - 1;
}

/* Symbol of digit d in alphabet a (decimal when a has none); model.h. */
const char *skx_digit_symbol(sk_alphabet a, int n, int d, char *buf)
{
    char c = 0;
    if (a == SK_ALPHABET_AUTO)
        a = n <= 35 ? SK_ALPHABET_DIGITS : SK_ALPHABET_NUMBERS;
    if (a != SK_ALPHABET_NUMBERS)
        c = sk_alphabet_symbol(a, d);
    if (c) {
        buf[0] = c;
        buf[1] = '\0';
    } else {
        snprintf(buf, 8, "%d", d);
    }
    return buf;
}

/* The rule of r, with the pair of cells when the rule covers the whole
 * grid ("nonconsecutive between r1c1 and r1c2"). */
static void put_rule(text *t, const sk_model *m, const reason *r)
{
    char what[96], a[12], b[12];
    sk_model_rule_describe(m, r->rule, what, sizeof what);
    put(t, "%s", what);
    if (r->cell2 >= 0 && m->rules[r->rule].ncells == 0)
        put(t, " between %s and %s", skx_cell_name(m->n, r->cell, a),
            skx_cell_name(m->n, r->cell2, b));
}

/* The contradiction r in a few words, as met inside a probe. */
static void put_short(text *t, const sk_model *m, sk_alphabet al, const reason *r)
{
    char c[12], h[64], d[8];
    switch (r->kind) {
    case SK_WHY_CELL:
        if (r->digit) {
            put(t, "%s cannot keep its given %s", skx_cell_name(m->n, r->cell, c),
                skx_digit_symbol(al, m->n, r->digit, d));
            if (r->cell2 >= 0)
                put(t, ": %s must hold %s too", skx_cell_name(m->n, r->cell2, c),
                    skx_digit_symbol(al, m->n, r->digit, d));
        } else {
            put(t, "%s has no candidate left", skx_cell_name(m->n, r->cell, c));
        }
        break;
    case SK_WHY_HOUSE:
        put(t, "%s has no place left for %s", sk_model_house_name(m, r->house, h, sizeof h),
            skx_digit_symbol(al, m->n, r->digit, d));
        break;
    default:
        put(t, "the ");
        put_rule(t, m, r);
        put(t, " cannot hold");
        break;
    }
}

/* " after propagation from the givens (12 cells forced)" */
static void put_after(text *t, int forced)
{
    put(t, " after propagation from the %s", t->from);
    if (forced > 0)
        put(t, " (%d cell%s forced)", forced, forced == 1 ? "" : "s");
}

/* The contradiction r met at the root. */
static void put_root(text *t, const sk_model *m, sk_alphabet al, const reason *r)
{
    char c[12], h[64], d[8];
    if (r->deduced || (r->kind == SK_WHY_CELL && r->digit)) {
        put_short(t, m, al, r);
        if (r->deduced)
            put_after(t, r->forced);
        return;
    }
    switch (r->kind) {
    case SK_WHY_CELL:
        put(t, "the %s leave %s no candidate", t->from, skx_cell_name(m->n, r->cell, c));
        break;
    case SK_WHY_HOUSE:
        put(t, "the %s leave %s no place for %s", t->from,
            sk_model_house_name(m, r->house, h, sizeof h), skx_digit_symbol(al, m->n, r->digit, d));
        break;
    default:
        put(t, "the %s leave the ", t->from);
        put_rule(t, m, r);
        put(t, " no way to hold");
        break;
    }
}

/* ---- the reasons --------------------------------------------------------- */

static void why_init(sk_why *w, int kind)
{
    memset(w, 0, sizeof *w);
    w->kind = kind;
    w->cell = w->cell2 = w->house = w->rule = -1;
}

/* Level 0: the givens themselves.  1 when they explain it. */
static int givens_reason(const sk_model *m, const uint8_t *givens, sk_alphabet al, sk_why *w)
{
    sk_conflict c;
    sk_violation v;
    text t = {w->message, sizeof w->message, 0, "givens"};
    if (sk_check(m, givens, &c, 1) > 0) {
        char h[64], d[8], a[12], b[12];
        why_init(w, SK_WHY_CONFLICT);
        w->cell = c.cell2;
        w->cell2 = c.cell1;
        w->house = c.house;
        w->digit = c.digit;
        put(&t, "the givens repeat %s in %s (%s and %s)", skx_digit_symbol(al, m->n, c.digit, d),
            sk_model_house_name(m, c.house, h, sizeof h), skx_cell_name(m->n, c.cell1, a),
            skx_cell_name(m->n, c.cell2, b));
        return 1;
    }
    if (sk_check_rules(m, givens, &v, 1) > 0) {
        why_init(w, SK_WHY_VIOLATION);
        w->cell = v.cell;
        w->rule = v.rule;
        put(&t, "the givens break a rule: %s", v.message);
        return 1;
    }
    return 0;
}

static void copy_reason(sk_why *w, const reason *r)
{
    why_init(w, r->kind);
    w->cell = r->cell;
    w->cell2 = r->cell2;
    w->house = r->house;
    w->digit = r->digit;
    w->rule = r->rule;
    w->forced = r->forced;
}

/* Level 3: a cell whose every candidate fails.  1 when one is found. */
static int probe(ex *x, sk_alphabet al, const char *from, sk_why *w)
{
    const sk_model *m = x->m;
    size_t tmark = x->ntrail;
    int fmark = x->nfixed, forced = x->forced, open = 0;
    uint64_t budget = x->work + PROBE_BUDGET;
    reason fails[BRANCH_MAX];
    for (int i = 0; i < x->nc; i++)
        open += !single(x->cand[i]);
    for (int size = 2; size <= BRANCH_MAX; size++)
        for (int i = 0; i < x->nc && x->work < budget; i++) {
            uint64_t c = x->cand[i];
            int k = 0;
            if (__builtin_popcountll(c) != size)
                continue;
            for (uint64_t g = c; g; g &= g - 1, k++) {
                x->why.kind = 0;
                x->qh = x->qt = x->hqh = x->hqt = 0;
                x->ninit = 0;
                x->forced = 0;
                x->deduced = 1;
                int ok = narrow(x, i, g & -g) && propagate(x);
                fails[k] = x->why;
                undo(x, tmark, fmark);
                if (ok)
                    break;
            }
            if (k < size)
                continue;
            /* every candidate of cell i fails */
            text t = {w->message, sizeof w->message, 0, from};
            char cn[12], d[8];
            why_init(w, SK_WHY_BRANCH);
            w->cell = i;
            w->digits = c;
            w->forced = forced;
            w->open = open;
            put(&t, "%s can only hold ", skx_cell_name(m->n, i, cn));
            k = 0;
            for (uint64_t g = c; g; g &= g - 1, k++)
                put(&t, "%s%s", k == 0 ? "" : k == size - 1 ? " or " : ", ",
                    skx_digit_symbol(al, m->n, digit_of(g & -g), d));
            put_after(&t, forced);
            put(&t, ", and %s: ", size == 2 ? "neither works" : "none works");
            k = 0;
            for (uint64_t g = c; g; g &= g - 1, k++) {
                put(&t, "%swith %s, ", k ? "; " : "", skx_digit_symbol(al, m->n, digit_of(g & -g), d));
                put_short(&t, m, al, &fails[k]);
            }
            return 1;
        }
    w->open = open;
    w->forced = forced;
    return 0;
}

static size_t align8(size_t v) { return (v + 7) & ~(size_t)7; }

int sk_explain_none(const sk_model *m, const uint8_t *givens, sk_alphabet al, sk_why *w)
{
    return sk_explain_none_candidates(m, givens, NULL, al, w);
}

int sk_explain_none_candidates(const sk_model *m, const uint8_t *givens, const uint64_t *marks,
                               sk_alphabet al, sk_why *w)
{
    const char *from = marks ? "pencil marks" : "givens";
    if (!m || !givens || !w)
        return SK_EINVAL;
    for (int i = 0; i < m->ncells; i++)
        if (givens[i] > m->n)
            return SK_EINVAL;
    if (givens_reason(m, givens, al, w))
        return SK_OK;

    ex x;
    memset(&x, 0, sizeof x);
    x.m = m;
    x.givens = givens;
    x.src = -1;
    x.n = m->n;
    x.nc = m->ncells;
    size_t nc = (size_t)m->ncells, trail = nc * (size_t)m->n + 1;
    size_t ncnt = (size_t)m->nfull * (size_t)m->n, ncons = (size_t)m->ncons;
    size_t bytes = align8(nc * 8) + align8(nc) + align8(nc * 2) * 2 + align8(ncnt * 2) +
                   align8(ncnt * 4) + align8(ncons) + align8(ncons * 4) +
                   align8(((size_t)m->con_max_cells + 1) * 8) + align8((m->con_scratch + 1) * 8) +
                   align8(trail * 2) + align8(trail * 8);
    char *block = malloc(bytes), *b = block;
    if (!block)
        return SK_ENOMEM;
    x.cand = (uint64_t *)(void *)b;    b += align8(nc * 8);
    x.fixed = (uint8_t *)b;            b += align8(nc);
    x.fstack = (uint16_t *)(void *)b;  b += align8(nc * 2);
    x.queue = (uint16_t *)(void *)b;   b += align8(nc * 2);
    x.cnt = (uint16_t *)(void *)b;     b += align8(ncnt * 2);
    x.hq = (uint32_t *)(void *)b;      b += align8(ncnt * 4);
    x.cdirty = (uint8_t *)b;           b += align8(ncons);
    x.cq = (uint32_t *)(void *)b;      b += align8(ncons * 4);
    x.dom = (uint64_t *)(void *)b;     b += align8(((size_t)m->con_max_cells + 1) * 8);
    x.scratch = (uint64_t *)(void *)b; b += align8((m->con_scratch + 1) * 8);
    x.tcell = (uint16_t *)(void *)b;   b += align8(trail * 2);
    x.told = (uint64_t *)(void *)b;

    /* the starting masks, the counts, the givens queued first */
    memset(x.fixed, 0, nc);
    memset(x.cdirty, 0, ncons);
    reason start = {0, -1, -1, -1, 0, -1, 0, 0};
    for (int i = 0; i < x.nc; i++) {
        uint64_t c = givens[i] ? 1ull << (givens[i] - 1) : m->all;
        if (m->cell_mask)
            c &= m->cell_mask[i];
        if (marks)
            c &= marks[i];
        x.cand[i] = c;
        if (!c && !start.kind)
            start = (reason){SK_WHY_CELL, i, -1, -1, givens[i], -1, 0, 0};
        else if (single(c))
            x.queue[x.qt++] = (uint16_t)i;
    }
    x.ninit = x.qt;
    memset(x.cnt, 0, ncnt * 2);
    for (int h = 0; h < m->nfull; h++)
        for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++)
            for (uint64_t g = x.cand[m->house_cells[j]]; g; g &= g - 1)
                x.cnt[h * x.n + __builtin_ctzll(g)]++;
    for (int h = 0; h < m->nfull && !start.kind; h++)
        for (int d = 0; d < x.n; d++) {
            if (x.cnt[h * x.n + d] == 0) {
                start = (reason){SK_WHY_HOUSE, -1, -1, h, d + 1, -1, 0, 0};
                break;
            }
            if (x.cnt[h * x.n + d] == 1)
                x.hq[x.hqt++] = (uint32_t)(h * x.n + d);
        }
    for (int k = (int)ncons - 1; k >= 0; k--)
        if (m->cons[k].rule >= 0) {
            x.cdirty[k] = 1;
            x.cq[x.cqn++] = (uint32_t)k;
        }

    text t = {w->message, sizeof w->message, 0, from};
    if (start.kind || !propagate(&x)) {
        reason r = start.kind ? start : x.why;
        copy_reason(w, &r);
        put_root(&t, m, al, &r);
    } else if (!probe(&x, al, from, w)) {
        int open = w->open, forced = w->forced;
        why_init(w, SK_WHY_SEARCH);
        w->forced = forced;
        w->open = open;
        put(&t, "propagation from the %s", from);
        if (forced > 0)
            put(&t, " (%d cell%s forced)", forced, forced == 1 ? "" : "s");
        put(&t, " finds no contradiction and leaves %d cell%s open: only a search shows that "
                "there is no solution",
            open, open == 1 ? "" : "s");
    }
    free(block);
    return SK_OK;
}
