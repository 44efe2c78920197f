/*
 * fuzz_board.c - the JSON board form [["5",".",...],...] (strings or numbers,
 * several boards per line, boards across lines), in every alphabet.
 */
#include "fuzz.h"


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int a;
    for (a = SK_ALPHABET_AUTO; a <= SK_ALPHABET_NUMBERS; a++) {
        sk_read_opts o = SK_READ_OPTS_INIT;
        o.format = SK_FORMAT_BOARD;
        o.alphabet = (sk_alphabet)a;
        fz_read_both(data, size, &o, NULL, NULL);
        if (a == SK_ALPHABET_AUTO) {
            o.n = 4;
            fz_read_both(data, size, &o, NULL, NULL);
        }
    }
    return 0;
}
