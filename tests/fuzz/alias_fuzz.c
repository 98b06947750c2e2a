// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the alias rules (cli/alias/alias_rules.c).  The input is
 * one write(2) to /sys/block/<disk>/alias.  Beside memory errors it checks
 * that alias_check() agrees with a second, deliberately naive reading of
 * the ABI document's rules (Documentation/ABI/stable/sysfs-block
 * in kernel-patch/) written here, and that alias_reason() and
 * alias_quote() stay inside any buffer size.
 *
 *   tests/run-fuzz            (builds build/fuzz, runs every target)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alias/alias_rules.h"

/* The contract's byte set, spelt out rather than computed. */
static const char allowed[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	"abcdefghijklmnopqrstuvwxyz"
	"0123456789-_";

struct ref_verdict {
	enum alias_verdict verdict;
	size_t len, pos;
};

static struct ref_verdict reference(const uint8_t *data, size_t size)
{
	struct ref_verdict r = { ALIAS_OK, size, 0 };

	if (size >= 1 && data[size - 1] == '\n')
		r.len = size - 1;
	if (r.len < 1) {
		r.verdict = ALIAS_EMPTY;
		return r;
	}
	if (r.len > 64) {
		r.verdict = ALIAS_TOO_LONG;
		return r;
	}
	for (size_t i = 0; i < r.len; i++) {
		/* memchr, not strchr: strchr would find the NUL terminator */
		if (!memchr(allowed, data[i], sizeof(allowed) - 1)) {
			r.verdict = ALIAS_BAD_BYTE;
			r.pos = i;
			return r;
		}
	}
	return r;
}

/* buf must hold a NUL within its first bufsz bytes. */
static void check_terminated(const char *buf, size_t bufsz)
{
	if (bufsz && !memchr(buf, '\0', bufsz))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct ref_verdict want = reference(data, size);
	struct alias_check got;
	char *small;
	char text[512];
	size_t bufsz;
	int rc;

	rc = alias_check(buf, size, &got);
	if (got.verdict != want.verdict || got.len != want.len)
		abort();
	if ((rc == 0) != (want.verdict == ALIAS_OK))
		abort();
	if (rc != 0 && rc >= 0)
		abort();
	if (want.verdict == ALIAS_BAD_BYTE &&
	    (got.pos != want.pos || got.byte != data[want.pos]))
		abort();
	if (alias_check(buf, size, NULL) != rc)
		abort();

	alias_reason(&got, text, sizeof(text));
	check_terminated(text, sizeof(text));

	/* Every buffer size from 0 up, exactly sized so ASan sees overruns. */
	bufsz = size ? data[0] % 100 : 0;
	small = malloc(bufsz ? bufsz : 1);
	if (!small)
		return 0;
	alias_quote(buf, size, small, bufsz);
	check_terminated(small, bufsz);
	alias_reason(&got, small, bufsz);
	check_terminated(small, bufsz);
	free(small);
	return 0;
}
