/*
 * fuzz_json.c - the JSON reader (src/json.c) on any bytes.
 *
 * An error: no document; its line and column lie inside the text (at most
 * one past the end of a line) and its message is one printable line.
 * A document: every value starts where it says, at a byte that can start
 * a value of its type; every string and name is valid UTF-8 (checked here,
 * not by the reader's own code), NUL-terminated; fields of other types are
 * zero; nesting stays within SKJ_MAX_DEPTH.  The document is written back
 * two ways (compact with raw UTF-8; pretty with CRLF and every non-ASCII
 * character as a \u escape) and each reads back to the same tree.
 * Reading with an end offset agrees with reading the whole text, and the
 * prefix it names reads alone to the same tree.
 */
#include <math.h>

#include "fuzz.h"
#include "json.h"

/* ---- an independent UTF-8 check -------------------------------------- */

static int utf8_ok(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        uint32_t cp;
        int extra, k;
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        if ((s[i] & 0xe0) == 0xc0) {
            cp = s[i] & 0x1fu;
            extra = 1;
        } else if ((s[i] & 0xf0) == 0xe0) {
            cp = s[i] & 0x0fu;
            extra = 2;
        } else if ((s[i] & 0xf8) == 0xf0) {
            cp = s[i] & 0x07u;
            extra = 3;
        } else {
            return 0;
        }
        if ((size_t)extra >= n - i)
            return 0;
        for (k = 1; k <= extra; k++) {
            if ((s[i + (size_t)k] & 0xc0) != 0x80)
                return 0;
            cp = cp << 6 | (s[i + (size_t)k] & 0x3fu);
        }
        if ((extra == 1 && cp < 0x80) || (extra == 2 && cp < 0x800) ||
            (extra == 3 && cp < 0x10000) || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return 0;
        i += (size_t)extra + 1;
    }
    return 1;
}

/* ---- writing a tree back ---------------------------------------------- */

typedef struct buf {
    char *s;
    size_t len, cap;
} buf;

static void add(buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->s = realloc(b->s, cap);
        FZ_CHECK(b->s != NULL);
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void adds(buf *b, const char *s)
{
    add(b, s, strlen(s));
}

/* ascii: every non-ASCII character as \uXXXX (a pair above U+FFFF) */
static void put_string(buf *b, const char *str, size_t n, int ascii)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    char esc[16];
    add(b, "\"", 1);
    while (i < n) {
        unsigned c = s[i];
        if (c == '"' || c == '\\') {
            add(b, "\\", 1);
            add(b, str + i, 1);
            i++;
        } else if (c == '\n' && ascii) {
            adds(b, "\\n");
            i++;
        } else if (c < 0x20) {
            snprintf(esc, sizeof esc, ascii ? "\\u%04X" : "\\u%04x", c);
            adds(b, esc);
            i++;
        } else if (c < 0x80 || !ascii) {
            add(b, str + i, 1);
            i++;
        } else {
            uint32_t cp;
            int extra = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1, k;
            cp = c & (extra == 3 ? 0x07u : extra == 2 ? 0x0fu : 0x1fu);
            for (k = 1; k <= extra; k++)
                cp = cp << 6 | (s[i + (size_t)k] & 0x3fu);
            if (cp >= 0x10000)
                snprintf(esc, sizeof esc, "\\u%04x\\u%04X", 0xd800 + ((cp - 0x10000) >> 10),
                         0xdc00 + ((cp - 0x10000) & 0x3ff));
            else
                snprintf(esc, sizeof esc, "\\u%04x", cp);
            adds(b, esc);
            i += (size_t)extra + 1;
        }
    }
    add(b, "\"", 1);
}

static void put_number(buf *b, const skj_value *v)
{
    char num[64];
    if (v->is_int && v->integer == 0 && signbit(v->number))
        snprintf(num, sizeof num, "-0");
    else if (v->is_int)
        snprintf(num, sizeof num, "%lld", v->integer);
    else if (isinf(v->number))
        snprintf(num, sizeof num, v->number < 0 ? "-1e999" : "1e999");
    else
        snprintf(num, sizeof num, "%.17e", v->number); /* reads back exactly, not as an integer */
    adds(b, num);
}

static void indent(buf *b, int pretty, int depth)
{
    int k;
    if (!pretty)
        return;
    adds(b, "\r\n");
    for (k = 0; k < depth; k++)
        adds(b, k % 2 ? "\t" : " ");
}

static void put_value(buf *b, const skj_value *v, int pretty, int depth)
{
    size_t k;
    switch (v->type) {
    case SKJ_NULL: adds(b, "null"); break;
    case SKJ_TRUE: adds(b, "true"); break;
    case SKJ_FALSE: adds(b, "false"); break;
    case SKJ_NUMBER: put_number(b, v); break;
    case SKJ_STRING: put_string(b, v->str, v->len, pretty); break;
    case SKJ_ARRAY:
    case SKJ_OBJECT:
        adds(b, v->type == SKJ_ARRAY ? "[" : "{");
        for (k = 0; k < v->count; k++) {
            if (k)
                adds(b, ",");
            indent(b, pretty, depth + 1);
            if (v->type == SKJ_OBJECT) {
                put_string(b, v->keys[k], strlen(v->keys[k]), pretty);
                adds(b, pretty ? " : " : ":");
            }
            put_value(b, &v->items[k], pretty, depth + 1);
        }
        if (v->count)
            indent(b, pretty, depth);
        adds(b, v->type == SKJ_ARRAY ? "]" : "}");
        break;
    }
}

/* ---- checks ------------------------------------------------------------ */

/* The same tree, but for positions. */
static void same(const skj_value *a, const skj_value *b)
{
    size_t k;
    FZ_CHECK(a->type == b->type);
    FZ_CHECK(a->is_int == b->is_int && a->integer == b->integer);
    FZ_CHECK(memcmp(&a->number, &b->number, sizeof a->number) == 0);
    FZ_CHECK(a->len == b->len && a->count == b->count);
    if (a->type == SKJ_STRING)
        FZ_CHECK(memcmp(a->str, b->str, a->len + 1) == 0);
    for (k = 0; k < a->count; k++) {
        if (a->type == SKJ_OBJECT)
            FZ_CHECK(strcmp(a->keys[k], b->keys[k]) == 0);
        same(&a->items[k], &b->items[k]);
    }
}

typedef struct text {
    const uint8_t *data;
    size_t size;
    size_t *starts; /* starts[l - 1]: offset of line l */
    long lines;
} text;

static void lines_of(text *t, const uint8_t *data, size_t size)
{
    size_t i;
    t->data = data;
    t->size = size;
    t->lines = fz_lines(data, size);
    t->starts = malloc((size_t)t->lines * sizeof *t->starts);
    FZ_CHECK(t->starts != NULL);
    t->lines = 0;
    t->starts[t->lines++] = size >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    for (i = 0; i < size; i++)
        if (data[i] == '\n')
            t->starts[t->lines++] = i + 1;
}

/* The offset of line:column, checked to lie in the text or just past a
 * line's last byte. */
static size_t offset_of(const text *t, long line, long column)
{
    size_t start, end;
    FZ_CHECK(line >= 1 && line <= t->lines);
    FZ_CHECK(column >= 1);
    start = t->starts[line - 1];
    end = line < t->lines ? t->starts[line] - 1 : t->size;
    FZ_CHECK((size_t)column - 1 <= end - start);
    return start + (size_t)column - 1;
}

static void check_value(const text *t, const skj_value *v, int depth)
{
    size_t at = offset_of(t, v->line, v->column), k;
    int c;
    FZ_CHECK(at < t->size);
    c = t->data[at];
    switch (v->type) {
    case SKJ_NULL: FZ_CHECK(c == 'n'); break;
    case SKJ_TRUE: FZ_CHECK(c == 't'); break;
    case SKJ_FALSE: FZ_CHECK(c == 'f'); break;
    case SKJ_NUMBER: FZ_CHECK(c == '-' || (c >= '0' && c <= '9')); break;
    case SKJ_STRING: FZ_CHECK(c == '"'); break;
    case SKJ_ARRAY: FZ_CHECK(c == '['); break;
    case SKJ_OBJECT: FZ_CHECK(c == '{'); break;
    default: FZ_CHECK(!"a type out of range");
    }
    if (v->type != SKJ_NUMBER)
        FZ_CHECK(v->number == 0 && !signbit(v->number) && !v->is_int);
    if (!v->is_int)
        FZ_CHECK(v->integer == 0);
    if (v->type == SKJ_STRING) {
        FZ_CHECK(v->str && v->str[v->len] == '\0');
        FZ_CHECK(utf8_ok((const unsigned char *)v->str, v->len));
    } else {
        FZ_CHECK(!v->str && !v->len);
    }
    if (v->type != SKJ_ARRAY && v->type != SKJ_OBJECT) {
        FZ_CHECK(!v->count && !v->items && !v->keys);
        return;
    }
    FZ_CHECK(depth <= SKJ_MAX_DEPTH);
    FZ_CHECK(v->count == 0 || v->items);
    FZ_CHECK(v->type == SKJ_OBJECT ? v->count == 0 || v->keys : !v->keys);
    for (k = 0; k < v->count; k++) {
        if (v->type == SKJ_OBJECT)
            FZ_CHECK(utf8_ok((const unsigned char *)v->keys[k], strlen(v->keys[k])));
        check_value(t, &v->items[k], depth + 1);
    }
}

/* s[0..n) must read to a tree equal to want. */
static void reads_as(const char *s, size_t n, const skj_value *want)
{
    skj_doc *doc = NULL;
    sk_diag d;
    int rc = skj_parse(s, n, NULL, &doc, &d);
    if (rc != SK_OK)
        fprintf(stderr, "written back, the tree does not read: %ld:%ld: %s\n%.*s\n", d.line,
                d.column, d.message, (int)(n < 2000 ? n : 2000), s);
    FZ_CHECK(rc == SK_OK);
    same(want, skj_root(doc));
    skj_free(doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    skj_doc *doc = NULL, *doc2 = NULL;
    sk_diag d, d2;
    size_t end = (size_t)-1;
    text t;
    int rc, rc2;

    memset(&d, 0x55, sizeof d);
    memset(&d2, 0x55, sizeof d2);
    lines_of(&t, data, size);
    rc = skj_parse(s, size, NULL, &doc, &d);
    FZ_CHECK(rc == SK_OK || rc == SK_EPARSE);
    if (rc != SK_OK) {
        FZ_CHECK(doc == NULL);
        offset_of(&t, d.line, d.column);
        fz_check_message(d.message);
    }

    /* with an end offset: the same verdict on the first value */
    rc2 = skj_parse(s, size, &end, &doc2, &d2);
    FZ_CHECK(rc2 == SK_OK || rc2 == SK_EPARSE);
    if (rc == SK_OK)
        FZ_CHECK(rc2 == SK_OK && end == size);
    if (rc2 == SK_EPARSE) {
        FZ_CHECK(rc == SK_EPARSE && d.line == d2.line && d.column == d2.column);
        FZ_CHECK(strcmp(d.message, d2.message) == 0);
    }
    if (rc2 == SK_OK) {
        FZ_CHECK(end <= size);
        if (end < size) { /* the whole text fails just there */
            FZ_CHECK(rc == SK_EPARSE);
            FZ_CHECK(offset_of(&t, d.line, d.column) == end);
        }
        check_value(&t, skj_root(doc2), 1);
        reads_as(s, end, skj_root(doc2)); /* the prefix alone */
        skj_free(doc2);
    }

    if (rc == SK_OK) {
        buf a = {0}, b = {0}, c = {0};
        const skj_value *root = skj_root(doc);
        check_value(&t, root, 1);
        put_value(&a, root, 0, 0);
        reads_as(a.s, a.len, root);
        put_value(&b, root, 1, 0);
        reads_as(b.s, b.len, root);
        /* the compact form is a fixed point */
        {
            skj_doc *again = NULL;
            FZ_CHECK(skj_parse(a.s, a.len, NULL, &again, &d) == SK_OK);
            put_value(&c, skj_root(again), 0, 0);
            FZ_CHECK(c.len == a.len && memcmp(c.s, a.s, a.len) == 0);
            skj_free(again);
        }
        /* behind a byte-order mark and white space */
        c.len = 0;
        adds(&c, "\xef\xbb\xbf \r\n\t");
        add(&c, a.s, a.len);
        adds(&c, "\n ");
        reads_as(c.s, c.len, root);
        free(a.s);
        free(b.s);
        free(c.s);
        skj_free(doc);
    }
    free(t.starts);
    return 0;
}
