/*
 * logic.c - what `rate`, `explain` and `hint` share: the checks a puzzle
 * passes before the logical solver runs on it, and a step written as a
 * line of text or a JSON object.
 *
 * The logical solver rates a puzzle the way Sudoku Explainer does, which
 * assumes the puzzle has exactly one solution: unique rectangles and the
 * BUG pattern deduce from it, and the rating of a puzzle with several
 * solutions (or none) says nothing about solving it.  So the solution is
 * proven unique first, by the same search `solve` runs, unless --no-check
 * asks to go on regardless.
 *
 * Records are built in the worker that rated the puzzle (cli_out into
 * memory) and printed later by the main thread in input order, so that
 * -j changes nothing in the output.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void cli_item_nomem(cli_item *it)
{
    it->status = CLI_ST_INVALID;
    it->system_error = 1;
    it->diag.line = it->line;
    it->diag.column = 0;
    snprintf(it->diag.message, sizeof it->diag.message, "%s", sk_strerror(SK_ENOMEM));
}

void cli_item_take(cli_item *it, cli_out *o)
{
    if (o->nomem || !o->data) {
        free(o->data);
        cli_item_nomem(it);
    } else {
        free(it->payload);
        it->payload = o->data;
    }
    o->data = NULL;
    o->len = o->cap = 0;
}

void cli_logic_drop(cli_worker *w)
{
    sk_logic_free(w->logic);
    w->logic = NULL;
}

/* The worker keeps its logical solver from one puzzle to the next while
 * the model stays (a batch of one geometry: making it costs about as much
 * as rating a puzzle of singles).  sk_logic_start sets every cell again,
 * and its caches of chains follow the grid they are asked about. */
sk_logic *cli_logic_prepare(cli_worker *w, cli_item *it)
{
    const cli_args *a = w->batch->args;
    sk_logic *l = NULL;
    int rc = SK_OK;
    if (w->logic && w->logic_serial == it->model_serial) {
        l = w->logic;
    } else {
        cli_logic_drop(w);
        rc = sk_logic_new(it->model, &l);
        if (rc == SK_OK) {
            w->logic = l;
            w->logic_serial = it->model_serial;
        }
    }
    if (rc != SK_OK) {
        if (rc == SK_ENOMEM) {
            cli_item_nomem(it);
        } else {
            it->status = CLI_ST_INVALID;
            it->diag.line = it->line;
            snprintf(it->diag.message, sizeof it->diag.message, "%s", sk_strerror(rc));
        }
        return NULL;
    }
    if (a->no_check) {
        it->status = CLI_ST_UNCHECKED;
    } else {
        if (cli_search(w, it, 2, NULL, NULL) != 0)
            return NULL;
        it->status = cli_search_status(&it->res);
        if (it->status != CLI_ST_UNIQUE)
            return NULL;
    }
    sk_logic_set_limit(l, a->max_rating);
    sk_logic_set_timeout(l, a->timeout);
    return l;
}

void cli_logic_failed(cli_item *it, int rc)
{
    if (rc == SK_ENOMEM) {
        cli_item_nomem(it);
    } else if (rc == SK_ETIME) {
        it->status = CLI_ST_TIMEOUT;
    } else {
        it->status = CLI_ST_INVALID;
        it->diag.line = it->line;
        snprintf(it->diag.message, sizeof it->diag.message, "%s", sk_strerror(rc));
    }
}

int cli_logic_contradiction(cli_worker *w, cli_item *it, sk_logic *l, int steps)
{
    sk_why why;
    int rc = it->status == CLI_ST_UNCHECKED ? sk_logic_contradiction(l, it->alphabet, &why) : 0;
    if (rc != 1 && rc != 2)
        return 0;
    if (rc == 2) {
        /* steps that assume one solution led here: none, or several; the
           search says which */
        if (cli_search(w, it, 2, NULL, NULL) != 0)
            return 1;
        it->status = cli_search_status(&it->res);
        if (it->status == CLI_ST_UNIQUE) { /* (cannot be: those steps are sound then) */
            it->status = CLI_ST_UNCHECKED;
            return 0;
        }
        return 1;
    }
    it->status = CLI_ST_NONE;
    it->why_kind = why.kind;
    it->diag.line = it->line;
    it->diag.column = 0;
    if (steps)
        snprintf(it->diag.message, sizeof it->diag.message, "%.150s after %d logical step%s",
                 why.message, steps, steps == 1 ? "" : "s");
    else
        snprintf(it->diag.message, sizeof it->diag.message, "%.150s", why.message);
    return 1;
}

int cli_logic_start(sk_logic *l, const cli_item *it)
{
    return it->has_marks ? sk_logic_start_candidates(l, it->cells, it->marks)
                         : sk_logic_start(l, it->cells);
}

void cli_out_rating(cli_out *o, int tenths)
{
    if (tenths < 0)
        tenths = 0;
    cli_outf(o, "%d.%d", tenths / 10, tenths % 10);
}

/* Long enough for any step of a 9x9 grid; a longer one is cut with
 * "..." (the JSON record still carries every link of its chains). */
#define STEP_TEXT 8192

void cli_step_text(cli_out *o, const cli_item *it, const sk_step *s)
{
    char text[STEP_TEXT];
    sk_step_describe(it->model, s, it->alphabet, text, sizeof text);
    cli_outf(o, "%s (rating ", text);
    cli_out_rating(o, s->rating);
    cli_out_write(o, ")", 1);
}

static void json_cell(cli_out *o, int n, int cell)
{
    cli_outf(o, "\"r%dc%d\"", cell / n + 1, cell % n + 1);
}

static void json_digit(cli_out *o, const cli_item *it, int d)
{
    char sym[8];
    cli_out_json_string(o, cli_symbol(it->alphabet, it->geom.n, d, sym));
}

/* {"technique":..., "name":..., "rating":... (the object left open) */
static void json_step_head(cli_out *o, const sk_step *s)
{
    char name[128];
    cli_out_write(o, "{\"technique\":", 13);
    cli_out_json_string(o, sk_tech_keyword(s->technique) ? sk_tech_keyword(s->technique) : "?");
    cli_out_write(o, ",\"name\":", 8);
    cli_out_json_string(o, sk_step_name(s, name, sizeof name));
    cli_out_write(o, ",\"rating\":", 10);
    cli_out_rating(o, s->rating);
}

/* A variant rule's step: "rule" (its rule, or "implied" for a sum the
 * rules imply, with "source" and, when `total`, "total"), "rule2". */
static void json_rule(cli_out *o, const cli_item *it, const sk_step *s, int total)
{
    char name[128], text[512];
    cli_out_write(o, ",\"rule\":", 8);
    if (s->rule >= 0) {
        cli_out_json_string(o, sk_model_rule_describe(it->model, s->rule, name, sizeof name));
        if (s->rule2 >= 0)
            sk_model_rule_describe(it->model, s->rule2, name, sizeof name);
        if (s->rule2 != -1) {
            cli_out_write(o, ",\"rule2\":", 9);
            cli_out_json_string(o, s->rule2 >= 0 ? name : "several");
        }
    } else {
        cli_out_write(o, "\"implied\"", 9);
        if (total)
            cli_outf(o, ",\"total\":%d", s->total);
        cli_out_write(o, ",\"source\":", 10);
        cli_out_json_string(o, sk_step_rule_source(it->model, s, text, sizeof text));
    }
}

void cli_step_json(cli_out *o, const cli_item *it, const sk_step *s)
{
    const int n = it->geom.n;
    char name[128], text[STEP_TEXT];
    json_step_head(o, s);
    cli_out_write(o, ",\"text\":", 8);
    cli_out_json_string(o, sk_step_describe(it->model, s, it->alphabet, text, sizeof text));
    if (s->cell >= 0 && s->digit > 0) {
        cli_out_write(o, ",\"cell\":", 8);
        json_cell(o, n, s->cell);
        cli_out_write(o, ",\"digit\":", 9);
        json_digit(o, it, s->digit);
    }
    if (s->nelim > 0) {
        cli_out_write(o, ",\"eliminations\":[", 17);
        for (int i = 0; i < s->nelim; i++) {
            cli_out_write(o, i ? ",{\"cell\":" : "{\"cell\":", i ? 9 : 8);
            json_cell(o, n, s->elim[i].cell);
            cli_out_write(o, ",\"digit\":", 9);
            json_digit(o, it, s->elim[i].digit);
            cli_out_write(o, "}", 1);
        }
        cli_out_write(o, "]", 1);
    }
    if (s->direct)
        cli_out_write(o, ",\"direct\":true", 14);
    if (s->nhouses > 0) {
        cli_out_write(o, ",\"houses\":[", 11);
        for (int i = 0; i < s->nhouses && i < 8; i++) {
            if (i)
                cli_out_write(o, ",", 1);
            cli_out_json_string(o, sk_model_house_name(it->model, s->houses[i], name, sizeof name));
        }
        cli_out_write(o, "]", 1);
    }
    if (s->ncells > 0) {
        cli_out_write(o, ",\"cells\":[", 10);
        for (int i = 0; i < s->ncells; i++) {
            if (i)
                cli_out_write(o, ",", 1);
            json_cell(o, n, s->cells[i]);
        }
        cli_out_write(o, "]", 1);
    }
    if (s->digits) {
        int k = 0;
        cli_out_write(o, ",\"digits\":[", 11);
        for (int d = 1; d <= n; d++)
            if (s->digits >> (d - 1) & 1) {
                if (k++)
                    cli_out_write(o, ",", 1);
                json_digit(o, it, d);
            }
        cli_out_write(o, "]", 1);
    }
    if (s->subtype)
        cli_outf(o, ",\"subtype\":%d", s->subtype);
    if (s->technique == SK_TECH_VARIANT_RULE)
        json_rule(o, it, s, 1);
    if (s->nbranches > 0 && s->nnodes > 0) {
        cli_out_write(o, ",\"branches\":[", 13);
        for (int b = 0; b < s->nbranches; b++) {
            cli_out_write(o, b ? ",[" : "[", b ? 2 : 1);
            for (int i = s->branch[b]; i < s->branch[b + 1]; i++) {
                char sym[8];
                const sk_node *node = &s->nodes[i];
                cli_outf(o, "%s\"r%dc%d%s%s\"", i > s->branch[b] ? "," : "", node->cell / n + 1,
                         node->cell % n + 1, node->on ? "=" : "<>",
                         cli_symbol(it->alphabet, n, node->digit, sym));
            }
            cli_out_write(o, "]", 1);
        }
        cli_out_write(o, "]", 1);
        /* what each link follows from, when a variant rule made any */
        int ruled = 0; /* (a branch's first link follows from nothing) */
        for (int b = 0; b < s->nbranches && !ruled; b++)
            for (int i = s->branch[b] + 1; i < s->branch[b + 1] && !ruled; i++)
                ruled = s->nodes[i].rule != 0;
        if (ruled) {
            cli_out_write(o, ",\"branch_rules\":[", 17);
            for (int b = 0; b < s->nbranches; b++) {
                cli_out_write(o, b ? ",[" : "[", b ? 2 : 1);
                for (int i = s->branch[b]; i < s->branch[b + 1]; i++) {
                    if (i > s->branch[b])
                        cli_out_write(o, ",", 1);
                    if (i > s->branch[b] && s->nodes[i].rule)
                        cli_out_json_string(o, sk_node_rule_describe(it->model, &s->nodes[i],
                                                                     text, sizeof text));
                    else
                        cli_out_write(o, "null", 4);
                }
                cli_out_write(o, "]", 1);
            }
            cli_out_write(o, "]", 1);
        }
    }
    cli_out_write(o, "}", 1);
}

void cli_rating_text(cli_out *o, const sk_rating *r)
{
    cli_out_rating(o, r->er);
    cli_out_write(o, "/", 1);
    cli_out_rating(o, r->ep);
    cli_out_write(o, "/", 1);
    cli_out_rating(o, r->ed);
}

/* ,"KEY":"keyword" or ,"KEY":null */
static void json_technique(cli_out *o, const char *key, int t)
{
    const char *k = sk_tech_keyword(t);
    cli_outf(o, ",\"%s\":", key);
    if (k)
        cli_out_json_string(o, k);
    else
        cli_out_write(o, "null", 4);
}

void cli_rating_json(cli_out *o, const sk_rating *r)
{
    cli_out_write(o, ",\"er\":", 6);
    cli_out_rating(o, r->er);
    cli_out_write(o, ",\"ep\":", 6);
    cli_out_rating(o, r->ep);
    cli_out_write(o, ",\"ed\":", 6);
    cli_out_rating(o, r->ed);
    json_technique(o, "er_technique", r->er_tech);
    json_technique(o, "ep_technique", r->ep_tech);
    json_technique(o, "ed_technique", r->ed_tech);
    cli_outf(o, ",\"stuck\":%s", r->stuck ? "true" : "false");
}

void cli_logic_refused(const cli_item *it)
{
    switch (it->status) {
    case CLI_ST_NONE:
        if (it->why_kind)
            printf("none: the puzzle has no solution: %s\n", it->diag.message);
        else
            printf("none: the puzzle has no solution\n");
        break;
    case CLI_ST_MULTIPLE:
        printf("multiple: the puzzle has several solutions\n");
        break;
    default:
        printf("%s\n", cli_status_name(it->status));
    }
}

void cli_logic_exit(cli_batch *b, const cli_item *it)
{
    if (it->status == CLI_ST_NONE || it->status == CLI_ST_MULTIPLE ||
        it->status == CLI_ST_TIMEOUT)
        cli_batch_exit(b, CLI_EXIT_UNSOLVED);
}

void cli_payload_print(cli_batch *b, cli_item *it, int blank_before)
{
    const char *text = it->payload;
    int done = text && (it->status == CLI_ST_UNIQUE || it->status == CLI_ST_UNCHECKED);
    if (b->args->json) {
        cli_json_begin(stdout, it);
        if (done)
            fputs(text, stdout);
        cli_json_end(stdout, it);
    } else {
        if (blank_before)
            putchar('\n');
        if (done)
            fputs(text, stdout);
        else
            cli_logic_refused(it);
    }
    cli_logic_exit(b, it);
}

void cli_payload_emit(cli_batch *b, cli_item *it) { cli_payload_print(b, it, 0); }

/* ---- hint --reveal: a step without its answer --------------------------- */

void cli_step_vague_text(cli_out *o, const cli_item *it, const sk_step *s, const uint64_t *cand,
                         int reveal)
{
    char text[STEP_TEXT];
    sk_step_describe_vague(it->model, s, cand, reveal, it->alphabet, text, sizeof text);
    cli_outf(o, "%s (rating ", text);
    cli_out_rating(o, s->rating);
    cli_out_write(o, ")", 1);
}

/* The same as JSON: what sk_step_describe_vague names, in the fields of
 * cli_step_json. */
void cli_step_vague_json(cli_out *o, const cli_item *it, const sk_step *s, const uint64_t *cand,
                         int reveal)
{
    const int n = it->geom.n;
    char name[128];
    json_step_head(o, s);
    if (reveal >= 2 && s->technique == SK_TECH_VARIANT_RULE) {
        json_rule(o, it, s, 0);
    } else if (reveal >= 2) {
        int nh = s->nhouses < 8 ? s->nhouses : 8;
        if (nh > 0) {
            cli_out_write(o, ",\"houses\":[", 11);
            for (int i = 0; i < nh; i++) {
                if (i)
                    cli_out_write(o, ",", 1);
                cli_out_json_string(o,
                                    sk_model_house_name(it->model, s->houses[i], name, sizeof name));
            }
            cli_out_write(o, "]", 1);
        } else if ((s->ncells > 0 && s->cells) || s->cell >= 0) {
            const int listed = s->ncells > 0 && s->cells; /* (as the text names them) */
            cli_out_write(o, ",\"cells\":[", 10);
            for (int i = 0, k = 0; i < (listed ? s->ncells : 1); i++) {
                int c = listed ? s->cells[i] : s->cell, seen = 0;
                for (int j = 0; j < i && !seen; j++)
                    seen = s->cells[j] == c;
                if (seen)
                    continue;
                if (k++)
                    cli_out_write(o, ",", 1);
                json_cell(o, n, c);
            }
            cli_out_write(o, "]", 1);
        }
        uint64_t digits = sk_step_vague_digits(s, cand);
        if (digits) {
            cli_out_write(o, ",\"digits\":[", 11);
            for (int d = 1, k = 0; d <= n; d++)
                if (digits >> (d - 1) & 1) {
                    if (k++)
                        cli_out_write(o, ",", 1);
                    json_digit(o, it, d);
                }
            cli_out_write(o, "]", 1);
        }
    }
    cli_out_write(o, "}", 1);
}
