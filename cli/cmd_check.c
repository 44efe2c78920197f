/*
 * cmd_check.c - `sudokit check`: names every conflict of each grid (two
 * equal digits in one house) and says whether the grid is complete.
 */
#include <stdlib.h>

#include "cli.h"

static void print_conflict(cli_batch *b, const cli_item *it, const sk_conflict *c, int first)
{
    char msg[200], sym[8], house[64];
    long line = it->cell_line[c->cell2], col = it->cell_column[c->cell2];
    int n = it->geom.n;
    cli_conflict_message(it, c, msg, sizeof msg);
    if (!b->args->json) {
        if (line > 0 && col > 0)
            printf("%s:%ld:%ld: %s\n", it->file, line, col, msg);
        else
            printf("%s:%ld: %s\n", it->file, it->line, msg);
        return;
    }
    if (c->house >= 0)
        sk_model_house_name(it->model, c->house, house, sizeof house);
    else
        house[0] = '\0';
    fputs(first ? "{\"house\":" : ",{\"house\":", stdout);
    cli_json_string(stdout, house);
    fputs(",\"digit\":", stdout);
    cli_json_string(stdout, cli_symbol(it->alphabet, n, c->digit, sym));
    printf(",\"cells\":[[%d,%d],[%d,%d]],\"line\":%ld,\"column\":%ld,\"message\":",
           c->cell1 / n + 1, c->cell1 % n + 1, c->cell2 / n + 1, c->cell2 % n + 1, line, col);
    cli_json_string(stdout, msg);
    putchar('}');
}

static void print_violation(cli_batch *b, const cli_item *it, const sk_violation *v, int first)
{
    int n = it->geom.n;
    long line = v->cell >= 0 ? it->cell_line[v->cell] : 0;
    long col = v->cell >= 0 ? it->cell_column[v->cell] : 0;
    char rule[96];
    if (!b->args->json) {
        if (line > 0 && col > 0)
            printf("%s:%ld:%ld: %s\n", it->file, line, col, v->message);
        else
            printf("%s:%ld: %s\n", it->file, it->line, v->message);
        return;
    }
    sk_model_rule_describe(it->model, v->rule, rule, sizeof rule);
    fputs(first ? "{\"rule\":" : ",{\"rule\":", stdout);
    cli_json_string(stdout, rule);
    if (v->cell >= 0)
        printf(",\"cell\":[%d,%d]", v->cell / n + 1, v->cell % n + 1);
    printf(",\"line\":%ld,\"column\":%ld,\"message\":", line, col);
    cli_json_string(stdout, v->message);
    putchar('}');
}

static void check_emit(cli_batch *b, cli_item *it)
{
    sk_conflict *conflicts = NULL;
    sk_violation *violations = NULL;
    long total = 0, broken = 0, i, nn, empty = 0;
    if (it->status == CLI_ST_INVALID) {
        if (b->args->json) {
            cli_json_begin(stdout, it);
            cli_json_end(stdout, it);
        } else {
            puts("invalid");
        }
        return;
    }
    nn = (long)it->geom.n * it->geom.n;
    for (i = 0; i < nn; i++)
        empty += it->cells[i] == 0;
    total = sk_check(it->model, it->cells, NULL, 0);
    if (total > 0) {
        conflicts = malloc((size_t)total * sizeof *conflicts);
        if (!conflicts) {
            cli_error("%s:%ld: %s", it->file, it->line, sk_strerror(SK_ENOMEM));
            cli_batch_exit(b, CLI_EXIT_SYSTEM);
            total = 0;
        } else {
            total = sk_check(it->model, it->cells, conflicts, total);
        }
    }
    broken = sk_check_rules(it->model, it->cells, NULL, 0);
    if (broken > 0) {
        violations = malloc((size_t)broken * sizeof *violations);
        if (!violations) {
            cli_error("%s:%ld: %s", it->file, it->line, sk_strerror(SK_ENOMEM));
            cli_batch_exit(b, CLI_EXIT_SYSTEM);
            broken = 0;
        } else {
            broken = sk_check_rules(it->model, it->cells, violations, broken);
        }
    }
    it->status = total + broken > 0 ? CLI_ST_CONFLICT : CLI_ST_OK;
    if (b->args->json) {
        cli_json_begin(stdout, it);
        printf(",\"complete\":%s,\"empty\":%ld", empty ? "false" : "true", empty);
        if (total > 0) {
            fputs(",\"conflicts\":[", stdout);
            for (i = 0; i < total; i++)
                print_conflict(b, it, &conflicts[i], i == 0);
            putchar(']');
        }
        if (broken > 0) {
            fputs(",\"violations\":[", stdout);
            for (i = 0; i < broken; i++)
                print_violation(b, it, &violations[i], i == 0);
            putchar(']');
        }
        cli_json_end(stdout, it);
    } else if (total + broken > 0) {
        for (i = 0; i < total; i++)
            print_conflict(b, it, &conflicts[i], i == 0);
        for (i = 0; i < broken; i++)
            print_violation(b, it, &violations[i], i == 0);
    } else if (empty) {
        printf("ok (%ld empty cell%s)\n", empty, empty == 1 ? "" : "s");
    } else {
        puts("ok (complete)");
    }
    free(conflicts);
    free(violations);
    if (total + broken > 0)
        cli_batch_exit(b, CLI_EXIT_UNSOLVED);
}

static int check_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {NULL, check_emit, 0, 0, 0};
    return cli_batch_main(cmd, argc, argv, &ops, NULL);
}

const cli_command cli_cmd_check = {
    "check",
    CLI_CMD_CHECK,
    "[FILE...]",
    "name every conflict and broken rule in each grid",
    "Checks each grid (complete or not) without solving it: names every pair\n"
    "of equal digits in one house (rows, columns, boxes, and the houses variant\n"
    "rules make: cages, extra regions, anti-knight pairs...) and every variant\n"
    "rule the filled cells already break.  Of a puzzle given as pencil marks\n"
    "the filled cells are checked (a field of one digit in a pencil grid; a\n"
    "sukaku line has none): what the other marks allow is for solve and\n"
    "candidates to say.\n"
    "\n"
    "Text output: for a grid without conflicts one line, 'ok (complete)' or\n"
    "'ok (K empty cells)'; otherwise one line per conflict, at the position of\n"
    "its second cell:\n"
    "  FILE:LINE:COL: row 3 has 5 twice (columns 2 and 7)\n"
    "  FILE:LINE:COL: killer cage 15 at r1c1 sums to 17, expected 15\n"
    "and 'invalid' for a puzzle that could not be read.\n"
    "\n"
    "JSON output (--json): one object per grid, in input order:\n"
    "  {\"index\":0,\"status\":\"conflict\",\"complete\":false,\"empty\":50,\n"
    "   \"conflicts\":[{\"house\":\"row 3\",\"digit\":\"5\",\"cells\":[[3,2],[3,7]],\n"
    "   \"line\":3,\"column\":7,\"message\":\"row 3 has 5 twice (columns 2 and 7)\"}],\n"
    "   \"violations\":[{\"rule\":\"killer cage 15 at r1c1\",\"cell\":[1,1],\"line\":1,\n"
    "   \"column\":1,\"message\":\"killer cage 15 at r1c1 sums to 17, expected 15\"}]}\n"
    "status is ok, conflict or invalid; cells are [row,column] from 1.",
    check_run,
    NULL,
    NULL,
};
