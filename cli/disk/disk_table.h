/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_DISK_TABLE_H
#define DISKALIAS_DISK_TABLE_H

/*
 * The disks a scan found (disks.h), and the lookups in them: by kernel
 * name, by alias, and by the name of a disk or partition, which the links
 * (links.c) and the mount table (mounts.c) are matched up with.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "lib/strmap.h"

#define DISK_NAME_MAX 256

struct disk_link {
	char *dir;		/* "by-id"; shared between links */
	char *name;		/* "wwn-0x5000c500a1b2c3d4" */
	int part;		/* index into disk->parts, or -1 for the disk */
};

struct disk_mount {
	char *target;
	int part;		/* index into disk->parts, or -1 for the disk */
	bool repeat;		/* an earlier mount of the disk has this target */
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

struct disk *disks_find(const struct disk_table *dt, const char *name);
/* The disk (other than skip, which may be NULL) holding alias. */
struct disk *disks_find_alias(const struct disk_table *dt, const char *alias,
			      const struct disk *skip);

/*
 * The disk, and the partition (-1 for the disk itself), that has kernel
 * name "name"; NULL when none.  Needs a scan with SCAN_PARTS (which
 * SCAN_LINKS and SCAN_MOUNTS imply).
 */
struct disk *disks_find_name(const struct disk_table *dt, const char *name,
			     int *part);

/* Could s be a kernel name ("sdb", not "", ".", "..", nor with a '/')? */
bool disk_name_ok(const char *s);

/* Kernel names in the kernel's order (sdz before sdaa). */
int disk_name_cmp(const char *a, const char *b);

/*
 * Index the disks and partitions of dt by kernel name, for
 * disks_find_name(): the scan does it once its disks are read.
 */
void disk_table_index_names(struct disk_table *dt);

#endif
