/*
 * cmd_explain.c - `sudokit explain`: the whole logical solving path of
 * each puzzle, one step per line in words a person can follow on the
 * grid (sk_step_describe), with the rating of each step and the puzzle's
 * ER/EP/ED at the end; where no technique applies, the pencil marks left.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct explain_ctx {
    int started; /* a record was printed */
} explain_ctx;

/* The position reached, as 'hint' reads it back: the pencil marks, then
 * the lines of the puzzle's shape and rules ('box 2x3', cages...), which
 * the grid alone does not carry. */
static void position_text(cli_out *o, const cli_item *it, const sk_logic *l)
{
    cli_candidate_grid(o, it, sk_logic_candidates(l), sk_logic_values(l));
    cli_out_rules(o, &it->geom);
}

/* "stuck after 12 steps: no technique applies", " up to 4.4" with
 * --max-rating. */
static void stuck_text(cli_out *o, const cli_args *a, int steps)
{
    cli_outf(o, "stuck after %d step%s: no technique ", steps, steps == 1 ? "" : "s");
    if (a->max_rating) {
        cli_out_write(o, "up to ", 6);
        cli_out_rating(o, a->max_rating);
        cli_out_write(o, " ", 1);
    }
    cli_out_write(o, "applies", 7);
}

static void explain_work(cli_worker *w, cli_item *it)
{
    const cli_args *a = w->batch->args;
    cli_out steps = {NULL, NULL, 0, 0, 0}, o = {NULL, NULL, 0, 0, 0};
    sk_rating r;
    sk_step s;
    int rc;
    sk_logic *l = cli_logic_prepare(w, it);
    if (!l)
        return;
    sk_rating_init(&r);
    rc = cli_logic_start(l, it);
    while (rc == SK_OK && !sk_logic_solved(l) && !steps.nomem) {
        rc = sk_logic_next(l, &s);
        if (rc <= 0) {
            if (rc == 0) {
                sk_rating_stuck(&r);
                rc = SK_OK;
            }
            break;
        }
        rc = SK_OK;
        sk_rating_add(&r, &s);
        if (a->json) {
            if (r.steps > 1)
                cli_out_write(&steps, ",", 1);
            cli_step_json(&steps, it, &s);
        } else {
            cli_outf(&steps, "%d. ", r.steps);
            cli_step_text(&steps, it, &s);
            cli_out_write(&steps, "\n", 1);
        }
        sk_logic_apply(l, &s);
    }
    if (rc != SK_OK && rc != SK_ETIME) {
        cli_logic_drop(w);
        free(steps.data);
        cli_logic_failed(it, rc);
        return;
    }
    if (r.stuck && cli_logic_contradiction(w, it, l, r.steps)) {
        free(steps.data);
        return;
    }
    /* a timeout keeps the steps found before it, with the position they
       lead to: a person can go on from there with 'hint' */
    int late = rc == SK_ETIME;
    if (late)
        cli_logic_failed(it, rc);
    if (a->json) {
        if (!late)
            cli_rating_json(&o, &r);
        if (late || r.stuck) {
            cli_candidate_json(&o, it, sk_logic_candidates(l));
            /* which cells are filled: "candidates" writes a filled cell
               and an open one with one candidate left alike */
            cli_out_write(&o, ",\"grid\":", 8);
            cli_out_json_grid(&o, it->geom.n, it->alphabet, sk_logic_values(l));
        }
        cli_out_write(&o, ",\"steps\":[", 10);
        if (steps.data)
            cli_out_write(&o, steps.data, steps.len);
        cli_out_write(&o, "]", 1);
    } else {
        if (steps.data)
            cli_out_write(&o, steps.data, steps.len);
        if (late) {
            cli_outf(&o, "timeout after %d step%s: no next step found within %g s", r.steps,
                     r.steps == 1 ? "" : "s", a->timeout);
            if (r.steps) {
                cli_out_write(&o, "; rating so far ", 16);
                cli_rating_text(&o, &r);
            }
            cli_out_write(&o, "\n", 1);
            position_text(&o, it, l);
        } else if (r.stuck) {
            stuck_text(&o, a, r.steps);
            cli_out_write(&o, "; rating ", 9);
            cli_rating_text(&o, &r);
            cli_out_write(&o, "\n", 1);
            position_text(&o, it, l);
        } else {
            cli_out_write(&o, "rating ", 7);
            cli_rating_text(&o, &r);
            cli_outf(&o, ", %d step%s", r.steps, r.steps == 1 ? "" : "s");
            if (sk_tech_name(r.er_tech))
                cli_outf(&o, ", hardest: %s", sk_tech_name(r.er_tech));
            cli_out_write(&o, "\n", 1);
        }
    }
    if (late)
        cli_logic_drop(w);
    o.nomem |= steps.nomem;
    free(steps.data);
    cli_item_take(it, &o);
}

static void explain_emit(cli_batch *b, cli_item *it)
{
    explain_ctx *c = b->ctx;
    if (it->status == CLI_ST_TIMEOUT && it->payload) {
        /* cut short by --timeout while rating: the steps found so far */
        if (b->args->json) {
            cli_json_begin(stdout, it);
            fputs(it->payload, stdout);
            cli_json_end(stdout, it);
        } else {
            if (c->started)
                putchar('\n');
            fputs(it->payload, stdout);
        }
        cli_logic_exit(b, it);
    } else {
        cli_payload_print(b, it, c->started);
    }
    c->started = 1;
}

static int explain_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {explain_work, explain_emit, 1, 1, 0};
    explain_ctx c = {0};
    return cli_batch_main(cmd, argc, argv, &ops, &c);
}

const cli_command cli_cmd_explain = {
    "explain",
    CLI_CMD_EXPLAIN,
    "[FILE...]",
    "each puzzle's logical solving path, step by step in words",
    "Solves each puzzle logically, as 'sudokit rate' does, and writes every\n"
    "step as a sentence a person can check on the grid: the digit it places\n"
    "or the candidates it removes, the technique, and the houses, cells and\n"
    "digits of its pattern; chains link by link (r1c2=5 -> r1c7<>5, where =\n"
    "means the digit is there and <> that it is not; a link that a variant\n"
    "rule makes names it: r1c6<>8 -> r1c7=4 (killer cage 13 at r1c6)).\n"
    "\n"
    "Text output: one numbered line per step with its rating, then the\n"
    "puzzle's figures ER/EP/ED, the number of steps and the technique of the\n"
    "hardest one:\n"
    "  1. r1c9 = 2: hidden single in column 9 (rating 1.5)\n"
    "  ...\n"
    "  33. pointing: 1 in box 6 is locked in column 7, removes 1 from r9c7\n"
    "      (rating 2.6)\n"
    "  ...\n"
    "  rating 2.6/1.5/1.5, 68 steps, hardest: Pointing\n"
    "When no technique applies before the end, the last line says so and the\n"
    "candidates left follow, as 'sudokit candidates' writes them (a cell\n"
    "left with one candidate by place, '..3......', so that 'hint' reads it\n"
    "back as a candidate; not with decimal numbers above 9x9), then the\n"
    "puzzle's shape and rules as 'convert' writes them ('box 2x3', cages...),\n"
    "so that 'hint' reads the whole position back:\n"
    "  stuck after 24 steps: no technique applies; rating 20.0/1.2/1.2\n"
    "When --timeout ends the search for a step (it counts for each step),\n"
    "the steps found before it are kept, then the line says so and the\n"
    "position reached follows the same way:\n"
    "  timeout after 2 steps: no next step found within 10 s; rating so far\n"
    "  10.1/2.3/2.3\n"
    "Puzzles are separated by a blank line; one that is not rated gives the\n"
    "line rate gives it ('multiple: the puzzle has several solutions'; with\n"
    "--no-check, 'none: the puzzle has no solution: r5c6 has no candidate\n"
    "left after 58 logical steps' when the path runs into a contradiction).\n"
    "\n"
    "JSON output (--json): one object per puzzle, in input order, with the\n"
    "fields of rate (er, ep, ed, the three techniques, stuck), \"candidates\"\n"
    "and \"grid\" when stuck (the pencil marks, and the filled cells as a\n"
    "line with '.' for an open one, which tells a filled cell from an open\n"
    "one with one candidate), and \"steps\": an array of one object per step\n"
    "(status timeout: only \"steps\", those found, \"candidates\" and \"grid\"):\n"
    "  {\"technique\":\"pointing\",\"name\":\"Pointing\",\"rating\":2.6,\n"
    "   \"text\":\"pointing: 1 in box 6 is locked in column 7, ...\",\n"
    "   \"eliminations\":[{\"cell\":\"r9c7\",\"digit\":\"1\"}],\n"
    "   \"houses\":[\"box 6\",\"column 7\"],\"digits\":[\"1\"]}\n"
    "As they apply: \"cell\" and \"digit\" (the placement), \"eliminations\",\n"
    "\"direct\" (true: the eliminations only lead to the placement), \"houses\",\n"
    "\"cells\", \"digits\" (the pattern's), \"subtype\" (the type of a unique\n"
    "rectangle or BUG, the level of a dynamic chain), \"branches\" (each\n"
    "branch of a chain as an array of links, \"r1c2=5\", \"r1c7<>5\"),\n"
    "\"branch_rules\" (when a variant rule made a link: the same arrays, each\n"
    "link's rule, \"killer cage 13 at r1c6\", \"innies of box 1: r1c3 + r3c1\n"
    "= 13\", or null) and, for a variant rule's step, \"rule\" (\"killer\n"
    "cage 15 at r1c1\"; \"implied\" for a sum the rules imply together, with\n"
    "its \"total\": its \"cells\" add up to it, the last \"subtype\" of them\n"
    "subtracted, and its \"source\", \"innies of box 1\"; else subtype 1:\n"
    "the rule's cells in the house named must hold the digit, 2: the rule\n"
    "cannot hold with the removed candidate in its cell, 3: two rules\n"
    "together) and \"rule2\" (a second rule on the same two cells, or the\n"
    "second of two rules together).",
    explain_run,
    NULL,
    NULL,
};
