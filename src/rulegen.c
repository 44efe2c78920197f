/*
 * rulegen.c - variant rules added to a puzzle until it has one solution
 * (sk_add_rules): what a setter does by hand, one clue at a time.
 *
 * Rules of the whole grid asked for (anti-knight, diagonals,
 * nonconsecutive...) are imposed first, and the solution kept is drawn
 * under them; the others are drawn one at a time as follows.
 *
 * A random solution S of the puzzle is the answer to keep.  While the
 * puzzle with the rules so far has a second solution T, a rule is drawn
 * that S obeys and T breaks: it starts at a cell where they differ (a
 * dot to a neighbour whose digit fits, a thermometer climbing from it, an
 * arrow whose shaft sums to it, a cage grown from it...), and it is kept
 * only when T is checked to break it (sk_check_rules on a model holding
 * that rule alone), so every round removes T and the rounds end.  Then
 * each added rule is offered for removal once, in random order, and goes
 * when the solution stays unique without it.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "rng.h"

/* Rules of the whole grid: imposed before the solution is drawn. */
static int is_global(int kind)
{
    switch (kind) {
    case SK_RULE_DIAGONAL_UP:
    case SK_RULE_DIAGONAL_DOWN:
    case SK_RULE_ANTI_KNIGHT:
    case SK_RULE_ANTI_KING:
    case SK_RULE_DISJOINT:
    case SK_RULE_NONCONSECUTIVE:
    case SK_RULE_NEGATIVE_BLACK:
    case SK_RULE_NEGATIVE_XV:
        return 1;
    default:
        return 0;
    }
}

/* The kinds a rule can be drawn for. */
int sk_add_rules_kind(int kind)
{
    switch (kind) {
    case SK_RULE_CAGE:
    case SK_RULE_THERMO:
    case SK_RULE_ARROW:
    case SK_RULE_WHISPER:
    case SK_RULE_RENBAN:
    case SK_RULE_BETWEEN:
    case SK_RULE_PALINDROME:
    case SK_RULE_WHITE_DOT:
    case SK_RULE_BLACK_DOT:
    case SK_RULE_XV:
    case SK_RULE_ODD:
    case SK_RULE_EVEN:
    case SK_RULE_MINIMUM:
    case SK_RULE_MAXIMUM:
    case SK_RULE_QUADRUPLE:
    case SK_RULE_SANDWICH:
    case SK_RULE_LITTLE_KILLER:
    case SK_RULE_REGION_SUM:
    case SK_RULE_REGION:
    case SK_RULE_DIGITS:
        return 1;
    default:
        return is_global(kind);
    }
}

/* The neighbours of c: 4 orthogonal, or 8 with the diagonals.  Returns
 * how many were written to nb. */
static int neighbours(int n, int c, int diag, int *nb)
{
    int r = c / n, col = c % n, k = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            if ((!dr && !dc) || (!diag && dr && dc))
                continue;
            int r2 = r + dr, c2 = col + dc;
            if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n)
                nb[k++] = r2 * n + c2;
        }
    return k;
}

static int in_list(const int *a, int k, int x)
{
    for (int i = 0; i < k; i++)
        if (a[i] == x)
            return 1;
    return 0;
}

/* Grows path (holding one cell) to up to want orthogonally connected
 * cells, each a neighbour of one before it, no digit of s twice.  Returns
 * the length reached. */
static int grow_distinct(int n, const uint8_t *s, int *path, int want, uint64_t *rs)
{
    uint64_t used = 1ull << s[path[0]];
    int len = 1;
    while (len < want) {
        int pick = -1, seen = 0;
        for (int i = 0; i < len; i++) {
            int nb[8], k = neighbours(n, path[i], 0, nb);
            for (int j = 0; j < k; j++)
                if (!in_list(path, len, nb[j]) && !(used >> s[nb[j]] & 1u) &&
                    rng_below(rs, (uint32_t)++seen) == 0)
                    pick = nb[j];
        }
        if (pick < 0)
            break;
        path[len++] = pick;
        used |= 1ull << s[pick];
    }
    return len;
}

/* A random neighbour x of c (diagonals when diag), not in path[0..len),
 * for which ok(x) holds; -1 when none. */
#define PICK_NEIGHBOUR(out, c, diag, cond)                        \
    do {                                                          \
        int nb_[8], k_ = neighbours(n, (c), (diag), nb_), seen_ = 0; \
        (out) = -1;                                               \
        for (int i_ = 0; i_ < k_; i_++) {                         \
            int x = nb_[i_];                                      \
            if (in_list(path, len, x) || !(cond))                 \
                continue;                                         \
            if (rng_below(rs, (uint32_t)++seen_) == 0)            \
                (out) = x;                                        \
        }                                                         \
    } while (0)

/* Extends the line path[0..len) from its last cell, while len < want,
 * through neighbours (diagonals too) for which cond holds. */
#define EXTEND(cond)                                         \
    while (len < want) {                                     \
        PICK_NEIGHBOUR(got, path[len - 1], 1, cond);         \
        if (got < 0)                                         \
            break;                                           \
        path[len++] = got;                                   \
    }

/* Draws a rule of kind through cell h that solution s obeys.  cells and
 * digits receive its cells and digits (room for N*N and N).  Returns 1
 * with *r filled, 0 when none fits at h this time.  Each kind leaves its
 * cells in path[0..len) and the fewest it may have in need. */
static int draw_rule(int kind, int n, const uint8_t *s, int h, uint64_t *rs, int *path,
                     int *digits, sk_rule *r)
{
    sk_rule init = SK_RULE_INIT(kind);
    int len = 1, need = 2, got, want = 2 + (int)rng_below(rs, 4); /* lines of 2 to 5 */
    *r = init;
    path[0] = h;
    switch (kind) {
    case SK_RULE_WHITE_DOT:
    case SK_RULE_BLACK_DOT:
    case SK_RULE_XV:
        /* h and a neighbour whose digit fits */
        if (kind == SK_RULE_WHITE_DOT)
            PICK_NEIGHBOUR(got, h, 0, abs(s[x] - s[h]) == 1);
        else if (kind == SK_RULE_BLACK_DOT)
            PICK_NEIGHBOUR(got, h, 0, s[x] == 2 * s[h] || s[h] == 2 * s[x]);
        else
            PICK_NEIGHBOUR(got, h, 0, s[x] + s[h] == 5 || s[x] + s[h] == 10);
        if (got < 0)
            return 0;
        if (kind == SK_RULE_XV)
            r->value = s[got] + s[h];
        path[len++] = got;
        break;
    case SK_RULE_ODD:
    case SK_RULE_EVEN:
        if ((s[h] % 2 == 1) != (kind == SK_RULE_ODD))
            return 0;
        need = 1;
        break;
    case SK_RULE_MINIMUM:
    case SK_RULE_MAXIMUM: {
        int nb[8], k = neighbours(n, h, 0, nb), lo = 1, hi = 1;
        for (int i = 0; i < k; i++) {
            lo &= s[h] < s[nb[i]];
            hi &= s[h] > s[nb[i]];
        }
        if (!(kind == SK_RULE_MINIMUM ? lo : hi))
            return 0;
        need = 1;
        break;
    }
    case SK_RULE_THERMO:
        /* climb from h, then, if too short, go down before it */
        EXTEND(s[x] > s[path[len - 1]]);
        while (len < want) {
            PICK_NEIGHBOUR(got, path[0], 1, s[x] < s[path[0]]);
            if (got < 0)
                break;
            memmove(path + 1, path, (size_t)len * sizeof *path);
            path[0] = got;
            len++;
        }
        break;
    case SK_RULE_WHISPER: {
        int gap = (n + 1) / 2;
        EXTEND(abs(s[x] - s[path[len - 1]]) >= gap);
        break;
    }
    case SK_RULE_RENBAN: {
        /* consecutive digits in any order: each new cell keeps the span
           within the length wanted and repeats no digit */
        int lo = s[h], hi = s[h];
        uint64_t used = 1ull << s[h];
        want = 2 + (int)rng_below(rs, 3);
        while (len < want) {
            PICK_NEIGHBOUR(got, path[len - 1], 1,
                           !(used >> s[x] & 1u) &&
                               (s[x] > hi ? s[x] : hi) - (s[x] < lo ? s[x] : lo) < want);
            if (got < 0)
                break;
            path[len++] = got;
            used |= 1ull << s[got];
            lo = s[got] < lo ? s[got] : lo;
            hi = s[got] > hi ? s[got] : hi;
        }
        if (hi - lo + 1 != len)
            return 0;
        break;
    }
    case SK_RULE_BETWEEN: {
        /* h inside, one end below it and one above */
        int a, b;
        PICK_NEIGHBOUR(a, h, 1, s[x] < s[h]);
        if (a < 0)
            return 0;
        path[len++] = a;
        PICK_NEIGHBOUR(b, h, 1, s[x] > s[h]);
        if (b < 0)
            return 0;
        path[0] = a;
        path[1] = h;
        path[len++] = b;
        break;
    }
    case SK_RULE_PALINDROME: {
        /* two cells of the same digit meet only on a line that bends: a
           palindrome of three, ends equal, h at an end */
        int a, b;
        PICK_NEIGHBOUR(a, h, 1, 1);
        if (a < 0)
            return 0;
        path[len++] = a;
        PICK_NEIGHBOUR(b, a, 1, s[x] == s[h]);
        if (b < 0)
            return 0;
        path[len++] = b;
        break;
    }
    case SK_RULE_ARROW: {
        /* h is the circle; the shaft wanders from it while its sum stays
           below, and must hit the circle's digit exactly */
        int sum = 0;
        while (sum < s[h]) {
            PICK_NEIGHBOUR(got, path[len - 1], 1, sum + s[x] <= s[h]);
            if (got < 0)
                return 0;
            path[len++] = got;
            sum += s[got];
        }
        r->aux = 1;
        break;
    }
    case SK_RULE_CAGE:
        len = grow_distinct(n, s, path, 2 + (int)rng_below(rs, 3), rs);
        for (int i = 0; i < len; i++)
            r->value += s[path[i]];
        break;
    case SK_RULE_REGION:
        /* an extra region: connected cells holding different digits */
        len = grow_distinct(n, s, path, 3 + (int)rng_below(rs, (uint32_t)(n > 3 ? n - 2 : 1)), rs);
        break;
    case SK_RULE_QUADRUPLE: {
        /* a 2x2 block holding h, and the digits of two to four of its cells */
        int row = h / n, col = h % n;
        if (n < 2)
            return 0;
        int r0 = row - (int)rng_below(rs, 2), c0 = col - (int)rng_below(rs, 2);
        r0 = r0 < 0 ? 0 : r0 > n - 2 ? n - 2 : r0;
        c0 = c0 < 0 ? 0 : c0 > n - 2 ? n - 2 : c0;
        int q[4] = {r0 * n + c0, r0 * n + c0 + 1, (r0 + 1) * n + c0, (r0 + 1) * n + c0 + 1};
        for (len = 0; len < 4; len++)
            path[len] = q[len];
        int nd = 2 + (int)rng_below(rs, 3), k = 0;
        digits[k++] = s[h];
        shuffle_ints(rs, q, 4);
        for (int i = 0; i < 4 && k < nd; i++)
            if (q[i] != h)
                digits[k++] = s[q[i]];
        r->ndigits = k;
        r->digits = digits;
        break;
    }
    case SK_RULE_SANDWICH: {
        /* h's row or column, and the sum between its 1 and its N */
        int row = h / n, col = h % n, byrow = (int)rng_below(rs, 2), a = -1, b = -1;
        for (len = 0; len < n; len++) {
            path[len] = byrow ? row * n + len : len * n + col;
            if (s[path[len]] == 1 || s[path[len]] == n) {
                if (a < 0)
                    a = len;
                else
                    b = len;
            }
        }
        if (a < 0 || b < 0)
            return 0;
        for (int i = a + 1; i < b; i++)
            r->value += s[path[i]];
        break;
    }
    case SK_RULE_LITTLE_KILLER: {
        /* the whole diagonal through h in one of four directions, read
           from the edge it starts at */
        int dr = rng_below(rs, 2) ? 1 : -1, dc = rng_below(rs, 2) ? 1 : -1;
        int r0 = h / n, c0 = h % n;
        while (r0 - dr >= 0 && r0 - dr < n && c0 - dc >= 0 && c0 - dc < n) {
            r0 -= dr;
            c0 -= dc;
        }
        for (len = 0; r0 >= 0 && r0 < n && c0 >= 0 && c0 < n; r0 += dr, c0 += dc) {
            path[len++] = r0 * n + c0;
            r->value += s[r0 * n + c0];
        }
        break;
    }
    case SK_RULE_REGION_SUM:
        /* any line from h; whether its runs sum alike is left to the
           checker (the caller keeps only rules the solution obeys) */
        want = 3 + (int)rng_below(rs, 4);
        EXTEND(1);
        break;
    case SK_RULE_DIGITS: {
        /* h's digit and one other, as given pencil marks */
        int other = 1 + (int)rng_below(rs, (uint32_t)(n - 1));
        if (other >= s[h])
            other++;
        digits[0] = s[h] < other ? s[h] : other;
        digits[1] = s[h] < other ? other : s[h];
        r->ndigits = 2;
        r->digits = digits;
        need = 1;
        break;
    }
    default:
        return 0;
    }
    if (len < need)
        return 0;
    r->ncells = len;
    r->cells = path;
    return 1;
}

/* Node budget of one count: a puzzle of weak rules only (little killers
 * on an empty grid) can take minutes to tell one solution from two; it
 * then ends as a timeout rather than running on. */
#define RULES_NODE_CAP 2000000u

/* The state of one sk_add_rules call. */
typedef struct adder {
    const sk_geometry *g;
    sk_rule *all;      /* g's rules, then the kept added rules */
    sk_solver *solver;
    const uint8_t *s;
    uint8_t *other;
    int has_other;
    double deadline;
    sk_diag *diag;
} adder;

static int keep_other(void *user, const uint8_t *solution)
{
    adder *a = user;
    int nc = a->g->n * a->g->n;
    if (!a->has_other && memcmp(solution, a->s, (size_t)nc) != 0) {
        memcpy(a->other, solution, (size_t)nc);
        a->has_other = 1;
    }
    return 0;
}

/* Counts the solutions of givens under g's own rules plus the first k
 * rules of added (those use marks, all when use is NULL), up to 2; a
 * solution other than s goes to a->other.  Returns 0, 1, 2, -1 when the
 * time ran out, or an error. */
static int count(adder *a, const uint8_t *givens, const sk_rule *added, const uint8_t *use,
                 int k)
{
    sk_geometry g = *a->g;
    int nr = a->g->nrules;
    for (int i = 0; i < a->g->nrules; i++)
        a->all[i] = a->g->rules[i];
    for (int i = 0; i < k; i++)
        if (!use || use[i])
            a->all[nr++] = added[i];
    g.nrules = nr;
    g.rules = nr ? a->all : NULL;
    sk_model *m = NULL;
    int rc = sk_model_new(&g, &m, a->diag);
    if (rc != SK_OK)
        return rc;
    sk_search_opts so = SK_SEARCH_OPTS_INIT;
    sk_result res;
    so.on_solution = keep_other;
    so.user = a;
    so.max_nodes = RULES_NODE_CAP;
    a->has_other = 0;
    if (a->deadline > 0) {
        so.timeout = a->deadline - skx_now();
        if (so.timeout <= 0) {
            sk_model_free(m);
            return -1;
        }
    }
    rc = sk_solver_run(a->solver, m, givens, &so, NULL, &res);
    sk_model_free(m);
    if (rc != SK_OK)
        return rc;
    if (res.solutions >= 2)
        return 2;
    return res.end == SK_END_EXHAUSTED ? (int)res.solutions : -1;
}

/* 1 when solution t breaks rule r (on g's cells and regions, alone). */
static int breaks(const sk_geometry *g, const sk_rule *r, const uint8_t *t)
{
    sk_geometry one = *g;
    one.nrules = 1;
    one.rules = r;
    sk_model *m = NULL;
    if (sk_model_new(&one, &m, NULL) != SK_OK)
        return 0; /* a rule the model refuses is not used */
    long k = sk_check_rules(m, t, NULL, 0);
    sk_model_free(m);
    return k > 0;
}

int sk_add_rules(const sk_geometry *g, const uint8_t *givens, const int *kinds, int nkinds,
                 uint64_t seed, double timeout, sk_rule *rules, int max_rules, int *ints,
                 int max_ints, int *nadded, uint8_t *solution, sk_diag *diag)
{
    if (!g || !givens || !kinds || nkinds < 1 || !rules || max_rules < 1 || !ints ||
        !nadded || !solution || g->n < 1 || g->n > SK_MAX_N)
        return SK_EINVAL;
    for (int i = 0; i < nkinds; i++)
        if (!sk_add_rules_kind(kinds[i]))
            return SK_EINVAL;
    int n = g->n, nc = n * n;
    for (int c = 0; c < nc; c++)
        if (givens[c] > n)
            return SK_EINVAL;
    *nadded = 0;
    adder a;
    memset(&a, 0, sizeof a);
    a.g = g;
    a.diag = diag;
    a.deadline = timeout > 0 ? skx_now() + timeout : 0;
    a.all = malloc(((size_t)g->nrules + (size_t)max_rules) * sizeof *a.all);
    a.other = malloc((size_t)nc);
    uint8_t *s = malloc((size_t)nc), *use = malloc((size_t)max_rules);
    int *path = malloc((size_t)nc * sizeof *path), *digits = malloc((size_t)n * sizeof *digits);
    int *hot = malloc((size_t)nc * sizeof *hot), *order = malloc((size_t)max_rules * sizeof *order);
    sk_model *m0 = NULL;
    sk_generator *gen = NULL;
    int rc = a.all && a.other && s && use && path && digits && hot && order ? SK_OK : SK_ENOMEM;
    /* the rules of the whole grid asked for are imposed first: the
       solution kept obeys them */
    int k = 0, at = 0; /* rules added, ints used */
    for (int i = 0; i < nkinds && rc == SK_OK; i++) {
        int dup = 0;
        for (int j = 0; j < k; j++)
            dup |= rules[j].kind == kinds[i];
        if (!is_global(kinds[i]) || dup)
            continue;
        if (k >= max_rules) {
            rc = SK_ERANGE;
            break;
        }
        sk_rule r = SK_RULE_INIT(kinds[i]);
        rules[k++] = r;
    }
    sk_geometry g0 = *g;
    if (rc == SK_OK && k) {
        for (int i = 0; i < g->nrules; i++)
            a.all[i] = g->rules[i];
        for (int i = 0; i < k; i++)
            a.all[g->nrules + i] = rules[i];
        g0.nrules = g->nrules + k;
        g0.rules = a.all;
    }
    if (rc == SK_OK)
        rc = sk_model_new(&g0, &m0, diag);
    if (rc == SK_OK)
        rc = sk_generator_new(m0, &gen);
    if (rc == SK_OK)
        rc = sk_random_solution(gen, givens, seed, s);
    if (rc == SK_OK)
        rc = sk_solver_new(-1, &a.solver);
    a.s = s;
    uint64_t rs = seed ^ 0x5eed5eed5eedull;
    rng_next(&rs);
    int local = 0;
    for (int i = 0; i < nkinds; i++)
        local += !is_global(kinds[i]);
    int *lkinds = local ? malloc((size_t)local * sizeof *lkinds) : NULL;
    for (int i = 0, j = 0; lkinds && i < nkinds; i++)
        if (!is_global(kinds[i]))
            lkinds[j++] = kinds[i];
    if (local && !lkinds && rc == SK_OK)
        rc = SK_ENOMEM;
    while (rc == SK_OK) {
        int u = count(&a, givens, rules, NULL, k);
        if (u == -1)
            rc = SK_ETIME;
        else if (u < 0)
            rc = u;
        else if (u == 1)
            break;
        else if (u == 0 || !a.has_other)
            rc = SK_ERANGE; /* cannot happen: s is a solution */
        if (rc != SK_OK)
            break;
        int nhot = 0;
        for (int c = 0; c < nc; c++)
            if (a.other[c] != s[c])
                hot[nhot++] = c;
        int found = 0;
        for (int attempt = 0; attempt < 400 && local && !found; attempt++) {
            sk_rule r;
            int h = hot[rng_below(&rs, (uint32_t)nhot)];
            int kind = lkinds[rng_below(&rs, (uint32_t)local)];
            if (!draw_rule(kind, n, s, h, &rs, path, digits, &r))
                continue;
            if (!breaks(g, &r, a.other) || breaks(g, &r, s))
                continue;
            if (k >= max_rules || at + r.ncells + r.ndigits > max_ints) {
                rc = SK_ERANGE; /* out of room */
                break;
            }
            memcpy(ints + at, r.cells, (size_t)r.ncells * sizeof *ints);
            r.cells = ints + at;
            at += r.ncells;
            if (r.ndigits) {
                memcpy(ints + at, r.digits, (size_t)r.ndigits * sizeof *ints);
                r.digits = ints + at;
                at += r.ndigits;
            }
            rules[k++] = r;
            found = 1;
        }
        if (rc == SK_OK && !found)
            rc = SK_ERANGE; /* no rule of these kinds tells the two apart */
    }
    /* offer each added rule for removal once */
    if (rc == SK_OK) {
        memset(use, 1, (size_t)max_rules);
        for (int i = 0; i < k; i++)
            order[i] = i;
        shuffle_ints(&rs, order, k);
        for (int i = 0; i < k && rc == SK_OK; i++) {
            use[order[i]] = 0;
            int u = count(&a, givens, rules, use, k);
            if (u == -1)
                rc = SK_ETIME;
            else if (u < 0)
                rc = u;
            else if (u != 1)
                use[order[i]] = 1;
        }
    }
    if (rc == SK_OK) {
        /* pack the rules kept, their ints moved down in order */
        int kept = 0, to = 0;
        for (int i = 0; i < k; i++) {
            if (!use[i])
                continue;
            sk_rule r = rules[i];
            int total = r.ncells + r.ndigits;
            if (total) {
                memmove(ints + to, r.cells, (size_t)total * sizeof *ints);
                r.cells = ints + to;
            }
            if (r.ndigits)
                r.digits = ints + to + r.ncells;
            to += total;
            rules[kept++] = r;
        }
        *nadded = kept;
        memcpy(solution, s, (size_t)nc);
    }
    sk_solver_free(a.solver);
    sk_generator_free(gen);
    sk_model_free(m0);
    free(a.all);
    free(a.other);
    free(s);
    free(use);
    free(path);
    free(digits);
    free(hot);
    free(order);
    free(lkinds);
    return rc;
}
