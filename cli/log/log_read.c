// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias log's input: the live /dev/kmsg (one record a read), or a
 * saved log read in large blocks and cut into records by its format
 * (kmsg, dmesg, journal export or JSON); and the running boot's
 * /dev/kmsg, read whole before anything is annotated.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/diskalias.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"
#include "log.h"

#define READ_SIZE	(1u << 20)	/* bytes asked of read(2) at once */
#define RECORD_MAX	(1u << 20)	/* longer "lines" pass through in pieces */
#define KMSG_READ_MAX	16384		/* a /dev/kmsg record is at most 8 KiB */
#define FOLLOW_POLL_MS	200		/* a followed regular file: poll period */
#define DETECT_SIZE	4096		/* bytes that say the input's format */

volatile sig_atomic_t log_stop;

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
};

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

#define DROP_SIZE	(4u << 20)	/* mapped bytes read, given back at once */
#define KEEP_SIZE	(1u << 20)	/* ... but for the last read, for a reader behind */

/*
 * A mapped file "read" on: the window buf[start..end) grows by READ_SIZE,
 * as a read(2) would fill the buffer, so records are cut where a stream
 * cuts them.  The pages read are given back as the window moves on, so
 * that the mapping never holds the file's size in memory.
 */
static bool fill_mapped(struct reader *r)
{
	size_t room = r->map_len - r->end;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *base = r->buf - r->map_skip;
	size_t at = r->map_skip + r->start;
	size_t done = (at > r->keep ? at - r->keep : 0) & ~(page - 1);

	if (done - r->dropped >= DROP_SIZE) {
		madvise(base + r->dropped, done - r->dropped, MADV_DONTNEED);
		r->dropped = done;
	}
	if (!room) {
		r->eof = true;
		return false;
	}
	r->end += room < READ_SIZE ? room : READ_SIZE;
	return true;
}

/* Read more into r->buf; returns false at the end of input. */
static bool fill(struct reader *r)
{
	ssize_t n;

	if (r->mapped)
		return fill_mapped(r);
	if (r->fd < 0) {
		r->eof = true;
		return false;
	}
	if (r->start > 0) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	for (;;) {
		size_t room = r->cap - r->end;

		if (room > READ_SIZE)
			room = READ_SIZE;
		/* stopped: no new read, which could wait for good */
		if (log_stop) {
			r->eof = true;
			return false;
		}
		n = r->positioned ? pread(r->fd, r->buf + r->end, room, r->off) :
				    read(r->fd, r->buf + r->end, room);
		if (n > 0) {
			r->end += (size_t)n;
			r->off += n;
			return true;
		}
		if (n < 0 && errno == EINTR && !log_stop)
			continue;
		if (n < 0 && errno != EINTR)
			err(DA_EXIT_FAILURE, "%s", r->name);
		if (r->follow && !log_stop) {
			if (r->sink->idle)
				r->sink->idle(r->sink->pass);
			poll(NULL, 0, FOLLOW_POLL_MS);
			if (!log_stop)
				continue;
		}
		r->eof = true;
		return false;
	}
}

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

/* A unit of a kernel log (kmsg or dmesg records) parsed */
static void parse_kernel_unit(enum log_format format, struct parsed *p)
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

static void deliver_parsed(const struct log_sink *sink, const struct parsed *p)
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

/* One unit of input: a record, newline(s) included. */
static void handle_unit(struct log_input *in, const struct log_sink *sink,
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
		parse_kernel_unit(in->format, &p);
		break;
	}
	deliver_parsed(sink, &p);
}

static enum log_format detect(const char *buf, size_t len)
{
	if (journal_json_detect(buf, len))
		return LOG_FORMAT_JSON;
	if (journal_export_detect(buf, len))
		return LOG_FORMAT_EXPORT;
	return log_detect_format(buf, len);
}

/* The next unit of r; false at the end of its input (or at log_stop). */
static bool take(struct log_input *in, struct reader *r, struct unit *u)
{
	if (in->format == LOG_FORMAT_AUTO)
		in->format = detect(r->buf + r->start, r->end - r->start);
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
		fill(r);
	}
	return false;
}

static void deliver(struct log_input *in, const struct log_sink *sink,
		    const struct unit *u)
{
	if (u->whole)
		handle_unit(in, sink, u->raw, u->len);
	else
		deliver_parsed(sink, &(struct parsed){ .u = *u });
}

static void process(struct log_input *in, const struct log_sink *sink,
		    struct reader *r)
{
	struct unit u;

	while (take(in, r, &u))
		deliver(in, sink, &u);
}

static void read_stream(struct log_input *in, const struct log_sink *sink,
			struct reader *r)
{
	r->cap = RECORD_MAX + READ_SIZE;
	r->buf = xmalloc(r->cap);
	r->start = r->end = 0;
	r->eof = false;
	fill(r);
	process(in, sink, r);
	free(r->buf);
}

/*
 * All of /dev/kmsg there is now: a character device one record a read
 * until it has no more, a saved one (in a fake tree) to its end.
 */
static char *slurp_kmsg(struct log_input *in, int fd, bool chr, size_t *lenp)
{
	size_t len = 0, cap = 1 << 16;
	char *buf = xmalloc(cap);
	ssize_t n;

	for (;;) {
		if (cap - len < KMSG_READ_MAX) {
			cap *= 2;
			buf = xreallocarray(buf, cap, 1);
		}
		n = read(fd, buf + len, chr ? KMSG_READ_MAX : cap - len);
		if (n > 0) {
			len += (size_t)n;
			continue;
		}
		if (n == 0)
			break;
		if (errno == EPIPE) {
			in->nlost++;	/* overwritten before we read them */
			continue;
		}
		if (errno == EINTR)
			continue;
		if (errno == EAGAIN)
			break;
		err(DA_EXIT_FAILURE, "/dev/kmsg");
	}
	*lenp = len;
	return buf;
}

static void read_boot_id(struct log_system *sys)
{
	char *id = sys->running_boot_id;
	int fd = sysroot_open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_NONBLOCK);
	ssize_t n;

	if (fd < 0)
		return;
	n = read(fd, id, sizeof(sys->running_boot_id) - 1);
	close(fd);
	if (n > 0)
		id[n] = '\0';
	/* none, or longer than any the kernel makes: match no boot, as a
	 * boot id cut short could match another's */
	if (n <= 0 || ((size_t)n == sizeof(sys->running_boot_id) - 1 &&
		       !memchr(id, '\n', (size_t)n))) {
		id[0] = '\0';
		return;
	}
	id[strcspn(id, "\n")] = '\0';
	/* the journal writes it without dashes */
	for (char *s = id, *d = s; ; s++) {
		if (*s != '-')
			*d++ = *s;
		if (!*s)
			break;
	}
}

/*
 * For a saved log: the running boot, to recognize records of it.  A
 * /dev/kmsg we may not read is no running boot: records are annotated
 * from the log and the journal alone.
 */
void log_read_running_boot(struct log_system *sys, struct log_input *in)
{
	struct stat st;
	char *buf;
	size_t len;
	int fd;

	read_boot_id(sys);
	fd = sysroot_open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		return;
	if (fstat(fd, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISREG(st.st_mode))) {
		buf = slurp_kmsg(in, fd, S_ISCHR(st.st_mode), &len);
		log_gather_running(&sys->run, buf, len);
		free(buf);
	}
	close(fd);
}

/*
 * Where a pipe's copy goes: $TMPDIR, else /var/tmp (on disk where /tmp
 * may be in memory), as a file no one else can open.
 */
static int spill_file(const char *name, const char **dirp)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	int fd;

	if (!dir || !*dir)
		dir = "/var/tmp";
	*dirp = dir;
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR))
		return fd;
	/* a file system without O_TMPFILE: a named file, unlinked at once */
	if (asprintf(&path, "%s/diskalias-log.XXXXXX", dir) < 0)
		errx(DA_EXIT_FAILURE, "%s: out of memory", name);
	fd = mkostemp(path, O_CLOEXEC);
	if (fd >= 0)
		unlink(path);
	free(path);
	return fd;
}

/*
 * A pipe copied to a temporary file, to be read twice: what r holds of it
 * already, then the rest.  Memory stays bounded by the reader's buffer
 * whatever the size of the input.
 */
static void spill(struct reader *r)
{
	const char *dir;
	int m = spill_file(r->name, &dir);
	size_t len = r->end;
	bool more = !r->eof;

	if (m < 0)
		err(DA_EXIT_FAILURE, "%s: cannot keep a copy in %s", r->name, dir);
	for (;;) {
		for (size_t off = 0; off < len; ) {
			ssize_t w = write(m, r->buf + off, len - off);

			if (w < 0 && errno == EINTR)
				continue;
			if (w < 0)
				err(DA_EXIT_FAILURE, "%s: cannot keep a copy in %s",
				    r->name, dir);
			off += (size_t)w;
		}
		if (!more)
			break;
		r->start = r->end = 0;
		more = fill(r);
		len = r->end;
	}
	if (r->fd != STDIN_FILENO)
		close(r->fd);
	r->fd = m;
}

/* Read r again from its first byte (a file reader is at it already). */
static void rewind_reader(struct reader *r)
{
	r->start = r->end = r->dropped = 0;
	r->eof = r->in_long_line = false;
	fill(r);
}

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
		deliver_parsed(sink, &kept[i]);
	if (nunits > nkept && r->mapped) {
		/* r's window is where the reader ahead's was */
		r->start = past->start;
		r->end = past->end;
		r->eof = past->eof;
		r->in_long_line = past->in_long_line;
	}
	for (nunits -= nkept; nunits > 0 && take(&lg->in, r, &u); nunits--)
		deliver(&lg->in, sink, &u);
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
static void read_twice(struct logger *lg, const struct log_sink *sink,
		       struct reader *r, off_t at)
{
	struct log_input in = { .format = lg->in.format };
	struct reader ahead = { .fd = r->fd, .name = r->name }, past = { 0 };
	struct log_prepass pp;
	struct log_sink judge = log_prepass_start(&pp, &lg->sys, in.format);
	struct parsed *kept = NULL, p;
	size_t nkept = 0, kept_max = 0;
	size_t unread = 0;	/* units judged that are not annotated yet */

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
		rewind_reader(r);
	}
	rewind_reader(&ahead);
	while (take(&in, &ahead, &p.u)) {
		unsigned boot = pp.boot.boot_no;

		parse_kernel_unit(in.format, &p);
		deliver_parsed(&judge, &p);
		if (pp.boot.boot_no != boot) {
			/* the units before this one are the boot judged */
			annotate_judged(lg, sink, r, kept, nkept, unread, &past);
			nkept = unread = 0;
		}
		unread++;
		if (nkept < kept_max) {
			kept[nkept++] = p;
			if (nkept == kept_max)
				past = ahead;
		}
	}
	log_prepass_end(&pp);
	annotate_judged(lg, sink, r, kept, nkept, unread, &past);
	free(kept);
	if (!ahead.mapped)
		free(ahead.buf);
	free(in.scratch);
}

/*
 * A regular file from offset at (a file named on the command line, stdin
 * redirected from one, a pipe's copy) is read through a mapping instead:
 * no copy of each byte into the buffer, and none for the second pass.
 * What r read already is read again from the mapping.  Anything else, or
 * a file that cannot be mapped, stays read(2) into the buffer.
 */
static void map_input(struct reader *r, off_t at)
{
	long page = sysconf(_SC_PAGESIZE);
	struct stat st;
	size_t skip;
	void *m;

	if (at < 0 || fstat(r->fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    st.st_size <= at || (uintmax_t)st.st_size > SIZE_MAX)
		return;
	skip = (size_t)at & ((size_t)page - 1);
	m = mmap(NULL, (size_t)(st.st_size - at) + skip, PROT_READ, MAP_PRIVATE,
		 r->fd, at - (off_t)skip);
	if (m == MAP_FAILED)
		return;
	madvise(m, (size_t)(st.st_size - at) + skip, MADV_SEQUENTIAL);
	free(r->buf);
	r->buf = (char *)m + skip;
	r->map_skip = skip;
	r->map_len = (size_t)(st.st_size - at);
	r->mapped = true;
	rewind_reader(r);
}

void log_read_input(struct logger *lg, const char *path)
{
	struct log_sink sink = log_annotating_sink(lg);
	struct reader r = { .name = path };
	bool twice;
	off_t at;

	if (strcmp(path, "-") == 0) {
		r.fd = STDIN_FILENO;
		r.name = "stdin";
	} else {
		r.fd = open(path, O_RDONLY | O_CLOEXEC);
		if (r.fd < 0 && errno == EINTR && log_stop)
			return;		/* a FIFO without a writer, stopped */
		if (r.fd < 0)
			err(DA_EXIT_FAILURE, "%s", path);
		posix_fadvise(r.fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	}
	at = lseek(r.fd, 0, SEEK_CUR);
	r.cap = RECORD_MAX + READ_SIZE;
	r.buf = xmalloc(r.cap);
	/* the first lines say the format, and so whether to read it twice */
	while (r.end < DETECT_SIZE && fill(&r))
		;
	if (lg->in.format == LOG_FORMAT_AUTO)
		lg->in.format = detect(r.buf, r.end);
	/* a kernel log is read twice when the running boot can be known; a
	 * journal says its boot in each record and is read once */
	twice = lg->sys.run.loaded && (lg->in.format == LOG_FORMAT_KMSG ||
				       lg->in.format == LOG_FORMAT_DMESG);
	if (twice && at < 0) {
		spill(&r);
		at = 0;
	}
	map_input(&r, at);
	if (twice)
		read_twice(lg, &sink, &r, at);
	else
		process(&lg->in, &sink, &r);
	if (r.mapped)
		munmap(r.buf - r.map_skip, r.map_len + r.map_skip);
	else
		free(r.buf);
	if (r.fd != STDIN_FILENO)
		close(r.fd);
}

/* The live /dev/kmsg, followed: one record a read(2), non-blocking. */
static void follow_kmsg_device(struct logger *lg, const struct log_sink *sink,
			       int fd)
{
	static char buf[KMSG_READ_MAX];
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	ssize_t n;

	while (!log_stop) {
		n = read(fd, buf, sizeof(buf));
		if (n > 0) {
			handle_unit(&lg->in, sink, buf, (size_t)n);
			continue;
		}
		if (n < 0 && errno == EPIPE) {
			lg->in.nlost++;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno != EAGAIN)
			err(DA_EXIT_FAILURE, "/dev/kmsg");
		sink->idle(sink->pass);
		if (poll(&pfd, 1, -1) < 0 && errno != EINTR)
			err(DA_EXIT_FAILURE, "/dev/kmsg: poll");
	}
}

/*
 * The running boot's log: what there is now, read whole (so each name's
 * last change is known before the first record is annotated), then, to
 * follow, what comes.
 */
void log_read_kmsg(struct logger *lg, bool follow)
{
	struct log_sink sink = log_annotating_sink(lg);
	struct reader r = { .fd = -1, .name = "/dev/kmsg", .eof = true };
	struct stat st;
	bool chr;
	int fd;

	read_boot_id(&lg->sys);
	fd = sysroot_open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (fd < 0 && (errno == EACCES || errno == EPERM))
		errx(DA_EXIT_FAILURE, "/dev/kmsg: permission denied: reading the "
		     "kernel log needs root or CAP_SYSLOG (kernel.dmesg_restrict)");
	if (fd < 0)
		err(DA_EXIT_FAILURE, "/dev/kmsg");
	chr = fstat(fd, &st) == 0 && S_ISCHR(st.st_mode);
	lg->in.format = LOG_FORMAT_KMSG;
	r.buf = slurp_kmsg(&lg->in, fd, chr, &r.end);
	log_gather_running(&lg->sys.run, r.buf, r.end);
	lg->sys.dx_built_rec = lg->sys.run.nrecords;
	process(&lg->in, &sink, &r);
	free(r.buf);
	if (follow && chr) {
		follow_kmsg_device(lg, &sink, fd);
	} else if (follow && S_ISREG(st.st_mode)) {
		/* a saved log in a fake tree: read on as it grows */
		struct reader f = { .fd = fd, .name = "/dev/kmsg", .follow = true,
				    .sink = &sink };

		read_stream(&lg->in, &sink, &f);
	}
	close(fd);
}
