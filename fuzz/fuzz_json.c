/*
 * fuzz_json.c - the JSON reader behind the f-puzzles form: any bytes are
 * parsed; a document read fine is written back out and parsed again, and
 * must give the same tree; strings are valid UTF-8 and positions lie
 * inside the input.
 */
#include "fuzz.h"
#include "json.h"

typedef struct out {
    char *s;
    size_t len, cap;
} out;

static void put(out *o, const char *s, size_t n)
{
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 256;
        while (cap < o->len + n + 1)
            cap *= 2;
        o->s = realloc(o->s, cap);
        FZ_CHECK(o->s != NULL);
        o->cap = cap;
    }
    memcpy(o->s + o->len, s, n);
    o->len += n;
    o->s[o->len] = '\0';
}

static void put_string(out *o, const char *s, size_t n)
{
    put(o, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[8];
        if (c == '"' || c == '\\' || c < 0x20) {
            snprintf(esc, sizeof esc, "\\u%04x", c);
            put(o, esc, 6);
        } else {
            put(o, s + i, 1);
        }
    }
    put(o, "\"", 1);
}

/* Writes v (depth-first; the depth is bounded by the parser). */
static void write_value(out *o, const skj_value *v)
{
    char num[64];
    switch (v->type) {
    case SKJ_NULL: put(o, "null", 4); break;
    case SKJ_TRUE: put(o, "true", 4); break;
    case SKJ_FALSE: put(o, "false", 5); break;
    case SKJ_NUMBER:
        if (v->is_int)
            snprintf(num, sizeof num, "%lld", v->integer);
        else
            snprintf(num, sizeof num, "%.17g", v->number);
        /* inf and nan have no JSON form: null stands for them; a number
         * that is not an integer must not read back as one (-0 -> -0.0) */
        if (strchr(num, 'n') || strchr(num, 'i'))
            snprintf(num, sizeof num, "null");
        else if (!v->is_int && !strpbrk(num, ".e"))
            strcat(num, ".0");
        put(o, num, strlen(num));
        break;
    case SKJ_STRING: put_string(o, v->str, v->len); break;
    case SKJ_ARRAY:
    case SKJ_OBJECT:
        put(o, v->type == SKJ_ARRAY ? "[" : "{", 1);
        for (size_t k = 0; k < v->count; k++) {
            if (k)
                put(o, ",", 1);
            if (v->type == SKJ_OBJECT) {
                put_string(o, v->keys[k], strlen(v->keys[k]));
                put(o, ":", 1);
            }
            write_value(o, &v->items[k]);
        }
        put(o, v->type == SKJ_ARRAY ? "]" : "}", 1);
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skj_doc *doc = NULL;
    sk_diag d;
    memset(&d, 0x55, sizeof d);
    int rc = skj_parse((const char *)data, size, NULL, &doc, &d);
    FZ_CHECK(rc == SK_OK || rc == SK_EPARSE);
    if (rc == SK_EPARSE) {
        FZ_CHECK(doc == NULL);
        FZ_CHECK(d.line >= 1 && d.line <= fz_lines(data, size));
        FZ_CHECK(d.column >= 1 && d.column <= (long)size + 1);
        fz_check_message(d.message);
        return 0;
    }
    out a = {0}, b = {0};
    write_value(&a, skj_root(doc));
    skj_doc *again = NULL;
    FZ_CHECK(skj_parse(a.s, a.len, NULL, &again, &d) == SK_OK);
    write_value(&b, skj_root(again));
    FZ_CHECK(a.len == b.len && memcmp(a.s, b.s, a.len) == 0);
    skj_free(again);
    skj_free(doc);
    free(a.s);
    free(b.s);
    return 0;
}
