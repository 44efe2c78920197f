/*
 * engine_general.c - the general engine: any model the library can build
 * (N up to 64, boxes, jigsaw regions, Latin squares, extra houses and
 * groups), every question.
 *
 * State and propagation
 *   Candidate masks, the trail that undoes them and the rules run to a
 *   fixpoint at every node (naked singles, hidden singles, locked
 *   candidates) are the module of propagate.h, whose comment explains
 *   them.  The search is an explicit loop over a frame stack (one frame
 *   per open choice, at most N*N), so deep grids cannot overflow the C
 *   stack; going back to a choice is an undo to the trail mark it saved.
 *
 * Probing (failed literals) and branching, from 10x10 up
 *   At every node each digit of each unassigned cell is tried with rules
 *   1-2 of propagate.h and undone.  A digit that leads to a contradiction is removed for
 *   good, and whatever all the digits of a cell agree on holds (a cell
 *   that every alternative narrowed keeps only the union of what they left
 *   it).  Singles alone see neither; on hard 16x16 puzzles this turns tens
 *   of thousands of nodes into one.  The probes also measure how many
 *   candidates each choice settles: the search branches on a cell with the
 *   fewest candidates, preferring the largest product of those counts (a
 *   choice that settles much on every side shrinks the tree fastest).
 *   Up to 9x9 probing costs more than it saves and the branch is simply a
 *   cell with the fewest candidates.  A probing pass that settles nothing
 *   (an open grid: every digit of every cell survives) is followed by 1,
 *   2, 4 ... up to 32 nodes that branch on the fewest candidates without
 *   probing, until a pass settles something again: an empty 16x16 grid
 *   is answered (two solutions) in 19 ms instead of 240 ms, in the same
 *   177 nodes, and puzzles that probing settles are not affected.  Digits
 *   are tried in increasing order; the last alternative of a choice is
 *   forced, not a guess.
 *
 * Variant rules: scored branching with pair probes, and from 10x10
 * rounds with probing
 *   Up to 9x9, models with rules do not probe every cell (a probing node
 *   of a 9x9 killer costs about 2 ms) and branch on conflict scores: score[i]
 *   starts at the weight of cell i's rules (N for each full house, and
 *   each propagator's size, 2N less its size for a sum: cells under many
 *   small sums first) and counts the dead ends met right after branching
 *   on cell i (halved every 16384 dead ends, so it follows the recent
 *   search); a digit that recently led to many more dead ends than the
 *   others adds a fifth of its count to the cells that hold it; a choice
 *   on five digits or more whose child kept every other candidate halves
 *   its cell's score.  The branch is the cell with the highest score per
 *   candidate; when half the score of a digit's better place among its
 *   only two places in a full house beats that, the branch is "the digit
 *   there, or not" instead.  Every scored choice is binary: the cell's
 *   lowest digit (its highest where its sums ask for high digits:
 *   digit_order), or the cell without it, propagated as such, after which
 *   the next branch is chosen afresh (the dead end just met has moved the
 *   scores, and the other cell may now come first).  Trying the cell's
 *   digits one after another instead never propagates what the failed
 *   ones leave: on the hard ones of those puzzles, each also turned and
 *   transposed, it met the 10 s limit 44 times against 34, in 664 s of
 *   CPU against 623 s.  The weights, the digit, the halving and the
 *   choice made afresh follow the Interactive Sudoku Solver's search.  On
 *   the 144 puzzles of tests/variants, 20 s each, this answers 137 in
 *   275 s of CPU, where plain dead-end counts in the rounds below answered
 *   118 in 606 s, these scores in the rounds 125 in 533 s, and the scores
 *   with digits tried in turn 134 in 326 s.
 *   After every such branch has propagated, each unassigned cell with two
 *   candidates is probed once (pair_probes): a digit that fails leaves,
 *   what both digits agree on holds, and a cell with neither is a dead end
 *   (counted against that cell, not the branch: counting it against the
 *   branch's cell took twice the guesses).  Two candidates only: three
 *   took a third fewer guesses, the same time on the little killers and
 *   twice the time on MATHEMAGIC killers #0-#3.  The pairs are few (about
 *   three a node) and productive (a third of the probes narrow a cell,
 *   two passes in five end the node): LITTLE_KILLER_SNIPES#9 took 8.57 million guesses and
 *   217 s without them, 0.79 million and 102 s with them (both at once,
 *   one per core), and #11, not answered in 1,800 s before, is proven
 *   unique in 561 s; the 14 MATHEMAGIC killers take 81 s against 140 s
 *   with the cdcl engine, which killer cages went to until then
 *   (bench/VARIANTS.md).
 *   From 10x10 up, probing pays on its own (its propagators make probes
 *   see far more), and until a first solution is found each strategy gets
 *   a round of work (probes plus nodes); when it runs out the search
 *   starts again from the root with the other, the rounds doubling every
 *   two; the scores are kept.  A solution ends the rounds (so nothing is
 *   reported twice) and the search finishes with the strategy it has.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "propagate.h"

typedef struct frame {
    uint32_t trail_mark;  /* trail length when the choice was opened */
    uint16_t assign_mark; /* assigned-stack length then */
    uint16_t cell;        /* the cell being branched on */
    uint64_t untried;     /* digits of that cell not tried yet */
    uint64_t rest;        /* then the cell narrowed to these digits at once
                             (a binary choice: digit d here, or not), or 0 */
} frame;

typedef struct state {
    skx_prop pr;           /* candidates, trail, propagation (propagate.h) */
    frame *frames;         /* open choices, innermost last */
    uint8_t *grid;         /* scratch for reporting a solution */
    /* Probe bookkeeping, for one probed cell at a time: */
    uint32_t *seen;        /* seen[j] == stamp: cell j counted in this alternative */
    uint32_t stamp;
    uint16_t *touched;     /* cells the first alternative changed */
    uint16_t *hits;        /* hits[j]: alternatives so far that changed cell j */
    uint64_t *either;      /* either[j]: union of cell j's masks over those */
    uint32_t *score;       /* score[i]: recent dead ends right after branching on
                              cell i, on top of its rules' weight */
    uint8_t *high;         /* high[i]: scored branching on cell i tries its
                              highest digit first (digit_order) */
    uint32_t vscore[SK_MAX_N]; /* vscore[d]: recent dead ends right after trying d */
    uint32_t conflicts;    /* dead ends since the scores were last halved */
    long expect;           /* scored branching on a cell of 5 digits or more:
                              the candidates its child keeps when the digit
                              removes nothing else; else -1 */
    uint64_t work;         /* probes and nodes so far (for the rounds) */
    uint32_t skip, gap;    /* nodes left without probing; the last gap */
    int dead;              /* the cell where the last pass of pair probes
                              found no digit left (where the next starts) */
} state;

static size_t align8(size_t x) { return (x + 7) & ~(size_t)7; }

static size_t general_workspace(const sk_model *m)
{
    size_t nc = (size_t)m->ncells;
    return skx_prop_workspace(m)               /* cand .. lscan */
         + align8((nc + 1) * sizeof(frame))    /* frames */
         + align8(nc)                          /* grid */
         + align8(nc * 4)                      /* seen */
         + align8(nc * 2) * 2                  /* touched, hits */
         + align8(nc * 8)                      /* either */
         + align8(nc * 4)                      /* score */
         + align8(nc);                         /* high */
}

static void carve(state *s, void *ws, const sk_model *m)
{
    char *p = skx_prop_carve(&s->pr, ws, m);
    size_t nc = (size_t)m->ncells;
    s->frames = (frame *)(void *)p;     p += align8((nc + 1) * sizeof(frame));
    s->grid = (uint8_t *)p;             p += align8(nc);
    s->seen = (uint32_t *)(void *)p;    p += align8(nc * 4);
    s->touched = (uint16_t *)(void *)p; p += align8(nc * 2);
    s->hits = (uint16_t *)(void *)p;    p += align8(nc * 2);
    s->either = (uint64_t *)(void *)p;  p += align8(nc * 8);
    s->score = (uint32_t *)(void *)p;   p += align8(nc * 4);
    s->high = (uint8_t *)p;
}

/*
 * Probes one cell: each candidate digit is tried with rules 1-2 and undone.
 * A digit that fails is removed.  When every digit survives, whatever all
 * of them agree on must hold: a cell that every alternative narrowed keeps
 * only the union of what the alternatives left it.  *score gets the
 * product of the candidates each alternative settled (0 if the cell was
 * narrowed).  Returns -1 on contradiction, 1 when it changed the state,
 * else 0.
 */
static int probe_cell(state *s, int i, uint64_t *score)
{
    const uint64_t c = s->pr.cand[i];
    int alts = 0, ntouched = 0;
    *score = 1;
    for (uint64_t rest = c; rest; rest &= rest - 1) {
        uint64_t d = rest & -rest;
        uint32_t tm = s->pr.ntrail;
        int am = s->pr.nassigned;
        int ok = skx_narrow(&s->pr, i, d) && skx_propagate(&s->pr, 0);
        if (ok) {
            /* Record what this alternative did to each changed cell. */
            uint32_t stamp = ++s->stamp;
            for (uint32_t t = tm; t < s->pr.ntrail; t++) {
                int j = s->pr.trail_cell[t];
                if (s->seen[j] == stamp)
                    continue;
                s->seen[j] = stamp;
                if (alts == 0) {
                    s->touched[ntouched++] = (uint16_t)j;
                    s->hits[j] = 1;
                    s->either[j] = s->pr.cand[j];
                } else if (s->hits[j] == alts) {
                    s->hits[j]++;
                    s->either[j] |= s->pr.cand[j];
                }
            }
            alts++;
            *score *= s->pr.ntrail - tm + 1;
        }
        skx_undo(&s->pr, tm, am);
        if (!ok) {
            *score = 0;
            if (!skx_narrow(&s->pr, i, c & ~d) || !skx_propagate(&s->pr, 1))
                return -1;
            return 1;
        }
    }
    int changed = 0;
    for (int k = 0; k < ntouched; k++) {
        int j = s->touched[k];
        if (s->hits[j] != alts)
            continue;
        uint64_t keep = s->pr.cand[j] & s->either[j];
        if (keep != s->pr.cand[j]) {
            if (!skx_narrow(&s->pr, j, keep))
                return -1;
            changed = 1;
        }
    }
    if (changed) {
        *score = 0;
        if (!skx_propagate(&s->pr, 1))
            return -1;
    }
    return changed;
}

/*
 * Failed-literal probing on every unassigned cell with at most max_width
 * candidates, repeated until nothing changes.  *best gets the cell to
 * branch on: fewest candidates, then the largest probe score (the usual
 * look-ahead measure: a choice that settles much on every side shrinks
 * the tree fastest); -1 when no cell qualified.
 * Returns 0, -1 when the node itself is contradictory, or -2 when the
 * deadline passed or the search was cancelled (ctl->res->end says which).
 */
static int probe(state *s, int max_width, int *best, sk_ctl *ctl, int *useful)
{
    const int nc = s->pr.m->ncells;
    int changed;
    *useful = 0;
    do {
        changed = 0;
        uint64_t best_score = 0;
        int best_width = 65;
        *best = -1;
        for (int i = 0; i < nc; i++) {
            int w = __builtin_popcountll(s->pr.cand[i]);
            if (s->pr.assigned[i] || w > max_width)
                continue;
            /* One pass over a big grid takes long: look at the clock. */
            if ((i & 31) == 31 && skx_expired(ctl))
                return -2;
            uint64_t score;
            s->work++;
            int r = probe_cell(s, i, &score);
            if (r < 0)
                return -1;
            changed |= r;
            *useful |= r;
            w = __builtin_popcountll(s->pr.cand[i]);
            if (score && (w < best_width || (w == best_width && score > best_score))) {
                best_score = score;
                best_width = w;
                *best = i;
            }
        }
    } while (changed);
    return 0;
}

/*
 * Pair probes, after every branch of scored branching: one pass of probes
 * over the unassigned cells with two candidates, starting at the cell
 * where the last pass met a dead end (a cell that failed once tends to fail
 * again; starting there ends a dead pass sooner).  Returns 0, or -1 when
 * a cell has neither digit left (s->dead says which).
 */
static int pair_probes(state *s)
{
    const int nc = s->pr.m->ncells;
    for (int k = 0, i = s->dead; k < nc; k++, i = i + 1 < nc ? i + 1 : 0) {
        uint64_t rest = s->pr.cand[i] & (s->pr.cand[i] - 1);
        if (s->pr.assigned[i] || !rest || (rest & (rest - 1)))
            continue; /* not two candidates (no popcount: without -mpopcnt
                         it is a call) */
        uint64_t unused;
        if (probe_cell(s, i, &unused) < 0) {
            s->dead = i;
            return -1;
        }
    }
    return 0;
}

/* The unassigned cell with the fewest candidates (never a single: at a
 * fixpoint every single is assigned). */
static int choose_cell(const state *s)
{
    const int nc = s->pr.m->ncells;
    int best = -1, best_count = 65;
    for (int i = 0; i < nc; i++) {
        if (s->pr.assigned[i])
            continue;
        int k = __builtin_popcountll(s->pr.cand[i]);
        if (k < best_count) {
            best = i;
            best_count = k;
            if (k <= 2)
                break;
        }
    }
    return best;
}

/* The digit that led to the most recent dead ends, when it stands out
 * (N of them or more, and more than 1.5 times the fewest of any digit
 * that has some); 0 when none does.  *score gets its count. */
static uint64_t hot_digit(const state *s, uint32_t *score)
{
    uint32_t most = 0, least = UINT32_MAX;
    uint64_t digit = 0;
    for (int d = 0; d < s->pr.m->n; d++) {
        uint32_t x = s->vscore[d];
        if (x > most) {
            most = x;
            digit = 1ull << d;
        }
        if (x && x < least)
            least = x;
    }
    if (most < (uint32_t)s->pr.m->n || 2 * (uint64_t)most <= 3 * (uint64_t)least) {
        *score = 0;
        return 0;
    }
    *score = most;
    return digit;
}

/* The unassigned cell with the highest score per candidate: its conflict
 * score, plus a fifth of the hot digit's count when the cell still holds
 * that digit (compared as 5 * score + count, by cross-multiplying), the
 * first on ties; fewest candidates while no cell has a score.  *total
 * gets the candidates of the whole grid (one per assigned cell). */
static int choose_scored(const state *s, long *total)
{
    const int nc = s->pr.m->ncells;
    int best = -1, best_count = 65;
    uint64_t best_score = 0;
    uint32_t hot_score;
    uint64_t hot = hot_digit(s, &hot_score);
    long sum = s->pr.nassigned;
    for (int i = 0; i < nc; i++) {
        if (s->pr.assigned[i])
            continue;
        int k = __builtin_popcountll(s->pr.cand[i]);
        sum += k;
        uint64_t sc = 5 * (uint64_t)s->score[i] + ((s->pr.cand[i] & hot) ? hot_score : 0);
        uint64_t lhs = sc * (uint64_t)best_count;
        uint64_t rhs = best_score * (uint64_t)k;
        if (best < 0 || lhs > rhs) {
            best = i;
            best_count = k;
            best_score = sc;
        }
    }
    *total = sum;
    if (best_score == 0) /* no scores yet: fewest candidates */
        return choose_cell(s);
    return best;
}

/* A digit with exactly two places left in a full house, on a cell whose
 * score is at least twice `floor`: branching "d here or there" is a binary
 * choice where the best cell may have many digits.  Stores the cell with
 * the higher score in *cell and the digit's bit in *digit; 0 when none. */
static int choose_pair(const state *s, uint64_t floor2, int *cell, uint64_t *digit)
{
    const sk_model *m = s->pr.m;
    uint64_t best = floor2;
    int found = 0;
    for (int h = 0; h < m->nfull; h++) {
        const uint16_t *hc = m->house_cells + m->house_off[h];
        uint64_t once = 0, twice = 0, more = 0;
        for (int k = 0; k < m->n; k++) {
            uint64_t v = s->pr.assigned[hc[k]] ? 0 : s->pr.cand[hc[k]];
            more |= twice & v;
            twice |= once & v;
            once |= v;
        }
        for (uint64_t two = twice & ~more; two; two &= two - 1) {
            uint64_t d = two & -two;
            int a = -1, b = -1;
            for (int k = 0; k < m->n; k++)
                if (!s->pr.assigned[hc[k]] && (s->pr.cand[hc[k]] & d)) {
                    if (a < 0)
                        a = hc[k];
                    else
                        b = hc[k];
                }
            if (b < 0)
                continue;
            int top = s->score[b] > s->score[a] ? b : a;
            if ((uint64_t)s->score[top] >= best) {
                best = (uint64_t)s->score[top] + 1;
                *cell = top;
                *digit = d;
                found = 1;
            }
        }
    }
    return found;
}

/* A dead end right after trying digits `tried` in cell: the cell's score
 * and, for one digit, the digit's; every 16384 dead ends the cells'
 * scores are halved and the digits' quartered (they follow the recent
 * search more closely). */
static void conflict_at(state *s, int cell, uint64_t tried)
{
    s->score[cell]++;
    if (tried && !(tried & (tried - 1)))
        s->vscore[__builtin_ctzll(tried)]++;
    if (++s->conflicts == 1u << 14) {
        s->conflicts = 0;
        for (int i = 0; i < s->pr.m->ncells; i++)
            s->score[i] >>= 1;
        for (int d = 0; d < s->pr.m->n; d++)
            s->vscore[d] >>= 2;
    }
}

/* The rules' weight of each cell, the scores scored branching starts
 * from: N for each full house it is in, and for each propagator of its
 * rules the propagator's size (a sum: 2N less its size, at least N; small
 * sums constrain most).  Cells under many rules are branched on first
 * until dead ends say otherwise; without it, the first thousands of
 * choices follow candidate counts alone. */
static void rule_weights(state *s)
{
    const sk_model *m = s->pr.m;
    for (int i = 0; i < m->ncells; i++) {
        uint32_t w = 0;
        for (uint32_t k = m->cell_house_off[i]; k < m->cell_house_off[i + 1]; k++)
            if (m->cell_houses[k] < m->nfull)
                w += (uint32_t)m->n;
        s->score[i] = w;
    }
    for (int x = 0; x < m->ncons; x++) {
        const skx_con *c = &m->cons[x];
        const uint32_t n = (uint32_t)m->n;
        uint32_t w = c->ncells;
        if (c->type == SKX_SUM)
            w = c->ncells < n ? 2 * n - c->ncells : n;
        for (uint32_t j = 0; j < c->ncells; j++)
            s->score[m->con_cells[c->cell_off + j]] += w;
    }
}

/*
 * Which digit a scored choice tries first ("d here, or not"): the lowest,
 * unless the sums over the cell ask for high digits.  Each SUM and COMBO
 * of the cell adds how far the mean digit of its totals (of its digit
 * sets, for a COMBO) lies above the middle digit; a cell whose sums lean
 * high tries its highest digit first.  On a sum that needs high digits a
 * low digit soon fails, and "1 here, or not" is a short refutation
 * followed by a child that is its parent less one candidate, one guess
 * spent for little; "9 here, or not" splits the cell's possibilities
 * where they lie.  Cages without a total and renban windows (means in the
 * middle) and cells under no sum keep the lowest digit.  Measured in
 * guesses (tree sizes do not drift with the machine):
 * LITTLE_KILLER_SNIPES#11 4.56 -> 3.03 million, #9 875,000 -> 752,000,
 * four subproblems of #13 60,600 -> 50,000, 53 little killers turned and
 * transposed 134,700 -> 122,100; the 14 MATHEMAGIC killers 638,000 ->
 * 643,000 (their totals lean both ways: no change on the whole).
 */
static void digit_order(state *s)
{
    const sk_model *m = s->pr.m;
    const double middle = (m->n + 1) / 2.0;
    /* each cell's lean, in 1/1024ths of a digit, in the probes' scratch
     * (no probe has run yet) */
    int64_t *lean = (int64_t *)(void *)s->either;
    memset(lean, 0, (size_t)m->ncells * sizeof *lean);
    for (int x = 0; x < m->ncons; x++) {
        const skx_con *c = &m->cons[x];
        double mean;
        if (c->type == SKX_SUM && !c->aux) {
            mean = (c->lo + c->hi) / 2.0 / c->ncells;
        } else if (c->type == SKX_COMBO && c->ndata) {
            double total = 0;
            for (uint32_t k = 0; k < c->ndata; k++)
                for (uint64_t set = m->con_data[c->data_off + k]; set; set &= set - 1)
                    total += __builtin_ctzll(set) + 1;
            mean = total / c->ndata / c->ncells;
        } else {
            continue;
        }
        for (uint32_t j = 0; j < c->ncells; j++)
            lean[m->con_cells[c->cell_off + j]] += (int64_t)((mean - middle) * 1024);
    }
    for (int i = 0; i < m->ncells; i++)
        s->high[i] = lean[i] > 0;
}

static int report(state *s, sk_ctl *ctl)
{
    for (int i = 0; i < s->pr.m->ncells; i++)
        s->grid[i] = (uint8_t)(__builtin_ctzll(s->pr.cand[i]) + 1);
    return skx_solution(ctl, s->grid);
}

/* Search strategies for models with variant rules (see the top comment). */
enum { PROBING, SCORED };

/* Work (probes plus nodes) the first round of each strategy may take
 * before the search starts again with the other; each round doubles it. */
#define FIRST_ROUND 20000

/* The longest run of nodes without probing after passes that settled
 * nothing (see the top comment). */
#define PROBE_GAP_MAX 32

static int general_search(void *ws, const sk_model *m, const uint8_t *givens, sk_ctl *ctl)
{
    state st, *s = &st;
    sk_result *res = ctl->res;
    carve(s, ws, m);
    int start_ok = skx_prop_start(&s->pr, givens, ctl->opts->candidates);
    memset(s->seen, 0, (size_t)m->ncells * sizeof *s->seen);
    /* probe_cell compares hits[] of cells its first alternative left alone */
    memset(s->hits, 0, (size_t)m->ncells * sizeof *s->hits);
    memset(s->score, 0, (size_t)m->ncells * sizeof *s->score);
    memset(s->vscore, 0, sizeof s->vscore);
    s->expect = -1;
    s->dead = 0;
    s->conflicts = 0;
    s->stamp = 0;
    s->work = 0;
    s->skip = s->gap = 0;
    /* Probing pays from 10x10 up, and there every cell is worth probing:
     * tarek's twenty hard 16x16 puzzles all fall at the root that way,
     * against 43k nodes when only cells of two or three candidates are
     * probed.  Up to 9x9, singles and locked candidates with
     * fewest-candidates branching are faster than any probing.  Models
     * with rules branch on scores up to 9x9, and from 10x10 alternate
     * between probing and scored branching until a first solution is
     * found. */
    const int scored_only = m->ncons != 0 && m->n <= 9;
    const int alternate = m->ncons != 0 && !scored_only;
    if (m->ncons) {
        rule_weights(s);
        digit_order(s);
    }
    int strategy = scored_only ? SCORED : PROBING;
    uint64_t round = FIRST_ROUND, budget = FIRST_ROUND;
    int width = (m->n >= 10 || m->ncons) && !scored_only ? SK_MAX_N : 0;
    if (width) {
        ctl->tick_every = 1; /* probing nodes are slow: look every node */
        if (ctl->next_check > res->nodes + 1)
            ctl->next_check = res->nodes + 1;
    }

    int depth = 0;
    res->nodes++;
    int ok = start_ok && skx_propagate(&s->pr, 1);
    /* Scored branching still probes the root once, as the cdcl engine
     * does: what failed literals settle there is settled for the whole
     * search, and a puzzle made "without guessing" by the generator (whose
     * searches probe the root) is solved here without a guess too. */
    if (ok && scored_only && s->pr.nassigned < m->ncells) {
        int useful, unused;
        int r = probe(s, SK_MAX_N, &unused, ctl, &useful);
        if (r == -2)
            return SK_OK;
        ok = r == 0;
    }
    for (;;) {
        int pick = -1;
        if (ok && width && strategy == PROBING && s->pr.nassigned < m->ncells) {
            if (s->skip) {
                s->skip--;
            } else {
                int useful;
                int r = probe(s, width, &pick, ctl, &useful);
                if (r == -2)
                    return SK_OK;
                ok = r == 0;
                if (ok && !useful) {
                    s->gap = s->gap ? (s->gap < PROBE_GAP_MAX ? 2 * s->gap : s->gap) : 1;
                    s->skip = s->gap;
                } else {
                    s->gap = 0;
                }
            }
        }
        if (ok) {
            if (s->pr.nassigned == m->ncells) {
                if (report(s, ctl))
                    return SK_OK;
            } else {
                long total = -1;
                int i = pick >= 0               ? pick
                        : strategy == SCORED ? choose_scored(s, &total)
                                             : choose_cell(s);
                /* The choice just made (when this node is its child)
                 * settled nothing if every other candidate is left: its
                 * cell's score is halved, so that cells whose digits do
                 * something come first. */
                if (total >= 0 && depth > 0 && s->expect == total)
                    s->score[s->frames[depth - 1].cell] >>= 1;
                frame *f = &s->frames[depth++];
                f->trail_mark = s->pr.ntrail;
                f->assign_mark = (uint16_t)s->pr.nassigned;
                f->untried = s->pr.cand[i];
                f->rest = 0;
                uint64_t w = (uint64_t)__builtin_popcountll(s->pr.cand[i]);
                s->expect = total >= 0 && w >= 5 ? total - (long)(w - 1) : -1;
                int c2;
                uint64_t d2;
                if (strategy == SCORED && w > 2) {
                    /* binary: a digit of a cell, or the cell without it;
                     * a digit's two places in a house when half the
                     * better place's score beats the cell's score per
                     * digit, else the cell's lowest digit (its highest
                     * where its sums lean high: digit_order) */
                    if (s->score[i] &&
                        choose_pair(s, 2 * ((uint64_t)s->score[i] + w - 1) / w, &c2, &d2)) {
                        i = c2;
                        s->expect = -1;
                    } else {
                        d2 = s->high[i] ? 1ull << (63 - __builtin_clzll(s->pr.cand[i]))
                                        : s->pr.cand[i] & -s->pr.cand[i];
                    }
                    f->untried = d2;
                    f->rest = s->pr.cand[i] & ~d2;
                }
                f->cell = (uint16_t)i;
            }
        }
        if (depth == 0)
            return SK_OK; /* res->end stays EXHAUSTED */
        if (alternate && !res->solutions && ++s->work > budget) {
            /* Start again from the root with the other strategy; what the
             * scores learned is kept. */
            skx_undo(&s->pr, s->frames[0].trail_mark, s->frames[0].assign_mark);
            depth = 0;
            if (strategy == SCORED)
                round *= 2;
            strategy = strategy == PROBING ? SCORED : PROBING;
            budget = s->work + round;
            ok = 1;
            continue;
        }
        /* Take the next alternative of the innermost open choice. */
        frame *f = &s->frames[depth - 1];
        skx_undo(&s->pr, f->trail_mark, f->assign_mark);
        uint64_t d = f->untried & -f->untried;
        int cell = f->cell;
        res->nodes++;
        if (skx_tick(ctl))
            return SK_OK;
        if (!d) { /* the other side of a binary choice */
            d = f->rest;
            f->rest = 0;
        }
        f->untried &= ~d;
        if (f->untried || f->rest)
            res->guesses++;
        else
            depth--; /* last alternative: nothing to come back for */
        ok = skx_narrow(&s->pr, cell, d) && skx_propagate(&s->pr, 1);
        if (!ok) {
            if (m->ncons)
                conflict_at(s, cell, d);
        } else if (scored_only && pair_probes(s) < 0) {
            /* the dead end is the probed cell's, not the branch's */
            ok = 0;
            conflict_at(s, s->dead, 0);
        }
    }
}

static int general_accepts(const sk_model *m) { return m != NULL; }

/* Up to 16x16, singles, locked candidates and probing settle nearly every
 * puzzle at the root or after a few guesses, and no engine is faster there;
 * from 25x25 on, hard puzzles need thousands of guesses and the cdcl
 * engine's learning wins (bench/ENGINES.md), as it does on most variant
 * rules at every size (see cdcl_preferred), except on little killers
 * alone and, up to 9x9, killer cages and little killers: there a dead
 * end costs this engine a fraction of what a conflict costs cdcl
 * (explaining each removal a sum made), and scored branching with pair
 * probes needs few of them (the 14 MATHEMAGIC killers of tests/variants:
 * 81 s against 140 s; its 18 little killer puzzles but the three hardest
 * snipes 5.5 s against 7.7 s, its 62 other puzzles with cages 9.0 s
 * against 10.6 s; bench/VARIANTS.md).  Lines, arrows, dots, sandwiches
 * and pencil marks stay with cdcl (with this engine the 38 puzzles of
 * tests/variants with other rules took 49 s against 15 s, the nine
 * pencil-mark ones 74 s against 56 s). */
static int general_preferred(const sk_model *m)
{
    return m->n <= 16 && !skx_has_marks(m) && skx_rules_suit_general(m);
}

const sk_engine skx_engine_general = {
    {"general", "bitmask candidates; singles, locked candidates and failed-literal "
                "probing; look-ahead branching",
     "every model: N up to 64, boxes, jigsaw, Latin squares, extra houses and groups, "
     "every variant rule, candidate masks; chosen automatically up to 16x16 "
     "when no rule needs a propagator (extra houses, diagonals, groups only) "
     "or the only ones are little killers, up to 9x9 when they are killer "
     "cages and little killers, and no pencil marks are given"},
    general_accepts,
    general_preferred,
    general_workspace,
    general_search,
    1, /* takes candidate masks */
};
