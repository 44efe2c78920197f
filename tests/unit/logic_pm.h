/*
 * logic_pm.h - what the logical solver's unit tests share
 * (test_logic.c, test_logic_adv.c): positions written in pencil marks, the
 * short form of a set of candidates, and EXPECT, which checks a step
 * against what a test expects of it (technique, rating, placement,
 * eliminations, houses, cells, digits).
 */
#ifndef SK_LOGIC_PM_H
#define SK_LOGIC_PM_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit.h"

static inline int popcount(uint64_t x)
{
    return __builtin_popcountll(x);
}

#define BIT(d) (1ull << ((d) - 1)) /* digit d, 1..N */

static inline sk_model *model_of(const sk_geometry *g)
{
    sk_model *m = NULL;
    sk_diag d;
    if (sk_model_new(g, &m, &d) != SK_OK) {
        fprintf(stderr, "model: %s\n", d.message);
        return NULL;
    }
    return m;
}

/* The engines' unique solution of a puzzle into sol; 0 when there is one. */
static inline int solution_of(const sk_model *m, const uint8_t *givens, uint8_t *sol)
{
    sk_result r;
    if (sk_solve(m, givens, sol, &r) != SK_OK || sk_result_verdict(&r) != SK_VERDICT_UNIQUE)
        return -1;
    return 0;
}

/*
 * Positions are written in pencil marks on a 9x9 grid (or another model):
 * every cell starts with every digit, and each test takes away what its
 * pattern needs.  Cells are named as SE names them, r1c1 to r9c9, and a
 * set of eliminations in the usual short form: "r15c2346789:1" is digit 1
 * in rows 1 and 5 of columns 2, 3, 4, 6, 7, 8 and 9.
 */
typedef struct pm {
    int n;
    uint64_t cand[81];
    uint8_t given[81];
} pm;

static inline void pm_full(pm *p, int n)
{
    p->n = n;
    for (int c = 0; c < 81; c++) {
        p->cand[c] = c < n * n ? (1ull << n) - 1 : 0;
        p->given[c] = 0;
    }
}

static inline int at(const pm *p, int r, int c)
{
    return (r - 1) * p->n + (c - 1);
}

/* Cell r,c keeps only the digits written in `digits`. */
static inline void only(pm *p, int r, int c, const char *digits)
{
    uint64_t m = 0;
    for (const char *s = digits; *s; s++)
        m |= BIT(*s - '0');
    p->cand[at(p, r, c)] = m;
}

/* Cell r,c loses the digits written in `digits`. */
static inline void lose(pm *p, int r, int c, const char *digits)
{
    for (const char *s = digits; *s; s++)
        p->cand[at(p, r, c)] &= ~BIT(*s - '0');
}

/* Digit d leaves rows r0..r1 x columns c0..c1. */
static inline void drop(pm *p, int r0, int r1, int c0, int c1, int d)
{
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++)
            p->cand[at(p, r, c)] &= ~BIT(d);
}

/* Digit d stays in column c only in the rows written in `rows`. */
static inline void column_only(pm *p, int c, const char *rows, int d)
{
    for (int r = 1; r <= p->n; r++)
        if (!strchr(rows, '0' + r))
            p->cand[at(p, r, c)] &= ~BIT(d);
}

/* Parses the short form into one mask per cell; -1 when malformed. */
static inline int parse_cands(const char *s, int n, uint64_t *mask)
{
    memset(mask, 0, (size_t)n * (size_t)n * sizeof *mask);
    while (s && *s) {
        const char *rows, *cols, *digits;
        int nr = 0, ncol = 0, nd = 0;
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        if (*s++ != 'r')
            return -1;
        for (rows = s; *s >= '1' && *s <= '9'; s++)
            nr++;
        if (*s++ != 'c')
            return -1;
        for (cols = s; *s >= '1' && *s <= '9'; s++)
            ncol++;
        if (*s++ != ':')
            return -1;
        for (digits = s; *s >= '1' && *s <= '9'; s++)
            nd++;
        if (!nr || !ncol || !nd)
            return -1;
        for (int i = 0; i < nr; i++)
            for (int j = 0; j < ncol; j++)
                for (int k = 0; k < nd; k++)
                    mask[(rows[i] - '1') * n + (cols[j] - '1')] |= BIT(digits[k] - '0');
    }
    return 0;
}

/* The masks in a canonical form, "r1c4:1 r1c5:1", for messages. */
static inline void show_cands(const uint64_t *mask, int n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int c = 0; c < n * n && len + 16 < size; c++) {
        if (!mask[c])
            continue;
        len += (size_t)snprintf(buf + len, size - len, "%sr%dc%d:", len ? " " : "", c / n + 1,
                                c % n + 1);
        for (int d = 1; d <= n && len + 2 < size; d++)
            if (mask[c] & BIT(d))
                buf[len++] = (char)(d < 10 ? '0' + d : 'A' + d - 10);
        buf[len] = '\0';
    }
}

static inline int cell_named(const char *s, int n)
{
    int r, c;
    if (!s || sscanf(s, "r%dc%d", &r, &c) != 2)
        return -1;
    return (r - 1) * n + (c - 1);
}

/* The step's houses by name, "box 1, row 1". */
static inline void show_houses(const sk_model *m, const sk_step *st, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < st->nhouses && len + 2 < size; i++) {
        char name[64];
        sk_model_house_name(m, st->houses[i], name, sizeof name);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", name);
    }
}

/* The step's cells, "r1c1 r1c5 r5c1": cells[0..keep) in their order, the
 * rest sorted (the API gives an order only to a wing's pivot). */
static inline void show_cells(const sk_step *st, int n, int keep, char *buf, size_t size)
{
    int cells[64], k = st->ncells < 64 ? st->ncells : 64;
    size_t len = 0;
    memcpy(cells, st->cells, (size_t)k * sizeof *cells);
    for (int i = keep; i < k; i++)
        for (int j = i + 1; j < k; j++)
            if (cells[j] < cells[i]) {
                int t = cells[i];
                cells[i] = cells[j];
                cells[j] = t;
            }
    buf[0] = '\0';
    for (int i = 0; i < k && len + 12 < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%sr%dc%d", i ? " " : "", cells[i] / n + 1,
                                cells[i] % n + 1);
}

/* What a test expects of a step; NULL fields are not checked. */
typedef struct want_step {
    int technique, rating;
    const char *place;  /* "r2c4=1", or NULL: no placement */
    const char *elim;   /* the eliminations in the short form; "" none */
    const char *houses; /* "box 1, row 1" */
    const char *cells;  /* "r1c1 r1c5 r5c1" */
    int keep;           /* cells in the given order before the sorted rest */
    const char *digits; /* "12" */
} want_step;

static inline void expect_step(int line, const sk_model *m, const sk_step *st, const want_step *w)
{
    int n = sk_model_n(m), failed = 0;
    char buf[1024], name[96];
    uint64_t want[81], got[81];
    if (st->technique != w->technique || st->rating != w->rating) {
        fprintf(stderr, "  line %d: got %s rated %d, expected %s rated %d\n", line,
                sk_step_name(st, name, sizeof name), st->rating, sk_tech_name(w->technique),
                w->rating);
        failed++;
    }
    int cell = w->place ? cell_named(w->place, n) : -1;
    int digit = w->place && strchr(w->place, '=') ? atoi(strchr(w->place, '=') + 1) : 0;
    if (st->cell != cell || st->digit != digit) {
        fprintf(stderr, "  line %d: placement in cell %d of %d, expected %s\n", line, st->cell,
                st->digit, w->place ? w->place : "none");
        failed++;
    }
    if (w->elim) {
        memset(got, 0, sizeof got);
        for (int i = 0; i < st->nelim; i++)
            got[st->elim[i].cell] |= BIT(st->elim[i].digit);
        CHECK_EQ_INT(parse_cands(w->elim, n, want), 0);
        if (memcmp(want, got, (size_t)(n * n) * sizeof *got) != 0) {
            show_cands(got, n, buf, sizeof buf);
            fprintf(stderr, "  line %d: eliminations %s\n  expected %s\n", line, buf, w->elim);
            failed++;
        }
        /* each listed once */
        int listed = 0;
        for (int c = 0; c < n * n; c++)
            listed += popcount(got[c]);
        CHECK_EQ_INT(listed, st->nelim);
    }
    if (w->houses) {
        show_houses(m, st, buf, sizeof buf);
        if (strcmp(buf, w->houses)) {
            fprintf(stderr, "  line %d: houses \"%s\", expected \"%s\"\n", line, buf, w->houses);
            failed++;
        }
    }
    if (w->cells) {
        show_cells(st, n, w->keep, buf, sizeof buf);
        if (strcmp(buf, w->cells)) {
            fprintf(stderr, "  line %d: cells \"%s\", expected \"%s\"\n", line, buf, w->cells);
            failed++;
        }
    }
    if (w->digits) {
        uint64_t d = 0;
        for (const char *s = w->digits; *s; s++)
            d |= BIT(*s - '0');
        if (st->digits != d) {
            fprintf(stderr, "  line %d: digits %#llx, expected %s\n", line,
                    (unsigned long long)st->digits, w->digits);
            failed++;
        }
    }
    CHECK_EQ_INT(st->direct, st->technique == SK_TECH_DIRECT_POINTING ||
                                 st->technique == SK_TECH_DIRECT_CLAIMING ||
                                 st->technique == SK_TECH_DIRECT_HIDDEN_PAIR ||
                                 st->technique == SK_TECH_DIRECT_HIDDEN_TRIPLE);
    CHECK_EQ_INT(failed, 0);
}

#define EXPECT(m, st, ...)                                \
    do {                                                  \
        want_step w_ = {__VA_ARGS__};                     \
        expect_step(__LINE__, (m), (st), &w_);            \
    } while (0)

#endif
