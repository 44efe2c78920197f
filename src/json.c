/*
 * json.c - the strict JSON reader of json.h.
 *
 * One pass over the text, no recursion.  The parser is a loop with two
 * states: "a value is expected here" and "a value just ended"; the open
 * containers sit on an explicit stack of at most SKJ_MAX_DEPTH levels.
 *
 * Memory.  The tree must give every container its children side by side
 * (items[0..count)), but a container's size is known only when it closes.
 * So each level of the stack owns a scratch array where the children of
 * the container open at that level accumulate (a level is reused by every
 * container that opens at its depth).  When the container closes, its
 * children move to their final place:
 *
 *   small array  -> copied into the document's arena (a list of chunks
 *                   that are filled front to back and never move);
 *   large array  -> the scratch block itself is shrunk to size and handed
 *                   to the document, and the level starts a new one;
 *                   so a huge array is never held twice.
 *
 * Strings are decoded straight into the arena: a first scan finds where
 * the string ends (its closing quote, or the first byte that cannot be in
 * a string), which bounds the decoded size, and the unused tail of the
 * reservation is given back.  Every block of a document is on one list,
 * which skj_free walks.
 *
 * Positions.  The parser knows the current line and where it starts; only
 * white space can hold a newline (a raw newline inside a string is an
 * error found before any later byte is looked at), so the position of any
 * byte at or after the last white space read is line, pos - line_start + 1.
 *
 * Numbers are checked against the grammar here and converted without the
 * C library's locale-dependent decimal point: small ones exactly (Clinger's
 * fast path: at most 2^53 times or divided by a power of ten up to 1e22),
 * the rest by strtod on a rewritten form "DIGITSe<exp>" that holds no
 * decimal point, with at most 800 significant digits and a sticky digit
 * standing for the rest, which keeps strtod's correct rounding and its
 * time bounded on a number a megabyte long.
 */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* ---- blocks and the arena ------------------------------------------- */

/* Every allocation of a document is a block: this header, then data
 * aligned for any type. */
typedef struct block {
    struct block *next;
} block;

#define ALIGN_MAX _Alignof(max_align_t)
#define HEAD ((sizeof(block) + ALIGN_MAX - 1) / ALIGN_MAX * ALIGN_MAX)
#define DATA(b) ((char *)(b) + HEAD)

#define CHUNK_MIN ((size_t)16 << 10) /* first arena chunk */
#define CHUNK_MAX ((size_t)1 << 20)  /* chunks double up to this */
#define ADOPT_BYTES ((size_t)16 << 10) /* child arrays this big are handed over */

struct skj_doc {
    block *blocks;     /* every block of the document, newest first */
    char *base;        /* the arena's current chunk (data part) */
    size_t used, size; /* bytes used in it, and its size */
    size_t next_chunk; /* size of the next chunk */
    skj_value root;
};

static void doc_link(skj_doc *doc, block *b)
{
    b->next = doc->blocks;
    doc->blocks = b;
}

/* bytes from the arena, aligned to align (a power of two <= ALIGN_MAX). */
static void *arena_alloc(skj_doc *doc, size_t bytes, size_t align)
{
    size_t at = (doc->used + align - 1) & ~(align - 1);
    block *b;
    if (doc->base && at <= doc->size && bytes <= doc->size - at) {
        doc->used = at + bytes;
        return doc->base + at;
    }
    if (bytes > SIZE_MAX - HEAD)
        return NULL;
    if (bytes > doc->next_chunk / 4) { /* a block of its own; the chunk stays */
        b = malloc(HEAD + bytes);
        if (!b)
            return NULL;
        doc_link(doc, b);
        return DATA(b);
    }
    b = malloc(HEAD + doc->next_chunk);
    if (!b)
        return NULL;
    doc_link(doc, b);
    doc->base = DATA(b);
    doc->size = doc->next_chunk;
    doc->used = bytes;
    if (doc->next_chunk < CHUNK_MAX)
        doc->next_chunk *= 2;
    return doc->base;
}

void skj_free(skj_doc *doc)
{
    if (!doc)
        return;
    while (doc->blocks) {
        block *b = doc->blocks;
        doc->blocks = b->next;
        free(b);
    }
    free(doc);
}

const skj_value *skj_root(const skj_doc *doc)
{
    return doc ? &doc->root : NULL;
}

const skj_value *skj_get(const skj_value *obj, const char *key)
{
    size_t i;
    if (!obj || obj->type != SKJ_OBJECT || !key)
        return NULL;
    for (i = 0; i < obj->count; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return &obj->items[i];
    return NULL;
}

/* ---- the parser's state ------------------------------------------------ */

/* One open container and the scratch arrays of its children. */
typedef struct level {
    skj_value head; /* the container: type, line, column */
    block *vals;    /* scratch: skj_value[cap] after the header, or NULL */
    block *keys;    /* scratch: const char *[kcap] (objects), or NULL */
    size_t n;       /* children so far */
    size_t cap, kcap;
} level;

typedef struct parser {
    const char *s;
    size_t len;
    size_t pos;        /* next byte to read */
    long line;         /* line of s[pos], when pos >= line_start */
    size_t line_start; /* offset of that line's first byte */
    int depth;         /* open containers: lv[1..depth] */
    skj_doc *doc;
    sk_diag *diag;
    level lv[SKJ_MAX_DEPTH + 1];
} parser;

/* Where a value is expected, for messages. */
enum { AT_TOP, AT_FIRST, AT_COMMA, AT_COLON };

static int fail(parser *p, size_t at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Reports an error at byte offset at (at >= p->line_start). */
static int fail(parser *p, size_t at, const char *fmt, ...)
{
    if (p->diag) {
        long line = p->line;
        size_t start = p->line_start, k;
        va_list ap;
        for (k = start; k < at && k < p->len; k++) /* robust if a newline lies between */
            if (p->s[k] == '\n') {
                line++;
                start = k + 1;
            }
        p->diag->line = line;
        p->diag->column = (long)(at - start) + 1;
        va_start(ap, fmt);
        vsnprintf(p->diag->message, sizeof p->diag->message, fmt, ap);
        va_end(ap);
    }
    return SK_EPARSE;
}

/* What stands at offset at, for "found ..." in messages. */
static const char *describe(const parser *p, size_t at, char *buf, size_t size)
{
    unsigned char c;
    if (at >= p->len)
        return "the end of the text";
    c = (unsigned char)p->s[at];
    if (c == 0)
        return "a NUL byte";
    if (c == '"')
        return "a string";
    if (c == '\'')
        return "a single quote (strings take double quotes)";
    if (c == '/')
        return "'/' (JSON has no comments)";
    if (c > 0x20 && c < 0x7f)
        snprintf(buf, size, "'%c'", c);
    else
        snprintf(buf, size, "byte 0x%02x", c);
    return buf;
}

static void skip_space(parser *p)
{
    while (p->pos < p->len) {
        char c = p->s[p->pos];
        if (c == '\n') {
            p->line++;
            p->line_start = p->pos + 1;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return;
        }
        p->pos++;
    }
}

static long column_of(const parser *p, size_t at)
{
    return (long)(at - p->line_start) + 1;
}

/* ---- strings ----------------------------------------------------------- */

static int hex4(const char *s)
{
    int v = 0, k;
    for (k = 0; k < 4; k++) {
        int c = (unsigned char)s[k], d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return -1;
        v = v << 4 | d;
    }
    return v;
}

static size_t put_utf8(char *o, uint32_t cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xc0 | cp >> 6);
        o[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xe0 | cp >> 12);
        o[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        o[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    o[0] = (char)(0xf0 | cp >> 18);
    o[1] = (char)(0x80 | (cp >> 12 & 0x3f));
    o[2] = (char)(0x80 | (cp >> 6 & 0x3f));
    o[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/*
 * Length of the UTF-8 sequence at s[0..n) (s[0] >= 0x80), or 0 when it is
 * not well-formed; then *why says what is wrong with it.
 */
static size_t utf8_seq(const unsigned char *s, size_t n, const char **why)
{
    unsigned c = s[0], lo = 0x80, hi = 0xbf;
    size_t need, k;
    const char *range = NULL; /* what a second byte out of [lo, hi] means */
    if (c >= 0xc2 && c <= 0xdf) {
        need = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
        need = 3;
    } else if (c >= 0xf0 && c <= 0xf4) {
        need = 4;
    } else {
        *why = c >= 0x80 && c <= 0xbf ? "is a continuation byte without a start"
               : c <= 0xc1             ? "starts an overlong form"
                                       : "is never used in UTF-8";
        return 0;
    }
    /* the second byte's range rules out overlong forms, surrogates and
     * code points above U+10FFFF */
    if (c == 0xe0 || c == 0xf0) {
        lo = c == 0xe0 ? 0xa0 : 0x90;
        range = "starts an overlong form";
    } else if (c == 0xed) {
        hi = 0x9f;
        range = "starts an encoded surrogate (U+D800..U+DFFF)";
    } else if (c == 0xf4) {
        hi = 0x8f;
        range = "starts a code point beyond U+10FFFF";
    }
    for (k = 1; k < need; k++) {
        if (k >= n || s[k] < 0x80 || s[k] > 0xbf) {
            *why = "starts a sequence that is cut short";
            return 0;
        }
        if (s[k] < lo || s[k] > hi) {
            *why = range;
            return 0;
        }
        lo = 0x80;
        hi = 0xbf;
    }
    return need;
}

/* Reads the string whose opening quote is at p->pos; its decoded text
 * goes into the arena. */
static int read_string(parser *p, const char **out, size_t *outlen)
{
    const char *s = p->s;
    size_t open = p->pos, i = open + 1, stop = i, n = 0, room;
    char *o;
    /* where the string stops: its closing quote, a byte that cannot be in
     * a string, or the end of the text */
    while (stop < p->len) {
        unsigned char c = (unsigned char)s[stop];
        if (c == '"' || c < 0x20)
            break;
        stop += c == '\\' ? 2 : 1;
    }
    if (stop > p->len)
        stop = p->len;
    room = stop - i + 1; /* the decoded text is never longer than the raw */
    o = arena_alloc(p->doc, room, 1);
    if (!o)
        return SK_ENOMEM;
    while (i < stop) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80 && c != '\\') {
            o[n++] = (char)c;
            i++;
        } else if (c >= 0x80) {
            const char *why;
            size_t k = utf8_seq((const unsigned char *)s + i, stop - i, &why);
            if (!k)
                return fail(p, i, "invalid UTF-8 in a string: byte 0x%02x %s", c, why);
            memcpy(o + n, s + i, k);
            n += k;
            i += k;
        } else { /* an escape */
            int e, cp, lo;
            if (i + 1 >= stop)
                break; /* a backslash at the end of the text */
            e = (unsigned char)s[i + 1];
            switch (e) {
            case '"': o[n++] = '"'; break;
            case '\\': o[n++] = '\\'; break;
            case '/': o[n++] = '/'; break;
            case 'b': o[n++] = '\b'; break;
            case 'f': o[n++] = '\f'; break;
            case 'n': o[n++] = '\n'; break;
            case 'r': o[n++] = '\r'; break;
            case 't': o[n++] = '\t'; break;
            case 'u':
                cp = i + 6 <= stop ? hex4(s + i + 2) : -1;
                if (cp < 0)
                    return fail(p, i, "\\u must be followed by four hexadecimal digits");
                if (cp >= 0xd800 && cp <= 0xdbff && i + 12 <= stop && s[i + 6] == '\\' &&
                    s[i + 7] == 'u' && (lo = hex4(s + i + 8)) >= 0xdc00 && lo <= 0xdfff) {
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                    i += 6; /* the pair's second half */
                } else if (cp >= 0xd800 && cp <= 0xdfff) {
                    cp = 0xfffd; /* a lone surrogate */
                }
                n += put_utf8(o + n, (uint32_t)cp);
                i += 4;
                break;
            default:
                if (e > 0x20 && e < 0x7f)
                    return fail(p, i, "invalid escape '\\%c' in a string", e);
                return fail(p, i, "invalid escape in a string: '\\' then byte 0x%02x", e);
            }
            i += 2;
        }
    }
    if (stop < p->len && s[stop] == '"') {
        o[n] = '\0';
        /* give back what the escapes saved, if o is the arena's last piece */
        if (p->doc->base && o + room == p->doc->base + p->doc->used)
            p->doc->used -= room - (n + 1);
        p->pos = stop + 1;
        *out = o;
        *outlen = n;
        return SK_OK;
    }
    if (stop < p->len) {
        unsigned char c = (unsigned char)s[stop];
        if (c == 0)
            return fail(p, stop, "NUL byte in a string");
        return fail(p, stop, "control character 0x%02x in a string (it must be escaped%s)", c,
                    c == '\n' ? ", as \\n; or is a closing quote missing?" : "");
    }
    return fail(p, p->len, "the text ends inside a string (it starts at line %ld, column %ld)",
                p->line, column_of(p, open));
}

/* ---- numbers ------------------------------------------------------------ */

#define SIG_DIGITS 800 /* more than the 767 a correctly rounded double needs */

/* The double nearest to the number s[0..n), whose grammar is checked. */
static double number_value(const char *s, size_t n)
{
    static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                   1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                   1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    char digits[SIG_DIGITS + 32]; /* kept digits, a sticky digit, "e-NNNNNN" */
    size_t i = 0, kept = 0;
    long long e = 0; /* value = digits * 10^e */
    int neg = 0, sticky = 0, frac = 0;
    double v;
    if (s[i] == '-') {
        neg = 1;
        i++;
    }
    for (; i < n && s[i] != 'e' && s[i] != 'E'; i++) {
        if (s[i] == '.') {
            frac = 1;
            continue;
        }
        if (frac)
            e--;
        if (kept == 0 && s[i] == '0')
            continue; /* a leading zero */
        if (kept < SIG_DIGITS) {
            digits[kept++] = s[i];
        } else {
            e++;
            sticky |= s[i] != '0';
        }
    }
    if (i < n) { /* the exponent, saturated: beyond 1e12 every result is the same */
        long long x = 0;
        int eneg = 0;
        i++;
        if (s[i] == '+' || s[i] == '-')
            eneg = s[i++] == '-';
        for (; i < n; i++)
            if (x < 1000000000000LL)
                x = x * 10 + (s[i] - '0');
        e += eneg ? -x : x;
    }
    if (kept == 0)
        return neg ? -0.0 : 0.0;
    if (sticky) {
        digits[kept++] = '1';
        e--;
    }
    if (kept <= 19 && e >= -22 && e <= 22) {
        uint64_t m = 0;
        size_t k;
        for (k = 0; k < kept; k++)
            m = m * 10 + (uint64_t)(digits[k] - '0');
        if (m <= (uint64_t)1 << 53) { /* exact operands, one rounding */
            v = e < 0 ? (double)m / pow10[-e] : (double)m * pow10[e];
            return neg ? -v : v;
        }
    }
    /* |e| beyond 1e5 is infinity or zero with at most 801 digits */
    if (e > 100000)
        e = 100000;
    if (e < -100000)
        e = -100000;
    snprintf(digits + kept, sizeof digits - kept, "e%lld", e);
    v = strtod(digits, NULL);
    return neg ? -v : v;
}

static int is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static int read_number(parser *p, skj_value *v)
{
    const char *s = p->s;
    size_t start = p->pos, k = p->pos;
    int integer = 1, neg = 0;
    if (s[k] == '-') {
        neg = 1;
        k++;
        if (k >= p->len || !is_digit(s[k]))
            return fail(p, k, "expected a digit after '-'");
    }
    if (s[k] == '0') {
        k++;
        if (k < p->len && is_digit(s[k]))
            return fail(p, k, "a number may not have a leading zero");
    } else {
        while (k < p->len && is_digit(s[k]))
            k++;
    }
    if (k < p->len && s[k] == '.') {
        integer = 0;
        k++;
        if (k >= p->len || !is_digit(s[k]))
            return fail(p, k, "expected a digit after the decimal point");
        while (k < p->len && is_digit(s[k]))
            k++;
    }
    if (k < p->len && (s[k] == 'e' || s[k] == 'E')) {
        integer = 0;
        k++;
        if (k < p->len && (s[k] == '+' || s[k] == '-'))
            k++;
        if (k >= p->len || !is_digit(s[k]))
            return fail(p, k, "expected a digit in the exponent");
        while (k < p->len && is_digit(s[k]))
            k++;
    }
    v->type = SKJ_NUMBER;
    v->number = number_value(s + start, k - start);
    if (integer) {
        /* exactly, when it fits: |LLONG_MIN| = LLONG_MAX + 1 */
        unsigned long long u = 0, limit = (unsigned long long)LLONG_MAX + (unsigned)neg;
        size_t d;
        int fits = 1;
        for (d = start + (size_t)neg; d < k && fits; d++) {
            unsigned digit = (unsigned)(s[d] - '0');
            if (u > (limit - digit) / 10)
                fits = 0;
            else
                u = u * 10 + digit;
        }
        if (fits) {
            v->is_int = 1;
            v->integer = !neg ? (long long)u : u == limit ? LLONG_MIN : -(long long)u;
        }
    }
    p->pos = k;
    return SK_OK;
}

static int read_literal(parser *p, const char *word, skj_type t, skj_value *v)
{
    size_t k;
    char buf[24];
    for (k = 0; word[k]; k++)
        if (p->pos + k >= p->len || p->s[p->pos + k] != word[k])
            return fail(p, p->pos + k, "expected '%s', found %s", word,
                        describe(p, p->pos + k, buf, sizeof buf));
    p->pos += k;
    v->type = t;
    return SK_OK;
}

/* ---- containers -------------------------------------------------------- */

/* Makes room for one more child (and its name) at level l. */
static int level_reserve(level *l, int object)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        block *b;
        if (cap > (SIZE_MAX - HEAD) / sizeof(skj_value))
            return SK_ENOMEM;
        b = realloc(l->vals, HEAD + cap * sizeof(skj_value));
        if (!b)
            return SK_ENOMEM;
        l->vals = b;
        l->cap = cap;
    }
    if (object && l->n == l->kcap) {
        size_t cap = l->kcap ? 2 * l->kcap : 16;
        block *b = realloc(l->keys, HEAD + cap * sizeof(const char *));
        if (!b)
            return SK_ENOMEM;
        l->keys = b;
        l->kcap = cap;
    }
    return SK_OK;
}

/*
 * Moves n elements of size bytes from scratch block *bp (after its
 * header) to their final place, which *out receives: a copy in the arena,
 * or, when large, the block itself, handed to the document.
 */
static int settle(skj_doc *doc, block **bp, size_t *cap, size_t n, size_t size, size_t align,
                  const void **out)
{
    size_t bytes = n * size;
    void *to;
    if (bytes >= ADOPT_BYTES) {
        block *b = realloc(*bp, HEAD + bytes); /* shrinking: may keep the old block */
        if (!b)
            b = *bp;
        doc_link(doc, b);
        *out = DATA(b);
        *bp = NULL;
        *cap = 0;
        return SK_OK;
    }
    to = arena_alloc(doc, bytes, align);
    if (!to)
        return SK_ENOMEM;
    memcpy(to, DATA(*bp), bytes);
    *out = to;
    return SK_OK;
}

/* Closes the innermost container; *v receives it, complete. */
static int close_container(parser *p, skj_value *v)
{
    level *l = &p->lv[p->depth];
    int rc;
    *v = l->head;
    v->count = l->n;
    if (l->n) {
        const void *items, *keys;
        rc = settle(p->doc, &l->vals, &l->cap, l->n, sizeof(skj_value), _Alignof(skj_value),
                    &items);
        if (rc)
            return rc;
        v->items = items;
        if (v->type == SKJ_OBJECT) {
            rc = settle(p->doc, &l->keys, &l->kcap, l->n, sizeof(const char *),
                        _Alignof(const char *), &keys);
            if (rc)
                return rc;
            v->keys = keys;
        }
    }
    l->n = 0;
    p->depth--;
    return SK_OK;
}

/* Reads a member name and its ':' into the innermost object. */
static int read_name(parser *p, int where)
{
    level *l = &p->lv[p->depth];
    const char *name;
    size_t len;
    char buf[24];
    int rc;
    skip_space(p);
    if (p->pos >= p->len || p->s[p->pos] != '"') {
        if (where == AT_FIRST)
            return fail(p, p->pos, "expected a member name (a string) or '}', found %s",
                        describe(p, p->pos, buf, sizeof buf));
        if (p->pos < p->len && p->s[p->pos] == '}')
            return fail(p, p->pos, "expected a member name after ',', found '}' (JSON has no "
                                   "trailing commas)");
        return fail(p, p->pos, "expected a member name (a string) after ',', found %s",
                    describe(p, p->pos, buf, sizeof buf));
    }
    if ((rc = level_reserve(l, 1)) || (rc = read_string(p, &name, &len)))
        return rc;
    ((const char **)DATA(l->keys))[l->n] = name;
    skip_space(p);
    if (p->pos >= p->len || p->s[p->pos] != ':')
        return fail(p, p->pos, "expected ':' after a member name, found %s",
                    describe(p, p->pos, buf, sizeof buf));
    p->pos++;
    return SK_OK;
}

static int value_expected(parser *p, int where)
{
    char buf[24];
    const char *what = describe(p, p->pos, buf, sizeof buf);
    switch (where) {
    case AT_FIRST:
        return fail(p, p->pos, "expected a value or ']', found %s", what);
    case AT_COMMA:
        if (p->pos < p->len && p->s[p->pos] == ']')
            return fail(p, p->pos, "expected a value after ',', found ']' (JSON has no "
                                   "trailing commas)");
        return fail(p, p->pos, "expected a value after ',', found %s", what);
    case AT_COLON:
        return fail(p, p->pos, "expected a value after ':', found %s", what);
    default:
        return fail(p, p->pos, "expected a value, found %s", what);
    }
}

static int parse_value(parser *p)
{
    int where = AT_TOP, rc;
    char buf[24];
    for (;;) {
        skj_value v;
        char c;
        /* state 1: a value is expected */
        skip_space(p);
        memset(&v, 0, sizeof v);
        v.line = p->line;
        v.column = column_of(p, p->pos);
        if (p->pos >= p->len)
            return value_expected(p, where);
        c = p->s[p->pos];
        if (c == '[' || c == '{') {
            level *l;
            if (p->depth == SKJ_MAX_DEPTH)
                return fail(p, p->pos, "nesting deeper than %d", SKJ_MAX_DEPTH);
            l = &p->lv[++p->depth];
            v.type = c == '[' ? SKJ_ARRAY : SKJ_OBJECT;
            l->head = v;
            l->n = 0;
            p->pos++;
            skip_space(p);
            if (p->pos < p->len && p->s[p->pos] == (c == '[' ? ']' : '}')) {
                p->pos++;
                if ((rc = close_container(p, &v)))
                    return rc;
            } else if (c == '{') {
                if ((rc = read_name(p, AT_FIRST)))
                    return rc;
                where = AT_COLON;
                continue;
            } else {
                where = AT_FIRST;
                continue;
            }
        } else {
            if (c == '"') {
                v.type = SKJ_STRING;
                rc = read_string(p, &v.str, &v.len);
            } else if (c == 't') {
                rc = read_literal(p, "true", SKJ_TRUE, &v);
            } else if (c == 'f') {
                rc = read_literal(p, "false", SKJ_FALSE, &v);
            } else if (c == 'n') {
                rc = read_literal(p, "null", SKJ_NULL, &v);
            } else if (c == '-' || is_digit(c)) {
                rc = read_number(p, &v);
            } else {
                return value_expected(p, where);
            }
            if (rc)
                return rc;
        }
        /* state 2: v is complete; it joins its container, and each
         * container that ends here joins its own */
        for (;;) {
            level *l;
            int object;
            if (p->depth == 0) {
                p->doc->root = v;
                return SK_OK;
            }
            l = &p->lv[p->depth];
            object = l->head.type == SKJ_OBJECT;
            if ((rc = level_reserve(l, object)))
                return rc;
            ((skj_value *)DATA(l->vals))[l->n++] = v;
            skip_space(p);
            if (p->pos < p->len && p->s[p->pos] == ',') {
                p->pos++;
                if (object) {
                    if ((rc = read_name(p, AT_COMMA)))
                        return rc;
                    where = AT_COLON;
                } else {
                    where = AT_COMMA;
                }
                break;
            }
            if (p->pos < p->len && p->s[p->pos] == (object ? '}' : ']')) {
                p->pos++;
                if ((rc = close_container(p, &v)))
                    return rc;
                continue;
            }
            return fail(p, p->pos, "expected ',' or '%c' after %s, found %s", object ? '}' : ']',
                        object ? "an object member" : "an array element",
                        describe(p, p->pos, buf, sizeof buf));
        }
    }
}

int skj_parse(const char *text, size_t len, size_t *end, skj_doc **out, sk_diag *diag)
{
    parser *p;
    skj_doc *doc;
    int rc, d;
    if (!out || (!text && len))
        return SK_EINVAL;
    *out = NULL;
    p = calloc(1, sizeof *p);
    doc = calloc(1, sizeof *doc);
    if (!p || !doc) {
        free(p);
        free(doc);
        return SK_ENOMEM;
    }
    doc->next_chunk = CHUNK_MIN;
    p->s = text ? text : "";
    p->len = len;
    p->line = 1;
    p->doc = doc;
    p->diag = diag;
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
        p->pos = p->line_start = 3; /* a byte-order mark, not counted in columns */
    rc = parse_value(p);
    if (rc == SK_OK) {
        skip_space(p);
        if (end) {
            *end = p->pos;
        } else if (p->pos < p->len) {
            char buf[24];
            rc = fail(p, p->pos, "expected the end of the text after the value, found %s",
                      describe(p, p->pos, buf, sizeof buf));
        }
    }
    for (d = 0; d <= SKJ_MAX_DEPTH; d++) {
        free(p->lv[d].vals);
        free(p->lv[d].keys);
    }
    free(p);
    if (rc != SK_OK) {
        skj_free(doc);
        return rc;
    }
    *out = doc;
    return SK_OK;
}
