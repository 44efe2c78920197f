/*
 * cmd_cnf.c - `sudokit cnf`: one puzzle as a SAT problem in DIMACS CNF
 * (sk_write_cnf), for any SAT solver.
 *
 * A CNF file holds one formula, so the command writes one puzzle: the
 * first of the input or the one --index names.  It reads the input itself
 * rather than through the batch runner: the puzzles before the chosen one
 * are skipped without being judged (a malformed one there is no error of
 * this command) and nothing after it is read.
 */
#include <errno.h>
#include <string.h>

#include "cli.h"

/* Writes the CNF of p; returns an exit code. */
static int write_puzzle(const char *name, const sk_puzzle *p)
{
    sk_model *m = NULL;
    sk_diag diag;
    long rc;
    int st;
    memset(&diag, 0, sizeof diag);
    st = sk_model_new(&p->geom, &m, &diag);
    if (st != SK_OK) {
        cli_diag_print(name, p->line, 0, diag.message[0] ? diag.message : sk_strerror(st));
        return st == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
    }
    errno = 0;
    rc = sk_write_cnf(stdout, m, p->cells);
    sk_model_free(m);
    if (rc == SK_EIO) {
        cli_stdout_note_error(errno); /* reported by main at exit */
        return CLI_EXIT_SYSTEM;
    }
    if (rc < 0) {
        cli_diag_print(name, p->line, 0, sk_strerror((int)rc));
        return rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
    }
    return CLI_EXIT_OK;
}

/* Reads fp until puzzle *seen reaches want.  Returns an exit code when the
 * command is finished (puzzle written or an error), else -1 to go on with
 * the next file. */
static int scan(FILE *fp, const char *name, const sk_read_opts *ro, long want, long *seen)
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
        memset(&p, 0, sizeof p);
        memset(&diag, 0, sizeof diag);
        errno = 0;
        rc = sk_reader_next(r, &p, &diag);
        if (rc == SK_DONE)
            break;
        if (rc != SK_OK && rc != SK_EPARSE) {
            if (rc == SK_EIO && errno)
                cli_error("%s: %s", name, strerror(errno));
            else
                cli_error("%s: %s", name, sk_strerror(rc));
            code = rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
            break;
        }
        if ((*seen)++ < want)
            continue;
        if (rc == SK_EPARSE) {
            cli_diag_print(name, diag.line, diag.column,
                           diag.message[0] ? diag.message : sk_strerror(rc));
            code = CLI_EXIT_INPUT;
        } else {
            code = write_puzzle(name, &p);
        }
        break;
    }
    sk_reader_free(r);
    return code;
}

static int cnf_run(const cli_command *cmd, int argc, char **argv)
{
    static char *stdin_only[] = {"-"};
    cli_args a;
    sk_read_opts ro;
    char **files;
    long seen = 0;
    int i, nfiles, code = -1;
    int rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    cli_read_opts(&a, &ro);
    files = a.noperands ? a.operands : stdin_only;
    nfiles = a.noperands ? a.noperands : 1;
    for (i = 0; i < nfiles && code < 0; i++) {
        const char *name = files[i];
        FILE *fp;
        if (strcmp(name, "-") == 0) {
            code = scan(stdin, "<stdin>", &ro, a.index, &seen);
            continue;
        }
        fp = fopen(name, "r");
        if (!fp) {
            cli_error("%s: %s", name, strerror(errno));
            return CLI_EXIT_INPUT;
        }
        code = scan(fp, name, &ro, a.index, &seen);
        fclose(fp);
    }
    if (code >= 0)
        return code;
    if (seen == 0)
        cli_error("error: no puzzle in the input");
    else
        cli_error("error: the input has %ld puzzle%s, so there is no puzzle %ld (--index counts "
                  "from 0)",
                  seen, seen == 1 ? "" : "s", a.index);
    return CLI_EXIT_INPUT;
}

const cli_command cli_cmd_cnf = {
    "cnf",
    CLI_CMD_CNF,
    "[FILE...]",
    "write a puzzle as a SAT problem (DIMACS CNF)",
    "Writes one puzzle as a SAT problem in DIMACS CNF on standard output, for\n"
    "any SAT solver (CaDiCaL, MiniSat, Kissat...).  A CNF file holds one\n"
    "formula, so one puzzle is written: the first of the input, or puzzle K\n"
    "with --index K (counting from 0 over every FILE).  The puzzles before it\n"
    "are skipped without being checked and the rest of the input is not read.\n"
    "\n"
    "Numbering: variable (r*N + c)*N + d is true when the cell at row r,\n"
    "column c (both counted from 0) holds digit d (1..N); there are N^3\n"
    "variables.  A model decodes back to the solution: each true variable v\n"
    "puts digit (v-1)%N + 1 in cell (v-1)/N, cells numbered row by row.\n"
    "\n"
    "Clauses: each cell holds at least one digit, and at most one (pairwise);\n"
    "each full house (row, column, box, region, diagonal, window) holds every\n"
    "digit; no house, full or a smaller group, holds a digit twice (pairwise);\n"
    "one unit clause per given.  Two 'c' lines name the geometry and the\n"
    "numbering, then the header 'p cnf V C' gives the exact counts.  Givens\n"
    "that conflict are written as they are: the formula is unsatisfiable.\n"
    "\n"
    "Uniqueness: solve it, add the clause of the negated N*N true variables of\n"
    "the solution (and add 1 to C); the puzzle is unique exactly when the\n"
    "solver then answers UNSATISFIABLE.\n"
    "\n"
    "Example:  sudokit cnf --index 3 puzzles.txt > p3.cnf && cadical p3.cnf",
    cnf_run,
    NULL,
    NULL,
};
