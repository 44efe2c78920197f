/*
 * test_model.c - the puzzle model: which geometries sk_model_new accepts
 * and refuses (and what it says), the houses, names, regions and peers it
 * builds, and the grid checkers sk_check and sk_verify.
 *
 * Every table is compared with tests/unit/oracle.h, which derives the
 * houses from the geometry on its own; the internal tables of model.h
 * (peers, houses of each cell, full houses first, intersections) are
 * checked against the same derivation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "model.h"
#include "sudokit.h"
#include "oracle.h"

/* ---- helpers ---------------------------------------------------------- */

static sk_geometry geom(int n, int br, int bc)
{
    sk_geometry g = SK_GEOMETRY_INIT(n);
    g.box_rows = br;
    g.box_cols = bc;
    return g;
}

/* Builds a model that must be accepted. */
static sk_model *must_build(const sk_geometry *g)
{
    sk_model *m = (sk_model *)1;
    sk_diag d;
    memset(&d, 0, sizeof d);
    int st = sk_model_new(g, &m, &d);
    if (st != SK_OK) {
        fprintf(stderr, "  model n=%d box %dx%d refused: %s\n", g->n, g->box_rows, g->box_cols,
                d.message);
        CHECK_EQ_INT(st, SK_OK);
        return NULL;
    }
    CHECK(m != NULL);
    return m;
}

/* Expects g to be refused with SK_EMODEL and a message holding each of the
 * (up to two) words given. */
static void must_refuse(const sk_geometry *g, const char *word1, const char *word2)
{
    sk_model *m = (sk_model *)1;
    sk_diag d;
    memset(&d, 0, sizeof d);
    int st = sk_model_new(g, &m, &d);
    CHECK_EQ_INT(st, SK_EMODEL);
    CHECK(m == NULL);
    CHECK(d.message[0] != '\0');
    if (word1 && !strstr(d.message, word1)) {
        fprintf(stderr, "  message \"%s\" lacks \"%s\"\n", d.message, word1);
        CHECK(strstr(d.message, word1) != NULL);
    }
    if (word2 && !strstr(d.message, word2)) {
        fprintf(stderr, "  message \"%s\" lacks \"%s\"\n", d.message, word2);
        CHECK(strstr(d.message, word2) != NULL);
    }
    if (st == SK_OK)
        sk_model_free(m);
    /* diag may be NULL */
    m = (sk_model *)1;
    CHECK_EQ_INT(sk_model_new(g, &m, NULL), SK_EMODEL);
    CHECK(m == NULL);
}

static int cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/*
 * Compares every table of m with the oracle's derivation of the same
 * geometry: the houses (matched by name, as sets of cells), the houses of
 * each cell, the peers, the regions, the full houses first, and the
 * locked-candidates pairs.  peer_sample: check the peers of every cell
 * (0) or of this many cells spread over the grid.
 */
static void compare_with_oracle(const sk_model *m, const sk_geometry *g, int peer_sample)
{
    oracle o;
    or_geom og = or_from_sk(g);
    int n = g->n, nc = n * n, h, i, j;
    char name[64];
    if (or_init(&o, &og) != 0) {
        CHECK(!"oracle could not build the geometry");
        or_free(&o);
        return;
    }
    CHECK_EQ_INT(sk_model_n(m), n);
    CHECK_EQ_INT(sk_model_house_count(m), o.nhouses);

    /* houses: each library house is an oracle house of the same name */
    int *lib_of = malloc(sizeof(int) * (size_t)(o.nhouses + 1));
    for (h = 0; h < o.nhouses; h++)
        lib_of[h] = -1;
    for (h = 0; h < sk_model_house_count(m); h++) {
        const uint16_t *cells = NULL;
        int size = sk_model_house(m, h, &cells);
        sk_model_house_name(m, h, name, sizeof name);
        int k = or_find_house(&o, name);
        if (k < 0) {
            fprintf(stderr, "  house %d \"%s\" unknown to the oracle\n", h, name);
            CHECK(k >= 0);
            continue;
        }
        CHECK(lib_of[k] < 0); /* one library house per oracle house */
        lib_of[k] = h;
        CHECK_EQ_INT(size, o.houses[k].size);
        if (size != o.houses[k].size || !cells)
            continue;
        uint16_t sorted[SK_MAX_N];
        memcpy(sorted, cells, (size_t)size * sizeof *sorted);
        qsort(sorted, (size_t)size, sizeof *sorted, cmp_u16);
        int same = 1;
        for (j = 0; j < size; j++)
            if (sorted[j] != o.houses[k].cells[j])
                same = 0;
        if (!same)
            fprintf(stderr, "  house \"%s\" holds other cells than the oracle's\n", name);
        CHECK(same);
    }
    for (h = 0; h < o.nhouses; h++)
        if (lib_of[h] < 0) {
            fprintf(stderr, "  oracle house \"%s\" missing from the model\n", o.houses[h].name);
            CHECK(lib_of[h] >= 0);
        }

    /* full houses first: every house below nfull has N cells, none after */
    CHECK(m->nfull <= m->nhouses);
    for (h = 0; h < m->nhouses; h++) {
        int size = sk_model_house(m, h, NULL);
        if (h < m->nfull)
            CHECK_EQ_INT(size, n);
        else
            CHECK(size < n);
    }

    /* the houses of each cell */
    for (i = 0; i < nc; i++) {
        int count = (int)(m->cell_house_off[i + 1] - m->cell_house_off[i]);
        CHECK_EQ_INT(count, o.cell_nh[i]);
        for (uint32_t k = m->cell_house_off[i]; k < m->cell_house_off[i + 1]; k++) {
            int lh = m->cell_houses[k];
            sk_model_house_name(m, lh, name, sizeof name);
            int oh = or_find_house(&o, name);
            CHECK(oh >= 0 && or_house_has(&o, oh, i));
        }
    }

    /* peers: exactly the cells sharing a house, no duplicates, not itself */
    size_t ncz = (size_t)o.ncells; /* o.ncells = n*n, 1..4096 */
    char *want = malloc(ncz), *seen = malloc(ncz);
    int step = peer_sample > 0 && peer_sample < nc ? nc / peer_sample : 1;
    for (i = 0; i < nc; i += step) {
        int expected = or_peer_marks(&o, i, want);
        int count = (int)(m->peer_off[i + 1] - m->peer_off[i]), bad = 0;
        memset(seen, 0, ncz);
        for (uint32_t k = m->peer_off[i]; k < m->peer_off[i + 1]; k++) {
            int p = m->peers[k];
            if (p < 0 || p >= nc || p == i || seen[p] || !want[p])
                bad++;
            else
                seen[p] = 1;
        }
        if (bad || count != expected)
            fprintf(stderr, "  n=%d cell %d: %d peers, oracle %d, %d wrong\n", n, i, count,
                    expected, bad);
        CHECK_EQ_INT(count, expected);
        CHECK_EQ_INT(bad, 0);
    }

    /* regions and box shape */
    int br = 0, bc = 0;
    if (g->regions) {
        CHECK_EQ_INT(sk_model_box(m, &br, &bc), 0);
        for (i = 0; i < nc; i++)
            CHECK_EQ_INT(sk_model_region(m, i), g->regions[i]);
    } else if (og.box_rows > 0) {
        CHECK_EQ_INT(sk_model_box(m, &br, &bc), 1);
        CHECK_EQ_INT(br, og.box_rows);
        CHECK_EQ_INT(bc, og.box_cols);
        for (i = 0; i < nc; i++) {
            int reg = sk_model_region(m, i);
            snprintf(name, sizeof name, "box %d", reg + 1);
            int oh = or_find_house(&o, name);
            CHECK(reg >= 0 && reg < n && oh >= 0 && or_house_has(&o, oh, i));
        }
    } else {
        CHECK_EQ_INT(sk_model_box(m, &br, &bc), 0);
        for (i = 0; i < nc; i += step)
            CHECK_EQ_INT(sk_model_region(m, i), -1);
    }
    CHECK_EQ_INT(sk_model_region(m, -1), -1);
    CHECK_EQ_INT(sk_model_region(m, nc), -1);
    CHECK_EQ_INT(sk_model_extras(m), g->extras);

    /* locked-candidates pairs: A full, B any other house sharing 2 or more
     * cells but neither all of A nor all of B; each such pair listed once
     * with the right three cell lists */
    if (nc <= 1296) {
        int expected = 0;
        int nh = m->nhouses;
        char *listed = calloc((size_t)nh * (size_t)nh, 1);
        for (int a = 0; a < nh; a++) {
            int asize = sk_model_house(m, a, NULL);
            if (asize != n)
                continue;
            for (int b = 0; b < nh; b++) {
                if (a == b)
                    continue;
                const uint16_t *ca, *cb;
                int bsize = sk_model_house(m, b, &cb), common = 0;
                sk_model_house(m, a, &ca);
                for (j = 0; j < asize; j++)
                    for (int l = 0; l < bsize; l++)
                        common += ca[j] == cb[l];
                if (common >= 2 && common < asize && common < bsize)
                    expected++;
            }
        }
        CHECK_EQ_INT(m->nisects, expected);
        for (int x = 0; x < m->nisects; x++) {
            const sk_isect *s = &m->isects[x];
            const uint16_t *ca, *cb;
            int asize = sk_model_house(m, s->a, &ca), bsize = sk_model_house(m, s->b, &cb);
            CHECK_EQ_INT(asize, n);
            CHECK(!listed[s->a * nh + s->b]);
            listed[s->a * nh + s->b] = 1;
            /* in: in both; a_only: in A only; b_only: in B only */
            int nin = (int)(s->a_only_off - s->in_off);
            int naonly = (int)(s->b_only_off - s->a_only_off);
            int nbonly = (int)(s->end - s->b_only_off);
            CHECK_EQ_INT(nin + naonly, asize);
            CHECK_EQ_INT(nin + nbonly, bsize);
            CHECK(nin >= 2);
            for (uint32_t q = s->in_off; q < s->end; q++) {
                int cell = m->isect_cells[q], ina = 0, inb = 0;
                for (j = 0; j < asize; j++)
                    ina |= ca[j] == cell;
                for (j = 0; j < bsize; j++)
                    inb |= cb[j] == cell;
                if (q < s->a_only_off)
                    CHECK(ina && inb);
                else if (q < s->b_only_off)
                    CHECK(ina && !inb);
                else
                    CHECK(!ina && inb);
            }
        }
        free(listed);
    }
    free(want);
    free(seen);
    free(lib_of);
    or_free(&o);
}

static void build_and_compare(const sk_geometry *g, int peer_sample)
{
    sk_model *m = must_build(g);
    if (!m)
        return;
    compare_with_oracle(m, g, peer_sample);
    sk_model_free(m);
}

static const char *describe(const sk_model *m)
{
    static char buf[200];
    return sk_model_describe(m, buf, sizeof buf);
}

/* ---- accepting and refusing ------------------------------------------ */

static void test_latin_every_size(void)
{
    for (int n = 1; n <= SK_MAX_N; n++) {
        sk_geometry g = geom(n, SK_BOX_NONE, 0);
        sk_model *m = must_build(&g);
        if (!m)
            continue;
        CHECK_EQ_INT(sk_model_house_count(m), 2 * n);
        CHECK(strstr(describe(m), "Latin") != NULL);
        compare_with_oracle(m, &g, n <= 25 ? 0 : 200);
        sk_model_free(m);
    }
}

static void test_default_box_every_size(void)
{
    for (int n = 1; n <= SK_MAX_N; n++) {
        sk_geometry g = geom(n, SK_BOX_DEFAULT, SK_BOX_DEFAULT);
        int b = 0;
        while ((b + 1) * (b + 1) <= n)
            b++;
        if (b * b == n) {
            sk_model *m = must_build(&g);
            if (!m)
                continue;
            int br = 0, bc = 0;
            CHECK_EQ_INT(sk_model_box(m, &br, &bc), 1);
            CHECK_EQ_INT(br, b);
            CHECK_EQ_INT(bc, b);
            CHECK_EQ_INT(sk_model_house_count(m), 3 * n);
            char want[64];
            snprintf(want, sizeof want, "%dx%d, boxes %dx%d", n, n, b, b);
            CHECK_EQ_STR(describe(m), want);
            compare_with_oracle(m, &g, n <= 25 ? 0 : 300);
            sk_model_free(m);
        } else {
            int prime = n >= 2;
            for (int d = 2; d * d <= n; d++)
                prime &= n % d != 0;
            if (prime) {
                /* no box shape exists: a Latin square, rows and columns */
                sk_model *m = must_build(&g);
                if (!m)
                    continue;
                int br = -1, bc = -1;
                CHECK_EQ_INT(sk_model_box(m, &br, &bc), 0);
                CHECK_EQ_INT(sk_model_house_count(m), 2 * n);
                sk_model_free(m);
            } else {
                /* the message must say a box shape is needed */
                must_refuse(&g, "box", NULL);
            }
        }
    }
}

static void test_six_without_box(void)
{
    sk_geometry g = geom(6, SK_BOX_DEFAULT, SK_BOX_DEFAULT);
    sk_diag d;
    sk_model *m = NULL;
    CHECK_EQ_INT(sk_model_new(&g, &m, &d), SK_EMODEL);
    CHECK(strstr(d.message, "box") != NULL);
    CHECK(strstr(d.message, "6") != NULL);
    CHECK_EQ_INT(d.line, 0);
    CHECK_EQ_INT(d.column, 0);
}

static void test_box_shapes(void)
{
    static const int shapes[][3] = {
        {6, 2, 3}, {6, 3, 2}, {8, 2, 4}, {8, 4, 2}, {12, 3, 4}, {12, 4, 3}, {64, 8, 8},
        {9, 3, 3}, {10, 2, 5}, {15, 5, 3}, {16, 2, 8}, {4, 1, 4}, {4, 4, 1}, {1, 1, 1},
        {20, 4, 5}, {36, 6, 6}, {49, 7, 7}, {64, 4, 16}, {64, 16, 4},
    };
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        int n = shapes[k][0], br = shapes[k][1], bc = shapes[k][2];
        sk_geometry g = geom(n, br, bc);
        sk_model *m = must_build(&g);
        if (!m)
            continue;
        int r = 0, c = 0;
        CHECK_EQ_INT(sk_model_box(m, &r, &c), 1);
        CHECK_EQ_INT(r, br);
        CHECK_EQ_INT(c, bc);
        CHECK_EQ_INT(sk_model_box(m, NULL, NULL), 1);
        CHECK_EQ_INT(sk_model_house_count(m), 3 * n);
        char want[64];
        snprintf(want, sizeof want, "%dx%d, boxes %dx%d", n, n, br, bc);
        CHECK_EQ_STR(describe(m), want);
        compare_with_oracle(m, &g, n <= 16 ? 0 : 150);
        sk_model_free(m);
    }
}

static void test_box_refused(void)
{
    sk_geometry g;
    g = geom(9, 2, 4);
    must_refuse(&g, "2x4", "tile");
    g = geom(6, 3, 3);
    must_refuse(&g, "3x3", NULL);
    g = geom(8, 3, 3);
    must_refuse(&g, "box", NULL);
    g = geom(12, 2, 5);
    must_refuse(&g, "2x5", NULL);
    g = geom(64, 8, 4);
    must_refuse(&g, "8x4", NULL);
    g = geom(6, 2, 0); /* a row count without a column count */
    must_refuse(&g, "box", NULL);
    g = geom(6, 2, -3);
    must_refuse(&g, "box", NULL);
    g = geom(6, -2, 3);
    must_refuse(&g, "box", NULL);
    g = geom(6, 6, 6);
    must_refuse(&g, "box", NULL);
}

static void test_size_limits(void)
{
    static const int bad[] = {0, -1, -64, 65, 66, 100, 255, 256, 1000};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        sk_geometry g = geom(bad[k], SK_BOX_NONE, 0);
        must_refuse(&g, "64", NULL);
        g = geom(bad[k], SK_BOX_DEFAULT, SK_BOX_DEFAULT);
        must_refuse(&g, NULL, NULL);
    }
    sk_geometry g = geom(9, 3, 3);
    sk_model *m = (sk_model *)1;
    CHECK_EQ_INT(sk_model_new(NULL, &m, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_model_new(&g, NULL, NULL), SK_EINVAL);
    /* NULL handles are harmless */
    sk_model_free(NULL);
    CHECK_EQ_INT(sk_model_n(NULL), 0);
    CHECK_EQ_INT(sk_model_house_count(NULL), 0);
    CHECK_EQ_INT(sk_model_house(NULL, 0, NULL), -1);
    CHECK_EQ_INT(sk_model_region(NULL, 0), -1);
    CHECK_EQ_INT(sk_model_box(NULL, NULL, NULL), 0);
}

/* 4x4: L-shaped and straight regions (ids 0..3). */
static const uint8_t JIG4[16] = {
    0, 0, 0, 1,
    0, 2, 1, 1,
    2, 2, 3, 1,
    2, 3, 3, 3,
};
/* 6x6 jigsaw. */
static const uint8_t JIG6[36] = {
    0, 0, 0, 1, 1, 1,
    0, 0, 2, 2, 1, 1,
    0, 3, 2, 2, 4, 1,
    3, 3, 2, 2, 4, 4,
    3, 3, 5, 5, 4, 4,
    3, 5, 5, 5, 5, 4,
};
/* 9x9 jigsaw. */
static const uint8_t JIG9[81] = {
    0, 0, 0, 1, 1, 1, 1, 2, 2,
    0, 0, 0, 1, 1, 1, 1, 2, 2,
    0, 0, 3, 3, 3, 1, 2, 2, 2,
    0, 3, 3, 3, 4, 4, 4, 2, 2,
    3, 3, 3, 4, 4, 4, 5, 5, 5,
    6, 6, 4, 4, 4, 5, 5, 5, 8,
    6, 6, 6, 7, 5, 5, 5, 8, 8,
    6, 6, 7, 7, 7, 7, 8, 8, 8,
    6, 6, 7, 7, 7, 7, 8, 8, 8,
};

static void test_jigsaw(void)
{
    const uint8_t *layouts[] = {JIG4, JIG6, JIG9};
    const int sizes[] = {4, 6, 9};
    uint8_t stripes[7 * 7];
    for (int k = 0; k < 3; k++) {
        sk_geometry g = geom(sizes[k], SK_BOX_DEFAULT, SK_BOX_DEFAULT);
        g.regions = layouts[k];
        sk_model *m = must_build(&g);
        if (!m)
            continue;
        char want[64];
        snprintf(want, sizeof want, "%dx%d jigsaw", sizes[k], sizes[k]);
        CHECK(strstr(describe(m), "jigsaw") != NULL);
        CHECK_EQ_STR(describe(m), want);
        compare_with_oracle(m, &g, 0);
        sk_model_free(m);
    }
    /* N need not be a product: 5x5 and 7x7 regions that are broken diagonals */
    for (int n = 5; n <= 7; n += 2) {
        for (int i = 0; i < n * n; i++)
            stripes[i] = (uint8_t)(((i % n) - (i / n) + n) % n);
        sk_geometry g = geom(n, SK_BOX_NONE, 0);
        g.regions = stripes;
        build_and_compare(&g, 0);
        g.extras = SK_EXTRA_DIAGONALS;
        build_and_compare(&g, 0);
    }
    /* regions replace a box shape given alongside them */
    sk_geometry g = geom(4, 2, 2);
    g.regions = JIG4;
    sk_model *m = must_build(&g);
    if (m) {
        CHECK_EQ_INT(sk_model_box(m, NULL, NULL), 0);
        CHECK_EQ_INT(sk_model_house_count(m), 12);
        compare_with_oracle(m, &g, 0);
        sk_model_free(m);
    }
}

static void test_jigsaw_refused(void)
{
    uint8_t bad[81];
    sk_geometry g = geom(9, SK_BOX_DEFAULT, SK_BOX_DEFAULT);
    g.regions = bad;

    /* one cell moved from region 1 to region 2: sizes 8 and 10 */
    memcpy(bad, JIG9, 81);
    bad[0] = 1;
    must_refuse(&g, "region", "cells");
    /* an id out of range */
    memcpy(bad, JIG9, 81);
    bad[40] = 9;
    must_refuse(&g, "region", "9");
    memcpy(bad, JIG9, 81);
    bad[80] = 255;
    must_refuse(&g, "region", NULL);
    /* every cell in one region */
    memset(bad, 0, 81);
    must_refuse(&g, "region", NULL);
    /* 4x4 with a region of 3 and one of 5 */
    uint8_t b4[16];
    memcpy(b4, JIG4, 16);
    b4[3] = 0;
    g = geom(4, SK_BOX_DEFAULT, SK_BOX_DEFAULT);
    g.regions = b4;
    must_refuse(&g, "region", NULL);
}

static void test_diagonals(void)
{
    sk_geometry g = geom(9, 3, 3);
    g.extras = SK_EXTRA_DIAGONALS;
    sk_model *m = must_build(&g);
    if (m) {
        CHECK_EQ_INT(sk_model_house_count(m), 29);
        CHECK_EQ_STR(describe(m), "9x9, boxes 3x3, diagonals");
        CHECK_EQ_INT(sk_model_extras(m), SK_EXTRA_DIAGONALS);
        int found_main = 0, found_anti = 0;
        char name[64];
        for (int h = 0; h < sk_model_house_count(m); h++) {
            const uint16_t *cells;
            int size = sk_model_house(m, h, &cells);
            sk_model_house_name(m, h, name, sizeof name);
            if (strcmp(name, "main diagonal") == 0) {
                found_main++;
                CHECK_EQ_INT(size, 9);
                for (int j = 0; j < size; j++)
                    CHECK_EQ_INT(cells[j] / 9, cells[j] % 9);
            } else if (strcmp(name, "anti-diagonal") == 0) {
                found_anti++;
                CHECK_EQ_INT(size, 9);
                for (int j = 0; j < size; j++)
                    CHECK_EQ_INT(cells[j] / 9 + cells[j] % 9, 8);
            }
        }
        CHECK_EQ_INT(found_main, 1);
        CHECK_EQ_INT(found_anti, 1);
        compare_with_oracle(m, &g, 0);
        /* the centre cell sees both diagonals: 20 + 8 + 8 - overlap */
        CHECK_EQ_INT(m->peer_off[41] - m->peer_off[40], 20 + 12);
        sk_model_free(m);
    }
    /* diagonals on other geometries, odd and even */
    static const int others[][3] = {{4, 2, 2}, {5, SK_BOX_NONE, 0}, {6, 2, 3}, {8, 4, 2},
                                    {16, 4, 4}, {1, SK_BOX_NONE, 0}, {64, 8, 8}};
    for (size_t k = 0; k < sizeof others / sizeof others[0]; k++) {
        g = geom(others[k][0], others[k][1], others[k][2]);
        g.extras = SK_EXTRA_DIAGONALS;
        build_and_compare(&g, others[k][0] > 16 ? 100 : 0);
    }
}

static void test_hyper(void)
{
    sk_geometry g = geom(9, SK_BOX_DEFAULT, SK_BOX_DEFAULT);
    g.extras = SK_EXTRA_HYPER;
    sk_model *m = must_build(&g);
    if (m) {
        CHECK_EQ_INT(sk_model_house_count(m), 31);
        CHECK(strstr(describe(m), "hyper") != NULL);
        CHECK_EQ_INT(sk_model_extras(m), SK_EXTRA_HYPER);
        /* the four windows, written out: rows/cols 1-3 and 5-7 (from 0) */
        static const int starts[4][2] = {{1, 1}, {1, 5}, {5, 1}, {5, 5}};
        int matched = 0;
        char name[64];
        for (int h = 0; h < sk_model_house_count(m); h++) {
            sk_model_house_name(m, h, name, sizeof name);
            if (strncmp(name, "window ", 7) != 0)
                continue;
            int w = atoi(name + 7) - 1;
            CHECK(w >= 0 && w < 4);
            if (w < 0 || w >= 4)
                continue;
            const uint16_t *cells;
            int size = sk_model_house(m, h, &cells);
            CHECK_EQ_INT(size, 9);
            int inside = 0;
            for (int j = 0; j < size; j++) {
                int r = cells[j] / 9, c = cells[j] % 9;
                inside += r >= starts[w][0] && r < starts[w][0] + 3 && c >= starts[w][1] &&
                          c < starts[w][1] + 3;
            }
            CHECK_EQ_INT(inside, 9);
            matched++;
        }
        CHECK_EQ_INT(matched, 4);
        compare_with_oracle(m, &g, 0);
        sk_model_free(m);
    }
    /* hyper with diagonals */
    g.extras = SK_EXTRA_HYPER | SK_EXTRA_DIAGONALS;
    m = must_build(&g);
    if (m) {
        CHECK_EQ_INT(sk_model_house_count(m), 33);
        CHECK(strstr(describe(m), "diagonals") != NULL);
        CHECK(strstr(describe(m), "hyper") != NULL);
        compare_with_oracle(m, &g, 0);
        sk_model_free(m);
    }
    /* other square sides: windows of b x b at 1 + k*(b+1) */
    g = geom(16, 4, 4);
    g.extras = SK_EXTRA_HYPER;
    m = must_build(&g);
    if (m) {
        CHECK_EQ_INT(sk_model_house_count(m), 48 + 9);
        compare_with_oracle(m, &g, 0);
        sk_model_free(m);
    }
    g = geom(4, 2, 2);
    g.extras = SK_EXTRA_HYPER;
    m = must_build(&g);
    if (m) {
        CHECK_EQ_INT(sk_model_house_count(m), 12 + 1);
        compare_with_oracle(m, &g, 0);
        sk_model_free(m);
    }
    g = geom(25, 5, 5);
    g.extras = SK_EXTRA_HYPER;
    build_and_compare(&g, 100);
    /* not a square side: refused */
    static const int bad[][3] = {{6, 2, 3}, {8, 2, 4}, {12, 3, 4}, {5, SK_BOX_NONE, 0}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        g = geom(bad[k][0], bad[k][1], bad[k][2]);
        g.extras = SK_EXTRA_HYPER;
        must_refuse(&g, "Hyper", NULL);
    }
    /* unknown flags */
    g = geom(9, 3, 3);
    g.extras = 0x4u;
    must_refuse(&g, NULL, NULL);
}

static void test_groups(void)
{
    /* groups in the caller's order: 3 cells, 9 cells (the centres of the
     * boxes), 2 cells */
    static const int sizes[] = {3, 9, 2};
    static const int cells[] = {0, 10, 20, 10, 13, 16, 37, 40, 43, 64, 67, 70, 8, 72};
    sk_geometry g = geom(9, 3, 3);
    g.ngroups = 3;
    g.group_sizes = sizes;
    g.group_cells = cells;
    sk_model *m = must_build(&g);
    if (m) {
        char name[64];
        CHECK_EQ_INT(sk_model_house_count(m), 30);
        /* the 9-cell group counts among the full houses */
        CHECK_EQ_INT(m->nfull, 28);
        CHECK(strstr(describe(m), "3 extra groups") != NULL);
        int seen = 0;
        for (int h = 0; h < sk_model_house_count(m); h++) {
            const uint16_t *c;
            int size = sk_model_house(m, h, &c);
            sk_model_house_name(m, h, name, sizeof name);
            if (strcmp(name, "group 1") == 0) {
                CHECK_EQ_INT(size, 3);
                CHECK(h >= m->nfull);
                seen++;
            } else if (strcmp(name, "group 2") == 0) {
                CHECK_EQ_INT(size, 9);
                CHECK(h < m->nfull);
                seen++;
            } else if (strcmp(name, "group 3") == 0) {
                CHECK_EQ_INT(size, 2);
                CHECK(h >= m->nfull);
                seen++;
            }
        }
        CHECK_EQ_INT(seen, 3);
        compare_with_oracle(m, &g, 0);
        /* cells 8 and 72 (corners) are peers only through group 3 */
        int found = 0;
        for (uint32_t k = m->peer_off[8]; k < m->peer_off[9]; k++)
            found += m->peers[k] == 72;
        CHECK_EQ_INT(found, 1);
        sk_model_free(m);
    }
    /* one group, on a Latin square, of size N-1 */
    static const int s5[] = {4};
    static const int c5[] = {0, 6, 12, 18};
    g = geom(5, SK_BOX_NONE, 0);
    g.ngroups = 1;
    g.group_sizes = s5;
    g.group_cells = c5;
    m = must_build(&g);
    if (m) {
        CHECK_EQ_INT(m->nfull, 10);
        CHECK_EQ_INT(sk_model_house_count(m), 11);
        CHECK(strstr(describe(m), "1 extra group") != NULL);
        compare_with_oracle(m, &g, 0);
        sk_model_free(m);
    }
    /* many random groups on a few geometries */
    uint64_t seed = 12345;
    for (int round = 0; round < 40; round++) {
        int n = round % 4 == 0 ? 4 : round % 4 == 1 ? 6 : round % 4 == 2 ? 9 : 16;
        int gs[8], gc[8 * 16], ng = 1 + or_below(&seed, 8), used = 0;
        for (int k = 0; k < ng; k++) {
            int perm[256];
            gs[k] = 2 + or_below(&seed, n - 1);
            or_shuffle(&seed, perm, n * n);
            for (int j = 0; j < gs[k]; j++)
                gc[used++] = perm[j];
        }
        g = geom(n, n == 6 ? 2 : SK_BOX_DEFAULT, n == 6 ? 3 : SK_BOX_DEFAULT);
        g.extras = round & 1 ? SK_EXTRA_DIAGONALS : 0;
        g.ngroups = ng;
        g.group_sizes = gs;
        g.group_cells = gc;
        m = must_build(&g);
        if (m) {
            int full = 0;
            for (int k = 0; k < ng; k++)
                full += gs[k] == n;
            CHECK_EQ_INT(m->nfull, 3 * n + (g.extras ? 2 : 0) + full);
            compare_with_oracle(m, &g, 0);
            sk_model_free(m);
        }
    }
}

static void test_groups_refused(void)
{
    sk_geometry g = geom(9, 3, 3);
    int sizes[2], cells[20];
    g.group_sizes = sizes;
    g.group_cells = cells;
    g.ngroups = 1;

    sizes[0] = 3;
    cells[0] = 4, cells[1] = 50, cells[2] = 4; /* repeated cell */
    must_refuse(&g, "group 1", "twice");
    cells[2] = 81; /* past the grid */
    must_refuse(&g, "group 1", "81");
    cells[2] = -1;
    must_refuse(&g, "group 1", NULL);
    /* the second group is bad */
    g.ngroups = 2;
    sizes[0] = 2, sizes[1] = 2;
    cells[0] = 1, cells[1] = 2, cells[2] = 7, cells[3] = 7;
    must_refuse(&g, "group 2", "twice");
    /* sizes out of range */
    sizes[0] = 0;
    must_refuse(&g, "group", NULL);
    g.ngroups = 1;
    sizes[0] = 10;
    for (int i = 0; i < 10; i++)
        cells[i] = i;
    must_refuse(&g, "group", NULL);
    sizes[0] = -2;
    must_refuse(&g, "group", NULL);
    /* inconsistent description */
    g.ngroups = -1;
    must_refuse(&g, "group", NULL);
    g.ngroups = 1;
    g.group_sizes = NULL;
    must_refuse(&g, "group", NULL);
    g.group_sizes = sizes;
    g.group_cells = NULL;
    must_refuse(&g, "group", NULL);
}

static void test_house_access(void)
{
    sk_geometry g = geom(9, 3, 3);
    sk_model *m = must_build(&g);
    if (!m)
        return;
    const uint16_t *cells = NULL;
    char buf[64];
    CHECK_EQ_INT(sk_model_house(m, -1, &cells), -1);
    CHECK_EQ_INT(sk_model_house(m, 27, &cells), -1);
    CHECK_EQ_INT(sk_model_house(m, 26, NULL), 9);
    /* row 1 in order, column 5 top to bottom, box 2 */
    int h, found = 0;
    for (h = 0; h < 27; h++) {
        sk_model_house_name(m, h, buf, sizeof buf);
        int size = sk_model_house(m, h, &cells);
        if (strcmp(buf, "row 3") == 0) {
            for (int j = 0; j < size; j++)
                CHECK_EQ_INT(cells[j], 18 + j);
            found++;
        } else if (strcmp(buf, "column 5") == 0) {
            for (int j = 0; j < size; j++)
                CHECK_EQ_INT(cells[j], 9 * j + 4);
            found++;
        } else if (strcmp(buf, "box 2") == 0) {
            int want[9] = {3, 4, 5, 12, 13, 14, 21, 22, 23};
            uint16_t s[9];
            memcpy(s, cells, sizeof s);
            qsort(s, 9, sizeof s[0], cmp_u16);
            for (int j = 0; j < 9; j++)
                CHECK_EQ_INT(s[j], want[j]);
            found++;
        }
    }
    CHECK_EQ_INT(found, 3);
    /* names are truncated to the buffer, always terminated */
    for (h = 0; h < 27; h++) {
        char small[4];
        memset(small, 'x', sizeof small);
        CHECK(sk_model_house_name(m, h, small, sizeof small) == small);
        CHECK(memchr(small, '\0', sizeof small) != NULL);
    }
    buf[0] = 'q';
    CHECK(sk_model_house_name(m, 0, buf, 0) == buf);
    CHECK_EQ_INT(buf[0], 'q');
    char tiny[5];
    sk_model_describe(m, tiny, sizeof tiny);
    CHECK_EQ_STR(tiny, "9x9,");
    /* regions: box numbers left to right, top to bottom */
    CHECK_EQ_INT(sk_model_region(m, 0), 0);
    CHECK_EQ_INT(sk_model_region(m, 8), 2);
    CHECK_EQ_INT(sk_model_region(m, 40), 4);
    CHECK_EQ_INT(sk_model_region(m, 72), 6);
    CHECK_EQ_INT(sk_model_region(m, 80), 8);
    sk_model_free(m);

    /* 6x6 with 2x3 boxes: box 2 is the top right one */
    g = geom(6, 2, 3);
    m = must_build(&g);
    if (m) {
        CHECK_EQ_INT(sk_model_region(m, 5), 1);
        CHECK_EQ_INT(sk_model_region(m, 6), 0);
        CHECK_EQ_INT(sk_model_region(m, 12), 2);
        CHECK_EQ_INT(sk_model_region(m, 35), 5);
        sk_model_free(m);
    }
}

/* ---- sk_check ----------------------------------------------------------- */

/* Expects exactly one conflict in grid under m: the named house, the two
 * cells (either order) and the digit. */
static void expect_one_conflict(const sk_model *m, const uint8_t *grid, const char *house,
                                int c1, int c2, int digit)
{
    sk_conflict out[8];
    char name[64];
    long k = sk_check(m, grid, out, 8);
    CHECK_EQ_INT(k, 1);
    if (k != 1)
        return;
    sk_model_house_name(m, out[0].house, name, sizeof name);
    CHECK_EQ_STR(name, house);
    CHECK((out[0].cell1 == c1 && out[0].cell2 == c2) || (out[0].cell1 == c2 && out[0].cell2 == c1));
    CHECK_EQ_INT(out[0].digit, digit);
}

static void test_check_conflicts(void)
{
    uint8_t grid[81];
    sk_geometry g = geom(9, 3, 3);
    sk_model *m = must_build(&g);
    if (!m)
        return;
    memset(grid, 0, sizeof grid);
    CHECK_EQ_INT(sk_check(m, grid, NULL, 0), 0);

    /* a row only: (0,0) and (0,8) */
    grid[0] = 5, grid[8] = 5;
    expect_one_conflict(m, grid, "row 1", 0, 8, 5);
    /* in row order: the left cell first */
    sk_conflict c;
    CHECK_EQ_INT(sk_check(m, grid, &c, 1), 1);
    CHECK_EQ_INT(c.cell1, 0);
    CHECK_EQ_INT(c.cell2, 8);

    /* a column only: (0,3) and (8,3) */
    memset(grid, 0, sizeof grid);
    grid[3] = 7, grid[75] = 7;
    expect_one_conflict(m, grid, "column 4", 3, 75, 7);

    /* a box only: (3,3) and (5,5) */
    memset(grid, 0, sizeof grid);
    grid[30] = 2, grid[50] = 2;
    expect_one_conflict(m, grid, "box 5", 30, 50, 2);

    /* diagonals count only when the model has them */
    memset(grid, 0, sizeof grid);
    grid[0] = 9, grid[80] = 9;
    CHECK_EQ_INT(sk_check(m, grid, NULL, 0), 0);
    sk_geometry gx = geom(9, 3, 3);
    gx.extras = SK_EXTRA_DIAGONALS;
    sk_model *mx = must_build(&gx);
    if (mx) {
        expect_one_conflict(mx, grid, "main diagonal", 0, 80, 9);
        memset(grid, 0, sizeof grid);
        grid[8] = 4, grid[72] = 4;
        expect_one_conflict(mx, grid, "anti-diagonal", 8, 72, 4);
        sk_model_free(mx);
    }
    /* windows */
    sk_geometry gh = geom(9, 3, 3);
    gh.extras = SK_EXTRA_HYPER;
    sk_model *mh = must_build(&gh);
    if (mh) {
        memset(grid, 0, sizeof grid);
        grid[1 * 9 + 1] = 6, grid[3 * 9 + 3] = 6;
        CHECK_EQ_INT(sk_check(m, grid, NULL, 0), 0);
        expect_one_conflict(mh, grid, "window 1", 10, 30, 6);
        memset(grid, 0, sizeof grid);
        grid[5 * 9 + 5] = 1, grid[7 * 9 + 7] = 1;
        expect_one_conflict(mh, grid, "window 4", 50, 70, 1);
        sk_model_free(mh);
    }
    /* jigsaw regions */
    sk_geometry gj = geom(9, SK_BOX_DEFAULT, SK_BOX_DEFAULT);
    gj.regions = JIG9;
    sk_model *mj = must_build(&gj);
    if (mj) {
        /* (0,3) and (2,5) are in region 2 and nothing else in common */
        memset(grid, 0, sizeof grid);
        grid[3] = 8, grid[23] = 8;
        expect_one_conflict(mj, grid, "region 2", 3, 23, 8);
        sk_model_free(mj);
    }
    /* groups */
    static const int gsize[] = {2};
    static const int gcells[] = {0, 80};
    sk_geometry gg = geom(9, 3, 3);
    gg.ngroups = 1;
    gg.group_sizes = gsize;
    gg.group_cells = gcells;
    sk_model *mg = must_build(&gg);
    if (mg) {
        memset(grid, 0, sizeof grid);
        grid[0] = 3, grid[80] = 3;
        expect_one_conflict(mg, grid, "group 1", 0, 80, 3);
        sk_model_free(mg);
    }

    /* a pair in a row and a box at once: two conflicts */
    memset(grid, 0, sizeof grid);
    grid[0] = 4, grid[1] = 4;
    sk_conflict out[8];
    CHECK_EQ_INT(sk_check(m, grid, out, 8), 2);
    char n1[64], n2[64];
    sk_model_house_name(m, out[0].house, n1, sizeof n1);
    sk_model_house_name(m, out[1].house, n2, sizeof n2);
    CHECK((strcmp(n1, "row 1") == 0 && strcmp(n2, "box 1") == 0) ||
          (strcmp(n2, "row 1") == 0 && strcmp(n1, "box 1") == 0));
    for (int k = 0; k < 2; k++) {
        CHECK_EQ_INT(out[k].digit, 4);
        CHECK(out[k].cell1 != out[k].cell2);
        CHECK((out[k].cell1 == 0 || out[k].cell1 == 1) && (out[k].cell2 == 0 || out[k].cell2 == 1));
    }
    /* counting beyond max: the total is returned, only max are written */
    memset(grid, 0, sizeof grid);
    for (int r = 0; r < 9; r++)
        grid[r * 9] = 1, grid[r * 9 + 4] = 1; /* 9 row pairs + 8 + 8 column repeats */
    memset(out, 0xee, sizeof out);
    long total = sk_check(m, grid, out, 3);
    CHECK_EQ_INT(total, sk_check(m, grid, NULL, 0));
    CHECK(total >= 9 + 2);
    CHECK_EQ_INT(out[3].house, (int)0xeeeeeeee);
    for (int k = 0; k < 3; k++)
        CHECK_EQ_INT(out[k].digit, 1);
    sk_model_free(m);
}

static void test_check_out_of_range(void)
{
    uint8_t grid[81];
    sk_geometry g = geom(9, 3, 3);
    sk_model *m = must_build(&g);
    if (!m)
        return;
    memset(grid, 0, sizeof grid);
    grid[5] = 10;
    grid[77] = 255;
    sk_conflict out[4];
    CHECK_EQ_INT(sk_check(m, grid, out, 4), 2);
    int seen5 = 0, seen77 = 0;
    for (int k = 0; k < 2; k++) {
        CHECK_EQ_INT(out[k].house, -1);
        CHECK_EQ_INT(out[k].cell1, out[k].cell2);
        if (out[k].cell1 == 5) {
            seen5++;
            CHECK_EQ_INT(out[k].digit, 10);
        }
        if (out[k].cell1 == 77) {
            seen77++;
            CHECK_EQ_INT(out[k].digit, 255);
        }
    }
    CHECK_EQ_INT(seen5, 1);
    CHECK_EQ_INT(seen77, 1);
    /* two equal out-of-range digits in a row are not also a row conflict */
    grid[6] = 10;
    CHECK_EQ_INT(sk_check(m, grid, NULL, 0), 3);
    CHECK_EQ_INT(sk_verify(m, NULL, grid), 0);
    sk_model_free(m);

    /* 64x64: digit 64 is fine, 65 is not */
    g = geom(64, 8, 8);
    m = must_build(&g);
    if (m) {
        uint8_t *big = calloc(64 * 64, 1);
        big[0] = 64;
        CHECK_EQ_INT(sk_check(m, big, NULL, 0), 0);
        big[1] = 64;
        CHECK_EQ_INT(sk_check(m, big, NULL, 0), 2); /* row 1 and box 1 */
        big[1] = 65;
        CHECK_EQ_INT(sk_check(m, big, NULL, 0), 1);
        free(big);
        sk_model_free(m);
    }
}

/*
 * Random partial grids under several geometries: the set of cells the
 * library names in conflicts of each house is exactly the set of cells
 * whose digit repeats there (oracle); when no digit occurs three times in
 * a house, the count is exactly the oracle's number of repeats.
 */
static void test_check_random(void)
{
    uint64_t seed = 99;
    static const int geos[][4] = {
        /* n, box rows, box cols, extras */
        {4, 2, 2, 0}, {6, 2, 3, 1}, {9, 3, 3, 0}, {9, 3, 3, 3}, {8, 4, 2, 1},
        {5, SK_BOX_NONE, 0, 1}, {16, 4, 4, 2}, {12, 3, 4, 0},
    };
    for (size_t gi = 0; gi < sizeof geos / sizeof geos[0]; gi++) {
        int n = geos[gi][0], nc = n * n;
        sk_geometry g = geom(n, geos[gi][1], geos[gi][2]);
        g.extras = (unsigned)geos[gi][3];
        sk_model *m = must_build(&g);
        oracle o;
        or_geom og = or_from_sk(&g);
        if (!m || or_init(&o, &og) != 0) {
            CHECK(!"setup");
            sk_model_free(m);
            continue;
        }
        uint8_t *grid = malloc((size_t)nc);
        char *bad = malloc((size_t)nc), *named = malloc((size_t)nc);
        sk_conflict *out = malloc(sizeof *out * (size_t)nc * 8);
        for (int trial = 0; trial < 300; trial++) {
            int fill = or_below(&seed, 100);
            for (int i = 0; i < nc; i++)
                grid[i] = or_below(&seed, 100) < fill ? (uint8_t)(1 + or_below(&seed, n)) : 0;
            if (trial % 10 == 0)
                grid[or_below(&seed, nc)] = (uint8_t)(n + 1 + or_below(&seed, 3));
            long k = sk_check(m, grid, out, (long)nc * 8);
            CHECK(k <= (long)nc * 8);
            int triples = 0;
            for (int h = 0; h < o.nhouses; h++) {
                int count[256] = {0};
                for (int j = 0; j < o.houses[h].size; j++)
                    count[grid[o.houses[h].cells[j]]]++;
                for (int d = 1; d <= n; d++)
                    triples += count[d] > 2;
            }
            if (!triples)
                CHECK_EQ_INT(k, or_repeats(&o, grid));
            else
                CHECK(k >= 1);
            /* per house: the cells named equal the oracle's repeated cells */
            for (int h = 0; h < o.nhouses; h++) {
                memset(bad, 0, (size_t)nc);
                memset(named, 0, (size_t)nc);
                or_house_dups(&o, h, grid, bad);
                for (long x = 0; x < k && x < (long)nc * 8; x++) {
                    char name[64];
                    if (out[x].house < 0)
                        continue;
                    sk_model_house_name(m, out[x].house, name, sizeof name);
                    if (strcmp(name, o.houses[h].name) != 0)
                        continue;
                    named[out[x].cell1] = named[out[x].cell2] = 1;
                    CHECK(out[x].cell1 != out[x].cell2);
                    CHECK_EQ_INT(grid[out[x].cell1], out[x].digit);
                    CHECK_EQ_INT(grid[out[x].cell2], out[x].digit);
                }
                CHECK(memcmp(bad, named, (size_t)nc) == 0);
            }
            /* out-of-range cells are each reported once with house -1 */
            int oor = 0, reported = 0;
            for (int i = 0; i < nc; i++)
                oor += grid[i] > n;
            for (long x = 0; x < k; x++)
                if (out[x].house == -1) {
                    reported++;
                    CHECK(grid[out[x].cell1] > n);
                    CHECK_EQ_INT(out[x].digit, grid[out[x].cell1]);
                }
            CHECK_EQ_INT(reported, oor);
        }
        free(grid);
        free(bad);
        free(named);
        free(out);
        or_free(&o);
        sk_model_free(m);
    }
}

/* A house holding one digit three times: every cell is named. */
static void test_check_triple(void)
{
    sk_geometry g = geom(9, 3, 3);
    sk_model *m = must_build(&g);
    if (!m)
        return;
    uint8_t grid[81] = {0};
    grid[0] = 2, grid[4] = 2, grid[8] = 2;
    sk_conflict out[8];
    long k = sk_check(m, grid, out, 8);
    /* two or three pairs (the header promises "every pair"; either way all
     * three cells appear and every entry names row 1) */
    CHECK(k >= 2 && k <= 3);
    int cells[81] = {0};
    for (long x = 0; x < k && x < 8; x++) {
        char name[64];
        sk_model_house_name(m, out[x].house, name, sizeof name);
        CHECK_EQ_STR(name, "row 1");
        cells[out[x].cell1] = cells[out[x].cell2] = 1;
    }
    CHECK(cells[0] && cells[4] && cells[8]);
    sk_model_free(m);
}

/* ---- sk_verify against the oracle ------------------------------------ */

/* A solved grid for g: the pattern for boxes, else the library's first
 * solution of an empty grid (any solution will do: the oracle judges it). */
static int solved_grid(const sk_geometry *g, const sk_model *m, uint8_t *grid, uint64_t *seed)
{
    int n = g->n;
    if (!g->regions && !g->extras && !g->ngroups && g->box_rows > 0) {
        or_pattern(grid, n, g->box_rows, g->box_cols);
        or_shuffle_boxes(seed, grid, n, g->box_rows, g->box_cols);
    } else {
        uint8_t *empty = calloc((size_t)n * (size_t)n, 1);
        sk_result r;
        int st = sk_solve(m, empty, grid, &r);
        free(empty);
        if (st != SK_OK || r.solutions == 0)
            return 0;
    }
    or_permute_digits(seed, grid, n);
    return 1;
}

static void test_verify_vs_oracle(void)
{
    uint64_t seed = 7;
    static const uint8_t *const regions[] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, JIG9,
                                             JIG6, NULL, NULL};
    static const int geos[][4] = {
        {9, 3, 3, 0}, {9, 3, 3, 1}, {9, 3, 3, 2}, {6, 2, 3, 0}, {6, 3, 2, 1},
        {16, 4, 4, 0}, {7, SK_BOX_NONE, 0, 0}, {9, 0, 0, 0}, {6, 0, 0, 0}, {12, 4, 3, 0},
        {64, 8, 8, 0},
    };
    for (size_t gi = 0; gi < sizeof geos / sizeof geos[0]; gi++) {
        int n = geos[gi][0], nc = n * n;
        sk_geometry g = geom(n, geos[gi][1], geos[gi][2]);
        g.extras = (unsigned)geos[gi][3];
        g.regions = regions[gi];
        sk_model *m = must_build(&g);
        oracle o;
        or_geom og = or_from_sk(&g);
        if (!m || or_init(&o, &og) != 0) {
            CHECK(!"setup");
            sk_model_free(m);
            continue;
        }
        uint8_t *sol = malloc((size_t)nc), *t = malloc((size_t)nc), *givens = malloc((size_t)nc);
        int trials = n > 16 ? 20 : 200;
        for (int trial = 0; trial < trials; trial++) {
            if (!solved_grid(&g, m, sol, &seed)) {
                CHECK(!"no solved grid");
                break;
            }
            CHECK(or_valid(&o, NULL, sol));
            CHECK_EQ_INT(sk_verify(m, NULL, sol), 1);
            /* givens taken from the solution agree; a changed given does not */
            for (int i = 0; i < nc; i++)
                givens[i] = or_below(&seed, 3) == 0 ? sol[i] : 0;
            CHECK_EQ_INT(sk_verify(m, givens, sol), or_valid(&o, givens, sol));
            CHECK_EQ_INT(sk_verify(m, givens, sol), 1);
            int gi2 = or_below(&seed, nc);
            givens[gi2] = (uint8_t)(sol[gi2] % n + 1);
            if (n > 1) {
                CHECK_EQ_INT(sk_verify(m, givens, sol), 0);
                CHECK_EQ_INT(or_valid(&o, givens, sol), 0);
            }
            /* corruptions: one cell changed, two cells swapped, an empty
             * cell, a digit out of range, several changes */
            memcpy(t, sol, (size_t)nc);
            switch (trial % 5) {
            case 0:
                t[or_below(&seed, nc)] = (uint8_t)(1 + or_below(&seed, n));
                break;
            case 1: {
                int a = or_below(&seed, nc), b = or_below(&seed, nc);
                uint8_t x = t[a];
                t[a] = t[b];
                t[b] = x;
                break;
            }
            case 2:
                t[or_below(&seed, nc)] = 0;
                break;
            case 3:
                t[or_below(&seed, nc)] = (uint8_t)(n + 1 + or_below(&seed, 200 - n));
                break;
            default:
                for (int k = 0; k < 3; k++)
                    t[or_below(&seed, nc)] = (uint8_t)(1 + or_below(&seed, n));
            }
            int want = or_valid(&o, NULL, t);
            CHECK_EQ_INT(sk_verify(m, NULL, t), want);
            CHECK_EQ_INT(sk_check(m, t, NULL, 0) == 0 && memchr(t, 0, (size_t)nc) == NULL, want);
            CHECK_EQ_INT(sk_check(m, t, NULL, 0) == 0, or_repeats(&o, t) == 0);
        }
        /* a Latin square that is not a Sudoku (for box models) */
        if (g.box_rows > 0 && n > 1) {
            for (int i = 0; i < nc; i++)
                t[i] = (uint8_t)((i / n + i % n) % n + 1);
            CHECK_EQ_INT(sk_verify(m, NULL, t), or_valid(&o, NULL, t));
            CHECK_EQ_INT(sk_verify(m, NULL, t), 0);
        }
        CHECK_EQ_INT(sk_verify(m, NULL, NULL), 0);
        CHECK_EQ_INT(sk_verify(NULL, NULL, sol), 0);
        free(sol);
        free(t);
        free(givens);
        or_free(&o);
        sk_model_free(m);
    }
    /* 1x1 */
    sk_geometry g1 = geom(1, SK_BOX_DEFAULT, SK_BOX_DEFAULT);
    sk_model *m1 = must_build(&g1);
    if (m1) {
        uint8_t one = 1, zero = 0, two = 2;
        CHECK_EQ_INT(sk_verify(m1, NULL, &one), 1);
        CHECK_EQ_INT(sk_verify(m1, &one, &one), 1);
        CHECK_EQ_INT(sk_verify(m1, NULL, &zero), 0);
        CHECK_EQ_INT(sk_verify(m1, NULL, &two), 0);
        sk_model_free(m1);
    }
}

int main(void)
{
    RUN(test_latin_every_size);
    RUN(test_default_box_every_size);
    RUN(test_six_without_box);
    RUN(test_box_shapes);
    RUN(test_box_refused);
    RUN(test_size_limits);
    RUN(test_jigsaw);
    RUN(test_jigsaw_refused);
    RUN(test_diagonals);
    RUN(test_hyper);
    RUN(test_groups);
    RUN(test_groups_refused);
    RUN(test_house_access);
    RUN(test_check_conflicts);
    RUN(test_check_out_of_range);
    RUN(test_check_random);
    RUN(test_check_triple);
    RUN(test_verify_vs_oracle);
    return check_summary();
}
