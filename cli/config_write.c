// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rewriting /etc/diskalias.conf: under a lock, atomically (a temp file
 * in the same directory, fsync, rename, fsync of the directory).
 */
#include "config_write.h"

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "sysroot.h"

int conf_lock(void)
{
	int fd;

	fd = sysroot_open_mode(CONF_LOCK_PATH, O_RDWR | O_CREAT | O_NOCTTY, 0644);
	if (fd < 0 && (errno == EROFS || errno == EACCES)) {
		/* a lock file made before /etc went read-only still locks */
		int e = errno;

		fd = sysroot_open(CONF_LOCK_PATH, O_RDONLY | O_NOCTTY);
		if (fd < 0)
			return -e;
	}
	if (fd < 0)
		return -errno;
	while (flock(fd, LOCK_EX) != 0) {
		if (errno != EINTR) {
			int e = -errno;

			close(fd);
			return e;
		}
	}
	return 0;	/* fd stays open: the lock lasts until exit */
}

/* Test hook: DISKALIAS_TEST_CRASH=before-rename dies as a power cut would. */
static void maybe_crash(const char *where)
{
	const char *hook = getenv("DISKALIAS_TEST_CRASH");

	if (hook && strcmp(hook, where) == 0)
		raise(SIGKILL);
}

static int write_all(int fd, const char *p, size_t len)
{
	size_t half = len / 2;

	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -EIO;
		p += n;
		len -= (size_t)n;
		if (half && len <= half) {
			half = 0;
			maybe_crash("mid-write");
		}
	}
	return 0;
}

#define TEMP_PREFIX ".diskalias.conf."

/* ".diskalias.conf.XXXXXX", a temp file's name (the lock's is not one) */
static bool is_temp_name(const char *name)
{
	const char *x = name + strlen(TEMP_PREFIX);

	if (strncmp(name, TEMP_PREFIX, strlen(TEMP_PREFIX)) != 0 || strlen(x) != 6)
		return false;
	for (; *x; x++)
		if (!((*x >= 'a' && *x <= 'z') || (*x >= 'A' && *x <= 'Z') ||
		      (*x >= '0' && *x <= '9')))
			return false;
	return true;
}

/*
 * Writers make their temp file under the lock, so one found while
 * holding it was left by a writer that died (power cut, kill -9).
 */
static void remove_stale_temp_files(int dfd)
{
	struct dirent *de;
	DIR *dir;
	int fd = dup(dfd);

	if (fd < 0)
		return;
	dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return;
	}
	while ((de = readdir(dir)))
		if (is_temp_name(de->d_name))
			unlinkat(dfd, de->d_name, 0);
	closedir(dir);
}

/*
 * Where the config's content lives: /etc/diskalias.conf, or the file it
 * links to (configuration management keeps it elsewhere), in path[] as an
 * absolute path below the sysroot.  Replacing the link with a file would
 * leave its target stale: the target is rewritten in its own directory.
 */
static int conf_real_path(char *path, size_t size)
{
	char target[PATH_MAX];
	struct stat sb;

	snprintf(path, size, "%s", CONF_PATH);
	for (int depth = 0;; depth++) {
		char *slash;
		ssize_t n;

		if (fstatat(sysroot_fd(), path + 1, &sb, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISLNK(sb.st_mode))
			return 0;	/* a file, or none yet: written here */
		if (depth == 8)
			return -ELOOP;
		n = readlinkat(sysroot_fd(), path + 1, target, sizeof(target) - 1);
		if (n < 0)
			return -errno;
		target[n] = '\0';
		if (target[0] == '/') {
			/* absolute: below the sysroot, as every path here */
			if ((size_t)n >= size)
				return -ENAMETOOLONG;
			memcpy(path, target, (size_t)n + 1);
		} else {
			slash = strrchr(path, '/');
			if ((size_t)(slash - path) + 1 + (size_t)n >= size)
				return -ENAMETOOLONG;
			memcpy(slash + 1, target, (size_t)n + 1);
		}
	}
}

int conf_write_atomic(const char *text, size_t len)
{
	char tmp[64], real[PATH_MAX], dir[PATH_MAX];
	const char *base, *name;
	struct stat sb;
	mode_t mode = 0644;
	int fd, dfd, r;

	r = conf_real_path(real, sizeof(real));
	if (r < 0)
		return r;
	base = strrchr(real, '/') + 1;
	snprintf(dir, sizeof(dir), "%.*s", (int)(base - real), real);
	if (!*base)
		return -EISDIR;
	dfd = sysroot_open(dir, O_RDONLY | O_DIRECTORY);
	if (dfd < 0)
		return -errno;
	if (fstatat(dfd, base, &sb, 0) == 0)
		mode = sb.st_mode & 07777;
	remove_stale_temp_files(dfd);

	/* mkostemp() wants a path: the directory's descriptor is one */
	snprintf(tmp, sizeof(tmp), "/proc/self/fd/%d/" TEMP_PREFIX "XXXXXX", dfd);
	fd = mkostemp(tmp, O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		r = -errno;
		close(dfd);
		return r;
	}
	name = strrchr(tmp, '/') + 1;
	r = write_all(fd, text, len);
	if (!r && fchmod(fd, mode) != 0)
		r = -errno;
	if (!r && fsync(fd) != 0)
		r = -errno;
	if (close(fd) != 0 && !r)
		r = -errno;
	if (!r) {
		maybe_crash("before-rename");
		if (renameat(dfd, name, dfd, base) != 0)
			r = -errno;
	}
	if (r) {
		unlinkat(dfd, name, 0);
		close(dfd);
		return r;
	}
	/*
	 * The rename should survive a power cut too, but it is done: failing
	 * now would tell the caller the old file is in place when it is not.
	 */
	if (fsync(dfd) != 0 && errno != EINVAL)
		warnx("%s: written, but flushing /etc failed (%s); it may revert to the old file after a power cut",
		      CONF_PATH, strerror(errno));
	close(dfd);
	return 0;
}

const char *conf_write_strerror(int e)
{
	switch (e) {
	case EROFS:
		return "/etc is on a read-only file system";
	case ENOSPC:
	case EDQUOT:
		return "no space left on the device holding /etc";
	case EACCES:
	case EPERM:
		return "permission denied; changing " CONF_PATH " needs root";
	default:
		return strerror(e);
	}
}
