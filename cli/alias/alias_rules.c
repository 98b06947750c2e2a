// SPDX-License-Identifier: GPL-2.0-or-later
#include "alias_rules.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* A table rather than five range tests: the config parser checks every byte. */
const bool alias_bytes[256] = {
	['-'] = true,
	['0' ... '9'] = true,
	['A' ... 'Z'] = true,
	['_'] = true,
	['a' ... 'z'] = true,
};

int alias_check(const char *buf, size_t len, struct alias_check *out)
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
	if (out)
		*out = r;
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

bool alias_attr_ok(const char *s, size_t len)
{
	struct alias_check chk;

	return alias_check(s, len, &chk) == 0 && chk.len == len;
}

/* ---- names the kernel gives block devices ---- */

/* Drivers that name disks with letters: sda, sdaa, vdb, xvdc, dasdd. */
static const char *const letter_schemes[] = {
	"sd", "hd", "vd", "xvd", "dasd", "rssd", "ubd",
};

/*
 * Drivers that number them: loop0, md127, dm-3, nvme0n1, mmcblk0p1;
 * msblk0 and mspblk0 are Memory Stick cards (ms_block, mspro_block).
 */
static const char *const number_schemes[] = {
	"bcache", "dm-", "drbd", "fd", "loop", "md", "md_d", "mmcblk",
	"msblk", "mspblk", "mtdblock", "nbd", "nullb", "nvme", "pmem", "ram",
	"rbd", "rnbd", "scd", "skd", "sr", "ubiblock", "ublkb", "zd", "zram",
};

static size_t digits(const char *s, size_t len)
{
	size_t n = 0;

	while (n < len && s[n] >= '0' && s[n] <= '9')
		n++;
	return n;
}

static bool has_word(const char *s, size_t len, const char *w)
{
	size_t wl = strlen(w);

	return len >= wl && memcmp(s, w, wl) == 0;
}

/*
 * After a numbered name's first number: groups that name a namespace,
 * a controller path or a partition (n1, c0, p2, boot0, gp1, _0), and the
 * suffixes rpmb (MMC) and s (pmem sectors), as the drivers print them.
 */
static bool numbered_tail(const char *s, size_t len)
{
	static const char *const groups[] = { "boot", "gp", "p", "n", "c", "_" };

	while (len > 0) {
		size_t i, d;

		if ((len == 4 && memcmp(s, "rpmb", 4) == 0) ||
		    (len == 1 && s[0] == 's'))
			return true;
		for (i = 0; i < sizeof(groups) / sizeof(*groups); i++)
			if (has_word(s, len, groups[i]))
				break;
		if (i == sizeof(groups) / sizeof(*groups))
			return false;
		s += strlen(groups[i]);
		len -= strlen(groups[i]);
		d = digits(s, len);
		if (d == 0)
			return false;
		s += d;
		len -= d;
	}
	return true;
}

bool alias_kernel_shaped(const char *s, size_t len)
{
	for (size_t i = 0; i < sizeof(letter_schemes) / sizeof(*letter_schemes); i++) {
		size_t pl = strlen(letter_schemes[i]), n = 0;

		if (!has_word(s, len, letter_schemes[i]))
			continue;
		while (pl + n < len && s[pl + n] >= 'a' && s[pl + n] <= 'z')
			n++;
		/* sd numbers a million disks: up to 5 letters, then a partition */
		if (n >= 1 && n <= 5 && digits(s + pl + n, len - pl - n) == len - pl - n)
			return true;
	}
	for (size_t i = 0; i < sizeof(number_schemes) / sizeof(*number_schemes); i++) {
		size_t pl = strlen(number_schemes[i]), d;

		if (!has_word(s, len, number_schemes[i]))
			continue;
		d = digits(s + pl, len - pl);
		if (d == 0)
			continue;
		/* nvme0 is a controller (a character device), nvme0n1 a disk */
		if (strcmp(number_schemes[i], "nvme") == 0 &&
		    (pl + d == len || s[pl + d] == 'p'))
			continue;
		if (numbered_tail(s + pl + d, len - pl - d))
			return true;
	}
	return false;
}
