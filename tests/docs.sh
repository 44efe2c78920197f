#!/bin/sh
# tests/docs.sh TOOL - the documentation names everything the tool has.
#
#   sh tests/docs.sh build/sudokit
#
# The lists come from the tool itself (`sudokit help --list`, written from
# the same tables the parser runs on), never from this script, so a new
# command, option, value, exit code, judge problem or engine is checked as
# soon as it exists.  For each of them:
#
#   README.md   a command has a row in a table whose first cell starts with
#               `NAME`; an option a row whose first cell holds `--LONG`
#               (and `-S` for its short name); a value of an option is in
#               `backticks` on that option's row; an exit code has its row;
#               a judge problem, an engine or a technique starts a list
#               item (- `NAME`), a paragraph (**NAME**) or a table row;
#   man page    `sudokit help --man`: a command has its line in SYNOPSIS and
#               its subsection under COMMANDS, which lists its options and
#               entries; an option has its entry under OPTIONS, with its
#               values; an exit code its entry under EXIT STATUS;
#   --help      `sudokit --help` lists every command and exit code;
#               `sudokit COMMAND --help` every option of COMMAND, the values
#               of each, and the command's entries (judge: the problems).
#
# The man page must also be valid roff (`groff -man -ww -z` warns about
# nothing; skipped, saying so, without groff), keep no template marker, and
# equal the page the build wrote (TOOL's directory/sudokit.1) when there is
# one.  The checks are tried on copies with one mention removed, which must
# fail, so that a check that can no longer fail is noticed.
#
# Prints "ok NAME" or "FAIL NAME: what is missing" per check and ends with
# "N passed, N failed"; exits non-zero when a check failed.

T=${1:?usage: tests/docs.sh TOOL}
cd "$(dirname "$0")/.." || exit 2
README=README.md
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-docs.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
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
# check NAME WHAT COMMAND...: passes when COMMAND succeeds, else says that
# WHAT is missing.
check() {
    name=$1 what=$2
    shift 2
    if "$@"; then pass "$name"; else fail "$name" "$what"; fi
}
# broken NAME COMMAND...: a check on a broken copy, which must fail.
broken() {
    name=$1
    shift
    if "$@"; then fail "$name" "the check passes on a copy without the mention"; else pass "$name"; fi
}

if ! "$T" help --list >"$tmp/list" 2>"$tmp/list.err" || [ -s "$tmp/list.err" ]; then
    fail help-list "sudokit help --list failed"
    cat "$tmp/list.err"
    echo "$passed passed, $failed failed"
    exit 1
fi
list() { sed -n "s/^$1 //p" "$tmp/list"; }
commands=$(list command)
check list-commands "no command in 'help --list'" test -n "$commands"
check list-options "no option in 'help --list'" grep -q '^option ' "$tmp/list"
check list-exit "no exit code in 'help --list'" grep -q '^exit ' "$tmp/list"

# ---------------------------------------------------------------- README
# The first cell of every table row, '\|' kept as it is.
cells() {
    awk '/^\|/ {
        s = substr($0, 2); cell = ""
        while (s != "") {
            c = substr(s, 1, 1)
            if (c == "\\") { cell = cell substr(s, 1, 2); s = substr(s, 3); continue }
            if (c == "|") break
            cell = cell c; s = substr(s, 2)
        }
        sub(/^ +/, "", cell); sub(/ +$/, "", cell)
        print cell
    }' "$1"
}
# readme_command FILE NAME: a row's first cell starts with `NAME` or `NAME ...`.
readme_command() {
    cells "$1" | awk -v n="$2" 'index($0, "`" n "`") == 1 || index($0, "`" n " ") == 1 {f = 1} END {exit !f}'
}
# readme_option FILE TOKEN: a row's first cell holds `TOKEN`, `TOKEN ARG` or `TOKEN=`.
readme_option() {
    cells "$1" | awk -v t="$2" 'index($0, "`" t "`") || index($0, "`" t " ") || index($0, "`" t "=") {f = 1}
        END {exit !f}'
}
# readme_value FILE LONG VALUE: the row of --LONG holds `VALUE`.
readme_value() {
    awk -v t="--$2" -v v="$3" '/^\|/ && (index($0, "`" t "`") || index($0, "`" t " ")) &&
        index($0, "`" v "`") {f = 1} END {exit !f}' "$1"
}
# readme_exit FILE CODE: a row's first cell is CODE.
readme_exit() {
    cells "$1" | awk -v c="$2" '$0 == c {f = 1} END {exit !f}'
}
# readme_entry FILE NAME: "- `NAME`", "**NAME**" or a row starting `NAME`.
readme_entry() {
    awk -v n="$2" 'index($0, "- `" n "`") == 1 || index($0, "**" n "**") == 1 {f = 1}
        END {exit !f}' "$1" || readme_command "$1" "$2"
}

for c in $commands; do
    check "readme-command-$c" "no row for '$c' in a table of $README" readme_command $README "$c"
done
list option | while read -r cmd long short; do
    echo "$long${short:+ $short}"
done | sort -u >"$tmp/options"
while read -r long short; do
    check "readme-option$long" "no row for '$long' in the options table of $README" \
        readme_option $README "$long"
    if [ -n "$short" ]; then
        check "readme-option$short" "no '$short' on the row of '$long' in $README" \
            readme_option $README "$short"
    fi
done <"$tmp/options"
list value | while read -r long value; do
    echo "${long#--} $value"
done >"$tmp/values"
while read -r long value; do
    check "readme-value--$long-$value" "no \`$value\` on the row of '--$long' in $README" \
        readme_value $README "$long" "$value"
done <"$tmp/values"
for e in $(list exit); do
    check "readme-exit-$e" "no row for exit status $e in $README" readme_exit $README "$e"
done
list entry >"$tmp/entries"
while read -r cmd name; do
    check "readme-$cmd-$name" "'$name' ($cmd) starts no list item, paragraph or row of $README" \
        readme_entry $README "$name"
done <"$tmp/entries"

# -------------------------------------------------------------- man page
man=$tmp/sudokit.1
if ! "$T" help --man >"$man" 2>"$tmp/man.err" || [ -s "$tmp/man.err" ]; then
    fail man-page "sudokit help --man failed"
    cat "$tmp/man.err"
fi
# section FILE TITLE: the lines of section .SH TITLE.
section() {
    awk -v t="$2" 'on && /^\.SH / {exit} on {print} $0 == ".SH " t || $0 == ".SH \"" t "\"" {on = 1}' "$1"
}
# subsection FILE NAME: the lines of the subsection of command NAME.
subsection() {
    section "$1" COMMANDS | awk -v n="$2" 'on && /^\.SS / {exit} on {print}
        $0 == ".SS \"" n "\"" || index($0, ".SS \"" n " ") == 1 {on = 1}'
}
# roff NAME: NAME with '-' escaped as in the page.
roff() { printf '%s' "$1" | sed 's/-/\\-/g'; }
# has TEXT: standard input holds TEXT.
has() { grep -F -e "$1" >/dev/null; }
# man_option FILE LONG: the OPTIONS entry of --LONG (tag line to next entry).
# (awk reads roff text through ENVIRON: -v would take its '\f' for an escape.)
man_option() {
    section "$1" OPTIONS | t="\\fB$(roff "--$2")\\fR" awk 'on && /^\.(TP|SS|PP)/ {exit}
        on {print} tp && index($0, ENVIRON["t"]) {on = 1; print} {tp = ($0 == ".TP")}'
}
man_command() {
    section "$1" SYNOPSIS | has "\\fBsudokit $2\\fR" && subsection "$1" "$2" | has "Options:"
}
man_command_option() { subsection "$1" "$2" | has "\\fB$(roff "$3")\\fR"; }
man_value() { man_option "$1" "$2" | has "$3"; }
man_exit() { section "$1" "EXIT STATUS" | grep -q -x -F -e ".B $2"; }
man_entry() {
    subsection "$1" "$2" | t="\\fB$(roff "$3")\\fR" awk 'tp && $0 == ENVIRON["t"] {f = 1}
        {tp = ($0 == ".TP")} END {exit !f}'
}

for c in $commands; do
    check "man-command-$c" "no SYNOPSIS line or COMMANDS subsection for '$c'" man_command "$man" "$c"
done
list option | while read -r cmd long short; do
    echo "$cmd $long"
    [ -z "$short" ] || echo "$cmd $short"
done >"$tmp/command-options"
while read -r cmd opt; do
    check "man-$cmd$opt" "'$opt' is not among the options of '$cmd' in its subsection" \
        man_command_option "$man" "$cmd" "$opt"
done <"$tmp/command-options"
while read -r long short; do
    m=$(man_option "$man" "${long#--}")
    check "man-option$long" "no entry for '$long' under OPTIONS" test -n "$m"
    if [ -n "$short" ]; then
        check "man-option$short" "no '$short' in the entry of '$long' under OPTIONS" \
            sh -c 'printf "%s\n" "$1" | grep -q -F -e "$2"' sh "$m" "\\fB$(roff "$short")\\fR"
    fi
done <"$tmp/options"
while read -r long value; do
    check "man-value--$long-$value" "'$value' is not in the entry of '--$long' under OPTIONS" \
        man_value "$man" "$long" "$value"
done <"$tmp/values"
for e in $(list exit); do
    check "man-exit-$e" "no entry for $e under EXIT STATUS" man_exit "$man" "$e"
done
while read -r cmd name; do
    check "man-$cmd-$name" "'$name' is not listed in the subsection of '$cmd'" \
        man_entry "$man" "$cmd" "$name"
done <"$tmp/entries"

check man-markers "a template marker (@NAME@) is left in the page" \
    sh -c '! grep -n "@[A-Z_]*@" "$1"' sh "$man"
if command -v groff >/dev/null 2>&1; then
    groff -man -ww -z "$man" >"$tmp/groff" 2>&1
    rc=$?
    check man-roff "groff -man -ww -z: exit $rc: $(head -n 3 "$tmp/groff")" \
        sh -c '[ "$1" -eq 0 ] && [ ! -s "$2" ]' sh "$rc" "$tmp/groff"
else
    pass "man-roff (not checked: groff is not installed)"
fi
built=$(dirname "$T")/sudokit.1
if [ -f "$built" ]; then
    check man-built "$built differs from 'sudokit help --man': run make" cmp -s "$built" "$man"
fi

# ----------------------------------------------------------------- help
"$T" --help >"$tmp/help" 2>&1
# help_has FILE REGEX: FILE has a line matching the extended REGEX.
help_has() { grep -q -E -e "$2" "$1"; }
for c in $commands; do
    check "help-command-$c" "'sudokit --help' does not list '$c'" help_has "$tmp/help" "^  $c( |\$)"
    "$T" "$c" --help >"$tmp/help-$c" 2>&1
done
while read -r cmd opt; do
    case $opt in
    --*) re="^ +(-[A-Za-z0-9], )?$opt( |\$)" ;;
    *) re="^ +$opt, --" ;;
    esac
    check "help-$cmd$opt" "'sudokit $cmd --help' does not list '$opt'" help_has "$tmp/help-$cmd" "$re"
done <"$tmp/command-options"
# help_value FILE LONG VALUE: the help of --LONG in FILE names VALUE.
help_value() {
    awk -v t="--$2" -v v="$3" '
        on && !/^                        / {on = 0}
        /^ +(-[A-Za-z0-9], )?--/ {on = 0; for (i = 1; i <= NF; i++) if ($i == t) on = 1}
        on && index($0, v) {f = 1}
        END {exit !f}' "$1"
}
while read -r long value; do
    cmd=$(awk -v t="--$long" '$3 == t {print $2; exit}' "$tmp/list")
    check "help-value--$long-$value" "'sudokit $cmd --help' does not name '$value' for '--$long'" \
        help_value "$tmp/help-$cmd" "$long" "$value"
done <"$tmp/values"
for e in $(list exit); do
    check "help-exit-$e" "'sudokit --help' does not list exit status $e" help_has "$tmp/help" "^ *$e  "
done
while read -r cmd name; do
    check "help-$cmd-$name" "'sudokit $cmd --help' does not list '$name'" \
        help_has "$tmp/help-$cmd" "^  $name  "
done <"$tmp/entries"

# ------------------------------------------------- the checks can fail
# One mention removed from a copy of each source: the check must notice.
first_command=$(echo "$commands" | head -n 1)
sed "/^| \`$first_command[ \`]/d" $README >"$tmp/README.no-command"
broken "broken-readme-command-$first_command" readme_command "$tmp/README.no-command" "$first_command"
grep -v -F -e '`--timeout' $README >"$tmp/README.no-option"
broken broken-readme-option--timeout readme_option "$tmp/README.no-option" --timeout
sed 's/`pretty`/pretty/g' $README >"$tmp/README.no-value"
broken broken-readme-value--output-pretty readme_value "$tmp/README.no-value" output pretty
grep -v '^| 3 |' $README >"$tmp/README.no-exit"
broken broken-readme-exit-3 readme_exit "$tmp/README.no-exit" 3
sed -e 's/^- `noip2009`/- noip2009/' -e 's/^| `noip2009`/| noip2009/' $README >"$tmp/README.no-entry"
broken broken-readme-judge-noip2009 readme_entry "$tmp/README.no-entry" noip2009
grep -v -F -e '\fB\-\-minimize\fR' "$man" >"$tmp/man.no-option"
broken broken-man-best--minimize man_command_option "$tmp/man.no-option" best --minimize
sed '/^\.B 4$/d' "$man" >"$tmp/man.no-exit"
broken broken-man-exit-4 man_exit "$tmp/man.no-exit" 4
sed '/^\\fBnoip2009\\fR$/d' "$man" >"$tmp/man.no-entry"
broken broken-man-judge-noip2009 man_entry "$tmp/man.no-entry" judge noip2009
grep -v -e '--weights' "$tmp/help-best" >"$tmp/help.no-option"
broken broken-help-best--weights help_has "$tmp/help.no-option" '^ +(-[A-Za-z0-9], )?--weights( |$)'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
