/*
 * test_format.c - the text-format layer: names, alphabets, every input
 * form, detection, errors with their positions, streaming and recovery,
 * FILE and memory readers, and write -> read round trips over many
 * geometries.  Uses only the reader/writer API.
 *
 * Run from the repository root: the official samples are read from
 * ../shared/problems.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit.h"

#define SAMPLES "../shared/problems"

/* ---- helpers ---------------------------------------------------------- */

static sk_reader *open_text(const char *text, const sk_read_opts *o)
{
    sk_reader *r = NULL;
    int st = sk_reader_open_mem(text, strlen(text), o, &r);
    CHECK_EQ_INT(st, SK_OK);
    return r;
}

static sk_read_opts opts_of(sk_format f, sk_alphabet a)
{
    sk_read_opts o = SK_READ_OPTS_INIT;
    o.format = f;
    o.alphabet = a;
    return o;
}

/* Reads text and expects puzzle number `which` (0-based, counting every
 * puzzle) to fail with a message containing msg at line:column; puzzles
 * before it must read fine. */
static void expect_error_at(const char *text, const sk_read_opts *o, int which, const char *msg,
                            long line, long column)
{
    sk_reader *r = open_text(text, o);
    sk_puzzle p;
    sk_diag d;
    int i, st = SK_DONE;
    if (!r)
        return;
    for (i = 0; i <= which; i++) {
        st = sk_reader_next(r, &p, &d);
        if (i < which)
            CHECK_EQ_INT(st, SK_OK);
    }
    CHECK_EQ_INT(st, SK_EPARSE);
    CHECK_EQ_INT(p.index, which);
    if (!strstr(d.message, msg)) {
        fprintf(stderr, "  message \"%s\" lacks \"%s\"\n", d.message, msg);
        CHECK(strstr(d.message, msg) != NULL);
    }
    CHECK_EQ_INT(d.line, line);
    CHECK_EQ_INT(d.column, column);
    sk_reader_free(r);
}

static void expect_error(const char *text, const sk_read_opts *o, const char *msg, long line,
                         long column)
{
    expect_error_at(text, o, 0, msg, line, column);
}

/* Values of a digits string ("53..7" -> 5,3,0,0,7). */
static void values_of(const char *s, uint8_t *out, int count)
{
    int i;
    for (i = 0; i < count; i++) {
        char c = s[i];
        out[i] = (uint8_t)(c >= '1' && c <= '9' ? c - '0' : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 0);
    }
}

static char *read_file(const char *path, size_t *size)
{
    FILE *fp = fopen(path, "rb");
    char *buf;
    long len;
    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    len = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    buf = malloc((size_t)len + 1);
    if (buf && fread(buf, 1, (size_t)len, fp) != (size_t)len) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[len] = '\0';
    fclose(fp);
    if (size)
        *size = (size_t)len;
    return buf;
}

/* The classic example (LeetCode 37's board), row by row. */
static const char *const CLASSIC =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/* ---- names and symbols ------------------------------------------------ */

static void test_names(void)
{
    CHECK_EQ_STR(sk_format_name(SK_FORMAT_LINE), "line");
    CHECK_EQ_STR(sk_format_name(SK_FORMAT_GRID), "grid");
    CHECK_EQ_STR(sk_format_name(SK_FORMAT_BOARD), "board");
    CHECK_EQ_STR(sk_format_name(SK_FORMAT_HDU4069), "hdu4069");
    CHECK_EQ_STR(sk_format_name(SK_FORMAT_PRETTY), "pretty");
    CHECK_EQ_STR(sk_format_name(SK_FORMAT_AUTO), "auto");
    CHECK_EQ_INT(sk_format_parse("line"), SK_FORMAT_LINE);
    CHECK_EQ_INT(sk_format_parse("GRID"), SK_FORMAT_GRID);
    CHECK_EQ_INT(sk_format_parse("json-board"), SK_FORMAT_BOARD);
    CHECK_EQ_INT(sk_format_parse("leetcode"), SK_FORMAT_BOARD);
    CHECK_EQ_INT(sk_format_parse("hdu4069"), SK_FORMAT_HDU4069);
    CHECK_EQ_INT(sk_format_parse("pretty"), SK_FORMAT_PRETTY);
    CHECK_EQ_INT(sk_format_parse("auto"), SK_FORMAT_AUTO);
    CHECK_EQ_INT(sk_format_parse("csv"), -1);
    CHECK_EQ_INT(sk_format_parse(""), -1);
    CHECK_EQ_INT(sk_format_parse(NULL), -1);

    CHECK_EQ_STR(sk_alphabet_name(SK_ALPHABET_DIGITS), "digits");
    CHECK_EQ_STR(sk_alphabet_name(SK_ALPHABET_HEX), "hex");
    CHECK_EQ_STR(sk_alphabet_name(SK_ALPHABET_LETTERS), "letters");
    CHECK_EQ_STR(sk_alphabet_name(SK_ALPHABET_NUMBERS), "numbers");
    CHECK_EQ_STR(sk_alphabet_name(SK_ALPHABET_AUTO), "auto");
    CHECK_EQ_INT(sk_alphabet_parse("digits"), SK_ALPHABET_DIGITS);
    CHECK_EQ_INT(sk_alphabet_parse("1-9"), SK_ALPHABET_DIGITS);
    CHECK_EQ_INT(sk_alphabet_parse("hex"), SK_ALPHABET_HEX);
    CHECK_EQ_INT(sk_alphabet_parse("0-9A-F"), SK_ALPHABET_HEX);
    CHECK_EQ_INT(sk_alphabet_parse("hex16"), SK_ALPHABET_HEX);
    CHECK_EQ_INT(sk_alphabet_parse("letters"), SK_ALPHABET_LETTERS);
    CHECK_EQ_INT(sk_alphabet_parse("A-P"), SK_ALPHABET_LETTERS);
    CHECK_EQ_INT(sk_alphabet_parse("poj"), SK_ALPHABET_LETTERS);
    CHECK_EQ_INT(sk_alphabet_parse("numbers"), SK_ALPHABET_NUMBERS);
    CHECK_EQ_INT(sk_alphabet_parse("decimal"), SK_ALPHABET_NUMBERS);
    CHECK_EQ_INT(sk_alphabet_parse("auto"), SK_ALPHABET_AUTO);
    CHECK_EQ_INT(sk_alphabet_parse("roman"), -1);
}

static void test_symbols(void)
{
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_DIGITS, 1), '1');
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_DIGITS, 9), '9');
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_DIGITS, 10), 'A');
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_DIGITS, 16), 'G');
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_DIGITS, 35), 'Z');
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_DIGITS, 36), 0);
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_DIGITS, 0), 0);
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_HEX, 1), '0');
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_HEX, 10), '9');
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_HEX, 11), 'A');
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_HEX, 16), 'F');
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_HEX, 17), 0);
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_LETTERS, 1), 'A');
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_LETTERS, 16), 'P');
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_LETTERS, 26), 'Z');
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_LETTERS, 27), 0);
    CHECK_EQ_INT(sk_alphabet_symbol(SK_ALPHABET_NUMBERS, 5), 0);
}

/* ---- line form ---------------------------------------------------------- */

static void test_line_basic(void)
{
    char text[400];
    sk_read_opts o = SK_READ_OPTS_INIT;
    sk_reader *r;
    sk_puzzle p;
    sk_diag d;
    uint8_t want[81];
    int i;

    o.box_rows = 3;
    o.box_cols = 3;
    o.extras = SK_EXTRA_DIAGONALS;
    snprintf(text, sizeof text, "# a comment\n\n   # indented comment\n%s\n\n%s\n", CLASSIC,
             CLASSIC);
    r = open_text(text, &o);
    values_of(CLASSIC, want, 81);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.geom.n, 9);
    CHECK_EQ_INT(p.geom.box_rows, 3);
    CHECK_EQ_INT(p.geom.box_cols, 3);
    CHECK_EQ_INT(p.geom.extras, SK_EXTRA_DIAGONALS);
    CHECK(p.geom.regions == NULL);
    CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
    CHECK_EQ_INT(p.alphabet, SK_ALPHABET_DIGITS);
    CHECK_EQ_INT(p.index, 0);
    CHECK_EQ_INT(p.line, 4);
    CHECK(memcmp(p.cells, want, 81) == 0);
    for (i = 0; i < 81; i++) {
        CHECK_EQ_INT(p.cell_line[i], 4);
        CHECK_EQ_INT(p.cell_column[i], i + 1);
    }
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.index, 1);
    CHECK_EQ_INT(p.line, 6);
    CHECK(memcmp(p.cells, want, 81) == 0);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);

    /* BOM, CRLF, '0' and other empty marks, lower case, leading blanks */
    r = open_text("\xef\xbb\xbf  1-_*0..434121234\r\n1234a........... # trailing comment\r\n", NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.geom.n, 4);
    CHECK_EQ_INT(p.cells[0], 1);
    CHECK_EQ_INT(p.cells[1], 0);
    CHECK_EQ_INT(p.cells[3], 0);
    CHECK_EQ_INT(p.cells[6], 0);
    CHECK_EQ_INT(p.cells[7], 4);
    CHECK_EQ_INT(p.cells[15], 4);
    CHECK_EQ_INT(p.cell_column[0], 3);
    CHECK_EQ_INT(p.cell_line[15], 1);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE); /* 'a' is 10 > 4 */
    CHECK(strstr(d.message, "symbol 'a' is 10, above 4") != NULL);
    CHECK_EQ_INT(d.line, 2);
    CHECK_EQ_INT(d.column, 5);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);
}

/* Reads `line` twice: first as a file's first line (the general path of
 * line puzzles), then after a plain 9x9 line (where an 81-character line
 * of digits and dots takes the short path).  Both reads must agree: status,
 * cells, form, alphabet, where each cell was, and the error's place. */
static void expect_same_both_ways(const char *line, const sk_read_opts *o)
{
    char text[600];
    sk_puzzle p;
    sk_diag d;
    uint8_t cells[81];
    uint32_t col[81];
    int st1, st2, fmt, alpha;
    long eline, ecol;
    char msg[sizeof d.message];
    snprintf(text, sizeof text, "%s\n", line);
    sk_reader *r = open_text(text, o);
    if (!r)
        return;
    st1 = sk_reader_next(r, &p, &d);
    fmt = p.format;
    alpha = p.alphabet;
    eline = d.line;
    ecol = d.column;
    snprintf(msg, sizeof msg, "%s", d.message);
    if (st1 == SK_OK) {
        CHECK_EQ_INT(p.geom.n, 9);
        memcpy(cells, p.cells, 81);
        memcpy(col, p.cell_column, sizeof col);
    }
    sk_reader_free(r);

    snprintf(text, sizeof text, "%s\n%s\n", CLASSIC, line);
    r = open_text(text, o);
    if (!r)
        return;
    (void)sk_reader_next(r, &p, &d); /* an error under some options */
    st2 = sk_reader_next(r, &p, &d);
    CHECK_EQ_INT(st2, st1);
    CHECK_EQ_INT(p.index, 1);
    if (st1 == SK_OK && st2 == SK_OK) {
        CHECK_EQ_INT(p.geom.n, 9);
        CHECK_EQ_INT(p.format, fmt);
        CHECK_EQ_INT(p.alphabet, alpha);
        CHECK_EQ_INT(p.line, 2);
        CHECK(memcmp(p.cells, cells, 81) == 0);
        for (int i = 0; i < 81; i++) {
            CHECK_EQ_INT(p.cell_line[i], 2);
            CHECK_EQ_INT(p.cell_column[i], col[i]);
        }
    } else if (st1 != SK_OK && st2 != SK_OK) {
        CHECK_EQ_INT(d.line, eline + 1);
        CHECK_EQ_INT(d.column, ecol);
        CHECK(strcmp(d.message, msg) == 0);
    }
    sk_reader_free(r);
}

/* Lines of exactly 81 digits and dots are read by a short path once a file
 * is known to hold line puzzles; every nearby form keeps the general one. */
static void test_line_plain(void)
{
    char line[200];
    sk_read_opts digits = opts_of(SK_FORMAT_AUTO, SK_ALPHABET_DIGITS);
    sk_read_opts letters = opts_of(SK_FORMAT_AUTO, SK_ALPHABET_LETTERS);
    sk_read_opts hex = opts_of(SK_FORMAT_AUTO, SK_ALPHABET_HEX);
    sk_read_opts nine = SK_READ_OPTS_INIT;
    sk_read_opts line_form = opts_of(SK_FORMAT_LINE, SK_ALPHABET_AUTO);
    nine.n = 9;
    const char *const forms[] = {
        CLASSIC,
        /* dots and zeros both empty */
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
        /* an empty grid, and a full one */
        ".................................................................................",
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    };
    for (size_t k = 0; k < sizeof forms / sizeof *forms; k++) {
        expect_same_both_ways(forms[k], NULL);
        expect_same_both_ways(forms[k], &digits);
        expect_same_both_ways(forms[k], &nine);
        expect_same_both_ways(forms[k], &line_form);
        expect_same_both_ways(forms[k], &letters);
        expect_same_both_ways(forms[k], &hex);
    }
    /* near misses: a letter, a trailing field, a CSV solution, a label, a
     * carriage return, one cell short or over */
    snprintf(line, sizeof line, "%.80sA", CLASSIC);
    expect_same_both_ways(line, NULL);
    snprintf(line, sizeof line, "%s 12", CLASSIC);
    expect_same_both_ways(line, NULL);
    snprintf(line, sizeof line, "%s,%s", CLASSIC, forms[4]);
    expect_same_both_ways(line, NULL);
    snprintf(line, sizeof line, "#12 %s", CLASSIC);
    expect_same_both_ways(line, NULL);
    snprintf(line, sizeof line, "%s\r", CLASSIC);
    expect_same_both_ways(line, NULL);
    snprintf(line, sizeof line, "%.80s", CLASSIC);
    expect_same_both_ways(line, NULL);
    snprintf(line, sizeof line, "%s.", CLASSIC);
    expect_same_both_ways(line, NULL);
    /* the digits alphabet of a 9x9 grid has no 0 digit, but a forced
     * 8x8 or 16x16 size is no 9x9 line */
    sk_read_opts sixteen = SK_READ_OPTS_INIT;
    sixteen.n = 16;
    expect_same_both_ways(CLASSIC, &sixteen);
}

/* Box-drawing characters stand for their ASCII forms wherever they come
 * in a line, also after eight or more plain bytes. */
static void test_drawing_late(void)
{
    static const char *const rows[9] = {"53..7....", "6..195...", ".98....6.",
                                        "8...6...3", "4..8.3..1", "7...2...6",
                                        ".6....28.", "...419..5", "....8..79"};
    char ascii[400], utf[400];
    size_t na = 0, nu = 0;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            if (c == 6) {
                na += (size_t)snprintf(ascii + na, sizeof ascii - na, "| ");
                nu += (size_t)snprintf(utf + nu, sizeof utf - nu, "\xe2\x94\x82 ");
            }
            na += (size_t)snprintf(ascii + na, sizeof ascii - na, "%c%s", rows[r][c], c < 8 ? " " : "\n");
            nu += (size_t)snprintf(utf + nu, sizeof utf - nu, "%c%s", rows[r][c], c < 8 ? " " : "\n");
        }
    sk_reader *ra = open_text(ascii, NULL), *ru = open_text(utf, NULL);
    sk_puzzle pa, pu;
    sk_diag d;
    uint8_t want[81];
    if (ra && ru) {
        CHECK_EQ_INT(sk_reader_next(ra, &pa, &d), SK_OK);
        CHECK_EQ_INT(sk_reader_next(ru, &pu, &d), SK_OK);
        values_of(CLASSIC, want, 81);
        CHECK(memcmp(pa.cells, want, 81) == 0);
        CHECK(memcmp(pu.cells, want, 81) == 0);
    }
    sk_reader_free(ra);
    sk_reader_free(ru);
}

static void test_line_jigsaw(void)
{
    /* janko.at Chaos Sudoku, from data/jigsaw_4x4.txt (first puzzle) */
    const char *text = "..43...1.2...... 1113133322442244\n";
    static const uint8_t regions[16] = {0, 0, 0, 2, 0, 2, 2, 2, 1, 1, 3, 3, 1, 1, 3, 3};
    sk_reader *r = open_text(text, NULL);
    sk_puzzle p;
    sk_diag d;
    int i;
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.geom.n, 4);
    CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
    CHECK(p.geom.regions != NULL);
    if (p.geom.regions)
        for (i = 0; i < 16; i++)
            CHECK_EQ_INT(p.geom.regions[i], regions[i]);
    CHECK_EQ_INT(p.cells[2], 4);
    CHECK_EQ_INT(p.cells[3], 3);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);

    expect_error("..43...1.2...... 111313332244224\n", NULL,
                 "region ids have 15 symbols, expected 16", 1, 18);
    expect_error("..43...1.2...... 1113133322442245\n", NULL, "region id '5' is 5, above 4", 1,
                 33);
    expect_error("..43...1.2...... 111313332244224.\n", NULL, "region id '.' is an empty mark", 1,
                 33);
    expect_error("..43...1.2...... 111313332244224?\n", NULL, "unknown region id '?'", 1, 33);
}

static void test_line_errors(void)
{
    char text[400];
    sk_read_opts o = SK_READ_OPTS_INIT;

    snprintf(text, sizeof text, "%.80s\n", CLASSIC);
    expect_error(text, NULL, "line has 80 cells, expected a square number (81 for 9x9)", 1, 1);
    snprintf(text, sizeof text, "  %.83s0000\n", CLASSIC);
    expect_error(text, NULL, "line has 85 cells, expected a square number (81 for 9x9)", 1, 3);
    snprintf(text, sizeof text, "%s 1 2\n", CLASSIC);
    expect_error(text, NULL, "line has 3 fields", 1, 85);
    snprintf(text, sizeof text, "%.79sG9\n", CLASSIC);
    expect_error(text, NULL, "symbol 'G' is 16, above 9", 1, 80);
    snprintf(text, sizeof text, "%.10s#%.70s\n", CLASSIC, CLASSIC + 11);
    expect_error(text, NULL, "unknown symbol '#' for a 9x9 puzzle (digits alphabet)", 1, 11);
    o.n = 16;
    snprintf(text, sizeof text, "%s\n", CLASSIC);
    expect_error(text, &o, "line has 81 cells, expected 256 for 16x16", 1, 1);
    /* a line form needs 16 cells or more unless the form is given */
    o = opts_of(SK_FORMAT_LINE, SK_ALPHABET_AUTO);
    {
        sk_reader *r = open_text("1..2\n\n.\n", &o);
        sk_puzzle p;
        sk_diag d;
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.geom.n, 2);
        CHECK_EQ_INT(p.cells[3], 2);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.geom.n, 1);
        CHECK_EQ_INT(p.cells[0], 0);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
        sk_reader_free(r);
    }
    /* a short line inside a block of line puzzles */
    snprintf(text, sizeof text, "%s\n1234\n", CLASSIC);
    expect_error_at(text, NULL, 1, "expected a square number of at least 16 (4x4)", 2, 1);
    /* NUL byte */
    {
        char buf[300];
        sk_reader *r;
        sk_puzzle p;
        sk_diag d;
        memcpy(buf, CLASSIC, 81);
        buf[81] = '\n';
        memcpy(buf + 82, CLASSIC, 81);
        buf[82 + 40] = '\0';
        buf[163] = '\n';
        memcpy(buf + 164, CLASSIC, 81);
        r = NULL;
        CHECK_EQ_INT(sk_reader_open_mem(buf, 245, NULL, &r), SK_OK);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE);
        CHECK(strstr(d.message, "NUL byte") != NULL);
        CHECK_EQ_INT(d.line, 2);
        CHECK_EQ_INT(d.column, 41);
        CHECK_EQ_INT(p.index, 1);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK); /* last line has no newline */
        CHECK_EQ_INT(p.line, 3);
        CHECK_EQ_INT(p.index, 2);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
        sk_reader_free(r);
    }
}

static void test_long_line(void)
{
    size_t big = SK_MAX_LINE + 1000, len;
    char *buf = malloc(big + 300);
    sk_reader *r;
    sk_puzzle p;
    sk_diag d;
    if (!buf)
        return;
    len = (size_t)snprintf(buf, 300, "%s\n", CLASSIC);
    memset(buf + len, '.', big);
    len += big;
    len += (size_t)snprintf(buf + len, 300, "\n%s\n", CLASSIC);
    r = NULL;
    CHECK_EQ_INT(sk_reader_open_mem(buf, len, NULL, &r), SK_OK);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE);
    CHECK(strstr(d.message, "longer than 65536 bytes") != NULL);
    CHECK_EQ_INT(d.line, 2);
    CHECK_EQ_INT(p.index, 1);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.line, 3);
    CHECK_EQ_INT(p.cells[0], 5);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);

    /* exactly SK_MAX_LINE bytes (plus CR LF) is stored: a 256x256 is too big */
    memset(buf, '.', SK_MAX_LINE);
    memcpy(buf + SK_MAX_LINE, "\r\n", 2);
    r = NULL;
    CHECK_EQ_INT(sk_reader_open_mem(buf, SK_MAX_LINE + 2, NULL, &r), SK_OK);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE);
    CHECK(strstr(d.message, "line has 65536 cells, expected at most 4096 (64x64)") != NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);
    free(buf);
}

/* ---- alphabets ------------------------------------------------------------ */

/* A 16x16 line whose cells are written with symbols from sym[0..16]
 * (sym[0] = empty) following a Latin pattern with holes. */
static void line16(char *out, const char *sym, int holes)
{
    int i;
    for (i = 0; i < 256; i++) {
        int v = (i / 16 * 4 + i / 64 + i % 16) % 16 + 1;
        out[i] = holes && (i * 7) % 5 == 1 ? sym[0] : sym[v];
    }
    out[256] = '\n';
    out[257] = '\0';
}

static void expect_alphabet(const char *text, sk_alphabet want)
{
    sk_reader *r = open_text(text, NULL);
    sk_puzzle p;
    sk_diag d;
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.alphabet, want);
    CHECK_EQ_INT(p.geom.n, 16);
    if (p.geom.n == 16) {
        int i;
        for (i = 0; i < 256; i++) {
            int v = (i / 16 * 4 + i / 64 + i % 16) % 16 + 1;
            if (p.cells[i] != 0 && p.cells[i] != v) {
                CHECK_EQ_INT(p.cells[i], v);
                break;
            }
        }
    }
    sk_reader_free(r);
}

static void test_alphabet_auto(void)
{
    char text[300];
    line16(text, ".123456789ABCDEFG", 1);
    expect_alphabet(text, SK_ALPHABET_DIGITS);
    line16(text, "0123456789abcdefg", 1); /* '0' empty, 'g' present */
    expect_alphabet(text, SK_ALPHABET_DIGITS);
    line16(text, ".0123456789ABCDEF", 1); /* '0' with '.' -> hex */
    expect_alphabet(text, SK_ALPHABET_HEX);
    line16(text, "-0123456789abcdef", 1);
    expect_alphabet(text, SK_ALPHABET_HEX);
    line16(text, ".0123456789ABCDEF", 0); /* full hex grid */
    expect_alphabet(text, SK_ALPHABET_HEX);
    line16(text, "-ABCDEFGHIJKLMNOP", 1); /* POJ letters */
    expect_alphabet(text, SK_ALPHABET_LETTERS);
    line16(text, "0abcdefghijklmnop", 1);
    expect_alphabet(text, SK_ALPHABET_LETTERS);

    /* a 9x9 written in letters A-I */
    {
        sk_reader *r = open_text("AB.......\n.........\n.........\n.........\n.........\n"
                                 ".........\n.........\n.........\n........I\n",
                                 NULL);
        sk_puzzle p;
        sk_diag d;
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.alphabet, SK_ALPHABET_LETTERS);
        CHECK_EQ_INT(p.format, SK_FORMAT_GRID);
        CHECK_EQ_INT(p.cells[0], 1);
        CHECK_EQ_INT(p.cells[1], 2);
        CHECK_EQ_INT(p.cells[80], 9);
        sk_reader_free(r);
    }
    /* letters mixed with digits stay digits: 'H' is out of range */
    line16(text, "-1234567ABCDEFGHI", 1);
    expect_error(text, NULL, "symbol 'H' is 17, above 16 (digits alphabet)", 1, 15);
}

static void test_alphabet_fixed(void)
{
    char text[300];
    sk_read_opts o = opts_of(SK_FORMAT_AUTO, SK_ALPHABET_HEX);
    sk_reader *r;
    sk_puzzle p;
    sk_diag d;

    line16(text, ".0123456789ABCDEF", 1);
    r = open_text(text, &o);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.alphabet, SK_ALPHABET_HEX);
    CHECK_EQ_INT(p.cells[0], 1);
    sk_reader_free(r);

    /* '0' is a value in hex, not a mark: a grid without '.' still reads */
    line16(text, "00123456789ABCDEF", 1);
    r = open_text(text, &o);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.cells[1], 2);
    CHECK_EQ_INT(p.cells[3], 1); /* a hole, written '0', is value 1 in hex */
    sk_reader_free(r);

    line16(text, ".123456789ABCDEFG", 1);
    expect_error(text, &o, "unknown symbol 'G' for a 16x16 puzzle (hex alphabet)", 1, 16);
    line16(text, ".123456789ABCDEFQ", 1);
    o.alphabet = SK_ALPHABET_DIGITS;
    expect_error(text, &o, "symbol 'Q' is 26, above 16 (digits alphabet)", 1, 16);
    o.alphabet = SK_ALPHABET_LETTERS;
    line16(text, ".ABCDEFGHIJKLMNO1", 1);
    expect_error(text, &o, "unknown symbol '1' for a 16x16 puzzle (letters alphabet)", 1, 16);
    line16(text, ".ABCDEFGHIJKLMNOQ", 1);
    expect_error(text, &o, "symbol 'Q' is 17, above 16 (letters alphabet)", 1, 16);
    o.alphabet = SK_ALPHABET_NUMBERS;
    o.format = SK_FORMAT_LINE;
    expect_error("1.3.\n", &o, "symbol '3' is 3, above 2 (numbers alphabet)", 1, 3);
}

/* ---- grid form ------------------------------------------------------------ */

static void test_grid_forms(void)
{
    static const char *const texts[] = {
        /* plain rows */
        "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n"
        "...419..5\n....8..79\n",
        /* pretty, with frame and separators */
        "+-------+-------+-------+\n"
        "| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n"
        "+-------+-------+-------+\n"
        "| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n"
        "+=======+=======+=======+\n"
        "| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n"
        "+-------+-------+-------+\n",
        /* sudokit's own pretty output */
        "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n"
        "------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n"
        "7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n"
        ". . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n",
        /* NOIP style: zeros and spaces, trailing blanks */
        "5 3 0 0 7 0 0 0 0 \n6 0 0 1 9 5 0 0 0 \n0 9 8 0 0 0 0 6 0 \n8 0 0 0 6 0 0 0 3 \n"
        "4 0 0 8 0 3 0 0 1 \n7 0 0 0 2 0 0 0 6 \n0 6 0 0 0 0 2 8 0 \n0 0 0 4 1 9 0 0 5 \n"
        "0 0 0 0 8 0 0 7 9",
        /* dashes as empty marks, a dash-only separator of another length */
        "53--7----\n6--195---\n-98----6-\n-----------\n8---6---3\n4--8-3--1\n7---2---6\n"
        "-6----28-\n---419--5\n----8--79\n",
    };
    uint8_t want[81];
    size_t t;
    values_of(CLASSIC, want, 81);
    for (t = 0; t < sizeof texts / sizeof texts[0]; t++) {
        sk_reader *r = open_text(texts[t], NULL);
        sk_puzzle p;
        sk_diag d;
        int st = sk_reader_next(r, &p, &d);
        if (st != SK_OK)
            fprintf(stderr, "  text %d: %s at %ld:%ld\n", (int)t, d.message, d.line, d.column);
        CHECK_EQ_INT(st, SK_OK);
        CHECK_EQ_INT(p.format, SK_FORMAT_GRID);
        CHECK_EQ_INT(p.geom.n, 9);
        CHECK(st == SK_OK && memcmp(p.cells, want, 81) == 0);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
        sk_reader_free(r);
    }
    /* positions in a pretty grid: row 2 "| 6 . . | 1 9 5 |" is line 3 */
    {
        sk_reader *r = open_text(texts[1], NULL);
        sk_puzzle p;
        sk_diag d;
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.line, 1);
        CHECK_EQ_INT(p.cell_line[9], 3);
        CHECK_EQ_INT(p.cell_column[9], 3);
        CHECK_EQ_INT(p.cell_line[12], 3);
        CHECK_EQ_INT(p.cell_column[12], 11);
        CHECK_EQ_INT(p.cell_line[80], 12);
        sk_reader_free(r);
    }
    /* a 4x4 grouped by box: "12 34" rows are characters, not numbers */
    {
        sk_reader *r = open_text("12 34\n34 12\n\n21 43\n43 21\n", NULL);
        sk_puzzle p;
        sk_diag d;
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE); /* blank line splits it */
        sk_reader_free(r);
        r = open_text("12 34\n34 12\n21 43\n43 21\n", NULL);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.geom.n, 4);
        CHECK_EQ_INT(p.cells[4], 3);
        CHECK_EQ_INT(p.alphabet, SK_ALPHABET_DIGITS);
        sk_reader_free(r);
    }
}

static void test_grid_jigsaw(void)
{
    /* a 4x4 jigsaw grid followed directly by its regions (region k as k) */
    const char *text = "..43\n...1\n.2..\n....\n1113\n1333\n2244\n2244\n\n"
                       "..43 ...1 .2.. ....\n"; /* a line of 16 cells in 4 groups */
    static const uint8_t regions[16] = {0, 0, 0, 2, 0, 2, 2, 2, 1, 1, 3, 3, 1, 1, 3, 3};
    sk_reader *r = open_text(text, NULL);
    sk_puzzle p;
    sk_diag d;
    int i;
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_GRID);
    CHECK_EQ_INT(p.geom.n, 4);
    CHECK(p.geom.regions != NULL);
    if (p.geom.regions)
        for (i = 0; i < 16; i++)
            CHECK_EQ_INT(p.geom.regions[i], regions[i]);
    CHECK_EQ_INT(p.cells[2], 4);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.index, 1);
    CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
    CHECK_EQ_INT(p.geom.n, 4);
    CHECK_EQ_INT(p.cells[2], 4);
    CHECK_EQ_INT(p.cells[9], 2);
    CHECK_EQ_INT(p.cell_column[9], 12);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);

    expect_error("..43\n...1\n.2..\n....\n1113\n1333\n2254\n2244\n", NULL,
                 "region id '5' is 5, above 4", 7, 3);
    expect_error("..43\n...1\n.2..\n....\n1113\n1333\n224\n2244\n", NULL,
                 "region row 3 has 3 ids, expected 4", 7, 4);
}

static void test_grid_errors(void)
{
    expect_error("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..\n7...2...6\n.6....28.\n"
                 "...419..5\n....8..79\n",
                 NULL, "row 5 has 8 cells, expected 9", 5, 9);
    expect_error("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1.\n7...2...6\n"
                 ".6....28.\n...419..5\n....8..79\n",
                 NULL, "row 5 has 10 cells, expected 9", 5, 10);
    expect_error("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"
                 ".6....28.\n...419..5\n",
                 NULL, "grid has 8 rows, expected 9", 8, 0);
    expect_error("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"
                 ".6....28.\n...419..5\n....8..79\n.........\n",
                 NULL, "grid has 10 rows, expected 9, or 18 with region ids", 10, 0);
    expect_error("53..7....\n6..1x5...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"
                 ".6....28.\n...419..5\n....8..79\n",
                 NULL, "symbol 'x' is 33, above 9 (digits alphabet)", 2, 5);
    expect_error("53..7....\n6..1?5...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"
                 ".6....28.\n...419..5\n....8..79\n",
                 NULL, "unknown symbol '?' for a 9x9 puzzle (digits alphabet)", 2, 5);
    /* decimal tokens */
    expect_error("10 . . . . . . . . .\n. . . . . . . . . 11\n. . . . . . . . . .\n"
                 ". . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n"
                 ". . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n"
                 ". . . . . . . . . .\n",
                 NULL, "number 11 is above 10 (numbers alphabet)", 2, 19);
    expect_error("10 . . . . . . . . .\n. . . . . . . . . 9\n. . . . . . . . . .\n"
                 ". . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n"
                 ". . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n",
                 NULL, "grid has 9 rows, expected 10", 9, 0);
    /* a grid row too wide for any grid, forced grid form */
    {
        sk_read_opts o = opts_of(SK_FORMAT_GRID, SK_ALPHABET_AUTO);
        char text[100];
        snprintf(text, sizeof text, "%s\n", CLASSIC);
        expect_error(text, &o, "grid row has 81 cells, expected at most 64", 1, 0);
    }
    /* opts.n fixes the size */
    {
        sk_read_opts o = SK_READ_OPTS_INIT;
        o.n = 4;
        expect_error("123\n312\n231\n", &o, "row 1 has 3 cells, expected 4", 1, 4);
    }
}

static void test_grid_big(void)
{
    /* a 64x64 grid of decimal tokens, '.' empty, with a 2-space column */
    size_t cap = 64 * 64 * 4 + 200, len = 0;
    char *text = malloc(cap);
    sk_reader *r;
    sk_puzzle p;
    sk_diag d;
    int i, j, bad = 0;
    if (!text)
        return;
    len += (size_t)snprintf(text + len, cap - len, "# 64x64\n");
    for (i = 0; i < 64; i++) {
        for (j = 0; j < 64; j++) {
            int v = (i * 8 + i / 8 + j) % 64 + 1;
            if ((i + j) % 3 == 0)
                len += (size_t)snprintf(text + len, cap - len, "%s.", j ? " " : "");
            else
                len += (size_t)snprintf(text + len, cap - len, "%s%d", j ? (j == 32 ? "  " : " ") : "", v);
        }
        text[len++] = '\n';
    }
    text[len] = '\0';
    r = open_text(text, NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.geom.n, 64);
    CHECK_EQ_INT(p.format, SK_FORMAT_GRID);
    CHECK_EQ_INT(p.alphabet, SK_ALPHABET_NUMBERS);
    CHECK_EQ_INT(p.line, 2);
    for (i = 0; i < 64 * 64; i++) {
        int row = i / 64, col = i % 64;
        int v = (row + col) % 3 == 0 ? 0 : (row * 8 + row / 8 + col) % 64 + 1;
        if (p.cells[i] != v)
            bad++;
    }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(p.cell_line[64 * 63], 65);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);
    free(text);
}

static void test_detection(void)
{
    /* POJ 3076: a 16x16 letters grid, rows of '-' are data, not separators */
    const char *poj = "----------------\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n-G-EL-H----M-J--\n"
                      "----E----C--G---\n-I--K-GA-B---E-J\nD-GP--J-F----A--\n-E---C-B--DP--O-\n"
                      "E--F-M--D--L-K-A\n-C--------O-I-L-\nH-P-C--F-A--B---\n---G-OD---J----H\n"
                      "K---J----H-A-P-L\n--B--P--E--K--A-\n-H--B--K--FI-C--\n--F---C--D--H-N-\n";
    sk_read_opts o = SK_READ_OPTS_INIT;
    sk_reader *r = open_text(poj, NULL);
    sk_puzzle p;
    sk_diag d;
    int k;
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_GRID);
    CHECK_EQ_INT(p.alphabet, SK_ALPHABET_LETTERS);
    CHECK_EQ_INT(p.geom.n, 16);
    CHECK_EQ_INT(p.cells[0], 0);
    CHECK_EQ_INT(p.cells[17], 10); /* 'J' */
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);

    /* five 16-cell lines: line form (rows != 16) */
    r = open_text(".1...2.4......2.\n...12....3.....4\n.4.2..4..1.....1\n.3....4..1..2...\n"
                  "..31........14..\n",
                  NULL);
    for (k = 0; k < 5; k++) {
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
        CHECK_EQ_INT(p.geom.n, 4);
        CHECK_EQ_INT(p.line, k + 1);
    }
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);

    /* sixteen 16-cell lines are a 16x16 grid, unless n says 4 */
    {
        char text[16 * 17 + 1];
        for (k = 0; k < 16; k++) {
            memcpy(text + k * 17, "1234............", 16);
            text[k * 17 + 16] = '\n';
        }
        text[16 * 17] = '\0';
        r = open_text(text, NULL);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.format, SK_FORMAT_GRID);
        CHECK_EQ_INT(p.geom.n, 16);
        sk_reader_free(r);
        o.n = 4;
        r = open_text(text, &o);
        for (k = 0; k < 16; k++) {
            CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
            CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
            CHECK_EQ_INT(p.geom.n, 4);
        }
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
        sk_reader_free(r);
        /* one row that is a 9x9 line makes them all lines */
        {
            char text2[16 * 17 + 100];
            snprintf(text2, sizeof text2, "%.*s%s\n%s", 5 * 17, text, CLASSIC, text + 6 * 17);
            r = open_text(text2, NULL);
            for (k = 0; k < 16; k++) {
                CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
                CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
                CHECK_EQ_INT(p.geom.n, k == 5 ? 9 : 4);
            }
            CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
            sk_reader_free(r);
        }
    }
    /* a 9x9 grid after a block of lines, separated by a comment only */
    {
        char text[400];
        snprintf(text, sizeof text,
                 "%s\n# grid\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"
                 ".6....28.\n...419..5\n....8..79\n",
                 CLASSIC);
        r = open_text(text, NULL);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.format, SK_FORMAT_GRID);
        CHECK_EQ_INT(p.line, 3);
        CHECK_EQ_INT(p.index, 1);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
        sk_reader_free(r);
    }
}

/* ---- board ------------------------------------------------------------------ */

static void test_board(void)
{
    sk_reader *r;
    sk_puzzle p;
    sk_diag d;
    uint8_t want[81];
    values_of(CLASSIC, want, 81);

    /* several boards: multi-line, two on one line, integers */
    r = open_text("[[\"1\", \".\"],\n  [\".\" , \"1\"]\n]\n"
                  "[[1,0],[0,1]] [[\"2\",\"1\"],\n[\"1\",\"2\"]]\n\n"
                  "  [ [ \"a\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\" ] ,"
                  "[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],"
                  "[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],"
                  "[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],"
                  "[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],"
                  "[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],"
                  "[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],"
                  "[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],"
                  "[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],"
                  "[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\"9\"]]\n",
                  NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_BOARD);
    CHECK_EQ_INT(p.geom.n, 2);
    CHECK_EQ_INT(p.cells[0], 1);
    CHECK_EQ_INT(p.cells[3], 1);
    CHECK_EQ_INT(p.cell_line[3], 2);
    CHECK_EQ_INT(p.cell_column[3], 11);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.alphabet, SK_ALPHABET_NUMBERS);
    CHECK_EQ_INT(p.line, 4);
    CHECK_EQ_INT(p.cells[0], 1);
    CHECK_EQ_INT(p.cells[1], 0);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.line, 4);
    CHECK_EQ_INT(p.index, 2);
    CHECK_EQ_INT(p.cells[0], 2);
    CHECK_EQ_INT(p.cell_line[2], 5);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.geom.n, 10);
    CHECK_EQ_INT(p.cells[0], 10);
    CHECK_EQ_INT(p.cells[99], 9);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);

    expect_error("[[\"5\",\"3\"],[\"6\",\".\".]]\n", NULL, "expected ',' or ']', found '.'", 1, 20);
    expect_error("[[\"5\",\"3\"],\n[\"6\"]]\n", NULL, "row 2 has 1 cells, expected 2", 2, 1);
    expect_error("[[\"5\",\"3\"]]\n", NULL, "board has 1 rows, expected 2", 1, 11);
    expect_error("[[\"5\",\"3\"],\n[\"6\",", NULL, "input ends inside the board", 2, 6);
    expect_error("[[\"53\",\"3\"]]\n", NULL, "expected '\"' after the symbol", 1, 5);
    expect_error("[[\"\",\"3\"]]\n", NULL, "empty string", 1, 4);
    expect_error("[[\"1\",3],[3,1]]\n", NULL, "number 3 is above 2", 1, 7);
    expect_error("[[1,x]]\n", NULL, "expected a string like \"5\" or a number, found 'x'", 1, 5);
    expect_error("[]\n", NULL, "board has no rows", 1, 2);
    expect_error_at("[[\"1\",\".\"],[\".\",\"1\"]] x\n", NULL, 1, "unexpected text after the board",
                    1, 23);
    {
        sk_read_opts o = opts_of(SK_FORMAT_BOARD, SK_ALPHABET_AUTO);
        expect_error("53..\n", &o, "expected '[' to start a board, found '5'", 1, 1);
    }

    /* recovery: a bad multi-line board, then good ones */
    r = open_text("[[\"1\",\".\"],\n [\".\" \"1\"],\n [\".\",\"1\"]]\n[[\"2\",\".\"],[\".\",\"2\"]]\n"
                  "[[\"1\",\".\"],[\".\",\"1\"]]\n",
                  NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE);
    CHECK_EQ_INT(d.line, 2);
    CHECK_EQ_INT(d.column, 7);
    CHECK_EQ_INT(p.index, 0);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.index, 1);
    CHECK_EQ_INT(p.line, 4);
    CHECK_EQ_INT(p.cells[0], 2);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.index, 2);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);
}

/* ---- HDU 4069 ------------------------------------------------------------------ */

/* Text of one HDU case: digits from digits[] (may be NULL), walls from the
 * region map reg[]. */
static size_t hdu_case(char *out, size_t cap, const uint8_t *digits, const uint8_t *reg)
{
    size_t len = 0;
    int i;
    for (i = 0; i < 81; i++) {
        int row = i / 9, col = i % 9, v = digits ? digits[i] : 0;
        if (row == 0 || reg[i - 9] != reg[i])
            v |= 16;
        if (col == 8 || reg[i + 1] != reg[i])
            v |= 32;
        if (row == 8 || reg[i + 9] != reg[i])
            v |= 64;
        if (col == 0 || reg[i - 1] != reg[i])
            v |= 128;
        len += (size_t)snprintf(out + len, cap - len, "%d%c", v, col == 8 ? '\n' : ' ');
    }
    return len;
}

static void test_hdu(void)
{
    sk_read_opts o = opts_of(SK_FORMAT_HDU4069, SK_ALPHABET_AUTO);
    char text[4000];
    uint8_t boxes[81], digits[81], bad[81];
    size_t len;
    sk_reader *r;
    sk_puzzle p;
    sk_diag d;
    int i;

    for (i = 0; i < 81; i++)
        boxes[i] = (uint8_t)(i / 27 * 3 + i % 9 / 3);
    values_of(CLASSIC, digits, 81);
    len = (size_t)snprintf(text, sizeof text, "3\n");
    len += hdu_case(text + len, sizeof text - len, digits, boxes);
    len += (size_t)snprintf(text + len, sizeof text - len, "\n");
    memcpy(bad, boxes, 81);
    bad[3] = 0; /* box 1 gives a cell to box 0: 10 and 8 cells */
    len += hdu_case(text + len, sizeof text - len, NULL, bad);
    len += hdu_case(text + len, sizeof text - len, digits, boxes);
    r = open_text(text, &o);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_HDU4069);
    CHECK_EQ_INT(p.geom.n, 9);
    CHECK_EQ_INT(p.line, 2);
    CHECK(memcmp(p.cells, digits, 81) == 0);
    CHECK(p.geom.regions && memcmp(p.geom.regions, boxes, 81) == 0);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE);
    CHECK(strstr(d.message, "region 1 has 10 cells, expected 9") != NULL);
    CHECK_EQ_INT(d.line, 12);
    CHECK_EQ_INT(d.column, 1);
    CHECK_EQ_INT(p.index, 1);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.index, 2);
    CHECK_EQ_INT(p.line, 21);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);

    /* no walls inside: one region */
    memset(bad, 0, sizeof bad);
    len = (size_t)snprintf(text, sizeof text, "1\n");
    hdu_case(text + len, sizeof text - len, NULL, bad);
    expect_error(text, &o, "walls of case 1 make 1 region, expected 9", 2, 0);
    /* truncated input names the case */
    len = (size_t)snprintf(text, sizeof text, "2\n");
    len += hdu_case(text + len, sizeof text - len, digits, boxes);
    snprintf(text + len, sizeof text - len, "144 18 112\n");
    expect_error_at(text, &o, 1, "input ends in case 2 after 3 of 81 numbers", 11, 0);
    /* a value out of range (the case keeps 81 numbers), then the next case */
    len = (size_t)snprintf(text, sizeof text, "2\n300 ");
    len += hdu_case(text + len, sizeof text - len, digits, boxes) - 4;
    len += hdu_case(text + len, sizeof text - len, digits, boxes);
    snprintf(text + len, sizeof text - len, "\n7\n");
    r = open_text(text, &o);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE);
    CHECK(strstr(d.message, "value '300' in case 1 is not a number 0 to 255") != NULL);
    CHECK_EQ_INT(d.line, 2);
    CHECK_EQ_INT(d.column, 1);
    CHECK_EQ_INT(p.index, 0);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.index, 1);
    CHECK(memcmp(p.cells, digits, 81) == 0);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE);
    CHECK(strstr(d.message, "unexpected data after the 2 cases announced on line 1") != NULL);
    CHECK_EQ_INT(d.line, 20);
    CHECK_EQ_INT(d.column, 1);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);
    expect_error("x\n", &o, "expected the number of cases, found 'x'", 1, 1);
    expect_error("1\n26 0 0\n", &o, "value 26 in case 1 holds digit 10, expected 0 to 9", 2, 1);
    r = open_text("0\n", &o);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);
}

/* ---- official samples ---------------------------------------------------------- */

static void test_samples(void)
{
    sk_read_opts hdu = opts_of(SK_FORMAT_HDU4069, SK_ALPHABET_AUTO);
    sk_reader *r;
    sk_puzzle p;
    sk_diag d;
    FILE *fp;
    char buf[2000];
    char *want;
    int k, i;

    /* POJ 3076: letters, '-' empty; the answer writes back byte for byte */
    fp = fopen(SAMPLES "/poj3076_acwing169/sample.in", "rb");
    CHECK(fp != NULL);
    if (fp) {
        CHECK_EQ_INT(sk_reader_open_file(fp, NULL, &r), SK_OK);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.geom.n, 16);
        CHECK_EQ_INT(p.format, SK_FORMAT_GRID);
        CHECK_EQ_INT(p.alphabet, SK_ALPHABET_LETTERS);
        CHECK_EQ_INT(p.cells[2], 1);   /* A */
        CHECK_EQ_INT(p.cells[13], 15); /* O */
        CHECK_EQ_INT(p.cells[15], 9);  /* I */
        CHECK_EQ_INT(p.cells[24], 16); /* P */
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
        sk_reader_free(r);
        fclose(fp);
    }
    want = read_file(SAMPLES "/poj3076_acwing169/sample.out", NULL);
    CHECK(want != NULL);
    if (want) {
        r = open_text(want, NULL);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.alphabet, SK_ALPHABET_LETTERS);
        CHECK_EQ_INT(sk_write(buf, sizeof buf, &p.geom, p.cells, SK_FORMAT_GRID, p.alphabet),
                     (long)strlen(want));
        CHECK_EQ_STR(buf, want);
        sk_reader_free(r);
        free(want);
    }

    /* LeetCode 37: board in, board out, byte for byte */
    for (k = 0; k < 2; k++) {
        want = read_file(k ? SAMPLES "/leetcode37/sample.out" : SAMPLES "/leetcode37/sample.in",
                         NULL);
        CHECK(want != NULL);
        if (!want)
            continue;
        r = open_text(want, NULL);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.format, SK_FORMAT_BOARD);
        CHECK_EQ_INT(p.geom.n, 9);
        if (k == 0) {
            uint8_t classic[81];
            values_of(CLASSIC, classic, 81);
            CHECK(memcmp(p.cells, classic, 81) == 0);
        }
        CHECK_EQ_INT(sk_write(buf, sizeof buf, &p.geom, p.cells, SK_FORMAT_BOARD, SK_ALPHABET_AUTO),
                     (long)strlen(want));
        CHECK_EQ_STR(buf, want);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
        sk_reader_free(r);
        free(want);
    }

    /* NOIP 2009: 9 rows of 9 integers, 0 empty */
    for (k = 0; k < 2; k++) {
        want = read_file(k ? SAMPLES "/noip2009_target/sample2.in"
                           : SAMPLES "/noip2009_target/sample.in",
                         NULL);
        CHECK(want != NULL);
        if (!want)
            continue;
        r = open_text(want, NULL);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.format, SK_FORMAT_GRID);
        CHECK_EQ_INT(p.geom.n, 9);
        CHECK_EQ_INT(p.cells[0], k ? 0 : 7);
        CHECK_EQ_INT(p.cells[3], k ? 7 : 9);
        CHECK_EQ_INT(p.cells[80], k ? 6 : 2);
        /* written back as numbers it reads the same */
        CHECK(sk_write(buf, sizeof buf, &p.geom, p.cells, SK_FORMAT_GRID, SK_ALPHABET_NUMBERS) > 0);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
        sk_reader_free(r);
        {
            uint8_t first[81];
            r = open_text(want, NULL);
            CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
            memcpy(first, p.cells, 81);
            sk_reader_free(r);
            r = open_text(buf, NULL);
            CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
            CHECK(memcmp(first, p.cells, 81) == 0);
            sk_reader_free(r);
        }
        free(want);
    }

    /* HDU 4069: three cases, each with nine regions of nine cells */
    fp = fopen(SAMPLES "/hdu4069/sample.in", "rb");
    CHECK(fp != NULL);
    if (fp) {
        static const char *const first_rows[3] = {".2...96..", "...11.5..", ".8.9....."};
        CHECK_EQ_INT(sk_reader_open_file(fp, &hdu, &r), SK_OK);
        for (k = 0; k < 3; k++) {
            int size[9] = {0}, ok = 1;
            uint8_t row[9];
            CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
            CHECK_EQ_INT(p.index, k);
            CHECK_EQ_INT(p.line, 2 + k * 10);
            CHECK(p.geom.regions != NULL);
            if (!p.geom.regions)
                continue;
            CHECK_EQ_INT(p.geom.regions[0], 0);
            for (i = 0; i < 81; i++) {
                if (p.geom.regions[i] > 8)
                    ok = 0;
                else
                    size[p.geom.regions[i]]++;
            }
            for (i = 0; i < 9; i++)
                ok &= size[i] == 9;
            CHECK(ok);
            values_of(first_rows[k], row, 9);
            CHECK(memcmp(p.cells, row, 9) == 0);
        }
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
        sk_reader_free(r);
        fclose(fp);
    }
}

/* ---- writer ---------------------------------------------------------------------- */

/* A full 9x9 line takes a short path in the writer: the same text as the
 * general one (written here by a loop over the symbols), the same refusal
 * of a value above 9, and a grid with empty cells or a small buffer goes
 * the general way. */
static void test_writer_line81(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(9);
    uint8_t grid[81];
    char buf[200], want[200];
    values_of("534678912672195348198342567859761423426853791713924856961537284287419635345286179",
              grid, 81);
    for (int i = 0; i < 81; i++)
        want[i] = (char)('0' + grid[i]);
    want[81] = '\n';
    want[82] = '\0';
    memset(buf, 'x', sizeof buf);
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, grid, SK_FORMAT_LINE, SK_ALPHABET_AUTO), 82);
    CHECK_EQ_STR(buf, want);
    CHECK_EQ_INT(sk_write(buf, 83, &g, grid, SK_FORMAT_LINE, SK_ALPHABET_DIGITS), 82);
    CHECK_EQ_STR(buf, want);
    /* too small a buffer: the length it needs, the text cut */
    memset(buf, 'x', sizeof buf);
    CHECK_EQ_INT(sk_write(buf, 82, &g, grid, SK_FORMAT_LINE, SK_ALPHABET_DIGITS), 82);
    CHECK_EQ_INT((long)strlen(buf), 81);
    CHECK(memcmp(buf, want, 81) == 0);
    CHECK_EQ_INT(sk_write(NULL, 0, &g, grid, SK_FORMAT_LINE, SK_ALPHABET_DIGITS), 82);
    /* other alphabets keep their symbols */
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, grid, SK_FORMAT_LINE, SK_ALPHABET_LETTERS), 82);
    CHECK_EQ_INT(buf[0], 'E');
    /* an empty cell: '.' */
    grid[40] = 0;
    want[40] = '.';
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, grid, SK_FORMAT_LINE, SK_ALPHABET_AUTO), 82);
    CHECK_EQ_STR(buf, want);
    /* a value above 9, first or last */
    grid[40] = 10;
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, grid, SK_FORMAT_LINE, SK_ALPHABET_AUTO), SK_EINVAL);
    grid[40] = 5;
    grid[80] = 200;
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, grid, SK_FORMAT_LINE, SK_ALPHABET_AUTO), SK_EINVAL);
    grid[80] = 0;
    grid[0] = 10;
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, grid, SK_FORMAT_LINE, SK_ALPHABET_AUTO), SK_EINVAL);
}

static void test_writer(void)
{
    sk_geometry g = SK_GEOMETRY_INIT(4);
    static const uint8_t g4[16] = {1, 0, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0};
    static const uint8_t reg4[16] = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};
    uint8_t classic[81], g10[100], g6[36];
    char buf[4000];
    long n;
    int i;

    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_LINE, SK_ALPHABET_AUTO), 17);
    CHECK_EQ_STR(buf, "1.3434122143432.\n");
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_LINE, SK_ALPHABET_DIGITS), 17);
    CHECK_EQ_STR(buf, "1.3434122143432.\n");
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_LINE, SK_ALPHABET_HEX), 17);
    CHECK_EQ_STR(buf, "0.2323011032321.\n");
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_LINE, SK_ALPHABET_LETTERS), 17);
    CHECK_EQ_STR(buf, "A.CDCDABBADCDCB.\n");
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_GRID, SK_ALPHABET_DIGITS), 20);
    CHECK_EQ_STR(buf, "1.34\n3412\n2143\n432.\n");
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_GRID, SK_ALPHABET_NUMBERS), 32);
    CHECK_EQ_STR(buf, "1 0 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 0\n");
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_BOARD, SK_ALPHABET_AUTO), 74);
    CHECK_EQ_STR(buf, "[[\"1\",\".\",\"3\",\"4\"],[\"3\",\"4\",\"1\",\"2\"],[\"2\",\"1\",\"4\",\"3\"],"
                      "[\"4\",\"3\",\"2\",\".\"]]\n");
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_PRETTY, SK_ALPHABET_AUTO), 50);
    CHECK_EQ_STR(buf, "1 . | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 .\n");
    g.box_rows = SK_BOX_NONE;
    sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_PRETTY, SK_ALPHABET_AUTO);
    CHECK_EQ_STR(buf, "1 . 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 .\n");

    /* jigsaw */
    g.box_rows = SK_BOX_DEFAULT;
    g.regions = reg4;
    sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_LINE, SK_ALPHABET_AUTO);
    CHECK_EQ_STR(buf, "1.3434122143432. 1122112233443344\n");
    sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_GRID, SK_ALPHABET_AUTO);
    CHECK_EQ_STR(buf, "1.34\n3412\n2143\n432.\n1122\n1122\n3344\n3344\n");
    sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_GRID, SK_ALPHABET_NUMBERS);
    CHECK_EQ_STR(buf, "1 0 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 0\n1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n");
    sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_PRETTY, SK_ALPHABET_AUTO);
    CHECK_EQ_STR(buf, "1 . 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 .\n");
    g.regions = NULL;

    /* the classic 9x9 in pretty form */
    g.n = 9;
    values_of(CLASSIC, classic, 81);
    n = sk_write(buf, sizeof buf, &g, classic, SK_FORMAT_PRETTY, SK_ALPHABET_AUTO);
    CHECK_EQ_INT(n, 11 * 22);
    CHECK(strncmp(buf, "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n"
                       "------+-------+------\n8 . . | . 6 . | . . 3\n",
                  110) == 0);

    /* rectangular boxes 2x3 */
    g.n = 6;
    g.box_rows = 2;
    g.box_cols = 3;
    for (i = 0; i < 36; i++)
        g6[i] = (uint8_t)((i / 6 * 3 + i / 12 + i % 6) % 6 + 1);
    sk_write(buf, sizeof buf, &g, g6, SK_FORMAT_PRETTY, SK_ALPHABET_AUTO);
    CHECK_EQ_STR(buf, "1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n------+------\n2 3 4 | 5 6 1\n"
                      "5 6 1 | 2 3 4\n------+------\n3 4 5 | 6 1 2\n6 1 2 | 3 4 5\n");

    /* numbers for a 10x10 */
    g.n = 10;
    g.box_rows = 2;
    g.box_cols = 5;
    for (i = 0; i < 100; i++)
        g10[i] = (uint8_t)(i % 11 == 0 ? 0 : (i / 10 * 5 + i / 20 + i % 10) % 10 + 1);
    sk_write(buf, sizeof buf, &g, g10, SK_FORMAT_GRID, SK_ALPHABET_NUMBERS);
    CHECK(strncmp(buf, "0 2 3 4 5 6 7 8 9 10\n6 0 8 9 10 1 2 3 4 5\n", 42) == 0);
    sk_write(buf, sizeof buf, &g, g10, SK_FORMAT_PRETTY, SK_ALPHABET_NUMBERS);
    CHECK(strncmp(buf, " .  2  3  4  5 |  6  7  8  9 10\n 6  .  8  9 10 |  1  2  3  4  5\n"
                       "---------------+---------------\n",
                  96) == 0);
    sk_write(buf, sizeof buf, &g, g10, SK_FORMAT_LINE, SK_ALPHABET_AUTO);
    CHECK(strncmp(buf, ".23456789A", 10) == 0);

    /* snprintf contract */
    g.n = 4;
    g.box_rows = g.box_cols = SK_BOX_DEFAULT;
    CHECK_EQ_INT(sk_write(NULL, 0, &g, g4, SK_FORMAT_LINE, SK_ALPHABET_AUTO), 17);
    memset(buf, 'x', 10);
    CHECK_EQ_INT(sk_write(buf, 5, &g, g4, SK_FORMAT_LINE, SK_ALPHABET_AUTO), 17);
    CHECK_EQ_STR(buf, "1.34");
    CHECK_EQ_INT(buf[5], 'x');
    CHECK_EQ_INT(sk_write(buf, 1, &g, g4, SK_FORMAT_LINE, SK_ALPHABET_AUTO), 17);
    CHECK_EQ_INT(buf[0], '\0');

    /* what cannot be written */
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_HDU4069, SK_ALPHABET_AUTO), SK_EINVAL);
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_AUTO, SK_ALPHABET_AUTO), SK_EINVAL);
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_LINE, SK_ALPHABET_NUMBERS), SK_EINVAL);
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_BOARD, SK_ALPHABET_NUMBERS), SK_EINVAL);
    CHECK_EQ_INT(sk_write(NULL, 10, &g, g4, SK_FORMAT_LINE, SK_ALPHABET_AUTO), SK_EINVAL);
    CHECK_EQ_INT(sk_write(buf, sizeof buf, NULL, g4, SK_FORMAT_LINE, SK_ALPHABET_AUTO), SK_EINVAL);
    g.n = 3;
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_LINE, SK_ALPHABET_AUTO), SK_EINVAL);
    g.n = 0;
    CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, g4, SK_FORMAT_LINE, SK_ALPHABET_AUTO), SK_EINVAL);
    {
        static uint8_t big[36 * 36];
        g.n = 25;
        CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, big, SK_FORMAT_LINE, SK_ALPHABET_HEX), SK_EINVAL);
        CHECK(sk_write(buf, sizeof buf, &g, big, SK_FORMAT_LINE, SK_ALPHABET_LETTERS) > 0);
        g.n = 27;
        CHECK_EQ_INT(sk_write(buf, sizeof buf, &g, big, SK_FORMAT_LINE, SK_ALPHABET_LETTERS),
                     SK_EINVAL);
        g.n = 36;
        CHECK_EQ_INT(sk_write(NULL, 0, &g, big, SK_FORMAT_LINE, SK_ALPHABET_AUTO), SK_EINVAL);
        CHECK_EQ_INT(sk_write(NULL, 0, &g, big, SK_FORMAT_GRID, SK_ALPHABET_AUTO), 36 * 36 * 2);
    }
}

/* ---- round trips ---------------------------------------------------------- */

/* A Latin/Sudoku pattern for boxes br x bc (br = 0: no boxes) with holes. */
static void make_grid(int n, int br, int bc, int holes, uint8_t *g)
{
    int i;
    for (i = 0; i < n * n; i++) {
        int r = i / n, c = i % n;
        int v = br > 0 ? (bc * (r % br) + r / br + c) % n + 1 : (r + c) % n + 1;
        g[i] = (uint8_t)(holes && i > 0 && (i * 7 + i / n) % 3 == 0 ? 0 : v);
    }
}

static void make_regions(int n, uint8_t *reg)
{
    int i;
    for (i = 0; i < n * n; i++)
        reg[i] = (uint8_t)((i / n + (i % n) / 2) % n);
}

/* Writes grid in form f / alphabet a, reads it back with ro and checks
 * that the same puzzle comes back.  want_alpha: alphabet the reader must
 * report (AUTO: any). */
static int roundtrip(const sk_geometry *g, const uint8_t *grid, sk_format f, sk_alphabet a,
                     const sk_read_opts *ro, sk_alphabet want_alpha)
{
    long need = sk_write(NULL, 0, g, grid, f, a);
    char *buf;
    sk_reader *r;
    sk_puzzle p;
    sk_diag d;
    int st, ok = 1, cells = g->n * g->n;
    int with_regions = g->regions && (f == SK_FORMAT_LINE || f == SK_FORMAT_GRID);
    sk_format want_form = f == SK_FORMAT_PRETTY ? SK_FORMAT_GRID : f;

    if (need <= 0) {
        fprintf(stderr, "  n=%d %s/%s: write gives %ld\n", g->n, sk_format_name(f),
                sk_alphabet_name(a), need);
        return 0;
    }
    buf = malloc((size_t)need + 1);
    if (!buf)
        return 0;
    if (sk_write(buf, (size_t)need + 1, g, grid, f, a) != need || (long)strlen(buf) != need ||
        buf[need - 1] != '\n')
        ok = 0;
    r = open_text(buf, ro);
    st = r ? sk_reader_next(r, &p, &d) : SK_EINVAL;
    if (st != SK_OK) {
        fprintf(stderr, "  n=%d %s/%s read %s/%s: status %d: %s at %ld:%ld\n", g->n,
                sk_format_name(f), sk_alphabet_name(a), sk_format_name(ro->format),
                sk_alphabet_name(ro->alphabet), st, d.message, d.line, d.column);
        ok = 0;
    } else {
        if (p.geom.n != g->n || memcmp(p.cells, grid, (size_t)cells) != 0)
            ok = 0;
        else if (with_regions &&
                 (!p.geom.regions || memcmp(p.geom.regions, g->regions, (size_t)cells) != 0))
            ok = 0;
        else if (!with_regions && p.geom.regions)
            ok = 0;
        if (p.format != want_form)
            ok = 0;
        if (want_alpha != SK_ALPHABET_AUTO && p.alphabet != want_alpha)
            ok = 0;
        if (sk_reader_next(r, &p, &d) != SK_DONE)
            ok = 0;
        if (!ok)
            fprintf(stderr, "  n=%d %s/%s read %s/%s: got n=%d %s/%s, different puzzle\n", g->n,
                    sk_format_name(f), sk_alphabet_name(a), sk_format_name(ro->format),
                    sk_alphabet_name(ro->alphabet), p.geom.n, sk_format_name(p.format),
                    sk_alphabet_name(p.alphabet));
    }
    sk_reader_free(r);
    free(buf);
    return ok;
}

/* 1 when the text of grid in form f holds a number of two digits: only
 * then are decimal tokens told apart from digits. */
static int two_digits(const sk_geometry *g, const uint8_t *grid, sk_format f)
{
    int i;
    for (i = 0; i < g->n * g->n; i++)
        if (grid[i] >= 10 || (f == SK_FORMAT_GRID && g->regions && g->regions[i] >= 9))
            return 1;
    return 0;
}

static void test_roundtrip(void)
{
    static const struct {
        int n, br, bc;
    } geos[] = {{1, SK_BOX_NONE, 0}, {2, SK_BOX_NONE, 0}, {3, SK_BOX_NONE, 0}, {4, 2, 2},
                {5, SK_BOX_NONE, 0}, {6, 2, 3},  {6, 3, 2},  {7, SK_BOX_NONE, 0},
                {8, 2, 4},  {8, 4, 2},  {9, 3, 3},  {10, 2, 5}, {12, 3, 4}, {12, 4, 3},
                {16, 4, 4}, {20, 4, 5}, {25, 5, 5}, {26, 2, 13}, {35, 5, 7}, {36, 6, 6},
                {49, 7, 7}, {64, 8, 8}};
    static const sk_format forms[] = {SK_FORMAT_LINE, SK_FORMAT_GRID, SK_FORMAT_BOARD,
                                      SK_FORMAT_PRETTY};
    static const sk_alphabet alphas[] = {SK_ALPHABET_AUTO, SK_ALPHABET_DIGITS, SK_ALPHABET_HEX,
                                         SK_ALPHABET_LETTERS, SK_ALPHABET_NUMBERS};
    static uint8_t grid[SK_MAX_N * SK_MAX_N], reg[SK_MAX_N * SK_MAX_N];
    size_t gi, fi, ai;
    int jig, holes, runs = 0, fails = 0;

    for (gi = 0; gi < sizeof geos / sizeof geos[0]; gi++) {
        int n = geos[gi].n;
        for (jig = 0; jig < 2; jig++) {
            for (holes = 0; holes < 2; holes++) {
                sk_geometry g = SK_GEOMETRY_INIT(n);
                g.box_rows = geos[gi].br;
                g.box_cols = geos[gi].bc;
                make_grid(n, geos[gi].br > 0 ? geos[gi].br : 0, geos[gi].bc, holes, grid);
                make_regions(n, reg);
                g.regions = jig ? reg : NULL;
                for (fi = 0; fi < sizeof forms / sizeof forms[0]; fi++) {
                    for (ai = 0; ai < sizeof alphas / sizeof alphas[0]; ai++) {
                        sk_format f = forms[fi];
                        sk_alphabet a = alphas[ai], used = a;
                        sk_read_opts ro = SK_READ_OPTS_INIT;
                        int writable;
                        if (a == SK_ALPHABET_AUTO)
                            used = n <= 35 ? SK_ALPHABET_DIGITS : SK_ALPHABET_NUMBERS;
                        writable = used == SK_ALPHABET_NUMBERS
                                       ? f == SK_FORMAT_GRID || f == SK_FORMAT_PRETTY
                                       : sk_alphabet_symbol(used, n) != 0;
                        if (!writable) {
                            CHECK(sk_write(NULL, 0, &g, grid, f, a) == SK_EINVAL);
                            continue;
                        }
                        /* tiny line puzzles need the form named */
                        if (f == SK_FORMAT_LINE && n < 4)
                            ro.format = SK_FORMAT_LINE;
                        /* 1: the alphabet named */
                        ro.alphabet = used;
                        runs++;
                        if (!roundtrip(&g, grid, f, a, &ro, used))
                            fails++;
                        /* 2: the alphabet detected, where it can be */
                        ro.alphabet = SK_ALPHABET_AUTO;
                        if (used == SK_ALPHABET_HEX && n != 16)
                            continue;
                        runs++;
                        if (!roundtrip(&g, grid, f, a, &ro,
                                       used == SK_ALPHABET_NUMBERS && !two_digits(&g, grid, f)
                                           ? SK_ALPHABET_DIGITS
                                           : used))
                            fails++;
                    }
                }
            }
        }
    }
    CHECK(runs > 500);
    CHECK_EQ_INT(fails, 0);
}

/* ---- streaming and recovery ---------------------------------------------------- */

static void test_batch_recovery(void)
{
    char text[2000];
    sk_reader *r;
    sk_puzzle p;
    sk_diag d;
    int k;
    static const int lines_status[5] = {SK_OK, SK_OK, SK_EPARSE, SK_OK, SK_OK};

    /* line form: the third line is short */
    snprintf(text, sizeof text, "%s\n%s\n%.80s\n# note\n%s\n%s\n", CLASSIC, CLASSIC, CLASSIC,
             CLASSIC, CLASSIC);
    r = open_text(text, NULL);
    for (k = 0; k < 5; k++) {
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), lines_status[k]);
        CHECK_EQ_INT(p.index, k);
        CHECK_EQ_INT(p.line, k < 3 ? k + 1 : k + 2);
    }
    CHECK_EQ_INT(d.line, 0); /* a success clears the diag */
    CHECK_EQ_STR(d.message, "");
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);

    /* grid form: the second grid has a short row, the third is fine */
    r = open_text("1234\n3412\n2143\n4321\n\n1234\n341\n2143\n4321\n\n\n4321\n2143\n3412\n1234\n",
                  NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.line, 1);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE);
    CHECK_EQ_INT(p.index, 1);
    CHECK_EQ_INT(p.line, 6);
    CHECK_EQ_INT(d.line, 7);
    CHECK(strstr(d.message, "row 2 has 3 cells, expected 4") != NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.index, 2);
    CHECK_EQ_INT(p.line, 12);
    CHECK_EQ_INT(p.cells[0], 4);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);
}

/* A mixed input: line blocks, grids, boards, jigsaw lines, comments. */
static char *mixed_input(size_t *size, int lines, int crlf)
{
    size_t cap = (size_t)lines * 90 + 4000, len = 0;
    char *t = malloc(cap);
    const char *eol = crlf ? "\r\n" : "\n";
    int k;
    if (!t)
        return NULL;
    len += (size_t)snprintf(t + len, cap - len, "# mixed%s", eol);
    for (k = 0; k < lines; k++)
        len += (size_t)snprintf(t + len, cap - len, "%c%.80s%s", '1' + k % 9, CLASSIC + 1, eol);
    len += (size_t)snprintf(t + len, cap - len,
                            "%s53..7....%s6..195...%s.98....6.%s8...6...3%s4..8.3..1%s"
                            "7...2...6%s.6....28.%s...419..5%s....8..79%s%s",
                            eol, eol, eol, eol, eol, eol, eol, eol, eol, eol, eol);
    len += (size_t)snprintf(t + len, cap - len, "[[\"1\",\".\"],[\".\",\"1\"]]%s", eol);
    len += (size_t)snprintf(t + len, cap - len, "..43...1.2...... 1113133322442244%s%s", eol,
                            eol);
    *size = len;
    return t;
}

static void test_streaming(void)
{
    size_t size;
    char *text = mixed_input(&size, 3000, 0);
    sk_reader *r = NULL;
    sk_puzzle p;
    sk_diag d;
    int k, st, bad = 0;
    if (!text)
        return;
    CHECK_EQ_INT(sk_reader_open_mem(text, size, NULL, &r), SK_OK);
    for (k = 0; k < 3000; k++) {
        st = sk_reader_next(r, &p, &d);
        if (st != SK_OK || p.index != k || p.line != k + 2 || p.format != SK_FORMAT_LINE ||
            p.cells[0] != 1 + k % 9 || p.cells[1] != 3)
            bad++;
    }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_GRID);
    CHECK_EQ_INT(p.line, 3003);
    CHECK_EQ_INT(p.index, 3000);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_BOARD);
    CHECK_EQ_INT(p.line, 3013);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
    CHECK_EQ_INT(p.format, SK_FORMAT_LINE);
    CHECK(p.geom.regions != NULL);
    CHECK_EQ_INT(p.line, 3014);
    CHECK_EQ_INT(p.index, 3002);
    CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
    sk_reader_free(r);
    free(text);
}

/* FILE and memory readers give the same results on the same bytes. */
/* A source for sk_reader_open_fn: the text in pieces.  Piece k + 1 is
 * there only once the reader has been willing to wait for it (now == 0);
 * until then a read with now == 1 gets SK_READ_LATER.  With step > 0 the
 * text is one piece handed out step bytes at a time at most. */
typedef struct pieces {
    const char *const *piece;
    int npieces, next; /* pieces handed out so far */
    const char *at;    /* rest of the piece being handed out */
    size_t left, step;
    int later;         /* SK_READ_LATER answers given */
} pieces;

static long pieces_read(void *user, char *buf, size_t size, int now)
{
    pieces *src = user;
    size_t k;
    if (!src->left) {
        if (src->next == src->npieces)
            return 0;
        if (now && src->next > 0) {
            src->later++;
            return SK_READ_LATER;
        }
        src->at = src->piece[src->next++];
        src->left = strlen(src->at);
    }
    k = src->left < size ? src->left : size;
    if (src->step && k > src->step)
        k = src->step;
    memcpy(buf, src->at, k);
    src->at += k;
    src->left -= k;
    return (long)k;
}

/* Reads the same input through rm and rf; every puzzle, error and
 * position must agree. */
static void compare_two(sk_reader *rm, sk_reader *rf)
{
    sk_puzzle pm, pf;
    sk_diag dm, df;
    long count = 0, differ = 0;
    for (;;) {
        int sm = sk_reader_next(rm, &pm, &dm), sf = sk_reader_next(rf, &pf, &df);
        if (sm != sf) {
            differ++;
            break;
        }
        if (sm == SK_DONE || (sm < 0 && sm != SK_EPARSE))
            break;
        count++;
        if (pm.index != pf.index || pm.line != pf.line)
            differ++;
        if (sm == SK_EPARSE) {
            if (dm.line != df.line || dm.column != df.column || strcmp(dm.message, df.message))
                differ++;
            continue;
        }
        {
            size_t cells = (size_t)(pm.geom.n * pm.geom.n);
            if (pm.geom.n != pf.geom.n || memcmp(pm.cells, pf.cells, cells) ||
                memcmp(pm.cell_line, pf.cell_line, cells * 4) ||
                memcmp(pm.cell_column, pf.cell_column, cells * 4) || pm.format != pf.format ||
                pm.alphabet != pf.alphabet || !pm.geom.regions != !pf.geom.regions ||
                (pm.geom.regions && memcmp(pm.geom.regions, pf.geom.regions, cells)) ||
                pm.geom.nrules != pf.geom.nrules)
                differ++;
        }
    }
    CHECK(count > 0);
    CHECK_EQ_INT(differ, 0);
}

/* The memory reader against the FILE reader and against a source function
 * handing the text out in small reads (input that is all there reads the
 * same whatever the size of the reads). */
static void compare_readers(const char *text, size_t size, const sk_read_opts *o)
{
    FILE *fp = tmpfile();
    sk_reader *rm = NULL, *rf = NULL;
    char *copy = malloc(size + 1);
    const char *piece[1];
    pieces src = {piece, 1, 0, NULL, 0, 97, 0};
    CHECK(fp != NULL);
    CHECK(copy != NULL);
    if (!fp || !copy) {
        if (fp)
            fclose(fp);
        free(copy);
        return;
    }
    CHECK_EQ_INT(fwrite(text, 1, size, fp), size);
    rewind(fp);
    CHECK_EQ_INT(sk_reader_open_mem(text, size, o, &rm), SK_OK);
    CHECK_EQ_INT(sk_reader_open_file(fp, o, &rf), SK_OK);
    compare_two(rm, rf);
    sk_reader_free(rm);
    sk_reader_free(rf);
    fclose(fp);

    /* the pieces source stops at a NUL: read the text up to its first */
    memcpy(copy, text, size);
    copy[size] = '\0';
    piece[0] = copy;
    CHECK_EQ_INT(sk_reader_open_mem(copy, strlen(copy), o, &rm), SK_OK);
    CHECK_EQ_INT(sk_reader_open_fn(pieces_read, &src, o, &rf), SK_OK);
    compare_two(rm, rf);
    sk_reader_free(rm);
    sk_reader_free(rf);
    free(copy);
}

static void test_file_vs_mem(void)
{
    size_t size, cap, len;
    char *text = mixed_input(&size, 2500, 1), *big;
    sk_read_opts o = opts_of(SK_FORMAT_HDU4069, SK_ALPHABET_AUTO);
    if (!text)
        return;
    compare_readers(text, size, NULL);
    /* a long line and a NUL in the middle: the readers agree on errors too */
    cap = 2 * size + SK_MAX_LINE + 3000;
    big = malloc(cap);
    if (big) {
        len = 0;
        memcpy(big, text, size / 2);
        len = size / 2;
        while (big[len - 1] != '\n')
            len--;
        memset(big + len, '5', SK_MAX_LINE + 100);
        len += SK_MAX_LINE + 100;
        big[len++] = '\n';
        memcpy(big + len, CLASSIC, 81);
        big[len + 40] = '\0';
        len += 81;
        big[len++] = '\n';
        memcpy(big + len, text, size);
        len += size;
        compare_readers(big, len, NULL);
        free(big);
    }
    free(text);
    /* the HDU sample through both */
    text = read_file(SAMPLES "/hdu4069/sample.in", &size);
    CHECK(text != NULL);
    if (text)
        compare_readers(text, size, &o);
    free(text);
}

/* sk_reader_open_fn: input that comes a piece at a time is answered at the
 * end of each puzzle, and what belongs to a puzzle stays with it when it
 * comes in one piece. */
static void test_pieces(void)
{
    static const char grid[] = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                               "7...2...6\n.6....28.\n...419..5\n....8..79\n";
    static const char rows_a[] = "53..7....\n6..195...\n.98....6.\n8...6...3\n";
    static const char rows_b[] = "4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    char line1[83], line2[83], with_rule[200];
    sk_reader *r = NULL;
    sk_puzzle p;
    sk_diag d;

    snprintf(line1, sizeof line1, "%s\n", CLASSIC);
    memcpy(line2, line1, sizeof line2);
    line2[0] = '.';
    snprintf(with_rule, sizeof with_rule, "%scage 6: r1c3 r2c3\n", grid);

    /* two line puzzles: the first comes back before the second is there */
    {
        const char *const piece[] = {line1, line2};
        pieces src = {piece, 2, 0, NULL, 0, 0, 0};
        CHECK_EQ_INT(sk_reader_open_fn(pieces_read, &src, NULL, &r), SK_OK);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(src.next, 1);
        CHECK_EQ_INT(p.cells[0], 5);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.cells[0], 0);
        CHECK_EQ_INT(p.line, 2);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
        sk_reader_free(r);
    }
    /* a grid in two pieces: the reader waits for the rest of its rows */
    {
        const char *const piece[] = {rows_a, rows_b, line1};
        pieces src = {piece, 3, 0, NULL, 0, 0, 0};
        CHECK_EQ_INT(sk_reader_open_fn(pieces_read, &src, NULL, &r), SK_OK);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.geom.n, 9);
        CHECK_EQ_INT(p.format, SK_FORMAT_GRID);
        CHECK_EQ_INT(p.cells[80], 9);
        CHECK_EQ_INT(src.next, 2);
        CHECK(src.later > 0);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.line, 10);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
        sk_reader_free(r);
    }
    /* a grid and its rule in one piece: one puzzle with the rule */
    {
        const char *const piece[] = {with_rule, line1};
        pieces src = {piece, 2, 0, NULL, 0, 0, 0};
        CHECK_EQ_INT(sk_reader_open_fn(pieces_read, &src, NULL, &r), SK_OK);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.geom.nrules, 1);
        CHECK_EQ_INT(src.next, 1);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.geom.nrules, 0);
        sk_reader_free(r);
    }
    /* the rule in a later piece: the grid is complete without it, and the
       rule line is an orphan */
    {
        const char *const piece[] = {grid, "cage 6: r1c3 r2c3\n"};
        pieces src = {piece, 2, 0, NULL, 0, 0, 0};
        CHECK_EQ_INT(sk_reader_open_fn(pieces_read, &src, NULL, &r), SK_OK);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_OK);
        CHECK_EQ_INT(p.geom.nrules, 0);
        CHECK_EQ_INT(src.next, 1);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_EPARSE);
        CHECK_EQ_INT(d.line, 10);
        CHECK_EQ_INT(sk_reader_next(r, &p, &d), SK_DONE);
        sk_reader_free(r);
    }
    /* a source that fails: SK_EIO, and a NULL function */
    {
        const char *const piece[] = {"1234\n3412\n"};
        pieces src = {piece, 1, 0, NULL, 0, 0, 0};
        CHECK_EQ_INT(sk_reader_open_fn(NULL, &src, NULL, &r), SK_EINVAL);
        CHECK(r == NULL);
    }
}

static long failing_read(void *user, char *buf, size_t size, int now)
{
    (void)user;
    (void)buf;
    (void)size;
    (void)now;
    return -1;
}

static void test_source_errors(void)
{
    sk_reader *r = NULL;
    sk_puzzle p;
    CHECK_EQ_INT(sk_reader_open_fn(failing_read, NULL, NULL, &r), SK_OK);
    CHECK_EQ_INT(sk_reader_next(r, &p, NULL), SK_EIO);
    sk_reader_free(r);
}

static void test_open_and_edges(void)
{
    sk_read_opts o = SK_READ_OPTS_INIT;
    sk_reader *r = NULL;
    sk_puzzle p;
    int st;

    o.format = SK_FORMAT_PRETTY;
    CHECK_EQ_INT(sk_reader_open_mem("", 0, &o, &r), SK_EINVAL);
    CHECK(r == NULL);
    o = opts_of(SK_FORMAT_AUTO, (sk_alphabet)9);
    CHECK_EQ_INT(sk_reader_open_mem("", 0, &o, &r), SK_EINVAL);
    o = opts_of(SK_FORMAT_AUTO, SK_ALPHABET_AUTO);
    o.n = SK_MAX_N + 1;
    CHECK_EQ_INT(sk_reader_open_mem("", 0, &o, &r), SK_EINVAL);
    o.n = 16;
    o.format = SK_FORMAT_HDU4069;
    CHECK_EQ_INT(sk_reader_open_mem("", 0, &o, &r), SK_EINVAL);
    CHECK_EQ_INT(sk_reader_open_file(NULL, NULL, &r), SK_EINVAL);
    CHECK_EQ_INT(sk_reader_open_mem(NULL, 5, NULL, &r), SK_EINVAL);
    CHECK_EQ_INT(sk_reader_open_mem(NULL, 0, NULL, NULL), SK_EINVAL);
    sk_reader_free(NULL);

    /* nothing to read: SK_DONE at once, with or without a diag */
    {
        static const char *const empty[] = {"", "\n\n", "# only\n  # comments\n\n",
                                            "\xef\xbb\xbf", "\xef\xbb\xbf\r\n# c\r\n", " \t\n"};
        size_t i;
        for (i = 0; i < sizeof empty / sizeof empty[0]; i++) {
            r = open_text(empty[i], NULL);
            st = sk_reader_next(r, &p, NULL);
            CHECK_EQ_INT(st, SK_DONE);
            sk_reader_free(r);
        }
    }
    CHECK_EQ_INT(sk_reader_open_mem(NULL, 0, NULL, &r), SK_OK);
    CHECK_EQ_INT(sk_reader_next(r, &p, NULL), SK_DONE);
    CHECK_EQ_INT(sk_reader_next(NULL, &p, NULL), SK_EINVAL);
    sk_reader_free(r);

    /* an error without a diag still skips the puzzle */
    r = open_text("123\n\n1234\n3412\n2143\n4321\n", NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, NULL), SK_EPARSE);
    CHECK_EQ_INT(sk_reader_next(r, &p, NULL), SK_OK);
    CHECK_EQ_INT(p.index, 1);
    CHECK_EQ_INT(p.geom.n, 4);
    sk_reader_free(r);

    /* a line that ends the input without a newline, after CR only lines */
    r = open_text("1234\r\n3412\r\n2143\r\n4321", NULL);
    CHECK_EQ_INT(sk_reader_next(r, &p, NULL), SK_OK);
    CHECK_EQ_INT(p.cells[15], 1);
    CHECK_EQ_INT(p.cell_column[15], 4);
    CHECK_EQ_INT(sk_reader_next(r, &p, NULL), SK_DONE);
    sk_reader_free(r);
}

int main(void)
{
    RUN(test_names);
    RUN(test_symbols);
    RUN(test_line_basic);
    RUN(test_line_plain);
    RUN(test_drawing_late);
    RUN(test_line_jigsaw);
    RUN(test_line_errors);
    RUN(test_long_line);
    RUN(test_alphabet_auto);
    RUN(test_alphabet_fixed);
    RUN(test_grid_forms);
    RUN(test_grid_jigsaw);
    RUN(test_grid_errors);
    RUN(test_grid_big);
    RUN(test_detection);
    RUN(test_board);
    RUN(test_hdu);
    RUN(test_samples);
    RUN(test_writer);
    RUN(test_writer_line81);
    RUN(test_roundtrip);
    RUN(test_batch_recovery);
    RUN(test_streaming);
    RUN(test_file_vs_mem);
    RUN(test_pieces);
    RUN(test_source_errors);
    RUN(test_open_and_edges);
    return check_summary();
}
