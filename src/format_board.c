/*
 * format_board.c - the LeetCode board: a JSON array of N rows, each an
 * array of N elements; an element is a one-character string ("5", ".")
 * or an integer (0 = empty).  White space and line breaks may appear
 * anywhere between tokens; several boards may follow one another, even on
 * one line.  N is the length of the first row; there must be N rows.
 *
 * After an error the reader skips the rest of the line and every line up
 * to a blank line, a comment, or a line that starts with "[[" (white space
 * allowed between the brackets), where the next board presumably starts.
 */
#include <stdio.h>
#include <string.h>

#include "format.h"

/* A position in the line queue. */
typedef struct cursor {
    sk_reader *r;
    skf_line *ln; /* current line (the queue's front) or NULL at the end */
    size_t pos;   /* next byte of ln */
    int bad;      /* the current line is overlong or holds a NUL */
} cursor;

/* Next character that is not white space, crossing lines; -1 at the end
 * of input, -2 on a line that could not be stored.  Sets *line, *col. */
static int next_char(cursor *c, long *line, long *col)
{
    for (;;) {
        if (!c->ln)
            return -1;
        if (c->ln->too_long || c->ln->nul_col) {
            c->bad = 1;
            *line = c->ln->no;
            *col = c->ln->nul_col;
            return -2;
        }
        if (c->pos == 0 && skf_comment(c->ln))
            c->pos = c->ln->len; /* a '#' comment line inside a board */
        while (c->pos < c->ln->len && skf_space((unsigned char)c->ln->text[c->pos]))
            c->pos++;
        *line = c->ln->no;
        *col = (long)c->pos + 1;
        if (c->pos < c->ln->len)
            return (unsigned char)c->ln->text[c->pos];
        skf_pop(c->r);
        c->ln = skf_peek(c->r, 0);
        c->pos = 0;
    }
}

/* The character right at the cursor (no skipping), or -1 at the line end. */
static int raw_char(cursor *c)
{
    if (!c->ln || c->pos >= c->ln->len)
        return -1;
    return (unsigned char)c->ln->text[c->pos];
}

static int is_board_start(const skf_line *ln)
{
    size_t i = 0;
    if (ln->too_long || ln->nul_col)
        return 0;
    while (i < ln->len && skf_space((unsigned char)ln->text[i]))
        i++;
    if (i >= ln->len || ln->text[i] != '[')
        return 0;
    for (i++; i < ln->len && skf_space((unsigned char)ln->text[i]); i++)
        ;
    return i < ln->len && ln->text[i] == '[';
}

/* Skips to where the next board may start. */
static void resync(sk_reader *r, cursor *c)
{
    skf_line *ln;
    if (c->ln)
        skf_pop(r);
    for (;;) {
        ln = skf_peek(r, 0);
        if (skf_block_end(ln) || is_board_start(ln))
            return;
        skf_pop(r);
    }
}

static int unexpected(sk_diag *d, long line, long col, int ch, const char *expected)
{
    char show[8];
    if (ch == -1)
        return skf_fail(d, line, col, "input ends inside the board, expected %s", expected);
    skf_show_char(ch, show);
    return skf_fail(d, line, col, "expected %s, found '%s'", expected, show);
}

/* Parses one board at the cursor into r's buffers; *np gets N. */
static int parse(sk_reader *r, cursor *c, int *np, sk_diag *d)
{
    long line = 0, col = 0, end_line = 0, end_col = 0;
    int ch, rows = 0, width = -1, fixed = r->opts.n;

    ch = next_char(c, &line, &col);
    if (ch == -2)
        return skf_line_error(c->ln, d);
    if (ch != '[')
        return unexpected(d, line, col, ch, "'[' to start a board");
    c->pos++;
    for (;;) {
        int j = 0;
        long row_line, row_col;
        ch = next_char(c, &line, &col);
        if (ch == -2)
            return skf_line_error(c->ln, d);
        if (ch == ']' && rows == 0)
            return skf_fail(d, line, col, "board has no rows, expected %s",
                            "[[\"5\",\"3\",...],...]");
        if (ch != '[') {
            char what[40];
            snprintf(what, sizeof what, "'[' to start row %d", rows + 1);
            return unexpected(d, line, col, ch, what);
        }
        row_line = line;
        row_col = col;
        c->pos++;
        ch = next_char(c, &line, &col);
        if (ch == ']') {
            c->pos++;
        } else {
            for (;;) {
                int at = rows * (width > 0 ? width : 0) + j, v = 0, sym = 0;
                long el_line, el_col;
                if (ch == -2)
                    return skf_line_error(c->ln, d);
                el_line = line;
                el_col = col;
                if (ch == '"') {
                    c->pos++;
                    sym = raw_char(c);
                    el_col = (long)c->pos + 1;
                    if (sym == '"')
                        return skf_fail(d, line, el_col,
                                        "empty string, expected one symbol like \"5\" or \".\"");
                    if (sym < 0 || sym == '\\')
                        return skf_fail(d, line, el_col,
                                        "expected one symbol like \"5\" or \".\" in the string");
                    c->pos++;
                    if (raw_char(c) != '"')
                        return skf_fail(d, line, (long)c->pos + 1,
                                        "expected '\"' after the symbol (strings hold one symbol)");
                    c->pos++;
                } else if (ch >= '0' && ch <= '9') {
                    while ((ch = raw_char(c)) >= '0' && ch <= '9') {
                        if (v <= 1000)
                            v = v * 10 + (ch - '0');
                        c->pos++;
                    }
                    if (v > SK_MAX_N)
                        return skf_fail(d, el_line, el_col, "number %d is above %d", v,
                                        SK_MAX_N);
                } else {
                    return unexpected(d, line, col, ch, "a string like \"5\" or a number");
                }
                if (j >= SK_MAX_N || (width > 0 && j >= width))
                    return skf_fail(d, el_line, el_col, "row %d has more than %d cells",
                                    rows + 1, width > 0 ? width : SK_MAX_N);
                if (rows >= SK_MAX_N)
                    return skf_fail(d, row_line, row_col, "board has more than %d rows",
                                    width > 0 ? width : SK_MAX_N);
                r->sym[at] = (char)sym;
                r->cells[at] = (uint8_t)v;
                r->cell_line[at] = (uint32_t)el_line;
                r->cell_column[at] = (uint32_t)el_col;
                j++;
                ch = next_char(c, &line, &col);
                if (ch == ',') {
                    c->pos++;
                    ch = next_char(c, &line, &col);
                    continue;
                }
                if (ch == ']') {
                    c->pos++;
                    break;
                }
                if (ch == -2)
                    return skf_line_error(c->ln, d);
                return unexpected(d, line, col, ch, "',' or ']'");
            }
        }
        if (rows == 0) {
            if (j == 0)
                return skf_fail(d, row_line, row_col, "row 1 is empty, expected N cells");
            if (fixed > 0 && j != fixed)
                return skf_fail(d, row_line, row_col, "row 1 has %d cells, expected %d", j,
                                fixed);
            width = j;
        } else if (j != width) {
            return skf_fail(d, row_line, row_col, "row %d has %d cells, expected %d", rows + 1,
                            j, width);
        }
        rows++;
        ch = next_char(c, &line, &col);
        if (ch == ',') {
            c->pos++;
            continue;
        }
        if (ch == ']') {
            end_line = line;
            end_col = col;
            c->pos++;
            break;
        }
        if (ch == -2)
            return skf_line_error(c->ln, d);
        return unexpected(d, line, col, ch, "',' or ']'");
    }
    if (rows != width)
        return skf_fail(d, end_line, end_col, "board has %d rows, expected %d (one per cell of a row)",
                        rows, width);
    *np = width;
    return SK_OK;
}

int skf_board_next(sk_reader *r, sk_puzzle *p, sk_diag *d)
{
    cursor c;
    int st, n = 0, i, strings = 0;
    sk_alphabet used;

    c.r = r;
    c.ln = skf_peek(r, 0);
    c.bad = 0;
    if (!c.ln)
        return r->fatal ? r->fatal : SK_DONE;
    c.pos = c.ln->off;
    while (c.pos < c.ln->len && skf_space((unsigned char)c.ln->text[c.pos]))
        c.pos++;
    p->index = r->index++;
    p->line = c.ln->no;
    p->format = SK_FORMAT_BOARD;
    st = parse(r, &c, &n, d);
    if (st != SK_OK) {
        if (r->fatal)
            return r->fatal;
        resync(r, &c);
        return st;
    }
    /* leave the rest of the line for the next board, or drop the line */
    c.ln->off = c.pos;
    if (skf_blank(c.ln))
        skf_pop(r);
    for (i = 0; i < n * n; i++) {
        if (r->sym[i])
            strings = 1;
        else if (r->cells[i] > n)
            return skf_fail(d, (long)r->cell_line[i], (long)r->cell_column[i],
                            "number %d is above %d", r->cells[i], n);
    }
    st = skf_decode(r, n, 0, strings ? r->opts.alphabet : SK_ALPHABET_NUMBERS, &used, d);
    if (st != SK_OK)
        return st;
    skf_fill_puzzle(r, p, n, 0, SK_FORMAT_BOARD);
    p->alphabet = used;
    return SK_OK;
}
