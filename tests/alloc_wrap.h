/*
 * alloc_wrap.h - a test allocator for allocation-failure tests.
 *
 * A program that includes this header and is linked with
 *     -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free
 * sends every malloc, calloc, realloc and free of its own code and of the
 * static library through the functions below (the C library's internal
 * allocations are not affected).  They count allocation calls, make call
 * number aw_fail_at fail (or, with aw_persist, every call from that one
 * on), and count the blocks still allocated, so that a test can see a
 * leak without any other tool.  Wrapping needs no change to the library's
 * API or code: the library keeps calling malloc() and friends directly.
 * Counters are atomic: worker threads allocate too.
 */
#ifndef SK_ALLOC_WRAP_H
#define SK_ALLOC_WRAP_H

#include <stdatomic.h>
#include <stddef.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *p, size_t size);
void __wrap_free(void *p);

static atomic_long aw_calls;   /* allocation calls so far */
static atomic_long aw_fail_at; /* call number that fails; 0 = none */
static atomic_int aw_persist;  /* fail every call from aw_fail_at on */
static atomic_long aw_failed;  /* failures injected so far */
static atomic_long aw_live;    /* blocks allocated and not yet freed */

/* Starts a new run: counters to zero, call fail_at fails (0: none). */
static inline void aw_reset(long fail_at, int persist)
{
    atomic_store(&aw_calls, 0);
    atomic_store(&aw_failed, 0);
    atomic_store(&aw_persist, persist);
    atomic_store(&aw_fail_at, fail_at);
}

static inline int aw_fail_now(void)
{
    long k = atomic_fetch_add(&aw_calls, 1) + 1, at = atomic_load(&aw_fail_at);
    if (at > 0 && (k == at || (k > at && atomic_load(&aw_persist)))) {
        atomic_fetch_add(&aw_failed, 1);
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t size)
{
    void *p;
    if (aw_fail_now())
        return NULL;
    p = __real_malloc(size);
    if (p)
        atomic_fetch_add(&aw_live, 1);
    return p;
}

void *__wrap_calloc(size_t count, size_t size)
{
    void *p;
    if (aw_fail_now())
        return NULL;
    p = __real_calloc(count, size);
    if (p)
        atomic_fetch_add(&aw_live, 1);
    return p;
}

void *__wrap_realloc(void *old, size_t size)
{
    void *p;
    if (aw_fail_now())
        return NULL;
    p = __real_realloc(old, size);
    if (p && !old)
        atomic_fetch_add(&aw_live, 1);
    return p;
}

void __wrap_free(void *p)
{
    if (p)
        atomic_fetch_sub(&aw_live, 1);
    __real_free(p);
}

#endif
