// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias log --input: a saved log (kmsg, dmesg, journal export or
 * JSON), read once, or, for a kernel log whose running boot can be
 * known, twice at once: a reader ahead that judges the boots and one
 * that annotates them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib/xalloc.h"
#include "log.h"
#include "unit.h"

#define DETECT_SIZE	4096		/* bytes that say the input's format */

#define KEPT_MAX	4096	/* units kept parsed for the annotating reader */

/*
 * The units of a boot judged, to the annotating sink: the first nkept as
 * the reader ahead kept them, parsed; the rest (a boot of more than
 * KEPT_MAX units, or a file read without a mapping, where none are kept)
 * read again by r: on a mapping from where the reader ahead was after the
 * last unit kept (*past), else from where r is, the boot's first unit.
 */
static void annotate_judged(struct logger *lg, const struct log_sink *sink,
			    struct reader *r, const struct parsed *kept,
			    size_t nkept, size_t nunits, const struct reader *past)
{
	struct unit u;

	for (size_t i = 0; i < nkept; i++)
		unit_deliver_parsed(sink, &kept[i]);
	if (nunits > nkept && r->mapped) {
		/* r's window is where the reader ahead's was */
		r->start = past->start;
		r->end = past->end;
		r->eof = past->eof;
		r->in_long_line = past->in_long_line;
	}
	for (nunits -= nkept; nunits > 0 && unit_take(&lg->in, r, &u); nunits--)
		unit_deliver(&lg->in, sink, &u);
}

/*
 * A saved kernel log (kmsg or dmesg records) from offset at, read twice at
 * once: a reader ahead judges each boot by all its records (is it the
 * running one? log_running.c) before any of them is annotated
 * (log_evidence.c), and as soon as the next boot starts, the boot judged
 * is annotated.  A boot is seldom more than a few thousand lines: the
 * reader ahead keeps the first KEPT_MAX units of each parsed, pointing
 * into the mapping, so that most are neither cut nor parsed twice and
 * their bytes are read again while still in the processor's caches; r
 * reads the rest of a longer boot, and the whole of a file that cannot be
 * mapped (both readers then pread(2) it, each at its own offset).  The
 * reader ahead keeps its last KEEP_SIZE bytes mapped for r.  Both readers
 * cut the input the same way, each from the first byte with its own
 * window, so they agree on every unit.
 */
static int read_twice(struct logger *lg, const struct log_sink *sink,
		      struct reader *r, off_t at)
{
	struct log_input in = { .format = lg->in.format };
	struct reader ahead = { .fd = r->fd, .name = r->name }, past = { 0 };
	struct log_prepass pp;
	struct log_sink judge = log_prepass_start(&pp, &lg->sys, in.format);
	struct parsed *kept = NULL, p;
	size_t nkept = 0, kept_max = 0;
	size_t unread = 0;	/* units judged that are not annotated yet */
	int e = 0;

	if (r->mapped) {
		ahead = *r;
		ahead.keep = KEEP_SIZE;
		kept_max = KEPT_MAX;
		kept = xreallocarray(NULL, kept_max, sizeof(*kept));
	} else {
		r->positioned = ahead.positioned = true;
		r->off = ahead.off = at;
		ahead.cap = r->cap;
		ahead.buf = xmalloc(ahead.cap);
		reader_rewind(r);
	}
	if (!r->err)
		reader_rewind(&ahead);
	while (!r->err && unit_take(&in, &ahead, &p.u)) {
		unsigned boot = pp.boot.boot_no;

		unit_parse_kernel(in.format, &p);
		unit_deliver_parsed(&judge, &p);
		if (pp.boot.boot_no != boot) {
			/* the units before this one are the boot judged */
			annotate_judged(lg, sink, r, kept, nkept, unread, &past);
			nkept = unread = 0;
			if (r->err)
				break;
		}
		unread++;
		if (nkept < kept_max) {
			kept[nkept++] = p;
			if (nkept == kept_max)
				past = ahead;
		}
	}
	log_prepass_end(&pp);
	/* a read that failed ends the input there: nothing after it is
	 * annotated, neither what the reader ahead judged */
	if (ahead.err)
		e = reader_error(&ahead, &lg->in);
	else if (!r->err)
		annotate_judged(lg, sink, r, kept, nkept, unread, &past);
	if (!e)
		e = reader_error(r, &lg->in);
	free(kept);
	if (!ahead.mapped)
		free(ahead.buf);
	free(in.scratch);
	return e;
}

int log_read_input(struct logger *lg, const char *path)
{
	struct log_sink sink = log_annotating_sink(lg);
	struct reader r = { .name = path };
	bool twice;
	off_t at;
	int e;

	if (strcmp(path, "-") == 0) {
		r.fd = STDIN_FILENO;
		r.name = "stdin";
	} else {
		r.fd = open(path, O_RDONLY | O_CLOEXEC);
		if (r.fd < 0 && errno == EINTR && log_stop)
			return 0;	/* a FIFO without a writer, stopped */
		if (r.fd < 0)
			return log_input_fail(&lg->in, errno, "%s", path);
		posix_fadvise(r.fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	}
	at = lseek(r.fd, 0, SEEK_CUR);
	r.cap = RECORD_MAX + READ_SIZE;
	r.buf = xmalloc(r.cap);
	/* the first lines say the format, and so whether to read it twice */
	while (r.end < DETECT_SIZE && reader_fill(&r))
		;
	if (lg->in.format == LOG_FORMAT_AUTO)
		lg->in.format = unit_detect_format(r.buf, r.end);
	/* a kernel log is read twice when the running boot can be known; a
	 * journal says its boot in each record and is read once */
	twice = lg->sys.run.loaded && (lg->in.format == LOG_FORMAT_KMSG ||
				       lg->in.format == LOG_FORMAT_DMESG);
	e = reader_error(&r, &lg->in);
	if (!e && twice && at < 0) {
		e = reader_spill(&r, &lg->in);
		at = 0;
	}
	if (!e) {
		reader_map(&r, at);
		e = reader_error(&r, &lg->in);
	}
	if (!e && twice) {
		e = read_twice(lg, &sink, &r, at);
	} else if (!e) {
		unit_process(&lg->in, &sink, &r);
		e = reader_error(&r, &lg->in);
	}
	if (r.mapped)
		munmap(r.buf - r.map_skip, r.map_len + r.map_skip);
	else
		free(r.buf);
	if (r.fd != STDIN_FILENO)
		close(r.fd);
	return e;
}
