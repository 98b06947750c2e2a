// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LD_PRELOAD shim: make the config's temp file fail as a read-only or a
 * full /etc would, so the tests reach those paths without mounting.
 *
 *   DISKALIAS_FAKE_FS=EROFS    creating .diskalias.conf.* fails
 *   DISKALIAS_FAKE_FS=ENOSPC   writing to it fails once it has begun
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TEMP_PREFIX ".diskalias.conf."

static bool fake(const char *what)
{
	const char *v = getenv("DISKALIAS_FAKE_FS");

	return v && strcmp(v, what) == 0;
}

static bool is_temp_name(const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	return strncmp(base, TEMP_PREFIX, strlen(TEMP_PREFIX)) == 0 &&
	       strcmp(base, ".diskalias.conf.lock") != 0;
}

static bool is_temp_fd(int fd)
{
	char link[64], path[4096];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, path, sizeof(path) - 1);
	if (n < 0)
		return false;
	path[n] = '\0';
	return is_temp_name(path);
}

static int do_openat(const char *sym, int dirfd, const char *path, int flags,
		     mode_t mode)
{
	int (*real)(int, const char *, int, ...) = dlsym(RTLD_NEXT, sym);

	if ((flags & O_CREAT) && is_temp_name(path) && fake("EROFS")) {
		errno = EROFS;
		return -1;
	}
	return real(dirfd, path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	return do_openat("openat", dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	return do_openat("openat64", dirfd, path, flags, mode);
}

ssize_t write(int fd, const void *buf, size_t len)
{
	ssize_t (*real)(int, const void *, size_t) = dlsym(RTLD_NEXT, "write");

	if (fake("ENOSPC") && is_temp_fd(fd)) {
		/* some bytes land, then the disk is full */
		if (len > 16)
			return real(fd, buf, 16);
		errno = ENOSPC;
		return -1;
	}
	return real(fd, buf, len);
}
