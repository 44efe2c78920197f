/*
 * cmd_convert.c - `sudokit convert`: writes each puzzle again, in another
 * form: its givens in --output's form, then its rules and geometry lines
 * (sk_write_rules), so that what it writes reads back as the same puzzle.
 * A puzzle given as pencil marks is written as pencil marks, in pencil or
 * sukaku form only: another form would drop them.
 */
#include <stdlib.h>

#include "cli.h"

typedef struct convert_ctx {
    int started;
    int prev_multiline;
} convert_ctx;

/* The form a puzzle is written in: --output, else the one it was read in
 * (pencil marks on one line stay so, unlike a solution of them). */
static sk_format convert_form(const cli_args *a, const cli_item *it)
{
    if (a->output < 0 && it->format == SK_FORMAT_SUKAKU)
        return SK_FORMAT_SUKAKU;
    return cli_output_form(a, it);
}

static void convert_emit(cli_batch *b, cli_item *it)
{
    convert_ctx *c = b->ctx;
    sk_format form = convert_form(b->args, it);
    int marks_form = form == SK_FORMAT_PENCIL || form == SK_FORMAT_SUKAKU;
    int multiline = cli_form_multiline(form) || it->geom.nrules > 0;
    if (c->started && (multiline || c->prev_multiline))
        putchar('\n');
    c->started = 1;
    c->prev_multiline = multiline;
    if (it->status == CLI_ST_INVALID) {
        printf("# invalid: %s\n", it->diag.message);
        return;
    }
    if (it->has_marks && !marks_form) {
        char msg[200];
        snprintf(msg, sizeof msg,
                 "the puzzle is given as pencil marks, which %s form cannot hold: write it "
                 "with --output pencil or sukaku",
                 sk_format_name(form));
        cli_diag_print(it->file, it->line, 0, msg);
        printf("# not written: %s form cannot hold pencil marks\n", sk_format_name(form));
        cli_batch_exit(b, CLI_EXIT_INPUT);
        return;
    }
    if (it->has_marks ? cli_print_marks(b, it, it->marks, form) != 0
                      : cli_print_grid(b, it, it->cells, (int)form) != 0)
        return;
    cli_out o = {stdout, NULL, 0, 0, 0};
    if (cli_out_rules(&o, &it->geom) != 0) {
        cli_error("%s:%ld: %s", it->file, it->line, sk_strerror(SK_ENOMEM));
        cli_batch_exit(b, CLI_EXIT_SYSTEM);
    }
}

static int convert_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {NULL, convert_emit, 0, 0, 0};
    cli_args a;
    sk_read_opts ro;
    convert_ctx c = {0, 0};
    int rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    cli_read_opts(&a, &ro);
    return cli_batch_run(&a, a.operands, a.noperands, &ro, &ops, &c);
}

const cli_command cli_cmd_convert = {
    "convert",
    CLI_CMD_CONVERT,
    "[FILE...]",
    "write each puzzle again in another form, with its rules",
    "Writes each puzzle (its givens, not a solution) in the --output form,\n"
    "followed by its variant rules one per line (\"cage 15: r1c1 r1c2\"), and by\n"
    "'box RxC', 'diagonals' or 'hyper' when the geometry has them, so that the\n"
    "text reads back as the same puzzle: f-puzzles JSON or links become a\n"
    "readable text file.  The output forms are line, grid, board, pretty,\n"
    "pencil and sukaku; there is no f-puzzles output.  The default form is the\n"
    "one each puzzle was read in (line form for f-puzzles input).  In pencil\n"
    "and sukaku form an empty cell holds every digit, so any puzzle becomes\n"
    "pencil marks; a puzzle given as pencil marks can only be written in those\n"
    "two forms (another is refused, with a comment line in its place).  Puzzles with rules, and grid\n"
    "forms, are separated by a blank line.  A puzzle that cannot be read gives\n"
    "a comment line '# invalid: reason' (and the message on stderr).",
    convert_run,
    NULL,
    NULL,
};
