/*
 * cmd_generate.c - `sudokit generate`: makes puzzles with exactly one
 * solution, to a shape (symmetry, givens, pattern, minimality) and a
 * difficulty (SE rating, a technique the path must use, no guessing).
 *
 * Puzzle K of a run is made by sk_generate from seed S+K alone, so the
 * puzzles do not depend on -j: worker threads each take the next K, and
 * the main thread prints the puzzles in order from a ring of slots (a
 * worker waits while its K is a ring's length ahead of the printing).
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* One puzzle being made or made. */
typedef struct gen_slot {
    long index;         /* which puzzle the slot holds, -1 = free */
    int done;
    int rc;             /* sk_generate's status */
    uint8_t *puzzle, *solution;
    uint8_t *regions;   /* --jigsaw: the puzzle's own layout */
    sk_rule *rules;     /* --killer: the layout's rules, then the cages */
    int *rule_cells;    /* the cages' cells */
    int nrules;
    int added;          /* --add: rules added */
    sk_generate_result res;
    int rating_rc;      /* SK_OK when rating holds the rating */
    sk_rating rating;
    uint64_t usec;
} gen_slot;

typedef struct gen_run {
    const cli_args *a;
    const sk_model *m;
    const sk_geometry *geom;
    sk_generate_opts opts;
    uint64_t seed;
    int nc;
    int rate_json;      /* rate every puzzle for its JSON record */
    int jigsaw;         /* each puzzle on a random layout of its own */
    int killer;         /* each puzzle with random cages of its own */
    int no_givens;      /* --givens 0 (killer): cages alone must do */
    int nadd;           /* --add: the kinds of rules to add */
    const int *add;
    const uint8_t *givens; /* --add: the puzzle's givens */
    int rules_cap, ints_cap; /* room in each slot's rules and rule_cells */
    long count;
    long next;          /* next puzzle to start */
    long printed;       /* puzzles printed */
    int nslots;
    gen_slot *slots;
    int stop;           /* an error: workers stop taking puzzles */
    pthread_mutex_t lock;
    pthread_cond_t cond;
} gen_run;

static uint64_t now_usec(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000u + (uint64_t)t.tv_nsec / 1000u;
}

/* Rates the puzzle of s on model m for its JSON record. */
static void rate_slot(gen_run *run, const sk_model *m, sk_logic **l, gen_slot *s)
{
    if (s->rc == SK_OK && s->res.rated) {
        s->rating = s->res.rating;
        s->rating_rc = SK_OK;
    } else if (s->rc == SK_OK && run->rate_json) {
        if (!*l)
            s->rating_rc = sk_logic_new(m, l);
        if (*l) {
            sk_logic_set_limit(*l, 0);
            sk_logic_set_timeout(*l, run->a->timeout > 0 ? run->a->timeout : 10.0);
            s->rating_rc = sk_rate(*l, s->puzzle, &s->rating);
        }
    }
}

/* --jigsaw: puzzle k on a random layout of its own, drawn from its seed;
 * a layout with no solution grid (rare) gives way to the next draw. */
static void make_jigsaw(gen_run *run, gen_slot *s, const sk_generate_opts *o)
{
    for (uint64_t draw = 0;; draw++) {
        sk_geometry g = *run->geom;
        sk_model *m = NULL;
        sk_generator *gen = NULL;
        sk_logic *l = NULL;
        s->rc = sk_random_regions(g.n, o->seed * 1000003u + draw, s->regions);
        g.regions = s->regions;
        if (s->rc == SK_OK)
            s->rc = sk_model_new(&g, &m, NULL);
        if (s->rc == SK_OK)
            s->rc = sk_generator_new(m, &gen);
        if (s->rc == SK_OK)
            s->rc = sk_generate(gen, o, s->puzzle, s->solution, &s->res);
        if (s->rc == SK_OK)
            rate_slot(run, m, &l, s);
        sk_logic_free(l);
        sk_generator_free(gen);
        sk_model_free(m);
        if (s->rc != SK_ERANGE || draw >= 100)
            return;
    }
}

/* --killer: puzzle k with cages of its own: a random solution grid of the
 * layout, cut into cages (sk_random_cages), then givens taken away while
 * the cages and the givens left keep the solution unique.  Under --givens
 * 0 the cages alone must: cuts are drawn until one does. */
static void make_killer(gen_run *run, sk_generator *g0, gen_slot *s, const sk_generate_opts *o)
{
    const sk_geometry *base = run->geom;
    int n = base->n, maxs = n <= 4 ? 3 : n <= 6 ? 4 : 5;
    sk_generate_opts ko = *o;
    ko.minimal = 0; /* one pass is minimal: no symmetry with cages */
    uint64_t t0 = now_usec();
    for (uint64_t draw = 0;; draw++) {
        uint64_t seed = o->seed * 1000003u + draw;
        sk_model *m = NULL;
        sk_generator *gen = NULL;
        int nk = 0;
        s->rc = sk_random_solution(g0, NULL, seed, s->solution);
        for (int i = 0; i < base->nrules; i++)
            s->rules[i] = base->rules[i];
        if (s->rc == SK_OK)
            s->rc = sk_random_cages(n, s->solution, seed, 2, maxs, s->rules + base->nrules,
                                    s->rule_cells, &nk);
        s->nrules = base->nrules + nk;
        sk_geometry gk = *base;
        gk.nrules = s->nrules;
        gk.rules = s->rules;
        if (s->rc == SK_OK)
            s->rc = sk_model_new(&gk, &m, NULL);
        if (s->rc == SK_OK)
            s->rc = sk_generator_new(m, &gen);
        if (s->rc == SK_OK) {
            ko.seed = seed;
            if (o->timeout > 0) {
                ko.timeout = o->timeout - (double)(now_usec() - t0) / 1e6;
                if (ko.timeout <= 0)
                    s->rc = SK_ETIME;
            }
        }
        if (s->rc == SK_OK)
            s->rc = sk_generate(gen, &ko, s->puzzle, s->solution, &s->res);
        sk_generator_free(gen);
        sk_model_free(m);
        if (s->rc == SK_OK && run->no_givens && s->res.givens > 0)
            s->rc = SK_ERANGE; /* the cages alone do not: another cut */
        if (s->rc != SK_ERANGE || (o->timeout <= 0 && draw >= 100000))
            return;
        if (o->timeout > 0 && (double)(now_usec() - t0) / 1e6 >= o->timeout) {
            s->rc = SK_ETIME;
            return;
        }
    }
}

/* --add: rules of the kinds asked added to the puzzle until it is unique. */
static void make_added(gen_run *run, gen_slot *s, const sk_generate_opts *o)
{
    const sk_geometry *base = run->geom;
    int nk = 0, nc = run->nc;
    for (int i = 0; i < base->nrules; i++)
        s->rules[i] = base->rules[i];
    memcpy(s->puzzle, run->givens, (size_t)nc);
    memset(&s->res, 0, sizeof s->res);
    s->rc = sk_add_rules(base, run->givens, run->add, run->nadd, o->seed, o->timeout,
                         s->rules + base->nrules, run->rules_cap - base->nrules, s->rule_cells,
                         run->ints_cap, &nk, s->solution, NULL);
    s->nrules = base->nrules + nk;
    s->res.tries = 1;
    s->added = nk;
    for (int c = 0; c < nc; c++)
        s->res.givens += run->givens[c] != 0;
}

/* Makes puzzle k into slot s with generator g (and l for the rating). */
static void make_one(gen_run *run, sk_generator *g, sk_logic **l, gen_slot *s, long k)
{
    sk_generate_opts o = run->opts;
    uint64_t t0 = now_usec();
    o.seed = run->seed + (uint64_t)k;
    s->rating_rc = SK_EINVAL; /* no rating unless rate_slot gives one */
    if (run->jigsaw) {
        make_jigsaw(run, s, &o);
    } else if (run->killer) {
        make_killer(run, g, s, &o);
    } else if (run->nadd) {
        make_added(run, s, &o);
    } else {
        s->rc = sk_generate(g, &o, s->puzzle, s->solution, &s->res);
        rate_slot(run, run->m, l, s);
    }
    s->usec = now_usec() - t0;
}

static void *worker(void *arg)
{
    gen_run *run = arg;
    sk_generator *g = NULL;
    sk_logic *l = NULL;
    int rc = sk_generator_new(run->m, &g);
    pthread_mutex_lock(&run->lock);
    if (rc != SK_OK)
        run->stop = 1;
    for (;;) {
        while (!run->stop && run->next < run->count &&
               run->next >= run->printed + run->nslots)
            pthread_cond_wait(&run->cond, &run->lock);
        if (run->stop || run->next >= run->count)
            break;
        long k = run->next++;
        gen_slot *s = &run->slots[k % run->nslots];
        pthread_mutex_unlock(&run->lock);
        make_one(run, g, &l, s, k);
        pthread_mutex_lock(&run->lock);
        s->done = 1;
        pthread_cond_broadcast(&run->cond);
    }
    pthread_cond_broadcast(&run->cond);
    pthread_mutex_unlock(&run->lock);
    sk_generator_free(g);
    sk_logic_free(l);
    return NULL;
}

/* Prints puzzle k; returns the exit code it calls for. */
static int emit(gen_run *run, gen_slot *s, long k, cli_buf *text, int *started)
{
    const cli_args *a = run->a;
    sk_geometry geom = *run->geom;
    if (run->jigsaw)
        geom.regions = s->regions;
    if (run->killer || run->nadd) {
        geom.nrules = s->nrules;
        geom.rules = s->rules;
    }
    uint64_t seed = run->seed + (uint64_t)k;
    sk_alphabet alpha = a->alphabet;
    if (s->rc != SK_OK) {
        if (a->json) {
            printf("{\"index\":%ld,\"status\":\"%s\",\"seed\":%" PRIu64 ",\"tries\":%" PRIu64
                   ",\"searches\":%" PRIu64 ",\"time_us\":%" PRIu64 ",\"error\":",
                   k, s->rc == SK_ETIME ? "timeout" : "invalid", seed, s->res.tries,
                   s->res.searches, s->usec);
            cli_json_string(stdout, sk_strerror(s->rc));
            fputs("}\n", stdout);
        }
        if (!a->quiet || !a->json)
            cli_error("puzzle %ld (seed %" PRIu64 "): %s", k, seed,
                      s->rc == SK_ETIME && run->nadd && a->timeout <= 0
                          ? "counting the solutions ran past two million search nodes: weak "
                            "rules alone (little killers) can make that hard; add givens or "
                            "other kinds"
                      : s->rc == SK_ETIME  ? "no puzzle met the options within --timeout"
                      : s->rc == SK_ERANGE && run->nadd
                          ? "the puzzle has no solution, or no rule of the kinds asked tells "
                            "two of its solutions apart"
                      : s->rc == SK_ERANGE ? "no grid obeys the layout's regions and rules"
                                           : sk_strerror(s->rc));
        return s->rc == SK_ETIME || (s->rc == SK_ERANGE && run->nadd) ? CLI_EXIT_UNSOLVED
                                 : s->rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
    }
    if (a->json) {
        cli_out o = {stdout, NULL, 0, 0, 0};
        printf("{\"index\":%ld,\"status\":\"unique\",\"seed\":%" PRIu64 ",\"givens\":%d", k, seed,
               s->res.givens);
        fputs(",\"puzzle\":", stdout);
        cli_json_grid(stdout, geom.n, alpha, s->puzzle);
        fputs(",\"solution\":", stdout);
        cli_json_grid(stdout, geom.n, alpha, s->solution);
        if (run->jigsaw) {
            fputs(",\"regions\":", stdout);
            for (int i = 0; i < run->nc; i++)
                s->puzzle[i] = (uint8_t)(s->regions[i] + 1); /* printed, no longer needed */
            cli_json_grid(stdout, geom.n, alpha, s->puzzle);
        }
        if (run->opts.symmetry != SK_SYMMETRY_NONE)
            printf(",\"symmetry\":\"%s\"", sk_symmetry_keyword(run->opts.symmetry));
        char *r = NULL; /* the rules as the text form writes them, one per line */
        if (geom.nrules > 0 && cli_rules_text(&geom, &r) != 0)
            return CLI_EXIT_SYSTEM;
        if (r) {
            fputs(",\"rules\":", stdout);
            cli_json_string(stdout, r);
            free(r);
        }
        if (run->nadd)
            printf(",\"rules_added\":%d", s->added);
        if (s->rating_rc == SK_OK)
            cli_rating_json(&o, &s->rating);
        printf(",\"tries\":%" PRIu64 ",\"searches\":%" PRIu64 ",\"time_us\":%" PRIu64 "}\n",
               s->res.tries, s->res.searches, s->usec);
        return CLI_EXIT_OK;
    }
    sk_format form = a->output >= 0 ? (sk_format)a->output : SK_FORMAT_LINE;
    int multiline = cli_form_multiline(form) || geom.nrules > 0;
    if (*started && multiline)
        putchar('\n');
    *started = 1;
    int st;
    const char *t = cli_write_grid(text, &geom, s->puzzle, form, alpha, &st);
    if (!t) {
        cli_error("puzzle %ld: cannot be written in %s form: %s", k, sk_format_name(form),
                  sk_strerror(st));
        return st == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_USAGE;
    }
    fputs(t, stdout);
    cli_out out = {stdout, NULL, 0, 0, 0}; /* rules only: the geometry came from the options */
    if (geom.nrules > 0 && cli_out_rules(&out, &geom) != 0)
        return CLI_EXIT_SYSTEM;
    return CLI_EXIT_OK;
}

/* Reads --pattern FILE: rows of marks, white space ignored.  Stores N*N
 * flags in *out (malloc'd) and the side in *n.  Returns 0, or an exit code
 * after a message. */
static int read_pattern(const char *path, uint8_t **out, int *n)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) {
        cli_error("%s: %s", path, strerror(errno));
        return CLI_EXIT_INPUT;
    }
    uint8_t *marks = malloc((size_t)SK_MAX_N * SK_MAX_N);
    int rows = 0, width = 0, c;
    long line = 1, col = 0;
    int len = 0, bad = 0;
    if (!marks) {
        if (f != stdin)
            fclose(f);
        return CLI_EXIT_SYSTEM;
    }
    char msg[200] = "";
    while ((c = getc(f)) != EOF && !bad) {
        col++;
        if (c == '\n' || c == '\r') {
            if (len) {
                if (width && len != width) {
                    snprintf(msg, sizeof msg, "row %d has %d cells, the first row %d", rows + 1,
                             len, width);
                    bad = 1;
                }
                width = len;
                rows++;
                len = 0;
            }
            if (c == '\n') {
                line++;
                col = 0;
            }
            continue;
        }
        if (c == ' ' || c == '\t' || c == '|' || c == '+')
            continue;
        int mark;
        if (c == '.' || c == '0' || c == '-' || c == '_')
            mark = 0;
        else if ((c >= '1' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                 c == '#' || c == '*')
            mark = 1;
        else {
            snprintf(msg, sizeof msg, "'%c' is not a pattern mark (x for a given, . for empty)",
                     c);
            bad = 1;
            break;
        }
        if (rows >= SK_MAX_N || len >= SK_MAX_N) {
            snprintf(msg, sizeof msg, "more than %d rows or columns", SK_MAX_N);
            bad = 1;
            break;
        }
        marks[rows * SK_MAX_N + len++] = (uint8_t)mark;
    }
    if (!bad && len) {
        if (width && len != width) {
            snprintf(msg, sizeof msg, "row %d has %d cells, the first row %d", rows + 1, len,
                     width);
            bad = 1;
        }
        width = len;
        rows++;
    }
    if (!bad && ferror(f)) {
        snprintf(msg, sizeof msg, "%s", strerror(errno));
        bad = 1;
    }
    if (f != stdin)
        fclose(f);
    if (!bad && (rows == 0 || rows != width)) {
        snprintf(msg, sizeof msg, "the pattern has %d rows of %d cells; it must be square", rows,
                 width);
        bad = 1;
        line = 0;
    }
    if (bad) {
        cli_diag_print(path, line, bad && col ? col : 0, msg);
        free(marks);
        return CLI_EXIT_INPUT;
    }
    uint8_t *p = malloc((size_t)rows * (size_t)rows);
    if (!p) {
        free(marks);
        return CLI_EXIT_SYSTEM;
    }
    for (int r = 0; r < rows; r++)
        memcpy(p + r * rows, marks + r * SK_MAX_N, (size_t)rows);
    free(marks);
    *out = p;
    *n = rows;
    return 0;
}

/* The geometry of the first puzzle of path (a template: regions, rules),
 * read with ro; the reader stays open (its storage backs *g) and is
 * returned in *rd.  Returns 0 or an exit code after a message. */
static int read_template(const cli_command *cmd, const char *path, const sk_read_opts *ro,
                         FILE **fp, sk_reader **rd, sk_geometry *g, const uint8_t **givens)
{
    sk_puzzle p;
    sk_diag d;
    *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!*fp) {
        cli_error("%s: %s", path, strerror(errno));
        return CLI_EXIT_INPUT;
    }
    int rc = sk_reader_open_file(*fp, ro, rd);
    if (rc != SK_OK)
        return CLI_EXIT_SYSTEM;
    memset(&d, 0, sizeof d);
    rc = sk_reader_next(*rd, &p, &d);
    if (rc == SK_DONE) {
        cli_error("%s: no puzzle to take the layout from", path);
        return CLI_EXIT_INPUT;
    }
    if (rc != SK_OK) {
        cli_diag_print(path, d.line, d.column, rc == SK_EPARSE ? d.message : sk_strerror(rc));
        return rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
    }
    for (int c = 0; c < p.geom.n * p.geom.n && !givens; c++)
        if (p.cells[c]) {
            cli_diag_print(path, p.cell_line[c], p.cell_column[c],
                           "the layout has givens: generate takes the regions and rules of "
                           "an empty grid (to thin a puzzle, use 'sudokit minimize')");
            return CLI_EXIT_INPUT;
        }
    if (p.candidates) {
        cli_diag_print(path, p.line, 0, "the layout is pencil marks: generate takes an empty grid");
        return CLI_EXIT_INPUT;
    }
    (void)cmd;
    *g = p.geom;
    if (givens)
        *givens = p.cells;
    return 0;
}

static uint64_t clock_seed(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    uint64_t s = (uint64_t)t.tv_sec * 1000003u ^ (uint64_t)t.tv_nsec ^ ((uint64_t)getpid() << 20);
    return s % 1000000000000u; /* short enough to type back */
}

static int generate_run(const cli_command *cmd, int argc, char **argv)
{
    cli_args a;
    int rc = cli_args_parse(cmd, argc, argv, &a);
    if (rc != CLI_PARSE_OK)
        return rc;
    if (a.noperands > 1)
        return cli_usage_error(cmd, "generate takes at most one FILE (the layout), not %d",
                               a.noperands);
    uint8_t *pattern = NULL;
    int pn = 0, code = CLI_EXIT_OK;
    sk_reader *rd = NULL;
    FILE *tf = NULL;
    sk_model *m = NULL;
    sk_geometry g = SK_GEOMETRY_INIT(9);
    const uint8_t *run_givens = NULL; /* --add: the puzzle's givens */
    if (a.nadd && a.noperands != 1) {
        code = cli_usage_error(cmd, "--add adds rules to a puzzle: give its FILE");
        goto out;
    }
    if (a.nadd && (a.pattern || a.symmetry || a.minimal || a.jigsaw || a.killer || a.min_givens ||
                   a.max_givens || a.no_givens || a.min_rating || a.max_rating_gen ||
                   a.needs >= 0 || a.no_guess)) {
        code = cli_usage_error(cmd, "--add keeps the puzzle's givens and adds rules: the options "
                                    "that shape or rate givens do not go with it");
        goto out;
    }
    if (a.pattern && (code = read_pattern(a.pattern, &pattern, &pn)) != 0)
        goto out;
    if (a.noperands == 1) {
        sk_read_opts ro;
        cli_read_opts(&a, &ro);
        if ((code = read_template(cmd, a.operands[0], &ro, &tf, &rd, &g,
                                  a.nadd ? &run_givens : NULL)) != 0)
            goto out;
        if (a.size && a.size != g.n) {
            code = cli_usage_error(cmd, "--size %d, but the layout in %s is %dx%d", a.size,
                                   a.operands[0], g.n, g.n);
            goto out;
        }
    } else {
        g.n = a.size ? a.size
              : a.box_rows > 0 ? a.box_rows * a.box_cols
              : pattern ? pn : 9;
        g.box_rows = a.jigsaw ? SK_BOX_NONE : a.box_rows; /* the regions replace boxes */
        g.box_cols = a.box_cols;
        g.extras = a.extras;
    }
    if (a.jigsaw && (a.noperands == 1 || a.box_rows != SK_BOX_DEFAULT)) {
        code = cli_usage_error(cmd, "--jigsaw draws the regions: it does not go with a LAYOUT "
                                    "or --box");
        goto out;
    }
    if (a.no_givens && !a.killer) {
        code = cli_usage_error(cmd, "--givens 0 goes with --killer only (the cages alone make "
                               "the puzzle unique)");
        goto out;
    }
    if (a.killer && (pattern || a.symmetry || a.minimal || a.jigsaw)) {
        code = cli_usage_error(cmd, "--killer draws its cages per puzzle: --pattern, --symmetry, "
                                    "--minimal and --jigsaw do not go with it (its puzzles are "
                                    "minimal already)");
        goto out;
    }
    if (pattern && pn != g.n) {
        code = cli_usage_error(cmd, "the pattern in %s is %dx%d, the grid %dx%d", a.pattern, pn,
                               pn, g.n, g.n);
        goto out;
    }
    if (pattern && (a.symmetry || a.min_givens || a.max_givens)) {
        code = cli_usage_error(cmd, "--pattern fixes the givens: --symmetry and --givens do "
                                    "not go with it");
        goto out;
    }
    sk_diag d;
    memset(&d, 0, sizeof d);
    rc = sk_model_new(&g, &m, &d);
    if (rc != SK_OK) {
        if (a.noperands == 1)
            cli_diag_print(a.operands[0], d.line, d.column, d.message);
        else
            cli_usage_error(cmd, "%s", d.message);
        code = a.noperands == 1 ? CLI_EXIT_INPUT : CLI_EXIT_USAGE;
        goto out;
    }
    int nc = g.n * g.n;
    if (a.max_givens > nc || a.min_givens > nc) {
        code = cli_usage_error(cmd, "--givens: a %dx%d grid has %d cells", g.n, g.n, nc);
        goto out;
    }
    if ((a.min_rating || a.max_rating_gen || a.needs >= 0) && (g.nrules > 0 || a.killer)) {
        code = cli_usage_error(cmd, "--rating and --needs are for puzzles without variant rules "
                                    "(Sudoku Explainer's scale has none)");
        goto out;
    }

    if (g.nrules > 0 || g.regions || g.ngroups > 0 || run_givens) {
        /* a layout that no grid fits would fail every puzzle: say so once */
        sk_solver *sv = NULL;
        sk_search_opts so = SK_SEARCH_OPTS_INIT;
        sk_result res;
        uint8_t *empty = calloc((size_t)nc, 1);
        so.max_solutions = 1;
        so.timeout = a.timeout;
        rc = empty ? sk_solver_new(-1, &sv) : SK_ENOMEM;
        if (rc == SK_OK)
            rc = sk_solver_run(sv, m, run_givens ? run_givens : empty, &so, NULL, &res);
        sk_solver_free(sv);
        free(empty);
        if (rc != SK_OK) {
            cli_error("%s: %s", a.operands[0], sk_strerror(rc));
            code = rc == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
            goto out;
        }
        if (res.solutions == 0 && res.end == SK_END_EXHAUSTED && run_givens) {
            cli_diag_print(a.operands[0], 0, 0,
                           "the puzzle has no solution: no rules can make it unique");
            code = CLI_EXIT_UNSOLVED;
            goto out;
        }
        if (res.solutions == 0 && res.end == SK_END_EXHAUSTED) {
            cli_diag_print(a.operands[0], 0, 0,
                           "no grid obeys this layout's regions and rules: no puzzle can be "
                           "made on it");
            code = CLI_EXIT_INPUT;
            goto out;
        }
    }

    gen_run run;
    memset(&run, 0, sizeof run);
    run.a = &a;
    run.m = m;
    run.geom = &g;
    run.nc = nc;
    run.count = a.count;
    run.seed = a.has_seed ? a.seed : clock_seed();
    run.rate_json = a.json && g.nrules == 0 && !a.killer && !a.nadd;
    run.jigsaw = a.jigsaw;
    run.killer = a.killer;
    run.nadd = a.nadd;
    run.add = a.add;
    run.givens = run_givens;
    run.rules_cap = g.nrules + (a.nadd ? 2 * nc : nc / 2 + 1);
    run.ints_cap = a.nadd ? 16 * nc : nc;
    run.no_givens = a.no_givens;
    sk_generate_opts o = SK_GENERATE_OPTS_INIT;
    o.symmetry = a.symmetry;
    o.min_givens = a.min_givens;
    o.max_givens = a.max_givens;
    o.minimal = a.minimal;
    o.pattern = pattern;
    o.min_rating = a.min_rating;
    o.max_rating = a.max_rating_gen;
    o.needs = a.needs;
    o.no_guess = a.no_guess;
    o.timeout = a.timeout;
    o.rate_timeout = a.timeout;
    run.opts = o;
    {
        /* options that no puzzle can meet are refused once, up front: a
           call with its cancel flag already set checks them and stops */
        sk_generator *chk = NULL;
        static const int cancelled = 1;
        sk_generate_opts co = o;
        uint8_t *tmpg = malloc((size_t)nc);
        co.cancel = &cancelled;
        rc = tmpg ? sk_generator_new(m, &chk) : SK_ENOMEM;
        if (rc == SK_OK)
            rc = sk_generate(chk, &co, tmpg, NULL, NULL);
        sk_generator_free(chk);
        free(tmpg);
        if (rc == SK_EINVAL) {
            char want[48];
            if (a.min_givens == a.max_givens)
                snprintf(want, sizeof want, "%d", a.min_givens);
            else if (!a.max_givens)
                snprintf(want, sizeof want, "%d-", a.min_givens);
            else
                snprintf(want, sizeof want, "%d-%d", a.min_givens, a.max_givens);
            code = cli_usage_error(cmd, "--givens %s: under --symmetry %s the givens of a "
                                        "%dx%d puzzle come in whole orbits, and no count of "
                                        "them is in that range",
                                   want, sk_symmetry_keyword(a.symmetry), g.n, g.n);
            goto out;
        }
        if (rc == SK_ENOMEM) {
            code = CLI_EXIT_SYSTEM;
            goto out;
        }
    }
    int threads = a.threads;
    if (threads > run.count)
        threads = (int)run.count;
    run.nslots = 4 * threads + 4;
    run.slots = calloc((size_t)run.nslots, sizeof *run.slots);
    if (!run.slots) {
        code = CLI_EXIT_SYSTEM;
        goto out;
    }
    for (int i = 0; i < run.nslots; i++) {
        run.slots[i].puzzle = malloc((size_t)nc);
        run.slots[i].solution = malloc((size_t)nc);
        run.slots[i].regions = malloc((size_t)nc);
        run.slots[i].rules = malloc((size_t)run.rules_cap * sizeof(sk_rule));
        run.slots[i].rule_cells = malloc((size_t)run.ints_cap * sizeof(int));
        if (!run.slots[i].puzzle || !run.slots[i].solution || !run.slots[i].regions ||
            !run.slots[i].rules || !run.slots[i].rule_cells)
            code = CLI_EXIT_SYSTEM;
    }
    pthread_t *tids = calloc((size_t)threads, sizeof *tids);
    if (!tids)
        code = CLI_EXIT_SYSTEM;
    pthread_mutex_init(&run.lock, NULL);
    pthread_cond_init(&run.cond, NULL);
    int started_threads = 0;
    for (int i = 0; code == CLI_EXIT_OK && i < threads; i++) {
        if (pthread_create(&tids[i], NULL, worker, &run) != 0) {
            if (i == 0)
                code = CLI_EXIT_SYSTEM;
            break;
        }
        started_threads++;
    }
    cli_buf text = {NULL, 0};
    int started = 0;
    uint64_t t0 = now_usec(), tries = 0;
    long made = 0;
    pthread_mutex_lock(&run.lock);
    while (code != CLI_EXIT_SYSTEM && run.printed < run.count) {
        gen_slot *s = &run.slots[run.printed % run.nslots];
        while (!s->done && !(run.stop && run.next <= run.printed))
            pthread_cond_wait(&run.cond, &run.lock);
        if (!s->done)
            break;
        pthread_mutex_unlock(&run.lock);
        int ec = emit(&run, s, run.printed, &text, &started);
        if (ec > code)
            code = ec;
        tries += s->res.tries;
        made += s->rc == SK_OK;
        if (cli_stdout_failed())
            code = CLI_EXIT_SYSTEM;
        pthread_mutex_lock(&run.lock);
        s->done = 0;
        run.printed++;
        if (code == CLI_EXIT_SYSTEM)
            run.stop = 1;
        pthread_cond_broadcast(&run.cond);
    }
    if (run.printed < run.count && code < CLI_EXIT_SYSTEM)
        code = CLI_EXIT_SYSTEM; /* the workers could not start */
    run.stop = 1;
    pthread_cond_broadcast(&run.cond);
    pthread_mutex_unlock(&run.lock);
    for (int i = 0; i < started_threads; i++)
        pthread_join(tids[i], NULL);
    if (a.stats) {
        double sec = (double)(now_usec() - t0) / 1e6;
        fprintf(stderr,
                "sudokit: %ld puzzles made of %ld, %.3f s, %.1f puzzles/s, %.2f grids tried "
                "per puzzle\n",
                made, run.count, sec, sec > 0 ? (double)made / sec : 0.0,
                run.printed ? (double)tries / (double)run.printed : 0.0);
    }
    cli_buf_free(&text);
    free(tids);
    for (int i = 0; i < run.nslots; i++) {
        free(run.slots[i].puzzle);
        free(run.slots[i].solution);
        free(run.slots[i].regions);
        free(run.slots[i].rules);
        free(run.slots[i].rule_cells);
    }
    free(run.slots);
    pthread_mutex_destroy(&run.lock);
    pthread_cond_destroy(&run.cond);
out:
    sk_model_free(m);
    sk_reader_free(rd);
    if (tf && tf != stdin)
        fclose(tf);
    free(pattern);
    return code;
}

const cli_command cli_cmd_generate = {
    "generate",
    CLI_CMD_GENERATE,
    "[LAYOUT]",
    "make puzzles with exactly one solution, to a shape and a difficulty",
    "Makes --count puzzles, each with exactly one solution (proven), and\n"
    "writes them in --output form (line by default), one after another.  A\n"
    "random solution grid is filled, then givens are taken away in random\n"
    "order while the solution stays unique; a grid that cannot meet the\n"
    "options is dropped and another drawn.  The grid is 9x9 unless --size,\n"
    "--box, --pattern or a LAYOUT says otherwise: LAYOUT is a file whose first\n"
    "puzzle, an empty grid, gives its regions (jigsaw), extra houses and\n"
    "variant rules, which every puzzle made keeps (and writes after its grid).\n"
    "--jigsaw draws a random layout of N connected regions for each puzzle;\n"
    "--killer cuts each puzzle's solution into random cages (2 to 5 cells) and\n"
    "keeps only the givens the cages need (--givens 0: none, the cages alone).\n"
    "--add KINDS takes the puzzle of FILE as it is (givens and rules) and adds\n"
    "rules of those kinds until it has one solution:\n"
    "  sudokit generate --add thermo,white,black puzzle.txt -n 3\n"
    "\n"
    "Shape: --symmetry, --givens, --pattern, --minimal.  Without a symmetry,\n"
    "pattern or givens bound every puzzle up to 9x9 is minimal already (no\n"
    "given can go); larger grids need --minimal for that.\n"
    "Difficulty: --rating A-B and --needs TECHNIQUE walk the logical path (as\n"
    "'sudokit rate'), --no-guess keeps puzzles solvable without trial and\n"
    "error.  Each puzzle K comes from seed S+K (--seed S), so the same seed and\n"
    "options make the same puzzles at any -j, and a JSON record's seed, given\n"
    "back with --count 1 and the same options, makes its puzzle again.\n"
    "  sudokit generate -n 10 --symmetry rot180 --minimal\n"
    "  sudokit generate --size 16 --seed 7 --json\n"
    "  sudokit generate -n 5 --rating 7.0-12 -j 2\n"
    "  sudokit generate --pattern heart.txt --no-guess\n"
    "\n"
    "JSON output (--json): one object per puzzle, in order:\n"
    "  {\"index\":0,\"status\":\"unique\",\"seed\":7,\"givens\":24,\"puzzle\":\"...\",\n"
    "   \"solution\":\"...\",\"er\":2.0,\"ep\":2.0,\"ed\":1.2,\"er_technique\":...,\n"
    "   \"tries\":1,\"searches\":82,\"time_us\":230}\n"
    "tries is the number of solution grids drawn for the puzzle (the last one\n"
    "made it), searches the uniqueness searches run; the rating fields (as\n"
    "'sudokit rate --json' writes them) are there for puzzles without variant\n"
    "rules (rated within --timeout, 10 s when none is given), and symmetry\n"
    "when one was asked.  A puzzle that --timeout ends\n"
    "first has status timeout (and a message on stderr; exit status 1).",
    generate_run,
    NULL,
    NULL,
};
