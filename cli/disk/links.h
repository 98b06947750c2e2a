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
 * What a /dev/disk link names: the one rule for which links may stand
 * for a disk by their name alone (DISK arguments), be chosen as a key of
 * /etc/diskalias.conf, or not be taken by another disk as an alias
 * (diskalias.conf(5), diskalias(8)).
 */
enum link_kind {
	LINK_HARDWARE,		/* by-path, and by-id but for LINK_CONTENT_ID */
	LINK_CONTENT_ID,	/* by-id made from what the disk holds:
				   lvm-pv-uuid-*, md-uuid-*, dm-uuid-*,
				   dm-name-* (a clone carries them too) */
	LINK_CONTENT,		/* every other directory: by-label,
				   by-partlabel, by-uuid, by-partuuid name
				   what a disk holds, by-diskseq a boot */
};

enum link_kind link_kind(const char *dir, const char *name);

/* The directories of hardware links, in the order they are searched. */
#define LINK_KEY_NDIRS 2
extern const char *const link_key_dirs[LINK_KEY_NDIRS];

/* Is /dev/disk/<dir> (dir[0..len)) one of link_key_dirs[]? */
bool link_key_dir(const char *dir, size_t len);

/*
 * The kernel names the hardware links named base point at, one per
 * directory of link_key_dirs[] that has one, in targets[k] (empty for
 * none); returns how many were found.
 */
size_t link_find(const char *base, char targets[LINK_KEY_NDIRS][DISK_NAME_MAX]);

/*
 * The first by-* directory, other than link_key_dirs[], with a link
 * named base, in dir[dirsz]; for a hint that such a name must be given
 * with its directory.
 */
bool link_find_content(const char *base, char *dir, size_t dirsz);

/*
 * Does name stand for a present device other than disk self (NULL: for
 * any) where a DISK argument is read: the name of a hardware link
 * (link_kind()), of a device-mapper disk, or of an md array
 * (/dev/md/NAME)?  What it names then in buf, in words
 * ("/dev/disk/by-id/wwn-0x... is a link to sdc").  Labels are no
 * device's name: a stick's label must not keep an alias from a disk.
 * dt: scanned with SCAN_LINKS | SCAN_DM.
 */
bool link_names_device(const struct disk_table *dt, const char *name,
		       const char *self, char *buf, size_t bufsz);

/*
 * The most stable persistent name of disk d, as "/dev/disk/by-*\/NAME"
 * in buf, choosing in this order: a by-id/wwn- link; a transport serial
 * link in by-id (scsi-, nvme-, virtio-, ata-, then any other, leaving
 * -partN names, nvme-eui./nvme-nguid. and "_1" duplicates for last); a
 * by-path link; only then a LINK_CONTENT_ID one.  Returns false when the
 * disk has none of these; *kind (may be NULL) gets the chosen one's
 * kind: set --persist takes a LINK_CONTENT_ID key only when given it.
 */
bool link_stable_name(const struct disk *d, char *buf, size_t bufsz,
		      enum link_kind *kind);

#endif
