/*
 * fuzz_noip2009.c - the NOIP 2009 judge input (9 lines of 9 integers, 0 empty) read
 * as a grid of NUMBERS tokens with N = 9, and each grid searched for every
 * solution (a bounded number of nodes).
 */
#include "fuzz.h"


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_read_opts o = SK_READ_OPTS_INIT;
    uint64_t max = 0;
    o.format = SK_FORMAT_GRID;
    o.alphabet = SK_ALPHABET_NUMBERS;
    o.n = 9;
    fz_read_both(data, size, &o, fz_search_puzzle, &max);
    return 0;
}
