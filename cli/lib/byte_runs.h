/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_BYTE_RUNS_H
#define DISKALIAS_BYTE_RUNS_H

/*
 * Runs of bytes that go out as they are, for the writers of text (log's
 * plain lines, JSON strings): sixteen bytes a step with SSE2 (every
 * x86-64), eight in a 64-bit word elsewhere or with DISKALIAS_NO_SIMD
 * (which the unit tests build too; simd.h).  The caller handles the
 * byte that ends a run.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "simd.h"

#ifdef DISKALIAS_SSE2
/* The bytes of v not in the run, as a 16-bit mask (bit k: byte k). */
static inline unsigned byte_runs_bad16(__m128i v, bool json)
{
	/* signed: bytes of 0x80 and up are negative, below 0x20 */
	__m128i ok = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x1f)),
				   _mm_cmplt_epi8(v, _mm_set1_epi8(0x7f)));

	if (json)
		ok = _mm_andnot_si128(
			_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
				     _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
			ok);
	return (unsigned)_mm_movemask_epi8(ok) ^ 0xffffu;
}
#endif

/*
 * Whether the 8 bytes at s are all in the run: no byte below 0x20 (the
 * borrow test sets a byte's top bit), none of 0x7f and up (adding 1 sets
 * it, or it is set already), and for JSON no '"' or '\\' (a zero byte of
 * s ^ c).
 */
static inline bool byte_runs_ok8(const unsigned char *s, bool json)
{
	const uint64_t ones = 0x0101010101010101ULL;
	const uint64_t tops = 0x8080808080808080ULL;
	uint64_t w, q, b, bad;

	memcpy(&w, s, sizeof(w));
	bad = ((w - 0x20 * ones) & ~w & tops) | ((w | (w + ones)) & tops);
	if (json) {
		q = w ^ ('"' * ones);
		b = w ^ ('\\' * ones);
		bad |= ((q - ones) & ~q & tops) | ((b - ones) & ~b & tops);
	}
	return !bad;
}

static inline bool byte_runs_ok1(unsigned char c, bool json)
{
	return c >= 0x20 && c < 0x7f && !(json && (c == '"' || c == '\\'));
}

/*
 * The length of the run at s[0..len): printable ASCII (0x20..0x7e), and
 * for json neither '"' nor '\\'.
 */
static inline size_t byte_run(const unsigned char *s, size_t len, bool json)
{
	size_t i = 0;

#ifdef DISKALIAS_SSE2
	unsigned bad;

	for (; len - i >= 16; i += 16) {
		bad = byte_runs_bad16(_mm_loadu_si128((const __m128i *)(s + i)),
				      json);
		if (bad)
			return i + (size_t)__builtin_ctz(bad);
	}
	if (i == len)
		return len;
	if (len >= 16) {
		/* the last sixteen, overlapping what was looked at */
		bad = byte_runs_bad16(_mm_loadu_si128((const __m128i *)(s + len - 16)),
				      json) >> (16 - (len - i));
		return bad ? i + (size_t)__builtin_ctz(bad) : len;
	}
#endif
	for (; len - i >= 8 && byte_runs_ok8(s + i, json); i += 8)
		;
	/* the last few bytes in the last eight, looked at again */
	if (len - i < 8 && len >= 8 && byte_runs_ok8(s + len - 8, json))
		return len;
	while (i < len && byte_runs_ok1(s[i], json))
		i++;
	return i;
}

#endif
