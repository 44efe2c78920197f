/*
 * test_logic.c - the logical solver (sk_logic_*, sk_rate, sk_step): every
 * step it takes is true, is justified by what it names, and is the step
 * Sudoku Explainer's order picks; its ratings are SE's.
 *
 *   - soundness over real puzzles: each puzzle is solved by the engines
 *     first; then the logical solver walks it step by step and every step
 *     is judged from outside: a placement must be the solution's digit, an
 *     elimination must remove a live candidate that is not the solution's,
 *     a step must change the grid (a direct step by its placement alone),
 *     its rating must be at least its technique's base rating, and
 *     sk_logic_apply must leave exactly the candidates the step says (and
 *     the solver's house tables, kept up step by step, must be those the
 *     candidates make).  The
 *     steps of the basic techniques are also checked against the houses,
 *     cells and digits they name (a hidden single's house really has one
 *     place for the digit, a fish's base lines really lie in its cover
 *     lines, the eliminations are exactly the pattern's).  The ratings the
 *     walk adds up by SE's rules must be what sk_rate says.  Puzzles: the
 *     committed sample tests/data/se_ratings.txt, and samples of
 *     ../shared/data (run from the repository root; left out when it is
 *     missing) in every geometry the model has: 9x9 (17clue, top1465, the
 *     hardest list), 16x16, rectangular boxes 4x4 to 12x12, jigsaws 4x4 to
 *     9x9 and X-Sudoku; and puzzles cut from full grids of 25x25, a Latin
 *     square, Hyper, X and Hyper, and an extra group (with many solutions:
 *     walked with the techniques that do not assume one).  Each collection
 *     has a time budget, so that slow techniques cannot make the suite
 *     slow;
 *   - one position per technique, built from pencil marks, with the exact
 *     step expected (technique, rating, cell, eliminations, houses), a
 *     position where it must not apply, and SE's order: a full house
 *     before a hidden single, blocks before lines, hidden singles and
 *     direct pointing before the naked single;
 *   - sk_rate against reference ratings: tests/data/se_ratings.txt holds
 *     puzzles with SE's ER, EP and ED and the techniques that set them;
 *   - the judges judged: false steps written by hand, and a walk against
 *     a wrong solution, must be refused;
 *   - variant rules: the published puzzles of tests/variants walked as
 *     above, each variant rule step judged against its rule's definition
 *     (sk_check_rules, apart from the solver's filters); a small puzzle's
 *     rule steps exactly; the uniqueness techniques left out under rules;
 *   - the API's edges: NULL arguments, conflicting givens, a solved grid,
 *     an empty grid, the rating limit.
 *
 * SK_TEST_VERBOSE=1 prints each collection's counts and time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "logic.h" /* the solver's house tables, checked against its candidates */
#include "logic_pm.h"
#include "model.h"
#include "sudokit.h"

#define DATA "../shared/data"
#define RATINGS "tests/data/se_ratings.txt"

static int verbose;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- houses as the tests see them --------------------------------------- */

enum { K_BLOCK, K_ROW, K_COLUMN, K_OTHER };

/* A model's houses, read through the public API only. */
typedef struct board {
    const sk_model *m;
    int n, nc, nh;
    int *kind;            /* kind[h]: K_* from the house's name */
    const uint16_t **cells; /* cells[h]: the house's cells */
    int *size;            /* size[h]: how many */
    uint8_t *in;          /* in[h * nc + c]: cell c is in house h */
} board;

static int board_init(board *b, const sk_model *m)
{
    memset(b, 0, sizeof *b);
    b->m = m;
    b->n = sk_model_n(m);
    b->nc = b->n * b->n;
    b->nh = sk_model_house_count(m);
    b->kind = calloc((size_t)b->nh, sizeof *b->kind);
    b->cells = calloc((size_t)b->nh, sizeof *b->cells);
    b->size = calloc((size_t)b->nh, sizeof *b->size);
    b->in = calloc((size_t)b->nh * (size_t)b->nc, 1);
    if (!b->kind || !b->cells || !b->size || !b->in)
        return -1;
    for (int h = 0; h < b->nh; h++) {
        char name[64];
        sk_model_house_name(m, h, name, sizeof name);
        b->kind[h] = !strncmp(name, "box ", 4) || !strncmp(name, "region ", 7) ? K_BLOCK
                     : !strncmp(name, "row ", 4)                               ? K_ROW
                     : !strncmp(name, "column ", 7)                            ? K_COLUMN
                                                                               : K_OTHER;
        b->size[h] = sk_model_house(m, h, &b->cells[h]);
        for (int i = 0; i < b->size[h]; i++)
            b->in[(size_t)h * (size_t)b->nc + b->cells[h][i]] = 1;
    }
    return 0;
}

static void board_free(board *b)
{
    free(b->kind);
    free(b->cells);
    free(b->size);
    free(b->in);
}

static int in_house(const board *b, int h, int c)
{
    return h >= 0 && h < b->nh && c >= 0 && c < b->nc && b->in[(size_t)h * (size_t)b->nc + c];
}

/* Two different cells that share a house. */
static int sees(const board *b, int x, int y)
{
    if (x == y)
        return 0;
    for (int h = 0; h < b->nh; h++)
        if (in_house(b, h, x) && in_house(b, h, y))
            return 1;
    return 0;
}

/* Cells of house h that are empty and hold digit d, as a count; *only is
 * set to the last one. */
static int places(const board *b, const uint64_t *cand, const uint8_t *val, int h, int d,
                  int *only)
{
    int k = 0;
    for (int i = 0; i < b->size[h]; i++) {
        int c = b->cells[h][i];
        if (!val[c] && (cand[c] & BIT(d))) {
            k++;
            if (only)
                *only = c;
        }
    }
    return k;
}

/* ---- judging one step from outside -------------------------------------- */

static long justified[SK_TECH_COUNT_]; /* steps whose pattern was checked */
static int pattern_judged;             /* judge_pattern knew the technique */
static long taken[SK_TECH_COUNT_];     /* steps seen in the walks */

/* The candidates the step removes, one mask per cell, into elim[]. */
static void elim_masks(const board *b, const sk_step *st, uint64_t *elim)
{
    memset(elim, 0, (size_t)b->nc * sizeof *elim);
    for (int i = 0; i < st->nelim; i++)
        elim[st->elim[i].cell] |= BIT(st->elim[i].digit);
}

static int same_masks(const board *b, const uint64_t *x, const uint64_t *y)
{
    return memcmp(x, y, (size_t)b->nc * sizeof *x) == 0;
}

/* After the step's eliminations, d's only place in some house of kind
 * `kind` (any kind when -1), or in house `house` when >= 0, is `cell`. */
static int single_after(const board *b, const uint64_t *cand, const uint8_t *val,
                        const uint64_t *elim, int cell, int d, int kind, int house)
{
    uint64_t *after = malloc((size_t)b->nc * sizeof *after);
    int ok = 0;
    if (!after)
        return 0;
    for (int c = 0; c < b->nc; c++)
        after[c] = cand[c] & ~elim[c];
    for (int h = 0; h < b->nh && !ok; h++) {
        int only = -1;
        if (!in_house(b, h, cell) || (house >= 0 && h != house) || (kind >= 0 && b->kind[h] != kind))
            continue;
        ok = places(b, after, val, h, d, &only) == 1 && only == cell;
    }
    free(after);
    return ok;
}

/*
 * A variant rule's step, judged from the rules' definitions (sk_check_rules,
 * written apart from the filters the solver runs) and the houses: every
 * assignment of the step's cells from their candidates that keeps their
 * houses and the rule (for a sum the rules imply, the sum itself) is
 * tried, and no candidate the step removes may appear in one.  Steps whose
 * cells allow more than JUDGE_MAX assignments are left unjudged.  The sum
 * the rules imply must hold in the solution (judge_solution).
 */
#define JUDGE_MAX 4096
static const uint8_t *judge_solution;
static long rule_steps_judged;
static const uint64_t *judge_sets; /* rule < 0: the sets of digits the cells may
                                      hold (the rules imply), ... */
static int judge_nsets;            /* ... how many, 0: the cells make a sum */
static int judge_digit;      /* a digit the rule's cells must hold, or 0, ... */
static int judge_house;      /* ... in this house */
static long judge_without;   /* assignments kept that lack it */
static long locked_judged;   /* such steps judged, ... */
static long needs_judged;    /* ... those of a digit a house's cells of the rule need */
static long pairs_judged;    /* steps of two rules together judged */

static int rule_support(const board *b, const uint64_t *cand, const uint8_t *val,
                        const sk_step *st, uint8_t *grid, int at, uint64_t *support)
{
    if (at == st->ncells) {
        if (st->rule >= 0) {
            sk_violation v[8];
            long nv = sk_check_rules(b->m, grid, v, 8);
            for (long i = 0; i < nv && i < 8; i++)
                if (v[i].rule == st->rule || v[i].rule == st->rule2)
                    return 0;
            if (nv > 8)
                return 0; /* (not seen: a step's cells break few rules) */
        } else if (judge_nsets) { /* the cells hold one of these sets */
            uint64_t got = 0;
            int one = 0;
            for (int i = 0; i < st->ncells; i++)
                got |= BIT(grid[st->cells[i]]);
            for (int k = 0; k < judge_nsets && !one; k++)
                one = got == judge_sets[k] && popcount(got) == st->ncells;
            if (!one)
                return 0;
        } else {
            int sum = 0, plus = st->ncells - st->subtype;
            for (int i = 0; i < st->ncells; i++)
                sum += i < plus ? grid[st->cells[i]] : -grid[st->cells[i]];
            if (sum != st->total)
                return 0;
        }
        int has = 0;
        for (int i = 0; i < st->ncells; i++) {
            support[i] |= BIT(grid[st->cells[i]]);
            has |= grid[st->cells[i]] == judge_digit && in_house(b, judge_house, st->cells[i]);
        }
        judge_without += !has;
        return 1;
    }
    int c = st->cells[at], any = 0;
    uint64_t digits = val[c] ? BIT(val[c]) : cand[c];
    for (int d = 1; d <= b->n; d++) {
        if (!(digits & BIT(d)))
            continue;
        int ok = 1;
        for (int i = 0; i < at && ok; i++)
            ok = st->cells[i] == c ? grid[c] == d : !(grid[st->cells[i]] == d && sees(b, c, st->cells[i]));
        if (!ok)
            continue;
        uint8_t was = grid[c];
        grid[c] = (uint8_t)d;
        any |= rule_support(b, cand, val, st, grid, at + 1, support);
        grid[c] = was;
    }
    return any;
}

/* NULL when every cell of the step is a cell of its rule (and of its
 * second rule), else what is wrong. */
static const char *cells_of_rules(const board *b, const sk_step *st)
{
    if (st->subtype == 3) { /* two rules together: each cell is one's or the other's */
        const sk_rule *r[2] = {sk_model_rule(b->m, st->rule), sk_model_rule(b->m, st->rule2)};
        for (int i = 0; i < st->ncells; i++) {
            int in = 0; /* (a rule of the whole grid, no cells of its own: any) */
            for (int k = 0; k < 2 && !in; k++)
                for (int j = 0; j < r[k]->ncells && !in; j++)
                    in = r[k]->cells[j] == st->cells[i];
            in |= !r[0]->ncells || !r[1]->ncells;
            if (!in)
                return "a cell of two rules' step is neither rule's";
        }
        return NULL;
    }
    for (int k = 0; k < 2; k++) {
        const sk_rule *r = sk_model_rule(b->m, k ? st->rule2 : st->rule);
        for (int i = 0; r && i < st->ncells && r->ncells; i++) {
            int in = 0;
            for (int j = 0; j < r->ncells && !in; j++)
                in = r->cells[j] == st->cells[i];
            if (!in)
                return "a variant rule step's cell is not its rule's";
        }
    }
    return NULL;
}

/* A candidate a rule cannot live with (subtype 2): with it in its cell and
 * gone from the rule's cells that see it, no assignment of the rule's
 * cells keeps their houses and the rule. */
static long breaks_judged;

static const char *judge_break(const board *b, const uint64_t *cand, const uint8_t *val,
                               const sk_step *st)
{
    if (st->rating != 31 || st->nelim != 1 || st->nhouses || st->ncells < 1 ||
        st->ncells > b->nc)
        return "a rule's broken candidate not rated 3.1, or not one removal";
    const char *why = cells_of_rules(b, st);
    if (why)
        return why;
    int c = st->elim[0].cell, d = st->elim[0].digit;
    if (c < 0 || c >= b->nc || val[c] || !(cand[c] & BIT(d)))
        return "a rule's broken candidate is not a candidate";
    uint64_t *alt = malloc((size_t)b->nc * sizeof *alt);
    uint8_t *grid = calloc((size_t)b->nc, 1);
    uint64_t *support = calloc((size_t)st->ncells & 0xffffu, sizeof *support);
    double count = 1;
    if (!alt || !grid || !support) {
        why = "out of memory";
    } else {
        for (int x = 0; x < b->nc; x++)
            alt[x] = x == c ? BIT(d) : sees(b, c, x) ? cand[x] & ~BIT(d) : cand[x];
        for (int i = 0; i < st->ncells; i++)
            count *= val[st->cells[i]] ? 1 : popcount(alt[st->cells[i]]);
        judge_digit = 0;
        if (count <= JUDGE_MAX) {
            if (rule_support(b, alt, val, st, grid, 0, support))
                why = "a rule holds with the candidate it is said to break";
            else {
                breaks_judged++;
                rule_steps_judged++;
                pattern_judged = 1;
            }
        }
    }
    free(alt);
    free(grid);
    free(support);
    return why;
}

/*
 * The links of a static chain (one whose links all hold on the grid it
 * was found on) that a variant rule makes: from a candidate on, another
 * is off when no assignment of the rule's cells (of a rule over the whole
 * grid: the two cells) keeps their houses and the rule with both in
 * place; from a candidate off, another is on when none does with both
 * gone.  Links of several rules together (node.rule below 0) the same
 * way, over the constraint's cells: two rules' relation on two cells
 * against both rules, a sum or a set of digits the rules imply against
 * that sum or set, which must hold in the solution too (a relation
 * shared by more than two rules is left to the check of the step's
 * removals against the solution).
 */
static long rule_links_judged, implied_links_judged;

static const char *judge_rule_links(const board *b, const uint64_t *cand, const uint8_t *val,
                                    const sk_step *st)
{
    const char *why = NULL;
    int nrules = sk_model_rule_count(b->m);
    uint64_t *alt = malloc((size_t)b->nc * sizeof *alt);
    uint8_t *grid = calloc((size_t)b->nc, 1);
    uint64_t *support = calloc((size_t)b->nc, sizeof *support);
    int *ccells = malloc((size_t)b->nc * sizeof *ccells);
    if (!alt || !grid || !support || !ccells)
        why = "out of memory";
    for (int k = 0; !why && k < st->nbranches; k++)
        for (int i = st->branch[k] + 1; !why && i < st->branch[k + 1]; i++) {
            const sk_node *x = &st->nodes[i - 1], *y = &st->nodes[i];
            if (y->rule == 0)
                continue;
            if (y->rule > nrules || y->rule == -1 || -2 - y->rule >= b->m->ncons ||
                x->on == y->on) {
                why = "a chain's rule link names no rule, or does not alternate";
                break;
            }
            sk_step fake = *st;
            int two[2] = {x->cell, y->cell}, in = 0, implied = y->rule < 0;
            judge_nsets = 0;
            if (!implied) {
                const sk_rule *r = sk_model_rule(b->m, y->rule - 1);
                fake.rule = y->rule - 1;
                fake.rule2 = -1;
                fake.cells = r->ncells ? r->cells : two;
                fake.ncells = r->ncells ? r->ncells : 2;
            } else {
                const skx_con *c = &b->m->cons[-2 - y->rule];
                if (c->rule >= 0 && c->rule2 < 0)
                    continue; /* more than two rules share the relation */
                for (uint32_t j = 0; j < c->ncells; j++)
                    ccells[j] = b->m->con_cells[c->cell_off + j];
                fake.cells = ccells;
                fake.ncells = (int)c->ncells;
                fake.rule = c->rule;
                fake.rule2 = c->rule2;
                if (c->rule < 0) {
                    if (c->type == SKX_COMBO) {
                        judge_sets = b->m->con_data + c->data_off; /* bit d-1: digit d */
                        judge_nsets = (int)c->ndata;
                    } else if (c->type != SKX_SUM) {
                        why = "a chain's link of an implied constraint that is neither a sum nor a set";
                        break;
                    }
                    fake.subtype = c->type == SKX_SUM ? (int)c->aux : 0;
                    fake.total = skx_implied_total(b->m, c);
                    uint64_t got = 0;
                    int sum = 0, one = 0;
                    for (int j = 0; j < fake.ncells && judge_solution; j++) {
                        int d = judge_solution[ccells[j]];
                        got |= BIT(d);
                        sum += j < fake.ncells - fake.subtype ? d : -d;
                    }
                    for (int q = 0; q < judge_nsets && !one; q++)
                        one = got == judge_sets[q];
                    if (judge_solution && (judge_nsets ? !one : sum != fake.total)) {
                        why = "a chain's link follows a sum or set the solution does not make";
                        break;
                    }
                }
            }
            for (int j = 0; j < fake.ncells; j++)
                in += (fake.cells[j] == x->cell) + (fake.cells[j] == y->cell);
            if (in != 2) { /* (x and y may share a cell: then it counts twice) */
                why = "a chain's rule link joins cells that are not its rule's";
                break;
            }
            memcpy(alt, cand, (size_t)b->nc * sizeof *alt);
            if (x->on) {
                alt[x->cell] &= BIT(x->digit);
                alt[y->cell] &= BIT(y->digit);
            } else {
                alt[x->cell] &= ~BIT(x->digit);
                alt[y->cell] &= ~BIT(y->digit);
            }
            double count = 1;
            for (int j = 0; j < fake.ncells; j++)
                count *= val[fake.cells[j]] ? 1 : popcount(alt[fake.cells[j]]);
            if (count > JUDGE_MAX)
                continue;
            judge_digit = 0;
            if (rule_support(b, alt, val, &fake, grid, 0, support))
                why = x->on ? "a chain's rule link: the rule holds with both candidates"
                            : "a chain's rule link: the rule holds without both candidates";
            else if (implied)
                implied_links_judged++;
            else
                rule_links_judged++;
        }
    judge_nsets = 0;
    free(alt);
    free(grid);
    free(support);
    free(ccells);
    return why;
}

static const char *judge_rule(const board *b, const uint64_t *cand, const uint8_t *val,
                              const sk_step *st)
{
    int nrules = sk_model_rule_count(b->m);
    double count = 1;
    if (st->rule < -1 || st->rule >= nrules || st->ncells < 1 || st->ncells > b->nc ||
        st->rule2 < -2 || st->rule2 >= nrules ||
        (st->rule2 != -1 && (st->rule < 0 || (st->ncells != 2 && st->subtype != 3))) ||
        (st->subtype == 3 && (st->rule < 0 || st->rule2 < 0 || st->rule == st->rule2)))
        return "a variant rule step names no rule";
    if (st->rule >= 0 && st->subtype == 2)
        return judge_break(b, cand, val, st);
    if (st->rule < 0 ? st->rating != 27
        : st->subtype == 3 ? st->rating != 35 || st->nhouses
        : st->nhouses ? st->rating != (st->subtype == 1 ? 28 : 26)
                      : st->rating != 16 && st->rating != 21)
        return "a variant rule step rated neither 1.6 nor 2.1 (2.6 locked, 2.7 implied, 2.8 "
               "needed, 3.5 two rules together)";
    if (st->rule >= 0) {
        const char *why = cells_of_rules(b, st);
        if (why)
            return why;
    } else {
        int sum = 0, plus = st->ncells - st->subtype;
        if (st->subtype < 0 || st->subtype > st->ncells)
            return "an implied sum subtracts more cells than it has";
        for (int i = 0; i < st->ncells && judge_solution; i++)
            sum += i < plus ? judge_solution[st->cells[i]] : -judge_solution[st->cells[i]];
        if (judge_solution && sum != st->total)
            return "an implied sum that the solution does not make";
    }
    /* a digit the rule's cells must hold, locked in a house: its places
       there all in the house, the removals the rest of the house; or
       (subtype 1) a digit its cells in the house must hold, wherever its
       other places are */
    int d = st->nhouses ? (st->digits && popcount(st->digits) == 1 ? __builtin_ctzll(st->digits) + 1 : -1) : 0;
    if (d < 0 || st->nhouses > 1 || (d && (st->houses[0] < 0 || st->houses[0] >= b->nh)))
        return "a variant rule step locked in a house without one digit and one house";
    for (int j = 0; j < st->ncells && d && st->subtype != 1; j++)
        if (!val[st->cells[j]] && (cand[st->cells[j]] & BIT(d)) && !in_house(b, st->houses[0], st->cells[j]))
            return "a rule's digit locked in a house has a place outside it";
    for (int i = 0; i < st->nelim; i++) {
        int in = 0;
        for (int j = 0; j < st->ncells && !in; j++)
            in = st->cells[j] == st->elim[i].cell;
        if (d ? in || st->elim[i].digit != d || !in_house(b, st->houses[0], st->elim[i].cell) : !in)
            return d ? "a rule's locked digit removed from outside its house or from the rule's cells"
                     : "a variant rule step removes a candidate outside its cells";
    }
    for (int i = 0; i < st->ncells; i++)
        count *= val[st->cells[i]] ? 1 : popcount(cand[st->cells[i]]);
    if (count > JUDGE_MAX || st->rule2 == -2)
        return NULL; /* too many to try, or rules it does not name */
    uint8_t *grid = calloc((size_t)b->nc, 1);
    uint64_t *support = calloc((size_t)st->ncells & 0xffffu, sizeof *support); /* (ncells <= nc) */
    const char *why = NULL;
    judge_digit = d;
    judge_house = d ? st->houses[0] : 0;
    judge_without = 0;
    if (!grid || !support) {
        why = "out of memory";
    } else if (!rule_support(b, cand, val, st, grid, 0, support)) {
        why = "a variant rule step's rule cannot hold on its cells";
    } else if (d && judge_without) {
        why = "a rule's cells that must hold a digit can do without it";
    } else {
        for (int i = 0; i < st->nelim && !why; i++)
            for (int j = 0; j < st->ncells && !why; j++)
                if (st->cells[j] == st->elim[i].cell && (support[j] & BIT(st->elim[i].digit)))
                    why = "a variant rule step removes a digit its rule allows there";
        if (!why) {
            rule_steps_judged++;
            pairs_judged += st->subtype == 3;
            locked_judged += d > 0;
            needs_judged += d > 0 && st->subtype == 1;
            pattern_judged = 1;
        }
    }
    free(grid);
    free(support);
    return why;
}

/*
 * Checks that the step's pattern holds in the position (cand, val) and that
 * its eliminations are exactly the pattern's.  Returns NULL, or what is
 * wrong.  Techniques whose patterns are not judged here return NULL.
 */
static const char *judge_pattern(const board *b, const uint64_t *cand, const uint8_t *val,
                                 const sk_step *st, uint64_t *want, uint64_t *got)
{
    int t = st->technique, d = 0;
    elim_masks(b, st, got);
    memset(want, 0, (size_t)b->nc * sizeof *want);
    if (st->digits && popcount(st->digits) == 1)
        d = __builtin_ctzll(st->digits) + 1;
    switch (t) {
    case SK_TECH_FULL_HOUSE:
    case SK_TECH_HIDDEN_SINGLE: {
        if (st->nhouses < 1 || !in_house(b, st->houses[0], st->cell))
            return "a single's house does not hold its cell";
        int h = st->houses[0], empty = 0, only = -1;
        if (st->digits != BIT(st->digit) || st->nelim)
            return "a single's digits or eliminations";
        for (int i = 0; i < b->size[h]; i++)
            empty += !val[b->cells[h][i]];
        if (t == SK_TECH_FULL_HOUSE) {
            if (empty != 1 || st->rating != 10)
                return "a full house with more than one empty cell";
        } else if (places(b, cand, val, h, st->digit, &only) != 1 || only != st->cell) {
            return "a hidden single's digit has another place in its house";
        } else if (st->rating != (b->kind[h] == K_BLOCK ? 12 : 15)) {
            return "a hidden single rated neither 1.2 in a block nor 1.5 in a line";
        }
        break;
    }
    case SK_TECH_NAKED_SINGLE:
        if (cand[st->cell] != BIT(st->digit) || st->nelim || st->rating != 23)
            return "a naked single's cell has other candidates";
        break;
    case SK_TECH_DIRECT_POINTING:
    case SK_TECH_DIRECT_CLAIMING:
    case SK_TECH_POINTING:
    case SK_TECH_CLAIMING: {
        int pointing = t == SK_TECH_DIRECT_POINTING || t == SK_TECH_POINTING;
        int direct = t == SK_TECH_DIRECT_POINTING || t == SK_TECH_DIRECT_CLAIMING;
        if (st->nhouses < 2 || !d)
            return "locked candidates without two houses and one digit";
        int h1 = st->houses[0], h2 = st->houses[1];
        if ((b->kind[h1] == K_BLOCK) != pointing || (b->kind[h2] == K_BLOCK) == pointing ||
            b->kind[h1] == K_OTHER || b->kind[h2] == K_OTHER)
            return "pointing is block to line, claiming line to block";
        if (places(b, cand, val, h1, d, NULL) < 2)
            return "locked candidates with fewer than two places";
        for (int i = 0; i < b->size[h1]; i++) {
            int c = b->cells[h1][i];
            if (!val[c] && (cand[c] & BIT(d)) && !in_house(b, h2, c))
                return "a locked digit has a place outside the second house";
        }
        for (int i = 0; i < b->size[h2]; i++) {
            int c = b->cells[h2][i];
            if (!val[c] && (cand[c] & BIT(d)) && !in_house(b, h1, c))
                want[c] |= BIT(d);
        }
        if (direct && (st->digit != d ||
                       !single_after(b, cand, val, got, st->cell, d, b->kind[h1], -1)))
            return "a direct locking's placement is not a single of the first house's kind";
        break;
    }
    case SK_TECH_NAKED_PAIR:
    case SK_TECH_NAKED_TRIPLE:
    case SK_TECH_NAKED_QUAD: {
        int k = t == SK_TECH_NAKED_PAIR ? 2 : t == SK_TECH_NAKED_TRIPLE ? 3 : 4;
        uint64_t uni = 0;
        if (st->nhouses < 1 || st->ncells != k || popcount(st->digits) != k)
            return "a naked set's size";
        int h = st->houses[0];
        for (int i = 0; i < k; i++) {
            int c = st->cells[i];
            if (!in_house(b, h, c) || val[c])
                return "a naked set's cell is filled or outside its house";
            uni |= cand[c];
        }
        if (uni != st->digits)
            return "a naked set's cells hold other digits";
        for (int i = 0; i < b->size[h]; i++) {
            int c = b->cells[h][i], member = 0;
            for (int j = 0; j < k; j++)
                member |= st->cells[j] == c;
            if (!member && !val[c])
                want[c] |= cand[c] & uni;
        }
        break;
    }
    case SK_TECH_DIRECT_HIDDEN_PAIR:
    case SK_TECH_DIRECT_HIDDEN_TRIPLE:
    case SK_TECH_HIDDEN_PAIR:
    case SK_TECH_HIDDEN_TRIPLE:
    case SK_TECH_HIDDEN_QUAD: {
        int k = t == SK_TECH_DIRECT_HIDDEN_PAIR || t == SK_TECH_HIDDEN_PAIR     ? 2
                : t == SK_TECH_DIRECT_HIDDEN_TRIPLE || t == SK_TECH_HIDDEN_TRIPLE ? 3
                                                                                  : 4;
        if (st->nhouses < 1 || st->ncells != k || popcount(st->digits) != k)
            return "a hidden set's size";
        int h = st->houses[0];
        for (int x = 1; x <= b->n; x++) {
            if (!(st->digits & BIT(x)))
                continue;
            for (int i = 0; i < b->size[h]; i++) {
                int c = b->cells[h][i], member = 0;
                for (int j = 0; j < k; j++)
                    member |= st->cells[j] == c;
                if (!val[c] && (cand[c] & BIT(x)) && !member)
                    return "a hidden set's digit has a place outside its cells";
            }
        }
        for (int j = 0; j < k; j++)
            want[st->cells[j]] |= cand[st->cells[j]] & ~st->digits;
        if ((t == SK_TECH_DIRECT_HIDDEN_PAIR || t == SK_TECH_DIRECT_HIDDEN_TRIPLE) &&
            !single_after(b, cand, val, got, st->cell, st->digit, -1, h))
            return "a direct hidden set's placement is not a single of its house";
        break;
    }
    case SK_TECH_X_WING:
    case SK_TECH_SWORDFISH:
    case SK_TECH_JELLYFISH: {
        int k = t == SK_TECH_X_WING ? 2 : t == SK_TECH_SWORDFISH ? 3 : 4;
        if (st->nhouses != 2 * k || !d)
            return "a fish's lines";
        int bk = b->kind[st->houses[0]];
        for (int i = 0; i < 2 * k; i++) {
            int h = st->houses[i];
            int want_kind = i < k ? bk : bk == K_ROW ? K_COLUMN : K_ROW;
            if ((bk != K_ROW && bk != K_COLUMN) || b->kind[h] != want_kind)
                return "a fish's base or cover is not a line of the right kind";
        }
        for (int i = 0; i < k; i++) {
            int h = st->houses[i];
            if (places(b, cand, val, h, d, NULL) < 2)
                return "a fish's base line with fewer than two places";
            for (int j = 0; j < b->size[h]; j++) {
                int c = b->cells[h][j], covered = 0;
                for (int v = k; v < 2 * k; v++)
                    covered |= in_house(b, st->houses[v], c);
                if (!val[c] && (cand[c] & BIT(d)) && !covered)
                    return "a fish's base line has a place outside the cover";
            }
        }
        for (int v = k; v < 2 * k; v++) {
            int h = st->houses[v];
            for (int j = 0; j < b->size[h]; j++) {
                int c = b->cells[h][j], base = 0;
                for (int i = 0; i < k; i++)
                    base |= in_house(b, st->houses[i], c);
                if (!val[c] && (cand[c] & BIT(d)) && !base)
                    want[c] |= BIT(d);
            }
        }
        break;
    }
    case SK_TECH_XY_WING:
    case SK_TECH_XYZ_WING: {
        int xyz = t == SK_TECH_XYZ_WING;
        if (st->ncells != 3 || !d)
            return "a wing's cells or digit";
        int p = st->cells[0], w1 = st->cells[1], w2 = st->cells[2];
        uint64_t cp = cand[p], c1 = cand[w1], c2 = cand[w2], z = st->digits;
        if (!sees(b, p, w1) || !sees(b, p, w2) || popcount(c1) != 2 || popcount(c2) != 2 ||
            (c1 & c2) != z)
            return "a wing's cells do not see the pivot or share other digits";
        if (xyz ? popcount(cp) != 3 || (c1 | c2) != cp
                : popcount(cp) != 2 || (cp & z) || popcount(cp | c1 | c2) != 3)
            return "a wing's candidates are not the pattern's";
        for (int c = 0; c < b->nc; c++)
            if (!val[c] && (cand[c] & z) && c != p && c != w1 && c != w2 && sees(b, c, w1) &&
                sees(b, c, w2) && (!xyz || sees(b, c, p)))
                want[c] |= z;
        break;
    }
    case SK_TECH_VARIANT_RULE:
        return judge_rule(b, cand, val, st); /* the removals are judged there */
    default:
        return NULL; /* not judged here */
    }
    if (t != SK_TECH_FULL_HOUSE && t != SK_TECH_HIDDEN_SINGLE && t != SK_TECH_NAKED_SINGLE &&
        !same_masks(b, want, got))
        return "the eliminations are not exactly the pattern's";
    pattern_judged = 1;
    return NULL;
}

/* SE's three figures, added up from the steps as SE's rating loop does. */
typedef struct figures {
    int er, ep, ed, er_tech, ep_tech, ed_tech, steps, stuck;
} figures;

static void figures_add(figures *f, const sk_step *st)
{
    if (st->rating > f->er) {
        f->er = st->rating;
        f->er_tech = st->technique;
    }
    if (f->ep == 0) {
        if (f->ed == 0) {
            f->ed = f->er;
            f->ed_tech = f->er_tech;
        }
        if (st->cell >= 0) {
            f->ep = f->er;
            f->ep_tech = f->er_tech;
        }
    }
    f->steps++;
}

static int reports; /* failing puzzles printed so far */
static int quiet;   /* 1: report nothing (the judges judged) */

static void report(const board *b, const char *what, const uint8_t *givens, int step,
                   const sk_step *st, const char *why)
{
    char name[96];
    if (quiet || reports++ >= 10)
        return;
    fprintf(stderr, "  %s, step %d (%s, rating %d, cell %d, digit %d, %d eliminations): %s\n",
            what, step, st ? sk_step_name(st, name, sizeof name) : "-", st ? st->rating : 0,
            st ? st->cell : -1, st ? st->digit : 0, st ? st->nelim : 0, why);
    fprintf(stderr, "  puzzle: ");
    for (int c = 0; c < b->nc; c++)
        fprintf(stderr, b->n <= 9 ? "%d" : "%d,", givens[c]);
    fprintf(stderr, "\n");
}

/* 1 when the logical solver's house tables (each house's places for each
 * digit, its placed digits, its empty cells), kept up step by step, are
 * what its candidates and values make them. */
static int tables_follow(const sk_logic *l)
{
    const sk_model *m = l->m;
    if (!l->pos_valid)
        return 1; /* not in use: rebuilt when needed */
    for (int k = 0; k < l->nh; k++) {
        const uint16_t *cells = m->house_cells + m->house_off[l->house[k]];
        int cnt = (int)(m->house_off[l->house[k] + 1] - m->house_off[l->house[k]]);
        uint64_t placed = 0;
        int empty = 0;
        for (int d = 0; d < l->n; d++) {
            uint64_t places = 0;
            for (int i = 0; i < cnt; i++)
                if (!l->val[cells[i]] && (l->cand[cells[i]] >> d & 1))
                    places |= 1ull << i;
            if (places != l->pos[k * l->n + d])
                return 0;
        }
        for (int i = 0; i < cnt; i++) {
            if (l->val[cells[i]])
                placed |= 1ull << (l->val[cells[i]] - 1);
            else
                empty++;
        }
        if (placed != l->hplaced[k] || empty != l->hempty[k])
            return 0;
    }
    return 1;
}

typedef struct walk_total {
    long puzzles, solved, stuck, steps, timeouts;
} walk_total;

/* 1: a step that takes longer than the solver's timeout ends the walk
 * (counted in timeouts) instead of failing it. */
static int walk_timeout_ok;
static int walk_max_nest; /* highest nesting level of a dynamic chain walked */

/*
 * Walks the puzzle givens (solution sol) step by step and judges every
 * step; then rates it with sk_rate and compares.  Returns the number of
 * problems found (0 when all is well).
 */
static int walk(const board *b, sk_logic *l, const uint8_t *givens, const uint8_t *sol,
                const char *what, walk_total *tot)
{
    int nc = b->nc, bad = 0, step = 0;
    uint64_t *before = malloc((size_t)nc * sizeof *before);
    uint64_t *expect = malloc((size_t)nc * sizeof *expect);
    uint64_t *want = malloc((size_t)nc * sizeof *want);
    uint64_t *got = malloc((size_t)nc * sizeof *got);
    uint8_t *vbefore = malloc((size_t)nc);
    figures f = {0, 0, 0, -1, -1, -1, 0, 0};
    sk_step st;
    int rc = -1;
    if (!before || !expect || !want || !got || !vbefore) {
        bad++;
        goto out;
    }
    if (sk_logic_start(l, givens) != SK_OK) {
        report(b, what, givens, 0, NULL, "sk_logic_start refused the puzzle");
        bad++;
        goto out;
    }
    judge_solution = sol;
    tot->puzzles++;
    /* every step removes a candidate or fills a cell: nc * n bounds them */
    for (step = 1; step <= nc * b->n + 1; step++) {
        const uint64_t *cand = sk_logic_candidates(l);
        const uint8_t *val = sk_logic_values(l);
        memcpy(before, cand, (size_t)nc * sizeof *before);
        memcpy(vbefore, val, (size_t)nc);
        rc = sk_logic_next(l, &st);
        if (rc != 1)
            break;
        if (st.technique >= SK_TECH_CONTRADICTION_CHAIN && st.technique <= SK_TECH_DYNAMIC_REGION_CHAINS &&
            st.subtype > walk_max_nest)
            walk_max_nest = st.subtype;
        const char *why = NULL;
        if (st.technique < 0 || st.technique >= SK_TECH_COUNT_)
            why = "unknown technique";
        else if (st.rating < sk_tech_rating(st.technique) || st.rating >= 200)
            why = "rating below its technique's base rating";
        else if (st.direct && st.cell < 0)
            why = "a direct step without a placement";
        else if (st.cell < -1 || st.cell >= nc || (st.cell >= 0 && (st.digit < 1 || st.digit > b->n)))
            why = "placement out of range";
        else if (st.cell >= 0 && (vbefore[st.cell] || !(before[st.cell] & BIT(st.digit))))
            why = "placement in a filled cell or of a digit that is not a candidate";
        else if (st.cell >= 0 && sol[st.cell] != st.digit)
            why = "placement of a digit that is not the solution's";
        else if (st.cell < 0 && st.nelim == 0)
            why = "a step that changes nothing";
        else if (st.nhouses < 0 || st.nhouses > 8)
            why = "house count";
        for (int i = 0; !why && i < st.nhouses; i++)
            if (st.houses[i] < 0 || st.houses[i] >= b->nh)
                why = "house index out of range";
        for (int i = 0; !why && i < st.ncells; i++)
            if (st.cells[i] < 0 || st.cells[i] >= nc)
                why = "cell index out of range";
        if (!why) {
            memset(got, 0, (size_t)nc * sizeof *got);
            for (int i = 0; !why && i < st.nelim; i++) {
                int c = st.elim[i].cell, d = st.elim[i].digit;
                if (c < 0 || c >= nc || d < 1 || d > b->n)
                    why = "elimination out of range";
                else if (vbefore[c] || !(before[c] & BIT(d)))
                    why = "elimination of a candidate that is not there";
                else if (got[c] & BIT(d))
                    why = "the same elimination twice";
                else if (sol[c] == d)
                    why = "elimination of the solution's digit";
                else
                    got[c] |= BIT(d);
            }
        }
        pattern_judged = 0;
        if (!why)
            why = judge_pattern(b, before, vbefore, &st, want, got);
        if (!why && (st.technique == SK_TECH_FORCING_CHAIN || st.technique == SK_TECH_CELL_FORCING_CHAINS ||
                     st.technique == SK_TECH_REGION_FORCING_CHAINS))
            why = judge_rule_links(b, before, vbefore, &st);
        if (!why && pattern_judged)
            justified[st.technique]++;
        if (why) {
            report(b, what, givens, step, &st, why);
            bad++;
            break;
        }
        taken[st.technique]++;
        figures_add(&f, &st);
        /* what the step should leave: its eliminations (none for a direct
           step), then the placement, which removes the digit from every
           peer */
        memcpy(expect, before, (size_t)nc * sizeof *expect);
        if (!st.direct)
            for (int i = 0; i < st.nelim; i++)
                expect[st.elim[i].cell] &= ~BIT(st.elim[i].digit);
        if (st.cell >= 0) {
            for (int h = 0; h < b->nh; h++)
                if (in_house(b, h, st.cell))
                    for (int i = 0; i < b->size[h]; i++)
                        expect[b->cells[h][i]] &= ~BIT(st.digit);
            expect[st.cell] = BIT(st.digit);
        }
        sk_logic_apply(l, &st);
        cand = sk_logic_candidates(l);
        val = sk_logic_values(l);
        if (!same_masks(b, cand, expect)) {
            report(b, what, givens, step, &st, "sk_logic_apply left other candidates");
            bad++;
            break;
        }
        if (!tables_follow(l)) {
            report(b, what, givens, step, &st, "the house tables do not follow the candidates");
            bad++;
            break;
        }
        for (int c = 0; c < nc; c++)
            if (!(cand[c] & BIT(sol[c])) || (val[c] && val[c] != sol[c]) ||
                (c == st.cell) != (val[c] != vbefore[c])) {
                report(b, what, givens, step, &st, "the position lost the solution");
                bad++;
                goto out;
            }
    }
    if (rc == SK_ETIME && walk_timeout_ok) {
        tot->timeouts++; /* every step so far judged; no rating to compare */
        goto out;
    }
    if (rc < 0) {
        report(b, what, givens, step, NULL, "sk_logic_next failed");
        bad++;
    } else if (rc == 1 && !bad) {
        report(b, what, givens, step, &st, "more steps than candidates");
        bad++;
    }
    if (bad)
        goto out;
    if (sk_logic_solved(l)) {
        tot->solved++;
        if (memcmp(sk_logic_values(l), sol, (size_t)nc) != 0) {
            report(b, what, givens, step, NULL, "solved to another grid");
            bad++;
        }
    } else {
        tot->stuck++;
        f.stuck = 1;
        f.er = 200;
        f.er_tech = -1;
    }
    tot->steps += f.steps;
    /* sk_rate takes the same path and must add it up the same way */
    sk_rating r;
    int rrc = sk_rate(l, givens, &r);
    if (rrc == SK_ETIME && walk_timeout_ok) {
        tot->timeouts++;
        goto out;
    }
    if (rrc != SK_OK || r.er != f.er || r.ep != f.ep || r.ed != f.ed ||
        r.er_tech != f.er_tech || r.ep_tech != f.ep_tech || r.ed_tech != f.ed_tech ||
        r.steps != f.steps || r.stuck != f.stuck) {
        fprintf(stderr, "  sk_rate: er %d ep %d ed %d (%d %d %d) steps %d stuck %d; walk: er %d ep %d ed %d (%d %d %d) steps %d stuck %d\n",
                r.er, r.ep, r.ed, r.er_tech, r.ep_tech, r.ed_tech, r.steps, r.stuck, f.er,
                f.ep, f.ed, f.er_tech, f.ep_tech, f.ed_tech, f.steps, f.stuck);
        report(b, what, givens, step, NULL, "sk_rate does not add up the walk");
        bad++;
    }
out:
    free(before);
    free(expect);
    free(want);
    free(got);
    free(vbefore);
    return bad;
}

/* ---- soundness over real puzzles ----------------------------------------- */

static int data_missing;
static walk_total totals;

/*
 * Walks every `every`-th puzzle of a collection, at most `limit` of them,
 * read with the library's reader and options ro, and starts no new one
 * after `budget` seconds (the harder techniques may take their time on the
 * puzzles the easy ones leave stuck; the suite must stay quick).  Returns
 * how many were walked, or -1 when the file is missing.
 */
static int walk_max_rating; /* the rating limit of the walks, 0 = none */

static long walk_file(const char *dir, const char *file, const sk_read_opts *ro, long every,
                      long limit, double budget)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *fp = fopen(path, "r");
    if (!fp) {
        data_missing++;
        return -1;
    }
    sk_reader *rd = NULL;
    sk_puzzle p;
    sk_diag d;
    sk_model *m = NULL;
    sk_logic *l = NULL;
    board b = {0};
    long seen = 0, walked = 0;
    int st, last_n = 0;
    const uint8_t *last_regions = NULL;
    double t0 = now();
    walk_total before = totals;
    CHECK_EQ_INT(sk_reader_open_file(fp, ro, &rd), SK_OK);
    while (rd && walked < limit && now() - t0 < budget &&
           (st = sk_reader_next(rd, &p, &d)) != SK_DONE) {
        CHECK_EQ_INT(st, SK_OK);
        if (st != SK_OK)
            break;
        if (seen++ % every)
            continue;
        /* a new model for every puzzle of a jigsaw file, else one per size */
        if (!m || p.geom.n != last_n || p.geom.regions || last_regions) {
            sk_logic_free(l);
            sk_model_free(m);
            board_free(&b);
            l = NULL;
            m = model_of(&p.geom);
            CHECK(m != NULL);
            if (!m)
                break;
            CHECK_EQ_INT(sk_logic_new(m, &l), SK_OK);
            sk_logic_set_limit(l, walk_max_rating);
            CHECK_EQ_INT(board_init(&b, m), 0);
            last_n = p.geom.n;
            last_regions = p.geom.regions;
        }
        int nc = p.geom.n * p.geom.n;
        uint8_t *givens = malloc((size_t)nc), *sol = malloc((size_t)nc);
        memcpy(givens, p.cells, (size_t)nc);
        CHECK_EQ_INT(solution_of(m, givens, sol), 0);
        char what[600];
        snprintf(what, sizeof what, "%s line %ld", file, p.line);
        CHECK_EQ_INT(walk(&b, l, givens, sol, what, &totals), 0);
        free(givens);
        free(sol);
        walked++;
    }
    sk_reader_free(rd);
    fclose(fp);
    sk_logic_free(l);
    sk_model_free(m);
    board_free(&b);
    if (verbose)
        fprintf(stderr, "  %s: %ld walked (%ld solved, %ld stuck), %ld steps, %.2f s\n", file,
                walked, totals.solved - before.solved, totals.stuck - before.stuck,
                totals.steps - before.steps, now() - t0);
    return walked;
}

static sk_read_opts line_opts(void)
{
    sk_read_opts o = SK_READ_OPTS_INIT;
    o.format = SK_FORMAT_LINE;
    return o;
}

/* ---- the committed reference ratings ------------------------------------ */

/* One line of tests/data/se_ratings.txt: a puzzle, SE's ER, EP and ED in
 * tenths and the techniques SE names for them. */
typedef struct rated {
    uint8_t givens[81];
    int er, ep, ed;
    char tech[3][48];
} rated;

static rated ratings[64];
static int nratings;

/* "2.6" -> 26; -1 when malformed. */
static int tenths(const char *s)
{
    int whole, tenth;
    char dot;
    if (sscanf(s, "%d%c%1d", &whole, &dot, &tenth) != 3 || dot != '.')
        return -1;
    return whole * 10 + tenth;
}

static void load_ratings(void)
{
    FILE *fp = fopen(RATINGS, "r");
    char line[512];
    CHECK(fp != NULL);
    while (fp && fgets(line, sizeof line, fp) && nratings < 64) {
        rated *r = &ratings[nratings];
        char er[8], ep[8], ed[8];
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        char *tab = strchr(line, '\t');
        CHECK(tab != NULL && strlen(line) > 81);
        if (!tab || strlen(line) <= 81)
            continue;
        *tab = '\0';
        CHECK_EQ_INT(sscanf(line + 81, " %7s %7s %7s", er, ep, ed), 3);
        r->er = tenths(er);
        r->ep = tenths(ep);
        r->ed = tenths(ed);
        CHECK(r->er > 0 && r->ep > 0 && r->ed > 0);
        CHECK_EQ_INT(sscanf(tab + 1, "%47[^\t]\t%47[^\t]\t%47[^\t]", r->tech[0], r->tech[1],
                            r->tech[2]),
                     3);
        for (int i = 0; i < 81; i++)
            r->givens[i] = (uint8_t)(line[i] >= '1' && line[i] <= '9' ? line[i] - '0' : 0);
        nratings++;
    }
    if (fp)
        fclose(fp);
}

/* The committed puzzles: always there, whatever ../shared holds. */
static void test_sound_committed(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(9);
    sk_model *m = model_of(&g);
    sk_logic *l = NULL;
    board b;
    CHECK(nratings >= 40);
    CHECK(m != NULL);
    if (!m)
        return;
    CHECK_EQ_INT(sk_logic_new(m, &l), SK_OK);
    CHECK_EQ_INT(board_init(&b, m), 0);
    for (int k = 0; k < nratings; k++) {
        uint8_t sol[81];
        char what[64];
        snprintf(what, sizeof what, "%s puzzle %d", RATINGS, k + 1);
        CHECK_EQ_INT(solution_of(m, ratings[k].givens, sol), 0);
        CHECK_EQ_INT(walk(&b, l, ratings[k].givens, sol, what, &totals), 0);
    }
    board_free(&b);
    sk_logic_free(l);
    sk_model_free(m);
}

static void test_sound_classic(void)
{
    sk_read_opts o = line_opts();
    long k = walk_file(DATA, "17clue.txt", &o, 163, 300, 1.5);
    if (k < 0)
        return;
    CHECK(k >= 100);
    CHECK(walk_file(DATA, "top1465.txt", &o, 7, 1000, 3.0) >= 5);
    /* a step of these may take seconds (nested chains, 10.0 and up): the
       walks go as far as the dynamic chains (+) */
    walk_max_rating = 94;
    CHECK(walk_file(DATA, "forum_hardest_11plus.txt", &o, 2437, 20, 1.0) >= 3);
    walk_max_rating = 0;
}

static void test_sound_16x16(void)
{
    sk_read_opts o = line_opts();
    long k = walk_file(DATA, "16x16_janko.txt", &o, 12, 10, 1.0);
    if (k < 0)
        return;
    CHECK(k >= 3);
    /* the hard ones as far as static chains: dynamic chains on a 16x16
       grid take seconds a step */
    walk_max_rating = 80;
    CHECK(walk_file(DATA, "16x16_krazydad_st.txt", &o, 400, 5, 1.0) >= 2);
    CHECK(walk_file(DATA, "16x16_tarek20.txt", &o, 10, 2, 1.0) >= 1);
    walk_max_rating = 0;
}

static void test_sound_boxes(void)
{
    static const char *const files[] = {
        "rect_4x4_box2x2.txt", "rect_6x6_box2x3.txt", "rect_6x6_box3x2.txt",
        "rect_8x8_box2x4.txt", "rect_8x8_box4x2.txt", "rect_12x12_box3x4.txt",
    };
    long total = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        int n, n2, br, bc;
        CHECK_EQ_INT(sscanf(files[f], "rect_%dx%d_box%dx%d", &n, &n2, &br, &bc), 4);
        sk_read_opts o = line_opts();
        o.box_rows = br;
        o.box_cols = bc;
        long k = walk_file(DATA, files[f], &o, 1, 1000, 0.5);
        if (k < 0)
            return;
        CHECK(k >= 5);
        total += k;
    }
    CHECK(total >= 30);
}

static void test_sound_jigsaw(void)
{
    for (int n = 4; n <= 9; n++) {
        char file[64];
        snprintf(file, sizeof file, "jigsaw_%dx%d.txt", n, n);
        sk_read_opts o = line_opts();
        long k = walk_file(DATA, file, &o, n == 6 ? 4 : n == 5 ? 2 : 1, 1000, 0.5);
        if (k < 0)
            return;
        CHECK(k >= 10);
    }
}

static void test_sound_x(void)
{
    sk_read_opts o = line_opts();
    o.extras = SK_EXTRA_DIAGONALS;
    long k = walk_file(DATA, "x9_janko_odd.txt", &o, 1, 1000, 1.0);
    if (k >= 0)
        CHECK(k >= 10);
}

/* ---- generated puzzles of a larger side --------------------------------- */

static uint64_t rng = 20261125;

static int below(int k)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (int)(rng % (uint64_t)k);
}

/* A full grid of side b*b: the textbook pattern, rows shuffled within
 * their bands, columns within their stacks, digits relabelled. */
static void pattern_grid(int b, uint8_t *grid)
{
    int n = b * b, row[SK_MAX_N], col[SK_MAX_N], label[SK_MAX_N + 1];
    for (int i = 0; i < n; i++) {
        row[i] = col[i] = i;
        label[i + 1] = i + 1;
    }
    for (int i = 0; i < n; i++) {
        int j = i / b * b + below(b), t = row[i];
        row[i] = row[j];
        row[j] = t;
        j = i / b * b + below(b);
        t = col[i];
        col[i] = col[j];
        col[j] = t;
    }
    for (int i = n; i > 1; i--) {
        int j = 1 + below(i), t = label[i];
        label[i] = label[j];
        label[j] = t;
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            grid[r * n + c] = (uint8_t)label[(row[r] % b * b + row[r] / b + col[c]) % n + 1];
}

/* A full grid made by the engines: a random permutation in row 1, then the
 * first solution.  0 when found. */
static int engine_grid(const sk_model *m, int n, uint8_t *grid)
{
    sk_solver *s = NULL;
    sk_search_opts o = SK_SEARCH_OPTS_INIT;
    sk_result r;
    memset(grid, 0, (size_t)n * (size_t)n);
    for (int c = 0; c < n; c++)
        grid[c] = (uint8_t)(c + 1);
    for (int c = n - 1; c > 0; c--) {
        int j = below(c + 1);
        uint8_t t = grid[c];
        grid[c] = grid[j];
        grid[j] = t;
    }
    o.max_solutions = 1;
    o.timeout = 2.0;
    if (sk_solver_new(-1, &s) != SK_OK)
        return -1;
    int rc = sk_solver_run(s, m, grid, &o, grid, &r);
    sk_solver_free(s);
    return rc == SK_OK && r.solutions == 1 && sk_verify(m, NULL, grid) ? 0 : -1;
}

/*
 * Puzzles cut from full grids of geometries the collections lack: 25x25
 * (shuffled pattern grids), a 7x7 Latin square, Hyper 9x9, 9x9 with both
 * diagonals and the windows, 9x9 with an extra group of five cells (a
 * house smaller than N).  Half the cells or fewer are kept at random, so
 * they have many solutions: they are walked with the techniques that do not assume a
 * unique one (up to 4.4, below the unique rectangles), whose every step
 * holds in every solution, the full grid among them.
 */
static void test_sound_generated(void)
{
    static const int group_sizes[1] = {5};
    static const int group_cells[5] = {0, 13, 26, 48, 80};
    static const struct {
        const char *name;
        int n, box_rows, box_cols, rounds, keep; /* keep: % of the cells */
        unsigned extras;
        int groups;
    } geos[] = {
        {"25x25", 25, SK_BOX_DEFAULT, SK_BOX_DEFAULT, 2, 50, 0, 0},
        {"7x7 Latin square", 7, SK_BOX_NONE, 0, 40, 40, 0, 0},
        {"9x9 Hyper", 9, SK_BOX_DEFAULT, SK_BOX_DEFAULT, 40, 40, SK_EXTRA_HYPER, 0},
        {"9x9 X and Hyper", 9, SK_BOX_DEFAULT, SK_BOX_DEFAULT, 40, 40,
         SK_EXTRA_DIAGONALS | SK_EXTRA_HYPER, 0},
        {"9x9 with a group of five", 9, SK_BOX_DEFAULT, SK_BOX_DEFAULT, 40, 40, 0, 1},
    };
    for (size_t k = 0; k < sizeof geos / sizeof geos[0]; k++) {
        int n = geos[k].n, nc = n * n, walked = 0;
        sk_geometry g = SK_GEOMETRY_INIT(n);
        g.box_rows = geos[k].box_rows;
        g.box_cols = geos[k].box_cols;
        g.extras = geos[k].extras;
        if (geos[k].groups) {
            g.ngroups = 1;
            g.group_sizes = group_sizes;
            g.group_cells = group_cells;
        }
        sk_model *m = model_of(&g);
        sk_logic *l = NULL;
        uint8_t *sol = malloc((size_t)nc), *puz = malloc((size_t)nc);
        board bd;
        double t0 = now();
        CHECK(m && sol && puz);
        if (!m || !sol || !puz || board_init(&bd, m) != 0) {
            CHECK(!"setup");
            sk_model_free(m);
            free(sol);
            free(puz);
            continue;
        }
        CHECK_EQ_INT(sk_logic_new(m, &l), SK_OK);
        sk_logic_set_limit(l, 44);
        for (int round = 0; round < geos[k].rounds && now() - t0 < 0.5; round++) {
            char what[96];
            if (n == 25)
                pattern_grid(5, sol);
            else if (engine_grid(m, n, sol) != 0) {
                CHECK(!"no full grid");
                continue;
            }
            CHECK(sk_verify(m, NULL, sol));
            for (int i = 0; i < nc; i++)
                puz[i] = below(100) < geos[k].keep ? sol[i] : 0;
            snprintf(what, sizeof what, "%s, round %d", geos[k].name, round);
            CHECK_EQ_INT(walk(&bd, l, puz, sol, what, &totals), 0);
            walked++;
        }
        CHECK(walked >= 1);
        if (verbose)
            fprintf(stderr, "  %s generated: %d walked, %.2f s\n", geos[k].name, walked,
                    now() - t0);
        board_free(&bd);
        sk_logic_free(l);
        sk_model_free(m);
        free(sol);
        free(puz);
    }
}

/*
 * The figures of a walk of position p one step at a time (sk_logic_next),
 * against sk_rate's, which places singles in bulk.  1 when they agree;
 * *stuck says whether the walk ended stuck.  (No solution to judge the
 * steps by here: only the sums.)
 */
static int start(sk_logic *l, const uint8_t *p, const uint64_t *marks)
{
    return marks ? sk_logic_start_candidates(l, p, marks) : sk_logic_start(l, p);
}

/* p: the givens; marks: pencil marks, or NULL to start from the givens */
static int sums_agree(sk_logic *l, const uint8_t *p, const uint64_t *marks, const char *what,
                      int *stuck)
{
    static int shown;
    figures f = {0, 0, 0, -1, -1, -1, 0, 0};
    sk_step st;
    sk_rating r;
    int rc = 1;
    *stuck = 0;
    if (start(l, p, marks) != SK_OK)
        return 0;
    while (!sk_logic_solved(l) && (rc = sk_logic_next(l, &st)) == 1) {
        figures_add(&f, &st);
        sk_logic_apply(l, &st);
    }
    if (rc < 0)
        return 0;
    if (rc == 0) {
        f.stuck = *stuck = 1;
        f.er = 200;
        f.er_tech = -1;
    }
    if (start(l, p, marks) != SK_OK || sk_rate_position(l, &r) != SK_OK)
        return 0;
    if (r.er == f.er && r.ep == f.ep && r.ed == f.ed && r.er_tech == f.er_tech &&
        r.ep_tech == f.ep_tech && r.ed_tech == f.ed_tech && r.steps == f.steps &&
        r.stuck == f.stuck)
        return 1;
    if (shown++ < 3)
        fprintf(stderr, "  %s: sk_rate er %d ep %d ed %d steps %d stuck %d; walk: er %d ep %d ed %d steps %d stuck %d\n",
                what, r.er, r.ep, r.ed, r.steps, r.stuck, f.er, f.ep, f.ed, f.steps, f.stuck);
    return 0;
}

/*
 * Positions without a solution (rated with the check left out): two
 * singles there can contradict each other, and then the order in which
 * they are placed changes the path.  sk_rate must still give the walk's
 * figures and step count.  Made from the committed puzzles by adding
 * givens at random, each a digit none of its peers holds, so that most
 * have no solution.
 */
/* A classic 9x9 model in *m and a logical solver on it, for the tests on
 * the committed puzzles; NULL (the check failed) when either cannot be
 * made or the puzzles are missing. */
static sk_logic *classic_logic(sk_model **m)
{
    sk_geometry g = SK_GEOMETRY_INIT(9);
    sk_logic *l = NULL;
    *m = model_of(&g);
    if (!*m || !nratings || sk_logic_new(*m, &l) != SK_OK) {
        CHECK(!"a 9x9 solver and the committed puzzles");
        sk_model_free(*m);
        *m = NULL;
        return NULL;
    }
    return l;
}

static void test_rate_without_solution(void)
{
    sk_model *m;
    sk_logic *l = classic_logic(&m);
    int compared = 0, stuck = 0, bad = 0;
    if (!l)
        return;
    for (int round = 0; round < 400; round++) {
        uint8_t p[81];
        char what[48];
        int st;
        memcpy(p, ratings[round % nratings].givens, sizeof p);
        for (int add = 8 + below(18); add > 0; add--) {
            int c = below(81), d = 1 + below(9), seen = 0;
            if (p[c])
                continue;
            for (int o = 0; o < 81; o++)
                if (p[o] == d && (o / 9 == c / 9 || o % 9 == c % 9 ||
                                  (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3)))
                    seen = 1;
            if (!seen)
                p[c] = (uint8_t)d;
        }
        snprintf(what, sizeof what, "position %d", round);
        bad += !sums_agree(l, p, NULL, what, &st);
        compared++;
        stuck += st;
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(compared >= 300);
    CHECK(stuck >= 150); /* most have no solution, and end stuck */
    if (verbose)
        fprintf(stderr, "  %d positions compared, %d stuck\n", compared, stuck);
    sk_logic_free(l);
    sk_model_free(m);
}

/* With a rating limit, which decides which singles may be placed (full
 * houses 1.0, hidden singles 1.2 and 1.5, naked ones 2.3): the same sums
 * both ways on the committed puzzles. */
static void test_rate_limits(void)
{
    static const int limits[] = {10, 12, 15, 17, 20, 23, 25, 26, 28, 44};
    sk_model *m;
    sk_logic *l = classic_logic(&m);
    int bad = 0, stuck = 0, compared = 0;
    if (!l)
        return;
    for (size_t i = 0; i < sizeof limits / sizeof *limits; i++) {
        sk_logic_set_limit(l, limits[i]);
        for (int k = 0; k < nratings; k++) {
            char what[64];
            int st;
            snprintf(what, sizeof what, "puzzle %d, limit %d", k + 1, limits[i]);
            bad += !sums_agree(l, ratings[k].givens, NULL, what, &st);
            stuck += st;
            compared++;
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(stuck > 0 && stuck < compared); /* the limits stop some, not all */
    sk_logic_free(l);
    sk_model_free(m);
}

/* From pencil marks: the committed puzzles with a third of the wrong
 * candidates of each cell crossed out at random (the solution's kept). */
static void test_rate_from_marks(void)
{
    sk_model *m;
    sk_logic *l = classic_logic(&m);
    int bad = 0, stuck = 0;
    if (!l)
        return;
    for (int k = 0; k < nratings; k++) {
        uint8_t sol[81];
        uint64_t marks[81];
        char what[48];
        int st;
        CHECK_EQ_INT(solution_of(m, ratings[k].givens, sol), 0);
        for (int c = 0; c < 81; c++) {
            marks[c] = ratings[k].givens[c] ? BIT(ratings[k].givens[c]) : 0x1ffull;
            for (int d = 1; d <= 9; d++)
                if (d != sol[c] && below(3) == 0)
                    marks[c] &= ~BIT(d);
        }
        snprintf(what, sizeof what, "marks of puzzle %d", k + 1);
        bad += !sums_agree(l, NULL, marks, what, &st);
        stuck += st;
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(stuck < nratings);
    sk_logic_free(l);
    sk_model_free(m);
}

/* The walks must have met the basic techniques, or they tested little. */
static void test_sound_coverage(void)
{
    static const int must[] = {
        SK_TECH_FULL_HOUSE, SK_TECH_HIDDEN_SINGLE, SK_TECH_DIRECT_POINTING,
        SK_TECH_DIRECT_HIDDEN_PAIR, SK_TECH_NAKED_SINGLE, SK_TECH_POINTING, SK_TECH_CLAIMING,
        SK_TECH_NAKED_PAIR, SK_TECH_X_WING, SK_TECH_HIDDEN_PAIR, SK_TECH_NAKED_TRIPLE,
        SK_TECH_XY_WING,
    };
    printf("#  %ld puzzles walked: %ld solved, %ld stuck, %ld steps\n", totals.puzzles,
           totals.solved, totals.stuck, totals.steps);
    printf("#  steps by technique (pattern checked):");
    for (int t = 0; t < SK_TECH_COUNT_; t++)
        if (taken[t])
            printf(" %s %ld (%ld)", sk_tech_keyword(t), taken[t], justified[t]);
    printf("\n");
    CHECK(totals.solved > 0);
    if (data_missing)
        return;
    for (size_t i = 0; i < sizeof must / sizeof must[0]; i++) {
        if (!taken[must[i]])
            fprintf(stderr, "  never met: %s\n", sk_tech_name(must[i]));
        CHECK(taken[must[i]] > 0);
        CHECK_EQ_INT(justified[must[i]], taken[must[i]]);
    }
}

/* ---- one position per technique ------------------------------------------ */

/* (pencil marks, the short form of candidates and EXPECT: logic_pm.h) */

static sk_model *classic;
static sk_logic *lc; /* a logical solver over classic */

/* Starts lc (or l) from the pencil marks of p, with a rating limit, and
 * finds the first step: 1 with *st filled, 0 when none. */
static int first_on(sk_logic *l, const pm *p, int limit, sk_step *st)
{
    int rc = sk_logic_start_candidates(l, p->given, p->cand);
    CHECK_EQ_INT(rc, SK_OK);
    if (rc != SK_OK)
        return -1;
    sk_logic_set_limit(l, limit);
    return sk_logic_next(l, st);
}

static int first(const pm *p, int limit, sk_step *st)
{
    return first_on(lc, p, limit, st);
}

/* Applies st to lc and finds the next step. */
static int then(sk_step *st)
{
    sk_logic_apply(lc, st);
    return sk_logic_next(lc, st);
}

static int cand_has(int r, int c, int d)
{
    return (sk_logic_candidates(lc)[(r - 1) * 9 + (c - 1)] & BIT(d)) != 0;
}

static void test_full_house_first(void)
{
    /* row 9 holds every digit but 1; the 1s in rows 2, 3 and columns 2, 3
       leave box 1 one place for 1.  The full house comes first although
       box 1 is scanned before row 9. */
    static const char *const grid =
        "........."
        "...1....."
        "......1.."
        "........."
        ".1......."
        "........."
        "..1......"
        "........."
        "23456789.";
    uint8_t g[81];
    sk_step st;
    for (int i = 0; i < 81; i++)
        g[i] = (uint8_t)(grid[i] == '.' ? 0 : grid[i] - '0');
    CHECK_EQ_INT(sk_logic_start(lc, g), SK_OK);
    sk_logic_set_limit(lc, 0);
    CHECK_EQ_INT(sk_logic_next(lc, &st), 1);
    EXPECT(classic, &st, SK_TECH_FULL_HOUSE, 10, "r9c9=1", "", "row 9", NULL, 0, "1");
    CHECK_EQ_INT(then(&st), 1);
    EXPECT(classic, &st, SK_TECH_HIDDEN_SINGLE, 12, "r1c1=1", "", "box 1", NULL, 0, "1");
}

static void test_hidden_single_lines(void)
{
    pm p;
    sk_step st;
    /* 1 has one place in row 1, 2 one place in column 9, every box many:
       columns are scanned before rows, both rate 1.5 */
    pm_full(&p, 9);
    drop(&p, 1, 1, 2, 9, 1);
    column_only(&p, 9, "5", 2);
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_HIDDEN_SINGLE, 15, "r5c9=2", "", "column 9", NULL, 0, "2");
    CHECK_EQ_INT(then(&st), 1);
    EXPECT(classic, &st, SK_TECH_HIDDEN_SINGLE, 15, "r1c1=1", "", "row 1", NULL, 0, "1");
}

static void test_hidden_single_block_first(void)
{
    pm p;
    sk_step st;
    /* a single in row 1 and one in box 9: the block's (1.2) comes first */
    pm_full(&p, 9);
    drop(&p, 1, 1, 2, 9, 1);
    drop(&p, 7, 9, 7, 9, 5);
    only(&p, 9, 9, "123456789");
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_HIDDEN_SINGLE, 12, "r9c9=5", "", "box 9", NULL, 0, "5");
}

static void test_hidden_before_naked(void)
{
    pm p;
    sk_step st;
    /* r1c1 holds only 7 (a naked single, first cell of the grid), and 1
       has one place in row 9: SE takes every hidden single first */
    pm_full(&p, 9);
    only(&p, 1, 1, "7");
    drop(&p, 9, 9, 1, 9, 1);
    only(&p, 9, 5, "123456789");
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_HIDDEN_SINGLE, 15, "r9c5=1", "", "row 9", NULL, 0, "1");
    CHECK_EQ_INT(then(&st), 1);
    EXPECT(classic, &st, SK_TECH_NAKED_SINGLE, 23, "r1c1=7", "", "", NULL, 0, "7");
}

static void test_direct_pointing(void)
{
    pm p;
    sk_step st;
    /* 1 in box 1 only in row 1; in box 2 at r1c4, r1c5 and r2c4, so that
       removing it from row 1 leaves box 2 one place: r2c4.  A naked single
       waits at r9c9; the direct pointing (1.7) comes before it (2.3). */
    pm_full(&p, 9);
    drop(&p, 2, 3, 1, 3, 1);
    drop(&p, 1, 3, 4, 6, 1);
    only(&p, 1, 4, "123456789");
    only(&p, 1, 5, "123456789");
    only(&p, 2, 4, "123456789");
    only(&p, 9, 9, "9");
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_DIRECT_POINTING, 17, "r2c4=1", "r1c45789:1", "box 1, row 1",
           NULL, 0, "1");
    /* a direct step places its digit and removes nothing else: r1c7 keeps
       its 1, which is no peer of r2c4, while r1c4 and r1c5 lose theirs to
       the placement */
    CHECK_EQ_INT(then(&st), 1);
    CHECK(cand_has(1, 7, 1) && cand_has(1, 8, 1) && cand_has(1, 9, 1));
    CHECK(!cand_has(1, 4, 1) && !cand_has(1, 5, 1));
    EXPECT(classic, &st, SK_TECH_NAKED_SINGLE, 23, "r9c9=9", "", NULL, NULL, 0, "9");
}

static void test_direct_hidden_pair(void)
{
    pm p;
    sk_step st;
    /* 1 and 2 in box 1 only at r1c1 and r2c2; 3 there and at r3c3: the
       hidden pair leaves 3 one place in the box */
    pm_full(&p, 9);
    for (int r = 1; r <= 3; r++)
        for (int c = 1; c <= 3; c++)
            if (r != c)
                lose(&p, r, c, "123");
    lose(&p, 3, 3, "12");
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_DIRECT_HIDDEN_PAIR, 20, "r3c3=3",
           "r1c1:3456789 r2c2:3456789", "box 1", "r1c1 r2c2", 0, "12");
}

static void test_direct_hidden_triple(void)
{
    pm p;
    sk_step st;
    /* 1 at r1c1 r2c2, 2 at r2c2 r3c3, 3 at r1c1 r3c3: a hidden triple in
       box 1 that leaves 4 (r1c1 r3c3 r2c3) only r2c3.  A naked single at
       r9c9 comes first (2.3 before 2.5). */
    pm_full(&p, 9);
    for (int r = 1; r <= 3; r++)
        for (int c = 1; c <= 3; c++)
            lose(&p, r, c, "1234");
    only(&p, 1, 1, "13456789");
    only(&p, 2, 2, "1256789");
    only(&p, 3, 3, "23456789");
    only(&p, 2, 3, "456789");
    only(&p, 9, 9, "9");
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_NAKED_SINGLE, 23, "r9c9=9", "", NULL, NULL, 0, "9");
    CHECK_EQ_INT(then(&st), 1);
    EXPECT(classic, &st, SK_TECH_DIRECT_HIDDEN_TRIPLE, 25, "r2c3=4",
           "r1c1:456789 r2c2:56789 r3c3:456789", "box 1", "r1c1 r2c2 r3c3", 0, "123");
}

static void test_pointing(void)
{
    pm p;
    sk_step st;
    pm_full(&p, 9);
    drop(&p, 2, 3, 1, 3, 1); /* 1 in box 1 only in row 1 */
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_POINTING, 26, NULL, "r1c456789:1", "box 1, row 1", NULL, 0,
           "1");
    sk_logic_apply(lc, &st);
    CHECK(!cand_has(1, 4, 1) && !cand_has(1, 9, 1) && cand_has(1, 1, 1) && cand_has(2, 4, 1));
    /* must not: row 1 has no other 1 to remove */
    drop(&p, 1, 1, 4, 9, 1);
    CHECK_EQ_INT(first(&p, 28, &st), 0);
}

static void test_claiming(void)
{
    pm p;
    sk_step st;
    pm_full(&p, 9);
    drop(&p, 1, 1, 4, 9, 1); /* 1 in row 1 only in box 1 */
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_CLAIMING, 28, NULL, "r23c123:1", "row 1, box 1", NULL, 0, "1");
}

static void test_naked_pair(void)
{
    pm p;
    sk_step st;
    pm_full(&p, 9);
    only(&p, 1, 1, "12");
    only(&p, 1, 2, "12");
    CHECK_EQ_INT(first(&p, 0, &st), 1); /* the box is scanned before the row */
    EXPECT(classic, &st, SK_TECH_NAKED_PAIR, 30, NULL, "r1c3:12 r23c123:12", "box 1",
           "r1c1 r1c2", 0, "12");
    /* must not: the same two digits in cells that share no house */
    pm_full(&p, 9);
    only(&p, 1, 1, "12");
    only(&p, 5, 5, "12");
    CHECK_EQ_INT(first(&p, 30, &st), 0);
}

static void test_naked_triple(void)
{
    pm p;
    sk_step st;
    pm_full(&p, 9);
    only(&p, 1, 1, "12");
    only(&p, 2, 2, "23");
    only(&p, 3, 3, "13");
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_NAKED_TRIPLE, 36, NULL, "r1c23:123 r2c13:123 r3c12:123",
           "box 1", "r1c1 r2c2 r3c3", 0, "123");
}

static void test_naked_quad(void)
{
    pm p;
    sk_step st;
    /* four cells of box 1 in a cycle of pairs: no pair, triple or wing */
    pm_full(&p, 9);
    only(&p, 1, 1, "12");
    only(&p, 2, 2, "23");
    only(&p, 3, 3, "34");
    only(&p, 2, 1, "14");
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_NAKED_QUAD, 50, NULL, "r1c23:1234 r2c3:1234 r3c12:1234",
           "box 1", "r1c1 r2c1 r2c2 r3c3", 0, "1234");
}

static void test_hidden_pair(void)
{
    pm p;
    sk_step st;
    /* 1 and 2 in box 1 only at r1c1 and r2c2 (not in one line: no
       pointing) */
    pm_full(&p, 9);
    for (int r = 1; r <= 3; r++)
        for (int c = 1; c <= 3; c++)
            if (r != c || r == 3)
                lose(&p, r, c, "12");
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_HIDDEN_PAIR, 34, NULL, "r1c1:3456789 r2c2:3456789", "box 1",
           "r1c1 r2c2", 0, "12");
    /* must not: the pair's cells hold nothing else already */
    only(&p, 1, 1, "12");
    only(&p, 2, 2, "12");
    CHECK_EQ_INT(first(&p, 34, &st), 0);
}

static void test_hidden_triple(void)
{
    pm p;
    sk_step st;
    /* 1 at r1c1 r2c2, 2 at r2c2 r3c3, 3 at r1c1 r3c3 */
    pm_full(&p, 9);
    for (int r = 1; r <= 3; r++)
        for (int c = 1; c <= 3; c++)
            lose(&p, r, c, "123");
    only(&p, 1, 1, "13456789");
    only(&p, 2, 2, "12456789");
    only(&p, 3, 3, "23456789");
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_HIDDEN_TRIPLE, 40, NULL,
           "r1c1:456789 r2c2:456789 r3c3:456789", "box 1", "r1c1 r2c2 r3c3", 0, "123");
}

static void test_hidden_quad(void)
{
    pm p;
    sk_step st;
    /* in box 1: 1 at r1c1 r1c2 r2c2, 2 at r2c2 r3c3, 3 at r1c2 r3c3, 4 at
       r1c1 r3c3; no two or three of them fill as few cells */
    pm_full(&p, 9);
    for (int r = 1; r <= 3; r++)
        for (int c = 1; c <= 3; c++)
            lose(&p, r, c, "1234");
    only(&p, 1, 1, "1456789");
    only(&p, 2, 2, "1256789");
    only(&p, 3, 3, "23456789");
    only(&p, 1, 2, "1356789");
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_HIDDEN_QUAD, 54, NULL, "r1c12:56789 r2c2:56789 r3c3:56789",
           "box 1", "r1c1 r1c2 r2c2 r3c3", 0, "1234");
}

static void test_x_wing(void)
{
    pm p;
    sk_step st;
    pm_full(&p, 9);
    column_only(&p, 1, "15", 1);
    column_only(&p, 5, "15", 1);
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_X_WING, 32, NULL, "r15c2346789:1",
           "column 1, column 5, row 1, row 5", NULL, 0, "1");
    /* must not: a third place in column 5 */
    pm_full(&p, 9);
    column_only(&p, 1, "15", 1);
    column_only(&p, 5, "159", 1);
    CHECK_EQ_INT(first(&p, 32, &st), 0);
}

static void test_swordfish(void)
{
    pm p;
    sk_step st;
    pm_full(&p, 9);
    column_only(&p, 1, "14", 1);
    column_only(&p, 4, "47", 1);
    column_only(&p, 7, "17", 1);
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_SWORDFISH, 38, NULL, "r147c235689:1",
           "column 1, column 4, column 7, row 1, row 4, row 7", NULL, 0, "1");
}

static void test_jellyfish(void)
{
    pm p;
    sk_step st;
    /* each column's two rows in different bands: no locked candidates */
    pm_full(&p, 9);
    column_only(&p, 1, "14", 1);
    column_only(&p, 4, "47", 1);
    column_only(&p, 7, "57", 1);
    column_only(&p, 9, "15", 1);
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_JELLYFISH, 52, NULL, "r1457c23568:1",
           "column 1, column 4, column 7, column 9, row 1, row 4, row 5, row 7", NULL, 0, "1");
}

static void test_xy_wing(void)
{
    pm p;
    sk_step st;
    pm_full(&p, 9);
    only(&p, 1, 1, "12");
    only(&p, 1, 5, "13");
    only(&p, 5, 1, "23");
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_XY_WING, 42, NULL, "r5c5:3", NULL, "r1c1 r1c5 r5c1", 1, "3");
    /* must not: no cell that sees both wings holds 3 */
    lose(&p, 5, 5, "3");
    CHECK_EQ_INT(first(&p, 42, &st), 0);
}

static void test_xyz_wing(void)
{
    pm p;
    sk_step st;
    pm_full(&p, 9);
    only(&p, 1, 1, "123");
    only(&p, 2, 2, "13");
    only(&p, 1, 6, "23");
    CHECK_EQ_INT(first(&p, 0, &st), 1);
    EXPECT(classic, &st, SK_TECH_XYZ_WING, 44, NULL, "r1c23:3", NULL, "r1c1 r1c6 r2c2", 1, "3");
    /* must not: a pivot of four digits */
    only(&p, 1, 1, "1234");
    CHECK_EQ_INT(first(&p, 44, &st), 0);
}

/* Houses beyond the classic ones: a jigsaw region is a block (1.2), a
 * diagonal a line (1.5); a rectangular box points like a square one. */
static void test_other_houses(void)
{
    pm p;
    sk_step st;
    uint8_t regions[81];
    for (int i = 0; i < 81; i++)
        regions[i] = (uint8_t)(i / 27 * 3 + i % 9 / 3);
    regions[2] = 1; /* r1c3 and r1c4 trade regions */
    regions[3] = 0;
    sk_geometry gj = SK_GEOMETRY_INIT(9), gx = SK_GEOMETRY_INIT(9), g6 = SK_GEOMETRY_INIT(6);
    gj.regions = regions;
    gx.extras = SK_EXTRA_DIAGONALS;
    g6.box_rows = 2;
    g6.box_cols = 3;
    sk_model *mj = model_of(&gj), *mx = model_of(&gx), *m6 = model_of(&g6);
    sk_logic *l = NULL;
    CHECK(mj && mx && m6);
    if (!mj || !mx || !m6)
        goto out;

    CHECK_EQ_INT(sk_logic_new(mj, &l), SK_OK);
    pm_full(&p, 9);
    drop(&p, 1, 3, 1, 3, 1);
    only(&p, 1, 3, "123456789"); /* r1c3 is in region 2 now */
    CHECK_EQ_INT(first_on(l, &p, 0, &st), 1);
    EXPECT(mj, &st, SK_TECH_HIDDEN_SINGLE, 12, "r1c4=1", "", "region 1", NULL, 0, "1");
    sk_logic_free(l);
    l = NULL;

    CHECK_EQ_INT(sk_logic_new(mx, &l), SK_OK);
    pm_full(&p, 9);
    for (int i = 1; i <= 9; i++)
        if (i != 5)
            lose(&p, i, i, "1");
    CHECK_EQ_INT(first_on(l, &p, 0, &st), 1);
    EXPECT(mx, &st, SK_TECH_HIDDEN_SINGLE, 15, "r5c5=1", "", "main diagonal", NULL, 0, "1");
    sk_logic_free(l);
    l = NULL;

    CHECK_EQ_INT(sk_logic_new(m6, &l), SK_OK);
    pm_full(&p, 6);
    drop(&p, 2, 2, 1, 3, 1); /* 1 in box 1 (rows 1-2, columns 1-3) only in row 1 */
    CHECK_EQ_INT(first_on(l, &p, 0, &st), 1);
    EXPECT(m6, &st, SK_TECH_POINTING, 26, NULL, "r1c456:1", "box 1, row 1", NULL, 0, "1");
out:
    sk_logic_free(l);
    sk_model_free(mj);
    sk_model_free(mx);
    sk_model_free(m6);
}

/* ---- sk_rate against the reference ratings ------------------------------- */

/* SE calls a set of three a "Triplet". */
static void se_name(const char *se, char *out, size_t size)
{
    const char *t = strstr(se, "Triplet");
    if (t)
        snprintf(out, size, "%.*sTriple%s", (int)(t - se), se, t + 7);
    else
        snprintf(out, size, "%s", se);
}

static void test_se_ratings(void)
{
    int agree = 0;
    CHECK(nratings >= 40);
    sk_logic_set_limit(lc, 0);
    for (int k = 0; k < nratings; k++) {
        const rated *want = &ratings[k];
        sk_rating r;
        char names[3][48];
        int techs[3];
        CHECK_EQ_INT(sk_rate(lc, want->givens, &r), SK_OK);
        techs[0] = r.er_tech;
        techs[1] = r.ep_tech;
        techs[2] = r.ed_tech;
        int same = r.er == want->er && r.ep == want->ep && r.ed == want->ed && !r.stuck;
        for (int i = 0; i < 3; i++) {
            se_name(want->tech[i], names[i], sizeof names[i]);
            const char *got = sk_tech_name(techs[i]);
            same &= got && !strcmp(got, names[i]);
        }
        if (!same) {
            fprintf(stderr, "  %s puzzle %d: %d.%d %d.%d %d.%d (%s, %s, %s), SE %d.%d %d.%d %d.%d (%s, %s, %s)\n",
                    RATINGS, k + 1, r.er / 10, r.er % 10, r.ep / 10, r.ep % 10, r.ed / 10,
                    r.ed % 10, sk_tech_name(techs[0]), sk_tech_name(techs[1]),
                    sk_tech_name(techs[2]), want->er / 10, want->er % 10, want->ep / 10,
                    want->ep % 10, want->ed / 10, want->ed % 10, want->tech[0], want->tech[1],
                    want->tech[2]);
        }
        agree += same;
    }
    CHECK_EQ_INT(agree, nratings);
}

/* ---- the judges judged ---------------------------------------------------- */

/* A step written by hand, for judge_pattern. */
static sk_step made_step(int tech, int rating, int cell, int digit, const sk_cand *elim, int nelim,
                         const int *houses, int nhouses, const int *cells, int ncells,
                         uint64_t digits)
{
    sk_step st;
    memset(&st, 0, sizeof st);
    st.technique = tech;
    st.rating = rating;
    st.cell = cell;
    st.digit = digit;
    st.elim = elim;
    st.nelim = nelim;
    st.nhouses = nhouses;
    for (int i = 0; i < nhouses; i++)
        st.houses[i] = houses[i];
    st.cells = cells;
    st.ncells = ncells;
    st.digits = digits;
    return st;
}

/* The walk's judges must refuse false steps, or the walks prove nothing. */
static void test_judges(void)
{
    board b;
    pm p;
    uint8_t val[81] = {0};
    uint64_t want[81], got[81];
    int row1 = -1, box1 = -1, row5 = -1;
    CHECK_EQ_INT(board_init(&b, classic), 0);
    for (int h = 0; h < b.nh; h++) {
        char name[32];
        sk_model_house_name(classic, h, name, sizeof name);
        row1 = !strcmp(name, "row 1") ? h : row1;
        row5 = !strcmp(name, "row 5") ? h : row5;
        box1 = !strcmp(name, "box 1") ? h : box1;
    }
    CHECK(row1 >= 0 && box1 >= 0 && row5 >= 0);
    /* 1 in row 1 only at r1c1 and r1c2 */
    pm_full(&p, 9);
    drop(&p, 1, 1, 3, 9, 1);
    int houses[2] = {row1, box1};
    sk_step st = made_step(SK_TECH_HIDDEN_SINGLE, 15, 0, 1, NULL, 0, houses, 1, NULL, 0, BIT(1));
    CHECK(judge_pattern(&b, p.cand, val, &st, want, got) != NULL); /* two places */
    p.cand[1] &= ~BIT(1);
    CHECK(judge_pattern(&b, p.cand, val, &st, want, got) == NULL); /* now one */
    st.rating = 12;
    CHECK(judge_pattern(&b, p.cand, val, &st, want, got) != NULL); /* a line is 1.5 */
    st.houses[0] = row5;
    st.rating = 15;
    CHECK(judge_pattern(&b, p.cand, val, &st, want, got) != NULL); /* not its house */
    /* claiming row 1 -> box 1: the eliminations must be all of them */
    pm_full(&p, 9);
    drop(&p, 1, 1, 4, 9, 1);
    sk_cand el[6];
    for (int i = 0; i < 6; i++) {
        el[i].cell = 9 + i / 3 * 9 + i % 3;
        el[i].digit = 1;
    }
    st = made_step(SK_TECH_CLAIMING, 28, -1, 0, el, 6, houses, 2, NULL, 0, BIT(1));
    CHECK(judge_pattern(&b, p.cand, val, &st, want, got) == NULL);
    st.nelim = 5;
    CHECK(judge_pattern(&b, p.cand, val, &st, want, got) != NULL);
    st.nelim = 6;
    st.technique = SK_TECH_POINTING; /* the houses are the wrong way round */
    CHECK(judge_pattern(&b, p.cand, val, &st, want, got) != NULL);
    /* an XY-wing whose wings do not both see the pivot */
    pm_full(&p, 9);
    only(&p, 1, 1, "12");
    only(&p, 1, 5, "13");
    only(&p, 6, 2, "23");
    int wing[3] = {0, 4, 46};
    sk_cand victim = {40, 3};
    st = made_step(SK_TECH_XY_WING, 42, -1, 0, &victim, 1, NULL, 0, wing, 3, BIT(3));
    CHECK(judge_pattern(&b, p.cand, val, &st, want, got) != NULL);
    board_free(&b);

    /* the walk catches a placement that is not the solution's */
    uint8_t sol[81], wrong[81];
    CHECK(nratings > 0);
    if (nratings <= 0)
        return;
    CHECK_EQ_INT(board_init(&b, classic), 0);
    CHECK_EQ_INT(solution_of(classic, ratings[0].givens, sol), 0);
    memcpy(wrong, sol, sizeof wrong);
    for (int c = 0; c < 81; c++)
        if (!ratings[0].givens[c]) {
            wrong[c] = (uint8_t)(wrong[c] % 9 + 1);
            break;
        }
    walk_total t = {0, 0, 0, 0, 0};
    sk_logic_set_limit(lc, 0);
    CHECK_EQ_INT(walk(&b, lc, ratings[0].givens, sol, "judged", &t), 0);
    quiet = 1;
    CHECK(walk(&b, lc, ratings[0].givens, wrong, "judged", &t) > 0);
    quiet = 0;
    board_free(&b);
}

/* ---- the API's edges ------------------------------------------------------ */

static void test_api_arguments(void)
{
    sk_logic *l = (sk_logic *)&l;
    sk_step st;
    sk_rating r;
    uint8_t g[81] = {0};
    uint64_t cand[81];
    CHECK_EQ_INT(sk_logic_new(NULL, &l), SK_EINVAL);
    CHECK(l == NULL);
    CHECK_EQ_INT(sk_logic_new(classic, NULL), SK_EINVAL);
    sk_logic_free(NULL);
    CHECK_EQ_INT(sk_logic_start(NULL, g), SK_EINVAL);
    CHECK_EQ_INT(sk_logic_start(lc, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_logic_start_candidates(NULL, NULL, cand), SK_EINVAL);
    CHECK_EQ_INT(sk_logic_start_candidates(lc, NULL, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_logic_next(NULL, &st), SK_EINVAL);
    CHECK_EQ_INT(sk_logic_next(lc, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_rate(NULL, g, &r), SK_EINVAL);
    CHECK_EQ_INT(sk_rate(lc, NULL, &r), SK_EINVAL);
    CHECK_EQ_INT(sk_rate(lc, g, NULL), SK_EINVAL);
    sk_logic_apply(NULL, &st);
    sk_logic_apply(lc, NULL);
    sk_logic_set_limit(NULL, 30);
    CHECK(sk_logic_candidates(NULL) == NULL);
    CHECK(sk_logic_values(NULL) == NULL);
    CHECK_EQ_INT(sk_logic_solved(NULL), 0);
}

static void test_api_givens(void)
{
    uint8_t g[81] = {0};
    uint64_t cand[81];
    sk_rating r;
    /* a digit above N, and a digit twice in a row, a column, a box */
    g[0] = 10;
    CHECK_EQ_INT(sk_logic_start(lc, g), SK_EINVAL);
    CHECK_EQ_INT(sk_rate(lc, g, &r), SK_EINVAL);
    static const int twins[3][2] = {{0, 8}, {0, 72}, {0, 20}};
    for (int k = 0; k < 3; k++) {
        memset(g, 0, sizeof g);
        g[twins[k][0]] = 5;
        g[twins[k][1]] = 5;
        CHECK_EQ_INT(sk_logic_start(lc, g), SK_EINVAL);
        CHECK_EQ_INT(sk_rate(lc, g, &r), SK_EINVAL);
        for (int c = 0; c < 81; c++)
            cand[c] = 0x1FF;
        CHECK_EQ_INT(sk_logic_start_candidates(lc, g, cand), SK_EINVAL);
    }
    /* pencil marks: a cell without candidates (a position without
       solution: no step, and the contradiction names it), a given its
       marks exclude */
    memset(g, 0, sizeof g);
    for (int c = 0; c < 81; c++)
        cand[c] = 0x1FF;
    cand[40] = 0;
    CHECK_EQ_INT(sk_logic_start_candidates(lc, NULL, cand), SK_OK);
    sk_step none_step;
    sk_why why;
    CHECK_EQ_INT(sk_logic_next(lc, &none_step), 0);
    CHECK_EQ_INT(sk_logic_contradiction(lc, SK_ALPHABET_AUTO, &why), 1);
    CHECK_EQ_INT(why.cell, 40);
    CHECK_EQ_STR(why.message, "r5c5 has no candidate left");
    cand[40] = BIT(4);
    g[40] = 5;
    CHECK_EQ_INT(sk_logic_start_candidates(lc, g, cand), SK_EINVAL);
    /* a given takes its digit from its peers' marks, and only from them */
    g[40] = 4;
    CHECK_EQ_INT(sk_logic_start_candidates(lc, g, cand), SK_OK);
    const uint64_t *now_cand = sk_logic_candidates(lc);
    CHECK_EQ_INT(sk_logic_values(lc)[40], 4);
    CHECK_EQ_INT(now_cand[40], BIT(4));
    CHECK_EQ_INT(now_cand[36], 0x1FF & ~BIT(4)); /* row 5 */
    CHECK_EQ_INT(now_cand[4], 0x1FF & ~BIT(4));  /* column 5 */
    CHECK_EQ_INT(now_cand[30], 0x1FF & ~BIT(4)); /* box 5 */
    CHECK_EQ_INT(now_cand[0], 0x1FF);
    /* givens from sk_logic_start: the peers lose the digit */
    memset(g, 0, sizeof g);
    g[0] = 1;
    CHECK_EQ_INT(sk_logic_start(lc, g), SK_OK);
    CHECK_EQ_INT(sk_logic_candidates(lc)[1], 0x1FE);
    CHECK_EQ_INT(sk_logic_candidates(lc)[80], 0x1FF);
}

/* The first puzzle read from text (its model and givens). */
static sk_model *read_one(const char *text, uint8_t *givens)
{
    sk_read_opts ro = SK_READ_OPTS_INIT;
    sk_reader *rd = NULL;
    sk_puzzle p;
    sk_diag d;
    sk_model *m = NULL;
    if (sk_reader_open_mem(text, strlen(text), &ro, &rd) == SK_OK &&
        sk_reader_next(rd, &p, &d) == SK_OK) {
        m = model_of(&p.geom);
        memcpy(givens, p.cells, (size_t)p.geom.n * (size_t)p.geom.n);
    }
    sk_reader_free(rd);
    return m;
}

/* Variant rules: each narrowing by a rule's constraint is a step of its
 * own, naming the rule; the uniqueness techniques are left out. */
/* The model house named name ("row 1"), or -1. */
static int house_named(const sk_model *m, const char *name)
{
    char buf[32];
    for (int h = 0; h < sk_model_house_count(m); h++)
        if (!strcmp(sk_model_house_name(m, h, buf, sizeof buf), name))
            return h;
    return -1;
}

/* An empty 4x4 with one rule (its text form): the solver started on it,
 * its first step (the rule's own, rated first, removing 4 candidates)
 * checked and applied.  NULL (after a failed check) when that fails. */
static sk_logic *rule4_start(const char *rule, int first, sk_model **mp)
{
    char text[128];
    uint8_t g[16];
    sk_logic *l = NULL;
    sk_step st;
    snprintf(text, sizeof text, "....\n....\n....\n....\n%s\n", rule);
    sk_model *m = read_one(text, g);
    CHECK(m != NULL);
    if (!m)
        return NULL;
    CHECK_EQ_INT(sk_logic_new(m, &l), SK_OK);
    if (l && sk_logic_start(l, g) == SK_OK && sk_logic_next(l, &st) == 1 &&
        st.technique == SK_TECH_VARIANT_RULE && st.rating == first && st.nelim == 4) {
        sk_logic_apply(l, &st);
        *mp = m;
        return l;
    }
    CHECK(!"the 4x4's first step is its rule's own");
    sk_logic_free(l);
    sk_model_free(m);
    return NULL;
}

static void test_api_rules(void)
{
    uint8_t g[81], sol[81];
    /* tests/cli/data/rules4.txt: a cage (rule 0), a thermometer (1), a dot */
    sk_model *m = read_one("3.1.\n....\n....\n...2\ncage 7: r1c1 r2c1\n"
                           "thermo: r3c2 r3c3\nwhite: r4c3 r4c4\n", g);
    sk_logic *l = NULL;
    sk_step st;
    int found = 0;
    CHECK(m != NULL);
    if (!m)
        return;
    CHECK_EQ_INT(sk_logic_new(m, &l), SK_OK);
    CHECK_EQ_INT(sk_logic_start(l, g), SK_OK);
    for (int k = 1; k <= 16 && sk_logic_next(l, &st) == 1; k++) {
        if (st.technique == SK_TECH_VARIANT_RULE) {
            found++;
            CHECK_EQ_INT(st.rating, 16);
            CHECK_EQ_INT(st.ncells, 2);
            CHECK_EQ_INT(st.nelim, st.rule == 0 ? 1 : 2);
            if (st.rule == 0) { /* 3 in r1c1 leaves 4 for r2c1, not 1 */
                CHECK(k == 7 && st.cells[0] == 0 && st.cells[1] == 4);
                CHECK(st.elim[0].cell == 4 && st.elim[0].digit == 1);
                /* the judge of these steps judged: this one passes; the
                   cage's own digit 4, or the step put on the thermometer,
                   do not */
                board b;
                const uint64_t *cand = sk_logic_candidates(l);
                const uint8_t *val = sk_logic_values(l);
                uint64_t want[16], got[16];
                sk_step bad = st;
                sk_cand four = {4, 4};
                CHECK_EQ_INT(board_init(&b, m), 0);
                CHECK(judge_pattern(&b, cand, val, &st, want, got) == NULL);
                bad.elim = &four;
                CHECK(judge_pattern(&b, cand, val, &bad, want, got) != NULL);
                bad = st;
                bad.rule = 1;
                CHECK(judge_pattern(&b, cand, val, &bad, want, got) != NULL);
                board_free(&b);
            } else { /* the thermometer's two open cells, 3 and 4 left */
                CHECK(k == 11 && st.rule == 1 && st.cells[0] == 9 && st.cells[1] == 10);
                CHECK(st.elim[0].cell == 9 && st.elim[0].digit == 4);
                CHECK(st.elim[1].cell == 10 && st.elim[1].digit == 3);
            }
        }
        sk_logic_apply(l, &st);
    }
    CHECK_EQ_INT(found, 2);
    CHECK(sk_logic_solved(l));
    sk_logic_free(l);
    sk_model_free(m);

    /* A 4x4 with only a cage of 3 in r1c1 r2c2: the cage leaves them 1 and
       2 (1.6), then it must hold 1, and its places lie in box 1, so 1
       leaves r1c2 and r2c1 (2.6) */
    if (!(l = rule4_start("cage 3: r1c1 r2c2", 16, &m)))
        return;
    CHECK_EQ_INT(sk_logic_next(l, &st), 1);
    CHECK(st.technique == SK_TECH_VARIANT_RULE && st.rating == 26 && st.rule == 0);
    CHECK(st.nhouses == 1 && st.digits == BIT(1) && st.nelim == 2);
    if (st.nelim == 2 && st.nhouses == 1) {
        char name[32];
        board b;
        uint64_t want[16], got[16];
        sk_model_house_name(m, st.houses[0], name, sizeof name);
        CHECK_EQ_STR(name, "box 1");
        CHECK(st.elim[0].cell == 1 && st.elim[0].digit == 1 && st.elim[1].cell == 4);
        /* judged: as it is, it passes; put on row 1 (r2c2 is a place
           outside it) or on digit 3 (the cage can do without it), it
           does not */
        CHECK_EQ_INT(board_init(&b, m), 0);
        const uint64_t *cand = sk_logic_candidates(l);
        const uint8_t *val = sk_logic_values(l);
        sk_step bad = st;
        CHECK(judge_pattern(&b, cand, val, &st, want, got) == NULL);
        bad.houses[0] = house_named(m, "row 1");
        CHECK(judge_pattern(&b, cand, val, &bad, want, got) != NULL);
        bad = st;
        bad.digits = BIT(3);
        CHECK(judge_pattern(&b, cand, val, &bad, want, got) != NULL);
        board_free(&b);
    }
    sk_logic_free(l);
    sk_model_free(m);

    /* A 4x4 with only a little killer of 3 on r1c1 r2c2: its sum leaves
       them 1 and 2 (2.1); then its cells in box 1 must hold 1 (with 1
       taken out of them the sum cannot be made), which leaves r1c2 and
       r2c1 (2.8).  The cage step above (2.6) reads its digit sets; a sum
       has none, its filter is asked. */
    if (!(l = rule4_start("little-killer 3: r1c1 r2c2", 21, &m)))
        return;
    CHECK_EQ_INT(sk_logic_next(l, &st), 1);
    CHECK(st.technique == SK_TECH_VARIANT_RULE && st.rating == 28 && st.rule == 0);
    CHECK(st.subtype == 1 && st.nhouses == 1 && st.digits == BIT(1) && st.nelim == 2);
    if (st.nelim == 2 && st.nhouses == 1) {
        char name[32], text[200];
        board b;
        uint64_t want[16], got[16];
        sk_model_house_name(m, st.houses[0], name, sizeof name);
        CHECK_EQ_STR(name, "box 1");
        CHECK(st.elim[0].cell == 1 && st.elim[0].digit == 1 && st.elim[1].cell == 4);
        sk_step_describe(m, &st, SK_ALPHABET_AUTO, text, sizeof text);
        CHECK_EQ_STR(text, "variant rule: little killer 3 from r1c1 must hold 1 in box 1, "
                           "removes 1 from r1c2, r2c1");
        /* judged: as it is, it passes; on row 1 (r1c1 alone may do without
           1) or on digit 3, it does not */
        CHECK_EQ_INT(board_init(&b, m), 0);
        const uint64_t *cand = sk_logic_candidates(l);
        const uint8_t *val = sk_logic_values(l);
        sk_step bad = st;
        CHECK(judge_pattern(&b, cand, val, &st, want, got) == NULL);
        bad.houses[0] = house_named(m, "row 1");
        bad.nelim = 1; /* (r1c2 only: in row 1) */
        CHECK(judge_pattern(&b, cand, val, &bad, want, got) != NULL);
        bad = st;
        bad.digits = BIT(3);
        sk_cand threes[2] = {{1, 3}, {4, 3}};
        bad.elim = threes;
        const char *why = judge_pattern(&b, cand, val, &bad, want, got);
        CHECK(why && !strcmp(why, "a rule's cells that must hold a digit can do without it"));
        board_free(&b);
    }
    sk_logic_free(l);
    sk_model_free(m);

    /* A 4x4 with a little killer of 3 on r2c2 r3c1, in different rows,
       columns and boxes: 1 and 2 there (2.1), so a 1 in r1c1, which sees
       both, leaves the sum no way to be made (3.1); a 2 there likewise */
    if (!(l = rule4_start("little-killer 3: r2c2 r3c1", 21, &m)))
        return;
    CHECK_EQ_INT(sk_logic_next(l, &st), 1);
    CHECK(st.technique == SK_TECH_VARIANT_RULE && st.rating == 31 && st.rule == 0);
    CHECK(st.subtype == 2 && st.nelim == 1 && st.ncells == 2 && st.nhouses == 0);
    if (st.nelim == 1) {
        char text[200];
        board b;
        uint64_t want[16], got[16];
        CHECK(st.elim[0].cell == 0 && st.elim[0].digit == 1);
        sk_step_describe(m, &st, SK_ALPHABET_AUTO, text, sizeof text);
        CHECK_EQ_STR(text, "variant rule: little killer 3 from r2c2 cannot hold with 1 in r1c1, "
                           "removes 1 from r1c1");
        /* judged: as it is, it passes; said of r1c2 (which sees r2c2
           only) or of digit 3 in r1c1, it does not */
        CHECK_EQ_INT(board_init(&b, m), 0);
        const uint64_t *cand = sk_logic_candidates(l);
        const uint8_t *val = sk_logic_values(l);
        sk_step bad = st;
        sk_cand other = {1, 1}, three = {0, 3};
        CHECK(judge_pattern(&b, cand, val, &st, want, got) == NULL);
        bad.elim = &other;
        CHECK(judge_pattern(&b, cand, val, &bad, want, got) != NULL);
        bad.elim = &three;
        CHECK(judge_pattern(&b, cand, val, &bad, want, got) != NULL);
        board_free(&b);
        sk_logic_apply(l, &st);
        CHECK_EQ_INT(sk_logic_next(l, &st), 1);
        CHECK(st.rating == 31 && st.subtype == 2 && st.nelim == 1 && st.elim[0].cell == 0 &&
              st.elim[0].digit == 2);
    }
    sk_logic_free(l);
    sk_model_free(m);

    /* Unique rectangle type 1 at step 37 of top1465 line 1148 (one of
       test_logic_adv's cases): the same position under a rule that the
       solution keeps (r1c1 odd) gets some other step, since a rule may
       tell the rectangle's two digits apart */
    const char *ur = "...5....7.6..21..5....8...1.41..........92...57....2..41..6.8...........7.5..4.62";
    char text[200];
    for (int c = 0; c < 81; c++)
        g[c] = ur[c] == '.' ? 0 : (uint8_t)(ur[c] - '0');
    CHECK_EQ_INT(solution_of(classic, g, sol), 0);
    CHECK_EQ_INT(sol[0] % 2, 1);
    CHECK_EQ_INT(sk_logic_start(lc, g), SK_OK);
    for (int k = 1; k < 37 && sk_logic_next(lc, &st) == 1; k++)
        sk_logic_apply(lc, &st);
    CHECK_EQ_INT(sk_logic_next(lc, &st), 1);
    CHECK_EQ_INT(st.technique, SK_TECH_UNIQUE_RECTANGLE);
    snprintf(text, sizeof text, "%s\nodd: r1c1\n", ur);
    m = read_one(text, g);
    CHECK(m != NULL);
    if (!m)
        return;
    CHECK_EQ_INT(sk_logic_new(m, &l), SK_OK);
    CHECK_EQ_INT(sk_logic_start_candidates(l, sk_logic_values(lc), sk_logic_candidates(lc)), SK_OK);
    CHECK_EQ_INT(sk_logic_next(l, &st), 1);
    CHECK(st.technique != SK_TECH_UNIQUE_RECTANGLE && st.technique != SK_TECH_UNIQUE_LOOP &&
          st.technique != SK_TECH_BUG);
    for (int i = 0; i < st.nelim; i++)
        CHECK(sol[st.elim[i].cell] != st.elim[i].digit);
    sk_logic_free(l);
    sk_model_free(m);
}

/* A unique rectangle is a loop whose every house holds two of its cells,
 * extra houses included, however many the model has.  Pencil marks where
 * r1c1, r1c4, r2c1 hold {1,2} and r2c4 {1,2,3} (1 and 2 gone from the rest
 * of row 1, column 1 and box 1, so that no pair or pointing removes
 * anything): a unique rectangle of type 1 (r2c4 = 3) on the classic grid
 * and with thirteen extra houses that miss its cells; with a fourteenth
 * (the 17th kind of house) that holds r1c1 alone, not a rectangle. */
static void test_rectangle_every_house(void)
{
    uint64_t cand[81];
    int cells[14 * 9], sizes[14];
    for (int c = 0; c < 81; c++) {
        int r = c / 9, col = c % 9;
        cand[c] = r == 0 || col == 0 || (r < 3 && col < 3) ? 0x1fc : 0x1ff;
    }
    cand[0] = cand[3] = cand[9] = 0x3;
    cand[12] = 0x7;
    /* transversals that miss the four cells: (r, r + i), (r, i - r),
       (r, 2r + i) mod 9; then the main diagonal */
    static const int kind[14] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 0};
    static const int shift[14] = {1, 4, 5, 6, 7, 2, 5, 6, 7, 8, 2, 4, 5, 0};
    for (int i = 0; i < 14; i++) {
        sizes[i] = 9;
        for (int r = 0; r < 9; r++) {
            int col = kind[i] == 0 ? r + shift[i] : kind[i] == 1 ? shift[i] - r + 9 : 2 * r + shift[i];
            cells[i * 9 + r] = r * 9 + col % 9;
        }
    }
    for (int ngroups = 0; ngroups <= 14; ngroups += ngroups ? 1 : 13) {
        sk_geometry g = SK_GEOMETRY_INIT(9);
        sk_logic *l = NULL;
        sk_step st;
        g.ngroups = ngroups;
        g.group_sizes = sizes;
        g.group_cells = cells;
        sk_model *m = model_of(&g);
        CHECK(m != NULL);
        if (!m)
            return;
        CHECK_EQ_INT(sk_logic_new(m, &l), SK_OK);
        CHECK_EQ_INT(sk_logic_start_candidates(l, NULL, cand), SK_OK);
        int rc = sk_logic_next(l, &st);
        if (ngroups < 14) {
            CHECK_EQ_INT(rc, 1);
            CHECK_EQ_INT(st.technique, SK_TECH_UNIQUE_RECTANGLE);
            CHECK(st.nelim == 2 && st.elim[0].cell == 12 && st.elim[1].cell == 12);
        } else {
            CHECK(rc <= 0 || st.technique != SK_TECH_UNIQUE_RECTANGLE);
        }
        sk_logic_free(l);
        sk_model_free(m);
    }
}

/* Walks one puzzle of tests/variants (see test_sound_variants): whole,
 * every step up to 30 s; else with the techniques up to 9.0 and half a
 * second a step.  1 when it was walked (unique within half a second). */
static int variant_walk(sk_solver *sv, const sk_puzzle *p, int whole)
{
    sk_model *m = model_of(&p->geom);
    CHECK(m != NULL);
    if (!m)
        return 0;
    int nc = p->geom.n * p->geom.n, walked = 0;
    uint8_t *givens = malloc((size_t)nc), *sol = malloc((size_t)nc);
    sk_search_opts so = SK_SEARCH_OPTS_INIT;
    sk_result res;
    sk_logic *l = NULL;
    board b;
    so.timeout = 0.5;
    if (givens && sol) {
        memcpy(givens, p->cells, (size_t)nc);
        if (sk_solver_run(sv, m, givens, &so, sol, &res) == SK_OK &&
            sk_result_verdict(&res) == SK_VERDICT_UNIQUE && sk_logic_new(m, &l) == SK_OK &&
            board_init(&b, m) == 0) {
            char what[64];
            snprintf(what, sizeof what, "iss_examples.txt line %ld", p->line);
            sk_logic_set_timeout(l, whole ? 30 : 0.5);
            sk_logic_set_limit(l, whole ? 0 : 90);
            long solved_before = totals.solved;
            CHECK_EQ_INT(walk(&b, l, givens, sol, what, &totals), 0);
            if (whole)
                CHECK_EQ_INT(totals.solved - solved_before, 1);
            board_free(&b);
            walked = 1;
        }
    }
    sk_logic_free(l);
    free(givens);
    free(sol);
    sk_model_free(m);
    return walked;
}

/*
 * Soundness with variant rules: the published puzzles of
 * tests/variants/iss_examples.txt (killer cages, little killers, arrows,
 * thermometers, dots, lines, sandwiches...) that the engines prove unique
 * within half a second, walked as above (every placement the solution's, no
 * elimination of a solution digit, the sums of sk_rate), each variant
 * rule step judged against its rule's definition (judge_rule).  First two
 * of them all the way: HS_KILLERS#4 (line 145), whose path needs dynamic
 * chains with the basic rules nested (9.0 to 9.8), and TAREK_ALL#41 (line
 * 295, ER 11.1), which needs forcing chains and multiple forcing chains
 * nested in them too (levels 2 and 3), the rules acting inside the chains
 * at every level.  Then the others in order, with the techniques up to 9.0, a step
 * that takes more than half a second ending that walk, 25 seconds in all.
 */
static void test_sound_variants(void)
{
    walk_total before = totals;
    long walked = 0, rule_before = taken[SK_TECH_VARIANT_RULE], judged_before = rule_steps_judged;
    long locked_before = locked_judged, needs_before = needs_judged, long_walked = 0;
    long breaks_before = breaks_judged, links_before = rule_links_judged;
    long implied_before = implied_links_judged, pairs_before = pairs_judged;
    double t0 = now(), t1 = t0;
    sk_solver *sv = NULL;
    CHECK_EQ_INT(sk_solver_new(-1, &sv), SK_OK);
    walk_timeout_ok = 1;
    walk_max_nest = 0;
    for (int pass = 0; pass < 2 && sv; pass++) {
        FILE *fp = fopen("tests/variants/iss_examples.txt", "r");
        sk_read_opts ro = SK_READ_OPTS_INIT;
        sk_reader *rd = NULL;
        sk_puzzle p;
        sk_diag d;
        int st;
        CHECK(fp != NULL);
        if (!fp)
            break;
        CHECK_EQ_INT(sk_reader_open_file(fp, &ro, &rd), SK_OK);
        while (rd && (pass == 0 || now() - t1 < 25) && (st = sk_reader_next(rd, &p, &d)) != SK_DONE) {
            CHECK_EQ_INT(st, SK_OK);
            if (st != SK_OK)
                break;
            int whole = p.line == 145 || p.line == 295;
            if (whole != (pass == 0))
                continue;
            if (variant_walk(sv, &p, whole)) {
                walked++;
                long_walked += whole;
            }
        }
        sk_reader_free(rd);
        fclose(fp);
        t1 = now();
    }
    walk_timeout_ok = 0;
    sk_solver_free(sv);
    long solved = totals.solved - before.solved, rule_steps = taken[SK_TECH_VARIANT_RULE] - rule_before;
    if (verbose)
        fprintf(stderr, "  variants: %ld walked (%ld solved, %ld stuck, %ld timed out), %ld steps, "
                        "%ld variant rule steps (%ld judged, %ld of them locked in a house, %ld "
                        "needed in a house, %ld of two rules together; %ld broken candidates "
                        "judged; %ld rule links of "
                        "static chains judged, %ld of several rules), %ld walked whole (chains nested to level %d), "
                        "%.2f s\n",
                walked, solved, totals.stuck - before.stuck, totals.timeouts - before.timeouts,
                totals.steps - before.steps, rule_steps, rule_steps_judged - judged_before,
                locked_judged - locked_before, needs_judged - needs_before,
                pairs_judged - pairs_before, breaks_judged - breaks_before,
                rule_links_judged - links_before,
                implied_links_judged - implied_before, long_walked,
                walk_max_nest, now() - t0);
    /* (what a build with the sanitizers, a few times slower, reaches in
       the same time: 65 walked, 29 solved, 1,244 rule steps here) */
    CHECK(walked >= 10);
    CHECK(solved >= 5);
    CHECK(rule_steps >= 100);
    CHECK(rule_steps_judged - judged_before >= rule_steps / 2);
    CHECK(locked_judged - locked_before >= 5);
    CHECK(needs_judged - needs_before >= 5);
    CHECK(breaks_judged - breaks_before >= 5);
    CHECK(rule_links_judged - links_before >= 5);
    CHECK(implied_links_judged - implied_before >= 5);
    CHECK(pairs_judged - pairs_before >= 5);
    CHECK_EQ_INT(long_walked, 2);
    CHECK(walk_max_nest >= 3);
}

/*
 * The memo of the filters (skl_filter) gives the filters' own answers: the
 * paths of published puzzles with little killers, arrows and the sums the
 * cages imply, walked with a memo of four entries (replaced all the time,
 * so a key compared wrongly or an answer read back into the wrong cells
 * would show) and with none, step by step, must be the same.  Steps up to
 * 8.9 (no nested chains), half a second each, five seconds in all.
 */
static int same_step(const sk_step *a, const sk_step *b)
{
    if (a->technique != b->technique || a->rating != b->rating || a->cell != b->cell ||
        a->digit != b->digit || a->nelim != b->nelim || a->nnodes != b->nnodes)
        return 0;
    for (int i = 0; i < a->nelim; i++)
        if (a->elim[i].cell != b->elim[i].cell || a->elim[i].digit != b->elim[i].digit)
            return 0;
    for (int i = 0; i < a->nnodes; i++)
        if (a->nodes[i].cell != b->nodes[i].cell || a->nodes[i].digit != b->nodes[i].digit ||
            a->nodes[i].on != b->nodes[i].on || a->nodes[i].rule != b->nodes[i].rule)
            return 0;
    return 1;
}

/*
 * Two rules together (3.5) on an empty 9x9 grid with two cages of two
 * cells: in one row, 15 (6+9 or 7+8) beside 13 takes 6 and 7 from the
 * 13, and nothing else (its 4+9 and 5+8 each leave the 15 a way); 3 (1+2)
 * beside 17 (8+9) clash nowhere; 15 and 13 in rows of different boxes
 * do not meet.  The first step up to 3.5 after the cages' own (1.6).
 */
static int pair_case(int c1, int v1, int c2, int v2, sk_step *out, uint64_t *elim13)
{
    const int a[2] = {c1, c1 + 1}, b[2] = {c2, c2 + 1};
    sk_rule r[2] = {SK_RULE_INIT(SK_RULE_CAGE), SK_RULE_INIT(SK_RULE_CAGE)};
    r[0].value = v1, r[0].ncells = 2, r[0].cells = a;
    r[1].value = v2, r[1].ncells = 2, r[1].cells = b;
    sk_geometry g = SK_GEOMETRY_INIT(9);
    g.nrules = 2;
    g.rules = r;
    sk_model *m = NULL;
    sk_logic *l = NULL;
    uint8_t givens[81] = {0};
    int found = 0;
    CHECK_EQ_INT(sk_model_new(&g, &m, NULL), SK_OK);
    CHECK_EQ_INT(m ? sk_logic_new(m, &l) : SK_EINVAL, SK_OK);
    if (l && sk_logic_start(l, givens) == SK_OK) {
        sk_logic_set_limit(l, 35);
        sk_step st;
        while (!found && sk_logic_next(l, &st) == 1) {
            if (st.rating == 35 && st.subtype == 3) {
                *out = st;
                *elim13 = 0;
                for (int i = 0; i < st.nelim; i++)
                    *elim13 |= (st.elim[i].cell == c2 || st.elim[i].cell == c2 + 1 ? 1ull : 1ull << 32)
                               << (st.elim[i].digit - 1);
                found = 1;
            } else {
                CHECK(st.rating < 35); /* (nothing else up to 3.5 on this grid) */
                sk_logic_apply(l, &st);
            }
        }
    }
    sk_logic_free(l);
    sk_model_free(m);
    return found;
}

static void test_two_rules_together(void)
{
    sk_step st;
    uint64_t elim = 0;
    memset(&st, 0, sizeof st);
    /* 15 at r1c1-r1c2, 13 at r1c4-r1c5 */
    CHECK(pair_case(0, 15, 3, 13, &st, &elim));
    CHECK_EQ_INT(st.nelim, 4);
    CHECK(elim == (BIT(6) | BIT(7))); /* 6 and 7 from both cells of the 13, nothing from the 15 */
    CHECK(st.rule >= 0 && st.rule2 >= 0 && st.rule != st.rule2 && st.ncells == 4);
    /* 3 and 17 in one row: no clash; 15 and 13 in different boxes' rows */
    CHECK(!pair_case(0, 3, 3, 17, &st, &elim));
    CHECK(!pair_case(0, 15, 12, 13, &st, &elim));
}

static void test_filter_memo(void)
{
    static const char *const names[] = {"# Little killer 2 ", "# I Bet Someone Did This Already ",
                                        "# HS_KILLERS#2 ", "# Triple digits ", "# HS_KILLERS#8 "};
    FILE *fp = fopen("tests/variants/iss_examples.txt", "r");
    char *line = malloc(1 << 16);
    long steps = 0, hits = 0;
    int want = -1;
    double t0 = now();
    CHECK(fp != NULL && line != NULL);
    while (fp && line && fgets(line, 1 << 16, fp) && now() - t0 < 5) {
        if (line[0] == '#') {
            want = -1;
            for (int k = 0; k < 5; k++)
                if (!strncmp(line, names[k], strlen(names[k])))
                    want = k;
            continue;
        }
        if (want < 0)
            continue;
        sk_read_opts ro = SK_READ_OPTS_INIT;
        sk_reader *rd = NULL;
        sk_puzzle p;
        sk_diag d;
        want = -1;
        CHECK_EQ_INT(sk_reader_open_mem(line, strlen(line), &ro, &rd), SK_OK);
        if (!rd || sk_reader_next(rd, &p, &d) != SK_OK) {
            CHECK(!"a puzzle of tests/variants does not read");
            sk_reader_free(rd);
            continue;
        }
        sk_model *m = model_of(&p.geom);
        sk_logic *l[2] = {NULL, NULL};
        CHECK(m != NULL);
        if (m && sk_logic_new(m, &l[0]) == SK_OK && sk_logic_new(m, &l[1]) == SK_OK) {
            skl_memo_bits(l[0], 2);
            skl_memo_bits(l[1], 0);
            for (int k = 0; k < 2; k++) {
                sk_logic_set_limit(l[k], 89);
                sk_logic_set_timeout(l[k], 0.5);
                CHECK_EQ_INT(sk_logic_start(l[k], p.cells), SK_OK);
            }
            for (;;) {
                sk_step a, b;
                int ra = sk_logic_next(l[0], &a), rb = sk_logic_next(l[1], &b);
                if (ra == SK_ETIME || rb == SK_ETIME)
                    break; /* (one was slower: a loaded machine) */
                CHECK_EQ_INT(ra, rb);
                if (ra != 1 || rb != 1)
                    break;
                if (!same_step(&a, &b)) {
                    CHECK(!"a step differs with the filters' memo");
                    break;
                }
                sk_logic_apply(l[0], &a);
                sk_logic_apply(l[1], &b);
                steps++;
            }
            hits += (long)l[0]->memo_hits;
            CHECK(l[1]->memo_hits == 0);
        }
        sk_logic_free(l[0]);
        sk_logic_free(l[1]);
        sk_model_free(m);
        sk_reader_free(rd);
    }
    if (verbose)
        fprintf(stderr, "  filter memo: %ld steps the same, %ld answers from a memo of 4 entries\n",
                steps, hits);
    CHECK(steps >= 100);
    CHECK(hits >= 100);
    free(line);
    if (fp)
        fclose(fp);
}

/* A solved grid has no next step and rates 0; an empty one has no step
 * either and is "beyond" (20.0) from the start. */
static void test_api_solved_and_empty(void)
{
    uint8_t g[81] = {0}, sol[81];
    sk_step st;
    sk_rating r;
    CHECK(nratings > 0);
    if (nratings <= 0)
        return;
    sk_logic_set_limit(lc, 0);
    CHECK_EQ_INT(solution_of(classic, ratings[0].givens, sol), 0);
    CHECK_EQ_INT(sk_logic_start(lc, sol), SK_OK);
    CHECK_EQ_INT(sk_logic_solved(lc), 1);
    CHECK_EQ_INT(sk_logic_next(lc, &st), 0);
    CHECK_EQ_INT(sk_rate(lc, sol, &r), SK_OK);
    CHECK(r.er == 0 && r.ep == 0 && r.ed == 0 && r.steps == 0 && r.stuck == 0);
    CHECK(r.er_tech == -1 && r.ep_tech == -1 && r.ed_tech == -1);

    /* on an empty grid every technique fails, the nested chains (9.5 and
       up) at great length: they are left out */
    sk_logic_set_limit(lc, 90);
    CHECK_EQ_INT(sk_logic_start(lc, g), SK_OK);
    CHECK_EQ_INT(sk_logic_solved(lc), 0);
    CHECK_EQ_INT(sk_logic_next(lc, &st), 0);
    CHECK_EQ_INT(sk_rate(lc, g, &r), SK_OK);
    CHECK(r.er == 200 && r.ep == 0 && r.ed == 0 && r.steps == 0 && r.stuck == 1);
    CHECK_EQ_INT(r.er_tech, -1);
    sk_logic_set_limit(lc, 0);

    /* one cell short of solved: a full house, then nothing */
    memcpy(g, sol, sizeof g);
    g[40] = 0;
    CHECK_EQ_INT(sk_rate(lc, g, &r), SK_OK);
    CHECK(r.er == 10 && r.ep == 10 && r.ed == 10 && r.steps == 1 && r.stuck == 0);
    CHECK_EQ_INT(r.er_tech, SK_TECH_FULL_HOUSE);
    CHECK_EQ_INT(sk_logic_solved(lc), 1);
    CHECK_EQ_INT(memcmp(sk_logic_values(lc), sol, 81), 0);
}

/* The rating limit: techniques above it are not tried. */
static void test_api_limit(void)
{
    const rated *p = NULL;
    sk_rating r;
    sk_step st;
    for (int k = 0; k < nratings && !p; k++)
        if (ratings[k].er == 30) /* a naked pair is needed */
            p = &ratings[k];
    CHECK(p != NULL);
    if (!p)
        return;
    sk_logic_set_limit(lc, 28);
    CHECK_EQ_INT(sk_rate(lc, p->givens, &r), SK_OK);
    CHECK(r.stuck == 1 && r.er == 200 && r.steps > 0);
    /* the steps taken under the limit stay under it, up to where it sticks */
    CHECK_EQ_INT(sk_logic_start(lc, p->givens), SK_OK);
    int steps = 0, rc;
    while ((rc = sk_logic_next(lc, &st)) == 1 && steps < 1000) {
        CHECK(sk_tech_rating(st.technique) <= 28);
        sk_logic_apply(lc, &st);
        steps++;
    }
    CHECK_EQ_INT(rc, 0);
    CHECK_EQ_INT(steps, r.steps);
    CHECK_EQ_INT(sk_logic_solved(lc), 0);
    /* where it stuck, the next technique finds the naked pair */
    sk_logic_set_limit(lc, 30);
    CHECK_EQ_INT(sk_logic_next(lc, &st), 1);
    CHECK_EQ_INT(st.technique, SK_TECH_NAKED_PAIR);
    CHECK_EQ_INT(sk_rate(lc, p->givens, &r), SK_OK);
    CHECK(r.stuck == 0 && r.er == 30);
    sk_logic_set_limit(lc, -5); /* no limit */
    CHECK_EQ_INT(sk_rate(lc, p->givens, &r), SK_OK);
    CHECK(r.stuck == 0 && r.er == 30 && r.ep == p->ep && r.ed == p->ed);
    sk_logic_set_limit(lc, 0);
}

static void test_api_techniques(void)
{
    char buf[96];
    sk_step st;
    for (int t = 0; t < SK_TECH_COUNT_; t++) {
        CHECK(sk_tech_name(t) != NULL);
        CHECK(sk_tech_keyword(t) != NULL);
        CHECK_EQ_INT(sk_tech_parse(sk_tech_keyword(t)), t);
        CHECK(sk_tech_rating(t) >= 10 && sk_tech_rating(t) < 200);
        if (t > 0 && t < SK_TECH_VARIANT_RULE) /* SE's listed in the order of its scale */
            CHECK(sk_tech_rating(t) >= sk_tech_rating(t - 1));
    }
    CHECK(sk_tech_name(-1) == NULL && sk_tech_name(SK_TECH_COUNT_) == NULL);
    CHECK(sk_tech_keyword(SK_TECH_COUNT_) == NULL);
    CHECK_EQ_INT(sk_tech_rating(-1), -1);
    CHECK_EQ_INT(sk_tech_parse(NULL), -1);
    CHECK_EQ_INT(sk_tech_parse("X-Wing"), -1); /* keywords, not names */
    CHECK_EQ_INT(sk_tech_parse("x-wing"), SK_TECH_X_WING);
    CHECK_EQ_STR(sk_tech_name(SK_TECH_HIDDEN_SINGLE), "Hidden Single");
    CHECK_EQ_INT(sk_tech_rating(SK_TECH_NAKED_SINGLE), 23);
    /* step names as SE prints them */
    memset(&st, 0, sizeof st);
    st.technique = SK_TECH_X_WING;
    CHECK_EQ_STR(sk_step_name(&st, buf, sizeof buf), "X-Wing");
    st.technique = SK_TECH_UNIQUE_LOOP;
    st.ncells = 6;
    st.subtype = 2;
    CHECK_EQ_STR(sk_step_name(&st, buf, sizeof buf), "Unique Loop 6 type 2");
    st.technique = SK_TECH_UNIQUE_RECTANGLE;
    st.subtype = 1;
    CHECK_EQ_STR(sk_step_name(&st, buf, sizeof buf), "Unique Rectangle type 1");
    st.technique = SK_TECH_DYNAMIC_REGION_CHAINS;
    st.subtype = 1;
    CHECK_EQ_STR(sk_step_name(&st, buf, sizeof buf), "Dynamic Region Forcing Chains (+)");
    st.subtype = 4;
    CHECK_EQ_STR(sk_step_name(&st, buf, sizeof buf),
                 "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)");
    CHECK_EQ_STR(sk_step_name(NULL, buf, sizeof buf), "?");
    st.technique = SK_TECH_X_WING;
    CHECK_EQ_STR(sk_step_name(&st, buf, 4), "X-W"); /* cut to the buffer */
}

int main(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(9);
    verbose = getenv("SK_TEST_VERBOSE") != NULL;
    classic = model_of(&g);
    if (!classic || sk_logic_new(classic, &lc) != SK_OK) {
        printf("0 passed, 1 failed\n");
        return 1;
    }
    load_ratings();
    RUN(test_full_house_first);
    RUN(test_hidden_single_lines);
    RUN(test_hidden_single_block_first);
    RUN(test_hidden_before_naked);
    RUN(test_direct_pointing);
    RUN(test_direct_hidden_pair);
    RUN(test_direct_hidden_triple);
    RUN(test_pointing);
    RUN(test_claiming);
    RUN(test_naked_pair);
    RUN(test_naked_triple);
    RUN(test_naked_quad);
    RUN(test_hidden_pair);
    RUN(test_hidden_triple);
    RUN(test_hidden_quad);
    RUN(test_x_wing);
    RUN(test_swordfish);
    RUN(test_jellyfish);
    RUN(test_xy_wing);
    RUN(test_xyz_wing);
    RUN(test_other_houses);
    RUN(test_se_ratings);
    RUN(test_judges);
    RUN(test_api_arguments);
    RUN(test_api_givens);
    RUN(test_api_rules);
    RUN(test_api_solved_and_empty);
    RUN(test_api_limit);
    RUN(test_api_techniques);
    RUN(test_sound_committed);
    RUN(test_sound_classic);
    RUN(test_sound_16x16);
    RUN(test_sound_boxes);
    RUN(test_sound_jigsaw);
    RUN(test_sound_x);
    RUN(test_sound_generated);
    RUN(test_rate_without_solution);
    RUN(test_rate_limits);
    RUN(test_rate_from_marks);
    RUN(test_rectangle_every_house);
    RUN(test_sound_variants);
    RUN(test_filter_memo);
    RUN(test_two_rules_together);
    RUN(test_sound_coverage);
    if (data_missing)
        printf("#  %s is missing: the collections were left out\n", DATA);
    sk_logic_free(lc);
    sk_model_free(classic);
    return check_summary();
}
