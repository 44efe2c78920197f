/*
 * filter.c - the propagators the rules compile to (model.h, enum
 * skx_con_type).  Every engine that takes rules (general, cdcl, and the
 * best-score search) calls skx_con_filter with the candidate
 * masks of one propagator's cells and applies what comes back, so the
 * general engine, the best-score search and the cdcl engine (which also
 * derives its explanations from the masks) share one implementation.
 *
 * Each filter only removes digits, and removes only digits that take part
 * in no assignment of the propagator's cells that satisfies it, given the
 * masks (and, for COMBO, the fact that its cells differ).  Some filters
 * remove every such digit (PAIR, SUM, ARROW for its circle, SANDWICH,
 * BETWEEN: generalised arc consistency), others a useful part (COMBO
 * treats the cells independently apart from their digit set, EQSUM and
 * QUAD reason on counts and reachable sums); all of them fail exactly
 * when the cells are fully assigned and break the rule, which is what
 * makes every engine's answers right whatever the strength.  (An ARROW
 * also fails when two cells of its pill that see one another hold the
 * same digit, which the houses forbid anyway.)
 *
 * Sums are bitsets: bit s of a W-word set means "sum s is possible".
 * Forward sets F[i] hold the sums the first i cells can make; backward
 * sets G[i] the partial sums before cell i from which the cells i..n-1
 * can still reach the target.  A digit d of cell i survives when some sum
 * of F[i], plus d, lies in G[i+1].  Sums above the largest target are
 * never needed (digits are positive), so W words cover 0..hi.
 */
#include <string.h>

#include "rules.h"

/* ---- bitsets of sums --------------------------------------------------- */

static size_t words_for(long top) { return (size_t)(top / 64 + 1); }

/* dst |= src << d (bits shifted past W words are lost) */
static void shl_or(uint64_t *dst, const uint64_t *src, size_t w, int d)
{
    size_t q = (size_t)d / 64;
    int r = d % 64;
    if (q >= w)
        return;
    for (size_t i = w; i-- > q;) {
        uint64_t x = src[i - q] << r;
        if (r && i - q > 0)
            x |= src[i - q - 1] >> (64 - r);
        dst[i] |= x;
    }
}

/* dst |= src >> d */
static void shr_or(uint64_t *dst, const uint64_t *src, size_t w, int d)
{
    size_t q = (size_t)d / 64;
    int r = d % 64;
    if (q >= w)
        return;
    for (size_t i = 0; i + q < w; i++) {
        uint64_t x = src[i + q] >> r;
        if (r && i + q + 1 < w)
            x |= src[i + q + 1] << (64 - r);
        dst[i] |= x;
    }
}

/* 1 when (a << d) & b has a bit */
static int shl_meets(const uint64_t *a, const uint64_t *b, size_t w, int d)
{
    size_t q = (size_t)d / 64;
    int r = d % 64;
    for (size_t i = q; i < w; i++) {
        uint64_t x = a[i - q] << r;
        if (r && i - q > 0)
            x |= a[i - q - 1] >> (64 - r);
        if (x & b[i])
            return 1;
    }
    return 0;
}

static int any(const uint64_t *a, size_t w)
{
    for (size_t i = 0; i < w; i++)
        if (a[i])
            return 1;
    return 0;
}

/* The set of sums lo..hi over w words. */
static void range_set(uint64_t *t, size_t w, long lo, long hi)
{
    memset(t, 0, w * sizeof *t);
    for (long s = lo < 0 ? 0 : lo; s <= hi && (size_t)(s / 64) < w; s++)
        t[s / 64] |= 1ull << (s % 64);
}

/* The sums lo..hi as one word (hi < 64). */
static uint64_t range1(long lo, long hi)
{
    if (lo < 0)
        lo = 0;
    if (lo > hi)
        return 0;
    return ((2ull << hi) - 1) & ~((1ull << lo) - 1);
}

/* One cell's step of the one-word tables: the sums f reaches plus a
 * digit of dom (forward), and the partial sums from which a digit of dom
 * reaches one of g (backward). */
static inline uint64_t sums_plus(uint64_t f, uint64_t dom)
{
    uint64_t r = 0;
    for (; dom; dom &= dom - 1)
        r |= f << (__builtin_ctzll(dom) + 1);
    return r;
}

static inline uint64_t sums_minus(uint64_t g, uint64_t dom)
{
    uint64_t r = 0;
    for (; dom; dom &= dom - 1)
        r |= g >> (__builtin_ctzll(dom) + 1);
    return r;
}

/* sums_plus and sums_minus with N digits (1 to 16) tried each under a
 * mask instead of a loop over the set bits of dom, whose varying count
 * costs a mispredicted branch per cell; N = 0: the loop over the bits,
 * for more digits.  N is a constant where it is 9. */
static inline __attribute__((always_inline)) uint64_t step_plus(uint64_t f, uint64_t dom,
                                                                const int N)
{
    if (!N)
        return sums_plus(f, dom);
    uint64_t r = 0;
    for (int d = 0; d < N; d++)
        r |= (f << (d + 1)) & (0 - ((dom >> d) & 1));
    return r;
}

static inline __attribute__((always_inline)) uint64_t step_minus(uint64_t g, uint64_t dom,
                                                                 const int N)
{
    if (!N)
        return sums_minus(g, dom);
    uint64_t r = 0;
    for (int d = 0; d < N; d++)
        r |= (g >> (d + 1)) & (0 - ((dom >> d) & 1));
    return r;
}

/* Cells down to one digit only move the target (and keep their digit
 * once any total is reached): the one-word tables run over the others,
 * which during a search are often half of a long sum's cells.  Lists
 * them in open[] and returns their count, the target moved down by the
 * fixed cells' total; -1 when that total is out of reach or a cell
 * has no digit. */
static int open_cells(int n, const uint64_t *dom, uint8_t *open, uint64_t *target)
{
    int k = 0, fixed = 0;
    for (int i = 0; i < n; i++)
        if (dom[i] & (dom[i] - 1))
            open[k++] = (uint8_t)i;
        else if (dom[i])
            fixed += __builtin_ctzll(dom[i]) + 1;
        else
            return -1;
    if (fixed >= 64)
        return -1;
    *target >>= fixed;
    return k;
}

/*
 * sum_support when every sum fits one word (9x9 and most cages): the
 * same steps on plain integers.  n < 64 then, since digits are >= 1.
 * N: as for step_plus.  The sums killer cages imply (seven cells or so,
 * woken at most nodes) were a fifth of the general engine's time on
 * MATHEMAGIC_KILLERS#0; the masked steps alone make it 0.81 times as
 * long, and with folding the single cells, the cheaper cage pointing
 * (propagate.c) and filter_combo's one-pass singles 0.79 times, with the
 * same nodes.
 */
static inline __attribute__((always_inline)) int sum_support1_(int n, uint64_t *dom,
                                                               uint64_t target,
                                                               uint64_t *scratch, const int N)
{
    uint64_t *F = scratch, *G = scratch + n + 1;
    uint8_t open[64];
    int k = open_cells(n, dom, open, &target);
    if (k < 0)
        return 0;
    F[0] = 1;
    for (int i = 0; i < k; i++)
        F[i + 1] = step_plus(F[i], dom[open[i]], N);
    G[k] = target;
    for (int i = k - 1; i >= 0; i--)
        G[i] = step_minus(G[i + 1], dom[open[i]], N);
    if (!(G[0] & 1))
        return 0;
    for (int i = 0; i < k; i++) {
        uint64_t f = F[i], g = G[i + 1], keep = 0;
        if (!N)
            for (uint64_t o = dom[open[i]]; o; o &= o - 1)
                keep |= (((f << (__builtin_ctzll(o) + 1)) & g) != 0 ? o & -o : 0);
        for (int d = 0; d < N; d++)
            keep |= (uint64_t)(((f << (d + 1)) & g) != 0) << d;
        dom[open[i]] &= keep; /* not empty: G[0] holds the empty sum */
    }
    return 1;
}

/* sum_support1_ for N digits (0: unknown, as in sum_support). */
static int sum_support1(int n, uint64_t *dom, uint64_t target, uint64_t *scratch, int N)
{
    if (N == 9)
        return sum_support1_(n, dom, target, scratch, 9);
    if (N >= 1 && N <= 16)
        return sum_support1_(n, dom, target, scratch, N);
    return sum_support1_(n, dom, target, scratch, 0);
}

/*
 * Narrows dom[0..n) to the digits that take part in a choice of one digit
 * per cell (repeats allowed) whose sum lies in target (w words).  scratch:
 * 2 (n + 1) w words.  0 when nothing reaches the target.
 */
static int sum_support(int n, uint64_t *dom, const uint64_t *target, size_t w, uint64_t *scratch)
{
    if (w == 1)
        return sum_support1(n, dom, target[0], scratch, 0);
    uint64_t *F = scratch, *G = scratch + ((size_t)n + 1) * w;
    memset(F, 0, ((size_t)n + 1) * w * sizeof *F);
    F[0] = 1;
    for (int i = 0; i < n; i++) {
        uint64_t *prev = F + (size_t)i * w, *next = prev + w;
        for (uint64_t o = dom[i]; o; o &= o - 1)
            shl_or(next, prev, w, __builtin_ctzll(o) + 1);
    }
    memcpy(G + (size_t)n * w, target, w * sizeof *G);
    for (int i = n - 1; i >= 0; i--) {
        uint64_t *next = G + ((size_t)i + 1) * w, *cur = G + (size_t)i * w;
        memset(cur, 0, w * sizeof *cur);
        for (uint64_t o = dom[i]; o; o &= o - 1)
            shr_or(cur, next, w, __builtin_ctzll(o) + 1);
    }
    if (!(G[0] & 1))
        return 0;
    for (int i = 0; i < n; i++) {
        uint64_t keep = 0;
        for (uint64_t o = dom[i]; o; o &= o - 1) {
            int d = __builtin_ctzll(o) + 1;
            if (shl_meets(F + (size_t)i * w, G + ((size_t)i + 1) * w, w, d))
                keep |= o & -o;
        }
        if (!keep)
            return 0;
        dom[i] = keep;
    }
    return 1;
}

/* A group of t cells whose masks hold the digits u: adds its smallest
 * total (the t smallest digits) to *min_total and its largest to
 * *max_total, and gives the t-th smallest digit in *low_edge and the t-th
 * largest in *high_edge.  0 when u has fewer than t digits. */
static inline int group_edges(uint64_t u, int t, int *low_edge, int *high_edge, long *min_total,
                              long *max_total)
{
    uint64_t o = u;
    *low_edge = *high_edge = 0;
    for (int k = 0; k < t; k++, o &= o - 1) { /* the t smallest */
        if (!o)
            return 0;
        *low_edge = __builtin_ctzll(o) + 1;
        *min_total += *low_edge;
    }
    o = u;
    for (int k = 0; k < t; k++) { /* the t largest */
        *high_edge = 64 - __builtin_clzll(o);
        *max_total += *high_edge;
        o &= ~(1ull << (*high_edge - 1));
    }
    return 1;
}

/*
 * Bounds that know which cells differ.  group[i] names the group of cell
 * i; the cells of one group see one another, so a group of t cells adds
 * at least the t smallest digits its masks hold and at most the t
 * largest, a far tighter range than t times its smallest and largest
 * digit.  With the slack those totals leave under [lo, hi], a cell whose
 * group's t smallest digits end at m can hold no digit above m + slack
 * (any larger digit would push its group, and the total, too high), and
 * symmetrically from above.  scratch: 3 * n words.  0 when the total
 * cannot reach [lo, hi].
 */
static int group_bounds(int n, uint64_t *dom, const uint64_t *group, long lo, long hi,
                        uint64_t *scratch)
{
    uint64_t *uni = scratch, *cnt = scratch + n, *edge = scratch + 2 * n;
    int ngroups = 0;
    for (int i = 0; i < n; i++)
        if ((int)group[i] + 1 > ngroups)
            ngroups = (int)group[i] + 1;
    memset(uni, 0, (size_t)ngroups * 2 * sizeof *uni);
    memset(cnt, 0, (size_t)ngroups * sizeof *cnt);
    for (int i = 0; i < n; i++) {
        uni[group[i]] |= dom[i];
        cnt[group[i]]++;
    }
    long min_total = 0, max_total = 0;
    for (int g = 0; g < ngroups; g++) {
        uint64_t u = uni[g];
        int t = (int)cnt[g];
        int low_edge, high_edge;
        if (!group_edges(u, t, &low_edge, &high_edge, &min_total, &max_total))
            return 0; /* fewer digits than cells */
        edge[g] = (uint64_t)low_edge << 32 | (uint64_t)high_edge;
    }
    if (hi < min_total || lo > max_total)
        return 0;
    long up_slack = hi - min_total, down_slack = max_total - lo;
    for (int i = 0; i < n; i++) {
        long top = (long)(edge[group[i]] >> 32) + up_slack;
        long bottom = (long)(edge[group[i]] & 0xffffffffu) - down_slack;
        uint64_t keep = dom[i];
        if (top < 64)
            keep &= top <= 0 ? 0 : (1ull << top) - 1;
        if (bottom > 1)
            keep &= bottom > 64 ? 0 : ~((1ull << (bottom - 1)) - 1);
        if (!keep)
            return 0;
        dom[i] = keep;
    }
    return 1;
}

/* The number of digits of x (the GCC builtin is a library call without
 * -mpopcnt). */
static inline int digits_in(uint64_t x)
{
    x = x - (x >> 1 & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/*
 * The table of reachable sums over groups instead of cells, for a sum
 * marked SKX_SUM_WHOLE_GROUPS (little killers, unions of sums) that fits
 * one word and has groups of different digits: a group of up to
 * GROUP_EXACT_MAX cells is one step of the table, adding the total of
 * one choice of different digits for its cells (all such totals found by
 * trying every choice), so a digit survives only when some choice of the
 * whole group holding it reaches the target with the other groups.  A
 * larger group (its choices too many to try) is taken cell by cell, as
 * sum_support does.  On a little killer whose diagonal crosses three
 * boxes this removes what the cells taken one by one keep: digits that
 * reach the total only by repeating within a box.  A group none of whose
 * totals is ruled out is left as it is: a digit its cells cannot use
 * together is their house's to remove.  LITTLE_KILLER_SNIPES#9 with the
 * general engine: 14.8 -> 8.6 million guesses, 244 -> 187 s.
 */
#define GROUP_EXACT_MAX 4
#define GROUP_EXACT_CHOICES 256

/* The sums f reaches plus one total of r (forward), and the partial sums
 * from which one total of r reaches g (backward): sums_plus and
 * sums_minus for a step whose totals are any set, not digits. */
static inline uint64_t totals_plus(uint64_t f, uint64_t r)
{
    uint64_t q = 0;
    for (; r; r &= r - 1)
        q |= f << __builtin_ctzll(r);
    return q;
}

static inline uint64_t totals_minus(uint64_t g, uint64_t r)
{
    uint64_t q = 0;
    for (; r; r &= r - 1)
        q |= g >> __builtin_ctzll(r);
    return q;
}

/* Every total of a choice of different digits for the cells k..t-1 of a
 * group (masks dom[0..t)), given the digits used and the total so far,
 * as bits of *out (totals above 63 are dropped: the sum's hi is below). */
static void group_totals(const uint64_t *dom, int k, int t, uint64_t used, int sum, uint64_t *out)
{
    if (k == t - 1) { /* the last cell: all its digits at once */
        *out |= (dom[k] & ~used) << 1 << sum;
        return;
    }
    for (uint64_t o = dom[k] & ~used; o; o &= o - 1) {
        int s = sum + __builtin_ctzll(o) + 1;
        if (s > 62)
            break;
        group_totals(dom, k + 1, t, used | (o & -o), s, out);
    }
}

/* The digits of the cells k..t-1 of a group that take part in a choice
 * whose total is in allowed, ORed into keep[k..t); 1 when there is such
 * a choice. */
static int group_keep(const uint64_t *dom, int k, int t, uint64_t used, int sum, uint64_t allowed,
                      uint64_t *keep)
{
    if (k == t - 1) {
        uint64_t ok = dom[k] & ~used & allowed >> 1 >> sum;
        keep[k] |= ok;
        return ok != 0;
    }
    int found = 0;
    for (uint64_t o = dom[k] & ~used; o; o &= o - 1) {
        int s = sum + __builtin_ctzll(o) + 1;
        if (s > 62)
            break;
        if (group_keep(dom, k + 1, t, used | (o & -o), s, allowed, keep)) {
            keep[k] |= o & -o;
            found = 1;
        }
    }
    return found;
}

/* group_totals and group_keep for groups of two and three cells, the
 * groups of a 9x9 little killer, as plain loops: the same choices in the
 * same order without a call per digit.  On a subproblem of
 * LITTLE_KILLER_SNIPES#13 (three cells given) the general engine spent
 * 31% of its instructions in the recursive forms; with these loops the
 * whole search takes 14% fewer (callgrind), with the same nodes. */
static uint64_t small_totals(const uint64_t *dom, int t)
{
    uint64_t r = 0;
    for (uint64_t o0 = dom[0]; o0; o0 &= o0 - 1) {
        uint64_t b0 = o0 & -o0;
        int s0 = __builtin_ctzll(o0) + 1;
        if (s0 > 62)
            break;
        if (t == 2) {
            r |= (dom[1] & ~b0) << 1 << s0;
            continue;
        }
        for (uint64_t o1 = dom[1] & ~b0; o1; o1 &= o1 - 1) {
            int s1 = s0 + __builtin_ctzll(o1) + 1;
            if (s1 > 62)
                break;
            r |= (dom[2] & ~b0 & ~(o1 & -o1)) << 1 << s1;
        }
    }
    return r;
}

static int small_keep(const uint64_t *dom, int t, uint64_t allowed, uint64_t *keep)
{
    for (uint64_t o0 = dom[0]; o0; o0 &= o0 - 1) {
        uint64_t b0 = o0 & -o0;
        int s0 = __builtin_ctzll(o0) + 1;
        if (s0 > 62)
            break;
        if (t == 2) {
            uint64_t ok = dom[1] & ~b0 & allowed >> 1 >> s0;
            keep[1] |= ok;
            keep[0] |= ok ? b0 : 0;
            continue;
        }
        for (uint64_t o1 = dom[1] & ~b0; o1; o1 &= o1 - 1) {
            uint64_t b1 = o1 & -o1;
            int s1 = s0 + __builtin_ctzll(o1) + 1;
            if (s1 > 62)
                break;
            uint64_t ok = dom[2] & ~b0 & ~b1 & allowed >> 1 >> s1;
            if (ok) {
                keep[2] |= ok;
                keep[1] |= b1;
                keep[0] |= b0;
            }
        }
    }
    return keep[0] != 0;
}

/* The totals unit u can add (its cells unit_off[u] .. unit_off[u + 1]). */
static uint64_t unit_totals(const uint64_t *dom, const uint32_t *unit_off, int u)
{
    uint32_t a = unit_off[u], t = unit_off[u + 1] - a;
    uint64_t r = 0;
    if (t == 1)
        return dom[a] << 1;
    if (t <= 3)
        return small_totals(dom + a, (int)t);
    group_totals(dom + a, 0, (int)t, 0, 0, &r);
    return r;
}

/* sum_support1 over nu units, a unit being one cell or a group of cells
 * taken whole (group_units).  scratch: 3 (nu + 1) + n words. */
static int group_support1(int nu, const uint32_t *unit_off, uint64_t *dom, uint64_t target,
                          uint64_t *scratch)
{
    uint64_t *R = scratch, *P = R + nu + 1, *S = P + nu + 1, *keep = S + nu + 1;
    P[0] = 1;
    for (int u = 0; u < nu; u++)
        P[u + 1] = totals_plus(P[u], R[u] = unit_totals(dom, unit_off, u));
    S[nu] = target;
    for (int u = nu - 1; u >= 0; u--)
        S[u] = totals_minus(S[u + 1], R[u]);
    if (!(S[0] & 1))
        return 0;
    for (int u = 0; u < nu; u++) {
        uint32_t a = unit_off[u], t = unit_off[u + 1] - a;
        /* the unit's totals that still reach the target (each tried
         * against P[u]: a unit has fewer totals than P[u] has sums) */
        uint64_t allowed = 0;
        for (uint64_t r = R[u]; r; r &= r - 1)
            if ((P[u] << __builtin_ctzll(r)) & S[u + 1])
                allowed |= r & -r;
        if (t == 1) {
            if (!(dom[a] &= allowed >> 1))
                return 0;
            continue;
        }
        if (allowed == R[u])
            continue; /* every choice of the group reaches the target: what
                         it removes, its cells' house does */
        memset(keep, 0, t * sizeof *keep);
        if (!(t <= 3 ? small_keep(dom + a, (int)t, allowed, keep)
                     : group_keep(dom + a, 0, (int)t, 0, 0, allowed, keep)))
            return 0;
        memcpy(dom + a, keep, t * sizeof *keep);
    }
    return 1;
}

/* 1 when a group of t cells whose masks allow `choices` ways is one unit
 * of group_support1 (taken whole), 0 when its cells are units of their own. */
static inline int whole_unit(int t, int choices)
{
    return t > 1 && t <= GROUP_EXACT_MAX && choices <= GROUP_EXACT_CHOICES;
}

/* The units of group_support1 for a sum with groups (compile.c puts each
 * group's cells together): each group of two to GROUP_EXACT_MAX cells
 * with at most GROUP_EXACT_CHOICES choices is one unit, any other cell a
 * unit of its own.  unit_off: room for n + 1; returns the count. */
static int group_units(int n, const uint64_t *dom, const uint64_t *group, uint32_t *unit_off)
{
    int nu = 0;
    for (int i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && group[j] == group[i]; j++)
            ;
        if (j - i > 1 && j - i <= GROUP_EXACT_MAX) {
            int choices = 1;
            for (int k = i; k < j; k++)
                choices *= digits_in(dom[k]);
            if (whole_unit(j - i, choices)) {
                unit_off[nu++] = (uint32_t)i;
                continue;
            }
        }
        for (int k = i; k < j; k++)
            unit_off[nu++] = (uint32_t)k;
    }
    unit_off[nu] = (uint32_t)n;
    return nu;
}

/*
 * group_bounds for a sum whose cells come in the order of their groups
 * (SKX_SUM_WHOLE_GROUPS: compile.c puts each group's cells together) and
 * whose total fits one word, as on a 9x9 little killer: the same bounds
 * and the same removals, one pass over each run of a group's cells
 * instead of counting the groups and clearing tables first.  On the way it
 * lists group_support1's units as group_units does (unit_off: room for
 * n + 1).  Returns their count, or -1 when the total is out of reach or
 * a cell loses every digit.
 */
static int group_bounds_runs(int n, uint64_t *dom, const uint64_t *group, long lo, long hi,
                             uint32_t *unit_off)
{
    uint8_t start[65], low[64], high[64];
    int ngroups = 0;
    long min_total = 0, max_total = 0;
    for (int i = 0, j; i < n; i = j) {
        uint64_t u = dom[i];
        for (j = i + 1; j < n && group[j] == group[i]; j++)
            u |= dom[j];
        int low_edge, high_edge;
        if (!group_edges(u, j - i, &low_edge, &high_edge, &min_total, &max_total))
            return -1; /* fewer digits than cells */
        start[ngroups] = (uint8_t)i;
        low[ngroups] = (uint8_t)low_edge;
        high[ngroups++] = (uint8_t)high_edge;
    }
    start[ngroups] = (uint8_t)n;
    if (hi < min_total || lo > max_total)
        return -1;
    long up_slack = hi - min_total, down_slack = max_total - lo;
    int nu = 0;
    for (int g = 0; g < ngroups; g++) {
        long top = (long)low[g] + up_slack, bottom = (long)high[g] - down_slack;
        uint64_t mask = ~0ull;
        if (top < 64)
            mask &= top <= 0 ? 0 : (1ull << top) - 1;
        if (bottom > 1)
            mask &= bottom > 64 ? 0 : ~((1ull << (bottom - 1)) - 1);
        int choices = 1, a = start[g], b = start[g + 1];
        for (int i = a; i < b; i++) {
            if (!(dom[i] &= mask))
                return -1;
            choices *= digits_in(dom[i]);
        }
        if (whole_unit(b - a, choices)) {
            unit_off[nu++] = (uint32_t)a;
            continue;
        }
        for (int i = a; i < b; i++)
            unit_off[nu++] = (uint32_t)i;
    }
    unit_off[nu] = (uint32_t)n;
    return nu;
}

/* sum_implies1 for a sum with groups: the units' tables up to the unit
 * of cell j and down to it.  scratch: n + 1 words. */
static int group_implies1(int n, uint64_t *dom, const uint64_t *group, uint64_t target, int j,
                          int d, uint64_t *scratch)
{
    uint32_t *unit_off = (uint32_t *)scratch;
    int nu = group_units(n, dom, group, unit_off), uj = nu;
    uint64_t p = 1, g = target;
    for (int u = 0; u < nu; u++) {
        if (j >= 0 && (int)unit_off[u + 1] > j) {
            uj = u;
            break;
        }
        p = totals_plus(p, unit_totals(dom, unit_off, u));
    }
    if (j < 0)
        return !(p & target);
    for (int u = nu - 1; u > uj; u--)
        g = totals_minus(g, unit_totals(dom, unit_off, u));
    uint64_t allowed = totals_minus(g, p), keep = dom[j];
    dom[j] = 1ull << d;
    uint64_t r = unit_totals(dom, unit_off, uj);
    dom[j] = keep;
    return !(allowed & r);
}

/* ---- the propagators ---------------------------------------------------- */

static int filter_pair(const sk_model *m, const skx_con *c, uint64_t *dom)
{
    const uint64_t *fwd = m->con_data + c->data_off, *rev = fwd + m->n;
    uint64_t sb = 0, sa = 0;
    for (uint64_t o = dom[0]; o; o &= o - 1)
        sb |= fwd[__builtin_ctzll(o)];
    if (!(dom[1] &= sb))
        return 0;
    for (uint64_t o = dom[1]; o; o &= o - 1)
        sa |= rev[__builtin_ctzll(o)];
    return (dom[0] &= sa) != 0;
}

/* Cells above which a sum with groups keeps to its bounds: the table of
 * reachable sums costs a pass per cell and digit over several words, and
 * on long sums (unions of cages, a little killer across 16x16) it rarely
 * removes a digit the groups' bounds keep. */
#define SUM_TABLE_MAX 12

/* d -> N+1-d on every digit of x: bit d-1 goes to bit N-d. */
static uint64_t mirror(uint64_t x, int n)
{
    x = (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
    x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
    x = (x >> 4 & 0x0f0f0f0f0f0f0f0full) | (x & 0x0f0f0f0f0f0f0f0full) << 4;
    x = (x >> 8 & 0x00ff00ff00ff00ffull) | (x & 0x00ff00ff00ff00ffull) << 8;
    x = (x >> 16 & 0x0000ffff0000ffffull) | (x & 0x0000ffff0000ffffull) << 16;
    x = x >> 32 | x << 32;
    return x >> (64 - n);
}

/* A sum whose last aux cells count negated runs on their mirrored masks:
 * a cell that adds N+1-d instead of d is a cell holding N+1-d.  Mirrors
 * those masks (again: back). */
static void mirror_negated(const sk_model *m, const skx_con *c, uint64_t *dom)
{
    for (uint32_t i = c->ncells - c->aux; i < c->ncells; i++)
        dom[i] = mirror(dom[i], m->n);
}

static int filter_sum_(const sk_model *m, const skx_con *c, uint64_t *dom, uint64_t *scratch);

static int filter_sum(const sk_model *m, const skx_con *c, uint64_t *dom, uint64_t *scratch)
{
    if (!c->aux)
        return filter_sum_(m, c, dom, scratch);
    mirror_negated(m, c, dom);
    int ok = filter_sum_(m, c, dom, scratch);
    if (ok)
        mirror_negated(m, c, dom);
    return ok;
}

static int filter_sum_(const sk_model *m, const skx_con *c, uint64_t *dom, uint64_t *scratch)
{
    size_t w = words_for(c->hi);
    uint64_t *target = scratch;
    if (c->ndata && w == 1 && (c->flags & SKX_SUM_WHOLE_GROUPS) && c->ncells < 64) {
        /* the bounds, and group_support1's units found on the way (fewer
         * than 64 cells: their tables' size; a sum below 64 has no more) */
        const int n = (int)c->ncells;
        uint32_t *unit_off = (uint32_t *)(scratch + 1);
        int nu = group_bounds_runs(n, dom, m->con_data + c->data_off, c->lo, c->hi, unit_off);
        if (nu < 0)
            return 0;
        if (n > SUM_TABLE_MAX)
            return 1;
        return group_support1(nu, unit_off, dom, range1(c->lo, c->hi), scratch + 1 + n / 2 + 1);
    }
    if (c->ndata && !group_bounds((int)c->ncells, dom, m->con_data + c->data_off, c->lo, c->hi,
                                  scratch))
        return 0;
    if (c->ndata && c->ncells > SUM_TABLE_MAX)
        return 1; /* group_bounds is exact on filled cells: it checks the total */
    range_set(target, w, c->lo, c->hi);
    if (w == 1)
        return sum_support1((int)c->ncells, dom, target[0], scratch + w, m->n);
    return sum_support((int)c->ncells, dom, target, w, scratch + w);
}

/* Cells that differ and use one of the listed digit sets exactly.
 * required[0] gets the digits every set still possible holds. */
static int filter_combo(const sk_model *m, const skx_con *c, uint64_t *dom, uint64_t *required_out)
{
    const uint64_t *set = m->con_data + c->data_off;
    const int n = (int)c->ncells;
    uint64_t all = 0, allowed = 0, required = ~0ull;
    for (int i = 0; i < n; i++)
        all |= dom[i];
    for (uint32_t k = 0; k < c->ndata; k++) {
        uint64_t s = set[k];
        if (s & ~all)
            continue; /* a digit of the set has no cell left */
        int miss = 0; /* no early exit: its branch would be a coin toss */
        for (int i = 0; i < n; i++)
            miss |= (dom[i] & s) == 0;
        if (miss)
            continue;
        allowed |= s;
        required &= s;
    }
    if (!allowed)
        return 0;
    uint64_t once = 0, twice = 0;
    for (int i = 0; i < n; i++) {
        if (!(dom[i] &= allowed))
            return 0;
        twice |= once & dom[i];
        once |= dom[i];
    }
    required_out[0] = required;
    if (required & ~once)
        return 0;
    /* a digit every set holds, with one place left, goes there (which
     * may leave another such digit one place) */
    uint64_t done = 0, placed;
    while ((placed = required & ~twice & ~done)) {
        done |= placed;
        once = twice = 0;
        for (int i = 0; i < n; i++) {
            uint64_t h = dom[i] & placed;
            if (h & (h - 1))
                return 0; /* two digits that each must go here */
            if (h)
                dom[i] = h;
            twice |= once & dom[i];
            once |= dom[i];
        }
        if (required & ~once)
            return 0;
    }
    return 1;
}

static int decimal_digits(int d)
{
    int k = 1;
    while (d >= 10) {
        d /= 10;
        k++;
    }
    return k;
}

static long concat(long v, int d)
{
    for (int k = decimal_digits(d); k > 0; k--)
        v *= 10;
    return v + d;
}

/* The circle (aux cells read as a number) equals the sum of the shaft. */
static int filter_arrow(const sk_model *m, const skx_con *c, uint64_t *dom, uint64_t *scratch)
{
    const int p = c->aux, s = (int)c->ncells - p;
    long top = (long)s * m->n;
    const size_t w = words_for(top);
    uint64_t *target = scratch, *reach = scratch + w, *dp = scratch + 2 * w;
    uint64_t *shaft = dom + p;
    const uint64_t *group = c->ndata ? m->con_data + c->data_off : NULL;
    /* the shaft's total lies where its groups of different digits allow */
    if (group && !group_bounds(s, shaft, group, 0, top, dp))
        return 0;
    /* sums the shaft can make */
    memset(dp, 0, ((size_t)s + 1) * w * sizeof *dp);
    dp[0] = 1;
    for (int i = 0; i < s; i++)
        for (uint64_t o = shaft[i]; o; o &= o - 1)
            shl_or(dp + ((size_t)i + 1) * w, dp + (size_t)i * w, w, __builtin_ctzll(o) + 1);
    memcpy(reach, dp + (size_t)s * w, w * sizeof *reach);
    /* the circle's values that the shaft reaches */
    memset(target, 0, w * sizeof *target);
    uint64_t keep[3] = {0, 0, 0};
    uint64_t d2s = p > 1 ? dom[1] : 1, d3s = p > 2 ? dom[2] : 1;
    const int differ = c->lo; /* pill cells that see one another (compile.c) */
    for (uint64_t o1 = dom[0]; o1; o1 &= o1 - 1) {
        int d1 = __builtin_ctzll(o1) + 1;
        if (d1 > top)
            break;
        for (uint64_t o2 = d2s; o2; o2 &= o2 - 1) {
            int d2 = __builtin_ctzll(o2) + 1;
            long v2 = p > 1 ? concat(d1, d2) : d1;
            if (v2 > top)
                break;
            if ((differ & 1) && d1 == d2)
                continue;
            for (uint64_t o3 = d3s; o3; o3 &= o3 - 1) {
                int d3 = __builtin_ctzll(o3) + 1;
                if (((differ & 2) && d1 == d3) || ((differ & 4) && d2 == d3))
                    continue;
                long v = p > 2 ? concat(v2, d3) : v2;
                if (v > top)
                    break;
                if (!(reach[v / 64] >> (v % 64) & 1))
                    continue;
                target[v / 64] |= 1ull << (v % 64);
                keep[0] |= o1 & -o1;
                keep[1] |= o2 & -o2;
                keep[2] |= o3 & -o3;
            }
        }
    }
    for (int i = 0; i < p; i++)
        if (!(dom[i] = keep[i]))
            return 0;
    if (group) { /* the shaft, against the circle's smallest and largest value */
        long lo = -1, hi = -1;
        for (long v = 0; v <= top; v++)
            if (target[v / 64] >> (v % 64) & 1) {
                if (lo < 0)
                    lo = v;
                hi = v;
            }
        if (lo < 0 || !group_bounds(s, shaft, group, lo, hi, dp))
            return 0;
    }
    return sum_support(s, shaft, target, w, dp);
}

/* The digit sets a run of len different digits can use: each cell keeps
 * a digit of the set.  Calls back with every such set S (a subset of the
 * union of the masks, of len digits). */
typedef struct run_sets {
    const uint64_t *dom;
    int len;
    uint64_t reach;    /* pass 1: sums reached (bit s) */
    uint64_t common;   /* pass 2: sums allowed */
    uint64_t allowed;  /* pass 2: union of the sets with an allowed sum */
    uint64_t required; /* pass 2: their intersection */
} run_sets;

static void run_sets_scan(run_sets *r, int pass)
{
    uint64_t all = 0;
    for (int i = 0; i < r->len; i++)
        all |= r->dom[i];
    /* every subset of `all`, largest first (Knuth's submask walk) */
    for (uint64_t s = all;; s = (s - 1) & all) {
        if (__builtin_popcountll(s) == r->len) {
            int ok = 1;
            for (int i = 0; i < r->len && ok; i++)
                ok = (r->dom[i] & s) != 0;
            if (ok) {
                int sum = 0;
                for (uint64_t t = s; t; t &= t - 1)
                    sum += __builtin_ctzll(t) + 1;
                if (pass == 1) {
                    r->reach |= 1ull << sum;
                } else if (r->common >> sum & 1) {
                    r->allowed |= s;
                    r->required &= s;
                }
            }
        }
        if (!s)
            break;
    }
}

/* Runs of cells one after another, each summing to the same total; the
 * cells of a run lie in one region and differ.  Up to 9x9 (sums below 64,
 * at most 2^9 digit sets per run) the runs are reasoned about as sets of
 * different digits, like a cage; above, by reachable sums alone. */
static int filter_eqsum_small(const skx_con *c, const uint64_t *ends, uint64_t *dom)
{
    const int runs = c->aux;
    run_sets r[SK_MAX_N * SK_MAX_N];
    uint64_t common = ~0ull;
    for (int j = 0, start = 0; j < runs; start = (int)ends[j], j++) {
        r[j] = (run_sets){dom + start, (int)ends[j] - start, 0, 0, 0, ~0ull};
        run_sets_scan(&r[j], 1);
        common &= r[j].reach;
    }
    if (!common)
        return 0;
    for (int j = 0; j < runs; j++) {
        r[j].common = common;
        run_sets_scan(&r[j], 2);
        if (!r[j].allowed)
            return 0;
        uint64_t *d = dom + (r[j].dom - dom);
        for (int i = 0; i < r[j].len; i++)
            if (!(d[i] &= r[j].allowed))
                return 0;
        /* a digit every set holds, with one place left, goes there */
        for (uint64_t q = r[j].required; q; q &= q - 1) {
            uint64_t bit = q & -q;
            int where = -1, count = 0;
            for (int i = 0; i < r[j].len; i++)
                if (d[i] & bit) {
                    where = i;
                    count++;
                }
            if (count == 0)
                return 0;
            if (count == 1)
                d[where] = bit;
        }
    }
    return 1;
}

/* Runs of cells one after another, each summing to the same total. */
static int filter_eqsum(const sk_model *m, const skx_con *c, uint64_t *dom, uint64_t *scratch)
{
    if (m->n <= 9 && c->aux <= 81)
        return filter_eqsum_small(c, m->con_data + c->data_off, dom);
    const uint64_t *ends = m->con_data + c->data_off;
    const int runs = c->aux;
    int longest = 0;
    for (int j = 0, start = 0; j < runs; start = (int)ends[j], j++)
        if ((int)ends[j] - start > longest)
            longest = (int)ends[j] - start;
    const size_t w = words_for((long)longest * m->n);
    uint64_t *common = scratch, *dp = scratch + w;
    memset(common, 0xff, w * sizeof *common);
    for (int j = 0, start = 0; j < runs; start = (int)ends[j], j++) {
        int len = (int)ends[j] - start;
        memset(dp, 0, ((size_t)len + 1) * w * sizeof *dp);
        dp[0] = 1;
        for (int i = 0; i < len; i++)
            for (uint64_t o = dom[start + i]; o; o &= o - 1)
                shl_or(dp + ((size_t)i + 1) * w, dp + (size_t)i * w, w, __builtin_ctzll(o) + 1);
        for (size_t q = 0; q < w; q++)
            common[q] &= dp[(size_t)len * w + q];
    }
    if (!any(common, w))
        return 0;
    for (int j = 0, start = 0; j < runs; start = (int)ends[j], j++)
        if (!sum_support((int)ends[j] - start, dom + start, common, w, dp))
            return 0;
    return 1;
}

/* A row or column: the digits between 1 and N sum to c->lo. */
static int filter_sandwich(const sk_model *m, const skx_con *c, uint64_t *dom, uint64_t *scratch)
{
    const int n = (int)c->ncells;
    const uint64_t one = 1, big = 1ull << (m->n - 1), crusts = one | big;
    const int minl = c->hi >> 8, maxl = c->hi & 255;
    const size_t w = words_for(c->lo);
    uint64_t *target = scratch, *out = scratch + w, *mid = out + n, *dp = mid + n;
    int blocked_before[SK_MAX_N + 1]; /* cells before k that cannot be a filling or outer cell */
    range_set(target, w, c->lo, c->lo);
    memset(out, 0, (size_t)n * sizeof *out);
    blocked_before[0] = 0;
    for (int k = 0; k < n; k++)
        blocked_before[k + 1] = blocked_before[k] + !(dom[k] & ~crusts);
    int found = 0;
    for (int i = 0; i < n; i++) {
        for (int len = minl; len <= maxl; len++) {
            int j = i + len + 1;
            if (j >= n)
                break;
            int lo_hi = (dom[i] & one) && (dom[j] & big);
            int hi_lo = (dom[i] & big) && (dom[j] & one);
            if (!lo_hi && !hi_lo)
                continue;
            /* every other cell must be able to hold a digit that is no crust */
            if (blocked_before[i] + (blocked_before[j] - blocked_before[i + 1]) +
                    (blocked_before[n] - blocked_before[j + 1]) >
                0)
                continue;
            for (int k = 0; k < len; k++)
                mid[k] = dom[i + 1 + k] & ~crusts;
            if (!sum_support(len, mid, target, w, dp))
                continue;
            found = 1;
            out[i] |= (lo_hi ? one : 0) | (hi_lo ? big : 0);
            out[j] |= (lo_hi ? big : 0) | (hi_lo ? one : 0);
            for (int k = 0; k < len; k++)
                out[i + 1 + k] |= mid[k];
            for (int k = 0; k < n; k++)
                if (k < i || k > j)
                    out[k] |= dom[k] & ~crusts;
        }
    }
    if (!found)
        return 0;
    for (int k = 0; k < n; k++)
        if (!(dom[k] &= out[k]))
            return 0;
    return 1;
}

/* The inner cells lie strictly between the two ends. */
static int filter_between(const skx_con *c, uint64_t *dom, uint64_t *scratch)
{
    const int n = (int)c->ncells, last = n - 1;
    uint64_t *out = scratch, na = 0, nb = 0;
    memset(out, 0, (size_t)n * sizeof *out);
    for (uint64_t oa = dom[0]; oa; oa &= oa - 1) {
        int x = __builtin_ctzll(oa) + 1;
        for (uint64_t ob = dom[last]; ob; ob &= ob - 1) {
            int y = __builtin_ctzll(ob) + 1;
            int lo = x < y ? x : y, hi = x < y ? y : x;
            if (hi - lo < 2)
                continue;
            /* digits lo+1 .. hi-1 are bits lo .. hi-2 */
            uint64_t between = ((1ull << (hi - 1)) - 1) & ~((1ull << lo) - 1);
            int ok = 1;
            for (int k = 1; k < last && ok; k++)
                ok = (dom[k] & between) != 0;
            if (!ok)
                continue;
            na |= oa & -oa;
            nb |= ob & -ob;
            for (int k = 1; k < last; k++)
                out[k] |= dom[k] & between;
        }
    }
    if (!na)
        return 0;
    dom[0] = na;
    dom[last] = nb;
    for (int k = 1; k < last; k++)
        dom[k] = out[k];
    return 1;
}

/* Required digits, each with a count, among the cells. */
static int filter_quad(const skx_con *c, const uint64_t *data, uint64_t *dom)
{
    const int n = (int)c->ncells;
    uint64_t allowed = 0;
    long total = 0;
    for (uint32_t k = 0; k < c->ndata; k += 2) {
        uint64_t bit = data[k];
        long need = (long)data[k + 1], places = 0;
        allowed |= bit;
        total += need;
        for (int i = 0; i < n; i++)
            places += (dom[i] & bit) != 0;
        if (places < need)
            return 0;
        if (places == need)
            for (int i = 0; i < n; i++)
                if ((dom[i] & bit) && !(dom[i] &= bit))
                    return 0;
    }
    if (total == n)
        for (int i = 0; i < n; i++)
            if (!(dom[i] &= allowed))
                return 0;
    return 1;
}

int skx_con_filter(const sk_model *m, const skx_con *c, uint64_t *dom, uint64_t *scratch)
{
    switch (c->type) {
    case SKX_PAIR:
        return filter_pair(m, c, dom);
    case SKX_SUM:
        return filter_sum(m, c, dom, scratch);
    case SKX_COMBO:
        return filter_combo(m, c, dom, scratch);
    case SKX_ARROW:
        return filter_arrow(m, c, dom, scratch);
    case SKX_EQSUM:
        return filter_eqsum(m, c, dom, scratch);
    case SKX_SANDWICH:
        return filter_sandwich(m, c, dom, scratch);
    case SKX_BETWEEN:
        return filter_between(c, dom, scratch);
    case SKX_QUAD:
        return filter_quad(c, m->con_data + c->data_off, dom);
    default:
        return 1;
    }
}

int skx_con_settles(const sk_model *m, const skx_con *c)
{
    (void)m;
    return c->type == SKX_PAIR ||
           (c->type == SKX_SUM && !(c->ndata && c->ncells > SUM_TABLE_MAX));
}

/* The question of skx_con_implies for a sum that fits one word (every
 * sum below 64): the forward table up to cell j and the backward table
 * down to it are all it needs, where the filter builds both whole and
 * then tests every digit of every cell.  N: as for step_plus. */
static inline __attribute__((always_inline)) int sum_implies1_(int n, const uint64_t *dom,
                                                               uint64_t target, int j, int d,
                                                               const int N)
{
    uint64_t f = 1, g = target;
    for (int i = 0; i < (j < 0 ? n : j); i++)
        f = step_plus(f, dom[i], N);
    if (j < 0)
        return !(f & target);
    for (int i = n - 1; i > j; i--)
        g = step_minus(g, dom[i], N);
    return !((f << (d + 1)) & g);
}

static int sum_implies1(int n, const uint64_t *dom, uint64_t target, int j, int d, int N)
{
    if (N == 9)
        return sum_implies1_(n, dom, target, j, d, 9);
    if (N >= 1 && N <= 16)
        return sum_implies1_(n, dom, target, j, d, N);
    return sum_implies1_(n, dom, target, j, d, 0);
}

int skx_con_implies(const sk_model *m, const skx_con *c, uint64_t *dom, uint64_t *scratch, int j,
                    int d)
{
    if (c->type == SKX_SUM && c->hi < 64 && !(c->ndata && c->ncells > SUM_TABLE_MAX)) {
        const int n = (int)c->ncells;
        mirror_negated(m, c, dom);
        if (j >= n - c->aux)
            d = m->n - 1 - d;
        if (c->ndata && !group_bounds(n, dom, m->con_data + c->data_off, c->lo, c->hi, scratch))
            return 1;
        if (j >= 0 && !(dom[j] >> d & 1))
            return 1;
        uint64_t target;
        range_set(&target, 1, c->lo, c->hi);
        if (c->ndata && (c->flags & SKX_SUM_WHOLE_GROUPS))
            return group_implies1(n, dom, m->con_data + c->data_off, target, j, d, scratch);
        return sum_implies1(n, dom, target, j, d, m->n);
    }
    if (!skx_con_filter(m, c, dom, scratch))
        return 1;
    return j >= 0 && !(dom[j] >> d & 1);
}

size_t skx_con_scratch(const sk_model *m, const skx_con *c)
{
    const size_t n = c->ncells;
    switch (c->type) {
    case SKX_SUM:
        return (2 * (n + 1) + 1) * words_for(c->hi) + 5 * n + 4;
    case SKX_ARROW: {
        size_t s = n - c->aux;
        return (2 * (s + 1) + 2) * words_for((long)s * m->n) + 3 * n;
    }
    case SKX_EQSUM: {
        const uint64_t *ends = m->con_data + c->data_off;
        long longest = 0;
        for (int j = 0, start = 0; j < c->aux; start = (int)ends[j], j++)
            if ((long)ends[j] - start > longest)
                longest = (long)ends[j] - start;
        return (2 * ((size_t)longest + 1) + 1) * words_for(longest * m->n);
    }
    case SKX_SANDWICH:
        return 2 * n + (2 * (n + 1) + 1) * words_for(c->lo);
    case SKX_BETWEEN:
        return n;
    case SKX_COMBO:
        return 1;
    default:
        return 0;
    }
}
