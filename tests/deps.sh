#!/bin/sh
# tests/deps.sh - installs the tools some test layers use, when missing.
#
# The tests need only a C compiler and make.  Two layers are stronger with
# outside tools: the examples are built through pkg-config (they fall back
# to reading the .pc file without it), and the SAT cross-check needs
# CaDiCaL or MiniSat.  On Debian, as root, this installs them from the
# package archive; otherwise it says what is missing and the layers that
# need them report it.  Set SUDOKIT_NO_INSTALL=1 to never install.

missing=
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
if ! command -v cadical >/dev/null 2>&1 && ! command -v minisat >/dev/null 2>&1; then
    missing="$missing cadical"
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
