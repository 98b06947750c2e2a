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
 *   DISKALIAS_FAULT_READ=FILE
 *	read(2) fails as a real kernel's sysfs refuses some attributes (a
 *	USB stick's device/wwid gives ENXIO): FILE has one "PATH ERRNO" a
 *	line, ERRNO a name ("ENXIO"); links in PATH are resolved when FILE
 *	is first read, so a path through /sys/block/sdb/device names the
 *	file itself.  The unit tests replay so the failures that
 *	tests/data/capture-sysroot recorded in a real guest.
 *   DISKALIAS_FAULT_MMAP=1
 *	mapping a file fails with ENODEV, as on a file system that cannot
 *	map one: `log` reads a saved log with pread(2) instead.
 *   DISKALIAS_FAULT_READ_WAIT=1
 *	a read(2) that waits is not ended by a signal the program catches,
 *	as on a hard NFS mount or FUSE (the kernel wakes those waits for a
 *	signal that kills only): interrupted, it waits again.
 *   DISKALIAS_FAULT_CRASH=mid-write|before-rename
 *	the program dies (SIGKILL), as at a power cut, once half of what
 *	it writes to the config's temp file has landed, or just before it
 *	renames the temp file over the config.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <linux/openat2.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

static bool crash_at(const char *where)
{
	const char *v = getenv("DISKALIAS_FAULT_CRASH");

	return v && strcmp(v, where) == 0;
}

ssize_t write(int fd, const void *buf, size_t len)
{
	ssize_t (*real)(int, const void *, size_t) = dlsym(RTLD_NEXT, "write");
	char path[PATH_MAX];

	if ((fault_fs("ENOSPC") || crash_at("mid-write")) &&
	    fd_path(fd, path, sizeof(path)) == 0 && is_temp_name(path)) {
		if (crash_at("mid-write")) {
			real(fd, buf, len / 2);
			raise(SIGKILL);
		}
		/* some bytes land, then the disk is full */
		if (len > 16)
			return real(fd, buf, 16);
		errno = ENOSPC;
		return -1;
	}
	return real(fd, buf, len);
}

int renameat(int olddirfd, const char *old, int newdirfd, const char *new)
{
	int (*real)(int, const char *, int, const char *) =
		dlsym(RTLD_NEXT, "renameat");

	if (crash_at("before-rename") && is_temp_name(old))
		raise(SIGKILL);
	return real(olddirfd, old, newdirfd, new);
}

/* ---- DISKALIAS_FAULT_READ ---- */

struct read_fault {
	char path[PATH_MAX];
	int err;
};

static struct read_fault *read_faults;
static size_t nread_faults;
static pthread_once_t read_faults_once = PTHREAD_ONCE_INIT;

static int errno_by_name(const char *name)
{
	for (int e = 1; e < 4096; e++) {
		const char *n = strerrorname_np(e);

		if (n && strcmp(n, name) == 0)
			return e;
	}
	return 0;
}

static void load_read_faults(void)
{
	const char *file = getenv("DISKALIAS_FAULT_READ");
	char line[PATH_MAX + 64], *sp;
	size_t cap = 0;
	FILE *f;

	f = file ? fopen(file, "re") : NULL;
	if (!f) {
		if (file)
			perror(file);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		sp = strrchr(line, ' ');
		if (!sp)
			continue;
		*sp = '\0';
		if (nread_faults == cap) {
			cap = cap ? cap * 2 : 16;
			read_faults = realloc(read_faults, cap * sizeof(*read_faults));
			if (!read_faults)
				abort();
		}
		if (!realpath(line, read_faults[nread_faults].path))
			continue;	/* a file the tree does not have */
		read_faults[nread_faults].err = errno_by_name(sp + 1);
		if (!read_faults[nread_faults].err) {
			fprintf(stderr, "fault_shim: %s: unknown errno\n", sp + 1);
			abort();
		}
		nread_faults++;
	}
	fclose(f);
}

/* The errno a read of fd must fail with, or 0. */
static int read_fault(int fd)
{
	char path[PATH_MAX];
	int saved = errno;

	pthread_once(&read_faults_once, load_read_faults);
	if (!nread_faults || fd_path(fd, path, sizeof(path)))
		goto none;
	for (size_t i = 0; i < nread_faults; i++)
		if (strcmp(read_faults[i].path, path) == 0)
			return read_faults[i].err;
none:
	errno = saved;
	return 0;
}

ssize_t read(int fd, void *buf, size_t len)
{
	ssize_t (*real)(int, void *, size_t) = dlsym(RTLD_NEXT, "read");
	int err = getenv("DISKALIAS_FAULT_READ") ? read_fault(fd) : 0;

	ssize_t n;

	if (err) {
		errno = err;
		return -1;
	}
	do
		n = real(fd, buf, len);
	while (n < 0 && errno == EINTR && getenv("DISKALIAS_FAULT_READ_WAIT"));
	return n;
}

static void *do_mmap(const char *sym, void *addr, size_t len, int prot,
		     int flags, int fd, off_t off)
{
	void *(*real)(void *, size_t, int, int, int, off_t) = dlsym(RTLD_NEXT, sym);

	if (fd >= 0 && getenv("DISKALIAS_FAULT_MMAP")) {
		errno = ENODEV;
		return MAP_FAILED;
	}
	return real(addr, len, prot, flags, fd, off);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return do_mmap("mmap", addr, len, prot, flags, fd, off);
}

void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return do_mmap("mmap64", addr, len, prot, flags, fd, off);
}
