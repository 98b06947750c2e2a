// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The names in a kernel log message (kmsg.h: log_next_token()): words
 * that start as a known name or naming scheme does, and SCSI addresses.
 * The scan here looks at a byte at a time and is the reference: the
 * faster scans of log_scan_simd.c must find what it finds, and are
 * chosen here, at run time, by what the processor has.
 */
#include "kmsg.h"

#include <string.h>

#include "log_bytes.h"
#include "log_scan_simd.h"

void log_heads_add(struct log_heads *h, const char *name, size_t len)
{
	unsigned c0 = (unsigned char)name[0];
	unsigned c1 = len >= 2 ? (unsigned char)name[1] : 0;

	if (len)
		h->bits[c0][c1 >> 3] |= 1u << (c1 & 7);
}

/* Whether any head starts with byte c. */
static bool heads_first(const struct log_heads *h, int c)
{
	for (size_t k = 0; k < sizeof(h->bits[c]); k++)
		if (h->bits[c][k])
			return true;
	return false;
}

bool log_scan_impl_supported(enum log_scan_impl impl)
{
	switch (impl) {
	case LOG_SCAN_BYTES:
		return true;
#ifdef DISKALIAS_SSE2
	case LOG_SCAN_SSE2:
		return true;
	case LOG_SCAN_SSSE3:
		return __builtin_cpu_supports("ssse3");
#endif
	default:
		return false;
	}
}

void log_scanner_init(struct log_scanner *sc, const struct log_heads *heads,
		      size_t max_len)
{
	for (int c = 0; c < 256; c++) {
		if (is_digit((char)c))
			sc->cls[c] = CL_DIGIT;
		else if (!word_byte[c])
			sc->cls[c] = CL_NONE;
		else if (heads_first(heads, c))
			sc->cls[c] = CL_START;
		else
			sc->cls[c] = CL_WORD;
	}
	sc->nfirst = 0;
#ifdef DISKALIAS_SSE2
	log_scan_simd_init(sc, heads);
#endif
	sc->max_len = max_len;
	sc->heads = *heads;
	sc->impl = log_scan_impl_supported(LOG_SCAN_SSSE3) ? LOG_SCAN_SSSE3 :
		   log_scan_impl_supported(LOG_SCAN_SSE2) ? LOG_SCAN_SSE2 :
		   LOG_SCAN_BYTES;
}

size_t log_scsi_address_len(const char *text, size_t len, size_t start)
{
	size_t j = start;
	uint64_t v;
	int parts = 0;

	if (start > 0 && text[start - 1] == ':')
		return 0;
	while (get_number(text, len, &j, &v)) {
		if (++parts == 4 || j >= len || text[j] != ':')
			break;
		j++;
	}
	if (parts != 4 || (j < len && is_word(text[j])) ||
	    (j + 1 < len && text[j] == ':' && is_digit(text[j + 1])))
		return 0;
	return j - start;
}

/* The reference: each word in turn, by the class of its first byte. */
static bool next_token_bytes(const struct log_scanner *sc, const char *text,
			     size_t len, size_t *pos, struct log_token *tok)
{
	const uint8_t *cls = sc->cls;
	size_t i = *pos, start, n;
	uint8_t c;

	while (i < len) {
		c = cls[(unsigned char)text[i]];
		if (c == CL_NONE) {
			i++;
			continue;
		}
		start = i++;
		while (i < len && cls[(unsigned char)text[i]] != CL_NONE)
			i++;
		if (c == CL_START && i - start <= sc->max_len &&
		    log_heads_has(&sc->heads, text + start, i - start)) {
			*tok = (struct log_token){ start, i - start, LOG_TOKEN_WORD };
			*pos = i;
			return true;
		}
		/* "2:0:0:1": a word of digits that a colon ends */
		if (c == CL_DIGIT && i < len && text[i] == ':' &&
		    (n = log_scsi_address_len(text, len, start)) != 0) {
			*tok = (struct log_token){ start, n, LOG_TOKEN_SCSI };
			*pos = start + n;
			return true;
		}
	}
	*pos = len;
	return false;
}

bool log_next_token(const struct log_scanner *sc, const char *text,
		    size_t len, size_t *pos, struct log_token *tok)
{
#ifdef DISKALIAS_SSE2
	if (sc->impl == LOG_SCAN_SSSE3)
		return log_next_token_ssse3(sc, text, len, pos, tok);
	if (sc->impl == LOG_SCAN_SSE2)
		return log_next_token_sse2(sc, text, len, pos, tok);
#endif
	return next_token_bytes(sc, text, len, pos, tok);
}
