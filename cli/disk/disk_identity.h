/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_DISK_IDENTITY_H
#define DISKALIAS_DISK_IDENTITY_H

/*
 * A disk's model, serial number and WWN for disks_scan() (disk_read.c).
 */

#include <stdbool.h>

#include "disk_attr.h"
#include "disk_table.h"

/*
 * Does a failed read of an identity attribute (device/wwid,
 * device/vpd_pg80, device/model, an NVMe namespace's wwid, ...) with
 * errno err mean only that the device does not give it?  A real kernel
 * refuses them so (a USB stick's device/wwid without VPD page 0x83 gives
 * ENXIO): the fact is unknown, which is no error (diskalias(8), EXIT
 * STATUS 64).
 */
bool disk_identity_unknown_errno(int err);

/* d->model, d->serial and d->wwn, as the disk's directory dd allows. */
void disk_read_identity(struct scan_ctx *sc, int dfd, struct disk *d,
			const struct disk_dir *dd);

#endif
