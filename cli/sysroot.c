// SPDX-License-Identifier: GPL-2.0-or-later
#include "sysroot.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *prefix;
static int root_fd = -1;

int sysroot_init(const char *dir)
{
	size_t len;

	if (!dir || !*dir)
		dir = "/";
	root_fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (root_fd < 0)
		return -errno;
	/* Keep "" for "/" so that prefix + "/sys" is always a real path. */
	len = strlen(dir);
	while (len > 0 && dir[len - 1] == '/')
		len--;
	prefix = strndup(dir, len);
	if (!prefix) {
		close(root_fd);
		root_fd = -1;
		return -ENOMEM;
	}
	return 0;
}

void sysroot_fini(void)
{
	if (root_fd >= 0)
		close(root_fd);
	root_fd = -1;
	free(prefix);
	prefix = NULL;
}

const char *sysroot_prefix(void)
{
	return prefix ? prefix : "";
}

int sysroot_fd(void)
{
	return root_fd;
}

char *sysroot_path(const char *abs_path)
{
	char *p;

	if (asprintf(&p, "%s%s", sysroot_prefix(), abs_path) < 0)
		return NULL;
	return p;
}

/* "/sys/block" -> "sys/block"; "/" -> "." */
static const char *relative(const char *abs_path)
{
	while (*abs_path == '/')
		abs_path++;
	return *abs_path ? abs_path : ".";
}

int sysroot_open(const char *abs_path, int flags)
{
	return openat(root_fd, relative(abs_path), flags | O_CLOEXEC);
}

DIR *sysroot_opendir(const char *abs_path)
{
	int fd = sysroot_open(abs_path, O_RDONLY | O_DIRECTORY);
	DIR *dir;

	if (fd < 0)
		return NULL;
	dir = fdopendir(fd);
	if (!dir)
		close(fd);
	return dir;
}

int check_regular(int fd)
{
	struct stat sb;

	if (fstat(fd, &sb) != 0)
		return -errno;
	if (S_ISDIR(sb.st_mode))
		return -EISDIR;
	return S_ISREG(sb.st_mode) ? 0 : -ENOTREG;
}

const char *attr_strerror(int err)
{
	return err == ENOTREG ? "not a regular file" : strerror(err);
}

ssize_t read_attr_bytes(int dirfd, const char *name, char *buf, size_t bufsz)
{
	ssize_t n, total = 0;
	int fd, e;

	/* a FIFO or a device where an attribute should be must not block */
	fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	e = check_regular(fd);
	if (e < 0) {
		close(fd);
		return e;
	}
	for (;;) {
		size_t room = bufsz - total;

		n = read(fd, buf + total, room);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			e = -errno;
			close(fd);
			return e;
		}
		if (n == 0)
			break;
		total += n;
		if ((size_t)total == bufsz) {
			close(fd);
			return -EFBIG;
		}
		/*
		 * A short read is the end: sysfs hands out an attribute in
		 * one read and a regular file reads short only at its end.
		 * This saves a read(2) per file, which --sysroot lists of
		 * 10k disks notice.
		 */
		if ((size_t)n < room)
			break;
	}
	close(fd);
	return total;
}

ssize_t read_attr(int dirfd, const char *name, char *buf, size_t bufsz)
{
	ssize_t total = read_attr_bytes(dirfd, name, buf, bufsz);

	if (total < 0)
		return total;
	buf[total] = '\0';
	if (memchr(buf, '\0', total))
		return -EILSEQ;
	if (total > 0 && buf[total - 1] == '\n')
		buf[--total] = '\0';
	return total;
}

ssize_t sysroot_read_attr(const char *abs_path, char *buf, size_t bufsz)
{
	return read_attr(root_fd, relative(abs_path), buf, bufsz);
}

int link_target_name_at(int dirfd, const char *name, char *buf, size_t bufsz)
{
	char target[PATH_MAX];
	const char *base;
	ssize_t n;

	n = readlinkat(dirfd, name, target, sizeof(target) - 1);
	if (n < 0)
		return -errno;
	target[n] = '\0';
	while (n > 1 && target[n - 1] == '/')
		target[--n] = '\0';
	base = strrchr(target, '/');
	base = base ? base + 1 : target;
	if (!*base || strlen(base) >= bufsz)
		return -ENAMETOOLONG;
	strcpy(buf, base);
	return 0;
}

int sysroot_link_target_name(const char *abs_path, char *buf, size_t bufsz)
{
	return link_target_name_at(root_fd, relative(abs_path), buf, bufsz);
}
