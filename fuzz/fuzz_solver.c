/*
 * fuzz_solver.c - the model builder and every engine on random models.
 *
 * The input bytes describe a geometry (side, boxes or none or a jigsaw
 * map, diagonals, windows, extra groups - valid or not), some givens and
 * the question (solution limit, callback stop).  A geometry the library
 * refuses must come with a message; for one it accepts, every engine that
 * accepts the model searches the puzzle with a node limit and every
 * solution is judged against the rules by fuzz.h's own checker; engines
 * whose answers are final must agree.
 */
#include "fuzz.h"

typedef struct bytes {
    const uint8_t *p;
    size_t n;
} bytes;

static unsigned take(bytes *b)
{
    if (!b->n)
        return 0;
    b->n--;
    return *b->p++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bytes b = {data, size};
    sk_geometry g = SK_GEOMETRY_INIT(1);
    uint8_t regions[SK_MAX_N * SK_MAX_N], givens[SK_MAX_N * SK_MAX_N];
    int sizes[4], cells[4 * 16], ncells = 0, n, nn, i, k, kind, ngiven;
    unsigned v, flags;
    uint64_t max_solutions, stop_after;

    v = take(&b);
    n = v >= 250 ? 16 : 1 + (int)(v % 12);
    nn = n * n;
    g.n = n;
    kind = (int)(take(&b) % 6);
    switch (kind) {
    case 0: /* default boxes (none for a prime n; refused unless n is a square) */
        break;
    case 1:
        g.box_rows = SK_BOX_NONE;
        break;
    case 2: /* a box shape that tiles the grid */
        v = take(&b);
        for (k = 0, i = 1; i <= n; i++)
            if (n % i == 0 && k++ == (int)(v % 8)) {
                g.box_rows = i;
                g.box_cols = n / i;
            }
        if (g.box_rows == SK_BOX_DEFAULT) {
            g.box_rows = n;
            g.box_cols = 1;
        }
        break;
    case 3: /* any box shape, often wrong */
        g.box_rows = (int)(signed char)take(&b);
        g.box_cols = (int)(signed char)take(&b);
        break;
    case 4: /* a jigsaw map straight from the bytes, often wrong */
        for (i = 0; i < nn; i++)
            regions[i] = (uint8_t)(take(&b) % (unsigned)(n + 1));
        g.regions = regions;
        break;
    default: /* a jigsaw map of N regions of N cells: a shuffled multiset */
        for (i = 0; i < nn; i++)
            regions[i] = (uint8_t)(i / n);
        for (i = nn - 1; i > 0; i--) {
            int j = (int)(take(&b) % (unsigned)(i + 1));
            uint8_t t = regions[i];
            regions[i] = regions[j];
            regions[j] = t;
        }
        g.regions = regions;
        break;
    }
    flags = take(&b);
    g.extras = flags & 3u;
    if ((flags & 0xf0u) == 0xf0u)
        g.extras |= 4u; /* an unknown flag */
    g.ngroups = (int)(take(&b) % 5);
    for (k = 0; k < g.ngroups; k++) {
        sizes[k] = (int)(take(&b) % 17);
        if (sizes[k] > 16)
            sizes[k] = 16;
        for (i = 0; i < sizes[k]; i++)
            cells[ncells++] = (int)(take(&b) % (unsigned)(nn + 1)); /* nn: outside */
    }
    g.group_sizes = sizes;
    g.group_cells = cells;
    if (g.ngroups == 0) {
        g.group_sizes = NULL;
        g.group_cells = NULL;
    }
    v = take(&b);
    max_solutions = v % 4;
    stop_after = (v >> 2) % 4;

    memset(givens, 0, sizeof givens);
    ngiven = (int)take(&b);
    for (k = 0; k < ngiven && b.n >= 2; k++) {
        int cell = (int)(take(&b) % (unsigned)nn);
        givens[cell] = (uint8_t)(take(&b) % (unsigned)(n + 1));
    }

    if (fz_search_all(&g, givens, max_solutions, fz_node_limit(n), stop_after) == SK_OK) {
        sk_model *m = NULL;
        char buf[128];
        int h;
        FZ_CHECK(sk_model_new(&g, &m, NULL) == SK_OK);
        FZ_CHECK(sk_model_describe(m, buf, sizeof buf) == buf && buf[0]);
        for (h = 0; h < sk_model_house_count(m); h++) {
            const uint16_t *hc;
            int s = sk_model_house(m, h, &hc), j;
            FZ_CHECK(s >= 1 && s <= n);
            for (j = 0; j < s; j++)
                FZ_CHECK(hc[j] < nn);
            FZ_CHECK(sk_model_house_name(m, h, buf, sizeof buf) == buf && buf[0]);
        }
        FZ_CHECK(sk_model_house(m, h, NULL) == -1);
        for (i = 0; i < nn; i++)
            FZ_CHECK(sk_model_region(m, i) >= -1 && sk_model_region(m, i) < n);
        /* a given above N is refused, not searched */
        if (flags & 8u) {
            sk_solver *s = NULL;
            givens[0] = (uint8_t)(n + 1);
            FZ_CHECK(sk_solver_new(-1, &s) == SK_OK);
            FZ_CHECK(sk_solver_run(s, m, givens, NULL, NULL, NULL) == SK_EINVAL);
            sk_solver_free(s);
        }
        sk_model_free(m);
    }
    return 0;
}
