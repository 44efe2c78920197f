/*
 * fuzz_roundtrip.c - parse, print, parse: every puzzle the reader accepts
 * is written with sk_write in every form and alphabet that can express it
 * and read back with the matching options; the cells (and the regions,
 * where the form carries them) must come back unchanged.  Also checks the
 * snprintf contract of sk_write (measuring, truncation, the NUL).
 */
#include "fuzz.h"

static const sk_format forms[] = {SK_FORMAT_LINE, SK_FORMAT_GRID, SK_FORMAT_BOARD,
                                  SK_FORMAT_PRETTY};
static const sk_alphabet alphabets[] = {SK_ALPHABET_AUTO, SK_ALPHABET_DIGITS, SK_ALPHABET_HEX,
                                        SK_ALPHABET_LETTERS, SK_ALPHABET_NUMBERS};

static int alphabet_max(sk_alphabet a, int n)
{
    switch (a) {
    case SK_ALPHABET_AUTO:
        return SK_MAX_N;
    case SK_ALPHABET_DIGITS:
        return 35;
    case SK_ALPHABET_HEX:
        return 16;
    case SK_ALPHABET_LETTERS:
        return 26;
    default:
        return n;
    }
}

static void round_trip(const sk_puzzle *p, sk_format f, sk_alphabet a)
{
    const sk_geometry *g = &p->geom;
    int n = g->n, nn = n * n, expect_ok, carries_regions, i;
    sk_alphabet wa = a == SK_ALPHABET_AUTO ? (n <= 35 ? SK_ALPHABET_DIGITS : SK_ALPHABET_NUMBERS) : a;
    long len = sk_write(NULL, 0, g, p->cells, f, a), len2;
    char *text, small[8];
    sk_read_opts o = SK_READ_OPTS_INIT;
    sk_reader *r = NULL;
    sk_puzzle q;
    sk_diag d;
    int st;

    expect_ok = n <= alphabet_max(a, n) &&
                !(wa == SK_ALPHABET_NUMBERS && (f == SK_FORMAT_LINE || f == SK_FORMAT_BOARD));
    FZ_CHECK((len >= 0) == expect_ok);
    if (len < 0) {
        FZ_CHECK(len == SK_EINVAL);
        return;
    }
    FZ_CHECK(len >= 2);
    text = malloc((size_t)len + 1);
    FZ_CHECK(text != NULL);
    len2 = sk_write(text, (size_t)len + 1, g, p->cells, f, a);
    FZ_CHECK(len2 == len && text[len] == '\0' && strlen(text) == (size_t)len);
    FZ_CHECK(text[len - 1] == '\n');
    /* truncated: a prefix and a NUL, the same length returned */
    len2 = sk_write(small, sizeof small, g, p->cells, f, a);
    FZ_CHECK(len2 == len);
    FZ_CHECK(strlen(small) == (size_t)(len < 7 ? len : 7) && memcmp(small, text, strlen(small)) == 0);

    /* read it back */
    o.format = f == SK_FORMAT_PRETTY ? SK_FORMAT_GRID : f;
    o.alphabet = wa;
    o.n = n;
    o.box_rows = g->box_rows;
    o.box_cols = g->box_cols;
    o.extras = g->extras;
    FZ_CHECK(sk_reader_open_mem(text, (size_t)len, &o, &r) == SK_OK);
    memset(&d, 0, sizeof d);
    st = sk_reader_next(r, &q, &d);
    if (st != SK_OK) {
        fprintf(stderr, "round trip %s/%s of a %dx%d puzzle failed: %d:%ld:%ld: %s\n%s",
                sk_format_name(f), sk_alphabet_name(a), n, n, st, d.line, d.column, d.message,
                text);
        abort();
    }
    FZ_CHECK(q.geom.n == n);
    carries_regions = f == SK_FORMAT_LINE || f == SK_FORMAT_GRID;
    FZ_CHECK(!!q.geom.regions == (g->regions && carries_regions));
    for (i = 0; i < nn; i++) {
        FZ_CHECK(q.cells[i] == p->cells[i]);
        if (q.geom.regions)
            FZ_CHECK(q.geom.regions[i] == g->regions[i]);
    }
    FZ_CHECK(sk_reader_next(r, &q, &d) == SK_DONE);
    sk_reader_free(r);
    free(text);
}

static void each_puzzle(void *user, const sk_puzzle *p)
{
    size_t f, a;
    (void)user;
    for (f = 0; f < sizeof forms / sizeof forms[0]; f++)
        for (a = 0; a < sizeof alphabets / sizeof alphabets[0]; a++)
            round_trip(p, forms[f], alphabets[a]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_read_opts o = SK_READ_OPTS_INIT;
    fz_read_all(data, size, &o, 0, each_puzzle, NULL);
    o.alphabet = SK_ALPHABET_NUMBERS;
    o.format = SK_FORMAT_GRID;
    fz_read_all(data, size, &o, 0, each_puzzle, NULL);
    return 0;
}
