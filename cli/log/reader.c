// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias log's byte source: a buffer filled by read(2) or pread(2),
 * or a window moved over a mapping; a pipe copied to a temporary file to
 * be read twice.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/write_all.h"
#include "lib/xalloc.h"
#include "reader.h"

#define FOLLOW_POLL_MS	200		/* a followed regular file: poll period */
#define DROP_SIZE	(4u << 20)	/* mapped bytes read, given back at once */

volatile sig_atomic_t log_stop;

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

bool reader_fill(struct reader *r)
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
		if (n < 0 && errno != EINTR) {
			r->err = -errno;
			r->eof = true;
			return false;
		}
		if (r->follow && !log_stop) {
			int e = r->sink->idle ? r->sink->idle(r->sink->pass) : 0;

			if (e < 0) {
				r->sink_err = e;
				r->eof = true;
				return false;
			}
			poll(NULL, 0, FOLLOW_POLL_MS);
			if (!log_stop)
				continue;
		}
		r->eof = true;
		return false;
	}
}

/*
 * Where a pipe's copy goes: $TMPDIR, else /var/tmp (on disk where /tmp
 * may be in memory), as a file no one else can open.
 */
static int spill_file(const char **dir)
{
	const char *d = getenv("TMPDIR");
	char *path;
	int fd;

	if (!d || !*d)
		d = "/var/tmp";
	*dir = d;
	fd = open(d, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR))
		return fd;
	/* a file system without O_TMPFILE: a named file, unlinked at once */
	path = xasprintf("%s/diskalias-log.XXXXXX", d);
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
int reader_spill(struct reader *r, struct log_input *in)
{
	const char *dir;
	int m = spill_file(&dir);
	size_t len = r->end;
	bool more = !r->eof;
	int e;

	if (m < 0)
		return log_input_fail(in, errno, "%s: cannot keep a copy in %s",
				      r->name, dir);
	for (;;) {
		e = write_all(m, r->buf, len);
		if (e) {
			e = log_input_fail(in, -e, "%s: cannot keep a copy in %s",
					   r->name, dir);
			close(m);
			return e;
		}
		if (!more)
			break;
		r->start = r->end = 0;
		more = reader_fill(r);
		len = r->end;
	}
	if (r->err) {
		close(m);
		return reader_error(r, in);
	}
	if (r->fd != STDIN_FILENO)
		close(r->fd);
	r->fd = m;
	return 0;
}

int reader_error(const struct reader *r, struct log_input *in)
{
	if (r->err)
		return log_input_fail(in, -r->err, "%s", r->name);
	return r->sink_err;
}

void reader_rewind(struct reader *r)
{
	r->start = r->end = r->dropped = 0;
	r->eof = r->in_long_line = false;
	reader_fill(r);
}

/*
 * A regular file from offset at (a file named on the command line, stdin
 * redirected from one, a pipe's copy) is read through a mapping instead:
 * no copy of each byte into the buffer, and none for the second pass.
 * What r read already is read again from the mapping.  Anything else, or
 * a file that cannot be mapped, stays read(2) into the buffer.
 */
void reader_map(struct reader *r, off_t at)
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
	reader_rewind(r);
}
