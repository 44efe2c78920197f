/*
 * reader.c - the streaming puzzle reader: cuts input into lines, keeps a
 * bounded lookahead queue, groups lines into blocks and sends each block
 * to the parser of its form.
 *
 * Form of a block when reading with SK_FORMAT_AUTO (a block is a maximal
 * run of lines that are neither blank nor '#' comments):
 *   - first non-blank character '{', an f-puzzles link or a compressed
 *     f-puzzles string (format_fpuzzles.c)                 -> f-puzzles
 *   - first non-blank character '['                      -> board(s)
 *   - rows of N fields of candidates such as "1679" (format_pencil.c
 *     says which blocks are)                              -> pencil grid
 *   - first line is two tokens, the first L long, L a square >= 16, the
 *     second at least L/2 long
 *                                                         -> jigsaw lines
 *   - otherwise measure the first data row (skf_scan_block): w cells
 *       opts.n > 0:  w == n*n (n > 1) or w > 64 -> lines, else grid
 *       w > 64                                           -> lines
 *       w >= 16 and a square: grid when the block has exactly w or 2w
 *         data rows and every row is w wide (or has a count no line
 *         puzzle could have); lines otherwise
 *       else                                             -> grid
 *     but a grid when the first data row has 3 or more fields of at most
 *     3 characters (a line puzzle cannot) or the block is W rows of W
 *     cells, W > 64 not a square (a grid too large), and in any case lines when,
 *     measured in characters, some data row has a square number of cells
 *     above 64 (a grid row cannot)
 * A line puzzle of N^3 characters almost all at their places is pencil
 * marks on one line (format_pencil.c, asked by format_line.c).
 * HDU 4069 is never detected; it must be asked for.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"

int skf_fail(sk_diag *d, long line, long column, const char *fmt, ...)
{
    va_list ap;
    if (d) {
        d->line = line;
        d->column = column;
        va_start(ap, fmt);
        vsnprintf(d->message, sizeof d->message, fmt, ap);
        va_end(ap);
    }
    return SK_EPARSE;
}

int skf_isqrt(long v)
{
    long s;
    if (v < 0)
        return -1;
    for (s = 0; s * s < v; s++)
        ;
    return s * s == v ? (int)s : -1;
}

int skf_line_error(const skf_line *ln, sk_diag *d)
{
    if (ln->too_long)
        return skf_fail(d, ln->no, 0, "line is longer than %d bytes", SK_MAX_LINE);
    if (ln->nul_col)
        return skf_fail(d, ln->no, ln->nul_col, "NUL byte in the input, expected text");
    return SK_OK;
}

int skf_blank(const skf_line *ln)
{
    size_t i;
    if (ln->too_long || ln->nul_col)
        return 0;
    for (i = ln->off; i < ln->len; i++)
        if (!skf_space((unsigned char)ln->text[i]))
            return 0;
    return 1;
}

/* The header line of a comma-separated collection ("quizzes,solutions",
 * "id,puzzle,solution,clues,difficulty"): names, one of them a word. */
static int csv_header(const skf_line *ln, size_t i)
{
    int fields = 1, word = 0;
    size_t flen = 0;
    if (!memchr(ln->text + i, ',', ln->len - i))
        return 0;
    for (; i <= ln->len; i++) {
        unsigned char c = i < ln->len ? (unsigned char)ln->text[i] : ',';
        if (c == ',') {
            if (flen == 0 && !(i == ln->len && fields > 1)) /* "Puzzle," ends with one */
                return 0;
            word |= flen >= 3;
            fields += i < ln->len;
            flen = 0;
        } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
            flen++;
        } else if ((c >= '0' && c <= '9') || c == ' ' || c == '-') {
            if (flen == 0 && c != ' ')
                return 0; /* a name starts with a letter */
            flen += c != ' ' || flen > 0;
        } else if (!skf_space(c)) {
            return 0;
        }
        if (flen >= 16)
            return 0;
    }
    return fields >= 2 && word;
}

int skf_comment(const skf_line *ln)
{
    size_t i, k;
    if (ln->too_long)
        return 0;
    for (i = ln->off; i < ln->len && skf_space((unsigned char)ln->text[i]); i++)
        ;
    if (i < ln->len && ln->text[i] == '#') {
        /* "#12 <puzzle>": a numbered puzzle, not a comment */
        for (k = i + 1; k < ln->len && ln->text[k] >= '0' && ln->text[k] <= '9'; k++)
            ;
        if (k > i + 1 && k < ln->len && skf_space((unsigned char)ln->text[k])) {
            size_t s, e;
            for (s = k; s < ln->len && skf_space((unsigned char)ln->text[s]); s++)
                ;
            for (e = s; e < ln->len && !skf_space((unsigned char)ln->text[e]); e++)
                ;
            if (e - s >= 16 && ln->text[s] != '#')
                return 0;
        }
        return 1;
    }
    return i == ln->off && i < ln->len && csv_header(ln, i);
}

int skf_block_end(const skf_line *ln)
{
    return !ln || skf_blank(ln) || skf_comment(ln) || skf_rule_line(ln);
}

void skf_fill_puzzle(sk_reader *r, sk_puzzle *p, int n, int jigsaw, sk_format f)
{
    p->geom.n = n;
    p->geom.box_rows = r->opts.box_rows;
    p->geom.box_cols = r->opts.box_cols;
    p->geom.regions = jigsaw ? r->regions : NULL;
    p->geom.extras = r->opts.extras;
    p->geom.ngroups = 0;
    p->geom.group_sizes = NULL;
    p->geom.group_cells = NULL;
    p->geom.nrules = 0;
    p->geom.rules = NULL;
    p->cells = r->cells;
    p->cell_line = r->cell_line;
    p->cell_column = r->cell_column;
    p->format = f;
}

/* ---- cutting lines --------------------------------------------------- */

/* Reads from the source function; now as for sk_read_fn.  1: bytes or the
 * end of input, 0: nothing ready (now only), or fatal. */
static int fn_fill(sk_reader *r, int now)
{
    long got = r->fn(r->fn_user, r->buf, SKF_CHUNK, now);
    if (got == SK_READ_LATER && now)
        return 0;
    if (got <= 0 || got > SKF_CHUNK) { /* LATER to a read that may wait: an error */
        r->eof = 1;
        if (got != 0)
            r->fatal = SK_EIO;
        return 1;
    }
    r->data = r->buf;
    r->data_len = (size_t)got;
    r->data_pos = 0;
    return 1;
}

/* Makes data/data_len hold unread bytes; 0 at the end of input. */
static int refill(sk_reader *r)
{
    size_t got;
    if (r->data_pos < r->data_len)
        return 1;
    if (r->fn && !r->eof) {
        fn_fill(r, 0);
        return r->data_pos < r->data_len;
    }
    if (r->eof || !r->fp) {
        r->eof = 1;
        return 0;
    }
    got = fread(r->buf, 1, SKF_CHUNK, r->fp);
    if (got == 0) {
        r->eof = 1;
        if (ferror(r->fp))
            r->fatal = SK_EIO;
        return 0;
    }
    r->data = r->buf;
    r->data_len = got;
    r->data_pos = 0;
    return 1;
}

static int append(sk_reader *r, skf_line *ln, const char *s, size_t n)
{
    /* one byte more than SK_MAX_LINE so that a CR before LF still fits */
    if (ln->too_long || ln->len + n > (size_t)SK_MAX_LINE + 1) {
        ln->too_long = 1;
        return SK_OK;
    }
    if (ln->len + n + 1 > ln->cap) {
        size_t cap = ln->cap ? ln->cap : 128;
        char *t;
        while (cap < ln->len + n + 1)
            cap *= 2;
        t = realloc(ln->text, cap);
        if (!t) {
            r->fatal = SK_ENOMEM;
            return SK_ENOMEM;
        }
        ln->text = t;
        ln->cap = cap;
    }
    memcpy(ln->text + ln->len, s, n);
    ln->len += n;
    return SK_OK;
}

/* ASCII stand-in for the UTF-8 character at s (n bytes available), for
 * the characters people draw grids with: box drawing (U+2500-U+257F) ->
 * '|', '-' or '+', middle dots -> '.', no-break space -> ' '.  Sets *len
 * to the bytes it spans; 0 when it is none of those. */
static int ascii_of(const unsigned char *s, size_t n, size_t *len)
{
    unsigned cp;
    if (n >= 2 && s[0] == 0xc2 && (s[1] == 0xb7 || s[1] == 0xa0)) {
        *len = 2;
        return s[1] == 0xb7 ? '.' : ' ';
    }
    if (n < 3 || s[0] != 0xe2 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80)
        return 0;
    cp = ((unsigned)(s[0] & 0x0f) << 12) | ((unsigned)(s[1] & 0x3f) << 6) | (s[2] & 0x3f);
    *len = 3;
    if (cp == 0x2022 || cp == 0x2219 || cp == 0x22c5)
        return '.'; /* bullet, bullet operator, dot operator */
    if (cp < 0x2500 || cp > 0x257f)
        return 0;
    switch (cp) {
    case 0x2502: case 0x2503: case 0x2506: case 0x2507: case 0x250a: case 0x250b:
    case 0x2551: case 0x254e: case 0x254f: case 0x2575: case 0x2577: case 0x2579:
    case 0x257b: case 0x257d: case 0x257f:
        return '|';
    case 0x2500: case 0x2501: case 0x2504: case 0x2505: case 0x2508: case 0x2509:
    case 0x2550: case 0x254c: case 0x254d: case 0x2574: case 0x2576: case 0x2578:
    case 0x257a: case 0x257c: case 0x257e:
        return '-';
    default:
        return '+';
    }
}

/* Rewrites the grid-drawing characters of ln in ASCII, one byte each, so
 * that a grid drawn with box characters reads as one drawn with '|', '-'
 * and '+' (columns then count characters, as editors show them). */
static void ascii_drawing(skf_line *ln)
{
    size_t i, j = 0;
    for (i = 0; i < ln->len && (unsigned char)ln->text[i] < 0x80; i++)
        ;
    if (i == ln->len)
        return;
    j = i;
    while (i < ln->len) {
        size_t len = 1;
        int c = (unsigned char)ln->text[i] >= 0x80
                    ? ascii_of((const unsigned char *)ln->text + i, ln->len - i, &len)
                    : 0;
        if (c) {
            ln->text[j++] = (char)c;
            i += len;
        } else {
            ln->text[j++] = ln->text[i++];
        }
    }
    ln->len = j;
}

/* Reads the first bytes of the input (once) and skips a UTF-8 byte-order
 * mark. */
static void start_input(sk_reader *r)
{
    if (r->started)
        return;
    r->started = 1;
    if (refill(r) && r->data_len - r->data_pos >= 3 &&
        memcmp(r->data + r->data_pos, "\xef\xbb\xbf", 3) == 0)
        r->data_pos += 3;
}

/* Cuts the next line into ln.  1: a line, 0: end of input or fatal. */
static int cut_line(sk_reader *r, skf_line *ln)
{
    int any = 0;
    char *nul;

    ln->len = 0;
    ln->off = 0;
    ln->too_long = 0;
    ln->nul_col = 0;
    ln->mapped = 0;
    start_input(r);
    for (;;) {
        const char *s, *nl;
        size_t avail, take;
        if (!refill(r))
            break;
        s = r->data + r->data_pos;
        avail = r->data_len - r->data_pos;
        nl = memchr(s, '\n', avail);
        take = nl ? (size_t)(nl - s) : avail;
        any = 1;
        if (append(r, ln, s, take) != SK_OK)
            return 0;
        r->data_pos += take + (nl ? 1 : 0);
        if (nl)
            break;
    }
    if (r->fatal || !any)
        return 0;
    if (!ln->too_long && ln->len > 0 && ln->text[ln->len - 1] == '\r')
        ln->len--;
    if (ln->len > (size_t)SK_MAX_LINE)
        ln->too_long = 1;
    if (ln->too_long)
        ln->len = 0;
    if (!ln->text) {
        ln->text = malloc(128);
        if (!ln->text) {
            r->fatal = SK_ENOMEM;
            return 0;
        }
        ln->cap = 128;
    }
    ascii_drawing(ln);
    ln->text[ln->len] = '\0';
    nul = memchr(ln->text, '\0', ln->len);
    if (nul)
        ln->nul_col = (long)(nul - ln->text) + 1;
    ln->no = ++r->lineno;
    return 1;
}

skf_line *skf_peek(sk_reader *r, int k)
{
    if (k < 0 || k >= SKF_QCAP)
        return NULL;
    while (r->qcount <= k) {
        skf_line *ln = &r->q[(r->qhead + r->qcount) % SKF_QCAP];
        if (r->fatal || !cut_line(r, ln))
            return NULL;
        r->qcount++;
    }
    return &r->q[(r->qhead + k) % SKF_QCAP];
}

skf_line *skf_peek_opt(sk_reader *r, int k)
{
    r->soft_end = 0;
    if (r->fn && k >= r->qcount && k < SKF_QCAP && !r->fatal && !r->eof &&
        r->data_pos >= r->data_len && !fn_fill(r, 1)) {
        r->soft_end = 1;
        return NULL;
    }
    return skf_peek(r, k);
}

void skf_pop(sk_reader *r)
{
    if (r->qcount > 0) {
        skf_line *ln = &r->q[r->qhead];
        /* a slot keeps a small buffer for reuse, never a big one: memory
           stays bounded by the lines actually queued */
        if (ln->cap > SKF_KEEP) {
            free(ln->text);
            ln->text = NULL;
            ln->cap = 0;
        }
        ln->len = 0;
        r->qhead = (r->qhead + 1) % SKF_QCAP;
        r->qcount--;
    }
}

/* ---- opening and closing ------------------------------------------- */

static int open_common(const sk_read_opts *opts, sk_reader **out)
{
    static const sk_read_opts defaults = SK_READ_OPTS_INIT;
    sk_reader *r;
    if (!out)
        return SK_EINVAL;
    *out = NULL;
    if (!opts)
        opts = &defaults;
    if ((int)opts->format < SK_FORMAT_AUTO || opts->format == SK_FORMAT_PRETTY ||
        opts->format > SK_FORMAT_PENCIL ||
        (int)opts->alphabet < SK_ALPHABET_AUTO || opts->alphabet > SK_ALPHABET_NUMBERS ||
        opts->n < 0 || opts->n > SK_MAX_N)
        return SK_EINVAL;
    if (opts->format == SK_FORMAT_HDU4069 && opts->n != 0 && opts->n != 9)
        return SK_EINVAL;
    r = calloc(1, sizeof *r);
    if (!r)
        return SK_ENOMEM;
    r->opts = *opts;
    r->state = opts->format == SK_FORMAT_HDU4069 ? SKF_ST_HDU_HEAD
               : opts->format == SK_FORMAT_LINE || opts->format == SK_FORMAT_SUKAKU
                   ? SKF_ST_LINES
                   : SKF_ST_NONE;
    *out = r;
    return SK_OK;
}

/* A reader with a chunk buffer, for the sources read a chunk at a time. */
static int open_buffered(const sk_read_opts *opts, sk_reader **out)
{
    int st = open_common(opts, out);
    if (st != SK_OK)
        return st;
    (*out)->buf = malloc(SKF_CHUNK);
    if (!(*out)->buf) {
        sk_reader_free(*out);
        *out = NULL;
        return SK_ENOMEM;
    }
    return SK_OK;
}

int sk_reader_open_file(FILE *fp, const sk_read_opts *opts, sk_reader **out)
{
    int st;
    if (!fp) {
        if (out)
            *out = NULL;
        return SK_EINVAL;
    }
    st = open_buffered(opts, out);
    if (st == SK_OK)
        (*out)->fp = fp;
    return st;
}

int sk_reader_open_fn(sk_read_fn fn, void *user, const sk_read_opts *opts, sk_reader **out)
{
    int st;
    if (!fn) {
        if (out)
            *out = NULL;
        return SK_EINVAL;
    }
    st = open_buffered(opts, out);
    if (st == SK_OK) {
        (*out)->fn = fn;
        (*out)->fn_user = user;
    }
    return st;
}

int sk_reader_open_mem(const char *data, size_t size, const sk_read_opts *opts, sk_reader **out)
{
    int st;
    if (!data && size) {
        if (out)
            *out = NULL;
        return SK_EINVAL;
    }
    st = open_common(opts, out);
    if (st != SK_OK)
        return st;
    (*out)->data = data;
    (*out)->data_len = size;
    return SK_OK;
}

void sk_reader_free(sk_reader *r)
{
    int i;
    if (!r)
        return;
    for (i = 0; i < SKF_QCAP; i++) {
        free(r->q[i].text);
        free(r->q[i].colmap);
    }
    free(r->buf);
    free(r->rules);
    free(r->rule_at);
    free(r->ints);
    free(r);
}

/* ---- dispatch ------------------------------------------------------- */

static int first_char(const skf_line *ln)
{
    size_t i;
    for (i = ln->off; i < ln->len && skf_space((unsigned char)ln->text[i]); i++)
        ;
    return i < ln->len ? (unsigned char)ln->text[i] : -1;
}

/* 1 for a line of fewer than 16 symbols: no line puzzle (4x4 at least),
 * a grid row perhaps. */
static int short_line(const skf_line *ln)
{
    size_t i;
    int k = 0;
    if (ln->too_long || ln->nul_col)
        return 0;
    for (i = ln->off; i < ln->len && k < 16; i++)
        k += !skf_space((unsigned char)ln->text[i]) && ln->text[i] != '|';
    return k < 16;
}

/* Decides whether the block at the front holds line-form puzzles. */
static int block_is_lines(sk_reader *r, const skf_line *ln, int *lines)
{
    skf_block b;
    int n = r->opts.n, st;

    *lines = 0;
    if (ln->too_long || ln->nul_col || skf_jigsaw_line(ln, n) || skf_csv_line(ln)) {
        *lines = 1;
        return SK_OK;
    }
    st = skf_scan_block(r, n, &b);
    if (st != SK_OK)
        return st;
    if (n > 0)
        *lines = (n > 1 && b.width == n * n) || b.width > SK_MAX_N;
    else if (b.width > SK_MAX_N)
        *lines = 1;
    else if (b.width >= 16 && skf_isqrt(b.width) > 0)
        *lines = !(b.fits && (b.rows == b.width || b.rows == 2 * b.width));
    /* a first row of short fields is a grid row (of a grid too large,
       perhaps), but a damaged first line must not make a grid of a block
       of lines */
    if (b.grid_row)
        *lines = 0;
    /* W rows of W cells, W above 64 and not a square: a grid too large */
    if (b.width > SK_MAX_N && skf_isqrt(b.width) < 0 && b.fits &&
        (b.rows == b.width || b.rows == 2 * b.width))
        *lines = 0;
    if (b.line_row)
        *lines = 1;
    return SK_OK;
}

/* Reads the next puzzle's grid in whatever form comes (see the top). */
static int next_grid(sk_reader *r, sk_puzzle *p, sk_diag *diag);

/* The rule lines that follow a grid belong to its puzzle. */
static int with_rules(sk_reader *r, sk_puzzle *p, sk_diag *diag, int st)
{
    if (st != SK_OK && st != SK_EPARSE)
        return st;
    sk_diag rd;
    int rs = skf_rules_next(r, p, st == SK_OK, st == SK_OK ? diag : &rd);
    if (rs != SK_OK && rs != SK_EPARSE)
        return rs;
    return st == SK_OK ? rs : st;
}

/* What makes a whole input unreadable as text, from its first bytes: a
 * UTF-16 byte order mark, or NUL bytes (UTF-16 without a mark, or a binary
 * file).  NULL when it looks like text. */
static const char *not_text(const char *s, size_t len)
{
    size_t i, nul = 0;
    if (len >= 2 && ((unsigned char)s[0] == 0xff && (unsigned char)s[1] == 0xfe))
        return "the input is UTF-16 text (little-endian), expected UTF-8 or ASCII: convert it "
               "first (iconv -f UTF-16 -t UTF-8)";
    if (len >= 2 && ((unsigned char)s[0] == 0xfe && (unsigned char)s[1] == 0xff))
        return "the input is UTF-16 text (big-endian), expected UTF-8 or ASCII: convert it "
               "first (iconv -f UTF-16 -t UTF-8)";
    static const struct {
        const char *magic;
        size_t len;
        const char *why;
    } packed[] = {
        {"\x1f\x8b\x08", 3, "the input is gzip-compressed: decompress it first (zcat FILE | sudokit ...)"},
        {"BZh", 3, "the input is bzip2-compressed: decompress it first (bzcat FILE | sudokit ...)"},
        {"\xfd" "7zXZ", 5, "the input is xz-compressed: decompress it first (xzcat FILE | sudokit ...)"},
        {"\x28\xb5\x2f\xfd", 4, "the input is zstd-compressed: decompress it first (zstdcat FILE | sudokit ...)"},
        {"PK\x03\x04", 4, "the input is a zip archive: extract its files first"},
        {"7z\xbc\xaf", 4, "the input is a 7z archive: extract its files first"},
    };
    for (i = 0; i < sizeof packed / sizeof packed[0]; i++)
        if (len >= packed[i].len && !memcmp(s, packed[i].magic, packed[i].len) &&
            (packed[i].magic[0] != 'B' || (len >= 10 && !memcmp(s + 4, "1AY&SY", 6))))
            return packed[i].why; /* (bzip2: "BZh", a size, then its block's mark) */
    size_t odd = 0, ctl = 0, text_len = len;
    while (text_len > 0 && s[text_len - 1] == 0x1a)
        text_len--; /* (the padding of old DOS files, an error of its own) */
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        nul += c == '\0';
        odd += c == '\0' && i % 2;
        /* control bytes that no text holds (tab, line ends, form feed and
           escape aside) */
        ctl += i < text_len && ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' &&
                                 c != '\v' && c != 0x1b) ||
                                c == 0x7f);
    }
    if (text_len >= 64 && ctl * 20 >= text_len && (nul == 0 || nul * 100 < len))
        return "the input is not text (one byte in twenty or more is a control character), "
               "expected puzzles as text";
    if (nul == 0)
        return NULL;
    /* ASCII as UTF-16: a NUL at nearly every even or every odd place */
    if (len >= 4 && ((odd * 10 >= len / 2 * 9 && (nul - odd) * 10 < len / 2) ||
                     ((nul - odd) * 10 >= len / 2 * 9 && odd * 10 < len / 2)))
        return "the input has a NUL in every other byte, as UTF-16 text has: expected UTF-8 "
               "or ASCII (convert it with iconv -f UTF-16 -t UTF-8)";
    if (nul >= 8 && nul * 100 >= len)
        return "the input is not text (it has NUL bytes), expected puzzles as text";
    return NULL;
}

int sk_reader_next(sk_reader *r, sk_puzzle *p, sk_diag *diag)
{
    sk_diag scratch;
    if (!diag)
        diag = &scratch;
    if (!r || !p)
        return SK_EINVAL;
    if (!r->started && !r->fatal && r->opts.format != SK_FORMAT_HDU4069) {
        /* a whole input that is not text is one error, not one per line */
        const char *why;
        start_input(r);
        why = r->fatal || r->data_pos >= r->data_len
                  ? NULL
                  : not_text(r->data + r->data_pos, r->data_len - r->data_pos);
        if (why) {
            memset(p, 0, sizeof *p);
            p->index = r->index++;
            p->line = 1;
            r->data_pos = r->data_len;
            r->eof = 1;
            return skf_fail(diag, 1, 0, "%s", why);
        }
    }
    skf_line *ln = r->fatal ? NULL : skf_peek(r, 0);
    /* rule lines with no grid before them (the first non-blank line) */
    while (ln && (skf_blank(ln) || skf_comment(ln)) && r->opts.format != SK_FORMAT_HDU4069) {
        skf_pop(r);
        if (r->opts.format == SK_FORMAT_AUTO)
            r->state = SKF_ST_NONE;
        ln = skf_peek(r, 0);
    }
    if (ln && r->opts.format != SK_FORMAT_HDU4069 && skf_rule_line(ln) && !ln->off) {
        memset(p, 0, sizeof *p);
        p->index = r->index++;
        p->line = ln->no;
        long no = ln->no;
        while ((ln = skf_peek(r, 0)) && skf_rule_line(ln))
            skf_pop(r);
        return skf_fail(diag, no, 1, "a rule line must follow its puzzle's grid");
    }
    return with_rules(r, p, diag, next_grid(r, p, diag));
}

static int next_grid(sk_reader *r, sk_puzzle *p, sk_diag *diag)
{
    sk_diag scratch;
    if (!r || !p)
        return SK_EINVAL;
    if (!diag)
        diag = &scratch;
    memset(p, 0, sizeof *p);
    p->format = r->opts.format;
    p->alphabet = r->opts.alphabet;
    diag->line = 0;
    diag->column = 0;
    diag->message[0] = '\0';
    if (r->fatal)
        return r->fatal;

    if (r->opts.format == SK_FORMAT_HDU4069)
        return skf_hdu_next(r, p, diag);

    for (;;) {
        skf_line *ln = skf_peek(r, 0);
        int st, lines;
        if (!ln)
            return r->fatal ? r->fatal : SK_DONE;
        if (skf_blank(ln) || skf_comment(ln)) {
            skf_pop(r);
            if (r->opts.format == SK_FORMAT_AUTO)
                r->state = SKF_ST_NONE;
            continue;
        }
        /* inside a block of line puzzles; a short line that starts a whole
           grid (typed after a line puzzle) starts a new block */
        if (r->state == SKF_ST_LINES) {
            skf_block b;
            if (r->opts.format != SK_FORMAT_SUKAKU && skf_plain_line(r, p))
                return SK_OK;
            if (r->opts.format == SK_FORMAT_LINE || r->opts.format == SK_FORMAT_SUKAKU)
                return skf_line_next(r, p, diag);
            if (skf_pencil_block(r, r->opts.n)) {
                r->state = SKF_ST_NONE;
                return skf_pencil_next(r, p, diag);
            }
            if (!short_line(ln))
                return skf_line_next(r, p, diag);
            st = skf_scan_block(r, r->opts.n, &b);
            if (st != SK_OK)
                return st;
            if (!(b.width >= 4 && b.fits && !b.line_row &&
                  (b.rows == b.width || b.rows == 2 * b.width)))
                return skf_line_next(r, p, diag);
            r->state = SKF_ST_NONE;
        }
        if (r->opts.format == SK_FORMAT_FPUZZLES ||
            (r->opts.format == SK_FORMAT_AUTO && ln->off == 0 && skf_fpuzzles_line(ln)))
            return skf_fpuzzles_next(r, p, diag);
        if (r->opts.format == SK_FORMAT_BOARD ||
            (r->opts.format == SK_FORMAT_AUTO && first_char(ln) == '['))
            return skf_board_next(r, p, diag);
        if (ln->off > 0) {
            /* text after a board on the same line */
            long col, no = ln->no;
            size_t i = ln->off;
            while (skf_space((unsigned char)ln->text[i]))
                i++;
            col = (long)i + 1;
            p->index = r->index++;
            p->line = no;
            skf_pop(r);
            return skf_fail(diag, no, col,
                            "unexpected text after the board, expected '[' or the end of the line");
        }
        if (r->opts.format == SK_FORMAT_GRID)
            return skf_grid_next(r, p, diag);
        if (r->opts.format == SK_FORMAT_PENCIL ||
            (r->opts.format == SK_FORMAT_AUTO && skf_pencil_block(r, r->opts.n)))
            return skf_pencil_next(r, p, diag);
        st = block_is_lines(r, ln, &lines);
        if (st != SK_OK)
            return st;
        if (lines) {
            r->state = SKF_ST_LINES;
            return skf_line_next(r, p, diag);
        }
        return skf_grid_next(r, p, diag);
    }
}
