/*
 * fuzz_grid.c - the grid form: N rows of N characters or tokens, separators,
 * jigsaw region rows, in every alphabet, N free and fixed, with and
 * without boxes.
 */
#include "fuzz.h"


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int a;
    for (a = SK_ALPHABET_AUTO; a <= SK_ALPHABET_NUMBERS; a++) {
        sk_read_opts o = SK_READ_OPTS_INIT;
        o.format = SK_FORMAT_GRID;
        o.alphabet = (sk_alphabet)a;
        fz_read_both(data, size, &o, NULL, NULL);
        if (a == SK_ALPHABET_AUTO || a == SK_ALPHABET_NUMBERS) {
            o.n = 9;
            fz_read_both(data, size, &o, NULL, NULL);
            o.n = 6;
            o.box_rows = 2;
            o.box_cols = 3;
            fz_read_both(data, size, &o, NULL, NULL);
            o.n = 0;
            o.box_rows = SK_BOX_NONE;
            o.extras = SK_EXTRA_DIAGONALS;
            fz_read_both(data, size, &o, NULL, NULL);
        }
    }
    return 0;
}
