/*
 * check.c - sk_check_rules: which variant rules a grid breaks, judged from
 * the rules' definitions (the caller's sk_rule list kept in the model),
 * never from the propagators the engines use, so that it can judge them.
 *
 * A complete rule (every cell of it filled) is checked exactly.  A rule
 * with empty cells is reported only when its filled cells already rule
 * out every way of filling the rest of its own cells, in these cases:
 *
 *   cage, little killer   the filled digits plus the least (greatest) the
 *                         empty cells can add exceed (miss) the sum; for a
 *                         cage the empty cells add different digits not yet
 *                         used
 *   sandwich              1 and N are placed and the digits between them
 *                         already exceed the sum (or, all filled, miss it)
 *   arrow                 the circle is filled and the shaft's filled
 *                         digits plus one per empty cell exceed it
 *   thermometer           two filled cells i < j with d[j] - d[i] < j - i,
 *                         or a filled cell with no room for the cells
 *                         before or after it (d[i] <= i, d[i] > N - rest)
 *   palindrome            two mirrored filled cells differ
 *   whisper               two neighbouring filled cells too close, or a
 *                         digit with no partner far enough (5 on 9x9)
 *   renban                filled digits spread over more than its length
 *   between line          both ends filled less than 2 apart, or an inner
 *                         filled digit not strictly between filled ends,
 *                         or equal to a filled end
 *   region-sum line       a complete run whose sum differs from another
 *                         complete run, or that another run's filled digits
 *                         plus one per empty cell already exceed
 *   dots, XV, negatives,  both cells of a pair filled and the pair's
 *   minimum, maximum      relation broken
 *   odd, even, digits     a filled digit outside the set
 *   quadruple             more required digits missing than empty cells
 *
 * Repeated digits in the houses rules make (cages, renban lines, extra
 * regions, diagonals, disjoint groups, chess pairs) are sk_check's.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules.h"

typedef struct ctx {
    const sk_model *m;
    const uint8_t *g;
    sk_violation *out;
    long max;
    long found;
} ctx;

static void report(ctx *x, int rule, int cell, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void report(ctx *x, int rule, int cell, const char *fmt, ...)
{
    if (x->out && x->found < x->max) {
        sk_violation *v = &x->out[x->found];
        char what[96];
        va_list ap;
        v->rule = rule;
        v->cell = cell;
        sk_model_rule_describe(x->m, rule, what, sizeof what);
        int len = snprintf(v->message, sizeof v->message, "%s", what);
        if (len >= 0 && (size_t)len < sizeof v->message) {
            va_start(ap, fmt);
            vsnprintf(v->message + len, sizeof v->message - (size_t)len, fmt, ap);
            va_end(ap);
        }
    }
    x->found++;
}

static const char *cn(const ctx *x, int cell, char *buf) { return skx_cell_name(x->m->n, cell, buf); }

/* Sum of the filled cells of cells[from..to), and how many are empty. */
static long partial_sum(const ctx *x, const int *cells, int from, int to, int *empty)
{
    long s = 0;
    *empty = 0;
    for (int j = from; j < to; j++) {
        int d = x->g[cells[j]];
        if (d)
            s += d;
        else
            ++*empty;
    }
    return s;
}

static void check_cage(ctx *x, int k, const sk_rule *r)
{
    const int n = x->m->n;
    int empty;
    long s = partial_sum(x, r->cells, 0, r->ncells, &empty);
    if (!r->value)
        return;
    if (!empty) {
        if (s != r->value)
            report(x, k, r->cells[0], " sums to %ld, expected %d", s, r->value);
        return;
    }
    /* the least and most the empty cells can add: different digits
     * not yet in the cage (for a cage), any digits (little killer) */
    long least = 0, most = 0;
    if (r->kind == SK_RULE_CAGE) {
        uint64_t used = 0;
        for (int j = 0; j < r->ncells; j++)
            if (x->g[r->cells[j]] && x->g[r->cells[j]] <= n)
                used |= 1ull << (x->g[r->cells[j]] - 1);
        int need = empty;
        for (int d = 1; d <= n && need; d++)
            if (!(used >> (d - 1) & 1))
                least += d, need--;
        need = empty;
        for (int d = n; d >= 1 && need; d--)
            if (!(used >> (d - 1) & 1))
                most += d, need--;
        if (need) /* not enough digits left: sk_check reports the repeat */
            return;
    } else {
        least = empty;
        most = (long)empty * n;
    }
    char what[32];
    if (empty == 1)
        snprintf(what, sizeof what, "the empty cell adds");
    else
        snprintf(what, sizeof what, "the %d empty cells add", empty);
    if (s + least > r->value)
        report(x, k, r->cells[0], ": its filled cells sum to %ld and %s at least %ld", s, what, least);
    else if (s + most < r->value)
        report(x, k, r->cells[0], ": its filled cells sum to %ld and %s at most %ld", s, what, most);
}

static void check_sandwich(ctx *x, int k, const sk_rule *r)
{
    const int n = x->m->n;
    int p1 = -1, pn = -1;
    for (int j = 0; j < r->ncells; j++) {
        if (x->g[r->cells[j]] == 1)
            p1 = j;
        if (x->g[r->cells[j]] == n)
            pn = j;
    }
    if (p1 < 0 || pn < 0)
        return;
    int lo = p1 < pn ? p1 : pn, hi = p1 < pn ? pn : p1, empty;
    long s = partial_sum(x, r->cells, lo + 1, hi, &empty);
    if (!empty && s != r->value)
        report(x, k, r->cells[lo], ": the digits between 1 and %d sum to %ld", n, s);
    else if (empty && s + empty > r->value)
        report(x, k, r->cells[lo], ": the digits between 1 and %d already sum to %ld", n, s);
}

static long pill_value(const ctx *x, const sk_rule *r)
{
    long v = 0;
    for (int j = 0; j < r->aux; j++) {
        int d = x->g[r->cells[j]];
        if (!d)
            return -1;
        for (int t = d; t > 0; t /= 10)
            v *= 10;
        v += d;
    }
    return v;
}

static void check_arrow(ctx *x, int k, const sk_rule *r)
{
    long v = pill_value(x, r);
    int empty;
    long s = partial_sum(x, r->cells, r->aux, r->ncells, &empty);
    if (v < 0)
        return;
    if (!empty && s != v)
        report(x, k, r->cells[0], ": the shaft sums to %ld, the circle holds %ld", s, v);
    else if (empty && s + empty > v)
        report(x, k, r->cells[0], ": the shaft already needs more than %ld", v);
}

static void check_thermo(ctx *x, int k, const sk_rule *r)
{
    const int n = x->m->n, len = r->ncells;
    char a[12], b[12];
    for (int i = 0; i < len; i++) {
        int d = x->g[r->cells[i]];
        if (!d)
            continue;
        if (d <= i || d > n - (len - 1 - i)) {
            report(x, k, r->cells[i], ": %s = %d leaves no room for the cells %s it", cn(x, r->cells[i], a), d,
                   d <= i ? "before" : "after");
            return;
        }
        for (int j = i + 1; j < len; j++) {
            int e = x->g[r->cells[j]];
            if (e && e - d < j - i) {
                report(x, k, r->cells[i], ": %s = %d and %s = %d do not increase along it",
                       cn(x, r->cells[i], a), d, cn(x, r->cells[j], b), e);
                return;
            }
        }
    }
}

static void check_palindrome(ctx *x, int k, const sk_rule *r)
{
    char a[12], b[12];
    for (int j = 0; j < r->ncells / 2; j++) {
        int p = r->cells[j], q = r->cells[r->ncells - 1 - j];
        if (x->g[p] && x->g[q] && x->g[p] != x->g[q]) {
            report(x, k, p, ": %s = %d and %s = %d should be equal", cn(x, p, a), x->g[p], cn(x, q, b),
                   x->g[q]);
            return;
        }
    }
}

static void check_whisper(ctx *x, int k, const sk_rule *r)
{
    const int n = x->m->n, v = r->value ? r->value : (n + 1) / 2;
    char a[12], b[12];
    for (int j = 0; j < r->ncells; j++) {
        int d = x->g[r->cells[j]];
        if (d && d - v < 1 && d + v > n) {
            report(x, k, r->cells[j], ": %s = %d has no digit %d or more away", cn(x, r->cells[j], a), d, v);
            return;
        }
        if (j + 1 < r->ncells) {
            int e = x->g[r->cells[j + 1]];
            if (d && e && d - e < v && e - d < v) {
                report(x, k, r->cells[j], ": %s = %d and %s = %d differ by less than %d",
                       cn(x, r->cells[j], a), d, cn(x, r->cells[j + 1], b), e, v);
                return;
            }
        }
    }
}

static void check_renban(ctx *x, int k, const sk_rule *r)
{
    int lo = 0, hi = 0;
    for (int j = 0; j < r->ncells; j++) {
        int d = x->g[r->cells[j]];
        if (!d)
            continue;
        if (!lo || d < lo)
            lo = d;
        if (d > hi)
            hi = d;
    }
    if (lo && hi - lo > r->ncells - 1)
        report(x, k, r->cells[0], ": holds %d and %d, too far apart for %d consecutive digits", lo, hi,
               r->ncells);
}

static void check_between(ctx *x, int k, const sk_rule *r)
{
    int a = x->g[r->cells[0]], b = x->g[r->cells[r->ncells - 1]];
    char c1[12];
    if (a && b && (a - b < 2 && b - a < 2)) {
        report(x, k, r->cells[0], ": its ends %d and %d leave no digit between them", a, b);
        return;
    }
    for (int j = 1; j + 1 < r->ncells; j++) {
        int d = x->g[r->cells[j]];
        if (!d)
            continue;
        if (d == a || d == b || (a && b && !((a < d && d < b) || (b < d && d < a)))) {
            report(x, k, r->cells[j], ": %s = %d is not strictly between its ends", cn(x, r->cells[j], c1), d);
            return;
        }
    }
}

static void check_region_sum(ctx *x, int k, const sk_rule *r)
{
    const sk_model *m = x->m;
    long known = -1;
    int known_at = -1;
    /* one complete run fixes the total */
    for (int start = 0, j = 1; j <= r->ncells; j++)
        if (j == r->ncells || m->region[r->cells[j]] != m->region[r->cells[j - 1]]) {
            int empty;
            long s = partial_sum(x, r->cells, start, j, &empty);
            if (!empty) {
                if (known >= 0 && s != known) {
                    char a[12], b[12];
                    report(x, k, r->cells[start], ": the run at %s sums to %ld, the run at %s to %ld",
                           cn(x, r->cells[known_at], a), known, cn(x, r->cells[start], b), s);
                    return;
                }
                known = s;
                known_at = start;
            }
            start = j;
        }
    if (known < 0)
        return;
    for (int start = 0, j = 1; j <= r->ncells; j++)
        if (j == r->ncells || m->region[r->cells[j]] != m->region[r->cells[j - 1]]) {
            int empty;
            long s = partial_sum(x, r->cells, start, j, &empty);
            if (empty && s + empty > known) {
                char a[12];
                report(x, k, r->cells[start], ": the run at %s already exceeds %ld",
                       cn(x, r->cells[start], a), known);
                return;
            }
            start = j;
        }
}

/* 1 when digits p and q satisfy the dot or XV rule r */
static int pair_ok(const sk_rule *r, int p, int q)
{
    int v = r->value;
    switch (r->kind) {
    case SK_RULE_WHITE_DOT:
        v = v ? v : 1;
        return p - q == v || q - p == v;
    case SK_RULE_BLACK_DOT:
        v = v ? v : 2;
        return p == v * q || q == v * p;
    default: /* XV */
        return p + q == v;
    }
}

static void check_pair_rule(ctx *x, int k, const sk_rule *r)
{
    int p = x->g[r->cells[0]], q = x->g[r->cells[1]];
    if (p && q && !pair_ok(r, p, q))
        report(x, k, r->cells[0], ": %d and %d", p, q);
}

static void check_set(ctx *x, int k, const sk_rule *r)
{
    char a[12];
    for (int j = 0; j < r->ncells; j++) {
        int d = x->g[r->cells[j]], ok = 1;
        if (!d)
            continue;
        if (r->kind == SK_RULE_ODD)
            ok = d % 2 == 1;
        else if (r->kind == SK_RULE_EVEN)
            ok = d % 2 == 0;
        else {
            ok = 0;
            for (int t = 0; t < r->ndigits; t++)
                ok |= r->digits[t] == d;
        }
        if (!ok)
            report(x, k, r->cells[j], ": %s holds %d", cn(x, r->cells[j], a), d);
    }
}

/* 1 when cell c is a cell of some rule of the given kind */
static int marked_as(const sk_model *m, int kind, int c)
{
    for (int k = 0; k < m->nrules; k++)
        if (m->rules[k].kind == kind)
            for (int j = 0; j < m->rules[k].ncells; j++)
                if (m->rules[k].cells[j] == c)
                    return 1;
    return 0;
}

static void check_extreme(ctx *x, int k, const sk_rule *r)
{
    static const int dir[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    const int n = x->m->n;
    char a[12], b[12];
    for (int j = 0; j < r->ncells; j++) {
        int c = r->cells[j], d = x->g[c];
        if (!d)
            continue;
        for (int q = 0; q < 4; q++) {
            int rr = c / n + dir[q][0], cc = c % n + dir[q][1];
            if (rr < 0 || rr >= n || cc < 0 || cc >= n)
                continue;
            int o = rr * n + cc, e = x->g[o];
            if (!e || marked_as(x->m, r->kind, o))
                continue;
            if (r->kind == SK_RULE_MINIMUM ? d >= e : d <= e) {
                report(x, k, c, ": %s = %d is not %s than %s = %d", cn(x, c, a), d,
                       r->kind == SK_RULE_MINIMUM ? "smaller" : "larger", cn(x, o, b), e);
                break;
            }
        }
    }
}

static void check_quad(ctx *x, int k, const sk_rule *r)
{
    int have[SK_MAX_N + 1] = {0}, need[SK_MAX_N + 1] = {0}, empty = 0, missing = 0;
    for (int j = 0; j < r->ncells; j++) {
        int d = x->g[r->cells[j]];
        if (d && d <= x->m->n)
            have[d]++;
        else if (!d)
            empty++;
    }
    for (int t = 0; t < r->ndigits; t++)
        need[r->digits[t]]++;
    for (int d = 1; d <= x->m->n; d++)
        if (need[d] > have[d])
            missing += need[d] - have[d];
    if (missing > empty)
        report(x, k, r->cells[0], ": %d required digit%s missing and %d empty cell%s", missing,
               missing == 1 ? "" : "s", empty, empty == 1 ? "" : "s");
}

/* 1 when the pair a-b carries a mark of the negative rule's family */
static int pair_marked(const sk_model *m, int kind, int a, int b)
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

static void check_negative(ctx *x, int k, const sk_rule *r)
{
    const sk_model *m = x->m;
    const int n = m->n;
    char a[12], b[12];
    for (int c = 0; c < m->ncells; c++)
        for (int q = 0; q < 2; q++) {
            int o = q == 0 ? c + 1 : c + n;
            if ((q == 0 && c % n == n - 1) || o >= m->ncells)
                continue;
            int p = x->g[c], v = x->g[o], bad;
            if (!p || !v)
                continue;
            if (r->kind == SK_RULE_NONCONSECUTIVE) {
                int d = r->value ? r->value : 1;
                bad = p - v == d || v - p == d;
            } else if (r->kind == SK_RULE_NEGATIVE_BLACK) {
                int d = r->value ? r->value : 2;
                bad = p == d * v || v == d * p;
            } else {
                bad = p + v == 5 || p + v == 10;
            }
            if (bad && !pair_marked(m, r->kind, c, o))
                report(x, k, c, ": %s = %d and %s = %d with no mark between them", cn(x, c, a), p,
                       cn(x, o, b), v);
        }
}

static void check_rule(ctx *x, int k)
{
    const sk_rule *r = &x->m->rules[k];
    switch (r->kind) {
    case SK_RULE_CAGE:
    case SK_RULE_LITTLE_KILLER:
        check_cage(x, k, r);
        break;
    case SK_RULE_SANDWICH:
        check_sandwich(x, k, r);
        break;
    case SK_RULE_ARROW:
        check_arrow(x, k, r);
        break;
    case SK_RULE_THERMO:
        check_thermo(x, k, r);
        break;
    case SK_RULE_PALINDROME:
        check_palindrome(x, k, r);
        break;
    case SK_RULE_WHISPER:
        check_whisper(x, k, r);
        break;
    case SK_RULE_RENBAN:
        check_renban(x, k, r);
        break;
    case SK_RULE_BETWEEN:
        check_between(x, k, r);
        break;
    case SK_RULE_REGION_SUM:
        check_region_sum(x, k, r);
        break;
    case SK_RULE_WHITE_DOT:
    case SK_RULE_BLACK_DOT:
    case SK_RULE_XV:
        check_pair_rule(x, k, r);
        break;
    case SK_RULE_ODD:
    case SK_RULE_EVEN:
    case SK_RULE_DIGITS:
        check_set(x, k, r);
        break;
    case SK_RULE_MINIMUM:
    case SK_RULE_MAXIMUM:
        check_extreme(x, k, r);
        break;
    case SK_RULE_QUADRUPLE:
        check_quad(x, k, r);
        break;
    case SK_RULE_NONCONSECUTIVE:
    case SK_RULE_NEGATIVE_BLACK:
    case SK_RULE_NEGATIVE_XV:
        check_negative(x, k, r);
        break;
    default:
        break; /* houses only: sk_check */
    }
}

long sk_check_rules(const sk_model *m, const uint8_t *grid, sk_violation *out, long max)
{
    if (!m || !grid || !m->nrules)
        return 0;
    ctx x = {m, grid, out, max < 0 ? 0 : max, 0};
    for (int i = 0; i < m->ncells; i++)
        if (grid[i] > m->n)
            return 0; /* sk_check reports digits above N; sums would be meaningless */
    for (int k = 0; k < m->nrules; k++)
        check_rule(&x, k);
    return x.found;
}

int skx_rules_hold(const sk_model *m, const uint8_t *grid)
{
    return sk_check_rules(m, grid, NULL, 0) == 0;
}
