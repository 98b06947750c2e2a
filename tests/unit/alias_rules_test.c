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

/* the contract's bound, spelt out: 64 bytes (design.md) */
static char long63[64], long64[65], long64nl[66], long65[66], long65nl[67];

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
	{ "63 bytes", long63, 63, ALIAS_OK, 0, 63 },
	{ "64 bytes", long64, 64, ALIAS_OK, 0, 64 },
	{ "64 bytes and newline", long64nl, 65, ALIAS_OK, 0, 64 },
	{ "65 bytes", long65, 65, ALIAS_TOO_LONG, 0, 65 },
	{ "65 bytes and newline", long65nl, 66, ALIAS_TOO_LONG, 0, 65 },
	/* length is judged before bytes, as the kernel's store() does */
	{ "65 bad bytes", long65, 65, ALIAS_TOO_LONG, 0, 65 },
};

int main(void)
{
	size_t i, n = sizeof(cases) / sizeof(cases[0]);
	int failed = 0;

	memset(long63, 'a', 63);
	memset(long64, 'b', 64);
	memset(long64nl, 'c', 64);
	long64nl[64] = '\n';
	memset(long65, 'd', 65);
	memset(long65nl, 'e', 65);
	long65nl[65] = '\n';
	cases[n - 1].buf = "";	/* replaced below */

	printf("1..%zu\n", n + 4);
	for (i = 0; i < n; i++) {
		struct rule_case *c = &cases[i];
		struct alias_check res;
		char buf[300];
		int r;

		if (i == n - 1) {
			memset(buf, '.', 65);
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

	/* a message quotes the longest valid alias whole, cuts what is longer */
	{
		char q[80], want[80];
		int ok;

		snprintf(want, sizeof(want), "\"%.64s\"", long64);
		alias_quote(long64, 64, q, sizeof(q));
		ok = strcmp(q, want) == 0;
		printf("%s %zu - 64 bytes quoted whole: %s\n", ok ? "ok" : "not ok",
		       n + 3, q);
		failed += !ok;

		snprintf(want, sizeof(want), "\"%.64s...\"", long65);
		alias_quote(long65, 65, q, sizeof(q));
		ok = strcmp(q, want) == 0;
		printf("%s %zu - 65 bytes cut after 64: %s\n", ok ? "ok" : "not ok",
		       n + 4, q);
		failed += !ok;
	}
	return failed ? 1 : 0;
}
