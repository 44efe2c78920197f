/*
 * format.h - internals shared by the text-format layer: the reader's
 * state, its line queue, and the helpers each format file uses.
 *
 * Input flows in three stages:
 *   1. reader.c cuts the byte stream into physical lines (BOM skipped,
 *      CR LF accepted, NUL bytes and overlong lines flagged, never stored
 *      beyond SK_MAX_LINE bytes) and keeps a bounded queue of them;
 *   2. reader.c groups lines into blocks (maximal runs of lines that are
 *      neither blank nor '#' comments) and decides, per block, which form
 *      it holds (line, grid, board), looking ahead at most SKF_QCAP lines;
 *   3. format_*.c turn the lines of one puzzle into raw symbols with their
 *      positions, and alphabet.c turns symbols into values once the
 *      alphabet of the puzzle is known.
 *
 * Memory is bounded: the queue holds at most SKF_QCAP lines and, while
 * looking ahead, about SKF_SCAN_BYTES bytes of them (plus the line being
 * cut); a consumed line keeps its buffer only when it is small; the puzzle
 * buffers hold one puzzle of at most SK_MAX_N x SK_MAX_N cells.
 */
#ifndef SK_FORMAT_H
#define SK_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#include "sudokit.h"

#define SKF_CELLS (SK_MAX_N * SK_MAX_N)
#define SKF_QCAP 256   /* lines the reader holds at most (lookahead) */
#define SKF_CHUNK 65536 /* bytes read from a FILE at a time */
#define SKF_KEEP 8192   /* larger line buffers are freed once consumed */
#define SKF_SCAN_BYTES (4 * SK_MAX_LINE) /* lookahead bytes held at most */

/* One physical input line. */
typedef struct skf_line {
    char *text;     /* bytes without the line end, NUL-terminated; owned */
    size_t len;     /* bytes in text */
    size_t cap;     /* allocated bytes of text */
    size_t off;     /* bytes already used by a board/token parser */
    long no;        /* 1-based line number */
    long nul_col;   /* 1-based column of a NUL byte, 0 when none */
    int too_long;   /* longer than SK_MAX_LINE: text is left empty */
    uint32_t *colmap; /* when the text was rewritten (format_grid.c): the
                         column in the input of each byte, 1-based */
    size_t colmap_cap;
    size_t mapped;    /* bytes colmap covers (0: not rewritten) */
    long input_len;   /* length of the line as read, when mapped */
} skf_line;

/* Reader states between calls. */
enum {
    SKF_ST_NONE = 0, /* between blocks */
    SKF_ST_LINES,    /* inside a block of line-form puzzles */
    SKF_ST_HDU_HEAD, /* HDU 4069: the case count comes next */
    SKF_ST_HDU_CASE, /* HDU 4069: a case comes next */
    SKF_ST_HDU_END   /* HDU 4069: every case has been read */
};

struct sk_reader {
    sk_read_opts opts;

    /* source: a FILE or a function (read in chunks into buf), or a
       memory buffer */
    FILE *fp;
    sk_read_fn fn;
    void *fn_user;
    int soft_end;           /* an optional lookahead found nothing ready */
    char *buf;              /* FILE chunk buffer, SKF_CHUNK bytes */
    const char *data;       /* bytes being cut into lines */
    size_t data_len;        /* bytes in data */
    size_t data_pos;        /* next unread byte of data */
    int started;            /* the BOM check has been done */
    int eof;                /* no byte is left to read */
    int fatal;              /* SK_EIO / SK_ENOMEM once the reader is dead */
    long lineno;            /* number of the last line cut */

    /* queue of lines read but not consumed: q[(qhead + k) % SKF_QCAP] */
    skf_line q[SKF_QCAP];
    int qhead;
    int qcount;

    int state;              /* SKF_ST_* */
    long index;             /* puzzles attempted so far */
    long hdu_cases;         /* HDU: cases announced */
    long hdu_done;          /* HDU: cases attempted */
    long hdu_count_line;    /* HDU: line of the case count */

    /* the puzzle being read */
    uint8_t cells[SKF_CELLS];       /* values, 0 = empty */
    uint64_t cand[SKF_CELLS];       /* pencil marks (format_pencil.c) */
    uint8_t regions[SKF_CELLS];     /* region ids 0..N-1 (jigsaw) */
    uint32_t cell_line[SKF_CELLS];  /* position of each cell's symbol */
    uint32_t cell_column[SKF_CELLS];
    uint32_t reg_line[SKF_CELLS];   /* position of each region id */
    uint32_t reg_column[SKF_CELLS];
    char sym[SKF_CELLS];    /* raw cell symbol; '\0' = value already in cells */
    char rsym[SKF_CELLS];   /* raw region symbol; '\0' = id already in regions */

    /* the puzzle's variant rules (format_rules.c, format_fpuzzles.c) */
    sk_rule *rules;         /* nrules of rules_cap; cells and digits point */
    size_t nrules, rules_cap; /* into ints once the puzzle is complete */
    size_t *rule_at;        /* while reading: where each rule's cells and
                               digits start in ints */
    int *ints;
    size_t nints, ints_cap;
    /* f-puzzles extras (format_fpuzzles.c) */
    uint8_t solution[SKF_CELLS]; /* the "solution" it carries */
    char warning[200];           /* what was left out */
};

/* Rules one puzzle may have at most. */
#define SKF_MAX_RULES 65535

/* ---- reader.c: line queue and helpers ---------------------------- */

/* k-th unconsumed line (0 = next), reading input as needed; NULL at the
 * end of input, when k >= SKF_QCAP, or when the reader became fatal. */
skf_line *skf_peek(sk_reader *r, int k);
/* Like skf_peek, for a line that only extends what is already complete
 * (rule lines after a grid, the rest of a block): NULL, with r->soft_end
 * set, when the line is not read yet and the source has nothing ready. */
skf_line *skf_peek_opt(sk_reader *r, int k);
/* 1 when ln is a record of comma-separated fields holding a line puzzle
 * ("puzzle,solution"; format_line.c). */
int skf_csv_line(const skf_line *ln);
/* Consumes the front line. */
void skf_pop(sk_reader *r);
/* 1 when the line (from its offset on) holds only white space. */
int skf_blank(const skf_line *ln);
/* 1 when the line (from its offset on) is a '#' comment. */
int skf_comment(const skf_line *ln);
/* 1 when the line ends a block: blank, comment, or NULL (end of input). */
int skf_block_end(const skf_line *ln);
/* 1 for the white space the formats skip (space, tab, CR, VT, FF); inline
 * because every reader scans every character with it. */
static inline int skf_space(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}
/* Fills d with a formatted message and a position; returns SK_EPARSE. */
int skf_fail(sk_diag *d, long line, long column, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The error for a line that could not be stored (overlong or NUL), or
 * SK_OK when the line is fine. */
int skf_line_error(const skf_line *ln, sk_diag *d);
/* Integer square root when v is a perfect square, else -1. */
int skf_isqrt(long v);
/* Fills p->geom and the pointers to r's storage for an N x N puzzle. */
void skf_fill_puzzle(sk_reader *r, sk_puzzle *p, int n, int jigsaw, sk_format f);

/* ---- alphabet.c ---------------------------------------------------- */

/* Value of symbol c in alphabet a: 1.. for a value, 0 for an empty mark,
 * -1 when c is not a symbol of a.  a must not be AUTO. */
int skf_symbol_value(sk_alphabet a, int c);
/* Largest value alphabet a can write as one character (0 for NUMBERS). */
int skf_alphabet_max(sk_alphabet a);
/* Writes c printably into buf ("Q", "\x01"); returns buf. */
const char *skf_show_char(int c, char buf[8]);
/* Writes the first SKF_SHOW_MAX bytes of a token printably into buf (each
 * byte as skf_show_char does, "..." after a longer token); returns buf. */
#define SKF_SHOW_MAX 16
const char *skf_show_token(const char *s, size_t len, char buf[4 * SKF_SHOW_MAX + 4]);
/* Chooses the alphabet of an N x N puzzle from its raw symbols
 * (r->sym, and r->rsym when jigsaw); see the rules in alphabet.c. */
sk_alphabet skf_detect_alphabet(const sk_reader *r, int n, int jigsaw);
/* Decodes r->sym (and r->rsym when jigsaw) into r->cells (r->regions)
 * in alphabet a (AUTO: detected).  Entries whose raw symbol is '\0' keep
 * their value.  Stores the alphabet used in *used.  SK_OK or SK_EPARSE. */
int skf_decode(sk_reader *r, int n, int jigsaw, sk_alphabet a, sk_alphabet *used,
               sk_diag *d);

/* ---- format_line.c ------------------------------------------------- */

/* Reads the front line as one line-form puzzle and consumes it. */
int skf_line_next(sk_reader *r, sk_puzzle *p, sk_diag *d);
int skf_plain_line(sk_reader *r, sk_puzzle *p);
/* 1 when the line holds two tokens, the first of length L, a square >= 16
 * (== n*n when n > 0), the second at least L/2 long: a jigsaw line. */
int skf_jigsaw_line(const skf_line *ln, int n);

/* ---- format_grid.c ------------------------------------------------- */

/* What the front block looks like (see skf_scan_block). */
typedef struct skf_block {
    int tokens;     /* rows are measured in white-space tokens */
    int width;      /* cells in the first data row (0: no data row) */
    int rows;       /* data rows seen (stops counting past 2*width) */
    int fits;       /* every data row has `width` cells or a count no line
                       puzzle can have (not a square >= 16) */
    int line_row;   /* measured in characters, some data row has a square
                       number of cells above SK_MAX_N: only a line puzzle
                       has such a row, so the block is lines */
    int grid_row;   /* the first data row has three or more fields of at
                       most 3 characters: a grid row, not a line puzzle */
    int soft;       /* the block ends after `lines` lines because nothing
                       more was ready (sk_reader_open_fn input) */
    int lines;      /* lines scanned (with soft) */
} skf_block;

/* Looks ahead over the front block (bounded) and measures it with N
 * unknown (n = 0) or known.  Returns SK_OK or a fatal status. */
int skf_scan_block(sk_reader *r, int n, skf_block *b);
/* Reads the front block as one grid puzzle and consumes the block. */
int skf_grid_next(sk_reader *r, sk_puzzle *p, sk_diag *d);

/* ---- format_rules.c ------------------------------------------------ */

/* 1 when ln is a rule line (format_rules.c says which lines are). */
int skf_rule_line(const skf_line *ln);
/* Consumes the rule lines at the front (those after a puzzle's grid).
 * When parsed is set (the grid was read without error), parses them into
 * the reader's storage and points p->geom.rules at them (and may set
 * p->geom's box shape and extras); otherwise only skips them.  SK_OK,
 * SK_EPARSE (d says where; the other rule lines are still consumed), or a
 * fatal status. */
int skf_rules_next(sk_reader *r, sk_puzzle *p, int parsed, sk_diag *d);
/* Building a puzzle's rules from another form (f-puzzles): reset, push
 * each rule (its cells and digits are copied), then finish, which points
 * p->geom.rules at them.  push: SK_OK, SK_ENOMEM, or SK_ERANGE past
 * SKF_MAX_RULES rules. */
void skf_rules_reset(sk_reader *r);
int skf_rule_push(sk_reader *r, const sk_rule *rule);
void skf_rules_finish(sk_reader *r, sk_puzzle *p);

/* ---- format_fpuzzles.c --------------------------------------------- */

/* 1 when ln starts an f-puzzles puzzle: a JSON object, an f-puzzles (or
 * SudokuPad "fpuzzles") link, or a compressed f-puzzles string. */
int skf_fpuzzles_line(const skf_line *ln);
/* Reads the f-puzzles puzzle at the front (consuming its lines). */
int skf_fpuzzles_next(sk_reader *r, sk_puzzle *p, sk_diag *d);

/* ---- format_pencil.c ----------------------------------------------- */

/* 1 when ln holds a puzzle in SUKAKU form (N^3 characters almost all at
 * their places; n: the side asked for, or 0; a: the alphabet asked for). */
int skf_sukaku_line(const skf_line *ln, int n, sk_alphabet a);
/* Reads the front line as one SUKAKU puzzle and consumes it. */
int skf_sukaku_next(sk_reader *r, sk_puzzle *p, sk_diag *d);
/* 1 when the front block is a PENCIL grid (detection: see the file). */
int skf_pencil_block(sk_reader *r, int n);
/* Reads the front block as one PENCIL grid and consumes it. */
int skf_pencil_next(sk_reader *r, sk_puzzle *p, sk_diag *d);

/* ---- format_board.c ------------------------------------------------ */

/* Reads one JSON board starting at the front line's offset. */
int skf_board_next(sk_reader *r, sk_puzzle *p, sk_diag *d);

/* ---- format_hdu4069.c ---------------------------------------------- */

/* Reads the next HDU 4069 case (the count line first). */
int skf_hdu_next(sk_reader *r, sk_puzzle *p, sk_diag *d);

#endif /* SK_FORMAT_H */
