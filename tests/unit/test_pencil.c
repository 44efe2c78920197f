/*
 * test_pencil.c - puzzles given as pencil marks: the SUKAKU line and the
 * PENCIL grid read (detected and forced), every error with its position,
 * the writer of both forms, write -> read round trips over several sides
 * and alphabets, and the library calls that take the marks (search, true
 * candidates, the reason for no solution, best score, CNF, the logical
 * solver).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit.h"

/* The pencil marks singles and locked candidates leave in Arto Inkala's
 * puzzle 8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..
 * as `sudokit candidates --basic` prints them. */
static const char *const GRID =
    "8       1246    24569   | 2347    12357   1234    | 13569   4579    1345679\n"
    "12459   124     3       | 6       12578   1248    | 1589    45789   14579\n"
    "1456    7       456     | 348     9       1348    | 2       458     13456\n"
    "------------------------+-------------------------+------------------------\n"
    "123469  5       2469    | 2389    2368    7       | 1689    2489    12469\n"
    "12369   12368   269     | 2389    4       5       | 7       289     1269\n"
    "24679   2468    24679   | 1       268     2689    | 5689    3       24569\n"
    "------------------------+-------------------------+------------------------\n"
    "23457   234     1       | 23479   237     2349    | 359     6       8\n"
    "23467   2346    8       | 5       2367    23469   | 39      1       2379\n"
    "23567   9       2567    | 2378    123678  12368   | 4       257     2357\n";

/* Its solution. */
static const char *const SOLUTION =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/* Masks of a text of fields ("8 1246 ..."), row by row; '|' and lines of
 * dashes are skipped. */
static void masks_of(const char *text, uint64_t *out, int n)
{
    int k = 0;
    const char *s = text;
    while (*s && k < n * n) {
        if (*s == '-' || *s == '+') { /* a border line */
            while (*s && *s != '\n')
                s++;
            continue;
        }
        if (*s == ' ' || *s == '|' || *s == '\n') {
            s++;
            continue;
        }
        uint64_t m = 0;
        for (; *s && *s != ' ' && *s != '\n'; s++)
            if (*s >= '1' && *s <= '9')
                m |= 1ull << (*s - '1');
        out[k++] = m;
    }
}

static sk_reader *open_text(const char *text, const sk_read_opts *o)
{
    sk_reader *r = NULL;
    CHECK_EQ_INT(sk_reader_open_mem(text, strlen(text), o, &r), SK_OK);
    return r;
}

/* Reads text and expects its puzzle number `which` to fail with a message
 * holding msg, at line:column. */
static void expect_error_at(const char *text, const sk_read_opts *o, int which, const char *msg,
                            long line, long column)
{
    sk_reader *r = open_text(text, o);
    sk_puzzle p;
    sk_diag d;
    int st = SK_DONE;
    if (!r)
        return;
    for (int i = 0; i <= which; i++) {
        memset(&d, 0, sizeof d);
        st = sk_reader_next(r, &p, &d);
        if (i < which)
            CHECK_EQ_INT(st, SK_OK);
    }
    CHECK_EQ_INT(st, SK_EPARSE);
    if (!strstr(d.message, msg)) {
        fprintf(stderr, "  message \"%s\" lacks \"%s\"\n", d.message, msg);
        CHECK(strstr(d.message, msg) != NULL);
    }
    CHECK_EQ_INT(d.line, line);
    CHECK_EQ_INT(d.column, column);
    sk_reader_free(r);
}

static void expect_error(const char *text, const char *msg, long line, long column)
{
    sk_read_opts o = SK_READ_OPTS_INIT;
    expect_error_at(text, &o, 0, msg, line, column);
}

/* The SUKAKU line of masks m (n x n, DIGITS), with a newline. */
static char *sukaku_of(const uint64_t *m, int n)
{
    char *s = malloc((size_t)n * n * n + 2), *p = s;
    for (int i = 0; i < n * n; i++)
        for (int v = 1; v <= n; v++)
            *p++ = m[i] >> (v - 1) & 1 ? sk_alphabet_symbol(SK_ALPHABET_DIGITS, v) : '.';
    *p++ = '\n';
    *p = '\0';
    return s;
}

/* ---- names ------------------------------------------------------------- */

static void test_names(void)
{
    CHECK_EQ_STR(sk_format_name(SK_FORMAT_SUKAKU), "sukaku");
    CHECK_EQ_STR(sk_format_name(SK_FORMAT_PENCIL), "pencil");
    CHECK_EQ_INT(sk_format_parse("Sukaku"), SK_FORMAT_SUKAKU);
    CHECK_EQ_INT(sk_format_parse("pencil"), SK_FORMAT_PENCIL);
    CHECK_EQ_INT(sk_format_parse("pencil-marks"), SK_FORMAT_PENCIL);
    CHECK_EQ_INT(sk_format_parse("pencilmarks"), SK_FORMAT_PENCIL);
}

/* ---- SUKAKU ------------------------------------------------------------ */

static void test_sukaku(void)
{
    uint64_t want[81];
    masks_of(GRID, want, 9);
    char *line = sukaku_of(want, 9);
    sk_reader *r = open_text(line, NULL);
    sk_puzzle p;
    sk_diag d;
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_SUKAKU);
    CHECK_EQ_INT(p.alphabet, SK_ALPHABET_DIGITS);
    CHECK_EQ_INT(p.geom.n, 9);
    CHECK(p.candidates != NULL);
    for (int i = 0; i < 81 && p.candidates; i++) {
        CHECK_EQ_INT(p.candidates[i], want[i]);
        CHECK_EQ_INT(p.cells[i], 0); /* no givens: singles are naked singles */
        CHECK_EQ_INT(p.cell_column[i], 9 * i + 1);
    }
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);

    /* '0' for a digit ruled out, spaces between cells, a comment after */
    char spaced[1200], *q = spaced;
    for (int i = 0; i < 81; i++) {
        for (int k = 0; k < 9; k++)
            *q++ = line[9 * i + k] == '.' ? '0' : line[9 * i + k];
        *q++ = ' ';
    }
    strcpy(q, "  # from a forum\n");
    r = open_text(spaced, NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_SUKAKU);
    for (int i = 0; i < 81 && p.candidates; i++)
        CHECK_EQ_INT(p.candidates[i], want[i]);
    CHECK_EQ_INT(p.cell_column[1], 11);
    sk_reader_free(r);

    /* among line puzzles, which keep their form */
    char mixed[2000];
    snprintf(mixed, sizeof mixed, "%s%s%s", SOLUTION, "\n", line);
    r = open_text(mixed, NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
    CHECK(p.candidates == NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_SUKAKU);
    CHECK_EQ_INT(p.line, 2);
    sk_reader_free(r);

    /* the empty 27x27 line stays a line puzzle: no candidate anywhere */
    char dots[800];
    memset(dots, '.', 729);
    strcpy(dots + 729, "\n");
    r = open_text(dots, NULL);
    sk_reader_next(r, &p, &d);
    CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
    sk_reader_free(r);

    /* forced, with rules after it */
    sk_read_opts o = SK_READ_OPTS_INIT;
    o.format = SK_FORMAT_SUKAKU;
    char ruled[1000];
    snprintf(ruled, sizeof ruled, "%sdiagonals\n", line);
    r = open_text(ruled, &o);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_SUKAKU);
    CHECK_EQ_INT(p.geom.extras, SK_EXTRA_DIAGONALS);
    sk_reader_free(r);
    free(line);
}

static void test_sukaku_sides(void)
{
    /* 4x4: 64 characters (also a square: an 8x8 line puzzle cannot hold
       16 digits at their places without a repeat in a column) */
    static const uint64_t m4[16] = {1, 2, 4, 8, 12, 3, 3, 12, 2, 1, 8, 4, 12, 12, 3, 3};
    char *line = sukaku_of(m4, 4);
    sk_reader *r = open_text(line, NULL);
    sk_puzzle p;
    sk_diag d;
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_SUKAKU);
    CHECK_EQ_INT(p.geom.n, 4);
    for (int i = 0; i < 16 && p.candidates; i++)
        CHECK_EQ_INT(p.candidates[i], m4[i]);
    sk_reader_free(r);
    free(line);

    /* 16x16: 4096 characters, digits 1-9 then A-G */
    uint64_t m16[256];
    for (int i = 0; i < 256; i++)
        m16[i] = (0x1234567ull * (uint64_t)(i + 1) ^ (uint64_t)i << 7) & 0xffff;
    for (int i = 0; i < 256; i++)
        if (!m16[i])
            m16[i] = 1;
    line = sukaku_of(m16, 16);
    r = open_text(line, NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_SUKAKU);
    CHECK_EQ_INT(p.geom.n, 16);
    for (int i = 0; i < 256 && p.candidates; i++)
        CHECK_EQ_INT(p.candidates[i], m16[i]);
    sk_reader_free(r);
    free(line);
}

static void test_sukaku_errors(void)
{
    uint64_t want[81];
    masks_of(GRID, want, 9);
    char *line = sukaku_of(want, 9), bad[1000];
    sk_read_opts forced = SK_READ_OPTS_INIT;
    forced.format = SK_FORMAT_SUKAKU;

    /* one character short or long: still pencil marks, of a wrong length */
    snprintf(bad, sizeof bad, "%.728s\n", line);
    expect_error(bad, "line has 728 characters, expected N*N*N for pencil marks (729 for 9x9)", 1,
                 1);
    snprintf(bad, sizeof bad, "%.729s12\n", line);
    expect_error(bad, "line has 731 characters", 1, 1);
    /* a digit out of its place (r1c1 holds only 8: place 8) */
    snprintf(bad, sizeof bad, "%.729s\n", line);
    bad[2] = '5';
    expect_error(bad, "'5' at place 3 of r1c1's candidates, expected '3' or '.'", 1, 3);
    /* an unknown character */
    bad[2] = '?';
    expect_error_at(bad, &forced, 0, "unknown symbol '?' in the candidates of r1c1", 1, 3);
    /* a cell with no candidate */
    snprintf(bad, sizeof bad, "%.729s\n", line);
    memset(bad + 9, '.', 9);
    expect_error(bad, "r1c2 has no candidate (all 9 places are empty)", 1, 10);
    /* forced: no cube */
    expect_error_at("123\n", &forced, 0, "line has 3 characters, expected N*N*N", 1, 1);
    forced.alphabet = SK_ALPHABET_NUMBERS;
    expect_error_at(line, &forced, 0, "not the numbers alphabet", 1, 1);
    forced.alphabet = SK_ALPHABET_AUTO;
    forced.n = 4;
    expect_error_at(line, &forced, 0, "expected 64 for 4x4 pencil marks", 1, 1);
    /* the next puzzle is still read */
    snprintf(bad, sizeof bad, "%.728s\n%s", line, SOLUTION);
    expect_error_at(bad, NULL, 0, "728 characters", 1, 1);
    {
        sk_reader *r = open_text(bad, NULL);
        sk_puzzle p;
        sk_diag d;
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.line, 2);
        sk_reader_free(r);
    }
    free(line);
}

/* ---- PENCIL ------------------------------------------------------------ */

static void check_grid(const sk_puzzle *p, const uint64_t *want, int n)
{
    CHECK_EQ_INT(p->format, SK_FORMAT_PENCIL);
    CHECK_EQ_INT(p->geom.n, n);
    CHECK(p->candidates != NULL);
    for (int i = 0; i < n * n && p->candidates; i++) {
        CHECK_EQ_INT(p->candidates[i], want[i]);
        /* a field of one digit is a given */
        CHECK_EQ_INT(p->cells[i], (want[i] & (want[i] - 1)) ? 0 : __builtin_ctzll(want[i]) + 1);
    }
}

static void test_pencil(void)
{
    uint64_t want[81];
    masks_of(GRID, want, 9);
    sk_reader *r = open_text(GRID, NULL);
    sk_puzzle p;
    sk_diag d;
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    check_grid(&p, want, 9);
    CHECK_EQ_INT(p.line, 1);
    CHECK_EQ_INT(p.cell_line[9], 2);
    CHECK_EQ_INT(p.cell_column[1], 9);
    CHECK_EQ_INT(p.cell_column[3], 27);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);

    /* the borders of other programs, and fields written by place */
    static const char *const se =
        ".-------------------.-------------------.-------------------.\n"
        "| 8    1246  24569  | 2347 12357 1234   | 13569 4579 1345679 |\n"
        "| 12459 124  3      | 6    12578 1248   | 1589 45789 14579   |\n"
        "| 1456 7     456    | 348  9     1348   | 2    458  13456    |\n"
        ":-------------------+-------------------+-------------------:\n"
        "| 123469 5   2469   | 2389 2368  7      | 1689 2489 12469    |\n"
        "| 12369 12368 269   | 2389 4     5      | 7    289  1269     |\n"
        "| 24679 2468 24679  | 1    268   2689   | 5689 3    24569    |\n"
        ":-------------------+-------------------+-------------------:\n"
        "| 23457 234  1      | 23479 237  2349   | 359  6    8        |\n"
        "| 23467 2346 8      | 5    2367  23469  | 39   1    2379     |\n"
        "| 23567 9    2567   | 2378 123678 12368 | 4    257  2357     |\n"
        "'-------------------'-------------------'-------------------'\n";
    r = open_text(se, NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    check_grid(&p, want, 9);
    CHECK_EQ_INT(p.line, 1);
    sk_reader_free(r);

    /* a field by place with one digit is a candidate, not a given */
    char byplace[2000];
    snprintf(byplace, sizeof byplace, ".......8. %s", GRID + 8); /* r1c1 "8" by place */
    r = open_text(byplace, NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_PENCIL);
    CHECK_EQ_INT(p.candidates[0], 1u << 7);
    CHECK_EQ_INT(p.cells[0], 0);
    CHECK_EQ_INT(p.cells[1 * 9 + 2], 3);
    sk_reader_free(r);

    /* two grids, with a line puzzle before them and no blank line */
    char two[4000];
    snprintf(two, sizeof two, "%s\n%s\n%s", SOLUTION, GRID, GRID);
    r = open_text(two, NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    check_grid(&p, want, 9);
    CHECK_EQ_INT(p.line, 2);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    check_grid(&p, want, 9);
    CHECK_EQ_INT(p.line, 14);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);

    /* a grid of one symbol per cell stays a plain grid */
    static const char *const plain = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
    r = open_text(plain, NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_GRID);
    CHECK(p.candidates == NULL);
    sk_reader_free(r);
    /* ... unless asked for: then its fields are givens */
    sk_read_opts o = SK_READ_OPTS_INIT;
    o.format = SK_FORMAT_PENCIL;
    r = open_text(plain, &o);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_PENCIL);
    CHECK_EQ_INT(p.cells[5], 4);
    CHECK_EQ_INT(p.candidates[5], 8);
    sk_reader_free(r);

    /* a line puzzle in groups stays a line puzzle */
    r = open_text("530070000 600195000 098000060 800060003 400803001 700020006 060000280 "
                  "000419005 000080079\n",
                  NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
    sk_reader_free(r);
}

static void test_pencil_alphabets(void)
{
    sk_puzzle p;
    sk_diag d;
    /* numbers, separated by commas (6x6 with its box line) */
    static const char *const num = "1,2 3,4 5 | 6 1,2 3,4\n"
                                   "3 4 6 | 1,5 2 1,5\n"
                                   "-----+-----\n"
                                   "2 1 3 | 4 5 6\n"
                                   "4 5,6 1 | 2,3 6 2\n"
                                   "-----+-----\n"
                                   "5 6 2 | 3 4 1\n"
                                   "6 3 4 | 5 1 2\n"
                                   "box 2x3\n";
    sk_reader *r = open_text(num, NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_PENCIL);
    CHECK_EQ_INT(p.alphabet, SK_ALPHABET_NUMBERS);
    CHECK_EQ_INT(p.geom.n, 6);
    CHECK_EQ_INT(p.geom.box_rows, 2);
    CHECK_EQ_INT(p.candidates[0], 3);
    CHECK_EQ_INT(p.candidates[1], 12);
    CHECK_EQ_INT(p.cells[2], 5);
    CHECK_EQ_INT(p.candidates[19], 48);
    sk_reader_free(r);

    /* 16x16 in hex: '0' is the value 1 */
    char hex[4096], *q = hex;
    for (int row = 0; row < 16; row++) {
        for (int c = 0; c < 16; c++)
            q += sprintf(q, c ? " %s" : "%s", (row + c) % 3 ? "0F" : "5");
        *q++ = '\n';
    }
    *q = '\0';
    r = open_text(hex, NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_PENCIL);
    CHECK_EQ_INT(p.alphabet, SK_ALPHABET_HEX);
    CHECK_EQ_INT(p.candidates[1], 1 | 1u << 15);
    CHECK_EQ_INT(p.cells[0], 6);
    sk_reader_free(r);

    /* letters */
    r = open_text("AB C D AB\nCD A B CD\nB D A C\nAC B CD D\n", NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_PENCIL);
    CHECK_EQ_INT(p.alphabet, SK_ALPHABET_LETTERS);
    CHECK_EQ_INT(p.candidates[0], 3);
    CHECK_EQ_INT(p.cells[1], 3);
    sk_reader_free(r);
}

static void test_pencil_errors(void)
{
    char bad[2000];
    sk_read_opts forced = SK_READ_OPTS_INIT;
    forced.format = SK_FORMAT_PENCIL;
    forced.alphabet = SK_ALPHABET_DIGITS;
#define EDIT(row_text, from, to)                                                      \
    do {                                                                          \
        snprintf(bad, sizeof bad, "%s", GRID);                                    \
        char *at_ = strstr(bad, row_text);                                        \
        CHECK(at_ != NULL);                                                       \
        if (at_) {                                                                \
            char rest_[2000];                                                     \
            snprintf(rest_, sizeof rest_, "%s", at_ + strlen(from));              \
            snprintf(at_, sizeof bad - (size_t)(at_ - bad), "%s%s", to, rest_);    \
        }                                                                         \
    } while (0)
    /* row 2 starts "12459   124" at line 2 */
    EDIT("12459   124", "12459", "12A59");
    expect_error(bad, "symbol 'A' in the candidates of r2c1 is 10, above 9 (digits alphabet)", 2,
                 3);
    /* in the first row too (one bad field does not make it another form) */
    EDIT("1246    24569", "1246", "12A6");
    expect_error(bad, "symbol 'A' in the candidates of r1c2 is 10, above 9", 1, 11);
    EDIT("12459   124", "12459", "12449");
    expect_error(bad, "r2c1 lists '4' twice", 2, 4);
    EDIT("12459   124", "12459", "1.3");
    expect_error(bad, "the candidates of r2c1 have 3 places, expected 9", 2, 1);
    EDIT("12459   124", "12459", "2.3......");
    expect_error(bad, "'2' at place 1 of r2c1's candidates, expected '1' or '.'", 2, 1);
    EDIT("12459   124", "12459", ".");
    expect_error(bad, "r2c1 has no candidate", 2, 1);
    EDIT("12459   124", "12459", "1?");
    expect_error(bad, "unknown symbol '?' in the candidates of r2c1", 2, 2);
    EDIT("12459   124", "12459", "1,2");
    expect_error_at(bad, &forced, 0, "numbers alphabet", 2, 2);
    EDIT("12459   124", "12459   ", "");
    expect_error(bad, "row 2 has 8 fields, expected 9 (one per cell)", 2, 66); /* its end */
    EDIT("12459   124", "12459", "1245 9");
    expect_error(bad, "row 2 has 10 fields, expected 9", 2, 70);
    /* a row left out, a row too many */
    EDIT("1456    7 ", "1456    7       456     | 348     9       1348    | 2       458     13456\n",
         "");
    expect_error(bad, "pencil-mark grid has 8 rows, expected 9", 10, 0);
    snprintf(bad, sizeof bad, "%s%s", GRID, "1 2 3 4 5 6 7 8 9\n");
    expect_error(bad, "pencil-mark grid has 10 rows, expected 9", 12, 0);
    /* a jigsaw's region rows: one short */
    snprintf(bad, sizeof bad, "%s111222333\n111222333\n111222333\n444555666\n444555666\n"
                              "444555666\n77788899\n777888999\n777888999\n", GRID);
    expect_error(bad, "region row 7 has 8 ids, expected 9", 18, 0);
    /* numbers: a missing one, one above N */
    sk_read_opts numbers = SK_READ_OPTS_INIT;
    numbers.format = SK_FORMAT_PENCIL;
    numbers.alphabet = SK_ALPHABET_NUMBERS;
    expect_error_at("1,,2 3 4 1,2\n3 4 1 2\n2 1 4 3\n4 3 2 1\n", &numbers, 0,
                    "a number is missing in the candidates of r1c1", 1, 3);
    expect_error_at("1,5 3 4 1,2\n3 4 1 2\n2 1 4 3\n4 3 2 1\n", &numbers, 0,
                    "number 5 in the candidates of r1c1 is not 1 to 4", 1, 3);
    /* the puzzle after a bad grid is read */
    EDIT("12459   124", "12459", "12A59");
    strcat(bad, "\n");
    strcat(bad, SOLUTION);
    strcat(bad, "\n");
    expect_error_at(bad, NULL, 0, "above 9", 2, 3);
    {
        sk_reader *r = open_text(bad, NULL);
        sk_puzzle p;
        sk_diag d;
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
        CHECK_EQ_INT(p.line, 13); /* after a blank line */
        sk_reader_free(r);
    }
#undef EDIT
}

/* ---- writing ----------------------------------------------------------- */

static void test_writer(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(9);
    uint64_t m[81];
    char buf[4000];
    masks_of(GRID, m, 9);
    CHECK_EQ_INT(sk_write_candidates(buf, sizeof buf, &g, m, SK_FORMAT_PENCIL, SK_ALPHABET_AUTO),
                 (long)strlen(GRID));
    CHECK_EQ_STR(buf, GRID);
    char *line = sukaku_of(m, 9);
    CHECK_EQ_INT(sk_write_candidates(buf, sizeof buf, &g, m, SK_FORMAT_SUKAKU, SK_ALPHABET_AUTO),
                 730);
    CHECK_EQ_STR(buf, line);
    free(line);
    /* measuring, and cutting short as snprintf does */
    CHECK_EQ_INT(sk_write_candidates(NULL, 0, &g, m, SK_FORMAT_PENCIL, SK_ALPHABET_DIGITS),
                 (long)strlen(GRID));
    CHECK_EQ_INT(sk_write_candidates(buf, 10, &g, m, SK_FORMAT_PENCIL, SK_ALPHABET_DIGITS),
                 (long)strlen(GRID));
    CHECK_EQ_STR(buf, "8       1");

    /* a grid in these forms: an empty cell holds every digit */
    sk_geometry g4 = SK_GEOMETRY_INIT(4);
    static const uint8_t grid4[16] = {1, 0, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0};
    sk_write(buf, sizeof buf, &g4, grid4, SK_FORMAT_PENCIL, SK_ALPHABET_AUTO);
    CHECK_EQ_STR(buf, "1    1234 | 3    4\n3    4    | 1    2\n"
                      "----------+----------\n2    1    | 4    3\n4    3    | 2    1234\n");
    sk_write(buf, sizeof buf, &g4, grid4, SK_FORMAT_SUKAKU, SK_ALPHABET_AUTO);
    CHECK_EQ_STR(buf, "1...1234..3....4..3....41....2...2..1......4..3....4..3..2..1234\n");
    sk_write(buf, sizeof buf, &g4, grid4, SK_FORMAT_SUKAKU, SK_ALPHABET_HEX);
    CHECK_EQ_STR(buf, "0...0123..2....3..2....30....1...1..0......3..2....3..2..1..0123\n");
    /* numbers: commas between numbers above 9 */
    sk_geometry g10 = SK_GEOMETRY_INIT(10);
    g10.box_rows = 2;
    g10.box_cols = 5;
    uint64_t m10[100];
    for (int i = 0; i < 100; i++)
        m10[i] = i == 0 ? 0x201 : 1u << (i % 10);
    sk_write_candidates(buf, sizeof buf, &g10, m10, SK_FORMAT_PENCIL, SK_ALPHABET_NUMBERS);
    CHECK(strncmp(buf, "1,10 2    3    4    5    | 6", 28) == 0);
    /* what cannot be written */
    CHECK_EQ_INT(sk_write_candidates(buf, sizeof buf, &g10, m10, SK_FORMAT_SUKAKU,
                                     SK_ALPHABET_NUMBERS),
                 SK_EINVAL);
    CHECK_EQ_INT(sk_write_candidates(buf, sizeof buf, &g, m, SK_FORMAT_LINE, SK_ALPHABET_AUTO),
                 SK_EINVAL);
    m[5] = 0;
    CHECK_EQ_INT(sk_write_candidates(buf, sizeof buf, &g, m, SK_FORMAT_PENCIL, SK_ALPHABET_AUTO),
                 SK_EINVAL);
    m[5] = 1u << 9;
    CHECK_EQ_INT(sk_write_candidates(buf, sizeof buf, &g, m, SK_FORMAT_PENCIL, SK_ALPHABET_AUTO),
                 SK_EINVAL);
    CHECK_EQ_INT(sk_write_candidates(buf, sizeof buf, &g, NULL, SK_FORMAT_PENCIL, SK_ALPHABET_AUTO),
                 SK_EINVAL);
}

/* Masks for an n x n round trip: a varied pattern, every mask non-empty. */
static void pattern(uint64_t *m, int n, unsigned seed)
{
    uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1, x = seed * 0x9e3779b97f4a7c15ull + 1;
    for (int i = 0; i < n * n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        m[i] = x & all;
        if (i % 5 == 0)
            m[i] = 1ull << (x % (uint64_t)n); /* some singles */
        if (!m[i])
            m[i] = 1;
    }
}

/* Regions of an n x n jigsaw for the round trips: bands of n cells that
 * wrap from row to row, shifted by a row each time (any ids do). */
static const uint8_t *bands(int n)
{
    static uint8_t ids[64 * 64];
    for (int i = 0; i < n * n; i++)
        ids[i] = (uint8_t)(((i + i / n) / n) % n);
    return ids;
}

static void roundtrip(int n, int br, int bc, sk_alphabet a, sk_format f, unsigned seed)
{
    sk_geometry g = SK_GEOMETRY_INIT(n);
    const uint8_t *regions = br < 0 ? bands(n) : NULL;
    if (regions)
        br = bc = 0;
    g.regions = regions;
    sk_read_opts o = SK_READ_OPTS_INIT;
    static uint64_t m[64 * 64];
    sk_puzzle p;
    sk_diag d;
    if (br) {
        g.box_rows = br;
        g.box_cols = bc;
        o.box_rows = br;
        o.box_cols = bc;
    }
    pattern(m, n, seed);
    long len = sk_write_candidates(NULL, 0, &g, m, f, a);
    CHECK(len > 0);
    if (len <= 0)
        return;
    char *text = malloc((size_t)len + 1);
    sk_write_candidates(text, (size_t)len + 1, &g, m, f, a);
    sk_reader *r = open_text(text, &o);
    int st = sk_reader_next(r, &p, &d);
    if (st != SK_OK)
        fprintf(stderr, "  %dx%d %s %s: %ld:%ld: %s\n", n, n, sk_format_name(f),
                sk_alphabet_name(a), d.line, d.column, d.message);
    CHECK_EQ_INT(st, SK_OK);
    if (st == SK_OK) {
        CHECK_EQ_INT(p.format, f);
        CHECK_EQ_INT(p.geom.n, n);
        CHECK(!p.geom.regions == !regions);
        for (int i = 0; i < n * n && regions && p.geom.regions; i++)
            CHECK_EQ_INT(p.geom.regions[i], regions[i]);
        int same = p.candidates != NULL;
        for (int i = 0; i < n * n && same; i++)
            same = p.candidates[i] == m[i] &&
                   p.cells[i] == (f == SK_FORMAT_PENCIL && !(m[i] & (m[i] - 1))
                                      ? __builtin_ctzll(m[i]) + 1
                                      : 0);
        if (!same)
            fprintf(stderr, "  %dx%d %s %s: the marks read back differ\n", n, n,
                    sk_format_name(f), sk_alphabet_name(a));
        CHECK(same);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    }
    sk_reader_free(r);
    free(text);
}

/* A position with filled cells: an empty cell left with one candidate is
 * written by place and reads back as a candidate, a filled one as a
 * given. */
static void test_write_position(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(4);
    uint64_t m[16];
    uint8_t vals[16] = {1};
    char buf[400];
    for (int i = 0; i < 16; i++)
        m[i] = 0xf;
    m[0] = 1;  /* filled with 1 */
    m[1] = 2;  /* open, only 2 left */
    m[2] = 12; /* 3 or 4 */
    long len = sk_write_position(buf, sizeof buf, &g, vals, m, SK_FORMAT_PENCIL, SK_ALPHABET_AUTO);
    CHECK_EQ_INT(len, (long)strlen(buf));
    CHECK(strncmp(buf, "1    .2.. | 34   1234\n", 22) == 0);
    sk_read_opts o = SK_READ_OPTS_INIT;
    sk_reader *r = open_text(buf, &o);
    sk_puzzle p;
    sk_diag d;
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.cells[0], 1);
    CHECK_EQ_INT(p.cells[1], 0);
    CHECK(p.candidates && p.candidates[1] == 2 && p.candidates[2] == 12);
    sk_reader_free(r);
    /* without values, as sk_write_candidates: one symbol */
    sk_write_position(buf, sizeof buf, &g, NULL, m, SK_FORMAT_PENCIL, SK_ALPHABET_AUTO);
    CHECK(strncmp(buf, "1    2    | 34   1234\n", 22) == 0);
    /* sukaku has no filled cells: the same either way */
    char other[400];
    sk_write_position(buf, sizeof buf, &g, vals, m, SK_FORMAT_SUKAKU, SK_ALPHABET_AUTO);
    sk_write_candidates(other, sizeof other, &g, m, SK_FORMAT_SUKAKU, SK_ALPHABET_AUTO);
    CHECK_EQ_STR(buf, other);
}

static void test_roundtrip(void)
{
    for (unsigned seed = 1; seed <= 3; seed++) {
        roundtrip(4, 0, 0, SK_ALPHABET_AUTO, SK_FORMAT_PENCIL, seed);
        roundtrip(4, 0, 0, SK_ALPHABET_AUTO, SK_FORMAT_SUKAKU, seed);
        roundtrip(6, 2, 3, SK_ALPHABET_AUTO, SK_FORMAT_PENCIL, seed);
        roundtrip(6, 2, 3, SK_ALPHABET_AUTO, SK_FORMAT_SUKAKU, seed);
        roundtrip(9, 0, 0, SK_ALPHABET_AUTO, SK_FORMAT_PENCIL, seed);
        roundtrip(9, 0, 0, SK_ALPHABET_AUTO, SK_FORMAT_SUKAKU, seed);
        roundtrip(12, 3, 4, SK_ALPHABET_NUMBERS, SK_FORMAT_PENCIL, seed);
        roundtrip(16, 0, 0, SK_ALPHABET_AUTO, SK_FORMAT_PENCIL, seed);
        roundtrip(16, 0, 0, SK_ALPHABET_HEX, SK_FORMAT_PENCIL, seed);
        roundtrip(16, 0, 0, SK_ALPHABET_LETTERS, SK_FORMAT_PENCIL, seed);
        roundtrip(16, 0, 0, SK_ALPHABET_AUTO, SK_FORMAT_SUKAKU, seed);
        roundtrip(25, 0, 0, SK_ALPHABET_AUTO, SK_FORMAT_PENCIL, seed);
        roundtrip(25, 0, 0, SK_ALPHABET_AUTO, SK_FORMAT_SUKAKU, seed);
        roundtrip(7, 0, 0, SK_ALPHABET_AUTO, SK_FORMAT_PENCIL, seed);
        roundtrip(36, 0, 0, SK_ALPHABET_NUMBERS, SK_FORMAT_PENCIL, seed);
        /* jigsaws: region rows after the grid, ids after the line */
        roundtrip(5, -1, 0, SK_ALPHABET_AUTO, SK_FORMAT_PENCIL, seed);
        roundtrip(9, -1, 0, SK_ALPHABET_AUTO, SK_FORMAT_PENCIL, seed);
        roundtrip(9, -1, 0, SK_ALPHABET_AUTO, SK_FORMAT_SUKAKU, seed);
        roundtrip(12, -1, 0, SK_ALPHABET_NUMBERS, SK_FORMAT_PENCIL, seed);
    }
}

/* ---- the library on pencil marks --------------------------------------- */

static void test_library(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(9);
    sk_model *m = NULL;
    uint64_t marks[81], out[81];
    uint8_t givens[81], sol[81], none[81];
    sk_result res;
    masks_of(GRID, marks, 9);
    CHECK_EQ_INT(sk_model_new(&g, &m, NULL), SK_OK);
    memset(givens, 0, sizeof givens);

    /* a search within the marks finds the one solution */
    sk_solver *s = NULL;
    CHECK_EQ_INT(sk_solver_new(-1, &s), SK_OK);
    sk_search_opts so = SK_SEARCH_OPTS_INIT;
    so.candidates = marks;
    CHECK_EQ_INT(sk_solver_run(s, m, givens, &so, sol, &res), SK_OK);
    CHECK_EQ_INT(sk_result_verdict(&res), SK_VERDICT_UNIQUE);
    for (int i = 0; i < 81; i++)
        CHECK_EQ_INT(sol[i], SOLUTION[i] - '0');
    /* the true candidates within them are the solution */
    sk_candidates_opts co = SK_CANDIDATES_OPTS_INIT;
    co.candidates = marks;
    CHECK_EQ_INT(sk_candidates(s, m, givens, &co, out, NULL, NULL), SK_OK);
    for (int i = 0; i < 81; i++)
        CHECK_EQ_INT(out[i], 1u << (SOLUTION[i] - '1'));

    /* the logical solver starts from them */
    sk_logic *l = NULL;
    CHECK_EQ_INT(sk_logic_new(m, &l), SK_OK);
    CHECK_EQ_INT(sk_logic_start_candidates(l, givens, marks), SK_OK);
    for (int i = 0; i < 81; i++)
        CHECK_EQ_INT(sk_logic_candidates(l)[i], marks[i]);
    sk_logic_free(l);

    /* best score within them: the one solution's value */
    sk_best_opts bo = SK_BEST_OPTS_INIT;
    sk_best_result br;
    int32_t w[81];
    long long value = 0;
    sk_target_weights(9, w);
    for (int i = 0; i < 81; i++)
        value += (long long)w[i] * (SOLUTION[i] - '0');
    bo.candidates = marks;
    CHECK_EQ_INT(sk_best(m, givens, NULL, &bo, sol, &br), SK_OK);
    CHECK_EQ_INT(br.found, 1);
    CHECK_EQ_INT(br.value, value);

    /* marks that leave no solution: the reason names them */
    memcpy(none, givens, sizeof none);
    uint64_t cut[81];
    memcpy(cut, marks, sizeof cut);
    cut[1] = 1u << 3; /* r1c2 only 4 */
    cut[2] = 1u << 3; /* r1c3 only 4 as well: r1c2 takes it */
    sk_why why;
    CHECK_EQ_INT(sk_explain_none_candidates(m, none, cut, SK_ALPHABET_DIGITS, &why), SK_OK);
    CHECK_EQ_INT(why.kind, SK_WHY_CELL);
    CHECK_EQ_STR(why.message, "the pencil marks leave r1c3 no candidate");
    /* a deeper reason: two candidates, each failing */
    for (int i = 0; i < 81; i++)
        cut[i] = 0x1ff;
    cut[0] = 1;
    cut[40] = cut[41] = cut[42] = 3;
    CHECK_EQ_INT(sk_explain_none_candidates(m, none, cut, SK_ALPHABET_DIGITS, &why), SK_OK);
    CHECK_EQ_INT(why.kind, SK_WHY_BRANCH);
    CHECK(strstr(why.message, "after propagation from the pencil marks") != NULL);
    memcpy(cut, marks, sizeof cut);
    cut[2] = 0;
    CHECK_EQ_INT(sk_explain_none_candidates(m, none, cut, SK_ALPHABET_DIGITS, &why), SK_OK);
    CHECK_EQ_INT(why.kind, SK_WHY_CELL);
    CHECK_EQ_INT(why.cell, 2);
    CHECK_EQ_STR(why.message, "the pencil marks leave r1c3 no candidate");
    /* without marks the messages speak of the givens, as before */
    none[0] = 5;
    none[1] = 5;
    CHECK_EQ_INT(sk_explain_none_candidates(m, none, NULL, SK_ALPHABET_DIGITS, &why), SK_OK);
    CHECK_EQ_INT(why.kind, SK_WHY_CONFLICT);

    /* the logical solver stops at a position that shows it has none */
    sk_step st;
    CHECK_EQ_INT(sk_logic_new(m, &l), SK_OK);
    CHECK_EQ_INT(sk_logic_start_candidates(l, givens, marks), SK_OK);
    CHECK_EQ_INT(sk_logic_contradiction(l, SK_ALPHABET_DIGITS, &why), 0);
    memcpy(cut, marks, sizeof cut);
    cut[2] = 0; /* r1c3: nothing */
    CHECK_EQ_INT(sk_logic_start_candidates(l, givens, cut), SK_OK);
    CHECK_EQ_INT(sk_logic_next(l, &st), 0);
    CHECK_EQ_INT(sk_logic_contradiction(l, SK_ALPHABET_DIGITS, &why), 1);
    CHECK_EQ_INT(why.kind, SK_WHY_CELL);
    CHECK_EQ_INT(why.cell, 2);
    CHECK_EQ_STR(why.message, "r1c3 has no candidate left");
    for (int i = 0; i < 81; i++) /* no 5 in column 4, every cell open */
        cut[i] = i % 9 == 3 ? 0x1ef : 0x1ff;
    CHECK_EQ_INT(sk_logic_start_candidates(l, givens, cut), SK_OK);
    CHECK_EQ_INT(sk_logic_next(l, &st), 0);
    CHECK_EQ_INT(sk_logic_contradiction(l, SK_ALPHABET_DIGITS, &why), 1);
    CHECK_EQ_INT(why.kind, SK_WHY_HOUSE);
    CHECK_EQ_INT(why.digit, 5);
    char hname[32];
    CHECK_EQ_STR(sk_model_house_name(m, why.house, hname, sizeof hname), "column 4");
    CHECK_EQ_STR(why.message, "column 4 has no place left for 5");
    CHECK_EQ_INT(sk_logic_contradiction(NULL, SK_ALPHABET_DIGITS, &why), SK_EINVAL);
    /* a cancel flag ends a call as a timeout does: an open grid, where the
       nested chains would run for minutes, stops at once when it is set */
    volatile int stop = 1;
    uint64_t open_grid[81];
    for (int i = 0; i < 81; i++)
        open_grid[i] = 0x1ff;
    sk_logic_set_cancel(l, &stop);
    CHECK_EQ_INT(sk_logic_start_candidates(l, NULL, open_grid), SK_OK);
    CHECK_EQ_INT(sk_logic_next(l, &st), SK_ETIME);
    sk_logic_set_cancel(l, NULL);
    sk_logic_set_limit(l, 28);
    CHECK_EQ_INT(sk_logic_next(l, &st), 0); /* nothing up to 2.8, no flag */
    sk_logic_free(l);

    /* CNF: a unit clause per digit the marks rule out */
    long plain = sk_write_cnf(NULL, m, givens), k = 0;
    for (int i = 0; i < 81; i++)
        k += 9 - __builtin_popcountll(marks[i]);
    CHECK_EQ_INT(sk_write_cnf_candidates(NULL, m, givens, marks), plain + k);
    CHECK_EQ_INT(sk_write_cnf_candidates(NULL, m, givens, NULL), plain);

    sk_solver_free(s);
    sk_model_free(m);
}

int main(void)
{
    RUN(test_names);
    RUN(test_sukaku);
    RUN(test_sukaku_sides);
    RUN(test_sukaku_errors);
    RUN(test_pencil);
    RUN(test_pencil_alphabets);
    RUN(test_pencil_errors);
    RUN(test_writer);
    RUN(test_write_position);
    RUN(test_roundtrip);
    RUN(test_library);
    return check_summary();
}
