// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel log parser (cli/kmsg/kmsg.c) alone: record framing, kmsg and
 * dmesg parsing, format detection and the name scanner, the line
 * classifier (log_text.c) and the journal formats (journal.c),
 * table-driven.
 * Output is TAP-like; exit status 1 when a case fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg/journal.h"
#include "kmsg/kmsg.h"

static int failures, count;

static void expect(int ok, const char *what, const char *input)
{
	count++;
	if (ok) {
		printf("ok %d - %s\n", count, what);
		return;
	}
	failures++;
	printf("not ok %d - %s\n#   input: \"%s\"\n", count, what, input);
}

static int span_is(const char *p, size_t len, const char *want)
{
	if (!want)
		return p == NULL;
	return p && len == strlen(want) && memcmp(p, want, len) == 0;
}

static const struct {
	const char *in;
	int ret;		/* 0 or -1 */
	int level, facility;
	unsigned long long usec;
	const char *text, *device;
} kmsg_cases[] = {
	{ "6,339,5140900,-;sd 2:0:0:1: [sdb] Attached SCSI disk\n", 0, 6, 0,
	  5140900, "sd 2:0:0:1: [sdb] Attached SCSI disk", NULL },
	{ "3,1,2,-;I/O error\n SUBSYSTEM=block\n DEVICE=b8:16\n", 0, 3, 0, 2,
	  "I/O error", "b8:16" },
	{ "4,1,2,c,caller=T12;text\n DEVICE=+scsi:0:0:1:0\n", 0, 4, 0, 2,
	  "text", "+scsi:0:0:1:0" },
	{ "14,7,8,-;user message\n", 0, 6, 1, 8, "user message", NULL },
	{ "6,1,2,-;", 0, 6, 0, 2, "", NULL },
	{ "6,1,2,-;no newline at the end", 0, 6, 0, 2, "no newline at the end", NULL },
	{ "6,1,2,-; leading blank kept\n", 0, 6, 0, 2, " leading blank kept", NULL },
	{ "6,1,2,-;a;b\n", 0, 6, 0, 2, "a;b", NULL },
	{ "6,1;short\n", -1, 0, 0, 0, NULL, NULL },
	{ "x,1,2,-;text\n", -1, 0, 0, 0, NULL, NULL },
	{ "6,1,2,-missing semicolon\n", -1, 0, 0, 0, NULL, NULL },
	{ "6,1,2\n", -1, 0, 0, 0, NULL, NULL },
	{ "9999,1,2,-;priority too big\n", -1, 0, 0, 0, NULL, NULL },
	{ " DEVICE=b8:16\n", -1, 0, 0, 0, NULL, NULL },
	{ "", -1, 0, 0, 0, NULL, NULL },
	{ "6,1,2,-;text\nnot a dictionary line\n", -1, 0, 0, 0, NULL, NULL },
	/* a continuation line with a blank that is not " KEY=value" */
	{ "6,1,2,-;text\n not a KEY=value line\n", -1, 0, 0, 0, NULL, NULL },
	{ "6,1,2,-;text\n =no key\n", -1, 0, 0, 0, NULL, NULL },
	{ "6,1,2,-;text\n \n", -1, 0, 0, 0, NULL, NULL },
	{ "6,1,2,-;text\n SUBSYSTEM=block\n DEVICE=b8:0\n X_1=\n", 0, 6, 0, 2,
	  "text", "b8:0" },
};

static void test_kmsg_parse(void)
{
	char what[160];

	for (size_t i = 0; i < sizeof(kmsg_cases) / sizeof(kmsg_cases[0]); i++) {
		const char *in = kmsg_cases[i].in;
		struct log_record rec;
		int r = kmsg_parse(in, strlen(in), &rec), ok = r == kmsg_cases[i].ret;

		if (ok && r == 0)
			ok = rec.level == kmsg_cases[i].level &&
			     rec.facility == kmsg_cases[i].facility &&
			     rec.has_time && rec.usec == kmsg_cases[i].usec &&
			     span_is(rec.text, rec.text_len, kmsg_cases[i].text) &&
			     span_is(rec.device, rec.device_len, kmsg_cases[i].device);
		snprintf(what, sizeof(what), "kmsg_parse case %zu (%s)", i,
			 kmsg_cases[i].ret ? "malformed" : "parses");
		expect(ok, what, in);
	}
}

static const struct {
	const char *in;
	int level;
	long long usec;		/* -1: no time */
	const char *prefix, *text;
	int ret;
} dmesg_cases[] = {
	{ "[    5.140900] sd 2:0:0:1: [sdb] x", -1, 5140900, "[    5.140900] ",
	  "sd 2:0:0:1: [sdb] x", 0 },
	{ "[12345.000001] t", -1, 12345000001LL, "[12345.000001] ", "t", 0 },
	{ "[    1.5] short fraction", -1, 1500000, "[    1.5] ", "short fraction", 0 },
	{ "<3>[    1.000000] raw", 3, 1000000, "<3>[    1.000000] ", "raw", 0 },
	{ "kern  :err   : [    1.000000] decoded", 3, 1000000,
	  "kern  :err   : [    1.000000] ", "decoded", 0 },
	{ "user  :notice: [    2.000000] decoded", 5, 2000000,
	  "user  :notice: [    2.000000] ", "decoded", 0 },
	{ "no time at all", -1, -1, "", "no time at all", 0 },
	{ "[drm] a bracket that is text", -1, -1, "", "[drm] a bracket that is text", 0 },
	{ "[0:0:0:0] an address", -1, -1, "", "[0:0:0:0] an address", 0 },
	{ "[Thu Dec  3 04:13:57 2026] dmesg -T", -1, -1, "",
	  "[Thu Dec  3 04:13:57 2026] dmesg -T", 0 },
	{ "kern:bogus: [ 1.0] not -x", -1, -1, "", "kern:bogus: [ 1.0] not -x", 0 },
	{ "[   12.7000", -1, -1, NULL, NULL, -1 },
	{ "[   12.70x0] text", -1, -1, NULL, NULL, -1 },
	/* six digits are read in one step: each byte of them still counts */
	{ "[    1.999999] x", -1, 1999999, "[    1.999999] ", "x", 0 },
	{ "[    1.000001]", -1, 1000001, "[    1.000001]", "", 0 },
	{ "[    1.1234567] x", -1, 1123456, "[    1.1234567] ", "x", 0 },
	{ "[    1.12345:] x", -1, -1, NULL, NULL, -1 },
	{ "[    1.12345/] x", -1, -1, NULL, NULL, -1 },
	{ "[    1.:23456] x", -1, -1, NULL, NULL, -1 },
	{ "[    1.123456) x", -1, -1, NULL, NULL, -1 },
	/* "[%5lu.%06lu]" is read in one step too: blanks, then digits */
	{ "[    0.000000] x", -1, 0, "[    0.000000] ", "x", 0 },
	{ "[99999.999999] x", -1, 99999999999LL, "[99999.999999] ", "x", 0 },
	{ "[ 1 23.456789] x", -1, -1, "", "[ 1 23.456789] x", 0 },
	{ "[ 1234a.000000] x", -1, -1, "", "[ 1234a.000000] x", 0 },
	{ "[     .123456] x", -1, -1, "", "[     .123456] x", 0 },
	{ "[!!!!5.123456] x", -1, -1, "", "[!!!!5.123456] x", 0 },
	{ "[    5.123456]x", -1, 5123456, "[    5.123456]", "x", 0 },
	{ "", -1, -1, "", "", 0 },
};

static void test_dmesg_parse(void)
{
	char what[160];

	for (size_t i = 0; i < sizeof(dmesg_cases) / sizeof(dmesg_cases[0]); i++) {
		const char *in = dmesg_cases[i].in;
		struct log_record rec;
		int r = dmesg_parse(in, strlen(in), &rec), ok = r == dmesg_cases[i].ret;

		if (ok && r == 0) {
			ok = rec.level == dmesg_cases[i].level &&
			     rec.has_time == (dmesg_cases[i].usec >= 0) &&
			     (!rec.has_time || rec.usec == (unsigned long long)dmesg_cases[i].usec);
			/* NULL prefix: not checked (only that it parses) */
			if (dmesg_cases[i].prefix)
				ok = ok && span_is(rec.prefix, rec.prefix_len, dmesg_cases[i].prefix) &&
				     span_is(rec.text, rec.text_len, dmesg_cases[i].text);
		}
		snprintf(what, sizeof(what), "dmesg_parse case %zu", i);
		expect(ok, what, in);
	}
}

/* A time too large for 64-bit microseconds saturates in both formats. */
static void test_time_saturates(void)
{
	static const char dm[] = "[99999999999999999999.0] t";
	static const char km[] = "6,1,99999999999999999999999,-;t\n";
	static const char edge[] = "[18446744073709.551615] t";
	struct log_record rec;

	expect(dmesg_parse(dm, strlen(dm), &rec) == 0 && rec.has_time &&
	       rec.usec == UINT64_MAX, "dmesg time saturates", dm);
	expect(kmsg_parse(km, strlen(km), &rec) == 0 && rec.has_time &&
	       rec.usec == UINT64_MAX, "kmsg time saturates", km);
	expect(dmesg_parse(edge, strlen(edge), &rec) == 0 &&
	       rec.usec == UINT64_MAX, "dmesg time at the edge", edge);
}

static void test_record_len(void)
{
	static const struct {
		const char *in;
		int at_eof;
		size_t want;
	} cases[] = {
		{ "6,1,2,-;a\n6,2,3,-;b\n", 0, 10 },
		{ "6,1,2,-;a\n DEVICE=b8:16\n6,2,3,-;b\n", 0, 24 },
		{ "6,1,2,-;a\n DEVICE=b8:16\n", 0, 0 },	/* more may follow */
		{ "6,1,2,-;a\n DEVICE=b8:16\n", 1, 24 },
		{ "6,1,2,-;a\n DEVICE=b8", 0, 0 },
		{ "6,1,2,-;a", 0, 0 },
		{ "6,1,2,-;a", 1, 9 },
	};
	char what[80];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(what, sizeof(what), "kmsg_record_len case %zu", i);
		expect(kmsg_record_len(cases[i].in, strlen(cases[i].in),
				       cases[i].at_eof) == cases[i].want,
		       what, cases[i].in);
	}
}

static void test_detect(void)
{
	static const struct {
		const char *in;
		enum log_format want;
	} cases[] = {
		{ "6,1,2,-;a\n", LOG_FORMAT_KMSG },
		{ "\n\n6,1,2,-;a\n", LOG_FORMAT_KMSG },
		{ " DEVICE=b8:16\ngarbage\n6,1,2,-;a\n", LOG_FORMAT_KMSG },
		{ "[    1.000000] a\n", LOG_FORMAT_DMESG },
		{ "plain text\n", LOG_FORMAT_DMESG },
		{ "", LOG_FORMAT_DMESG },
	};
	char what[80];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(what, sizeof(what), "log_detect_format case %zu", i);
		expect(log_detect_format(cases[i].in, strlen(cases[i].in)) == cases[i].want,
		       what, cases[i].in);
	}
}

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

/*
 * heads (NULL-ended): of few first bytes (compared with at once) or more
 * than LOG_SCAN_FIRST_MAX (looked up); set names them in messages.
 */
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

/* The " (alias NAME)" a patched kernel ends a message with. */
static void test_alias_suffix(void)
{
	static const char a64[] = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
	static const char a65[] = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
	static const struct {
		const char *in, *want;	/* want: NAME, or NULL for no suffix */
	} cases[] = {
		{ "I/O error, dev sdb, sector 2048 op 0x0:(READ) flags 0x0 "
		  "phys_seg 1 prio class 2 (alias data0)", "data0" },
		{ "sd 2:0:0:0: [sdb] tag#3 Sense Key : Medium Error [current] "
		  "(alias data0)", "data0" },
		{ "x (alias a)", "a" },
		{ "x (alias Az09-_)", "Az09-_" },
		{ " (alias data0)", "data0" },		/* the whole text */
		{ "x (alias (alias data0)", "data0" },
		{ "x (alias data0) ", NULL },		/* not the last thing */
		{ "x (alias data0)x", NULL },
		{ "x (alias data0))", NULL },
		{ "x (alias data0)\n", NULL },
		{ "x (alias )", NULL },			/* empty */
		{ "x (alias da ta0)", NULL },
		{ "x (alias da.ta0)", NULL },
		{ "x (alias caf\xe9)", NULL },		/* Latin-1 */
		{ "x (alias caf\xc3\xa9)", NULL },	/* UTF-8 */
		{ "x (alias caf\\xc3\\xa9)", NULL },	/* as kmsg escapes it */
		{ "x (Alias data0)", NULL },
		{ "x(alias data0)", NULL },
		{ "x  alias data0)", NULL },
		{ "(alias data0)", NULL },
		{ "dev sdb (data0), sector 2048", NULL },	/* the old form */
		{ "[sdb (data0)] tag#3", NULL },
		{ "alias data0)", NULL },
		{ ")", NULL },
		{ "", NULL },
	};
	char in[200], what[120];
	const char *alias = NULL;
	size_t alias_len = 0, n;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *t = cases[i].in, *want = cases[i].want;

		n = log_alias_suffix(t, strlen(t), &alias, &alias_len);
		snprintf(what, sizeof(what), "log_alias_suffix case %zu", i);
		expect(want ? n == strlen(" (alias )") + strlen(want) &&
			      span_is(alias, alias_len, want) &&
			      alias == t + strlen(t) - 1 - alias_len
			    : n == 0, what, t);
	}

	/* 64 bytes is the longest alias; 65 is none, nor its last 64 bytes */
	snprintf(in, sizeof(in), "x (alias %s)", a64);
	n = log_alias_suffix(in, strlen(in), &alias, &alias_len);
	expect(n == 73 && span_is(alias, alias_len, a64),
	       "log_alias_suffix: a 64-byte alias", in);
	snprintf(in, sizeof(in), "x (alias %s)", a65);
	expect(log_alias_suffix(in, strlen(in), &alias, &alias_len) == 0,
	       "log_alias_suffix: a 65-byte word is no alias", in);
	snprintf(in, sizeof(in), "(alias %s)", a64);	/* no room for the head */
	expect(log_alias_suffix(in + 1, strlen(in) - 1, &alias, &alias_len) == 0,
	       "log_alias_suffix: the head must be inside the text", in + 1);
}

/* The messages the patched kernel ends with its alias, and look-alikes. */
static void test_alias_message(void)
{
	static const struct {
		const char *text;	/* the alias taken off */
		bool want;
	} cases[] = {
		{ "I/O error, dev sdb, sector 2048 op 0x0:(READ) flags 0x0 phys_seg 1 prio class 2", true },
		{ "critical medium error, dev nvme0c1n1, sector 0 op 0x0:(READ) flags 0x800 phys_seg 1 prio class 0", true },
		{ "Trying to write to read-only block-device sdb1", true },
		{ "kworker/u8:2: attempt to access beyond end of device\x0asdb1: rw=2049, sector=8, nr_sectors = 8 limit=0", true },
		{ "dd: attempt to access beyond end of device\nsdb: rw=0, sector=8, nr_sectors = 8 limit=0", true },
		{ "VFS: Dirty inode writeback failed for block device sdb1 (err=-5).", true },
		{ "VFS: busy inodes on changed media sr0", true },
		{ "sdb: detected capacity change from 0 to 8388610", true },
		{ "sd 2:0:0:1: [sdb] tag#3 Sense Key : Medium Error [current]", true },
		{ "sd 2:0:0:1: [sdb] Write Protect is off", true },
		{ "nvme0n1: Read(0x2) @ LBA 0, 8 blocks, Unrecovered Read Error (sct 0x2 / sc 0x81)", true },
		{ "nvme0n1: Write Zeroes(0x8) @ LBA 8, 1 blocks, Invalid Field in Command (sct 0x0 / sc 0x2) MORE DNR", true },
		/* a device's, a label's or a user's text */
		{ "usb 1-2: Product: sdc", false },
		{ "usb 1-2: SerialNumber: I/O error, dev sdc, sector 8 op 0x0:(READ) flags 0x0 phys_seg 1 prio class 2", false },
		{ "usb 1-2: Product: x: attempt to access beyond end of device\x0asdc: rw=0, sector=0, nr_sectors = 1 limit=0", false },
		{ "scsi 2:0:0:2: Direct-Access     FORGE    sdd", false },
		{ "BTRFS: device label sde", false },
		{ "Buffer I/O error on dev sdb1, logical block 154, async page read", false },
		{ "sd 2:0:0:1: Medium access timeout failure. Offlining disk!", false },
		{ "I/O error, dev sdb, sector 2048", false },
		{ "nvme0n1: Read(0x2) @ LBA 0, 8 blocks, Unrecovered Read Error (sct 0x2 / sc 0x81) sdc", false },
		{ "", false },
	};
	char what[80];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(what, sizeof(what), "log_alias_message case %zu", i);
		expect(log_alias_message(cases[i].text, strlen(cases[i].text)) ==
		       cases[i].want, what, cases[i].text);
	}
}

static void test_unescape(void)
{
	static const struct {
		const char *in, *want;
	} cases[] = {
		{ "a\\x0ab", "a\nb" },
		{ "back\\x5cslash", "back\\slash" },
		{ "not \\xzz hex", "not \\xzz hex" },
		{ "cut \\x4", "cut \\x4" },
		{ "", "" },
	};
	char out[64], what[80];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n = kmsg_unescape(cases[i].in, strlen(cases[i].in), out);

		snprintf(what, sizeof(what), "kmsg_unescape case %zu", i);
		expect(n == strlen(cases[i].want) && memcmp(out, cases[i].want, n) == 0,
		       what, cases[i].in);
	}
}

static void test_classify(void)
{
	static const struct {
		const char *text;
		enum log_event ev;
		const char *name, *arg;
	} cases[] = {
		{ "Linux version 6.1.0 (x)", LOG_EVENT_BOOT, NULL, NULL },
		{ "Linux versions", LOG_EVENT_NONE, NULL, NULL },
		{ "block sdb: alias set to data0", LOG_EVENT_ALIAS, "sdb", "data0" },
		{ "block sdb: alias set to da.ta", LOG_EVENT_NONE, NULL, NULL },
		{ "block sdb: alias set to ", LOG_EVENT_NONE, NULL, NULL },
		{ "block sdb: alias set to data0 and more", LOG_EVENT_NONE, NULL, NULL },
		{ "block loop0: alias imgA released", LOG_EVENT_RELEASED, "loop0", "imgA" },
		{ "block loop0: alias imgA released now", LOG_EVENT_NONE, NULL, NULL },
		{ "block loop0: alias img.A released", LOG_EVENT_NONE, NULL, NULL },
		{ "block loop0: alias  released", LOG_EVENT_NONE, NULL, NULL },
		{ "block loop0: alias imgA", LOG_EVENT_NONE, NULL, NULL },
		{ "sd 2:0:0:1: [sdb] Attached SCSI disk", LOG_EVENT_ATTACH, "sdb", "2:0:0:1" },
		{ "sd 6:0:0:0: [sdb] Attached SCSI removable disk", LOG_EVENT_ATTACH, "sdb", "6:0:0:0" },
		{ "sd 2:0:0:1: [sdb] Stopping disk", LOG_EVENT_TIE, "sdb", "2:0:0:1" },
		{ "sd 2:0:0:1: [sdb] Synchronizing SCSI cache", LOG_EVENT_REMOVE, "sdb", "2:0:0:1" },
		{ "sd 2:0:0:1: [sdb] Write Protect is off", LOG_EVENT_TIE, "sdb", "2:0:0:1" },
		{ "sd 7:0:0:0: [sdb] 7821312 512-byte logical blocks: (4.00 GB/3.73 GiB)",
		  LOG_EVENT_CAPACITY, "sdb", "7:0:0:0" },
		{ "sd 2:0:0:1: [sdb] 1953506646 4096-byte logical blocks: (8.00 TB/7.28 TiB)",
		  LOG_EVENT_CAPACITY, "sdb", "2:0:0:1" },
		{ "sd 2:0:0:1: [sdb] 4096-byte physical blocks", LOG_EVENT_TIE, "sdb", "2:0:0:1" },
		{ "sd 2:0:0:1: [sdb] Starting disk", LOG_EVENT_RESUME, "sdb", "2:0:0:1" },
		{ "sd 2:0:0:1: [sdb] tag#3 Sense Key : Medium Error [current] (alias data0)",
		  LOG_EVENT_TIE, "sdb", "2:0:0:1" },
		{ "sd 2:0:0:1: Power-on or device reset occurred", LOG_EVENT_NONE, NULL, NULL },
		{ "sd 2:0:0: [sdb] three numbers", LOG_EVENT_NONE, NULL, NULL },
		{ "sd 2:0:0:1: [sdb", LOG_EVENT_NONE, NULL, NULL },
		{ "virtio_blk virtio2: [vda] 16777216 512-byte logical blocks (8.59 GB/8.00 GiB)",
		  LOG_EVENT_ATTACH, "vda", "virtio2" },
		{ "virtio_blk virtio2: [vda] new size: 10 512-byte logical blocks",
		  LOG_EVENT_TIE, "vda", "virtio2" },
		{ "I/O error, dev sdb, sector 8", LOG_EVENT_NONE, NULL, NULL },
		{ "", LOG_EVENT_NONE, NULL, NULL },
	};
	char what[96];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct log_event_info ev;
		enum log_event e = log_classify(cases[i].text, strlen(cases[i].text), &ev);
		int ok = e == cases[i].ev;

		if (ok && cases[i].name)
			ok = span_is(ev.name, ev.name_len, cases[i].name) &&
			     span_is(ev.arg, ev.arg_len, cases[i].arg);
		snprintf(what, sizeof(what), "log_classify case %zu", i);
		expect(ok, what, cases[i].text);
	}
}

/* libata's identify line and SCSI's inquiry line; a port's or a
 * controller's line's first word */
static void test_ports(void)
{
	static const struct {
		const char *text;
		enum log_event ev;
		const char *arg, *model;
	} cases[] = {
		{ "ata3.00: ATA-9: WDC WD10EZEX-08WN4A0, 01.01A01, max UDMA/133",
		  LOG_EVENT_ATA_ID, "ata3.00", "WDC WD10EZEX-08WN4A0" },
		{ "ata12.01: ATA-10: ST4000DM004-2CV104, 0001, max UDMA/133",
		  LOG_EVENT_ATA_ID, "ata12.01", "ST4000DM004-2CV104" },
		{ "ata1.00: ATAPI: QEMU DVD-ROM, 2.5+, max UDMA/100", LOG_EVENT_NONE, NULL, NULL },
		{ "ata3.00: ATA-9: no comma after the model", LOG_EVENT_NONE, NULL, NULL },
		{ "ata3: ATA-9: MODEL, 1, max UDMA/133", LOG_EVENT_NONE, NULL, NULL },
		{ "scsi 2:0:0:0: Direct-Access     ATA      WDC WD10EZEX-08W 1A01 PQ: 0 ANSI: 5",
		  LOG_EVENT_INQUIRY, "2:0:0:0", "WDC WD10EZEX-08W" },
		{ "scsi 3:0:0:0: Direct-Access     ATA      ST500            1A01 PQ: 0 ANSI: 5",
		  LOG_EVENT_INQUIRY, "3:0:0:0", "ST500" },
		/* another device SCSI adds: its address, no model */
		{ "scsi 2:0:0:1: Direct-Access     QEMU     QEMU HARDDISK    2.5+ PQ: 0 ANSI: 5",
		  LOG_EVENT_INQUIRY, "2:0:0:1", "" },
		{ "scsi 1:0:0:0: CD-ROM            ATA      QEMU DVD-ROM     2.5+ PQ: 0 ANSI: 5",
		  LOG_EVENT_INQUIRY, "1:0:0:0", "" },
		{ "scsi 7:0:0:0: Direct-Access     Generic  Flash Disk       8.07 PQ: 0 ANSI: 4",
		  LOG_EVENT_INQUIRY, "7:0:0:0", "" },
		{ "scsi 2:0:0:0: Direct-Access     ATA      WDC", LOG_EVENT_NONE, NULL, NULL },
		{ "scsi 2:0:0:0: Direct-Access     ATA      WDC PQ: x ANSI: 5",
		  LOG_EVENT_NONE, NULL, NULL },
		{ "scsi 2:0:0:2: Power-on or device reset occurred", LOG_EVENT_NONE, NULL, NULL },
		/* an NVMe controller probed or removed */
		{ "nvme nvme0: pci function 0000:06:00.0", LOG_EVENT_NVME_CTRL, "nvme0", NULL },
		{ "nvme nvme12: Removing ctrl: NQN \"nqn.2014-08.org.example:t\"",
		  LOG_EVENT_NVME_CTRL, "nvme12", NULL },
		{ "nvme nvme0: 8/0/0 default/read/poll queues", LOG_EVENT_NONE, NULL, NULL },
		{ "nvme nvme0n1: pci function 0000:06:00.0", LOG_EVENT_NONE, NULL, NULL },
	};
	static const struct {
		const char *text;
		const char *token;
	} tokens[] = {
		{ "ata3.00: failed command: READ FPDMA QUEUED", "ata3.00" },
		{ "ata3: EH complete", "ata3" },
		{ "nvme nvme0: I/O tag 12 (100c) opcode 0x2 (I/O Cmd) QID 3 timeout, aborting",
		  "nvme0" },
		{ "ata3.0: two digits or none", NULL },
		{ "ata: no number", NULL },
		{ "atari3: not libata", NULL },
		{ "nvme nvme0n1: a disk, not a controller", NULL },
		{ "nvme0n1: p1 p2", NULL },
	};
	char what[96];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct log_event_info ev;
		enum log_event e = log_classify(cases[i].text, strlen(cases[i].text), &ev);
		int ok = e == cases[i].ev;

		if (ok && cases[i].arg)
			ok = span_is(ev.arg, ev.arg_len, cases[i].arg) &&
			     span_is(ev.model, ev.model_len, cases[i].model);
		snprintf(what, sizeof(what), "log_classify port case %zu", i);
		expect(ok, what, cases[i].text);
	}
	for (size_t i = 0; i < sizeof(tokens) / sizeof(tokens[0]); i++) {
		const char *t = tokens[i].text;
		size_t start = 0, n = log_port_token(t, strlen(t), &start);
		int ok = tokens[i].token ? span_is(t + start, n, tokens[i].token) : n == 0;

		snprintf(what, sizeof(what), "log_port_token case %zu", i);
		expect(ok, what, t);
	}
}

static void test_disk_part(void)
{
	static const struct {
		const char *name;
		size_t want;
	} cases[] = {
		{ "sdb", 3 }, { "sdb1", 3 }, { "sdb12", 3 }, { "sdaa3", 4 },
		{ "vda2", 3 }, { "xvda1", 4 }, { "hdc3", 3 },
		{ "nvme0n1", 7 }, { "nvme0n1p2", 7 }, { "mmcblk0", 7 },
		{ "mmcblk0p1", 7 }, { "md0", 3 }, { "md0p1", 3 }, { "loop2", 5 },
		{ "loop2p1", 5 }, { "dm-3", 4 }, { "sr0", 3 },
	};
	char what[80];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(what, sizeof(what), "log_disk_part(%s) is %zu",
			 cases[i].name, cases[i].want);
		expect(log_disk_part(cases[i].name, strlen(cases[i].name)) == cases[i].want,
		       what, cases[i].name);
	}
}

static void test_journal_export(void)
{
	static const char rec[] =
		"__CURSOR=s=0;i=1\n_BOOT_ID=abc\nPRIORITY=3\n"
		"_SOURCE_MONOTONIC_TIMESTAMP=30000000\n__MONOTONIC_TIMESTAMP=31000000\n"
		"_UDEV_SYSNAME=sdb\n_UDEV_DEVLINK=/dev/disk/by-id/wwn-0x1\n"
		"_UDEV_DEVLINK=/dev/disk/by-alias/old1\n"
		"MESSAGE\n\x03\0\0\0\0\0\0\0a\nb\n\n"
		"\nMESSAGE=next\n\n";
	struct log_record r;
	struct journal_fields jf;
	size_t n = journal_export_record_len(rec, sizeof(rec) - 1, false);

	expect(n > 0 && rec[n - 1] == '\n' && rec[n - 2] == '\n' &&
	       strncmp(rec + n, "\nMESSAGE=next", 13) == 0,
	       "export: a record ends at its blank line, a binary MESSAGE in it", rec);
	expect(journal_export_parse(rec, n - 1, &r, &jf) == 0 &&
	       span_is(r.text, r.text_len, "a\nb") && r.level == 3 &&
	       r.has_time && r.usec == 30000000 &&
	       span_is(jf.boot_id.p, jf.boot_id.len, "abc") &&
	       span_is(jf.sysname.p, jf.sysname.len, "sdb") && jf.ndevlinks == 2 &&
	       span_is(jf.devlinks[1].p, jf.devlinks[1].len, "/dev/disk/by-alias/old1"),
	       "export: fields, the kernel's time, each _UDEV_DEVLINK", rec);
	expect(journal_export_record_len(rec, 40, false) == 0,
	       "export: a cut record needs more input", rec);
	expect(journal_export_parse("not a field\n", 12, &r, &jf) < 0,
	       "export: a line that is no field is malformed", "not a field");
	expect(journal_export_detect(rec, sizeof(rec) - 1) &&
	       !journal_export_detect("[    1.000000] text\n", 20),
	       "export: detected by its first fields", rec);
}

static void test_journal_json(void)
{
	static const struct {
		const char *in;
		int ret;
		const char *text, *sysname;
		size_t ndevlinks;
	} cases[] = {
		{ "{\"MESSAGE\":\"I/O error\",\"_UDEV_SYSNAME\":\"sdb\","
		  "\"_UDEV_DEVLINK\":[\"/dev/disk/by-id/a\",\"/dev/disk/by-alias/b\"]}",
		  0, "I/O error", "sdb", 2 },
		{ "{\"MESSAGE\":[104,105,255],\"_UDEV_DEVLINK\":\"/dev/x\"}", 0, "hi\xff", NULL, 1 },
		{ "{\"MESSAGE\":\"a\\nb\\u00e9\\ud83d\\ude00\"}", 0, "a\nb\xc3\xa9\xf0\x9f\x98\x80",
		  NULL, 0 },
		{ "{\"MESSAGE\":null,\"PRIORITY\":\"3\"}", 0, "", NULL, 0 },
		{ " { } ", 0, "", NULL, 0 },
		{ "{\"MESSAGE\":\"cut", -1, NULL, NULL, 0 },
		{ "{\"MESSAGE\":\"x\"} trailing", -1, NULL, NULL, 0 },
		{ "{\"MESSAGE\":[256]}", -1, NULL, NULL, 0 },
		{ "{\"MESSAGE\":{\"nested\":1}}", -1, NULL, NULL, 0 },
		{ "[1,2]", -1, NULL, NULL, 0 },
	};
	char scratch[256], what[80];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct log_record r;
		struct journal_fields jf;
		int ret = journal_json_parse(cases[i].in, strlen(cases[i].in), &r, &jf,
					     scratch);
		int ok = ret == cases[i].ret;

		if (ok && ret == 0)
			ok = span_is(r.text, r.text_len, cases[i].text) &&
			     (cases[i].sysname ? span_is(jf.sysname.p, jf.sysname.len,
							 cases[i].sysname)
					       : jf.sysname.len == 0) &&
			     jf.ndevlinks == cases[i].ndevlinks;
		snprintf(what, sizeof(what), "journal_json_parse case %zu", i);
		expect(ok, what, cases[i].in);
	}
}

int main(void)
{
	test_kmsg_parse();
	test_dmesg_parse();
	test_time_saturates();
	test_record_len();
	test_detect();
	test_tokens();
	{
		static const char *const few[] = { "sd", "nv", "s", "nn", "dm", NULL };
		static const char *const many[] = {
			"ab", "bc", "cd", "dm", "ef", "fg", "gh", "hi", "ij", "jk",
			"kl", "lm", "mn", "no", "op", "pq", "qr", "rs", "sd", "tu",
			"uv", "vw", "wx", "xy", "yz", "za", "Zq", "s", NULL,
		};

		for (int impl = LOG_SCAN_BYTES; impl <= LOG_SCAN_SSSE3; impl++) {
			if (!log_scan_impl_supported((enum log_scan_impl)impl)) {
				printf("# log_next_token: no %s here\n", impl_names[impl]);
				continue;
			}
			test_tokens_blocks("few", few, (enum log_scan_impl)impl);
			test_tokens_blocks("many", many, (enum log_scan_impl)impl);
		}
	}
	test_alias_suffix();
	test_alias_message();
	test_unescape();
	test_classify();
	test_ports();
	test_disk_part();
	test_journal_export();
	test_journal_json();
	printf("1..%d\n", count);
	return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
