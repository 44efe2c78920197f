/*
 * cmd_minimize.c - what a setter's puzzle does not need:
 *   `sudokit minimize`   the puzzle made minimal (givens, then rules, taken
 *                        away while the solution stays unique);
 *   `sudokit redundant`  which givens and rules could each go alone.
 * Both first prove the puzzle unique (a puzzle with no solution or several
 * is answered so, as solve would), then call sk_minimize / sk_redundant.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void fail(cli_item *it, int rc, sk_diag *d)
{
    if (rc == SK_ETIME) {
        it->status = CLI_ST_TIMEOUT;
        return;
    }
    it->status = CLI_ST_INVALID;
    it->system_error = rc == SK_ENOMEM;
    it->diag.line = d && d->line ? d->line : it->line;
    it->diag.column = d && d->line ? d->column : 0;
    snprintf(it->diag.message, sizeof it->diag.message, "%s",
             d && d->message[0] ? d->message : sk_strerror(rc));
}

/* Proves it unique first; 0 when it is, else -1 with the status set. */
static int prove_unique(cli_worker *w, cli_item *it)
{
    if (it->has_marks) {
        it->status = CLI_ST_INVALID;
        it->diag.line = it->line;
        it->diag.column = 0;
        snprintf(it->diag.message, sizeof it->diag.message,
                 "the puzzle is pencil marks: %s takes givens and rules",
                 w->batch->args->cmd->name);
        return -1;
    }
    if (cli_search(w, it, 2, NULL, NULL) != 0)
        return -1;
    it->status = it->res.end == SK_END_TIMEOUT ? CLI_ST_TIMEOUT : cli_search_status(&it->res);
    return it->status == CLI_ST_UNIQUE ? 0 : -1;
}

static void cell_name(cli_out *o, int n, int c)
{
    cli_outf(o, "r%dc%d", c / n + 1, c % n + 1);
}

/* ---- minimize --------------------------------------------------------- */

static void minimize_work(cli_worker *w, cli_item *it)
{
    const cli_args *a = w->batch->args;
    if (prove_unique(w, it) != 0)
        return;
    int n = it->geom.n, nc = n * n, nr = it->geom.nrules;
    uint8_t *out = malloc((size_t)nc);
    uint8_t *kept = malloc(nr > 0 ? (size_t)nr : 1);
    sk_rule *rules = malloc((nr > 0 ? (size_t)nr : 1) * sizeof *rules);
    cli_out o = {NULL, NULL, 0, 0, 0};
    cli_buf text = {NULL, 0};
    sk_diag d;
    memset(&d, 0, sizeof d);
    int rc = out && kept && rules ? SK_OK : SK_ENOMEM;
    if (rc == SK_OK)
        rc = sk_minimize(&it->geom, it->cells, a->has_seed ? a->seed : 0, a->keep_rules,
                         a->timeout, out, kept, &d);
    if (rc != SK_OK) {
        fail(it, rc, &d);
        goto done;
    }
    sk_geometry g = it->geom;
    int nkept = 0, before = 0, after = 0;
    for (int i = 0; i < nr; i++)
        if (kept[i])
            rules[nkept++] = it->geom.rules[i];
    g.nrules = nkept;
    g.rules = nkept ? rules : NULL;
    for (int c = 0; c < nc; c++) {
        before += it->cells[c] != 0;
        after += out[c] != 0;
    }
    int st;
    if (a->json) {
        cli_outf(&o, ",\"givens\":%d,\"removed\":%d,\"puzzle\":", after, before - after);
        cli_out_json_grid(&o, n, it->alphabet, out);
        if (nr > 0) {
            cli_out_write(&o, ",\"rules_removed\":[", 18);
            int first = 1;
            for (int i = 0; i < nr; i++) {
                if (kept[i])
                    continue;
                char name[160];
                sk_model_rule_describe(it->model, i, name, sizeof name);
                if (!first)
                    cli_out_write(&o, ",", 1);
                first = 0;
                cli_out_json_string(&o, name);
            }
            cli_out_write(&o, "]", 1);
        }
    } else {
        sk_format form = cli_output_form(a, it);
        const char *t = cli_write_grid(&text, &g, out, form, it->alphabet, &st);
        if (!t) {
            fail(it, st, NULL);
            goto done;
        }
        cli_out_write(&o, t, strlen(t));
        cli_out_rules(&o, &g);
    }
    cli_item_take(it, &o);
done:
    free(o.data);
    cli_buf_free(&text);
    free(out);
    free(kept);
    free(rules);
}

typedef struct minimize_ctx {
    int started, prev_multiline;
} minimize_ctx;

static void minimize_emit(cli_batch *b, cli_item *it)
{
    minimize_ctx *c = b->ctx;
    sk_format form = cli_output_form(b->args, it);
    int multiline = cli_form_multiline(form) || it->geom.nrules > 0;
    cli_payload_print(b, it, c->started && (multiline || c->prev_multiline));
    c->started = 1;
    c->prev_multiline = multiline;
}

static int minimize_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {minimize_work, minimize_emit, 1, 1, 0};
    minimize_ctx c = {0, 0};
    return cli_batch_main(cmd, argc, argv, &ops, &c);
}

const cli_command cli_cmd_minimize = {
    "minimize",
    CLI_CMD_MINIMIZE,
    "[FILE...]",
    "make each puzzle minimal: drop the givens and rules it does not need",
    "Takes givens away from each puzzle, one at a time in reading order, each\n"
    "when the puzzle keeps exactly one solution without it; then the variant\n"
    "rules, in their order, the same way (--keep-rules keeps them all).  What\n"
    "is left is minimal: no given and no rule can go.  The solution stays the\n"
    "same.  --seed S takes them in an order drawn from S instead, for another\n"
    "minimal puzzle.  The puzzle is written in its own form (--output), with\n"
    "the rules kept after it, so that it reads back; one with no solution or\n"
    "several is answered 'none: ...' or 'multiple: ...' (exit status 1).\n"
    "\n"
    "JSON output (--json): one object per puzzle, in input order:\n"
    "  {\"index\":0,\"status\":\"unique\",\"givens\":23,\"removed\":7,\n"
    "   \"puzzle\":\"...\",\"rules_removed\":[\"killer cage 15 at r1c1\"],...}\n"
    "puzzle is the givens on one line (the rules kept are the others);\n"
    "rules_removed is there for a puzzle with rules.",
    minimize_run,
    NULL,
    NULL,
};

/* ---- redundant ---------------------------------------------------------- */

static void redundant_work(cli_worker *w, cli_item *it)
{
    const cli_args *a = w->batch->args;
    if (prove_unique(w, it) != 0)
        return;
    int n = it->geom.n, nc = n * n, nr = it->geom.nrules;
    uint8_t *gf = malloc((size_t)nc);
    uint8_t *rf = malloc(nr > 0 ? (size_t)nr : 1);
    cli_out o = {NULL, NULL, 0, 0, 0};
    sk_diag d;
    memset(&d, 0, sizeof d);
    int rc = gf && rf ? SK_OK : SK_ENOMEM;
    if (rc == SK_OK)
        rc = sk_redundant(&it->geom, it->cells, a->timeout, gf, rf, &d);
    if (rc != SK_OK) {
        fail(it, rc, &d);
        goto done;
    }
    int ng = 0, ngiven = 0, nrf = 0;
    for (int c = 0; c < nc; c++) {
        ng += gf[c];
        ngiven += it->cells[c] != 0;
    }
    for (int i = 0; i < nr; i++)
        nrf += rf[i];
    if (a->json) {
        cli_outf(&o, ",\"minimal\":%s,\"givens\":[", ng + nrf ? "false" : "true");
        int first = 1;
        for (int c = 0; c < nc; c++) {
            if (!gf[c])
                continue;
            cli_out_write(&o, first ? "\"" : ",\"", first ? 1 : 2);
            first = 0;
            cell_name(&o, n, c);
            cli_out_write(&o, "\"", 1);
        }
        cli_out_write(&o, "]", 1);
        if (nr > 0) {
            cli_out_write(&o, ",\"rules\":[", 10);
            first = 1;
            for (int i = 0; i < nr; i++) {
                if (!rf[i])
                    continue;
                char name[160];
                sk_model_rule_describe(it->model, i, name, sizeof name);
                if (!first)
                    cli_out_write(&o, ",", 1);
                first = 0;
                cli_outf(&o, "{\"rule\":%d,\"name\":", i);
                cli_out_json_string(&o, name);
                cli_out_write(&o, "}", 1);
            }
            cli_out_write(&o, "]", 1);
        }
    } else if (ng + nrf == 0) {
        cli_outf(&o, "minimal: each of the %d givens%s is needed\n", ngiven,
                 nr ? " and each rule" : "");
    } else {
        if (ng) {
            cli_outf(&o, "%d of %d givens could go:", ng, ngiven);
            for (int c = 0; c < nc; c++)
                if (gf[c]) {
                    cli_out_write(&o, " ", 1);
                    cell_name(&o, n, c);
                }
        }
        if (nrf) {
            cli_outf(&o, "%s%d of %d rules could go: ", ng ? "; " : "", nrf, nr);
            int first = 1;
            for (int i = 0; i < nr; i++) {
                if (!rf[i])
                    continue;
                char name[160];
                sk_model_rule_describe(it->model, i, name, sizeof name);
                cli_outf(&o, "%s%s", first ? "" : ", ", name);
                first = 0;
            }
        }
        cli_out_write(&o, "\n", 1);
    }
    cli_item_take(it, &o);
done:
    free(o.data);
    free(gf);
    free(rf);
}

static int redundant_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {redundant_work, cli_payload_emit, 1, 1, 0};
    return cli_batch_main(cmd, argc, argv, &ops, NULL);
}

const cli_command cli_cmd_redundant = {
    "redundant",
    CLI_CMD_REDUNDANT,
    "[FILE...]",
    "list the givens and rules each puzzle could do without",
    "For each puzzle with exactly one solution, lists every given, and every\n"
    "variant rule, that could be taken away alone with the solution staying\n"
    "unique (two of them may not be able to go together: 'sudokit minimize'\n"
    "takes them away one after another):\n"
    "  2 of 26 givens could go: r1c4 r7c7; 1 of 3 rules could go: white dot at r2c2\n"
    "  minimal: each of the 24 givens is needed\n"
    "A puzzle with no solution or several is answered 'none: ...' or\n"
    "'multiple: ...' (exit status 1).\n"
    "\n"
    "JSON output (--json): one object per puzzle, in input order:\n"
    "  {\"index\":0,\"status\":\"unique\",\"minimal\":false,\"givens\":[\"r1c4\",\"r7c7\"],\n"
    "   \"rules\":[{\"rule\":2,\"name\":\"white dot at r2c2\"}],...}\n"
    "rules (numbered from 0 in the order the puzzle gives them) is there for a\n"
    "puzzle with rules.",
    redundant_run,
    NULL,
    NULL,
};
