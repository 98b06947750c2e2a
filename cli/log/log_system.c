// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What is known of the running boot: today's disks (rebuilt, at most once
 * a second, while following /dev/kmsg shows them change), and whether
 * today's mapping holds for a name at a record: only for the running
 * boot, and only from the last time its log shows the name change.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"

#define RESCAN_SECONDS	1	/* the live log: at most one re-scan a second */

void log_build_index(struct log_system *sys, uint64_t nrecords)
{
	struct timespec ts;
	struct log_heads heads;
	size_t max_len;
	int r;

	if (sys->have_index)
		disk_index_free(&sys->dx);
	r = disk_index_build(&sys->dx, !sys->have_index);
	if (r < 0) {
		/* no /sys/block: annotate from the log alone */
		if (!sys->have_index)
			warnx("/sys/block: %s; disks are annotated from the log alone",
			      strerror(-r));
		memset(&sys->dx, 0, sizeof(sys->dx));
	}
	sys->have_index = true;
	sys->dx_gen++;
	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	sys->last_scan = ts.tv_sec;
	sys->dx_built_rec = sys->live ? nrecords : UINT64_MAX;
	sys->dx_stale = false;
	/* the names of today, and those a disk of any boot may have had */
	heads = sys->dx.heads;
	disk_index_scheme_heads(&heads);
	max_len = sys->dx.max_name_len;
	if (max_len < LOG_NAME_MAX)
		max_len = LOG_NAME_MAX;
	log_scanner_init(&sys->scanner, &heads, max_len);
}

static void maybe_rescan(struct log_system *sys, uint64_t nrecords)
{
	struct timespec ts;

	if (!sys->live || !sys->dx_stale)
		return;
	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	if (ts.tv_sec - sys->last_scan >= RESCAN_SECONDS)
		log_build_index(sys, nrecords);
}

/*
 * Whether today's disk of e's name is the one the record means.  A re-scan
 * (may_rescan) happens while a record's disks are found, never once their
 * notes, which point into the index, are settled.
 */
bool log_system_valid(struct log_system *sys, const struct log_boot *b,
		      const struct log_rec *r, struct ev_disk *e, bool may_rescan)
{
	const struct log_record *rec = r->rec;
	const struct run_boot *run = &sys->run;
	uint32_t k;

	if (!b->current || e->removed)
		return false;
	/* changed since the index was built (the live log, followed) */
	if (e->changed && e->changed_rec > sys->dx_built_rec) {
		if (may_rescan)
			maybe_rescan(sys, r->nrecords);
		if (e->changed_rec > sys->dx_built_rec)
			return false;
	}
	if (!run->loaded || (rec && rec->has_time && run->have_oldest &&
			     rec->usec < run->oldest))
		return !e->changed;	/* only until the log shows a change */
	if (!e->run_looked) {
		e->run_k = ev_map_get((struct ev_map *)&run->names, e->name,
				      e->name_len, false);
		e->run_looked = true;
	}
	k = e->run_k;
	if (k == EV_NONE || !run->names.disks[k].changed)
		return true;
	if (run->names.disks[k].changed_no_time || !rec || !rec->has_time)
		return false;
	/* the name means today's disk from its last change on */
	return rec->usec >= run->names.disks[k].changed_at;
}

bool log_system_was_there(struct log_system *sys, const struct log_boot *b,
			  const struct log_rec *r, struct ev_disk *e)
{
	const struct run_boot *run = &sys->run;
	const struct ev_disk *re;

	if (!log_system_valid(sys, b, r, e, true))
		return false;
	/* without /dev/kmsg: only after an attach this pass has seen */
	if (!run->loaded)
		return e->attached;
	if (!e->run_looked) {
		e->run_k = ev_map_get((struct ev_map *)&run->names, e->name,
				      e->name_len, false);
		e->run_looked = true;
	}
	if (e->run_k == EV_NONE)
		return true;
	re = &run->names.disks[e->run_k];
	/* no attach line: it left the ring buffer, and all before it */
	if (!re->attach_seen)
		return true;
	if (re->attach_no_time || !r->rec || !r->rec->has_time)
		return false;
	return r->rec->usec >= re->attach_at;
}

static void look_up(struct log_system *sys, struct ev_disk *e)
{
	if (e->sys_gen != sys->dx_gen) {
		e->sys = disk_index_lookup(&sys->dx, e->name, e->name_len);
		e->sys_gen = sys->dx_gen;
	}
}

/*
 * Before a record's notes are settled: a disk that came after the last
 * scan, or before udev had made its links, has the index looked at again.
 */
void log_system_refresh(struct log_system *sys, const struct log_boot *b,
			const struct log_rec *r, struct ev_disk *e)
{
	if (!sys->live || !log_system_valid(sys, b, r, e, true))
		return;
	look_up(sys, e);
	if (!e->sys || e->sys->links_pending) {
		sys->dx_stale = true;
		maybe_rescan(sys, r->nrecords);
	}
}

const struct dx_disk *log_system_disk(struct log_system *sys,
				      const struct log_boot *b,
				      const struct log_rec *r, struct ev_disk *e)
{
	if (!log_system_valid(sys, b, r, e, false))
		return NULL;
	look_up(sys, e);
	return e->sys;
}

void log_system_free(struct log_system *sys)
{
	if (sys->have_index)
		disk_index_free(&sys->dx);
	run_boot_free(&sys->run);
	free(sys->verdicts);
}
