/*
 * solve_line.c - solve line-form puzzles from standard input.
 *
 * Reads one puzzle per line (N*N symbols, '.' or '0' empty, '#' comment
 * lines; a jigsaw line adds white space and the N*N region ids) with the
 * streaming reader, solves each with a uniqueness proof and prints, one
 * line per puzzle:
 *   the solution, in the alphabet the puzzle was written in,  or
 *   "none", "multiple" or "unknown",                          or
 *   "invalid" (the reason goes to stderr as stdin:LINE:COLUMN: message):
 *             a malformed line, a geometry that does not fit, or two
 *             equal givens in one house (found with sk_check).
 *
 *   solve_line [-x] [-b RxC] < puzzles.txt
 *     -x      X-Sudoku: both main diagonals are houses too
 *     -b RxC  boxes of R rows and C columns (needed when N is not a square,
 *             e.g. -b 3x4 for 12x12)
 *
 * Exit status: 0 when every puzzle had a unique solution, 1 otherwise,
 * 2 on a usage, system or library error.
 *
 * Build against an installed sudokit:
 *   cc $(pkg-config --cflags sudokit) solve_line.c $(pkg-config --libs sudokit)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sudokit.h>

/* Writes grid as one line with sk_write, which works like snprintf: a
 * first call with size 0 measures the text.  Returns 0 or -1. */
static int print_line(const sk_geometry *g, const uint8_t *grid, sk_alphabet a)
{
    long len = sk_write(NULL, 0, g, grid, SK_FORMAT_LINE, a);
    if (len < 0) {
        fprintf(stderr, "solve_line: sk_write: %s\n", sk_strerror((int)len));
        return -1;
    }
    char *text = malloc((size_t)len + 1);
    if (text == NULL) {
        fprintf(stderr, "solve_line: out of memory\n");
        return -1;
    }
    long rc = sk_write(text, (size_t)len + 1, g, grid, SK_FORMAT_LINE, a);
    if (rc < 0) {
        fprintf(stderr, "solve_line: sk_write: %s\n", sk_strerror((int)rc));
        free(text);
        return -1;
    }
    fputs(text, stdout); /* the text ends with a newline */
    free(text);
    return 0;
}

int main(int argc, char **argv)
{
    /* Reading options: line form only; every puzzle gets the same extras. */
    sk_read_opts ropts = SK_READ_OPTS_INIT;
    ropts.format = SK_FORMAT_LINE;
    for (int i = 1; i < argc; i++) {
        char extra;
        if (strcmp(argv[i], "-x") == 0) {
            ropts.extras |= SK_EXTRA_DIAGONALS;
        } else if (strcmp(argv[i], "-b") == 0 && i + 1 < argc &&
                   sscanf(argv[i + 1], "%dx%d%c", &ropts.box_rows, &ropts.box_cols,
                          &extra) == 2 &&
                   ropts.box_rows > 0 && ropts.box_cols > 0) {
            i++;
        } else {
            fprintf(stderr, "usage: solve_line [-x] [-b RxC] < puzzles.txt\n");
            return 2;
        }
    }

    sk_reader *reader = NULL;
    int rc = sk_reader_open_file(stdin, &ropts, &reader);
    if (rc != SK_OK) {
        fprintf(stderr, "solve_line: sk_reader_open_file: %s\n", sk_strerror(rc));
        return 2;
    }

    /* One solver for the whole run: it keeps its work memory between
     * puzzles.  -1 lets the library pick the best engine for each model. */
    sk_solver *solver = NULL;
    rc = sk_solver_new(-1, &solver);
    if (rc != SK_OK) {
        fprintf(stderr, "solve_line: sk_solver_new: %s\n", sk_strerror(rc));
        sk_reader_free(reader);
        return 2;
    }

    int status = 0;
    uint8_t solution[SK_MAX_N * SK_MAX_N];
    for (;;) {
        sk_puzzle p;
        sk_diag diag = {0};
        rc = sk_reader_next(reader, &p, &diag);
        if (rc == SK_DONE)
            break;
        if (rc == SK_EPARSE) {
            /* A malformed line: report it and go on with the next one. */
            fprintf(stderr, "stdin:%ld:%ld: %s\n", diag.line, diag.column, diag.message);
            puts("invalid");
            status = status > 1 ? status : 1;
            continue;
        }
        if (rc != SK_OK) { /* SK_EIO, SK_ENOMEM: the reader cannot go on */
            fprintf(stderr, "solve_line: sk_reader_next: %s\n", sk_strerror(rc));
            status = 2;
            break;
        }

        /* The puzzle carries its geometry (size, boxes, jigsaw regions);
         * compile it.  A geometry that does not fit is reported like a
         * malformed line. */
        sk_model *model = NULL;
        rc = sk_model_new(&p.geom, &model, &diag);
        if (rc != SK_OK) {
            fprintf(stderr, "stdin:%ld: %s%s%s\n", p.line, sk_strerror(rc),
                    diag.message[0] ? ": " : "", diag.message);
            puts("invalid");
            status = status > 1 ? status : 1;
            if (rc == SK_EMODEL)
                continue;
            status = 2;
            break;
        }

        /* Givens that already clash would simply give "none"; name the
         * clash instead, as a checker would.  sk_check returns how many
         * conflicts there are and stores the first ones. */
        sk_conflict clash;
        if (sk_check(model, p.cells, &clash, 1) > 0) {
            char house[64];
            sk_model_house_name(model, clash.house, house, sizeof house);
            char sym = sk_alphabet_symbol(p.alphabet, clash.digit);
            fprintf(stderr, "stdin:%lu:%lu: %s has %c twice\n",
                    (unsigned long)p.cell_line[clash.cell2],
                    (unsigned long)p.cell_column[clash.cell2], house, sym ? sym : '?');
            puts("invalid");
            status = status > 1 ? status : 1;
            sk_model_free(model);
            continue;
        }

        /* max_solutions = 2 (the default): a second solution disproves
         * uniqueness, so the search can stop there. */
        sk_search_opts sopts = SK_SEARCH_OPTS_INIT;
        sk_result res;
        rc = sk_solver_run(solver, model, p.cells, &sopts, solution, &res);
        if (rc != SK_OK) {
            fprintf(stderr, "stdin:%ld: %s\n", p.line, sk_strerror(rc));
            puts("invalid");
            sk_model_free(model);
            status = 2;
            continue;
        }

        sk_verdict v = sk_result_verdict(&res);
        if (v == SK_VERDICT_UNIQUE) {
            if (print_line(&p.geom, solution, p.alphabet) != 0)
                status = 2;
        } else {
            puts(sk_verdict_name(v)); /* "none", "multiple" or "unknown" */
            status = status > 1 ? status : 1;
        }
        sk_model_free(model);
    }

    sk_solver_free(solver);
    sk_reader_free(reader);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("solve_line: stdout");
        return 2;
    }
    return status;
}
