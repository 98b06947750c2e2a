// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the JSON writer's strings (cli/lib/json_writer.c), as
 * diskalias(8) promises them (list -J): whatever the bytes of a value,
 *
 *  - the output is one JSON string of valid UTF-8;
 *  - it holds no byte a terminal acts on: no C0 control, no DEL, no C1
 *    control (U+0080..U+009F) written as a character;
 *  - it loses nothing: decoding the JSON, then the \xNN escapes, gives the
 *    value back byte for byte.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json_writer.h"

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Length of the valid UTF-8 character at s (n bytes left), or 0. */
static size_t utf8_char(const unsigned char *s, size_t n)
{
	size_t len;

	if (s[0] < 0x80)
		return 1;
	len = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 :
	      s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : 0;
	if (!len || len > 4 || len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct json_writer js;
	char *in, *out = NULL, *dec, *back;
	size_t outlen = 0, i, d = 0, b = 0;
	FILE *f;

	/* a C string: up to the first NUL */
	in = malloc(size + 1);
	if (!in)
		abort();
	memcpy(in, data, size);
	in[size] = '\0';

	f = open_memstream(&out, &outlen);
	if (!f)
		abort();
	json_init(&js, f);
	js.compact = true;
	json_string(&js, NULL, in);
	json_flush(&js);
	fclose(f);

	/* valid UTF-8, nothing a terminal acts on */
	for (i = 0; i < outlen; ) {
		const unsigned char *u = (const unsigned char *)out + i;
		size_t n = utf8_char(u, outlen - i);

		if (!n || u[0] < 0x20 || u[0] == 0x7f ||
		    (u[0] == 0xc2 && u[1] < 0xa0))
			abort();
		i += n;
	}

	/* decode the JSON string (the \u escapes the writer uses: 00XX) */
	if (outlen < 2 || out[0] != '"' || out[outlen - 1] != '"')
		abort();
	dec = malloc(outlen * 2 + 1);
	back = malloc(outlen + 1);
	if (!dec || !back)
		abort();
	for (i = 1; i < outlen - 1; i++) {
		char c = out[i];

		if (c == '"')
			abort();	/* unescaped quote inside */
		if (c != '\\') {
			dec[d++] = c;
			continue;
		}
		c = out[++i];
		if (c == 'u') {
			int v = 0;

			for (int k = 1; k <= 4; k++) {
				int h = hexval(out[i + k]);

				if (h < 0)
					abort();
				v = v * 16 + h;
			}
			if (v > 0x9f)
				abort();
			if (v >= 0x80) {	/* UTF-8 of U+0080..U+009F */
				dec[d++] = (char)0xc2;
				dec[d++] = (char)v;
			} else {
				dec[d++] = (char)v;
			}
			i += 4;
		} else if (c == '"' || c == '\\') {
			dec[d++] = c;
		} else {
			abort();
		}
	}
	/* then the \xNN escapes: "\x" always starts one */
	for (i = 0; i < d; i++) {
		if (dec[i] == '\\' && i + 1 < d && dec[i + 1] == 'x') {
			int hi, lo;

			if (i + 3 >= d + 0 || (hi = hexval(dec[i + 2])) < 0 ||
			    (lo = hexval(dec[i + 3])) < 0)
				abort();
			back[b++] = (char)(hi * 16 + lo);
			i += 3;
			continue;
		}
		back[b++] = dec[i];
	}
	if (b != strlen(in) || memcmp(back, in, b) != 0)
		abort();

	free(in);
	free(out);
	free(dec);
	free(back);
	return 0;
}
