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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "strmap.h"

#define DISK_NAME_MAX 256

enum {
	SCAN_ALIAS  = 1 << 0,	/* alias attribute */
	SCAN_INFO   = 1 << 1,	/* size, model, serial, wwn */
	SCAN_FLAGS  = 1 << 7,	/* removable, ro */
	SCAN_PARTS  = 1 << 2,	/* partitions */
	SCAN_DEVNO  = 1 << 3,	/* major:minor of disks (and partitions) */
	SCAN_LINKS  = 1 << 4,	/* /dev/disk/by-* (implies SCAN_PARTS) */
	SCAN_MOUNTS = 1 << 5,	/* mount points (implies PARTS and DEVNO) */
	SCAN_HIDE_EMPTY = 1 << 6, /* skip empty loop and ram devices */
	SCAN_PART_SIZE = 1 << 8, /* size of each partition (implies PARTS) */
	SCAN_DM     = 1 << 9,	/* a device-mapper disk's name (dm/name) */
};

struct disk_link {
	char *dir;		/* "by-id"; shared between links */
	char *name;		/* "wwn-0x5000c500a1b2c3d4" */
	int part;		/* index into disk->parts, or -1 for the disk */
};

struct disk_mount {
	char *target;
	int part;		/* index into disk->parts, or -1 for the disk */
};

struct disk_part {
	char *name;
	dev_t devno;
	bool has_devno;
	uint64_t size;		/* bytes */
	bool has_size;
};

struct disk {
	char *name;		/* kernel name, "sdb" */
	char *dm_name;		/* device-mapper name, "vg-lv"; NULL for others */
	char *alias;		/* NULL when unset or without the attribute */
	bool has_alias_attr;	/* the kernel has /sys/block/<disk>/alias */
	bool alias_unknown;	/* it could not be read, or breaks the rules */

	dev_t devno;
	bool has_devno;
	uint64_t size;		/* bytes */
	bool has_size;
	char *model, *serial, *wwn;	/* NULL when unknown */
	int removable, ro;	/* -1 when unknown */

	struct disk_part *parts;
	size_t nparts;
	struct disk_link *links;	/* sorted: disk first, then by dir, name */
	size_t nlinks;
	struct disk_mount *mounts;	/* in mountinfo order */
	size_t nmounts;

	size_t links_cap, mounts_cap;	/* private */
};

struct disk_table {
	struct disk *disks;	/* sorted by name (numbers compared as such) */
	size_t ndisks;
	unsigned int nwarnings;	/* odd or unreadable files met while scanning */
	bool alias_attr_seen;	/* some disk has the alias attribute */

	/* private */
	struct strmap byname;	/* disk and partition names -> refs[] */
	struct disk_ref *refs;
	char **dirs;		/* by-* directory names (links point here) */
	size_t ndirs;
};

/* Fill *dt with every disk of the sysroot.  Returns 0 or -errno. */
int disks_scan(struct disk_table *dt, unsigned int flags);
void disks_free(struct disk_table *dt);

struct disk *disks_find(const struct disk_table *dt, const char *name);
/* The disk (other than skip, which may be NULL) holding alias. */
struct disk *disks_find_alias(const struct disk_table *dt, const char *alias,
			      const struct disk *skip);

/*
 * The disk, and the partition (-1 for the disk itself), that has kernel
 * name "name"; NULL when none.  Needs a scan with SCAN_LINKS or
 * SCAN_MOUNTS.
 */
struct disk *disks_find_name(const struct disk_table *dt, const char *name,
			     int *part);

/* Could s be a kernel name ("sdb", not "", ".", "..", nor with a '/')? */
bool disk_name_ok(const char *s);

/* Kernel names in the kernel's order (sdz before sdaa). */
int disk_name_cmp(const char *a, const char *b);

#endif
