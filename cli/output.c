/*
 * output.c - what the tool writes: diagnostics on stderr, grids through
 * sk_write, JSON Lines records and JSON string escaping.
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static int stdout_errno; /* errno of the first failed write to stdout, 0 = none */

/* The reader of standard output went away (EPIPE): stop at once and
 * quietly, as the usual Unix tools do, by the signal a write to a closed
 * pipe normally delivers (the tool ignores SIGPIPE so that every other
 * write error is reported first). */
static void reader_gone(void)
{
    signal(SIGPIPE, SIG_DFL);
    raise(SIGPIPE);
    _exit(CLI_EXIT_PIPE);
}

int cli_stdout_note_error(int err)
{
    if (err == EPIPE)
        reader_gone();
    if (!stdout_errno)
        stdout_errno = err ? err : EIO;
    return 1;
}

/* Edit distance between a and b (insertions, deletions, substitutions
 * and swaps of two neighbours), at most 3 counted. */
static int distance(const char *a, size_t la, const char *b, size_t lb)
{
    int d[24][24];
    size_t i, j;
    if (la > 22 || lb > 22)
        return 3;
    for (i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (i = 1; i <= la; i++)
        for (j = 1; j <= lb; j++) {
            int v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < v)
                v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[la][lb] < 3 ? d[la][lb] : 3;
}

const char *cli_nearest(const char *word, size_t len, const char *const *choices, size_t n)
{
    const char *best = NULL;
    int best_d = 3;
    size_t k;
    for (k = 0; k < n; k++) {
        size_t lc = strlen(choices[k]);
        int d = distance(word, len, choices[k], lc);
        /* a prefix of one choice names it too ("enum" for "enumerate") */
        if (len >= 3 && len < lc && strncmp(word, choices[k], len) == 0)
            d = d < 1 ? d : 1;
        if (d < best_d) {
            best_d = d;
            best = choices[k];
        }
    }
    /* one edit in a short word, two in a longer one */
    if (!best || best_d > (len <= 4 ? 1 : 2))
        return NULL;
    return best;
}

int cli_stdout_failed(void)
{
    if (ferror(stdout))
        return cli_stdout_note_error(errno);
    return stdout_errno != 0;
}

int cli_stdout_errno(void)
{
    return stdout_errno ? stdout_errno : EIO;
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fputs("sudokit: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void cli_diag_print(const char *file, long line, long col, const char *message)
{
    if (line > 0 && col > 0)
        fprintf(stderr, "sudokit: %s:%ld:%ld: %s\n", file, line, col, message);
    else if (line > 0)
        fprintf(stderr, "sudokit: %s:%ld: %s\n", file, line, message);
    else
        fprintf(stderr, "sudokit: %s: %s\n", file, message);
}

/* Makes room in o for len more bytes and a NUL; 0, or -1 (o->nomem set). */
static int out_reserve(cli_out *o, size_t len)
{
    size_t cap = o->cap ? o->cap : 256;
    char *p;
    if (o->nomem)
        return -1;
    if (o->len + len + 1 <= o->cap)
        return 0;
    while (cap < o->len + len + 1)
        cap *= 2;
    p = realloc(o->data, cap);
    if (!p) {
        o->nomem = 1;
        if (o->data)
            o->data[o->len] = '\0'; /* a cut vsnprintf may have written past len */
        return -1;
    }
    o->data = p;
    o->cap = cap;
    return 0;
}

void cli_out_write(cli_out *o, const char *s, size_t len)
{
    if (o->f) {
        fwrite(s, 1, len, o->f);
        return;
    }
    if (out_reserve(o, len))
        return;
    memcpy(o->data + o->len, s, len);
    o->len += len;
    o->data[o->len] = '\0';
}

void cli_outf(cli_out *o, const char *fmt, ...)
{
    va_list ap;
    if (o->f) {
        va_start(ap, fmt);
        vfprintf(o->f, fmt, ap);
        va_end(ap);
        return;
    }
    for (;;) {
        size_t room = o->cap - o->len;
        int need;
        va_start(ap, fmt);
        need = vsnprintf(o->data ? o->data + o->len : NULL, o->data ? room : 0, fmt, ap);
        va_end(ap);
        if (need < 0)
            return;
        if (o->data && (size_t)need < room) {
            o->len += (size_t)need;
            return;
        }
        if (out_reserve(o, (size_t)need))
            return;
    }
}

void cli_out_json_string(cli_out *o, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)s, *run = p;
    cli_out_write(o, "\"", 1);
    for (; *p; p++) {
        char esc[8];
        const char *e = NULL;
        switch (*p) {
        case '"': e = "\\\""; break;
        case '\\': e = "\\\\"; break;
        case '\b': e = "\\b"; break;
        case '\f': e = "\\f"; break;
        case '\n': e = "\\n"; break;
        case '\r': e = "\\r"; break;
        case '\t': e = "\\t"; break;
        default:
            if (*p < 0x20 || *p == 0x7f) {
                snprintf(esc, sizeof esc, "\\u00%c%c", hex[*p >> 4], hex[*p & 15]);
                e = esc;
            }
        }
        if (!e)
            continue;
        cli_out_write(o, (const char *)run, (size_t)(p - run));
        cli_out_write(o, e, strlen(e));
        run = p + 1;
    }
    cli_out_write(o, (const char *)run, (size_t)(p - run));
    cli_out_write(o, "\"", 1);
}

void cli_json_string(FILE *f, const char *s)
{
    cli_out o = {f, NULL, 0, 0, 0};
    cli_out_json_string(&o, s);
}

void cli_buf_free(cli_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->size = 0;
}

static long write_into(cli_buf *buf, const sk_geometry *g, const uint8_t *grid, sk_format f,
                       sk_alphabet a)
{
    long need = sk_write(buf->data, buf->size, g, grid, f, a);
    if (need >= 0 && (size_t)need >= buf->size) {
        size_t size = (size_t)need + 1;
        char *p = realloc(buf->data, size);
        if (!p)
            return SK_ENOMEM;
        buf->data = p;
        buf->size = size;
        need = sk_write(buf->data, buf->size, g, grid, f, a);
    }
    return need;
}

const char *cli_write_grid(cli_buf *buf, const sk_geometry *g, const uint8_t *grid, sk_format f,
                           sk_alphabet a, int *status)
{
    long rc = write_into(buf, g, grid, f, a);
    if (rc == SK_EINVAL && a != SK_ALPHABET_AUTO)
        rc = write_into(buf, g, grid, f, SK_ALPHABET_AUTO);
    if (rc < 0) {
        *status = (int)rc;
        return NULL;
    }
    *status = SK_OK;
    return buf->data;
}

const char *cli_symbol(sk_alphabet a, int n, int v, char *buf)
{
    char c = 0;
    if (a != SK_ALPHABET_NUMBERS)
        c = sk_alphabet_symbol(a, v);
    if (!c && n <= 9)
        c = sk_alphabet_symbol(SK_ALPHABET_DIGITS, v);
    if (c) {
        buf[0] = c;
        buf[1] = '\0';
    } else {
        snprintf(buf, 8, "%d", v);
    }
    return buf;
}

void cli_out_json_grid(cli_out *o, int n, sk_alphabet a, const uint8_t *grid)
{
    if (n <= 35) {
        char line[35 * 35 + 2];
        int k = 0;
        line[k++] = '"';
        for (int i = 0; i < n * n; i++) {
            char s = 0;
            if (grid[i] && a != SK_ALPHABET_NUMBERS)
                s = sk_alphabet_symbol(a, grid[i]);
            if (!s && grid[i])
                s = sk_alphabet_symbol(SK_ALPHABET_DIGITS, grid[i]);
            line[k++] = s ? s : '.';
        }
        line[k++] = '"';
        cli_out_write(o, line, (size_t)k);
        return;
    }
    cli_out_write(o, "[", 1);
    for (int r = 0; r < n; r++) {
        cli_out_write(o, r ? ",[" : "[", r ? 2 : 1);
        for (int c = 0; c < n; c++)
            cli_outf(o, c ? ",%d" : "%d", grid[r * n + c]);
        cli_out_write(o, "]", 1);
    }
    cli_out_write(o, "]", 1);
}

void cli_json_grid(FILE *f, int n, sk_alphabet a, const uint8_t *grid)
{
    cli_out o = {f, NULL, 0, 0, 0};
    cli_out_json_grid(&o, n, a, grid);
}

const char *cli_status_name(cli_status s)
{
    static const char *const names[CLI_ST_COUNT_] = {
        "pending", "unique", "solved", "multiple", "none",
        "timeout", "invalid", "ok", "conflict", "wrong", "unchecked", "open",
    };
    return (unsigned)s < CLI_ST_COUNT_ ? names[s] : "unknown";
}

void cli_conflict_message(const cli_item *it, const sk_conflict *c, char *buf, size_t size)
{
    int n = it->geom.n;
    char house[64], sym[8];
    int r1 = c->cell1 / n + 1, c1 = c->cell1 % n + 1;
    int r2 = c->cell2 / n + 1, c2 = c->cell2 % n + 1;
    if (c->house < 0 || !it->model) {
        snprintf(buf, size, "r%dc%d holds %d, more than %d", r2, c2, c->digit, n);
        return;
    }
    sk_model_house_name(it->model, c->house, house, sizeof house);
    cli_symbol(it->alphabet, n, c->digit, sym);
    if (strncmp(house, "row ", 4) == 0)
        snprintf(buf, size, "%s has %s twice (columns %d and %d)", house, sym, c1, c2);
    else if (strncmp(house, "column ", 7) == 0)
        snprintf(buf, size, "%s has %s twice (rows %d and %d)", house, sym, r1, r2);
    else
        snprintf(buf, size, "%s has %s twice (r%dc%d and r%dc%d)", house, sym, r1, c1, r2, c2);
}

void cli_json_begin(FILE *f, const cli_item *it)
{
    fprintf(f, "{\"index\":%ld,\"status\":\"%s\"", it->index, cli_status_name(it->status));
}

void cli_json_end(FILE *f, const cli_item *it)
{
    if (it->searched)
        fprintf(f, ",\"nodes\":%" PRIu64 ",\"guesses\":%" PRIu64 ",\"time_us\":%" PRIu64,
                it->res.nodes, it->res.guesses, it->usec);
    if (it->status == CLI_ST_NONE && it->why_kind) {
        fprintf(f, ",\"reason\":{\"kind\":\"%s\",\"message\":", sk_why_keyword(it->why_kind));
        cli_json_string(f, it->diag.message);
        fputc('}', f);
    }
    if (it->status == CLI_ST_INVALID) {
        fputs(",\"error\":{\"file\":", f);
        cli_json_string(f, it->file);
        fprintf(f, ",\"line\":%ld,\"column\":%ld,\"message\":", it->diag.line > 0 ? it->diag.line : 0,
                it->diag.column > 0 ? it->diag.column : 0);
        cli_json_string(f, it->diag.message);
        fputc('}', f);
    }
    fputs("}\n", f);
}

int cli_form_multiline(sk_format f)
{
    return f == SK_FORMAT_GRID || f == SK_FORMAT_PRETTY || f == SK_FORMAT_HDU4069 ||
           f == SK_FORMAT_PENCIL;
}

sk_format cli_output_form(const cli_args *a, const cli_item *it)
{
    sk_format f = it->format != SK_FORMAT_AUTO ? it->format : a->format;
    if (a->output >= 0)
        return (sk_format)a->output;
    switch (f) {
    case SK_FORMAT_LINE:
    case SK_FORMAT_GRID:
    case SK_FORMAT_BOARD:
    case SK_FORMAT_PENCIL:
        return f;
    case SK_FORMAT_HDU4069:
        return SK_FORMAT_GRID;
    default:
        return SK_FORMAT_LINE;
    }
}

int cli_print_marks(cli_batch *b, const cli_item *it, const uint64_t *cand, sk_format f)
{
    sk_alphabet a = it->alphabet;
    long need = sk_write_candidates(NULL, 0, &it->geom, cand, f, a);
    if (need == SK_EINVAL && a != SK_ALPHABET_AUTO) {
        a = SK_ALPHABET_AUTO; /* as cli_write_grid falls back */
        need = sk_write_candidates(NULL, 0, &it->geom, cand, f, a);
    }
    if (need >= 0 && (size_t)need >= b->text.size) {
        char *p = realloc(b->text.data, (size_t)need + 1);
        if (p) {
            b->text.data = p;
            b->text.size = (size_t)need + 1;
        } else {
            need = SK_ENOMEM;
        }
    }
    if (need >= 0)
        need = sk_write_candidates(b->text.data, b->text.size, &it->geom, cand, f, a);
    if (need < 0) {
        char msg[160];
        snprintf(msg, sizeof msg, "cannot write the pencil marks of a %dx%d grid in %s form: %s",
                 it->geom.n, it->geom.n, sk_format_name(f), sk_strerror((int)need));
        cli_diag_print(it->file, it->line, 0, msg);
        cli_batch_exit(b, need == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT);
        return -1;
    }
    fputs(b->text.data, stdout);
    return 0;
}

int cli_print_grid(cli_batch *b, const cli_item *it, const uint8_t *grid, int f)
{
    int status;
    sk_format form = f >= 0 ? (sk_format)f : cli_output_form(b->args, it);
    const char *text = cli_write_grid(&b->text, &it->geom, grid, form, it->alphabet, &status);
    if (!text) {
        char msg[160];
        snprintf(msg, sizeof msg, "cannot write a %dx%d grid in %s form: %s", it->geom.n,
                 it->geom.n, sk_format_name(form), sk_strerror(status));
        cli_diag_print(it->file, it->line, 0, msg);
        cli_batch_exit(b, status == SK_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT);
        return -1;
    }
    fputs(text, stdout);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Pencil marks                                                        */
/* ------------------------------------------------------------------ */

/* The symbols of mask m in it's alphabet, into buf. */
static const char *mask_text(const cli_item *it, uint64_t m, char *buf, size_t size)
{
    size_t len = 0;
    char sym[8];
    buf[0] = '\0';
    for (; m; m &= m - 1) {
        const char *s = cli_symbol(it->alphabet, it->geom.n, __builtin_ctzll(m) + 1, sym);
        size_t k = strlen(s);
        if (len + k + 2 > size)
            break;
        if (len && (k > 1 || it->geom.n > 35))
            buf[len++] = ','; /* multi-character symbols need a separator */
        memcpy(buf + len, s, k);
        len += k;
        buf[len] = '\0';
    }
    return buf;
}

void cli_candidate_grid(cli_out *o, const cli_item *it, const uint64_t *masks,
                        const uint8_t *values)
{
    sk_alphabet a = it->alphabet;
    long need = sk_write_position(NULL, 0, &it->geom, values, masks, SK_FORMAT_PENCIL, a);
    char *text;
    if (need == SK_EINVAL && a != SK_ALPHABET_AUTO) {
        a = SK_ALPHABET_AUTO; /* as cli_print_marks falls back */
        need = sk_write_position(NULL, 0, &it->geom, values, masks, SK_FORMAT_PENCIL, a);
    }
    text = need >= 0 ? malloc((size_t)need + 1) : NULL;
    if (need >= 0 && !text) {
        o->nomem = 1; /* the item fails with "out of memory", exit 4 */
        return;
    }
    if (!text || sk_write_position(text, (size_t)need + 1, &it->geom, values, masks,
                                   SK_FORMAT_PENCIL, a) < 0) {
        if (need == SK_ENOMEM)
            o->nomem = 1;
        else
            cli_outf(o, "(the pencil marks cannot be written: %s)\n", sk_strerror((int)need));
        free(text);
        return;
    }
    cli_out_write(o, text, (size_t)need);
    free(text);
}

void cli_candidate_json(cli_out *o, const cli_item *it, const uint64_t *masks)
{
    const int n = it->geom.n;
    char text[SK_MAX_N * 4];
    cli_out_write(o, ",\"candidates\":[", 15);
    for (int i = 0; i < n * n; i++) {
        if (i)
            cli_out_write(o, ",", 1);
        if (n <= 35) {
            cli_out_json_string(o, mask_text(it, masks[i], text, sizeof text));
        } else {
            cli_out_write(o, "[", 1);
            for (uint64_t m = masks[i]; m; m &= m - 1)
                cli_outf(o, m == masks[i] ? "%d" : ",%d", __builtin_ctzll(m) + 1);
            cli_out_write(o, "]", 1);
        }
    }
    cli_out_write(o, "]", 1);
}

int cli_rules_text(const sk_geometry *g, char **out)
{
    *out = NULL;
    long len = sk_write_rules(NULL, 0, g);
    if (len <= 0)
        return 0;
    *out = malloc((size_t)len + 1);
    if (!*out)
        return -1;
    sk_write_rules(*out, (size_t)len + 1, g);
    return 0;
}

int cli_out_rules(cli_out *o, const sk_geometry *g)
{
    char *text;
    if (cli_rules_text(g, &text) != 0) {
        o->nomem = 1;
        return -1;
    }
    if (text) {
        cli_out_write(o, text, strlen(text));
        free(text);
    }
    return 0;
}
