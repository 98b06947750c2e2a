/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_LINKS_H
#define DISKALIAS_LINKS_H

/*
 * The persistent names udev keeps in /dev/disk/by-*: which directories
 * there are, the links each holds (for the scan), one link looked up by
 * name (for DISK arguments), and which of a disk's links is the most
 * stable (for the config's keys).
 */

#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>

#include "disk_table.h"

/*
 * The by-* directories of /dev/disk, sorted, in *dirs (malloc'd, each
 * malloc'd), and the open /dev/disk, or NULL (no udev links at all is a
 * normal case; *dirs is then empty).
 */
DIR *link_dirs_open(char ***dirs, size_t *ndirs);

struct link_rec {
	char *name;		/* the link's name, "wwn-0x...", malloc'd */
	const char *target;	/* what it points at, "sdb1", after name */
};

/* What one /dev/disk/by-* directory holds. */
struct link_dir {
	struct link_rec *recs;
	size_t n, cap;
	int error;		/* errno of reading the directory */
};

/* Read directory "name" of /dev/disk (diskdirfd); dbuf is DIRENT_BUF. */
void link_dir_read(int diskdirfd, const char *name, struct link_dir *out,
		   char *dbuf);

/* Give each disk of dt the links of per_dir[] (one a dt->dirs) to it. */
void links_merge(struct disk_table *dt, struct link_dir *per_dir);

/*
 * The kernel name a link named base points at, in the first by-*
 * directory that has one, in target[DISK_NAME_MAX].
 */
bool link_find(const char *base, char *target);

/*
 * The most stable persistent name of disk d, as "/dev/disk/by-*\/NAME"
 * in buf, choosing in this order: a by-id/wwn- link; a transport serial
 * link in by-id (scsi-, nvme-, virtio-, ata-, then any other, leaving
 * -partN names, nvme-eui./nvme-nguid. and "_1" duplicates for last); a
 * by-path link.  Returns false when the disk has none of these.
 */
bool link_stable_name(const struct disk *d, char *buf, size_t bufsz);

#endif
