/*
 * rawsolve.c - engine timing without the command-line layer: reads
 * line-form puzzles (digits 1-9 then A-Z, '.' or '0' empty; "#" comments;
 * a 64x64 file of decimal tokens is read as one puzzle), solves each with
 * the uniqueness question and prints totals.  Every solution is checked
 * with sk_verify.
 *
 *   rawsolve [-e ENGINE] [-1] [-v] [-t SECONDS] FILE
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit.h"

static int value_of(int ch)
{
    if (ch >= '1' && ch <= '9')
        return ch - '0';
    if (isalpha(ch))
        return toupper(ch) - 'A' + 10;
    return 0;
}

int main(int argc, char **argv)
{
    const char *engine = NULL, *path = NULL;
    int first = 0, verbose = 0;
    double timeout = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-e") && i + 1 < argc)
            engine = argv[++i];
        else if (!strcmp(argv[i], "-1"))
            first = 1;
        else if (!strcmp(argv[i], "-t") && i + 1 < argc)
            timeout = atof(argv[++i]);
        else if (!strcmp(argv[i], "-v"))
            verbose = 1;
        else
            path = argv[i];
    }
    FILE *fp = path ? fopen(path, "r") : NULL;
    if (!fp) {
        fprintf(stderr, "usage: rawsolve [-e ENGINE] [-1] [-v] [-t SECONDS] FILE\n");
        return 2;
    }
    static char line[1 << 20];
    static uint8_t cells[64 * 64], sol[64 * 64];
    sk_solver *s;
    if (sk_solver_new(engine ? sk_engine_find(engine) : -1, &s)) {
        fprintf(stderr, "unknown engine\n");
        return 2;
    }
    sk_search_opts o = SK_SEARCH_OPTS_INIT;
    o.max_solutions = first ? 1 : 2;
    o.timeout = timeout;
    sk_model *m = NULL;
    int last_n = 0, count = 0, bad = 0, tokens_rows = 0;
    unsigned long long nodes = 0, guesses = 0, uniq = 0;
    double t0 = 0, t1, total = 0;
    size_t ntok = 0;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        int n;
        if (strchr(line, ' ') && !strchr(line, '\t') && strlen(line) < 600 && isdigit((unsigned char)line[0]) | (line[0] == '.')) {
            /* a row of decimal tokens: gather 64 rows */
            char *p = line, *tok;
            while ((tok = strtok(p, " \n"))) {
                p = NULL;
                cells[ntok++] = tok[0] == '.' ? 0 : (uint8_t)atoi(tok);
            }
            tokens_rows++;
            if (tokens_rows * tokens_rows != (int)ntok)
                continue;
            n = tokens_rows;
            tokens_rows = 0;
            ntok = 0;
        } else {
            size_t len = strcspn(line, " \r\n");
            n = 0;
            while ((size_t)(n + 1) * (n + 1) <= len)
                n++;
            for (size_t i = 0; i < len; i++)
                cells[i] = (uint8_t)value_of((unsigned char)line[i]);
        }
        if (n != last_n) {
            sk_model_free(m);
            sk_geometry g = SK_GEOMETRY_INIT(n);
            sk_diag d;
            if (sk_model_new(&g, &m, &d)) {
                fprintf(stderr, "model: %s\n", d.message);
                return 1;
            }
            last_n = n;
        }
        sk_result r;
        extern double rawsolve_now(void);
        t0 = rawsolve_now();
        if (sk_solver_run(s, m, cells, &o, sol, &r)) {
            fprintf(stderr, "run failed\n");
            return 1;
        }
        t1 = rawsolve_now();
        total += t1 - t0;
        count++;
        nodes += r.nodes;
        guesses += r.guesses;
        if (r.solutions >= 1 && !sk_verify(m, cells, sol))
            bad++;
        if (sk_result_verdict(&r) == SK_VERDICT_UNIQUE || (first && r.solutions == 1))
            uniq++;
        if (verbose)
            printf("%d: %s%s nodes=%llu guesses=%llu %.3fs\n", count,
                   sk_verdict_name(sk_result_verdict(&r)), r.end == SK_END_TIMEOUT ? "(timeout)" : "", (unsigned long long)r.nodes,
                   (unsigned long long)r.guesses, t1 - t0);
    }
    printf("%d puzzles, %llu %s, %d bad, %.3f s, %.0f/s, nodes %.1f/puzzle, guesses %.1f/puzzle\n",
           count, uniq, first ? "solved" : "unique", bad, total, count / total,
           (double)nodes / count, (double)guesses / count);
    sk_model_free(m);
    sk_solver_free(s);
    return bad ? 1 : 0;
}

#include <time.h>
double rawsolve_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}
