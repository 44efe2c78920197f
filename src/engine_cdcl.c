/*
 * engine_cdcl.c - the conflict-driven clause-learning engine: any model
 * (N up to 64, groups included), every question.  A SAT solver whose
 * constraints are the puzzle's own instead of a clause encoding; it is the
 * engine for puzzles whose proofs need thousands of guesses (the hard
 * 25x25 ones), where learning from each failure pays.
 *
 * Variables and literals
 *   x(cell, d) is true when the cell holds digit d.  Variable numbers leave
 *   room for a power of two of digits per cell, so that cell and digit are
 *   a shift and a mask away: v = cell << sh | (d - 1), with 2^sh >= N (the
 *   slots of digits above N are never used).  Literal 2v says x is true,
 *   2v + 1 that it is false; val[lit] is 1, -1 or 0 (unassigned).
 *
 * Constraints, kept native (no binary clauses)
 *   every cell               exactly one of its N digits
 *   every full house, digit  exactly one of the house's N cells
 *   every smaller group      at most one cell per digit
 *   locked candidates        when the places left for d in a full house A
 *                            all lie in a house B, d leaves B \ A
 *   learned clauses          two watched literals; the search for a new
 *                            watch starts where the last one ended
 *   Two bitmasks carry the groups: cand[cell] (bit d-1: x(cell, d) is not
 *   false) and pos[house << sh | d-1] (bit j: the j-th cell of the house may
 *   still hold d).  They change when a literal is assigned and are restored
 *   when it is unassigned.  Propagating a true x(c, d) makes every other
 *   non-false literal of its cell and of its houses for d false (one pass
 *   over set bits); propagating a false one looks at its cell and its full
 *   houses: no bit left is a conflict, one bit left makes that literal true,
 *   and the places left in a house are tested against the intersections
 *   that hold the first of them (locked candidates; unit propagation over
 *   the plain constraints does not see it, and it saves ~20% of conflicts
 *   on the hard 25x25 puzzles).  Propagation takes the trail in order,
 *   each literal's learned clauses and then its groups.
 *
 * Reasons, generated lazily
 *   Each assigned variable keeps one 32-bit reason: a tag in the top three
 *   bits and an argument.  NONE: a decision, an assumption or a level-0 fact
 *   (analysis never looks at level 0).  BIN(lit): the true literal that made
 *   this one false, clause -a | -b.  CELL(cell), HOUSE(house, digit): the
 *   at-least-one clause of the group.  LOCK(pair, digit): d in B \ A is
 *   false because no place in A \ B is left, clause -x | OR(A \ B).
 *   CLAUSE(offset).  RULE(propagator): a variant rule's propagator (sum,
 *   line, dot...) made it false; its clause is a small set of earlier false
 *   literals of the propagator's cells that still imply it, found by giving
 *   digits back and running the propagator again (rule_reason; a cage's
 *   digit sets are read off the sets first, combo_reason), and kept
 *   while the variable stays assigned.  Analysis asks a reason for the
 *   other literals of its clause; a group's are read off the group, leaving
 *   out those false at level 0 (masks saved at level 0, rcand and rpos).
 *
 * Search
 *   Every decision places a digit (x true): a variable with the highest
 *   activity (EVSIDS, decay 0.95; at the start cells and houses with few
 *   places first).  The usual phase saving would mostly decide "x false"
 *   (most variables are false in any grid), a weak decision that needs
 *   ~30% more conflicts here.  First-UIP learning, then shrinking (each
 *   lower level's block of literals replaced by that level's own UIP when
 *   one exists: ~30% shorter clauses and fewer conflicts) and recursive
 *   minimisation; the variables of the reasons of the learned literals are
 *   bumped too.  Restarts follow the Luby sequence times 1024 conflicts
 *   (glucose-style frequent restarts were much worse on the hard 25x25
 *   puzzles).  Every 2000 + 300k conflicts the clause database loses half
 *   of its learned clauses of glue above 2 not used since the last time,
 *   worst glue first (picked with a histogram, no sorting).
 *
 * Memory: nothing is allocated during a search
 *   Clauses live in an arena of 32-bit words (header: size, flags and
 *   glue, search position; then the literals).  Watch lists are vectors of
 *   (blocker, clause) in a pool of two halves: a list that outgrows its
 *   room moves to the end of the half in use; when that half is full every
 *   list is packed into the other half.  The number of clauses is capped
 *   at a quarter of a half, so live watches fill at most half of it and
 *   packing always frees room.  Deleting clauses compacts the arena
 *   (reasons are relocated) and lays the lists out afresh.  When a new
 *   clause does not fit, the database is reduced on the spot, then emptied
 *   of every learned clause that is not a reason; if even that is not
 *   enough the search restarts from level 0 where no clause is a reason.
 *   The arena has 48 words per variable plus 2^18, at most 2^23 words
 *   (25x25: 4 MB; 64x64: 32 MB; the pool as much again), and permanent
 *   clauses may take a quarter of it.
 *
 * Preprocessing
 *   At the root, failed-literal probing: each candidate of each cell, and
 *   each place of each digit in each full house, is propagated on its own.
 *   A candidate that fails is removed; what every alternative of a group
 *   implies holds.  Repeated until nothing changes.  Level-0 facts need no
 *   reason, so any sound inference may be added there.  This alone solves
 *   most 9x9 and 16x16 puzzles.  On an open grid nothing is settled and a
 *   pass costs N^3 propagations (an empty 64x64: 9 s to say "several
 *   solutions"), so probing stops when its first 4N groups settle nothing.
 *   A model with rules' propagators probes its cells only: the probes see
 *   through the rules, and killer cages over an empty grid need them
 *   (without, one of the published ones took twice the time), but each
 *   probe runs the rules to their fixpoint, and the houses' places cost
 *   more than the search they saved (the published killer cages of
 *   TAREK_ALL: 0.35 s a puzzle, 30% of it probing; the cells alone take a
 *   tenth of that and settle as much for the search.  One pass over them
 *   would do for most, 7% faster, but "Triple digits" then needs 2,061
 *   guesses instead of 365).
 *
 * More than one solution
 *   After a solution the search must exclude it and go on.  While room
 *   allows, a permanent blocking clause does it: the negation of the
 *   decisions (propagation from them gives the whole solution, so it
 *   excludes that solution only); the solver backjumps one level and keeps
 *   everything it learned, which makes the uniqueness proof after a hard
 *   first solution cheap.  When permanent clauses would take more than
 *   their share (counting or listing very many solutions), the engine
 *   switches to a path of assumptions instead, memory-bounded DPLL over the
 *   decisions of each solution: they are appended to the path as open
 *   entries and the last open entry is flipped; a path that turns out
 *   unsatisfiable (an assumption found false) flips the last open entry
 *   before it.  The space left is always a union of disjoint cubes, so no
 *   solution is counted twice or missed.
 *
 * Counts: res->guesses counts decisions; res->nodes counts the root, the
 * decisions and the conflicts (each ends a propagation), and the limits
 * are looked at after every decision and every conflict (root probing
 * looks at the clock itself).
 */
#include <string.h>

#include "engine.h"
#include "rules/rules.h"

/* ---- constants ------------------------------------------------------- */

#define TAG_SHIFT 29
#define R_NONE 0u
#define R_BIN (1u << TAG_SHIFT)
#define R_CELL (2u << TAG_SHIFT)
#define R_HOUSE (3u << TAG_SHIFT)
#define R_CLAUSE (4u << TAG_SHIFT)
#define R_LOCK (5u << TAG_SHIFT)
#define R_RULE (6u << TAG_SHIFT)
#define R_TAG(r) ((r) & (7u << TAG_SHIFT))
#define R_ARG(r) ((r) & ((1u << TAG_SHIFT) - 1))

/* Clause layout in the arena: header words (size, flags and glue, where
 * the last search for a watch ended), then the literals. */
enum { C_SIZE, C_FLAGS, C_POS, HDR };

/* A watch: the clause, and a literal of it whose truth spares a visit. */
typedef struct watcher {
    uint32_t blocker;
    uint32_t cref;
} watcher;

/* Where a literal's watches are in the pool: together, so that adding a
 * watch touches one cache line of bookkeeping. */
typedef struct wlist {
    uint32_t ofs, n, cap;
} wlist;
#define F_LEARNT 1u
#define F_DELETED 2u
#define F_USED 4u
#define F_CAND 8u
#define LBD_SHIFT 8

#define NO_VAR 0xffffffffu
#define XAR_WORDS (1u << 18) /* room for kept explanations (rule_reason) */
#define LUBY_UNIT 1024u   /* conflicts per unit of the restart sequence */
#define OPEN 0x80000000u /* path entry whose other side is still to explore */

/* ---- state ----------------------------------------------------------- */

/* An entry of the locked-candidates trigger lists: the pair, and what the
 * trigger tests, so that a failed test needs no other memory. */
typedef struct lkent {
    uint64_t inmask;      /* places of A and B in A */
    uint32_t x;           /* the pair */
    uint32_t pad;
} lkent;

/* One locked-candidates pair (A full, B): when digit d has no place left in
 * A \ B, it leaves B \ A. */
typedef struct lkpair {
    uint32_t a, b;        /* house << sh */
    uint32_t b_off;       /* where B's cells start in house_cells */
    uint32_t pad;
    uint64_t inmask;      /* places of A and B in A */
    uint64_t amask;       /* places of A \ B in A */
    uint64_t bmask;       /* places of B \ A in B */
} lkpair;

typedef struct cdcl {
    const sk_model *m;
    int n, sh, nc;
    uint32_t nv;          /* variable slots: nc << sh */
    uint32_t dmask;       /* (1 << sh) - 1 */
    int8_t *val;          /* [2 nv] per literal */
    int32_t *level;       /* [nv] */
    uint32_t *reason;     /* [nv] */
    uint32_t *trail;      /* [nv] assigned literals in order */
    uint32_t ntrail;
    uint32_t qg, qc;      /* trail positions propagated by groups / clauses */
    uint32_t *lim;        /* [nv + 1] trail length when each level began */
    int nlevels;          /* current decision level */
    uint64_t *cand;       /* [nc] digits not false */
    uint64_t *pos;        /* [nhouses << sh] house positions not false */
    uint64_t *rcand;      /* [nc] cand at level 0, as of ... */
    uint64_t *rpos;       /* [nhouses << sh] pos at level 0, as of ... */
    uint32_t rsynced;     /* ... this trail length (reasons skip the rest) */
    uint8_t *cidx;        /* [cell-house pairs] index of the cell in the house */
    uint32_t *lk_off;     /* [nfull * N + 1] locked candidates: the pairs ... */
    lkent *lk_list;       /* ... (A, B) with place j of A in A and B */
    lkpair *lk;           /* [nisects] */
    uint32_t *hk;         /* [cell-house pairs] house << sh << 6 | place of the cell */
    /* branching */
    double *act;          /* [nv] */
    double inc;
    uint32_t *heap;       /* [nv] */
    uint32_t *hidx;       /* [nv] place in heap, or NO_VAR */
    uint32_t nheap;
    /* analysis */
    uint8_t *seen;        /* [nv] */
    uint32_t *learnt;     /* [nv + 1] */
    uint32_t nlearnt;
    uint32_t *stack;      /* [nv] */
    uint32_t *toclear;    /* [nv] */
    uint32_t ntoclear;
    uint32_t *lstamp;     /* [nv + 1] per level, for glue */
    uint32_t *smark;      /* [nv] shrinking: stamp of the block being shrunk */
    uint32_t sstamp;
    uint32_t stamp;
    uint32_t *rbuf;       /* [64] literals of a group reason */
    /* variant rules: propagators (m->cons) and their explanations */
    uint32_t *tpos;       /* [nv] trail position of each assigned variable */
    skx_conq cq;          /* propagators waiting to run */
    uint64_t *cdom;       /* [max cells] masks of one propagator's cells */
    uint64_t *cscr;       /* [m->con_scratch] its scratch */
    uint64_t *edom;       /* [max cells] rule_reason: the masks kept, ... */
    uint64_t *tdom;       /* [max cells] ... a trial copy of them, ... */
    uint64_t *gdom;       /* [max cells] ... the false digits left to try */
    uint32_t *xoff;       /* [nv] where the explanation of a variable a rule
                             made false is kept in xar (0: none); valid while
                             the variable stays assigned */
    uint32_t *xar;        /* [XAR_WORDS] explanations: a count, then literals */
    uint32_t xtop;        /* words of xar in use */
    uint32_t *rrbuf;      /* [max cells * N] literals of a rule reason */
    uint32_t *rcopy;      /* [max(64, max cells * N)] a reason kept while
                             reason_lits runs again */
    uint32_t confl;       /* conflict: a reason-like descriptor ... */
    uint32_t confl_extra; /* ... plus one variable for BIN, else NO_VAR */
    /* clauses */
    wlist *wl;            /* [2 nv] the watch list of each literal */
    watcher *pool;        /* the half of the watch pool in use */
    watcher *spare;       /* the other half, target of compaction */
    uint32_t psize, ptop; /* entries per half; used in this one */
    uint32_t nclauses, max_clauses, nperm;
    uint32_t *arena;
    uint32_t cap, top;    /* words; offset 0 is "no clause" */
    uint32_t perm_words;  /* words of permanent (blocking) clauses */
    /* solutions */
    uint32_t *path;       /* [nv] assumptions, OPEN flag */
    uint32_t npath;
    int pathmode;
    uint8_t *grid;        /* [nc] */
    uint8_t *mark;        /* [2 nv] probing */
    uint32_t *touched;    /* [nv] probing */
    /* schedules */
    uint64_t conflicts;
    uint64_t next_reduce, reduce_inc;
    uint64_t restart_at;  /* conflicts at the last restart */
    uint64_t luby_i, luby_next;
} cdcl;

static size_t align8(size_t x) { return (x + 7) & ~(size_t)7; }

static int shift_for(int n)
{
    int sh = 0;
    while ((1 << sh) < n)
        sh++;
    return sh;
}

static size_t pairs_of(const sk_model *m) { return m->cell_house_off[m->ncells]; }

/* Arena words: 48 per variable plus 2^18, at most 2^23.  The hardest
 * 25x25 puzzles peak at about 840k of their 1M words. */
static size_t arena_words(const sk_model *m)
{
    size_t real = (size_t)m->ncells * (size_t)m->n;
    size_t w = 48 * real + ((size_t)1 << 18);
    return w > ((size_t)1 << 23) ? (size_t)1 << 23 : w;
}

/* Watch-pool entries per half: live watches (two per clause) are kept to
 * half of it by capping the number of clauses at a quarter. */
static size_t pool_entries(const sk_model *m)
{
    size_t e = arena_words(m) / 4;
    return e < 4096 ? 4096 : e;
}

static size_t common_of(const sk_model *m)
{
    size_t k = 0;
    for (int i = 0; i < m->nisects; i++)
        k += m->isects[i].a_only_off - m->isects[i].in_off;
    return k;
}

/* Room for the literals of one rule reason (and at least a group's). */
static size_t rule_lits(const sk_model *m)
{
    size_t k = (size_t)m->con_max_cells * (size_t)m->n + 1;
    return k < 64 ? 64 : k;
}

static size_t cdcl_workspace(const sk_model *m)
{
    size_t nv = (size_t)m->ncells << shift_for(m->n);
    size_t nh = (size_t)m->nhouses << shift_for(m->n);
    return align8(2 * nv)               /* val */
         + align8(4 * nv) * 3           /* level, reason, trail */
         + align8(4 * (nv + 1))         /* lim */
         + align8(8 * (size_t)m->ncells) /* cand */
         + align8(8 * nh) * 2           /* pos, rpos */
         + align8(8 * (size_t)m->ncells) /* rcand */
         + align8(pairs_of(m))          /* cidx */
         + align8(4 * ((size_t)m->nfull * (size_t)m->n + 1)) /* lk_off */
         + align8(sizeof(lkent) * common_of(m)) /* lk_list */
         + align8(sizeof(lkpair) * (size_t)m->nisects) /* lk */
         + align8(4 * pairs_of(m))      /* hk */
         + align8(8 * nv)               /* act */
         + align8(4 * nv) * 2           /* heap, hidx */
         + align8(nv)                   /* seen */
         + align8(4 * (nv + 1)) * 2     /* learnt, lstamp */
         + align8(4 * nv) * 3           /* stack, toclear, smark */
         + align8(4 * 64)               /* rbuf */
         + align8(4 * nv)               /* tpos */
         + align8((size_t)m->ncons)     /* cq.dirty */
         + align8(8 * (size_t)m->ncons) /* cq.at */
         + align8(8 * ((size_t)m->con_max_cells + 1)) /* cdom */
         + align8(8 * (m->con_scratch + 1)) /* cscr */
         + align8(8 * ((size_t)m->con_max_cells + 1)) * 3 /* edom, tdom, gdom */
         + (m->ncons ? align8(4 * nv) + 4 * XAR_WORDS : 0) /* xoff, xar */
         + align8(4 * rule_lits(m)) * 2 /* rrbuf, rcopy */
         + align8(sizeof(wlist) * 2 * nv) /* wl */
         + 2 * 8 * pool_entries(m)      /* the two halves of the watch pool */
         + align8(4 * nv)               /* path */
         + align8((size_t)m->ncells)    /* grid */
         + align8(2 * nv)               /* mark */
         + align8(4 * nv)               /* touched */
         + 4 * arena_words(m);          /* arena */
}

static void carve(cdcl *s, void *ws, const sk_model *m)
{
    char *p = ws;
    s->m = m;
    s->n = m->n;
    s->sh = shift_for(m->n);
    s->nc = m->ncells;
    s->dmask = (1u << s->sh) - 1;
    size_t nv = (size_t)m->ncells << s->sh;
    size_t nh = (size_t)m->nhouses << s->sh;
    s->nv = (uint32_t)nv;
#define TAKE(field, bytes)           \
    do {                             \
        s->field = (void *)p;        \
        p += align8(bytes);          \
    } while (0)
    TAKE(val, 2 * nv);
    TAKE(level, 4 * nv);
    TAKE(reason, 4 * nv);
    TAKE(trail, 4 * nv);
    TAKE(lim, 4 * (nv + 1));
    TAKE(cand, 8 * (size_t)m->ncells);
    TAKE(pos, 8 * nh);
    TAKE(rpos, 8 * nh);
    TAKE(rcand, 8 * (size_t)m->ncells);
    TAKE(cidx, pairs_of(m));
    TAKE(lk_off, 4 * ((size_t)m->nfull * (size_t)m->n + 1));
    TAKE(lk_list, sizeof(lkent) * common_of(m));
    TAKE(lk, sizeof(lkpair) * (size_t)m->nisects);
    TAKE(hk, 4 * pairs_of(m));
    TAKE(act, 8 * nv);
    TAKE(heap, 4 * nv);
    TAKE(hidx, 4 * nv);
    TAKE(seen, nv);
    TAKE(learnt, 4 * (nv + 1));
    TAKE(lstamp, 4 * (nv + 1));
    TAKE(stack, 4 * nv);
    TAKE(toclear, 4 * nv);
    TAKE(smark, 4 * nv);
    TAKE(rbuf, 4 * 64);
    TAKE(tpos, 4 * nv);
    TAKE(cq.dirty, (size_t)m->ncons);
    TAKE(cq.at, 8 * (size_t)m->ncons);
    s->cq.cons = m->cons;
    s->cq.ncons = (uint32_t)m->ncons;
    TAKE(cdom, 8 * ((size_t)m->con_max_cells + 1));
    TAKE(cscr, 8 * (m->con_scratch + 1));
    TAKE(edom, 8 * ((size_t)m->con_max_cells + 1));
    TAKE(tdom, 8 * ((size_t)m->con_max_cells + 1));
    TAKE(gdom, 8 * ((size_t)m->con_max_cells + 1));
    if (m->ncons) {
        TAKE(xoff, 4 * nv);
        TAKE(xar, 4 * XAR_WORDS);
    } else {
        s->xoff = s->xar = NULL;
    }
    TAKE(rrbuf, 4 * rule_lits(m));
    TAKE(rcopy, 4 * rule_lits(m));
    TAKE(wl, sizeof(wlist) * 2 * nv);
    TAKE(pool, 8 * pool_entries(m));
    TAKE(spare, 8 * pool_entries(m));
    s->psize = (uint32_t)pool_entries(m);
    s->max_clauses = s->psize / 4;
    TAKE(path, 4 * nv);
    TAKE(grid, (size_t)m->ncells);
    TAKE(mark, 2 * nv);
    TAKE(touched, 4 * nv);
#undef TAKE
    s->arena = (uint32_t *)p;
    s->cap = (uint32_t)arena_words(m);
}

static inline int single(uint64_t x) { return x && !(x & (x - 1)); }

/* ---- heap of variables by activity ----------------------------------- */

static inline int heap_less(const cdcl *s, uint32_t a, uint32_t b) { return s->act[a] > s->act[b]; }

static void heap_up(cdcl *s, uint32_t i)
{
    uint32_t v = s->heap[i];
    while (i > 0) {
        uint32_t p = (i - 1) >> 1;
        if (!heap_less(s, v, s->heap[p]))
            break;
        s->heap[i] = s->heap[p];
        s->hidx[s->heap[i]] = i;
        i = p;
    }
    s->heap[i] = v;
    s->hidx[v] = i;
}

static void heap_down(cdcl *s, uint32_t i)
{
    uint32_t v = s->heap[i];
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= s->nheap)
            break;
        if (c + 1 < s->nheap && heap_less(s, s->heap[c + 1], s->heap[c]))
            c++;
        if (!heap_less(s, s->heap[c], v))
            break;
        s->heap[i] = s->heap[c];
        s->hidx[s->heap[i]] = i;
        i = c;
    }
    s->heap[i] = v;
    s->hidx[v] = i;
}

static void heap_insert(cdcl *s, uint32_t v)
{
    s->heap[s->nheap] = v;
    s->hidx[v] = s->nheap;
    heap_up(s, s->nheap++);
}

static uint32_t heap_pop(cdcl *s)
{
    uint32_t v = s->heap[0];
    s->hidx[v] = NO_VAR;
    if (--s->nheap) {
        s->heap[0] = s->heap[s->nheap];
        heap_down(s, 0);
    }
    return v;
}

static void bump(cdcl *s, uint32_t v)
{
    if ((s->act[v] += s->inc) > 1e100) {
        for (uint32_t i = 0; i < s->nv; i++)
            s->act[i] *= 1e-100;
        s->inc *= 1e-100;
    }
    if (s->hidx[v] != NO_VAR)
        heap_up(s, s->hidx[v]);
}

/* ---- assignment and undo --------------------------------------------- */

static inline void assign(cdcl *s, uint32_t l, uint32_t why)
{
    uint32_t v = l >> 1;
    s->val[l] = 1;
    s->val[l ^ 1] = -1;
    s->level[v] = s->nlevels;
    s->reason[v] = why;
    s->tpos[v] = s->ntrail;
    s->trail[s->ntrail++] = l;
    if (l & 1) {
        const sk_model *m = s->m;
        uint32_t c = v >> s->sh, d = v & s->dmask;
        s->cand[c] &= ~(1ull << d);
        for (uint32_t k = m->cell_house_off[c]; k < m->cell_house_off[c + 1]; k++)
            s->pos[s->hk[k] >> 6 | d] &= ~(1ull << (s->hk[k] & 63));
    }
}

static inline void new_level(cdcl *s) { s->lim[s->nlevels++] = s->ntrail; }

static void backtrack(cdcl *s, int lvl)
{
    if (s->nlevels <= lvl)
        return;
    const sk_model *m = s->m;
    uint32_t keep = s->lim[lvl];
    for (uint32_t i = s->ntrail; i-- > keep;) {
        uint32_t l = s->trail[i], v = l >> 1;
        s->val[l] = 0;
        s->val[l ^ 1] = 0;
        if (l & 1) {
            uint32_t c = v >> s->sh, d = v & s->dmask;
            s->cand[c] |= 1ull << d;
            for (uint32_t k = m->cell_house_off[c]; k < m->cell_house_off[c + 1]; k++)
                s->pos[s->hk[k] >> 6 | d] |= 1ull << (s->hk[k] & 63);
        }
        if (s->hidx[v] == NO_VAR)
            heap_insert(s, v);
        if (s->xoff)
            s->xoff[v] = 0;
    }
    s->ntrail = s->qg = s->qc = keep;
    s->nlevels = lvl;
    /* the state kept was a fixpoint of every propagator */
    skx_conq_clear(&s->cq);
}

/* ---- propagation ----------------------------------------------------- */

/* Group constraints of the trail literal l.  0, or 1 with the conflict set.
 * Everything it touches is held in locals: stores to val[] (a character
 * type) would otherwise make the compiler reload every field of s. */
static int prop_groups(cdcl *s, uint32_t l)
{
    const sk_model *const m = s->m;
    int8_t *const val = s->val;
    uint64_t *const cand = s->cand, *const pos = s->pos;
    int32_t *const level = s->level;
    uint32_t *const reason = s->reason, *const trail = s->trail, *const tpos = s->tpos;
    const uint32_t *const hk = s->hk, *const choff = m->cell_house_off;
    const uint32_t *const house_off = m->house_off;
    const uint16_t *const house_cells = m->house_cells;
    const uint32_t sh = (uint32_t)s->sh, dmask = s->dmask, nfull = (uint32_t)m->nfull;
    const int32_t lvl = s->nlevels;
    uint32_t nt = s->ntrail;
    const uint32_t v = l >> 1, c = v >> sh, d = v & dmask;
    const uint32_t k0 = choff[c], k1 = choff[c + 1];
    int confl = 0;

/* w (a variable) becomes false, or true */
#define SET_FALSE(w, why)                                                     \
    do {                                                                      \
        uint32_t w_ = (w), cc_ = w_ >> sh, dd_ = w_ & dmask;                  \
        val[2 * w_] = -1;                                                     \
        val[2 * w_ + 1] = 1;                                                  \
        level[w_] = lvl;                                                      \
        reason[w_] = (why);                                                   \
        tpos[w_] = nt;                                                        \
        trail[nt++] = 2 * w_ + 1;                                             \
        cand[cc_] &= ~(1ull << dd_);                                          \
        for (uint32_t k_ = choff[cc_]; k_ < choff[cc_ + 1]; k_++)             \
            pos[hk[k_] >> 6 | dd_] &= ~(1ull << (hk[k_] & 63));               \
    } while (0)
#define SET_TRUE(w, why)                                                      \
    do {                                                                      \
        uint32_t w_ = (w);                                                    \
        val[2 * w_] = 1;                                                      \
        val[2 * w_ + 1] = -1;                                                 \
        level[w_] = lvl;                                                      \
        reason[w_] = (why);                                                   \
        tpos[w_] = nt;                                                        \
        trail[nt++] = 2 * w_;                                                 \
    } while (0)
#define CONFLICT(why, extra)                                                  \
    do {                                                                      \
        s->confl = (why);                                                     \
        s->confl_extra = (extra);                                             \
        confl = 1;                                                            \
        goto done;                                                            \
    } while (0)

    if (!(l & 1)) {
        /* x(c, d) true: every other literal of the cell and of its houses
         * for d becomes false. */
        for (uint64_t o = cand[c] & ~(1ull << d); o; o &= o - 1) {
            uint32_t w = c << sh | (uint32_t)__builtin_ctzll(o);
            if (val[2 * w] > 0)
                CONFLICT(R_BIN | l, w);
            SET_FALSE(w, R_BIN | l);
        }
        for (uint32_t k = k0; k < k1; k++) {
            const uint32_t hb = hk[k] >> 6;
            const uint16_t *cells = house_cells + house_off[hb >> sh];
            for (uint64_t o = pos[hb | d] & ~(1ull << (hk[k] & 63)); o; o &= o - 1) {
                uint32_t w = (uint32_t)cells[__builtin_ctzll(o)] << sh | d;
                if (val[2 * w] > 0)
                    CONFLICT(R_BIN | l, w);
                SET_FALSE(w, R_BIN | l);
            }
        }
        goto done;
    }
    /* x(c, d) false: the rules' propagators of the cell must look again */
    if (m->ncons)
        for (uint32_t k = m->cell_con_off[c]; k < m->cell_con_off[c + 1]; k++) {
            skx_conq_wake(&s->cq, m->cell_cons[k]);
        }
    /* the cell, and each full house for d, may be down to one place */
    uint64_t cm = cand[c];
    if (!cm)
        CONFLICT(R_CELL | c, NO_VAR);
    if (single(cm)) {
        uint32_t w = c << sh | (uint32_t)__builtin_ctzll(cm);
        if (!val[2 * w])
            SET_TRUE(w, R_CELL | c);
    }
    for (uint32_t k = k0; k < k1; k++) {
        const uint32_t hb = hk[k] >> 6, h = hb >> sh;
        if (h >= nfull)
            continue;
        uint64_t pm = pos[hb | d];
        if (!pm)
            CONFLICT(R_HOUSE | hb | d, NO_VAR);
        if (single(pm)) {
            uint32_t w = (uint32_t)house_cells[house_off[h] + __builtin_ctzll(pm)] << sh | d;
            if (!val[2 * w])
                SET_TRUE(w, R_HOUSE | hb | d);
            continue;
        }
        /* locked candidates: when every place left for d in A = h lies in
         * one B, d leaves B \ A.  Only a pair holding the first place can. */
        const uint32_t *lk_off = s->lk_off + h * (uint32_t)s->n + __builtin_ctzll(pm);
        for (uint32_t j = lk_off[0]; j < lk_off[1]; j++) {
            if (pm & ~s->lk_list[j].inmask)
                continue;
            const uint32_t x = s->lk_list[j].x;
            const lkpair *q = &s->lk[x];
            uint64_t o = pos[q->b | d] & q->bmask;
            const uint16_t *cells = house_cells + q->b_off;
            const uint32_t why = R_LOCK | x << sh | d;
            for (; o; o &= o - 1) {
                uint32_t w = (uint32_t)cells[__builtin_ctzll(o)] << sh | d;
                if (val[2 * w] > 0)
                    CONFLICT(why, w);
                SET_FALSE(w, why);
            }
        }
    }
done:
    s->ntrail = nt;
    return confl;
#undef SET_FALSE
#undef SET_TRUE
#undef CONFLICT
}

/* Moves every watch list into the spare half, packed, and swaps halves. */
static void compact_watches(cdcl *s)
{
    watcher *to = s->spare;
    uint32_t top = 0;
    for (uint32_t l = 0; l < 2 * s->nv; l++) {
        uint32_t n = s->wl[l].n;
        memcpy(to + top, s->pool + s->wl[l].ofs, n * sizeof *to);
        s->wl[l].ofs = top;
        s->wl[l].cap = n;
        top += n;
    }
    s->spare = s->pool;
    s->pool = to;
    s->ptop = top;
}

/* Appends a watch to the list of l, growing it (in the pool) as needed. */
static inline void push_watch(cdcl *s, uint32_t l, uint32_t blocker, uint32_t cref)
{
    if (s->wl[l].n == s->wl[l].cap) {
        uint32_t nc = s->wl[l].cap ? 2 * s->wl[l].cap : 4;
        if (s->ptop + nc > s->psize)
            compact_watches(s); /* leaves half the pool free */
        memcpy(s->pool + s->ptop, s->pool + s->wl[l].ofs, s->wl[l].n * sizeof *s->pool);
        s->wl[l].ofs = s->ptop;
        s->wl[l].cap = nc;
        s->ptop += nc;
    }
    watcher *w = s->pool + s->wl[l].ofs + s->wl[l].n++;
    w->blocker = blocker;
    w->cref = cref;
}

/* Learned clauses watching the literal that l made false.  The list is
 * read through a local pointer, reloaded only when adding a watch may have
 * moved it; val and the arena are locals too (stores through val, a
 * character type, would otherwise make every field of s be reloaded). */
static int prop_clauses(cdcl *s, uint32_t l)
{
    const uint32_t fl = l ^ 1;
    const uint32_t n = s->wl[fl].n;
    const int8_t *const val = s->val;
    uint32_t *const arena = s->arena;
    watcher *w = s->pool + s->wl[fl].ofs;
    uint32_t i = 0, j = 0;
    int confl = 0;
    while (i < n) {
        watcher e = w[i++];
        if (val[e.blocker] > 0) {
            w[j++] = e;
            continue;
        }
        uint32_t *cl = arena + e.cref, *lits = cl + HDR;
        uint32_t first = lits[0];
        if (first == fl) {
            first = lits[1];
            lits[0] = first;
            lits[1] = fl;
        }
        if (first != e.blocker && val[first] > 0) {
            w[j].blocker = first;
            w[j++].cref = e.cref;
            continue;
        }
        const uint32_t size = cl[C_SIZE], from = cl[C_POS];
        uint32_t k = from;
        while (k < size && val[lits[k]] < 0)
            k++;
        if (k == size)
            for (k = 2; k < from && val[lits[k]] < 0;)
                k++;
        if (k < size && val[lits[k]] >= 0) {
            uint32_t nl = lits[k];
            lits[k] = fl;
            lits[1] = nl;
            cl[C_POS] = k;
            push_watch(s, nl, first, e.cref);
            w = s->pool + s->wl[fl].ofs; /* the pool may have been packed */
            continue;
        }
        w[j++] = e;
        if (val[first] < 0) {
            s->confl = R_CLAUSE | e.cref;
            s->confl_extra = NO_VAR;
            while (i < n)
                w[j++] = w[i++];
            confl = 1;
            break;
        }
        assign(s, first, R_CLAUSE | e.cref);
    }
    s->wl[fl].n = j;
    return confl;
}

/*
 * Runs the next waiting propagator (skx_conq_next) on the masks of its
 * cells, once
 * the trail is fully propagated (so that cand[] holds exactly the digits
 * not yet false).  What it removes becomes false with reason
 * R_RULE | propagator; reason_lits explains it from the propagator's
 * cells (see there).  1 on conflict.
 */
static int run_rule(cdcl *s)
{
    const sk_model *m = s->m;
    uint32_t x = skx_conq_next(&s->cq);
    const skx_con *c = &m->cons[x];
    const uint16_t *cells = m->con_cells + c->cell_off;
    for (uint32_t j = 0; j < c->ncells; j++)
        s->cdom[j] = s->cand[cells[j]];
    if (!skx_con_filter(m, c, s->cdom, s->cscr)) {
        s->confl = R_RULE | x;
        s->confl_extra = NO_VAR;
        return 1;
    }
    /* Last cell first: a PAIR narrows its second cell from the first, then
     * the first from what is left of the second, and its explanations
     * (reason_lits) name the second cell's literals, which must come
     * before on the trail. */
    for (uint32_t j = c->ncells; j-- > 0;)
        for (uint64_t o = s->cand[cells[j]] & ~s->cdom[j]; o; o &= o - 1) {
            uint32_t w = (uint32_t)cells[j] << s->sh | (uint32_t)__builtin_ctzll(o);
            assign(s, 2 * w + 1, R_RULE | x); /* unassigned: the filter kept a true digit */
        }
    return 0;
}

/* To a fixpoint, one trail literal at a time: its learned clauses, then
 * its groups; then the rules' propagators, one at a time.  1 on conflict (s->confl says which).
 *
 * Breadth-first over the trail, like unit propagation over clauses.  Running
 * the groups to a fixpoint before any learned clause is cheaper per
 * conflict, but it finds conflicts late, through long chains of group
 * inferences, and learns from those: on the hard 25x25 puzzles it needed
 * twice the conflicts and 1.7 times the time. */
static int propagate(cdcl *s)
{
    for (;;) {
        while (s->qg < s->ntrail) {
            while (s->qc <= s->qg)
                if (prop_clauses(s, s->trail[s->qc++]))
                    return 1;
            if (prop_groups(s, s->trail[s->qg++]))
                return 1;
        }
        if (!skx_conq_waiting(&s->cq))
            return 0;
        if (run_rule(s))
            return 1;
    }
}

/* ---- clauses --------------------------------------------------------- */

static inline void watch_clause(cdcl *s, uint32_t c)
{
    const uint32_t *lits = s->arena + c + HDR;
    push_watch(s, lits[0], lits[1], c);
    push_watch(s, lits[1], lits[0], c);
}

/* Stores a clause of size >= 2 and watches its first two literals;
 * 0 when the arena (or the clause count) is full. */
static uint32_t store(cdcl *s, const uint32_t *lits, uint32_t size, uint32_t flags)
{
    if ((uint64_t)s->top + HDR + size > s->cap || s->nclauses >= s->max_clauses)
        return 0;
    uint32_t c = s->top;
    uint32_t *cl = s->arena + c;
    cl[C_SIZE] = size;
    cl[C_FLAGS] = flags;
    cl[C_POS] = 2;
    memcpy(cl + HDR, lits, size * sizeof *lits);
    s->top += HDR + size;
    s->nclauses++;
    watch_clause(s, c);
    return c;
}

static inline int locked(const cdcl *s, uint32_t c)
{
    uint32_t l = s->arena[c + HDR];
    return s->val[l] > 0 && s->reason[l >> 1] == (R_CLAUSE | c);
}

/* Compacts the arena over deleted clauses (a reason clause has its
 * implied literal first: its reason follows it), then lays the watch
 * lists out afresh. */
static void collect(cdcl *s)
{
    uint32_t *a = s->arena, to = 1, n = 0;
    for (uint32_t c = 1; c < s->top;) {
        uint32_t size = HDR + a[c];
        if (!(a[c + C_FLAGS] & F_DELETED)) {
            if (locked(s, c))
                s->reason[a[c + HDR] >> 1] = R_CLAUSE | to;
            if (to != c)
                memmove(a + to, a + c, size * sizeof *a);
            to += size;
            n++;
        }
        c += size;
    }
    s->top = to;
    s->nclauses = n;
    /* count, place, fill */
    for (uint32_t l = 0; l < 2 * s->nv; l++)
        s->wl[l].n = 0;
    for (uint32_t c = 1; c < s->top; c += HDR + a[c]) {
        s->wl[a[c + HDR]].n++;
        s->wl[a[c + HDR + 1]].n++;
    }
    uint32_t top = 0;
    for (uint32_t l = 0; l < 2 * s->nv; l++) {
        s->wl[l].ofs = top;
        s->wl[l].cap = s->wl[l].n;
        top += s->wl[l].n;
        s->wl[l].n = 0;
    }
    s->ptop = top;
    for (uint32_t c = 1; c < s->top; c += HDR + a[c])
        watch_clause(s, c);
}

/*
 * Deletes learned clauses that are not reasons: with force 0, half of
 * those of glue above 2 not used since the last reduction (worst glue
 * first); with force 1, every one.  Then compacts.
 */
static void reduce(cdcl *s, int force)
{
    uint32_t *a = s->arena;
    uint32_t hist[256] = {0}, ncand = 0;
    /* Level-0 facts need no reason: forget them, so their clauses are free. */
    uint32_t end0 = s->nlevels ? s->lim[0] : s->ntrail;
    for (uint32_t i = 0; i < end0; i++)
        s->reason[s->trail[i] >> 1] = R_NONE;
    for (uint32_t c = 1; c < s->top; c += HDR + a[c]) {
        uint32_t f = a[c + C_FLAGS];
        if (!(f & F_LEARNT) || locked(s, c))
            continue;
        uint32_t lbd = f >> LBD_SHIFT;
        if (!force) {
            if (f & F_USED) {
                a[c + C_FLAGS] = f & ~F_USED;
                continue;
            }
            if (lbd <= 2)
                continue;
        }
        a[c + C_FLAGS] = f | F_CAND;
        hist[lbd > 255 ? 255 : lbd]++;
        ncand++;
    }
    uint32_t target = force ? ncand : ncand / 2, t = 256, above = 0;
    while (t > 0 && above + hist[t - 1] <= target)
        above += hist[--t];
    /* glue >= t goes entirely; of glue t - 1, target - above go */
    uint32_t quota = target - above;
    for (uint32_t c = 1; c < s->top; c += HDR + a[c]) {
        uint32_t f = a[c + C_FLAGS];
        if (!(f & F_CAND))
            continue;
        f &= ~F_CAND;
        uint32_t lbd = f >> LBD_SHIFT;
        if (lbd > 255)
            lbd = 255;
        if (lbd >= t || (t > 0 && lbd == t - 1 && quota > 0 && quota--))
            f |= F_DELETED;
        a[c + C_FLAGS] = f;
    }
    collect(s);
}

/* ---- conflict analysis ----------------------------------------------- */

/* Does the propagator, on the masks tdom (which it may change), still fail
 * or still rule out digit sd of its cell sj (sj < 0: a conflict)? */
static int still_implied(cdcl *s, const skx_con *c, int sj, uint32_t sd)
{
    return skx_con_implies(s->m, c, s->tdom, s->cscr, sj, (int)sd);
}

/* Bulk trial `side` of rule_reason: every cell gets back its false digits
 * above its smallest digit (side 0) or below its largest (side 1). */
static void bounds_trial(cdcl *s, uint32_t nc, int side)
{
    for (uint32_t j = 0; j < nc; j++) {
        uint64_t x = s->edom[j], give = 0;
        if (x)
            give = side == 0 ? ~((x & -x) * 2 - 1) : (1ull << (63 - __builtin_clzll(x))) - 1;
        s->tdom[j] = x | (s->gdom[j] & give);
    }
}

#ifdef SKX_CDCL_CHECK_REASONS
/* The test that compiles this file in defines this: it asks the filter
 * whether the explanation in edom (every other digit given back) still
 * implies what it explains. */
static void skx_cdcl_reason_check(cdcl *s, const skx_con *c, int sj, uint32_t sd);
#endif

/*
 * rule_reason for a removal by a cage's digit sets (COMBO), read off the
 * sets instead of asked of the filter: with the masks D (edom) the filter
 * saw and G (gdom) the false digits an explanation may name, digit sd left
 * cell sj because every set holding it is dead, or because a digit r that
 * every live set holds has its only place in sj.  A set is dead when one
 * of its digits is false in every cell or one cell has none of its digits
 * left; each dead set the explanation needs gets the witness that adds the
 * fewest literals.  The literals go to tdom (a subset of G).  0 when
 * neither case holds (the caller then asks the filter).  Its explanations
 * are a little longer than asking the filter digit by digit finds, but
 * cost about a sixth as much; rule_reason then gives back whole cells.
 */
static int combo_reason(cdcl *s, const skx_con *c, uint32_t sj, uint32_t sd)
{
    const uint64_t *set = s->m->con_data + c->data_off;
    const uint32_t nc = c->ncells;
    const uint64_t *D = s->edom, *G = s->gdom, bit = 1ull << sd;
    uint64_t *E = s->tdom, all = 0, allowed = 0, required = ~0ull;
    for (uint32_t i = 0; i < nc; i++) {
        all |= D[i];
        E[i] = 0;
    }
    for (uint32_t k = 0; k < c->ndata; k++) {
        uint64_t S = set[k];
        int live = !(S & ~all);
        for (uint32_t i = 0; i < nc && live; i++)
            live = (D[i] & S) != 0;
        if (live) {
            allowed |= S;
            required &= S;
        }
    }
    /* the sets that must be shown dead: those holding sd (dead: holds is
     * bit), or those without r (holds is 0, with r's other places false) */
    uint64_t key = bit, holds = bit;
    if (allowed & bit) {
        key = 0;
        for (uint64_t o = required & ~bit & D[sj]; o && !key; o &= o - 1) {
            uint64_t r = o & -o;
            int places = 0;
            for (uint32_t i = 0; i < nc; i++)
                places += (D[i] & r) != 0;
            if (places == 1)
                key = r;
        }
        if (!key)
            return 0;
        holds = 0;
        for (uint32_t i = 0; i < nc; i++)
            if (i != sj)
                E[i] |= G[i] & key;
    }
    for (uint32_t k = 0; k < c->ndata; k++) {
        uint64_t S = set[k];
        if ((S & key) != holds)
            continue;
        int best = 64 * 64, bi = -1;
        uint64_t be = 0;
        for (uint64_t o = S & ~all; o; o &= o - 1) { /* a digit no cell has */
            int cost = 0;
            for (uint32_t i = 0; i < nc; i++)
                cost += (G[i] & ~E[i] & o & -o) != 0;
            if (cost < best) {
                best = cost;
                be = o & -o;
                bi = -1;
            }
        }
        for (uint32_t i = 0; i < nc && best; i++) /* a cell with no digit of S */
            if (!(D[i] & S)) {
                int cost = __builtin_popcountll(G[i] & ~E[i] & S);
                if (cost < best) {
                    best = cost;
                    bi = (int)i;
                }
            }
        if (bi >= 0)
            E[bi] |= G[bi] & S;
        else if (be)
            for (uint32_t i = 0; i < nc; i++)
                E[i] |= G[i] & be;
        else
            return 0; /* not dead: D is not what the filter saw */
    }
    return 1;
}

/*
 * The explanation of a rule's inference (skip false; a conflict when skip
 * is NO_VAR) into rrbuf: a small set of the literals of its cells that were
 * false before skip.  Every one of them is sound, since the propagator only
 * removes digits that no assignment within its masks supports; the fewer
 * they are, the more general the clauses learned from them.  On hard
 * killer cages and little killers, listing every false literal of the cells
 * made clauses too specific to prune much: the greedy pass below halves
 * the conflicts of the hardest published killers, and they are solved
 * 1.5-3 times faster (bench/VARIANTS.md).
 *
 * The masks the propagator would have seen are rebuilt, then false digits
 * are given back and the propagator run on each trial; a trial the
 * inference survives is kept.  First the bounds, at once (for a sum, what
 * matters is usually only how small or how large the other cells can be;
 * not for a cage's digit sets): every digit above each cell's smallest,
 * else every digit below its largest; then each whole cell; then, when no
 * bounds trial held, each digit on its own.  The question each trial asks
 * is skx_con_implies: for a sum, cheaper than the whole filter.  A
 * variable's explanation is kept in xar while it stays assigned, since
 * analysis, minimisation and shrinking ask for it again, over many
 * conflicts.
 */
static uint32_t rule_reason(cdcl *s, const skx_con *c, uint32_t skip, uint32_t before)
{
    const uint16_t *cells = s->m->con_cells + c->cell_off;
    const uint32_t nc = c->ncells;
    uint64_t *D = s->edom, *T = s->tdom, *G = s->gdom;
    if (skip != NO_VAR && s->xoff[skip]) {
        const uint32_t *x = s->xar + s->xoff[skip];
        memcpy(s->rrbuf, x + 1, x[0] * sizeof *x);
        return x[0];
    }
    /* D[j]: the digits not false before skip (level-0 facts stay false);
     * G[j]: the false ones an explanation may name */
    int sj = -1;
    uint32_t sd = 0;
    for (uint32_t j = 0; j < nc; j++) {
        /* cand holds exactly the digits not false now; of the false ones,
         * those made false at skip or after count as open */
        uint64_t keep = s->cand[cells[j]], give = 0;
        for (uint64_t o = ~keep & s->m->all; o; o &= o - 1) {
            uint32_t d = (uint32_t)__builtin_ctzll(o), w = (uint32_t)cells[j] << s->sh | d;
            if (s->level[w] == 0)
                continue;
            if (s->tpos[w] < before)
                give |= o & -o;
            else
                keep |= o & -o;
        }
        if (skip != NO_VAR && (skip >> s->sh) == cells[j]) {
            sj = (int)j;
            sd = skip & s->dmask;
        }
        D[j] = keep;
        G[j] = give;
    }
    int bounds = 0;
    if (c->type == SKX_COMBO && sj >= 0 && combo_reason(s, c, (uint32_t)sj, sd)) {
        for (uint32_t j = 0; j < nc; j++) { /* the rest given back */
            D[j] |= G[j] & ~T[j];
            G[j] = T[j];
        }
        bounds = 1; /* then only whole cells are tried */
    }
    /* A cage's digit sets are no matter of bounds: the trials cost two
     * filter runs and found an explanation on a fifth of them, a weaker
     * one than the cell by cell pass (the hardest published killers:
     * 11% less time without them). */
    for (int side = 0; side < 2 && !bounds && c->type != SKX_COMBO; side++) {
        bounds_trial(s, nc, side);
        if (still_implied(s, c, sj, sd)) {
            bounds_trial(s, nc, side); /* the filter changed tdom */
            for (uint32_t j = 0; j < nc; j++) {
                G[j] &= ~T[j];
                D[j] = T[j];
            }
            bounds = 1;
        }
    }
    for (uint32_t j = 0; j < nc; j++) {
        if (!G[j])
            continue;
        memcpy(T, D, nc * sizeof *T);
        T[j] |= G[j];
        if (still_implied(s, c, sj, sd)) {
            D[j] |= G[j];
            G[j] = 0;
            continue;
        }
        if (bounds || !(G[j] & (G[j] - 1)))
            continue;
        for (uint64_t o = G[j]; o; o &= o - 1) {
            memcpy(T, D, nc * sizeof *T);
            T[j] |= o & -o;
            if (still_implied(s, c, sj, sd)) {
                D[j] |= o & -o;
                G[j] &= ~(o & -o);
            }
        }
    }
    /* Here D holds every digit given back and G the explanation. */
#ifdef SKX_CDCL_CHECK_REASONS
    skx_cdcl_reason_check(s, c, sj, sd);
#endif
    uint32_t k = 0;
    for (uint32_t j = 0; j < nc; j++)
        for (uint64_t o = G[j]; o; o &= o - 1)
            s->rrbuf[k++] = 2 * ((uint32_t)cells[j] << s->sh | (uint32_t)__builtin_ctzll(o));
    if (skip != NO_VAR) {
        if (s->xtop + k + 1 > XAR_WORDS) { /* full: forget them all */
            memset(s->xoff, 0, s->nv * sizeof *s->xoff);
            s->xtop = 1;
        }
        s->xoff[skip] = s->xtop;
        s->xar[s->xtop] = k;
        memcpy(s->xar + s->xtop + 1, s->rrbuf, k * sizeof *s->rrbuf);
        s->xtop += k + 1;
    }
    return k;
}

/* The literals of a reason (or, with conflict 1, of a conflict) other than
 * the implied one: *out points to them; returns their number. */
static uint32_t reason_lits(cdcl *s, uint32_t why, uint32_t skip, int conflict, const uint32_t **out)
{
    const sk_model *m = s->m;
    uint32_t arg = R_ARG(why), k = 0;
    switch (R_TAG(why)) {
    case R_BIN:
        s->rbuf[0] = arg;
        *out = s->rbuf;
        return 1;
    /* Group reasons: literals false at level 0 never matter to analysis,
     * and rcand / rpos leave out most of them. */
    case R_CELL:
        for (uint64_t o = s->rcand[arg]; o; o &= o - 1) {
            uint32_t w = arg << s->sh | (uint32_t)__builtin_ctzll(o);
            if (w != skip)
                s->rbuf[k++] = 2 * w;
        }
        *out = s->rbuf;
        return k;
    case R_HOUSE: {
        uint32_t h = arg >> s->sh, d = arg & s->dmask;
        const uint16_t *cells = m->house_cells + m->house_off[h];
        for (uint64_t o = s->rpos[arg]; o; o &= o - 1) {
            uint32_t w = (uint32_t)cells[__builtin_ctzll(o)] << s->sh | d;
            if (w != skip)
                s->rbuf[k++] = 2 * w;
        }
        *out = s->rbuf;
        return k;
    }
    case R_LOCK: {
        const lkpair *q = &s->lk[arg >> s->sh];
        uint32_t d = arg & s->dmask;
        const uint16_t *cells = m->house_cells + m->house_off[q->a >> s->sh];
        for (uint64_t o = s->rpos[q->a | d] & q->amask; o; o &= o - 1)
            s->rbuf[k++] = 2 * ((uint32_t)cells[__builtin_ctzll(o)] << s->sh | d);
        *out = s->rbuf;
        return k;
    }
    case R_RULE: {
        /* The propagator saw the masks of its cells, i.e. their false
         * literals: some of those assigned before the implied one explain
         * it (rule_reason).  A PAIR needs only the digits of the other cell
         * that would have supported the implied one. */
        const skx_con *c = &m->cons[arg];
        const uint16_t *cells = m->con_cells + c->cell_off;
        const uint32_t before = skip == NO_VAR ? 0xffffffffu : s->tpos[skip];
        if (c->type == SKX_PAIR && skip != NO_VAR) {
            const uint64_t *t = m->con_data + c->data_off;
            uint32_t sc = skip >> s->sh, sd = skip & s->dmask;
            int other = cells[0] == sc ? cells[1] : cells[0];
            uint64_t sup = cells[0] == sc ? t[sd] : t[m->n + sd];
            for (; sup; sup &= sup - 1) {
                uint32_t w = (uint32_t)other << s->sh | (uint32_t)__builtin_ctzll(sup);
                if (s->level[w] > 0)
                    s->rrbuf[k++] = 2 * w;
            }
            *out = s->rrbuf;
            return k;
        }
        *out = s->rrbuf;
        return rule_reason(s, c, skip, before);
    }
    case R_CLAUSE: {
        uint32_t *cl = s->arena + arg;
        cl[C_FLAGS] |= F_USED;
        *out = cl + HDR + (conflict ? 0 : 1);
        return cl[C_SIZE] - (conflict ? 0 : 1);
    }
    default:
        *out = s->rbuf;
        return 0;
    }
}

/* The literal of v that is false now. */
static inline uint32_t false_lit(const cdcl *s, uint32_t v) { return s->val[2 * v] < 0 ? 2 * v : 2 * v + 1; }

static inline uint32_t abstract_level(const cdcl *s, uint32_t v) { return 1u << (s->level[v] & 31); }

/* 1 when the false literal of v is implied by the other learned literals
 * (MiniSat's recursive minimisation, with an explicit stack). */
static int redundant(cdcl *s, uint32_t v, uint32_t levels)
{
    uint32_t sp = 0, top = s->ntoclear;
    s->stack[sp++] = v;
    while (sp) {
        uint32_t q = s->stack[--sp];
        const uint32_t *it;
        uint32_t n = reason_lits(s, s->reason[q], q, 0, &it);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t w = it[k] >> 1;
            if (w == q || s->seen[w] || s->level[w] == 0)
                continue;
            if (s->reason[w] != R_NONE && (abstract_level(s, w) & levels)) {
                s->seen[w] = 1;
                s->stack[sp++] = w;
                s->toclear[s->ntoclear++] = w;
            } else {
                for (uint32_t j = top; j < s->ntoclear; j++)
                    s->seen[s->toclear[j]] = 0;
                s->ntoclear = top;
                return 0;
            }
        }
    }
    return 1;
}

/* The block-UIP of the learned literals learnt[from..to), all of level L:
 * the last variable of L that every one of them depends on, walking the
 * trail of L backwards and resolving with reasons that stay within L, the
 * clause or what it implies.  NO_VAR when there is none. */
static uint32_t shrink_block(cdcl *s, int L, uint32_t from, uint32_t to, uint32_t levels)
{
    uint32_t st = ++s->sstamp;
    if (st == 0) {
        memset(s->smark, 0, (size_t)s->nv * sizeof *s->smark);
        st = s->sstamp = 1;
    }
    uint32_t open = to - from;
    for (uint32_t k = from; k < to; k++)
        s->smark[s->learnt[k] >> 1] = st;
    uint32_t i = L < s->nlevels ? s->lim[L] : s->ntrail, lo = s->lim[L - 1];
    while (i > lo) {
        uint32_t v = s->trail[--i] >> 1;
        if (s->smark[v] != st)
            continue;
        if (open == 1)
            return v;
        if (s->reason[v] == R_NONE)
            return NO_VAR;
        const uint32_t *it;
        uint32_t n = reason_lits(s, s->reason[v], v, 0, &it);
        if (it == s->rbuf || it == s->rrbuf) { /* redundant() below refills them */
            memcpy(s->rcopy, it, n * sizeof *s->rcopy);
            it = s->rcopy;
        }
        for (uint32_t k = 0; k < n; k++) {
            uint32_t w = it[k] >> 1;
            if (w == v)
                continue;
            int lw = s->level[w];
            if (lw == L) {
                if (s->smark[w] != st) {
                    s->smark[w] = st;
                    open++;
                }
            } else if (lw != 0 && !s->seen[w]) {
                if (s->reason[w] == R_NONE || !(abstract_level(s, w) & levels) || !redundant(s, w, levels))
                    return NO_VAR;
            }
        }
        open--;
    }
    return NO_VAR;
}

/* Shrinking: each block of two or more learned literals of one level is
 * replaced by the block's UIP when it has one. */
static void shrink(cdcl *s)
{
    uint32_t n = s->nlearnt;
    for (uint32_t i = 2; i < n; i++) { /* by level, highest first */
        uint32_t l = s->learnt[i], j = i;
        int lv = s->level[l >> 1];
        for (; j > 1 && s->level[s->learnt[j - 1] >> 1] < lv; j--)
            s->learnt[j] = s->learnt[j - 1];
        s->learnt[j] = l;
    }
    uint32_t levels = 0;
    for (uint32_t i = 1; i < n; i++)
        levels |= abstract_level(s, s->learnt[i] >> 1);
    uint32_t out = 1;
    for (uint32_t i = 1; i < n;) {
        int L = s->level[s->learnt[i] >> 1];
        uint32_t j = i;
        while (j < n && s->level[s->learnt[j] >> 1] == L)
            j++;
        if (j - i >= 2) {
            uint32_t u = shrink_block(s, L, i, j, levels);
            if (u != NO_VAR) {
                s->learnt[out++] = false_lit(s, u);
                if (!s->seen[u]) {
                    s->seen[u] = 1;
                    s->toclear[s->ntoclear++] = u;
                    bump(s, u);
                }
                i = j;
                continue;
            }
        }
        while (i < j)
            s->learnt[out++] = s->learnt[i++];
    }
    s->nlearnt = out;
}

/* First-UIP learning from s->confl.  Fills learnt[0..nlearnt) with the
 * asserting literal first and a literal of the backjump level second;
 * returns the backjump level, *glue the clause's glue. */
static int analyze(cdcl *s, uint32_t *glue)
{
    uint32_t why = s->confl, skip = NO_VAR, extra = s->confl_extra;
    uint32_t idx = s->ntrail, pathc = 0;
    int conflict = 1;
    const int cur = s->nlevels;
    s->nlearnt = 1;
    s->ntoclear = 0;
    for (;;) {
        const uint32_t *it;
        uint32_t n = reason_lits(s, why, skip, conflict, &it);
        for (uint32_t k = 0; k <= n; k++) {
            uint32_t w;
            if (k < n)
                w = it[k] >> 1;
            else if (extra != NO_VAR)
                w = extra, extra = NO_VAR;
            else
                break;
            if (w == skip || s->seen[w] || s->level[w] == 0)
                continue;
            s->seen[w] = 1;
            s->toclear[s->ntoclear++] = w;
            bump(s, w);
            if (s->level[w] >= cur)
                pathc++;
            else
                s->learnt[s->nlearnt++] = false_lit(s, w);
        }
        conflict = 0;
        uint32_t l;
        do
            l = s->trail[--idx];
        while (!s->seen[l >> 1]);
        skip = l >> 1;
        if (--pathc == 0) {
            s->learnt[0] = l ^ 1;
            break;
        }
        why = s->reason[skip];
    }
    if (s->nlearnt > 2)
        shrink(s);
    /* minimise */
    uint32_t levels = 0;
    for (uint32_t i = 1; i < s->nlearnt; i++)
        levels |= abstract_level(s, s->learnt[i] >> 1);
    uint32_t j = 1;
    for (uint32_t i = 1; i < s->nlearnt; i++) {
        uint32_t w = s->learnt[i] >> 1;
        if (s->reason[w] == R_NONE || !redundant(s, w, levels))
            s->learnt[j++] = s->learnt[i];
    }
    s->nlearnt = j;
    for (uint32_t i = 0; i < s->ntoclear; i++)
        s->seen[s->toclear[i]] = 0;
    /* bump the variables that made the learned literals false, too */
    {
        uint32_t n0 = s->ntoclear;
        for (uint32_t i = 0; i < s->nlearnt; i++)
            s->seen[s->learnt[i] >> 1] = 1;
        for (uint32_t i = 0; i < s->nlearnt; i++) {
            uint32_t v = s->learnt[i] >> 1;
            if (s->level[v] == 0 || s->reason[v] == R_NONE)
                continue;
            const uint32_t *it;
            uint32_t n = reason_lits(s, s->reason[v], v, 0, &it);
            for (uint32_t k = 0; k < n; k++) {
                uint32_t w = it[k] >> 1;
                if (w == v || s->seen[w] || s->level[w] == 0)
                    continue;
                s->seen[w] = 1;
                s->toclear[s->ntoclear++] = w;
            }
        }
        for (uint32_t i = n0; i < s->ntoclear; i++)
            bump(s, s->toclear[i]);
        for (uint32_t i = n0; i < s->ntoclear; i++)
            s->seen[s->toclear[i]] = 0;
        for (uint32_t i = 0; i < s->nlearnt; i++)
            s->seen[s->learnt[i] >> 1] = 0;
        s->ntoclear = n0;
    }
    /* backjump level: the highest below the current, its literal second */
    int bt = 0;
    if (s->nlearnt > 1) {
        uint32_t best = 1;
        for (uint32_t i = 2; i < s->nlearnt; i++)
            if (s->level[s->learnt[i] >> 1] > s->level[s->learnt[best] >> 1])
                best = i;
        uint32_t t = s->learnt[1];
        s->learnt[1] = s->learnt[best];
        s->learnt[best] = t;
        bt = s->level[s->learnt[1] >> 1];
    }
    /* glue: distinct levels */
    uint32_t g = 0;
    s->stamp++;
    for (uint32_t i = 0; i < s->nlearnt; i++) {
        int lv = s->level[s->learnt[i] >> 1];
        if (s->lstamp[lv] != s->stamp) {
            s->lstamp[lv] = s->stamp;
            g++;
        }
    }
    *glue = g;
    return bt;
}

/* Stores a clause whose first literal is asserted now (size >= 2), making
 * room as needed.  Returns its offset, or 0 when it could only be stored
 * after going back to level 0 (it is then not asserting). */
static uint32_t store_learnt(cdcl *s, const uint32_t *lits, uint32_t size, uint32_t flags)
{
    uint32_t c = store(s, lits, size, flags);
    if (c)
        return c;
    reduce(s, 0);
    if ((c = store(s, lits, size, flags)))
        return c;
    reduce(s, 1);
    if ((c = store(s, lits, size, flags)))
        return c;
    backtrack(s, 0);
    reduce(s, 1);
    store(s, lits, size, flags); /* fits: see "Memory" above */
    return 0;
}

/* At level 0 after propagation: snapshot the masks for reason_lits. */
static void sync_root(cdcl *s)
{
    if (s->rsynced == s->ntrail)
        return;
    memcpy(s->rcand, s->cand, (size_t)s->nc * sizeof *s->rcand);
    memcpy(s->rpos, s->pos, ((size_t)s->m->nhouses << s->sh) * sizeof *s->rpos);
    s->rsynced = s->ntrail;
}

/* ---- search ---------------------------------------------------------- */

/* Luby sequence 1 1 2 1 1 2 4 ...: term i (from 1). */
static uint64_t luby(uint64_t i)
{
    uint64_t k = 1;
    while ((1ull << k) - 1 < i)
        k++;
    while ((1ull << k) - 1 != i) {
        i -= (1ull << (k - 1)) - 1;
        k = 1;
        while ((1ull << k) - 1 < i)
            k++;
    }
    return 1ull << (k - 1);
}

static int restart_due(cdcl *s)
{
    if (s->conflicts - s->restart_at < s->luby_next)
        return 0;
    s->luby_next = luby(++s->luby_i) * LUBY_UNIT;
    return 1;
}

static void decay(cdcl *s) { s->inc *= 1.0 / 0.95; }

static uint32_t pick(cdcl *s)
{
    while (s->nheap) {
        uint32_t v = heap_pop(s);
        if (!s->val[2 * v])
            return v;
    }
    return NO_VAR;
}

static int report(cdcl *s, sk_ctl *ctl)
{
    for (int c = 0; c < s->nc; c++)
        s->grid[c] = (uint8_t)(__builtin_ctzll(s->cand[c]) + 1);
    return skx_solution(ctl, s->grid);
}

/* Flips the last open path entry (dropping those after it).  0 when none
 * is left: the whole space has been searched. */
static int path_next(cdcl *s)
{
    while (s->npath && !(s->path[s->npath - 1] & OPEN))
        s->npath--;
    if (!s->npath)
        return 0;
    s->path[s->npath - 1] = (s->path[s->npath - 1] & ~OPEN) ^ 1;
    backtrack(s, (int)s->npath - 1);
    return 1;
}

/*
 * Excludes the solution on the trail.  Returns 0 when no other can
 * exist.  A blocking clause of the negated decisions while permanent
 * clauses stay within a quarter of the arena, else the path.
 */
static int exclude(cdcl *s)
{
    int top = s->nlevels;
    if (!s->pathmode) {
        if (top == 0)
            return 0;
        /* the last decision first, the one before it second */
        uint32_t size = 0;
        for (int i = top; i >= 1; i--)
            s->learnt[size++] = s->trail[s->lim[i - 1]] ^ 1;
        if (size == 1) {
            backtrack(s, 0);
            assign(s, s->learnt[0], R_NONE);
            return 1;
        }
        if (s->perm_words + HDR + size <= s->cap / 4 && s->nperm < s->max_clauses / 4) {
            backtrack(s, top - 1);
            uint32_t c = store_learnt(s, s->learnt, size, 0);
            s->perm_words += HDR + size;
            s->nperm++;
            if (c)
                assign(s, s->learnt[0], R_CLAUSE | c);
            return 1;
        }
        s->pathmode = 1;
        s->npath = 0;
    }
    for (int i = (int)s->npath + 1; i <= top; i++)
        s->path[s->npath++] = s->trail[s->lim[i - 1]] | OPEN;
    return path_next(s);
}

/* Probes the literals of one group (a cell's digits, or a full house's
 * places for a digit): each is propagated alone; one that fails is made
 * false; what every one that succeeds implies is made true.
 * Returns -1 on a root contradiction, else 1 when something changed. */
static int probe_group(cdcl *s, const uint32_t *vars, int nvars)
{
    int nok = 0, changed = 0;
    uint32_t ntouched = 0;
    for (int k = 0; k < nvars; k++) {
        uint32_t l = 2 * vars[k];
        if (s->val[l] > 0)
            nok = -64; /* settled meanwhile: no intersection this time */
        if (s->val[l])
            continue;
        new_level(s);
        assign(s, l, R_NONE);
        if (propagate(s)) {
            backtrack(s, 0);
            assign(s, l ^ 1, R_NONE);
            if (propagate(s))
                return -1;
            changed = 1;
            continue;
        }
        for (uint32_t i = s->lim[0]; i < s->ntrail; i++) {
            uint32_t t = s->trail[i];
            if (nok < 0)
                break;
            if (nok == 0) {
                s->mark[t] = 1;
                s->touched[ntouched++] = t;
            } else if (s->mark[t] == nok) {
                s->mark[t]++;
            }
        }
        if (nok >= 0)
            nok++;
        backtrack(s, 0);
    }
    int fixed = 0;
    for (uint32_t i = 0; i < ntouched; i++) {
        uint32_t t = s->touched[i];
        if (s->mark[t] == nok && nok > 0) {
            if (s->val[t] < 0)
                fixed = -1;
            else if (!s->val[t] && fixed >= 0) {
                assign(s, t, R_NONE);
                fixed = 1;
            }
        }
        s->mark[t] = 0;
    }
    if (fixed < 0 || (fixed && propagate(s)))
        return -1;
    return changed | fixed;
}

/* Root probing to a fixpoint (a model with rules' propagators: of the
 * cells only).  -1: no solution; 1: stopped by a limit; else 0. */
static int probe_root(cdcl *s, sk_ctl *ctl)
{
    const sk_model *m = s->m;
    uint32_t *vars = s->stack; /* free outside analysis */
    unsigned groups = 0;
    int changed, settled = 0;
    do {
        changed = 0;
        for (int c = 0; c < s->nc; c++) {
            if (single(s->cand[c]))
                continue;
            int k = 0;
            for (uint64_t o = s->cand[c]; o; o &= o - 1)
                vars[k++] = (uint32_t)c << s->sh | (uint32_t)__builtin_ctzll(o);
            int r = probe_group(s, vars, k);
            if (r < 0)
                return -1;
            changed |= r;
            settled |= r;
            if ((++groups & 63) == 0 && skx_tick_slow(ctl))
                return 1;
            if (!settled && !m->ncons && groups >= 4u * (unsigned)s->n)
                return 0; /* an open grid: probing will not pay */
        }
        if (m->ncons)
            continue; /* again while the cells settle something */
        for (int h = 0; h < m->nfull; h++) {
            const uint16_t *cells = m->house_cells + m->house_off[h];
            for (int d = 0; d < s->n; d++) {
                uint64_t pm = s->pos[(uint32_t)h << s->sh | (uint32_t)d];
                if (single(pm))
                    continue;
                int k = 0;
                for (; pm; pm &= pm - 1)
                    vars[k++] = (uint32_t)cells[__builtin_ctzll(pm)] << s->sh | (uint32_t)d;
                int r = probe_group(s, vars, k);
                if (r < 0)
                    return -1;
                changed |= r;
                if ((++groups & 63) == 0 && skx_tick_slow(ctl))
                    return 1;
            }
        }
    } while (changed);
    return 0;
}

/* Index of cell c in house h (c must belong to h). */
static int place(const cdcl *s, int c, int h)
{
    const sk_model *m = s->m;
    for (uint32_t k = m->cell_house_off[c]; k < m->cell_house_off[c + 1]; k++)
        if (m->cell_houses[k] == h)
            return s->cidx[k];
    return 0;
}

static void init(cdcl *s, void *ws, const sk_model *m)
{
    carve(s, ws, m);
    memset(s->val, 0, 2 * (size_t)s->nv);
    memset(s->wl, 0, 2 * (size_t)s->nv * sizeof *s->wl);
    s->ptop = 0;
    s->nclauses = 0;
    s->nperm = 0;
    memset(s->seen, 0, s->nv);
    memset(s->mark, 0, 2 * (size_t)s->nv);
    memset(s->lstamp, 0, ((size_t)s->nv + 1) * sizeof *s->lstamp);
    memset(s->smark, 0, (size_t)s->nv * sizeof *s->smark);
    s->sstamp = 0;
    s->stamp = 0;
    s->ntrail = s->qg = s->qc = 0;
    s->nlevels = 0;
    s->cq.ncheap = s->cq.nslow = 0;
    memset(s->cq.dirty, 0, (size_t)m->ncons);
    s->top = 1;
    s->perm_words = 0;
    s->npath = 0;
#ifdef SKX_CDCL_FORCE_PATH
    s->pathmode = 1; /* tests: enumerate without blocking clauses */
#else
    s->pathmode = 0;
#endif
    s->inc = 1.0;
    s->conflicts = 0;
    s->restart_at = 0;
    s->luby_i = 1;
    s->luby_next = LUBY_UNIT;
    s->next_reduce = 2000;
    s->reduce_inc = 300;
    for (int c = 0; c < s->nc; c++)
        s->cand[c] = m->all;
    for (int h = 0; h < m->nhouses; h++) {
        uint32_t size = m->house_off[h + 1] - m->house_off[h];
        uint64_t all = size >= 64 ? ~0ull : (1ull << size) - 1;
        for (uint32_t d = 0; d <= s->dmask; d++)
            s->pos[(uint32_t)h << s->sh | d] = all;
        const uint16_t *cells = m->house_cells + m->house_off[h];
        for (uint32_t j = 0; j < size; j++) {
            int c = cells[j];
            for (uint32_t k = m->cell_house_off[c]; k < m->cell_house_off[c + 1]; k++)
                if (m->cell_houses[k] == h)
                    s->cidx[k] = (uint8_t)j;
        }
    }
    for (int c = 0; c < s->nc; c++)
        for (uint32_t k = m->cell_house_off[c]; k < m->cell_house_off[c + 1]; k++)
            s->hk[k] = ((uint32_t)m->cell_houses[k] << s->sh) << 6 | s->cidx[k];
    /* locked candidates tables: lk_off is indexed by A * N + place */
    /* (a LOCK reason carries pair << sh | digit in 29 bits) */
    const int use_locked = ((uint64_t)m->nisects << s->sh) < (1u << TAG_SHIFT);
    const size_t nslots = (size_t)m->nfull * (size_t)s->n;
    memset(s->lk_off, 0, (nslots + 1) * sizeof *s->lk_off);
    for (int k = 0; use_locked && k < m->nisects; k++) {
        const sk_isect *x = &m->isects[k];
        for (uint32_t j = x->in_off; j < x->a_only_off; j++)
            s->lk_off[(size_t)x->a * s->n + place(s, m->isect_cells[j], x->a) + 1]++;
    }
    for (size_t i = 0; i < nslots; i++)
        s->lk_off[i + 1] += s->lk_off[i];
    for (int k = 0; use_locked && k < m->nisects; k++) {
        const sk_isect *x = &m->isects[k];
        lkpair *q = &s->lk[k];
        q->a = (uint32_t)x->a << s->sh;
        q->b = (uint32_t)x->b << s->sh;
        q->b_off = m->house_off[x->b];
        q->pad = 0;
        q->inmask = q->amask = q->bmask = 0;
        for (uint32_t j = x->in_off; j < x->a_only_off; j++)
            q->inmask |= 1ull << place(s, m->isect_cells[j], x->a);
        for (uint32_t j = x->in_off; j < x->a_only_off; j++) {
            lkent *e = &s->lk_list[s->lk_off[(size_t)x->a * s->n + place(s, m->isect_cells[j], x->a)]++];
            e->inmask = q->inmask;
            e->x = (uint32_t)k;
            e->pad = 0;
        }
        for (uint32_t j = x->a_only_off; j < x->b_only_off; j++)
            q->amask |= 1ull << place(s, m->isect_cells[j], x->a);
        for (uint32_t j = x->b_only_off; j < x->end; j++)
            q->bmask |= 1ull << place(s, m->isect_cells[j], x->b);
    }
    for (size_t i = nslots; i > 0; i--) /* the fill moved each start to the next */
        s->lk_off[i] = s->lk_off[i - 1];
    s->lk_off[0] = 0;
    s->rsynced = 1; /* anything but the empty trail: forces a copy */
    sync_root(s);
    s->nheap = 0;
    for (uint32_t v = 0; v < s->nv; v++) {
        s->hidx[v] = NO_VAR;
        s->act[v] = 0;
        if ((v & s->dmask) < (uint32_t)s->n)
            heap_insert(s, v);
    }
}

/* Initial activities, before any conflict: a variable whose cell and
 * houses have few places left comes first (1/places summed over its
 * groups), as a classic solver would branch; conflicts soon take over. */
static void first_activity(cdcl *s)
{
    const sk_model *m = s->m;
    for (uint32_t i = 0; i < s->nheap; i++) {
        uint32_t v = s->heap[i], c = v >> s->sh, d = v & s->dmask;
        double a = 1.0 / __builtin_popcountll(s->cand[c] | 1);
        for (uint32_t k = m->cell_house_off[c]; k < m->cell_house_off[c + 1]; k++)
            if (m->cell_houses[k] < m->nfull)
                a += 1.0 / __builtin_popcountll(s->pos[s->hk[k] >> 6 | d] | 1);
        s->act[v] = a;
    }
    for (uint32_t i = s->nheap / 2; i-- > 0;)
        heap_down(s, i);
}

static int cdcl_search(void *ws, const sk_model *m, const uint8_t *givens, sk_ctl *ctl)
{
    cdcl st, *s = &st;
    sk_result *res = ctl->res;
    init(s, ws, m);
    res->nodes++; /* the root */
    for (int c = 0; c < s->nc; c++) {
        if (!givens[c])
            continue;
        uint32_t l = 2 * ((uint32_t)c << s->sh | (uint32_t)(givens[c] - 1));
        if (s->val[l] < 0)
            return SK_OK; /* no solution */
        if (!s->val[l])
            assign(s, l, R_NONE);
    }
    /* digits the rules (odd, even, ...) or the caller's masks rule out */
    const uint64_t *masks = ctl->opts->candidates;
    if (m->cell_mask || masks)
        for (int c = 0; c < s->nc; c++) {
            uint64_t keep = m->all;
            if (m->cell_mask)
                keep &= m->cell_mask[c];
            if (masks)
                keep &= masks[c];
            for (uint64_t o = m->all & ~keep; o; o &= o - 1) {
                uint32_t l = 2 * ((uint32_t)c << s->sh | (uint32_t)__builtin_ctzll(o)) + 1;
                if (s->val[l] < 0)
                    return SK_OK; /* a given the masks rule out: no solution */
                if (!s->val[l])
                    assign(s, l, R_NONE);
            }
        }
    for (int x = m->ncons; x-- > 0;)
        skx_conq_wake(&s->cq, (uint32_t)x);
    if (s->xoff) {
        memset(s->xoff, 0, s->nv * sizeof *s->xoff);
        s->xtop = 1;
    }
    if (propagate(s))
        return SK_OK;
    if (probe_root(s, ctl))
        return SK_OK; /* no solution, or a limit (res->end says) */

    first_activity(s);
    for (;;) {
        if (propagate(s)) {
            res->nodes++;
            s->conflicts++;
            if (s->nlevels == 0)
                return SK_OK; /* nothing left: exhausted */
            uint32_t glue;
            int bt = analyze(s, &glue);
            backtrack(s, bt);
            if (s->nlearnt == 1) {
                assign(s, s->learnt[0], R_NONE);
            } else {
                uint32_t c = store_learnt(s, s->learnt, s->nlearnt, F_LEARNT | glue << LBD_SHIFT);
                if (c)
                    assign(s, s->learnt[0], R_CLAUSE | c);
            }
            decay(s);
            if (restart_due(s)) {
                s->restart_at = s->conflicts;
                backtrack(s, s->pathmode ? (int)s->npath : 0);
            }
            if (s->conflicts >= s->next_reduce) {
                s->next_reduce = s->conflicts + s->reduce_inc;
                s->reduce_inc += 300;
                reduce(s, 0);
            }
            if (skx_tick(ctl))
                return SK_OK;
            continue;
        }
        /* assumptions of the path first */
        if (s->nlevels < (int)s->npath) {
            uint32_t l = s->path[s->nlevels] & ~OPEN;
            if (s->val[l] > 0) {
                new_level(s);
            } else if (s->val[l] < 0) {
                s->npath = (uint32_t)s->nlevels + 1;
                if (!path_next(s))
                    return SK_OK;
            } else {
                new_level(s);
                assign(s, l, R_NONE);
            }
            continue;
        }
        if (s->nlevels == 0)
            sync_root(s);
        uint32_t v = pick(s);
        if (v == NO_VAR) {
            if (report(s, ctl))
                return SK_OK;
            if (!exclude(s))
                return SK_OK;
            continue;
        }
        res->nodes++;
        res->guesses++;
        new_level(s);
        assign(s, 2 * v, R_NONE); /* place the digit */
        if (skx_tick(ctl))
            return SK_OK;
    }
}

static int cdcl_accepts(const sk_model *m) { return m != NULL; }

/* Chosen automatically where the general engine is not: N above 16, and
 * every model with variant rules' propagators.  On the 144 published
 * variant puzzles of tests/variants, 20 s each, cdcl answered 132 against
 * the general engine's 118 (before its scored branching), in 375 s
 * against 614 s, and was faster on the easy ones too (94 under 0.5 s:
 * 4.5 s against 7.8 s): what a sum or a line propagator proves is learned
 * once instead of being found again in every branch.  Pencil marks given
 * as a rule too (skx_has_marks).  Not little killers alone, nor up to
 * 9x9 killer cages with little killers: the general engine's scored
 * branching with pair probes searches those faster (general_preferred). */
static int cdcl_preferred(const sk_model *m)
{
    return m->n > 16 || skx_has_marks(m) || !skx_rules_suit_general(m);
}

const sk_engine skx_engine_cdcl = {
    {"cdcl", "conflict-driven clause learning over native exactly-one constraints "
             "(cells, houses, locked candidates); root probing",
     "every model: N up to 64, boxes, jigsaw, Latin squares, extra houses and groups, "
     "every variant rule, candidate masks; chosen automatically above 16x16, "
     "for variant rules other than extra houses, little killers alone and "
     "(up to 9x9) killer cages with little killers, and for pencil marks"},
    cdcl_accepts,
    cdcl_preferred,
    cdcl_workspace,
    cdcl_search,
    1, /* takes candidate masks */
};
