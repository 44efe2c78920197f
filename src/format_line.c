/*
 * format_line.c - line form: one puzzle per line, N*N symbols row by row;
 * a jigsaw line adds white space and N*N region ids in the same alphabet
 * (region k written as the symbol of value k+1).  A token starting with
 * '#' after the cells ends the line (a trailing comment).  A line of pencil
 * marks (SUKAKU) goes to format_pencil.c.
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

#define MAX_TOKENS 64

/* A label before a line puzzle: "puzzle", "1:", "#12", "12.", "(3)". */
static int label_token(const char *t, size_t len)
{
    size_t i, digits = 0, letters = 0;
    if (len == 0 || len >= 16)
        return 0;
    if (t[len - 1] == ':')
        return 1;
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)t[i];
        if (c >= '0' && c <= '9')
            digits++;
        else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
            letters++;
        else if (!(c == '#' && i == 0) && !((c == '.' || c == ')') && i == len - 1) &&
                 !(c == '(' && i == 0))
            return 0;
    }
    /* a word, or a number with its marks; a short line puzzle has dots */
    return letters == len || (digits > 0 && letters == 0);
}

/* A rating a collection writes after the puzzle ("11.9/11.9/11.3",
 * "ER=7.1", "2.2"): digits with a '.' in them, and '/', '=' or letters. */
static int trailing_token(const char *t, size_t len)
{
    size_t i;
    int dot = 0, digit = 0;
    if (len == 0 || len >= 16)
        return 0;
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)t[i];
        if (c == '.')
            dot = 1;
        else if (c >= '0' && c <= '9')
            digit = 1;
        else if (!(c == '/' || c == '=' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
            return 0;
    }
    return dot && digit && t[0] != '.' && t[len - 1] != '.';
}

/* Trims [*s, *e) of white space. */
static void trim(const skf_line *ln, size_t *s, size_t *e)
{
    while (*s < *e && skf_space((unsigned char)ln->text[*s]))
        (*s)++;
    while (*e > *s && skf_space((unsigned char)ln->text[*e - 1]))
        (*e)--;
}

/* A record of comma-separated fields ("puzzle,solution", or the columns of
 * a collection: "1,1..5.37..,19854372..,27,2.2"): the first field of a
 * square number of at least 16 symbols is the puzzle, the next one of the
 * same length its solution.  0 when the line is not such a record. */
static int csv_record(const skf_line *ln, token *cells, token *sol)
{
    size_t s = ln->off, e;
    int found = 0;
    if (!memchr(ln->text + ln->off, ',', ln->len - ln->off))
        return 0;
    sol->len = 0;
    while (s <= ln->len) {
        size_t a, b;
        e = s;
        while (e < ln->len && ln->text[e] != ',')
            e++;
        a = s;
        b = e;
        trim(ln, &a, &b);
        if (!found && b - a >= 16 && skf_isqrt((long)(b - a)) > 0) {
            cells->start = a;
            cells->len = b - a;
            found = 1;
        } else if (found && b - a == cells->len) {
            sol->start = a;
            sol->len = b - a;
            break;
        }
        s = e + 1;
    }
    return found;
}

int skf_csv_line(const skf_line *ln)
{
    token cells, sol;
    return !ln->too_long && !ln->nul_col && split(ln, &cells, 1) == 1 &&
           csv_record(ln, &cells, &sol);
}

static int parse_line(sk_reader *r, const skf_line *ln, sk_puzzle *p, sk_diag *d)
{
    static const token none = {0, 0};
    token tok[MAX_TOKENS], cells = none, regions, sol;
    int count, n, i, jigsaw, st, first = 0, groups = 0, last;
    sk_alphabet used;

    st = skf_line_error(ln, d);
    if (st != SK_OK)
        return st;
    count = split(ln, tok, MAX_TOKENS);
    regions = sol = none;
    if (count == 1 && csv_record(ln, &cells, &sol)) {
        jigsaw = 0;
        last = count;
    } else {
        int stored = count < MAX_TOKENS ? count : MAX_TOKENS;
        /* a label before the cells: "puzzle 1: ...", "#12 ..." */
        while (first + 1 < stored && label_token(ln->text + tok[first].start, tok[first].len))
            first++;
        if (tok[first].len < 16)
            first = 0;
        /* the cells in groups: "530070000 600195000 ..." (at least three
           groups of one length, as many symbols as a grid has cells) */
        last = stored;
        if (stored - first >= 3) {
            size_t g = tok[first].len;
            int k = first, side;
            while (k < stored && tok[k].len == g)
                k++;
            side = skf_isqrt((long)((size_t)(k - first) * g));
            if (k - first >= 3 && g >= 2 && side >= 4 && side <= SK_MAX_N &&
                (side == k - first || (size_t)side == g) && (r->opts.n == 0 || r->opts.n == side))
                groups = k - first;
        }
        if (groups) {
            cells.start = tok[first].start;
            cells.len = (size_t)groups * tok[first].len;
            last = first + groups;
            jigsaw = 0;
        } else {
            cells = tok[first];
            last = first + 1;
            jigsaw = last < stored && tok[last].len == cells.len;
            if (jigsaw)
                regions = tok[last++];
        }
        /* what a collection adds after the puzzle (a rating) is left out */
        while (last < stored && trailing_token(ln->text + tok[last].start, tok[last].len))
            last++;
    }
    n = skf_isqrt((long)cells.len);
    if (n < 1 || n > SK_MAX_N || (r->opts.n > 0 && n != r->opts.n) ||
        (r->opts.format == SK_FORMAT_AUTO && r->opts.n == 0 && n < 4))
        return bad_count(r, ln, &cells, d);
    if (last < count) {
        if (!jigsaw && last == first + 1 && last < MAX_TOKENS && !groups && count == first + 2)
            return skf_fail(d, ln->no, (long)tok[last].start + 1,
                            "region ids have %ld symbols, expected %ld (one per cell)",
                            (long)tok[last].len, (long)cells.len);
        if (last == first + 1 && first + 2 < MAX_TOKENS && first + 2 < count)
            last = first + 2; /* the cells and a region field, then this */
        return skf_fail(d, ln->no, last < MAX_TOKENS ? (long)tok[last].start + 1 : 0,
                        "line has %d fields, expected the cells and, for a jigsaw, the "
                        "region ids",
                        count);
    }
    if (!groups && !jigsaw) { /* the usual line: one field of cells */
        for (i = 0; i < n * n; i++) {
            r->sym[i] = ln->text[cells.start + (size_t)i];
            r->cell_line[i] = (uint32_t)ln->no;
            r->cell_column[i] = (uint32_t)(cells.start + (size_t)i + 1);
            r->cells[i] = 0;
        }
    }
    for (i = 0; (groups || jigsaw) && i < n * n; i++) {
        size_t at = cells.start + (size_t)i;
        if (groups) /* skip the spaces between the groups */
            at = tok[first + i / (int)tok[first].len].start + (size_t)(i % (int)tok[first].len);
        r->sym[i] = ln->text[at];
        r->cell_line[i] = (uint32_t)ln->no;
        r->cell_column[i] = (uint32_t)(at + 1);
        r->cells[i] = 0;
        if (jigsaw) {
            r->rsym[i] = ln->text[regions.start + (size_t)i];
            r->reg_line[i] = (uint32_t)ln->no;
            r->reg_column[i] = (uint32_t)(regions.start + (size_t)i + 1);
        }
    }
    st = skf_decode(r, n, jigsaw, r->opts.alphabet, &used, d);
    if (st != SK_OK)
        return st;
    skf_fill_puzzle(r, p, n, jigsaw, SK_FORMAT_LINE);
    p->alphabet = used;
    if (sol.len == cells.len) {
        /* the solution a collection gives with the puzzle */
        for (i = 0; i < n * n; i++) {
            int v = skf_symbol_value(used, ln->text[sol.start + (size_t)i]);
            if (v < 1 || v > n)
                break;
            r->solution[i] = (uint8_t)v;
        }
        if (i == n * n) {
            p->solution = r->solution;
        } else {
            snprintf(r->warning, sizeof r->warning,
                     "left out the solution field (column %ld is not a digit of the grid)",
                     (long)(sol.start + (size_t)i + 1));
            p->warning = r->warning;
        }
    }
    return SK_OK;
}

/* The usual line of a 9x9 collection, exactly 81 characters of '0'-'9'
 * and '.', is read in one pass: such a line has no label, groups, regions,
 * CSV solution or trailing field, and it is no SUKAKU line (81 is not a
 * cube), so the general path would find the same cells.  0 when the next
 * line is not one; then nothing is consumed. */
int skf_plain_line(sk_reader *r, sk_puzzle *p)
{
    const skf_line *ln = skf_peek(r, 0);
    if (!ln || ln->len != 81 || ln->off || ln->too_long || (r->opts.n != 0 && r->opts.n != 9) ||
        (r->opts.alphabet != SK_ALPHABET_AUTO && r->opts.alphabet != SK_ALPHABET_DIGITS))
        return 0;
    /* locals, so that the byte stores need not reload the pointers */
    const unsigned char *restrict t = (const unsigned char *)ln->text;
    uint8_t *restrict cells = r->cells;
    uint32_t *restrict lines = r->cell_line, *restrict cols = r->cell_column;
    /* 80 + 1: loops whose count is a multiple of the vector width are
     * vectorised at -O2 */
    uint8_t bad = 0;
    for (int i = 0; i < 80; i++) {
        uint8_t c = t[i], x = (uint8_t)(c == '.' ? 0 : c - '0');
        bad |= x > 9;
        cells[i] = x;
    }
    {
        uint8_t c = t[80], x = (uint8_t)(c == '.' ? 0 : c - '0');
        bad |= x > 9;
        cells[80] = x;
    }
    if (bad)
        return 0;
    const uint32_t no = (uint32_t)ln->no;
    for (int i = 0; i < 80; i++) {
        lines[i] = no;
        cols[i] = (uint32_t)i + 1;
    }
    lines[80] = no;
    cols[80] = 81;
    p->index = r->index++;
    p->line = ln->no;
    skf_fill_puzzle(r, p, 9, 0, SK_FORMAT_LINE);
    p->alphabet = SK_ALPHABET_DIGITS;
    skf_pop(r);
    return 1;
}

int skf_line_next(sk_reader *r, sk_puzzle *p, sk_diag *d)
{
    skf_line *ln = skf_peek(r, 0);
    int st;
    if (!ln)
        return r->fatal ? r->fatal : SK_DONE;
    if (r->opts.format == SK_FORMAT_SUKAKU ||
        (r->opts.format == SK_FORMAT_AUTO && skf_sukaku_line(ln, r->opts.n, r->opts.alphabet)))
        return skf_sukaku_next(r, p, d);
    p->index = r->index++;
    p->line = ln->no;
    p->format = SK_FORMAT_LINE;
    st = parse_line(r, ln, p, d);
    skf_pop(r);
    return st;
}
