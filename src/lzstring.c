/*
 * lzstring.c - lz-string's base64 forms (lzstring.h).
 *
 * The stream.  lz-string is LZW over the text's UTF-16 code units, written
 * as a sequence of codes of growing width:
 *
 *   code 0   a new unit follows in 8 bits (a unit below 256)
 *   code 1   a new unit follows in 16 bits
 *   code 2   end of the stream
 *   code k   (k >= 3) the k-th dictionary string
 *
 * Both sides number the dictionary from 3.  The encoder gives a unit its
 * code the first time it sees it, and sends the unit itself (code 0 or 1)
 * the first time it has to emit that one-unit string; the decoder numbers
 * the unit when it reads it.  After emitting a string w because w + c is
 * unknown, the encoder adds w + c; the decoder, one step behind, adds the
 * previous string plus the first unit of the one just read (classic LZW,
 * with the case where the code read is the entry being defined).
 *
 * Widths.  Codes start 2 bits wide.  A counter, enlarge, starts at 2 on
 * the encoder's side; every code emitted decrements it, and a literal
 * decrements it once more (it also took a dictionary slot); when it
 * reaches 0 the width grows by one bit and the counter restarts at
 * 2^(old width).  The decoder starts after the first literal (code width
 * 2, then 3 bits, counter 4) and mirrors the same steps.  The end mark is
 * written at the width reached.
 *
 * Bits.  Each code and each literal's 8 or 16 bits go out lowest bit
 * first; they fill base64 characters of 6 bits, highest bit first.  After
 * the end mark the encoder shifts in zero bits up to and including the
 * next character boundary, so the stream gains a whole zero character
 * when the end mark ends exactly on a boundary; then '=' pads the text to
 * a multiple of four characters.
 *
 * Decoding keeps each dictionary string as a (start, length) slice of the
 * units already written: an entry is always the previous output plus the
 * one unit after it, which is contiguous, so nothing is ever copied into
 * the dictionary.  Encoding keys a hash table on (prefix code, unit).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lzstring.h"

#define MAX_UNITS ((size_t)1 << 30) /* longest text compressed, in UTF-16 units */

static const char b64_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Value of a character of either alphabet, or -1. */
static int b64_value(int c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+' || c == ' ')
        return 62;
    if (c == '/' || c == '-')
        return 63;
    return -1;
}

static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static int fail(sk_diag *d, size_t column, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int fail(sk_diag *d, size_t column, const char *fmt, ...)
{
    if (d) {
        va_list ap;
        d->line = 0;
        d->column = (long)column;
        va_start(ap, fmt);
        vsnprintf(d->message, sizeof d->message, fmt, ap);
        va_end(ap);
    }
    return SK_EPARSE;
}

/* ---- decoding ------------------------------------------------------------ *
 *
 * A space inside the string is a '+' that URL decoding damaged.  At the
 * ends it is white space: no string the encoder writes ends in '+' (or
 * '/'), since its last character either holds the end mark's last bit, a
 * 0, followed by zero padding, or is padding alone ('A').
 */

typedef struct bitreader {
    const unsigned char *v; /* 6-bit values of the characters */
    size_t n, i;            /* how many, and the next one to load */
    unsigned cur;           /* the loaded character */
    unsigned mask;          /* its next bit (highest first); 0: load one */
} bitreader;

/* The next width bits, lowest first; -1 when the characters run out. */
static int64_t get_bits(bitreader *r, int width)
{
    uint64_t v = 0;
    int k;
    for (k = 0; k < width; k++) {
        if (!r->mask) {
            if (r->i >= r->n)
                return -1;
            r->cur = r->v[r->i++];
            r->mask = 32;
        }
        if (r->cur & r->mask)
            v |= (uint64_t)1 << k;
        r->mask >>= 1;
    }
    return (int64_t)v;
}

/* Index of the character that holds the next bit. */
static size_t next_char(const bitreader *r)
{
    return r->mask ? r->i - 1 : r->i;
}

typedef struct slice {
    uint32_t start, len; /* units[start .. start + len) */
} slice;

typedef struct decoder {
    uint16_t *units;   /* the text so far */
    size_t nunits, cap_units;
    slice *dict;       /* dict[3 .. ndict) */
    size_t ndict, cap_dict;
    size_t bytes;      /* UTF-8 length of units[0 .. nunits) */
    int open_high;     /* units[nunits - 1] is a high surrogate not yet paired */
} decoder;

static int grow_units(decoder *dc, size_t need)
{
    size_t cap = dc->cap_units;
    uint16_t *u;
    if (need <= cap)
        return SK_OK;
    while (cap < need)
        cap = cap ? 2 * cap : 1024;
    u = realloc(dc->units, cap * sizeof *u);
    if (!u)
        return SK_ENOMEM;
    dc->units = u;
    dc->cap_units = cap;
    return SK_OK;
}

/* UTF-8 bytes that units[from .. nunits) add: pairs take 4, a lone
 * surrogate 3 (U+FFFD). */
static void count_bytes(decoder *dc, size_t from)
{
    size_t k;
    for (k = from; k < dc->nunits; k++) {
        unsigned u = dc->units[k];
        if (u >= 0xdc00 && u <= 0xdfff && dc->open_high) {
            dc->bytes += 1; /* 3 counted for the high half, 4 in all */
            dc->open_high = 0;
            continue;
        }
        dc->open_high = u >= 0xd800 && u <= 0xdbff;
        dc->bytes += u < 0x80 ? 1 : u < 0x800 ? 2 : 3;
    }
}

/* Writes the units as UTF-8 into a new string of dc->bytes bytes. */
static char *to_utf8(const decoder *dc)
{
    char *o = malloc(dc->bytes + 1);
    size_t k, n = 0;
    if (!o)
        return NULL;
    for (k = 0; k < dc->nunits; k++) {
        uint32_t u = dc->units[k];
        if (u >= 0xd800 && u <= 0xdbff && k + 1 < dc->nunits && dc->units[k + 1] >= 0xdc00 &&
            dc->units[k + 1] <= 0xdfff) {
            u = 0x10000 + ((u - 0xd800) << 10) + (dc->units[++k] - 0xdc00u);
        } else if (u >= 0xd800 && u <= 0xdfff) {
            u = 0xfffd;
        }
        if (u < 0x80) {
            o[n++] = (char)u;
        } else if (u < 0x800) {
            o[n++] = (char)(0xc0 | u >> 6);
            o[n++] = (char)(0x80 | (u & 0x3f));
        } else if (u < 0x10000) {
            o[n++] = (char)(0xe0 | u >> 12);
            o[n++] = (char)(0x80 | (u >> 6 & 0x3f));
            o[n++] = (char)(0x80 | (u & 0x3f));
        } else {
            o[n++] = (char)(0xf0 | u >> 18);
            o[n++] = (char)(0x80 | (u >> 12 & 0x3f));
            o[n++] = (char)(0x80 | (u >> 6 & 0x3f));
            o[n++] = (char)(0x80 | (u & 0x3f));
        }
    }
    o[n] = '\0';
    return o;
}

/* Runs the stream of r; column0 is the column of r's first character. */
static int decode(decoder *dc, bitreader *r, size_t column0, size_t max_out, sk_diag *diag)
{
    /* units held at most (a slice's length + 1 must fit in 32 bits) */
    size_t limit = max_out < UINT32_MAX - 1 ? max_out : UINT32_MAX - 1;
    size_t enlarge = 4, at;
    int width = 3, rc;
    int64_t c, unit;
    slice w, e;

    c = get_bits(r, 2);
    if (c < 0)
        return fail(diag, column0 + r->n, "the compressed string ends before its first code");
    if (c == 2)
        return SK_OK; /* the empty text */
    if (c == 3)
        return fail(diag, column0, "the compressed string does not start with a character "
                                   "(first code 3)");
    unit = get_bits(r, c == 0 ? 8 : 16);
    if (unit < 0)
        return fail(diag, column0 + r->n, "the compressed string ends inside its first character");
    if ((rc = grow_units(dc, 1)))
        return rc;
    dc->units[dc->nunits++] = (uint16_t)unit;
    count_bytes(dc, 0);
    if (dc->bytes > max_out)
        return fail(diag, column0, "decompressed text exceeds %zu bytes", max_out);
    dc->dict[3] = (slice){0, 1};
    dc->ndict = 4;
    w = dc->dict[3];

    for (;;) {
        at = next_char(r);
        c = get_bits(r, width);
        if (c < 0)
            return fail(diag, column0 + r->n, "the compressed string ends before its end mark");
        if (c == 2)
            return SK_OK;
        if (dc->ndict + 2 > dc->cap_dict) {
            slice *d = realloc(dc->dict, 2 * dc->cap_dict * sizeof *d);
            if (!d)
                return SK_ENOMEM;
            dc->dict = d;
            dc->cap_dict *= 2;
        }
        if (c < 2) { /* a new unit: it takes the next code and is written next */
            unit = get_bits(r, c == 0 ? 8 : 16);
            if (unit < 0)
                return fail(diag, column0 + r->n,
                            "the compressed string ends inside a character");
            if (dc->nunits + 1 > limit)
                return fail(diag, column0 + at, "decompressed text exceeds %zu bytes", max_out);
            if ((rc = grow_units(dc, dc->nunits + 1)))
                return rc;
            dc->units[dc->nunits] = (uint16_t)unit;
            dc->dict[dc->ndict] = (slice){(uint32_t)dc->nunits, 1};
            c = (int64_t)dc->ndict++;
            if (--enlarge == 0) {
                enlarge = (size_t)1 << width;
                width++;
            }
        }
        if ((uint64_t)c < dc->ndict)
            e = dc->dict[c];
        else if ((uint64_t)c == dc->ndict)
            e = (slice){w.start, w.len + 1}; /* w and w's first unit */
        else
            return fail(diag, column0 + at,
                        "the compressed string refers to dictionary entry %lld, which does "
                        "not exist (the next is %zu)",
                        (long long)c, dc->ndict);
        if (dc->nunits + e.len > limit) /* each unit is at least one byte */
            return fail(diag, column0 + at, "decompressed text exceeds %zu bytes", max_out);
        if ((rc = grow_units(dc, dc->nunits + e.len)))
            return rc;
        {
            /* forwards: for w + w[0] the source runs into the copy */
            uint16_t *u = dc->units;
            size_t k, to = dc->nunits;
            for (k = 0; k < e.len; k++)
                u[to + k] = u[e.start + k];
            dc->nunits += e.len;
            count_bytes(dc, to);
            if (dc->bytes > max_out)
                return fail(diag, column0 + at, "decompressed text exceeds %zu bytes", max_out);
            dc->dict[dc->ndict++] = (slice){w.start, w.len + 1};
            w = (slice){(uint32_t)to, e.len};
        }
        if (--enlarge == 0) {
            enlarge = (size_t)1 << width;
            width++;
            if (width > 40) /* 2^39 codes: far beyond any input this can hold */
                return fail(diag, column0 + at, "the compressed string is too long");
        }
    }
}

int sklz_decompress_base64(const char *in, size_t len, size_t max_out, char **out, size_t *outlen,
                           sk_diag *diag)
{
    size_t lo = 0, hi, core, k, n;
    unsigned char *vals;
    bitreader r;
    decoder dc;
    int rc;
    if (!out || !outlen || (!in && len))
        return SK_EINVAL;
    *out = NULL;
    *outlen = 0;
    /* [white space] text [padding] [white space] */
    while (lo < len && is_space((unsigned char)in[lo]))
        lo++;
    hi = len;
    while (hi > lo && is_space((unsigned char)in[hi - 1]))
        hi--;
    core = hi;
    while (core > lo && (in[core - 1] == '=' || in[core - 1] == '$'))
        core--;
    if (core == lo)
        return fail(diag, lo + 1, "empty compressed string");
    for (k = lo; k < core; k++) {
        int c = (unsigned char)in[k];
        if (b64_value(c) >= 0)
            continue;
        if (c == '=' || c == '$')
            return fail(diag, k + 1, "padding '%c' before the end of the compressed string", c);
        if (c > 0x20 && c < 0x7f)
            return fail(diag, k + 1, "'%c' is not a base64 character", c);
        return fail(diag, k + 1, "byte 0x%02x is not a base64 character", c);
    }
    n = core - lo;
    vals = malloc(n);
    memset(&dc, 0, sizeof dc);
    dc.cap_dict = 1024;
    dc.dict = malloc(dc.cap_dict * sizeof *dc.dict);
    if (!vals || !dc.dict) {
        free(vals);
        free(dc.dict);
        return SK_ENOMEM;
    }
    for (k = 0; k < n; k++)
        vals[k] = (unsigned char)b64_value((unsigned char)in[lo + k]);
    r.v = vals;
    r.n = n;
    r.i = 0;
    r.cur = 0;
    r.mask = 0;
    rc = decode(&dc, &r, lo + 1, max_out, diag);
    if (rc == SK_OK) {
        *out = to_utf8(&dc);
        if (*out)
            *outlen = dc.bytes;
        else
            rc = SK_ENOMEM;
    }
    free(vals);
    free(dc.units);
    free(dc.dict);
    return rc;
}

/* ---- encoding ------------------------------------------------------------ */

typedef struct bitwriter {
    char *s;         /* base64 characters so far */
    size_t n, cap;
    unsigned val;    /* bits of the character being filled */
    int pos;         /* how many it has (0..5) */
    int failed;      /* out of memory */
} bitwriter;

static void put_bit(bitwriter *w, unsigned bit)
{
    w->val = w->val << 1 | (bit & 1u);
    if (++w->pos < 6)
        return;
    if (w->n + 1 >= w->cap) { /* room for this character and a NUL */
        size_t cap = w->cap ? 2 * w->cap : 64;
        char *s = realloc(w->s, cap);
        if (!s) {
            w->failed = 1;
            w->n = 0;
        } else {
            w->s = s;
            w->cap = cap;
        }
    }
    if (!w->failed)
        w->s[w->n++] = b64_chars[w->val];
    w->val = 0;
    w->pos = 0;
}

static void put_bits(bitwriter *w, uint64_t v, int width)
{
    int k;
    for (k = 0; k < width; k++, v >>= 1)
        put_bit(w, (unsigned)(v & 1u));
}

/*
 * The UTF-16 units of the UTF-8 text s[0..len) into u (room for len
 * units); their number, or -1 when s is not valid UTF-8.
 */
static long long utf8_to_utf16(const unsigned char *s, size_t len, uint16_t *u)
{
    size_t i = 0, n = 0;
    while (i < len) {
        unsigned c = s[i], lo = 0x80, hi = 0xbf;
        uint32_t cp;
        size_t need, k;
        if (c < 0x80) {
            u[n++] = (uint16_t)c;
            i++;
            continue;
        }
        if (c >= 0xc2 && c <= 0xdf) {
            need = 2;
            cp = c & 0x1f;
        } else if (c >= 0xe0 && c <= 0xef) {
            need = 3;
            cp = c & 0x0f;
        } else if (c >= 0xf0 && c <= 0xf4) {
            need = 4;
            cp = c & 0x07;
        } else {
            return -1;
        }
        if (c == 0xe0) /* no overlong forms, surrogates, or beyond U+10FFFF */
            lo = 0xa0;
        else if (c == 0xed)
            hi = 0x9f;
        else if (c == 0xf0)
            lo = 0x90;
        else if (c == 0xf4)
            hi = 0x8f;
        for (k = 1; k < need; k++) {
            if (i + k >= len || s[i + k] < lo || s[i + k] > hi)
                return -1;
            cp = cp << 6 | (s[i + k] & 0x3fu);
            lo = 0x80;
            hi = 0xbf;
        }
        if (cp >= 0x10000) {
            u[n++] = (uint16_t)(0xd800 + ((cp - 0x10000) >> 10));
            u[n++] = (uint16_t)(0xdc00 + ((cp - 0x10000) & 0x3ff));
        } else {
            u[n++] = (uint16_t)cp;
        }
        i += need;
    }
    return (long long)n;
}

#define PENDING 0x80000000u /* a unit's code: the unit itself is not sent yet */

/* The dictionary: (prefix code, unit) -> code; prefix 0 (never a code)
 * for the one-unit strings. */
typedef struct table {
    uint64_t *key; /* (prefix << 16 | unit) + 1; 0: an empty slot */
    uint32_t *val; /* code, | PENDING */
    size_t cap, count;
    int shift;     /* 64 - log2(cap) */
} table;

static size_t slot_of(const table *t, uint64_t key)
{
    size_t h = (size_t)((key * 0x9e3779b97f4a7c15ull) >> t->shift);
    while (t->key[h] && t->key[h] != key)
        h = (h + 1) & (t->cap - 1);
    return h;
}

static int table_resize(table *t, size_t cap)
{
    table nt;
    size_t k;
    int bits = 0;
    while (((size_t)1 << bits) < cap)
        bits++;
    nt.cap = (size_t)1 << bits;
    nt.shift = 64 - bits;
    nt.count = t->count;
    nt.key = calloc(nt.cap, sizeof *nt.key);
    nt.val = malloc(nt.cap * sizeof *nt.val);
    if (!nt.key || !nt.val) {
        free(nt.key);
        free(nt.val);
        return SK_ENOMEM;
    }
    for (k = 0; k < t->cap; k++)
        if (t->key[k]) {
            size_t h = slot_of(&nt, t->key[k]);
            nt.key[h] = t->key[k];
            nt.val[h] = t->val[k];
        }
    free(t->key);
    free(t->val);
    *t = nt;
    return SK_OK;
}

typedef struct encoder {
    bitwriter out;
    table dict;
    uint32_t size;   /* the next code */
    int width;       /* bits per code */
    size_t enlarge;  /* codes until the width grows */
} encoder;

static void step(encoder *en)
{
    if (--en->enlarge == 0) {
        en->enlarge = (size_t)1 << en->width;
        en->width++;
    }
}

/* Emits the string whose code is wcode; wunit >= 0 when it is one unit. */
static void emit(encoder *en, uint32_t wcode, long wunit)
{
    if (wunit >= 0) {
        size_t h = slot_of(&en->dict, (uint64_t)wunit + 1);
        if (en->dict.val[h] & PENDING) { /* the unit itself, once */
            if (wunit < 256) {
                put_bits(&en->out, 0, en->width);
                put_bits(&en->out, (uint64_t)wunit, 8);
            } else {
                put_bits(&en->out, 1, en->width);
                put_bits(&en->out, (uint64_t)wunit, 16);
            }
            step(en);
            en->dict.val[h] &= ~PENDING;
            step(en);
            return;
        }
    }
    put_bits(&en->out, wcode, en->width);
    step(en);
}

int sklz_compress_base64(const char *in, size_t len, char **out, size_t *outlen)
{
    encoder en;
    uint16_t *u;
    long long nu, k;
    uint32_t wcode = 0; /* the current string's code; 0: none yet */
    long wunit = -1;    /* its unit when it is one unit long */
    int rc = SK_ENOMEM;
    char *s;
    if (!out || !outlen || (!in && len))
        return SK_EINVAL;
    *out = NULL;
    *outlen = 0;
    memset(&en, 0, sizeof en);
    u = malloc((len ? len : 1) * sizeof *u);
    if (!u)
        return SK_ENOMEM;
    nu = utf8_to_utf16((const unsigned char *)in, len, u);
    if (nu < 0 || (size_t)nu > MAX_UNITS) {
        free(u);
        return SK_EINVAL;
    }
    if (table_resize(&en.dict, 256))
        goto done;
    en.size = 3;
    en.width = 2;
    en.enlarge = 2;
    for (k = 0; k < nu; k++) {
        uint16_t c = u[k];
        size_t h;
        uint32_t ccode;
        if (2 * (en.dict.count + 2) > en.dict.cap && table_resize(&en.dict, 2 * en.dict.cap))
            goto done;
        h = slot_of(&en.dict, (uint64_t)c + 1);
        if (!en.dict.key[h]) { /* first sight: a code now, the unit sent later */
            en.dict.key[h] = (uint64_t)c + 1;
            en.dict.val[h] = en.size++ | PENDING;
            en.dict.count++;
        }
        ccode = en.dict.val[h] & ~PENDING;
        if (!wcode) {
            wcode = ccode;
            wunit = c;
            continue;
        }
        h = slot_of(&en.dict, ((uint64_t)wcode << 16 | c) + 1);
        if (en.dict.key[h]) { /* w + c is known: extend w */
            wcode = en.dict.val[h];
            wunit = -1;
            continue;
        }
        en.dict.key[h] = ((uint64_t)wcode << 16 | c) + 1;
        en.dict.val[h] = en.size++;
        en.dict.count++;
        emit(&en, wcode, wunit);
        wcode = ccode;
        wunit = c;
    }
    if (wcode)
        emit(&en, wcode, wunit);
    put_bits(&en.out, 2, en.width);
    /* zero bits up to and including the next character boundary */
    do
        put_bit(&en.out, 0);
    while (en.out.pos != 0);
    if (en.out.failed)
        goto done;
    s = realloc(en.out.s, en.out.n + 4);
    if (!s)
        goto done;
    en.out.s = s;
    while (en.out.n % 4)
        s[en.out.n++] = '=';
    s[en.out.n] = '\0';
    *out = s;
    *outlen = en.out.n;
    en.out.s = NULL;
    rc = SK_OK;
done:
    free(u);
    free(en.dict.key);
    free(en.dict.val);
    free(en.out.s);
    return rc;
}
