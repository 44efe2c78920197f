/*
 * json.c - the JSON reader of json.h.
 *
 * One pass, no recursion.  Values wait on a work stack (`pending`) until
 * their container closes; then the container's children are copied, side
 * by side, into the arena, where nothing ever moves again, and the
 * container itself goes on the work stack as a child of its parent.  An
 * open-container stack remembers where each container's children start.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* ---- arena -------------------------------------------------------------- */

typedef struct chunk {
    struct chunk *next;
    size_t used, size;
    max_align_t data[];
} chunk;

struct skj_doc {
    chunk *chunks;
    skj_value root;
};

static void *arena_alloc(skj_doc *doc, size_t bytes)
{
    bytes = (bytes + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    chunk *c = doc->chunks;
    if (!c || c->size - c->used < bytes) {
        size_t size = bytes > 65536 ? bytes : 65536;
        c = malloc(sizeof *c + size);
        if (!c)
            return NULL;
        c->size = size;
        c->used = 0;
        c->next = doc->chunks;
        doc->chunks = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += bytes;
    return p;
}

void skj_free(skj_doc *doc)
{
    if (!doc)
        return;
    while (doc->chunks) {
        chunk *c = doc->chunks;
        doc->chunks = c->next;
        free(c);
    }
    free(doc);
}

const skj_value *skj_root(const skj_doc *doc) { return doc ? &doc->root : NULL; }

const skj_value *skj_get(const skj_value *obj, const char *key)
{
    if (!obj || obj->type != SKJ_OBJECT || !key)
        return NULL;
    for (size_t i = 0; i < obj->count; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return &obj->items[i];
    return NULL;
}

/* ---- parser state ------------------------------------------------------- */

typedef struct frame {
    skj_value value;  /* the container, children not yet attached */
    size_t first;     /* its first child on the pending stack */
    const char *key;  /* its member name in its parent object, or NULL */
} frame;

typedef struct parser {
    const char *s;
    size_t len, i;
    long line;
    size_t line_start;    /* offset of the current line's first byte */
    skj_doc *doc;
    sk_diag *diag;
    skj_value *pending;   /* finished values waiting for their container */
    const char **pkeys;   /* their member names (NULL in arrays) */
    size_t npending, cap_pending;
    frame stack[SKJ_MAX_DEPTH];
    int depth;
} parser;

static int fail_at(parser *p, size_t at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Reports an error at byte offset at (which is on the current line or
 * after it, never before its start). */
static int fail_at(parser *p, size_t at, const char *fmt, ...)
{
    if (p->diag) {
        long line = p->line;
        size_t start = p->line_start;
        for (size_t k = p->i; k < at && k < p->len; k++)
            if (p->s[k] == '\n') {
                line++;
                start = k + 1;
            }
        p->diag->line = line;
        p->diag->column = (long)(at - start) + 1;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->diag->message, sizeof p->diag->message, fmt, ap);
        va_end(ap);
    }
    return SK_EPARSE;
}

static void skip_space(parser *p)
{
    while (p->i < p->len) {
        char c = p->s[p->i];
        if (c == '\n') {
            p->line++;
            p->line_start = p->i + 1;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            break;
        }
        p->i++;
    }
}

/* What is found instead of what was expected, for messages. */
static const char *found(const parser *p)
{
    if (p->i >= p->len)
        return "the end of the text";
    unsigned char c = (unsigned char)p->s[p->i];
    if (c == '"')
        return "a string";
    if (c == '{' || c == '[')
        return c == '{' ? "'{'" : "'['";
    if (c == '}' || c == ']' || c == ',' || c == ':')
        return c == '}' ? "'}'" : c == ']' ? "']'" : c == ',' ? "','" : "':'";
    return c >= 0x20 && c < 0x7f ? "an unexpected character" : "a byte that is not text";
}

static int push_pending(parser *p, const skj_value *v, const char *key)
{
    if (p->npending == p->cap_pending) {
        size_t cap = p->cap_pending ? 2 * p->cap_pending : 64;
        skj_value *nv = realloc(p->pending, cap * sizeof *nv);
        if (!nv)
            return SK_ENOMEM;
        p->pending = nv;
        const char **nk = realloc(p->pkeys, cap * sizeof *nk);
        if (!nk)
            return SK_ENOMEM;
        p->pkeys = nk;
        p->cap_pending = cap;
    }
    p->pending[p->npending] = *v;
    p->pkeys[p->npending] = key;
    p->npending++;
    return SK_OK;
}

/* ---- strings ---------------------------------------------------------- */

static int hex4(const char *s)
{
    int v = 0;
    for (int k = 0; k < 4; k++) {
        char c = s[k];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= c - '0';
        else if (c >= 'a' && c <= 'f')
            v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            v |= c - 'A' + 10;
        else
            return -1;
    }
    return v;
}

static size_t put_utf8(char *o, unsigned cp)
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

/* Length of the well-formed UTF-8 sequence at s (n bytes left), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        return n >= 2 && (s[1] & 0xc0) == 0x80 ? 2 : 0;
    if (c >= 0xe0 && c <= 0xef) {
        if (n < 3 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80)
            return 0;
        if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0))
            return 0; /* overlong, or a surrogate */
        return 3;
    }
    if (c >= 0xf0 && c <= 0xf4) {
        if (n < 4 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80 || (s[3] & 0xc0) != 0x80)
            return 0;
        if ((c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90))
            return 0;
        return 4;
    }
    return 0;
}

/* Reads the string at p->i (a '"'); its decoded text goes in the arena. */
static int read_string(parser *p, const char **out, size_t *outlen)
{
    size_t start = p->i++;
    /* the decoded text is never longer than the raw text */
    size_t k = p->i;
    while (k < p->len && p->s[k] != '"') {
        if (p->s[k] == '\\')
            k++;
        k++;
    }
    if (k >= p->len)
        return fail_at(p, start, "string does not end (no closing '\"')");
    char *o = arena_alloc(p->doc, k - p->i + 1);
    if (!o)
        return SK_ENOMEM;
    size_t n = 0;
    while (p->s[p->i] != '"') {
        unsigned char c = (unsigned char)p->s[p->i];
        if (c < 0x20)
            return fail_at(p, p->i, "control character 0x%02x inside a string", c);
        if (c != '\\') {
            size_t l = utf8_len((const unsigned char *)p->s + p->i, p->len - p->i);
            if (!l)
                return fail_at(p, p->i, "invalid UTF-8 inside a string");
            memcpy(o + n, p->s + p->i, l);
            n += l;
            p->i += l;
            continue;
        }
        char e = p->s[p->i + 1];
        size_t at = p->i;
        p->i += 2;
        switch (e) {
        case '"': o[n++] = '"'; break;
        case '\\': o[n++] = '\\'; break;
        case '/': o[n++] = '/'; break;
        case 'b': o[n++] = '\b'; break;
        case 'f': o[n++] = '\f'; break;
        case 'n': o[n++] = '\n'; break;
        case 'r': o[n++] = '\r'; break;
        case 't': o[n++] = '\t'; break;
        case 'u': {
            int cp = p->i + 4 <= p->len ? hex4(p->s + p->i) : -1;
            if (cp < 0)
                return fail_at(p, at, "\\u needs four hexadecimal digits");
            p->i += 4;
            unsigned u = (unsigned)cp;
            if (u >= 0xd800 && u <= 0xdbff && p->i + 6 <= p->len && p->s[p->i] == '\\' &&
                p->s[p->i + 1] == 'u') {
                int lo = hex4(p->s + p->i + 2);
                if (lo >= 0xdc00 && lo <= 0xdfff) {
                    u = 0x10000 + ((u - 0xd800) << 10) + ((unsigned)lo - 0xdc00);
                    p->i += 6;
                }
            }
            if (u >= 0xd800 && u <= 0xdfff)
                u = 0xfffd; /* a lone surrogate */
            n += put_utf8(o + n, u);
            break;
        }
        default:
            return fail_at(p, at, "unknown escape '\\%c' in a string",
                           e >= 0x20 && e < 0x7f ? e : '?');
        }
    }
    p->i++;
    o[n] = '\0';
    *out = o;
    *outlen = n;
    return SK_OK;
}

/* ---- values -------------------------------------------------------------- */

static int read_number(parser *p, skj_value *v)
{
    size_t start = p->i, k = p->i;
    int integer = 1;
    if (k < p->len && p->s[k] == '-')
        k++;
    if (k >= p->len || p->s[k] < '0' || p->s[k] > '9')
        return fail_at(p, start, "expected a value, found %s", found(p));
    if (p->s[k] == '0') {
        k++;
        if (k < p->len && p->s[k] >= '0' && p->s[k] <= '9')
            return fail_at(p, start, "a number may not start with 0");
    } else {
        while (k < p->len && p->s[k] >= '0' && p->s[k] <= '9')
            k++;
    }
    if (k < p->len && p->s[k] == '.') {
        integer = 0;
        k++;
        if (k >= p->len || p->s[k] < '0' || p->s[k] > '9')
            return fail_at(p, k, "expected a digit after '.'");
        while (k < p->len && p->s[k] >= '0' && p->s[k] <= '9')
            k++;
    }
    if (k < p->len && (p->s[k] == 'e' || p->s[k] == 'E')) {
        integer = 0;
        k++;
        if (k < p->len && (p->s[k] == '+' || p->s[k] == '-'))
            k++;
        if (k >= p->len || p->s[k] < '0' || p->s[k] > '9')
            return fail_at(p, k, "expected a digit in the exponent");
        while (k < p->len && p->s[k] >= '0' && p->s[k] <= '9')
            k++;
    }
    char buf[64];
    size_t n = k - start;
    v->type = SKJ_NUMBER;
    if (n < sizeof buf) {
        memcpy(buf, p->s + start, n);
        buf[n] = '\0';
        v->number = strtod(buf, NULL);
        if (integer) {
            errno = 0;
            long long x = strtoll(buf, NULL, 10);
            if (!errno) {
                v->is_int = 1;
                v->integer = x;
            }
        }
    } else { /* a long number: its value is all that matters */
        char *copy = malloc(n + 1);
        if (!copy)
            return SK_ENOMEM;
        memcpy(copy, p->s + start, n);
        copy[n] = '\0';
        v->number = strtod(copy, NULL);
        free(copy);
    }
    p->i = k;
    return SK_OK;
}

static int word(parser *p, const char *w, skj_type t, skj_value *v)
{
    size_t n = strlen(w);
    if (p->len - p->i < n || memcmp(p->s + p->i, w, n) != 0)
        return fail_at(p, p->i, "expected a value, found %s", found(p));
    p->i += n;
    v->type = t;
    return SK_OK;
}

/* Closes the innermost container: its children move to the arena. */
static int close_container(parser *p)
{
    frame *f = &p->stack[--p->depth];
    size_t count = p->npending - f->first;
    skj_value v = f->value;
    v.count = count;
    if (count) {
        skj_value *items = arena_alloc(p->doc, count * sizeof *items);
        if (!items)
            return SK_ENOMEM;
        memcpy(items, p->pending + f->first, count * sizeof *items);
        v.items = items;
        if (v.type == SKJ_OBJECT) {
            const char **keys = arena_alloc(p->doc, count * sizeof *keys);
            if (!keys)
                return SK_ENOMEM;
            memcpy(keys, p->pkeys + f->first, count * sizeof *keys);
            v.keys = keys;
        }
    }
    p->npending = f->first;
    return push_pending(p, &v, f->key);
}

static int parse(parser *p)
{
    const char *key = NULL;
    int st;
    for (;;) {
        /* a value (after a member name in an object) */
        skip_space(p);
        skj_value v;
        memset(&v, 0, sizeof v);
        v.line = p->line;
        v.column = (long)(p->i - p->line_start) + 1;
        if (p->i >= p->len)
            return fail_at(p, p->i, p->depth ? "the text ends inside an %s" : "expected a value, found %s",
                           p->depth ? (p->stack[p->depth - 1].value.type == SKJ_OBJECT ? "object" : "array")
                                    : "the end of the text");
        char c = p->s[p->i];
        if (c == '{' || c == '[') {
            if (p->depth >= SKJ_MAX_DEPTH)
                return fail_at(p, p->i, "nesting deeper than %d", SKJ_MAX_DEPTH);
            v.type = c == '{' ? SKJ_OBJECT : SKJ_ARRAY;
            frame *f = &p->stack[p->depth++];
            f->value = v;
            f->first = p->npending;
            f->key = key;
            p->i++;
            skip_space(p);
            if (p->i < p->len && p->s[p->i] == (c == '{' ? '}' : ']')) {
                p->i++;
                if ((st = close_container(p)))
                    return st;
            } else if (c == '{') {
                /* the first member's name */
                if (p->i >= p->len || p->s[p->i] != '"')
                    return fail_at(p, p->i, "expected a member name (a string) or '}', found %s", found(p));
                size_t klen;
                if ((st = read_string(p, &key, &klen)))
                    return st;
                skip_space(p);
                if (p->i >= p->len || p->s[p->i] != ':')
                    return fail_at(p, p->i, "expected ':' after a member name, found %s", found(p));
                p->i++;
                continue;
            } else {
                key = NULL;
                continue;
            }
        } else {
            if (c == '"') {
                st = read_string(p, &v.str, &v.len);
                v.type = SKJ_STRING;
            } else if (c == 't') {
                st = word(p, "true", SKJ_TRUE, &v);
            } else if (c == 'f') {
                st = word(p, "false", SKJ_FALSE, &v);
            } else if (c == 'n') {
                st = word(p, "null", SKJ_NULL, &v);
            } else {
                st = read_number(p, &v);
            }
            if (st)
                return st;
            if ((st = push_pending(p, &v, key)))
                return st;
        }
        /* after a value: ',' or the end of containers */
        for (;;) {
            if (!p->depth)
                return SK_OK;
            skip_space(p);
            frame *f = &p->stack[p->depth - 1];
            int obj = f->value.type == SKJ_OBJECT;
            if (p->i >= p->len)
                return fail_at(p, p->i, "the text ends inside an %s", obj ? "object" : "array");
            c = p->s[p->i];
            if (c == (obj ? '}' : ']')) {
                p->i++;
                if ((st = close_container(p)))
                    return st;
                continue;
            }
            if (c != ',')
                return fail_at(p, p->i, "expected ',' or '%c' after %s, found %s", obj ? '}' : ']',
                               obj ? "an object member" : "an array element", found(p));
            p->i++;
            if (obj) {
                skip_space(p);
                if (p->i >= p->len || p->s[p->i] != '"')
                    return fail_at(p, p->i, "expected a member name (a string), found %s", found(p));
                size_t klen;
                if ((st = read_string(p, &key, &klen)))
                    return st;
                skip_space(p);
                if (p->i >= p->len || p->s[p->i] != ':')
                    return fail_at(p, p->i, "expected ':' after a member name, found %s", found(p));
                p->i++;
            } else {
                key = NULL;
            }
            break;
        }
    }
}

int skj_parse(const char *text, size_t len, size_t *end, skj_doc **out, sk_diag *diag)
{
    if (!out || (!text && len))
        return SK_EINVAL;
    *out = NULL;
    parser *p = calloc(1, sizeof *p);
    skj_doc *doc = calloc(1, sizeof *doc);
    int st = SK_ENOMEM;
    if (!p || !doc)
        goto done;
    p->s = text;
    p->len = len;
    p->line = 1;
    p->doc = doc;
    p->diag = diag;
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
        p->i = p->line_start = 3;
    if (memchr(text, '\0', len)) {
        const char *z = memchr(text, '\0', len);
        p->i = 0;
        st = fail_at(p, (size_t)(z - text), "NUL byte in the text");
        goto done;
    }
    st = parse(p);
    if (st == SK_OK) {
        doc->root = p->pending[0];
        skip_space(p);
        if (end)
            *end = p->i;
        else if (p->i < p->len)
            st = fail_at(p, p->i, "unexpected text after the value");
    }
done:
    if (st == SK_OK)
        *out = doc;
    else
        skj_free(doc);
    if (p) {
        free(p->pending);
        free(p->pkeys);
        free(p);
    }
    return st;
}
