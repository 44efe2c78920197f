/*
 * cmd_cnf.c - `sudokit cnf`: puzzles as SAT problems in DIMACS CNF
 * (sk_write_cnf_candidates, with the pencil marks of a puzzle given so),
 * for any SAT solver.
 *
 * A CNF file holds one formula, so there are three ways to run it, and
 * none of them drops a puzzle without saying so:
 *   --index K      puzzle K on standard output.  The puzzles before it are
 *                  skipped without being judged (a malformed one there is
 *                  no error of this command) and nothing after it is read;
 *   --prefix P     every puzzle to its own file, P-K.cnf for puzzle K,
 *                  through the batch runner (one record per puzzle on
 *                  standard output: the file written, or invalid);
 *   neither        the input must hold one puzzle, written on standard
 *                  output; with more the command refuses, says how many
 *                  it read and how to choose, and writes nothing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Writes the CNF of puzzle givens of model m to stdout; returns an exit
 * code. */
static int write_model(const char *name, long line, const sk_model *m, const uint8_t *givens,
                       const uint64_t *marks)
{
    long rc;
    errno = 0;
    rc = sk_write_cnf_candidates(stdout, m, givens, marks);
    if (rc == SK_EIO) {
        cli_stdout_note_error(errno); /* reported by main at exit */
        return CLI_EXIT_SYSTEM;
    }
    if (rc < 0) {
        cli_diag_print(name, line, 0, sk_strerror((int)rc));
        return rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
    }
    return CLI_EXIT_OK;
}

/* The next puzzle of r into *p and *diag: SK_OK, SK_EPARSE or SK_DONE; a
 * fatal reader error is reported and turned into the exit code (> 0). */
static int next_puzzle(sk_reader *r, const char *name, sk_puzzle *p, sk_diag *diag)
{
    int rc;
    memset(p, 0, sizeof *p);
    memset(diag, 0, sizeof *diag);
    errno = 0;
    rc = sk_reader_next(r, p, diag);
    if (rc == SK_OK || rc == SK_EPARSE || rc == SK_DONE)
        return rc;
    if (rc == SK_EIO && errno)
        cli_error("%s: %s", name, strerror(errno));
    else
        cli_error("%s: %s", name, sk_strerror(rc));
    return rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
}

/* The puzzle the command writes, kept while the input is read. */
typedef struct kept_puzzle {
    const char *name;  /* its file */
    long line;
    int status;        /* SK_OK: m and givens are set; else why not */
    sk_diag diag;      /* status != SK_OK: where and why */
    sk_model *m;
    uint8_t *givens;
    uint64_t *marks;   /* its pencil marks, or NULL */
} kept_puzzle;

/* Reads the puzzles of fp, numbering them on from *seen: puzzle want is
 * kept in k (its model built), and reading stops after it unless all is
 * set (the puzzles are then all counted).  Returns -1 to go on, or an exit
 * code on a fatal error (reported). */
static int read_stream(FILE *fp, const char *name, const sk_read_opts *ro, long want, int all,
                       long *seen, kept_puzzle *k)
{
    sk_reader *r = NULL;
    int rc = sk_reader_open_file(fp, ro, &r), code = -1;
    if (rc != SK_OK) {
        cli_error("%s: %s", name, sk_strerror(rc));
        return rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
    }
    for (;;) {
        sk_puzzle p;
        sk_diag diag;
        rc = next_puzzle(r, name, &p, &diag);
        if (rc == SK_DONE)
            break;
        if (rc > 0) {
            code = rc;
            break;
        }
        if ((*seen)++ != want)
            continue;
        k->name = name;
        k->line = p.line;
        k->status = rc;
        k->diag = diag;
        if (rc == SK_OK) {
            size_t nn = (size_t)p.geom.n * (size_t)p.geom.n;
            memset(&k->diag, 0, sizeof k->diag);
            k->status = sk_model_new(&p.geom, &k->m, &k->diag);
            if (k->status == SK_OK && !(k->givens = malloc(nn)))
                k->status = SK_ENOMEM;
            if (k->status == SK_OK && p.candidates &&
                !(k->marks = malloc(nn * sizeof *k->marks)))
                k->status = SK_ENOMEM;
            if (k->status == SK_OK)
                memcpy(k->givens, p.cells, nn);
            if (k->status == SK_OK && p.candidates)
                memcpy(k->marks, p.candidates, nn * sizeof *k->marks);
            if (k->status == SK_ENOMEM) {
                cli_error("error: %s", sk_strerror(SK_ENOMEM));
                code = CLI_EXIT_SYSTEM;
                break;
            }
        }
        if (!all)
            break;
    }
    sk_reader_free(r);
    return code;
}

/* Puzzle want of the input (or, with want < 0, its only puzzle) on
 * standard output. */
static int write_one(const cli_command *cmd, char **files, int nfiles, const sk_read_opts *ro,
                     long want)
{
    kept_puzzle k;
    long seen = 0;
    int i, code = -1, all = want < 0;
    memset(&k, 0, sizeof k);
    for (i = 0; i < nfiles && code < 0 && (all || seen <= want); i++) {
        const char *name = files[i];
        FILE *fp;
        if (strcmp(name, "-") == 0) {
            code = read_stream(stdin, "<stdin>", ro, all ? 0 : want, all, &seen, &k);
            continue;
        }
        fp = fopen(name, "r");
        if (!fp) {
            cli_error("%s: %s", name, strerror(errno));
            code = CLI_EXIT_INPUT;
            break;
        }
        code = read_stream(fp, name, ro, all ? 0 : want, all, &seen, &k);
        fclose(fp);
    }
    if (code >= 0) {
        /* a fatal error, reported */
    } else if (seen == 0) {
        cli_error("error: no puzzle in the input");
        code = CLI_EXIT_INPUT;
    } else if (all && seen > 1) {
        code = cli_usage_error(cmd,
                               "the input holds %ld puzzles and a CNF file holds one formula: "
                               "write one with --index K (0 to %ld), or each to its own file "
                               "with --prefix PREFIX",
                               seen, seen - 1);
    } else if (!all && seen <= want) {
        cli_error("error: the input has %ld puzzle%s, so there is no puzzle %ld (--index counts "
                  "from 0)",
                  seen, seen == 1 ? "" : "s", want);
        code = CLI_EXIT_INPUT;
    } else if (k.status != SK_OK) {
        cli_diag_print(k.name, k.diag.line > 0 ? k.diag.line : k.line,
                       k.diag.line > 0 ? k.diag.column : 0,
                       k.diag.message[0] ? k.diag.message : sk_strerror(k.status));
        code = CLI_EXIT_INPUT;
    } else {
        code = write_model(k.name, k.line, k.m, k.givens, k.marks);
    }
    sk_model_free(k.m);
    free(k.givens);
    free(k.marks);
    return code;
}

/* --prefix: each puzzle of the batch to PREFIX-K.cnf. */
static void prefix_emit(cli_batch *b, cli_item *it)
{
    const char *prefix = b->args->prefix;
    size_t len = strlen(prefix) + 32;
    char *path;
    FILE *fp;
    long rc;
    int err;
    if (it->status == CLI_ST_INVALID) {
        puts("invalid");
        return;
    }
    path = malloc(len);
    if (!path) {
        cli_error("error: %s", sk_strerror(SK_ENOMEM));
        cli_batch_exit(b, CLI_EXIT_SYSTEM);
        b->stop = 1;
        return;
    }
    snprintf(path, len, "%s-%ld.cnf", prefix, it->index);
    fp = fopen(path, "w");
    if (!fp) {
        cli_error("%s: %s", path, strerror(errno));
        cli_batch_exit(b, CLI_EXIT_SYSTEM);
        b->stop = 1; /* the next files would fail the same way */
        free(path);
        return;
    }
    errno = 0;
    rc = sk_write_cnf_candidates(fp, it->model, it->cells, cli_marks(it));
    err = errno;
    if (fclose(fp) != 0 && rc >= 0) {
        rc = SK_EIO;
        err = errno;
    }
    if (rc < 0) {
        if (rc == SK_EIO)
            cli_error("%s: %s", path, strerror(err ? err : EIO));
        else
            cli_diag_print(it->file, it->line, 0, sk_strerror((int)rc));
        cli_batch_exit(b, rc == SK_EINVAL ? CLI_EXIT_INPUT : CLI_EXIT_SYSTEM);
        b->stop = rc != SK_EINVAL;
    } else {
        puts(path);
    }
    free(path);
}

static int cnf_run(const cli_command *cmd, int argc, char **argv)
{
    static char *stdin_only[] = {"-"};
    static const cli_batch_ops prefix_ops = {NULL, prefix_emit, 0, 0, 0};
    cli_args a;
    sk_read_opts ro;
    char **files;
    int nfiles;
    int rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    cli_read_opts(&a, &ro);
    if (a.prefix && a.index >= 0)
        return cli_usage_error(cmd, "--index and --prefix do not go together");
    if (a.prefix && !a.prefix[0])
        return cli_usage_error(cmd, "--prefix wants a file name prefix, not ''");
    if (a.prefix)
        return cli_batch_run(&a, a.operands, a.noperands, &ro, &prefix_ops, NULL);
    files = a.noperands ? a.operands : stdin_only;
    nfiles = a.noperands ? a.noperands : 1;
    return write_one(cmd, files, nfiles, &ro, a.index);
}

const cli_command cli_cmd_cnf = {
    "cnf",
    CLI_CMD_CNF,
    "[FILE...]",
    "write a puzzle as a SAT problem (DIMACS CNF)",
    "Writes a puzzle as a SAT problem in DIMACS CNF, for any SAT solver\n"
    "(CaDiCaL, MiniSat, Kissat...).  A CNF file holds one formula, so:\n"
    "  - an input of one puzzle is written on standard output;\n"
    "  - --index K writes puzzle K (counting from 0 over every FILE) on\n"
    "    standard output; the puzzles before it are skipped without being\n"
    "    checked and the rest of the input is not read;\n"
    "  - --prefix PREFIX writes every puzzle to its own file, PREFIX-K.cnf for\n"
    "    puzzle K (K as --index counts), and prints one line per puzzle: the\n"
    "    file written, or 'invalid' for a puzzle that could not be read (the\n"
    "    reason on stderr; the others are still written);\n"
    "  - an input of several puzzles with neither option is refused (exit 2):\n"
    "    the message says how many puzzles were read; nothing is written.\n"
    "\n"
    "Numbering: variable (r*N + c)*N + d is true when the cell at row r,\n"
    "column c (both counted from 0) holds digit d (1..N); there are N^3\n"
    "variables.  A model decodes back to the solution: each true variable v\n"
    "puts digit (v-1)%N + 1 in cell (v-1)/N, cells numbered row by row.\n"
    "\n"
    "Clauses: each cell holds at least one digit, and at most one (pairwise);\n"
    "each full house (row, column, box, region, diagonal, window) holds every\n"
    "digit; no house, full or a smaller group, holds a digit twice (pairwise);\n"
    "one unit clause per given; for pencil marks, one unit clause per digit a\n"
    "cell's marks rule out (-v).  Two 'c' lines name the geometry and the\n"
    "numbering, then the header 'p cnf V C' gives the exact counts.  Givens\n"
    "that conflict are written as they are: the formula is unsatisfiable.\n"
    "\n"
    "Uniqueness: solve it, add the clause of the negated N*N true variables of\n"
    "the solution (and add 1 to C); the puzzle is unique exactly when the\n"
    "solver then answers UNSATISFIABLE.\n"
    "\n"
    "Examples:  sudokit cnf --index 3 puzzles.txt > p3.cnf && cadical p3.cnf\n"
    "           sudokit cnf --prefix out/p puzzles.txt   (out/p-0.cnf, ...)",
    cnf_run,
    NULL,
    NULL,
};
