/*
 * test_explain.c - sk_explain_none: the reason given for "no solution" is
 * the right kind, names the right place, and is true.
 *
 *   - hand-made puzzles, one per kind, with the exact message;
 *   - soundness: on every puzzle that has a solution the answer must be
 *     SEARCH (propagation cannot contradict a solvable puzzle, and a probe
 *     that fails on every candidate of a cell would be a false proof).
 *     Puzzles: the ISS variant examples (every rule kind) and random 9x9,
 *     16x16 and jigsaw puzzles cut from full grids;
 *   - truth: the same puzzles made unsolvable by one wrong given.  Each
 *     reason is checked from outside the explainer: a reason "from the
 *     givens alone" against the givens (the cell's peers hold every digit;
 *     no empty cell of the house may take the digit), a BRANCH by solving
 *     the puzzle with each of its digits placed (every one must have no
 *     solution), and any reason only for a puzzle the engines call none.
 *
 * Seeded: SK_EXPLAIN_SEED=S replays a run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "sudokit.h"

#define ISS "tests/variants/iss_examples.txt"

static uint64_t rng = 20250101;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int below(int n) { return (int)(next() % (uint64_t)n); }

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static long kinds[SK_WHY_LAST_]; /* reasons seen, by kind */

static sk_model *model_of(const sk_geometry *g)
{
    sk_model *m = NULL;
    sk_diag d;
    if (sk_model_new(g, &m, &d) != SK_OK) {
        fprintf(stderr, "model: %s\n", d.message);
        return NULL;
    }
    return m;
}

static double limit = 0.3; /* seconds a search may take (solutions()) */

/* The engines' verdict: 0, 1 or 2 (several), -1 when it takes more than
 * `limit` seconds. */
static int solutions(const sk_model *m, const uint8_t *g, uint8_t *first)
{
    sk_solver *s;
    sk_search_opts o = SK_SEARCH_OPTS_INIT;
    sk_result r;
    int rc;
    o.timeout = limit;
    if (sk_solver_new(-1, &s) != SK_OK)
        return -1;
    rc = sk_solver_run(s, m, g, &o, first, &r);
    sk_solver_free(s);
    if (rc != SK_OK)
        return -1;
    if (r.solutions >= 2)
        return 2;
    return r.end == SK_END_EXHAUSTED ? (int)r.solutions : -1;
}

static int starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* 1 when the givens alone leave cell i no digit: the givens it sees hold
 * every digit the cell may take.  (Models without cell masks.) */
static int givens_fill_peers(const sk_model *m, const uint8_t *g, int i)
{
    int n = sk_model_n(m), nh = sk_model_house_count(m);
    uint64_t seen = 0, all = n == 64 ? ~0ull : (1ull << n) - 1;
    if (g[i])
        return 0;
    for (int h = 0; h < nh; h++) {
        const uint16_t *c;
        int size = sk_model_house(m, h, &c), in = 0;
        for (int j = 0; j < size; j++)
            in |= c[j] == i;
        for (int j = 0; in && j < size; j++)
            if (g[c[j]])
                seen |= 1ull << (g[c[j]] - 1);
    }
    return seen == all;
}

/* 1 when no cell of house h can take digit d by the givens alone. */
static int givens_block_digit(const sk_model *m, const uint8_t *g, int h, int d)
{
    const uint16_t *c;
    int size = sk_model_house(m, h, &c), nh = sk_model_house_count(m);
    for (int j = 0; j < size; j++) {
        int i = c[j], blocked = 0;
        if (g[i])
            blocked = g[i] != d;
        for (int k = 0; !g[i] && k < nh && !blocked; k++) {
            const uint16_t *o;
            int osize = sk_model_house(m, k, &o), in = 0;
            for (int q = 0; q < osize; q++)
                in |= o[q] == i;
            for (int q = 0; in && q < osize; q++)
                blocked |= o[q] != i && g[o[q]] == d;
        }
        if (!blocked)
            return 0;
    }
    return 1;
}

/* Checks the reason sk_explain_none gives for a puzzle the engines call
 * none; returns 1 when it holds. */
static int reason_holds(const sk_model *m, const uint8_t *g, const sk_why *w)
{
    int n = sk_model_n(m), nn = n * n, ok = 1;
    if (w->kind <= 0 || w->kind >= SK_WHY_LAST_ || !w->message[0])
        return 0;
    kinds[w->kind]++;
    switch (w->kind) {
    case SK_WHY_CONFLICT:
        ok = w->cell >= 0 && w->cell2 >= 0 && g[w->cell] == w->digit && g[w->cell2] == w->digit;
        break;
    case SK_WHY_VIOLATION:
        ok = sk_check_rules(m, g, NULL, 0) > 0 && w->rule >= 0;
        break;
    case SK_WHY_CELL:
        /* an empty cell, or a given (digit) that a forced digit rules out */
        ok = w->cell >= 0 && w->cell < nn && g[w->cell] == w->digit;
        if (ok && w->digit && w->cell2 >= 0)
            ok = w->cell2 != w->cell && !g[w->cell2];
        if (ok && sk_model_rule_count(m) == 0 && starts_with(w->message, "the givens leave"))
            ok = givens_fill_peers(m, g, w->cell);
        break;
    case SK_WHY_HOUSE:
        ok = w->house >= 0 && w->digit >= 1 && w->digit <= n;
        if (ok && sk_model_rule_count(m) == 0 && starts_with(w->message, "the givens leave"))
            ok = givens_block_digit(m, g, w->house, w->digit);
        break;
    case SK_WHY_RULE:
        ok = w->rule >= 0 && w->rule < sk_model_rule_count(m);
        break;
    case SK_WHY_BRANCH: {
        uint8_t *h = malloc((size_t)nn);
        ok = h && w->cell >= 0 && !g[w->cell] && __builtin_popcountll(w->digits) >= 2;
        for (int d = 1; ok && d <= n; d++)
            if (w->digits >> (d - 1) & 1) {
                memcpy(h, g, (size_t)nn);
                h[w->cell] = (uint8_t)d;
                ok = solutions(m, h, NULL) == 0;
            }
        free(h);
        break;
    }
    default:
        ok = w->open > 0;
    }
    return ok;
}

/* Soundness and truth on one puzzle g of model m, whose solution is
 * known (known: N*N) or not (NULL): g itself (when it has a solution the
 * answer must be SEARCH), then g with a wrong given in an empty cell. */
static int try_puzzle(const sk_model *m, const uint8_t *g, const uint8_t *known, int *wrong_tried)
{
    int n = sk_model_n(m), nn = n * n, ok = 1;
    uint8_t *sol = malloc((size_t)nn), *h = malloc((size_t)nn);
    sk_why w;
    if (!sol || !h) {
        free(sol);
        free(h);
        return 0;
    }
    int v = known ? 1 : solutions(m, g, sol);
    if (known)
        memcpy(sol, known, (size_t)nn);
    if (v > 0) {
        ok &= sk_explain_none(m, g, SK_ALPHABET_AUTO, &w) == SK_OK && w.kind == SK_WHY_SEARCH;
        if (!ok)
            fprintf(stderr, "  a solvable puzzle got \"%s\"\n", w.message);
        /* a wrong given: a digit its solution does not have there, that
         * clashes with no given of its houses (else CONFLICT says it) */
        for (int tries = 0; tries < 20 && ok; tries++) {
            int i = below(nn), d0 = below(n), d = 0;
            if (g[i])
                continue;
            memcpy(h, g, (size_t)nn);
            for (int k = 0; k < n && !d; k++) {
                h[i] = (uint8_t)(1 + (d0 + k) % n);
                if (h[i] != sol[i] && sk_check(m, h, NULL, 0) == 0)
                    d = h[i];
            }
            if (!d)
                continue;
            int hv = solutions(m, h, NULL);
            if (hv < 0)
                break; /* too slow to judge: one try per puzzle */
            ok &= sk_explain_none(m, h, SK_ALPHABET_AUTO, &w) == SK_OK;
            if (hv > 0)
                ok &= w.kind == SK_WHY_SEARCH;
            else
                ok &= reason_holds(m, h, &w);
            if (!ok)
                fprintf(stderr, "  %d solutions, wrong given r%dc%d=%d: reason %d \"%s\" does not hold\n", hv, i / n + 1, i % n + 1, d, w.kind,
                        w.message);
            (*wrong_tried)++;
            break;
        }
    } else if (v == 0) {
        ok &= sk_explain_none(m, g, SK_ALPHABET_AUTO, &w) == SK_OK && reason_holds(m, g, &w);
        if (!ok)
            fprintf(stderr, "  reason %d \"%s\" does not hold\n", w.kind, w.message);
    }
    free(sol);
    free(h);
    return ok;
}

/* ---- hand-made puzzles ----------------------------------------------- */

/* Fills g (N*N) from givens written "r1c2=5 r9c1=9 ...". */
static void grid_of(int n, const char *s, uint8_t *g)
{
    int r, c, d, len;
    memset(g, 0, (size_t)n * (size_t)n);
    while (sscanf(s, " r%dc%d=%d%n", &r, &c, &d, &len) == 3) {
        g[(r - 1) * n + c - 1] = (uint8_t)d;
        s += len;
    }
}

/* The puzzle `givens` of m has no solution, and sk_explain_none says so
 * with this kind and message, and a reason that holds. */
static void expect(const sk_model *m, const char *givens, int kind, const char *message)
{
    uint8_t g[SK_MAX_N * SK_MAX_N];
    sk_why w;
    grid_of(sk_model_n(m), givens, g);
    CHECK_EQ_INT(solutions(m, g, NULL), 0);
    CHECK_EQ_INT(sk_explain_none(m, g, SK_ALPHABET_AUTO, &w), SK_OK);
    CHECK_EQ_INT(w.kind, kind);
    CHECK_EQ_STR(w.message, message);
    CHECK(reason_holds(m, g, &w));
}

static void test_classic_kinds(void)
{
    sk_geometry geo = SK_GEOMETRY_INIT(9);
    sk_model *m = model_of(&geo);
    sk_why w;
    uint8_t g[81];
    if (!m) {
        CHECK(0);
        return;
    }
    expect(m, "r1c1=5 r1c3=5", SK_WHY_CONFLICT, "the givens repeat 5 in row 1 (r1c1 and r1c3)");
    /* r1c1 sees 1-8 in its row and 9 in its column */
    expect(m, "r1c2=1 r1c3=2 r1c4=3 r1c5=4 r1c6=5 r1c7=6 r1c8=7 r1c9=8 r9c1=9", SK_WHY_CELL,
           "the givens leave r1c1 no candidate");
    /* the 5s of row 1 and column 1 and four givens leave box 1 no 5 */
    expect(m, "r1c5=5 r5c1=5 r2c2=1 r2c3=2 r3c2=3 r3c3=4", SK_WHY_HOUSE,
           "the givens leave box 1 no place for 5");
    /* errors */
    grid_of(9, "", g);
    CHECK_EQ_INT(sk_explain_none(NULL, g, SK_ALPHABET_AUTO, &w), SK_EINVAL);
    CHECK_EQ_INT(sk_explain_none(m, NULL, SK_ALPHABET_AUTO, &w), SK_EINVAL);
    CHECK_EQ_INT(sk_explain_none(m, g, SK_ALPHABET_AUTO, NULL), SK_EINVAL);
    g[0] = 10;
    CHECK_EQ_INT(sk_explain_none(m, g, SK_ALPHABET_AUTO, &w), SK_EINVAL);
    CHECK_EQ_STR(sk_why_keyword(SK_WHY_BRANCH), "branch");
    CHECK(sk_why_keyword(0) == NULL);
    sk_model_free(m);
}

/* Letters name the digits in the alphabet asked for. */
static void test_alphabet(void)
{
    sk_geometry geo = SK_GEOMETRY_INIT(16);
    sk_model *m = model_of(&geo);
    uint8_t g[256] = {0};
    sk_why w;
    if (!m) {
        CHECK(0);
        return;
    }
    for (int c = 1; c < 16; c++)
        g[c] = (uint8_t)c; /* row 1: 1..15 after r1c1 */
    g[16 * 15] = 16;       /* column 1: 16 at the bottom */
    CHECK_EQ_INT(sk_explain_none(m, g, SK_ALPHABET_LETTERS, &w), SK_OK);
    CHECK_EQ_INT(w.kind, SK_WHY_CELL);
    CHECK_EQ_INT(w.cell, 0);
    /* two Ps in row 1 are named with letters; in hex 16 is F */
    memset(g, 0, sizeof g);
    g[0] = g[5] = 16;
    CHECK_EQ_INT(sk_explain_none(m, g, SK_ALPHABET_LETTERS, &w), SK_OK);
    CHECK_EQ_STR(w.message, "the givens repeat P in row 1 (r1c1 and r1c6)");
    CHECK_EQ_INT(sk_explain_none(m, g, SK_ALPHABET_HEX, &w), SK_OK);
    CHECK_EQ_STR(w.message, "the givens repeat F in row 1 (r1c1 and r1c6)");
    CHECK_EQ_INT(sk_explain_none(m, g, SK_ALPHABET_AUTO, &w), SK_OK);
    CHECK_EQ_STR(w.message, "the givens repeat G in row 1 (r1c1 and r1c6)");
    CHECK_EQ_INT(sk_explain_none(m, g, SK_ALPHABET_NUMBERS, &w), SK_OK);
    CHECK_EQ_STR(w.message, "the givens repeat 16 in row 1 (r1c1 and r1c6)");
    sk_model_free(m);
}

/* Killer cages: a cage the givens break, and one propagation empties. */
static void test_rules(void)
{
    int cells[2] = {0, 1}, cells2[2] = {2, 3};
    sk_rule rules[2] = {SK_RULE_INIT(SK_RULE_CAGE), SK_RULE_INIT(SK_RULE_CAGE)};
    sk_geometry geo = SK_GEOMETRY_INIT(4);
    sk_model *m;
    uint8_t g[16] = {0};
    sk_why w;
    rules[0].value = 3; /* r1c1 + r1c2 = 3: 1 and 2 */
    rules[0].ncells = 2;
    rules[0].cells = cells;
    rules[1].value = 7; /* r1c3 + r1c4 = 7: 3 and 4 */
    rules[1].ncells = 2;
    rules[1].cells = cells2;
    geo.nrules = 2;
    geo.rules = rules;
    m = model_of(&geo);
    if (!m) {
        CHECK(0);
        return;
    }
    g[0] = 3; /* breaks the first cage at once */
    CHECK_EQ_INT(sk_explain_none(m, g, SK_ALPHABET_AUTO, &w), SK_OK);
    CHECK_EQ_INT(w.kind, SK_WHY_VIOLATION);
    CHECK_EQ_INT(w.rule, 0);
    CHECK(reason_holds(m, g, &w));
    /* a 1 in r2c1 and in r3c2: neither cell of the first cage can take
     * 1 any more, and its sum needs one */
    expect(m, "r2c1=1 r3c2=1", SK_WHY_RULE,
           "the givens leave the killer cage 3 at r1c1 no way to hold");
    sk_model_free(m);
}

/* ---- sweeps ------------------------------------------------------------ */

/* Every ISS example: the puzzle itself (solvable ones must give SEARCH),
 * and a wrong given in it. */
static void test_iss(void)
{
    FILE *fp = fopen(ISS, "rb");
    sk_reader *r = NULL;
    sk_puzzle p;
    sk_diag d;
    int count = 0, bad = 0, wrong = 0, rc;
    double t0 = now();
    limit = 0.2; /* some of these take seconds to solve: skipped */
    if (!fp) {
        printf("   (%s not found: skipped)\n", ISS);
        return;
    }
    CHECK_EQ_INT(sk_reader_open_file(fp, NULL, &r), SK_OK);
    while (r && (rc = sk_reader_next(r, &p, &d)) != SK_DONE) {
        sk_model *m = rc == SK_OK ? model_of(&p.geom) : NULL;
        if (!m) {
            CHECK(rc == SK_OK); /* the collection reads */
            break;
        }
        uint8_t g[SK_MAX_N * SK_MAX_N];
        memcpy(g, p.cells, (size_t)p.geom.n * (size_t)p.geom.n);
        /* a wrong given only where the collection gives the solution:
         * searching the others may take long */
        if (p.solution) {
            if (!try_puzzle(m, g, p.solution, &wrong) && bad++ < 5)
                fprintf(stderr, "  ISS puzzle %d (line %ld)\n", count, p.line);
        }
        sk_model_free(m);
        count++;
    }
    sk_reader_free(r);
    fclose(fp);
    printf("#  ISS: %d puzzles, %d with a wrong given, %.1f s\n", count, wrong, now() - t0);
    limit = 0.3;
    CHECK_EQ_INT(bad, 0);
}

/* A random permutation of 0..k-1 into p. */
static void shuffle(int *p, int k)
{
    for (int i = 0; i < k; i++)
        p[i] = i;
    for (int i = k - 1; i > 0; i--) {
        int j = below(i + 1), t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
}

/* A random full grid of model m: with R x C boxes the pattern grid with
 * rows shuffled within bands, bands shuffled, the same for columns and
 * the digits relabelled (the engines take a while to fill an empty 16x16
 * grid); else the engines' first solution from three random givens. */
static int full_grid(const sk_model *m, uint8_t *out)
{
    int n = sk_model_n(m), nn = n * n, br, bc;
    if (sk_model_box(m, &br, &bc)) {
        int rows[SK_MAX_N], cols[SK_MAX_N], digits[SK_MAX_N], band[SK_MAX_N], stack[SK_MAX_N];
        int in[SK_MAX_N];
        shuffle(band, n / br);
        shuffle(stack, n / bc);
        for (int b = 0; b < n / br; b++) {
            shuffle(in, br);
            for (int k = 0; k < br; k++)
                rows[b * br + k] = band[b] * br + in[k];
        }
        for (int s = 0; s < n / bc; s++) {
            shuffle(in, bc);
            for (int k = 0; k < bc; k++)
                cols[s * bc + k] = stack[s] * bc + in[k];
        }
        shuffle(digits, n);
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int R = rows[r], C = cols[c];
                out[r * n + c] = (uint8_t)(digits[(R % br * bc + R / br + C) % n] + 1);
            }
        return sk_verify(m, NULL, out);
    }
    uint8_t *g = calloc((size_t)nn, 1);
    int ok = 0;
    for (int tries = 0; tries < 3 && g && !ok; tries++) {
        memset(g, 0, (size_t)nn);
        for (int k = 0; k < 3; k++) {
            int i = below(nn), d = 1 + below(n);
            g[i] = (uint8_t)d;
            if (sk_check(m, g, NULL, 0) > 0)
                g[i] = 0;
        }
        sk_solver *s;
        sk_search_opts o = SK_SEARCH_OPTS_INIT;
        sk_result res;
        o.max_solutions = 1;
        o.timeout = 0.5;
        if (sk_solver_new(-1, &s) != SK_OK)
            break;
        ok = sk_solver_run(s, m, g, &o, out, &res) == SK_OK && res.solutions == 1;
        sk_solver_free(s);
    }
    free(g);
    return ok;
}

/* Random puzzles of geometry geo: keep `keep` per cent of a full grid's
 * digits, then soundness and truth on each. */
static void sweep(const char *name, const sk_geometry *geo, int puzzles, int keep)
{
    sk_model *m = model_of(geo);
    int n = geo->n, nn = n * n, bad = 0, wrong = 0;
    uint8_t *full = malloc((size_t)nn), *g = malloc((size_t)nn);
    double t0 = now();
    if (!m || !full || !g) {
        CHECK(0);
        goto done;
    }
    for (int k = 0; k < puzzles; k++) {
        if (!full_grid(m, full))
            continue;
        for (int i = 0; i < nn; i++)
            g[i] = below(100) < keep ? full[i] : 0;
        if (!try_puzzle(m, g, NULL, &wrong) && bad++ < 5)
            fprintf(stderr, "  %s puzzle %d\n", name, k);
    }
    printf("#  %s: %d puzzles, %d with a wrong given, %.1f s\n", name, puzzles, wrong,
           now() - t0);
    CHECK_EQ_INT(bad, 0);
done:
    free(full);
    free(g);
    sk_model_free(m);
}

static void test_sweeps(void)
{
    /* 9x9 jigsaw: the boxes, with pairs of cells traded between
     * neighbouring boxes so that each region stays connected */
    static const int trade[][2] = {{3, 20}, {30, 47}, {59, 78}, {35, 24}};
    uint8_t regions[81];
    sk_geometry g9 = SK_GEOMETRY_INIT(9), g16 = SK_GEOMETRY_INIT(16), gj = SK_GEOMETRY_INIT(9);
    for (int i = 0; i < 81; i++)
        regions[i] = (uint8_t)(i / 27 * 3 + i % 9 / 3);
    for (int k = 0; k < 4; k++) {
        uint8_t t = regions[trade[k][0]];
        regions[trade[k][0]] = regions[trade[k][1]];
        regions[trade[k][1]] = t;
    }
    gj.regions = regions;
    sweep("9x9, 30% given", &g9, 150, 30);
    sweep("9x9, 40% given", &g9, 150, 40);
    sweep("16x16, 65% given", &g16, 20, 65);
    sweep("9x9 jigsaw, 35% given", &gj, 100, 35);
}

static void test_kinds_seen(void)
{
    /* the sweeps must have met the main kinds, or they test little */
    printf("#  reasons:");
    for (int k = 1; k < SK_WHY_LAST_; k++)
        printf(" %s %ld", sk_why_keyword(k), kinds[k]);
    printf("\n");
    CHECK(kinds[SK_WHY_CELL] > 0);
    CHECK(kinds[SK_WHY_HOUSE] > 0);
    CHECK(kinds[SK_WHY_RULE] > 0);
    CHECK(kinds[SK_WHY_BRANCH] > 0);
}

int main(void)
{
    const char *seed = getenv("SK_EXPLAIN_SEED");
    if (seed)
        rng = strtoull(seed, NULL, 10) | 1;
    printf("#  seed %llu\n", (unsigned long long)rng);
    RUN(test_classic_kinds);
    RUN(test_alphabet);
    RUN(test_rules);
    RUN(test_iss);
    RUN(test_sweeps);
    RUN(test_kinds_seen);
    return check_summary();
}
