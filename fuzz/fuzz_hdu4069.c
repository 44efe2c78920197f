/*
 * fuzz_hdu4069.c - the HDU 4069 judge input (a case count, then cases of 81
 * integers with walls in bits 4-7) read with the options of 'sudokit judge
 * hdu4069', and each case searched for a unique solution.
 */
#include "fuzz.h"


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_read_opts o = SK_READ_OPTS_INIT;
    uint64_t max = 2;
    o.format = SK_FORMAT_HDU4069;
    o.n = 9;
    fz_read_both(data, size, &o, fz_search_puzzle, &max);
    o.n = 0;
    fz_read_both(data, size, &o, NULL, NULL);
    return 0;
}
