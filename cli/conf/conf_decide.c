// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which alias the config gives a disk, for every verb and the udev path.
 */
#include "conf_decide.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "disk/links.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"

/* Record disk i in a pair of first disks, once. */
static void note_disk(int pair[2], int i)
{
	if (pair[0] < 0)
		pair[0] = i;
	else if (pair[1] < 0 && pair[0] != i)
		pair[1] = i;
}

/* Record that disk i has a device name equal to alias of some entry. */
static void note_name(struct conf_view *v, const char *alias, int i,
		      const char *dir, const char *target)
{
	const struct conf_entry *e = conf_find_alias(v->c, alias);
	struct conf_device_name *n;

	if (!e)
		return;
	n = &v->names[e - v->c->entries];
	for (int k = 0; k < 2; k++) {
		if (n->disk[k] == i)
			return;
		if (n->disk[k] < 0) {
			n->disk[k] = i;
			n->dir[k] = dir;
			n->target[k] = target;
			return;
		}
	}
}

/* The names of disk i that may not be another disk's alias. */
static void note_names_of_disk(struct conf_view *v, size_t i)
{
	const struct disk *d = &v->dt->disks[i];

	if (d->dm_name)
		note_name(v, d->dm_name, (int)i, "mapper", d->name);
	for (size_t k = 0; k < d->nlinks; k++) {
		const struct disk_link *l = &d->links[k];

		if (link_kind(l->dir, l->name) == LINK_HARDWARE)
			note_name(v, l->name, (int)i, l->dir,
				  l->part < 0 ? d->name : d->parts[l->part].name);
	}
}

/* mdadm's names, udev's /dev/md/NAME links: one pass over the directory. */
static void note_md_names(struct conf_view *v)
{
	char target[DISK_NAME_MAX];
	struct dirent *de;
	struct disk *d;
	int fd, part;
	DIR *dir;

	fd = sysroot_open("/dev/md", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return;
	dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return;
	}
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.' || !conf_find_alias(v->c, de->d_name) ||
		    link_target_name_at(dirfd(dir), de->d_name, target,
					sizeof(target)) != 0)
			continue;
		d = disks_find_name(v->dt, target, &part);
		if (d)
			note_name(v, de->d_name, (int)(d - v->dt->disks), "md",
				  part < 0 ? d->name : d->parts[part].name);
	}
	closedir(dir);
}

/* Room for d's entries (conf_entries_of_disk()). */
static const struct conf_entry **entries_buf(const struct disk *d,
					     const struct conf_entry **small,
					     size_t nsmall)
{
	return d->nlinks > nsmall ? xcalloc(d->nlinks, sizeof(*small)) : small;
}

/* The holders map's key: the alias of the first disk that holds it. */
static const char *holder_key(const void *ctx, uint32_t h, size_t *len)
{
	const struct conf_view *v = ctx;
	const char *a = v->dt->disks[v->held[h][0]].alias;

	*len = strlen(a);
	return a;
}

void conf_view_init(struct conf_view *v, const struct conf *c,
		    const struct disk_table *dt)
{
	const struct strmap_keys hk = { holder_key, v };
	const struct conf_entry *small[8], **es;
	size_t i, k, n, nheld = 0;

	memset(v, 0, sizeof(*v));
	v->c = c;
	v->dt = dt;
	v->named = xcalloc(c->nentries, sizeof(*v->named));
	memset(v->named, 0xff, (c->nentries ? c->nentries : 1) * sizeof(*v->named));
	v->names = xcalloc(c->nentries, sizeof(*v->names));
	for (i = 0; i < c->nentries; i++)
		v->names[i].disk[0] = v->names[i].disk[1] = -1;
	for (i = 0; i < dt->ndisks; i++)
		if (dt->disks[i].alias)
			nheld++;
	v->held = xcalloc(nheld, sizeof(*v->held));
	strmap_reserve(&v->holders, nheld);
	nheld = 0;
	for (i = 0; i < dt->ndisks; i++) {
		const struct disk *d = &dt->disks[i];

		es = entries_buf(d, small, 8);
		n = conf_entries_of_disk(c, d, es);
		for (k = 0; k < n; k++)
			note_disk(v->named[es[k] - c->entries], (int)i);
		if (es != small)
			free(es);
		if (c->nentries)
			note_names_of_disk(v, i);
		if (d->alias) {
			uint32_t h = strmap_put(&v->holders, &hk, d->alias,
						strlen(d->alias), (uint32_t)nheld);

			if (h == nheld) {
				nheld++;
				v->held[h][0] = v->held[h][1] = -1;
			}
			note_disk(v->held[h], (int)i);
		}
	}
	if (c->nentries)
		note_md_names(v);
}

void conf_view_free(struct conf_view *v)
{
	free(v->named);
	free(v->held);
	free(v->names);
	strmap_free(&v->holders);
	memset(v, 0, sizeof(*v));
}

/* The first disk of pair that is not d (by name), or -1. */
static int other_disk(const struct conf_view *v, const int pair[2],
		      const struct disk *d)
{
	for (int k = 0; k < 2; k++)
		if (pair[k] >= 0 &&
		    strcmp(v->dt->disks[pair[k]].name, d->name) != 0)
			return pair[k];
	return -1;
}

/* The entry's alias is the name of a device other than d? */
static bool other_name(const struct conf_view *v, const struct conf_entry *e,
		       const struct disk *d, struct conf_decision *out)
{
	const struct conf_device_name *n = &v->names[e - v->c->entries];

	for (int k = 0; k < 2; k++) {
		if (n->disk[k] < 0 ||
		    strcmp(v->dt->disks[n->disk[k]].name, d->name) == 0)
			continue;
		out->conflict = CONFLICT_NAMED;
		out->other = &v->dt->disks[n->disk[k]];
		out->other_dir = n->dir[k];
		out->other_target = n->target[k];
		return true;
	}
	return false;
}

void conf_decide_entries(const struct conf *c, const struct disk *d,
			 struct conf_decision *out)
{
	memset(out, 0, sizeof(*out));
	out->entry = conf_find_disk(c, d, &out->nentries);
	if (!out->entry)
		return;
	/* more than one entry names the disk: it gets none of their aliases */
	if (out->nentries > 1) {
		out->verdict = CONF_CONFLICT;
		out->conflict = CONFLICT_ENTRIES;
		return;
	}
	out->verdict = CONF_GIVE;
}

void conf_decide(const struct conf_view *v, const struct disk *d,
		 struct conf_decision *out)
{
	const struct strmap_keys hk = { holder_key, v };
	const struct conf_entry *e;
	uint32_t h;
	int named, held = -1;

	conf_decide_entries(v->c, d, out);
	e = out->entry;
	if (out->verdict != CONF_GIVE)
		return;
	out->verdict = CONF_CONFLICT;
	/* the first other disk, in disk order, that the entry names or that has its alias */
	named = other_disk(v, v->named[e - v->c->entries], d);
	h = strmap_get_str(&v->holders, &hk, e->alias);
	if (h != STRMAP_NONE)
		held = other_disk(v, v->held[h], d);
	if (named >= 0 && (held < 0 || named <= held)) {
		out->conflict = CONFLICT_DISKS;
		out->other = &v->dt->disks[named];
		return;
	}
	if (held >= 0) {
		out->conflict = CONFLICT_HELD;
		out->other = &v->dt->disks[held];
		return;
	}
	if (other_name(v, e, d, out))
		return;
	out->verdict = CONF_GIVE;
}

const char *conf_alias_of_disk(const struct conf *c, const struct disk *d)
{
	struct conf_decision dc;

	conf_decide_entries(c, d, &dc);
	return dc.verdict == CONF_GIVE ? dc.entry->alias : NULL;
}

const char *conf_conflict_reason(const struct conf *c,
				 const struct conf_decision *dc,
				 const struct disk *d, char *buf, size_t bufsz)
{
	switch (dc->conflict) {
	case CONFLICT_ENTRIES: {
		const struct conf_entry *small[8], **es = entries_buf(d, small, 8);
		size_t n = conf_entries_of_disk(c, d, es);
		int len = snprintf(buf, bufsz, "disk %s is named by lines", d->name);

		for (size_t i = 0; i < n && len >= 0 && (size_t)len < bufsz; i++)
			len += snprintf(buf + len, bufsz - (size_t)len, "%s%u",
					i == 0 ? " " : i + 1 == n ? " and " : ", ",
					es[i]->line);
		if (len >= 0 && (size_t)len < bufsz)
			snprintf(buf + len, bufsz - (size_t)len, "; none of their aliases is set");
		if (es != small)
			free(es);
		return buf;
	}
	case CONFLICT_DISKS:
		snprintf(buf, bufsz, "%s names disks %s and %s; neither gets the alias",
			 dc->entry->device, d->name, dc->other->name);
		return buf;
	case CONFLICT_HELD:
		snprintf(buf, bufsz, "disk %s already has it", dc->other->name);
		return buf;
	case CONFLICT_NAMED:
		if (strcmp(dc->other_dir, "mapper") == 0)
			snprintf(buf, bufsz, "it names another device: /dev/mapper/%s is device-mapper disk %s",
				 dc->entry->alias, dc->other_target);
		else if (strcmp(dc->other_dir, "md") == 0)
			snprintf(buf, bufsz, "it names another device: /dev/md/%s is md array %s",
				 dc->entry->alias, dc->other_target);
		else
			snprintf(buf, bufsz, "it names another device: /dev/disk/%s/%s is a link to %s",
				 dc->other_dir, dc->entry->alias, dc->other_target);
		return buf;
	}
	snprintf(buf, bufsz, "no conflict");
	return buf;
}
