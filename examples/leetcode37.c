/*
 * leetcode37.c - LeetCode 37 "Sudoku Solver" on top of sudokit.
 *
 * LeetCode's C entry point hands over a 9x9 board as boardSize rows of
 * boardColSize[r] characters, '1'-'9' or '.' for an empty cell, and wants
 * it filled in place.  With the library that takes four steps:
 *
 *   1. describe the geometry (9x9, 3x3 boxes) and compile it: sk_model_new;
 *   2. copy the givens into a uint8_t grid (0 = empty);
 *   3. search: sk_solve (it also proves the solution unique);
 *   4. write the digits back.
 *
 * main() runs solveSudoku on the sample board of the problem statement and
 * prints the result in LeetCode's own notation, one line:
 *   [["5","3","4",...],...]
 *
 * Build against an installed sudokit:
 *   cc $(pkg-config --cflags sudokit) leetcode37.c $(pkg-config --libs sudokit)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sudokit.h>

/*
 * Fills board in place; returns 0 on success, -1 after printing why not.
 * A puzzle without a unique solution is reported too: LeetCode promises
 * exactly one, and a program should not silently fill in one of many.
 */
static int solve_board(char **board, int boardSize, const int *boardColSize)
{
    if (boardSize != 9) {
        fprintf(stderr, "leetcode37: the board has %d rows, expected 9\n", boardSize);
        return -1;
    }

    /* Step 1: the classic geometry.  SK_GEOMETRY_INIT(9) means "9x9 with
     * the default boxes" (3x3, because 9 is a square) and no extras. */
    sk_geometry geom = SK_GEOMETRY_INIT(9);
    sk_model *model = NULL;
    sk_diag diag = {0};
    int rc = sk_model_new(&geom, &model, &diag);
    if (rc != SK_OK) {
        fprintf(stderr, "leetcode37: sk_model_new: %s%s%s\n", sk_strerror(rc),
                diag.message[0] ? ": " : "", diag.message);
        return -1;
    }

    /* Step 2: the givens, cell r*9 + c, 0 for an empty cell. */
    uint8_t givens[81];
    for (int r = 0; r < 9; r++) {
        if (boardColSize[r] != 9) {
            fprintf(stderr, "leetcode37: row %d has %d cells, expected 9\n", r + 1,
                    boardColSize[r]);
            sk_model_free(model);
            return -1;
        }
        for (int c = 0; c < 9; c++) {
            char ch = board[r][c];
            if (ch == '.') {
                givens[r * 9 + c] = 0;
            } else if (ch >= '1' && ch <= '9') {
                givens[r * 9 + c] = (uint8_t)(ch - '0');
            } else {
                fprintf(stderr, "leetcode37: row %d column %d: unexpected '%c'\n", r + 1,
                        c + 1, ch);
                sk_model_free(model);
                return -1;
            }
        }
    }

    /* Step 3: search.  sk_solve looks for two solutions, so the result
     * tells "unique" from "multiple"; SK_OK only means the search ran. */
    uint8_t solution[81];
    sk_result res;
    rc = sk_solve(model, givens, solution, &res);
    sk_model_free(model); /* the grid is all we need from now on */
    if (rc != SK_OK) {
        fprintf(stderr, "leetcode37: sk_solve: %s\n", sk_strerror(rc));
        return -1;
    }
    sk_verdict v = sk_result_verdict(&res);
    if (v != SK_VERDICT_UNIQUE) {
        fprintf(stderr, "leetcode37: the board has %s solution\n",
                v == SK_VERDICT_NONE ? "no" : v == SK_VERDICT_MULTIPLE ? "more than one"
                                                                      : "an unknown");
        return -1;
    }

    /* Step 4: the digits back into the caller's board. */
    for (int i = 0; i < 81; i++)
        board[i / 9][i % 9] = (char)('0' + solution[i]);
    return 0;
}

/* LeetCode's signature: it returns nothing, so errors go to stderr and
 * leave the board as it was. */
void solveSudoku(char **board, int boardSize, int *boardColSize);

void solveSudoku(char **board, int boardSize, int *boardColSize)
{
    (void)solve_board(board, boardSize, boardColSize);
}

/* Prints a board in LeetCode's notation: [["5","3",...],...]. */
static void print_board(char **board, int rows, const int *cols)
{
    putchar('[');
    for (int r = 0; r < rows; r++) {
        printf("%s[", r ? "," : "");
        for (int c = 0; c < cols[r]; c++)
            printf("%s\"%c\"", c ? "," : "", board[r][c]);
        putchar(']');
    }
    printf("]\n");
}

int main(void)
{
    /* The sample board of the problem statement. */
    static const char *const sample[9] = {
        "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
        "7...2...6", ".6....28.", "...419..5", "....8..79",
    };
    char cells[9][10];
    char *board[9];
    int cols[9];
    for (int r = 0; r < 9; r++) {
        memcpy(cells[r], sample[r], 10);
        board[r] = cells[r];
        cols[r] = 9;
    }

    solveSudoku(board, 9, cols);

    /* solveSudoku cannot return an error, so look for an empty cell. */
    for (int r = 0; r < 9; r++)
        if (strchr(board[r], '.') != NULL) {
            fprintf(stderr, "leetcode37: the board was not solved\n");
            return EXIT_FAILURE;
        }
    print_board(board, 9, cols);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("leetcode37: stdout");
        return EXIT_FAILURE;
    }
    return EXIT_SUCCESS;
}
