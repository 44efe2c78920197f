# tests/best_lp.awk - writes the standard 0-1 model of a best-score puzzle
# in CPLEX LP form (read by cbc), independently of sudokit.
#
#   awk -v n=9 -v puzzle=LINE [-v br=3 -v bc=3] [-v regions=IDS] [-v diag=1]
#       [-v weights="w1 w2 ..."] [-v sense=min] -f tests/best_lp.awk
#
# puzzle: N*N symbols row by row (1-9 then A-Z; 0 or . empty).  br x bc
# boxes (default: square boxes when N is a square, none otherwise; br=0
# for none); regions: N*N region ids (1-9 then A-Z), replacing boxes;
# diag=1 adds both diagonals; weights: N*N integers (default: 6 + the
# distance to the nearest border).  Variable x_I_D is 1 when cell I holds
# digit D: one digit per cell, each digit once per house, givens fixed.
function sym(c) { return index("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", toupper(c)) }
function rid(c) { return index("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", toupper(c)) - 1 }
function house(list, cnt,   d, k, parts, s) {
    split(list, parts, " ")
    for (d = 1; d <= n; d++) {
        s = ""
        for (k = 1; k <= cnt; k++) s = s (k > 1 ? " + " : "") "x_" parts[k] "_" d
        printf " h%d_%d: %s = 1\n", nh, d, s
    }
    nh++
}
BEGIN {
    nn = n * n
    if (br == "") { b = int(sqrt(n) + 0.5); if (b * b == n) { br = b; bc = b } else br = 0 }
    if (weights != "") split(weights, w, " ")
    else for (i = 0; i < nn; i++) {
        r = int(i / n); c = i % n; d = r
        if (c < d) d = c
        if (n - 1 - r < d) d = n - 1 - r
        if (n - 1 - c < d) d = n - 1 - c
        w[i + 1] = 6 + d
    }
    print (sense == "min" ? "Minimize" : "Maximize")
    printf " obj:"
    for (i = 0; i < nn; i++) for (d = 1; d <= n; d++) {
        coef = w[i + 1] * d
        printf " %s %d x_%d_%d", coef < 0 ? "-" : "+", coef < 0 ? -coef : coef, i, d
        if ((i * n + d) % 8 == 0) printf "\n"
    }
    print "\nSubject To"
    for (i = 0; i < nn; i++) {
        s = ""
        for (d = 1; d <= n; d++) s = s (d > 1 ? " + " : "") "x_" i "_" d
        printf " c%d: %s = 1\n", i, s
    }
    nh = 0
    for (r = 0; r < n; r++) { l = ""; for (c = 0; c < n; c++) l = l " " r * n + c; house(l, n) }
    for (c = 0; c < n; c++) { l = ""; for (r = 0; r < n; r++) l = l " " r * n + c; house(l, n) }
    if (regions != "") {
        for (k = 0; k < n; k++) { l = ""; for (i = 0; i < nn; i++) if (rid(substr(regions, i + 1, 1)) == k) l = l " " i; house(l, n) }
    } else if (br > 0) {
        for (r0 = 0; r0 < n; r0 += br) for (c0 = 0; c0 < n; c0 += bc) {
            l = ""
            for (r = r0; r < r0 + br; r++) for (c = c0; c < c0 + bc; c++) l = l " " r * n + c
            house(l, n)
        }
    }
    if (diag) {
        l = ""; for (i = 0; i < n; i++) l = l " " i * n + i; house(l, n)
        l = ""; for (i = 0; i < n; i++) l = l " " i * n + n - 1 - i; house(l, n)
    }
    for (i = 0; i < nn; i++) {
        d = sym(substr(puzzle, i + 1, 1))
        if (d > 0) printf " g%d: x_%d_%d = 1\n", i, i, d
    }
    print "Binary"
    for (i = 0; i < nn; i++) for (d = 1; d <= n; d++) printf " x_%d_%d%s", i, d, d == n ? "\n" : ""
    print "End"
}
