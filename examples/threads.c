/*
 * threads.c - solve a batch of puzzles with several POSIX threads.
 *
 * The library keeps no global mutable state, so threads need no locks:
 *   - a compiled sk_model is read-only and may be shared by every thread;
 *   - an sk_solver holds work memory: each thread creates its own.
 * Here the main thread reads every puzzle and compiles its model, then
 * NTHREADS workers take every NTHREADS-th puzzle, each with its own
 * solver, and write into their own result slots.  Once they are joined
 * the main thread prints the results in input order:
 *   INDEX STATUS [SOLUTION]
 *
 *   threads [NTHREADS] < puzzles.txt    (default 4 threads; any form the
 *                                        reader recognises: line, grid, ...)
 *
 * Build against an installed sudokit:
 *   cc -pthread $(pkg-config --cflags sudokit) threads.c $(pkg-config --libs sudokit)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sudokit.h>

#define MAX_THREADS 64

/* One puzzle and its result.  Only the worker that owns the slot writes it. */
struct job {
    sk_model *model;      /* NULL when the puzzle could not be read */
    uint8_t *givens;      /* N*N */
    uint8_t *solution;    /* N*N, valid when the verdict is unique */
    int n;
    sk_alphabet alphabet; /* to print the solution the way it was read */
    int rc;               /* status of sk_solver_run */
    sk_result res;
};

struct worker {
    pthread_t thread;
    int index, nthreads;
    struct job *jobs;
    size_t njobs;
    int rc; /* SK_OK, or the status of sk_solver_new */
};

static void *work(void *arg)
{
    struct worker *w = arg;
    sk_solver *solver = NULL; /* private to this thread */
    w->rc = sk_solver_new(-1, &solver);
    if (w->rc != SK_OK)
        return NULL;
    for (size_t i = (size_t)w->index; i < w->njobs; i += (size_t)w->nthreads) {
        struct job *j = &w->jobs[i];
        if (j->model == NULL)
            continue;
        sk_search_opts opts = SK_SEARCH_OPTS_INIT; /* uniqueness: 2 solutions */
        j->rc = sk_solver_run(solver, j->model, j->givens, &opts, j->solution, &j->res);
    }
    sk_solver_free(solver);
    return NULL;
}

/* Prints a solution as one line of symbols, or of numbers when the
 * alphabet has no single character per value. */
static void print_solution(const struct job *j)
{
    for (int i = 0; i < j->n * j->n; i++) {
        char ch = sk_alphabet_symbol(j->alphabet, j->solution[i]);
        if (ch == 0)
            ch = sk_alphabet_symbol(SK_ALPHABET_DIGITS, j->solution[i]);
        if (ch != 0)
            putchar(ch);
        else
            printf("%s%d", i ? " " : "", j->solution[i]);
    }
}

static void free_jobs(struct job *jobs, size_t njobs)
{
    for (size_t i = 0; i < njobs; i++) {
        sk_model_free(jobs[i].model);
        free(jobs[i].givens);
        free(jobs[i].solution);
    }
    free(jobs);
}

int main(int argc, char **argv)
{
    int nthreads = 4;
    if (argc > 2 || (argc == 2 && (nthreads = atoi(argv[1])) < 1) ||
        nthreads > MAX_THREADS) {
        fprintf(stderr, "usage: threads [NTHREADS (1-%d)] < puzzles.txt\n", MAX_THREADS);
        return 2;
    }

    /* Read every puzzle and compile its model in the main thread. */
    sk_reader *reader = NULL;
    int rc = sk_reader_open_file(stdin, NULL, &reader);
    if (rc != SK_OK) {
        fprintf(stderr, "threads: sk_reader_open_file: %s\n", sk_strerror(rc));
        return 2;
    }
    struct job *jobs = NULL;
    size_t njobs = 0, cap = 0;
    int status = 0;
    for (;;) {
        sk_puzzle p;
        sk_diag diag = {0};
        rc = sk_reader_next(reader, &p, &diag);
        if (rc == SK_DONE)
            break;
        if (rc != SK_OK && rc != SK_EPARSE) {
            fprintf(stderr, "threads: sk_reader_next: %s\n", sk_strerror(rc));
            status = 2;
            break;
        }
        if (njobs == cap) {
            size_t ncap = cap ? 2 * cap : 16;
            struct job *nj = realloc(jobs, ncap * sizeof *nj);
            if (nj == NULL) {
                fprintf(stderr, "threads: out of memory\n");
                status = 2;
                break;
            }
            jobs = nj;
            cap = ncap;
        }
        struct job *j = &jobs[njobs++];
        memset(j, 0, sizeof *j);
        if (rc == SK_EPARSE) { /* reported now, listed as invalid later */
            fprintf(stderr, "stdin:%ld:%ld: %s\n", diag.line, diag.column, diag.message);
            continue;
        }
        rc = sk_model_new(&p.geom, &j->model, &diag);
        if (rc != SK_OK) {
            fprintf(stderr, "stdin:%ld: %s: %s\n", p.line, sk_strerror(rc), diag.message);
            continue;
        }
        size_t cells = (size_t)p.geom.n * (size_t)p.geom.n;
        j->n = p.geom.n;
        j->alphabet = p.alphabet;
        j->givens = malloc(cells);
        j->solution = malloc(cells);
        if (j->givens == NULL || j->solution == NULL) {
            fprintf(stderr, "threads: out of memory\n");
            status = 2;
            break;
        }
        memcpy(j->givens, p.cells, cells); /* p.cells dies at the next read */
    }
    sk_reader_free(reader);
    if (status != 0) {
        free_jobs(jobs, njobs);
        return status;
    }

    /* Start the workers; each gets puzzles index, index + nthreads, ... */
    struct worker workers[MAX_THREADS];
    int started = 0;
    for (int t = 0; t < nthreads; t++) {
        workers[t] = (struct worker){.index = t, .nthreads = nthreads, .jobs = jobs,
                                     .njobs = njobs, .rc = SK_OK};
        int err = pthread_create(&workers[t].thread, NULL, work, &workers[t]);
        if (err != 0) {
            fprintf(stderr, "threads: pthread_create: %s\n", strerror(err));
            status = 2;
            break;
        }
        started++;
    }
    for (int t = 0; t < started; t++) {
        int err = pthread_join(workers[t].thread, NULL);
        if (err != 0) {
            fprintf(stderr, "threads: pthread_join: %s\n", strerror(err));
            status = 2;
        } else if (workers[t].rc != SK_OK) {
            fprintf(stderr, "threads: sk_solver_new: %s\n", sk_strerror(workers[t].rc));
            status = 2;
        }
    }
    if (status != 0) {
        free_jobs(jobs, njobs);
        return status;
    }

    /* Results in input order. */
    for (size_t i = 0; i < njobs; i++) {
        const struct job *j = &jobs[i];
        printf("%zu ", i);
        if (j->model == NULL) {
            printf("invalid\n");
            status = 1;
        } else if (j->rc != SK_OK) {
            printf("error: %s\n", sk_strerror(j->rc));
            status = 2;
        } else {
            sk_verdict v = sk_result_verdict(&j->res);
            printf("%s", sk_verdict_name(v));
            if (v == SK_VERDICT_UNIQUE) {
                putchar(' ');
                print_solution(j);
            } else if (status == 0) {
                status = 1;
            }
            putchar('\n');
        }
    }
    free_jobs(jobs, njobs);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("threads: stdout");
        return 2;
    }
    return status;
}
