// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The checks of the C unit tests: expect() prints one TAP line ("ok N -
 * what", or "not ok N - what" and the input), check() the same without an
 * input, tap_end() the plan and the exit status (1 when a check failed).
 * Each test is one .c file that includes this once.
 */
#ifndef DISKALIAS_TESTS_TAP_H
#define DISKALIAS_TESTS_TAP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures, count;

static inline void expect(int ok, const char *what, const char *input)
{
	count++;
	if (ok) {
		printf("ok %d - %s\n", count, what);
		return;
	}
	failures++;
	printf("not ok %d - %s\n", count, what);
	if (input)
		printf("#   input: \"%s\"\n", input);
}

static inline void check(int ok, const char *what)
{
	expect(ok, what, NULL);
}

/* Whether p[0..len) is want (p NULL when want is NULL). */
static inline int span_is(const char *p, size_t len, const char *want)
{
	if (!want)
		return p == NULL;
	return p && len == strlen(want) && memcmp(p, want, len) == 0;
}

static inline int tap_end(void)
{
	printf("1..%d\n", count);
	return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
