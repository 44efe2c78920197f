/*
 * fuzz_jigsaw.c - jigsaw lines (cells, white space, region ids) in every alphabet;
 * each puzzle read fine is also searched with every engine, so that
 * arbitrary region maps reach the model builder and the solvers.
 */
#include "fuzz.h"


static void search_small(void *user, const sk_puzzle *p)
{
    (void)user;
    if (p->geom.n <= 16)
        fz_search_puzzle(NULL, p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int a;
    for (a = SK_ALPHABET_AUTO; a <= SK_ALPHABET_NUMBERS; a++) {
        sk_read_opts o = SK_READ_OPTS_INIT;
        o.format = a == SK_ALPHABET_AUTO ? SK_FORMAT_AUTO : SK_FORMAT_LINE;
        o.alphabet = (sk_alphabet)a;
        fz_read_both(data, size, &o, a == SK_ALPHABET_AUTO ? search_small : NULL, NULL);
    }
    return 0;
}
