/*
 * logic.c - solving as a person does: the candidate grid of a model, the
 * techniques of Sudoku Explainer's scale tried in its order, one step at
 * a time, and the rating of a whole path (ER, EP, ED).
 *
 * Work in progress: the techniques up to the hidden quad (5.4), without
 * the uniqueness patterns, BUG, aligned exclusion and chains.  A puzzle
 * that needs more is "beyond" (ER 20.0, as SE reports a stuck puzzle).
 *
 * Houses are taken from the model: boxes and jigsaw regions first, then
 * columns, then rows (SE's scan order), then any other house (diagonals,
 * windows, groups), which counts as a line for the ratings.  Digits are
 * bits 0..N-1 of a cell's candidate mask; a placed cell keeps only its
 * digit and is marked in val[].
 */
#include <stdlib.h>
#include <string.h>

#include "logic.h"
#include "model.h"

#define BIT(d) (1ull << (d))

static int popcount64(uint64_t x)
{
    return __builtin_popcountll(x);
}

static int lowest(uint64_t x)
{
    return __builtin_ctzll(x);
}

/* ---- setup ------------------------------------------------------------ */

int skl_new(const sk_model *m, skl_state **out)
{
    skl_state *s;
    int k = 0;
    *out = NULL;
    s = calloc(1, sizeof *s);
    if (!s)
        return SK_ENOMEM;
    s->m = m;
    s->n = m->n;
    s->nc = m->ncells;
    s->cand = calloc((size_t)s->nc, sizeof *s->cand);
    s->val = calloc((size_t)s->nc, 1);
    s->house = calloc((size_t)m->nhouses, sizeof *s->house);
    s->hkind = calloc((size_t)m->nhouses, 1);
    s->elim = calloc((size_t)s->nc * (size_t)s->n, sizeof *s->elim);
    if (!s->cand || !s->val || !s->house || !s->hkind || !s->elim) {
        skl_free(s);
        return SK_ENOMEM;
    }
    /* full houses in SE order: blocks, columns, rows, then the others */
    for (int pass = 0; pass < 4; pass++)
        for (int h = 0; h < m->nfull; h++) {
            int kind = m->house_kind[h];
            int p = kind == SK_HOUSE_BOX || kind == SK_HOUSE_REGION ? 0
                    : kind == SK_HOUSE_COLUMN                        ? 1
                    : kind == SK_HOUSE_ROW                           ? 2
                                                                     : 3;
            if (p != pass)
                continue;
            s->house[k] = h;
            s->hkind[k] = (uint8_t)(p == 0 ? SKL_BLOCK : p == 1 ? SKL_COLUMN : p == 2 ? SKL_ROW
                                                                                    : SKL_OTHER);
            k++;
        }
    s->nh = k;
    *out = s;
    return SK_OK;
}

void skl_free(skl_state *s)
{
    if (!s)
        return;
    free(s->cand);
    free(s->val);
    free(s->house);
    free(s->hkind);
    free(s->elim);
    free(s);
}

/* Cells of house k of s (SE order) and their count. */
static const uint16_t *hcells(const skl_state *s, int k, int *count)
{
    int h = s->house[k];
    *count = (int)(s->m->house_off[h + 1] - s->m->house_off[h]);
    return s->m->house_cells + s->m->house_off[h];
}

/* Places digit d (0-based) in cell c and removes it from the peers. */
static void place(skl_state *s, int c, int d)
{
    const sk_model *m = s->m;
    s->val[c] = (uint8_t)(d + 1);
    s->cand[c] = BIT(d);
    for (uint32_t i = m->peer_off[c]; i < m->peer_off[c + 1]; i++)
        s->cand[m->peers[i]] &= ~BIT(d);
}

int skl_start(skl_state *s, const uint8_t *givens)
{
    for (int c = 0; c < s->nc; c++) {
        s->cand[c] = s->m->all & (s->m->cell_mask ? s->m->cell_mask[c] : ~0ull);
        s->val[c] = 0;
    }
    for (int c = 0; c < s->nc; c++) {
        if (!givens[c])
            continue;
        if (givens[c] > s->n || !(s->cand[c] & BIT(givens[c] - 1)))
            return SK_EINVAL;
        place(s, c, givens[c] - 1);
    }
    return SK_OK;
}

/* ---- the hint being built --------------------------------------------- */

static void hint_reset(skl_state *s, int tech, int rating)
{
    s->hint.technique = tech;
    s->hint.rating = rating;
    s->hint.place_cell = -1;
    s->hint.place_digit = -1;
    s->hint.nelim = 0;
    s->hint.elim = s->elim;
    s->hint.direct = tech == SKL_DIRECT_POINTING || tech == SKL_DIRECT_CLAIMING ||
                     tech == SKL_DIRECT_HIDDEN_PAIR || tech == SKL_DIRECT_HIDDEN_TRIPLE;
}

static void add_elim(skl_state *s, int c, int d)
{
    s->elim[s->hint.nelim].cell = c;
    s->elim[s->hint.nelim].digit = d;
    s->hint.nelim++;
}

/* Positions (bits over the house's cell list) of digit d in house k. */
static uint64_t positions(const skl_state *s, int k, int d)
{
    int cnt;
    const uint16_t *cells = hcells(s, k, &cnt);
    uint64_t p = 0;
    for (int i = 0; i < cnt; i++)
        if (!s->val[cells[i]] && (s->cand[cells[i]] & BIT(d)))
            p |= BIT(i);
    return p;
}

static int empty_cells(const skl_state *s, int k)
{
    int cnt, e = 0;
    const uint16_t *cells = hcells(s, k, &cnt);
    for (int i = 0; i < cnt; i++)
        e += !s->val[cells[i]];
    return e;
}

/* The digits placed in house k. */
static uint64_t placed_in(const skl_state *s, int k)
{
    int cnt;
    const uint16_t *cells = hcells(s, k, &cnt);
    uint64_t p = 0;
    for (int i = 0; i < cnt; i++)
        if (s->val[cells[i]])
            p |= BIT(s->val[cells[i]] - 1);
    return p;
}

/* ---- singles ----------------------------------------------------------- */

static int full_house_or_hidden_single(skl_state *s)
{
    /* a house with one empty cell ("alone", 1.0), then hidden singles:
       blocks 1.2, lines 1.5 */
    for (int k = 0; k < s->nh; k++) {
        int cnt, at = -1;
        const uint16_t *cells = hcells(s, k, &cnt);
        if (empty_cells(s, k) != 1)
            continue;
        for (int i = 0; i < cnt; i++)
            if (!s->val[cells[i]])
                at = cells[i];
        uint64_t left = s->m->all & ~placed_in(s, k);
        if (popcount64(left) != 1 || !(s->cand[at] & left))
            continue;
        hint_reset(s, SKL_FULL_HOUSE, 10);
        s->hint.place_cell = at;
        s->hint.place_digit = lowest(left);
        s->hint.house = k;
        return 1;
    }
    for (int k = 0; k < s->nh; k++) {
        int cnt;
        const uint16_t *cells = hcells(s, k, &cnt);
        uint64_t done = placed_in(s, k);
        for (int d = 0; d < s->n; d++) {
            if (done & BIT(d))
                continue;
            uint64_t p = positions(s, k, d);
            if (popcount64(p) != 1)
                continue;
            int block = s->hkind[k] == SKL_BLOCK;
            hint_reset(s, block ? SKL_HIDDEN_SINGLE_BLOCK : SKL_HIDDEN_SINGLE_LINE,
                       block ? 12 : 15);
            s->hint.place_cell = cells[lowest(p)];
            s->hint.place_digit = d;
            s->hint.house = k;
            return 1;
        }
    }
    return 0;
}

static int naked_single(skl_state *s)
{
    for (int c = 0; c < s->nc; c++)
        if (!s->val[c] && popcount64(s->cand[c]) == 1) {
            hint_reset(s, SKL_NAKED_SINGLE, 23);
            s->hint.place_cell = c;
            s->hint.place_digit = lowest(s->cand[c]);
            return 1;
        }
    return 0;
}

/* ---- helpers over houses ------------------------------------------------ */

/* 1 when cells a and b share a house. */
static int sees(const skl_state *s, int a, int b)
{
    const sk_model *m = s->m;
    for (uint32_t i = m->peer_off[a]; i < m->peer_off[a + 1]; i++)
        if (m->peers[i] == b)
            return 1;
    return 0;
}

/* 1 when cell c is in house k. */
static int in_house(const skl_state *s, int k, int c)
{
    int cnt;
    const uint16_t *cells = hcells(s, k, &cnt);
    for (int i = 0; i < cnt; i++)
        if (cells[i] == c)
            return 1;
    return 0;
}

/* Next k-subset of an n-set in increasing order of its bit mask (SE's
 * Permutations); 0 after the last. */
static uint64_t next_subset(uint64_t x, int n)
{
    uint64_t c = x & -x, r = x + c;
    uint64_t next = (((r ^ x) >> 2) / c) | r;
    if (n < 64 && (next >> n))
        return 0;
    return next;
}

static uint64_t first_subset(int k)
{
    return k >= 64 ? ~0ull : (1ull << k) - 1;
}

/* ---- locked candidates ------------------------------------------------- */

/* Pairs of house kinds SE scans: block->column, block->row, column->block,
 * row->block.  direct: only when the eliminations leave a hidden single in
 * a house of region1's kind, which is then placed. */
static int locking(skl_state *s, int direct)
{
    static const int pairs[4][2] = {{SKL_BLOCK, SKL_COLUMN}, {SKL_BLOCK, SKL_ROW},
                                    {SKL_COLUMN, SKL_BLOCK}, {SKL_ROW, SKL_BLOCK}};
    for (int pi = 0; pi < 4; pi++) {
        int t1 = pairs[pi][0], t2 = pairs[pi][1];
        for (int d = 0; d < s->n; d++)
            for (int k1 = 0; k1 < s->nh; k1++) {
                if (s->hkind[k1] != t1)
                    continue;
                int cnt1;
                const uint16_t *c1 = hcells(s, k1, &cnt1);
                uint64_t p1 = positions(s, k1, d);
                if (popcount64(p1) < 2)
                    continue;
                for (int k2 = 0; k2 < s->nh; k2++) {
                    if (s->hkind[k2] != t2)
                        continue;
                    int all = 1;
                    for (uint64_t q = p1; q && all; q &= q - 1)
                        all = in_house(s, k2, c1[lowest(q)]);
                    if (!all)
                        continue;
                    int cnt2, block1 = t1 == SKL_BLOCK;
                    const uint16_t *c2 = hcells(s, k2, &cnt2);
                    hint_reset(s, block1 ? (direct ? SKL_DIRECT_POINTING : SKL_POINTING)
                                         : (direct ? SKL_DIRECT_CLAIMING : SKL_CLAIMING),
                               block1 ? (direct ? 17 : 26) : (direct ? 19 : 28));
                    for (int i = 0; i < cnt2; i++) {
                        int c = c2[i];
                        if (!s->val[c] && (s->cand[c] & BIT(d)) && !in_house(s, k1, c))
                            add_elim(s, c, d);
                    }
                    if (!s->hint.nelim)
                        continue;
                    if (!direct)
                        return 1;
                    /* a house of region1's kind crossing region2 left with one place */
                    for (int k3 = 0; k3 < s->nh; k3++) {
                        if (s->hkind[k3] != t1 || k3 == k1)
                            continue;
                        int cnt3, left = 0, at = -1, crosses = 0;
                        const uint16_t *c3 = hcells(s, k3, &cnt3);
                        uint64_t p3 = positions(s, k3, d);
                        if (popcount64(p3) < 2)
                            continue;
                        for (uint64_t q = p3; q; q &= q - 1) {
                            int c = c3[lowest(q)];
                            if (in_house(s, k2, c))
                                crosses = 1;
                            else
                                left++, at = c;
                        }
                        if (crosses && left == 1) {
                            s->hint.place_cell = at;
                            s->hint.place_digit = d;
                            return 1;
                        }
                    }
                }
            }
    }
    return 0;
}

/* ---- hidden and naked sets ---------------------------------------------- */

/* Hidden set of size k; direct: only when it leaves another digit of the
 * house a single place, which is then placed. */
static int hidden_set(skl_state *s, int k, int direct)
{
    static const int order[3] = {SKL_BLOCK, SKL_COLUMN, SKL_ROW};
    for (int t = 0; t < 3; t++)
        for (int h = 0; h < s->nh; h++) {
            if (s->hkind[h] != order[t])
                continue;
            int empty = empty_cells(s, h), cnt;
            if (direct ? empty <= k : empty <= 2 * k)
                continue;
            const uint16_t *cells = hcells(s, h, &cnt);
            uint64_t pos[SK_MAX_N];
            for (int d = 0; d < s->n; d++)
                pos[d] = positions(s, h, d);
            for (uint64_t sub = first_subset(k); sub; sub = next_subset(sub, s->n)) {
                uint64_t uni = 0;
                int ok = 1;
                for (uint64_t q = sub; q && ok; q &= q - 1) {
                    int d = lowest(q);
                    if (popcount64(pos[d]) < 2)
                        ok = 0;
                    uni |= pos[d];
                }
                if (!ok || popcount64(uni) != k)
                    continue;
                hint_reset(s,
                           direct ? (k == 2 ? SKL_DIRECT_HIDDEN_PAIR : SKL_DIRECT_HIDDEN_TRIPLE)
                                  : (k == 2 ? SKL_HIDDEN_PAIR
                                            : k == 3 ? SKL_HIDDEN_TRIPLE : SKL_HIDDEN_QUAD),
                           direct ? (k == 2 ? 20 : 25) : (k == 2 ? 34 : k == 3 ? 40 : 54));
                for (uint64_t q = uni; q; q &= q - 1) {
                    int c = cells[lowest(q)];
                    for (uint64_t o = s->cand[c] & ~sub; o; o &= o - 1)
                        add_elim(s, c, lowest(o));
                }
                if (!s->hint.nelim)
                    continue;
                if (!direct)
                    return 1;
                for (int d = 0; d < s->n; d++) {
                    if (sub & BIT(d) || popcount64(pos[d]) < 2)
                        continue;
                    uint64_t rest = pos[d] & ~uni;
                    if (popcount64(rest) == 1) {
                        s->hint.place_cell = cells[lowest(rest)];
                        s->hint.place_digit = d;
                        return 1;
                    }
                }
            }
        }
    return 0;
}

static int naked_set(skl_state *s, int k)
{
    static const int order[3] = {SKL_BLOCK, SKL_COLUMN, SKL_ROW};
    for (int t = 0; t < 3; t++)
        for (int h = 0; h < s->nh; h++) {
            if (s->hkind[h] != order[t] || empty_cells(s, h) < 2 * k)
                continue;
            int cnt;
            const uint16_t *cells = hcells(s, h, &cnt);
            for (uint64_t sub = first_subset(k); sub; sub = next_subset(sub, cnt)) {
                uint64_t uni = 0;
                int ok = 1;
                for (uint64_t q = sub; q && ok; q &= q - 1) {
                    int c = cells[lowest(q)];
                    if (s->val[c] || popcount64(s->cand[c]) < 2)
                        ok = 0;
                    uni |= s->cand[c];
                }
                if (!ok || popcount64(uni) != k)
                    continue;
                hint_reset(s, k == 2 ? SKL_NAKED_PAIR : k == 3 ? SKL_NAKED_TRIPLE : SKL_NAKED_QUAD,
                           k == 2 ? 30 : k == 3 ? 36 : 50);
                for (int i = 0; i < cnt; i++) {
                    int c = cells[i];
                    if (sub & BIT(i) || s->val[c])
                        continue;
                    for (uint64_t o = s->cand[c] & uni; o; o &= o - 1)
                        add_elim(s, c, lowest(o));
                }
                if (s->hint.nelim)
                    return 1;
            }
        }
    return 0;
}

/* ---- fish ------------------------------------------------------------------ */

static int fish(skl_state *s, int k)
{
    static const int kinds[2][2] = {{SKL_COLUMN, SKL_ROW}, {SKL_ROW, SKL_COLUMN}};
    for (int bt = 0; bt < 2; bt++) {
        int base[SK_MAX_N], cover[SK_MAX_N], nb = 0, nv = 0;
        for (int h = 0; h < s->nh; h++) {
            if (s->hkind[h] == kinds[bt][0])
                base[nb++] = h;
            else if (s->hkind[h] == kinds[bt][1])
                cover[nv++] = h;
        }
        if (nb != s->n || nv != s->n)
            continue;
        for (uint64_t sub = first_subset(k); sub; sub = next_subset(sub, nb))
            for (int d = 0; d < s->n; d++) {
                uint64_t uni = 0;
                int ok = 1, placed = 0;
                for (int c = 0; c < s->nc; c++)
                    placed += s->val[c] == d + 1;
                if (placed + 2 * k > s->n)
                    continue;
                for (uint64_t q = sub; q && ok; q &= q - 1) {
                    uint64_t p = positions(s, base[lowest(q)], d);
                    if (popcount64(p) < 2)
                        ok = 0;
                    uni |= p;
                }
                if (!ok || popcount64(uni) != k)
                    continue;
                hint_reset(s, k == 2 ? SKL_X_WING : k == 3 ? SKL_SWORDFISH : SKL_JELLYFISH,
                           k == 2 ? 32 : k == 3 ? 38 : 52);
                /* position i of a row is column i and the other way round */
                for (uint64_t q = uni; q; q &= q - 1) {
                    int cnt;
                    const uint16_t *cells = hcells(s, cover[lowest(q)], &cnt);
                    for (int i = 0; i < cnt; i++) {
                        int c = cells[i];
                        if (s->val[c] || !(s->cand[c] & BIT(d)))
                            continue;
                        int inbase = 0;
                        for (uint64_t b = sub; b && !inbase; b &= b - 1)
                            inbase = in_house(s, base[lowest(b)], c);
                        if (!inbase)
                            add_elim(s, c, d);
                    }
                }
                if (s->hint.nelim)
                    return 1;
            }
    }
    return 0;
}

/* ---- XY- and XYZ-wings --------------------------------------------------- */

static int xy_wing(skl_state *s, int xyz)
{
    for (int p = 0; p < s->nc; p++) {
        uint64_t pc = s->cand[p];
        if (s->val[p] || popcount64(pc) != (xyz ? 3 : 2))
            continue;
        int wings[4 * SK_MAX_N], nw = 0;
        for (int c = 0; c < s->nc; c++)
            if (c != p && !s->val[c] && popcount64(s->cand[c]) == 2 && sees(s, p, c) &&
                nw < 4 * SK_MAX_N)
                wings[nw++] = c;
        for (int i = 0; i < nw; i++)
            for (int j = i + 1; j < nw; j++) {
                uint64_t a = s->cand[wings[i]], b = s->cand[wings[j]], z;
                if (xyz) {
                    if ((a & ~pc) || (b & ~pc) || (a | b) != pc || popcount64(a & b) != 1)
                        continue;
                    z = a & b;
                } else {
                    if (popcount64(pc | a | b) != 3 || (pc & a & b) || popcount64(a & b) != 1 ||
                        (a & b & pc))
                        continue;
                    z = a & b;
                }
                int d = lowest(z);
                hint_reset(s, xyz ? SKL_XYZ_WING : SKL_XY_WING, xyz ? 44 : 42);
                for (int c = 0; c < s->nc; c++) {
                    if (s->val[c] || c == p || c == wings[i] || c == wings[j] ||
                        !(s->cand[c] & z))
                        continue;
                    if (sees(s, c, wings[i]) && sees(s, c, wings[j]) && (!xyz || sees(s, c, p)))
                        add_elim(s, c, d);
                }
                if (s->hint.nelim)
                    return 1;
            }
    }
    return 0;
}

/* ---- applying ------------------------------------------------------------ */

void skl_apply(skl_state *s, const skl_hint *h)
{
    for (int i = 0; i < h->nelim && !h->direct; i++)
        s->cand[h->elim[i].cell] &= ~BIT(h->elim[i].digit);
    if (h->place_cell >= 0)
        place(s, h->place_cell, h->place_digit);
}

int skl_solved(const skl_state *s)
{
    for (int c = 0; c < s->nc; c++)
        if (!s->val[c])
            return 0;
    return 1;
}

/* ---- the producers, in SE's order ------------------------------------ */

int skl_next(skl_state *s)
{
    s->hint.house = -1;
    return full_house_or_hidden_single(s) || locking(s, 1) || hidden_set(s, 2, 1) ||
           naked_single(s) || hidden_set(s, 3, 1) || locking(s, 0) || naked_set(s, 2) ||
           fish(s, 2) || hidden_set(s, 2, 0) || naked_set(s, 3) || fish(s, 3) ||
           hidden_set(s, 3, 0) || xy_wing(s, 0) || xy_wing(s, 1) || naked_set(s, 4) ||
           fish(s, 4) || hidden_set(s, 4, 0);
}

int skl_rate(skl_state *s, const uint8_t *givens, int *er, int *ep, int *ed)
{
    int st = skl_start(s, givens);
    *er = *ep = *ed = 0;
    if (st != SK_OK)
        return st;
    while (!skl_solved(s)) {
        if (!skl_next(s)) {
            *er = 200; /* beyond the techniques */
            return SK_OK;
        }
        if (s->hint.rating > *er)
            *er = s->hint.rating;
        if (*ep == 0) {
            if (*ed == 0)
                *ed = *er;
            if (s->hint.place_cell >= 0)
                *ep = *er;
        }
        skl_apply(s, &s->hint);
    }
    return SK_OK;
}
