/*
 * logic_unique.c - the uniqueness patterns and aligned exclusions of the
 * logical solver: unique rectangles and loops (types 1 to 4), the
 * bivalue universal grave (BUG, types 1 to 4), and aligned pair and
 * triple exclusion, each found the way Sudoku Explainer 1.2.1 finds it
 * (scan order, which of several steps is taken, ratings).
 *
 * Uniqueness patterns assume the puzzle has one solution: a loop of cells
 * that could swap two digits, or a grid where every cell has two
 * candidates and every digit two places in each house, would give a second
 * solution, so the candidates that break the pattern must hold.
 *
 * "Region types" here: 0 boxes (and jigsaw regions), 1 rows, 2 columns,
 * then one type for each other full house (a diagonal, a window...).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "logic.h"
#include "model.h"

#define BIT(d) SKL_BIT(d)

static int popcount64(uint64_t x)
{
    return skl_popcount(x);
}

static int lowest(uint64_t x)
{
    return __builtin_ctzll(x);
}

/* First house of kind SKL_OTHER in s->house (they come last). */
static int first_other(const skl_state *s)
{
    int k = 0;
    while (k < s->nh && s->hkind[k] != SKL_OTHER)
        k++;
    return k;
}

static int ntypes(const skl_state *s)
{
    return 3 + s->nh - first_other(s);
}

/* The house (index into s->house) of type t holding cell c, or -1. */
static inline int region_of(const skl_state *s, int c, int t)
{
    if (t == 0)
        return s->cell_house[c * 3 + 0];
    if (t == 1)
        return s->cell_house[c * 3 + 2];
    if (t == 2)
        return s->cell_house[c * 3 + 1];
    int k = first_other(s) + t - 3;
    return k < s->nh && skl_in_house(s, k, c) ? k : -1;
}

/* Position of cell c in house k, or -1. */
static int pos_in(const skl_state *s, int k, int c)
{
    int cnt;
    const uint16_t *cells = skl_hcells(s, k, &cnt);
    for (int i = 0; i < cnt; i++)
        if (cells[i] == c)
            return i;
    return -1;
}


/* The grid as SE sees it: no candidates in filled cells. */
static uint64_t *grid_view(const skl_state *s)
{
    uint64_t *g = malloc((size_t)s->nc * sizeof *g);
    if (g)
        for (int c = 0; c < s->nc; c++)
            g[c] = s->val[c] ? 0 : s->cand[c];
    return g;
}

/* ---- unique rectangles and loops ------------------------------------------- */

enum { UR_T1, UR_T2, UR_T3N, UR_T3H, UR_T4 }; /* hint classes */

typedef struct ur_hint {
    double diff;
    int type, cls, len;
    int *loop;     /* len cells */
    int nel;
    sk_cand *el;   /* digits 0-based here */
} ur_hint;

typedef struct ur_ctx {
    skl_state *s;
    const uint64_t *g;
    int v1, v2, nt;
    int *loop, len;
    uint8_t *visits; /* 2 * nh: houses holding an odd / even cell of the path */
    int unbalanced;  /* houses of the path visited by one parity only */
    uint8_t *inl;    /* nc: cells on the path */
    int *pool;     /* loops found from the current start cell, one after
                      another: loop i is pool[found_at[i] ..], found_len[i]
                      cells */
    int npool, cappool;
    int *found_at, *found_len;
    int nfound, capfound;
    uint64_t *core; /* words: the cells a valid loop of the pair may use */
    int *hcount;    /* nh: core cells in each house */
    long budget;
    int expired; /* the timeout or the cancel flag stopped find_loops */
    /* hints kept (for the duplicate rule) and the best */
    ur_hint *hints;
    int nhints, caphints;
    int best;
    int oom;
} ur_ctx;

static int in_loop(const ur_ctx *u, int c) { return u->inl[c]; }

/* The cells of house k that hold both digits of the pair (every cell when
 * the positions table is not kept up). */
static uint64_t pair_places(const ur_ctx *u, int k)
{
    const skl_state *s = u->s;
    if (!s->pos_valid) {
        int cnt;
        skl_hcells(s, k, &cnt);
        return cnt == 64 ? ~0ull : BIT(cnt) - 1;
    }
    return s->pos[(size_t)k * (size_t)s->n + (size_t)u->v1] &
           s->pos[(size_t)k * (size_t)s->n + (size_t)u->v2];
}

/* Keeps a copy of the loop being built. */
static int record_loop(ur_ctx *u)
{
    if (u->nfound == u->capfound) {
        int cap = u->capfound ? 2 * u->capfound : 16;
        int *at = realloc(u->found_at, (size_t)cap * sizeof *at);
        if (at)
            u->found_at = at;
        int *fl = at ? realloc(u->found_len, (size_t)cap * sizeof *fl) : NULL;
        if (!fl) {
            u->oom = 1;
            return 0;
        }
        u->found_len = fl;
        u->capfound = cap;
    }
    if (u->npool + u->len > u->cappool) {
        int cap = u->cappool ? 2 * u->cappool : 256;
        while (cap < u->npool + u->len)
            cap *= 2;
        int *p = realloc(u->pool, (size_t)cap * sizeof *p);
        if (!p) {
            u->oom = 1;
            return 0;
        }
        u->pool = p;
        u->cappool = cap;
    }
    memcpy(u->pool + u->npool, u->loop, (size_t)u->len * sizeof *u->pool);
    u->found_at[u->nfound] = u->npool;
    u->found_len[u->nfound++] = u->len;
    u->npool += u->len;
    return 1;
}

/* SE's depth-first search for loops (SE 1.2.1 keeps the set of extra
 * digits of one level shared between the neighbours it tries, so extras
 * of a neighbour tried before count for the next ones; this is kept). */
static void find_loops(ur_ctx *u, int cell, int allowed, uint64_t ex_in, int last)
{
    skl_state *s = u->s;
    uint64_t ex = ex_in;
    uint64_t pair = BIT(u->v1) | BIT(u->v2);
    int parity = u->len & 1;
    if (u->oom || u->expired || --u->budget < 0)
        return;
    if (!(u->budget & 0xffff) && skl_expired(s)) {
        u->expired = 1; /* a big grid with many bivalue cells: many paths */
        return;
    }
    /* a loop is valid when every house visited by its odd cells is
       visited once by them, the same for its even cells, and both visit
       the same houses: a path whose cells of one parity share a house is
       not followed */
    for (int t = 0; t < u->nt; t++) {
        int k = region_of(s, cell, t);
        if (k >= 0 && u->visits[parity * s->nh + k])
            return;
    }
    for (int t = 0; t < u->nt; t++) {
        int k = region_of(s, cell, t);
        if (k >= 0) {
            u->visits[parity * s->nh + k] = 1;
            u->unbalanced += u->visits[(parity ^ 1) * s->nh + k] ? -1 : 1;
        }
    }
    u->inl[cell] = 1;
    u->loop[u->len++] = cell;
    for (int t = 0; t < u->nt; t++) {
        if (t == last)
            continue;
        int k = region_of(s, cell, t), cnt;
        if (k < 0)
            continue;
        const uint16_t *cells = skl_hcells(s, k, &cnt);
        /* the others cannot continue the loop, nor close it: its first
           cell holds both digits */
        for (uint64_t both = pair_places(u, k); both; both &= both - 1) {
            int next = cells[lowest(both)];
            if (next == u->loop[0] && u->len >= 4) {
                /* valid when every house of the path holds an odd and an
                   even cell (none holds two of one parity here) */
                if (!u->unbalanced)
                    record_loop(u);
                continue;
            }
            if ((u->g[next] & pair) != pair || in_loop(u, next))
                continue;
            ex |= u->g[next] & ~pair;
            ex &= ~pair;
            if (!(u->core[next >> 6] >> (next & 63) & 1))
                continue; /* no valid loop passes there */
            /* (next holds the pair: two candidates or more; tested
               without counting, which is costly without the instruction) */
            int bivalue = skl_two(u->g[next]);
            if (bivalue || skl_one(ex) || allowed > 0)
                find_loops(u, next, bivalue ? allowed : allowed - 1, ex, t);
        }
    }
    u->len--;
    u->inl[cell] = 0;
    for (int t = 0; t < u->nt; t++) {
        int k = region_of(s, cell, t);
        if (k >= 0) {
            u->visits[parity * s->nh + k] = 0;
            u->unbalanced -= u->visits[(parity ^ 1) * s->nh + k] ? -1 : 1;
        }
    }
}

/*
 * The cells of the pair's core: a valid loop visits every house of each of
 * its cells twice (once by its odd cells, once by its even ones), so its
 * cells hold the pair and every house of each holds another of them.
 * Cells that hold the pair are taken out while one of their houses holds
 * no other; a path through a cell taken out cannot close into a valid
 * loop, so the search does not go there (it still counts the cell's extra
 * digits, as SE does for every neighbour it looks at), nor starts from
 * it.  On the 17-clue puzzles of ER 6 to 8 this leaves out 58% of the
 * start cells.
 */
static void pair_core(ur_ctx *u)
{
    const skl_state *s = u->s;
    uint64_t pair = BIT(u->v1) | BIT(u->v2);
    memset(u->core, 0, (size_t)s->words * sizeof *u->core);
    memset(u->hcount, 0, (size_t)s->nh * sizeof *u->hcount);
    for (int c = 0; c < s->nc; c++)
        if ((u->g[c] & pair) == pair) {
            u->core[c >> 6] |= 1ull << (c & 63);
            for (int t = 0; t < u->nt; t++) {
                int k = region_of(s, c, t);
                if (k >= 0)
                    u->hcount[k]++;
            }
        }
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int w = 0; w < s->words; w++)
            for (uint64_t b = u->core[w]; b; b &= b - 1) {
                int c = w << 6 | lowest(b), lone = 0;
                for (int t = 0; t < u->nt && !lone; t++) {
                    int k = region_of(s, c, t);
                    lone = k >= 0 && u->hcount[k] < 2;
                }
                if (!lone)
                    continue;
                u->core[w] &= ~(1ull << (c & 63));
                for (int t = 0; t < u->nt; t++) {
                    int k = region_of(s, c, t);
                    if (k >= 0)
                        u->hcount[k]--;
                }
                changed = 1;
            }
    }
}

static int same_loop(const int *a, int na, const int *b, int nb)
{
    if (na != nb)
        return 0;
    for (int i = 0; i < nb; i++) {
        int found = 0;
        for (int j = 0; j < na && !found; j++)
            found = a[j] == b[i];
        if (!found)
            return 0;
    }
    return 1;
}

/* Offers a hint: dropped when it removes nothing or repeats a kept hint of
 * its class on the same cells; else kept, and the best so far when it is
 * easier (by rating, then type) than the best. */
static void ur_offer(ur_ctx *u, int cls, int type, double bonus, const int *loop, int len,
                     const sk_cand *el, int nel)
{
    if (!nel)
        return;
    for (int i = 0; i < u->nhints; i++)
        if (u->hints[i].cls == cls && same_loop(u->hints[i].loop, u->hints[i].len, loop, len))
            return;
    if (u->nhints == u->caphints) {
        int cap = u->caphints ? 2 * u->caphints : 16;
        ur_hint *h = realloc(u->hints, (size_t)cap * sizeof *h);
        if (!h) {
            u->oom = 1;
            return;
        }
        u->hints = h;
        u->caphints = cap;
    }
    double diff = 4.5;
    if (len >= 10)
        diff += 0.3;
    if (len >= 8)
        diff += 0.2;
    else if (len >= 6)
        diff += 0.1;
    if (u->s->limit && (int)((diff + bonus + 0.05) * 10) > u->s->limit)
        return; /* above the caller's limit: not a step here */
    ur_hint *h = &u->hints[u->nhints];
    h->diff = diff + bonus;
    h->type = type;
    h->cls = cls;
    h->len = len;
    h->loop = malloc((size_t)len * sizeof *h->loop);
    h->el = malloc((size_t)(nel + 1) * sizeof *h->el);
    if (!h->loop || !h->el) {
        free(h->loop);
        free(h->el);
        u->oom = 1;
        return;
    }
    memcpy(h->loop, loop, (size_t)len * sizeof *loop);
    memcpy(h->el, el, (size_t)nel * sizeof *el);
    h->nel = nel;
    if (u->best < 0 || h->diff < u->hints[u->best].diff ||
        (h->diff == u->hints[u->best].diff && type < u->hints[u->best].type))
        u->best = u->nhints;
    u->nhints++;
}

/* Cells that see every cell of list[0..n) (not themselves in it). */
static int sees_all(const skl_state *s, int c, const int *list, int n)
{
    for (int i = 0; i < n; i++)
        if (c == list[i] || !skl_sees(s, c, list[i]))
            return 0;
    return 1;
}

/*
 * UR type 3 looks for a naked or a hidden set among a house's cells or
 * digits of every size up to N - 2: on 9x9 up to 7, SE's bound, but on
 * 25x25 a plain walk over the subsets of 25 cells visits millions for
 * each loop.  A set whose union of masks grows past its size can never
 * be one, so the walk leaves out the elements whose own mask is too big
 * and stops extending a subset as soon as its union is.  It visits the
 * same subsets that pass, in the same order as skl_next_subset (numeric
 * order of the masks: the highest element first, each taken in turn from
 * the lowest), so that the step found first is the one it always was.
 */
/* A house holding both extra cells, as every degree of ur_type3 sees it. */
typedef struct ur_house {
    const uint16_t *cells;
    int cnt, empty, i1, i2;
    uint64_t uni;          /* the places of the pair's digits (c2's left out) */
    int ok;                /* both digits have one */
    uint64_t place[SK_MAX_N]; /* those of each digit of rem */
} ur_house;

typedef struct set_walk {
    ur_ctx *u;
    const int *loop;
    int len;
    sk_cand *el;
    int naked;            /* 1: cells of the house, 0: digits */
    int degree;
    const int *idx;       /* the elements: indexes (cells of the house, or
                             into rem), ascending */
    const uint64_t *mask; /* their masks: candidates, or places */
    const ur_house *h;
    uint64_t pair, extra; /* the rectangle's two digits; the others of c1, c2 */
    const int *rem;
} set_walk;

static void set_found(set_walk *w, uint64_t sub, uint64_t uni)
{
    ur_ctx *u = w->u;
    const uint64_t *g = u->g;
    const ur_house *h = w->h;
    sk_cand *el = w->el;
    int nel = 0;
    if (popcount64(uni) != w->degree)
        return;
    if (w->naked) {
        /* c1 brings its extra digits; the others their candidates */
        uint64_t naked = w->extra & g[h->cells[h->i1]] & g[h->cells[h->i2]];
        for (uint64_t q = sub; q; q &= q - 1)
            naked |= g[h->cells[lowest(q)]];
        if (popcount64(naked) != w->degree)
            return;
        sub |= BIT(h->i1);
        for (int i = 0; i < h->cnt; i++) {
            int o = h->cells[i];
            if ((sub & BIT(i)) || i == h->i1 || i == h->i2)
                continue;
            for (uint64_t v = g[o] & uni; v; v &= v - 1)
                el[nel].cell = o, el[nel++].digit = lowest(v);
        }
        ur_offer(u, UR_T3N, 3, (popcount64(uni) - 1) * 0.1, w->loop, w->len, el, nel);
        return;
    }
    uint64_t vals = w->pair;
    for (uint64_t q = sub; q; q &= q - 1)
        vals |= BIT(w->rem[lowest(q)]);
    uint64_t hidden = uni & ~BIT(h->i1) & ~BIT(h->i2);
    for (uint64_t q = hidden; q; q &= q - 1) {
        int o = h->cells[lowest(q)];
        for (uint64_t v = g[o] & ~vals; v; v &= v - 1)
            el[nel].cell = o, el[nel++].digit = lowest(v);
    }
    ur_offer(u, UR_T3H, 3, (popcount64(hidden) - 1) * 0.1, w->loop, w->len, el, nel);
}

/* The subsets of left more elements below element top, in numeric order. */
static void set_walk_from(set_walk *w, int top, int left, uint64_t sub, uint64_t uni)
{
    if (!left) {
        set_found(w, sub, uni);
        return;
    }
    for (int e = left - 1; e < top && !w->u->oom; e++) {
        uint64_t un = uni | w->mask[e];
        if (popcount64(un) <= w->degree)
            set_walk_from(w, e, left - 1, sub | BIT(w->idx[e]), un);
    }
}

static void ur_type3(ur_ctx *u, const int *loop, int len, int c1, int c2, sk_cand *el)
{
    skl_state *s = u->s;
    const uint64_t *g = u->g;
    uint64_t pair = BIT(u->v1) | BIT(u->v2);
    uint64_t extra = (g[c1] | g[c2]) & ~pair;
    int n = s->n, nh = 0, nrem = 0;
    int idx[SK_MAX_N], rem[SK_MAX_N];
    uint64_t mask[SK_MAX_N];
    ur_house room[6], *hs = room, *h;
    set_walk w = {u, loop, len, el, 0, 0, idx, mask, NULL, pair, extra, rem};
    for (int v = 0; v < n; v++)
        if (v != u->v1 && v != u->v2 && !(extra & BIT(v)))
            rem[nrem++] = v;
    /* the houses of both cells, read once for every degree (two cells
       share at most two of a row, a column and a box; more with other
       houses) */
    if (u->nt > 6 && !(hs = malloc((size_t)u->nt * sizeof *hs))) {
        u->oom = 1;
        return;
    }
    for (int t = 0; t < u->nt; t++) {
        int k = region_of(s, c1, t);
        if (k < 0 || k != region_of(s, c2, t))
            continue;
        h = &hs[nh++];
        h->cells = skl_hcells(s, k, &h->cnt);
        h->empty = 0;
        for (int i = 0; i < h->cnt; i++)
            h->empty += !s->val[h->cells[i]];
        h->i1 = pos_in(s, k, c1);
        h->i2 = pos_in(s, k, c2);
        h->uni = 0;
        h->ok = 1;
        for (int j = -2; j < nrem; j++) {
            int v = j == -2 ? u->v1 : j == -1 ? u->v2 : rem[j];
            uint64_t p = 0;
            for (int i = 0; i < h->cnt; i++)
                if (i != h->i2 && (g[h->cells[i]] & BIT(v)))
                    p |= BIT(i);
            if (j < 0) {
                h->ok &= p != 0;
                h->uni |= p;
            } else {
                h->place[j] = p;
            }
        }
    }
    for (int degree = popcount64(extra); degree <= n - 2; degree++)
        for (int hi = 0; hi < nh; hi++) {
            int ne = 0;
            h = &hs[hi];
            w.degree = degree;
            w.h = h;
            if (degree * 2 <= h->empty && degree <= h->cnt) {
                /* c1 (its extra digits) and degree - 1 other cells of two
                   candidates or more */
                for (int i = 0; i < h->cnt; i++) {
                    uint64_t m = g[h->cells[i]];
                    if (i != h->i1 && i != h->i2 && skl_two_to(m, degree))
                        idx[ne] = i, mask[ne++] = m;
                }
                w.naked = 1;
                set_walk_from(&w, ne, degree - 1, 0, extra);
            }
            if (degree * 2 < h->empty) {
                if (degree - 2 > nrem || nrem == 0 || !h->ok)
                    continue;
                /* the places of a digit: none, or more than degree, and
                   no set holding it is one */
                ne = 0;
                for (int j = 0; j < nrem; j++)
                    if (skl_one(h->place[j]) || skl_two_to(h->place[j], degree))
                        idx[ne] = j, mask[ne++] = h->place[j];
                w.naked = 0;
                if (popcount64(h->uni) <= degree)
                    set_walk_from(&w, ne, degree - 2, 0, h->uni);
            }
        }
    if (hs != room)
        free(hs);
}

static void ur_loop(ur_ctx *u, const int *loop, int len, sk_cand *el)
{
    skl_state *s = u->s;
    const uint64_t *g = u->g;
    uint64_t pair = BIT(u->v1) | BIT(u->v2);
    int extra[4 * SK_MAX_N], nx = 0, nel = 0;
    for (int i = 0; i < len; i++)
        if (popcount64(g[loop[i]]) > 2 && nx < 4 * SK_MAX_N)
            extra[nx++] = loop[i];
    if (nx == 1) {
        for (uint64_t v = g[extra[0]] & pair; v; v &= v - 1)
            el[nel].cell = extra[0], el[nel++].digit = lowest(v);
        ur_offer(u, UR_T1, 1, 0.0, loop, len, el, nel);
        return;
    }
    if (nx < 2)
        return;
    uint64_t rest = (g[extra[0]] | g[extra[1]]) & ~pair;
    if (nx > 2 || popcount64(rest) == 1) {
        /* type 2: the extra digit of the first extra cell goes from the
           cells that see all extra cells */
        int d = lowest(g[extra[0]] & ~pair);
        for (int c = 0; c < s->nc; c++)
            if ((g[c] & BIT(d)) && sees_all(s, c, extra, nx))
                el[nel].cell = c, el[nel++].digit = d;
        ur_offer(u, UR_T2, 2, 0.0, loop, len, el, nel);
        if (nx > 2)
            return;
    } else if (popcount64(rest) >= 2) {
        ur_type3(u, loop, len, extra[0], extra[1], el);
    }
    /* type 4: a digit of the pair with no other place in a house of both
       extra cells; the other digit goes from them */
    int c1 = extra[0], c2 = extra[1], lock1 = 0, lock2 = 0;
    for (int t = 0; t < u->nt; t++) {
        int k = region_of(s, c1, t), cnt, h1 = 0, h2 = 0;
        if (k < 0 || k != region_of(s, c2, t))
            continue;
        const uint16_t *cells = skl_hcells(s, k, &cnt);
        for (int i = 0; i < cnt; i++) {
            int o = cells[i];
            if (o == c1 || o == c2)
                continue;
            h1 |= (g[o] & BIT(u->v1)) != 0;
            h2 |= (g[o] & BIT(u->v2)) != 0;
        }
        lock1 |= !h1;
        lock2 |= !h2;
    }
    if (lock1 || lock2) {
        int d = lock1 ? u->v2 : u->v1;
        nel = 0;
        el[nel].cell = c1, el[nel++].digit = d;
        el[nel].cell = c2, el[nel++].digit = d;
        ur_offer(u, UR_T4, 4, 0.0, loop, len, el, nel);
    }
}

static void ur_free(ur_ctx *u)
{
    free(u->pool);
    free(u->found_at);
    free(u->found_len);
    free(u->core);
    free(u->hcount);
    for (int i = 0; i < u->nhints; i++) {
        free(u->hints[i].loop);
        free(u->hints[i].el);
    }
    free(u->hints);
    free(u->loop);
    free(u->visits);
    free(u->inl);
}

/* Unique rectangles and loops: 1 with s->step filled, 0, SK_ENOMEM, or
 * SK_ETIME when the timeout or the cancel flag stops the search. */
int skl_unique_loops(skl_state *s)
{
    ur_ctx u;
    int ret = 0;
    uint64_t *g = grid_view(s);
    sk_cand *el = malloc((size_t)s->nc * (size_t)s->n * sizeof *el);
    memset(&u, 0, sizeof u);
    u.s = s;
    u.g = g;
    u.nt = ntypes(s);
    u.best = -1;
    u.loop = malloc((size_t)s->nc * sizeof *u.loop);
    u.visits = calloc((size_t)s->nh * 2, 1);
    u.inl = calloc((size_t)s->nc, 1);
    u.core = malloc((size_t)s->words * sizeof *u.core);
    u.hcount = malloc((size_t)s->nh * sizeof *u.hcount);
    if (!g || !el || !u.loop || !u.visits || !u.inl || !u.core || !u.hcount) {
        free(u.core);
        free(u.hcount);
        free(u.inl);
        free(u.visits);
        free(g);
        free(el);
        free(u.loop);
        return SK_ENOMEM;
    }
    uint64_t core_of = 0; /* the pair of u.core */
    for (int c = 0; c < s->nc && !u.oom; c++) {
        if (popcount64(g[c]) != 2)
            continue;
        if (skl_expired(s)) {
            ret = SK_ETIME;
            break;
        }
        u.v1 = lowest(g[c]);
        u.v2 = lowest(g[c] & (g[c] - 1));
        /* a valid loop leaves its first cell by one house and comes back
           by another (else two of its odd cells share a house): two of
           the cell's houses must hold the pair elsewhere */
        int open = 0;
        for (int t = 0; t < u.nt && open < 2; t++) {
            int k = region_of(s, c, t);
            if (k >= 0) {
                uint64_t both = pair_places(&u, k);
                open += (both & (both - 1)) != 0; /* c and another */
            }
        }
        if (open < 2)
            continue;
        uint64_t pair = BIT(u.v1) | BIT(u.v2);
        if (pair != core_of) {
            pair_core(&u);
            core_of = pair;
        }
        if (!(u.core[c >> 6] >> (c & 63) & 1))
            continue;
        u.len = 0;
        u.budget = 1000000;
        u.nfound = 0;
        u.npool = 0;
        find_loops(&u, c, 2, 0, -1);
        if (u.expired) {
            ret = SK_ETIME;
            break;
        }
        for (int i = 0; i < u.nfound && !u.oom; i++) {
            const int *loop = u.pool + u.found_at[i];
            ur_loop(&u, loop, u.found_len[i], el);
        }
    }
    if (u.oom) {
        ret = SK_ENOMEM;
    } else if (ret == 0 && u.best >= 0) {
        const ur_hint *h = &u.hints[u.best];
        skl_step_reset(s, h->len == 4 ? SK_TECH_UNIQUE_RECTANGLE : SK_TECH_UNIQUE_LOOP,
                       (int)((h->diff + 0.05) * 10));
        s->step.subtype = h->type;
        for (int i = 0; i < h->nel; i++)
            skl_add_elim(s, h->el[i].cell, h->el[i].digit);
        for (int i = 0; i < h->len; i++)
            s->cells[s->step.ncells++] = h->loop[i];
        s->step.digits = g[h->loop[0]] & g[h->loop[1]];
        {
            /* the pair: the digits every loop cell has */
            uint64_t both = s->m->all;
            for (int i = 0; i < h->len; i++)
                both &= g[h->loop[i]];
            s->step.digits = both;
        }
        ret = 1;
    }
    ur_free(&u);
    free(g);
    free(el);
    return ret;
}

/* ---- the bivalue universal grave ------------------------------------------ */

/* Houses in SE's BUG order: boxes, rows, columns, others. */
static int bug_order(const skl_state *s, int *order)
{
    static const int kinds[4] = {SKL_BLOCK, SKL_ROW, SKL_COLUMN, SKL_OTHER};
    int n = 0;
    for (int t = 0; t < 4; t++)
        for (int k = 0; k < s->nh; k++)
            if (s->hkind[k] == kinds[t])
                order[n++] = k;
    return n;
}

int skl_bug(skl_state *s)
{
    int nc = s->nc, n = s->n, ret = 0;
    uint64_t *g = grid_view(s);
    uint64_t *temp = grid_view(s);
    uint64_t *bugval = calloc((size_t)nc, sizeof *bugval);
    uint8_t *common = malloc((size_t)nc);
    int *order = malloc((size_t)s->nh * sizeof *order);
    int *bug = malloc((size_t)nc * sizeof *bug);
    int nbug = 0, have_common = 0;
    uint64_t all = 0;
    if (!g || !temp || !bugval || !common || !order || !bug) {
        ret = SK_ENOMEM;
        goto out;
    }
    int nk = bug_order(s, order);
    for (int oi = 0; oi < nk; oi++) {
        int k = order[oi], cnt;
        const uint16_t *cells = skl_hcells(s, k, &cnt);
        for (int d = 0; d < n; d++) {
            int np = 0, nb = 0, at = -1;
            for (int i = 0; i < cnt; i++)
                if (g[cells[i]] & BIT(d)) {
                    np++;
                    if (popcount64(g[cells[i]]) >= 3)
                        nb++, at = cells[i];
                }
            if (np == 0 || np == 2)
                continue;
            if (nb == 1) {
                int known = 0;
                for (int i = 0; i < nbug; i++)
                    known |= bug[i] == at;
                if (!known)
                    bug[nbug++] = at;
                bugval[at] |= BIT(d);
                all |= BIT(d);
                temp[at] &= ~BIT(d);
                if (!have_common) {
                    for (int c = 0; c < nc; c++)
                        common[c] = (uint8_t)skl_sees(s, c, at);
                    have_common = 1;
                } else {
                    for (int c = 0; c < nc; c++)
                        common[c] = (uint8_t)(common[c] && skl_sees(s, c, at));
                }
                int any = 0;
                for (int i = 0; i < nbug; i++)
                    common[bug[i]] = 0;
                for (int c = 0; c < nc; c++)
                    any |= common[c];
                if (nbug > 1 && popcount64(all) > 1 && !any)
                    goto out;
            }
            if (nb == 0)
                goto out;
        }
    }
    for (int c = 0; c < nc; c++)
        if (!s->val[c] && popcount64(temp[c]) != 2)
            goto out;
    for (int oi = 0; oi < nk; oi++) {
        int k = order[oi], cnt;
        const uint16_t *cells = skl_hcells(s, k, &cnt);
        for (int d = 0; d < n; d++) {
            int np = 0;
            for (int i = 0; i < cnt; i++)
                np += (temp[cells[i]] & BIT(d)) != 0;
            if (np != 0 && np != 2)
                goto out;
        }
    }
    if (!nbug)
        goto out;
    int any_common = 0;
    for (int c = 0; have_common && c < nc; c++)
        any_common |= common[c];
    if (nbug == 1) {
        skl_step_reset(s, SK_TECH_BUG, 56);
        s->step.subtype = 1;
        for (uint64_t v = g[bug[0]] & ~all; v; v &= v - 1)
            skl_add_elim(s, bug[0], lowest(v));
    } else if (popcount64(all) == 1) {
        int d = lowest(all);
        skl_step_reset(s, SK_TECH_BUG, 57);
        s->step.subtype = 2;
        for (int c = 0; any_common && c < nc; c++)
            if (common[c] && (g[c] & BIT(d)))
                skl_add_elim(s, c, d);
        if (!s->step.nelim) {
            if (nbug == 2)
                goto type4;
            goto out;
        }
    } else if (any_common) {
        if (nbug == 2)
            goto type4;
        goto type3;
    } else {
        goto out;
    }
    goto found;
type4: {
    int c1 = bug[0], c2 = bug[1];
    uint64_t both = g[c1] & g[c2] & ~all;
    int shared = 0;
    if (popcount64(both) == 1)
        for (int t = 0; t < ntypes(s) && !shared; t++) {
            int k = region_of(s, c1, t);
            shared = k >= 0 && k == region_of(s, c2, t);
        }
    if (shared) {
        skl_step_reset(s, SK_TECH_BUG, 57);
        s->step.subtype = 4;
        for (uint64_t v = g[c1] & ~bugval[c1] & ~both; v; v &= v - 1)
            skl_add_elim(s, c1, lowest(v));
        for (uint64_t v = g[c2] & ~bugval[c2] & ~both; v; v &= v - 1)
            skl_add_elim(s, c2, lowest(v));
        if (s->step.nelim)
            goto found;
    }
    if (popcount64(all) == 1 || !any_common)
        goto out;
}
type3:
    for (int t = 0; t < ntypes(s); t++) {
        int k = region_of(s, bug[0], t);
        for (int i = 1; i < nbug && k >= 0; i++)
            if (region_of(s, bug[i], t) != k)
                k = -1;
        if (k < 0)
            continue;
        int rc[SK_MAX_N], nr = 0;
        for (int c = 0; c < nc; c++)
            if (common[c] && skl_in_house(s, k, c))
                rc[nr++] = c;
        for (int degree = 2; degree <= 6 && degree <= n - 3; degree++) {
            if (nr < degree)
                continue;
            for (uint64_t sub = (1ull << (degree - 1)) - 1; sub; sub = skl_next_subset(sub, nr)) {
                uint64_t other = 0;
                int ok = popcount64(all) > 1;
                for (uint64_t q = sub; q; q &= q - 1) {
                    uint64_t p = g[rc[lowest(q)]];
                    if (popcount64(p) <= 1)
                        ok = 0;
                    other |= p;
                }
                if (!ok || popcount64(other) != degree || popcount64(other | all) != degree)
                    continue;
                uint64_t naked = other | all;
                skl_step_reset(s, SK_TECH_BUG, 57);
                s->step.subtype = 3;
                for (int i = 0; i < nr; i++) {
                    if (sub & BIT(i))
                        continue;
                    for (uint64_t v = g[rc[i]] & naked; v; v &= v - 1)
                        skl_add_elim(s, rc[i], lowest(v));
                }
                double diff = 5.7 + (popcount64(naked) - 1) * 0.1;
                s->step.rating = (int)((diff + 0.05) * 10);
                if (s->step.nelim && (!s->limit || s->step.rating <= s->limit))
                    goto found;
            }
        }
    }
    goto out;
found:
    if (s->limit && s->step.rating > s->limit)
        goto out; /* types 2 to 4 rate 5.7 or more: above a limit of 5.6 */
    s->step.digits = all;
    for (int i = 0; i < nbug; i++)
        s->cells[s->step.ncells++] = bug[i];
    ret = 1;
out:
    free(g);
    free(temp);
    free(bugval);
    free(common);
    free(order);
    free(bug);
    return ret;
}

/* ---- aligned exclusion ------------------------------------------------------ */

typedef struct ae_ctx {
    int degree;
    int cells[3];
    uint64_t cand[3];
    int see[3][3];     /* aligned cells that see each other */
    uint64_t pair[64]; /* pair[d]: digits e such that a common excluder
                          holds exactly d and e */
    const uint64_t *trip; /* the common excluders of three candidates */
    int ntrip;
    uint64_t allowed[3];
    int full;          /* every candidate is in an allowed combination */
} ae_ctx;

/*
 * Marks the candidates of the aligned cells that some allowed combination
 * uses.  A combination is forbidden when two cells that see each other
 * hold one digit, or when the digits it uses cover all of a common
 * excluder's candidates: two of them (pair[]), or, for three different
 * digits, all three (trip).  Those are conditions on pairs of digits but
 * the last, so the third cell's digits are found together as a mask.
 * Stops once every candidate is marked: nothing can be excluded then.
 */
static void ae_allowed(ae_ctx *a)
{
    const uint64_t *pair = a->pair;
    /* with[d]: the excluders of three candidates that hold d (up to 64 of
       them; above, each is looked at for every pair of digits) */
    uint64_t with[64];
    int masks = a->degree == 3 && a->ntrip <= 64;
    if (masks) {
        uint64_t first = a->cand[0] | a->cand[1];
        for (uint64_t v = first; v; v &= v - 1)
            with[lowest(v)] = 0;
        for (int t = 0; t < a->ntrip; t++)
            for (uint64_t v = a->trip[t] & first; v; v &= v - 1)
                with[lowest(v)] |= BIT(t);
    }
    for (uint64_t v0 = a->cand[0]; v0 && !a->full; v0 &= v0 - 1) {
        int d0 = lowest(v0);
        uint64_t m1 = a->cand[1] & ~pair[d0] & ~(a->see[0][1] ? BIT(d0) : 0);
        if (a->degree == 2) {
            if (m1) {
                a->allowed[0] |= BIT(d0);
                a->allowed[1] |= m1;
            }
        } else {
            for (; m1; m1 &= m1 - 1) {
                int d1 = lowest(m1);
                uint64_t m2 = a->cand[2] & ~pair[d0] & ~pair[d1] &
                              ~(a->see[0][2] ? BIT(d0) : 0) & ~(a->see[1][2] ? BIT(d1) : 0);
                if (d0 != d1 && masks)
                    for (uint64_t t = with[d0] & with[d1]; t; t &= t - 1)
                        m2 &= ~(a->trip[lowest(t)] & ~BIT(d0) & ~BIT(d1));
                else if (d0 != d1)
                    for (int t = 0; t < a->ntrip; t++)
                        if ((a->trip[t] & BIT(d0)) && (a->trip[t] & BIT(d1)))
                            m2 &= ~(a->trip[t] & ~BIT(d0) & ~BIT(d1));
                if (m2) {
                    a->allowed[0] |= BIT(d0);
                    a->allowed[1] |= BIT(d1);
                    a->allowed[2] |= m2;
                }
            }
        }
        int full = 1;
        for (int x = 0; x < a->degree; x++)
            full &= a->allowed[x] == a->cand[x];
        a->full = full;
    }
}

/*
 * Triples known to fail.  Aligned triple exclusion is tried at every step
 * from 7.5 on and seldom applies (on top1465, 14 of about 2,300 calls),
 * while a call weighs thousands of triples.  What a triple excludes
 * depends only on the candidates of its three cells and of the cells that
 * see all three (its common excluders are among them), so a triple that
 * excluded nothing still excludes nothing while none of those cells
 * changes.  Nor does whether it is visited at all, but for its cells
 * being base cells: the third cell's size, its being a peer of the first
 * or second, and their common excluders are fixed with those cells.  So
 * after a call that weighed every triple and found nothing, a triple is
 * known to fail when its cells are unchanged since and all three were
 * base cells then.  The triples are still visited in SE's order and the
 * first that excludes something is still the step: only the work on a
 * known failure is saved.  Aligned pair exclusion (6.2), tried at every
 * step from 6.2 on, keeps its pairs the same way, in a cache of its own.
 */
struct skl_ae_cache {
    int have;          /* snap and wasbase hold the last call's, which
                          weighed every triple and found nothing */
    uint64_t *snap;    /* nc: the grid of the last call */
    uint64_t *chg;     /* words: the cells that differ from it now */
    uint64_t *wasbase; /* words: its base cells */
};

static void ae_free(skl_ae_cache **p)
{
    if (!*p)
        return;
    free((*p)->snap);
    free((*p)->chg);
    free((*p)->wasbase);
    free(*p);
    *p = NULL;
}

void skl_aligned_free(skl_state *s)
{
    ae_free(&s->ae[0]);
    ae_free(&s->ae[1]);
}

/* The cache of degree 2 (pairs) or 3 (triples), ready for a call on grid
 * g: chg marks the cells that differ from the last call's grid.  NULL
 * when out of memory (the call then goes without). */
static skl_ae_cache *ae_begin(skl_state *s, const uint64_t *g, int degree)
{
    skl_ae_cache **p = &s->ae[degree - 2], *a = *p;
    if (!a) {
        a = calloc(1, sizeof *a);
        if (!a)
            return NULL;
        a->snap = malloc((size_t)s->nc * sizeof *a->snap);
        a->chg = malloc((size_t)s->words * sizeof *a->chg);
        a->wasbase = malloc((size_t)s->words * sizeof *a->wasbase);
        *p = a;
        if (!a->snap || !a->chg || !a->wasbase) {
            ae_free(p);
            return NULL;
        }
    }
    for (int i = 0; i < s->words; i++)
        a->chg[i] = 0;
    if (a->have)
        for (int c = 0; c < s->nc; c++)
            if (g[c] != a->snap[c])
                a->chg[c >> 6] |= 1ull << (c & 63);
    return a;
}

/* The call on grid g with these base cells ends; complete: it weighed
 * every triple and found nothing. */
static void ae_end(skl_state *s, skl_ae_cache *a, const uint64_t *g, const uint64_t *isbase,
                   int complete)
{
    a->have = complete;
    if (complete) {
        memcpy(a->snap, g, (size_t)s->nc * sizeof *g);
        memcpy(a->wasbase, isbase, (size_t)s->words * sizeof *isbase);
    }
}

/* 1 when the set of w words holds two members or more. */
static int two_or_more(const uint64_t *set, int w)
{
    int seen = 0;
    for (int i = 0; i < w; i++)
        if (set[i]) {
            if (seen || (set[i] & (set[i] - 1)))
                return 1;
            seen = 1;
        }
    return 0;
}

/* Aligned pair (degree 2) or triple (3) exclusion.  Base cells: two or
 * more candidates, no peer with a single candidate, at least one
 * excluder (a peer with 2..degree candidates). */
int skl_aligned(skl_state *s, int degree)
{
    int nc = s->nc, w = s->words, ret = 0, nb = 0;
    uint64_t *g = grid_view(s);
    int *base = malloc((size_t)nc * sizeof *base);
    uint64_t *exb = calloc((size_t)nc * (size_t)w, sizeof *exb);
    uint64_t *isbase = calloc((size_t)w, sizeof *isbase);
    uint64_t *small = calloc((size_t)w, sizeof *small);
    uint64_t *single = calloc((size_t)w, sizeof *single);
    uint64_t *twin = calloc((size_t)w, sizeof *twin);
    int *common = malloc((size_t)nc * sizeof *common);
    int *tw = malloc((size_t)nc * sizeof *tw);
    uint64_t *trip = malloc((size_t)nc * sizeof *trip);
    uint64_t *e01 = malloc((size_t)w * 3 * sizeof *e01), *e012 = e01 ? e01 + w : NULL;
    uint64_t *near = e01 ? e01 + 2 * w : NULL;
    skl_ae_cache *cache = NULL;
    if (!g || !base || !exb || !isbase || !small || !single || !twin || !common || !tw ||
        !trip || !e01) {
        ret = SK_ENOMEM;
        goto out;
    }
    cache = ae_begin(s, g, degree);
    for (int c = 0; c < nc; c++) {
        if (skl_one(g[c]))
            single[c >> 6] |= 1ull << (c & 63);
        else if (skl_two_to(g[c], degree))
            small[c >> 6] |= 1ull << (c & 63);
    }
    for (int c = 0; c < nc; c++) {
        const uint64_t *peers = s->peerbits + (size_t)c * (size_t)w;
        uint64_t any = 0, sing = 0;
        if (!skl_many(g[c]))
            continue;
        for (int i = 0; i < w; i++) {
            exb[(size_t)c * w + i] = peers[i] & small[i];
            any |= exb[(size_t)c * w + i];
            sing |= peers[i] & single[i];
        }
        if (sing || !any)
            continue;
        isbase[c >> 6] |= 1ull << (c & 63);
        base[nb++] = c;
    }
    /* pairs of base cells in SE's order: {0,1}, {0,2}, {1,2}, {0,3}... */
    for (int j = 1; j < nb && nb >= degree; j++)
        for (int i0 = 0; i0 < j; i0++) {
            int c0 = base[i0], c1 = base[j], ntw = 0;
            const uint64_t *e0 = exb + (size_t)c0 * w, *e1 = exb + (size_t)c1 * w;
            if (degree == 3) {
                /* the three cells' common excluders are some of the
                   first two's: fewer than two, and no third cell helps */
                for (int i = 0; i < w; i++)
                    e01[i] = e0[i] & e1[i];
                if (!two_or_more(e01, w))
                    continue;
                /* a third cell needs two of them: it sees two, so it
                   lies in near, the cells that see two of them */
                memset(near, 0, (size_t)w * sizeof *near);
                for (int i = 0; i < w; i++)
                    for (uint64_t bx = e01[i]; bx; bx &= bx - 1) {
                        const uint64_t *px = s->peerbits + (size_t)(i * 64 + lowest(bx)) * w;
                        for (int k = i; k < w; k++)
                            for (uint64_t by = k == i ? bx & (bx - 1) : e01[k]; by; by &= by - 1) {
                                const uint64_t *py =
                                    s->peerbits + (size_t)(k * 64 + lowest(by)) * w;
                                for (int q = 0; q < w; q++)
                                    near[q] |= px[q] & py[q];
                            }
                    }
                /* third cells: the base cells among the first cell's
                   excluders, then the second's (SE's order), that see
                   two common ones */
                for (int pass = 0; pass < 2; pass++)
                    for (int i = 0; i < w; i++) {
                        uint64_t b = (pass ? e1[i] & ~e0[i] : e0[i]) & isbase[i] & near[i];
                        for (; b; b &= b - 1) {
                            int t = i * 64 + lowest(b);
                            if (t != c0 && t != c1)
                                tw[ntw++] = t;
                        }
                    }
                if (!ntw)
                    continue;
            } else {
                int any = 0;
                for (int i = 0; i < w && !any; i++)
                    any = (e0[i] & e1[i]) != 0;
                if (!any)
                    continue;
            }
            for (int ti = 0; ti < (degree == 3 ? ntw : 1); ti++) {
                ae_ctx a;
                int ncom = 0, c2 = degree == 3 ? tw[ti] : -1;
                if (degree == 3) { /* (two or more: c2 is in near) */
                    const uint64_t *e2 = exb + (size_t)c2 * w;
                    for (int i = 0; i < w; i++)
                        e012[i] = e01[i] & e2[i];
                }
                if (cache && cache->have) {
                    /* weighed by the last call unless a cell was not a
                       base cell then; changed since: the cells, or a
                       cell seeing them all (for a pair, c2 stands for
                       c1 again) */
                    const uint64_t *chg = cache->chg, *was = cache->wasbase;
                    const int t2 = degree == 3 ? c2 : c1;
                    uint64_t known = was[c0 >> 6] >> (c0 & 63) & was[c1 >> 6] >> (c1 & 63) &
                                     was[t2 >> 6] >> (t2 & 63) & 1;
                    if (known)
                        known = !((chg[c0 >> 6] >> (c0 & 63) | chg[c1 >> 6] >> (c1 & 63) |
                                   chg[t2 >> 6] >> (t2 & 63)) & 1);
                    for (int i = 0; i < w && known; i++)
                        known = !(chg[i] & s->peerbits[(size_t)c0 * w + i] &
                                  s->peerbits[(size_t)c1 * w + i] & s->peerbits[(size_t)t2 * w + i]);
                    if (known)
                        continue;
                }
                /* common excluders, in cell order; fewer than two exclude
                   nothing */
                for (int i = 0; i < w; i++) {
                    uint64_t b = degree == 3 ? e012[i] : e0[i] & e1[i];
                    for (; b; b &= b - 1)
                        common[ncom++] = i * 64 + lowest(b);
                }
                if (ncom < 2)
                    continue;
                memset(&a, 0, offsetof(ae_ctx, pair));
                memset(a.pair, 0, (size_t)s->n * sizeof *a.pair);
                memset(a.allowed, 0, sizeof a.allowed);
                a.full = 0;
                a.ntrip = 0;
                a.trip = trip;
                a.degree = degree;
                a.cells[0] = c0;
                a.cells[1] = c1;
                a.cells[2] = c2;
                for (int x = 0; x < degree; x++) {
                    a.cand[x] = g[a.cells[x]];
                    for (int y = 0; y < degree; y++)
                        a.see[x][y] = x != y && skl_sees(s, a.cells[x], a.cells[y]);
                }
                for (int e = 0; e < ncom; e++) {
                    uint64_t m = g[common[e]];
                    if (skl_two(m)) {
                        a.pair[lowest(m)] |= m & (m - 1);
                        a.pair[lowest(m & (m - 1))] |= m & -m;
                    } else {
                        trip[a.ntrip++] = m;
                    }
                }
                ae_allowed(&a);
                if (a.full)
                    continue;
                skl_step_reset(s, degree == 2 ? SK_TECH_ALIGNED_PAIR_EXCLUSION
                                              : SK_TECH_ALIGNED_TRIPLE_EXCLUSION,
                               degree == 2 ? 62 : 75);
                for (int x = 0; x < degree; x++)
                    for (uint64_t v = g[a.cells[x]] & ~a.allowed[x]; v; v &= v - 1)
                        skl_add_elim(s, a.cells[x], lowest(v));
                if (s->step.nelim) {
                    for (int x = 0; x < degree; x++)
                        s->cells[s->step.ncells++] = a.cells[x];
                    ret = 1;
                    goto out;
                }
            }
        }
out:
    if (cache)
        ae_end(s, cache, g, isbase, ret == 0);
    free(g);
    free(base);
    free(exb);
    free(isbase);
    free(small);
    free(single);
    free(twin);
    free(common);
    free(tw);
    free(trip);
    free(e01);
    return ret;
}
