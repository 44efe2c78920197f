/*
 * cmd_rate.c - `sudokit rate`: how hard each puzzle is to solve by hand,
 * as Sudoku Explainer's three figures ER/EP/ED (sk_rate), with the
 * technique of the hardest step.  Also the list of techniques, in the
 * order they are tried, which --help and the man page print from the
 * library's own table.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

static uint64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void rate_work(cli_worker *w, cli_item *it)
{
    sk_logic *l = cli_logic_prepare(w, it);
    sk_rating *r;
    uint64_t t0;
    int rc;
    if (!l)
        return;
    r = malloc(sizeof *r);
    if (!r) {
        cli_item_nomem(it);
        return;
    }
    t0 = now_us();
    rc = cli_logic_start(l, it);
    if (rc == SK_OK)
        rc = sk_rate_position(l, r);
    it->usec += now_us() - t0;
    if (rc != SK_OK) {
        cli_logic_drop(w);
        free(r);
        cli_logic_failed(it, rc);
        return;
    }
    if (r->stuck && cli_logic_contradiction(w, it, l, r->steps)) {
        free(r);
        return;
    }
    free(it->payload);
    it->payload = r;
}

static void rate_emit(cli_batch *b, cli_item *it)
{
    const sk_rating *r = it->payload;
    cli_out o = {stdout, NULL, 0, 0, 0};
    int rated = r && (it->status == CLI_ST_UNIQUE || it->status == CLI_ST_UNCHECKED);
    if (b->args->json) {
        cli_json_begin(stdout, it);
        if (rated) {
            cli_rating_json(&o, r);
            printf(",\"steps\":%d", r->steps);
        }
        cli_json_end(stdout, it);
    } else if (rated) {
        cli_rating_text(&o, r);
        if (r->stuck)
            fputs(" stuck", stdout);
        else if (sk_tech_name(r->er_tech))
            printf(" %s", sk_tech_name(r->er_tech));
        putchar('\n');
    } else {
        cli_logic_refused(it);
    }
    cli_logic_exit(b, it);
}

static int rate_run(const cli_command *cmd, int argc, char **argv)
{
    static const cli_batch_ops ops = {rate_work, rate_emit, 1, 1, 0};
    return cli_batch_main(cmd, argc, argv, &ops, NULL);
}

/* A technique whose rating varies: how, in place of its base rating. */
static const char *rating_note(int t)
{
    switch (t) {
    case SK_TECH_HIDDEN_SINGLE:
        return "1.2 in a box or region, 1.5 in a line";
    case SK_TECH_UNIQUE_RECTANGLE:
        return "4.5, more for type 3";
    case SK_TECH_UNIQUE_LOOP:
        return "4.6 for 6 cells, 4.7 for 8, 5.0 for 10 or more; more for type 3";
    case SK_TECH_BUG:
        return "5.6 for type 1, 5.7 for types 2 and 4, 5.8 to 6.2 for type 3";
    case SK_TECH_VARIANT_RULE:
        return "1.6 for a relation of two cells, a cage's digit combinations or a "
               "quadruple, 2.1 for the other constraints of a rule, 2.6 for a digit a "
               "cage, renban line or quadruple must hold, locked in a house, 2.7 for a "
               "sum the rules imply together, 2.8 for a digit a rule's cells in a house "
               "must hold, 3.1 for a candidate a rule cannot hold with, 3.5 for two "
               "rules whose cells meet, together (sudokit's ratings; each tried after "
               "the techniques rated below it)";
    default:
        return NULL;
    }
}

/* The techniques, in the order they are tried: "Hidden Single: 1.2 ...". */
static const char *rate_entry(size_t i, char *buf, size_t size)
{
    int t = (int)i, r;
    const char *note;
    if (t >= SK_TECH_COUNT_)
        return NULL;
    r = sk_tech_rating(t);
    note = rating_note(t);
    if (note)
        snprintf(buf, size, "%s: %s", sk_tech_name(t), note);
    else if (t >= SK_TECH_X_CYCLE && t != SK_TECH_ALIGNED_TRIPLE_EXCLUSION)
        snprintf(buf, size, "%s: %d.%d and more for longer chains", sk_tech_name(t), r / 10,
                 r % 10);
    else
        snprintf(buf, size, "%s: %d.%d", sk_tech_name(t), r / 10, r % 10);
    return sk_tech_keyword(t);
}

const cli_command cli_cmd_rate = {
    "rate",
    CLI_CMD_RATE,
    "[FILE...]",
    "rate each puzzle as Sudoku Explainer does (ER/EP/ED)",
    "Rates how hard each puzzle is to solve by hand, on the scale of Sudoku\n"
    "Explainer (SE): the puzzle is solved logically, one step at a time, each\n"
    "step by the first technique in the list below that makes progress, and\n"
    "each technique has a rating.  ER is the rating of the hardest step, EP\n"
    "the hardest step up to the first digit placed, ED the first step's.  A\n"
    "puzzle that no technique finishes is stuck and gets ER 20.0, as in SE.\n"
    "'sudokit explain' shows the steps, 'sudokit hint' the next one.\n"
    "\n"
    "First the puzzle is proven to have exactly one solution (unless\n"
    "--no-check): one with none or several is not rated.  With --no-check,\n"
    "a path that reaches a position showing it has no solution stops there:\n"
    "  none: the puzzle has no solution: r1c1 has no candidate left\n"
    "(JSON: \"reason\":{\"kind\":\"cell\",\"message\":...}, kind cell or house).\n"
    "Variant rules take part: each time one of a rule's constraints narrows\n"
    "its cells' candidates, that is a step of its own (variant-rule, rated by\n"
    "sudokit, since SE has no variant rules; it names the rule), the rules\n"
    "also act inside dynamic forcing chains, and the uniqueness techniques\n"
    "(unique rectangles and loops, BUG) are left out: a rule may tell their\n"
    "two digits apart.\n"
    "On grids other than 9x9 every full house takes part: jigsaw regions count\n"
    "as boxes, and diagonals, windows and other houses as lines; locked\n"
    "candidates and fish (X-wing and larger) are made of boxes, rows and\n"
    "columns only.\n"
    "\n"
    "Text output: one line per puzzle, the three figures and the technique of\n"
    "the hardest step, or 'stuck':\n"
    "  2.6/1.5/1.5 Pointing\n"
    "  20.0/1.2/1.2 stuck\n"
    "or instead 'none: the puzzle has no solution', 'multiple: the puzzle has\n"
    "several solutions' (exit status 1) or 'invalid'.\n"
    "\n"
    "JSON output (--json): one object per puzzle, in input order:\n"
    "  {\"index\":0,\"status\":\"unique\",\"er\":2.6,\"ep\":1.5,\"ed\":1.5,\n"
    "   \"er_technique\":\"pointing\",\"ep_technique\":\"hidden-single\",\n"
    "   \"ed_technique\":\"hidden-single\",\"stuck\":false,\"steps\":45,\n"
    "   \"nodes\":1,\"guesses\":0,\"time_us\":310}\n"
    "er, ep and ed are numbers with one decimal; the techniques are keywords\n"
    "of the list below (null when stuck); steps counts the steps taken.\n"
    "status is unique, unchecked (--no-check), none, multiple or invalid;\n"
    "nodes and guesses are those of the uniqueness check, time_us the whole\n"
    "time spent on the puzzle.",
    rate_run,
    rate_entry,
    "Techniques, in the order they are tried, with their ratings:",
};
