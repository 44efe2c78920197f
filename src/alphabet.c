/*
 * alphabet.c - names of forms and alphabets, symbol <-> value mapping,
 * and the choice of alphabet for a puzzle read with SK_ALPHABET_AUTO.
 *
 * Values are 1..N; 0 is an empty cell.  '.', '-', '_' and '*' are empty in
 * every alphabet; '0' is empty in DIGITS, LETTERS and NUMBERS but is the
 * first value in HEX.
 *
 * AUTO rules, applied per puzzle to the set S of its raw symbols (cells
 * and region ids, case folded):
 *   1. S holds a letter and no digit 1-9, and N <= 26      -> LETTERS
 *      (POJ 3076 grids use A-P; any letter beyond what DIGITS allows for
 *      N with no digit at all means letters)
 *   2. N == 16, S holds '0' and no 'G', and either another empty mark
 *      ('.', '-', '_', '*') or every one of 0-9 and A-F     -> HEX
 *   3. otherwise                                             -> DIGITS
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "format.h"

static const char *const format_names[] = {"auto",   "line",     "grid",   "board", "hdu4069",
                                           "pretty", "fpuzzles", "sukaku", "pencil"};
static const char *const alphabet_names[] = {"auto", "digits", "hex", "letters",
                                             "numbers"};

const char *sk_format_name(sk_format f)
{
    if ((int)f < 0 || (size_t)f >= sizeof format_names / sizeof format_names[0])
        return "unknown";
    return format_names[f];
}

int sk_format_parse(const char *name)
{
    static const struct {
        const char *name;
        sk_format f;
    } alias[] = {{"json-board", SK_FORMAT_BOARD},
                 {"leetcode", SK_FORMAT_BOARD},
                 {"json", SK_FORMAT_BOARD},
                 {"f-puzzles", SK_FORMAT_FPUZZLES},
                 {"pencilmarks", SK_FORMAT_PENCIL},
                 {"pencil-marks", SK_FORMAT_PENCIL}};
    size_t i;
    if (!name)
        return -1;
    for (i = 0; i < sizeof format_names / sizeof format_names[0]; i++)
        if (strcasecmp(name, format_names[i]) == 0)
            return (int)i;
    for (i = 0; i < sizeof alias / sizeof alias[0]; i++)
        if (strcasecmp(name, alias[i].name) == 0)
            return (int)alias[i].f;
    return -1;
}

const char *sk_alphabet_name(sk_alphabet a)
{
    if ((int)a < 0 || (size_t)a >= sizeof alphabet_names / sizeof alphabet_names[0])
        return "unknown";
    return alphabet_names[a];
}

int sk_alphabet_parse(const char *name)
{
    static const struct {
        const char *name;
        sk_alphabet a;
    } alias[] = {{"1-9", SK_ALPHABET_DIGITS},      {"0-9A-F", SK_ALPHABET_HEX},
                 {"hex16", SK_ALPHABET_HEX},       {"A-P", SK_ALPHABET_LETTERS},
                 {"A-Z", SK_ALPHABET_LETTERS},     {"poj", SK_ALPHABET_LETTERS},
                 {"decimal", SK_ALPHABET_NUMBERS}};
    size_t i;
    if (!name)
        return -1;
    for (i = 0; i < sizeof alphabet_names / sizeof alphabet_names[0]; i++)
        if (strcasecmp(name, alphabet_names[i]) == 0)
            return (int)i;
    for (i = 0; i < sizeof alias / sizeof alias[0]; i++)
        if (strcasecmp(name, alias[i].name) == 0)
            return (int)alias[i].a;
    return -1;
}

int skf_alphabet_max(sk_alphabet a)
{
    switch (a) {
    case SK_ALPHABET_AUTO:
    case SK_ALPHABET_DIGITS:
        return 35;
    case SK_ALPHABET_HEX:
        return 16;
    case SK_ALPHABET_LETTERS:
        return 26;
    default:
        return 0;
    }
}

char sk_alphabet_symbol(sk_alphabet a, int v)
{
    if (v < 1 || v > skf_alphabet_max(a))
        return 0;
    switch (a) {
    case SK_ALPHABET_AUTO:
    case SK_ALPHABET_DIGITS:
        return (char)(v <= 9 ? '0' + v : 'A' + (v - 10));
    case SK_ALPHABET_HEX:
        return (char)(v <= 10 ? '0' + (v - 1) : 'A' + (v - 11));
    case SK_ALPHABET_LETTERS:
        return (char)('A' + (v - 1));
    default:
        return 0;
    }
}

/* toupper() for ASCII only: symbols are ASCII whatever the locale. */
static inline int ascii_upper(int c) { return c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c; }

static int empty_mark(int c)
{
    return c == '.' || c == '-' || c == '_' || c == '*';
}

int skf_symbol_value(sk_alphabet a, int c)
{
    if (empty_mark(c))
        return 0;
    c = ascii_upper((unsigned char)c);
    switch (a) {
    case SK_ALPHABET_DIGITS:
        if (c == '0')
            return 0;
        if (c >= '1' && c <= '9')
            return c - '0';
        if (c >= 'A' && c <= 'Z')
            return c - 'A' + 10;
        return -1;
    case SK_ALPHABET_HEX:
        if (c >= '0' && c <= '9')
            return c - '0' + 1;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 11;
        return -1;
    case SK_ALPHABET_LETTERS:
        if (c == '0')
            return 0;
        if (c >= 'A' && c <= 'Z')
            return c - 'A' + 1;
        return -1;
    case SK_ALPHABET_NUMBERS:
        if (c >= '0' && c <= '9')
            return c - '0';
        return -1;
    default:
        return -1;
    }
}

const char *skf_show_char(int c, char buf[8])
{
    unsigned char u = (unsigned char)c;
    if (u >= 0x20 && u < 0x7f)
        snprintf(buf, 8, "%c", u);
    else
        snprintf(buf, 8, "\\x%02x", u);
    return buf;
}

const char *skf_show_token(const char *s, size_t len, char buf[4 * SKF_SHOW_MAX + 4])
{
    size_t i, at = 0;
    for (i = 0; i < len && i < SKF_SHOW_MAX; i++) {
        char one[8];
        size_t k = strlen(skf_show_char((unsigned char)s[i], one));
        memcpy(buf + at, one, k);
        at += k;
    }
    if (len > SKF_SHOW_MAX) {
        memcpy(buf + at, "...", 3);
        at += 3;
    }
    buf[at] = '\0';
    return buf;
}

sk_alphabet skf_detect_alphabet(const sk_reader *r, int n, int jigsaw)
{
    unsigned char seen[256];
    int ncells = n * n, i, c;
    int digit19 = 0, letter = 0, mark = 0, hexall = 1;

    memset(seen, 0, sizeof seen);
    for (i = 0; i < ncells; i++) {
        seen[ascii_upper((unsigned char)r->sym[i])] = 1;
        if (jigsaw)
            seen[ascii_upper((unsigned char)r->rsym[i])] = 1;
    }
    for (c = '1'; c <= '9'; c++)
        digit19 |= seen[c];
    for (c = 'A'; c <= 'Z'; c++)
        letter |= seen[c];
    mark = seen['.'] | seen['-'] | seen['_'] | seen['*'];
    for (c = 0; c < 16; c++)
        hexall &= seen[(unsigned char)"0123456789ABCDEF"[c]];

    if (letter && !digit19 && n <= 26)
        return SK_ALPHABET_LETTERS;
    if (n == 16 && seen['0'] && !seen['G'] && (mark || hexall))
        return SK_ALPHABET_HEX;
    return SK_ALPHABET_DIGITS;
}

/* Decodes one raw symbol; is_region selects the messages and forbids
 * empty marks. */
static int decode_one(sk_alphabet a, int n, int c, int is_region, long line, long col,
                      int *out, sk_diag *d)
{
    char show[8];
    int v = skf_symbol_value(a, c);
    const char *what = is_region ? "region id" : "symbol";
    if (v >= 0 && v <= n && (v > 0 || !is_region)) {
        *out = v;
        return SK_OK;
    }
    skf_show_char(c, show);
    if (v < 0)
        return skf_fail(d, line, col, "unknown %s '%s' for a %dx%d puzzle (%s alphabet)", what,
                        show, n, n, sk_alphabet_name(a));
    if (v > n)
        return skf_fail(d, line, col, "%s '%s' is %d, above %d (%s alphabet)", what, show, v, n,
                        sk_alphabet_name(a));
    if (v == 0 && is_region) {
        char lo[8], hi[8];
        skf_show_char(sk_alphabet_symbol(a, 1), lo);
        if (a == SK_ALPHABET_NUMBERS)
            snprintf(hi, sizeof hi, "%d", n);
        else
            skf_show_char(sk_alphabet_symbol(a, n), hi);
        return skf_fail(d, line, col, "region id '%s' is an empty mark, expected %s to %s", show,
                        a == SK_ALPHABET_NUMBERS ? "1" : lo, hi);
    }
    *out = v;
    return SK_OK;
}

/*
 * Region ids: the values 1..N of the alphabet (or of number tokens, whose
 * values the grid parser left in r->regions with no raw symbol), or else
 * any N different symbols used as labels ('a'-'i', '0'-'8', numbers that
 * skip one, as some collections write them), numbered in sorted order.
 */
static int decode_regions(sk_reader *r, int n, sk_alphabet a, sk_diag *d)
{
    int key[SKF_CELLS], order[SK_MAX_N + 1], ncells = n * n, nk = 0, i, j, proper = 1, v;
    uint8_t seen[SK_MAX_N + 1];
    memset(seen, 0, sizeof seen);
    for (i = 0; i < ncells; i++) {
        int c = (unsigned char)r->rsym[i];
        v = c ? skf_symbol_value(a, c) : r->regions[i];
        key[i] = c ? c : 256 + v;
        if (c && empty_mark(c))
            return decode_one(a, n, c, 1, (long)r->reg_line[i], (long)r->reg_column[i], &v, d);
        if (v < 1 || v > n)
            proper = 0;
        else
            seen[v] = 1;
    }
    for (v = 1; v <= n && proper; v++)
        proper = seen[v];
    if (proper) {
        for (i = 0; i < ncells; i++)
            r->regions[i] = (uint8_t)((r->rsym[i] ? skf_symbol_value(a, r->rsym[i])
                                                  : r->regions[i]) - 1);
        return SK_OK;
    }
    /* labels: exactly N different ids */
    for (i = 0; i < ncells && nk <= n; i++) {
        for (j = 0; j < nk && order[j] != key[i]; j++)
            ;
        if (j == nk && nk++ < n)
            order[j] = key[i];
    }
    if (nk != n) {
        /* not labels either: the first id that is not a value 1..N */
        for (i = 0; i < ncells; i++) {
            if (r->rsym[i]) {
                int st = decode_one(a, n, r->rsym[i], 1, (long)r->reg_line[i],
                                    (long)r->reg_column[i], &v, d);
                if (st != SK_OK)
                    return st;
            } else if (r->regions[i] < 1 || r->regions[i] > n) {
                return skf_fail(d, (long)r->reg_line[i], (long)r->reg_column[i],
                                "region id %d is not 1 to %d (numbers alphabet)", r->regions[i],
                                n);
            }
        }
        return skf_fail(d, (long)r->reg_line[0], (long)r->reg_column[0],
                        "region ids name %d regions, expected %d", nk, n);
    }
    for (i = 1; i < nk; i++) /* insertion sort: at most 64 ids */
        for (j = i; j > 0 && order[j - 1] > order[j]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (i = 0; i < ncells; i++) {
        for (j = 0; order[j] != key[i]; j++)
            ;
        r->regions[i] = (uint8_t)j;
    }
    return SK_OK;
}

int skf_decode(sk_reader *r, int n, int jigsaw, sk_alphabet a, sk_alphabet *used, sk_diag *d)
{
    int ncells = n * n, i, v, st;
    if (!jigsaw && n <= 9 && (a == SK_ALPHABET_AUTO || a == SK_ALPHABET_DIGITS)) {
        /* The common case first: only '0'-'9' and '.', which the digits
         * alphabet reads (and detection would choose) without a table. */
        unsigned bad = 0;
        for (i = 0; i < ncells; i++) {
            unsigned c = (unsigned char)r->sym[i];
            unsigned x = c == '.' ? 0u : c - '0';
            bad |= c != 0 && x > (unsigned)n;
            r->cells[i] = c ? (uint8_t)x : r->cells[i];
        }
        if (!bad) {
            *used = SK_ALPHABET_DIGITS;
            return SK_OK;
        }
    }
    if (a == SK_ALPHABET_AUTO)
        a = skf_detect_alphabet(r, n, jigsaw);
    *used = a;
    for (i = 0; i < ncells; i++) {
        if (r->sym[i] == '\0')
            continue;
        v = skf_symbol_value(a, r->sym[i]);
        if (v < 0 || v > n) { /* decode_one says why */
            st = decode_one(a, n, r->sym[i], 0, (long)r->cell_line[i], (long)r->cell_column[i],
                            &v, d);
            if (st != SK_OK)
                return st;
        }
        r->cells[i] = (uint8_t)v;
    }
    if (!jigsaw)
        return SK_OK;
    return decode_regions(r, n, a, d);
}
