/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_CONF_DECIDE_H
#define DISKALIAS_CONF_DECIDE_H

/*
 * The one function that decides which alias /etc/diskalias.conf gives a
 * disk ("One alias, one disk" in the design): set --persist, apply,
 * apply --udev, resolve and list's CONF-STATE all ask it, so that no two
 * of them can disagree about which disk an alias belongs to.
 */

#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "disks.h"

enum conf_verdict {
	CONF_NONE,		/* no entry names the disk */
	CONF_GIVE,		/* entry gives the disk its alias */
	CONF_CONFLICT,		/* the disk gets no alias from the config */
};

enum conf_conflict {
	CONFLICT_ENTRIES = 1,	/* several entries name the disk */
	CONFLICT_DISKS,		/* the entry names another present disk too */
	CONFLICT_HELD,		/* another disk holds the alias already */
};

struct conf_decision {
	enum conf_verdict verdict;
	enum conf_conflict conflict;	/* CONF_CONFLICT: which */
	const struct conf_entry *entry;	/* the (first) entry naming the disk */
	size_t nentries;		/* entries naming the disk */
	const struct disk *other;	/* CONFLICT_DISKS, _HELD: the other disk */
};

/*
 * Decide for disk d (its links as matched: /dev/disk, or udev's
 * DEVLINKS) against the other disks of dt, d included or not (it is
 * told apart by name).  dt needs SCAN_ALIAS | SCAN_LINKS.
 */
void conf_decide(const struct conf *c, const struct disk_table *dt,
		 const struct disk *d, struct conf_decision *out);

/*
 * The conflict in words, naming the disks ("disk vda already has it"),
 * for "SUBJECT: FILE:LINE: alias A: conflict: REASON" lines.
 */
const char *conf_conflict_reason(const struct conf *c,
				 const struct conf_decision *dc,
				 const struct disk *d, char *buf, size_t bufsz);

#endif
