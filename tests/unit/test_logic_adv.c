/*
 * test_logic_adv.c - the logical solver's advanced techniques, one step of
 * Sudoku Explainer's own solving path for each: unique rectangles (types
 * 1 to 4) and loops, BUG (types 1, 2, 4), aligned pair and triple
 * exclusion, the three cycles, forcing X-chains (a Turbot Fish among
 * them), forcing chains, Nishio, static cell and region forcing chains,
 * dynamic contradiction, double, cell and region forcing chains, and a
 * nested (+) step.
 *
 * Each case is a puzzle and a step number taken from SE's step logs
 * (Sudoku Explainer 1.2.1's rules as SukakuExplainer's serate applies
 * them in its SE 1.2.1 configuration: one line per step, the rating and
 * SE's description, "4.5  Unique Rectangle type 1: Cells r4c9,r6c9,r6c6,
 * r4c6 on 6, 8"), over ../shared/data/top1465.txt and 17clue.txt; each
 * case names its puzzle's file and line.  For each:
 *   - the solver is replayed from the givens with sk_logic_next and
 *     sk_logic_apply (every step on the way must hold in the solution,
 *     found with sk_solve) up to SE's step number, where it must find
 *     SE's step: the technique, SE's rating, the type or nesting level,
 *     the name, and the placement or eliminations, written into the case
 *     by hand from SE's step (the candidates SE's pencil marks lose at
 *     that step); what SE's description itself names is read from it
 *     again and compared: the loop's cells and digits, the BUG cells,
 *     the aligned cells, a chain's conclusion, its assumption, the cell
 *     or the house it starts from, the candidate a contradiction ends on;
 *   - every elimination is false and every placement true in the
 *     solution;
 *   - sk_step's fields hold together: a loop of 4, 6 or 8 cells each
 *     holding both digits, each house it meets holding two of its cells;
 *     the BUG cells, which hold three candidates or more, and the grid
 *     without their BUG values being a bivalue grave; aligned cells;
 *     chains in branches whose offsets grow, whose nodes are in range,
 *     each starting from its assumption and ending on its conclusion,
 *     with links that hold in the position (all of them for the static
 *     chains, "on" to "off" for the dynamic ones), and a rating that is
 *     the technique's plus SE's length bonus for the step's complexity;
 *   - with the rating limit just below the technique, the position gives
 *     no step of it and none rated above the limit, and with the limit at
 *     the step's rating the step comes back;
 *   - pencil-mark positions that look like a pattern but are not it (a
 *     rectangle over four boxes, a loop whose boxes hold one cell each, a
 *     bivalue grave that no cell breaks) give no step, while the same
 *     shapes drawn properly do.
 *
 * Every case's position is reached in well under a second (the nested
 * step, the slowest, in about 0.1 s).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "logic.h" /* skl_aligned, on a position changed behind its back */
#include "logic_pm.h"
#include "sudokit.h"

static sk_model *classic;
static sk_logic *lc; /* a logical solver over classic */

/* ---- the cases ------------------------------------------------------------ */

/* One step of SE's path. */
typedef struct se_case {
    int line;            /* where the case is written, for messages */
    const char *source;  /* the puzzle's file (../shared/data) and line */
    const char *puzzle;
    int step;            /* SE's step number, from 1 */
    const char *se;      /* SE's log line for the step: rating, tab, description */
    int technique;
    int subtype;
    const char *name;    /* sk_step_name; NULL: see the case */
    const char *place;   /* "r1c1=4", or NULL */
    const char *elim;    /* the eliminations in the short form of logic_pm.h */
} se_case;

static const se_case ur1 = {
    __LINE__, "top1465.txt line 1148",
    "...5....7.6..21..5....8...1.41..........92...57....2..41..6.8...........7.5..4.62", 37,
    "4.5\tUnique Rectangle type 1: Cells r4c9,r6c9,r6c6,r4c6 on 6, 8",
    SK_TECH_UNIQUE_RECTANGLE, 1, "Unique Rectangle type 1", NULL, "r4c6:68"};
static const se_case ur2 = {
    __LINE__, "17clue.txt line 3805",
    "................12..3..4...........5...26...7..41..........53...2.....4.81.....9.", 43,
    "4.5\tUnique Rectangle type 2: Cells r7c1,r7c2,r2c2,r2c1 on 4, 9",
    SK_TECH_UNIQUE_RECTANGLE, 2, "Unique Rectangle type 2", NULL, "r1c12:5 r2c4:5"};
/* type 3 with a naked pair (4.5 + 0.1) */
static const se_case ur3 = {
    __LINE__, "17clue.txt line 29905",
    "..............1.23..4.56........76.8.9.......32..........2........9..4..1.8......", 46,
    "4.6\tUnique Rectangle type 3: Cells r8c2,r7c2,r7c9,r8c9 on 6, 7",
    SK_TECH_UNIQUE_RECTANGLE, 3, "Unique Rectangle type 3", NULL, "r7c5:4"};
static const se_case ur3b = {
    __LINE__, "top1465.txt line 407",
    "3.6.7...........518.........1.4.5...7.....6.....2......2.....4.....8.3.....5.....", 27,
    "4.5\tUnique Rectangle type 3: Cells r1c4,r1c6,r5c6,r5c4 on 1, 8",
    SK_TECH_UNIQUE_RECTANGLE, 3, "Unique Rectangle type 3", NULL, "r5c5:39"};
static const se_case ur4 = {
    __LINE__, "top1465.txt line 1169",
    ".89.2.......4..5...........16...7......5...89.......2.7.....3..4..6.........9....", 30,
    "4.5\tUnique Rectangle type 4: Cells r5c2,r5c3,r3c3,r3c2 on 4, 7",
    SK_TECH_UNIQUE_RECTANGLE, 4, "Unique Rectangle type 4", NULL, "r3c23:7"};

static const se_case ul61 = {
    __LINE__, "top1465.txt line 477",
    ".....3...8..2..67..6.......51...2.4.......3..47.5....87..4..8....2.1....6..3..4.5", 30,
    "4.6\tUnique Loop 6 type 1: Cells r4c4,r5c4,r5c9,r8c9,r8c7,r4c7 on 7, 9",
    SK_TECH_UNIQUE_LOOP, 1, "Unique Loop 6 type 1", NULL, "r5c4:79"};
static const se_case ul62 = {
    __LINE__, "17clue.txt line 44905",
    "........1.....2.....1....34.......5....16....37....2.....3....6.2...8...9.....7..", 48,
    "4.6\tUnique Loop 6 type 2: Cells r2c1,r2c3,r7c3,r7c2,r5c2,r5c1 on 5, 8",
    SK_TECH_UNIQUE_LOOP, 2, "Unique Loop 6 type 2", NULL, "r3c2:9 r4c3:9"};
static const se_case ul63 = {
    __LINE__, "top1465.txt line 514",
    "......8....9..852.4...9.......5...6.1..6.4..37....2....63.............39......1.7", 27,
    "4.6\tUnique Loop 6 type 3: Cells r1c3,r1c4,r2c4,r2c2,r8c2,r8c3 on 1, 7",
    SK_TECH_UNIQUE_LOOP, 3, "Unique Loop 6 type 3", NULL, "r7c4:89"};
static const se_case ul64 = {
    __LINE__, "top1465.txt line 839",
    "..19...3..3...2..78..........3.6..4.2........4.53....1.1..49.....4.1.86....5..9..", 10,
    "4.6\tUnique Loop 6 type 4: Cells r2c4,r2c7,r3c7,r3c6,r5c6,r5c4 on 1, 4",
    SK_TECH_UNIQUE_LOOP, 4, "Unique Loop 6 type 4", NULL, "r3c67:4"};
static const se_case ul81 = {
    __LINE__, "top1465.txt line 968",
    "...2.9...9......7..746..........35...48.6...3..68..2.........3.8..1....5.17.9....", 33,
    "4.7\tUnique Loop 8 type 1: Cells r1c8,r1c2,r2c2,r2c7,r9c7,r9c9,r4c9,r4c8 on 6, 8",
    SK_TECH_UNIQUE_LOOP, 1, "Unique Loop 8 type 1", NULL, "r1c2:68"};
static const se_case ul84 = {
    __LINE__, "top1465.txt line 1142",
    "..85...6..........9...184......2....8.714...214.8..65.6....3....3..8.......2.71..", 40,
    "4.7\tUnique Loop 8 type 4: Cells r3c2,r2c1,r2c7,r3c8,r7c8,r8c7,r8c1,r7c2 on 7, 2",
    SK_TECH_UNIQUE_LOOP, 4, "Unique Loop 8 type 4", NULL, "r2c17:2"};

static const se_case bug1 = {
    __LINE__, "17clue.txt line 10905",
    "................12..3.45.........3.6......4...7.21......6..38...1.....5.9........", 51,
    "5.6\tBUG type 1: r5c2", SK_TECH_BUG, 1, "BUG type 1", NULL, "r5c2:69"};
static const se_case bug2 = {
    __LINE__, "17clue.txt line 11405",
    "................12..3.45.........4.....6......6.7....8...17...63......7.5.4......", 52,
    "5.7\tBUG type 2: r1c2,r3c4 on 8", SK_TECH_BUG, 2, "BUG type 2", NULL, "r1c5:8 r3c2:8"};
/* SE's "on 8" here is the digit the two cells share besides their BUG
   values, not a BUG value */
static const se_case bug4 = {
    __LINE__, "top1465.txt line 1457",
    "....4...1...2.9..3.731.........8.62..6....83.8.......4.5..1..9.7.16....23.2......", 56,
    "5.7\tBUG type 4: r2c3,r7c3 on 8", SK_TECH_BUG, 4, "BUG type 4", NULL, "r2c3:4 r7c3:6"};

static const se_case ape = {
    __LINE__, "17clue.txt line 29505",
    "..............1.23..4.5.6..............2.7.1..56.....4....6...82........78.......", 42,
    "6.2\tAligned Pair Exclusion: r5c1,r6c1", SK_TECH_ALIGNED_PAIR_EXCLUSION, 0,
    "Aligned Pair Exclusion", NULL, "r5c1:4"};
static const se_case ate = {
    __LINE__, "top1465.txt line 1313",
    "...2..7.6..5....9..3.6.........4.5...9.17.86......2.....1...45......4..3..8.1....", 6,
    "7.5\tAligned Triplet Exclusion: r1c8,r2c5,r3c7", SK_TECH_ALIGNED_TRIPLE_EXCLUSION, 0,
    "Aligned Triple Exclusion", NULL, "r1c8:1"};

static const se_case xcycle = {
    __LINE__, "17clue.txt line 24805",
    "..............1..2.34....5..............6.34.7.1..2......35....1...4....8.......7", 37,
    "6.5\tBidirectional X-Cycle: r7c6,r7c7,r8c8,r1c8,r3c9,r3c6", SK_TECH_X_CYCLE, 0,
    "Bidirectional X-Cycle", NULL, "r1c7:8 r8c6:8"};
static const se_case ycycle = {
    __LINE__, "top1465.txt line 1359",
    "7..9.2..53.....9.7.4.7...8....2.........1..3...46..21..1.......2.7...6...3...1..8", 14,
    "6.6\tBidirectional Y-Cycle: r1c8,r8c8,r8c2,r1c2", SK_TECH_Y_CYCLE, 0,
    "Bidirectional Y-Cycle", NULL,
    "r1c35:6 r2c2:8 r2c8:4 r456c2:8 r7c8:4 r8c56:5 r9c8:4"};
static const se_case xy_cycle = {
    __LINE__, "17clue.txt line 34605",
    "........1.......2...3..4........14.5.6.......27..8........2..6....7.......4..39..", 35,
    "7.0\tBidirectional Cycle: r7c6,r8c6,r8c2,r7c3", SK_TECH_CYCLE, 0, "Bidirectional Cycle",
    NULL, "r7c12:89"};

static const se_case xchain = {
    __LINE__, "top1465.txt line 184",
    "......8...7..9..1...3..7..51..6......5..2..4...8..9..74.....2...6..1..5......6..3", 3,
    "6.7\tForcing X-Chain: r7c2.1 off", SK_TECH_FORCING_X_CHAIN, 0, "Forcing X-Chain", NULL,
    "r7c2:1"};
/* SE calls a forcing X-chain of six links a Turbot Fish, and so does
   sk_step_name */
static const se_case turbot = {
    __LINE__, "top1465.txt line 493",
    "..3...6.......1.9..7..5.....18....5..2..7.1..6.9....72...83..1....2.....4...673..", 2,
    "6.6\tTurbot Fish: r5c4.3 off", SK_TECH_FORCING_X_CHAIN, 0, "Turbot Fish", NULL, "r5c4:3"};
static const se_case fchain = {
    __LINE__, "top1465.txt line 613",
    ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9...", 1,
    "7.2\tForcing Chain: r1c7.5 off", SK_TECH_FORCING_CHAIN, 0, "Forcing Chain", NULL,
    "r1c7:5"};
/* a placement: the cell's other candidates go */
static const se_case fchain_on = {
    __LINE__, "17clue.txt line 46005",
    "........1.....2.....3....45......2...1..5....6..7..8......13...7.......38.....6..", 28,
    "7.2\tForcing Chain: r1c1.4 on", SK_TECH_FORCING_CHAIN, 0, "Forcing Chain", "r1c1=4",
    "r1c1:5"};

static const se_case nishio = {
    __LINE__, "top1465.txt line 127",
    "4..6..3...1..2..6...8..7..19..8..5...4..5..1......2..75.....6...3..8..4......9..5", 1,
    "7.8\tNishio Forcing Chain: r8c6.1 on ==> r6c1.1 both on & off", SK_TECH_NISHIO, 0,
    "Nishio Forcing Chains", NULL, "r8c6:1"};
static const se_case nishio_off = {
    __LINE__, "top1465.txt line 1347",
    "..2....4..1.....328....1.7...7.15.6..5....4.7.........79.5...2...6..2...2..89.6..", 11,
    "7.8\tNishio Forcing Chain: r7c3.8 off ==> r5c8.8 both on & off", SK_TECH_NISHIO, 0,
    "Nishio Forcing Chains", "r7c3=8", "r7c3:134"};

static const se_case cell_fc = {
    __LINE__, "top1465.txt line 565",
    "4...5...9..3...8.....1.9........4.......8.29.15.6...7.8.6....4.5.......3..9.4.78.", 5,
    "8.4\tCell Forcing Chains: r2c6 ==> r3c9.6 off", SK_TECH_CELL_FORCING_CHAINS, 0,
    "Cell Forcing Chains", NULL, "r3c9:6"};
static const se_case region_fc = {
    __LINE__, "top1465.txt line 1311",
    ".9...6...5....7..6..2...3....6..5..48.....79.7....2.......5..1....62...8.3...1.4.", 3,
    "8.2\tRegion Forcing Chains: 5 in column ==> r3c9.5 off", SK_TECH_REGION_FORCING_CHAINS, 0,
    "Region Forcing Chains", NULL, "r3c9:5"};

static const se_case contra = {
    __LINE__, "top1465.txt line 246",
    "2..5..6...9.....3...1..9..44..9..7...5..4..8...7..1..6...1..3...2..7..9...8..3..5", 2,
    "8.9\tContradiction Forcing Chain: r2c5.8 on ==> r7c9.8 both on & off",
    SK_TECH_CONTRADICTION_CHAIN, 0, "Dynamic Contradiction Forcing Chains", NULL, "r2c5:8"};
/* from an "off" assumption: a placement */
static const se_case contra_off = {
    __LINE__, "top1465.txt line 613",
    ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9...", 5,
    "9.0\tContradiction Forcing Chain: r3c2.3 off ==> r6c4.1 both on & off",
    SK_TECH_CONTRADICTION_CHAIN, 0, "Dynamic Contradiction Forcing Chains", "r3c2=3", "r3c2:9"};
static const se_case dbl = {
    __LINE__, "top1465.txt line 443",
    "..123.........7..16.8..49.....32...4.....5.9.8...7...6..45.....91....6....3....2.", 9,
    "9.0\tDouble Forcing Chain: r1c8.6 on & off ==> r1c8.5 off", SK_TECH_DOUBLE_CHAIN, 0,
    "Dynamic Double Forcing Chains", NULL, "r1c8:5"};
static const se_case dyn_cell = {
    __LINE__, "top1465.txt line 564",
    "4.2....5..8.7..1..1..9......9.6....8..5..12......2..7...9.3..4..3......6......8..", 7,
    "8.8\tCell Forcing Chains: r8c7 ==> r6c7.5 off", SK_TECH_DYNAMIC_CELL_CHAINS, 0,
    "Dynamic Cell Forcing Chains", NULL, "r6c7:5"};
static const se_case dyn_region = {
    __LINE__, "top1465.txt line 935",
    ".62.....5....4.8..8...21...67.....3...1.73...3..1...48...7..9.6.....5..329.......", 4,
    "8.9\tRegion Forcing Chains: 4 in row ==> r8c3.4 off", SK_TECH_DYNAMIC_REGION_CHAINS, 0,
    "Dynamic Region Forcing Chains", NULL, "r8c3:4"};
/* level 1: 9.0 + 0.7 */
static const se_case nested = {
    __LINE__, "top1465.txt line 79",
    "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5", 12,
    "9.7\tContradiction Forcing Chain: r3c7.5 on ==> r6c5.3 both on & off",
    SK_TECH_CONTRADICTION_CHAIN, 1, "Dynamic Contradiction Forcing Chains (+)", NULL, "r3c7:5"};

/* ---- reading SE's description ---------------------------------------------- */

/* What an SE log line says, as far as the checks below use it. */
typedef struct se_text {
    int rating;         /* tenths */
    char name[64];      /* the description up to ':', "Triplet" read "Triple" */
    int cells[16];      /* patterns: the cells listed, in order */
    int ncells;
    uint64_t digits;    /* patterns: the digits after "on" */
    sk_node from;       /* chains: the assumption (cell -1: none) */
    int from_cell;      /* cell forcing chains: the cell (else -1) */
    int region_digit;   /* region forcing chains: the digit and the kind of */
    char region[8];     /* house, "row", "column", "block" */
    sk_node to;         /* chains: the conclusion (cell -1: none) */
    sk_node clash;      /* contradictions: the candidate both on and off */
} se_text;

/* "r3c9" at *s: the cell, and *s moved past it; -1 when there is none. */
static int read_cell(const char **s)
{
    int r, c, n = 0;
    if (sscanf(*s, "r%1dc%1d%n", &r, &c, &n) != 2 || r < 1 || c < 1)
        return -1;
    *s += n;
    return (r - 1) * 9 + (c - 1);
}

/* "r3c9.6" at *s: a candidate, *s moved past it; 0 when read. */
static int read_cand(const char **s, sk_node *nd)
{
    int d, n = 0;
    nd->cell = read_cell(s);
    if (nd->cell < 0 || sscanf(*s, ".%1d%n", &d, &n) != 1 || d < 1)
        return -1;
    *s += n;
    nd->digit = d;
    return 0;
}

/* "r3c9.6 on" or "r3c9.6 off" at *s: a node; 0 when read.  A double
 * chain's source, "r3c9.6 on & off", reads as "on". */
static int read_node(const char **s, sk_node *nd)
{
    if (read_cand(s, nd))
        return -1;
    if (!strncmp(*s, " on & off", 9)) {
        nd->on = 1;
        *s += 9;
    } else if (!strncmp(*s, " on", 3)) {
        nd->on = 1;
        *s += 3;
    } else if (!strncmp(*s, " off", 4)) {
        nd->on = 0;
        *s += 4;
    } else {
        return -1;
    }
    return 0;
}

/* Reads SE's log line for a step of the technique into *t; 0 when it
 * reads as that technique's description. */
static int se_read(const char *line, int technique, se_text *t)
{
    const char *s = line, *colon;
    int whole, tenth, n = 0;
    memset(t, 0, sizeof *t);
    t->from.cell = t->to.cell = t->clash.cell = t->from_cell = -1;
    if (sscanf(s, "%d.%1d\t%n", &whole, &tenth, &n) != 2 || !n)
        return -1;
    t->rating = whole * 10 + tenth;
    s += n;
    colon = strstr(s, ": ");
    if (!colon || colon - s >= (int)sizeof t->name)
        return -1;
    const char *triplet = strstr(s, "Triplet");
    if (triplet && triplet < colon)
        snprintf(t->name, sizeof t->name, "%.*sTriple%.*s", (int)(triplet - s), s,
                 (int)(colon - triplet - 7), triplet + 7);
    else
        snprintf(t->name, sizeof t->name, "%.*s", (int)(colon - s), s);
    s = colon + 2;
    switch (technique) {
    case SK_TECH_FORCING_X_CHAIN:
    case SK_TECH_FORCING_CHAIN:
        if (read_node(&s, &t->to))
            return -1;
        t->from = t->to;
        t->from.on = !t->to.on;
        return 0;
    case SK_TECH_NISHIO:
    case SK_TECH_CONTRADICTION_CHAIN:
        if (read_node(&s, &t->from) || strncmp(s, " ==> ", 5))
            return -1;
        s += 5;
        if (read_cand(&s, &t->clash) || strcmp(s, " both on & off"))
            return -1;
        t->to = t->from;
        t->to.on = !t->from.on;
        return 0;
    case SK_TECH_DOUBLE_CHAIN:
        if (read_node(&s, &t->from) || strncmp(s, " ==> ", 5))
            return -1;
        s += 5;
        return read_node(&s, &t->to);
    case SK_TECH_CELL_FORCING_CHAINS:
    case SK_TECH_DYNAMIC_CELL_CHAINS:
        t->from_cell = read_cell(&s);
        if (t->from_cell < 0 || strncmp(s, " ==> ", 5))
            return -1;
        s += 5;
        return read_node(&s, &t->to);
    case SK_TECH_REGION_FORCING_CHAINS:
    case SK_TECH_DYNAMIC_REGION_CHAINS:
        if (sscanf(s, "%1d in %7s ==> %n", &t->region_digit, t->region, &n) != 2 || !n)
            return -1;
        s += n;
        return read_node(&s, &t->to);
    default:
        /* patterns: "Cells r1c2,r2c2 on 5, 6", "r1c2,r3c4 on 8", "r5c2" */
        if (!strncmp(s, "Cells ", 6))
            s += 6;
        for (;;) {
            int c = read_cell(&s);
            if (c < 0 || t->ncells == 16)
                return -1;
            t->cells[t->ncells++] = c;
            if (*s != ',')
                break;
            s++;
        }
        if (!strncmp(s, " on ", 4))
            for (s += 4; *s >= '1' && *s <= '9'; s += !strncmp(s, ", ", 2) ? 2 : 0)
                t->digits |= BIT(*s++ - '0');
        return *s ? -1 : 0;
    }
}

/* ---- the position, as the tests see it ------------------------------------- */

static int row_of(int c) { return c / 9; }
static int col_of(int c) { return c % 9; }
static int box_of(int c) { return c / 27 * 3 + c % 9 / 3; }

static int sees(int x, int y)
{
    return x != y && (row_of(x) == row_of(y) || col_of(x) == col_of(y) || box_of(x) == box_of(y));
}

/* The 27 houses: rows 0-8, columns 9-17, boxes 18-26. */
static int in_house(int h, int c)
{
    return h < 9 ? row_of(c) == h : h < 18 ? col_of(c) == h - 9 : box_of(c) == h - 18;
}

/* The cells of house h where digit d is still a candidate, as a mask of
 * cells (bit k: the house's k-th cell, in cell order); *count set. */
static uint64_t places_of(const uint64_t *cand, const uint8_t *val, int h, int d, int *count)
{
    uint64_t m = 0;
    int k = 0, n = 0;
    for (int c = 0; c < 81; c++)
        if (in_house(h, c)) {
            if (!val[c] && (cand[c] & BIT(d))) {
                m |= 1ull << k;
                n++;
            }
            k++;
        }
    *count = n;
    return m;
}

/* The position before a step: candidates and filled cells. */
typedef struct position {
    uint64_t cand[81];
    uint8_t val[81];
    uint8_t sol[81]; /* the puzzle's solution */
} position;

static int has(const position *p, int c, int d)
{
    return !p->val[c] && (p->cand[c] & BIT(d));
}

/*
 * Replays the case's puzzle to SE's step: the steps before it are taken
 * and applied, each checked against the solution; *st is the step found
 * at that number, *p the position before it.  0 when found.
 */
static int replay(const se_case *c, position *p, sk_step *st)
{
    uint8_t givens[81];
    for (int i = 0; i < 81; i++)
        givens[i] = (uint8_t)(c->puzzle[i] >= '1' && c->puzzle[i] <= '9' ? c->puzzle[i] - '0' : 0);
    CHECK_EQ_INT(strlen(c->puzzle), 81);
    CHECK_EQ_INT(solution_of(classic, givens, p->sol), 0);
    sk_logic_set_limit(lc, 0);
    CHECK_EQ_INT(sk_logic_start(lc, givens), SK_OK);
    for (int k = 1; k <= c->step; k++) {
        memcpy(p->cand, sk_logic_candidates(lc), sizeof p->cand);
        memcpy(p->val, sk_logic_values(lc), sizeof p->val);
        int rc = sk_logic_next(lc, st);
        CHECK_EQ_INT(rc, 1);
        if (rc != 1)
            return -1;
        int sound = st->cell < 0 || p->sol[st->cell] == st->digit;
        for (int i = 0; i < st->nelim; i++)
            sound &= p->sol[st->elim[i].cell] != st->elim[i].digit;
        if (!sound) {
            fprintf(stderr, "  step %d of %s is false in the solution\n", k, c->source);
            CHECK(sound);
            return -1;
        }
        if (k < c->step)
            sk_logic_apply(lc, st);
    }
    return 0;
}

/* ---- coherence ------------------------------------------------------------- */

/* The loop's cells (unique rectangles and loops): 4, 6, 8... cells, each
 * holding both digits; each one shares a house with the next (the last
 * with the first); every house the loop meets holds two of its cells,
 * one of each parity; a UR lies in two boxes. */
static void check_loop(const position *p, const sk_step *st)
{
    int n = st->ncells;
    CHECK(n >= 4 && n % 2 == 0);
    CHECK_EQ_INT(popcount(st->digits), 2);
    if (st->technique == SK_TECH_UNIQUE_RECTANGLE)
        CHECK_EQ_INT(n, 4);
    else
        CHECK(n >= 6);
    for (int i = 0; i < n; i++) {
        int c = st->cells[i], next = st->cells[(i + 1) % n];
        CHECK(c >= 0 && c < 81);
        if (c < 0 || c >= 81 || next < 0 || next >= 81)
            return;
        CHECK((p->cand[c] & st->digits) == st->digits && !p->val[c]);
        CHECK(sees(c, next));
    }
    int boxes = 0;
    for (int h = 0; h < 27; h++) {
        int even = 0, odd = 0;
        for (int i = 0; i < n; i++)
            if (in_house(h, st->cells[i]))
                *(i % 2 ? &odd : &even) += 1;
        CHECK(even == odd && even <= 1);
        boxes += h >= 18 && even;
    }
    if (st->technique == SK_TECH_UNIQUE_RECTANGLE)
        CHECK_EQ_INT(boxes, 2);
}

static int in_list(const int *cells, int n, int c)
{
    for (int i = 0; i < n; i++)
        if (cells[i] == c)
            return 1;
    return 0;
}

/* What each type removes, as SE's types define it. */
static void check_loop_type(const position *p, const sk_step *st)
{
    int extra = 0, at = -1;
    for (int i = 0; i < st->ncells; i++)
        if (p->cand[st->cells[i]] & ~st->digits) {
            extra++;
            at = st->cells[i];
        }
    CHECK(st->nelim > 0);
    for (int i = 0; i < st->nelim; i++) {
        int c = st->elim[i].cell, d = st->elim[i].digit, inside = in_list(st->cells, st->ncells, c);
        switch (st->subtype) {
        case 1: /* one cell with more: the loop's digits go from it */
            CHECK(extra == 1 && c == at && (st->digits & BIT(d)));
            break;
        case 2: /* one more digit: it goes from the cells that see all of its places */
        case 3: /* the extra digits make a naked set: they go from the house */
            CHECK(extra >= 2 && !inside && !(st->digits & BIT(d)));
            break;
        case 4: /* one of the loop's digits goes from the two cells with more */
            CHECK(extra == 2 && inside && (p->cand[c] & ~st->digits) && (st->digits & BIT(d)));
            break;
        default:
            CHECK(!"a loop's type is 1 to 4");
        }
    }
}

/* BUG: the cells with more than two candidates; for types 1 and 2, the grid
 * without the BUG values in them has two candidates in every empty cell
 * and each digit in two places, or none, of each house. */
static void check_bug(const position *p, const sk_step *st)
{
    uint64_t grave[81];
    CHECK(st->ncells >= 1 && st->digits != 0);
    for (int c = 0; c < 81; c++)
        grave[c] = p->val[c] ? 0 : p->cand[c];
    for (int i = 0; i < st->ncells; i++) {
        int c = st->cells[i];
        CHECK(!p->val[c] && popcount(p->cand[c]) >= 3);
        grave[c] &= ~st->digits;
    }
    if (st->subtype == 1 || st->subtype == 2) {
        for (int c = 0; c < 81; c++)
            CHECK(p->val[c] || popcount(grave[c]) == 2);
        for (int h = 0; h < 27; h++)
            for (int d = 1; d <= 9; d++) {
                int k = 0;
                for (int c = 0; c < 81; c++)
                    k += in_house(h, c) && (grave[c] & BIT(d));
                CHECK(k == 0 || k == 2);
            }
    }
    for (int i = 0; i < st->nelim; i++) {
        int c = st->elim[i].cell, d = st->elim[i].digit;
        if (st->subtype == 1) /* the cell keeps only its BUG value */
            CHECK(c == st->cells[0] && !(st->digits & BIT(d)) && st->ncells == 1);
        if (st->subtype == 2) { /* the BUG value goes from the cells that see all of them */
            CHECK(st->digits == BIT(d) && !in_list(st->cells, st->ncells, c));
            for (int j = 0; j < st->ncells; j++)
                CHECK(sees(c, st->cells[j]));
        }
        if (st->subtype == 4) /* in the two cells, which share a house */
            CHECK(st->ncells == 2 && in_list(st->cells, 2, c) && sees(st->cells[0], st->cells[1]));
    }
}

/* Aligned exclusion: two or three cells of two candidates or more; only
 * their own candidates go. */
static void check_aligned(const position *p, const sk_step *st)
{
    CHECK_EQ_INT(st->ncells, st->technique == SK_TECH_ALIGNED_PAIR_EXCLUSION ? 2 : 3);
    for (int i = 0; i < st->ncells; i++)
        CHECK(!p->val[st->cells[i]] && popcount(p->cand[st->cells[i]]) >= 2);
    for (int i = 0; i < st->nelim; i++)
        CHECK(in_list(st->cells, st->ncells, st->elim[i].cell));
}

/* SE's length bonus for a chain of the given complexity, in tenths: none
 * up to 4 links more than 2, then a tenth each time the length passes 4,
 * 6, 8, 12, 16, 24, 32... (the bound grows by 3/2 and 4/3 in turn). */
static int length_bonus(int complexity)
{
    int length = complexity - 2, ceil = 4, bonus = 0, odd = 0;
    while (length > ceil) {
        bonus++;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return bonus;
}

static int same_node(const sk_node *a, const sk_node *b)
{
    return a->cell == b->cell && a->digit == b->digit && a->on == b->on;
}

/* A link between two nodes that holds in the position: "on" to "off" by a
 * cell or a house, "off" to "on" by a cell of two candidates or a house
 * with two places for the digit.  Dynamic chains (strong = 0) are judged
 * on their "on" to "off" links only: the others rest on what the chain
 * removed before them. */
static int link_holds(const position *p, const sk_node *a, const sk_node *b, int strong)
{
    if (a->on && !b->on)
        return a->cell == b->cell ? a->digit != b->digit
                                  : a->digit == b->digit && sees(a->cell, b->cell);
    if (!strong)
        return 1;
    if (a->on || !b->on)
        return 0;
    if (a->cell == b->cell)
        return a->digit != b->digit && p->cand[a->cell] == (BIT(a->digit) | BIT(b->digit));
    if (a->digit != b->digit)
        return 0;
    for (int h = 0; h < 27; h++) {
        int k;
        if (in_house(h, a->cell) && in_house(h, b->cell) &&
            (places_of(p->cand, p->val, h, a->digit, &k), k == 2))
            return 1;
    }
    return 0;
}

/* Whether candidate d of cell c, assumed on, reaches "off" for itself
 * over the links that hold in the position (link_holds, strong ones
 * too): a breadth-first search of its own over every candidate of the
 * grid, on and off. */
static int reaches_negation(const position *p, int c, int d)
{
    static uint8_t seen[81][10][2];
    static int queue[81 * 10 * 2];
    int head = 0, tail = 0;
    memset(seen, 0, sizeof seen);
    seen[c][d][1] = 1;
    queue[tail++] = (c * 10 + d) * 2 + 1;
    while (head < tail) {
        int q = queue[head++];
        sk_node a = {q / 2 / 10, q / 2 % 10, q & 1, 0}, b;
        for (b.cell = 0; b.cell < 81; b.cell++)
            for (b.digit = 1; b.digit <= 9; b.digit++)
                for (b.on = 0; b.on <= 1; b.on++) {
                    if (!has(p, b.cell, b.digit) || seen[b.cell][b.digit][b.on] ||
                        (a.cell == b.cell && a.digit == b.digit) || !link_holds(p, &a, &b, 1))
                        continue;
                    if (b.cell == c && b.digit == d && !b.on)
                        return 1;
                    seen[b.cell][b.digit][b.on] = 1;
                    queue[tail++] = (b.cell * 10 + b.digit) * 2 + b.on;
                }
    }
    return 0;
}

/* The conclusion of a chain step: a placement (on), or its one
 * elimination (off); 0 when the step is neither. */
static int conclusion(const sk_step *st, sk_node *to)
{
    if (st->cell >= 0) {
        to->cell = st->cell;
        to->digit = st->digit;
        to->on = 1;
        return 1;
    }
    if (st->nelim != 1)
        return 0;
    to->cell = st->elim[0].cell;
    to->digit = st->elim[0].digit;
    to->on = 0;
    return 1;
}

/*
 * A chain step: branches, nodes and complexity hold together, each branch
 * starts from the assumption SE's description names and ends on the
 * conclusion (or the contradiction it names), every link holds, and the
 * rating is the technique's plus SE's length bonus.
 */
static void check_chain(const position *p, const sk_step *st, const se_text *se)
{
    int t = st->technique, nb = st->nbranches;
    int cycle = t == SK_TECH_X_CYCLE || t == SK_TECH_Y_CYCLE || t == SK_TECH_CYCLE;
    int dynamic = t == SK_TECH_NISHIO || t >= SK_TECH_CONTRADICTION_CHAIN;
    CHECK(nb >= 1 && st->branch && st->nodes && st->complexity > 0);
    if (nb < 1 || !st->branch || !st->nodes)
        return;
    CHECK_EQ_INT(st->branch[0], 0);
    CHECK_EQ_INT(st->branch[nb], st->nnodes);
    for (int k = 0; k < nb; k++)
        CHECK(st->branch[k + 1] > st->branch[k]);
    for (int i = 0; i < st->nnodes; i++) {
        const sk_node *nd = &st->nodes[i];
        CHECK(nd->cell >= 0 && nd->cell < 81 && nd->digit >= 1 && nd->digit <= 9 &&
              (nd->on == 0 || nd->on == 1));
        if (nd->cell < 0 || nd->cell >= 81)
            return;
        CHECK(!p->val[nd->cell] && (p->cand[nd->cell] & BIT(nd->digit)));
    }
    for (int k = 0; k < nb; k++)
        for (int i = st->branch[k]; i + 1 < st->branch[k + 1]; i++)
            if (!link_holds(p, &st->nodes[i], &st->nodes[i + 1], !dynamic)) {
                fprintf(stderr, "  branch %d: the link from node %d does not hold\n", k,
                        i - st->branch[k]);
                CHECK(!"a link that holds");
            }
    /* SE's rating: the technique's, 0.5 more for each nesting level, plus
       the length bonus */
    int base = sk_tech_rating(t) + (dynamic ? 5 * st->subtype : 0);
    CHECK_EQ_INT(st->rating, base + length_bonus(st->complexity));

    const sk_node *head = &st->nodes[0], *last = &st->nodes[st->nnodes - 1];
    sk_node to;
    if (cycle) { /* one loop, back where it started */
        CHECK_EQ_INT(nb, 1);
        CHECK(same_node(head, last) && st->nnodes >= 5);
        for (int i = 0; t == SK_TECH_X_CYCLE && i < st->nnodes; i++)
            CHECK_EQ_INT(st->nodes[i].digit, head->digit);
        /* its cells are those SE lists */
        for (int i = 0; i < st->nnodes; i++)
            CHECK(in_list(se->cells, se->ncells, st->nodes[i].cell));
        for (int i = 0; i < se->ncells; i++) {
            int found = 0;
            for (int j = 0; j < st->nnodes; j++)
                found |= st->nodes[j].cell == se->cells[i];
            CHECK(found);
        }
        /* what a cycle removes reaches its own negation over the static
           links of X and Y together (the unary producer skips a position
           where nothing does) */
        for (int i = 0; i < st->nelim; i++)
            CHECK(reaches_negation(p, st->elim[i].cell, st->elim[i].digit));
        return;
    }
    CHECK(conclusion(st, &to));
    if (!conclusion(st, &to))
        return;
    CHECK(se->to.cell >= 0 && same_node(&to, &se->to));
    switch (t) {
    case SK_TECH_FORCING_X_CHAIN:
    case SK_TECH_FORCING_CHAIN: /* from the opposite of the conclusion to it */
        CHECK_EQ_INT(nb, 1);
        CHECK(same_node(head, &se->from) && same_node(last, &to));
        for (int i = 0; t == SK_TECH_FORCING_X_CHAIN && i < st->nnodes; i++)
            CHECK_EQ_INT(st->nodes[i].digit, to.digit);
        break;
    case SK_TECH_NISHIO:
    case SK_TECH_CONTRADICTION_CHAIN: { /* one assumption, a candidate both on and off */
        CHECK_EQ_INT(nb, 2);
        const sk_node *end0 = &st->nodes[st->branch[1] - 1];
        CHECK(same_node(head, &se->from) && same_node(&st->nodes[st->branch[1]], &se->from));
        CHECK(end0->cell == se->clash.cell && end0->digit == se->clash.digit);
        CHECK(last->cell == se->clash.cell && last->digit == se->clash.digit &&
              last->on != end0->on);
        break;
    }
    case SK_TECH_DOUBLE_CHAIN: { /* a candidate on, then off, both to the conclusion */
        CHECK_EQ_INT(nb, 2);
        const sk_node *second = &st->nodes[st->branch[1]];
        CHECK(head->cell == se->from.cell && head->digit == se->from.digit && head->on);
        CHECK(second->cell == se->from.cell && second->digit == se->from.digit && !second->on);
        for (int k = 0; k < nb; k++)
            CHECK(same_node(&st->nodes[st->branch[k + 1] - 1], &to));
        break;
    }
    case SK_TECH_CELL_FORCING_CHAINS:
    case SK_TECH_DYNAMIC_CELL_CHAINS: { /* each candidate of the cell, to the conclusion */
        uint64_t seen = 0;
        for (int k = 0; k < nb; k++) {
            const sk_node *s0 = &st->nodes[st->branch[k]];
            CHECK(s0->cell == se->from_cell && s0->on && !(seen & BIT(s0->digit)));
            seen |= BIT(s0->digit);
            CHECK(same_node(&st->nodes[st->branch[k + 1] - 1], &to));
        }
        CHECK(se->from_cell >= 0 && seen == p->cand[se->from_cell]);
        break;
    }
    case SK_TECH_REGION_FORCING_CHAINS:
    case SK_TECH_DYNAMIC_REGION_CHAINS: { /* each place of the digit in the house */
        int d = se->region_digit, h = -1, k2;
        const sk_node *s0 = head;
        int base_h = !strcmp(se->region, "row") ? 0 : !strcmp(se->region, "column") ? 9 : 18;
        for (int x = base_h; x < base_h + 9; x++)
            if (in_house(x, s0->cell))
                h = x;
        CHECK(h >= 0 && s0->digit == d);
        if (h < 0)
            break;
        uint64_t want = places_of(p->cand, p->val, h, d, &k2), got = 0;
        CHECK_EQ_INT(nb, k2);
        for (int k = 0; k < nb; k++) {
            const sk_node *sk = &st->nodes[st->branch[k]];
            int pos = 0;
            CHECK(sk->digit == d && sk->on && in_house(h, sk->cell));
            for (int c = 0; c < sk->cell; c++)
                pos += in_house(h, c);
            got |= 1ull << pos;
            CHECK(same_node(&st->nodes[st->branch[k + 1] - 1], &to));
        }
        CHECK(got == want);
        break;
    }
    default:
        CHECK(!"a chain technique");
    }
}

/* ---- one case -------------------------------------------------------------- */

/* The limit that must keep the technique out: just below its rating
 * (the limit holds for each step, also within a producer whose first
 * technique is rated lower: unique loops after unique rectangles, forcing
 * chains and cycles after the X- and Y-cycles). */
static int limit_below(int technique)
{
    return sk_tech_rating(technique) - 1;
}

static void check_case(const se_case *c)
{
    int failed_before = check_current_failed_;
    position p;
    sk_step st;
    se_text se;
    char name[96];
    CHECK_EQ_INT(se_read(c->se, c->technique, &se), 0);
    if (replay(c, &p, &st) != 0)
        goto out;

    /* SE's step, as the case writes it down */
    EXPECT(classic, &st, c->technique, se.rating, c->place, c->elim, NULL, NULL, 0, NULL);
    CHECK_EQ_INT(st.subtype, c->subtype);
    sk_step_name(&st, name, sizeof name);
    if (c->name)
        CHECK_EQ_STR(name, c->name);
    if (!strcmp(se.name, "Turbot Fish"))
        CHECK(st.technique == SK_TECH_FORCING_X_CHAIN && st.nnodes == 6);
    else /* SE's log names the dynamic chains without "Dynamic" and "(+)" */
        CHECK(strstr(name, se.name) != NULL);
    if (st.cell >= 0) {
        CHECK_EQ_INT(p.sol[st.cell], st.digit);
        /* a chain's placement removes the cell's other candidates */
        for (int i = 0; i < st.nelim; i++)
            CHECK_EQ_INT(st.elim[i].cell, st.cell);
        CHECK_EQ_INT(st.nelim, popcount(p.cand[st.cell]) - 1);
    }
    for (int i = 0; i < st.nelim; i++) {
        CHECK(has(&p, st.elim[i].cell, st.elim[i].digit));
        CHECK(p.sol[st.elim[i].cell] != st.elim[i].digit);
    }

    /* the fields hold together, and name what SE's description names */
    switch (st.technique) {
    case SK_TECH_UNIQUE_RECTANGLE:
    case SK_TECH_UNIQUE_LOOP:
        check_loop(&p, &st);
        check_loop_type(&p, &st);
        CHECK_EQ_INT(st.ncells, se.ncells);
        for (int i = 0; i < st.ncells && i < se.ncells; i++)
            CHECK_EQ_INT(st.cells[i], se.cells[i]);
        CHECK(st.digits == se.digits);
        CHECK_EQ_INT(st.nbranches, 0);
        break;
    case SK_TECH_BUG:
        check_bug(&p, &st);
        CHECK_EQ_INT(st.ncells, se.ncells);
        for (int i = 0; i < st.ncells && i < se.ncells; i++)
            CHECK_EQ_INT(st.cells[i], se.cells[i]);
        if (st.subtype == 2)
            CHECK(st.digits == se.digits);
        if (st.subtype == 4) /* the digit both cells hold besides the BUG values */
            for (int i = 0; i < st.ncells; i++)
                CHECK((p.cand[st.cells[i]] & se.digits) && !(st.digits & se.digits));
        break;
    case SK_TECH_ALIGNED_PAIR_EXCLUSION:
    case SK_TECH_ALIGNED_TRIPLE_EXCLUSION:
        check_aligned(&p, &st);
        CHECK_EQ_INT(st.ncells, se.ncells);
        for (int i = 0; i < st.ncells && i < se.ncells; i++)
            CHECK_EQ_INT(st.cells[i], se.cells[i]);
        break;
    default:
        check_chain(&p, &st, &se);
    }

    /* the rating limit: at the step's rating it is found again; just below
       the technique it is not, and nothing above the limit comes */
    sk_step again;
    sk_logic_set_limit(lc, st.rating);
    CHECK_EQ_INT(sk_logic_next(lc, &again), 1);
    CHECK(again.technique == st.technique && again.rating == st.rating);
    int below = limit_below(c->technique);
    sk_logic_set_limit(lc, below);
    int rc = sk_logic_next(lc, &again);
    CHECK(rc == 0 || rc == 1);
    if (rc == 1) {
        CHECK(again.technique != c->technique);
        CHECK(sk_tech_rating(again.technique) <= below && again.rating <= below);
    }
    sk_logic_set_limit(lc, 0);
out:
    if (check_current_failed_ > failed_before)
        fprintf(stderr, "  (the case at line %d: %s, step %d)\n", c->line, c->source, c->step);
}

/* ---- pencil-mark positions ------------------------------------------------ */

static int first(const pm *p, int limit, sk_step *st)
{
    int rc = sk_logic_start_candidates(lc, p->given, p->cand);
    CHECK_EQ_INT(rc, SK_OK);
    if (rc != SK_OK)
        return -1;
    sk_logic_set_limit(lc, limit);
    rc = sk_logic_next(lc, st);
    sk_logic_set_limit(lc, 0);
    return rc;
}

/* Cells (r, c) hold only 1 and 2, but the first, which holds 1, 2 and 3;
 * digits 1 and 2 leave the houses given in rows[], cols[] and boxes[]
 * (1-based, 0 ends) outside those cells. */
static void draw(pm *p, const int (*rc)[2], int n, const int *rows, const int *cols,
                 const int *boxes)
{
    pm_full(p, 9);
    for (int c = 0; c < 81; c++) {
        int mine = 0;
        for (int i = 0; i < n; i++)
            mine |= c == at(p, rc[i][0], rc[i][1]);
        for (int i = 0; !mine && rows[i]; i++)
            if (row_of(c) == rows[i] - 1)
                p->cand[c] &= ~(BIT(1) | BIT(2));
        for (int i = 0; !mine && cols[i]; i++)
            if (col_of(c) == cols[i] - 1)
                p->cand[c] &= ~(BIT(1) | BIT(2));
        for (int i = 0; !mine && boxes[i]; i++)
            if (box_of(c) == boxes[i] - 1)
                p->cand[c] &= ~(BIT(1) | BIT(2));
    }
    for (int i = 0; i < n; i++)
        only(p, rc[i][0], rc[i][1], i ? "12" : "123");
}

static void test_rectangle_in_pencil(void)
{
    pm p;
    sk_step st;
    /* r1c1 r1c5 r2c5 r2c1: two rows, two columns, two boxes.  1 and 2 leave
       the houses where two of the cells would make a naked pair; r1c1
       shares no house with a pair (no hidden pair takes its 3 first) */
    static const int two_boxes[4][2] = {{1, 1}, {1, 5}, {2, 5}, {2, 1}};
    static const int rows[] = {2, 0}, cols[] = {5, 0}, boxes[] = {2, 0}, none[] = {0};
    draw(&p, two_boxes, 4, rows, cols, boxes);
    CHECK_EQ_INT(first(&p, 45, &st), 1);
    EXPECT(classic, &st, SK_TECH_UNIQUE_RECTANGLE, 45, NULL, "r1c1:12", NULL,
           "r1c1 r1c5 r2c1 r2c5", 0, "12");
    CHECK_EQ_INT(st.subtype, 1);
    /* must not: r1c1 r1c5 r5c5 r5c1 lie in four boxes; the digits swap in
       the rows and columns but not in the boxes */
    static const int four_boxes[4][2] = {{1, 1}, {1, 5}, {5, 5}, {5, 1}};
    static const int rows4[] = {5, 0}, cols4[] = {5, 0};
    draw(&p, four_boxes, 4, rows4, cols4, none);
    CHECK_EQ_INT(first(&p, 46, &st), 0);
}

static void test_loop_in_pencil(void)
{
    pm p;
    sk_step st;
    /* a loop of six cells over the three boxes of band 1, each box holding
       two of them */
    static const int band[6][2] = {{1, 1}, {1, 4}, {2, 4}, {2, 7}, {3, 7}, {3, 1}};
    static const int rows[] = {2, 3, 0}, cols[] = {4, 7, 0}, boxes[] = {2, 3, 0};
    draw(&p, band, 6, rows, cols, boxes);
    CHECK_EQ_INT(first(&p, 46, &st), 1);
    EXPECT(classic, &st, SK_TECH_UNIQUE_LOOP, 46, NULL, "r1c1:12", NULL,
           "r1c1 r1c4 r2c4 r2c7 r3c1 r3c7", 0, "12");
    CHECK_EQ_INT(st.subtype, 1);
    /* must not: the same shape over six boxes, one cell in each; the boxes
       would not hold the swapped digits */
    static const int spread[6][2] = {{1, 1}, {1, 4}, {4, 4}, {4, 7}, {7, 7}, {7, 1}};
    static const int rows6[] = {4, 7, 0}, cols6[] = {4, 7, 0}, none[] = {0};
    draw(&p, spread, 6, rows6, cols6, none);
    CHECK_EQ_INT(first(&p, 46, &st), 0);
}

/* The BUG position of case bug1, from its pencil marks, gives the same
 * step; without its BUG value the breaking cell is bivalue too, the grave
 * is whole (the position has no solution or two), and no BUG step comes.
 * (A fourth candidate in the breaking cell would not do: every house of
 * the cell would hold that digit three times, a second BUG value, and the
 * step would still stand.  At this position no cell can take one.) */
static void test_bug_in_pencil(void)
{
    position p;
    sk_step st, st2;
    if (replay(&bug1, &p, &st) != 0)
        return;
    CHECK_EQ_INT(st.technique, SK_TECH_BUG);
    CHECK_EQ_INT(sk_logic_start_candidates(lc, p.val, p.cand), SK_OK);
    sk_logic_set_limit(lc, 56);
    CHECK_EQ_INT(sk_logic_next(lc, &st2), 1);
    CHECK(st2.technique == SK_TECH_BUG && st2.subtype == 1 && st2.ncells == 1 &&
          st2.cells[0] == st.cells[0] && st2.digits == st.digits);
    int c = st.cells[0];
    p.cand[c] &= ~st.digits;
    CHECK_EQ_INT(popcount(p.cand[c]), 2);
    CHECK_EQ_INT(sk_logic_start_candidates(lc, p.val, p.cand), SK_OK);
    sk_logic_set_limit(lc, 56);
    CHECK_EQ_INT(sk_logic_next(lc, &st2), 0);
    sk_logic_set_limit(lc, 0);
}

/* ---- the techniques -------------------------------------------------------- */

static void test_unique_rectangle(void)
{
    check_case(&ur1);
    check_case(&ur2);
    check_case(&ur3);
    check_case(&ur3b);
    check_case(&ur4);
}

static void test_unique_loop(void)
{
    check_case(&ul61);
    check_case(&ul62);
    check_case(&ul63);
    check_case(&ul64);
    check_case(&ul81);
    check_case(&ul84);
}

static void test_bug(void)
{
    check_case(&bug1);
    check_case(&bug2);
    check_case(&bug4);
}

static void test_aligned_pair_exclusion(void)
{
    check_case(&ape);
}

static int same_step(const sk_step *a, const sk_step *b)
{
    int same = a->technique == b->technique && a->rating == b->rating && a->cell == b->cell &&
               a->digit == b->digit && a->nelim == b->nelim;
    for (int i = 0; same && i < a->nelim; i++)
        same = a->elim[i].cell == b->elim[i].cell && a->elim[i].digit == b->elim[i].digit;
    return same;
}

static int same_cells(const sk_step *a, const sk_step *b)
{
    int same = a->ncells == b->ncells;
    for (int i = 0; same && i < a->ncells; i++)
        same = a->cells[i] == b->cells[i];
    return same;
}

static void test_aligned_triple_exclusion(void)
{
    check_case(&ate);
    /* The solver remembers the triples that excluded nothing and skips
     * them while their cells stay unchanged.  Here a common excluder of
     * the triple is given other candidates (as many) behind the solver's
     * back, until the triple excludes nothing and is remembered; with the
     * excluder as it was, the triple must be weighed again and give the
     * step. */
    position p;
    sk_step st;
    if (replay(&ate, &p, &st) != 0)
        return;
    int tried = 0;
    for (int c = 0; c < 81 && !tried; c++) {
        int common = !p.val[c] && popcount(p.cand[c]) >= 2 && popcount(p.cand[c]) <= 3;
        for (int x = 0; x < st.ncells && common; x++)
            common = sees(c, st.cells[x]);
        for (uint64_t other = 1; common && other < 0x200 && !tried; other++) {
            if (popcount(other) != popcount(p.cand[c]) || other == p.cand[c])
                continue;
            lc->cand[c] = other;
            int rc = skl_aligned(lc, 3);
            if (rc == 0) {
                tried = 1;
                lc->cand[c] = p.cand[c];
                CHECK_EQ_INT(skl_aligned(lc, 3), 1);
                CHECK(same_step(&st, &lc->step) && same_cells(&st, &lc->step));
            }
        }
        lc->cand[c] = p.cand[c];
    }
    CHECK(tried);
}

static void test_x_cycle(void)
{
    check_case(&xcycle);
}

static void test_y_cycle(void)
{
    check_case(&ycycle);
}

static void test_cycle(void)
{
    check_case(&xy_cycle);
}

static void test_forcing_x_chain(void)
{
    check_case(&xchain);
    check_case(&turbot);
}

static void test_forcing_chain(void)
{
    check_case(&fchain);
    check_case(&fchain_on);
}

static void test_nishio(void)
{
    check_case(&nishio);
    check_case(&nishio_off);
}

static void test_cell_forcing_chains(void)
{
    check_case(&cell_fc);
}

static void test_region_forcing_chains(void)
{
    check_case(&region_fc);
}

static void test_contradiction_chain(void)
{
    check_case(&contra);
    check_case(&contra_off);
}

static void test_double_chain(void)
{
    check_case(&dbl);
}

static void test_dynamic_cell_chains(void)
{
    check_case(&dyn_cell);
}

static void test_dynamic_region_chains(void)
{
    check_case(&dyn_region);
}

static void test_nested_chain(void)
{
    check_case(&nested);
}

/*
 * A solver that has taken the path so far (and keeps what it learned
 * between calls: aligned triple exclusion remembers the triples that
 * failed and skips them while their cells stay unchanged, Nishio the
 * digits whose chains met no contradiction while their cells stay
 * unchanged) finds at each step exactly the step a fresh solver finds
 * from the same position.  Two puzzles whose paths try aligned triple
 * exclusion at every step of their chaining phase and end on it, and one
 * that tries Nishio at 21 steps and takes it at four.
 */
static void test_warm_equals_cold(void)
{
    static const struct {
        const char *source, *puzzle;
    } cases[] = {
        {"top1465.txt line 116",
         "4.9...5.....8....27..3.........4.7...8.....6..1..........6..12.5...9...........3."},
        {"top1465.txt line 131",
         ".135.........7.4...........1......892.4.6....7.........8.1.....6.....2.....9.3..."},
        {"top1465.txt line 40",
         "5..6.3....2....98.......1...1..9.......3....67.......4....8.25.4..7.............."},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        uint8_t givens[81];
        for (int i = 0; i < 81; i++)
            givens[i] = (uint8_t)(cases[k].puzzle[i] == '.' ? 0 : cases[k].puzzle[i] - '0');
        sk_logic_set_limit(lc, 0);
        CHECK_EQ_INT(sk_logic_start(lc, givens), SK_OK);
        int steps = 0, aligned = 0, nishios = 0;
        while (!sk_logic_solved(lc) && steps < 200) {
            uint64_t cand[81];
            uint8_t val[81];
            memcpy(cand, sk_logic_candidates(lc), sizeof cand);
            memcpy(val, sk_logic_values(lc), sizeof val);
            sk_step warm, cold;
            CHECK_EQ_INT(sk_logic_next(lc, &warm), 1);
            sk_logic *fresh = NULL;
            CHECK_EQ_INT(sk_logic_new(classic, &fresh), SK_OK);
            if (!fresh)
                return;
            CHECK_EQ_INT(sk_logic_start_candidates(fresh, val, cand), SK_OK);
            CHECK_EQ_INT(sk_logic_next(fresh, &cold), 1);
            int same = same_step(&warm, &cold);
            if (!same)
                fprintf(stderr, "  %s, step %d: the solver on its path and a fresh one differ\n",
                        cases[k].source, steps + 1);
            CHECK(same);
            sk_logic_free(fresh);
            if (!same)
                return;
            aligned += warm.technique == SK_TECH_ALIGNED_TRIPLE_EXCLUSION;
            nishios += warm.technique == SK_TECH_NISHIO;
            sk_logic_apply(lc, &warm);
            steps++;
        }
        CHECK(sk_logic_solved(lc));
        CHECK(k == 2 ? nishios >= 2 : aligned >= 1);
    }
}

/* The checks above must be able to fail: SE's descriptions are read as
 * they are meant, and a wrong link, bonus or loop is caught. */
static void test_checks_checked(void)
{
    se_text t;
    CHECK_EQ_INT(se_read(ur1.se, ur1.technique, &t), 0);
    CHECK(t.rating == 45 && !strcmp(t.name, "Unique Rectangle type 1") && t.ncells == 4);
    CHECK(t.cells[0] == 3 * 9 + 8 && t.cells[3] == 3 * 9 + 5 && t.digits == (BIT(6) | BIT(8)));
    CHECK_EQ_INT(se_read(ate.se, ate.technique, &t), 0);
    CHECK_EQ_STR(t.name, "Aligned Triple Exclusion");
    CHECK_EQ_INT(se_read(contra_off.se, contra_off.technique, &t), 0);
    CHECK(t.from.cell == 2 * 9 + 1 && t.from.digit == 3 && !t.from.on);
    CHECK(t.to.cell == 2 * 9 + 1 && t.to.digit == 3 && t.to.on);
    CHECK(t.clash.cell == 5 * 9 + 3 && t.clash.digit == 1);
    CHECK_EQ_INT(se_read(dbl.se, dbl.technique, &t), 0);
    CHECK(t.from.cell == 7 && t.from.digit == 6 && t.to.cell == 7 && t.to.digit == 5 && !t.to.on);
    CHECK_EQ_INT(se_read(dyn_region.se, dyn_region.technique, &t), 0);
    CHECK(t.region_digit == 4 && !strcmp(t.region, "row") && t.to.cell == 7 * 9 + 2);
    CHECK_EQ_INT(se_read(fchain_on.se, fchain_on.technique, &t), 0);
    CHECK(t.to.cell == 0 && t.to.digit == 4 && t.to.on && !t.from.on);
    CHECK(se_read("4.5\tUnique Rectangle: Cells r1c1,x", SK_TECH_UNIQUE_RECTANGLE, &t) != 0);
    CHECK(se_read("7.2\tForcing Chain: r1c7.5 of", SK_TECH_FORCING_CHAIN, &t) != 0);
    /* SE's bonus: 0 up to a complexity of 6, then 0.1 at 7, 9, 11, 15 */
    CHECK(length_bonus(6) == 0 && length_bonus(7) == 1 && length_bonus(8) == 1);
    CHECK(length_bonus(9) == 2 && length_bonus(11) == 3 && length_bonus(15) == 4);
    CHECK(length_bonus(46) == 7 && length_bonus(18) == 4 && length_bonus(19) == 5);
    /* links: a house with three places is no strong link */
    position p;
    memset(&p, 0, sizeof p);
    for (int c = 0; c < 81; c++)
        p.cand[c] = 0x1FF;
    sk_node a = {0, 1, 0, 0}, b = {1, 1, 1, 0}, c2 = {9, 1, 0, 0};
    CHECK(!link_holds(&p, &a, &b, 1)); /* 1 has nine places in row 1 */
    CHECK(link_holds(&p, &a, &b, 0));  /* a dynamic chain's is not judged */
    CHECK(link_holds(&p, &b, &c2, 1)); /* r1c2 on, r2c1 off: box 1 */
    for (int c = 2; c < 9; c++)
        p.cand[c] &= ~BIT(1);
    CHECK(link_holds(&p, &a, &b, 1)); /* now two places */
    sk_node d = {40, 1, 0, 0};
    CHECK(!link_holds(&p, &b, &d, 1)); /* r1c2 and r5c5 share no house */
}

int main(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(9);
    classic = model_of(&g);
    if (!classic || sk_logic_new(classic, &lc) != SK_OK) {
        printf("0 passed, 1 failed\n");
        return 1;
    }
    RUN(test_checks_checked);
    RUN(test_unique_rectangle);
    RUN(test_rectangle_in_pencil);
    RUN(test_unique_loop);
    RUN(test_loop_in_pencil);
    RUN(test_bug);
    RUN(test_bug_in_pencil);
    RUN(test_aligned_pair_exclusion);
    RUN(test_aligned_triple_exclusion);
    RUN(test_x_cycle);
    RUN(test_y_cycle);
    RUN(test_cycle);
    RUN(test_forcing_x_chain);
    RUN(test_forcing_chain);
    RUN(test_nishio);
    RUN(test_cell_forcing_chains);
    RUN(test_region_forcing_chains);
    RUN(test_contradiction_chain);
    RUN(test_double_chain);
    RUN(test_dynamic_cell_chains);
    RUN(test_dynamic_region_chains);
    RUN(test_nested_chain);
    RUN(test_warm_equals_cold);
    sk_logic_free(lc);
    sk_model_free(classic);
    return check_summary();
}
