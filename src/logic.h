/*
 * logic.h - the logical solver's state (logic.c, logic_chain.c): a
 * candidate grid over a model, and the step being built.
 */
#ifndef SK_LOGIC_H
#define SK_LOGIC_H

#include <stdint.h>

#include "sudokit.h"

/* Kinds of houses in SE's scan order; jigsaw regions count as blocks and
 * houses of other shapes (diagonals, windows, groups) as lines. */
enum { SKL_BLOCK, SKL_COLUMN, SKL_ROW, SKL_OTHER };

#define SKL_BIT(d) (1ull << (d))

/* Bits set in x: the instruction where the build targets it, else the
 * arithmetic way (the library call the compiler would make is slower). */
static inline int skl_popcount(uint64_t x)
{
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

/* Counts compared with small numbers, without counting (the hot tests of
 * the techniques; a build without the popcount instruction counts in a
 * dozen operations). */
static inline int skl_one(uint64_t x) /* exactly one bit */
{
    return x && !(x & (x - 1));
}
static inline int skl_many(uint64_t x) /* two bits or more */
{
    return (x & (x - 1)) != 0;
}
static inline int skl_two(uint64_t x) /* exactly two */
{
    return skl_one(x & (x - 1));
}
/* 2 <= bits <= k */
static inline int skl_two_to(uint64_t x, int k)
{
    return skl_many(x) && (k == 2 ? skl_two(x) : skl_popcount(x) <= k);
}

/* The k-subset after x of an n-set, in increasing order of the bit mask
 * (SE's Permutations order: {0,1}, {0,2}, {1,2}, {0,3}...); 0 after the
 * last. */
static inline uint64_t skl_next_subset(uint64_t x, int n)
{
    uint64_t c = x & -x, r = x + c;
    if (!r)
        return 0; /* the subset ended at bit 63 */
    uint64_t next = (((r ^ x) >> 2) / c) | r;
    if (n < 64 && (next >> n))
        return 0;
    return next;
}

typedef struct skl_chain skl_chain; /* logic_chain.c's work memory */
struct skx_con;                      /* a variant rule's constraint (model.h) */
typedef struct skl_ae_cache skl_ae_cache; /* logic_unique.c's */

struct sk_logic {
    const sk_model *m;
    int n, nc;
    int limit;       /* highest rating tried, 0 = all */
    double timeout;  /* seconds a call may take, 0 = no limit */
    double deadline; /* of the current call, 0 = none */
    const volatile int *cancel; /* sk_logic_set_cancel's flag, or NULL */
    uint64_t *cand;  /* candidates of each cell, bits 0..N-1 */
    uint8_t *val;    /* 0, or the digit placed (1..N) */
    int nh;          /* full houses, SE order */
    int *house;      /* model house of each */
    uint8_t *hkind;  /* SKL_BLOCK... */
    uint64_t *same;  /* nh * 3 * N: for a block, column or row k, kind t and
                        place i, the places of k in the same house of kind
                        t as place i (locking) */
    int *cell_house; /* nc * 3: the cell's block, column, row (indexes into
                        house[]), -1 when it has none */
    sk_step step;    /* the step being built */
    sk_cand *elim;   /* its storage */
    int *cells;
    sk_node *nodes;
    int *branch;
    int maxnodes;
    skl_chain *chain;
    skl_ae_cache *ae[2]; /* aligned pair and triple exclusion: pairs and
                            triples known to fail */
    /* every step of a rule instead of the first (skl_rule_all) */
    void (*collect)(void *ctx, const sk_step *st);
    void *collect_ctx;
    uint64_t *pos;   /* nh * N: each house's places for each digit */
    uint64_t *hplaced; /* nh: the digits placed in each house */
    int *hempty;     /* nh: its empty cells */
    uint32_t *cpos_off; /* nc + 1 offsets into cpos */
    uint32_t *cpos;  /* each cell's houses: k << 6 | its index in house k */
    int words;       /* 64-bit words of a set of cells */
    uint64_t *peerbits; /* nc sets: each cell's peers */
    int looked;      /* the position since sk_logic_start* was looked at for a
                        contradiction (next_step) */
    int by_unique;   /* a step that assumes one solution (unique rectangle
                        or loop, BUG) was applied since sk_logic_start* */
    int pos_valid;   /* pos, hplaced and hempty follow cand and val (kept
                        up by place and sk_logic_apply) */
    sk_cand *elim2;  /* the step storage while collecting */
    int *cells2;
    uint64_t *cand2; /* skl_rule_all: the grid it looks at, ... */
    uint64_t *pos2;  /* ... and the positions it puts aside */
    uint64_t *rdom;  /* variant rules: a constraint's cells' masks ... */
    uint64_t *rscr;  /* ... and the scratch its filter needs */
    struct skx_memo *memo; /* skl_filter's table, allocated by sk_logic_new
                              for a model with rules (or skl_memo_bits), */
    int memo_bits;         /* of 1 << memo_bits entries (0: none) */
    unsigned long memo_hits; /* answers it gave (for the tests) */
    /* two rules together (rule_pair), set up by sk_logic_new: for each
       constraint the others whose cells meet its own, ... */
    uint32_t *pair_off;    /* ncons + 1 offsets into pair_to */
    uint32_t *pair_to;
    uint64_t *pair_none;   /* ... the positions of a pair that gave nothing
                              (hashes), and ... */
    uint64_t *pair_sup;    /* ... what each cell of a pair keeps */
    int unique_ok;   /* 0 when rules may break a deadly pattern's symmetry */
};

typedef struct sk_logic skl_state;

/* logic.c */
/* 1 when the current call is past its deadline, or cancelled. */
int skl_expired(const skl_state *s);
/* skx_con_filter of constraint c (of s->m) on s->rdom, through a memo for
 * the constraints whose filters walk tables: 0 when c cannot hold. */
int skl_filter(skl_state *s, const struct skx_con *c);
/* The memo's size from now on, 1 << bits entries, or none (bits 0); what
 * it holds is dropped.  For the tests: the answers must not change. */
void skl_memo_bits(skl_state *s, int bits);
const uint16_t *skl_hcells(const skl_state *s, int k, int *count);
/* 1 when cell c lies in full house k (SE's order). */
int skl_in_house(const skl_state *s, int k, int c);
/* 1 when cells a and b share a house. */
static inline int skl_sees(const skl_state *s, int a, int b)
{
    return (int)((s->peerbits[(size_t)a * (size_t)s->words + (size_t)(b >> 6)] >> (b & 63)) & 1);
}
void skl_step_reset(skl_state *s, int tech, int rating);
void skl_add_elim(skl_state *s, int c, int d);
int skl_add_nodes(skl_state *s, const sk_node *nodes, int count);

/* Every step of basic rules 0 (locking), 1 (hidden pair), 2 (naked pair)
 * and 3 (X-wing), in that order, on candidate grid g (no candidates in
 * filled cells; the values stay s's), in SE's scan order, handed to fn;
 * after each rule, stops when done(ctx) says so.  hm: g's places, for
 * model house h and digit d at h * N + d, bits over the house's cells.
 * s->step is left as it was. */
int skl_rule_all(skl_state *s, const uint64_t *g, const uint64_t *hm,
                 void (*fn)(void *ctx, const sk_step *st), int (*done)(void *ctx), void *ctx);

/* logic_unique.c: unique rectangles and loops, BUG, aligned pair (2) and
 * triple (3) exclusion; 1 with s->step filled, 0, or SK_ENOMEM. */
int skl_unique_loops(skl_state *s);
int skl_bug(skl_state *s);
int skl_aligned(skl_state *s, int degree);
void skl_aligned_free(skl_state *s);

/* logic_chain.c: the chaining producers of SE's list (cycles and forcing
 * chains, Nishio, multiple and dynamic chains, nested levels). */
int skl_chain_new(skl_state *s);
void skl_chain_free(skl_state *s);
int skl_chains(skl_state *s, int which);

#endif
