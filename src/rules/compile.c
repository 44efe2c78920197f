/*
 * compile.c - from the caller's sk_rule list to houses, cell masks and
 * propagators (the table in rules.h says which rule gives what).
 *
 * Two passes, because houses must exist before peers and intersections
 * are derived from them, and propagators are built once they are:
 *   skx_rules_houses   validates every rule (kind, cells, numbers) and
 *                      adds the houses the rules make;
 *   skx_rules_compile  copies the rules, builds the cell masks and the
 *                      propagators, and refuses a rule that cannot hold
 *                      on its own.
 *
 * Binary relations are merged: every rule that constrains the same two
 * cells (a dot, a thermometer step, a negative rule) ends in one table of
 * allowed digit pairs for that pair, so an engine runs one PAIR
 * propagator per pair of cells however many rules speak about it.
 *
 * A rule that cannot hold whatever else the grid holds (a cage sum out of
 * reach, a renban longer than N, a sandwich sum no digits make) is
 * refused with a reason, like a box that does not tile the grid.  Rules
 * that contradict only one another are mostly not refused: the puzzle then
 * simply has no solution.  The exception is rules on the same two cells
 * (an X and a V on one pair), whose merged table of allowed pairs is empty:
 * that pair is refused, named after the rule that emptied it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rules.h"

/* ---- names ------------------------------------------------------------ */

const char *sk_rule_name(int kind)
{
    switch (kind) {
#define SK_RULE_NAME_(name, value, human, keyword) \
    case value:                                    \
        return human;
        SK_RULE_LIST(SK_RULE_NAME_)
#undef SK_RULE_NAME_
    default:
        return NULL;
    }
}

const char *sk_rule_keyword(int kind)
{
    switch (kind) {
#define SK_RULE_KEY_(name, value, human, keyword) \
    case value:                                   \
        return keyword;
        SK_RULE_LIST(SK_RULE_KEY_)
#undef SK_RULE_KEY_
    default:
        return NULL;
    }
}

int sk_rule_kind_parse(const char *s, size_t len)
{
    if (!s)
        return 0;
    for (int k = 1; k < SK_RULE_LAST_; k++) {
        const char *kw = sk_rule_keyword(k);
        if (kw && strlen(kw) == len && strncasecmp(kw, s, len) == 0)
            return k;
    }
    return 0;
}

char *skx_cell_name(int n, int cell, char *buf)
{
    /* cells are below 64 * 64: the modulo only tells the compiler so */
    snprintf(buf, 12, "r%dc%d", (cell / n + 1) % 1000, (cell % n + 1) % 1000);
    return buf;
}

static int fail(sk_diag *diag, const char *fmt, ...)
{
    if (diag) {
        va_list ap;
        diag->line = 0;
        diag->column = 0;
        va_start(ap, fmt);
        vsnprintf(diag->message, sizeof diag->message, fmt, ap);
        va_end(ap);
    }
    return SK_EMODEL;
}

/* Description of rule r (not yet copied into a model) of an n-wide grid. */
static char *describe(const sk_rule *r, int n, char *buf, size_t size)
{
    char a[12], b[12];
    const char *name = sk_rule_name(r->kind);
    int first = r->ncells > 0 && r->cells && r->cells[0] >= 0 && r->cells[0] < n * n;
    int last = first && r->cells[r->ncells - 1] >= 0 && r->cells[r->ncells - 1] < n * n;
    if (!name) {
        snprintf(buf, size, "rule of unknown kind %d", r->kind);
        return buf;
    }
    if (first)
        skx_cell_name(n, r->cells[0], a);
    if (last)
        skx_cell_name(n, r->cells[r->ncells - 1], b);
    switch (r->kind) {
    case SK_RULE_CAGE:
        if (r->value && first)
            snprintf(buf, size, "killer cage %d at %s", r->value, a);
        else if (first)
            snprintf(buf, size, "killer cage at %s", a);
        else
            snprintf(buf, size, "killer cage");
        break;
    case SK_RULE_LITTLE_KILLER:
        if (first)
            snprintf(buf, size, "little killer %d from %s", r->value, a);
        else
            snprintf(buf, size, "little killer %d", r->value);
        break;
    case SK_RULE_SANDWICH:
        if (first && last && r->ncells > 1 && r->cells[0] / n == r->cells[1] / n)
            snprintf(buf, size, "sandwich %d in row %d", r->value, r->cells[0] / n + 1);
        else if (first && last && r->ncells > 1)
            snprintf(buf, size, "sandwich %d in column %d", r->value, r->cells[0] % n + 1);
        else
            snprintf(buf, size, "sandwich %d", r->value);
        break;
    case SK_RULE_WHITE_DOT:
    case SK_RULE_BLACK_DOT:
    case SK_RULE_XV:
        if (r->kind == SK_RULE_XV && (r->value == 10 || r->value == 5))
            name = r->value == 10 ? "X" : "V";
        if (first && last && r->ncells == 2)
            snprintf(buf, size, "%s %s-%s", name, a, b);
        else
            snprintf(buf, size, "%s", name);
        break;
    case SK_RULE_BETWEEN:
        if (first && last)
            snprintf(buf, size, "between line %s-%s", a, b);
        else
            snprintf(buf, size, "between line");
        break;
    case SK_RULE_QUADRUPLE: {
        int len = snprintf(buf, size, "quadruple");
        for (int k = 0; k < r->ndigits && r->digits && len > 0 && (size_t)len < size; k++)
            len += snprintf(buf + len, size - (size_t)len, " %d", r->digits[k]);
        if (first && len > 0 && (size_t)len < size)
            snprintf(buf + len, size - (size_t)len, " at %s", a);
        break;
    }
    case SK_RULE_THERMO:
    case SK_RULE_PALINDROME:
    case SK_RULE_WHISPER:
    case SK_RULE_RENBAN:
    case SK_RULE_REGION_SUM:
    case SK_RULE_ARROW:
        if (first)
            snprintf(buf, size, "%s from %s", name, a);
        else
            snprintf(buf, size, "%s", name);
        break;
    case SK_RULE_DIAGONAL_UP:
        snprintf(buf, size, "diagonal r%dc1-r1c%d", n, n);
        break;
    case SK_RULE_DIAGONAL_DOWN:
        snprintf(buf, size, "diagonal r1c1-r%dc%d", n, n);
        break;
    case SK_RULE_ANTI_KNIGHT:
    case SK_RULE_ANTI_KING:
    case SK_RULE_DISJOINT:
    case SK_RULE_NONCONSECUTIVE:
    case SK_RULE_NEGATIVE_BLACK:
    case SK_RULE_NEGATIVE_XV:
        snprintf(buf, size, "%s", name);
        break;
    default: /* cells rules: odd, even, minimum, maximum, region, digits */
        if (first)
            snprintf(buf, size, "%s at %s", name, a);
        else
            snprintf(buf, size, "%s", name);
        break;
    }
    return buf;
}

char *sk_model_rule_describe(const sk_model *m, int k, char *buf, size_t size)
{
    if (!buf || !size)
        return buf;
    if (!m || k < 0 || k >= m->nrules) {
        snprintf(buf, size, "rule %d", k + 1);
        return buf;
    }
    return describe(&m->rules[k], m->n, buf, size);
}

int sk_model_rule_count(const sk_model *m) { return m ? m->nrules : 0; }

const sk_rule *sk_model_rule(const sk_model *m, int k)
{
    return m && k >= 0 && k < m->nrules ? &m->rules[k] : NULL;
}

/* ---- validation and houses -------------------------------------------- */

/* Whole-grid rules take no cells. */
static int global_kind(int kind)
{
    return kind == SK_RULE_DIAGONAL_UP || kind == SK_RULE_DIAGONAL_DOWN ||
           kind == SK_RULE_ANTI_KNIGHT || kind == SK_RULE_ANTI_KING || kind == SK_RULE_DISJOINT ||
           kind == SK_RULE_NONCONSECUTIVE || kind == SK_RULE_NEGATIVE_BLACK ||
           kind == SK_RULE_NEGATIVE_XV;
}

static int adjacent(int n, int a, int b)
{
    int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
    return (ra == rb && (ca - cb == 1 || cb - ca == 1)) || (ca == cb && (ra - rb == 1 || rb - ra == 1));
}

/* Checks one rule's shape; SK_OK or SK_EMODEL. */
static int validate(const sk_rule *r, int k, const sk_model *m, sk_diag *diag)
{
    const int n = m->n, nc = m->ncells;
    char what[96];
    describe(r, n, what, sizeof what);
    if (r->kind <= 0 || r->kind >= SK_RULE_LAST_)
        return fail(diag, "rule %d has unknown kind %d", k + 1, r->kind);
    if (global_kind(r->kind)) {
        if (r->ncells != 0)
            return fail(diag, "%s takes no cells, got %d", what, r->ncells);
    } else {
        if (r->ncells < 1 || !r->cells)
            return fail(diag, "%s has no cells", what);
        if (r->ncells > nc)
            return fail(diag, "%s has %d cells, more than the grid", what, r->ncells);
    }
    /* A whisper or palindrome line may cross itself (each of its pairs
     * is a rule of its own); every other rule names a cell once. */
    const int revisit = r->kind == SK_RULE_WHISPER || r->kind == SK_RULE_PALINDROME;
    uint64_t seen[SK_MAX_N] = {0};
    for (int j = 0; j < r->ncells; j++) {
        int c = r->cells[j];
        char cn[12];
        if (c < 0 || c >= nc)
            return fail(diag, "%s names cell %d, outside the %dx%d grid", what, c, n, n);
        if ((seen[c / n] >> (c % n) & 1) && (!revisit || (j > 0 && r->cells[j - 1] == c)))
            return fail(diag, "%s names %s twice", what, skx_cell_name(n, c, cn));
        seen[c / n] |= 1ull << (c % n);
    }
    if (r->ndigits < 0 || (r->ndigits > 0 && !r->digits))
        return fail(diag, "%s lists its digits inconsistently", what);
    for (int j = 0; j < r->ndigits; j++)
        if (r->digits[j] < 1 || r->digits[j] > n)
            return fail(diag, "%s lists digit %d; digits run from 1 to %d", what, r->digits[j], n);
    if (r->kind != SK_RULE_QUADRUPLE && r->kind != SK_RULE_DIGITS && r->ndigits)
        return fail(diag, "%s takes no digit list", what);
    if (r->kind != SK_RULE_ARROW && r->aux)
        return fail(diag, "%s takes no circle size", what);
    if (r->value < 0)
        return fail(diag, "%s has a negative number %d", what, r->value);

    switch (r->kind) {
    case SK_RULE_CAGE:
    case SK_RULE_RENBAN:
    case SK_RULE_REGION:
        if (r->ncells > n)
            return fail(diag, "%s has %d cells, but its digits must differ and there are only %d",
                        what, r->ncells, n);
        break;
    case SK_RULE_SANDWICH: {
        int c0 = r->cells[0], row = r->ncells == n;
        for (int j = 1; row && j < n; j++)
            row = r->cells[j] / n == c0 / n &&
                  (r->cells[j] % n - c0 % n == j || c0 % n - r->cells[j] % n == j);
        int col = r->ncells == n;
        for (int j = 1; col && j < n; j++)
            col = r->cells[j] % n == c0 % n &&
                  (r->cells[j] / n - c0 / n == j || c0 / n - r->cells[j] / n == j);
        if (!row && !col)
            return fail(diag, "%s must name a whole row or column, in order", what);
        break;
    }
    case SK_RULE_ARROW:
        if (r->aux < 1 || r->aux > 3)
            return fail(diag, "%s has a circle of %d cells; 1 to 3 are read", what, r->aux);
        if (r->ncells <= r->aux)
            return fail(diag, "%s has no cells after its circle", what);
        break;
    case SK_RULE_THERMO:
    case SK_RULE_PALINDROME:
    case SK_RULE_WHISPER:
    case SK_RULE_REGION_SUM:
        if (r->ncells < 2)
            return fail(diag, "%s needs at least 2 cells", what);
        break;
    case SK_RULE_BETWEEN:
        if (r->ncells < 3)
            return fail(diag, "%s needs at least 3 cells (two ends and a cell between)", what);
        break;
    case SK_RULE_WHITE_DOT:
    case SK_RULE_BLACK_DOT:
    case SK_RULE_XV:
        if (r->ncells != 2)
            return fail(diag, "%s joins %d cells, expected 2", what, r->ncells);
        if (!adjacent(n, r->cells[0], r->cells[1]))
            return fail(diag, "%s joins cells that are not orthogonal neighbours", what);
        if (r->kind == SK_RULE_XV && r->value == 0)
            return fail(diag, "%s has no sum (X is 10, V is 5)", what);
        break;
    case SK_RULE_QUADRUPLE:
        if (r->ncells > 4)
            return fail(diag, "%s has %d cells; a quadruple has at most 4", what, r->ncells);
        if (r->ndigits < 1 || r->ndigits > r->ncells)
            return fail(diag, "%s needs 1 to %d digits, got %d", what, r->ncells, r->ndigits);
        break;
    case SK_RULE_DIGITS:
        if (r->ndigits < 1)
            return fail(diag, "%s lists no digit", what);
        break;
    case SK_RULE_DISJOINT:
        if (!m->region)
            return fail(diag, "%s needs boxes or jigsaw regions", what);
        break;
    default:
        break;
    }
    if (r->kind == SK_RULE_REGION_SUM && !m->region)
        return fail(diag, "%s needs boxes or jigsaw regions", what);
    return SK_OK;
}

/* Adds the 2-cell houses of a chess move (dr, dc and its reflections):
 * only pairs that share no row, column or region, which differ already. */
static int chess_pairs(const sk_model *m, const int (*moves)[2], int nmoves, int kind_rule,
                       skx_add_house_fn add, void *ctx)
{
    const int n = m->n;
    int num = 0;
    for (int a = 0; a < m->ncells; a++)
        for (int k = 0; k < nmoves; k++) {
            int r = a / n + moves[k][0], c = a % n + moves[k][1];
            if (r < 0 || r >= n || c < 0 || c >= n)
                continue;
            int b = r * n + c;
            if (b <= a || a / n == r || a % n == c || (m->region && m->region[a] == m->region[b]))
                continue;
            uint16_t cells[2] = {(uint16_t)a, (uint16_t)b};
            int rc = add(ctx, SK_HOUSE_RULE, num++, cells, 2, kind_rule);
            if (rc)
                return rc;
        }
    return SK_OK;
}

int skx_rules_houses(const sk_geometry *g, const sk_model *m, skx_add_house_fn add, void *ctx,
                     sk_diag *diag)
{
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king[8][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1},
                                   {0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    const int n = m->n;
    uint16_t cells[SK_MAX_N];
    int rc;
    if (g->nrules < 0 || (g->nrules > 0 && !g->rules))
        return fail(diag, "rules are described inconsistently");
    if (g->nrules >= (int)SKX_NO_RULE)
        return fail(diag, "%d rules are more than %d", g->nrules, (int)SKX_NO_RULE - 1);
    for (int k = 0; k < g->nrules; k++)
        if ((rc = validate(&g->rules[k], k, m, diag))) {
            if (diag && rc == SK_EMODEL && g->rules[k].line > 0) {
                diag->line = g->rules[k].line;
                diag->column = g->rules[k].column;
            }
            return rc;
        }
    for (int k = 0; k < g->nrules; k++) {
        const sk_rule *r = &g->rules[k];
        switch (r->kind) {
        case SK_RULE_CAGE:
        case SK_RULE_RENBAN:
        case SK_RULE_REGION:
            if (r->ncells < 2)
                break;
            for (int j = 0; j < r->ncells; j++)
                cells[j] = (uint16_t)r->cells[j];
            if ((rc = add(ctx, SK_HOUSE_RULE, k, cells, r->ncells, k)))
                return rc;
            break;
        case SK_RULE_DIAGONAL_UP:
        case SK_RULE_DIAGONAL_DOWN:
            for (int i = 0; i < n; i++)
                cells[i] = (uint16_t)(r->kind == SK_RULE_DIAGONAL_DOWN ? i * n + i
                                                                       : (n - 1 - i) * n + i);
            if ((rc = add(ctx, SK_HOUSE_RULE, k, cells, n, k)))
                return rc;
            break;
        case SK_RULE_DISJOINT: {
            /* the j-th cell, in reading order, of every region */
            int seen[SK_MAX_N];
            for (int j = 0; j < n; j++) {
                int s = 0;
                memset(seen, 0, sizeof seen);
                for (int i = 0; i < m->ncells; i++)
                    if (seen[m->region[i]]++ == j)
                        cells[s++] = (uint16_t)i;
                if ((rc = add(ctx, SK_HOUSE_RULE, j, cells, s, k)))
                    return rc;
            }
            break;
        }
        case SK_RULE_ANTI_KNIGHT:
            if ((rc = chess_pairs(m, knight, 8, k, add, ctx)))
                return rc;
            break;
        case SK_RULE_ANTI_KING:
            if ((rc = chess_pairs(m, king, 8, k, add, ctx)))
                return rc;
            break;
        default:
            break;
        }
    }
    return SK_OK;
}

/* ---- compiling -------------------------------------------------------- */

/* Growable arrays used while compiling. */
typedef struct build {
    const sk_model *m;
    skx_con *cons;
    int ncons, cap_cons;
    uint16_t *cells;
    uint32_t ncells, cap_cells;
    uint64_t *data;
    uint32_t ndata, cap_data;
    /* pairs of cells with a merged relation: key a * ncells + b (a < b) */
    uint32_t *pkey;        /* open addressing; 0 = empty, key + 1 */
    int *pcon;             /* the PAIR propagator of each slot */
    uint32_t pcap;         /* slots, a power of two */
    uint32_t npairs;
    int max_cells;
    int32_t src;           /* what derived the next propagators of rule -1 */
} build;

static int grow(void **p, uint32_t *cap, uint32_t need, size_t unit)
{
    if (need <= *cap)
        return SK_OK;
    uint32_t c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * unit);
    if (!q)
        return SK_ENOMEM;
    *p = q;
    *cap = c;
    return SK_OK;
}

/* Appends a propagator of type over cells (with ndata words of data to be
 * filled by the caller); returns its index or -1 when out of memory. */
static int add_con(build *b, int type, int rule, const int *cells, int ncells, uint32_t ndata)
{
    uint32_t cap = (uint32_t)b->cap_cons;
    if (grow((void **)&b->cons, &cap, (uint32_t)b->ncons + 1, sizeof *b->cons) ||
        grow((void **)&b->cells, &b->cap_cells, b->ncells + (uint32_t)ncells, sizeof *b->cells) ||
        grow((void **)&b->data, &b->cap_data, b->ndata + ndata, sizeof *b->data))
        return -1;
    b->cap_cons = (int)cap;
    skx_con *c = &b->cons[b->ncons];
    memset(c, 0, sizeof *c);
    c->type = (uint8_t)type;
    c->rule = rule;
    c->rule2 = -1;
    c->src = rule == -1 ? b->src : 0;
    c->cell_off = b->ncells;
    c->ncells = (uint32_t)ncells;
    c->data_off = b->ndata;
    c->ndata = ndata;
    for (int j = 0; j < ncells; j++)
        b->cells[b->ncells++] = (uint16_t)cells[j];
    if (ndata) /* b->data may still be NULL */
        memset(b->data + b->ndata, 0, ndata * sizeof *b->data);
    b->ndata += ndata;
    if (ncells > b->max_cells)
        b->max_cells = ncells;
    return b->ncons++;
}

/* Table of a binary relation: fwd[x-1] holds bit y-1 when (x, y) is allowed. */
enum { REL_DIFF, REL_RATIO, REL_SUM, REL_LESS, REL_ATLEAST, REL_EQUAL, REL_NOT_DIFF,
       REL_NOT_RATIO, REL_NOT_XV };

static void rel_table(int rel, int v, int n, uint64_t *fwd)
{
    for (int x = 1; x <= n; x++) {
        uint64_t row = 0;
        for (int y = 1; y <= n; y++) {
            int ok;
            switch (rel) {
            case REL_DIFF: ok = x - y == v || y - x == v; break;
            case REL_RATIO: ok = x == v * y || y == v * x; break;
            case REL_SUM: ok = x + y == v; break;
            case REL_LESS: ok = x < y; break;
            case REL_ATLEAST: ok = x - y >= v || y - x >= v; break;
            case REL_EQUAL: ok = x == y; break;
            case REL_NOT_DIFF: ok = x - y != v && y - x != v; break;
            case REL_NOT_RATIO: ok = x != v * y && y != v * x; break;
            default: ok = x + y != 5 && x + y != 10; break; /* REL_NOT_XV */
            }
            if (ok)
                row |= 1ull << (y - 1);
        }
        fwd[x - 1] = row;
    }
}

/* Adds relation rel between cells a and b (a first), merging with any
 * relation already on that pair.  SK_OK or SK_ENOMEM. */
static int add_pair(build *b, int a, int bb, int rel, int v, int rule)
{
    const int n = b->m->n;
    uint64_t fwd[SK_MAX_N];
    rel_table(rel, v, n, fwd);
    int lo = a < bb ? a : bb, hi = a < bb ? bb : a;
    if (lo != a) { /* orient lo -> hi: transpose */
        uint64_t t[SK_MAX_N] = {0};
        for (int x = 0; x < n; x++)
            for (uint64_t row = fwd[x]; row; row &= row - 1)
                t[__builtin_ctzll(row)] |= 1ull << x;
        memcpy(fwd, t, sizeof t);
    }
    if (b->npairs * 2 + 2 > b->pcap) {
        uint32_t cap = b->pcap ? b->pcap * 2 : 256;
        uint32_t *key = calloc(cap, sizeof *key);
        int *con = malloc(cap * sizeof *con);
        if (!key || !con) {
            free(key);
            free(con);
            return SK_ENOMEM;
        }
        for (uint32_t s = 0; s < b->pcap; s++)
            if (b->pkey[s]) {
                uint32_t h = (b->pkey[s] * 2654435761u) & (cap - 1);
                while (key[h])
                    h = (h + 1) & (cap - 1);
                key[h] = b->pkey[s];
                con[h] = b->pcon[s];
            }
        free(b->pkey);
        free(b->pcon);
        b->pkey = key;
        b->pcon = con;
        b->pcap = cap;
    }
    uint32_t k = (uint32_t)lo * (uint32_t)b->m->ncells + (uint32_t)hi + 1;
    uint32_t h = (k * 2654435761u) & (b->pcap - 1);
    while (b->pkey[h] && b->pkey[h] != k)
        h = (h + 1) & (b->pcap - 1);
    if (!b->pkey[h]) {
        int cells[2] = {lo, hi};
        int c = add_con(b, SKX_PAIR, rule, cells, 2, 2 * (uint32_t)n);
        if (c < 0)
            return SK_ENOMEM;
        uint64_t *t = b->data + b->cons[c].data_off;
        for (int x = 0; x < n; x++)
            t[x] = b->m->all;
        b->pkey[h] = k;
        b->pcon[h] = c;
        b->npairs++;
    }
    skx_con *c = &b->cons[b->pcon[h]];
    if (rule != c->rule && rule != c->rule2) /* another rule on the same pair */
        c->rule2 = c->rule2 == -1 ? rule : -2;
    uint64_t *t = b->data + c->data_off;
    for (int x = 0; x < n; x++)
        t[x] &= fwd[x];
    return SK_OK;
}

/* Fills the reverse half of every PAIR table from its forward half. */
static void finish_pairs(build *b)
{
    const int n = b->m->n;
    for (int k = 0; k < b->ncons; k++) {
        if (b->cons[k].type != SKX_PAIR)
            continue;
        uint64_t *t = b->data + b->cons[k].data_off, *rev = t + n;
        memset(rev, 0, (size_t)n * sizeof *rev);
        for (int x = 0; x < n; x++)
            for (uint64_t row = t[x]; row; row &= row - 1)
                rev[__builtin_ctzll(row)] |= 1ull << x;
    }
}

/* Sets of k different digits of 1..n summing to lo..hi, up to max of
 * them, into out (NULL: only count).  Returns how many there are (it may
 * exceed max), or -1 when n is too large to enumerate. */
static long digit_sets(int n, int k, int lo, int hi, uint64_t *out, long max)
{
    if (n > 16)
        return -1;
    long count = 0;
    for (uint32_t s = 0; s < (1u << n); s++) {
        if (__builtin_popcount(s) != k)
            continue;
        int sum = 0;
        for (uint32_t t = s; t; t &= t - 1)
            sum += __builtin_ctz(t) + 1;
        if (sum < lo || sum > hi)
            continue;
        if (out && count < max)
            out[count] = s;
        count++;
    }
    return count;
}

#define MAX_COMBOS 2048

/* Smallest and largest sums of k different digits of 1..n. */
static void distinct_range(int n, int k, int *lo, int *hi)
{
    *lo = k * (k + 1) / 2;
    *hi = k * (2 * n - k + 1) / 2;
}

static int all_peers(const sk_model *m, const int *cells, int k);

static int compile_rule(build *b, const sk_rule *r, int k, uint64_t *mask, sk_diag *diag)
{
    const sk_model *m = b->m;
    const int n = m->n;
    const int *c = r->cells;
    const int nc = r->ncells;
    char what[96];
    describe(r, n, what, sizeof what);
    int rc = SK_OK;

    switch (r->kind) {
    case SK_RULE_CAGE: {
        if (!r->value)
            break;
        int lo, hi;
        distinct_range(n, nc, &lo, &hi);
        if (r->value < lo || r->value > hi)
            return fail(diag, "%s cannot hold: %d different digits sum to %d..%d, not %d", what,
                        nc, lo, hi, r->value);
        if (nc == 1) {
            mask[c[0]] &= 1ull << (r->value - 1);
            break;
        }
        long sets = digit_sets(n, nc, r->value, r->value, NULL, 0);
        if (sets == 0)
            return fail(diag, "%s cannot hold: no %d different digits sum to %d", what, nc,
                        r->value);
        if (sets > 0 && sets <= MAX_COMBOS) {
            int x = add_con(b, SKX_COMBO, k, c, nc, (uint32_t)sets);
            if (x < 0)
                return SK_ENOMEM;
            digit_sets(n, nc, r->value, r->value, b->data + b->cons[x].data_off, sets);
        } else {
            int x = add_con(b, SKX_SUM, k, c, nc, 0);
            if (x < 0)
                return SK_ENOMEM;
            b->cons[x].lo = b->cons[x].hi = r->value;
        }
        break;
    }
    case SK_RULE_LITTLE_KILLER: {
        if (r->value < nc || r->value > nc * n)
            return fail(diag, "%s cannot hold: %d digits sum to %d..%d, not %d", what, nc, nc,
                        nc * n, r->value);
        int x = add_con(b, SKX_SUM, k, c, nc, 0);
        if (x < 0)
            return SK_ENOMEM;
        b->cons[x].lo = b->cons[x].hi = r->value;
        b->cons[x].flags = SKX_SUM_WHOLE_GROUPS;
        break;
    }
    case SK_RULE_SANDWICH: {
        /* how many different digits of 2..N-1 can make the sum */
        int minl = -1, maxl = -1;
        for (int len = 0; len <= n - 2; len++) {
            int lo = 0, hi = 0;
            if (len > 0) {
                distinct_range(n - 2, len, &lo, &hi); /* digits 1..N-2, shifted by one */
                lo += len;
                hi += len;
            }
            if (r->value >= lo && r->value <= hi) {
                if (minl < 0)
                    minl = len;
                maxl = len;
            }
        }
        if (minl < 0)
            return fail(diag, "%s cannot hold: the digits between 1 and %d sum to at most %d", what,
                        n, (n - 1) * n / 2 - 1);
        int x = add_con(b, SKX_SANDWICH, k, c, nc, 0);
        if (x < 0)
            return SK_ENOMEM;
        b->cons[x].lo = r->value;
        b->cons[x].hi = minl << 8 | maxl;
        break;
    }
    case SK_RULE_ARROW: {
        int x = add_con(b, SKX_ARROW, k, c, nc, 0);
        if (x < 0)
            return SK_ENOMEM;
        b->cons[x].aux = (uint16_t)r->aux;
        /* which cells of the pill see one another (lo: bit 0 for cells 0
         * and 1, bit 1 for 0 and 2, bit 2 for 1 and 2), so that the
         * circle's values skip a pill with a repeated digit */
        for (int i = 0, bit = 0; i < r->aux; i++)
            for (int j = i + 1; j < r->aux; j++, bit++) {
                int pair[2] = {c[i], c[j]};
                if (all_peers(b->m, pair, 2))
                    b->cons[x].lo |= 1 << bit;
            }
        break;
    }
    case SK_RULE_THERMO:
        for (int j = 0; j + 1 < nc && !rc; j++)
            rc = add_pair(b, c[j], c[j + 1], REL_LESS, 0, k);
        break;
    case SK_RULE_WHISPER: {
        int v = r->value ? r->value : (n + 1) / 2;
        if (v >= n)
            return fail(diag, "%s cannot hold: no two digits of 1..%d differ by %d", what, n, v);
        for (int j = 0; j + 1 < nc && !rc; j++)
            rc = add_pair(b, c[j], c[j + 1], REL_ATLEAST, v, k);
        break;
    }
    case SK_RULE_PALINDROME:
        for (int j = 0; j < nc / 2 && !rc; j++) {
            int a = c[j], e = c[nc - 1 - j];
            if (a == e)
                continue; /* a line that crosses itself there */
            for (uint32_t q = m->peer_off[a]; q < m->peer_off[a + 1]; q++)
                if (m->peers[q] == e) {
                    char an[12], en[12];
                    return fail(diag, "%s cannot hold: %s and %s must be equal but see each other",
                                what, skx_cell_name(n, a, an), skx_cell_name(n, e, en));
                }
            rc = add_pair(b, a, e, REL_EQUAL, 0, k);
        }
        break;
    case SK_RULE_RENBAN: {
        if (nc < 2)
            break;
        int x = add_con(b, SKX_COMBO, k, c, nc, (uint32_t)(n - nc + 1));
        if (x < 0)
            return SK_ENOMEM;
        uint64_t win = nc == 64 ? ~0ull : (1ull << nc) - 1;
        for (int lo = 0; lo + nc <= n; lo++)
            b->data[b->cons[x].data_off + (uint32_t)lo] = win << lo;
        break;
    }
    case SK_RULE_BETWEEN:
        if (n < 3)
            return fail(diag, "%s cannot hold: no digit lies strictly between two digits of 1..%d",
                        what, n);
        if (add_con(b, SKX_BETWEEN, k, c, nc, 0) < 0)
            return SK_ENOMEM;
        break;
    case SK_RULE_REGION_SUM: {
        /* runs: consecutive cells of one region */
        uint32_t ends[SK_MAX_N * SK_MAX_N];
        int runs = 0;
        for (int j = 1; j <= nc; j++)
            if (j == nc || m->region[c[j]] != m->region[c[j - 1]])
                ends[runs++] = (uint32_t)j;
        if (runs < 2)
            break; /* one run: nothing to compare */
        int x = add_con(b, SKX_EQSUM, k, c, nc, (uint32_t)runs);
        if (x < 0)
            return SK_ENOMEM;
        b->cons[x].aux = (uint16_t)runs;
        for (int j = 0; j < runs; j++)
            b->data[b->cons[x].data_off + (uint32_t)j] = ends[j];
        break;
    }
    case SK_RULE_WHITE_DOT: {
        int v = r->value ? r->value : 1;
        if (v >= n)
            return fail(diag, "%s cannot hold: no two digits of 1..%d differ by %d", what, n, v);
        rc = add_pair(b, c[0], c[1], REL_DIFF, v, k);
        break;
    }
    case SK_RULE_BLACK_DOT: {
        int v = r->value ? r->value : 2;
        if (v < 1 || v > n)
            return fail(diag, "%s cannot hold: no digit of 1..%d is %d times another", what, n, v);
        rc = add_pair(b, c[0], c[1], REL_RATIO, v, k);
        break;
    }
    case SK_RULE_XV:
        if (r->value < 3 || r->value > 2 * n - 1)
            return fail(diag, "%s cannot hold: two different digits of 1..%d sum to 3..%d, not %d",
                        what, n, 2 * n - 1, r->value);
        rc = add_pair(b, c[0], c[1], REL_SUM, r->value, k);
        break;
    case SK_RULE_ODD:
    case SK_RULE_EVEN: {
        uint64_t keep = 0;
        for (int d = r->kind == SK_RULE_ODD ? 1 : 2; d <= n; d += 2)
            keep |= 1ull << (d - 1);
        for (int j = 0; j < nc; j++)
            mask[c[j]] &= keep;
        break;
    }
    case SK_RULE_DIGITS: {
        uint64_t keep = 0;
        for (int j = 0; j < r->ndigits; j++)
            keep |= 1ull << (r->digits[j] - 1);
        for (int j = 0; j < nc; j++)
            mask[c[j]] &= keep;
        break;
    }
    case SK_RULE_QUADRUPLE: {
        /* distinct digits with their counts */
        int count[SK_MAX_N + 1] = {0}, kinds = 0;
        for (int j = 0; j < r->ndigits; j++)
            if (count[r->digits[j]]++ == 0)
                kinds++;
        int x = add_con(b, SKX_QUAD, k, c, nc, 2 * (uint32_t)kinds);
        if (x < 0)
            return SK_ENOMEM;
        uint64_t *d = b->data + b->cons[x].data_off;
        for (int v = 1; v <= n; v++)
            if (count[v]) {
                *d++ = 1ull << (v - 1);
                *d++ = (uint64_t)count[v];
            }
        break;
    }
    default:
        break; /* houses only, or handled with the other rules (minimum, negatives) */
    }
    return rc;
}

/* Minimum and maximum cells: smaller / larger than every orthogonal
 * neighbour that is not itself a minimum (maximum) cell. */
static int compile_extremes(build *b, const sk_geometry *g)
{
    const sk_model *m = b->m;
    const int n = m->n;
    for (int kind = SK_RULE_MINIMUM; kind <= SK_RULE_MAXIMUM; kind++) {
        uint8_t *is = calloc((size_t)m->ncells, 1);
        if (!is)
            return SK_ENOMEM;
        for (int k = 0; k < g->nrules; k++)
            if (g->rules[k].kind == kind)
                for (int j = 0; j < g->rules[k].ncells; j++)
                    is[g->rules[k].cells[j]] = 1;
        int rc = SK_OK;
        for (int k = 0; k < g->nrules && !rc; k++) {
            if (g->rules[k].kind != kind)
                continue;
            for (int j = 0; j < g->rules[k].ncells && !rc; j++) {
                int a = g->rules[k].cells[j];
                static const int dir[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
                for (int q = 0; q < 4 && !rc; q++) {
                    int r = a / n + dir[q][0], cc = a % n + dir[q][1];
                    if (r < 0 || r >= n || cc < 0 || cc >= n || is[r * n + cc])
                        continue;
                    if (kind == SK_RULE_MINIMUM)
                        rc = add_pair(b, a, r * n + cc, REL_LESS, 0, k);
                    else
                        rc = add_pair(b, r * n + cc, a, REL_LESS, 0, k);
                }
            }
        }
        free(is);
        if (rc)
            return rc;
    }
    return SK_OK;
}

/* The negative rules: every orthogonal pair without a mark of the rule's
 * family gets the opposite relation. */
static int compile_negatives(build *b, const sk_geometry *g)
{
    const sk_model *m = b->m;
    const int n = m->n;
    int rc = SK_OK;
    for (int k = 0; k < g->nrules && !rc; k++) {
        const sk_rule *r = &g->rules[k];
        int rel, v;
        if (r->kind == SK_RULE_NONCONSECUTIVE)
            rel = REL_NOT_DIFF, v = r->value ? r->value : 1;
        else if (r->kind == SK_RULE_NEGATIVE_BLACK)
            rel = REL_NOT_RATIO, v = r->value ? r->value : 2;
        else if (r->kind == SK_RULE_NEGATIVE_XV)
            rel = REL_NOT_XV, v = 0;
        else
            continue;
        for (int a = 0; a < m->ncells && !rc; a++)
            for (int q = 0; q < 2 && !rc; q++) {
                int bb = q == 0 ? a + 1 : a + n;
                if ((q == 0 && (a % n == n - 1)) || bb >= m->ncells)
                    continue;
                int marked = 0;
                for (int j = 0; j < g->nrules && !marked; j++) {
                    const sk_rule *s = &g->rules[j];
                    int dot = s->kind == SK_RULE_WHITE_DOT || s->kind == SK_RULE_BLACK_DOT;
                    int family = rel == REL_NOT_XV ? s->kind == SK_RULE_XV : dot;
                    marked = family && ((s->cells[0] == a && s->cells[1] == bb) ||
                                        (s->cells[0] == bb && s->cells[1] == a));
                }
                if (!marked)
                    rc = add_pair(b, a, bb, rel, v, k);
            }
    }
    return rc;
}

/* ---- sums the cages imply ------------------------------------------------ */

/*
 * Killer cages say more together than one by one: the digits of a full
 * house sum to N(N+1)/2, so when the cages inside a house (or inside a
 * union of whole rows or columns) cover all of it but a few cells, those
 * cells sum to what is left ("innies"); when cages covering a house stick
 * out of it by a few cells, those cells sum to the excess ("outies").
 * Each such set becomes one more propagator (rule -1: it belongs to no
 * rule), exact (COMBO) when its cells see one another, else a SUM.
 */
#define DERIVED_MAX 6 /* cells of a derived sum, at most */

typedef struct cage {
    const int *cells;
    int ncells, sum;
} cage;

static int bit(const uint64_t *set, int c) { return (int)(set[c >> 6] >> (c & 63) & 1); }

/* 1 when every two of cells[0..k) share a house. */
static int all_peers(const sk_model *m, const int *cells, int k)
{
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++) {
            int seen = 0;
            for (uint32_t q = m->peer_off[cells[i]]; q < m->peer_off[cells[i] + 1] && !seen; q++)
                seen = m->peers[q] == cells[j];
            if (!seen)
                return 0;
        }
    return 1;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* 1 when a derived propagator (rule -1) over the same cells, negated ones
 * last, is there already: the sweeps below meet the same difference from
 * both ends of the grid.  cells[0..k) sorted within each sign. */
static int derived_known(const build *b, const int *cells, int k, int neg)
{
    for (int x = 0; x < b->ncons; x++) {
        const skx_con *c = &b->cons[x];
        if (c->rule != -1 || (int)c->ncells != k || (c->type == SKX_SUM ? c->aux : 0) != neg)
            continue;
        int same = 1;
        for (int i = 0; i < k && same; i++)
            same = b->cells[c->cell_off + (uint32_t)i] == cells[i];
        if (same)
            return 1;
    }
    return 0;
}

/* Adds the derived sum "cells sum to total", unless it says nothing new. */
static int add_derived(build *b, const cage *cages, int ncages, int *cells, int k, long total)
{
    const sk_model *m = b->m;
    const int n = m->n;
    if (k < 1 || k > n || total < k || total > (long)k * n)
        return SK_OK; /* an impossible total: the puzzle simply has no solution
                         and the search will find it; nothing to add */
    for (int x = 0; x < ncages; x++) { /* a cage says it already */
        if (cages[x].ncells != k)
            continue;
        int same = 1;
        for (int i = 0; i < k && same; i++) {
            int found = 0;
            for (int j = 0; j < k && !found; j++)
                found = cages[x].cells[j] == cells[i];
            same = found;
        }
        if (same)
            return SK_OK;
    }
    qsort(cells, (size_t)k, sizeof *cells, cmp_int);
    if (derived_known(b, cells, k, 0))
        return SK_OK;
    if (all_peers(m, cells, k)) {
        long sets = digit_sets(n, k, (int)total, (int)total, NULL, 0);
        if (sets == 0)
            return SK_OK;
        if (sets > 0 && sets <= MAX_COMBOS) {
            int x = add_con(b, SKX_COMBO, -1, cells, k, (uint32_t)sets);
            if (x < 0)
                return SK_ENOMEM;
            digit_sets(n, k, (int)total, (int)total, b->data + b->cons[x].data_off, sets);
            return SK_OK;
        }
    }
    int x = add_con(b, SKX_SUM, -1, cells, k, 0);
    if (x < 0)
        return SK_ENOMEM;
    b->cons[x].lo = b->cons[x].hi = (int32_t)total;
    return SK_OK;
}

/* Adds "the cells pos[0..np) minus the cells neg[0..nn) sum to total"
 * (disjoint sets), as a SUM whose negated cells come last; a plain
 * derived sum when nn is 0. */
static int add_signed(build *b, const cage *cages, int ncages, int *pos, int np, int *neg, int nn,
                      long total)
{
    const int n = b->m->n;
    if (!nn)
        return add_derived(b, cages, ncages, pos, np, total);
    if (!np) { /* the negated cells alone: their sum is -total */
        return add_derived(b, cages, ncages, neg, nn, -total);
    }
    int cells[2 * SK_MAX_N];
    if (np + nn > n)
        return SK_OK;
    long shifted = total + (long)nn * (n + 1); /* each negated cell adds N+1-d */
    if (shifted < np + nn || shifted > (long)(np + nn) * n)
        return SK_OK; /* no solution; the search finds it */
    qsort(pos, (size_t)np, sizeof *pos, cmp_int);
    qsort(neg, (size_t)nn, sizeof *neg, cmp_int);
    memcpy(cells, pos, (size_t)np * sizeof *cells);
    memcpy(cells + np, neg, (size_t)nn * sizeof *cells);
    if (derived_known(b, cells, np + nn, nn))
        return SK_OK;
    int x = add_con(b, SKX_SUM, -1, cells, np + nn, 0);
    if (x < 0)
        return SK_ENOMEM;
    b->cons[x].aux = (uint16_t)nn;
    b->cons[x].lo = b->cons[x].hi = (int32_t)shifted;
    return SK_OK;
}

/*
 * The law of the leftover over growing regions: whole rows are added one
 * by one from the top (then from the bottom, then columns from either
 * side, then the boxes or regions in order), and every cage with most of
 * its cells inside the region so far joins it.  The region's houses sum
 * to a known total and so do the cages that joined, so the region's
 * cells no joined cage covers (A) and the joined cages' cells outside the
 * region (B) differ by a known amount: sum(B) - sum(A) = cages - houses.
 * Kept when one side has at most two cells and both together at most N
 * (at most DERIVED_MAX when every one of them is in a cage already):
 * larger ones narrow little and cost time.  seq: the houses in order;
 * in, piece: a byte per cell; taken: a byte per cage.
 */
static int sweep_sums(build *b, const cage *cages, int ncages, const int *seq, int len,
                      uint8_t *in, uint8_t *piece, uint8_t *taken, const uint8_t *caged)
{
    const sk_model *m = b->m;
    const int n = m->n;
    const long house_total = (long)n * (n + 1) / 2;
    long piece_sum = 0;
    int rc = SK_OK;
    memset(in, 0, (size_t)m->ncells);
    memset(piece, 0, (size_t)m->ncells);
    memset(taken, 0, (size_t)ncages);
    for (int i = 0; i + 1 < len && !rc; i++) {
        for (uint32_t j = m->house_off[seq[i]]; j < m->house_off[seq[i] + 1]; j++)
            in[m->house_cells[j]] = 1;
        for (int x = 0; x < ncages; x++) {
            if (taken[x])
                continue;
            int inside = 0, clash = 0;
            for (int j = 0; j < cages[x].ncells; j++) {
                inside += in[cages[x].cells[j]];
                clash |= piece[cages[x].cells[j]];
            }
            if (2 * inside <= cages[x].ncells)
                continue;
            taken[x] = 1; /* an overlapping cage is left out for good */
            if (clash)
                continue;
            for (int j = 0; j < cages[x].ncells; j++)
                piece[cages[x].cells[j]] = 1;
            piece_sum += cages[x].sum;
        }
        if (i == 0)
            continue; /* one house: region_sums did it */
        int a[SK_MAX_N + 1], bb[SK_MAX_N + 1], na = 0, nb = 0, all_caged = 1;
        for (int c = 0; c < m->ncells && na <= n && nb <= n; c++) {
            if (in[c] == piece[c])
                continue;
            all_caged &= caged[c];
            if (in[c])
                a[na++] = c;
            else
                bb[nb++] = c;
        }
        if (na + nb == 0 || na + nb > n || (na > 2 && nb > 2) ||
            (all_caged && na + nb > DERIVED_MAX))
            continue;
        long delta = piece_sum - (long)(i + 1) * house_total; /* sum(B) - sum(A) */
        b->src = SKX_SRC(na && nb ? SKX_SRC_BOTH : na ? SKX_SRC_INNIES : SKX_SRC_OUTIES,
                         m->house_kind[seq[0]], m->house_num[seq[0]], m->house_num[seq[i]]);
        if (na <= nb)
            rc = add_signed(b, cages, ncages, bb, nb, a, na, delta);
        else
            rc = add_signed(b, cages, ncages, a, na, bb, nb, -delta);
    }
    return rc;
}

/*
 * A cage that leaves a full house by one cell: the house's cells outside
 * its inner cages and outside that cage, minus the cell that sticks out,
 * sum to a known amount (an arrow with an offset).  Kept up to
 * DERIVED_MAX cells.
 */
static int house_outies(build *b, const cage *cages, int ncages, int h, uint8_t *in,
                        uint8_t *used)
{
    const sk_model *m = b->m;
    const int n = m->n;
    long inner = 0;
    int rc = SK_OK;
    memset(in, 0, (size_t)m->ncells);
    memset(used, 0, (size_t)m->ncells);
    for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++)
        in[m->house_cells[j]] = 1;
    for (int x = 0; x < ncages; x++) {
        int inside = 0, clash = 0;
        for (int j = 0; j < cages[x].ncells; j++) {
            inside += in[cages[x].cells[j]];
            clash |= used[cages[x].cells[j]];
        }
        if (inside < cages[x].ncells || clash)
            continue;
        for (int j = 0; j < cages[x].ncells; j++)
            used[cages[x].cells[j]] = 1;
        inner += cages[x].sum;
    }
    for (int x = 0; x < ncages && !rc; x++) {
        int inside = 0, out = -1, clash = 0;
        for (int j = 0; j < cages[x].ncells; j++) {
            int c = cages[x].cells[j];
            if (in[c]) {
                inside++;
                clash |= used[c];
            } else {
                out = c;
            }
        }
        if (inside != cages[x].ncells - 1 || inside < 1 || clash)
            continue;
        int rest[SK_MAX_N], k = 0, one[1] = {out};
        for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++) {
            int c = m->house_cells[j], mine = 0;
            for (int q = 0; q < cages[x].ncells && !mine; q++)
                mine = cages[x].cells[q] == c;
            if (!used[c] && !mine)
                rest[k++] = c;
        }
        if (k + 1 > DERIVED_MAX)
            continue;
        b->src = SKX_SRC(k ? SKX_SRC_BOTH : SKX_SRC_OUTIES, SKX_SRC_HOUSE, h, h);
        rc = add_signed(b, cages, ncages, rest, k, one, 1,
                        (long)n * (n + 1) / 2 - inner - cages[x].sum);
    }
    return rc;
}

/* Innies and outies of the region `in` (a set of whole houses worth
 * `houses` house totals; where: SKX_SRC(0, its houses)). */
static int region_sums(build *b, const cage *cages, int ncages, const uint64_t *in, int houses,
                       int32_t where, uint64_t *used, uint64_t *cover)
{
    const sk_model *m = b->m;
    const int n = m->n, words = (m->ncells + 63) / 64;
    const long total = (long)houses * n * (n + 1) / 2;
    long inside_sum = 0, cover_sum = 0;
    int cells[DERIVED_MAX + 1], k = 0, overlap = 0;
    memset(used, 0, (size_t)words * sizeof *used);
    memset(cover, 0, (size_t)words * sizeof *cover);
    /* cages inside the region, then cages crossing its border */
    for (int pass = 0; pass < 2; pass++)
        for (int x = 0; x < ncages; x++) {
            int inner = 0, clash = 0;
            for (int j = 0; j < cages[x].ncells; j++) {
                inner += bit(in, cages[x].cells[j]);
                clash |= bit(cover, cages[x].cells[j]);
            }
            if (!inner || (pass == 0) != (inner == cages[x].ncells))
                continue;
            if (clash) { /* overlapping cages: keep the first */
                overlap = 1;
                continue;
            }
            for (int j = 0; j < cages[x].ncells; j++) {
                int c = cages[x].cells[j];
                cover[c >> 6] |= 1ull << (c & 63);
                if (pass == 0)
                    used[c >> 6] |= 1ull << (c & 63);
            }
            if (pass == 0)
                inside_sum += cages[x].sum;
            cover_sum += cages[x].sum;
        }
    (void)overlap;
    /* innies: the cells of the region no inner cage holds */
    for (int c = 0; c < m->ncells && k <= DERIVED_MAX; c++)
        if (bit(in, c) && !bit(used, c))
            cells[k++] = c;
    int rc = SK_OK;
    b->src = where | SKX_SRC(SKX_SRC_INNIES, 0, 0, 0);
    if (k >= 1 && k <= DERIVED_MAX)
        rc = add_derived(b, cages, ncages, cells, k, total - inside_sum);
    if (rc)
        return rc;
    /* outies: when the cages cover the whole region, what sticks out */
    for (int c = 0; c < m->ncells; c++)
        if (bit(in, c) && !bit(cover, c))
            return SK_OK;
    k = 0;
    for (int c = 0; c < m->ncells && k <= DERIVED_MAX; c++)
        if (bit(cover, c) && !bit(in, c))
            cells[k++] = c;
    b->src = where | SKX_SRC(SKX_SRC_OUTIES, 0, 0, 0);
    if (k >= 1 && k <= DERIVED_MAX)
        rc = add_derived(b, cages, ncages, cells, k, cover_sum - total);
    return rc;
}

static int derive_sums(build *b, const sk_geometry *g)
{
    const sk_model *m = b->m;
    const int n = m->n, words = (m->ncells + 63) / 64;
    int ncages = 0, rc = SK_OK;
    for (int k = 0; k < g->nrules; k++)
        ncages += g->rules[k].kind == SK_RULE_CAGE && g->rules[k].value > 0;
    if (!ncages)
        return SK_OK;
    cage *cages = malloc((size_t)ncages * sizeof *cages);
    uint64_t *in = calloc((size_t)words * 3, sizeof *in);
    if (!cages || !in) {
        free(cages);
        free(in);
        return SK_ENOMEM;
    }
    ncages = 0;
    for (int k = 0; k < g->nrules; k++)
        if (g->rules[k].kind == SK_RULE_CAGE && g->rules[k].value > 0)
            cages[ncages++] = (cage){g->rules[k].cells, g->rules[k].ncells, g->rules[k].value};
    uint64_t *used = in + words, *cover = in + 2 * words;
    /* every full house */
    for (int h = 0; h < m->nfull && !rc; h++) {
        memset(in, 0, (size_t)words * sizeof *in);
        for (uint32_t j = m->house_off[h]; j < m->house_off[h + 1]; j++)
            in[m->house_cells[j] >> 6] |= 1ull << (m->house_cells[j] & 63);
        rc = region_sums(b, cages, ncages, in, 1,
                         SKX_SRC(0, SKX_SRC_HOUSE, h, h), used, cover);
    }
    /* unions of 2 to 3 whole rows, and of whole columns, side by side */
    for (int dir = 0; dir < 2 && !rc; dir++)
        for (int width = 2; width <= 3 && width < n && !rc; width++)
            for (int first = 0; first + width <= n && !rc; first++) {
                memset(in, 0, (size_t)words * sizeof *in);
                for (int line = first; line < first + width; line++)
                    for (int j = 0; j < n; j++) {
                        int c = dir == 0 ? line * n + j : j * n + line;
                        in[c >> 6] |= 1ull << (c & 63);
                    }
                rc = region_sums(b, cages, ncages, in, width,
                                 SKX_SRC(0, dir == 0 ? SK_HOUSE_ROW : SK_HOUSE_COLUMN, first,
                                         first + width - 1),
                                 used, cover);
            }
    /* every full house, for cages that leave it by one cell; then the
     * sweeps over rows, columns and boxes or regions, each way */
    int *seq = malloc((size_t)m->nfull * sizeof *seq);
    uint8_t *bytes = malloc((size_t)m->ncells * 3 + (size_t)ncages);
    if (!rc && (!seq || !bytes))
        rc = SK_ENOMEM;
    if (!rc) {
        uint8_t *cin = bytes, *piece = bytes + m->ncells, *caged = bytes + 2 * m->ncells,
                *taken = bytes + 3 * m->ncells;
        memset(caged, 0, (size_t)m->ncells);
        for (int x = 0; x < ncages; x++)
            for (int j = 0; j < cages[x].ncells; j++)
                caged[cages[x].cells[j]] = 1;
        for (int h = 0; h < m->nfull && !rc; h++)
            rc = house_outies(b, cages, ncages, h, cin, piece);
        static const uint8_t kinds[3] = {SK_HOUSE_ROW, SK_HOUSE_COLUMN, SK_HOUSE_BOX};
        for (int kind = 0; kind < 3 && !rc; kind++) {
            int len = 0;
            for (int num = 0; num < n; num++) /* the houses of the kind, by number */
                for (int h = 0; h < m->nfull; h++)
                    if (m->house_num[h] == num &&
                        (m->house_kind[h] == kinds[kind] ||
                         (kind == 2 && m->house_kind[h] == SK_HOUSE_REGION)))
                        seq[len++] = h;
            if (len != n)
                continue; /* not a whole tiling of the grid */
            rc = sweep_sums(b, cages, ncages, seq, len, cin, piece, taken, caged);
            if (kind == 2 || rc)
                continue; /* boxes: one way is enough */
            for (int i = 0; i < len / 2; i++) {
                int t = seq[i];
                seq[i] = seq[len - 1 - i];
                seq[len - 1 - i] = t;
            }
            rc = sweep_sums(b, cages, ncages, seq, len, cin, piece, taken, caged);
        }
    }
    free(seq);
    free(bytes);
    free(cages);
    free(in);
    return rc;
}

/* Work arrays of partition(): room for the whole grid, and for every house. */
typedef struct part_ws {
    int *g2, *count, *sorted;
    long *order;
} part_ws;

static int part_ws_new(part_ws *w, const sk_model *m)
{
    size_t room = (size_t)m->ncells > (size_t)m->nhouses ? (size_t)m->ncells : (size_t)m->nhouses;
    w->g2 = malloc(room * sizeof *w->g2);
    w->count = malloc(room * sizeof *w->count);
    w->sorted = malloc(room * sizeof *w->sorted);
    w->order = malloc(room * sizeof *w->order);
    return w->g2 && w->count && w->sorted && w->order ? SK_OK : SK_ENOMEM;
}

static void part_ws_free(part_ws *w)
{
    free(w->g2);
    free(w->count);
    free(w->sorted);
    free(w->order);
}

/* ---- sums that say more together ----------------------------------------- */

/*
 * Sums over disjoint cells add up: two little killers, or a little killer
 * and a cage, give a sum over the union of their cells.  That sum is worth
 * a propagator of its own when cells of one part see cells of the other:
 * the union's groups of different digits (see exclusion_groups) are then
 * larger than the parts', and its smallest and largest totals closer to
 * the sum than the parts' are together.  Eight little killers of 49 on
 * the diagonals of an empty 9x9 grid have no solution, which no single
 * one of them shows but their unions do at the root.
 *
 * Greedily, the pair of live sums over disjoint cells whose union gains
 * the most (how much closer both bounds come, against the parts) is
 * merged, the union replaces them, and so on until no union gains or
 * unions would pass 4N cells; every union left whose slack on one side
 * is below N becomes a SUM propagator (rule -1).  Looser ones would only
 * cost time, and so would one whose groups are all whole houses: the
 * killer cages of a whole grid add up to the grid's total, which the
 * houses say already.  Only up to 16x16 and
 * 64 sums: the pairs are compared at model-building time.
 */
#define MERGE_MAX_SUMS 64

typedef struct sumrec {
    int *cells;  /* its cells (room for the whole grid) */
    int n;       /* how many */
    long sum;
    long slo;    /* sum minus the smallest total its groups allow */
    long shi;    /* the largest total minus sum */
    long room;   /* N minus the size of its smallest group: 0 when every
                    group is a whole house and no slack narrows a cell */
    int orig;    /* 1: a rule's own sum, already propagated */
    int alive;
} sumrec;

static int partition(const sk_model *m, const int *cells, int n, int *group, part_ws *w);

/* The slack of r's sum: how far above the smallest total and below the
 * largest its groups of different digits allow.  group: room for the
 * whole grid. */
static void sum_slack(const sk_model *m, sumrec *r, int *group, part_ws *w)
{
    int ng = partition(m, r->cells, r->n, group, w);
    int *size = w->count;
    memset(size, 0, (size_t)ng * sizeof *size);
    for (int i = 0; i < r->n; i++)
        size[group[i]]++;
    long lo = 0, hi = 0;
    r->room = 0;
    for (int g = 0; g < ng; g++) {
        long t = size[g];
        lo += t * (t + 1) / 2;
        hi += t * m->n - t * (t - 1) / 2;
        if (m->n - t > r->room)
            r->room = m->n - t;
    }
    r->slo = r->sum - lo;
    r->shi = hi - r->sum;
}

/* 1 when some cell of a sees some cell of b. */
static int sums_meet(const sk_model *m, const sumrec *a, const uint8_t *in_b)
{
    for (int i = 0; i < a->n; i++)
        for (uint32_t q = m->peer_off[a->cells[i]]; q < m->peer_off[a->cells[i] + 1]; q++)
            if (in_b[m->peers[q]])
                return 1;
    return 0;
}

static int merge_sums(build *b, const sk_geometry *g)
{
    const sk_model *m = b->m;
    int nsums = 0;
    for (int k = 0; k < g->nrules; k++)
        nsums += (g->rules[k].kind == SK_RULE_CAGE || g->rules[k].kind == SK_RULE_LITTLE_KILLER) &&
                 g->rules[k].value > 0;
    if (m->n > 16 || nsums < 2 || nsums > MERGE_MAX_SUMS)
        return SK_OK;
    const int cap = 2 * nsums; /* every merge adds one record */
    sumrec *r = calloc((size_t)cap, sizeof *r);
    int *pool = malloc((size_t)cap * (size_t)m->ncells * sizeof *pool);
    int *group = malloc((size_t)m->ncells * sizeof *group);
    uint8_t *in_b = malloc((size_t)m->ncells);
    part_ws w;
    int rc = part_ws_new(&w, m), nrec = 0;
    if (rc || !r || !pool || !group || !in_b) {
        rc = SK_ENOMEM;
        goto out;
    }
    for (int k = 0; k < g->nrules; k++) {
        const sk_rule *ru = &g->rules[k];
        if ((ru->kind != SK_RULE_CAGE && ru->kind != SK_RULE_LITTLE_KILLER) || ru->value <= 0)
            continue;
        sumrec *x = &r[nrec];
        x->cells = pool + (size_t)nrec * (size_t)m->ncells;
        for (int i = 0; i < ru->ncells; i++)
            x->cells[i] = ru->cells[i];
        x->n = ru->ncells;
        x->sum = ru->value;
        x->orig = x->alive = 1;
        sum_slack(m, x, group, &w);
        nrec++;
    }
    while (nrec < cap) {
        long best_gain = 0;
        int bi = -1, bj = -1;
        sumrec *u = &r[nrec];
        u->cells = pool + (size_t)nrec * (size_t)m->ncells;
        for (int i = 0; i < nrec; i++) {
            if (!r[i].alive)
                continue;
            memset(in_b, 0, (size_t)m->ncells);
            for (int q = 0; q < r[i].n; q++)
                in_b[r[i].cells[q]] = 1;
            for (int j = i + 1; j < nrec; j++) {
                if (!r[j].alive || r[i].n + r[j].n > 4 * m->n || !sums_meet(m, &r[j], in_b))
                    continue;
                int overlap = 0;
                for (int q = 0; q < r[j].n && !overlap; q++)
                    overlap = in_b[r[j].cells[q]];
                if (overlap)
                    continue; /* only disjoint cells add up */
                u->n = 0;
                for (int q = 0; q < r[i].n; q++)
                    u->cells[u->n++] = r[i].cells[q];
                for (int q = 0; q < r[j].n; q++)
                    u->cells[u->n++] = r[j].cells[q];
                u->sum = r[i].sum + r[j].sum;
                sum_slack(m, u, group, &w);
                long gain = r[i].slo + r[j].slo - u->slo + r[i].shi + r[j].shi - u->shi;
                if (gain > best_gain) {
                    best_gain = gain;
                    bi = i;
                    bj = j;
                }
            }
        }
        if (bi < 0)
            break;
        u->n = 0;
        for (int q = 0; q < r[bi].n; q++)
            u->cells[u->n++] = r[bi].cells[q];
        for (int q = 0; q < r[bj].n; q++)
            u->cells[u->n++] = r[bj].cells[q];
        u->sum = r[bi].sum + r[bj].sum;
        sum_slack(m, u, group, &w);
        u->orig = 0;
        u->alive = 1;
        r[bi].alive = r[bj].alive = 0;
        nrec++;
    }
    for (int i = 0; i < nrec && !rc; i++) {
        if (!r[i].alive || r[i].orig || !r[i].room || (r[i].slo >= 2 * m->n && r[i].shi >= 2 * m->n))
            continue; /* a rule's own, or too loose to narrow much */
        b->src = SKX_SRC(SKX_SRC_UNION, 0, 0, 0);
        int x = add_con(b, SKX_SUM, -1, r[i].cells, r[i].n, 0);
        if (x < 0) {
            rc = SK_ENOMEM;
            break;
        }
        b->cons[x].lo = b->cons[x].hi = (int32_t)r[i].sum;
        b->cons[x].flags = SKX_SUM_WHOLE_GROUPS;
    }
out:
    free(r);
    free(pool);
    free(group);
    free(in_b);
    part_ws_free(&w);
    return rc;
}

/* Line-order greedy: a cell joins the first group whose every cell it
 * sees.  Returns the number of groups. */
static int groups_in_order(const sk_model *m, const int *cells, int n, int *group)
{
    int ngroups = 0;
    for (int i = 0; i < n; i++) {
        group[i] = -1;
        for (int g = 0; g < ngroups && group[i] < 0; g++) {
            int fits = 1;
            for (int j = 0; j < i && fits; j++)
                if (group[j] == g) {
                    int pair[2] = {cells[i], cells[j]};
                    fits = all_peers(m, pair, 2);
                }
            if (fits)
                group[i] = g;
        }
        if (group[i] < 0)
            group[i] = ngroups++;
    }
    return ngroups;
}

/* House greedy: the house holding the most cells not yet grouped becomes a
 * group, until no house holds two; the rest are groups of one.  Ties go to
 * the house first in house order (rows, then columns, then the rest), or
 * last when `last` is set.  count has room for m->nhouses.  Returns the
 * number of groups. */
static int groups_by_house(const sk_model *m, const int *cells, int n, int *group, int *count,
                           int last)
{
    int ngroups = 0;
    for (int i = 0; i < n; i++)
        group[i] = -1;
    for (;;) {
        memset(count, 0, (size_t)m->nhouses * sizeof *count);
        for (int i = 0; i < n; i++)
            if (group[i] < 0)
                for (uint32_t k = m->cell_house_off[cells[i]]; k < m->cell_house_off[cells[i] + 1];
                     k++)
                    count[m->cell_houses[k]]++;
        int best = -1;
        for (int h = 0; h < m->nhouses; h++)
            if (count[h] >= 2 && (best < 0 || count[h] > count[best] ||
                                  (last && count[h] == count[best])))
                best = h;
        if (best < 0)
            break;
        for (int i = 0; i < n; i++)
            if (group[i] < 0)
                for (uint32_t k = m->cell_house_off[cells[i]];
                     k < m->cell_house_off[cells[i] + 1]; k++)
                    if (m->cell_houses[k] == best) {
                        group[i] = ngroups;
                        break;
                    }
        ngroups++;
    }
    for (int i = 0; i < n; i++)
        if (group[i] < 0)
            group[i] = ngroups++;
    return ngroups;
}

/* How much a partition into groups of distinct digits tightens a sum's
 * bounds: a group of t cells lifts the smallest total by t(t-1)/2 over t
 * times the smallest digit, so the sum of t*t over the groups ranks them. */
static long partition_gain(const int *group, int n, int ngroups, int *size)
{
    memset(size, 0, (size_t)ngroups * sizeof *size);
    for (int i = 0; i < n; i++)
        size[group[i]]++;
    long gain = 0;
    for (int g = 0; g < ngroups; g++)
        gain += (long)size[g] * size[g];
    return gain;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* Groups of cells that see one another, for the sums' bounds
 * (filter.c, group_bounds): each SUM gets one group number per cell, each
 * ARROW one per shaft cell.  Several partitions are tried: the greedy one
 * in the line's order, in row-major and in column-major order, and the
 * house greedy (a long line through a few rows is covered far better by
 * those rows than by the groups its order suggests: on a 32-cell arrow
 * shaft, a smallest total of 80 against 98); the one with the larger
 * groups is kept.  Kept only when some group has two cells. */
/*
 * Splits cells[0..n) into groups of cells that see one another (their
 * digits differ): group[i] gets cell i's group.  Several greedy partitions
 * are tried: in the given order, in row-major and in column-major order,
 * and the house greedy with either tie-break (a long line through a few
 * rows is covered far better by those rows than by the groups its order
 * suggests: on a 32-cell arrow shaft, a smallest total of 80 against 98);
 * the one with the larger groups (partition_gain) is kept.  Returns the
 * number of groups.
 */
static int partition(const sk_model *m, const int *cells, int n, int *group, part_ws *w)
{
    int n1 = groups_in_order(m, cells, n, group);
    long gain1 = partition_gain(group, n, n1, w->count);
    for (int way = 0; way < 4; way++) {
        int n2;
        if (way >= 2) {
            n2 = groups_by_house(m, cells, n, w->g2, w->count, way == 3);
        } else {
            /* the greedy over the cells sorted row-major (way 0) or
             * column-major (way 1): key, then position */
            for (int i = 0; i < n; i++) {
                long key = way == 0 ? cells[i] : cells[i] % m->n * m->n + cells[i] / m->n;
                w->order[i] = key * SK_MAX_N * SK_MAX_N + i;
            }
            qsort(w->order, (size_t)n, sizeof *w->order, cmp_long);
            for (int i = 0; i < n; i++)
                w->sorted[i] = cells[w->order[i] % (SK_MAX_N * SK_MAX_N)];
            n2 = groups_in_order(m, w->sorted, n, w->count);
            for (int i = 0; i < n; i++)
                w->g2[w->order[i] % (SK_MAX_N * SK_MAX_N)] = w->count[i];
        }
        long gain2 = partition_gain(w->g2, n, n2, w->count);
        if (gain2 > gain1) {
            memcpy(group, w->g2, (size_t)n * sizeof *group);
            gain1 = gain2;
            n1 = n2;
        }
    }
    return n1;
}

/* Groups of cells that see one another, for the sums' bounds
 * (filter.c, group_bounds): each SUM gets one group number per cell, each
 * ARROW one per shaft cell (partition() chooses them).  Kept only when
 * some group has two cells; the cells of a SUM whose groups filter.c
 * takes whole are then put in the order of their groups. */
static int exclusion_groups(build *b)
{
    const sk_model *m = b->m;
    part_ws w;
    int rc = part_ws_new(&w, m);
    int *cells = malloc((size_t)m->ncells * sizeof *cells);
    int *group = malloc((size_t)m->ncells * sizeof *group);
    if (!cells || !group)
        rc = SK_ENOMEM;
    for (int x = 0; x < b->ncons && !rc; x++) {
        skx_con *c = &b->cons[x];
        if (c->type != SKX_SUM && c->type != SKX_ARROW)
            continue;
        int first = c->type == SKX_ARROW ? c->aux : 0, n = (int)c->ncells - first;
        /* a sum's negated cells group among themselves: x != y says
         * nothing of x against N+1-y */
        int neg = c->type == SKX_SUM ? c->aux : 0, ng;
        for (int i = 0; i < n; i++)
            cells[i] = b->cells[c->cell_off + (uint32_t)(first + i)];
        ng = partition(m, cells, n - neg, group, &w);
        if (neg) {
            int ng2 = partition(m, cells + n - neg, neg, group + n - neg, &w);
            for (int i = n - neg; i < n; i++)
                group[i] += ng;
            ng += ng2;
        }
        if (ng == n)
            continue; /* every group a single cell */
        if (grow((void **)&b->data, &b->cap_data, b->ndata + (uint32_t)n, sizeof *b->data)) {
            rc = SK_ENOMEM;
            break;
        }
        c = &b->cons[x];
        c->data_off = b->ndata;
        c->ndata = (uint32_t)n;
        if (c->flags & SKX_SUM_WHOLE_GROUPS) {
            /* the sum's cells in the order of their groups, each group's
             * cells together (the negated ones stay last: their groups
             * come after the others'), as filter.c takes them; the other
             * sums keep their order, which the cdcl engine's explanations
             * follow (sorting those cost TAREK_ALL's killers a quarter
             * more guesses) */
            int k = 0;
            for (int gr = 0; gr < ng; gr++)
                for (int i = 0; i < n; i++)
                    if (group[i] == gr) {
                        b->cells[c->cell_off + (uint32_t)k] = (uint16_t)cells[i];
                        b->data[b->ndata++] = (uint64_t)gr;
                        k++;
                    }
            continue;
        }
        for (int i = 0; i < n; i++)
            b->data[b->ndata++] = (uint64_t)group[i];
    }
    free(cells);
    free(group);
    part_ws_free(&w);
    return rc;
}

/*
 * Runs the propagators of rule k alone, from every digit everywhere, to a
 * fixpoint: 0 when they cannot hold together.  dom has room for
 * ncells masks; scratch for m->con_scratch words.
 */
static int rule_can_hold(const sk_model *m, int k, uint64_t *dom, uint64_t *cell, uint64_t *scratch)
{
    for (int i = 0; i < m->ncells; i++)
        cell[i] = m->all;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int x = 0; x < m->ncons; x++) {
            const skx_con *c = &m->cons[x];
            if (c->rule != k)
                continue;
            const uint16_t *cc = m->con_cells + c->cell_off;
            for (uint32_t j = 0; j < c->ncells; j++)
                dom[j] = cell[cc[j]];
            if (!skx_con_filter(m, c, dom, scratch))
                return 0;
            for (uint32_t j = 0; j < c->ncells; j++)
                if (dom[j] != cell[cc[j]]) {
                    cell[cc[j]] = dom[j];
                    changed = 1;
                }
        }
    }
    return 1;
}

static void build_free(build *b)
{
    free(b->cons);
    free(b->cells);
    free(b->data);
    free(b->pkey);
    free(b->pcon);
}

void skx_rules_free(sk_model *m)
{
    free(m->rules);
    free(m->rule_ints);
    free(m->house_rule);
    free(m->cell_mask);
    free(m->cons);
    free(m->con_cells);
    free(m->con_data);
    free(m->cell_con_off);
    free(m->cell_cons);
}

/* Copies the caller's rules into m. */
static int copy_rules(const sk_geometry *g, sk_model *m)
{
    size_t ints = 0;
    for (int k = 0; k < g->nrules; k++)
        ints += (size_t)(unsigned)g->rules[k].ncells + (size_t)(unsigned)g->rules[k].ndigits;
    m->rules = malloc((size_t)(unsigned)g->nrules * sizeof *m->rules + 1);
    m->rule_ints = malloc(ints * sizeof *m->rule_ints + 1);
    if (!m->rules || !m->rule_ints)
        return SK_ENOMEM;
    int *p = m->rule_ints;
    for (int k = 0; k < g->nrules; k++) {
        sk_rule r = g->rules[k];
        if (r.ncells) {
            memcpy(p, r.cells, (size_t)r.ncells * sizeof *p);
            r.cells = p;
            p += r.ncells;
        } else {
            r.cells = NULL;
        }
        if (r.ndigits) {
            memcpy(p, r.digits, (size_t)r.ndigits * sizeof *p);
            r.digits = p;
            p += r.ndigits;
        } else {
            r.digits = NULL;
        }
        m->rules[k] = r;
    }
    m->nrules = g->nrules;
    return SK_OK;
}

int skx_rules_compile(const sk_geometry *g, sk_model *m, sk_diag *diag)
{
    build b;
    memset(&b, 0, sizeof b);
    b.m = m;
    uint64_t *mask = NULL, *dom = NULL, *cell = NULL, *scratch = NULL;
    int rc;
    if (g->nrules == 0)
        return SK_OK;
    if ((rc = copy_rules(g, m)))
        return rc;
    mask = malloc((size_t)m->ncells * sizeof *mask);
    if (!mask)
        return SK_ENOMEM;
    for (int i = 0; i < m->ncells; i++)
        mask[i] = m->all;

    for (int k = 0; k < g->nrules; k++)
        if ((rc = compile_rule(&b, &m->rules[k], k, mask, diag))) {
            if (diag && rc == SK_EMODEL && g->rules[k].line > 0) {
                diag->line = g->rules[k].line; /* the rule that cannot hold */
                diag->column = g->rules[k].column;
            }
            goto out;
        }
    if ((rc = compile_extremes(&b, g)) || (rc = compile_negatives(&b, g)) ||
        (rc = derive_sums(&b, g)) || (rc = merge_sums(&b, g)) || (rc = exclusion_groups(&b)))
        goto out;
    finish_pairs(&b);

    /* cell masks: kept only when some rule narrows a cell */
    for (int i = 0; i < m->ncells; i++) {
        if (!mask[i]) {
            /* name the rules that narrowed the cell: one-cell cages, odd,
             * even and given candidates */
            char cn[12], names[2][96];
            int found = 0;
            for (int k = 0; k < g->nrules && found < 2; k++) {
                const sk_rule *r = &m->rules[k];
                int narrows = r->kind == SK_RULE_ODD || r->kind == SK_RULE_EVEN ||
                              r->kind == SK_RULE_DIGITS ||
                              (r->kind == SK_RULE_CAGE && r->ncells == 1 && r->value);
                for (int j = 0; j < r->ncells && narrows; j++)
                    if (r->cells[j] == i) {
                        describe(r, m->n, names[found++], sizeof names[0]);
                        break;
                    }
            }
            skx_cell_name(m->n, i, cn);
            if (found == 2)
                rc = fail(diag, "%s and %s leave no digit for %s", names[0], names[1], cn);
            else if (found == 1)
                rc = fail(diag, "%s leaves no digit for %s", names[0], cn);
            else
                rc = fail(diag, "the rules leave no digit for %s", cn);
            goto out;
        }
        if (mask[i] != m->all && !m->cell_mask) {
            m->cell_mask = mask;
            mask = NULL;
            break;
        }
    }
    /* the propagators, and which of them read each cell */
    m->ncons = b.ncons;
    m->cons = b.cons;
    m->con_cells = b.cells;
    m->con_data = b.data;
    b.cons = NULL;
    b.cells = NULL;
    b.data = NULL;
    m->con_max_cells = b.max_cells;
    m->con_scratch = 0;
    for (int x = 0; x < m->ncons; x++) {
        size_t need = skx_con_scratch(m, &m->cons[x]);
        if (need > m->con_scratch)
            m->con_scratch = need;
    }
    m->cell_con_off = calloc((size_t)m->ncells + 1, sizeof *m->cell_con_off);
    if (!m->cell_con_off) {
        rc = SK_ENOMEM;
        goto out;
    }
    for (int x = 0; x < m->ncons; x++)
        for (uint32_t j = 0; j < m->cons[x].ncells; j++)
            m->cell_con_off[m->con_cells[m->cons[x].cell_off + j] + 1]++;
    for (int i = 0; i < m->ncells; i++)
        m->cell_con_off[i + 1] += m->cell_con_off[i];
    m->cell_cons = malloc((size_t)m->cell_con_off[m->ncells] * sizeof *m->cell_cons + 1);
    if (!m->cell_cons) {
        rc = SK_ENOMEM;
        goto out;
    }
    {
        uint32_t *fill = calloc((size_t)m->ncells, sizeof *fill);
        if (!fill) {
            rc = SK_ENOMEM;
            goto out;
        }
        /* a propagator never names a cell twice (validate refuses it) */
        for (int x = 0; x < m->ncons; x++)
            for (uint32_t j = 0; j < m->cons[x].ncells; j++) {
                int cc = m->con_cells[m->cons[x].cell_off + j];
                m->cell_cons[m->cell_con_off[cc] + fill[cc]++] = (uint32_t)x;
            }
        free(fill);
    }

    /* every rule must be able to hold on its own */
    dom = malloc(((size_t)m->con_max_cells + 1) * sizeof *dom);
    cell = malloc((size_t)m->ncells * sizeof *cell);
    scratch = malloc((m->con_scratch + 1) * sizeof *scratch);
    if (!dom || !cell || !scratch) {
        rc = SK_ENOMEM;
        goto out;
    }
    for (int k = 0; k < m->nrules; k++)
        if (!rule_can_hold(m, k, dom, cell, scratch)) {
            char what[96];
            rc = fail(diag, "%s cannot hold whatever the other cells hold",
                      describe(&m->rules[k], m->n, what, sizeof what));
            goto out;
        }
    rc = SK_OK;
out:
    free(mask);
    free(dom);
    free(cell);
    free(scratch);
    build_free(&b);
    return rc;
}
