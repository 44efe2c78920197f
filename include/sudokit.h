/*
 * sudokit.h - solve, prove, count and list Sudoku-family puzzles.
 *
 * One header, one prefix (sk_ / SK_).  The library never prints, never
 * exits and keeps no global mutable state: tables are built per model and
 * are read-only afterwards, and every search works in a caller-owned
 * solver handle, so threads that do not share a handle share nothing.
 *
 * Vocabulary
 *   N        side of the grid, 1..SK_MAX_N.  Digits are 1..N.
 *   cell     index r*N + c, with r and c from 0.
 *   grid     uint8_t[N*N]; 0 is an empty cell, 1..N a digit.
 *   house    a set of cells whose digits must all differ.  Rows, columns,
 *            boxes, jigsaw regions, diagonals and Hyper windows hold N
 *            cells and so hold every digit once; an extra group may be
 *            smaller (its digits only have to differ).
 *   model    an immutable, compiled geometry (sk_model).
 *
 * Status codes: functions that can fail return an int from SK_STATUS_LIST
 * (SK_OK is 0, errors are negative).  sk_strerror() names each one.
 */
#ifndef SUDOKIT_H
#define SUDOKIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks the public functions; the shared library exports nothing else. */
#if defined(SK_BUILD_SHARED) && defined(__GNUC__)
#define SK_API __attribute__((visibility("default")))
#else
#define SK_API
#endif

#define SK_VERSION_MAJOR 0
#define SK_VERSION_MINOR 1
#define SK_VERSION_PATCH 0
#define SK_VERSION "0.1.0"

/* Largest grid side the library accepts. */
#define SK_MAX_N 64

/* ------------------------------------------------------------------ */
/* Status codes                                                        */
/* ------------------------------------------------------------------ */

/* X(name, value, message): one list feeds the enum and sk_strerror(). */
#define SK_STATUS_LIST(X)                                           \
    X(SK_OK, 0, "success")                                          \
    X(SK_DONE, 1, "end of input")                                   \
    X(SK_ENOMEM, -1, "out of memory")                               \
    X(SK_EINVAL, -2, "invalid argument")                            \
    X(SK_EMODEL, -3, "the puzzle model does not fit")               \
    X(SK_EPARSE, -4, "malformed puzzle")                            \
    X(SK_EUNSUPPORTED, -5, "the engine does not support this puzzle") \
    X(SK_EIO, -6, "input/output error")                             \
    X(SK_ERANGE, -7, "value out of range")                          \
    X(SK_ETIME, -8, "time limit reached")

typedef enum sk_status {
#define SK_STATUS_ENUM_(name, value, msg) name = value,
    SK_STATUS_LIST(SK_STATUS_ENUM_)
#undef SK_STATUS_ENUM_
    SK_STATUS_LAST_ = -8
} sk_status;

/* Message for a status code; never NULL ("unknown status" otherwise). */
SK_API const char *sk_strerror(int status);

/* Version string of the library that is linked (may differ from SK_VERSION
 * when a program runs against a newer shared library). */
SK_API const char *sk_version(void);

/*
 * Diagnostics.  Functions that can reject input fill a caller-provided
 * sk_diag instead of printing.  line and column are 1-based; 0 means
 * unknown.  message is a complete sentence fragment without the position,
 * e.g. "row 3 has 10 cells, expected 9".
 */
typedef struct sk_diag {
    long line;
    long column;
    char message[200];
} sk_diag;

/* ------------------------------------------------------------------ */
/* Geometry and model                                                  */
/* ------------------------------------------------------------------ */

/* Box shape sentinels for sk_geometry.box_rows / box_cols. */
#define SK_BOX_DEFAULT 0  /* sqrt(N) x sqrt(N); none when N is a prime (no box
                             shape exists); refused for other N that are not
                             squares (6: 2x3 or 3x2?) */
#define SK_BOX_NONE (-1)  /* no boxes: a Latin square (plus any extra houses) */

/* Extra houses (flags for sk_geometry.extras). */
#define SK_EXTRA_DIAGONALS 0x1u /* both main diagonals (X-Sudoku) */
#define SK_EXTRA_HYPER 0x2u     /* Hyper/Windoku windows: for 9x9 the four
                                   3x3 windows at rows/cols 1-3 and 5-7; for
                                   other square-box grids every b x b window
                                   starting at 1 + k*(b+1) that fits */

/*
 * Variant rules: constraints beyond "these cells hold different digits",
 * with the meaning f-puzzles gives them.  A rule is plain data; cells are
 * indices r*N + c and come in the order the rule reads them (a line from
 * its start, a thermometer from its bulb).  A rule names each cell once,
 * except a whisper or palindrome line, which may cross itself.  Every rule
 * works on every grid size and region shape.  Where a rule's number has a
 * default, value 0 asks for it.
 *
 *   kind                  cells                 value / other fields
 *   CAGE                  2..N, all differ      the sum; 0: no sum (digits differ only)
 *   LITTLE_KILLER         1..                   the sum; digits may repeat
 *   SANDWICH              a row or column, in   the sum of the digits between 1 and N
 *                         order (N cells)
 *   ARROW                 circle, then shaft    aux: cells of the circle (1) or pill
 *                                               (2-3), read in the order given as a
 *                                               decimal number (12 then 3 reads 123),
 *                                               which equals the sum of the shaft
 *   THERMO                2..                   strictly increasing from the bulb
 *   PALINDROME            2..                   reads the same from either end
 *   WHISPER               2..                   neighbours on the line differ by at
 *                                               least value (0: (N+1)/2, 5 on 9x9)
 *   RENBAN                1..N, all differ      a set of consecutive digits, any order
 *   BETWEEN               3..                   the inner cells lie strictly between
 *                                               the two ends
 *   REGION_SUM            2..                   the runs of the line in each region
 *                                               (box or jigsaw region) have equal sums
 *   WHITE_DOT             2 (adjacent)          they differ by value (0: 1)
 *   BLACK_DOT             2 (adjacent)          one is value (0: 2) times the other
 *   XV                    2 (adjacent)          they sum to value (X = 10, V = 5)
 *   ODD, EVEN             1..                   each cell is odd / even
 *   MINIMUM, MAXIMUM      1..                   each cell is smaller / larger than
 *                                               its orthogonal neighbours
 *   QUADRUPLE             1..4                  digits[0..ndigits) appear in the
 *                                               cells (a digit listed twice, twice)
 *   REGION                1..N, all differ      an extra region
 *   DIAGONAL_UP, _DOWN    none                  the diagonal from bottom left to top
 *                                               right / top left to bottom right is
 *                                               a house (f-puzzles "diagonal+/-")
 *   ANTI_KNIGHT, ANTI_KING  none                cells a chess knight's / king's move
 *                                               apart differ
 *   DISJOINT              none                  cells at the same place in their box
 *                                               or region differ (k-th cell in
 *                                               reading order of each region)
 *   NONCONSECUTIVE        none                  orthogonal neighbours without a white
 *                                               or black dot do not differ by value
 *                                               (0: 1): f-puzzles "nonconsecutive",
 *                                               the negative white-dot rule
 *   NEGATIVE_BLACK        none                  ... without a dot: neither is value
 *                                               (0: 2) times the other
 *   NEGATIVE_XV           none                  ... without an X or V: their sum is
 *                                               neither 5 nor 10
 *   DIGITS                1..                   each cell holds one of digits[]
 *                                               (f-puzzles given pencil marks)
 *
 * SK_RULE_LIST(X) feeds the enum, sk_rule_name() and sk_rule_keyword().
 */
#define SK_RULE_LIST(X)                                          \
    X(SK_RULE_CAGE, 1, "killer cage", "cage")                    \
    X(SK_RULE_LITTLE_KILLER, 2, "little killer", "little-killer") \
    X(SK_RULE_SANDWICH, 3, "sandwich", "sandwich")               \
    X(SK_RULE_ARROW, 4, "arrow", "arrow")                        \
    X(SK_RULE_THERMO, 5, "thermometer", "thermo")                \
    X(SK_RULE_PALINDROME, 6, "palindrome", "palindrome")         \
    X(SK_RULE_WHISPER, 7, "whisper line", "whisper")             \
    X(SK_RULE_RENBAN, 8, "renban line", "renban")                \
    X(SK_RULE_BETWEEN, 9, "between line", "between")             \
    X(SK_RULE_REGION_SUM, 10, "region-sum line", "region-sum")   \
    X(SK_RULE_WHITE_DOT, 11, "white dot", "white")               \
    X(SK_RULE_BLACK_DOT, 12, "black dot", "black")               \
    X(SK_RULE_XV, 13, "XV sum", "xv")                            \
    X(SK_RULE_ODD, 14, "odd cell", "odd")                        \
    X(SK_RULE_EVEN, 15, "even cell", "even")                     \
    X(SK_RULE_MINIMUM, 16, "minimum cell", "minimum")            \
    X(SK_RULE_MAXIMUM, 17, "maximum cell", "maximum")            \
    X(SK_RULE_QUADRUPLE, 18, "quadruple", "quadruple")           \
    X(SK_RULE_REGION, 19, "extra region", "region")              \
    X(SK_RULE_DIAGONAL_UP, 20, "diagonal", "diagonal-up")        \
    X(SK_RULE_DIAGONAL_DOWN, 21, "diagonal", "diagonal-down")    \
    X(SK_RULE_ANTI_KNIGHT, 22, "anti-knight", "anti-knight")     \
    X(SK_RULE_ANTI_KING, 23, "anti-king", "anti-king")           \
    X(SK_RULE_DISJOINT, 24, "disjoint groups", "disjoint-groups") \
    X(SK_RULE_NONCONSECUTIVE, 25, "nonconsecutive", "nonconsecutive") \
    X(SK_RULE_NEGATIVE_BLACK, 26, "negative black dots", "negative-black") \
    X(SK_RULE_NEGATIVE_XV, 27, "negative XV", "negative-xv")     \
    X(SK_RULE_DIGITS, 28, "given candidates", "digits")

typedef enum sk_rule_kind {
#define SK_RULE_ENUM_(name, value, human, keyword) name = value,
    SK_RULE_LIST(SK_RULE_ENUM_)
#undef SK_RULE_ENUM_
    SK_RULE_LAST_ = 29
} sk_rule_kind;

/* One rule.  Plain data: the caller owns cells and digits.  Initialise
 * with SK_RULE_INIT(kind) so that fields added later get their defaults. */
typedef struct sk_rule {
    int kind;           /* SK_RULE_* */
    int value;          /* the rule's number (see the table); 0 = none or default */
    int ncells;         /* cells in `cells` (0 for whole-grid rules) */
    const int *cells;   /* cell indices r*N + c, in the rule's order */
    int aux;            /* ARROW: cells of the circle or pill (1..3); else 0 */
    int ndigits;        /* QUADRUPLE: the digits that must appear; DIGITS:
                           the digits allowed; each 1..N */
    const int *digits;
    long line, column;  /* where the rule was read (0: unknown): a model
                           error about the rule points there */
} sk_rule;

#define SK_RULE_INIT(KIND) {(KIND), 0, 0, NULL, 0, 0, NULL, 0, 0}

/* Human name of a rule kind ("killer cage"), or NULL when unknown. */
SK_API const char *sk_rule_name(int kind);

/* Keyword of a rule kind in the text form ("cage"), or NULL when unknown. */
SK_API const char *sk_rule_keyword(int kind);

/* The kind whose keyword is s (s need not be NUL-terminated: len bytes,
 * case-insensitive), or 0 when none. */
SK_API int sk_rule_kind_parse(const char *s, size_t len);

/*
 * A geometry as the caller describes it.  Plain data; the caller owns
 * every array.  Initialise with SK_GEOMETRY_INIT(n) so that fields added
 * later get their defaults.
 */
typedef struct sk_geometry {
    int n;                  /* side N, 1..SK_MAX_N */
    int box_rows;           /* rows per box, or SK_BOX_DEFAULT / SK_BOX_NONE */
    int box_cols;           /* columns per box (ignored unless box_rows > 0) */
    const uint8_t *regions; /* NULL, or N*N region ids 0..N-1 (jigsaw);
                               when set it replaces the boxes */
    unsigned extras;        /* SK_EXTRA_* flags */
    int ngroups;            /* number of extra cell groups */
    const int *group_sizes; /* ngroups sizes, each 1..N */
    const int *group_cells; /* the groups' cell indices, one after another */
    int nrules;             /* number of variant rules */
    const sk_rule *rules;   /* nrules rules (copied by sk_model_new) */
} sk_geometry;

#define SK_GEOMETRY_INIT(N) {(N), SK_BOX_DEFAULT, SK_BOX_DEFAULT, NULL, 0u, 0, NULL, NULL, 0, NULL}

/* A compiled, immutable model: houses, peers, intersections and the
 * propagators the rules compile to. */
typedef struct sk_model sk_model;

/*
 * Builds a model.  On success returns SK_OK and stores a new model in
 * *out (free it with sk_model_free).  A geometry that does not fit (N out
 * of range, a box that does not tile the grid, regions of the wrong size,
 * a group with a repeated or out-of-range cell) returns SK_EMODEL with the
 * reason in diag (which may be NULL).  So does a rule that no digits can
 * satisfy or that is malformed (an unknown kind, a cell outside the grid,
 * a cage sum out of reach, a dot between cells that are not neighbours,
 * a sandwich that is not a whole row or column), with the rule named in
 * the reason.  SK_ENOMEM when allocation fails.
 */
SK_API int sk_model_new(const sk_geometry *g, sk_model **out, sk_diag *diag);

/* Frees a model; NULL is allowed. */
SK_API void sk_model_free(sk_model *m);

/* Side N of the model. */
SK_API int sk_model_n(const sk_model *m);

/* Number of houses (rows, columns, boxes or regions, extras). */
SK_API int sk_model_house_count(const sk_model *m);

/* Cells of house h: stores a pointer to its cell indices in *cells (owned by
 * the model) and returns its size, or -1 when h is out of range. */
SK_API int sk_model_house(const sk_model *m, int h, const uint16_t **cells);

/* Human name of house h ("row 3", "column 5", "box 2", "region 4",
 * "main diagonal", "anti-diagonal", "window 1", "group 2"; numbered from
 * 1).  Writes at most size bytes including the NUL; returns buf. */
SK_API char *sk_model_house_name(const sk_model *m, int h, char *buf, size_t size);

/* One-line description, e.g. "9x9, boxes 3x3, diagonals". Returns buf. */
SK_API char *sk_model_describe(const sk_model *m, char *buf, size_t size);

/* Region id (box or jigsaw region) of a cell, or -1 when the model has none. */
SK_API int sk_model_region(const sk_model *m, int cell);

/* Box shape when the model has rectangular boxes: stores rows and cols and
 * returns 1; returns 0 for jigsaw or Latin-square models. */
SK_API int sk_model_box(const sk_model *m, int *rows, int *cols);

/* SK_EXTRA_* flags of the model. */
SK_API unsigned sk_model_extras(const sk_model *m);

/* Number of variant rules of the model. */
SK_API int sk_model_rule_count(const sk_model *m);

/* Rule k (0-based) as given to sk_model_new, or NULL when k is out of
 * range.  Its arrays are the model's copies, valid while the model is. */
SK_API const sk_rule *sk_model_rule(const sk_model *m, int k);

/* Short description of rule k for messages: its name, its number and
 * where it starts, e.g. "killer cage 15 at r1c1", "thermometer from r4c5",
 * "anti-knight".  Writes at most size bytes including the NUL; returns buf. */
SK_API char *sk_model_rule_describe(const sk_model *m, int k, char *buf, size_t size);

/* ------------------------------------------------------------------ */
/* Checking grids                                                      */
/* ------------------------------------------------------------------ */

/* Two cells of one house holding the same digit. */
typedef struct sk_conflict {
    int house; /* house index (see sk_model_house_name) */
    int cell1; /* first cell, in house order */
    int cell2; /* second cell */
    int digit; /* the repeated digit */
} sk_conflict;

/*
 * Finds every repeated digit in every house of grid: a digit that appears
 * k > 1 times in a house gives k-1 conflicts, each pairing the first of
 * those cells with a later one (empty cells are ignored; a digit above N
 * is a conflict of its own with house -1 and cell1 == cell2).
 * Stores up to max conflicts in out (may be NULL when max is 0) and
 * returns the total number found, so a caller can size a second call.
 */
SK_API long sk_check(const sk_model *m, const uint8_t *grid, sk_conflict *out, long max);

/* A variant rule that a grid breaks. */
typedef struct sk_violation {
    int rule;          /* index of the rule (see sk_model_rule) */
    int cell;          /* a cell to point at: the first of the rule's cells
                          involved, or -1 for a rule of the whole grid */
    char message[160]; /* e.g. "killer cage at r1c1 sums to 17, expected 15",
                          "anti-knight: r1c1 and r2c3 both hold 5" */
} sk_violation;

/*
 * Finds every variant rule of m that grid (N*N, 0 = empty) breaks.  A
 * partial grid breaks a rule only when its filled cells already do (two
 * filled thermometer cells out of order, a cage whose filled cells exceed
 * its sum or, once full, miss it); empty cells are never a violation.
 * Houses are sk_check's business, including those the rules add (cages,
 * extra regions, anti-knight and anti-king pairs): their repeats are
 * reported there, named after their rule.  Stores up to max violations in
 * out (may be NULL when max is 0) and returns the total number found.
 * The rules are checked from their definitions, independently of the
 * propagation the engines use.
 */
SK_API long sk_check_rules(const sk_model *m, const uint8_t *grid, sk_violation *out, long max);

/*
 * Returns 1 when solution is a complete grid that obeys every house and
 * every variant rule of m and agrees with every given of givens (givens
 * may be NULL), else 0.  Independent of every engine; tests use it to
 * judge their answers.
 */
SK_API int sk_verify(const sk_model *m, const uint8_t *givens, const uint8_t *solution);

/* ------------------------------------------------------------------ */
/* Searching                                                           */
/* ------------------------------------------------------------------ */

/*
 * Called with each solution found (an N*N grid valid only during the
 * call).  Return 0 to go on, non-zero to stop the search.
 */
typedef int (*sk_solution_fn)(void *user, const uint8_t *solution);

/* What to ask.  Initialise with SK_SEARCH_OPTS_INIT. */
typedef struct sk_search_opts {
    uint64_t max_solutions;  /* stop after this many: 1 = first solution,
                                2 = uniqueness, 0 = no limit (exact count) */
    uint64_t max_nodes;      /* stop after this many search nodes; 0 = none */
    double timeout;          /* seconds of wall time; 0 = none */
    sk_solution_fn on_solution; /* optional; called for every solution */
    void *user;              /* passed to on_solution */
    const volatile int *cancel; /* optional; the search stops soon after
                                   *cancel becomes non-zero.  It is read with
                                   a relaxed atomic load: set it from another
                                   thread with an atomic store (for example
                                   __atomic_store_n) or from a signal handler */
    const uint64_t *candidates; /* optional N*N masks: bit d-1 of
                                   candidates[i] allows digit d in cell i
                                   (pencil marks); a given must be allowed
                                   by its cell's mask.  NULL: every digit.
                                   Only engines that say so take them */
} sk_search_opts;

#define SK_SEARCH_OPTS_INIT {2u, 0u, 0.0, NULL, NULL, NULL, NULL}

/* How a search ended (sk_result.end). */
typedef enum sk_end {
    SK_END_EXHAUSTED = 0, /* the whole space was searched: count is exact */
    SK_END_SOLUTIONS,     /* max_solutions were found */
    SK_END_CALLBACK,      /* on_solution asked to stop */
    SK_END_NODES,         /* max_nodes reached */
    SK_END_TIMEOUT,       /* timeout reached */
    SK_END_CANCELLED      /* *cancel became non-zero */
} sk_end;

/* What a search found and what it cost. */
typedef struct sk_result {
    uint64_t solutions; /* solutions found (exact when end is EXHAUSTED) */
    uint64_t nodes;     /* search nodes: propagation fixpoints visited */
    uint64_t guesses;   /* branching decisions that were not forced */
    sk_end end;         /* why the search stopped */
} sk_result;

/* The answer to "how many solutions", derived from a result. */
typedef enum sk_verdict {
    SK_VERDICT_NONE,     /* no solution */
    SK_VERDICT_UNIQUE,   /* exactly one (proven) */
    SK_VERDICT_MULTIPLE, /* at least two */
    SK_VERDICT_UNKNOWN   /* stopped early with fewer than two found */
} sk_verdict;

/* Classifies a result: two or more solutions are MULTIPLE however the
 * search ended; otherwise the count is final only when the search ended
 * EXHAUSTED (NONE or UNIQUE).  A first solution found with max_solutions
 * 1 is therefore UNKNOWN: it is a solution, not a proof of uniqueness. */
SK_API sk_verdict sk_result_verdict(const sk_result *r);

/* Name of a verdict: "none", "unique", "multiple", "unknown". */
SK_API const char *sk_verdict_name(sk_verdict v);

/* ------------------------------------------------------------------ */
/* Engines                                                             */
/* ------------------------------------------------------------------ */

/* Registry entry.  Engines are listed from index 0 to sk_engine_count()-1. */
typedef struct sk_engine_info {
    const char *name;     /* short name for --engine, e.g. "general" */
    const char *summary;  /* one line: how it searches */
    const char *supports; /* one line: which puzzles it accepts */
} sk_engine_info;

/* Number of engines in the registry. */
SK_API int sk_engine_count(void);

/* Entry i, or NULL when out of range. */
SK_API const sk_engine_info *sk_engine_info_at(int i);

/* Index of the engine called name, or -1. */
SK_API int sk_engine_find(const char *name);

/* 1 when engine i can search model m, else 0. */
SK_API int sk_engine_accepts(int i, const sk_model *m);

/* Index of the engine chosen automatically for m (the fastest that accepts it). */
SK_API int sk_engine_auto(const sk_model *m);

/*
 * A solver: one engine choice plus reusable work memory.  One per thread;
 * a solver may be used for any number of models one after another.
 */
typedef struct sk_solver sk_solver;

/*
 * Creates a solver for engine index `engine` (-1 = choose per model with
 * sk_engine_auto).  SK_EINVAL for an unknown index, SK_ENOMEM.
 */
SK_API int sk_solver_new(int engine, sk_solver **out);

/* Frees a solver; NULL is allowed. */
SK_API void sk_solver_free(sk_solver *s);

/*
 * Searches the puzzle `givens` (N*N, 0 = empty) of model m.
 * The first solution found is copied to `first` when it is not NULL
 * (N*N bytes; left untouched when none is found); every solution is also
 * passed to opts->on_solution.  opts NULL means SK_SEARCH_OPTS_INIT.
 * Returns SK_OK with *res filled (res may be NULL) whenever the search ran,
 * whatever it found; SK_EUNSUPPORTED when the solver's engine does not
 * accept m (or opts->candidates are given and it takes none: an automatic
 * solver then picks an engine that does); SK_EINVAL when givens hold a
 * digit above N; SK_ENOMEM.
 * Givens that already conflict simply give no solution.
 */
SK_API int sk_solver_run(sk_solver *s, const sk_model *m, const uint8_t *givens,
                  const sk_search_opts *opts, uint8_t *first, sk_result *res);

/* Convenience: solve with uniqueness check using a temporary solver.
 * Same contract as sk_solver_run with max_solutions = 2. */
SK_API int sk_solve(const sk_model *m, const uint8_t *givens, uint8_t *first, sk_result *res);

/* ------------------------------------------------------------------ */
/* True candidates                                                     */
/* ------------------------------------------------------------------ */

/* What to ask.  Initialise with SK_CANDIDATES_OPTS_INIT. */
typedef struct sk_candidates_opts {
    uint64_t cap;               /* count each candidate's solutions up to cap;
                                   1 (or 0): only whether it has one */
    double timeout;             /* seconds for the whole run; 0 = none */
    const volatile int *cancel; /* as in sk_search_opts */
    const uint64_t *candidates; /* optional N*N starting masks (pencil marks),
                                   as in sk_search_opts */
} sk_candidates_opts;

#define SK_CANDIDATES_OPTS_INIT {1u, 0.0, NULL, NULL}

typedef struct sk_candidates_result {
    uint64_t searches;  /* searches run (one per candidate not settled by
                           an earlier one) */
    uint64_t nodes;     /* their nodes, together */
    uint64_t solutions; /* with counts: distinct solutions met, a lower
                           bound on the puzzle's count; else 0 */
    sk_end end;         /* EXHAUSTED: the answer is final; TIMEOUT or
                           CANCELLED: out holds the digits not yet ruled
                           out (a superset) and counts are lower bounds */
    uint64_t guesses;   /* their guesses, together */
} sk_candidates_result;

/*
 * True candidates of the puzzle givens of model m: out[i] (N*N masks, bit
 * d-1 for digit d) gets the digits that cell i holds in at least one
 * solution; every mask is 0 when the puzzle has no solution, and every
 * mask is a single digit when it has exactly one.  counts (optional,
 * N*N*N entries) gets counts[i*N + d-1] = the number of solutions with d
 * in cell i, up to opts->cap.  Far cheaper than listing the solutions:
 * one search per candidate that no earlier search settled (candidates.c
 * explains).  Runs its searches in solver s (any engine that takes
 * candidate masks; an automatic solver picks one).  opts NULL means
 * SK_CANDIDATES_OPTS_INIT.  Returns SK_OK with *res filled (res may be
 * NULL), SK_EINVAL, SK_EUNSUPPORTED (s's engine takes no masks), SK_ENOMEM.
 */
SK_API int sk_candidates(sk_solver *s, const sk_model *m, const uint8_t *givens,
                         const sk_candidates_opts *opts, uint64_t *out, uint64_t *counts,
                         sk_candidates_result *res);

/* ------------------------------------------------------------------ */
/* Best score                                                          */
/* ------------------------------------------------------------------ */

/*
 * The value of a solution under a weight table w (N*N integers, any sign)
 * is sum over cells of w[i] * digit[i].  sk_best finds a solution of the
 * largest value (or the smallest) and proves it optimal by branch and
 * bound, without enumerating the solutions (src/best.c explains how).
 */

/* Called with each solution better than every one before (an N*N grid
 * valid only during the call) and its value.  Return 0 to go on, non-zero
 * to stop (the result then ends with SK_END_CALLBACK). */
typedef int (*sk_best_fn)(void *user, const uint8_t *solution, int64_t value);

/* What to ask.  Initialise with SK_BEST_OPTS_INIT. */
typedef struct sk_best_opts {
    int minimize;               /* 1: the smallest value instead of the largest */
    uint64_t max_nodes;         /* stop after this many search nodes; 0 = none */
    double timeout;             /* seconds of wall time; 0 = none */
    sk_best_fn on_improve;      /* optional; called for every better solution */
    void *user;                 /* passed to on_improve */
    const volatile int *cancel; /* optional; stops soon after *cancel becomes
                                   non-zero (read as in sk_search_opts) */
    const uint64_t *candidates; /* optional N*N masks (pencil marks), as in
                                   sk_search_opts: only solutions within
                                   them count */
} sk_best_opts;

#define SK_BEST_OPTS_INIT {0, 0u, 0.0, NULL, NULL, NULL, NULL}

/* What a best-score search found and what it cost. */
typedef struct sk_best_result {
    int found;             /* 1 when a solution was found: value and the
                              solution are set */
    int64_t value;         /* value of that solution */
    sk_end end;            /* EXHAUSTED: value is proven optimal (or, with
                              found 0, there is no solution); NODES,
                              TIMEOUT, CANCELLED, CALLBACK: the search
                              stopped early and value is the best so far */
    uint64_t nodes;        /* search nodes: propagation fixpoints visited */
    uint64_t guesses;      /* branching decisions that were not forced */
    uint64_t improvements; /* times a better solution was found */
    uint64_t bound_rounds; /* house-assignment bound evaluations */
    double root_bound;     /* the bound proven at the root: no solution is
                              better (0 when the root needed none) */
} sk_best_result;

/*
 * Finds the best solution of the puzzle givens (N*N, 0 = empty) of model
 * m under weights (N*N; NULL = the target weights of sk_target_weights).
 * Every geometry works: boxes, jigsaw, Latin squares, extra houses.  The
 * best solution found is copied to solution when it is not NULL (N*N
 * bytes; left untouched when none is found).  opts NULL means
 * SK_BEST_OPTS_INIT.  Returns SK_OK with *res filled (res may be NULL)
 * whenever the search ran, whatever it found; SK_EINVAL when m or givens
 * is NULL or a given is above N; SK_ENOMEM.  Givens that conflict simply
 * give no solution.  Thread-safe: the work memory is the call's own.
 */
SK_API int sk_best(const sk_model *m, const uint8_t *givens, const int32_t *weights,
                   const sk_best_opts *opts, uint8_t *solution, sk_best_result *res);

/* Fills weights (N*N) with the target scores of NOIP 2009, extended to any
 * N: 6 + the distance of the cell to the nearest border (9x9: rings of 6,
 * 7, 8, 9 and 10 in the centre). */
SK_API void sk_target_weights(int n, int32_t *weights);

/* ------------------------------------------------------------------ */
/* Text formats                                                        */
/* ------------------------------------------------------------------ */

/* Input/output forms. */
typedef enum sk_format {
    SK_FORMAT_AUTO = 0, /* reading: decided for each block of lines */
    SK_FORMAT_LINE,     /* one puzzle per line, N*N symbols; a jigsaw line
                           adds white space and N*N region ids */
    SK_FORMAT_GRID,     /* N rows of N symbols or N tokens; a jigsaw grid is
                           followed directly by N rows of region ids */
    SK_FORMAT_BOARD,    /* LeetCode JSON board [["5","3",".",...],...] */
    SK_FORMAT_HDU4069,  /* HDU 4069: count line, then 9 rows of 9 integers,
                           digit in bits 0-3, walls in bits 4-7 */
    SK_FORMAT_PRETTY,   /* writing only: a grid with box separators */
    SK_FORMAT_FPUZZLES, /* f-puzzles: its JSON, the compressed string of an
                           f-puzzles link (lz-string base64), or the whole
                           link; rules and regions included */
    SK_FORMAT_SUKAKU,   /* pencil marks on one line, N*N*N characters (729
                           for 9x9, the "Sukaku" or pencil-mark puzzle of
                           Sudoku Explainer): each cell's N places in digit
                           order, the digit's symbol when it is a candidate,
                           '.' or '0' when it is not ("1.3......" holds 1
                           and 3).  White space may separate the characters
                           anywhere; a jigsaw adds white space and N*N region
                           ids, as a jigsaw line does.  N from 4 to 35 */
    SK_FORMAT_PENCIL    /* pencil marks as a grid: N rows of N white-space
                           separated fields, each a cell's candidates
                           ("13 2 456 ..."), '|' and "---+---" separator
                           lines as in a printed grid (the form `sudokit
                           candidates` writes); a field may also be written
                           by place as in SUKAKU ("1.3......"); NUMBERS
                           separates the numbers of a field by commas
                           ("1,12,16"); a jigsaw is followed directly by N
                           rows of region ids, as a jigsaw grid is */
} sk_format;

/* Symbol sets. */
typedef enum sk_alphabet {
    SK_ALPHABET_AUTO = 0, /* reading: DIGITS unless the symbols say otherwise */
    SK_ALPHABET_DIGITS,   /* 1-9 then A-Z (either case): N <= 35 */
    SK_ALPHABET_HEX,      /* 0-9 then A-F, where 0 is the first value: N <= 16 */
    SK_ALPHABET_LETTERS,  /* A-Z (POJ 3076 uses A-P): N <= 26 */
    SK_ALPHABET_NUMBERS   /* decimal tokens 1..N, 0 or . for empty */
} sk_alphabet;

/* Names for command-line use: "line", "grid", ... / "digits", "hex", ...
 * Parsing returns -1 for an unknown name. */
SK_API const char *sk_format_name(sk_format f);
SK_API int sk_format_parse(const char *name);
SK_API const char *sk_alphabet_name(sk_alphabet a);
SK_API int sk_alphabet_parse(const char *name);

/* Symbol for value v (1..N) in alphabet a, or 0 when a has no single
 * character for v (NUMBERS, or v too large). */
SK_API char sk_alphabet_symbol(sk_alphabet a, int v);

/* Reading options, applied to every puzzle read.  SK_READ_OPTS_INIT. */
typedef struct sk_read_opts {
    sk_format format;     /* SK_FORMAT_AUTO or a fixed form */
    sk_alphabet alphabet; /* SK_ALPHABET_AUTO or a fixed alphabet */
    int box_rows;         /* box shape given to every puzzle (see sk_geometry) */
    int box_cols;
    unsigned extras;      /* SK_EXTRA_* given to every puzzle */
    int n;                /* expected side, or 0 to infer it */
} sk_read_opts;

#define SK_READ_OPTS_INIT {SK_FORMAT_AUTO, SK_ALPHABET_AUTO, SK_BOX_DEFAULT, SK_BOX_DEFAULT, 0u, 0}

/*
 * A puzzle as read.  Every pointer points into the reader's storage and is
 * valid until the next sk_reader_next() or sk_reader_free().
 */
typedef struct sk_puzzle {
    sk_geometry geom;         /* n, box, extras; geom.regions set for jigsaw */
    const uint8_t *cells;     /* N*N givens, 0 = empty */
    const uint32_t *cell_line;   /* cell_line[i]: input line of cell i */
    const uint32_t *cell_column; /* cell_column[i]: its column (1-based) */
    sk_format format;         /* form it was read in */
    sk_alphabet alphabet;     /* alphabet it was read in */
    long index;               /* 0-based position in the stream, counting
                                 rejected puzzles too */
    long line;                /* first input line of the puzzle */
    const uint8_t *solution;  /* N*N: the solution the input carries (an
                                 f-puzzles "solution"), or NULL */
    const char *warning;      /* what the reader left out without refusing
                                 the puzzle (f-puzzles drawings that are
                                 not rules: lines, circles, text...), or
                                 NULL */
    const uint64_t *candidates; /* N*N pencil marks (bit d-1 of candidates[i]:
                                 digit d is still possible in cell i) when
                                 the puzzle was read in SUKAKU or PENCIL
                                 form, else NULL.  Every mask holds at least
                                 one digit; a cell of cells[] holds its
                                 given's digit alone.  Which cells are
                                 givens differs by form: in SUKAKU none
                                 (cells[] is all 0: a cell with one
                                 candidate is a naked single, as Sudoku
                                 Explainer reads it); in PENCIL a field of
                                 one symbol is a filled cell, so cells[]
                                 holds it (a printed candidate grid shows a
                                 solved cell so), while a field written by
                                 place ("....5....") is a candidate set
                                 even with one digit.  Search with the marks
                                 as sk_search_opts.candidates. */
} sk_puzzle;

/* A streaming reader of puzzles (opaque). */
typedef struct sk_reader sk_reader;

/*
 * Opens a reader over a stream (the caller keeps ownership of fp and closes
 * it after sk_reader_free) or over a memory buffer (which must outlive the
 * reader).  opts NULL means SK_READ_OPTS_INIT.  SK_ENOMEM, SK_EINVAL.
 */
SK_API int sk_reader_open_file(FILE *fp, const sk_read_opts *opts, sk_reader **out);
SK_API int sk_reader_open_mem(const char *data, size_t size, const sk_read_opts *opts,
                       sk_reader **out);

/*
 * A source of bytes for sk_reader_open_fn: fills buf with up to size bytes
 * and returns how many (fewer than size is fine: the reader never waits for
 * a full buffer), 0 at the end of input, or -1 on an error (errno set).
 * When now is nonzero and no byte can be had without waiting, it returns
 * SK_READ_LATER instead.  user is the pointer given to sk_reader_open_fn.
 */
typedef long (*sk_read_fn)(void *user, char *buf, size_t size, int now);
#define SK_READ_LATER (-2L)

/*
 * Opens a reader over a source of bytes, for input that arrives a piece at
 * a time (a terminal, a pipe written by another program).  Such a reader
 * returns each puzzle as soon as it is complete: when only what follows
 * could still extend a puzzle (rule lines after a grid, the region grid of
 * a jigsaw, more rows), it asks with now = 1, and SK_READ_LATER ends the
 * puzzle where it stands.  So what belongs to one puzzle must arrive
 * together (as a paste or one write does); input that is all there, such
 * as a file, reads exactly as with sk_reader_open_file.
 */
SK_API int sk_reader_open_fn(sk_read_fn fn, void *user, const sk_read_opts *opts,
                      sk_reader **out);

/*
 * Reads the next puzzle into *p.
 *   SK_OK      a puzzle was read.
 *   SK_DONE    end of input.
 *   SK_EPARSE  the next puzzle is malformed: diag says where and why, the
 *              reader has skipped past it, and the next call goes on with
 *              the puzzle after it.  p->index and p->line are still set.
 *   SK_EIO, SK_ENOMEM  fatal; the reader cannot go on.
 * Memory stays bounded whatever the input: a line longer than
 * SK_MAX_LINE bytes is refused (SK_EPARSE) without being stored.
 */
SK_API int sk_reader_next(sk_reader *r, sk_puzzle *p, sk_diag *diag);

/* Frees a reader; NULL is allowed. */
SK_API void sk_reader_free(sk_reader *r);

/* Longest input line the reader stores. */
#define SK_MAX_LINE 65536

/*
 * Writes grid (N*N, 0 = empty) of geometry g as text in form f and
 * alphabet a (SK_ALPHABET_AUTO: DIGITS when N <= 35, else NUMBERS; a
 * LINE or BOARD form needs a one-character alphabet).  Jigsaw geometries
 * carry their region ids (LINE: after a space; GRID: N more rows).  The
 * text ends with a newline.  Like snprintf: writes at most size bytes
 * including a NUL and returns the length the whole text needs (so a call
 * with size 0 measures), or a negative status (SK_EINVAL when the form or
 * alphabet cannot express the grid).
 */
SK_API long sk_write(char *buf, size_t size, const sk_geometry *g, const uint8_t *grid,
              sk_format f, sk_alphabet a);

/*
 * Writes pencil marks cand (N*N masks, bit d-1 for digit d) of geometry g
 * in form f, so that they read back as the same marks:
 *   SK_FORMAT_PENCIL  N rows of fields, each cell's candidates run
 *                     together in digit order ("1679"; NUMBERS: decimal
 *                     numbers separated by commas, "1,12,16"), padded to
 *                     the widest field, with " |" between boxes and a line
 *                     of '-' and '+' between bands when g has rectangular
 *                     boxes; no space at the end of a row;
 *   SK_FORMAT_SUKAKU  one line of N*N*N characters: each cell's N places,
 *                     the digit's symbol or '.' (a one-character alphabet
 *                     is needed).
 * A jigsaw's regions follow as the reader takes them (PENCIL: N rows of
 * ids as GRID writes them; SUKAKU: a space and N*N ids).  sk_write takes
 * these forms too, for a grid: a filled cell is its digit, an empty cell holds every
 * digit.  snprintf-like: at most size bytes including a NUL; returns the
 * length the whole text needs, or SK_EINVAL (another form, an alphabet
 * that cannot write N, a mask with no digit or above N).
 */
SK_API long sk_write_candidates(char *buf, size_t size, const sk_geometry *g,
                                const uint64_t *cand, sk_format f, sk_alphabet a);
/* The same for a position that has filled cells: values (N*N, 0 = empty;
 * NULL: as sk_write_candidates) says which cells are filled.  In PENCIL a
 * field of one symbol is a filled cell, so an empty cell left with one
 * candidate is written by place ("..3......"), which reads back as a
 * candidate; in the NUMBERS alphabet above 9x9, which has no such field,
 * it is written as a filled cell.  SUKAKU has no filled cells: values
 * changes nothing there. */
SK_API long sk_write_position(char *buf, size_t size, const sk_geometry *g,
                              const uint8_t *values, const uint64_t *cand, sk_format f,
                              sk_alphabet a);

/*
 * Writes the variant rules of g as text, one rule per line in the form the
 * reader takes after a grid ("cage 15: r1c1 r1c2", "arrow: r5c5 > r4c4",
 * "anti-knight"), preceded by "box RxC" / "box none" when the box shape is
 * not the default and "diagonals" / "hyper" for the extras, so that the
 * grid (sk_write) followed by this text reads back as the same puzzle.
 * Writes nothing for a classic geometry.  snprintf-like: at most size
 * bytes including a NUL; returns the length the whole text needs, or
 * SK_EINVAL when g or a rule is malformed.
 */
SK_API long sk_write_rules(char *buf, size_t size, const sk_geometry *g);

/*
 * Solves every puzzle of text (len bytes, any forms the reader takes, read
 * with ro; NULL: SK_READ_OPTS_INIT) one after another with uniqueness
 * proven (max_solutions 2) or the first solution (1), each within timeout
 * seconds (0: none), and writes one line per puzzle, in input order, into
 * a new buffer *out (NUL-terminated; its length in *out_len, which may be
 * NULL; free it with sk_free): the solution in the puzzle's symbols
 * (decimal numbers separated by spaces when they take two characters), or
 * "none", "multiple", "timeout", "invalid" (unreadable, or an engine that
 * refuses it).  For bindings, which pay a call per puzzle otherwise:
 * puzzles of one plain geometry share one model, as the tool's do.
 * Returns the number of puzzles, or SK_EINVAL, SK_ENOMEM, SK_EIO.
 */
SK_API long sk_solve_all(const char *text, size_t len, const sk_read_opts *ro,
                         uint64_t max_solutions, double timeout, char **out, size_t *out_len);

/* Frees memory the library handed over (sk_solve_all's text). */
SK_API void sk_free(void *p);

/* ------------------------------------------------------------------ */
/* Why there is no solution                                            */
/* ------------------------------------------------------------------ */

/*
 * What sk_explain_none found.  X(name, value, keyword) feeds the enum and
 * sk_why_keyword(); the keyword is the JSON "kind" of the command-line tool.
 *
 *   CONFLICT   two givens repeat a digit in one house: house, cell (the
 *              later given), cell2 (the earlier one), digit
 *   VIOLATION  the givens already break a variant rule: rule, cell (a cell
 *              of the rule, or -1 for a rule of the whole grid)
 *   CELL       propagation leaves a cell with no candidate: cell; when
 *              that cell is a given, digit is its digit and cell2 the cell
 *              that must hold the same digit (-1 when a rule ruled it out)
 *   HOUSE      propagation leaves a digit no place in a full house: house,
 *              digit
 *   RULE       propagation leaves a variant rule no way to hold: rule, cell
 *              (its first cell), cell2 (for a rule on a pair of cells, the
 *              second, else -1)
 *   BRANCH     propagation alone finds no contradiction, but each candidate
 *              of one cell leads to one: cell, digits (those candidates);
 *              the message gives each contradiction
 *   SEARCH     neither: propagation from the givens leaves `open` cells
 *              undecided and no cell's candidates all fail; only a search
 *              proves that there is no solution (or finds one: the function
 *              does not search)
 */
#define SK_WHY_LIST(X)                 \
    X(SK_WHY_CONFLICT, 1, "conflict")  \
    X(SK_WHY_VIOLATION, 2, "violation") \
    X(SK_WHY_CELL, 3, "cell")          \
    X(SK_WHY_HOUSE, 4, "house")        \
    X(SK_WHY_RULE, 5, "rule")          \
    X(SK_WHY_BRANCH, 6, "branch")      \
    X(SK_WHY_SEARCH, 7, "search")

typedef enum sk_why_kind {
#define SK_WHY_ENUM_(name, value, keyword) name = value,
    SK_WHY_LIST(SK_WHY_ENUM_)
#undef SK_WHY_ENUM_
    SK_WHY_LAST_ = 8
} sk_why_kind;

/* Keyword of a kind ("cell", "house", ...), or NULL when unknown. */
SK_API const char *sk_why_keyword(int kind);

/* Why a puzzle has no solution.  Fields that do not apply to the kind are
 * -1 (cells, house, rule) or 0 (digit, digits). */
typedef struct sk_why {
    int kind;          /* SK_WHY_* */
    int cell;          /* the cell the reason points at (see the kinds) */
    int cell2;         /* a second cell (CONFLICT, RULE on a pair) */
    int house;         /* house index (see sk_model_house_name) */
    int digit;         /* 1..N */
    int rule;          /* rule index (see sk_model_rule_describe) */
    uint64_t digits;   /* BRANCH: the cell's candidates, bit d-1 for d */
    int forced;        /* cells that propagation fixed beyond the givens
                          before the contradiction (for BRANCH and SEARCH:
                          at the fixpoint before branching) */
    int open;          /* BRANCH, SEARCH: cells still undecided then */
    char message[400]; /* one line for people, without "no solution: ",
                          e.g. "the givens leave r3c4 no candidate",
                          "box 2 has no place left for 5 after propagation
                          from the givens (12 cells forced)" */
} sk_why;

/*
 * Says why the puzzle givens (N*N, 0 = empty) of model m has no solution,
 * from the deductions that show it, in the order a person would check
 * them: givens that repeat a digit or break a rule; then propagation from
 * the givens (naked and hidden singles, locked candidates, and the
 * propagators of the variant rules) until a cell has no candidate left, a
 * digit has no place left in a house or a rule cannot hold; then, when
 * that propagation stops without a contradiction, one cell of two or
 * three candidates each of which leads to a contradiction.  src/explain.c
 * explains the method.  The answer is deterministic and does not depend on
 * any engine.
 *
 * Meant for puzzles a search has shown to have none; for any other puzzle
 * it answers SEARCH (propagation cannot contradict a solvable puzzle).
 * The message names digits with the symbols of alphabet a
 * (SK_ALPHABET_AUTO: DIGITS up to 35x35, else decimal numbers).  Thread-
 * safe; allocates its own work memory.  Returns SK_OK with *why filled;
 * SK_EINVAL when m, givens or why is NULL or a given is above N;
 * SK_ENOMEM.
 */
SK_API int sk_explain_none(const sk_model *m, const uint8_t *givens, sk_alphabet a, sk_why *why);

/* The same for a puzzle given as pencil marks: cand (N*N masks, bit d-1
 * for digit d; NULL: every digit) narrows every cell before propagation
 * starts, and the messages speak of "the pencil marks" where they speak of
 * "the givens" above ("the pencil marks leave box 2 no place for 5").
 * givens may hold filled cells as well (0 = empty).  A mask of no digit is
 * itself the reason (CELL). */
SK_API int sk_explain_none_candidates(const sk_model *m, const uint8_t *givens,
                                      const uint64_t *cand, sk_alphabet a, sk_why *why);

/* ------------------------------------------------------------------ */
/* Solving like a person                                               */
/* ------------------------------------------------------------------ */

/*
 * The logical solver works on a candidate grid (pencil marks) and takes one
 * step at a time, as a person does: the first technique that makes progress
 * in the order of Sudoku Explainer's difficulty scale, which it rates the
 * same way (ratings are kept in tenths: 12 means 1.2).  It works on any
 * model: jigsaw regions count as boxes; other houses of N cells (diagonals,
 * windows) count as lines and take part in singles, naked and hidden sets,
 * chains and the uniqueness patterns, while locked candidates and fish are
 * made of boxes, rows and columns.  Variant
 * rules take part too: the houses and cell restrictions they make (cages'
 * different digits, odd and even cells...) as above, and each of their
 * other constraints (sums, lines, dots, arrows...) as a step of its own,
 * SK_TECH_VARIANT_RULE, whenever it narrows its cells' candidates; on a
 * model with such rules the uniqueness techniques (unique rectangles and
 * loops, BUG) are not used, since a rule may tell the two digits of their
 * deadly pattern apart.  SE has no rating for variant rules: sudokit's own
 * are given at SK_TECH_VARIANT_RULE below.
 *
 * Techniques, each with its name, keyword and SE rating (tenths; several
 * rise with size or chain length, see sk_step.rating).
 */
#define SK_TECH_LIST(X)                                                            \
    X(SK_TECH_FULL_HOUSE, 0, "Full House", "full-house", 10)                       \
    X(SK_TECH_HIDDEN_SINGLE, 1, "Hidden Single", "hidden-single", 12)              \
    X(SK_TECH_DIRECT_POINTING, 2, "Direct Pointing", "direct-pointing", 17)        \
    X(SK_TECH_DIRECT_CLAIMING, 3, "Direct Claiming", "direct-claiming", 19)        \
    X(SK_TECH_DIRECT_HIDDEN_PAIR, 4, "Direct Hidden Pair", "direct-hidden-pair", 20) \
    X(SK_TECH_NAKED_SINGLE, 5, "Naked Single", "naked-single", 23)                 \
    X(SK_TECH_DIRECT_HIDDEN_TRIPLE, 6, "Direct Hidden Triple", "direct-hidden-triple", 25) \
    X(SK_TECH_POINTING, 7, "Pointing", "pointing", 26)                             \
    X(SK_TECH_CLAIMING, 8, "Claiming", "claiming", 28)                             \
    X(SK_TECH_NAKED_PAIR, 9, "Naked Pair", "naked-pair", 30)                       \
    X(SK_TECH_X_WING, 10, "X-Wing", "x-wing", 32)                                  \
    X(SK_TECH_HIDDEN_PAIR, 11, "Hidden Pair", "hidden-pair", 34)                   \
    X(SK_TECH_NAKED_TRIPLE, 12, "Naked Triple", "naked-triple", 36)                \
    X(SK_TECH_SWORDFISH, 13, "Swordfish", "swordfish", 38)                         \
    X(SK_TECH_HIDDEN_TRIPLE, 14, "Hidden Triple", "hidden-triple", 40)             \
    X(SK_TECH_XY_WING, 15, "XY-Wing", "xy-wing", 42)                               \
    X(SK_TECH_XYZ_WING, 16, "XYZ-Wing", "xyz-wing", 44)                            \
    X(SK_TECH_UNIQUE_RECTANGLE, 17, "Unique Rectangle", "unique-rectangle", 45)    \
    X(SK_TECH_UNIQUE_LOOP, 18, "Unique Loop", "unique-loop", 46)                   \
    X(SK_TECH_NAKED_QUAD, 19, "Naked Quad", "naked-quad", 50)                      \
    X(SK_TECH_JELLYFISH, 20, "Jellyfish", "jellyfish", 52)                         \
    X(SK_TECH_HIDDEN_QUAD, 21, "Hidden Quad", "hidden-quad", 54)                   \
    X(SK_TECH_BUG, 22, "BUG", "bug", 56)                                           \
    X(SK_TECH_ALIGNED_PAIR_EXCLUSION, 23, "Aligned Pair Exclusion", "aligned-pair-exclusion", 62) \
    X(SK_TECH_X_CYCLE, 24, "Bidirectional X-Cycle", "x-cycle", 65)                 \
    X(SK_TECH_Y_CYCLE, 25, "Bidirectional Y-Cycle", "y-cycle", 65)                 \
    X(SK_TECH_FORCING_X_CHAIN, 26, "Forcing X-Chain", "forcing-x-chain", 66)       \
    X(SK_TECH_CYCLE, 27, "Bidirectional Cycle", "cycle", 70)                       \
    X(SK_TECH_FORCING_CHAIN, 28, "Forcing Chain", "forcing-chain", 70)             \
    X(SK_TECH_ALIGNED_TRIPLE_EXCLUSION, 29, "Aligned Triple Exclusion", "aligned-triple-exclusion", 75) \
    X(SK_TECH_NISHIO, 30, "Nishio Forcing Chains", "nishio", 75)                   \
    X(SK_TECH_CELL_FORCING_CHAINS, 31, "Cell Forcing Chains", "cell-forcing-chains", 80) \
    X(SK_TECH_REGION_FORCING_CHAINS, 32, "Region Forcing Chains", "region-forcing-chains", 80) \
    X(SK_TECH_CONTRADICTION_CHAIN, 33, "Dynamic Contradiction Forcing Chains", "contradiction-forcing-chain", 85) \
    X(SK_TECH_DOUBLE_CHAIN, 34, "Dynamic Double Forcing Chains", "double-forcing-chain", 85) \
    X(SK_TECH_DYNAMIC_CELL_CHAINS, 35, "Dynamic Cell Forcing Chains", "dynamic-cell-forcing-chains", 85) \
    X(SK_TECH_DYNAMIC_REGION_CHAINS, 36, "Dynamic Region Forcing Chains", "dynamic-region-forcing-chains", 85) \
    X(SK_TECH_VARIANT_RULE, 37, "Variant Rule", "variant-rule", 16)

typedef enum sk_tech {
#define SK_TECH_ENUM_(name, value, human, keyword, rating) name = value,
    SK_TECH_LIST(SK_TECH_ENUM_)
#undef SK_TECH_ENUM_
    SK_TECH_COUNT_ = 38
} sk_tech;

/* Name ("X-Wing"), keyword ("x-wing") and base rating in tenths of a
 * technique; NULL / -1 when unknown. */
SK_API const char *sk_tech_name(int t);
SK_API const char *sk_tech_keyword(int t);
SK_API int sk_tech_rating(int t);
/* The technique of a keyword, or -1. */
SK_API int sk_tech_parse(const char *keyword);

/* A candidate: digit (1..N) in cell. */
typedef struct sk_cand {
    int cell;
    int digit;
} sk_cand;

/* A link of a chain: the candidate is true (on = 1) or false (on = 0);
 * rule says what made it follow from the link before: 0 its cell or a
 * house (or nothing: the chain's assumption, a nested deduction), above
 * 0 a variant rule, as 1 + its index (see sk_model_rule_describe), below
 * 0 several rules together (a sum they imply, two rules' relation on the
 * same two cells), which sk_step_describe spells out. */
typedef struct sk_node {
    int cell;
    int digit;
    int on;
    int rule;
} sk_node;

/*
 * One step of the logical solver.  Pointers point into the solver and are
 * valid until its next call.  What each technique fills in:
 *   houses   singles: the house; locked candidates: the house the digit
 *            is locked in, then the house it is removed from; sets: the
 *            house; fish: the base lines, then the cover lines
 *   cells    sets: the set's cells; wings: pivot, then the two wings;
 *            unique rectangles and loops: the loop in order; BUG: the
 *            cells outside the bivalue grave; aligned exclusion: the
 *            aligned cells; cycles: the cell of each link of the loop
 *            (a cell twice when the loop passes it on two digits)
 *   digits   the pattern's digits: the single's or the locked digit, the
 *            set's digits, the fish digit, the wing's common digit, the
 *            rectangle's two digits, the BUG values (for BUG type 4 too,
 *            not the digit its two cells share), a chain's concluded digit
 *   nodes    chains: each branch from its assumption to its conclusion,
 *            following one line of reasoning (the first cause of each
 *            link); branch k is nodes[branch[k] .. branch[k+1])
 * A variant rule step (SK_TECH_VARIANT_RULE) holds the constraint's cells
 * in cells, the digits it removes in digits, and which constraint in rule
 * (and, for a sum the rules imply together, subtype and total).  Its
 * rating: 1.6 for a constraint between two cells (dots, XV, thermometers,
 * whispers, palindromes, nonconsecutive...), for the digit combinations
 * of a cage or a renban line and for a quadruple's digits; 2.1 for the
 * other constraints of a rule (little killers, arrows, region-sum lines,
 * sandwiches, between lines, cages with too many combinations to list);
 * 2.6 for a digit that a cage, a renban line or a quadruple must hold and
 * whose places there lie in one house, which it leaves (houses[0] is that
 * house, digits the digit, the removals are in the house); 2.7 for a sum
 * the rules imply together; 2.8 for a digit that the rule's cells in one
 * house must hold (without it there the rule cannot hold), which leaves
 * the rest of the house (houses[0], digits and the removals as for 2.6,
 * subtype 1); 3.1 for a candidate the rule cannot hold with, its digit in
 * its cell and gone from the rule's cells that see it (one removal,
 * subtype 2); 3.5 for candidates of two rules whose cells meet that no
 * way of filling the first rule's cells leaves the second room for
 * (rule and rule2 the two rules, cells the cells of both, subtype 3).
 * For a rule (rule >= 0) subtype is 0, 1, 2 or 3 so; for a sum the rules
 * imply it counts the cells subtracted.
 */
typedef struct sk_step {
    int technique;       /* SK_TECH_* */
    int rating;          /* difficulty in tenths of SE's scale */
    int subtype;         /* unique rectangle/loop and BUG: the type 1..4;
                            dynamic chains: the nesting level 0..4
                            (SE's "(+)" forms); variant rule steps: see
                            above; else 0 */
    int cell;            /* the cell the step fills, or -1 */
    int digit;           /* the digit it places there (1..N), or 0 */
    int nelim;           /* candidates it removes */
    const sk_cand *elim;
    int direct;          /* 1: the eliminations only lead to the placement
                            (SE's "direct" techniques apply the placement
                            alone; sk_logic_apply does the same) */
    uint64_t digits;     /* bit d-1 for digit d */
    int nhouses;
    int houses[8];       /* model house indexes (see sk_model_house_name) */
    int ncells;
    const int *cells;
    int nbranches;
    const int *branch;   /* nbranches + 1 offsets into nodes */
    int nnodes;
    const sk_node *nodes;
    int complexity;      /* chains: the number of links the conclusion rests
                            on, from which SE's length bonus is computed */
    int rule;            /* variant rule steps: the rule whose constraint
                            narrowed (see sk_model_rule_describe), or -1
                            for a sum the rules imply together (the law
                            of the leftover: cages and houses), which says
                            that the first ncells - subtype cells minus
                            the last subtype cells sum to total */
    int rule2;           /* a second rule on the same two cells (a dot and
                            a negative constraint, say), whose relation
                            narrowed together with rule's; -2 when more
                            than one other rule did; the second of two
                            rules together (subtype 3); else -1 */
    int total;
} sk_step;

/* A logical solver over one model (opaque). */
typedef struct sk_logic sk_logic;

/* SK_OK, SK_ENOMEM, SK_EINVAL (m NULL). */
SK_API int sk_logic_new(const sk_model *m, sk_logic **out);
SK_API void sk_logic_free(sk_logic *l);
/* Starts from givens (N*N, 0 = empty): each empty cell's candidates are
 * the digits no given in its houses holds.  SK_EINVAL when a given is
 * above N or repeats a digit in a house. */
SK_API int sk_logic_start(sk_logic *l, const uint8_t *givens);
/* Starts from pencil marks: cand[c] holds bit d-1 when digit d is still a
 * candidate of cell c; givens (may be NULL) marks the cells that are
 * filled.  Candidates that a filled cell's digit rules out are removed.
 * SK_EINVAL when a given is not among its cell's candidates.  A cell left
 * without a candidate makes a position without solution: sk_logic_next
 * finds no step there and sk_logic_contradiction names the cell. */
SK_API int sk_logic_start_candidates(sk_logic *l, const uint8_t *givens, const uint64_t *cand);
/* Techniques rated above max_rating (tenths) are not tried; 0 = no limit.
 * `candidates --basic` uses 28 (singles and locked candidates). */
SK_API void sk_logic_set_limit(sk_logic *l, int max_rating);
/* Each later sk_logic_next() and sk_rate*() call gives up after this many
 * seconds (0 = no limit, the default) and returns SK_ETIME.  The nested
 * chains can take very long on a grid that has many solutions (an empty
 * one: every technique is tried and fails), or on a large grid. */
SK_API void sk_logic_set_timeout(sk_logic *l, double seconds);
/* Each later sk_logic_next() and sk_rate*() call gives up soon after
 * *flag becomes non-zero (set it from any thread with an atomic store, as
 * sk_search_opts.cancel), with SK_ETIME as for a timeout; one made while
 * it is set returns SK_ETIME at once.  NULL: none (the default).  The
 * flag must outlive those calls. */
SK_API void sk_logic_set_cancel(sk_logic *l, const volatile int *flag);
/* Finds the next step: 1 with *step filled, 0 when no technique applies
 * (or the grid is solved, or sk_logic_contradiction shows that the
 * position has no solution), negative status on error (SK_ETIME). */
SK_API int sk_logic_next(sk_logic *l, sk_step *step);
/* Applies a step found by sk_logic_next on the same position. */
SK_API void sk_logic_apply(sk_logic *l, const sk_step *step);
/* The current position: cand[c] (bit d-1 = digit d still possible) and the
 * filled cells (0 = empty); N*N entries each. */
SK_API const uint64_t *sk_logic_candidates(const sk_logic *l);
SK_API const uint8_t *sk_logic_values(const sk_logic *l);
/* 1 when every cell is filled. */
SK_API int sk_logic_solved(const sk_logic *l);
/* After sk_logic_start*: 1 when the position shows on its face that it
 * has no solution, with *why saying where: kind SK_WHY_CELL (an empty
 * cell without a candidate, why->cell) or SK_WHY_HOUSE (a digit a house
 * lacks has no place left in it, why->house and why->digit), and
 * why->message ("r1c1 has no candidate left", "row 3 has no place left
 * for 5", digits in alphabet a); 2 for the same when a step that assumes
 * one solution (unique rectangle or loop, BUG) was applied on the way:
 * then the puzzle has none or several; 0 when neither; SK_EINVAL when l
 * or why is NULL.  A position reached from a puzzle with one solution
 * never shows one; one rated unchecked (a wrong given, pencil marks
 * without the true digit, several solutions) can, and the logical solver
 * stops there. */
SK_API int sk_logic_contradiction(sk_logic *l, sk_alphabet a, sk_why *why);

/* SE's three figures for a puzzle, in tenths. */
typedef struct sk_rating {
    int er;        /* hardest step of the whole path (SE's ER) */
    int ep;        /* hardest step up to the first placement (EP) */
    int ed;        /* the first step's rating (ED) */
    int er_tech;   /* techniques of the steps that set ER, EP, ED (-1 none) */
    int ep_tech;
    int ed_tech;
    int steps;     /* steps taken */
    int stuck;     /* 1 when no technique applies before the end: ER is
                      then 200, SE's "beyond" */
} sk_rating;

/* Rates a puzzle: solves it from givens step by step to the end and fills
 * *r.  Same errors as sk_logic_start; SK_ETIME when the timeout ends the
 * rating (*r then holds the figures of the steps taken). */
SK_API int sk_rate(sk_logic *l, const uint8_t *givens, sk_rating *r);
/* The same from the position l is at (after sk_logic_start_candidates, for
 * pencil marks, or after some steps).  SK_OK, SK_EINVAL, SK_ENOMEM, or
 * SK_ETIME as sk_rate. */
SK_API int sk_rate_position(sk_logic *l, sk_rating *r);
/* The figures of a path walked by hand, as sk_rate adds them up: start
 * with sk_rating_init (all zero, techniques -1), count each step with
 * sk_rating_add, and when no technique applies before the end,
 * sk_rating_stuck (ER 200, SE's "beyond"). */
SK_API void sk_rating_init(sk_rating *r);
SK_API void sk_rating_add(sk_rating *r, const sk_step *s);
SK_API void sk_rating_stuck(sk_rating *r);
/* The step's full name as SE names its technique ("Unique Loop 6 type 2",
 * "Dynamic Region Forcing Chains (+)", "Turbot Fish" for a forcing X-chain
 * of six links); returns buf. */
SK_API char *sk_step_name(const sk_step *s, char *buf, size_t size);

/*
 * The step s, found on model m, as one sentence a person can check on the
 * grid: what it concludes, the technique and the pattern behind it.
 * Cells are named rNcM (from 1), houses as sk_model_house_name names
 * them, digits with the symbols of alphabet a (SK_ALPHABET_AUTO: DIGITS
 * up to 35x35, else decimal numbers), sets of digits as "1,7":
 *   "r4c5 = 7: hidden single in box 5"
 *   "pointing: 3 in box 1 is locked in row 2, removes 3 from r2c5, r2c8"
 *   "naked pair 1,7 in r3c1, r3c5 (row 3) removes 1 from r3c2; 7 from r3c9"
 *   "X-wing on 3 in rows 2 and 7 (columns 2 and 8) removes 3 from r5c2, r5c8"
 *   "XY-wing with pivot r1c1 and wings r1c7, r2c2 removes 8 from r2c7"
 *   "r3c8 = 5: forcing chain: r1c2=5 -> r1c7<>5 -> r3c8=5"
 * A placement comes first ("r4c5 = 7: "), removed candidates last
 * ("removes D from CELLS; D from CELLS", or grouped by cell when fewer
 * cells than digits lose candidates).  Chains write each link as CELL=D
 * (true) or CELL<>D (false), a branch per clause separated by "; ".  Any
 * technique id gives a sentence (an unknown one is named "?", a chain
 * without nodes by its name and result); m NULL names cells "cell K".
 * Writes at most size bytes including the NUL; a text that does not fit
 * is cut and ends with "..." (when size >= 4).  Returns buf.
 */
SK_API char *sk_step_describe(const sk_model *m, const sk_step *s, sk_alphabet a, char *buf,
                              size_t size);

/*
 * What made a chain's link follow from the link before, as
 * sk_step_describe writes it in parentheses after the link: "killer cage
 * 15 at r1c1" (node->rule above 0), "nonconsecutive and negative black
 * dots" (two rules' relation on the same two cells), "innies of box 1:
 * r1c3 + r3c1 = 13" (a sum or a set of digits the rules imply together,
 * named by where it comes from: the innies or outies of a region of whole
 * houses, or "killer cages 16 at r1c1 and 24 at r2c2 together"; "implied"
 * when the model does not say); "" for a link of a cell or a house (rule
 * 0) and for node NULL.  m must be the model the step was
 * found on.  Writes at most size bytes including the NUL, cut with "..."
 * as sk_step_describe cuts.  Returns buf.
 */
SK_API char *sk_node_rule_describe(const sk_model *m, const sk_node *node, char *buf,
                                   size_t size);

/*
 * Where the sum or set of a variant rule step that the rules imply
 * together (s->rule -1) comes from, as sk_step_describe names it in
 * parentheses: "innies of box 1", "innies and outies of rows 1-4",
 * "killer cages 16 at r1c1 and 24 at r2c2 together"; "implied" when the
 * model does not say (the sentence then says "implied by the rules");
 * "" for any other step.  Written and cut as
 * sk_node_rule_describe writes.  Returns buf.
 */
SK_API char *sk_step_rule_source(const sk_model *m, const sk_step *s, char *buf, size_t size);
/*
 * A hint that leaves the step to the solver (`sudokit hint --reveal`):
 * level 1 its name ("X-Wing"); level 2 also where to look: the digits it
 * is about (sk_step_vague_digits), then the houses it lies in, else its
 * cells (each once), else the cell it places in: "X-Wing on 6 in row 2,
 * row 5, column 5 and column 7", "Hidden Single in column 7", "Naked
 * Single at r9c6".  A variant rule's step, whose cells and digits are what
 * it removes, names its rule instead: "Variant Rule from killer cage 3 at
 * r1c1".  Never what the step places or removes.  cand: the candidates of
 * the position the step was found in (may be NULL).  Written and cut as
 * sk_step_describe writes.  Returns buf.
 */
SK_API char *sk_step_describe_vague(const sk_model *m, const sk_step *s, const uint64_t *cand,
                                    int level, sk_alphabet a, char *buf, size_t size);
/* The digits such a hint names: the step's, less the one it places and
 * any that the step leaves alone in one of its cells (cand as above; NULL:
 * only the placed one is left out). */
SK_API uint64_t sk_step_vague_digits(const sk_step *s, const uint64_t *cand);

/* ------------------------------------------------------------------ */
/* Making puzzles                                                      */
/* ------------------------------------------------------------------ */

/*
 * Symmetries of the givens' positions: X(name, value, keyword, meaning).
 * A cell at row r, column c (from 0) of an N x N grid has as partners
 * the cells the symmetry maps it to; the givens of a symmetric puzzle are
 * whole orbits.
 */
#define SK_SYMMETRY_LIST(X)                                                         \
    X(SK_SYMMETRY_NONE, 0, "none", "no symmetry")                                    \
    X(SK_SYMMETRY_ROT180, 1, "rot180", "a half turn: r,c with N-1-r,N-1-c")          \
    X(SK_SYMMETRY_ROT90, 2, "rot90", "a quarter turn: the four rotations of a cell") \
    X(SK_SYMMETRY_MIRROR, 3, "mirror", "left and right: r,c with r,N-1-c")           \
    X(SK_SYMMETRY_FLIP, 4, "flip", "top and bottom: r,c with N-1-r,c")               \
    X(SK_SYMMETRY_DIAGONAL, 5, "diagonal", "the main diagonal: r,c with c,r")        \
    X(SK_SYMMETRY_ANTIDIAGONAL, 6, "antidiagonal",                                   \
      "the other diagonal: r,c with N-1-c,N-1-r")                                   \
    X(SK_SYMMETRY_BOTH, 7, "both", "mirror and flip together (and so the half turn)") \
    X(SK_SYMMETRY_FULL, 8, "full", "all eight symmetries of the square")

typedef enum sk_symmetry {
#define SK_SYMMETRY_ENUM_(name, value, keyword, meaning) name = value,
    SK_SYMMETRY_LIST(SK_SYMMETRY_ENUM_)
#undef SK_SYMMETRY_ENUM_
    SK_SYMMETRY_COUNT_ = 9
} sk_symmetry;

/* Keyword ("rot180") and meaning of a symmetry, NULL when unknown; the
 * symmetry of a keyword (also qqwing's "rotate180", "rotate90"), or -1. */
SK_API const char *sk_symmetry_keyword(int s);
SK_API const char *sk_symmetry_meaning(int s);
SK_API int sk_symmetry_parse(const char *keyword);

/* 1 when the non-zero cells of grid (N*N) are whole orbits of symmetry s. */
SK_API int sk_symmetry_holds(int n, int s, const uint8_t *grid);

/*
 * Fills regions (N*N) with a random jigsaw layout drawn from seed: N
 * regions of N orthogonally connected cells, ids 0..N-1 (for
 * sk_geometry.regions).  It starts from boxes (rows when N is a prime)
 * and swaps cells between neighbouring regions many times, each swap
 * keeping both regions connected.  Not every layout has a solution grid
 * (sk_generate then returns SK_ERANGE; draw another).  SK_OK, SK_EINVAL
 * (N out of 1..SK_MAX_N), SK_ENOMEM.
 */
SK_API int sk_random_regions(int n, uint64_t seed, uint8_t *regions);

/*
 * Killer cages for a solution grid (N*N), drawn from seed: the grid cut
 * into cages of min_size to max_size orthogonally connected cells (2 <=
 * min_size <= max_size <= N), no digit twice in a cage, each with the
 * sum of its digits; a cage that cannot grow to its size stays smaller,
 * and a lone cell joins a neighbouring cage that lacks its digit.  Writes
 * *ncages SK_RULE_CAGE rules into rules (room for N*N/2) whose cells
 * point into cells (room for N*N), cages in reading order of their first
 * cell.  SK_OK; SK_EINVAL; SK_ERANGE when no cut was found (very small
 * grids); SK_ENOMEM.  The solution always satisfies the cages; whether
 * they make the puzzle unique is sk_generate's business (build a model
 * with them and generate on it).
 */
SK_API int sk_random_cages(int n, const uint8_t *solution, uint64_t seed, int min_size,
                           int max_size, sk_rule *rules, int *cells, int *ncages);

/* 1 when sk_add_rules can add rules of this kind: every kind of
 * SK_RULE_LIST. */
SK_API int sk_add_rules_kind(int kind);

/*
 * Adds variant rules of the kinds listed to a puzzle (geometry g with its
 * own rules, and givens) until it has exactly one solution.  Rules of the
 * whole grid among the kinds (diagonals, anti-knight, anti-king, disjoint
 * groups, the negative rules) are imposed first, once each; then a random
 * solution S of the puzzle (from seed) is kept; while a second solution T
 * remains, a rule that S obeys and T breaks is drawn through a cell where
 * they differ; at the end each added rule goes again when the solution
 * stays unique without it.  rules (room for max_rules) receives the
 * *nadded rules added, their cells and digits stored in ints (room for
 * max_ints); solution (N*N) receives S.  Returns SK_OK; SK_ERANGE when the
 * puzzle (with the rules of the whole grid asked for) has no solution,
 * when no rule of those kinds tells two solutions apart, or when the room
 * runs out; SK_ETIME (timeout seconds, 0 = none, or a count of the
 * solutions that runs past two million search nodes, as weak rules alone
 * on an empty grid can);
 * SK_EINVAL (a kind sk_add_rules_kind refuses, a given above N);
 * SK_EMODEL (diag says why); SK_ENOMEM.
 */
SK_API int sk_add_rules(const sk_geometry *g, const uint8_t *givens, const int *kinds,
                        int nkinds, uint64_t seed, double timeout, sk_rule *rules,
                        int max_rules, int *ints, int max_ints, int *nadded,
                        uint8_t *solution, sk_diag *diag);

/* What the puzzles must be.  Initialise with SK_GENERATE_OPTS_INIT. */
typedef struct sk_generate_opts {
    uint64_t seed;              /* the same seed and options make the same
                                   puzzle */
    int symmetry;               /* SK_SYMMETRY_* */
    int min_givens, max_givens; /* bounds on the givens; 0 = none */
    int minimal;                /* 1: no single given can be removed without
                                   a second solution (checked given by given
                                   even when a symmetry is asked) */
    const uint8_t *pattern;     /* NULL, or N*N flags: the givens are exactly
                                   the non-zero cells (symmetry and givens
                                   bounds are then not used) */
    int min_rating, max_rating; /* SE rating (ER, tenths) bounds; 0 = none.
                                   The model must have no variant rules */
    int needs;                  /* -1, or a technique (SK_TECH_*) that the
                                   logical solver's path must use */
    int no_guess;               /* 1: solvable without trial and error (see
                                   sk_generate) */
    uint64_t max_tries;         /* give up after this many grids; 0 = none */
    double timeout;             /* seconds for the whole call; 0 = none */
    double rate_timeout;        /* seconds for one puzzle's logical path;
                                   a puzzle that takes longer is dropped;
                                   0 = none */
    const volatile int *cancel; /* as in sk_search_opts */
} sk_generate_opts;

#define SK_GENERATE_OPTS_INIT {0u, SK_SYMMETRY_NONE, 0, 0, 0, NULL, 0, 0, -1, 0, 0u, 0.0, 0.0, NULL}

/* What it cost, and the puzzle's figures. */
typedef struct sk_generate_result {
    int givens;          /* givens of the puzzle made */
    uint64_t tries;      /* solution grids tried, the successful one included */
    uint64_t searches;   /* uniqueness searches run */
    int rated;           /* 1 when the logical solver walked its path:
                            rating and techniques are set */
    sk_rating rating;
    uint64_t techniques; /* bit t: technique t is used on the path */
} sk_generate_result;

/* Makes puzzles for one model; one per thread (opaque). */
typedef struct sk_generator sk_generator;

/* SK_OK, SK_ENOMEM, SK_EINVAL (m NULL).  The model must outlive it. */
SK_API int sk_generator_new(const sk_model *m, sk_generator **out);
SK_API void sk_generator_free(sk_generator *g);

/*
 * Makes a puzzle with exactly one solution (proven): fills a random
 * solution grid, then takes givens away orbit by orbit in random order
 * while the solution stays unique.  A grid that cannot meet the options
 * (givens out of bounds, a single removable given under --minimal, a
 * rating out of range, a missing technique, a guess) is dropped and the
 * next one tried.  puzzle and solution (N*N each; solution may be NULL)
 * receive the puzzle and its solution.
 *
 * "Without trial and error" (no_guess) means: for a model the logical
 * solver takes, its path uses no Nishio, dynamic or nested forcing chains
 * (every step follows from the position by a pattern or a chain of
 * implications); for a model with variant rules, the search's own
 * propagation (naked and hidden singles, locked candidates and every
 * rule's deductions) solves it without a branch, and givens are taken
 * away only while that stays so.
 *
 * Returns SK_OK; SK_ETIME when max_tries, the timeout or cancel ends it
 * first; SK_ERANGE when the model has no solution grid at all (rules no
 * grid obeys); SK_EINVAL for options that contradict each other or the model
 * (a pattern with a digit above 1, bounds out of order, givens bounds
 * that no count made of whole orbits of the symmetry meets, such as 30
 * under rot90 on 9x9; a rating bound or needed technique on a model with
 * rules: SK_EUNSUPPORTED); SK_ENOMEM.
 */
SK_API int sk_generate(sk_generator *g, const sk_generate_opts *o, uint8_t *puzzle,
                       uint8_t *solution, sk_generate_result *r);

/* A random solution (N*N) of the puzzle givens (N*N; NULL: the empty
 * grid) on g's model, drawn from seed, as sk_generate starts from: a few
 * random digits added to the givens, then the engine's first solution.
 * SK_OK, SK_ERANGE (no solution), SK_EINVAL, SK_ENOMEM. */
SK_API int sk_random_solution(sk_generator *g, const uint8_t *givens, uint64_t seed,
                              uint8_t *solution);

/*
 * Which givens and which rules of a puzzle with exactly one solution
 * could each go alone, the solution staying unique.  g describes the
 * puzzle (rules included); givens are its N*N givens.  given_free (N*N)
 * gets 1 for a given that could go (0 elsewhere); rule_free (g->nrules
 * entries; may be NULL when there are none) gets 1 for a rule that could
 * go.  Returns SK_OK; SK_ERANGE when the puzzle has no solution or
 * several (nothing is then written); SK_EMODEL (diag says why),
 * SK_EINVAL, SK_ENOMEM, SK_ETIME (timeout seconds, 0 = none).
 */
SK_API int sk_redundant(const sk_geometry *g, const uint8_t *givens, double timeout,
                        uint8_t *given_free, uint8_t *rule_free, sk_diag *diag);

/*
 * Makes a puzzle with exactly one solution minimal: takes givens away one
 * at a time, then rules, each when the solution stays unique, until none
 * can go.  The order is reading order for givens and the rules' order,
 * or a random order drawn from seed when seed is not 0.  keep_rules 1
 * keeps every rule.  out (N*N) gets the givens kept and rule_kept
 * (g->nrules entries, may be NULL without rules) 1 for each rule kept.
 * Same returns as sk_redundant.
 */
SK_API int sk_minimize(const sk_geometry *g, const uint8_t *givens, uint64_t seed,
                       int keep_rules, double timeout, uint8_t *out, uint8_t *rule_kept,
                       sk_diag *diag);

/* ------------------------------------------------------------------ */
/* Export                                                              */
/* ------------------------------------------------------------------ */

/*
 * Writes the puzzle givens (N*N, 0 = empty; NULL = an empty grid) of model
 * m to fp as a SAT problem in DIMACS CNF, so that any SAT solver can solve
 * it or prove it unique.
 *
 * Variables: (r*N + c)*N + d, i.e. cell*N + d, with r and c from 0 and d
 * from 1..N, is true when the cell at row r, column c holds digit d; the
 * formula has N^3 variables.  A model of the formula is a solution of the
 * puzzle and back: decode each true variable v as cell (v-1)/N, digit
 * (v-1)%N + 1.
 *
 * Clauses, in this order:
 *   each cell holds at least one digit                   N^2
 *   each cell holds at most one digit (pairwise)         N^2 * N(N-1)/2
 *   each full house (N cells) holds each digit           F * N
 *   each house, full or smaller group, holds each digit
 *   at most once (pairwise)                              N * sum of s(s-1)/2
 *   a unit clause per given                              G
 * (F full houses, s the size of each house, G givens.)  Two cells sharing
 * several houses get the same binary clause once per house.  The text
 * starts with two "c" comment lines (the geometry and the numbering), then
 * the header "p cnf N^3 C" with the exact clause count C; each clause is
 * one line ending in " 0".  Givens that conflict give an unsatisfiable
 * formula; they are not rejected.
 *
 * fp stays the caller's (not flushed, not closed).  fp NULL writes nothing
 * and only returns the clause count.  Returns the number of clauses, or a
 * negative status: SK_EINVAL when m is NULL or a given exceeds N, SK_EIO
 * when a write fails (the text is then incomplete), SK_ENOMEM.
 */
SK_API long sk_write_cnf(FILE *fp, const sk_model *m, const uint8_t *givens);

/* The same for a puzzle given as pencil marks: cand (N*N masks, bit d-1
 * for digit d; NULL: none) adds, after the givens' unit clauses, a unit
 * clause -v for every digit d a cell's marks rule out (v its variable), so
 * C grows by the number of those digits. */
SK_API long sk_write_cnf_candidates(FILE *fp, const sk_model *m, const uint8_t *givens,
                                    const uint64_t *cand);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_H */
