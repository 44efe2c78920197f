/*
 * main.c - the table of subcommands and the dispatch.  Each command lives
 * in its own cmd_*.c; options.c holds the option table.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "cli.h"

const cli_command *const cli_commands[] = {
    &cli_cmd_solve, &cli_cmd_count, &cli_cmd_enumerate, &cli_cmd_candidates, &cli_cmd_check,
    &cli_cmd_verify, &cli_cmd_best, &cli_cmd_rate, &cli_cmd_explain, &cli_cmd_hint,
    &cli_cmd_generate, &cli_cmd_minimize, &cli_cmd_redundant, &cli_cmd_convert,
    &cli_cmd_judge, &cli_cmd_cnf, &cli_cmd_engines, &cli_cmd_help, NULL,
};

const cli_command *cli_command_find(const char *name)
{
    int i;
    for (i = 0; cli_commands[i]; i++)
        if (strcmp(cli_commands[i]->name, name) == 0)
            return cli_commands[i];
    return NULL;
}

/* Everything written to stdout must have reached its destination: a full
 * disk is an error (exit 4), not a silent success.  A closed pipe ends the
 * process quietly (cli_stdout_note_error). */
static int finish_stdout(int code)
{
    int failed;
    if (fflush(stdout) != 0)
        cli_stdout_note_error(errno);
    failed = cli_stdout_failed();
    if (fclose(stdout) != 0 && !failed)
        failed = cli_stdout_note_error(errno);
    if (failed) {
        cli_error("error: write error: %s", strerror(cli_stdout_errno()));
        return CLI_EXIT_SYSTEM;
    }
    return code;
}

int main(int argc, char **argv)
{
    const cli_command *cmd;
    const char *names[64];
    char list[1024];
    size_t n = 0;
    int code;

    /* A closed pipe shows up as EPIPE on a write, so that every other
     * write error can be told apart and reported; EPIPE itself then ends
     * the process by SIGPIPE, quietly, as for the usual tools. */
    signal(SIGPIPE, SIG_IGN);

    if (argc < 2) {
        while (cli_commands[n] && n < sizeof names / sizeof names[0]) {
            names[n] = cli_commands[n]->name;
            n++;
        }
        return cli_usage_error(NULL, "no command given (%s)",
                               cli_join(list, sizeof list, names, n, ", ", ", "));
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        cli_print_main_help(stdout);
        return finish_stdout(CLI_EXIT_OK);
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("sudokit %s\n", sk_version());
        return finish_stdout(CLI_EXIT_OK);
    }
    if (argv[1][0] == '-')
        return cli_usage_error(NULL, "unknown option '%s'", argv[1]);
    cmd = cli_command_find(argv[1]);
    if (!cmd) {
        const char *near;
        while (cli_commands[n] && n < sizeof names / sizeof names[0]) {
            names[n] = cli_commands[n]->name;
            n++;
        }
        near = cli_nearest(argv[1], strlen(argv[1]), names, n);
        if (near)
            return cli_usage_error(NULL, "unknown command '%s'; did you mean '%s'?", argv[1], near);
        return cli_usage_error(NULL, "unknown command '%s'", argv[1]);
    }
    code = cmd->run(cmd, argc - 1, argv + 1);
    return finish_stdout(code);
}
