/*
 * options.c - the one option table of the tool.  The same rows drive the
 * parser, the generated --help and the man page (man.c), so the help cannot
 * drift from the code.  Each row names the commands that accept it; an
 * option given to another command is a usage error.  An option that takes
 * names (--format NAME) lists them, and the parser accepts those alone.
 * Also here: the help texts, and the table of exit codes they print.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* Commands that read puzzles. */
#define READERS (CLI_CMD_SOLVE | CLI_CMD_COUNT | CLI_CMD_ENUMERATE | CLI_CMD_CHECK | CLI_CMD_BEST | \
                 CLI_CMD_CANDIDATES | CLI_CMD_CONVERT | CLI_CMD_VERIFY | LOGIC)
/* Commands that run the logical solver. */
#define LOGIC (CLI_CMD_RATE | CLI_CMD_EXPLAIN | CLI_CMD_HINT)
/* Commands that search. */
#define SEARCHERS (CLI_CMD_SOLVE | CLI_CMD_COUNT | CLI_CMD_ENUMERATE | CLI_CMD_JUDGE | \
                   CLI_CMD_CANDIDATES)
/* Commands that take the puzzle options (--box, --format...). */
#define PUZZLES (READERS | CLI_CMD_CNF | MAKERS)
#define ALL 0xffffffffu
/* Commands that make or thin puzzles. */
#define MAKERS (CLI_CMD_GENERATE | CLI_CMD_MINIMIZE | CLI_CMD_REDUNDANT)

const char *const cli_option_groups[CLI_GROUP_COUNT_] = {
    "Other", "Geometry", "Input and output", "Search", "Rating and explaining", "Making puzzles",
    "Messages", "Help",
};

/* The names --alphabet, --format and --output take: the parser accepts
 * exactly these (and the library's aliases of them). */
static const cli_value alphabet_values[] = {
    {"digits", "1-9 then A-Z"},
    {"hex", "0-9A-F, 0 is a value"},
    {"letters", "A-Z"},
    {"numbers", "decimal tokens"},
    {NULL, NULL},
};
static const cli_value format_values[] = {
    {"line", NULL},
    {"grid", NULL},
    {"board", NULL},
    {"hdu4069", NULL},
    {"fpuzzles", NULL},
    {"sukaku", "pencil marks on one line, 729 characters for 9x9"},
    {"pencil", "a grid of candidates"},
    {NULL, NULL},
};
static const cli_value output_values[] = {
    {"line", NULL},
    {"grid", NULL},
    {"board", NULL},
    {"pretty", "a grid with box separators"},
    {"pencil", "a grid of candidates"},
    {"sukaku", "candidates on one line"},
    {NULL, NULL},
};

static const cli_value symmetry_values[] = {
#define SYMMETRY_VALUE(name, value, keyword, meaning) {keyword, meaning},
    SK_SYMMETRY_LIST(SYMMETRY_VALUE)
#undef SYMMETRY_VALUE
    {NULL, NULL},
};

static const cli_value reveal_values[] = {
    {"technique", "its technique and rating only"},
    {"where", "and where to look: its houses, else its cells, and the digits it is about, "
              "or the variant rule it follows from"},
    {"all", "the whole step, the default"},
    {NULL, NULL},
};

const cli_option cli_options[] = {
    {OPT_HELP, 'h', "help", NULL, ALL, "show this help and exit", .group = CLI_GROUP_HELP},
    {OPT_MAN, 0, "man", NULL, CLI_CMD_HELP,
     "print the manual page (roff) and exit: 'sudokit help --man | man -l -' shows it",
     .group = CLI_GROUP_HELP},
    {OPT_LIST, 0, "list", NULL, CLI_CMD_HELP,
     "print the names of every command, option, option value, exit code, judge problem, "
     "engine and technique, one per line, and exit (for scripts and shell completion)",
     .group = CLI_GROUP_HELP},
    {OPT_BOX, 0, "box", "RxC", PUZZLES,
     "boxes of R rows and C columns (e.g. 2x3), or 'none' for a Latin "
     "square; default: square boxes when N is a square, none when N is a prime",
     .group = CLI_GROUP_GEOMETRY,
     .more = "Other N must say (6x6, 8x8, 10x10, 12x12...), or give a 'box RxC' line after the "
             "grid; a jigsaw puzzle brings its own regions."},
    {OPT_DIAGONALS, 0, "diagonals", NULL, PUZZLES, "both main diagonals are houses (X-Sudoku)",
     .group = CLI_GROUP_GEOMETRY},
    {OPT_HYPER, 0, "hyper", NULL, PUZZLES, "the Hyper/Windoku windows are houses",
     .group = CLI_GROUP_GEOMETRY,
     .more = "On 9x9 they are the four 3x3 windows at rows and columns 2-4 and 6-8."},
    {OPT_ALPHABET, 0, "alphabet", "NAME", PUZZLES, "symbols: {}; default: guessed",
     .values = alphabet_values, .group = CLI_GROUP_IO,
     .more = "POJ 3076 uses the letters A-P."},
    {OPT_FORMAT, 0, "format", "NAME", PUZZLES, "input form: {}; default: guessed for each puzzle",
     .values = format_values, .group = CLI_GROUP_IO,
     .more = "hdu4069 must be named; a line starting with '{', an f-puzzles link or a string "
             "starting N4Ig is f-puzzles (see FORMATS)."},
    {OPT_OUTPUT, 0, "output", "NAME",
     CLI_CMD_SOLVE | CLI_CMD_ENUMERATE | CLI_CMD_BEST | CLI_CMD_CONVERT | CLI_CMD_CANDIDATES |
         CLI_CMD_GENERATE | CLI_CMD_MINIMIZE,
     "output form: {}; default: the form each puzzle was read in (generate: line)",
     .values = output_values, .group = CLI_GROUP_IO,
     .more = "f-puzzles input is written in line form by default, and so is a solution of "
             "sukaku input; there is no f-puzzles output.  In pencil or sukaku form a solved "
             "cell is its digit and an empty cell holds every digit.  candidates writes "
             "pencil marks: pencil (the default) or sukaku."},
    {OPT_BASIC, 0, "basic", NULL, CLI_CMD_CANDIDATES,
     "the pencil marks left by the simple techniques a person starts with (naked and "
     "hidden singles, the direct hidden pair and triple, pointing and claiming), applied "
     "until none applies, instead of the true candidates",
     .group = CLI_GROUP_SEARCH,
     .more = "No search runs: the marks are what a solver working by hand reaches before "
             "anything harder.  With variant rules, each rule's own steps too."},
    {OPT_JSON, 0, "json", NULL, (READERS & ~CLI_CMD_CONVERT) | CLI_CMD_ENGINES | MAKERS,
     "one JSON object per line (JSON Lines)", .group = CLI_GROUP_IO,
     .more = "Each record holds the status, the solution or count, search nodes, guesses and "
             "time; the fields of each command are under COMMANDS."},
    {OPT_THREADS, 'j', "threads", "N",
     CLI_CMD_SOLVE | CLI_CMD_COUNT | CLI_CMD_JUDGE | CLI_CMD_BEST | CLI_CMD_CANDIDATES | LOGIC |
         MAKERS,
     "search with N worker threads while the main thread reads and prints; "
     "default: one per online core; -j 1 does everything in one thread; "
     "output order is still input order",
     .group = CLI_GROUP_SEARCH,
     .more = "The output is the same, byte for byte, whatever N.  With several threads, "
             "reading, searching and printing overlap: the main thread reads puzzles into a "
             "ring of slots (256 per worker, 512 to 4096) and prints each finished puzzle as soon as every puzzle "
             "before it is done, so memory stays bounded whatever the size of the input."},
    {OPT_TIMEOUT, 0, "timeout", "SECONDS", SEARCHERS | CLI_CMD_BEST | LOGIC | MAKERS,
     "give up on a puzzle after SECONDS of search (status timeout); rate, explain, hint: "
     "SECONDS for the uniqueness check, then for the rating (rate) or each step; generate: "
     "SECONDS to make each puzzle",
     .group = CLI_GROUP_SEARCH},
    {OPT_LIMIT, 0, "limit", "N", CLI_CMD_COUNT | CLI_CMD_ENUMERATE | CLI_CMD_CANDIDATES,
     "count, enumerate: stop after N solutions of a puzzle (the count is then "
     "incomplete); candidates: count each candidate's solutions up to N "
     "(default 1: only whether it has one)",
     .group = CLI_GROUP_SEARCH},
    {OPT_FIRST, 0, "first", NULL, CLI_CMD_SOLVE,
     "stop at the first solution, without proving it unique (status solved)",
     .group = CLI_GROUP_SEARCH},
    {OPT_DIFF, 0, "diff", NULL, CLI_CMD_SOLVE,
     "for a puzzle with several solutions, print two of them after a line "
     "naming the cells where they differ (JSON records always carry both)",
     .group = CLI_GROUP_IO},
    {OPT_ENGINE, 0, "engine", "NAME", SEARCHERS,
     "search with engine NAME (see 'sudokit engines'); default: the fastest "
     "engine that accepts each puzzle",
     .group = CLI_GROUP_SEARCH},
    {OPT_STATS, 0, "stats", NULL, SEARCHERS | CLI_CMD_BEST | LOGIC | MAKERS,
     "print a summary on stderr at the end: puzzles by status, time, puzzles "
     "per second, guesses per puzzle",
     .group = CLI_GROUP_MESSAGES},
    {OPT_QUIET, 'q', "quiet", NULL, READERS | CLI_CMD_JUDGE | MAKERS,
     "no per-puzzle messages and no progress line on stderr", .group = CLI_GROUP_MESSAGES,
     .more = "The progress line, shown only when standard error is a terminal, gives the "
             "puzzles done, the rate, and the time left when every input is a regular file "
             "(estimated from the share of the input read so far), else the time elapsed."},
    {OPT_INDEX, 0, "index", "K", CLI_CMD_CNF,
     "write puzzle K of the input, counting from 0 over every FILE (the "
     "index of JSON records); default 0, the first",
     .group = CLI_GROUP_IO},
    {OPT_PREFIX, 0, "prefix", "PREFIX", CLI_CMD_CNF,
     "write every puzzle to its own file, PREFIX-K.cnf for puzzle K (from 0), "
     "and list the files on standard output",
     .group = CLI_GROUP_IO},
    {OPT_WEIGHTS, 0, "weights", "FILE", CLI_CMD_BEST,
     "the weight of each cell: 'target' (default: 6 + the distance to the "
     "nearest border, the NOIP 2009 scores), or a FILE of N rows of N "
     "integers (any sign; '#' starts a comment)",
     .group = CLI_GROUP_SEARCH},
    {OPT_MINIMIZE, 0, "minimize", NULL, CLI_CMD_BEST, "the smallest value instead of the largest",
     .group = CLI_GROUP_SEARCH},
    {OPT_NO_CHECK, 0, "no-check", NULL, LOGIC,
     "do not prove first that the puzzle has exactly one solution: rate or explain it "
     "whatever it has (status unchecked)",
     .group = CLI_GROUP_LOGIC,
     .more = "Without it, a puzzle with no solution or several is not rated: the techniques "
             "assume a unique solution (unique rectangles, BUG), and a rating of a puzzle "
             "that has none or several means little.  With it, a path that reaches a "
             "position showing it has no solution (a cell without candidate, a digit "
             "without place in a house: a wrong given) stops there, with status none and "
             "the reason ('r5c6 has no candidate left after 58 logical steps'); when "
             "unique rectangles or BUG, which assume one solution, led there, the search "
             "says none or multiple."},
    {OPT_MAX_RATING, 0, "max-rating", "R", LOGIC,
     "try only the techniques rated R or less on Sudoku Explainer's scale (such as 2.8 for "
     "singles and locked candidates, 4.4 up to the XYZ-wing); a puzzle that needs more "
     "is stuck",
     .group = CLI_GROUP_LOGIC},
    {OPT_REVEAL, 0, "reveal", "WHAT", CLI_CMD_HINT,
     "how much of the step to give away: {}",
     .values = reveal_values, .group = CLI_GROUP_LOGIC,
     .more = "A hint that does not solve the step for you: 'technique' names it ('X-Wing "
             "(rating 3.2)'), 'where' adds the houses it lies in, or its cells when it names "
             "no house, and the digits it is about ('X-Wing on 3 in row 2, row 7, column 3 "
             "and column 8 (rating 3.2)'; a single's digit is left out, being the answer; a "
             "variant rule's step gives the rule instead, its cells and digits being what "
             "it removes), and neither says what it places or removes."},
    {OPT_SIZE, 0, "size", "N", CLI_CMD_GENERATE,
     "generate: puzzles of N x N cells; default: 9, or R*C with --box RxC, or the "
     "pattern's size",
     .group = CLI_GROUP_GEOMETRY},
    {OPT_JIGSAW, 0, "jigsaw", NULL, CLI_CMD_GENERATE,
     "generate: each puzzle on a random jigsaw layout of its own (N regions of N connected "
     "cells, drawn from its seed), written after its grid",
     .group = CLI_GROUP_GEOMETRY},
    {OPT_KILLER, 0, "killer", NULL, CLI_CMD_GENERATE,
     "generate: killer puzzles: each solution cut into random cages of 2 to 5 cells (each "
     "with its sum, no digit twice), keeping only the givens the cages need; with "
     "--givens 0, none",
     .group = CLI_GROUP_MAKING},
    {OPT_ADD, 0, "add", "KINDS", CLI_CMD_GENERATE,
     "generate: add rules of these kinds (comma-separated keywords of the text form, such "
     "as thermo,white,black, or 'all': every kind drawn through cells) to the puzzle of "
     "FILE, givens kept, until it has one solution",
     .group = CLI_GROUP_MAKING,
     .more = "Every kind of rule can be added.  Rules of the whole grid (anti-knight, "
             "diagonal-up, nonconsecutive...) are imposed first and the solution kept obeys "
             "them; each other rule holds for that solution and breaks a second solution "
             "found at that point; at the end every added rule that is not needed goes."},
    {OPT_COUNT, 'n', "count", "K", CLI_CMD_GENERATE, "make K puzzles (default 1)",
     .group = CLI_GROUP_MAKING},
    {OPT_SEED, 0, "seed", "S", CLI_CMD_GENERATE | CLI_CMD_MINIMIZE,
     "generate: puzzle K is made from seed S+K, so the same seed and options make the "
     "same puzzles at any -j (default: a seed drawn from the clock, written in each JSON "
     "record); minimize: take givens and rules away in an order drawn from S instead "
     "of reading order",
     .group = CLI_GROUP_MAKING},
    {OPT_SYMMETRY, 0, "symmetry", "NAME", CLI_CMD_GENERATE,
     "the givens' positions are symmetric: {} (default none)",
     .values = symmetry_values, .group = CLI_GROUP_MAKING,
     .more = "Givens are taken away a whole orbit at a time (a cell and the cells the "
             "symmetry maps it to), so no orbit can go without a second solution; add "
             "--minimal to ask that no single given can go either."},
    {OPT_GIVENS, 0, "givens", "K|A-B", CLI_CMD_GENERATE,
     "exactly K givens, or from A to B (either may be left out: 30-, -25)",
     .group = CLI_GROUP_MAKING},
    {OPT_MINIMAL, 0, "minimal", NULL, CLI_CMD_GENERATE,
     "no given can be taken away without a second solution (checked given by given)",
     .group = CLI_GROUP_MAKING,
     .more = "Without a symmetry, pattern or givens bound every puzzle made on a grid up to "
             "9x9 is minimal already (larger grids may keep a given whose search ran past "
             "its budget); with one, a symmetric puzzle whose single given can go is "
             "repaired (that orbit goes, others come back), other grids are dropped."},
    {OPT_PATTERN, 0, "pattern", "FILE", CLI_CMD_GENERATE,
     "the givens are exactly the cells marked in FILE: N rows of N characters, 'x' (or "
     "any digit or letter) for a given, '.' (or '0', '-') for an empty cell; white "
     "space is ignored",
     .group = CLI_GROUP_MAKING},
    {OPT_RATING, 0, "rating", "A-B", CLI_CMD_GENERATE,
     "Sudoku Explainer rating (ER) from A to B, such as 7.0-12 (A: exactly A; A-: at "
     "least A; -B: at most B)",
     .group = CLI_GROUP_MAKING,
     .more = "Each puzzle is rated by the logical solver, as 'sudokit rate' does; not for "
             "variant rules."},
    {OPT_NEEDS, 0, "needs", "TECHNIQUE", CLI_CMD_GENERATE,
     "the logical solution must use TECHNIQUE (a keyword of 'sudokit help rate', such as "
     "x-wing)",
     .group = CLI_GROUP_MAKING},
    {OPT_NO_GUESS, 0, "no-guess", NULL, CLI_CMD_GENERATE,
     "solvable without trial and error: no Nishio, dynamic or nested forcing chains on the "
     "logical path; with variant rules, the search's propagation solves it without a "
     "branch",
     .group = CLI_GROUP_MAKING},
    {OPT_KEEP_RULES, 0, "keep-rules", NULL, CLI_CMD_MINIMIZE,
     "take only givens away, keep every rule",
     .group = CLI_GROUP_MAKING},
    {OPT_SOLUTION, 0, "solution", "FILE", CLI_CMD_VERIFY,
     "the grids to check, one per puzzle in the same order ('-': standard "
     "input), in any form the puzzles may take; default: the solution each "
     "puzzle carries (an f-puzzles \"solution\")",
     .group = CLI_GROUP_IO},
};

const size_t cli_noptions = sizeof cli_options / sizeof cli_options[0];

const cli_exit_code cli_exit_codes[] = {
#define CLI_EXIT_ROW(name, code, meaning) {code, meaning},
    CLI_EXIT_LIST(CLI_EXIT_ROW)
#undef CLI_EXIT_ROW
    {0, NULL},
};

/* Appends s to the string in buf (size bytes), cutting it short. */
static void append(char *buf, size_t size, const char *s)
{
    size_t len = strlen(buf);
    if (len + 1 < size)
        snprintf(buf + len, size - len, "%s", s);
}

const char *cli_join(char *buf, size_t size, const char *const *items, size_t n,
                     const char *sep, const char *last)
{
    size_t i;
    if (size == 0)
        return buf;
    buf[0] = '\0';
    for (i = 0; i < n; i++) {
        if (i > 0)
            append(buf, size, i + 1 == n ? last : sep);
        append(buf, size, items[i]);
    }
    return buf;
}

/* The names an option takes, "a, b, c" (notes left out). */
static const char *value_names(const cli_option *o, char *buf, size_t size)
{
    const char *names[32];
    size_t n = 0;
    while (o->values && o->values[n].name && n < sizeof names / sizeof names[0]) {
        names[n] = o->values[n].name;
        n++;
    }
    return cli_join(buf, size, names, n, ", ", ", ");
}

/* 1 when name is one of the names o takes. */
static int takes_value(const cli_option *o, const char *name)
{
    const cli_value *v;
    for (v = o->values; v && v->name; v++)
        if (strcmp(v->name, name) == 0)
            return 1;
    return 0;
}

const char *cli_option_help(const cli_option *o, char *buf, size_t size)
{
    const char *at = strstr(o->help, "{}");
    const cli_value *v;
    char head[256];
    if (size == 0)
        return buf;
    buf[0] = '\0';
    if (!at || !o->values) {
        append(buf, size, o->help);
        return buf;
    }
    snprintf(head, sizeof head, "%.*s", (int)(at - o->help), o->help);
    append(buf, size, head);
    for (v = o->values; v->name; v++) {
        if (v != o->values)
            append(buf, size, ", ");
        append(buf, size, v->name);
        if (v->note) {
            append(buf, size, " (");
            append(buf, size, v->note);
            append(buf, size, ")");
        }
    }
    append(buf, size, at + 2);
    return buf;
}


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

/* One bound of a range: a whole number, or with tenths a rating such as
 * 7.0 or 12 (stored in tenths).  Empty: 0. */
static int parse_bound(const char *s, size_t len, int tenths, int *out)
{
    char part[32];
    char *end;
    if (len == 0) {
        *out = 0;
        return 0;
    }
    if (len >= sizeof part || s[0] < '0' || s[0] > '9')
        return -1;
    memcpy(part, s, len);
    part[len] = '\0';
    errno = 0;
    double v = strtod(part, &end);
    if (errno || *end || v < 0 || v > 100000)
        return -1;
    if (!tenths && v != (double)(long)v)
        return -1;
    *out = tenths ? (int)(v * 10 + 0.5) : (int)v;
    return 0;
}

/* "K" (both bounds K), "A-B", "A-", "-B"; with tenths, ratings. */
static int parse_range(const char *s, int *lo, int *hi, int tenths)
{
    const char *dash = strchr(s, '-');
    if (!dash) {
        if (parse_bound(s, strlen(s), tenths, lo) || *lo == 0)
            return -1;
        *hi = *lo;
        return 0;
    }
    if (dash == s && !dash[1])
        return -1;
    if (parse_bound(s, (size_t)(dash - s), tenths, lo) ||
        parse_bound(dash + 1, strlen(dash + 1), tenths, hi))
        return -1;
    return *hi && *lo > *hi ? -1 : 0;
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
    char *end, names[256];
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
        if (k != SK_ALPHABET_AUTO && (k < 0 || !takes_value(o, sk_alphabet_name((sk_alphabet)k))))
            return cli_usage_error(cmd, "unknown alphabet '%s' (%s)", arg,
                                   value_names(o, names, sizeof names));
        a->alphabet = (sk_alphabet)k;
        break;
    case OPT_FORMAT:
        k = sk_format_parse(arg);
        if (k != SK_FORMAT_AUTO && (k < 0 || !takes_value(o, sk_format_name((sk_format)k))))
            return cli_usage_error(cmd, "unknown input format '%s' (%s)", arg,
                                   value_names(o, names, sizeof names));
        a->format = (sk_format)k;
        break;
    case OPT_OUTPUT:
        k = sk_format_parse(arg);
        if (k < 0 || !takes_value(o, sk_format_name((sk_format)k)))
            return cli_usage_error(cmd, "unknown output format '%s' (%s)", arg,
                                   value_names(o, names, sizeof names));
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
            return cli_usage_error(cmd, "--timeout wants a positive number of seconds, at most 1e9, not '%s'", arg);
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
    case OPT_BASIC:
        a->basic = 1;
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
    case OPT_MAN:
        a->man = 1;
        break;
    case OPT_LIST:
        a->list = 1;
        break;
    case OPT_SOLUTION:
        a->solution = arg;
        break;
    case OPT_PREFIX:
        a->prefix = arg;
        break;
    case OPT_NO_CHECK:
        a->no_check = 1;
        break;
    case OPT_MAX_RATING: {
        double r;
        errno = 0;
        r = strtod(arg, &end);
        if (errno || end == arg || *end || *arg < '0' || *arg > '9' || !(r >= 1.0) || r > 20.0)
            return cli_usage_error(cmd, "--max-rating wants a rating from 1.0 to 20.0 (such as "
                                        "4.4), not '%s'", arg);
        a->max_rating = (int)(r * 10 + 0.5);
        break;
    }
    case OPT_REVEAL:
        if (!takes_value(o, arg))
            return cli_usage_error(cmd, "unknown --reveal '%s' (%s)", arg,
                                   value_names(o, names, sizeof names));
        a->reveal = strcmp(arg, "technique") == 0 ? 1 : strcmp(arg, "where") == 0 ? 2 : 0;
        break;
    case OPT_SIZE:
        if (parse_long(arg, 1, SK_MAX_N, &v))
            return cli_usage_error(cmd, "--size wants a number from 1 to %d, not '%s'", SK_MAX_N,
                                   arg);
        a->size = (int)v;
        break;
    case OPT_COUNT:
        if (parse_long(arg, 1, LONG_MAX, &v))
            return cli_usage_error(cmd, "--count wants a positive number, not '%s'", arg);
        a->count = v;
        break;
    case OPT_SEED:
        if (parse_u64(arg, &a->seed))
            return cli_usage_error(cmd, "--seed wants a number from 0, not '%s'", arg);
        a->has_seed = 1;
        break;
    case OPT_SYMMETRY:
        k = sk_symmetry_parse(arg);
        if (k < 0)
            return cli_usage_error(cmd, "unknown symmetry '%s' (%s)", arg,
                                   value_names(o, names, sizeof names));
        a->symmetry = k;
        break;
    case OPT_GIVENS:
        a->no_givens = strcmp(arg, "0") == 0;
        if (a->no_givens)
            break;
        if (parse_range(arg, &a->min_givens, &a->max_givens, 0))
            return cli_usage_error(cmd, "--givens wants K or A-B (such as 25 or 22-28), not "
                                        "'%s'", arg);
        break;
    case OPT_MINIMAL:
        a->minimal = 1;
        break;
    case OPT_PATTERN:
        a->pattern = arg;
        break;
    case OPT_RATING:
        if (parse_range(arg, &a->min_rating, &a->max_rating_gen, 1))
            return cli_usage_error(cmd, "--rating wants A-B on Sudoku Explainer's scale (such "
                                        "as 7.0-12, 4.0-, -2.0), not '%s'", arg);
        break;
    case OPT_NEEDS:
        a->needs = sk_tech_parse(arg);
        if (a->needs < 0)
            return cli_usage_error(cmd, "unknown technique '%s' (the keywords are listed by "
                                        "'sudokit help rate')", arg);
        if (a->needs == SK_TECH_VARIANT_RULE)
            return cli_usage_error(cmd, "--needs %s: generate rates puzzles without variant "
                                        "rules, which never need it", arg);
        break;
    case OPT_NO_GUESS:
        a->no_guess = 1;
        break;
    case OPT_KEEP_RULES:
        a->keep_rules = 1;
        break;
    case OPT_JIGSAW:
        a->jigsaw = 1;
        break;
    case OPT_KILLER:
        a->killer = 1;
        break;
    case OPT_ADD: {
        const char *p = arg;
        a->nadd = 0;
        if (strcmp(arg, "all") == 0) {
            /* every kind drawn through cells; rules of the whole grid
               must be named (all of them at once leave no grid) */
            static const int local[] = {
                SK_RULE_CAGE, SK_RULE_LITTLE_KILLER, SK_RULE_SANDWICH, SK_RULE_ARROW,
                SK_RULE_THERMO, SK_RULE_PALINDROME, SK_RULE_WHISPER, SK_RULE_RENBAN,
                SK_RULE_BETWEEN, SK_RULE_REGION_SUM, SK_RULE_WHITE_DOT, SK_RULE_BLACK_DOT,
                SK_RULE_XV, SK_RULE_ODD, SK_RULE_EVEN, SK_RULE_MINIMUM, SK_RULE_MAXIMUM,
                SK_RULE_QUADRUPLE, SK_RULE_REGION, SK_RULE_DIGITS};
            for (size_t i = 0; i < sizeof local / sizeof local[0]; i++)
                a->add[a->nadd++] = local[i];
            break;
        }
        while (*p) {
            const char *e = strchr(p, ',');
            size_t len = e ? (size_t)(e - p) : strlen(p);
            int kind = sk_rule_kind_parse(p, len);
            if (!kind || !sk_add_rules_kind(kind))
                return cli_usage_error(cmd, "--add: unknown rule kind '%.*s' (the keywords of "
                                            "'man sudokit', VARIANT RULES, or all)",
                                       (int)len, p);
            if (a->nadd < 32)
                a->add[a->nadd++] = kind;
            p += len;
            if (*p == ',')
                p++;
        }
        if (!a->nadd)
            return cli_usage_error(cmd, "--add wants rule kinds, such as thermo,white");
        break;
    }
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
    for (i = 0; i < cli_noptions; i++)
        if (strlen(cli_options[i].long_name) == len && strncmp(cli_options[i].long_name, name, len) == 0)
            return &cli_options[i];
    return NULL;
}

static const cli_option *find_short(char c)
{
    size_t i;
    for (i = 0; i < cli_noptions; i++)
        if (cli_options[i].short_name && cli_options[i].short_name == c)
            return &cli_options[i];
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
    a->count = 1;
    a->needs = -1;
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
            if (!o || !(o->commands & cmd->bit)) {
                const char *names[64], *near;
                size_t n = 0, k;
                for (k = 0; k < cli_noptions && n < 64; k++)
                    if (cli_options[k].commands & cmd->bit)
                        names[n++] = cli_options[k].long_name;
                near = cli_nearest(name, len, names, n);
                if (near)
                    return cli_usage_error(cmd, "unknown option '--%.*s' for '%s'; did you mean '--%s'?",
                                           (int)len, name, cmd->name, near);
                return cli_usage_error(cmd, "unknown option '--%.*s' for '%s'", (int)len, name,
                                       cmd->name);
            }
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

void cli_print_wrapped(FILE *f, const char *text, int indent)
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

/* The table of exit codes, as every --help ends. */
static void print_exit_codes(FILE *f)
{
    const cli_exit_code *e;
    fputs("Exit status:\n", f);
    for (e = cli_exit_codes; e->meaning; e++) {
        fprintf(f, "  %3d  ", e->code);
        cli_print_wrapped(f, e->meaning, 7);
        fputc('\n', f);
    }
    fputs("  " CLI_EXIT_NOTE "\n", f);
}

/* The entries a command lists (judge: its problems), one per line. */
static void print_entries(FILE *f, const cli_command *cmd)
{
    char text[1024];
    const char *name;
    size_t i;
    int col = 12;
    for (i = 0; (name = cmd->entry(i, text, sizeof text)) != NULL; i++)
        if ((int)strlen(name) + 4 > col)
            col = (int)strlen(name) + 4;
    fprintf(f, "\n%s\n", cmd->entries_title);
    for (i = 0; (name = cmd->entry(i, text, sizeof text)) != NULL; i++) {
        fprintf(f, "  %-*s", col - 2, name);
        cli_print_wrapped(f, text, col);
        fputc('\n', f);
    }
}

static const char input_forms[] =
    "\n"
    "Input: line, grid, board or hdu4069 form, or f-puzzles (its JSON, the\n"
    "compressed string of a link, or the whole link), with the rules the\n"
    "puzzle carries, or pencil marks (a grid of candidates as 'candidates'\n"
    "prints it, or a 729-character sukaku line), which every command takes\n"
    "as constraints.  A puzzle in line, grid or board form may be followed\n"
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
    if (cmd->entry)
        print_entries(f, cmd);
    if (cmd->bit & PUZZLES)
        fputs(input_forms, f);
    fputs("\nOptions:\n", f);
    for (i = 0; i < cli_noptions; i++) {
        const cli_option *o = &cli_options[i];
        char head[64], help[1024];
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
        cli_print_wrapped(f, cli_option_help(o, help, sizeof help), COL);
        fputc('\n', f);
    }
    if (cmd->bit != CLI_CMD_HELP && cmd->bit != CLI_CMD_ENGINES) {
        fputc('\n', f);
        print_exit_codes(f);
    }
}

void cli_print_main_help(FILE *f)
{
    int i, col = 12;
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
        if ((int)strlen(cli_commands[i]->name) + 2 > col)
            col = (int)strlen(cli_commands[i]->name) + 2;
    for (i = 0; cli_commands[i]; i++)
        fprintf(f, "  %-*s%s\n", col, cli_commands[i]->name, cli_commands[i]->summary);
    fputs("\nRun 'sudokit help COMMAND' or 'sudokit COMMAND --help' for its options,\n"
          "'sudokit help --man | man -l -' for the manual.\n\n",
          f);
    print_exit_codes(f);
}
