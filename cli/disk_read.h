/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_DISK_READ_H
#define DISKALIAS_DISK_READ_H

/*
 * Reading one disk's /sys/block/<disk> directory for disks_scan(): its
 * attributes, partitions and identity.  Private to the scan (disks.c).
 */

#include <stdbool.h>

#include "disks.h"

#define ATTR_MAX 4096
#define DIRENT_BUF 32768

/* One worker's state while scanning disks. */
struct scan_ctx {
	char **warnings;	/* the current disk's, "line\n" each */
	char *buf;		/* ATTR_MAX */
	char *dbuf;		/* DIRENT_BUF */
	bool alias_attr_seen;
	bool missing;		/* a file the disk must have read as absent */
	/*
	 * sysfs and tmpfs fill a getdents64() buffer for as long as entries
	 * fit, so a listing that leaves room for one more is the whole
	 * directory: the call that would return 0 is saved.  (FUSE, for
	 * one, may hand out a directory a page at a time.)
	 */
	bool short_list_is_all;
};

/*
 * Fill in d (d->name set, the rest zeroed) as flags ask.  Returns false
 * when the disk is to be left out: an empty loop or ram device hidden by
 * SCAN_HIDE_EMPTY, or one gone while being read (warned).
 */
bool disk_read(struct scan_ctx *sc, struct disk *d, unsigned int flags);

/* Free what disk_read() and the merges of links and mounts gave d. */
void disk_free(struct disk *d);

#endif
