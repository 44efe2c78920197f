/*
 * fuzz_lzstring.c - the lz-string codec (src/lzstring.c) on any bytes.
 *
 * 1. The bytes as a compressed string: decompressed within a bound, an
 *    error (column inside the input, one printable line) or a text.  A
 *    text is valid UTF-8 (checked here, not by the codec), within the
 *    bound, exactly at the bound when the bound is its length, refused
 *    one byte below; compressed, it decompresses to itself, also in the
 *    URI-safe form and with spaces for '+'.  (The bytes themselves need
 *    not come back: many streams decode to one text.)
 * 2. The bytes as a text: compressed exactly when they are valid UTF-8;
 *    the result is padded base64 that decompresses to the bytes.
 * 3. The bytes as a recipe for a text over a few pieces (ASCII, U+00E9,
 *    U+4E2D, an emoji, U+0000, U+FFFF), which repeats a lot: dictionary
 *    growth, 8- and 16-bit literals, surrogate pairs; it must round-trip.
 */
#include "fuzz.h"
#include "lzstring.h"

#define BOUND (1u << 16) /* decompressed text read at most */

static int utf8_ok(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        uint32_t cp;
        size_t extra, k;
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        if ((s[i] & 0xe0) == 0xc0)
            extra = 1, cp = s[i] & 0x1fu;
        else if ((s[i] & 0xf0) == 0xe0)
            extra = 2, cp = s[i] & 0x0fu;
        else if ((s[i] & 0xf8) == 0xf0)
            extra = 3, cp = s[i] & 0x07u;
        else
            return 0;
        if (extra >= n - i)
            return 0;
        for (k = 1; k <= extra; k++) {
            if ((s[i + k] & 0xc0) != 0x80)
                return 0;
            cp = cp << 6 | (s[i + k] & 0x3fu);
        }
        if ((extra == 1 && cp < 0x80) || (extra == 2 && cp < 0x800) ||
            (extra == 3 && cp < 0x10000) || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return 0;
        i += extra + 1;
    }
    return 1;
}

/* packed[0..n) decompresses to text[0..tlen), and to nothing shorter. */
static void unpacks_to(const char *packed, size_t n, const char *text, size_t tlen)
{
    char *out = NULL;
    size_t outlen = 0;
    sk_diag d;
    int rc = sklz_decompress_base64(packed, n, tlen, &out, &outlen, &d);
    FZ_CHECK(rc == SK_OK);
    FZ_CHECK(outlen == tlen && memcmp(out, text, tlen) == 0 && out[tlen] == '\0');
    free(out);
    if (tlen) {
        out = NULL;
        FZ_CHECK(sklz_decompress_base64(packed, n, tlen - 1, &out, &outlen, &d) == SK_EPARSE);
        FZ_CHECK(out == NULL && strstr(d.message, "exceeds") != NULL);
    }
}

/* text compresses to padded base64 that comes back in every form. */
static void round_trip(const char *text, size_t tlen)
{
    char *packed = NULL, *again = NULL, *form;
    size_t plen, alen, k, n;
    FZ_CHECK(sklz_compress_base64(text, tlen, &packed, &plen) == SK_OK);
    FZ_CHECK(plen >= 4 && plen % 4 == 0 && packed[plen] == '\0' && strlen(packed) == plen);
    for (k = 0; k < plen; k++)
        FZ_CHECK((packed[k] >= 'A' && packed[k] <= 'Z') || (packed[k] >= 'a' && packed[k] <= 'z') ||
                 (packed[k] >= '0' && packed[k] <= '9') || packed[k] == '+' || packed[k] == '/' ||
                 (packed[k] == '=' && k + 3 >= plen));
    /* the last character is never '+' or '/' (lzstring.c says why) */
    for (n = plen; n > 0 && packed[n - 1] == '='; n--)
        ;
    FZ_CHECK(n > 0 && packed[n - 1] != '+' && packed[n - 1] != '/');
    unpacks_to(packed, plen, text, tlen);
    /* the same again: compression is a function */
    FZ_CHECK(sklz_compress_base64(text, tlen, &again, &alen) == SK_OK);
    FZ_CHECK(alen == plen && memcmp(again, packed, plen) == 0);
    free(again);
    /* the URI-safe form, then with spaces for '+' */
    form = malloc(plen + 1);
    FZ_CHECK(form != NULL);
    for (k = n = 0; k < plen && packed[k] != '='; k++)
        form[n++] = packed[k] == '/' ? '-' : packed[k];
    unpacks_to(form, n, text, tlen);
    for (k = 0; k < n; k++)
        if (form[k] == '+')
            form[k] = ' ';
    unpacks_to(form, n, text, tlen);
    free(form);
    free(packed);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const pieces[] = {"a", "b", "\xc3\xa9", "\xe4\xb8\xad",
                                         "\xf0\x9f\x98\x80", "", "\xef\xbf\xbf", "ab"};
    static const size_t piece_len[] = {1, 1, 2, 3, 4, 1, 3, 2}; /* "" stands for U+0000 */
    const char *s = (const char *)data;
    char *text = NULL, *packed = NULL;
    size_t tlen = 0, plen, k;
    sk_diag d;
    int rc;

    /* 1. a compressed string */
    memset(&d, 0x55, sizeof d);
    rc = sklz_decompress_base64(s, size, BOUND, &text, &tlen, &d);
    FZ_CHECK(rc == SK_OK || rc == SK_EPARSE);
    if (rc == SK_OK) {
        FZ_CHECK(text && tlen <= BOUND && text[tlen] == '\0');
        FZ_CHECK(utf8_ok((const unsigned char *)text, tlen));
        unpacks_to(s, size, text, tlen);
        round_trip(text, tlen);
        free(text);
    } else {
        FZ_CHECK(text == NULL && tlen == 0);
        FZ_CHECK(d.line == 0 && d.column >= 1 && d.column <= (long)size + 1);
        fz_check_message(d.message);
    }

    /* 2. a text */
    rc = sklz_compress_base64(s, size, &packed, &plen);
    FZ_CHECK(rc == (utf8_ok(data, size) ? SK_OK : SK_EINVAL));
    if (rc == SK_OK) {
        free(packed);
        round_trip(s, size);
    } else {
        FZ_CHECK(packed == NULL);
    }

    /* 3. a recipe: two bits of each byte pick a piece... */
    {
        size_t cap = 16 * size + 1, n = 0;
        char *t = malloc(cap);
        FZ_CHECK(t != NULL);
        for (k = 0; k < size; k++) {
            unsigned b = data[k], reps = 1 + (b >> 3 & 3), r;
            for (r = 0; r < reps; r++) {
                memcpy(t + n, pieces[b & 7], piece_len[b & 7]);
                n += piece_len[b & 7];
            }
        }
        round_trip(t, n);
        free(t);
    }
    return 0;
}
