/*
 * cmd_best.c - `sudokit best`: for each puzzle the largest (or, with
 * --minimize, smallest) value of sum(weight x digit) over all its
 * solutions, and one solution that reaches it (sk_best).
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

typedef struct best_ctx {
    int32_t *weights;  /* --weights FILE, or NULL for the target weights */
    int wn;            /* side the file describes */
    int started;       /* a text record was printed */
    int prev_multiline;
} best_ctx;

int cli_best_search(cli_worker *w, cli_item *it, const int32_t *weights, int minimize)
{
    sk_best_opts o = SK_BEST_OPTS_INIT;
    sk_best_result r;
    struct timespec t0, t1;
    int rc;
    o.minimize = minimize;
    o.timeout = w->batch->args->timeout;
    o.candidates = cli_marks(it);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    rc = sk_best(it->model, it->cells, weights, &o, it->solution, &r);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    it->usec = (uint64_t)((t1.tv_sec - t0.tv_sec) * 1000000LL + (t1.tv_nsec - t0.tv_nsec) / 1000);
    if (rc != SK_OK) {
        it->status = CLI_ST_INVALID;
        it->diag.line = it->line;
        it->diag.column = 0;
        snprintf(it->diag.message, sizeof it->diag.message, "%s", sk_strerror(rc));
        it->system_error = rc == SK_ENOMEM;
        return -1;
    }
    it->searched = 1;
    it->res.solutions = r.found ? 1u : 0u;
    it->res.nodes = r.nodes;
    it->res.guesses = r.guesses;
    it->res.end = r.end;
    it->has_solution = r.found;
    it->score = r.value;
    if (r.end != SK_END_EXHAUSTED)
        it->status = CLI_ST_TIMEOUT;
    else
        it->status = r.found ? CLI_ST_SOLVED : CLI_ST_NONE;
    return 0;
}

static void best_work(cli_worker *w, cli_item *it)
{
    const best_ctx *c = w->batch->ctx;
    if (c->weights && c->wn != it->geom.n) {
        it->status = CLI_ST_INVALID;
        it->diag.line = it->line;
        it->diag.column = 0;
        snprintf(it->diag.message, sizeof it->diag.message,
                 "the weights are for a %dx%d grid, the puzzle is %dx%d", c->wn, c->wn,
                 it->geom.n, it->geom.n);
        return;
    }
    cli_best_search(w, it, c->weights, w->batch->args->minimize);
}

static void best_emit(cli_batch *b, cli_item *it)
{
    best_ctx *c = b->ctx;
    int complete = it->searched && it->res.end == SK_END_EXHAUSTED;
    if (b->args->json) {
        cli_json_begin(stdout, it);
        if (it->searched) {
            if (it->has_solution) {
                printf(",\"score\":%" PRId64 ",\"solution\":", it->score);
                cli_json_grid(stdout, it->geom.n, it->alphabet, it->solution);
            }
            printf(",\"complete\":%s", complete ? "true" : "false");
        }
        cli_json_end(stdout, it);
    } else {
        int multiline = cli_form_multiline(cli_output_form(b->args, it));
        int shown = it->status == CLI_ST_SOLVED;
        if (c->started && shown && (multiline || c->prev_multiline))
            putchar('\n');
        if (shown) {
            printf("%" PRId64 "\n", it->score);
            if (cli_print_grid(b, it, it->solution, -1) != 0)
                printf("%s\n", cli_status_name(it->status));
        } else {
            printf("%s\n", cli_status_name(it->status));
        }
        c->started = 1;
        c->prev_multiline = shown && multiline;
    }
    if (it->status == CLI_ST_NONE || it->status == CLI_ST_TIMEOUT)
        cli_batch_exit(b, CLI_EXIT_UNSOLVED);
}

/* Reads --weights FILE: N rows of N integers; '#' starts a comment.
 * Returns 0, or an exit code after printing why. */
static int read_weights(const char *name, best_ctx *c)
{
    FILE *fp = fopen(name, "r");
    char line[SK_MAX_LINE + 2];
    long lineno = 0;
    int rows = 0, cols = -1, first_line = 0;
    size_t count = 0, cap = 0;
    int32_t *v = NULL;
    if (!fp) {
        cli_error("%s: %s", name, strerror(errno));
        return CLI_EXIT_INPUT;
    }
    while (fgets(line, sizeof line, fp)) {
        char *p = line, *hash = strchr(line, '#');
        int k = 0;
        lineno++;
        if (hash)
            *hash = '\0';
        for (;;) {
            char *end;
            long x;
            while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == ',')
                p++;
            if (!*p)
                break;
            errno = 0;
            x = strtol(p, &end, 10);
            if (end == p || errno || x < INT32_MIN || x > INT32_MAX ||
                (*end && !strchr(" \t\r\n,", *end))) {
                char msg[120];
                size_t len = strcspn(p, " \t\r\n,");
                snprintf(msg, sizeof msg, "weight '%.*s' is not an integer of 32 bits",
                         (int)(len > 40 ? 40 : len), p);
                cli_diag_print(name, lineno, (long)(p - line) + 1, msg);
                free(v);
                fclose(fp);
                return CLI_EXIT_INPUT;
            }
            if (count == cap) {
                size_t nc = cap ? 2 * cap : 256;
                int32_t *q = realloc(v, nc * sizeof *q);
                if (!q) {
                    free(v);
                    fclose(fp);
                    cli_error("error: %s", sk_strerror(SK_ENOMEM));
                    return CLI_EXIT_SYSTEM;
                }
                v = q;
                cap = nc;
            }
            v[count++] = (int32_t)x;
            k++;
            p = end;
        }
        if (!k)
            continue;
        if (cols < 0) {
            cols = k;
            first_line = (int)lineno;
        } else if (k != cols) {
            char msg[160];
            snprintf(msg, sizeof msg, "%d weights in this row, %d in the first (line %d)", k,
                     cols, first_line);
            cli_diag_print(name, lineno, 0, msg);
            free(v);
            fclose(fp);
            return CLI_EXIT_INPUT;
        }
        rows++;
    }
    fclose(fp);
    if (rows == 0 || rows != cols || cols > SK_MAX_N) {
        char msg[160];
        if (rows == 0)
            snprintf(msg, sizeof msg, "no weights (expected N rows of N integers)");
        else
            snprintf(msg, sizeof msg,
                     "%d rows of %d weights: expected N rows of N integers, one per cell", rows,
                     cols);
        cli_diag_print(name, 0, 0, msg);
        free(v);
        return CLI_EXIT_INPUT;
    }
    c->weights = v;
    c->wn = rows;
    return 0;
}

static int best_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {best_work, best_emit, 1, 1, 0};
    cli_args a;
    sk_read_opts ro;
    best_ctx c;
    int rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    memset(&c, 0, sizeof c);
    if (a.weights && (rc = read_weights(a.weights, &c)) != 0)
        return rc;
    cli_read_opts(&a, &ro);
    rc = cli_batch_run(&a, a.operands, a.noperands, &ro, &ops, &c);
    free(c.weights);
    return rc;
}

const cli_command cli_cmd_best = {
    "best",
    CLI_CMD_BEST,
    "[FILE...]",
    "the best value of sum(weight x digit) over all solutions",
    "For each puzzle, finds the largest value of sum(weight x digit) over all\n"
    "its solutions (--minimize: the smallest) and one solution that reaches it,\n"
    "proven optimal by branch and bound, without listing the solutions.  The\n"
    "weights are the target scores of NOIP 2009 (6 + the distance of the cell\n"
    "to the nearest border: rings of 6 to 10 on 9x9, any N) unless --weights\n"
    "FILE gives one integer per cell.  Every geometry works.\n"
    "\n"
    "Text output: for each puzzle, the value on one line, then the solution in\n"
    "the form and alphabet it was read in (or --output); grid forms are\n"
    "separated by a blank line.  A puzzle without solution gives the line\n"
    "none; invalid and timeout likewise.\n"
    "\n"
    "JSON output (--json): one object per puzzle, in input order:\n"
    "  {\"index\":0,\"status\":\"solved\",\"score\":2829,\"solution\":\"...\",\n"
    "   \"complete\":true,\"nodes\":5,\"guesses\":1,\"time_us\":80}\n"
    "status is solved (the optimum is proven), none, timeout or invalid; a\n"
    "timeout keeps the best solution found so far as score and solution with\n"
    "\"complete\":false.  Solutions and errors are written as for solve.",
    best_run,
    NULL,
    NULL,
};
