/*
 * generate.c - making puzzles: a random solution grid, givens taken away
 * while the solution stays unique, and the filters on top (symmetry,
 * givens, minimality, pattern, rating, techniques); and for setters, the
 * givens and rules of a puzzle that are not needed.
 *
 * A grid is filled the Las Vegas way: a few random digits in random cells
 * (each allowed by its peers and the rules' cell masks), then the engine's
 * first solution of that; a start with no solution (or one the engine
 * does not settle within a node budget) is thrown away and another drawn.
 *
 * Givens go orbit by orbit (the cells the symmetry maps onto each other)
 * in a random order: an orbit is taken away when the puzzle without it
 * still has one solution, else it stays for good, since taking more
 * givens away later can only add solutions.  So one pass leaves every
 * orbit needed; without a symmetry that is a minimal puzzle.  With one,
 * a single cell of an orbit may still be removable: --minimal tries each
 * given alone and drops the grid when one can go.
 *
 * A uniqueness search that does not finish within its node budget counts
 * as "not unique": the orbit stays, so a puzzle is never made from an
 * unproven answer (only, on large grids, with a given more than needed).
 * Under --minimal such a given makes the grid fail instead.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "model.h"
#include "rng.h"

/* ---- symmetries ------------------------------------------------------- */

const char *sk_symmetry_keyword(int s)
{
    switch (s) {
#define SK_SYM_KW_(name, value, keyword, meaning) \
    case value:                                    \
        return keyword;
        SK_SYMMETRY_LIST(SK_SYM_KW_)
#undef SK_SYM_KW_
    default:
        return NULL;
    }
}

const char *sk_symmetry_meaning(int s)
{
    switch (s) {
#define SK_SYM_MEANING_(name, value, keyword, meaning) \
    case value:                                         \
        return meaning;
        SK_SYMMETRY_LIST(SK_SYM_MEANING_)
#undef SK_SYM_MEANING_
    default:
        return NULL;
    }
}

int sk_symmetry_parse(const char *keyword)
{
    if (!keyword)
        return -1;
    for (int s = 0; s < SK_SYMMETRY_COUNT_; s++)
        if (strcmp(keyword, sk_symmetry_keyword(s)) == 0)
            return s;
    if (strcmp(keyword, "rotate180") == 0)
        return SK_SYMMETRY_ROT180;
    if (strcmp(keyword, "rotate90") == 0)
        return SK_SYMMETRY_ROT90;
    return -1;
}

/* The eight maps of the square, as bits of a symmetry's group:
 * 0 identity, 1 quarter turn, 2 half turn, 3 three quarters, 4 mirror,
 * 5 flip, 6 main diagonal, 7 other diagonal. */
static unsigned sym_group(int s)
{
    static const unsigned group[SK_SYMMETRY_COUNT_] = {
        0x01, 0x05, 0x0f, 0x11, 0x21, 0x41, 0x81, 0x35, 0xff,
    };
    return s >= 0 && s < SK_SYMMETRY_COUNT_ ? group[s] : 0;
}

static int sym_map(int n, int k, int cell)
{
    int r = cell / n, c = cell % n, m = n - 1;
    switch (k) {
    case 1: return c * n + (m - r);
    case 2: return (m - r) * n + (m - c);
    case 3: return (m - c) * n + r;
    case 4: return r * n + (m - c);
    case 5: return (m - r) * n + c;
    case 6: return c * n + r;
    case 7: return (m - c) * n + (m - r);
    default: return cell;
    }
}

int sk_symmetry_holds(int n, int s, const uint8_t *grid)
{
    unsigned group = sym_group(s);
    if (!grid || n < 1 || n > SK_MAX_N || !group)
        return 0;
    for (int i = 0; i < n * n; i++)
        for (int k = 1; k < 8; k++)
            if ((group >> k & 1u) && (grid[i] != 0) != (grid[sym_map(n, k, i)] != 0))
                return 0;
    return 1;
}

/* ---- random jigsaw layouts ---------------------------------------------- */

/* 1 when the cells of region r in reg are orthogonally connected. */
static int region_connected(int n, const uint8_t *reg, int r, int *stack, uint8_t *seen)
{
    int nc = n * n, start = -1, size = 0, reached = 0, top = 0;
    for (int i = 0; i < nc; i++)
        if (reg[i] == r) {
            if (start < 0)
                start = i;
            size++;
        }
    if (start < 0)
        return 1;
    memset(seen, 0, (size_t)nc);
    stack[top++] = start;
    seen[start] = 1;
    while (top) {
        int c = stack[--top], row = c / n, col = c % n;
        reached++;
        int nb[4] = {row > 0 ? c - n : -1, row < n - 1 ? c + n : -1, col > 0 ? c - 1 : -1,
                     col < n - 1 ? c + 1 : -1};
        for (int k = 0; k < 4; k++)
            if (nb[k] >= 0 && !seen[nb[k]] && reg[nb[k]] == r) {
                seen[nb[k]] = 1;
                stack[top++] = nb[k];
            }
    }
    return reached == size;
}

int sk_random_regions(int n, uint64_t seed, uint8_t *regions)
{
    if (n < 1 || n > SK_MAX_N || !regions)
        return SK_EINVAL;
    int nc = n * n;
    int *stack = malloc((size_t)nc * sizeof *stack);
    int *cand = malloc((size_t)nc * sizeof *cand);
    uint8_t *seen = malloc((size_t)nc);
    if (!stack || !cand || !seen) {
        free(stack);
        free(cand);
        free(seen);
        return SK_ENOMEM;
    }
    /* start from boxes as square as N allows (rows when N is a prime) */
    int br = 1;
    for (int r = 1; r * r <= n; r++)
        if (n % r == 0)
            br = r;
    int bc = n / br;
    for (int i = 0; i < nc; i++)
        regions[i] = (uint8_t)((i / n) / br * br + (i % n) / bc);
    uint64_t rs = seed;
    rng_next(&rs);
    /* swap a cell of region A next to region B with a cell of B next to A,
       when both regions stay connected; enough swaps to forget the start */
    long moves = 60L * nc;
    for (long t = 0; t < moves && n > 1; t++) {
        int a = (int)rng_below(&rs, (uint32_t)nc);
        int row = a / n, col = a % n;
        int nb[4] = {row > 0 ? a - n : -1, row < n - 1 ? a + n : -1, col > 0 ? a - 1 : -1,
                     col < n - 1 ? a + 1 : -1};
        int b = nb[rng_below(&rs, 4)];
        if (b < 0 || regions[b] == regions[a])
            continue;
        int ra = regions[a], rb = regions[b], nc2 = 0;
        for (int i = 0; i < nc; i++) {
            if (regions[i] != rb)
                continue;
            int r2 = i / n, c2 = i % n;
            if ((r2 > 0 && regions[i - n] == ra) || (r2 < n - 1 && regions[i + n] == ra) ||
                (c2 > 0 && regions[i - 1] == ra) || (c2 < n - 1 && regions[i + 1] == ra))
                cand[nc2++] = i;
        }
        int c = cand[rng_below(&rs, (uint32_t)nc2)];
        regions[a] = (uint8_t)rb;
        regions[c] = (uint8_t)ra;
        if (!region_connected(n, regions, ra, stack, seen) ||
            !region_connected(n, regions, rb, stack, seen)) {
            regions[a] = (uint8_t)ra;
            regions[c] = (uint8_t)rb;
        }
    }
    free(stack);
    free(cand);
    free(seen);
    return SK_OK;
}

/* ---- the generator ------------------------------------------------------ */

#define WITNESSES 64 /* second solutions kept per grid (a ring) */

struct sk_generator {
    const sk_model *m;
    int n, nc;
    sk_solver *solver;
    sk_logic *logic;     /* created on the first rated puzzle */
    int *order;          /* nc: shuffled cells or orbits */
    int *orbit_off;      /* nc + 1: orbit k is orbit_cells[off[k]..off[k+1]) */
    int *orbit_cells;
    int *orbit_of;       /* nc: the orbit of each cell */
    int norbits;
    int orbit_sym;       /* symmetry the orbits were built for, -1 none yet */
    uint8_t *grid;       /* nc: work grid */
    const uint8_t *sol;  /* the solution of the grid being dug */
    int has_other;       /* the last search met a second solution: the
                            newest witness */
    const uint8_t *base; /* givens every grid filled keeps, or NULL */
    /* witnesses: second solutions met while digging the current grid, each
       kept as the cells where it differs from the grid's own.  A puzzle
       whose givens miss all of one witness's cells has that witness as a
       second solution: no search needed to know it is not unique */
    uint16_t *wit_cells; /* WITNESSES x nc */
    int *wit_len;
    int nwit, wit_next;
    uint64_t *cand;      /* nc: candidates of singles_solve */
    uint8_t *val;        /* nc: its values */
    uint8_t *deferred;   /* norbits: orbits the singles could not take */
    int use_singles;     /* dig with singles first (large grids) */
    uint64_t searches;
    double deadline;
    const volatile int *cancel;
    uint64_t node_cap;   /* node budget of one search */
    int unsettled;       /* searches of this grid that ran out of budget */
    int prop_dig;        /* a given goes only while propagation alone still
                            solves the puzzle (no_guess with rules) */
};

/* The engine for the generator's searches.  They are many and mostly
 * easy (a grid with most of its givens), where the general engine's
 * probing at every node costs more than it saves from 10x10 up: exact
 * cover answers them several times faster, so it is used wherever it
 * accepts the model; elsewhere the automatic choice. */
static int pick_engine(const sk_model *m)
{
    int dlx = sk_engine_find("dlx");
    if (m->n > 9 && dlx >= 0 && sk_engine_accepts(dlx, m))
        return dlx;
    return -1;
}

int sk_generator_new(const sk_model *m, sk_generator **out)
{
    if (!out)
        return SK_EINVAL;
    *out = NULL;
    if (!m)
        return SK_EINVAL;
    sk_generator *g = calloc(1, sizeof *g);
    if (!g)
        return SK_ENOMEM;
    g->m = m;
    g->n = m->n;
    g->nc = m->ncells;
    g->orbit_sym = -1;
    g->order = malloc((size_t)g->nc * sizeof *g->order);
    g->orbit_off = malloc(((size_t)g->nc + 1) * sizeof *g->orbit_off);
    g->orbit_cells = malloc((size_t)g->nc * sizeof *g->orbit_cells);
    g->orbit_of = malloc((size_t)g->nc * sizeof *g->orbit_of);
    g->grid = malloc((size_t)g->nc);
    g->cand = malloc((size_t)g->nc * sizeof *g->cand);
    g->val = malloc((size_t)g->nc);
    g->deferred = malloc((size_t)g->nc);
    g->wit_cells = malloc((size_t)WITNESSES * (size_t)g->nc * sizeof *g->wit_cells);
    g->wit_len = malloc(WITNESSES * sizeof *g->wit_len);
    g->use_singles = m->n > 9 && m->ncons == 0;
    int rc = SK_ENOMEM;
    if (g->order && g->orbit_off && g->orbit_cells && g->orbit_of && g->grid &&
        g->cand && g->val && g->deferred && g->wit_cells && g->wit_len)
        rc = sk_solver_new(pick_engine(m), &g->solver);
    if (rc != SK_OK) {
        sk_generator_free(g);
        return rc;
    }
    *out = g;
    return SK_OK;
}

void sk_generator_free(sk_generator *g)
{
    if (!g)
        return;
    sk_solver_free(g->solver);
    sk_logic_free(g->logic);
    free(g->order);
    free(g->orbit_off);
    free(g->orbit_cells);
    free(g->orbit_of);
    free(g->grid);
    free(g->cand);
    free(g->val);
    free(g->deferred);
    free(g->wit_cells);
    free(g->wit_len);
    free(g);
}

/* 1 when the time, or the caller, says stop. */
static int stopped(const sk_generator *g)
{
    if (g->cancel && __atomic_load_n(g->cancel, __ATOMIC_RELAXED))
        return 1;
    return g->deadline > 0 && skx_now() >= g->deadline;
}

/* Searches givens for up to max solutions within the node budget and the
 * time left.  Returns the number found (0, 1, 2), -1 when the search did
 * not finish (budget, time), or a status below -1 on an error. */
/* Keeps the cells where a solution differs from the grid's own (g->sol)
 * as a witness. */
static int keep_other(void *user, const uint8_t *solution)
{
    sk_generator *g = user;
    if (g->sol && !g->has_other && memcmp(solution, g->sol, (size_t)g->nc) != 0) {
        g->has_other = 1;
        uint16_t *w = g->wit_cells + (size_t)g->wit_next * (size_t)g->nc;
        int len = 0;
        for (int c = 0; c < g->nc; c++)
            if (solution[c] != g->sol[c])
                w[len++] = (uint16_t)c;
        g->wit_len[g->wit_next] = len;
        g->wit_next = (g->wit_next + 1) % WITNESSES;
        if (g->nwit < WITNESSES)
            g->nwit++;
    }
    return 0;
}

/* 1 when a witness is a second solution of p: none of its cells given. */
static int refuted(const sk_generator *g, const uint8_t *p)
{
    for (int k = 0; k < g->nwit; k++) {
        const uint16_t *w = g->wit_cells + (size_t)k * (size_t)g->nc;
        int i = 0, len = g->wit_len[k];
        while (i < len && !p[w[i]])
            i++;
        if (i == len)
            return 1;
    }
    return 0;
}

static int search(sk_generator *g, const uint8_t *givens, uint64_t max, uint8_t *first)
{
    sk_search_opts so = SK_SEARCH_OPTS_INIT;
    sk_result res;
    so.max_solutions = max;
    g->has_other = 0;
    if (max == 2) {
        so.on_solution = keep_other;
        so.user = g;
    }
    so.max_nodes = g->node_cap;
    so.cancel = g->cancel;
    if (g->deadline > 0) {
        double left = g->deadline - skx_now();
        if (left <= 0)
            return -1;
        so.timeout = left;
    }
    g->searches++;
    int rc = sk_solver_run(g->solver, g->m, givens, &so, first, &res);
    if (rc != SK_OK)
        return rc;
    if (res.solutions >= max && max)
        return (int)res.solutions;
    if (res.end != SK_END_EXHAUSTED) {
        g->unsettled++;
        return -1;
    }
    return (int)res.solutions;
}

/* 1 when givens have exactly one solution, 0 when not or not proven,
 * negative on an error. */
static int unique(sk_generator *g, const uint8_t *givens)
{
    int k = search(g, givens, 2, NULL);
    if (k < -1)
        return k;
    return k == 1;
}

/* Fills sol with a random solution grid.  SK_OK, SK_ETIME, or an error. */
static int fill(sk_generator *g, uint64_t *rs, uint8_t *sol)
{
    const sk_model *m = g->m;
    int nc = g->nc;
    /* enough random digits to scatter the solutions, few enough that the
       start almost always has one; rules that tie digits together (sums,
       lines) make random starts fail more, so they get fewer */
    int k = m->nrules ? g->n / 2 + 1 : (nc + 7) / 8;
    unsigned failed = 0;
    for (;;) {
        if (stopped(g))
            return SK_ETIME;
        uint8_t *p = g->grid;
        if (g->base)
            memcpy(p, g->base, (size_t)nc);
        else
            memset(p, 0, (size_t)nc);
        for (int i = 0; i < k; i++) {
            int c = (int)rng_below(rs, (uint32_t)nc);
            if (p[c])
                continue;
            uint64_t allowed = m->cell_mask ? m->cell_mask[c] : m->all;
            for (uint32_t j = m->peer_off[c]; j < m->peer_off[c + 1]; j++) {
                int v = p[m->peers[j]];
                if (v)
                    allowed &= ~(1ull << (v - 1));
            }
            if (allowed)
                p[c] = (uint8_t)random_digit(rs, allowed);
        }
        int found = search(g, p, 1, sol);
        if (found < -1)
            return found;
        if (found == 1)
            return SK_OK;
        /* every few failed starts, ask whether any grid exists at all:
           rules that no grid obeys would otherwise be tried for ever */
        if (++failed % 8 == 0) {
            if (g->base)
                memcpy(p, g->base, (size_t)nc);
            else
                memset(p, 0, (size_t)nc);
            found = search(g, p, 1, sol);
            if (found < -1)
                return found;
            if (found == 0)
                return SK_ERANGE;
            if (found == 1)
                return SK_OK;
        }
    }
}

/* Builds the orbits of symmetry s (each cell alone for NONE). */
static void build_orbits(sk_generator *g, int s)
{
    if (g->orbit_sym == s)
        return;
    unsigned group = sym_group(s);
    int n = g->n, nc = g->nc, k = 0, at = 0;
    int *seen = g->order; /* scratch: cell -> 1 once placed */
    memset(seen, 0, (size_t)nc * sizeof *seen);
    for (int i = 0; i < nc; i++) {
        if (seen[i])
            continue;
        g->orbit_off[k++] = at;
        for (int t = 0; t < 8; t++) {
            if (!(group >> t & 1u))
                continue;
            int j = sym_map(n, t, i);
            if (!seen[j]) {
                seen[j] = 1;
                g->orbit_of[j] = k - 1;
                g->orbit_cells[at++] = j;
            }
        }
    }
    g->orbit_off[k] = at;
    g->norbits = k;
    g->orbit_sym = s;
}

/* Places d in cell c of the singles grid. */
static void single_place(const sk_model *m, uint64_t *cand, uint8_t *val, size_t c, int d)
{
    uint64_t bit = 1ull << (d - 1);
    val[c] = (uint8_t)d;
    cand[c] = bit;
    for (uint32_t j = m->peer_off[c]; j < m->peer_off[c + 1]; j++)
        cand[m->peers[j]] &= ~bit;
}

/* 1 when naked and hidden singles alone fill p, which proves its solution
 * unique (each placement follows from the givens); 0 otherwise.  For
 * models whose rules are all houses and cell masks (no propagators). */
static int singles_solve(sk_generator *g, const uint8_t *p)
{
    const sk_model *m = g->m;
    size_t nc = (size_t)g->nc;
    int left = g->nc;
    uint64_t *cand = g->cand;
    uint8_t *val = g->val;
    for (size_t c = 0; c < nc; c++)
        cand[c] = m->cell_mask ? m->cell_mask[c] : m->all;
    memset(val, 0, nc);
    for (size_t c = 0; c < nc; c++)
        if (p[c]) {
            if (!(cand[c] >> (p[c] - 1) & 1u))
                return 0;
            single_place(m, cand, val, c, p[c]);
            left--;
        }
    int progress = 1;
    while (left && progress) {
        progress = 0;
        for (size_t c = 0; c < nc; c++) {
            if (val[c])
                continue;
            uint64_t k = cand[c];
            if (!k)
                return 0;
            if (!(k & (k - 1))) {
                single_place(m, cand, val, c, __builtin_ctzll(k) + 1);
                left--;
                progress = 1;
            }
        }
        for (int h = 0; h < m->nfull; h++) {
            uint64_t once = 0, twice = 0, placed = 0;
            const uint16_t *hc = m->house_cells + m->house_off[h];
            int hn = (int)(m->house_off[h + 1] - m->house_off[h]);
            for (int i = 0; i < hn; i++) {
                int c = hc[i];
                if (val[c]) {
                    placed |= 1ull << (val[c] - 1);
                    continue;
                }
                twice |= once & cand[c];
                once |= cand[c];
            }
            if ((once | placed) != m->all)
                return 0;
            uint64_t hidden = once & ~twice & ~placed;
            for (int i = 0; hidden && i < hn; i++) {
                int c = hc[i];
                uint64_t k = val[c] ? 0 : cand[c] & hidden;
                if (k) {
                    int d = __builtin_ctzll(k) + 1;
                    hidden &= ~(1ull << (d - 1));
                    if (cand[c] >> (d - 1) & 1u) {
                        single_place(m, cand, val, c, d);
                        left--;
                        progress = 1;
                    }
                }
            }
        }
    }
    return left == 0;
}

int sk_random_solution(sk_generator *g, const uint8_t *givens, uint64_t seed,
                       uint8_t *solution)
{
    if (!g || !solution)
        return SK_EINVAL;
    if (givens)
        for (int c = 0; c < g->nc; c++)
            if (givens[c] > g->n)
                return SK_EINVAL;
    uint64_t rs = seed;
    rng_next(&rs);
    g->cancel = NULL;
    g->deadline = 0;
    g->node_cap = 2000000u;
    g->base = givens;
    int rc = fill(g, &rs, solution);
    g->base = NULL;
    return rc;
}

int sk_random_cages(int n, const uint8_t *solution, uint64_t seed, int min_size, int max_size,
                    sk_rule *rules, int *cells, int *ncages)
{
    if (n < 2 || n > SK_MAX_N || !solution || !rules || !cells || !ncages || min_size < 2 ||
        max_size < min_size || max_size > n)
        return SK_EINVAL;
    int nc = n * n;
    int *cage = malloc((size_t)nc * sizeof *cage);   /* cage of each cell, -1 none */
    int *order = malloc((size_t)nc * sizeof *order);
    int *size = malloc((size_t)nc * sizeof *size);
    uint64_t *digits = malloc((size_t)nc * sizeof *digits);
    if (!cage || !order || !size || !digits) {
        free(cage);
        free(order);
        free(size);
        free(digits);
        return SK_ENOMEM;
    }
    uint64_t rs = seed;
    rng_next(&rs);
    int rc = SK_ERANGE;
    for (int attempt = 0; attempt < 200 && rc == SK_ERANGE; attempt++) {
        int k = 0;
        for (int i = 0; i < nc; i++) {
            cage[i] = -1;
            order[i] = i;
        }
        shuffle_ints(&rs, order, nc);
        /* grow each cage from a random free cell to a random size, one
           free neighbour at a time, never repeating a digit */
        for (int oi = 0; oi < nc; oi++) {
            int start = order[oi];
            if (cage[start] >= 0)
                continue;
            int want = min_size + (int)rng_below(&rs, (uint32_t)(max_size - min_size + 1));
            cage[start] = k;
            size[k] = 1;
            digits[k] = 1ull << (solution[start] - 1);
            while (size[k] < want) {
                int pick = -1, seen = 0;
                for (int c = 0; c < nc; c++) {
                    if (cage[c] != k)
                        continue;
                    int r = c / n, col = c % n;
                    int nb[4] = {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1,
                                 col > 0 ? c - 1 : -1, col < n - 1 ? c + 1 : -1};
                    for (int j = 0; j < 4; j++)
                        if (nb[j] >= 0 && cage[nb[j]] < 0 &&
                            !(digits[k] >> (solution[nb[j]] - 1) & 1u) &&
                            rng_below(&rs, (uint32_t)++seen) == 0)
                            pick = nb[j];
                }
                if (pick < 0)
                    break;
                cage[pick] = k;
                size[k]++;
                digits[k] |= 1ull << (solution[pick] - 1);
            }
            k++;
        }
        /* a cage of one cell joins a neighbouring cage without its digit */
        int ok = 1;
        for (int c = 0; c < nc && ok; c++) {
            int q = cage[c];
            if (size[q] != 1)
                continue;
            int r = c / n, col = c % n, best = -1;
            int nb[4] = {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1, col > 0 ? c - 1 : -1,
                         col < n - 1 ? c + 1 : -1};
            for (int j = 0; j < 4; j++) {
                if (nb[j] < 0)
                    continue;
                int t = cage[nb[j]];
                if (t != q && size[t] < n && !(digits[t] >> (solution[c] - 1) & 1u) &&
                    (best < 0 || size[t] < size[best]))
                    best = t;
            }
            if (best < 0) {
                ok = 0;
                break;
            }
            cage[c] = best;
            size[best]++;
            size[q] = 0;
            digits[best] |= 1ull << (solution[c] - 1);
        }
        if (!ok)
            continue;
        /* the cages in order of their first cell, cells in reading order */
        int *map = order; /* reused: old cage id -> new, -1 unset */
        for (int i = 0; i < nc; i++)
            map[i] = -1;
        int nk = 0, at = 0;
        for (int c = 0; c < nc; c++)
            if (map[cage[c]] < 0)
                map[cage[c]] = nk++;
        for (int q = 0; q < nk; q++) {
            sk_rule r = SK_RULE_INIT(SK_RULE_CAGE);
            r.cells = cells + at;
            for (int c = 0; c < nc; c++)
                if (map[cage[c]] == q) {
                    cells[at++] = c;
                    r.value += solution[c];
                }
            r.ncells = (int)(cells + at - r.cells);
            rules[q] = r;
        }
        *ncages = nk;
        rc = SK_OK;
    }
    free(cage);
    free(order);
    free(size);
    free(digits);
    return rc;
}

/* 1 when the engine's propagation alone solves p (no branch). */
static int propagation_solves(sk_generator *g, const uint8_t *p)
{
    sk_search_opts so = SK_SEARCH_OPTS_INIT;
    sk_result res;
    so.max_solutions = 2;
    so.max_nodes = g->node_cap;
    g->searches++;
    if (sk_solver_run(g->solver, g->m, p, &so, NULL, &res) != SK_OK)
        return 0;
    return res.solutions == 1 && res.end == SK_END_EXHAUSTED && res.guesses == 0;
}

/* 1 when the givens in the peers of empty cell c hold every digit but
 * one: whatever else holds, c's digit is forced, so taking its given away
 * kept the solution unique (no search needed). */
static int forced(const sk_generator *g, const uint8_t *p, int c)
{
    const sk_model *m = g->m;
    uint64_t seen = 0;
    for (uint32_t j = m->peer_off[c]; j < m->peer_off[c + 1]; j++) {
        int v = p[m->peers[j]];
        if (v)
            seen |= 1ull << (v - 1);
    }
    uint64_t left = m->all & ~seen;
    if (left && !(left & (left - 1)))
        return 1;
    /* or the digit has no other place in one of c's full houses */
    int d = g->sol ? g->sol[c] : 0;
    if (!d)
        return 0;
    for (uint32_t k = m->cell_house_off[c]; k < m->cell_house_off[c + 1]; k++) {
        int h = m->cell_houses[k];
        if (h >= m->nfull)
            continue;
        int elsewhere = 0;
        for (uint32_t i = m->house_off[h]; !elsewhere && i < m->house_off[h + 1]; i++) {
            int e = m->house_cells[i];
            if (e == c || p[e])
                continue;
            int blocked = 0;
            for (uint32_t j = m->peer_off[e]; j < m->peer_off[e + 1]; j++)
                if (p[m->peers[j]] == d) {
                    blocked = 1;
                    break;
                }
            elsewhere = !blocked;
        }
        if (!elsewhere)
            return 1;
    }
    return 0;
}

/* Takes orbit k away from p when the solution stays unique without it
 * (pass 0: when singles alone still solve the puzzle; with prop_dig, when
 * propagation still does) and returns 1; else puts it back and returns 0;
 * a negative status on an error.  A witness or a forced digit answers
 * without a search. */
static int take_orbit(sk_generator *g, uint8_t *p, int k, int pass)
{
    int a = g->orbit_off[k], b = g->orbit_off[k + 1];
    uint8_t keep[8];
    for (int j = a; j < b; j++) {
        keep[j - a] = p[g->orbit_cells[j]];
        p[g->orbit_cells[j]] = 0;
    }
    int u = 0;
    if (!refuted(g, p)) {
        u = 1;
        for (int j = a; u && j < b; j++)
            u = forced(g, p, g->orbit_cells[j]);
        if (!u)
            u = pass == 0    ? singles_solve(g, p)
                : g->prop_dig ? propagation_solves(g, p)
                              : unique(g, p);
    }
    if (u > 0)
        return 1;
    for (int j = a; j < b; j++)
        p[g->orbit_cells[j]] = keep[j - a];
    return u;
}

/* Takes givens of p (a copy of the solution) away orbit by orbit while the
 * solution stays unique; stops at max givens unless minimal.  On large
 * grids a first pass takes every orbit the singles can do without (no
 * search needed: the singles prove the solution unique), and the searches
 * run only on the orbits left.  Returns the givens left, or a negative
 * status. */
static int dig(sk_generator *g, const sk_generate_opts *o, uint64_t *rs, uint8_t *p)
{
    int left = g->nc;
    build_orbits(g, o->symmetry);
    int no = g->norbits;
    int *order = g->order;
    for (int k = 0; k < no; k++)
        order[k] = k;
    shuffle_ints(rs, order, no);
    memset(g->deferred, g->use_singles ? 0 : 1, (size_t)no);
    for (int pass = g->use_singles ? 0 : 1; pass < 2; pass++) {
        for (int i = 0; i < no; i++) {
            if (o->max_givens && left <= o->max_givens && !o->minimal)
                return left;
            int k = order[i];
            if (!g->deferred[k] && pass == 1)
                continue;
            int a = g->orbit_off[k], b = g->orbit_off[k + 1];
            if (o->min_givens && left - (b - a) < o->min_givens)
                continue;
            int u = take_orbit(g, p, k, pass);
            if (u < 0)
                return u;
            if (u) {
                left -= b - a;
                continue;
            }
            g->deferred[k] = 1;
            if (stopped(g))
                return SK_ETIME;
        }
    }
    return left;
}

/* A given of p that can go alone (or whose search did not finish), -1
 * when none, or a status below -1 on an error. */
static int removable(sk_generator *g, uint8_t *p)
{
    for (int c = 0; c < g->nc; c++) {
        if (!p[c])
            continue;
        uint8_t v = p[c];
        p[c] = 0;
        int k = refuted(g, p) ? 2 : search(g, p, 2, NULL);
        p[c] = v;
        if (k < -1)
            return k;
        if (k != 2)
            return c;
    }
    return -1;
}

/* 1 when no given of p can go alone, 0 when one can (or a search did not
 * finish), negative on an error. */
static int is_minimal(sk_generator *g, uint8_t *p)
{
    int c = removable(g, p);
    return c < -1 ? c : c < 0;
}

/*
 * Makes a symmetric puzzle p (all of whose orbits are needed) strictly
 * minimal, or gives up (0).  While a single given c can go: its whole
 * orbit goes, and orbits are added back, each holding a cell where a
 * second solution differs from the grid's, until the solution is unique
 * again; then every orbit is offered for removal once more.  Far cheaper
 * than drawing new grids until one is strictly minimal by chance (about
 * one in fifty for a half turn on 9x9).  Returns 1, 0, or a status.
 */
static int repair(sk_generator *g, uint64_t *rs, uint8_t *p, const uint8_t *sol, int *left)
{
    for (int round = 0; round < 12; round++) {
        int c = removable(g, p);
        if (c < -1)
            return c;
        if (c < 0)
            return 1;
        if (stopped(g))
            return 0;
        int k = g->orbit_of[c];
        for (int j = g->orbit_off[k]; j < g->orbit_off[k + 1]; j++)
            p[g->orbit_cells[j]] = 0;
        *left -= g->orbit_off[k + 1] - g->orbit_off[k];
        for (int add = 0;; add++) {
            int u = search(g, p, 2, NULL);
            if (u < -1)
                return u;
            if (u == 1)
                break;
            if (u != 2 || !g->has_other || add >= 8)
                return 0;
            /* a random cell where the second solution (the newest witness)
               differs, not given */
            int w = (g->wit_next + WITNESSES - 1) % WITNESSES, pick = -1, seen = 0;
            const uint16_t *cells = g->wit_cells + (size_t)w * (size_t)g->nc;
            for (int i = 0; i < g->wit_len[w]; i++)
                if (!p[cells[i]] && g->orbit_of[cells[i]] != k &&
                    rng_below(rs, (uint32_t)++seen) == 0)
                    pick = cells[i];
            if (pick < 0)
                return 0;
            int q = g->orbit_of[pick];
            for (int j = g->orbit_off[q]; j < g->orbit_off[q + 1]; j++) {
                int x = g->orbit_cells[j];
                if (!p[x]) {
                    p[x] = sol[x];
                    ++*left;
                }
            }
        }
        /* orbits that the new givens make unneeded go */
        for (int i = 0; i < g->norbits; i++) {
            int q = g->order[i];
            int a = g->orbit_off[q], b = g->orbit_off[q + 1];
            if (!p[g->orbit_cells[a]])
                continue;
            int u = take_orbit(g, p, q, 1);
            if (u < 0)
                return u;
            if (u)
                *left -= b - a;
        }
    }
    return 0;
}

/* Walks the logical path of p: fills r->rating and r->techniques.
 * Returns 1 when done, 0 when the path does not meet o (the rating limit
 * cut it short, a guess, the per-puzzle time), negative on an error. */
static int rate(sk_generator *g, const sk_generate_opts *o, const uint8_t *p,
                sk_generate_result *r)
{
    if (!g->logic) {
        int st = sk_logic_new(g->m, &g->logic);
        if (st != SK_OK)
            return st;
    }
    sk_logic *l = g->logic;
    int limit = o->max_rating;
    if (o->no_guess && (!limit || limit > 84))
        limit = 84; /* below the dynamic chains (8.5) */
    sk_logic_set_limit(l, limit);
    double t = o->rate_timeout;
    if (g->deadline > 0) {
        double left = g->deadline - skx_now();
        if (left <= 0)
            return 0;
        if (t <= 0 || left < t)
            t = left;
    }
    sk_logic_set_timeout(l, t);
    int st = sk_logic_start(l, p);
    if (st != SK_OK)
        return st;
    sk_rating_init(&r->rating);
    r->techniques = 0;
    while (!sk_logic_solved(l)) {
        sk_step s;
        int found = sk_logic_next(l, &s);
        if (found == SK_ETIME)
            return 0;
        if (found < 0)
            return found;
        if (!found)
            return 0; /* beyond the limit */
        if (o->no_guess && s.technique == SK_TECH_NISHIO)
            return 0;
        sk_rating_add(&r->rating, &s);
        r->techniques |= 1ull << s.technique;
        sk_logic_apply(l, &s);
    }
    r->rated = 1;
    return 1;
}

/* 1 when some count of givens from lo to hi (0: no bound) is made of
 * whole orbits of the symmetry g's orbits were built for. */
static int count_reachable(sk_generator *g, int lo, int hi)
{
    int nc = g->nc, ok = 0;
    uint8_t *can = calloc((size_t)nc + 1, 1);
    if (!can)
        return 1; /* cannot tell: let the search find out */
    can[0] = 1;
    for (int k = 0; k < g->norbits; k++) {
        int size = g->orbit_off[k + 1] - g->orbit_off[k];
        for (int c = nc; c >= size; c--)
            can[c] |= can[c - size];
    }
    if (!hi)
        hi = nc;
    for (int c = lo; c <= hi && !ok; c++)
        ok = can[c];
    free(can);
    return ok;
}

static int check_opts(sk_generator *g, const sk_generate_opts *o)
{
    if (o->symmetry < 0 || o->symmetry >= SK_SYMMETRY_COUNT_)
        return SK_EINVAL;
    if (o->min_givens < 0 || o->max_givens < 0 || o->min_givens > g->nc ||
        o->max_givens > g->nc || (o->max_givens && o->min_givens > o->max_givens))
        return SK_EINVAL;
    if ((o->min_givens || o->max_givens) && !o->pattern) {
        build_orbits(g, o->symmetry);
        if (!count_reachable(g, o->min_givens, o->max_givens))
            return SK_EINVAL; /* e.g. 30 givens in orbits of 4 and 1 */
    }
    if (o->min_rating < 0 || o->max_rating < 0 ||
        (o->max_rating && o->min_rating > o->max_rating))
        return SK_EINVAL;
    if (o->needs < -1 || o->needs >= SK_TECH_COUNT_ || o->needs == SK_TECH_VARIANT_RULE)
        return SK_EINVAL; /* (puzzles without rules never need it) */
    if (o->pattern)
        for (int c = 0; c < g->nc; c++)
            if (o->pattern[c] > 1)
                return SK_EINVAL;
    if ((o->min_rating || o->max_rating || o->needs >= 0) && g->m->nrules)
        return SK_EUNSUPPORTED;
    return SK_OK;
}

int sk_generate(sk_generator *g, const sk_generate_opts *o, uint8_t *puzzle,
                uint8_t *solution, sk_generate_result *r)
{
    sk_generate_opts def = SK_GENERATE_OPTS_INIT;
    sk_generate_result local;
    if (!g || !puzzle)
        return SK_EINVAL;
    if (!o)
        o = &def;
    if (!r)
        r = &local;
    memset(r, 0, sizeof *r);
    int rc = check_opts(g, o);
    if (rc != SK_OK)
        return rc;
    int nc = g->nc;
    uint8_t *sol = malloc((size_t)nc), *p = malloc((size_t)nc);
    if (!sol || !p) {
        free(sol);
        free(p);
        return SK_ENOMEM;
    }
    uint64_t rs = o->seed;
    rng_next(&rs); /* seeds 0, 1, 2 ... start far apart */
    g->cancel = o->cancel;
    g->deadline = o->timeout > 0 ? skx_now() + o->timeout : 0;
    g->searches = 0;
    g->prop_dig = o->no_guess && g->m->nrules;
    /* a search's node budget: on grids up to 9x9 only a safety net; above,
       the few searches that would run for minutes are cut short (their
       orbit stays) unless a minimal puzzle is asked, which needs every
       answer */
    g->node_cap = g->n <= 9 || o->minimal ? 2000000u : 50000u;
    int rated = o->min_rating || o->max_rating || o->needs >= 0 ||
                (o->no_guess && !g->m->nrules);
    for (;;) {
        if (o->max_tries && r->tries >= o->max_tries) {
            rc = SK_ETIME;
            break;
        }
        if (stopped(g)) {
            rc = SK_ETIME;
            break;
        }
        r->tries++;
        g->unsettled = 0;
        rc = fill(g, &rs, sol);
        if (rc != SK_OK)
            break;
        memcpy(p, sol, (size_t)nc);
        g->sol = sol;
        g->nwit = g->wit_next = 0;
        int left;
        if (o->pattern) {
            left = 0;
            for (int c = 0; c < nc; c++) {
                if (!o->pattern[c])
                    p[c] = 0;
                else
                    left++;
            }
            int u = unique(g, p);
            if (u < 0) {
                rc = u;
                break;
            }
            if (!u)
                continue;
        } else {
            left = dig(g, o, &rs, p);
            if (left == SK_ETIME) {
                rc = SK_ETIME;
                break;
            }
            if (left < 0) {
                rc = left;
                break;
            }
            if ((o->min_givens && left < o->min_givens) ||
                (o->max_givens && left > o->max_givens))
                continue;
        }
        if (o->minimal && !o->pattern && o->symmetry != SK_SYMMETRY_NONE && !o->min_givens &&
            !o->max_givens && !g->unsettled) {
            int mi = repair(g, &rs, p, sol, &left);
            if (mi < 0) {
                rc = mi;
                break;
            }
            if (!mi)
                continue;
        } else if (o->minimal && (o->pattern || o->symmetry != SK_SYMMETRY_NONE ||
                                  o->min_givens || o->max_givens || g->unsettled)) {
            int mi = is_minimal(g, p);
            if (mi < 0) {
                rc = mi;
                break;
            }
            if (!mi)
                continue;
        }
        if (o->no_guess && g->m->nrules && !propagation_solves(g, p))
            continue;
        if (rated) {
            int ok = rate(g, o, p, r);
            if (ok < 0) {
                rc = ok;
                break;
            }
            if (!ok)
                continue;
            if (o->min_rating && r->rating.er < o->min_rating)
                continue;
            if (o->max_rating && r->rating.er > o->max_rating)
                continue;
            if (o->needs >= 0 && !(r->techniques >> o->needs & 1u))
                continue;
        }
        r->givens = left;
        memcpy(puzzle, p, (size_t)nc);
        if (solution)
            memcpy(solution, sol, (size_t)nc);
        rc = SK_OK;
        break;
    }
    g->sol = NULL;
    r->searches = g->searches;
    if (rc != SK_OK)
        r->rated = 0;
    free(sol);
    free(p);
    return rc;
}

/* ---- what a setter's puzzle does not need -------------------------------- */

/* A puzzle under edit: its geometry with a subset of its rules. */
typedef struct trim {
    const sk_geometry *g;
    sk_geometry cur;     /* g with the rules kept */
    sk_rule *rules;      /* the rules kept */
    uint8_t *kept;       /* g->nrules flags */
    sk_model *model;     /* the model of the rules kept, or NULL */
    sk_solver *solver;
    double deadline;
} trim;

/* Searches givens under the rules of t->kept (except rule `skip`, -1
 * none) for up to 2 solutions.  Returns 0, 1, 2, -1 when time ran out, or
 * an error (SK_EMODEL with diag). */
static int trim_count(trim *t, const uint8_t *givens, int skip, sk_diag *diag)
{
    sk_model *m = skip < 0 ? t->model : NULL;
    int rc;
    if (!m) {
        int k = 0;
        for (int i = 0; i < t->g->nrules; i++)
            if (t->kept[i] && i != skip)
                t->rules[k++] = t->g->rules[i];
        t->cur.nrules = k;
        t->cur.rules = k ? t->rules : NULL;
        rc = sk_model_new(&t->cur, &m, diag);
        if (rc != SK_OK)
            return rc;
        if (skip < 0)
            t->model = m; /* kept until the rules kept change */
    }
    sk_search_opts so = SK_SEARCH_OPTS_INIT;
    sk_result res;
    rc = SK_OK;
    if (t->deadline > 0) {
        so.timeout = t->deadline - skx_now();
        if (so.timeout <= 0)
            rc = -1;
    }
    if (rc == SK_OK)
        rc = sk_solver_run(t->solver, m, givens, &so, NULL, &res);
    if (m != t->model)
        sk_model_free(m);
    if (rc != SK_OK)
        return rc;
    if (res.solutions >= 2)
        return 2;
    return res.end == SK_END_EXHAUSTED ? (int)res.solutions : -1;
}

/* Drops rule i for good. */
static void trim_drop(trim *t, int i)
{
    t->kept[i] = 0;
    sk_model_free(t->model);
    t->model = NULL;
}

static int trim_open(trim *t, const sk_geometry *g, double timeout)
{
    t->g = g;
    t->cur = *g;
    size_t nr = g->nrules > 0 ? (size_t)g->nrules : 1;
    t->rules = malloc(nr * sizeof *t->rules);
    t->kept = malloc(nr);
    if (!t->rules || !t->kept)
        return SK_ENOMEM;
    memset(t->kept, 1, nr);
    t->deadline = timeout > 0 ? skx_now() + timeout : 0;
    return sk_solver_new(-1, &t->solver);
}

static void trim_close(trim *t)
{
    free(t->rules);
    free(t->kept);
    sk_model_free(t->model);
    sk_solver_free(t->solver);
}

/* The puzzle as given must have one solution: SK_OK, SK_ERANGE (none or
 * several), SK_ETIME, or an error. */
static int trim_start(trim *t, const sk_geometry *g, const uint8_t *givens, double timeout,
                      sk_diag *diag)
{
    memset(t, 0, sizeof *t);
    if (!g || !givens || g->n < 1 || g->n > SK_MAX_N)
        return SK_EINVAL;
    int rc = trim_open(t, g, timeout);
    if (rc != SK_OK)
        return rc;
    for (int c = 0; c < g->n * g->n; c++)
        if (givens[c] > g->n)
            return SK_EINVAL;
    int k = trim_count(t, givens, -1, diag);
    if (k == -1)
        return SK_ETIME;
    if (k < 0)
        return k;
    return k == 1 ? SK_OK : SK_ERANGE;
}

/* Whether removing the given at c (rule -1) or rule `rule` (c -1) leaves
 * one solution: 1, 0, or a negative status (SK_ETIME when time ran out). */
static int trim_try(trim *t, uint8_t *givens, int c, int rule, sk_diag *diag)
{
    uint8_t v = 0;
    if (c >= 0) {
        v = givens[c];
        givens[c] = 0;
    }
    int k = trim_count(t, givens, rule, diag);
    if (c >= 0)
        givens[c] = v;
    if (k == -1)
        return SK_ETIME;
    if (k < 0)
        return k;
    return k == 1;
}

int sk_redundant(const sk_geometry *g, const uint8_t *givens, double timeout,
                 uint8_t *given_free, uint8_t *rule_free, sk_diag *diag)
{
    trim t;
    if (!given_free || (g && g->nrules > 0 && !rule_free))
        return SK_EINVAL;
    int rc = trim_start(&t, g, givens, timeout, diag);
    uint8_t *p = NULL;
    if (rc == SK_OK) {
        int nc = g->n * g->n;
        p = malloc((size_t)nc);
        if (!p)
            rc = SK_ENOMEM;
        else
            memcpy(p, givens, (size_t)nc);
        uint8_t *gf = calloc((size_t)nc, 1);
        uint8_t *rf = calloc(g->nrules > 0 ? (size_t)g->nrules : 1, 1);
        if (!gf || !rf)
            rc = SK_ENOMEM;
        for (int c = 0; rc == SK_OK && c < nc; c++) {
            if (!p[c])
                continue;
            int u = trim_try(&t, p, c, -1, diag);
            if (u < 0)
                rc = u;
            else
                gf[c] = (uint8_t)u;
        }
        for (int i = 0; rc == SK_OK && i < g->nrules; i++) {
            int u = trim_try(&t, p, -1, i, diag);
            if (u < 0)
                rc = u;
            else
                rf[i] = (uint8_t)u;
        }
        if (rc == SK_OK) {
            memcpy(given_free, gf, (size_t)nc);
            if (g->nrules > 0)
                memcpy(rule_free, rf, (size_t)g->nrules);
        }
        free(gf);
        free(rf);
    }
    free(p);
    trim_close(&t);
    return rc;
}

int sk_minimize(const sk_geometry *g, const uint8_t *givens, uint64_t seed, int keep_rules,
                double timeout, uint8_t *out, uint8_t *rule_kept, sk_diag *diag)
{
    trim t;
    if (!out || (g && g->nrules > 0 && !rule_kept))
        return SK_EINVAL;
    int rc = trim_start(&t, g, givens, timeout, diag);
    int *order = NULL;
    uint8_t *p = NULL;
    if (rc == SK_OK) {
        int nc = g->n * g->n;
        int nr = g->nrules;
        order = malloc(((size_t)nc + (size_t)(nr > 0 ? nr : 0)) * sizeof *order);
        p = malloc((size_t)nc);
        if (!order || !p)
            rc = SK_ENOMEM;
        else
            memcpy(p, givens, (size_t)nc);
        uint64_t rs = seed;
        if (seed)
            rng_next(&rs);
        int ng = 0;
        for (int c = 0; rc == SK_OK && c < nc; c++)
            if (p[c])
                order[ng++] = c;
        if (rc == SK_OK && seed)
            shuffle_ints(&rs, order, ng);
        for (int i = 0; rc == SK_OK && i < ng; i++) {
            int c = order[i];
            int u = trim_try(&t, p, c, -1, diag);
            if (u < 0)
                rc = u;
            else if (u)
                p[c] = 0;
        }
        if (rc == SK_OK && !keep_rules && nr > 0) {
            for (int i = 0; i < nr; i++)
                order[i] = i;
            if (seed)
                shuffle_ints(&rs, order, nr);
            for (int i = 0; rc == SK_OK && i < nr; i++) {
                int u = trim_try(&t, p, -1, order[i], diag);
                if (u < 0)
                    rc = u;
                else if (u)
                    trim_drop(&t, order[i]);
            }
        }
        if (rc == SK_OK) {
            memcpy(out, p, (size_t)nc);
            if (nr > 0)
                memcpy(rule_kept, t.kept, (size_t)nr);
        }
    }
    free(order);
    free(p);
    trim_close(&t);
    return rc;
}
