/*
 * test_rules_memo.c - test_rules.c again, with the general engine's memo
 * of sums (src/propagate.c, rule 4 of propagate.h) in use from each
 * search's first sum and cut to 16 entries.
 *
 * The memo waits for MEMO_WAIT sums before it is used, and the random
 * puzzles of test_rules are small searches that never get there; here it
 * is used at once, and with so few entries they are replaced all the time,
 * so a key compared wrongly, or an entry read back into the wrong cells,
 * would show in the engines' answers, which test_rules checks against the
 * other engine, brute force and the rules' own checker.  The file compiles
 * propagate.c into itself with the two sizes changed; the rest of the
 * library is the usual one.
 */
#define MEMO_WAIT 1
#define MEMO_BITS 4
#include "../../src/propagate.c"
#include "test_rules.c"
