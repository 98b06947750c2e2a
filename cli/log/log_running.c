// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The running boot's records, as /dev/kmsg holds them when log starts,
 * gathered into their set (run_boot.c) with its names' changes; and the
 * pass that judges a saved log's boots by that set.
 */
#include <stdlib.h>

#include "kmsg/kmsg.h"
#include "lib/xalloc.h"
#include "log.h"

void log_gather_running(struct run_boot *rb, const char *buf, size_t len)
{
	struct log_boot b = { 0 };
	struct log_rec r = { .meta = EV_NONE };
	struct log_record rec;
	unsigned boot = 0;

	for (size_t pos = 0; pos < len; ) {
		size_t n = kmsg_record_len(buf + pos, len - pos, true);

		r.nrecords++;	/* each unit, as the annotating pass counts */
		if (kmsg_parse(buf + pos, n, &rec) == 0) {
			r.rec = &rec;
			log_boot_track(&b, &r, LOG_FORMAT_KMSG, NULL, true);
			log_events_before(&b, &r, NULL);
			log_events_after(&b, &r, NULL);
			if (b.boot_no != boot) {
				/* only the last boot is the running one */
				run_boot_clear_seen(rb);
				rb->have_oldest = false;
				rb->newest = 0;
				boot = b.boot_no;
			}
			if (rec.usec > 0) {
				run_boot_add(rb, rec.usec, rec.text, rec.text_len);
				if (!rb->have_oldest) {
					rb->oldest = rec.usec;
					rb->have_oldest = true;
				}
				if (rec.usec > rb->newest)
					rb->newest = rec.usec;
			}
		}
		pos += n;
	}
	rb->nboots = b.boot_no;
	rb->nrecords = r.nrecords;
	ev_map_settle_all(&b.ev);	/* read by index from now on */
	rb->names = b.ev;
	rb->loaded = true;
	log_ports_free(&b);
	log_rec_free(&r);
}

/*
 * A saved kernel log's boot is the running one when its records, where
 * /dev/kmsg covers their times, are the records /dev/kmsg has: two boots
 * of one machine print the same early lines at the same times, so a boot
 * is told by all of it (the pre-pass over the input), never by a few
 * records that agree.  At most one in a hundred may differ (a line dmesg
 * printed otherwise).
 */
static void end_boot(struct log_prepass *p, unsigned boot_no)
{
	struct log_system *sys = p->sys;
	bool current = p->nmatched >= 2 && p->nmismatched * 100 <= p->nmatched;

	if (!boot_no)
		return;
	sys->verdicts = xreallocarray(sys->verdicts, boot_no, sizeof(*sys->verdicts));
	sys->verdicts[boot_no - 1] = current;
	sys->nverdicts = boot_no;
}

static void prepass_record(void *pass, const struct log_record *rec,
			   const struct journal_fields *jf, const char *raw,
			   size_t raw_len)
{
	struct log_prepass *p = pass;
	const struct run_boot *run = &p->sys->run;
	unsigned before = p->boot.boot_no;

	(void)raw;
	(void)raw_len;
	p->rec.rec = rec;
	p->rec.jf = jf;
	p->rec.nrecords++;
	log_boot_track(&p->boot, &p->rec, p->format, NULL, false);
	if (p->boot.boot_no != before) {
		end_boot(p, before);
		p->nmatched = p->nmismatched = 0;
	}
	if (rec->has_time && rec->usec > 0 && run->have_oldest &&
	    rec->usec >= run->oldest && rec->usec <= run->newest) {
		if (run_boot_has(run, rec->usec, rec->text, rec->text_len))
			p->nmatched++;
		else
			p->nmismatched++;
	}
}

static void prepass_malformed(void *pass, const char *raw, size_t len,
			      bool count, bool piece)
{
	struct log_prepass *p = pass;

	(void)raw;
	(void)len;
	(void)count;
	(void)piece;
	p->rec.nrecords++;
}

struct log_sink log_prepass_start(struct log_prepass *p, struct log_system *sys,
				  enum log_format format)
{
	*p = (struct log_prepass){ .sys = sys, .format = format,
				   .rec.meta = EV_NONE };
	return (struct log_sink){ prepass_record, prepass_malformed, NULL, p };
}

void log_prepass_end(struct log_prepass *p)
{
	end_boot(p, p->boot.boot_no);
	log_boot_free(&p->boot);
	log_rec_free(&p->rec);
}
