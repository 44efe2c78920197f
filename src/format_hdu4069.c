/*
 * format_hdu4069.c - HDU 4069 "Squiggly Sudoku" input: the number of
 * cases T, then T cases of 9x9 integers 0..255 (white space of any kind
 * between them, blank lines allowed).  For a value v, v & 15 is the digit
 * (0 = empty) and the high bits are walls:
 *
 *        16 (top)
 *       +--------+
 *   128 |  v&15  | 32
 *  (left)        | (right)
 *       +--------+
 *        64 (bottom)
 *
 * Two neighbouring cells are in one region when neither has a wall on the
 * side they share.  Regions are numbered 0..8 in the order a row-major
 * scan first meets them; there must be 9 regions of 9 cells each.
 * '#' comment lines are skipped; the format is never detected, only asked
 * for.
 */
#include <stdio.h>
#include <string.h>

#include "format.h"

#define HDU_N 9
#define HDU_CELLS (HDU_N * HDU_N)

/* Next white-space token: 1 (token in *s, *len), 0 at the end of input,
 * -2 on a line that could not be stored (diag filled, line dropped). */
static int next_token(sk_reader *r, const char **s, size_t *len, long *line, long *col,
                      sk_diag *d)
{
    for (;;) {
        skf_line *ln = skf_peek(r, 0);
        size_t i, start;
        if (!ln)
            return 0;
        if (ln->too_long || ln->nul_col) {
            skf_line_error(ln, d);
            skf_pop(r);
            return -2;
        }
        if (ln->off == 0 && skf_comment(ln)) {
            skf_pop(r);
            continue;
        }
        for (i = ln->off; i < ln->len && skf_space((unsigned char)ln->text[i]); i++)
            ;
        if (i >= ln->len) {
            skf_pop(r);
            continue;
        }
        start = i;
        while (i < ln->len && !skf_space((unsigned char)ln->text[i]))
            i++;
        ln->off = i;
        *s = ln->text + start;
        *len = i - start;
        *line = ln->no;
        *col = (long)start + 1;
        return 1;
    }
}

/* Decimal value of a token of digits, or -1. */
static long number(const char *s, size_t len)
{
    long v = 0;
    size_t i;
    if (len == 0 || len > 9)
        return -1;
    for (i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

/* Groups the cells of one case into regions (walls in raw[]). */
static int make_regions(sk_reader *r, const int *raw, long case_no, long line, sk_diag *d)
{
    int comp[HDU_CELLS], stack[HDU_CELLS], size[HDU_CELLS], first[HDU_CELLS];
    int i, nreg = 0;
    for (i = 0; i < HDU_CELLS; i++)
        comp[i] = -1;
    for (i = 0; i < HDU_CELLS; i++) {
        int top = 0;
        if (comp[i] >= 0)
            continue;
        first[nreg] = i;
        size[nreg] = 0;
        comp[i] = nreg;
        stack[top++] = i;
        while (top > 0) {
            int a = stack[--top], row = a / HDU_N, col = a % HDU_N, k;
            /* neighbour, wall bit of a on that side, wall bit of the neighbour */
            const int nb[4][3] = {{row > 0 ? a - HDU_N : -1, 16, 64},
                                  {col < HDU_N - 1 ? a + 1 : -1, 32, 128},
                                  {row < HDU_N - 1 ? a + HDU_N : -1, 64, 16},
                                  {col > 0 ? a - 1 : -1, 128, 32}};
            size[nreg]++;
            for (k = 0; k < 4; k++) {
                int b = nb[k][0];
                if (b < 0 || comp[b] >= 0 || (raw[a] & nb[k][1]) || (raw[b] & nb[k][2]))
                    continue;
                comp[b] = nreg;
                stack[top++] = b;
            }
        }
        nreg++;
    }
    if (nreg != HDU_N)
        return skf_fail(d, line, 0, "walls of case %ld make %d region%s, expected %d", case_no,
                        nreg, nreg == 1 ? "" : "s", HDU_N);
    for (i = 0; i < nreg; i++)
        if (size[i] != HDU_N)
            return skf_fail(d, (long)r->cell_line[first[i]], (long)r->cell_column[first[i]],
                            "region %d has %d cells, expected %d", i + 1, size[i], HDU_N);
    for (i = 0; i < HDU_CELLS; i++)
        r->regions[i] = (uint8_t)comp[i];
    return SK_OK;
}

static void drain(sk_reader *r)
{
    while (skf_peek(r, 0))
        skf_pop(r);
}

int skf_hdu_next(sk_reader *r, sk_puzzle *p, sk_diag *d)
{
    const char *s;
    size_t len;
    long line = 0, col = 0, v, case_no, first_line = 0;
    int t, i, failed = 0, raw[HDU_CELLS];

    p->format = SK_FORMAT_HDU4069;
    if (r->state == SKF_ST_HDU_HEAD) {
        t = next_token(r, &s, &len, &line, &col, d);
        if (t == 0)
            return r->fatal ? r->fatal : SK_DONE;
        r->state = SKF_ST_HDU_END;
        if (t < 0 || (v = number(s, len)) < 0) {
            char show[4 * SKF_SHOW_MAX + 4];
            p->index = r->index++;
            p->line = line;
            if (t < 0) {
                drain(r);
                return SK_EPARSE;
            }
            skf_show_token(s, len, show);
            drain(r);
            return skf_fail(d, line, col, "expected the number of cases, found '%s'", show);
        }
        r->hdu_cases = v;
        r->hdu_done = 0;
        r->hdu_count_line = line;
        r->state = SKF_ST_HDU_CASE;
    }
    if (r->state == SKF_ST_HDU_CASE && r->hdu_done >= r->hdu_cases)
        r->state = SKF_ST_HDU_END;
    if (r->state == SKF_ST_HDU_END) {
        t = next_token(r, &s, &len, &line, &col, d);
        if (t == 0)
            return r->fatal ? r->fatal : SK_DONE;
        p->index = r->index++;
        p->line = line;
        drain(r);
        if (r->fatal)
            return r->fatal;
        return skf_fail(d, line, col, "unexpected data after the %ld case%s announced on line %ld",
                        r->hdu_cases, r->hdu_cases == 1 ? "" : "s",
                        r->hdu_count_line);
    }

    case_no = ++r->hdu_done;
    p->index = r->index++;
    for (i = 0; i < HDU_CELLS; i++) {
        t = next_token(r, &s, &len, &line, &col, d);
        if (t == 0) {
            if (r->fatal)
                return r->fatal;
            r->state = SKF_ST_HDU_END;
            p->line = first_line ? first_line : r->lineno;
            if (failed)
                return SK_EPARSE; /* the first error stands */
            return skf_fail(d, r->lineno, 0, "input ends in case %ld after %d of %d numbers",
                            case_no, i, HDU_CELLS);
        }
        if (i == 0)
            first_line = line;
        if (t < 0) {
            failed = 1;
            continue;
        }
        v = number(s, len);
        r->cell_line[i] = (uint32_t)line;
        r->cell_column[i] = (uint32_t)col;
        if (failed)
            continue;
        if (v < 0 || v > 255) {
            char show[4 * SKF_SHOW_MAX + 4];
            skf_show_token(s, len, show);
            skf_fail(d, line, col, "value '%s' in case %ld is not a number 0 to 255", show,
                     case_no);
            failed = 1;
            continue;
        }
        if ((v & 15) > HDU_N) {
            skf_fail(d, line, col, "value %ld in case %ld holds digit %ld, expected 0 to 9", v,
                     case_no, v & 15);
            failed = 1;
            continue;
        }
        raw[i] = (int)v;
        r->cells[i] = (uint8_t)(v & 15);
    }
    p->line = first_line;
    if (failed)
        return SK_EPARSE;
    if (make_regions(r, raw, case_no, first_line, d) != SK_OK)
        return SK_EPARSE;
    skf_fill_puzzle(r, p, HDU_N, 1, SK_FORMAT_HDU4069);
    p->alphabet = SK_ALPHABET_DIGITS;
    return SK_OK;
}
