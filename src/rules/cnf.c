/*
 * cnf.c - the variant rules as CNF clauses, for sk_write_cnf.
 *
 * Every rule is encoded here from its definition (the sk_rule list the
 * model keeps), not from the houses and propagators compile.c makes of
 * it, so that a SAT solver run on the export judges the engines
 * independently.  Digit variables are those of sk_write_cnf: x(c, d) =
 * c*N + d.  Rules that need more get auxiliary variables numbered from
 * N^3 + 1 on, in the order the rules come.
 *
 *   cells that must differ   ~x(a,d) | ~x(b,d) for every pair and digit
 *   a relation on two cells  for each digit p of a: ~x(a,p) | OR x(b,q)
 *   (dots, XV, thermometer   over the digits q it allows with p (a unit
 *   steps, whispers,         clause when there is none); with exactly one
 *   palindromes, minimum,    digit per cell this forbids every pair that
 *   maximum, negatives)      is not allowed
 *   a set of digits          units ~x(c,d) for the digits left out
 *   sums (cages, little      partial sums, forward only: s(j,v) "the first
 *   killers, arrows,         j cells sum to v" follows from s(j-1,u) and
 *   region-sum runs)         x(c_j, v-u); totals the rule does not allow
 *                            are refused.  Nothing forces an s false, but
 *                            the true sums are forced true, so the formula
 *                            is satisfiable exactly when the digits are
 *                            right; where a total is compared with another
 *                            (arrow, region-sum) the totals get an
 *                            at-most-one ladder
 *   sandwich                 an automaton along the row: before the first
 *                            crust, between them with the sum so far, after
 *                            the second; it must end after
 *   between line             for each inner cell and pair of end digits:
 *                            ~x(a,p) | ~x(b,q) | OR x(m, r), p < r < q
 *   renban                   differ, and no two digits further apart than
 *                            its length - 1
 *   quadruple                digit d needed k times among c cells: every
 *                            c - k + 1 of the cells hold d somewhere
 *
 * The encoder runs twice, the first time only counting (the DIMACS header
 * comes first), so its output must not depend on anything but the model.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"

/* Appends a literal (0 ends the clause). */
static void lit(skx_cnf *e, long v)
{
    if (e->emit)
        e->emit(e->ctx, v);
    if (v == 0)
        e->clauses++;
}

static void clause2(skx_cnf *e, long a, long b)
{
    lit(e, a);
    lit(e, b);
    lit(e, 0);
}

static long fresh(skx_cnf *e, long count)
{
    long first = e->vars + 1;
    e->vars += count;
    return first;
}

/* ---- building blocks ----------------------------------------------------- */

static void differ(skx_cnf *e, int n, const int *cells, int k)
{
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            if (cells[i] != cells[j])
                for (int d = 1; d <= n; d++)
                    clause2(e, -((long)cells[i] * n + d), -((long)cells[j] * n + d));
}

enum { R_DIFF, R_RATIO, R_SUM, R_LESS, R_ATLEAST, R_EQUAL, R_NOTDIFF, R_NOTRATIO, R_NOTXV,
       R_WITHIN };

static int related(int rel, int v, int p, int q)
{
    switch (rel) {
    case R_DIFF: return p - q == v || q - p == v;
    case R_RATIO: return p == v * q || q == v * p;
    case R_SUM: return p + q == v;
    case R_LESS: return p < q;
    case R_ATLEAST: return p - q >= v || q - p >= v;
    case R_EQUAL: return p == q;
    case R_NOTDIFF: return p - q != v && q - p != v;
    case R_NOTRATIO: return p != v * q && q != v * p;
    case R_NOTXV: return p + q != 5 && p + q != 10;
    default: return p - q <= v && q - p <= v; /* R_WITHIN */
    }
}

static void relation(skx_cnf *e, int n, int a, int b, int rel, int v)
{
    for (int p = 1; p <= n; p++) {
        lit(e, -((long)a * n + p));
        for (int q = 1; q <= n; q++)
            if (related(rel, v, p, q))
                lit(e, (long)b * n + q);
        lit(e, 0);
    }
}

static void only_digits(skx_cnf *e, int n, int cell, uint64_t keep)
{
    for (int d = 1; d <= n; d++)
        if (!(keep >> (d - 1) & 1)) {
            lit(e, -((long)cell * n + d));
            lit(e, 0);
        }
}

/* At most one of vars[0..k) (a ladder of k - 1 auxiliary variables). */
static void at_most_one(skx_cnf *e, const long *vars, int k)
{
    if (k < 2)
        return;
    long r = fresh(e, k - 1); /* r+i: one of vars[0..i] is true */
    for (int i = 0; i < k - 1; i++) {
        clause2(e, -vars[i], r + i);
        if (i > 0)
            clause2(e, -(r + i - 1), r + i);
        clause2(e, -vars[i + 1], -(r + i));
    }
}

/*
 * Partial sums of cells[0..k) (k >= 1): after the call, s[v] (v = 0..top)
 * is the variable "the cells sum to v", or 0 when no choice of digits
 * makes v.  Sums above top are refused.  s must hold top + 1 entries.
 */
static void sums(skx_cnf *e, int n, const int *cells, int k, int top, long *s)
{
    long *prev = calloc((size_t)top + 1, sizeof *prev), *cur = calloc((size_t)top + 1, sizeof *cur);
    if (!prev || !cur) {
        e->failed = 1;
        free(prev);
        free(cur);
        memset(s, 0, ((size_t)top + 1) * sizeof *s);
        return;
    }
    for (int j = 0; j < k; j++) {
        memset(cur, 0, ((size_t)top + 1) * sizeof *cur);
        /* the totals this cell leads to, one variable each */
        for (int u = 0; u <= top; u++)
            if (j == 0 ? u == 0 : prev[u] != 0)
                for (int d = 1; d <= n && u + d <= top; d++)
                    cur[u + d] = -1;
        for (int v = 0; v <= top; v++)
            if (cur[v])
                cur[v] = fresh(e, 1);
        /* sum u so far and digit d give u + d (or nothing above top) */
        for (int u = 0; u <= top; u++) {
            if (!(j == 0 ? u == 0 : prev[u] != 0))
                continue;
            for (int d = 1; d <= n; d++) {
                if (j > 0)
                    lit(e, -prev[u]);
                lit(e, -((long)cells[j] * n + d));
                if (u + d <= top)
                    lit(e, cur[u + d]);
                lit(e, 0);
            }
        }
        long *t = prev;
        prev = cur;
        cur = t;
    }
    memcpy(s, prev, ((size_t)top + 1) * sizeof *s);
    free(prev);
    free(cur);
}

/* The cells sum to a total in [lo, hi]. */
static void sum_range(skx_cnf *e, int n, const int *cells, int k, int lo, int hi)
{
    long *s = malloc(((size_t)hi + 1) * sizeof *s);
    if (!s) {
        e->failed = 1;
        return;
    }
    sums(e, n, cells, k, hi, s);
    for (int v = 0; v < lo; v++)
        if (s[v]) {
            lit(e, -s[v]);
            lit(e, 0);
        }
    free(s);
}

/* ---- the rules ------------------------------------------------------------ */

static void arrow(skx_cnf *e, int n, const sk_rule *r)
{
    const int p = r->aux, len = r->ncells - p, top = len * n;
    long *s = malloc(((size_t)top + 1) * sizeof *s);
    long *finals = malloc(((size_t)top + 1) * sizeof *finals);
    int nf = 0;
    if (!s || !finals) {
        e->failed = 1;
        free(s);
        free(finals);
        return;
    }
    sums(e, n, r->cells + p, len, top, s);
    for (int v = 0; v <= top; v++)
        if (s[v])
            finals[nf++] = s[v];
    at_most_one(e, finals, nf);
    /* every reading of the circle needs the shaft to make it */
    int d[3] = {1, 1, 1};
    for (;;) {
        long v = 0;
        for (int j = 0; j < p; j++) {
            for (int t = d[j]; t > 0; t /= 10)
                v *= 10;
            v += d[j];
        }
        for (int j = 0; j < p; j++)
            lit(e, -((long)r->cells[j] * n + d[j]));
        if (v <= top && s[v])
            lit(e, s[v]);
        lit(e, 0);
        int j = p - 1;
        while (j >= 0 && d[j] == n)
            d[j--] = 1;
        if (j < 0)
            break;
        d[j]++;
    }
    free(s);
    free(finals);
}

static void region_sum(skx_cnf *e, const sk_model *m, const sk_rule *r)
{
    const int n = m->n, top = r->ncells * n;
    long *first = NULL, *s = malloc(((size_t)top + 1) * sizeof *s);
    long *finals = malloc(((size_t)top + 1) * sizeof *finals);
    if (!s || !finals) {
        e->failed = 1;
        free(s);
        free(finals);
        return;
    }
    for (int start = 0, j = 1; j <= r->ncells; j++) {
        if (j < r->ncells && m->region[r->cells[j]] == m->region[r->cells[j - 1]])
            continue;
        sums(e, n, r->cells + start, j - start, top, s);
        int nf = 0;
        for (int v = 0; v <= top; v++)
            if (s[v])
                finals[nf++] = s[v];
        at_most_one(e, finals, nf);
        if (!first) {
            first = malloc(((size_t)top + 1) * sizeof *first);
            if (!first) {
                e->failed = 1;
                break;
            }
            memcpy(first, s, ((size_t)top + 1) * sizeof *first);
        } else {
            /* this run's total is the first run's */
            for (int v = 0; v <= top; v++)
                if (first[v]) {
                    lit(e, -first[v]);
                    if (s[v])
                        lit(e, s[v]);
                    lit(e, 0);
                }
        }
        start = j;
    }
    free(first);
    free(s);
    free(finals);
}

static void sandwich(skx_cnf *e, int n, const sk_rule *r)
{
    /* states: 0 before, 1 + s inside with sum s (s = 0..V), V + 2 after */
    const int V = r->value, ns = V + 3, after = V + 2;
    long *prev = malloc((size_t)ns * sizeof *prev), *cur = malloc((size_t)ns * sizeof *cur);
    if (!prev || !cur) {
        e->failed = 1;
        free(prev);
        free(cur);
        return;
    }
    prev[0] = fresh(e, ns);
    for (int q = 1; q < ns; q++)
        prev[q] = prev[0] + q;
    lit(e, prev[0]); /* the start */
    lit(e, 0);
    for (int j = 0; j < r->ncells; j++) {
        cur[0] = fresh(e, ns);
        for (int q = 1; q < ns; q++)
            cur[q] = cur[0] + q;
        for (int q = 0; q < ns; q++)
            for (int d = 1; d <= n; d++) {
                int crust = d == 1 || d == n, to;
                if (q == 0)
                    to = crust ? 1 : 0;
                else if (q == after)
                    to = crust ? -1 : after;
                else if (crust)
                    to = q - 1 == V ? after : -1;
                else
                    to = q - 1 + d <= V ? q + d : -1;
                lit(e, -prev[q]);
                lit(e, -((long)r->cells[j] * n + d));
                if (to >= 0)
                    lit(e, cur[to]);
                lit(e, 0);
            }
        long *t = prev;
        prev = cur;
        cur = t;
    }
    for (int q = 0; q < ns; q++)
        if (q != after) {
            lit(e, -prev[q]);
            lit(e, 0);
        }
    free(prev);
    free(cur);
}

static void between(skx_cnf *e, int n, const sk_rule *r)
{
    int a = r->cells[0], b = r->cells[r->ncells - 1];
    for (int j = 1; j + 1 < r->ncells; j++)
        for (int p = 1; p <= n; p++)
            for (int q = 1; q <= n; q++) {
                lit(e, -((long)a * n + p));
                lit(e, -((long)b * n + q));
                for (int t = (p < q ? p : q) + 1; t < (p < q ? q : p); t++)
                    lit(e, (long)r->cells[j] * n + t);
                lit(e, 0);
            }
}

static void quadruple(skx_cnf *e, int n, const sk_rule *r)
{
    int count[SK_MAX_N + 1] = {0};
    for (int j = 0; j < r->ndigits; j++)
        count[r->digits[j]]++;
    const int c = r->ncells;
    for (int d = 1; d <= n; d++) {
        if (!count[d])
            continue;
        int size = c - count[d] + 1;
        if (size < 1) { /* more copies needed than cells: unsatisfiable */
            lit(e, 0);
            continue;
        }
        /* every subset of `size` of the (at most 4) cells */
        for (unsigned s = 0; s < (1u << c); s++) {
            if (__builtin_popcount(s) != size)
                continue;
            for (int j = 0; j < c; j++)
                if (s >> j & 1)
                    lit(e, (long)r->cells[j] * n + d);
            lit(e, 0);
        }
    }
}

/* Orthogonal neighbour pairs (a, b), a before b, without a mark of the
 * negative rule's family. */
static int marked(const sk_model *m, int kind, int a, int b)
{
    for (int k = 0; k < m->nrules; k++) {
        const sk_rule *s = &m->rules[k];
        int dot = s->kind == SK_RULE_WHITE_DOT || s->kind == SK_RULE_BLACK_DOT;
        int family = kind == SK_RULE_NEGATIVE_XV ? s->kind == SK_RULE_XV : dot;
        if (family && ((s->cells[0] == a && s->cells[1] == b) || (s->cells[0] == b && s->cells[1] == a)))
            return 1;
    }
    return 0;
}

static int is_cell_of(const sk_model *m, int kind, int c)
{
    for (int k = 0; k < m->nrules; k++)
        if (m->rules[k].kind == kind)
            for (int j = 0; j < m->rules[k].ncells; j++)
                if (m->rules[k].cells[j] == c)
                    return 1;
    return 0;
}

static void chess(skx_cnf *e, const sk_model *m, const int (*mv)[2], int nmv)
{
    const int n = m->n;
    for (int a = 0; a < m->ncells; a++)
        for (int k = 0; k < nmv; k++) {
            int r = a / n + mv[k][0], c = a % n + mv[k][1];
            if (r < 0 || r >= n || c < 0 || c >= n || r * n + c <= a)
                continue;
            int pair[2] = {a, r * n + c};
            differ(e, n, pair, 2);
        }
}

static void rule(skx_cnf *e, const sk_model *m, const sk_rule *r)
{
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king[8][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1},
                                   {0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    static const int orth[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    const int n = m->n, k = r->ncells;
    const int *c = r->cells;
    int cells[SK_MAX_N];
    switch (r->kind) {
    case SK_RULE_CAGE:
        differ(e, n, c, k);
        if (r->value)
            sum_range(e, n, c, k, r->value, r->value);
        break;
    case SK_RULE_LITTLE_KILLER:
        sum_range(e, n, c, k, r->value, r->value);
        break;
    case SK_RULE_SANDWICH:
        sandwich(e, n, r);
        break;
    case SK_RULE_ARROW:
        arrow(e, n, r);
        break;
    case SK_RULE_THERMO:
        for (int j = 0; j + 1 < k; j++)
            relation(e, n, c[j], c[j + 1], R_LESS, 0);
        break;
    case SK_RULE_PALINDROME:
        for (int j = 0; j < k / 2; j++)
            if (c[j] != c[k - 1 - j])
                relation(e, n, c[j], c[k - 1 - j], R_EQUAL, 0);
        break;
    case SK_RULE_WHISPER:
        for (int j = 0; j + 1 < k; j++)
            relation(e, n, c[j], c[j + 1], R_ATLEAST, r->value ? r->value : (n + 1) / 2);
        break;
    case SK_RULE_RENBAN:
        differ(e, n, c, k);
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++)
                relation(e, n, c[i], c[j], R_WITHIN, k - 1);
        break;
    case SK_RULE_BETWEEN:
        between(e, n, r);
        break;
    case SK_RULE_REGION_SUM:
        region_sum(e, m, r);
        break;
    case SK_RULE_WHITE_DOT:
        relation(e, n, c[0], c[1], R_DIFF, r->value ? r->value : 1);
        break;
    case SK_RULE_BLACK_DOT:
        relation(e, n, c[0], c[1], R_RATIO, r->value ? r->value : 2);
        break;
    case SK_RULE_XV:
        relation(e, n, c[0], c[1], R_SUM, r->value);
        break;
    case SK_RULE_ODD:
    case SK_RULE_EVEN:
    case SK_RULE_DIGITS: {
        uint64_t keep = 0;
        for (int d = 1; d <= n; d++)
            if ((r->kind == SK_RULE_ODD && d % 2) || (r->kind == SK_RULE_EVEN && !(d % 2)))
                keep |= 1ull << (d - 1);
        for (int j = 0; j < r->ndigits; j++)
            keep |= 1ull << (r->digits[j] - 1);
        for (int j = 0; j < k; j++)
            only_digits(e, n, c[j], keep);
        break;
    }
    case SK_RULE_MINIMUM:
    case SK_RULE_MAXIMUM:
        for (int j = 0; j < k; j++)
            for (int q = 0; q < 4; q++) {
                int rr = c[j] / n + orth[q][0], cc = c[j] % n + orth[q][1];
                if (rr < 0 || rr >= n || cc < 0 || cc >= n || is_cell_of(m, r->kind, rr * n + cc))
                    continue;
                if (r->kind == SK_RULE_MINIMUM)
                    relation(e, n, c[j], rr * n + cc, R_LESS, 0);
                else
                    relation(e, n, rr * n + cc, c[j], R_LESS, 0);
            }
        break;
    case SK_RULE_QUADRUPLE:
        quadruple(e, n, r);
        break;
    case SK_RULE_REGION:
        differ(e, n, c, k);
        break;
    case SK_RULE_DIAGONAL_UP:
    case SK_RULE_DIAGONAL_DOWN:
        for (int i = 0; i < n; i++)
            cells[i] = r->kind == SK_RULE_DIAGONAL_DOWN ? i * n + i : (n - 1 - i) * n + i;
        differ(e, n, cells, n);
        break;
    case SK_RULE_ANTI_KNIGHT:
        chess(e, m, knight, 8);
        break;
    case SK_RULE_ANTI_KING:
        chess(e, m, king, 8);
        break;
    case SK_RULE_DISJOINT:
        /* the j-th cell, in reading order, of every region */
        for (int j = 0; j < n; j++) {
            int seen[SK_MAX_N] = {0}, s = 0;
            for (int i = 0; i < m->ncells; i++)
                if (seen[m->region[i]]++ == j)
                    cells[s++] = i;
            differ(e, n, cells, s);
        }
        break;
    case SK_RULE_NONCONSECUTIVE:
    case SK_RULE_NEGATIVE_BLACK:
    case SK_RULE_NEGATIVE_XV: {
        int rel = r->kind == SK_RULE_NONCONSECUTIVE ? R_NOTDIFF
                  : r->kind == SK_RULE_NEGATIVE_BLACK ? R_NOTRATIO : R_NOTXV;
        int v = r->value ? r->value : r->kind == SK_RULE_NONCONSECUTIVE ? 1 : 2;
        for (int a = 0; a < m->ncells; a++)
            for (int q = 0; q < 2; q++) {
                int b = q == 0 ? a + 1 : a + n;
                if ((q == 0 && a % n == n - 1) || b >= m->ncells || marked(m, r->kind, a, b))
                    continue;
                relation(e, n, a, b, rel, v);
            }
        break;
    }
    default:
        break;
    }
}

void skx_rules_cnf(const sk_model *m, skx_cnf *e)
{
    for (int k = 0; k < m->nrules; k++)
        rule(e, m, &m->rules[k]);
}
