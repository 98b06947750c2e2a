/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_LOG_UNIT_H
#define DISKALIAS_LOG_UNIT_H

/*
 * The log's units: the input cut into records by its format (kmsg,
 * dmesg, journal export or JSON), or into pieces of a line too long to
 * hold, each parsed and handed to a sink.  Private to the readers.
 */

#include "log.h"
#include "reader.h"

/*
 * One unit of input as the sinks take it: a record (or a line's end after
 * pieces), handed to handle_unit(); or a piece of an over-long line.
 */
struct unit {
	const char *raw;
	size_t len;
	bool whole;
	bool count, piece;	/* a piece: as log_sink.malformed() takes them */
};

/*
 * A unit and what parsing it found: for a whole unit, r is 0 and rec the
 * record, or r is -1 (malformed).  The reader ahead of read_twice() keeps
 * these for the annotating one.
 */
struct parsed {
	struct unit u;
	int r;
	struct log_record rec;
};

/* The format the input's first bytes say. */
enum log_format unit_detect_format(const char *buf, size_t len);
/* The next unit of r; false at the end of its input (or at log_stop). */
bool unit_take(struct log_input *in, struct reader *r, struct unit *u);
/* A unit of a kernel log (kmsg or dmesg records) parsed */
void unit_parse_kernel(enum log_format format, struct parsed *p);
void unit_deliver_parsed(const struct log_sink *sink, const struct parsed *p);
/* One unit of input: a record, newline(s) included. */
void unit_handle(struct log_input *in, const struct log_sink *sink,
		 const char *raw, size_t len);
void unit_deliver(struct log_input *in, const struct log_sink *sink,
		  const struct unit *u);
/* Every unit of r to the sink, until its end or its failure (r->err,
 * r->sink_err). */
void unit_process(struct log_input *in, const struct log_sink *sink,
		  struct reader *r);
/* r (fd and name set) read into a buffer of its own, every unit to sink:
 * 0, or -errno (reader_error()). */
int unit_read_stream(struct log_input *in, const struct log_sink *sink,
		     struct reader *r);

#endif
