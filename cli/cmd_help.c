/*
 * cmd_help.c - `sudokit help [COMMAND]`.
 */
#include "cli.h"

static int help_run(const cli_command *cmd, int argc, char **argv)
{
    cli_args a;
    const cli_command *topic;
    int rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    if (a.noperands == 0) {
        cli_print_main_help(stdout);
        return CLI_EXIT_OK;
    }
    if (a.noperands > 1)
        return cli_usage_error(cmd, "help takes one COMMAND");
    topic = cli_command_find(a.operands[0]);
    if (!topic)
        return cli_usage_error(cmd, "unknown command '%s'", a.operands[0]);
    cli_print_help(stdout, topic);
    return CLI_EXIT_OK;
}

const cli_command cli_cmd_help = {
    "help",
    CLI_CMD_HELP,
    "[COMMAND]",
    "show the help of the tool or of one command",
    "Shows the help of COMMAND, or of the whole tool.",
    help_run,
};
