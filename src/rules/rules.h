/*
 * rules.h - the variant rules inside the library: how sk_model_new turns
 * the caller's sk_rule list into houses, cell masks and propagators
 * (compile.c), the propagators every engine runs (filter.c), and the
 * checker that judges grids from the rules' definitions (check.c).
 *
 * The compiled form is in model.h (skx_con and the fields after
 * "Variant rules").  The split of work:
 *
 *   rule                       houses          masks      propagators
 *   cage                       its cells       1 cell     COMBO (N <= 16 and
 *                                                         few digit sets) or SUM
 *   little killer                                         SUM
 *   sandwich                                              SANDWICH
 *   arrow                                                 ARROW
 *   thermometer, whisper,                                 one PAIR per step
 *   palindrome                                            (mirrored cells)
 *   renban                     its cells                  COMBO (the windows)
 *   between line                                          BETWEEN
 *   region-sum line                                       EQSUM
 *   dots, XV, minimum,                                    PAIR per cell pair
 *   maximum, negative rules                               (merged: one table
 *                                                         per pair of cells)
 *   odd, even, digits                          yes
 *   quadruple                                             QUAD
 *   extra region, diagonals,   yes
 *   disjoint groups
 *   anti-knight, anti-king     2-cell houses (pairs that share no row,
 *                              column or region)
 */
#ifndef SK_RULES_H
#define SK_RULES_H

#include "../model.h"

/* Adds one house while the model is built (model.c's list): kind, its
 * number within the kind, cells, size, and the rule that makes it (or
 * SKX_NO_RULE).  SK_OK or SK_ENOMEM. */
typedef int (*skx_add_house_fn)(void *ctx, int kind, int num, const uint16_t *cells, int size,
                                int rule);

/*
 * Checks every rule of g against the geometry of m (n and region must be
 * set) and adds the houses the rules make through add.  SK_OK, SK_EMODEL
 * with the reason in diag (a malformed rule: unknown kind, a cell outside
 * the grid or named twice, a dot between cells that are not neighbours,
 * ...), or SK_ENOMEM.
 */
int skx_rules_houses(const sk_geometry *g, const sk_model *m, skx_add_house_fn add, void *ctx,
                     sk_diag *diag);

/*
 * Copies the rules into m and compiles them into cell masks and
 * propagators, once the houses and peers are built.  Refuses (SK_EMODEL)
 * a rule that cannot hold on its own whatever the other cells hold (a
 * cage sum no digits reach, two odd/even marks on one cell, ...).
 * SK_ENOMEM.  skx_rules_free undoes it (called by sk_model_free).
 */
int skx_rules_compile(const sk_geometry *g, sk_model *m, sk_diag *diag);
void skx_rules_free(sk_model *m);

/*
 * Narrows dom[0..c->ncells) (the candidate masks of c's cells, in c's
 * order) to what c allows; scratch holds m->con_scratch words.  Returns 1,
 * or 0 when c cannot hold (some mask would become empty; dom is then
 * undefined).  Never adds a digit.  When every mask is a single digit it
 * returns 1 exactly when those digits satisfy c.
 */
int skx_con_filter(const sk_model *m, const skx_con *c, uint64_t *dom, uint64_t *scratch);

/* 1 when what skx_con_filter removes for c need not wake c again: the
 * filter leaves only digits with support in c (run again on its own
 * result it would remove little or nothing), and when it leaves a single
 * digit in every cell those digits satisfy c.  Sums that keep to their
 * bounds (long sums with groups) and the filters that narrow in several
 * passes (lines, arrows) are run again. */
int skx_con_settles(const sk_model *m, const skx_con *c);

/* 1 when c, on the masks dom (which it may change), fails, or rules out
 * digit d+1 of its cell j (j < 0: only whether it fails): what
 * skx_con_filter would say, asked of one digit, which the cdcl engine's
 * explanations ask many times.  Cheaper than the whole filter for sums. */
int skx_con_implies(const sk_model *m, const skx_con *c, uint64_t *dom, uint64_t *scratch, int j,
                    int d);

/*
 * A memo of skx_con_filter's answers, which the engines' propagation and
 * the logical solver's chains ask again and again of the sums and lines:
 * a table of 1 << bits entries, one per hash, the last answer winning.  A
 * constraint fits it when it has up to SKX_MEMO_CELLS cells of up to 16
 * digits (four masks to a word).  key[0] is the constraint's index + 1
 * (0: an empty entry); out[0] == 0 says the filter failed (a mask it
 * leaves is never empty).  64 bytes an entry.
 */
#define SKX_MEMO_CELLS 12

typedef struct skx_memo {
    uint64_t key[1 + SKX_MEMO_CELLS / 4];
    uint64_t out[SKX_MEMO_CELLS / 4];
    uint64_t pad;
} skx_memo;

static inline int skx_memo_fits(const sk_model *m, const skx_con *c)
{
    return m->n <= 16 && c->ncells <= SKX_MEMO_CELLS;
}

/* skx_con_filter of c (fitting the memo) on dom, through table: the
 * filter's answer, from the table when it holds it (then *hits grows,
 * when hits is not NULL). */
static inline int skx_memo_filter(skx_memo *table, int bits, const sk_model *m, const skx_con *c,
                                  uint64_t *dom, uint64_t *scratch, unsigned long *hits)
{
    uint64_t key[1 + SKX_MEMO_CELLS / 4] = {(uint64_t)(c - m->cons) + 1};
    for (uint32_t j = 0; j < c->ncells; j++)
        key[1 + j / 4] |= dom[j] << (16 * (j & 3));
    uint64_t h = key[0] * 0x9e3779b97f4a7c15ull;
    for (int w = 1; w <= SKX_MEMO_CELLS / 4; w++) {
        h = (h ^ key[w]) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    skx_memo *e = &table[(h * 0x9e3779b97f4a7c15ull) >> (64 - bits)];
    uint64_t differ = 0;
    for (int w = 0; w <= SKX_MEMO_CELLS / 4; w++)
        differ |= e->key[w] ^ key[w];
    if (!differ) {
        if (hits)
            ++*hits;
        if (!e->out[0])
            return 0;
        for (uint32_t j = 0; j < c->ncells; j++)
            dom[j] = e->out[j / 4] >> (16 * (j & 3)) & 0xffff;
        return 1;
    }
    int ok = skx_con_filter(m, c, dom, scratch);
    for (int w = 0; w <= SKX_MEMO_CELLS / 4; w++)
        e->key[w] = key[w];
    for (int w = 0; w < SKX_MEMO_CELLS / 4; w++)
        e->out[w] = 0;
    if (ok)
        for (uint32_t j = 0; j < c->ncells; j++)
            e->out[j / 4] |= dom[j] << (16 * (j & 3));
    return ok;
}

/* Words of scratch skx_con_filter needs for c (m->con_scratch is the
 * largest over the model). */
size_t skx_con_scratch(const sk_model *m, const skx_con *c);

/* Where the CNF encoder sends its clauses (sk_write_cnf). */
typedef struct skx_cnf {
    void (*emit)(void *ctx, long lit); /* NULL: only count; lit 0 ends a clause */
    void *ctx;
    long vars;    /* variables so far: N^3 on entry; auxiliary ones are added */
    long clauses; /* clauses so far */
    int failed;   /* out of memory: the count or text is incomplete */
} skx_cnf;

/* Emits the clauses of every rule of m (cnf.c explains the encoding),
 * numbering auxiliary variables from e->vars + 1.  Deterministic, so a
 * counting run and a writing run agree. */
void skx_rules_cnf(const sk_model *m, skx_cnf *e);

/* 1 when every rule of m holds in the complete grid (1..N everywhere);
 * the checker of check.c, from the rules' definitions. */
int skx_rules_hold(const sk_model *m, const uint8_t *grid);

/* "r3c12" for cell i of an N-wide grid; returns buf (at least 12 bytes). */
char *skx_cell_name(int n, int cell, char *buf);

#endif
