/*
 * rules_oracle.h - an independent judge of the variant rules, written
 * from the definitions in the comment above SK_RULE_LIST in sudokit.h
 * (f-puzzles meanings), for complete grids.  It shares no code with
 * src/rules/: it reads only the plain fields of sk_rule.
 *
 *   ro_geo g = {n, region};   region: N*N ids of boxes / jigsaw regions,
 *                             or NULL for a grid without regions
 *   ro_holds(&g, rules, nrules, k, grid, RO_FULL)   1 when rule k holds
 *
 * RO_FULL judges the whole rule, "these cells differ" included (a cage,
 * a renban line, an extra region, the diagonals, the chess rules,
 * disjoint groups).  RO_NO_HOUSES leaves out exactly the parts that the
 * library reports as houses (sk_check) instead of rule violations
 * (sk_check_rules): what is left is what sk_check_rules must judge.
 *
 * The negative rules and the minimum/maximum cells look at the other
 * rules of the list (the marks that exempt a pair; the other extreme
 * cells), so the whole list is passed.
 */
#ifndef SK_TEST_RULES_ORACLE_H
#define SK_TEST_RULES_ORACLE_H

#include <stdint.h>
#include <string.h>

#include "sudokit.h"

#define RO_FN static __attribute__((unused))

enum { RO_FULL = 1, RO_NO_HOUSES = 0 };

typedef struct ro_geo {
    int n;
    const uint8_t *region; /* N*N region ids, or NULL */
} ro_geo;

/* 1 when the digits of cells[0..k) are all different. */
static int ro_distinct_(const uint8_t *grid, const int *cells, int k)
{
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            if (grid[cells[i]] == grid[cells[j]])
                return 0;
    return 1;
}

static long ro_sum_(const uint8_t *grid, const int *cells, int from, int to)
{
    long s = 0;
    for (int j = from; j < to; j++)
        s += grid[cells[j]];
    return s;
}

/* d written after v in decimal: 1 then 2 is 12, 12 then 3 is 123. */
static long ro_concat_(long v, int d)
{
    long p = 10;
    while (p <= d)
        p *= 10;
    return v * p + d;
}

static int ro_abs_(int x) { return x < 0 ? -x : x; }

/* 1 when some rule of kind `kind` has the cell. */
static int ro_marked_(const sk_rule *rules, int nrules, int kind, int cell)
{
    for (int k = 0; k < nrules; k++)
        if (rules[k].kind == kind)
            for (int j = 0; j < rules[k].ncells; j++)
                if (rules[k].cells[j] == cell)
                    return 1;
    return 0;
}

/* 1 when some rule of one of the two kinds joins a and b (either order). */
static int ro_joined_(const sk_rule *rules, int nrules, int kind1, int kind2, int a, int b)
{
    for (int k = 0; k < nrules; k++) {
        const sk_rule *r = &rules[k];
        if ((r->kind != kind1 && r->kind != kind2) || r->ncells != 2)
            continue;
        if ((r->cells[0] == a && r->cells[1] == b) || (r->cells[0] == b && r->cells[1] == a))
            return 1;
    }
    return 0;
}

/* 1 when the chess move (dr, dc) and its reflections never join equal digits. */
static int ro_chess_(const ro_geo *g, const uint8_t *grid, const int (*moves)[2], int nmoves)
{
    const int n = g->n;
    for (int a = 0; a < n * n; a++)
        for (int k = 0; k < nmoves; k++) {
            int r = a / n + moves[k][0], c = a % n + moves[k][1];
            if (r < 0 || r >= n || c < 0 || c >= n)
                continue;
            if (grid[r * n + c] == grid[a])
                return 0;
        }
    return 1;
}

/* The orthogonal pairs (a, a+1) and (a, a+n) of the grid, each once. */
static int ro_pairs_(int n, int *pa, int *pb)
{
    int k = 0;
    for (int a = 0; a < n * n; a++) {
        if (a % n != n - 1)
            pa[k] = a, pb[k++] = a + 1;
        if (a + n < n * n)
            pa[k] = a, pb[k++] = a + n;
    }
    return k;
}

RO_FN int ro_holds(const ro_geo *g, const sk_rule *rules, int nrules, int k, const uint8_t *grid,
                   int houses)
{
    const sk_rule *r = &rules[k];
    const int n = g->n, nc = r->ncells;
    const int *c = r->cells;
    switch (r->kind) {
    case SK_RULE_CAGE:
        if (houses && !ro_distinct_(grid, c, nc))
            return 0;
        return r->value == 0 || ro_sum_(grid, c, 0, nc) == r->value;
    case SK_RULE_LITTLE_KILLER:
        return ro_sum_(grid, c, 0, nc) == r->value;
    case SK_RULE_SANDWICH: {
        int p1 = -1, pn = -1;
        for (int j = 0; j < nc; j++) {
            if (grid[c[j]] == 1)
                p1 = j;
            if (grid[c[j]] == n)
                pn = j;
        }
        if (p1 < 0 || pn < 0)
            return 0; /* a row without 1 or N: no sandwich at all */
        int lo = p1 < pn ? p1 : pn, hi = p1 < pn ? pn : p1;
        return ro_sum_(grid, c, lo + 1, hi) == r->value;
    }
    case SK_RULE_ARROW: {
        long v = 0;
        for (int j = 0; j < r->aux; j++)
            v = ro_concat_(v, grid[c[j]]);
        return v == ro_sum_(grid, c, r->aux, nc);
    }
    case SK_RULE_THERMO:
        for (int j = 0; j + 1 < nc; j++)
            if (grid[c[j]] >= grid[c[j + 1]])
                return 0;
        return 1;
    case SK_RULE_PALINDROME:
        for (int j = 0; j < nc; j++)
            if (grid[c[j]] != grid[c[nc - 1 - j]])
                return 0;
        return 1;
    case SK_RULE_WHISPER: {
        int v = r->value ? r->value : (n + 1) / 2;
        for (int j = 0; j + 1 < nc; j++)
            if (ro_abs_(grid[c[j]] - grid[c[j + 1]]) < v)
                return 0;
        return 1;
    }
    case SK_RULE_RENBAN: {
        int lo = n + 1, hi = 0;
        if (houses && !ro_distinct_(grid, c, nc))
            return 0;
        for (int j = 0; j < nc; j++) {
            if (grid[c[j]] < lo)
                lo = grid[c[j]];
            if (grid[c[j]] > hi)
                hi = grid[c[j]];
        }
        /* different digits within a span of ncells: consecutive */
        return hi - lo <= nc - 1;
    }
    case SK_RULE_BETWEEN: {
        int a = grid[c[0]], b = grid[c[nc - 1]];
        int lo = a < b ? a : b, hi = a < b ? b : a;
        for (int j = 1; j + 1 < nc; j++)
            if (!(grid[c[j]] > lo && grid[c[j]] < hi))
                return 0;
        return 1;
    }
    case SK_RULE_REGION_SUM: {
        /* runs: maximal stretches of consecutive line cells in one region */
        long first = -1;
        int start = 0;
        for (int j = 1; j <= nc; j++)
            if (j == nc || g->region[c[j]] != g->region[c[j - 1]]) {
                long s = ro_sum_(grid, c, start, j);
                if (first < 0)
                    first = s;
                else if (s != first)
                    return 0;
                start = j;
            }
        return 1;
    }
    case SK_RULE_WHITE_DOT: {
        int v = r->value ? r->value : 1;
        return ro_abs_(grid[c[0]] - grid[c[1]]) == v;
    }
    case SK_RULE_BLACK_DOT: {
        int v = r->value ? r->value : 2, a = grid[c[0]], b = grid[c[1]];
        return a == v * b || b == v * a;
    }
    case SK_RULE_XV:
        return grid[c[0]] + grid[c[1]] == r->value;
    case SK_RULE_ODD:
    case SK_RULE_EVEN:
        for (int j = 0; j < nc; j++)
            if (grid[c[j]] % 2 != (r->kind == SK_RULE_ODD))
                return 0;
        return 1;
    case SK_RULE_MINIMUM:
    case SK_RULE_MAXIMUM: {
        static const int dir[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        for (int j = 0; j < nc; j++)
            for (int q = 0; q < 4; q++) {
                int rr = c[j] / n + dir[q][0], cc = c[j] % n + dir[q][1];
                if (rr < 0 || rr >= n || cc < 0 || cc >= n)
                    continue;
                int o = rr * n + cc;
                /* two neighbouring cells of one kind cannot both be
                 * extreme: the library compares neither with the other
                 * (the tests never place them side by side) */
                if (ro_marked_(rules, nrules, r->kind, o))
                    continue;
                if (r->kind == SK_RULE_MINIMUM ? grid[c[j]] >= grid[o] : grid[c[j]] <= grid[o])
                    return 0;
            }
        return 1;
    }
    case SK_RULE_QUADRUPLE: {
        int have[SK_MAX_N + 1] = {0}, need[SK_MAX_N + 1] = {0};
        for (int j = 0; j < nc; j++)
            have[grid[c[j]]]++;
        for (int t = 0; t < r->ndigits; t++)
            need[r->digits[t]]++;
        for (int d = 1; d <= n; d++)
            if (need[d] > have[d])
                return 0;
        return 1;
    }
    case SK_RULE_REGION:
        return !houses || ro_distinct_(grid, c, nc);
    case SK_RULE_DIAGONAL_UP:
    case SK_RULE_DIAGONAL_DOWN: {
        int cells[SK_MAX_N];
        for (int i = 0; i < n; i++)
            cells[i] = r->kind == SK_RULE_DIAGONAL_DOWN ? i * n + i : (n - 1 - i) * n + i;
        return !houses || ro_distinct_(grid, cells, n);
    }
    case SK_RULE_ANTI_KNIGHT: {
        static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                         {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        return !houses || ro_chess_(g, grid, knight, 8);
    }
    case SK_RULE_ANTI_KING: {
        static const int king[8][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1},
                                       {0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        return !houses || ro_chess_(g, grid, king, 8);
    }
    case SK_RULE_DISJOINT: {
        if (!houses)
            return 1;
        /* position of each cell in its region, in reading order */
        int seen[SK_MAX_N] = {0};
        static int pos[SK_MAX_N * SK_MAX_N];
        for (int i = 0; i < n * n; i++)
            pos[i] = seen[g->region[i]]++;
        for (int a = 0; a < n * n; a++)
            for (int b = a + 1; b < n * n; b++)
                if (pos[a] == pos[b] && grid[a] == grid[b])
                    return 0;
        return 1;
    }
    case SK_RULE_NONCONSECUTIVE:
    case SK_RULE_NEGATIVE_BLACK:
    case SK_RULE_NEGATIVE_XV: {
        static int pa[2 * SK_MAX_N * SK_MAX_N], pb[2 * SK_MAX_N * SK_MAX_N];
        int np = ro_pairs_(n, pa, pb);
        for (int q = 0; q < np; q++) {
            int a = grid[pa[q]], b = grid[pb[q]], bad;
            if (r->kind == SK_RULE_NONCONSECUTIVE) {
                int v = r->value ? r->value : 1;
                bad = ro_abs_(a - b) == v;
                if (bad && ro_joined_(rules, nrules, SK_RULE_WHITE_DOT, SK_RULE_BLACK_DOT, pa[q], pb[q]))
                    bad = 0;
            } else if (r->kind == SK_RULE_NEGATIVE_BLACK) {
                int v = r->value ? r->value : 2;
                bad = a == v * b || b == v * a;
                if (bad && ro_joined_(rules, nrules, SK_RULE_WHITE_DOT, SK_RULE_BLACK_DOT, pa[q], pb[q]))
                    bad = 0;
            } else {
                bad = a + b == 5 || a + b == 10;
                if (bad && ro_joined_(rules, nrules, SK_RULE_XV, SK_RULE_XV, pa[q], pb[q]))
                    bad = 0;
            }
            if (bad)
                return 0;
        }
        return 1;
    }
    case SK_RULE_DIGITS:
        for (int j = 0; j < nc; j++) {
            int ok = 0;
            for (int t = 0; t < r->ndigits; t++)
                ok |= r->digits[t] == grid[c[j]];
            if (!ok)
                return 0;
        }
        return 1;
    default:
        return 0; /* an unknown kind holds nowhere: a test would notice */
    }
}

/* 1 when every rule holds (RO_FULL or RO_NO_HOUSES). */
RO_FN int ro_all_hold(const ro_geo *g, const sk_rule *rules, int nrules, const uint8_t *grid,
                      int houses)
{
    for (int k = 0; k < nrules; k++)
        if (!ro_holds(g, rules, nrules, k, grid, houses))
            return 0;
    return 1;
}

#endif
