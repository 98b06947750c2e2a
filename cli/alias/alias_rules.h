/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_ALIAS_RULES_H
#define DISKALIAS_ALIAS_RULES_H

/*
 * The rules of the kernel's /sys/block/<disk>/alias attribute (the series'
 * ABI document, Documentation/ABI/stable/sysfs-block in
 * kernel-patch/), kept free of any other dependency so
 * that the fuzzer and the kernel-corpus test can link this file alone.
 */

#include <stdbool.h>
#include <stddef.h>

#define ALIAS_MAX_LEN 64

enum alias_verdict {
	ALIAS_OK = 0,
	ALIAS_EMPTY,		/* nothing left after the trailing newline */
	ALIAS_TOO_LONG,		/* more than ALIAS_MAX_LEN bytes */
	ALIAS_BAD_BYTE,		/* a byte outside [A-Za-z0-9_-] (NUL, '\n' too) */
};

struct alias_check {
	enum alias_verdict verdict;
	size_t len;		/* length that the rules apply to */
	size_t pos;		/* ALIAS_BAD_BYTE: 0-based offset of the byte */
	unsigned char byte;	/* ALIAS_BAD_BYTE: the byte */
};

/* The bytes allowed in an alias, [A-Za-z0-9_-], by value (alias_rules.c). */
extern const bool alias_bytes[256];

/* A byte allowed in an alias.  Locale-independent: 0x80 and up never are. */
static inline bool alias_byte_ok(unsigned char c)
{
	return alias_bytes[c];
}

/*
 * Judge the bytes buf[0..len) as a write(2) to the attribute: one trailing
 * '\n' is dropped, then the rules apply.  Fills *out (may be NULL) and
 * returns 0 when valid, -EINVAL otherwise, as the kernel does.
 */
int alias_check(const char *buf, size_t len, struct alias_check *out);

/*
 * The one rule for what reading the attribute gave, its one trailing
 * newline already dropped (read_attr()): a valid alias and nothing else.
 * "ok\n\n" read back is "ok\n", which this refuses: alias_check() would
 * drop a second newline.
 */
bool alias_attr_ok(const char *s, size_t len);

/*
 * One-line reason for an invalid verdict, e.g. "byte 0x20 (' ') at
 * position 3 is not an ASCII letter, digit, '-' or '_'".  Returns buf.
 */
char *alias_reason(const struct alias_check *res, char *buf, size_t bufsz);

/*
 * Quote an alias for a message: printable ASCII as is, every other byte as
 * \xHH, cut after ALIAS_MAX_LEN bytes of output with "...", so a valid
 * alias is shown whole in a buffer of 80 bytes.  Returns buf.
 */
char *alias_quote(const char *alias, size_t len, char *buf, size_t bufsz);

/*
 * Is s[0..len) shaped like a name the kernel gives a block device or
 * partition (sdq, vdb1, nvme1n1, mmcblk0p2, dm-3, md0, loop2...), in any
 * naming scheme of the block drivers Debian ships?  Such an alias is
 * refused without --force: a disk added later could get that name.
 */
bool alias_kernel_shaped(const char *s, size_t len);

#endif
