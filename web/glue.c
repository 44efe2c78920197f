/*
 * glue.c - the library's answers as JSON text, for the WebAssembly build.
 *
 * JavaScript hands a puzzle over as text (any form the reader takes) and
 * gets one JSON object back, so that the boundary carries two strings and
 * no struct layouts.  Each call reads the first puzzle of its text, builds
 * its model, answers, and frees everything but the returned text, which
 * the caller gives back to skw_free.  Shapes (every object has "status"):
 *
 *   skw_solve(text, max, timeout)     {"status":"unique"|"multiple"|"none"|
 *                                      "solved"|"timeout"|"invalid",
 *                                      "size":N,"count":K,"complete":bool,
 *                                      "solution":"...","second":"...",
 *                                      "nodes":...,"guesses":...}
 *   skw_candidates(text, timeout)     {"status":...,"candidates":["13","2",...]}
 *   skw_rate(text, timeout)           {"status":...,"er":7.1,"ep":...,"ed":...,
 *                                      "er_technique":"forcing-chain",...}
 *   skw_explain(text, timeout, max)   {"status":...,"steps":[{"technique":...,
 *                                      "name":...,"rating":...,"text":...,
 *                                      "cell":K,"digit":D,"eliminations":
 *                                      [[cell,digit],...]}],"er":...}
 *   skw_generate(...)                 {"status":"unique","puzzle":"...",
 *                                      "solution":"...","givens":G,
 *                                      "tries":T,"seed":S}
 *   skw_describe(text)                {"status":...,"size":N,"givens":"...",
 *                                      "regions":[...],"rules":[{"kind":...,
 *                                      "name":...,"value":...,"aux":...,
 *                                      "cells":[...],"digits":[...]}]}
 *   skw_restate(text, values)         {"status":"ok","text":"..."}: the puzzle
 *                                      with digits written in, as text
 *
 * An unreadable puzzle is {"status":"invalid","error":{"line":L,
 * "column":C,"message":"..."}}.  Grids are strings of symbols ('.' for an
 * empty cell) up to 35x35, arrays of numbers above.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

/* ---- a growing JSON text ----------------------------------------------- */

typedef struct jb {
    char *s;
    size_t len, cap;
    int nomem;
} jb;

static void jb_put(jb *b, const char *s, size_t n)
{
    if (b->nomem)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *t = realloc(b->s, cap);
        if (!t) {
            b->nomem = 1;
            return;
        }
        b->s = t;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

/* A string literal, its length counted by the compiler. */
#define JB_LIT(b, lit) jb_put((b), (lit), sizeof(lit) - 1)

static void jb_printf(jb *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        jb_put(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static void jb_str(jb *b, const char *s)
{
    JB_LIT(b, "\"");
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            jb_put(b, e, 2);
        } else if (c < 0x20) {
            jb_printf(b, "\\u%04x", c);
        } else {
            jb_put(b, (const char *)&c, 1);
        }
    }
    JB_LIT(b, "\"");
}

/* A grid: symbols up to 35x35 ('.' empty), else an array of numbers. */
static void jb_grid(jb *b, int n, const uint8_t *g)
{
    if (n <= 35) {
        JB_LIT(b, "\"");
        for (int i = 0; i < n * n; i++) {
            char c = g[i] ? sk_alphabet_symbol(SK_ALPHABET_DIGITS, g[i]) : '.';
            jb_put(b, &c, 1);
        }
        JB_LIT(b, "\"");
        return;
    }
    JB_LIT(b, "[");
    for (int i = 0; i < n * n; i++)
        jb_printf(b, i ? ",%d" : "%d", g[i]);
    JB_LIT(b, "]");
}

static char *jb_done(jb *b)
{
    if (b->nomem) {
        free(b->s);
        return NULL;
    }
    return b->s;
}

EXPORT void skw_free(char *s) { free(s); }

/* ---- reading one puzzle -------------------------------------------------- */

typedef struct one {
    sk_reader *r;
    sk_puzzle p;
    sk_model *m;
    int n, nc;
} one;

static void one_close(one *o)
{
    sk_model_free(o->m);
    sk_reader_free(o->r);
}

/* Reads the first puzzle of text and builds its model; on failure writes
 * the invalid record into b, frees what it took and returns -1. */
static int one_open(one *o, const char *text, jb *b)
{
    sk_diag d;
    memset(o, 0, sizeof *o);
    memset(&d, 0, sizeof d);
    size_t len = text ? strlen(text) : 0;
    int rc = sk_reader_open_mem(text ? text : "", len, NULL, &o->r);
    if (rc == SK_OK)
        rc = sk_reader_next(o->r, &o->p, &d);
    if (rc == SK_DONE) {
        rc = SK_EPARSE;
        snprintf(d.message, sizeof d.message, "no puzzle in the text");
    }
    if (rc == SK_OK)
        rc = sk_model_new(&o->p.geom, &o->m, &d);
    if (rc != SK_OK) {
        jb_printf(b, "{\"status\":\"invalid\",\"error\":{\"line\":%ld,\"column\":%ld,\"message\":",
                  d.line, d.column);
        jb_str(b, d.message[0] ? d.message : sk_strerror(rc));
        JB_LIT(b, "}}");
        one_close(o); /* (the reader holds the text's buffers) */
        return -1;
    }
    o->n = o->p.geom.n;
    o->nc = o->n * o->n;
    return 0;
}

/* ---- searching ------------------------------------------------------------ */

typedef struct two {
    const uint8_t *first;
    uint8_t *second;
    int nc, has;
} two;

static int keep_second(void *user, const uint8_t *s)
{
    two *t = user;
    if (!t->has && t->first && memcmp(s, t->first, (size_t)t->nc) != 0) {
        memcpy(t->second, s, (size_t)t->nc);
        t->has = 1;
    }
    return 0;
}

EXPORT char *skw_solve(const char *text, double max, double timeout)
{
    jb b = {0};
    one o;
    if (one_open(&o, text, &b) != 0)
        return jb_done(&b);
    uint8_t *first = calloc((size_t)o.nc, 1), *second = calloc((size_t)o.nc, 1);
    sk_solver *s = NULL;
    sk_search_opts so = SK_SEARCH_OPTS_INIT;
    sk_result res;
    two t = {NULL, second, o.nc, 0};
    so.max_solutions = max < 0 ? 2 : (uint64_t)max;
    so.timeout = timeout;
    so.candidates = o.p.candidates;
    so.on_solution = keep_second;
    so.user = &t;
    int rc = first && second ? sk_solver_new(-1, &s) : SK_ENOMEM;
    /* the first solution is copied before the callback sees the second */
    if (rc == SK_OK) {
        t.first = first;
        rc = sk_solver_run(s, o.m, o.p.cells, &so, first, &res);
    }
    if (rc != SK_OK) {
        jb_printf(&b, "{\"status\":\"invalid\",\"error\":{\"line\":%ld,\"column\":0,\"message\":",
                  o.p.line);
        jb_str(&b, sk_strerror(rc));
        JB_LIT(&b, "}}");
    } else {
        const char *st;
        sk_verdict v = sk_result_verdict(&res);
        if (res.end == SK_END_TIMEOUT && res.solutions < 2)
            st = "timeout";
        else if (v == SK_VERDICT_UNIQUE)
            st = "unique";
        else if (v == SK_VERDICT_MULTIPLE)
            st = "multiple";
        else if (v == SK_VERDICT_NONE)
            st = "none";
        else
            st = "solved";
        jb_printf(&b, "{\"status\":\"%s\",\"size\":%d,\"count\":%llu,\"complete\":%s", st, o.n,
                  (unsigned long long)res.solutions,
                  res.end == SK_END_EXHAUSTED ? "true" : "false");
        if (res.solutions > 0) {
            JB_LIT(&b, ",\"solution\":");
            jb_grid(&b, o.n, first);
        }
        if (t.has) {
            JB_LIT(&b, ",\"second\":");
            jb_grid(&b, o.n, second);
        }
        jb_printf(&b, ",\"nodes\":%llu,\"guesses\":%llu}", (unsigned long long)res.nodes,
                  (unsigned long long)res.guesses);
    }
    sk_solver_free(s);
    free(first);
    free(second);
    one_close(&o);
    return jb_done(&b);
}

EXPORT char *skw_candidates(const char *text, double timeout)
{
    jb b = {0};
    one o;
    if (one_open(&o, text, &b) != 0)
        return jb_done(&b);
    uint64_t *out = calloc((size_t)o.nc, sizeof *out);
    sk_solver *s = NULL;
    sk_candidates_opts co = SK_CANDIDATES_OPTS_INIT;
    sk_candidates_result res;
    co.timeout = timeout;
    co.candidates = o.p.candidates;
    int rc = out ? sk_solver_new(-1, &s) : SK_ENOMEM;
    if (rc == SK_OK)
        rc = sk_candidates(s, o.m, o.p.cells, &co, out, NULL, &res);
    if (rc != SK_OK) {
        jb_printf(&b, "{\"status\":\"invalid\",\"error\":{\"line\":0,\"column\":0,\"message\":");
        jb_str(&b, sk_strerror(rc));
        JB_LIT(&b, "}}");
    } else {
        int empty = 0;
        for (int c = 0; c < o.nc; c++)
            empty |= out[c] == 0;
        const char *st = res.end == SK_END_TIMEOUT ? "timeout" : empty ? "none" : "ok";
        jb_printf(&b, "{\"status\":\"%s\",\"size\":%d,\"candidates\":[", st, o.n);
        for (int c = 0; c < o.nc; c++) {
            jb_put(&b, c ? ",[" : "[", c ? 2 : 1);
            int k = 0;
            for (int d = 1; d <= o.n; d++)
                if (out[c] >> (d - 1) & 1u)
                    jb_printf(&b, k++ ? ",%d" : "%d", d);
            JB_LIT(&b, "]");
        }
        JB_LIT(&b, "]}");
    }
    sk_solver_free(s);
    free(out);
    one_close(&o);
    return jb_done(&b);
}

/* ---- the logical solver ---------------------------------------------------- */

static void jb_rating(jb *b, const sk_rating *r)
{
    jb_printf(b, ",\"er\":%.1f,\"ep\":%.1f,\"ed\":%.1f", r->er / 10.0, r->ep / 10.0,
              r->ed / 10.0);
    const char *k[3] = {sk_tech_keyword(r->er_tech), sk_tech_keyword(r->ep_tech),
                        sk_tech_keyword(r->ed_tech)};
    static const char *const names[3] = {"er_technique", "ep_technique", "ed_technique"};
    for (int i = 0; i < 3; i++) {
        jb_printf(b, ",\"%s\":", names[i]);
        if (k[i])
            jb_str(b, k[i]);
        else
            JB_LIT(b, "null");
    }
    jb_printf(b, ",\"stuck\":%s", r->stuck ? "true" : "false");
}

/* A step as JSON; cand: the candidates it was found among (for "where",
 * the hint that does not give it away: sk_step_describe_vague). */
static void jb_step(jb *b, const sk_model *m, const sk_step *s, const uint64_t *cand)
{
    char name[160], text[8192]; /* (as long as the tool's: cli/logic.c) */
    sk_step_name(s, name, sizeof name);
    sk_step_describe(m, s, SK_ALPHABET_AUTO, text, sizeof text);
    JB_LIT(b, "{\"technique\":");
    jb_str(b, sk_tech_keyword(s->technique));
    JB_LIT(b, ",\"name\":");
    jb_str(b, name);
    jb_printf(b, ",\"rating\":%.1f,\"text\":", s->rating / 10.0);
    jb_str(b, text);
    JB_LIT(b, ",\"where\":");
    jb_str(b, sk_step_describe_vague(m, s, cand, 2, SK_ALPHABET_AUTO, text, sizeof text));
    jb_printf(b, ",\"cell\":%d,\"digit\":%d,\"eliminations\":[", s->cell, s->digit);
    for (int i = 0; i < s->nelim; i++)
        jb_printf(b, i ? ",[%d,%d]" : "[%d,%d]", s->elim[i].cell, s->elim[i].digit);
    JB_LIT(b, "],\"cells\":[");
    for (int i = 0; i < s->ncells; i++)
        jb_printf(b, i ? ",%d" : "%d", s->cells[i]);
    JB_LIT(b, "],\"houses\":[");
    for (int i = 0; i < s->nhouses && i < 8; i++) {
        char house[64];
        if (i)
            JB_LIT(b, ",");
        jb_str(b, sk_model_house_name(m, s->houses[i], house, sizeof house));
    }
    JB_LIT(b, "],\"digits\":[");
    for (int d = 1, k = 0; d <= 64; d++)
        if (s->digits >> (d - 1) & 1)
            jb_printf(b, k++ ? ",%d" : "%d", d);
    jb_printf(b, "],\"subtype\":%d", s->subtype);
    if (s->technique == SK_TECH_VARIANT_RULE) {
        JB_LIT(b, ",\"rule\":");
        if (s->rule >= 0) {
            char what[160];
            jb_str(b, sk_model_rule_describe(m, s->rule, what, sizeof what));
            if (s->rule2 != -1) {
                JB_LIT(b, ",\"rule2\":");
                jb_str(b, s->rule2 >= 0 ? sk_model_rule_describe(m, s->rule2, what, sizeof what)
                                        : "several");
            }
        } else {
            char what[512];
            jb_printf(b, "\"implied\",\"total\":%d", s->total);
            JB_LIT(b, ",\"source\":");
            jb_str(b, sk_step_rule_source(m, s, what, sizeof what));
        }
    }
    /* a chain's branches, each link with what it follows from */
    JB_LIT(b, ",\"branches\":[");
    for (int k = 0; s->nnodes > 0 && k < s->nbranches; k++) {
        if (k)
            JB_LIT(b, ",");
        JB_LIT(b, "[");
        for (int i = s->branch[k]; i < s->branch[k + 1]; i++) {
            const sk_node *x = &s->nodes[i];
            if (i > s->branch[k])
                JB_LIT(b, ",");
            jb_printf(b, "{\"cell\":%d,\"digit\":%d,\"on\":", x->cell, x->digit);
            if (x->on)
                JB_LIT(b, "true");
            else
                JB_LIT(b, "false");
            if (i > s->branch[k] && x->rule) {
                char what[512];
                JB_LIT(b, ",\"rule\":");
                jb_str(b, sk_node_rule_describe(m, x, what, sizeof what));
            }
            JB_LIT(b, "}");
        }
        JB_LIT(b, "]");
    }
    JB_LIT(b, "]}");
}

/* Walks the logical path: all steps (max_steps 0) or the first max_steps.
 * what: 0 rate, 1 explain. */
static char *logic(const char *text, double timeout, int max_steps, int what)
{
    jb b = {0};
    one o;
    if (one_open(&o, text, &b) != 0)
        return jb_done(&b);
    sk_logic *l = NULL;
    sk_solver *s = NULL;
    sk_search_opts so = SK_SEARCH_OPTS_INIT;
    sk_result res;
    so.timeout = timeout;
    so.candidates = o.p.candidates;
    int rc = sk_solver_new(-1, &s);
    if (rc == SK_OK)
        rc = sk_solver_run(s, o.m, o.p.cells, &so, NULL, &res);
    if (rc == SK_OK && sk_result_verdict(&res) != SK_VERDICT_UNIQUE) {
        sk_verdict v = sk_result_verdict(&res);
        jb_printf(&b, "{\"status\":\"%s\"}",
                  v == SK_VERDICT_NONE       ? "none"
                  : v == SK_VERDICT_MULTIPLE ? "multiple"
                                             : "timeout");
        goto done;
    }
    if (rc == SK_OK)
        rc = sk_logic_new(o.m, &l);
    if (rc == SK_OK) {
        sk_logic_set_timeout(l, timeout);
        rc = o.p.candidates ? sk_logic_start_candidates(l, o.p.cells, o.p.candidates)
                            : sk_logic_start(l, o.p.cells);
    }
    if (rc != SK_OK) {
        JB_LIT(&b, "{\"status\":\"invalid\",\"error\":{\"line\":0,\"column\":0,\"message\":");
        jb_str(&b, sk_strerror(rc));
        JB_LIT(&b, "}}");
        goto done;
    }
    sk_rating r;
    sk_rating_init(&r);
    JB_LIT(&b, "{\"status\":\"unique\"");
    if (what == 1)
        JB_LIT(&b, ",\"steps\":[");
    int k = 0, timed_out = 0;
    while (!sk_logic_solved(l) && (!max_steps || k < max_steps)) {
        sk_step st;
        int found = sk_logic_next(l, &st);
        if (found == SK_ETIME) {
            timed_out = 1;
            break;
        }
        if (found <= 0) {
            sk_rating_stuck(&r);
            break;
        }
        if (what == 1) {
            if (k)
                JB_LIT(&b, ",");
            jb_step(&b, o.m, &st, sk_logic_candidates(l));
        }
        k++;
        sk_rating_add(&r, &st);
        sk_logic_apply(l, &st);
    }
    if (what == 1)
        JB_LIT(&b, "]");
    jb_printf(&b, ",\"solved\":%s,\"timeout\":%s", sk_logic_solved(l) ? "true" : "false",
              timed_out ? "true" : "false");
    jb_rating(&b, &r);
    JB_LIT(&b, "}");
done:
    sk_logic_free(l);
    sk_solver_free(s);
    one_close(&o);
    return jb_done(&b);
}

EXPORT char *skw_rate(const char *text, double timeout) { return logic(text, timeout, 0, 0); }

EXPORT char *skw_explain(const char *text, double timeout, int max_steps)
{
    return logic(text, timeout, max_steps, 1);
}

/* ---- describing and making puzzles ---------------------------------------- */

EXPORT char *skw_describe(const char *text)
{
    jb b = {0};
    one o;
    if (one_open(&o, text, &b) != 0)
        return jb_done(&b);
    char desc[200];
    jb_printf(&b, "{\"status\":\"ok\",\"size\":%d,\"description\":", o.n);
    jb_str(&b, sk_model_describe(o.m, desc, sizeof desc));
    JB_LIT(&b, ",\"givens\":");
    jb_grid(&b, o.n, o.p.cells);
    JB_LIT(&b, ",\"regions\":[");
    for (int c = 0; c < o.nc; c++)
        jb_printf(&b, c ? ",%d" : "%d", sk_model_region(o.m, c));
    JB_LIT(&b, "],\"rules\":[");
    for (int k = 0; k < sk_model_rule_count(o.m); k++) {
        const sk_rule *r = sk_model_rule(o.m, k);
        char name[160];
        jb_put(&b, k ? ",{\"kind\":" : "{\"kind\":", k ? 9 : 8);
        jb_str(&b, sk_rule_keyword(r->kind));
        JB_LIT(&b, ",\"name\":");
        jb_str(&b, sk_model_rule_describe(o.m, k, name, sizeof name));
        jb_printf(&b, ",\"value\":%d,\"aux\":%d,\"cells\":[", r->value, r->aux);
        for (int i = 0; i < r->ncells; i++)
            jb_printf(&b, i ? ",%d" : "%d", r->cells[i]);
        JB_LIT(&b, "],\"digits\":[");
        for (int i = 0; i < r->ndigits; i++)
            jb_printf(&b, i ? ",%d" : "%d", r->digits[i]);
        JB_LIT(&b, "]}");
    }
    JB_LIT(&b, "]}");
    one_close(&o);
    return jb_done(&b);
}

EXPORT char *skw_generate(int size, int box_rows, int box_cols, int symmetry, int min_givens,
                          int max_givens, int minimal, int min_rating, int max_rating,
                          int needs, int no_guess, double seed, double timeout)
{
    jb b = {0};
    sk_geometry g = SK_GEOMETRY_INIT(size);
    g.box_rows = box_rows;
    g.box_cols = box_cols;
    sk_model *m = NULL;
    sk_generator *gen = NULL;
    sk_diag d;
    memset(&d, 0, sizeof d);
    int nc = size > 0 && size <= SK_MAX_N ? size * size : 1;
    uint8_t *p = calloc((size_t)nc, 1), *s = calloc((size_t)nc, 1);
    int rc = p && s ? sk_model_new(&g, &m, &d) : SK_ENOMEM;
    if (rc == SK_OK)
        rc = sk_generator_new(m, &gen);
    sk_generate_opts o = SK_GENERATE_OPTS_INIT;
    sk_generate_result r;
    o.seed = (uint64_t)seed;
    o.symmetry = symmetry;
    o.min_givens = min_givens;
    o.max_givens = max_givens;
    o.minimal = minimal;
    o.min_rating = min_rating;
    o.max_rating = max_rating;
    o.needs = needs;
    o.no_guess = no_guess;
    o.timeout = timeout;
    o.rate_timeout = timeout;
    if (rc == SK_OK)
        rc = sk_generate(gen, &o, p, s, &r);
    if (rc != SK_OK) {
        jb_printf(&b, "{\"status\":\"%s\",\"error\":{\"line\":0,\"column\":0,\"message\":",
                  rc == SK_ETIME ? "timeout" : "invalid");
        jb_str(&b, d.message[0] ? d.message : sk_strerror(rc));
        JB_LIT(&b, "}}");
    } else {
        jb_printf(&b, "{\"status\":\"unique\",\"size\":%d,\"seed\":%.0f,\"givens\":%d,\"puzzle\":",
                  size, seed, r.givens);
        jb_grid(&b, size, p);
        JB_LIT(&b, ",\"solution\":");
        jb_grid(&b, size, s);
        if (r.rated)
            jb_rating(&b, &r.rating);
        jb_printf(&b, ",\"tries\":%llu}", (unsigned long long)r.tries);
    }
    sk_generator_free(gen);
    sk_model_free(m);
    free(p);
    free(s);
    return jb_done(&b);
}

/* The puzzle of text with the digits of values (a string of N*N symbols,
 * '.' or '0' for none) written over its cells, as text again: its grid in
 * line form (grid form above 35x35), then its geometry and rules, as the
 * reader takes them.  {"status":"ok","text":"..."}. */
EXPORT char *skw_restate(const char *text, const char *values)
{
    jb b = {0};
    one o;
    if (one_open(&o, text, &b) != 0)
        return jb_done(&b);
    uint8_t *g = malloc((size_t)o.nc);
    char *t = NULL, *r = NULL;
    int rc = g ? SK_OK : SK_ENOMEM;
    if (rc == SK_OK) {
        memcpy(g, o.p.cells, (size_t)o.nc);
        size_t len = values ? strlen(values) : 0;
        for (int c = 0; c < o.nc && (size_t)c < len; c++) {
            char ch = values[c];
            int v = ch >= '1' && ch <= '9' ? ch - '0'
                    : ch >= 'A' && ch <= 'Z' ? ch - 'A' + 10
                    : ch >= 'a' && ch <= 'z' ? ch - 'a' + 10
                                             : 0;
            if (v >= 1 && v <= o.n)
                g[c] = (uint8_t)v;
        }
        sk_format f = o.n <= 35 ? SK_FORMAT_LINE : SK_FORMAT_GRID;
        long n1 = sk_write(NULL, 0, &o.p.geom, g, f, SK_ALPHABET_AUTO);
        long n2 = sk_write_rules(NULL, 0, &o.p.geom);
        rc = n1 < 0 ? (int)n1 : n2 < 0 ? (int)n2 : SK_OK;
        if (rc == SK_OK) {
            t = malloc((size_t)n1 + 1);
            r = malloc((size_t)n2 + 1);
            if (!t || !r)
                rc = SK_ENOMEM;
        }
        if (rc == SK_OK) {
            sk_write(t, (size_t)n1 + 1, &o.p.geom, g, f, SK_ALPHABET_AUTO);
            sk_write_rules(r, (size_t)n2 + 1, &o.p.geom);
        }
    }
    if (rc != SK_OK) {
        jb_printf(&b, "{\"status\":\"invalid\",\"error\":{\"line\":0,\"column\":0,\"message\":");
        jb_str(&b, sk_strerror(rc));
        JB_LIT(&b, "}}");
    } else {
        JB_LIT(&b, "{\"status\":\"ok\",\"text\":");
        size_t tl = strlen(t), rl = strlen(r);
        char *all = malloc(tl + rl + 1);
        if (!all) {
            b.nomem = 1;
        } else {
            memcpy(all, t, tl);
            memcpy(all + tl, r, rl + 1);
            jb_str(&b, all);
            free(all);
        }
        JB_LIT(&b, "}");
    }
    free(g);
    free(t);
    free(r);
    one_close(&o);
    return jb_done(&b);
}

/* Keyword lookups for the JavaScript side. */
EXPORT int skw_symmetry(const char *k) { return sk_symmetry_parse(k); }
EXPORT int skw_technique(const char *k) { return sk_tech_parse(k); }
EXPORT const char *skw_version(void) { return sk_version(); }
