/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_DISK_ARG_H
#define DISKALIAS_DISK_ARG_H

/*
 * DISK arguments: "sdb", "/dev/sdb", "/dev/disk/by-id/wwn-...",
 * "by-id/wwn-...", a link's base name, or a device-mapper name ("vg-lv",
 * "/dev/mapper/vg-lv"), resolved to a whole disk's
 * kernel name by looking at the few files they name (no scan).
 */

#include <stddef.h>

#include "disks.h"

/* Result of resolving a DISK argument (sdb, /dev/sdb, by-* links). */
enum disk_arg_status {
	DISK_ARG_OK = 0,
	DISK_ARG_UNKNOWN,	/* nothing of that name */
	DISK_ARG_PARTITION,	/* a partition; *name is its disk */
	DISK_ARG_BROKEN_LINK,	/* a /dev link to something not in /sys */
};

/*
 * Resolve arg to a whole-disk kernel name in name[DISK_NAME_MAX].  For
 * DISK_ARG_PARTITION name holds the partition's disk when it is known
 * (empty otherwise) and part the partition's own name.
 */
enum disk_arg_status disk_resolve(const char *arg, char *name, char *part);

/*
 * The reason a DISK argument did not resolve, in words, for messages of
 * the form "ARG: ...: REASON"; buf holds it when it must be formatted.
 */
const char *disk_arg_reason(int status, const char *arg, const char *disk,
			    const char *part, char *buf, size_t bufsz);

/* disk_resolve() that prints the reason ("diskalias: ARG: ...") on failure. */
int disk_resolve_or_warn(const char *arg, char *name);

#endif
