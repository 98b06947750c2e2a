/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_LOG_ALIASES_H
#define DISKALIAS_LOG_ALIASES_H

/*
 * Aliases configured in /etc/diskalias.conf, for "diskalias log" on a
 * kernel without the alias attribute (or a disk whose alias udev has not
 * set yet), read with the shared parser of conf.h.
 */

#include <stdbool.h>

#include "conf/conf.h"
#include "disk/disks.h"

struct log_aliases {
	struct conf conf;
};

/*
 * Read the config below the sysroot.  A missing file is no aliases; a
 * file with problems is not used, as everywhere else, and its problems
 * are printed when warn is true (the first load, not each re-scan).
 */
void log_aliases_load(struct log_aliases *la, bool warn);
void log_aliases_free(struct log_aliases *la);

/* The configured alias of disk d (scanned with SCAN_LINKS), or NULL. */
const char *log_aliases_find(const struct log_aliases *la, const struct disk *d);

#endif
