// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * json_writer.c's strings: valid UTF-8, nothing lost, nothing a terminal
 * acts on (diskalias(8), list -J).  One TAP line per case.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_writer.h"

static const struct {
	const char *in, *want;
} cases[] = {
	{ "plain", "\"plain\"" },
	{ "caf\xc3\xa9", "\"caf\xc3\xa9\"" },			/* UTF-8 as is */
	{ "a\x9b" "b", "\"a\\\\x9bb\"" },			/* not UTF-8: \x9b */
	{ "\xff\xfe", "\"\\\\xff\\\\xfe\"" },
	{ "\xc3(", "\"\\\\xc3(\"" },				/* cut sequence */
	{ "\xc2\x9b" "2J", "\"\\u009b2J\"" },			/* C1 CSI escaped */
	{ "\xc2\x85", "\"\\u0085\"" },
	{ "\xc2\xa0", "\"\xc2\xa0\"" },				/* U+00A0 is text */
	{ "\x1b[2J", "\"\\u001b[2J\"" },
	{ "a\nb", "\"a\\u000ab\"" },
	{ "back\\slash", "\"back\\\\slash\"" },
	{ "\\x9b", "\"\\\\x5cx9b\"" },				/* not the byte 0x9b */
	{ "quote\"", "\"quote\\\"\"" },
};

int main(void)
{
	size_t n = sizeof(cases) / sizeof(cases[0]);
	int failed = 0;

	printf("1..%zu\n", n);
	for (size_t i = 0; i < n; i++) {
		struct json_writer js;
		char *buf = NULL, *got;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		if (!f)
			return 2;
		json_init(&js, f);
		js.compact = true;
		json_string(&js, NULL, cases[i].in);
		fclose(f);
		got = buf;
		int ok = strcmp(got, cases[i].want) == 0;

		printf("%s %zu - string %zu\n", ok ? "ok" : "not ok", i + 1, i);
		if (!ok)
			printf("# got %s, want %s\n", got, cases[i].want);
		failed += !ok;
		free(buf);
	}
	return failed ? 1 : 0;
}
