/*
 * logic_chain.c - chains of implications between candidates: the chaining
 * producers of the logical solver, in Sudoku Explainer's way.
 *
 * A potential is a candidate assumed true ("on") or false ("off").  From an
 * assumption, implications follow:
 *
 *   on -> off   the other candidates of the cell (cell rule, "Y"); the same
 *               digit in the cells of the candidate's houses (house rule,
 *               "X")
 *   off -> on   the cell's last other candidate, when it had two; the
 *               digit's last other place in a full house
 *
 * Each derived potential remembers the potentials it follows from (its
 * parents), so that a conclusion can be traced back to its assumption and
 * its length measured.  SE's producers, in the order logic.c calls them:
 *
 *   unary       from one candidate on, with X links, Y links, then both:
 *               bidirectional cycles (a loop of alternating on/off links;
 *               candidates that see an on and an off link of the loop's
 *               digit go) and forcing chains (an assumption that implies
 *               its own negation).  Static: the grid does not change.
 *   nishio      X links only, dynamic: every off potential reached is
 *               removed from a working copy of the grid, so later links see
 *               the reduced grid; an assumption that leads to a potential
 *               both on and off is false.
 *   multiple    static, from cells of three or more candidates: a
 *               potential that every candidate of a cell implies (cell
 *               forcing chains), or every place of a digit in a house
 *               (region forcing chains).
 *   dynamic     dynamic, all cells: contradictions from on and from off,
 *               double forcing (implied both by on and by off), region and
 *               cell forcing chains.  Level L > 0 nests other techniques
 *               into the propagation, where it stalls (advanced): level 1
 *               the basic rules, 2 the unary chains too, 3 the multiple
 *               chains, 4 dynamic chains of a lower nesting limit.
 *
 * Each producer collects every step it finds, then takes the easiest: by
 * rating (base plus the length bonus), then by complexity (the number of
 * potentials the conclusion rests on), then by kind; ties keep the order in
 * which the steps were found (cells in order, digits in order).  That order
 * matters: it decides the path and so the rating, and follows SE.
 *
 * Potentials are numbered (cell * N + digit) * 2 + on.  The nodes of a
 * chain live in a pool that is cleared for every cell; a "run" is the set
 * of nodes reached from one assumption, in the order they were reached,
 * with a map from potential to node.
 */
#include <stdlib.h>
#include <string.h>

#include "logic.h"
#include "model.h"
#include "rules/rules.h"

typedef struct cnode {
    int pot;
    int npar;
    int par;   /* offset into the parent pool; parents[0] is the main cause */
    int cause; /* the rule that made it: CAUSE_CELL, a model house, a
                  variant rule's constraint x as CAUSE_CON(x), or
                  CAUSE_NONE (the assumption, a nested deduction) */
    int nest;  /* a nested deduction: its entry in nest_cx, else -1 */
} cnode;

enum { CAUSE_NONE = -1, CAUSE_CELL = -2 };
#define CAUSE_CON(x) (-3 - (x))

/* A step found by a nested producer (collecting every step). */
typedef struct nrec {
    double diff;
    int cx, key;
    int rem, nrem; /* removed potentials: rpool[rem .. rem + nrem), in the
                      order SE's hash map of cells gives them */
    int par, npar; /* the candidates it needs removed: rpool[par ..] */
} nrec;

/* An entry of a slot's map: the node of a potential, valid when stamp is
 * the run's (one cache line for both). */
typedef struct sent {
    unsigned stamp;
    int node;
} sent;

typedef struct run {
    int slot;       /* which map holds it */
    unsigned stamp; /* entries of the map written by this run */
    int off, count; /* its nodes: rlist[off .. off + count) */
    sent *map;      /* the slot's map (np entries) */
    uint64_t *bits; /* and its set of potentials (bw words) */
} run;


struct skl_chain {
    int np;
    cnode *node;
    int nnode, capnode;
    int *par;
    int npar, cappar;
    int *rlist;
    int nrlist, caprlist;
    int nslots;
    sent *smap;         /* nslots * np: node of a potential in a slot's run */
    uint64_t *sbits;    /* nslots * bw: the potentials of a slot's run as a
                           set, for intersections */
    unsigned *sbits_of; /* nslots: the stamp of the run sbits holds */
    int bw;             /* words of a set of potentials */
    uint64_t *ibits;    /* bw: scratch for intersections */
    uint8_t *sready;    /* nslots: the slot's stamps are zeroed (on first
                           use: on 9x9 the maps are 8.5 MB, most slots
                           never used, and zeroing them all was a sixth
                           of the time of rating a 17-clue puzzle) */
    unsigned stamp;
    unsigned *seen;     /* np: ancestor counting */
    unsigned seen_stamp;
    int *todo, *next;   /* node lists for ancestor walks (capnode) */
    int *qon, *qoff;    /* queues of node indexes */
    int capq;
    uint64_t *g, *src;  /* working grid, and its state at the run's start */
    /* variant rules in dynamic chains (rules_in_chain): the cells g lost
       since the rules last ran in this run, and the constraints to run */
    unsigned *rc_stamp; /* per cell: rc_gen when listed */
    int *rc_list, rc_n;
    unsigned rc_gen;
    unsigned *con_stamp; /* per constraint: rq_gen while it waits */
    unsigned rq_gen;    /* one per run */
    int *con_list;      /* waiting: cheap ones from the front, slow ones
                           (sums, lines) from the back */
    int rq_cheap, rq_slow;
    uint64_t *fw, *both; /* cycles: digits seen from on links, and from both */
    uint64_t *grid;     /* the grid the producer searches */
    uint64_t *gridbuf;
    int *chouse;        /* per cell: houses (model indexes) in chaining order */
    int *chouse_off;
    int *chpos;         /* the cell's position in each of those houses */
    uint16_t *pot_cell; /* per candidate (potential / 2): its cell */
    uint8_t *pot_dig;   /* and its digit */
    uint64_t *hm_grid;  /* per house and digit: its places in grid */
    uint64_t *hm;       /* the same in the working grid g */
    int *peers;         /* per cell: peers in ascending order */
    int *peers_off;
    unsigned *mark;     /* cells */
    unsigned mark_stamp;
    int *out;           /* potentials produced by one implication step */
    int *outpar;        /* their extra (hidden) parents: counts then nodes */
    int nout;
    int *tmp;           /* parents being gathered */
    int *cnt;           /* np: counts for intersections */
    unsigned *cnt_stamp;
    unsigned cstamp;
    int *outcause;      /* the cause of each */
    /* nesting: the producer run inside this one's propagation, the grid
       this one started from (for rule parents), and what it collects */
    skl_chain *child;
    const uint64_t *outer_src;
    int collect;
    nrec *rec;
    int nrec, caprec;
    int *rpool;
    int nrpool, caprpool;
    int *nest_cx;       /* complexity of each nested deduction in the pool */
    int nnest, capnest;
    unsigned *nest_seen;
    unsigned nest_stamp;
    int nest_sum;
    int *adv;           /* advanced potentials: pot, nest, npar, parents... */
    uint64_t *anc;      /* do_cycles: each on node's ancestor off links */
    int capanc;
    int *offpar;        /* do_cycles: queue position of each off node's parent */
    int capoffpar;
    int nadv, capadv;
    /* the best step so far */
    int have;
    double best_diff;
    int best_cx, best_key;
    int cache_ok, slot_base;
    struct cached {
        unsigned gen;   /* the search it belongs to */
        run r;
        int st, a, b;   /* do_chaining's result: a contradiction's nodes */
    } *cache;
    unsigned gen;       /* searches so far */
    int limit;          /* the caller's rating limit (not for nested ones) */
    int dynamic, nishio, multiple, level, nestlimit;
    int oom;
    /* the static links of each potential (links()): while lk_gen stays,
       the grid and the rules (y, x) stay too */
    unsigned *lk_stamp; /* np: == lk_gen when its links are stored */
    int *lk_start, *lk_len; /* np: where they are in lk_pot and lk_cause */
    int *lk_pot, *lk_cause;
    int lk_n, lk_cap;
    unsigned lk_gen;
    const int *lo, *lc; /* links() result: nout potentials and causes */
    /* variant rules as static links (rule_links_of), for the chains that
       use X and Y links together at the top level */
    int rule_links;
    int *rl_out, *rl_cause;
    unsigned *rl_mark;
    unsigned rl_stamp;
    /* the unary producer's reachability over the static links of X and Y
       together (reach_build): whether each potential reaches its own
       negation, whether each candidate's "on" lies on a cycle */
    uint8_t *failed;      /* np: the potential reaches its negation */
    uint8_t *cyclic;      /* np / 2: the candidate's "on" lies on a cycle */
    int *scc;             /* np / 2: component of an "on" (-1 on the stack) */
    int *tj_order, *tj_low, *tj_stack, *tj_node, *tj_edge; /* Tarjan's work */
    int *og_off, *og_to;  /* the graph between "on" potentials (CSR) */
    int og_cap;
    int *sp_off, *sp_to;  /* each candidate's strong partners (CSR) */
    uint64_t *reach;      /* the components each component reaches */
    size_t reach_cap;
    int reach_ok, nfailed;
    /* Nishio chains of one digit: the cells holding it at the last call
       (a set of cells a digit), and the digits none of whose runs met a
       contradiction then, 0 until a call completes (nishio_begin);
       ni_hit: the digits of this call's contradictions */
    uint64_t *ni_pat;
    uint64_t ni_quiet, ni_hit, ni_skip;
};

#if defined(__GNUC__) || defined(__clang__)
#define INLINE __attribute__((always_inline))
#else
#define INLINE
#endif

#define N_ (s->n)
#define POT(c, d, on) ((((c) * N_) + (d)) * 2 + (on))
/* cell and digit of a potential, from tables (no division in the inner
   loops); c is the chain context in scope */
#define PCELL(p) ((int)c->pot_cell[(p) >> 1])
#define PDIG(p) ((int)c->pot_dig[(p) >> 1])
#define PON(p) ((p) & 1)

static int popcount64(uint64_t x)
{
    return skl_popcount(x);
}

static int lowest(uint64_t x)
{
    return __builtin_ctzll(x);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int skl_chain_new(skl_state *s)
{
    s->chain = calloc(1, sizeof *s->chain);
    return s->chain ? SK_OK : SK_ENOMEM;
}

void skl_chain_free(skl_state *s)
{
    skl_chain *c = s->chain;
    if (!c)
        return;
    free(c->node);
    free(c->par);
    free(c->rlist);
    free(c->rc_stamp);
    free(c->rc_list);
    free(c->con_stamp);
    free(c->con_list);
    free(c->smap);
    free(c->sbits);
    free(c->sbits_of);
    free(c->ibits);
    free(c->sready);
    free(c->seen);
    free(c->todo);
    free(c->next);
    free(c->qon);
    free(c->qoff);
    free(c->g);
    free(c->src);
    free(c->fw);
    free(c->both);
    free(c->chouse);
    free(c->chouse_off);
    free(c->chpos);
    free(c->pot_cell);
    free(c->pot_dig);
    free(c->hm_grid);
    free(c->hm);
    free(c->peers);
    free(c->peers_off);
    free(c->mark);
    free(c->out);
    free(c->outpar);
    free(c->tmp);
    free(c->cnt);
    free(c->cnt_stamp);
    free(c->outcause);
    free(c->rec);
    free(c->rpool);
    free(c->nest_cx);
    free(c->nest_seen);
    free(c->adv);
    free(c->anc);
    free(c->offpar);
    free(c->cache);
    free(c->gridbuf);
    free(c->lk_stamp);
    free(c->lk_start);
    free(c->lk_len);
    free(c->rl_out);
    free(c->rl_cause);
    free(c->rl_mark);
    free(c->lk_pot);
    free(c->lk_cause);
    free(c->scc);
    free(c->failed);
    free(c->cyclic);
    free(c->og_off);
    free(c->og_to);
    free(c->sp_off);
    free(c->sp_to);
    free(c->ni_pat);
    free(c->tj_order);
    free(c->tj_low);
    free(c->tj_stack);
    free(c->tj_node);
    free(c->tj_edge);
    free(c->reach);
    if (c->child) {
        s->chain = c->child;
        skl_chain_free(s);
    }
    free(c);
    s->chain = NULL;
}

/* The first use allocates the tables that depend only on the model. */
static int setup(skl_state *s)
{
    skl_chain *c = s->chain;
    const sk_model *m = s->m;
    int nc = s->nc, total = 0;
    if (c->np)
        return SK_OK;
    c->np = nc * s->n * 2;
    /* each candidate's "on" run is kept for the whole search, in a map of
       its own, when the maps stay small (9x9 and below): the region
       chains use the runs of other cells' candidates, which are their own
       runs too */
    c->cache_ok = (long)nc * s->n * c->np <= 1200000L;
    c->slot_base = c->cache_ok ? nc * s->n : 0;
    c->nslots = c->slot_base + 2 * s->n + 2;
    c->smap = malloc((size_t)c->nslots * (size_t)c->np * sizeof *c->smap);
    if (c->cache_ok) {
        c->cache = calloc((size_t)nc * s->n, sizeof *c->cache);
        if (!c->cache) {
            c->np = 0;
            return SK_ENOMEM;
        }
    }
    c->sready = calloc((size_t)c->nslots, 1);
    c->bw = (c->np + 63) / 64;
    c->sbits = malloc((size_t)c->nslots * (size_t)c->bw * sizeof *c->sbits);
    c->sbits_of = calloc((size_t)c->nslots, sizeof *c->sbits_of);
    c->ibits = malloc((size_t)c->bw * sizeof *c->ibits);
    c->seen = calloc((size_t)c->np, sizeof *c->seen);
    c->g = malloc((size_t)nc * sizeof *c->g);
    c->src = malloc((size_t)nc * sizeof *c->src);
    c->fw = malloc((size_t)nc * sizeof *c->fw);
    c->both = malloc((size_t)nc * sizeof *c->both);
    c->todo = malloc((size_t)c->np * sizeof *c->todo);
    c->next = malloc((size_t)c->np * sizeof *c->next);
    c->mark = calloc((size_t)nc, sizeof *c->mark);
    c->out = malloc((size_t)(nc + s->n) * 4 * sizeof *c->out);
    c->outcause = malloc((size_t)(nc + s->n) * 4 * sizeof *c->outcause);
    c->outpar = malloc((size_t)(nc + s->n) * 4 * (size_t)(nc + 1) * sizeof *c->outpar);
    c->tmp = malloc((size_t)c->np * sizeof *c->tmp);
    c->cnt = malloc((size_t)c->np * sizeof *c->cnt);
    c->cnt_stamp = calloc((size_t)c->np, sizeof *c->cnt_stamp);
    c->chouse_off = malloc(((size_t)nc + 1) * sizeof *c->chouse_off);
    c->peers_off = malloc(((size_t)nc + 1) * sizeof *c->peers_off);
    c->peers = malloc((size_t)m->peer_off[nc] * sizeof *c->peers + 1);
    c->chouse = malloc((size_t)m->cell_house_off[nc] * sizeof *c->chouse + 1);
    c->chpos = malloc((size_t)m->cell_house_off[nc] * sizeof *c->chpos + 1);
    c->pot_cell = malloc((size_t)nc * (size_t)s->n * sizeof *c->pot_cell);
    c->pot_dig = malloc((size_t)nc * (size_t)s->n * sizeof *c->pot_dig);
    c->hm_grid = malloc((size_t)m->nhouses * (size_t)s->n * sizeof *c->hm_grid);
    c->hm = malloc((size_t)m->nhouses * (size_t)s->n * sizeof *c->hm);
    c->lk_stamp = calloc((size_t)c->np, sizeof *c->lk_stamp);
    c->lk_start = malloc((size_t)c->np * sizeof *c->lk_start);
    c->lk_len = malloc((size_t)c->np * sizeof *c->lk_len);
    if (!c->lk_stamp || !c->lk_start || !c->lk_len || !c->smap || !c->sready || !c->sbits || !c->sbits_of || !c->ibits || !c->seen || !c->g || !c->src || !c->fw || !c->both ||
        !c->todo || !c->next || !c->mark || !c->out ||
        !c->outpar || !c->outcause || !c->tmp || !c->cnt || !c->cnt_stamp || !c->chouse_off || !c->peers_off ||
        !c->peers || !c->chouse || !c->chpos || !c->hm_grid || !c->hm || !c->pot_cell ||
        !c->pot_dig) {
        c->np = 0;
        return SK_ENOMEM;
    }
    /* houses of each cell: block, row, column (SE's chaining order), other
       full houses, then the smaller groups */
    for (int cell = 0; cell < nc; cell++) {
        static const int kinds[3] = {SKL_BLOCK, SKL_ROW, SKL_COLUMN};
        c->chouse_off[cell] = total;
        for (int t = 0; t < 3; t++) {
            int k = s->cell_house[cell * 3 + (kinds[t] == SKL_BLOCK ? 0 : kinds[t] == SKL_COLUMN ? 1 : 2)];
            if (k >= 0)
                c->chouse[total++] = s->house[k];
        }
        for (uint32_t i = m->cell_house_off[cell]; i < m->cell_house_off[cell + 1]; i++) {
            int h = m->cell_houses[i], kind = m->house_kind[h];
            if (h < m->nfull && (kind == SK_HOUSE_BOX || kind == SK_HOUSE_REGION ||
                                 kind == SK_HOUSE_ROW || kind == SK_HOUSE_COLUMN))
                continue;
            if (h < m->nfull)
                c->chouse[total++] = h;
        }
        for (uint32_t i = m->cell_house_off[cell]; i < m->cell_house_off[cell + 1]; i++)
            if (m->cell_houses[i] >= m->nfull)
                c->chouse[total++] = m->cell_houses[i];
        c->peers_off[cell] = (int)m->peer_off[cell];
        for (uint32_t i = m->peer_off[cell]; i < m->peer_off[cell + 1]; i++)
            c->peers[i] = m->peers[i];
        qsort(c->peers + m->peer_off[cell], m->peer_off[cell + 1] - m->peer_off[cell],
              sizeof *c->peers, cmp_int);
    }
    c->chouse_off[nc] = total;
    for (int i = 0; i < nc * s->n; i++) {
        c->pot_cell[i] = (uint16_t)(i / s->n);
        c->pot_dig[i] = (uint8_t)(i % s->n);
    }
    for (int cell = 0; cell < nc; cell++)
        for (int i = c->chouse_off[cell]; i < c->chouse_off[cell + 1]; i++) {
            int h = c->chouse[i];
            for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++)
                if (m->house_cells[j] == cell)
                    c->chpos[i] = (int)(j - m->house_off[h]);
        }
    c->peers_off[nc] = (int)m->peer_off[nc];
    return SK_OK;
}

/* ---- the node pool ------------------------------------------------------ */

static int grow(void **p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return 1;
    int ncap = *cap ? *cap : 1024;
    while (ncap < need)
        ncap *= 2;
    void *q = realloc(*p, (size_t)ncap * size);
    if (!q)
        return 0;
    *p = q;
    *cap = ncap;
    return 1;
}

static int ensure_nodes(skl_chain *c, int more)
{
    return grow((void **)&c->node, &c->capnode, c->nnode + more, sizeof *c->node);
}

/* A new node for potential pot with parents par[0..npar). -1 when out of
 * memory. */
static int pool_room(skl_chain *c, int npar)
{
    return ensure_nodes(c, 1) && grow((void **)&c->par, &c->cappar, c->npar + npar, sizeof *c->par);
}

/* Inlined: the chain searches make millions of nodes, and the call cost
 * as much as the work. */
static inline INLINE int new_node(skl_chain *c, int pot, const int *par, int npar, int cause)
{
    if ((c->nnode >= c->capnode || c->npar + npar > c->cappar) && !pool_room(c, npar))
        return -1;
    cnode *n = &c->node[c->nnode];
    n->pot = pot;
    n->npar = npar;
    n->par = c->npar;
    n->cause = cause;
    n->nest = -1;
    if (npar == 1) { /* the usual case: no call */
        c->par[c->npar++] = par[0];
    } else if (npar) {
        memcpy(c->par + c->npar, par, (size_t)npar * sizeof *par);
        c->npar += npar;
    }
    return c->nnode++;
}

static void pool_reset(skl_chain *c)
{
    c->nnest = 0;
    c->nnode = 0;
    c->npar = 0;
    c->nrlist = 0;
}

static inline INLINE int run_find(const run *r, int pot)
{
    const sent *e = r->map + pot;
    return e->stamp == r->stamp ? e->node : -1;
}

static void run_begin(skl_chain *c, run *r, int slot)
{
    r->map = c->smap + (size_t)slot * (size_t)c->np;
    r->bits = c->sbits + (size_t)slot * (size_t)c->bw;
    if (!c->sready[slot]) {
        memset(r->map, 0, (size_t)c->np * sizeof *r->map);
        c->sready[slot] = 1;
    }
    r->slot = slot;
    r->stamp = ++c->stamp;
    r->off = c->nrlist;
    r->count = 0;
    memset(r->bits, 0, (size_t)c->bw * sizeof *r->bits);
    c->sbits_of[slot] = r->stamp;
}

/* Adds node k to run r (the run being built is always the last). */
static inline INLINE int run_add(skl_chain *c, run *r, int k)
{
    const int pot = c->node[k].pot;
    if (c->nrlist >= c->caprlist &&
        !grow((void **)&c->rlist, &c->caprlist, c->nrlist + 1, sizeof *c->rlist))
        return 0;
    r->map[pot].node = k;
    r->map[pot].stamp = r->stamp;
    r->bits[pot >> 6] |= 1ull << (pot & 63);
    c->rlist[c->nrlist++] = k;
    r->count++;
    return 1;
}

static int queue_room(skl_chain *c, int need)
{
    if (need <= c->capq)
        return 1;
    int cap = c->capq;
    if (!grow((void **)&c->qon, &cap, need, sizeof *c->qon))
        return 0;
    cap = c->capq;
    if (!grow((void **)&c->qoff, &cap, need, sizeof *c->qoff))
        return 0;
    c->capq = cap;
    return 1;
}

/* ---- implications ---------------------------------------------------------- */

/* Potentials made off by potential pot being on, in SE's order, into
 * c->out (c->nout).  y: the cell rule too. */
static void on_to_off(skl_state *s, int pot, int y)
{
    skl_chain *c = s->chain;
    const sk_model *m = s->m;
    int cell = PCELL(pot), d = PDIG(pot);
    c->nout = 0;
    if (y)
        for (uint64_t v = c->g[cell] & ~SKL_BIT(d); v; v &= v - 1) {
            c->outcause[c->nout] = CAUSE_CELL;
            c->out[c->nout++] = POT(cell, lowest(v), 0);
        }
    c->mark_stamp++;
    c->mark[cell] = c->mark_stamp;
    for (int i = c->chouse_off[cell]; i < c->chouse_off[cell + 1]; i++) {
        int h = c->chouse[i];
        const uint16_t *hc = m->house_cells + m->house_off[h];
        for (uint64_t b = c->hm[h * N_ + d] & ~SKL_BIT(c->chpos[i]); b; b &= b - 1) {
            int o = hc[lowest(b)];
            if (c->mark[o] == c->mark_stamp)
                continue;
            c->mark[o] = c->mark_stamp;
            c->outcause[c->nout] = h;
            c->out[c->nout++] = POT(o, d, 0);
        }
    }
}

/* Potentials made on by potential pot being off, into c->out; with
 * hidden: the parents each gets from candidates the run removed before
 * (dynamic mode), into c->outpar as count, nodes... per output.  r: the
 * run, for looking those parents up. */
static void off_to_on(skl_state *s, int pot, int y, int x, const run *r)
{
    skl_chain *c = s->chain;
    const sk_model *m = s->m;
    int cell = PCELL(pot), d = PDIG(pot), np = 0;
    c->nout = 0;
    if (y && skl_two(c->g[cell])) {
        int other = lowest(c->g[cell] & ~SKL_BIT(d));
        int *cntp = &c->outpar[np++];
        *cntp = 0;
        c->outcause[c->nout] = CAUSE_CELL;
        c->out[c->nout++] = POT(cell, other, 1);
        for (uint64_t v = c->src[cell] & ~c->g[cell]; r && v; v &= v - 1) {
            int k = run_find(r, POT(cell, lowest(v), 0));
            if (k >= 0)
                c->outpar[np++] = k, (*cntp)++;
        }
    }
    if (!x)
        return;
    for (int i = c->chouse_off[cell]; i < c->chouse_off[cell + 1]; i++) {
        int h = c->chouse[i];
        if (h >= m->nfull)
            continue;
        uint64_t b = c->hm[h * N_ + d] & ~SKL_BIT(c->chpos[i]);
        if (!b || (b & (b - 1)))
            continue;
        const uint16_t *hc = m->house_cells + m->house_off[h];
        int *cntp = &c->outpar[np++];
        *cntp = 0;
        c->outcause[c->nout] = h;
        c->out[c->nout++] = POT(hc[lowest(b)], d, 1);
        /* the places the run removed (src is grid at the run's start) */
        for (uint64_t q = r ? c->hm_grid[h * N_ + d] & ~c->hm[h * N_ + d] : 0; q; q &= q - 1) {
            int k = run_find(r, POT(hc[lowest(q)], d, 0));
            if (k >= 0)
                c->outpar[np++] = k, (*cntp)++;
        }
    }
}

/* A new generation of static links: the grid or the rules changed. */
static void links_forget(skl_chain *c)
{
    c->lk_gen++;
    c->lk_n = 0;
}

/*
 * The static links of potential pot (on_to_off, or off_to_on without a
 * run: no hidden parents), computed once per generation and then read in
 * place: c->lo and c->lc point to c->nout potentials and their causes.
 * The unary and multiple producers follow the links of the same
 * potentials from every assumption.  0 when out of memory.
 */
static int links_new(skl_state *s, int pot, int y, int x);

static inline INLINE int links(skl_state *s, int pot, int y, int x)
{
    skl_chain *c = s->chain;
    if (c->lk_stamp[pot] == c->lk_gen) {
        int at = c->lk_start[pot];
        c->lo = c->lk_pot + at;
        c->lc = c->lk_cause + at;
        c->nout = c->lk_len[pot];
        return 1;
    }
    return links_new(s, pot, y, x);
}

/*
 * The links the variant rules add to those of the cells and houses (in
 * c->out already): potential pot on, each constraint on its cell is
 * filtered with the cell holding the digit, and every candidate it takes
 * out of the others' cells becomes off; pot off, the same without the
 * digit, and every open cell the filter leaves one candidate becomes on
 * (the cell itself too: a digit set of a cage may have no other place for
 * one of its digits).  The grid is the producer's and stays as it is, so
 * each is an implication of the one rule on that grid, one link (a filter
 * may narrow more than the assumption alone makes it: the link is sound
 * all the same).  Placed cells hold their digit (the grid has none for
 * them).  The count of links added to c->rl_out, or 0 when out of memory
 * (c->rl_mark NULL then).
 */
static int rule_links_of(skl_state *s, int pot)
{
    skl_chain *c = s->chain;
    const sk_model *m = s->m;
    int cell = PCELL(pot), d = PDIG(pot), on = PON(pot);
    if (!c->rl_mark) {
        c->rl_out = malloc((size_t)c->np * sizeof *c->rl_out);
        c->rl_cause = malloc((size_t)c->np * sizeof *c->rl_cause);
        c->rl_mark = calloc((size_t)c->np, sizeof *c->rl_mark);
        if (!c->rl_out || !c->rl_cause || !c->rl_mark) {
            free(c->rl_out);
            free(c->rl_cause);
            free(c->rl_mark);
            c->rl_out = c->rl_cause = NULL;
            c->rl_mark = NULL;
            return 0;
        }
    }
    if (++c->rl_stamp == 0) {
        memset(c->rl_mark, 0, (size_t)c->np * sizeof *c->rl_mark);
        c->rl_stamp = 1;
    }
    int n = 0;
    c->rl_mark[pot] = c->rl_stamp;
    for (int i = 0; i < c->nout; i++)
        c->rl_mark[c->out[i]] = c->rl_stamp;
    for (uint32_t e = m->cell_con_off[cell]; e < m->cell_con_off[cell + 1]; e++) {
        int x = m->cell_cons[e];
        const skx_con *k = &m->cons[x];
        const uint16_t *cells = m->con_cells + k->cell_off;
        for (uint32_t j = 0; j < k->ncells; j++) {
            int o = cells[j];
            s->rdom[j] = s->val[o] ? SKL_BIT(s->val[o] - 1) : c->g[o];
            if (o == cell)
                s->rdom[j] = on ? SKL_BIT(d) : c->g[o] & ~SKL_BIT(d);
        }
        if (!skl_filter(s, k))
            continue; /* (the rule cannot hold with it: a rule step, 3.1, is left) */
        for (uint32_t j = 0; j < k->ncells; j++) {
            int o = cells[j];
            if (s->val[o])
                continue;
            uint64_t v = on ? (o == cell ? 0 : c->g[o] & ~s->rdom[j])
                            : (skl_one(s->rdom[j]) && !skl_one(c->g[o]) ? s->rdom[j] : 0);
            for (; v; v &= v - 1) {
                int q = POT(o, lowest(v), !on);
                if (c->rl_mark[q] == c->rl_stamp)
                    continue;
                c->rl_mark[q] = c->rl_stamp;
                c->rl_out[n] = q;
                c->rl_cause[n++] = CAUSE_CON(x);
            }
        }
    }
    return n;
}

static int links_new(skl_state *s, int pot, int y, int x)
{
    skl_chain *c = s->chain;
    int nrule = 0;
    if (PON(pot))
        on_to_off(s, pot, y);
    else
        off_to_on(s, pot, y, x, NULL);
    if (c->rule_links && x && y) {
        nrule = rule_links_of(s, pot);
        if (!c->rl_mark)
            return 0;
    }
    int cap = c->lk_cap; /* one more: never NULL, even with no links yet */
    if (!grow((void **)&c->lk_pot, &cap, c->lk_n + c->nout + nrule + 1, sizeof *c->lk_pot))
        return 0;
    cap = c->lk_cap;
    if (!grow((void **)&c->lk_cause, &cap, c->lk_n + c->nout + nrule + 1, sizeof *c->lk_cause))
        return 0;
    c->lk_cap = cap;
    memcpy(c->lk_pot + c->lk_n, c->out, (size_t)c->nout * sizeof *c->out);
    memcpy(c->lk_cause + c->lk_n, c->outcause, (size_t)c->nout * sizeof *c->outcause);
    if (nrule) {
        memcpy(c->lk_pot + c->lk_n + c->nout, c->rl_out, (size_t)nrule * sizeof *c->rl_out);
        memcpy(c->lk_cause + c->lk_n + c->nout, c->rl_cause, (size_t)nrule * sizeof *c->rl_cause);
        c->nout += nrule;
    }
    c->lk_start[pot] = c->lk_n;
    c->lk_len[pot] = c->nout;
    c->lk_stamp[pot] = c->lk_gen;
    c->lo = c->lk_pot + c->lk_n;
    c->lc = c->lk_cause + c->lk_n;
    c->lk_n += c->nout;
    return 1;
}

/* Resets the working grid to the producer's grid. */
static void g_reset(skl_state *s)
{
    skl_chain *c = s->chain;
    memcpy(c->g, c->grid, (size_t)s->nc * sizeof *c->g);
    memcpy(c->hm, c->hm_grid, (size_t)s->m->nhouses * (size_t)s->n * sizeof *c->hm);
}

/* Removes candidate d of cell from the working grid. */
static void g_remove(skl_state *s, int cell, int d)
{
    skl_chain *c = s->chain;
    c->g[cell] &= ~SKL_BIT(d);
    if (c->rc_stamp && c->rc_stamp[cell] != c->rc_gen) {
        c->rc_stamp[cell] = c->rc_gen;
        c->rc_list[c->rc_n++] = cell;
    }
    for (int i = c->chouse_off[cell]; i < c->chouse_off[cell + 1]; i++)
        c->hm[c->chouse[i] * N_ + d] &= ~SKL_BIT(c->chpos[i]);
}


/* ---- reachability over the static links ------------------------------------ */

/* Components above which the table of what each reaches (a bit per
 * pair) is not built: 9x9 has at most 729 candidates, 16x16 4096. */
#define REACH_MAX 8192
#define REACH_FEW 24 /* components reached, at most, walked one by one */

/*
 * The static links form a fixed graph on the grid's potentials, and it is
 * its own contrapositive: a link p -> q comes with the link ~q -> ~p (a
 * weak link joins two candidates that see each other, a strong one the
 * two places of a bivalue cell or a house; either way both ways round).
 * A forcing chain from p exists only when p reaches its negation ~p; a
 * cycle through p only when p lies on a cycle of the graph.  And a cycle
 * removes only candidates that reach their own negation: a candidate o it
 * removes sees, with o's digit, a loop node P that is on and a node Q
 * that is off; o on makes P off, the loop read backwards (its links'
 * contrapositives) leads from P off to Q on, and Q on makes o off.  The X
 * links and the Y links are each a part of the links of both, so when no
 * potential of the grid reaches its negation over X and Y together, no
 * pass of the unary producer finds anything (most calls nested in the
 * propagation of forcing chains of levels 2 and 3, about four in five);
 * otherwise a forcing chain from p in any pass needs p to reach ~p over
 * them, and a cycle through p needs p on a cycle over them.
 *
 * Links alternate: "on" leads to "off" (weak links), "off" to "on" (strong
 * links), and most "off" potentials lead nowhere (their cell and houses
 * hold more than two places).  So the graph that matters is the one
 * between "on" potentials, a -> b when a makes off a candidate whose
 * strong partner is b: a few edges for each candidate instead of a dozen.
 * Over it, p on reaches p off when p on reaches a candidate that sees p
 * (its cell's others, its digit in the cells it sees), and p off reaches
 * p on when one of p's strong partners reaches p; p on lies on a cycle
 * of four links or more when its component holds another candidate
 * (leading back to itself at once, through its cell's or a house's other
 * place, is a cycle of two).
 *
 * This finds the components of that graph (Tarjan's algorithm, without
 * recursion, from every candidate: a cycle may remove one that is alone
 * in its cell) and, in the order it completes them (every component
 * after those it reaches), the set of components each reaches.  Whether
 * p on reaches a candidate that sees p: nested in forcing chains the
 * graph is sparse (about 200 candidates, 370 edges, nearly every
 * component a single candidate), and most candidates reach a handful of
 * components, whose members are tested against p's cell and the cells it
 * sees (s->peerbits); a candidate that reaches more than REACH_FEW components
 * tests its own two dozen neighbours instead (one table lookup each, and
 * nearly all of them fail).  Sets c->reach_ok (0 when the table would be
 * too large: then every search runs), c->failed, c->cyclic and
 * c->nfailed.  0 when out of memory.
 */
/* Whether candidate k (cell, digit d; n digits) reaches, in the table of
 * words-word rows, one of the candidates that see it: its cell's others,
 * d in the cells it sees.  One lookup each. */
static int reaches_a_neighbour(const skl_chain *c, int words, int k, int cell, int d, int n)
{
    const int *idx = c->scc;
    const uint64_t *g = c->grid, *rk = c->reach + (size_t)idx[k] * (size_t)words;
#define REACHED(b) (rk[idx[b] >> 6] >> (idx[b] & 63) & 1)
    for (uint64_t o = g[cell] & ~SKL_BIT(d); o; o &= o - 1)
        if (REACHED(cell * n + lowest(o)))
            return 1;
    for (int i = c->peers_off[cell]; i < c->peers_off[cell + 1]; i++)
        if ((g[c->peers[i]] & SKL_BIT(d)) && REACHED(c->peers[i] * n + d))
            return 1;
#undef REACHED
    return 0;
}

#ifdef SKL_REACH_CHECK
/* The test that compiles this file defines it: told, for each candidate,
 * whether its "on" was found to fail by walking what it reaches (walked 1)
 * or by testing its neighbours, and what testing its neighbours gives. */
static void skl_reach_check(int walked, int f, int neighbours);
#endif

static int reach_build(skl_state *s)
{
    skl_chain *c = s->chain;
    const sk_model *m = s->m;
    const int nk = s->nc * N_; /* candidates: cell * N + digit */
    c->reach_ok = 0;
    if (!c->sp_to) { /* the first call (again after running out of memory) */
#define ALLOC(p, n) ((p) ? (void)0 : (void)((p) = malloc((size_t)(n) * sizeof *(p))))
        int most = 0; /* full houses of a cell, at most */
        for (int cell = 0; cell < s->nc; cell++) {
            int n = 0;
            for (int i = c->chouse_off[cell]; i < c->chouse_off[cell + 1]; i++)
                n += c->chouse[i] < m->nfull;
            most = n > most ? n : most;
        }
        ALLOC(c->scc, nk);
        ALLOC(c->failed, c->np);
        ALLOC(c->cyclic, nk);
        ALLOC(c->tj_order, nk);
        ALLOC(c->tj_low, nk);
        ALLOC(c->tj_stack, nk);
        ALLOC(c->tj_node, nk);
        ALLOC(c->tj_edge, nk);
        ALLOC(c->og_off, nk + 1);
        ALLOC(c->sp_off, nk + 1);
        if (!c->scc || !c->failed || !c->cyclic || !c->tj_order || !c->tj_low ||
            !c->tj_stack || !c->tj_node || !c->tj_edge || !c->og_off || !c->sp_off)
            return 0;
        ALLOC(c->sp_to, (size_t)nk * (size_t)(1 + most));
        if (!c->sp_to)
            return 0;
#undef ALLOC
    }
    const uint64_t *g = c->grid, *hm = c->hm;
    /* strong partners: the other candidate of a bivalue cell, the other
       place of a digit in a full house */
    int nsp = 0;
    for (int cell = 0; cell < s->nc; cell++)
        for (int d = 0; d < N_; d++) {
            int k = cell * N_ + d;
            c->sp_off[k] = nsp;
            if (!(g[cell] & SKL_BIT(d)))
                continue;
            if (skl_two(g[cell]))
                c->sp_to[nsp++] = cell * N_ + lowest(g[cell] & ~SKL_BIT(d));
            for (int i = c->chouse_off[cell]; i < c->chouse_off[cell + 1]; i++) {
                int h = c->chouse[i];
                uint64_t b = hm[h * N_ + d] & ~SKL_BIT(c->chpos[i]);
                if (h < m->nfull && skl_one(b))
                    c->sp_to[nsp++] = m->house_cells[m->house_off[h] + lowest(b)] * N_ + d;
            }
        }
    c->sp_off[nk] = nsp;
    /* the graph between "on" potentials: a -> b for every candidate x with
       a strong partner b and every a that makes x off (x's cell's others,
       x's digit in the cells x sees); counted, then placed */
    memset(c->og_off, 0, ((size_t)nk + 1) * sizeof *c->og_off);
    for (int pass = 0; pass < 2; pass++) {
        for (int x = 0; x < nk; x++) {
            int n = c->sp_off[x + 1] - c->sp_off[x];
            if (!n)
                continue;
            int xc = c->pot_cell[x], xd = c->pot_dig[x];
            const int *to = c->sp_to + c->sp_off[x];
            for (uint64_t v = g[xc] & ~SKL_BIT(xd); v; v &= v - 1) {
                int a = xc * N_ + lowest(v);
                if (pass)
                    for (int j = 0; j < n; j++)
                        c->og_to[c->og_off[a]++] = to[j];
                else
                    c->og_off[a + 1] += n;
            }
            for (int i = c->peers_off[xc]; i < c->peers_off[xc + 1]; i++) {
                int o = c->peers[i], a = o * N_ + xd;
                if (!(g[o] & SKL_BIT(xd)))
                    continue;
                if (pass)
                    for (int j = 0; j < n; j++)
                        c->og_to[c->og_off[a]++] = to[j];
                else
                    c->og_off[a + 1] += n;
            }
        }
        if (pass) { /* each start moved to the next: back */
            for (int k = nk; k > 0; k--)
                c->og_off[k] = c->og_off[k - 1];
            c->og_off[0] = 0;
            break;
        }
        for (int k = 0; k < nk; k++)
            c->og_off[k + 1] += c->og_off[k];
        if (!grow((void **)&c->og_to, &c->og_cap, c->og_off[nk] + 1, sizeof *c->og_to))
            return 0;
    }
    /* components (Tarjan, iterative) */
    int *order = c->tj_order, *low = c->tj_low, *idx = c->scc;
    int nstack = 0, counter = 0, nscc = 0;
    memset(order, 0, (size_t)nk * sizeof *order);
    memset(c->cyclic, 0, (size_t)nk);
    for (int k0 = 0; k0 < nk; k0++) {
        if (order[k0] || !(g[c->pot_cell[k0]] & SKL_BIT(c->pot_dig[k0])))
            continue;
        int depth = 0;
        order[k0] = low[k0] = ++counter;
        idx[k0] = -1;
        c->tj_stack[nstack++] = k0;
        c->tj_node[0] = k0;
        c->tj_edge[0] = c->og_off[k0];
        while (depth >= 0) {
            int v = c->tj_node[depth];
            int e = c->tj_edge[depth];
            if (e < c->og_off[v + 1]) {
                int w = c->og_to[e];
                c->tj_edge[depth]++;
                if (w == v) {
                    /* through its cell's or a house's other place: back
                       at once, no cycle of four links or more */
                } else if (!order[w]) {
                    order[w] = low[w] = ++counter;
                    idx[w] = -1;
                    c->tj_stack[nstack++] = w;
                    c->tj_node[++depth] = w;
                    c->tj_edge[depth] = c->og_off[w];
                } else if (idx[w] == -1 && order[w] < low[v]) {
                    low[v] = order[w];
                }
                continue;
            }
            /* v is done */
            if (low[v] == order[v]) {
                int w, size = 0;
                do {
                    w = c->tj_stack[--nstack];
                    idx[w] = nscc;
                    size++;
                } while (w != v);
                if (size > 1)
                    for (int i = nstack; i < nstack + size; i++)
                        c->cyclic[c->tj_stack[i]] = 1;
                nscc++;
            }
            depth--;
            if (depth >= 0) {
                int u = c->tj_node[depth];
                if (low[v] < low[u])
                    low[u] = low[v];
            }
        }
    }
    if (nscc > REACH_MAX)
        return 1; /* the table too large */
    int words = (nscc + 63) / 64;
    size_t need = (size_t)nscc * (size_t)words;
    if (need > c->reach_cap) {
        uint64_t *r = realloc(c->reach, need * sizeof *r);
        if (!r)
            return 0;
        c->reach = r;
        c->reach_cap = need;
    }
    if (need) /* (none: reach may still be NULL) */
        memset(c->reach, 0, need * sizeof *c->reach);
    /* components complete in reverse topological order, so walking them
       by number lets each OR in sets already final (an edge inside a
       component adds its own, which is set first) */
    int *first = c->tj_node, *nextk = c->tj_low;
    for (int k = 0; k < nscc; k++)
        first[k] = -1;
    for (int k = nk; k-- > 0;)
        if (order[k]) {
            nextk[k] = first[idx[k]];
            first[idx[k]] = k;
        }
#define ROW(j) (c->reach + (size_t)(j) * (size_t)words)
#define HAS(a, b) ((int)(ROW(idx[a])[idx[b] >> 6] >> (idx[b] & 63) & 1)) /* a reaches b */
    for (int k = 0; k < nscc; k++) {
        uint64_t *rk = ROW(k);
        rk[k >> 6] |= 1ull << (k & 63);
        for (int a = first[k]; a >= 0; a = nextk[a])
            for (int e = c->og_off[a]; e < c->og_off[a + 1]; e++) {
                int j = idx[c->og_to[e]];
                if (j == k || (rk[j >> 6] >> (j & 63) & 1))
                    continue; /* j's set is in rk already (sets are closed) */
                const uint64_t *rj = ROW(j);
                for (int q = 0; q < words; q++)
                    rk[q] |= rj[q];
            }
    }
    /* p on reaches p off through a candidate that sees p; p off reaches
       p on through one of p's strong partners */
    c->nfailed = 0;
    memset(c->failed, 0, (size_t)c->np);
    for (int cell = 0; cell < s->nc; cell++)
        for (uint64_t v = g[cell]; v; v &= v - 1) {
            int d = lowest(v), k = cell * N_ + d, f = 0;
            /* p on fails when a candidate it reaches sees it.  Most reach
               few components: walk them, each member tested against p's
               cell and the cells it sees; else test p's own neighbours */
            const uint64_t *rk = ROW(idx[k]), *see = s->peerbits + (size_t)cell * (size_t)s->words;
            int few = 1, left = REACH_FEW;
            if (c->og_off[k] < c->og_off[k + 1]) /* else it leads nowhere */
                for (int q = 0; q < words && few && !f; q++)
                    for (uint64_t o = rk[q]; o && !f; o &= o - 1) {
                        if (--left < 0) {
                            few = 0;
                            break;
                        }
                        for (int a = first[q * 64 + lowest(o)]; a >= 0 && !f; a = nextk[a]) {
                            int ac = c->pot_cell[a];
                            f = a != k && (ac == cell ? 1 : c->pot_dig[a] == d && (int)(see[ac >> 6] >> (ac & 63) & 1));
                        }
                    }
            if (!few)
                f = reaches_a_neighbour(c, words, k, cell, d, N_);
#ifdef SKL_REACH_CHECK
            skl_reach_check(few, f, reaches_a_neighbour(c, words, k, cell, d, N_));
#endif
            c->failed[POT(cell, d, 1)] = (uint8_t)f;
            c->nfailed += f;
            f = 0;
            for (int e = c->sp_off[k]; e < c->sp_off[k + 1] && !f; e++)
                f = HAS(c->sp_to[e], k);
            c->failed[POT(cell, d, 0)] = (uint8_t)f;
            c->nfailed += f;
        }
#undef ROW
#undef HAS
    c->reach_ok = 1;
    return 1;
}

/* ---- ancestors and the length bonus ---------------------------------------- */

/* Number of distinct potentials among node k and its ancestors.  A
 * potential reached again through another node is not followed again:
 * the first node of each potential in breadth-first order counts, as in
 * SE. */
static void count_nest(skl_chain *c, const cnode *n)
{
    if (n->nest >= 0 && c->nest_seen[n->nest] != c->nest_stamp) {
        c->nest_seen[n->nest] = c->nest_stamp;
        c->nest_sum += c->nest_cx[n->nest];
    }
}

static int ancestors(skl_chain *c, int k)
{
    int count = 1, nt = 1;
    unsigned st = ++c->seen_stamp;
    c->todo[0] = k;
    c->seen[c->node[k].pot] = st;
    while (nt) {
        int nn = 0;
        for (int i = 0; i < nt; i++) {
            const cnode *n = &c->node[c->todo[i]];
            if (c->nnest)
                count_nest(c, n);
            for (int j = 0; j < n->npar; j++) {
                int q = c->par[n->par + j];
                if (c->seen[c->node[q].pot] == st)
                    continue;
                c->seen[c->node[q].pot] = st;
                count++;
                c->next[nn++] = q;
            }
        }
        int *t = c->todo;
        c->todo = c->next;
        c->next = t;
        nt = nn;
    }
    return count;
}

/* A step's complexity: the potentials each target rests on, plus the
 * complexity of every distinct nested deduction among them. */
static int hint_cx(skl_chain *c, const int *targets, int nt)
{
    int cx = 0;
    c->nest_stamp++;
    c->nest_sum = 0;
    for (int i = 0; i < nt; i++)
        cx += ancestors(c, targets[i]);
    return cx + c->nest_sum;
}

/* SE's difficulty of a chain step: base plus 0.1 per step of the length
 * thresholds 4, 6, 8, 12, 16, 24... (as doubles, summed the same way, so
 * that comparisons come out as SE's do). */
static double difficulty(double base, int complexity)
{
    double added = 0.0;
    int ceil = 4, length = complexity - 2, odd = 0;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return base + added;
}

static int tenths(double x)
{
    return (int)((x + 0.05) * 10);
}

/* ---- the best step ----------------------------------------------------------- */

/* 1 when a step of this difficulty, complexity and kind beats the best
 * (a step rated above the caller's limit never does). */
static int better(const skl_chain *c, double diff, int cx, int key)
{
    if (c->limit && tenths(diff) > c->limit)
        return 0;
    if (!c->have)
        return 1;
    if (diff != c->best_diff)
        return diff < c->best_diff;
    if (cx != c->best_cx)
        return cx < c->best_cx;
    return key < c->best_key;
}

/* 1 when no step of this base rating resting on cx potentials or more
 * can be kept: it would rate above the best step so far or above the
 * caller's limit (never when collecting every step). */
static int out_of_reach(const skl_chain *c, double base, int cx)
{
    if (c->collect)
        return 0;
    double least = difficulty(base, cx);
    if (c->have && (least > c->best_diff || (least == c->best_diff && cx > c->best_cx)))
        return 1; /* (as easy, but on more potentials: not better either) */
    return c->limit && tenths(least) > c->limit;
}

/* Appends the chain that leads to node k (following main causes) as a
 * branch of the step, from the assumption to k. */
static void add_branch(skl_state *s, int k)
{
    skl_chain *c = s->chain;
    int len = 0, cap = s->maxnodes;
    sk_node *tmp = malloc((size_t)cap * sizeof *tmp);
    if (!tmp)
        return;
    for (int i = k; i >= 0 && len < cap;) {
        const cnode *n = &c->node[i];
        tmp[len].cell = PCELL(n->pot);
        tmp[len].digit = PDIG(n->pot) + 1;
        tmp[len].on = PON(n->pot);
        tmp[len].rule = 0;
        if (n->cause <= CAUSE_CON(0)) {
            const skx_con *con = &s->m->cons[CAUSE_CON(0) - n->cause];
            tmp[len].rule = con->rule >= 0 && con->rule2 == -1 ? con->rule + 1 : -2 - (CAUSE_CON(0) - n->cause);
        }
        len++;
        i = n->npar ? c->par[n->par] : -1;
    }
    for (int i = 0; i < len / 2; i++) {
        sk_node t = tmp[i];
        tmp[i] = tmp[len - 1 - i];
        tmp[len - 1 - i] = t;
    }
    skl_add_nodes(s, tmp, len);
    free(tmp);
}

/* Starts a step whose conclusion is potential target: off removes it; on
 * removes the cell's other candidates and places the digit when place. */
static void conclude(skl_state *s, int tech, double diff, int cx, int key, int target, int place)
{
    skl_chain *c = s->chain;
    int cell = PCELL(target), d = PDIG(target);
    skl_step_reset(s, tech, tenths(diff));
    s->step.complexity = cx;
    s->step.subtype = c->dynamic && !c->nishio ? c->level : 0;
    if (PON(target)) {
        for (uint64_t v = c->grid[cell] & ~SKL_BIT(d); v; v &= v - 1)
            skl_add_elim(s, cell, lowest(v));
        if (place) {
            s->step.cell = cell;
            s->step.digit = d + 1;
        }
    } else {
        skl_add_elim(s, cell, d);
    }
    s->step.digits = SKL_BIT(d);
    c->have = 1;
    c->best_diff = diff;
    c->best_cx = cx;
    c->best_key = key;
}

/* ---- nested producers: every step, as SE's nested rules see it ---------- */

/* Appends ints to the record pool; 0 when out of memory. */
static int rpush(skl_chain *c, int v)
{
    if (!grow((void **)&c->rpool, &c->caprpool, c->nrpool + 1, sizeof *c->rpool))
        return 0;
    c->rpool[c->nrpool++] = v;
    return 1;
}

/* The order in which SE's hash map of cells (keyed by cell index, 16
 * buckets growing by doubling at three quarters full) lists the cells of
 * pots[0..n) (each an off potential), cell by cell, digits ascending
 * within a cell: by index modulo the table size, ties in insertion order.
 * Writes the reordered potentials to out. */
static void hash_order(const skl_state *s, const int *pots, int n, int *out)
{
    int ncells = 0, cap = 16, w = 0;
    int *cells = malloc((size_t)(n + 1) * 2 * sizeof *cells), *digs;
    if (!cells) {
        memcpy(out, pots, (size_t)n * sizeof *out);
        return;
    }
    digs = cells + n + 1;
    for (int i = 0; i < n; i++) {
        int cell = pots[i] / 2 / s->n, j;
        for (j = 0; j < ncells && cells[j] != cell; j++)
            ;
        if (j == ncells)
            cells[ncells++] = cell;
    }
    while (ncells > cap * 3 / 4)
        cap *= 2;
    for (int b = 0; b < cap; b++)
        for (int j = 0; j < ncells; j++) {
            if ((cells[j] & (cap - 1)) != b)
                continue;
            int nd = 0;
            for (int i = 0; i < n; i++)
                if (pots[i] / 2 / s->n == cells[j])
                    digs[nd++] = pots[i];
            for (int a = 1; a < nd; a++)
                for (int k = a; k > 0 && digs[k - 1] > digs[k]; k--) {
                    int t = digs[k];
                    digs[k] = digs[k - 1];
                    digs[k - 1] = t;
                }
            for (int i = 0; i < nd; i++)
                out[w++] = digs[i];
        }
    free(cells);
}

/* Candidates removed between the grid a nested producer's caller started
 * from (initial) and its working grid (current) that an on potential of
 * the given cause needed: for the cell rule, the cell's removed digits;
 * for a house, the digit's removed places in it; for a variant rule's
 * constraint (on or off), every removed candidate of its cells.  Appended
 * to the pool once each (stamp st over potentials; removed_of, one cell's
 * removed digits among those given). */
static int removed_of(skl_state *s, const uint64_t *initial, const uint64_t *current, int cell,
                      uint64_t digits, unsigned st)
{
    skl_chain *c = s->chain;
    for (uint64_t v = initial[cell] & ~current[cell] & digits; v; v &= v - 1) {
        int pot = POT(cell, lowest(v), 0);
        if (c->cnt_stamp[pot] != st) {
            c->cnt_stamp[pot] = st;
            if (!rpush(c, pot))
                return 0;
        }
    }
    return 1;
}

static int rule_parents_of(skl_state *s, const uint64_t *initial, const uint64_t *current,
                           int cell, int d, int cause, unsigned st)
{
    const sk_model *m = s->m;
    if (cause == CAUSE_CELL)
        return removed_of(s, initial, current, cell, ~0ull, st);
    if (cause <= CAUSE_CON(0)) { /* a variant rule's constraint: all its cells */
        const skx_con *k = &m->cons[CAUSE_CON(0) - cause];
        const uint16_t *cells = m->con_cells + k->cell_off;
        for (uint32_t j = 0; j < k->ncells; j++)
            if (!removed_of(s, initial, current, cells[j], ~0ull, st))
                return 0;
        return 1;
    }
    for (uint32_t j = m->house_off[cause]; j < m->house_off[cause + 1]; j++)
        if (!removed_of(s, initial, current, m->house_cells[j], SKL_BIT(d), st))
            return 0;
    return 1;
}

/* Keeps a step found while collecting: its rating, complexity and kind,
 * what it removes, and the candidates removed by the caller's propagation
 * that its chains rest on (its "rule parents"; the assumption counts with
 * init_cause).  cycle: the targets are a cycle's, whose reversed chain
 * makes every link count as on. */
static void record(skl_state *s, double diff, int cx, int key, const int *targets, int nt,
                   int init_cause, int cycle, const int *rem, int nrem)
{
    skl_chain *c = s->chain;
    nrec *r;
    unsigned st;
    if (!grow((void **)&c->rec, &c->caprec, c->nrec + 1, sizeof *c->rec) ||
        !grow((void **)&c->rpool, &c->caprpool, c->nrpool + nrem + 1, sizeof *c->rpool)) {
        c->oom = 1;
        return;
    }
    r = &c->rec[c->nrec];
    r->diff = diff;
    r->cx = cx;
    r->key = key;
    r->rem = c->nrpool;
    r->nrem = nrem;
    hash_order(s, rem, nrem, c->rpool + c->nrpool);
    c->nrpool += nrem;
    r->par = c->nrpool;
    st = ++c->cstamp;
    for (int t = 0; t < nt; t++) {
        int nq = 1;
        unsigned seen = ++c->seen_stamp;
        c->todo[0] = targets[t];
        c->seen[c->node[targets[t]].pot] = seen;
        while (nq) {
            int nn = 0;
            for (int i = 0; i < nq; i++) {
                const cnode *n = &c->node[c->todo[i]];
                int cause = n->cause;
                if (cause == CAUSE_NONE && !n->npar && n->nest < 0)
                    cause = init_cause;
                if ((PON(n->pot) || cycle || cause <= CAUSE_CON(0)) && cause != CAUSE_NONE &&
                    !rule_parents_of(s, c->outer_src, c->grid, PCELL(n->pot), PDIG(n->pot), cause,
                                     st)) {
                    c->oom = 1;
                    return;
                }
                for (int j = 0; j < n->npar; j++) {
                    int q = c->par[n->par + j];
                    if (c->seen[c->node[q].pot] == seen)
                        continue;
                    c->seen[c->node[q].pot] = seen;
                    c->next[nn++] = q;
                }
            }
            int *tmp = c->todo;
            c->todo = c->next;
            c->next = tmp;
            nq = nn;
        }
    }
    r->npar = c->nrpool - r->par;
    c->nrec++;
}

/* Potentials a conclusion on potential target removes (its cell's other
 * candidates when it is on), into c->tmp; their count. */
static int removed_by(skl_state *s, int target)
{
    skl_chain *c = s->chain;
    int cell = PCELL(target), d = PDIG(target), n = 0;
    if (!PON(target)) {
        c->tmp[n++] = target ^ 0;
        return n;
    }
    for (uint64_t v = c->grid[cell] & ~SKL_BIT(d); v; v &= v - 1)
        c->tmp[n++] = POT(cell, lowest(v), 0);
    return n;
}

/* ---- unary chaining: cycles and forcing chains -------------------------- */

/* 1 when potential pot is among the main-cause ancestors of node k
 * (excluding k itself). */
static int is_parent(const skl_chain *c, int k, int pot)
{
    const cnode *n = &c->node[k];
    while (n->npar) {
        n = &c->node[c->par[n->par]];
        if (n->pot == pot)
            return 1;
    }
    return 0;
}

static void cycle_step(skl_state *s, int dst, int y, int x)
{
    skl_chain *c = s->chain;
    int cx = hint_cx(c, &dst, 1);
    int tech = x && y ? SK_TECH_CYCLE : y ? SK_TECH_Y_CYCLE : SK_TECH_X_CYCLE;
    double diff = difficulty(x && y ? 7.0 : 6.5, cx);
    int key = x && y ? 4 : y ? 3 : 2;
    if (!c->collect && !better(c, diff, cx, key))
        return;
    /* cells of the loop; a candidate goes when it sees an on link and an
       off link of its digit */
    c->mark_stamp++;
    for (int k = dst; c->node[k].npar; k = c->par[c->node[k].par])
        c->mark[PCELL(c->node[k].pot)] = c->mark_stamp;
    uint64_t *fw = c->fw, *both = c->both;
    int nel = 0;
    memset(fw, 0, (size_t)s->nc * sizeof *fw);
    memset(both, 0, (size_t)s->nc * sizeof *both);
    /* forward (on) marks in src, backward (off) checked against it */
    for (int k = dst; c->node[k].npar; k = c->par[c->node[k].par]) {
        int p = c->node[k].pot, pc = PCELL(p), d = PDIG(p);
        if (!PON(p))
            continue;
        for (int i = c->peers_off[pc]; i < c->peers_off[pc + 1]; i++) {
            int o = c->peers[i];
            if (c->mark[o] != c->mark_stamp && (c->grid[o] & SKL_BIT(d)))
                fw[o] |= SKL_BIT(d);
        }
    }
    for (int k = dst; c->node[k].npar; k = c->par[c->node[k].par]) {
        int p = c->node[k].pot, pc = PCELL(p), d = PDIG(p);
        if (PON(p))
            continue;
        for (int i = c->peers_off[pc]; i < c->peers_off[pc + 1]; i++) {
            int o = c->peers[i];
            if (c->mark[o] != c->mark_stamp && (fw[o] & SKL_BIT(d)))
                both[o] |= SKL_BIT(d);
        }
    }
    uint64_t any = 0; /* (most cycles remove nothing: no count for them) */
    for (int o = 0; o < s->nc; o++)
        any |= both[o];
    if (!any)
        return;
    if (c->collect) {
        for (int o = 0; o < s->nc; o++)
            nel += popcount64(both[o]);
        int n = 0, *rem = malloc((size_t)(nel + 1) * sizeof *rem);
        if (!rem) {
            c->oom = 1;
            return;
        }
        for (int o = 0; o < s->nc; o++)
            for (uint64_t v = both[o]; v; v &= v - 1)
                rem[n++] = POT(o, lowest(v), 0);
        record(s, diff, cx, key, &dst, 1, CAUSE_NONE, 1, rem, n);
        free(rem);
        return;
    }
    skl_step_reset(s, tech, tenths(diff));
    s->step.complexity = cx;
    for (int o = 0; o < s->nc; o++)
        for (uint64_t v = both[o]; v; v &= v - 1)
            skl_add_elim(s, o, lowest(v));
    s->step.digits = SKL_BIT(PDIG(c->node[dst].pot));
    for (int k = dst; c->node[k].npar; k = c->par[c->node[k].par])
        s->cells[s->step.ncells++] = PCELL(c->node[k].pot);
    add_branch(s, dst);
    c->have = 1;
    c->best_diff = diff;
    c->best_cx = cx;
    c->best_key = key;
}

static void forcing_step(skl_state *s, int target, int y, int x)
{
    skl_chain *c = s->chain;
    int cx = hint_cx(c, &target, 1);
    double diff = difficulty(x && y ? 7.0 : 6.6, cx);
    int key = x && y ? 4 : y ? 3 : 2;
    int p = c->node[target].pot;
    if (PON(p) && !(c->grid[PCELL(p)] & ~SKL_BIT(PDIG(p))))
        return; /* nothing to remove */
    if (c->collect) {
        int n = removed_by(s, p);
        record(s, diff, cx, key, &target, 1, CAUSE_NONE, 0, c->tmp, n);
        return;
    }
    if (!better(c, diff, cx, key))
        return;
    conclude(s, x && y ? SK_TECH_FORCING_CHAIN : SK_TECH_FORCING_X_CHAIN, diff, cx, key, p, 1);
    add_branch(s, target);
}

/* From potential start, alternating layers of on->off and off->on links;
 * a link back to start after four or more makes a cycle.  Each cycle found
 * is offered as a step. */
/* Room for the off-link ancestor sets of n on nodes (do_cycles). */
static int anc_room(skl_chain *c, int n, int w)
{
    return grow((void **)&c->anc, &c->capanc, n * w, sizeof *c->anc) &&
           grow((void **)&c->offpar, &c->capoffpar, n * 32 + 64, sizeof *c->offpar);
}

static int do_cycles(skl_state *s, int start, int y, int x)
{
    skl_chain *c = s->chain;
    run r;
    int hon = 0, ton = 0, hoff = 0, toff = 0, length = 0;
    int *cycles = c->tmp, ncycles = 0;
    /* SE drops an off link already among the node's ancestors: with few
       candidates each on node keeps the set of its ancestors' off links
       (the queue position of an off node's parent says whose), else the
       ancestors are walked */
    int w = (s->nc * s->n + 63) / 64, sets = w <= 32;
    run_begin(c, &r, 0);
    int k0 = new_node(c, start, NULL, 0, CAUSE_NONE);
    if (k0 < 0 || !run_add(c, &r, k0) || !queue_room(c, 16) || (sets && !anc_room(c, 1, w)))
        return SK_ENOMEM;
    if (sets)
        memset(c->anc, 0, (size_t)w * sizeof *c->anc);
    c->qon[ton++] = k0;
    /* a cycle closed at length L rests on L potentials (one node for each
       potential of the run), so once that length rates above the best
       step so far, or above the caller's limit, no later cycle is kept */
    const double base = x && y ? 7.0 : 6.5;
    while (hon < ton || hoff < toff) {
        length++;
        if (out_of_reach(c, base, length + 1))
            break;
        while (hon < ton) {
            int at = hon, p = c->qon[hon++];
            const uint64_t *anc = sets ? c->anc + (size_t)at * w : NULL;
            if (!links(s, c->node[p].pot, y, x) || !queue_room(c, toff + c->nout) ||
                (sets && !grow((void **)&c->offpar, &c->capoffpar, toff + c->nout, sizeof *c->offpar)))
                return SK_ENOMEM;
            for (int i = 0; i < c->nout; i++) {
                int cand = c->lo[i] / 2;
                if (c->lc[i] <= CAUSE_CON(0))
                    continue; /* cycles are of cells and houses */
                if (sets ? (int)((anc[cand >> 6] >> (cand & 63)) & 1) : is_parent(c, p, c->lo[i]))
                    continue;
                int k = new_node(c, c->lo[i], &p, 1, c->lc[i]);
                if (k < 0)
                    return SK_ENOMEM;
                if (sets)
                    c->offpar[toff] = at;
                c->qoff[toff++] = k;
            }
        }
        length++;
        while (hoff < toff) {
            int at = hoff, p = c->qoff[hoff++];
            if (!links(s, c->node[p].pot, y, x) || !queue_room(c, ton + c->nout) ||
                (sets && !anc_room(c, ton + c->nout, w)))
                return SK_ENOMEM;
            for (int i = 0; i < c->nout; i++) {
                int pot = c->lo[i];
                int k = -1;
                if (c->lc[i] <= CAUSE_CON(0))
                    continue;
                if (length >= 4 && pot == start) {
                    k = new_node(c, pot, &p, 1, c->lc[i]);
                    if (k < 0)
                        return SK_ENOMEM;
                    if (ncycles < c->np)
                        cycles[ncycles++] = k;
                }
                if (run_find(&r, pot) < 0) {
                    if (k < 0 && (k = new_node(c, pot, &p, 1, c->lc[i])) < 0)
                        return SK_ENOMEM;
                    if (!run_add(c, &r, k))
                        return SK_ENOMEM;
                    if (sets) {
                        uint64_t *dst = c->anc + (size_t)ton * w;
                        int cand = c->node[p].pot / 2;
                        memcpy(dst, c->anc + (size_t)c->offpar[at] * w, (size_t)w * sizeof *dst);
                        dst[cand >> 6] |= 1ull << (cand & 63);
                    }
                    c->qon[ton++] = k;
                }
            }
        }
    }
    for (int i = 0; i < ncycles; i++)
        cycle_step(s, cycles[i], y, x);
    return SK_OK;
}

/* Adds the links c->lo[0..nout) from node p to run r, each potential
 * once, queueing the new nodes in q (tail *t); the first link to potential
 * neg is kept in *found. */
static int forcing_links(skl_chain *c, run *r, int p, int neg, int *found, int *q, int *t)
{
    for (int i = 0; i < c->nout; i++) {
        int pot = c->lo[i];
        if (pot == neg && *found < 0 && (*found = new_node(c, pot, &p, 1, c->lc[i])) < 0)
            return SK_ENOMEM;
        if (run_find(r, pot) < 0) {
            int k = new_node(c, pot, &p, 1, c->lc[i]);
            if (k < 0 || !run_add(c, r, k))
                return SK_ENOMEM;
            q[(*t)++] = k;
        }
    }
    return SK_OK;
}

/* From start (on or off), breadth first; when start's negation is
 * implied, *target is its node (a forcing chain), else -1.  base: the
 * chain's rating before its length. */
static int do_forcing(skl_state *s, int start, int y, double base, int *target)
{
    skl_chain *c = s->chain;
    run r;
    int hon = 0, ton = 0, hoff = 0, toff = 0, found = -1, depth = 0;
    int neg = start ^ 1;
    run_begin(c, &r, 0);
    int k0 = new_node(c, start, NULL, 0, CAUSE_NONE);
    if (k0 < 0 || !run_add(c, &r, k0) || !queue_room(c, 16))
        return SK_ENOMEM;
    if (PON(start))
        c->qon[ton++] = k0;
    else
        c->qoff[toff++] = k0;
    /* once the negation is reached the rest of the search adds nothing:
       the chain is its node's ancestors, all made before it.  The nodes
       of one queue are of one depth; expanding depth t makes nodes of
       depth t + 1, whose chains rest on t + 2 potentials (a static link
       has one parent), so once that many rate too high the search ends */
    for (int from_on = 1; (hon < ton || hoff < toff) && found < 0; from_on = !from_on) {
        int *head = from_on ? &hon : &hoff, tail = from_on ? ton : toff;
        if (*head == tail)
            continue;
        if (out_of_reach(c, base, depth + 2))
            break;
        /* one layer: the queue's nodes, linked into the other queue */
        while (*head < tail) {
            int p = (from_on ? c->qon : c->qoff)[(*head)++], *to_tail = from_on ? &toff : &ton;
            if (!links(s, c->node[p].pot, y, 1) || !queue_room(c, *to_tail + c->nout) ||
                forcing_links(c, &r, p, neg, &found, from_on ? c->qoff : c->qon, to_tail) != SK_OK)
                return SK_ENOMEM;
        }
        depth++;
    }
    *target = found;
    return SK_OK;
}

static int unary(skl_state *s)
{
    skl_chain *c = s->chain;
    static const int passes[3][2] = {{0, 1}, {1, 0}, {1, 1}}; /* y, x */
    if (out_of_reach(c, 6.5, 0))
        return SK_OK; /* the cheapest chain rates above the caller's limit */
    /* which potentials reach their negation, over cells and houses */
    if (!reach_build(s))
        return SK_ENOMEM;
    for (int pass = 0; pass < 3; pass++) {
        int y = passes[pass][0], x = passes[pass][1];
        /* the table knows the links of cells and houses: with the rules'
           too (X and Y together) every forcing chain is searched */
        int prune = c->reach_ok && !(x && y && c->rule_links);
        if (prune && !c->nfailed)
            continue; /* no potential reaches its negation */
        /* the pass's cheapest chain (cycles 6.5, forcing chains 6.6, both
           7.0 with X and Y links) rated above the best step: not run */
        if (out_of_reach(c, x && y ? 7.0 : 6.5, 0))
            continue;
        links_forget(c);
        for (int cell = 0; cell < s->nc; cell++) {
            uint64_t cm = c->grid[cell];
            if (!skl_many(cm) || (!x && !skl_two(cm)))
                continue;
            if (skl_expired(s))
                return SK_ETIME;
            for (uint64_t v = c->grid[cell]; v; v &= v - 1) {
                int d = lowest(v), st;
                /* the forcing chains' targets are kept apart from the
                   cycles' nodes by doing the cycles first, as SE does */
                int on1 = POT(cell, d, 1);
                if (!c->reach_ok || (c->nfailed && c->cyclic[on1 >> 1])) { /* else no cycle */
                    pool_reset(c);
                    st = do_cycles(s, on1, y, x);
                    if (st != SK_OK)
                        return st;
                }
                if (!x)
                    continue;
                for (int on = 1; on >= 0; on--) {
                    int target;
                    if (prune && !c->failed[on1 - 1 + on])
                        continue; /* its negation is out of reach */
                    pool_reset(c);
                    st = do_forcing(s, POT(cell, d, on), y, x && y ? 7.0 : 6.6, &target);
                    if (st != SK_OK)
                        return st;
                    if (target >= 0)
                        forcing_step(s, target, y, x);
                }
            }
        }
    }
    return SK_OK;
}

/* ---- dynamic and multiple chaining ---------------------------------------- */

/* ---- nested levels: deductions inside the propagation ------------------------ */

static int producer(skl_state *s, int kind, int level, int nestlimit, const uint64_t *grid,
                    const uint64_t *outer_src);

/* Appends an advanced potential to c->adv: pot, nest, count, parents. */
static int adv_push(skl_chain *c, int pot, int nest, const int *par, int npar)
{
    if (!grow((void **)&c->adv, &c->capadv, c->nadv + npar + 3, sizeof *c->adv))
        return 0;
    c->adv[c->nadv++] = pot;
    c->adv[c->nadv++] = nest;
    c->adv[c->nadv++] = npar;
    memcpy(c->adv + c->nadv, par, (size_t)npar * sizeof *par);
    c->nadv += npar;
    return 1;
}

/* A nested deduction of complexity cx: its entry in c->nest_cx. */
static int new_nest(skl_chain *c, int cx)
{
    int cap = c->capnest;
    if (!grow((void **)&c->nest_cx, &c->capnest, c->nnest + 1, sizeof *c->nest_cx))
        return -1;
    if (c->capnest != cap) {
        unsigned *ns = realloc(c->nest_seen, (size_t)c->capnest * sizeof *ns);
        if (!ns)
            return -1;
        memset(ns + cap, 0, (size_t)(c->capnest - cap) * sizeof *ns);
        c->nest_seen = ns;
    }
    c->nest_cx[c->nnest] = cx;
    return c->nnest++;
}

typedef struct basic_ctx {
    skl_state *s;
    skl_chain *c;
    int *par, *rem, *ord;
    int fail;
} basic_ctx;

static int in_model_house(const sk_model *m, int h, int cell)
{
    for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++)
        if (m->house_cells[j] == cell)
            return 1;
    return 0;
}

/* A step of a basic rule found on the working grid: the candidates the
 * propagation removed that it needs (its "rule parents", as SE's rules
 * state them) become the parents of the candidates it removes. */
static void basic_found(void *ctx, const sk_step *st)
{
    basic_ctx *b = ctx;
    skl_state *s = b->s;
    skl_chain *c = b->c;
    const sk_model *m = s->m;
    const uint64_t *ini = c->src, *cur = c->g;
    int np = 0, d = lowest(st->digits);
    if (b->fail)
        return;
    switch (st->technique) {
    case SK_TECH_POINTING:
    case SK_TECH_CLAIMING:
    case SK_TECH_X_WING: {
        /* locked candidates: the first house; fish: the bases; the
           candidates removed there outside the other houses */
        int half = st->technique == SK_TECH_X_WING ? st->nhouses / 2 : 1;
        for (int i = 0; i < half; i++) {
            int h = st->houses[i];
            for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++) {
                int o = m->house_cells[j], cover = 0;
                if (!(ini[o] & SKL_BIT(d)) || (cur[o] & SKL_BIT(d)))
                    continue;
                for (int k = half; k < st->nhouses && !cover; k++)
                    cover = in_model_house(m, st->houses[k], o);
                if (!cover)
                    b->par[np++] = POT(o, d, 0);
            }
        }
        break;
    }
    case SK_TECH_HIDDEN_PAIR: {
        /* the set's digits removed from the house's other cells */
        int h = st->houses[0];
        for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++) {
            int o = m->house_cells[j];
            if (cur[o] & st->digits)
                continue;
            for (uint64_t v = ini[o] & st->digits; v; v &= v - 1)
                b->par[np++] = POT(o, lowest(v), 0);
        }
        break;
    }
    default:
        /* naked pair: the other digits removed from its cells */
        for (int i = 0; i < st->ncells; i++)
            for (uint64_t v = ini[st->cells[i]] & ~st->digits; v; v &= v - 1)
                b->par[np++] = POT(st->cells[i], lowest(v), 0);
        break;
    }
    if (!np)
        return;
    for (int i = 0; i < st->nelim; i++)
        b->rem[i] = POT(st->elim[i].cell, st->elim[i].digit - 1, 0);
    hash_order(s, b->rem, st->nelim, b->ord);
    for (int i = 0; i < st->nelim; i++)
        if (!adv_push(c, b->ord[i], -1, b->par, np))
            b->fail = 1;
}

/* 1 when records x and y of child ch remove the same candidates. */
static int same_removal(const skl_chain *ch, const nrec *x, const nrec *y, int *bx, int *by)
{
    if (x->nrem != y->nrem)
        return 0;
    memcpy(bx, ch->rpool + x->rem, (size_t)x->nrem * sizeof *bx);
    memcpy(by, ch->rpool + y->rem, (size_t)y->nrem * sizeof *by);
    qsort(bx, (size_t)x->nrem, sizeof *bx, cmp_int);
    qsort(by, (size_t)y->nrem, sizeof *by, cmp_int);
    return !memcmp(bx, by, (size_t)x->nrem * sizeof *bx);
}

/* Runs a chaining producer (kind, level) nested in c's propagation, on its
 * working grid, collecting every step; the steps, easiest first and each
 * removal once, give advanced potentials. */
static int nested(skl_state *s, int kind, int level)
{
    skl_chain *c = s->chain, *ch;
    int st;
    if (!c->child && !(c->child = calloc(1, sizeof *c->child)))
        return SK_ENOMEM;
    ch = c->child;
    s->chain = ch;
    st = setup(s);
    if (st == SK_OK)
        st = producer(s, kind, level, 0, c->g, c->src);
    s->chain = c;
    if (st < 0)
        return st;
    if (!ch->nrec)
        return SK_OK;
    int n = ch->nrec, *idx = malloc((size_t)n * sizeof *idx), *keep = malloc((size_t)n * sizeof *keep);
    int *bx = malloc((size_t)(s->nc * s->n + 1) * sizeof *bx), *by = malloc((size_t)(s->nc * s->n + 1) * sizeof *by);
    int nk = 0;
    if (!idx || !keep || !bx || !by) {
        free(idx);
        free(keep);
        free(bx);
        free(by);
        return SK_ENOMEM;
    }
    /* stable insertion sort by rating, complexity, kind */
    for (int i = 0; i < n; i++) {
        int j = i;
        const nrec *r = &ch->rec[i];
        while (j > 0) {
            const nrec *q = &ch->rec[idx[j - 1]];
            if (q->diff < r->diff || (q->diff == r->diff && (q->cx < r->cx || (q->cx == r->cx && q->key <= r->key))))
                break;
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = i;
    }
    for (int i = 0; i < n && st == SK_OK; i++) {
        const nrec *r = &ch->rec[idx[i]];
        int dup = 0;
        for (int j = 0; j < nk && !dup; j++)
            dup = same_removal(ch, &ch->rec[keep[j]], r, bx, by);
        if (dup)
            continue;
        keep[nk++] = idx[i];
        if (!r->npar)
            continue;
        int nest = new_nest(c, r->cx);
        if (nest < 0) {
            st = SK_ENOMEM;
            break;
        }
        for (int k = 0; k < r->nrem; k++)
            if (!adv_push(c, ch->rpool[r->rem + k], nest, ch->rpool + r->par, r->npar)) {
                st = SK_ENOMEM;
                break;
            }
    }
    free(idx);
    free(keep);
    free(bx);
    free(by);
    return st;
}

/* When c's propagation stalls at level > 0: the candidates that SE's
 * nested rules remove from the working grid, into c->adv (the first rule,
 * in SE's order, that gives any).  Level 1: locked candidates, hidden and
 * naked pairs, X-wings; level 2 adds cycles and forcing chains, level 3
 * also cell and region forcing chains; level 4 has dynamic chains of the
 * nesting limit instead of those two. */
/* skl_rule_all stops after the first rule that found a step (or ran
 * out of memory). */
static int basic_done(void *ctx)
{
    const basic_ctx *b = ctx;
    return b->fail || b->c->nadv;
}

static int advanced(skl_state *s)
{
    skl_chain *c = s->chain;
    size_t sz = (size_t)(s->nc * s->n + 1) * sizeof(int);
    basic_ctx b;
    int st = SK_OK;
    if (skl_expired(s))
        return SK_ETIME;
    c->nadv = 0;
    b.s = s;
    b.c = c;
    b.fail = 0;
    b.par = malloc(sz);
    b.rem = malloc(sz);
    b.ord = malloc(sz);
    if (!b.par || !b.rem || !b.ord)
        st = SK_ENOMEM;
    if (st == SK_OK) {
        st = skl_rule_all(s, c->g, c->hm, basic_found, basic_done, &b);
        if (b.fail)
            st = SK_ENOMEM;
    }
    free(b.par);
    free(b.rem);
    free(b.ord);
    if (st != SK_OK || c->nadv)
        return st;
    if (c->level < 4) {
        if (c->level >= 2 && (st = nested(s, 0, 0)) != SK_OK)
            return st;
        if (!c->nadv && c->level >= 3)
            st = nested(s, 2, 0);
        return st;
    }
    return nested(s, 3, c->nestlimit);
}

/* Filters constraint x on the working grid of run r; see rules_in_chain.
 * A digit it removes that the run has made "on" is a contradiction: then
 * *a_on and *a_off are its two nodes and the return is RULE_CONFLICT. */
#define RULE_CONFLICT (-1000)
static int rule_in_chain(skl_state *s, run *r, int *toff, int x, int *a_on, int *a_off)
{
    skl_chain *c = s->chain;
    const sk_model *m = s->m;
    const skx_con *k = &m->cons[x];
    const uint16_t *cells = m->con_cells + k->cell_off;
    int open = 0, np = -1, added = 0;
    for (uint32_t j = 0; j < k->ncells; j++) {
        int cell = cells[j];
        s->rdom[j] = s->val[cell] ? SKL_BIT(s->val[cell] - 1) : c->g[cell];
        open |= !s->val[cell];
    }
    if (!open)
        return 0;
    int holds = skl_filter(s, k);
    for (uint32_t j = 0; j < k->ncells; j++) {
        int cell = cells[j];
        uint64_t gone = s->val[cell] ? 0 : holds ? c->g[cell] & ~s->rdom[j] : c->g[cell];
        for (; gone; gone &= gone - 1) {
            int pot = POT(cell, lowest(gone), 0);
            if (run_find(r, pot) >= 0)
                continue;
            int conj = run_find(r, pot ^ 1);
            if (np < 0) {
                np = 0;
                for (uint32_t i = 0; i < k->ncells; i++) {
                    int o = cells[i];
                    for (uint64_t v = s->val[o] ? 0 : c->src[o] & ~c->g[o]; v; v &= v - 1) {
                        int p = run_find(r, POT(o, lowest(v), 0));
                        if (p >= 0)
                            c->tmp[np++] = p;
                    }
                }
            }
            int n = new_node(c, pot, c->tmp, np, CAUSE_CON(x));
            if (n < 0)
                return SK_ENOMEM;
            if (conj >= 0) {
                *a_on = conj;
                *a_off = n;
                return RULE_CONFLICT;
            }
            if (!run_add(c, r, n) || !queue_room(c, *toff + 1))
                return SK_ENOMEM;
            c->qoff[(*toff)++] = n;
            added++;
        }
        if (!holds && np >= 0)
            break;
    }
    return added;
}

/*
 * Variant rules in a dynamic chain (not Nishio's), when its propagation
 * stalls: the filter of each constraint on a cell the run changed since
 * the rules last ran, on the working grid.  The others hold at their
 * fixpoint: a run starts from the position, where no rule step is left
 * when chains are tried, or (nested) from its outer run's working grid,
 * which nests only once its own rules add nothing (filtering every
 * constraint at a nested run's first stall found nothing more on the
 * published puzzles, but for a constraint on a cell the run had emptied,
 * and took 16% more time on LITTLE_KILLER_SNIPES#6).  A digit it
 * takes out of a cell becomes "off", resting on every candidate of the
 * constraint's cells that the run has made off (those the grid had before
 * the run and no longer has: each is a node of the run).  A constraint
 * that can no longer hold takes every candidate out of its first open
 * cell that has any, so that the run meets its contradiction there.  The
 * cheap constraints (pairs, digit sets) run first; the slow ones (sums
 * and lines, whose filters walk tables of totals) wait until the cheap
 * ones and the propagation they feed add nothing more: on the little
 * killers of tests/variants their filters were half the time.  The new
 * nodes join the queue of offs (tail *toff); returns how many,
 * RULE_CONFLICT when a removal meets an "on" node of the run (*a_on,
 * *a_off), or SK_ENOMEM.  Each new node's cause names its constraint, so
 * that a nested run also names the outer run's removals in its cells.
 */
static int rules_in_chain(skl_state *s, run *r, int *toff, int *a_on, int *a_off)
{
    skl_chain *c = s->chain;
    const sk_model *m = s->m;
    const int nk = m->ncons;
    int added = 0;
#define QUEUE(x)                                                                              \
    do {                                                                                      \
        if (c->con_stamp[x] != c->rq_gen) {                                                   \
            c->con_stamp[x] = c->rq_gen;                                                      \
            if ((1u << m->cons[x].type) & (1u << SKX_PAIR | 1u << SKX_COMBO | 1u << SKX_QUAD)) \
                c->con_list[c->rq_cheap++] = (int)(x);                                        \
            else                                                                              \
                c->con_list[nk - 1 - c->rq_slow++] = (int)(x);                                \
        }                                                                                     \
    } while (0)
    for (int i = 0; i < c->rc_n; i++)
        for (uint32_t e = m->cell_con_off[c->rc_list[i]]; e < m->cell_con_off[c->rc_list[i] + 1]; e++)
            QUEUE(m->cell_cons[e]);
#undef QUEUE
    c->rc_n = 0;
    c->rc_gen++; /* what changes from here on is listed again */
    for (int slow = 0; slow < 2 && !added; slow++)
        while (slow ? c->rq_slow : c->rq_cheap) {
            int x = slow ? c->con_list[nk - c->rq_slow--] : c->con_list[--c->rq_cheap];
            c->con_stamp[x] = 0; /* (rq_gen is never 0) */
            int st = rule_in_chain(s, r, toff, x, a_on, a_off);
            if (st < 0)
                return st;
            added += st;
        }
    return added;
}

/* Room for rules_in_chain's lists: 0 when out of memory. */
static int rules_room(skl_state *s)
{
    skl_chain *c = s->chain;
    if (c->rc_stamp)
        return 1;
    c->rc_list = malloc((size_t)s->nc * sizeof *c->rc_list);
    c->con_list = malloc((size_t)s->m->ncons * sizeof *c->con_list);
    c->con_stamp = calloc((size_t)s->m->ncons, sizeof *c->con_stamp);
    c->rc_stamp = calloc((size_t)s->nc, sizeof *c->rc_stamp);
    if (c->rc_list && c->con_list && c->con_stamp && c->rc_stamp)
        return 1;
    free(c->rc_list);
    free(c->con_list);
    free(c->con_stamp);
    free(c->rc_stamp);
    c->rc_list = c->con_list = NULL;
    c->con_stamp = c->rc_stamp = NULL;
    return 0;
}

/* Completes run r from its first node (SE's doChaining): on potentials
 * are processed before off ones; in dynamic mode each processed off is
 * removed from the working grid.  Returns 0, 1 with the two nodes of a
 * potential both on and off in *a_on, *a_off, or a negative status. */
static int do_chaining(skl_state *s, run *r, int *a_on, int *a_off)
{
    skl_chain *c = s->chain;
    int hon = 0, ton = 0, hoff = 0, toff = 0, y = !c->nishio;
    const int rules = c->dynamic && !c->nishio && s->rdom;
    if (rules) {
        if (!rules_room(s))
            return SK_ENOMEM;
        if (++c->rc_gen > 0xf0000000u) { /* (far from wrapping) */
            memset(c->rc_stamp, 0, (size_t)s->nc * sizeof *c->rc_stamp);
            c->rc_gen = 1;
        }
        c->rc_n = 0;
        if (++c->rq_gen == 0) /* (wrapped: no stamp may equal it) */
            c->rq_gen = 1;
        if (c->rq_gen == 1)
            memset(c->con_stamp, 0, (size_t)s->m->ncons * sizeof *c->con_stamp);
        c->rq_cheap = c->rq_slow = 0;
    }
    g_reset(s);
    memcpy(c->src, c->grid, (size_t)s->nc * sizeof *c->src);
    if (!queue_room(c, r->count + 16))
        return SK_ENOMEM;
    for (int i = 0; i < r->count; i++) {
        int k = c->rlist[r->off + i];
        if (PON(c->node[k].pot))
            c->qon[ton++] = k;
        else
            c->qoff[toff++] = k;
    }
    for (;;) {
        if (hon < ton) {
            int p = c->qon[hon++];
            if (c->dynamic) {
                on_to_off(s, c->node[p].pot, y);
                c->lo = c->out;
                c->lc = c->outcause;
            } else if (!links(s, c->node[p].pot, y, 1)) {
                return SK_ENOMEM;
            }
            if (!queue_room(c, toff + c->nout))
                return SK_ENOMEM;
            for (int i = 0; i < c->nout; i++) {
                int pot = c->lo[i], conj = run_find(r, pot ^ 1);
                if (conj >= 0) {
                    int k = new_node(c, pot, &p, 1, c->lc[i]);
                    if (k < 0)
                        return SK_ENOMEM;
                    *a_on = conj;
                    *a_off = k;
                    return 1;
                }
                if (run_find(r, pot) < 0) {
                    int k = new_node(c, pot, &p, 1, c->lc[i]);
                    if (k < 0 || !run_add(c, r, k))
                        return SK_ENOMEM;
                    c->qoff[toff++] = k;
                }
            }
            continue;
        }
        if (hoff < toff) {
            int p = c->qoff[hoff++], pot0 = c->node[p].pot, at = 0;
            if (c->dynamic) {
                off_to_on(s, pot0, y, 1, r);
                g_remove(s, PCELL(pot0), PDIG(pot0));
                c->lo = c->out;
                c->lc = c->outcause;
            } else if (!links(s, pot0, y, 1)) {
                return SK_ENOMEM;
            }
            if (!queue_room(c, ton + c->nout))
                return SK_ENOMEM;
            for (int i = 0; i < c->nout; i++) {
                int pot = c->lo[i], nh = c->dynamic ? c->outpar[at] : 0, conj;
                c->tmp[0] = p;
                if (nh)
                    memcpy(c->tmp + 1, c->outpar + at + 1, (size_t)nh * sizeof *c->tmp);
                at += nh + 1;
                conj = run_find(r, pot ^ 1);
                if (conj >= 0) {
                    int k = new_node(c, pot, c->tmp, nh + 1, c->lc[i]);
                    if (k < 0)
                        return SK_ENOMEM;
                    *a_on = k;
                    *a_off = conj;
                    return 1;
                }
                if (run_find(r, pot) < 0) {
                    int k = new_node(c, pot, c->tmp, nh + 1, c->lc[i]);
                    if (k < 0 || !run_add(c, r, k))
                        return SK_ENOMEM;
                    c->qon[ton++] = k;
                }
            }
            continue;
        }
        if (rules) {
            int added = rules_in_chain(s, r, &toff, a_on, a_off);
            if (added == RULE_CONFLICT)
                return 1;
            if (added < 0)
                return added;
            if (added)
                continue;
        }
        if (c->level > 0) {
            int st = advanced(s), added = 0;
            if (st < 0)
                return st;
            for (int i = 0; i < c->nadv;) {
                int pot = c->adv[i], nest = c->adv[i + 1], np = c->adv[i + 2], npar = 0;
                const int *pp = c->adv + i + 3;
                i += 3 + np;
                if (run_find(r, pot) >= 0)
                    continue;
                for (int j = 0; j < np; j++) {
                    int k = run_find(r, pp[j]);
                    if (k >= 0)
                        c->tmp[npar++] = k;
                }
                int k = new_node(c, pot, c->tmp, npar, CAUSE_NONE);
                if (k < 0 || !run_add(c, r, k) || !queue_room(c, toff + 1))
                    return SK_ENOMEM;
                c->node[k].nest = nest;
                c->qoff[toff++] = k;
                added = 1;
            }
            if (added)
                continue;
        }
        break;
    }
    return 0;
}

/* Starts run r in slot with potential pot and completes it. */
static int chain_from(skl_state *s, run *r, int slot, int pot, int *a_on, int *a_off)
{
    skl_chain *c = s->chain;
    run_begin(c, r, slot);
    int k = new_node(c, pot, NULL, 0, CAUSE_NONE);
    if (k < 0 || !run_add(c, r, k))
        return SK_ENOMEM;
    return do_chaining(s, r, a_on, a_off);
}

static double base_rating(const skl_chain *c)
{
    if (c->level > 0)
        return 8.5 + 0.5 * c->level;
    if (c->nishio)
        return 7.5;
    if (c->dynamic)
        return 8.5;
    return 8.0;
}

/* A contradiction or double forcing step: nodes a (on side) and b; the
 * conclusion is potential target (placing when it is on). */
static void binary_step(skl_state *s, int a, int b, int target, int absurd)
{
    skl_chain *c = s->chain;
    int p = target;
    if (PON(p) && !(c->grid[PCELL(p)] & ~SKL_BIT(PDIG(p))))
        return;
    int ab[2] = {a, b};
    int cx = hint_cx(c, ab, 2);
    double diff = difficulty(base_rating(c), cx);
    int key = absurd ? 7 : 1;
    if (c->collect) {
        int n = removed_by(s, p);
        record(s, diff, cx, key, ab, 2, CAUSE_NONE, 0, c->tmp, n);
        return;
    }
    if (!better(c, diff, cx, key))
        return;
    int tech = c->nishio ? SK_TECH_NISHIO : absurd ? SK_TECH_CONTRADICTION_CHAIN : SK_TECH_DOUBLE_CHAIN;
    conclude(s, tech, diff, cx, key, p, 1);
    add_branch(s, a);
    add_branch(s, b);
}

/* A cell or region forcing step: target reached from every run of
 * runs[0..nr). */
static void multi_step(skl_state *s, const run *runs, int nr, int target, int region, int house)
{
    skl_chain *c = s->chain;
    int p = target, cx = 0;
    if (PON(p) && !(c->grid[PCELL(p)] & ~SKL_BIT(PDIG(p))))
        return;
    int targets[SK_MAX_N];
    for (int i = 0; i < nr; i++)
        targets[i] = run_find(&runs[i], p);
    cx = hint_cx(c, targets, nr);
    double diff = difficulty(base_rating(c), cx);
    int key = region ? 6 : 5;
    if (c->collect) {
        int n = removed_by(s, p);
        int *rem = malloc((size_t)(n + 1) * sizeof *rem);
        if (!rem) {
            c->oom = 1;
            return;
        }
        memcpy(rem, c->tmp, (size_t)n * sizeof *rem);
        record(s, diff, cx, key, targets, nr, region ? house : CAUSE_CELL, 0, rem, n);
        free(rem);
        return;
    }
    if (!better(c, diff, cx, key))
        return;
    int tech = c->dynamic ? (region ? SK_TECH_DYNAMIC_REGION_CHAINS : SK_TECH_DYNAMIC_CELL_CHAINS)
                          : (region ? SK_TECH_REGION_FORCING_CHAINS : SK_TECH_CELL_FORCING_CHAINS);
    /* SE's result is the first branch's target: p itself */
    conclude(s, tech, diff, cx, key, p, 1);
    if (region && s->step.nhouses < 8)
        s->step.houses[s->step.nhouses++] = house;
    for (int i = 0; i < nr; i++)
        add_branch(s, run_find(&runs[i], p));
}

/* Potentials in every run of runs[0..nr), in the order of runs[0]; on
 * ones (on = 1) or off ones.  Returns the count, into c->tmp. */
static int intersect(skl_state *s, const run *runs, int nr, int on)
{
    skl_chain *c = s->chain;
    int n = 0;
    unsigned st = ++c->cstamp;
    /* Most intersections are empty: the runs' sets of potentials say so
     * at once, and otherwise which potentials of runs[0] are in all. */
    int sets = 1;
    for (int j = 0; j < nr && sets; j++)
        sets = c->sbits_of[runs[j].slot] == runs[j].stamp;
    if (sets) {
        const uint64_t parity = on ? 0xAAAAAAAAAAAAAAAAull : 0x5555555555555555ull;
        uint64_t any = 0;
        for (int w = 0; w < c->bw; w++) {
            uint64_t x = parity;
            for (int j = 0; j < nr && x; j++)
                x &= runs[j].bits[w];
            c->ibits[w] = x;
            any |= x;
        }
        if (!any)
            return 0;
    }
    for (int i = 0; i < runs[0].count; i++) {
        int pot = c->node[c->rlist[runs[0].off + i]].pot;
        if (PON(pot) != on)
            continue;
        int all = 1;
        if (sets)
            all = (int)(c->ibits[pot >> 6] >> (pot & 63) & 1);
        else
            for (int j = 1; j < nr && all; j++)
                all = run_find(&runs[j], pot) >= 0;
        if (all && c->cnt_stamp[pot] != st) {
            c->cnt_stamp[pot] = st;
            c->tmp[n++] = pot;
        }
    }
    return n;
}

/* The run from candidate d of cell on (do_chaining's status in *st, a
 * contradiction's nodes in *a, *b): kept from earlier in the same search
 * when the runs are kept, else computed in slot fallback. */
static int on_run(skl_state *s, int cell, int d, int fallback, run *r, int *st, int *a, int *b)
{
    skl_chain *c = s->chain;
    int cand = cell * s->n + d;
    if (c->cache_ok) {
        struct cached *e = &c->cache[cand];
        if (e->gen != c->gen) {
            e->st = chain_from(s, &e->r, cand, POT(cell, d, 1), &e->a, &e->b);
            if (e->st < 0)
                return e->st;
            e->gen = c->gen;
        }
        *r = e->r;
        *st = e->st;
        *a = e->a;
        *b = e->b;
        return SK_OK;
    }
    *st = chain_from(s, r, c->slot_base + fallback, POT(cell, d, 1), a, b);
    return *st < 0 ? *st : SK_OK;
}

static int region_chains(skl_state *s, int cell, int d, const run *own)
{
    skl_chain *c = s->chain;
    const sk_model *m = s->m;
    run runs[SK_MAX_N];
    for (int i = c->chouse_off[cell]; i < c->chouse_off[cell + 1]; i++) {
        int h = c->chouse[i], np = 0, first = -1;
        if (h >= m->nfull)
            continue;
        for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++)
            if (c->grid[m->house_cells[j]] & SKL_BIT(d)) {
                if (first < 0)
                    first = m->house_cells[j];
                np++;
            }
        if (!(np == 2 || (c->multiple && np > 2)) || first != cell)
            continue;
        int nr = 0;
        for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++) {
            int o = m->house_cells[j], a, b, st;
            if (!(c->grid[o] & SKL_BIT(d)))
                continue;
            if (o == cell) {
                runs[nr++] = *own;
                continue;
            }
            int rc = on_run(s, o, d, s->n + 1 + nr, &runs[nr], &st, &a, &b);
            if (rc < 0)
                return rc;
            nr++;
        }
        for (int on = 1; on >= 0; on--) {
            int n = intersect(s, runs, nr, on);
            int *list = malloc((size_t)(n + 1) * sizeof *list);
            if (!list)
                return SK_ENOMEM;
            memcpy(list, c->tmp, (size_t)n * sizeof *list);
            for (int i2 = 0; i2 < n; i2++)
                multi_step(s, runs, nr, list[i2], 1, h);
            free(list);
        }
    }
    return SK_OK;
}

static int multiple_cell(skl_state *s, int cell)
{
    skl_chain *c = s->chain;
    int card = popcount64(c->grid[cell]);
    run runs[SK_MAX_N];
    int nr = 0;
    if (!c->cache_ok)
        pool_reset(c);
    for (uint64_t v = c->grid[cell] & ~(c->nishio ? c->ni_skip : 0); v; v &= v - 1) {
        int d = lowest(v), a, b, st;
        int do_double = card >= 3 && !c->nishio && c->dynamic;
        int do_contra = c->dynamic || c->nishio;
        run roff;
        int rc = on_run(s, cell, d, nr, &runs[nr], &st, &a, &b);
        if (rc < 0)
            return rc;
        if (st == 1)
            c->ni_hit |= SKL_BIT(d);
        if (do_contra && st == 1)
            binary_step(s, a, b, POT(cell, d, 0), 1);
        if (do_contra || do_double) { /* (static chains use no off run) */
            st = chain_from(s, &roff, c->slot_base + s->n, POT(cell, d, 0), &a, &b);
            if (st < 0)
                return st;
            if (st == 1)
                c->ni_hit |= SKL_BIT(d);
            if (do_contra && st == 1)
                binary_step(s, a, b, POT(cell, d, 1), 1);
        }
        if (do_double) {
            const run *ron = &runs[nr];
            for (int on = 1; on >= 0; on--)
                for (int i = 0; i < ron->count; i++) {
                    int k = c->rlist[ron->off + i], pot = c->node[k].pot, k2;
                    if (PON(pot) != on || (k2 = run_find(&roff, pot)) < 0)
                        continue;
                    binary_step(s, k, k2, pot, 0);
                }
        }
        if (!c->nishio) {
            st = region_chains(s, cell, d, &runs[nr]);
            if (st < 0)
                return st;
        }
        nr++;
    }
    if (c->nishio || !(card == 2 || (c->multiple && card > 2)))
        return SK_OK;
    for (int on = 1; on >= 0; on--) {
        int n = intersect(s, runs, nr, on);
        int *list = malloc((size_t)(n + 1) * sizeof *list);
        if (!list)
            return SK_ENOMEM;
        memcpy(list, c->tmp, (size_t)n * sizeof *list);
        for (int i = 0; i < n; i++)
            multi_step(s, runs, nr, list[i], 0, -1);
        free(list);
    }
    return SK_OK;
}

/*
 * Nishio chains follow X links only: the candidates of one digit, in
 * its houses.  So whether a run of digit d meets a contradiction depends
 * on nothing but the cells that hold d; a digit none of whose runs met
 * one at the last call, and whose cells have not changed since, meets
 * none now, and its runs are not made again (most calls find nothing, and
 * a step changes a few digits).  Sets c->ni_skip for the call; 0 when out
 * of memory.
 */
static int nishio_begin(skl_state *s)
{
    skl_chain *c = s->chain;
    const int w = (s->nc + 63) / 64;
    c->ni_skip = 0;
    c->ni_hit = 0;
    if (!c->ni_pat) {
        c->ni_pat = calloc((size_t)N_ * (size_t)w, sizeof *c->ni_pat);
        if (!c->ni_pat)
            return 0;
    }
    for (int d = 0; d < N_; d++) {
        uint64_t *pat = c->ni_pat + (size_t)d * (size_t)w, same = 1;
        for (int i = 0; i < w; i++) {
            uint64_t x = 0;
            for (int j = 0; j < 64 && i * 64 + j < s->nc; j++)
                x |= (uint64_t)((c->grid[i * 64 + j] >> d) & 1) << j;
            same &= pat[i] == x;
            pat[i] = x;
        }
        if (same && (c->ni_quiet >> d & 1))
            c->ni_skip |= SKL_BIT(d);
    }
    c->ni_quiet = 0; /* known again only when this call completes */
    return 1;
}

static int multiple(skl_state *s)
{
    skl_chain *c = s->chain;
    links_forget(c);
    if (c->nishio && !nishio_begin(s))
        return SK_ENOMEM;
    for (int cell = 0; cell < s->nc; cell++) {
        if (skl_expired(s))
            return SK_ETIME;
        uint64_t cm = c->grid[cell];
        if (c->dynamic ? skl_many(cm) : skl_many(cm) && !skl_two(cm)) {
            int st = multiple_cell(s, cell);
            if (st < 0)
                return st;
        }
    }
    if (c->nishio)
        c->ni_quiet = s->m->all & ~c->ni_hit;
    return SK_OK;
}

/* ---- entry ---------------------------------------------------------------- */

/* Runs producer kind (0 cycles and forcing chains, 1 Nishio, 2 multiple,
 * 3 dynamic at level, with nestlimit for level 4) of context s->chain on
 * grid; collecting every step when outer_src is the grid its caller's
 * propagation started from.  1 when a step was found, 0, or a negative
 * status. */
static int producer(skl_state *s, int kind, int level, int nestlimit, const uint64_t *grid,
                    const uint64_t *outer_src)
{
    skl_chain *c = s->chain;
    int st;
    if (!c->gridbuf && !(c->gridbuf = malloc((size_t)s->nc * sizeof *c->gridbuf)))
        return SK_ENOMEM;
    c->grid = c->gridbuf;
    memcpy(c->grid, grid, (size_t)s->nc * sizeof *c->grid);
    memset(c->hm_grid, 0, (size_t)s->m->nhouses * (size_t)s->n * sizeof *c->hm_grid);
    for (int h = 0; h < s->m->nhouses; h++)
        for (uint32_t j = s->m->house_off[h]; j < s->m->house_off[h + 1]; j++)
            for (uint64_t v = c->grid[s->m->house_cells[j]]; v; v &= v - 1)
                c->hm_grid[h * N_ + lowest(v)] |= SKL_BIT(j - s->m->house_off[h]);
    g_reset(s);
    memcpy(c->src, c->grid, (size_t)s->nc * sizeof *c->src);
    c->have = 0;
    c->collect = outer_src != NULL;
    c->outer_src = outer_src;
    c->nrec = 0;
    c->nrpool = 0;
    c->oom = 0;
    c->dynamic = kind == 1 || kind == 3;
    c->nishio = kind == 1;
    c->multiple = kind >= 2;
    c->level = kind == 3 ? level : 0;
    c->nestlimit = nestlimit;
    c->limit = outer_src ? 0 : s->limit;
    c->rule_links = s->rdom && !outer_src && (kind == 0 || kind == 2);
    c->gen++;
    pool_reset(c);
    st = kind == 0 ? unary(s) : multiple(s);
    if (st >= 0 && c->oom)
        st = SK_ENOMEM;
    return st < 0 ? st : c->have;
}

/* Runs one chaining producer of SE's list: 0 cycles and forcing chains,
 * 1 Nishio, 2 multiple (static cell and region) chains, 3 + L dynamic
 * chains of level L (0..3), 7 + k level 4 with nesting limit k (0..3).
 * Returns 1 with s->step filled, 0 when it finds nothing, or a negative
 * status. */
int skl_chains(skl_state *s, int which)
{
    uint64_t *grid;
    int st = setup(s);
    if (st != SK_OK)
        return st;
    grid = malloc((size_t)s->nc * sizeof *grid);
    if (!grid)
        return SK_ENOMEM;
    for (int cell = 0; cell < s->nc; cell++)
        grid[cell] = s->val[cell] ? 0 : s->cand[cell];
    if (which < 3)
        st = producer(s, which, 0, 0, grid, NULL);
    else if (which < 7)
        st = producer(s, 3, which - 3, 0, grid, NULL);
    else
        st = producer(s, 3, 4, which - 7, grid, NULL);
    free(grid);
    return st;
}
