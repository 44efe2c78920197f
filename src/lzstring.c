/*
 * lzstring.c - lz-string's base64 form (lzstring.h).
 *
 * The stream is LZW over UTF-16 code units.  Codes 0, 1 and 2 are
 * commands: 0 and 1 introduce a new character (8 or 16 bits follow) and
 * give it the next code; 2 ends the stream.  Every other code names a
 * string seen before.  After each string the decoder defines the next code
 * as the previous string plus the first unit of this one (the classic
 * LZW step, including the case where that code is the one being read).
 * Codes start 2 bits wide (3 once the first character is in) and widen by
 * one bit whenever the dictionary reaches the next power of two, a step
 * that counts every definition, new characters included.  Bits are stored
 * low bit first per code, high bit first per base64 character.
 *
 * Decoding keeps every dictionary string as a slice of the output already
 * written (each new code is the previous output slice extended by one
 * unit, which is contiguous), so no string is ever copied into the
 * dictionary.  Encoding keys the dictionary on (code of the prefix, next
 * unit) in a hash table.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lzstring.h"

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

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
    if (c == '/')
        return 63;
    return -1;
}

static int fail(sk_diag *d, long col, const char *msg)
{
    if (d) {
        d->line = 0;
        d->column = col;
        snprintf(d->message, sizeof d->message, "%s", msg);
    }
    return SK_EPARSE;
}

/* ---- decoding ------------------------------------------------------------ */

typedef struct reader {
    const char *in;
    size_t len, i;    /* characters, and the next one to read */
    int val, pos;     /* the current character's value and the bit to read */
    int over;         /* read past the end */
} reader;

static unsigned read_bits(reader *r, int n)
{
    unsigned v = 0;
    for (int k = 0; k < n; k++) {
        if (!r->pos) {
            if (r->i >= r->len) {
                r->over = 1;
                return 0;
            }
            r->val = b64_value((unsigned char)r->in[r->i++]);
            r->pos = 32;
        }
        if (r->val & r->pos)
            v |= 1u << k;
        r->pos >>= 1;
    }
    return v;
}

typedef struct slice {
    uint32_t start, len; /* in the output */
} slice;

int sklz_decompress_base64(const char *in, size_t len, size_t max_out, char **out, size_t *outlen,
                           sk_diag *diag)
{
    if (!out || !outlen || (!in && len))
        return SK_EINVAL;
    *out = NULL;
    *outlen = 0;
    /* white space at the ends, '=' padding at the end */
    size_t from = 0;
    while (from < len && (in[from] == ' ' || in[from] == '\t' || in[from] == '\r' || in[from] == '\n'))
        from++;
    while (len > from && (in[len - 1] == ' ' || in[len - 1] == '\t' || in[len - 1] == '\r' ||
                          in[len - 1] == '\n'))
        len--;
    while (len > from && in[len - 1] == '=')
        len--;
    if (from == len)
        return fail(diag, (long)from + 1, "empty compressed string");
    for (size_t k = from; k < len; k++)
        if (b64_value((unsigned char)in[k]) < 0) {
            char msg[80];
            int c = (unsigned char)in[k];
            if (c >= 0x20 && c < 0x7f)
                snprintf(msg, sizeof msg, "'%c' is not a base64 character", c);
            else
                snprintf(msg, sizeof msg, "byte 0x%02x is not a base64 character", c);
            return fail(diag, (long)k + 1, msg);
        }

    reader r = {in + from, len - from, 0, 0, 0, 0};
    size_t cap_units = 4096, nunits = 0, cap_dict = 4096, ndict = 4;
    uint16_t *units = malloc(cap_units * sizeof *units);
    slice *dict = malloc(cap_dict * sizeof *dict);
    int rc = SK_OK;
    if (!units || !dict) {
        rc = SK_ENOMEM;
        goto done;
    }
    int bits = 3;
    size_t enlarge = 4;
    unsigned c = read_bits(&r, 2);
    if (r.over || c == 2) {
        if (r.over)
            rc = fail(diag, (long)len + 1, "the compressed string ends before its first character");
        goto done; /* an empty text */
    }
    units[nunits++] = (uint16_t)read_bits(&r, c == 0 ? 8 : 16);
    if (r.over) {
        rc = fail(diag, (long)len + 1, "the compressed string ends inside a character");
        goto done;
    }
    dict[3] = (slice){0, 1};
    slice w = dict[3];
    for (;;) {
        c = read_bits(&r, bits);
        if (r.over) {
            rc = fail(diag, (long)len + 1, "the compressed string ends without its end mark");
            goto done;
        }
        if (c == 2)
            break;
        if (ndict + 2 > cap_dict) {
            slice *nd = realloc(dict, 2 * cap_dict * sizeof *nd);
            if (!nd) {
                rc = SK_ENOMEM;
                goto done;
            }
            dict = nd;
            cap_dict *= 2;
        }
        if (c <= 1) { /* a new character, which is written next */
            unsigned u = read_bits(&r, c == 0 ? 8 : 16);
            if (r.over) {
                rc = fail(diag, (long)len + 1, "the compressed string ends inside a character");
                goto done;
            }
            if (nunits + 1 > cap_units) {
                uint16_t *nu = realloc(units, 2 * cap_units * sizeof *nu);
                if (!nu) {
                    rc = SK_ENOMEM;
                    goto done;
                }
                units = nu;
                cap_units *= 2;
            }
            dict[ndict] = (slice){(uint32_t)nunits, 1};
            units[nunits] = (uint16_t)u; /* its slice, already in place */
            c = (unsigned)ndict++;
            if (--enlarge == 0) {
                enlarge = (size_t)1 << bits;
                bits++;
            }
        }
        slice e;
        if (c < ndict && c >= 3) {
            e = dict[c];
        } else if (c == ndict) {
            e = (slice){w.start, w.len + 1}; /* w then w's first unit */
        } else {
            rc = fail(diag, (long)(r.i + from), "the compressed string names a code it has not defined");
            goto done;
        }
        /* write e (unless it is the character just read, already there) */
        if (!(e.start == nunits && e.len == 1)) {
            if (nunits + e.len > max_out) {
                char msg[96];
                snprintf(msg, sizeof msg, "the text decompresses to more than %zu bytes", max_out);
                rc = fail(diag, (long)(r.i + from), msg);
                goto done;
            }
            while (nunits + e.len > cap_units) {
                uint16_t *nu = realloc(units, 2 * cap_units * sizeof *nu);
                if (!nu) {
                    rc = SK_ENOMEM;
                    goto done;
                }
                units = nu;
                cap_units *= 2;
            }
            /* the slice may overlap what is written (c == ndict): forwards */
            for (uint32_t k = 0; k < e.len; k++)
                units[nunits + k] = units[e.start + k];
        }
        e.start = (uint32_t)nunits;
        nunits += e.len;
        dict[ndict++] = (slice){w.start, w.len + 1};
        w = e;
        if (--enlarge == 0) {
            enlarge = (size_t)1 << bits;
            bits++;
        }
        if (bits > 31) {
            rc = fail(diag, (long)(r.i + from), "the compressed string is too long");
            goto done;
        }
    }
    /* UTF-16 -> UTF-8 (a lone surrogate becomes U+FFFD) */
    char *o = malloc(3 * nunits + 1);
    if (!o) {
        rc = SK_ENOMEM;
        goto done;
    }
    size_t n = 0;
    for (size_t k = 0; k < nunits; k++) {
        uint32_t cp = units[k];
        if (cp >= 0xd800 && cp <= 0xdbff && k + 1 < nunits && units[k + 1] >= 0xdc00 &&
            units[k + 1] <= 0xdfff) {
            cp = 0x10000 + ((cp - 0xd800) << 10) + (units[++k] - 0xdc00u);
        } else if (cp >= 0xd800 && cp <= 0xdfff) {
            cp = 0xfffd;
        }
        if (cp < 0x80) {
            o[n++] = (char)cp;
        } else if (cp < 0x800) {
            o[n++] = (char)(0xc0 | cp >> 6);
            o[n++] = (char)(0x80 | (cp & 0x3f));
        } else if (cp < 0x10000) {
            o[n++] = (char)(0xe0 | cp >> 12);
            o[n++] = (char)(0x80 | (cp >> 6 & 0x3f));
            o[n++] = (char)(0x80 | (cp & 0x3f));
        } else {
            o[n++] = (char)(0xf0 | cp >> 18);
            o[n++] = (char)(0x80 | (cp >> 12 & 0x3f));
            o[n++] = (char)(0x80 | (cp >> 6 & 0x3f));
            o[n++] = (char)(0x80 | (cp & 0x3f));
        }
        if (n > max_out) {
            free(o);
            char msg[96];
            snprintf(msg, sizeof msg, "the text decompresses to more than %zu bytes", max_out);
            rc = fail(diag, 1, msg);
            goto done;
        }
    }
    o[n] = '\0';
    *out = o;
    *outlen = n;
done:
    if (rc == SK_OK && !*out) { /* an empty text */
        *out = malloc(1);
        if (*out)
            (*out)[0] = '\0';
        else
            rc = SK_ENOMEM;
    }
    free(units);
    free(dict);
    return rc;
}

/* ---- encoding ------------------------------------------------------------ */

typedef struct writer {
    char *out;
    size_t n, cap;
    int val, pos;
    int failed;
} writer;

static void put_bit(writer *w, unsigned bit)
{
    w->val = w->val << 1 | (int)(bit & 1);
    if (w->pos == 5) {
        if (w->n + 1 >= w->cap) {
            size_t cap = w->cap ? 2 * w->cap : 256;
            char *p = realloc(w->out, cap);
            if (!p) {
                w->failed = 1;
                w->pos = 0;
                w->val = 0;
                return;
            }
            w->out = p;
            w->cap = cap;
        }
        w->out[w->n++] = b64[w->val];
        w->val = 0;
        w->pos = 0;
    } else {
        w->pos++;
    }
}

static void put_bits(writer *w, unsigned v, int n)
{
    for (int k = 0; k < n; k++, v >>= 1)
        put_bit(w, v);
}

/* Decodes UTF-8 into UTF-16 units; -1 when it is not valid UTF-8. */
static long to_utf16(const unsigned char *s, size_t len, uint16_t *u)
{
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        unsigned c = s[i];
        size_t k;
        if (c < 0x80)
            cp = c, k = 1;
        else if (c >= 0xc2 && c <= 0xdf && i + 1 < len && (s[i + 1] & 0xc0) == 0x80)
            cp = (c & 0x1f) << 6 | (s[i + 1] & 0x3f), k = 2;
        else if (c >= 0xe0 && c <= 0xef && i + 2 < len && (s[i + 1] & 0xc0) == 0x80 &&
                 (s[i + 2] & 0xc0) == 0x80)
            cp = (c & 0x0f) << 12 | (s[i + 1] & 0x3fu) << 6 | (s[i + 2] & 0x3f), k = 3;
        else if (c >= 0xf0 && c <= 0xf4 && i + 3 < len && (s[i + 1] & 0xc0) == 0x80 &&
                 (s[i + 2] & 0xc0) == 0x80 && (s[i + 3] & 0xc0) == 0x80)
            cp = (c & 0x07) << 18 | (s[i + 1] & 0x3fu) << 12 | (s[i + 2] & 0x3fu) << 6 |
                 (s[i + 3] & 0x3f),
            k = 4;
        else
            return -1;
        if ((k == 2 && cp < 0x80) || (k == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
            (k == 4 && (cp < 0x10000 || cp > 0x10ffff)))
            return -1;
        if (cp >= 0x10000) {
            u[n++] = (uint16_t)(0xd800 + ((cp - 0x10000) >> 10));
            u[n++] = (uint16_t)(0xdc00 + ((cp - 0x10000) & 0x3ff));
        } else {
            u[n++] = (uint16_t)cp;
        }
        i += k;
    }
    return (long)n;
}

typedef struct table {
    uint64_t *key;  /* prefix code << 16 | unit, + 1; 0 = empty */
    uint32_t *code;
    size_t cap, count;
} table;

static uint32_t *table_find(table *t, uint64_t key, int *found)
{
    size_t h = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (t->cap - 1);
    while (t->key[h] && t->key[h] != key + 1)
        h = (h + 1) & (t->cap - 1);
    *found = t->key[h] != 0;
    if (!*found)
        t->key[h] = key + 1; /* reserved: the caller fills the code */
    return &t->code[h];
}

static int table_grow(table *t)
{
    size_t cap = t->cap ? 2 * t->cap : 1024;
    uint64_t *key = calloc(cap, sizeof *key);
    uint32_t *code = malloc(cap * sizeof *code);
    if (!key || !code) {
        free(key);
        free(code);
        return SK_ENOMEM;
    }
    table nt = {key, code, cap, t->count};
    for (size_t k = 0; k < t->cap; k++)
        if (t->key[k]) {
            int f;
            *table_find(&nt, t->key[k] - 1, &f) = t->code[k];
        }
    free(t->key);
    free(t->code);
    *t = nt;
    return SK_OK;
}

int sklz_compress_base64(const char *in, size_t len, char **out, size_t *outlen)
{
    if (!out || !outlen || (!in && len))
        return SK_EINVAL;
    *out = NULL;
    *outlen = 0;
    uint16_t *u = malloc((len + 1) * sizeof *u);
    int32_t *char_code = malloc(65536 * sizeof *char_code);
    uint8_t *to_create = calloc(65536, 1);
    table t = {NULL, NULL, 0, 0};
    writer w = {NULL, 0, 0, 0, 0, 0};
    int rc = SK_ENOMEM;
    if (!u || !char_code || !to_create || table_grow(&t))
        goto done;
    long nu = to_utf16((const unsigned char *)in, len, u);
    if (nu < 0) {
        rc = SK_EINVAL;
        goto done;
    }
    for (int k = 0; k < 65536; k++)
        char_code[k] = -1;
    uint32_t dict_size = 3, enlarge = 2;
    int bits = 2;
    long wcode = -1;  /* code of w, -1 = empty */
    int wchar = -1;   /* w's unit when w is one unit, else -1 */

    /* emits w: a new character as a literal, else its code */
#define EMIT_W()                                                                    \
    do {                                                                            \
        if (wchar >= 0 && to_create[wchar]) {                                       \
            if (wchar < 256) {                                                      \
                put_bits(&w, 0, bits);                                              \
                put_bits(&w, (unsigned)wchar, 8);                                   \
            } else {                                                                \
                put_bits(&w, 1, bits);                                              \
                put_bits(&w, (unsigned)wchar, 16);                                  \
            }                                                               \
            if (--enlarge == 0) {                                                   \
                enlarge = 1u << bits;                                               \
                bits++;                                                             \
            }                                                                       \
            to_create[wchar] = 0;                                                   \
        } else {                                                                    \
            put_bits(&w, (unsigned)wcode, bits);                                    \
        }                                                                           \
        if (--enlarge == 0) {                                                       \
            enlarge = 1u << bits;                                                   \
            bits++;                                                                 \
        }                                                                           \
    } while (0)

    for (long k = 0; k < nu; k++) {
        uint16_t c = u[k];
        if (char_code[c] < 0) {
            char_code[c] = (int32_t)dict_size++;
            to_create[c] = 1;
        }
        if (wcode < 0) {
            wcode = char_code[c];
            wchar = c;
            continue;
        }
        if (2 * (t.count + 1) > t.cap && table_grow(&t))
            goto done;
        int found;
        uint32_t *slot = table_find(&t, (uint64_t)wcode << 16 | c, &found);
        if (found) {
            wcode = *slot;
            wchar = -1;
            continue;
        }
        EMIT_W();
        *slot = dict_size++;
        t.count++;
        wcode = char_code[c];
        wchar = c;
    }
    if (wcode >= 0)
        EMIT_W();
#undef EMIT_W
    put_bits(&w, 2, bits);
    /* flush the last character */
    for (;;) {
        if (w.pos == 5) {
            put_bit(&w, 0);
            break;
        }
        put_bit(&w, 0);
        if (w.pos == 0)
            break;
    }
    if (w.failed)
        goto done;
    /* padding to a multiple of four, and the NUL */
    char *o = realloc(w.out, w.n + 4);
    if (!o)
        goto done;
    w.out = o;
    while (w.n % 4)
        w.out[w.n++] = '=';
    w.out[w.n] = '\0';
    *out = w.out;
    *outlen = w.n;
    w.out = NULL;
    rc = SK_OK;
done:
    free(u);
    free(char_code);
    free(to_create);
    free(t.key);
    free(t.code);
    free(w.out);
    return rc;
}
