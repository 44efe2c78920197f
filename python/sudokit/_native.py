"""The C library, loaded with cffi in ABI mode.

The declarations below mirror include/sudokit.h for the part of the API
the package uses.  ABI mode reads no header and compiles nothing, so the
structs are written out field by field and must keep the header's layout:
an enum field is declared as int (the same size and alignment), and the
`const volatile int *cancel` of the option structs as `const int *`.

The library is found, in this order, at the path in the environment
variable SUDOKIT_LIB, beside this file (a copy installed with the
package), in the build directory of the repository the package sits in
(python/sudokit/ -> build/), and last by the system's loader (after
`make install`).

cffi releases the GIL for the whole of every call into the library and
takes it back only to run a Python callback, so searches in several
Python threads run in parallel.
"""
import os

import cffi

CDEF = """
const char *sk_strerror(int status);
const char *sk_version(void);

typedef struct sk_diag {
    long line;
    long column;
    char message[200];
} sk_diag;

typedef struct sk_rule {
    int kind;
    int value;
    int ncells;
    const int *cells;
    int aux;
    int ndigits;
    const int *digits;
    long line, column;
} sk_rule;

typedef struct sk_geometry {
    int n;
    int box_rows;
    int box_cols;
    const uint8_t *regions;
    unsigned extras;
    int ngroups;
    const int *group_sizes;
    const int *group_cells;
    int nrules;
    const sk_rule *rules;
} sk_geometry;

typedef struct sk_model sk_model;
int sk_model_new(const sk_geometry *g, sk_model **out, sk_diag *diag);
void sk_model_free(sk_model *m);
int sk_model_n(const sk_model *m);
char *sk_model_house_name(const sk_model *m, int h, char *buf, size_t size);
char *sk_model_describe(const sk_model *m, char *buf, size_t size);
int sk_model_box(const sk_model *m, int *rows, int *cols);
int sk_model_rule_count(const sk_model *m);
char *sk_model_rule_describe(const sk_model *m, int k, char *buf, size_t size);
int sk_verify(const sk_model *m, const uint8_t *givens, const uint8_t *solution);

typedef int (*sk_solution_fn)(void *user, const uint8_t *solution);

typedef struct sk_search_opts {
    uint64_t max_solutions;
    uint64_t max_nodes;
    double timeout;
    sk_solution_fn on_solution;
    void *user;
    const int *cancel;
    const uint64_t *candidates;
} sk_search_opts;

typedef struct sk_result {
    uint64_t solutions;
    uint64_t nodes;
    uint64_t guesses;
    int end;
} sk_result;

typedef struct sk_solver sk_solver;
int sk_solver_new(int engine, sk_solver **out);
void sk_solver_free(sk_solver *s);
int sk_solver_run(sk_solver *s, const sk_model *m, const uint8_t *givens,
                  const sk_search_opts *opts, uint8_t *first, sk_result *res);
int sk_engine_find(const char *name);

typedef struct sk_candidates_opts {
    uint64_t cap;
    double timeout;
    const int *cancel;
    const uint64_t *candidates;
} sk_candidates_opts;

typedef struct sk_candidates_result {
    uint64_t searches;
    uint64_t nodes;
    uint64_t solutions;
    int end;
    uint64_t guesses;
} sk_candidates_result;

int sk_candidates(sk_solver *s, const sk_model *m, const uint8_t *givens,
                  const sk_candidates_opts *opts, uint64_t *out, uint64_t *counts,
                  sk_candidates_result *res);

int sk_format_parse(const char *name);
const char *sk_format_name(int f);
int sk_alphabet_parse(const char *name);
const char *sk_alphabet_name(int a);
char sk_alphabet_symbol(int a, int v);

typedef struct sk_read_opts {
    int format;
    int alphabet;
    int box_rows;
    int box_cols;
    unsigned extras;
    int n;
} sk_read_opts;

typedef struct sk_puzzle {
    sk_geometry geom;
    const uint8_t *cells;
    const uint32_t *cell_line;
    const uint32_t *cell_column;
    int format;
    int alphabet;
    long index;
    long line;
    const uint8_t *solution;
    const char *warning;
    const uint64_t *candidates;
} sk_puzzle;

typedef struct sk_reader sk_reader;
int sk_reader_open_mem(const char *data, size_t size, const sk_read_opts *opts,
                       sk_reader **out);
int sk_reader_next(sk_reader *r, sk_puzzle *p, sk_diag *diag);
long sk_solve_all(const char *text, size_t len, const sk_read_opts *ro,
                  uint64_t max_solutions, double timeout, char **out, size_t *out_len);
void sk_free(void *p);
void sk_reader_free(sk_reader *r);

typedef struct sk_why {
    int kind;
    int cell;
    int cell2;
    int house;
    int digit;
    int rule;
    uint64_t digits;
    int forced;
    int open;
    char message[400];
} sk_why;

const char *sk_why_keyword(int kind);
int sk_explain_none(const sk_model *m, const uint8_t *givens, int a, sk_why *why);
int sk_explain_none_candidates(const sk_model *m, const uint8_t *givens,
                               const uint64_t *cand, int a, sk_why *why);

const char *sk_tech_name(int t);
const char *sk_tech_keyword(int t);

typedef struct sk_cand {
    int cell;
    int digit;
} sk_cand;

typedef struct sk_node {
    int cell;
    int digit;
    int on;
    int rule;
} sk_node;

typedef struct sk_step {
    int technique;
    int rating;
    int subtype;
    int cell;
    int digit;
    int nelim;
    const sk_cand *elim;
    int direct;
    uint64_t digits;
    int nhouses;
    int houses[8];
    int ncells;
    const int *cells;
    int nbranches;
    const int *branch;
    int nnodes;
    const sk_node *nodes;
    int complexity;
    int rule;
    int rule2;
    int total;
} sk_step;

typedef struct sk_logic sk_logic;
int sk_logic_new(const sk_model *m, sk_logic **out);
void sk_logic_free(sk_logic *l);
int sk_logic_start(sk_logic *l, const uint8_t *givens);
int sk_logic_start_candidates(sk_logic *l, const uint8_t *givens, const uint64_t *cand);
void sk_logic_set_limit(sk_logic *l, int max_rating);
void sk_logic_set_timeout(sk_logic *l, double seconds);
void sk_logic_set_cancel(sk_logic *l, const volatile int *flag);
int sk_logic_next(sk_logic *l, sk_step *step);
void sk_logic_apply(sk_logic *l, const sk_step *step);
const uint64_t *sk_logic_candidates(const sk_logic *l);
const uint8_t *sk_logic_values(const sk_logic *l);
int sk_logic_solved(const sk_logic *l);
int sk_logic_contradiction(sk_logic *l, int a, sk_why *why);

typedef struct sk_rating {
    int er;
    int ep;
    int ed;
    int er_tech;
    int ep_tech;
    int ed_tech;
    int steps;
    int stuck;
} sk_rating;

int sk_rate(sk_logic *l, const uint8_t *givens, sk_rating *r);
int sk_rate_position(sk_logic *l, sk_rating *r);
void sk_rating_init(sk_rating *r);
void sk_rating_add(sk_rating *r, const sk_step *s);
void sk_rating_stuck(sk_rating *r);
char *sk_step_name(const sk_step *s, char *buf, size_t size);
char *sk_step_describe(const sk_model *m, const sk_step *s, int a, char *buf, size_t size);
char *sk_node_rule_describe(const sk_model *m, const sk_node *node, char *buf, size_t size);
char *sk_step_rule_source(const sk_model *m, const sk_step *s, char *buf, size_t size);
char *sk_step_describe_vague(const sk_model *m, const sk_step *s, const uint64_t *cand,
                             int level, int a, char *buf, size_t size);
int sk_tech_parse(const char *keyword);

int sk_symmetry_parse(const char *keyword);

typedef int (*sk_best_fn)(void *user, const uint8_t *solution, int64_t value);
typedef struct sk_best_opts {
    int minimize;
    uint64_t max_nodes;
    double timeout;
    sk_best_fn on_improve;
    void *user;
    const int *cancel;
    const uint64_t *candidates;
} sk_best_opts;

typedef struct sk_best_result {
    int found;
    int64_t value;
    int end;
    uint64_t nodes;
    uint64_t guesses;
    uint64_t improvements;
    uint64_t bound_rounds;
    double root_bound;
} sk_best_result;

int sk_best(const sk_model *m, const uint8_t *givens, const int32_t *weights,
            const sk_best_opts *opts, uint8_t *solution, sk_best_result *res);
void sk_target_weights(int n, int32_t *weights);

typedef struct sk_generate_opts {
    uint64_t seed;
    int symmetry;
    int min_givens, max_givens;
    int minimal;
    const uint8_t *pattern;
    int min_rating, max_rating;
    int needs;
    int no_guess;
    uint64_t max_tries;
    double timeout;
    double rate_timeout;
    const int *cancel;
} sk_generate_opts;

typedef struct sk_generate_result {
    int givens;
    uint64_t tries;
    uint64_t searches;
    int rated;
    sk_rating rating;
    uint64_t techniques;
} sk_generate_result;

typedef struct sk_generator sk_generator;
int sk_generator_new(const sk_model *m, sk_generator **out);
void sk_generator_free(sk_generator *g);
int sk_generate(sk_generator *g, const sk_generate_opts *o, uint8_t *puzzle,
                uint8_t *solution, sk_generate_result *r);
int sk_random_regions(int n, uint64_t seed, uint8_t *regions);
long sk_write(char *buf, size_t size, const sk_geometry *g, const uint8_t *grid,
              int f, int a);
long sk_write_rules(char *buf, size_t size, const sk_geometry *g);
"""

# Status codes (SK_STATUS_LIST), the sk_end values, sk_verdict and the
# few constants of the header the package needs.
OK, DONE = 0, 1
ENOMEM, EINVAL, EMODEL, EPARSE, EUNSUPPORTED, EIO, ERANGE, ETIME = range(-1, -9, -1)
END_EXHAUSTED, END_SOLUTIONS, END_CALLBACK, END_NODES, END_TIMEOUT, END_CANCELLED = range(6)
BOX_DEFAULT, BOX_NONE = 0, -1
EXTRA_DIAGONALS, EXTRA_HYPER = 0x1, 0x2
ALPHABET_AUTO, ALPHABET_DIGITS, ALPHABET_NUMBERS = 0, 1, 4
FORMAT_LINE, FORMAT_GRID = 1, 2
MAX_N = 64

ffi = cffi.FFI()
ffi.cdef(CDEF)

_NAMES = ("libsudokit.so", "libsudokit.so.0")


def _candidates():
    env = os.environ.get("SUDOKIT_LIB")
    if env:
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    paths = [os.path.join(here, n) for n in _NAMES]
    paths += [os.path.join(here, "..", "..", "build", n) for n in _NAMES]
    return [p for p in paths if os.path.exists(p)] + ["libsudokit.so.0"]


def _load():
    tried = []
    for path in _candidates():
        try:
            return ffi.dlopen(path)
        except OSError as e:
            tried.append(f"{path}: {e}")
    raise ImportError(
        "sudokit: cannot load the C library (run `make` at the repository "
        "root, `make install`, or set SUDOKIT_LIB to libsudokit.so): "
        + "; ".join(tried))


lib = _load()


def string(p):
    """A C string as str (None for NULL)."""
    return None if p == ffi.NULL else ffi.string(p).decode("utf-8", "replace")
