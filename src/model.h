/*
 * model.h - the compiled puzzle model, shared by the engines.
 *
 * A model is built once per geometry and only read afterwards, so any
 * number of threads may search it at the same time.  Every table is a
 * compressed list (CSR): the items of entry k are list[off[k] .. off[k+1]).
 *
 *   houses       every set of cells whose digits must differ; full houses
 *                (N cells) come first, then smaller extra groups
 *   cell_houses  the houses each cell belongs to
 *   peers        the cells that share at least one house with a cell
 *   isects       pairs of houses (A, B), A full, sharing two or more cells
 *                but not all: if a digit of A can only go in A∩B it can go
 *                nowhere else in B ("locked candidates", pointing/claiming)
 */
#ifndef SK_MODEL_H
#define SK_MODEL_H

#include "sudokit.h"

enum sk_house_kind {
    SK_HOUSE_ROW,
    SK_HOUSE_COLUMN,
    SK_HOUSE_BOX,
    SK_HOUSE_REGION,
    SK_HOUSE_DIAGONAL,
    SK_HOUSE_ANTIDIAGONAL,
    SK_HOUSE_WINDOW,
    SK_HOUSE_GROUP,
    SK_HOUSE_RULE          /* made by a variant rule: house_rule[] says which */
};

/*
 * Propagators: what the variant rules compile to (src/rules/).  Each one
 * reads and narrows the candidate masks of its cells only, and every
 * engine runs the same code (skx_con_filter), so the rules mean the same
 * thing everywhere.  A rule may give several propagators (a thermometer
 * one PAIR per step); rules whose cells must differ also give a house.
 */
enum skx_con_type {
    SKX_PAIR,     /* two cells; a table of the digit pairs allowed */
    SKX_SUM,      /* the cells sum to lo..hi; digits may repeat.  The last
                     aux cells count negated: each adds N+1-d, not d (lo and
                     hi include the aux*(N+1) this adds), so "a - b = k"
                     over a cage's outies is a sum too */
    SKX_COMBO,    /* cells that differ, whose digits form one of the sets listed */
    SKX_ARROW,    /* the first aux cells, read as a decimal number, equal the
                     sum of the others */
    SKX_EQSUM,    /* aux runs of cells, one after another, with equal sums */
    SKX_SANDWICH, /* a row or column: the digits between 1 and N sum to lo */
    SKX_BETWEEN,  /* the inner cells lie strictly between the two ends */
    SKX_QUAD      /* digits that must appear among the cells, with counts */
};

/* A sum whose small groups of different digits filter.c takes whole
 * (little killers and the unions of sums): each group's choices of
 * different digits are tried together.  The sums the cages imply keep
 * the cell by cell table: their cells are few and mostly in one group,
 * which its cage's digit sets narrow already. */
#define SKX_SUM_WHOLE_GROUPS 1

typedef struct skx_con {
    uint8_t type;       /* enum skx_con_type */
    uint8_t flags;      /* SUM: SKX_SUM_WHOLE_GROUPS */
    uint16_t aux;       /* ARROW: cells in the circle or pill; EQSUM: runs;
                           SUM: the negated cells at the end */
    int32_t rule;       /* the rule it came from (-1: several together) */
    int32_t rule2;      /* PAIR: a second rule whose relation on the same
                           two cells shares the table, -2 when more than
                           one other rule does, else -1 */
    uint32_t cell_off;  /* its cells: con_cells[cell_off .. cell_off + ncells) */
    uint32_t ncells;
    int32_t lo, hi;     /* SUM: the range; SANDWICH: lo the sum, hi the
                           shortest run << 8 | the longest run */
    uint32_t data_off;  /* con_data[data_off .. data_off + ndata): PAIR: N
                           masks of b's digits allowed for each digit of a,
                           then N masks of a's for each of b; COMBO: the
                           sets; EQSUM: the end of each run (cell count);
                           QUAD: one mask per required digit (the digit's
                           bit) followed by its count in the next word */
    uint32_t ndata;
    int32_t src;        /* rule -1: how the rules imply it, for the
                           explanations (SKX_SRC), or 0: not said */
} skx_con;

/* Where a propagator of several rules (rule -1) comes from: a region of
 * whole houses, the cells the cages inside leave (innies), the cells
 * cages covering it add (outies) or both; or a union of sums (cages and
 * little killers, found again by the text).  The region: the houses of
 * one kind (rows, columns, boxes, jigsaw regions) numbered first..last
 * (from 0; last < first when counted from the far side), or with kind
 * SKX_SRC_HOUSE the one house whose index is first (= last). */
enum { SKX_SRC_INNIES = 1, SKX_SRC_OUTIES, SKX_SRC_BOTH, SKX_SRC_UNION };
#define SKX_SRC_HOUSE 15
#define SKX_SRC(what, kind, first, last) \
    ((int32_t)((uint32_t)(what) << 28 | (uint32_t)(kind) << 24 | (uint32_t)(first) << 12 | (uint32_t)(last)))
#define SKX_SRC_WHAT(src) ((int)((uint32_t)(src) >> 28))
#define SKX_SRC_KIND(src) ((int)((uint32_t)(src) >> 24 & 15))
#define SKX_SRC_FIRST(src) ((int)((uint32_t)(src) >> 12 & 4095))
#define SKX_SRC_LAST(src) ((int)((uint32_t)(src) & 4095))

/*
 * The propagators waiting to run, as both engines keep them: two stacks
 * in one array of 2 ncons entries, the cheap ones (PAIR, COMBO, QUAD) from
 * 0 and the slow ones (sums, arrows, lines: filters that walk tables of
 * reachable totals) from ncons.  A cheap one runs while any waits, so a
 * slow one that runs later sees what they removed (on the hardest
 * published killer cages, 14-15% less time in either engine).  dirty[x]
 * says x waits.  The engines carve dirty (ncons bytes) and at (8 ncons
 * bytes) from their workspaces.
 */
typedef struct skx_conq {
    const skx_con *cons;
    uint8_t *dirty;
    uint32_t *at;
    uint32_t ncons, ncheap, nslow;
} skx_conq;

/* Propagator x must run again (nothing when it already waits). */
static inline void skx_conq_wake(skx_conq *q, uint32_t x)
{
    if (q->dirty[x])
        return;
    q->dirty[x] = 1;
    if ((1u << q->cons[x].type) & (1u << SKX_PAIR | 1u << SKX_COMBO | 1u << SKX_QUAD))
        q->at[q->ncheap++] = x;
    else
        q->at[q->ncons + q->nslow++] = x;
}

static inline int skx_conq_waiting(const skx_conq *q) { return q->ncheap || q->nslow; }

/* The next to run (one must wait): the cheap one last woken, else the
 * slow one last woken. */
static inline uint32_t skx_conq_next(skx_conq *q)
{
    uint32_t x = q->ncheap ? q->at[--q->ncheap] : q->at[q->ncons + --q->nslow];
    q->dirty[x] = 0;
    return x;
}

/* None waits any more. */
static inline void skx_conq_clear(skx_conq *q)
{
    while (q->ncheap)
        q->dirty[q->at[--q->ncheap]] = 0;
    while (q->nslow)
        q->dirty[q->at[q->ncons + --q->nslow]] = 0;
}

/* One locked-candidates pair; cell lists live in sk_model.isect_cells. */
typedef struct sk_isect {
    uint16_t a, b;          /* houses; a is full (N cells) */
    uint32_t in_off;        /* cells of a∩b */
    uint32_t a_only_off;    /* cells of a\b  (in_off .. a_only_off = a∩b) */
    uint32_t b_only_off;    /* cells of b\a  (a_only_off .. b_only_off = a\b) */
    uint32_t end;           /* (b_only_off .. end = b\a) */
} sk_isect;

struct sk_model {
    int n;              /* side N */
    int ncells;         /* N*N */
    int nhouses;        /* all houses */
    int nfull;          /* houses 0..nfull-1 have N cells */
    int box_rows;       /* > 0 when the model has rectangular boxes */
    int box_cols;
    int jigsaw;         /* 1 when regions came from the caller */
    unsigned extras;    /* SK_EXTRA_* */
    int ngroups;        /* extra groups given by the caller */
    uint64_t all;       /* digits 1..N as bits 0..N-1 */

    uint8_t *region;    /* region[i]: box or jigsaw region of cell i; NULL if none */

    uint32_t *house_off;    /* nhouses + 1 offsets into house_cells */
    uint16_t *house_cells;
    uint8_t *house_kind;    /* enum sk_house_kind */
    uint16_t *house_num;    /* number within its kind, from 0 */

    uint32_t *cell_house_off; /* ncells + 1 offsets into cell_houses */
    uint16_t *cell_houses;

    uint32_t *peer_off;     /* ncells + 1 offsets into peers */
    uint16_t *peers;

    int nisects;
    sk_isect *isects;
    uint16_t *isect_cells;

    /* Variant rules (src/rules/): the caller's rules, copied, and what
     * they compile to. */
    int nrules;
    sk_rule *rules;         /* cells and digits point into rule_ints */
    int *rule_ints;
    uint16_t *house_rule;   /* house_rule[h]: rule that made house h, or
                               SKX_NO_RULE */
    uint64_t *cell_mask;    /* NULL, or the digits the rules allow in each
                               cell (odd, even, given candidates, ...) */
    int ncons;
    skx_con *cons;
    uint16_t *con_cells;
    uint64_t *con_data;
    uint32_t *cell_con_off; /* ncells + 1 offsets into cell_cons: the */
    uint32_t *cell_cons;    /* propagators that read each cell */
    int con_max_cells;      /* most cells of one propagator */
    size_t con_scratch;     /* words of scratch skx_con_filter may use */
};

/* The sum a constraint the rules imply together (rule -1: a SUM, or a
 * COMBO of one set) says: its first ncells - aux cells minus its last aux
 * cells (none for a COMBO) make this. */
static inline int skx_implied_total(const sk_model *m, const skx_con *c)
{
    if (c->type == SKX_COMBO) { /* the digits of any of its sets */
        int total = 0;
        for (uint64_t v = m->con_data[c->data_off]; v; v &= v - 1)
            total += __builtin_ctzll(v) + 1;
        return total;
    }
    return c->lo - (int)c->aux * (m->n + 1); /* a negated cell adds N+1-d */
}

#define SKX_NO_RULE 0xffffu

/* Symbol of digit d (1..n) in alphabet a, AUTO as sk_explain_none reads
 * it, decimal where a has none; buf holds 8 bytes (src/explain.c). */
const char *skx_digit_symbol(sk_alphabet a, int n, int d, char *buf);

#endif
