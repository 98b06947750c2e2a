// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LD_PRELOAD shim for tests/faults: the kernel and the disks misbehave
 * while diskalias runs.
 *
 *   DISKALIAS_FAULT_VANISH=ROOT/sys/block/sdb
 *	the disk is unplugged while it is being read: the first file
 *	opened in its directory (after "list" has scanned /sys/block and
 *	opened the disk) makes the shim remove the /sys/block link and the
 *	device directory, as the kernel would, before the open goes on.
 *   DISKALIAS_FAULT_FSYNC=file|dir
 *	fsync(2) of a regular file, or of a directory, fails with EIO.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int vanished;

static int fd_path(int fd, char *buf, size_t bufsz)
{
	char link[64];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, buf, bufsz - 1);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

static int remove_one(const char *path, const struct stat *sb, int type,
		      struct FTW *ftw)
{
	(void)sb;
	(void)type;
	(void)ftw;
	return remove(path);
}

/* Unplug the disk when dirfd is its directory. */
static void maybe_vanish(int dirfd, const char *path)
{
	const char *victim = getenv("DISKALIAS_FAULT_VANISH");
	char target[PATH_MAX], dir[PATH_MAX];

	if (!victim || dirfd < 0 || path[0] == '/' ||
	    __atomic_load_n(&vanished, __ATOMIC_SEQ_CST))
		return;
	if (!realpath(victim, target) || fd_path(dirfd, dir, sizeof(dir)) ||
	    strcmp(target, dir) != 0)
		return;
	if (__atomic_exchange_n(&vanished, 1, __ATOMIC_SEQ_CST))
		return;
	unlink(victim);
	nftw(target, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static int do_openat(const char *sym, int dirfd, const char *path, int flags,
		     mode_t mode)
{
	int (*real)(int, const char *, int, ...) = dlsym(RTLD_NEXT, sym);

	maybe_vanish(dirfd, path);
	return real(dirfd, path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if (flags & (O_CREAT | O_TMPFILE)) {
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

	if (flags & (O_CREAT | O_TMPFILE)) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	return do_openat("openat64", dirfd, path, flags, mode);
}

int fsync(int fd)
{
	int (*real)(int) = dlsym(RTLD_NEXT, "fsync");
	const char *what = getenv("DISKALIAS_FAULT_FSYNC");
	struct stat sb;

	if (what && fstat(fd, &sb) == 0 &&
	    ((strcmp(what, "file") == 0 && S_ISREG(sb.st_mode)) ||
	     (strcmp(what, "dir") == 0 && S_ISDIR(sb.st_mode)))) {
		errno = EIO;
		return -1;
	}
	return real(fd);
}
