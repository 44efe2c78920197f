/*
 * cmd_hint.c - `sudokit hint`: the next logical step from the position
 * given (a puzzle, or a puzzle with the digits found so far), as one line
 * of `sudokit explain`.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void hint_work(cli_worker *w, cli_item *it)
{
    const cli_args *a = w->batch->args;
    cli_out o = {NULL, NULL, 0, 0, 0};
    sk_step s;
    int rc, found = 0, solved;
    sk_logic *l = cli_logic_prepare(w, it);
    if (!l)
        return;
    rc = cli_logic_start(l, it);
    solved = rc == SK_OK && sk_logic_solved(l);
    if (rc == SK_OK && !solved) {
        rc = sk_logic_next(l, &s);
        found = rc == 1;
        rc = rc >= 0 ? SK_OK : rc;
    }
    if (rc != SK_OK) {
        cli_logic_drop(w);
        cli_logic_failed(it, rc);
        return;
    }
    if (!found && !solved && cli_logic_contradiction(w, it, l, 0))
        return;
    if (a->json) {
        cli_outf(&o, ",\"solved\":%s,\"stuck\":%s", solved ? "true" : "false",
                 !solved && !found ? "true" : "false");
        if (found) {
            cli_out_write(&o, ",\"step\":", 8);
            if (a->reveal)
                cli_step_vague_json(&o, it, &s, sk_logic_candidates(l), a->reveal);
            else
                cli_step_json(&o, it, &s);
        }
    } else if (found) {
        if (a->reveal)
            cli_step_vague_text(&o, it, &s, sk_logic_candidates(l), a->reveal);
        else
            cli_step_text(&o, it, &s);
        cli_out_write(&o, "\n", 1);
    } else if (solved) {
        cli_out_write(&o, "solved: every cell is filled\n", 29);
    } else {
        cli_out_write(&o, "stuck: no technique ", 20);
        if (a->max_rating) {
            cli_out_write(&o, "up to ", 6);
            cli_out_rating(&o, a->max_rating);
            cli_out_write(&o, " ", 1);
        }
        cli_out_write(&o, "applies\n", 8);
    }
    cli_item_take(it, &o);
}

static int hint_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {hint_work, cli_payload_emit, 1, 1, 0};
    return cli_batch_main(cmd, argc, argv, &ops, NULL);
}

const cli_command cli_cmd_hint = {
    "hint",
    CLI_CMD_HINT,
    "[FILE...]",
    "the next logical step from the position given",
    "Finds the next step a person would take from the position given: the\n"
    "puzzle's givens and any digits filled in since (write them as givens),\n"
    "by the first technique of 'sudokit rate' that makes progress, and writes\n"
    "it as one line of 'sudokit explain':\n"
    "  r4c5 = 7: hidden single in box 5 (rating 1.2)\n"
    "or 'solved: every cell is filled', or 'stuck: no technique applies'.\n"
    "--reveal technique or where gives less away: the technique alone, or\n"
    "with the houses (else the cells) it lies in and the digits it is about\n"
    "(a single's digit left out; for a variant rule's step, the rule), never\n"
    "what it places or removes:\n"
    "  Hidden Single in box 5 (rating 1.2)\n"
    "  X-Wing on 6 in row 2, row 5, column 5 and column 7 (rating 3.2)\n"
    "The position must still have exactly one solution (unless --no-check):\n"
    "a wrong digit filled in gives 'none: the puzzle has no solution'; with\n"
    "--no-check, a position that shows it has none on its face (a cell\n"
    "without candidate) says where: 'none: the puzzle has no solution: r1c1\n"
    "has no candidate left'.\n"
    "\n"
    "JSON output (--json): one object per puzzle, in input order, with\n"
    "\"solved\" and \"stuck\" (true or false) and \"step\", the step as an\n"
    "object of explain's \"steps\":\n"
    "  {\"index\":0,\"status\":\"unique\",\"solved\":false,\"stuck\":false,\n"
    "   \"step\":{\"technique\":\"hidden-single\",...},...}\n"
    "(with --reveal: only \"technique\", \"name\", \"rating\", and for where\n"
    "\"houses\" or \"cells\" and \"digits\", or \"rule\").",
    hint_run,
    NULL,
    NULL,
};
