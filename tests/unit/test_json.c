/*
 * test_json.c - the JSON reader (src/json.c) and the lz-string codec
 * (src/lzstring.c) under the f-puzzles format.
 *
 * JSON: every kind of value, escapes and surrogates, numbers against
 * strtod, every error message with its line and column (after CRLF,
 * multi-byte characters, a byte-order mark), NUL bytes, the nesting
 * limit, values read one after another, and large inputs (linear time).
 *
 * lz-string: the vectors of tests/data/lzstring_vectors.txt, written by
 * the reference implementation, in both directions; the URI-safe form,
 * spaces for '+', padding and white space; every error with its column;
 * the output bound; invalid UTF-8; the time to decompress a megabyte.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "json.h"
#include "lzstring.h"

/* ---- helpers --------------------------------------------------------- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Under valgrind everything is ~50x slower: time limits do not apply. */
static int slow_run(void)
{
    const char *pre = getenv("LD_PRELOAD");
    return pre && (strstr(pre, "vgpreload") || strstr(pre, "valgrind"));
}

static skj_doc *parse_n(const char *text, size_t len)
{
    skj_doc *doc = NULL;
    sk_diag d;
    int rc = skj_parse(text, len, NULL, &doc, &d);
    if (rc != SK_OK)
        fprintf(stderr, "  parse failed: %ld:%ld: %s\n", d.line, d.column, d.message);
    return doc;
}

static skj_doc *parse(const char *text)
{
    return parse_n(text, strlen(text));
}

/* text[0..len) must fail at line:column with a message holding words. */
static void bad_n(const char *text, size_t len, long line, long column, const char *words)
{
    skj_doc *doc = (skj_doc *)&doc; /* must become NULL */
    sk_diag d;
    int rc;
    memset(&d, 0x55, sizeof d);
    rc = skj_parse(text, len, NULL, &doc, &d);
    CHECK_EQ_INT(rc, SK_EPARSE);
    CHECK(doc == NULL);
    if (rc != SK_EPARSE)
        return;
    if (d.line != line || d.column != column || !strstr(d.message, words))
        fprintf(stderr, "  for \"%.40s\": got %ld:%ld \"%s\", expected %ld:%ld \"%s\"\n", text,
                d.line, d.column, d.message, line, column, words);
    CHECK_EQ_INT(d.line, line);
    CHECK_EQ_INT(d.column, column);
    CHECK(strstr(d.message, words) != NULL);
}

static void bad(const char *text, long line, long column, const char *words)
{
    bad_n(text, strlen(text), line, column, words);
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *s = NULL;
    size_t cap = 0, n = 0, got;
    if (!f)
        return NULL;
    do {
        if (n + 1 >= cap) {
            char *t = realloc(s, cap = cap ? 2 * cap : 1 << 16);
            if (!t) {
                free(s);
                fclose(f);
                return NULL;
            }
            s = t;
        }
        got = fread(s + n, 1, cap - n - 1, f);
        n += got;
    } while (got);
    fclose(f);
    s[n] = '\0';
    *len = n;
    return s;
}

/* ---- JSON: values ---------------------------------------------------- */

static void test_json_values(void)
{
    skj_doc *doc = parse(" {\"a\": [1, -2.5e3, true, false, null, \"x\", {}, []],\n"
                         "  \"b\": {\"c\": \"d\"}, \"a\": 2 } ");
    const skj_value *r, *a, *b;
    CHECK(doc != NULL);
    if (!doc)
        return;
    r = skj_root(doc);
    CHECK_EQ_INT(r->type, SKJ_OBJECT);
    CHECK_EQ_INT(r->count, 3);
    CHECK_EQ_STR(r->keys[0], "a");
    CHECK_EQ_STR(r->keys[2], "a");
    a = skj_get(r, "a"); /* the first of two */
    CHECK(a == &r->items[0]);
    CHECK(a->type == SKJ_ARRAY && a->count == 8 && a->keys == NULL);
    CHECK(a->items[0].type == SKJ_NUMBER && a->items[0].is_int && a->items[0].integer == 1);
    CHECK(!a->items[1].is_int && a->items[1].number == -2500.0);
    CHECK_EQ_INT(a->items[2].type, SKJ_TRUE);
    CHECK_EQ_INT(a->items[3].type, SKJ_FALSE);
    CHECK_EQ_INT(a->items[4].type, SKJ_NULL);
    CHECK(a->items[5].type == SKJ_STRING && a->items[5].len == 1);
    CHECK_EQ_STR(a->items[5].str, "x");
    CHECK(a->items[6].type == SKJ_OBJECT && a->items[6].count == 0 && !a->items[6].items);
    CHECK(a->items[7].type == SKJ_ARRAY && a->items[7].count == 0);
    /* fields of other types are zero */
    CHECK(a->items[5].count == 0 && a->items[5].items == NULL && !a->items[5].is_int);
    CHECK(a->items[0].str == NULL && a->items[0].count == 0);
    CHECK(a->str == NULL && a->len == 0 && a->number == 0);
    b = skj_get(r, "b");
    CHECK(b && b->type == SKJ_OBJECT);
    CHECK_EQ_STR(skj_get(b, "c")->str, "d");
    CHECK(skj_get(r, "missing") == NULL);
    CHECK(skj_get(a, "a") == NULL); /* not an object */
    CHECK(skj_get(NULL, "a") == NULL);
    CHECK(skj_get(r, NULL) == NULL);
    CHECK_EQ_INT(skj_get(r, "a")->line, 1);
    /* positions: where each value starts */
    CHECK_EQ_INT(r->line, 1);
    CHECK_EQ_INT(r->column, 2);
    CHECK_EQ_INT(a->column, 8);
    CHECK_EQ_INT(a->items[1].column, 12);
    CHECK_EQ_INT(b->line, 2);
    CHECK_EQ_INT(b->column, 8);
    CHECK_EQ_INT(r->items[2].line, 2);
    CHECK_EQ_INT(r->items[2].column, 25);
    skj_free(doc);

    /* scalars at the top */
    {
        static const char *const texts[] = {"null", "true", "false", "0", "\"s\"", " 7 \n"};
        static const skj_type types[] = {SKJ_NULL, SKJ_TRUE, SKJ_FALSE, SKJ_NUMBER, SKJ_STRING,
                                         SKJ_NUMBER};
        size_t k;
        for (k = 0; k < sizeof texts / sizeof *texts; k++) {
            doc = parse(texts[k]);
            CHECK(doc && skj_root(doc)->type == types[k]);
            skj_free(doc);
        }
    }
    /* positions over CRLF lines, a tab, multi-byte characters (bytes) */
    doc = parse("[\r\n\t\"\xc3\xa9\xe4\xb8\xad\", 1,\r\n  \"\\u00e9\", {\"k\":\r\n\r\nnull}]");
    CHECK(doc != NULL);
    if (doc) {
        r = skj_root(doc);
        CHECK(r->items[0].line == 2 && r->items[0].column == 2);
        CHECK(r->items[1].line == 2 && r->items[1].column == 11);
        CHECK(r->items[2].line == 3 && r->items[2].column == 3);
        CHECK(r->items[3].line == 3 && r->items[3].column == 13);
        CHECK(r->items[3].items[0].line == 5 && r->items[3].items[0].column == 1);
        skj_free(doc);
    }
    /* a byte-order mark is skipped and not counted */
    doc = parse("\xef\xbb\xbf [true]");
    CHECK(doc && skj_root(doc)->count == 1 && skj_root(doc)->column == 2);
    skj_free(doc);
    /* an f-puzzles document */
    doc = parse("{\"size\":9,\"grid\":[[{\"value\":5,\"given\":true},{},{\"region\":0}]],"
                "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"10\"}]}");
    CHECK(doc != NULL);
    if (doc) {
        const skj_value *g = skj_get(skj_root(doc), "grid");
        CHECK(g && g->count == 1 && g->items[0].count == 3);
        CHECK_EQ_INT(skj_get(&g->items[0].items[0], "value")->integer, 5);
        CHECK_EQ_INT(skj_get(&g->items[0].items[0], "given")->type, SKJ_TRUE);
        CHECK_EQ_INT(g->items[0].items[1].count, 0);
        CHECK_EQ_STR(skj_get(skj_root(doc), "killercage")->items[0].keys[1], "value");
        skj_free(doc);
    }
}

/* ---- JSON: strings --------------------------------------------------- */

static void test_json_strings(void)
{
    skj_doc *doc = parse("[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\", \"\\u00e9\\u4E2D\\ud83d\\ude00\","
                         " \"\\udc00\", \"\\ud800\", \"\\ud800\\ud800\\udc00\", \"\\ud800\\u0041\","
                         " \"\\ude00\\ud83d\", \"a\\u0000b\","
                         " \"\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80\","
                         " \"\", \"\x7f\", \"\\ud800x\", \"\\ud800\\n\"]");
    const skj_value *r;
    CHECK(doc != NULL);
    if (!doc)
        return;
    r = skj_root(doc);
    CHECK_EQ_INT(r->count, 13);
    CHECK_EQ_STR(r->items[0].str, "\"\\/\b\f\n\r\t");
    CHECK_EQ_STR(r->items[1].str, "\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80");
    CHECK_EQ_INT(r->items[1].len, 9);
    CHECK_EQ_STR(r->items[2].str, "\xef\xbf\xbd");                 /* lone low */
    CHECK_EQ_STR(r->items[3].str, "\xef\xbf\xbd");                 /* lone high */
    CHECK_EQ_STR(r->items[4].str, "\xef\xbf\xbd\xf0\x90\x80\x80"); /* high, then a pair */
    CHECK_EQ_STR(r->items[5].str, "\xef\xbf\xbd" "A");
    CHECK_EQ_STR(r->items[6].str, "\xef\xbf\xbd\xef\xbf\xbd");     /* reversed pair */
    CHECK(r->items[7].len == 3 && memcmp(r->items[7].str, "a\0b", 4) == 0);
    CHECK_EQ_STR(r->items[8].str, "\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80");
    CHECK(r->items[9].len == 0 && r->items[9].str && r->items[9].str[0] == '\0');
    CHECK_EQ_STR(r->items[10].str, "\x7f");
    CHECK_EQ_STR(r->items[11].str, "\xef\xbf\xbdx");
    CHECK_EQ_STR(r->items[12].str, "\xef\xbf\xbd\n");
    skj_free(doc);
    /* member names are decoded too */
    doc = parse("{\"\\u0073ize\":9, \"\xc3\xa9\":1}");
    CHECK(doc && skj_get(skj_root(doc), "size") && skj_get(skj_root(doc), "\xc3\xa9"));
    skj_free(doc);
    /* every valid UTF-8 boundary */
    doc = parse("[\"\xc2\x80\xdf\xbf\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80\xef\xbf\xbf"
                "\xf0\x90\x80\x80"
                "\xf4\x8f\xbf\xbf\"]");
    CHECK(doc && skj_root(doc)->items[0].len == 24);
    skj_free(doc);
    /* a long string with escapes in the arena and out of it */
    {
        size_t n = 300000, k, len = 0;
        char *s = malloc(n * 2 + 8);
        s[len++] = '"';
        for (k = 0; k < n; k++) {
            if (k % 3 == 0) {
                s[len++] = '\\';
                s[len++] = 'n';
            } else {
                s[len++] = (char)('a' + k % 26);
            }
        }
        s[len++] = '"';
        doc = parse_n(s, len);
        CHECK(doc && skj_root(doc)->len == n && skj_root(doc)->str[0] == '\n' &&
              skj_root(doc)->str[n] == '\0');
        skj_free(doc);
        free(s);
    }
}

/* ---- JSON: numbers --------------------------------------------------- */

static void number_is(const char *text, double want, int is_int, long long integer)
{
    skj_doc *doc = parse(text);
    const skj_value *v;
    CHECK(doc != NULL);
    if (!doc)
        return;
    v = skj_root(doc);
    CHECK_EQ_INT(v->type, SKJ_NUMBER);
    if (!(v->number == want && signbit(v->number) == signbit(want)))
        fprintf(stderr, "  %s read as %.17g, expected %.17g\n", text, v->number, want);
    CHECK(v->number == want && signbit(v->number) == signbit(want));
    if (is_int >= 0)
        CHECK_EQ_INT(v->is_int, is_int);
    if (is_int > 0)
        CHECK_EQ_INT(v->integer, integer);
    else if (is_int == 0)
        CHECK_EQ_INT(v->integer, 0);
    skj_free(doc);
}

static void test_json_numbers(void)
{
    static const char *const hard[] = {
        "0.1", "0.2", "0.30000000000000004", "1.7976931348623157e308", "2.2250738585072014e-308",
        "2.2250738585072011e-308", "4.9406564584124654e-324", "2.4703282292062327e-324",
        "2.4703282292062328e-324", "123456789012345678901234567890", "9007199254740993",
        "9007199254740995", "1e23", "8.98846567431158e307", "3.14159265358979323846264338327950288",
        "7.038531e-26", "1448997445238699", "0.000000000000000000000000000000001234",
        "-1.5e-10", "5e-324", "1e-320", "179769313486231580793728971405301e276"};
    size_t k;
    number_is("0", 0.0, 1, 0);
    number_is("-0", -0.0, 1, 0);
    number_is("-0.0", -0.0, 0, 0);
    number_is("0e5", 0.0, 0, 0);
    number_is("1", 1.0, 1, 1);
    number_is("-17", -17.0, 1, -17);
    number_is("123456789012345678", 123456789012345678.0, 1, 123456789012345678LL);
    number_is("9223372036854775807", 9223372036854775807.0, 1, LLONG_MAX);
    number_is("-9223372036854775808", -9223372036854775808.0, 1, LLONG_MIN);
    number_is("9223372036854775808", 9223372036854775808.0, 0, 0);
    number_is("-9223372036854775809", -9223372036854775808.0, 0, 0);
    number_is("99999999999999999999", 1e20, 0, 0);
    number_is("1.5", 1.5, 0, 0);
    number_is("1e2", 100.0, 0, 0);
    number_is("1E+2", 100.0, 0, 0);
    number_is("25e-1", 2.5, 0, 0);
    number_is("0.1", 0.1, 0, 0);
    number_is("1e400", HUGE_VAL, 0, 0);
    number_is("-1e400", -HUGE_VAL, 0, 0);
    number_is("1e-400", 0.0, 0, 0);
    number_is("-1e-400", -0.0, 0, 0);
    number_is("1e99999999999999999999999", HUGE_VAL, 0, 0);
    number_is("1e-99999999999999999999999", 0.0, 0, 0);
    for (k = 0; k < sizeof hard / sizeof *hard; k++)
        number_is(hard[k], strtod(hard[k], NULL), -1, 0);
    number_is("9007199254740993", 9007199254740992.0, 1, 9007199254740993LL);
    /* beyond 800 significant digits the rest still decides a tie */
    {
        size_t n = 2000, len;
        char *s = malloc(n + 64);
        /* 2^53 + 1 is halfway between two doubles: ties to even, down */
        len = (size_t)sprintf(s, "9007199254740993.");
        memset(s + len, '0', n);
        s[len + n] = '\0';
        number_is(s, 9007199254740992.0, 0, 0);
        s[len + n - 1] = '1'; /* a hair above halfway: up */
        number_is(s, 9007199254740994.0, 0, 0);
        /* a thousand digits before the point */
        memset(s, '9', 1000);
        strcpy(s + 1000, "e-700");
        number_is(s, 1e300, 0, 0);
        memset(s, '0', 1);
        s[1] = '.';
        memset(s + 2, '0', 1000);
        strcpy(s + 1002, "1e1001");
        number_is(s, 1.0, 0, 0);
        free(s);
    }
}

/* ---- JSON: errors ---------------------------------------------------- */

static void test_json_errors(void)
{
    /* the grammar */
    bad("", 1, 1, "expected a value, found the end of the text");
    bad("  \n ", 2, 2, "expected a value, found the end of the text");
    bad("{\"a\":1,}", 1, 8,
        "expected a member name after ',', found '}' (JSON has no trailing commas)");
    bad("[1,2,]", 1, 6, "expected a value after ',', found ']' (JSON has no trailing commas)");
    bad("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'");
    bad("{\"a\":1 \"b\":2}", 1, 8, "expected ',' or '}' after an object member, found a string");
    bad("{\"a\":1]", 1, 7, "expected ',' or '}' after an object member, found ']'");
    bad("[1}", 1, 3, "expected ',' or ']' after an array element, found '}'");
    bad("{\"a\" 1}", 1, 6, "expected ':' after a member name, found '1'");
    bad("{1:2}", 1, 2, "expected a member name (a string) or '}', found '1'");
    bad("{'a':2}", 1, 2, "found a single quote (strings take double quotes)");
    bad("{\"a\":1,2}", 1, 8, "expected a member name (a string) after ',', found '2'");
    bad("{\"a\":}", 1, 6, "expected a value after ':', found '}'");
    bad("[,1]", 1, 2, "expected a value or ']', found ','");
    bad("[1,,2]", 1, 4, "expected a value after ',', found ','");
    bad("{} x", 1, 4, "expected the end of the text after the value, found 'x'");
    bad("1 2", 1, 3, "expected the end of the text after the value, found '2'");
    bad("// c\n{}", 1, 1, "found '/' (JSON has no comments)");
    bad("[1] /* c */", 1, 5, "JSON has no comments");
    bad("\xef\xbb\xbf\xef\xbb\xbf{}", 1, 1, "expected a value, found byte 0xef");
    bad("{\n  \"a\": [1,\n  2\n", 4, 1,
        "expected ',' or ']' after an array element, found the end");
    bad("{\"a\"", 1, 5, "expected ':' after a member name, found the end of the text");
    bad("[", 1, 2, "expected a value or ']', found the end of the text");
    bad("{", 1, 2, "expected a member name (a string) or '}', found the end of the text");
    /* literals */
    bad("[tru]", 1, 5, "expected 'true', found ']'");
    bad("[nul", 1, 5, "expected 'null', found the end of the text");
    bad("[True]", 1, 2, "expected a value or ']', found 'T'");
    bad("fals", 1, 5, "expected 'false'");
    bad("[truex]", 1, 6, "expected ',' or ']' after an array element, found 'x'");
    bad("NaN", 1, 1, "expected a value, found 'N'");
    bad("[Infinity]", 1, 2, "found 'I'");
    /* numbers */
    bad("[01]", 1, 3, "a number may not have a leading zero");
    bad("-01", 1, 3, "a number may not have a leading zero");
    bad("[1.]", 1, 4, "expected a digit after the decimal point");
    bad("[1.e5]", 1, 4, "expected a digit after the decimal point");
    bad("[.5]", 1, 2, "found '.'");
    bad("[+1]", 1, 2, "found '+'");
    bad("[-]", 1, 3, "expected a digit after '-'");
    bad("-", 1, 2, "expected a digit after '-'");
    bad("[1e]", 1, 4, "expected a digit in the exponent");
    bad("[1e+]", 1, 5, "expected a digit in the exponent");
    bad("1E", 1, 3, "expected a digit in the exponent");
    bad("[0x10]", 1, 3, "found 'x'");
    bad("[1.5.2]", 1, 5, "found '.'");
    /* strings */
    bad("[\"a\x01\"]", 1, 4, "control character 0x01 in a string");
    bad("[\"abc\ndef\"]", 1, 6, "control character 0x0a in a string (it must be escaped, as \\n");
    bad("[\"a\tb\"]", 1, 4, "control character 0x09");
    bad("[\"\xff\"]", 1, 3, "invalid UTF-8 in a string: byte 0xff is never used in UTF-8");
    bad("[\"\xc0\xaf\"]", 1, 3, "byte 0xc0 starts an overlong form");
    bad("[\"\xe0\x80\xaf\"]", 1, 3, "byte 0xe0 starts an overlong form");
    bad("[\"\xf0\x8f\xbf\xbf\"]", 1, 3, "byte 0xf0 starts an overlong form");
    bad("[\"\xed\xa0\x80\"]", 1, 3, "byte 0xed starts an encoded surrogate");
    bad("[\"\xf4\x90\x80\x80\"]", 1, 3, "byte 0xf4 starts a code point beyond U+10FFFF");
    bad("[\"\xf5\x80\x80\x80\"]", 1, 3, "byte 0xf5 is never used in UTF-8");
    bad("[\"\x80\"]", 1, 3, "byte 0x80 is a continuation byte without a start");
    bad("[\"\xe4\xb8\"]", 1, 3, "byte 0xe4 starts a sequence that is cut short");
    bad("[\"\xe4\xb8x\"]", 1, 3, "byte 0xe4 starts a sequence that is cut short");
    bad("[\"\xc3\xa9\xc3\"]", 1, 5, "byte 0xc3 starts a sequence that is cut short");
    bad("[\"\xf0\x9f\x98", 1, 3, "byte 0xf0 starts a sequence that is cut short");
    bad("[\"\\x\"]", 1, 3, "invalid escape '\\x' in a string");
    bad("[\"\\'\"]", 1, 3, "invalid escape '\\''");
    bad("[\"\\\n\"]", 1, 3, "invalid escape in a string: '\\' then byte 0x0a");
    bad("[\"\\u12g4\"]", 1, 3, "\\u must be followed by four hexadecimal digits");
    bad("[\"\\u12\"]", 1, 3, "\\u must be followed by four hexadecimal digits");
    bad("\"\\u12", 1, 2, "\\u must be followed by four hexadecimal digits");
    bad("[\"abc", 1, 6, "the text ends inside a string (it starts at line 1, column 2)");
    bad("[\n  \"abc\\", 2, 8, "the text ends inside a string (it starts at line 2, column 3)");
    bad("\"\\\"", 1, 4, "the text ends inside a string");
    bad("{\"a\xff\":1}", 1, 4, "invalid UTF-8 in a string");
    /* positions after CRLF, multi-byte characters, a byte-order mark */
    bad("[1,\r\n2,\r\n\"\xc3\xa9\xe4\xb8\xad\" x]", 3, 9, "expected ',' or ']'");
    bad("\xef\xbb\xbf[1 x]", 1, 4, "expected ',' or ']'");
    bad("\xef\xbb\xbf", 1, 1, "expected a value, found the end of the text");
    bad("{\"k\": \"\\n\\n\\n\", \r\n\"l\": [\"\xf0\x9f\x98\x80\" : 1]}", 2, 14,
        "expected ',' or ']' after an array element, found ':'");
    /* the message the brief names, exactly */
    {
        sk_diag d;
        skj_doc *doc;
        CHECK_EQ_INT(skj_parse("{\"a\":1 2}", 9, NULL, &doc, &d), SK_EPARSE);
        CHECK_EQ_STR(d.message, "expected ',' or '}' after an object member, found '2'");
    }
    /* a NUL anywhere */
    bad_n("\0", 1, 1, 1, "expected a value, found a NUL byte");
    bad_n("[1,\0]", 5, 1, 4, "expected a value after ',', found a NUL byte");
    bad_n("[1\0]", 4, 1, 3, "expected ',' or ']' after an array element, found a NUL byte");
    bad_n("[\"a\0\"]", 6, 1, 4, "NUL byte in a string");
    bad_n("{\"a\0\":1}", 8, 1, 4, "NUL byte in a string");
    bad_n("[1]\0", 4, 1, 4, "expected the end of the text after the value, found a NUL byte");
    bad_n("[1]\n\0", 5, 2, 1, "found a NUL byte");
    /* only len bytes are read: a value cut short */
    bad_n("[1,2]", 4, 1, 5, "expected ',' or ']' after an array element, found the end");
    bad_n("true", 3, 1, 4, "expected 'true', found the end of the text");
    bad_n("\"ab\"", 3, 1, 4, "the text ends inside a string");
    bad_n("123", 0, 1, 1, "found the end of the text");
}

static void test_json_depth(void)
{
    size_t n = 100000, k;
    char *s = malloc(2 * n + 8);
    skj_doc *doc;
    /* 256 levels are fine, 257 are not */
    memset(s, '[', 256);
    memset(s + 256, ']', 256);
    doc = parse_n(s, 512);
    CHECK(doc != NULL);
    if (doc) {
        const skj_value *v = skj_root(doc);
        int depth = 1;
        while (v->count) {
            v = &v->items[0];
            depth++;
        }
        CHECK_EQ_INT(depth, 256);
        CHECK_EQ_INT(v->column, 256);
        skj_free(doc);
    }
    memset(s, '[', 257);
    memset(s + 257, ']', 257);
    bad_n(s, 514, 1, 257, "nesting deeper than 256");
    /* objects and arrays mixed: {"a":[{"a":[...1...]}]} */
    {
        size_t len = 0;
        for (k = 0; k < 128; k++)
            len += (size_t)sprintf(s + len, "{\"a\":[");
        s[len++] = '1';
        for (k = 0; k < 128; k++)
            len += (size_t)sprintf(s + len, "]}");
        doc = parse_n(s, len);
        CHECK(doc != NULL);
        skj_free(doc);
        memmove(s + 1, s, len);
        s[0] = '[';
        s[len + 1] = ']';
        bad_n(s, len + 2, 1, 1 + 127 * 6 + 6, "nesting deeper than 256"); /* the last '[' */
    }
    /* very deep: refused at level 257, nothing recursed */
    memset(s, '[', n);
    bad_n(s, n, 1, 257, "nesting deeper than 256");
    for (k = 0; k < n; k++)
        s[k] = k % 2 ? '[' : '{';
    bad_n(s, n, 1, 2, "expected a member name");
    free(s);
}

static void test_json_sequence(void)
{
    /* JSON Lines: each value in turn, *end just after it and its white space */
    const char *text = "{\"a\":1}\n[2]\r\n  3  \"x\"\ntrue false\n";
    static const skj_type want[] = {SKJ_OBJECT, SKJ_ARRAY, SKJ_NUMBER, SKJ_STRING, SKJ_TRUE,
                                    SKJ_FALSE};
    static const size_t ends[] = {8, 15, 18, 22, 27, 33};
    size_t at = 0, end = 999, len = strlen(text);
    int values = 0;
    while (at < len) {
        skj_doc *doc = NULL;
        sk_diag d;
        if (skj_parse(text + at, len - at, &end, &doc, &d) != SK_OK) {
            CHECK(!"a value of the sequence failed");
            break;
        }
        CHECK_EQ_INT(skj_root(doc)->type, want[values]);
        at += end;
        CHECK_EQ_INT(at, ends[values]);
        values++;
        skj_free(doc);
    }
    CHECK_EQ_INT(values, 6);
    /* a value followed directly by another */
    {
        skj_doc *doc;
        sk_diag d;
        CHECK_EQ_INT(skj_parse("[1][2]", 6, &end, &doc, &d), SK_OK);
        CHECK_EQ_INT(end, 3);
        skj_free(doc);
        CHECK_EQ_INT(skj_parse("12x", 3, &end, &doc, &d), SK_OK);
        CHECK_EQ_INT(end, 2);
        skj_free(doc);
        /* an error leaves *end alone */
        end = 77;
        CHECK_EQ_INT(skj_parse("[1,", 3, &end, &doc, &d), SK_EPARSE);
        CHECK_EQ_INT(end, 77);
        CHECK(doc == NULL);
    }
}

static void test_json_args(void)
{
    skj_doc *doc = (skj_doc *)&doc;
    size_t end;
    CHECK_EQ_INT(skj_parse("1", 1, NULL, NULL, NULL), SK_EINVAL);
    CHECK_EQ_INT(skj_parse(NULL, 1, NULL, &doc, NULL), SK_EINVAL);
    CHECK_EQ_INT(skj_parse(NULL, 0, NULL, &doc, NULL), SK_EPARSE);
    CHECK(doc == NULL);
    CHECK_EQ_INT(skj_parse("[x", 2, &end, &doc, NULL), SK_EPARSE); /* diag may be NULL */
    CHECK_EQ_INT(skj_parse("[1]", 3, NULL, &doc, NULL), SK_OK);
    skj_free(doc);
    skj_free(NULL);
    CHECK(skj_root(NULL) == NULL);
}

/* Large inputs: linear time, and the children of a big array handed over. */
static void test_json_big(void)
{
    size_t n = 1000000, len = 0, k;
    char *s = malloc(n * 24 + 64);
    skj_doc *doc;
    double t;
    /* a million small objects in one array */
    s[len++] = '[';
    for (k = 0; k < n; k++)
        len += (size_t)sprintf(s + len, k ? ",{\"k\":%zu}" : "{\"k\":%zu}", k);
    s[len++] = ']';
    t = now();
    doc = parse_n(s, len);
    t = now() - t;
    printf("# %zu objects (%zu bytes) parsed in %.0f ms\n", n, len, t * 1e3);
    CHECK(doc != NULL);
    if (doc) {
        const skj_value *r = skj_root(doc);
        CHECK_EQ_INT(r->count, n);
        CHECK_EQ_INT(skj_get(&r->items[n - 1], "k")->integer, (long long)(n - 1));
        CHECK_EQ_INT(skj_get(&r->items[n / 2], "k")->integer, (long long)(n / 2));
        skj_free(doc);
    }
    CHECK(slow_run() || t < 5.0);
    /* an object with 200000 members, and a flat array of numbers */
    len = 0;
    s[len++] = '{';
    for (k = 0; k < 200000; k++)
        len += (size_t)sprintf(s + len, k ? ",\"m%zu\":[%zu]" : "\"m%zu\":[%zu]", k, k);
    s[len++] = '}';
    doc = parse_n(s, len);
    CHECK(doc && skj_root(doc)->count == 200000);
    if (doc) {
        CHECK_EQ_STR(skj_root(doc)->keys[199999], "m199999");
        CHECK_EQ_INT(skj_get(skj_root(doc), "m123456")->items[0].integer, 123456);
    }
    skj_free(doc);
    len = 0;
    s[len++] = '[';
    for (k = 0; k < n; k++) {
        if (k)
            s[len++] = ',';
        s[len++] = (char)('0' + k % 10);
    }
    s[len++] = ']';
    doc = parse_n(s, len);
    CHECK(doc && skj_root(doc)->count == n && skj_root(doc)->items[n - 1].integer == 9);
    skj_free(doc);
    /* an error far down a large text: its line */
    len = 0;
    s[len++] = '[';
    for (k = 0; k < 10000; k++)
        len += (size_t)sprintf(s + len, "\"line %zu\",\r\n", k);
    s[len++] = ']';
    bad_n(s, len, 10001, 1, "expected a value after ',', found ']'");
    free(s);
}

/* ---- lz-string ---------------------------------------------------------- */

static int hexval(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Decodes the hex word at *p (advancing it) into a new string ("-": ""). */
static char *unhex(char **p, size_t *len)
{
    char *s = *p, *o;
    size_t n = strcspn(s, " \n"), k;
    o = malloc(n / 2 + 1);
    *len = 0;
    if (!(n == 1 && s[0] == '-'))
        for (k = 0; k + 1 < n; k += 2)
            o[(*len)++] = (char)(hexval(s[k]) << 4 | hexval(s[k + 1]));
    o[*len] = '\0';
    *p = s + n + (s[n] == ' ');
    return o;
}

/* The URI-safe form of a base64 string: '-' for '/', no padding. */
static char *uri_form(const char *b64, size_t len)
{
    char *u = malloc(len + 1);
    size_t k, n = 0;
    for (k = 0; k < len && b64[k] != '='; k++)
        u[n++] = b64[k] == '/' ? '-' : b64[k];
    u[n] = '\0';
    return u;
}

static int unpacks_to(const char *packed, size_t plen, const char *text, size_t tlen)
{
    char *out = NULL;
    size_t outlen = 0;
    sk_diag d;
    int rc = sklz_decompress_base64(packed, plen, tlen + 16, &out, &outlen, &d), ok;
    if (rc != SK_OK)
        fprintf(stderr, "  decompress %.40s...: %ld: %s\n", packed, d.column, d.message);
    ok = rc == SK_OK && outlen == tlen && memcmp(out, text, tlen) == 0 && out[tlen] == '\0';
    free(out);
    return ok;
}

static void test_lz_vectors(void)
{
    size_t flen, tlen;
    char *file = read_file("tests/data/lzstring_vectors.txt", &flen), *line, *next;
    int counts[5] = {0}, failed = 0, spaced = 0;
    CHECK(file != NULL);
    if (!file)
        return;
    for (line = file; *line; line = next) {
        char kind = line[0], *p = line + 2, *text = NULL, *packed, *out = NULL;
        size_t plen, outlen;
        next = strchr(line, '\n');
        next = next ? next + 1 : line + strlen(line);
        if (kind == '#' || kind == '\n')
            continue;
        if (kind == 'b' || kind == 'u' || kind == 'd') {
            text = unhex(&p, &tlen);
        } else if (kind == 'r') { /* r N HEX: HEX repeated N times */
            size_t times = strtoul(p, &p, 10), k, plen0;
            char *piece;
            p++;
            piece = unhex(&p, &plen0);
            text = malloc(times * plen0 + 1);
            for (k = 0; k < times; k++)
                memcpy(text + k * plen0, piece, plen0);
            tlen = times * plen0;
            text[tlen] = '\0';
            free(piece);
        } else if (kind == 't') { /* t N: tok0,tok1,... */
            size_t times = strtoul(p, &p, 10), k;
            p++;
            text = malloc(times * 16 + 1);
            tlen = 0;
            for (k = 0; k < times; k++)
                tlen += (size_t)sprintf(text + tlen, k ? ",tok%zu" : "tok%zu", k);
        } else {
            CHECK(!"unknown vector kind");
            continue;
        }
        plen = strcspn(p, "\n");
        packed = p;
        if (kind != 'u' && kind != 'd') { /* both directions */
            int ok = sklz_compress_base64(text, tlen, &out, &outlen) == SK_OK &&
                     outlen == plen && memcmp(out, packed, plen) == 0 && out[plen] == '\0';
            if (!ok && failed++ < 5)
                fprintf(stderr, "  compress of %.30s... gave %.40s..., expected %.40s...\n", text,
                        out ? out : "(error)", packed);
            CHECK(ok);
            free(out);
        }
        CHECK(unpacks_to(packed, plen, text, tlen));
        if (kind == 'b') {
            /* the same in the URI-safe form, and with spaces for '+' */
            char *u = uri_form(packed, plen), *sp = malloc(plen + 1);
            size_t k;
            CHECK(unpacks_to(u, strlen(u), text, tlen));
            for (k = 0; k < plen; k++)
                sp[k] = packed[k] == '+' ? ' ' : packed[k];
            spaced += memchr(packed, '+', plen) != NULL;
            CHECK(unpacks_to(sp, plen, text, tlen));
            /* and the URI form with spaces, which may end in a space */
            for (k = 0; u[k]; k++)
                if (u[k] == '+')
                    u[k] = ' ';
            CHECK(unpacks_to(u, strlen(u), text, tlen));
            free(u);
            free(sp);
        }
        counts[kind == 'b' ? 0 : kind == 'u' ? 1 : kind == 'd' ? 2 : kind == 'r' ? 3 : 4]++;
        free(text);
    }
    free(file);
    printf("# lz-string vectors: %d b, %d u, %d d, %d r, %d t (%d with '+')\n", counts[0],
           counts[1], counts[2], counts[3], counts[4], spaced);
    CHECK(counts[0] >= 350 && counts[1] >= 20 && counts[2] >= 5);
    CHECK(counts[3] >= 3 && counts[4] >= 1);
}

/* lz-string's bit packing, to write streams by hand. */
typedef struct bits {
    char s[256];
    int n, pos, val;
} bits;

static void put(bits *b, unsigned v, int width)
{
    static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    int k;
    for (k = 0; k < width; k++, v >>= 1) {
        b->val = b->val << 1 | (int)(v & 1);
        if (++b->pos == 6) {
            b->s[b->n++] = a[b->val];
            b->val = b->pos = 0;
        }
    }
}

static void flush(bits *b)
{
    while (b->pos)
        put(b, 0, 1);
    b->s[b->n] = '\0';
}

/* in must fail at column (0: any) with a message holding words. */
static void lz_bad(const char *in, size_t max_out, long column, const char *words)
{
    char *out = (char *)&out;
    size_t outlen = 123;
    sk_diag d;
    int rc;
    memset(&d, 0x55, sizeof d);
    rc = sklz_decompress_base64(in, strlen(in), max_out, &out, &outlen, &d);
    CHECK_EQ_INT(rc, SK_EPARSE);
    CHECK(out == NULL && outlen == 0);
    if (rc != SK_EPARSE)
        return;
    if ((column && d.column != column) || !strstr(d.message, words))
        fprintf(stderr, "  for \"%.30s\": got column %ld \"%s\", expected %ld \"%s\"\n", in,
                d.column, d.message, column, words);
    CHECK_EQ_INT(d.line, 0);
    if (column) /* 0: anywhere in in */
        CHECK_EQ_INT(d.column, column);
    CHECK(d.column >= 1 && d.column <= (long)strlen(in) + 1);
    CHECK(strstr(d.message, words) != NULL);
}

static void lz_good(const char *in, const char *want)
{
    CHECK(unpacks_to(in, strlen(in), want, strlen(want)));
}

static void test_lz_input(void)
{
    /* compressToBase64('{"size":9}') = "N4IgzglgXgpiBcBOAvkA" */
    lz_good("N4IgzglgXgpiBcBOAvkA", "{\"size\":9}");
    lz_good("  N4IgzglgXgpiBcBOAvkA==\r\n", "{\"size\":9}");
    lz_good("\tN4IgzglgXgpiBcBOAvkA$$ \n", "{\"size\":9}");
    lz_good("N4IgzglgXgpiBcBOAvkA=======", "{\"size\":9}");
    lz_good("Q===", "");
    lz_good("Q", "");
    lz_good("IZA=", "a");
    /* '/' and its stand-in '-': 104 times 'a' is "IY18ZXTt/8g=" */
    {
        char want[105];
        memset(want, 'a', 104);
        want[104] = '\0';
        lz_good("IY18ZXTt/8g=", want);
        lz_good("IY18ZXTt-8g", want);
        /* no compressed string ends in '+', so spaces at the ends are white
         * space; a space inside is a '+' (checked on every vector) */
        lz_good(" IY18ZXTt-8g  ", want);
    }
    /* characters outside the alphabet, with their column */
    lz_bad("N4Igzgl!XgpiBcBOAvkA", 100, 8, "'!' is not a base64 character");
    lz_bad("  N4Igzgl_XgpiBcBOAvkA", 100, 10, "'_' is not a base64 character");
    lz_bad("N4Igzgl\nXgpiBcBOAvkA", 100, 8, "byte 0x0a is not a base64 character");
    lz_bad("N4Igzgl\xc3\xa9", 100, 8, "byte 0xc3 is not a base64 character");
    lz_bad("N4Igzgl=XgpiBcBOAvkA", 100, 8, "padding '=' before the end of the compressed string");
    lz_bad("N4Igzgl$XgpiBcBOAvkA", 100, 8, "padding '$' before the end");
    lz_bad("", 100, 1, "empty compressed string");
    lz_bad(" \t\n", 100, 4, "empty compressed string");
    lz_bad("====", 100, 1, "empty compressed string");
    /* streams cut short: every prefix of a string fails where it ends */
    {
        const char *packed = "N4IgzglgXgpiBcBOAvkA";
        char buf[32];
        size_t k;
        for (k = 1; k < strlen(packed); k++) {
            memcpy(buf, packed, k);
            buf[k] = '\0';
            lz_bad(buf, 100, (long)k + 1, "the compressed string ends");
        }
        lz_bad("A", 100, 2, "ends inside its first character"); /* code 0, then 4 of 8 bits */
    }
    /* streams written by hand */
    {
        bits b;
        memset(&b, 0, sizeof b);
        put(&b, 3, 2); /* no first character */
        flush(&b);
        lz_bad(b.s, 100, 1, "does not start with a character (first code 3)");

        memset(&b, 0, sizeof b);
        put(&b, 0, 2);
        put(&b, 'a', 8);
        put(&b, 5, 3); /* the next entry is 4; 5 does not exist */
        flush(&b);
        lz_bad(b.s, 100, 2, "refers to dictionary entry 5, which does not exist (the next is 4)");

        memset(&b, 0, sizeof b); /* "a", then entry 4 (= "aa") while it is defined */
        put(&b, 0, 2);
        put(&b, 'a', 8);
        put(&b, 4, 3);
        put(&b, 2, 3);
        flush(&b);
        lz_good(b.s, "aaa");

        memset(&b, 0, sizeof b); /* a 16-bit character, then the end */
        put(&b, 1, 2);
        put(&b, 0x4e2d, 16);
        put(&b, 2, 3);
        flush(&b);
        lz_good(b.s, "\xe4\xb8\xad");

        memset(&b, 0, sizeof b); /* a character 0: U+0000 in the text */
        put(&b, 0, 2);
        put(&b, 0, 8);
        put(&b, 2, 3);
        flush(&b);
        {
            char *out;
            size_t outlen;
            sk_diag d;
            CHECK_EQ_INT(sklz_decompress_base64(b.s, strlen(b.s), 10, &out, &outlen, &d), SK_OK);
            CHECK(outlen == 1 && out[0] == '\0');
            free(out);
        }
        /* anything after the end mark is ignored (the reference does too) */
        strcat(b.s, "AbC+/");
        CHECK(unpacks_to(b.s, strlen(b.s), "", 1)); /* U+0000 */
    }
}

static void test_lz_bound(void)
{
    char text[5001], *packed, *out;
    size_t plen, outlen;
    sk_diag d;
    memset(text, 'a', 5000);
    text[5000] = '\0';
    CHECK_EQ_INT(sklz_compress_base64(text, 5000, &packed, &plen), SK_OK);
    CHECK(plen < 300); /* repetition compresses well */
    lz_bad(packed, 4999, 0, "decompressed text exceeds 4999 bytes");
    CHECK_EQ_INT(sklz_decompress_base64(packed, plen, 5000, &out, &outlen, &d), SK_OK);
    CHECK(outlen == 5000 && memcmp(out, text, 5000) == 0);
    free(out);
    lz_bad(packed, 0, 1, "decompressed text exceeds 0 bytes");
    free(packed);
    /* the bound is on UTF-8 bytes: U+00E9 takes 2, a pair 4, a lone surrogate 3 */
    {
        const char *texts[] = {"\xc3\xa9\xc3\xa9\xc3\xa9", "\xf0\x9f\x98\x80", "a\xf0\x9f\x98\x80",
                               "\xe4\xb8\xad"};
        size_t k;
        for (k = 0; k < 4; k++) {
            size_t n = strlen(texts[k]);
            char msg[64];
            CHECK_EQ_INT(sklz_compress_base64(texts[k], n, &packed, &plen), SK_OK);
            snprintf(msg, sizeof msg, "exceeds %zu bytes", n - 1);
            lz_bad(packed, n - 1, 0, msg);
            CHECK_EQ_INT(sklz_decompress_base64(packed, plen, n, &out, &outlen, &d), SK_OK);
            CHECK(outlen == n && memcmp(out, texts[k], n) == 0);
            free(out);
            free(packed);
        }
        /* compressToBase64("\ud800") (the vectors): 3 bytes, U+FFFD */
        lz_bad("gAbQ", 2, 1, "exceeds 2 bytes");
        lz_good("gAbQ", "\xef\xbf\xbd");
    }
}

static void test_lz_compress(void)
{
    static const char *const invalid[] = {
        "\xc3",             "\xc3(",         "\xed\xa0\x80",     "\xed\xbf\xbf", "\xf4\x90\x80\x80",
        "\xc0\x80",         "\xc1\xbf",      "\xe0\x80\xaf",     "\xf0\x80\x80\x80",
        "\xf5\x80\x80\x80", "\x80",          "\xbf",             "\xfe",         "\xff",
        "a\xe4\xb8",        "\xf0\x9f\x98",  "ok\xf0\x9f\x98\x80\xc3"};
    char *out = (char *)&out;
    size_t outlen = 5, k;
    for (k = 0; k < sizeof invalid / sizeof *invalid; k++) {
        out = (char *)&out;
        CHECK_EQ_INT(sklz_compress_base64(invalid[k], strlen(invalid[k]), &out, &outlen),
                     SK_EINVAL);
        CHECK(out == NULL);
    }
    /* NUL bytes are U+0000 */
    CHECK_EQ_INT(sklz_compress_base64("a\0b", 3, &out, &outlen), SK_OK);
    CHECK(unpacks_to(out, outlen, "a\0b", 3));
    free(out);
    CHECK_EQ_INT(sklz_compress_base64(NULL, 0, &out, &outlen), SK_OK);
    CHECK_EQ_STR(out, "Q===");
    free(out);
    CHECK_EQ_INT(sklz_compress_base64(NULL, 1, &out, &outlen), SK_EINVAL);
    CHECK_EQ_INT(sklz_compress_base64("a", 1, NULL, &outlen), SK_EINVAL);
    CHECK_EQ_INT(sklz_compress_base64("a", 1, &out, NULL), SK_EINVAL);
    CHECK_EQ_INT(sklz_decompress_base64(NULL, 1, 10, &out, &outlen, NULL), SK_EINVAL);
    CHECK_EQ_INT(sklz_decompress_base64("Q===", 4, 10, NULL, &outlen, NULL), SK_EINVAL);
    CHECK_EQ_INT(sklz_decompress_base64("!", 1, 10, &out, &outlen, NULL), SK_EPARSE); /* no diag */
}

/* A megabyte each way, in linear time: about a second under the
 * sanitizers on a loaded machine (1.09 s once, with two other processes
 * on each core), where a quadratic pass over it would take minutes; the
 * bound is ten seconds so that only the latter fails. */
static void test_lz_speed(void)
{
    size_t n = 1500000, k, plen, outlen;
    char *text = malloc(n + 1), *packed, *out;
    uint32_t x = 12345;
    double t1, t2;
    sk_diag d;
    /* f-puzzles-like text with noise: compresses to about a megabyte */
    for (k = 0; k < n; k++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        text[k] = x % 7 == 0 ? "{\"value\":,given}[]"[x % 18] : (char)(32 + x % 95);
    }
    text[n] = '\0';
    t1 = now();
    CHECK_EQ_INT(sklz_compress_base64(text, n, &packed, &plen), SK_OK);
    t1 = now() - t1;
    t2 = now();
    CHECK_EQ_INT(sklz_decompress_base64(packed, plen, n, &out, &outlen, &d), SK_OK);
    t2 = now() - t2;
    printf("# lz-string: %zu bytes -> %zu characters: compress %.0f ms, decompress %.0f ms\n", n,
           plen, t1 * 1e3, t2 * 1e3);
    CHECK(plen > 1000000);
    CHECK(outlen == n && memcmp(out, text, n) == 0);
    CHECK(slow_run() || t2 < 10.0);
    CHECK(slow_run() || t1 < 10.0);
    free(out);
    free(packed);
    free(text);
}

int main(void)
{
    RUN(test_json_values);
    RUN(test_json_strings);
    RUN(test_json_numbers);
    RUN(test_json_errors);
    RUN(test_json_depth);
    RUN(test_json_sequence);
    RUN(test_json_args);
    RUN(test_json_big);
    RUN(test_lz_vectors);
    RUN(test_lz_input);
    RUN(test_lz_bound);
    RUN(test_lz_compress);
    RUN(test_lz_speed);
    return check_summary();
}
