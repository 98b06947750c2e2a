// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * byte_run() (cli/lib/byte_runs.h) against a byte-at-a-time reading of its
 * rule: every length up to 70, a byte that ends the run at every place,
 * of every kind that ends one, in plain and JSON mode.  Built twice: with
 * SSE2 where the compiler has it, and with DISKALIAS_NO_SIMD (the word
 * fallback other machines run).  TAP-like; exit status 1 on a failure.
 */
#include <stdio.h>
#include <string.h>

#include "lib/byte_runs.h"
#include "tap.h"

static size_t ref_run(const unsigned char *s, size_t len, bool json)
{
	size_t i = 0;

	while (i < len && s[i] >= 0x20 && s[i] <= 0x7e &&
	       !(json && (s[i] == '"' || s[i] == '\\')))
		i++;
	return i;
}

int main(void)
{
	/* bytes just inside and outside the run's bounds, and the two JSON
	 * escapes; 0x80 and 0xff are negative to a signed compare */
	static const unsigned char enders[] = {
		0x00, 0x09, 0x0a, 0x1f, 0x7f, 0x80, 0x9b, 0xc2, 0xff, '"', '\\',
	};
	static const unsigned char fillers[] = { 0x20, 'a', 0x7e, '~', '!' };
	unsigned char buf[80];
	char what[120];
	int bad = 0, cases = 0;

	for (int json = 0; json <= 1; json++) {
		for (size_t len = 0; len <= 70; len++) {
			for (size_t at = 0; at <= len; at++) {
				for (size_t e = 0; e < sizeof(enders); e++) {
					size_t got, want;

					for (size_t k = 0; k < len; k++)
						buf[k] = fillers[(k + at) % sizeof(fillers)];
					if (at < len)
						buf[at] = enders[e];
					/* and a second ender later, when there is room */
					if (at + 3 < len)
						buf[at + 3] = enders[(e + 1) % sizeof(enders)];
					got = byte_run(buf, len, json);
					want = ref_run(buf, len, json);
					cases++;
					if (got != want && bad++ < 5) {
						snprintf(what, sizeof(what),
							 "json %d len %zu ender 0x%02x at %zu: "
							 "%zu, want %zu", json, len,
							 enders[e], at, got, want);
						check(0, what);
					}
				}
			}
		}
	}
	snprintf(what, sizeof(what), "byte_run = the byte-at-a-time rule in %d cases (%s)",
		 cases,
#ifdef DISKALIAS_SSE2
		 "SSE2"
#else
		 "64-bit words"
#endif
		 );
	check(!bad, what);
	return tap_end();
}
