/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_LOG_SCAN_SIMD_H
#define DISKALIAS_LOG_SCAN_SIMD_H

/*
 * What the two files of the name scan (kmsg.h: log_next_token()) share.
 * log_scan.c holds the scan a byte at a time, the reference;
 * log_scan_simd.c the same scan sixteen bytes a step, with SSE2 and with
 * SSSE3, which must find exactly the tokens the reference finds, at the
 * same positions (tests/unit/log_scan_test.c, tests/fuzz/scan_fuzz.c).
 */

#include <stdbool.h>
#include <stddef.h>

#include "kmsg.h"
#include "lib/simd.h"

/* What each byte is to the scan (sc->cls[]) */
enum {
	CL_NONE,	/* no word's: ends one */
	CL_WORD,	/* a word's, which no head starts with */
	CL_START,	/* a word's, which a head starts with */
	CL_DIGIT,	/* a word's: a digit, maybe a SCSI address's first */
};

#ifdef DISKALIAS_SSE2
/* The tables the sixteen-byte scans look up, from sc->cls and heads. */
void log_scan_simd_init(struct log_scanner *sc, const struct log_heads *heads);

bool log_next_token_sse2(const struct log_scanner *sc, const char *text,
			 size_t len, size_t *pos, struct log_token *tok);
/* Only where log_scan_impl_supported(LOG_SCAN_SSSE3). */
bool log_next_token_ssse3(const struct log_scanner *sc, const char *text,
			  size_t len, size_t *pos, struct log_token *tok);
#endif

#endif
