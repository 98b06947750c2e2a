/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_DISKS_H
#define DISKALIAS_DISKS_H

/*
 * The disks of a (sys)root: /sys/block/<disk> and its partitions
 * (disk_read.c), the /dev/disk/by-* links that point at them (links.c)
 * and their mount points (mounts.c).  A scan reads only what its flags
 * ask for, so that "get" and "set" stay cheap and "list" stays linear in
 * the number of disks.
 */

#include "disk_table.h"

enum {
	SCAN_ALIAS  = 1 << 0,	/* alias attribute */
	SCAN_INFO   = 1 << 1,	/* size, model, serial, wwn */
	SCAN_FLAGS  = 1 << 7,	/* removable, ro */
	SCAN_PARTS  = 1 << 2,	/* partitions */
	SCAN_DEVNO  = 1 << 3,	/* major:minor of disks (and partitions) */
	SCAN_LINKS  = 1 << 4,	/* /dev/disk/by-* (implies SCAN_PARTS) */
	SCAN_MOUNTS = 1 << 5,	/* mount points (implies PARTS and DEVNO) */
	SCAN_HIDE_EMPTY = 1 << 6, /* skip empty loop, nbd, zram, ram */
	SCAN_PART_SIZE = 1 << 8, /* size of each partition (implies PARTS) */
	SCAN_DM     = 1 << 9,	/* a device-mapper disk's name (dm/name) */
	SCAN_HIDE_HIDDEN = 1 << 10, /* skip hidden disks (NVMe multipath paths) */
	/* only the hardware links' directories (link_key_dirs[]): what
	   PERSISTENT chooses from; SCAN_LINKS reads them all */
	SCAN_KEY_LINKS = 1 << 11,
};

/* Fill *dt with every disk of the sysroot.  Returns 0 or -errno. */
int disks_scan(struct disk_table *dt, unsigned int flags);
void disks_free(struct disk_table *dt);

#endif
