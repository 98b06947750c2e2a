// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A record's disks and what to note after each: the names in its text
 * (a partition stands for its disk, a SCSI address for the disk the log
 * or today's mapping ties to it), the disk of its DEVICE= or journal
 * fields, and for each the alias and persistent name valid at its time.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "disk_arg.h"
#include "diskalias.h"
#include "log.h"
#include "xalloc.h"

static void add_hit(struct logger *lg, size_t start, size_t len, uint32_t ev,
		    enum log_token_kind kind)
{
	if (lg->nhits == lg->hits_cap) {
		lg->hits_cap = lg->hits_cap ? lg->hits_cap * 2 : 16;
		lg->hits = xreallocarray(lg->hits, lg->hits_cap, sizeof(*lg->hits));
	}
	lg->hits[lg->nhits++] = (struct hit){ start, len, ev, kind };
}

/* The boot's entry for a word that names a disk or partition, or none. */
static uint32_t word_disk(struct logger *lg, const char *w, size_t len)
{
	const struct dx_disk *d;

	if (disk_index_plausible_name(w, len))
		return ev_map_get(&lg->ev, w, log_disk_part(w, len), true);
	/* a name of today's tree that no naming scheme above has */
	if (len > lg->dx.max_name_len ||
	    !(lg->dx.first_bytes[(unsigned char)w[0] >> 3] & (1u << (w[0] & 7))))
		return EV_NONE;
	d = disk_index_lookup(&lg->dx, w, len);
	if (d && d->name_len == len && memcmp(d->name, w, len) == 0)
		return ev_map_get(&lg->ev, d->name, d->name_len, true);
	return EV_NONE;
}

/* The disk at a bus address: the log's tie, else today's when valid. */
static uint32_t addr_disk(struct logger *lg, const char *a, size_t len)
{
	uint32_t k = ev_map_by_addr(&lg->ev, a, len);
	const struct dx_disk *d;

	if (k != EV_NONE || !lg->current)
		return k;
	d = disk_index_lookup(&lg->dx, a, len);
	if (!d)
		return EV_NONE;
	k = ev_map_get(&lg->ev, d->name, d->name_len, true);
	/* today's disk at the address, if that name still means it */
	if (k != EV_NONE && lg->ev.disks[k].addr[0])
		return EV_NONE;	/* the log tied the name elsewhere */
	if (k != EV_NONE && !log_system_valid(lg, &lg->ev.disks[k]))
		return EV_NONE;
	return k;
}

/* DEVICE= (kmsg) or _KERNEL_DEVICE/_UDEV_SYSNAME (journal). */
static uint32_t device_disk(struct logger *lg, const char *dev, size_t len)
{
	const struct dx_disk *d;
	uint32_t k;

	if (len > 6 && memcmp(dev, "+scsi:", 6) == 0)
		return addr_disk(lg, dev + 6, len - 6);
	if (len > 7 && memcmp(dev, "+block:", 7) == 0)
		return ev_map_get(&lg->ev, dev + 7, log_disk_part(dev + 7, len - 7), true);
	if (len > 1 && dev[0] == 'b' && dev[1] >= '0' && dev[1] <= '9' && lg->current) {
		/* a device number means a disk of today only */
		d = disk_index_device(&lg->dx, dev, len);
		if (!d)
			return EV_NONE;
		k = ev_map_get(&lg->ev, d->name, d->name_len, true);
		if (k != EV_NONE && !log_system_valid(lg, &lg->ev.disks[k]))
			return EV_NONE;
		return k;
	}
	return EV_NONE;
}

static void find_meta(struct logger *lg, const struct log_record *rec)
{
	const struct journal_fields *jf = lg->jf;

	lg->meta = EV_NONE;
	if (jf && jf->sysname.len)
		lg->meta = ev_map_get(&lg->ev, jf->sysname.p,
				      log_disk_part(jf->sysname.p, jf->sysname.len), true);
	else if (jf && jf->device.len)
		lg->meta = device_disk(lg, jf->device.p, jf->device.len);
	else if (rec->device)
		lg->meta = device_disk(lg, rec->device, rec->device_len);
}

/*
 * Stamp the record's disks; each is noted once a record, at its first
 * name.  The " (alias NAME)" a patched kernel ends a record with is the
 * kernel's note, not a mention; when the record is about one disk alone,
 * it is that disk's alias at the record's time.
 */
static void mark_hits(struct logger *lg)
{
	uint64_t n = lg->nrecords;
	uint32_t only = lg->meta;
	bool one = true;

	for (size_t i = 0; i < lg->nhits; i++) {
		struct ev_disk *e = &lg->ev.disks[lg->hits[i].ev];

		e->mentioned = n;
		if (lg->hits[i].kind == LOG_TOKEN_WORD)
			e->named = n;
		if (only == EV_NONE)
			only = lg->hits[i].ev;
		else if (only != lg->hits[i].ev)
			one = false;
	}
	if (lg->text_alias_len && one && only != EV_NONE) {
		struct ev_disk *e = &lg->ev.disks[only];

		memcpy(e->alias, lg->text_alias, lg->text_alias_len);
		e->alias[lg->text_alias_len] = '\0';
		e->alias_src = SRC_LOG;
	}
}

void log_find_disks(struct logger *lg, const struct log_record *rec, bool parsed)
{
	struct log_token tok;
	size_t pos = 0, len = rec->text_len;

	lg->rec = rec;
	lg->nhits = 0;
	lg->text_alias_len = 0;
	if (parsed) {
		len -= log_alias_suffix(rec->text, rec->text_len,
					&lg->text_alias, &lg->text_alias_len);
		find_meta(lg, rec);
	} else {
		lg->meta = EV_NONE;
	}
	while (log_next_token(&lg->scanner, rec->text, len, &pos, &tok)) {
		const char *w = rec->text + tok.start;
		uint32_t k = tok.kind == LOG_TOKEN_SCSI ? addr_disk(lg, w, tok.len)
							: word_disk(lg, w, tok.len);

		if (k != EV_NONE)
			add_hit(lg, tok.start, tok.len, k, tok.kind);
	}
	mark_hits(lg);
	if (parsed)
		log_journal_evidence(lg);
}

void log_note(struct logger *lg, uint32_t k, struct note *n)
{
	struct ev_disk *e = &lg->ev.disks[k];
	const struct dx_disk *d = log_system_disk(lg, e);

	memset(n, 0, sizeof(*n));
	n->sys = d;
	if (e->alias_src) {
		n->alias = e->alias;
		n->alias_src = e->alias_src;
	} else if (d && d->alias) {
		n->alias = d->alias;
		n->alias_src = SRC_SYSTEM;
	}
	if (e->persistent) {
		n->persistent = e->persistent;
		n->persistent_src = SRC_JOURNAL;
	} else if (d && d->persistent) {
		n->persistent = d->persistent;
		n->persistent_src = SRC_SYSTEM;
	}
}

/* ---- --disk ---- */

static bool filter_match(struct logger *lg, uint32_t k)
{
	struct note n;

	log_note(lg, k, &n);
	if (lg->filter_alias && n.alias && strcmp(n.alias, lg->filter_alias) == 0)
		return true;
	if (lg->filter_persistent && n.persistent &&
	    strcmp(n.persistent, lg->filter_persistent) == 0)
		return true;
	return lg->filter_name && n.sys && strcmp(n.sys->name, lg->filter_name) == 0;
}

bool log_wanted(struct logger *lg)
{
	if (!lg->filter)
		return true;
	/* the kernel said which alias the record is about */
	if (lg->filter_alias && lg->text_alias_len &&
	    strlen(lg->filter_alias) == lg->text_alias_len &&
	    memcmp(lg->filter_alias, lg->text_alias, lg->text_alias_len) == 0)
		return true;
	if (lg->meta != EV_NONE && filter_match(lg, lg->meta))
		return true;
	for (size_t i = 0; i < lg->nhits; i++)
		if (filter_match(lg, lg->hits[i].ev))
			return true;
	return false;
}

static char *xstrdup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/*
 * --disk: a disk of today (any DISK argument, a partition for its disk,
 * or an alias it has) stands for what it is called by: its alias and its
 * persistent name; an alias no disk has today still selects the records
 * of the disk that had it then.
 */
void log_set_filter(struct logger *lg, const char *arg)
{
	char disk[DISK_NAME_MAX], part[DISK_NAME_MAX], reason[DISK_NAME_MAX * 3];
	const struct dx_disk *d = NULL;
	bool alias_ok = alias_check(arg, strlen(arg), NULL) == 0;
	int st;

	st = disk_resolve(arg, disk, part);
	if (st == DISK_ARG_OK || (st == DISK_ARG_PARTITION && disk[0]))
		d = disk_index_lookup(&lg->dx, disk, strlen(disk));
	else if (st == DISK_ARG_UNKNOWN && alias_ok)
		d = disk_index_find_alias(&lg->dx, arg);
	if (!d && st == DISK_ARG_BROKEN_LINK)
		errx(DA_EXIT_FAILURE, "%s: %s", arg,
		     disk_arg_reason(st, arg, disk, part, reason, sizeof(reason)));
	if (!d && !(st == DISK_ARG_UNKNOWN && alias_ok &&
		    !disk_index_plausible_name(arg, strlen(arg))))
		errx(DA_EXIT_FAILURE, "%s: no disk has this name or alias", arg);
	lg->filter = true;
	if (d) {
		lg->filter_name = xstrdup(d->name);
		lg->filter_alias = xstrdup_or_null(d->alias);
		lg->filter_persistent = xstrdup_or_null(d->persistent);
	} else {
		warnx("%s: no disk has this alias today; showing the records of "
		      "the disk that had it then", arg);
		lg->filter_alias = xstrdup(arg);
	}
}

/* ---- records ---- */

/*
 * A record that does not parse is shown as it came, and counted; with
 * --disk it is kept when its words name the disk.  A line too long for
 * the buffer goes out in pieces, counted once; only a last piece cut by
 * the end of input gets a newline.
 */
void log_malformed(struct logger *lg, const char *raw, size_t len, bool count,
		   bool piece)
{
	struct log_record rec = { .level = -1, .facility = -1 };
	size_t text_len = len;

	if (lg->gather_only) {
		lg->nrecords++;
		return;
	}
	if (count)
		lg->nmalformed++;
	while (text_len > 0 && raw[text_len - 1] == '\n')
		text_len--;
	rec.text = raw;
	rec.text_len = text_len;
	lg->jf = NULL;
	lg->nrecords++;
	log_find_disks(lg, &rec, false);
	if (!log_wanted(lg))
		return;
	if (lg->json) {
		log_print_json(lg, &rec, raw, text_len, true);
	} else {
		log_put(lg, raw, len);
		if (!piece && (!len || raw[len - 1] != '\n'))
			fputc_unlocked('\n', lg->out);	/* cut at EOF */
	}
}

/* A parsed record: its boot, its evidence, then out. */
void log_handle(struct logger *lg, const struct log_record *rec,
		const struct journal_fields *jf, const char *raw, size_t raw_len)
{
	lg->rec = rec;
	lg->jf = jf;
	lg->nrecords++;
	log_boot_track(lg);
	log_events_before(lg);
	if (lg->gather_only) {
		log_events_after(lg);
		return;
	}
	log_find_disks(lg, rec, true);
	if (log_wanted(lg)) {
		if (lg->json)
			log_print_json(lg, rec, raw, raw_len, false);
		else
			log_print_plain(lg, rec);
	}
	log_events_after(lg);
}
