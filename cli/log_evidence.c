// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The evidence of one boot of the log, name by name, and what the running
 * boot's /dev/kmsg shows (so a saved log can be recognized as the running
 * boot, and today's mapping used only after a name's last change).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diskalias.h"
#include "links.h"
#include "log.h"
#include "sysroot.h"
#include "xalloc.h"

#define RESCAN_SECONDS	1	/* the live log: at most one re-scan a second */
#define TIME_BACK_NEW_BOOT	1000000	/* usec: a step back this long */

const char *log_source_name(enum log_source s)
{
	static const char *const names[] = { NULL, "log", "journal", "system" };

	return names[s];
}

uint32_t log_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* ---- names of one boot ---- */

void ev_map_reset(struct ev_map *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->disks[i].persistent);
	m->n = 0;
	if (m->slots)
		memset(m->slots, 0, (m->mask + 1) * sizeof(*m->slots));
}

void ev_map_free(struct ev_map *m)
{
	ev_map_reset(m);
	free(m->disks);
	free(m->slots);
	memset(m, 0, sizeof(*m));
}

static void ev_map_grow(struct ev_map *m)
{
	size_t nslots = m->slots ? (m->mask + 1) * 2 : 64;

	free(m->slots);
	m->slots = xcalloc(nslots, sizeof(*m->slots));
	m->mask = nslots - 1;
	for (size_t k = 0; k < m->n; k++) {
		size_t i = m->disks[k].hash & m->mask;

		while (m->slots[i])
			i = (i + 1) & m->mask;
		m->slots[i] = (uint32_t)k + 1;
	}
}

uint32_t ev_map_get(struct ev_map *m, const char *name, size_t len, bool create)
{
	uint32_t h;
	size_t i;
	struct ev_disk *e;

	if (len == 0 || len > LOG_NAME_MAX)
		return EV_NONE;
	h = log_hash(name, len);
	if (m->slots) {
		for (i = h & m->mask; m->slots[i]; i = (i + 1) & m->mask) {
			e = &m->disks[m->slots[i] - 1];
			if (e->hash == h && e->name_len == len &&
			    memcmp(e->name, name, len) == 0)
				return m->slots[i] - 1;
		}
	}
	if (!create || m->n >= EV_MAX_NAMES)
		return EV_NONE;
	if (!m->slots || 2 * (m->n + 1) > m->mask + 1)
		ev_map_grow(m);
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 16;
		m->disks = xreallocarray(m->disks, m->cap, sizeof(*m->disks));
	}
	e = &m->disks[m->n];
	memset(e, 0, sizeof(*e));
	memcpy(e->name, name, len);
	e->name_len = (uint8_t)len;
	e->hash = h;
	for (i = h & m->mask; m->slots[i]; i = (i + 1) & m->mask)
		;
	m->slots[i] = (uint32_t)m->n + 1;
	return (uint32_t)m->n++;
}

uint32_t ev_map_by_addr(const struct ev_map *m, const char *addr, size_t len)
{
	for (size_t k = 0; k < m->n; k++)
		if (!m->disks[k].removed && strlen(m->disks[k].addr) == len &&
		    memcmp(m->disks[k].addr, addr, len) == 0)
			return (uint32_t)k;
	return EV_NONE;
}

/* ---- today's disks ---- */

static void set_bit(uint8_t *set, unsigned char c)
{
	set[c >> 3] |= 1u << (c & 7);
}

void log_build_index(struct logger *lg)
{
	/* first letters of the names a disk of any boot may have had */
	static const char name_first[] = "dhlmnprsvxz";
	uint8_t first[32];
	size_t max_len;
	int r;

	if (lg->have_index)
		disk_index_free(&lg->dx);
	r = disk_index_build(&lg->dx, !lg->have_index);
	if (r < 0) {
		/* no /sys/block: annotate from the log alone */
		if (!lg->have_index)
			warnx("/sys/block: %s; disks are annotated from the log alone",
			      strerror(-r));
		memset(&lg->dx, 0, sizeof(lg->dx));
	}
	lg->have_index = true;
	lg->dx_gen++;
	{
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
		lg->last_scan = ts.tv_sec;
	}
	lg->dx_built_rec = lg->live ? lg->nrecords : UINT64_MAX;
	lg->dx_stale = false;
	memcpy(first, lg->dx.first_bytes, sizeof(first));
	for (const char *p = name_first; *p; p++)
		set_bit(first, (unsigned char)*p);
	max_len = lg->dx.max_name_len;
	if (max_len < LOG_NAME_MAX)
		max_len = LOG_NAME_MAX;
	log_scanner_init(&lg->scanner, first, max_len);
}

static void maybe_rescan(struct logger *lg)
{
	struct timespec ts;

	if (!lg->live || !lg->dx_stale || lg->gather_only)
		return;
	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	if (ts.tv_sec - lg->last_scan >= RESCAN_SECONDS)
		log_build_index(lg);
}

const struct dx_disk *log_system_disk(struct logger *lg, struct ev_disk *e)
{
	if (!log_system_valid(lg, e))
		return NULL;
	if (e->sys_gen != lg->dx_gen) {
		e->sys = disk_index_lookup(&lg->dx, e->name, e->name_len);
		e->sys_gen = lg->dx_gen;
	}
	if ((!e->sys || e->sys->links_pending) && lg->live) {
		/*
		 * a disk that came after the last scan, or before udev had
		 * made its links: look again
		 */
		lg->dx_stale = true;
		maybe_rescan(lg);
		if (e->sys_gen != lg->dx_gen) {
			e->sys = disk_index_lookup(&lg->dx, e->name, e->name_len);
			e->sys_gen = lg->dx_gen;
		}
	}
	return e->sys;
}

bool log_system_valid(struct logger *lg, struct ev_disk *e)
{
	const struct log_record *rec = lg->rec;
	uint32_t k;

	if (!lg->current || e->removed || lg->gather_only)
		return false;
	/* changed since the index was built (the live log, followed) */
	if (e->changed && e->changed_rec > lg->dx_built_rec) {
		maybe_rescan(lg);
		if (e->changed_rec > lg->dx_built_rec)
			return false;
	}
	if (!lg->run.loaded || (rec && rec->has_time && lg->run.have_oldest &&
				rec->usec < lg->run.oldest))
		return !e->changed;	/* only until the log shows a change */
	if (!e->run_looked) {
		e->run_k = ev_map_get(&lg->run.names, e->name, e->name_len, false);
		e->run_looked = true;
	}
	k = e->run_k;
	if (k == EV_NONE || !lg->run.names.disks[k].changed)
		return true;
	if (lg->run.names.disks[k].changed_no_time || !rec || !rec->has_time)
		return false;
	/* the name means today's disk from its last change on */
	return rec->usec >= lg->run.names.disks[k].changed_at;
}

/* ---- boots ---- */

/*
 * A saved kernel log's boot is the running one when its records, where
 * /dev/kmsg covers their times, are the records /dev/kmsg has: two boots
 * of one machine print the same early lines at the same times, so a boot
 * is told by all of it (the pre-pass over the input), never by a few
 * records that agree.  At most one in a hundred may differ (a line dmesg
 * printed otherwise).
 */
static void end_prepass_boot(struct logger *lg)
{
	bool current = lg->nmatched >= 2 && lg->nmismatched * 100 <= lg->nmatched;

	if (!lg->boot_no)
		return;
	lg->verdicts = xreallocarray(lg->verdicts, lg->boot_no, sizeof(*lg->verdicts));
	lg->verdicts[lg->boot_no - 1] = current;
	lg->nverdicts = lg->boot_no;
}

void log_end_prepass(struct logger *lg)
{
	end_prepass_boot(lg);
}

static void new_boot(struct logger *lg)
{
	if (lg->prepass)
		end_prepass_boot(lg);
	lg->boot_no++;
	lg->boot_records = 0;
	lg->have_last_time = false;
	lg->nmatched = lg->nmismatched = 0;
	ev_map_reset(&lg->ev);
	if (lg->live)
		lg->current = lg->boot_no >= lg->run.nboots;
	else if (lg->format == LOG_FORMAT_EXPORT || lg->format == LOG_FORMAT_JSON)
		lg->current = lg->running_boot_id[0] &&
			      strcmp(lg->boot_id, lg->running_boot_id) == 0;
	else
		lg->current = lg->boot_no <= lg->nverdicts &&
			      lg->verdicts[lg->boot_no - 1];
}

static bool is_kernel_record(const struct log_record *rec)
{
	return rec->facility <= 0;
}

/* Whether the record starts a boot; and the record's boot decided. */
void log_boot_track(struct logger *lg)
{
	const struct log_record *rec = lg->rec;
	bool journal = lg->format == LOG_FORMAT_EXPORT || lg->format == LOG_FORMAT_JSON;
	bool start = false;

	lg->event = is_kernel_record(rec) ?
		    log_classify(rec->text, rec->text_len, &lg->event_info) :
		    LOG_EVENT_NONE;
	if (journal) {
		const struct journal_span *b = &lg->jf->boot_id;

		if (b->len && b->len < sizeof(lg->boot_id) &&
		    (strlen(lg->boot_id) != b->len ||
		     memcmp(lg->boot_id, b->p, b->len) != 0)) {
			memcpy(lg->boot_id, b->p, b->len);
			lg->boot_id[b->len] = '\0';
			start = true;
		}
	} else {
		/* CPUs stamp records a little out of order: a step back
		 * of a second or more is another boot */
		start = lg->event == LOG_EVENT_BOOT ||
			(rec->has_time && lg->have_last_time &&
			 rec->usec + TIME_BACK_NEW_BOOT <= lg->last_time);
	}
	if (lg->boot_no == 0 || (start && lg->boot_records > 0))
		new_boot(lg);
	else if (start && journal)
		new_boot(lg);
	lg->boot_records++;
	if (rec->has_time && !journal &&
	    (!lg->have_last_time || rec->usec > lg->last_time)) {
		lg->last_time = rec->usec;
		lg->have_last_time = true;
	}
	if (lg->prepass && rec->has_time && rec->usec > 0 && lg->run.have_oldest &&
	    rec->usec >= lg->run.oldest && rec->usec <= lg->run.newest) {
		if (run_boot_has(&lg->run, rec->usec, rec->text, rec->text_len))
			lg->nmatched++;
		else
			lg->nmismatched++;
	}
}

/* ---- the log's own evidence ---- */

static void take_meaning(struct logger *lg, struct ev_disk *e)
{
	free(e->persistent);
	e->persistent = NULL;
	e->alias[0] = '\0';
	e->alias_src = SRC_NONE;
	e->addr[0] = '\0';
	e->attached = false;
	e->removed = false;
	e->changed = true;
	e->changed_no_time = !lg->rec->has_time;
	e->changed_at = lg->rec->usec;
	e->changed_rec = lg->nrecords;
	if (lg->live && lg->nrecords > lg->dx_built_rec)
		lg->dx_stale = true;
}

static struct ev_disk *event_disk(struct logger *lg)
{
	const struct log_event_info *ev = &lg->event_info;
	size_t n = log_disk_part(ev->name, ev->name_len);
	uint32_t k = ev_map_get(&lg->ev, ev->name, n, true);

	return k == EV_NONE ? NULL : &lg->ev.disks[k];
}

/* Lines that give a name its meaning act before the line is shown. */
void log_events_before(struct logger *lg)
{
	const struct log_event_info *ev = &lg->event_info;
	struct ev_disk *e;
	bool other;

	if (lg->event < LOG_EVENT_ALIAS || lg->event == LOG_EVENT_REMOVE)
		return;
	e = event_disk(lg);
	if (!e)
		return;
	switch (lg->event) {
	case LOG_EVENT_ALIAS:
		memcpy(e->alias, ev->arg, ev->arg_len);
		e->alias[ev->arg_len] = '\0';
		e->alias_src = SRC_LOG;
		break;
	case LOG_EVENT_TIE:
	case LOG_EVENT_ATTACH:
		if (ev->arg_len > LOG_ADDR_MAX)
			break;
		other = e->addr[0] && (strlen(e->addr) != ev->arg_len ||
				       memcmp(e->addr, ev->arg, ev->arg_len) != 0);
		/* another device took the name, or the disk came back */
		if (e->removed || other ||
		    (lg->event == LOG_EVENT_ATTACH && e->attached))
			take_meaning(lg, e);
		memcpy(e->addr, ev->arg, ev->arg_len);
		e->addr[ev->arg_len] = '\0';
		if (lg->event == LOG_EVENT_ATTACH)
			e->attached = true;
		break;
	default:
		break;
	}
}

/* A removal ends the name's meaning after its own line. */
void log_events_after(struct logger *lg)
{
	struct ev_disk *e;

	if (lg->event != LOG_EVENT_REMOVE)
		return;
	e = event_disk(lg);
	if (!e)
		return;
	take_meaning(lg, e);
	e->removed = true;
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
void log_journal_evidence(struct logger *lg)
{
	const struct journal_fields *jf = lg->jf;
	struct disk_link links[JOURNAL_DEVLINKS_MAX];
	char dirs[JOURNAL_DEVLINKS_MAX][16], names[JOURNAL_DEVLINKS_MAX][256];
	char best[PATH_MAX];
	struct disk d = { .links = links };
	struct ev_disk *e;
	size_t n;

	if (lg->meta == EV_NONE || !jf || !jf->ndevlinks)
		return;
	e = &lg->ev.disks[lg->meta];
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
	if (link_stable_name(&d, best, sizeof(best))) {
		free(e->persistent);
		e->persistent = xstrdup(strrchr(best, '/') + 1);
	}
}
