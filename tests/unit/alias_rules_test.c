// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Table-driven test of alias_rules.c: the kernel ABI of design.md, with the
 * bytes argv cannot carry (NUL) and every boundary.  Prints one TAP line
 * per case.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "alias_rules.h"

struct rule_case {
	const char *name;
	const char *buf;
	size_t len;		/* 0: strlen(buf) */
	enum alias_verdict verdict;
	size_t pos;		/* ALIAS_BAD_BYTE */
	size_t checked_len;
};

#define S(s) s, sizeof(s) - 1

static char long255[256], long256[257], long255nl[257];

static struct rule_case cases[] = {
	{ "plain", S("data0"), ALIAS_OK, 0, 5 },
	{ "all classes", S("Az09-_"), ALIAS_OK, 0, 6 },
	{ "one byte", S("x"), ALIAS_OK, 0, 1 },
	{ "leading dash", S("-x"), ALIAS_OK, 0, 2 },
	{ "trailing newline dropped", S("data0\n"), ALIAS_OK, 0, 5 },
	{ "empty", "", 0, ALIAS_EMPTY, 0, 0 },
	{ "newline alone is empty", S("\n"), ALIAS_EMPTY, 0, 0 },
	{ "two newlines", S("ab\n\n"), ALIAS_BAD_BYTE, 2, 3 },
	{ "embedded newline", S("a\nb"), ALIAS_BAD_BYTE, 1, 3 },
	{ "embedded NUL", S("ab\0cd"), ALIAS_BAD_BYTE, 2, 5 },
	{ "NUL alone", S("\0"), ALIAS_BAD_BYTE, 0, 1 },
	{ "space", S("a b"), ALIAS_BAD_BYTE, 1, 3 },
	{ "dot", S("a.b"), ALIAS_BAD_BYTE, 1, 3 },
	{ "slash", S("a/b"), ALIAS_BAD_BYTE, 1, 3 },
	{ "colon", S("a:b"), ALIAS_BAD_BYTE, 1, 3 },
	{ "carriage return", S("ab\r"), ALIAS_BAD_BYTE, 2, 3 },
	{ "DEL", S("ab\x7f"), ALIAS_BAD_BYTE, 2, 3 },
	/* Latin-1 letters pass the kernel's isalnum(): never here */
	{ "latin-1 e acute", S("caf\xe9"), ALIAS_BAD_BYTE, 3, 4 },
	{ "latin-1 A grave", S("\xc0"), ALIAS_BAD_BYTE, 0, 1 },
	{ "utf-8 e acute", S("caf\xc3\xa9"), ALIAS_BAD_BYTE, 3, 5 },
	{ "0x80", S("\x80"), ALIAS_BAD_BYTE, 0, 1 },
	{ "0xff", S("a\xff"), ALIAS_BAD_BYTE, 1, 2 },
	{ "255 bytes", long255, 255, ALIAS_OK, 0, 255 },
	{ "255 bytes and newline", long255nl, 256, ALIAS_OK, 0, 255 },
	{ "256 bytes", long256, 256, ALIAS_TOO_LONG, 0, 256 },
	/* length is judged before bytes, as the kernel's store() does */
	{ "256 bad bytes", long256, 256, ALIAS_TOO_LONG, 0, 256 },
};

int main(void)
{
	size_t i, n = sizeof(cases) / sizeof(cases[0]);
	int failed = 0;

	memset(long255, 'a', 255);
	memset(long256, 'b', 256);
	memset(long255nl, 'c', 255);
	long255nl[255] = '\n';
	cases[n - 1].buf = "";	/* replaced below */

	printf("1..%zu\n", n + 2);
	for (i = 0; i < n; i++) {
		struct rule_case *c = &cases[i];
		struct alias_check res;
		char buf[300];
		int r;

		if (i == n - 1) {
			memset(buf, '.', 256);
			c->buf = buf;
		}
		r = alias_check(c->buf, c->len, &res);
		bool ok = res.verdict == c->verdict &&
			  r == (c->verdict == ALIAS_OK ? 0 : -EINVAL) &&
			  res.len == c->checked_len &&
			  (c->verdict != ALIAS_BAD_BYTE ||
			   (res.pos == c->pos &&
			    res.byte == (unsigned char)c->buf[c->pos]));
		printf("%s %zu - %s\n", ok ? "ok" : "not ok", i + 1, c->name);
		if (!ok) {
			printf("# verdict %d (want %d), pos %zu (want %zu), len %zu (want %zu)\n",
			       res.verdict, c->verdict, res.pos, c->pos, res.len,
			       c->checked_len);
			failed++;
		}
	}

	/* every byte value alone: exactly [A-Za-z0-9_-] pass */
	{
		int bad = 0;

		for (int b = 0; b < 256; b++) {
			char c = (char)b;
			int want = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') ||
				   (b >= '0' && b <= '9') || b == '-' || b == '_';
			int got = alias_check(&c, 1, NULL) == 0;

			/* "\n" alone is empty, not a valid one-byte alias */
			if (got != want)
				bad++;
		}
		printf("%s %zu - each of the 256 byte values alone\n",
		       bad ? "not ok" : "ok", n + 1);
		failed += bad != 0;
	}

	/* the reason names the byte and its 1-based position */
	{
		struct alias_check res;
		char reason[160];

		alias_check("ab\0", 3, &res);
		alias_reason(&res, reason, sizeof(reason));
		int ok = strstr(reason, "byte 3 is NUL (0x00)") != NULL;

		printf("%s %zu - reason names the byte: %s\n", ok ? "ok" : "not ok",
		       n + 2, reason);
		failed += !ok;
	}
	return failed ? 1 : 0;
}
