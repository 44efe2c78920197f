/*
 * alloc_tool.c - linked into a build of the sudokit tool (with the
 * -Wl,--wrap options of tests/alloc_wrap.h) for tests/alloc_cli.sh:
 *
 *   SUDOKIT_ALLOC_FAIL=N     allocation call N fails
 *   SUDOKIT_ALLOC_PERSIST=1  and so does every later one
 *   SUDOKIT_ALLOC_MARK=FILE  FILE is created when a failure was injected
 *
 * At exit, a block still allocated by the tool or the library is reported
 * on stderr and the exit status becomes 99.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "alloc_wrap.h"

static void report(void)
{
    const char *mark = getenv("SUDOKIT_ALLOC_MARK");
    long live = atomic_load(&aw_live);
    if (mark && atomic_load(&aw_failed) > 0) {
        int fd = open(mark, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0)
            close(fd);
    }
    if (live != 0) {
        fprintf(stderr, "sudokit-alloc: %ld block%s not freed\n", live, live == 1 ? "" : "s");
        fflush(stderr);
        _exit(99);
    }
}

__attribute__((constructor)) static void setup(void)
{
    const char *n = getenv("SUDOKIT_ALLOC_FAIL");
    const char *p = getenv("SUDOKIT_ALLOC_PERSIST");
    aw_reset(n ? atol(n) : 0, p && *p && *p != '0');
    atexit(report);
}
