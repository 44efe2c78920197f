/*
 * cmd_convert.c - `sudokit convert`: writes each puzzle again, in another
 * form: its givens in --output's form, then its rules and geometry lines
 * (sk_write_rules), so that what it writes reads back as the same puzzle.
 */
#include <stdlib.h>

#include "cli.h"

typedef struct convert_ctx {
    int started;
    int prev_multiline;
} convert_ctx;

static void convert_emit(cli_batch *b, cli_item *it)
{
    convert_ctx *c = b->ctx;
    sk_format form = cli_output_form(b->args, it);
    int multiline = cli_form_multiline(form) || it->geom.nrules > 0;
    if (c->started && (multiline || c->prev_multiline))
        putchar('\n');
    c->started = 1;
    c->prev_multiline = multiline;
    if (it->status == CLI_ST_INVALID) {
        printf("# invalid: %s\n", it->diag.message);
        return;
    }
    if (cli_print_grid(b, it, it->cells, (int)form) != 0)
        return;
    long len = sk_write_rules(NULL, 0, &it->geom);
    if (len <= 0)
        return;
    char *text = malloc((size_t)len + 1);
    if (!text) {
        cli_error("%s:%ld: %s", it->file, it->line, sk_strerror(SK_ENOMEM));
        cli_batch_exit(b, CLI_EXIT_SYSTEM);
        return;
    }
    sk_write_rules(text, (size_t)len + 1, &it->geom);
    fputs(text, stdout);
    free(text);
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
    "readable text file.  The output forms are line, grid, board and pretty;\n"
    "there is no f-puzzles output.  The default form is the one each puzzle\n"
    "was read in (line form for f-puzzles input).  Puzzles with rules, and grid\n"
    "forms, are separated by a blank line.  A puzzle that cannot be read gives\n"
    "a comment line '# invalid: reason' (and the message on stderr).",
    convert_run,
    NULL,
    NULL,
};
