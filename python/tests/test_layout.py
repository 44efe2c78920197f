"""The struct declarations of the package (ABI mode: written out by hand)
against the header, compiled by the C compiler: every size and offset the
package uses must be the header's."""
import os
import shutil
import subprocess
import tempfile

import pytest

from sudokit._native import ffi
from conftest import path

STRUCTS = ["sk_diag", "sk_rule", "sk_geometry", "sk_search_opts", "sk_result",
           "sk_candidates_opts", "sk_candidates_result", "sk_read_opts", "sk_puzzle",
           "sk_why", "sk_cand", "sk_node", "sk_step", "sk_rating"]


def test_layout_matches_the_header():
    cc = os.environ.get("CC") or "cc"
    if not shutil.which(cc):
        pytest.skip(f"no C compiler ({cc})")
    lines = ["#include <stddef.h>", '#include "sudokit.h"']
    for name in STRUCTS:
        t = ffi.typeof(name)
        lines.append(f"_Static_assert(sizeof({name}) == {ffi.sizeof(t)}, \"size of {name}\");")
        for field, _ in t.fields:
            lines.append(f"_Static_assert(offsetof({name}, {field}) == "
                         f"{ffi.offsetof(t, field)}, \"{name}.{field}\");")
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "layout.c")
        with open(src, "w") as f:
            f.write("\n".join(lines) + "\n")
        r = subprocess.run([cc, "-std=c11", "-I", path("include"), "-c", src, "-o",
                            os.path.join(d, "layout.o")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
