/*
 * rng.h - the random numbers of the generator (generate.c, rulegen.c):
 * splitmix64, so that a seed gives the same puzzles on every platform.
 */
#ifndef SK_RNG_H
#define SK_RNG_H

#include <stdint.h>

/* splitmix64: small state, good enough mixing for shuffles and draws, and
 * the same sequence on every platform. */
static inline uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in 0..n-1 (n >= 1), without modulo bias. */
static inline uint32_t rng_below(uint64_t *s, uint32_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = rng_next(s);
    while (x >= limit);
    return (uint32_t)(x % n);
}

static inline void shuffle_ints(uint64_t *s, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(s, (uint32_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* A random digit of mask (non-empty). */
static inline int random_digit(uint64_t *s, uint64_t mask)
{
    int k = (int)rng_below(s, (uint32_t)__builtin_popcountll(mask));
    while (k--)
        mask &= mask - 1;
    return __builtin_ctzll(mask) + 1;
}

#endif
