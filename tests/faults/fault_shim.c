// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LD_PRELOAD shim for tests/faults and tests/unit/persist_test.py: the
 * kernel, the disks and the file system misbehave while diskalias runs.
 *
 *   DISKALIAS_FAULT_VANISH=ROOT/sys/block/sdb
 *	the disk is unplugged while it is being read: the first file
 *	opened in its directory (after "list" has scanned /sys/block and
 *	opened the disk) makes the shim remove the /sys/block link and the
 *	device directory, as the kernel would, before the open goes on.
 *   DISKALIAS_FAULT_FSYNC=file|dir
 *	fsync(2) of a regular file, or of a directory, fails with EIO.
 *   DISKALIAS_FAULT_FS=EROFS
 *	creating the config's temp file (.diskalias.conf.*) fails, as on a
 *	read-only /etc.
 *   DISKALIAS_FAULT_FS=ENOSPC
 *	writing to that temp file fails once some bytes have landed, as on
 *	a full /etc.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define TEMP_PREFIX ".diskalias.conf."

static int vanished;

static bool fault_fs(const char *what)
{
	const char *v = getenv("DISKALIAS_FAULT_FS");

	return v && strcmp(v, what) == 0;
}

/* The config's temp file, not its lock. */
static bool is_temp_name(const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	return strncmp(base, TEMP_PREFIX, strlen(TEMP_PREFIX)) == 0 &&
	       strcmp(base, ".diskalias.conf.lock") != 0;
}

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

	if ((flags & O_CREAT) && is_temp_name(path) && fault_fs("EROFS")) {
		errno = EROFS;
		return -1;
	}
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

/* the tool makes its temp file with mkostemp(), whose open(2) is glibc's own */
int mkostemp(char *template, int flags)
{
	int (*real)(char *, int) = dlsym(RTLD_NEXT, "mkostemp");

	if (is_temp_name(template) && fault_fs("EROFS")) {
		errno = EROFS;
		return -1;
	}
	return real(template, flags);
}

/* --sysroot opens through openat2(2), which glibc reaches by syscall(2) */
long syscall(long nr, ...)
{
	long (*real)(long, ...) = dlsym(RTLD_NEXT, "syscall");
	long a[6];
	va_list ap;

	va_start(ap, nr);
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	if (nr == SYS_openat2) {
		const struct open_how *how = (const struct open_how *)a[2];

		if ((how->flags & O_CREAT) && is_temp_name((const char *)a[1]) &&
		    fault_fs("EROFS")) {
			errno = EROFS;
			return -1;
		}
		maybe_vanish((int)a[0], (const char *)a[1]);
	}
	return real(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
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

ssize_t write(int fd, const void *buf, size_t len)
{
	ssize_t (*real)(int, const void *, size_t) = dlsym(RTLD_NEXT, "write");
	char path[PATH_MAX];

	if (fault_fs("ENOSPC") && fd_path(fd, path, sizeof(path)) == 0 &&
	    is_temp_name(path)) {
		/* some bytes land, then the disk is full */
		if (len > 16)
			return real(fd, buf, 16);
		errno = ENOSPC;
		return -1;
	}
	return real(fd, buf, len);
}
