#!/bin/sh
# tests/bad/run.sh TOOL - runs the catalogue of bad inputs (tests/bad/catalogue)
# through the sudokit tool and compares stdout, stderr and the exit status
# of each case with the catalogue's.  Prints "ok NAME" or "FAIL NAME" with
# a diff, and ends with "N passed, N failed".
#
#   sh tests/bad/run.sh build/sudokit            (from the repository root)
#   REGEN=1 sh tests/bad/run.sh build/sudokit    only shows what the tool
#                                                 answers to each case
T=${1:?usage: tests/bad/run.sh path/to/sudokit}
case $T in /*) ;; *) T=$(pwd)/$T ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-bad.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0

# bad NAME EXIT ARGS INPUT STDOUT <<EOF (expected stderr) EOF
#   ARGS    the tool's arguments (split at spaces); a FILE operand named
#           "IN" is replaced by the input file, otherwise the input is stdin
#   INPUT   printf format of the input bytes ('\000' NUL, '%%' percent), or
#           "!COMMAND": the input is what the shell command prints
#   STDOUT  printf format of the expected standard output
bad() {
    name=$1 code=$2 args=$3 input=$4 eout=$5
    cat >"$tmp/eerr"
    case $input in
    !*) sh -c "${input#!}" >"$tmp/in" ;;
    *) printf "%s$input" "" >"$tmp/in" ;; # (a format may start with '-')
    esac
    printf "%s$eout" "" >"$tmp/eout"
    set -f
    set -- $args
    set +f
    uses_file=0
    for a in "$@"; do
        shift
        if [ "$a" = IN ]; then
            set -- "$@" "$tmp/in"
            uses_file=1
        else
            set -- "$@" "$a"
        fi
    done
    (cd "$tmp" && "$T" "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err.raw")
    rc=$?
    # the input's temporary name is shown as IN
    sed "s|$tmp/in|IN|g" "$tmp/err.raw" >"$tmp/err"
    if [ -n "${REGEN:-}" ]; then
        echo "=== $name exit $rc"
        cat "$tmp/out"
        echo "--- stderr"
        cat "$tmp/err"
        return
    fi
    bad_parts=
    cmp -s "$tmp/eout" "$tmp/out" || bad_parts="$bad_parts stdout"
    cmp -s "$tmp/eerr" "$tmp/err" || bad_parts="$bad_parts stderr"
    [ "$rc" = "$code" ] || bad_parts="$bad_parts exit($rc, expected $code)"
    [ "$rc" -lt 128 ] || bad_parts="$bad_parts crash"
    if [ -z "$bad_parts" ]; then
        echo "ok $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name:$bad_parts"
        diff -u "$tmp/eout" "$tmp/out" | sed -n '3,20p'
        diff -u "$tmp/eerr" "$tmp/err" | sed -n '3,20p'
        failed=$((failed + 1))
    fi
}

. "$(dirname "$0")/catalogue"

[ -n "${REGEN:-}" ] && exit 0

# Output that cannot be written: a full disk (/dev/full) and a closed pipe
# give exit 4 and a message, for every command, never a crash.
D=tests/cli/data
C9=$D/classic.txt
out_error() {
    name=$1 expect=$2
    shift 2
    "$T" "$@" >/dev/full 2>"$tmp/err" </dev/null
    rc=$?
    if [ $rc = 4 ] && [ "$(tail -n 1 "$tmp/err")" = "sudokit: error: write error: $expect" ]; then
        echo "ok $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name: exit $rc"
        sed -n 1,5p "$tmp/err"
        failed=$((failed + 1))
    fi
}
if [ -w /dev/full ]; then
    full="No space left on device"
    out_error full-solve "$full" solve $C9
    out_error full-solve-j2 "$full" solve -j 2 $C9 $C9
    out_error full-solve-json "$full" solve --json $D/batch.txt
    out_error full-count "$full" count $C9
    out_error full-enumerate "$full" enumerate --limit 3 $C9
    out_error full-check "$full" check $D/check.txt
    out_error full-cnf "$full" cnf $C9
    out_error full-judge "$full" judge leetcode37 $C9
    out_error full-engines "$full" engines --json
    out_error full-help "$full" help solve
    out_error full-version "$full" --version
fi
# enumerate of an empty grid writes forever: a closed pipe must stop it,
# quietly, as it stops the usual tools (killed by SIGPIPE: status 141)
pipe_error() {
    name=$1
    shift
    { "$T" "$@" 2>"$tmp/err"; echo $? >"$tmp/rc"; } | head -c 10 >/dev/null
    rc=$(cat "$tmp/rc")
    if [ "$rc" = 141 ] && [ ! -s "$tmp/err" ]; then
        echo "ok $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name: exit $rc"
        sed -n 1,5p "$tmp/err"
        failed=$((failed + 1))
    fi
}
printf '%081d\n' 0 >"$tmp/empty9.txt"
# many.txt: far more output than a pipe holds (64 KB), so that the writer
# always meets the closed pipe
awk '{ for (i = 0; i < 30000; i++) print }' $C9 >"$tmp/many.txt"
pipe_error pipe-enumerate enumerate "$tmp/empty9.txt"
pipe_error pipe-enumerate-json enumerate --json "$tmp/empty9.txt"
pipe_error pipe-solve-j2 solve -j 2 "$tmp/many.txt"
pipe_error pipe-check check "$tmp/many.txt"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
