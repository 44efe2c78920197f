/*
 * cli.h - declarations shared by the files of the sudokit command-line tool.
 *
 * The tool uses only the public header <sudokit.h>, exactly as an outside
 * program would.  Layout:
 *   main.c       the table of subcommands and the dispatch
 *   options.c    the option table: parsing and generated --help
 *   batch.c      reading puzzles, model cache, worker threads, ordered output
 *   output.c     text and JSON Lines records, diagnostics, JSON escaping
 *   cmd_*.c      one file per subcommand
 *   logic.c      what rate, explain and hint share: the checks before the
 *                logical solver runs, and a step written as text or JSON
 *   man.c        the manual page and the lists of names, generated from
 *                the tables (`sudokit help --man`, `sudokit help --list`)
 *
 * Every table the documentation is written from: the commands (main.c),
 * the options and the values they take (options.c), the exit codes
 * (CLI_EXIT_LIST below), the judge problems (cmd_judge.c), the engines
 * (the library's registry) and the techniques of the logical solver (the
 * library's SK_TECH_LIST, listed by cmd_rate.c).  The --help texts and the man page
 * are printed from them; tests/docs.sh checks that the README names
 * every entry.
 */
#ifndef SUDOKIT_CLI_H
#define SUDOKIT_CLI_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sudokit.h"

/*
 * Exit codes: X(NAME, CODE, MEANING).  When several apply, the highest
 * code wins (CLI_EXIT_NOTE).  The meanings are printed by every --help and
 * the man page.
 */
#define CLI_EXIT_LIST(X)                                                                     \
    X(CLI_EXIT_OK, 0,                                                                        \
      "every puzzle got a definite answer (solve: unique, or solved with --first; count, "   \
      "enumerate: every count complete, whatever the number of solutions; candidates: "      \
      "every run complete; check: no conflict and no broken rule; verify: every grid its "   \
      "puzzle's solution; best: the optimum "                                                \
      "proven; rate, explain, hint: every puzzle solved logically or stuck; judge: an "      \
      "answer the problem defines; convert: every puzzle written; cnf: the formula was "     \
      "written; generate: every puzzle made; minimize, redundant: every puzzle unique and "  \
      "answered)")                                                                            \
    X(CLI_EXIT_UNSOLVED, 1,                                                                  \
      "some puzzle got no definite answer (solve: no solution or several; count, "           \
      "enumerate: stopped at --limit; check: conflicts or broken rules; verify: a grid that " \
      "is not its puzzle's solution; best: no solution; rate, explain, hint: a puzzle "      \
      "with no solution or several, not rated; "                                             \
      "judge: no answer the problem defines; generate: a puzzle not made within --timeout; " \
      "minimize, redundant: a puzzle with no solution or several; every command that "       \
      "searches: a timeout)")       \
    X(CLI_EXIT_USAGE, 2, "usage error: a bad command line, nothing was read (a one-line "     \
                         "hint on stderr); also cnf given several puzzles without --index "   \
                         "or --prefix")                                                      \
    X(CLI_EXIT_INPUT, 3, "some input was invalid or unreadable")                             \
    X(CLI_EXIT_SYSTEM, 4, "system error: out of memory, or the output could not be written " \
                          "(full disk)")                                                     \
    X(CLI_EXIT_PIPE, 141, "the reader of standard output went away (a closed pipe): the "     \
                          "tool stops at once and quietly, ended by SIGPIPE as the usual "    \
                          "tools are")

enum {
#define CLI_EXIT_ENUM(name, code, meaning) name = code,
    CLI_EXIT_LIST(CLI_EXIT_ENUM)
#undef CLI_EXIT_ENUM
};

#define CLI_EXIT_NOTE "When several of 0 to 4 apply, the highest wins."

typedef struct cli_exit_code {
    int code;
    const char *meaning; /* one paragraph */
} cli_exit_code;

/* Every exit code, in increasing order, ended by meaning NULL (options.c). */
extern const cli_exit_code cli_exit_codes[];

/* Commands as bits, so that an option can list the commands that take it. */
enum {
    CLI_CMD_SOLVE = 1u << 0,
    CLI_CMD_COUNT = 1u << 1,
    CLI_CMD_ENUMERATE = 1u << 2,
    CLI_CMD_CHECK = 1u << 3,
    CLI_CMD_JUDGE = 1u << 4,
    CLI_CMD_ENGINES = 1u << 5,
    CLI_CMD_HELP = 1u << 6,
    CLI_CMD_CNF = 1u << 7,
    CLI_CMD_BEST = 1u << 8,
    CLI_CMD_CANDIDATES = 1u << 9,
    CLI_CMD_CONVERT = 1u << 10,
    CLI_CMD_VERIFY = 1u << 11,
    CLI_CMD_RATE = 1u << 12,
    CLI_CMD_EXPLAIN = 1u << 13,
    CLI_CMD_HINT = 1u << 14,
    CLI_CMD_GENERATE = 1u << 15,
    CLI_CMD_MINIMIZE = 1u << 16,
    CLI_CMD_REDUNDANT = 1u << 17
};

/* ------------------------------------------------------------------ */
/* Commands (main.c holds the table, each cmd_*.c one entry)           */
/* ------------------------------------------------------------------ */

typedef struct cli_command cli_command;
struct cli_command {
    const char *name;        /* as typed: "solve" */
    unsigned bit;            /* CLI_CMD_* */
    const char *operands;    /* usage after [OPTIONS], e.g. "[FILE...]" */
    const char *summary;     /* one line for `sudokit help` */
    const char *description; /* paragraphs for `sudokit help NAME` and the
                                man page; lines indented by two spaces are
                                examples, printed as they are */
    int (*run)(const cli_command *cmd, int argc, char **argv); /* exit code */
    /* The entries listed after the description (judge: its problems;
     * engines: the registry), or NULL: writes the description of entry i
     * into buf (size bytes) and returns its name, or returns NULL past the
     * last entry. */
    const char *(*entry)(size_t i, char *buf, size_t size);
    const char *entries_title; /* heading of that list: "PROBLEM is one of:" */
};

extern const cli_command cli_cmd_solve, cli_cmd_count, cli_cmd_enumerate,
    cli_cmd_check, cli_cmd_judge, cli_cmd_cnf, cli_cmd_engines, cli_cmd_help,
    cli_cmd_best, cli_cmd_candidates, cli_cmd_convert, cli_cmd_verify, cli_cmd_rate,
    cli_cmd_explain, cli_cmd_hint, cli_cmd_generate, cli_cmd_minimize, cli_cmd_redundant;

/* NULL-terminated table of every command, in help order (main.c). */
extern const cli_command *const cli_commands[];

/* The command called name, or NULL. */
const cli_command *cli_command_find(const char *name);

/* ------------------------------------------------------------------ */
/* Options (options.c)                                                 */
/* ------------------------------------------------------------------ */

/* What an option does when given (options.c, apply). */
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
    OPT_ENGINE,
    OPT_STATS,
    OPT_QUIET,
    OPT_INDEX,
    OPT_WEIGHTS,
    OPT_MINIMIZE,
    OPT_MAN,
    OPT_LIST,
    OPT_DIFF,
    OPT_SOLUTION,
    OPT_PREFIX,
    OPT_NO_CHECK,
    OPT_MAX_RATING,
    OPT_REVEAL,
    OPT_BASIC,
    OPT_SIZE,
    OPT_COUNT,
    OPT_SEED,
    OPT_SYMMETRY,
    OPT_GIVENS,
    OPT_MINIMAL,
    OPT_PATTERN,
    OPT_RATING,
    OPT_NEEDS,
    OPT_NO_GUESS,
    OPT_KEEP_RULES,
    OPT_JIGSAW,
    OPT_KILLER,
    OPT_ADD
} cli_opt_id;

/* Sections of the man page's OPTIONS, in order, OTHER (a row that names
 * no group) last; cli_option_groups holds their titles. */
typedef enum cli_opt_group {
    CLI_GROUP_OTHER,
    CLI_GROUP_GEOMETRY,
    CLI_GROUP_IO,
    CLI_GROUP_SEARCH,
    CLI_GROUP_LOGIC,
    CLI_GROUP_MAKING,
    CLI_GROUP_MESSAGES,
    CLI_GROUP_HELP,
    CLI_GROUP_COUNT_
} cli_opt_group;

extern const char *const cli_option_groups[CLI_GROUP_COUNT_];

/* A name an option's argument may take: "pretty", "a grid with boxes". */
typedef struct cli_value {
    const char *name;
    const char *note; /* shown in brackets after the name, or NULL */
} cli_value;

/* One row of the option table: it drives the parser, the --help of every
 * command, the man page and `sudokit help --list`. */
typedef struct cli_option {
    cli_opt_id id;
    char short_name;         /* 0 when none */
    const char *long_name;
    const char *arg;         /* argument name, NULL for a flag */
    unsigned commands;       /* CLI_CMD_* bits of the commands that accept it */
    const char *help;        /* one paragraph; "{}" stands for the values */
    const cli_value *values; /* the names the argument takes, ended by a
                                NULL name, or NULL when it takes others */
    cli_opt_group group;     /* its section in the man page */
    const char *more;        /* what the man page adds to help, or NULL */
} cli_option;

/* The option table (options.c), cli_noptions rows. */
extern const cli_option cli_options[];
extern const size_t cli_noptions;

/* Writes the text of an option's help into buf, "{}" replaced by its
 * values ("line, grid, ..." with their notes); returns buf, cut short
 * when size is too small. */
const char *cli_option_help(const cli_option *o, char *buf, size_t size);

/* Writes the names of items[0..n-1] into buf, separated by sep and the
 * last two by last ("a, b or c"); returns buf, cut short when size is too
 * small. */
const char *cli_join(char *buf, size_t size, const char *const *items, size_t n,
                     const char *sep, const char *last);

/* Everything the command line can set; cli_args_parse fills it. */
typedef struct cli_args {
    const cli_command *cmd;
    int box_rows, box_cols; /* --box: SK_BOX_DEFAULT, SK_BOX_NONE or RxC */
    unsigned extras;        /* --diagonals, --hyper */
    sk_alphabet alphabet;   /* --alphabet (SK_ALPHABET_AUTO when absent) */
    sk_format format;       /* --format (SK_FORMAT_AUTO when absent) */
    int output;             /* --output: an sk_format, or -1 = as read */
    int json;               /* --json */
    int threads;            /* -j/--threads, >= 1; default cli_default_threads() */
    double timeout;         /* --timeout seconds per puzzle, 0 = none */
    uint64_t limit;         /* --limit, 0 = none */
    int first;              /* --first */
    int diff;               /* --diff */
    int basic;              /* --basic (candidates) */
    int engine;             /* --engine index, -1 = automatic */
    int stats;              /* --stats */
    int quiet;              /* --quiet */
    long index;             /* --index: puzzle written by cnf, from 0; -1
                               when not given */
    const char *prefix;     /* --prefix: cnf writes PREFIX-K.cnf, or NULL */
    const char *weights;    /* --weights: "target" (NULL) or a file name */
    const char *solution;   /* --solution: the grids verify checks, or NULL */
    int minimize;           /* --minimize */
    int no_check;           /* --no-check: rate without the uniqueness check */
    int max_rating;         /* --max-rating in tenths, 0 = no limit */
    int reveal;             /* hint --reveal: 1 technique, 2 where, 0 all */
    int size;               /* --size (generate), 0 = not given */
    long count;             /* --count (generate), default 1 */
    uint64_t seed;          /* --seed */
    int has_seed;
    int symmetry;           /* --symmetry: an SK_SYMMETRY_* */
    int min_givens, max_givens; /* --givens, 0 = no bound */
    int minimal;            /* --minimal */
    const char *pattern;    /* --pattern FILE, or NULL */
    int min_rating, max_rating_gen; /* --rating A-B in tenths, 0 = none */
    int needs;              /* --needs: a technique, -1 = none */
    int no_guess;           /* --no-guess */
    int keep_rules;         /* --keep-rules (minimize) */
    int jigsaw;             /* --jigsaw (generate) */
    int killer;             /* --killer (generate) */
    int no_givens;          /* --givens 0 */
    int add[32];            /* --add: rule kinds */
    int nadd;
    int man;                /* --man (help) */
    int list;               /* --list (help) */
    char **operands;        /* the non-option arguments, in order */
    int noperands;
} cli_args;

/* cli_args_parse returns this when the caller should go on. */
#define CLI_PARSE_OK (-1)

/*
 * Parses argv[1..argc-1] (argv[0] is the command name) for cmd.  Returns
 * CLI_PARSE_OK, or an exit code: 0 after printing --help, CLI_EXIT_USAGE
 * after printing a usage error.  Operands are moved to the front of argv
 * and a->operands points at them.
 */
int cli_args_parse(const cli_command *cmd, int argc, char **argv, cli_args *a);

/* Default of -j: the number of online cores, from 1 to 1024. */
int cli_default_threads(void);

/* Reading options from the puzzle options of a (--format, --alphabet,
 * --box, --diagonals, --hyper). */
void cli_read_opts(const cli_args *a, sk_read_opts *ro);

/* Prints "sudokit: error: <fmt>" and "Try 'sudokit CMD --help'." on
 * stderr (cmd NULL: 'sudokit --help'); returns CLI_EXIT_USAGE. */
int cli_usage_error(const cli_command *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Help of one command, generated from the option table. */
void cli_print_help(FILE *f, const cli_command *cmd);

/* Help of the whole tool: commands and exit codes. */
void cli_print_main_help(FILE *f);

/* Prints text word-wrapped to end before column 80, every line after the
 * first indented by indent; no newline at the end. */
void cli_print_wrapped(FILE *f, const char *text, int indent);

/* The manual page in roff: docs/sudokit.1.in with its @MARKER@ lines
 * replaced by sections written from the tables (man.c). */
void cli_print_man(FILE *f);

/* Every name the tables hold, one per line: "command NAME", "option
 * COMMAND --LONG [-S]", "value --LONG NAME", "exit CODE", "entry COMMAND
 * NAME" (judge problems, engines, techniques) (man.c). */
void cli_print_list(FILE *f);

/* The template of the man page, one line per string, ended by NULL
 * (generated from docs/sudokit.1.in by the Makefile). */
extern const char *const cli_man_template[];

/* ------------------------------------------------------------------ */
/* Output helpers (output.c)                                           */
/* ------------------------------------------------------------------ */

/* Prints "sudokit: " + message + newline on stderr. */
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Prints "sudokit: FILE:LINE:COL: message" (":COL" left out when col is
 * 0, ":LINE:COL" when line is 0) on stderr. */
void cli_diag_print(const char *file, long line, long col, const char *message);

/* Returns 1 when a write to stdout has failed (ferror; the first errno
 * is kept for the message at exit), else 0.  Does not flush. */
int cli_stdout_failed(void);
/* Records a write error with errno err; returns 1. */
int cli_stdout_note_error(int err);
/* errno of the first write error. */
int cli_stdout_errno(void);

/* The one of the n choices that word (len bytes) is most likely a typo
 * of, or NULL when none is close. */
const char *cli_nearest(const char *word, size_t len, const char *const *choices, size_t n);

/* Writes s as a JSON string literal, quotes included. */
void cli_json_string(FILE *f, const char *s);

/*
 * Where a record is written: straight to a stream, or into memory when a
 * worker builds it to be printed later, in input order, by the main
 * thread.  Initialise with {stream, NULL, 0, 0, 0} or all zeros.
 */
typedef struct cli_out {
    FILE *f;       /* when set, everything goes here */
    char *data;    /* else here: len bytes and a NUL (malloc'd; the
                      caller frees it or hands it on) */
    size_t len, cap;
    int nomem;     /* an allocation failed: data stops before it */
} cli_out;

void cli_outf(cli_out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void cli_out_write(cli_out *o, const char *s, size_t len);
/* s as a JSON string literal, quotes included. */
void cli_out_json_string(cli_out *o, const char *s);

/* A growable byte buffer. */
typedef struct cli_buf {
    char *data;
    size_t size; /* bytes allocated */
} cli_buf;

void cli_buf_free(cli_buf *b);

/*
 * Writes grid with sk_write into buf (grown as needed).  When alphabet a
 * cannot express the grid, falls back to SK_ALPHABET_AUTO.  Returns the
 * text (NUL-terminated, ends with a newline) or NULL with *status set.
 */
const char *cli_write_grid(cli_buf *buf, const sk_geometry *g, const uint8_t *grid,
                           sk_format f, sk_alphabet a, int *status);

/* The rule lines of g as sk_write_rules writes them, in a new string
 * (*out, to free), or *out NULL when g has none.  Returns 0, or -1 when
 * an allocation failed. */
int cli_rules_text(const sk_geometry *g, char **out);
/* Writes those lines to o (nothing when g has none); -1, with o->nomem
 * set, when an allocation failed. */
int cli_out_rules(cli_out *o, const sk_geometry *g);

/* Symbol of digit v for messages and JSON: alphabet a's character when it
 * has one, else decimal.  Writes into buf (at least 8 bytes). */
const char *cli_symbol(sk_alphabet a, int n, int v, char *buf);

/* Writes a grid as JSON: a string of symbols in alphabet a (DIGITS when
 * a has no character for a digit; '.' for an open cell, 0) when n <= 35,
 * else an array of n arrays of integers.  cli_json_grid to a stream. */
void cli_out_json_grid(cli_out *o, int n, sk_alphabet a, const uint8_t *grid);
void cli_json_grid(FILE *f, int n, sk_alphabet a, const uint8_t *grid);

/* ------------------------------------------------------------------ */
/* Batch runner (batch.c)                                              */
/* ------------------------------------------------------------------ */

/* What became of one puzzle. */
typedef enum cli_status {
    CLI_ST_PENDING = 0, /* not examined yet */
    CLI_ST_UNIQUE,      /* exactly one solution, proven */
    CLI_ST_SOLVED,      /* a solution found, uniqueness not asked */
    CLI_ST_MULTIPLE,    /* two or more solutions */
    CLI_ST_NONE,        /* no solution */
    CLI_ST_TIMEOUT,     /* --timeout reached first */
    CLI_ST_INVALID,     /* rejected: parse error, bad geometry, conflicting
                           givens, unsupported by the engine */
    CLI_ST_OK,          /* check: no conflict */
    CLI_ST_CONFLICT,    /* check: conflicts found */
    CLI_ST_WRONG,       /* verify: the grid is not a solution of the puzzle */
    CLI_ST_UNCHECKED,   /* rate, explain, hint --no-check: solved logically
                           without knowing how many solutions there are */
    CLI_ST_OPEN,        /* candidates --basic: the simple techniques leave
                           cells open (nothing is proven about solutions) */
    CLI_ST_COUNT_
} cli_status;

/* Word used in text and JSON output: "unique", "invalid", ... */
const char *cli_status_name(cli_status s);

/* One puzzle copied out of the reader, with what became of it. */
typedef struct cli_item {
    long index;             /* 0-based position over the whole run */
    const char *file;       /* name for messages ("<stdin>" for stdin) */
    long line;              /* first input line of the puzzle */
    sk_geometry geom;       /* copy; geom.regions points to regions */
    const sk_model *model;  /* owned by the batch's cache; NULL if invalid */
    unsigned long model_serial; /* which of the cache's models (a freed
                               model's address may come back): items with
                               the same serial share one model */
    sk_format format;       /* form it was read in */
    sk_alphabet alphabet;   /* alphabet it was read in */
    uint8_t *cells;         /* N*N givens */
    uint8_t *regions;       /* N*N region ids (jigsaw) */
    uint8_t *solution;      /* N*N: first solution found */
    uint8_t *carried;       /* N*N: the solution the input carries (an
                               f-puzzles "solution"), when has_carried */
    int has_carried;
    uint64_t *marks;        /* N*N pencil marks the input gives, when
                               has_marks (bit d-1: digit d possible) */
    int has_marks;
    uint32_t *cell_line;    /* N*N input positions of the cells */
    uint32_t *cell_column;
    size_t cap;             /* cells the buffers above can hold */
    int *groups;            /* extra groups: sizes, then cells */
    size_t groups_cap;
    sk_rule *rules;         /* variant rules (geom.rules points here) */
    size_t rules_cap;
    int *rule_ints;         /* their cells and digits */
    size_t rule_ints_cap;

    cli_status status;
    sk_diag diag;           /* status INVALID: where (line 0 = unknown) and why */
    int why_kind;           /* status NONE found by the logical solver (rate,
                               explain, hint --no-check): SK_WHY_CELL or
                               SK_WHY_HOUSE, the reason in diag.message;
                               else 0 */
    int system_error;       /* INVALID because of a system error (exit 4) */
    int model_error;        /* INVALID because its geometry makes no model:
                               the same error as the puzzles around it */
    int searched;           /* a search ran: res and usec are set */
    int has_solution;       /* solution holds a solution */
    sk_result res;
    uint64_t usec;          /* search wall time in microseconds */
    int64_t score;          /* best: value of the solution (has_solution) */
    void *payload;          /* a command's own per-puzzle result (malloc'd;
                               freed when the slot is reused) */
    char warning[200];      /* what the reader left out (empty: nothing) */
} cli_item;

typedef struct cli_batch cli_batch;

/* A worker: one per thread, with its own solver. */
typedef struct cli_worker {
    cli_batch *batch;
    sk_solver *solver; /* created on first use */
    sk_logic *logic;   /* the logical solver of the last model it rated
                          (cli_logic_prepare), kept for the next puzzle */
    unsigned long logic_serial; /* that model's serial */
} cli_worker;

/* How a command processes puzzles. */
typedef struct cli_batch_ops {
    /* Examines one valid item (status PENDING) and sets its status.  Runs
     * in any worker thread when parallel is set, else in the main thread
     * just before emit. */
    void (*work)(cli_worker *w, cli_item *it);
    /* Prints the record of it (any status) on stdout.  Main thread, input
     * order.  Diagnostics of invalid items are already printed. */
    void (*emit)(cli_batch *b, cli_item *it);
    int parallel;     /* work may run in worker threads */
    int check_givens; /* conflicting givens make a puzzle invalid: checked
                         before work (CLI_CHECK_FIRST) or by work itself
                         (CLI_CHECK_LATER, with cli_reject_givens) */
    int flush_each;   /* flush stdout after every record */
} cli_batch_ops;

enum { CLI_CHECK_NONE = 0, CLI_CHECK_FIRST = 1, CLI_CHECK_LATER = 2 };

/* Conflicting givens, or givens that break a rule: marks it invalid, with
 * the place and the reason, and returns 1; else 0. */
int cli_reject_givens(cli_item *it);

struct cli_batch {
    const cli_args *args;
    const cli_batch_ops *ops;
    void *ctx;                    /* the command's own data */
    int exit_code;                /* highest exit code so far */
    int stop;                     /* a write error: stop reading */
    long puzzles;                 /* records emitted */
    long by_status[CLI_ST_COUNT_];
    uint64_t guesses, nodes;      /* totals over searched puzzles */
    long searched;
    cli_buf text;                 /* main thread's sk_write buffer */
};

/* Raises b's exit code to code when code is higher. */
void cli_batch_exit(cli_batch *b, int code);

/*
 * Reads every puzzle of the operands (none or "-": stdin) with reading
 * options ro, runs ops on each, prints the records in input order.
 * Returns the exit code.  Prints the --stats summary when asked.
 */
int cli_batch_run(const cli_args *a, char **files, int nfiles, const sk_read_opts *ro,
                  const cli_batch_ops *ops, void *ctx);

/* A whole command without options of its own to check: parses argv for
 * cmd, then runs ops over the operands with context ctx (cli_batch_run).
 * Returns the exit code. */
int cli_batch_main(const cli_command *cmd, int argc, char **argv, const cli_batch_ops *ops,
                   void *ctx);

/*
 * Runs a search for it in w's solver with at most max solutions (0 = no
 * limit), a per-puzzle timeout from the arguments and the optional
 * callback.  Sets it->res, usec, searched, has_solution/solution.
 * Returns 0, or -1 after making it INVALID (engine does not accept the
 * puzzle, out of memory...).
 */
int cli_search(cli_worker *w, cli_item *it, uint64_t max, sk_solution_fn fn, void *user);

/* The pencil marks of it for the library's candidates options: its marks,
 * or NULL when the input gave none. */
static inline const uint64_t *cli_marks(const cli_item *it)
{
    return it->has_marks ? it->marks : NULL;
}

/* Makes it INVALID because engine (an index, -1 = automatic) refused it:
 * the engine takes no pencil marks, or not the puzzle. */
void cli_unsupported(cli_item *it, int engine);

/* Status of a finished search: NONE/UNIQUE/MULTIPLE when known, SOLVED
 * when a solution was found but the search stopped at max_solutions == 1
 * or a limit, TIMEOUT when it stopped on time with fewer than two found. */
cli_status cli_search_status(const sk_result *r);

/* Best-score search of it (cmd_best.c) under weights (N*N for the item's
 * N; NULL = target weights): sets status (SOLVED = optimum proven, NONE,
 * TIMEOUT), score, solution, res (solutions 0 or 1) and usec.  Returns
 * 0, or -1 after making it INVALID. */
int cli_best_search(cli_worker *w, cli_item *it, const int32_t *weights, int minimize);

/* Text of one conflict of it: "row 3 has 5 twice (columns 2 and 7)". */
void cli_conflict_message(const cli_item *it, const sk_conflict *c, char *buf, size_t size);

/* The JSON record head {"index":I,"status":"S" and tail (nodes, guesses,
 * time_us when a search ran; error for invalid items; closing brace and
 * newline). */
void cli_json_begin(FILE *f, const cli_item *it);
void cli_json_end(FILE *f, const cli_item *it);

/* Writes pencil marks cand (N*N) of it in form f (PENCIL or SUKAKU) to
 * stdout.  Returns 0 or -1 when they cannot be written (a message is
 * printed and the exit code raised). */
int cli_print_marks(cli_batch *b, const cli_item *it, const uint64_t *cand, sk_format f);

/* Writes the grid of it in form f (or its own form when f < 0; its own
 * HDU 4069 form becomes GRID) to stdout.  Returns 0 or -1 when the grid
 * cannot be written (a message is printed and the exit code raised). */
int cli_print_grid(cli_batch *b, const cli_item *it, const uint8_t *grid, int f);

/* Output form used for it: --output, else its own form (AUTO/HDU4069 ->
 * GRID for HDU, LINE when unknown). */
sk_format cli_output_form(const cli_args *a, const cli_item *it);

/* 1 when form f spans several lines (grid forms) */
int cli_form_multiline(sk_format f);

/* The pencil marks masks (N*N, bit d-1 for digit d) of it as a grid: each
 * cell's symbols run together (separated by commas when a symbol takes
 * several characters), padded to the widest cell, boxes marked with '|'
 * and '-+-' lines; values (N*N, 0 = empty, may be NULL) are the filled
 * cells, so that an empty cell with one candidate is written by place and
 * reads back as one (sk_write_position).  When it cannot be allocated,
 * o->nomem is set (the item then fails with "out of memory"). */
void cli_candidate_grid(cli_out *o, const cli_item *it, const uint64_t *masks,
                        const uint8_t *values);
/* The same as JSON: ,"candidates":[...] with a string of symbols per cell
 * (an array of integers per cell when N > 35). */
void cli_candidate_json(cli_out *o, const cli_item *it, const uint64_t *masks);

/* ------------------------------------------------------------------ */
/* The logical solver (logic.c): rate, explain, hint                   */
/* ------------------------------------------------------------------ */

/*
 * Gets item it ready for the logical solver, in a worker: a solver for
 * its model (a model with variant rules is refused: INVALID, naming
 * them), then, unless --no-check, the search that proves its solution
 * unique (NONE or MULTIPLE otherwise; the search's statistics are kept).
 * Returns a solver limited to --max-rating with status UNIQUE (UNCHECKED
 * with --no-check), to be freed by the caller; or NULL with the status
 * set.
 */
sk_logic *cli_logic_prepare(cli_worker *w, cli_item *it);
/* Frees the worker's logical solver after a failure (a timeout or no
 * memory can leave it half-way); the next puzzle makes a fresh one. */
void cli_logic_drop(cli_worker *w);
/* Starts l from the puzzle: its pencil marks when it has them, else its
 * givens (sk_logic_start*'s status). */
int cli_logic_start(sk_logic *l, const cli_item *it);
/* Records a failure of the logical solver on it: out of memory, the
 * timeout (status timeout) or a library error (invalid). */
void cli_logic_failed(cli_item *it, int rc);
/* With --no-check: when the logical solver stopped at a position that
 * shows it has no solution (sk_logic_contradiction), the item's status
 * becomes NONE with the reason and the steps taken; when steps that
 * assume one solution led there, the search says NONE or MULTIPLE.  1
 * then (or when the search failed: the item says why), else 0. */
int cli_logic_contradiction(cli_worker *w, cli_item *it, sk_logic *l, int steps);

/* Marks it INVALID because an allocation failed (exit status 4). */
void cli_item_nomem(cli_item *it);

/* Hands the text built in o to it as its payload (freed with the item);
 * an allocation that failed makes it INVALID (out of memory) instead. */
void cli_item_take(cli_item *it, cli_out *o);

/* A rating in tenths as SE writes it: "2.6", "20.0". */
void cli_out_rating(cli_out *o, int tenths);

/* One step: "TEXT (rating 1.2)" with the sentence of sk_step_describe,
 * no newline. */
void cli_step_text(cli_out *o, const cli_item *it, const sk_step *s);

/* One step as a JSON object: technique, name, rating, text, and as they
 * apply cell and digit, eliminations, houses, cells, digits, subtype,
 * direct, branches. */
void cli_step_json(cli_out *o, const cli_item *it, const sk_step *s);
/* hint --reveal: the step as far as `reveal` (1 its technique, 2 where
 * it lies) gives it away (sk_step_describe_vague; cand: the candidates
 * it was found among), in text or as a JSON object. */
void cli_step_vague_text(cli_out *o, const cli_item *it, const sk_step *s, const uint64_t *cand,
                         int reveal);
void cli_step_vague_json(cli_out *o, const cli_item *it, const sk_step *s, const uint64_t *cand,
                         int reveal);

/* SE's three figures, "2.6/1.5/1.5". */
void cli_rating_text(cli_out *o, const sk_rating *r);
/* The same as JSON fields: ,"er":2.6,"ep":1.5,"ed":1.5 (numbers with one
 * decimal), "er_technique", "ep_technique", "ed_technique" (keywords, null
 * when none) and "stuck". */
void cli_rating_json(cli_out *o, const sk_rating *r);

/* What a puzzle that is not rated prints instead, in text:
 * "none: the puzzle has no solution", "multiple: the puzzle has several
 * solutions", "invalid". */
void cli_logic_refused(const cli_item *it);
/* Raises the exit code as it's status asks (none, multiple: 1). */
void cli_logic_exit(cli_batch *b, const cli_item *it);
/* The record of a command whose worker left it in it->payload: the
 * payload (inside the JSON head and tail with --json) when it is unique or
 * unchecked, else what cli_logic_refused prints, in text after a blank
 * line when blank_before; then the exit code as cli_logic_exit raises it.
 * cli_payload_emit is the emit of hint and redundant (no blank lines). */
void cli_payload_print(cli_batch *b, cli_item *it, int blank_before);
void cli_payload_emit(cli_batch *b, cli_item *it);

#endif /* SUDOKIT_CLI_H */
