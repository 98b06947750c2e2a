// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading /etc/diskalias.conf (or --config FILE) and telling its problems.
 */
#include "conf.h"

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/sysroot.h"
#include "lib/xalloc.h"

const char *conf_strerror(int e)
{
	switch (e) {
	case EFBIG:
		return "file too large; the limit is 1 MiB";
	case EISDIR:
		return "is a directory, not a file";
	case ELOOP:
		return "a loop of symbolic links";
	case ENOENT:
		return "no such file";
	case EACCES:
	case EPERM:
		return "permission denied";
	case EINVAL:
		return "not a regular file";
	default:
		return strerror(e);
	}
}

/* regular_only: /etc/diskalias.conf, never a FIFO or device to wait on */
static int read_all(int fd, bool regular_only, char **text, size_t *textlen)
{
	struct stat sb;
	size_t cap, len = 0;
	ssize_t n;
	char *buf;

	if (fstat(fd, &sb) != 0)
		return -errno;
	if (S_ISDIR(sb.st_mode))
		return -EISDIR;
	if (!S_ISREG(sb.st_mode) &&
	    (regular_only || (!S_ISCHR(sb.st_mode) && !S_ISFIFO(sb.st_mode))))
		return -EINVAL;
	if (S_ISREG(sb.st_mode) && sb.st_size > CONF_MAX_SIZE)
		return -EFBIG;
	cap = S_ISREG(sb.st_mode) ? (size_t)sb.st_size + 1 : 4096;
	buf = xmalloc(cap + 1);
	for (;;) {
		if (len == cap) {
			if (cap > CONF_MAX_SIZE) {
				free(buf);
				return -EFBIG;
			}
			cap *= 2;
			buf = xreallocarray(buf, cap + 1, 1);
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = -errno;

			free(buf);
			return e;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	if (len > CONF_MAX_SIZE) {
		free(buf);
		return -EFBIG;
	}
	buf[len] = '\0';
	*text = buf;
	*textlen = len;
	return 0;
}

int conf_load(const char *path, bool in_sysroot, bool missing_ok,
	      struct conf *c, char **text, size_t *textlen)
{
	char *buf = NULL;
	size_t len = 0;
	int fd, r;

	memset(c, 0, sizeof(*c));
	if (text)
		*text = NULL;
	if (textlen)
		*textlen = 0;
	/* --config FILE may be a pipe, "<(...)"; the file in /etc may not */
	fd = in_sysroot ? sysroot_open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK)
			: open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		r = -errno;
		if (r == -ENOENT && missing_ok)
			goto parse;
		return r;
	}
	r = read_all(fd, in_sysroot, &buf, &len);
	close(fd);
	if (r < 0)
		return r;
parse:
	if (!buf)
		buf = xstrndup("", 0);
	if (!text) {
		conf_parse_store(buf, len, c);	/* the conf keeps buf */
		return 0;
	}
	conf_parse(buf, len, c);
	*text = buf;
	*textlen = len;
	return 0;
}

void conf_warn_problems(const char *path, const struct conf *c)
{
	for (size_t i = 0; i < c->nproblems; i++) {
		if (c->problems[i].line)
			warnx("%s:%u: %s", path, c->problems[i].line,
			      c->problems[i].reason);
		else
			warnx("%s: %s", path, c->problems[i].reason);
	}
	if (c->nproblems)
		warnx("%s: %zu problem%s; the file is ignored until fixed",
		      path, c->nproblems, c->nproblems == 1 ? "" : "s");
}

int conf_load_or_warn(const char *path, bool in_sysroot, bool missing_ok,
		      struct conf *c, char **text, size_t *textlen)
{
	int r = conf_load(path, in_sysroot, missing_ok, c, text, textlen);

	if (r < 0) {
		warnx("%s: cannot read the config: %s", path, conf_strerror(-r));
		return r;
	}
	if (c->nproblems) {
		conf_warn_problems(path, c);
		if (text) {
			free(*text);
			*text = NULL;
		}
		conf_free(c);
		return -EINVAL;
	}
	return 0;
}
