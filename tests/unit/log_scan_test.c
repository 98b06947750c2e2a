// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The name scanner (cli/kmsg/log_scan.c, log_scan_simd.c) alone: the
 * tokens log_next_token() finds in chosen texts, and on random ones the
 * same tokens as a byte-at-a-time reading of its contract (kmsg.h), with
 * every scan this build and processor can run.  Built twice: with the
 * SIMD scans (unit.log-scan) and with DISKALIAS_NO_SIMD (cli/lib/simd.h),
 * the byte-at-a-time scan alone that other machines build
 * (unit.log-scan-nosimd).
 * Output is TAP-like (tap.h); exit status 1 when a case fails.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg/kmsg.h"
#include "tap.h"

/* The tokens found in text, as "word|word|@scsi" for comparison. */
static void tokens(const struct log_scanner *sc, const char *text, char *out,
		   size_t outsz)
{
	struct log_token tok;
	size_t pos = 0, o = 0;

	out[0] = '\0';
	while (log_next_token(sc, text, strlen(text), &pos, &tok)) {
		int n = snprintf(out + o, outsz - o, "%s%s%.*s", o ? "|" : "",
				 tok.kind == LOG_TOKEN_SCSI ? "@" : "",
				 (int)tok.len, text + tok.start);

		if (n < 0 || (size_t)n >= outsz - o)
			break;
		o += (size_t)n;
	}
}

static void test_tokens(void)
{
	static const struct {
		const char *in, *want;
	} cases[] = {
		{ "sdb", "sdb" },
		{ "[sdb] (sdb1) sdb: dev sdb, /dev/sdb \"sdb\"", "sdb|sdb1|sdb|sdb|sdb|sdb" },
		{ "usdbx xsdb 2sdb", "" },
		{ "sdb-1 sda_1 nvme0n1p2", "sdb-1|sda_1|nvme0n1p2" },	/* the index decides */
		{ "sd 2:0:0:1: [sdb]", "sd|@2:0:0:1|sdb" },
		{ "target2:0:0 2:0:0:1:0 2:0:0 12:0:0:1.", "target2|@12:0:0:1" },
		{ "scsi-0:0:0:1", "scsi-0" },
		{ "2:0:0:1x 2:0:0:1", "@2:0:0:1" },
		{ "toolongname sdb", "sdb" },	/* longer than max_len */
		/* a word's head: its first two bytes, or its one byte */
		{ "sx snap s sdb n nx nvme0n1 t", "sdb|n|nvme0n1" },
		{ "", "" },
	};
	static const char *const heads[] = { "sd", "sc", "nv", "ta", "to", "n" };
	struct log_scanner sc;
	struct log_heads h = { 0 };
	char what[320], got[256];

	for (size_t i = 0; i < sizeof(heads) / sizeof(heads[0]); i++)
		log_heads_add(&h, heads[i], strlen(heads[i]));
	log_scanner_init(&sc, &h, 10);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		tokens(&sc, cases[i].in, got, sizeof(got));
		snprintf(what, sizeof(what), "log_next_token case %zu: %s", i, got);
		expect(strcmp(got, cases[i].want) == 0, what, cases[i].in);
	}
}

/*
 * log_next_token() against a plain reading of its contract (kmsg.h), on
 * random texts of every byte kind: words that start with a name's first
 * byte or not, too long ones, digits and colons, bytes that are no word's,
 * from every kind of starting position: a faster scanner must still pass.
 */
static uint32_t xorshift(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

static bool ref_word(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || c == '-' || c == '_';
}

/* Whether the word t[0..n) is of one of heads (a NULL-ended list). */
static bool ref_head(const char *t, size_t n, const char *const *heads)
{
	for (; *heads; heads++) {
		size_t hl = strlen(*heads) < 2 ? strlen(*heads) : 2;

		if ((hl == 1 && n == 1 && t[0] == (*heads)[0]) ||
		    (hl == 2 && n >= 2 && memcmp(t, *heads, 2) == 0))
			return true;
	}
	return false;
}

/* The next token by the contract in kmsg.h, a byte at a time. */
static bool ref_next(const char *t, size_t len, size_t *pos, size_t max_len,
		     const char *const *heads, struct log_token *tok)
{
	size_t i = *pos;

	while (i < len) {
		size_t start, n;

		if (!ref_word((unsigned char)t[i])) {
			i++;
			continue;
		}
		start = i;
		while (i < len && ref_word((unsigned char)t[i]))
			i++;
		if (ref_head(t + start, i - start, heads) && i - start <= max_len) {
			*tok = (struct log_token){ start, i - start, LOG_TOKEN_WORD };
			*pos = i;
			return true;
		}
		if (t[start] >= '0' && t[start] <= '9' && i < len && t[i] == ':' &&
		    (n = log_scsi_address_len(t, len, start)) != 0) {
			*tok = (struct log_token){ start, n, LOG_TOKEN_SCSI };
			*pos = start + n;
			return true;
		}
	}
	*pos = len;
	return false;
}

static const char *const impl_names[] = { "bytes", "SSE2", "SSSE3" };

/* Whether the scanner and the reference find the same tokens from from. */
static bool same_tokens(const struct log_scanner *sc, const char *text,
			size_t len, size_t from, const char *const *heads)
{
	size_t p1 = from, p2 = from;
	struct log_token t1, t2;
	bool r1, r2;

	do {
		r1 = log_next_token(sc, text, len, &p1, &t1);
		r2 = ref_next(text, len, &p2, 12, heads, &t2);
		if (r1 != r2 || p1 != p2 ||
		    (r1 && (t1.start != t2.start || t1.len != t2.len ||
			    t1.kind != t2.kind)))
			return false;
	} while (r1);
	return true;
}

/*
 * heads (NULL-ended): of few first bytes (compared with at once) or more
 * than LOG_SCAN_FIRST_MAX (looked up); set names them in messages.
 */
static void test_tokens_blocks(const char *set, const char *const *heads,
			       enum log_scan_impl impl)
{
	static const char pieces[][13] = {
		"sdb", "nvme0n1", "sd", "x", "usdb", " ", ", ", "[", "]", ":",
		"0", "2:0:0:1", "12", "-", "_", "\t", "\xe9", "\x7f", "(", "s",
		"nnnnnnnnn", "abcdefg", "0:0", "/dev/", "0000:00:1f.2", "1-1:",
		"9:", "Zq", "dm-0", "0123456789ab",
	};
	struct log_scanner sc;
	struct log_heads h = { 0 };
	uint32_t x = 2463534242u;
	char text[420], what[120];
	int bad = 0;

	for (const char *const *p = heads; *p; p++)
		log_heads_add(&h, *p, strlen(*p));
	log_scanner_init(&sc, &h, 12);
	sc.impl = impl;
	for (int round = 0; round < 20000 && !bad; round++) {
		size_t len = 0, want = xorshift(&x) % 400;

		while (len < want) {
			const char *p = pieces[xorshift(&x) % (sizeof(pieces) / sizeof(pieces[0]))];
			size_t n = strlen(p);

			if (len + n > want)
				n = want - len;
			memcpy(text + len, p, n);
			len += n;
		}
		for (size_t from = 0; from <= len && !bad; from += 1 + xorshift(&x) % 40) {
			bad = !same_tokens(&sc, text, len, from, heads);
			if (bad) {
				snprintf(what, sizeof(what),
					 "log_next_token = byte-at-a-time reference "
					 "(%s, set %s, round %d, from %zu)", impl_names[impl],
					 set, round, from);
				text[len] = '\0';
				expect(false, what, text);
			}
		}
	}
	/* every byte value, next to a name's first byte and a digit and a
	 * colon, at each place of a 16-byte block */
	for (int c = 0; c < 256 && !bad; c++) {
		for (size_t at = 0; at < 40 && !bad; at++) {
			size_t len = at + 12;

			memset(text, ' ', len);
			memcpy(text + at, "s1:1:1:1s", 9);
			text[at + 1 + c % 4] = (char)c;
			text[at + 9 + c % 3] = (char)c;
			bad = !same_tokens(&sc, text, len, 0, heads);
			if (bad) {
				snprintf(what, sizeof(what), "log_next_token = reference "
					 "(%s, set %s, byte 0x%02x at %zu)", impl_names[impl],
					 set, c, at);
				expect(false, what, "");
			}
		}
	}
	snprintf(what, sizeof(what), "log_next_token (%s) = byte-at-a-time reference on "
		 "20000 texts, the %s heads", impl_names[impl], set);
	expect(!bad, what, "");
}

int main(void)
{
	static const char *const few[] = { "sd", "nv", "s", "nn", "dm", NULL };
	static const char *const many[] = {
		"ab", "bc", "cd", "dm", "ef", "fg", "gh", "hi", "ij", "jk",
		"kl", "lm", "mn", "no", "op", "pq", "qr", "rs", "sd", "tu",
		"uv", "vw", "wx", "xy", "yz", "za", "Zq", "s", NULL,
	};

	test_tokens();
	for (int impl = LOG_SCAN_BYTES; impl <= LOG_SCAN_SSSE3; impl++) {
		if (!log_scan_impl_supported((enum log_scan_impl)impl)) {
			printf("# log_next_token: no %s here\n", impl_names[impl]);
			continue;
		}
		test_tokens_blocks("few", few, (enum log_scan_impl)impl);
		test_tokens_blocks("many", many, (enum log_scan_impl)impl);
	}
	return tap_end();
}
