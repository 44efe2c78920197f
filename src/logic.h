/*
 * logic.h - the logical solver's internal interface (logic.c): a candidate
 * grid over a model, the step SE's order finds next, and its application.
 */
#ifndef SK_LOGIC_H
#define SK_LOGIC_H

#include <stdint.h>

#include "sudokit.h"

enum { SKL_BLOCK, SKL_COLUMN, SKL_ROW, SKL_OTHER };

/* Techniques, with their SE names. */
enum {
    SKL_FULL_HOUSE,
    SKL_HIDDEN_SINGLE_BLOCK,
    SKL_HIDDEN_SINGLE_LINE,
    SKL_DIRECT_POINTING,
    SKL_DIRECT_CLAIMING,
    SKL_DIRECT_HIDDEN_PAIR,
    SKL_NAKED_SINGLE,
    SKL_DIRECT_HIDDEN_TRIPLE,
    SKL_POINTING,
    SKL_CLAIMING,
    SKL_NAKED_PAIR,
    SKL_X_WING,
    SKL_HIDDEN_PAIR,
    SKL_NAKED_TRIPLE,
    SKL_SWORDFISH,
    SKL_HIDDEN_TRIPLE,
    SKL_XY_WING,
    SKL_XYZ_WING,
    SKL_NAKED_QUAD,
    SKL_JELLYFISH,
    SKL_HIDDEN_QUAD,
    SKL_TECHNIQUES_
};

typedef struct skl_cand {
    int cell;
    int digit; /* 0-based */
} skl_cand;

/* One step: a placement and/or eliminations. */
typedef struct skl_hint {
    int technique;   /* SKL_* */
    int rating;      /* SE difficulty in tenths */
    int place_cell;  /* -1 when nothing is placed */
    int place_digit; /* 0-based */
    int house;       /* the house of a single, -1 otherwise */
    int nelim;
    const skl_cand *elim;
    int direct;      /* the eliminations only justify the placement: SE
                        applies the placement alone */
} skl_hint;

typedef struct skl_state {
    const sk_model *m;
    int n, nc;
    uint64_t *cand;  /* candidates of each cell */
    uint8_t *val;    /* 0, or the digit placed (1..N) */
    int nh;          /* full houses, SE order */
    int *house;      /* model house of each */
    uint8_t *hkind;  /* SKL_BLOCK... */
    skl_cand *elim;  /* storage of hint.elim */
    skl_hint hint;   /* the step skl_next found */
} skl_state;

int skl_new(const sk_model *m, skl_state **out);
void skl_free(skl_state *s);
/* Candidates from the givens; SK_EINVAL when a given is out of range or
 * not a candidate of its cell (two equal givens in a house). */
int skl_start(skl_state *s, const uint8_t *givens);
/* Finds the next step in s->hint: 1, or 0 when no technique applies. */
int skl_next(skl_state *s);
void skl_apply(skl_state *s, const skl_hint *h);
int skl_solved(const skl_state *s);
/* SE's three figures in tenths (ER 200 when no technique applies). */
int skl_rate(skl_state *s, const uint8_t *givens, int *er, int *ep, int *ed);

#endif
