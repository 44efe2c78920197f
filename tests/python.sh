#!/bin/sh
# tests/python.sh - the Python package's tests: python/tests under pytest,
# with the package of python/ and the shared library of the build.
#
#   sh tests/python.sh [BUILD_DIR]     (run from the repository root;
#                                       default $B, else build)
#
# Needs one python3 that imports cffi and pytest: the one on PATH or
# Debian's /usr/bin/python3 (tests/deps.sh installs python3-cffi and
# python3-pytest).  Without one, or under the sanitizers (an ASan library
# cannot be loaded into an interpreter that is not built with it), the
# layer says why it is skipped and ends with "0 passed, 0 failed".
# Otherwise it prints "ok TEST" or "FAIL TEST" per test (pytest's report
# of a failure follows), and ends with "N passed, N failed".

B=${1:-${B:-build}}
case $B in /*) ;; *) B=$(pwd)/$B ;; esac

if [ "${SAN:-}" = 1 ]; then
    echo "python: skipped under the sanitizers (the ASan library needs an ASan interpreter)"
    echo "0 passed, 0 failed"
    exit 0
fi
PY=
for py in python3 /usr/bin/python3; do
    if "$py" -c 'import cffi, pytest' >/dev/null 2>&1; then
        PY=$py
        break
    fi
done
if [ -z "$PY" ]; then
    echo "python: skipped: python3-cffi not installed (or python3-pytest): apt-get install python3-cffi python3-pytest"
    echo "0 passed, 0 failed"
    exit 0
fi
if [ ! -e "$B/libsudokit.so" ]; then
    echo "FAIL no library at $B/libsudokit.so (make lib)"
    echo "0 passed, 1 failed"
    exit 1
fi

log=$(mktemp "${TMPDIR:-/tmp}/sudokit-python.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT INT TERM
SUDOKIT_LIB=$B/libsudokit.so SUDOKIT_TOOL=$B/sudokit PYTHONDONTWRITEBYTECODE=1 \
    PYTHONPATH=$(pwd)/python${PYTHONPATH:+:$PYTHONPATH} \
    "$PY" -m pytest -p no:cacheprovider -v -rs python/tests >"$log" 2>&1
rc=$?
# "python/tests/test_x.py::test_y[z] PASSED   [ 10%]" -> "ok test_x.py::test_y[z]"
sed -n -E 's#^python/tests/([^ ]+) PASSED.*#ok \1#p; s#^python/tests/([^ ]+) (FAILED|ERROR).*#FAIL \1#p' "$log"
passed=$(grep -c -E '^python/tests/[^ ]+ PASSED' "$log")
failed=$(grep -c -E '^python/tests/[^ ]+ (FAILED|ERROR)' "$log")
# pytest's own account of failures, errors and skips
if [ "$failed" -gt 0 ] || [ "$rc" -ne 0 ]; then
    sed -n '/^=* FAILURES =*$/,$p; /^=* ERRORS =*$/,$p' "$log"
fi
grep -E '^SKIPPED' "$log"
# an exit status without a failed test (a collection error): one failure
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
    tail -n 20 "$log"
    failed=1
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
