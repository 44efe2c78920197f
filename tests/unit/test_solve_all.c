/*
 * test_solve_all.c - sk_solve_all: one line per puzzle in input order,
 * each solution checked by sk_verify (never against stored answers), the
 * words for puzzles without one answer, symbols of every size.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit.h"

/* The k-th line of text (from 0), copied into buf. */
static const char *line_at(const char *text, int k, char *buf, size_t size)
{
    while (k-- > 0 && text)
        text = strchr(text, '\n') ? strchr(text, '\n') + 1 : NULL;
    if (!text)
        return "";
    size_t n = strcspn(text, "\n");
    if (n >= size)
        n = size - 1;
    memcpy(buf, text, n);
    buf[n] = '\0';
    return buf;
}

static void test_lines_and_words(void)
{
    const char *in =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
        ".................................................................................\n"
        "11...............................................................................\n"
        "1234\n"
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    char *out = NULL, buf[256];
    size_t len = 0;
    CHECK_EQ_INT(sk_solve_all(in, strlen(in), NULL, 2, 0, &out, &len), 5);
    CHECK(out && strlen(out) == len);
    const char *first = line_at(out, 0, buf, sizeof buf);
    CHECK_EQ_INT(strlen(first), 81);
    sk_geometry g = SK_GEOMETRY_INIT(9);
    sk_model *m = NULL;
    CHECK_EQ_INT(sk_model_new(&g, &m, NULL), SK_OK);
    uint8_t givens[81], sol[81];
    for (int c = 0; c < 81; c++) {
        givens[c] = in[c] == '.' ? 0 : (uint8_t)(in[c] - '0');
        sol[c] = (uint8_t)(first[c] - '0');
    }
    CHECK(sk_verify(m, givens, sol));
    CHECK_EQ_STR(line_at(out, 1, buf, sizeof buf), "multiple");
    CHECK_EQ_STR(line_at(out, 2, buf, sizeof buf), "none");
    CHECK_EQ_STR(line_at(out, 3, buf, sizeof buf), "invalid");
    CHECK_EQ_INT(strlen(line_at(out, 4, buf, sizeof buf)), 81);
    sk_free(out);
    /* first solution only: the empty grid has one */
    CHECK_EQ_INT(sk_solve_all(in, strlen(in), NULL, 1, 0, &out, NULL), 5);
    CHECK_EQ_INT(strlen(line_at(out, 1, buf, sizeof buf)), 81);
    sk_free(out);
    sk_model_free(m);
}

static void test_sizes(void)
{
    /* 16x16 in its own symbols; 36x36 as decimal numbers */
    char in16[300], in36[36 * 36 * 2 + 1];
    memset(in16, '.', 256);
    in16[256] = '\n';
    in16[257] = '\0';
    char *out = NULL, buf[8192];
    CHECK_EQ_INT(sk_solve_all(in16, strlen(in16), NULL, 1, 0, &out, NULL), 1);
    CHECK_EQ_INT(strlen(line_at(out, 0, buf, sizeof buf)), 256);
    sk_free(out);
    int k = 0;
    for (int r = 0; r < 36; r++) {
        for (int c = 0; c < 36; c++) {
            in36[k++] = '0';
            in36[k++] = c < 35 ? ' ' : '\n';
        }
    }
    in36[k] = '\0';
    sk_read_opts ro = SK_READ_OPTS_INIT;
    ro.alphabet = SK_ALPHABET_NUMBERS;
    CHECK_EQ_INT(sk_solve_all(in36, strlen(in36), &ro, 1, 10, &out, NULL), 1);
    const char *l = line_at(out, 0, buf, sizeof buf);
    int tokens = 1;
    for (const char *p = l; *p; p++)
        tokens += *p == ' ';
    CHECK_EQ_INT(tokens, 36 * 36);
    sk_free(out);
}

static void test_bad_arguments(void)
{
    char *out = (char *)"x";
    CHECK_EQ_INT(sk_solve_all(NULL, 0, NULL, 2, 0, &out, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_solve_all("", 0, NULL, 3, 0, &out, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_solve_all("", 0, NULL, 2, 0, NULL, NULL), SK_EINVAL);
    CHECK_EQ_INT(sk_solve_all("", 0, NULL, 2, 0, &out, NULL), 0);
    CHECK(out && out[0] == '\0');
    sk_free(out);
    sk_free(NULL);
}

int main(void)
{
    RUN(test_lines_and_words);
    RUN(test_sizes);
    RUN(test_bad_arguments);
    return check_summary();
}
