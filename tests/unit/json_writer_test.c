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

/* What json_string() writes of in[0..len), or NULL. */
static char *written(const char *in)
{
	struct json_writer js;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	json_init(&js, f);
	js.compact = true;
	json_string(&js, NULL, in);
	json_flush(&js);
	fclose(f);
	return buf;
}

/*
 * A byte to escape at each offset of the eight-bytes-at-a-time scan, and
 * a string longer than the writer's buffer with escapes around its edge.
 */
static int scan_cases(size_t first)
{
	static const struct {
		char c;
		const char *esc;
	} specials[] = {
		{ '"', "\\\"" }, { '\\', "\\\\" }, { '\x01', "\\u0001" },
		{ '\x7f', "\\u007f" }, { '\x80', "\\\\x80" },
	};
	char in[32], want[64], *got;
	size_t t = first;
	int failed = 0;

	for (size_t k = 0; k < 17; k++) {
		for (size_t j = 0; j < sizeof(specials) / sizeof(specials[0]); j++) {
			memset(in, 'a', k);
			in[k] = specials[j].c;
			memset(in + k + 1, 'b', 16 - k);
			in[17] = '\0';
			snprintf(want, sizeof(want), "\"%.*s%s%.*s\"", (int)k, in,
				 specials[j].esc, (int)(16 - k), in + k + 1);
			got = written(in);
			printf("%s %zu - byte 0x%02x at offset %zu\n",
			       got && strcmp(got, want) == 0 ? "ok" : "not ok", t++,
			       (unsigned char)specials[j].c, k);
			failed += !got || strcmp(got, want) != 0;
			free(got);
		}
	}

	/* 10,000 bytes: quotes at the writer's buffer edges */
	char *big = malloc(10001), *bigwant = malloc(10020), *w = bigwant;

	if (!big || !bigwant)
		return 1;
	memset(big, 'x', 10000);
	big[10000] = '\0';
	big[4094] = big[4095] = big[8190] = '"';
	*w++ = '"';
	for (size_t i = 0; i < 10000; i++) {
		if (big[i] == '"')
			*w++ = '\\';
		*w++ = big[i];
	}
	*w++ = '"';
	*w = '\0';
	got = written(big);
	printf("%s %zu - 10,000 bytes across the buffer\n",
	       got && strcmp(got, bigwant) == 0 ? "ok" : "not ok", t);
	failed += !got || strcmp(got, bigwant) != 0;
	free(got);
	free(big);
	free(bigwant);
	return failed;
}

int main(void)
{
	size_t n = sizeof(cases) / sizeof(cases[0]);
	int failed = 0;

	printf("1..%zu\n", n + 17 * 5 + 1);
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
		json_flush(&js);
		fclose(f);
		got = buf;
		int ok = strcmp(got, cases[i].want) == 0;

		printf("%s %zu - string %zu\n", ok ? "ok" : "not ok", i + 1, i);
		if (!ok)
			printf("# got %s, want %s\n", got, cases[i].want);
		failed += !ok;
		free(buf);
	}
	failed += scan_cases(n + 1);
	return failed ? 1 : 0;
}
