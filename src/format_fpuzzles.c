/*
 * format_fpuzzles.c - f-puzzles puzzles, in every form a setter pastes:
 *
 *   {"size":9,"grid":[[{"value":5,"given":true},{},...],...],...}
 *       the JSON f-puzzles exports (on one line or pretty-printed over
 *       several);
 *   N4IgzglgXgpiBcBOANCA5gJwIYBMBK...
 *       the compressed string an f-puzzles link carries (lz-string's
 *       base64 form of that JSON);
 *   https://f-puzzles.com/?load=N4Ig...   https://sudokupad.app/fpuzzlesN4Ig...
 *       the whole link (percent-escapes such as %2B are undone).
 *
 * Meaning of the keys (as f-puzzles gives them; src/rules/ holds the
 * rules): size and grid (value + given for the givens, region for jigsaw
 * layouts, givenPencilMarks for a cell's allowed digits); diagonal+,
 * diagonal-, antiknight, antiking, disjointgroups, nonconsecutive;
 * negative (["ratio", "xv"]); killercage, littlekillersum, sandwichsum,
 * arrow, thermometer, palindrome, whispers, renban, betweenline,
 * regionsumline, difference (white dots), ratio (black dots), xv, odd,
 * even, minimum, maximum, quadruple, extraregion; solution.
 *
 * Drawings that are not rules (line, rectangle, circle, text, cage,
 * digits not marked given, the solver's own pencil marks) are left out
 * and named once in p->warning.  Any other key is a rule this reader does
 * not know, and the puzzle is refused with its name and position: a rule
 * dropped without a word would turn a unique puzzle into a wrong
 * "multiple".
 *
 * Default boxes follow f-puzzles: the largest divisor r of N with r*r <= N
 * gives boxes of r rows and N/r columns (6x6: 2x3, 12x12: 3x4); a prime N
 * has none (a Latin square).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "format.h"
#include "json.h"
#include "lzstring.h"

/* "r3c12" (cells are below 64 * 64) */
static void skx_name_cell(int n, int cell, char *buf)
{
    snprintf(buf, 16, "r%dc%d", (cell / n + 1) % 1000, (cell % n + 1) % 1000);
}

#define FP_MAX_BYTES (16u << 20) /* longest JSON or link read */

/* ---- recognising the forms ------------------------------------------- */

static size_t first_nonspace(const skf_line *ln)
{
    size_t i = ln->off;
    while (i < ln->len && skf_space((unsigned char)ln->text[i]))
        i++;
    return i;
}

static int b64_char(int c)
{
    return isalnum(c) || c == '+' || c == '/' || c == '=' || c == '-' || c == '$';
}

/* Where the compressed string starts in ln (after "?load=", or after
 * "fpuzzles" in a SudokuPad link, or the token itself), or -1. */
static long packed_start(const skf_line *ln)
{
    const char *t = ln->text;
    size_t i = first_nonspace(ln), end = i;
    while (end < ln->len && !skf_space((unsigned char)t[end]))
        end++; /* the first token: a link or a string starts there */
    for (size_t k = i; k + 6 <= end; k++)
        if (strncmp(t + k, "?load=", 6) == 0 || strncmp(t + k, "&load=", 6) == 0)
            return (long)(k + 6);
    for (size_t k = i; k + 8 <= end; k++)
        if (strncmp(t + k, "fpuzzles", 8) == 0 && (k == i || t[k - 1] == '/'))
            return (long)(k + 8);
    /* a bare string: f-puzzles JSON always starts {"size":, which
     * lz-string's base64 writes as N4Ig */
    if (end - i >= 16 && strncmp(t + i, "N4Ig", 4) == 0) {
        for (size_t k = i; k < end; k++)
            if (!b64_char((unsigned char)t[k]) && t[k] != '%')
                return -1;
        return (long)i;
    }
    return -1;
}

int skf_fpuzzles_line(const skf_line *ln)
{
    if (!ln || ln->too_long || ln->nul_col)
        return 0;
    size_t i = first_nonspace(ln);
    if (i < ln->len && ln->text[i] == '{')
        return 1;
    return packed_start(ln) >= 0;
}

/* ---- reading the text -------------------------------------------------- */

typedef struct text {
    char *s;
    size_t len, cap;
} text;

static int text_add(text *t, const char *s, size_t n)
{
    if (t->len + n + 2 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->len + n + 2)
            cap *= 2;
        char *p = realloc(t->s, cap);
        if (!p)
            return SK_ENOMEM;
        t->s = p;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
    return SK_OK;
}

/*
 * Collects the JSON object that starts on the front line: lines are added
 * until its braces close (strings and escapes followed), then consumed.
 * Text after the object on its last line is an error.  SK_OK, SK_EPARSE,
 * SK_ENOMEM or a fatal status.
 */
static int collect_json(sk_reader *r, text *t, long *first_line, sk_diag *d)
{
    int depth = 0, in_string = 0, escape = 0, started = 0;
    skf_line *ln = skf_peek(r, 0);
    *first_line = ln->no;
    for (;;) {
        if (!ln)
            return r->fatal ? r->fatal
                            : skf_fail(d, *first_line, 0, "f-puzzles JSON ends before its closing '}'");
        int st = skf_line_error(ln, d);
        if (st != SK_OK) {
            skf_pop(r);
            return st;
        }
        size_t from = ln->off, i;
        for (i = from; i < ln->len; i++) {
            char c = ln->text[i];
            if (in_string) {
                if (escape)
                    escape = 0;
                else if (c == '\\')
                    escape = 1;
                else if (c == '"')
                    in_string = 0;
            } else if (c == '"') {
                in_string = 1;
            } else if (c == '{' || c == '[') {
                depth++;
                started = 1;
            } else if (c == '}' || c == ']') {
                depth--;
                if (started && depth == 0) {
                    i++;
                    break;
                }
            }
        }
        if (text_add(t, ln->text + from, i - from) || text_add(t, "\n", 1))
            return SK_ENOMEM;
        if (t->len > FP_MAX_BYTES) {
            skf_pop(r);
            return skf_fail(d, *first_line, 0, "f-puzzles JSON longer than %u bytes",
                            FP_MAX_BYTES);
        }
        if (started && depth == 0) {
            size_t k = i;
            while (k < ln->len && skf_space((unsigned char)ln->text[k]))
                k++;
            long no = ln->no;
            int extra = k < ln->len;
            skf_pop(r);
            if (extra)
                return skf_fail(d, no, (long)k + 1, "unexpected text after the f-puzzles JSON");
            return SK_OK;
        }
        long last = ln->no;
        skf_pop(r);
        ln = skf_peek(r, 0);
        /* a line that starts another puzzle ({"size": begins every
           f-puzzles object, and only the whole object has a size): this
           one was cut short, and the next is read on its own */
        if (ln && !ln->too_long && !ln->nul_col) {
            size_t k = first_nonspace(ln);
            if (ln->len - k >= 7 && strncmp(ln->text + k, "{\"size\"", 7) == 0)
                return skf_fail(d, *first_line, 0,
                                "f-puzzles JSON cut short: line %ld ends before its closing '}' "
                                "and the next line starts another puzzle",
                                last);
        }
    }
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = tolower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Decompresses the link or string on the front line into t. */
static int unpack(sk_reader *r, text *t, long *first_line, sk_diag *d)
{
    skf_line *ln = skf_peek(r, 0);
    long start = packed_start(ln), no = ln->no;
    size_t end = (size_t)start;
    *first_line = no;
    /* to the end of the line (a '+' that became a space in a pasted link
     * is still part of the string), or a '&' or '#' */
    while (end < ln->len && ln->text[end] != '&' && ln->text[end] != '#')
        end++;
    while (end > (size_t)start && skf_space((unsigned char)ln->text[end - 1]))
        end--;
    /* undo percent-escapes (a link copied from a browser has %2B for +) */
    char *packed = malloc(end - (size_t)start + 1);
    size_t n = 0;
    if (!packed)
        return SK_ENOMEM;
    for (size_t i = (size_t)start; i < end; i++) {
        if (ln->text[i] == '%' && i + 2 < end && hexval(ln->text[i + 1]) >= 0 &&
            hexval(ln->text[i + 2]) >= 0) {
            packed[n++] = (char)(hexval(ln->text[i + 1]) * 16 + hexval(ln->text[i + 2]));
            i += 2;
        } else {
            packed[n++] = ln->text[i];
        }
    }
    char *json = NULL;
    size_t json_len = 0;
    sk_diag ld;
    int st = sklz_decompress_base64(packed, n, FP_MAX_BYTES, &json, &json_len, &ld);
    free(packed);
    skf_pop(r);
    if (st == SK_ENOMEM)
        return st;
    if (st != SK_OK)
        return skf_fail(d, no, start + (ld.column > 0 ? ld.column : 1),
                        "not an f-puzzles string: %s", ld.message);
    st = text_add(t, json, json_len);
    free(json);
    return st;
}

/* ---- the puzzle -------------------------------------------------------- */

typedef struct fp {
    sk_reader *r;
    sk_puzzle *p;
    sk_diag *d;
    long line0;      /* input line of the text's first line (JSON), or 0 */
    long col0;       /* for a compressed string: its column, else 0 */
    int n;
    char ignored[160];
} fp;

/* Position of JSON value v in the input. */
static void where(const fp *f, const skj_value *v, long *line, long *col)
{
    if (f->col0) { /* inside a compressed string: point at the string */
        *line = f->line0;
        *col = f->col0;
    } else {
        *line = f->line0 + v->line - 1;
        *col = v->column;
    }
}

static int bad(fp *f, const skj_value *v, const char *fmt, const char *what)
{
    long line, col;
    where(f, v, &line, &col);
    char msg[160];
    snprintf(msg, sizeof msg, fmt, what);
    return skf_fail(f->d, line, col, "%s", msg);
}

/* "a cell value must be a digit from 1 to 9", at v. */
static int not_digit(fp *f, const skj_value *v, const char *what)
{
    long line, col;
    where(f, v, &line, &col);
    return skf_fail(f->d, line, col, "%s must be a digit from 1 to %d", what, f->n);
}

/* An integer: a JSON number, or a string holding one ("15"). */
static int int_of(const skj_value *v, long *out)
{
    if (v->type == SKJ_NUMBER && v->is_int) {
        *out = (long)v->integer;
        return 1;
    }
    if (v->type == SKJ_STRING && v->len > 0 && v->len < 10) {
        char *end;
        long x = strtol(v->str, &end, 10);
        if (*end == '\0' && isdigit((unsigned char)v->str[0])) {
            *out = x;
            return 1;
        }
    }
    return 0;
}

/* "R3C12" (either case) -> cell index; rows and columns may lie outside
 * 1..N by one when outside is set (clues around the grid). */
static int cell_of(fp *f, const skj_value *v, int outside, int *row, int *col)
{
    if (v->type != SKJ_STRING)
        return bad(f, v, "expected a cell name such as \"R1C1\"%s", ""), -1;
    const char *s = v->str;
    char *end;
    if (*s != 'R' && *s != 'r')
        goto fail;
    long rr = strtol(s + 1, &end, 10);
    if (end == s + 1 || (*end != 'C' && *end != 'c'))
        goto fail;
    const char *cs = end + 1;
    long cc = strtol(cs, &end, 10);
    if (end == cs || *end)
        goto fail;
    int lo = outside ? 0 : 1, hi = outside ? f->n + 1 : f->n;
    if (rr < lo || rr > hi || cc < lo || cc > hi) {
        long line, column;
        where(f, v, &line, &column);
        char show[4 * SKF_SHOW_MAX + 4];
        return skf_fail(f->d, line, column, "cell %s is outside the %dx%d grid",
                        skf_show_token(s, v->len, show), f->n, f->n), -1;
    }
    *row = (int)rr - 1;
    *col = (int)cc - 1;
    return 0;
fail:
    {
        char show[4 * SKF_SHOW_MAX + 4];
        return bad(f, v, "expected a cell name such as \"R1C1\", got \"%s\"",
                   skf_show_token(s, v->len, show)), -1;
    }
}

/* A JSON array of cell names -> cells (at most max); count, or -1. */
static int cells_of(fp *f, const skj_value *a, int *cells, int max)
{
    if (!a || a->type != SKJ_ARRAY)
        return a ? bad(f, a, "expected an array of cell names%s", ""), -1 : 0;
    if ((int)a->count > max)
        return bad(f, a, "more cells than the grid has%s", ""), -1;
    for (size_t k = 0; k < a->count; k++) {
        int row, col;
        if (cell_of(f, &a->items[k], 0, &row, &col))
            return -1;
        cells[k] = row * f->n + col;
    }
    return (int)a->count;
}

static int push(fp *f, const skj_value *at, int kind, int value, const int *cells, int ncells, int aux,
                const int *digits, int ndigits)
{
    sk_rule rule = SK_RULE_INIT(kind);
    rule.value = value;
    rule.cells = cells;
    rule.ncells = ncells;
    rule.aux = aux;
    rule.digits = digits;
    rule.ndigits = ndigits;
    if (at)
        where(f, at, &rule.line, &rule.column);
    int rc = skf_rule_push(f->r, &rule);
    if (rc == SK_ERANGE)
        return bad(f, at, "more than %s rules", "65535");
    return rc;
}

/* Adds name to the list of ignored elements (once). */
static void ignore(fp *f, const char *name)
{
    if (strstr(f->ignored, name))
        return;
    size_t len = strlen(f->ignored);
    snprintf(f->ignored + len, sizeof f->ignored - len, "%s%s", len ? ", " : "", name);
}

/* Element e's value: the sum or number as an integer (absent: 0). */
static int value_of(fp *f, const skj_value *e, const char *kind, long lo, long hi, long *out)
{
    const skj_value *v = skj_get(e, "value");
    *out = 0;
    if (!v || v->type == SKJ_NULL || (v->type == SKJ_STRING && v->len == 0))
        return 0;
    if (!int_of(v, out) || *out < lo || *out > hi) {
        char what[64];
        snprintf(what, sizeof what, "%s", kind);
        long line, col;
        where(f, v, &line, &col);
        return skf_fail(f->d, line, col, "%s value is not a number from %ld to %ld", what, lo, hi);
    }
    return 0;
}

/* Rules made of lines ("lines": [[cells], ...]), one rule per line. */
static int line_rules(fp *f, const skj_value *list, int kind, const char *key)
{
    for (size_t k = 0; k < list->count; k++) {
        const skj_value *e = &list->items[k];
        if (e->type != SKJ_OBJECT)
            return bad(f, e, "expected an object in \"%s\"", key);
        const skj_value *lines = skj_get(e, "lines");
        long value = 0;
        if (kind == SK_RULE_WHISPER && value_of(f, e, key, 1, f->n - 1, &value))
            return SK_EPARSE;
        if (!lines || lines->type != SKJ_ARRAY)
            return bad(f, e, "an element of \"%s\" has no \"lines\"", key);
        for (size_t j = 0; j < lines->count; j++) {
            int buf[SK_MAX_N * SK_MAX_N];
            int c = cells_of(f, &lines->items[j], buf, f->n * f->n);
            if (c < 0)
                return SK_EPARSE;
            if (c == 0)
                continue;
            int rc = push(f, &lines->items[j], kind, (int)value, buf, c, 0, NULL, 0);
            if (rc)
                return rc;
        }
    }
    return SK_OK;
}

/* Rules on single cells ([{"cell": "R1C1"}]): one rule with every cell. */
static int cell_rules(fp *f, const skj_value *list, int kind, const char *key)
{
    int buf[SK_MAX_N * SK_MAX_N], c = 0;
    for (size_t k = 0; k < list->count; k++) {
        const skj_value *e = &list->items[k], *cv = skj_get(e, "cell");
        int row, col;
        if (e->type != SKJ_OBJECT || !cv)
            return bad(f, e, "expected {\"cell\": ...} in \"%s\"", key);
        if (cell_of(f, cv, 0, &row, &col))
            return SK_EPARSE;
        if (c < f->n * f->n)
            buf[c++] = row * f->n + col;
    }
    /* one rule; a cell named twice is named once */
    int out = 0;
    for (int i = 0; i < c; i++) {
        int dup = 0;
        for (int j = 0; j < out && !dup; j++)
            dup = buf[j] == buf[i];
        if (!dup)
            buf[out++] = buf[i];
    }
    return out ? push(f, list, kind, 0, buf, out, 0, NULL, 0) : SK_OK;
}

/* Two-cell markers ([{"cells": [a, b], "value": ...}]). */
static int pair_rules(fp *f, const skj_value *list, int kind, const char *key)
{
    for (size_t k = 0; k < list->count; k++) {
        const skj_value *e = &list->items[k];
        int cells[2];
        if (e->type != SKJ_OBJECT)
            return bad(f, e, "expected an object in \"%s\"", key);
        const skj_value *cv = skj_get(e, "cells");
        if (!cv || cv->type != SKJ_ARRAY || cv->count != 2)
            return bad(f, e, "an element of \"%s\" needs two cells", key);
        if (cells_of(f, cv, cells, 2) < 0)
            return SK_EPARSE;
        long value = 0;
        if (kind == SK_RULE_XV) {
            const skj_value *v = skj_get(e, "value");
            if (!v || v->type != SKJ_STRING || (strcasecmp(v->str, "x") && strcasecmp(v->str, "v")))
                return bad(f, v ? v : e, "an XV mark is \"X\" or \"V\"%s", "");
            value = strcasecmp(v->str, "x") == 0 ? 10 : 5;
        } else if (value_of(f, e, key, 1, f->n, &value)) {
            return SK_EPARSE;
        }
        int rc = push(f, e, kind, (int)value, cells, 2, 0, NULL, 0);
        if (rc)
            return rc;
    }
    return SK_OK;
}

static int cage_rules(fp *f, const skj_value *list, int kind, const char *key)
{
    for (size_t k = 0; k < list->count; k++) {
        const skj_value *e = &list->items[k];
        int buf[SK_MAX_N * SK_MAX_N];
        if (e->type != SKJ_OBJECT)
            return bad(f, e, "expected an object in \"%s\"", key);
        int c = cells_of(f, skj_get(e, "cells"), buf, f->n * f->n);
        if (c < 0)
            return SK_EPARSE;
        if (c == 0)
            return bad(f, e, "a killer cage has no cells%s", "");
        long value = 0;
        if (value_of(f, e, key, 1, (long)f->n * f->n * f->n, &value))
            return SK_EPARSE;
        int rc = push(f, e, kind, (int)value, buf, c, 0, NULL, 0);
        if (rc)
            return rc;
    }
    return SK_OK;
}

static int arrow_rules(fp *f, const skj_value *list)
{
    for (size_t k = 0; k < list->count; k++) {
        const skj_value *e = &list->items[k];
        int circle[8], buf[SK_MAX_N * SK_MAX_N + 8];
        if (e->type != SKJ_OBJECT)
            return bad(f, e, "expected an object in \"%s\"", "arrow");
        const skj_value *cv = skj_get(e, "cells");
        if (!cv || cv->type != SKJ_ARRAY || cv->count < 1 || cv->count > 3)
            return bad(f, e, "an arrow's circle has 1 to 3 cells%s", "");
        int p = cells_of(f, cv, circle, 3);
        if (p < 0)
            return SK_EPARSE;
        /* a pill reads left to right, top to bottom */
        for (int i = 1; i < p; i++)
            for (int j = i; j > 0 && circle[j - 1] > circle[j]; j--) {
                int t = circle[j];
                circle[j] = circle[j - 1];
                circle[j - 1] = t;
            }
        const skj_value *lines = skj_get(e, "lines");
        int shafts = 0;
        if (!lines || lines->type != SKJ_ARRAY)
            return bad(f, e, "an arrow has no \"lines\"%s", "");
        for (size_t j = 0; j < lines->count; j++) {
            memcpy(buf, circle, (size_t)p * sizeof *buf);
            int c = cells_of(f, &lines->items[j], buf + p, f->n * f->n);
            if (c < 0)
                return SK_EPARSE;
            /* the line starts in the circle: its shaft is what follows */
            int skip = 0;
            while (skip < c) {
                int in = 0;
                for (int q = 0; q < p; q++)
                    in |= buf[p + skip] == circle[q];
                if (!in)
                    break;
                skip++;
            }
            if (skip == 0)
                return bad(f, &lines->items[j], "an arrow's line must start in its circle%s", "");
            memmove(buf + p, buf + p + skip, (size_t)(c - skip) * sizeof *buf);
            c -= skip;
            if (c == 0)
                continue; /* a circle without a shaft says nothing */
            int rc = push(f, &lines->items[j], SK_RULE_ARROW, 0, buf, p + c, p, NULL, 0);
            if (rc)
                return rc;
            shafts++;
        }
        /* a circle without a shaft sets nothing: said, not silently dropped */
        if (!shafts)
            ignore(f, "arrows without a shaft");
    }
    return SK_OK;
}

static int step_dir(const char *s, int *dr, int *dc)
{
    if (!strcasecmp(s, "UL"))
        *dr = -1, *dc = -1;
    else if (!strcasecmp(s, "UR"))
        *dr = -1, *dc = 1;
    else if (!strcasecmp(s, "DL"))
        *dr = 1, *dc = -1;
    else if (!strcasecmp(s, "DR"))
        *dr = 1, *dc = 1;
    else
        return 0;
    return 1;
}

static int little_killers(fp *f, const skj_value *list)
{
    const int n = f->n;
    for (size_t k = 0; k < list->count; k++) {
        const skj_value *e = &list->items[k];
        if (e->type != SKJ_OBJECT)
            return bad(f, e, "expected an object in \"%s\"", "littlekillersum");
        const skj_value *cv = skj_get(e, "cell"), *dv = skj_get(e, "direction");
        int row, col, dr, dc;
        long value;
        if (!cv || cell_of(f, cv, 1, &row, &col))
            return cv ? SK_EPARSE : bad(f, e, "a little killer has no \"cell\"%s", "");
        if (!dv || dv->type != SKJ_STRING || !step_dir(dv->str, &dr, &dc))
            return bad(f, dv ? dv : e, "a little killer's direction is UL, UR, DL or DR%s", "");
        if (value_of(f, e, "little killer", 1, (long)n * n, &value))
            return SK_EPARSE;
        if (value == 0)
            continue; /* no sum: says nothing */
        /* from a clue outside the grid, one step in */
        if (row < 0 || row >= n || col < 0 || col >= n)
            row += dr, col += dc;
        int buf[SK_MAX_N], c = 0;
        while (row >= 0 && row < n && col >= 0 && col < n) {
            buf[c++] = row * n + col;
            row += dr;
            col += dc;
        }
        if (c == 0)
            return bad(f, cv, "a little killer's diagonal misses the grid%s", "");
        int rc = push(f, e, SK_RULE_LITTLE_KILLER, (int)value, buf, c, 0, NULL, 0);
        if (rc)
            return rc;
    }
    return SK_OK;
}

static int sandwiches(fp *f, const skj_value *list)
{
    const int n = f->n;
    for (size_t k = 0; k < list->count; k++) {
        const skj_value *e = &list->items[k];
        if (e->type != SKJ_OBJECT)
            return bad(f, e, "expected an object in \"%s\"", "sandwichsum");
        const skj_value *cv = skj_get(e, "cell");
        int row, col;
        long value;
        if (!cv || cell_of(f, cv, 1, &row, &col))
            return cv ? SK_EPARSE : bad(f, e, "a sandwich clue has no \"cell\"%s", "");
        if (value_of(f, e, "sandwich", 0, (long)n * n, &value))
            return SK_EPARSE;
        const skj_value *v = skj_get(e, "value");
        if (!v || (v->type == SKJ_STRING && v->len == 0))
            continue; /* an empty clue says nothing */
        int is_row = col < 0 || col >= n, is_col = row < 0 || row >= n;
        if (is_row == is_col)
            return bad(f, cv, "a sandwich clue sits outside the grid, beside a row or column%s", "");
        int buf[SK_MAX_N];
        for (int j = 0; j < n; j++)
            buf[j] = is_row ? row * n + j : j * n + col;
        int rc = push(f, e, SK_RULE_SANDWICH, (int)value, buf, n, 0, NULL, 0);
        if (rc)
            return rc;
    }
    return SK_OK;
}

static int quadruples(fp *f, const skj_value *list)
{
    for (size_t k = 0; k < list->count; k++) {
        const skj_value *e = &list->items[k];
        int cells[4], digits[4];
        if (e->type != SKJ_OBJECT)
            return bad(f, e, "expected an object in \"%s\"", "quadruple");
        const skj_value *cv = skj_get(e, "cells"), *vv = skj_get(e, "values");
        if (!cv || cv->type != SKJ_ARRAY || cv->count < 1 || cv->count > 4)
            return bad(f, e, "a quadruple has 1 to 4 cells%s", "");
        int c = cells_of(f, cv, cells, 4);
        if (c < 0)
            return SK_EPARSE;
        if (!vv || vv->type != SKJ_ARRAY || vv->count > 4)
            return bad(f, e, "a quadruple has 0 to 4 \"values\"%s", "");
        int nd = 0;
        for (size_t j = 0; j < vv->count; j++) {
            long d;
            if (!int_of(&vv->items[j], &d) || d < 1 || d > f->n)
                return not_digit(f, &vv->items[j], "a quadruple value");
            digits[nd++] = (int)d;
        }
        if (nd == 0)
            continue;
        int rc = push(f, e, SK_RULE_QUADRUPLE, 0, cells, c, 0, digits, nd);
        if (rc)
            return rc;
    }
    return SK_OK;
}

static int flag(fp *f, const skj_value *v, int kind)
{
    if (v->type == SKJ_FALSE || v->type == SKJ_NULL)
        return SK_OK;
    if (v->type != SKJ_TRUE)
        return bad(f, v, "expected true or false%s", "");
    return push(f, v, kind, 0, NULL, 0, 0, NULL, 0);
}

/* Which rules each key gives; keys of drawings and metadata. */
enum { K_RULE, K_DRAWING, K_META };

static int box_rows_for(int n)
{
    int best = 0;
    for (int r = 1; r * r <= n; r++)
        if (n % r == 0)
            best = r;
    return best;
}

static int convert(fp *f, const skj_value *root)
{
    sk_reader *r = f->r;
    sk_puzzle *p = f->p;
    if (root->type != SKJ_OBJECT)
        return bad(f, root, "an f-puzzles puzzle is a JSON object%s", "");
    const skj_value *size = skj_get(root, "size"), *grid = skj_get(root, "grid");
    long n;
    if (!size || !int_of(size, &n) || n < 1 || n > SK_MAX_N)
        return bad(f, size ? size : root, "\"size\" must be a grid side from 1 to 64%s", "");
    f->n = (int)n;
    if (!grid || grid->type != SKJ_ARRAY || (long)grid->count != n) {
        char what[16];
        snprintf(what, sizeof what, "%ld", n);
        return bad(f, grid ? grid : root, "\"grid\" must hold %s rows", what);
    }

    /* cells, regions, given pencil marks */
    const int nn = f->n * f->n, br = box_rows_for(f->n);
    int custom = 0, nongiven = 0, missing_region = -1;
    memset(r->cells, 0, (size_t)nn);
    for (int i = 0; i < nn; i++) {
        int row = i / f->n, col = i % f->n;
        r->regions[i] = br > 1 ? (uint8_t)((row / br) * br + col / (f->n / br)) : 0;
    }
    for (int row = 0; row < f->n; row++) {
        const skj_value *rv = &grid->items[row];
        if (rv->type != SKJ_ARRAY || (long)rv->count != n) {
            char what[16];
            snprintf(what, sizeof what, "%ld", n);
            return bad(f, rv, "each row of \"grid\" must hold %s cells", what);
        }
        for (int col = 0; col < f->n; col++) {
            const skj_value *cv = &rv->items[col];
            int i = row * f->n + col;
            long line, column;
            where(f, cv, &line, &column);
            r->cell_line[i] = (uint32_t)line;
            r->cell_column[i] = (uint32_t)column;
            if (cv->type != SKJ_OBJECT)
                return bad(f, cv, "each cell of \"grid\" is an object%s", "");
            const skj_value *val = skj_get(cv, "value"), *given = skj_get(cv, "given");
            const skj_value *reg = skj_get(cv, "region"), *marks = skj_get(cv, "givenPencilMarks");
            long x;
            if (val && val->type != SKJ_NULL) {
                if (!int_of(val, &x) || x < 0 || x > n)
                    return not_digit(f, val, "a cell value");
                if (!x && given && given->type == SKJ_TRUE)
                    return bad(f, val, "a given cell holds 0, which is not a digit of the "
                                       "grid%s",
                               "");
                if (x && given && given->type == SKJ_TRUE)
                    r->cells[i] = (uint8_t)x;
                else if (x)
                    nongiven++;
            }
            if (reg) {
                if (reg->type == SKJ_NULL) {
                    if (missing_region < 0)
                        missing_region = i;
                } else if (!int_of(reg, &x) || x < 0 || x >= n) {
                    return bad(f, reg, "a region is a number from 0 to size - 1%s", "");
                } else {
                    if (r->regions[i] != (uint8_t)x)
                        custom = 1;
                    r->regions[i] = (uint8_t)x;
                }
            }
            if (marks && marks->type == SKJ_ARRAY && marks->count > 0) {
                int digits[SK_MAX_N], nd = 0;
                for (size_t k = 0; k < marks->count && nd < SK_MAX_N; k++) {
                    if (!int_of(&marks->items[k], &x) || x < 1 || x > n)
                        return not_digit(f, &marks->items[k], "a pencil mark");
                    digits[nd++] = (int)x;
                }
                int rc = push(f, marks, SK_RULE_DIGITS, 0, &i, 1, 0, digits, nd);
                if (rc)
                    return rc;
            }
        }
    }
    if (missing_region >= 0) {
        char cn[16];
        skx_name_cell(f->n, missing_region, cn);
        return skf_fail(f->d, r->cell_line[missing_region], r->cell_column[missing_region],
                        "%s belongs to no region: grids with cells outside every region are not supported",
                        cn);
    }
    if (nongiven)
        ignore(f, "digits not marked given");

    /* rules, drawings, metadata */
    static const struct {
        const char *key;
        int what, kind;
    } keys[] = {
        {"size", K_META, 0}, {"grid", K_META, 0}, {"title", K_META, 0}, {"author", K_META, 0},
        {"ruleset", K_META, 0}, {"solution", K_META, 0}, {"disabledlogic", K_META, 0},
        {"truecandidatesoptions", K_META, 0}, {"highlightConflicts", K_META, 0},
        {"line", K_DRAWING, 0}, {"rectangle", K_DRAWING, 0}, {"circle", K_DRAWING, 0},
        {"text", K_DRAWING, 0}, {"cage", K_DRAWING, 0},
        {"diagonal+", K_RULE, SK_RULE_DIAGONAL_UP}, {"diagonal-", K_RULE, SK_RULE_DIAGONAL_DOWN},
        {"antiknight", K_RULE, SK_RULE_ANTI_KNIGHT}, {"antiking", K_RULE, SK_RULE_ANTI_KING},
        {"disjointgroups", K_RULE, SK_RULE_DISJOINT},
        {"nonconsecutive", K_RULE, SK_RULE_NONCONSECUTIVE}, {"negative", K_RULE, 0},
        {"killercage", K_RULE, SK_RULE_CAGE}, {"littlekillersum", K_RULE, SK_RULE_LITTLE_KILLER},
        {"sandwichsum", K_RULE, SK_RULE_SANDWICH}, {"arrow", K_RULE, SK_RULE_ARROW},
        {"thermometer", K_RULE, SK_RULE_THERMO}, {"palindrome", K_RULE, SK_RULE_PALINDROME},
        {"whispers", K_RULE, SK_RULE_WHISPER}, {"renban", K_RULE, SK_RULE_RENBAN},
        {"betweenline", K_RULE, SK_RULE_BETWEEN}, {"regionsumline", K_RULE, SK_RULE_REGION_SUM},
        {"difference", K_RULE, SK_RULE_WHITE_DOT}, {"ratio", K_RULE, SK_RULE_BLACK_DOT},
        {"xv", K_RULE, SK_RULE_XV}, {"odd", K_RULE, SK_RULE_ODD}, {"even", K_RULE, SK_RULE_EVEN},
        {"minimum", K_RULE, SK_RULE_MINIMUM}, {"maximum", K_RULE, SK_RULE_MAXIMUM},
        {"quadruple", K_RULE, SK_RULE_QUADRUPLE}, {"extraregion", K_RULE, SK_RULE_REGION},
    };
    int neg_ratio = 0, neg_xv = 0;
    for (size_t m = 0; m < root->count; m++) {
        const char *key = root->keys[m];
        const skj_value *v = &root->items[m];
        int found = -1;
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            if (strcmp(keys[k].key, key) == 0)
                found = (int)k;
        if (found < 0) {
            long line, col;
            where(f, v, &line, &col);
            char show[4 * SKF_SHOW_MAX + 4];
            return skf_fail(f->d, line, col, "f-puzzles rule \"%s\" is not supported",
                            skf_show_token(key, strlen(key), show));
        }
        if (keys[found].what == K_META)
            continue;
        if (keys[found].what == K_DRAWING) {
            if (v->type == SKJ_ARRAY && v->count > 0)
                ignore(f, key);
            continue;
        }
        int kind = keys[found].kind, rc = SK_OK;
        if (strcmp(key, "negative") == 0) {
            if (v->type != SKJ_ARRAY)
                return bad(f, v, "\"negative\" is an array of names%s", "");
            for (size_t k = 0; k < v->count; k++) {
                const skj_value *x = &v->items[k];
                if (x->type == SKJ_STRING && strcmp(x->str, "ratio") == 0)
                    neg_ratio = 1;
                else if (x->type == SKJ_STRING && strcmp(x->str, "xv") == 0)
                    neg_xv = 1;
                else
                    return bad(f, x, "negative constraint %s is not supported",
                               x->type == SKJ_STRING ? x->str : "(not a name)");
            }
            continue;
        }
        if (v->type == SKJ_TRUE || v->type == SKJ_FALSE) {
            if (kind != SK_RULE_DIAGONAL_UP && kind != SK_RULE_DIAGONAL_DOWN &&
                kind != SK_RULE_ANTI_KNIGHT && kind != SK_RULE_ANTI_KING &&
                kind != SK_RULE_DISJOINT && kind != SK_RULE_NONCONSECUTIVE)
                return bad(f, v, "\"%s\" is a list, not true or false", key);
            rc = flag(f, v, kind);
        } else if (v->type != SKJ_ARRAY) {
            return bad(f, v, "\"%s\" should be a list", key);
        } else {
            switch (kind) {
            case SK_RULE_CAGE:
            case SK_RULE_REGION:
                rc = cage_rules(f, v, kind, key);
                break;
            case SK_RULE_LITTLE_KILLER:
                rc = little_killers(f, v);
                break;
            case SK_RULE_SANDWICH:
                rc = sandwiches(f, v);
                break;
            case SK_RULE_ARROW:
                rc = arrow_rules(f, v);
                break;
            case SK_RULE_WHITE_DOT:
            case SK_RULE_BLACK_DOT:
            case SK_RULE_XV:
                rc = pair_rules(f, v, kind, key);
                break;
            case SK_RULE_ODD:
            case SK_RULE_EVEN:
            case SK_RULE_MINIMUM:
            case SK_RULE_MAXIMUM:
                rc = cell_rules(f, v, kind, key);
                break;
            case SK_RULE_QUADRUPLE:
                rc = quadruples(f, v);
                break;
            default:
                rc = line_rules(f, v, kind, key);
                break;
            }
        }
        if (rc)
            return rc;
    }
    /* negative black dots: one rule per ratio the dots use (2 when none) */
    if (neg_ratio) {
        int used[SK_MAX_N + 1] = {0}, any = 0;
        for (size_t k = 0; k < r->nrules; k++)
            if (r->rules[k].kind == SK_RULE_BLACK_DOT) {
                int v = r->rules[k].value ? r->rules[k].value : 2;
                if (v <= SK_MAX_N && !used[v]) {
                    used[v] = 1;
                    any = 1;
                }
            }
        if (!any)
            used[2] = 1;
        for (int v = 1; v <= SK_MAX_N; v++)
            if (used[v]) {
                int rc = push(f, root, SK_RULE_NEGATIVE_BLACK, v == 2 ? 0 : v, NULL, 0, 0, NULL, 0);
                if (rc)
                    return rc;
            }
    }
    if (neg_xv) {
        int rc = push(f, root, SK_RULE_NEGATIVE_XV, 0, NULL, 0, 0, NULL, 0);
        if (rc)
            return rc;
    }

    /* the solution, when it is a whole grid of digits */
    const skj_value *sol = skj_get(root, "solution");
    p->solution = NULL;
    if (sol && sol->type == SKJ_ARRAY && (long)sol->count == n * n) {
        int ok = 1;
        for (int i = 0; i < nn && ok; i++) {
            long x;
            ok = int_of(&sol->items[i], &x) && x >= 1 && x <= n;
            if (ok)
                r->solution[i] = (uint8_t)x;
        }
        if (ok)
            p->solution = r->solution;
    }

    skf_fill_puzzle(r, p, f->n, custom, SK_FORMAT_FPUZZLES);
    if (!custom) {
        if (br > 1) {
            p->geom.box_rows = br;
            p->geom.box_cols = f->n / br;
        } else {
            p->geom.box_rows = p->geom.box_cols = SK_BOX_NONE;
        }
    }
    p->alphabet = f->n <= 35 ? SK_ALPHABET_DIGITS : SK_ALPHABET_NUMBERS;
    skf_rules_finish(r, p);
    if (f->ignored[0]) {
        snprintf(r->warning, sizeof r->warning, "left out what is not a rule: %s", f->ignored);
        p->warning = r->warning;
    }
    return SK_OK;
}

int skf_fpuzzles_next(sk_reader *r, sk_puzzle *p, sk_diag *d)
{
    skf_line *ln = skf_peek(r, 0);
    text t = {NULL, 0, 0};
    fp f;
    long first_line = 0;
    int st;
    if (!ln)
        return r->fatal ? r->fatal : SK_DONE;
    memset(&f, 0, sizeof f);
    f.r = r;
    f.p = p;
    f.d = d;
    p->index = r->index++;
    p->line = ln->no;
    p->format = SK_FORMAT_FPUZZLES;
    skf_rules_reset(r);
    size_t i = first_nonspace(ln);
    int packed = !(i < ln->len && ln->text[i] == '{');
    if (packed) {
        f.col0 = packed_start(ln) + 1;
        st = unpack(r, &t, &first_line, d);
    } else {
        st = collect_json(r, &t, &first_line, d);
    }
    f.line0 = first_line;
    if (st == SK_OK) {
        skj_doc *doc = NULL;
        sk_diag jd;
        st = skj_parse(t.s, t.len, NULL, &doc, &jd);
        if (st == SK_OK)
            st = convert(&f, skj_root(doc));
        else if (st == SK_EPARSE)
            st = skf_fail(d, packed ? first_line : first_line + jd.line - 1,
                          packed ? f.col0 : jd.column, "f-puzzles JSON: %s", jd.message);
        skj_free(doc);
    }
    free(t.s);
    if (st != SK_OK)
        skf_rules_reset(r);
    return st;
}
