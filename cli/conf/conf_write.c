// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rewriting /etc/diskalias.conf: under a lock, atomically (a temp file
 * in the same directory, fsync, rename, fsync of the directory).
 */
#include "conf_write.h"

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "conf.h"
#include "lib/sysroot.h"
#include "lib/write_all.h"
#include "lib/xalloc.h"

/* conf_lock() succeeded: stale temp files are ours to remove */
static bool locked;

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
	locked = true;
	return 0;	/* fd stays open: the lock lasts until exit */
}

/*
 * ".diskalias.conf.tmp-XXXXXX", reserved for the tool's temp files by
 * diskalias.conf(5): an admin's ".diskalias.conf.backup" is not one.
 */
#define TEMP_PREFIX ".diskalias.conf.tmp-"

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
 * holding it was left by a writer that died (power cut, kill -9);
 * without the lock it may be another writer's, being written.
 */
static void remove_stale_temp_files(int dfd)
{
	struct dirent *de;
	DIR *dir;
	int fd;

	if (!locked)
		return;
	fd = dup(dfd);
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

/* What a failed copy_metadata() could not keep, for conf_write_strerror() */
static char keep_failure[256];

/* The value of xattr "name" of fd, in *buf (grown); its length or -1. */
static ssize_t get_xattr(int fd, const char *name, char **buf, size_t *cap)
{
	for (;;) {
		/* size 0 asks for the length, not the value */
		ssize_t n = *cap ? fgetxattr(fd, name, *buf, *cap) : -1;

		if (n >= 0 || (*cap && errno != ERANGE))
			return n;
		n = fgetxattr(fd, name, NULL, 0);
		if (n < 0)
			return n;
		*cap = (size_t)n + 1;
		*buf = xreallocarray(*buf, *cap, 1);
	}
}

/* The old file's extended attributes (ACLs, security labels) onto fd. */
static int copy_xattrs(int old, int fd)
{
	char *names = NULL, *value = NULL;
	size_t cap = 0;
	ssize_t len, n;
	int r = 0;

	for (;;) {
		len = flistxattr(old, NULL, 0);
		if (len <= 0) {
			r = len < 0 && errno != ENOTSUP ? -errno : 0;
			break;
		}
		names = xreallocarray(names, (size_t)len, 1);
		len = flistxattr(old, names, (size_t)len);
		if (len >= 0 || errno != ERANGE)
			break;	/* else one was added meanwhile: again */
	}
	if (len < 0 && !r && errno != ENOTSUP)
		r = -errno;
	for (ssize_t i = 0; !r && len > 0 && i < len; i += (ssize_t)strlen(names + i) + 1) {
		n = get_xattr(old, names + i, &value, &cap);
		if (n < 0 || fsetxattr(fd, names + i, value, (size_t)n, 0) != 0) {
			r = -errno;
			snprintf(keep_failure, sizeof(keep_failure),
				 "cannot keep its extended attribute %s: %s",
				 names + i, strerror(errno));
		}
	}
	free(names);
	free(value);
	return r;
}

/*
 * Give the temp file fd what the old file base has beyond its text:
 * owner and group, mode (after fchown(), which clears set-id bits) and
 * extended attributes.  Returns 0 or -errno, told in keep_failure.
 */
static int copy_metadata(int dfd, const char *base, const struct stat *sb,
			 int fd)
{
	int old, r;

	if (fchown(fd, sb->st_uid, sb->st_gid) != 0) {
		r = -errno;
		snprintf(keep_failure, sizeof(keep_failure),
			 "cannot keep its owner and group (%u:%u): %s",
			 (unsigned int)sb->st_uid, (unsigned int)sb->st_gid,
			 strerror(-r));
		return r;
	}
	if (fchmod(fd, sb->st_mode & 07777) != 0)
		return -errno;
	old = openat(dfd, base, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	if (old < 0)
		return -errno;
	r = copy_xattrs(old, fd);
	close(old);
	if (r < 0 && !keep_failure[0])
		snprintf(keep_failure, sizeof(keep_failure),
			 "cannot read its extended attributes: %s", strerror(-r));
	return r;
}

int conf_write_atomic(const char *text, size_t len)
{
	char tmp[64], real[PATH_MAX], dir[PATH_MAX];
	const char *base, *name;
	struct stat sb;
	bool existed;
	int fd, dfd, r;

	keep_failure[0] = '\0';
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
	existed = fstatat(dfd, base, &sb, 0) == 0;
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
	if (!r && existed)
		r = copy_metadata(dfd, base, &sb, fd);
	else if (!r && fchmod(fd, 0644) != 0)
		r = -errno;
	if (!r && fsync(fd) != 0)
		r = -errno;
	if (close(fd) != 0 && !r)
		r = -errno;
	if (!r && renameat(dfd, name, dfd, base) != 0)
		r = -errno;
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
	if (keep_failure[0])
		return keep_failure;
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
