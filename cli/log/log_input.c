// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a reader leaves for the verb: the failure that stopped it, said
 * as err(3) or errx(3) would say it, and the input's scratch.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "log.h"

static int fail(struct log_input *in, int err, bool say_err, const char *fmt,
		va_list ap)
{
	char *what = xvasprintf(fmt, ap);

	free(in->why);
	in->why = say_err ? xasprintf("%s: %s", what, strerror(err)) : what;
	if (say_err)
		free(what);
	return -err;
}

int log_input_fail(struct log_input *in, int err, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = fail(in, err, true, fmt, ap);
	va_end(ap);
	return r;
}

int log_input_failx(struct log_input *in, int err, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = fail(in, err, false, fmt, ap);
	va_end(ap);
	return r;
}

void log_input_free(struct log_input *in)
{
	free(in->scratch);
	free(in->why);
}
