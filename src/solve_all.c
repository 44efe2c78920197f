/*
 * solve_all.c - sk_solve_all: every puzzle of a text solved in one call,
 * the answers written line by line, for bindings whose own loop would cost
 * more per puzzle than the search (Python: a call and an object each).
 * Puzzles of one plain geometry share a model, as the tool's do.
 */
#include <stdlib.h>
#include <string.h>

#include "sudokit.h"

typedef struct outbuf {
    char *s;
    size_t len, cap;
} outbuf;

static int put(outbuf *o, const char *s, size_t n)
{
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap * 2 : 4096;
        while (cap < o->len + n + 1)
            cap *= 2;
        char *t = realloc(o->s, cap);
        if (!t)
            return SK_ENOMEM;
        o->s = t;
        o->cap = cap;
    }
    memcpy(o->s + o->len, s, n);
    o->len += n;
    o->s[o->len] = '\0';
    return SK_OK;
}

/* 1 when g is a plain geometry (no regions, groups or rules) equal to k. */
static int same_plain(const sk_geometry *g, const sk_geometry *k)
{
    return !g->regions && !g->ngroups && !g->nrules && g->n == k->n &&
           g->box_rows == k->box_rows && g->box_cols == k->box_cols && g->extras == k->extras;
}

long sk_solve_all(const char *text, size_t len, const sk_read_opts *ro, uint64_t max_solutions,
                  double timeout, char **out, size_t *out_len)
{
    if (!text || !out || max_solutions < 1 || max_solutions > 2)
        return SK_EINVAL;
    *out = NULL;
    if (out_len)
        *out_len = 0;
    sk_reader *r = NULL;
    sk_solver *s = NULL;
    sk_model *kept = NULL; /* the model of the last plain geometry */
    sk_geometry kept_geom = SK_GEOMETRY_INIT(0);
    outbuf o = {NULL, 0, 0};
    uint8_t *sol = malloc((size_t)SK_MAX_N * SK_MAX_N);
    char *line = malloc((size_t)SK_MAX_N * SK_MAX_N * 3 + 2);
    long count = 0;
    int rc = sol && line ? sk_reader_open_mem(text, len, ro, &r) : SK_ENOMEM;
    if (rc == SK_OK)
        rc = sk_solver_new(-1, &s);
    while (rc == SK_OK) {
        sk_puzzle p;
        sk_diag d;
        int st = sk_reader_next(r, &p, &d);
        if (st == SK_DONE)
            break;
        count++;
        if (st == SK_EPARSE) {
            rc = put(&o, "invalid\n", 8);
            continue;
        }
        if (st != SK_OK) {
            rc = st;
            break;
        }
        sk_model *m = NULL;
        int plain = !p.geom.regions && !p.geom.ngroups && !p.geom.nrules;
        if (plain && kept && same_plain(&p.geom, &kept_geom)) {
            m = kept;
        } else if (sk_model_new(&p.geom, &m, NULL) != SK_OK) {
            rc = put(&o, "invalid\n", 8);
            continue;
        }
        sk_search_opts so = SK_SEARCH_OPTS_INIT;
        sk_result res;
        so.max_solutions = max_solutions;
        so.timeout = timeout;
        so.candidates = p.candidates;
        st = sk_solver_run(s, m, p.cells, &so, sol, &res);
        const char *word = NULL;
        if (st != SK_OK)
            word = st == SK_ENOMEM ? NULL : "invalid";
        else if (res.solutions >= 2)
            word = "multiple";
        else if (res.solutions == 1 && max_solutions == 1)
            word = NULL;
        else if (res.end != SK_END_EXHAUSTED)
            word = "timeout";
        else if (res.solutions == 0)
            word = "none";
        if (st == SK_ENOMEM) {
            rc = SK_ENOMEM;
        } else if (word) {
            rc = put(&o, word, strlen(word));
            if (rc == SK_OK)
                rc = put(&o, "\n", 1);
        } else {
            /* the solution in the puzzle's symbols, or decimal numbers */
            int n = p.geom.n, k = 0;
            sk_alphabet a = p.alphabet;
            if (a == SK_ALPHABET_AUTO || a == SK_ALPHABET_NUMBERS || !sk_alphabet_symbol(a, n))
                a = SK_ALPHABET_DIGITS;
            if (sk_alphabet_symbol(a, n)) {
                for (int c = 0; c < n * n; c++)
                    line[k++] = sk_alphabet_symbol(a, sol[c]);
            } else {
                for (int c = 0; c < n * n; c++) {
                    int v = sol[c];
                    if (c)
                        line[k++] = ' ';
                    if (v >= 10)
                        line[k++] = (char)('0' + v / 10);
                    line[k++] = (char)('0' + v % 10);
                }
            }
            line[k++] = '\n';
            rc = put(&o, line, (size_t)k);
        }
        if (m != kept) {
            if (plain) {
                sk_model_free(kept);
                kept = m;
                kept_geom = p.geom;
            } else {
                sk_model_free(m);
            }
        }
    }
    sk_model_free(kept);
    sk_solver_free(s);
    sk_reader_free(r);
    free(sol);
    free(line);
    if (rc != SK_OK) {
        free(o.s);
        return rc;
    }
    if (!o.s && put(&o, "", 0) != SK_OK)
        return SK_ENOMEM;
    *out = o.s;
    if (out_len)
        *out_len = o.len;
    return count;
}

void sk_free(void *p) { free(p); }
