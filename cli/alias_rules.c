// SPDX-License-Identifier: GPL-2.0-or-later
#include "alias_rules.h"

#include <errno.h>
#include <stdio.h>

int alias_check(const char *buf, size_t len, struct alias_check *res)
{
	struct alias_check r = { .verdict = ALIAS_OK };
	size_t i;

	if (len > 0 && buf[len - 1] == '\n')
		len--;
	r.len = len;
	if (len == 0) {
		r.verdict = ALIAS_EMPTY;
	} else if (len > ALIAS_MAX_LEN) {
		r.verdict = ALIAS_TOO_LONG;
	} else {
		for (i = 0; i < len; i++) {
			if (!alias_byte_ok((unsigned char)buf[i])) {
				r.verdict = ALIAS_BAD_BYTE;
				r.pos = i;
				r.byte = (unsigned char)buf[i];
				break;
			}
		}
	}
	if (res)
		*res = r;
	return r.verdict == ALIAS_OK ? 0 : -EINVAL;
}

static const char *byte_name(unsigned char c, char *buf, size_t bufsz)
{
	switch (c) {
	case '\0':
		return "NUL";
	case '\n':
		return "newline";
	case '\t':
		return "tab";
	case ' ':
		return "space";
	}
	if (c > 0x20 && c < 0x7f)
		snprintf(buf, bufsz, "'%c'", c);
	else if (c >= 0x80)
		snprintf(buf, bufsz, "non-ASCII");
	else
		snprintf(buf, bufsz, "control character");
	return buf;
}

char *alias_reason(const struct alias_check *res, char *buf, size_t bufsz)
{
	char name[32];

	switch (res->verdict) {
	case ALIAS_OK:
		snprintf(buf, bufsz, "valid");
		break;
	case ALIAS_EMPTY:
		snprintf(buf, bufsz, "empty; an alias has 1 to %d bytes",
			 ALIAS_MAX_LEN);
		break;
	case ALIAS_TOO_LONG:
		snprintf(buf, bufsz, "%zu bytes long; the limit is %d",
			 res->len, ALIAS_MAX_LEN);
		break;
	case ALIAS_BAD_BYTE:
		snprintf(buf, bufsz,
			 "byte %zu is %s (0x%02x); only ASCII letters, digits, '-' and '_' are allowed",
			 res->pos + 1, byte_name(res->byte, name, sizeof(name)),
			 res->byte);
		break;
	}
	return buf;
}

char *alias_quote(const char *alias, size_t len, char *buf, size_t bufsz)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, o = 0;

	if (bufsz < 8) {
		if (bufsz)
			buf[0] = '\0';
		return buf;
	}
	buf[o++] = '"';
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)alias[i];

		/*
		 * room for "\xHH", '...', closing quote and NUL; a valid alias
		 * (o counts the opening quote) is never cut
		 */
		if (o + 4 + 3 + 2 > bufsz || o > ALIAS_MAX_LEN) {
			buf[o++] = '.';
			buf[o++] = '.';
			buf[o++] = '.';
			break;
		}
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
			buf[o++] = (char)c;
		} else {
			buf[o++] = '\\';
			buf[o++] = 'x';
			buf[o++] = hex[c >> 4];
			buf[o++] = hex[c & 0xf];
		}
	}
	buf[o++] = '"';
	buf[o] = '\0';
	return buf;
}
