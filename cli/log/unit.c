// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias log's units: the input cut by its format into records (or
 * pieces of an over-long line), each parsed and handed to the sink.
 */
#include <string.h>

#include "lib/xalloc.h"
#include "unit.h"

/* Length of the next complete unit at buf[start..end), or 0. */
static size_t next_unit(const struct log_input *in, const struct reader *r)
{
	const char *p = r->buf + r->start;
	size_t avail = r->end - r->start;
	const char *nl;

	if (in->format == LOG_FORMAT_KMSG)
		return kmsg_record_len(p, avail, r->eof);
	if (in->format == LOG_FORMAT_EXPORT)
		return journal_export_record_len(p, avail, r->eof);
	nl = memchr(p, '\n', avail);
	if (nl)
		return (size_t)(nl - p) + 1;
	return r->eof ? avail : 0;
}

void unit_parse_kernel(enum log_format format, struct parsed *p)
{
	const char *raw = p->u.raw;
	size_t body = p->u.len;

	if (!p->u.whole)
		return;
	if (format == LOG_FORMAT_KMSG) {
		p->r = kmsg_parse(raw, body, &p->rec);
		return;
	}
	if (body > 0 && raw[body - 1] == '\n')
		body--;
	p->r = dmesg_parse(raw, body, &p->rec);
}

void unit_deliver_parsed(const struct log_sink *sink, const struct parsed *p)
{
	const struct unit *u = &p->u;

	if (!u->whole)
		sink->malformed(sink->pass, u->raw, u->len, u->count, u->piece);
	else if (p->r < 0)
		sink->malformed(sink->pass, u->raw, u->len, true, false);
	else
		sink->record(sink->pass, &p->rec, NULL, u->raw, u->len);
}

/*
 * A journal's record: only the kernel's are read, as --journal asks the
 * journal for no other (a user's "logger 'block sdb: alias set to x'" is
 * no kernel line, and is not shown either).
 */
static void journal_record(const struct log_sink *sink,
			   const struct log_record *rec,
			   const struct journal_fields *jf, const char *raw,
			   size_t len)
{
	if (journal_is_kernel(jf))
		sink->record(sink->pass, rec, jf, raw, len);
}

void unit_handle(struct log_input *in, const struct log_sink *sink,
		 const char *raw, size_t len)
{
	struct parsed p = { .u = { raw, len, .whole = true } };
	struct journal_fields jf;
	size_t body = len;

	switch (in->format) {
	case LOG_FORMAT_EXPORT:
		/* blank lines around a record are its frame */
		while (body > 0 && raw[body - 1] == '\n' &&
		       (body == 1 || raw[body - 2] == '\n'))
			body--;
		p.r = journal_export_parse(raw, body, &p.rec, &jf);
		if (p.r == 0 && body && raw[0] == '\n')
			p.r = -1;
		if (p.r == 0) {
			journal_record(sink, &p.rec, &jf, raw, body);
			return;
		}
		break;
	case LOG_FORMAT_JSON:
		if (body > 0 && raw[body - 1] == '\n')
			body--;
		if (body + 1 > in->scratch_cap) {
			in->scratch_cap = body + 1;
			in->scratch = xreallocarray(in->scratch, in->scratch_cap, 1);
		}
		p.r = journal_json_parse(raw, body, &p.rec, &jf, in->scratch);
		if (p.r == 0) {
			journal_record(sink, &p.rec, &jf, raw, body);
			return;
		}
		break;
	default:
		unit_parse_kernel(in->format, &p);
		break;
	}
	unit_deliver_parsed(sink, &p);
}

enum log_format unit_detect_format(const char *buf, size_t len)
{
	if (journal_json_detect(buf, len))
		return LOG_FORMAT_JSON;
	if (journal_export_detect(buf, len))
		return LOG_FORMAT_EXPORT;
	return log_detect_format(buf, len);
}

bool unit_take(struct log_input *in, struct reader *r, struct unit *u)
{
	if (in->format == LOG_FORMAT_AUTO)
		in->format = unit_detect_format(r->buf + r->start, r->end - r->start);
	while (r->start < r->end || !r->eof) {
		size_t n = next_unit(in, r);

		if (n) {
			/* after pieces, the end of an over-long line */
			*u = (struct unit){ r->buf + r->start, n,
					    .whole = !r->in_long_line };
			r->in_long_line = false;
			r->start += n;
			return true;
		}
		if (r->end - r->start >= RECORD_MAX) {
			*u = (struct unit){ r->buf + r->start, RECORD_MAX,
					    .count = !r->in_long_line,
					    .piece = true };
			r->in_long_line = true;
			r->start += RECORD_MAX;
			return true;
		}
		if (r->eof || log_stop)
			break;
		if (!reader_fill(r) && (r->err || r->sink_err))
			break;		/* nothing more of it, whole or not */
	}
	return false;
}

void unit_deliver(struct log_input *in, const struct log_sink *sink,
		  const struct unit *u)
{
	if (u->whole)
		unit_handle(in, sink, u->raw, u->len);
	else
		unit_deliver_parsed(sink, &(struct parsed){ .u = *u });
}

void unit_process(struct log_input *in, const struct log_sink *sink,
		  struct reader *r)
{
	struct unit u;

	while (unit_take(in, r, &u))
		unit_deliver(in, sink, &u);
}

int unit_read_stream(struct log_input *in, const struct log_sink *sink,
		     struct reader *r)
{
	r->cap = RECORD_MAX + READ_SIZE;
	r->buf = xmalloc(r->cap);
	r->start = r->end = 0;
	r->eof = false;
	reader_fill(r);
	unit_process(in, sink, r);
	free(r->buf);
	return reader_error(r, in);
}
