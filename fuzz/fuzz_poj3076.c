/*
 * fuzz_poj3076.c - the POJ 3076 judge input (16x16 grids of A-P, - empty, blank
 * lines between grids) read with the options of 'sudokit judge poj3076',
 * and each grid searched as the judge searches it.
 */
#include "fuzz.h"


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_read_opts o = SK_READ_OPTS_INIT;
    uint64_t max = 1;
    o.format = SK_FORMAT_GRID;
    o.alphabet = SK_ALPHABET_LETTERS;
    o.n = 16;
    o.box_rows = 4;
    o.box_cols = 4;
    fz_read_both(data, size, &o, fz_search_puzzle, &max);
    return 0;
}
