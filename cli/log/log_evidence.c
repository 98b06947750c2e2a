// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One boot of the log: where a boot starts, whether it is the running
 * one, and the evidence of its names, from its lines and the journal's
 * fields.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "disk/links.h"
#include "lib/span.h"
#include "lib/xalloc.h"
#include "log.h"

#define TIME_BACK_NEW_BOOT	1000000	/* usec: a step back this long ... */
#define TIME_BOOT_START		10000000 /* ... to a time under this one */

/* ---- boots ---- */

/* Whether the new boot is the running one: by what sys knows of it. */
static bool is_running_boot(const struct log_boot *b, enum log_format format,
			    const struct log_system *sys)
{
	if (!sys)
		return false;
	if (sys->live)
		return b->boot_no >= sys->run.nboots;
	if (log_format_is_journal(format))
		return sys->running_boot_id[0] &&
		       b->boot_id_len == strlen(sys->running_boot_id) &&
		       memcmp(b->boot_id, sys->running_boot_id,
			      b->boot_id_len) == 0;
	return b->boot_no <= sys->nverdicts && sys->verdicts[b->boot_no - 1];
}

static void new_boot(struct log_boot *b, enum log_format format,
		     const struct log_system *sys)
{
	b->boot_no++;
	b->boot_records = 0;
	b->have_last_time = false;
	ev_map_reset(&b->ev);
	log_ports_reset(b);
	b->current = is_running_boot(b, format, sys);
}

static bool is_kernel_record(const struct log_record *rec)
{
	return rec->facility <= 0;
}

/*
 * What the record shows of a disk.  "block sdb: alias set to data0" and
 * "... released" are the block subsystem's lines: with kmsg or journal
 * input its fields say so (the subsystem, a block device's number, and
 * the name udev knew, when given); in plain text the line's shape is all
 * there is.  Any other line of that text (a user's, another subsystem's)
 * proves nothing.
 */
static enum log_event block_event(struct log_rec *r, enum log_format format)
{
	const struct log_record *rec = r->rec;
	struct log_event_info *ev = &r->event_info;
	enum log_event event = log_classify(rec->text, rec->text_len, ev);
	const char *sub = NULL, *dev = NULL;
	size_t sub_len = 0, dev_len = 0;

	if (event != LOG_EVENT_ALIAS && event != LOG_EVENT_RELEASED)
		return event;
	if (log_format_is_journal(format)) {
		const struct journal_fields *jf = r->jf;

		if (jf->sysname.len && (jf->sysname.len != ev->name_len ||
					memcmp(jf->sysname.p, ev->name, ev->name_len)))
			return LOG_EVENT_NONE;
		sub = jf->subsystem.p;
		sub_len = jf->subsystem.len;
		dev = jf->device.p;
		dev_len = jf->device.len;
	} else if (format == LOG_FORMAT_KMSG) {
		sub = rec->subsystem;
		sub_len = rec->subsystem_len;
		dev = rec->device;
		dev_len = rec->device_len;
	} else {
		return event;
	}
	/* a disk's device number (b8:16), or its name (+block:sdb) */
	if (!span_is(sub, sub_len, "block") || dev_len < 2 ||
	    (dev[0] != 'b' && (dev_len < 7 || memcmp(dev, "+block:", 7) != 0)))
		return LOG_EVENT_NONE;
	return event;
}

/*
 * Whether the record starts a boot; and the record's boot decided, the
 * running one or not by what sys knows (NULL: not asked).  r->event says
 * what the record shows of a disk (log_classify()), or with !events only
 * whether it is a boot's first line: all a pass that follows boots alone
 * needs to know.
 */
void log_boot_track(struct log_boot *b, struct log_rec *r,
		    enum log_format format, const struct log_system *sys,
		    bool events)
{
	const struct log_record *rec = r->rec;
	bool journal = log_format_is_journal(format);
	bool start = false;

	r->kernel = is_kernel_record(rec);
	if (!r->kernel)
		r->event = LOG_EVENT_NONE;
	else if (events)
		r->event = block_event(r, format);
	else
		r->event = log_is_boot_line(rec->text, rec->text_len) ?
			   LOG_EVENT_BOOT : LOG_EVENT_NONE;
	if (journal) {
		const struct journal_span *id = &r->jf->boot_id;

		if (id->len && (b->boot_id_len != id->len ||
				memcmp(b->boot_id, id->p, id->len) != 0)) {
			free(b->boot_id);
			b->boot_id = xmalloc(id->len);
			memcpy(b->boot_id, id->p, id->len);
			b->boot_id_len = id->len;
			start = true;
		}
	} else {
		/*
		 * CPUs stamp records a little out of order, and a resumed
		 * machine's clock can step back by minutes (a TSC
		 * adjustment): only a step back to the first seconds of a
		 * boot is another boot whose "Linux version" line was lost.
		 */
		start = r->event == LOG_EVENT_BOOT ||
			(rec->has_time && b->have_last_time &&
			 rec->usec < TIME_BOOT_START &&
			 rec->usec + TIME_BACK_NEW_BOOT <= b->last_time);
	}
	if (b->boot_no == 0 || (start && b->boot_records > 0))
		new_boot(b, format, sys);
	else if (start && journal)
		new_boot(b, format, sys);
	b->boot_records++;
	if (rec->has_time && !journal &&
	    (!b->have_last_time || rec->usec > b->last_time)) {
		b->last_time = rec->usec;
		b->have_last_time = true;
	}
}

void log_boot_free(struct log_boot *b)
{
	free(b->boot_id);
	b->boot_id = NULL;
	ev_map_free(&b->ev);
	log_ports_free(b);
}

void log_rec_free(struct log_rec *r)
{
	free(r->hits);
	free(r->disks);
}

/* ---- the log's own evidence ---- */

static void take_meaning(struct log_boot *b, const struct log_rec *r,
			 struct ev_disk *e, struct log_system *sys)
{
	ev_disk_end(&b->ev, (uint32_t)(e - b->ev.disks), !r->rec->has_time,
		    r->rec->usec, r->nrecords);
	if (sys && sys->live && r->nrecords > sys->dx_built_rec)
		sys->dx_stale = true;
}

static struct ev_disk *event_disk(struct log_boot *b, const struct log_rec *r)
{
	const struct log_event_info *ev = &r->event_info;
	size_t n = log_disk_part(ev->name, ev->name_len);
	uint32_t k = ev_map_get(&b->ev, ev->name, n, true);

	return k == EV_NONE ? NULL : &b->ev.disks[k];
}

/*
 * SCSI added a device at an address: the name the boot tied to the
 * address, removed or not, no longer means the device that was there.
 */
static void addr_taken(struct log_boot *b, const struct log_rec *r,
		       struct log_system *sys)
{
	const struct log_event_info *ev = &r->event_info;
	uint32_t gi = ev_groups_find(&b->ev.by_addr, ev->arg, ev->arg_len);

	/* each leaves the group as it loses the address */
	while (gi != EV_NO_GROUP && b->ev.by_addr.g[gi].n)
		take_meaning(b, r, &b->ev.disks[b->ev.by_addr.g[gi].ids[0]], sys);
}

/*
 * An NVMe controller was probed or removed: a new drive may now have the
 * names an old one had (a PCIe drive's removal prints nothing, and the
 * new one's names are printed only for a partition table).  A saved log
 * cannot prove which namespaces a controller holds, so no NVMe name means
 * what it meant before the line.
 */
static void nvme_names_end(struct log_boot *b, const struct log_rec *r,
			   struct log_system *sys)
{
	if (!b->ev.nnvme)
		return;
	ev_map_end_nvme(&b->ev, !r->rec->has_time, r->rec->usec, r->nrecords);
	if (sys && sys->live && r->nrecords > sys->dx_built_rec)
		sys->dx_stale = true;
}

bool log_name_followed(const struct ev_disk *e)
{
	return strncmp(e->name, "dm-", 3) != 0;
}

/*
 * Lines that give a name its meaning act before the line is shown.  sys
 * (may be NULL) hears of a change its index does not know yet.
 */
void log_events_before(struct log_boot *b, const struct log_rec *r,
		       struct log_system *sys)
{
	const struct log_event_info *ev = &r->event_info;
	struct ev_disk *e;
	bool other;

	if (r->event < LOG_EVENT_ALIAS)
		return;
	if (r->event == LOG_EVENT_INQUIRY && ev->arg_len <= LOG_ADDR_MAX)
		addr_taken(b, r, sys);
	if (r->event == LOG_EVENT_NVME_CTRL) {
		nvme_names_end(b, r, sys);
		return;
	}
	if (r->event >= LOG_EVENT_ATA_ID) {
		log_ports_event(b, r);	/* about a port, not a name */
		return;
	}
	e = event_disk(b, r);
	if (!e)
		return;
	switch (r->event) {
	case LOG_EVENT_ALIAS:
		memcpy(e->alias, ev->arg, ev->arg_len);
		e->alias[ev->arg_len] = '\0';
		e->alias_src = SRC_LOG;
		e->alias_rec = r->nrecords;
		break;
	case LOG_EVENT_TIE:
	case LOG_EVENT_ATTACH:
	case LOG_EVENT_REMOVE:
	case LOG_EVENT_CAPACITY:
	case LOG_EVENT_RESUME:
		if (ev->arg_len > LOG_ADDR_MAX)
			break;
		other = e->addr[0] && (strlen(e->addr) != ev->arg_len ||
				       memcmp(e->addr, ev->arg, ev->arg_len) != 0);
		/*
		 * Another device took the name: the name at another address,
		 * a new attach of it, or a probe's first line (its capacity)
		 * after a removal line with no resume since.  A removal line
		 * alone ends nothing: sd prints it at suspend too, and the
		 * lines after it still speak of the disk that printed it.
		 */
		if (other || (r->event == LOG_EVENT_ATTACH &&
			      (e->attached || e->removed)) ||
		    (r->event == LOG_EVENT_CAPACITY && e->stopped))
			take_meaning(b, r, e, sys);
		ev_map_set_addr(&b->ev, (uint32_t)(e - b->ev.disks), ev->arg,
				ev->arg_len);
		if (r->event == LOG_EVENT_ATTACH) {
			e->attached = true;
			e->attach_seen = true;
			e->attach_no_time = !r->rec->has_time;
			e->attach_at = r->rec->usec;
		}
		if (r->event == LOG_EVENT_REMOVE)
			e->stopped = true;
		else
			e->removed = false;	/* it speaks again: resumed */
		if (r->event == LOG_EVENT_ATTACH || r->event == LOG_EVENT_RESUME)
			e->stopped = false;
		break;
	default:
		break;
	}
}

/*
 * A removal (or a suspend) line: until the disk speaks again, today's
 * disk of the name is not taken for it.  A released alias: what the disk
 * showed is gone, and the name means what it shows next (the release
 * line itself is still about what went, and keeps its alias).
 */
void log_events_after(struct log_boot *b, const struct log_rec *r,
		      struct log_system *sys)
{
	struct ev_disk *e;

	if (r->event != LOG_EVENT_REMOVE && r->event != LOG_EVENT_RELEASED)
		return;
	e = event_disk(b, r);
	if (!e)
		return;
	if (r->event == LOG_EVENT_REMOVE)
		e->removed = true;
	else
		take_meaning(b, r, e, sys);
}

/* "/dev/disk/by-id/wwn-0x5000...-part1" -> dir "by-id", the disk's name */
static bool split_devlink(const struct journal_span *s, char *dir, char *name,
			  size_t size)
{
	static const char head[] = "/dev/disk/";
	const char *p = s->p + sizeof(head) - 1, *slash, *end = s->p + s->len;
	size_t nl;

	if (s->len <= sizeof(head) - 1 || memcmp(s->p, head, sizeof(head) - 1) != 0)
		return false;
	slash = memchr(p, '/', (size_t)(end - p));
	if (!slash || (size_t)(slash - p) >= size || (size_t)(end - slash - 1) >= size ||
	    end == slash + 1 || memchr(slash + 1, '/', (size_t)(end - slash - 1)))
		return false;
	memcpy(dir, p, (size_t)(slash - p));
	dir[slash - p] = '\0';
	nl = (size_t)(end - slash - 1);
	memcpy(name, slash + 1, nl);
	name[nl] = '\0';
	/* a partition's link: its disk's name */
	for (char *q = strstr(name, "-part"); q; q = strstr(q + 1, "-part")) {
		char *d = q + 5;

		while (*d >= '0' && *d <= '9')
			d++;
		if (d > q + 5 && !*d) {
			*q = '\0';
			break;
		}
	}
	return true;
}

/* The journal's fields: the record's disk, its links and alias then. */
/* Apart from its caller: its frame is large, and most records have no links. */
static __attribute__((noinline)) void devlink_evidence(struct ev_disk *e,
		const struct journal_fields *jf)
{
	struct disk_link links[JOURNAL_DEVLINKS_MAX];
	char dirs[JOURNAL_DEVLINKS_MAX][16], names[JOURNAL_DEVLINKS_MAX][256];
	char best[PATH_MAX];
	struct disk d = { .links = links };
	size_t n;

	for (size_t i = 0; i < jf->ndevlinks; i++) {
		if (!split_devlink(&jf->devlinks[i], dirs[d.nlinks], names[d.nlinks],
				   sizeof(names[0])) || strlen(dirs[d.nlinks]) >= 16)
			continue;
		if (strcmp(dirs[d.nlinks], "by-alias") == 0) {
			n = strlen(names[d.nlinks]);
			if (e->alias_src != SRC_LOG && alias_check(names[d.nlinks], n, NULL) == 0) {
				memcpy(e->alias, names[d.nlinks], n + 1);
				e->alias_src = SRC_JOURNAL;
			}
			continue;
		}
		links[d.nlinks] = (struct disk_link){ dirs[d.nlinks], names[d.nlinks], -1 };
		d.nlinks++;
	}
	if (link_stable_name(&d, best, sizeof(best), NULL)) {
		free(e->persistent);
		e->persistent = xstrdup(strrchr(best, '/') + 1);
	}
}

void log_journal_evidence(struct log_boot *b, const struct log_rec *r)
{
	if (r->meta != EV_NONE && r->jf && r->jf->ndevlinks)
		devlink_evidence(&b->ev.disks[r->meta], r->jf);
}
