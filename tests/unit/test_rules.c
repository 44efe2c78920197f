/*
 * test_rules.c - the variant rules against an independent judge.
 *
 * Random puzzles are planted: a random solution grid is made first
 * (solved with any whole-grid rules already in force), then rules that
 * this grid satisfies are read off it (cages with its sums, thermometers
 * along its increasing paths, dots where its neighbours relate, a
 * negative rule with every mark it needs, ...), then givens are taken
 * away (at random, or down to a minimal unique puzzle), and sometimes one
 * rule the grid breaks is added.  On each puzzle:
 *
 *   - the general and cdcl engines must agree on the verdict, on the
 *     count up to CAP and on the set of solutions, with and without
 *     pencil marks; every solution must pass the judge of
 *     rules_oracle.h, the houses of oracle.h and sk_verify; the planted
 *     grid must be a solution exactly when it obeys every rule; where
 *     plain backtracking over the geometry can list every completion of
 *     the givens, the judge's filter of that list is the answer;
 *   - sk_candidates must give the union of the solutions (and capped
 *     counts), sk_best the best value over them;
 *   - every propagator (skx_con_filter) must keep the planted digits
 *     whatever extra digits the masks hold, and on single digits must
 *     accept exactly the grids the judge accepts; a sum over a diagonal
 *     must keep every digit some assignment of it alone uses, and on
 *     9x9 remove every other (brute force, test_sum_groups_sound);
 *   - sk_check_rules and sk_verify must agree with the judge, rule by
 *     rule, on complete grids (relabelled solutions, unrelated grids,
 *     random digits); on partial grids sk_check_rules reports nothing
 *     that a solution completes, and nothing whose own empty cells can
 *     still be filled; sk_check finds the repeats in the houses the
 *     rules make;
 *   - the model keeps its own copy of the rules, and their text form
 *     (the reproducers printed on failure) reads back as the same rules.
 *
 * Plus the registry (which engines take rule models) and the refusals of
 * sk_model_new.  SK_DIFF_SEED and SK_DIFF_ROUNDS change the seed and
 * multiply the rounds, as for test_diff.  A search slower than
 * GUARD_SECONDS is reported as slow (not as a failure), and rounds stop
 * after BUDGET_SECONDS (the rounds skipped are counted in the summary).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudokit.h"
#include "rules/rules.h"

#include "check.h"
#include "oracle.h"
#include "rules_oracle.h"

#define MAXC 256 /* cells: N <= 16 */
#define MAXR 160 /* rules per puzzle (a negative rule brings its marks) */
#define MAXRC 64 /* cells per rule */
#define CAP 50   /* solutions counted and compared */
#define BRUTE_CAP 4000 /* completions listed by plain backtracking */
#define GUARD_SECONDS 5.0 /* one search; slower is noted, not failed */
#define BUDGET_SECONDS 25.0 /* all the random rounds together */

static uint64_t base_seed = 20261125;
static int rounds_factor = 1;
static int E_9X9 = -1, E_GENERAL = -1, E_CDCL = -1, E_DLX = -1;
static sk_solver *solver_general, *solver_cdcl, *solver_auto;
static long n_puzzles, n_verdict[3], n_brute, n_filter_calls, n_single_checks, n_check_grids,
    n_candidates, n_best, n_inconsistent, n_rules_total, n_slow, dumps;
static long kind_count[SK_RULE_LAST_];
static long n_long_pills, n_pill3; /* pills that read three decimal digits or more */
static long n_partial_reports; /* violations on partial grids proven right */
static int pills_only;
static int hard_mode;
static int tile_mode; /* killer cages over the whole grid first */
static long n_derived[2]; /* derived sums seen: plain, with negated cells */
static long n_minimal; /* minimal puzzles made */ /* few givens, many rules: real searches */ /* arrows with 2-cell pills only (large grids) */
static double t_engines, t_candidates, t_best, t_brute, t_filters, t_judge; /* seconds spent */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- geometries ------------------------------------------------------ */

typedef struct geo {
    char name[40];
    int n, br, bc;        /* br = SK_BOX_NONE: Latin square */
    int jigsaw;
    uint8_t regions[MAXC]; /* jigsaw ids */
    uint8_t region[MAXC];  /* region of each cell (boxes or jigsaw) */
    int has_region;
} geo;

static void geo_box(geo *g, int n, int br, int bc)
{
    memset(g, 0, sizeof *g);
    g->n = n;
    g->br = br;
    g->bc = bc;
    if (br > 0) {
        g->has_region = 1;
        for (int i = 0; i < n * n; i++)
            g->region[i] = (uint8_t)((i / n) / br * (n / bc) + (i % n) / bc);
        snprintf(g->name, sizeof g->name, "%dx%d boxes %dx%d", n, n, br, bc);
    } else {
        snprintf(g->name, sizeof g->name, "Latin %dx%d", n, n);
    }
}

/* Random jigsaw regions grown from n seeds (restarts when one is stuck). */
static int geo_jigsaw(geo *g, int n, uint64_t *seed)
{
    memset(g, 0, sizeof *g);
    g->n = n;
    g->jigsaw = 1;
    g->has_region = 1;
    snprintf(g->name, sizeof g->name, "jigsaw %dx%d", n, n);
    for (int attempt = 0; attempt < 2000; attempt++) {
        int size[SK_MAX_N] = {0}, perm[MAXC], placed = n, stuck = 0;
        memset(g->regions, 0xff, (size_t)(n * n));
        or_shuffle(seed, perm, n * n);
        for (int k = 0; k < n; k++) {
            g->regions[perm[k]] = (uint8_t)k;
            size[k] = 1;
        }
        while (placed < n * n && !stuck) {
            /* the region with the fewest free neighbours takes one of them */
            int best = -1, best_nc = 0, cand[MAXC], nc = 0;
            for (int k = 0; k < n; k++) {
                if (size[k] >= n)
                    continue;
                int kc[MAXC], kn = 0;
                for (int i = 0; i < n * n; i++) {
                    if (g->regions[i] != 0xff)
                        continue;
                    int r = i / n, c = i % n;
                    if ((r > 0 && g->regions[i - n] == k) || (r < n - 1 && g->regions[i + n] == k) ||
                        (c > 0 && g->regions[i - 1] == k) || (c < n - 1 && g->regions[i + 1] == k))
                        kc[kn++] = i;
                }
                if (best < 0 || kn < best_nc || (kn == best_nc && or_below(seed, 2))) {
                    best = k;
                    best_nc = kn;
                    memcpy(cand, kc, (size_t)kn * sizeof *kc);
                    nc = kn;
                }
            }
            if (!nc) {
                stuck = 1;
                break;
            }
            g->regions[cand[or_below(seed, nc)]] = (uint8_t)best;
            size[best]++;
            placed++;
        }
        if (!stuck) {
            memcpy(g->region, g->regions, (size_t)(n * n));
            return 1;
        }
    }
    return 0;
}

/* ---- rule sets ------------------------------------------------------- */

typedef struct rset {
    int nr;
    sk_rule r[MAXR];
    int cells[MAXR][MAXRC];
    int digits[MAXR][16];
} rset;

/* Points every rule at its own arrays (after a copy of the set). */
static void rs_point(rset *s)
{
    for (int k = 0; k < s->nr; k++) {
        s->r[k].cells = s->r[k].ncells ? s->cells[k] : NULL;
        s->r[k].digits = s->r[k].ndigits ? s->digits[k] : NULL;
    }
}

static sk_rule *rs_add(rset *s, int kind, int value, const int *cells, int nc)
{
    if (s->nr >= MAXR || nc > MAXRC)
        return NULL;
    sk_rule r = SK_RULE_INIT(kind);
    r.value = value;
    r.ncells = nc;
    if (nc)
        memcpy(s->cells[s->nr], cells, (size_t)nc * sizeof *cells);
    s->r[s->nr] = r;
    s->nr++;
    rs_point(s);
    return &s->r[s->nr - 1];
}

static void rs_digits(rset *s, sk_rule *r, const int *digits, int nd)
{
    int k = (int)(r - s->r);
    memcpy(s->digits[k], digits, (size_t)nd * sizeof *digits);
    r->ndigits = nd;
    r->digits = s->digits[k];
}

static sk_geometry geo_sk(const geo *g, rset *s)
{
    sk_geometry sg = SK_GEOMETRY_INIT(g->n);
    if (g->jigsaw)
        sg.regions = g->regions;
    else {
        sg.box_rows = g->br;
        sg.box_cols = g->bc;
    }
    if (s && s->nr) {
        rs_point(s);
        sg.nrules = s->nr;
        sg.rules = s->r;
    }
    return sg;
}

static int build(const geo *g, rset *s, sk_model **m, sk_diag *d)
{
    sk_geometry sg = geo_sk(g, s);
    sk_diag local;
    return sk_model_new(&sg, m, d ? d : &local);
}

static ro_geo ro_of(const geo *g)
{
    ro_geo r = {g->n, g->has_region ? g->region : NULL};
    return r;
}

static int oracle_of(const geo *g, oracle *o)
{
    sk_geometry sg = geo_sk(g, NULL);
    or_geom og = or_from_sk(&sg);
    return or_init(o, &og);
}

/* The puzzle as the library writes it (grid, then rules): a reproducer
 * that the command-line tool reads back. */
static void dump(const char *why, const geo *g, rset *s, const uint8_t *givens)
{
    if (dumps++ >= 8)
        return;
    sk_geometry sg = geo_sk(g, s);
    static char buf[1 << 16];
    fprintf(stderr, "---- %s (%s, seed %llu)\n", why, g->name, (unsigned long long)base_seed);
    if (g->jigsaw || g->n <= 35) {
        if (sk_write(buf, sizeof buf, &sg, givens, SK_FORMAT_GRID, SK_ALPHABET_AUTO) > 0)
            fputs(buf, stderr);
    }
    if (sk_write_rules(buf, sizeof buf, &sg) >= 0)
        fputs(buf, stderr);
    fprintf(stderr, "----\n");
}

static const char *kind_name(int kind)
{
    const char *s = sk_rule_keyword(kind);
    return s ? s : "?";
}

/* ---- searching ------------------------------------------------------- */

typedef struct collect {
    int nc;
    long long count, cap;
    uint8_t *buf;
} collect;

static int on_solution(void *user, const uint8_t *sol)
{
    collect *c = user;
    if (c->count < c->cap)
        memcpy(c->buf + (size_t)c->count * (size_t)c->nc, sol, (size_t)c->nc);
    c->count++;
    return 0;
}

/* First solution with solver s: 1 found, 0 none, -1 stopped or failed. */
static int solve_first(sk_solver *s, const sk_model *m, const uint8_t *givens, uint8_t *out,
                       uint64_t max_nodes)
{
    sk_search_opts o = SK_SEARCH_OPTS_INIT;
    sk_result r;
    o.max_solutions = 1;
    o.max_nodes = max_nodes;
    o.timeout = GUARD_SECONDS;
    if (sk_solver_run(s, m, givens, &o, out, &r) != SK_OK)
        return -1;
    if (r.solutions)
        return 1;
    return r.end == SK_END_EXHAUSTED ? 0 : -1;
}

/* ---- planted solutions ---------------------------------------------- */

/* A random solution of geometry g under the (whole-grid) rules of s.
 * Returns 1, or 0 when none was found quickly. */
static int random_solution(const geo *g, rset *s, uint64_t *seed, uint8_t *sol)
{
    sk_model *m;
    const int n = g->n;
    if (build(g, s, &m, NULL) != SK_OK)
        return 0;
    int found = 0;
    for (int attempt = 0; attempt < 8 && !found; attempt++) {
        uint8_t givens[MAXC] = {0};
        /* a few random digits in the first row (rarely a dead end) */
        int k = attempt < 2 ? (n + 1) / 3 : attempt < 4 ? 2 : attempt < 6 ? 1 : 0, perm[SK_MAX_N],
            pos[SK_MAX_N];
        or_shuffle(seed, perm, n);
        or_shuffle(seed, pos, n);
        for (int j = 0; j < k; j++)
            givens[pos[j]] = (uint8_t)(perm[j] + 1);
        /* bounded: some mixes of whole-grid rules have no solution, or
         * none that is quick to find; the caller then drops one */
        found = solve_first(solver_cdcl, m, givens, sol, attempt < 7 ? 20000 : 100000) == 1;
    }
    sk_model_free(m);
    return found;
}

/* ---- rules read off a grid -------------------------------------------- */

typedef struct gen {
    const geo *g;
    const uint8_t *S;
    uint64_t *seed;
    rset *rs;
    int value; /* for the walk predicates */
} gen;

static int neighbours(const geo *g, int cell, int diag, int *out)
{
    const int n = g->n;
    int k = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            if ((!dr && !dc) || (!diag && dr && dc))
                continue;
            int r = cell / n + dr, c = cell % n + dc;
            if (r >= 0 && r < n && c >= 0 && c < n)
                out[k++] = r * n + c;
        }
    return k;
}

typedef int (*step_fn)(const gen *x, const int *path, int len, int next);

static int step_any(const gen *x, const int *path, int len, int next)
{
    (void)x, (void)path, (void)len, (void)next;
    return 1;
}

static int step_up(const gen *x, const int *path, int len, int next)
{
    return x->S[next] > x->S[path[len - 1]];
}

static int step_far(const gen *x, const int *path, int len, int next)
{
    int d = x->S[next] - x->S[path[len - 1]];
    return (d < 0 ? -d : d) >= x->value;
}

static int step_distinct(const gen *x, const int *path, int len, int next)
{
    for (int j = 0; j < len; j++)
        if (x->S[path[j]] == x->S[next])
            return 0;
    return 1;
}

/* A random self-avoiding walk of up to len cells from start whose every
 * step passes ok; returns its length. */
static int walk(const gen *x, int start, int len, int diag, step_fn ok, int *path)
{
    int k = 1;
    path[0] = start;
    while (k < len) {
        int nb[8], nn = neighbours(x->g, path[k - 1], diag, nb), cand[8], nc = 0;
        for (int q = 0; q < nn; q++) {
            int used = 0;
            for (int j = 0; j < k && !used; j++)
                used = path[j] == nb[q];
            if (!used && ok(x, path, k, nb[q]))
                cand[nc++] = nb[q];
        }
        if (!nc)
            break;
        path[k++] = cand[or_below(x->seed, nc)];
    }
    return k;
}

static int rnd_cell(const gen *x) { return or_below(x->seed, x->g->n * x->g->n); }

static int sum_of(const uint8_t *S, const int *cells, int k)
{
    int s = 0;
    for (int j = 0; j < k; j++)
        s += S[cells[j]];
    return s;
}

static int gen_cage(gen *x)
{
    int n = x->g->n, path[MAXRC], len = walk(x, rnd_cell(x), 2 + or_below(x->seed, (n < 5 ? n : 5) - 1), 0,
                                              step_distinct, path);
    if (len < 2)
        return 0;
    return rs_add(x->rs, SK_RULE_CAGE, or_below(x->seed, 4) ? sum_of(x->S, path, len) : 0, path, len) != NULL;
}

/* Cages over the whole grid (killer style): each grows from a free cell
 * through free neighbours whose digits differ, 1 to 5 cells; most carry
 * their sum.  What the model derives from cages that tile houses (sums
 * of leftovers, outies, signed differences) is then in play. */
static void tile_cages(gen *x)
{
    const int n = x->g->n, nc = n * n;
    uint8_t used[MAXC] = {0};
    int order[MAXC];
    or_shuffle(x->seed, order, nc);
    for (int u = 0; u < nc && x->rs->nr < MAXR - 8; u++) {
        int c = order[u], path[5], len = 1, want = 1 + or_below(x->seed, 5);
        if (used[c])
            continue;
        path[0] = c;
        used[c] = 1;
        while (len < want) {
            int cand[5 * 4], ncand = 0;
            for (int j = 0; j < len; j++) {
                int nb[8], nn = neighbours(x->g, path[j], 0, nb);
                for (int q = 0; q < nn; q++)
                    if (!used[nb[q]] && step_distinct(x, path, len, nb[q]))
                        cand[ncand++] = nb[q];
            }
            if (!ncand)
                break;
            path[len] = cand[or_below(x->seed, ncand)];
            used[path[len++]] = 1;
        }
        rs_add(x->rs, SK_RULE_CAGE, or_below(x->seed, 8) ? sum_of(x->S, path, len) : 0, path, len);
    }
}

static int gen_little_killer(gen *x)
{
    const int n = x->g->n;
    int cells[SK_MAX_N], k = 0;
    int dr = or_below(x->seed, 2) ? 1 : -1, dc = or_below(x->seed, 2) ? 1 : -1;
    /* start on the border the direction leaves from */
    int r, c;
    if (or_below(x->seed, 2)) {
        r = dr > 0 ? 0 : n - 1;
        c = or_below(x->seed, n);
    } else {
        c = dc > 0 ? 0 : n - 1;
        r = or_below(x->seed, n);
    }
    for (; r >= 0 && r < n && c >= 0 && c < n; r += dr, c += dc)
        cells[k++] = r * n + c;
    return rs_add(x->rs, SK_RULE_LITTLE_KILLER, sum_of(x->S, cells, k), cells, k) != NULL;
}

static int gen_sandwich(gen *x)
{
    const int n = x->g->n;
    int cells[SK_MAX_N], line = or_below(x->seed, n), col = or_below(x->seed, 2), rev = or_below(x->seed, 2);
    for (int j = 0; j < n; j++) {
        int t = rev ? n - 1 - j : j;
        cells[j] = col ? t * n + line : line * n + t;
    }
    int p1 = -1, pn = -1;
    for (int j = 0; j < n; j++) {
        if (x->S[cells[j]] == 1)
            p1 = j;
        if (x->S[cells[j]] == n)
            pn = j;
    }
    int lo = p1 < pn ? p1 : pn, hi = p1 < pn ? pn : p1;
    return rs_add(x->rs, SK_RULE_SANDWICH, sum_of(x->S, cells + lo + 1, hi - lo - 1), cells, n) != NULL;
}

static int gen_arrow(gen *x)
{
    const int n = x->g->n;
    for (int attempt = 0; attempt < (pills_only ? 200 : 40); attempt++) {
        int cells[MAXRC], aux = or_below(x->seed, 3) && !pills_only ? 1 : 2;
        if (n == 9 && !pills_only && or_below(x->seed, 8) == 0)
            aux = 3; /* 1 then two more digits: 100 and more, a long shaft */
        cells[0] = rnd_cell(x);
        /* on large grids a pill starting with a small digit: its number
         * (1 then 11 reads 111) stays within reach of a shaft */
        for (int t = 0; aux == 2 && n >= 10 && t < 50 && x->S[cells[0]] > 2; t++)
            cells[0] = rnd_cell(x);
        for (int t = 0; aux == 3 && t < 100 && x->S[cells[0]] != 1; t++)
            cells[0] = rnd_cell(x);
        long target = x->S[cells[0]];
        if (aux == 3) {
            int nb[8], nn = neighbours(x->g, cells[0], 0, nb);
            cells[1] = nb[or_below(x->seed, nn)];
            for (int q = 0; q < nn; q++) /* 1, 2 and a digit: 121..129 */
                if (x->S[nb[q]] == 2)
                    cells[1] = nb[q];
            nn = neighbours(x->g, cells[1], 0, nb);
            cells[2] = nb[or_below(x->seed, nn)];
            if (cells[2] == cells[0] || x->S[cells[1]] > 2)
                continue;
            target = ro_concat_(ro_concat_(x->S[cells[0]], x->S[cells[1]]), x->S[cells[2]]);
        }
        if (aux == 2) {
            int nb[8], nn = neighbours(x->g, cells[0], 0, nb);
            cells[1] = nb[or_below(x->seed, nn)];
            for (int q = 0; q < nn && pills_only; q++) /* a two-digit number in the pill */
                if (x->S[nb[q]] >= 10)
                    cells[1] = nb[q];
            target = ro_concat_(target, x->S[cells[1]]);
        }
        /* the shaft: a walk from a neighbour of the last circle cell */
        int k = aux;
        long sum = 0;
        for (int shaft = 0; shaft < (target >= 100 ? 30 : 1) && sum != target; shaft++) {
        int nb[8], nn = neighbours(x->g, cells[aux - 1], 1, nb), start = nb[or_below(x->seed, nn)];
        k = aux;
        sum = 0;
        if (start == cells[0] || (aux >= 2 && start == cells[1]) || (aux == 3 && start == cells[2]))
            continue;
        cells[k++] = start;
        sum = x->S[start];
        while (sum < target && k < MAXRC) {
            int nb2[8], nn2 = neighbours(x->g, cells[k - 1], 1, nb2), cand[8], nc = 0;
            for (int q = 0; q < nn2; q++) {
                int used = 0;
                for (int j = 0; j < k && !used; j++)
                    used = cells[j] == nb2[q];
                if (!used)
                    cand[nc++] = nb2[q];
            }
            if (!nc)
                break;
            cells[k] = cand[or_below(x->seed, nc)];
            sum += x->S[cells[k++]];
        }
        }
        if (sum != target)
            continue;
        sk_rule *r = rs_add(x->rs, SK_RULE_ARROW, 0, cells, k);
        if (!r)
            return 0;
        r->aux = aux;
        n_long_pills += target >= 100;
        n_pill3 += aux == 3;
        return 1;
    }
    return 0;
}

static int gen_thermo(gen *x)
{
    int path[MAXRC], len = walk(x, rnd_cell(x), 2 + or_below(x->seed, 5), 1, step_up, path);
    return len >= 2 && rs_add(x->rs, SK_RULE_THERMO, 0, path, len) != NULL;
}

static int gen_whisper(gen *x)
{
    const int n = x->g->n;
    int v = or_below(x->seed, 2) ? 0 : 1 + or_below(x->seed, (n + 1) / 2);
    x->value = v ? v : (n + 1) / 2;
    if (or_below(x->seed, 4) == 0) {
        /* a line that comes back to a cell (not straight away): a loop */
        int path[MAXRC], len = walk(x, rnd_cell(x), 3 + or_below(x->seed, 4), 1, step_far, path);
        if (len >= 3) {
            int far = 1;
            far = x->S[path[len - 1]] - x->S[path[0]];
            if ((far < 0 ? -far : far) >= x->value) {
                path[len] = path[0];
                return rs_add(x->rs, SK_RULE_WHISPER, v, path, len + 1) != NULL;
            }
        }
    }
    int path[MAXRC], len = walk(x, rnd_cell(x), 2 + or_below(x->seed, 5), 1, step_far, path);
    return len >= 2 && rs_add(x->rs, SK_RULE_WHISPER, v, path, len) != NULL;
}

static int is_palindrome(const uint8_t *S, const int *c, int k)
{
    for (int j = 0; j < k; j++)
        if (S[c[j]] != S[c[k - 1 - j]])
            return 0;
    return 1;
}

static int gen_palindrome(gen *x)
{
    const int n = x->g->n;
    int path[MAXRC];
    if (or_below(x->seed, 3) == 0) {
        /* a line that crosses itself: a m a (its ends are one cell), or
         * a b a b with two cells of one digit */
        int a = rnd_cell(x), b = rnd_cell(x), line[4];
        if (a == b)
            return 0;
        if (x->S[a] != x->S[b] || or_below(x->seed, 2)) {
            line[0] = a, line[1] = b, line[2] = a;
            return rs_add(x->rs, SK_RULE_PALINDROME, 0, line, 3) != NULL;
        }
        line[0] = a, line[1] = b, line[2] = a, line[3] = b;
        return rs_add(x->rs, SK_RULE_PALINDROME, 0, line, 4) != NULL;
    }
    for (int attempt = 0; attempt < 60; attempt++) {
        int len = walk(x, rnd_cell(x), 3 + or_below(x->seed, 3), 1, step_any, path);
        if (len >= 3 && is_palindrome(x->S, path, len))
            return rs_add(x->rs, SK_RULE_PALINDROME, 0, path, len) != NULL;
    }
    /* not along neighbours: pairs of equal digits, mirrored */
    int pairs = 1 + or_below(x->seed, 2), k = 0, cells[8];
    for (int p = 0; p < pairs; p++) {
        int a = rnd_cell(x), b = -1;
        for (int t = 0; t < 4 * n * n && b < 0; t++) {
            int c = rnd_cell(x);
            if (c != a && x->S[c] == x->S[a])
                b = c;
        }
        int dup = b < 0;
        for (int j = 0; j < k && !dup; j++)
            dup = cells[j] == a || cells[j] == b;
        if (dup)
            return 0;
        /* cells 0..k/2 then mirrored: build outside-in */
        memmove(cells + 1, cells, (size_t)k * sizeof *cells);
        cells[0] = a;
        cells[k + 1] = b;
        k += 2;
    }
    return rs_add(x->rs, SK_RULE_PALINDROME, 0, cells, k) != NULL;
}

static int gen_renban(gen *x)
{
    const int n = x->g->n;
    int path[MAXRC];
    for (int attempt = 0; attempt < 40; attempt++) {
        int len = walk(x, rnd_cell(x), 2 + or_below(x->seed, (n < 5 ? n : 5) - 1), 1, step_distinct, path);
        int lo = n + 1, hi = 0;
        for (int j = 0; j < len; j++) {
            if (x->S[path[j]] < lo)
                lo = x->S[path[j]];
            if (x->S[path[j]] > hi)
                hi = x->S[path[j]];
        }
        if (len >= 2 && hi - lo == len - 1)
            return rs_add(x->rs, SK_RULE_RENBAN, 0, path, len) != NULL;
    }
    return 0;
}

static int gen_between(gen *x)
{
    int path[MAXRC];
    for (int attempt = 0; attempt < 60; attempt++) {
        int len = walk(x, rnd_cell(x), 3 + or_below(x->seed, 3), 1, step_any, path);
        if (len < 3)
            continue;
        int a = x->S[path[0]], b = x->S[path[len - 1]], lo = a < b ? a : b, hi = a < b ? b : a, ok = 1;
        for (int j = 1; j + 1 < len && ok; j++)
            ok = x->S[path[j]] > lo && x->S[path[j]] < hi;
        if (ok)
            return rs_add(x->rs, SK_RULE_BETWEEN, 0, path, len) != NULL;
    }
    return 0;
}

static int gen_region_sum(gen *x)
{
    if (!x->g->has_region)
        return 0;
    int path[MAXRC];
    for (int attempt = 0; attempt < 150; attempt++) {
        int len = walk(x, rnd_cell(x), 3 + or_below(x->seed, 5), 1, step_any, path);
        int runs = 0, start = 0, ok = 1;
        long first = -1;
        for (int j = 1; j <= len; j++)
            if (j == len || x->g->region[path[j]] != x->g->region[path[j - 1]]) {
                long s = sum_of(x->S, path + start, j - start);
                if (first < 0)
                    first = s;
                else if (s != first)
                    ok = 0;
                runs++;
                start = j;
            }
        if (ok && runs >= 2)
            return rs_add(x->rs, SK_RULE_REGION_SUM, 0, path, len) != NULL;
    }
    return 0;
}

/* 1 when a rule of the set already joins a and b with a dot, X or V */
static int joined(const rset *s, int a, int b)
{
    for (int k = 0; k < s->nr; k++) {
        const sk_rule *r = &s->r[k];
        if ((r->kind == SK_RULE_WHITE_DOT || r->kind == SK_RULE_BLACK_DOT || r->kind == SK_RULE_XV) &&
            ((r->cells[0] == a && r->cells[1] == b) || (r->cells[0] == b && r->cells[1] == a)))
            return 1;
    }
    return 0;
}

static int gen_dot(gen *x)
{
    int a = rnd_cell(x), nb[8], nn = neighbours(x->g, a, 0, nb), b = nb[or_below(x->seed, nn)];
    int p = x->S[a], q = x->S[b], lo = p < q ? p : q, hi = p < q ? q : p, cells[2] = {a, b};
    if (joined(x->rs, a, b))
        return 0;
    switch (or_below(x->seed, 3)) {
    case 0: /* white */
        if (hi - lo == 1)
            return rs_add(x->rs, SK_RULE_WHITE_DOT, or_below(x->seed, 4) ? 0 : 1, cells, 2) != NULL;
        if (or_below(x->seed, 3) == 0)
            return rs_add(x->rs, SK_RULE_WHITE_DOT, hi - lo, cells, 2) != NULL;
        return 0;
    case 1: /* black */
        if (hi == 2 * lo)
            return rs_add(x->rs, SK_RULE_BLACK_DOT, or_below(x->seed, 4) ? 0 : 2, cells, 2) != NULL;
        if (hi % lo == 0 && or_below(x->seed, 2) == 0)
            return rs_add(x->rs, SK_RULE_BLACK_DOT, hi / lo, cells, 2) != NULL;
        return 0;
    default:
        return rs_add(x->rs, SK_RULE_XV, p + q, cells, 2) != NULL;
    }
}

static int gen_parity(gen *x)
{
    int cells[3], k = 0, first = rnd_cell(x), odd = x->S[first] % 2;
    cells[k++] = first;
    for (int t = 0; t < 2; t++) {
        int c = rnd_cell(x), dup = 0;
        for (int j = 0; j < k; j++)
            dup |= cells[j] == c;
        if (!dup && x->S[c] % 2 == odd)
            cells[k++] = c;
    }
    return rs_add(x->rs, odd ? SK_RULE_ODD : SK_RULE_EVEN, 0, cells, k) != NULL;
}

static int gen_extreme(gen *x)
{
    const int n = x->g->n, kind = or_below(x->seed, 2) ? SK_RULE_MINIMUM : SK_RULE_MAXIMUM;
    int cand[MAXC], nc = 0;
    for (int c = 0; c < n * n; c++) {
        int nb[8], nn = neighbours(x->g, c, 0, nb), ok = 1;
        for (int q = 0; q < nn && ok; q++)
            ok = kind == SK_RULE_MINIMUM ? x->S[c] < x->S[nb[q]] : x->S[c] > x->S[nb[q]];
        for (int k = 0; k < x->rs->nr && ok; k++) /* each cell marked once */
            if (x->rs->r[k].kind == kind)
                for (int j = 0; j < x->rs->r[k].ncells; j++)
                    ok &= x->rs->r[k].cells[j] != c;
        if (ok)
            cand[nc++] = c;
    }
    if (!nc)
        return 0;
    int cells[2], k = 0;
    cells[k++] = cand[or_below(x->seed, nc)];
    int other = cand[or_below(x->seed, nc)];
    if (other != cells[0] && or_below(x->seed, 2))
        cells[k++] = other;
    return rs_add(x->rs, kind, 0, cells, k) != NULL;
}

static int gen_quad(gen *x)
{
    const int n = x->g->n;
    int r = or_below(x->seed, n - 1), c = or_below(x->seed, n - 1);
    int cells[4] = {r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1}, k = 4;
    if (or_below(x->seed, 4) == 0)
        k = 2 + or_below(x->seed, 2); /* fewer cells now and then */
    int perm[4], digits[4], nd = 1 + or_below(x->seed, k);
    or_shuffle(x->seed, perm, k);
    for (int j = 0; j < nd; j++)
        digits[j] = x->S[cells[perm[j]]];
    sk_rule *rr = rs_add(x->rs, SK_RULE_QUADRUPLE, 0, cells, k);
    if (!rr)
        return 0;
    rs_digits(x->rs, rr, digits, nd);
    return 1;
}

static int gen_region(gen *x)
{
    const int n = x->g->n;
    int perm[MAXC], cells[SK_MAX_N], k = 0, want = 2 + or_below(x->seed, n - 1);
    uint64_t seen = 0;
    or_shuffle(x->seed, perm, n * n);
    for (int j = 0; j < n * n && k < want; j++)
        if (!(seen >> (x->S[perm[j]] - 1) & 1)) {
            seen |= 1ull << (x->S[perm[j]] - 1);
            cells[k++] = perm[j];
        }
    return rs_add(x->rs, SK_RULE_REGION, 0, cells, k) != NULL;
}

static int gen_digits(gen *x)
{
    const int n = x->g->n;
    int cells[3], k = 1 + or_below(x->seed, 3), digits[16], nd = 0;
    uint64_t set = 0;
    for (int j = 0; j < k; j++) {
        cells[j] = rnd_cell(x);
        for (int t = 0; t < j; t++)
            if (cells[t] == cells[j])
                return 0;
        set |= 1ull << (x->S[cells[j]] - 1);
    }
    for (int t = or_below(x->seed, 3); t > 0; t--)
        set |= 1ull << or_below(x->seed, n);
    for (int d = 1; d <= n; d++)
        if (set >> (d - 1) & 1)
            digits[nd++] = d;
    sk_rule *r = rs_add(x->rs, SK_RULE_DIGITS, 0, cells, k);
    if (!r)
        return 0;
    rs_digits(x->rs, r, digits, nd);
    return 1;
}

/* 1 when a rule that exempts a pair from negative rule `kind` joins a and b */
static int exempt(const rset *s, int kind, int a, int b)
{
    for (int k = 0; k < s->nr; k++) {
        const sk_rule *r = &s->r[k];
        int family = kind == SK_RULE_NEGATIVE_XV ? r->kind == SK_RULE_XV
                                                 : r->kind == SK_RULE_WHITE_DOT || r->kind == SK_RULE_BLACK_DOT;
        if (family && ((r->cells[0] == a && r->cells[1] == b) || (r->cells[0] == b && r->cells[1] == a)))
            return 1;
    }
    return 0;
}

/* A negative rule that S does not obey on its own, with a mark on every
 * pair that breaks it (so all the marks are given, as in Kropki or XV
 * puzzles): the marks are what makes S a solution. */
static int gen_negative_marked(gen *x)
{
    static const int kinds[] = {SK_RULE_NONCONSECUTIVE, SK_RULE_NEGATIVE_BLACK, SK_RULE_NEGATIVE_XV};
    const int n = x->g->n, kind = kinds[or_below(x->seed, 3)];
    for (int k = 0; k < x->rs->nr; k++)
        if (x->rs->r[k].ncells == 0 && (x->rs->r[k].kind == SK_RULE_NONCONSECUTIVE ||
                                        x->rs->r[k].kind == SK_RULE_NEGATIVE_BLACK ||
                                        x->rs->r[k].kind == SK_RULE_NEGATIVE_XV))
            return 0; /* one negative rule per puzzle */
    for (int a = 0; a < n * n; a++)
        for (int q = 0; q < 2; q++) {
            int b = q ? a + n : a + 1;
            if ((q == 0 && a % n == n - 1) || b >= n * n || exempt(x->rs, kind, a, b))
                continue;
            int p = x->S[a], v = x->S[b], lo = p < v ? p : v, hi = p < v ? v : p, cells[2] = {a, b};
            int consecutive = hi - lo == 1, ratio = hi == 2 * lo;
            if (kind == SK_RULE_NEGATIVE_XV) {
                if ((p + v == 5 || p + v == 10) && !rs_add(x->rs, SK_RULE_XV, p + v, cells, 2))
                    return 0;
                continue;
            }
            if (!(kind == SK_RULE_NONCONSECUTIVE ? consecutive : ratio))
                continue;
            /* either dot exempts the pair; use the other one when it holds too */
            int white = consecutive && (!ratio || or_below(x->seed, 2));
            if (!rs_add(x->rs, white ? SK_RULE_WHITE_DOT : SK_RULE_BLACK_DOT, 0, cells, 2))
                return 0;
        }
    return rs_add(x->rs, kind, 0, NULL, 0) != NULL;
}

typedef int (*gen_fn)(gen *x);
static const gen_fn generators[] = {
    gen_cage, gen_cage, gen_little_killer, gen_sandwich, gen_arrow, gen_arrow, gen_thermo,
    gen_thermo, gen_whisper, gen_palindrome, gen_renban, gen_between, gen_region_sum,
    gen_dot, gen_dot, gen_dot, gen_parity, gen_extreme, gen_quad, gen_region, gen_digits,
};
#define NGEN ((int)(sizeof generators / sizeof generators[0]))

/* Adds one rule that S breaks (its cells are read off S like the others,
 * its number is off by one).  Returns 1 when added. */
static int gen_broken(gen *x)
{
    const int n = x->g->n;
    for (int attempt = 0; attempt < 20; attempt++) {
        rset save = *x->rs;
        int before = x->rs->nr, ok = 0;
        switch (or_below(x->seed, 4)) {
        case 0:
            ok = gen_cage(x);
            break;
        case 1:
            ok = gen_little_killer(x);
            break;
        case 2:
            ok = gen_dot(x);
            break;
        default:
            ok = gen_sandwich(x);
            break;
        }
        if (!ok || x->rs->nr != before + 1)
            continue;
        sk_rule *r = &x->rs->r[before];
        int delta = or_below(x->seed, 2) ? 1 : -1;
        switch (r->kind) {
        case SK_RULE_CAGE:
            if (!r->value)
                r->value = sum_of(x->S, r->cells, r->ncells);
            r->value += delta;
            break;
        case SK_RULE_LITTLE_KILLER:
        case SK_RULE_SANDWICH:
        case SK_RULE_XV:
            r->value += delta;
            break;
        case SK_RULE_WHITE_DOT:
            r->value = (r->value ? r->value : 1) + 1;
            break;
        case SK_RULE_BLACK_DOT:
            r->value = (r->value ? r->value : 2) + 1;
            break;
        }
        ro_geo rg = ro_of(x->g);
        sk_model *m;
        if (r->value >= 0 && !ro_holds(&rg, x->rs->r, x->rs->nr, before, x->S, RO_FULL) &&
            build(x->g, x->rs, &m, NULL) == SK_OK) {
            sk_model_free(m);
            return 1;
        }
        *x->rs = save; /* out of reach or still true: try another */
        rs_point(x->rs);
        (void)n;
    }
    return 0;
}

/* Whole-grid rules for a new puzzle (0 to 2 of them). */
static void pick_global(const geo *g, uint64_t *seed, rset *s)
{
    static const int kinds[] = {SK_RULE_DIAGONAL_UP, SK_RULE_DIAGONAL_DOWN, SK_RULE_ANTI_KNIGHT,
                                SK_RULE_ANTI_KING, SK_RULE_DISJOINT, SK_RULE_NONCONSECUTIVE,
                                SK_RULE_NEGATIVE_BLACK, SK_RULE_NEGATIVE_XV};
    int count = or_below(seed, 5) < 3 ? 1 + or_below(seed, 2) : 0;
    for (int t = 0; t < count; t++) {
        int kind = kinds[or_below(seed, g->n > 9 ? 3 : 8)], dup = 0; /* large: quick ones */
        if (kind == SK_RULE_DISJOINT && !g->has_region)
            continue;
        for (int k = 0; k < s->nr; k++)
            dup |= s->r[k].kind == kind;
        if (dup)
            continue;
        int v = 0;
        if (kind == SK_RULE_NONCONSECUTIVE && or_below(seed, 3) == 0)
            v = 2;
        if (kind == SK_RULE_NEGATIVE_BLACK && or_below(seed, 3) == 0)
            v = 3;
        rs_add(s, kind, v, NULL, 0);
    }
}

/* ---- one puzzle: engines, oracle, candidates, best ------------------- */

typedef struct answer {
    long long count; /* up to CAP */
    int exhausted;
    uint8_t *sols;   /* sorted when exhausted */
    sk_verdict verdict;
} answer;

static int ask(sk_solver *s, const char *ename, const geo *g, rset *rs, const sk_model *m,
               const uint8_t *givens, const oracle *o, answer *a)
{
    const int nc = g->n * g->n;
    ro_geo rg = ro_of(g);
    sk_search_opts opts = SK_SEARCH_OPTS_INIT;
    sk_result r;
    collect col = {nc, 0, CAP, a->sols};
    opts.max_solutions = CAP;
    opts.on_solution = on_solution;
    opts.user = &col;
    opts.timeout = GUARD_SECONDS;
    int rc = sk_solver_run(s, m, givens, &opts, NULL, &r);
    CHECK_EQ_INT(rc, SK_OK);
    if (rc != SK_OK)
        return 0;
    if (r.end != SK_END_EXHAUSTED && r.end != SK_END_SOLUTIONS) {
        fprintf(stderr, "%s: search stopped (end %d) after %llu solutions\n", ename, (int)r.end,
                (unsigned long long)r.solutions);
        dump("slow search", g, rs, givens);
        n_slow++;
        return 0;
    }
    CHECK_EQ_INT(r.solutions, col.count);
    a->count = col.count;
    a->exhausted = r.end == SK_END_EXHAUSTED;
    CHECK(a->exhausted || a->count == CAP);
    int bad = 0;
    for (long long k = 0; k < a->count && k < CAP; k++) {
        const uint8_t *sol = a->sols + k * nc;
        if (!or_valid(o, givens, sol) || !ro_all_hold(&rg, rs->r, rs->nr, sol, RO_FULL) ||
            !sk_verify(m, givens, sol))
            bad++;
        if (!ro_all_hold(&rg, rs->r, rs->nr, sol, RO_FULL))
            for (int j = 0; j < rs->nr; j++)
                if (!ro_holds(&rg, rs->r, rs->nr, j, sol, RO_FULL) && dumps < 8)
                    fprintf(stderr, "%s: a solution breaks rule %d (%s)\n", ename, j, kind_name(rs->r[j].kind));
    }
    CHECK_EQ_INT(bad, 0);
    if (bad)
        dump("engine gave a grid that is not a solution", g, rs, givens);
    if (a->exhausted)
        or_sort_grids(a->sols, a->count, (size_t)nc);
    /* the uniqueness question */
    sk_search_opts o2 = SK_SEARCH_OPTS_INIT;
    sk_result r2;
    o2.timeout = GUARD_SECONDS;
    uint8_t first[MAXC];
    CHECK_EQ_INT(sk_solver_run(s, m, givens, &o2, first, &r2), SK_OK);
    a->verdict = sk_result_verdict(&r2);
    sk_verdict expect = a->count == 0 ? SK_VERDICT_NONE : a->count == 1 ? SK_VERDICT_UNIQUE : SK_VERDICT_MULTIPLE;
    if (a->verdict != expect) {
        fprintf(stderr, "%s: verdict %s, but the count says %s\n", ename, sk_verdict_name(a->verdict),
                sk_verdict_name(expect));
        dump("verdict and count disagree", g, rs, givens);
    }
    CHECK_EQ_INT(a->verdict, expect);
    if (r2.solutions)
        CHECK(sk_verify(m, givens, first) && ro_all_hold(&rg, rs->r, rs->nr, first, RO_FULL));
    return 1;
}

static int contains(const uint8_t *sols, long long count, const uint8_t *grid, int nc)
{
    for (long long k = 0; k < count; k++)
        if (memcmp(sols + k * nc, grid, (size_t)nc) == 0)
            return 1;
    return 0;
}

static int64_t score(const int32_t *w, const uint8_t *grid, int nc)
{
    int64_t v = 0;
    for (int i = 0; i < nc; i++)
        v += (int64_t)w[i] * grid[i];
    return v;
}

/* sk_candidates against the enumerated solutions. */
static void check_candidates(sk_solver *s, const char *ename, const geo *g, rset *rs,
                             const sk_model *m, const uint8_t *givens, const answer *a,
                             const uint8_t *planted)
{
    const int n = g->n, nc = n * n;
    uint64_t out[MAXC], uni[MAXC] = {0};
    static uint64_t counts[MAXC * 16];
    static uint64_t exact[MAXC * 16];
    sk_candidates_opts co = SK_CANDIDATES_OPTS_INIT;
    sk_candidates_result cr;
    co.timeout = GUARD_SECONDS;
    memset(exact, 0, sizeof exact);
    for (long long k = 0; k < a->count && k < CAP; k++)
        for (int i = 0; i < nc; i++) {
            uni[i] |= 1ull << (a->sols[k * nc + i] - 1);
            exact[i * n + a->sols[k * nc + i] - 1]++;
        }
    int with_counts = a->exhausted && n <= 9;
    if (with_counts)
        co.cap = 3;
    int rc = sk_candidates(s, m, givens, &co, out, with_counts ? counts : NULL, &cr);
    CHECK_EQ_INT(rc, SK_OK);
    if (rc != SK_OK || cr.end != SK_END_EXHAUSTED)
        return;
    n_candidates++;
    int bad = 0;
    for (int i = 0; i < nc; i++) {
        if (a->exhausted ? out[i] != uni[i] : (out[i] & uni[i]) != uni[i])
            bad++;
        if (planted && !(out[i] >> (planted[i] - 1) & 1))
            bad++;
        if (with_counts)
            for (int d = 1; d <= n; d++) {
                uint64_t want = exact[i * n + d - 1] < 3 ? exact[i * n + d - 1] : 3;
                if (counts[i * n + d - 1] != want)
                    bad++;
            }
    }
    if (with_counts)
        CHECK(cr.solutions <= (uint64_t)a->count);
    if (bad) {
        fprintf(stderr, "%s: sk_candidates disagrees with the %lld solutions in %d places\n", ename,
                a->count, bad);
        dump("true candidates wrong", g, rs, givens);
    }
    CHECK_EQ_INT(bad, 0);
}

static void check_best(const geo *g, rset *rs, const sk_model *m, const uint8_t *givens,
                       const answer *a, uint64_t *seed)
{
    const int nc = g->n * g->n;
    int32_t w[MAXC];
    for (int i = 0; i < nc; i++)
        w[i] = or_below(seed, 15) - 5;
    for (int minimize = 0; minimize < 2; minimize++) {
        int64_t want = 0;
        for (long long k = 0; k < a->count; k++) {
            int64_t v = score(w, a->sols + k * nc, nc);
            if (k == 0 || (minimize ? v < want : v > want))
                want = v;
        }
        sk_best_opts bo = SK_BEST_OPTS_INIT;
        sk_best_result br;
        uint8_t best[MAXC];
        bo.minimize = minimize;
        bo.timeout = GUARD_SECONDS;
        CHECK_EQ_INT(sk_best(m, givens, w, &bo, best, &br), SK_OK);
        if (br.end != SK_END_EXHAUSTED) {
            fprintf(stderr, "sk_best (%s) stopped (end %d, %llu nodes) on a puzzle with %lld solutions\n",
                    minimize ? "min" : "max", (int)br.end, (unsigned long long)br.nodes, a->count);
            dump("sk_best too slow", g, rs, givens);
            n_slow++; /* slow is not wrong: noted, not failed */
            continue;
        }
        n_best++;
        CHECK_EQ_INT(br.found, a->count > 0);
        if (br.found && a->count > 0) {
            if (br.value != want) {
                fprintf(stderr, "sk_best (%s) says %lld, the best of the %lld solutions is %lld\n",
                        minimize ? "min" : "max", (long long)br.value, a->count, (long long)want);
                dump("best score wrong", g, rs, givens);
            }
            CHECK_EQ_INT(br.value, want);
            CHECK_EQ_INT(score(w, best, nc), br.value);
            CHECK(contains(a->sols, a->count, best, nc));
        }
    }
}

/* Every completion of the givens by plain backtracking over the houses,
 * filtered by the judge: the exact solution set, or -1 when too many. */
static long long brute(const geo *g, rset *rs, const oracle *o, const uint8_t *givens, uint8_t *out)
{
    const int nc = g->n * g->n;
    static uint8_t store[(size_t)BRUTE_CAP * MAXC];
    ro_geo rg = ro_of(g);
    long long total = or_count(o, givens, BRUTE_CAP, store, BRUTE_CAP);
    if (total < 0 || total >= BRUTE_CAP)
        return -1;
    long long k = 0;
    for (long long t = 0; t < total; t++)
        if (ro_all_hold(&rg, rs->r, rs->nr, store + t * nc, RO_FULL)) {
            if (k < CAP)
                memcpy(out + k * nc, store + t * nc, (size_t)nc);
            k++;
        }
    if (k < CAP)
        or_sort_grids(out, k, (size_t)nc);
    return k;
}

static void compare(const geo *g, rset *rs, const uint8_t *givens, const uint8_t *planted,
                    int consistent, const oracle *o, uint64_t *seed)
{
    const int n = g->n, nc = n * n;
    sk_model *m;
    sk_diag d;
    int rc = build(g, rs, &m, &d);
    CHECK_EQ_INT(rc, SK_OK);
    if (rc != SK_OK) {
        fprintf(stderr, "model refused: %s\n", d.message);
        dump("model refused", g, rs, givens);
        return;
    }
    n_puzzles++;
    /* registry */
    CHECK_EQ_INT(sk_engine_accepts(E_GENERAL, m), 1);
    CHECK_EQ_INT(sk_engine_accepts(E_CDCL, m), 1);
    CHECK_EQ_INT(sk_engine_accepts(E_9X9, m), 0);
    int e = sk_engine_auto(m);
    CHECK(e >= 0 && sk_engine_accepts(e, m));

    static uint8_t bufs[3][CAP * MAXC];
    answer ag = {0, 0, bufs[0], SK_VERDICT_UNKNOWN}, ac = {0, 0, bufs[1], SK_VERDICT_UNKNOWN};
    double t = now();
    int okg = ask(solver_general, "general", g, rs, m, givens, o, &ag);
    int okc = ask(solver_cdcl, "cdcl", g, rs, m, givens, o, &ac);
    t_engines += now() - t;
    if (!okg || !okc) {
        sk_model_free(m);
        return;
    }
    int agree = ag.count == ac.count && ag.exhausted == ac.exhausted && ag.verdict == ac.verdict &&
                (!ag.exhausted || memcmp(ag.sols, ac.sols, (size_t)(ag.count * nc)) == 0);
    if (!agree) {
        fprintf(stderr, "engines disagree: general %lld%s (%s), cdcl %lld%s (%s)\n", ag.count,
                ag.exhausted ? "" : "+", sk_verdict_name(ag.verdict), ac.count, ac.exhausted ? "" : "+",
                sk_verdict_name(ac.verdict));
        dump("engines disagree", g, rs, givens);
    }
    CHECK(agree);
    n_verdict[ag.count == 0 ? 0 : ag.count == 1 ? 1 : 2]++;

    /* the planted grid is a solution exactly when it obeys every rule */
    uint8_t first[MAXC];
    int pg = solve_first(solver_general, m, planted, first, 0);
    int pc = solve_first(solver_cdcl, m, planted, first, 0);
    CHECK_EQ_INT(pg, consistent);
    CHECK_EQ_INT(pc, consistent);
    if (pg != consistent || pc != consistent)
        dump(consistent ? "planted solution refused" : "a grid that breaks a rule accepted", g, rs, planted);
    CHECK_EQ_INT(sk_verify(m, givens, planted), consistent);
    if (consistent && ag.exhausted)
        CHECK(contains(ag.sols, ag.count, planted, nc));

    /* pencil marks (search with candidate masks): the solutions that
     * fit them, no more, no fewer */
    if (ag.exhausted) {
        uint64_t masks[MAXC];
        const uint64_t all = (n == 64 ? ~0ull : (1ull << n) - 1);
        for (int i = 0; i < nc; i++) {
            masks[i] = all;
            if (!givens[i] && or_below(seed, 3) == 0)
                masks[i] &= ~(1ull << or_below(seed, n));
            if (!masks[i])
                masks[i] = all;
        }
        long long want = 0;
        for (long long k = 0; k < ag.count; k++) {
            int fits = 1;
            for (int i = 0; i < nc && fits; i++)
                fits = (int)(masks[i] >> (ag.sols[k * nc + i] - 1) & 1);
            want += fits;
        }
        /* true candidates from those pencil marks: the union of the
         * solutions that fit them */
        if (n <= 9 && !hard_mode) {
            uint64_t uni[MAXC] = {0}, out[MAXC];
            for (long long k = 0; k < ag.count; k++) {
                int fits = 1;
                for (int i = 0; i < nc && fits; i++)
                    fits = (int)(masks[i] >> (ag.sols[k * nc + i] - 1) & 1);
                for (int i = 0; i < nc && fits; i++)
                    uni[i] |= 1ull << (ag.sols[k * nc + i] - 1);
            }
            sk_candidates_opts co = SK_CANDIDATES_OPTS_INIT;
            sk_candidates_result cr;
            co.candidates = masks;
            co.timeout = GUARD_SECONDS;
            CHECK_EQ_INT(sk_candidates(solver_cdcl, m, givens, &co, out, NULL, &cr), SK_OK);
            if (cr.end == SK_END_EXHAUSTED) {
                int bad = 0;
                for (int i = 0; i < nc; i++)
                    bad += out[i] != uni[i];
                if (bad) {
                    fprintf(stderr, "sk_candidates with pencil marks differs in %d cells\n", bad);
                    dump("true candidates from pencil marks wrong", g, rs, givens);
                }
                CHECK_EQ_INT(bad, 0);
            }
        }
        sk_solver *both[2] = {solver_general, solver_cdcl};
        for (int w = 0; w < 2; w++) {
            sk_search_opts mo = SK_SEARCH_OPTS_INIT;
            sk_result mr;
            collect col = {nc, 0, CAP, bufs[2]};
            mo.max_solutions = 0;
            mo.candidates = masks;
            mo.on_solution = on_solution;
            mo.user = &col;
            mo.timeout = GUARD_SECONDS;
            CHECK_EQ_INT(sk_solver_run(both[w], m, givens, &mo, NULL, &mr), SK_OK);
            if (mr.end != SK_END_EXHAUSTED)
                continue;
            if ((long long)mr.solutions != want)
                fprintf(stderr, "%s with pencil marks: %llu solutions, %lld of the %lld fit the marks\n",
                        w ? "cdcl" : "general", (unsigned long long)mr.solutions, want, ag.count);
            CHECK_EQ_INT(mr.solutions, want);
            for (long long k = 0; k < col.count && k < CAP; k++) {
                int fits = contains(ag.sols, ag.count, bufs[2] + k * nc, nc);
                for (int i = 0; i < nc && fits; i++)
                    fits = (int)(masks[i] >> (bufs[2][k * nc + i] - 1) & 1);
                CHECK(fits);
            }
        }
    }

    /* the judge over every completion, where they can be listed */
    int filled = 0;
    for (int i = 0; i < nc; i++)
        filled += givens[i] != 0;
    if (n <= 4 || (n <= 6 && filled * 100 >= 35 * nc) || (n <= 9 && filled * 100 >= 50 * nc)) {
        t = now();
        long long k = brute(g, rs, o, givens, bufs[2]);
        t_brute += now() - t;
        if (k >= 0) {
            n_brute++;
            int same = k < CAP ? ag.exhausted && ag.count == k && memcmp(bufs[2], ag.sols, (size_t)(k * nc)) == 0
                               : !ag.exhausted;
            if (!same) {
                fprintf(stderr, "backtracking and the judge find %lld solutions, general %lld%s\n", k,
                        ag.count, ag.exhausted ? "" : "+");
                dump("solution set wrong", g, rs, givens);
            }
            CHECK(same);
        }
    }

    /* true candidates and best score */
    t = now();
    if (!hard_mode && (n <= 9 || ag.exhausted)) {
        check_candidates(solver_general, "general", g, rs, m, givens, &ag, consistent ? planted : NULL);
        if (n <= 6)
            check_candidates(solver_cdcl, "cdcl", g, rs, m, givens, &ag, consistent ? planted : NULL);
        if (n <= 4)
            check_candidates(solver_auto, "auto", g, rs, m, givens, &ag, consistent ? planted : NULL);
    }
    t_candidates += now() - t;
    t = now();
    if (ag.exhausted && n <= 9 && !hard_mode) /* best: small searches only */
        check_best(g, rs, m, givens, &ag, seed);
    t_best += now() - t;
    sk_model_free(m);
}

/* ---- propagators and checkers on one model --------------------------- */

static void print_con(const sk_model *m, const skx_con *c, const uint64_t *before, const uint64_t *after)
{
    char what[96], cn[12];
    if (c->rule >= 0)
        sk_model_rule_describe(m, c->rule, what, sizeof what);
    else
        snprintf(what, sizeof what, "a sum the cages imply");
    fprintf(stderr, "propagator type %d of %s:", c->type, what);
    for (uint32_t j = 0; j < c->ncells; j++)
        fprintf(stderr, " %s %#llx->%#llx", skx_cell_name(m->n, m->con_cells[c->cell_off + j], cn),
                (unsigned long long)before[j], (unsigned long long)(after ? after[j] : 0));
    fprintf(stderr, "\n");
}

/* Every propagator keeps the digits of S (a grid that obeys every rule)
 * whatever else the masks hold. */
static void check_filters_keep(const geo *g, rset *rs, const sk_model *m, const uint8_t *S, uint64_t *seed)
{
    uint64_t *scratch = malloc((m->con_scratch + 1) * sizeof *scratch);
    uint64_t dom[MAXC], before[MAXC];
    int bad = 0;
    for (int x = 0; x < m->ncons; x++) {
        const skx_con *c = &m->cons[x];
        const uint16_t *cc = m->con_cells + c->cell_off;
        for (int trial = 0; trial < 4; trial++) {
            int extra = trial == 0 ? 0 : trial == 3 ? 100 : 15 + 25 * trial; /* percent */
            for (uint32_t j = 0; j < c->ncells; j++) {
                dom[j] = 1ull << (S[cc[j]] - 1);
                for (int d = 1; d <= g->n; d++)
                    if (or_below(seed, 100) < extra)
                        dom[j] |= 1ull << (d - 1);
                before[j] = dom[j];
            }
            for (int pass = 0; pass < 2; pass++) {
                int ok = skx_con_filter(m, c, dom, scratch);
                n_filter_calls++;
                int kept = ok;
                for (uint32_t j = 0; j < c->ncells; j++)
                    kept &= (dom[j] >> (S[cc[j]] - 1) & 1) && !(dom[j] & ~before[j]);
                if (trial == 0)
                    for (uint32_t j = 0; j < c->ncells; j++)
                        kept &= dom[j] == before[j];
                if (!kept) {
                    if (bad++ < 3) {
                        fprintf(stderr, "filter returned %d and lost a digit of the planted solution\n", ok);
                        print_con(m, c, before, dom);
                        dump("filter unsound", g, rs, S);
                    }
                    break;
                }
            }
        }
    }
    CHECK_EQ_INT(bad, 0);
    free(scratch);
}

/* On a complete grid whose houses hold: every propagator (and cell mask)
 * on single digits together accept the grid exactly when every rule
 * holds. */
static int filters_accept(const sk_model *m, const uint8_t *G)
{
    uint64_t *scratch = malloc((m->con_scratch + 1) * sizeof *scratch);
    uint64_t dom[MAXC];
    int all = 1;
    if (m->cell_mask)
        for (int i = 0; i < m->ncells; i++)
            all &= (int)(m->cell_mask[i] >> (G[i] - 1) & 1);
    for (int x = 0; x < m->ncons; x++) {
        const skx_con *c = &m->cons[x];
        const uint16_t *cc = m->con_cells + c->cell_off;
        for (uint32_t j = 0; j < c->ncells; j++)
            dom[j] = 1ull << (G[cc[j]] - 1);
        int ok = skx_con_filter(m, c, dom, scratch);
        n_filter_calls++;
        for (uint32_t j = 0; j < c->ncells && ok; j++)
            if (dom[j] != 1ull << (G[cc[j]] - 1))
                ok = 0, all = -1; /* a single digit changed: never allowed */
        if (!ok && all == 1)
            all = 0;
    }
    free(scratch);
    return all;
}

/* Rules of s that sk_check_rules reports on grid (bit k of out[k/64]). */
static long reported(const sk_model *m, const uint8_t *grid, int nr, uint64_t *out)
{
    static sk_violation v[4096];
    long total = sk_check_rules(m, grid, v, 4096);
    memset(out, 0, (size_t)((nr + 63) / 64) * sizeof *out);
    for (long k = 0; k < total && k < 4096; k++) {
        CHECK(v[k].rule >= 0 && v[k].rule < nr);
        CHECK(v[k].message[0] != 0);
        if (v[k].rule >= 0 && v[k].rule < nr)
            out[v[k].rule / 64] |= 1ull << (v[k].rule % 64);
    }
    return total;
}

/* The houses the rules make, as extra groups for the oracle: cages,
 * renban lines and extra regions (2 cells or more), the diagonals, the
 * disjoint groups, and the chess pairs that share no row, column or
 * region (the others are in a house already). */
static int rule_groups(const geo *g, const rset *rs, int *sizes, int *cells, int max_groups)
{
    const int n = g->n;
    int ng = 0, used = 0;
#define ADD_GROUP(list, k)                                            \
    do {                                                              \
        if (ng < max_groups) {                                        \
            memcpy(cells + used, (list), (size_t)(k) * sizeof *cells); \
            sizes[ng++] = (k);                                        \
            used += (k);                                              \
        }                                                             \
    } while (0)
    for (int k = 0; k < rs->nr; k++) {
        const sk_rule *r = &rs->r[k];
        int list[SK_MAX_N];
        switch (r->kind) {
        case SK_RULE_CAGE:
        case SK_RULE_RENBAN:
        case SK_RULE_REGION:
            if (r->ncells >= 2)
                ADD_GROUP(r->cells, r->ncells);
            break;
        case SK_RULE_DIAGONAL_UP:
        case SK_RULE_DIAGONAL_DOWN:
            for (int i = 0; i < n; i++)
                list[i] = r->kind == SK_RULE_DIAGONAL_DOWN ? i * n + i : (n - 1 - i) * n + i;
            ADD_GROUP(list, n);
            break;
        case SK_RULE_DISJOINT:
            for (int j = 0; j < n; j++) {
                int seen[SK_MAX_N] = {0}, s = 0;
                for (int i = 0; i < n * n; i++)
                    if (seen[g->region[i]]++ == j)
                        list[s++] = i;
                ADD_GROUP(list, s);
            }
            break;
        case SK_RULE_ANTI_KNIGHT:
        case SK_RULE_ANTI_KING:
            for (int a = 0; a < n * n; a++)
                for (int b = a + 1; b < n * n; b++) {
                    int dr = b / n - a / n, dc = b % n - a % n;
                    dr = dr < 0 ? -dr : dr;
                    dc = dc < 0 ? -dc : dc;
                    int move = r->kind == SK_RULE_ANTI_KNIGHT ? (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
                                                              : dr <= 1 && dc <= 1;
                    if (!move || dr == 0 || dc == 0 || (g->has_region && g->region[a] == g->region[b]))
                        continue;
                    list[0] = a, list[1] = b;
                    ADD_GROUP(list, 2);
                }
            break;
        }
    }
#undef ADD_GROUP
    return ng;
}

/* sk_check on a complete grid: every repeat in every house, those the
 * rules make included, each named after its rule. */
static void check_houses(const geo *g, const rset *rs, const sk_model *m, const uint8_t *G)
{
    static int sizes[4096], cells[4096 * 4];
    int ng = rule_groups(g, rs, sizes, cells, 4096);
    sk_geometry sg = geo_sk(g, NULL);
    or_geom og = or_from_sk(&sg), base = og;
    og.ngroups = ng;
    og.group_sizes = sizes;
    og.group_cells = cells;
    oracle o, ob;
    if (or_init(&o, &og) != 0 || or_init(&ob, &base) != 0) {
        CHECK(!"oracle with rule houses");
        return;
    }
    static sk_conflict conf[8192];
    long want = or_repeats(&o, G), got = sk_check(m, G, conf, 8192);
    if (got != want) {
        fprintf(stderr, "sk_check finds %ld repeats, the houses with the rules' groups %ld\n", got, want);
        dump("sk_check disagrees on the houses rules make", g, (rset *)rs, G);
    }
    CHECK_EQ_INT(got, want);
    int unnamed = 0;
    for (long k = 0; k < got && k < 8192; k++) {
        if (conf[k].house < 0 || or_peers(&ob, conf[k].cell1, conf[k].cell2))
            continue; /* a house of the geometry */
        char name[96];
        sk_model_house_name(m, conf[k].house, name, sizeof name);
        int named = 0;
        for (int j = 0; j < rs->nr && !named; j++) {
            /* the first word of the rule's name: "killer", "disjoint", ... */
            char word[32];
            snprintf(word, sizeof word, "%s", sk_rule_name(rs->r[j].kind));
            word[strcspn(word, " ")] = 0;
            named = strstr(name, word) != NULL;
        }
        if (!named && unnamed++ < 2)
            fprintf(stderr, "a repeat in house \"%s\" does not name its rule\n", name);
    }
    CHECK_EQ_INT(unnamed, 0);
    or_free(&o);
    or_free(&ob);
}

/* sk_check_rules on partial grids never reports a rule whose own empty
 * cells can still be filled so that it holds (searched exhaustively when
 * it has at most 4 empty cells). */
static void check_partial_sound(const geo *g, rset *rs, const sk_model *m, const uint8_t *G, uint64_t *seed)
{
    const int n = g->n, nc = n * n;
    ro_geo rg = ro_of(g);
    uint8_t P[MAXC];
    uint64_t rep[(MAXR + 63) / 64];
    memcpy(P, G, (size_t)nc);
    for (int i = 0; i < nc; i++)
        if (or_below(seed, 100) < 40)
            P[i] = 0;
    reported(m, P, rs->nr, rep);
    oracle ob; /* the houses of the geometry: a filling repeats no digit in them */
    if (oracle_of(g, &ob) != 0) {
        CHECK(!"oracle");
        return;
    }
    for (int k = 0; k < rs->nr; k++) {
        const sk_rule *r = &rs->r[k];
        if (!(rep[k / 64] >> (k % 64) & 1) || r->ncells == 0 || r->kind == SK_RULE_MINIMUM ||
            r->kind == SK_RULE_MAXIMUM)
            continue;
        int empty[4], ne = 0, many = 0;
        for (int j = 0; j < r->ncells; j++)
            if (!P[r->cells[j]]) {
                int dup = 0;
                for (int t = 0; t < ne; t++)
                    dup |= empty[t] == r->cells[j];
                if (!dup && ne < 4)
                    empty[ne++] = r->cells[j];
                else if (!dup)
                    many = 1;
            }
        if (many || n > 9)
            continue;
        /* every filling of the empty cells */
        uint8_t F[MAXC];
        memcpy(F, P, (size_t)nc);
        long total = 1, fits = 0;
        for (int t = 0; t < ne; t++)
            total *= n;
        for (long code = 0; code < total && !fits; code++) {
            long c = code;
            for (int t = 0; t < ne; t++, c /= n)
                F[empty[t]] = (uint8_t)(1 + c % n);
            /* the rest of the grid does not matter to the rule: fill it
             * from G so that the judge sees a complete grid */
            for (int i = 0; i < nc; i++)
                if (!F[i])
                    F[i] = G[i];
            fits = ro_holds(&rg, rs->r, rs->nr, k, F, RO_FULL);
            for (int a = 0; a < r->ncells && fits; a++)
                for (int b = a + 1; b < r->ncells && fits; b++)
                    if (F[r->cells[a]] == F[r->cells[b]] && or_peers(&ob, r->cells[a], r->cells[b]))
                        fits = 0;
            for (int i = 0; i < nc; i++)
                if (!P[i])
                    F[i] = 0;
        }
        if (fits) {
            fprintf(stderr, "rule %d (%s) reported on a partial grid where its cells can still be filled\n",
                    k, kind_name(r->kind));
            dump("violation reported too early", g, rs, P);
        }
        CHECK(!fits);
        n_partial_reports++;
    }
    or_free(&ob);
}

/* sk_check_rules, sk_verify and the propagators against the judge on a
 * complete grid G of model m (rules rs).  houses_hold: G keeps every
 * house of m. */
static void judge_grid(const geo *g, rset *rs, const sk_model *m, const uint8_t *G, int houses_hold,
                       const char *what)
{
    ro_geo rg = ro_of(g);
    oracle o;
    uint64_t rep[(MAXR + 63) / 64];
    n_check_grids++;
    reported(m, G, rs->nr, rep);
    int mism = 0;
    int rows_ok = 1; /* every row and column holds each digit once */
    for (int line = 0; line < g->n; line++) {
        uint64_t rmask = 0, cmask = 0;
        for (int j = 0; j < g->n; j++) {
            rmask |= 1ull << (G[line * g->n + j] - 1);
            cmask |= 1ull << (G[j * g->n + line] - 1);
        }
        rows_ok &= __builtin_popcountll(rmask) == g->n && __builtin_popcountll(cmask) == g->n;
    }
    for (int k = 0; k < rs->nr; k++) {
        if (!rows_ok && rs->r[k].kind == SK_RULE_SANDWICH)
            continue;
        int broken = !ro_holds(&rg, rs->r, rs->nr, k, G, RO_NO_HOUSES);
        int said = (int)(rep[k / 64] >> (k % 64) & 1);
        if (broken != said) {
            if (mism++ < 2 && dumps < 8) {
                char d[96];
                sk_model_rule_describe(m, k, d, sizeof d);
                fprintf(stderr, "%s: rule %d (%s): the judge says %s, sk_check_rules %s\n", what, k, d,
                        broken ? "broken" : "kept", said ? "reports it" : "does not");
            }
        }
        n_single_checks++;
    }
    if (mism)
        dump("sk_check_rules disagrees with the judge", g, rs, G);
    CHECK_EQ_INT(mism, 0);
    if (oracle_of(g, &o) == 0) {
        int want = or_valid(&o, NULL, G) && ro_all_hold(&rg, rs->r, rs->nr, G, RO_FULL);
        if (sk_verify(m, NULL, G) != want)
            dump("sk_verify disagrees with the judge", g, rs, G);
        CHECK_EQ_INT(sk_verify(m, NULL, G), want);
        or_free(&o);
    }
    check_houses(g, rs, m, G);
    if (houses_hold) {
        CHECK_EQ_INT(sk_check(m, G, NULL, 0), 0);
        int want = ro_all_hold(&rg, rs->r, rs->nr, G, RO_FULL);
        int got = filters_accept(m, G);
        if (got != want) {
            fprintf(stderr, "%s: the propagators on single digits say %d, the judge %d\n", what, got, want);
            dump("propagators disagree with the judge on a complete grid", g, rs, G);
        }
        CHECK_EQ_INT(got, want);
    }
}

/* Each rule alone (with the marks a negative rule needs) against the
 * judge on grids whose houses hold; then the partial grids. */
static void check_rules_on_grids(const geo *g, rset *rs, const sk_model *m, const uint8_t *S, uint64_t *seed)
{
    const int n = g->n, nc = n * n;
    uint8_t G[MAXC], P[MAXC];
    int perm[SK_MAX_N];
    /* digit relabellings of S keep every house; a swap of two digits
     * breaks some sums and relations and keeps others */
    for (int t = 0; t < 3; t++) {
        for (int d = 0; d < n; d++)
            perm[d] = d;
        for (int s = 0; s <= t; s++) {
            int a = or_below(seed, n), b = or_below(seed, n), tmp = perm[a];
            perm[a] = perm[b];
            perm[b] = tmp;
        }
        for (int i = 0; i < nc; i++)
            G[i] = (uint8_t)(perm[S[i] - 1] + 1);
        judge_grid(g, rs, m, G, 1, "relabelled grid");
        for (int p = 0; p < 3; p++)
            check_partial_sound(g, rs, m, G, seed);
        /* rule by rule */
        for (int k = 0; k < rs->nr; k++) {
            rset one;
            memset(&one, 0, sizeof one);
            sk_rule *r = rs_add(&one, rs->r[k].kind, rs->r[k].value, rs->r[k].cells, rs->r[k].ncells);
            r->aux = rs->r[k].aux;
            if (rs->r[k].ndigits)
                rs_digits(&one, r, rs->r[k].digits, rs->r[k].ndigits);
            sk_model *m1;
            sk_diag d;
            int rc = build(g, &one, &m1, &d);
            CHECK_EQ_INT(rc, SK_OK);
            if (rc != SK_OK) {
                fprintf(stderr, "rule %s alone refused: %s\n", kind_name(rs->r[k].kind), d.message);
                continue;
            }
            judge_grid(g, &one, m1, G, 1, kind_name(rs->r[k].kind));
            kind_count[rs->r[k].kind]++;
            sk_model_free(m1);
        }
        /* a rule broken by G stays reported when cells outside it are
         * emptied (its own cells are complete, so it is judged exactly) */
        ro_geo rg = ro_of(g);
        for (int k = 0; k < rs->nr; k++) {
            const sk_rule *r = &rs->r[k];
            if (r->ncells == 0 || r->kind == SK_RULE_MINIMUM || r->kind == SK_RULE_MAXIMUM ||
                ro_holds(&rg, rs->r, rs->nr, k, G, RO_NO_HOUSES))
                continue;
            memcpy(P, G, (size_t)nc);
            for (int i = 0; i < nc; i++) {
                int in = 0;
                for (int j = 0; j < r->ncells && !in; j++)
                    in = r->cells[j] == i;
                if (!in && or_below(seed, 2))
                    P[i] = 0;
            }
            uint64_t rep[(MAXR + 63) / 64];
            reported(m, P, rs->nr, rep);
            if (!(rep[k / 64] >> (k % 64) & 1)) {
                fprintf(stderr, "rule %d (%s) broken in its complete cells but not reported\n", k,
                        kind_name(r->kind));
                dump("violation missed on a partial grid", g, rs, P);
            }
            CHECK(rep[k / 64] >> (k % 64) & 1);
        }
    }
    /* partial grids that S completes break nothing */
    for (int t = 0; t < 4; t++) {
        int keep = 10 + 25 * t;
        for (int i = 0; i < nc; i++)
            P[i] = or_below(seed, 100) < keep ? S[i] : 0;
        uint64_t rep[(MAXR + 63) / 64];
        long total = reported(m, P, rs->nr, rep);
        if (total)
            dump("violation reported on a partial grid that a solution completes", g, rs, P);
        CHECK_EQ_INT(total, 0);
        CHECK_EQ_INT(sk_check(m, P, NULL, 0), 0);
    }
}

/* The model keeps its own copy of the rules: the caller's arrays may
 * change afterwards.  And the text form (sk_write + sk_write_rules, the
 * reproducers this test prints) reads back as the same rules. */
static void check_copy_and_text(const geo *g, rset *rs, const uint8_t *S, const uint8_t *G)
{
    const int nc = g->n * g->n;
    sk_model *m;
    if (build(g, rs, &m, NULL) != SK_OK)
        return;
    rset saved = *rs;
    rs_point(&saved);
    for (int k = 0; k < rs->nr; k++) { /* scribble over the caller's copy */
        for (int j = 0; j < rs->r[k].ncells; j++)
            rs->cells[k][j] = 0;
        rs->r[k].value = 0;
    }
    CHECK_EQ_INT(sk_model_rule_count(m), saved.nr);
    int same = 1;
    for (int k = 0; k < saved.nr; k++) {
        const sk_rule *r = sk_model_rule(m, k), *w = &saved.r[k];
        same &= r && r->kind == w->kind && r->value == w->value && r->ncells == w->ncells &&
                r->aux == w->aux && r->ndigits == w->ndigits;
        for (int j = 0; same && j < w->ncells; j++)
            same &= r->cells[j] == w->cells[j];
        for (int j = 0; same && j < w->ndigits; j++)
            same &= r->digits[j] == w->digits[j];
    }
    CHECK(same);
    CHECK_EQ_INT(sk_model_rule(m, saved.nr) == NULL, 1);
    CHECK_EQ_INT(sk_verify(m, NULL, S), 1);
    *rs = saved;
    rs_point(rs);

    /* text and back */
    static char text[1 << 16];
    sk_geometry sg = geo_sk(g, rs);
    long len = sk_write(text, sizeof text, &sg, S, SK_FORMAT_GRID, SK_ALPHABET_AUTO);
    long len2 = len > 0 ? sk_write_rules(text + len, sizeof text - (size_t)len, &sg) : -1;
    CHECK(len > 0 && len2 >= 0 && len + len2 < (long)sizeof text);
    if (len <= 0 || len2 < 0) {
        sk_model_free(m);
        return;
    }
    sk_reader *rd;
    sk_puzzle pz;
    sk_diag d;
    CHECK_EQ_INT(sk_reader_open_mem(text, (size_t)(len + len2), NULL, &rd), SK_OK);
    int rc = sk_reader_next(rd, &pz, &d);
    CHECK_EQ_INT(rc, SK_OK);
    if (rc == SK_OK) {
        sk_model *m2;
        CHECK_EQ_INT(pz.geom.nrules, rs->nr);
        CHECK(memcmp(pz.cells, S, (size_t)nc) == 0);
        rc = sk_model_new(&pz.geom, &m2, &d);
        CHECK_EQ_INT(rc, SK_OK);
        if (rc == SK_OK) {
            ro_geo rg = ro_of(g);
            /* the rules read back judge like the rules written */
            CHECK_EQ_INT(sk_verify(m2, NULL, G), sk_verify(m, NULL, G));
            CHECK_EQ_INT(ro_all_hold(&rg, pz.geom.rules, pz.geom.nrules, G, RO_FULL),
                         ro_all_hold(&rg, rs->r, rs->nr, G, RO_FULL));
            int kinds_same = 1;
            for (int k = 0; k < rs->nr && k < pz.geom.nrules; k++)
                kinds_same &= pz.geom.rules[k].kind == rs->r[k].kind;
            CHECK(kinds_same);
            sk_model_free(m2);
        } else {
            fprintf(stderr, "rules written as text and read back refused: %s\n", d.message);
            dump("text form", g, rs, S);
        }
    } else {
        fprintf(stderr, "text written by sk_write_rules does not read back: line %ld: %s\n", d.line, d.message);
        dump("text form", g, rs, S);
    }
    sk_reader_free(rd);
    sk_model_free(m);
}

/* Where a propagator the rules imply together (rule -1) says it comes
 * from must be so (the explanations name it): innies all inside the
 * region of houses it names, outies all outside, both: the cells added
 * on one side and the subtracted ones on the other; a union of sums
 * exactly the cells of cages and little killers whose values make its
 * total.  Every such propagator names its source. */
static long n_sources[5];

/* 1 when some of the rules inside[i..ni) cover each cell once (count:
 * how often each is covered so far) with cells left cells and total
 * left to make: each rule taken or not, in turn. */
static int partition_of(const rset *rs, const int *inside, int ni, int i, int *count, int cells,
                        int total)
{
    if (cells == 0 || i == ni)
        return cells == 0 && total == 0;
    const sk_rule *r = &rs->r[inside[i]];
    int clash = r->ncells > cells;
    for (int j = 0; j < r->ncells && !clash; j++)
        clash = count[r->cells[j]] > 0;
    if (!clash) {
        for (int j = 0; j < r->ncells; j++)
            count[r->cells[j]]++;
        int ok = partition_of(rs, inside, ni, i + 1, count, cells - r->ncells, total - r->value);
        for (int j = 0; j < r->ncells; j++)
            count[r->cells[j]]--;
        if (ok)
            return 1;
    }
    return partition_of(rs, inside, ni, i + 1, count, cells, total);
}

static void check_source(const sk_model *m, const skx_con *c, const rset *rs)
{
    int what = SKX_SRC_WHAT(c->src), kind = SKX_SRC_KIND(c->src);
    int a = SKX_SRC_FIRST(c->src), b = SKX_SRC_LAST(c->src);
    int lo = a < b ? a : b, hi = a < b ? b : a;
    const uint16_t *cells = m->con_cells + c->cell_off;
    int minus = c->type == SKX_SUM ? (int)c->aux : 0, plus = (int)c->ncells - minus;
    CHECK(what >= SKX_SRC_INNIES && what <= SKX_SRC_UNION);
    if (what < SKX_SRC_INNIES || what > SKX_SRC_UNION)
        return;
    n_sources[what]++;
    if (what == SKX_SRC_UNION) {
        /* some of the set's cages and little killers partition its cells
           and make its total */
        uint8_t in[MAXC] = {0};
        int inside[MAXR], ni = 0;
        CHECK(c->type == SKX_SUM && minus == 0);
        for (uint32_t j = 0; j < c->ncells; j++)
            in[cells[j]] = 1;
        for (int k = 0; k < rs->nr; k++) {
            const sk_rule *r = &rs->r[k];
            int ok = r->ncells > 0 && r->value > 0 &&
                     (r->kind == SK_RULE_CAGE || r->kind == SK_RULE_LITTLE_KILLER);
            for (int j = 0; j < r->ncells && ok; j++)
                ok = in[r->cells[j]];
            if (ok)
                inside[ni++] = k;
        }
        int count[MAXC] = {0};
        CHECK(partition_of(rs, inside, ni, 0, count, (int)c->ncells, c->lo));
        return;
    }
    /* the region: the house of index lo, or every house of the kind
       numbered lo..hi */
    uint8_t in[MAXC] = {0};
    int houses = 0;
    for (int h = 0; h < m->nhouses; h++)
        if (kind == SKX_SRC_HOUSE ? h == lo && lo == hi
                                  : m->house_kind[h] == kind && m->house_num[h] >= lo &&
                                        m->house_num[h] <= hi) {
            houses++;
            for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++)
                in[m->house_cells[j]] = 1;
        }
    CHECK_EQ_INT(houses, kind == SKX_SRC_HOUSE ? 1 : hi - lo + 1);
    CHECK(kind == SKX_SRC_HOUSE || kind <= SK_HOUSE_REGION);
    int pin = 0, pout = 0, nin = 0, nout = 0;
    for (int j = 0; j < (int)c->ncells; j++) {
        int inside = in[cells[j]];
        if (j < plus)
            inside ? pin++ : pout++;
        else
            inside ? nin++ : nout++;
    }
    if (what == SKX_SRC_INNIES)
        CHECK(pout == 0 && nout == 0 && nin == 0);
    else if (what == SKX_SRC_OUTIES)
        CHECK(pin == 0 && nin == 0 && nout == 0);
    else
        CHECK((pout == 0 && nin == 0 && pin > 0 && nout > 0) ||
              (pin == 0 && nout == 0 && pout > 0 && nin > 0));
}

/* ---- rounds ------------------------------------------------------------ */

static void one_round(const geo *g, uint64_t *seed, int max_rules, int force_kind)
{
    const int n = g->n, nc = n * n;
    rset rs;
    uint8_t S[MAXC], givens[MAXC];
    memset(&rs, 0, sizeof rs);
    if (force_kind)
        rs_add(&rs, force_kind, 0, NULL, 0);
    pick_global(g, seed, &rs);
    /* no quick solution with those whole-grid rules: fewer of them */
    while (!random_solution(g, &rs, seed, S)) {
        if (rs.nr == 0 || (force_kind && rs.nr == 1)) {
            CHECK(!"no random solution");
            if (force_kind)
                fprintf(stderr, "no solution found with %s on %s\n", kind_name(force_kind), g->name);
            return;
        }
        rs.nr--;
    }
    gen x = {g, S, seed, &rs, 0};
    if (tile_mode)
        tile_cages(&x);
    int want = (tile_mode ? rs.nr : 0) + 1 + or_below(seed, max_rules);
    for (int t = 0; t < 4 * want && rs.nr < want + 2 && rs.nr < MAXR - 1; t++)
        if (pills_only)
            gen_arrow(&x);
        else
            generators[or_below(seed, NGEN)](&x);
    if (n <= 9 && !pills_only && or_below(seed, 4) == 0)
        gen_negative_marked(&x);
    for (int k = 0; k < rs.nr; k++)
        n_rules_total++;

    ro_geo rg = ro_of(g);
    oracle o;
    if (oracle_of(g, &o) != 0) {
        CHECK(!"oracle");
        return;
    }
    /* the generators' own promise */
    CHECK(or_valid(&o, NULL, S));
    for (int k = 0; k < rs.nr; k++)
        if (!ro_holds(&rg, rs.r, rs.nr, k, S, RO_FULL)) {
            fprintf(stderr, "generator: rule %d (%s) does not hold\n", k, kind_name(rs.r[k].kind));
            CHECK(!"planted rule broken");
        }

    sk_model *m;
    sk_diag d;
    int rc = build(g, &rs, &m, &d);
    CHECK_EQ_INT(rc, SK_OK);
    if (rc != SK_OK) {
        fprintf(stderr, "rules that a grid obeys refused: %s\n", d.message);
        dump("model refused", g, &rs, S);
        or_free(&o);
        return;
    }
    for (int k = 0; k < m->ncons; k++)
        if (m->cons[k].rule < 0) {
            n_derived[m->cons[k].type == SKX_SUM && m->cons[k].aux > 0]++;
            check_source(m, &m->cons[k], &rs);
        }
    CHECK_EQ_INT(sk_verify(m, NULL, S), 1);
    CHECK_EQ_INT(sk_check(m, S, NULL, 0), 0);
    CHECK_EQ_INT(sk_check_rules(m, S, NULL, 0), 0);
    double t = now();
    check_filters_keep(g, &rs, m, S, seed);
    t_filters += now() - t;
    t = now();
    check_rules_on_grids(g, &rs, m, S, seed);
    t_judge += now() - t;
    /* random digits: rows and boxes broken, each rule judged on its own
     * (a sandwich needs its row's single 1 and N, so it is left out) */
    {
        uint8_t G[MAXC];
        for (int i = 0; i < nc; i++)
            G[i] = (uint8_t)(1 + or_below(seed, n));
        judge_grid(g, &rs, m, G, 0, "random digits");
    }
    {
        /* a relabelled S: houses kept, some rules broken */
        uint8_t G[MAXC];
        int perm[SK_MAX_N];
        or_shuffle(seed, perm, n);
        for (int i = 0; i < nc; i++)
            G[i] = (uint8_t)(perm[S[i] - 1] + 1);
        check_copy_and_text(g, &rs, S, G);
    }
    /* the same rules on an unrelated grid of the geometry */
    {
        rset none;
        uint8_t S2[MAXC];
        memset(&none, 0, sizeof none);
        if (random_solution(g, &none, seed, S2))
            judge_grid(g, &rs, m, S2, 0, "unrelated grid");
    }
    sk_model_free(m);

    int consistent = 1;
    if (hard_mode && or_below(seed, 2)) {
        /* a minimal puzzle: every given whose removal keeps the solution
         * unique (by cdcl) is removed, so proving uniqueness needs search */
        sk_model *mm;
        if (build(g, &rs, &mm, NULL) == SK_OK) {
            int order[MAXC];
            memcpy(givens, S, (size_t)nc);
            or_shuffle(seed, order, nc);
            for (int u = 0; u < nc; u++) {
                int i = order[u];
                uint8_t keep_digit = givens[i];
                sk_search_opts so = SK_SEARCH_OPTS_INIT;
                sk_result sr;
                so.max_nodes = 20000;
                givens[i] = 0;
                if (sk_solver_run(solver_cdcl, mm, givens, &so, NULL, &sr) != SK_OK ||
                    sk_result_verdict(&sr) != SK_VERDICT_UNIQUE)
                    givens[i] = keep_digit;
            }
            sk_model_free(mm);
            n_minimal++;
            if (or_below(seed, 3) == 0) /* one given less: several solutions */
                for (int u = 0; u < nc; u++)
                    if (givens[order[u]]) {
                        givens[order[u]] = 0;
                        break;
                    }
            compare(g, &rs, givens, S, 1, &o, seed);
            or_free(&o);
            return;
        }
    }
    if ((hard_mode || or_below(seed, 5) == 0) && gen_broken(&x)) {
        consistent = 0;
        n_inconsistent++;
    }
    /* givens: few (several solutions), or more */
    int keep = or_below(seed, 3) == 0 ? or_below(seed, 25) : 30 + or_below(seed, 40);
    if (hard_mode)
        keep = 4 + or_below(seed, 12); /* searches that must branch and learn */
    int globals = 0;
    for (int k = 0; k < rs.nr; k++)
        globals += rs.r[k].ncells == 0;
    if (n >= 8 && globals && keep < 30) /* few givens and whole-grid rules: slow to exhaust */
        keep = 30 + or_below(seed, 30);
    if (n >= 12 && keep < 45)
        keep = 45 + or_below(seed, 20);
    for (int i = 0; i < nc; i++)
        givens[i] = or_below(seed, 100) < keep ? S[i] : 0;
    compare(g, &rs, givens, S, consistent, &o, seed);
    or_free(&o);
}

static double t_start;
static long jigsaw_layouts[2]; /* 6x6, 9x9 jigsaw layouts used */
static long rounds_skipped;

/* 1 when the rounds have used up their time (a slow machine, a
 * sanitizer build): the remaining rounds are skipped, and counted. */
static int out_of_time(void)
{
    if (now() - t_start < BUDGET_SECONDS * rounds_factor)
        return 0;
    rounds_skipped++;
    return 1;
}

static void run(geo *g, int rounds, int max_rules, uint64_t salt)
{
    uint64_t seed = base_seed * 1000003u + salt;
    for (int r = 0; r < rounds * rounds_factor; r++)
        if (!out_of_time())
            one_round(g, &seed, max_rules, 0);
}

/* Every whole-grid rule in force on planted puzzles, where it has solutions. */
static void test_global_rules(void)
{
    static const int kinds[] = {SK_RULE_DIAGONAL_UP, SK_RULE_DIAGONAL_DOWN, SK_RULE_ANTI_KNIGHT,
                                SK_RULE_ANTI_KING, SK_RULE_DISJOINT, SK_RULE_NONCONSECUTIVE,
                                SK_RULE_NEGATIVE_BLACK, SK_RULE_NEGATIVE_XV};
    uint64_t seed = base_seed * 7919u + 11;
    for (int t = 0; t < 8; t++) {
        geo g;
        /* 6x6 where the rule allows solutions, 9x9 for the rest */
        if (kinds[t] == SK_RULE_DIAGONAL_UP || kinds[t] == SK_RULE_DIAGONAL_DOWN ||
            kinds[t] == SK_RULE_NEGATIVE_XV || kinds[t] == SK_RULE_NEGATIVE_BLACK)
            geo_box(&g, 6, 2, 3);
        else
            geo_box(&g, 9, 3, 3);
        for (int r = 0; r < 3 * rounds_factor; r++)
            if (!out_of_time())
                one_round(&g, &seed, 10, kinds[t]);
    }
}

static void test_4x4(void)
{
    geo g;
    geo_box(&g, 4, 2, 2);
    run(&g, 60, 8, 1);
}

static void test_6x6(void)
{
    geo g;
    geo_box(&g, 6, 2, 3);
    run(&g, 30, 10, 2);
}

static void test_jigsaw(void)
{
    uint64_t seed = base_seed + 77;
    for (int k = 0; k < 6; k++) {
        geo g;
        CHECK(geo_jigsaw(&g, k < 4 ? 6 : 9, &seed));
        /* keep only layouts that have a solution */
        rset none;
        uint8_t S[MAXC];
        memset(&none, 0, sizeof none);
        if (!random_solution(&g, &none, &seed, S))
            continue;
        jigsaw_layouts[g.n == 9]++;
        run(&g, k < 4 ? 6 : 3, 10, 30 + (uint64_t)k);
    }
}

static void test_latin5(void)
{
    geo g;
    geo_box(&g, 5, SK_BOX_NONE, SK_BOX_NONE);
    run(&g, 12, 8, 3);
}

static void test_8x8(void)
{
    geo g;
    geo_box(&g, 8, 2, 4);
    run(&g, 10, 12, 4);
}

static void test_9x9(void)
{
    geo g;
    geo_box(&g, 9, 3, 3);
    run(&g, 14, 14, 5);
}

static void test_large(void)
{
    geo g;
    geo_box(&g, 12, 3, 4);
    run(&g, 3, 12, 6);
    geo_box(&g, 16, 4, 4);
    run(&g, 1, 12, 7);
}

/* Few givens and many rules on 8x8 and 9x9: verdicts that need a real
 * search (the cdcl engine learns from the propagators' explanations). */
static void test_hard(void)
{
    geo g;
    hard_mode = 1;
    geo_box(&g, 9, 3, 3);
    run(&g, 6, 10, 10);
    geo_box(&g, 8, 2, 4);
    run(&g, 4, 10, 11);
    hard_mode = 0;
}

/* Killer cages over the whole grid, on boxes and jigsaw regions, with
 * few givens or minimal puzzles: the sums the model derives from them
 * (the law of the leftover over growing regions, cages leaving a house by
 * one cell) are propagators like any other, so everything above judges
 * them too; some must have negated cells, or this test misses its aim. */
static void test_killer_tilings(void)
{
    geo g;
    uint64_t seed = base_seed + 4242;
    long before = n_derived[1];
    tile_mode = 1;
    geo_box(&g, 9, 3, 3);
    for (int r = 0; r < 2; r++) /* whatever time is left: the check below needs them */
        one_round(&g, &seed, 3, 0);
    geo_box(&g, 6, 2, 3);
    run(&g, 6, 3, 12);
    geo_box(&g, 8, 2, 4);
    run(&g, 4, 3, 13);
    geo_box(&g, 9, 3, 3);
    run(&g, 5, 3, 14);
    hard_mode = 1;
    run(&g, 4, 2, 15);
    hard_mode = 0;
    if (geo_jigsaw(&g, 9, &seed)) {
        rset none;
        uint8_t S[MAXC];
        memset(&none, 0, sizeof none);
        if (random_solution(&g, &none, &seed, S))
            run(&g, 3, 3, 16);
    }
    tile_mode = 0;
    printf("#   derived sums: %ld plain, %ld with negated cells; sources: %ld innies, %ld "
           "outies, %ld both, %ld unions\n",
           n_derived[0], n_derived[1], n_sources[1], n_sources[2], n_sources[3], n_sources[4]);
    CHECK(n_derived[1] > before);
    CHECK(n_sources[SKX_SRC_INNIES] > 0 && n_sources[SKX_SRC_OUTIES] > 0 &&
          n_sources[SKX_SRC_BOTH] > 0);
}

/* A cage that leaves row 1 by one cell: 1..7 fill r1c1-r1c7 (28), so
 * r1c8 + r1c9 = 17 and the cage {r1c8, r1c9, r2c9} of 20 puts 3 in r2c9.
 * Some propagator of the model must say so on its own, from every digit
 * everywhere. */
static void test_outie(void)
{
    geo g;
    rset rs;
    geo_box(&g, 9, 3, 3);
    memset(&rs, 0, sizeof rs);
    int row[7] = {0, 1, 2, 3, 4, 5, 6}, out[3] = {7, 8, 17};
    rs_add(&rs, SK_RULE_CAGE, 28, row, 7);
    rs_add(&rs, SK_RULE_CAGE, 20, out, 3);
    sk_model *m;
    CHECK_EQ_INT(build(&g, &rs, &m, NULL), SK_OK);
    if (!m)
        return;
    uint64_t dom[64], *scratch = malloc((m->con_scratch + 1) * sizeof *scratch);
    int found = 0;
    for (int k = 0; k < m->ncons && scratch; k++) {
        const skx_con *c = &m->cons[k];
        for (uint32_t j = 0; j < c->ncells; j++)
            dom[j] = m->all;
        if (!skx_con_filter(m, c, dom, scratch))
            continue;
        for (uint32_t j = 0; j < c->ncells; j++)
            found |= m->con_cells[c->cell_off + j] == 17 && dom[j] == 1u << 2;
    }
    CHECK(found);
    free(scratch);
    sk_model_free(m);
}

/* Sums whose cells may repeat a digit unless they see each other (little
 * killers on diagonals, 9x9 and 16x16): on random masks, every digit that
 * some assignment of the sum alone uses (the right total, cells that see
 * each other different) must survive the sum's propagator, whose bounds
 * count the digits of each group of cells that see one another; on 9x9
 * below a total of 64, where each group is taken whole, no other digit
 * may survive but those the houses remove (digits a group's cells cannot
 * use together).  The assignments are listed by brute force. */

/* Two cells of one diagonal (different rows and columns) of an n x n grid
 * of bs x bs boxes see each other when they share a box. */
static int diagonal_cells_see(int a, int b, int n, int bs)
{
    return a / n / bs == b / n / bs && a % n / bs == b % n / bs;
}

typedef struct sumcase {
    int gn, bs;             /* the grid's size and box size */
    const uint16_t *cells;
    int n, target;
    uint64_t dom[16], support[16];
    int val[16];
} sumcase;

static void sum_supports(sumcase *k, int j, int total)
{
    if (j == k->n) {
        if (total == k->target || k->target < 0)
            for (int i = 0; i < k->n; i++)
                k->support[i] |= 1ull << (k->val[i] - 1);
        return;
    }
    for (uint64_t o = k->dom[j]; o; o &= o - 1) {
        int d = __builtin_ctzll(o) + 1, clash = 0;
        for (int i = 0; i < j && !clash; i++)
            clash = k->val[i] == d && diagonal_cells_see(k->cells[i], k->cells[j], k->gn, k->bs);
        if (clash)
            continue;
        k->val[j] = d;
        sum_supports(k, j + 1, total + d);
    }
}

static void test_sum_groups_sound(void)
{
    uint64_t seed = 0x5eedf00dull, *scratch = NULL;
    long checks = 0;
    int bad = 0;
    for (int trial = 0; trial < 400 && !bad; trial++) {
        const int n = trial % 4 == 3 ? 16 : 9, bs = n == 16 ? 4 : 3;
        const int len = n == 16 ? 10 + (int)or_below(&seed, 7) : 4 + (int)or_below(&seed, 6);
        geo g;
        rset rs;
        geo_box(&g, n, bs, bs);
        memset(&rs, 0, sizeof rs);
        /* a diagonal down and to the right from the left edge or the top */
        int r0 = (int)or_below(&seed, (uint64_t)(n - len + 1)), cells[16];
        int onleft = (int)or_below(&seed, 2);
        for (int i = 0; i < len; i++)
            cells[i] = onleft ? (r0 + i) * n + i : i * n + r0 + i;
        /* masks of 1 to 4 digits (1 to 2 on 16x16), around a planted
           assignment that gives the total */
        int planted[16], total = 0;
        uint64_t dom[16];
        for (int i = 0; i < len; i++) {
            int d;
            int again = 1;
            while (again) {
                d = 1 + (int)or_below(&seed, (uint64_t)n);
                again = 0;
                for (int j = 0; j < i; j++)
                    again |= planted[j] == d && diagonal_cells_see(cells[j], cells[i], n, bs);
            }
            planted[i] = d;
            total += d;
            dom[i] = 1ull << (d - 1);
            int extra = (int)or_below(&seed, n == 16 ? 2 : 4);
            for (int e = 0; e < extra; e++)
                dom[i] |= 1ull << or_below(&seed, (uint64_t)n);
        }
        rs_add(&rs, SK_RULE_LITTLE_KILLER, total, cells, len);
        sk_model *m;
        CHECK_EQ_INT(build(&g, &rs, &m, NULL), SK_OK);
        if (!m)
            break;
        free(scratch);
        scratch = malloc((m->con_scratch + 1) * sizeof *scratch);
        for (int x = 0; x < m->ncons && scratch; x++) {
            const skx_con *c = &m->cons[x];
            if (c->ncells != (uint32_t)len)
                continue;
            sumcase k = {n, bs, m->con_cells + c->cell_off, len, total, {0}, {0}, {0}};
            uint64_t after[16];
            for (int j = 0; j < len; j++) {
                int at = 0;
                while (cells[at] != k.cells[j])
                    at++;
                k.dom[j] = after[j] = dom[at];
            }
            const int exact = n == 9 && total < 64; /* one word of totals */
            sum_supports(&k, 0, 0);
            int ok = skx_con_filter(m, c, after, scratch);
            checks++;
            uint64_t seen[16];
            memcpy(seen, after, sizeof seen);
            if (exact && ok) {
                /* on 9x9 the groups (a box's part of the diagonal, three
                 * cells of up to four digits) are each taken whole when
                 * the totals fit a word: once the digits each group's
                 * cells cannot use together are gone (the houses' work in
                 * a search), every digit no assignment of the right total
                 * uses must be gone too */
                sumcase q = k;
                q.target = -1;
                memcpy(q.dom, after, sizeof q.dom);
                memset(q.support, 0, sizeof q.support);
                sum_supports(&q, 0, 0);
                memcpy(seen, q.support, sizeof seen);
            }
            for (int j = 0; j < len; j++)
                if (!ok || (k.support[j] & ~after[j]) || (exact && seen[j] != k.support[j])) {
                    if (bad++ < 3) {
                        fprintf(stderr,
                                "sum %d over %d cells of a %dx%d: not the digits its "
                                "assignments use\n",
                                total, len, n, n);
                        print_con(m, c, k.dom, after);
                    }
                    break;
                }
        }
        sk_model_free(m);
    }
    free(scratch);
    CHECK_EQ_INT(bad, 0);
    CHECK(checks >= 400);
}

/* A little killer whose box holds two of its cells with one and the same
 * digit left has no assignment, and its propagator must say so, also when
 * the sum is too long for the table of totals and only the groups' bounds
 * run (13 cells of a 16x16 diagonal, total below 64): with the box's
 * other two cells filled too, the bounds see a group with fewer digits
 * than cells. */
static void test_sum_groups_fail(void)
{
    geo g;
    rset rs;
    int cells[13];
    geo_box(&g, 16, 4, 4);
    memset(&rs, 0, sizeof rs);
    for (int i = 0; i < 13; i++)
        cells[i] = i * 16 + i;
    rs_add(&rs, SK_RULE_LITTLE_KILLER, 40, cells, 13);
    sk_model *m;
    CHECK_EQ_INT(build(&g, &rs, &m, NULL), SK_OK);
    if (!m)
        return;
    uint64_t *scratch = malloc((m->con_scratch + 1) * sizeof *scratch);
    int tried = 0;
    for (int x = 0; x < m->ncons && scratch; x++) {
        const skx_con *c = &m->cons[x];
        if (c->ncells != 13)
            continue;
        uint64_t dom[13];
        for (int j = 0; j < 13; j++) {
            int cell = m->con_cells[c->cell_off + (uint32_t)j];
            /* the box's four cells r1c1..r4c4 down to 1, 1, 2, 3; the
             * rest open */
            dom[j] = cell == 0 || cell == 17 ? 1 : cell == 34 ? 2 : cell == 51 ? 4 : m->all;
        }
        CHECK_EQ_INT(skx_con_filter(m, c, dom, scratch), 0);
        for (int j = 0; j < 13; j++) {
            int cell = m->con_cells[c->cell_off + (uint32_t)j];
            dom[j] = cell == 0 ? 1 : cell == 17 ? 8 : cell == 34 ? 2 : cell == 51 ? 4 : m->all;
        }
        CHECK_EQ_INT(skx_con_filter(m, c, dom, scratch), 1); /* 1, 4, 2, 3: fine */
        tried++;
    }
    CHECK_EQ_INT(tried, 1);
    free(scratch);
    sk_model_free(m);
}

/* Arrows whose pills hold two-digit numbers (12x12, 16x16): 1 then 11
 * reads 111. */
static void test_pills(void)
{
    geo g;
    pills_only = 1;
    geo_box(&g, 12, 3, 4);
    run(&g, 3, 6, 8);
    geo_box(&g, 16, 4, 4);
    run(&g, 1, 6, 9);
    pills_only = 0;
}

/* ---- registry ------------------------------------------------------------ */

static void test_registry(void)
{
    CHECK(E_9X9 >= 0 && E_GENERAL >= 0 && E_CDCL >= 0 && E_DLX >= 0);
    geo g;
    geo_box(&g, 9, 3, 3);
    sk_model *m;
    /* little killers with any other propagator: cdcl again */
    {
        static const int diag1[] = {0, 10, 20, 30}, diag2[] = {8, 16, 24}, dot[] = {40, 41};
        rset rs;
        memset(&rs, 0, sizeof rs);
        rs_add(&rs, SK_RULE_LITTLE_KILLER, 20, diag1, 4);
        rs_add(&rs, SK_RULE_LITTLE_KILLER, 12, diag2, 3);
        CHECK_EQ_INT(build(&g, &rs, &m, NULL), SK_OK);
        if (m)
            CHECK_EQ_INT(sk_engine_auto(m), E_GENERAL);
        sk_model_free(m);
        /* with a killer cage too, up to 9x9: general (pair probes) */
        static const int cage[] = {3, 4, 5};
        rs_add(&rs, SK_RULE_CAGE, 6, cage, 3);
        CHECK_EQ_INT(build(&g, &rs, &m, NULL), SK_OK);
        if (m)
            CHECK_EQ_INT(sk_engine_auto(m), E_GENERAL);
        sk_model_free(m);
        rs_add(&rs, SK_RULE_WHITE_DOT, 0, dot, 2);
        CHECK_EQ_INT(build(&g, &rs, &m, NULL), SK_OK);
        if (m)
            CHECK_EQ_INT(sk_engine_auto(m), E_CDCL);
        sk_model_free(m);
    }
    /* a killer cage on 16x16: cdcl (pair probes are a 9x9 search's) */
    {
        geo g16;
        geo_box(&g16, 16, 4, 4);
        static const int cage[] = {0, 1, 2};
        rset rs;
        memset(&rs, 0, sizeof rs);
        rs_add(&rs, SK_RULE_CAGE, 10, cage, 3);
        CHECK_EQ_INT(build(&g16, &rs, &m, NULL), SK_OK);
        if (m)
            CHECK_EQ_INT(sk_engine_auto(m), E_CDCL);
        sk_model_free(m);
    }
    /* the classic model: every engine takes it (so refusals below mean something) */
    CHECK_EQ_INT(build(&g, NULL, &m, NULL), SK_OK);
    CHECK_EQ_INT(sk_engine_accepts(E_9X9, m), 1);
    CHECK_EQ_INT(sk_engine_accepts(E_DLX, m), 1);
    sk_model_free(m);

    /* one rule of each kind that compiles to propagators or cell masks */
    static const int thermo[] = {0, 1, 2}, pair[] = {0, 1}, cage[] = {0, 1, 9}, one[] = {40},
                     arrow[] = {0, 1, 2}, row[] = {0, 1, 2, 3, 4, 5, 6, 7, 8}, quad[] = {0, 1, 9, 10},
                     line[] = {1, 2, 3, 4};
    static const int qd[] = {1, 2}, dg[] = {3, 4};
    struct { int kind, value, nc, aux; const int *cells; const int *digits; int nd; } cases[] = {
        {SK_RULE_CAGE, 12, 3, 0, cage, NULL, 0},
        {SK_RULE_LITTLE_KILLER, 10, 3, 0, thermo, NULL, 0},
        {SK_RULE_SANDWICH, 10, 9, 0, row, NULL, 0},
        {SK_RULE_ARROW, 0, 3, 1, arrow, NULL, 0},
        {SK_RULE_THERMO, 0, 3, 0, thermo, NULL, 0},
        {SK_RULE_WHITE_DOT, 0, 2, 0, pair, NULL, 0},
        {SK_RULE_ODD, 0, 1, 0, one, NULL, 0},
        {SK_RULE_QUADRUPLE, 0, 4, 0, quad, qd, 2},
        {SK_RULE_DIGITS, 0, 1, 0, one, dg, 2},
        {SK_RULE_NEGATIVE_XV, 0, 0, 0, NULL, NULL, 0},
        {SK_RULE_MINIMUM, 0, 1, 0, one, NULL, 0},
        {SK_RULE_BETWEEN, 0, 3, 0, thermo, NULL, 0},
        {SK_RULE_REGION_SUM, 0, 4, 0, line, NULL, 0},
    };
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        rset rs;
        memset(&rs, 0, sizeof rs);
        sk_rule *r = rs_add(&rs, cases[t].kind, cases[t].value, cases[t].cells, cases[t].nc);
        r->aux = cases[t].aux;
        if (cases[t].nd)
            rs_digits(&rs, r, cases[t].digits, cases[t].nd);
        sk_diag d;
        int rc = build(&g, &rs, &m, &d);
        CHECK_EQ_INT(rc, SK_OK);
        if (rc != SK_OK) {
            fprintf(stderr, "%s: %s\n", kind_name(cases[t].kind), d.message);
            continue;
        }
        CHECK_EQ_INT(sk_engine_accepts(E_9X9, m), 0);
        CHECK_EQ_INT(sk_engine_accepts(E_DLX, m), 0);
        CHECK_EQ_INT(sk_engine_accepts(E_GENERAL, m), 1);
        CHECK_EQ_INT(sk_engine_accepts(E_CDCL, m), 1);
        int e = sk_engine_auto(m);
        CHECK(e == E_GENERAL || e == E_CDCL);
        /* the documented choice: cdcl for propagators and for pencil marks
         * given as a rule, general for a cell mask alone (odd), for
         * little killers alone and (9x9) for a killer cage */
        CHECK_EQ_INT(e, cases[t].kind == SK_RULE_ODD || cases[t].kind == SK_RULE_LITTLE_KILLER ||
                                cases[t].kind == SK_RULE_CAGE
                            ? E_GENERAL
                            : E_CDCL);
        /* every question through an automatic solver */
        uint8_t givens[81] = {0}, sol[81];
        sk_result res;
        CHECK_EQ_INT(sk_solver_run(solver_auto, m, givens, NULL, sol, &res), SK_OK);
        CHECK_EQ_INT(sk_result_verdict(&res), SK_VERDICT_MULTIPLE);
        CHECK(sk_verify(m, NULL, sol));
        uint64_t masks[81];
        for (int i = 0; i < 81; i++)
            masks[i] = 0x1ff;
        masks[80] = 1u << (sol[80] - 1);
        sk_search_opts o = SK_SEARCH_OPTS_INIT;
        o.candidates = masks;
        o.max_solutions = 1;
        CHECK_EQ_INT(sk_solver_run(solver_auto, m, givens, &o, sol, &res), SK_OK);
        CHECK(res.solutions == 1 && sk_verify(m, NULL, sol));
        /* engines that refuse it say so when asked by name */
        sk_solver *s9, *sd;
        CHECK_EQ_INT(sk_solver_new(E_9X9, &s9), SK_OK);
        CHECK_EQ_INT(sk_solver_new(E_DLX, &sd), SK_OK);
        CHECK_EQ_INT(sk_solver_run(s9, m, givens, NULL, NULL, &res), SK_EUNSUPPORTED);
        CHECK_EQ_INT(sk_solver_run(sd, m, givens, NULL, NULL, &res), SK_EUNSUPPORTED);
        sk_solver_free(s9);
        sk_solver_free(sd);
        /* a puzzle with givens: candidates and best through the automatic choice */
        uint8_t p[81];
        memcpy(p, sol, 81);
        for (int i = 0; i < 81; i += 2)
            p[i] = 0;
        uint64_t out[81];
        sk_candidates_result cr;
        CHECK_EQ_INT(sk_candidates(solver_auto, m, p, NULL, out, NULL, &cr), SK_OK);
        for (int i = 0; i < 81; i++)
            CHECK(out[i] >> (sol[i] - 1) & 1);
        sk_best_result br;
        uint8_t best[81];
        CHECK_EQ_INT(sk_best(m, p, NULL, NULL, best, &br), SK_OK);
        CHECK(br.found && sk_verify(m, p, best));
        sk_model_free(m);
    }

    /* rules that are only houses: 9x9 refuses them, dlx may take them,
     * and then it must agree with the general engine */
    static const int reg[] = {0, 10, 20, 30, 40, 50, 60, 70, 80};
    int kinds[] = {SK_RULE_ANTI_KNIGHT, SK_RULE_DIAGONAL_DOWN, SK_RULE_REGION, SK_RULE_CAGE};
    for (int t = 0; t < 4; t++) {
        rset rs;
        memset(&rs, 0, sizeof rs);
        if (kinds[t] == SK_RULE_REGION)
            rs_add(&rs, kinds[t], 0, reg, 9);
        else if (kinds[t] == SK_RULE_CAGE)
            rs_add(&rs, kinds[t], 0, cage, 3);
        else
            rs_add(&rs, kinds[t], 0, NULL, 0);
        CHECK_EQ_INT(build(&g, &rs, &m, NULL), SK_OK);
        CHECK_EQ_INT(sk_engine_accepts(E_9X9, m), 0);
        CHECK(sk_engine_auto(m) != E_9X9 && sk_engine_accepts(sk_engine_auto(m), m));
        if (sk_engine_accepts(E_DLX, m)) {
            uint8_t S[81], p[81];
            uint64_t seed = base_seed + (uint64_t)t;
            CHECK(random_solution(&g, &rs, &seed, S));
            for (int i = 0; i < 81; i++)
                p[i] = or_below(&seed, 100) < 40 ? S[i] : 0;
            sk_solver *sd;
            sk_search_opts o = SK_SEARCH_OPTS_INIT;
            sk_result r1, r2;
            o.max_solutions = 30;
            o.timeout = GUARD_SECONDS;
            CHECK_EQ_INT(sk_solver_new(E_DLX, &sd), SK_OK);
            CHECK_EQ_INT(sk_solver_run(sd, m, p, &o, NULL, &r1), SK_OK);
            CHECK_EQ_INT(sk_solver_run(solver_general, m, p, &o, NULL, &r2), SK_OK);
            CHECK_EQ_INT(r1.solutions, r2.solutions);
            CHECK_EQ_INT(r1.end, r2.end);
            sk_solver_free(sd);
        }
        sk_model_free(m);
    }
}

/* The smallest model whose first propagator carries no data (an arrow):
 * it must build and solve like any other (and, under the sanitizers,
 * without undefined behaviour while it is compiled). */
static void test_arrow_alone(void)
{
    geo g;
    geo_box(&g, 9, 3, 3);
    rset rs;
    memset(&rs, 0, sizeof rs);
    static const int cells[] = {0, 28}; /* r1c1 = r4c2 */
    sk_rule *r = rs_add(&rs, SK_RULE_ARROW, 0, cells, 2);
    r->aux = 1;
    sk_model *m;
    sk_diag d;
    CHECK_EQ_INT(build(&g, &rs, &m, &d), SK_OK);
    uint8_t givens[81] = {0}, sol[81];
    givens[0] = 7;
    CHECK_EQ_INT(solve_first(solver_cdcl, m, givens, sol, 0), 1);
    CHECK_EQ_INT(sol[28], 7);
    CHECK(sk_verify(m, givens, sol));
    sk_model_free(m);
}

/* ---- refusals ---------------------------------------------------------- */

/* 1 when msg holds word (any case), or one of the words of "a|b". */
static int mentions(const char *msg, const char *word)
{
    const char *bar = strchr(word, '|');
    if (bar) {
        char first[64];
        snprintf(first, sizeof first, "%.*s", (int)(bar - word), word);
        return mentions(msg, first) || mentions(msg, bar + 1);
    }
    size_t lw = strlen(word);
    for (const char *p = msg; *p; p++) {
        size_t k = 0;
        while (k < lw && p[k] && (p[k] | 32) == (word[k] | 32))
            k++;
        if (k == lw)
            return 1;
    }
    return 0;
}

static void test_refusals(void)
{
    geo g;
    geo_box(&g, 9, 3, 3);
    static const int c2[] = {0, 1}, c3[] = {0, 1, 2}, far[] = {0, 2}, diag[] = {0, 10},
                     outside[] = {0, 81}, neg[] = {-1, 0}, notrow[] = {0, 1, 2, 3, 4, 5, 6, 7, 9},
                     shortrow[] = {0, 1, 2, 3, 4, 5, 6, 7}, ten[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
                     twice[] = {0, 1, 0}, one[] = {40}, quad5[] = {0, 1, 9, 10, 11};
    static const int d1[] = {1}, d10[] = {10};
    struct {
        const char *why;
        int kind, value, nc, aux;
        const int *cells;
        const int *digits;
        int nd;
        const char *word; /* a word of the rule's name the message must hold */
        int add_odd;      /* also an odd mark on the same cells */
    } cases[] = {
        {"cage sum too large", SK_RULE_CAGE, 25, 2, 0, c2, NULL, 0, "cage", 0},
        {"cage sum too small", SK_RULE_CAGE, 2, 2, 0, c2, NULL, 0, "cage", 0},
        {"cage of 10 cells", SK_RULE_CAGE, 0, 10, 0, ten, NULL, 0, "cage", 0},
        {"cell outside the grid", SK_RULE_THERMO, 0, 2, 0, outside, NULL, 0, "thermometer", 0},
        {"negative cell", SK_RULE_CAGE, 0, 2, 0, neg, NULL, 0, "cage", 0},
        {"cell named twice", SK_RULE_RENBAN, 0, 3, 0, twice, NULL, 0, "renban", 0},
        {"white dot not adjacent", SK_RULE_WHITE_DOT, 0, 2, 0, far, NULL, 0, "white dot", 0},
        {"black dot diagonal", SK_RULE_BLACK_DOT, 0, 2, 0, diag, NULL, 0, "black dot", 0},
        {"XV without a sum", SK_RULE_XV, 0, 2, 0, c2, NULL, 0, "xv", 0},
        {"XV sum out of reach", SK_RULE_XV, 20, 2, 0, c2, NULL, 0, "X", 0},
        {"dot with 3 cells", SK_RULE_WHITE_DOT, 0, 3, 0, c3, NULL, 0, "white dot", 0},
        {"sandwich not a row", SK_RULE_SANDWICH, 10, 9, 0, notrow, NULL, 0, "sandwich", 0},
        {"sandwich too short", SK_RULE_SANDWICH, 10, 8, 0, shortrow, NULL, 0, "sandwich", 0},
        {"sandwich sum too large", SK_RULE_SANDWICH, 40, 9, 0, ten, NULL, 0, "sandwich", 0},
        {"renban longer than N", SK_RULE_RENBAN, 0, 10, 0, ten, NULL, 0, "renban", 0},
        {"extra region longer than N", SK_RULE_REGION, 0, 10, 0, ten, NULL, 0, "region", 0},
        {"arrow without shaft", SK_RULE_ARROW, 0, 1, 1, one, NULL, 0, "arrow", 0},
        {"arrow circle of 4", SK_RULE_ARROW, 0, 10, 4, ten, NULL, 0, "arrow", 0},
        {"thermometer of one cell", SK_RULE_THERMO, 0, 1, 0, one, NULL, 0, "thermometer", 0},
        {"thermometer longer than N", SK_RULE_THERMO, 0, 10, 0, ten, NULL, 0, "thermometer", 0},
        {"between line of 2", SK_RULE_BETWEEN, 0, 2, 0, c2, NULL, 0, "between", 0},
        {"quadruple of 5 cells", SK_RULE_QUADRUPLE, 0, 5, 0, quad5, d1, 0, "quadruple", 0},
        {"quadruple digit 10", SK_RULE_QUADRUPLE, 0, 1, 0, one, d10, 1, "quadruple", 0},
        {"digits without a list", SK_RULE_DIGITS, 0, 1, 0, one, NULL, 0, "candidates", 0},
        {"whisper gap of 9", SK_RULE_WHISPER, 9, 2, 0, c2, NULL, 0, "whisper", 0},
        {"little killer out of reach", SK_RULE_LITTLE_KILLER, 30, 3, 0, c3, NULL, 0, "little killer", 0},
        {"anti-knight with cells", SK_RULE_ANTI_KNIGHT, 0, 1, 0, one, NULL, 0, "anti-knight", 0},
        {"odd and even on one cell", SK_RULE_EVEN, 0, 1, 0, one, NULL, 0, "odd|even", 1},
        {"unknown kind", 99, 0, 1, 0, one, NULL, 0, "kind", 0},
    };
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        rset rs;
        memset(&rs, 0, sizeof rs);
        if (cases[t].add_odd)
            rs_add(&rs, SK_RULE_ODD, 0, cases[t].cells, cases[t].nc);
        sk_rule *r = rs_add(&rs, cases[t].kind, cases[t].value, cases[t].cells, cases[t].nc);
        r->aux = cases[t].aux;
        if (cases[t].digits) {
            rs_digits(&rs, r, cases[t].digits, 1);
            r->ndigits = cases[t].nd ? cases[t].nd : 1;
        }
        sk_model *m = NULL;
        sk_diag d;
        memset(&d, 0, sizeof d);
        int rc = build(&g, &rs, &m, &d);
        if (rc != SK_EMODEL || !d.message[0] || !mentions(d.message, cases[t].word))
            fprintf(stderr, "%s: status %d, message \"%s\" (should name \"%s\")\n", cases[t].why, rc,
                    d.message, cases[t].word);
        CHECK_EQ_INT(rc, SK_EMODEL);
        CHECK(m == NULL);
        CHECK(d.message[0] != 0);
        CHECK(mentions(d.message, cases[t].word));
        if (rc == SK_OK)
            sk_model_free(m);
    }
    /* a rule that needs regions on a Latin square */
    geo latin;
    geo_box(&latin, 5, SK_BOX_NONE, SK_BOX_NONE);
    for (int t = 0; t < 2; t++) {
        rset rs;
        memset(&rs, 0, sizeof rs);
        if (t == 0)
            rs_add(&rs, SK_RULE_DISJOINT, 0, NULL, 0);
        else
            rs_add(&rs, SK_RULE_REGION_SUM, 0, c3, 3);
        sk_model *m = NULL;
        sk_diag d;
        memset(&d, 0, sizeof d);
        CHECK_EQ_INT(build(&latin, &rs, &m, &d), SK_EMODEL);
        CHECK(mentions(d.message, t == 0 ? "disjoint" : "region-sum"));
    }
    /* and the borders of what is accepted: the same rules, just in reach */
    {
        rset rs;
        memset(&rs, 0, sizeof rs);
        rs_add(&rs, SK_RULE_CAGE, 17, c2, 2);
        rs_add(&rs, SK_RULE_XV, 17, c2 , 2);
        rs_add(&rs, SK_RULE_SANDWICH, 35, ten, 9);
        static const int lk[] = {18, 28, 38};
        rs_add(&rs, SK_RULE_LITTLE_KILLER, 26, lk, 3);
        sk_model *m = NULL;
        sk_diag d;
        CHECK_EQ_INT(build(&g, &rs, &m, &d), SK_OK);
        sk_model_free(m);
    }
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* what ran is seen even if a sanitizer stops the run */
    const char *env = getenv("SK_DIFF_SEED");
    if (env && *env)
        base_seed = strtoull(env, NULL, 10);
    env = getenv("SK_DIFF_ROUNDS");
    if (env && atoi(env) > 0)
        rounds_factor = atoi(env);
    E_9X9 = sk_engine_find("9x9");
    E_GENERAL = sk_engine_find("general");
    E_CDCL = sk_engine_find("cdcl");
    E_DLX = sk_engine_find("dlx");
    if (sk_solver_new(E_GENERAL, &solver_general) || sk_solver_new(E_CDCL, &solver_cdcl) ||
        sk_solver_new(-1, &solver_auto)) {
        printf("0 passed, 1 failed\n");
        return 1;
    }
    double t0 = now();
    t_start = t0;
#define TIMED(fn)                                                  \
    do {                                                           \
        double t_ = now();                                         \
        RUN(fn);                                                   \
        printf("#   %s: %.1f s\n", #fn, now() - t_);              \
    } while (0)
    RUN(test_arrow_alone);
    RUN(test_refusals);
    TIMED(test_registry);
    TIMED(test_4x4);
    TIMED(test_latin5);
    TIMED(test_6x6);
    TIMED(test_jigsaw);
    TIMED(test_8x8);
    TIMED(test_9x9);
    TIMED(test_large);
    TIMED(test_global_rules);
    TIMED(test_pills);
    RUN(test_outie);
    RUN(test_sum_groups_sound);
    RUN(test_sum_groups_fail);
    TIMED(test_killer_tilings);
    TIMED(test_hard);
    printf("# seed %llu: %ld puzzles (%ld none, %ld unique, %ld several; %ld with a broken rule), "
           "%ld rules, %ld listed by backtracking, %ld candidate runs, %ld best runs, "
           "%ld filter calls, %ld grids judged (%ld rule verdicts), %ld searches too slow, %.1f s\n",
           (unsigned long long)base_seed, n_puzzles, n_verdict[0], n_verdict[1], n_verdict[2],
           n_inconsistent, n_rules_total, n_brute, n_candidates, n_best, n_filter_calls,
           n_check_grids, n_single_checks, n_slow, now() - t0);
    printf("# %ld minimal puzzles, %ld rounds skipped for time, %ld + %ld jigsaw layouts (6x6 + 9x9)\n",
           n_minimal, rounds_skipped, jigsaw_layouts[0], jigsaw_layouts[1]);
    printf("# %ld violations on partial grids shown unfillable\n", n_partial_reports);
    printf("# %ld arrows whose pill reads 100 or more, %ld pills of 3 cells\n", n_long_pills, n_pill3);
    printf("# time: engines %.1f s, backtracking %.1f s, candidates %.1f s, best %.1f s, "
           "propagators %.1f s, checkers %.1f s\n",
           t_engines, t_brute, t_candidates, t_best, t_filters, t_judge);
    printf("# rules judged alone:");
    for (int k = 1; k < SK_RULE_LAST_; k++)
        if (kind_count[k])
            printf(" %s %ld", kind_name(k), kind_count[k]);
    printf("\n");
    sk_solver_free(solver_general);
    sk_solver_free(solver_cdcl);
    sk_solver_free(solver_auto);
    return check_summary();
}
