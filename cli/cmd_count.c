/*
 * cmd_count.c - `sudokit count`: the exact number of solutions of each
 * puzzle, or a lower bound when --limit or --timeout stops the search.
 */
#include <inttypes.h>

#include "cli.h"

static void count_work(cli_worker *w, cli_item *it)
{
    if (cli_search(w, it, w->batch->args->limit, NULL, NULL) == 0)
        it->status = it->res.end == SK_END_TIMEOUT ? CLI_ST_TIMEOUT
                                                   : cli_search_status(&it->res);
}

static void count_emit(cli_batch *b, cli_item *it)
{
    int complete = it->searched && it->res.end == SK_END_EXHAUSTED;
    if (b->args->json) {
        cli_json_begin(stdout, it);
        if (it->searched)
            printf(",\"count\":%" PRIu64 ",\"complete\":%s", it->res.solutions,
                   complete ? "true" : "false");
        cli_json_end(stdout, it);
    } else if (it->searched && complete) {
        printf("%" PRIu64 "\n", it->res.solutions);
    } else if (it->searched) {
        /* a lower bound: the search stopped before the end */
        printf("%" PRIu64 " (incomplete: %s)\n", it->res.solutions,
               it->status == CLI_ST_TIMEOUT ? "timeout" : "limit");
    } else {
        printf("%s\n", cli_status_name(it->status));
    }
    if (it->searched && !complete)
        cli_batch_exit(b, CLI_EXIT_UNSOLVED);
}

static int count_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {count_work, count_emit, 1, 1, 0};
    return cli_batch_main(cmd, argc, argv, &ops, NULL);
}

const cli_command cli_cmd_count = {
    "count",
    CLI_CMD_COUNT,
    "[FILE...]",
    "count the solutions of each puzzle",
    "Counts the solutions of each puzzle: every solution when there is no\n"
    "--limit, else stops after N.\n"
    "\n"
    "Text output: one line per puzzle: the number of solutions, or invalid.\n"
    "A count that --limit or --timeout stopped is the number found so far, a\n"
    "lower bound, marked as such (exit status 1; JSON \"complete\":false):\n"
    "  3 (incomplete: limit)\n"
    "  1520 (incomplete: timeout)\n"
    "\n"
    "JSON output (--json): one object per puzzle, in input order:\n"
    "  {\"index\":0,\"status\":\"multiple\",\"count\":2,\"complete\":true,\n"
    "   \"nodes\":9,\"guesses\":4,\"time_us\":30}\n"
    "status is none, unique, multiple, solved (--limit 1 reached), timeout or\n"
    "invalid (with \"error\" as for solve); count and complete are left out for\n"
    "an invalid puzzle.",
    count_run,
    NULL,
    NULL,
};
