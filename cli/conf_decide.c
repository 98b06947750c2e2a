// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which alias the config gives a disk, for every verb and the udev path.
 */
#include "conf_decide.h"

#include <stdio.h>
#include <string.h>

static bool same_disk(const struct disk *a, const struct disk *b)
{
	return strcmp(a->name, b->name) == 0;
}

void conf_decide(const struct conf *c, const struct disk_table *dt,
		 const struct disk *d, struct conf_decision *out)
{
	const struct conf_entry *e;

	memset(out, 0, sizeof(*out));
	e = conf_find_disk(c, d, &out->nentries);
	out->entry = e;
	if (!e)
		return;
	out->verdict = CONF_CONFLICT;
	if (out->nentries > 1) {
		out->conflict = CONFLICT_ENTRIES;
		return;
	}
	for (size_t i = 0; i < dt->ndisks; i++) {
		const struct disk *o = &dt->disks[i];

		if (same_disk(o, d))
			continue;
		if (conf_entry_matches_disk(e, o)) {
			out->conflict = CONFLICT_DISKS;
			out->other = o;
			return;
		}
		if (o->alias && strcmp(o->alias, e->alias) == 0) {
			out->conflict = CONFLICT_HELD;
			out->other = o;
			return;
		}
	}
	out->verdict = CONF_GIVE;
}

const char *conf_conflict_reason(const struct conf *c,
				 const struct conf_decision *dc,
				 const struct disk *d, char *buf, size_t bufsz)
{
	switch (dc->conflict) {
	case CONFLICT_ENTRIES: {
		size_t n = 0;
		int len = snprintf(buf, bufsz, "disk %s is named by lines", d->name);

		for (size_t i = 0; i < c->nentries && len >= 0 && (size_t)len < bufsz; i++) {
			if (!conf_entry_matches_disk(&c->entries[i], d))
				continue;
			len += snprintf(buf + len, bufsz - (size_t)len, "%s%u",
					n == 0 ? " " : n + 1 == dc->nentries ? " and " : ", ",
					c->entries[i].line);
			n++;
		}
		if (len >= 0 && (size_t)len < bufsz)
			snprintf(buf + len, bufsz - (size_t)len, "; none of their aliases is set");
		return buf;
	}
	case CONFLICT_DISKS:
		snprintf(buf, bufsz, "%s names disks %s and %s; neither gets the alias",
			 dc->entry->device, d->name, dc->other->name);
		return buf;
	case CONFLICT_HELD:
		snprintf(buf, bufsz, "disk %s already has it", dc->other->name);
		return buf;
	}
	snprintf(buf, bufsz, "no conflict");
	return buf;
}
