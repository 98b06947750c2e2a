// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * alias_rules.c against tests/data/alias-corpus.txt, the corpus the
 * kernel's alias_store() is held to as well.  One TAP line per entry.
 *
 *   alias_corpus_test CORPUS
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alias/alias_rules.h"

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* "616200" -> bytes; "-" -> none.  Returns the length or -1. */
static long decode(const char *hex, unsigned char *out, size_t outsz)
{
	size_t n = 0;

	if (strcmp(hex, "-") == 0)
		return 0;
	for (; hex[0] && hex[1]; hex += 2) {
		int hi = hexval(hex[0]), lo = hexval(hex[1]);

		if (hi < 0 || lo < 0 || n == outsz)
			return -1;
		out[n++] = (unsigned char)(hi << 4 | lo);
	}
	return *hex ? -1 : (long)n;
}

int main(int argc, char **argv)
{
	unsigned char bytes[1024];
	char line[4096], verdict[16], hex[2100];
	int lineno = 0, n = 0, failed = 0;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: %s CORPUS\n", argv[0]);
		return 2;
	}
	f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	while (fgets(line, sizeof(line), f)) {
		const char *note;
		long len;
		int r;

		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%15s %2099s", verdict, hex) != 2 ||
		    (strcmp(verdict, "valid") && strcmp(verdict, "invalid")) ||
		    (len = decode(hex, bytes, sizeof(bytes))) < 0) {
			fprintf(stderr, "%s:%d: malformed line\n", argv[1], lineno);
			return 2;
		}
		note = strchr(line, '#');
		note = note ? note + 2 : "";
		r = alias_check((const char *)bytes, (size_t)len, NULL);
		n++;
		if ((r == 0) == (strcmp(verdict, "valid") == 0)) {
			printf("ok %d - %s %s", n, verdict, note);
		} else {
			printf("not ok %d - %s %s", n, verdict, note);
			printf("# %s:%d: alias_check() returned %d\n", argv[1], lineno, r);
			failed++;
		}
	}
	fclose(f);
	printf("1..%d\n", n);
	return failed ? 1 : 0;
}
