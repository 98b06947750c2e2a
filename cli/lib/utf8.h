/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_UTF8_H
#define DISKALIAS_UTF8_H

#include <stddef.h>

/*
 * Length of the valid UTF-8 sequence at s (avail bytes there, at least
 * one), or 0: a byte that starts none, an overlong form, a surrogate or a
 * value past U+10FFFF.  For the outputs that keep every byte, writing one
 * that is not UTF-8 as the text \xNN (JSON, the metrics).
 */
static inline size_t utf8_len(const unsigned char *s, size_t avail)
{
	size_t n, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	if (n > avail)
		return 0;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

#endif
