#!/bin/sh
# tests/deps.sh - installs the tools some test layers use, when missing.
#
# The tests need only a C compiler and make.  Two layers are stronger with
# outside tools: the examples are built through pkg-config (they fall back
# to reading the .pc file without it), the SAT cross-check needs
# CaDiCaL or MiniSat, and the best-score cross-check CBC (coinor-cbc).
# On Debian, as root, this installs them from the
# package archive; otherwise it says what is missing and the layers that
# need them report it.  Set SUDOKIT_NO_INSTALL=1 to never install.
# The streaming layer needs /usr/bin/time; the Python layer needs cffi and
# pytest for some python3 on the machine (Debian's python3-cffi and
# python3-pytest, seen by /usr/bin/python3); with the argument "robustness"
# (.ci/run) valgrind, clang and libFuzzer are installed too, emscripten for
# the JavaScript package and Chromium for the web page.

missing=
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
if ! command -v cadical >/dev/null 2>&1 && ! command -v minisat >/dev/null 2>&1; then
    missing="$missing cadical"
fi
command -v cbc >/dev/null 2>&1 || missing="$missing coinor-cbc"
# the streaming layer measures peak memory with /usr/bin/time
[ -x /usr/bin/time ] || missing="$missing time"
# the Python package's tests (tests/python.sh): one python3 (the one on
# PATH or Debian's own) that imports both cffi and pytest
py_ok=
for py in python3 /usr/bin/python3; do
    "$py" -c 'import cffi, pytest' >/dev/null 2>&1 && py_ok=1 && break
done
[ -n "$py_ok" ] || missing="$missing python3-cffi python3-pytest"
# `tests/deps.sh robustness` (.ci/run): valgrind for the command-line tests,
# clang and its libFuzzer runtime for `make fuzz`
if [ "${1:-}" = robustness ]; then
    command -v valgrind >/dev/null 2>&1 || missing="$missing valgrind"
    # the JavaScript package's layer (tests/web.sh) builds with emscripten
    command -v emcc >/dev/null 2>&1 || missing="$missing emscripten"
    # and the page's layer (tests/browser.sh) drives Chromium with
    # puppeteer-core, which npm fetches from its registry
    command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
    command -v npm >/dev/null 2>&1 || missing="$missing npm"
    if ! printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' |
        clang -x c -fsanitize=fuzzer -o /dev/null - >/dev/null 2>&1; then
        missing="$missing clang libclang-rt-14-dev"
    fi
fi
[ -n "$missing" ] || exit 0

if [ -z "${SUDOKIT_NO_INSTALL:-}" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "tests: installing$missing from the Debian archive"
    if { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing; } >/dev/null 2>&1; then
        exit 0
    fi
    echo "tests: could not install$missing" >&2
else
    echo "tests: not installed:$missing (apt-get install$missing)" >&2
fi
exit 0
