/*
 * model.c - turns a caller's geometry into the read-only tables of
 * model.h, refusing geometries that do not fit with a reason.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "rules/rules.h"

static int fail(sk_diag *diag, const char *fmt, ...)
{
    if (diag) {
        va_list ap;
        diag->line = 0;
        diag->column = 0;
        va_start(ap, fmt);
        vsnprintf(diag->message, sizeof diag->message, fmt, ap);
        va_end(ap);
    }
    return SK_EMODEL;
}

/* 1 when n has no divisor from 2 to n - 1. */
static int prime(int n)
{
    for (int d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return n >= 2;
}

static int isqrt_exact(int n)
{
    for (int r = 1; r * r <= n; r++)
        if (r * r == n)
            return r;
    return 0;
}

/* Growable house list used while building. */
typedef struct house_list {
    int count, cap;      /* houses so far, houses allocated */
    int cells_used;      /* cells stored so far */
    int cells_cap;
    uint32_t *off;       /* off[h]: first cell of house h */
    uint16_t *cells;
    uint8_t *kind;
    uint16_t *num;
    uint16_t *rule;      /* rule[h]: the variant rule that made it, or SKX_NO_RULE */
} house_list;

static int hl_add_rule(house_list *hl, int kind, int num, const uint16_t *cells, int size, int rule)
{
    if (hl->count + 2 > hl->cap) {
        int cap = hl->cap ? hl->cap * 2 : 256;
        uint32_t *off = realloc(hl->off, (size_t)cap * sizeof *off);
        if (!off)
            return SK_ENOMEM;
        hl->off = off;
        uint8_t *k = realloc(hl->kind, (size_t)cap);
        if (!k)
            return SK_ENOMEM;
        hl->kind = k;
        uint16_t *nm = realloc(hl->num, (size_t)cap * sizeof *nm);
        if (!nm)
            return SK_ENOMEM;
        hl->num = nm;
        uint16_t *ru = realloc(hl->rule, (size_t)cap * sizeof *ru);
        if (!ru)
            return SK_ENOMEM;
        hl->rule = ru;
        hl->cap = cap;
    }
    if (hl->count >= 65535)
        return SK_EMODEL; /* house numbers are 16 bits */
    if (hl->cells_used + size > hl->cells_cap) {
        int cap = hl->cells_cap ? hl->cells_cap * 2 : 4096;
        while (cap < hl->cells_used + size)
            cap *= 2;
        uint16_t *c = realloc(hl->cells, (size_t)cap * sizeof *c);
        if (!c)
            return SK_ENOMEM;
        hl->cells = c;
        hl->cells_cap = cap;
    }
    hl->off[hl->count] = (uint32_t)hl->cells_used;
    hl->kind[hl->count] = (uint8_t)kind;
    hl->num[hl->count] = (uint16_t)num;
    hl->rule[hl->count] = (uint16_t)rule;
    memcpy(hl->cells + hl->cells_used, cells, (size_t)size * sizeof *cells);
    hl->cells_used += size;
    hl->count++;
    hl->off[hl->count] = (uint32_t)hl->cells_used;
    return SK_OK;
}

static int hl_add(house_list *hl, int kind, int num, const uint16_t *cells, int size)
{
    return hl_add_rule(hl, kind, num, cells, size, SKX_NO_RULE);
}

/* skx_add_house_fn for the rules */
static int hl_add_cb(void *ctx, int kind, int num, const uint16_t *cells, int size, int rule)
{
    return hl_add_rule(ctx, kind, num, cells, size, rule);
}

static void hl_free(house_list *hl)
{
    free(hl->off);
    free(hl->cells);
    free(hl->kind);
    free(hl->num);
    free(hl->rule);
}

/* Puts the full houses (N cells) first, keeping the order within each
 * part, so that a house index below nfull always means N cells.  Returns
 * the number of full houses, or -1 when out of memory. */
static int hl_full_first(house_list *hl, int n)
{
    house_list out = {0};
    for (int pass = 0; pass < 2; pass++)
        for (int h = 0; h < hl->count; h++) {
            int size = (int)(hl->off[h + 1] - hl->off[h]);
            if ((size == n) != (pass == 0))
                continue;
            if (hl_add_rule(&out, hl->kind[h], hl->num[h], hl->cells + hl->off[h], size,
                            hl->rule[h])) {
                hl_free(&out);
                return -1;
            }
        }
    int nfull = 0;
    while (nfull < out.count && (int)(out.off[nfull + 1] - out.off[nfull]) == n)
        nfull++;
    hl_free(hl);
    *hl = out;
    return nfull;
}

void sk_model_free(sk_model *m)
{
    if (!m)
        return;
    free(m->region);
    free(m->house_off);
    free(m->house_cells);
    free(m->house_kind);
    free(m->house_num);
    free(m->cell_house_off);
    free(m->cell_houses);
    free(m->peer_off);
    free(m->peers);
    free(m->isects);
    free(m->isect_cells);
    skx_rules_free(m);
    free(m);
}

/* Checks the geometry and fills the house list (full houses first). */
static int collect_houses(const sk_geometry *g, sk_model *m, house_list *hl, sk_diag *diag)
{
    const int n = g->n;
    uint16_t cells[SK_MAX_N] = {0};
    int rc;

    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            cells[c] = (uint16_t)(r * n + c);
        if ((rc = hl_add(hl, SK_HOUSE_ROW, r, cells, n)))
            return rc;
    }
    for (int c = 0; c < n; c++) {
        for (int r = 0; r < n; r++)
            cells[r] = (uint16_t)(r * n + c);
        if ((rc = hl_add(hl, SK_HOUSE_COLUMN, c, cells, n)))
            return rc;
    }

    if (g->regions) {
        int size[SK_MAX_N] = {0};
        for (int i = 0; i < n * n; i++) {
            if (g->regions[i] >= n)
                return fail(diag, "cell (%d,%d) has region id %d; ids run from 0 to %d",
                            i / n + 1, i % n + 1, g->regions[i], n - 1);
            size[g->regions[i]]++;
        }
        for (int k = 0; k < n; k++)
            if (size[k] != n)
                return fail(diag, "region %d has %d cells, expected %d", k + 1, size[k], n);
        m->jigsaw = 1;
        for (int k = 0; k < n; k++) {
            int s = 0;
            for (int i = 0; i < n * n; i++)
                if (g->regions[i] == k)
                    cells[s++] = (uint16_t)i;
            if ((rc = hl_add(hl, SK_HOUSE_REGION, k, cells, n)))
                return rc;
        }
    } else if (g->box_rows != SK_BOX_NONE && !(g->box_rows == SK_BOX_DEFAULT && prime(n))) {
        /* a prime side has no box shape: a Latin square is the only reading */
        int br = g->box_rows, bc = g->box_cols;
        if (br == SK_BOX_DEFAULT) {
            int s = isqrt_exact(n);
            if (!s)
                return fail(diag, "a %dx%d grid needs a box shape (such as --box RxC) "
                            "or --box none: %d is not a square", n, n, n);
            br = bc = s;
        } else if (br < 0 || bc <= 0) {
            return fail(diag, "box shape %dx%d is not valid", br, bc);
        } else if (br * bc != n) {
            return fail(diag, "a %dx%d box does not tile a %dx%d grid (%d*%d != %d)",
                        br, bc, n, n, br, bc, n);
        }
        m->box_rows = br;
        m->box_cols = bc;
        int b = 0;
        for (int r0 = 0; r0 < n; r0 += br)
            for (int c0 = 0; c0 < n; c0 += bc, b++) {
                int s = 0;
                for (int r = r0; r < r0 + br; r++)
                    for (int c = c0; c < c0 + bc; c++)
                        cells[s++] = (uint16_t)(r * n + c);
                if ((rc = hl_add(hl, SK_HOUSE_BOX, b, cells, n)))
                    return rc;
            }
    }

    if (g->extras & ~(SK_EXTRA_DIAGONALS | SK_EXTRA_HYPER))
        return fail(diag, "unknown extra-house flags 0x%x", g->extras);
    m->extras = g->extras;
    if (g->extras & SK_EXTRA_DIAGONALS) {
        for (int i = 0; i < n; i++)
            cells[i] = (uint16_t)(i * n + i);
        if ((rc = hl_add(hl, SK_HOUSE_DIAGONAL, 0, cells, n)))
            return rc;
        for (int i = 0; i < n; i++)
            cells[i] = (uint16_t)(i * n + (n - 1 - i));
        if ((rc = hl_add(hl, SK_HOUSE_ANTIDIAGONAL, 0, cells, n)))
            return rc;
    }
    if (g->extras & SK_EXTRA_HYPER) {
        int b = isqrt_exact(n);
        if (!b || n < 4)
            return fail(diag, "Hyper windows need a square side of 4 or more, not %d", n);
        int w = 0;
        for (int r0 = 1; r0 + b <= n; r0 += b + 1)
            for (int c0 = 1; c0 + b <= n; c0 += b + 1, w++) {
                int s = 0;
                for (int r = r0; r < r0 + b; r++)
                    for (int c = c0; c < c0 + b; c++)
                        cells[s++] = (uint16_t)(r * n + c);
                if ((rc = hl_add(hl, SK_HOUSE_WINDOW, w, cells, n)))
                    return rc;
            }
    }

    /* Extra groups: full-size ones join the full houses, smaller ones go
     * last, so a house index below nfull always means N cells. */
    if (g->ngroups < 0 || (g->ngroups > 0 && (!g->group_sizes || !g->group_cells)))
        return fail(diag, "extra groups are described inconsistently");
    for (int pass = 0; pass < 2; pass++) {
        const int *gc = g->group_cells;
        for (int k = 0; k < g->ngroups; k++) {
            int size = g->group_sizes[k];
            if (size < 1 || size > n)
                return fail(diag, "group %d has %d cells; a group holds 1 to %d", k + 1, size, n);
            if ((size == n) == (pass == 0)) {
                uint64_t seen[SK_MAX_N] = {0};
                for (int j = 0; j < size; j++) {
                    int cell = gc[j];
                    if (cell < 0 || cell >= n * n)
                        return fail(diag, "group %d names cell %d, outside the %dx%d grid",
                                    k + 1, cell, n, n);
                    if (seen[cell / n] >> (cell % n) & 1)
                        return fail(diag, "group %d names cell (%d,%d) twice", k + 1,
                                    cell / n + 1, cell % n + 1);
                    seen[cell / n] |= 1ull << (cell % n);
                    cells[j] = (uint16_t)cell;
                }
                if ((rc = hl_add(hl, SK_HOUSE_GROUP, k, cells, size)))
                    return rc;
            }
            gc += size;
        }
    }
    m->ngroups = g->ngroups;
    return SK_OK;
}

/* Builds cell_houses and peers from the houses. */
static int build_cell_tables(sk_model *m)
{
    const int nc = m->ncells;
    uint32_t *count = calloc((size_t)nc + 1, sizeof *count);
    uint32_t *stamp = calloc((size_t)nc, sizeof *stamp);
    int rc = SK_ENOMEM;
    if (!count || !stamp)
        goto out;

    for (int h = 0; h < m->nhouses; h++)
        for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++)
            count[m->house_cells[j]]++;
    m->cell_house_off = malloc(((size_t)nc + 1) * sizeof *m->cell_house_off);
    if (!m->cell_house_off)
        goto out;
    m->cell_house_off[0] = 0;
    for (int i = 0; i < nc; i++)
        m->cell_house_off[i + 1] = m->cell_house_off[i] + count[i];
    m->cell_houses = malloc((size_t)m->cell_house_off[nc] * sizeof *m->cell_houses + 1);
    if (!m->cell_houses)
        goto out;
    memset(count, 0, ((size_t)nc + 1) * sizeof *count);
    for (int h = 0; h < m->nhouses; h++)
        for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++) {
            int cell = m->house_cells[j];
            m->cell_houses[m->cell_house_off[cell] + count[cell]++] = (uint16_t)h;
        }

    /* Peers: two passes (count, fill) with a stamp array to skip repeats. */
    m->peer_off = malloc(((size_t)nc + 1) * sizeof *m->peer_off);
    if (!m->peer_off)
        goto out;
    m->peer_off[0] = 0;
    for (int pass = 0; pass < 2; pass++) {
        uint32_t total = 0;
        memset(stamp, 0, (size_t)nc * sizeof *stamp);
        for (int i = 0; i < nc; i++) {
            uint32_t mark = (uint32_t)(pass * nc + i + 1);
            stamp[i] = mark;
            for (uint32_t k = m->cell_house_off[i]; k < m->cell_house_off[i + 1]; k++) {
                int h = m->cell_houses[k];
                for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++) {
                    int p = m->house_cells[j];
                    if (stamp[p] == mark)
                        continue;
                    stamp[p] = mark;
                    if (pass == 1)
                        m->peers[total] = (uint16_t)p;
                    total++;
                }
            }
            if (pass == 0)
                m->peer_off[i + 1] = total;
        }
        if (pass == 0) {
            m->peers = malloc((size_t)total * sizeof *m->peers + 1);
            if (!m->peers)
                goto out;
        }
    }
    rc = SK_OK;
out:
    free(count);
    free(stamp);
    return rc;
}

/* Finds every pair of houses worth a locked-candidates test. */
static int build_isects(sk_model *m)
{
    const int n = m->n, nh = m->nhouses;
    /* member[h]: bitset of the cells of house h, as ncells/64 words. */
    const int words = (m->ncells + 63) / 64;
    uint64_t *member = calloc((size_t)nh * words, sizeof *member);
    if (!member)
        return SK_ENOMEM;
    for (int h = 0; h < nh; h++)
        for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++) {
            int c = m->house_cells[j];
            member[(size_t)h * words + c / 64] |= 1ull << (c % 64);
        }

    int cap = 0, ncells_cap = 0, used = 0;
    for (int pass = 0; pass < 2; pass++) {
        int count = 0;
        used = 0;
        for (int a = 0; a < m->nfull; a++)
            for (int b = 0; b < nh; b++) {
                if (a == b)
                    continue;
                const uint64_t *ma = member + (size_t)a * words, *mb = member + (size_t)b * words;
                int common = 0;
                for (int w = 0; w < words; w++)
                    common += __builtin_popcountll(ma[w] & mb[w]);
                int bsize = (int)(m->house_off[b + 1] - m->house_off[b]);
                if (common < 2 || common == n || common == bsize)
                    continue;
                if (pass == 1) {
                    sk_isect *x = &m->isects[count];
                    x->a = (uint16_t)a;
                    x->b = (uint16_t)b;
                    x->in_off = (uint32_t)used;
                    for (uint32_t j = m->house_off[a]; j < m->house_off[a + 1]; j++) {
                        int c = m->house_cells[j];
                        if (mb[c / 64] >> (c % 64) & 1)
                            m->isect_cells[used++] = (uint16_t)c;
                    }
                    x->a_only_off = (uint32_t)used;
                    for (uint32_t j = m->house_off[a]; j < m->house_off[a + 1]; j++) {
                        int c = m->house_cells[j];
                        if (!(mb[c / 64] >> (c % 64) & 1))
                            m->isect_cells[used++] = (uint16_t)c;
                    }
                    x->b_only_off = (uint32_t)used;
                    for (uint32_t j = m->house_off[b]; j < m->house_off[b + 1]; j++) {
                        int c = m->house_cells[j];
                        if (!(ma[c / 64] >> (c % 64) & 1))
                            m->isect_cells[used++] = (uint16_t)c;
                    }
                    x->end = (uint32_t)used;
                } else {
                    ncells_cap += n + bsize - common;
                }
                count++;
            }
        if (pass == 0) {
            cap = count;
            m->isects = malloc((size_t)cap * sizeof *m->isects + 1);
            m->isect_cells = malloc((size_t)ncells_cap * sizeof *m->isect_cells + 1);
            if (!m->isects || !m->isect_cells) {
                free(member);
                return SK_ENOMEM;
            }
        }
        m->nisects = count;
    }
    free(member);
    return SK_OK;
}

int sk_model_new(const sk_geometry *g, sk_model **out, sk_diag *diag)
{
    if (!out)
        return SK_EINVAL;
    *out = NULL;
    if (!g)
        return SK_EINVAL;
    if (g->n < 1 || g->n > SK_MAX_N)
        return fail(diag, "a %dx%d grid is not supported: the side must be 1 to %d",
                    g->n, g->n, SK_MAX_N);

    sk_model *m = calloc(1, sizeof *m);
    if (!m)
        return SK_ENOMEM;
    m->n = g->n;
    m->ncells = g->n * g->n;
    m->all = g->n == 64 ? ~0ull : (1ull << g->n) - 1;

    house_list hl = {0};
    int rc = collect_houses(g, m, &hl, diag);
    if (rc)
        goto fail;

    if (m->box_rows > 0 || m->jigsaw) {
        m->region = malloc((size_t)m->ncells);
        if (!m->region) {
            rc = SK_ENOMEM;
            goto fail;
        }
        for (int h = 0; h < hl.count; h++)
            if (hl.kind[h] == SK_HOUSE_BOX || hl.kind[h] == SK_HOUSE_REGION)
                for (uint32_t j = hl.off[h]; j < hl.off[h + 1]; j++)
                    m->region[hl.cells[j]] = (uint8_t)hl.num[h];
    }
    /* the variant rules' houses (cages, extra regions, chess pairs...) */
    if ((rc = skx_rules_houses(g, m, hl_add_cb, &hl, diag))) {
        if (rc == SK_EMODEL && hl.count >= 65535)
            fail(diag, "the rules make more than 65535 houses");
        goto fail;
    }
    m->nfull = hl_full_first(&hl, g->n);
    if (m->nfull < 0) {
        rc = SK_ENOMEM;
        goto fail;
    }
    m->nhouses = hl.count;
    m->house_off = hl.off;
    m->house_cells = hl.cells;
    m->house_kind = hl.kind;
    m->house_num = hl.num;
    m->house_rule = hl.rule;
    hl = (house_list){0};

    if ((rc = build_cell_tables(m)) || (rc = build_isects(m)) ||
        (rc = skx_rules_compile(g, m, diag)))
        goto fail;
    *out = m;
    return SK_OK;
fail:
    hl_free(&hl);
    sk_model_free(m);
    return rc;
}

int sk_model_n(const sk_model *m) { return m ? m->n : 0; }

int sk_model_house_count(const sk_model *m) { return m ? m->nhouses : 0; }

int sk_model_house(const sk_model *m, int h, const uint16_t **cells)
{
    if (!m || h < 0 || h >= m->nhouses)
        return -1;
    if (cells)
        *cells = m->house_cells + m->house_off[h];
    return (int)(m->house_off[h + 1] - m->house_off[h]);
}

char *sk_model_house_name(const sk_model *m, int h, char *buf, size_t size)
{
    static const char *const kinds[] = {"row", "column", "box", "region", "main diagonal",
                                        "anti-diagonal", "window", "group"};
    if (!buf || !size)
        return buf;
    if (!m || h < 0 || h >= m->nhouses) {
        snprintf(buf, size, "house %d", h);
        return buf;
    }
    int kind = m->house_kind[h];
    if (kind == SK_HOUSE_RULE && m->house_rule && m->house_rule[h] != SKX_NO_RULE &&
        m->house_rule[h] < m->nrules) {
        int k = m->house_rule[h], rk = m->rules[k].kind;
        const uint16_t *c = m->house_cells + m->house_off[h];
        char a[12], b[12];
        if (rk == SK_RULE_ANTI_KNIGHT || rk == SK_RULE_ANTI_KING)
            snprintf(buf, size, "%s pair %s-%s", sk_rule_name(rk), skx_cell_name(m->n, c[0], a),
                     skx_cell_name(m->n, c[1], b));
        else if (rk == SK_RULE_DISJOINT)
            snprintf(buf, size, "disjoint group %d", m->house_num[h] + 1);
        else
            sk_model_rule_describe(m, k, buf, size);
    } else if (kind == SK_HOUSE_DIAGONAL || kind == SK_HOUSE_ANTIDIAGONAL) {
        snprintf(buf, size, "%s", kinds[kind]);
    } else if (kind < (int)(sizeof kinds / sizeof kinds[0])) {
        snprintf(buf, size, "%s %d", kinds[kind], m->house_num[h] + 1);
    } else {
        snprintf(buf, size, "house %d", h + 1);
    }
    return buf;
}

char *sk_model_describe(const sk_model *m, char *buf, size_t size)
{
    if (!buf || !size)
        return buf;
    if (!m) {
        snprintf(buf, size, "(no model)");
        return buf;
    }
    int len;
    if (m->jigsaw)
        len = snprintf(buf, size, "%dx%d jigsaw", m->n, m->n);
    else if (m->box_rows > 0)
        len = snprintf(buf, size, "%dx%d, boxes %dx%d", m->n, m->n, m->box_rows, m->box_cols);
    else
        len = snprintf(buf, size, "%dx%d Latin square", m->n, m->n);
    if (len >= 0 && (size_t)len < size && (m->extras & SK_EXTRA_DIAGONALS))
        len += snprintf(buf + len, size - (size_t)len, ", diagonals");
    if (len >= 0 && (size_t)len < size && (m->extras & SK_EXTRA_HYPER))
        len += snprintf(buf + len, size - (size_t)len, ", hyper");
    if (len >= 0 && (size_t)len < size && m->ngroups)
        len += snprintf(buf + len, size - (size_t)len, ", %d extra group%s", m->ngroups,
                        m->ngroups == 1 ? "" : "s");
    if (len >= 0 && (size_t)len < size && m->nrules)
        snprintf(buf + len, size - (size_t)len, ", %d rule%s", m->nrules,
                 m->nrules == 1 ? "" : "s");
    return buf;
}

int sk_model_region(const sk_model *m, int cell)
{
    if (!m || !m->region || cell < 0 || cell >= m->ncells)
        return -1;
    return m->region[cell];
}

int sk_model_box(const sk_model *m, int *rows, int *cols)
{
    if (!m || m->box_rows <= 0)
        return 0;
    if (rows)
        *rows = m->box_rows;
    if (cols)
        *cols = m->box_cols;
    return 1;
}

unsigned sk_model_extras(const sk_model *m) { return m ? m->extras : 0u; }

long sk_check(const sk_model *m, const uint8_t *grid, sk_conflict *out, long max)
{
    long found = 0;
    if (!m || !grid)
        return 0;
    /* The usual case, no clash, costs one pass over the filled cells with
     * a mask per house (a 17-clue 9x9 puzzle touches 51 masks instead of
     * walking 243 house cells); only a clash or a value out of range sends
     * the searches below over the cells and houses to name them. */
    if (m->nhouses <= 512) {
        uint64_t seen[512];
        uint64_t twice = 0;
        int big = 0;
        memset(seen, 0, (size_t)m->nhouses * sizeof *seen);
        for (int i = 0; i < m->ncells; i++) {
            int d = grid[i];
            if (!d)
                continue;
            if (d > m->n) {
                big = 1;
                break;
            }
            uint64_t bit = 1ull << (d - 1);
            for (uint32_t k = m->cell_house_off[i]; k < m->cell_house_off[i + 1]; k++) {
                uint64_t *s = &seen[m->cell_houses[k]];
                twice |= *s & bit;
                *s |= bit;
            }
        }
        if (!twice && !big)
            return 0;
    }
    for (int i = 0; i < m->ncells; i++)
        if (grid[i] > m->n) {
            if (found < max && out)
                out[found] = (sk_conflict){-1, i, i, grid[i]};
            found++;
        }
    for (int h = 0; h < m->nhouses; h++) {
        const uint16_t *cells = m->house_cells + m->house_off[h];
        int size = (int)(m->house_off[h + 1] - m->house_off[h]);
        /* Only a house with a repeated digit is walked again to name the
         * cells. */
        uint64_t seen = 0, twice = 0;
        for (int j = 0; j < size; j++) {
            int d = grid[cells[j]];
            uint64_t bit = d >= 1 && d <= m->n ? 1ull << (d - 1) : 0;
            twice |= seen & bit;
            seen |= bit;
        }
        if (!twice)
            continue;
        /* first[d]: position in the house where digit d was first seen, +1 */
        int first[SK_MAX_N + 1] = {0};
        for (int j = 0; j < size; j++) {
            int d = grid[cells[j]];
            if (d == 0 || d > m->n)
                continue;
            if (first[d]) {
                if (found < max && out)
                    out[found] = (sk_conflict){h, cells[first[d] - 1], cells[j], d};
                found++;
            } else {
                first[d] = j + 1;
            }
        }
    }
    return found;
}

int sk_verify(const sk_model *m, const uint8_t *givens, const uint8_t *solution)
{
    if (!m || !solution)
        return 0;
    for (int i = 0; i < m->ncells; i++) {
        if (solution[i] < 1 || solution[i] > m->n)
            return 0;
        if (givens && givens[i] && givens[i] != solution[i])
            return 0;
    }
    for (int h = 0; h < m->nhouses; h++) {
        uint64_t seen = 0;
        for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++) {
            uint64_t bit = 1ull << (solution[m->house_cells[j]] - 1);
            if (seen & bit)
                return 0;
            seen |= bit;
        }
    }
    return m->nrules == 0 || skx_rules_hold(m, solution);
}
