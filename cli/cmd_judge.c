/*
 * cmd_judge.c - `sudokit judge PROBLEM`: reads a classic judge problem's
 * input and writes exactly its official output, byte for byte.
 */
#include <string.h>

#include "cli.h"

typedef struct judge_problem judge_problem;
struct judge_problem {
    const char *name;
    const char *doc;        /* title, input and output, for the help and
                               the man page */
    sk_format format;
    sk_alphabet alphabet;
    int n, box_rows, box_cols;
    uint64_t max_solutions; /* 1: the problem promises a solution; 2: it asks */
    void (*emit)(cli_batch *b, cli_item *it);
    int best;               /* 1: a best-score problem (target weights) */
};

/* Which problem is being judged and how many records were written. */
typedef struct judge_ctx {
    const judge_problem *problem;
    long records;
} judge_ctx;

static void print_rows(const cli_item *it, sk_alphabet a)
{
    int n = it->geom.n, r, c;
    char row[SK_MAX_N + 2];
    for (r = 0; r < n; r++) {
        for (c = 0; c < n; c++)
            row[c] = sk_alphabet_symbol(a, it->solution[r * n + c]);
        row[n] = '\n';
        row[n + 1] = '\0';
        fputs(row, stdout);
    }
}

static int solved(const cli_item *it)
{
    return it->status == CLI_ST_UNIQUE || it->status == CLI_ST_SOLVED;
}

/* POJ 3076: each grid as 16 lines of letters, a blank line between grids. */
static void emit_poj3076(cli_batch *b, cli_item *it)
{
    judge_ctx *c = b->ctx;
    if (c->records++)
        putchar('\n');
    if (solved(it)) {
        print_rows(it, SK_ALPHABET_LETTERS);
    } else {
        printf("%s\n", cli_status_name(it->status));
        if (it->status != CLI_ST_INVALID)
            cli_batch_exit(b, CLI_EXIT_UNSOLVED);
    }
}

/* HDU 4069: "Case k:" then the grid, "No solution" or "Multiple Solutions". */
static void emit_hdu4069(cli_batch *b, cli_item *it)
{
    judge_ctx *c = b->ctx;
    printf("Case %ld:\n", ++c->records);
    switch (it->status) {
    case CLI_ST_UNIQUE:
        print_rows(it, SK_ALPHABET_DIGITS);
        break;
    case CLI_ST_MULTIPLE:
        puts("Multiple Solutions");
        break;
    case CLI_ST_NONE:
    case CLI_ST_INVALID:
        puts("No solution");
        break;
    default:
        printf("%s\n", cli_status_name(it->status));
        cli_batch_exit(b, CLI_EXIT_UNSOLVED);
    }
}

/* LeetCode 37: the filled board as a JSON array of rows of strings. */
static void emit_leetcode37(cli_batch *b, cli_item *it)
{
    int n = it->geom.n, r, col;
    if (!solved(it)) {
        printf("%s\n", cli_status_name(it->status));
        if (it->status != CLI_ST_INVALID)
            cli_batch_exit(b, CLI_EXIT_UNSOLVED);
        return;
    }
    putchar('[');
    for (r = 0; r < n; r++) {
        fputs(r ? ",[" : "[", stdout);
        for (col = 0; col < n; col++)
            printf(col ? ",\"%c\"" : "\"%c\"",
                   sk_alphabet_symbol(SK_ALPHABET_DIGITS, it->solution[r * n + col]));
        putchar(']');
    }
    fputs("]\n", stdout);
}

/* NOIP 2009 target Sudoku: the largest target score, or -1. */
static void emit_noip2009(cli_batch *b, cli_item *it)
{
    (void)b;
    if (it->status == CLI_ST_SOLVED) {
        printf("%lld\n", (long long)it->score);
    } else if (it->status == CLI_ST_NONE || it->status == CLI_ST_INVALID) {
        puts("-1");
    } else {
        printf("%s\n", cli_status_name(it->status));
        cli_batch_exit(b, CLI_EXIT_UNSOLVED);
    }
}

static const judge_problem problems[] = {
    {"poj3076",
     "16x16 letter Sudoku (POJ 3076, AcWing 169): grids of 16 rows of A-P, '-' empty; each "
     "solved grid as 16 rows, a blank line between grids",
     SK_FORMAT_GRID, SK_ALPHABET_LETTERS, 16, 4, 4, 1, emit_poj3076, 0},
    {"hdu4069",
     "Squiggly Sudoku (HDU 4069): a count line, then 9 rows of 9 integers per case (digit in "
     "bits 0-3, walls in bits 4-7); 'Case k:' then the solution, 'No solution' or 'Multiple "
     "Solutions'",
     SK_FORMAT_HDU4069, SK_ALPHABET_AUTO, 9, SK_BOX_DEFAULT, SK_BOX_DEFAULT, 2, emit_hdu4069, 0},
    {"leetcode37",
     "Sudoku Solver (LeetCode 37): one board per line, [[\"5\",\"3\",\".\",...],...]; the "
     "filled board in the same form",
     SK_FORMAT_BOARD, SK_ALPHABET_DIGITS, 9, SK_BOX_DEFAULT, SK_BOX_DEFAULT, 1, emit_leetcode37,
     0},
    {"noip2009",
     "Target Sudoku (NOIP 2009, Luogu P1074): 9 rows of 9 integers, 0 empty; the largest "
     "target score over all solutions, or -1 when there is none (see 'sudokit best')",
     SK_FORMAT_GRID, SK_ALPHABET_AUTO, 9, SK_BOX_DEFAULT, SK_BOX_DEFAULT, 0, emit_noip2009, 1},
};

#define NPROBLEMS (sizeof problems / sizeof problems[0])

/* The problems for the help and the man page. */
static const char *judge_entry(size_t i, char *buf, size_t size)
{
    if (i >= NPROBLEMS)
        return NULL;
    snprintf(buf, size, "%s", problems[i].doc);
    return problems[i].name;
}

static void judge_work(cli_worker *w, cli_item *it)
{
    const judge_ctx *c = w->batch->ctx;
    if (c->problem->best) {
        cli_best_search(w, it, NULL, 0);
        return;
    }
    if (cli_search(w, it, c->problem->max_solutions, NULL, NULL) == 0)
        it->status = cli_search_status(&it->res);
}

static void judge_emit(cli_batch *b, cli_item *it)
{
    const judge_ctx *c = b->ctx;
    c->problem->emit(b, it);
}

static int judge_run(const cli_command *cmd, int argc, char **argv)
{
    /* Conflicting givens are not rejected: the problems define the answer
     * (HDU 4069: "No solution"). */
    static const cli_batch_ops ops = {judge_work, judge_emit, 1, 0, 0};
    cli_args a;
    sk_read_opts ro = SK_READ_OPTS_INIT;
    judge_ctx c = {NULL, 0};
    const char *names[NPROBLEMS];
    char list[256];
    size_t i;
    int rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    for (i = 0; i < NPROBLEMS; i++)
        names[i] = problems[i].name;
    if (a.noperands < 1)
        return cli_usage_error(cmd, "judge needs a PROBLEM: %s",
                               cli_join(list, sizeof list, names, NPROBLEMS, ", ", " or "));
    for (i = 0; i < NPROBLEMS; i++)
        if (strcmp(a.operands[0], problems[i].name) == 0)
            c.problem = &problems[i];
    if (!c.problem)
        return cli_usage_error(cmd, "unknown problem '%s' (%s)", a.operands[0],
                               cli_join(list, sizeof list, names, NPROBLEMS, ", ", ", "));
    ro.format = c.problem->format;
    ro.alphabet = c.problem->alphabet;
    ro.n = c.problem->n;
    ro.box_rows = c.problem->box_rows;
    ro.box_cols = c.problem->box_cols;
    return cli_batch_run(&a, a.operands + 1, a.noperands - 1, &ro, &ops, &c);
}

const cli_command cli_cmd_judge = {
    "judge",
    CLI_CMD_JUDGE,
    "PROBLEM [FILE...]",
    "read a judge problem's input, write its official output",
    "Reads the input of a classic judge problem and writes exactly its official\n"
    "output.  A puzzle that cannot be read is reported on stderr (exit status 3)\n"
    "and answered with 'No solution' (hdu4069), -1 (noip2009) or the line\n"
    "'invalid'.",
    judge_run,
    judge_entry,
    "PROBLEM is one of:",
};
