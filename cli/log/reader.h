/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_LOG_READER_H
#define DISKALIAS_LOG_READER_H

/*
 * The log's byte source: a file, a pipe or /dev/kmsg read in large
 * blocks into a buffer, or a regular file mapped; a pipe copied to a
 * file when it must be read twice.  Private to the readers (log_read.c,
 * log_kmsg.c, unit.c).
 */

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "log.h"

#define READ_SIZE	(1u << 20)	/* bytes asked of read(2) at once */
#define RECORD_MAX	(1u << 20)	/* longer "lines" pass through in pieces */
#define KEEP_SIZE	(1u << 20)	/* mapped bytes a reader keeps for one behind */

struct reader {
	int fd;			/* -1: buf holds all there is */
	const char *name;	/* for messages */
	char *buf;
	size_t cap, start, end;
	bool eof;
	bool follow;		/* a regular file followed: poll at EOF */
	const struct log_sink *sink;	/* ... told before each poll */
	/*
	 * A regular file mapped whole: buf is the input's first byte,
	 * map_skip bytes into the mapping (which starts on a page), and
	 * map_len bytes long; the mapping's first dropped bytes were given
	 * back.
	 */
	bool mapped;
	size_t map_skip, map_len, dropped;
	size_t keep;		/* bytes behind start kept: another reader follows */
	/* a file that two readers read: each pread(2)s at its own offset */
	bool positioned;
	off_t off;
	bool in_long_line;	/* the unit at start goes on a line cut long */
	int err;		/* -errno: a read failed, the input ends there */
	int sink_err;		/* -errno: the sink's idle() failed */
};

/* Read more into r->buf; returns false at the end of input, or where it
 * failed (r->err, r->sink_err). */
bool reader_fill(struct reader *r);
/* Read r again from its first byte (a file reader is at it already). */
void reader_rewind(struct reader *r);
/* Read a regular file from offset at through a mapping, if it can be. */
void reader_map(struct reader *r, off_t at);
/* Copy a pipe to a temporary file, to be read twice: 0, or -errno with
 * in->why set. */
int reader_spill(struct reader *r, struct log_input *in);
/* What stopped r early: 0, or -errno (in->why set for a read). */
int reader_error(const struct reader *r, struct log_input *in);

#endif
