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
    SK_HOUSE_GROUP
};

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
};

#endif
