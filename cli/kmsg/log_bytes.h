/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_LOG_BYTES_H
#define DISKALIAS_LOG_BYTES_H

/* Byte classes and numbers of kernel log text, for kmsg.c, the name scan
 * (log_scan.c, log_scan_simd.c) and log_text.c. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

static inline bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Bytes that continue a word: a disk name never ends next to one. */
static const bool word_byte[256] = {
	['-'] = 1, ['_'] = 1,
	['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1,
	['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
	['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1,
	['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1,
	['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1,
	['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1,
	['Y'] = 1, ['Z'] = 1,
	['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1,
	['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1,
	['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1,
	['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1,
	['y'] = 1, ['z'] = 1,
};

static inline bool is_word(char c)
{
	return word_byte[(unsigned char)c];
}

/*
 * Digits at s[*i] into *v (saturating); false when there are none.  The
 * loop runs on locals: *i and *v may alias, so the compiler would store
 * and load both at every digit.
 */
static inline bool get_number(const char *s, size_t len, size_t *i, uint64_t *v)
{
	size_t j = *i;
	uint64_t n = 0;

	while (j < len && is_digit(s[j])) {
		if (n < UINT64_MAX / 10)
			n = n * 10 + (uint64_t)(s[j] - '0');
		else
			n = UINT64_MAX;
		j++;
	}
	*v = n;
	if (j == *i)
		return false;
	*i = j;
	return true;
}

#endif
