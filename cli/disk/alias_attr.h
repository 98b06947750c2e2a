/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_ALIAS_ATTR_H
#define DISKALIAS_ALIAS_ATTR_H

/*
 * /sys/block/<disk>/alias: the one place that reads it, checks what it
 * holds against the alias rules, writes it, and words the kernel's
 * refusals (for set and apply alike).
 */

#include <stdbool.h>

#define ALIAS_NO_ATTRIBUTE "this kernel has no alias attribute (see diskalias(8))"
#define ALIAS_NEEDS_ROOT "permission denied; setting an alias needs root"
#define ALIAS_STAYS "which stays until the disk goes away"

/*
 * Read the alias attribute of disk "name".  Returns 1 and a malloc'd alias
 * in *alias, 0 when unset, or -errno: -ENOENT without the attribute (or
 * the disk), -EILSEQ when the content breaks the alias rules.
 */
int alias_attr_read(const char *name, char **alias);

/* Where a write failed. */
enum alias_write_step {
	ALIAS_AT_OPEN,		/* open(2) */
	ALIAS_AT_TYPE,		/* not a regular file (a FIFO in a fake tree) */
	ALIAS_AT_WRITE,		/* the kernel refused the value */
};

/*
 * Write alias to the attribute, in one write(2) as sysfs wants it.
 * Returns 0 or -errno, with *step (may be NULL) saying where.
 */
int alias_attr_write(const char *name, const char *alias,
		     enum alias_write_step *step);

/*
 * The kernel's refusal in words ("the disk is being added or deleted"),
 * or NULL for an errno the alias attribute never gives on its own.  Like
 * strerror(), these two take the errno value itself (-alias_attr_write()).
 */
const char *alias_attr_reason(int e);

/* alias_attr_reason(), or strerror() for any other errno. */
const char *alias_attr_strerror(int e);

#endif
