// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --disk: which disk the argument stands for (log_filter_set()), and
 * whether a record is about it (log_filter_wanted()), by its notes or,
 * for a kernel name or SCSI address, by the name itself.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disk/disk_arg.h"
#include "lib/xalloc.h"
#include "log.h"

static bool note_match(const struct log_filter *f, const struct note *n)
{
	if (f->alias && n->alias && strcmp(n->alias, f->alias) == 0)
		return true;
	if (f->persistent && n->persistent &&
	    strcmp(n->persistent, f->persistent) == 0)
		return true;
	return f->name && n->sys && strcmp(n->sys->name, f->name) == 0;
}

/* --disk as a kernel name or an address: by the log's evidence then */
static bool name_match(const struct log_filter *f, const struct ev_disk *e)
{
	if (f->kname && strcmp(e->name, f->kname) == 0)
		return true;
	return f->addr && strcmp(e->addr, f->addr) == 0;
}

bool log_filter_wanted(struct log_filter *f, const struct log_boot *b,
		       const struct log_rec *r)
{
	/* a kernel name given, on a boot that is not the running one, or
	 * for a name no disk has today: the records of that name then */
	bool by_name = (f->kname || f->addr) && (!f->today || !b->current);

	if (!f->on)
		return true;
	/* the kernel said which alias the record is about */
	if (!by_name && f->alias && r->text_alias_len &&
	    strlen(f->alias) == r->text_alias_len &&
	    memcmp(f->alias, r->text_alias, r->text_alias_len) == 0)
		goto kept;
	for (size_t i = 0; i < r->ndisks; i++)
		if (by_name ? name_match(f, &b->ev.disks[r->disks[i].ev]) :
			      note_match(f, &r->disks[i].note))
			goto kept;
	return false;
kept:
	f->nkept++;
	return true;
}

static char *xstrdup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* "sdb", "/dev/sdb1", "nvme0n1": the disk's kernel name, or NULL */
static char *kernel_name(const char *arg)
{
	const char *w = strncmp(arg, "/dev/", 5) == 0 ? arg + 5 : arg;
	size_t len = strlen(w);

	if (len > LOG_NAME_MAX || !disk_index_plausible_name(w, len))
		return NULL;
	return xstrndup(w, log_disk_part(w, len));
}

/* "2:0:0:1", a SCSI address as the kernel prints it, or NULL */
static char *scsi_address(const char *arg)
{
	size_t len = strlen(arg);

	if (len > LOG_ADDR_MAX || log_scsi_address_len(arg, len, 0) != len)
		return NULL;
	return xstrdup(arg);
}

/* Whether --disk gave today's disk d by a link, not its name or alias. */
static bool by_link(const struct log_filter *f, const char *arg,
		    const struct dx_disk *d)
{
	const char *base = strrchr(arg, '/');

	base = base ? base + 1 : arg;
	return !f->kname && !f->addr && !(d->alias && strcmp(base, d->alias) == 0);
}

/*
 * --disk: a disk of today (any DISK argument, a partition for its disk,
 * or an alias it has) stands for what it is called by: its alias and its
 * persistent name; an alias no disk has today still selects the records
 * of the disk that had it then.  A kernel name or a SCSI address selects
 * the records about that name by the log's own evidence: always when no
 * disk has it today, and on a boot that is not the running one (another
 * machine's log, an older boot).
 */
int log_filter_set(struct log_filter *f, const struct log_system *sys,
		   const char *arg, char *why, size_t whysz)
{
	char disk[DISK_NAME_MAX], part[DISK_NAME_MAX], reason[DISK_NAME_MAX * 3];
	const struct dx_disk *d = NULL;
	bool alias_ok = alias_check(arg, strlen(arg), NULL) == 0;
	int st;

	f->on = true;
	f->kname = kernel_name(arg);
	f->addr = f->kname ? NULL : scsi_address(arg);
	st = disk_resolve(arg, disk, part);
	if (st == DISK_ARG_OK || (st == DISK_ARG_PARTITION && disk[0]))
		d = disk_index_lookup(&sys->dx, disk, strlen(disk));
	else if (st == DISK_ARG_NVME_PATH)	/* the path's own lines */
		d = disk_index_lookup(&sys->dx, part, strlen(part));
	else if ((st == DISK_ARG_UNKNOWN || st == DISK_ARG_CONTENT_NAME) && alias_ok)
		d = disk_index_find_alias(&sys->dx, arg);
	if (d) {
		f->today = true;
		f->persistent = xstrdup_or_null(d->persistent);
		/* a link names hardware: an alias may have been another disk's */
		if (by_link(f, arg, d) && d->persistent)
			return 0;
		f->name = xstrdup(d->name);
		f->alias = xstrdup_or_null(d->alias);
		return 0;
	}
	if (f->kname || f->addr)
		return 0;
	if (st == DISK_ARG_BROKEN_LINK || st == DISK_ARG_AMBIGUOUS) {
		snprintf(why, whysz, "%s", disk_arg_reason(st, arg, disk, part,
							    reason, sizeof(reason)));
		return -EINVAL;
	}
	if ((st != DISK_ARG_UNKNOWN && st != DISK_ARG_CONTENT_NAME) || !alias_ok) {
		snprintf(why, whysz, "no disk has this name or alias");
		return -ENODEV;
	}
	warnx("%s: no disk has this alias today; showing the records of "
	      "the disk that had it then", arg);
	f->alias = xstrdup(arg);
	return 0;
}

void log_filter_free(struct log_filter *f)
{
	free(f->name);
	free(f->alias);
	free(f->persistent);
	free(f->kname);
	free(f->addr);
}
