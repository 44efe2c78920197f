/*
 * best.c - best-score search: the largest (or smallest) value of
 * sum(weight[i] * digit[i]) over every solution of a puzzle, proven by
 * branch and bound.
 *
 * Problem
 *   A puzzle may have millions of solutions (NOIP 2009 "target Sudoku",
 *   and the empty grid has ~6.7e21), so enumerating them is hopeless; but
 *   the linear relaxation of the usual 0-1 model (x[i][d] = 1 when cell i
 *   holds d; one digit per cell, each digit once per house) is nearly always
 *   tight, which is why a MIP solver such as CBC proves these optima at the
 *   root.  The search here gets a bound of the same strength without an LP
 *   solver, from the structure of the problem.
 *
 * Data model
 *   Candidates are one 64-bit mask per cell (bit d-1 = digit d possible),
 *   changed only through a trail of (cell, old mask) entries so that a
 *   backtrack pops to a mark (propagate.h).  The rows, the
 *   columns and (when the model has them) the boxes or jigsaw regions are
 *   each a *partition* of the grid into full houses: P = 2 or 3 of them.
 *   For every partition p, cell i and digit d there is a profit
 *   q[p][i][d], and always  sum over p of q[p][i][d] = w[i] * d.
 *
 * Bound (Lagrangian decomposition)
 *   Give each partition its own copy of the grid.  Copy p only has to obey
 *   the houses of p, the candidates, and earns q[p] instead of w*d.  The
 *   copies decouple into one assignment problem per house: match the open
 *   cells of the house to its missing digits, along candidate edges, for
 *   the largest profit - solved exactly by the Hungarian method, O(k^3) for
 *   k open cells.  A real solution is a solution of every copy at once and
 *   earns the same in total, so  fixed cells + sum over houses of their
 *   best assignment  bounds every solution below the node, for *any* split
 *   q.  (For w*d profits and free candidates the house optimum is the
 *   rearrangement inequality: sorted weights against sorted digits; the
 *   candidate edges make it sharper, and a house whose open cells cannot be
 *   matched at all proves the node infeasible.)  Because every assignment
 *   polytope is integral, the best split reaches the LP bound of the node
 *   (with the candidates that propagation removed on top), i.e. at least
 *   what CBC's root relaxation gives.  The split is global state, valid at
 *   every node, so each node starts from the best split the last one found.
 *
 * Step rule (volume algorithm)
 *   The split is tuned by subgradient steps that keep sum over p of q[p]
 *   fixed, with the deflection of Barahona and Anbil's volume algorithm:
 *   each copy's assignments are averaged over the steps (xbar, the newest
 *   weighted ALPHA), and the step moves every copy's profits away from its
 *   own average towards the mean of the copies' averages, by a Polyak
 *   length theta * (bound - incumbent) / |direction|^2.  Trial splits are
 *   only kept when they lower the bound; theta shrinks after RED_STEPS
 *   steps without progress.  On sudoku LPs this reaches the LP value to a
 *   few hundredths where plain subgradient steps stall a unit or two above
 *   it.  When all copies agree on every cell, they describe one grid
 *   obeying rows, columns and boxes; if it also obeys the extra houses it
 *   is a solution worth exactly the bound and the node is solved.  Extra
 *   houses (diagonals, windows, groups) are not partitions: they are left
 *   out of the bound (still valid, a little weaker) and enforced by
 *   propagation.
 *
 * Reduced costs
 *   The Hungarian potentials u, v of each house price every candidate
 *   edge: rc = -q - u - v >= 0, and a copy's assignment is worth its dual
 *   value less the reduced costs of its edges.  Summed over the copies,
 *   every solution below the node is worth exactly  zc - sum over cells of
 *   cost[i][digit]  (zc the bound at the split, cost the summed reduced
 *   costs).  Two uses:
 *   - rc_search: a depth-first search with propagation on those costs
 *     alone (no more Hungarian runs), cheapest digit first, pruned when
 *     the cost of the fixed cells plus the cheapest candidate of every open
 *     cell exceeds zc - incumbent - 1.  It is the primal heuristic (its
 *     first leaf follows the relaxation) and, when it finishes within its
 *     node limit, it closes the node exactly.  At the root it runs after
 *     every ROOT_CHUNK steps, so the optimum is found and proven there on
 *     most 9x9 puzzles, the empty grid included.
 *   - reduced-cost fixing: a candidate whose cost alone exceeds that room
 *     is removed (on the trail); propagation follows and the node is
 *     bounded again.
 *   The objective is an integer, so a node is closed when its bound is
 *   below incumbent + 1 (less a rounding tolerance scaled to the weights).
 *
 * Propagation
 *   Naked singles, hidden singles in full houses, locked candidates,
 *   to a fixpoint, with dirty-house sets: the module of propagate.h, the
 *   one engine_general.c uses.  Probing is not used: the bound prunes more
 *   per microsecond.
 *
 * Branching
 *   A cell where the copies disagree (the counterpart of a fractional LP
 *   variable), fewest candidates first; the digit of least reduced cost
 *   is tried first, then the others by decreasing w*d.  Before the root
 *   has an incumbent, steps aim below the bound by a guessed margin and
 *   rc_search (unpruned) supplies the first incumbent; should it fail, the
 *   search dives with one step per node until one is found, then starts
 *   again from the root.  Minimising is maximising the negated weights.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "propagate.h"
#include "rules/rules.h"

#define MAXP 3
#define INF 1e300

typedef struct bframe {
    uint32_t trail_mark;
    uint16_t assign_mark;
    uint16_t cell;
    uint64_t untried;
    int first;            /* digit (0-based) to try first, -1 = none */
    double cost;          /* rc_search: reduced cost of the node */
} bframe;

typedef struct bstate {
    skx_prop pr;           /* candidates, trail, propagation (propagate.h) */
    int n, nc, np;
    bframe *frames;
    int64_t *w;            /* weights, negated when minimising */
    int part[MAXP][SK_MAX_N]; /* house indices of each partition */
    double *q;             /* q[(p*nc + i)*n + d] */
    double *qt;            /* trial split, same layout (open cells only) */
    double *xbar;          /* averaged copies, same layout */
    uint16_t *open;        /* open cells of the node */
    int nopen;
    uint8_t *cslot;        /* cslot[p*nc + i]: house of cell i in partition p */
    uint8_t *cpos;         /* cpos[p*nc + i]: its row (1..k) in that house's problem */
    uint8_t *dpos;         /* dpos[slot*n + d]: column (1..k) of digit d */
    double zc;             /* bound at the split s->q with the last duals */
    double *cost;          /* cost[i*n + d]: see price() */
    uint8_t *opened;       /* opened[i]: cell i was open at the last bound */
    uint8_t *x;            /* x[p*nc + i]: digit (1..n) copy p gave cell i */
    /* Hungarian scratch */
    double *hu, *hv, *hminv;
    int *hp, *hway;
    uint8_t *hused;
    uint16_t *hcells;      /* per (p, house): open cells */
    uint8_t *hdigits;      /*                 missing digits (0-based) */
    int *hk;               /*                 how many */
    uint8_t *grid, *best;
    int64_t inc;           /* incumbent (in maximisation terms) */
    int have_inc;
    double tol;
    double vtheta;         /* step factor of the node being bounded */
    int vred;              /* steps since the bound last improved */
    const sk_best_opts *opts;
    sk_best_result *res;
    double deadline;
    int stop;
} bstate;

/* ------------------------------------------------------------------ */
/* The house assignment problem                                        */
/* ------------------------------------------------------------------ */

/*
 * Largest-profit perfect matching of the k open cells cl[] to the k
 * missing digits dl[] (0-based) of one house, along candidate edges, with
 * profits qp[cell*n + d]: the Hungarian method (shortest augmenting paths
 * with potentials), O(k^3).  Stores each cell's digit (1-based) in x[cell]
 * and the profit in *val.  Returns 0 when no perfect matching exists.
 */
static int assign(bstate *s, const double *qp, int k, const uint16_t *cl, const uint8_t *dl,
                  uint8_t *x, double *val, double *u, double *v)
{
    double *minv = s->hminv;
    int *pm = s->hp, *way = s->hway;
    uint8_t *used = s->hused;
    const int n = s->n;
    for (int j = 0; j <= k; j++) {
        u[j] = v[j] = 0.0;
        pm[j] = 0;
    }
    for (int i = 1; i <= k; i++) {
        int j0 = 0;
        pm[0] = i;
        for (int j = 0; j <= k; j++) {
            minv[j] = INF;
            used[j] = 0;
        }
        do {
            used[j0] = 1;
            int i0 = pm[j0], j1 = 0, cell = cl[i0 - 1];
            uint64_t c = s->pr.cand[cell];
            const double *row = qp + (size_t)cell * n;
            double delta = INF, ui = u[i0];
            for (int j = 1; j <= k; j++) {
                if (used[j])
                    continue;
                int d = dl[j - 1];
                if (c >> d & 1) {
                    double cur = -row[d] - ui - v[j];
                    if (cur < minv[j]) {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                }
                if (minv[j] < delta) {
                    delta = minv[j];
                    j1 = j;
                }
            }
            if (delta > INF / 2)
                return 0; /* Hall's condition fails: no perfect matching */
            for (int j = 0; j <= k; j++) {
                if (used[j]) {
                    u[pm[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
        } while (pm[j0] != 0);
        do {
            int j1 = way[j0];
            pm[j0] = pm[j1];
            j0 = j1;
        } while (j0);
    }
    double total = 0.0;
    for (int j = 1; j <= k; j++) {
        int cell = cl[pm[j] - 1], d = dl[j - 1];
        x[cell] = (uint8_t)(d + 1);
        total += qp[(size_t)cell * n + d];
    }
    *val = total;
    return 1;
}

/* ------------------------------------------------------------------ */
/* Incumbent                                                           */
/* ------------------------------------------------------------------ */

/* 1 when grid (complete) repeats no digit in any house. */
static int grid_valid(const sk_model *m, const uint8_t *grid)
{
    for (int h = 0; h < m->nhouses; h++) {
        uint64_t seen = 0;
        for (uint32_t k = m->house_off[h]; k < m->house_off[h + 1]; k++) {
            uint64_t b = 1ull << (grid[m->house_cells[k]] - 1);
            if (seen & b)
                return 0;
            seen |= b;
        }
    }
    return m->nrules == 0 || skx_rules_hold(m, grid);
}

static int64_t grid_value(const bstate *s, const uint8_t *grid)
{
    int64_t v = 0;
    for (int i = 0; i < s->nc; i++)
        v += s->w[i] * grid[i];
    return v;
}

/* Offers a complete valid grid; returns 1 when the search must stop (the
 * callback asked to). */
static int offer(bstate *s, const uint8_t *grid)
{
    int64_t v = grid_value(s, grid);
    if (s->have_inc && v <= s->inc)
        return 0;
    s->inc = v;
    s->have_inc = 1;
    memcpy(s->best, grid, (size_t)s->nc);
    s->res->improvements++;
    if (s->opts->on_improve &&
        s->opts->on_improve(s->opts->user, grid, s->opts->minimize ? -v : v)) {
        s->res->end = SK_END_CALLBACK;
        s->stop = 1;
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Bounding a node                                                     */
/* ------------------------------------------------------------------ */

enum { NODE_CLOSED, NODE_BRANCH };

/* Collects the open cells and missing digits of every partition house. */
static void gather(bstate *s)
{
    const sk_model *m = s->pr.m;
    const int n = s->n;
    for (int p = 0; p < s->np; p++)
        for (int hh = 0; hh < n; hh++) {
            int h = s->part[p][hh], slot = p * n + hh, k = 0;
            uint16_t *cl = s->hcells + (size_t)slot * n;
            uint8_t *dl = s->hdigits + (size_t)slot * n;
            uint64_t placed = 0;
            for (uint32_t t = m->house_off[h]; t < m->house_off[h + 1]; t++) {
                int c = m->house_cells[t];
                if (skx_single(s->pr.cand[c]))
                    placed |= s->pr.cand[c];
                else
                    cl[k++] = (uint16_t)c;
            }
            int kd = 0;
            for (uint64_t miss = m->all & ~placed; miss; miss &= miss - 1)
                dl[kd++] = (uint8_t)__builtin_ctzll(miss);
            s->hk[slot] = kd == k ? k : -1;
            for (int r = 0; r < k; r++) {
                s->cslot[(size_t)p * s->nc + cl[r]] = (uint8_t)hh;
                s->cpos[(size_t)p * s->nc + cl[r]] = (uint8_t)(r + 1);
            }
            for (int j = 0; j < kd; j++)
                s->dpos[(size_t)slot * n + dl[j]] = (uint8_t)(j + 1);
        }
}

/* Step rule and effort (measured on bench/best.sh; see the header). */
#define ALPHA 0.1       /* weight of the newest assignment in the average */
#define THETA0 0.3      /* first step factor of a node */
#define RED_STEPS 5     /* steps without a better bound before theta shrinks */
#define ROOT_STEPS 300  /* steps at the root ... */
#define ROOT_CHUNK 50   /* ... in runs of this many, each followed by rc_search */
#define NODE_STEPS 20   /* steps at other nodes */
#define FIX_STEPS 10    /* steps after reduced-cost fixing narrowed the node */
#define ROOT_SEARCH 4   /* rc_search node limit, times the cells: root ... */
#define NODE_SEARCH 1   /* ... and other nodes */

/* Sums the house assignments of every copy under split qs; 0 = infeasible. */
static int solve_copies(bstate *s, const double *qs, double *total)
{
    const int n = s->n, nc = s->nc, np = s->np;
    s->res->bound_rounds++;
    for (int p = 0; p < np; p++) {
        const double *qp = qs + (size_t)p * nc * n;
        uint8_t *xp = s->x + (size_t)p * nc;
        for (int hh = 0; hh < n; hh++) {
            int slot = p * n + hh, k = s->hk[slot];
            double val;
            if (k == 0)
                continue;
            if (!assign(s, qp, k, s->hcells + (size_t)slot * n, s->hdigits + (size_t)slot * n, xp,
                        &val, s->hu + (size_t)slot * (n + 1), s->hv + (size_t)slot * (n + 1)))
                return 0;
            *total += val;
        }
    }
    return 1;
}

/* The mean over the np copies of one (cell, digit) entry of a split-shaped
 * array: x[0], x[stride], ... */
static inline double copies_mean(const double *x, size_t stride, int np)
{
    double mean = 0.0;
    for (int p = 0; p < np; p++)
        mean += x[p * stride];
    return mean / np;
}

/*
 * Bounds the node (a propagation fixpoint with open cells) by the
 * Lagrangian decomposition, taking up to maxit volume steps; cont carries
 * on with the node's step factor and averages (the root, or the same node
 * after fixing) instead of starting afresh.  Returns NODE_CLOSED when the
 * node cannot beat the incumbent (or holds no solution, or was solved
 * outright), else NODE_BRANCH with s->q the best split found, s->zc its
 * bound, s->x the copies' assignments and the house potentials at it.
 * *ub gets the best bound seen.
 */
static int bound(bstate *s, int maxit, int cont, double *ub)
{
    const int n = s->n, nc = s->nc, np = s->np;
    int64_t fixed = 0;
    s->nopen = 0;
    for (int i = 0; i < nc; i++) {
        if (skx_single(s->pr.cand[i]))
            fixed += s->w[i] * (__builtin_ctzll(s->pr.cand[i]) + 1);
        else
            s->open[s->nopen++] = (uint16_t)i;
    }
    gather(s);
    for (int slot = 0; slot < np * n; slot++)
        if (s->hk[slot] < 0)
            return NODE_CLOSED;
    const size_t pstride = (size_t)nc * n;
    double zbar = INF;
    if (!cont) {
        s->vtheta = THETA0;
        s->vred = 0;
    }
    double theta = s->vtheta;
    int red = s->vred;
    const double *qs = s->q;
    int at_center = 0;
    for (int it = 0;; it++) {
        double total = (double)fixed;
        if (!solve_copies(s, qs, &total))
            return NODE_CLOSED;
        at_center = qs == s->q;
        if (s->have_inc && total < (double)(s->inc + 1) - s->tol) {
            if (total < zbar) *ub = total;
            return NODE_CLOSED;
        }
        /* agreement? */
        int agree = 1;
        for (int k = 0; k < s->nopen && agree; k++) {
            int i = s->open[k];
            for (int p = 1; p < np; p++)
                agree &= s->x[(size_t)p * nc + i] == s->x[i];
        }
        if (agree) {
            if (total < zbar) zbar = total;
            *ub = zbar;
            for (int i = 0; i < nc; i++)
                s->grid[i] = skx_single(s->pr.cand[i]) ? (uint8_t)(__builtin_ctzll(s->pr.cand[i]) + 1)
                                                : s->x[i];
            if (grid_valid(s->pr.m, s->grid)) {
                if (offer(s, s->grid))
                    return NODE_CLOSED;
                if (total < (double)(s->inc + 1) - s->tol)
                    return NODE_CLOSED;
            }
            if (at_center)
                s->zc = total;
            goto branch;
        }
        /* average the copies */
        double a = it == 0 && !cont ? 1.0 : ALPHA;
        for (int k = 0; k < s->nopen; k++) {
            int i = s->open[k];
            for (int p = 0; p < np; p++) {
                double *xb = s->xbar + p * pstride + (size_t)i * n;
                for (int d = 0; d < n; d++)
                    xb[d] = a == 1.0 ? 0.0 : xb[d] * (1.0 - a); /* a = 1: a fresh start */
                xb[s->x[(size_t)p * nc + i] - 1] += a;
            }
        }
        if (total < zbar - 1e-9 * (fabs(total) + 1.0)) {
            zbar = total;
            red = 0;
            at_center = 1;
            s->zc = total;
            if (qs != s->q)
                for (int k = 0; k < s->nopen; k++) {
                    int i = s->open[k];
                    for (int p = 0; p < np; p++)
                        memcpy(s->q + p * pstride + (size_t)i * n, s->qt + p * pstride + (size_t)i * n, (size_t)n * sizeof(double));
                }
        } else if (++red >= RED_STEPS) {
            theta *= 0.66;
            red = 0;
        }
        s->vtheta = theta;
        s->vred = red;
        *ub = zbar;
        if (it + 1 >= maxit || theta < 1e-4)
            goto branch;
        /* direction: spread of the averaged copies */
        double g2 = 0.0;
        for (int k = 0; k < s->nopen; k++) {
            int i = s->open[k];
            for (int d = 0; d < n; d++) {
                double mean = copies_mean(s->xbar + (size_t)i * n + d, pstride, np);
                for (int p = 0; p < np; p++) {
                    double v = s->xbar[p * pstride + (size_t)i * n + d] - mean;
                    g2 += v * v;
                }
            }
        }
        if (g2 < 1e-12)
            goto branch;
        double target = s->have_inc ? (double)s->inc : zbar - 0.02 * fabs(zbar) - 1.0;
        double step = theta * (zbar - target) / g2;
        if (!(step > 0))
            goto branch;
        for (int k = 0; k < s->nopen; k++) {
            int i = s->open[k];
            for (int d = 0; d < n; d++) {
                double mean = copies_mean(s->xbar + (size_t)i * n + d, pstride, np);
                for (int p = 0; p < np; p++) {
                    size_t o = p * pstride + (size_t)i * n + d;
                    s->qt[o] = s->q[o] - step * (s->xbar[o] - mean);
                }
            }
        }
        qs = s->qt;
    }
branch:
    if (!at_center) {
        double total = (double)fixed;
        if (!solve_copies(s, s->q, &total))
            return NODE_CLOSED;
        s->zc = total;
    }
    return NODE_BRANCH;
}

/*
 * Prices every candidate of the open cells at the split s->q: cost[i][d]
 * is the sum over the copies of the reduced cost of edge (i, d) in its
 * house problem (house potentials u, v: -q - u - v >= 0).  For every
 * solution below the node, value = s->zc - sum over the cells open at the
 * bound of cost[i][digit], because each copy's assignment is worth its
 * dual value less the reduced costs of the edges it uses.
 */
static void price(bstate *s)
{
    const int n = s->n, nc = s->nc, np = s->np;
    for (int k = 0; k < s->nopen; k++) {
        int i = s->open[k];
        double *ci = s->cost + (size_t)i * n;
        for (uint64_t t = s->pr.cand[i]; t; t &= t - 1) {
            int d = __builtin_ctzll(t);
            double lose = 0.0;
            for (int p = 0; p < np; p++) {
                size_t pi = (size_t)p * nc + i;
                int slot = p * n + s->cslot[pi];
                const double *u = s->hu + (size_t)slot * (n + 1), *v = s->hv + (size_t)slot * (n + 1);
                lose += -s->q[pi * n + d] - u[s->cpos[pi]] - v[s->dpos[(size_t)slot * n + d]];
            }
            ci[d] = lose;
        }
    }
}

/* How far below s->zc a solution may fall and still beat the incumbent. */
static double room(const bstate *s)
{
    return s->have_inc ? s->zc - ((double)(s->inc + 1) - s->tol) : INF;
}

/*
 * Reduced-cost fixing: removes from each open cell the digits whose cost
 * alone exceeds the room (on the trail: valid below this node only).
 * Returns the number of cells narrowed, or -1 when a cell lost every
 * candidate.
 */
static int rc_fix(bstate *s)
{
    const int n = s->n;
    const double rm = room(s);
    int narrowed = 0;
    for (int k = 0; k < s->nopen; k++) {
        int i = s->open[k];
        uint64_t c = s->pr.cand[i], drop = 0;
        if (skx_single(c))
            continue;
        for (uint64_t t = c; t; t &= t - 1) {
            int d = __builtin_ctzll(t);
            if (s->cost[(size_t)i * n + d] > rm)
                drop |= 1ull << d;
        }
        if (drop) {
            if (!skx_narrow(&s->pr, i, c & ~drop))
                return -1;
            narrowed++;
        }
    }
    return narrowed;
}

/*
 * Depth-first search below the node (a propagation fixpoint, priced by
 * price()) on the reduced costs alone: a partial grid costs the sum of
 * cost[i][digit] over the cells it fixed that were open at the bound,
 * plus the cheapest candidate of every cell still open, and is abandoned
 * when that exceeds the room.  Cheapest digits first, fewest candidates
 * first, so the first leaf follows the relaxation.  Every complete grid
 * is offered.  Returns 1 when the search finished (nothing below the
 * node beats the incumbent any more), 0 when it stopped after limit
 * nodes.  The node's state is restored.  Frames from fbase on are used.
 */
static int rc_search(bstate *s, int fbase, long limit)
{
    const int n = s->n, nc = s->nc;
    const uint32_t tm = s->pr.ntrail;
    const int am = s->pr.nassigned;
    const double *cost = s->cost;
    int depth = fbase, ok = 1, done = 1;
    long nodes = 0;
    double base = 0.0;
    for (int k = 0; k < s->nopen; k++) {
        int i = s->open[k];
        if (skx_single(s->pr.cand[i]))
            base += cost[(size_t)i * n + __builtin_ctzll(s->pr.cand[i])];
    }
    double cur = base;
    for (;;) {
        if (ok) {
            /* cost of the cells fixed since the parent */
            int from = depth > fbase ? s->frames[depth - 1].assign_mark : am;
            cur = depth > fbase ? s->frames[depth - 1].cost : base;
            for (int k = from; k < s->pr.nassigned; k++) {
                int i = s->pr.astack[k];
                cur += s->opened[i] ? cost[(size_t)i * n + __builtin_ctzll(s->pr.cand[i])] : 0.0;
            }
            const double rm = room(s);
            double lb = cur;
            int cell = -1, bk = 1 << 30;
            for (int k = 0; k < s->nopen; k++) {
                int i = s->open[k];
                uint64_t c = s->pr.cand[i];
                if (skx_single(c))
                    continue;
                double mn = INF;
                for (uint64_t t = c; t; t &= t - 1) {
                    double x = cost[(size_t)i * n + __builtin_ctzll(t)];
                    if (x < mn)
                        mn = x;
                }
                lb += mn;
                int kk = __builtin_popcountll(c);
                if (kk < bk) {
                    bk = kk;
                    cell = i;
                }
            }
            if (lb > rm) {
                ok = 0;
            } else if (s->pr.nassigned == nc) {
                for (int i = 0; i < nc; i++)
                    s->grid[i] = (uint8_t)(__builtin_ctzll(s->pr.cand[i]) + 1);
                if (offer(s, s->grid)) {
                    done = 0;
                    break;
                }
            } else {
                bframe *f = &s->frames[depth++];
                f->cell = (uint16_t)cell;
                f->trail_mark = s->pr.ntrail;
                f->assign_mark = (uint16_t)s->pr.nassigned;
                f->untried = s->pr.cand[cell];
                f->cost = cur;
            }
        }
        if (depth == fbase)
            break;
        if (++nodes > limit) {
            done = 0;
            break;
        }
        bframe *f = &s->frames[depth - 1];
        skx_undo(&s->pr, f->trail_mark, f->assign_mark);
        int cell = f->cell, bd = -1;
        double bc = INF;
        for (uint64_t t = f->untried; t; t &= t - 1) {
            int d = __builtin_ctzll(t);
            if (cost[(size_t)cell * n + d] < bc) {
                bc = cost[(size_t)cell * n + d];
                bd = d;
            }
        }
        f->untried &= ~(1ull << bd);
        if (!f->untried)
            depth--;
        ok = f->cost + bc <= room(s) && skx_narrow(&s->pr, cell, 1ull << bd) && skx_propagate(&s->pr, 1);
    }
    skx_undo(&s->pr, tm, am);
    return done;
}

/*
 * Evaluates a node at a propagation fixpoint with open cells: bound, a
 * search on the reduced costs, then reduced-cost fixing and propagation,
 * repeated while fixing narrows something.  The root alternates longer
 * runs of steps with that search.
 */
static int evaluate(bstate *s, int root, int depth, double *ub)
{
    int maxit = !s->have_inc ? (root ? ROOT_CHUNK : 1) : root ? ROOT_CHUNK : NODE_STEPS, cont = 0;
    int spent = 0;
    for (;;) {
        int r = bound(s, maxit, cont, ub);
        if (r != NODE_BRANCH || s->stop)
            return NODE_CLOSED;
        cont = 1;
        spent += maxit;
        for (int k = 0; k < s->nopen; k++)
            s->opened[s->open[k]] = 1;
        price(s);
        int fin = rc_search(s, depth, (root ? ROOT_SEARCH : NODE_SEARCH) * (long)s->nc);
        for (int k = 0; k < s->nopen; k++)
            s->opened[s->open[k]] = 0;
        if (fin || s->stop)
            return NODE_CLOSED;
        if (root && spent < ROOT_STEPS && s->vtheta >= 1e-3) {
            const sk_best_opts *o = s->opts;
            if (o->cancel && *o->cancel) {
                s->res->end = SK_END_CANCELLED;
                s->stop = 1;
                return NODE_CLOSED;
            }
            if (s->deadline > 0 && skx_now() >= s->deadline) {
                s->res->end = SK_END_TIMEOUT;
                s->stop = 1;
                return NODE_CLOSED;
            }
            continue;
        }
        root = 0;
        int f = rc_fix(s);
        if (f == 0)
            return NODE_BRANCH;
        if (f < 0 || !skx_propagate(&s->pr, 1))
            return NODE_CLOSED;
        if (s->pr.nassigned == s->nc) {
            for (int i = 0; i < s->nc; i++)
                s->grid[i] = (uint8_t)(__builtin_ctzll(s->pr.cand[i]) + 1);
            offer(s, s->grid);
            return NODE_CLOSED;
        }
        maxit = FIX_STEPS;
    }
}

/* The cell to branch on: a cell where the copies disagree, fewest
 * candidates first (then the largest |weight|); any open cell when they
 * all agree.  *first gets the digit most copies chose. */
static int choose(const bstate *s, int *first)
{
    const int nc = s->nc, np = s->np;
    int best = -1, bestw = 1 << 30, agreeing = -1, agreew = 1 << 30;
    int64_t bestabs = -1;
    for (int i = 0; i < nc; i++) {
        if (skx_single(s->pr.cand[i]))
            continue;
        int k = __builtin_popcountll(s->pr.cand[i]);
        int same = 1;
        for (int p = 1; p < np; p++)
            same &= s->x[(size_t)p * nc + i] == s->x[i];
        if (same) {
            if (k < agreew) {
                agreew = k;
                agreeing = i;
            }
            continue;
        }
        int64_t a = s->w[i] < 0 ? -s->w[i] : s->w[i];
        if (k < bestw || (k == bestw && a > bestabs)) {
            best = i;
            bestw = k;
            bestabs = a;
        }
    }
    if (best < 0)
        best = agreeing;
    /* the cheapest digit by reduced cost: the one the relaxation uses */
    double bc = INF;
    *first = -1;
    for (uint64_t t = s->pr.cand[best]; t; t &= t - 1) {
        int d = __builtin_ctzll(t);
        if (s->cost[(size_t)best * s->n + d] < bc) {
            bc = s->cost[(size_t)best * s->n + d];
            *first = d;
        }
    }
    return best;
}

/* Next digit of a frame: the preferred one, then the largest w*d. */
static int next_digit(const bstate *s, bframe *f)
{
    if (f->first >= 0 && (f->untried >> f->first & 1))
        return f->first;
    return s->w[f->cell] >= 0 ? 63 - __builtin_clzll(f->untried) : __builtin_ctzll(f->untried);
}

/* Looks at the node limit, the clock and the cancel flag. */
static int limits(bstate *s)
{
    const sk_best_opts *o = s->opts;
    sk_best_result *r = s->res;
    if (o->max_nodes && r->nodes > o->max_nodes) {
        r->nodes = o->max_nodes;
        r->end = SK_END_NODES;
        return 1;
    }
    if ((r->nodes & 15) == 0) {
        if (o->cancel && *o->cancel) {
            r->end = SK_END_CANCELLED;
            return 1;
        }
        if (s->deadline > 0 && skx_now() >= s->deadline) {
            r->end = SK_END_TIMEOUT;
            return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Public entry points                                                 */
/* ------------------------------------------------------------------ */

void sk_target_weights(int n, int32_t *weights)
{
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int d = r < c ? r : c;
            if (n - 1 - r < d)
                d = n - 1 - r;
            if (n - 1 - c < d)
                d = n - 1 - c;
            weights[r * n + c] = 6 + d;
        }
}

static size_t al8(size_t x) { return (x + 7) & ~(size_t)7; }

int sk_best(const sk_model *m, const uint8_t *givens, const int32_t *weights,
            const sk_best_opts *opts, uint8_t *solution, sk_best_result *res)
{
    static const sk_best_opts defaults = SK_BEST_OPTS_INIT;
    sk_best_result local;
    if (!res)
        res = &local;
    memset(res, 0, sizeof *res);
    res->end = SK_END_EXHAUSTED;
    if (!m || !givens)
        return SK_EINVAL;
    if (!opts)
        opts = &defaults;
    const int n = m->n, nc = m->ncells;
    for (int i = 0; i < nc; i++)
        if (givens[i] > n)
            return SK_EINVAL;

    /* Partitions: rows, columns, boxes or regions. */
    int part[MAXP][SK_MAX_N], have[MAXP] = {0, 0, 0};
    for (int h = 0; h < m->nfull; h++) {
        int kind = m->house_kind[h], p;
        if (kind == SK_HOUSE_ROW)
            p = 0;
        else if (kind == SK_HOUSE_COLUMN)
            p = 1;
        else if (kind == SK_HOUSE_BOX || kind == SK_HOUSE_REGION)
            p = 2;
        else
            continue;
        part[p][m->house_num[h]] = h;
        have[p]++;
    }
    int np = 0;
    bstate st, *s = &st;
    memset(s, 0, sizeof *s);
    for (int p = 0; p < MAXP; p++)
        if (have[p] == n)
            memcpy(s->part[np++], part[p], sizeof part[p]);

    /* One block of work memory. */
    size_t ncz = (size_t)nc, nz = (size_t)n;
    size_t size = skx_prop_workspace(m) + al8((ncz + 1) * sizeof(bframe)) + al8(ncz * 8) +
                  al8((size_t)np * ncz * nz * sizeof(double)) + al8((size_t)np * ncz) +
                  al8((nz + 1) * 8) + al8((nz + 1) * sizeof(int)) * 2 + al8(nz + 1) +
                  al8((size_t)np * nz * nz * 2) + al8((size_t)np * nz * nz) +
                  al8((size_t)np * nz * sizeof(int)) + al8(ncz) * 2 +
                  2 * al8((size_t)np * ncz * nz * sizeof(double)) + al8(ncz * 2) +
                  2 * al8((size_t)np * ncz) + al8((size_t)np * nz * nz) +
                  2 * al8((size_t)np * nz * (nz + 1) * 8) + al8(ncz * nz * 8) + al8(ncz);
    char *block = malloc(size);
    if (!block)
        return SK_ENOMEM;
    char *p = skx_prop_carve(&s->pr, block, m);
    s->n = n;
    s->nc = nc;
    s->np = np;
    s->frames = (bframe *)(void *)p;       p += al8((ncz + 1) * sizeof(bframe));
    s->w = (int64_t *)(void *)p;           p += al8(ncz * 8);
    s->q = (double *)(void *)p;            p += al8((size_t)np * ncz * nz * sizeof(double));
    s->x = (uint8_t *)p;                   p += al8((size_t)np * ncz);
    s->hminv = (double *)(void *)p;        p += al8((nz + 1) * 8);
    s->hp = (int *)(void *)p;              p += al8((nz + 1) * sizeof(int));
    s->hway = (int *)(void *)p;            p += al8((nz + 1) * sizeof(int));
    s->hused = (uint8_t *)p;               p += al8(nz + 1);
    s->hcells = (uint16_t *)(void *)p;     p += al8((size_t)np * nz * nz * 2);
    s->hdigits = (uint8_t *)p;             p += al8((size_t)np * nz * nz);
    s->hk = (int *)(void *)p;              p += al8((size_t)np * nz * sizeof(int));
    s->grid = (uint8_t *)p;                p += al8(ncz);
    s->best = (uint8_t *)p;                p += al8(ncz);
    s->qt = (double *)(void *)p;           p += al8((size_t)np * ncz * nz * sizeof(double));
    s->xbar = (double *)(void *)p;         p += al8((size_t)np * ncz * nz * sizeof(double));
    s->open = (uint16_t *)(void *)p;       p += al8(ncz * 2);
    s->cslot = (uint8_t *)p;               p += al8((size_t)np * ncz);
    s->cpos = (uint8_t *)p;                p += al8((size_t)np * ncz);
    s->dpos = (uint8_t *)p;                p += al8((size_t)np * nz * nz);
    s->hu = (double *)(void *)p;           p += al8((size_t)np * nz * (nz + 1) * 8);
    s->hv = (double *)(void *)p;           p += al8((size_t)np * nz * (nz + 1) * 8);
    s->cost = (double *)(void *)p;         p += al8(ncz * nz * 8);
    s->opened = (uint8_t *)p;

    int32_t *target = NULL;
    if (!weights) {
        target = malloc(ncz * sizeof *target);
        if (!target) {
            free(block);
            return SK_ENOMEM;
        }
        sk_target_weights(n, target);
        weights = target;
    }
    double scale = 0.0;
    for (int i = 0; i < nc; i++) {
        s->w[i] = opts->minimize ? -(int64_t)weights[i] : (int64_t)weights[i];
        scale += fabs((double)s->w[i]) * n;
        for (int pp = 0; pp < np; pp++)
            for (int d = 0; d < n; d++)
                s->q[((size_t)pp * nc + i) * n + d] = (double)s->w[i] * (d + 1) / np;
    }
    free(target);
    s->tol = 1e-9 * scale + 1e-6;
    memset(s->opened, 0, ncz);
    s->opts = opts;
    s->res = res;
    if (opts->timeout > 0)
        s->deadline = skx_now() + opts->timeout;
    memset(s->x, 0, (size_t)np * ncz);
    int start_ok = skx_prop_start(&s->pr, givens, opts->candidates);

    /* Two passes over the root: the first dive (one bound round per node,
     * the copies' choices as a guide) finds an incumbent; then the search
     * starts again from the root, now with a target for the subgradient
     * steps, and tunes the split there at length before branching. */
    int depth = 0;
    res->nodes = 1;
    int ok = start_ok && skx_propagate(&s->pr, 1);
    int root = 1, diving = 1;
    const uint32_t root_trail = s->pr.ntrail;
    const int root_assign = s->pr.nassigned;
    for (;;) {
        if (ok) {
            if (s->pr.nassigned == nc) {
                for (int i = 0; i < nc; i++)
                    s->grid[i] = (uint8_t)(__builtin_ctzll(s->pr.cand[i]) + 1);
                if (offer(s, s->grid))
                    break;
            } else {
                double ub = 0.0;
                int r = evaluate(s, root, depth, &ub);
                if (root) {
                    res->root_bound = opts->minimize ? -ub : ub;
                    if (r == NODE_CLOSED)
                        diving = 0; /* solved at the root: no second pass */
                }
                root = 0;
                if (s->stop)
                    break;
                if (r == NODE_BRANCH && !(diving && s->have_inc)) {
                    bframe *f = &s->frames[depth++];
                    int first;
                    f->cell = (uint16_t)choose(s, &first);
                    f->first = first;
                    f->trail_mark = s->pr.ntrail;
                    f->assign_mark = (uint16_t)s->pr.nassigned;
                    f->untried = s->pr.cand[f->cell];
                }
            }
        }
        if (diving && s->have_inc) {
            /* back to the root for the real search */
            diving = 0;
            depth = 0;
            skx_undo(&s->pr, root_trail, root_assign);
            root = 1;
            ok = 1;
            continue;
        }
        if (depth == 0)
            break;
        bframe *f = &s->frames[depth - 1];
        skx_undo(&s->pr, f->trail_mark, f->assign_mark);
        int d = next_digit(s, f);
        int cell = f->cell;
        res->nodes++;
        if (limits(s))
            break;
        f->untried &= ~(1ull << d);
        if (f->untried)
            res->guesses++;
        else
            depth--;
        ok = skx_narrow(&s->pr, cell, 1ull << d) && skx_propagate(&s->pr, 1);
    }
    if (s->have_inc) {
        res->found = 1;
        res->value = opts->minimize ? -s->inc : s->inc;
        if (solution)
            memcpy(solution, s->best, ncz);
    }
    free(block);
    return SK_OK;
}
