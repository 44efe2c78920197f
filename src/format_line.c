/*
 * format_line.c - line form: one puzzle per line, N*N symbols row by row;
 * a jigsaw line adds white space and N*N region ids in the same alphabet
 * (region k written as the symbol of value k+1).  A token starting with
 * '#' after the cells ends the line (a trailing comment).
 */
#include <stdio.h>
#include <string.h>

#include "format.h"

typedef struct token {
    size_t start; /* byte offset in the line */
    size_t len;
} token;

/* Splits ln into at most max white-space tokens, stopping at a token that
 * starts with '#' when it is not the first.  Returns the number of tokens
 * found (which may exceed max; only max are stored). */
static int split(const skf_line *ln, token *tok, int max)
{
    size_t i = ln->off;
    int count = 0;
    for (;;) {
        size_t s;
        while (i < ln->len && skf_space((unsigned char)ln->text[i]))
            i++;
        if (i >= ln->len)
            break;
        if (count > 0 && ln->text[i] == '#')
            break;
        s = i;
        while (i < ln->len && !skf_space((unsigned char)ln->text[i]))
            i++;
        if (count < max) {
            tok[count].start = s;
            tok[count].len = i - s;
        }
        count++;
    }
    return count;
}

int skf_jigsaw_line(const skf_line *ln, int n)
{
    token tok[2];
    int side;
    /* the region ids may have the wrong length: that is reported later */
    if (ln->too_long || ln->nul_col || split(ln, tok, 2) != 2 || 2 * tok[1].len < tok[0].len)
        return 0;
    side = skf_isqrt((long)tok[0].len);
    if (n > 0)
        return side == n;
    return side >= 4 && side <= SK_MAX_N;
}

/* Message for a cell count that is not a usable square. */
static int bad_count(sk_reader *r, const skf_line *ln, const token *t, sk_diag *d)
{
    long len = (long)t->len, k = 1;
    int n = r->opts.n;
    long col = (long)t->start + 1;
    if (n > 0)
        return skf_fail(d, ln->no, col, "line has %ld cells, expected %d for %dx%d", len, n * n,
                        n, n);
    if (len > (long)SKF_CELLS)
        return skf_fail(d, ln->no, col, "line has %ld cells, expected at most %d (%dx%d)", len,
                        SKF_CELLS, SK_MAX_N, SK_MAX_N);
    while ((k + 1) * (k + 1) <= len)
        k++;
    if (len - k * k > (k + 1) * (k + 1) - len)
        k++;
    if (r->opts.format == SK_FORMAT_AUTO && k < 4)
        return skf_fail(d, ln->no, col,
                        "line has %ld cells, expected a square number of at least 16 (4x4)", len);
    return skf_fail(d, ln->no, col, "line has %ld cells, expected a square number (%ld for %ldx%ld)",
                    len, k * k, k, k);
}

static int parse_line(sk_reader *r, const skf_line *ln, sk_puzzle *p, sk_diag *d)
{
    token tok[3];
    int count, n, i, jigsaw, st;
    sk_alphabet used;

    st = skf_line_error(ln, d);
    if (st != SK_OK)
        return st;
    count = split(ln, tok, 3);
    if (count > 2)
        return skf_fail(d, ln->no, (long)tok[2].start + 1,
                        "line has %d fields, expected the cells and, for a jigsaw, the region ids",
                        count);
    n = skf_isqrt((long)tok[0].len);
    if (n < 1 || n > SK_MAX_N || (r->opts.n > 0 && n != r->opts.n) ||
        (r->opts.format == SK_FORMAT_AUTO && r->opts.n == 0 && n < 4))
        return bad_count(r, ln, &tok[0], d);
    jigsaw = count == 2;
    if (jigsaw && tok[1].len != tok[0].len)
        return skf_fail(d, ln->no, (long)tok[1].start + 1,
                        "region ids have %ld symbols, expected %ld (one per cell)",
                        (long)tok[1].len, (long)tok[0].len);
    for (i = 0; i < n * n; i++) {
        r->sym[i] = ln->text[tok[0].start + (size_t)i];
        r->cell_line[i] = (uint32_t)ln->no;
        r->cell_column[i] = (uint32_t)(tok[0].start + (size_t)i + 1);
        r->cells[i] = 0;
        if (jigsaw) {
            r->rsym[i] = ln->text[tok[1].start + (size_t)i];
            r->reg_line[i] = (uint32_t)ln->no;
            r->reg_column[i] = (uint32_t)(tok[1].start + (size_t)i + 1);
        }
    }
    st = skf_decode(r, n, jigsaw, r->opts.alphabet, &used, d);
    if (st != SK_OK)
        return st;
    skf_fill_puzzle(r, p, n, jigsaw, SK_FORMAT_LINE);
    p->alphabet = used;
    return SK_OK;
}

int skf_line_next(sk_reader *r, sk_puzzle *p, sk_diag *d)
{
    skf_line *ln = skf_peek(r, 0);
    int st;
    if (!ln)
        return r->fatal ? r->fatal : SK_DONE;
    p->index = r->index++;
    p->line = ln->no;
    p->format = SK_FORMAT_LINE;
    st = parse_line(r, ln, p, d);
    skf_pop(r);
    return st;
}
