/*
 * test_json.c - the JSON reader (src/json.c) and the lz-string codec
 * (src/lzstring.c) behind the f-puzzles format.
 *
 * The codec is checked against vectors the reference implementation wrote
 * (tests/data/lzstring_vectors.txt says how), in both directions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "json.h"
#include "lzstring.h"

static skj_doc *parse_ok(const char *text)
{
    skj_doc *doc = NULL;
    sk_diag d;
    int rc = skj_parse(text, strlen(text), NULL, &doc, &d);
    if (rc != SK_OK)
        fprintf(stderr, "parse of %s failed: %s\n", text, d.message);
    return doc;
}

/* Parses text expecting an error at line:column containing words. */
static void parse_bad(const char *text, long line, long column, const char *words)
{
    skj_doc *doc = NULL;
    sk_diag d;
    memset(&d, 0, sizeof d);
    int rc = skj_parse(text, strlen(text), NULL, &doc, &d);
    CHECK_EQ_INT(rc, SK_EPARSE);
    CHECK(doc == NULL);
    CHECK_EQ_INT(d.line, line);
    CHECK_EQ_INT(d.column, column);
    if (!strstr(d.message, words))
        fprintf(stderr, "message \"%s\" lacks \"%s\"\n", d.message, words);
    CHECK(strstr(d.message, words) != NULL);
}

static void test_values(void)
{
    skj_doc *doc = parse_ok(" {\"a\": [1, -2.5e3, true, false, null, \"x\"], \"b\": {}, \"c\": []} ");
    CHECK(doc != NULL);
    if (!doc)
        return;
    const skj_value *root = skj_root(doc);
    CHECK_EQ_INT(root->type, SKJ_OBJECT);
    CHECK_EQ_INT(root->count, 3);
    const skj_value *a = skj_get(root, "a");
    CHECK(a && a->type == SKJ_ARRAY && a->count == 6);
    CHECK(a->items[0].is_int && a->items[0].integer == 1);
    CHECK(!a->items[1].is_int && a->items[1].number == -2500.0);
    CHECK_EQ_INT(a->items[2].type, SKJ_TRUE);
    CHECK_EQ_INT(a->items[3].type, SKJ_FALSE);
    CHECK_EQ_INT(a->items[4].type, SKJ_NULL);
    CHECK_EQ_STR(a->items[5].str, "x");
    CHECK(skj_get(root, "b")->count == 0 && skj_get(root, "c")->type == SKJ_ARRAY);
    CHECK(skj_get(root, "missing") == NULL);
    CHECK(skj_get(a, "a") == NULL); /* not an object */
    /* positions: the array starts at column 8 of line 1 */
    CHECK_EQ_INT(a->line, 1);
    CHECK_EQ_INT(a->column, 8);
    skj_free(doc);
}

static void test_strings(void)
{
    skj_doc *doc = parse_ok("[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\", \"\\u00e9\\u4e2d\\ud83d\\ude00\", \"\\udc00\", \"é中\"]");
    CHECK(doc != NULL);
    if (!doc)
        return;
    const skj_value *r = skj_root(doc);
    CHECK_EQ_STR(r->items[0].str, "\"\\/\b\f\n\r\t");
    CHECK_EQ_STR(r->items[1].str, "\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80");
    CHECK_EQ_STR(r->items[2].str, "\xef\xbf\xbd"); /* a lone surrogate */
    CHECK_EQ_STR(r->items[3].str, "\xc3\xa9\xe4\xb8\xad");
    CHECK_EQ_INT(r->items[1].len, 9);
    skj_free(doc);
}

static void test_errors(void)
{
    parse_bad("", 1, 1, "expected a value");
    parse_bad("{\"a\":1,}", 1, 8, "member name");
    parse_bad("[1,2,]", 1, 6, "expected a value");
    parse_bad("[1 2]", 1, 4, "expected ','");
    parse_bad("{\"a\" 1}", 1, 6, "expected ':'");
    parse_bad("{\n  \"a\": [1,\n  2\n", 4, 1, "ends inside");
    parse_bad("[01]", 1, 2, "may not start with 0");
    parse_bad("[1.]", 1, 4, "digit after '.'");
    parse_bad("[tru]", 1, 2, "expected a value");
    parse_bad("[\"a\x01\"]", 1, 4, "control character");
    parse_bad("[\"\xff\"]", 1, 3, "invalid UTF-8");
    parse_bad("[\"\\x\"]", 1, 3, "unknown escape");
    parse_bad("[\"\\u12g4\"]", 1, 3, "four hexadecimal");
    parse_bad("[\"abc", 1, 2, "does not end");
    parse_bad("{} x", 1, 4, "after the value");
    parse_bad("// comment\n{}", 1, 1, "expected a value");
    /* a NUL anywhere */
    {
        skj_doc *doc;
        sk_diag d;
        CHECK_EQ_INT(skj_parse("[1,\0]", 5, NULL, &doc, &d), SK_EPARSE);
        CHECK(strstr(d.message, "NUL") != NULL);
    }
    /* nesting: 256 levels are fine, 257 are not */
    char deep[600];
    memset(deep, '[', 256);
    memset(deep + 256, ']', 256);
    deep[512] = '\0';
    skj_doc *doc = parse_ok(deep);
    CHECK(doc != NULL);
    skj_free(doc);
    memset(deep, '[', 257);
    memset(deep + 257, ']', 257);
    deep[514] = '\0';
    parse_bad(deep, 1, 257, "nesting deeper");
}

static void test_sequence(void)
{
    /* JSON Lines: one value after another, *end says where each stops */
    const char *text = "{\"a\":1}\n[2]\n  3  ";
    size_t at = 0, end;
    int values = 0;
    while (at < strlen(text)) {
        skj_doc *doc;
        sk_diag d;
        if (skj_parse(text + at, strlen(text) - at, &end, &doc, &d) != SK_OK)
            break;
        values++;
        skj_free(doc);
        at += end;
    }
    CHECK_EQ_INT(values, 3);
    CHECK_EQ_INT(at, strlen(text));
    /* a byte-order mark first */
    skj_doc *doc = parse_ok("\xef\xbb\xbf[1]");
    CHECK(doc && skj_root(doc)->count == 1);
    skj_free(doc);
}

static void test_big(void)
{
    /* a long array and an object with many members: linear, not deep */
    size_t n = 200000;
    char *s = malloc(n * 16 + 16);
    size_t len = 0;
    s[len++] = '[';
    for (size_t i = 0; i < n; i++)
        len += (size_t)sprintf(s + len, i ? ",{\"k\":%zu}" : "{\"k\":%zu}", i);
    s[len++] = ']';
    s[len] = '\0';
    skj_doc *doc;
    sk_diag d;
    CHECK_EQ_INT(skj_parse(s, len, NULL, &doc, &d), SK_OK);
    if (doc) {
        const skj_value *r = skj_root(doc);
        CHECK_EQ_INT(r->count, n);
        CHECK_EQ_INT(skj_get(&r->items[n - 1], "k")->integer, (long long)(n - 1));
        skj_free(doc);
    }
    free(s);
}

/* ---- lz-string ---------------------------------------------------------- */

static void test_lz_vectors(void)
{
    FILE *f = fopen("tests/data/lzstring_vectors.txt", "r");
    CHECK(f != NULL);
    if (!f)
        return;
    static char line[1 << 18];
    int vectors = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        skj_doc *doc;
        sk_diag d;
        if (skj_parse(line, strlen(line), NULL, &doc, &d) != SK_OK) {
            CHECK(!"vector line is not JSON");
            continue;
        }
        const skj_value *v = skj_root(doc);
        const char *text = v->items[0].str, *packed = v->items[1].str;
        char *out;
        size_t outlen;
        CHECK_EQ_INT(sklz_compress_base64(text, v->items[0].len, &out, &outlen), SK_OK);
        CHECK(out && outlen == v->items[1].len && memcmp(out, packed, outlen) == 0);
        free(out);
        CHECK_EQ_INT(sklz_decompress_base64(packed, v->items[1].len, 1 << 20, &out, &outlen, &d), SK_OK);
        CHECK(out && outlen == v->items[0].len && memcmp(out, text, outlen) == 0);
        free(out);
        skj_free(doc);
        vectors++;
    }
    fclose(f);
    CHECK(vectors >= 60);
    printf("# %d lz-string vectors\n", vectors);
}

static void test_lz_input(void)
{
    char *out;
    size_t outlen;
    sk_diag d;
    /* spaces where '+' was, white space around, no padding */
    const char *packed = "N4IgzglgXgpiBcBOAvkA";
    CHECK_EQ_INT(sklz_decompress_base64(packed, strlen(packed), 100, &out, &outlen, &d), SK_OK);
    CHECK_EQ_STR(out, "{\"size\":9}");
    free(out);
    const char *spaced = "  N4IgzglgXgpiBcBOAvkA==\n";
    CHECK_EQ_INT(sklz_decompress_base64(spaced, strlen(spaced), 100, &out, &outlen, &d), SK_OK);
    CHECK_EQ_STR(out, "{\"size\":9}");
    free(out);
    /* a character outside the alphabet, with its column */
    const char *bad = "N4Igzgl!XgpiBcBOAvkA";
    CHECK_EQ_INT(sklz_decompress_base64(bad, strlen(bad), 100, &out, &outlen, &d), SK_EPARSE);
    CHECK_EQ_INT(d.column, 8);
    /* a stream cut short */
    CHECK_EQ_INT(sklz_decompress_base64(packed, 6, 100, &out, &outlen, &d), SK_EPARSE);
    CHECK(strstr(d.message, "ends") != NULL);
    /* a bound on the output */
    char *big;
    size_t blen;
    char text[5000];
    memset(text, 'a', sizeof text - 1);
    text[sizeof text - 1] = '\0';
    CHECK_EQ_INT(sklz_compress_base64(text, strlen(text), &big, &blen), SK_OK);
    CHECK(blen < 400); /* repetitive text compresses well */
    CHECK_EQ_INT(sklz_decompress_base64(big, blen, 1000, &out, &outlen, &d), SK_EPARSE);
    CHECK(strstr(d.message, "more than 1000") != NULL);
    CHECK_EQ_INT(sklz_decompress_base64(big, blen, 5000, &out, &outlen, &d), SK_OK);
    CHECK(outlen == 4999 && memcmp(out, text, outlen) == 0);
    free(out);
    free(big);
    /* invalid UTF-8 cannot be compressed */
    CHECK_EQ_INT(sklz_compress_base64("\xc3(", 2, &out, &outlen), SK_EINVAL);
    /* garbage that is base64 but not a stream: an error, never a crash */
    const char *noise = "////////////////////////////////////////";
    int rc = sklz_decompress_base64(noise, strlen(noise), 1000, &out, &outlen, &d);
    CHECK(rc == SK_EPARSE || rc == SK_OK);
    if (rc == SK_OK)
        free(out);
}

int main(void)
{
    RUN(test_values);
    RUN(test_strings);
    RUN(test_errors);
    RUN(test_sequence);
    RUN(test_big);
    RUN(test_lz_vectors);
    RUN(test_lz_input);
    return check_summary();
}
