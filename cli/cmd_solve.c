/*
 * cmd_solve.c - `sudokit solve`: the solution of each puzzle and the proof
 * that it is the only one (or, with --first, the first solution found).
 */
#include "cli.h"

typedef struct solve_ctx {
    int started;       /* a record was printed */
    int prev_multiline; /* the previous record spanned several lines */
} solve_ctx;

static void solve_work(cli_worker *w, cli_item *it)
{
    if (cli_search(w, it, w->batch->args->first ? 1 : 2, NULL, NULL) == 0)
        it->status = cli_search_status(&it->res);
}

static void solve_emit(cli_batch *b, cli_item *it)
{
    solve_ctx *c = b->ctx;
    int shown = it->status == CLI_ST_UNIQUE || it->status == CLI_ST_SOLVED;
    if (b->args->json) {
        cli_json_begin(stdout, it);
        if (shown) {
            fputs(",\"solution\":", stdout);
            cli_json_grid(stdout, it->geom.n, it->alphabet, it->solution);
        }
        cli_json_end(stdout, it);
    } else {
        int multiline = cli_form_multiline(cli_output_form(b->args, it));
        if (c->started && (multiline || c->prev_multiline))
            putchar('\n');
        if (!shown || cli_print_grid(b, it, it->solution, -1) != 0)
            printf("%s\n", cli_status_name(it->status));
        c->started = 1;
        c->prev_multiline = multiline;
    }
    if (it->status == CLI_ST_MULTIPLE || it->status == CLI_ST_NONE ||
        it->status == CLI_ST_TIMEOUT)
        cli_batch_exit(b, CLI_EXIT_UNSOLVED);
}

static int solve_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {solve_work, solve_emit, 1, 1, 0};
    cli_args a;
    sk_read_opts ro;
    solve_ctx c = {0, 0};
    int rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    cli_read_opts(&a, &ro);
    return cli_batch_run(&a, a.operands, a.noperands, &ro, &ops, &c);
}

const cli_command cli_cmd_solve = {
    "solve",
    CLI_CMD_SOLVE,
    "[FILE...]",
    "solve each puzzle and prove its solution unique",
    "Solves each puzzle and proves that its solution is the only one.\n"
    "\n"
    "Text output: for each puzzle, its solution in the form and alphabet it\n"
    "was read in (or --output), or, when there is no unique solution, one line\n"
    "with the status instead: none, multiple, invalid or timeout.  In line and\n"
    "board form each puzzle gives exactly one line; grid forms are separated by\n"
    "a blank line.  With --first the first solution found is printed without a\n"
    "proof of uniqueness (status solved).\n"
    "\n"
    "JSON output (--json): one object per puzzle, in input order:\n"
    "  {\"index\":0,\"status\":\"unique\",\"solution\":\"534678912...\",\n"
    "   \"nodes\":1,\"guesses\":0,\"time_us\":12}\n"
    "status is unique, solved (--first), multiple, none, invalid or timeout;\n"
    "solution (unique or solved only) is a string of symbols row by row when\n"
    "N <= 35, else an array of N arrays of integers; an invalid puzzle has\n"
    "\"error\":{\"file\":...,\"line\":L,\"column\":C,\"message\":...} (0 = unknown).\n"
    "\n"
    "A bad puzzle (malformed, a geometry that does not fit, two equal givens in\n"
    "one house) is reported on stderr as FILE:LINE:COL: reason, counts as\n"
    "invalid, and the batch goes on.",
    solve_run,
    NULL,
    NULL,
};
