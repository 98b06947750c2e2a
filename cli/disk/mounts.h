/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_MOUNTS_H
#define DISKALIAS_MOUNTS_H

/*
 * Where disks and partitions are mounted: /proc/self/mountinfo (through
 * libmount), matched to the scan's disks by the kernel's device map
 * (/sys/dev/block), or by "dev" files where a tree has no such map.
 */

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "disk_table.h"

struct mount_rec {
	char *target;		/* malloc'd */
	const char *name;	/* of the device, after target; "" by_dev_files */
	dev_t devno;
	bool by_name;		/* one of a source's devices: match name, not devno */
};

/* The mounts of block devices, from /proc/self/mountinfo. */
struct mount_table {
	bool by_dev_files;	/* no /sys/dev/block: match "dev" files */
	bool failed;		/* mountinfo could not be parsed */
	struct mount_rec *recs;
	size_t n, cap;
};

/* Read the mount table below the sysroot into *mt (set by_dev_files first). */
void mount_table_read(struct mount_table *mt);

/* Give each disk of dt its mounts from mt, which is used up. */
void mounts_merge(struct disk_table *dt, struct mount_table *mt);

#endif
