/*
 * cmd_candidates.c - `sudokit candidates`: the true candidates of each
 * puzzle (the digits each cell holds in at least one solution), with how
 * many solutions hold each one up to --limit, as a pencil-mark grid or
 * JSON (sk_candidates does the work).  With --basic, the pencil marks the
 * simple techniques leave instead (sk_logic, limited to singles and
 * locked candidates): what a person has before anything harder.  A
 * puzzle given as pencil marks starts from them either way.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

/* One block (the batch frees a payload with a single free): the masks
 * and counts follow the struct. */
typedef struct cand_result {
    sk_candidates_result res;
    int steps;        /* --basic: steps applied */
    uint64_t *masks;  /* N*N */
    uint64_t *counts; /* N*N*N, or NULL */
} cand_result;

typedef struct cand_ctx {
    int started;
    int prev_multiline;
} cand_ctx;

/* The highest rating --basic applies, in tenths of Sudoku Explainer's
 * scale: 2.8 is claiming, so singles, pointing and claiming (and their
 * "direct" forms) are in, naked pairs (3.0) are out; so are the variant
 * rules' own steps up to a digit a rule's cells in a house must hold
 * (1.6 to 2.8), and a candidate a rule cannot hold with (3.1) is out. */
#define BASIC_LIMIT 28

static void cand_invalid(cli_item *it, int rc, const char *msg)
{
    it->status = CLI_ST_INVALID;
    it->diag.line = it->line;
    it->diag.column = 0;
    snprintf(it->diag.message, sizeof it->diag.message, "%s", msg ? msg : sk_strerror(rc));
    it->system_error = rc == SK_ENOMEM;
}

/* --basic: steps of at most BASIC_LIMIT from the givens (or the puzzle's
 * marks) until none applies. */
static void basic_work(cli_worker *w, cli_item *it)
{
    (void)w;
    const size_t nc = (size_t)it->geom.n * (size_t)it->geom.n;
    cand_result *r = malloc(sizeof *r + nc * sizeof(uint64_t));
    sk_logic *l = NULL;
    int rc = r ? sk_logic_new(it->model, &l) : SK_ENOMEM;
    struct timespec t0, t1;
    if (rc != SK_OK) {
        free(r);
        cand_invalid(it, rc, NULL);
        return;
    }
    memset(r, 0, sizeof *r);
    r->masks = (uint64_t *)(void *)(r + 1);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    sk_logic_set_limit(l, BASIC_LIMIT);
    rc = cli_logic_start(l, it);
    int none = rc == SK_EINVAL; /* a given its cell's marks rule out */
    if (rc == SK_OK) {
        sk_step st;
        while ((rc = sk_logic_next(l, &st)) > 0) {
            sk_logic_apply(l, &st);
            r->steps++;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    it->usec = (uint64_t)((t1.tv_sec - t0.tv_sec) * 1000000 + (t1.tv_nsec - t0.tv_nsec) / 1000);
    if (rc < 0 && !none) {
        sk_logic_free(l);
        free(r);
        cand_invalid(it, rc, NULL);
        return;
    }
    memcpy(r->masks, sk_logic_candidates(l), nc * sizeof(uint64_t));
    if (!none && rc == 0) { /* stopped where a cell has no candidate, or a
                               house no place for a digit */
        sk_why why;
        none = sk_logic_contradiction(l, it->alphabet, &why) == 1;
    }
    /* singles and locked candidates are sound: a grid they fill is the
       only solution when it holds, and none when it does not */
    if (!none && sk_logic_solved(l) && !sk_verify(it->model, NULL, sk_logic_values(l)))
        none = 1;
    r->res.end = SK_END_EXHAUSTED;
    it->status = none ? CLI_ST_NONE : sk_logic_solved(l) ? CLI_ST_UNIQUE : CLI_ST_OPEN;
    it->payload = r;
    sk_logic_free(l);
}

static uint64_t cap_of(const cli_args *a) { return a->limit ? a->limit : 1; }

static void cand_work(cli_worker *w, cli_item *it)
{
    const cli_args *a = w->batch->args;
    const int n = it->geom.n;
    const size_t nc = (size_t)n * (size_t)n;
    const size_t ncounts = cap_of(a) > 1 ? nc * (size_t)n : 0;
    if (a->basic) {
        basic_work(w, it);
        return;
    }
    cand_result *r = malloc(sizeof *r + (nc + ncounts) * sizeof(uint64_t));
    int rc = SK_ENOMEM;
    if (r) {
        memset(&r->res, 0, sizeof r->res);
        r->masks = (uint64_t *)(void *)(r + 1);
        r->counts = ncounts ? r->masks + nc : NULL;
    }
    if (r && (w->solver || sk_solver_new(a->engine, &w->solver) == SK_OK)) {
        sk_candidates_opts o = SK_CANDIDATES_OPTS_INIT;
        o.cap = cap_of(a);
        o.timeout = a->timeout;
        o.candidates = cli_marks(it);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        rc = sk_candidates(w->solver, it->model, it->cells, &o, r->masks, r->counts, &r->res);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        it->usec = (uint64_t)((t1.tv_sec - t0.tv_sec) * 1000000 + (t1.tv_nsec - t0.tv_nsec) / 1000);
    }
    if (rc != SK_OK) {
        free(r);
        if (rc == SK_EUNSUPPORTED)
            cli_unsupported(it, a->engine);
        else
            cand_invalid(it, rc, NULL);
        return;
    }
    it->payload = r;
    it->searched = 1;
    it->res.nodes = r->res.nodes;
    it->res.guesses = r->res.guesses;
    if (r->res.end != SK_END_EXHAUSTED) {
        it->status = CLI_ST_TIMEOUT;
        return;
    }
    int none = 0, multiple = 0;
    for (size_t i = 0; i < nc; i++) {
        none |= r->masks[i] == 0;
        multiple |= (r->masks[i] & (r->masks[i] - 1)) != 0;
    }
    it->status = none ? CLI_ST_NONE : multiple ? CLI_ST_MULTIPLE : CLI_ST_UNIQUE;
}

static void print_counts(const cli_item *it, const cand_result *r, uint64_t cap)
{
    const int n = it->geom.n;
    char sym[8];
    for (int i = 0; i < n * n; i++) {
        uint64_t m = r->masks[i];
        if (!(m & (m - 1)))
            continue;
        printf("r%dc%d:", i / n + 1, i % n + 1);
        for (int first = 1; m; m &= m - 1, first = 0) {
            int d = __builtin_ctzll(m);
            uint64_t k = r->counts[(size_t)i * n + d];
            printf("%s %s (%" PRIu64 "%s)", first ? "" : ",", cli_symbol(it->alphabet, n, d + 1, sym), k,
                   k >= cap ? "+" : "");
        }
        putchar('\n');
    }
}

static void json_candidates(const cli_item *it, const cand_result *r, uint64_t cap)
{
    const int n = it->geom.n;
    char sym[8];
    cli_out o = {stdout, NULL, 0, 0, 0};
    cli_candidate_json(&o, it, r->masks);
    if (r->counts) {
        fputs(",\"counts\":[", stdout);
        for (int i = 0; i < n * n; i++) {
            putchar(i ? ',' : '{');
            if (i)
                putchar('{');
            for (uint64_t m = r->masks[i]; m; m &= m - 1) {
                int d = __builtin_ctzll(m);
                if (m != r->masks[i])
                    putchar(',');
                cli_json_string(stdout, cli_symbol(it->alphabet, n, d + 1, sym));
                printf(":%" PRIu64, r->counts[(size_t)i * n + d]);
            }
            putchar('}');
        }
        printf("],\"cap\":%" PRIu64, cap);
    }
}

static void cand_emit(cli_batch *b, cli_item *it)
{
    cand_ctx *c = b->ctx;
    const cand_result *r = it->payload;
    const uint64_t cap = cap_of(b->args);
    int shown = r && (it->status == CLI_ST_UNIQUE || it->status == CLI_ST_MULTIPLE ||
                      it->status == CLI_ST_OPEN);
    if (b->args->json) {
        cli_json_begin(stdout, it);
        if (r && b->args->basic)
            printf(",\"steps\":%d", r->steps);
        else if (r)
            printf(",\"complete\":%s", r->res.end == SK_END_EXHAUSTED ? "true" : "false");
        if (r)
            json_candidates(it, r, cap);
        if (r && !b->args->basic)
            printf(",\"searches\":%" PRIu64, r->res.searches);
        cli_json_end(stdout, it);
    } else {
        sk_format form = b->args->output >= 0 ? (sk_format)b->args->output : SK_FORMAT_PENCIL;
        int multiline = form == SK_FORMAT_PENCIL || (r && r->counts);
        if (c->started && (multiline || c->prev_multiline))
            putchar('\n');
        c->started = 1;
        c->prev_multiline = multiline;
        if (shown) {
            /* the marks, then (to read back: not with the counts, which
               no reader takes) the shape and rules, or the counts */
            cli_out o = {stdout, NULL, 0, 0, 0};
            if (cli_print_marks(b, it, r->masks, form) != 0)
                ;
            else if (r->counts)
                print_counts(it, r, cap);
            else if (cli_out_rules(&o, &it->geom) != 0)
                cli_batch_exit(b, CLI_EXIT_SYSTEM);
        } else {
            printf("%s\n", cli_status_name(it->status));
        }
    }
    if (it->status == CLI_ST_TIMEOUT)
        cli_batch_exit(b, CLI_EXIT_UNSOLVED);
}

static int cand_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {cand_work, cand_emit, 1, 1, 0};
    cli_args a;
    sk_read_opts ro;
    cand_ctx c = {0};
    int rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    if (a.output >= 0 && a.output != SK_FORMAT_PENCIL && a.output != SK_FORMAT_SUKAKU)
        return cli_usage_error(cmd, "candidates writes pencil marks: --output pencil or sukaku, "
                                    "not %s",
                               sk_format_name((sk_format)a.output));
    if (a.basic && a.limit)
        return cli_usage_error(cmd, "--basic counts no solutions: leave out --limit");
    if (a.basic && a.engine >= 0)
        return cli_usage_error(cmd, "--basic runs no search engine: leave out --engine");
    cli_read_opts(&a, &ro);
    return cli_batch_run(&a, a.operands, a.noperands, &ro, &ops, &c);
}

const cli_command cli_cmd_candidates = {
    "candidates",
    CLI_CMD_CANDIDATES,
    "[FILE...]",
    "the digits each cell holds in at least one solution",
    "Finds the true candidates of each puzzle: for every cell, the digits it\n"
    "holds in at least one solution.  With --limit N (N > 1) it also counts,\n"
    "for each candidate, the solutions that hold it, up to N.  Far cheaper than\n"
    "listing the solutions: one search per candidate that no earlier search\n"
    "settled.  Works for every geometry and every variant rule.  A puzzle\n"
    "given as pencil marks gets the true candidates within its marks.\n"
    "\n"
    "With --basic: the pencil marks a person has after the simple techniques\n"
    "instead, naked and hidden singles, the direct hidden pair and triple,\n"
    "pointing and claiming (up to 2.8 on Sudoku Explainer's scale), applied\n"
    "until none applies; no search runs.\n"
    "With variant rules, each rule's own deductions too (a cage's digit\n"
    "combinations, a thermometer's order, sums the cages imply, a digit a\n"
    "rule's cells in a house must hold...).  Status\n"
    "open when cells are left open, unique when the techniques solve the\n"
    "puzzle, none when they reach a contradiction.\n"
    "\n"
    "Text output: the candidates as a grid, each cell's digits run together\n"
    "(separated by commas when a symbol takes several characters), boxes\n"
    "marked with '|' and '-+-' lines; with --limit N, then one line per cell\n"
    "with several candidates:\n"
    "  r1c3: 1 (3), 2 (8+), 4 (1)\n"
    "where 8+ means N or more.  A puzzle with no solution gives the line\n"
    "'none'; one cut short by --timeout, 'timeout' (exit status 1).  Grids are\n"
    "separated by a blank line; a jigsaw's region rows follow its grid, then\n"
    "(without --limit) the puzzle's shape and rules as 'convert' writes them\n"
    "('box 2x3', cages...), so that the text reads back as the same puzzle\n"
    "within these pencil marks.  With --output sukaku each puzzle's marks are\n"
    "one line of N*N*N characters instead ('1.3......' for a cell holding 1\n"
    "and 3).\n"
    "\n"
    "JSON output (--json): one object per puzzle, in input order:\n"
    "  {\"index\":0,\"status\":\"multiple\",\"complete\":true,\n"
    "   \"candidates\":[\"5\",\"3\",\"124\",...],\"searches\":97,...}\n"
    "status is unique (one candidate in every cell), multiple, none, timeout\n"
    "or invalid (--basic: open, unique, none or invalid, with \"steps\", the\n"
    "steps applied, in place of \"complete\" and \"searches\"); candidates\n"
    "lists every cell row by row (digits as symbols, or arrays of integers\n"
    "when N > 35).  With --limit N: \"counts\":[{\"1\":3,\"2\":8},...] per cell\n"
    "(capped at N) and \"cap\":N.  With --timeout the candidates of an\n"
    "incomplete run (\"complete\":false) are those not yet ruled out.",
    cand_run,
    NULL,
    NULL,
};
