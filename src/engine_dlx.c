/*
 * engine_dlx.c - the dancing-links engine: Knuth's Algorithm X on the
 * exact-cover form of the puzzle, for every model the library can build
 * (N up to 64, boxes, jigsaw regions, Latin squares, extra houses and
 * groups) and every question.
 *
 * Exact cover
 *   A solution picks one row (cell, digit) per empty cell so that every
 *   primary column is covered exactly once and every secondary column at
 *   most once:
 *
 *     primary    cell i               cell i holds a digit
 *     primary    (full house h, d)    house h (N cells) holds digit d
 *     secondary  (small group g, d)   group g (fewer than N cells) holds
 *                                     digit d at most once
 *
 *   Row (i, d) has a node in column "cell i" and one in (h, d) for every
 *   house h of cell i, so a row is 1 + (houses of i) nodes long.  The
 *   givens are not covered at run time: the matrix is built without them.
 *   A house that holds a given d gets no (h, d) column, and a row (i, d) is
 *   only made when no house of i holds a given d; two equal givens in one
 *   house mean no solution, found while building.  A column left with no
 *   row is a dead end the search meets at its first choice.
 *
 * Node layout (one workspace, int32 indices, nothing allocated during a
 * search)
 *   Column ids are fixed by the model: cell i is column i, (full house h,
 *   d) is ncells + h*N + d-1; the primaries end there, are padded to a
 *   whole block of 16, and the secondary (group, d) columns follow.  Header
 *   node k of column k is node k; the rows follow, each row's nodes
 *   contiguous, the cell node first:
 *
 *     id        0        1     ..  81+4    81+6   ..  162+4  ..  243+4 ..|pad|
 *     column    cell 0   cell 1    row1:5  row1:7     col1:5     box1:5  |   | groups
 *     size[]    2        3         2       4          3          2       |COV| ...
 *     node[]    [hdr]    [hdr]     [hdr]   [hdr]      [hdr]      [hdr]
 *                 |        |         |       |          |          |
 *     row (0,5) [node]--------------[node]-------------[node]-----[node]
 *                 |        |         |       |          |          |
 *     row (0,7) [node]----------------------[node]--------- ...
 *                 |        :         :       :
 *   (9x9: cell 0 in row 1, column 1, box 1; up/down lists are circular
 *   through their header; a row's nodes sit side by side in node[], the
 *   dashes only show which row they make up)
 *
 *   A node holds up, down, its column and two 16-bit fields: how far it is
 *   from the first node of its row and how long the row is.  The left and
 *   right links of Knuth's nodes never change during the search, so they
 *   are replaced by that contiguity: "the other nodes of row r" are two
 *   plain index ranges, with no pointer chasing along the row.  16 bytes a
 *   node, the fields a cover touches in one cache line.
 *
 *   Nor is there a linked list of column headers.  Choosing the smallest
 *   column walked that list node by node and took half the time on 9x9;
 *   instead size[] (int16) holds every column's row count, and covering a
 *   column adds COVERED (2^14) to its size, uncovering takes it off, so a
 *   covered column is never the smallest.  The choice is a linear scan of
 *   the primary sizes in blocks of 16, each block's minimum taken with two
 *   128-bit vector minimums where the compiler has vector extensions; the
 *   padding (permanently COVERED) keeps the last block off the secondary
 *   columns.  A count of primary columns still uncovered says when the
 *   cover is complete.
 *
 * Search (iterative, an explicit stack of chosen nodes, as deep as there
 *   are empty cells, 4096 at most)
 *     forward:  no primary column left -> a solution (skx_solution, which
 *               may end the search); else choose the primary column with
 *               the fewest rows (first on ties; a column of 0 rows fails at
 *               once, one of 1 row is a forced move), cover it and try its
 *               first row: cover every other column of the row, go deeper.
 *     backward: uncover the row's other columns (in reverse order), try the
 *               next row of the column; after the last one uncover the
 *               column and go up a level.
 *   Covering a cell column that has one row left is a naked single;
 *   covering an (h, d) column with one row left is a hidden single: plain
 *   Algorithm X with the smallest-column rule finds the singles by itself,
 *   one forced node each, but nothing subtler (no locked candidates).
 *
 * Statistics, in the general engine's terms
 *   nodes    the root plus every row tried (each is a new partial cover,
 *            as each alternative is a new fixpoint in the general engine);
 *            forced rows count too, so this engine reports more nodes for
 *            the same work than one that propagates within a node;
 *   guesses  rows tried that were not the last row of their column (the
 *            last alternative of a choice is forced, not a guess).
 *   Limits are looked at before each row is tried, so a search ends with
 *   at most max_nodes nodes.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

typedef struct dnode {
    int32_t up, down; /* column list, circular through the header node */
    int32_t col;      /* column id (header nodes: their own id) */
    uint16_t back;    /* distance from the first node of the row */
    uint16_t len;     /* nodes in the row (0 for a header) */
} dnode;

typedef struct dstate {
    dnode *node;
    int16_t *size;    /* rows per column; + COVERED while covered */
    int32_t *stack;   /* chosen node per level */
    uint8_t *digit;   /* digit of the row starting at each node */
    uint8_t *grid;    /* the givens, then each row tried */
    uint64_t *used;   /* digits given in each house */
    int ncols;        /* column ids */
    int nprimary;     /* primary column ids are 0 .. nprimary-1 */
    int secondary;    /* secondary ids start here (padding between) */
    int left;         /* primary columns neither covered nor given */
} dstate;

/* Added to the size of a covered column (and of a column the givens
 * satisfy), so that the smallest-size scan never picks it.  A covered
 * column's size does not change while it is covered: its rows are out of
 * every other column, and a row still present has no node in it. */
#define COVERED (1 << 14)

/* Column sizes are scanned in blocks of this many (vectorised minimum). */
#define BLOCK 16

static size_t align8(size_t x) { return (x + 7) & ~(size_t)7; }

/* Primary column ids: cells, then (full house, digit). */
static size_t dlx_primary(const sk_model *m)
{
    return (size_t)m->ncells + (size_t)m->nfull * (size_t)m->n;
}

/* First secondary id: the primaries padded to whole scan blocks. */
static size_t dlx_secondary(const sk_model *m)
{
    return (dlx_primary(m) + BLOCK - 1) / BLOCK * BLOCK;
}

static size_t dlx_columns(const sk_model *m)
{
    return dlx_secondary(m) + (size_t)(m->nhouses - m->nfull) * (size_t)m->n;
}

/* Most nodes a matrix of m can have: every header plus every row. */
static size_t dlx_nodes(const sk_model *m)
{
    size_t rows_nodes = (size_t)m->ncells + m->cell_house_off[m->ncells];
    return dlx_columns(m) + rows_nodes * (size_t)m->n;
}

static size_t dlx_workspace(const sk_model *m)
{
    size_t nn = dlx_nodes(m);
    return align8(nn * sizeof(dnode)) + align8(dlx_columns(m) * 2) +
           align8(((size_t)m->ncells + 1) * 4) + align8(nn) + align8((size_t)m->ncells) +
           align8((size_t)m->nhouses * 8);
}

static int dlx_accepts(const sk_model *m)
{
    /* Exact cover holds houses only: rules that compile to houses alone
     * (extra regions, diagonals, cages without a sum, anti-knight...) are
     * fine, rules with propagators or cell masks are not. */
    if (!m || m->ncons || m->cell_mask)
        return 0;
    /* Row lengths fit 16 bits and node indices 31 bits. */
    for (int i = 0; i < m->ncells; i++)
        if (m->cell_house_off[i + 1] - m->cell_house_off[i] + 1 > 65535)
            return 0;
    return dlx_nodes(m) < (size_t)INT32_MAX;
}

static void carve(dstate *s, void *ws, const sk_model *m)
{
    char *p = ws;
    size_t nn = dlx_nodes(m);
    s->node = (dnode *)p;    p += align8(nn * sizeof(dnode));
    s->size = (int16_t *)p;  p += align8(dlx_columns(m) * 2);
    s->stack = (int32_t *)p; p += align8(((size_t)m->ncells + 1) * 4);
    s->digit = (uint8_t *)p; p += align8(nn);
    s->grid = (uint8_t *)p;  p += align8((size_t)m->ncells);
    s->used = (uint64_t *)p;
    s->ncols = (int)dlx_columns(m);
    s->nprimary = (int)dlx_primary(m);
    s->secondary = (int)dlx_secondary(m);
}

/* Removes node j from its column. */
static inline void unlink_node(dnode *nd, int16_t *size, int j)
{
    int u = nd[j].up, d = nd[j].down;
    nd[u].down = d;
    nd[d].up = u;
    size[nd[j].col]--;
}

static inline void relink_node(dnode *nd, int16_t *size, int j)
{
    int u = nd[j].up, d = nd[j].down;
    nd[u].down = j;
    nd[d].up = j;
    size[nd[j].col]++;
}

/* Takes every row of column c out of the other columns and marks c
 * covered. */
static inline void cover(dnode *nd, int16_t *size, int c)
{
    size[c] += COVERED;
    for (int i = nd[c].down; i != c; i = nd[i].down) {
        int beg = i - nd[i].back, end = beg + nd[i].len;
        for (int j = beg; j < i; j++)
            unlink_node(nd, size, j);
        for (int j = i + 1; j < end; j++)
            unlink_node(nd, size, j);
    }
}

/* Exactly undoes cover(c), in reverse order. */
static inline void uncover(dnode *nd, int16_t *size, int c)
{
    for (int i = nd[c].up; i != c; i = nd[i].up) {
        int beg = i - nd[i].back, end = beg + nd[i].len;
        for (int j = end - 1; j > i; j--)
            relink_node(nd, size, j);
        for (int j = i - 1; j >= beg; j--)
            relink_node(nd, size, j);
    }
    size[c] -= COVERED;
}

/* Covers the columns of row node r other than r's own (r's is covered);
 * returns how many of them are primary. */
static inline int cover_row(dnode *nd, int16_t *size, int r, int nprimary)
{
    int beg = r - nd[r].back, end = beg + nd[r].len, k = 0;
    for (int j = beg; j < r; j++) {
        cover(nd, size, nd[j].col);
        k += nd[j].col < nprimary;
    }
    for (int j = r + 1; j < end; j++) {
        cover(nd, size, nd[j].col);
        k += nd[j].col < nprimary;
    }
    return k;
}

static inline int uncover_row(dnode *nd, int16_t *size, int r, int nprimary)
{
    int beg = r - nd[r].back, end = beg + nd[r].len, k = 0;
    for (int j = end - 1; j > r; j--) {
        uncover(nd, size, nd[j].col);
        k += nd[j].col < nprimary;
    }
    for (int j = r - 1; j >= beg; j--) {
        uncover(nd, size, nd[j].col);
        k += nd[j].col < nprimary;
    }
    return k;
}

/* Column id of (house h, digit d+1). */
static inline int column(const dstate *s, const sk_model *m, int h, int d)
{
    return h < m->nfull ? m->ncells + h * m->n + d : s->secondary + (h - m->nfull) * m->n + d;
}

/*
 * Builds the matrix of the puzzle without its givens.  Returns 0 when two
 * givens clash (no solution), else 1.
 */
static int build(dstate *s, const sk_model *m, const uint8_t *givens)
{
    const int nc = m->ncells, ncols = s->ncols;
    dnode *nd = s->node;
    int16_t *size = s->size;

    memset(s->used, 0, (size_t)m->nhouses * 8);
    for (int i = 0; i < nc; i++) {
        if (!givens[i])
            continue;
        uint64_t bit = 1ull << (givens[i] - 1);
        for (uint32_t k = m->cell_house_off[i]; k < m->cell_house_off[i + 1]; k++) {
            int h = m->cell_houses[k];
            if (s->used[h] & bit)
                return 0;
            s->used[h] |= bit;
        }
    }

    /* Headers: every column id gets an empty list.  The givens' columns
     * (and the padding after the last one) count as covered for good. */
    for (int c = 0; c < ncols; c++) {
        nd[c].up = nd[c].down = nd[c].col = c;
        nd[c].back = nd[c].len = 0;
        size[c] = 0;
    }
    for (int c = s->nprimary; c < s->secondary; c++)
        size[c] = COVERED;
    s->left = s->nprimary;
    for (int i = 0; i < nc; i++)
        if (givens[i]) {
            size[i] = COVERED;
            s->left--;
        }
    for (int h = 0; h < m->nhouses; h++)
        for (uint64_t u = s->used[h]; u; u &= u - 1) {
            size[column(s, m, h, __builtin_ctzll(u))] = COVERED;
            s->left -= h < m->nfull;
        }

    /* Rows, appended at the bottom of their columns. */
    int next = ncols;
    for (int i = 0; i < nc; i++) {
        if (givens[i])
            continue;
        const uint32_t h0 = m->cell_house_off[i], h1 = m->cell_house_off[i + 1];
        const int len = (int)(h1 - h0) + 1;
        uint64_t taken = 0;
        for (uint32_t k = h0; k < h1; k++)
            taken |= s->used[m->cell_houses[k]];
        for (uint64_t free_ = m->all & ~taken; free_; free_ &= free_ - 1) {
            int d = __builtin_ctzll(free_);
            s->digit[next] = (uint8_t)(d + 1);
            for (int k = 0; k < len; k++) {
                int c = k == 0 ? i : column(s, m, m->cell_houses[h0 + (uint32_t)k - 1], d);
                int j = next + k;
                nd[j].col = c;
                nd[j].back = (uint16_t)k;
                nd[j].len = (uint16_t)len;
                nd[j].down = c;
                nd[j].up = nd[c].up;
                nd[nd[c].up].down = j;
                nd[c].up = j;
                size[c]++;
            }
            next += len;
        }
    }
    memcpy(s->grid, givens, (size_t)nc);
    return 1;
}

#if defined(__GNUC__)
typedef int16_t v8hi __attribute__((vector_size(16)));

#if defined(__clang__) || __GNUC__ >= 12
#define SHUFFLE(a, ...) __builtin_shufflevector(a, a, __VA_ARGS__)
#else
#define SHUFFLE(a, ...) __builtin_shuffle(a, (v8hi){__VA_ARGS__})
#endif

static inline v8hi vmin(v8hi a, v8hi b)
{
    v8hi lt = a < b;
    return (a & lt) | (b & ~lt);
}

/* The smallest of p[0 .. BLOCK-1]. */
static inline int block_min(const int16_t *p)
{
    v8hi a, b;
    memcpy(&a, p, sizeof a);
    memcpy(&b, p + 8, sizeof b);
    a = vmin(a, b);
    a = vmin(a, SHUFFLE(a, 4, 5, 6, 7, 0, 1, 2, 3));
    a = vmin(a, SHUFFLE(a, 2, 3, 0, 1, 2, 3, 0, 1));
    a = vmin(a, SHUFFLE(a, 1, 0, 1, 0, 1, 0, 1, 0));
    return a[0];
}
#else
static inline int block_min(const int16_t *p)
{
    int low = p[0];
    for (int k = 1; k < BLOCK; k++)
        low = p[k] < low ? p[k] : low;
    return low;
}
#endif

/* The primary column with the fewest rows, the first on ties (there is at
 * least one uncovered).  A block's minimum is found without branches, and
 * only a block that beats the best so far is looked into. */
static inline int choose(const int16_t *size, int nprimary)
{
    int best = 0, best_size = COVERED;
    for (int base = 0; base < nprimary; base += BLOCK) {
        const int16_t *p = size + base;
        int low = block_min(p);
        if (low >= best_size)
            continue;
        int k = 0;
        while (p[k] != low)
            k++;
        best = base + k;
        best_size = low;
        if (low <= 1)
            break;
    }
    return best;
}

static int dlx_search(void *ws, const sk_model *m, const uint8_t *givens, sk_ctl *ctl)
{
    dstate st, *s = &st;
    sk_result *res = ctl->res;
    carve(s, ws, m);
    res->nodes++; /* the root */
    if (!build(s, m, givens))
        return SK_OK;

    dnode *const nd = s->node;
    int16_t *const size = s->size;
    int32_t *const stack = s->stack;
    uint8_t *const grid = s->grid;
    const uint8_t *const digit = s->digit;
    const int nprimary = s->nprimary;
    int left = s->left, level = 0, c, r;

    for (;;) {
        /* forward: a new partial cover */
        if (left == 0) {
            if (skx_solution(ctl, grid))
                return SK_OK;
            goto backtrack;
        }
        c = choose(size, nprimary);
        if (size[c] == 0)
            goto backtrack;
        cover(nd, size, c);
        left--;
        r = nd[c].down;
    try_row:
        if (skx_tick(ctl))
            return SK_OK;
        res->nodes++;
        if (nd[r].down != c)
            res->guesses++;
        stack[level++] = r;
        {
            int beg = r - nd[r].back;
            grid[nd[beg].col] = digit[beg];
        }
        left -= cover_row(nd, size, r, nprimary);
        continue;
    backtrack:
        for (;;) {
            if (level == 0)
                return SK_OK; /* res->end stays EXHAUSTED */
            r = stack[--level];
            c = nd[r].col;
            left += uncover_row(nd, size, r, nprimary);
            r = nd[r].down;
            if (r != c)
                goto try_row;
            uncover(nd, size, c);
            left++;
        }
    }
}

const sk_engine skx_engine_dlx = {
    {"dlx", "dancing links (Knuth's Algorithm X) on the exact-cover matrix; "
            "branches on the column with the fewest rows",
     "every model whose rules are all houses: N up to 64, boxes, jigsaw, Latin squares, "
     "extra houses and groups, extra regions, diagonals, anti-knight, anti-king, disjoint "
     "groups, cages without a sum; only when asked for by name"},
    dlx_accepts,
    NULL, /* by name only: slower than the others on every kind of grid */
    dlx_workspace,
    dlx_search,
    0, /* no candidate masks */
};
