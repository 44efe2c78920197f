/*
 * oracle.h - an independent reference for the unit tests: derives the
 * houses of a geometry, checks grids and counts solutions by plain
 * backtracking, without a single line of library code.
 *
 * It deliberately shares nothing with src/: it does not include
 * sudokit.h, it has its own description of a geometry (or_geom) and its
 * own tables, and it is written for clarity, not speed.  Tests build the
 * same geometry both ways and compare the library's answers with these.
 *
 *   or_geom g = {0};  g.n = 9; g.box_rows = g.box_cols = 3;
 *   oracle o;  or_init(&o, &g);   ... or_valid(&o, givens, grid) ...
 *   long long k = or_count(&o, givens, cap, store, store_cap);
 *   or_free(&o);
 *
 * Counting is meant for small grids (N <= 9, or more givens for larger
 * N): plain backtracking that branches on the tightest choice (the empty
 * cell with the fewest possible digits, or the digit of a full house with
 * the fewest possible cells), with no other inference.
 *
 * Also here, because every test program needs them: a seeded PRNG
 * (splitmix64) and a few grid shuffling helpers.
 */
#ifndef SK_TEST_ORACLE_H
#define SK_TEST_ORACLE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OR_FN static __attribute__((unused))
#define OR_MAX_N 64

/* A geometry in plain words.  box_rows = box_cols = 0: no boxes. */
typedef struct or_geom {
    int n;                  /* side */
    int box_rows, box_cols; /* box shape, or 0 for none */
    const uint8_t *regions; /* NULL, or n*n region ids 0..n-1 (replaces boxes) */
    int diagonals;          /* both main diagonals are houses */
    int hyper;              /* Hyper windows: b x b at 1 + k*(b+1), b*b = n */
    int ngroups;            /* extra groups */
    const int *group_sizes;
    const int *group_cells; /* one group after another */
} or_geom;

typedef struct or_house {
    char name[32];          /* "row 3", "box 2", "main diagonal", ... */
    int size;
    int cells[OR_MAX_N];    /* ascending cell order */
} or_house;

typedef struct oracle {
    int n, ncells, nhouses;
    or_house *houses;
    int *cell_nh;           /* cell_nh[i]: houses of cell i */
    int *cell_h;            /* cell_h[i * maxh + k]: k-th house of cell i */
    int maxh;               /* room per cell in cell_h */
} oracle;

/* ---- houses ------------------------------------------------------------ */

static int or_add_house_(oracle *o, const char *name, const int *cells, int size)
{
    or_house *h = &o->houses[o->nhouses++];
    int i, j;
    snprintf(h->name, sizeof h->name, "%s", name);
    h->size = size;
    for (i = 0; i < size; i++)
        h->cells[i] = cells[i];
    /* ascending order, so that comparisons are about sets */
    for (i = 1; i < size; i++)
        for (j = i; j > 0 && h->cells[j - 1] > h->cells[j]; j--) {
            int t = h->cells[j];
            h->cells[j] = h->cells[j - 1];
            h->cells[j - 1] = t;
        }
    return 0;
}

static int or_isqrt_(int n)
{
    int b = 0;
    while ((b + 1) * (b + 1) <= n)
        b++;
    return b * b == n ? b : 0;
}

/* Builds the houses of g.  Returns 0, or -1 when g makes no sense to the
 * oracle (the oracle does not judge borderline cases: tests do). */
OR_FN int or_init(oracle *o, const or_geom *g)
{
    int n = g->n, cells[OR_MAX_N], i, r, c, k, maxhouses;
    char name[32];
    memset(o, 0, sizeof *o);
    if (n < 1 || n > OR_MAX_N)
        return -1;
    o->n = n;
    o->ncells = n * n;
    maxhouses = 3 * n + 2 + n * n + g->ngroups;
    o->houses = calloc((size_t)maxhouses, sizeof *o->houses);
    if (!o->houses)
        return -1;
    for (r = 0; r < n; r++) {
        for (c = 0; c < n; c++)
            cells[c] = r * n + c;
        snprintf(name, sizeof name, "row %d", r + 1);
        or_add_house_(o, name, cells, n);
    }
    for (c = 0; c < n; c++) {
        for (r = 0; r < n; r++)
            cells[r] = r * n + c;
        snprintf(name, sizeof name, "column %d", c + 1);
        or_add_house_(o, name, cells, n);
    }
    if (g->regions) {
        for (k = 0; k < n; k++) {
            int s = 0;
            for (i = 0; i < n * n; i++)
                if (g->regions[i] == k && s < n)
                    cells[s++] = i;
            if (s != n)
                return -1;
            snprintf(name, sizeof name, "region %d", k + 1);
            or_add_house_(o, name, cells, n);
        }
    } else if (g->box_rows > 0) {
        int br = g->box_rows, bc = g->box_cols, b = 0;
        if (br * bc != n)
            return -1;
        /* boxes numbered left to right, then top to bottom */
        for (r = 0; r < n; r += br)
            for (c = 0; c < n; c += bc) {
                int s = 0, rr, cc;
                for (rr = r; rr < r + br; rr++)
                    for (cc = c; cc < c + bc; cc++)
                        cells[s++] = rr * n + cc;
                snprintf(name, sizeof name, "box %d", ++b);
                or_add_house_(o, name, cells, n);
            }
    }
    if (g->diagonals) {
        for (i = 0; i < n; i++)
            cells[i] = i * n + i;
        or_add_house_(o, "main diagonal", cells, n);
        for (i = 0; i < n; i++)
            cells[i] = i * n + (n - 1 - i);
        or_add_house_(o, "anti-diagonal", cells, n);
    }
    if (g->hyper) {
        int b = or_isqrt_(n), w = 0;
        if (!b)
            return -1;
        for (r = 1; r + b <= n; r += b + 1)
            for (c = 1; c + b <= n; c += b + 1) {
                int s = 0, rr, cc;
                for (rr = r; rr < r + b; rr++)
                    for (cc = c; cc < c + b; cc++)
                        cells[s++] = rr * n + cc;
                snprintf(name, sizeof name, "window %d", ++w);
                or_add_house_(o, name, cells, n);
            }
    }
    {
        const int *gc = g->group_cells;
        for (k = 0; k < g->ngroups; k++) {
            int size = g->group_sizes[k];
            if (size < 1 || size > n)
                return -1;
            for (i = 0; i < size; i++)
                if (gc[i] < 0 || gc[i] >= n * n)
                    return -1;
            snprintf(name, sizeof name, "group %d", k + 1);
            or_add_house_(o, name, gc, size);
            gc += size;
        }
    }
    /* the houses of each cell */
    o->maxh = o->nhouses;
    o->cell_nh = calloc((size_t)o->ncells, sizeof *o->cell_nh);
    o->cell_h = calloc((size_t)o->ncells * (size_t)o->maxh, sizeof *o->cell_h);
    if (!o->cell_nh || !o->cell_h)
        return -1;
    for (k = 0; k < o->nhouses; k++)
        for (i = 0; i < o->houses[k].size; i++) {
            int cell = o->houses[k].cells[i];
            o->cell_h[cell * o->maxh + o->cell_nh[cell]++] = k;
        }
    return 0;
}

OR_FN void or_free(oracle *o)
{
    free(o->houses);
    free(o->cell_nh);
    free(o->cell_h);
    memset(o, 0, sizeof *o);
}

/* Index of the house called name, or -1. */
OR_FN int or_find_house(const oracle *o, const char *name)
{
    int k;
    for (k = 0; k < o->nhouses; k++)
        if (strcmp(o->houses[k].name, name) == 0)
            return k;
    return -1;
}

/* 1 when house h holds cell. */
OR_FN int or_house_has(const oracle *o, int h, int cell)
{
    int i;
    for (i = 0; i < o->houses[h].size; i++)
        if (o->houses[h].cells[i] == cell)
            return 1;
    return 0;
}

/* 1 when cells a != b share a house. */
OR_FN int or_peers(const oracle *o, int a, int b)
{
    int k;
    if (a == b)
        return 0;
    for (k = 0; k < o->cell_nh[a]; k++)
        if (or_house_has(o, o->cell_h[a * o->maxh + k], b))
            return 1;
    return 0;
}

/* Sets marks[j] (ncells bytes, cleared first) for every peer j of cell:
 * the other cells of the houses that hold it.  Returns how many. */
OR_FN int or_peer_marks(const oracle *o, int cell, char *marks)
{
    int k, j, count = 0;
    memset(marks, 0, (size_t)o->ncells);
    for (k = 0; k < o->cell_nh[cell]; k++) {
        const or_house *h = &o->houses[o->cell_h[cell * o->maxh + k]];
        for (j = 0; j < h->size; j++)
            if (h->cells[j] != cell && !marks[h->cells[j]]) {
                marks[h->cells[j]] = 1;
                count++;
            }
    }
    return count;
}

/* ---- checking ---------------------------------------------------------- */

/* 1 when grid is complete (every cell 1..n), no house repeats a digit and
 * every given (givens may be NULL) is kept. */
OR_FN int or_valid(const oracle *o, const uint8_t *givens, const uint8_t *grid)
{
    int i, k, j;
    for (i = 0; i < o->ncells; i++) {
        if (grid[i] < 1 || grid[i] > o->n)
            return 0;
        if (givens && givens[i] && givens[i] != grid[i])
            return 0;
    }
    for (k = 0; k < o->nhouses; k++) {
        char seen[OR_MAX_N + 1] = {0};
        for (j = 0; j < o->houses[k].size; j++) {
            int d = grid[o->houses[k].cells[j]];
            if (seen[d])
                return 0;
            seen[d] = 1;
        }
    }
    return 1;
}

/* Marks in bad[] (ncells bytes) the cells of house h whose digit (1..n)
 * also appears elsewhere in h; returns how many. */
OR_FN int or_house_dups(const oracle *o, int h, const uint8_t *grid, char *bad)
{
    int j, l, count = 0;
    const or_house *hs = &o->houses[h];
    for (j = 0; j < hs->size; j++) {
        int d = grid[hs->cells[j]];
        if (d < 1 || d > o->n)
            continue;
        for (l = 0; l < hs->size; l++)
            if (l != j && grid[hs->cells[l]] == d) {
                bad[hs->cells[j]] = 1;
                count++;
                break;
            }
    }
    return count;
}

/* Number of repeats in a partial grid: for every house and digit seen k >= 2
 * times, k - 1; plus one for every digit above n. */
OR_FN long or_repeats(const oracle *o, const uint8_t *grid)
{
    long total = 0;
    int i, k, j;
    for (i = 0; i < o->ncells; i++)
        if (grid[i] > o->n)
            total++;
    for (k = 0; k < o->nhouses; k++) {
        int count[256] = {0};
        for (j = 0; j < o->houses[k].size; j++)
            count[grid[o->houses[k].cells[j]]]++;
        for (j = 1; j <= o->n; j++)
            if (count[j] > 1)
                total += count[j] - 1;
    }
    return total;
}

/* ---- counting ---------------------------------------------------------- */

typedef struct or_search_ {
    const oracle *o;
    uint8_t *grid;
    uint64_t *used;         /* used[h]: digits placed in house h */
    long long count, cap;
    uint8_t *store;         /* solutions, ncells bytes each */
    long long store_cap;
} or_search_;

static uint64_t or_bit_(int d) { return 1ull << (d - 1); }

static uint64_t or_cand_(const or_search_ *s, int cell)
{
    const oracle *o = s->o;
    uint64_t m = o->n == 64 ? ~0ull : (1ull << o->n) - 1;
    for (int k = 0; k < o->cell_nh[cell]; k++)
        m &= ~s->used[o->cell_h[cell * o->maxh + k]];
    return m;
}

static void or_place_(or_search_ *s, int cell, int d, int on)
{
    const oracle *o = s->o;
    s->grid[cell] = (uint8_t)(on ? d : 0);
    for (int k = 0; k < o->cell_nh[cell]; k++) {
        uint64_t *u = &s->used[o->cell_h[cell * o->maxh + k]];
        *u = on ? *u | or_bit_(d) : *u & ~or_bit_(d);
    }
}

/*
 * Branches on the tightest choice: an empty cell with the fewest possible
 * digits, or a digit of a full house with the fewest possible cells (it
 * must go in exactly one of them).  Either way the branches are disjoint
 * and cover every solution.
 */
static void or_rec_(or_search_ *s)
{
    const oracle *o = s->o;
    int best = -1, best_k = 100, i, h, j;
    uint64_t best_m = 0;
    for (i = 0; i < o->ncells; i++) {
        if (s->grid[i])
            continue;
        uint64_t m = or_cand_(s, i);
        int cnt = __builtin_popcountll(m);
        if (cnt < best_k) {
            best = i;
            best_k = cnt;
            best_m = m;
            if (cnt == 0)
                return; /* dead end */
        }
    }
    if (best < 0) {
        if (s->store && s->count < s->store_cap)
            memcpy(s->store + (size_t)s->count * (size_t)o->ncells, s->grid, (size_t)o->ncells);
        s->count++;
        return;
    }
    /* places of each missing digit in each full house */
    int house = -1, digit = 0;
    for (h = 0; h < o->nhouses && best_k > 1; h++) {
        const or_house *hs = &o->houses[h];
        int places[OR_MAX_N + 1] = {0};
        if (hs->size != o->n)
            continue;
        for (j = 0; j < hs->size; j++) {
            int cell = hs->cells[j];
            if (s->grid[cell])
                continue;
            for (uint64_t m = or_cand_(s, cell); m; m &= m - 1)
                places[__builtin_ctzll(m) + 1]++;
        }
        for (int d = 1; d <= o->n; d++) {
            if (s->used[h] & or_bit_(d))
                continue;
            if (places[d] == 0)
                return; /* d has nowhere to go in h */
            if (places[d] < best_k) {
                best_k = places[d];
                house = h;
                digit = d;
            }
        }
    }
    if (house >= 0) {
        const or_house *hs = &o->houses[house];
        for (j = 0; j < hs->size && s->count < s->cap; j++) {
            int cell = hs->cells[j];
            if (s->grid[cell] || !(or_cand_(s, cell) & or_bit_(digit)))
                continue;
            or_place_(s, cell, digit, 1);
            or_rec_(s);
            or_place_(s, cell, digit, 0);
        }
        return;
    }
    for (int d = 1; d <= o->n && s->count < s->cap; d++) {
        if (!(best_m & or_bit_(d)))
            continue;
        or_place_(s, best, d, 1);
        or_rec_(s);
        or_place_(s, best, d, 0);
    }
}

/* Counts the solutions of givens, stopping at cap (cap <= 0: no cap).  The
 * first store_cap solutions are written to store (may be NULL), in the
 * order found.  Returns the count (0 when two givens clash), or -1 when a
 * given is above n. */
OR_FN long long or_count(const oracle *o, const uint8_t *givens, long long cap, uint8_t *store,
                         long long store_cap)
{
    or_search_ s;
    int i, k;
    long long result = 0;
    memset(&s, 0, sizeof s);
    s.o = o;
    s.cap = cap > 0 ? cap : (1ll << 62);
    s.store = store;
    s.store_cap = store_cap;
    s.grid = malloc((size_t)o->ncells);
    s.used = calloc((size_t)o->nhouses + 1, sizeof *s.used);
    if (!s.grid || !s.used) {
        free(s.grid);
        free(s.used);
        return -1;
    }
    memcpy(s.grid, givens, (size_t)o->ncells);
    for (i = 0; i < o->ncells; i++) {
        int d = s.grid[i];
        if (d > o->n) {
            result = -1;
            goto out;
        }
        if (!d)
            continue;
        for (k = 0; k < o->cell_nh[i]; k++) {
            int h = o->cell_h[i * o->maxh + k];
            if (s.used[h] & or_bit_(d))
                goto out; /* clash: no solution */
            s.used[h] |= or_bit_(d);
        }
    }
    or_rec_(&s);
    result = s.count;
out:
    free(s.grid);
    free(s.used);
    return result;
}

/* ---- randomness and grid helpers -------------------------------------- */

/* splitmix64: tiny, seedable, good enough for tests. */
OR_FN uint64_t or_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform integer 0..bound-1. */
OR_FN int or_below(uint64_t *state, int bound)
{
    return (int)(or_rand(state) % (uint64_t)bound);
}

/* Random permutation of 0..count-1 into p. */
OR_FN void or_shuffle(uint64_t *state, int *p, int count)
{
    int i;
    for (i = 0; i < count; i++)
        p[i] = i;
    for (i = count - 1; i > 0; i--) {
        int j = or_below(state, i + 1), t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
}

/* Relabels the digits of grid by a random permutation (valid for every
 * geometry: houses only ask for different digits). */
OR_FN void or_permute_digits(uint64_t *state, uint8_t *grid, int n)
{
    int p[OR_MAX_N], i;
    or_shuffle(state, p, n);
    for (i = 0; i < n * n; i++)
        if (grid[i])
            grid[i] = (uint8_t)(p[grid[i] - 1] + 1);
}

/* The textbook solved grid for br x bc boxes (br * bc = n). */
OR_FN void or_pattern(uint8_t *grid, int n, int br, int bc)
{
    int r, c;
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++)
            grid[r * n + c] = (uint8_t)((bc * (r % br) + r / br + c) % n + 1);
}

/* Shuffles a solved box grid without leaving the solution set: rows
 * inside each band, the bands, columns inside each stack, the stacks. */
OR_FN void or_shuffle_boxes(uint64_t *state, uint8_t *grid, int n, int br, int bc)
{
    uint8_t *tmp = malloc((size_t)n * (size_t)n);
    int rowmap[OR_MAX_N], colmap[OR_MAX_N], p[OR_MAX_N], q[OR_MAX_N], i, j, r, c;
    if (!tmp)
        return;
    or_shuffle(state, p, n / br);      /* band order */
    for (i = 0; i < n / br; i++) {
        or_shuffle(state, q, br);      /* rows inside the band */
        for (j = 0; j < br; j++)
            rowmap[i * br + j] = p[i] * br + q[j];
    }
    or_shuffle(state, p, n / bc);
    for (i = 0; i < n / bc; i++) {
        or_shuffle(state, q, bc);
        for (j = 0; j < bc; j++)
            colmap[i * bc + j] = p[i] * bc + q[j];
    }
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++)
            tmp[r * n + c] = grid[rowmap[r] * n + colmap[c]];
    memcpy(grid, tmp, (size_t)n * (size_t)n);
    free(tmp);
}

/* Sorts count grids of size bytes each (for comparing sets of solutions). */
static size_t or_sort_size_;
static int or_cmp_(const void *a, const void *b) { return memcmp(a, b, or_sort_size_); }
OR_FN void or_sort_grids(uint8_t *grids, long long count, size_t size)
{
    or_sort_size_ = size;
    qsort(grids, (size_t)count, size, or_cmp_);
}

/* ---- bridge ------------------------------------------------------------ */

#ifdef SUDOKIT_H
/* Reads the plain fields of a caller's sk_geometry into an or_geom (no
 * library call: the box sentinels are resolved here by their documented
 * meaning). */
OR_FN or_geom or_from_sk(const sk_geometry *g)
{
    or_geom o;
    memset(&o, 0, sizeof o);
    o.n = g->n;
    o.regions = g->regions;
    if (!g->regions) {
        if (g->box_rows == SK_BOX_DEFAULT)
            o.box_rows = o.box_cols = or_isqrt_(g->n);
        else if (g->box_rows > 0) {
            o.box_rows = g->box_rows;
            o.box_cols = g->box_cols;
        }
    }
    o.diagonals = (g->extras & SK_EXTRA_DIAGONALS) != 0;
    o.hyper = (g->extras & SK_EXTRA_HYPER) != 0;
    o.ngroups = g->ngroups;
    o.group_sizes = g->group_sizes;
    o.group_cells = g->group_cells;
    return o;
}
#endif

#endif
