/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_DISKS_H
#define DISKALIAS_DISKS_H

/*
 * The disks of a (sys)root: /sys/block/<disk> and its partitions, the
 * /dev/disk/by-* links that point at them and their mount points.  A scan
 * reads only what its flags ask for, so that "get" and "set" stay cheap and
 * "list" stays linear in the number of disks.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

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
};

struct disk {
	char *name;		/* kernel name, "sdb" */
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
	struct name_index *byname;
	size_t nbyname;
	char **dirs;		/* by-* directory names */
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
 * Read the alias attribute of disk "name".  Returns 1 and a malloc'd alias
 * in *alias, 0 when unset, or -errno: -ENOENT without the attribute (or
 * the disk), -EILSEQ when the content breaks the alias rules.
 */
int disk_read_alias(const char *name, char **alias);

/* Result of resolving a DISK argument (sdb, /dev/sdb, by-* links). */
enum disk_arg_status {
	DISK_ARG_OK = 0,
	DISK_ARG_UNKNOWN,	/* nothing of that name */
	DISK_ARG_PARTITION,	/* a partition; *name is its disk */
	DISK_ARG_BROKEN_LINK,	/* a /dev link to something not in /sys */
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
