/*
 * cmd_help.c - `sudokit help [COMMAND]`, and the manual page and the lists
 * of names that man.c writes from the tables.
 */
#include "cli.h"

static int help_run(const cli_command *cmd, int argc, char **argv)
{
    cli_args a;
    const cli_command *topic;
    int rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    if (a.man + a.list > 1)
        return cli_usage_error(cmd, "--man and --list do not go together");
    if ((a.man || a.list) && a.noperands > 0)
        return cli_usage_error(cmd, "--%s takes no COMMAND", a.man ? "man" : "list");
    if (a.man) {
        cli_print_man(stdout);
        return CLI_EXIT_OK;
    }
    if (a.list) {
        cli_print_list(stdout);
        return CLI_EXIT_OK;
    }
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
    "show the help of the tool or of one command, or the manual",
    "Shows the help of COMMAND (the same as 'sudokit COMMAND --help'), or of\n"
    "the whole tool.  With --man, the manual page instead, in roff:\n"
    "  sudokit help --man | man -l -\n"
    "With --list, the names of every command, option, option value, exit code,\n"
    "judge problem, engine and technique, one per line:\n"
    "  command NAME\n"
    "  option COMMAND --LONG [-SHORT]\n"
    "  value --LONG NAME\n"
    "  exit CODE\n"
    "  entry COMMAND NAME      (judge: a PROBLEM; engines: an engine;\n"
    "                          rate: a technique)",
    help_run,
    NULL,
    NULL,
};
