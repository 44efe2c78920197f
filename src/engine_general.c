/*
 * engine_general.c - the general engine: any model the library can build
 * (N up to 64, boxes, jigsaw regions, Latin squares, extra houses and
 * groups), every question.
 *
 * Data model
 *   One 64-bit candidate mask per cell; bit d-1 set means digit d is still
 *   possible.  A cell is "assigned" once its single digit has been removed
 *   from all its peers.
 *
 *       cand[i]   bit:  63 ........ N-1 ... 2 1 0
 *                       (unused)    digit N .. 3 2 1
 *
 * Undo
 *   Instead of copying the grid at each branch (32 KB at 64x64) every
 *   change to cand[] is logged on a trail as (cell, old mask) and undone by
 *   popping to a mark.  Each entry removes at least one candidate, so the
 *   trail never holds more than N*N*N entries and is allocated once.  The
 *   search is an explicit loop over a frame stack (one frame per open
 *   choice, at most N*N), so deep grids cannot overflow the C stack.
 *
 * Propagation, to a fixpoint, cheapest rule first
 *   1. naked singles: a cell with one candidate removes it from its peers
 *      (a queue of cells that became single);
 *   2. hidden singles: in a full house a digit with one possible cell goes
 *      there; a digit with none is a contradiction.  One pass per changed
 *      house with the "seen once / seen twice" masks;
 *   3. locked candidates: when every place for digit d in full house A lies
 *      in A∩B, d leaves B\A (pointing and claiming, and the same between
 *      jigsaw regions, diagonals and windows).  Only when 1-2 are stuck.
 *   Every change marks the houses of its cell dirty, so rules 2 and 3 look
 *   only at what changed; after an undo the state is a fixpoint again and
 *   nothing is dirty.
 *
 * Probing (failed literals) and branching, from 10x10 up
 *   At every node each digit of each unassigned cell is tried with rules
 *   1-2 and undone.  A digit that leads to a contradiction is removed for
 *   good, and whatever all the digits of a cell agree on holds (a cell
 *   that every alternative narrowed keeps only the union of what they left
 *   it).  Singles alone see neither; on hard 16x16 puzzles this turns tens
 *   of thousands of nodes into one.  The probes also measure how many
 *   candidates each choice settles: the search branches on a cell with the
 *   fewest candidates, preferring the largest product of those counts (a
 *   choice that settles much on every side shrinks the tree fastest).
 *   Up to 9x9 probing costs more than it saves and the branch is simply a
 *   cell with the fewest candidates.  Digits are tried in increasing
 *   order; the last alternative of a choice is forced, not a guess.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

typedef struct frame {
    uint32_t trail_mark;  /* trail length when the choice was opened */
    uint16_t assign_mark; /* assigned-stack length then */
    uint16_t cell;        /* the cell being branched on */
    uint64_t untried;     /* digits of that cell not tried yet */
} frame;

typedef struct state {
    const sk_model *m;
    uint64_t *cand;        /* cand[i]: digits still possible in cell i */
    uint8_t *assigned;     /* assigned[i]: 1 once cell i's digit left its peers */
    uint16_t *astack;      /* cells in the order they were assigned */
    int nassigned;         /* length of astack */
    uint16_t *queue;       /* cells that became single, not yet assigned */
    int qhead, qtail;
    uint16_t *trail_cell;  /* trail: cell whose mask changed ... */
    uint64_t *trail_old;   /* ... and its mask before the change */
    uint32_t ntrail;
    int hwords;            /* words in each house bitset below */
    uint64_t *hdirty;      /* houses changed since their hidden-singles scan */
    uint64_t *ldirty;      /* houses changed since their locked-candidates scan */
    uint64_t *lscan;       /* snapshot of ldirty during one locked pass */
    frame *frames;         /* open choices, innermost last */
    uint8_t *grid;         /* scratch for reporting a solution */
    /* Probe bookkeeping, for one probed cell at a time: */
    uint32_t *seen;        /* seen[j] == stamp: cell j counted in this alternative */
    uint32_t stamp;
    uint16_t *touched;     /* cells the first alternative changed */
    uint16_t *hits;        /* hits[j]: alternatives so far that changed cell j */
    uint64_t *either;      /* either[j]: union of cell j's masks over those */
} state;

static size_t align8(size_t x) { return (x + 7) & ~(size_t)7; }

static size_t trail_cap(const sk_model *m) { return (size_t)m->ncells * (size_t)m->n + 1; }

static size_t house_words(const sk_model *m) { return ((size_t)m->nhouses + 63) / 64; }

static size_t general_workspace(const sk_model *m)
{
    size_t nc = (size_t)m->ncells;
    return align8(nc * 8)                      /* cand */
         + align8(nc)                          /* assigned */
         + align8(nc * 2) * 2                  /* astack, queue */
         + align8(trail_cap(m) * 2)            /* trail_cell */
         + align8(trail_cap(m) * 8)            /* trail_old */
         + house_words(m) * 8 * 3              /* hdirty, ldirty, lscan */
         + align8((nc + 1) * sizeof(frame))    /* frames */
         + align8(nc)                          /* grid */
         + align8(nc * 4)                      /* seen */
         + align8(nc * 2) * 2                  /* touched, hits */
         + align8(nc * 8);                     /* either */
}

static void carve(state *s, void *ws, const sk_model *m)
{
    char *p = ws;
    size_t nc = (size_t)m->ncells;
    s->m = m;
    s->cand = (uint64_t *)p;       p += align8(nc * 8);
    s->assigned = (uint8_t *)p;    p += align8(nc);
    s->astack = (uint16_t *)p;     p += align8(nc * 2);
    s->queue = (uint16_t *)p;      p += align8(nc * 2);
    s->trail_cell = (uint16_t *)p; p += align8(trail_cap(m) * 2);
    s->trail_old = (uint64_t *)p;  p += align8(trail_cap(m) * 8);
    s->hwords = (int)house_words(m);
    s->hdirty = (uint64_t *)p;     p += house_words(m) * 8;
    s->ldirty = (uint64_t *)p;     p += house_words(m) * 8;
    s->lscan = (uint64_t *)p;      p += house_words(m) * 8;
    s->frames = (frame *)p;        p += align8((nc + 1) * sizeof(frame));
    s->grid = (uint8_t *)p;        p += align8(nc);
    s->seen = (uint32_t *)p;       p += align8(nc * 4);
    s->touched = (uint16_t *)p;    p += align8(nc * 2);
    s->hits = (uint16_t *)p;       p += align8(nc * 2);
    s->either = (uint64_t *)p;
}

static inline int single(uint64_t x) { return x && !(x & (x - 1)); }

static inline int has_bit(const uint64_t *set, int h) { return (int)(set[h >> 6] >> (h & 63) & 1); }

/* Narrows cell i to mask nw (a subset of its candidates) and marks its
 * houses for the house rules.  0 on contradiction. */
static inline int narrow(state *s, int i, uint64_t nw)
{
    const sk_model *m = s->m;
    s->trail_cell[s->ntrail] = (uint16_t)i;
    s->trail_old[s->ntrail++] = s->cand[i];
    s->cand[i] = nw;
    if (!nw)
        return 0;
    if (single(nw))
        s->queue[s->qtail++] = (uint16_t)i;
    for (uint32_t k = m->cell_house_off[i]; k < m->cell_house_off[i + 1]; k++) {
        int h = m->cell_houses[k];
        s->hdirty[h >> 6] |= 1ull << (h & 63);
        s->ldirty[h >> 6] |= 1ull << (h & 63);
    }
    return 1;
}

/* Rule 1: assigns every queued single, removing its digit from the peers. */
static int naked_singles(state *s)
{
    const sk_model *m = s->m;
    while (s->qhead < s->qtail) {
        int i = s->queue[s->qhead++];
        if (s->assigned[i])
            continue;
        uint64_t d = s->cand[i];
        s->assigned[i] = 1;
        s->astack[s->nassigned++] = (uint16_t)i;
        const uint16_t *p = m->peers + m->peer_off[i], *end = m->peers + m->peer_off[i + 1];
        for (; p < end; p++)
            if (s->cand[*p] & d)
                if (!narrow(s, *p, s->cand[*p] & ~d))
                    return 0;
    }
    return 1;
}

/* Rule 2 on one full house: -1 on contradiction, else cells fixed. */
static int hidden_in_house(state *s, int h)
{
    const sk_model *m = s->m;
    const uint16_t *c = m->house_cells + m->house_off[h];
    const int n = m->n;
    uint64_t once = 0, twice = 0;
    for (int j = 0; j < n; j++) {
        uint64_t x = s->cand[c[j]];
        twice |= once & x;
        once |= x;
    }
    if (once != m->all)
        return -1;
    uint64_t uniq = once & ~twice;
    if (!uniq)
        return 0;
    int fixed = 0;
    for (int j = 0; j < n; j++) {
        uint64_t x = s->cand[c[j]];
        uint64_t hit = x & uniq;
        if (!hit || single(x))
            continue;
        if (!single(hit) || !narrow(s, c[j], hit))
            return -1; /* two digits that each must go here */
        fixed++;
    }
    return fixed;
}

/* Rule 2 on every changed full house: -1 on contradiction, else cells fixed. */
static int hidden_singles(state *s)
{
    const int nfull = s->m->nfull;
    int fixed = 0;
    for (int w = 0; w < s->hwords; w++)
        while (s->hdirty[w]) {
            int h = w * 64 + __builtin_ctzll(s->hdirty[w]);
            s->hdirty[w] &= s->hdirty[w] - 1;
            if (h >= nfull)
                continue;
            int r = hidden_in_house(s, h);
            if (r < 0)
                return -1;
            fixed += r;
        }
    return fixed;
}

/* Rule 3 on pairs touching a changed house: -1 on contradiction, else
 * candidates removed. */
static int locked_candidates(state *s)
{
    const sk_model *m = s->m;
    const uint16_t *cells = m->isect_cells;
    int removed = 0, any = 0;
    for (int w = 0; w < s->hwords; w++) {
        s->lscan[w] = s->ldirty[w];
        s->ldirty[w] = 0;
        any |= s->lscan[w] != 0;
    }
    if (!any)
        return 0;
    for (int k = 0; k < m->nisects; k++) {
        const sk_isect *x = &m->isects[k];
        if (!has_bit(s->lscan, x->a) && !has_bit(s->lscan, x->b))
            continue;
        uint64_t in = 0, aout = 0, bout = 0;
        for (uint32_t j = x->in_off; j < x->a_only_off; j++)
            in |= s->cand[cells[j]];
        for (uint32_t j = x->a_only_off; j < x->b_only_off; j++)
            aout |= s->cand[cells[j]];
        uint64_t confined = in & ~aout;
        if (!confined)
            continue;
        for (uint32_t j = x->b_only_off; j < x->end; j++)
            bout |= s->cand[cells[j]];
        uint64_t hit = confined & bout;
        if (!hit)
            continue;
        for (uint32_t j = x->b_only_off; j < x->end; j++) {
            int c = cells[j];
            if (s->cand[c] & hit) {
                if (!narrow(s, c, s->cand[c] & ~hit))
                    return -1;
                removed++;
            }
        }
    }
    return removed;
}

/* Runs the rules to a fixpoint; 0 on contradiction.  With `locked` 0 the
 * third rule is skipped (used by the cheaper probes). */
static int propagate(state *s, int locked)
{
    for (;;) {
        if (!naked_singles(s))
            return 0;
        int r = hidden_singles(s);
        if (r < 0)
            return 0;
        if (r > 0)
            continue;
        if (!locked)
            return 1;
        r = locked_candidates(s);
        if (r < 0)
            return 0;
        if (r == 0)
            return 1;
    }
}

/* Returns to a fixpoint state recorded earlier (all rules had run there,
 * so nothing is dirty). */
static void undo(state *s, uint32_t trail_mark, int assign_mark)
{
    while (s->ntrail > trail_mark) {
        s->ntrail--;
        s->cand[s->trail_cell[s->ntrail]] = s->trail_old[s->ntrail];
    }
    while (s->nassigned > assign_mark)
        s->assigned[s->astack[--s->nassigned]] = 0;
    s->qhead = s->qtail = 0;
    memset(s->hdirty, 0, (size_t)s->hwords * 8);
    memset(s->ldirty, 0, (size_t)s->hwords * 8);
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
    const uint64_t c = s->cand[i];
    int alts = 0, ntouched = 0;
    *score = 1;
    for (uint64_t rest = c; rest; rest &= rest - 1) {
        uint64_t d = rest & -rest;
        uint32_t tm = s->ntrail;
        int am = s->nassigned;
        int ok = narrow(s, i, d) && propagate(s, 0);
        if (ok) {
            /* Record what this alternative did to each changed cell. */
            uint32_t stamp = ++s->stamp;
            for (uint32_t t = tm; t < s->ntrail; t++) {
                int j = s->trail_cell[t];
                if (s->seen[j] == stamp)
                    continue;
                s->seen[j] = stamp;
                if (alts == 0) {
                    s->touched[ntouched++] = (uint16_t)j;
                    s->hits[j] = 1;
                    s->either[j] = s->cand[j];
                } else if (s->hits[j] == alts) {
                    s->hits[j]++;
                    s->either[j] |= s->cand[j];
                }
            }
            alts++;
            *score *= s->ntrail - tm + 1;
        }
        undo(s, tm, am);
        if (!ok) {
            *score = 0;
            if (!narrow(s, i, c & ~d) || !propagate(s, 1))
                return -1;
            return 1;
        }
    }
    int changed = 0;
    for (int k = 0; k < ntouched; k++) {
        int j = s->touched[k];
        if (s->hits[j] != alts)
            continue;
        uint64_t keep = s->cand[j] & s->either[j];
        if (keep != s->cand[j]) {
            if (!narrow(s, j, keep))
                return -1;
            changed = 1;
        }
    }
    if (changed) {
        *score = 0;
        if (!propagate(s, 1))
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
static int probe(state *s, int max_width, int *best, sk_ctl *ctl)
{
    const int nc = s->m->ncells;
    int changed;
    do {
        changed = 0;
        uint64_t best_score = 0;
        int best_width = 65;
        *best = -1;
        for (int i = 0; i < nc; i++) {
            int w = __builtin_popcountll(s->cand[i]);
            if (s->assigned[i] || w > max_width)
                continue;
            /* One pass over a big grid takes long: look at the clock. */
            if ((i & 31) == 31 && skx_expired(ctl))
                return -2;
            uint64_t score;
            int r = probe_cell(s, i, &score);
            if (r < 0)
                return -1;
            changed |= r;
            w = __builtin_popcountll(s->cand[i]);
            if (score && (w < best_width || (w == best_width && score > best_score))) {
                best_score = score;
                best_width = w;
                *best = i;
            }
        }
    } while (changed);
    return 0;
}

/* The unassigned cell with the fewest candidates (never a single: at a
 * fixpoint every single is assigned). */
static int choose_cell(const state *s)
{
    const int nc = s->m->ncells;
    int best = -1, best_count = 65;
    for (int i = 0; i < nc; i++) {
        if (s->assigned[i])
            continue;
        int k = __builtin_popcountll(s->cand[i]);
        if (k < best_count) {
            best = i;
            best_count = k;
            if (k <= 2)
                break;
        }
    }
    return best;
}

static int report(state *s, sk_ctl *ctl)
{
    for (int i = 0; i < s->m->ncells; i++)
        s->grid[i] = (uint8_t)(__builtin_ctzll(s->cand[i]) + 1);
    return skx_solution(ctl, s->grid);
}

static int general_search(void *ws, const sk_model *m, const uint8_t *givens, sk_ctl *ctl)
{
    state st, *s = &st;
    sk_result *res = ctl->res;
    carve(s, ws, m);
    s->nassigned = 0;
    s->ntrail = 0;
    s->qhead = s->qtail = 0;
    memset(s->assigned, 0, (size_t)m->ncells);
    memset(s->seen, 0, (size_t)m->ncells * sizeof *s->seen);
    /* probe_cell compares hits[] of cells its first alternative left alone */
    memset(s->hits, 0, (size_t)m->ncells * sizeof *s->hits);
    s->stamp = 0;
    memset(s->hdirty, 0xff, (size_t)s->hwords * 8);
    memset(s->ldirty, 0xff, (size_t)s->hwords * 8);
    for (int i = 0; i < m->ncells; i++) {
        s->cand[i] = givens[i] ? 1ull << (givens[i] - 1) : m->all;
        if (single(s->cand[i]))
            s->queue[s->qtail++] = (uint16_t)i;
    }
    /* Probing pays from 10x10 up, and there every cell is worth probing:
     * tarek's twenty hard 16x16 puzzles all fall at the root that way,
     * against 43k nodes when only cells of two or three candidates are
     * probed.  Up to 9x9, singles and locked candidates with
     * fewest-candidates branching are faster than any probing. */
    const int width = m->n >= 10 ? SK_MAX_N : 0;
    if (width) {
        ctl->tick_every = 1; /* probing nodes are slow: look every node */
        if (ctl->next_check > res->nodes + 1)
            ctl->next_check = res->nodes + 1;
    }

    int depth = 0;
    res->nodes++;
    int ok = propagate(s, 1);
    for (;;) {
        int pick = -1;
        if (ok && width && s->nassigned < m->ncells) {
            int r = probe(s, width, &pick, ctl);
            if (r == -2)
                return SK_OK;
            ok = r == 0;
        }
        if (ok) {
            if (s->nassigned == m->ncells) {
                if (report(s, ctl))
                    return SK_OK;
            } else {
                int i = pick >= 0 ? pick : choose_cell(s);
                frame *f = &s->frames[depth++];
                f->trail_mark = s->ntrail;
                f->assign_mark = (uint16_t)s->nassigned;
                f->cell = (uint16_t)i;
                f->untried = s->cand[i];
            }
        }
        /* Take the next alternative of the innermost open choice. */
        if (depth == 0)
            return SK_OK; /* res->end stays EXHAUSTED */
        frame *f = &s->frames[depth - 1];
        undo(s, f->trail_mark, f->assign_mark);
        uint64_t d = f->untried & -f->untried;
        int cell = f->cell;
        res->nodes++;
        if (skx_tick(ctl))
            return SK_OK;
        f->untried &= ~d;
        if (f->untried)
            res->guesses++;
        else
            depth--; /* last alternative: nothing to come back for */
        ok = narrow(s, cell, d) && propagate(s, 1);
    }
}

static int general_accepts(const sk_model *m) { return m != NULL; }

/* Up to 16x16, singles, locked candidates and probing settle nearly every
 * puzzle at the root or after a few guesses, and no engine is faster there;
 * from 25x25 on, hard puzzles need thousands of guesses and the cdcl
 * engine's learning wins (bench/ENGINES.md). */
static int general_preferred(const sk_model *m) { return m->n <= 16; }

const sk_engine skx_engine_general = {
    {"general", "bitmask candidates; singles, locked candidates and failed-literal "
                "probing; look-ahead branching",
     "every model: N up to 64, boxes, jigsaw, Latin squares, extra houses and groups; "
     "chosen automatically up to 16x16"},
    general_accepts,
    general_preferred,
    general_workspace,
    general_search,
};
