/*
 * format_grid.c - grid form: N rows of N cells, then (jigsaw) N rows of
 * region ids, all in one block (no blank line inside).
 *
 * A row is measured in one of two ways, chosen once per block:
 *   characters  every character except white space and '|' is a cell;
 *   tokens      every white-space token except those made only of '|' and
 *               '+' is a cell: a decimal number (0 = empty) or one empty
 *               mark.  Used with the NUMBERS alphabet, and with AUTO when
 *               every data row of the block holds only such tokens (a
 *               number has no leading zero and is at most 64) and some
 *               row has a number of two digits.  When both measures are
 *               possible the one that makes the block N rows of N cells
 *               wins, then the one that makes it 2N rows (jigsaw), then
 *               tokens: "12 34" rows of a 4x4 grid grouped by box stay
 *               characters.
 * Separator lines carry no data.  A line made only of "-+=|:" and white
 * space is a separator when it holds '+', '=' or ':' or no '-' at all; a
 * line of only '-' (and '|', spaces) is a separator unless it has exactly
 * N dashes, in which case it is a row of empty cells ('-' is the POJ
 * empty mark).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"

enum { ROW_DATA, ROW_SEP, ROW_DASH, ROW_BAD };

/* How one line measures as a grid row. */
typedef struct rowinfo {
    int kind;     /* ROW_*; ROW_BAD: overlong or NUL line */
    int chars;    /* cells when measured in characters */
    int tokens;   /* cells when measured in tokens */
    int tok_ok;   /* every counted token is a number <= 64 or one empty mark */
    int tok_long; /* some counted token has two characters */
    int fields;   /* counted tokens before one starting with '#' */
    int field_max; /* characters in the longest of those */
} rowinfo;

static int empty_mark(int c)
{
    return c == '.' || c == '-' || c == '_' || c == '*';
}

static int separator_token(const char *s, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (s[i] != '|' && s[i] != '+')
            return 0;
    return 1;
}

/* A number 0..64 without leading zero, or one empty mark. */
static int number_token(const char *s, size_t len)
{
    if (len == 1)
        return empty_mark((unsigned char)s[0]) || (s[0] >= '0' && s[0] <= '9');
    if (len == 2)
        return s[0] >= '1' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9' &&
               (s[0] - '0') * 10 + (s[1] - '0') <= SK_MAX_N;
    return 0;
}

/* Cells of a row drawn between bars with one character per cell and a
 * space on each side of it ("| 5 3   |   7   |"), where a space can be an
 * empty cell: the offsets of its cells in col (at most max), and how many;
 * -1 when the row is not drawn so. */
static int positional(const skf_line *ln, size_t *col, int max)
{
    size_t i = ln->off, first, last;
    int count = 0;
    while (i < ln->len && skf_space((unsigned char)ln->text[i]))
        i++;
    if (i >= ln->len || ln->text[i] != '|')
        return -1;
    first = i;
    last = ln->len;
    while (last > first && skf_space((unsigned char)ln->text[last - 1]))
        last--;
    if (ln->text[last - 1] != '|' || last - 1 == first)
        return -1;
    for (i = first; i + 1 < last;) {
        size_t end = i + 1, k;
        while (end < last && ln->text[end] != '|')
            end++;
        /* the segment between the bars at i and end: " c c c " */
        if ((end - i - 1) < 3 || (end - i - 1) % 2 == 0)
            return -1;
        for (k = i + 1; k < end; k++) {
            if ((k - i) % 2 == 1) {
                if (ln->text[k] != ' ')
                    return -1;
            } else {
                if (count < max)
                    col[count] = k;
                count++;
            }
        }
        i = end;
    }
    return count;
}

/* A border drawn with '*' corners around dashes ("*-----------*", as
 * several solvers copy a grid): '*' first and last, only '-', '+' and '|'
 * between, and at least three dashes. */
static int star_border(const skf_line *ln)
{
    size_t s = ln->off, e = ln->len, i;
    int dashes = 0;
    while (s < e && skf_space((unsigned char)ln->text[s]))
        s++;
    while (e > s && skf_space((unsigned char)ln->text[e - 1]))
        e--;
    if (e - s < 5 || ln->text[s] != '*' || ln->text[e - 1] != '*')
        return 0;
    for (i = s + 1; i + 1 < e; i++) {
        char c = ln->text[i];
        if (c == '-')
            dashes++;
        else if (c != '+' && c != '|')
            return 0;
    }
    return dashes >= 3;
}

static void measure(const skf_line *ln, rowinfo *ri)
{
    size_t i = ln->off;
    int only_sep_chars = 1, hard = 0, dash = 0, any = 0, comment = 0;

    memset(ri, 0, sizeof *ri);
    if (ln->too_long || ln->nul_col) {
        ri->kind = ROW_BAD;
        return;
    }
    ri->tok_ok = 1;
    while (i < ln->len) {
        size_t s;
        if (skf_space((unsigned char)ln->text[i])) {
            i++;
            continue;
        }
        s = i;
        while (i < ln->len && !skf_space((unsigned char)ln->text[i])) {
            char c = ln->text[i++];
            any = 1;
            if (c != '|')
                ri->chars++;
            if (c == '+' || c == '=' || c == ':')
                hard = 1;
            else if (c == '-')
                dash = 1;
            else if (c != '|')
                only_sep_chars = 0;
        }
        if (separator_token(ln->text + s, i - s))
            continue;
        ri->tokens++;
        if (ln->text[s] == '#')
            comment = 1;
        if (!comment) {
            ri->fields++;
            if ((int)(i - s) > ri->field_max)
                ri->field_max = (int)(i - s);
        }
        if (!number_token(ln->text + s, i - s))
            ri->tok_ok = 0;
        if (i - s > 1)
            ri->tok_long = 1;
    }
    if (!only_sep_chars && star_border(ln)) {
        only_sep_chars = 1; /* "*-----------*": a border with '*' corners */
        hard = 1;
    }
    if (!only_sep_chars) {
        size_t col[SK_MAX_N];
        int k = positional(ln, col, SK_MAX_N);
        if (k > ri->chars)
            ri->chars = k; /* spaces that are empty cells */
    }
    if (any && only_sep_chars && (hard || !dash))
        ri->kind = ROW_SEP;
    else if (any && only_sep_chars)
        ri->kind = ROW_DASH;
    else
        ri->kind = ROW_DATA;
}

/* Three or more short fields: a row of a grid, never a line puzzle (whose
 * cells are one field of 16 or more symbols). */
static int grid_row(const rowinfo *ri)
{
    return ri->kind == ROW_DATA && ri->fields >= 3 && ri->field_max <= 3;
}

static int width_of(const rowinfo *ri, int tokens)
{
    return tokens ? ri->tokens : ri->chars;
}

/* Counts the data rows of the scanned lines for one measure. */
static void count_rows(const rowinfo *ri, int nrows, int tokens, int w, int *rows, int *fits)
{
    int k, n = 0, ok = 1;
    for (k = 0; k < nrows; k++) {
        int x = width_of(&ri[k], tokens), side;
        switch (ri[k].kind) {
        case ROW_SEP:
            continue;
        case ROW_DASH:
            if (x == w)
                n++;
            continue;
        case ROW_BAD:
            n++;
            ok = 0;
            continue;
        default:
            n++;
            side = skf_isqrt(x);
            if (x != w && side >= 4)
                ok = 0;
        }
    }
    *rows = n;
    *fits = ok;
}

/* A grid row written with commas ("5,3,0,0,7,0,0,0,0", or "5,3,,,7" with
 * empty fields for empty cells), semicolons, or tabs (a table copied from
 * a web page: "5\t3\t\t\t7") is rewritten as one separated by spaces, an
 * empty field becoming '.', so that it measures and parses as any other
 * row.  Only rows of three or more fields of at most two characters are
 * rows (a comma-separated puzzle record has long fields). */
static void comma_row(skf_line *ln)
{
    size_t i, fields = 1, flen = 0, n, start, size;
    char *out, sep = 0;
    static const char seps[] = ",;\t";
    if (ln->too_long || ln->nul_col || ln->len <= ln->off)
        return;
    for (i = 0; i < sizeof seps - 1 && !sep; i++)
        if (memchr(ln->text + ln->off, seps[i], ln->len - ln->off))
            sep = seps[i];
    if (!sep)
        return;
    for (i = ln->off; i < ln->len; i++) {
        char c = ln->text[i];
        if (c == sep) {
            fields++;
            flen = 0;
        } else if (!skf_space((unsigned char)c)) {
            if (c == '{' || c == '[' || c == '"' || c == ':' || ++flen > 2)
                return;
        }
    }
    if (fields < 3)
        return;
    size = 2 * ln->len + 2;
    if (ln->colmap_cap < size) {
        uint32_t *map = realloc(ln->colmap, size * sizeof *map);
        if (!map)
            return;
        ln->colmap = map;
        ln->colmap_cap = size;
    }
    out = malloc(size);
    if (!out)
        return;
    for (i = 0; i < ln->off; i++)
        ln->colmap[i] = (uint32_t)i + 1;
    memcpy(out, ln->text, ln->off);
    n = ln->off;
    start = ln->off;
    for (i = ln->off; i <= ln->len; i++) {
        size_t k;
        int has = 0;
        if (i < ln->len && ln->text[i] != sep)
            continue;
        for (k = start; k < i; k++) {
            ln->colmap[n] = (uint32_t)k + 1;
            out[n++] = ln->text[k] == '\t' ? ' ' : ln->text[k];
            has |= !skf_space((unsigned char)ln->text[k]);
        }
        /* an empty field is an empty cell (a spreadsheet writes a row
           whose last cells are empty as "5,3,,,7,,,,"): at the place of
           the separator that ends it */
        if (!has) {
            ln->colmap[n] = (uint32_t)(i < ln->len ? i : ln->len) + 1;
            out[n++] = '.';
        }
        if (i < ln->len) {
            ln->colmap[n] = (uint32_t)i + 1;
            out[n++] = ' ';
        }
        start = i + 1;
    }
    out[n] = '\0';
    ln->input_len = (long)ln->len;
    ln->mapped = n;
    free(ln->text);
    ln->text = out;
    ln->len = n;
    ln->cap = size;
}

/* Column in the input of column col (1-based) of a rewritten line. */
static long input_column(const skf_line *ln, long col)
{
    if (!ln->mapped || col <= 0)
        return col;
    if ((size_t)col <= ln->mapped)
        return (long)ln->colmap[col - 1];
    return ln->input_len + 1;
}

/* Data rows of a grid whose first data row is ri: its cells counted as
 * numbers when it has numbers of two digits, else as characters. */
static int min_rows(const rowinfo *ri)
{
    return ri->tok_ok && ri->tok_long && ri->tokens >= 2 ? ri->tokens : ri->chars;
}

int skf_scan_block(sk_reader *r, int n, skf_block *b)
{
    rowinfo ri[SKF_QCAP];
    int nrows = 0, data = 0, first = -1, first_dash = -1, k, truncated = 0;
    int can_tok, can_char, eligible = 1, has_long = 0, line_row = 0;
    int wt, wc, rt = 0, ft = 0, rc = 0, fc = 0, soft = 0;
    size_t bytes = 0;
    sk_alphabet a = r->opts.alphabet;

    memset(b, 0, sizeof *b);
    for (k = 0;; k++) {
        skf_line *ln;
        if (k >= SKF_QCAP || data > 2 * SK_MAX_N + 1 || bytes > SKF_SCAN_BYTES) {
            truncated = 1;
            break;
        }
        /* once the rows seen could make a whole grid, a row that is not
           there yet ends the block (input that arrives a piece at a time) */
        if (first >= 0 && data >= min_rows(&ri[first])) {
            ln = skf_peek_opt(r, k);
            if (!ln && r->soft_end) {
                soft = 1;
                break;
            }
        } else {
            ln = skf_peek(r, k);
        }
        if (!ln && r->fatal)
            return r->fatal;
        if (skf_block_end(ln))
            break;
        comma_row(ln);
        bytes += ln->len;
        measure(ln, &ri[k]);
        nrows++;
        if (ri[k].kind == ROW_DATA || ri[k].kind == ROW_BAD) {
            data++;
            if (ri[k].kind == ROW_DATA) {
                if (ri[k].chars > SK_MAX_N && skf_isqrt(ri[k].chars) > 0)
                    line_row = 1;
                eligible &= ri[k].tok_ok;
                has_long |= ri[k].tok_long && ri[k].tokens >= 2;
            }
            if (first < 0) {
                first = k;
                /* a first row no grid can have: a line puzzle; stop early */
                if (ri[k].kind == ROW_BAD ||
                    ((!ri[k].tok_ok || a != SK_ALPHABET_AUTO) && ri[k].chars > SK_MAX_N &&
                     skf_isqrt(ri[k].chars) > 0 && a != SK_ALPHABET_NUMBERS &&
                     !grid_row(&ri[k]))) {
                    nrows = k + 1;
                    break;
                }
            }
        } else if (ri[k].kind == ROW_DASH) {
            data++;
            if (first_dash < 0)
                first_dash = k;
        }
    }
    if (first < 0)
        first = first_dash;
    if (first < 0)
        return SK_OK; /* only separators */
    if (ri[first].kind == ROW_BAD) {
        b->width = SKF_CELLS + 1;
        b->rows = 1;
        return SK_OK;
    }

    /* a grid row too wide in characters can only be measured in tokens
       (such as a grid of numbers with a value above 64, or a grid too large) */
    can_tok = a == SK_ALPHABET_NUMBERS || (a == SK_ALPHABET_AUTO && eligible && has_long) ||
              (a == SK_ALPHABET_AUTO && grid_row(&ri[first]) && ri[first].chars > SK_MAX_N);
    can_char = a != SK_ALPHABET_NUMBERS;
    wt = ri[first].tokens;
    wc = ri[first].chars;
    if (can_tok)
        count_rows(ri, nrows, 1, wt, &rt, &ft);
    if (can_char)
        count_rows(ri, nrows, 0, wc, &rc, &fc);
    if (can_tok && can_char) {
        int tok_plain = rt == wt, tok_jig = rt == 2 * wt;
        int char_plain = wc <= SK_MAX_N && rc == wc;
        int char_jig = wc <= SK_MAX_N && rc == 2 * wc;
        if (n > 0)
            can_char = wt != n && wc == n;
        else
            can_char = (char_plain && !tok_plain) || (char_jig && !tok_plain && !tok_jig);
        can_tok = !can_char;
    }
    b->tokens = can_tok;
    b->width = can_tok ? wt : wc;
    b->rows = can_tok ? rt : rc;
    b->fits = can_tok ? ft : fc;
    b->line_row = !can_tok && line_row;
    b->grid_row = grid_row(&ri[first]);
    if (truncated)
        b->rows = 4 * SK_MAX_N;
    b->soft = soft;
    b->lines = nrows;
    return SK_OK;
}

/* ---- parsing one grid ------------------------------------------------ */

/* Reads one data row (row k of the block, 0-based) into r's buffers.
 * Rows 0..n-1 are cells, rows n..2n-1 region ids. */
static int parse_row_at(sk_reader *r, const skf_line *ln, int tokens, int n, int k, sk_diag *d)
{
    int region = k >= n, row = region ? k - n : k, j = 0;
    size_t i = ln->off;
    long extra_col = 0, end_col = (long)ln->len + 1;
    char *sym = region ? r->rsym : r->sym;
    uint8_t *val = region ? r->regions : r->cells;
    uint32_t *lines = region ? r->reg_line : r->cell_line;
    uint32_t *cols = region ? r->reg_column : r->cell_column;

    if (!tokens) {
        size_t col[SK_MAX_N + 1];
        int w = positional(ln, col, SK_MAX_N + 1), m;
        if (w > 0) {
            int cells = 0;
            for (m = 0; m < w && m <= SK_MAX_N; m++)
                cells += ln->text[col[m]] != ' ';
            if (cells < w) { /* some spaces are empty cells */
                if (w != n)
                    return skf_fail(d, ln->no, w > n && n <= SK_MAX_N ? (long)col[n] + 1 : end_col,
                                    "%s %d has %d %s, expected %d",
                                    region ? "region row" : "row", row + 1, w,
                                    region ? "ids" : "cells", n);
                for (m = 0; m < n; m++) {
                    int at = row * n + m;
                    char c = ln->text[col[m]];
                    sym[at] = c == ' ' ? '.' : c;
                    val[at] = 0;
                    lines[at] = (uint32_t)ln->no;
                    cols[at] = (uint32_t)col[m] + 1;
                }
                return SK_OK;
            }
        }
    }
    while (i < ln->len) {
        size_t s;
        if (skf_space((unsigned char)ln->text[i])) {
            i++;
            continue;
        }
        if (!tokens) {
            char c = ln->text[i++];
            if (c == '|')
                continue;
            if (j < n) {
                int at = row * n + j;
                sym[at] = c;
                val[at] = 0;
                lines[at] = (uint32_t)ln->no;
                cols[at] = (uint32_t)i;
            } else if (j == n) {
                extra_col = (long)i;
            }
            j++;
            continue;
        }
        s = i;
        while (i < ln->len && !skf_space((unsigned char)ln->text[i]))
            i++;
        if (separator_token(ln->text + s, i - s))
            continue;
        if (j < n) {
            int at = row * n + j;
            const char *t = ln->text + s;
            size_t len = i - s, q;
            long v = 0;
            int digits = 1;
            for (q = 0; q < len; q++)
                if (t[q] < '0' || t[q] > '9')
                    digits = 0;
            if (len == 1 && empty_mark((unsigned char)t[0])) {
                v = 0;
            } else if (!digits || len > 6) {
                char show[4 * SKF_SHOW_MAX + 4];
                return skf_fail(d, ln->no, (long)s + 1,
                                "unknown %s '%s' for a %dx%d puzzle (numbers alphabet)",
                                region ? "region id" : "symbol", skf_show_token(t, len, show), n,
                                n);
            } else {
                for (q = 0; q < len; q++)
                    v = v * 10 + (t[q] - '0');
            }
            /* region ids may be labels of any value (alphabet.c) */
            if (v > (region ? 255 : n))
                return skf_fail(d, ln->no, (long)s + 1, "%s %ld is above %d (numbers alphabet)",
                                region ? "region id" : "number", v, region ? 255 : n);
            if (region && len == 1 && empty_mark((unsigned char)t[0]))
                return skf_fail(d, ln->no, (long)s + 1,
                                "region id '%.*s' is an empty mark, expected 1 to %d",
                                (int)len, t, n);
            sym[at] = '\0';
            val[at] = (uint8_t)v;
            lines[at] = (uint32_t)ln->no;
            cols[at] = (uint32_t)s + 1;
        } else if (j == n) {
            extra_col = (long)s + 1;
        }
        j++;
    }
    if (j != n)
        return skf_fail(d, ln->no, j > n ? extra_col : end_col, "%s %d has %d %s, expected %d",
                        region ? "region row" : "row", row + 1, j, region ? "ids" : "cells", n);
    return SK_OK;
}

static int parse_row(sk_reader *r, const skf_line *ln, int tokens, int n, int k, sk_diag *d);

/* Region id of cell i as parsed into rows n..2n-1: its raw symbol, or a
 * number token's value. */
static int region_key(const sk_reader *r, int i)
{
    return r->rsym[i] ? (unsigned char)r->rsym[i] : 256 + r->regions[i];
}

/* 1 when the N x N ids parsed into the region rows name N regions of N
 * cells, each in one orthogonally connected piece: a region grid, not a
 * second puzzle (a solution grid has N of each digit too, but never two
 * alike side by side). */
static int plausible_regions(const sk_reader *r, int n)
{
    int key[SK_MAX_N], size[SK_MAX_N], nk = 0, i, j;
    int stack[SKF_CELLS], top;
    uint8_t seen[SKF_CELLS];
    if (n < 1 || n > SK_MAX_N)
        return 0;
    for (i = 0; i < n * n; i++) {
        int k = region_key(r, i);
        if (r->rsym[i] && (r->rsym[i] == '.' || r->rsym[i] == '-' || r->rsym[i] == '_' ||
                           r->rsym[i] == '*'))
            return 0;
        for (j = 0; j < nk && key[j] != k; j++)
            ;
        if (j == nk) {
            if (nk == n)
                return 0;
            key[nk] = k;
            size[nk++] = 0;
        }
        size[j]++;
    }
    for (j = 0; j < nk; j++)
        if (size[j] != n)
            return 0;
    memset(seen, 0, (size_t)(n * n));
    for (j = 0; j < nk; j++) {
        int reached = 0;
        for (i = 0; region_key(r, i) != key[j]; i++)
            ;
        top = 0;
        stack[top++] = i;
        seen[i] = 1;
        while (top > 0) {
            int c = stack[--top], row = c / n, col = c % n, nb[4], m;
            reached++;
            nb[0] = row > 0 ? c - n : -1;
            nb[1] = row < n - 1 ? c + n : -1;
            nb[2] = col > 0 ? c - 1 : -1;
            nb[3] = col < n - 1 ? c + 1 : -1;
            for (m = 0; m < 4; m++)
                if (nb[m] >= 0 && !seen[nb[m]] && region_key(r, nb[m]) == key[j]) {
                    seen[nb[m]] = 1;
                    stack[top++] = nb[m];
                }
        }
        if (reached != n)
            return 0;
    }
    return 1;
}

/* A jigsaw's region grid written after a blank line: N rows of N ids,
 * then the end of the block.  Parses them as rows N..2N-1 and consumes
 * them (1), or leaves the input as it is (0). */
static int region_grid_after(sk_reader *r, int n)
{
    sk_diag scratch;
    skf_line *ln;
    int k = 0, i, can_tok = 1, can_char = 1;
    for (;;) {
        ln = skf_peek_opt(r, k);
        if (!ln || skf_comment(ln) || skf_rule_line(ln) || k > 3)
            return 0;
        if (!skf_blank(ln))
            break;
        k++;
    }
    if (k == 0)
        return 0;
    /* one measure for every row: numbers when some row needs them */
    for (i = 0; i < n; i++) {
        rowinfo ri;
        ln = skf_peek_opt(r, k + i);
        if (skf_block_end(ln))
            return 0;
        measure(ln, &ri);
        if (ri.kind != ROW_DATA)
            return 0;
        can_tok &= ri.tokens == n && ri.tok_ok;
        can_char &= ri.chars == n;
    }
    if (!can_char && !can_tok)
        return 0;
    for (i = 0; i < n; i++)
        if (parse_row(r, skf_peek(r, k + i), !can_char, n, n + i, &scratch) != SK_OK)
            return 0;
    ln = skf_peek_opt(r, k + n);
    if (!skf_block_end(ln) || !plausible_regions(r, n))
        return 0;
    for (i = 0; i < k + n; i++)
        skf_pop(r);
    return 1;
}

/* parse_row_at, with the columns it reports taken back to the input when
 * the line was rewritten (comma_row). */
static int parse_row(sk_reader *r, const skf_line *ln, int tokens, int n, int k, sk_diag *d)
{
    int st = parse_row_at(r, ln, tokens, n, k, d), m;
    if (ln->mapped) {
        uint32_t *cols = (k >= n ? r->reg_column : r->cell_column) + (k % n) * n;
        if (st == SK_OK)
            for (m = 0; m < n; m++)
                cols[m] = (uint32_t)input_column(ln, (long)cols[m]);
        else
            d->column = input_column(ln, d->column);
    }
    return st;
}

int skf_grid_next(sk_reader *r, sk_puzzle *p, sk_diag *d)
{
    skf_block b;
    skf_line *ln = skf_peek(r, 0);
    int st, n, rows = 0, failed = 0, jigsaw;
    long first_line, last_line = 0, extra_line = 0;
    sk_alphabet used;

    if (!ln)
        return r->fatal ? r->fatal : SK_DONE;
    first_line = ln->no;
    st = skf_scan_block(r, r->opts.n, &b);
    if (st != SK_OK)
        return st;
    p->index = r->index++;
    p->line = first_line;
    p->format = SK_FORMAT_GRID;
    n = r->opts.n > 0 ? r->opts.n : b.width;
    if (n < 1) {
        failed = 1;
        skf_fail(d, first_line, 0, "separator lines without a grid, expected rows of cells");
    } else if (n > SK_MAX_N) {
        failed = 1;
        skf_fail(d, first_line, 0, "grid row has %d cells, expected at most %d", n, SK_MAX_N);
    }
    /* consume the block, parsing rows until the first error */
    for (int seen = 0;; seen++) {
        rowinfo ri;
        if (b.soft && seen == b.lines)
            break;
        ln = skf_peek(r, 0);
        if (!ln && r->fatal)
            return r->fatal;
        if (skf_block_end(ln))
            break;
        measure(ln, &ri);
        if (ri.kind == ROW_SEP || (ri.kind == ROW_DASH && width_of(&ri, b.tokens) != n)) {
            skf_pop(r);
            continue;
        }
        if (!failed && ri.kind == ROW_BAD) {
            skf_line_error(ln, d);
            failed = 1;
        }
        if (!failed && rows < 2 * n && parse_row(r, ln, b.tokens, n, rows, d) != SK_OK)
            failed = 1;
        rows++;
        if (rows == n + 1)
            extra_line = ln->no;
        last_line = ln->no;
        skf_pop(r);
    }
    if (failed)
        return SK_EPARSE;
    if (rows == n && n >= 4 && region_grid_after(r, n))
        rows = 2 * n;
    if (rows < n)
        return skf_fail(d, last_line, 0, "grid has %d rows, expected %d", rows, n);
    if (rows != n && rows != 2 * n)
        return skf_fail(d, extra_line, 0, "grid has %d rows, expected %d, or %d with region ids",
                        rows, n, 2 * n);
    jigsaw = rows == 2 * n;
    st = skf_decode(r, n, jigsaw, b.tokens ? SK_ALPHABET_NUMBERS : r->opts.alphabet, &used, d);
    if (st != SK_OK)
        return st;
    skf_fill_puzzle(r, p, n, jigsaw, SK_FORMAT_GRID);
    p->alphabet = used;
    return SK_OK;
}
