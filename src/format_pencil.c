/*
 * format_pencil.c - puzzles given as pencil marks: the candidates of each
 * cell rather than its given.  Two forms (sudokit.h):
 *
 *   SUKAKU  one line of N*N*N characters, N places per cell in digit
 *           order: the digit's symbol, or an empty mark ('.', '0') when
 *           the digit is ruled out, so "1.3......" holds 1 and 3.  White
 *           space between the characters is left out (cells or rows may
 *           be spaced); a '#' token after them is a comment; a jigsaw's
 *           N*N region ids may follow after white space, as in a jigsaw
 *           line.  No cell is a given: one with a single candidate is a
 *           naked single.
 *   PENCIL  N rows of N fields, one field per cell: its candidates run
 *           together ("1679"), written by place as in SUKAKU
 *           ("1.3......"), or, in the NUMBERS alphabet, numbers separated
 *           by commas ("1,12,16"; up to 9x9 the digits may run together).
 *           '|' separates fields as white space does; lines made of
 *           "-=+|:.'*" with a '-' or '=' are borders (the grids `sudokit
 *           candidates`, HoDoKu and Sudoku Explainer print).  A field of
 *           one symbol is a filled cell, a given.  A jigsaw's N rows of
 *           region ids (characters, or numbers) follow directly.
 *
 * Detection with SK_FORMAT_AUTO
 *   SUKAKU (format_line.c asks skf_sukaku_line of every line puzzle): L =
 *   N^3 characters, 4 <= N <= 35, each an empty mark or a symbol, at least
 *   N*N of them the digit of their place and at most one in twenty of
 *   those elsewhere.  No valid line puzzle of side M = sqrt(L) looks so:
 *   when L is a square, N is one too and M a multiple of N, so a symbol's
 *   place k mod N depends only on its column; a digit at its place repeats
 *   the digit of every other such symbol in its column, and N*N of them in
 *   M < N*N columns put two equal digits in one column.  Up to N
 *   characters more or fewer, when L is not a square, is a SUKAKU line of
 *   the wrong length: an error that says so.
 *   PENCIL (reader.c asks skf_pencil_block before measuring a block): the
 *   first data row has N >= 4 fields, each one (but for one typo) a field
 *   for N whose symbols increase, as every printed grid has them (or, when
 *   it has a field too few or too many, the next data row does, and the
 *   block's other rows agree); some
 *   data row lists two candidates (or one by place) in a field that is not
 *   a number up to N
 *   (a plain grid of symbols or numbers never does); and the block has N
 *   data rows, or 2N of which the first N hold one bad field at most (a
 *   jigsaw, its region rows after the grid), or only rows of N fields
 *   with one bad field at most.  N is the number of fields of the first
 *   row, or the number of rows when every other row has that many fields
 *   (so that a typo in the first row is reported as one).  A line puzzle
 *   in groups ("530070000 600195000 ...") fails the field test at once:
 *   '0's out of place, digits out of order.
 *
 * The alphabet of a PENCIL block, unless one is given: NUMBERS when a
 * field has a comma or N > 35; LETTERS when the fields hold letters and
 * no digit 1-9 (N <= 26); HEX when N is 16 and a field holds a '0' that
 * is not an empty place; DIGITS otherwise.  SUKAKU reads DIGITS (and
 * detects nothing else).
 */
#include <stdio.h>
#include <string.h>

#include "format.h"

#define BIT(v) (1ull << ((v) - 1))

static const char *cell_name(int n, int cell, char buf[16])
{
    /* cells are below 64 * 64: the modulo only tells the compiler so */
    snprintf(buf, 16, "r%dc%d", (cell / n + 1) % 1000, (cell % n + 1) % 1000);
    return buf;
}

/* ---- SUKAKU ------------------------------------------------------------ */

/* N with N^3 == count and lo <= N <= hi, or 0. */
static int cube_side(size_t count, int lo, int hi);

/* Counts the characters of a SUKAKU line (white space left out, up to a
 * '#' token after them) and stores the end of the last one in *end.  When
 * the last token is N*N region ids after N^3 characters (a jigsaw), it is
 * left out of the count and of *end, and *ids is its offset (else 0). */
static size_t sukaku_count(const skf_line *ln, size_t *end, size_t *ids)
{
    size_t i, count = 0, last = 0, last_len = 0;
    int after_space = 0;
    *end = ln->off;
    *ids = 0;
    /* a line without white space (the usual line puzzle) is all one run */
    for (i = ln->off; i < ln->len && !skf_space((unsigned char)ln->text[i]); i++)
        ;
    if (i == ln->len) {
        *end = ln->len;
        return ln->len - ln->off;
    }
    for (i = ln->off; i < ln->len; i++) {
        char c = ln->text[i];
        if (skf_space((unsigned char)c)) {
            after_space = 1;
            continue;
        }
        if (c == '#' && after_space && count > 0)
            break;
        if (after_space || i == ln->off) {
            last = i;
            last_len = 0;
        }
        after_space = 0;
        last_len++;
        count++;
        *end = i + 1;
    }
    if (last > ln->off && !cube_side(count, 1, SK_MAX_N)) {
        int k = cube_side(count - last_len, 1, SK_MAX_N);
        if (k && last_len == (size_t)k * (size_t)k) {
            *ids = last;
            for (*end = last; *end > ln->off && skf_space((unsigned char)ln->text[*end - 1]);)
                (*end)--;
            count -= last_len;
        }
    }
    return count;
}

/* N with N^3 == count and lo <= N <= hi, or 0. */
static int cube_side(size_t count, int lo, int hi)
{
    for (int k = lo; k <= hi; k++)
        if ((size_t)k * (size_t)k * (size_t)k == count)
            return k;
    return 0;
}

/* The N from lo to hi whose N^3 is nearest to count. */
static int nearest_side(size_t count, int lo, int hi)
{
    int best = lo;
    for (int k = lo; k <= hi; k++) {
        size_t c = (size_t)k * (size_t)k * (size_t)k, b = (size_t)best * best * best;
        if ((c > count ? c - count : count - c) < (b > count ? b - count : count - b))
            best = k;
        if (c >= count)
            break; /* the cubes only grow from here */
    }
    return best;
}

/* 1 when the line's count characters (up to end) are pencil marks of side
 * `side` in alphabet a: enough symbols, nearly all at their own places. */
static int places_fit(const skf_line *ln, size_t end, int side, sk_alphabet a)
{
    size_t i, ok = 0, bad = 0, k = 0;
    for (i = ln->off; i < end; i++) {
        int v;
        if (skf_space((unsigned char)ln->text[i]))
            continue;
        v = skf_symbol_value(a, (unsigned char)ln->text[i]);
        if (v < 0)
            return 0;
        if (v > 0) {
            if (v == (int)(k % (size_t)side) + 1)
                ok++;
            else
                bad++;
        }
        k++;
    }
    return ok >= (size_t)side * (size_t)side && bad * 20 <= ok;
}

/* Is ln pencil marks on one line in alphabet a (of side n when n > 0)? */
static int sukaku_in(const skf_line *ln, int n, sk_alphabet a)
{
    size_t end, count, cube, ids;
    int side;
    /* a few characters too many or too few (up to a cell's worth) still
       make a SUKAKU line, so that the error says so, unless a line puzzle
       could have that many */
    count = sukaku_count(ln, &end, &ids);
    side = nearest_side(count, 4, skf_alphabet_max(a));
    cube = (size_t)side * side * side;
    if ((count > cube ? count - cube : cube - count) > (size_t)side || (n > 0 && side != n) ||
        (count != cube && skf_isqrt((long)count) > 0))
        return 0;
    return places_fit(ln, end, side, a);
}

/* Is ln pencil marks on one line (of side n when n > 0) in alphabet a, or,
 * when a is AUTO, in the first of digits, hex and letters in which its
 * symbols stand at their places?  1 with that alphabet in *out. */
static int sukaku_fit(const skf_line *ln, int n, sk_alphabet a, sk_alphabet *out)
{
    static const sk_alphabet tries[] = {SK_ALPHABET_DIGITS, SK_ALPHABET_HEX, SK_ALPHABET_LETTERS};
    if (a == SK_ALPHABET_NUMBERS)
        return 0;
    for (size_t t = 0; t < sizeof tries / sizeof tries[0]; t++) {
        sk_alphabet x = a == SK_ALPHABET_AUTO ? tries[t] : a;
        if (sukaku_in(ln, n, x)) {
            *out = x;
            return 1;
        }
        if (a != SK_ALPHABET_AUTO)
            break;
    }
    return 0;
}

int skf_sukaku_line(const skf_line *ln, int n, sk_alphabet a)
{
    sk_alphabet used;
    return !ln->too_long && !ln->nul_col && sukaku_fit(ln, n, a, &used);
}

static int parse_sukaku(sk_reader *r, const skf_line *ln, sk_puzzle *p, sk_diag *d)
{
    size_t end, count, i, k = 0, ids;
    sk_alphabet a = r->opts.alphabet;
    int n, st;
    uint64_t mask = 0;
    char cn[16], show[8], at[8];

    st = skf_line_error(ln, d);
    if (st != SK_OK)
        return st;
    if (a == SK_ALPHABET_AUTO && !sukaku_fit(ln, r->opts.n, a, &a))
        a = SK_ALPHABET_DIGITS; /* (the errors below say what is wrong) */
    count = sukaku_count(ln, &end, &ids);
    for (i = ln->off; i < end && skf_space((unsigned char)ln->text[i]); i++)
        ;
    if (a == SK_ALPHABET_NUMBERS)
        return skf_fail(d, ln->no, (long)i + 1,
                        "pencil marks on one line take one character per digit, not the "
                        "numbers alphabet");
    n = cube_side(count, 1, skf_alphabet_max(a));
    if (r->opts.n > 0 && n != r->opts.n) {
        long want = (long)r->opts.n * r->opts.n * r->opts.n;
        return skf_fail(d, ln->no, (long)i + 1,
                        "line has %zu characters, expected %ld for %dx%d pencil marks (%d "
                        "places per cell)",
                        count, want, r->opts.n, r->opts.n, r->opts.n);
    }
    if (!n) {
        int near = nearest_side(count, 1, skf_alphabet_max(a));
        return skf_fail(d, ln->no, (long)i + 1,
                        "line has %zu characters, expected N*N*N for pencil marks (%d for "
                        "%dx%d)",
                        count, near * near * near, near, near);
    }
    for (; i < end; i++) {
        int c = (unsigned char)ln->text[i], cell = (int)(k / (size_t)n), place = (int)(k % (size_t)n);
        int v;
        if (skf_space(c))
            continue;
        if (place == 0) {
            mask = 0;
            r->cell_line[cell] = (uint32_t)ln->no;
            r->cell_column[cell] = (uint32_t)(i + 1);
        }
        v = skf_symbol_value(a, c);
        if (v < 0)
            return skf_fail(d, ln->no, (long)i + 1,
                            "unknown symbol '%s' in the candidates of %s (%s alphabet)",
                            skf_show_char(c, show), cell_name(n, cell, cn), sk_alphabet_name(a));
        if (v > 0 && v != place + 1)
            return skf_fail(d, ln->no, (long)i + 1,
                            "'%s' at place %d of %s's candidates, expected '%s' or '.' (each "
                            "digit has its place)",
                            skf_show_char(c, show), place + 1, cell_name(n, cell, cn),
                            skf_show_char(sk_alphabet_symbol(a, place + 1), at));
        if (v > 0)
            mask |= BIT(v);
        if (place == n - 1) {
            if (!mask)
                return skf_fail(d, ln->no, (long)r->cell_column[cell],
                                "%s has no candidate (all %d places are empty)",
                                cell_name(n, cell, cn), n);
            r->cand[cell] = mask;
            r->cells[cell] = 0;
        }
        k++;
    }
    if (ids) { /* a jigsaw's region ids, as a jigsaw line has them */
        sk_alphabet used;
        for (int j = 0; j < n * n; j++) {
            r->sym[j] = '\0';
            r->rsym[j] = ln->text[ids + (size_t)j];
            r->reg_line[j] = (uint32_t)ln->no;
            r->reg_column[j] = (uint32_t)(ids + (size_t)j + 1);
        }
        st = skf_decode(r, n, 1, a, &used, d);
        if (st != SK_OK)
            return st;
    }
    skf_fill_puzzle(r, p, n, ids != 0, SK_FORMAT_SUKAKU);
    p->alphabet = a;
    p->candidates = r->cand;
    return SK_OK;
}

int skf_sukaku_next(sk_reader *r, sk_puzzle *p, sk_diag *d)
{
    skf_line *ln = skf_peek(r, 0);
    int st;
    if (!ln)
        return r->fatal ? r->fatal : SK_DONE;
    p->index = r->index++;
    p->line = ln->no;
    p->format = SK_FORMAT_SUKAKU;
    st = parse_sukaku(r, ln, p, d);
    skf_pop(r);
    return st;
}

/* ---- PENCIL ------------------------------------------------------------ */

typedef struct field {
    size_t s, len; /* byte offset in the line, length */
} field;

/* Splits a PENCIL row into fields (white space and '|' separate them; a
 * field starting with '#' after the first ends the row).  Returns the
 * count, of which at most max are stored. */
static int split_fields(const skf_line *ln, field *f, int max)
{
    size_t i = ln->off;
    int count = 0;
    for (;;) {
        size_t s;
        while (i < ln->len && (skf_space((unsigned char)ln->text[i]) || ln->text[i] == '|'))
            i++;
        if (i >= ln->len || (count > 0 && ln->text[i] == '#'))
            break;
        s = i;
        while (i < ln->len && !skf_space((unsigned char)ln->text[i]) && ln->text[i] != '|')
            i++;
        if (count < max) {
            f[count].s = s;
            f[count].len = i - s;
        }
        count++;
    }
    return count;
}

/* A border line: only "-=+|:.'*" and white space, with a '-' or '='. */
static int border(const skf_line *ln)
{
    size_t i;
    int rule = 0;
    if (ln->too_long || ln->nul_col)
        return 0;
    for (i = ln->off; i < ln->len; i++) {
        char c = ln->text[i];
        if (c == '-' || c == '=')
            rule = 1;
        else if (!skf_space((unsigned char)c) && c != '+' && c != '|' && c != ':' && c != '.' &&
                 c != '\'' && c != '*')
            return 0;
    }
    return rule;
}

/* A field that only reads as a decimal number up to n (a cell of a plain
 * grid of numbers), not as several candidates. */
static int number_up_to(const char *t, size_t len, int n)
{
    int v = 0;
    if (len == 0 || len > 2 || t[0] == '0')
        return 0;
    for (size_t i = 0; i < len; i++) {
        if (t[i] < '0' || t[i] > '9')
            return 0;
        v = v * 10 + (t[i] - '0');
    }
    return v <= n;
}

/*
 * Decodes field f of ln as cell `cell` of an n x n grid in alphabet a:
 * *mask gets its candidates and *given its digit when the field is one
 * symbol (or one number), else 0.  strict (detection) also asks that the
 * symbols of a run increase.  SK_OK, or SK_EPARSE with d saying where and
 * why.
 */
static int decode_field(const skf_line *ln, const field *f, int n, sk_alphabet a, int cell,
                        int strict, uint64_t *mask, int *given, sk_diag *d)
{
    const char *t = ln->text + f->s;
    char cn[16], show[8], at[8];
    uint64_t m = 0;
    int last = 0, places = 0, count = 0;
    size_t i;
    *given = 0;
    cell_name(n, cell, cn);
    if (a == SK_ALPHABET_NUMBERS && n <= 9 && !memchr(t, ',', f->len))
        a = SK_ALPHABET_DIGITS; /* one-digit numbers run together, as written */
    if (a == SK_ALPHABET_NUMBERS) {
        /* numbers separated by commas */
        for (i = 0; i <= f->len; i++) {
            size_t s = i;
            long v = 0;
            while (i < f->len && t[i] >= '0' && t[i] <= '9') {
                if (v <= SK_MAX_N)
                    v = v * 10 + (t[i] - '0');
                i++;
            }
            if (i < f->len && t[i] != ',')
                return skf_fail(d, ln->no, (long)(f->s + i) + 1,
                                "unknown character '%s' in the candidates of %s, expected "
                                "numbers separated by commas (numbers alphabet)",
                                skf_show_char((unsigned char)t[i], show), cn);
            if (i == s)
                return skf_fail(d, ln->no, (long)(f->s + s) + 1,
                                "a number is missing in the candidates of %s (two commas, or "
                                "one at an end)",
                                cn);
            if (v < 1 || v > n)
                return skf_fail(d, ln->no, (long)(f->s + s) + 1,
                                "number %ld in the candidates of %s is not 1 to %d", v, cn, n);
            if (m & BIT(v))
                return skf_fail(d, ln->no, (long)(f->s + s) + 1, "%s lists %ld twice", cn, v);
            if (strict && v <= last)
                return SK_EPARSE;
            m |= BIT(v);
            last = (int)v;
            count++;
        }
        *mask = m;
        *given = count == 1 ? last : 0;
        return SK_OK;
    }
    for (i = 0; i < f->len; i++) {
        int v = skf_symbol_value(a, (unsigned char)t[i]);
        if (v == 0)
            places++;
        if (v < 0 && t[i] == ',')
            return skf_fail(d, ln->no, (long)(f->s + i) + 1,
                            "',' in the candidates of %s: commas separate the numbers of the "
                            "numbers alphabet, not %s symbols",
                            cn, sk_alphabet_name(a));
        if (v < 0)
            return skf_fail(d, ln->no, (long)(f->s + i) + 1,
                            "unknown symbol '%s' in the candidates of %s (%s alphabet)",
                            skf_show_char((unsigned char)t[i], show), cn, sk_alphabet_name(a));
    }
    if ((size_t)places == f->len)
        return skf_fail(d, ln->no, (long)f->s + 1, "%s has no candidate", cn);
    if (places && f->len != (size_t)n)
        return skf_fail(d, ln->no, (long)f->s + 1,
                        "the candidates of %s have %zu places, expected %d: a field with '.' "
                        "has one place per digit",
                        cn, f->len, n);
    for (i = 0; i < f->len; i++) {
        int v = skf_symbol_value(a, (unsigned char)t[i]);
        if (v == 0)
            continue;
        if (places && v != (int)i + 1)
            return skf_fail(d, ln->no, (long)(f->s + i) + 1,
                            "'%s' at place %zu of %s's candidates, expected '%s' or '.' (each "
                            "digit has its place)",
                            skf_show_char((unsigned char)t[i], show), i + 1, cn,
                            skf_show_char(sk_alphabet_symbol(a, (int)i + 1), at));
        if (v > n)
            return skf_fail(d, ln->no, (long)(f->s + i) + 1,
                            "symbol '%s' in the candidates of %s is %d, above %d (%s alphabet)",
                            skf_show_char((unsigned char)t[i], show), cn, v, n,
                            sk_alphabet_name(a));
        if (m & BIT(v))
            return skf_fail(d, ln->no, (long)(f->s + i) + 1, "%s lists '%s' twice", cn,
                            skf_show_char((unsigned char)t[i], show));
        if (strict && v <= last)
            return SK_EPARSE;
        m |= BIT(v);
        last = v;
    }
    if (!m)
        return skf_fail(d, ln->no, (long)f->s + 1, "%s has no candidate", cn);
    *mask = m;
    *given = !places && f->len == 1 ? last : 0;
    return SK_OK;
}

/* What the front block looks like as a PENCIL grid. */
typedef struct pblock {
    int lines;       /* lines of the block looked at */
    int width;       /* fields of the first data row (0: none) */
    int rows;        /* data rows */
    int same;        /* every data row has `width` fields */
    int side;        /* N: `width`, or `rows` when all the rows but one
                        have that many fields (a typo in the first row) */
    int regions;     /* 2N data rows: the last N are region ids (a jigsaw) */
    int cell_lines;  /* lines before the region rows (all when none) */
    int soft;        /* the block ends after `lines` lines because nothing
                        more was ready (sk_reader_open_fn input) */
    sk_alphabet a;   /* the alphabet its fields are in */
} pblock;

/* 1 when field f holds a '0' that DIGITS cannot read as an empty place
 * of a field written by place: a value of the HEX alphabet. */
static int hex_zero(const skf_line *ln, const field *f, int n)
{
    sk_diag scratch;
    uint64_t m;
    int given;
    return memchr(ln->text + f->s, '0', f->len) &&
           decode_field(ln, f, n, SK_ALPHABET_DIGITS, 0, 0, &m, &given, &scratch) != SK_OK;
}

/* The alphabet of a block of PENCIL rows (see the top), from the rows
 * looked at. */
static sk_alphabet block_alphabet(sk_reader *r, int lines, int n)
{
    int comma = 0, letter = 0, digit = 0, zero = 0;
    if (r->opts.alphabet != SK_ALPHABET_AUTO)
        return r->opts.alphabet;
    for (int k = 0; k < lines; k++) {
        skf_line *ln = skf_peek(r, k);
        field f[SK_MAX_N + 1];
        int nf;
        if (!ln || ln->too_long || ln->nul_col || border(ln))
            continue;
        nf = split_fields(ln, f, SK_MAX_N + 1);
        for (int j = 0; j < nf && j <= SK_MAX_N; j++) {
            const char *t = ln->text + f[j].s;
            for (size_t i = 0; i < f[j].len; i++) {
                char c = t[i];
                comma |= c == ',';
                letter |= (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
                digit |= c >= '1' && c <= '9';
            }
            zero |= n == 16 && hex_zero(ln, &f[j], n);
        }
    }
    if (comma || n > skf_alphabet_max(SK_ALPHABET_DIGITS))
        return SK_ALPHABET_NUMBERS;
    if (letter && !digit && n <= 26)
        return SK_ALPHABET_LETTERS;
    if (n == 16 && zero)
        return SK_ALPHABET_HEX;
    return SK_ALPHABET_DIGITS;
}

/* Looks over the front block (bounded, as skf_scan_block is) and
 * measures it.  SK_OK or a fatal status. */
/* Ids in a row of region ids: its fields when there are n of them, else
 * its characters other than white space and '|'. */
static int region_ids(const skf_line *ln, int n)
{
    field f[1];
    int nf, chars = 0;
    if (ln->too_long || ln->nul_col)
        return -1;
    nf = split_fields(ln, f, 1);
    if (nf == n)
        return n;
    for (size_t i = ln->off; i < ln->len; i++)
        chars += !skf_space((unsigned char)ln->text[i]) && ln->text[i] != '|';
    return chars;
}

static int scan_pencil(sk_reader *r, pblock *b)
{
    size_t bytes = 0;
    int fields[2 * SK_MAX_N + 2]; /* fields of each data row */
    int at[2 * SK_MAX_N + 2];     /* its line, counted from the front */
    memset(b, 0, sizeof *b);
    b->same = 1;
    for (int k = 0;; k++) {
        skf_line *ln;
        field f[1];
        int nf;
        if (k >= SKF_QCAP || bytes > SKF_SCAN_BYTES || b->rows > 2 * SK_MAX_N)
            break;
        /* once the rows seen make a whole grid, a line that is not there
           yet ends the block (input that arrives a piece at a time) */
        if (b->width > 0 && b->rows >= b->width) {
            ln = skf_peek_opt(r, k);
            if (!ln && r->soft_end) {
                b->soft = 1;
                break;
            }
        } else {
            ln = skf_peek(r, k);
        }
        if (!ln && r->fatal)
            return r->fatal;
        if (skf_block_end(ln))
            break;
        b->lines = k + 1;
        bytes += ln->len;
        if (border(ln))
            continue;
        nf = ln->too_long || ln->nul_col ? 0 : split_fields(ln, f, 1);
        fields[b->rows] = nf;
        at[b->rows] = k;
        if (b->rows++ == 0)
            b->width = nf;
        else if (nf != b->width)
            b->same = 0;
    }
    b->side = b->width;
    if (b->rows != b->width && b->rows >= 4) {
        int agree = 0;
        for (int k = 0; k < b->rows; k++)
            agree += fields[k] == b->rows;
        if (agree >= b->rows - 1)
            b->side = b->rows;
    }
    b->cell_lines = b->lines;
    if (b->side >= 1 && b->rows == 2 * b->side) {
        b->regions = 1;
        b->cell_lines = at[b->side];
    }
    b->a = block_alphabet(r, b->cell_lines, b->side);
    return SK_OK;
}

/* Checks the fields of a data row for detection: how many of them are
 * not fields in alphabet a with increasing symbols (width + 1 when the row
 * has not `width` fields); *multi is set when a good one lists several
 * candidates, or one by place ("..3......"), and is not a plain number. */
static int row_misfits(const skf_line *ln, int width, sk_alphabet a, int *multi)
{
    field f[SK_MAX_N + 1];
    sk_diag scratch;
    int nf, bad = 0;
    if (ln->too_long || ln->nul_col)
        return width + 1;
    nf = split_fields(ln, f, SK_MAX_N + 1);
    if (nf != width)
        return width + 1;
    for (int j = 0; j < nf; j++) {
        uint64_t m;
        int given;
        if (decode_field(ln, &f[j], width, a, j, 1, &m, &given, &scratch) != SK_OK)
            bad++;
        else if (((m & (m - 1)) || !given) && !number_up_to(ln->text + f[j].s, f[j].len, width))
            *multi = 1; /* several candidates, or one written by place */
    }
    return bad;
}

/* The alphabet a first row alone suggests (the block's is decided by
 * block_alphabet once the block is worth looking at). */
static sk_alphabet row_alphabet(const sk_reader *r, const skf_line *ln, const field *f,
                                int width)
{
    int letter = 0, digit = 0;
    if (r->opts.alphabet != SK_ALPHABET_AUTO)
        return r->opts.alphabet;
    if (width > skf_alphabet_max(SK_ALPHABET_DIGITS) || memchr(ln->text + ln->off, ',', ln->len - ln->off))
        return SK_ALPHABET_NUMBERS;
    for (size_t i = ln->off; i < ln->len; i++) {
        char c = ln->text[i];
        letter |= (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        digit |= c >= '1' && c <= '9';
    }
    if (letter && !digit && width <= 26)
        return SK_ALPHABET_LETTERS;
    for (int j = 0; j < width && width == 16; j++)
        if (hex_zero(ln, &f[j], width))
            return SK_ALPHABET_HEX;
    return SK_ALPHABET_DIGITS;
}

/* The first data row (not a border) at line k of the queue or after it,
 * within 8 lines and the block, its line in *at; NULL when there is none.
 * wait 0: only the lines that have come (input a piece at a time). */
static skf_line *data_row(sk_reader *r, int k, int wait, int *at)
{
    for (int j = k; j < k + 8; j++) {
        skf_line *ln = wait ? skf_peek(r, j) : skf_peek_opt(r, j);
        if (!ln || skf_block_end(ln))
            return NULL;
        if (!border(ln)) {
            *at = j;
            return ln->too_long || ln->nul_col ? NULL : ln;
        }
    }
    return NULL;
}

int skf_pencil_block(sk_reader *r, int n)
{
    pblock b;
    skf_line *ln;
    int k = 0, multi = 0, width, misfits = 0;
    field f[SK_MAX_N + 1];
    /* a quick look at the first data row before the block */
    if (!(ln = data_row(r, 0, 1, &k)))
        return 0;
    width = split_fields(ln, f, SK_MAX_N + 1);
    /* one bad field is a typo to report, not another form: a line puzzle
       in groups or a grid row has nearly every field wrong */
    if (width < 4 || width > SK_MAX_N)
        return 0;
    if ((n > 0 && width != n) || row_misfits(ln, width, row_alphabet(r, ln, f, width), &multi) > 1) {
        /* a first row with a field too few or too many: the next data
           row says the width, and the whole block must agree (the row is
           then reported with its count) */
        int at;
        skf_line *next = data_row(r, k + 1, 0, &at);
        if (!next)
            return 0;
        int w2 = split_fields(next, f, SK_MAX_N + 1);
        if (w2 < 4 || w2 > SK_MAX_N || (n > 0 && w2 != n) || (w2 != width + 1 && w2 != width - 1) ||
            row_misfits(next, w2, row_alphabet(r, next, f, w2), &multi) > 1)
            return 0;
        width = w2;
    }
    if (scan_pencil(r, &b) != SK_OK || (b.width != width && b.side != width) ||
        (n > 0 && b.side != n))
        return 0;
    for (k = 0; k < b.cell_lines; k++) {
        ln = skf_peek(r, k);
        if (ln && !border(ln))
            misfits += row_misfits(ln, b.side, b.a, &multi);
    }
    return multi &&
           (b.rows == b.side || (b.regions && misfits <= 1) ||
            (b.same && misfits <= 1 && b.rows >= 2));
}

/* Reads row `row` of region ids (after the grid) into r's buffers: one
 * character each, or numbers when the row has n fields of which one is
 * longer (decoded by skf_decode, as a jigsaw grid's). */
static int parse_region_row(sk_reader *r, const skf_line *ln, int n, int row, sk_diag *d)
{
    field f[SK_MAX_N + 1];
    int nf = split_fields(ln, f, SK_MAX_N + 1), ids = region_ids(ln, n), j = 0, tokens = 0;
    if (ids != n)
        return skf_fail(d, ln->no, 0, "region row %d has %d ids, expected %d", row + 1, ids, n);
    for (int k = 0; nf == n && k < n; k++)
        tokens |= f[k].len > 1;
    if (tokens) {
        for (int k = 0; k < n; k++) {
            int at = row * n + k;
            long v = 0;
            for (size_t i = 0; i < f[k].len; i++) {
                char c = ln->text[f[k].s + i];
                if (c < '0' || c > '9' || v > 255)
                    return skf_fail(d, ln->no, (long)(f[k].s + i) + 1,
                                    "region id '%.*s' is not a number", (int)f[k].len,
                                    ln->text + f[k].s);
                v = v * 10 + (c - '0');
            }
            if (v > 255)
                return skf_fail(d, ln->no, (long)f[k].s + 1, "region id %ld is above 255", v);
            r->rsym[at] = '\0';
            r->regions[at] = (uint8_t)v;
            r->reg_line[at] = (uint32_t)ln->no;
            r->reg_column[at] = (uint32_t)(f[k].s + 1);
        }
        return SK_OK;
    }
    for (size_t i = ln->off; i < ln->len; i++) {
        char c = ln->text[i];
        if (skf_space((unsigned char)c) || c == '|')
            continue;
        r->rsym[row * n + j] = c;
        r->reg_line[row * n + j] = (uint32_t)ln->no;
        r->reg_column[row * n + j] = (uint32_t)(i + 1);
        j++;
    }
    return SK_OK;
}

/* Reads data row `row` of the grid into r's buffers. */
static int parse_row(sk_reader *r, const skf_line *ln, int n, int row, sk_alphabet a, sk_diag *d)
{
    field f[SK_MAX_N + 1];
    int nf = split_fields(ln, f, SK_MAX_N + 1);
    if (nf != n) {
        long col = nf > n ? (long)f[n].s + 1 : (long)ln->len + 1;
        return skf_fail(d, ln->no, col, "row %d has %d fields, expected %d (one per cell)",
                        row + 1, nf, n);
    }
    for (int j = 0; j < n; j++) {
        int cell = row * n + j, given, st;
        uint64_t m;
        st = decode_field(ln, &f[j], n, a, cell, 0, &m, &given, d);
        if (st != SK_OK)
            return st;
        r->cand[cell] = m;
        r->cells[cell] = (uint8_t)given;
        r->sym[cell] = '\0';
        r->cell_line[cell] = (uint32_t)ln->no;
        r->cell_column[cell] = (uint32_t)(f[j].s + 1);
    }
    return SK_OK;
}

int skf_pencil_next(sk_reader *r, sk_puzzle *p, sk_diag *d)
{
    pblock b;
    field f[1];
    skf_line *ln = skf_peek(r, 0);
    int st, n, k, rows = 0, failed = 0;
    long first_line, last_line = 0, extra_line = 0;

    if (!ln)
        return r->fatal ? r->fatal : SK_DONE;
    first_line = ln->no;
    st = scan_pencil(r, &b);
    if (st != SK_OK)
        return st;
    p->index = r->index++;
    p->line = first_line;
    p->format = SK_FORMAT_PENCIL;
    n = r->opts.n > 0 ? r->opts.n : b.side;
    if (n < 1) {
        failed = 1;
        skf_fail(d, first_line, 0, "border lines without a grid, expected rows of candidates");
    } else if (n > SK_MAX_N) {
        failed = 1;
        skf_fail(d, first_line, 0, "row 1 has %d fields, expected at most %d", n, SK_MAX_N);
    } else if (n == 1 && r->opts.n <= 0 && (ln = data_row(r, 0, 1, &k)) &&
               split_fields(ln, f, 1) == 1 && f[0].len > 1) {
        /* one long field a row: line puzzles (or sukaku lines) read as a
           grid because the format was forced */
        failed = 1;
        skf_fail(d, ln->no, (long)f[0].s + 1,
                 "one field of %zu characters where a pencil-mark grid has N rows of N fields "
                 "separated by spaces (a puzzle on one line? leave --format out, or give "
                 "--format line or sukaku)",
                 f[0].len);
    } else if (b.a != SK_ALPHABET_NUMBERS && n > skf_alphabet_max(b.a)) {
        failed = 1;
        skf_fail(d, first_line, 0,
                 "the %s alphabet has no symbol for %d: write the candidates of a %dx%d grid "
                 "as numbers separated by commas (1,12,%d)",
                 sk_alphabet_name(b.a), n, n, n, n);
    }
    /* consume the block, parsing rows until the first error */
    for (int seen = 0;; seen++) {
        if (b.soft && seen == b.lines)
            break;
        ln = skf_peek(r, 0);
        if (!ln && r->fatal)
            return r->fatal;
        if (skf_block_end(ln))
            break;
        if (!failed && skf_line_error(ln, d) != SK_OK)
            failed = 1;
        if (!ln->too_long && !ln->nul_col && border(ln)) {
            skf_pop(r);
            continue;
        }
        if (!failed && rows < n && parse_row(r, ln, n, rows, b.a, d) != SK_OK)
            failed = 1;
        if (!failed && b.regions && rows >= n && rows < 2 * n &&
            parse_region_row(r, ln, n, rows - n, d) != SK_OK)
            failed = 1;
        rows++;
        if (rows == n + 1)
            extra_line = ln->no;
        last_line = ln->no;
        skf_pop(r);
    }
    if (failed)
        return SK_EPARSE;
    if (rows < n)
        return skf_fail(d, last_line, 0, "pencil-mark grid has %d rows, expected %d", rows, n);
    if (rows > n && !(b.regions && rows == 2 * n))
        return skf_fail(d, extra_line, 0,
                        "pencil-mark grid has %d rows, expected %d, or %d with region ids", rows,
                        n, 2 * n);
    if (b.regions) {
        sk_alphabet used;
        st = skf_decode(r, n, 1, b.a, &used, d);
        if (st != SK_OK)
            return st;
    }
    skf_fill_puzzle(r, p, n, b.regions, SK_FORMAT_PENCIL);
    p->alphabet = b.a;
    p->candidates = r->cand;
    return SK_OK;
}
