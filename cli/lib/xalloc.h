/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_XALLOC_H
#define DISKALIAS_XALLOC_H

/*
 * Allocation that cannot fail: out of memory, the tool says so and exits
 * 1 (as util-linux's xalloc.h).  Nothing it could do after is worth more.
 */

#include <err.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XALLOC_EXIT 1

static inline void __attribute__((noreturn)) xalloc_failed(void)
{
	err(XALLOC_EXIT, "cannot allocate memory");
}

static inline void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		xalloc_failed();
	return p;
}

/* n zeroed elements (at least one, so that NULL never means empty) */
static inline void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		xalloc_failed();
	return p;
}

static inline void *xreallocarray(void *p, size_t n, size_t size)
{
	p = reallocarray(p, n ? n : 1, size ? size : 1);
	if (!p)
		xalloc_failed();
	return p;
}

static inline char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		xalloc_failed();
	return p;
}

static inline char *xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (!p)
		xalloc_failed();
	return p;
}

static inline char * __attribute__((format(printf, 1, 0)))
xvasprintf(const char *fmt, va_list ap)
{
	char *p;

	if (vasprintf(&p, fmt, ap) < 0)
		xalloc_failed();
	return p;
}

static inline char * __attribute__((format(printf, 1, 2)))
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

/* Make room for one more element in *p of *cap; first size first. */
#define XGROW(p, n, cap, first) do {					\
	if ((n) == (cap)) {						\
		(cap) = (cap) ? (cap) * 2 : (first);			\
		(p) = xreallocarray((p), (cap), sizeof(*(p)));		\
	}								\
} while (0)

#endif
