/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_SPAN_H
#define DISKALIAS_SPAN_H

/*
 * A span of bytes (a pointer and a length, no NUL at its end), as the
 * parsers cut them from a record, held against a C string.
 */

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* s[0..len) is lit, whole (s NULL: a span that is absent, not lit). */
static inline bool span_is(const char *s, size_t len, const char *lit)
{
	return s && len == strlen(lit) && memcmp(s, lit, len) == 0;
}

/* s[0..len) starts with p[0..plen). */
static inline bool span_starts(const char *s, size_t len, const char *p,
			       size_t plen)
{
	return len >= plen && memcmp(s, p, plen) == 0;
}

/* ... with the string literal lit. */
#define SPAN_STARTS(s, len, lit) span_starts(s, len, lit, sizeof(lit) - 1)

#endif
