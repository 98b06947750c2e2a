// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel log parser (cli/kmsg/kmsg.c) alone: record framing, kmsg and
 * dmesg parsing, format detection and unescaping, and the journal formats
 * (journal.c), table-driven.  The name scanner is log_scan_test.c, the
 * line classifier log_text_test.c.
 * Output is TAP-like (tap.h); exit status 1 when a case fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg/journal.h"
#include "kmsg/kmsg.h"
#include "tap.h"

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
	test_unescape();
	test_journal_export();
	test_journal_json();
	return tap_end();
}
