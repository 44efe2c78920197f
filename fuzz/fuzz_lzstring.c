/*
 * fuzz_lzstring.c - the lz-string codec behind f-puzzles links: any bytes
 * are decompressed (an error or a text, within the size bound, never a
 * crash); a text that comes out compresses to a string that decompresses
 * to it again; and the input itself, when it is UTF-8, survives a round
 * trip through compress and decompress.
 */
#include "fuzz.h"
#include "lzstring.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = NULL, *packed = NULL, *back = NULL;
    size_t tlen, plen, blen;
    sk_diag d;
    int rc = sklz_decompress_base64((const char *)data, size, 1 << 16, &text, &tlen, &d);
    FZ_CHECK(rc == SK_OK || rc == SK_EPARSE);
    if (rc == SK_OK) {
        FZ_CHECK(tlen <= (1 << 16) && text[tlen] == '\0');
        rc = sklz_compress_base64(text, tlen, &packed, &plen);
        FZ_CHECK(rc == SK_OK || rc == SK_EINVAL); /* lone surrogates come back as U+FFFD: valid */
        if (rc == SK_OK) {
            FZ_CHECK(sklz_decompress_base64(packed, plen, 1 << 16, &back, &blen, &d) == SK_OK);
            FZ_CHECK(blen == tlen && memcmp(back, text, tlen) == 0);
            free(back);
            free(packed);
        }
        free(text);
    } else {
        fz_check_message(d.message);
        FZ_CHECK(d.column >= 1 && d.column <= (long)size + 1);
    }
    /* the input as text */
    if (sklz_compress_base64((const char *)data, size, &packed, &plen) == SK_OK) {
        FZ_CHECK(plen % 4 == 0);
        FZ_CHECK(sklz_decompress_base64(packed, plen, size + 1, &back, &blen, &d) == SK_OK);
        FZ_CHECK(blen == size && memcmp(back, data, size) == 0);
        free(back);
        free(packed);
    }
    return 0;
}
