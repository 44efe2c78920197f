/*
 * cmd_enumerate.c - `sudokit enumerate`: every solution of each puzzle,
 * written as the search finds it.  Streaming needs the output in input
 * order as it happens, so puzzles are searched one at a time.
 */
#include <inttypes.h>

#include "cli.h"

/* The puzzle being enumerated, for the solution callback. */
typedef struct enum_state {
    cli_batch *b;
    const cli_item *it;
    sk_format form; /* text output form */
    uint64_t count; /* solutions written */
} enum_state;

static int on_solution(void *user, const uint8_t *solution)
{
    enum_state *s = user;
    if (s->b->args->json) {
        if (s->count)
            putchar(',');
        cli_json_grid(stdout, s->it->geom.n, s->it->alphabet, solution);
    } else {
        if (cli_print_grid(s->b, s->it, solution, (int)s->form) != 0)
            return 1;
        if (cli_form_multiline(s->form))
            putchar('\n');
    }
    s->count++;
    return cli_stdout_failed(); /* a closed pipe stops the search */
}

static void enumerate_work(cli_worker *w, cli_item *it)
{
    enum_state s;
    s.b = w->batch;
    s.it = it;
    s.form = cli_output_form(w->batch->args, it);
    s.count = 0;
    if (s.b->args->json) {
        printf("{\"index\":%ld,\"solutions\":[", it->index);
        *(long *)s.b->ctx = it->index;
    }
    if (cli_search(w, it, w->batch->args->limit, on_solution, &s) == 0)
        it->status = it->res.end == SK_END_TIMEOUT ? CLI_ST_TIMEOUT
                                                   : cli_search_status(&it->res);
    if (s.b->args->json)
        putchar(']');
}

static void enumerate_emit(cli_batch *b, cli_item *it)
{
    int complete = it->searched && it->res.end == SK_END_EXHAUSTED;
    uint64_t n = it->res.solutions;
    long *opened = b->ctx;
    if (b->args->json) {
        if (*opened == it->index) /* work wrote {"index":I,"solutions":[...] */
            printf(",\"status\":\"%s\"", cli_status_name(it->status));
        else
            cli_json_begin(stdout, it);
        if (it->searched)
            printf(",\"count\":%" PRIu64 ",\"complete\":%s", n, complete ? "true" : "false");
        cli_json_end(stdout, it);
    } else if (it->searched) {
        printf("# %s: %" PRIu64 " solution%s%s\n", cli_status_name(it->status), n,
               n == 1 ? "" : "s", complete || it->status == CLI_ST_TIMEOUT ? "" : ", limit reached");
    } else {
        printf("# %s\n", cli_status_name(it->status));
    }
    if (it->searched && !complete)
        cli_batch_exit(b, CLI_EXIT_UNSOLVED);
}

static int enumerate_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {enumerate_work, enumerate_emit, 0, 1, 1};
    cli_args a;
    sk_read_opts ro;
    long opened = -1; /* index of the JSON record work opened */
    int rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    cli_read_opts(&a, &ro);
    return cli_batch_run(&a, a.operands, a.noperands, &ro, &ops, &opened);
}

const cli_command cli_cmd_enumerate = {
    "enumerate",
    CLI_CMD_ENUMERATE,
    "[FILE...]",
    "list every solution of each puzzle",
    "Lists every solution of each puzzle (or the first N with --limit), each\n"
    "written as soon as the search finds it.\n"
    "\n"
    "Text output: for each puzzle, its solutions in the form and alphabet it\n"
    "was read in (or --output): one line each in line or board form; in grid\n"
    "forms each solution is followed by a blank line.  Then one line closes\n"
    "the puzzle:\n"
    "  # STATUS: K solutions[, limit reached]\n"
    "where STATUS is none, unique, multiple, solved or timeout, or just\n"
    "'# invalid' for a puzzle that could not be read.\n"
    "\n"
    "JSON output (--json): one object per puzzle, in input order:\n"
    "  {\"index\":0,\"solutions\":[\"...\",\"...\"],\"status\":\"multiple\",\"count\":2,\n"
    "   \"complete\":true,\"nodes\":9,\"guesses\":4,\"time_us\":30}\n"
    "each solution as in 'sudokit solve --json'; an invalid puzzle has no\n"
    "solutions, count or complete, and an \"error\" object.",
    enumerate_run,
    NULL,
    NULL,
};
