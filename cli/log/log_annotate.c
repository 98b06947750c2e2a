// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The annotating pass: a record's boot and evidence (log_evidence.c), its
 * disks (the names in its text, a partition standing for its disk, a SCSI
 * address for the disk the log or today's mapping ties to it, the disk of
 * its DEVICE= or journal fields), each disk's note (the alias and
 * persistent name valid at its time) settled once, --disk, then out.
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "disk/disk_arg.h"
#include "lib/xalloc.h"
#include "log.h"

static void add_hit(struct log_rec *r, size_t start, size_t len, uint32_t ev,
		    enum log_token_kind kind)
{
	XGROW(r->hits, r->nhits, r->hits_cap, 16);
	r->hits[r->nhits++] = (struct hit){ .start = start, .len = len,
					    .ev = ev, .kind = kind };
}

/* The boot's entry for a word that names a disk or partition, or none. */
static uint32_t word_disk(struct logger *lg, const char *w, size_t len)
{
	const struct disk_index *dx = &lg->sys.dx;
	const struct dx_disk *d;
	char head[LOG_NAME_MAX + 1];
	size_t n;

	/* an NVMe path disk's lines are about its multipath head */
	if (w[0] == 'n' && (n = log_nvme_head(w, len, head, sizeof(head))) != 0)
		return ev_map_get(&lg->boot.ev, head, n, true);
	if (disk_index_plausible_name(w, len))
		return ev_map_get(&lg->boot.ev, w, log_disk_part(w, len), true);
	/* a name of today's tree that no naming scheme above has */
	if (len > dx->max_name_len || !log_heads_has(&dx->heads, w, len))
		return EV_NONE;
	d = disk_index_lookup(dx, w, len);
	if (d && d->name_len == len && memcmp(d->name, w, len) == 0)
		return ev_map_get(&lg->boot.ev, d->name, d->name_len, true);
	return EV_NONE;
}

/* Whether today's disk of the boot's name k holds at the record. */
static bool system_valid(struct logger *lg, uint32_t k)
{
	return log_system_valid(&lg->sys, &lg->boot, &lg->rec,
				&lg->boot.ev.disks[k], true);
}

/* The disk at a bus address: the log's tie, else today's when valid. */
static uint32_t addr_disk(struct logger *lg, const char *a, size_t len)
{
	uint32_t k = ev_map_by_addr(&lg->boot.ev, a, len);
	const struct dx_disk *d;

	if (k != EV_NONE || !lg->boot.current)
		return k;
	d = disk_index_lookup(&lg->sys.dx, a, len);
	if (!d)
		return EV_NONE;
	k = ev_map_get(&lg->boot.ev, d->name, d->name_len, true);
	/* today's disk at the address, if that name still means it */
	if (k != EV_NONE && lg->boot.ev.disks[k].addr[0])
		return EV_NONE;	/* the log tied the name elsewhere */
	if (k != EV_NONE && !system_valid(lg, k))
		return EV_NONE;
	return k;
}

/*
 * A port's or a controller's line the log's own lines do not tie: in the
 * running boot, the one disk sysfs puts behind it, if that disk was there
 * at the record (a port's line before the disk's attach may be another
 * disk's, one since unplugged).
 */
static uint32_t port_disk_today(struct logger *lg, const char *tok, size_t len)
{
	const struct dx_disk *d;
	uint32_t k;

	if (!lg->boot.current || !lg->sys.have_index)
		return EV_NONE;
	d = disk_index_port(&lg->sys.dx, tok, len);
	if (!d)
		return EV_NONE;
	k = ev_map_get(&lg->boot.ev, d->name, d->name_len, true);
	if (k != EV_NONE && !log_system_was_there(&lg->sys, &lg->boot, &lg->rec,
						  &lg->boot.ev.disks[k]))
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
		return ev_map_get(&lg->boot.ev, dev + 7,
				  log_disk_part(dev + 7, len - 7), true);
	if (len > 1 && dev[0] == 'b' && dev[1] >= '0' && dev[1] <= '9' &&
	    lg->boot.current) {
		/* a device number means a disk of today only */
		d = disk_index_device(&lg->sys.dx, dev, len);
		if (!d)
			return EV_NONE;
		k = ev_map_get(&lg->boot.ev, d->name, d->name_len, true);
		if (k != EV_NONE && !system_valid(lg, k))
			return EV_NONE;
		return k;
	}
	return EV_NONE;
}

static void find_meta(struct logger *lg, const struct log_record *rec)
{
	const struct journal_fields *jf = lg->rec.jf;
	struct log_rec *r = &lg->rec;

	r->meta = EV_NONE;
	if (jf && jf->sysname.len)
		r->meta = ev_map_get(&lg->boot.ev, jf->sysname.p,
				     log_disk_part(jf->sysname.p, jf->sysname.len),
				     true);
	else if (jf && jf->device.len)
		r->meta = device_disk(lg, jf->device.p, jf->device.len);
	else if (rec->device)
		r->meta = device_disk(lg, rec->device, rec->device_len);
}

/*
 * Stamp the record's disks; each is noted once a record, at its first
 * name.  The " (alias NAME)" a patched kernel ends a record with is the
 * kernel's note, not a mention; when the record is about one disk alone,
 * it is that disk's alias at the record's time.
 */
static void mark_hits(struct log_boot *b, const struct log_rec *r)
{
	uint64_t n = r->nrecords;
	uint32_t only = r->meta;
	bool one = true;

	for (size_t i = 0; i < r->nhits; i++) {
		struct ev_disk *e = &b->ev.disks[r->hits[i].ev];

		e->mentioned = n;
		if (r->hits[i].kind == LOG_TOKEN_WORD)
			e->named = n;
		if (only == EV_NONE)
			only = r->hits[i].ev;
		else if (only != r->hits[i].ev)
			one = false;
	}
	if (r->text_alias_len && one && only != EV_NONE) {
		struct ev_disk *e = &b->ev.disks[only];

		memcpy(e->alias, r->text_alias, r->text_alias_len);
		e->alias[r->text_alias_len] = '\0';
		e->alias_src = SRC_LOG;
		e->alias_rec = n;
	}
}

static void find_disks(struct logger *lg, const struct log_record *rec,
		       bool parsed)
{
	struct log_rec *r = &lg->rec;
	struct log_token tok;
	size_t pos = 0, len = rec->text_len, plen;
	uint32_t k;

	r->rec = rec;
	r->nhits = 0;
	r->text_alias_len = 0;
	if (parsed) {
		plen = r->kernel ? log_alias_suffix(rec->text, rec->text_len,
						    &r->text_alias,
						    &r->text_alias_len) : 0;
		/* only where the kernel's own line ends so */
		if (plen && log_alias_message(rec->text, len - plen))
			len -= plen;
		else
			r->text_alias_len = 0;
		find_meta(lg, rec);
		/* a port's or a controller's line, where the log ties it */
		k = log_port_disk(&lg->boot, rec->text, len, &pos, &plen);
		if (k == EV_NONE && plen)
			k = port_disk_today(lg, rec->text + pos, plen);
		if (k != EV_NONE)
			add_hit(r, pos, plen, k, LOG_TOKEN_SCSI);
		pos = 0;
	} else {
		r->meta = EV_NONE;
	}
	while (log_next_token(&lg->sys.scanner, rec->text, len, &pos, &tok)) {
		const char *w = rec->text + tok.start;

		k = tok.kind == LOG_TOKEN_SCSI ? addr_disk(lg, w, tok.len)
					       : word_disk(lg, w, tok.len);
		if (k != EV_NONE)
			add_hit(r, tok.start, tok.len, k, tok.kind);
	}
	mark_hits(&lg->boot, r);
	if (parsed)
		log_journal_evidence(&lg->boot, r);
}

/* ---- notes ---- */

static uint32_t list_disk(struct log_rec *r, struct ev_disk *e, uint32_t k)
{
	if (e->listed != r->nrecords) {
		XGROW(r->disks, r->ndisks, r->disks_cap, 8);
		e->listed = r->nrecords;
		e->rec_disk = (uint32_t)r->ndisks;
		r->disks[r->ndisks++] = (struct rec_disk){ .ev = k };
	}
	return e->rec_disk;
}

static void note_of(struct logger *lg, struct rec_disk *rd)
{
	struct ev_disk *e = &lg->boot.ev.disks[rd->ev];
	const struct dx_disk *d = log_system_disk(&lg->sys, &lg->boot,
						  &lg->rec, e);
	struct note *n = &rd->note;

	memset(n, 0, sizeof(*n));
	n->sys = d;
	if (e->alias_src && (e->alias_src != SRC_LOG || log_name_followed(e) ||
			     e->alias_rec == lg->rec.nrecords)) {
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

/*
 * The record's disks, the one of DEVICE= first, each with its note, and
 * where plain output puts a note: after the first name of each disk; a
 * SCSI address gets one only when no name of the disk follows.  Today's
 * index is looked at again first, if it must be, so that every note is
 * of one index and output has nothing left to look up.
 */
static void settle_notes(struct logger *lg)
{
	struct log_rec *r = &lg->rec;
	struct ev_disk *disks = lg->boot.ev.disks;
	uint64_t n = r->nrecords;

	r->ndisks = 0;
	if (r->meta != EV_NONE)
		list_disk(r, &disks[r->meta], r->meta);
	r->meta_unnamed = r->meta != EV_NONE && disks[r->meta].mentioned != n;
	for (size_t i = 0; i < r->nhits; i++) {
		struct hit *h = &r->hits[i];
		struct ev_disk *e = &disks[h->ev];

		h->disk = list_disk(r, e, h->ev);
		h->note_here = e->noted != n &&
			       !(h->kind == LOG_TOKEN_SCSI && e->named == n);
		if (h->note_here)
			e->noted = n;
	}
	for (size_t i = 0; i < r->ndisks; i++)
		log_system_refresh(&lg->sys, &lg->boot, r, &disks[r->disks[i].ev]);
	for (size_t i = 0; i < r->ndisks; i++)
		note_of(lg, &r->disks[i]);
}

/* ---- records ---- */

/*
 * A record that does not parse is shown as it came, and counted; with
 * --disk it is kept when its words name the disk.  A line too long for
 * the buffer goes out in pieces, counted once; only a last piece cut by
 * the end of input gets a newline.
 */
static void annotate_malformed(void *pass, const char *raw, size_t len,
			       bool count, bool piece)
{
	struct logger *lg = pass;
	struct log_record rec = { .level = -1, .facility = -1 };
	size_t text_len = len;

	if (count)
		lg->out.nmalformed++;
	while (text_len > 0 && raw[text_len - 1] == '\n')
		text_len--;
	rec.text = raw;
	rec.text_len = text_len;
	lg->rec.jf = NULL;
	lg->rec.nrecords++;
	find_disks(lg, &rec, false);
	settle_notes(lg);
	if (!log_filter_wanted(&lg->filter, &lg->boot, &lg->rec))
		return;
	if (lg->out.json)
		log_print_json(&lg->out, &lg->boot, &lg->rec, lg->in.format,
			       raw, text_len, true);
	else
		log_print_raw(&lg->out, raw, len, piece);
}

/* A parsed record: its boot, its evidence, its disks' notes, then out. */
static void annotate_record(void *pass, const struct log_record *rec,
			    const struct journal_fields *jf, const char *raw,
			    size_t raw_len)
{
	struct logger *lg = pass;

	lg->rec.rec = rec;
	lg->rec.jf = jf;
	lg->rec.nrecords++;
	log_boot_track(&lg->boot, &lg->rec, lg->in.format, &lg->sys, true);
	log_events_before(&lg->boot, &lg->rec, &lg->sys);
	find_disks(lg, rec, true);
	settle_notes(lg);
	if (log_filter_wanted(&lg->filter, &lg->boot, &lg->rec)) {
		if (lg->out.json)
			log_print_json(&lg->out, &lg->boot, &lg->rec,
				       lg->in.format, raw, raw_len, false);
		else
			log_print_plain(&lg->out, &lg->boot, &lg->rec,
					lg->in.format);
	}
	log_events_after(&lg->boot, &lg->rec, &lg->sys);
}

/* Before the reader waits: what is gathered goes out (docs/log.md). */
static int annotate_idle(void *pass)
{
	struct logger *lg = pass;

	return log_output_flush(&lg->out) != 0 ? -errno : 0;
}

struct log_sink log_annotating_sink(struct logger *lg)
{
	return (struct log_sink){ annotate_record, annotate_malformed,
				  annotate_idle, lg };
}

void logger_free(struct logger *lg)
{
	log_system_free(&lg->sys);
	log_boot_free(&lg->boot);
	log_rec_free(&lg->rec);
	log_filter_free(&lg->filter);
	log_output_free(&lg->out);
	free(lg->out.buf);
	log_input_free(&lg->in);
}
