/*
 * fuzz_leetcode37.c - the LeetCode 37 judge input (9x9 JSON boards of digits) read
 * with the options of 'sudokit judge leetcode37', and each board solved.
 */
#include "fuzz.h"


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_read_opts o = SK_READ_OPTS_INIT;
    uint64_t max = 1;
    o.format = SK_FORMAT_BOARD;
    o.alphabet = SK_ALPHABET_DIGITS;
    o.n = 9;
    fz_read_both(data, size, &o, fz_search_puzzle, &max);
    return 0;
}
