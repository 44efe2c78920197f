/*
 * engine_9x9.c - the dedicated engine for classic 9x9 Sudoku (3x3 boxes,
 * no extra houses, no groups, no jigsaw regions): solve, uniqueness and
 * counting, chosen automatically for those models.
 *
 * Data model: bands of digit bitboards
 *   The grid is cut into three bands of three rows.  For each digit d and
 *   band b one 32-bit word holds the 27 cells of the band where d is still
 *   possible, row after row:
 *
 *       c[d][b]   bit  26 ......... 18 17 ......... 9 8 ......... 0
 *                      row 2 of band    row 1 of band   row 0 of band
 *                      col 8 ..... 0    col 8 ..... 0   col 8 ..... 0
 *
 *       within one row:  bit 8 7 6 | 5 4 3 | 2 1 0
 *                        box 2     | box 1 | box 0     ("mini-rows")
 *
 *   so mini-row (row r, box k) of a band is bits 9r+3k .. 9r+3k+2, i.e.
 *   three consecutive bits at 3m for m = 3r+k.  Column c of the band is
 *   bits c, 9+c, 18+c: a 9-bit set of columns C spreads to the whole band
 *   as C * 0x40201.  The board is 9 digits x 4 words (the fourth band word
 *   is zero padding: a digit is one 16-byte vector), the cells placed so
 *   far per band, per band the digit-rows not placed yet (urow[b] bit
 *   3d+r), and each digit's mini-row pattern in each band as rule 5 last
 *   saw it (the branching choice reads it there rather than working it
 *   out again).  A board is 256 bytes: branching copies it rather
 *   than keeping a trail, and the whole search state is a stack of at most
 *   136 boards (one per open choice: at most 27 digit-band and 27
 *   digit-stack configurations and 81 cells along one path).
 *
 * Propagation, to a fixpoint
 *   1. Band rule (per digit and band, only for words that changed).  In a
 *      band a digit sits once in each of the three rows and once in each of
 *      the three boxes: its three mini-rows form a permutation of
 *      (row -> box).  The 9-bit pattern of non-empty mini-rows indexes a
 *      table (512 entries, built once) giving the union of the mini-rows of
 *      every permutation the pattern still allows, spread to 27 bits.  One
 *      AND applies pointing and claiming (locked candidates box<->row),
 *      hidden singles in boxes turn into single-minirow rows, and an empty
 *      result is a contradiction.  The row tables (one per row of the
 *      band, combined by OR) give the pattern, the rows that hold a single
 *      cell (placements) and the mini-rows a digit is bound to at once.
 *   2. Placement of d at cell p (band b, row r, column c): row (d,b,r) is
 *      marked placed and column c leaves digit d in the two other bands at
 *      once (one vector AND on the digit's four words); the cells placed
 *      during one round of rule 1 over the dirty words leave every other
 *      digit together afterwards (one vector AND per digit for the three
 *      bands, not one per placement: each digit keeps the cells it was
 *      placed on in the round; a cell placed by two digits in one round
 *      is a contradiction).  Every word that changes is marked dirty (bit
 *      4d+b of a 64-bit set: the lanes of a digit's vector that changed,
 *      shifted by 4d) and goes through rule 1 in the next round.  Givens
 *      enter as placements: each given's row is cut down to it, and the
 *      first round places them all.
 *   3. Naked singles, for all cells at once by bit-slicing across digits:
 *      one |= x, two |= one & x over the 9 digits (their three bands as one
 *      vector) gives the cells
 *      with at least one and at least two candidates; a cell outside `one`
 *      is empty (contradiction); one & ~two & ~placed are naked singles,
 *      placed by cutting their digit's row down to that cell (rule 1 then
 *      sees a single-cell row).
 *   4. Stacks (per digit that changed): in a stack a digit takes one
 *      column in each band and one band in each column, a permutation of
 *      (band -> column), so rule 1's table, indexed by the non-empty
 *      mini-columns, keeps the columns some permutation still uses (box/
 *      column locked candidates; a column with no place is a
 *      contradiction).  Hidden singles in columns need no rule of their
 *      own: a column only one band can hold gets that band's places in
 *      the stack, which leaves the box one place for rule 1.
 *   5. Mini-rows (per band that changed): each holds exactly three digits.
 *      From the same row tables, a digit whose places in a row lie in one
 *      mini-row is bound to it; bit-sliced counters over the nine digits
 *      find mini-rows with three bound digits (every other digit leaves
 *      their cells), four (contradiction) or fewer than three possible
 *      digits (contradiction).  Configuration branching (below) needs it:
 *      without it a grid with few givens can fix impossible mini-row
 *      patterns and take exponentially long to find out.
 *   6. Mini-columns, the same for all 27 at once: a digit whose places in
 *      a column lie in one band is bound to that mini-column.  Branching
 *      on stacks needs it as branching on bands needs rule 5.
 *   Rules 3 to 6 run only when the dirty set is empty, cheapest first,
 *   and only on the bands (rules 3, 5) and digits (rule 4) that changed,
 *   rule 6 when anything did (its last pass leaves each digit's columns
 *   for the branching choice).  With rules 4 and 6 and branching on stacks
 *   forum_hardest needs 27% fewer guesses (47.6 -> 34.6 to the first
 *   solution, 87.7 -> 62.4 to prove uniqueness), as many as tdoku, whose
 *   propagation works on both orientations too.
 *   The puzzle is solved when all 81 digit-rows are placed: rows by
 *   construction, cells by rule 2, columns by rule 2 across bands and rule
 *   1 within a band, boxes by rule 1.
 *
 * Branching
 *   On a fixpoint that is not solved, the choice is a digit's
 *   configuration in a band or a stack: which of the six permutations its
 *   three mini-rows (row -> box) or mini-columns (band -> column) take
 *   (rules 1 and 4 keep only those still possible).  The band or stack
 *   whose nine digits have the fewest permutations left in all is taken
 *   (only its digits are then looked at again for the smallest count),
 *   and in it the digit with the fewest (more than one); each alternative
 *   cuts the digit's cells to the mini-rows or mini-columns of one
 *   permutation.  The alternatives are disjoint and cover every solution,
 *   so counting stays exact.  On forum_hardest band configurations alone
 *   needed a quarter fewer guesses than branching on the first bivalue
 *   cell, and ran 20-25% faster.  When every digit of every band and stack
 *   has one permutation left (each digit's cells are then known), the
 *   first bivalue cell is branched on instead (otherwise a cell with the
 *   fewest candidates), trying its digits in increasing order; a tried
 *   digit is removed from the saved board, so later alternatives know it
 *   failed (or was counted).
 *   The last alternative of either kind reuses the saved board: it is
 *   forced, not a guess.  nodes counts the root plus every alternative
 *   taken, guesses the alternatives that were not the last, as in the
 *   general engine.
 *
 * Why it is fast
 *   Everything a node touches is 27 words in a few cache lines; rule 1 is
 *   four table loads and an AND; naked singles for all 81 cells cost 18 vector
 *   operations; copying a board (256 bytes) is cheaper than logging and
 *   undoing changes.  The search allocates nothing and never recurses.
 *
 * Portability and vector instructions
 *   The code is C11 with GCC/Clang extensions: builtins (ctz) and vector
 *   types (a digit's four band words as one 16-byte vector; where SSE2 is
 *   available the lanes that changed come out with its movemask, otherwise,
 *   or when SKX_9X9_GENERIC is defined, lane by lane; test_9x9_generic
 *   runs that build).  On x86-64 the search is compiled twice: for the
 *   baseline target, and with
 *   target("avx2,bmi,bmi2,popcnt,lzcnt") so that the compiler uses BMI
 *   bit instructions and vectorises the per-band loops (the digit words are
 *   laid out 4 to a vector); __builtin_cpu_supports picks one at run time.
 *   skx_9x9_force_portable() forces the baseline build (tests use it).
 */
#include <pthread.h>
#include <string.h>
#if defined(__SSE2__) && !defined(SKX_9X9_GENERIC)
#include <emmintrin.h>
#endif

#include "engine.h"

#define BAND 0x7FFFFFFu /* the 27 cells of a band */

#if defined(__GNUC__) || defined(__clang__)
#define AI static inline __attribute__((always_inline))
#else
#define AI static inline
#endif

/* Full unrolling of the fixed 3- and 9-step loops over bands and digits:
 * GCC leaves them rolled at -O2, and the search is 10% slower so. */
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL _Pragma("GCC unroll 9")
#else
#define UNROLL
#endif

typedef struct board {
    uint32_t c[9][4];   /* c[d][b]: cells of band b where digit d+1 may go */
    uint32_t placed[4]; /* cells holding a placed digit, per band */
    uint32_t urow[4];   /* bit 3d+r: row r of band b has no placed d yet */
    uint32_t nplaced;   /* digit-rows placed; 81 when solved */
    uint32_t pad[3];
    uint16_t pat[3][9]; /* pat[b][d]: d's non-empty mini-rows in band b, as
                           rule 5 last saw them (current on a fixpoint) */
    uint16_t pad2[5];
} board;

typedef struct frame {
    board saved;       /* the board before the choice, minus digits tried */
    uint32_t bit;      /* the cell being branched on, as a band bit; 0 when
                          the choice is a digit's configuration in a band */
    uint8_t band;      /* 0-2 a band, 3-5 a stack (configurations only) */
    uint8_t digit;     /* configurations: the digit */
    uint16_t untried;  /* digits (cells) or configurations not tried yet */
} frame;

typedef struct workspace {
    frame frames[27 + 27 + 81 + 1];
    uint8_t grid[81];
    uint32_t pd[9][4]; /* propagate's placements of a round; zero between */
    uint32_t cols[9]; /* per digit, bit 9b+c: column c has a place in band b
                         (left by propagate's last look, on its fixpoint) */
} workspace;

/* rowinfo[r][v] for the 9 cells v of row r of a band, laid out so that
 * the three rows' entries combine by OR: bits 3r..3r+2, which of its three
 * mini-rows are non-empty (so bits 0-8 are the band's mini-row pattern);
 * bit 9+r, exactly one cell; bits 12+3r..14+3r, the same as bits 3r..3r+2
 * when exactly one mini-row is non-empty (the digit is bound to it). */
static uint32_t rowinfo[3][512];
#define RI(a) (rowinfo[0][(a) & 511] | rowinfo[1][((a) >> 9) & 511] | rowinfo[2][(a) >> 18])
/* bandmask[P], P the non-empty mini-rows of a digit in a band (bit 3r+k):
 * the cells of the mini-rows that some row->box permutation inside P uses;
 * 0 when none does. */
static uint32_t bandmask[512];
/* permset[P]: the row->box permutations (bit k of 6) whose three mini-rows
 * all lie in P; permcells[k]: the cells of permutation k's mini-rows. */
static uint8_t permset[512];
static uint8_t permcount[512]; /* the number of permutations in permset[P] */
static uint32_t permcells[6];
/* permallow[P]: the mini-rows (bit 3r+k) that some permutation inside P
 * uses; the same table serves stacks, with bands for rows and a stack's
 * columns for boxes. */
static uint16_t permallow[512];
/* digitwords[D]: the dirty bits 4d of the digits d in D (band 0). */
static uint64_t digitwords[512];
/* minicells[M]: the cells of the mini-rows in M (bit 3r+k), 27 bits. */
static uint32_t minicells[512];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static const uint8_t perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                   {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

static void make_tables(void)
{
    for (unsigned v = 0; v < 512; v++) {
        unsigned pat = (v & 7u ? 1u : 0u) | (v & 070u ? 2u : 0u) | (v & 0700u ? 4u : 0u);
        unsigned one = v && !(v & (v - 1));
        unsigned bound = pat == 1 || pat == 2 || pat == 4 ? pat : 0;
        for (int r = 0; r < 3; r++)
            rowinfo[r][v] = pat << (3 * r) | one << (9 + r) | bound << (12 + 3 * r);
    }
    for (int k = 0; k < 6; k++) {
        permcells[k] = 7u << (3 * perm[k][0]) | 7u << (3 * (3 + perm[k][1])) |
                       7u << (3 * (6 + perm[k][2]));
    }
    for (unsigned p = 0; p < 512; p++) {
        unsigned allowed = 0, set = 0;
        for (int k = 0; k < 6; k++) {
            unsigned bits = 1u << perm[k][0] | 1u << (3 + perm[k][1]) | 1u << (6 + perm[k][2]);
            if ((p & bits) == bits) {
                allowed |= bits;
                set |= 1u << k;
            }
        }
        permset[p] = (uint8_t)set;
        permcount[p] = (uint8_t)__builtin_popcount(set);
        permallow[p] = (uint16_t)allowed;
        uint32_t mask = 0;
        for (int m = 0; m < 9; m++)
            if (allowed >> m & 1)
                mask |= 7u << (3 * m);
        bandmask[p] = mask;
        uint32_t all = 0;
        for (int m = 0; m < 9; m++)
            if (p >> m & 1)
                all |= 7u << (3 * m);
        minicells[p] = all;
        uint64_t w = 0;
        for (int d = 0; d < 9; d++)
            if (p >> d & 1)
                w |= 1ull << (4 * d);
        digitwords[p] = w;
    }
}

static int force_portable;

/* Tests: 1 makes every later search use the baseline build. */
void skx_9x9_force_portable(int on);
void skx_9x9_force_portable(int on) { force_portable = on; }

AI uint32_t row_of(uint32_t p) { return p >> 18 ? 2u : p >> 9 ? 1u : 0u; }

/* A digit's four band words as one vector (GCC/Clang vector types), for
 * the updates that touch one digit in all three bands at once: a
 * placement's columns, and the cells placed in a round. */
typedef uint32_t v4 __attribute__((vector_size(16)));

AI v4 vload(const uint32_t *p)
{
    v4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

AI void vstore(uint32_t *p, v4 v) { memcpy(p, &v, sizeof v); }

/* Bit b set for each band b (0-2) where o and n differ. */
AI uint32_t vdiffer(v4 o, v4 n)
{
#if defined(__SSE2__) && !defined(SKX_9X9_GENERIC)
    return (uint32_t)_mm_movemask_ps((__m128)(o != n)) & 7u;
#else
    v4 ne = (v4)(o != n);
    return (ne[0] & 1u) | (ne[1] & 2u) | (ne[2] & 4u);
#endif
}

/* Cuts digit d's row of cell p (band b) down to p: a placement rule 1
 * will complete. */
AI void pin(board *B, uint64_t *dirty, int d, int b, uint32_t p)
{
    B->c[d][b] &= ~(0x1FFu << (9 * row_of(p))) | p;
    *dirty |= 1ull << (4 * d + b);
}

/* Zeroes the round's placements of the digits in ds. */
AI void clear_pd(uint32_t (*pd)[4], uint32_t ds)
{
    for (; ds; ds &= ds - 1)
        vstore(pd[__builtin_ctz(ds)], (v4){0, 0, 0, 0});
}

/* Runs rules 1-6 to a fixpoint; 0 on contradiction.  pd (the cells
 * where each digit was placed in each band during the current round) is
 * all zero on entry and on return. */
AI int propagate(board *B, uint64_t dirty, uint32_t *cols, uint32_t (*pd)[4])
{
    /* rows[s]: the rows of set s (3 bits) as band cells */
    static const uint32_t rows[8] = {0, 0x1FF, 0x3FE00, 0x3FFFF,
                                     0x7FC0000, 0x7FC01FF, 0x7FFFE00, BAND};
    /* words touched since rule 3, 4, 5 and 6 last looked */
    uint64_t seen3 = 0, seen4 = 0, seen5 = 0, seen6 = 1;
    uint32_t pdigits = 0; /* the digits placed in this round (pd) */
    /* othermask[b]: every band but b */
    static const v4 othermask[3] = {{0, ~0u, ~0u, 0}, {~0u, 0, ~0u, 0}, {~0u, ~0u, 0, 0}};

    for (;;) {
        while (dirty) {
            /* One round: rule 1 on every dirty word, placements found
             * gathered per band, then taken out of the other digits. */
            uint64_t todo = dirty;
            uint32_t newp[4] = {0, 0, 0, 0};
            dirty = 0;
            seen3 |= todo;
            seen4 |= todo;
            seen5 |= todo;
            seen6 |= todo;
            while (todo) {
                int i = __builtin_ctzll(todo);
                todo &= todo - 1;
                int d = i >> 2, b = i & 3;
                uint32_t a0 = B->c[d][b];
                uint32_t info = RI(a0);
                uint32_t a = a0 & bandmask[info & 511];
                if (a != a0) {
                    if (!a)
                        goto fail;
                    B->c[d][b] = a;
                    info = RI(a);
                }
                uint32_t rs = info >> 9 & B->urow[b] >> (3 * d) & 7;
                if (!rs)
                    continue;
                uint32_t p = a & rows[rs];
                if (p & newp[b])
                    goto fail; /* two digits placed in one cell */
                newp[b] |= p;
                B->urow[b] &= ~(rs << (3 * d));
                B->nplaced += 0xE994u >> (2 * rs) & 3; /* popcount of rs */
                pd[d][b] |= p;
                pdigits |= 1u << d;
                /* the columns of p leave d in the two other bands */
                uint32_t cm = ((p | p >> 9 | p >> 18) & 511) * 0x40201u;
                v4 o = vload(B->c[d]);
                v4 n = o & ~((v4){cm, cm, cm, 0} & othermask[b]);
                vstore(B->c[d], n);
                dirty |= (uint64_t)vdiffer(o, n) << (4 * d);
            }
            if (!pdigits)
                continue;
            /* the cells placed leave every other digit of their band */
            v4 np = vload(newp);
            vstore(B->placed, vload(B->placed) | np);
            UNROLL
            for (int e = 0; e < 9; e++) {
                v4 own = vload(pd[e]);
                v4 o = vload(B->c[e]), n = o & ~(np & ~own);
                vstore(B->c[e], n);
                dirty |= (uint64_t)vdiffer(o, n) << (4 * e);
            }
            clear_pd(pd, pdigits);
            pdigits = 0;
        }
        /* Rule 3: naked singles and empty cells. */
        v4 one4 = {0, 0, 0, 0}, two4 = {0, 0, 0, 0};
        if (seen3) {
            UNROLL
            for (int d = 0; d < 9; d++) {
                v4 x = vload(B->c[d]);
                two4 |= one4 & x;
                one4 |= x;
            }
        }
        for (int b = 0; b < 3; b++) {
            if (!(seen3 & 0x111111111ull << b))
                continue;
            uint32_t one = one4[b], two = two4[b];
            if (one != BAND)
                return 0;
            uint32_t s = one & ~two & ~B->placed[b];
            while (s) {
                uint32_t p = s & -s;
                s ^= p;
                int d = 0;
                while (d < 9 && !(B->c[d][b] & p))
                    d++;
                if (d == 9)
                    return 0; /* emptied by a single just pinned */
                pin(B, &dirty, d, b, p);
            }
        }
        seen3 = 0;
        if (dirty)
            continue;
        /* Rule 4, per digit that changed: in each stack the digit takes one
         * column in each band and one band in each column, a permutation
         * (band -> column) like rule 1's (row -> box), so the same kind of
         * table keeps the columns of every band that some permutation still
         * uses (box/column locked candidates; an empty column is a
         * contradiction).  Hidden singles in columns follow: a column that
         * one band alone can hold gets that band's places in the stack, which
         * leaves the box one place, which rule 1 places. */
        for (int d = 0; d < 9; d++) {
            if (!(seen4 >> (4 * d) & 7))
                continue;
            uint32_t a0 = B->c[d][0], a1 = B->c[d][1], a2 = B->c[d][2];
            uint32_t any0 = (a0 | a0 >> 9 | a0 >> 18) & 511;
            uint32_t any1 = (a1 | a1 >> 9 | a1 >> 18) & 511;
            uint32_t any2 = (a2 | a2 >> 9 | a2 >> 18) & 511;
            uint32_t A0 = permallow[(any0 & 7) | (any1 & 7) << 3 | (any2 & 7) << 6];
            uint32_t A1 = permallow[(any0 >> 3 & 7) | (any1 >> 3 & 7) << 3 | (any2 >> 3 & 7) << 6];
            uint32_t A2 = permallow[(any0 >> 6) | (any1 >> 6) << 3 | (any2 >> 6) << 6];
            if (!A0 || !A1 || !A2)
                return 0;
            uint32_t k0 = (A0 & 7) | (A1 & 7) << 3 | (A2 & 7) << 6;
            uint32_t k1 = (A0 >> 3 & 7) | (A1 >> 3 & 7) << 3 | (A2 >> 3 & 7) << 6;
            uint32_t k2 = (A0 >> 6) | (A1 >> 6) << 3 | (A2 >> 6) << 6;
            uint32_t n0 = a0 & k0 * 0x40201u, n1 = a1 & k1 * 0x40201u, n2 = a2 & k2 * 0x40201u;
            if ((n0 ^ a0) | (n1 ^ a1) | (n2 ^ a2)) {
                B->c[d][0] = n0;
                B->c[d][1] = n1;
                B->c[d][2] = n2;
                dirty |= (uint64_t)(n0 != a0) << (4 * d) | (uint64_t)(n1 != a1) << (4 * d + 1) |
                         (uint64_t)(n2 != a2) << (4 * d + 2);
            }
        }
        seen4 = 0;
        if (dirty)
            continue;
        /* Rule 5: mini-rows hold three digits.  A digit whose places in a
         * row all lie in one mini-row is bound to that mini-row; three
         * digits bound to one mini-row fill it, so every other digit leaves
         * it, and four are a contradiction, as are fewer than three digits
         * able to go there.  Branching on configurations fixes whole
         * mini-row patterns, and without this rule a grid with few givens
         * would take exponentially long to notice an overfull mini-row. */
        for (int b = 0; b < 3; b++) {
            if (!(seen5 & 0x111111111ull << b))
                continue;
            uint32_t fp[9];
            uint32_t f1 = 0, f2 = 0, f3 = 0, f4 = 0, p1 = 0, p2 = 0, p3 = 0;
            UNROLL
            for (int d = 0; d < 9; d++) {
                uint32_t a = B->c[d][b];
                uint32_t info = RI(a);
                uint32_t h = info & 511, f = info >> 12;
                B->pat[b][d] = (uint16_t)h;
                fp[d] = f;
                f4 |= f3 & f; f3 |= f2 & f; f2 |= f1 & f; f1 |= f;
                p3 |= p2 & h; p2 |= p1 & h; p1 |= h;
            }
            if (f4 || p3 != 511)
                return 0;
            uint32_t full = f3;
            if (!full)
                continue;
            /* the full mini-rows' cells leave every digit not bound there;
               usually they are placed cells, already gone */
            uint32_t cells = minicells[full], changed = 0;
            UNROLL
            for (int d = 0; d < 9; d++) {
                uint32_t o = B->c[d][b], n = o & (~cells | minicells[fp[d] & full]);
                B->c[d][b] = n;
                changed |= (uint32_t)(o != n) << d;
            }
            dirty |= digitwords[changed] << b;
        }
        seen5 = 0;
        if (dirty)
            continue;
        /* Rule 6: mini-columns hold three digits (rule 5 turned by 90
         * degrees), for the whole grid at once: bit 9b+c of a word is
         * column c in band b. */
        if (seen6) {
            seen6 = 0;
            uint32_t fp[9];
            uint32_t f1 = 0, f2 = 0, f3 = 0, f4 = 0, p1 = 0, p2 = 0, p3 = 0;
            UNROLL
            for (int d = 0; d < 9; d++) {
                uint32_t x[3];
                UNROLL
                for (int b = 0; b < 3; b++) {
                    uint32_t a = B->c[d][b];
                    x[b] = (a | a >> 9 | a >> 18) & 511;
                }
                uint32_t one = (x[0] ^ x[1] ^ x[2]) & ~(x[0] & x[1] & x[2]);
                uint32_t h = x[0] | x[1] << 9 | x[2] << 18;
                uint32_t f = h & one * 0x40201u;
                cols[d] = h;
                fp[d] = f;
                f4 |= f3 & f; f3 |= f2 & f; f2 |= f1 & f; f1 |= f;
                p3 |= p2 & h; p2 |= p1 & h; p1 |= h;
            }
            if (f4 || p3 != BAND)
                return 0;
            uint32_t full = f3;
            if (full) {
                UNROLL
                for (int d = 0; d < 9; d++) {
                    /* full mini-columns where d still has a place and is not
                       bound (usually none: most are placed cells) */
                    uint32_t gone = full & ~fp[d] & cols[d];
                    if (!gone)
                        continue;
                    UNROLL
                    for (int b = 0; b < 3; b++) {
                        uint32_t g = gone >> (9 * b) & 511;
                        uint32_t o = B->c[d][b], n = o & ~(g * 0x40201u);
                        B->c[d][b] = n;
                        dirty |= (uint64_t)(o != n) << (4 * d + b);
                    }
                }
            }
        }
        if (!dirty)
            return 1;
    }
fail:
    clear_pd(pd, pdigits);
    return 0;
}

/* The non-empty mini-columns of stack s/3 (bit 3b+k: band b, the stack's
 * column k) from a digit's columns per band (bit 9b+c): the three groups
 * gathered by one multiplication, whose partial products do not overlap. */
AI uint32_t stackpattern(uint32_t cols, int s)
{
    return ((cols >> s & 0x1C0E07u) * 0x1041u) >> 12 & 511;
}

/* The permutations left to digit d in band or stack id (0-5). */
AI uint32_t group_pattern(const board *B, const uint32_t *cols, int id, int d)
{
    return id < 3 ? B->pat[id][d] : stackpattern(cols[d], 3 * (id - 3));
}

/* A configuration choice: the band (*band 0-2) or stack (3-5) whose digits
 * have the fewest permutations left in all, then its digit with the fewest
 * (more than one).  Returns the digit's permutations, 0 when every digit of
 * every band and stack has one left.  On a fixpoint every digit has at
 * least one, so a sum above 9 means some digit has more. */
AI unsigned choose_config(const board *B, const uint32_t *cols, int *band, int *digit)
{
    int best = 1000, bestb = -1;
    UNROLL
    for (int id = 0; id < 6; id++) {
        int sum = 0;
        UNROLL
        for (int d = 0; d < 9; d++)
            sum += permcount[group_pattern(B, cols, id, d)];
        if (sum > 9 && sum < best) {
            best = sum;
            bestb = id;
        }
    }
    if (bestb < 0)
        return 0;
    int key = 0xFF;
    for (int d = 0; d < 9; d++) {
        int k = permcount[group_pattern(B, cols, bestb, d)];
        int kk = k > 1 ? k << 4 | d : 0xFF;
        key = kk < key ? kk : key;
    }
    int d = key & 15;
    *band = bestb;
    *digit = d;
    return permset[group_pattern(B, cols, bestb, d)];
}

/* The cell to branch on: the first bivalue cell, else one with the fewest
 * candidates.  Sets *band and returns the cell's bit. */
AI uint32_t choose(const board *B, int *band)
{
    for (int b = 0; b < 3; b++) {
        uint32_t one = 0, two = 0, three = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t x = B->c[d][b];
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        uint32_t biv = two & ~three;
        if (biv) {
            *band = b;
            return biv & -biv;
        }
    }
    int best = 10;
    uint32_t bit = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t open = BAND & ~B->placed[b];
        while (open) {
            uint32_t p = open & -open;
            open ^= p;
            int k = 0;
            for (int d = 0; d < 9; d++)
                k += (B->c[d][b] & p) != 0;
            if (k < best) {
                best = k;
                bit = p;
                *band = b;
            }
        }
    }
    return bit;
}

AI int report(const board *B, uint8_t *grid, sk_ctl *ctl)
{
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++) {
            uint32_t a = B->c[d][b];
            while (a) {
                grid[27 * b + __builtin_ctz(a)] = (uint8_t)(d + 1);
                a &= a - 1;
            }
        }
    return skx_solution(ctl, grid);
}

/* The board of the givens before any propagation; returns the dirty set
 * (every word). */
AI uint64_t start_board(board *B, const uint8_t *givens)
{
    memset(B, 0, sizeof *B);
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++)
            B->c[d][b] = BAND;
    for (int b = 0; b < 3; b++)
        B->urow[b] = BAND;
    uint64_t dirty = 0;
    for (int i = 0; i < 81; i++) {
        if (!givens[i])
            continue;
        int b = i / 27, d = givens[i] - 1;
        uint32_t p = 1u << (i % 27);
        for (int e = 0; e < 9; e++)
            if (e != d)
                B->c[e][b] &= ~p;
        /* the given's row is cut down to it, so that the first round of
         * rule 1 places it (two givens of one digit in a row empty it) */
        pin(B, &dirty, d, b, p);
    }
    for (int d = 0; d < 9; d++)
        dirty |= 7ull << (4 * d);
    return dirty;
}

/* Cuts digit dg's cells to configuration k in band b (0-2) or stack b-3;
 * returns the words that changed, as a dirty set.  B is a fixpoint, so
 * those are all propagation must look at. */
AI uint64_t take_config(board *B, int b, int dg, int k)
{
    if (b < 3) {
        B->c[dg][b] &= permcells[k];
        return 1ull << (4 * dg + b);
    }
    int s3 = 3 * (b - 3);
    for (int r = 0; r < 3; r++) {
        uint32_t kill = (7u << s3) & ~(1u << (s3 + perm[k][r]));
        B->c[dg][r] &= ~(kill * 0x40201u);
    }
    return 7ull << (4 * dg);
}

AI int search_body(workspace *w, const uint8_t *givens, sk_ctl *ctl)
{
    sk_result *res = ctl->res;
    board cur;
    memset(w->pd, 0, sizeof w->pd);
    uint64_t dirty = start_board(&cur, givens);

    frame *frames = w->frames;
    int depth = 0;
    res->nodes++;
    int ok = 0;
    goto run; /* the root's propagation, the loop's last statement */
    for (;;) {
        if (ok) {
            if (cur.nplaced == 81) {
                if (report(&cur, w->grid, ctl))
                    return SK_OK;
            } else {
                int b = 0, dg = 0;
                unsigned cs = choose_config(&cur, w->cols, &b, &dg);
                frame *f = &frames[depth++];
                f->saved = cur;
                f->band = (uint8_t)b;
                if (cs) {
                    f->bit = 0;
                    f->digit = (uint8_t)dg;
                    f->untried = (uint16_t)cs;
                } else {
                    uint32_t p = choose(&cur, &b);
                    f->band = (uint8_t)b;
                    f->bit = p;
                    unsigned dm = 0;
                    for (int d = 0; d < 9; d++)
                        dm |= (unsigned)((cur.c[d][b] & p) != 0) << d;
                    f->untried = (uint16_t)dm;
                }
            }
        }
        if (depth == 0)
            return SK_OK; /* res->end stays EXHAUSTED */
        frame *f = &frames[depth - 1];
        int d = __builtin_ctz(f->untried);
        int b = f->band;
        uint32_t p = f->bit;
        res->nodes++;
        if (skx_tick(ctl))
            return SK_OK;
        f->untried &= (uint16_t)(f->untried - 1);
        if (!p) {
            /* configuration d of the frame's digit */
            int dg = f->digit;
            if (f->untried) {
                res->guesses++;
                cur = f->saved;
            } else {
                depth--;
                cur = f->saved;
            }
            dirty = take_config(&cur, b, dg, d);
        } else {
            if (f->untried) {
                res->guesses++;
                cur = f->saved;
                f->saved.c[d][b] &= ~p;
            } else {
                depth--;
                cur = f->saved;
            }
            /* The saved board lost the digits tried before: look at every
             * digit of the band again. */
            dirty = 0x111111111ull << b;
            for (int e = 0; e < 9; e++)
                if (e != d)
                    cur.c[e][b] &= ~p;
            pin(&cur, &dirty, d, b, p);
        }
    run:
        ok = propagate(&cur, dirty, w->cols, w->pd);
    }
}

static int search_portable(workspace *w, const uint8_t *givens, sk_ctl *ctl)
{
    return search_body(w, givens, ctl);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_AVX2_BUILD 1
__attribute__((target("avx2,bmi,bmi2,popcnt,lzcnt"))) static int
search_avx2(workspace *w, const uint8_t *givens, sk_ctl *ctl)
{
    return search_body(w, givens, ctl);
}
#endif

static int use_avx2;

static void init_once(void)
{
    make_tables();
#ifdef HAVE_AVX2_BUILD
    __builtin_cpu_init();
    use_avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
               __builtin_cpu_supports("popcnt");
#endif
}

static int e9_search(void *ws, const sk_model *m, const uint8_t *givens, sk_ctl *ctl)
{
    (void)m;
    pthread_once(&tables_once, init_once);
#ifdef HAVE_AVX2_BUILD
    if (use_avx2 && !force_portable)
        return search_avx2(ws, givens, ctl);
#endif
    return search_portable(ws, givens, ctl);
}

static size_t e9_workspace(const sk_model *m)
{
    (void)m;
    return sizeof(workspace);
}

static int e9_accepts(const sk_model *m)
{
    return m && m->n == 9 && m->ncells == 81 && m->box_rows == 3 && m->box_cols == 3 &&
           !m->jigsaw && !m->extras && !m->ngroups && m->nhouses == 27 && !m->nrules;
}

const sk_engine skx_engine_9x9 = {
    {"9x9", "band bitboards per digit; singles, locked candidates and mini-row "
            "and mini-column triads by table; branching on band and stack "
            "configurations with board copies",
     "classic 9x9 only: 3x3 boxes, no extra houses, groups or variant rules; "
     "chosen automatically there"},
    e9_accepts,
    e9_accepts, /* always the engine of choice when it applies */
    e9_workspace,
    e9_search,
    0, /* no candidate masks */
};
