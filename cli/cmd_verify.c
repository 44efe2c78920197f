/*
 * cmd_verify.c - `sudokit verify`: is this filled grid a solution of that
 * puzzle?  Names every way it is not: a grid of the wrong size, empty
 * cells, a given changed, a digit its cell's pencil marks rule out, a
 * digit repeated in a house, a variant rule broken.
 *
 * Why a command of its own rather than `check`: check judges one grid
 * alone (complete or not) against the houses and rules; verify judges a
 * pair, the puzzle and the answer, and demands the answer be complete and
 * keep the givens.  Its verdict is "is this the answer", so its statuses
 * are ok and wrong, not ok and conflict.
 *
 * The puzzles come through the batch runner like every command's; the
 * grids come from --solution FILE, read here with a reader of their own,
 * one grid per puzzle in the same order, so that the output of
 * `sudokit solve` can be checked against its input.  Without --solution
 * each puzzle's own solution (an f-puzzles "solution") is checked.  Work
 * runs in the main thread, in input order, so the k-th grid always meets
 * the k-th puzzle, bad puzzles included.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* One way the grid is not a solution. */
typedef enum verr_kind { VE_SIZE, VE_EMPTY, VE_GIVEN, VE_MARKS, VE_HOUSE, VE_RULE } verr_kind;

static const char *const verr_names[] = {"size", "empty", "given", "marks", "house", "rule"};

typedef struct verr {
    verr_kind kind;
    int cell;          /* the cell pointed at, or -1 */
    sk_conflict c;     /* VE_HOUSE */
    int rule;          /* VE_RULE */
    char message[240];
} verr;

typedef struct verify_ctx {
    const char *name;     /* --solution as given, "<stdin>" for '-', NULL: none */
    FILE *fp;
    sk_reader *r;
    long read;            /* grids read so far (good or bad) */
    int ended;            /* no grid left: end of file or a fatal error */
    /* the grid being checked */
    int n;
    uint8_t *cells;
    uint32_t *line, *col; /* its position in the --solution file */
    long first_line;
    size_t cap;
    const char *file;     /* where the grid comes from (for messages) */
    verr *errs;
    size_t nerrs, cap_errs;
} verify_ctx;

static int grid_reserve(verify_ctx *v, size_t nn)
{
    if (nn <= v->cap)
        return 0;
    unsigned char *block = malloc(nn * (1 + 2 * sizeof(uint32_t)));
    if (!block)
        return -1;
    free(v->line);
    v->line = (uint32_t *)(void *)block;
    v->col = v->line + nn;
    v->cells = (uint8_t *)(v->col + nn);
    v->cap = nn;
    return 0;
}

static void make_invalid(cli_batch *b, cli_item *it, const char *file, long line, long col,
                         const char *msg, int code)
{
    it->status = CLI_ST_INVALID;
    it->file = file;
    it->diag.line = line;
    it->diag.column = col;
    snprintf(it->diag.message, sizeof it->diag.message, "%.199s", msg);
    it->system_error = code == CLI_EXIT_SYSTEM;
    if (!b->args->quiet)
        cli_diag_print(file, line, col, msg);
    cli_batch_exit(b, code);
}

/* Reads the next grid of --solution into v.  1 with a grid; 0 when there
 * is none for this puzzle (it is then made invalid, unless it already is). */
static int next_grid(cli_batch *b, verify_ctx *v, cli_item *it)
{
    sk_puzzle p;
    sk_diag diag;
    int rc;
    char msg[200];
    if (v->ended) {
        if (it->status != CLI_ST_INVALID) {
            snprintf(msg, sizeof msg, "no solution grid for this puzzle: %s ends after %ld",
                     v->name, v->read);
            make_invalid(b, it, it->file, it->line, 0, msg, CLI_EXIT_INPUT);
        }
        return 0;
    }
    memset(&p, 0, sizeof p);
    memset(&diag, 0, sizeof diag);
    errno = 0;
    rc = sk_reader_next(v->r, &p, &diag);
    if (rc == SK_DONE || (rc != SK_OK && rc != SK_EPARSE)) {
        if (rc != SK_DONE) {
            cli_error("%s: %s", v->name, rc == SK_EIO && errno ? strerror(errno) : sk_strerror(rc));
            cli_batch_exit(b, rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT);
        }
        v->ended = 1;
        return next_grid(b, v, it);
    }
    v->read++;
    if (rc == SK_EPARSE) {
        if (it->status != CLI_ST_INVALID)
            make_invalid(b, it, v->name, diag.line, diag.column,
                         diag.message[0] ? diag.message : sk_strerror(rc), CLI_EXIT_INPUT);
        else if (!b->args->quiet) /* the puzzle's own message is out; the grid's too */
            cli_diag_print(v->name, diag.line, diag.column,
                           diag.message[0] ? diag.message : sk_strerror(rc));
        return 0;
    }
    size_t nn = (size_t)p.geom.n * (size_t)p.geom.n;
    if (p.geom.n < 1 || p.geom.n > SK_MAX_N || grid_reserve(v, nn)) {
        if (it->status != CLI_ST_INVALID)
            make_invalid(b, it, v->name, p.line, 0, sk_strerror(SK_ENOMEM), CLI_EXIT_SYSTEM);
        return 0;
    }
    v->n = p.geom.n;
    memcpy(v->cells, p.cells, nn);
    if (p.cell_line && p.cell_column) {
        memcpy(v->line, p.cell_line, nn * sizeof(uint32_t));
        memcpy(v->col, p.cell_column, nn * sizeof(uint32_t));
    } else {
        memset(v->line, 0, nn * sizeof(uint32_t));
        memset(v->col, 0, nn * sizeof(uint32_t));
    }
    v->first_line = p.line;
    v->file = v->name;
    return 1;
}

/* The puzzle's own solution as the grid to check.  1, or 0 after making
 * the item invalid. */
static int carried_grid(cli_batch *b, verify_ctx *v, cli_item *it)
{
    size_t nn = (size_t)it->geom.n * (size_t)it->geom.n;
    if (!it->has_carried) {
        make_invalid(b, it, it->file, it->line, 0,
                     "no solution to verify: give the grids with --solution FILE", CLI_EXIT_INPUT);
        return 0;
    }
    if (grid_reserve(v, nn)) {
        make_invalid(b, it, it->file, it->line, 0, sk_strerror(SK_ENOMEM), CLI_EXIT_SYSTEM);
        return 0;
    }
    v->n = it->geom.n;
    memcpy(v->cells, it->carried, nn);
    memset(v->line, 0, nn * sizeof(uint32_t)); /* the puzzle's line is all we know */
    memset(v->col, 0, nn * sizeof(uint32_t));
    v->first_line = it->line;
    v->file = it->file;
    return 1;
}

static verr *add_err(verify_ctx *v, verr_kind kind, int cell)
{
    if (v->nerrs == v->cap_errs) {
        size_t cap = v->cap_errs ? 2 * v->cap_errs : 16;
        verr *p = realloc(v->errs, cap * sizeof *p);
        if (!p)
            return NULL;
        v->errs = p;
        v->cap_errs = cap;
    }
    verr *e = &v->errs[v->nerrs++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->cell = cell;
    e->rule = -1;
    return e;
}

/* "r3c12"; buf holds at least 16 bytes (cells are below 64 * 64) */
static char *cell_name(int n, int cell, char *buf)
{
    snprintf(buf, 16, "r%dc%d", (cell / n + 1) % 100, (cell % n + 1) % 100);
    return buf;
}

/* Finds every error of the grid in v against puzzle it.  0, or -1 when
 * out of memory. */
static int find_errors(verify_ctx *v, const cli_item *it)
{
    int n = it->geom.n, nn = n * n, i, empty = 0;
    char a[16], b[8], c[8];
    verr *e;
    v->nerrs = 0;
    if (v->n != n) {
        if (!(e = add_err(v, VE_SIZE, -1)))
            return -1;
        snprintf(e->message, sizeof e->message, "the solution is %dx%d, the puzzle %dx%d", v->n,
                 v->n, n, n);
        return 0;
    }
    for (i = 0; i < nn; i++)
        empty += v->cells[i] == 0;
    if (empty) {
        size_t len;
        int shown = 0;
        if (!(e = add_err(v, VE_EMPTY, -1)))
            return -1;
        len = (size_t)snprintf(e->message, sizeof e->message, "%d cell%s empty:", empty,
                               empty == 1 ? " is" : "s are");
        for (i = 0; i < nn && shown < 10; i++)
            if (!v->cells[i]) {
                if (e->cell < 0)
                    e->cell = i;
                len += (size_t)snprintf(e->message + len, sizeof e->message - len, "%s %s",
                                        shown ? "," : "", cell_name(n, i, a));
                shown++;
            }
        if (empty > shown)
            snprintf(e->message + len, sizeof e->message - len, " and %d more", empty - shown);
    }
    for (i = 0; i < nn; i++)
        if (it->cells[i] && v->cells[i] && v->cells[i] != it->cells[i]) {
            if (!(e = add_err(v, VE_GIVEN, i)))
                return -1;
            snprintf(e->message, sizeof e->message, "%s holds %s, but the puzzle gives %s",
                     cell_name(n, i, a), cli_symbol(it->alphabet, n, v->cells[i], b),
                     cli_symbol(it->alphabet, n, it->cells[i], c));
        }
    for (i = 0; i < nn && it->has_marks; i++)
        if (!it->cells[i] && v->cells[i] && v->cells[i] <= n &&
            !(it->marks[i] >> (v->cells[i] - 1) & 1)) {
            char marks[4 * SK_MAX_N];
            size_t len = 0;
            if (!(e = add_err(v, VE_MARKS, i)))
                return -1;
            for (uint64_t m = it->marks[i]; m; m &= m - 1) {
                const char *s = cli_symbol(it->alphabet, n, __builtin_ctzll(m) + 1, c);
                len += (size_t)snprintf(marks + len, sizeof marks - len, "%s%s",
                                        len && (strlen(s) > 1 || n > 35) ? "," : "", s);
            }
            snprintf(e->message, sizeof e->message,
                     "%s holds %s, but the puzzle's pencil marks allow only %.160s",
                     cell_name(n, i, a), cli_symbol(it->alphabet, n, v->cells[i], b), marks);
        }
    long total = sk_check(it->model, v->cells, NULL, 0);
    if (total > 0) {
        sk_conflict *cs = malloc((size_t)total * sizeof *cs);
        if (!cs)
            return -1;
        total = sk_check(it->model, v->cells, cs, total);
        for (long k = 0; k < total; k++) {
            if (!(e = add_err(v, VE_HOUSE, cs[k].cell2))) {
                free(cs);
                return -1;
            }
            e->c = cs[k];
            cli_conflict_message(it, &cs[k], e->message, sizeof e->message);
        }
        free(cs);
    }
    long broken = sk_check_rules(it->model, v->cells, NULL, 0);
    if (broken > 0) {
        sk_violation *vs = malloc((size_t)broken * sizeof *vs);
        if (!vs)
            return -1;
        broken = sk_check_rules(it->model, v->cells, vs, broken);
        for (long k = 0; k < broken; k++) {
            if (!(e = add_err(v, VE_RULE, vs[k].cell))) {
                free(vs);
                return -1;
            }
            e->rule = vs[k].rule;
            snprintf(e->message, sizeof e->message, "%s", vs[k].message);
        }
        free(vs);
    }
    return 0;
}

/* Position of error e: the cell's place in the --solution file, else the
 * grid's first line. */
static void err_position(const verify_ctx *v, const verr *e, long *line, long *col)
{
    *line = v->first_line;
    *col = 0;
    if (e->cell >= 0 && e->kind != VE_SIZE && v->line[e->cell] > 0) {
        *line = v->line[e->cell];
        *col = v->col[e->cell];
    }
}

static void json_err(const verify_ctx *v, const cli_item *it, const verr *e, int first)
{
    int n = it->geom.n, i, k = 0;
    long line, col;
    char buf[96];
    err_position(v, e, &line, &col);
    printf("%s{\"kind\":\"%s\"", first ? "" : ",", verr_names[e->kind]);
    if (e->kind == VE_EMPTY) {
        fputs(",\"cells\":[", stdout);
        for (i = 0; i < n * n; i++)
            if (!v->cells[i])
                printf("%s\"%s\"", k++ ? "," : "", cell_name(n, i, buf));
        putchar(']');
    } else if (e->kind == VE_HOUSE) {
        if (e->c.house >= 0) {
            fputs(",\"house\":", stdout);
            cli_json_string(stdout, sk_model_house_name(it->model, e->c.house, buf, sizeof buf));
        }
        fputs(",\"digit\":", stdout);
        cli_json_string(stdout, cli_symbol(it->alphabet, n, e->c.digit, buf));
        printf(",\"cells\":[\"%s\"", cell_name(n, e->c.cell1, buf));
        printf(",\"%s\"]", cell_name(n, e->c.cell2, buf));
    } else if (e->cell >= 0) {
        printf(",\"cell\":\"%s\"", cell_name(n, e->cell, buf));
    }
    if (e->kind == VE_RULE) {
        fputs(",\"rule\":", stdout);
        cli_json_string(stdout, sk_model_rule_describe(it->model, e->rule, buf, sizeof buf));
    }
    fputs(",\"file\":", stdout);
    cli_json_string(stdout, v->file);
    printf(",\"line\":%ld,\"column\":%ld,\"message\":", line, col);
    cli_json_string(stdout, e->message);
    putchar('}');
}

static void verify_emit(cli_batch *b, cli_item *it)
{
    verify_ctx *v = b->ctx;
    int have = v->name ? next_grid(b, v, it) : 0;
    size_t k;
    if (it->status != CLI_ST_INVALID && !v->name)
        have = carried_grid(b, v, it);
    if (it->status == CLI_ST_INVALID || !have) {
        if (b->args->json) {
            cli_json_begin(stdout, it);
            cli_json_end(stdout, it);
        } else {
            puts("invalid");
        }
        return;
    }
    if (find_errors(v, it)) {
        make_invalid(b, it, it->file, it->line, 0, sk_strerror(SK_ENOMEM), CLI_EXIT_SYSTEM);
        if (b->args->json) {
            cli_json_begin(stdout, it);
            cli_json_end(stdout, it);
        } else {
            puts("invalid");
        }
        return;
    }
    it->status = v->nerrs ? CLI_ST_WRONG : CLI_ST_OK;
    if (b->args->json) {
        cli_json_begin(stdout, it);
        if (v->nerrs) {
            fputs(",\"errors\":[", stdout);
            for (k = 0; k < v->nerrs; k++)
                json_err(v, it, &v->errs[k], k == 0);
            putchar(']');
        }
        cli_json_end(stdout, it);
    } else if (!v->nerrs) {
        puts("ok");
    } else {
        for (k = 0; k < v->nerrs; k++) {
            long line, col;
            err_position(v, &v->errs[k], &line, &col);
            if (line > 0 && col > 0)
                printf("%s:%ld:%ld: %s\n", v->file, line, col, v->errs[k].message);
            else
                printf("%s:%ld: %s\n", v->file, line, v->errs[k].message);
        }
    }
    if (v->nerrs)
        cli_batch_exit(b, CLI_EXIT_UNSOLVED);
}

/* After the last puzzle: a grid left over means the two inputs do not
 * pair up. */
static int leftover(verify_ctx *v, int code)
{
    sk_puzzle p;
    sk_diag diag;
    int rc;
    if (!v->r || v->ended)
        return code;
    memset(&p, 0, sizeof p);
    memset(&diag, 0, sizeof diag);
    rc = sk_reader_next(v->r, &p, &diag);
    if (rc == SK_OK || rc == SK_EPARSE) {
        char msg[160];
        snprintf(msg, sizeof msg, "grid %ld has no puzzle: the puzzles end after %ld",
                 v->read + 1, v->read);
        cli_diag_print(v->name, p.line, 0, msg);
        return code > CLI_EXIT_INPUT ? code : CLI_EXIT_INPUT;
    }
    return code;
}

static int verify_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {NULL, verify_emit, 0, 1, 0};
    cli_args a;
    sk_read_opts ro, so;
    verify_ctx v;
    int code, i, rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    cli_read_opts(&a, &ro);
    memset(&v, 0, sizeof v);
    if (a.solution) {
        int puzzles_stdin = a.noperands == 0;
        for (i = 0; i < a.noperands; i++)
            puzzles_stdin |= strcmp(a.operands[i], "-") == 0;
        if (strcmp(a.solution, "-") == 0) {
            if (puzzles_stdin)
                return cli_usage_error(cmd, "the puzzles and --solution cannot both be "
                                            "standard input");
            v.fp = stdin;
            v.name = "<stdin>";
        } else {
            v.fp = fopen(a.solution, "r");
            v.name = a.solution;
            if (!v.fp) {
                cli_error("%s: %s", a.solution, strerror(errno));
                return CLI_EXIT_INPUT;
            }
        }
        /* the grids may come in another form than the puzzles */
        so = ro;
        so.format = SK_FORMAT_AUTO;
        rc = sk_reader_open_file(v.fp, &so, &v.r);
        if (rc != SK_OK) {
            cli_error("%s: %s", v.name, sk_strerror(rc));
            if (v.fp != stdin)
                fclose(v.fp);
            return rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
        }
    }
    code = cli_batch_run(&a, a.operands, a.noperands, &ro, &ops, &v);
    if (code < CLI_EXIT_SYSTEM)
        code = leftover(&v, code);
    sk_reader_free(v.r);
    if (v.fp && v.fp != stdin)
        fclose(v.fp);
    free(v.line);
    free(v.errs);
    return code;
}

const cli_command cli_cmd_verify = {
    "verify",
    CLI_CMD_VERIFY,
    "[FILE...] [--solution FILE]",
    "check that each filled grid is a solution of its puzzle",
    "Checks that a filled grid is a solution of its puzzle: the same size,\n"
    "no empty cell, every given kept (and, for a puzzle given as pencil marks,\n"
    "every digit among its cell's marks), no digit twice in a house (rows,\n"
    "columns, boxes or regions, and the houses the rules make), every variant\n"
    "rule held.  The puzzles are read from each FILE (standard input when\n"
    "there is none); the grids from --solution FILE, the k-th grid for the\n"
    "k-th puzzle, in any form and alphabet a puzzle may take (only the cells\n"
    "are read: regions and rules come from the puzzle).  So the output of\n"
    "'sudokit solve' can be checked against its input:\n"
    "  sudokit solve puzzles.txt > answers.txt\n"
    "  sudokit verify puzzles.txt --solution answers.txt\n"
    "Without --solution, each puzzle's own solution is checked (the\n"
    "\"solution\" of an f-puzzles puzzle).\n"
    "\n"
    "Text output: 'ok' for a solution; otherwise one line per error, at the\n"
    "place of the cell in the --solution file:\n"
    "  FILE:LINE:COL: r1c3 holds 4, but the puzzle gives 7\n"
    "  FILE:LINE:COL: r2c5 holds 8, but the puzzle's pencil marks allow only 139\n"
    "  FILE:LINE:COL: row 3 has 5 twice (columns 2 and 7)\n"
    "  FILE:LINE:COL: killer cage 15 at r1c1 sums to 17, expected 15\n"
    "  FILE:LINE: 2 cells are empty: r1c1, r9c9\n"
    "  FILE:LINE: the solution is 4x4, the puzzle 9x9\n"
    "and 'invalid' for a puzzle or grid that could not be read (with the\n"
    "reason on stderr), or a puzzle without a grid.\n"
    "\n"
    "JSON output (--json): one object per puzzle, in input order:\n"
    "  {\"index\":0,\"status\":\"wrong\",\"errors\":[{\"kind\":\"given\",\"cell\":\"r1c3\",\n"
    "   \"file\":\"answers.txt\",\"line\":1,\"column\":3,\"message\":...}]}\n"
    "status is ok, wrong or invalid; each error's kind is size, empty (with\n"
    "\"cells\"), given (\"cell\"), marks (\"cell\"), house (\"house\", \"digit\",\n"
    "\"cells\") or rule\n"
    "(\"rule\", \"cell\"); line and column are 0 when unknown.  A grid left over\n"
    "after the last puzzle is an input error.",
    verify_run,
    NULL,
    NULL,
};
