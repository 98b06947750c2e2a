// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the kernel log parser (cli/kmsg/kmsg.c): frames the
 * input into records as "diskalias log" does, parses each as kmsg and as
 * dmesg, scans the text for names and unescapes it, checking that every
 * span stays inside the input, and holds the " (alias NAME)" finder to a
 * naive reading of diskalias(8) ("log"); also parses the input as journal export
 * records and JSON lines, and classifies each message and name.  The
 * scan here is the best the machine has; scan_fuzz.c holds each to the
 * byte-at-a-time reference.
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Icli \
 *	cli/kmsg/kmsg.c tests/fuzz/kmsg_fuzz.c -o kmsg_fuzz
 *   ./kmsg_fuzz -max_total_time=60 tests/data/kmsg
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alias/alias_rules.h"
#include "kmsg/journal.h"
#include "kmsg/kmsg.h"

static void check_span(const char *p, size_t len, const char *buf, size_t size)
{
	if (p && (p < buf || p + len > buf + size))
		abort();
}

static void scan(const struct log_scanner *sc, const char *text, size_t len)
{
	struct log_token tok;
	size_t pos = 0, last = 0;

	while (log_next_token(sc, text, len, &pos, &tok)) {
		if (tok.start < last || tok.len == 0 || tok.start + tok.len > len ||
		    pos > len || pos < tok.start + tok.len)
			abort();
		last = tok.start + tok.len;
	}
}

/* " (alias NAME)" ends text, NAME 1 to 64 bytes of [A-Za-z0-9_-]: its length. */
static size_t naive_suffix(const char *text, size_t len)
{
	static const char head[] = " (alias ";
	static const char name_bytes[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

	for (size_t n = 1; n <= 64; n++) {
		size_t total = sizeof(head) - 1 + n + 1, i;

		if (len < total || text[len - 1] != ')' ||
		    memcmp(text + len - total, head, sizeof(head) - 1) != 0)
			continue;
		for (i = len - 1 - n; i < len - 1; i++)
			if (!memchr(name_bytes, text[i], sizeof(name_bytes) - 1))
				break;
		if (i == len - 1)
			return total;
	}
	return 0;
}

static void check_suffix(const char *text, size_t len)
{
	const char *alias = NULL;
	size_t alias_len = 0, n = log_alias_suffix(text, len, &alias, &alias_len);

	if (n != naive_suffix(text, len))
		abort();
	if (n && (alias_len + 9 != n || alias != text + len - 1 - alias_len))
		abort();
}

static void check_journal_fields(const struct journal_fields *jf,
				 const char *lo, const char *hi)
{
	const struct journal_span *sp[] = { &jf->boot_id, &jf->device, &jf->sysname };

	for (size_t i = 0; i < 3; i++)
		if (sp[i]->len && (sp[i]->p < lo || sp[i]->p + sp[i]->len > hi))
			abort();
	if (jf->ndevlinks > JOURNAL_DEVLINKS_MAX)
		abort();
	for (size_t i = 0; i < jf->ndevlinks; i++)
		if (jf->devlinks[i].len &&
		    (jf->devlinks[i].p < lo || jf->devlinks[i].p + jf->devlinks[i].len > hi))
			abort();
	/* a name record's fields: each inside the input, the alias valid */
	{
		struct name_record nr;

		journal_is_name_record(jf);
		if (journal_name_record(jf, &nr) == 0) {
			const struct journal_span *ns[] = {
				&nr.disk, &nr.key, &nr.wwn, &nr.serial, &nr.alias,
			};

			for (size_t i = 0; i < sizeof(ns) / sizeof(*ns); i++)
				if (ns[i]->len && (ns[i]->p < lo || ns[i]->p + ns[i]->len > hi))
					abort();
			if (!nr.disk.len || nr.nlinks > JOURNAL_DEVLINKS_MAX ||
			    (nr.alias.p && !alias_attr_ok(nr.alias.p, nr.alias.len)))
				abort();
		}
	}
}

static void check_classify(const char *text, size_t len)
{
	struct log_event_info ev;
	enum log_event e = log_classify(text, len, &ev);

	if (e >= LOG_EVENT_ALIAS && e < LOG_EVENT_ATA_ID) {
		check_span(ev.name, ev.name_len, text, len);
		if (!ev.name_len || log_disk_part(ev.name, ev.name_len) > ev.name_len ||
		    log_disk_part(ev.name, ev.name_len) == 0)
			abort();
	}
	if (ev.arg)
		check_span(ev.arg, ev.arg_len, text, len);
	if (ev.model)
		check_span(ev.model, ev.model_len, text, len);
}

static void journal(const char *buf, size_t size, char *scratch)
{
	struct log_record rec;
	struct journal_fields jf;
	size_t pos = 0;

	journal_export_detect(buf, size);
	journal_json_detect(buf, size);
	while (pos < size) {
		size_t n = journal_export_record_len(buf + pos, size - pos, true);

		if (n == 0 || n > size - pos)
			abort();
		if (journal_export_parse(buf + pos, n, &rec, &jf) == 0) {
			if (rec.text_len)
				check_span(rec.text, rec.text_len, buf, size);
			check_journal_fields(&jf, buf, buf + size);
			check_classify(rec.text, rec.text_len);
		}
		pos += n;
	}
	for (pos = 0; pos < size; ) {
		const char *nl = memchr(buf + pos, '\n', size - pos);
		size_t n = nl ? (size_t)(nl - buf - pos) : size - pos;

		if (journal_json_parse(buf + pos, n, &rec, &jf, scratch) == 0) {
			if (rec.text_len && (rec.text < scratch || rec.text + rec.text_len > scratch + n))
				abort();
			check_journal_fields(&jf, scratch, scratch + n);
		}
		pos += n + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	static struct log_scanner sc;
	static struct log_heads heads;
	struct log_record rec;
	char *out;
	size_t pos = 0;

	/* every head: every word is looked at */
	memset(&heads, 0xff, sizeof(heads));
	log_scanner_init(&sc, &heads, 16);
	log_detect_format(buf, size);

	out = malloc(size + 1);
	if (!out)
		return 0;
	while (pos < size) {
		size_t n = kmsg_record_len(buf + pos, size - pos, true);
		const char *nl;

		if (n == 0 || n > size - pos)
			abort();
		if (kmsg_parse(buf + pos, n, &rec) == 0) {
			check_span(rec.text, rec.text_len, buf, size);
			check_span(rec.device, rec.device_len, buf, size);
			scan(&sc, rec.text, rec.text_len);
			check_suffix(rec.text, rec.text_len);
			check_classify(rec.text, rec.text_len);
			if (kmsg_unescape(rec.text, rec.text_len, out) > rec.text_len)
				abort();
		}
		nl = memchr(buf + pos, '\n', n);
		if (dmesg_parse(buf + pos, nl ? (size_t)(nl - buf - pos) : n, &rec) == 0) {
			check_span(rec.prefix, rec.prefix_len, buf, size);
			check_span(rec.text, rec.text_len, buf, size);
			scan(&sc, rec.text, rec.text_len);
			check_suffix(rec.text, rec.text_len);
		}
		pos += n;
	}
	journal(buf, size, out);
	free(out);
	return 0;
}
