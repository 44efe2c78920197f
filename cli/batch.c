/*
 * batch.c - the batch runner shared by every command that reads puzzles.
 *
 * Puzzles are read one file after another with sk_reader and copied out of
 * the reader's storage (valid only until the next read) into the slots of
 * a ring.  Items are numbered over the whole run; item k lives in slot
 * k % size.  Three counters move forward only:
 *
 *   head <= claimed <= tail   head: next item to print (main thread)
 *                             claimed: next item a worker takes (atomic)
 *                             tail: next item to read (main thread; its
 *                             atomic copy `published` tells the workers
 *                             how far the ring is filled)
 *
 * With one thread (-j 1, or a command whose work must run in order) the
 * ring has one slot and each item is read, examined and printed in the
 * main thread; no thread is started.  With -j N, N worker threads (each
 * with its own sk_solver) claim items with a compare-and-swap on
 * `claimed`, a few at a time when many are waiting, examine them and mark
 * each one done.  The main thread meanwhile reads puzzles into free slots
 * and prints finished items strictly in input order as soon as the head of
 * the ring is done, so that reading, searching and printing overlap.
 *
 * Waking is batched.  A worker that finds nothing to claim sleeps on a
 * condition variable; the main thread wakes the sleepers only when a batch
 * of items is waiting or when it stops reading for a while.  The main
 * thread sleeps when it cannot read (ring full, input exhausted) and the
 * item it waits for is not done; it waits for an item an eighth of the way
 * from the head to the tail, so that it wakes once per batch rather than
 * once per item (a few thousand puzzles read at once and then answered
 * took a wake-up each).  Only the worker that finishes exactly that item
 * signals.
 *
 * The ring has RING_PER_WORKER slots per worker (a power of two from
 * RING_MIN to RING_MAX): enough to keep every worker busy while the main
 * thread prints, few enough to stay in the cache (4096 slots, 3 MB, made
 * 17clue 8% slower with two workers than 512).
 *
 * Memory stays bounded whatever the input: at most `size` items are in
 * flight, and at most CELL_BUDGET cells of them (large grids), and a slot
 * whose buffers grew for a large grid gives them back once printed.
 *
 * Models are cached: a model is rebuilt only when a puzzle's geometry
 * (n, box, extras, regions, groups) differs from the previous puzzle's.  A
 * replaced model may still be in use by items in flight, so it is retired
 * with the number of the first item that does not use it, and freed once
 * every item before that one has been printed.
 *
 * Every puzzle read yields exactly one record, in input order: a puzzle
 * the reader rejects (SK_EPARSE), whose geometry does not make a model
 * (SK_EMODEL) or whose givens conflict becomes an INVALID item, reported
 * on stderr as FILE:LINE:COL: reason, and the batch goes on.
 *
 * When stderr is a terminal (and without --quiet) a progress line shows
 * the puzzles printed, the rate, and the time left when it can be
 * estimated: when every input is a regular file, the byte position of the
 * stream being read against the total size gives the share of the input
 * read so far; otherwise the elapsed time is shown.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define RING_PER_WORKER 256  /* slots per worker thread ... */
#define RING_MIN 512         /* ... at least ... */
#define RING_MAX 4096        /* ... and at most (powers of two) */
#define CELL_BUDGET (1L << 19) /* cells of the items in flight, at most */
#define SHRINK_CELLS 256     /* larger buffers are freed once printed */
#define READ_BATCH 256       /* items read before printing what is done */
#define WAKE_BATCH 32        /* waiting items that wake sleeping workers */
#define CLAIM_MAX 8          /* items a worker claims at once, at most */

typedef struct slot {
    cli_item it;
    atomic_int done;         /* set by the worker that examined it */
} slot;

typedef struct retired_model {
    sk_model *model;
    long until;              /* items from this one on do not use it */
} retired_model;

typedef struct run_state {
    cli_batch *b;
    slot *ring;
    long size;               /* slots in use: 1 with one thread */
    long allocated;          /* slots allocated */
    long head, tail;         /* main thread only (see above) */
    long cells;              /* cells of the items in [head, tail) */
    retired_model *retired;  /* oldest first */
    size_t nretired, cap_retired;
    cli_item key;            /* geometry of the cached model */
    int have_key;
    sk_model *model;         /* cached model, NULL when key did not build */
    unsigned long model_serial; /* counts the models built */
    sk_diag model_diag;      /* why key did not build */
    int model_status;
    cli_worker *workers;
    int nworkers;
    int threaded;            /* worker threads are running */

    /* shared with the workers */
    atomic_long published;   /* items [0, published) may be claimed */
    atomic_long claimed;
    atomic_int sleepers;     /* workers waiting on work_cv */
    atomic_long want;        /* item the main thread waits for, or -1 */
    atomic_int finished;     /* no item will be published any more */
    atomic_int abort_work;   /* output failed: skip the remaining items */
    pthread_mutex_t lock;
    pthread_cond_t work_cv;  /* workers wait for items */
    pthread_cond_t done_cv;  /* the main thread waits for item `want` */

    /* a run of puzzles with the same model error: the first is reported,
       the others counted (file, message, lines) */
    const char *same_file;
    char same_message[sizeof(((sk_diag *)0)->message)];
    long same_count, same_first, same_last;

    /* progress */
    double start, last_progress;
    int progress;            /* a progress line may be shown (stderr is a tty) */
    int progress_shown;
    double total_bytes;      /* size of every input, < 0 when unknown */
    double bytes_before;     /* sizes of the inputs already read */
    const double *cur_pos;   /* bytes read of the stream being read (NULL
                                between streams or when its size is unknown) */
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
    free(it->marks); /* the one block holding every per-cell array */
    free(it->groups);
    free(it->rules);
    free(it->rule_ints);
    free(it->payload);
    memset(it, 0, sizeof *it);
}

/* Makes room for nn cells; 0 or -1 when out of memory. */
static int item_reserve(cli_item *it, size_t nn)
{
    unsigned char *block;
    if (nn <= it->cap)
        return 0;
    block = malloc(nn * (sizeof(uint64_t) + 2 * sizeof(uint32_t) + 4));
    if (!block)
        return -1;
    free(it->marks);
    it->marks = (uint64_t *)(void *)block;
    it->cell_line = (uint32_t *)(it->marks + nn);
    it->cell_column = it->cell_line + nn;
    it->cells = (uint8_t *)(it->cell_column + nn);
    it->regions = it->cells + nn;
    it->solution = it->regions + nn;
    it->carried = it->solution + nn;
    it->cap = nn;
    return 0;
}

/* Copies the rules of g into it's own storage.  0 or -1. */
static int item_set_rules(cli_item *it, const sk_geometry *g)
{
    size_t ints = 0;
    it->geom.rules = NULL;
    if (g->nrules <= 0 || !g->rules) {
        it->geom.nrules = 0;
        return 0;
    }
    for (int k = 0; k < g->nrules; k++)
        ints += (size_t)(g->rules[k].ncells > 0 ? g->rules[k].ncells : 0) +
                (size_t)(g->rules[k].ndigits > 0 ? g->rules[k].ndigits : 0);
    if (it->rules_cap < (size_t)g->nrules) {
        sk_rule *p = realloc(it->rules, (size_t)g->nrules * sizeof *p);
        if (!p)
            return -1;
        it->rules = p;
        it->rules_cap = (size_t)g->nrules;
    }
    if (it->rule_ints_cap < ints) {
        int *p = realloc(it->rule_ints, ints * sizeof *p);
        if (!p)
            return -1;
        it->rule_ints = p;
        it->rule_ints_cap = ints;
    }
    int *q = it->rule_ints;
    for (int k = 0; k < g->nrules; k++) {
        sk_rule r = g->rules[k];
        if (r.ncells > 0 && r.cells) {
            memcpy(q, r.cells, (size_t)r.ncells * sizeof *q);
            r.cells = q;
            q += r.ncells;
        }
        if (r.ndigits > 0 && r.digits) {
            memcpy(q, r.digits, (size_t)r.ndigits * sizeof *q);
            r.digits = q;
            q += r.ndigits;
        }
        it->rules[k] = r;
    }
    it->geom.rules = it->rules;
    return 0;
}

static int rules_equal(const sk_geometry *a, const sk_geometry *b)
{
    if (a->nrules != b->nrules)
        return 0;
    for (int k = 0; k < a->nrules; k++) {
        const sk_rule *x = &a->rules[k], *y = &b->rules[k];
        if (x->kind != y->kind || x->value != y->value || x->ncells != y->ncells ||
            x->aux != y->aux || x->ndigits != y->ndigits ||
            (x->ncells > 0 && memcmp(x->cells, y->cells, (size_t)x->ncells * sizeof(int))) ||
            (x->ndigits > 0 && memcmp(x->digits, y->digits, (size_t)x->ndigits * sizeof(int))))
            return 0;
    }
    return 1;
}

/* Copies geometry g into it (regions, groups and rules into its own
 * storage). */
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
    return item_set_rules(it, g);
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
    return rules_equal(a, b);
}

/* Finds or builds the model of it's geometry.  0, or -1 on out of memory. */
static int item_model(run_state *rs, cli_item *it)
{
    if (!rs->have_key || !geometry_equal(&rs->key.geom, &it->geom)) {
        sk_model *m = NULL;
        if (rs->model) {
            if (rs->nretired == rs->cap_retired) {
                size_t cap = rs->cap_retired ? 2 * rs->cap_retired : 8;
                retired_model *p = realloc(rs->retired, cap * sizeof *p);
                if (!p)
                    return -1;
                rs->retired = p;
                rs->cap_retired = cap;
            }
            /* items before this one may still use the old model */
            rs->retired[rs->nretired].model = rs->model;
            rs->retired[rs->nretired].until = it->index;
            rs->nretired++;
            rs->model = NULL;
        }
        rs->have_key = 0;
        rs->model_serial++;
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
    it->model_serial = rs->model_serial;
    if (!rs->model) {
        /* where the model failed (a rule's line), else the puzzle's */
        if (rs->model_diag.line > 0)
            set_invalid(it, rs->model_diag.line, rs->model_diag.column, rs->model_diag.message);
        else
            set_invalid(it, it->line, 0, rs->model_diag.message);
        it->model_error = 1;
        /* the next puzzle builds again: its rules are on other lines */
        if (rs->model_diag.line > 0)
            rs->have_key = 0;
    }
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
    it->has_carried = p->solution != NULL;
    if (p->solution)
        memcpy(it->carried, p->solution, nn);
    it->has_marks = p->candidates != NULL;
    if (p->candidates)
        memcpy(it->marks, p->candidates, nn * sizeof(uint64_t));
    return 0;
}

/* Clears the per-puzzle fields of a reused item, keeping its buffers. */
static void item_reset(cli_item *it)
{
    it->line = 0;
    memset(&it->geom, 0, sizeof it->geom);
    it->model = NULL;
    it->model_serial = 0;
    it->format = SK_FORMAT_AUTO;
    it->alphabet = SK_ALPHABET_AUTO;
    it->status = CLI_ST_PENDING;
    memset(&it->diag, 0, sizeof it->diag);
    it->system_error = 0;
    it->model_error = 0;
    it->why_kind = 0;
    it->searched = 0;
    it->has_solution = 0;
    it->has_carried = 0;
    it->has_marks = 0;
    memset(&it->res, 0, sizeof it->res);
    it->usec = 0;
    free(it->payload);
    it->payload = NULL;
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
    o.candidates = cli_marks(it);
    /* the time is shown in JSON records only; two clock reads are a few
     * percent of an easy puzzle */
    t0 = a->json ? now() : 0.0;
    rc = sk_solver_run(w->solver, it->model, it->cells, &o, it->solution, &it->res);
    it->usec = a->json ? (uint64_t)((now() - t0) * 1e6) : 0;
    switch (rc) {
    case SK_OK:
        it->searched = 1;
        it->has_solution = it->res.solutions > 0;
        return 0;
    case SK_EUNSUPPORTED:
        cli_unsupported(it, a->engine);
        return -1;
    case SK_ENOMEM:
        it->system_error = 1;
        /* fall through */
    default:
        set_invalid(it, it->line, 0, sk_strerror(rc));
        return -1;
    }
}

void cli_unsupported(cli_item *it, int engine)
{
    char desc[100], msg[200];
    const sk_engine_info *e = sk_engine_info_at(engine);
    const char *name = e ? e->name : "auto";
    sk_model_describe(it->model, desc, sizeof desc);
    if (it->has_marks && sk_engine_accepts(engine, it->model))
        snprintf(msg, sizeof msg, "engine %s takes no pencil marks (%s): choose one that does "
                 "(see 'sudokit engines'), or no --engine", name, desc);
    else
        snprintf(msg, sizeof msg, "engine %s does not support this puzzle (%s)", name, desc);
    set_invalid(it, it->line, 0, msg);
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

int cli_reject_givens(cli_item *it)
{
    sk_conflict c;
    sk_violation v;
    if (sk_check(it->model, it->cells, &c, 1) > 0) {
        char msg[200];
        cli_conflict_message(it, &c, msg, sizeof msg);
        set_invalid(it, it->cell_line[c.cell2], it->cell_column[c.cell2], msg);
        return 1;
    }
    if (sk_check_rules(it->model, it->cells, &v, 1) > 0) {
        if (v.cell >= 0)
            set_invalid(it, it->cell_line[v.cell], it->cell_column[v.cell], v.message);
        else
            set_invalid(it, it->line, 0, v.message);
        return 1;
    }
    return 0;
}

/* Examines one item: rejects conflicting givens, then the command's work
 * (which checks them itself when check_givens is CLI_CHECK_LATER). */
static void process(cli_worker *w, cli_item *it)
{
    const cli_batch_ops *ops = w->batch->ops;
    if (it->status != CLI_ST_PENDING)
        return;
    if (ops->check_givens == CLI_CHECK_FIRST && cli_reject_givens(it))
        return;
    if (ops->work)
        ops->work(w, it);
}

/* ------------------------------------------------------------------ */
/* Workers                                                             */
/* ------------------------------------------------------------------ */

typedef struct worker_arg {
    run_state *rs;
    cli_worker *w;
} worker_arg;

static cli_item *slot_item(run_state *rs, long k)
{
    return &rs->ring[k & (rs->size - 1)].it;
}

static atomic_int *slot_done(run_state *rs, long k)
{
    return &rs->ring[k & (rs->size - 1)].done;
}

/* Marks item k done and wakes the main thread when it waits for k. */
static void finish_item(run_state *rs, long k)
{
    atomic_store(slot_done(rs, k), 1);
    if (atomic_load(&rs->want) == k) {
        pthread_mutex_lock(&rs->lock);
        pthread_cond_signal(&rs->done_cv);
        pthread_mutex_unlock(&rs->lock);
    }
}

static void *thread_main(void *arg)
{
    worker_arg *wa = arg;
    run_state *rs = wa->rs;
    long width = 2L * rs->nworkers;
    for (;;) {
        long c = atomic_load(&rs->claimed);
        long p = atomic_load(&rs->published);
        if (c < p) {
            /* a few items at once when many wait: less contention */
            long k = (p - c) / width, i;
            if (k < 1)
                k = 1;
            else if (k > CLAIM_MAX)
                k = CLAIM_MAX;
            if (!atomic_compare_exchange_weak(&rs->claimed, &c, c + k))
                continue;
            for (i = c; i < c + k; i++) {
                if (!atomic_load_explicit(&rs->abort_work, memory_order_relaxed))
                    process(wa->w, slot_item(rs, i));
                finish_item(rs, i);
            }
            continue;
        }
        if (atomic_load(&rs->finished))
            break;
        pthread_mutex_lock(&rs->lock);
        atomic_fetch_add(&rs->sleepers, 1);
        if (atomic_load(&rs->claimed) >= atomic_load(&rs->published) &&
            !atomic_load(&rs->finished))
            pthread_cond_wait(&rs->work_cv, &rs->lock);
        atomic_fetch_sub(&rs->sleepers, 1);
        pthread_mutex_unlock(&rs->lock);
    }
    return NULL;
}

/* Wakes the sleeping workers when items wait for them (any number when
 * all is set, else at least a batch). */
static void wake_workers(run_state *rs, int all)
{
    long waiting;
    if (!rs->threaded || atomic_load(&rs->sleepers) == 0)
        return;
    waiting = rs->tail - atomic_load(&rs->claimed);
    if (waiting <= 0 || (!all && waiting < WAKE_BATCH))
        return;
    pthread_mutex_lock(&rs->lock);
    pthread_cond_broadcast(&rs->work_cv);
    pthread_mutex_unlock(&rs->lock);
}

/* Starts the worker threads; 0 started means the single-thread path. */
static int start_workers(run_state *rs, pthread_t *tid, worker_arg *wa)
{
    pthread_condattr_t ca;
    int t, started = 0;
    if (pthread_mutex_init(&rs->lock, NULL) != 0)
        return 0;
    if (pthread_condattr_init(&ca) != 0) {
        pthread_mutex_destroy(&rs->lock);
        return 0;
    }
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    if (pthread_cond_init(&rs->work_cv, NULL) != 0) {
        pthread_condattr_destroy(&ca);
        pthread_mutex_destroy(&rs->lock);
        return 0;
    }
    if (pthread_cond_init(&rs->done_cv, &ca) != 0) {
        pthread_condattr_destroy(&ca);
        pthread_cond_destroy(&rs->work_cv);
        pthread_mutex_destroy(&rs->lock);
        return 0;
    }
    pthread_condattr_destroy(&ca);
    atomic_store(&rs->want, -1L);
    for (t = 0; t < rs->nworkers; t++) {
        wa[t].rs = rs;
        wa[t].w = &rs->workers[t];
        if (pthread_create(&tid[t], NULL, thread_main, &wa[t]) != 0)
            break;
        started = t + 1;
    }
    if (!started) {
        pthread_cond_destroy(&rs->done_cv);
        pthread_cond_destroy(&rs->work_cv);
        pthread_mutex_destroy(&rs->lock);
    }
    return started;
}

static void stop_workers(run_state *rs, pthread_t *tid, int started)
{
    int t;
    atomic_store(&rs->finished, 1);
    pthread_mutex_lock(&rs->lock);
    pthread_cond_broadcast(&rs->work_cv);
    pthread_mutex_unlock(&rs->lock);
    for (t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    pthread_cond_destroy(&rs->done_cv);
    pthread_cond_destroy(&rs->work_cv);
    pthread_mutex_destroy(&rs->lock);
}

/* ------------------------------------------------------------------ */
/* Printing                                                            */
/* ------------------------------------------------------------------ */

/* h:mm:ss or m:ss */
static void format_duration(double secs, char *buf, size_t size)
{
    long s = secs > 0 ? (long)(secs + 0.5) : 0;
    if (s >= 3600)
        snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
}

static void progress(run_state *rs, int done)
{
    double t, elapsed, rate, pos;
    long printed = rs->b->puzzles;
    char when[48];
    if (!rs->progress)
        return;
    if (done) {
        if (rs->progress_shown)
            fputs("\r\033[K", stderr);
        rs->progress_shown = 0;
        return;
    }
    t = now();
    if (t - rs->start < 1.0 || t - rs->last_progress < 0.5)
        return;
    rs->last_progress = t;
    rs->progress_shown = 1;
    elapsed = t - rs->start;
    rate = (double)printed / elapsed;
    pos = rs->bytes_before;
    if (rs->cur_pos)
        pos += *rs->cur_pos;
    if (rs->total_bytes > 0 && pos > 0 && rate > 0 && rs->tail > 0) {
        /* puzzles read so far over the share of the input read so far */
        double share = pos / rs->total_bytes, total, left;
        if (share > 1)
            share = 1;
        total = (double)rs->tail / share;
        left = (total - (double)printed) / rate;
        format_duration(left, when, sizeof when);
        fprintf(stderr, "\r\033[Ksudokit: %ld puzzles, %.0f/s, %.0f%% read, about %s left",
                printed, rate, share * 100, when);
    } else {
        format_duration(elapsed, when, sizeof when);
        fprintf(stderr, "\r\033[Ksudokit: %ld puzzles, %.0f/s, %s elapsed", printed, rate, when);
    }
}

/* Ends a run of puzzles that had the error of the puzzle before them:
 * one line for all of them. */
static void end_same(run_state *rs)
{
    if (rs->same_count > 0 && !rs->b->args->quiet) {
        char msg[sizeof rs->same_message + 100];
        if (rs->progress_shown) {
            fputs("\r\033[K", stderr);
            rs->progress_shown = 0;
        }
        char lines[64];
        if (rs->same_first == rs->same_last)
            snprintf(lines, sizeof lines, "line %ld", rs->same_first);
        else
            snprintf(lines, sizeof lines, "lines %ld-%ld", rs->same_first, rs->same_last);
        snprintf(msg, sizeof msg, "the same for %ld more puzzle%s (%s)", rs->same_count,
                 rs->same_count == 1 ? "" : "s", lines);
        cli_diag_print(rs->same_file, 0, 0, msg);
    }
    rs->same_count = 0;
    rs->same_file = NULL;
}

/* 1 when it's error repeats the one just reported (a whole file whose
 * geometry makes no model): counted, not printed. */
static int same_error(run_state *rs, const cli_item *it)
{
    if (it->status != CLI_ST_INVALID || !it->model_error) {
        end_same(rs);
        return 0;
    }
    if (rs->same_file && it->file == rs->same_file &&
        strcmp(it->diag.message, rs->same_message) == 0) {
        if (rs->same_count++ == 0)
            rs->same_first = it->diag.line;
        rs->same_last = it->diag.line;
        return 1;
    }
    end_same(rs);
    rs->same_file = it->file;
    snprintf(rs->same_message, sizeof rs->same_message, "%s", it->diag.message);
    return 0;
}

static void emit(run_state *rs, cli_item *it)
{
    cli_batch *b = rs->b;
    int repeated = same_error(rs, it);
    if (it->warning[0] && !b->args->quiet) {
        if (rs->progress_shown) {
            fputs("\r\033[K", stderr);
            rs->progress_shown = 0;
        }
        char msg[220];
        snprintf(msg, sizeof msg, "warning: %s", it->warning);
        cli_diag_print(it->file, it->line, 0, msg);
    }
    if (it->status == CLI_ST_INVALID) {
        if (!b->args->quiet && !repeated) {
            if (rs->progress_shown) {
                fputs("\r\033[K", stderr);
                rs->progress_shown = 0;
            }
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

/* Gives back the buffers of a printed item that held a large grid. */
static void item_shrink(cli_item *it)
{
    if (it->cap > SHRINK_CELLS) {
        free(it->marks);
        it->marks = NULL;
        it->cell_line = it->cell_column = NULL;
        it->cells = it->regions = it->solution = it->carried = NULL;
        it->cap = 0;
    }
    if (it->groups_cap > 4 * SHRINK_CELLS) {
        free(it->groups);
        it->groups = NULL;
        it->groups_cap = 0;
    }
    if (it->rule_ints_cap > 4 * SHRINK_CELLS || it->rules_cap > SHRINK_CELLS) {
        free(it->rules);
        free(it->rule_ints);
        it->rules = NULL;
        it->rule_ints = NULL;
        it->rules_cap = it->rule_ints_cap = 0;
    }
}

/* Prints the done items at the head of the ring, in order, and frees the
 * retired models no item in flight uses any more. */
static void emit_ready(run_state *rs)
{
    size_t i, j;
    long before = rs->head;
    while (rs->head < rs->tail && atomic_load_explicit(slot_done(rs, rs->head), memory_order_acquire)) {
        cli_item *it = slot_item(rs, rs->head);
        if (!rs->b->stop)
            emit(rs, it);
        if (rs->b->stop && rs->threaded)
            atomic_store_explicit(&rs->abort_work, 1, memory_order_relaxed);
        rs->cells -= (long)it->geom.n * it->geom.n;
        if (rs->size > 1)
            item_shrink(it);
        rs->head++;
    }
    for (i = 0; i < rs->nretired && rs->retired[i].until <= rs->head; i++)
        sk_model_free(rs->retired[i].model);
    if (i > 0) {
        for (j = i; j < rs->nretired; j++)
            rs->retired[j - i] = rs->retired[j];
        rs->nretired -= i;
    }
    if (rs->head != before)
        progress(rs, 0);
}

/* Sleeps until item k is done (or, with a progress line, at most half a
 * second). */
static void wait_item(run_state *rs, long k)
{
    pthread_mutex_lock(&rs->lock);
    atomic_store(&rs->want, k);
    if (!atomic_load(slot_done(rs, k))) {
        if (rs->progress) {
            struct timespec ts;
            clock_gettime(CLOCK_MONOTONIC, &ts);
            ts.tv_nsec += 500000000L;
            if (ts.tv_nsec >= 1000000000L) {
                ts.tv_sec++;
                ts.tv_nsec -= 1000000000L;
            }
            pthread_cond_timedwait(&rs->done_cv, &rs->lock, &ts);
        } else {
            while (!atomic_load(slot_done(rs, k)))
                pthread_cond_wait(&rs->done_cv, &rs->lock);
        }
    }
    atomic_store(&rs->want, -1L);
    pthread_mutex_unlock(&rs->lock);
}

static int ring_full(const run_state *rs)
{
    return rs->tail - rs->head >= rs->size || (rs->tail > rs->head && rs->cells >= CELL_BUDGET);
}

/* Waits for the workers when the main thread can do nothing else (the
 * ring is full, or the input is read to its end or pauses): for the item
 * an eighth of the way from the head to the tail, or the head's when that
 * one is done already. */
static void wait_workers(run_state *rs)
{
    long k = rs->head, far;
    if (!rs->threaded || rs->head >= rs->tail)
        return;
    /* an item an eighth of the way to the tail: one wake-up for a batch
       of items, not one per item (the head's item is usually done by then
       too) */
    far = rs->head + (rs->tail - rs->head) / 8;
    if (far > rs->head && !atomic_load(slot_done(rs, far)))
        k = far;
    if (!atomic_load(slot_done(rs, k))) {
        wake_workers(rs, 1);
        wait_item(rs, k);
        progress(rs, 0);
    }
}

/* Prints every item in flight (and ends a run of repeated errors, so
 * that what is printed next comes after it). */
static void drain(run_state *rs)
{
    for (;;) {
        emit_ready(rs);
        if (rs->head >= rs->tail)
            break;
        wait_workers(rs);
    }
    end_same(rs);
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */
/* ------------------------------------------------------------------ */

/* Reads the next puzzle into the slot at the tail and publishes it.
 * SK_OK (a record was added, valid or not), SK_DONE, or a fatal reader
 * error with errno kept in *err. */
static int read_one(run_state *rs, sk_reader *r, const char *name, int *err)
{
    cli_item *it = slot_item(rs, rs->tail);
    sk_puzzle p;
    sk_diag diag;
    int rc;
    item_reset(it);
    memset(&p, 0, sizeof p);
    memset(&diag, 0, sizeof diag);
    errno = 0;
    rc = sk_reader_next(r, &p, &diag);
    *err = errno;
    if (rc == SK_DONE)
        return rc;
    if (rc != SK_OK && rc != SK_EPARSE)
        return rc;
    it->index = rs->tail;
    it->file = name;
    it->line = p.line;
    it->warning[0] = '\0';
    if (rc == SK_OK && p.warning)
        snprintf(it->warning, sizeof it->warning, "%s", p.warning);
    if (rc == SK_EPARSE) {
        set_invalid(it, diag.line, diag.column,
                    diag.message[0] ? diag.message : sk_strerror(rc));
    } else if (item_fill(it, &p) || (it->status == CLI_ST_PENDING && item_model(rs, it))) {
        set_invalid(it, p.line, 0, sk_strerror(SK_ENOMEM));
        it->system_error = 1;
        it->model = NULL;
    }
    rs->cells += (long)it->geom.n * it->geom.n;
    /* a slot's flag is initialised when the slot is first used: the ring's
       pages are touched only as far as the input goes */
    if (rs->tail < rs->size)
        atomic_init(slot_done(rs, rs->tail), 0);
    else
        atomic_store_explicit(slot_done(rs, rs->tail), 0, memory_order_relaxed);
    rs->tail++;
    if (rs->threaded) {
        atomic_store(&rs->published, rs->tail);
        wake_workers(rs, 0);
    } else {
        process(&rs->workers[0], it);
        atomic_store_explicit(slot_done(rs, rs->tail - 1), 1, memory_order_relaxed);
    }
    return SK_OK;
}

/* Input read straight from a descriptor (sk_reader_open_fn), so that a
 * terminal or a pipe is answered a puzzle at a time rather than a buffer
 * at a time. */
typedef struct fd_source {
    run_state *rs;
    int fd;
    int waits;   /* not a regular file: bytes come when someone writes them */
    int bulk;    /* a read has brought BULK_READ bytes or more */
    double pos;  /* bytes read so far */
} fd_source;

/* How long input that comes a piece at a time may pause inside one puzzle
 * (between a grid and its rule lines, say) before the puzzle is taken as
 * complete: a person or a program writing a puzzle at a time; and a
 * stream that came in large reads (a file through a pipe), whose writer
 * may just have been slow to get the processor back. */
#define PAUSE_MS 30
#define BULK_PAUSE_MS 1000
#define BULK_READ 4096

static long fd_read(void *user, char *buf, size_t size, int now)
{
    fd_source *src = user;
    if (src->waits) {
        struct pollfd pf;
        int ready;
        pf.fd = src->fd;
        pf.events = POLLIN;
        pf.revents = 0;
        do
            ready = poll(&pf, 1, now ? (src->bulk ? BULK_PAUSE_MS : PAUSE_MS) : 0);
        while (ready < 0 && errno == EINTR);
        if (ready == 0) {
            if (now)
                return SK_READ_LATER;
            /* about to wait for the person or program at the other end:
               everything read so far is answered first */
            drain(src->rs);
            if (fflush(stdout) != 0)
                cli_stdout_note_error(errno);
        }
    }
    for (;;) {
        ssize_t got = read(src->fd, buf, size);
        if (got >= 0) {
            src->pos += (double)got;
            src->bulk |= got >= BULK_READ;
            return (long)got;
        }
        if (errno != EINTR)
            return -1;
    }
}

/* Reads every puzzle of one descriptor, printing finished items as it
 * goes. */
static void read_stream(run_state *rs, int fd, const char *name, const sk_read_opts *ro)
{
    cli_batch *b = rs->b;
    sk_reader *r = NULL;
    struct stat st;
    fd_source src;
    int rc, err = 0;
    memset(&src, 0, sizeof src);
    src.rs = rs;
    src.fd = fd;
    src.waits = !(fstat(fd, &st) == 0 && S_ISREG(st.st_mode));
    rc = sk_reader_open_fn(fd_read, &src, ro, &r);
    if (rc != SK_OK) {
        drain(rs);
        cli_error("%s: %s", name, sk_strerror(rc));
        cli_batch_exit(b, rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT);
        return;
    }
    if (rs->progress && rs->total_bytes > 0 && !src.waits)
        rs->cur_pos = &src.pos;
    rc = SK_OK;
    while (!b->stop && rc == SK_OK) {
        int n;
        emit_ready(rs);
        if (b->stop)
            break;
        if (ring_full(rs)) {
            wait_workers(rs);
            continue;
        }
        for (n = 0; n < READ_BATCH && !ring_full(rs) && !b->stop; n++) {
            rc = read_one(rs, r, name, &err);
            if (rc != SK_OK)
                break;
            if (!rs->threaded)
                emit_ready(rs);
        }
        wake_workers(rs, 1);
    }
    rs->cur_pos = NULL;
    if (!src.waits)
        rs->bytes_before += src.pos;
    if (rc != SK_OK && rc != SK_DONE && !b->stop) {
        drain(rs); /* keep messages in input order */
        if (rc == SK_EIO && err)
            cli_error("%s: %s", name, strerror(err));
        else
            cli_error("%s: %s", name, sk_strerror(rc));
        cli_batch_exit(b, rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT);
    }
    sk_reader_free(r);
}

/* 1 when stdout is the terminal stderr is: a progress line there would
 * run into the results, so none is shown. */
static int same_terminal(void)
{
    struct stat so, se;
    if (!isatty(STDOUT_FILENO))
        return 0;
    if (fstat(STDOUT_FILENO, &so) != 0 || fstat(STDERR_FILENO, &se) != 0)
        return 1;
    return so.st_rdev == se.st_rdev;
}

/* Size in bytes of every operand when all are regular files, else -1. */
static double input_size(char **files, int nfiles)
{
    double total = 0;
    int i, stdin_seen = 0;
    for (i = 0; i < nfiles; i++) {
        struct stat st;
        int ok;
        if (strcmp(files[i], "-") == 0) {
            if (stdin_seen++)
                continue;
            ok = fstat(STDIN_FILENO, &st) == 0;
            if (ok && S_ISREG(st.st_mode)) {
                off_t at = lseek(STDIN_FILENO, 0, SEEK_CUR);
                total += (double)st.st_size - (at > 0 ? (double)at : 0);
                continue;
            }
        } else {
            ok = stat(files[i], &st) == 0;
            if (ok && S_ISREG(st.st_mode)) {
                total += (double)st.st_size;
                continue;
            }
            if (!ok)
                continue; /* reported when opened; reads nothing */
        }
        return -1;
    }
    return total;
}

static void print_stats(run_state *rs)
{
    cli_batch *b = rs->b;
    double secs = now() - rs->start;
    int s, first = 1;
    fprintf(stderr, "sudokit: stats: %ld puzzle%s", b->puzzles, b->puzzles == 1 ? "" : "s");
    for (s = CLI_ST_UNIQUE; s < CLI_ST_COUNT_; s++) {
        if (!b->by_status[s])
            continue;
        fprintf(stderr, "%s%s %ld", first ? " (" : ", ", cli_status_name((cli_status)s),
                b->by_status[s]);
        first = 0;
    }
    fprintf(stderr, "%s, %.3f s, %.1f puzzles/s, %.2f guesses/puzzle\n", first ? "" : ")", secs,
            secs > 0 ? (double)b->puzzles / secs : 0.0,
            b->searched ? (double)b->guesses / (double)b->searched : 0.0);
}

int cli_batch_run(const cli_args *a, char **files, int nfiles, const sk_read_opts *ro,
                  const cli_batch_ops *ops, void *ctx)
{
    static char *stdin_only[] = {"-"};
    cli_batch b;
    run_state rs;
    pthread_t *tid = NULL;
    worker_arg *wa = NULL;
    int i, started = 0;
    long k;
    memset(&b, 0, sizeof b);
    memset(&rs, 0, sizeof rs);
    b.args = a;
    b.ops = ops;
    b.ctx = ctx;
    rs.b = &b;
    if (nfiles == 0) {
        files = stdin_only;
        nfiles = 1;
    }
    rs.nworkers = ops->parallel && a->threads > 1 ? a->threads : 1;
    rs.size = 1;
    if (rs.nworkers > 1) {
        rs.size = RING_MIN;
        while (rs.size < RING_MAX && rs.size < (long)rs.nworkers * RING_PER_WORKER)
            rs.size *= 2;
    }
    rs.allocated = rs.size;
    rs.ring = calloc((size_t)rs.size, sizeof *rs.ring);
    rs.workers = calloc((size_t)rs.nworkers, sizeof *rs.workers);
    if (rs.nworkers > 1) {
        tid = calloc((size_t)rs.nworkers, sizeof *tid);
        wa = calloc((size_t)rs.nworkers, sizeof *wa);
    }
    if (!rs.ring || !rs.workers || (rs.nworkers > 1 && (!tid || !wa))) {
        free(rs.ring);
        free(rs.workers);
        free(tid);
        free(wa);
        cli_error("error: %s", sk_strerror(SK_ENOMEM));
        return CLI_EXIT_SYSTEM;
    }
    for (i = 0; i < rs.nworkers; i++)
        rs.workers[i].batch = &b;
    atomic_init(&rs.published, 0);
    atomic_init(&rs.claimed, 0);
    atomic_init(&rs.sleepers, 0);
    atomic_init(&rs.want, -1L);
    atomic_init(&rs.finished, 0);
    atomic_init(&rs.abort_work, 0);
    rs.start = rs.last_progress = now();
    rs.progress = !a->quiet && isatty(STDERR_FILENO) && !same_terminal();
    rs.total_bytes = rs.progress ? input_size(files, nfiles) : -1;
    if (rs.nworkers > 1) {
        started = start_workers(&rs, tid, wa);
        if (started) {
            rs.threaded = 1;
        } else {
            /* no thread could start: the single-thread path, in a ring
             * of one slot */
            rs.size = 1;
        }
    }

    for (i = 0; i < nfiles && !b.stop; i++) {
        const char *name = files[i];
        int fd;
        if (strcmp(name, "-") == 0) {
            read_stream(&rs, STDIN_FILENO, "<stdin>", ro);
            continue;
        }
        fd = open(name, O_RDONLY);
        if (fd < 0) {
            int err = errno;
            drain(&rs); /* keep messages in input order */
            cli_error("%s: %s", name, strerror(err));
            cli_batch_exit(&b, CLI_EXIT_INPUT);
            continue;
        }
        read_stream(&rs, fd, name, ro);
        close(fd);
    }
    drain(&rs);
    if (rs.threaded)
        stop_workers(&rs, tid, started);
    progress(&rs, 1);
    if (a->stats)
        print_stats(&rs);

    for (i = 0; i < rs.nworkers; i++) {
        sk_solver_free(rs.workers[i].solver);
        sk_logic_free(rs.workers[i].logic);
    }
    /* the slots ever used (the others are still zero) */
    for (k = 0; k < rs.allocated && k < (rs.tail > 1 ? rs.tail : 1); k++)
        item_free(&rs.ring[k].it);
    item_free(&rs.key);
    for (i = 0; i < (int)rs.nretired; i++)
        sk_model_free(rs.retired[i].model);
    sk_model_free(rs.model);
    free(rs.retired);
    free(rs.ring);
    free(rs.workers);
    free(tid);
    free(wa);
    cli_buf_free(&b.text);
    return b.exit_code;
}

int cli_batch_main(const cli_command *cmd, int argc, char **argv, const cli_batch_ops *ops,
                   void *ctx)
{
    cli_args a;
    sk_read_opts ro;
    int rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    cli_read_opts(&a, &ro);
    return cli_batch_run(&a, a.operands, a.noperands, &ro, ops, ctx);
}
