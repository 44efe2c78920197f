/*
 * rate.c - rates 9x9 puzzles with the logical solver (sk_rate) and prints
 * one line per puzzle in the reference rater's form, for bench/rate.sh:
 *
 *   PUZZLE ER EP ED
 *
 * with the three figures in SE's units (one decimal: 2.6), and with -n the
 * techniques that set them after tabs, as `serate.sh -n` writes them:
 *
 *   PUZZLE ER EP ED<TAB>ER-technique<TAB>EP-technique<TAB>ED-technique
 *
 * A puzzle no technique finishes gets ER 20.0, SE's "beyond", and the
 * technique "-".  Input: lines that start with 81 puzzle characters
 * ('1'-'9' a given, anything else an empty cell, as SE reads them); other
 * lines and '#' comments are skipped.  FILE '-' or none: standard input.
 * At the end a summary goes to stderr: puzzles, the seconds spent in
 * sk_rate alone and puzzles per second.
 *
 *   rate [-n] [FILE]
 *
 * Exit 0, 1 when a puzzle was refused (conflicting givens: printed as
 * "PUZZLE invalid"), 2 on a usage error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudokit.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A rating in tenths as SE prints it. */
static void put_rating(FILE *out, int tenths)
{
    fprintf(out, " %d.%d", tenths / 10, tenths % 10);
}

static const char *tech_name(int t)
{
    const char *s = sk_tech_name(t);
    return s ? s : "-";
}

/* 1 when line starts with 81 characters of a puzzle line. */
static int puzzle_line(const char *line)
{
    for (int i = 0; i < 81; i++) {
        char c = line[i];
        if (c == '\0' || c == '\n' || c == '\r' || c == ' ' || c == '\t')
            return 0;
    }
    return line[0] != '#';
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    int names = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n"))
            names = 1;
        else if (!path)
            path = argv[i];
        else {
            fprintf(stderr, "usage: rate [-n] [FILE]\n");
            return 2;
        }
    }
    FILE *fp = !path || !strcmp(path, "-") ? stdin : fopen(path, "r");
    if (!fp) {
        fprintf(stderr, "rate: cannot open %s\n", path);
        return 2;
    }
    sk_geometry g = SK_GEOMETRY_INIT(9);
    sk_model *m = NULL;
    sk_logic *l = NULL;
    sk_diag d;
    if (sk_model_new(&g, &m, &d) != SK_OK || sk_logic_new(m, &l) != SK_OK) {
        fprintf(stderr, "rate: cannot set up the logical solver\n");
        return 2;
    }
    char line[4096];
    uint8_t givens[81];
    long count = 0, refused = 0;
    double spent = 0;
    while (fgets(line, sizeof line, fp)) {
        if (!puzzle_line(line))
            continue;
        for (int i = 0; i < 81; i++)
            givens[i] = (uint8_t)(line[i] >= '1' && line[i] <= '9' ? line[i] - '0' : 0);
        sk_rating r;
        double t0 = now();
        int st = sk_rate(l, givens, &r);
        spent += now() - t0;
        count++;
        fwrite(line, 1, 81, stdout);
        if (st != SK_OK) {
            refused++;
            printf(" invalid\n");
            continue;
        }
        put_rating(stdout, r.er);
        put_rating(stdout, r.ep);
        put_rating(stdout, r.ed);
        if (names)
            printf("\t%s\t%s\t%s", tech_name(r.er_tech), tech_name(r.ep_tech), tech_name(r.ed_tech));
        putchar('\n');
    }
    if (fp != stdin)
        fclose(fp);
    sk_logic_free(l);
    sk_model_free(m);
    fprintf(stderr, "rate: %ld puzzles, %.3f s in sk_rate, %.0f puzzles/s\n", count, spent,
            spent > 0 ? count / spent : 0.0);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "rate: write error\n");
        return 2;
    }
    return refused ? 1 : 0;
}
