/*
 * fuzz_auto.c - detection: SK_FORMAT_AUTO decides the form of each block (line,
 * jigsaw line, grid, board) and the alphabet of each puzzle; read in every
 * alphabet, N free and fixed.
 */
#include "fuzz.h"


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int a;
    for (a = SK_ALPHABET_AUTO; a <= SK_ALPHABET_NUMBERS; a++) {
        sk_read_opts o = SK_READ_OPTS_INIT;
        o.alphabet = (sk_alphabet)a;
        fz_read_both(data, size, &o, NULL, NULL);
        if (a == SK_ALPHABET_AUTO) {
            o.n = 16;
            fz_read_both(data, size, &o, NULL, NULL);
        }
    }
    return 0;
}
