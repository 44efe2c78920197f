/*
 * logic_text.c - a step of the logical solver told in one sentence that a
 * person can check on paper (sk_step_describe).
 *
 * The sentence starts with what the step concludes when it places a digit
 * ("r4c5 = 7: ..."), then names the technique and the pattern that
 * justifies it, then the candidates it removes ("removes 3 from r2c5,
 * r2c8").  Everything comes from the public fields of sk_step and the
 * model's own names for its houses, so jigsaw regions, diagonals and the
 * houses of larger grids are named as the rest of the library names them.
 *
 * The text is built by a small writer that never writes past the end of
 * the caller's buffer: once a piece does not fit, the writer stops, and
 * the end of the buffer is marked "..." so that a cut text is never taken
 * for a whole one.  Every loop stops as soon as the writer is full, so a
 * step with thousands of eliminations costs no more than the buffer holds.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "sudokit.h"

/* Where the text goes: buf[0..len) written, always NUL-terminated. */
typedef struct writer {
    char *buf;
    size_t size;
    size_t len;
    int cut;                /* something did not fit */
    const sk_model *m;      /* may be NULL */
    int n;                  /* side of m's grid, 0 without a model */
    sk_alphabet alphabet;
    int plural;             /* the name written is plural ("... chains") */
} writer;

static void putf(writer *w, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void putf(writer *w, const char *fmt, ...)
{
    va_list ap;
    int need;
    size_t room;
    if (w->cut)
        return;
    room = w->size - w->len;
    va_start(ap, fmt);
    need = vsnprintf(w->buf + w->len, room, fmt, ap);
    va_end(ap);
    if (need < 0) {
        w->buf[w->len] = '\0';
        w->cut = 1;
    } else if ((size_t)need >= room) {
        w->len = w->size - 1;
        w->cut = 1;
    } else {
        w->len += (size_t)need;
    }
}

static void puts_(writer *w, const char *s)
{
    putf(w, "%s", s);
}

/* ---- names of cells, digits, houses ---------------------------------- */

static void put_cell(writer *w, int cell)
{
    if (w->n > 0 && cell >= 0 && cell < w->n * w->n)
        putf(w, "r%dc%d", cell / w->n + 1, cell % w->n + 1);
    else
        putf(w, "cell %d", cell);
}

static void put_digit(writer *w, int d)
{
    sk_alphabet a = w->alphabet;
    char c;
    if (a == SK_ALPHABET_AUTO)
        a = w->n <= 35 ? SK_ALPHABET_DIGITS : SK_ALPHABET_NUMBERS;
    c = sk_alphabet_symbol(a, d);
    if (c)
        putf(w, "%c", c);
    else
        putf(w, "%d", d);
}

/* "1,7": the digits of a mask, bit d-1 for d. */
static void put_digits(writer *w, uint64_t mask)
{
    int first = 1;
    for (int d = 1; d <= 64 && mask && !w->cut; d++, mask >>= 1)
        if (mask & 1) {
            if (!first)
                puts_(w, ",");
            put_digit(w, d);
            first = 0;
        }
}

/* The lowest digit of a mask, or 0. */
static int first_digit(uint64_t mask)
{
    return mask ? __builtin_ctzll(mask) + 1 : 0;
}

/* "r1c1, r1c5" */
static void put_cells(writer *w, const int *cells, int count)
{
    for (int i = 0; i < count && !w->cut; i++) {
        if (i)
            puts_(w, ", ");
        put_cell(w, cells[i]);
    }
}

static const char *house_name(const writer *w, int h, char *buf, size_t size)
{
    return sk_model_house_name(w->m, h, buf, size);
}

/* Length of the kind word of a house name ("row 3" -> 3), or 0 when the
 * name is not a word followed by a number. */
static size_t kind_length(const char *name)
{
    const char *sp = strrchr(name, ' ');
    if (!sp || sp == name || sp[1] < '0' || sp[1] > '9')
        return 0;
    for (const char *p = sp + 1; *p; p++)
        if (*p < '0' || *p > '9')
            return 0;
    return (size_t)(sp - name);
}

/* "rows 2 and 7", "columns 1, 4 and 8" when the houses are of one kind,
 * else "row 2, column 3 and box 1". */
static void put_houses(writer *w, const int *houses, int count)
{
    char first[64], name[64];
    size_t kind;
    int same = count > 1;
    if (count <= 0)
        return;
    house_name(w, houses[0], first, sizeof first);
    kind = kind_length(first);
    same = same && kind > 0;
    for (int i = 1; i < count && same; i++) {
        house_name(w, houses[i], name, sizeof name);
        same = kind_length(name) == kind && strncmp(name, first, kind) == 0;
    }
    if (same) {
        /* box -> boxes, row -> rows */
        putf(w, "%.*s%s ", (int)kind, first, first[kind - 1] == 'x' ? "es" : "s");
    }
    for (int i = 0; i < count && !w->cut; i++) {
        if (i)
            puts_(w, i + 1 == count ? " and " : ", ");
        house_name(w, houses[i], name, sizeof name);
        puts_(w, same ? name + kind + 1 : name);
    }
}

/* The house of the same kind as house `like` ("box", "row", "region"...)
 * that holds cell, or -1. */
static int house_like(const writer *w, int like, int cell)
{
    char want[64], name[64];
    size_t kind;
    int count = w->m ? sk_model_house_count(w->m) : 0;
    house_name(w, like, want, sizeof want);
    kind = kind_length(want);
    if (!kind)
        return -1;
    for (int h = 0; h < count; h++) {
        const uint16_t *cells;
        int size = sk_model_house(w->m, h, &cells);
        house_name(w, h, name, sizeof name);
        if (kind_length(name) != kind || strncmp(name, want, kind) != 0)
            continue;
        for (int i = 0; i < size; i++)
            if (cells[i] == cell)
                return h;
    }
    return -1;
}

/* The technique's name as it reads inside a sentence: SE's capitalised
 * words in lower case ("Hidden Single" -> "hidden single"), but letters
 * that are names of their own kept ("X-Wing" -> "X-wing", "XY-Wing" ->
 * "XY-wing", "BUG", "Nishio"). */
static void put_name(writer *w, const sk_step *s)
{
    char name[96];
    sk_step_name(s, name, sizeof name);
    for (char *p = name; *p; p++) {
        int starts = p == name || p[-1] == ' ' || p[-1] == '-' || p[-1] == '(';
        if (!starts || *p < 'A' || *p > 'Z' || p[1] < 'a' || p[1] > 'z')
            continue;
        if (strncmp(p, "Nishio", 6) == 0)
            continue;
        *p = (char)(*p - 'A' + 'a');
    }
    puts_(w, name);
    /* "cell forcing chains remove", "forcing chain removes" */
    w->plural = strstr(name, "chains") != NULL;
}

/* ---- what a step concludes ------------------------------------------- */

static int places(const sk_step *s)
{
    return s->cell >= 0 && s->digit > 0;
}

/* "r4c5 = 7" */
static void put_placement(writer *w, const sk_step *s)
{
    put_cell(w, s->cell);
    puts_(w, " = ");
    put_digit(w, s->digit);
}

static int nelim(const sk_step *s)
{
    return s->elim && s->nelim > 0 ? s->nelim : 0;
}

/* The digits step s removes from the cell of its i-th elimination. */
static uint64_t elim_mask(const sk_step *s, int i)
{
    uint64_t mask = 0;
    for (int j = 0; j < nelim(s); j++)
        if (s->elim[j].cell == s->elim[i].cell && s->elim[j].digit >= 1 && s->elim[j].digit <= 64)
            mask |= 1ull << (s->elim[j].digit - 1);
    return mask;
}

/* 1 when the i-th elimination's cell is among the earlier ones'. */
static int cell_before(const sk_step *s, int i)
{
    for (int j = 0; j < i; j++)
        if (s->elim[j].cell == s->elim[i].cell)
            return 1;
    return 0;
}

/* Distinct cells among the eliminations, counted up to cap. */
static int elim_cells(const sk_step *s, int cap)
{
    int count = 0;
    for (int i = 0; i < nelim(s) && count < cap; i++)
        count += !cell_before(s, i);
    return count;
}

/* Techniques that remove the other candidates of their own cells. */
static int hidden_set(int t)
{
    return t == SK_TECH_HIDDEN_PAIR || t == SK_TECH_HIDDEN_TRIPLE || t == SK_TECH_HIDDEN_QUAD ||
           t == SK_TECH_DIRECT_HIDDEN_PAIR || t == SK_TECH_DIRECT_HIDDEN_TRIPLE;
}

/*
 * "removes 3 from r2c5, r2c8": grouped by digit ("removes 1 from r3c2,
 * r3c4; 7 from r3c9"), or by cell when fewer cells than digits lose
 * candidates (and for hidden sets when there are as many), as the cells
 * of a hidden set do ("removes 2,5 from r1c1; 4 from r1c3").
 */
static void put_elims(writer *w, const sk_step *s)
{
    const int count = nelim(s);
    uint64_t digits = 0;
    int groups = 0, odd = 0, ndigits, ncells;
    if (!count)
        return;
    for (int i = 0; i < count; i++) {
        if (s->elim[i].digit >= 1 && s->elim[i].digit <= 64)
            digits |= 1ull << (s->elim[i].digit - 1);
        else
            odd = 1;
    }
    puts_(w, w->plural ? "remove " : "removes ");
    ndigits = __builtin_popcountll(digits);
    ncells = odd ? 0 : elim_cells(s, ndigits + 1);
    if (!odd && (ncells < ndigits || (ncells == ndigits && hidden_set(s->technique)))) {
        for (int i = 0; i < count && !w->cut; i++) {
            if (cell_before(s, i))
                continue;
            if (groups++)
                puts_(w, "; ");
            put_digits(w, elim_mask(s, i));
            puts_(w, " from ");
            put_cell(w, s->elim[i].cell);
        }
        return;
    }
    if (odd) {
        /* digits out of range: each elimination as it is */
        for (int i = 0; i < count && !w->cut; i++) {
            if (i)
                puts_(w, ", ");
            put_digit(w, s->elim[i].digit);
            puts_(w, " from ");
            put_cell(w, s->elim[i].cell);
        }
        return;
    }
    for (int d = 1; d <= 64 && !w->cut; d++) {
        int k = 0;
        if (!(digits >> (d - 1) & 1))
            continue;
        if (groups++)
            puts_(w, "; ");
        put_digit(w, d);
        puts_(w, " from ");
        for (int i = 0; i < count && !w->cut; i++)
            if (s->elim[i].digit == d) {
                if (k++)
                    puts_(w, ", ");
                put_cell(w, s->elim[i].cell);
            }
    }
}

/*
 * " removes 3,4,5,6 from r1c1, r1c2; 1 from r2c3": the cells that lose the
 * same digits together, in the order of the eliminations (a variant
 * rule's step, which often takes the same digits out of all its cells).
 */
static void put_elims_merged(writer *w, const sk_step *s)
{
    const int count = nelim(s);
    int groups = 0;
    for (int i = 0; i < count; i++)
        if (s->elim[i].digit < 1 || s->elim[i].digit > 64) {
            puts_(w, " ");
            put_elims(w, s); /* digits out of range: as they are */
            return;
        }
    if (!count)
        return;
    puts_(w, w->plural ? " remove " : " removes ");
    for (int i = 0; i < count && !w->cut; i++) {
        uint64_t mask = elim_mask(s, i);
        int done = cell_before(s, i);
        for (int j = 0; j < i && !done; j++)
            done = !cell_before(s, j) && elim_mask(s, j) == mask;
        if (done)
            continue; /* its group is written */
        if (groups++)
            puts_(w, "; ");
        put_digits(w, mask);
        puts_(w, " from ");
        put_cell(w, s->elim[i].cell);
        for (int j = i + 1; j < count && !w->cut; j++)
            if (!cell_before(s, j) && elim_mask(s, j) == mask) {
                puts_(w, ", ");
                put_cell(w, s->elim[j].cell);
            }
    }
}

/* The eliminations as the end of a sentence (" removes ..."), unless the
 * step is direct: then they only explain the placement. */
static void put_result_tail(writer *w, const sk_step *s)
{
    if (nelim(s) && !s->direct) {
        puts_(w, " ");
        put_elims(w, s);
    }
}

/* The cells the eliminations of one digit leave, for the direct steps:
 * "r2c7, r2c8". */
static void put_elim_cells(writer *w, const sk_step *s)
{
    for (int i = 0; i < nelim(s) && !w->cut; i++) {
        if (i)
            puts_(w, ", ");
        put_cell(w, s->elim[i].cell);
    }
}

/* ---- chains ------------------------------------------------------------ */

static void put_node(writer *w, const sk_node *node)
{
    put_cell(w, node->cell);
    puts_(w, node->on ? "=" : "<>");
    put_digit(w, node->digit);
}

/* "r9c2 + r8c1 - r4c1 = 2": the first ncells - minus cells of a sum the
 * rules imply, less the last minus; both sides negated when the total is
 * below 0 ("r9c2 - r4c1 = 2", not "r4c1 - r9c2 = -2").  cell(i) is
 * cells[i] of an int or a uint16_t array. */
static void put_sum(writer *w, const int *icells, const uint16_t *scells, int ncells, int minus,
                    int total)
{
    int flip = total < 0 && minus > 0, k = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < ncells && !w->cut; i++) {
            int neg = i >= ncells - minus;
            if (neg != (pass != flip))
                continue;
            if (k++ || pass)
                puts_(w, pass ? (k > 1 ? " - " : "-") : " + ");
            put_cell(w, icells ? icells[i] : scells[i]);
        }
    putf(w, " = %d", flip ? -total : total);
}

static int cmp_cell(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The rules a union of sums (SKX_SRC_UNION) adds up, found again: cages
 * and little killers that lie wholly in its cells and cover each of them
 * once, with values that make its total (a search over the candidates:
 * a little killer may hold a cage that is not a part).  The number of
 * parts, or 0 when no such cover is found. */
typedef struct cover {
    const sk_model *m;
    uint8_t in[SK_MAX_N * SK_MAX_N]; /* 1: a cell to cover, 2: covered */
    int cand[64], ncand;             /* the rules inside */
    int *parts, np, room;
    int left, total;                 /* cells to cover, total to make */
    long steps;                      /* bound on the search */
} cover;

static int cover_from(cover *k)
{
    if (k->left == 0)
        return k->total == 0;
    if (++k->steps > 4096)
        return 0;
    int first = -1; /* the first cell left, in the candidates' order */
    for (int i = 0; i < k->ncand && first < 0; i++) {
        const sk_rule *r = sk_model_rule(k->m, k->cand[i]);
        for (int j = 0; j < r->ncells && first < 0; j++)
            if (k->in[r->cells[j]] == 1)
                first = r->cells[j];
    }
    for (int i = 0; i < k->ncand && first >= 0 && k->np < k->room; i++) {
        const sk_rule *r = sk_model_rule(k->m, k->cand[i]);
        int has = 0, free_ = 1;
        for (int j = 0; j < r->ncells; j++) {
            has |= r->cells[j] == first;
            free_ &= k->in[r->cells[j]] == 1;
        }
        if (!has || !free_)
            continue;
        for (int j = 0; j < r->ncells; j++)
            k->in[r->cells[j]] = 2;
        k->parts[k->np++] = k->cand[i];
        k->left -= r->ncells;
        k->total -= r->value;
        if (cover_from(k))
            return 1;
        k->total += r->value;
        k->left += r->ncells;
        k->np--;
        for (int j = 0; j < r->ncells; j++)
            k->in[r->cells[j]] = 1;
    }
    return 0;
}

static int union_parts(const sk_model *m, const skx_con *c, int *parts, int room)
{
    cover *k = calloc(1, sizeof *k);
    if (!k)
        return 0;
    const uint16_t *cells = m->con_cells + c->cell_off;
    k->m = m;
    for (uint32_t j = 0; j < c->ncells; j++)
        k->in[cells[j]] = 1;
    for (int x = 0; x < sk_model_rule_count(m) && k->ncand < 64; x++) {
        const sk_rule *r = sk_model_rule(m, x);
        int inside = (r->kind == SK_RULE_CAGE || r->kind == SK_RULE_LITTLE_KILLER) &&
                     r->value > 0 && r->ncells > 0;
        for (int j = 0; j < r->ncells && inside; j++)
            inside = k->in[r->cells[j]] == 1;
        if (inside)
            k->cand[k->ncand++] = x;
    }
    k->parts = parts;
    k->room = room;
    k->left = (int)c->ncells;
    k->total = skx_implied_total(m, c);
    int np = cover_from(k) ? k->np : 0;
    free(k);
    return np;
}

/* Where a sum or set the rules imply comes from: "innies of rows 1-3",
 * "outies of box 5", "innies and outies of column 4", "killer cage 10 at
 * r1c1 and little killer 18 from r1c9 together"; "implied" when the
 * model does not say. */
static void put_source(writer *w, const skx_con *c)
{
    static const char *const what[] = {"", "innies of ", "outies of ", "innies and outies of "};
    static const char *const plural[] = {"rows", "columns", "boxes", "regions"};
    const sk_model *m = w->m;
    int src = c->src, kind = SKX_SRC_KIND(src), a = SKX_SRC_FIRST(src), b = SKX_SRC_LAST(src);
    char name[128];
    if (SKX_SRC_WHAT(src) == SKX_SRC_UNION) {
        int parts[64], np = union_parts(m, c, parts, 64), one = np > 0;
        for (int i = 1; i < np; i++)
            one &= sk_model_rule(m, parts[i])->kind == sk_model_rule(m, parts[0])->kind;
        for (int i = 0; i < np && !w->cut; i++) {
            /* "killer cages 16 at r1c1, 24 at r2c2 and 17 at r8c1" */
            const char *rk = sk_rule_name(sk_model_rule(m, parts[i])->kind), *d;
            size_t kl = rk ? strlen(rk) : 0;
            d = sk_model_rule_describe(m, parts[i], name, sizeof name);
            puts_(w, i == 0 ? "" : i + 1 < np ? ", " : " and ");
            if (one && kl && strncmp(d, rk, kl) == 0 && d[kl] == ' ') {
                if (i == 0)
                    putf(w, "%ss", rk);
                d += i == 0 ? kl : kl + 1;
            }
            puts_(w, d);
        }
        puts_(w, np ? " together" : "implied");
        return;
    }
    if (SKX_SRC_WHAT(src) < SKX_SRC_INNIES || SKX_SRC_WHAT(src) > SKX_SRC_BOTH) {
        puts_(w, "implied");
        return;
    }
    puts_(w, what[SKX_SRC_WHAT(src)]);
    if (kind == SKX_SRC_HOUSE) { /* one house: its own name ("row 3", "main diagonal");
                                    a range is of two houses or more */
        puts_(w, sk_model_house_name(m, a, name, sizeof name));
        return;
    }
    putf(w, "%s %d-%d", kind < 4 ? plural[kind] : "houses", (a < b ? a : b) + 1, (a < b ? b : a) + 1);
}

/* The constraint of rule -1 over exactly these cells (the last minus
 * negated) making total, or NULL. */
static const skx_con *implied_con(const sk_model *m, const int *cells, int ncells, int minus,
                                  int total)
{
    for (int x = 0; m && x < m->ncons; x++) {
        const skx_con *c = &m->cons[x];
        if (c->rule != -1 || (int)c->ncells != ncells ||
            (c->type == SKX_SUM ? (int)c->aux : 0) != minus || skx_implied_total(m, c) != total)
            continue;
        int same = 1;
        for (int j = 0; j < ncells && same; j++)
            same = m->con_cells[c->cell_off + (uint32_t)j] == cells[j];
        if (same)
            return c;
    }
    return NULL;
}

/* The constraint an implied-sum step (rule -1) narrowed, or NULL. */
static const skx_con *step_con(const sk_model *m, const sk_step *s)
{
    if (s->technique != SK_TECH_VARIANT_RULE || s->rule >= 0 || s->ncells <= 0 || !s->cells)
        return NULL;
    int minus = s->subtype < 0 ? 0 : s->subtype > s->ncells ? s->ncells : s->subtype;
    return implied_con(m, s->cells, s->ncells, minus, s->total);
}

/* A variant rule step's rule (rule >= 0, w->m set), and the second on
 * the same two cells: "killer cage 15 at r1c1", "nonconsecutive and
 * negative black dots", "... and other rules". */
static void put_step_rules(writer *w, const sk_step *s)
{
    char what[160];
    puts_(w, sk_model_rule_describe(w->m, s->rule, what, sizeof what));
    if (s->rule2 >= 0) { /* two rules on one pair of cells */
        puts_(w, " and ");
        puts_(w, sk_model_rule_describe(w->m, s->rule2, what, sizeof what));
    } else if (s->rule2 < -1) {
        puts_(w, " and other rules");
    }
}

/* What a variant rule's link follows from, without parentheses: "killer
 * cage 15 at r1c1"; "nonconsecutive and negative black dots" for two
 * rules' relation on the same two cells; "innies of row 1: r1c1 + r1c2 =
 * 10" for a sum the rules imply together, named by where it comes from
 * (put_source; rule < 0: -2 less the model's constraint).  Nothing for
 * rule 0. */
static void put_rule_of_link(writer *w, int rule)
{
    char what[128];
    const sk_model *m = w->m;
    if (rule == 0)
        return;
    if (rule > 0) { /* (without a model: "rule 3") */
        puts_(w, sk_model_rule_describe(m, rule - 1, what, sizeof what));
        return;
    }
    if (!m || rule > -2 || -2 - rule >= m->ncons) {
        puts_(w, "implied by the rules");
        return;
    }
    const skx_con *c = &m->cons[-2 - rule];
    if (c->rule >= 0) {
        puts_(w, sk_model_rule_describe(m, c->rule, what, sizeof what));
        if (c->rule2 >= 0)
            putf(w, " and %s", sk_model_rule_describe(m, c->rule2, what, sizeof what));
        else
            puts_(w, " and other rules");
        return;
    }
    put_source(w, c);
    puts_(w, ": ");
    if (SKX_SRC_WHAT(c->src) == SKX_SRC_UNION && c->type == SKX_SUM && !c->aux &&
        c->ncells <= 4 * SK_MAX_N) {
        /* the parts' cells one after another: written in grid order (a
           union has at most 4N cells) */
        int cells[4 * SK_MAX_N];
        for (uint32_t j = 0; j < c->ncells; j++)
            cells[j] = m->con_cells[c->cell_off + j];
        qsort(cells, c->ncells, sizeof *cells, cmp_cell);
        put_sum(w, cells, NULL, (int)c->ncells, 0, skx_implied_total(m, c));
        return;
    }
    put_sum(w, NULL, m->con_cells + c->cell_off, (int)c->ncells,
            c->type == SKX_SUM ? (int)c->aux : 0, skx_implied_total(m, c));
}

/* 1 when branch[0..nbranches] are offsets that split nodes in order. */
static int branches_valid(const sk_step *s)
{
    if (!s->branch || s->nbranches <= 0)
        return 0;
    if (s->branch[0] != 0 || s->branch[s->nbranches] != s->nnodes)
        return 0;
    for (int k = 0; k < s->nbranches; k++)
        if (s->branch[k] > s->branch[k + 1])
            return 0;
    return 1;
}

/* "r1c2=5 -> r1c7<>5 -> r3c8=5; r1c2<>5 -> ...": each branch, or every
 * node as one branch when the offsets do not split them. */
static void put_chains(writer *w, const sk_step *s)
{
    int valid = branches_valid(s), nb = valid ? s->nbranches : 1;
    for (int k = 0; k < nb && !w->cut; k++) {
        int from = valid ? s->branch[k] : 0, to = valid ? s->branch[k + 1] : s->nnodes;
        if (k)
            puts_(w, "; ");
        for (int i = from; i < to && !w->cut; i++) {
            if (i > from)
                puts_(w, " -> ");
            put_node(w, &s->nodes[i]);
            if (i > from && s->nodes[i].rule) {
                puts_(w, " (");
                put_rule_of_link(w, s->nodes[i].rule);
                puts_(w, ")");
            }
        }
    }
}

static int is_chain(int t)
{
    return t >= SK_TECH_X_CYCLE && t <= SK_TECH_DYNAMIC_REGION_CHAINS &&
           t != SK_TECH_ALIGNED_TRIPLE_EXCLUSION;
}

/* ---- the sentences ------------------------------------------------------ */

/* Placement first when there is one, then the name. */
static void put_head(writer *w, const sk_step *s)
{
    if (places(s)) {
        put_placement(w, s);
        puts_(w, ": ");
    }
    put_name(w, s);
}

static void describe_locked(writer *w, const sk_step *s)
{
    int d = first_digit(s->digits);
    if (!s->direct || !places(s)) {
        put_head(w, s);
        puts_(w, ": ");
        put_digits(w, s->digits);
        puts_(w, " in ");
        put_houses(w, s->houses, 1);
        puts_(w, " is locked in ");
        put_houses(w, s->houses + 1, 1);
        if (nelim(s)) {
            puts_(w, ", ");
            put_elims(w, s);
        }
        return;
    }
    /* direct: the eliminations leave a house one place for the digit */
    int h = house_like(w, s->houses[0], s->cell);
    put_placement(w, s);
    puts_(w, ": ");
    put_name(w, s);
    puts_(w, ": ");
    put_digit(w, d ? d : s->digit);
    puts_(w, " in ");
    put_houses(w, s->houses, 1);
    puts_(w, " is locked in ");
    put_houses(w, s->houses + 1, 1);
    if (nelim(s)) {
        puts_(w, "; without it in ");
        put_elim_cells(w, s);
        puts_(w, ", ");
    } else {
        puts_(w, ", so ");
    }
    if (h >= 0) {
        put_houses(w, &h, 1);
        puts_(w, " has one place left for ");
        put_digit(w, s->digit);
    } else {
        put_cell(w, s->cell);
        puts_(w, " is the only place left for ");
        put_digit(w, s->digit);
    }
}

static void describe_set(writer *w, const sk_step *s, int ncells, int nhouses)
{
    if (s->direct && places(s)) {
        put_placement(w, s);
        puts_(w, ": ");
        put_name(w, s);
        puts_(w, ": ");
        put_digits(w, s->digits);
        if (nhouses) {
            puts_(w, " in ");
            put_houses(w, s->houses, 1);
        }
        puts_(w, " only fit in ");
        put_cells(w, s->cells, ncells);
        puts_(w, ", so ");
        put_digit(w, s->digit);
        puts_(w, " has one place left");
        if (nhouses) {
            puts_(w, " in ");
            put_houses(w, s->houses, 1);
        }
        return;
    }
    put_head(w, s);
    puts_(w, " ");
    put_digits(w, s->digits);
    puts_(w, " in ");
    put_cells(w, s->cells, ncells);
    if (nhouses) {
        puts_(w, " (");
        put_houses(w, s->houses, 1);
        puts_(w, ")");
    }
    put_result_tail(w, s);
}

static void describe(writer *w, const sk_step *s)
{
    int ncells = s->cells && s->ncells > 0 ? s->ncells : 0;
    int nhouses = s->nhouses < 0 ? 0 : s->nhouses > 8 ? 8 : s->nhouses;
    switch (s->technique) {
    case SK_TECH_FULL_HOUSE:
    case SK_TECH_HIDDEN_SINGLE:
    case SK_TECH_NAKED_SINGLE:
        put_head(w, s);
        if (nhouses && s->technique != SK_TECH_NAKED_SINGLE) {
            puts_(w, " in ");
            put_houses(w, s->houses, 1);
        }
        put_result_tail(w, s);
        return;
    case SK_TECH_POINTING:
    case SK_TECH_CLAIMING:
    case SK_TECH_DIRECT_POINTING:
    case SK_TECH_DIRECT_CLAIMING:
        if (nhouses < 2)
            break;
        describe_locked(w, s);
        return;
    case SK_TECH_DIRECT_HIDDEN_PAIR:
    case SK_TECH_DIRECT_HIDDEN_TRIPLE:
    case SK_TECH_NAKED_PAIR:
    case SK_TECH_NAKED_TRIPLE:
    case SK_TECH_NAKED_QUAD:
    case SK_TECH_HIDDEN_PAIR:
    case SK_TECH_HIDDEN_TRIPLE:
    case SK_TECH_HIDDEN_QUAD:
        describe_set(w, s, ncells, nhouses);
        return;
    case SK_TECH_X_WING:
    case SK_TECH_SWORDFISH:
    case SK_TECH_JELLYFISH:
        if (nhouses < 2)
            break;
        put_head(w, s);
        puts_(w, " on ");
        put_digits(w, s->digits);
        puts_(w, " in ");
        put_houses(w, s->houses, nhouses / 2);
        puts_(w, " (");
        put_houses(w, s->houses + nhouses / 2, nhouses - nhouses / 2);
        puts_(w, ")");
        put_result_tail(w, s);
        return;
    case SK_TECH_XY_WING:
    case SK_TECH_XYZ_WING:
        if (ncells < 3)
            break;
        put_head(w, s);
        puts_(w, " with pivot ");
        put_cell(w, s->cells[0]);
        puts_(w, " and wings ");
        put_cells(w, s->cells + 1, ncells - 1);
        put_result_tail(w, s);
        return;
    case SK_TECH_UNIQUE_RECTANGLE:
    case SK_TECH_UNIQUE_LOOP:
        break; /* the general sentence: digits, then the loop's cells */
    case SK_TECH_BUG:
        put_head(w, s);
        if (ncells && s->digits) {
            puts_(w, ": ");
            put_cells(w, s->cells, ncells);
            puts_(w, ncells == 1 ? " holds " : " hold ");
            put_digits(w, s->digits);
            puts_(w, " beyond the bivalue grave");
            if (nelim(s) && !s->direct)
                puts_(w, ",");
        }
        put_result_tail(w, s);
        return;
    case SK_TECH_VARIANT_RULE:
        /* "killer cage 15 at r1c1 removes ...", or a sum the rules imply
           together: "r1c1 + r2c1 - r3c3 = 4 (innies and outies of rows
           1-3)", or "(implied by the rules)" when the model does not say
           where it comes from */
        put_head(w, s);
        if (s->rule >= 0 && w->m) {
            puts_(w, ": ");
            put_step_rules(w, s);
            if (s->subtype == 2 && s->nelim == 1) {
                /* a candidate the rule cannot live with */
                puts_(w, " cannot hold with ");
                put_digit(w, s->elim[0].digit);
                puts_(w, " in ");
                put_cell(w, s->elim[0].cell);
                puts_(w, ",");
            } else if (nhouses && s->digits) {
                /* a digit the rule's cells must hold, locked in a house,
                   or (subtype 1) that its cells in a house must hold */
                puts_(w, s->rule2 != -1 ? " must together hold " : " must hold ");
                put_digits(w, s->digits);
                puts_(w, s->subtype == 1 ? " in " : ", locked in ");
                put_houses(w, s->houses, 1);
                puts_(w, ",");
            } else {
                w->plural = s->rule2 != -1;
                if (s->subtype == 3 && s->rule2 >= 0) /* two rules that meet */
                    puts_(w, " together");
            }
        } else if (s->rule < 0 && ncells) {
            /* the added cells, then the subtracted ones; both sides
               negated when the total is below 0 ("r9c2 - r4c1 = 2", not
               "r4c1 - r9c2 = -2") */
            int minus = s->subtype < 0 ? 0 : s->subtype > ncells ? ncells : s->subtype;
            puts_(w, ": ");
            put_sum(w, s->cells, NULL, ncells, minus, s->total);
            const skx_con *c = step_con(w->m, s);
            if (c && c->src) { /* "(innies of rows 1-3)" */
                puts_(w, " (");
                put_source(w, c);
                puts_(w, ")");
            } else {
                puts_(w, " (implied by the rules)");
            }
        }
        put_elims_merged(w, s);
        return;
    case SK_TECH_ALIGNED_PAIR_EXCLUSION:
    case SK_TECH_ALIGNED_TRIPLE_EXCLUSION:
        put_head(w, s);
        if (ncells) {
            puts_(w, " on ");
            put_cells(w, s->cells, ncells);
        }
        put_result_tail(w, s);
        return;
    default:
        break;
    }
    if (is_chain(s->technique)) {
        /* the conclusion, then each branch as a clause of its own (a
           placement says it all: the cell's other candidates go) */
        put_head(w, s);
        if (s->cell < 0)
            put_result_tail(w, s);
        if (s->nodes && s->nnodes > 0) {
            puts_(w, ": ");
            put_chains(w, s);
        }
        return;
    }
    /* any other step (or one whose fields do not fit its technique): the
       name, then whatever the step holds */
    put_head(w, s);
    if (s->digits) {
        puts_(w, " on ");
        put_digits(w, s->digits);
    }
    if (ncells) {
        puts_(w, " in ");
        put_cells(w, s->cells, ncells);
    }
    if (nhouses) {
        puts_(w, " (");
        put_houses(w, s->houses, nhouses);
        puts_(w, ")");
    }
    put_result_tail(w, s);
    if (s->nodes && s->nnodes > 0) {
        puts_(w, ": ");
        put_chains(w, s);
    }
}

static void writer_init(writer *w, const sk_model *m, sk_alphabet a, char *buf, size_t size)
{
    buf[0] = '\0';
    w->buf = buf;
    w->size = size;
    w->len = 0;
    w->cut = 0;
    w->m = m;
    w->n = m ? sk_model_n(m) : 0;
    w->alphabet = a;
    w->plural = 0;
}

static char *writer_end(writer *w)
{
    if (w->cut && w->size >= 4)
        memcpy(w->buf + w->size - 4, "...", 4);
    return w->buf;
}

char *sk_step_describe(const sk_model *m, const sk_step *s, sk_alphabet a, char *buf,
                       size_t size)
{
    writer w;
    if (!buf || size == 0)
        return buf;
    writer_init(&w, m, a, buf, size);
    if (!s)
        puts_(&w, "no step");
    else
        describe(&w, s);
    return writer_end(&w);
}

uint64_t sk_step_vague_digits(const sk_step *s, const uint64_t *cand)
{
    if (!s)
        return 0;
    uint64_t keep = s->digits;
    if (s->cell >= 0 && s->digit > 0)
        keep &= ~(1ull << (s->digit - 1));
    /* a digit a cell of the step is left alone with (BUG type 1 leaves
       it so): placed as surely (direct steps remove nothing) */
    for (int i = 0; cand && !s->direct && s->cells && i < s->ncells; i++) {
        int c = s->cells[i];
        uint64_t left = cand[c];
        for (int e = 0; e < s->nelim; e++)
            if (s->elim[e].cell == c)
                left &= ~(1ull << (s->elim[e].digit - 1));
        if (left && !(left & (left - 1)))
            keep &= ~left;
    }
    return keep;
}

char *sk_step_describe_vague(const sk_model *m, const sk_step *s, const uint64_t *cand,
                             int level, sk_alphabet a, char *buf, size_t size)
{
    writer w;
    char name[96];
    if (!buf || size == 0)
        return buf;
    writer_init(&w, m, a, buf, size);
    if (!s) {
        puts_(&w, "no step");
        return writer_end(&w);
    }
    puts_(&w, sk_step_name(s, name, sizeof name));
    if (level < 2)
        return writer_end(&w);
    if (s->technique == SK_TECH_VARIANT_RULE) {
        /* its cells and digits are what it removes: the rule instead */
        puts_(&w, " from ");
        if (s->rule >= 0 && m) {
            put_step_rules(&w, s);
        } else {
            const skx_con *c = step_con(m, s);
            if (c && c->src)
                put_source(&w, c);
            else
                puts_(&w, "a sum the rules imply");
        }
        return writer_end(&w);
    }
    uint64_t digits = sk_step_vague_digits(s, cand);
    if (digits) {
        puts_(&w, " on ");
        put_digits(&w, digits);
    }
    int nh = s->nhouses < 8 ? s->nhouses : 8;
    if (nh > 0) {
        puts_(&w, " in ");
        put_houses(&w, s->houses, nh);
    } else if (s->ncells > 0 && s->cells) {
        int k = 0;
        puts_(&w, " at ");
        for (int i = 0; i < s->ncells && !w.cut; i++) {
            int seen = 0;
            for (int j = 0; j < i && !seen; j++)
                seen = s->cells[j] == s->cells[i];
            if (seen)
                continue;
            if (k++)
                puts_(&w, ", ");
            put_cell(&w, s->cells[i]);
        }
    } else if (s->cell >= 0) {
        puts_(&w, " at ");
        put_cell(&w, s->cell);
    }
    return writer_end(&w);
}

char *sk_step_rule_source(const sk_model *m, const sk_step *s, char *buf, size_t size)
{
    writer w;
    if (!buf || size == 0)
        return buf;
    writer_init(&w, m, SK_ALPHABET_AUTO, buf, size);
    const skx_con *c = s ? step_con(m, s) : NULL;
    if (c)
        put_source(&w, c);
    else if (s && s->technique == SK_TECH_VARIANT_RULE && s->rule < 0)
        puts_(&w, "implied");
    return writer_end(&w);
}

char *sk_node_rule_describe(const sk_model *m, const sk_node *node, char *buf, size_t size)
{
    writer w;
    if (!buf || size == 0)
        return buf;
    writer_init(&w, m, SK_ALPHABET_AUTO, buf, size);
    if (node)
        put_rule_of_link(&w, node->rule);
    return writer_end(&w);
}
