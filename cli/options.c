/*
 * options.c - the one option table of the tool.  The same rows drive the
 * parser and the generated --help, so the help cannot drift from the code.
 * Each row names the commands that accept it; an option given to another
 * command is a usage error.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

typedef enum cli_opt_id {
    OPT_HELP,
    OPT_BOX,
    OPT_DIAGONALS,
    OPT_HYPER,
    OPT_ALPHABET,
    OPT_FORMAT,
    OPT_OUTPUT,
    OPT_JSON,
    OPT_THREADS,
    OPT_TIMEOUT,
    OPT_LIMIT,
    OPT_FIRST,
    OPT_DIFF,
    OPT_ENGINE,
    OPT_STATS,
    OPT_QUIET,
    OPT_INDEX,
    OPT_WEIGHTS,
    OPT_MINIMIZE,
    OPT_SOLUTION,
    OPT_PREFIX
} cli_opt_id;

/* Commands that read puzzles. */
#define READERS (CLI_CMD_SOLVE | CLI_CMD_COUNT | CLI_CMD_ENUMERATE | CLI_CMD_CHECK | CLI_CMD_BEST | \
                 CLI_CMD_CANDIDATES | CLI_CMD_CONVERT | CLI_CMD_VERIFY)
/* Commands that search. */
#define SEARCHERS (CLI_CMD_SOLVE | CLI_CMD_COUNT | CLI_CMD_ENUMERATE | CLI_CMD_JUDGE | \
                   CLI_CMD_CANDIDATES)
/* Commands that take the puzzle options (--box, --format...). */
#define PUZZLES (READERS | CLI_CMD_CNF)
#define ALL 0xffffu

typedef struct cli_option {
    cli_opt_id id;
    char short_name;      /* 0 when none */
    const char *long_name;
    const char *arg;      /* argument name, NULL for a flag */
    unsigned commands;    /* CLI_CMD_* bits of the commands that accept it */
    const char *help;     /* lines after the first are indented */
} cli_option;

static const cli_option options[] = {
    {OPT_HELP, 'h', "help", NULL, ALL, "show this help and exit"},
    {OPT_BOX, 0, "box", "RxC", PUZZLES,
     "boxes of R rows and C columns (e.g. 2x3), or 'none' for a Latin "
     "square; default: square boxes when N is a square"},
    {OPT_DIAGONALS, 0, "diagonals", NULL, PUZZLES, "both main diagonals are houses (X-Sudoku)"},
    {OPT_HYPER, 0, "hyper", NULL, PUZZLES, "the Hyper/Windoku windows are houses"},
    {OPT_ALPHABET, 0, "alphabet", "NAME", PUZZLES,
     "symbols: digits (1-9 then A-Z), hex (0-9A-F, 0 is a value), letters "
     "(A-Z), numbers (decimal tokens); default: guessed"},
    {OPT_FORMAT, 0, "format", "NAME", PUZZLES,
     "input form: line, grid, board, hdu4069, fpuzzles; default: guessed for each "
     "puzzle"},
    {OPT_OUTPUT, 0, "output", "NAME",
     CLI_CMD_SOLVE | CLI_CMD_ENUMERATE | CLI_CMD_BEST | CLI_CMD_CONVERT,
     "output form: line, grid, board, pretty; default: the form each puzzle "
     "was read in"},
    {OPT_JSON, 0, "json", NULL, (READERS & ~CLI_CMD_CONVERT) | CLI_CMD_ENGINES,
     "one JSON object per line (JSON Lines)"},
    {OPT_THREADS, 'j', "threads", "N",
     CLI_CMD_SOLVE | CLI_CMD_COUNT | CLI_CMD_JUDGE | CLI_CMD_BEST | CLI_CMD_CANDIDATES,
     "search with N worker threads while the main thread reads and prints; "
     "default: one per online core; -j 1 does everything in one thread; "
     "output order is still input order"},
    {OPT_TIMEOUT, 0, "timeout", "SECONDS", SEARCHERS | CLI_CMD_BEST,
     "give up on a puzzle after SECONDS of search (status timeout)"},
    {OPT_LIMIT, 0, "limit", "N", CLI_CMD_COUNT | CLI_CMD_ENUMERATE | CLI_CMD_CANDIDATES,
     "count, enumerate: stop after N solutions of a puzzle (the count is then "
     "incomplete); candidates: count each candidate's solutions up to N "
     "(default 1: only whether it has one)"},
    {OPT_FIRST, 0, "first", NULL, CLI_CMD_SOLVE,
     "stop at the first solution, without proving it unique (status solved)"},
    {OPT_DIFF, 0, "diff", NULL, CLI_CMD_SOLVE,
     "for a puzzle with several solutions, print two of them after a line "
     "naming the cells where they differ (JSON records always carry both)"},
    {OPT_ENGINE, 0, "engine", "NAME", SEARCHERS,
     "search with engine NAME (see 'sudokit engines'); default: the fastest "
     "engine that accepts each puzzle"},
    {OPT_STATS, 0, "stats", NULL, SEARCHERS | CLI_CMD_BEST,
     "print a summary on stderr at the end: puzzles by status, time, puzzles "
     "per second, guesses per puzzle"},
    {OPT_QUIET, 'q', "quiet", NULL, READERS | CLI_CMD_JUDGE,
     "no per-puzzle messages and no progress line on stderr"},
    {OPT_INDEX, 0, "index", "K", CLI_CMD_CNF,
     "write puzzle K of the input, counting from 0 over every FILE (the "
     "index of JSON records), on standard output"},
    {OPT_PREFIX, 0, "prefix", "PREFIX", CLI_CMD_CNF,
     "write every puzzle to its own file, PREFIX-K.cnf for puzzle K (from 0), "
     "and list the files on standard output"},
    {OPT_WEIGHTS, 0, "weights", "FILE", CLI_CMD_BEST,
     "the weight of each cell: 'target' (default: 6 + the distance to the "
     "nearest border, the NOIP 2009 scores), or a FILE of N rows of N "
     "integers (any sign; '#' starts a comment)"},
    {OPT_MINIMIZE, 0, "minimize", NULL, CLI_CMD_BEST, "the smallest value instead of the largest"},
    {OPT_SOLUTION, 0, "solution", "FILE", CLI_CMD_VERIFY,
     "the grids to check, one per puzzle in the same order ('-': standard "
     "input), in any form the puzzles may take; default: the solution each "
     "puzzle carries (an f-puzzles \"solution\")"},
};

#define NOPTIONS (sizeof options / sizeof options[0])

int cli_usage_error(const cli_command *cmd, const char *fmt, ...)
{
    va_list ap;
    fputs("sudokit: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (cmd)
        fprintf(stderr, "Try 'sudokit %s --help'.\n", cmd->name);
    else
        fputs("Try 'sudokit --help'.\n", stderr);
    return CLI_EXIT_USAGE;
}

/* Parses a whole decimal number in [lo, hi]; 0 on success. */
static int parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    long v;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    unsigned long long v;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

/* --box RxC or none. */
static int parse_box(const char *s, int *rows, int *cols)
{
    const char *x;
    char part[32];
    long r, c;
    size_t len;
    if (strcmp(s, "none") == 0) {
        *rows = *cols = SK_BOX_NONE;
        return 0;
    }
    x = strchr(s, 'x');
    if (!x)
        x = strchr(s, 'X');
    if (!x || (len = (size_t)(x - s)) == 0 || len >= sizeof part)
        return -1;
    memcpy(part, s, len);
    part[len] = '\0';
    if (parse_long(part, 1, SK_MAX_N, &r) || parse_long(x + 1, 1, SK_MAX_N, &c))
        return -1;
    *rows = (int)r;
    *cols = (int)c;
    return 0;
}

/* Applies one option with its argument (NULL for a flag). */
static int apply(const cli_command *cmd, const cli_option *o, const char *arg, cli_args *a)
{
    long v;
    int k;
    char *end;
    switch (o->id) {
    case OPT_HELP:
        cli_print_help(stdout, cmd);
        return 0;
    case OPT_BOX:
        if (parse_box(arg, &a->box_rows, &a->box_cols))
            return cli_usage_error(cmd, "--box wants RxC (e.g. 3x3, 2x3) or none, not '%s'", arg);
        break;
    case OPT_DIAGONALS:
        a->extras |= SK_EXTRA_DIAGONALS;
        break;
    case OPT_HYPER:
        a->extras |= SK_EXTRA_HYPER;
        break;
    case OPT_ALPHABET:
        k = sk_alphabet_parse(arg);
        if (k < 0)
            return cli_usage_error(cmd, "unknown alphabet '%s' (digits, hex, letters, numbers)", arg);
        a->alphabet = (sk_alphabet)k;
        break;
    case OPT_FORMAT:
        k = sk_format_parse(arg);
        if (k < 0 || k == SK_FORMAT_PRETTY)
            return cli_usage_error(cmd, "unknown input format '%s' (line, grid, board, hdu4069, fpuzzles)", arg);
        a->format = (sk_format)k;
        break;
    case OPT_OUTPUT:
        k = sk_format_parse(arg);
        if (k != SK_FORMAT_LINE && k != SK_FORMAT_GRID && k != SK_FORMAT_BOARD &&
            k != SK_FORMAT_PRETTY)
            return cli_usage_error(cmd, "unknown output format '%s' (line, grid, board, pretty)", arg);
        a->output = k;
        break;
    case OPT_JSON:
        a->json = 1;
        break;
    case OPT_THREADS:
        if (parse_long(arg, 1, 1024, &v))
            return cli_usage_error(cmd, "--threads wants a number from 1 to 1024, not '%s'", arg);
        a->threads = (int)v;
        break;
    case OPT_TIMEOUT:
        errno = 0;
        a->timeout = strtod(arg, &end);
        if (errno || end == arg || *end || !(a->timeout > 0) || a->timeout > 1e9)
            return cli_usage_error(cmd, "--timeout wants a positive number of seconds, not '%s'", arg);
        break;
    case OPT_LIMIT:
        if (parse_u64(arg, &a->limit) || a->limit == 0)
            return cli_usage_error(cmd, "--limit wants a positive number, not '%s'", arg);
        break;
    case OPT_FIRST:
        a->first = 1;
        break;
    case OPT_DIFF:
        a->diff = 1;
        break;
    case OPT_ENGINE:
        a->engine = sk_engine_find(arg);
        if (a->engine < 0)
            return cli_usage_error(cmd, "unknown engine '%s' (see 'sudokit engines')", arg);
        break;
    case OPT_STATS:
        a->stats = 1;
        break;
    case OPT_QUIET:
        a->quiet = 1;
        break;
    case OPT_WEIGHTS:
        a->weights = strcmp(arg, "target") == 0 ? NULL : arg;
        break;
    case OPT_MINIMIZE:
        a->minimize = 1;
        break;
    case OPT_SOLUTION:
        a->solution = arg;
        break;
    case OPT_PREFIX:
        a->prefix = arg;
        break;
    case OPT_INDEX:
        if (parse_long(arg, 0, LONG_MAX, &v))
            return cli_usage_error(cmd, "--index wants a number from 0, not '%s'", arg);
        a->index = v;
        break;
    }
    return CLI_PARSE_OK;
}

static const cli_option *find_long(const char *name, size_t len)
{
    size_t i;
    for (i = 0; i < NOPTIONS; i++)
        if (strlen(options[i].long_name) == len && strncmp(options[i].long_name, name, len) == 0)
            return &options[i];
    return NULL;
}

static const cli_option *find_short(char c)
{
    size_t i;
    for (i = 0; i < NOPTIONS; i++)
        if (options[i].short_name && options[i].short_name == c)
            return &options[i];
    return NULL;
}

int cli_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        return 1;
    return n > 1024 ? 1024 : (int)n;
}

int cli_args_parse(const cli_command *cmd, int argc, char **argv, cli_args *a)
{
    int i, nop = 0, only_operands = 0, rc;
    memset(a, 0, sizeof *a);
    a->cmd = cmd;
    a->box_rows = a->box_cols = SK_BOX_DEFAULT;
    a->alphabet = SK_ALPHABET_AUTO;
    a->format = SK_FORMAT_AUTO;
    a->output = -1;
    a->threads = cli_default_threads();
    a->engine = -1;
    a->index = -1;
    for (i = 1; i < argc; i++) {
        char *s = argv[i];
        const cli_option *o;
        const char *arg = NULL;
        if (only_operands || s[0] != '-' || s[1] == '\0') {
            argv[nop++] = s; /* nop <= i - 1 < i: never overwrites what is unread */
            continue;
        }
        if (strcmp(s, "--") == 0) {
            only_operands = 1;
            continue;
        }
        if (s[1] == '-') {
            const char *name = s + 2, *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            o = find_long(name, len);
            if (!o || !(o->commands & cmd->bit))
                return cli_usage_error(cmd, "unknown option '--%.*s' for '%s'", (int)len, name,
                                       cmd->name);
            if (o->arg) {
                if (eq)
                    arg = eq + 1;
                else if (i + 1 < argc)
                    arg = argv[++i];
                else
                    return cli_usage_error(cmd, "option '--%s' needs an argument %s", o->long_name,
                                           o->arg);
            } else if (eq) {
                return cli_usage_error(cmd, "option '--%s' takes no argument", o->long_name);
            }
            rc = apply(cmd, o, arg, a);
            if (rc != CLI_PARSE_OK)
                return rc;
            continue;
        }
        /* A cluster of short options: -qj4, -j 4. */
        for (s++; *s; s++) {
            o = find_short(*s);
            if (!o || !(o->commands & cmd->bit))
                return cli_usage_error(cmd, "unknown option '-%c' for '%s'", *s, cmd->name);
            if (o->arg) {
                if (s[1])
                    arg = s + 1;
                else if (i + 1 < argc)
                    arg = argv[++i];
                else
                    return cli_usage_error(cmd, "option '-%c' needs an argument %s", *s, o->arg);
                rc = apply(cmd, o, arg, a);
                if (rc != CLI_PARSE_OK)
                    return rc;
                break;
            }
            rc = apply(cmd, o, NULL, a);
            if (rc != CLI_PARSE_OK)
                return rc;
        }
    }
    a->operands = argv;
    a->noperands = nop;
    return CLI_PARSE_OK;
}

void cli_read_opts(const cli_args *a, sk_read_opts *ro)
{
    sk_read_opts init = SK_READ_OPTS_INIT;
    *ro = init;
    ro->format = a->format;
    ro->alphabet = a->alphabet;
    ro->box_rows = a->box_rows;
    ro->box_cols = a->box_cols;
    ro->extras = a->extras;
}

/* Prints text word-wrapped to end before column 80, every line after the
 * first indented by indent. */
static void print_wrapped(FILE *f, const char *text, int indent)
{
    int width = 79 - indent;
    while (*text) {
        int len = (int)strlen(text), cut = len;
        if (len > width) {
            for (cut = width; cut > 0 && text[cut] != ' '; cut--)
                ;
            if (cut == 0)
                cut = width;
        }
        fwrite(text, 1, (size_t)cut, f);
        text += cut;
        while (*text == ' ')
            text++;
        if (*text)
            fprintf(f, "\n%*s", indent, "");
    }
}

static const char exit_codes[] =
    "Exit status:\n"
    "  0  every puzzle got a definite answer (solve: unique, or solved with\n"
    "     --first; count, enumerate: every count complete; check: no\n"
    "     conflict; verify: every grid a solution; best: the optimum proven;\n"
    "     judge: an answer the problem defines; cnf: the formula was written)\n"
    "  1  some puzzle has no solution or several, timed out, stopped at\n"
    "     --limit, (check) has conflicts, or (verify) a grid is not its\n"
    "     puzzle's solution\n"
    "  2  usage error\n"
    "  3  some input was invalid or unreadable\n"
    "  4  system error: out of memory, write error\n"
    "  When several apply the highest wins.\n";

static const char input_forms[] =
    "\n"
    "Input: line, grid, board or hdu4069 form, or f-puzzles (its JSON, the\n"
    "compressed string of a link, or the whole link), with the rules the\n"
    "puzzle carries.  A puzzle in line, grid or board form may be followed\n"
    "directly by variant rules, one per line, and by 'box RxC', 'diagonals'\n"
    "or 'hyper' lines:\n"
    "  cage 15: r1c1 r1c2 r2c1        thermo: r4c4 r4c5 r4c6\n"
    "  arrow: r5c5 > r4c4 r3c3        box 2x3\n"
    "Every rule: 'man sudokit', section VARIANT RULES.\n";

void cli_print_help(FILE *f, const cli_command *cmd)
{
    size_t i;
    enum { COL = 24 };
    fprintf(f, "usage: sudokit %s [OPTIONS]%s%s\n\n", cmd->name, cmd->operands[0] ? " " : "",
            cmd->operands);
    fprintf(f, "%s\n", cmd->description);
    if (cmd->bit & PUZZLES)
        fputs(input_forms, f);
    fputs("\nOptions:\n", f);
    for (i = 0; i < NOPTIONS; i++) {
        const cli_option *o = &options[i];
        char head[64];
        int len;
        if (!(o->commands & cmd->bit))
            continue;
        if (o->short_name)
            len = snprintf(head, sizeof head, "  -%c, --%s%s%s", o->short_name, o->long_name,
                           o->arg ? " " : "", o->arg ? o->arg : "");
        else
            len = snprintf(head, sizeof head, "      --%s%s%s", o->long_name, o->arg ? " " : "",
                           o->arg ? o->arg : "");
        fputs(head, f);
        if (len >= COL - 1)
            fprintf(f, "\n%*s", COL, "");
        else
            fprintf(f, "%*s", COL - len, "");
        print_wrapped(f, o->help, COL);
        fputc('\n', f);
    }
    if (cmd->bit != CLI_CMD_HELP && cmd->bit != CLI_CMD_ENGINES) {
        fputc('\n', f);
        fputs(exit_codes, f);
    }
}

void cli_print_main_help(FILE *f)
{
    int i;
    fputs("usage: sudokit COMMAND [OPTIONS] [FILE...]\n"
          "       sudokit --version | --help\n\n"
          "Solve, prove, count, list and check Sudoku-family puzzles: any N up to 64,\n"
          "rectangular boxes, jigsaw regions, Latin squares, diagonals, Hyper windows,\n"
          "and variant rules (killer cages, thermometers, arrows, dots, lines...)\n"
          "written one per line after a grid, or read from f-puzzles JSON and links.\n"
          "Puzzles are read from each FILE, or standard input when there is none or\n"
          "FILE is '-'; results come in input order, one record per puzzle.\n\n"
          "Commands:\n",
          f);
    for (i = 0; cli_commands[i]; i++)
        fprintf(f, "  %-12s%s\n", cli_commands[i]->name, cli_commands[i]->summary);
    fputs("\nRun 'sudokit help COMMAND' or 'sudokit COMMAND --help' for its options.\n\n", f);
    fputs(exit_codes, f);
}
