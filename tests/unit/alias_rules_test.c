// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Table-driven test of alias_rules.c: the kernel ABI (the series' ABI
 * document, Documentation/ABI/stable/sysfs-block), with the
 * bytes argv cannot carry (NUL) and every boundary.  Prints one TAP line
 * per case.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "alias/alias_rules.h"

struct rule_case {
	const char *name;
	const char *buf;
	size_t len;		/* 0: strlen(buf) */
	enum alias_verdict verdict;
	size_t pos;		/* ALIAS_BAD_BYTE */
	size_t checked_len;
};

#define S(s) s, sizeof(s) - 1

/* the contract's bound, spelt out: 64 bytes (diskalias(8), "Aliases") */
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

/* names the kernel gives block devices (alias_kernel_shaped()) */
static const char *const kernel_shaped[] = {
	"sda", "sdq", "sdaa", "sdzzz1", "sda1", "sdb15", "hdc", "vdb", "vda1",
	"xvda", "xvdb2", "dasda", "dasdb1", "rssda", "ubda",
	"nvme0n1", "nvme1n1", "nvme0n1p1", "nvme10n2p15", "nvme0c0n1",
	"mmcblk0", "mmcblk0p1", "mmcblk0boot0", "mmcblk0rpmb", "mmcblk1gp2",
	"dm-3", "md0", "md127", "md0p1", "md_d0", "loop2", "loop0p1",
	"sr0", "scd0", "nbd0", "nbd0p1", "rbd0", "rbd1p1", "zd0", "zd16p1",
	"ram0", "zram0", "pmem0", "pmem0s", "nullb0", "drbd0", "bcache0",
	"ublkb0", "rnbd0", "mtdblock0", "ubiblock0_0", "fd0", "skd0",
	"msblk0", "msblk0p1", "mspblk0", "mspblk1p2",
};
static const char *const not_kernel_shaped[] = {
	"data0", "logs", "vm", "sys", "scratch", "nvme0", "nvme1", "vblk0",
	"scsi0", "ata0", "usb0", "path0", "sdbackup", "sd", "sd1", "md",
	"dm-", "dm-x", "loop", "loopx", "SDA", "sda-old", "nvme0n", "nvme0p1",
	"mmcblk0p", "boot", "efi", "md0x", "loop2a", "disk1", "msblk", "mspblkx",
};

static int test_kernel_shaped(size_t first)
{
	size_t ny = sizeof(kernel_shaped) / sizeof(*kernel_shaped);
	size_t nn = sizeof(not_kernel_shaped) / sizeof(*not_kernel_shaped);
	int failed = 0;

	for (size_t i = 0; i < ny + nn; i++) {
		bool want = i < ny;
		const char *s = want ? kernel_shaped[i] : not_kernel_shaped[i - ny];
		bool got = alias_kernel_shaped(s, strlen(s));

		printf("%s %zu - %s %s shaped like a kernel name\n",
		       got == want ? "ok" : "not ok", first + i, s,
		       want ? "is" : "is not");
		failed += got != want;
	}
	return failed;
}

/* alias_quote() of @len bytes of @in must give @fmt applied to @in. */
static int check_quote(const char *in, size_t len, const char *fmt, size_t num,
		       const char *what)
{
	char q[80], want[80];
	int ok;

	snprintf(want, sizeof(want), fmt, in);
	alias_quote(in, len, q, sizeof(q));
	ok = strcmp(q, want) == 0;
	printf("%s %zu - %s: %s\n", ok ? "ok" : "not ok", num, what, q);
	return !ok;
}

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

	printf("1..%zu\n", n + 4 + sizeof(kernel_shaped) / sizeof(*kernel_shaped) +
	       sizeof(not_kernel_shaped) / sizeof(*not_kernel_shaped));
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
	failed += check_quote(long64, 64, "\"%.64s\"", n + 3,
			      "64 bytes quoted whole");
	failed += check_quote(long65, 65, "\"%.64s...\"", n + 4,
			      "65 bytes cut after 64");
	failed += test_kernel_shaped(n + 5);
	return failed ? 1 : 0;
}
