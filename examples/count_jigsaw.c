/*
 * count_jigsaw.c - count the solutions of a jigsaw puzzle with a callback.
 *
 * Shows how to
 *   - describe a jigsaw (irregular regions) geometry with a region array,
 *   - count every solution (max_solutions = 0 means "no limit"),
 *   - look at each solution as the search finds it (on_solution), here to
 *     verify it, tally the digits of one cell and keep the smallest
 *     solution (the order in which an engine finds solutions is its own
 *     business, the smallest one is not).
 *
 * The puzzle is 6x6 with only four givens, so it has many solutions.
 *
 * Build against an installed sudokit:
 *   cc $(pkg-config --cflags sudokit) count_jigsaw.c $(pkg-config --libs sudokit)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sudokit.h>

#define N 6

/* Region id (0..N-1) of each cell, row by row: six regions of six cells. */
static const uint8_t regions[N * N] = {
    0, 0, 0, 1, 1, 1,
    0, 0, 2, 2, 1, 1,
    3, 0, 2, 2, 1, 4,
    3, 3, 2, 2, 4, 4,
    3, 3, 5, 5, 4, 4,
    3, 5, 5, 5, 5, 4,
};

/* Givens, 0 = empty. */
static const uint8_t givens[N * N] = {
    1, 0, 0, 0, 5, 0,
    0, 0, 0, 0, 0, 0,
    0, 0, 2, 0, 0, 0,
    0, 0, 0, 0, 0, 0,
    6, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0,
};

/* What the callback collects; passed through sk_search_opts.user. */
struct tally {
    const sk_model *model;
    uint64_t count;           /* solutions seen */
    uint64_t unverified;      /* solutions sk_verify rejected (should be 0) */
    uint64_t cell[N + 1];     /* how often each digit sits in row 3, column 4 */
    uint8_t smallest[N * N];  /* the lexicographically smallest solution */
};

/* Called once per solution; the grid is only valid during the call. */
static int on_solution(void *user, const uint8_t *solution)
{
    struct tally *t = user;
    if (!sk_verify(t->model, givens, solution))
        t->unverified++;
    t->cell[solution[2 * N + 3]]++;
    if (t->count == 0 || memcmp(solution, t->smallest, N * N) < 0)
        memcpy(t->smallest, solution, N * N);
    t->count++;
    return 0; /* 0 = go on; non-zero would stop the search */
}

int main(void)
{
    /* A jigsaw geometry: the regions replace the boxes. */
    sk_geometry geom = SK_GEOMETRY_INIT(N);
    geom.regions = regions;

    sk_model *model = NULL;
    sk_diag diag = {0};
    int rc = sk_model_new(&geom, &model, &diag);
    if (rc != SK_OK) {
        fprintf(stderr, "count_jigsaw: sk_model_new: %s: %s\n", sk_strerror(rc),
                diag.message);
        return EXIT_FAILURE;
    }

    sk_solver *solver = NULL;
    rc = sk_solver_new(-1, &solver);
    if (rc != SK_OK) {
        fprintf(stderr, "count_jigsaw: sk_solver_new: %s\n", sk_strerror(rc));
        sk_model_free(model);
        return EXIT_FAILURE;
    }

    struct tally t = {0};
    t.model = model;
    sk_search_opts opts = SK_SEARCH_OPTS_INIT;
    opts.max_solutions = 0; /* no limit: an exact count */
    opts.on_solution = on_solution;
    opts.user = &t;

    sk_result res;
    rc = sk_solver_run(solver, model, givens, &opts, NULL, &res);
    sk_solver_free(solver);
    if (rc != SK_OK) {
        fprintf(stderr, "count_jigsaw: sk_solver_run: %s\n", sk_strerror(rc));
        sk_model_free(model);
        return EXIT_FAILURE;
    }

    /* Only an exhausted search gives an exact count. */
    if (res.end != SK_END_EXHAUSTED || res.solutions != t.count || t.unverified != 0) {
        fprintf(stderr, "count_jigsaw: unexpected result (end %d, %llu solutions, "
                "%llu seen, %llu not verified)\n", (int)res.end,
                (unsigned long long)res.solutions, (unsigned long long)t.count,
                (unsigned long long)t.unverified);
        sk_model_free(model);
        return EXIT_FAILURE;
    }

    printf("solutions: %llu (%s)\n", (unsigned long long)res.solutions,
           sk_verdict_name(sk_result_verdict(&res)));
    printf("digits in row 3, column 4:");
    for (int d = 1; d <= N; d++)
        printf(" %d:%llu", d, (unsigned long long)t.cell[d]);
    printf("\nsmallest solution:\n");

    /* sk_write prints a jigsaw grid followed by its region rows. */
    char text[2 * N * (N + 1) + 1];
    long len = sk_write(text, sizeof text, &geom, t.smallest, SK_FORMAT_GRID,
                        SK_ALPHABET_DIGITS);
    sk_model_free(model);
    if (len < 0 || (size_t)len >= sizeof text) {
        fprintf(stderr, "count_jigsaw: sk_write: %s\n",
                len < 0 ? sk_strerror((int)len) : "buffer too small");
        return EXIT_FAILURE;
    }
    fputs(text, stdout);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("count_jigsaw: stdout");
        return EXIT_FAILURE;
    }
    return EXIT_SUCCESS;
}
