/*
 * cmd_solve.c - `sudokit solve`: the solution of each puzzle and the proof
 * that it is the only one (or, with --first, the first solution found).
 * An answer other than a solution explains itself: no solution comes with
 * the contradiction that shows it (sk_explain_none), several with two of
 * them and the cells where they differ.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct solve_ctx {
    int started;       /* a record was printed */
    int prev_multiline; /* the previous record spanned several lines */
} solve_ctx;

/* What a puzzle's answer carries besides its first solution (the item's
 * payload). */
typedef struct solve_extra {
    int has_why;       /* status NONE: why holds the reason */
    sk_why why;
    int has_second;    /* status MULTIPLE: second holds another solution */
    uint8_t second[];  /* N*N */
} solve_extra;

/* The search callback's view of the item. */
typedef struct second_catch {
    cli_item *it;
    uint64_t seen; /* solutions met */
    int nomem;     /* the second could not be kept */
} second_catch;

static int keep_second(void *user, const uint8_t *solution)
{
    second_catch *c = user;
    size_t nn = (size_t)c->it->geom.n * (size_t)c->it->geom.n;
    if (++c->seen != 2)
        return 0;
    solve_extra *x = calloc(1, sizeof *x + nn);
    if (!x) {
        c->nomem = 1;
        return 0;
    }
    memcpy(x->second, solution, nn);
    x->has_second = 1;
    free(c->it->payload);
    c->it->payload = x;
    return 0;
}

static void out_of_memory(cli_item *it)
{
    it->status = CLI_ST_INVALID;
    it->system_error = 1;
    it->diag.line = it->line;
    it->diag.column = 0;
    snprintf(it->diag.message, sizeof it->diag.message, "%s", sk_strerror(SK_ENOMEM));
}

static void solve_work(cli_worker *w, cli_item *it)
{
    second_catch c = {it, 0, 0};
    int first = w->batch->args->first;
    /* The givens are checked after the search, and only when it found no
     * solution: a solution holds every given and keeps every rule, so no
     * given can clash or break a rule then (that saves a pass over every
     * puzzle of a collection). */
    if (cli_search(w, it, first ? 1 : 2, first ? NULL : keep_second, &c) != 0) {
        if (cli_reject_givens(it))
            it->system_error = 0; /* the puzzle is wrong, whatever else failed */
        return;
    }
    it->status = cli_search_status(&it->res);
    if (it->res.solutions == 0 && cli_reject_givens(it)) {
        it->searched = 0; /* an invalid puzzle's record has no search counts */
        return;
    }
    if (c.nomem) {
        out_of_memory(it);
    } else if (it->status == CLI_ST_NONE) {
        solve_extra *x = calloc(1, sizeof *x);
        int rc = x ? sk_explain_none_candidates(it->model, it->cells, cli_marks(it), it->alphabet,
                                                &x->why)
                   : SK_ENOMEM;
        if (rc == SK_OK) {
            x->has_why = 1;
            free(it->payload);
            it->payload = x;
        } else {
            free(x); /* SK_EINVAL cannot happen: the givens were checked */
            if (rc == SK_ENOMEM)
                out_of_memory(it);
        }
    }
}

/* The reason of a puzzle without solution in one line (no "none: "). */
static void why_text(const cli_item *it, const sk_why *why, char *buf, size_t size)
{
    if (why->kind != SK_WHY_SEARCH) {
        snprintf(buf, size, "%s", why->message);
    } else if (it->res.guesses > 0) {
        snprintf(buf, size,
                 "every branch of the search ends in a contradiction (%llu guess%s); "
                 "no shorter reason was found: propagation from the %s leaves %d "
                 "cell%s open",
                 (unsigned long long)it->res.guesses, it->res.guesses == 1 ? "" : "es",
                 it->has_marks ? "pencil marks" : "givens", why->open, why->open == 1 ? "" : "s");
    } else {
        snprintf(buf, size,
                 "the search reaches a contradiction without a guess, by deductions "
                 "stronger than the ones shown here: propagation from the %s (singles, "
                 "locked candidates, rules) leaves %d cell%s open",
                 it->has_marks ? "pencil marks" : "givens", why->open, why->open == 1 ? "" : "s");
    }
}

static void json_cell(const char *key, int n, int cell)
{
    printf(",\"%s\":\"r%dc%d\"", key, cell / n + 1, cell % n + 1);
}

static void json_why(const cli_item *it, const sk_why *why)
{
    int n = it->geom.n;
    char buf[600], sym[8];
    printf(",\"reason\":{\"kind\":\"%s\"", sk_why_keyword(why->kind));
    if (why->cell >= 0)
        json_cell("cell", n, why->cell);
    if (why->cell2 >= 0)
        json_cell("cell2", n, why->cell2);
    if (why->house >= 0) {
        fputs(",\"house\":", stdout);
        cli_json_string(stdout, sk_model_house_name(it->model, why->house, buf, sizeof buf));
    }
    if (why->digit > 0) {
        fputs(",\"digit\":", stdout);
        cli_json_string(stdout, cli_symbol(it->alphabet, n, why->digit, sym));
    }
    if (why->rule >= 0) {
        fputs(",\"rule\":", stdout);
        cli_json_string(stdout, sk_model_rule_describe(it->model, why->rule, buf, sizeof buf));
    }
    if (why->digits) {
        int d, k = 0;
        fputs(",\"digits\":[", stdout);
        for (d = 1; d <= n; d++)
            if (why->digits >> (d - 1) & 1) {
                fputs(k++ ? "," : "", stdout);
                cli_json_string(stdout, cli_symbol(it->alphabet, n, d, sym));
            }
        putchar(']');
    }
    printf(",\"forced\":%d", why->forced);
    if (why->kind == SK_WHY_BRANCH || why->kind == SK_WHY_SEARCH)
        printf(",\"open\":%d", why->open);
    fputs(",\"message\":", stdout);
    why_text(it, why, buf, sizeof buf);
    cli_json_string(stdout, buf);
    putchar('}');
}

/* The cells where the two solutions of it differ, as a JSON array. */
static void json_differ(const cli_item *it, const uint8_t *second)
{
    int n = it->geom.n, i, k = 0;
    fputs(",\"differ\":[", stdout);
    for (i = 0; i < n * n; i++)
        if (it->solution[i] != second[i])
            printf("%s\"r%dc%d\"", k++ ? "," : "", i / n + 1, i % n + 1);
    putchar(']');
}

/* "multiple: two solutions differ in 4 cells: r1c2 4/7, ..." */
static void print_differ(const cli_item *it, const uint8_t *second)
{
    int n = it->geom.n, i, count = 0, k = 0;
    char a[8], b[8];
    for (i = 0; i < n * n; i++)
        count += it->solution[i] != second[i];
    printf("multiple: two solutions differ in %d cells:", count);
    for (i = 0; i < n * n; i++)
        if (it->solution[i] != second[i])
            printf("%s r%dc%d %s/%s", k++ ? "," : "", i / n + 1, i % n + 1,
                   cli_symbol(it->alphabet, n, it->solution[i], a),
                   cli_symbol(it->alphabet, n, second[i], b));
    putchar('\n');
}

static void solve_emit(cli_batch *b, cli_item *it)
{
    solve_ctx *c = b->ctx;
    const solve_extra *x = it->payload;
    int shown = it->status == CLI_ST_UNIQUE || it->status == CLI_ST_SOLVED;
    int why = it->status == CLI_ST_NONE && x && x->has_why;
    int two = it->status == CLI_ST_MULTIPLE && x && x->has_second;
    if (b->args->json) {
        cli_json_begin(stdout, it);
        if (shown) {
            fputs(",\"solution\":", stdout);
            cli_json_grid(stdout, it->geom.n, it->alphabet, it->solution);
        }
        if (why)
            json_why(it, &x->why);
        if (two) {
            fputs(",\"solutions\":[", stdout);
            cli_json_grid(stdout, it->geom.n, it->alphabet, it->solution);
            putchar(',');
            cli_json_grid(stdout, it->geom.n, it->alphabet, x->second);
            putchar(']');
            json_differ(it, x->second);
        }
        cli_json_end(stdout, it);
    } else {
        sk_format form = cli_output_form(b->args, it);
        int multiline = cli_form_multiline(form);
        if (c->started && (multiline || c->prev_multiline))
            putchar('\n');
        if (why) {
            char buf[600];
            why_text(it, &x->why, buf, sizeof buf);
            printf("none: %s\n", buf);
        } else if (two && b->args->diff) {
            print_differ(it, x->second);
            if (cli_print_grid(b, it, it->solution, -1) == 0) {
                if (multiline)
                    putchar('\n');
                cli_print_grid(b, it, x->second, -1);
            }
        } else if (!shown || cli_print_grid(b, it, it->solution, -1) != 0) {
            printf("%s\n", cli_status_name(it->status));
        }
        c->started = 1;
        c->prev_multiline = multiline;
    }
    if (it->status == CLI_ST_MULTIPLE || it->status == CLI_ST_NONE ||
        it->status == CLI_ST_TIMEOUT)
        cli_batch_exit(b, CLI_EXIT_UNSOLVED);
}

static int solve_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {solve_work, solve_emit, 1, CLI_CHECK_LATER, 0};
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
    "No solution: the line says why, from the deductions that show it:\n"
    "  none: the givens leave r3c4 no candidate\n"
    "  none: box 2 has no place left for 5 after propagation from the givens\n"
    "        (12 cells forced)\n"
    "  none: r1c1 can only hold 3 or 7 ..., and neither works: with 3, ...\n"
    "or, when no short chain of deductions shows it, that only the search does:\n"
    "  none: every branch of the search ends in a contradiction (57 guesses); ...\n"
    "\n"
    "Several solutions: with --diff, a line naming the cells where two of them\n"
    "differ, with both digits, then the two solutions:\n"
    "  multiple: two solutions differ in 4 cells: r2c2 7/8, r2c3 8/7, ...\n"
    "\n"
    "JSON output (--json): one object per puzzle, in input order:\n"
    "  {\"index\":0,\"status\":\"unique\",\"solution\":\"534678912...\",\n"
    "   \"nodes\":1,\"guesses\":0,\"time_us\":12}\n"
    "status is unique, solved (--first), multiple, none, invalid or timeout;\n"
    "solution (unique or solved only) is a string of symbols row by row when\n"
    "N <= 35, else an array of N arrays of integers; an invalid puzzle has\n"
    "\"error\":{\"file\":...,\"line\":L,\"column\":C,\"message\":...} (0 = unknown).\n"
    "A puzzle with several solutions has \"solutions\" (two of them) and\n"
    "\"differ\" (the cells where they differ, as \"r2c3\"); one with none has\n"
    "\"reason\":{\"kind\":K,\"message\":...} with, as they apply, \"cell\",\n"
    "\"cell2\", \"house\", \"digit\", \"rule\", \"digits\", \"forced\" (cells\n"
    "forced before the contradiction) and \"open\" (cells left undecided).\n"
    "K is conflict, violation, cell (no candidate left), house (a digit with no\n"
    "place left), rule (a variant rule that cannot hold), branch (every\n"
    "candidate of one cell fails) or search (only the search shows it).\n"
    "\n"
    "A bad puzzle (malformed, a geometry that does not fit, two equal givens in\n"
    "one house) is reported on stderr as FILE:LINE:COL: reason, counts as\n"
    "invalid, and the batch goes on.",
    solve_run,
    NULL,
    NULL,
};
