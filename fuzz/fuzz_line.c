/*
 * fuzz_line.c - the line form: one puzzle per line, read in every alphabet, with N
 * free and fixed, from memory and from a FILE (which must agree).
 */
#include "fuzz.h"


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int sides[] = {0, 4, 9, 16};
    int a, k;
    for (a = SK_ALPHABET_AUTO; a <= SK_ALPHABET_NUMBERS; a++)
        for (k = 0; k < 4; k++) {
            sk_read_opts o = SK_READ_OPTS_INIT;
            if (k > 0 && a != SK_ALPHABET_AUTO && a != SK_ALPHABET_DIGITS)
                continue;
            o.format = SK_FORMAT_LINE;
            o.alphabet = (sk_alphabet)a;
            o.n = sides[k];
            fz_read_both(data, size, &o, NULL, NULL);
        }
    return 0;
}
