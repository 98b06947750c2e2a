/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_DISK_READ_H
#define DISKALIAS_DISK_READ_H

/*
 * Reading one disk's /sys/block/<disk> directory for disks_scan(): its
 * attributes, partitions and identity.  Private to the scan (disks.c).
 */

#include <stdbool.h>
#include <sys/types.h>

#include "disk_attr.h"
#include "disks.h"

/*
 * Fill in d (d->name set, the rest zeroed) as flags ask.  Returns false
 * when the disk is to be left out: an empty loop, nbd, zram or ram device
 * hidden by SCAN_HIDE_EMPTY, or one gone while being read (warned).
 */
bool disk_read(struct scan_ctx *sc, struct disk *d, unsigned int flags);

/* Free what disk_read() and the merges of links and mounts gave d. */
void disk_free(struct disk *d);

#endif
