/*
 * format_rules.c - the text form of variant rules: one rule per line,
 * right after a puzzle's grid (line or grid form), in the same block.
 *
 *   KEYWORD [NUMBER...] [: CELLS]
 *
 *   cage 15: r1c1 r1c2 r2c1       a killer cage (no number: digits differ)
 *   little-killer 23: r1c2 r2c3 r3c4 ...
 *   sandwich 12: row 3            also "column 5", or the cells in order
 *   arrow: r5c5 > r4c4 r3c3       circle (or 2-3 cell pill) > shaft
 *   thermo: r1c1 r1c2 r1c3        from the bulb
 *   palindrome: ...   whisper [DIFF]: ...   renban: ...   between: ...
 *   region-sum: ...
 *   white [DIFF]: r1c1 r1c2       kropki dots; black [RATIO]: r1c1 r2c1
 *   x: r1c1 r1c2   v: r1c1 r1c2   xv SUM: r1c1 r1c2
 *   odd: CELLS   even: CELLS   minimum: CELLS   maximum: CELLS
 *   quadruple 1 2 3: r1c1 r1c2 r2c1 r2c2
 *   digits 1 3 5: CELLS           each cell holds one of the digits
 *   region: CELLS                 an extra region
 *   diagonal-up   diagonal-down   anti-knight   anti-king   disjoint-groups
 *   nonconsecutive [DIFF]   negative-black [RATIO]   negative-xv
 *   diagonals   hyper   box RxC   box none     (the geometry's options)
 *
 * Cells are r<row>c<column> from 1, either case, separated by spaces or
 * commas or run together ("r1c1r1c2"); '#' starts a comment.  A line is a
 * rule line when it is a word (letters, digits, '-', '+', '_', starting
 * with a letter), optional numbers and a ':', or one of the words that
 * take no cells, alone with its number.  Anything else is not a rule
 * line, so a puzzle line or grid row is never taken for one; but a line
 * of that shape with an unknown word is refused ("unknown rule"), never
 * skipped.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "format.h"

/* pseudo-kinds for the geometry lines */
enum { G_DIAGONALS = 1000, G_HYPER, G_BOX };

typedef struct alias {
    const char *word;
    int kind;
    int value; /* implied value, 0 = none */
} alias;

static const alias aliases[] = {
    {"killer", SK_RULE_CAGE, 0},
    {"killer-cage", SK_RULE_CAGE, 0},
    {"littlekiller", SK_RULE_LITTLE_KILLER, 0},
    {"thermometer", SK_RULE_THERMO, 0},
    {"whispers", SK_RULE_WHISPER, 0},
    {"german-whispers", SK_RULE_WHISPER, 0},
    {"between-line", SK_RULE_BETWEEN, 0},
    {"region-sum-line", SK_RULE_REGION_SUM, 0},
    {"white-dot", SK_RULE_WHITE_DOT, 0},
    {"black-dot", SK_RULE_BLACK_DOT, 0},
    {"x", SK_RULE_XV, 10},
    {"v", SK_RULE_XV, 5},
    {"min", SK_RULE_MINIMUM, 0},
    {"max", SK_RULE_MAXIMUM, 0},
    {"quad", SK_RULE_QUADRUPLE, 0},
    {"extra-region", SK_RULE_REGION, 0},
    {"diagonal+", SK_RULE_DIAGONAL_UP, 0},
    {"diagonal-", SK_RULE_DIAGONAL_DOWN, 0},
    {"antiknight", SK_RULE_ANTI_KNIGHT, 0},
    {"antiking", SK_RULE_ANTI_KING, 0},
    {"disjoint", SK_RULE_DISJOINT, 0},
    {"non-consecutive", SK_RULE_NONCONSECUTIVE, 0},
    {"diagonals", G_DIAGONALS, 0},
    {"hyper", G_HYPER, 0},
    {"windoku", G_HYPER, 0},
    {"box", G_BOX, 0},
    {"boxes", G_BOX, 0},
};

/* Kind of the word s[0..len) (a rule kind, or a G_ pseudo-kind), with its
 * implied value; 0 when unknown. */
static int lookup(const char *s, size_t len, int *value)
{
    *value = 0;
    int k = sk_rule_kind_parse(s, len);
    if (k)
        return k;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strlen(aliases[i].word) == len && strncasecmp(aliases[i].word, s, len) == 0) {
            *value = aliases[i].value;
            return aliases[i].kind;
        }
    return 0;
}

/* Rules that take no cells (and the geometry lines). */
static int cellless(int kind)
{
    return kind == SK_RULE_DIAGONAL_UP || kind == SK_RULE_DIAGONAL_DOWN ||
           kind == SK_RULE_ANTI_KNIGHT || kind == SK_RULE_ANTI_KING || kind == SK_RULE_DISJOINT ||
           kind == SK_RULE_NONCONSECUTIVE || kind == SK_RULE_NEGATIVE_BLACK ||
           kind == SK_RULE_NEGATIVE_XV || kind >= G_DIAGONALS;
}

static int word_char(int c) { return isalnum(c) || c == '-' || c == '+' || c == '_'; }

/* Where the keyword of ln ends, or 0 when ln does not start with one. */
static size_t keyword_end(const skf_line *ln, size_t *start)
{
    size_t i = ln->off;
    while (i < ln->len && skf_space((unsigned char)ln->text[i]))
        i++;
    *start = i;
    if (i >= ln->len || !isalpha((unsigned char)ln->text[i]))
        return 0;
    while (i < ln->len && word_char((unsigned char)ln->text[i]))
        i++;
    return i;
}

/* 1 when the text from i on starts a list of cells (or a sandwich's row
 * or column), or is empty. */
static int cells_follow(const skf_line *ln, size_t i)
{
    const char *t = ln->text;
    while (i < ln->len && skf_space((unsigned char)t[i]))
        i++;
    if (i >= ln->len || t[i] == '#')
        return 1;
    if ((t[i] == 'r' || t[i] == 'R') && i + 1 < ln->len && isdigit((unsigned char)t[i + 1]))
        return 1;
    if ((t[i] == 'c' || t[i] == 'C') && i + 1 < ln->len && isdigit((unsigned char)t[i + 1]))
        return 1;
    return (ln->len - i >= 3 && strncasecmp(t + i, "row", 3) == 0) ||
           (ln->len - i >= 6 && strncasecmp(t + i, "column", 6) == 0);
}

int skf_rule_line(const skf_line *ln)
{
    size_t start, i, end;
    if (!ln || ln->too_long || ln->nul_col)
        return 0;
    end = keyword_end(ln, &start);
    if (!end)
        return 0;
    int value, kind = lookup(ln->text + start, end - start, &value);
    /* numbers, then ':' and cells (any word: an unknown one is refused
     * later; a known one whatever follows, so its errors are reported) */
    for (i = end; i < ln->len; i++) {
        char c = ln->text[i];
        if (c == ':')
            return kind || cells_follow(ln, i + 1);
        if (c == '#' || !(skf_space((unsigned char)c) || isdigit((unsigned char)c))) {
            /* a known rule whose ':' is missing ("cage 10 r1c1 r1c2"): a
               rule line, so that the missing ':' is what gets reported */
            if (kind && c != '#' && !cellless(kind) && cells_follow(ln, i))
                return 1;
            break;
        }
    }
    /* or a word that takes no cells, with at most its number, alone */
    if (!kind || !cellless(kind))
        return 0;
    if (kind == G_BOX)
        return 1;
    for (i = end; i < ln->len && ln->text[i] != '#'; i++)
        if (!skf_space((unsigned char)ln->text[i]) && !isdigit((unsigned char)ln->text[i]))
            return 0;
    return 1;
}

/* ---- reading --------------------------------------------------------- */

typedef struct cursor {
    const skf_line *ln;
    size_t i;
} cursor;

static void skip_space(cursor *c)
{
    while (c->i < c->ln->len && (skf_space((unsigned char)c->ln->text[c->i]) || c->ln->text[c->i] == ','))
        c->i++;
}

static int at_end(cursor *c)
{
    skip_space(c);
    return c->i >= c->ln->len || c->ln->text[c->i] == '#';
}

static long col(const cursor *c) { return (long)c->i + 1; }

/* Reads an unsigned number (at most 9 digits); -1 when there is none. */
static long number(cursor *c)
{
    skip_space(c);
    long v = 0;
    size_t s = c->i;
    while (c->i < c->ln->len && isdigit((unsigned char)c->ln->text[c->i]) && c->i - s < 9)
        v = v * 10 + (c->ln->text[c->i++] - '0');
    return c->i > s ? v : -1;
}

/* Grows r's rule storage to hold one more rule and `ints` more ints. */
static int room(sk_reader *r, size_t ints)
{
    if (r->nrules + 1 > r->rules_cap) {
        size_t cap = r->rules_cap ? 2 * r->rules_cap : 32;
        sk_rule *p = realloc(r->rules, cap * sizeof *p);
        if (!p)
            return SK_ENOMEM;
        r->rules = p;
        size_t *at = realloc(r->rule_at, 2 * cap * sizeof *at);
        if (!at)
            return SK_ENOMEM;
        r->rule_at = at;
        r->rules_cap = cap;
    }
    if (r->nrules >= SKF_MAX_RULES)
        return SK_ERANGE;
    if (r->nints + ints > r->ints_cap) {
        size_t cap = r->ints_cap ? 2 * r->ints_cap : 256;
        while (cap < r->nints + ints)
            cap *= 2;
        int *p = realloc(r->ints, cap * sizeof *p);
        if (!p)
            return SK_ENOMEM;
        r->ints = p;
        r->ints_cap = cap;
    }
    return SK_OK;
}

/* Reads one cell "r3c12" (either case) at c; -1 with d filled when the
 * text there is not a cell of an n x n grid. */
static int cell(cursor *c, int n, sk_diag *d)
{
    const char *t = c->ln->text;
    size_t s = c->i;
    long row, column;
    if (c->i >= c->ln->len || (t[c->i] != 'r' && t[c->i] != 'R'))
        goto bad;
    c->i++;
    if ((row = number(c)) < 0 || c->i >= c->ln->len || (t[c->i] != 'c' && t[c->i] != 'C'))
        goto bad;
    c->i++;
    if ((column = number(c)) < 0)
        goto bad;
    if (row < 1 || row > n || column < 1 || column > n) {
        skf_fail(d, c->ln->no, (long)s + 1, "cell r%ldc%ld is outside the %dx%d grid", row, column,
                 n, n);
        return -1;
    }
    return (int)((row - 1) * n + (column - 1));
bad:
    {
        char show[4 * SKF_SHOW_MAX + 4];
        size_t e = s;
        while (e < c->ln->len && !skf_space((unsigned char)t[e]) && t[e] != ',')
            e++;
        skf_fail(d, c->ln->no, (long)s + 1, "expected a cell such as r1c2, got '%s'",
                 skf_show_token(t + s, e - s, show));
    }
    return -1;
}

/* Cells up to the end of the line or a '>' (arrow); appends them to r's
 * ints.  Returns the count, or -1 (d filled). */
static int cells(sk_reader *r, cursor *c, int n, sk_diag *d)
{
    int count = 0;
    for (;;) {
        if (at_end(c) || c->ln->text[c->i] == '>')
            return count;
        if (count >= n * n)
            return skf_fail(d, c->ln->no, col(c), "more cells than the grid has"), -1;
        if (room(r, 1))
            return skf_fail(d, c->ln->no, col(c), "out of memory"), -1;
        int x = cell(c, n, d);
        if (x < 0)
            return -1;
        r->ints[r->nints++] = x;
        count++;
    }
}

/* "row 3" / "column 5" / "r3" / "c5" for a sandwich: its cells in order. */
static int line_of_cells(sk_reader *r, cursor *c, int n, sk_diag *d)
{
    const char *t = c->ln->text + c->i;
    size_t left = c->ln->len - c->i;
    int is_row;
    cursor save = *c;
    if (left >= 3 && strncasecmp(t, "row", 3) == 0)
        is_row = 1, c->i += 3;
    else if (left >= 6 && strncasecmp(t, "column", 6) == 0)
        is_row = 0, c->i += 6;
    else if (left >= 2 && (t[0] == 'r' || t[0] == 'R') && isdigit((unsigned char)t[1]) &&
             !strpbrk(t, "cC"))
        is_row = 1, c->i += 1;
    else if (left >= 2 && (t[0] == 'c' || t[0] == 'C') && isdigit((unsigned char)t[1]))
        is_row = 0, c->i += 1;
    else
        return cells(r, c, n, d);
    long k = number(c);
    if (k < 1 || k > n || !at_end(c)) {
        *c = save;
        return skf_fail(d, c->ln->no, col(c), "expected \"row R\" or \"column C\" (1 to %d) or cells", n),
               -1;
    }
    if (room(r, (size_t)n))
        return skf_fail(d, c->ln->no, col(c), "out of memory"), -1;
    for (int j = 0; j < n; j++)
        r->ints[r->nints++] = is_row ? (int)(k - 1) * n + j : j * n + (int)(k - 1);
    return n;
}

/* Parses one rule line for an n x n puzzle into r (or p's geometry). */
static int parse_rule(sk_reader *r, const skf_line *ln, int n, sk_puzzle *p, sk_diag *d)
{
    size_t start, end = keyword_end(ln, &start);
    cursor c = {ln, end};
    char show[4 * SKF_SHOW_MAX + 4];
    int implied, kind = lookup(ln->text + start, end - start, &implied);
    long nums[SK_MAX_N + 1];
    int nnum = 0;
    if (!kind)
        return skf_fail(d, ln->no, (long)start + 1, "unknown rule '%s'",
                        skf_show_token(ln->text + start, end - start, show));
    const char *kw = kind >= G_DIAGONALS ? "geometry line" : sk_rule_keyword(kind);

    if (kind == G_BOX) {
        skip_space(&c);
        const char *t = ln->text + c.i;
        size_t left = ln->len - c.i;
        if (left >= 4 && strncasecmp(t, "none", 4) == 0) {
            c.i += 4;
            p->geom.box_rows = p->geom.box_cols = SK_BOX_NONE;
        } else {
            long br = number(&c), bc = -1;
            if (br > 0 && c.i < ln->len && (ln->text[c.i] == 'x' || ln->text[c.i] == 'X')) {
                c.i++;
                bc = number(&c);
            }
            if (br < 1 || bc < 1 || br * bc != n)
                return skf_fail(d, ln->no, (long)end + 2,
                                "expected a box shape RxC with R*C = %d, or \"none\"", n);
            p->geom.box_rows = (int)br;
            p->geom.box_cols = (int)bc;
        }
        if (!at_end(&c))
            return skf_fail(d, ln->no, col(&c), "unexpected text after the box shape");
        return SK_OK;
    }
    /* numbers */
    for (;;) {
        skip_space(&c);
        if (c.i >= ln->len || !isdigit((unsigned char)ln->text[c.i]))
            break;
        if (nnum > n)
            return skf_fail(d, ln->no, col(&c), "%s has too many numbers", kw);
        long v = number(&c);
        if (c.i < ln->len && isdigit((unsigned char)ln->text[c.i]))
            return skf_fail(d, ln->no, col(&c), "number too large");
        nums[nnum++] = v;
    }
    int has_colon = 0;
    skip_space(&c);
    if (c.i < ln->len && ln->text[c.i] == ':') {
        has_colon = 1;
        c.i++;
    } else if (!at_end(&c)) {
        return skf_fail(d, ln->no, col(&c), "expected a number or ':' after '%s'",
                        skf_show_token(ln->text + start, end - start, show));
    }
    if (kind == G_DIAGONALS || kind == G_HYPER) {
        if (nnum || has_colon)
            return skf_fail(d, ln->no, (long)end + 1, "'%s' takes no number and no cells",
                            skf_show_token(ln->text + start, end - start, show));
        p->geom.extras |= kind == G_DIAGONALS ? SK_EXTRA_DIAGONALS : SK_EXTRA_HYPER;
        return SK_OK;
    }

    /* how many numbers each rule takes */
    int min_num = 0, max_num = 0, digits = 0;
    switch (kind) {
    case SK_RULE_CAGE:
    case SK_RULE_WHISPER:
    case SK_RULE_WHITE_DOT:
    case SK_RULE_BLACK_DOT:
    case SK_RULE_NONCONSECUTIVE:
    case SK_RULE_NEGATIVE_BLACK:
        max_num = 1;
        break;
    case SK_RULE_LITTLE_KILLER:
    case SK_RULE_SANDWICH:
        min_num = max_num = 1;
        break;
    case SK_RULE_XV:
        min_num = max_num = implied ? 0 : 1;
        break;
    case SK_RULE_QUADRUPLE:
        min_num = 1, max_num = 4, digits = 1;
        break;
    case SK_RULE_DIGITS:
        min_num = 1, max_num = n, digits = 1;
        break;
    default:
        break;
    }
    if (nnum < min_num || nnum > max_num) {
        if (max_num == 0)
            return skf_fail(d, ln->no, (long)end + 1, "%s takes no number", kw);
        if (min_num == max_num)
            return skf_fail(d, ln->no, (long)end + 1, "%s takes %s number", kw,
                            min_num == 1 ? "one" : "no");
        return skf_fail(d, ln->no, (long)end + 1, "%s takes %d to %d numbers, got %d", kw,
                        min_num, max_num, nnum);
    }
    if (cellless(kind) != !has_colon)
        return skf_fail(d, ln->no, (long)end + 1, cellless(kind) ? "%s takes no cells" :
                        "%s needs ':' and its cells", kw);
    int rm = room(r, (size_t)nnum);
    if (rm == SK_ERANGE)
        return skf_fail(d, ln->no, (long)start + 1, "more than %d rules", SKF_MAX_RULES);
    if (rm)
        return skf_fail(d, ln->no, 0, "out of memory");
    sk_rule *rule = &r->rules[r->nrules];
    *rule = (sk_rule)SK_RULE_INIT(kind);
    rule->value = implied;
    rule->line = ln->no;
    rule->column = (long)start + 1;
    size_t first_int = r->nints;
    if (digits) {
        for (int j = 0; j < nnum; j++) {
            if (nums[j] < 1 || nums[j] > n)
                return skf_fail(d, ln->no, (long)end + 1, "digit %ld is not a digit of 1..%d",
                                nums[j], n);
            r->ints[r->nints++] = (int)nums[j];
        }
        rule->ndigits = nnum;
    } else if (nnum) {
        rule->value = (int)nums[0];
    }
    size_t cell_int = r->nints;
    int count = 0;
    if (has_colon) {
        skip_space(&c);
        if (kind == SK_RULE_SANDWICH)
            count = line_of_cells(r, &c, n, d);
        else
            count = cells(r, &c, n, d);
        if (count < 0)
            return SK_EPARSE;
        if (kind == SK_RULE_ARROW) {
            if (at_end(&c) || ln->text[c.i] != '>')
                return skf_fail(d, ln->no, col(&c), "an arrow reads CIRCLE > SHAFT: expected '>'");
            rule->aux = count;
            c.i++;
            int shaft = cells(r, &c, n, d);
            if (shaft < 0)
                return SK_EPARSE;
            count += shaft;
        }
        if (!at_end(&c))
            return skf_fail(d, ln->no, col(&c), "unexpected '%c' in the cells",
                            ln->text[c.i]);
        if (count == 0)
            return skf_fail(d, ln->no, col(&c), "%s has no cells", kw);
    }
    /* pointers are set once every rule is read (the ints may move) */
    rule->ncells = count;
    r->rule_at[2 * r->nrules] = cell_int;
    r->rule_at[2 * r->nrules + 1] = first_int;
    r->nrules++;
    return SK_OK;
}

void skf_rules_reset(sk_reader *r)
{
    r->nrules = 0;
    r->nints = 0;
}

int skf_rule_push(sk_reader *r, const sk_rule *rule)
{
    size_t need = (size_t)rule->ncells + (size_t)rule->ndigits;
    int rc = room(r, need);
    if (rc)
        return rc;
    r->rules[r->nrules] = *rule;
    r->rule_at[2 * r->nrules] = r->nints;
    if (rule->ncells)
        memcpy(r->ints + r->nints, rule->cells, (size_t)rule->ncells * sizeof(int));
    r->nints += (size_t)rule->ncells;
    r->rule_at[2 * r->nrules + 1] = r->nints;
    if (rule->ndigits)
        memcpy(r->ints + r->nints, rule->digits, (size_t)rule->ndigits * sizeof(int));
    r->nints += (size_t)rule->ndigits;
    r->nrules++;
    return SK_OK;
}

void skf_rules_finish(sk_reader *r, sk_puzzle *p)
{
    for (size_t k = 0; k < r->nrules; k++) {
        sk_rule *rule = &r->rules[k];
        rule->cells = rule->ncells ? r->ints + r->rule_at[2 * k] : NULL;
        rule->digits = rule->ndigits ? r->ints + r->rule_at[2 * k + 1] : NULL;
    }
    p->geom.nrules = (int)r->nrules;
    p->geom.rules = r->nrules ? r->rules : NULL;
}

int skf_rules_next(sk_reader *r, sk_puzzle *p, int parsed, sk_diag *d)
{
    int st = SK_OK;
    if (p->format == SK_FORMAT_FPUZZLES)
        return SK_OK; /* its rules came with it; a rule line after it is an orphan */
    skf_rules_reset(r);
    for (;;) {
        /* what follows a complete puzzle is read only when it is there */
        skf_line *ln = skf_peek_opt(r, 0);
        if (!ln) {
            if (r->fatal)
                return r->fatal;
            break;
        }
        if (!skf_rule_line(ln))
            break;
        if (parsed && st == SK_OK)
            st = parse_rule(r, ln, p->geom.n, p, d);
        skf_pop(r);
    }
    if (!parsed || st != SK_OK) {
        r->nrules = 0;
        return st;
    }
    skf_rules_finish(r, p);
    return SK_OK;
}

/* ---- writing ----------------------------------------------------------- */

typedef struct out {
    char *buf;
    size_t size;
    long len;
} out;

static void put(out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    char *at = o->size > (size_t)o->len ? o->buf + o->len : NULL;
    size_t left = at ? o->size - (size_t)o->len : 0;
    va_start(ap, fmt);
    int k = vsnprintf(at, left, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->len += k;
}

static void put_cells(out *o, int n, const int *c, int from, int to)
{
    for (int j = from; j < to; j++)
        put(o, " r%dc%d", c[j] / n + 1, c[j] % n + 1);
}

/* 1 when cells[0..n) are row (or column) k in order, left to right or
 * top to bottom; *k gets its number. */
static int whole_line(int n, const int *c, int count, int *is_row, int *k)
{
    if (count != n)
        return 0;
    int row = 1, column = 1;
    for (int j = 0; j < n; j++) {
        row &= c[j] == c[0] + j && c[0] % n == 0;
        column &= c[j] == c[0] + j * n && c[0] / n == 0;
    }
    *is_row = row;
    *k = row ? c[0] / n + 1 : c[0] % n + 1;
    return row || column;
}

long sk_write_rules(char *buf, size_t size, const sk_geometry *g)
{
    out o = {buf, size, 0};
    if (!g || g->n < 1 || g->n > SK_MAX_N || (g->nrules > 0 && !g->rules) || (!buf && size))
        return SK_EINVAL;
    if (size)
        buf[0] = '\0';
    const int n = g->n;
    if (g->box_rows > 0 && !g->regions && !(g->box_rows * g->box_rows == n && g->box_cols == g->box_rows))
        put(&o, "box %dx%d\n", g->box_rows, g->box_cols);
    else if (g->box_rows == SK_BOX_NONE && !g->regions)
        put(&o, "box none\n");
    if (g->extras & SK_EXTRA_DIAGONALS)
        put(&o, "diagonals\n");
    if (g->extras & SK_EXTRA_HYPER)
        put(&o, "hyper\n");
    for (int k = 0; k < g->nrules; k++) {
        const sk_rule *r = &g->rules[k];
        const char *kw = sk_rule_keyword(r->kind);
        if (!kw || (r->ncells && !r->cells) || (r->ndigits && !r->digits) || r->ncells < 0)
            return SK_EINVAL;
        for (int j = 0; j < r->ncells; j++)
            if (r->cells[j] < 0 || r->cells[j] >= n * n)
                return SK_EINVAL;
        int is_row, line;
        switch (r->kind) {
        case SK_RULE_XV:
            if (r->value == 10 || r->value == 5)
                put(&o, "%s:", r->value == 10 ? "x" : "v");
            else
                put(&o, "xv %d:", r->value);
            put_cells(&o, n, r->cells, 0, r->ncells);
            break;
        case SK_RULE_SANDWICH:
            put(&o, "sandwich %d:", r->value);
            if (whole_line(n, r->cells, r->ncells, &is_row, &line))
                put(&o, " %s %d", is_row ? "row" : "column", line);
            else
                put_cells(&o, n, r->cells, 0, r->ncells);
            break;
        case SK_RULE_ARROW:
            put(&o, "arrow:");
            put_cells(&o, n, r->cells, 0, r->aux);
            put(&o, " >");
            put_cells(&o, n, r->cells, r->aux, r->ncells);
            break;
        case SK_RULE_QUADRUPLE:
        case SK_RULE_DIGITS:
            put(&o, "%s", kw);
            for (int j = 0; j < r->ndigits; j++)
                put(&o, " %d", r->digits[j]);
            put(&o, ":");
            put_cells(&o, n, r->cells, 0, r->ncells);
            break;
        default:
            put(&o, "%s", kw);
            if (r->value)
                put(&o, " %d", r->value);
            if (!cellless(r->kind)) {
                put(&o, ":");
                put_cells(&o, n, r->cells, 0, r->ncells);
            }
            break;
        }
        put(&o, "\n");
    }
    return o.len;
}
