/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_LOG_ALIASES_H
#define DISKALIAS_LOG_ALIASES_H

/*
 * Aliases configured in /etc/diskalias.conf, for "diskalias log" on a
 * kernel without the alias attribute (or a disk whose alias udev has not
 * set yet).  This is the one place log reads the config: when the shared
 * parser of the persistent-alias issue lands, only the body of
 * log_aliases_load() changes.
 */

#include <stddef.h>

#include "disks.h"

struct log_alias {
	char *alias;
	char disk[DISK_NAME_MAX];	/* kernel name of the configured device */
};

struct log_aliases {
	struct log_alias *v;
	size_t n;
};

/*
 * Read the config below the sysroot and resolve each entry's device to
 * the disk present under it; entries whose device is absent are left
 * out.  A missing file is no aliases.  Lines it cannot read are skipped:
 * "diskalias apply" and "validate" are the ones that judge the file.
 */
void log_aliases_load(struct log_aliases *la);
void log_aliases_free(struct log_aliases *la);

/* The configured alias of kernel disk "disk", or NULL. */
const char *log_aliases_find(const struct log_aliases *la, const char *disk);

#endif
