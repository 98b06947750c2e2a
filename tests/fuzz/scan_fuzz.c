// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the name scan (cli/kmsg/log_scan.c): every scan this
 * build and processor can run (kmsg.h: LOG_SCAN_SSE2, LOG_SCAN_SSSE3)
 * must find the tokens the byte-at-a-time reference finds, at the same
 * positions, from any starting place; and the reference's tokens must be
 * what kmsg.h says they are.  Aborts at the first difference.
 *
 * Input: a byte that gives max_len (1 to 24), then the heads' line (names
 * separated by spaces, each adding its first two bytes as a head), '\n',
 * and the text to scan.  Without a '\n' the bytes after the first are
 * both the heads' line and the text.
 *
 *   tests/run-fuzz 60 scan_fuzz
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg/kmsg.h"
#include "kmsg/log_bytes.h"

static const char *const impl_names[] = { "bytes", "SSE2", "SSSE3" };

/* A token of the reference, found from from: kmsg.h's contract. */
static void check_token(const struct log_scanner *sc, const char *text,
			size_t len, size_t from, size_t pos,
			const struct log_token *t)
{
	size_t end = t->start + t->len;

	if (t->start < from || t->len == 0 || end > len || pos != end)
		abort();
	if (t->kind == LOG_TOKEN_SCSI) {
		if (log_scsi_address_len(text, len, t->start) != t->len)
			abort();
		return;
	}
	if (t->len > sc->max_len || !log_heads_has(&sc->heads, text + t->start, t->len) ||
	    (t->start > from && is_word(text[t->start - 1])) ||
	    (end < len && is_word(text[end])))
		abort();
	for (size_t i = t->start; i < end; i++)
		if (!is_word(text[i]))
			abort();
}

static void differ(const char *what, enum log_scan_impl impl, size_t from,
		   size_t at)
{
	fprintf(stderr, "scan_fuzz: %s scan differs from the reference "
		"(%s, from %zu, after byte %zu)\n", impl_names[impl], what, from, at);
	abort();
}

/* The scan impl against the reference, token by token, from from. */
static void compare(struct log_scanner *sc, enum log_scan_impl impl,
		    const char *text, size_t len, size_t from)
{
	size_t p1 = from, p2 = from;
	struct log_token t1, t2;
	bool r1, r2;

	do {
		sc->impl = LOG_SCAN_BYTES;
		r1 = log_next_token(sc, text, len, &p1, &t1);
		if (r1)
			check_token(sc, text, len, from, p1, &t1);
		sc->impl = impl;
		r2 = log_next_token(sc, text, len, &p2, &t2);
		if (r1 != r2)
			differ(r1 ? "a token missed" : "a token too many", impl, from, p1);
		if (p1 != p2)
			differ("position", impl, from, p1);
		if (r1 && (t1.start != t2.start || t1.len != t2.len || t1.kind != t2.kind))
			differ("token", impl, from, t1.start);
	} while (r1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct log_scanner sc;
	struct log_heads heads;
	const char *line, *text, *nl;
	size_t line_len, len, max_len;

	if (size < 1)
		return 0;
	max_len = 1 + data[0] % 24;
	line = (const char *)data + 1;
	line_len = size - 1;
	nl = memchr(line, '\n', line_len);
	if (nl) {
		text = nl + 1;
		len = line_len - (size_t)(text - line);
		line_len = (size_t)(nl - line);
	} else {
		text = line;
		len = line_len;
	}
	memset(&heads, 0, sizeof(heads));
	for (size_t i = 0, j; i < line_len; i = j + 1) {
		const char *sp = memchr(line + i, ' ', line_len - i);

		j = sp ? (size_t)(sp - line) : line_len;
		if (j > i)
			log_heads_add(&heads, line + i, j - i);
	}
	log_scanner_init(&sc, &heads, max_len);
	/* every place in a block of sixteen to start from, and the middle */
	for (int impl = LOG_SCAN_BYTES; impl <= LOG_SCAN_SSSE3; impl++) {
		if (!log_scan_impl_supported((enum log_scan_impl)impl))
			continue;
		for (size_t from = 0; from <= len && from <= 16; from++)
			compare(&sc, (enum log_scan_impl)impl, text, len, from);
		compare(&sc, (enum log_scan_impl)impl, text, len, len / 2);
	}
	return 0;
}
