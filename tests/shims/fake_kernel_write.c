// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LD_PRELOAD shim: make write(2) to an "alias" file fail as the patched
 * kernel's alias_store() does, so the unit tests reach the paths where the
 * kernel refuses what user space's own checks let through (a racing
 * writer, a kernel with stricter rules).
 *
 *   DISKALIAS_FAKE_ERRNO=EBUSY|EEXIST|EINVAL|ENOENT|ENODEV|EACCES|EPERM|EIO
 *   DISKALIAS_FAKE_RACE=FILE=VALUE   first write VALUE to FILE, as the
 *                                    writer that won the race would have
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct {
	const char *name;
	int value;
} errnos[] = {
	{ "EBUSY", EBUSY }, { "EEXIST", EEXIST }, { "EINVAL", EINVAL },
	{ "ENOENT", ENOENT }, { "EACCES", EACCES }, { "EPERM", EPERM },
	{ "EIO", EIO }, { "ENODEV", ENODEV },
};

static bool is_alias_fd(int fd)
{
	char link[64], path[4096];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, path, sizeof(path) - 1);
	if (n < 6)
		return false;
	path[n] = '\0';
	return strcmp(path + n - 6, "/alias") == 0;
}

static void race(const char *spec)
{
	char file[4096];
	const char *eq = strchr(spec, '=');
	int fd;

	if (!eq || (size_t)(eq - spec) >= sizeof(file))
		return;
	memcpy(file, spec, eq - spec);
	file[eq - spec] = '\0';
	fd = open(file, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return;
	if (((ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write"))(
		    fd, eq + 1, strlen(eq + 1)) < 0)
		perror("fake_kernel_write: race");
	close(fd);
}

ssize_t write(int fd, const void *buf, size_t count)
{
	static ssize_t (*real_write)(int, const void *, size_t);
	const char *want = getenv("DISKALIAS_FAKE_ERRNO");

	if (!real_write)
		real_write = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
	if (want && is_alias_fd(fd)) {
		const char *spec = getenv("DISKALIAS_FAKE_RACE");

		if (spec)
			race(spec);
		for (size_t i = 0; i < sizeof(errnos) / sizeof(errnos[0]); i++) {
			if (strcmp(want, errnos[i].name) == 0) {
				errno = errnos[i].value;
				return -1;
			}
		}
	}
	return real_write(fd, buf, count);
}
