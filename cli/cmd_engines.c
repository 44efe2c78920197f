/*
 * cmd_engines.c - `sudokit engines`: the engine registry, for --engine.
 */
#include "cli.h"

static int engines_run(const cli_command *cmd, int argc, char **argv)
{
    cli_args a;
    int i, count, rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    if (a.noperands > 0)
        return cli_usage_error(cmd, "unexpected argument '%s'", a.operands[0]);
    count = sk_engine_count();
    for (i = 0; i < count; i++) {
        const sk_engine_info *e = sk_engine_info_at(i);
        if (!e)
            continue;
        if (a.json) {
            fputs("{\"name\":", stdout);
            cli_json_string(stdout, e->name);
            fputs(",\"summary\":", stdout);
            cli_json_string(stdout, e->summary);
            fputs(",\"supports\":", stdout);
            cli_json_string(stdout, e->supports);
            fputs("}\n", stdout);
        } else {
            printf("%-12s%s\n%12ssupports: %s\n", e->name, e->summary, "", e->supports);
        }
    }
    return CLI_EXIT_OK;
}

/* The registry, for the help and the man page. */
static const char *engines_entry(size_t i, char *buf, size_t size)
{
    const sk_engine_info *e = i < (size_t)sk_engine_count() ? sk_engine_info_at((int)i) : NULL;
    if (!e)
        return NULL;
    snprintf(buf, size, "%s; supports: %s", e->summary, e->supports);
    return e->name;
}

const cli_command cli_cmd_engines = {
    "engines",
    CLI_CMD_ENGINES,
    "",
    "list the search engines",
    "Lists every search engine of the library, in registry order: its name\n"
    "(for --engine), how it searches and which puzzles it accepts.  Without\n"
    "--engine each puzzle goes to the fastest engine that accepts it.\n"
    "\n"
    "Text output: per engine, 'NAME  SUMMARY' and an indented 'supports:'\n"
    "line.  JSON output (--json): {\"name\":...,\"summary\":...,\"supports\":...}\n"
    "per engine.",
    engines_run,
    engines_entry,
    "Engines, in registry order:",
};
