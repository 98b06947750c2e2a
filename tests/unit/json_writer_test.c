// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * json_writer.c's strings: valid UTF-8, nothing lost, nothing a terminal
 * acts on (diskalias(8), list -J).  One TAP line per case.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json_writer.h"

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

/*
 * Keys: one checked as it is written (escaped if it must be) and one
 * given with its length (JSON_LIT) are written alike.
 */
static int key_cases(size_t first)
{
	static const char *const want[] = {
		"{\"boot\": 1, \"text\": \"x\", \"disks\": []}\n",
		"{\"a\\\"b\": 1, \"c\\u0001\": null}\n",
	};
	struct json_writer js;
	char *buf[2] = { NULL, NULL };
	size_t len[2];
	int failed = 0;

	for (int k = 0; k < 2; k++) {
		FILE *f = open_memstream(&buf[k], &len[k]);

		if (!f)
			return 1;
		json_init(&js, f);
		js.compact = true;
		json_object_begin(&js, NULL);
		if (k == 0) {
			json_u64_k(&js, JSON_LIT("boot"), 1);
			json_string_k(&js, JSON_LIT("text"), "x");
			json_array_begin_k(&js, JSON_LIT("disks"), true);
		} else {
			json_u64(&js, "a\"b", 1);
			json_null(&js, "c\x01");
		}
		if (k == 0)
			json_array_end(&js);
		json_object_end(&js);
		json_finish(&js);
		fclose(f);
	}
	for (int k = 0; k < 2; k++) {
		int ok = buf[k] && strcmp(buf[k], want[k]) == 0;

		printf("%s %zu - %s\n", ok ? "ok" : "not ok", first + k,
		       k ? "a key that needs escapes, checked" :
			   "keys given with their length (JSON_LIT)");
		if (!ok)
			printf("# got %s", buf[k] ? buf[k] : "nothing\n");
		failed += !ok;
	}
	/* the same members with checked keys write the same bytes */
	{
		char *same = NULL;
		size_t n;
		FILE *f = open_memstream(&same, &n);

		if (!f)
			return 1;
		json_init(&js, f);
		js.compact = true;
		json_object_begin(&js, NULL);
		json_u64(&js, "boot", 1);
		json_string(&js, "text", "x");
		json_array_begin(&js, "disks", true);
		json_array_end(&js);
		json_object_end(&js);
		json_finish(&js);
		fclose(f);
		int ok = same && buf[0] && strcmp(same, buf[0]) == 0;

		printf("%s %zu - checked keys write what JSON_LIT keys do\n",
		       ok ? "ok" : "not ok", first + 2);
		failed += !ok;
		free(same);
	}
	free(buf[0]);
	free(buf[1]);
	return failed;
}

int main(void)
{
	size_t n = sizeof(cases) / sizeof(cases[0]);
	int failed = 0;

	printf("1..%zu\n", n + 17 * 5 + 1 + 3);
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
	failed += key_cases(n + 17 * 5 + 2);
	return failed ? 1 : 0;
}
