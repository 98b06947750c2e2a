// SPDX-License-Identifier: GPL-2.0-or-later
#include "sysroot.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "xalloc.h"

static char *prefix;
static int root_fd = -1;
static bool confined;		/* a --sysroot other than "/" */

/*
 * openat() that keeps a --sysroot's lookups inside it: openat2() resolves
 * every component and symlink, absolute ones included, as if the root
 * were "/" (RESOLVE_IN_ROOT), or refuses to leave dirfd
 * (RESOLVE_BENEATH, -EXDEV).  On the real root it is openat().
 */
static int open_confined(int dirfd, const char *path, int flags, mode_t mode,
			 bool in_root)
{
	struct open_how how = {
		.flags = (unsigned int)(flags | O_CLOEXEC),
		.mode = (flags & O_CREAT) ? mode : 0,
		.resolve = (in_root ? RESOLVE_IN_ROOT : RESOLVE_BENEATH) |
			   RESOLVE_NO_MAGICLINKS,
	};

	static bool no_openat2;
	int fd;

	if (!confined || no_openat2)
		return openat(dirfd, path, flags | O_CLOEXEC, mode);
	fd = (int)syscall(SYS_openat2, dirfd, path, &how, sizeof(how));
	/* a kernel before 5.6, or valgrind: confined as the tree allows */
	if (fd < 0 && errno == ENOSYS) {
		no_openat2 = true;
		return openat(dirfd, path, flags | O_CLOEXEC, mode);
	}
	return fd;
}

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
	confined = len > 0;
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
	return xasprintf("%s%s", sysroot_prefix(), abs_path);
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
	return open_confined(root_fd, relative(abs_path), flags, 0, true);
}

int sysroot_open_mode(const char *abs_path, int flags, mode_t mode)
{
	return open_confined(root_fd, relative(abs_path), flags, mode, true);
}

int sysroot_openat(int dirfd, const char *name, int flags)
{
	return open_confined(dirfd, name, flags, 0, dirfd == root_fd);
}

bool sysroot_exists(const char *abs_path)
{
	int fd = sysroot_open(abs_path, O_PATH);

	if (fd < 0)
		return false;
	close(fd);
	return true;
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
	return S_ISREG(sb.st_mode) ? 0 : -EBADFD;
}

const char *attr_strerror(int err)
{
	if (err == EBADFD)
		return "not a regular file";
	if (err == EXDEV)
		return "a link that leads out of the sysroot";
	return strerror(err);
}

/*
 * listed: the directory's listing said regular file (read_listed_attr()).
 * Otherwise the file's type is asked only when what the read gave could
 * be something other than a regular file's bytes: nothing, an error, or
 * more than fits.  A FIFO or a device opened O_NONBLOCK reads as one of
 * those; an fstat(2) a file is dear at 10k disks (list -J reads a
 * partition's size and a disk's udev record without a listing).
 */
static ssize_t read_bytes(int dirfd, const char *name, char *buf, size_t bufsz,
			  bool listed)
{
	ssize_t n, total = 0, ret;
	int fd, e;

	/* a FIFO or a device where an attribute should be must not block */
	fd = sysroot_openat(dirfd, name, O_RDONLY | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	for (;;) {
		size_t room = bufsz - total;

		n = read(fd, buf + total, room);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			break;
		}
		ret = total += n;
		if (n == 0)
			break;
		if ((size_t)total == bufsz) {
			ret = -EFBIG;
			break;
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
	if (!listed && ret <= 0 && ret != -EISDIR) {
		e = check_regular(fd);
		if (e < 0)
			ret = e;
	}
	close(fd);
	return ret;
}

ssize_t read_attr_bytes(int dirfd, const char *name, char *buf, size_t bufsz)
{
	return read_bytes(dirfd, name, buf, bufsz, false);
}

/* read_attr()'s string from the bytes read_bytes() returned */
static ssize_t attr_string(char *buf, ssize_t total)
{
	if (total < 0)
		return total;
	buf[total] = '\0';
	if (memchr(buf, '\0', total))
		return -EILSEQ;
	if (total > 0 && buf[total - 1] == '\n')
		buf[--total] = '\0';
	return total;
}

ssize_t read_attr(int dirfd, const char *name, char *buf, size_t bufsz)
{
	return attr_string(buf, read_bytes(dirfd, name, buf, bufsz, false));
}

ssize_t read_listed_attr(int dirfd, const char *name, char *buf, size_t bufsz)
{
	return attr_string(buf, read_bytes(dirfd, name, buf, bufsz, true));
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
