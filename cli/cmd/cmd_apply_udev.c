// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias apply --udev DISK: the config's alias for the one disk of a
 * udev event, matched through the links udev gave it (DEVLINKS, since
 * /dev/disk may not have them yet), printing DISKALIAS_ALIAS=<alias> for
 * IMPORT{program} so that udev makes /dev/disk/by-alias/<alias> on any
 * kernel.
 *
 * udev runs it for every disk at boot, so it reads what this one disk
 * needs, not every disk: the entry's own links in /dev/disk say whether
 * it names another disk too, and the kernel, which keeps aliases unique,
 * says whether another disk holds the alias.  Only when either may be so
 * are all disks read, to name them as apply does (conf_decide()).
 *
 * Run by udev (ACTION set), it then writes the disk's name record
 * (udev_record.h); for a remove, or the kernel's own event of an alias
 * set or released, that record is all it does.
 */
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alias/alias_rules.h"
#include "apply.h"
#include "conf/conf.h"
#include "conf/conf_decide.h"
#include "disk/alias_attr.h"
#include "disk/disks.h"
#include "disk/links.h"
#include "diskalias.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"
#include "udev_record.h"

/*
 * udev's links for the disk ("/dev/disk/by-id/x /dev/disk/by-path/y"),
 * as the disk's links: /dev/disk may not have them yet.
 */
static void links_from_devlinks(struct disk *d, const char *devlinks)
{
	const char *p = devlinks;
	size_t cap = 0;

	d->links = NULL;
	d->nlinks = 0;
	while (*p) {
		const char *end, *slash;
		size_t len;

		while (*p == ' ')
			p++;
		end = strchr(p, ' ');
		len = end ? (size_t)(end - p) : strlen(p);
		if (len > 10 && strncmp(p, "/dev/disk/", 10) == 0 &&
		    (slash = memchr(p + 10, '/', len - 10)) && slash + 1 < p + len) {
			struct disk_link *l;

			XGROW(d->links, d->nlinks, cap, 4);
			l = &d->links[d->nlinks++];
			l->dir = xstrndup(p + 10, (size_t)(slash - p - 10));
			l->name = xstrndup(slash + 1, (size_t)(p + len - slash - 1));
			l->part = -1;
		}
		p += len;
	}
}

static void free_links(struct disk *d)
{
	for (size_t i = 0; i < d->nlinks; i++) {
		free(d->links[i].dir);
		free(d->links[i].name);
	}
	free(d->links);
}

/* Is /dev/disk/<rel> a link to a disk other than "name"? */
static bool link_to_other_disk(const char *rel, const char *name)
{
	char path[PATH_MAX], target[DISK_NAME_MAX];

	if ((size_t)snprintf(path, sizeof(path), "/dev/disk/%s", rel) >= sizeof(path) ||
	    sysroot_link_target_name(path, target, sizeof(target)) != 0 ||
	    strcmp(target, name) == 0 || !disk_name_ok(target))
		return false;
	snprintf(path, sizeof(path), "/sys/block/%s", target);
	return sysroot_exists(path);
}

/* May the entry name a present disk other than "name"? */
static bool names_other_disk(const struct conf_entry *e, const char *name)
{
	const char *dev = e->device;
	char rel[PATH_MAX];

	if (strchr(dev, '/'))
		return link_to_other_disk(strncmp(dev, "/dev/disk/", 10) == 0 ?
					  dev + 10 : dev, name);
	for (size_t i = 0; i < LINK_KEY_NDIRS; i++) {
		snprintf(rel, sizeof(rel), "%s/%s", link_key_dirs[i], dev);
		if (link_to_other_disk(rel, name))
			return true;
	}
	return false;
}

/*
 * May the entry's alias be the name of a device other than "name", where
 * a DISK argument finds one (a hardware link, a device-mapper or md
 * name)?  A few lookups, not a scan: when it may, the scan decides.
 */
static bool alias_may_name_device(const char *alias, const char *name)
{
	static const char *const dirs[] = {
		"/dev/disk/by-id/", "/dev/disk/by-path/", "/dev/mapper/", "/dev/md/",
	};
	char path[PATH_MAX], target[DISK_NAME_MAX];

	for (size_t i = 0; i < sizeof(dirs) / sizeof(*dirs); i++) {
		if (i == 0 && link_kind("by-id", alias) != LINK_HARDWARE)
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s%s", dirs[i], alias) < sizeof(path) &&
		    sysroot_link_target_name(path, target, sizeof(target)) == 0 &&
		    strcmp(target, name) != 0)
			return true;
	}
	return false;
}

/*
 * Give disk "name" the alias of entry e and print it for udev.  Returns
 * an exit status, or -1 when the kernel says another disk has the alias
 * and held_ok: the caller reads every disk to say which.
 */
static int give_alias(const char *path, const char *name,
		      const struct conf_entry *e, bool held_ok, char *given)
{
	char *current = NULL;
	int r, st = DA_EXIT_OK;

	r = alias_attr_read(name, &current);
	if (r == 0) {
		r = alias_attr_write(name, e->alias, NULL);
		if (r == 0)
			exit_note_changed();
		if (r == -EBUSY || r == -EEXIST) {
			/* a racing writer: say what the disk has now */
			free(current);
			current = NULL;
			if (alias_attr_read(name, &current) > 0 &&
			    strcmp(current, e->alias) == 0)
				r = 0;
		}
		if (r == -EEXIST && held_ok) {
			free(current);
			return -1;
		}
		if (r) {
			warnx("%s: %s:%u: cannot set alias \"%s\": %s", name, path,
			      e->line, e->alias, alias_attr_strerror(-r));
			st = DA_EXIT_FAILURE;
		}
	} else if (r > 0 && strcmp(current, e->alias) != 0) {
		warnx("%s: %s:%u: cannot set alias \"%s\": the disk already has alias \"%s\", " ALIAS_STAYS,
		      name, path, e->line, e->alias, current);
		st = DA_EXIT_FAILURE;
	}
	/* set, already set, or no attribute: udev makes the link either way */
	if (st == DA_EXIT_OK) {
		printf("DISKALIAS_ALIAS=%s\n", e->alias);
		snprintf(given, ALIAS_MAX_LEN + 1, "%s", e->alias);
	}
	free(current);
	return st;
}

static int conflict(const char *path, const char *name, const struct conf *c,
		    const struct conf_decision *dc, const struct disk *d)
{
	char why[512];

	warnx("%s: %s:%u: alias \"%s\": conflict: %s; no alias set", name,
	      path, dc->entry->line, dc->entry->alias,
	      conf_conflict_reason(c, dc, d, why, sizeof(why)));
	return DA_EXIT_FAILURE;
}

/* Decide with every disk read (self: the disk by DEVLINKS, or NULL). */
static int apply_scanned(const char *path, const char *name,
			 const struct conf *c, const struct disk *self,
			 char *given)
{
	struct disk_table dt = { 0 };
	struct conf_decision dc;
	const struct disk *d;
	struct conf_view v;
	int st = DA_EXIT_OK;

	/* the other disks as they are now, to find who else claims the alias */
	d = disks_scan(&dt, SCAN_ALIAS | SCAN_LINKS | SCAN_DM) == 0 ? disks_find(&dt, name) : NULL;
	if (self)
		d = self;
	if (d) {
		conf_view_init(&v, c, &dt);
		conf_decide(&v, d, &dc);
		if (dc.verdict == CONF_CONFLICT)
			st = conflict(path, name, c, &dc, d);
		else if (dc.verdict == CONF_GIVE)
			st = give_alias(path, name, dc.entry, false, given);
		conf_view_free(&v);
	}
	disks_free(&dt);
	return st;
}

int apply_udev(const char *path, bool in_sysroot, const char *arg,
	       const char *record_export)
{
	char given[ALIAS_MAX_LEN + 1] = "";
	enum name_event ev;
	bool record;
	const char *devlinks = getenv("DEVLINKS");
	struct conf_decision dc;
	struct disk self = { 0 };
	char name[DISK_NAME_MAX];
	struct conf c;
	int st = DA_EXIT_OK;

	if (strncmp(arg, "/dev/", 5) == 0)
		arg += 5;
	if (!*arg || strchr(arg, '/') || strlen(arg) >= sizeof(name))
		usage_error("apply: --udev needs a kernel disk name, not %s", arg);
	snprintf(name, sizeof(name), "%s", arg);
	record = udev_record_event(&ev);
	if (record && ev != NAME_EVENT_ADD && ev != NAME_EVENT_CHANGE) {
		/* nothing to apply: the disk is gone, or only its alias changed */
		udev_record_write(ev, name, NULL, record_export);
		return DA_EXIT_OK;
	}

	if (conf_load_or_warn(path, in_sysroot, in_sysroot, &c, NULL, NULL) < 0) {
		st = DA_EXIT_FAILURE;
		goto record;
	}
	if (c.nentries == 0)
		goto out;
	if (!devlinks || !*devlinks) {
		/* the disk's links are in /dev/disk alone: read them all */
		st = apply_scanned(path, name, &c, NULL, given);
		goto out;
	}
	self.name = name;
	links_from_devlinks(&self, devlinks);
	conf_decide_entries(&c, &self, &dc);
	if (dc.verdict == CONF_CONFLICT)
		st = conflict(path, name, &c, &dc, &self);
	else if (dc.verdict == CONF_GIVE &&
		 (names_other_disk(dc.entry, name) ||
		  alias_may_name_device(dc.entry->alias, name) ||
		  (st = give_alias(path, name, dc.entry, true, given)) < 0))
		st = apply_scanned(path, name, &c, &self, given);
	free_links(&self);
out:
	conf_free(&c);
record:
	if (record)
		udev_record_write(ev, name, given[0] ? given : NULL, record_export);
	return st;
}
