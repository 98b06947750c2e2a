/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_DISK_ARG_H
#define DISKALIAS_DISK_ARG_H

/*
 * DISK arguments: "sdb", "/dev/sdb", "/dev/disk/by-id/wwn-...",
 * "by-id/wwn-...", a hardware link's base name (links.h's link_kind()),
 * or a device-mapper name ("vg-lv", "/dev/mapper/vg-lv"), resolved to a
 * whole disk's kernel name by looking at the few files they name (no
 * scan).
 */

#include <stddef.h>

#include "disks.h"

/* Result of resolving a DISK argument (sdb, /dev/sdb, by-* links). */
enum disk_arg_status {
	DISK_ARG_OK = 0,
	DISK_ARG_UNKNOWN,	/* nothing of that name */
	DISK_ARG_PARTITION,	/* a partition; *name is its disk */
	DISK_ARG_BROKEN_LINK,	/* a /dev link to something not in /sys */
	DISK_ARG_AMBIGUOUS,	/* a bare name of hardware links to two
				   devices: *name and *part are their
				   targets, by link_key_dirs[] order */
	DISK_ARG_CONTENT_NAME,	/* a bare name only a content link has:
				   *part is its directory ("by-label") */
	DISK_ARG_NVME_PATH,	/* an NVMe multipath path (nvme1c1n1):
				   *name is its head, *part the path */
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
