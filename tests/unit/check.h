/*
 * check.h - the unit-test harness: a test is a function, a check is a
 * condition that must hold.  A test passes when none of its checks fail.
 * Each test program ends with the line "N passed, N failed" counted in
 * tests, which tests/run.sh adds up.
 *
 *   static void test_rows(void) { CHECK(x == 1); CHECK_EQ_INT(a, b); }
 *   int main(void) { RUN(test_rows); return check_summary(); }
 */
#ifndef SK_CHECK_H
#define SK_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_tests_passed_, check_tests_failed_, check_current_failed_;
static const char *check_current_name_;

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (!(cond)) {                                                     \
            check_current_failed_++;                                       \
            fprintf(stderr, "%s:%d: %s: check failed: %s\n", __FILE__,     \
                    __LINE__, check_current_name_, #cond);                 \
        }                                                                  \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                 \
    do {                                                                   \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);    \
        if (check_a_ != check_b_) {                                        \
            check_current_failed_++;                                       \
            fprintf(stderr, "%s:%d: %s: %s == %lld, expected %s == %lld\n", \
                    __FILE__, __LINE__, check_current_name_, #a, check_a_, \
                    #b, check_b_);                                         \
        }                                                                  \
    } while (0)

#define CHECK_EQ_STR(a, b)                                                 \
    do {                                                                   \
        const char *check_a_ = (a), *check_b_ = (b);                       \
        if (!check_a_ || !check_b_ || strcmp(check_a_, check_b_) != 0) {   \
            check_current_failed_++;                                       \
            fprintf(stderr, "%s:%d: %s: %s is \"%s\", expected \"%s\"\n",  \
                    __FILE__, __LINE__, check_current_name_, #a,           \
                    check_a_ ? check_a_ : "(null)",                        \
                    check_b_ ? check_b_ : "(null)");                       \
        }                                                                  \
    } while (0)

#define RUN(fn)                                                            \
    do {                                                                   \
        check_current_name_ = #fn;                                         \
        check_current_failed_ = 0;                                         \
        fn();                                                              \
        if (check_current_failed_) {                                       \
            check_tests_failed_++;                                         \
            printf("FAIL %s\n", #fn);                                      \
        } else {                                                           \
            check_tests_passed_++;                                         \
            printf("ok   %s\n", #fn);                                      \
        }                                                                  \
    } while (0)

static inline int check_summary(void)
{
    printf("%d passed, %d failed\n", check_tests_passed_, check_tests_failed_);
    return check_tests_failed_ ? 1 : 0;
}

#endif
