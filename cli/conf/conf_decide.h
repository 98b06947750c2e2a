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

#include "conf.h"
#include "disk/disks.h"
#include "lib/strmap.h"

enum conf_verdict {
	CONF_NONE,		/* no entry names the disk */
	CONF_GIVE,		/* entry gives the disk its alias */
	CONF_CONFLICT,		/* the disk gets no alias from the config */
};

enum conf_conflict {
	CONFLICT_ENTRIES = 1,	/* several entries name the disk */
	CONFLICT_DISKS,		/* the entry names another present disk too */
	CONFLICT_HELD,		/* another disk holds the alias already */
	CONFLICT_NAMED,		/* the alias is another device's name */
};

struct conf_decision {
	enum conf_verdict verdict;
	enum conf_conflict conflict;	/* CONF_CONFLICT: which */
	const struct conf_entry *entry;	/* the (first) entry naming the disk */
	size_t nentries;		/* entries naming the disk */
	const struct disk *other;	/* CONFLICT_DISKS, _HELD, _NAMED: the other disk */
	const char *other_dir;		/* CONFLICT_NAMED: where the name is */
	const char *other_target;	/* ... and the disk or partition it names */
};

/*
 * The config seen against the disks present, indexed once so that
 * deciding for one disk costs the same with ten disks or ten thousand:
 * for each entry the first two disks it names, for each alias the first
 * two disks holding it (two: the one decided for may be among them).
 */
struct conf_view {
	const struct conf *c;
	const struct disk_table *dt;
	int (*named)[2];	/* per entry: disk indices, -1 for none */
	int (*held)[2];		/* per holder of holders: disk indices */
	struct strmap holders;	/* alias -> index into held */
	struct conf_device_name *names;	/* per entry: a device its alias names */
};

/*
 * A device that an entry's alias is the name of, where a DISK argument
 * finds devices: a hardware link (link_kind()), a device-mapper name, an
 * md array's /dev/md/NAME.  An alias that names a device is given to no
 * other disk, as set refuses it (diskalias(8)); labels name no device.
 */
struct conf_device_name {
	int disk[2];		/* disk indices, -1 for none */
	const char *dir[2];	/* a link's "by-id", "by-path"; "mapper"; "md" */
	const char *target[2];	/* the disk's or its partition's kernel name */
};

/*
 * dt needs SCAN_ALIAS | SCAN_LINKS (and SCAN_DM for device-mapper names);
 * c and dt must outlive v.  Reads /dev/md once.
 */
void conf_view_init(struct conf_view *v, const struct conf *c,
		    const struct disk_table *dt);
void conf_view_free(struct conf_view *v);

/*
 * Decide for disk d (its links as matched: /dev/disk, or udev's
 * DEVLINKS) against the other disks of the view, d included or not (it
 * is told apart by name).
 */
void conf_decide(const struct conf_view *v, const struct disk *d,
		 struct conf_decision *out);

/*
 * The part of conf_decide() that looks at d alone: CONF_NONE, a
 * CONFLICT_ENTRIES, or CONF_GIVE as long as no other disk is in the way.
 */
void conf_decide_entries(const struct conf *c, const struct disk *d,
			 struct conf_decision *out);

/*
 * The alias the config gives disk d without looking at other disks: the
 * alias of the one entry naming it, NULL when none does or several do.
 */
const char *conf_alias_of_disk(const struct conf *c, const struct disk *d);

/*
 * The conflict in words, naming the disks ("disk vda already has it"),
 * for "SUBJECT: FILE:LINE: alias A: conflict: REASON" lines.
 */
const char *conf_conflict_reason(const struct conf *c,
				 const struct conf_decision *dc,
				 const struct disk *d, char *buf, size_t bufsz);

#endif
