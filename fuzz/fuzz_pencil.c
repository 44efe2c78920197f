/*
 * fuzz_pencil.c - puzzles given as pencil marks: the SUKAKU line and the
 * PENCIL grid, forced and guessed, in every alphabet, N free and fixed.
 * Every puzzle read with marks is written back with sk_write_candidates
 * in both forms (and every alphabet that can hold it) and read again with
 * the matching options: the marks, the givens PENCIL keeps and a jigsaw's
 * regions must come back unchanged.  Also the snprintf contract of sk_write_candidates.
 */
#include "fuzz.h"

static void round_trip(const sk_puzzle *p, sk_format f, sk_alphabet a)
{
    const sk_geometry *g = &p->geom;
    int n = g->n, nn = n * n, i;
    long len = sk_write_candidates(NULL, 0, g, p->candidates, f, a), len2;
    sk_read_opts o = SK_READ_OPTS_INIT;
    sk_reader *r = NULL;
    sk_puzzle q;
    sk_diag d;
    char *text, small[8];
    int st;
    if (len < 0) {
        /* only an alphabet that cannot write N (or NUMBERS on one line) */
        FZ_CHECK(len == SK_EINVAL);
        FZ_CHECK(a == SK_ALPHABET_NUMBERS || (a == SK_ALPHABET_DIGITS && n > 35) ||
                 (a == SK_ALPHABET_HEX && n > 16) || (a == SK_ALPHABET_LETTERS && n > 26) ||
                 (a == SK_ALPHABET_AUTO && n > 35));
        return;
    }
    text = malloc((size_t)len + 1);
    FZ_CHECK(text != NULL);
    len2 = sk_write_candidates(text, (size_t)len + 1, g, p->candidates, f, a);
    FZ_CHECK(len2 == len && text[len] == '\0' && strlen(text) == (size_t)len);
    FZ_CHECK(len >= 2 && text[len - 1] == '\n');
    len2 = sk_write_candidates(small, sizeof small, g, p->candidates, f, a);
    FZ_CHECK(len2 == len && memcmp(small, text, strlen(small)) == 0);

    o.format = f;
    o.alphabet = a == SK_ALPHABET_AUTO ? (n <= 35 ? SK_ALPHABET_DIGITS : SK_ALPHABET_NUMBERS) : a;
    o.n = n;
    o.box_rows = g->box_rows;
    o.box_cols = g->box_cols;
    o.extras = g->extras;
    FZ_CHECK(sk_reader_open_mem(text, (size_t)len, &o, &r) == SK_OK);
    memset(&d, 0, sizeof d);
    st = sk_reader_next(r, &q, &d);
    if (st != SK_OK) {
        fprintf(stderr, "round trip %s/%s of %dx%d marks failed: %ld:%ld: %s\n%s",
                sk_format_name(f), sk_alphabet_name(a), n, n, d.line, d.column, d.message, text);
        abort();
    }
    FZ_CHECK(q.geom.n == n && q.candidates != NULL);
    FZ_CHECK(!q.geom.regions == !g->regions); /* both forms carry a jigsaw's */
    for (i = 0; i < nn; i++) {
        if (g->regions)
            FZ_CHECK(q.geom.regions[i] == g->regions[i]);
        uint64_t m = p->candidates[i];
        FZ_CHECK(q.candidates[i] == m);
        /* PENCIL: a single is written as one symbol, so it reads as a given */
        FZ_CHECK(q.cells[i] == (f == SK_FORMAT_PENCIL && !(m & (m - 1))
                                    ? (uint8_t)(__builtin_ctzll(m) + 1)
                                    : 0));
    }
    FZ_CHECK(sk_reader_next(r, &q, &d) == SK_DONE);
    sk_reader_free(r);
    free(text);
}

static void each_puzzle(void *user, const sk_puzzle *p)
{
    static const sk_alphabet alphabets[] = {SK_ALPHABET_AUTO, SK_ALPHABET_DIGITS,
                                            SK_ALPHABET_HEX, SK_ALPHABET_LETTERS,
                                            SK_ALPHABET_NUMBERS};
    (void)user;
    if (!p->candidates)
        return;
    for (size_t a = 0; a < sizeof alphabets / sizeof alphabets[0]; a++) {
        round_trip(p, SK_FORMAT_PENCIL, alphabets[a]);
        round_trip(p, SK_FORMAT_SUKAKU, alphabets[a]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const sk_format forms[] = {SK_FORMAT_AUTO, SK_FORMAT_SUKAKU, SK_FORMAT_PENCIL};
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++)
        for (int a = SK_ALPHABET_AUTO; a <= SK_ALPHABET_NUMBERS; a++) {
            sk_read_opts o = SK_READ_OPTS_INIT;
            o.format = forms[f];
            o.alphabet = (sk_alphabet)a;
            fz_read_both(data, size, &o, each_puzzle, NULL);
            if (a == SK_ALPHABET_AUTO) {
                o.n = 9;
                fz_read_both(data, size, &o, each_puzzle, NULL);
                o.n = 6;
                o.box_rows = 2;
                o.box_cols = 3;
                fz_read_both(data, size, &o, each_puzzle, NULL);
            }
        }
    return 0;
}
