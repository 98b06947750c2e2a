/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_DISK_INDEX_H
#define DISKALIAS_DISK_INDEX_H

/*
 * Every name a kernel log uses for a disk, mapped to the disk once, for
 * "diskalias log": kernel names of disks and partitions ("sdb", "sdb1"),
 * device numbers ("b8:16", as in DEVICE=) and SCSI addresses ("0:0:1:0").
 * One string map, so a lookup costs a hash of the word and usually one
 * compare.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "disk/disk_arg.h"
#include "disk/disks.h"
#include "kmsg/kmsg.h"
#include "lib/strmap.h"
#include "log_aliases.h"

struct dx_disk {
	const char *name;	/* "sdb" */
	const char *alias;	/* kernel alias, else configured one; or NULL */
	char *persistent;	/* most stable by-* link's name, or NULL */
	size_t name_len;
	bool links_pending;	/* no link, and udev has not handled it yet */
};

struct disk_index {
	struct dx_disk *disks;
	size_t ndisks;
	struct strmap map;	/* name -> index into ents */
	struct dx_key {
		const char *key;	/* the name: dt's, or made here */
		size_t len;
		size_t val;		/* disk index << 2 | kind of name */
		bool owned;		/* made here ("b8:16"): freed with it */
	} *ents;
	size_t nents, ents_cap;
	struct log_heads heads;		/* of the names (kmsg.h) */
	size_t max_name_len;

	/* ports and controllers, sorted: "ata3", "ata3.00", "nvme0"
	 * (disk_ports.c) */
	struct dx_port {
		char key[24];
		size_t disk;		/* SIZE_MAX: more than one disk */
	} *ports;
	size_t nports, ports_cap;
	bool ports_built;	/* built at the first disk_index_port() */

	struct disk_table dt;	/* owns the names and links */
	struct log_aliases conf;
};

/*
 * Scan the sysroot's disks and the config's aliases (its problems told
 * when warn).  Returns 0 or -errno (no /sys/block).
 */
int disk_index_build(struct disk_index *dx, bool warn);
void disk_index_free(struct disk_index *dx);

/*
 * The disk of a word of a log message: a disk or partition name, a SCSI
 * address, or (DEVICE= keys) "b8:16".  A partition the index does not
 * know ("sdb3" in an old log) still maps to its disk.
 */
const struct dx_disk *disk_index_lookup(const struct disk_index *dx,
					const char *key, size_t len);

/* The disk of a DEVICE= value: b8:16, +scsi:0:0:1:0, +block:sdb. */
const struct dx_disk *disk_index_device(const struct disk_index *dx,
					const char *dev, size_t len);

/* The disk with this alias (kernel or configured), or NULL. */
const struct dx_disk *disk_index_find_alias(const struct disk_index *dx,
					    const char *alias);

/*
 * The one disk of an ATA port or device ("ata3", "ata3.00") or of an NVMe
 * controller ("nvme0") by today's sysfs, or NULL (none, or more than one).
 * The first call reads the disks' places (a link a disk), so a log with no
 * port or controller line never reads them.
 */
const struct dx_disk *disk_index_port(struct disk_index *dx,
				      const char *key, size_t len);

/* Whether word could name a disk the index has not seen (hotplug). */
bool disk_index_plausible_name(const char *word, size_t len);

/* Add to h the heads of every name disk_index_plausible_name() takes. */
void disk_index_scheme_heads(struct log_heads *h);

#endif
