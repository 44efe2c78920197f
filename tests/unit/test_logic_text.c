/*
 * test_logic_text.c - sk_step_describe: the sentence of each step.
 *
 *   - steps the solver finds on known puzzles, with their exact text;
 *   - synthetic steps of every technique id (and ids that do not exist),
 *     with every field set, with fields missing and with fields out of
 *     range: each gives a non-empty sentence and never writes past the
 *     buffer (guard bytes after it must stay untouched);
 *   - truncation: every buffer size from 0 to the full length + 1 gives
 *     a NUL-terminated prefix of the whole text, marked "..." when cut;
 *   - chains written link by link, branch by branch; a chain without
 *     nodes named with its result;
 *   - what a chain's link follows from (sk_node_rule_describe): nothing for
 *     a cell or a house, the rule as sk_model_rule_describe names it, cut
 *     within the buffer; an implied sum's source (sk_step_rule_source);
 *   - digits in the puzzle's alphabet on 16x16 and 25x25, decimal on 36x36;
 *     houses named by the model (rows, boxes, jigsaw regions).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit.h"

#define GUARD 32

static sk_model *classic(int n)
{
    sk_geometry g = SK_GEOMETRY_INIT(n);
    sk_model *m = NULL;
    if (sk_model_new(&g, &m, NULL) != SK_OK)
        return NULL;
    return m;
}

static void givens_of(const char *line, uint8_t *g, int nc)
{
    for (int i = 0; i < nc; i++)
        g[i] = line[i] >= '1' && line[i] <= '9' ? (uint8_t)(line[i] - '0') : 0;
}

/* Describes s into a buffer of size bytes followed by guard bytes; checks
 * that nothing past the buffer changed and that the text ends inside it.
 * Returns the text (static storage). */
static const char *describe_guarded(const sk_model *m, const sk_step *s, sk_alphabet a,
                                    size_t size)
{
    static char area[8192 + GUARD];
    static char text[8192 + GUARD];
    memset(area, 0x5a, sizeof area);
    char *r = sk_step_describe(m, s, a, size ? area : NULL, size);
    CHECK(size == 0 ? r == NULL : r == area);
    for (size_t i = size; i < size + GUARD; i++)
        CHECK(area[i] == 0x5a);
    if (size == 0)
        return "";
    CHECK(memchr(area, '\0', size) != NULL);
    snprintf(text, sizeof text, "%s", area);
    return text;
}

/* ---- steps the solver finds --------------------------------------------- */

/* The steps of a puzzle, described, one per line into out. */
static void path(const sk_model *m, const char *puzzle, char *out, size_t size, int max)
{
    sk_logic *l = NULL;
    uint8_t g[81];
    sk_step s;
    size_t len = 0;
    givens_of(puzzle, g, 81);
    out[0] = '\0';
    CHECK_EQ_INT(sk_logic_new(m, &l), SK_OK);
    CHECK_EQ_INT(sk_logic_start(l, g), SK_OK);
    for (int k = 0; k < max && sk_logic_next(l, &s) == 1; k++) {
        char line[1024];
        sk_step_describe(m, &s, SK_ALPHABET_AUTO, line, sizeof line);
        len += (size_t)snprintf(out + len, size - len, "%s\n", line);
        sk_logic_apply(l, &s);
    }
    sk_logic_free(l);
}

static void test_found_steps(void)
{
    sk_model *m = classic(9);
    char out[8192];
    /* 17clue collection, first puzzle: six hidden singles in columns, then
       direct hidden pairs (SE: "Cells r5c1,r6c1: 2,3 in block") */
    path(m, ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
         out, sizeof out, 8);
    CHECK_EQ_STR(out, "r1c9 = 2: hidden single in column 9\n"
                      "r2c3 = 2: hidden single in column 3\n"
                      "r1c3 = 3: hidden single in column 3\n"
                      "r3c9 = 6: hidden single in column 9\n"
                      "r4c3 = 6: hidden single in column 3\n"
                      "r3c3 = 7: hidden single in column 3\n"
                      "r4c1 = 7: direct hidden pair: 2,3 in box 4 only fit in r5c1, r6c1, so 7 "
                      "has one place left in box 4\n"
                      "r7c8 = 7: direct hidden pair: 2,6 in box 9 only fit in r7c7, r8c7, so 7 "
                      "has one place left in box 9\n");
    sk_model_free(m);
}

/* The last step of a solved path is a full house; the whole path of an
 * easy puzzle has one sentence per step, each non-empty. */
static void test_full_path(void)
{
    sk_model *m = classic(9);
    sk_logic *l = NULL;
    uint8_t g[81];
    sk_step s;
    char text[1024];
    int steps = 0, full = 0;
    givens_of("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", g,
              81);
    CHECK_EQ_INT(sk_logic_new(m, &l), SK_OK);
    CHECK_EQ_INT(sk_logic_start(l, g), SK_OK);
    while (sk_logic_next(l, &s) == 1) {
        sk_step_describe(m, &s, SK_ALPHABET_AUTO, text, sizeof text);
        CHECK(text[0] != '\0');
        CHECK(strstr(text, "...") == NULL);
        if (s.technique == SK_TECH_FULL_HOUSE) {
            full++;
            CHECK(strstr(text, ": full house in ") != NULL);
        }
        sk_logic_apply(l, &s);
        steps++;
    }
    CHECK(sk_logic_solved(l));
    CHECK(steps > 40);
    CHECK(full > 0);
    sk_logic_free(l);
    sk_model_free(m);
}

/* ---- synthetic steps ---------------------------------------------------- */

static const int syn_cells[] = {0, 4, 40, 80};
static const sk_cand syn_elim[] = {{10, 3}, {11, 3}, {12, 7}, {10, 7}};
static const sk_node syn_nodes[] = {{1, 5, 1, 0}, {6, 5, 0, 0}, {25, 5, 1, 0}, {1, 5, 0, 0}, {2, 5, 1, 0}};
static const int syn_branch[] = {0, 3, 5};

static sk_step synthetic(int technique)
{
    sk_step s;
    memset(&s, 0, sizeof s);
    s.technique = technique;
    s.rating = sk_tech_rating(technique);
    s.subtype = 2;
    s.cell = -1;
    s.nelim = 4;
    s.elim = syn_elim;
    s.digits = (1u << 2) | (1u << 6);
    s.nhouses = 4;
    s.houses[0] = 1;  /* row 2 */
    s.houses[1] = 6;  /* row 7 */
    s.houses[2] = 10; /* column 2 */
    s.houses[3] = 16; /* column 8 */
    s.ncells = 4;
    s.cells = syn_cells;
    s.nbranches = 2;
    s.branch = syn_branch;
    s.nnodes = 5;
    s.nodes = syn_nodes;
    return s;
}

static void test_every_technique(void)
{
    sk_model *m = classic(9);
    for (int t = -2; t < SK_TECH_COUNT_ + 3; t++) {
        sk_step s = synthetic(t);
        const char *text = describe_guarded(m, &s, SK_ALPHABET_AUTO, 4096);
        CHECK(text[0] != '\0');
        CHECK(strstr(text, "...") == NULL);
        /* with a placement */
        s.cell = 40;
        s.digit = 3;
        text = describe_guarded(m, &s, SK_ALPHABET_AUTO, 4096);
        CHECK(strncmp(text, "r5c5 = 3: ", 10) == 0);
        /* a direct step */
        s.direct = 1;
        text = describe_guarded(m, &s, SK_ALPHABET_AUTO, 4096);
        CHECK(text[0] != '\0');
        /* nothing but the technique */
        memset(&s, 0, sizeof s);
        s.technique = t;
        s.cell = -1;
        text = describe_guarded(m, &s, SK_ALPHABET_AUTO, 4096);
        CHECK(text[0] != '\0');
        /* fields out of range or missing */
        s = synthetic(t);
        s.nhouses = 100;
        s.cells = NULL;
        s.elim = NULL;
        s.branch = NULL;
        s.digits = ~0ull;
        text = describe_guarded(m, &s, SK_ALPHABET_LETTERS, 4096);
        CHECK(text[0] != '\0');
        s = synthetic(t);
        s.nhouses = -3;
        s.ncells = -1;
        s.nelim = -5;
        s.nnodes = 0;
        text = describe_guarded(m, &s, SK_ALPHABET_AUTO, 4096);
        CHECK(text[0] != '\0');
        /* cells, digits and houses that do not exist; offsets that do not
           split the nodes */
        static const int far_cells[] = {-1, 81, 100000, 3};
        static const sk_cand far_elim[] = {{-7, 0}, {81, 65}, {3, -2}, {5, 9}};
        static const int bad_branch[] = {0, 7, 2};
        s = synthetic(t);
        s.cells = far_cells;
        s.elim = far_elim;
        s.houses[0] = -1;
        s.houses[1] = 9999;
        s.branch = bad_branch;
        s.cell = 500;
        s.digit = 70;
        text = describe_guarded(m, &s, SK_ALPHABET_NUMBERS, 4096);
        CHECK(text[0] != '\0');
        /* no model */
        s = synthetic(t);
        text = describe_guarded(NULL, &s, SK_ALPHABET_AUTO, 4096);
        CHECK(text[0] != '\0');
    }
    CHECK_EQ_STR(describe_guarded(m, NULL, SK_ALPHABET_AUTO, 64), "no step");
    sk_model_free(m);
}

/* Every size from 0 to the whole length + 1: a prefix, cut with "...". */
static void test_truncation(void)
{
    sk_model *m = classic(9);
    for (int t = 0; t < SK_TECH_COUNT_; t++) {
        sk_step s = synthetic(t);
        char whole[4096];
        s.cell = 40;
        s.digit = 3;
        snprintf(whole, sizeof whole, "%s", describe_guarded(m, &s, SK_ALPHABET_AUTO, 4096));
        size_t len = strlen(whole);
        CHECK(len > 0);
        for (size_t size = 0; size <= len + 1; size++) {
            const char *text = describe_guarded(m, &s, SK_ALPHABET_AUTO, size);
            if (size == 0)
                continue;
            if (size > len) {
                CHECK_EQ_STR(text, whole);
                continue;
            }
            CHECK_EQ_INT(strlen(text), size - 1);
            if (size >= 4) {
                CHECK(strcmp(text + size - 4, "...") == 0);
                CHECK(strncmp(text, whole, size - 4) == 0);
            } else {
                CHECK(strncmp(text, whole, size - 1) == 0);
            }
        }
    }
    sk_model_free(m);
}

/* A step with far more eliminations than the buffer holds ends quickly
 * and cleanly. */
static void test_huge_step(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(64);
    sk_model *m = NULL;
    enum { NE = 64 * 64 * 64 };
    sk_cand *elim = malloc(NE * sizeof *elim);
    CHECK_EQ_INT(sk_model_new(&g, &m, NULL), SK_OK);
    CHECK(elim != NULL);
    if (!m || !elim) {
        free(elim);
        sk_model_free(m);
        return;
    }
    for (int i = 0; i < NE; i++) {
        elim[i].cell = i / 64;
        elim[i].digit = i % 64 + 1;
    }
    sk_step s = synthetic(SK_TECH_HIDDEN_QUAD);
    s.elim = elim;
    s.nelim = NE;
    s.cells = syn_cells;
    const char *text = describe_guarded(m, &s, SK_ALPHABET_AUTO, 300);
    CHECK_EQ_INT(strlen(text), 299);
    CHECK(strcmp(text + 296, "...") == 0);
    s.technique = SK_TECH_POINTING;
    text = describe_guarded(m, &s, SK_ALPHABET_AUTO, 300);
    CHECK_EQ_INT(strlen(text), 299);
    free(elim);
    sk_model_free(m);
}

/* ---- exact sentences ------------------------------------------------------ */

static void test_sentences(void)
{
    sk_model *m = classic(9);
    char buf[512];
    sk_step s;

    s = synthetic(SK_TECH_HIDDEN_SINGLE);
    s.cell = 39;
    s.digit = 7;
    s.digits = 1u << 6;
    s.nhouses = 1;
    s.houses[0] = 22; /* box 5 */
    s.nelim = 0;
    CHECK_EQ_STR(sk_step_describe(m, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "r5c4 = 7: hidden single in box 5");

    s = synthetic(SK_TECH_POINTING);
    static const sk_cand point[] = {{13, 3}, {16, 3}};
    s.digits = 1u << 2;
    s.nhouses = 2;
    s.houses[0] = 18; /* box 1 */
    s.houses[1] = 1;  /* row 2 */
    s.elim = point;
    s.nelim = 2;
    CHECK_EQ_STR(sk_step_describe(m, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "pointing: 3 in box 1 is locked in row 2, removes 3 from r2c5, r2c8");

    s = synthetic(SK_TECH_X_WING);
    static const sk_cand wing[] = {{37, 3}, {43, 3}};
    s.digits = 1u << 2;
    s.elim = wing;
    s.nelim = 2;
    CHECK_EQ_STR(sk_step_describe(m, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "X-wing on 3 in rows 2 and 7 (columns 2 and 8) removes 3 from r5c2, r5c8");

    s = synthetic(SK_TECH_NAKED_PAIR);
    static const int pair[] = {18, 22};
    static const sk_cand naked[] = {{19, 1}, {20, 1}, {26, 7}};
    s.digits = 1u | 1u << 6;
    s.cells = pair;
    s.ncells = 2;
    s.nhouses = 1;
    s.houses[0] = 2; /* row 3 */
    s.elim = naked;
    s.nelim = 3;
    CHECK_EQ_STR(sk_step_describe(m, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "naked pair 1,7 in r3c1, r3c5 (row 3) removes 1 from r3c2, r3c3; 7 from r3c9");

    s = synthetic(SK_TECH_HIDDEN_PAIR);
    static const sk_cand hidden[] = {{18, 2}, {18, 5}, {22, 4}};
    s.digits = 1u | 1u << 6;
    s.cells = pair;
    s.ncells = 2;
    s.nhouses = 1;
    s.houses[0] = 2;
    s.elim = hidden;
    s.nelim = 3;
    CHECK_EQ_STR(sk_step_describe(m, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "hidden pair 1,7 in r3c1, r3c5 (row 3) removes 2,5 from r3c1; 4 from r3c5");

    s = synthetic(SK_TECH_XY_WING);
    static const int xy[] = {0, 6, 10};
    static const sk_cand xyel[] = {{15, 8}};
    s.cells = xy;
    s.ncells = 3;
    s.digits = 1u << 7;
    s.elim = xyel;
    s.nelim = 1;
    CHECK_EQ_STR(sk_step_describe(m, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "XY-wing with pivot r1c1 and wings r1c7, r2c2 removes 8 from r2c7");

    s = synthetic(SK_TECH_SWORDFISH);
    s.nhouses = 6;
    s.houses[0] = 9, s.houses[1] = 12, s.houses[2] = 16; /* columns 1, 4, 8 */
    s.houses[3] = 0, s.houses[4] = 4, s.houses[5] = 8;   /* rows 1, 5, 9 */
    s.digits = 1u << 4;
    s.nelim = 0;
    CHECK_EQ_STR(sk_step_describe(m, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "swordfish on 5 in columns 1, 4 and 8 (rows 1, 5 and 9)");

    /* a chain: the conclusion, then each branch */
    s = synthetic(SK_TECH_FORCING_CHAIN);
    s.cell = 25;
    s.digit = 5;
    s.nelim = 0;
    CHECK_EQ_STR(sk_step_describe(m, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "r3c8 = 5: forcing chain: r1c2=5 -> r1c7<>5 -> r3c8=5; r1c2<>5 -> r1c3=5");
    s = synthetic(SK_TECH_X_CYCLE);
    static const sk_cand cyc[] = {{30, 5}};
    s.elim = cyc;
    s.nelim = 1;
    s.nbranches = 1;
    s.nnodes = 3;
    static const int one[] = {0, 3};
    s.branch = one;
    CHECK_EQ_STR(sk_step_describe(m, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "bidirectional X-cycle removes 5 from r4c4: r1c2=5 -> r1c7<>5 -> r3c8=5");
    /* a chain without nodes: its name and its result */
    s.nnodes = 0;
    s.nbranches = 0;
    CHECK_EQ_STR(sk_step_describe(m, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "bidirectional X-cycle removes 5 from r4c4");
    s = synthetic(SK_TECH_DYNAMIC_CELL_CHAINS);
    s.subtype = 1;
    s.nnodes = 0;
    s.nelim = 0;
    s.cell = 0;
    s.digit = 9;
    CHECK_EQ_STR(sk_step_describe(m, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "r1c1 = 9: dynamic cell forcing chains (+)");
    s = synthetic(SK_TECH_NISHIO);
    s.nnodes = 0;
    s.nelim = 1;
    s.elim = cyc;
    CHECK_EQ_STR(sk_step_describe(m, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "Nishio forcing chains remove 5 from r4c4");
    sk_model_free(m);
}

/* Digits in the puzzle's alphabet; houses named by the model. */
static void test_alphabets_and_houses(void)
{
    char buf[256];
    sk_model *m16 = classic(16), *m25 = classic(25), *m36 = classic(36);
    sk_step s = synthetic(SK_TECH_NAKED_SINGLE);
    s.cell = 16 * 16 - 1;
    s.digit = 16;
    s.nelim = 0;
    CHECK_EQ_STR(sk_step_describe(m16, &s, SK_ALPHABET_LETTERS, buf, sizeof buf),
                 "r16c16 = P: naked single");
    CHECK_EQ_STR(sk_step_describe(m16, &s, SK_ALPHABET_HEX, buf, sizeof buf),
                 "r16c16 = F: naked single");
    CHECK_EQ_STR(sk_step_describe(m16, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "r16c16 = G: naked single");
    CHECK_EQ_STR(sk_step_describe(m16, &s, SK_ALPHABET_NUMBERS, buf, sizeof buf),
                 "r16c16 = 16: naked single");
    s.cell = 25 * 25 - 1;
    s.digit = 25;
    CHECK_EQ_STR(sk_step_describe(m25, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "r25c25 = P: naked single");
    s.cell = 36 * 36 - 1;
    s.digit = 36;
    CHECK_EQ_STR(sk_step_describe(m36, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                 "r36c36 = 36: naked single");
    /* the digits of a set, with multi-character symbols */
    s = synthetic(SK_TECH_NAKED_PAIR);
    s.digits = 1ull << 9 | 1ull << 11;
    s.nhouses = 1;
    s.houses[0] = 0;
    s.ncells = 2;
    s.nelim = 0;
    CHECK_EQ_STR(sk_step_describe(m16, &s, SK_ALPHABET_NUMBERS, buf, sizeof buf),
                 "naked pair 10,12 in r1c1, r1c5 (row 1)");

    /* a jigsaw: regions are named as such, and the house of a direct
       pointing's placement is found among them */
    static const uint8_t regions[25] = {0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 2, 2, 2, 2, 4,
                                        3, 3, 2, 4, 4, 3, 3, 3, 4, 4};
    sk_geometry g = SK_GEOMETRY_INIT(5);
    sk_model *mj = NULL;
    g.regions = regions;
    CHECK_EQ_INT(sk_model_new(&g, &mj, NULL), SK_OK);
    if (mj) {
        int region1 = -1, row2 = -1, region3 = -1;
        char name[32];
        for (int h = 0; h < sk_model_house_count(mj); h++) {
            sk_model_house_name(mj, h, name, sizeof name);
            if (!strcmp(name, "region 1"))
                region1 = h;
            if (!strcmp(name, "row 2"))
                row2 = h;
            if (!strcmp(name, "region 3"))
                region3 = h;
        }
        CHECK(region1 >= 0 && row2 >= 0 && region3 >= 0);
        static const sk_cand el[] = {{7, 4}};
        s = synthetic(SK_TECH_DIRECT_POINTING);
        s.digits = 1u << 3;
        s.nhouses = 2;
        s.houses[0] = region1;
        s.houses[1] = row2;
        s.elim = el;
        s.nelim = 1;
        s.direct = 1;
        s.cell = 12;
        s.digit = 4;
        CHECK_EQ_STR(sk_step_describe(mj, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                     "r3c3 = 4: direct pointing: 4 in region 1 is locked in row 2; without it "
                     "in r2c3, region 3 has one place left for 4");
        int both[2] = {region1, row2};
        s = synthetic(SK_TECH_SWORDFISH);
        memcpy(s.houses, both, sizeof both);
        s.nhouses = 2;
        s.nelim = 0;
        s.digits = 1;
        CHECK_EQ_STR(sk_step_describe(mj, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                     "swordfish on 1 in region 1 (row 2)");
        s.houses[1] = region3;
        s.nhouses = 4;
        s.houses[2] = row2;
        s.houses[3] = row2;
        CHECK_EQ_STR(sk_step_describe(mj, &s, SK_ALPHABET_AUTO, buf, sizeof buf),
                     "swordfish on 1 in regions 1 and 3 (rows 2 and 2)");
        sk_model_free(mj);
    }
    sk_model_free(m16);
    sk_model_free(m25);
    sk_model_free(m36);
}

/* ---- the rule of a chain's link ----------------------------------------- */

static void test_node_rules(void)
{
    const int cage[2] = {0, 1};
    sk_rule r = SK_RULE_INIT(SK_RULE_CAGE);
    r.value = 3;
    r.ncells = 2;
    r.cells = cage;
    sk_geometry g = SK_GEOMETRY_INIT(9);
    g.nrules = 1;
    g.rules = &r;
    sk_model *m = NULL;
    CHECK_EQ_INT(sk_model_new(&g, &m, NULL), SK_OK);
    if (!m)
        return;
    char buf[128 + GUARD], want[128];
    sk_node x = {1, 2, 0, 0};
    CHECK_EQ_STR(sk_node_rule_describe(m, &x, buf, sizeof buf), ""); /* a cell or a house */
    CHECK_EQ_STR(sk_node_rule_describe(m, NULL, buf, sizeof buf), "");
    x.rule = 1; /* 1 + the rule's index */
    CHECK_EQ_STR(sk_node_rule_describe(m, &x, buf, sizeof buf),
                 sk_model_rule_describe(m, 0, want, sizeof want));
    CHECK_EQ_STR(buf, "killer cage 3 at r1c1");
    x.rule = -1000000; /* no such constraint: still a sentence */
    CHECK_EQ_STR(sk_node_rule_describe(m, &x, buf, sizeof buf), "implied by the rules");
    /* cut as sk_step_describe cuts, nothing written past the size given */
    x.rule = 1;
    for (size_t size = 1; size < 24; size++) {
        memset(buf, 0x5a, sizeof buf);
        CHECK(sk_node_rule_describe(m, &x, buf, size) == buf);
        CHECK(memchr(buf, '\0', size) != NULL);
        for (size_t i = size; i < size + GUARD; i++)
            CHECK(buf[i] == 0x5a);
        if (size >= 4 && size < 22)
            CHECK(strcmp(buf + size - 4, "...") == 0);
        if (size == 22)
            CHECK_EQ_STR(buf, "killer cage 3 at r1c1");
    }
    CHECK(sk_node_rule_describe(m, &x, NULL, 10) == NULL);
    /* an implied sum's source: "" for other steps, "implied" for a sum
       the model does not hold */
    sk_step st;
    memset(&st, 0, sizeof st);
    st.technique = SK_TECH_HIDDEN_SINGLE;
    st.rule = -1;
    CHECK_EQ_STR(sk_step_rule_source(m, &st, buf, sizeof buf), "");
    CHECK_EQ_STR(sk_step_rule_source(m, NULL, buf, sizeof buf), "");
    int cells[2] = {40, 41};
    st.technique = SK_TECH_VARIANT_RULE;
    st.cells = cells;
    st.ncells = 2;
    st.total = 17;
    CHECK_EQ_STR(sk_step_rule_source(m, &st, buf, sizeof buf), "implied");
    st.rule = 0; /* a rule's own step */
    CHECK_EQ_STR(sk_step_rule_source(m, &st, buf, sizeof buf), "");
    sk_model_free(m);
}

int main(void)
{
    RUN(test_found_steps);
    RUN(test_full_path);
    RUN(test_every_technique);
    RUN(test_truncation);
    RUN(test_huge_step);
    RUN(test_sentences);
    RUN(test_alphabets_and_houses);
    RUN(test_node_rules);
    return check_summary();
}
