/*
 * cnf.c - sk_write_cnf: a puzzle as a SAT problem in DIMACS CNF.
 *
 * Variable (r*N + c)*N + d (r, c from 0, d from 1..N), that is
 * cell*N + d, is true when cell (r, c) holds digit d; there are N^3
 * variables.  The clauses, in this order:
 *
 *   1. every cell holds at least one digit          N^2 clauses of N literals
 *   2. every cell holds at most one digit           N^2 * C(N,2) binary clauses
 *   3. every full house (N cells) holds each digit  F * N clauses of N literals
 *   4. no house holds a digit twice                 N * sum over every house
 *                                                   of C(size,2) binary clauses
 *   5. one unit clause per given
 *   6. the variant rules (src/rules/cnf.c), with auxiliary variables
 *      numbered after N^3; houses a rule makes (a cage, an extra region)
 *      are left out of 3 and 4 and encoded there, from the rule
 *
 * Two cells that share several houses (a row and a box) get the same
 * binary clause once per house: the counts stay simple formulae and a
 * SAT solver drops the duplicates at once.  Nothing is simplified, so the
 * formula is the plain textbook encoding whatever the givens.
 *
 * The text goes through a local buffer and fwrite: a 64x64 grid makes
 * about 33 million clauses, too many for fprintf per literal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "rules/rules.h"

typedef struct cnf_out {
    FILE *fp;
    size_t len;
    int failed;
    char buf[1 << 16];
} cnf_out;

static void out_flush(cnf_out *o)
{
    if (o->len && !o->failed && fwrite(o->buf, 1, o->len, o->fp) != o->len)
        o->failed = 1;
    o->len = 0;
}

static void out_str(cnf_out *o, const char *s)
{
    size_t len = strlen(s);
    if (o->len + len > sizeof o->buf)
        out_flush(o);
    if (len > sizeof o->buf) { /* never: comment lines are short */
        if (!o->failed && fwrite(s, 1, len, o->fp) != len)
            o->failed = 1;
        return;
    }
    memcpy(o->buf + o->len, s, len);
    o->len += len;
}

/* Appends literal v (non-zero) and a space. */
static void out_lit(cnf_out *o, long v)
{
    char t[24];
    int k = 0;
    unsigned long u = v < 0 ? 0ul - (unsigned long)v : (unsigned long)v;
    if (o->len + sizeof t > sizeof o->buf)
        out_flush(o);
    if (v < 0)
        o->buf[o->len++] = '-';
    do {
        t[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    while (k)
        o->buf[o->len++] = t[--k];
    o->buf[o->len++] = ' ';
}

/* Ends a clause: "0\n". */
static void out_end(cnf_out *o)
{
    if (o->len + 2 > sizeof o->buf)
        out_flush(o);
    o->buf[o->len++] = '0';
    o->buf[o->len++] = '\n';
}

/* skx_cnf's sink: a literal, or the end of a clause. */
static void emit_lit(void *ctx, long v)
{
    if (v)
        out_lit(ctx, v);
    else
        out_end(ctx);
}

static void out_pair(cnf_out *o, long a, long b)
{
    out_lit(o, -a);
    out_lit(o, -b);
    out_end(o);
}

long sk_write_cnf(FILE *fp, const sk_model *m, const uint8_t *givens)
{
    return sk_write_cnf_candidates(fp, m, givens, NULL);
}

long sk_write_cnf_candidates(FILE *fp, const sk_model *m, const uint8_t *givens,
                             const uint64_t *cand)
{
    cnf_out *o;
    long n, clauses, pairs_n, count = 0;
    char line[256], desc[128];
    if (!m)
        return SK_EINVAL;
    n = m->n;
    pairs_n = n * (n - 1) / 2;
    if (givens)
        for (int i = 0; i < m->ncells; i++) {
            if (givens[i] > n)
                return SK_EINVAL;
            count += givens[i] != 0;
        }
    if (cand)
        for (int i = 0; i < m->ncells; i++)
            count += __builtin_popcountll(m->all & ~cand[i]);
    clauses = (long)m->ncells * (1 + pairs_n) + count;
    for (int h = 0; h < m->nhouses; h++) {
        long size = (long)(m->house_off[h + 1] - m->house_off[h]);
        if (m->house_rule && m->house_rule[h] != SKX_NO_RULE)
            continue;
        clauses += n * (size * (size - 1) / 2) + (size == n ? n : 0);
    }
    skx_cnf rc = {NULL, NULL, n * n * n, 0, 0};
    if (m->nrules) {
        skx_rules_cnf(m, &rc);
        if (rc.failed)
            return SK_ENOMEM;
        clauses += rc.clauses;
    }
    if (!fp)
        return clauses;

    o = malloc(sizeof *o);
    if (!o)
        return SK_ENOMEM;
    o->fp = fp;
    o->len = 0;
    o->failed = 0;
    sk_model_describe(m, desc, sizeof desc);
    snprintf(line, sizeof line, "c sudokit %s CNF of a %s puzzle\n", SK_VERSION, desc);
    out_str(o, line);
    snprintf(line, sizeof line,
             "c variable (r*%ld + c)*%ld + d: the cell at row r, column c (from 0) holds "
             "digit d (1..%ld)\n",
             n, n, n);
    out_str(o, line);
    if (m->nrules) {
        snprintf(line, sizeof line,
                 "c %d variant rules; variables %ld to %ld are theirs (partial sums, states)\n",
                 m->nrules, n * n * n + 1, rc.vars);
        out_str(o, line);
    }
    snprintf(line, sizeof line, "p cnf %ld %ld\n", rc.vars, clauses);
    out_str(o, line);

    /* 1, 2: each cell holds exactly one digit */
    for (long cell = 0; cell < m->ncells; cell++) {
        long base = cell * n;
        for (long d = 1; d <= n; d++)
            out_lit(o, base + d);
        out_end(o);
        for (long d = 1; d <= n; d++)
            for (long e = d + 1; e <= n; e++)
                out_pair(o, base + d, base + e);
    }
    /* 3: each full house holds every digit */
    for (int h = 0; h < m->nhouses; h++) {
        const uint16_t *cells = m->house_cells + m->house_off[h];
        long size = (long)(m->house_off[h + 1] - m->house_off[h]);
        if (size != n)
            continue;
        if (m->house_rule && m->house_rule[h] != SKX_NO_RULE)
            continue;
        for (long d = 1; d <= n; d++) {
            for (long j = 0; j < size; j++)
                out_lit(o, cells[j] * n + d);
            out_end(o);
        }
    }
    /* 4: no house holds a digit twice */
    for (int h = 0; h < m->nhouses; h++) {
        const uint16_t *cells = m->house_cells + m->house_off[h];
        long size = (long)(m->house_off[h + 1] - m->house_off[h]);
        if (m->house_rule && m->house_rule[h] != SKX_NO_RULE)
            continue;
        for (long d = 1; d <= n; d++)
            for (long j = 0; j < size; j++)
                for (long k = j + 1; k < size; k++)
                    out_pair(o, cells[j] * n + d, cells[k] * n + d);
    }
    /* 5: the givens */
    if (givens)
        for (long cell = 0; cell < m->ncells; cell++)
            if (givens[cell]) {
                out_lit(o, cell * n + givens[cell]);
                out_end(o);
            }
    /* 5b: the digits the pencil marks rule out */
    if (cand)
        for (long cell = 0; cell < m->ncells; cell++)
            for (uint64_t g = m->all & ~cand[cell]; g; g &= g - 1) {
                out_lit(o, -(cell * n + __builtin_ctzll(g) + 1));
                out_end(o);
            }
    /* 6: the rules */
    if (m->nrules) {
        skx_cnf wc = {emit_lit, o, n * n * n, 0, 0};
        skx_rules_cnf(m, &wc);
        if (wc.failed || wc.clauses != rc.clauses || wc.vars != rc.vars)
            clauses = SK_ENOMEM; /* the two runs differ only when memory ran out */
    }
    out_flush(o);
    if (clauses >= 0 && (o->failed || ferror(fp)))
        clauses = SK_EIO;
    free(o);
    return clauses;
}
