// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias log's /dev/kmsg: the running boot's records, read whole
 * before anything is annotated (for a saved log too, to know which of
 * its boots is the running one), then, to follow, one record a read.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/sysroot.h"
#include "lib/xalloc.h"
#include "log.h"
#include "unit.h"

#define KMSG_READ_MAX	16384		/* a /dev/kmsg record is at most 8 KiB */

/*
 * All of /dev/kmsg there is now: a character device one record a read
 * until it has no more, a saved one (in a fake tree) to its end.
 */
static int slurp_kmsg(struct log_input *in, int fd, bool chr, char **out,
		      size_t *len)
{
	size_t used = 0, cap = 1 << 16;
	char *buf = xmalloc(cap);
	ssize_t n;
	int e;

	for (;;) {
		if (cap - used < KMSG_READ_MAX) {
			cap *= 2;
			buf = xreallocarray(buf, cap, 1);
		}
		n = read(fd, buf + used, chr ? KMSG_READ_MAX : cap - used);
		if (n > 0) {
			used += (size_t)n;
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
		e = log_input_fail(in, errno, "/dev/kmsg");
		free(buf);
		return e;
	}
	*out = buf;
	*len = used;
	return 0;
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
int log_read_running_boot(struct log_system *sys, struct log_input *in)
{
	struct stat st;
	char *buf;
	size_t len;
	int fd, e = 0;

	read_boot_id(sys);
	fd = sysroot_open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		return 0;
	if (fstat(fd, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISREG(st.st_mode))) {
		e = slurp_kmsg(in, fd, S_ISCHR(st.st_mode), &buf, &len);
		if (!e) {
			log_gather_running(&sys->run, buf, len);
			free(buf);
		}
	}
	close(fd);
	return e;
}

/* The live /dev/kmsg, followed: one record a read(2), non-blocking. */
static int follow_kmsg_device(struct logger *lg, const struct log_sink *sink,
			      int fd)
{
	static char buf[KMSG_READ_MAX];
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	ssize_t n;
	int e;

	while (!log_stop) {
		n = read(fd, buf, sizeof(buf));
		if (n > 0) {
			unit_handle(&lg->in, sink, buf, (size_t)n);
			continue;
		}
		if (n < 0 && errno == EPIPE) {
			lg->in.nlost++;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno != EAGAIN)
			return log_input_fail(&lg->in, errno, "/dev/kmsg");
		e = sink->idle(sink->pass);
		if (e < 0)
			return e;	/* the output failed: the verb says so */
		if (poll(&pfd, 1, -1) < 0 && errno != EINTR)
			return log_input_fail(&lg->in, errno, "/dev/kmsg: poll");
	}
	return 0;
}

/*
 * The running boot's log: what there is now, read whole (so each name's
 * last change is known before the first record is annotated), then, to
 * follow, what comes.
 */
int log_read_kmsg(struct logger *lg, bool follow)
{
	struct log_sink sink = log_annotating_sink(lg);
	struct reader r = { .fd = -1, .name = "/dev/kmsg", .eof = true };
	struct stat st;
	bool chr;
	int fd, e;

	read_boot_id(&lg->sys);
	fd = sysroot_open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (fd < 0 && (errno == EACCES || errno == EPERM))
		return log_input_failx(&lg->in, errno, "/dev/kmsg: permission "
				       "denied: reading the kernel log needs "
				       "root or CAP_SYSLOG (kernel.dmesg_restrict)");
	if (fd < 0)
		return log_input_fail(&lg->in, errno, "/dev/kmsg");
	chr = fstat(fd, &st) == 0 && S_ISCHR(st.st_mode);
	lg->in.format = LOG_FORMAT_KMSG;
	e = slurp_kmsg(&lg->in, fd, chr, &r.buf, &r.end);
	if (e) {
		close(fd);
		return e;
	}
	log_gather_running(&lg->sys.run, r.buf, r.end);
	lg->sys.dx_built_rec = lg->sys.run.nrecords;
	unit_process(&lg->in, &sink, &r);
	free(r.buf);
	if (follow && chr) {
		e = follow_kmsg_device(lg, &sink, fd);
	} else if (follow && S_ISREG(st.st_mode)) {
		/* a saved log in a fake tree: read on as it grows */
		struct reader f = { .fd = fd, .name = "/dev/kmsg", .follow = true,
				    .sink = &sink };

		e = unit_read_stream(&lg->in, &sink, &f);
	}
	close(fd);
	return e;
}
