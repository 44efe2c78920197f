#!/bin/sh
# tests/examples.sh B - install sudokit, build the examples against the
# installed copy and check what they print.
#
#   sh tests/examples.sh build        (run from anywhere; B is the build
#   sh tests/examples.sh build-san     directory of the Makefile, as in
#                                      `make test` / `make SAN=1 test`)
#
# Steps:
#   1. make install PREFIX=/usr/local DESTDIR=$tmp B=$B  (SAN=1 for a
#      sanitizer build directory, so nothing gets rebuilt without it);
#   2. find the flags with pkg-config through the installed sudokit.pc,
#      with PKG_CONFIG_LIBDIR=$tmp/usr/local/lib/pkgconfig and
#      PKG_CONFIG_SYSROOT_DIR=$tmp (the .pc file names /usr/local/..., the
#      sysroot moves its -I and -L paths into $tmp).  Without pkg-config
#      (a bare Debian with only gcc and make) the same flags are read from
#      the .pc file with sed;
#   3. make -C examples: solve_line links the shared library and runs with
#      LD_LIBRARY_PATH, the other examples link the static library;
#   4. run each example and compare its output with examples/expected/;
#   5. the ways the README gives: solve_line built with an rpath
#      (LDFLAGS=-Wl,-rpath,PREFIX/lib) runs without LD_LIBRARY_PATH, and
#      make -C examples with no sudokit to be found says to install first.
#
# Prints "ok NAME" or "FAIL NAME" per check, ends with "N passed, N failed"
# and exits non-zero when a check failed.

B=${1:?usage: tests/examples.sh BUILD_DIR}
cd "$(dirname "$0")/.." || exit 2
CC=${CC:-cc}
MAKE=${MAKE:-make}
PKG_CONFIG=${PKG_CONFIG:-pkg-config} # PKG_CONFIG=none tests the fallback

# A sanitizer build: the library objects need the sanitizer runtime, so
# the examples are compiled and linked with the same -fsanitize flags.
case "$SAN:$B" in
1:* | *:*san*) san=1 ;;
*) san= ;;
esac
if [ -n "$san" ]; then
    EXCFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
    EXLDFLAGS="-fsanitize=address,undefined"
else
    EXCFLAGS="-O2 -g"
    EXLDFLAGS=
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-examples.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
root=$tmp/root        # DESTDIR
prefix=$root/usr/local
bin=$tmp/bin          # the example programs
mkdir -p "$bin"
passed=0
failed=0

pass() {
    echo "ok $1"
    passed=$((passed + 1))
}
fail() {
    echo "FAIL $1${2:+: $2}"
    failed=$((failed + 1))
}
# check NAME COMMAND...: passes when COMMAND succeeds.
check() {
    name=$1
    shift
    if "$@"; then pass "$name"; else fail "$name"; fi
}
# same NAME EXPECTED ACTUAL: compares two files, shows a diff when they differ.
same() {
    if cmp -s "$2" "$3"; then
        pass "$1"
    else
        fail "$1" "output differs from $2"
        diff -u "$2" "$3" | sed -n '1,30p'
    fi
}
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}

# Nested makes must not inherit the settings (jobserver, variables) of a
# `make test` that runs this script.
submake() {
    (unset MAKEFLAGS MFLAGS MAKELEVEL; "$MAKE" "$@")
}

# ---------------------------------------------------------------- install
# $B/sudokit.pc is only remade when sudokit.pc.in changes, not when PREFIX
# does: drop it so that it is written again for PREFIX=/usr/local.
rm -f "$B/sudokit.pc"
if submake install PREFIX=/usr/local DESTDIR="$root" B="$B" SAN="$san" \
    >"$tmp/install.log" 2>&1; then
    pass install
else
    fail install "make install failed"
    sed -n '1,40p' "$tmp/install.log"
    finish
fi
missing=
for f in include/sudokit.h lib/libsudokit.a lib/libsudokit.so lib/libsudokit.so.0 \
    lib/pkgconfig/sudokit.pc bin/sudokit share/man/man1/sudokit.1; do
    [ -e "$prefix/$f" ] || missing="$missing $f"
done
if [ -z "$missing" ]; then pass installed-files; else fail installed-files "missing:$missing"; fi
check installed-tool-runs sh -c '"$1" --version | grep -q "^sudokit "' sh "$prefix/bin/sudokit"

# ---------------------------------------------------------- compile flags
pc=$prefix/lib/pkgconfig/sudokit.pc

# pc_field NAME: the field NAME of sudokit.pc with its ${variables}
# expanded, read with sed alone -- the fallback for machines without
# pkg-config.  The .pc file holds absolute paths (/usr/local/...), so -I/
# and -L/ are moved into the DESTDIR like PKG_CONFIG_SYSROOT_DIR does.
pc_field() {
    value=$(sed -n "s/^$1:[[:space:]]*//p" "$pc")
    for _ in 1 2 3; do # variables may refer to variables
        for var in $(sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/\1/p' "$pc"); do
            def=$(sed -n "s/^$var=//p" "$pc")
            value=$(printf '%s\n' "$value" | sed "s|\${$var}|$def|g")
        done
    done
    printf '%s\n' "$value" | sed -e "s|-I/|-I$root/|g" -e "s|-L/|-L$root/|g"
}
sed_cflags=$(pc_field Cflags)
sed_libs=$(pc_field Libs)
sed_static="$sed_libs $(pc_field Libs.private)"

PKG_CONFIG_LIBDIR=$prefix/lib/pkgconfig
PKG_CONFIG_SYSROOT_DIR=$root
export PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR
unset PKG_CONFIG_PATH
if command -v "$PKG_CONFIG" >/dev/null 2>&1; then
    # The Makefile asks pkg-config itself; also check that the sed fallback
    # finds the very same flags, so it is known to work where it is needed.
    have_pc=1
    pc_flags="$("$PKG_CONFIG" --cflags sudokit) | $("$PKG_CONFIG" --libs sudokit) | $("$PKG_CONFIG" --libs --static sudokit)"
    # shellcheck disable=SC2086 # word splitting normalises white space
    pc_flags=$(echo $pc_flags)
    # shellcheck disable=SC2086
    fb_flags=$(echo $sed_cflags "|" $sed_libs "|" $sed_static)
    if [ "$pc_flags" = "$fb_flags" ]; then
        pass pkg-config-flags
    else
        fail pkg-config-flags "pkg-config: '$pc_flags', sed fallback: '$fb_flags'"
    fi
else
    have_pc=
    echo "# $PKG_CONFIG not found: flags read from sudokit.pc with sed"
fi

# ------------------------------------------------------------------ build
if [ -n "$have_pc" ]; then
    set -- PKG_CONFIG="$PKG_CONFIG" # the examples Makefile runs it
else
    set -- SK_CFLAGS="$sed_cflags" SK_LIBS="$sed_libs" SK_STATIC_LIBS="$sed_static"
fi
if submake -C examples OUT="$bin" CC="$CC" CFLAGS="$EXCFLAGS -Werror" \
    LDFLAGS="$EXLDFLAGS" "$@" >"$tmp/build.log" 2>&1; then
    pass build-examples
else
    fail build-examples "make -C examples failed"
    sed -n '1,40p' "$tmp/build.log"
    finish
fi

# The shared example must load the installed libsudokit.so, the static
# ones must not need it.  Asked of the glibc loader (LD_TRACE_LOADED_OBJECTS);
# with another loader that prints nothing the checks are skipped.
LD_TRACE_LOADED_OBJECTS=1 LD_LIBRARY_PATH=$prefix/lib "$bin/solve_line" >"$tmp/ldd" 2>&1 </dev/null
if [ ! -s "$tmp/ldd" ]; then
    pass "linkage (not checked: loader cannot list libraries)"
else
    check linked-shared grep -q "libsudokit.so.0 => $prefix/lib/libsudokit.so.0" "$tmp/ldd"
    for p in leetcode37 count_jigsaw threads; do
        LD_TRACE_LOADED_OBJECTS=1 LD_LIBRARY_PATH=$prefix/lib "$bin/$p" >"$tmp/ldd" 2>&1 </dev/null
        check "linked-static-$p" sh -c '! grep -q libsudokit "$1"' sh "$tmp/ldd"
    done
fi

# -------------------------------------------------------------------- run
P=examples/puzzles
E=examples/expected
{
    cat $P/classic.txt $P/none.txt $P/multiple.txt $P/jigsaw6.txt
    echo '# a line that is too short, then one with two 5s in row 1'
    echo '123'
    echo '55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
} >"$tmp/mixed.txt"

# leetcode37: the board printed must be LeetCode's sample answer.
"$bin/leetcode37" >"$tmp/out" 2>"$tmp/err"
check leetcode37-exit test $? -eq 0
same leetcode37 "$E/leetcode37.out" "$tmp/out"
if [ -f ../shared/problems/leetcode37/sample.out ]; then
    same leetcode37-official ../shared/problems/leetcode37/sample.out "$tmp/out"
fi

# count_jigsaw: 850 solutions, the callback's tallies and smallest one.
"$bin/count_jigsaw" >"$tmp/out" 2>"$tmp/err"
check count_jigsaw-exit test $? -eq 0
same count_jigsaw "$E/count_jigsaw.out" "$tmp/out"

# solve_line (shared library): unique, none, multiple, jigsaw lines, and
# two bad lines reported on stderr (exit 1).
LD_LIBRARY_PATH=$prefix/lib "$bin/solve_line" <"$tmp/mixed.txt" >"$tmp/out" 2>"$tmp/err"
check solve_line-exit test $? -eq 1
same solve_line "$E/solve_line.out" "$tmp/out"
check solve_line-messages sh -c \
    '[ $(wc -l <"$1") -eq 2 ] && grep -q "^stdin:[0-9]*:1: " "$1" && grep -q "row 1 has 5 twice" "$1"' \
    sh "$tmp/err"

# solve_line options: -x (X-Sudoku) and -b 3x4 (12x12).
LD_LIBRARY_PATH=$prefix/lib "$bin/solve_line" -x <$P/x_sudoku.txt >"$tmp/out" 2>"$tmp/err"
echo "exit $?" >>"$tmp/out"
printf '%s\n' 521894673346127589789356124163285947458769231297413856832641795675938412914572368 \
    'exit 0' >"$tmp/exp"
same solve_line-diagonals "$tmp/exp" "$tmp/out"
LD_LIBRARY_PATH=$prefix/lib "$bin/solve_line" <$P/x_sudoku.txt >"$tmp/out" 2>"$tmp/err"
echo "exit $?" >>"$tmp/out"
printf '%s\n' multiple 'exit 1' >"$tmp/exp"
same solve_line-no-diagonals "$tmp/exp" "$tmp/out"
LD_LIBRARY_PATH=$prefix/lib "$bin/solve_line" -b 3x4 <$P/rect12x12_box3x4.txt >"$tmp/out" 2>"$tmp/err"
echo "exit $?" >>"$tmp/out"
printf '%s\n' 8C7B63A491523A945C128B7661528B79A3C4296A48B1C73548B73AC52619C5132967B4A8B746C5983A2192C1763A584BA385124B796C14A8975C62B3762CB483159A5B39A1264C87 \
    'exit 0' >"$tmp/exp"
same solve_line-box "$tmp/exp" "$tmp/out"
LD_LIBRARY_PATH=$prefix/lib "$bin/solve_line" -b 3 </dev/null >/dev/null 2>&1
check solve_line-usage test $? -eq 2

# threads: every form and size the reader knows, on 4 threads; then a
# bigger batch must give the same answers on 1 and 8 threads.
for f in classic.txt none.txt multiple.txt jigsaw6.txt jigsaw9_grid.txt hex16.txt \
    poj16.txt big25.txt leetcode.json; do
    cat "$P/$f"
    echo
done >"$tmp/all.txt"
"$bin/threads" 4 <"$tmp/all.txt" >"$tmp/out" 2>"$tmp/err"
check threads-exit test $? -eq 1 # puzzles 4 and 5 are none and multiple
same threads "$E/threads.out" "$tmp/out"
for i in 1 2 3 4 5 6 7 8; do cat "$tmp/all.txt"; done >"$tmp/big.txt"
"$bin/threads" 1 <"$tmp/big.txt" >"$tmp/one" 2>&1
"$bin/threads" 8 <"$tmp/big.txt" >"$tmp/eight" 2>&1
check threads-batch sh -c '[ $(wc -l <"$1") -eq 120 ]' sh "$tmp/one"
same threads-1-vs-8 "$tmp/one" "$tmp/eight"

# ------------------------------------------------ as the README says
# An rpath instead of LD_LIBRARY_PATH.
mkdir -p "$bin/rpath"
if submake -C examples OUT="$bin/rpath" CC="$CC" CFLAGS="$EXCFLAGS -Werror" \
    LDFLAGS="$EXLDFLAGS -Wl,-rpath,$prefix/lib" "$@" "$bin/rpath/solve_line" \
    >"$tmp/build-rpath.log" 2>&1; then
    (unset LD_LIBRARY_PATH; "$bin/rpath/solve_line" <"$tmp/mixed.txt" >"$tmp/out" 2>"$tmp/err")
    check solve_line-rpath-exit test $? -eq 1
    same solve_line-rpath "$E/solve_line.out" "$tmp/out"
else
    fail build-rpath "make -C examples LDFLAGS=-Wl,-rpath,... failed"
    sed -n '1,20p' "$tmp/build-rpath.log"
fi
# Nothing installed where pkg-config looks: a message that says what to do.
if [ -n "$have_pc" ]; then
    mkdir -p "$tmp/empty"
    PKG_CONFIG_LIBDIR=$tmp/empty submake -C examples OUT="$bin/rpath" CC="$CC" \
        PKG_CONFIG="$PKG_CONFIG" >"$tmp/none.log" 2>&1
    rc=$?
    check not-installed-message sh -c \
        '[ "$1" -ne 0 ] && grep -q "does not find sudokit: run .make install." "$2"' \
        sh "$rc" "$tmp/none.log"
fi

finish
