/*
 * test_9x9_generic.c - every test of test_9x9.c again, with the 9x9 engine
 * compiled as for a processor without SSE2: the lanes of a digit's band
 * vector that changed are then found one by one (SKX_9X9_GENERIC) rather
 * than by movemask.
 */
#define SKX_9X9_GENERIC 1
#include "test_9x9.c"
