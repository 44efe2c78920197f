/*
 * logic_chain.c - the chaining producers of the logical solver.
 */
#include <stdlib.h>

#include "logic.h"

struct skl_chain {
    int unused;
};

int skl_chain_new(skl_state *s)
{
    s->chain = calloc(1, sizeof *s->chain);
    return s->chain ? SK_OK : SK_ENOMEM;
}

void skl_chain_free(skl_state *s)
{
    free(s->chain);
    s->chain = NULL;
}
