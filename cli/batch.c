/*
 * batch.c - the batch runner shared by every command that reads puzzles.
 *
 * Puzzles are read one file after another with sk_reader and copied out of
 * the reader's storage (valid only until the next read) into items.  With
 * one thread an item is examined and printed as soon as it is read.  With
 * -j N the items are gathered into chunks of CHUNK; N workers (the main
 * thread and N-1 pthreads, each with its own sk_solver) take items from the
 * chunk with an atomic counter, then the main thread prints the chunk in
 * input order.  Memory stays bounded by the chunk size whatever the input.
 *
 * Models are cached: a model is rebuilt only when a puzzle's geometry
 * (n, box, extras, regions, groups) differs from the previous puzzle's.  A
 * replaced model may still be in use by items of the current chunk, so it
 * is retired and freed after the chunk is printed.
 *
 * Every puzzle read yields exactly one record, in input order: a puzzle
 * the reader rejects (SK_EPARSE), whose geometry does not make a model
 * (SK_EMODEL) or whose givens conflict becomes an INVALID item, reported
 * on stderr as FILE:LINE:COL: reason, and the batch goes on.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define CHUNK 1024 /* items per chunk with several threads */

typedef struct run_state {
    cli_batch *b;
    cli_item *items;     /* the chunk: items[0..nitems) */
    size_t nitems, chunk;
    sk_model **retired;  /* models to free after the chunk is printed */
    size_t nretired, cap_retired;
    cli_item key;        /* geometry of the cached model */
    int have_key;
    sk_model *model;     /* cached model, NULL when key did not build */
    sk_diag model_diag;  /* why key did not build */
    int model_status;
    cli_worker *workers;
    int nworkers;
    atomic_size_t next;  /* next item a worker takes */
    long index;          /* records so far over all files */
    double start, last_progress;
    int progress;        /* a progress line may be shown (stderr is a tty) */
    int progress_shown;
} run_state;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_batch_exit(cli_batch *b, int code)
{
    if (code > b->exit_code)
        b->exit_code = code;
}

static void set_invalid(cli_item *it, long line, long col, const char *msg)
{
    it->status = CLI_ST_INVALID;
    it->diag.line = line > 0 ? line : it->line;
    it->diag.column = line > 0 ? col : 0;
    snprintf(it->diag.message, sizeof it->diag.message, "%s", msg);
}

/* ------------------------------------------------------------------ */
/* Items                                                               */
/* ------------------------------------------------------------------ */

static void item_free(cli_item *it)
{
    free(it->cell_line); /* the one block holding every per-cell array */
    free(it->groups);
    memset(it, 0, sizeof *it);
}

/* Makes room for nn cells; 0 or -1 when out of memory. */
static int item_reserve(cli_item *it, size_t nn)
{
    unsigned char *block;
    if (nn <= it->cap)
        return 0;
    block = malloc(nn * (2 * sizeof(uint32_t) + 3));
    if (!block)
        return -1;
    free(it->cell_line);
    it->cell_line = (uint32_t *)(void *)block;
    it->cell_column = it->cell_line + nn;
    it->cells = (uint8_t *)(it->cell_column + nn);
    it->regions = it->cells + nn;
    it->solution = it->regions + nn;
    it->cap = nn;
    return 0;
}

/* Copies geometry g into it (regions and groups into its own storage). */
static int item_set_geometry(cli_item *it, const sk_geometry *g)
{
    size_t nn = (size_t)g->n * (size_t)g->n, ncells = 0;
    int i;
    if (item_reserve(it, nn))
        return -1;
    it->geom = *g;
    if (g->regions) {
        memcpy(it->regions, g->regions, nn);
        it->geom.regions = it->regions;
    }
    it->geom.group_sizes = it->geom.group_cells = NULL;
    if (g->ngroups > 0 && g->group_sizes && g->group_cells) {
        for (i = 0; i < g->ngroups; i++)
            ncells += (size_t)g->group_sizes[i];
        if (it->groups_cap < (size_t)g->ngroups + ncells) {
            int *p = realloc(it->groups, ((size_t)g->ngroups + ncells) * sizeof *p);
            if (!p)
                return -1;
            it->groups = p;
            it->groups_cap = (size_t)g->ngroups + ncells;
        }
        memcpy(it->groups, g->group_sizes, (size_t)g->ngroups * sizeof(int));
        memcpy(it->groups + g->ngroups, g->group_cells, ncells * sizeof(int));
        it->geom.group_sizes = it->groups;
        it->geom.group_cells = it->groups + g->ngroups;
    } else {
        it->geom.ngroups = 0;
    }
    return 0;
}

static int geometry_equal(const sk_geometry *a, const sk_geometry *b)
{
    size_t nn = (size_t)a->n * (size_t)a->n, ncells = 0;
    int i;
    if (a->n != b->n || a->box_rows != b->box_rows || a->box_cols != b->box_cols ||
        a->extras != b->extras || a->ngroups != b->ngroups || !a->regions != !b->regions)
        return 0;
    if (a->regions && memcmp(a->regions, b->regions, nn) != 0)
        return 0;
    if (a->ngroups > 0) {
        if (memcmp(a->group_sizes, b->group_sizes, (size_t)a->ngroups * sizeof(int)) != 0)
            return 0;
        for (i = 0; i < a->ngroups; i++)
            ncells += (size_t)a->group_sizes[i];
        if (memcmp(a->group_cells, b->group_cells, ncells * sizeof(int)) != 0)
            return 0;
    }
    return 1;
}

/* Finds or builds the model of it's geometry.  0, or -1 on out of memory. */
static int item_model(run_state *rs, cli_item *it)
{
    if (!rs->have_key || !geometry_equal(&rs->key.geom, &it->geom)) {
        sk_model *m = NULL;
        if (rs->model) {
            if (rs->nretired == rs->cap_retired) {
                size_t cap = rs->cap_retired ? 2 * rs->cap_retired : 8;
                sk_model **p = realloc(rs->retired, cap * sizeof *p);
                if (!p)
                    return -1;
                rs->retired = p;
                rs->cap_retired = cap;
            }
            rs->retired[rs->nretired++] = rs->model;
            rs->model = NULL;
        }
        rs->have_key = 0;
        memset(&rs->model_diag, 0, sizeof rs->model_diag);
        rs->model_status = sk_model_new(&it->geom, &m, &rs->model_diag);
        if (rs->model_status == SK_ENOMEM)
            return -1;
        if (rs->model_status == SK_OK)
            rs->model = m;
        else if (!rs->model_diag.message[0])
            snprintf(rs->model_diag.message, sizeof rs->model_diag.message, "%s",
                     sk_strerror(rs->model_status));
        if (item_set_geometry(&rs->key, &it->geom))
            return -1;
        rs->have_key = 1;
    }
    it->model = rs->model;
    if (!rs->model)
        set_invalid(it, it->line, 0, rs->model_diag.message);
    return 0;
}

/* Copies puzzle p into it.  0, or -1 on out of memory. */
static int item_fill(cli_item *it, const sk_puzzle *p)
{
    size_t nn = (size_t)p->geom.n * (size_t)p->geom.n;
    if (p->geom.n < 1 || p->geom.n > SK_MAX_N) {
        char msg[64];
        snprintf(msg, sizeof msg, "grid side %d is out of range", p->geom.n);
        set_invalid(it, p->line, 0, msg);
        return 0;
    }
    if (item_set_geometry(it, &p->geom))
        return -1;
    memcpy(it->cells, p->cells, nn);
    if (p->cell_line)
        memcpy(it->cell_line, p->cell_line, nn * sizeof(uint32_t));
    else
        memset(it->cell_line, 0, nn * sizeof(uint32_t));
    if (p->cell_column)
        memcpy(it->cell_column, p->cell_column, nn * sizeof(uint32_t));
    else
        memset(it->cell_column, 0, nn * sizeof(uint32_t));
    it->format = p->format;
    it->alphabet = p->alphabet;
    return 0;
}

/* Clears the per-puzzle fields of a reused item, keeping its buffers. */
static void item_reset(cli_item *it)
{
    it->line = 0;
    memset(&it->geom, 0, sizeof it->geom);
    it->model = NULL;
    it->format = SK_FORMAT_AUTO;
    it->alphabet = SK_ALPHABET_AUTO;
    it->status = CLI_ST_PENDING;
    memset(&it->diag, 0, sizeof it->diag);
    it->system_error = 0;
    it->searched = 0;
    it->has_solution = 0;
    memset(&it->res, 0, sizeof it->res);
    it->usec = 0;
}

/* ------------------------------------------------------------------ */
/* Searching                                                           */
/* ------------------------------------------------------------------ */

int cli_search(cli_worker *w, cli_item *it, uint64_t max, sk_solution_fn fn, void *user)
{
    const cli_args *a = w->batch->args;
    sk_search_opts o = SK_SEARCH_OPTS_INIT;
    double t0;
    int rc;
    if (!w->solver) {
        rc = sk_solver_new(a->engine, &w->solver);
        if (rc != SK_OK) {
            set_invalid(it, it->line, 0, sk_strerror(rc));
            it->system_error = 1;
            return -1;
        }
    }
    o.max_solutions = max;
    o.timeout = a->timeout;
    o.on_solution = fn;
    o.user = user;
    t0 = now();
    rc = sk_solver_run(w->solver, it->model, it->cells, &o, it->solution, &it->res);
    it->usec = (uint64_t)((now() - t0) * 1e6);
    switch (rc) {
    case SK_OK:
        it->searched = 1;
        it->has_solution = it->res.solutions > 0;
        return 0;
    case SK_EUNSUPPORTED: {
        char desc[100], msg[200];
        const sk_engine_info *e = sk_engine_info_at(a->engine);
        sk_model_describe(it->model, desc, sizeof desc);
        snprintf(msg, sizeof msg, "engine %s does not support this puzzle (%s)",
                 e ? e->name : "auto", desc);
        set_invalid(it, it->line, 0, msg);
        return -1;
    }
    case SK_ENOMEM:
        it->system_error = 1;
        /* fall through */
    default:
        set_invalid(it, it->line, 0, sk_strerror(rc));
        return -1;
    }
}

cli_status cli_search_status(const sk_result *r)
{
    if (r->solutions >= 2)
        return CLI_ST_MULTIPLE;
    if (r->end == SK_END_EXHAUSTED)
        return r->solutions ? CLI_ST_UNIQUE : CLI_ST_NONE;
    if (r->solutions == 1 && (r->end == SK_END_SOLUTIONS || r->end == SK_END_CALLBACK))
        return CLI_ST_SOLVED;
    return CLI_ST_TIMEOUT;
}

/* Examines one item: rejects conflicting givens, then the command's work. */
static void process(cli_worker *w, cli_item *it)
{
    const cli_batch_ops *ops = w->batch->ops;
    if (it->status != CLI_ST_PENDING)
        return;
    if (ops->check_givens) {
        sk_conflict c;
        if (sk_check(it->model, it->cells, &c, 1) > 0) {
            char msg[200];
            cli_conflict_message(it, &c, msg, sizeof msg);
            set_invalid(it, it->cell_line[c.cell2], it->cell_column[c.cell2], msg);
            return;
        }
    }
    if (ops->work)
        ops->work(w, it);
}

/* ------------------------------------------------------------------ */
/* Chunks                                                              */
/* ------------------------------------------------------------------ */

typedef struct worker_arg {
    run_state *rs;
    cli_worker *w;
} worker_arg;

static void work_loop(run_state *rs, cli_worker *w)
{
    for (;;) {
        size_t i = atomic_fetch_add(&rs->next, 1);
        if (i >= rs->nitems)
            break;
        process(w, &rs->items[i]);
    }
}

static void *thread_main(void *arg)
{
    worker_arg *wa = arg;
    work_loop(wa->rs, wa->w);
    return NULL;
}

static void progress(run_state *rs, int done)
{
    double t;
    if (!rs->progress)
        return;
    t = now();
    if (done) {
        if (rs->progress_shown)
            fputs("\r\033[K", stderr);
        return;
    }
    if (t - rs->start < 1.0 || t - rs->last_progress < 0.5)
        return;
    rs->last_progress = t;
    rs->progress_shown = 1;
    fprintf(stderr, "\rsudokit: %ld puzzles, %.0f/s ", rs->b->puzzles,
            (double)rs->b->puzzles / (t - rs->start));
}

static void emit(run_state *rs, cli_item *it)
{
    cli_batch *b = rs->b;
    if (it->status == CLI_ST_INVALID) {
        if (!b->args->quiet) {
            if (rs->progress_shown)
                fputs("\r\033[K", stderr);
            cli_diag_print(it->file, it->diag.line, it->diag.column, it->diag.message);
        }
        cli_batch_exit(b, it->system_error ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT);
    }
    b->ops->emit(b, it);
    b->puzzles++;
    b->by_status[it->status < CLI_ST_COUNT_ ? it->status : CLI_ST_PENDING]++;
    if (it->searched) {
        b->searched++;
        b->guesses += it->res.guesses;
        b->nodes += it->res.nodes;
    }
    if (b->ops->flush_each && fflush(stdout) != 0)
        cli_stdout_note_error(errno);
    if (cli_stdout_failed()) {
        b->stop = 1;
        cli_batch_exit(b, CLI_EXIT_SYSTEM);
    }
}

/* Examines and prints every item of the chunk, then frees retired models. */
static void run_chunk(run_state *rs)
{
    size_t i;
    int nthreads = rs->b->ops->parallel ? rs->nworkers : 1;
    if (rs->b->stop) /* output failed: nothing more will be printed */
        rs->nitems = 0;
    if ((size_t)nthreads > rs->nitems)
        nthreads = (int)rs->nitems;
    if (nthreads > 1) {
        pthread_t tid[1024];
        worker_arg wa[1024];
        int started = 0, t;
        atomic_store(&rs->next, 0);
        for (t = 1; t < nthreads; t++) {
            wa[t].rs = rs;
            wa[t].w = &rs->workers[t];
            if (pthread_create(&tid[t], NULL, thread_main, &wa[t]) != 0)
                break;
            started = t;
        }
        work_loop(rs, &rs->workers[0]);
        for (t = 1; t <= started; t++)
            pthread_join(tid[t], NULL);
    } else {
        for (i = 0; i < rs->nitems; i++)
            process(&rs->workers[0], &rs->items[i]);
    }
    for (i = 0; i < rs->nitems && !rs->b->stop; i++)
        emit(rs, &rs->items[i]);
    rs->nitems = 0;
    for (i = 0; i < rs->nretired; i++)
        sk_model_free(rs->retired[i]);
    rs->nretired = 0;
    progress(rs, 0);
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */
/* ------------------------------------------------------------------ */

/* Reads every puzzle of one stream into chunks. */
static void read_stream(run_state *rs, FILE *fp, const char *name, const sk_read_opts *ro)
{
    cli_batch *b = rs->b;
    sk_reader *r = NULL;
    int rc = sk_reader_open_file(fp, ro, &r);
    if (rc != SK_OK) {
        run_chunk(rs);
        cli_error("%s: %s", name, sk_strerror(rc));
        cli_batch_exit(b, rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT);
        return;
    }
    while (!b->stop) {
        cli_item *it;
        sk_puzzle p;
        sk_diag diag;
        if (rs->nitems == rs->chunk)
            run_chunk(rs);
        if (b->stop)
            break;
        it = &rs->items[rs->nitems];
        item_reset(it);
        memset(&p, 0, sizeof p);
        memset(&diag, 0, sizeof diag);
        errno = 0;
        rc = sk_reader_next(r, &p, &diag);
        if (rc == SK_DONE)
            break;
        if (rc != SK_OK && rc != SK_EPARSE) {
            int err = errno;
            run_chunk(rs);
            if (rc == SK_EIO && err)
                cli_error("%s: %s", name, strerror(err));
            else
                cli_error("%s: %s", name, sk_strerror(rc));
            cli_batch_exit(b, rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT);
            break;
        }
        it->index = rs->index++;
        it->file = name;
        it->line = p.line;
        if (rc == SK_EPARSE) {
            set_invalid(it, diag.line, diag.column,
                        diag.message[0] ? diag.message : sk_strerror(rc));
        } else if (item_fill(it, &p) || (it->status == CLI_ST_PENDING && item_model(rs, it))) {
            set_invalid(it, p.line, 0, sk_strerror(SK_ENOMEM));
            it->system_error = 1;
            it->model = NULL;
        }
        rs->nitems++;
    }
    sk_reader_free(r);
}

int cli_batch_run(const cli_args *a, char **files, int nfiles, const sk_read_opts *ro,
                  const cli_batch_ops *ops, void *ctx)
{
    static char *stdin_only[] = {"-"};
    cli_batch b;
    run_state rs;
    int i;
    memset(&b, 0, sizeof b);
    memset(&rs, 0, sizeof rs);
    b.args = a;
    b.ops = ops;
    b.ctx = ctx;
    rs.b = &b;
    rs.nworkers = ops->parallel && a->threads > 1 ? a->threads : 1;
    rs.chunk = rs.nworkers > 1 ? CHUNK : 1;
    rs.items = calloc(rs.chunk, sizeof *rs.items);
    rs.workers = calloc((size_t)rs.nworkers, sizeof *rs.workers);
    if (!rs.items || !rs.workers) {
        free(rs.items);
        free(rs.workers);
        cli_error("error: %s", sk_strerror(SK_ENOMEM));
        return CLI_EXIT_SYSTEM;
    }
    for (i = 0; i < rs.nworkers; i++)
        rs.workers[i].batch = &b;
    rs.start = rs.last_progress = now();
    rs.progress = !a->quiet && isatty(STDERR_FILENO);
    if (nfiles == 0) {
        files = stdin_only;
        nfiles = 1;
    }
    for (i = 0; i < nfiles && !b.stop; i++) {
        const char *name = files[i];
        FILE *fp;
        if (strcmp(name, "-") == 0) {
            read_stream(&rs, stdin, "<stdin>", ro);
            continue;
        }
        fp = fopen(name, "r");
        if (!fp) {
            int err = errno;
            run_chunk(&rs); /* keep messages in input order */
            cli_error("%s: %s", name, strerror(err));
            cli_batch_exit(&b, CLI_EXIT_INPUT);
            continue;
        }
        read_stream(&rs, fp, name, ro);
        fclose(fp);
    }
    run_chunk(&rs);
    progress(&rs, 1);

    if (a->stats) {
        double secs = now() - rs.start;
        int s, first = 1;
        fprintf(stderr, "sudokit: stats: %ld puzzle%s", b.puzzles, b.puzzles == 1 ? "" : "s");
        for (s = CLI_ST_UNIQUE; s < CLI_ST_COUNT_; s++) {
            if (!b.by_status[s])
                continue;
            fprintf(stderr, "%s%s %ld", first ? " (" : ", ", cli_status_name((cli_status)s),
                    b.by_status[s]);
            first = 0;
        }
        fprintf(stderr, "%s, %.3f s, %.1f puzzles/s, %.2f guesses/puzzle\n", first ? "" : ")",
                secs,
                secs > 0 ? (double)b.puzzles / secs : 0.0,
                b.searched ? (double)b.guesses / (double)b.searched : 0.0);
    }

    for (i = 0; i < rs.nworkers; i++)
        sk_solver_free(rs.workers[i].solver);
    for (i = 0; i < (int)rs.chunk; i++)
        item_free(&rs.items[i]);
    item_free(&rs.key);
    sk_model_free(rs.model);
    free(rs.retired);
    free(rs.items);
    free(rs.workers);
    cli_buf_free(&b.text);
    return b.exit_code;
}
