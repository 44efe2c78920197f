/*
 * logic.c - solving as a person does: the candidate grid of a model, the
 * techniques of Sudoku Explainer's scale tried in its order, one step at
 * a time, and the rating of a whole path (ER, EP, ED).
 *
 * The order of the producers and the scan order inside each decide which
 * of several possible steps is taken, and so the rating of the path: they
 * follow SE 1.2.1 (first step of the first producer that finds one, not
 * the easiest step overall).  The chaining producers are in logic_chain.c.
 *
 * Houses are taken from the model: boxes and jigsaw regions first, then
 * columns, then rows (SE's scan order), then any other house of N cells
 * (diagonals, windows), which counts as a line for the ratings and takes
 * part in singles, naked and hidden sets, chains and the uniqueness
 * patterns; locked candidates and fish are made of boxes, rows and
 * columns only.  Smaller groups only forbid repeats (in chains).  Variant
 * rules' constraints (the model's propagators) are producers of their own
 * (rule_step at sudokit's ratings 1.6, 2.1 and 2.7; rule_pointing 2.6,
 * rule_needs 2.8 and rule_break 3.1 ask about one digit) and act inside the
 * dynamic chains (logic_chain.c); with rules, the uniqueness patterns are
 * not used.  Digits are
 * bits 0..N-1 of a cell's candidate mask inside this file (1..N in the
 * steps it reports); a placed cell keeps only its digit and is marked in
 * val[].
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "logic.h"
#include "model.h"
#include "rules/rules.h"

/* skl_filter's memo: 1 << MEMO_BITS entries unless skl_memo_bits says
 * otherwise */
#define MEMO_BITS 14

#define BIT(d) SKL_BIT(d)

static int popcount64(uint64_t x)
{
    return skl_popcount(x);
}

static int lowest(uint64_t x)
{
    return __builtin_ctzll(x);
}

/* ---- techniques ---------------------------------------------------------- */

static const struct {
    const char *name, *keyword;
    int rating;
} techs[] = {
#define SK_TECH_ROW_(name, value, human, keyword, rating) {human, keyword, rating},
    SK_TECH_LIST(SK_TECH_ROW_)
#undef SK_TECH_ROW_
};

const char *sk_tech_name(int t)
{
    return t >= 0 && t < SK_TECH_COUNT_ ? techs[t].name : NULL;
}

const char *sk_tech_keyword(int t)
{
    return t >= 0 && t < SK_TECH_COUNT_ ? techs[t].keyword : NULL;
}

int sk_tech_rating(int t)
{
    return t >= 0 && t < SK_TECH_COUNT_ ? techs[t].rating : -1;
}

int sk_tech_parse(const char *keyword)
{
    for (int t = 0; keyword && t < SK_TECH_COUNT_; t++)
        if (!strcmp(keyword, techs[t].keyword))
            return t;
    return -1;
}

/* ---- setup ------------------------------------------------------------ */

static int pairs_setup(skl_state *s);
static int memo_set(skl_state *s, int bits);

int sk_logic_new(const sk_model *m, sk_logic **out)
{
    skl_state *s;
    int k = 0;
    if (!out)
        return SK_EINVAL;
    *out = NULL;
    if (!m)
        return SK_EINVAL;
    s = calloc(1, sizeof *s);
    if (!s)
        return SK_ENOMEM;
    s->m = m;
    /* a rule other than given candidates may tell apart the two digits of
       a unique rectangle (a cage holding one of its cells, an odd cell):
       the pattern is then no longer deadly */
    s->unique_ok = 1;
    for (int r = 0; r < m->nrules; r++)
        if (m->rules[r].kind != SK_RULE_DIGITS)
            s->unique_ok = 0;
    if (m->ncons) {
        s->rdom = calloc((size_t)m->con_max_cells + 1, sizeof *s->rdom);
        s->rscr = calloc(m->con_scratch + 1, sizeof *s->rscr);
        if (!s->rdom || !s->rscr) {
            sk_logic_free(s);
            return SK_ENOMEM;
        }
    }
    s->n = m->n;
    s->nc = m->ncells;
    s->maxnodes = 4 * s->nc * s->n + 16;
    s->cand = calloc((size_t)s->nc, sizeof *s->cand);
    s->val = calloc((size_t)s->nc, 1);
    s->house = calloc((size_t)m->nhouses, sizeof *s->house);
    s->hkind = calloc((size_t)m->nhouses, 1);
    s->cell_house = malloc((size_t)s->nc * 3 * sizeof *s->cell_house);
    s->elim = calloc((size_t)s->nc * (size_t)s->n, sizeof *s->elim);
    s->cells = calloc((size_t)s->nc, sizeof *s->cells);
    s->nodes = calloc((size_t)s->maxnodes, sizeof *s->nodes);
    s->branch = calloc((size_t)s->nc * (size_t)s->n + 2, sizeof *s->branch);
    s->pos = calloc((size_t)m->nhouses * (size_t)s->n, sizeof *s->pos);
    s->hplaced = calloc((size_t)m->nhouses, sizeof *s->hplaced);
    s->hempty = calloc((size_t)m->nhouses, sizeof *s->hempty);
    s->cpos_off = calloc((size_t)s->nc + 1, sizeof *s->cpos_off);
    s->cpos = calloc((size_t)m->cell_house_off[m->ncells] + 1, sizeof *s->cpos);
    s->words = (s->nc + 63) / 64;
    s->peerbits = calloc((size_t)s->nc * (size_t)s->words, sizeof *s->peerbits);
    if (!s->cand || !s->val || !s->house || !s->hkind || !s->cell_house || !s->elim ||
        !s->cells || !s->nodes || !s->branch || !s->pos || !s->peerbits || !s->hplaced ||
        !s->hempty || !s->cpos_off || !s->cpos) {
        sk_logic_free(s);
        return SK_ENOMEM;
    }
    /* the rules' work memory, all of it now: the filters' memo and the
       tables of two rules together */
    if (m->ncons && (!memo_set(s, MEMO_BITS) || !pairs_setup(s))) {
        sk_logic_free(s);
        return SK_ENOMEM;
    }
    for (int i = 0; i < s->nc * 3; i++)
        s->cell_house[i] = -1;
    for (int c = 0; c < s->nc; c++)
        for (uint32_t i = m->peer_off[c]; i < m->peer_off[c + 1]; i++)
            s->peerbits[(size_t)c * (size_t)s->words + (m->peers[i] >> 6)] |= 1ull << (m->peers[i] & 63);
    /* full houses in SE order: blocks, columns, rows, then the others */
    for (int pass = 0; pass < 4; pass++)
        for (int h = 0; h < m->nfull; h++) {
            int kind = m->house_kind[h];
            int p = kind == SK_HOUSE_BOX || kind == SK_HOUSE_REGION ? 0
                    : kind == SK_HOUSE_COLUMN                        ? 1
                    : kind == SK_HOUSE_ROW                           ? 2
                                                                     : 3;
            if (p != pass)
                continue;
            s->house[k] = h;
            s->hkind[k] = (uint8_t)(p == 0 ? SKL_BLOCK : p == 1 ? SKL_COLUMN : p == 2 ? SKL_ROW
                                                                                    : SKL_OTHER);
            if (p < 3) {
                int cnt;
                const uint16_t *cells = m->house_cells + m->house_off[h];
                cnt = (int)(m->house_off[h + 1] - m->house_off[h]);
                for (int i = 0; i < cnt; i++)
                    s->cell_house[cells[i] * 3 + p] = k;
            }
            k++;
        }
    s->nh = k;
    /* for locking: which places of a block, column or row lie in the same
       house of each kind as each of its places */
    s->same = calloc((size_t)s->nh * 3 * (size_t)s->n, sizeof *s->same);
    if (!s->same) {
        sk_logic_free(s);
        return SK_ENOMEM;
    }
    for (k = 0; k < s->nh; k++) {
        int cnt;
        const uint16_t *cells = skl_hcells(s, k, &cnt);
        if (s->hkind[k] == SKL_OTHER || cnt > s->n)
            continue;
        for (int t = 0; t < 3; t++)
            for (int i = 0; i < cnt; i++)
                for (int j = 0; j < cnt; j++)
                    if (s->cell_house[cells[j] * 3 + t] == s->cell_house[cells[i] * 3 + t])
                        s->same[((size_t)k * 3 + (size_t)t) * (size_t)s->n + (size_t)i] |= BIT(j);
    }
    /* each cell's places in the full houses, for keeping pos up */
    for (k = 0; k < s->nh; k++) {
        int cnt;
        const uint16_t *cells = skl_hcells(s, k, &cnt);
        for (int i = 0; i < cnt; i++)
            s->cpos_off[cells[i] + 1]++;
    }
    for (int c = 0; c < s->nc; c++)
        s->cpos_off[c + 1] += s->cpos_off[c];
    for (k = 0; k < s->nh; k++) {
        int cnt;
        const uint16_t *cells = skl_hcells(s, k, &cnt);
        for (int i = 0; i < cnt; i++) /* cpos_off[c] is advanced, then restored */
            s->cpos[s->cpos_off[cells[i]]++] = (uint32_t)k << 6 | (uint32_t)i;
    }
    for (int c = s->nc; c > 0; c--)
        s->cpos_off[c] = s->cpos_off[c - 1];
    s->cpos_off[0] = 0;
    if (skl_chain_new(s) != SK_OK) {
        sk_logic_free(s);
        return SK_ENOMEM;
    }
    *out = s;
    return SK_OK;
}

void sk_logic_free(sk_logic *s)
{
    if (!s)
        return;
    skl_chain_free(s);
    skl_aligned_free(s);
    free(s->cand);
    free(s->val);
    free(s->house);
    free(s->hkind);
    free(s->cell_house);
    free(s->same);
    free(s->elim);
    free(s->cells);
    free(s->nodes);
    free(s->branch);
    free(s->elim2);
    free(s->cells2);
    free(s->cand2);
    free(s->pos2);
    free(s->pos);
    free(s->hplaced);
    free(s->hempty);
    free(s->cpos_off);
    free(s->cpos);
    free(s->peerbits);
    free(s->rdom);
    free(s->rscr);
    free(s->memo);
    free(s->pair_off);
    free(s->pair_to);
    free(s->pair_none);
    free(s->pair_sup);
    free(s);
}

void sk_logic_set_timeout(sk_logic *s, double seconds)
{
    if (s)
        s->timeout = seconds > 0 ? seconds : 0;
}

void sk_logic_set_cancel(sk_logic *s, const volatile int *flag)
{
    if (s)
        s->cancel = flag;
}

/* (read as the searches read their cancel flags: sk_search_opts) */
static int cancelled(const skl_state *s)
{
    return s->cancel && __atomic_load_n(s->cancel, __ATOMIC_RELAXED);
}

int skl_expired(const skl_state *s)
{
    return cancelled(s) || (s->deadline > 0 && skx_now() > s->deadline);
}

/*
 * The filters of sums, arrows and lines walk tables of totals, and the
 * chains ask them the same questions again and again: a dynamic chain's
 * run filters each constraint on its cells' candidates, which most runs
 * from the same position leave as they were (on the published killers
 * filters were a quarter to two fifths of the rating time).  A filter is
 * a function of the constraint and its cells' candidates, so its answers
 * are kept in a memo of 1 << s->memo_bits entries, the one the engines
 * keep for their sums (rules.h).  Pairs, digit sets and quadruples filter
 * faster than the memo answers.
 */
int skl_filter(skl_state *s, const skx_con *c)
{
    const sk_model *m = s->m;
    if (!s->memo || !skx_memo_fits(m, c) || c->type == SKX_PAIR || c->type == SKX_COMBO ||
        c->type == SKX_QUAD)
        return skx_con_filter(m, c, s->rdom, s->rscr);
    return skx_memo_filter(s->memo, s->memo_bits, m, c, s->rdom, s->rscr, &s->memo_hits);
}

/* A memo of 1 << bits entries (clamped to 0..24), or none for 0; 0 when
 * it cannot be had (there is then none). */
static int memo_set(skl_state *s, int bits)
{
    free(s->memo);
    s->memo = NULL;
    s->memo_bits = bits < 0 ? 0 : bits > 24 ? 24 : bits;
    if (s->memo_bits && !(s->memo = calloc((size_t)1 << s->memo_bits, sizeof *s->memo))) {
        s->memo_bits = 0;
        return 0;
    }
    return 1;
}

void skl_memo_bits(skl_state *s, int bits)
{
    memo_set(s, bits);
}

static void arm(skl_state *s)
{
    s->deadline = s->timeout > 0 ? skx_now() + s->timeout : 0;
}

void sk_logic_set_limit(sk_logic *s, int max_rating)
{
    if (s)
        s->limit = max_rating > 0 ? max_rating : 0;
}

/* Cells of house k of s (SE order) and their count. */
const uint16_t *skl_hcells(const skl_state *s, int k, int *count)
{
    int h = s->house[k];
    *count = (int)(s->m->house_off[h + 1] - s->m->house_off[h]);
    return s->m->house_cells + s->m->house_off[h];
}

#define hcells skl_hcells

/* Digits of cell c (unsolved) leave the places of its houses in pos. */
static void pos_remove(skl_state *s, int c, uint64_t digits)
{
    for (uint32_t e = s->cpos_off[c]; e < s->cpos_off[c + 1]; e++) {
        uint64_t *p = s->pos + (size_t)(s->cpos[e] >> 6) * (size_t)s->n, bit = BIT(s->cpos[e] & 63);
        for (uint64_t o = digits; o; o &= o - 1)
            p[lowest(o)] &= ~bit;
    }
}

/* Places digit d (0-based) in cell c and removes it from the peers. */
static void place(skl_state *s, int c, int d)
{
    const sk_model *m = s->m;
    if (s->pos_valid && !s->val[c]) {
        pos_remove(s, c, s->cand[c]);
        for (uint32_t e = s->cpos_off[c]; e < s->cpos_off[c + 1]; e++) {
            s->hplaced[s->cpos[e] >> 6] |= BIT(d);
            s->hempty[s->cpos[e] >> 6]--;
        }
    }
    s->val[c] = (uint8_t)(d + 1);
    s->cand[c] = BIT(d);
    for (uint32_t i = m->peer_off[c]; i < m->peer_off[c + 1]; i++) {
        int p = m->peers[i];
        if (!(s->cand[p] & BIT(d)))
            continue;
        s->cand[p] &= ~BIT(d);
        if (s->pos_valid && !s->val[p])
            pos_remove(s, p, BIT(d));
    }
}

static void positions_table(skl_state *s);

static uint64_t cell_domain(const skl_state *s, int c)
{
    return s->m->all & (s->m->cell_mask ? s->m->cell_mask[c] : ~0ull);
}

int sk_logic_start(sk_logic *s, const uint8_t *givens)
{
    if (!s || !givens)
        return SK_EINVAL;
    s->pos_valid = 0;
    s->looked = 0;
    s->by_unique = 0;
    for (int c = 0; c < s->nc; c++) {
        s->cand[c] = cell_domain(s, c);
        s->val[c] = 0;
    }
    for (int c = 0; c < s->nc; c++) {
        if (!givens[c])
            continue;
        if (givens[c] > s->n || !(s->cand[c] & BIT(givens[c] - 1)))
            return SK_EINVAL;
        place(s, c, givens[c] - 1);
    }
    positions_table(s);
    return SK_OK;
}

int sk_logic_start_candidates(sk_logic *s, const uint8_t *givens, const uint64_t *cand)
{
    if (!s || !cand)
        return SK_EINVAL;
    s->pos_valid = 0;
    s->looked = 0;
    s->by_unique = 0;
    for (int c = 0; c < s->nc; c++) {
        s->cand[c] = cand[c] & cell_domain(s, c);
        s->val[c] = 0;
    }
    for (int c = 0; c < s->nc; c++) {
        if (!givens || !givens[c])
            continue;
        if (givens[c] > s->n || !(s->cand[c] & BIT(givens[c] - 1)))
            return SK_EINVAL;
        place(s, c, givens[c] - 1);
    }
    positions_table(s);
    return SK_OK;
}

/* What shows that the position has no solution, as far as looking at it
 * shows: an empty cell without a candidate (its index, *house -1), or a
 * house (s->house index) where a digit it lacks has no place left; 0
 * when neither. */
static int contradiction(skl_state *s, int *cell, int *house, int *digit)
{
    if (!s->pos_valid)
        positions_table(s);
    for (int c = 0; c < s->nc; c++)
        if (!s->val[c] && !s->cand[c]) {
            *cell = c;
            *house = *digit = -1;
            return 1;
        }
    for (int k = 0; k < s->nh; k++)
        for (uint64_t v = s->m->all & ~s->hplaced[k]; v; v &= v - 1)
            if (!s->pos[k * s->n + lowest(v)]) {
                *cell = -1;
                *house = k;
                *digit = lowest(v);
                return 1;
            }
    return 0;
}

int sk_logic_contradiction(sk_logic *s, sk_alphabet a, sk_why *why)
{
    int cell, house, digit;
    if (!s || !why)
        return SK_EINVAL;
    memset(why, 0, sizeof *why);
    why->cell = why->cell2 = why->house = why->rule = -1;
    if (!contradiction(s, &cell, &house, &digit))
        return 0;
    int proof = s->by_unique ? 2 : 1;
    if (cell >= 0) {
        char name[16];
        why->kind = SK_WHY_CELL;
        why->cell = cell;
        snprintf(why->message, sizeof why->message, "%s has no candidate left",
                 skx_cell_name(s->n, cell, name));
    } else {
        char name[64], sym[8];
        why->kind = SK_WHY_HOUSE;
        why->house = s->house[house];
        why->digit = digit + 1;
        sk_model_house_name(s->m, why->house, name, sizeof name);
        snprintf(why->message, sizeof why->message, "%s has no place left for %s", name,
                 skx_digit_symbol(a, s->n, digit + 1, sym));
    }
    return proof;
}

const uint64_t *sk_logic_candidates(const sk_logic *s)
{
    return s ? s->cand : NULL;
}

const uint8_t *sk_logic_values(const sk_logic *s)
{
    return s ? s->val : NULL;
}

/* ---- the step being built --------------------------------------------- */

void skl_step_reset(skl_state *s, int tech, int rating)
{
    sk_step *st = &s->step;
    memset(st, 0, sizeof *st);
    st->technique = tech;
    st->rating = rating;
    st->cell = -1;
    st->rule = st->rule2 = -1;
    st->elim = s->elim;
    st->cells = s->cells;
    st->nodes = s->nodes;
    st->branch = s->branch;
    st->direct = tech == SK_TECH_DIRECT_POINTING || tech == SK_TECH_DIRECT_CLAIMING ||
                 tech == SK_TECH_DIRECT_HIDDEN_PAIR || tech == SK_TECH_DIRECT_HIDDEN_TRIPLE;
}

#define hint_reset skl_step_reset

/* Eliminates digit d (0-based) from cell c. */
void skl_add_elim(skl_state *s, int c, int d)
{
    s->elim[s->step.nelim].cell = c;
    s->elim[s->step.nelim].digit = d + 1;
    s->step.nelim++;
}

#define add_elim skl_add_elim

/* Appends a branch of chain nodes; 0 when the storage is full. */
int skl_add_nodes(skl_state *s, const sk_node *nodes, int count)
{
    sk_step *st = &s->step;
    if (st->nnodes + count > s->maxnodes)
        return 0;
    memcpy(s->nodes + st->nnodes, nodes, (size_t)count * sizeof *nodes);
    s->branch[st->nbranches] = st->nnodes;
    st->nnodes += count;
    st->nbranches++;
    s->branch[st->nbranches] = st->nnodes;
    return 1;
}

static void add_house(skl_state *s, int k)
{
    if (s->step.nhouses < 8)
        s->step.houses[s->step.nhouses++] = s->house[k];
}

static void add_cell(skl_state *s, int c)
{
    s->cells[s->step.ncells++] = c;
}

/* A step is complete: 1 to stop there, or 0 after handing it to the
 * collector when every step is wanted (skl_rule_all). */
static int emit(skl_state *s)
{
    if (!s->collect)
        return 1;
    s->collect(s->collect_ctx, &s->step);
    return 0;
}

/* Positions (bits over the house's cell list) of digit d in house k. */
static uint64_t positions_scan(const skl_state *s, int k, int d);

/* Inlined: the table when it is kept up, else a scan of the house. */
static inline uint64_t positions(const skl_state *s, int k, int d)
{
    if (s->pos_valid)
        return s->pos[k * s->n + d];
    return positions_scan(s, k, d);
}

static uint64_t positions_scan(const skl_state *s, int k, int d)
{
    int cnt;
    const uint16_t *cells = hcells(s, k, &cnt);
    uint64_t p = 0;
    for (int i = 0; i < cnt; i++)
        if (!s->val[cells[i]] && (s->cand[cells[i]] & BIT(d)))
            p |= BIT(i);
    return p;
}

static int empty_cells(const skl_state *s, int k)
{
    if (s->pos_valid)
        return s->hempty[k];
    int cnt, e = 0;
    const uint16_t *cells = hcells(s, k, &cnt);
    for (int i = 0; i < cnt; i++)
        e += !s->val[cells[i]];
    return e;
}

/* The digits placed in house k. */
static uint64_t placed_in(const skl_state *s, int k)
{
    if (s->pos_valid)
        return s->hplaced[k];
    int cnt;
    const uint16_t *cells = hcells(s, k, &cnt);
    uint64_t p = 0;
    for (int i = 0; i < cnt; i++)
        if (s->val[cells[i]])
            p |= BIT(s->val[cells[i]] - 1);
    return p;
}

/* Fills the table of every house's places for every digit, its placed
 * digits and empty cells.  place() and sk_logic_apply() keep them up
 * from then on (a step changes a few candidates; rebuilding the table at
 * every step was half the time of rating an easy puzzle). */
static void positions_table(skl_state *s)
{
    memset(s->pos, 0, (size_t)s->nh * (size_t)s->n * sizeof *s->pos);
    for (int k = 0; k < s->nh; k++) {
        int cnt;
        const uint16_t *cells = hcells(s, k, &cnt);
        s->hplaced[k] = 0;
        s->hempty[k] = 0;
        for (int i = 0; i < cnt; i++) {
            int c = cells[i];
            if (s->val[c]) {
                s->hplaced[k] |= BIT(s->val[c] - 1);
                continue;
            }
            s->hempty[k]++;
            for (uint64_t v = s->cand[c]; v; v &= v - 1)
                s->pos[k * s->n + lowest(v)] |= BIT(i);
        }
    }
    s->pos_valid = 1;
}

/* ---- singles ----------------------------------------------------------- */

static int full_house_or_hidden_single(skl_state *s)
{
    /* a house with one empty cell ("alone", 1.0), then hidden singles:
       blocks 1.2, lines 1.5 */
    for (int k = 0; k < s->nh; k++) {
        int cnt, at = -1;
        const uint16_t *cells = hcells(s, k, &cnt);
        if (empty_cells(s, k) != 1)
            continue;
        for (int i = 0; i < cnt; i++)
            if (!s->val[cells[i]])
                at = cells[i];
        uint64_t left = s->m->all & ~placed_in(s, k);
        if (!skl_one(left) || !(s->cand[at] & left) || (s->limit && s->limit < 10))
            continue;
        hint_reset(s, SK_TECH_FULL_HOUSE, 10);
        s->step.cell = at;
        s->step.digit = lowest(left) + 1;
        s->step.digits = left;
        add_house(s, k);
        return 1;
    }
    for (int k = 0; k < s->nh; k++) {
        int cnt;
        const uint16_t *cells = hcells(s, k, &cnt);
        uint64_t done = placed_in(s, k);
        for (int d = 0; d < s->n; d++) {
            if (done & BIT(d))
                continue;
            uint64_t p = positions(s, k, d);
            if (!skl_one(p))
                continue;
            int block = s->hkind[k] == SKL_BLOCK;
            if (s->limit && s->limit < (block ? 12 : 15))
                continue;
            hint_reset(s, SK_TECH_HIDDEN_SINGLE, block ? 12 : 15);
            s->step.cell = cells[lowest(p)];
            s->step.digit = d + 1;
            s->step.digits = BIT(d);
            add_house(s, k);
            return 1;
        }
    }
    return 0;
}

static int naked_single(skl_state *s)
{
    if (s->limit && s->limit < 23)
        return 0;
    for (int c = 0; c < s->nc; c++)
        if (!s->val[c] && skl_one(s->cand[c])) {
            hint_reset(s, SK_TECH_NAKED_SINGLE, 23);
            s->step.cell = c;
            s->step.digit = lowest(s->cand[c]) + 1;
            s->step.digits = s->cand[c];
            return 1;
        }
    return 0;
}

/* ---- helpers over houses ------------------------------------------------ */

#define sees skl_sees

/* 1 when cell c is in house k. */
static int in_other_house(const skl_state *s, int k, int c);

/* Inlined: the basic rules ask it for every place they look at. */
static inline int in_house(const skl_state *s, int k, int c)
{
    if (s->hkind[k] != SKL_OTHER)
        return s->cell_house[c * 3 + s->hkind[k]] == k;
    return in_other_house(s, k, c);
}

static int in_other_house(const skl_state *s, int k, int c)
{
    int cnt;
    const uint16_t *cells = hcells(s, k, &cnt);
    for (int i = 0; i < cnt; i++)
        if (cells[i] == c)
            return 1;
    return 0;
}

int skl_in_house(const skl_state *s, int k, int c)
{
    return in_house(s, k, c);
}

static uint64_t first_subset(int k)
{
    return k >= 64 ? ~0ull : (1ull << k) - 1;
}

/* ---- locked candidates ------------------------------------------------- */

/* Pairs of house kinds SE scans: block->column, block->row, column->block,
 * row->block.  direct: only when the eliminations leave a hidden single in
 * a house of region1's kind, which is then placed. */
static int locking(skl_state *s, int direct)
{
    static const int pairs[4][2] = {{SKL_BLOCK, SKL_COLUMN}, {SKL_BLOCK, SKL_ROW},
                                    {SKL_COLUMN, SKL_BLOCK}, {SKL_ROW, SKL_BLOCK}};
    /* the houses of one kind are consecutive (sk_logic_new lays out
       blocks, then columns, then rows) */
    int from[3] = {s->nh, s->nh, s->nh}, to[3] = {0, 0, 0};
    for (int k = 0; k < s->nh; k++)
        if (s->hkind[k] != SKL_OTHER) {
            if (k < from[s->hkind[k]])
                from[s->hkind[k]] = k;
            to[s->hkind[k]] = k + 1;
        }
    for (int pi = 0; pi < 4; pi++) {
        int t1 = pairs[pi][0], t2 = pairs[pi][1];
        if (pi == 2 && s->limit && s->limit < (direct ? 19 : 28))
            break; /* claiming rates above the caller's limit */
        for (int d = 0; d < s->n; d++)
            for (int k1 = from[t1]; k1 < to[t1]; k1++) {
                uint64_t p1 = positions(s, k1, d);
                if (!skl_many(p1))
                    continue;
                int cnt1;
                const uint16_t *c1 = hcells(s, k1, &cnt1);
                /* two cells share at most one house of a kind: the only
                   candidate is the first place's */
                int k2 = s->cell_house[c1[lowest(p1)] * 3 + t2];
                if (k2 >= 0) {
                    if (p1 & ~s->same[((size_t)k1 * 3 + (size_t)t2) * (size_t)s->n + (size_t)lowest(p1)])
                        continue; /* not all in k2 */
                    /* k2's places of d are k1's and those it removes */
                    if (skl_popcount(positions(s, k2, d)) == skl_popcount(p1))
                        continue;
                    int cnt2, block1 = t1 == SKL_BLOCK;
                    const uint16_t *c2 = hcells(s, k2, &cnt2);
                    hint_reset(s, block1 ? (direct ? SK_TECH_DIRECT_POINTING : SK_TECH_POINTING)
                                         : (direct ? SK_TECH_DIRECT_CLAIMING : SK_TECH_CLAIMING),
                               block1 ? (direct ? 17 : 26) : (direct ? 19 : 28));
                    s->step.digits = BIT(d);
                    add_house(s, k1);
                    add_house(s, k2);
                    for (int i = 0; i < cnt2; i++) {
                        int c = c2[i];
                        if (!s->val[c] && (s->cand[c] & BIT(d)) && !in_house(s, k1, c))
                            add_elim(s, c, d);
                    }
                    if (!s->step.nelim)
                        continue;
                    if (!direct)
                        {
                        if (emit(s))
                            return 1;
                        continue;
                    }
                    /* a house of region1's kind crossing region2 left with one place */
                    for (int k3 = 0; k3 < s->nh; k3++) {
                        if (s->hkind[k3] != t1 || k3 == k1)
                            continue;
                        int cnt3, left = 0, at = -1, crosses = 0;
                        const uint16_t *c3 = hcells(s, k3, &cnt3);
                        uint64_t p3 = positions(s, k3, d);
                        if (!skl_many(p3))
                            continue;
                        for (uint64_t q = p3; q; q &= q - 1) {
                            int c = c3[lowest(q)];
                            if (in_house(s, k2, c))
                                crosses = 1;
                            else
                                left++, at = c;
                        }
                        if (crosses && left == 1) {
                            s->step.cell = at;
                            s->step.digit = d + 1;
                            return 1;
                        }
                    }
                }
            }
    }
    return 0;
}

/* ---- hidden and naked sets ---------------------------------------------- */

/* Hidden set of size k; direct: only when it leaves another digit of the
 * house a single place, which is then placed. */
static int hidden_set(skl_state *s, int k, int direct)
{
    /* SE's order; houses of other shapes (diagonals, windows) last */
    static const int order[4] = {SKL_BLOCK, SKL_COLUMN, SKL_ROW, SKL_OTHER};
    for (int t = 0; t < 4; t++)
        for (int h = 0; h < s->nh; h++) {
            if (s->hkind[h] != order[t])
                continue;
            int empty = empty_cells(s, h), cnt;
            if (direct ? empty <= k : empty <= 2 * k)
                continue;
            const uint16_t *cells = hcells(s, h, &cnt);
            uint64_t pos[SK_MAX_N];
            /* only digits with 2..k places can be in the set: the subsets
               of those, in increasing order of their masks, are SE's
               subsets that can succeed, in SE's order */
            int dig[SK_MAX_N], m = 0;
            for (int d = 0; d < s->n; d++) {
                pos[d] = positions(s, h, d);
                if (skl_two_to(pos[d], k))
                    dig[m++] = d;
            }
            if (m < k)
                continue;
            for (uint64_t isub = first_subset(k); isub; isub = skl_next_subset(isub, m)) {
                uint64_t uni = 0, sub = 0;
                for (uint64_t q = isub; q; q &= q - 1) {
                    int d = dig[lowest(q)];
                    sub |= BIT(d);
                    uni |= pos[d];
                }
                if (popcount64(uni) != k)
                    continue;
                hint_reset(s,
                           direct ? (k == 2 ? SK_TECH_DIRECT_HIDDEN_PAIR : SK_TECH_DIRECT_HIDDEN_TRIPLE)
                                  : (k == 2 ? SK_TECH_HIDDEN_PAIR
                                            : k == 3 ? SK_TECH_HIDDEN_TRIPLE : SK_TECH_HIDDEN_QUAD),
                           direct ? (k == 2 ? 20 : 25) : (k == 2 ? 34 : k == 3 ? 40 : 54));
                s->step.digits = sub;
                add_house(s, h);
                for (uint64_t q = uni; q; q &= q - 1)
                    add_cell(s, cells[lowest(q)]);
                for (uint64_t q = uni; q; q &= q - 1) {
                    int c = cells[lowest(q)];
                    for (uint64_t o = s->cand[c] & ~sub; o; o &= o - 1)
                        add_elim(s, c, lowest(o));
                }
                if (!s->step.nelim)
                    continue;
                if (!direct)
                    {
                        if (emit(s))
                            return 1;
                        continue;
                    }
                for (int d = 0; d < s->n; d++) {
                    if (sub & BIT(d) || !skl_many(pos[d]))
                        continue;
                    uint64_t rest = pos[d] & ~uni;
                    if (skl_one(rest)) {
                        s->step.cell = cells[lowest(rest)];
                        s->step.digit = d + 1;
                        return 1;
                    }
                }
            }
        }
    return 0;
}

static int naked_set(skl_state *s, int k)
{
    /* SE's order; houses of other shapes (diagonals, windows) last */
    static const int order[4] = {SKL_BLOCK, SKL_COLUMN, SKL_ROW, SKL_OTHER};
    for (int t = 0; t < 4; t++)
        for (int h = 0; h < s->nh; h++) {
            if (s->hkind[h] != order[t] || empty_cells(s, h) < 2 * k)
                continue;
            int cnt;
            const uint16_t *cells = hcells(s, h, &cnt);
            /* only open cells with 2..k candidates can be in the set (the
               same order as SE's subsets of the house, as for hidden sets) */
            int idx[SK_MAX_N], m = 0;
            for (int i = 0; i < cnt; i++) {
                int nc = popcount64(s->cand[cells[i]]);
                if (!s->val[cells[i]] && nc >= 2 && nc <= k)
                    idx[m++] = i;
            }
            if (m < k)
                continue;
            for (uint64_t isub = first_subset(k); isub; isub = skl_next_subset(isub, m)) {
                uint64_t uni = 0, sub = 0;
                for (uint64_t q = isub; q; q &= q - 1) {
                    int i = idx[lowest(q)];
                    sub |= BIT(i);
                    uni |= s->cand[cells[i]];
                }
                if (popcount64(uni) != k)
                    continue;
                hint_reset(s, k == 2 ? SK_TECH_NAKED_PAIR : k == 3 ? SK_TECH_NAKED_TRIPLE : SK_TECH_NAKED_QUAD,
                           k == 2 ? 30 : k == 3 ? 36 : 50);
                s->step.digits = uni;
                add_house(s, h);
                for (uint64_t q = sub; q; q &= q - 1)
                    add_cell(s, cells[lowest(q)]);
                for (int i = 0; i < cnt; i++) {
                    int c = cells[i];
                    if (sub & BIT(i) || s->val[c])
                        continue;
                    for (uint64_t o = s->cand[c] & uni; o; o &= o - 1)
                        add_elim(s, c, lowest(o));
                }
                if (s->step.nelim)
                    if (emit(s))
                        return 1;
            }
        }
    return 0;
}

/* ---- fish ------------------------------------------------------------------ */

/* 1 when the fish of digit d on bases sub (bits over base[]) whose places
 * are uni (bits over cover[]) removes something: d in a cover house
 * outside the bases.  build: the fish is made s->step, with what it
 * removes. */
static int fish_step(skl_state *s, int k, int d, uint64_t sub, uint64_t uni, const int *base,
                     const int *cover, int build)
{
    if (build) {
        hint_reset(s, k == 2 ? SK_TECH_X_WING : k == 3 ? SK_TECH_SWORDFISH : SK_TECH_JELLYFISH,
                   k == 2 ? 32 : k == 3 ? 38 : 52);
        s->step.digits = BIT(d);
        for (uint64_t q = sub; q; q &= q - 1)
            add_house(s, base[lowest(q)]);
        for (uint64_t q = uni; q; q &= q - 1)
            add_house(s, cover[lowest(q)]);
    }
    /* position i of a row is column i and the other way round */
    for (uint64_t q = uni; q; q &= q - 1) {
        int cnt;
        const uint16_t *cells = hcells(s, cover[lowest(q)], &cnt);
        for (int i = 0; i < cnt; i++) {
            int c = cells[i];
            if (s->val[c] || !(s->cand[c] & BIT(d)))
                continue;
            int inbase = 0;
            for (uint64_t b = sub; b && !inbase; b &= b - 1)
                inbase = in_house(s, base[lowest(b)], c);
            if (inbase)
                continue;
            if (!build)
                return 1;
            add_elim(s, c, d);
        }
    }
    return build && s->step.nelim;
}

typedef struct fish_at {
    uint64_t sub, uni; /* the bases, bits over base[]; their places */
    int d;
} fish_at;

/* SE's order: by the bases' mask, then by digit. */
static int fish_order(const void *a, const void *b)
{
    const fish_at *x = a, *y = b;
    if (x->sub != y->sub)
        return x->sub < y->sub ? -1 : 1;
    return (x->d > y->d) - (x->d < y->d);
}

static int fish(skl_state *s, int k)
{
    static const int kinds[2][2] = {{SKL_COLUMN, SKL_ROW}, {SKL_ROW, SKL_COLUMN}};
    fish_at room[64], *found = room;
    int cap = 64, ret = 0, placed[SK_MAX_N] = {0};
    for (int c = 0; c < s->nc; c++)
        if (s->val[c])
            placed[s->val[c] - 1]++;
    for (int bt = 0; bt < 2 && !ret; bt++) {
        int base[SK_MAX_N], cover[SK_MAX_N], nb = 0, nv = 0, nf = 0;
        for (int h = 0; h < s->nh; h++) {
            if (s->hkind[h] == kinds[bt][0])
                base[nb++] = h;
            else if (s->hkind[h] == kinds[bt][1])
                cover[nv++] = h;
        }
        if (nb != s->n || nv != s->n)
            continue;
        /* SE visits every set of k bases in increasing order of its mask
           and, for each, every digit.  Only the base houses where d has
           2..k places can hold a fish on d: each digit's sets are taken
           from those alone, the fish that remove something kept, and
           those visited in SE's order */
        for (int d = 0; d < s->n && !ret; d++) {
            int bidx[SK_MAX_N], m = 0;
            if (placed[d] + 2 * k > s->n)
                continue;
            for (int b = 0; b < nb; b++)
                if (skl_two_to(positions(s, base[b], d), k))
                    bidx[m++] = b;
            for (uint64_t isub = m >= k ? first_subset(k) : 0; isub;
                 isub = skl_next_subset(isub, m)) {
                uint64_t sub = 0, uni = 0;
                for (uint64_t q = isub; q; q &= q - 1) {
                    int b = bidx[lowest(q)];
                    sub |= BIT(b);
                    uni |= positions(s, base[b], d);
                }
                if (popcount64(uni) != k || !fish_step(s, k, d, sub, uni, base, cover, 0))
                    continue;
                if (nf == cap) {
                    fish_at *more = malloc(2 * (size_t)cap * sizeof *more);
                    if (!more) {
                        ret = SK_ENOMEM;
                        break;
                    }
                    memcpy(more, found, (size_t)nf * sizeof *found);
                    if (found != room)
                        free(found);
                    found = more;
                    cap *= 2;
                }
                found[nf].sub = sub;
                found[nf].uni = uni;
                found[nf++].d = d;
            }
        }
        qsort(found, (size_t)nf, sizeof *found, fish_order);
        for (int i = 0; i < nf && !ret; i++)
            if (fish_step(s, k, found[i].d, found[i].sub, found[i].uni, base, cover, 1) && emit(s))
                ret = 1;
    }
    if (found != room)
        free(found);
    return ret;
}

/* ---- XY- and XYZ-wings --------------------------------------------------- */

static int xy_wing(skl_state *s, int xyz)
{
    /* the bivalue cells, as a set: a pivot's wings are its peers in it,
       and the cells a pair of wings sees together are the intersection of
       their peer sets (visited in cell order, as a scan would) */
    uint64_t biv[SK_MAX_N * SK_MAX_N / 64], see[SK_MAX_N * SK_MAX_N / 64];
    int w = s->words;
    for (int i = 0; i < w; i++)
        biv[i] = 0;
    for (int c = 0; c < s->nc; c++)
        if (!s->val[c] && popcount64(s->cand[c]) == 2)
            biv[c >> 6] |= 1ull << (c & 63);
    for (int p = 0; p < s->nc; p++) {
        uint64_t pc = s->cand[p];
        if (s->val[p] || popcount64(pc) != (xyz ? 3 : 2))
            continue;
        const uint64_t *pp = s->peerbits + (size_t)p * (size_t)w;
        int wings[4 * SK_MAX_N], nw = 0;
        for (int i = 0; i < w && nw < 4 * SK_MAX_N; i++)
            for (uint64_t b = biv[i] & pp[i] & ~(i == p >> 6 ? 1ull << (p & 63) : 0);
                 b && nw < 4 * SK_MAX_N; b &= b - 1)
                wings[nw++] = i << 6 | lowest(b);
        for (int i = 0; i < nw; i++)
            for (int j = i + 1; j < nw; j++) {
                uint64_t a = s->cand[wings[i]], b = s->cand[wings[j]], z;
                if (xyz) {
                    if ((a & ~pc) || (b & ~pc) || (a | b) != pc || popcount64(a & b) != 1)
                        continue;
                    z = a & b;
                } else {
                    if (popcount64(pc | a | b) != 3 || (pc & a & b) || popcount64(a & b) != 1 ||
                        (a & b & pc))
                        continue;
                    z = a & b;
                }
                int d = lowest(z);
                hint_reset(s, xyz ? SK_TECH_XYZ_WING : SK_TECH_XY_WING, xyz ? 44 : 42);
                s->step.digits = z;
                add_cell(s, p);
                add_cell(s, wings[i]);
                add_cell(s, wings[j]);
                const uint64_t *pa = s->peerbits + (size_t)wings[i] * (size_t)w;
                const uint64_t *pb = s->peerbits + (size_t)wings[j] * (size_t)w;
                for (int k = 0; k < w; k++)
                    see[k] = pa[k] & pb[k] & (xyz ? pp[k] : ~0ull);
                see[p >> 6] &= ~(1ull << (p & 63));
                see[wings[i] >> 6] &= ~(1ull << (wings[i] & 63));
                see[wings[j] >> 6] &= ~(1ull << (wings[j] & 63));
                for (int k = 0; k < w; k++)
                    for (uint64_t e = see[k]; e; e &= e - 1) {
                        int c = k << 6 | lowest(e);
                        if (!s->val[c] && (s->cand[c] & z))
                            add_elim(s, c, d);
                    }
                if (s->step.nelim)
                    return 1;
            }
    }
    return 0;
}

/* ---- applying ------------------------------------------------------------ */

void sk_logic_apply(sk_logic *s, const sk_step *h)
{
    if (!s || !h)
        return;
    s->by_unique |= h->technique == SK_TECH_UNIQUE_RECTANGLE ||
                    h->technique == SK_TECH_UNIQUE_LOOP || h->technique == SK_TECH_BUG;
    for (int i = 0; i < h->nelim && !h->direct; i++) {
        int c = h->elim[i].cell;
        uint64_t bit = BIT(h->elim[i].digit - 1);
        if (s->pos_valid && !s->val[c] && (s->cand[c] & bit))
            pos_remove(s, c, bit);
        s->cand[c] &= ~bit;
    }
    if (h->cell >= 0)
        place(s, h->cell, h->digit - 1);
}

int sk_logic_solved(const sk_logic *s)
{
    for (int c = 0; s && c < s->nc; c++)
        if (!s->val[c])
            return 0;
    return s != NULL;
}

/* ---- variant rules ------------------------------------------------------ */

/* The rating of a step by constraint c (tenths; sudokit's own, see
 * SK_TECH_VARIANT_RULE in sudokit.h). */
static int rule_rating(const skx_con *c)
{
    if (c->rule < 0)
        return 27; /* implied by several rules together */
    return c->type == SKX_PAIR || c->type == SKX_COMBO || c->type == SKX_QUAD ? 16 : 21;
}

/*
 * The first constraint of the rules rated `rating` that narrows its cells'
 * candidates, as a step: the constraint's filter (the one the engines
 * propagate with) run on the grid, each digit it takes out of an open cell
 * removed.  A constraint the grid already violates (a position without a
 * solution) says nothing here.
 */
static int rule_step(skl_state *s, int rating)
{
    const sk_model *m = s->m;
    for (int x = 0; x < m->ncons; x++) {
        const skx_con *c = &m->cons[x];
        if (rule_rating(c) != rating)
            continue;
        const uint16_t *cells = m->con_cells + c->cell_off;
        int open = 0;
        for (uint32_t j = 0; j < c->ncells; j++) {
            s->rdom[j] = s->cand[cells[j]];
            open |= !s->val[cells[j]];
        }
        if (!open || !skl_filter(s, c))
            continue;
        hint_reset(s, SK_TECH_VARIANT_RULE, rating);
        for (uint32_t j = 0; j < c->ncells; j++) {
            int cell = cells[j];
            s->cells[s->step.ncells++] = cell;
            if (s->val[cell])
                continue;
            /* (a constraint names each cell once: compile.c) */
            for (uint64_t v = s->cand[cell] & ~s->rdom[j]; v; v &= v - 1) {
                add_elim(s, cell, lowest(v));
                s->step.digits |= v & -v;
            }
        }
        if (!s->step.nelim)
            continue;
        s->step.rule = c->rule;
        s->step.rule2 = c->type == SKX_PAIR ? c->rule2 : -1;
        if (c->rule < 0) {
            s->step.subtype = c->type == SKX_SUM ? c->aux : 0;
            s->step.total = skx_implied_total(m, c);
        }
        return 1;
    }
    return 0;
}

/* Names constraint c's rule in the step being built (and a second rule
 * sharing its pair table), the digit d, house k (unless k < 0) and the
 * constraint's cells.  1, for the producers' return. */
static int rule_named(skl_state *s, const skx_con *c, int d, int k, int subtype)
{
    const uint16_t *cells = s->m->con_cells + c->cell_off;
    s->step.rule = c->rule;
    s->step.rule2 = c->type == SKX_PAIR ? c->rule2 : -1;
    s->step.subtype = subtype;
    s->step.digits = BIT(d);
    if (k >= 0) {
        s->step.houses[0] = s->house[k];
        s->step.nhouses = 1;
    }
    for (uint32_t j = 0; j < c->ncells; j++)
        s->cells[s->step.ncells++] = cells[j];
    return 1;
}

/*
 * A digit that a rule's cells must hold (every digit combination of a cage
 * or a renban line still possible holds it, or a quadruple names it),
 * whose places among those cells all lie in one house: it leaves the rest
 * of that house, as locked candidates do.  Houses in SE's order (boxes,
 * columns, rows, the others); the first that loses a candidate.
 */
static int rule_pointing(skl_state *s)
{
    const sk_model *m = s->m;
    for (int x = 0; x < m->ncons; x++) {
        const skx_con *c = &m->cons[x];
        if (c->rule < 0 || (c->type != SKX_COMBO && c->type != SKX_QUAD))
            continue;
        const uint16_t *cells = m->con_cells + c->cell_off;
        const uint64_t *data = m->con_data + c->data_off;
        uint64_t all = 0, placed = 0, required = 0;
        for (uint32_t j = 0; j < c->ncells; j++) {
            int cell = cells[j];
            all |= s->cand[cell];
            placed |= s->val[cell] ? s->cand[cell] : 0;
        }
        if (c->type == SKX_QUAD) {
            for (uint32_t k = 0; k + 1 < c->ndata; k += 2)
                required |= data[k];
        } else {
            /* the sets still possible: each digit somewhere, each cell
               meeting the set (as the filter tests them) */
            required = ~0ull;
            int any = 0;
            for (uint32_t k = 0; k < c->ndata; k++) {
                int miss = (data[k] & ~all) != 0;
                for (uint32_t j = 0; j < c->ncells && !miss; j++)
                    miss = (s->cand[cells[j]] & data[k]) == 0;
                if (!miss) {
                    required &= data[k];
                    any = 1;
                }
            }
            if (!any)
                continue; /* no solution here: nothing to say */
        }
        for (uint64_t v = required & ~placed & m->all; v; v &= v - 1) {
            int d = lowest(v), first = -1;
            for (uint32_t j = 0; j < c->ncells && first < 0; j++)
                if (!s->val[cells[j]] && (s->cand[cells[j]] & BIT(d)))
                    first = cells[j];
            if (first < 0)
                continue;
            for (uint32_t e = s->cpos_off[first]; e < s->cpos_off[first + 1]; e++) {
                int k = (int)(s->cpos[e] >> 6), cnt, inside = 1;
                for (uint32_t j = 0; j < c->ncells && inside; j++)
                    inside = s->val[cells[j]] || !(s->cand[cells[j]] & BIT(d)) ||
                             in_house(s, k, cells[j]);
                if (!inside)
                    continue;
                const uint16_t *hc = skl_hcells(s, k, &cnt);
                hint_reset(s, SK_TECH_VARIANT_RULE, 26);
                for (int i = 0; i < cnt; i++) {
                    int o = hc[i], mine = 0;
                    if (s->val[o] || !(s->cand[o] & BIT(d)))
                        continue;
                    for (uint32_t j = 0; j < c->ncells && !mine; j++)
                        mine = cells[j] == o;
                    if (!mine)
                        add_elim(s, o, d);
                }
                if (s->step.nelim)
                    return rule_named(s, c, d, k, 0);
            }
        }
    }
    return 0;
}

/*
 * A digit that a rule's cells in one house must hold, for any kind of rule:
 * with the digit taken out of those cells, the rule's own filter finds that
 * it cannot hold (a little killer whose other cells cannot make its total,
 * a thermometer that cannot climb past them...).  One of them holds it,
 * so it leaves the rest of the house.  The general form of rule_pointing,
 * which reads the digit off a cage's sets and needs all of its places in
 * the house; this one asks the filter, house by house and digit by digit
 * (a few thousand calls on a 9x9 with twenty rules, made only when
 * everything easier has failed).  step.subtype 1 tells the two apart.
 */
static int rule_needs(skl_state *s)
{
    const sk_model *m = s->m;
    for (int x = 0; x < m->ncons; x++) {
        const skx_con *c = &m->cons[x];
        if (c->rule < 0)
            continue;
        const uint16_t *cells = m->con_cells + c->cell_off;
        for (uint32_t j0 = 0; j0 < c->ncells; j0++) {
            if (s->val[cells[j0]])
                continue;
            for (uint32_t e = s->cpos_off[cells[j0]]; e < s->cpos_off[cells[j0] + 1]; e++) {
                int k = (int)(s->cpos[e] >> 6), first = 1;
                /* each house once: from the first open cell of the rule in it */
                for (uint32_t j = 0; j < j0 && first; j++)
                    first = s->val[cells[j]] || !in_house(s, k, cells[j]);
                if (!first)
                    continue;
                uint64_t digits = 0;
                for (uint32_t j = j0; j < c->ncells; j++)
                    if (!s->val[cells[j]] && in_house(s, k, cells[j]))
                        digits |= s->cand[cells[j]];
                int cnt;
                const uint16_t *hc = skl_hcells(s, k, &cnt);
                for (uint64_t v = digits; v; v &= v - 1) {
                    int d = lowest(v);
                    /* the digit's places in the house outside the rule */
                    uint64_t out = positions(s, k, d);
                    for (int i = 0; i < cnt && out; i++)
                        for (uint32_t j = 0; j < c->ncells && (out & BIT(i)); j++)
                            if (cells[j] == hc[i])
                                out &= ~BIT(i);
                    if (!out)
                        continue;
                    for (uint32_t j = 0; j < c->ncells; j++) {
                        s->rdom[j] = s->cand[cells[j]];
                        if (!s->val[cells[j]] && in_house(s, k, cells[j]))
                            s->rdom[j] &= ~BIT(d);
                    }
                    if (skl_filter(s, c))
                        continue;
                    hint_reset(s, SK_TECH_VARIANT_RULE, 28);
                    for (; out; out &= out - 1)
                        add_elim(s, hc[lowest(out)], d);
                    return rule_named(s, c, d, k, 1);
                }
            }
        }
    }
    return 0;
}

/*
 * A candidate that a rule cannot live with: with digit d in cell c, and d
 * gone from the rule's cells that see c, the rule's filter finds that the
 * rule cannot hold ("a 9 here leaves the cage's other cells 1 to make";
 * "the thermometer cannot climb past a 7 here").  The shortest
 * contradiction a rule gives, the one killer solvers use most; left
 * alone, the same removal waits for a dynamic forcing chain (8.5 and up).
 * Every open candidate against every rule on it or on a cell it sees:
 * tried only when everything up to 3.0 has failed.  step.subtype 2.
 */
static int rule_break(skl_state *s)
{
    const sk_model *m = s->m;
    for (int cell = 0; cell < s->nc; cell++) {
        if (s->val[cell])
            continue;
        for (uint64_t v = s->cand[cell]; v; v &= v - 1) {
            int d = lowest(v);
            for (int x = 0; x < m->ncons; x++) {
                const skx_con *c = &m->cons[x];
                if (c->rule < 0)
                    continue;
                const uint16_t *cells = m->con_cells + c->cell_off;
                int changed = 0;
                for (uint32_t j = 0; j < c->ncells; j++) {
                    int o = cells[j];
                    uint64_t dom = s->cand[o];
                    if (o == cell)
                        dom = BIT(d);
                    else if (!s->val[o] && sees(s, cell, o))
                        dom &= ~BIT(d);
                    changed |= dom != s->cand[o];
                    s->rdom[j] = dom;
                }
                if (!changed || skl_filter(s, c))
                    continue;
                hint_reset(s, SK_TECH_VARIANT_RULE, 31);
                add_elim(s, cell, d);
                return rule_named(s, c, d, -1, 2);
            }
        }
    }
    return 0;
}

/*
 * Two rules together: a candidate that no way of filling one rule's cells
 * leaves the other rule room for ("the 3-cage must be 1+2, and then the
 * 4-cage beside it in the row cannot be 1+3: it is not 1 here"; two
 * little killers through the same box).  For the first rule of a pair
 * (at most PAIR_CELLS cells), every assignment of its cells that keeps
 * its houses and the rule is tried (at most PAIR_LEAVES of them, and
 * 8 PAIR_LEAVES steps of the search for them); its
 * digits leave the second rule's cells that see them, and the second
 * rule's filter says what those keep.  A digit of either rule's cells
 * that no assignment keeps goes.  The pairs are those whose cells meet
 * (a cell in common, or two that see each other) and come from two
 * rules (not a relation of two cells that two rules share: the step
 * names two rules only); a pair that gave nothing is not tried again on the same
 * candidates (a table of their hashes).  Tried when everything up to the
 * hidden pair (3.4) fails; step.subtype 3, rule and rule2 the two rules.
 */
#define PAIR_CELLS 9
#define PAIR_LEAVES 4096
#define PAIR_NONE_BITS 12

typedef struct pair_walk {
    skl_state *s;
    const skx_con *c1, *c2;
    const uint16_t *cells1, *cells2;
    int n1, n2;
    int digit[PAIR_CELLS]; /* the first rule's cells, assigned (0-based) */
    uint64_t sup1[PAIR_CELLS];
    long leaves, nodes;   /* assignments tried, and steps of the search */
} pair_walk;

/* The first rule's cells are assigned: does it hold, and what does the
 * second keep? */
static void pair_leaf(pair_walk *w)
{
    skl_state *s = w->s;
    for (int j = 0; j < w->n1; j++)
        s->rdom[j] = BIT(w->digit[j]);
    if (!skl_filter(s, w->c1))
        return;
    for (int j = 0; j < w->n2; j++) {
        int o = w->cells2[j];
        uint64_t dom = s->cand[o];
        for (int i = 0; i < w->n1; i++) {
            int p = w->cells1[i];
            if (p == o)
                dom &= BIT(w->digit[i]);
            else if (sees(s, p, o))
                dom &= ~BIT(w->digit[i]);
        }
        if (!dom)
            return;
        s->rdom[j] = dom;
    }
    if (!skl_filter(s, w->c2))
        return;
    for (int j = 0; j < w->n2; j++)
        s->pair_sup[j] |= s->rdom[j];
    for (int j = 0; j < w->n1; j++)
        w->sup1[j] |= BIT(w->digit[j]);
}

static void pair_assign(pair_walk *w, int j)
{
    skl_state *s = w->s;
    if (w->leaves > PAIR_LEAVES || ++w->nodes > 8 * PAIR_LEAVES)
        return;
    if (j == w->n1) {
        w->leaves++;
        pair_leaf(w);
        return;
    }
    int o = w->cells1[j];
    uint64_t dom = s->cand[o];
    for (int i = 0; i < j; i++)
        if (sees(s, w->cells1[i], o))
            dom &= ~BIT(w->digit[i]);
    for (; dom; dom &= dom - 1) {
        w->digit[j] = lowest(dom);
        pair_assign(w, j + 1);
    }
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Whether constraint b may be paired with a (as the second). */
static int pairable(const skx_con *a, const skx_con *b)
{
    return b != a && b->rule >= 0 && b->rule != a->rule && !(b->type == SKX_PAIR && b->rule2 != -1);
}

/* The pairs, both ways round (each constraint is the first of its own):
 * the constraints on its cells and on their peers; set up by
 * sk_logic_new.  0 when out of memory. */
static int pairs_setup(skl_state *s)
{
    const sk_model *m = s->m;
    uint32_t n = 0, cap = 64, *off = NULL, *to = NULL, *mark = NULL;
    off = malloc(((size_t)m->ncons + 1) * sizeof *off);
    to = malloc(cap * sizeof *to);
    mark = calloc((size_t)m->ncons, sizeof *mark);
    s->pair_none = calloc((size_t)1 << PAIR_NONE_BITS, sizeof *s->pair_none);
    s->pair_sup = malloc(((size_t)m->con_max_cells + 1) * sizeof *s->pair_sup);
    int ok = off && to && mark && s->pair_none && s->pair_sup;
    for (int x = 0; ok && x < m->ncons; x++) {
        const skx_con *a = &m->cons[x];
        const uint16_t *ca = m->con_cells + a->cell_off;
        off[x] = n;
        if (a->rule < 0 || a->ncells > PAIR_CELLS || (a->type == SKX_PAIR && a->rule2 != -1))
            continue;
        for (uint32_t i = 0; ok && i < a->ncells; i++)
            for (uint32_t q = m->peer_off[ca[i]]; ok && q <= m->peer_off[ca[i] + 1]; q++) {
                /* its peers, then the cell itself */
                int cell = q < m->peer_off[ca[i] + 1] ? m->peers[q] : ca[i];
                for (uint32_t e = m->cell_con_off[cell]; e < m->cell_con_off[cell + 1]; e++) {
                    uint32_t y = m->cell_cons[e];
                    if (mark[y] == (uint32_t)x + 1 || !pairable(a, &m->cons[y]))
                        continue;
                    mark[y] = (uint32_t)x + 1;
                    if (n == cap) {
                        uint32_t *t = realloc(to, 2 * (size_t)cap * sizeof *t);
                        if (!t) {
                            ok = 0;
                            break;
                        }
                        to = t;
                        cap *= 2;
                    }
                    to[n++] = y;
                }
            }
    }
    free(mark);
    for (int x = 0; ok && x < m->ncons; x++) /* each list in the constraints' order */
        qsort(to + off[x], (x + 1 < m->ncons ? off[x + 1] : n) - off[x], sizeof *to, cmp_u32);
    if (!ok) {
        free(off);
        free(to);
        return 0; /* (sk_logic_free frees the rest) */
    }
    off[m->ncons] = n;
    s->pair_off = off;
    s->pair_to = to;
    return 1;
}

/* A hash of the pair and its cells' candidates (never 0). */
static uint64_t pair_key(const skl_state *s, int x, int y)
{
    const sk_model *m = s->m;
    uint64_t h = ((uint64_t)x << 32 | (uint32_t)y) * 0x9e3779b97f4a7c15ull;
    for (int k = 0; k < 2; k++) {
        const skx_con *c = &m->cons[k ? y : x];
        for (uint32_t j = 0; j < c->ncells; j++)
            h = (h ^ s->cand[m->con_cells[c->cell_off + j]]) * 0x100000001b3ull;
    }
    return h | 1;
}

static int rule_pair(skl_state *s)
{
    const sk_model *m = s->m;
    if (!s->pair_off)
        return 0; /* (sk_logic_new sets it up for every model with rules) */
    for (int x = 0; x < m->ncons; x++) {
        const skx_con *c1 = &m->cons[x];
        const uint16_t *cells1 = m->con_cells + c1->cell_off;
        int open = 0;
        if (skl_expired(s))
            return 0;
        for (uint32_t j = 0; j < c1->ncells; j++)
            open |= !s->val[cells1[j]];
        if (!open)
            continue;
        for (uint32_t e = s->pair_off[x]; e < s->pair_off[x + 1]; e++) {
            int y = (int)s->pair_to[e];
            const skx_con *c2 = &m->cons[y];
            uint64_t key = pair_key(s, x, y);
            uint64_t *none = &s->pair_none[(key * 0x9e3779b97f4a7c15ull) >> (64 - PAIR_NONE_BITS)];
            if (*none == key)
                continue;
            pair_walk w;
            w.s = s;
            w.c1 = c1;
            w.c2 = c2;
            w.cells1 = cells1;
            w.cells2 = m->con_cells + c2->cell_off;
            w.n1 = (int)c1->ncells;
            w.n2 = (int)c2->ncells;
            w.leaves = w.nodes = 0;
            memset(w.sup1, 0, sizeof w.sup1);
            memset(s->pair_sup, 0, (size_t)w.n2 * sizeof *s->pair_sup);
            pair_assign(&w, 0);
            /* (no assignment at all, sup1[0] empty: the position has no
               solution, which is not this technique's to say) */
            if (w.leaves > PAIR_LEAVES || w.nodes > 8 * PAIR_LEAVES || !w.sup1[0]) {
                *none = key;
                continue;
            }
            hint_reset(s, SK_TECH_VARIANT_RULE, 35);
            for (int k = 0; k < 2; k++)
                for (int j = 0; j < (k ? w.n2 : w.n1); j++) {
                    int o = k ? w.cells2[j] : cells1[j], twice = 0;
                    uint64_t keep = k ? s->pair_sup[j] : w.sup1[j];
                    for (int i = 0; i < s->step.ncells && !twice; i++)
                        twice = s->cells[i] == o;
                    if (twice)
                        continue; /* a cell of both: the first rule's say */
                    s->cells[s->step.ncells++] = o;
                    if (s->val[o])
                        continue;
                    for (uint64_t v = s->cand[o] & ~keep; v; v &= v - 1) {
                        add_elim(s, o, lowest(v));
                        s->step.digits |= v & -v;
                    }
                }
            if (!s->step.nelim) {
                *none = key;
                continue;
            }
            s->step.rule = c1->rule;
            s->step.rule2 = c2->rule;
            s->step.subtype = 3;
            return 1;
        }
    }
    return 0;
}

/* ---- the producers, in SE's order ------------------------------------ */

/* 1 when a producer whose steps start at rating r may run. */
static int allowed(const skl_state *s, int r)
{
    return !s->limit || r <= s->limit;
}

static int next_step(skl_state *s)
{
    int st;
    int cell, house, digit;
    /* a position without solution has steps of every kind and none leads
       anywhere (the chains find them by the thousand): looked for at the
       start, then before the chains */
    if (!s->looked) {
        s->looked = 1;
        if (contradiction(s, &cell, &house, &digit))
            return 0;
    }
    if (!s->pos_valid)
        positions_table(s);
    if (full_house_or_hidden_single(s))
        return 1;
    if (s->rdom && allowed(s, 16) && rule_step(s, 16))
        return 1;
    if (allowed(s, 17) && locking(s, 1))
        return 1;
    if (allowed(s, 20) && hidden_set(s, 2, 1))
        return 1;
    if (s->rdom && allowed(s, 21) && rule_step(s, 21))
        return 1;
    if (naked_single(s))
        return 1;
    if (allowed(s, 25) && hidden_set(s, 3, 1))
        return 1;
    if (allowed(s, 26) && locking(s, 0))
        return 1;
    if (s->rdom && allowed(s, 26) && rule_pointing(s))
        return 1;
    if (s->rdom && allowed(s, 27) && rule_step(s, 27))
        return 1;
    if (s->rdom && allowed(s, 28) && rule_needs(s))
        return 1;
    if (allowed(s, 30) && naked_set(s, 2))
        return 1;
    if (s->rdom && allowed(s, 31) && rule_break(s))
        return 1;
    if (allowed(s, 32) && (st = fish(s, 2)) != 0)
        return st;
    if (allowed(s, 34) && hidden_set(s, 2, 0))
        return 1;
    if (s->rdom && allowed(s, 35) && rule_pair(s))
        return 1;
    if (allowed(s, 36) && naked_set(s, 3))
        return 1;
    if (allowed(s, 38) && (st = fish(s, 3)) != 0)
        return st;
    if (allowed(s, 40) && hidden_set(s, 3, 0))
        return 1;
    if (allowed(s, 42) && xy_wing(s, 0))
        return 1;
    if (allowed(s, 44) && xy_wing(s, 1))
        return 1;
    if (s->unique_ok && allowed(s, 45) && (st = skl_unique_loops(s)) != 0)
        return st;
    if (allowed(s, 50) && naked_set(s, 4))
        return 1;
    if (allowed(s, 52) && (st = fish(s, 4)) != 0)
        return st;
    if (allowed(s, 54) && hidden_set(s, 4, 0))
        return 1;
    if (s->unique_ok && allowed(s, 56) && (st = skl_bug(s)) != 0)
        return st;
    if (allowed(s, 62) && (st = skl_aligned(s, 2)) != 0)
        return st;
    if (contradiction(s, &cell, &house, &digit))
        return 0;
    /* chaining: cycles and forcing chains, then aligned triple exclusion,
       Nishio, multiple and dynamic chains */
    if (allowed(s, 65) && (st = skl_chains(s, 0)) != 0)
        return st;
    if (allowed(s, 75) && (st = skl_aligned(s, 3)) != 0)
        return st;
    /* Nishio 7.5, multiple 8.0, dynamic 8.5, then the nested levels:
       9.0, 9.5, 10.0 and four producers at 10.5 */
    static const int chain_rating[10] = {75, 80, 85, 90, 95, 100, 105, 105, 105, 105};
    for (int which = 1; which <= 10; which++) {
        if (!allowed(s, chain_rating[which - 1]))
            break;
        st = skl_chains(s, which);
        if (st != 0)
            return st;
    }
    return 0;
}

int sk_logic_next(sk_logic *s, sk_step *step)
{
    if (!s || !step)
        return SK_EINVAL;
    int st;
    if (sk_logic_solved(s))
        return 0;
    if (cancelled(s)) /* (a step may come without a look at the clock) */
        return SK_ETIME;
    arm(s);
    st = next_step(s);
    if (st <= 0)
        return st;
    *step = s->step;
    return 1;
}

int sk_rate(sk_logic *s, const uint8_t *givens, sk_rating *r)
{
    int st;
    if (!s || !givens || !r)
        return SK_EINVAL;
    st = sk_logic_start(s, givens);
    if (st != SK_OK) {
        sk_rating_init(r);
        return st;
    }
    return sk_rate_position(s, r);
}

/* ---- singles in bulk, for the rating ------------------------------------- */

enum { SINGLE_FULL = 1, SINGLE_BLOCK = 2, SINGLE_LINE = 4, SINGLE_NAKED = 8 };

/* One pass over the houses placing every single of the kinds given (full
 * houses, hidden singles in blocks, in the other houses), then over the
 * cells for naked singles; the number placed.  The positions table must
 * be kept up. */
static int singles_pass(skl_state *s, int kinds)
{
    int placed = 0;
    for (int k = 0; k < s->nh; k++) {
        int cnt;
        const uint16_t *cells;
        uint64_t left = s->m->all & ~s->hplaced[k];
        if ((kinds & SINGLE_FULL) && s->hempty[k] == 1) {
            int at = -1;
            cells = hcells(s, k, &cnt);
            for (int i = 0; i < cnt && at < 0; i++)
                if (!s->val[cells[i]])
                    at = cells[i];
            if (skl_one(left) && (s->cand[at] & left)) {
                place(s, at, lowest(left));
                placed++;
                continue;
            }
        }
        if (!(kinds & (s->hkind[k] == SKL_BLOCK ? SINGLE_BLOCK : SINGLE_LINE)))
            continue;
        for (uint64_t v = left; v; v &= v - 1) {
            int d = lowest(v);
            uint64_t p = s->pos[k * s->n + d];
            if (!skl_one(p))
                continue;
            cells = hcells(s, k, &cnt); /* (the places are empty cells) */
            place(s, cells[lowest(p)], d);
            placed++;
        }
    }
    if (kinds & SINGLE_NAKED)
        for (int c = 0; c < s->nc; c++)
            if (!s->val[c] && skl_one(s->cand[c])) {
                place(s, c, lowest(s->cand[c]));
                placed++;
            }
    return placed;
}

/*
 * Every single SE would place from here on before it needs another
 * technique, placed in bulk, with the steps and ER they add.  SE takes
 * the easiest step each time: full houses (1.0), then a hidden single in
 * a block (1.2), then in a row or column (1.5).  A single stays one until
 * its cell is placed (the steps are sound), so the cells the singles of
 * some kinds place, in whatever order, are the same; hence SE needs a
 * hidden single in a block exactly when the closure under full houses
 * stops short of the closure under both, and one in a line exactly when
 * that stops short of the closure under all three.  The step count is the
 * number of cells placed; EP and ED are settled (past the first
 * placement).  Scanning every house once for all its singles, a few
 * times, replaces a scan of every house for each placement.
 */
static void singles_bulk(skl_state *s, sk_rating *r)
{
    static const int kinds[3] = {SINGLE_FULL, SINGLE_FULL | SINGLE_BLOCK,
                                 SINGLE_FULL | SINGLE_BLOCK | SINGLE_LINE};
    static const int rating[3] = {10, 12, 15};
    static const int tech[3] = {SK_TECH_FULL_HOUSE, SK_TECH_HIDDEN_SINGLE, SK_TECH_HIDDEN_SINGLE};
    if (!s->pos_valid)
        positions_table(s);
    if (r->er >= 23 && (!s->limit || s->limit >= 23) && !s->rdom) {
        /* naked singles (2.3) too: none of these steps can raise ER, so
           only the cells they place count, and those are the same in any
           order (not with variant rules: their steps rated 1.6 and 2.1
           come before a naked single, and how many there are depends on
           what the singles placed first) */
        int n;
        while ((n = singles_pass(s, kinds[2] | SINGLE_NAKED)) != 0)
            r->steps += n;
        return;
    }
    for (int lv = 0; lv < 3 && (!s->limit || rating[lv] <= s->limit); lv++) {
        int total = 0, n;
        while ((n = singles_pass(s, kinds[lv])) != 0)
            total += n;
        if (!total)
            continue;
        r->steps += total;
        if (rating[lv] > r->er) {
            r->er = rating[lv];
            r->er_tech = tech[lv];
        }
    }
}

/* The rating from the position s holds; bulk: singles in bulk past the
 * first placement (*bulked set when they placed any). */
static int rate_from(sk_logic *s, sk_rating *r, int bulk, int *bulked)
{
    sk_rating_init(r);
    while (!sk_logic_solved(s)) {
        const sk_step *h = &s->step;
        int found = next_step(s);
        if (found < 0)
            return found;
        if (!found) {
            sk_rating_stuck(r);
            return SK_OK;
        }
        sk_rating_add(r, h);
        sk_logic_apply(s, h);
        if (bulk && r->ep) { /* past the first placement */
            int before = r->steps;
            singles_bulk(s, r);
            *bulked |= r->steps != before;
        }
    }
    return SK_OK;
}

/*
 * Singles in bulk give the step-by-step figures when the position has a
 * solution (singles_bulk).  One without (rated unchecked, or left without
 * any by a uniqueness technique on a puzzle with several) can hold two
 * singles that contradict each other, and then the order they are placed
 * in changes the step count; such a position can never be filled, so it
 * ends stuck, and a stuck rating that placed singles in bulk is made
 * again step by step from the same position.
 */
int sk_rate_position(sk_logic *s, sk_rating *r)
{
    if (!s || !r)
        return SK_EINVAL;
    if (cancelled(s)) {
        sk_rating_init(r);
        return SK_ETIME;
    }
    arm(s);
    uint64_t *cand = malloc((size_t)s->nc * sizeof *cand);
    uint8_t *val = malloc((size_t)s->nc);
    int bulked = 0, st;
    if (!cand || !val) {
        free(cand);
        free(val);
        return SK_ENOMEM;
    }
    memcpy(cand, s->cand, (size_t)s->nc * sizeof *cand);
    memcpy(val, s->val, (size_t)s->nc);
    st = rate_from(s, r, 1, &bulked);
    if (st == SK_OK && r->stuck && bulked) {
        memcpy(s->cand, cand, (size_t)s->nc * sizeof *cand);
        memcpy(s->val, val, (size_t)s->nc);
        s->pos_valid = 0;
        st = rate_from(s, r, 0, &bulked);
    }
    free(cand);
    free(val);
    return st;
}

void sk_rating_init(sk_rating *r)
{
    memset(r, 0, sizeof *r);
    r->er_tech = r->ep_tech = r->ed_tech = -1;
}

/* ER: the hardest step; ED: the hardest up to the first step; EP: the
 * hardest up to the first placement. */
void sk_rating_add(sk_rating *r, const sk_step *s)
{
    r->steps++;
    if (s->rating > r->er) {
        r->er = s->rating;
        r->er_tech = s->technique;
    }
    if (r->ep == 0) {
        if (r->ed == 0) {
            r->ed = r->er;
            r->ed_tech = r->er_tech;
        }
        if (s->cell >= 0) {
            r->ep = r->er;
            r->ep_tech = r->er_tech;
        }
    }
}

void sk_rating_stuck(sk_rating *r)
{
    r->er = 200; /* beyond the techniques, as SE reports it */
    r->er_tech = -1;
    r->stuck = 1;
}

char *sk_step_name(const sk_step *h, char *buf, size_t size)
{
    static const char *const plus[5] = {"", " (+)", " (+ Forcing Chains)",
                                        " (+ Multiple Forcing Chains)",
                                        " (+ Dynamic Forcing Chains)"};
    const char *name = h ? sk_tech_name(h->technique) : NULL;
    if (!buf || !size)
        return buf;
    if (!name) {
        snprintf(buf, size, "?");
        return buf;
    }
    switch (h->technique) {
    case SK_TECH_UNIQUE_RECTANGLE:
    case SK_TECH_BUG:
        snprintf(buf, size, "%s type %d", name, h->subtype);
        break;
    case SK_TECH_UNIQUE_LOOP:
        snprintf(buf, size, "%s %d type %d", name, h->ncells, h->subtype);
        break;
    case SK_TECH_FORCING_X_CHAIN:
        snprintf(buf, size, "%s", h->complexity == 6 ? "Turbot Fish" : name);
        break;
    case SK_TECH_CONTRADICTION_CHAIN:
    case SK_TECH_DOUBLE_CHAIN:
    case SK_TECH_DYNAMIC_CELL_CHAINS:
    case SK_TECH_DYNAMIC_REGION_CHAINS:
        snprintf(buf, size, "%s%s", name, plus[h->subtype >= 0 && h->subtype < 5 ? h->subtype : 0]);
        break;
    default:
        snprintf(buf, size, "%s", name);
    }
    return buf;
}

/* ---- every step of a basic rule, for nested chains ------------------------ */

int skl_rule_all(skl_state *s, const uint64_t *g, const uint64_t *hm,
                 void (*fn)(void *ctx, const sk_step *st), int (*done)(void *ctx), void *ctx)
{
    uint64_t *save = s->cand;
    sk_step keep = s->step;
    sk_cand *elim = s->elim;
    int *cells = s->cells;
    const size_t npos = (size_t)s->nh * (size_t)s->n;
    /* the step storage, the grid and the positions while collecting (the
       nested chains call this thousands of times a step) */
    if (!s->elim2)
        s->elim2 = malloc((size_t)s->nc * (size_t)s->n * sizeof *s->elim2);
    if (!s->cells2)
        s->cells2 = malloc((size_t)s->nc * sizeof *s->cells2);
    if (!s->cand2)
        s->cand2 = malloc((size_t)s->nc * sizeof *s->cand2);
    if (!s->pos2)
        s->pos2 = malloc(npos * sizeof *s->pos2);
    if (!s->elim2 || !s->cells2 || !s->cand2 || !s->pos2)
        return SK_ENOMEM;
    /* the placed digits and empty cells of each house follow the values,
       which do not change here: only the places are g's */
    if (!s->pos_valid)
        positions_table(s);
    memcpy(s->pos2, s->pos, npos * sizeof *s->pos);
    for (int k = 0; k < s->nh; k++)
        memcpy(s->pos + (size_t)k * (size_t)s->n, hm + (size_t)s->house[k] * (size_t)s->n,
               (size_t)s->n * sizeof *s->pos);
    for (int c = 0; c < s->nc; c++)
        s->cand2[c] = s->val[c] ? BIT(s->val[c] - 1) : g[c];
    s->cand = s->cand2;
    s->elim = s->elim2;
    s->cells = s->cells2;
    s->collect = fn;
    s->collect_ctx = ctx;
    for (int rule = 0; rule < 4; rule++) {
        switch (rule) {
        case 0:
            locking(s, 0);
            break;
        case 1:
            hidden_set(s, 2, 0);
            break;
        case 2:
            naked_set(s, 2);
            break;
        default:
            fish(s, 2);
            break;
        }
        if (done(ctx))
            break;
    }
    s->collect = NULL;
    memcpy(s->pos, s->pos2, npos * sizeof *s->pos);
    s->cand = save;
    s->elim = elim;
    s->cells = cells;
    s->step = keep;
    return SK_OK;
}
