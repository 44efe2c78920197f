/*
 * writer.c - sk_write: a grid as text, snprintf style.
 *
 *   LINE    N*N symbols ('.' empty); jigsaw: a space and N*N region ids
 *           (region k as the symbol of value k+1); one line.
 *   GRID    N rows of N symbols; NUMBERS: decimal tokens separated by one
 *           space, 0 for empty (the NOIP form); jigsaw: N more rows of ids.
 *   BOARD   the LeetCode board on one line: [["5","3",".",...],...].
 *   PRETTY  rows of space-separated cells ('.' empty, NUMBERS right
 *           aligned) with "|" between boxes and "------+-------+------"
 *           lines between bands when the geometry has rectangular boxes;
 *           jigsaw and box-less grids get the plain spaced rows.
 *   PENCIL  pencil marks (sk_write_candidates; a grid's empty cell holds
 *           every digit): each cell's candidates run together, padded
 *           to the widest, " |" between boxes and "-----+------" lines
 *           between bands as PRETTY has them, no space at a row's end;
 *           jigsaw: N rows of region ids as GRID has them.
 *   SUKAKU  pencil marks on one line: N places per cell, the digit's
 *           symbol or '.'; jigsaw: a space and N*N region ids.
 * Every text ends with a newline.  BOARD and PRETTY of a jigsaw write the
 * cells only.  HDU 4069 and AUTO forms are not written
 * (SK_EINVAL).
 */
#include <stdio.h>
#include <string.h>

#include "format.h"

typedef struct out {
    char *buf;
    size_t size;
    long len; /* bytes the whole text needs so far */
} out;

static void put(out *o, char c)
{
    if (o->size > 0 && (size_t)o->len < o->size - 1)
        o->buf[o->len] = c;
    o->len++;
}

static void put_str(out *o, const char *s)
{
    while (*s)
        put(o, *s++);
}

static void put_repeat(out *o, char c, int count)
{
    while (count-- > 0)
        put(o, c);
}

/* Number v right-aligned in width characters (0 = no padding). */
static void put_num(out *o, int v, int width)
{
    char t[16];
    int len = snprintf(t, sizeof t, "%d", v);
    put_repeat(o, ' ', width - len);
    put_str(o, t);
}

static int digits_of(int v)
{
    int k = 1;
    while (v >= 10) {
        v /= 10;
        k++;
    }
    return k;
}

/* Cell value v (0 = empty) in a one-character alphabet. */
static char sym(sk_alphabet a, int v)
{
    return v == 0 ? '.' : sk_alphabet_symbol(a, v);
}

static void write_line(out *o, const sk_geometry *g, const uint8_t *grid, sk_alphabet a)
{
    int i, cells = g->n * g->n;
    char tab[SK_MAX_N + 1]; /* the symbol of each value, looked up once */
    for (i = 0; i <= g->n; i++)
        tab[i] = sym(a, i);
    if (o->size > 0 && (size_t)o->len + (size_t)cells < o->size) {
        /* room for all: written in one pass (write_any checked the values) */
        for (i = 0; i < cells; i++)
            o->buf[o->len + i] = tab[grid[i]];
        o->len += cells;
    } else {
        for (i = 0; i < cells; i++)
            put(o, tab[grid[i]]);
    }
    if (g->regions) {
        put(o, ' ');
        for (i = 0; i < cells; i++)
            put(o, sk_alphabet_symbol(a, g->regions[i] + 1));
    }
    put(o, '\n');
}

/* N rows of values (add = 0) or region ids (add = 1: id k as k+1). */
static void write_rows(out *o, int n, const uint8_t *v, int add, sk_alphabet a)
{
    int r, c;
    for (r = 0; r < n; r++) {
        for (c = 0; c < n; c++) {
            int x = v[r * n + c] + add;
            if (a == SK_ALPHABET_NUMBERS) {
                if (c > 0)
                    put(o, ' ');
                put_num(o, x, 0);
            } else {
                put(o, sym(a, x));
            }
        }
        put(o, '\n');
    }
}

static void write_board(out *o, const sk_geometry *g, const uint8_t *grid, sk_alphabet a)
{
    int r, c, n = g->n;
    put(o, '[');
    for (r = 0; r < n; r++) {
        if (r > 0)
            put(o, ',');
        put(o, '[');
        for (c = 0; c < n; c++) {
            if (c > 0)
                put(o, ',');
            put(o, '"');
            put(o, sym(a, grid[r * n + c]));
            put(o, '"');
        }
        put(o, ']');
    }
    put_str(o, "]\n");
}

/* Box shape of g for PRETTY, or 0 when it has no rectangular boxes. */
static int pretty_box(const sk_geometry *g, int *br, int *bc)
{
    int n = g->n, s;
    if (g->regions || g->box_rows == SK_BOX_NONE)
        return 0;
    if (g->box_rows > 0) {
        *br = g->box_rows;
        *bc = g->box_cols > 0 ? g->box_cols : (n % g->box_rows == 0 ? n / g->box_rows : 0);
        return *bc > 0 && *br * *bc == n && *br < n && *bc < n;
    }
    s = skf_isqrt(n);
    if (s <= 1)
        return 0;
    *br = *bc = s;
    return 1;
}

static void write_pretty(out *o, const sk_geometry *g, const uint8_t *grid, sk_alphabet a)
{
    int n = g->n, br = n, bc = n, boxes, w, r, c;
    boxes = pretty_box(g, &br, &bc);
    if (!boxes)
        br = bc = n;
    w = a == SK_ALPHABET_NUMBERS ? digits_of(n) : 1;
    for (r = 0; r < n; r++) {
        if (boxes && r > 0 && r % br == 0) {
            int gw = bc * w + (bc - 1), groups = n / bc, k;
            for (k = 0; k < groups; k++) {
                if (k > 0)
                    put(o, '+');
                put_repeat(o, '-', gw + (k > 0) + (k < groups - 1));
            }
            put(o, '\n');
        }
        for (c = 0; c < n; c++) {
            int v = grid[r * n + c];
            if (c > 0)
                put_str(o, boxes && c % bc == 0 ? " | " : " ");
            if (a == SK_ALPHABET_NUMBERS) {
                if (v)
                    put_num(o, v, w);
                else {
                    put_repeat(o, ' ', w - 1);
                    put(o, '.');
                }
            } else {
                put(o, sym(a, v));
            }
        }
        put(o, '\n');
    }
}

/* The pencil marks of cell i: cand[i], or for a grid its digit alone or,
 * when empty, every digit. */
static uint64_t marks_of(int n, const uint64_t *cand, const uint8_t *grid, int i)
{
    if (cand)
        return cand[i];
    if (grid[i])
        return 1ull << (grid[i] - 1);
    return n == 64 ? ~0ull : (1ull << n) - 1;
}

/* The candidates of mask m as text: symbols run together, or for NUMBERS
 * (above 9) decimal numbers separated by commas.  Returns the length;
 * writes into o when it is not NULL. */
static int put_marks(out *o, int n, uint64_t m, sk_alphabet a)
{
    int len = 0;
    for (uint64_t g = m; g; g &= g - 1) {
        int v = __builtin_ctzll(g) + 1;
        if (a == SK_ALPHABET_NUMBERS && n > 9) {
            char t[8];
            int k = snprintf(t, sizeof t, g == m ? "%d" : ",%d", v);
            if (o)
                put_str(o, t);
            len += k;
        } else {
            if (o)
                put(o, sk_alphabet_symbol(a == SK_ALPHABET_NUMBERS ? SK_ALPHABET_DIGITS : a, v));
            len++;
        }
    }
    return len;
}

/* Whether cell i, open (vals[i] 0) with one candidate, is written by
 * place ("..3......"): a field of one symbol reads back as a filled cell.
 * Not with numbers above 9x9, which have no such field. */
static int by_place(int n, const uint64_t *cand, const uint8_t *vals, int i, sk_alphabet a)
{
    return vals && cand && !vals[i] && cand[i] && !(cand[i] & (cand[i] - 1)) &&
           !(a == SK_ALPHABET_NUMBERS && n > 9);
}

/* Mask m by place: N characters, the digit's symbol or '.' (sukaku's
 * cells, a pencil field of one candidate).  Returns N; writes into o when
 * it is not NULL. */
static int put_places(out *o, int n, uint64_t m, sk_alphabet a)
{
    if (a == SK_ALPHABET_NUMBERS) /* (up to 9x9, where a digit is its number) */
        a = SK_ALPHABET_DIGITS;
    for (int v = 1; o && v <= n; v++)
        put(o, m >> (v - 1) & 1 ? sk_alphabet_symbol(a, v) : '.');
    return n;
}

/* The marks of cell i as put_marks writes them, or by place. */
static int put_field(out *o, int n, const uint64_t *cand, const uint8_t *grid,
                     const uint8_t *vals, int i, sk_alphabet a)
{
    uint64_t m = marks_of(n, cand, grid, i);
    return by_place(n, cand, vals, i, a) ? put_places(o, n, m, a) : put_marks(o, n, m, a);
}

static void write_pencil(out *o, const sk_geometry *g, const uint64_t *cand,
                         const uint8_t *grid, const uint8_t *vals, sk_alphabet a)
{
    int n = g->n, br = 0, bc = 0, width = 1;
    if (!pretty_box(g, &br, &bc))
        br = bc = 0;
    for (int i = 0; i < n * n; i++) {
        int k = put_field(NULL, n, cand, grid, vals, i, a);
        if (k > width)
            width = k;
    }
    for (int r = 0; r < n; r++) {
        if (br && r && r % br == 0) {
            for (int c = 0; c < n; c++) {
                if (bc && c && c % bc == 0)
                    put_str(o, "-+");
                put_repeat(o, '-', width + (c ? 1 : 0));
            }
            put(o, '\n');
        }
        for (int c = 0; c < n; c++) {
            int k;
            if (bc && c && c % bc == 0)
                put_str(o, " |");
            if (c)
                put(o, ' ');
            k = put_field(o, n, cand, grid, vals, r * n + c, a);
            if (c < n - 1)
                put_repeat(o, ' ', width - k); /* no space at the end of a row */
        }
        put(o, '\n');
    }
    if (g->regions)
        write_rows(o, n, g->regions, 1, a);
}

static void write_sukaku(out *o, const sk_geometry *g, const uint64_t *cand,
                         const uint8_t *grid, sk_alphabet a)
{
    int n = g->n;
    for (int i = 0; i < n * n; i++)
        put_places(o, n, marks_of(n, cand, grid, i), a);
    if (g->regions) {
        put(o, ' ');
        for (int i = 0; i < n * n; i++)
            put(o, sk_alphabet_symbol(a, g->regions[i] + 1));
    }
    put(o, '\n');
}

/* Writes grid or cand (one of them NULL) in form f; see sk_write.  vals
 * (with cand, may be NULL): the filled cells, for PENCIL. */
static long write_any(char *buf, size_t size, const sk_geometry *g, const uint8_t *grid,
                      const uint64_t *cand, const uint8_t *vals, sk_format f, sk_alphabet a);

long sk_write_candidates(char *buf, size_t size, const sk_geometry *g, const uint64_t *cand,
                         sk_format f, sk_alphabet a)
{
    return sk_write_position(buf, size, g, NULL, cand, f, a);
}

long sk_write_position(char *buf, size_t size, const sk_geometry *g, const uint8_t *values,
                       const uint64_t *cand, sk_format f, sk_alphabet a)
{
    if (!cand || (f != SK_FORMAT_PENCIL && f != SK_FORMAT_SUKAKU))
        return SK_EINVAL;
    return write_any(buf, size, g, NULL, cand, values, f, a);
}

long sk_write(char *buf, size_t size, const sk_geometry *g, const uint8_t *grid, sk_format f,
              sk_alphabet a)
{
    if (!grid)
        return SK_EINVAL;
    return write_any(buf, size, g, grid, NULL, NULL, f, a);
}

/* A full 9x9 grid as a line of digits, the record of every solved puzzle
 * of a collection: checked and written in one pass (loops of a fixed
 * count, which the compiler vectorises).  0 when a value is not 1-9; then
 * the general path writes or refuses it. */
static int line81(char *restrict buf, const uint8_t *restrict grid)
{
    uint8_t bad = 0;
    for (int i = 0; i < 80; i++) {
        uint8_t v = grid[i];
        bad |= (uint8_t)(v - 1) > 8;
        buf[i] = (char)(v + '0');
    }
    bad |= (uint8_t)(grid[80] - 1) > 8;
    buf[80] = (char)(grid[80] + '0');
    buf[81] = '\n';
    buf[82] = '\0';
    return !bad;
}

static long write_any(char *buf, size_t size, const sk_geometry *g, const uint8_t *grid,
                      const uint64_t *cand, const uint8_t *vals, sk_format f, sk_alphabet a)
{
    out o;
    int n, i, cells;

    if (!g || (!buf && size > 0))
        return SK_EINVAL;
    if (f == SK_FORMAT_LINE && grid && !cand && g->n == 9 && !g->regions && size >= 83 &&
        (a == SK_ALPHABET_AUTO || a == SK_ALPHABET_DIGITS) && line81(buf, grid))
        return 82;
    n = g->n;
    if (n < 1 || n > SK_MAX_N)
        return SK_EINVAL;
    cells = n * n;
    if (a == SK_ALPHABET_AUTO)
        a = n <= skf_alphabet_max(SK_ALPHABET_DIGITS) ? SK_ALPHABET_DIGITS : SK_ALPHABET_NUMBERS;
    if ((int)a < SK_ALPHABET_DIGITS || a > SK_ALPHABET_NUMBERS)
        return SK_EINVAL;
    if (a != SK_ALPHABET_NUMBERS && n > skf_alphabet_max(a))
        return SK_EINVAL;
    if (grid) {
        int bad = 0;
        for (i = 0; i < cells; i++)
            bad |= grid[i] > n;
        if (bad)
            return SK_EINVAL;
    }
    if (g->regions)
        for (i = 0; i < cells; i++)
            if (g->regions[i] >= n)
                return SK_EINVAL;
    if (cand)
        for (i = 0; i < cells; i++)
            if (!cand[i] || (n < 64 && cand[i] >> n))
                return SK_EINVAL;

    o.buf = buf;
    o.size = size;
    o.len = 0;
    switch (f) {
    case SK_FORMAT_LINE:
        if (a == SK_ALPHABET_NUMBERS)
            return SK_EINVAL;
        write_line(&o, g, grid, a);
        break;
    case SK_FORMAT_GRID:
        write_rows(&o, n, grid, 0, a);
        if (g->regions)
            write_rows(&o, n, g->regions, 1, a);
        break;
    case SK_FORMAT_BOARD:
        if (a == SK_ALPHABET_NUMBERS)
            return SK_EINVAL;
        write_board(&o, g, grid, a);
        break;
    case SK_FORMAT_PRETTY:
        write_pretty(&o, g, grid, a);
        break;
    case SK_FORMAT_PENCIL:
        write_pencil(&o, g, cand, grid, vals, a);
        break;
    case SK_FORMAT_SUKAKU:
        if (a == SK_ALPHABET_NUMBERS)
            return SK_EINVAL;
        write_sukaku(&o, g, cand, grid, a);
        break;
    default:
        return SK_EINVAL;
    }
    if (size > 0)
        buf[(size_t)o.len < size ? (size_t)o.len : size - 1] = '\0';
    return o.len;
}
